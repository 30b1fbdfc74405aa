/*
 * correct/store.h — what the correct/ files share: the open database, SQL
 * helpers that turn SQLite errors into xp_err, transactions that wait for
 * other writers, the history log, and failpoints for the reliability tests.
 * Internal to correct/.
 */
#ifndef XP_STORE_H
#define XP_STORE_H

#include "db.h"
#include "review.h"
#include "../base/failpoint.h"
#include "../io/json.h"

#include <jansson.h>
#include <sqlite3.h>

#define XP_STC_MAX 64   /* statements a connection keeps prepared */

struct xp_db {
	sqlite3 *h;
	char path[512];
	int wait_ms;   /* xp_db_set_wait: one bounded try at the write lock (0: wait while writers move) */
	int held;      /* inside xp_db_begin's transaction: a nested begin is a savepoint */
	unsigned long long dev, ino;   /* the file it opened (its path's, at open): xp_sql_begin checks the path */
	int has_id;
	int tidy;      /* opened read-only, not immutable: xp_db_tidy at close */
	int made;      /* this open created the store (create_whole): xp_db_discard removes it */
	char *real;    /* its path resolved at open (realpath): SQLite names its -wal so */
	int version;   /* the schema version it was opened at (after migrating): the tests keep
			  stores at older versions, whose tables the newer code must not ask for */
	/* statements prepared once (xp_sql_cached) */
	struct xp_stc {
		sqlite3_stmt *st;
		uint32_t hash;
		int busy;
	} stc[XP_STC_MAX];
	unsigned nstc, stc_next;
	/* the queue's done count of run done_run, as of the store's state
	 * done_at (correct/queue.c) */
	int64_t done_run, done_n, done_at[2];
};

/* qsort's comparison of int64_t, ascending (row ids, sentence numbers) */
static inline int xp_cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

int xp_sql_fail(xp_db *db, xp_err *err, const char *what);
int xp_sql_exec(xp_db *db, const char *sql, xp_err *err);
int xp_sql_prepare(xp_db *db, const char *sql, sqlite3_stmt **st, xp_err *err);
/* The same statement prepared once per connection and kept: the workbench
 * runs a few dozen statements over and over, and preparing one (SQLite's
 * parser and planner) costs more than running it: 73% of the CPU of GET
 * /api/mention, whose scene asks each of its mentions' state (issue 37).
 * Give it back with xp_sql_release (reset, bindings cleared), never
 * sqlite3_finalize.  Asked for while in use (a nested call), it is
 * prepared anew, and xp_sql_release finalizes that one.  err may be NULL. */
int xp_sql_cached(xp_db *db, const char *sql, sqlite3_stmt **st, xp_err *err);
void xp_sql_release(xp_db *db, sqlite3_stmt *st);
/* BEGIN IMMEDIATE, retried while another writer holds the lock */
int xp_sql_begin(xp_db *db, xp_err *err);
int xp_sql_commit(xp_db *db, xp_err *err);
void xp_sql_rollback(xp_db *db);
int64_t xp_sql_int(xp_db *db, const char *sql, int64_t dflt);
/* A text column, "" for NULL.  The schema says NOT NULL for most, but a
 * store is a file anyone can edit with sqlite3 (tests/fuzz/fuzz_rows.c):
 * what a NULL means where text was expected is nothing, not a crash.  A
 * nullable column whose NULL means something (a note, an annotator) is read
 * with sqlite3_column_text and tested. */
const char *xp_sql_text(sqlite3_stmt *st, int i);
/* A cluster number and a document part a CoNLL file can hold (what
 * io/conll_read.c reads back: 18 digits, parts 0 to 1000000).  xproj's
 * imports write nothing else; a store edited by hand may hold anything, and
 * export refuses it rather than write a file that does not read back. */
#define XP_CLUSTER_OK(c) ((c) >= 0 && (c) < 1000000000000000000LL)
#define XP_PART_OK(p) ((p) >= 0 && (p) <= 1000000)
/* A correction c (its batch b, LEFT JOINed) that stands: stored as it was
 * asked (not an orphan or a conflict), neither it nor its batch undone.
 * XP_SQL_EDIT_C: one that stands and changed something (XP_SQL_NOOP
 * below), what every count of corrections counts. */
#define XP_SQL_LIVE_C "c.status = 'ok' AND c.undone = 0 AND coalesce(b.undone, 0) = 0"
#define XP_SQL_EDIT_C XP_SQL_LIVE_C " AND NOT " XP_SQL_NOOP("c")
/* A stored correction c that changed nothing: a modification to the span
 * the mention had (old_*, the view's when it was made; the sentence never
 * changes) naming no cluster.  Edits refuse them now (correct/edit.c
 * noop); a store made before may hold some, which the counts (db stats,
 * runs, the queue's "edited") leave out, and the queue takes as what the
 * corrector meant: the span confirmed, as a keep. */
