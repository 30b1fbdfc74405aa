/*
 * pipeline/label.h — each mention of a projection report (io/report.h)
 * judged against a reference target corpus (human corrections, or another
 * projection used as a noisy reference).
 *
 * A projected mention is right when its span, on characters, is the span of
 * a reference mention of the same sentence (any cluster: the cluster is the
 * English one by construction).  Characters, because the reference may be
 * tokenised otherwise (MMC's corrected Chinese has words, its projections
 * characters): eval/chars.h pairs the sentences by text and puts both sides
 * on characters.
 *
 * A null projection (no target text, no link, or dropped because another
 * mention holds its span) is recoverable when the reference has a mention in
 * its target sentence that stands for it.  The reference's clusters are not
 * the English ones, so each reference cluster is mapped to the English
 * cluster it agrees with most: exact span matches first, then the sentence
 * pairs they share, then the English cluster that has a mention there that
 * nothing accounts for yet.  In each sentence, the reference mentions of an
 * English cluster that no projected mention of that cluster matches, less the
 * projected mentions of the cluster that are wrong (a correction moves those
 * onto them), are the additions; they go to the cluster's null mentions in
 * English order.
 *
 * A wrong projected mention is also **unmarked** (its item's unmarked field)
 * when the reference marks no mention at all that overlaps its span, on
 * characters, in its sentence (any cluster; a sentence the reference lacks
 * marks nothing): there the reference either missed a mention (a silver's
 * miss: the projection may be right) or a corrector would delete the span.
 * Where it marks an overlapping mention, the projection's span is another
 * one (a corrector moves it).  Unmarked changes no label: it stays
 * XP_LB_WRONG for every consumer (calibrate, the nulls' additions), and a
 * caller that wants the three-way view (right / wrong / unmarked: judge)
 * reads the field.  A projected item with no span to place (a sentence or
 * tokens the projection lacks) is never unmarked.
 */
#ifndef XP_LABEL_H
#define XP_LABEL_H

#include "../io/report.h"
#include "../model/corpus.h"

/* The verdict on an item (its label field). */
typedef enum {
	XP_LB_NONE,            /* not judged (its document is not in the reference) */
	XP_LB_RIGHT,           /* projected, the reference has the span */
	XP_LB_WRONG,           /* projected, it does not */
	XP_LB_RECOVERABLE,     /* null, the reference has a mention for it */
	XP_LB_UNRECOVERABLE,   /* null, it has none */
} xp_label;

/* The kind xp_conf_of takes for an item. */
int xp_ritem_kind(const xp_ritem *it);

typedef struct xp_label_stats {
	size_t right, wrong, recoverable, unrecoverable, unjudged;
	size_t unmarked;                /* of the wrong: no overlapping reference mention */
	size_t ref_mentions;            /* reference mentions in judged sentences */
	size_t unpaired;                /* target sentences with no reference sentence of the same text */
	size_t loose;                   /* projections right only by XP_LB_LOOSE */
} xp_label_stats;

/* XP_LB_LOOSE: the reference writes some mentions by another convention
 * than the projection's rules and the corrected files (MMC's silver): a
 * projected span also counts as right when the reference has it without a
 * Farsi verbal prefix می/نمی at its start (the silver marks کنم where the
 * corrected files keep می کنم: lang.h XP_LR_FA_ATTACH), without a Chinese
 * 的 at its end (你 where they keep 你的: XP_LR_ZH_POSSESSIVE), without a
 * Farsi indefinite یه / یک as its first word (چیزی where they keep یه چیزی:
 * np.h XP_NP_FA_INDEF), or, for a Farsi span of a determiner and a light
 * noun, with either word alone (چی, این, چیز where they keep چی کار, این
 * کارو, همه چیز: XP_NP_FA_COMPOUND, XP_NP_FA_DEM_NOUN).  For judging
 * against a noisy reference to fit on, never against corrections. */
enum { XP_LB_LOOSE = 1 };

/* Whether projected is the target corpus r's run wrote: each document of r
 * whose line has "out_hash" (io/report.h) must have it in projected, as
 * hashed there; a document projected lacks must have had no target
 * sentence.  Else an XP_EINPUT naming the report (rname) line and the
 * document: another run's output judged against r put each label on
 * other words. */
int xp_label_check(const xp_report *r, const char *rname, const xp_corpus *projected, const char *pname,
		   xp_err *err);

/* Judge every item of r: projected, the target corpus the report's project
 * run wrote (its sentences and tokens); ref, the reference.  Documents are
 * matched by id and part; items of documents the reference lacks stay
 * XP_LB_NONE.  flags: XP_LB_LOOSE or 0. */
int xp_label_report(xp_report *r, const xp_corpus *projected, const xp_corpus *ref, const char *ref_name,
		    unsigned flags, xp_label_stats *st, xp_err *err);

#endif
