/*
 * align/gibbs.h — the word aligner's corpus as integer data, and one
 * collapsed Gibbs sampler over one direction of it.  Internal to align/.
 *
 * Memory is linear in the number of tokens, never in source x target cells:
 * the corpus is one id per token and side; a sampler holds one alignment
 * variable per generated token and, per generated word type, a small hash
 * map of the counts that are not zero (a word is aligned to few types, so
 * these maps stay small, and weighing a token's I choices reads one of them).
 */
#ifndef XP_GIBBS_H
#define XP_GIBBS_H

#include <stddef.h>
#include <stdint.h>

/* Sentences longer than this on either side are not sampled (and get no
 * links): alignment variables are 16-bit positions. */
#define WA_MAXLEN 65000u

/* One side of the corpus: tokens of sentence s are tok[off[s]..off[s+1]). */
typedef struct wa_side {
	uint32_t *tok;
	uint64_t *off;
	size_t ntok, cap;
	uint32_t V;            /* word types */
} wa_side;

/* A cell of a sentence pair whose weight is multiplied by f in both
 * directions: source position i, target position j (0-based); prior.h. */
typedef struct wa_cell {
	uint16_t i, j;
	float f;
} wa_cell;

typedef struct wa_corpus {
	wa_side side[2];       /* 0 source, 1 target */
	uint32_t nsent;
	/* the last nlex sentences teach the lexical model only (wordalign.h,
	 * train_lex): sampled with every sweep, but their jumps and
	 * fertilities are neither counted nor weighed */
	uint32_t nlex;
	size_t cap_sent;
	/* sentence k's boosted cells: cell[coff[k]..coff[k+1]); coff NULL: none */
	uint32_t *coff;
	wa_cell *cell;
	size_t ncell;
	/* the source side's mention blocks (wordalign.h, src_spans): per side-0
	 * token, 0 or the number within its sentence of the run of mention
	 * tokens it belongs to; a jump that stays in a block weighs blk_f times
	 * more (gibbs.c, hold_spans).  NULL: no spans, the sampler as without */
	uint16_t *blk;
	double blk_f;
} wa_corpus;

static inline uint32_t wa_len(const wa_side *d, uint32_t s) { return (uint32_t)(d->off[s + 1] - d->off[s]); }

/* Counts of what generates word type f: e -> n(e, f) for n > 0, open
 * addressing with linear probing; kv holds (e + 1, n) pairs, 0 = empty. */
typedef struct wa_map {
	uint32_t *kv;
	uint32_t n, mask;
} wa_map;

enum { WA_LEX = 1, WA_JUMP = 2, WA_FERT = 4 };

#define WA_MAXJ 64
#define WA_NJUMP (2 * WA_MAXJ + 1)
#define WA_FMAX 7

/* P(null)'s odds over the NULL word's lexical denominator den, for the
 * counts nnull and nword (weigh keeps the last two: den 0 = none). */
typedef struct wa_pnull {
	uint32_t nnull, nword;
	double odds, den;
} wa_pnull;

