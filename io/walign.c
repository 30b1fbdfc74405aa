/* io/walign.c — word alignment model and Pharaoh/prob readers and writers;
 * see walign.h. */
#include "walign.h"
#include "../base/text.h"
#include "../base/file.h"
#include "../base/mem.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void xp_walign_free(xp_walign *a)
{
	free(a->start);
	free(a->links);
	memset(a, 0, sizeof *a);
}

int xp_walign_add(xp_walign *a, const xp_link *l, size_t n)
{
	if (xp_grow(&a->start, &a->cap_start, a->nsent + 2, sizeof *a->start) ||
	    xp_grow(&a->links, &a->cap_links, a->nlinks + n + 1, sizeof *a->links))
		return -1;
	if (a->nsent == 0)
		a->start[0] = 0;
	if (n)
		memcpy(a->links + a->nlinks, l, n * sizeof *l);
	a->nlinks += n;
	a->start[++a->nsent] = a->nlinks;
	return 0;
}

static int cmp_link(const void *x, const void *y)
{
	const xp_link *a = x, *b = y;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	if (a->j != b->j)
		return a->j < b->j ? -1 : 1;
	return (int)a->possible - (int)b->possible;
}

void xp_walign_normalize(xp_walign *a)
{
	if (!a->nsent)
		return;
	size_t w = 0;
	for (size_t s = 0; s < a->nsent; s++) {
		size_t b = a->start[s], e = a->start[s + 1];
		if (e > b)
			qsort(a->links + b, e - b, sizeof *a->links, cmp_link);
		a->start[s] = w;
		for (size_t k = b; k < e; k++) {
			const xp_link *l = &a->links[k];
			if (w > a->start[s] && a->links[w - 1].i == l->i && a->links[w - 1].j == l->j)
				continue; /* sorted sure-first: the kept copy is the sure one */
			a->links[w++] = *l;
		}
	}
	a->start[a->nsent] = w;
	a->nlinks = w;
}

/* "12-3" or "12p3" (1-based when one_based) */
static int parse_link(const char *s, size_t n, int one_based, xp_link *l)
{
	size_t k = 0;
	unsigned long long i = 0, j = 0;
	while (k < n && s[k] >= '0' && s[k] <= '9' && k < 10)
		i = i * 10 + (unsigned)(s[k++] - '0');
	if (k == 0 || k == n || (s[k] != '-' && s[k] != 'p'))
		return -1;
	l->possible = s[k++] == 'p';
	size_t d = k;
	while (k < n && s[k] >= '0' && s[k] <= '9' && k - d < 10)
		j = j * 10 + (unsigned)(s[k++] - '0');
	if (k == d || k != n)
		return -1;
	if (one_based && (i == 0 || j == 0))
		return -2;
	if (i > XP_WALIGN_MAX_INDEX + (unsigned)one_based || j > XP_WALIGN_MAX_INDEX + (unsigned)one_based)
		return -3;   /* never cut to 32 bits: 4294967296-0 is not 0-0 */
	l->i = (uint32_t)(i - (unsigned)one_based);
	l->j = (uint32_t)(j - (unsigned)one_based);
	l->prob = 1;
	return 0;
}

int xp_pharaoh_read(const char *name, const char *buf, size_t len, int one_based,
		    xp_walign *a, xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	xp_link *v = NULL;
	size_t nv = 0, cap = 0;
	int rc = 0;
	while (rc == 0 && xp_lines_next(&it, &s, &n)) {
		nv = 0;
		xp_str f;
		for (size_t k = 0; rc == 0 && xp_next_field(s, n, &k, &f);) {
			if (xp_grow(&v, &cap, nv + 1, sizeof *v)) {
				rc = xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
				break;
			}
			int r = parse_link(f.p, f.n, one_based, &v[nv]);
			if (r == -2)
				rc = xp_failc(err, XP_EINPUT, name, it.lineno, "link '%s' has index 0 in a 1-based file",
					     XP_QUOTED(f.p, f.n));
			else if (r == -3)
				rc = xp_failc(err, XP_EINPUT, name, it.lineno, "link '%s': an index beyond %u tokens",
					      XP_QUOTED(f.p, f.n), XP_WALIGN_MAX_INDEX);
			else if (r)
				rc = xp_failc(err, XP_EINPUT, name, it.lineno, "malformed link '%s' (want i-j or ipj)",
					     XP_QUOTED(f.p, f.n));
			else
				nv++;
		}
		if (rc == 0 && xp_walign_add(a, v, nv))
			rc = xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
	}
	free(v);
	return rc;
}

