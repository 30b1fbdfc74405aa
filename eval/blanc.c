/*
 * eval/blanc.c — BLANC for gold and predicted mentions (Luo, Pradhan,
 * Recasens & Hovy 2014), as the reference scorer computes it: coreference
 * links are the mention pairs inside a chain, non-coreference links the
 * pairs across two chains of the same side, each side a SET of pairs.
 *
 * Counting those sets pair by pair costs O(mentions^2) per document, which
 * is where the reference scorer spends its time.  When no mention sits in
 * two chains of one side, every count has a closed form over the chain
 * overlaps, O(chains + overlaps); only documents with such repeated spans
 * take the pair-by-pair path, which keeps the scorer's set semantics (a
 * span in two key chains even forms a non-coreference link with itself).
 */
#include "metrics.h"

#include <stdlib.h>

static double pairs(double n) { return n * (n - 1) / 2; }

static int closed_form(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *c, xp_rp *nc)
{
	const xp_chainset *K = &p->key, *R = &p->resp;
	double *kin = calloc((size_t)K->n + 1, sizeof *kin), *rin = calloc((size_t)R->n + 1, sizeof *rin);
	if (!kin || !rin) {
		free(kin);
		free(rin);
		return -1;
	}
	double ck = 0, cr = 0, both = 0, sk = 0, sr = 0;
	for (uint32_t k = 0; k < K->n; k++)
		ck += pairs(xp_chain_len(K, k));
	for (uint32_t r = 0; r < R->n; r++)
		cr += pairs(xp_chain_len(R, r));
	for (size_t i = 0; i < nov; i++) {
		both += pairs(ov[i].n);
		kin[ov[i].k] += ov[i].n;
		rin[ov[i].r] += ov[i].n;
	}
	for (uint32_t k = 0; k < K->n; k++)
		sk += pairs(kin[k]);
	for (uint32_t r = 0; r < R->n; r++)
		sr += pairs(rin[r]);
	double mk = K->start[K->n], mr = R->start[R->n], m = p->nmatched;
	*c = (xp_rp){both, ck, both, cr};
	double nboth = pairs(m) - sk - sr + both;
	*nc = (xp_rp){nboth, pairs(mk) - ck, nboth, pairs(mr) - cr};
	free(kin);
	free(rin);
	return 0;
}

/* --- pair by pair ---------------------------------------------------------- */

typedef struct pairset {
	uint64_t *v;
	size_t n, cap;
} pairset;

static int put(pairset *s, uint32_t a, uint32_t b)
{
	if (xp_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v))
		return -1;
	s->v[s->n++] = a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void uniq(pairset *s)
{
	if (!s->n)
		return;
	qsort(s->v, s->n, sizeof *s->v, cmp_u64);
	size_t w = 1;
	for (size_t i = 1; i < s->n; i++)
		if (s->v[i] != s->v[w - 1])
			s->v[w++] = s->v[i];
	s->n = w;
}

static double common(const pairset *a, const pairset *b)
{
	size_t i = 0, j = 0, n = 0;
	while (i < a->n && j < b->n) {
		if (a->v[i] < b->v[j])
			i++;
		else if (a->v[i] > b->v[j])
			j++;
		else
			n++, i++, j++;
	}
	return (double)n;
}

static int links_of(const xp_chainset *s, pairset *co, pairset *non)
{
	for (uint32_t c = 0; c < s->n; c++)
		for (uint32_t i = s->start[c]; i < s->start[c + 1]; i++) {
			for (uint32_t j = i + 1; j < s->start[c + 1]; j++)
				if (put(co, s->ids[i], s->ids[j]))
					return -1;
			for (uint32_t j = s->start[c + 1]; j < s->start[s->n]; j++)
				if (put(non, s->ids[i], s->ids[j]))
					return -1;
		}
	uniq(co);
	uniq(non);
	return 0;
}

static int pair_by_pair(const xp_pair *p, xp_rp *c, xp_rp *nc)
{
	pairset kc = {0}, kn = {0}, rc = {0}, rn = {0};
	int rv = -1;
	if (links_of(&p->key, &kc, &kn) == 0 && links_of(&p->resp, &rc, &rn) == 0) {
		double cc = common(&kc, &rc), nn = common(&kn, &rn);
		*c = (xp_rp){cc, (double)kc.n, cc, (double)rc.n};
		*nc = (xp_rp){nn, (double)kn.n, nn, (double)rn.n};
		rv = 0;
	}
	free(kc.v);
	free(kn.v);
	free(rc.v);
	free(rn.v);
	return rv;
}

int xp_blanc(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *coref, xp_rp *noncoref)
{
	if (p->dup_key || p->dup_resp)
		return pair_by_pair(p, coref, noncoref);
	return closed_form(p, ov, nov, coref, noncoref);
}
