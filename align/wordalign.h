/*
 * align/wordalign.h — the built-in word aligner: a Bayesian HMM alignment
 * model with fertility, trained by collapsed Gibbs sampling in both
 * directions (the design of eflomal: Östling & Tiedemann 2016, "Efficient
 * word alignment with Markov Chain Monte Carlo"; written here from the
 * paper, no code taken from eflomal).
 *
 * Each direction generates the words of one side from the words of the
 * other: every generated word is aligned to one conditioning word or to
 * NULL.  Dirichlet priors on the lexical, jump and fertility distributions
 * are integrated out, so a sampler keeps only counts.  Training runs three
 * stages (lexical only, + jumps, + fertility) in several independent
 * samplers; each link's posterior is the share of the last samples that
 * chose it, summed over samplers, and every word takes its most probable
 * link.  Results depend only on the bitext and the seed, not on --threads.
 */
#ifndef XP_WORDALIGN_H
#define XP_WORDALIGN_H

#include "../io/bitext.h"
#include "../io/walign.h"

#include <stdint.h>

typedef struct xp_wa_opts {
	uint64_t seed;
	int threads;     /* samplers run in parallel; >= 1 */
	int samplers;    /* independent samplers per direction; default 3 */
	int iters;       /* iterations of the last stage; 0 = from the corpus size */
	int lowercase;   /* compare words lower-cased (ICU, root locale) */
} xp_wa_opts;

void xp_wa_defaults(xp_wa_opts *o);

/* fwd: each target word aligned to a source word; rev: each source word
 * aligned to a target word.  Both hold (source i, target j) links with
 * their posterior probability, one sentence per bitext line. */
int xp_wordalign(const xp_bitext *b, const xp_wa_opts *o, xp_walign *fwd, xp_walign *rev,
		 xp_err *err);

#endif
