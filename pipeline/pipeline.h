/*
 * pipeline/pipeline.h — the whole job in one call: an annotated English
 * corpus and subtitles in; the aligned corpus, the bitext, the word
 * alignment, the projected corpus, its report and a correction database
 * out.  Each stage is the library call its own subcommand makes (align,
 * bitext, wordalign, project, db import), handed the previous stage's data
 * in memory; the files are what a user would get running the subcommands
 * one by one.
 *
 * The outputs appear together or not at all: they are written beside their
 * destinations and renamed into place only after every stage succeeded
 * (base/outputs.h).  The correction database
 * is the exception by design: it is kept across runs, so a new run is added
 * to it (in one transaction) and earlier corrections stay.
 */
#ifndef XP_PIPELINE_H
#define XP_PIPELINE_H

#include "../align/batch.h"
#include "../align/sym.h"
#include "../align/wordalign.h"
#include "../base/buf.h"
#include "../project/project.h"

typedef enum {
	XP_STAGE_ALIGN,        /* source utterances -> subtitles -> target */
	XP_STAGE_BITEXT,
	XP_STAGE_WORDALIGN,    /* built-in, or reading --alignments */
	XP_STAGE_PROJECT,
	XP_STAGE_WRITE,
	XP_STAGE_DB,
	XP_NSTAGES
} xp_stage;

const char *xp_stage_name(xp_stage s);

/* The files of the output directory, in the order they are written
 * (pairs.spans: the English mentions of each bitext line, written when
 * the aligner held them together, xp_pipe_result.span_blocks). */
typedef enum {
	XP_OUT_ALIGNED, XP_OUT_PAIRS, XP_OUT_MAP, XP_OUT_SPANS, XP_OUT_PHARAOH, XP_OUT_PROBS,
	XP_OUT_CONLL, XP_OUT_JSONL, XP_OUT_REPORT, XP_OUT_SUMMARY, XP_OUT_DB,
	XP_OUT_MODEL,          /* wordalign.model: save_model's (kept across runs, as the database) */
	XP_NOUTS
} xp_out;

const char *xp_out_name(xp_out f);

typedef struct xp_pipe_opts {
	/* The annotated English corpus (CoNLL or jsonlines).  Its sentences are
	 * the utterances aligned to the subtitles, so that every projected
	 * mention finds its utterance (a separate transcript, as `xproj align`
	 * takes, would have other document ids). */
	const char *source;
	const char *subs, *tgt_subs, *links;
	const char *episodes;       /* an episode map (align/batch.h), or NULL */
	const char *outdir;
	xp_batch_opts align;        /* reading subtitles, target language, tokens, band, threshold */
	const char *alignments;     /* a word alignment of the bitext, or NULL: built-in */
	const char *probs;          /* its link probabilities, or NULL */
	int one_based;
	xp_wa_opts wa;
	int scenes_only;            /* the built-in aligner trains on the bitext alone, not whole episodes */
	int alt_seeds;              /* the built-in aligner runs this many more times with other seeds, for
				       the confidence's seed_agree (project/confidence.h); at most 4 */
	xp_sym sym;
	xp_proj_opts proj;
	int no_db;
	/* the built-in aligner also trains on the span pairs a person
	 * confirmed in the store's earlier runs (correct/db.h xp_db_pairs).
	 * Off by default: on mmc-tune's scene folds neither language's gain
	 * held (docs/rules.md, "Corrections as the next run's aligner
	 * training") */
	int db_pairs;
	/* a bilingual dictionary in dictd's format (io/dictd.h; `wordalign
	 * --dict`): the built-in aligner's lexical model also trains on its
	 * pairs whose words all occur in the bitext it aligns.  NULL: none */
	const char *dict;
	/* write the built-in aligner's model (run 0's, wordalign --save-model's
	 * file) as DIR/wordalign.model and record it with the store's run, so
	 * that a realign in the workbench re-projects with it (serve/reproject.c) */
	int save_model;
	int keep_empty;             /* write documents without a target sentence too */
	/* A run that would leave less than a rerun found is refused unless
	 * this is set: no utterance aligned to a target subtitle (empty or
	 * unreadable subtitles, no usable timestamps), or none of the mentions
	 * projected.  Its outputs would replace good ones with nothing and its
	 * run become the store's latest, which every command shows (issue 32,
	 * D2).  Refused, the outputs and the store are left as they were. */
	int allow_empty;
	/* Project and import the whole corpus at once, not a document at a
	 * time (the outputs are the same; for comparing the two) */
	int whole;
	/* Called as each stage starts. */
	void (*progress)(void *arg, xp_stage s);
	/* Called with the plan of the align stage, before it runs: the episodes,
	 * their subtitle documents and the notes on missing ones. */
	void (*notes)(void *arg, const xp_batch *b);
	void *arg;
} xp_pipe_opts;

