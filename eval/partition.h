/*
 * eval/partition.h — scores partitioned by a category of mentions: mention
 * identification and the p-link score of the GUM corpus paper, per
 * partition, and GAP's gender Bias.
 *
 * A partition is a set of mentions: those of one mention type, of one
 * sentence type, speaker, document, utterance length, pronoun gender, or
 * of one label the user gives (model/mtype.h, io/labels.h).  A mention is
 * categorised on its own side: key mentions in the key, response mentions
 * in the response (a response mention with a key mention's span takes the
 * key's category, so the two always count in the same partition).
 *
 * Mentions: recall = key mentions of the partition the response has /
 * key mentions of the partition; precision = the response's mentions of
 * the partition the key has / the response's mentions of the partition.
 *
 * p-link (Zeldes 2017, "The GUM corpus: creating multilayer resources in
 * the classroom", Language Resources and Evaluation 51(3)): MUC-style
 * links, each credited half to the category of each of its two mentions.
 * The key's links are those between consecutive mentions of each entity
 * (document order); the ones the response found are those between
 * consecutive mentions of each piece the response cuts an entity into (as
 * MUC counts |K| - |p(K)|).  Recall of partition c = credit of found links
 * to c / credit of all key links to c; precision the same with the roles
 * swapped.  Summed over partitions (when every mention has one) this is
 * exactly MUC's numerators and denominators.  Example: an entity with
 * mentions in sentences decl, decl, q, decl has links d-d, d-q, q-d: decl
 * is owed 1 + 0.5 + 0.5 = 2; a response that keeps the first three
 * together finds d-d and d-q: decl recall 1.5/2 = 0.75, q 0.5/1.
 *
 * Bias (Webster et al. 2018, "Mind the GAP", TACL 6): F1 on feminine
 * pronouns over F1 on masculine ones, here with the p-link F1 of the
 * partitions "feminine" and "masculine" (links of a gendered pronoun, the
 * pronoun's half) and, beside it, their mention F1.
 */
#ifndef XP_PARTITION_H
#define XP_PARTITION_H

#include "score.h"
#include "../io/labels.h"

typedef enum {
	XP_BY_TYPE, XP_BY_SENTENCE, XP_BY_SPEAKER, XP_BY_DOCUMENT, XP_BY_LENGTH, XP_BY_GENDER, XP_BY_LABELS
} xp_by_kind;

typedef struct xp_by {
	xp_by_kind kind;
	const char *lang;              /* a language code whose pack has word lists (lang/lang.h
					  xp_lang_mtype): type, sentence and gender need one */
	const xp_labels *labels;       /* XP_BY_LABELS */
} xp_by;

/* "type", "sentence", "speaker", "document", "length", "gender" -> 0 and
 * *k; anything else -1 (labels come from the caller). */
int xp_by_named(const char *name, xp_by_kind *k);
const char *xp_by_name(xp_by_kind k);

typedef struct xp_part {
	char *name;
	xp_rp mentions;                /* rn/rd recall, pn/pd precision */
	xp_rp plink;
} xp_part;

typedef struct xp_parts {
	xp_by_kind kind;
	xp_part *v;                    /* fixed kinds in their own order, others by key mentions */
	size_t n, cap;
	size_t key_none, resp_none;    /* mentions no partition holds (gender: the non-pronouns) */
} xp_parts;

/* Score every key document against the response's (same id and part; a
 * missing one is empty) partitioned by `by`.  XP_EUSAGE for a language
 * without word lists (or without gendered pronouns, for gender). */
int xp_score_by(const xp_corpus *key, const xp_corpus *resp, const xp_by *by, xp_parts *out,
		xp_err *err);
void xp_parts_free(xp_parts *p);

/* Recall, precision, F1 of numerators and denominators (0 where empty). */
void xp_rp_prf(const xp_rp *x, double *r, double *p, double *f);

/* F1 feminine / F1 masculine of a gender partition (plink: of p-link, else
 * of mentions); NaN when masculine F1 is 0 or a partition is missing. */
double xp_gender_bias(const xp_parts *p, int plink);

#endif
