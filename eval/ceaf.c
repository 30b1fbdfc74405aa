/*
 * eval/ceaf.c — CEAF (Luo 2005), mention-based (phi = |K∩R|) and
 * entity-based (phi = 2|K∩R| / (|K| + |R|)).
 *
 * The optimal one-to-one alignment of key and response chains only ever
 * pairs chains that overlap, so the bipartite overlap graph splits into
 * connected components that are solved one by one; a document's cost is
 * then driven by its largest tangle of chains, not by chains squared.
 */
#include "metrics.h"

#include <stdlib.h>

static uint32_t find(uint32_t *up, uint32_t x)
{
	while (up[x] != x)
		x = up[x] = up[up[x]];
	return x;
}

typedef struct comp_ctx {
	const xp_pair *p;
	uint32_t *local;       /* node -> index inside its component */
	double *w;
	size_t wcap;
} comp_ctx;

/* Solve one component given its overlaps (all with the same root). */
static int solve(comp_ctx *cx, const xp_overlap *ov, size_t n, int entity, double *out)
{
	const xp_pair *p = cx->p;
	uint32_t nk = 0, nr = 0;
	for (size_t i = 0; i < n; i++) {
		cx->local[ov[i].k] = UINT32_MAX;
		cx->local[p->key.n + ov[i].r] = UINT32_MAX;
	}
	for (size_t i = 0; i < n; i++) {
		if (cx->local[ov[i].k] == UINT32_MAX)
			cx->local[ov[i].k] = nk++;
		if (cx->local[p->key.n + ov[i].r] == UINT32_MAX)
			cx->local[p->key.n + ov[i].r] = nr++;
	}
	int flip = nk > nr;  /* rows must not outnumber columns */
	uint32_t rows = flip ? nr : nk, cols = flip ? nk : nr;
	if (xp_grow(&cx->w, &cx->wcap, (size_t)rows * cols, sizeof *cx->w))
		return -1;
	for (size_t i = 0; i < (size_t)rows * cols; i++)
		cx->w[i] = 0;
	for (size_t i = 0; i < n; i++) {
		double kl = xp_chain_len(&p->key, ov[i].k), rl = xp_chain_len(&p->resp, ov[i].r);
		double phi = entity ? 2.0 * ov[i].n / (kl + rl) : ov[i].n;
		uint32_t a = cx->local[ov[i].k], b = cx->local[p->key.n + ov[i].r];
		cx->w[flip ? (size_t)b * cols + a : (size_t)a * cols + b] = phi;
	}
	if (rows == 1) {   /* one chain facing several: take the best */
		double best = 0;
		for (uint32_t j = 0; j < cols; j++)
			best = cx->w[j] > best ? cx->w[j] : best;
		*out = best;
		return 0;
	}
	return xp_assign_max(cx->w, (int)rows, (int)cols, out, NULL);
}

int xp_ceaf(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *ceafm, xp_rp *ceafe)
{
	uint32_t nn = p->key.n + p->resp.n;
	uint32_t *up = malloc(((size_t)nn + 1) * sizeof *up);
	uint32_t *local = malloc(((size_t)nn + 1) * sizeof *local);
	xp_overlap *byc = malloc((nov + 1) * sizeof *byc);
	comp_ctx cx = {p, local, NULL, 0};
	int rc = -1;
	if (!up || !local || !byc)
		goto out;
	for (uint32_t i = 0; i < nn; i++)
		up[i] = i;
	for (size_t i = 0; i < nov; i++) {
		uint32_t a = find(up, ov[i].k), b = find(up, p->key.n + ov[i].r);
		if (a != b)
			up[a] = b;
	}
	/* group overlaps by component (counting sort on the root) */
	uint32_t *cnt = calloc((size_t)nn + 1, sizeof *cnt);
	if (!cnt)
		goto out;
	for (size_t i = 0; i < nov; i++)
		cnt[find(up, ov[i].k)]++;
	for (uint32_t i = 0, s = 0; i < nn; i++) {
		uint32_t c = cnt[i];
		cnt[i] = s;
		s += c;
	}
	for (size_t i = 0; i < nov; i++)
		byc[cnt[find(up, ov[i].k)]++] = ov[i];
	free(cnt);
	double sm = 0, se = 0;
	for (size_t i = 0; i < nov;) {
		size_t e = i + 1;
		uint32_t ri = find(up, byc[i].k);
		while (e < nov && find(up, byc[e].k) == ri)
			e++;
		double m, en;
		if (solve(&cx, byc + i, e - i, 0, &m) || solve(&cx, byc + i, e - i, 1, &en))
			goto out;
		sm += m;
		se += en;
		i = e;
	}
	*ceafm = (xp_rp){sm, p->key.start[p->key.n], sm, p->resp.start[p->resp.n]};
	*ceafe = (xp_rp){se, p->key.n, se, p->resp.n};
	rc = 0;
out:
	free(up);
	free(local);
	free(byc);
	free(cx.w);
	return rc;
}
