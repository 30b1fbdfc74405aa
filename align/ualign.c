/*
 * align/ualign.c — the banded bead DP; see ualign.h.
 *
 * Cell (i, j) holds the best value of aligning the first i utterances with
 * the first j blocks.  The beads ending at a cell share their work: growing
 * a 1-n bead one block at a time only looks up the new block's words in the
 * utterance, and n-1 beads likewise.
 */
#include "ualign.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPLIT 6   /* 1-n */
#define MAX_MERGE 4   /* n-1 */
#define MIN_SIM 0.25

enum { B_SKIP_U, B_SKIP_B, B_22, B_1N, B_N1 = B_1N + MAX_SPLIT };   /* + size - 1 */

void xp_ualign_defaults(xp_ualign_opts *o)
{
	o->band = 40;
	o->threshold = 0.35;
}

/* Incremental multiset intersection of one fixed bag with a growing sum of
 * others: sum[k] is how much of one->h[k] the others hold so far. */
typedef struct acc {
	const xp_bag *one;
	uint32_t *sum;
	uint32_t common, total;
} acc;

static void acc_reset(acc *a, const xp_bag *one, uint32_t *sum)
{
	a->one = one;
	a->sum = sum;
	a->common = a->total = 0;
	memset(sum, 0, one->n * sizeof *sum);
}

static void acc_add(acc *a, const xp_bag *g)
{
	const xp_bag *o = a->one;
	a->total += g->total;
	for (uint32_t k = 0, lo = 0; k < g->n; k++) {
		uint32_t h = g->h[k], hi = o->n;
		while (lo < hi) {   /* both ascending: the search window only shrinks */
			uint32_t mid = (lo + hi) / 2;
			if (o->h[mid] < h)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == o->n)
			break;
		if (o->h[lo] != h)
			continue;
		uint32_t before = a->sum[lo] < o->c[lo] ? a->sum[lo] : o->c[lo];
		a->sum[lo] += g->c[k];
		uint32_t after = a->sum[lo] < o->c[lo] ? a->sum[lo] : o->c[lo];
		a->common += after - before;
	}
}

static double dice(uint32_t common, uint32_t a, uint32_t b)
{
	return a + b ? 2.0 * common / (a + b) : 0;
}

/* value and similarity of a bead from its two accumulators */
static double value(const acc *t, const acc *c, double *sim)
{
	uint32_t nt = t->one->total + t->total;
	*sim = 0.5 * dice(t->common, t->one->total, t->total) +
	       0.5 * dice(c->common, c->one->total, c->total);
	if (!nt)
		return 0;
	return (*sim - MIN_SIM) * nt - 0.01;
}

typedef struct grid {
	size_t N, M;
	int W;
	int64_t *lo;      /* first block of row i's band */
	double *v;        /* (N+1) x (2W+1) */
	uint8_t *bead;
	float *sim;
} grid;

static inline int in_band(const grid *g, size_t i, int64_t j)
{
	return j >= g->lo[i] && j < g->lo[i] + 2 * g->W + 1 && j >= 0 && j <= (int64_t)g->M;
}

static inline size_t at(const grid *g, size_t i, int64_t j)
{
	return i * (size_t)(2 * g->W + 1) + (size_t)(j - g->lo[i]);
}

static void consider(grid *g, size_t i, int64_t j, size_t pi, int64_t pj, double val, double sim,
		     int bead, double *best, int *bb, float *bsim)
{
	if (!in_band(g, pi, pj))
		return;
	double v = g->v[at(g, pi, pj)];
	if (v == -DBL_MAX)
		return;
	if (v + val > *best) {
		*best = v + val;
		*bb = bead;
		*bsim = (float)sim;
	}
	(void)i, (void)j;
}

typedef struct scratch {
	uint32_t *s1, *s2, *s3, *s4;
} scratch;