#define XP_SQL_NOOP(c) "(" c ".op = 'modify' AND " c ".cluster IS NULL AND " c ".old_start IS " c ".new_start AND " \
	c ".old_end IS " c ".new_end)"
/* The order a mention's corrections c were made in, for an ORDER BY (add
 * DESC to each for the newest first): their time (seconds), then id.  In
 * one store it is the id's order; in a merged one (correct/merge.c) the
 * input's rows have the larger ids whatever their times, and the edit made
 * last must win, as it would had both been made in one store. */
#define XP_SQL_MADE(c) c ".created, " c ".id"
#define XP_SQL_MADE_DESC(c) c ".created DESC, " c ".id DESC"
/* A column of tokens (a JSON array as text) in SQL: its length and its
 * token i, NULL when it is not JSON.  SQLite's json functions stop the
 * statement with an error on malformed JSON; a store edited by hand reads
 * as having no such tokens instead, as json_loads does in C. */
#define XP_SQL_NTOKS(col) "(CASE WHEN json_valid(" col ") THEN json_array_length(" col ") END)"
#define XP_SQL_TOKEN(col, i) "(CASE WHEN json_valid(" col ") THEN json_extract(" col ", '$[' || (" i ") || ']') END)"

/* Append an action to the history (inside the caller's transaction).  The
 * detail is JSON, always built with jansson: a file name, batch name or
 * mention key may hold '"' or a backslash.  xp_history_json takes an object
 * and releases it (NULL, a json_pack that failed, is out of memory);
 * xp_json_text (io/json.h) is a string for it, any bytes made valid UTF-8
 * (a file name need not be). */
int xp_history(xp_db *db, const char *action, const char *detail, xp_err *err);
int xp_history_json(xp_db *db, const char *action, json_t *detail, xp_err *err);
void xp_now(char *out, size_t n);

/* xp_failpoint (base/failpoint.h): the reliability tests die inside a
 * transaction there. */

/* What the corrected view says of a mention now: its projection with the
 * live corrections applied in order. */
typedef struct xp_mstate {
	int projected;
	int64_t start, end;
	int64_t sent, ntgt;   /* its target sentence (-1 if none) and that sentence's length */
	int64_t cluster;      /* its cluster in the view: the English mention's, unless an edit set another */
	int realigned;        /* its utterance was re-paired with other lines (ntgt counts their tokens) */
	int reprojected;      /* ... and start, end are the span the run's model proposed there (schema 10) */
} xp_mstate;
/* -1 when the mention has no projection row or a read failed (then
 * sqlite3_errcode says the failure: a state cut short is not answered) */
int xp_db_state(xp_db *db, int64_t mention, xp_mstate *s);
/* The same with only one annotator's corrections (NULL: everyone's, as
 * xp_db_state): their version of the mention (correct/annotators.h).  The
 * target sentence is the view's either way (every live realign). */
int xp_db_state_by(xp_db *db, int64_t mention, const char *annotator, xp_mstate *s);

/* One edit, validated as xp_db_edit does, inside the caller's transaction:
 * refused (XP_ENOTFOUND for an unknown mention, XP_EINPUT naming the rule it
 * breaks) or recorded with its history line (none for a carried edit).  carried_from: the correction
 * of an earlier run this one carries over (correct/carry.c), or 0. */
int xp_edit_locked(xp_db *db, int64_t run, const xp_edit *e, int64_t carried_from, xp_err *err);

/* One document of the store (its row) as export reads it, into d of c:
 * the corrected view, or the silver projections.  mark: a target-only
 * mention's line is its tedit row (others 0), so that the guard below can
 * name it.  sents[0..nsents), sorted (NULL: all): only the mentions of
 * these target sentences (the others' sentences are there, empty), for
 * the guard, which needs the sentences an edit changed. */
int xp_view_doc(xp_db *db, int64_t doc_row, int silver, int mark, const int64_t *sents, size_t nsents, xp_corpus *c,
		xp_doc *d, xp_err *err);
/* The corrected view of a run's documents rows docs[0..ndocs) (sorted), in
 * run order, with only one annotator's corrections, target-only mentions
 * and moves of them (NULL: everyone's, as xp_db_export): the annotator's
 * version (correct/annotators.c), replayed as the view is. */
int xp_view_export_by(xp_db *db, int64_t run, const char *annotator, const int64_t *docs, size_t ndocs, xp_corpus *out,
		      xp_err *err);

