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
 * samplers per direction, over every sentence pair given: the pairs to
 * align and any number of pairs given for training only (a larger bitext of
 * the same languages makes the lexical counts of the small one reliable).
 * A link's posterior is then each sampler's distribution for the word given
 * the rest, averaged over a few final passes and the samplers; every word
 * takes its most probable link.  Results depend only on the input and the
 * seed, not on the number of threads.
 *
 * The number of samplers grows for a small corpus, so that every corpus gets
 * a least amount of work (xp_wa_run; --samplers fixes it).
 *
 * Memory is linear in the tokens (see gibbs.h), so a million sentence pairs
 * train in a few hundred megabytes.
 *
 * The samplers see each side's words normalised for its language (align/
 * norm.h: NFKC, case, apostrophes, English clitics split as the annotated
 * corpora split them, Persian letters, digits, ZWNJ, Chinese punctuation,
 * Persian affixes and English -s/-ed/-ing split off stems the side has),
 * so that "it’s" in a subtitle and "it 's" in a CoNLL file, or يک and یک,
 * are the same words to them.  Each word type is normalised once, after all
 * pairs are in (the language of a side not given is then found from the
 * script of its words); a token that becomes two words gives both its
 * index, and every link refers to the tokens as given.
 */
#ifndef XP_WORDALIGN_H
#define XP_WORDALIGN_H

#include "sym.h"
#include "../io/bitext.h"
#include "../io/walign.h"

#include <stdint.h>

/* What a long run reports as it goes (called from any thread, one call at a
 * time). */
typedef struct xp_wa_progress {
	const char *stage;       /* "reading", "sampling", "decoding" */
	uint64_t done, total;    /* sentence pairs read; sentence-pair sweeps done / planned */
	double seconds;          /* since xp_wa_run started */
} xp_wa_progress;

