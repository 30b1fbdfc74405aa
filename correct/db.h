/*
 * correct/db.h — the correction store: one SQLite database holding
 * projection runs and every human correction to them.
 *
 * A run is one projection (language, files, settings): its documents, its
 * utterances (source and target tokens), its English mentions (by English
 * mention id, with their clusters) and what became of each (a target span,
 * or a null projection with its cause, a confidence).  Corrections are
 * additions (a null projection gets a span), deletions (a projection is
 * discarded) and modifications (the span changes), each with annotator,
 * time, note and batch; the corrected view is the projections with the
 * live corrections applied in order.  A batch (one imported file) is one
 * transaction, recognised by its checksum so it cannot be imported twice,
 * and can be undone as a whole.  Every action is also written to an
 * append-only history.
 *
 * No-ops.  An action that would leave the corrected view (every span and
 * entity) as it is, is not a correction and is never stored: a modify to
 * the span the mention has (naming no other entity), a delete or relink
 * or merge that has nothing to act on or would not move anything, a
 * target-only mention on tokens that are a mention of the line already, a
 * realign to the blocks the line is paired with, a keep on one's own keep
 * with nothing done since, an undo with nothing to undo.  A single action
 * (xproj db, the workbench's API) is refused with the reason (XP_EINPUT,
 * or XP_ENOTFOUND for the undo: db exits 1, the API answers 422 or 404)
 * and nothing is written; in a batch the edit is not stored, counted as
 * unchanged and listed.  Refused rather than taken as a keep: the reply
 * would say "modify" of what the store holds as a keep; the corrector who
 * meant "this span is right" is told to keep it, which is one key.
 * Stored no-ops of stores made before (XP_SQL_NOOP, correct/store.h) are
 * counted apart by xp_db_stats and taken as kept by the queue.
 *
 * Spans are (target sentence, start, end), half-open, target sentence being
 * the index of the sentence in the target document (MMC's convention, see
 * import_mmc).  Mentions are named by a key (xp_mention_key below): the
 * document id, its part when it is not the document's first, and the
 * English mention id.
 */
#ifndef XP_DB_H
#define XP_DB_H

#include "../base/buf.h"
#include "../io/aligned.h"
#include "../io/read.h"
#include "../io/report.h"
#include "../model/corpus.h"

#include <stdint.h>

typedef struct xp_db xp_db;

#define XP_DB_VERSION 16

/* Mentions are named by their keys, "DOC|ID" or "DOC|PART:ID"
 * (xp_mention_key, io/report.h). */

/* How a command opens the store.  XP_DB_READ opens it read-only (a store
 * in a read-only directory can be read; nothing is ever written), except
 * that an older schema is migrated first when the file may be written.
 * XP_DB_WRITE needs an existing store; only XP_DB_CREATE makes one, so that
 * a mistyped path is an error (XP_ENOTFOUND) rather than a new empty store.
 * The schema version is checked before anything else: a store that is
 * refused (newer schema, not a database) is left byte for byte as it was. */
typedef enum { XP_DB_READ, XP_DB_WRITE, XP_DB_CREATE } xp_db_mode;

int xp_db_open(const char *path, xp_db **db, xp_err *err);   /* XP_DB_CREATE */
int xp_db_open_mode(const char *path, xp_db_mode mode, xp_db **db, xp_err *err);
/* XP_DB_CREATE, stopping at an older schema version (tests of migration). */
int xp_db_open_at(const char *path, int version, xp_db **db, xp_err *err);
void xp_db_close(xp_db *db);
/* A read-only connection (XP_DB_READ, an input ATTACHed read-only) cannot
 * checkpoint nor remove the store's write-ahead log and index, which
 * SQLite makes beside it when no writer has them: the last reader to close
 * left NAME-wal (empty) and NAME-shm.  xp_db_close of a reader, and db
 * merge for its inputs, call this once closed: where the store and its
 * directory can be written, a read-write connection is opened and closed,
 * whose close does what the last writer's does (checkpoint, then remove
 * both), and only if no other connection has the store open (SQLite takes
 * its exclusive lock for that); else, and where nothing is left, nothing.
 * A NAME-wal holding commits (a writer killed, or one that closed while
 * another connection had the store) is folded in too: the store's bytes
 * change under a command that only reads, its content does not, and a
 * copy of the store file alone then holds every commit. */
