/*
 * align/sym.c — symmetrisation on one dense I x J grid per sentence pair;
 * see sym.h.  Cell bits: 1 forward, 2 reverse, 4 chosen.
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

typedef struct grid {
	uint8_t *c;
	float *pf, *pr;
	uint32_t I, J;
	uint8_t *ialn, *jaln;    /* source / target word already aligned */
} grid;

static void choose(grid *g, uint32_t i, uint32_t j)
{
	g->c[i * g->J + j] |= 4;
	g->ialn[i] = g->jaln[j] = 1;
}

static void grow_diag(grid *g)
{
	static const int d[8][2] = {{-1, 0}, {0, -1}, {1, 0}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
	for (int added = 1; added;) {
		added = 0;
		for (uint32_t i = 0; i < g->I; i++)
			for (uint32_t j = 0; j < g->J; j++) {
				if (!(g->c[i * g->J + j] & 4))
					continue;
				for (int k = 0; k < 8; k++) {
					long ni = (long)i + d[k][0], nj = (long)j + d[k][1];
					if (ni < 0 || nj < 0 || ni >= g->I || nj >= g->J)
						continue;
					uint8_t c = g->c[ni * g->J + nj];
					if ((c & 3) && !(c & 4) && (!g->ialn[ni] || !g->jaln[nj])) {
						choose(g, (uint32_t)ni, (uint32_t)nj);
						added = 1;
					}
				}
			}
	}
}

/* FINAL / FINAL-AND over one direction's links (bit) */
static void final(grid *g, uint8_t bit, int and)
{
	for (uint32_t i = 0; i < g->I; i++)
		for (uint32_t j = 0; j < g->J; j++) {
			uint8_t c = g->c[i * g->J + j];
			if (!(c & bit) || (c & 4))
				continue;
			int ok = and ? (!g->ialn[i] && !g->jaln[j]) : (!g->ialn[i] || !g->jaln[j]);
			if (ok)
				choose(g, i, j);
		}
}

static void fill(grid *g, const xp_walign *a, size_t s, uint8_t bit, float *p)
{
	for (size_t k = a->start[s]; k < a->start[s + 1]; k++) {
		const xp_link *l = &a->links[k];
		if (l->possible)
			continue;
		g->c[l->i * g->J + l->j] |= bit;
		p[l->i * g->J + l->j] = l->prob;
	}
}

static void dims(const xp_walign *a, size_t s, uint32_t *I, uint32_t *J)
{
	for (size_t k = a->start[s]; k < a->start[s + 1]; k++) {
		if (a->links[k].i + 1 > *I)
			*I = a->links[k].i + 1;
		if (a->links[k].j + 1 > *J)
			*J = a->links[k].j + 1;
	}
}

static int sentence(const xp_walign *f, const xp_walign *r, size_t s, xp_sym how, xp_walign *out)
{
	grid g = {0};
	dims(f, s, &g.I, &g.J);
	dims(r, s, &g.I, &g.J);
	size_t cells = (size_t)g.I * g.J;
	g.c = calloc(cells + 1, 1);
	g.pf = calloc(cells + 1, sizeof *g.pf);
	g.pr = calloc(cells + 1, sizeof *g.pr);
	g.ialn = calloc((size_t)g.I + 1, 1);
	g.jaln = calloc((size_t)g.J + 1, 1);
	xp_link *v = malloc((cells + 1) * sizeof *v);
	int rc = -1;
	if (!g.c || !g.pf || !g.pr || !g.ialn || !g.jaln || !v)
		goto out;
	fill(&g, f, s, 1, g.pf);
	fill(&g, r, s, 2, g.pr);
	for (size_t k = 0; k < cells; k++) {
		uint8_t want = how == XP_SYM_UNION ? (g.c[k] & 3) != 0 : (g.c[k] & 3) == 3;
		if (want)
			choose(&g, (uint32_t)(k / g.J), (uint32_t)(k % g.J));
	}
	if (how >= XP_SYM_GROW_DIAG)
		grow_diag(&g);
	if (how == XP_SYM_GDF || how == XP_SYM_GDFA) {
		final(&g, 1, how == XP_SYM_GDFA);
		final(&g, 2, how == XP_SYM_GDFA);
	}
	size_t n = 0;
	for (size_t k = 0; k < cells; k++)
		if (g.c[k] & 4)
			v[n++] = (xp_link){(uint32_t)(k / g.J), (uint32_t)(k % g.J),
					   (g.pf[k] + g.pr[k]) / 2, 0};
	rc = xp_walign_add(out, v, n);
out:
	free(g.c);
	free(g.pf);
	free(g.pr);
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
		if (sentence(fwd, rev, s, how, out))
			return xp_fail(err, "", 0, "out of memory");
	out->has_probs = fwd->has_probs || rev->has_probs;
	return 0;
}