typedef struct xp_wa_opts {
	uint64_t seed;
	int threads;             /* parallel samplers; 0 = the number of cores */
	int samplers;            /* independent samplers per direction; 0 (the default) = from the
				    corpus size: 3, more for a small corpus (WA_MIN_WORK) */
	int iters;               /* sweeps of the last stage; 0 = from the corpus size */
	double settle;           /* > 0: the second and third stages stop once their links have
				    settled: when the share of links a sweep moves, averaged over 8
				    sweeps, falls by less than this (relative) from the 8 before;
				    the sweeps above are then the most.  0 (the default): every
				    stage runs its length (docs/wordalign-schedule.md) */
	int lowercase;           /* compare words lower-cased (ICU, root locale) */
	unsigned normalize;      /* the parts of align/norm.h's XP_NORM_* that may apply (default
				    XP_NORM_ALL; 0: words as given) */
	const char *lang[2];     /* source and target language, which decide the parts;
				    NULL or "": from the script of the side's words */
	int stem[2];             /* each side's words reduced to their stems (norm.h
				    XP_NORM_STEM: XP_STEM_LEARNED or a prefix's length;
				    XP_STEM_NONE: none, over the defaults); 0 (the
				    default): as the pair's pack says (lang.h stem for
				    the target, src_stem for an English source, the
				    target's language's pack), else as the side's
				    language's parts say (Farsi's `stem`: learned).  A
				    model sets them (xp_wa_model_settings) */
	double one_way;          /* xp_wa_collect: a link one direction alone holds is a candidate for
				    the symmetrisation only with this posterior (sym.h; default
				    XP_SYM_ONE_WAY; 0: every link) */
	double name_prior;       /* the name prior's factor for a perfect match (prior.h, WA_PRIOR_BOOST
				    is the measured one and the default); 0 = off */
	double closed_prior;     /* the closed-class prior's factor (prior.h: pronouns and their
				    translations by a grammar's table: English with a language
				    whose pack has one, lang.h closed_class); 0 = off */
	unsigned closed_classes; /* the classes it boosts (WA_CC_* of prior.h; 0: all) */
	const char *closed_langs;   /* the other sides' languages it is for, by space (codes); NULL
				       (the default): every language it has a table for */
	double loan_prior;       /* the loanword prior's factor for a perfect match (prior.h: rare
				    English words and their transliterations); 0 = off */
	const char *loan_langs;  /* the other sides' languages it is for, by space (default: the
				    packs with XP_LT_LOANWORDS, lang.h); NULL: every language */
	const char *const *train;   /* bitext files for training only (gzip or plain) */
	size_t ntrain;
	/* bitext files for the lexical model only: short pairs such as a span
	 * and its translation (`xproj mention-pairs`), whose word order and
	 * fertilities say nothing of a sentence's.  They are sampled with the
	 * rest, but no jump or fertility of theirs is counted, and they do not
	 * count towards the sweeps the corpus size gives */
	const char *const *train_lex;
	size_t ntrain_lex;
	/* more such pairs in memory, bitext lines (a store's confirmed span
	 * pairs, correct/db.h xp_db_pairs, which the pipeline reads), read
	 * after the train_lex files; lex_mem_name names them in errors */
	const char *lex_mem, *lex_mem_name;
	size_t lex_mem_len;
	void (*progress)(void *arg, const xp_wa_progress *p);
	void *progress_arg;
	/* a trained model (xp_wa_model_read) whose counts every sampler starts
	 * from: the pairs are drawn from it, sampled adapt_sweeps times with
	 * their counts joining the model's, and decoded; no training stages.
	 * Apply its settings first (xp_wa_model_settings).  NULL: train. */
	const struct xp_wa_model *model;
	int adapt_sweeps;
	int keep_model;          /* keep what training learned, for xp_wa_model_write */
	/* learn the target forms of the English side's names from every pair
	 * trained on (xp_wa_names; default on) */
	int learn_names;
	/* learn the target phrases of the English side's word runs from every
	 * pair trained on (xp_wa_phrases; default off: it costs memory) */
	int learn_phrases;
	/* the source side's mentions as soft constraints (align/gibbs.c,
	 * hold_spans): one sentence per pair to align, in order, each link
	 * (i, j) the source tokens i..j (0-based, inclusive, as given; io/
	 * walign.h reads them as Pharaoh).  Spans of two or more tokens that
	 * overlap make one block; a transition of the alignment chain that stays
	 * in a block weighs span_factor times more.  NULL, or a factor of 1:
	 * no constraint, the links as without */
	const xp_walign *src_spans;
	const char *src_spans_name;   /* its file, for errors (NULL: "") */
	double span_factor;
	/* the target languages the spans are for, by space (default: the packs
	 * with XP_LT_MENTION_SPANS, none today); NULL: every language */
	const char *span_langs;
	/* > 0: decoding also keeps, for every pair to align, each candidate
	 * link whose posterior in one direction reaches this floor, not only
	 * each word's best (xp_wa_all_links; `wordalign --all-probs`).  0 (the
	 * default): none kept, nothing costs more */
	double all_floor;
	/* A round of a sync run (docs/workflow.md, "Shards in sync"): the
	 * shard's samplers continue the link state of its last round (state,
	 * state_len bytes of a file xp_wa_state_write wrote for these pairs;
	 * NULL: none yet, the links are drawn from the model, or at random
	 * without one), make adapt_sweeps sweeps of stage (1 lexical, 2 +
	 * jumps, 3 + fertility; 0: 3) and no training stages; keep_state keeps
	 * the state for xp_wa_state_write.  no_decode: no links wanted, none
	 * read off (a round before the last) */
	const void *state;
	size_t state_len;
	const char *state_name;  /* for errors */
	int keep_state;
	int stage;
	int no_decode;
	/* the model is the merge of the round that wrote the state, which
	 * holds its links' counts (they are taken out: the other shards'
	 * counts are left); 0: the model's counts are the others' already
	 * (--minus) or hold none of these pairs (a sample's).  With keep_model,
	 * a sync round keeps the counts of its own links alone, over its
	 * own words: the round's input to xp_wa_model_merge */
	int state_in_model;
} xp_wa_opts;

