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
#include "feat.h"
#include "project.h"

/* A sentence of more than XP_PROJ_WHOLE tokens (English, aligned target or
 * written target) is projected in windows of a few hundred tokens
 * (project.c utt_window, consist.c find).  The largest real ones: 202
 * English tokens and 56 mentions (mmc-tune), 333 aligned and 492 written
 * target tokens (MMC dev, Chinese characters with --chars), ParCorFull's 88
 * and 98: 1024 is twice the largest, five times the English, so every real
 * sentence is seen whole (docs/benchmarks.md). */
enum { XP_PROJ_WHOLE = 1024 };

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
	uint8_t *wtaken;              /* scratch, nw: pron_in marks what lies outside a span */
	float sent_aligned, free_words;
} xp_fctx;

int xp_fctx_init(xp_fctx *c);
void xp_fctx_free(xp_fctx *c);

/* The features of English mention [s, e) whose projection pm now holds
 * (its span in written tokens); a, b: that span in aligned tokens before
 * the language rules, for a projection.  x: xp_nfeat() values (feat.h). */
void xp_feat_mention(const xp_fctx *c, const xp_proj_mention *pm, uint32_t s, uint32_t e, uint32_t a, uint32_t b,
		     float *x);

/* After xp_settle: each of mentions [first, first + n) of p (features x)
 * against the same mentions of nalt other projections alt[] of the same
 * English corpus: feature f (seed_agree: other seeds' alignments; committee:
 * the same alignment under other settings) becomes the share of them that
 * did the same with it (the same target span, or a null for a null). */
struct xp_projection;
void xp_feat_agree(const xp_proj_mention *pm, float *x, size_t first, size_t n, const struct xp_projection *alt,
		   size_t nalt, xp_feat f);

/* After xp_settle: the overlap, collision and cluster-form features of a
 * document's n mentions (ed: the English document), their confidences (model m; NULL leaves the
 * uncalibrated ones project.c gave), and the target mentions' (td) copies of
 * them.  seeds, committee: xp_feat_agree ran for seed_agree, for committee;
 * else that feature is the model's mean.  lang: the target language. */
int xp_feat_settle(xp_proj_mention *pm, float *x, size_t n, const xp_doc *ed, xp_doc *td, int seeds,
		   int committee, const char *lang, const xp_conf_lang *m);

#endif
