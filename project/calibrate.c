/*
 * project/calibrate.c — fitting and measuring the confidence model; see
 * calibrate.h.
 *
 * The fit is plain L2-penalised logistic regression by Newton's method: 27
 * features and a few thousand examples make a 28 x 28 system per step, so
 * there is nothing to gain from anything cleverer, and Newton converges in a
 * handful of steps to the unique optimum (the penalty makes the problem
 * strictly convex), which keeps a refit reproducible to the last digit the
 * JSON writer prints.
 */
#include "calibrate.h"
#include "feat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* at most this many parameters: the weights (xp_nfeat() of them), then the bias */
enum { NPMAX = XP_CONF_MAXFEAT + 1 };

/* Solve A x = b (A symmetric positive definite, n x n) by Cholesky, in place. */
static int cholesky_solve(double *A, double *b, int n)
{
	for (int j = 0; j < n; j++) {
		double d = A[j * n + j];
		for (int k = 0; k < j; k++)
			d -= A[j * n + k] * A[j * n + k];
		if (!(d > 0))
			return -1;
		d = sqrt(d);
		A[j * n + j] = d;
		for (int i = j + 1; i < n; i++) {
			double s = A[i * n + j];
			for (int k = 0; k < j; k++)
				s -= A[i * n + k] * A[j * n + k];
			A[i * n + j] = s / d;
		}
	}
	for (int i = 0; i < n; i++) {   /* L y = b */
		double s = b[i];
		for (int k = 0; k < i; k++)
			s -= A[i * n + k] * b[k];
		b[i] = s / A[i * n + i];
	}
	for (int i = n - 1; i >= 0; i--) {   /* L^T x = y */
		double s = b[i];
		for (int k = i + 1; k < n; k++)
			s -= A[k * n + i] * b[k];
		b[i] = s / A[i * n + i];
	}
	return 0;
}

int xp_logit_fit(const xp_example *ex, size_t n, double l2, xp_logit *out, xp_err *err)
{
	memset(out, 0, sizeof *out);
	const int nf = xp_nfeat(), np = nf + 1;
	double wsum = 0, pos = 0;
	for (size_t i = 0; i < n; i++) {
		wsum += ex[i].w, pos += ex[i].y ? ex[i].w : 0;
		for (int f = 0; f < nf; f++)
			out->mean[f] += ex[i].w * ex[i].x[f];
	}
	if (!(wsum > 0) || pos <= 0 || pos >= wsum)
		return xp_failc(err, XP_EINPUT, "", 0, "nothing to fit: %zu examples, %.0f of one class, %.0f of the other",
				n, pos, wsum - pos);
	for (int f = 0; f < nf; f++)
		out->mean[f] /= wsum;
	/* start from the base rate: the bias alone */
	double beta[NPMAX] = {0};
	beta[nf] = log(pos / (wsum - pos));
	double *H = malloc((size_t)np * (size_t)np * sizeof *H), g[NPMAX];
	if (!H)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	int rc = 0;
	for (int it = 0; it < 100; it++) {
		memset(H, 0, (size_t)np * (size_t)np * sizeof *H);
		memset(g, 0, sizeof g);
		for (size_t i = 0; i < n; i++) {
			double z = beta[nf], xi[NPMAX];
			for (int f = 0; f < nf; f++)
				xi[f] = ex[i].x[f], z += beta[f] * xi[f];
			xi[nf] = 1;
			double p = 1 / (1 + exp(-z)), r = ex[i].w * ((ex[i].y ? 1 : 0) - p), v = ex[i].w * p * (1 - p);
			for (int a = 0; a < np; a++) {
				g[a] += r * xi[a];
				for (int b = 0; b <= a; b++)
					H[a * np + b] += v * xi[a] * xi[b];
			}
		}
		/* the penalty, on the weights only; relative to the data's weight so
		 * that l2 means the same for any number of examples */
		for (int a = 0; a < nf; a++) {
			g[a] -= l2 * wsum * beta[a];
			H[a * np + a] += l2 * wsum;
		}
		/* a feature that never varies (a Farsi rule on Chinese data) has
		 * no curvature: a whisker of ridge keeps the system solvable and
		 * its weight at 0 */
		for (int a = 0; a < np; a++)
			H[a * np + a] += 1e-9 * wsum;
		for (int a = 0; a < np; a++)
			for (int b = a + 1; b < np; b++)
				H[a * np + b] = H[b * np + a];
		if (cholesky_solve(H, g, np)) {
			rc = xp_failc(err, XP_EINPUT, "", 0, "the fit does not converge (singular system)");
			break;
		}
		double step = 0;
		for (int a = 0; a < np; a++)
			beta[a] += g[a], step = fmax(step, fabs(g[a]));
		if (step < 1e-10)
			break;
	}
	free(H);
	if (rc)
		return rc;
	for (int f = 0; f < nf; f++)
		out->w[f] = beta[f];
	out->bias = beta[nf];
	return 0;
}