/* `wordalign --all-links`'s default floor: below it a link is one sample
 * in twenty, and a mention's span takes nothing from it */
#define XP_WA_ALL_FLOOR 0.05

/* span_factor's default (docs/rules.md, "Which links make a span":
 * Farsi passes the audit at 2, Chinese loses) */
#define XP_WA_SPAN_FACTOR 2.0
/* the factors --span-factor takes; a run's record holds one of them */
#define XP_WA_SPAN_FACTOR_MIN 0.001
#define XP_WA_SPAN_FACTOR_MAX 1000.0

void xp_wa_defaults(xp_wa_opts *o);

/* The aligner in steps, for bitexts too large to hold as text. */
typedef struct xp_wa xp_wa;

int xp_wa_new(xp_wa **w, const xp_wa_opts *o, xp_err *err);
void xp_wa_free(xp_wa *w);
/* Sentence pairs to align (their links come out, in the order added). */
int xp_wa_add_bitext(xp_wa *w, const xp_bitext *b, xp_err *err);
/* The pairs of a bitext file, streamed; to align, or for training only. */
int xp_wa_add_file(xp_wa *w, const char *path, int train_only, xp_err *err);
/* Pairs for training only, from a bitext's text in memory (name for errors). */
int xp_wa_add_train_mem(xp_wa *w, const char *name, const char *buf, size_t len, xp_err *err);
/* Reads o->train, trains, and finds the links of the pairs to align. */
int xp_wa_run(xp_wa *w, xp_err *err);
size_t xp_wa_nsent(const xp_wa *w);
/* Links of aligned pair s as (source i, target j, posterior): fwd, each
 * target word's link to a source word; rev, each source word's link to a
 * target word.  The arrays belong to w and change with the next call. */
int xp_wa_links(xp_wa *w, size_t s, const xp_link **fwd, size_t *nf, const xp_link **rev,
		size_t *nr, xp_err *err);
/* Every candidate link of aligned pair s, kept or not, appended to out as
 * one more sentence, with its symmetrised posterior: the mean of the two
 * directions' posteriors (each the share of the final passes' samples that
 * put the word there, averaged over the samplers; 0 for a direction whose
 * posterior is below o.all_floor), kept when that mean reaches
 * o.all_floor.  For a kept link this is the same mean as its --probs
 * value, except that --probs counts 0 for a direction whose best link is
 * elsewhere.  Two aligner tokens of one original token give the larger
 * posterior.  Sorted by (i, j).  XP_EUSAGE without o.all_floor. */
int xp_wa_all_links(xp_wa *w, size_t s, xp_walign *out, xp_err *err);
/* Every aligned pair's links appended to fwd and rev, and symmetrised by
 * `how` into sym (one-way links below the options' one_way left out). */
int xp_wa_collect(xp_wa *w, xp_sym how, xp_walign *fwd, xp_walign *rev, xp_walign *sym, xp_err *err);
/* The links of every aligned pair written as text as they are made, in
 * pieces of a few thousand pairs, to each of the n sinks (no copy of all
 * the links is ever held): the symmetrised links (by `how`, as
 * xp_wa_collect), or each direction's; as Pharaoh (io/walign.h
 * xp_pharaoh_write) or their posteriors (xp_probs_write).  The files are
 * byte for byte what xp_wa_collect's links give those writers.  A put that
 * fails stops it (XP_EIO). */
