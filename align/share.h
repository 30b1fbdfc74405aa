/*
 * align/share.h — one subtitle turn's target text shared out among the
 * utterances of an n-1 bead (align/ualign.h).
 *
 * Two to four utterances aligned to one turn ("Hi. That is not a happy
 * hi." for "Hi." and "Hi. That is ..."; a line the subtitles left out,
 * merged into its neighbour's bead by a few character bigrams) would each
 * get the whole target text: the projection of each would see the other's
 * words, and the target corpus would say them twice.  Instead the text is
 * cut once.  The English side says where: the turn's words are split into
 * consecutive runs, one per utterance in order (possibly empty), so that
 * the runs hold as many of their utterances' words as can be (ties: fewer
 * utterances with words, then less to the earlier ones: words nobody
 * says go with the utterance after them, and a turn none of them says
 * with the last).  An utterance whose run is empty gets no target.  The target is cut where the English
 * is, in proportion of characters, at the nearest place of the best kind
 * it has: a dash opening a turn ("- "), else a sentence's end (Unicode's
 * Sentence_Terminal), else a phrase break (spaces in a script written
 * without them; elsewhere two spaces in a row); a cut nearer the start or
 * the end of the text than to any such place gives the whole to one side.
 * Every byte of the text goes to one utterance, none to two, and the same
 * input always gives the same cut.  Language-independent: no word lists.
 */
#ifndef XP_SHARE_H
#define XP_SHARE_H

#include "norm.h"
#include "../base/text.h"

/* At most this many utterances share a turn (ualign.c MAX_MERGE). */
#define XP_SHARE_MAX 4

/* The pieces of tgt for the g utterances utts[0..g) (2 <= g <=
 * XP_SHARE_MAX) sharing the English text en: cut[0..g], cut[0] = 0,
 * cut[g] = tgt.n, utterance k's piece tgt.p[cut[k] .. cut[k + 1]).
 * unspaced: tgt is of a language written without spaces.  0, or -1 when
 * memory ran out. */
int xp_share_cuts(xp_normalizer *z, xp_str en, const char *const *utts, size_t g, xp_str tgt, int unspaced,
		  size_t *cut);

/* A piece as a target text: without its surrounding spaces and the dash
 * that opens a turn (io/subs.h xp_sub_dash). */
xp_str xp_share_piece(xp_str tgt, size_t a, size_t b);

#endif