/* One sampler of direction dir: side[dir] (E) generates side[!dir] (F). */
typedef struct wa_sampler {
	const wa_corpus *c;
	int dir;
	uint32_t nsent;          /* sentences sampled: [0, nsent) */
	uint64_t rng;
	uint16_t *a;             /* per F token: 0 (NULL) or source position 1..I */
	wa_map *lex;             /* per F type: one map per generated token, whatever I is */
	uint32_t *lex0;          /* per F type: n(NULL, f) */
	uint32_t *etot;          /* per E type: words it generates */
	uint32_t nnull, nword;
	double lexden;           /* a_lex * |V_F| */
	uint32_t jump[WA_NJUMP], jtot;
	double jd[WA_NJUMP];     /* jump[d] + a_jump, as the weights use it */
	double jr[WA_NJUMP];     /* jd reversed, jr[d] = jd[2 WA_MAXJ - d]: read ascending */
	uint32_t *fert;          /* per E type x fertility bucket 0..WA_FMAX */
	double *w;               /* scratch: cumulative candidate weights */
	double *pos;             /* scratch: what a position's weight owes to its word, not to f */
	uint32_t *phi;           /* scratch: fertility of each position of a sentence */
	double *cnt;             /* scratch: n(e_i, f) of each position i, else 0 */
	double *saved;           /* scratch: the weights a removed link's positions had */
	uint32_t slot;           /* the removed link's lexical map slot (resample) */
	wa_pnull pn[2];
	uint16_t *where, *same;  /* scratch: positions of a sentence by word type */
	uint32_t *hash;          /* scratch: hash[i], the map hash of source position i's word */
	uint16_t *dup;           /* scratch: (position, first position of its type) of repeated types */
	uint32_t ndup;
	uint64_t cmask;          /* scratch: the sentence's generated positions with prior cells */
	uint32_t maxI;
	int oom;
	uint64_t changed;        /* tokens whose link the sweeps moved (xp_wa_sweep adds) */
	uint64_t drawn;          /* tokens the sweeps drew */
	/* a model's counts (align/wamodel.h), kept under the corpus's own:
	 * xp_wa_recount starts the jumps and fertilities from them (NULL: none) */
	const uint32_t *jump0;
	uint32_t *fert0;         /* owned: per E type x bucket, in the corpus's ids */
	uint32_t others_jump[WA_NJUMP];   /* jump0 less the links' own (xp_wa_uncount_given) */
} wa_sampler;

int xp_wa_sampler_init(wa_sampler *s, const wa_corpus *c, int dir, uint64_t seed);
void xp_wa_sampler_free(wa_sampler *s);
/* The first alignment: uniformly random.  (Drawing each token from the
 * lexical model of the tokens before it starts with smaller maps, but the
 * early words' links then stay stuck: 5 points of projection F1 lost on
 * mmc-tune Farsi.) */
int xp_wa_init(wa_sampler *s);
/* The first alignment of a sampler primed with a model's counts
 * (xp_wa_model_prime): each token drawn from the lexical model, sentence by
 * sentence, its counts added as it goes.  A random start would add as many
 * wrong counts as the pairs have tokens, which a model of a sample no
 * larger than the shard could not outweigh. */
int xp_wa_init_draw(wa_sampler *s);
/* The first alignment given: the links already in s->a (a sync round's
 * saved state, wordalign.h), counted as xp_wa_init counts its random ones. */
int xp_wa_init_given(wa_sampler *s);
/* The links already in s->a taken out of the counts of a model that holds
 * them (xp_wa_model_prime of the merge of the round that wrote them): its
 * lexical counts and, under them, its jumps and fertilities, so that
 * xp_wa_init_given then counts the links again.  1 when the model holds fewer
 * of some count than the links make (not the merge they are in). */
int xp_wa_uncount_given(wa_sampler *s);
/* Add n to the count of (e generates f); -1 on OOM. */
int xp_wa_lex_add(wa_sampler *s, uint32_t f, uint32_t e, uint32_t n);
/* Recount jumps / fertilities from the current alignment (entering a stage). */
void xp_wa_recount(wa_sampler *s, unsigned parts);
/* One sweep over sentences [from, to) with the model parts in `parts`. */
int xp_wa_sweep(wa_sampler *s, unsigned parts, uint32_t from, uint32_t to);
/* xp_wa_sweep of two samplers of one direction and corpus at once, token by
 * token: each one's links and counts are what xp_wa_sweep gives it alone, in
 * less time (the sweep waits on chains of dependent additions; two
 * independent ones overlap). */
int xp_wa_sweep2(wa_sampler *s, wa_sampler *r, unsigned parts, uint32_t from, uint32_t to);
/* Sentence k, `passes` times: each token's distribution given the rest is
 * added (normalised) to acc[j * (I + 1) + i]; the token is then resampled. */
int xp_wa_sentence_marginals(wa_sampler *s, unsigned parts, uint32_t k, int passes, double *acc);

#endif