enum { XP_WA_SYM, XP_WA_FWD, XP_WA_REV };
typedef struct xp_wa_sink {
	int links;          /* XP_WA_SYM, XP_WA_FWD or XP_WA_REV */
	int probs;          /* 1: the posteriors, 0: Pharaoh */
	int (*put)(void *pctx, const void *data, size_t len);   /* 0, or -1 on a write error */
	void *pctx;
} xp_wa_sink;
int xp_wa_write(xp_wa *w, xp_sym how, const xp_wa_sink *out, size_t n, xp_err *err);
/* What normalising side d (0 source, 1 target) did, after xp_wa_run. */
typedef struct xp_wa_norm {
	const char *lang;        /* the language it was normalised as ("": none known) */
	const char *script;      /* the script found, when lang was not given; else "" */
	unsigned parts;          /* XP_NORM_* applied */
	int stem;                /* with XP_NORM_STEM in parts, its method (norm.h
				    XP_STEM_LEARNED or a prefix's length); else 0 */
	int stem_from;           /* where the method came from: XP_WA_STEM_* */
	uint64_t tokens;         /* tokens of the side */
	uint64_t changed;        /* tokens whose words differ from the token */
	uint64_t split;          /* tokens that became two or more words */
	uint64_t dropped;        /* tokens that became none (a lone ZWNJ) */
	uint32_t types, ntypes;  /* word types before and after */
} xp_wa_norm;
/* xp_wa_norm.stem_from */
enum {
	XP_WA_STEM_PART = 0,     /* the language's part `stem` (its pack's norm) */
	XP_WA_STEM_OPTION = 1,   /* xp_wa_opts.stem (--stem, or a model's) */
	XP_WA_STEM_PAIR = 2,     /* the target language's pack (lang.h stem, src_stem) */
};
const xp_wa_norm *xp_wa_normalized(const xp_wa *w, int side);

/* The schedule xp_wa_run chose: samplers a direction, and the sweeps of
 * each sampler over the corpus (its three stages together). */
void xp_wa_schedule(const xp_wa *w, int *samplers, int *sweeps);
/* The schedule xp_wa_run would take, without training: reads o.train and
 * o.train_lex and normalises (as xp_wa_run does, once), then fills out.
 * The same code xp_wa_run sets its schedule with (`wordalign --schedule`). */
typedef struct xp_wa_sched {
	int samplers;       /* a direction */
	int sweeps[3];      /* of stages 1, 2, 3 (after one sweep of the start) */
	int passes;         /* the links are read off: passes a sampler */
	uint64_t pairs;     /* the corpus size the sweeps come from (--train-lex
			     * pairs not counted, a --model's pairs counted) */
	int exact;          /* 1: every stage makes exactly its sweeps (--iters, a
			     * model, a sync round); 0: they are the most, and a
			     * stage may stop once its links converge */
} xp_wa_sched;
int xp_wa_plan(xp_wa *w, xp_wa_sched *out, xp_err *err);

/* The target forms of the English side's names (words capitalised where
 * no sentence begins), learned from every sentence pair trained on, the
 * --train ones too: the words each name's occurrences were linked to, kept
 * when a form is frequent enough (align/namelearn.h), added to out (an
 * io/names.h set, initialised by the caller; nothing without learn_names).
 * After xp_wa_run. */
struct xp_names;
int xp_wa_names(const xp_wa *w, struct xp_names *out, xp_err *err);
/* The target phrases of the English side's word runs (of 1 to 4 words, no
 * punctuation), learned like the names with phrase extraction consistent
 * with the alignment (align/phraselearn.h), added to out (nothing without
 * learn_phrases). */
int xp_wa_phrases(const xp_wa *w, struct xp_names *out, xp_err *err);

/* What training did: the mean sweeps a sampler made (fewer than
 * xp_wa_schedule's with opts.settle), and the share of links the last sweep
 * of each stage moved, averaged over the samplers (how far from settled the
 * chains were when they stopped). */