void xp_db_tidy(const char *path);
/* 1 when this open created the store (XP_DB_CREATE where none was). */
int xp_db_made(const xp_db *db);
/* Close db as xp_db_close does; a store this open created that holds no
 * run (the caller's import failed and was rolled back) is removed too,
 * with its -wal and -shm: a command that fails leaves no new store.  Left
 * when it holds a run (another process opened the new store meanwhile and
 * wrote one) or when its path names another file by now.  1 when it was
 * removed, 0 when kept (not made by this open, or kept as above), -1 when
 * it could not be checked (no connection, or no write lock to be had). */
int xp_db_discard(xp_db *db);
const char *xp_db_path(const xp_db *db);
int xp_db_version(xp_db *db);
/* 0 while the store's path still names the file db opened; else
 * XP_ECONFLICT, saying it was replaced (a `db merge` into it renames its
 * copy over it) or removed (a workflow's rerun) and to open it again: a
 * process that keeps its connection (xproj serve) reads and writes the
 * file no path names any more.  One stat(); a store in memory, or one
 * whose file could not be stat()ed at open, is always the same. */
int xp_db_same_file(const xp_db *db, xp_err *err);

/* A transaction held by the caller around calls that would each commit on
 * their own (the pipeline keeps its import open until its output files are
 * in place, so that the store is never ahead of them).  Inside one,
 * xp_db_import_run neither begins nor commits; on its failure the caller
 * rolls back. */
int xp_db_begin(xp_db *db, xp_err *err);
int xp_db_commit(xp_db *db, xp_err *err);
void xp_db_rollback(xp_db *db);
/* Inside xp_db_begin's transaction the functions that begin and commit
 * their own make a savepoint instead, so that a caller can check something
 * under the write lock (the workbench: is the run still the latest?) and
 * act on it in the same transaction. */

/* Wait at most ms for the write lock, once, then fail with XP_EBUSY (0: the
 * default, wait as long as other writers commit).  A server must not hold a
 * request for as long as another process holds the store. */
void xp_db_set_wait(xp_db *db, int ms);
/* Whether a commit waits for the disk (full: the WAL is synced at each
 * commit, SQLite's default here) or only for the system (the WAL is synced
 * at checkpoints): then a crash of the process loses nothing committed, a
 * crash of the machine or a power cut may lose the last commits, never the
 * store's consistency.  The workbench's writer (serve/http.c). */
void xp_db_set_synchronous(xp_db *db, int full);

/* One projection run: the English corpus, its aligned corpus and the
 * report `xproj project --report` wrote.  *run gets the run id.  files:
 * the run's provenance as JSON ({"source":...,"aligned":...,"report":...}),
 * which also names those files in errors.  lang: the run's target
 * language; NULL: the report's. */
int xp_db_import_run(xp_db *db, const xp_corpus *en, const xp_aligned *al, const char *report_json,
		     const char *lang, const char *files, int64_t *run, xp_err *err);
/* The same with the report read from report_path a document at a time
 * (twice: checked, then imported): memory of its largest document. */
int xp_db_import_run_file(xp_db *db, const xp_corpus *en, const xp_aligned *al, const char *report_path,
			  const char *lang, const char *files, int64_t *run, xp_err *err);
/* What xp_db_import_run would refuse, found without a store, so that a
 * command can refuse before it creates one: a report that does not parse or
 * lacks a document of the corpus, an empty corpus.  Unless allow_empty, also
 * a report that projects none of its mentions: as the latest run it would
 * empty every command's view of the store. */
int xp_db_import_check(const xp_corpus *en, const xp_aligned *al, const char *report_json, const char *files,
		       int allow_empty, xp_err *err);
