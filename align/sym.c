/*
 * align/sym.c — symmetrisation on a sparse grid per sentence pair (the
 * cells either direction links): cost n log n in the links, whatever the
 * indices; see sym.h.
 */
#include "sym.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"intersect", "union", "grow-diag", "grow-diag-final",
				    "grow-diag-final-and"};

int xp_sym_named(const char *name)
{
	for (int i = 0; i < 5; i++)
		if (!strcmp(name, names[i]))
			return i;
	if (!strcmp(name, "gdfa"))
		return XP_SYM_GDFA;
	return -1;
}

const char *xp_sym_name(xp_sym s) { return names[s]; }

/* A sentence pair's links as a sparse grid: one cell per (i, j) that either
 * direction links, sorted by (i, j).  The rules only ever choose a linked
 * cell, and visit cells in (i, j) order, so walking these cells in order is
 * the dense I x J walk without its cost: indices come from files, and one
 * line "0-0 99999-99999" made a dense grid of 10^10 cells. */
typedef struct cell {
	uint32_t i, j;
	uint32_t ri, rj;         /* i's and j's rank among the sentence's distinct ones */
	float pf, pr;            /* each direction's probability, 0 if it lacks the link */
	uint8_t bits;            /* 1 forward, 2 reverse, 4 chosen */
} cell;

typedef struct grid {
	cell *c;
	size_t n;
	uint8_t *ialn, *jaln;    /* by rank: source / target word already aligned */
} grid;

/* a directional link before the merge; seq keeps the file's order so that a
 * link given twice takes its last probability, as it always did */
typedef struct raw {
	uint32_t i, j;
	size_t seq;
	float prob;
	uint8_t bit;
} raw;

static int cmp_raw(const void *x, const void *y)
{
	const raw *a = x, *b = y;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	if (a->j != b->j)
		return a->j < b->j ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return a < b ? -1 : a > b;
}

static long find(const grid *g, uint32_t i, uint32_t j)
{
	size_t lo = 0, hi = g->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const cell *c = &g->c[mid];
		if (c->i < i || (c->i == i && c->j < j))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->n && g->c[lo].i == i && g->c[lo].j == j ? (long)lo : -1;
}

static void choose(grid *g, cell *c)
{
	c->bits |= 4;
	g->ialn[c->ri] = g->jaln[c->rj] = 1;
}