void xp_wa_settling(const xp_wa *w, double *sweeps, double moved[3]);
/* What each training stage took (after xp_wa_run): the plan's sweeps of
 * stages 1, 2 and 3 (most), the mean sweeps a sampler made (at most those), and
 * the samplers of both directions whose stage stopped before the plan's
 * end because its links had converged (the rest made the plan's sweeps;
 * with opts.settle, settled samplers are not counted here). */
void xp_wa_stages(const xp_wa *w, int most[3], double sweeps[3], int early[3]);

/* Where the time went: each phase's name, wall and CPU seconds (all
 * threads), in order (reading the pairs, normalising their words, the
 * priors, sampling, decoding, the links of xp_wa_collect); at most max of
 * them into out, their number returned.  Decoding runs in the sampling
 * threads as each direction ends, so its wall time overlaps sampling's; its
 * CPU is not in sampling's. */
typedef struct xp_wa_phase {
	const char *name;
	double wall, cpu;
	long peak_kb;       /* the process's peak memory when it ended (KB; 0 unknown) */
} xp_wa_phase;
size_t xp_wa_phases(const xp_wa *w, xp_wa_phase *out, size_t max);

/* The cells the closed-class prior boosted (0 when off), after xp_wa_run. */
long xp_wa_closed_cells(const xp_wa *w);
/* The blocks of source mention tokens the aligner held together (0: the
 * spans were not used: none given, factor 1, or a language not in
 * span_langs), after xp_wa_run. */
long xp_wa_span_blocks(const xp_wa *w);
/* The cells the loanword prior boosted (0 when off), after xp_wa_run. */
long xp_wa_loan_cells(const xp_wa *w);

/* The pairs of o->train_lex read, after xp_wa_run. */
size_t xp_wa_lexical(const xp_wa *w);
/* --train and --train-lex files that held no sentence pair (taken: an
 * episode's pairs may be none), and the first of them. */
size_t xp_wa_train_empty(const xp_wa *w, const char **first);

/* --- a trained model, saved and reused (align/wamodel.c) ---------------------
 *
 * What training learned, per direction and sampler: the lexical counts
 * (which word generated which, and NULL), the jump and the fertility counts,
 * over each side's vocabulary of normalised words; and the settings the
 * words were normalised and the priors found with.  Aligning more pairs of
 * the same languages with it (shards of a large bitext) gives every shard
 * the same prior instead of one learned from the shard alone.
 *
 * The file is binary, little-endian: the magic "XPROJWA\n", a format
 * version, the file's length and, last, a CRC-32 of all before it; a file
 * that is truncated, corrupt, of another version or not a model at all is
 * refused with its name and the reason.  It may be gzipped (".gz"). */
typedef struct xp_wa_model xp_wa_model;

/* 2: each side's stem method after its parts (version 1, without, is
 * still read) */
#define XP_WA_MODEL_VERSION 2
/* `wordalign --model`'s default adapt_sweeps */
#define XP_WA_ADAPT_SWEEPS 2

/* A model from a file (gzip or plain), or from bytes in memory (name for
 * errors).  XP_EINPUT for a file that is no valid model. */
int xp_wa_model_read(const char *path, xp_wa_model **m, xp_err *err);
int xp_wa_model_parse(const char *name, const void *buf, size_t len, xp_wa_model **m, xp_err *err);
void xp_wa_model_free(xp_wa_model *m);
/* The model's settings (lower-casing, normalisation, languages, priors) into
 * o; a setting o holds that is not the default and not the model's is
 * refused (XP_EUSAGE, naming it), as is a model of a format this build's
 * sampler does not have. */
int xp_wa_model_settings(const xp_wa_model *m, xp_wa_opts *o, const char *name, xp_err *err);
/* Its size: samplers a direction, word types of side d, pairs trained on. */
int xp_wa_model_samplers(const xp_wa_model *m);
uint32_t xp_wa_model_words(const xp_wa_model *m, int side);
uint64_t xp_wa_model_pairs(const xp_wa_model *m);
/* What xp_wa_run learned (its options had keep_model) as a model file's
 * bytes, appended to out. */
