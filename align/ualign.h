/*
 * align/ualign.h — aligning transcript utterances to subtitle blocks.
 *
 * A monotone dynamic programme over (utterances done, blocks done) in a
 * band around the diagonal that anchors predict (xp_ualign_centers), with beads
 * 1-0 (an utterance nobody subtitled), 0-1 (a block with no utterance: a
 * song, "previously on"), 1-n (a long utterance split over n <= 20 blocks),
 * n-1 (n <= 4 short utterances merged into one block).  A bead is
 * worth its shared words and character bigrams less a quarter of all of
 * them (both sides; bigrams weigh a third), one more for a 1-1 bead of the
 * very same words, and its confidence is the mean
 * of the word and bigram Dice coefficients of the normalised texts
 * (align/norm.h).  Cost and memory grow linearly with the episode.
 */
#ifndef XP_UALIGN_H
#define XP_UALIGN_H

#include "norm.h"

#include <stddef.h>
#include <stdint.h>

typedef struct xp_ualign_opts {
	int band;           /* blocks either side of the predicted diagonal (default 40) */
	double threshold;   /* beads below this similarity leave utterances unaligned (0.35) */
} xp_ualign_opts;

typedef struct xp_ulink {
	int32_t first;      /* first block index, -1 when unaligned */
	uint16_t nblocks;   /* blocks of the bead */
	uint16_t nutts;     /* utterances of the bead (shared blocks when > 1) */
	float score;        /* the bead's similarity, 0 when unaligned */
} xp_ulink;

void xp_ualign_defaults(xp_ualign_opts *o);
/* out[i] for each of the N utterances.  -1 on OOM. */
int xp_ualign(const xp_unit *U, size_t N, const xp_unit *B, size_t M, const xp_ualign_opts *o,
	      xp_ulink *out);



/* The diagonal the band follows: from row i = 0..N (utterances done) it
 * lies between blocks from[i] and to[i], the band `band` blocks beyond.
 * Anchors are blocks whose rare words point at a single utterance, each its
 * utterance's strongest block; the longest chain of them that keeps the
 * order of both sides is followed, straight lines in between and the
 * chain's own slope beyond its ends, so that a transcript of a few scenes
 * finds them in a whole episode's subtitles.  from[i] == to[i] but across a
 * jump (the transcript skips blocks: scenes k and k + 5 in one file), where
 * the diagonal spans the blocks skipped.  -1 on OOM. */
int xp_ualign_centers(const xp_unit *U, size_t N, const xp_unit *B, size_t M, int band, double *from,
		      double *to);
#endif
