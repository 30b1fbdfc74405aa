/*
 * align/turns.h — the English side as the utterance aligner sees it.
 *
 * Its units are speakers' turns: a subtitle block, or each turn of a dash
 * block.  "- This is Ross. - How are you?" often ends one utterance and
 * starts the next, which a whole block cannot say.  A turn's time is its
 * share of the block's, by length (for time overlap with a separate target
 * file).  Shared by the episode aligner and the evaluation against tags.
 */
#ifndef XP_TURNS_H
#define XP_TURNS_H

#include "episode.h"

typedef struct xp_turn {
	uint32_t blk, k;        /* block index, turn within it */
	xp_str text;            /* borrowed from the block */
	int64_t start, end;
} xp_turn;

typedef struct xp_turns {
	xp_turn *v;             /* in block order; free(v) */
	size_t n;
} xp_turns;

/* The turns of every block of en (none when en is NULL).  -1 on OOM. */
int xp_turns_of(const xp_subs *en, xp_turns *T);
/* The episode's utterances aligned to turns: (*links)[i].first is a turn.
 * units, when not NULL, receives the utterances' bags (xp_units_free). */
int xp_turn_links(const xp_episode *ep, const xp_turns *T, xp_ulink **links, size_t *n,
		  xp_unit **units, xp_err *err);

/* Free n units and their array. */
void xp_units_free(xp_unit *u, size_t n);

#endif