/* The crossing guard (correct/cross.c).  Two mentions of one entity that
 * cross in a sentence (a-c and b-d, a < b <= c < d) cannot be written as
 * CoNLL or CorefUD brackets (io/conll.h), so no edit may make a pair the
 * document did not have.  Two ways, one test (the writer's
 * xp_conll_crossings on the document as export reads it):
 *
 * - an action that knows the mentions it changes names each before the
 *   change (xp_xguard_touch; a target-only mention, xp_xguard_touch_tadd,
 *   before or after).  xp_xguard_check, inside the same transaction after
 *   it, reads only the sentences of those whose span or entity changed
 *   and refuses (XP_EINPUT, naming both mentions) a crossing pair that
 *   holds one of them.  A pair of two unchanged mentions was there
 *   before: a store made before the guard may hold one, and it does not
 *   stop an edit (export lists it: xp_db_crossings).
 * - one that changes what it cannot name (an imported batch, a carry, a
 *   merge of stores, a realign) takes a document's pairs before the
 *   change (xp_xguard_add; every document of a run: xp_xguard_run) and
 *   xp_xguard_check reads the whole document again after it and refuses
 *   a pair that is new.
 *
 * key: the mention the edit is on, said "this span" in the message (NULL:
 * none). */
typedef struct xp_xtouch {
	int64_t doc, tid;        /* tid: a target-only mention (tedits row), else 0 */
	uint32_t id;             /* a mention's number in its document */
	int changed;
	xp_mstate before;
	int64_t row;
} xp_xtouch;
typedef struct xp_xguard {
	int64_t *docs;
	size_t ndocs, capdocs;
	char **before;            /* each pair as "doc:sent:a-b:c-d:label", sorted */
	size_t nbefore, capbefore;
	xp_xtouch *touched;
	size_t ntouched, captouched;
	const char *key;
	char bad[2][300];         /* after a refusal: the two mentions' keys */
} xp_xguard;
int xp_xguard_add(xp_db *db, xp_xguard *g, int64_t doc, xp_err *err);
int xp_xguard_run(xp_db *db, xp_xguard *g, int64_t run, xp_err *err);   /* run 0: every run */
/* the documents (rows) a statement gives, its one parameter bound to id */
int xp_xguard_docs(xp_db *db, xp_xguard *g, const char *sql, int64_t id, xp_err *err);
int xp_xguard_touch(xp_db *db, xp_xguard *g, int64_t mention, xp_err *err);
int xp_xguard_touch_tadd(xp_db *db, xp_xguard *g, int64_t tedit, xp_err *err);
int xp_xguard_check(xp_db *db, xp_xguard *g, xp_err *err);
void xp_xguard_free(xp_xguard *g);

/* Clusters of the corrected view.  A mention is in its English mention's
 * cluster until an addition or modification puts it in another (a label of
 * its document, as a corrected file that splits or merges entities needs);
 * a modification that names none keeps the cluster, an addition that names
 * none is in the English cluster.  The _cluster variants take the label
 * (NULL: none named, as the plain functions do). */
int xp_edit_cluster_locked(xp_db *db, int64_t run, const xp_edit *e, const int64_t *cluster, int64_t carried_from,
			   xp_err *err);

/* a new batch row (its name, checksum, annotator or NULL, time): *id */
int xp_batch_insert(xp_db *db, const char *name, const char *sum, const char *annotator, const char *created, int64_t *id,
		    xp_err *err);
/* One edit of a batch, inside the caller's transaction: validated as
 * xp_edit_locked does, and stored either way: as applied, as an orphan (an
 * unknown mention) or as a conflict (the rule it breaks, listed in res).
 * cluster: the label the edit gives (NULL: none named). */
int xp_batch_edit_cluster(xp_db *db, int64_t run, int64_t batch, const xp_edit *e, const int64_t *cluster,
			  xp_batch_result *res, xp_err *err);

/* A corrections file imported as one batch in one transaction: read whole,
 * refused if the same bytes were imported before, fn turns its contents
 * into xp_batch_edit_cluster calls (arg is passed through), and the batch is logged
 * with its counts.  Nothing is written unless fn and the log succeed. */
typedef int (*xp_batch_fn)(xp_db *db, int64_t run, int64_t batch, const char *name, const char *buf, size_t n,
			   const char *annotator, void *arg, xp_batch_result *r, xp_err *err);
int xp_run_batch(xp_db *db, int64_t run, const char *path, const char *annotator, xp_batch_fn fn, void *arg,
		 xp_batch_result *r, xp_err *err);

