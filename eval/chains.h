/*
 * eval/chains.h — a document pair as the reference scorer sees it: key and
 * response clusters as lists of mention ids, one id per distinct span,
 * shared between key and response when the spans are equal.
 *
 * Internal to eval/; the metrics in metrics.c and ceaf.c work on this.
 */
#ifndef XP_CHAINS_H
#define XP_CHAINS_H

#include "../model/corpus.h"

#include <stdint.h>

typedef struct xp_chainset {
	uint32_t n;          /* chains */
	uint32_t *start;     /* chain c is ids[start[c] .. start[c+1]) */
	uint32_t *ids;
} xp_chainset;

typedef struct xp_pair {
	xp_chainset key, resp;
	uint32_t nkey_ids;   /* ids 0..nkey_ids-1 are key spans */
	uint32_t nids;       /* ids nkey_ids..nids-1 are response-only spans */
	uint32_t *kindex;    /* per id: the last key chain holding it, UINT32_MAX if none */
	uint32_t *kmem_start, *kmem;  /* per key id: the key chains holding it */
	uint32_t *where;     /* per id: its first mention, in the key (ids < nkey_ids) or the response */
	uint32_t nresp_spans, nmatched;  /* distinct response spans; of them, in the key */
	int dup_key, dup_resp;           /* an id sits in two chains of that side */
	int drop_resp;                   /* a response span of the key in two chains: kept in the first */
} xp_pair;

/* resp may be NULL.  -1 on OOM. */
int xp_pair_build(xp_pair *p, const xp_doc *key, const xp_doc *resp);
void xp_pair_free(xp_pair *p);

/* Every (key chain, response chain) pair that shares mentions, with how
 * many response mentions of r the key chain k holds.  Sorted by r. */
typedef struct xp_overlap {
	uint32_t k, r, n;
} xp_overlap;
int xp_pair_overlaps(const xp_pair *p, xp_overlap **out, size_t *n);

static inline uint32_t xp_chain_len(const xp_chainset *s, uint32_t c)
{
	return s->start[c + 1] - s->start[c];
}

/* Calls fn(key document, its response document or NULL, arg) for every key
 * document in order, the response's found by id and part (a sort and a
 * binary search, not a scan per document).  Stops at fn's first non-zero
 * return and returns it; -1 (err untouched) when its own allocation fails. */
int xp_each_doc_pair(const xp_corpus *key, const xp_corpus *resp,
		     int (*fn)(const xp_doc *k, const xp_doc *r, void *arg), void *arg);

#endif
