/*
 * eval/metrics.c — MUC, B-cubed, LEA and BLANC over a document pair.
 *
 * Each follows the reference scorer's definition, including what it does
 * with a span that sits in two chains (chains.h): MUC and B-cubed look a
 * mention up in the LAST key chain holding it, as the scorer's index does.
 */
#include "metrics.h"

#include <stdlib.h>

/* MUC (Vilain et al. 1995): a response chain earns |R| minus the number of
 * key chains its key mentions fall into. */
int xp_muc(const xp_pair *p, xp_rp *out)
{
	uint32_t *stamp = calloc((size_t)p->key.n + 1, sizeof *stamp);
	if (!stamp)
		return -1;
	double correct = 0, klinks = 0, rlinks = 0;
	for (uint32_t r = 0; r < p->resp.n; r++) {
		for (uint32_t i = p->resp.start[r]; i < p->resp.start[r + 1]; i++) {
			uint32_t id = p->resp.ids[i];
			if (id >= p->nkey_ids)
				continue;
			uint32_t k = p->kindex[id];
			if (stamp[k] == r + 1)
				correct++;
			else
				stamp[k] = r + 1;
		}
		rlinks += xp_chain_len(&p->resp, r) - 1;
	}
	for (uint32_t k = 0; k < p->key.n; k++)
		klinks += xp_chain_len(&p->key, k) - 1;
	free(stamp);
	*out = (xp_rp){correct, klinks, correct, rlinks};
	return 0;
}

/* B-cubed (Bagga & Baldwin 1998), summed over response mentions as the
 * scorer does: m in R with key chain K adds |R∩K|/|R| to precision and
 * |R∩K|/|K| to recall. */
int xp_bcub(const xp_pair *p, xp_rp *out)
{
	uint32_t nk = p->key.n;
	uint32_t *cnt = calloc((size_t)nk + 1, sizeof *cnt), *touched = malloc(((size_t)nk + 1) * sizeof *touched);
	if (!cnt || !touched) {
		free(cnt);
		free(touched);
		return -1;
	}
	double rn = 0, pn = 0;
	for (uint32_t r = 0; r < p->resp.n; r++) {
		uint32_t a = p->resp.start[r], b = p->resp.start[r + 1], nt = 0;
		for (uint32_t i = a; i < b; i++) {
			uint32_t id = p->resp.ids[i];
			if (id >= p->nkey_ids)
				continue;
			for (uint32_t j = p->kmem_start[id]; j < p->kmem_start[id + 1]; j++)
				if (!cnt[p->kmem[j]]++)
					touched[nt++] = p->kmem[j];
		}
		for (uint32_t i = a; i < b; i++) {
			uint32_t id = p->resp.ids[i];
			if (id >= p->nkey_ids)
				continue;
			uint32_t k = p->kindex[id];
			pn += (double)cnt[k] / (b - a);
			rn += (double)cnt[k] / xp_chain_len(&p->key, k);
		}
		for (uint32_t t = 0; t < nt; t++)
			cnt[touched[t]] = 0;
	}
	free(cnt);
	free(touched);
	*out = (xp_rp){rn, p->key.start[p->key.n], pn, p->resp.start[p->resp.n]};
	return 0;
}

static double links(double n) { return n * (n - 1) / 2; }

/* LEA (Moosavi & Strube 2016): each entity, weighted by its size, scores
 * the share of its links found in the other side's entities; a singleton
 * has one self-link, found when the other side has the same singleton.
 *
 * Recall walks the overlaps: a key span is in at most one response chain
 * (chains.h keeps a repeated one in the first), so a key chain's found
 * links are those inside each overlap.  Precision cannot: a span in two key
 * chains would be found in both, and a response chain whose mentions all
 * sit in two key chains scored twice its links (200% precision, issue 32).
 * The scorer with LEA (Moosavi's scorer.pl, the reference scorer v8.01
 * plus LEA) looks each response mention up in one key chain, the last
 * holding it (Indexa), as MUC and B-cubed do here: so does this, which
 * keeps every entity's share within [0, 1]. */
int xp_lea(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *out)
{
	const xp_chainset *K = &p->key, *R = &p->resp;
	double *kres = calloc((size_t)K->n + 1, sizeof *kres);
	uint32_t *cnt = calloc((size_t)K->n + 1, sizeof *cnt), *touched = malloc(((size_t)K->n + 1) * sizeof *touched);
	if (!kres || !cnt || !touched) {
		free(kres);
		free(cnt);
		free(touched);
		return -1;
	}
	for (size_t i = 0; i < nov; i++) {
		uint32_t kl = xp_chain_len(K, ov[i].k), rl = xp_chain_len(R, ov[i].r);
		if (kl == 1 || rl == 1)
			kres[ov[i].k] += kl == 1 && rl == 1;
		else
			kres[ov[i].k] += links(ov[i].n) / links(kl);
	}
	xp_rp s = {0};
	for (uint32_t k = 0; k < K->n; k++) {
		s.rn += xp_chain_len(K, k) * kres[k];
		s.rd += xp_chain_len(K, k);
	}
	for (uint32_t r = 0; r < R->n; r++) {
		uint32_t a = R->start[r], rl = xp_chain_len(R, r), nt = 0;
		double found = 0;
		for (uint32_t i = a; i < a + rl; i++) {
			uint32_t id = R->ids[i];
			if (id < p->nkey_ids && !cnt[p->kindex[id]]++)
				touched[nt++] = p->kindex[id];
		}
		for (uint32_t t = 0; t < nt; t++) {
			uint32_t k = touched[t];
			if (rl == 1)
				found += xp_chain_len(K, k) == 1;
			else
				found += links(cnt[k]) / links(rl);
			cnt[k] = 0;
		}
		s.pn += rl * found;
		s.pd += rl;
	}
	free(kres);
	free(cnt);
	free(touched);
	*out = s;
	return 0;
}
