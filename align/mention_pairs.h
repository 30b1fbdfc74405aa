/*
 * align/mention_pairs.h — mention-level training pairs from a projected or
 * corrected target corpus.
 *
 * A target corpus that carries coreference (MMC's Chinese and Farsi silver,
 * a file `xproj db export` wrote after correction, `xproj project`'s own
 * output) says, for every English mention that reached the target, which
 * target span it became: "my brother" became "برادرم", "Ross" "راس".  Such
 * span pairs are what a small bitext lacks, and a word aligner can train on
 * them as short sentence pairs.  Nothing in the files links a target
 * mention to its English mention, so this module finds the links again:
 *
 *   1. the sentences are paired as `xproj pair` pairs them (align/pair.h);
 *   2. per document, target clusters are matched to English clusters by
 *      where they co-occur (xp_cluster_match, below): the target file may
 *      number its clusters its own way;
 *   3. per paired sentence, a target mention of a matched cluster goes with
 *      the English mention of that cluster in the paired utterance, when
 *      that is one mention (or all candidates on both sides read the same,
 *      so which goes with which does not change the text written).
 *
 * Everything else is counted, never guessed: target mentions whose cluster
 * could go with more than one English cluster, or whose English cluster has
 * several differently written mentions in the utterance, are "ambiguous";
 * those whose cluster has no English counterpart, or whose English cluster
 * is absent from the paired utterance (a sentence paired wrongly, a
 * projection across sentences), are "skipped".
 */
#ifndef XP_MENTION_PAIRS_H
#define XP_MENTION_PAIRS_H

#include "../base/buf.h"
#include "pair.h"

/* xp_cluster_match's verdict on a target cluster, besides an English
 * cluster's index */
enum { XP_CM_NONE = -1, XP_CM_AMBIGUOUS = -2 };

typedef struct xp_cmatch_stats {
	size_t clusters;     /* target clusters */
	size_t matched;      /* given one English cluster */
	size_t ambiguous;    /* with more than one equally good English cluster */
	size_t unmatched;    /* with none */
	size_t crowded;      /* sentence pairs too crowded to count (see the .c) */
} xp_cmatch_stats;

/* Match the clusters of tgt (a target document) to those of en (its English
 * document).  tgt_of[i] is the target sentence paired with English
 * utterance i, or -1 (en->nutts entries; values outside tgt's sentences
 * count as -1).  match gets tgt->nclusters entries: an index into
 * en->clusters, XP_CM_NONE or XP_CM_AMBIGUOUS.  Counts are added to *st.
 * Returns 0, or -1 when memory runs out. */
int xp_cluster_match(const xp_doc *en, const xp_doc *tgt, const int32_t *tgt_of, int32_t *match,
		     xp_cmatch_stats *st);

typedef struct xp_mpairs_stats {
	xp_pair_stats pair;       /* the sentence pairing's */
	xp_cmatch_stats clusters;
	size_t tgt_mentions;      /* target mentions, all in paired sentences */
	size_t written;           /* span pairs written: target mentions used */
	size_t ambiguous, skipped;   /* the other target mentions; the three add up */
	size_t ambiguous_cluster;    /* of the ambiguous: their cluster is */
} xp_mpairs_stats;

/* Append one "English span ||| target span" line per linked mention pair
 * of en and tgt to out (tokens as `xproj bitext` writes them; with
 * o->tokens XP_PAIR_TOKENS_WORDS the target span in the ICU words of its
 * sentence, cut at the span's edges).  Errors are xp_pair's. */
int xp_mention_pairs(const xp_corpus *en, const xp_corpus *tgt, const xp_pair_opts *o, xp_buf *out,
		     xp_mpairs_stats *st, xp_err *err);

#endif
