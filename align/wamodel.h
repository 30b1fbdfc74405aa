/*
 * align/wamodel.h — a trained word aligner in memory: what a model file
 * holds (wordalign.h) and how a sampler is made from it and into it.
 * Internal to align/ (and the fuzz target of its reader).
 *
 * A sampler's state is its counts; the alignment variables that made them
 * are the training corpus's and are not kept.  A sampler primed with a
 * model weighs each new token against the model's counts plus those of the
 * new pairs, which is exactly continuing the chain with the training pairs
 * frozen: the pairs of a shard are sampled as if they had been trained
 * with the sample.
 */
#ifndef XP_WAMODEL_H
#define XP_WAMODEL_H

#include "gibbs.h"
#include "wordalign.h"

/* One sampler of one direction d: side d (E) generates side !d (F), in
 * the model's word ids. */
typedef struct wa_msampler {
	uint32_t jump[WA_NJUMP];
	uint32_t *fert;          /* V_E x (WA_FMAX + 1) */
	uint32_t *lex0;          /* V_F: n(NULL, f) */
	uint64_t *loff;          /* V_F + 1: f's (e, n) pairs are lkv[2 loff[f] .. 2 loff[f + 1]) */
	uint32_t *lkv;           /* e ascending within each f; n > 0 */
} wa_msampler;

struct xp_wa_model {
	int lowercase;
	unsigned normalize;
	char lang[2][16];        /* the language each side was normalised as ("": none) */
	unsigned parts[2];       /* XP_NORM_* applied */
	/* with XP_NORM_STEM in parts[d], its method (norm.h: XP_STEM_LEARNED or
	 * a prefix's length), else 0.  A file of version 1 has none: learned
	 * where parts[d] has the part (a pack's own, Farsi's), the only stems
	 * a model could have then */
	int stem[2];
	int version;             /* the file's format version (XP_WA_MODEL_VERSION when made here) */
	double name_prior, closed_prior, loan_prior;
	unsigned closed_classes;
	char *closed_langs, *loan_langs;   /* NULL: the option's NULL */
	uint64_t pairs;
	int samplers;
	uint32_t V[2];
	char **words[2];         /* side d's word types, by id */
	wa_msampler *smp[2];     /* samplers of direction d */
};

/* check_crc 0: the checksum is not compared (for the fuzz target, whose
 * inputs would otherwise never get past it). */
int xp_wa_model_parse_crc(const char *name, const void *buf, size_t len, int check_crc, xp_wa_model **m,
			  xp_err *err);

/* m as a model file's bytes, appended to out; -1 on OOM. */
int xp_wa_model_serialize(const xp_wa_model *m, xp_buf *out);

/* Copy sampler s's counts into ms (its corpus's word ids); -1 on OOM. */
int xp_wa_model_take(const wa_sampler *s, wa_msampler *ms);
void xp_wa_msampler_free(wa_msampler *ms);
/* The counts sampler s's links make alone, over the corpus's first VE / VF
 * words of E and F (its own, before a model's were added): the lexical
 * ones counted from its links, the jumps and fertilities taken from s,
 * which the caller recounted without a model's under them.  A round's
 * input to the merge (wordalign.h, state).  -1 on OOM. */
int xp_wa_model_own(const wa_sampler *s, uint32_t VE, uint32_t VF, wa_msampler *ms);
/* Add ms's counts to a freshly initialised sampler s: emap / fmap give
 * the corpus id of each model word of E and F (nE, nF of them).  The
 * lexical counts of an F word of corpus id fseen or more go to the totals
 * only (a sync round: no token of the shard is that word, and no link of
 * it is kept; a model's whole counts are kept with UINT32_MAX).  -1 on
 * OOM. */
int xp_wa_model_prime(wa_sampler *s, const wa_msampler *ms, const uint32_t *emap, uint32_t nE,
		      const uint32_t *fmap, uint32_t nF, uint32_t fseen);

/* A shard's link state between the rounds of a sync run (wordalign.h,
 * state): per direction d and sampler, its random generator and the link
 * of each token of side !d (0 NULL, else a position of side d), for the
 * pairs whose fingerprint `print` (a CRC-32 of their normalised words) is
 * given.  The file's layout is in wamodel.c. */
typedef struct wa_state {
	int samplers;
	uint32_t nsent;
	uint64_t ntok[2];
	uint32_t print;
	uint64_t *rng[2];        /* per sampler */
	uint16_t **a[2];         /* per sampler: ntok[!d] links */
	/* the pairs' prior cells (prior.h), so that a round does not find
	 * them again: kept with the prior options' fingerprint prior_print,
	 * their number by prior (names, loanwords, closed classes), and
	 * coff[nsent + 1] / cell[ncell] as wa_corpus holds them (owned) */
	int has_cells;
	uint32_t prior_print;
	uint64_t counts[3];
	uint64_t ncell;
	uint32_t *coff;
	wa_cell *cell;
} wa_state;

/* the arrays of s for its sizes, zeroed; -1 on OOM (free it either way) */
int xp_wa_state_alloc(wa_state *s);
void xp_wa_state_free(wa_state *s);
/* s as a state file's bytes, appended to out; -1 on OOM. */
int xp_wa_state_serialize(const wa_state *s, xp_buf *out);
/* XP_EINPUT for bytes that are no whole, valid state file (name). */
int xp_wa_state_parse(const char *name, const void *buf, size_t len, wa_state *s, xp_err *err);

#endif
