/*
 * eval/agree.h — agreement between annotators of coreference.
 *
 * Krippendorff's alpha (Krippendorff 2004, "Content Analysis", ch. 11;
 * 2011, "Computing Krippendorff's Alpha-Reliability"), in its
 * coincidence-matrix form, over any distance: alpha = 1 - D_o / D_e, where
 * D_o averages the distance between values that coders gave the same unit
 * (each unit's ordered pairs weighted 1 / (m_u - 1), m_u its values) and
 * D_e the distance between any two of the same pooled values.  Units with
 * fewer than two values are not pairable and do not count; a coder who gave
 * a unit no value is a missing value, which is all the definition needs.
 *
 * For coreference (Passonneau 2004, 2006) the units are mentions and a
 * coder's value for a mention is the entity it put it in, as the set of its
 * mentions; IAA1 uses Passonneau's distance 1 - M, IAA2 the MASI distance
 * 1 - J * M (J the Jaccard index of the two sets), with M = 1 for equal
 * sets, 2/3 when one is a subset of the other, 1/3 when they share more
 * than one mention, else 0.  Both sets always hold the unit's own mention,
 * so "share more than one mention" asks for agreement beyond it: two coders
 * who link a mention to different antecedents get no credit for it.
 * A mention is identified by its document (id and part) and its token
 * span; a mention one annotator did not mark is a missing value for that
 * annotator (so alpha measures how annotators link the mentions they both
 * marked, and the pairwise mention F1 how far they marked the same ones).
 */
#ifndef XP_AGREE_H
#define XP_AGREE_H

#include "score.h"

#include <stdint.h>

/* --- the alpha core ----------------------------------------------------- */

typedef struct xp_alpha_data {
	size_t nunits;
	const size_t *start;      /* unit u's values: vals[start[u] .. start[u+1]), one per coder */
	const uint32_t *vals;     /* value ids, 0 .. nvalues-1 */
	size_t nvalues;
	/* The distance between two values, in [0, 1], 0 for a value with
	 * itself; it must be 1 for every pair of distinct values that `near`
	 * does not list (nominal data lists none). */
	double (*dist)(uint32_t a, uint32_t b, void *arg);
	void *arg;
	const uint32_t *near;     /* 2 * nnear ids: pairs {a, b}, in any order, repeats allowed */
	size_t nnear;
} xp_alpha_data;

typedef struct xp_alpha {
	double alpha;             /* NaN when D_e = 0 (no variation: alpha is undefined) */
	double d_o, d_e;          /* observed and expected disagreement */
	double n;                 /* pairable values */
	size_t units;             /* pairable units */
} xp_alpha;

/* XP_ENOMEM is the only failure. */
int xp_alpha_compute(const xp_alpha_data *d, xp_alpha *out, xp_err *err);

/* The nominal distance (0 if equal, else 1), for xp_alpha_data.dist. */
double xp_alpha_nominal(uint32_t a, uint32_t b, void *arg);

/* Passonneau's M and the MASI similarity J * M of two sorted, duplicate-free
 * sets of ids (the coreference agreement's distances are 1 minus these). */
double xp_passonneau_m(const uint32_t *a, size_t na, const uint32_t *b, size_t nb);
double xp_masi(const uint32_t *a, size_t na, const uint32_t *b, size_t nb);

/* --- agreement between annotations ------------------------------------- */

typedef struct xp_agree_pair {
	size_t a, b;              /* annotator indexes, a < b */
	size_t documents;         /* documents both annotated */
	xp_scores s;              /* a as key, b as response, over those documents */
} xp_agree_pair;

typedef struct xp_agreement {
	xp_alpha iaa1, iaa2;      /* Passonneau's distance, MASI distance */
	size_t annotators, documents;   /* documents: annotated by at least one */
	size_t units;             /* distinct mentions (document, span) over all annotators */
	size_t lone;              /* of them, marked by one annotator only (not pairable) */
	size_t all;               /* marked by every annotator */
	size_t two_entities;      /* (annotator, mention) in two entities: the first one is taken */
	xp_agree_pair *pairs;     /* every pair of annotators, (0,1), (0,2), ... */
	size_t npairs;
} xp_agreement;

/* Agreement of n >= 2 annotations of the same documents.  Documents pair by
 * id and part; one an annotator lacks gives missing values for all its
 * mentions and is left out of that annotator's pairs.  The annotations of
 * a document must have the same tokens (XP_EINPUT naming names[i], the
 * document and the sentence).  Free with xp_agreement_free. */
int xp_agree(const xp_corpus *const *ann, const char *const *names, size_t n, xp_agreement *out,
	     xp_err *err);
void xp_agreement_free(xp_agreement *a);

#endif