/* Carry the live corrections of earlier runs over to a run just imported
 * (correct/carry.c), inside the import's transaction. */
int xp_carry(xp_db *db, int64_t run, xp_err *err);
/* The spelling of language tag lang that names its line of runs in the
 * store, into out (cap bytes): the newest run's whose tag spells as lang's
 * (lang/lang.h xp_lang_tag: ab-cd, ab_CD and ab-CD are one), else lang's
 * own one spelling (lang as given when it has none).  -1 on an SQL error. */
int xp_store_lang(xp_db *db, const char *lang, char *out, size_t cap, xp_err *err);


/* A review (keep or note) inside the caller's transaction (correct/review.c);
 * carried_from: the review of an earlier run it carries over, or 0. */
int xp_review_locked(xp_db *db, int64_t run, int64_t mention, const char *kind, const char *note,
		     const char *annotator, int64_t carried_from, xp_err *err);

/* A run's counts (schema 7), as SQL on runs.id: the migration fills
 * run_counts and run_fates with them for the runs it finds, the import for
 * its run, `db check` compares them with what is stored. */
#define XP_RUN_DOCUMENTS "(SELECT count(*) FROM documents d WHERE d.run = runs.id)"
#define XP_RUN_MENTIONS "(SELECT count(*) FROM mentions m JOIN documents d ON d.id = m.document WHERE d.run = runs.id)"
#define XP_RUN_PROJECTED "(SELECT count(*) FROM mentions m JOIN documents d ON d.id = m.document" \
	" JOIN projections p ON p.mention = m.id WHERE d.run = runs.id AND p.tgt_start IS NOT NULL)"
/* rows (run, fate, mentions): add a WHERE on d.run if needed, then GROUP BY 1, 2 */
#define XP_RUN_FATES "SELECT d.run AS run, p.fate AS fate, count(*) AS n FROM projections p JOIN mentions m ON m.id = p.mention" \
	" JOIN documents d ON d.id = m.document"

/* The target side's own actions (schema 9, correct/tedit.c).  An
 * utterance's target as it is now: the newest live realign's, else the
 * run's (col: a column of its utterances row id); a target-only mention
 * (tadd) is live unless undone or made before a live realign of its
 * utterance (its span counted the old tokens). */
#define XP_SQL_REALIGNED(uid, field) "(SELECT t." field " FROM tedits t WHERE t.utterance = " uid \
	" AND t.kind = 'realign' AND t.undone = 0 ORDER BY t.id DESC LIMIT 1)"
/* A document's target sentences as a view reads them, in order (speaker,
 * tokens; ? the document row): the silver's (and a store older than schema
 * 9, which has no realigns), or the corrected view's, a realigned
 * utterance's new tokens.  A mention state's sentence is a place in it. */
#define XP_SQL_VIEW_SENTENCES(silver) ((silver) ? "SELECT speaker, tgt FROM utterances WHERE document = ?" \
	" AND tgt_idx IS NOT NULL ORDER BY tgt_idx" : "SELECT u.speaker, coalesce(" XP_SQL_REALIGNED("u.id", "tgt") \
	", u.tgt) FROM utterances u WHERE u.document = ? AND u.tgt_idx IS NOT NULL ORDER BY u.tgt_idx")
#define XP_SQL_TADD_LIVE(t) "(" t ".kind = 'tadd' AND " t ".undone = 0 AND NOT EXISTS(SELECT 1 FROM tedits r" \
	" WHERE r.utterance = " t ".utterance AND r.kind = 'realign' AND r.undone = 0 AND r.id > " t ".id))"
/* The cluster of target-only mention (tedits row) t now (schema 13): the
 * newest live merge's (or, schema 14, relink's) that moved it, else its
 * own. */
/* a batch that relinks one target-only mention (xp_db_relink_tadd_at):
 * its checksum's prefix */
#define XP_TRELINK_SUM "trelink:"
/* and one that carries such a move of a run's target-only mention to a
 * rerun (correct/carry.c, schema 15): undo leaves it alone */
#define XP_TCARRY_SUM "tcarry:"
#define XP_SQL_TADD_CLUSTER(t) XP_SQL_TADD_CLUSTER_IF(t, "1")
/* ... counting only the moves whose batch b meets cond (an annotator's) */
#define XP_SQL_TADD_CLUSTER_IF(t, cond) "coalesce((SELECT x.cluster FROM tmoves x JOIN batches b ON b.id = x.batch" \
	" WHERE x.tedit = " t ".id AND b.undone = 0 AND " cond " ORDER BY x.batch DESC LIMIT 1), " t ".cluster)"
