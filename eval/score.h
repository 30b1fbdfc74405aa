/*
 * eval/score.h — coreference metrics with the reference scorer's numbers.
 *
 * MUC, B-cubed, CEAFm, CEAFe, BLANC (Luo et al. 2014, gold and predicted
 * mentions), LEA and mention identification, computed per document and
 * summed over a corpus as numerators and denominators, exactly as the
 * reference scorer (v8.01, CorScorer.pm) sums them.  Mentions match on exact
 * spans, compared as token offsets from the start of the document (as the
 * scorer does, so documents segmented differently still match).
 *
 * The scorer's treatment of repeated spans is kept, because MMC's files have
 * them: a span in two key clusters counts in both, and is looked up in the
 * later one; a response span repeated in two clusters is kept only in the
 * first if it matches a key span, and in every cluster if it does not.
 *
 * Where the reference scorer has a plain bug, xproj does the right thing:
 *  - it refuses to score after more than 10 repeated response mentions, a
 *    counter that v8.01 never resets between documents; xproj never refuses.
 *  - it matches documents by the header text, so "part 000" and "part 0" are
 *    different documents; xproj matches by (id, part number).
 *  - a span repeated inside one cluster is counted twice; xproj's reader
 *    keeps one (CoNLL cannot mean two mentions there).
 * Documents of the key missing from the response score as empty; documents
 * only in the response are ignored (and reported by `xproj score`).
 */
#ifndef XP_SCORE_H
#define XP_SCORE_H

#include "../model/corpus.h"

typedef enum {
	XP_MENTIONS, XP_MUC, XP_BCUB, XP_CEAFM, XP_CEAFE, XP_BLANC, XP_LEA, XP_NMETRICS
} xp_metric;

#define XP_ALL_METRICS ((1u << XP_NMETRICS) - 1)

/* recall = rn / rd, precision = pn / pd */
typedef struct xp_rp {
	double rn, rd, pn, pd;
} xp_rp;

typedef struct xp_scores {
	xp_rp m[XP_NMETRICS];      /* BLANC's entry is unused: see blanc_* */
	xp_rp blanc_coref;         /* correct / key / response coreference links */
	xp_rp blanc_noncoref;      /* the same for non-coreference links */
	size_t documents, missing; /* key documents; of them, absent from the response */
	size_t repeated;           /* documents with a span in two clusters (key or response),
				      scored as the reference scorer does (chains.h) */
} xp_scores;

const char *xp_metric_name(xp_metric m);
/* "all" -> XP_ALL_METRICS, a metric name -> its bit, else 0 */
unsigned xp_metric_mask(const char *name);

/* Score one document pair (resp may be NULL: an empty response) for the
 * metrics in mask, adding into *acc.  -1 only when memory runs out. */
int xp_score_doc(const xp_doc *key, const xp_doc *resp, unsigned mask, xp_scores *acc);

/* Score every key document against the response document with the same id
 * and part.  per_doc, if not NULL, gets each document's own scores. */
typedef void (*xp_score_cb)(const xp_doc *key, const xp_scores *doc, void *arg);
int xp_score_corpus(const xp_corpus *key, const xp_corpus *resp, unsigned mask,
		    xp_scores *total, xp_score_cb per_doc, void *arg, xp_err *err);

/* Recall, precision, F1 of a metric (BLANC by the scorer's rules for a
 * key with only one kind of link); all in [0, 1]. */
void xp_prf(const xp_scores *s, xp_metric m, double *r, double *p, double *f);
/* CoNLL score: mean F1 of MUC, B-cubed and CEAFe, in [0, 1]. */
double xp_conll_f1(const xp_scores *s);

/* Whether the key's sentences are the response's (eval/sentmatch.c): the
 * scorer matches mentions by token offset, so a response of another text or
 * tokenisation scores low with nothing wrong in its mentions.  In each
 * document both have, sentence i of the key is compared with sentence i of
 * the response, token for token. */
typedef struct xp_sent_match {
	size_t documents;            /* key documents the response has */
	size_t missing_docs, missing_sentences;   /* key documents it lacks, their sentences */
	size_t sentences, differ;    /* their key sentences; of them, not the response's */
	size_t resp_extra;           /* response sentences beyond the key's last */
	size_t key_mentions, resp_mentions;   /* mentions in differing (and extra) sentences */
	const char *first_doc;       /* the first differing sentence: document, part, index */
	int first_part;
	size_t first_sent;
} xp_sent_match;
/* Compare key and resp into *m.  With key_out and resp_out (empty corpora,
 * or both NULL) also write copies of both holding only the sentences that
 * match and their mentions, to score those alone (score --matching-only).
 * -1 only when memory runs out. */
int xp_sent_compare(const xp_corpus *key, const xp_corpus *resp, xp_sent_match *m, xp_corpus *key_out,
		  xp_corpus *resp_out, xp_err *err);

#endif
