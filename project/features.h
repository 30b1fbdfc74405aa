/*
 * project/features.h — gathering each mention's confidence features
 * (confidence.h) while an utterance is projected, and turning them into
 * confidences once a document's collisions are settled.  Internal to
 * project/: project.c fills an xp_fctx per utterance and calls these at the
 * few places where it knows what they need.
 */
#ifndef XP_FEATURES_H
#define XP_FEATURES_H

#include "confidence.h"
#include "project.h"

/* One utterance as the projection sees it. */
typedef struct xp_fctx {
	const char *const *src;       /* English tokens of the aligned record */
	uint32_t nsrc;
	const char *const *tgt;       /* target tokens as aligned */
	uint32_t ntgt;
	const xp_link *links;         /* the utterance's links (none without a line) */
	size_t nlinks;
	const uint8_t *punct;         /* per target token */
	double score, min_prob;
	const char *lang;
	const char *const *w;         /* written target tokens (characters with --chars) */
	const uint32_t *wlen, *char0; /* char0: first written token of each aligned one, [ntgt] = nw */
	uint32_t nw;
	/* set by xp_fctx_init */
	uint8_t *tany;                /* per target token: some usable link reaches it */
	uint8_t *mark;                /* scratch, ntgt */
	float sent_aligned, free_words;
} xp_fctx;

int xp_fctx_init(xp_fctx *c);
void xp_fctx_free(xp_fctx *c);

/* The features of English mention [s, e) whose projection pm now holds
 * (its span in written tokens); a, b: that span in aligned tokens before
 * the language rules, for a projection.  x: XP_NFEAT values. */
void xp_feat_mention(const xp_fctx *c, const xp_proj_mention *pm, uint32_t s, uint32_t e, uint32_t a, uint32_t b,
		     float *x);

/* After xp_settle: the overlap and collision features of a document's n
 * mentions, their confidences (model m; NULL leaves the uncalibrated ones
 * project.c gave), and the target mentions' (td) copies of them. */
int xp_feat_settle(xp_proj_mention *pm, float *x, size_t n, xp_doc *td, const xp_conf_lang *m);

#endif
