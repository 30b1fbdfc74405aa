/*
 * align/sym.h — symmetrising two directional word alignments (Koehn et al.
 * 2003, as in Moses): intersect, union, grow-diag, grow-diag-final,
 * grow-diag-final-and.  Both inputs give links as (source i, target j).
 * A link's probability is the mean of its two directional probabilities
 * (0 for a direction that lacks the link).
 *
 * One-way links: a link that one direction holds and the other does not is
 * a candidate for the growing and final steps only when its posterior (the
 * share of the sampler's samples that took it) is at least `one_way`: below
 * 0.5, most samples put the word elsewhere or nowhere, and the link is the
 * sampler's spare choice, not a translation.  Links read from Pharaoh files
 * have posterior 1 and are never dropped.
 */
#ifndef XP_SYM_H
#define XP_SYM_H

#include "../io/walign.h"

typedef enum {
	XP_SYM_INTERSECT, XP_SYM_UNION, XP_SYM_GROW_DIAG, XP_SYM_GDF, XP_SYM_GDFA
} xp_sym;

/* "intersect", "union", "grow-diag", "grow-diag-final", "grow-diag-final-and"; -1 if none */
int xp_sym_named(const char *name);
const char *xp_sym_name(xp_sym s);

int xp_symmetrize(const xp_walign *fwd, const xp_walign *rev, xp_sym how, xp_walign *out,
		  xp_err *err);

/* One sentence pair's links, appended to out as one more sentence; one-way
 * links below one_way are no candidates (0: all are, as Koehn et al.). */
int xp_symmetrize_pair(const xp_link *fwd, size_t nf, const xp_link *rev, size_t nr, xp_sym how,
		       double one_way, xp_walign *out);

/* The one-way threshold `wordalign` uses by default (docs/cmd/wordalign.md,
 * "One-way links"). */
#define XP_SYM_ONE_WAY 0.5

#endif
