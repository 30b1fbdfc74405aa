/*
 * align/sentalign.h — n:m sentence alignment of a document and its
 * translation (Gale-Church, with lexical anchors).
 *
 * This module owns the dynamic programme that links the sentences of an
 * English document to those of its translation when they are not one to
 * one: every link joins 0-2 English sentences to 0-2 target sentences
 * (1:1, 1:0, 0:1, 1:2, 2:1, 2:2), monotone, covering both documents.  A
 * link's log-score is Gale and Church's (1993): the prior of its type plus
 * the log probability of the length difference (in characters, spaces
 * excluded) under a Gaussian whose variance grows with the length.  With
 * anchors on, a bonus for what both sides spell alike is added, in the
 * spirit of hunalign and of Simard et al.'s cognates: numbers, words
 * written identically (names), the same 4-letter prefix after case and
 * accent folding (cognates), and question and exclamation marks, colons,
 * quotes and brackets.  Each link's confidence is its posterior
 * probability over every alignment of the two documents (forward-backward
 * on the same scores).
 */
#ifndef XP_SENTALIGN_H
#define XP_SENTALIGN_H

#include "../model/corpus.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* log(exp(a) + exp(b)) without overflow, -INFINITY standing for a zero
 * probability: the forward-backward sums here and in align/pair.c. */
static inline double xp_log_add(double a, double b)
{
	if (a == -INFINITY)
		return b;
	if (b == -INFINITY)
		return a;
	return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b));
}

/* Word pairs a first pass found (the word aligner's links in the sure
 * links of a first alignment), anchors of their own kind. */
typedef struct xp_salign_dict xp_salign_dict;

typedef struct xp_salign_opts {
	int anchors;          /* 0: length only (plain Gale-Church) */
	const xp_salign_dict *dict;   /* NULL: none */
	double ratio;         /* target characters per English character; <= 0: the documents' own */
	double var;           /* variance of the length difference per character (Gale-Church: 6.8) */
	double anchor_weight; /* nats for each figure both sides of a link write */
} xp_salign_opts;

void xp_salign_defaults(xp_salign_opts *o);

typedef struct xp_salign_link {
	uint32_t e0, ne;      /* English sentences e0 .. e0+ne-1 (ne 0..2) */
	uint32_t t0, nt;      /* target sentences t0 .. t0+nt-1 (nt 0..2) */
	double conf;          /* posterior probability of this link */
	double score;         /* its log-score */
} xp_salign_link;

/* A dictionary: count English word en and target word tg linked once
 * (both folded as anchors are), then keep the pairs linked at least
 * min_count times that hold at least 30% of their English word's links
 * (words of fewer than 3 letters left out: their links are mostly
 * function words').  NULL / -1 when memory runs out. */
xp_salign_dict *xp_salign_dict_new(void);
int xp_salign_dict_count(xp_salign_dict *d, const char *en, size_t nen, const char *tg, size_t ntg);
/* the number of pairs kept */
size_t xp_salign_dict_finish(xp_salign_dict *d, uint32_t min_count);
void xp_salign_dict_free(xp_salign_dict *d);

/* The largest n x m the programme takes (its tables are (n+1)(m+1) cells). */
#define XP_SALIGN_MAX_CELLS ((size_t)4 << 20)

/* The sentence length the programme compares: characters of the tokens. */
double xp_salign_length(const xp_utt *u);

/* Link e[0..n) and t[0..m) monotonically; *links (malloc'd, *nlinks of them)
 * in document order.  0; -1 out of memory; -2 the documents are too long
 * (n+1)(m+1) > XP_SALIGN_MAX_CELLS. */
int xp_salign(const xp_utt *e, size_t n, const xp_utt *t, size_t m, const xp_salign_opts *o,
	      xp_salign_link **links, size_t *nlinks);

#endif