/* --- positive-unlabelled classes ---------------------------------------------------------- */

double xp_pu_label_freq(const xp_logit *g, const xp_example *ex, size_t n, const uint8_t *cls, int k)
{
	double sum = 0, w = 0;
	for (size_t i = 0; i < n; i++)
		if (cls[i] == k && ex[i].y)
			sum += ex[i].w * xp_logit_prob(g, ex[i].x), w += ex[i].w;
	return w > 0 ? sum / w : 0;
}

int xp_logit_fit_pu(const xp_example *ex, size_t n, const uint8_t *cls, const double *c, double l2, xp_logit *out,
		    xp_err *err)
{
	/* every example, then a right copy of each unlabelled one: copy j of
	 * example un[j] */
	size_t nu = 0;
	for (size_t i = 0; i < n; i++)
		nu += cls[i] && !ex[i].y && c[cls[i]] > 0;
	xp_example *v = malloc((n + nu + 1) * sizeof *v);
	size_t *un = malloc((nu + 1) * sizeof *un);
	double *q = malloc((nu + 1) * sizeof *q);
	if (!v || !un || !q) {
		free(v), free(un), free(q);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	memcpy(v, ex, n * sizeof *v);
	for (size_t i = 0, j = 0; i < n; i++)
		if (cls[i] && !ex[i].y && c[cls[i]] > 0)
			un[j] = i, q[j] = 0, v[n + j] = (xp_example){ex[i].x, 1, 0}, j++;
	/* start from the labels as they are (q = 0) */
	int rc = xp_logit_fit(v, n, l2, out, err);
	for (int round = 0; rc == 0 && nu && round < 200; round++) {
		double moved = 0;
		for (size_t j = 0; j < nu; j++) {
			double p = xp_logit_prob(out, ex[un[j]].x), cj = c[cls[un[j]]];
			double nq = cj >= 1 ? 0 : p * (1 - cj) / (p * (1 - cj) + 1 - p);
			moved = fmax(moved, fabs(nq - q[j]));
			q[j] = nq;
			v[n + j].w = ex[un[j]].w * nq;
			v[un[j]].w = ex[un[j]].w * (1 - nq);
		}
		if (moved < 1e-6)
			break;
		rc = xp_logit_fit(v, n + nu, l2, out, err);
	}
	free(v), free(un), free(q);
	return rc;
}

/* --- reliability --------------------------------------------------------------------------- */

void xp_reliab_add(xp_reliab *r, double p, int y)
{
	int b = (int)(p * 10);
	b = b < 0 ? 0 : b > 9 ? 9 : b;
	r->n[b]++;
	r->pred[b] += p;
	r->obs[b] += y ? 1 : 0;
	r->total++;
	r->brier += (p - (y ? 1 : 0)) * (p - (y ? 1 : 0));
}

void xp_reliab_finish(xp_reliab *r)
{
	r->ece = 0;
	for (int b = 0; b < 10; b++) {
		if (!r->n[b])
			continue;
		r->pred[b] /= (double)r->n[b];
		r->obs[b] /= (double)r->n[b];
		r->ece += (double)r->n[b] * fabs(r->pred[b] - r->obs[b]);
	}
	if (r->total) {
		r->ece /= (double)r->total;
		r->brier /= (double)r->total;
	}
}

double xp_reliab_worst(const xp_reliab *r, size_t min_items)
{
	double w = -1;
	for (int b = 0; b < 10; b++)
		if (r->n[b] >= min_items && r->n[b])
			w = fmax(w, fabs(r->pred[b] - r->obs[b]));
	return w;
}

static int by_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

int xp_reliab_chance(const double *p, size_t n, size_t min_items, unsigned draws, double q[2])
{
	double *w = malloc((draws + 1) * sizeof *w);
	if (!w)
		return XP_ENOMEM;
	uint64_t s = 0x9e3779b97f4a7c15u;   /* splitmix64, fixed seed */
	for (unsigned d = 0; d < draws; d++) {
		xp_reliab r = {0};
		for (size_t i = 0; i < n; i++) {
			uint64_t z = (s += 0x9e3779b97f4a7c15u);
			z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
			z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
			z ^= z >> 31;
			xp_reliab_add(&r, p[i], (double)(z >> 11) * 0x1.0p-53 < p[i]);
		}
		xp_reliab_finish(&r);
		w[d] = xp_reliab_worst(&r, min_items);
	}
	qsort(w, draws, sizeof *w, by_double);
	q[0] = draws ? w[draws / 2] : -1;
	q[1] = draws ? w[(size_t)(draws * 0.9)] : -1;
	free(w);
	return 0;
}

/* --- rankings -------------------------------------------------------------------------------- */

void xp_rank_stats_of(const uint8_t *positive, size_t n, xp_rank_stats *s)
{
	memset(s, 0, sizeof *s);
	s->items = n;
	for (size_t i = 0; i < n; i++)
		s->positives += positive[i] != 0;
	if (!s->positives)
		return;
	static const double at[3] = {0.10, 0.25, 0.50};
	size_t found = 0;
	double ap = 0;
	for (size_t i = 0; i < n; i++) {
		if (positive[i]) {
			found++;
			ap += (double)found / (double)(i + 1);   /* precision at each positive */
		}
		for (int k = 0; k < 3; k++)   /* the first ceil(at * n) items */
			if (i + 1 == (size_t)ceil(at[k] * (double)n - 1e-9))
				s->top[k] = (double)found / (double)s->positives;
	}
	s->ap = ap / (double)s->positives;
}

/* --- the plot -------------------------------------------------------------------------------- */

static void esc(xp_buf *out, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '<': xp_buf_puts(out, "&lt;"); break;
		case '>': xp_buf_puts(out, "&gt;"); break;
		case '&': xp_buf_puts(out, "&amp;"); break;
		case '"': xp_buf_puts(out, "&quot;"); break;
		case '\'': xp_buf_puts(out, "&#39;"); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\t')
				xp_buf_putc(out, *s);
		}
}

