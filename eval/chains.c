/*
 * eval/chains.c — mention identification as the reference scorer does it;
 * see chains.h.  Mentions arrive sorted by span then cluster (model/corpus.h),
 * and clusters are numbered in the scorer's entity order, so one merge walk
 * over key and response spans gives every id.
 */
#include "chains.h"

#include <stdlib.h>
#include <string.h>

typedef struct gspan {
	uint64_t start, end;   /* token offsets from the document start, half-open */
	uint32_t cluster;
} gspan;

/* Spans as document offsets, still sorted (utterances are in order). */
static gspan *doc_spans(const xp_doc *d)
{
	uint64_t *off = malloc((d->nutts + 1) * sizeof *off);
	gspan *g = malloc((d->nmentions + 1) * sizeof *g);
	if (!off || !g) {
		free(off);
		free(g);
		return NULL;
	}
	off[0] = 0;
	for (size_t u = 0; u < d->nutts; u++)
		off[u + 1] = off[u] + d->utts[u].ntoks;
	for (size_t i = 0; i < d->nmentions; i++) {
		const xp_mention *m = &d->mentions[i];
		g[i] = (gspan){off[m->utt] + m->start, off[m->utt] + m->end, m->cluster};
	}
	free(off);
	return g;
}

static int same_span(const gspan *a, const gspan *b)
{
	return a->start == b->start && a->end == b->end;
}

static int span_cmp(const gspan *a, const gspan *b)
{
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	return 0;
}

/* Group (cluster, id) pairs into chains, dropping clusters left empty. */
static int make_chains(xp_chainset *s, uint32_t nclusters, const uint32_t *cl,
		       const uint32_t *id, size_t n)
{
	uint32_t *cnt = calloc((size_t)nclusters + 1, sizeof *cnt);
	s->start = malloc(((size_t)nclusters + 2) * sizeof *s->start);
	s->ids = malloc((n + 1) * sizeof *s->ids);
	if (!cnt || !s->start || !s->ids) {
		free(cnt);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		cnt[cl[i]]++;
	/* cnt[c] becomes the chain number of cluster c (or none) */
	uint32_t nc = 0, pos = 0;
	for (uint32_t c = 0; c < nclusters; c++) {
		uint32_t k = cnt[c];
		if (!k) {
			cnt[c] = UINT32_MAX;
			continue;
		}
		s->start[nc] = pos;
		pos += k;
		cnt[c] = nc++;
	}
	s->start[nc] = pos;
	s->n = nc;
	uint32_t *fill = calloc((size_t)nc + 1, sizeof *fill);
	if (!fill) {
		free(cnt);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t c = cnt[cl[i]];
		s->ids[s->start[c] + fill[c]++] = id[i];
	}
	free(fill);
	free(cnt);
	return 0;
}

static int build_key(xp_pair *p, const xp_doc *key, const gspan *g)
{
	size_t n = key->nmentions;
	uint32_t *id = malloc((n + 1) * sizeof *id), *cl = malloc((n + 1) * sizeof *cl);
	p->kmem_start = malloc((n + 2) * sizeof *p->kmem_start);
	p->kmem = malloc((n + 1) * sizeof *p->kmem);
	p->kindex = malloc((n + 1) * sizeof *p->kindex);
	int rc = -1;
	if (!id || !cl || !p->kmem_start || !p->kmem || !p->kindex)
		goto out;
	uint32_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (i && !same_span(&g[i - 1], &g[i]))
			k++;
		if (i == 0 || !same_span(&g[i - 1], &g[i])) {
			p->kmem_start[k] = (uint32_t)i;
			p->where[k] = (uint32_t)i;
		}
		else
			p->dup_key = 1;
		id[i] = k;
		cl[i] = g[i].cluster;
		p->kmem[i] = g[i].cluster;
		p->kindex[k] = g[i].cluster;   /* clusters ascend: the last one wins */
	}
	p->nkey_ids = n ? k + 1 : 0;
	p->kmem_start[p->nkey_ids] = (uint32_t)n;
	rc = make_chains(&p->key, (uint32_t)key->nclusters, cl, id, n);
	/* the key's clusters are never empty, so chain numbers are cluster numbers */
out:
	free(id);
	free(cl);
	return rc;
}