int xp_db_import_check_file(const xp_corpus *en, const xp_aligned *al, const char *report_path, const char *files,
			    int allow_empty, xp_err *err);
/* The same a document at a time (issue 37: memory of the largest document,
 * not of the corpus).  next gives the corpus's documents in its order, one
 * in *en with its aligned records in *al (the caller's, valid until the
 * next call): 1, 0 at the end, else the documents cannot be read so.
 * Check first, without a store, then import: 0 when done; else nothing
 * was written (no run, the caller's transaction as it was) and the whole
 * corpus is to be imported as above, which says what was wrong: the
 * documents or the report out of each other's order, an input that does
 * not read, a check that fails.  *ndocs: the documents read. */
typedef int (*xp_db_docs_fn)(void *ctx, const xp_corpus **en, const xp_aligned **al, xp_err *err);
int xp_db_import_check_docs(xp_db_docs_fn next, void *ctx, const char *report_path, int allow_empty, size_t *ndocs,
			    xp_err *err);
int xp_db_import_run_docs(xp_db *db, xp_db_docs_fn next, void *ctx, const char *report_path, const char *lang,
			  const char *files, int64_t *run, size_t *ndocs, xp_err *err);
/* The latest run, 0 if none. */
int64_t xp_db_latest_run(xp_db *db);

typedef enum { XP_ADD, XP_DELETE, XP_MODIFY } xp_op;

typedef struct xp_edit {
	xp_op op;
	const char *mention;      /* its key, "DOC|ID" or "DOC|PART:ID" (xp_mention_key) */
	int32_t sent, start, end; /* add/modify: the new span */
	const char *annotator, *note;
} xp_edit;

/* One edit, validated: the mention exists; add only on a null projection,
 * delete/modify only on a projected one; the span inside the mention's
 * target sentence.  Errors say which rule failed. */
int xp_db_edit(xp_db *db, int64_t run, const xp_edit *e, xp_err *err);

typedef struct xp_batch_result {
	size_t applied, orphans, conflicts, by_op[3];
	size_t unchanged;         /* edits that would change nothing (a modify to the span the
				     mention has): not stored, listed (TASA: rows that kept the projection,
				     not listed) */
	char **listed;            /* "DOC|ID: why" for orphans and conflicts */
	size_t nlisted;
	int64_t batch;
} xp_batch_result;
void xp_batch_result_free(xp_batch_result *r);

/* MMC's corrections JSON ({scene: {"add": {id: [sent,start,end]}, "delete":
 * [id], "modify": {...}}}) or a TASA results CSV (Answer.alignment grids
 * turned into spans by the projection rule), as one batch.  Edits for
 * unknown mentions are stored as orphans, edits that break a rule as
 * conflicts; both are listed and left out of the corrected view. */
int xp_db_import_mmc(xp_db *db, int64_t run, const char *path, const char *annotator,
		     xp_batch_result *r, xp_err *err);
int xp_db_import_tasa(xp_db *db, int64_t run, const char *path, const char *annotator,
		      xp_batch_result *r, xp_err *err);

/* A corrected target corpus (CoNLL or jsonlines; fmt AUTO: by the path,
 * else by the content) of the run's documents, turned into additions,
 * deletions and modifications of the run's mentions by comparing it with
 * the corrected view (correct/derive.c says how), as one batch in one
 * transaction.  Sentences whose text is not the run's are skipped, corrected
 * mentions no English mention can carry are left out; both are listed in
 * r->b.listed with file and line, and every derived edit is logged with the
 * file and line it came from. */