void xp_reliab_svg(const char *title, const xp_plot_series *s, size_t ns, xp_buf *out)
{
	static const char *const colour[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
	const int W = 480, H = 480, L = 60, T = 40, S = 380;   /* plot square S x S at (L, T) */
	xp_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H + 20 * (int)ns, W,
		      H + 20 * (int)ns);
	xp_buf_printf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"%d\" y=\"24\" "
		      "font-size=\"14\">", L);
	esc(out, title);
	xp_buf_puts(out, "</text>\n");
	xp_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n", L, T, S, S);
	for (int k = 0; k <= 10; k++) {
		double v = k / 10.0;
		int x = L + (int)lround(v * S), y = T + S - (int)lround(v * S);
		xp_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#eee\"/>\n", x, T, x, T + S);
		xp_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#eee\"/>\n", L, y, L + S, y);
		if (k % 2 == 0) {
			xp_buf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%.1f</text>\n", x, T + S + 16, v);
			xp_buf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f</text>\n", L - 6, y + 4, v);
		}
	}
	xp_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n", L,
		      T + S, L + S, T);
	xp_buf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">predicted probability of being right</text>\n",
		      L + S / 2, T + S + 34);
	xp_buf_printf(out, "<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">observed share right"
		      "</text>\n", T + S / 2);
	for (size_t i = 0; i < ns; i++) {
		const xp_reliab *r = s[i].r;
		const char *c = colour[i % (sizeof colour / sizeof *colour)];
		xp_buf_printf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", c);
		for (int b = 0; b < 10; b++)
			if (r->n[b])
				xp_buf_printf(out, "%.1f,%.1f ", L + r->pred[b] * S, T + S - r->obs[b] * S);
		xp_buf_puts(out, "\"/>\n");
		for (int b = 0; b < 10; b++) {
			if (!r->n[b])
				continue;
			double rad = 2 + 2 * sqrt((double)r->n[b]) / 4;
			xp_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" fill-opacity=\"0.6\">"
				      "<title>predicted %.3f, observed %.3f, %zu items</title></circle>\n",
				      L + r->pred[b] * S, T + S - r->obs[b] * S, rad > 14 ? 14 : rad, c, r->pred[b], r->obs[b],
				      r->n[b]);
		}
		int y = H + 20 * (int)i;
		xp_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">",
			      L, y - 10, c, L + 18, y);
		esc(out, s[i].name);
		xp_buf_printf(out, " (%zu items, ECE %.3f)</text>\n", r->total, r->ece);
	}
	xp_buf_puts(out, "</svg>\n");
}