typedef struct xp_pipe_result {
	size_t episodes, no_subs;
	xp_align_stats align;
	size_t pairs, links;
	/* the English mentions the aligner held together (xp_wa_span_blocks of
	 * run 0); 0 when the target's pack does not ask for them, with a
	 * factor of 1 (--no-spans) or with --alignments */
	long span_blocks;
	/* the store's confirmed span pairs the aligner trained on (0: none,
	 * or not asked), and the runs of other languages it did not read */
	size_t db_pairs, db_pairs_other;
	char db_pairs_langs[64];
	/* the dictionary's pairs the aligner trained on (--dict), and those
	 * left out for a word the bitext lacks */
	size_t dict_pairs, dict_unseen;
	/* --train files that held no sentence pair (xp_wa_train_empty), the first */
	size_t train_empty;
	const char *train_empty_path;
	xp_proj_stats proj;
	int64_t run;                /* the database run, 0 with no_db */
	double seconds[XP_NSTAGES];
	int written[XP_NOUTS];      /* which files the run wrote */
	size_t empty_docs;          /* documents without a target sentence, not written (keep_empty) */
	int segmenter;              /* xp_projection.segmenter: -1 when the segmenter's data was missing */
	/* a rerun: the earlier run whose corrections the import carried over
	 * (0: none), and how many were carried, already so in the new
	 * projection, and not carried (xp_db_carried) */
	int64_t carry_from;
	size_t carried, carry_agrees, carry_lost;
	size_t carry_said;   /* of the carried, the realigns not re-projected with this run's model */
	/* what ran a document at a time (XP_PIPE_STREAMED_*): the projection
	 * with its files and report, the import; else the whole corpus at once
	 * (records out of the English documents' order, or a failure, whose
	 * message the whole path gives) */
	int streamed;
	/* files of an earlier run in DIR that this run does not write
	 * (pairs.spans, alignments.probs), removed once its own files were in
	 * place, so that none is read as this run's; corrections.db is never
	 * removed (it keeps the corrections of every run) */
	int removed[XP_NOUTS];
} xp_pipe_result;

enum { XP_PIPE_STREAMED_PROJECT = 1, XP_PIPE_STREAMED_IMPORT = 2 };

void xp_pipe_defaults(xp_pipe_opts *o);
int xp_pipeline(const xp_pipe_opts *o, xp_pipe_result *r, xp_err *err);

/* A word aligner's model file as a run records it for the workbench
 * (correct/review.h xp_db_set_run_model, serve/reproject.c): read and
 * checked to be a model (xp_wa_model_parse), *size and *hash (64-bit
 * FNV-1a, base/text.h xp_hash) of its bytes (a .gz inflated), *abs its
 * absolute path (malloc'd); *m the model when m is not NULL
 * (xp_wa_model_free it). */
int xp_pipe_model_file(const char *path, char **abs, int64_t *size, uint64_t *hash, xp_wa_model **m, xp_err *err);

/* What a person reads after a run (also written as summary.txt). */
void xp_pipe_summary(const xp_pipe_opts *o, const xp_pipe_result *r, xp_buf *out);

#endif