/* The newest live realign of an utterance row: its id, the newest
 * correction id when it was made (corrections up to it spoke of the old
 * tokens) and its number of tokens; 0 when there is none, -1 on error. */
int xp_realigned(xp_db *db, int64_t utterance, int64_t *id, int64_t *after, int64_t *ntoks);
/* The live target-only mentions of a document row, for the scene and the
 * export: [{"tid","utt","sent","start","end","cluster","annotator"}];
 * NULL when the store could not be read (or out of memory), never a list
 * cut short: an export or a merge must not go on without them. */
json_t *xp_tadds_json(xp_db *db, int64_t doc);
/* The same as one annotator's version has them (NULL: everyone's): the
 * run's own (a rule's) and the annotator's, each where the annotator's
 * own moves left it. */
json_t *xp_tadds_json_by(xp_db *db, int64_t doc, const char *annotator);

/* Write the run's triage queue into the table queue (correct/queue.c):
 * at the end of an import, and for every run when a store moves to schema 8. */
int xp_queue_store(xp_db *db, int64_t run, xp_err *err);
int xp_queue_store_all(xp_db *db, xp_err *err);

/* The part a mention key names of documents row d (an alias), as SQL: -1
 * for the document's first part in its run, which the key does not name
 * (xp_mention_key).  One step of the index UNIQUE(run, doc, part). */
#define XP_SQL_KEY_PART(d) "(CASE WHEN EXISTS(SELECT 1 FROM documents kp WHERE kp.run = " d ".run AND kp.doc = " \
	d ".doc AND kp.part < " d ".part) THEN " d ".part ELSE -1 END)"
/* The same for every document of run `run` (SQL: ?1), once: a table kd(id,
 * kp) to join on documents.id, for a statement over a run's mentions (per
 * mention, the probe above cost 8% of `db triage --list` on mmc-tune). */
#define XP_SQL_KEY_DOCS(run) "WITH kd(id, kp) AS MATERIALIZED (SELECT d.id, " XP_SQL_KEY_PART("d") \
	" FROM documents d WHERE d.run = " run ") "
/* A `carries` row lost from a mention of the earlier run that no mention
 * of the new run is (gone, or another English mention under its id after
 * a renumbering) is keyed by the earlier run's key labelled with that run,
 * "DOC|ID (run N)" (N the row's from_run; correct/carry.c): no mention of
 * the new run has that key, so the queue, db show and the workbench mark
 * no other mention lost with it.  A merge relabels it with the run's new
 * number (correct/merge.c, the same text in SQL). */
#define XP_CARRY_LABEL " (run %lld)"
/* key (of n bytes) labelled so, in place */
void xp_carry_label(char *key, size_t n, int64_t from_run);
/* 1 when carries key mkey is so labelled with from_run, the earlier run's
 * bare key in key (of n bytes); else 0 */
int xp_carry_old_key(const char *mkey, int64_t from_run, char *key, size_t n);
/* A carry's key as a person reads it: a line's target-side action,
 * "DOC|line 4 (realign)", as "DOC line 4, re-paired"; a mention's key as
 * it is (NULL: out of memory).  Beside line_key, which writes the form. */
json_t *xp_carry_said(const char *key);

/* The key of mentions row `row`, "" and -1 if there is none. */
int xp_mention_key_of(xp_db *db, int64_t row, char *key, size_t n);

/* A mention key of a run -> the mentions row id, -1 if unknown, -2 if the
 * database failed (which is not an unknown mention: use xp_mention_lookup
 * wherever the difference is recorded). */
int64_t xp_mention_row(xp_db *db, int64_t run, const char *key);
/* The same with the failure in err: 0 (*row set), XP_ENOTFOUND or XP_EDB. */
int xp_mention_lookup(xp_db *db, int64_t run, const char *key, int64_t *row, xp_err *err);

/* xp_db_triage's item of one mention (correct/view.c), for the queue's
 * ranking row by row (correct/queue.c); and what kind of mention tokens
 * [start, end) of a JSON token array are (correct/review.c). */
void xp_triage_one(const char *doc, int64_t part, int64_t mention, const char *fate, double conf, int has_tgt, const char *why,
		   const char *doubt_json, unsigned flags, xp_triage_item *t);
xp_mtype xp_span_type(json_t *tokens, int64_t start, int64_t end);
/* Tokens [start, end) of a JSON token array appended to b as the words a
 * reader sees: no space between two CJK characters (correct/queue.c; the
 * queue's rows and the workbench's names of mentions read alike). */
struct xp_buf;
void xp_tokens_words(struct xp_buf *b, json_t *toks, int64_t start, int64_t end);

#endif