int xp_wa_model_write(const xp_wa *w, xp_buf *out, xp_err *err);

/* The models in[0..n) (files names[]) summed into one, *out: the union of
 * their vocabularies (in[0]'s words keep their ids), each sampler's
 * lexical, NULL, jump and fertility counts added, their pairs too.  The
 * rounds of a bitext aligned in shards: each shard trained on its own
 * pairs (--save-model), the sum aligns every shard (--model), so that each
 * learns from every pair.  Models trained with other settings (languages,
 * normalisation, priors, samplers) are refused naming the file and the
 * setting (XP_EINPUT), as are counts that would overflow a sampler's.
 * Models adapted from a model (--model with --save-model) hold that
 * model's counts: summing them counts it as often. */
int xp_wa_model_merge(xp_wa_model *const *in, const char *const *names, size_t n, xp_wa_model **out,
		      xp_err *err);
/* The same with a sign (+1 or -1) for each model: a shard's counts taken
 * from a sum they are in.  A count that ends below zero is refused. */
int xp_wa_model_combine(xp_wa_model *const *in, const int *sign, const char *const *names, size_t n,
			xp_wa_model **out, xp_err *err);
/* Every count of m times w (w > 0; rounded to the nearest, counts that
 * round to zero dropped), its pairs too, in place: a model of a sample
 * weighs, as a shard's prior, like w times the pairs it was trained on
 * (`wordalign --prior-weight`).  Counts that would overflow a sampler are
 * refused (XP_EINPUT, name), the model then unchanged in part: free it. */
int xp_wa_model_scale(xp_wa_model *m, double w, const char *name, xp_err *err);
/* m as a model file's bytes, appended to out. */
int xp_wa_model_bytes(const xp_wa_model *m, xp_buf *out, xp_err *err);

/* The link state of every sampler, after xp_wa_run with keep_state, as a
 * state file's bytes appended to out (wordalign.h, state).  A state given
 * to a run of other pairs (another shard, or the pairs changed) or of
 * another number of samplers is refused by xp_wa_run (XP_EINPUT, naming
 * it), before any sampling. */
int xp_wa_state_write(const xp_wa *w, xp_buf *out, xp_err *err);

/* A dictionary (io/dictd.h: `--dict`) whose name says its languages
 * (FreeDict's "freedict-eng-fra") of another pair than lang[0] (the
 * source's) and lang[1] (the target's), or of the pair the other way
 * round, is refused (XP_EINPUT, naming it): its pairs would be other
 * words' (of the few spelt alike, a Latin-script pair keeps some: eng-deu
 * gave an English-French bitext 129 pairs).  A dictd file's name says the
 * headwords' language first, the source's.  A CEDICT file's format says
 * which side is which (tgt_first: its headwords are the target's), so its
 * name fits in either order ("cedict-zh-en" and "cedict-en-zh" an
 * English-Chinese run) and only another pair is refused.  0 when it fits,
 * when either language is not given, or when its name says none. */
int xp_wa_dict_fits(const char *dict, int tgt_first, const char *const lang[2], xp_err *err);
/* A dictionary read (st: xp_dict_pairs's counts) that gave no pair at
 * all, seen in the bitext or not (an empty file, one of comments only, a
 * dictd index of its description alone), is refused (XP_EINPUT, naming
 * it): the run would be one without a dictionary, which the user did not
 * ask for (a download cut to nothing, the wrong file).  0 otherwise. */
int xp_wa_dict_nonempty(const char *dict, size_t pairs, size_t unseen, size_t entries, xp_err *err);

/* All in one: the pairs of b (plus o->train) aligned into fwd and rev. */
int xp_wordalign(const xp_bitext *b, const xp_wa_opts *o, xp_walign *fwd, xp_walign *rev,
		 xp_err *err);

#endif