typedef struct xp_derive_result {
	xp_batch_result b;        /* the edits by kind, what was listed */
	xp_format format;
	size_t mentions;          /* corrected mentions read */
	size_t kept;              /* of them, already so in the view */
	size_t regrouped;         /* edits that put a mention in another cluster */
	size_t new_clusters;      /* entities that became a new cluster (a split) */
	size_t duplicates;        /* projections left because a kept mention is the same */
	size_t unmatched;         /* corrected mentions no English mention carries */
	size_t docs, unknown_docs, absent_docs;   /* compared; not in the run; of the run, not in the file */
	size_t sentences;         /* compared */
	size_t remapped;          /* of them, tokenised otherwise: compared through characters */
	size_t widened;           /* mentions whose boundary fell inside a run token */
	size_t skipped;           /* sentences whose text is not the run's */
	size_t extra_sentences;   /* sentences the run's document does not have */
	size_t absent_sentences;  /* the run's sentences the file does not have (left as they are) */
	size_t skipped_mentions;  /* corrected mentions in skipped sentences and documents */
} xp_derive_result;
int xp_db_import_corrected(xp_db *db, int64_t run, const char *path, xp_format fmt, const char *annotator,
			   xp_derive_result *r, xp_err *err);
void xp_derive_result_free(xp_derive_result *r);

/* Undo a batch (by id or name), or the latest batch or single edit. */
int xp_db_undo(xp_db *db, const char *batch, char *what, size_t n, xp_err *err);

typedef struct xp_db_counts {
	size_t additions, deletions, modifications, orphans, conflicts, undone;
	size_t no_ops;            /* stored modifications that changed nothing (a store made before
				     edits refused them): in none of the other counts */
	size_t mentions, projected, corrected_mentions, pronoun_additions;
	char *json;               /* the whole report as JSON (per language and annotator) */
} xp_db_counts;
/* Merge the stores ins[0..n) into out (created when it does not exist):
 * every run, document, mention, projection, batch, correction, review,
 * carry, position and history line each input has and out lacks is added,
 * matched by what it is, not by its row id (correct/merge.c), so merging
 * the same stores again adds nothing.  Conflicts (one mention corrected
 * differently in two stores) are kept both and listed.  Every input is
 * checked first (a store of this schema, SQLite's quick check clean):
 * nothing is written if one is refused.  The merge is one write
 * transaction of out (out's other writers wait for it; a failure rolls
 * all of it back), or, for an out that does not exist, a store made
 * beside it and put in place whole. */
typedef struct xp_merge_result {
	size_t runs, runs_known;  /* runs added; runs the merged store had already */
	size_t corrections, batches, reviews, carries, history;   /* rows added */
	char **conflicts;         /* "run N, DOC|ID: IN has ..., the merged store ..." */
	size_t nconflicts, cap;
} xp_merge_result;
int xp_db_merge(const char *out, const char *const *ins, size_t n, xp_merge_result *r, xp_err *err);
void xp_merge_result_free(xp_merge_result *r);

/* The counts of one run (run 0: of every run together). */
int xp_db_stats(xp_db *db, int64_t run, xp_db_counts *s, xp_err *err);
void xp_db_counts_free(xp_db_counts *s);

/* The run as a corpus: the corrected view, or the silver projections. */
int xp_db_export(xp_db *db, int64_t run, int silver, xp_corpus *out, xp_err *err);
/* The same a document at a time: fn(ctx, doc, err) is given a corpus of
 * one document, in the order xp_db_export adds them, freed after it
 * returns (non-zero stops the export with that return).  The check that no
 * two documents share a name comes after the last. */
typedef int (*xp_export_fn)(void *ctx, xp_corpus *doc, xp_err *err);
int xp_db_export_each(xp_db *db, int64_t run, int silver, xp_export_fn fn, void *ctx, xp_err *err);

/* The span pairs a person confirmed (correct/pairs.c): every mention of a
 * run of language lang that a live correction edited or a review kept, with
 * its target span in the corrected view (and, in a document whose corrected
 * file `db import-corrections` read, every mention the file left as it
 * was), as one "English span ||| target
 * span" line (tokens as `xproj bitext` writes them, the run's own), for the
 * next run's aligner (`wordalign --train-lex`).  Unreviewed projections are
 * never written: they would teach the aligner its own output.  A document
 * several runs hold is read from the newest of them (a rerun carries the
 * corrections over).  Runs of other languages are counted, not read. */