int xp_pharaoh_read_file(const char *path, int one_based, xp_walign *a, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc < 0)
		return rc;
	rc = xp_pharaoh_read(path, buf, len, one_based, a, err);
	free(buf);
	return rc;
}

/* Python's float(): decimal with optional exponent, inf, nan. */
static int parse_prob(const char *s, size_t n, float *out)
{
	char tmp[64];
	if (n == 0 || n >= sizeof tmp)
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	char *end;
	errno = 0;
	double v = strtod(tmp, &end);
	if (end != tmp + n || errno == ERANGE || isnan(v) || v < 0 || v > 1)
		return -1;
	*out = (float)v;
	return 0;
}

int xp_probs_read_file(const char *path, xp_walign *a, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc < 0)
		return rc;
	rc = xp_probs_read(path, buf, len, a, err);
	free(buf);
	return rc;
}

int xp_probs_read(const char *path, const char *buf, size_t len, xp_walign *a, xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	int rc = 0;
	size_t sent = 0;
	while (rc == 0 && xp_lines_next(&it, &s, &n)) {
		if (sent >= a->nsent) {
			rc = xp_failc(err, XP_EINPUT, path, it.lineno, "more lines than the alignment file (%zu)", a->nsent);
			break;
		}
		size_t want = xp_walign_len(a, sent), got = 0;
		xp_str f;
		for (size_t k = 0; rc == 0 && xp_next_field(s, n, &k, &f);) {
			float p;
			if (parse_prob(f.p, f.n, &p))
				rc = xp_failc(err, XP_EINPUT, path, it.lineno, "'%s' is not a probability", XP_QUOTED(f.p, f.n));
			else if (got < want)
				a->links[a->start[sent] + got].prob = p;
			got++;
		}
		if (rc == 0 && got != want)
			rc = xp_failc(err, XP_EINPUT, path, it.lineno, "%zu probabilities for %zu links", got, want);
		sent++;
	}
	if (rc == 0 && sent != a->nsent)
		rc = xp_failc(err, XP_EINPUT, path, it.lineno, "%zu lines, the alignment file has %zu", sent, a->nsent);
	if (rc == 0)
		a->has_probs = 1;
	return rc;
}

void xp_pharaoh_write(xp_buf *out, const xp_walign *a, int with_possible)
{
	for (size_t s = 0; s < a->nsent; s++) {
		int first = 1;
		for (size_t k = a->start[s]; k < a->start[s + 1]; k++) {
			const xp_link *l = &a->links[k];
			if (l->possible && !with_possible)
				continue;
			xp_buf_printf(out, "%s%u%c%u", first ? "" : " ", l->i, l->possible ? 'p' : '-', l->j);
			first = 0;
		}
		xp_buf_putc(out, '\n');
	}
}

void xp_probs_write(xp_buf *out, const xp_walign *a)
{
	for (size_t s = 0; s < a->nsent; s++) {
		int first = 1;
		for (size_t k = a->start[s]; k < a->start[s + 1]; k++) {
			if (a->links[k].possible)
				continue;
			xp_buf_printf(out, "%s%.6g", first ? "" : " ", a->links[k].prob);
			first = 0;
		}
		xp_buf_putc(out, '\n');
	}
}
