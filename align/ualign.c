/*
 * align/ualign.c — the banded bead DP; see ualign.h.
 *
 * Cell (i, j) holds the best value of aligning the first i utterances with
 * the first j blocks.  The overlap of every utterance with every block in
 * reach of its band is computed once; a bead then only adds up a few of
 * them, so a cell costs O(beads).
 */
#include "ualign.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPLIT 20   /* 1-n */
#define MAX_MERGE 4   /* n-1 */
#define MIN_SIM 0.25
/* An utterance and a block of the very same words are worth a word more:
 * else a short line ("No.", "What?") is as well spent ending a long
 * neighbouring utterance that happens to hold the word as on itself. */
#define SAME_WORDS 1.0

enum { B_SKIP_U, B_SKIP_B, B_1N, B_N1 = B_1N + MAX_SPLIT };   /* + size - 1 */

void xp_ualign_defaults(xp_ualign_opts *o)
{
	o->band = 40;
	o->threshold = 0.35;
}

static double dice(uint32_t common, uint32_t a, uint32_t b)
{
	return a + b ? 2.0 * common / (a + b) : 0;
}

/* A bead's words: totals on both sides and the words they share.  Shared
 * words of a multi-unit side are summed over its units' overlaps with the
 * single unit on the other side (capped by both totals): exact unless a
 * word repeats across units, and it keeps every bead O(1). */
typedef struct tally {
	uint32_t ct, cc;          /* common words, common bigrams */
	uint32_t ut, uc, bt, bc;  /* utterance side, block side totals */
} tally;

/* Each view scores its matched mass less MIN_SIM of its whole mass, so a
 * unit that brings nothing to a bead always lowers its value; bigrams count
 * a third as much as words (a word has about three). */
static double bead_value(const tally *t, double *sim)
{
	uint32_t ct = t->ct, cc = t->cc;
	uint32_t mt = t->ut < t->bt ? t->ut : t->bt, mc = t->uc < t->bc ? t->uc : t->bc;
	ct = ct > mt ? mt : ct, cc = cc > mc ? mc : cc;
	*sim = 0.5 * dice(ct, t->ut, t->bt) + 0.5 * dice(cc, t->uc, t->bc);
	double words = 2.0 * ct - MIN_SIM * (t->ut + t->bt);
	double bigrams = 2.0 * cc - MIN_SIM * (t->uc + t->bc);
	return t->ut + t->bt ? words + bigrams / 3 - 0.01 : 0;
}

typedef struct grid {
	size_t N, M;
	int W;
	int64_t *lo, *hi;  /* row i's band: blocks lo[i] .. hi[i] */
	size_t *off;       /* row i's cells start at off[i] */
	double *v;
	uint8_t *bead;
	float *sim;
	const xp_unit *U, *B;
	int64_t *plo;      /* utterance i's overlaps are kept for blocks plo[i] .. */
	size_t *poff;      /* .. at pt/pc[poff[i] ..], poff[i+1] - poff[i] of them */
	uint16_t *pt, *pc;
} grid;

static inline int in_band(const grid *g, size_t i, int64_t j)
{
	return j >= g->lo[i] && j <= g->hi[i];
}

static inline size_t at(const grid *g, size_t i, int64_t j)
{
	return g->off[i] + (size_t)(j - g->lo[i]);
}

static void overlap(const grid *g, size_t i, int64_t j, uint32_t *ct, uint32_t *cc)
{
	int64_t k = j - g->plo[i];
	if (k >= 0 && (size_t)k < g->poff[i + 1] - g->poff[i]) {
		*ct = g->pt[g->poff[i] + (size_t)k];
		*cc = g->pc[g->poff[i] + (size_t)k];
		return;
	}
	*ct = xp_bag_common(&g->U[i].tok, &g->B[j].tok);
	*cc = xp_bag_common(&g->U[i].chr, &g->B[j].chr);
}

/* Utterance i is bead-matched from row i+1, whose band reaches back
 * MAX_SPLIT blocks; n-1 beads reach it from up to MAX_MERGE rows later. */
static int fill_pairs(grid *g)
{
	g->plo = malloc((g->N + 1) * sizeof *g->plo);
	g->poff = malloc((g->N + 2) * sizeof *g->poff);
	if (!g->plo || !g->poff)
		return -1;
	g->poff[0] = 0;
	for (size_t i = 0; i < g->N; i++) {
		size_t last = i + MAX_MERGE < g->N ? i + MAX_MERGE : g->N;
		g->plo[i] = g->lo[i + 1] - MAX_SPLIT - 1;
		int64_t hi = g->hi[last];
		g->poff[i + 1] = g->poff[i] + (size_t)(hi - g->plo[i] + 1);
	}
	g->pt = malloc((g->poff[g->N] + 1) * sizeof *g->pt);
	g->pc = malloc((g->poff[g->N] + 1) * sizeof *g->pc);
	if (!g->pt || !g->pc)
		return -1;
	for (size_t i = 0; i < g->N; i++)
		for (size_t k = g->poff[i]; k < g->poff[i + 1]; k++) {
			int64_t j = g->plo[i] + (int64_t)(k - g->poff[i]);
			uint32_t t = 0, c = 0;
			if (j >= 0 && j < (int64_t)g->M) {
				t = xp_bag_common(&g->U[i].tok, &g->B[j].tok);
				c = xp_bag_common(&g->U[i].chr, &g->B[j].chr);
			}
			g->pt[k] = (uint16_t)(t > UINT16_MAX ? UINT16_MAX : t);
			g->pc[k] = (uint16_t)(c > UINT16_MAX ? UINT16_MAX : c);
		}
	return 0;
}