static void grow_diag(grid *g)
{
	static const int d[8][2] = {{-1, 0}, {0, -1}, {1, 0}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
	for (int added = 1; added;) {
		added = 0;
		for (size_t k = 0; k < g->n; k++) {
			if (!(g->c[k].bits & 4))
				continue;
			for (int q = 0; q < 8; q++) {
				int64_t ni = (int64_t)g->c[k].i + d[q][0], nj = (int64_t)g->c[k].j + d[q][1];
				if (ni < 0 || nj < 0 || ni > UINT32_MAX || nj > UINT32_MAX)
					continue;
				long m = find(g, (uint32_t)ni, (uint32_t)nj);
				if (m < 0)
					continue;
				cell *c = &g->c[m];
				if (!(c->bits & 4) && (!g->ialn[c->ri] || !g->jaln[c->rj])) {
					choose(g, c);
					added = 1;
				}
			}
		}
	}
}

/* FINAL / FINAL-AND over one direction's links (bit) */
static void final(grid *g, uint8_t bit, int and)
{
	for (size_t k = 0; k < g->n; k++) {
		cell *c = &g->c[k];
		if (!(c->bits & bit) || (c->bits & 4))
			continue;
		int ok = and ? (!g->ialn[c->ri] && !g->jaln[c->rj]) : (!g->ialn[c->ri] || !g->jaln[c->rj]);
		if (ok)
			choose(g, c);
	}
}

static size_t collect(const xp_link *a, size_t na, uint8_t bit, raw *v, size_t n)
{
	for (size_t k = 0; k < na; k++) {
		const xp_link *l = &a[k];
		if (!l->possible) {
			v[n] = (raw){l->i, l->j, n, l->prob, bit};
			n++;
		}
	}
	return n;
}

/* the cells of sentence s, merged and ranked; a one-way cell below one_way
 * is left out (sym.h) */
static int build(grid *g, const xp_link *f, size_t nf, const xp_link *r, size_t nr, double one_way)
{
	size_t max = nf + nr;
	raw *v = malloc((max + 1) * sizeof *v);
	uint32_t *js = malloc((max + 1) * sizeof *js);
	g->c = malloc((max + 1) * sizeof *g->c);
	g->ialn = calloc(max + 1, 1);
	g->jaln = calloc(max + 1, 1);
	int rc = -1;
	if (!v || !js || !g->c || !g->ialn || !g->jaln)
		goto out;
	size_t n = collect(r, nr, 2, v, collect(f, nf, 1, v, 0));
	if (n)
		qsort(v, n, sizeof *v, cmp_raw);
	g->n = 0;
	for (size_t k = 0; k < n; k++) {
		if (!g->n || g->c[g->n - 1].i != v[k].i || g->c[g->n - 1].j != v[k].j)
			g->c[g->n++] = (cell){v[k].i, v[k].j, 0, 0, 0, 0, 0};
		cell *c = &g->c[g->n - 1];
		c->bits |= v[k].bit;
		*(v[k].bit == 1 ? &c->pf : &c->pr) = v[k].prob;
	}
	size_t kept = 0;
	for (size_t k = 0; k < g->n; k++)
		if (g->c[k].bits == 3 || (g->c[k].bits == 1 ? g->c[k].pf : g->c[k].pr) >= one_way)
			g->c[kept++] = g->c[k];
	g->n = kept;
	/* ranks: cells are in i order; j's rank by searching the sorted j's */
	size_t nj = 0;
	for (size_t k = 0; k < g->n; k++) {
		g->c[k].ri = k && g->c[k - 1].i == g->c[k].i ? g->c[k - 1].ri : k ? g->c[k - 1].ri + 1 : 0;
		js[nj++] = g->c[k].j;
	}
	if (nj)
		qsort(js, nj, sizeof *js, cmp_u32);
	for (size_t k = 0; k < g->n; k++)
		g->c[k].rj = (uint32_t)((uint32_t *)bsearch(&g->c[k].j, js, nj, sizeof *js, cmp_u32) - js);
	rc = 0;
out:
	free(v);
	free(js);
	return rc;
}

int xp_symmetrize_pair(const xp_link *f, size_t nf, const xp_link *r, size_t nr, xp_sym how,
		       double one_way, xp_walign *out)
{
	grid g = {0};
	xp_link *v = NULL;
	int rc = build(&g, f, nf, r, nr, one_way);
	if (rc == 0 && !(v = malloc((g.n + 1) * sizeof *v)))
		rc = -1;
	if (rc)
		goto out;
	for (size_t k = 0; k < g.n; k++) {
		uint8_t b = g.c[k].bits & 3;
		if (how == XP_SYM_UNION ? b != 0 : b == 3)
			choose(&g, &g.c[k]);
	}
	if (how >= XP_SYM_GROW_DIAG)
		grow_diag(&g);
	if (how == XP_SYM_GDF || how == XP_SYM_GDFA) {
		final(&g, 1, how == XP_SYM_GDFA);
		final(&g, 2, how == XP_SYM_GDFA);
	}
	size_t n = 0;
	for (size_t k = 0; k < g.n; k++)
		if (g.c[k].bits & 4)
			v[n++] = (xp_link){g.c[k].i, g.c[k].j, (g.c[k].pf + g.c[k].pr) / 2, 0};
	rc = xp_walign_add(out, v, n);
out:
	free(g.c);
	free(g.ialn);
	free(g.jaln);
	free(v);
	return rc;
}

int xp_symmetrize(const xp_walign *fwd, const xp_walign *rev, xp_sym how, xp_walign *out,
		  xp_err *err)
{
	if (fwd->nsent != rev->nsent)
		return xp_fail(err, "", 0, "the two alignments have %zu and %zu lines", fwd->nsent,
			       rev->nsent);
	for (size_t s = 0; s < fwd->nsent; s++)
		if (xp_symmetrize_pair(fwd->links + fwd->start[s], xp_walign_len(fwd, s),
				       rev->links + rev->start[s], xp_walign_len(rev, s), how, 0, out))
			return xp_fail(err, "", 0, "out of memory");
	out->has_probs = fwd->has_probs || rev->has_probs;
	return 0;
}