static int build_resp(xp_pair *p, const xp_doc *resp, const gspan *g, const gspan *kg,
		      size_t nk)
{
	size_t n = resp ? resp->nmentions : 0;
	uint32_t *id = malloc((n + 1) * sizeof *id), *cl = malloc((n + 1) * sizeof *cl);
	if (!id || !cl) {
		free(id);
		free(cl);
		return -1;
	}
	size_t kept = 0, j = 0;
	uint32_t kid = 0;   /* id of kg[j] */
	p->nids = p->nkey_ids;
	for (size_t i = 0; i < n;) {
		size_t e = i + 1;
		while (e < n && same_span(&g[i], &g[e]))
			e++;
		/* advance the key walk to the first span >= this one */
		while (j < nk && span_cmp(&kg[j], &g[i]) < 0) {
			j++;
			if (j < nk && !same_span(&kg[j - 1], &kg[j]))
				kid++;
		}
		p->nresp_spans++;
		if (j < nk && same_span(&kg[j], &g[i])) {
			/* in the key: only the first cluster keeps it */
			p->nmatched++;
			p->drop_resp |= e - i > 1;
			id[kept] = kid, cl[kept++] = g[i].cluster;
		} else {
			uint32_t nid = p->nids++;
			p->where[nid] = (uint32_t)i;
			p->dup_resp |= e - i > 1;
			for (size_t t = i; t < e; t++)
				id[kept] = nid, cl[kept++] = g[t].cluster;
		}
		i = e;
	}
	int rc = make_chains(&p->resp, resp ? (uint32_t)resp->nclusters : 0, cl, id, kept);
	free(id);
	free(cl);
	return rc;
}

int xp_pair_build(xp_pair *p, const xp_doc *key, const xp_doc *resp)
{
	memset(p, 0, sizeof *p);
	gspan *kg = doc_spans(key), *rg = resp ? doc_spans(resp) : NULL;
	p->where = malloc((key->nmentions + (resp ? resp->nmentions : 0) + 1) * sizeof *p->where);
	int rc = -1;
	if (!kg || (resp && !rg) || !p->where)
		goto out;
	if (build_key(p, key, kg) || build_resp(p, resp, rg, kg, key->nmentions))
		goto out;
	rc = 0;
out:
	free(kg);
	free(rg);
	if (rc)
		xp_pair_free(p);
	return rc;
}

int xp_pair_overlaps(const xp_pair *p, xp_overlap **out, size_t *nout)
{
	uint32_t nk = p->key.n;
	uint32_t *cnt = calloc((size_t)nk + 1, sizeof *cnt), *touched = malloc(((size_t)nk + 1) * sizeof *touched);
	xp_overlap *v = NULL;
	size_t n = 0, cap = 0;
	int rc = (!cnt || !touched) ? -1 : 0;
	for (uint32_t r = 0; rc == 0 && r < p->resp.n; r++) {
		uint32_t nt = 0;
		for (uint32_t i = p->resp.start[r]; i < p->resp.start[r + 1]; i++) {
			uint32_t id = p->resp.ids[i];
			if (id >= p->nkey_ids)
				continue;
			for (uint32_t j = p->kmem_start[id]; j < p->kmem_start[id + 1]; j++) {
				uint32_t k = p->kmem[j];
				if (!cnt[k]++)
					touched[nt++] = k;
			}
		}
		if (xp_grow(&v, &cap, n + nt + 1, sizeof *v)) {
			rc = -1;
			break;
		}
		for (uint32_t t = 0; t < nt; t++) {
			v[n++] = (xp_overlap){touched[t], r, cnt[touched[t]]};
			cnt[touched[t]] = 0;
		}
	}
	free(cnt);
	free(touched);
	if (rc) {
		free(v);
		return -1;
	}
	*out = v;
	*nout = n;
	return 0;
}

void xp_pair_free(xp_pair *p)
{
	free(p->key.start);
	free(p->key.ids);
	free(p->resp.start);
	free(p->resp.ids);
	free(p->kindex);
	free(p->kmem_start);
	free(p->kmem);
	free(p->where);
	memset(p, 0, sizeof *p);
}