typedef struct xp_db_pairs_stats {
	size_t runs, docs;        /* runs of the language; documents read */
	size_t edited, kept;      /* confirmed mentions: edited; kept as projected */
	size_t agreed;            /* ... and left as projected by an imported corrected file (derive) */
	size_t written;           /* span pairs written */
	size_t nulls;             /* confirmed without a target span (deleted, a kept null) */
	size_t bad;               /* spans the stored tokens do not hold (a store edited by hand) */
	size_t other_runs;        /* runs of other languages, not read */
	char other_langs[64];     /* their languages, by space */
} xp_db_pairs_stats;
/* words: the target span in the ICU words of its sentence, cut at the
 * span's edges (for an aligner given the sentences in words, the run in
 * characters: `mention-pairs --tokens words`'s), else the run's tokens */
int xp_db_pairs(xp_db *db, const char *lang, int words, xp_buf *out, xp_db_pairs_stats *st, xp_err *err);

/* TASA input CSV of the run's mentions (only those triage flags, if asked). */
int xp_db_export_tasa(xp_db *db, int64_t run, int only_flagged, const char *path, xp_err *err);

/* The correction queue: the run's mentions by the expected number of fixes
 * a minute spent on each brings (correct/view.c says how), highest first;
 * mentions without a target sentence and those a corrector already edited
 * or kept come last.  This is the one triage order: `db triage` and the
 * workbench's queue (xp_db_queue) both take it from here. */
typedef struct xp_triage_item {
	char key[300];
	double risk;          /* expected fixes per minute */
	double p_fix;         /* 1 - the calibrated confidence: the chance that it needs a fix */
	char why[120];        /* what the rank rests on */
	char explain[200];    /* the features that moved the confidence most, as the projection
				 stored them ("" for a run projected without a confidence model) */
	int align;            /* an alignment item: its utterance's pairing with subtitle lines is
				 doubtful (align/uconf.h); these come first, why says so */
} xp_triage_item;
int xp_db_triage(xp_db *db, int64_t run, xp_triage_item **items, size_t *n, xp_err *err);
/* Its first top items alone (top 0: all of them), in the same order, ties
 * included: memory holds top items, not the run (`db triage --top K`). */
int xp_db_triage_top(xp_db *db, int64_t run, size_t top, xp_triage_item **items, size_t *n, xp_err *err);

/* The queue's time model, in seconds (assumptions, not measurements:
 * correct/view.c says why these): looking at a projected span, looking at
 * a null (reading the sentence for what it may have missed), editing or
 * deleting a wrong span, adding a missed mention. */
enum { XP_LOOK_PROJECTED_S = 6, XP_LOOK_NULL_S = 10, XP_FIX_EDIT_S = 8, XP_FIX_ADD_S = 12 };
/* Expected fixes per minute spent on a mention that needs a fix with
 * probability p_fix: a projection (projected) or a null. */
double xp_fix_rate(double p_fix, int projected);

/* The history, oldest first, one line per action, into out (malloc'd). */
int xp_db_log(xp_db *db, char **out, xp_err *err);

int xp_db_integrity(xp_db *db, char *msg, size_t n);

/* Is the store whole: SQLite's integrity and foreign-key checks, and every
 * run and batch holding what its history line says its import wrote.
 * *report (malloc'd) lists the problems, one a line; *nproblems counts them. */
int xp_db_check(xp_db *db, char **report, size_t *nproblems, xp_err *err);
/* The pairs of mentions of one entity that cross in a sentence in the
 * corrected view of run (0: every run), which CoNLL and CorefUD cannot
 * write (io/conll.h) and no edit can make any more (correct/cross.c): a
 * store made before may hold some.  *list: "KEY 'words' and KEY 'words'
 * (same entity, sentence S, tokens a-b and c-d)" joined by "; ", NULL when
 * *n is 0; the caller frees it. */
int xp_db_crossings(xp_db *db, int64_t run, char **list, size_t *n, xp_err *err);

#endif
