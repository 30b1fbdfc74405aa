/*
 * align/uconf.h — how far to trust each utterance's pairing with subtitle
 * lines, and how well that finds misalignments.
 *
 * The bead programme (ualign.h) is monotone and scores beads, not where a
 * bead sits among its neighbours: a scene's first line matched to blocks
 * of the episode's start, a scene whose lines are scrambled, or lines
 * shifted by one block all leave some beads with a plausible score.  An
 * utterance's pairing is doubtful when its own words are not in its lines
 * (low similarity; lengths far apart only beside another doubt), when its lines lie far in time from
 * those of its scene neighbours (a time jump), when they come before the
 * previous utterance's lines or after the next's (an order inversion), or
 * when it shares its lines with other utterances and is barely in them.
 * Its confidence is its similarity lowered by each doubt.  What a doubt
 * is, and why these limits, is measured in docs/align-doubt.md.
 */
#ifndef XP_UCONF_H
#define XP_UCONF_H

#include "turns.h"

enum {
	XP_UDOUBT_SIM = 1,     /* its words are not in its lines */
	XP_UDOUBT_LEN = 2,     /* its length and its lines' are far apart (only beside another doubt) */
	XP_UDOUBT_TIME = 4,    /* its lines are far in time from its scene neighbours' */
	XP_UDOUBT_ORDER = 8,   /* its lines come before the previous utterance's or after the next's */
	XP_UDOUBT_SHARED = 16, /* it shares its lines with others and is barely in them */
	XP_UDOUBT_N = 5
};

typedef struct xp_uconf {
	float conf;            /* 0..1; 0 when unaligned */
	unsigned doubt;        /* XP_UDOUBT_* bits, 0 when it looks right (or is unaligned) */
} xp_uconf;

/* The short name of doubt bit k (0 <= k < XP_UDOUBT_N): "similarity",
 * "length", "time", "order", "shared". */
const char *xp_udoubt_name(int k);
/* The names of the bits of doubt, ", " between them, into out. */
void xp_udoubt_words(unsigned doubt, char *out, size_t n);

/* conf[i] for each of the N utterances linked to turns (links[i].first is
 * a turn of T, turn_units their bags), U their bags, scene[i] the index of
 * the scene (document) utterance i is in.  -1 on OOM. */
int xp_uconf_of(const xp_unit *U, const uint32_t *scene, size_t N, const xp_turns *T, const xp_unit *turn_units,
		const xp_ulink *links, xp_uconf *conf);

/* The whole thing for an episode: its utterances' links to turns (as the
 * episode aligner makes them) and their confidences; *links and *conf
 * malloc'd, n of each. */
int xp_episode_uconf(const xp_episode *ep, const xp_turns *T, xp_ulink **links, xp_uconf **conf, size_t *n,
		     xp_err *err);

/* How well the doubt flag finds misalignments in an episode.  Two
 * references.  Injected: `inject` scenes out of every `every` (chosen by
 * seed) get one misalignment each, in turn of three kinds, as the held-out
 * run showed them: the scene's first line paired with blocks 13-15 of the
 * episode's start ("start"), the scene's links scrambled ("scramble"), its
 * 9th, 11th and 13th aligned lines paired with the next line's blocks
 * ("shift").  Silver: TV4Dialog's <uid> tags, where the text says the tag
 * is right and the aligner wrong (a block the utterance holds at most a
 * third of, the tagged one at least two thirds: align-eval --adjudicate's
 * judgement), for most of the utterance's tagged blocks. */
typedef struct xp_doubt_eval {
	size_t utterances, aligned;
	size_t flagged;                 /* aligned utterances flagged (after injection) */
	size_t injected, injected_found;/* changed by injection; of them flagged */
	size_t kind[3], kind_found[3];  /* by kind: start, scramble, shift */
	size_t silver, silver_found;    /* evidently wrong by the tags (not injected); of them flagged */
	size_t clean_flagged;           /* flagged before injection, on the aligner's own links */
	size_t by_bit[XP_UDOUBT_N];     /* flagged utterances with each bit */
	size_t bit_hits[XP_UDOUBT_N];   /* of them, injected or silver wrong */
} xp_doubt_eval;

/* show(arg, utterance, its lines' text, its doubts, silver wrong) for each
 * flagged utterance that was not injected: what to check by hand */
typedef void (*xp_doubt_show)(void *arg, const xp_utt *u, const char *lines, unsigned doubt, int silver);
int xp_episode_doubt_eval(const xp_episode *ep, int every, uint64_t seed, xp_doubt_eval *ev, xp_doubt_show show,
			  void *arg, xp_err *err);
void xp_doubt_eval_add(xp_doubt_eval *to, const xp_doubt_eval *v);

#endif