static void consider(grid *g, size_t pi, int64_t pj, double val, double sim, int bead,
		     double *best, int *bb, float *bsim)
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
}

static void add_overlap(const grid *g, tally *t, size_t i, int64_t j)
{
	uint32_t ct, cc;
	overlap(g, i, j, &ct, &cc);
	t->ct += ct, t->cc += cc;
}

static void cell(grid *g, size_t i, int64_t j)
{
	const xp_unit *U = g->U, *B = g->B;
	double best = -DBL_MAX, sim;
	int bb = -1;
	float bs = 0;
	if (i == 0 && j == 0)
		best = 0, bb = B_SKIP_B;
	if (i > 0)
		consider(g, i - 1, j, 0, 0, B_SKIP_U, &best, &bb, &bs);
	if (j > 0)
		consider(g, i, j - 1, 0, 0, B_SKIP_B, &best, &bb, &bs);
	if (i > 0 && j > 0) {
		/* 1-n: utterance i-1 against blocks j-n .. j-1 */
		tally t = {0, 0, U[i - 1].tok.total, U[i - 1].chr.total, 0, 0};
		for (int n = 1; n <= MAX_SPLIT && (int64_t)n <= j; n++) {
			add_overlap(g, &t, i - 1, j - n);
			t.bt += B[j - n].tok.total, t.bc += B[j - n].chr.total;
			double val = bead_value(&t, &sim);
			if (n == 1 && t.ct == t.ut && t.ct == t.bt)
				val += SAME_WORDS;
			consider(g, i - 1, j - n, val, sim, B_1N + n - 1, &best, &bb, &bs);
		}
		/* n-1: utterances i-n .. i-1 against block j-1 */
		tally m = {0, 0, 0, 0, B[j - 1].tok.total, B[j - 1].chr.total};
		for (int n = 1; n <= MAX_MERGE && (size_t)n <= i; n++) {
			add_overlap(g, &m, i - n, j - 1);
			m.ut += U[i - n].tok.total, m.uc += U[i - n].chr.total;
			if (n < 2)
				continue;
			double val = bead_value(&m, &sim);
			consider(g, i - n, j - 1, val, sim, B_N1 + n - 1, &best, &bb, &bs);
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
		else if (b >= B_N1)
			du = b - B_N1 + 1, db = 1;
		else
			du = 1, db = b - B_1N + 1;
		if (du && db && s >= o->threshold) {
			for (int u = 1; u <= du; u++)
				out[i - u] = (xp_ulink){(int32_t)(j - db), (uint16_t)db, (uint16_t)du, s};
		}
		i -= (size_t)du;
		j -= db;
	}
}

int xp_ualign(const xp_unit *U, size_t N, const xp_unit *B, size_t M, const xp_ualign_opts *o,
	      xp_ulink *out)
{
	grid g = {.N = N, .M = M, .W = o->band > 0 ? o->band : 40, .U = U, .B = B};
	g.lo = malloc((N + 1) * sizeof *g.lo);
	g.hi = malloc((N + 1) * sizeof *g.hi);
	g.off = malloc((N + 2) * sizeof *g.off);
	double *from = malloc((N + 1) * sizeof *from), *to = malloc((N + 1) * sizeof *to);
	int rc = -1;
	if (!g.lo || !g.hi || !g.off || !from || !to || xp_ualign_centers(U, N, B, M, g.W, from, to))
		goto out;
	for (size_t i = 0; i <= N; i++) {
		g.lo[i] = (int64_t)llround(from[i]) - g.W;
		g.hi[i] = (int64_t)llround(to[i]) + g.W;
		g.lo[i] = g.lo[i] < 0 ? 0 : g.lo[i] > (int64_t)M ? (int64_t)M : g.lo[i];
		g.hi[i] = g.hi[i] < 0 ? 0 : g.hi[i] > (int64_t)M ? (int64_t)M : g.hi[i];
	}
	/* the path starts at (0,0), ends at (N,M), and every row must reach the
	 * next one through blocks skipped on its own row */
	g.lo[0] = 0;
	g.hi[N] = (int64_t)M;
	for (size_t i = 1; i <= N; i++)
		g.lo[i] = g.lo[i] < g.lo[i - 1] ? g.lo[i - 1] : g.lo[i];
	for (size_t i = N; i-- > 0;)
		g.hi[i] = g.hi[i] > g.hi[i + 1] ? g.hi[i + 1] : g.hi[i];
	for (size_t i = 0; i < N; i++)
		g.hi[i] = g.hi[i] < g.lo[i + 1] ? g.lo[i + 1] : g.hi[i];
	g.off[0] = 0;
	for (size_t i = 0; i <= N; i++)
		g.off[i + 1] = g.off[i] + (size_t)(g.hi[i] - g.lo[i] + 1);
	size_t cells = g.off[N + 1];
	g.v = malloc(cells * sizeof *g.v);
	g.bead = malloc(cells);
	g.sim = malloc(cells * sizeof *g.sim);
	if (!g.v || !g.bead || !g.sim || fill_pairs(&g))
		goto out;
	for (size_t k = 0; k < cells; k++)
		g.v[k] = -DBL_MAX;
	for (size_t i = 0; i <= N; i++)
		for (int64_t j = g.lo[i]; j <= g.hi[i]; j++)
			cell(&g, i, j);
	if (g.v[at(&g, N, (int64_t)M)] == -DBL_MAX)
		goto out;
	backtrack(&g, o, out);
	rc = 0;
out:
	free(g.lo), free(g.hi), free(g.off), free(g.v), free(g.bead), free(g.sim);
	free(g.plo), free(g.poff), free(g.pt), free(g.pc), free(from), free(to);
	return rc;
}