static void cell(grid *g, const xp_unit *U, const xp_unit *B, size_t i, int64_t j, scratch *x)
{
	double best = -DBL_MAX, sim;
	int bb = -1;
	float bs = 0;
	if (i == 0 && j == 0)
		best = 0, bb = B_SKIP_B;
	if (i > 0)
		consider(g, i, j, i - 1, j, 0, 0, B_SKIP_U, &best, &bb, &bs);
	if (j > 0)
		consider(g, i, j, i, j - 1, 0, 0, B_SKIP_B, &best, &bb, &bs);
	if (i > 0 && j > 0) {
		/* 1-n: utterance i-1 against blocks j-n .. j-1 */
		acc t, c;
		acc_reset(&t, &U[i - 1].tok, x->s1);
		acc_reset(&c, &U[i - 1].chr, x->s2);
		for (int n = 1; n <= MAX_SPLIT && (int64_t)n <= j; n++) {
			acc_add(&t, &B[j - n].tok);
			acc_add(&c, &B[j - n].chr);
			double val = value(&t, &c, &sim);
			consider(g, i, j, i - 1, j - n, val, sim, B_1N + n - 1, &best, &bb, &bs);
		}
		/* n-1: utterances i-n .. i-1 against block j-1 */
		acc_reset(&t, &B[j - 1].tok, x->s3);
		acc_reset(&c, &B[j - 1].chr, x->s4);
		acc_add(&t, &U[i - 1].tok);
		acc_add(&c, &U[i - 1].chr);
		for (int n = 2; n <= MAX_MERGE && (size_t)n <= i; n++) {
			acc_add(&t, &U[i - n].tok);
			acc_add(&c, &U[i - n].chr);
			double val = value(&t, &c, &sim);
			consider(g, i, j, i - n, j - 1, val, sim, B_N1 + n - 1, &best, &bb, &bs);
		}
		/* 2-2: two utterances, two blocks (each utterance against both blocks) */
		if (i >= 2 && j >= 2) {
			acc t1, c1, t2, c2;
			acc_reset(&t1, &U[i - 1].tok, x->s1), acc_reset(&c1, &U[i - 1].chr, x->s2);
			acc_reset(&t2, &U[i - 2].tok, x->s3), acc_reset(&c2, &U[i - 2].chr, x->s4);
			for (int k = 1; k <= 2; k++) {
				acc_add(&t1, &B[j - k].tok), acc_add(&c1, &B[j - k].chr);
				acc_add(&t2, &B[j - k].tok), acc_add(&c2, &B[j - k].chr);
			}
			/* the pair's words against the pair of blocks, each word once */
			uint32_t ct = t1.common + t2.common, cc = c1.common + c2.common;
			uint32_t bt = t1.total, bc = c1.total;
			uint32_t ut = U[i - 1].tok.total + U[i - 2].tok.total;
			uint32_t uc = U[i - 1].chr.total + U[i - 2].chr.total;
			ct = ct > bt ? bt : ct, cc = cc > bc ? bc : cc;
			sim = 0.5 * dice(ct, ut, bt) + 0.5 * dice(cc, uc, bc);
			double val = ut + bt ? (sim - MIN_SIM) * (ut + bt) - 0.03 : 0;
			consider(g, i, j, i - 2, j - 2, val, sim, B_22, &best, &bb, &bs);
		}
	}
	size_t k = at(g, i, j);
	g->v[k] = best;
	g->bead[k] = (uint8_t)(bb < 0 ? 255 : bb);
	g->sim[k] = bs;
}

static void backtrack(const grid *g, const xp_ualign_opts *o, xp_ulink *out)
{
	for (size_t i = 0; i < g->N; i++)
		out[i] = (xp_ulink){-1, 0, 0, 0};
	size_t i = g->N;
	int64_t j = (int64_t)g->M;
	while (i > 0 || j > 0) {
		size_t k = at(g, i, j);
		int b = g->bead[k];
		float s = g->sim[k];
		int du = 0, db = 0;
		if (b == B_SKIP_U)
			du = 1;
		else if (b == B_SKIP_B)
			db = 1;
		else if (b == B_22)
			du = 2, db = 2;
		else if (b >= B_N1)
			du = b - B_N1 + 1, db = 1;
		else
			du = 1, db = b - B_1N + 1;
		if (du && db && s >= o->threshold)
			for (int u = 1; u <= du; u++)
				out[i - u] = (xp_ulink){(int32_t)(j - db), (uint16_t)db, (uint16_t)du, s};
		i -= (size_t)du;
		j -= db;
	}
}

int xp_ualign(const xp_unit *U, size_t N, const xp_unit *B, size_t M, const xp_ualign_opts *o,
	      xp_ulink *out)
{
	grid g = {.N = N, .M = M, .W = o->band > 0 ? o->band : 40};
	size_t width = (size_t)(2 * g.W + 1), cells = (N + 1) * width;
	g.lo = malloc((N + 1) * sizeof *g.lo);
	g.v = malloc(cells * sizeof *g.v);
	g.bead = malloc(cells);
	g.sim = malloc(cells * sizeof *g.sim);
	uint32_t maxbag = 1;
	for (size_t i = 0; i < N; i++)
		maxbag = U[i].chr.n > maxbag ? U[i].chr.n : maxbag, maxbag = U[i].tok.n > maxbag ? U[i].tok.n : maxbag;
	for (size_t j = 0; j < M; j++)
		maxbag = B[j].chr.n > maxbag ? B[j].chr.n : maxbag, maxbag = B[j].tok.n > maxbag ? B[j].tok.n : maxbag;
	scratch x = {malloc(maxbag * 4), malloc(maxbag * 4), malloc(maxbag * 4), malloc(maxbag * 4)};
	int rc = -1;
	if (!g.lo || !g.v || !g.bead || !g.sim || !x.s1 || !x.s2 || !x.s3 || !x.s4)
		goto out;
	/* the band follows the diagonal that cumulative word counts predict */
	double tu = 0, tb = 0;
	for (size_t i = 0; i < N; i++)
		tu += U[i].tok.total + 1;
	for (size_t j = 0; j < M; j++)
		tb += B[j].tok.total + 1;
	double cum = 0;
	for (size_t i = 0; i <= N; i++) {
		double c = tu > 0 ? M * cum / tu : 0;
		g.lo[i] = (int64_t)llround(c) - g.W;
		if (i < N)
			cum += U[i].tok.total + 1;
	}
	g.lo[N] = (int64_t)M - g.W;   /* the last row ends at the last block */
	for (size_t k = 0; k < cells; k++)
		g.v[k] = -DBL_MAX;
	for (size_t i = 0; i <= N; i++)
		for (int64_t j = g.lo[i] < 0 ? 0 : g.lo[i]; j < g.lo[i] + (int64_t)width && j <= (int64_t)M; j++)
			cell(&g, U, B, i, j, &x);
	if (g.v[at(&g, N, (int64_t)M)] == -DBL_MAX)
		goto out;
	backtrack(&g, o, out);
	rc = 0;
out:
	free(g.lo), free(g.v), free(g.bead), free(g.sim);
	free(x.s1), free(x.s2), free(x.s3), free(x.s4);
	(void)tb;
	return rc;
}
