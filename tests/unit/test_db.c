/* tests/unit/test_db.c — the correction store: a run in, single edits and
 * their rules, MMC and TASA batches, undo, the corrected view, and the
 * reliability tests: SIGKILL inside an import, 8 concurrent writers, a
 * writer waiting behind a queue of commits and giving up on a lock nothing
 * releases, a malformed file, migration from schema version 1; integrity after each. */
#include "testutil.h"
#include "dbutil.h"
#include "correct/db.h"
#include "io/conll.h"
#include "base/buf.h"
#include "base/file.h"
#include "project/project.h"

#include "correct/review.h"
#include "correct/store.h"

#include <jansson.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>

static size_t count(xp_db *db, const char *what)
{
	xp_db_counts s;
	xp_err e;
	assert_int_equal(xp_db_stats(db, 0, &s, &e), 0);
	size_t v = !strcmp(what, "add") ? s.additions : !strcmp(what, "delete") ? s.deletions
		 : !strcmp(what, "modify") ? s.modifications : !strcmp(what, "orphans") ? s.orphans
		 : !strcmp(what, "conflicts") ? s.conflicts : s.corrected_mentions;
	xp_db_counts_free(&s);
	return v;
}

static void single_edits(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	xp_edit add = {XP_ADD, "d|3", 1, 2, 3, "ann", "mine is 我的"};
	assert_int_equal(xp_db_edit(db, run, &add, &e), 0);
	assert_int_equal(xp_db_edit(db, run, &add, &e), XP_EINPUT);       /* now it is projected */
	assert_non_null(strstr(e.msg, "use modify"));
	xp_edit bad_span = {XP_MODIFY, "d|1", 0, 7, 12, NULL, NULL};
	assert_int_equal(xp_db_edit(db, run, &bad_span, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "not inside the target sentence"));
	xp_edit wrong_sent = {XP_MODIFY, "d|1", 1, 0, 1, NULL, NULL};
	assert_int_equal(xp_db_edit(db, run, &wrong_sent, &e), XP_EINPUT);
	xp_edit unknown = {XP_DELETE, "d|99", 0, 0, 0, NULL, NULL};
	assert_int_equal(xp_db_edit(db, run, &unknown, &e), XP_ENOTFOUND);
	assert_non_null(strstr(e.msg, "no such mention"));
	xp_edit no_target = {XP_ADD, "d|4", 0, 0, 1, NULL, NULL};
	assert_int_equal(xp_db_edit(db, run, &no_target, &e), XP_EINPUT);
	xp_edit del = {XP_DELETE, "d|0", 0, 0, 0, NULL, NULL};
	assert_int_equal(xp_db_edit(db, run, &del, &e), 0);
	assert_int_equal(xp_db_edit(db, run, &del, &e), XP_EINPUT);        /* already deleted */
	/* the corrected view: d|0 gone, d|3 added; the silver one unchanged */
	xp_corpus c = {0}, s = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_int_equal(xp_db_export(db, run, 1, &s, &e), 0);
	assert_int_equal(c.docs[0].nmentions, 3);
	assert_int_equal(s.docs[0].nmentions, 3);
	assert_int_equal(c.docs[0].nutts, 2);
	int has3 = 0, has0 = 0;
	for (size_t k = 0; k < c.docs[0].nmentions; k++)
		has3 |= c.docs[0].mentions[k].id == 3, has0 |= c.docs[0].mentions[k].id == 0;
	assert_true(has3 && !has0);
	xp_corpus_free(&c);
	xp_corpus_free(&s);
	/* undo the newest edit: d|0 is back */
	char what[100];
	assert_int_equal(xp_db_undo(db, NULL, what, sizeof what, &e), 0);
	assert_int_equal(xp_db_edit(db, run, &del, &e), 0);
	assert_int_equal(count(db, "add"), 1);
	char *log;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "create"));
	assert_non_null(strstr(log, "import run"));
	assert_non_null(strstr(log, "undo"));
	free(log);
	done(db);
}

static void mmc_batch(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_batch_result r;
	xp_err e;
	assert_int_equal(xp_db_import_mmc(db, run, FIX("db/corrections.json"), NULL, &r, &e), 0);
	assert_int_equal(r.applied, 3);
	assert_int_equal(r.orphans, 1);
	assert_int_equal(r.conflicts, 1);
	assert_int_equal(r.nlisted, 2);
	xp_batch_result_free(&r);
	assert_int_equal(count(db, "add"), 2);
	assert_int_equal(count(db, "delete"), 1);
	assert_int_equal(count(db, "modify"), 2);
	assert_int_equal(count(db, "corrected"), 3);
	/* the same file again is refused, and changes nothing */
	assert_int_equal(xp_db_import_mmc(db, run, FIX("db/corrections.json"), NULL, &r, &e), -1);
	assert_non_null(strstr(e.msg, "imported before"));
	xp_batch_result_free(&r);
	/* a malformed file changes nothing */
	assert_int_equal(xp_db_import_mmc(db, run, FIX("db/malformed.json"), NULL, &r, &e), -1);
	xp_batch_result_free(&r);
	assert_int_equal(count(db, "add"), 2);
	/* undo the batch, and it can come in again */
	char what[100];
	assert_int_equal(xp_db_undo(db, "1", what, sizeof what, &e), 0);
	assert_int_equal(count(db, "add"), 0);
	assert_int_equal(xp_db_import_mmc(db, run, FIX("db/corrections.json"), "again", &r, &e), 0);
	xp_batch_result_free(&r);
	assert_int_equal(count(db, "modify"), 2);
	done(db);
}

static void tasa_round_trip(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_batch_result r;
	xp_err e;
	assert_int_equal(xp_db_import_tasa(db, run, FIX("db/tasa.csv"), NULL, &r, &e), 0);
	assert_int_equal(r.by_op[XP_MODIFY], 1);   /* d|1: [3,8) -> [3,5) */
	assert_int_equal(r.by_op[XP_DELETE], 1);   /* d|0: nothing marked */
	assert_int_equal(r.applied, 2);
	xp_batch_result_free(&r);
	char out[160];
	snprintf(out, sizeof out, "%s/tasa.csv", dir);
	assert_int_equal(xp_db_export_tasa(db, run, 0, out, &e), 0);
	char *buf;
	size_t n;
	assert_int_equal(xp_read_file(out, &buf, &n, &e), 0);
	assert_non_null(strstr(buf, "mention_id,src_tokens,tar_tokens,config_obj,alignment,src_spans\n"));
	assert_non_null(strstr(buf, "\"d|1\",\"[\"\"I\"\",\"\"saw\"\""));
	assert_non_null(strstr(buf, "\"\"retokenize_src\"\":false"));
	assert_non_null(strstr(buf, "\"[[2,6]]\""));
	free(buf);
	xp_triage_item *t;
	size_t nt;
	assert_int_equal(xp_db_triage(db, run, &t, &nt, &e), 0);
	assert_int_equal(nt, 5);
	/* by expected fixes per minute, none for what a corrector has decided
	 * (the batch deleted d|0 and moved d|1) or what has no target sentence
	 * (d|4): those last, the open ones before them with a rate */
	for (size_t k = 1; k < nt; k++)
		assert_true(t[k - 1].risk >= t[k].risk);
	size_t open = 0;
	for (size_t k = 0; k < nt; k++) {
		int closed = !strcmp(t[k].key, "d|0") || !strcmp(t[k].key, "d|1") || !strcmp(t[k].key, "d|4");
		if (!strcmp(t[k].key, "d|0") || !strcmp(t[k].key, "d|1"))
			assert_string_equal(t[k].why, "corrected");
		if (!strcmp(t[k].key, "d|4"))
			assert_string_equal(t[k].why, "no target sentence");
		if (closed)
			assert_true(t[k].risk == 0 && k >= 2);
		else
			open++, assert_non_null(strstr(t[k].why, "fixes/min"));
	}
	assert_int_equal(open, 2);
	assert_true(t[0].risk > 0);
	free(t);
	done(db);
}

/* a child dies inside the import transaction: the database is as before */
static void sigkill_inside_import(void **state)
{
	(void)state;
	xp_db *db = fresh();
	import(db);
	xp_db_close(db);
	pid_t pid = fork();
	if (pid == 0) {
		xp_db *c;
		xp_err e;
		setenv("XP_FAILPOINT", "db-import:3", 1);
		if (xp_db_open(path, &c, &e))
			_exit(3);
		import(c);
		_exit(0);   /* not reached: the failpoint kills */
	}
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	xp_err e;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_latest_run(db), 1);
	xp_db_counts s;
	assert_int_equal(xp_db_stats(db, 0, &s, &e), 0);
	assert_int_equal(s.mentions, 5);
	xp_db_counts_free(&s);
	done(db);
}

/* An edit that changes nothing is not a correction.  A modify to the span
 * the mention has is refused, nothing written (before: stored and counted
 * as a modification); in an MMC batch it is not stored, counted as
 * unchanged and listed.  A store made before may hold such rows (put here
 * as the old code wrote them): db stats leaves them out of every count
 * and says them apart (no_ops), the queue takes the mention as kept, not
 * edited. */
static void noop_edits(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|1", 0, &m, &e), 0);
	json_t *sp = json_object_get(json_object_get(m, "current"), "span");
	int32_t s0 = (int32_t)json_integer_value(json_array_get(sp, 0)), s1 = (int32_t)json_integer_value(json_array_get(sp, 1)),
		s2 = (int32_t)json_integer_value(json_array_get(sp, 2));
	json_decref(m);
	int64_t v = xp_db_mention_version(db, run, "d|1");
	xp_edit same = {XP_MODIFY, "d|1", s0, s1, s2, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &same, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "already: nothing was written"));
	assert_int_equal(xp_db_edit_at(db, run, &same, v, &e), XP_EINPUT);
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), v);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM corrections", -1), 0);
	/* the same span in another entity is a relink, not a no-op */
	int64_t other = 77;
	assert_int_equal(xp_db_relink_at(db, run, "d|1", other, "ann", NULL, v, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", (char[64]){0}, 64, (char[64]){0}, 64, &e), 0);
	/* a batch: the file's modify of d|1 to its span is not stored */
	char f[160], json[120];
	snprintf(f, sizeof f, "%s/same.json", dir);
	snprintf(json, sizeof json, "{\"d\": {\"modify\": {\"d|1\": [%d, %d, %d]}}}", s0, s1, s2);
	assert_int_equal(xp_write_file(f, json, strlen(json), &e), 0);
	xp_batch_result r;
	assert_int_equal(xp_db_import_mmc(db, run, f, NULL, &r, &e), 0);
	assert_int_equal(r.unchanged, 1);
	assert_int_equal(r.by_op[XP_MODIFY], 0);
	assert_int_equal(r.applied, 0);
	assert_int_equal(r.nlisted, 1);
	assert_non_null(strstr(r.listed[0], "modify d|1: its span is this already: not stored"));
	xp_batch_result_free(&r);
	assert_int_equal(count(db, "modify"), 0);   /* the relink was undone */
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM corrections WHERE op = 'modify' AND cluster IS NULL", -1), 0);
	/* an older store's no-op, as the old code stored it */
	char sql[400];
	int64_t row = xp_mention_row(db, run, "d|1");
	snprintf(sql, sizeof sql, "INSERT INTO corrections(run, mention, mention_key, op, old_start, old_end, sent, new_start,"
		 " new_end, status, annotator, created) VALUES(%lld, %lld, 'd|1', 'modify', %d, %d, %d, %d, %d, 'ok', 'old',"
		 " '2025-01-01T00:00:00Z')", (long long)run, (long long)row, s1, s2, s0, s1, s2);
	assert_int_equal(xp_sql_exec(db, sql, &e), 0);
	xp_db_counts c;
	assert_int_equal(xp_db_stats(db, run, &c, &e), 0);
	assert_int_equal(c.modifications, 0);
	assert_int_equal(c.no_ops, 1);
	assert_int_equal(c.corrected_mentions, 0);
	assert_non_null(strstr(c.json, "\"no_ops\":1"));
	assert_null(strstr(c.json, "\"old\""));   /* in no annotator's counts */
	xp_db_counts_free(&c);
	xp_touch *t;
	size_t nt;
	assert_int_equal(xp_db_touched(db, run, &t, &nt, &e), 0);
	assert_int_equal(xp_touch_flags(t, nt, row), XP_TOUCH_KEPT);
	free(t);
	xp_queue_query q = {.status = "kept", .type = -1, .min_conf = -1, .max_conf = 2, .limit = 10};
	json_t *page;
	assert_int_equal(xp_db_queue_page(db, run, &q, &page, &e), 0);
	assert_int_equal(json_integer_value(json_object_get(page, "total")), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(page, "items"), 0), "status")), "kept");
	json_decref(page);
	done(db);
}

/* 8 processes, 1000 modifications each, all at once: nothing lost.  Each
 * alternates two spans of a mention, but the others' edits come between:
 * one that finds the span it sets already there changes nothing and is
 * refused (correct/edit.c noop), said to the writer; every other is
 * stored, so stored + refused is 8000 */
/* Eight processes, 250 edits each, on one store: every edit is counted
 * once, as written or as refused for changing nothing.  Each commit waits
 * for the disk (fdatasync): 1,000 edits each took a minute of make check
 * for no more interleaving than 250 give. */
enum { WRITERS = 8, WRITES = 250 };
static void concurrent_writers(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_db_close(db);
	pid_t kids[WRITERS];
	int said[2];
	assert_int_equal(pipe(said), 0);
	for (int k = 0; k < WRITERS; k++)
		if ((kids[k] = fork()) == 0) {
			xp_db *c;
			xp_err e;
			int same = 0;
			/* a writer that fails says why (under valgrind, 50 times
			 * slower, one gave up waiting for the lock: xp_sql_begin) */
			if (xp_db_open(path, &c, &e))
				fprintf(stderr, "writer %d: open: %s\n", k, e.msg), _exit(3);
			for (int i = 0; i < WRITES; i++) {
				xp_edit m = {XP_MODIFY, i % 2 ? "d|1" : "d|2", i % 2 ? 0 : 1, 0, 1 + (i / 2) % 2, "w", NULL};
				int rc = xp_db_edit(c, run, &m, &e);
				if (rc == XP_EINPUT && strstr(e.msg, "already: nothing was written"))
					same++;
				else if (rc)
					fprintf(stderr, "writer %d: edit %d: %s\n", k, i, e.msg), _exit(4);
			}
			xp_db_close(c);
			if (write(said[1], &same, sizeof same) != sizeof same)
				_exit(5);
			_exit(0);
		}
	int refused = 0;
	for (int k = 0; k < WRITERS; k++) {
		int st, same;
		waitpid(kids[k], &st, 0);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		assert_int_equal(read(said[0], &same, sizeof same), sizeof same);
		refused += same;
	}
	close(said[0]), close(said[1]);
	xp_err e;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(count(db, "modify") + (size_t)refused, WRITERS * WRITES);
	assert_true(count(db, "modify") > 0);
	done(db);
}

/* xp_sql_begin waits behind another writer for as long as that writer keeps
 * committing, and gives up on a lock that no commit releases.  The busy
 * timeout of the waiting connection is cut to 5 ms, so that its idle limit
 * (50 tries of 5 ms + 20 ms) is some 1.3 s; the other writer is a child with
 * its own connection.  The chain of its 30 transactions, 80 ms each, back
 * to back, lasts longer than that: a wait of a fixed number of tries (as
 * before) gives up inside it, whatever the speed of the machine.  The child
 * says by a pipe when it holds the lock, and the stuck holder holds it until
 * the parent has given up: no sleep stands for a synchronisation. */
static void begin_waits_while_writers_commit(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	/* no connection open across a fork (a child's copy of it would be a
	 * leak under valgrind, and SQLite forbids using it there) */
	xp_db_close(db);
	int held[2], done_with[2];
	char c;
	assert_int_equal(pipe(held), 0);
	assert_int_equal(pipe(done_with), 0);
	for (int stuck = 0; stuck < 2; stuck++) {
		pid_t kid = fork();
		if (kid == 0) {
			xp_db *w;
			xp_err e;
			if (xp_db_open(path, &w, &e))
				fprintf(stderr, "holder: open: %s\n", e.msg), _exit(3);
			for (int i = 0; i < (stuck ? 1 : 30); i++) {
				/* two spans in turn: each commit changes something */
				xp_edit m = {XP_MODIFY, "d|1", 0, 0, 1 + i % 2, "holder", NULL};
				if (xp_db_begin(w, &e) || xp_edit_locked(w, run, &m, 0, &e))
					fprintf(stderr, "holder: %d: %s\n", i, e.msg), _exit(4);
				if (i == 0 && write(held[1], "h", 1) != 1)
					_exit(5);
				if (stuck) {
					if (read(done_with[0], &c, 1) != 1)
						_exit(6);
					xp_db_rollback(w);
				} else {
					usleep(80000);
					if (xp_db_commit(w, &e))
						fprintf(stderr, "holder: commit %d: %s\n", i, e.msg), _exit(7);
				}
			}
			xp_db_close(w);
			_exit(0);
		}
		assert_true(kid > 0);
		assert_int_equal(read(held[0], &c, 1), 1);
		xp_err e;
		assert_int_equal(xp_db_open(path, &db, &e), 0);
		sqlite3_busy_timeout(db->h, 5);
		int rc = xp_db_begin(db, &e);
		if (stuck) {
			assert_int_equal(rc, XP_EDB);
			assert_non_null(strstr(e.msg, "committed nothing"));
			assert_int_equal(write(done_with[1], "d", 1), 1);
		} else {
			if (rc)
				fprintf(stderr, "waiting writer: %s\n", e.msg);
			assert_int_equal(rc, 0);
			xp_db_rollback(db);
		}
		xp_db_close(db);
		int st;
		assert_int_equal(waitpid(kid, &st, 0), kid);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	close(held[0]), close(held[1]), close(done_with[0]), close(done_with[1]);
	xp_err e;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(count(db, "modify"), 30);
	done(db);
}

/* a version 1 database (before the history table) is migrated, its data kept */
static void migration(void **state)
{
	(void)state;
	xp_db *db = fresh_at(1);
	xp_err e;
	xp_db_close(db);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	int64_t run = import(db);
	assert_int_equal(run, 1);
	char *log;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "migrate"));
	free(log);
	done(db);
}

/* a run with no documents (or no utterances) is refused by the library
 * itself, naming the file the run's provenance gives */
static void empty_run_refused(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_corpus en = {0}, none = {0};
	xp_aligned al = {0}, nothing = {0};
	char *rep;
	int64_t r2 = 0;
	xp_err e;
	load_run(&en, &al, &rep);
	assert_int_equal(xp_db_import_run(db, &none, &al, rep, "zh", "{\"source\":\"e.conll\"}", &r2, &e), XP_EINPUT);
	assert_string_equal(e.file, "e.conll");
	assert_non_null(strstr(e.msg, "no documents"));
	assert_int_equal(xp_db_import_run(db, &en, &nothing, rep, "zh", "{\"aligned\":\"a.jsonl\"}", &r2, &e), XP_EINPUT);
	assert_string_equal(e.file, "a.jsonl");
	assert_int_equal(xp_db_latest_run(db), run);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	done(db);
}

/* the report goes through io/report.h's reader: a mention the reader cannot
 * take (here an unknown fate) refuses the whole run, naming the mention,
 * where the store once filed it as "unknown" */
static void bad_report_refused(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_corpus en = {0};
	xp_aligned al = {0};
	char *rep;
	int64_t run = 0;
	xp_err e;
	load_run(&en, &al, &rep);
	char *f = strstr(rep, "\"fate\":\"projected\"");
	assert_non_null(f);
	memcpy(f + 8, "projecteX", 9);   /* "fate":"projecteX" */
	assert_int_equal(xp_db_import_run(db, &en, &al, rep, "zh", "{\"report\":\"r.json\"}", &run, &e), XP_EINPUT);
	assert_string_equal(e.file, "r.json");
	assert_non_null(strstr(e.msg, "not a mention of a projection report"));
	assert_int_equal(xp_db_latest_run(db), 0);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	done(db);
}

/* xp_db_import_run_docs: the documents given one at a time (db import's
 * streamed path).  One that stops part way (here: "not read so" after the
 * first document) leaves nothing of its run, also inside the caller's
 * transaction, where the whole path then imports the run once. */
typedef struct docs_ctx {
	const xp_corpus *en;
	const xp_aligned *al;
	int given, fail_after;
} docs_ctx;

static int give_docs(void *ctx, const xp_corpus **en, const xp_aligned **al, xp_err *e)
{
	docs_ctx *c = ctx;
	if (c->given == c->fail_after)   /* a giver that fails says why, as the readers do */
		return xp_failc(e, XP_EINPUT, "docs", 0, "stopped after %d document(s)", c->given);
	if (c->given++)
		return 0;
	*en = c->en, *al = c->al;
	return 1;
}

static void streamed_import(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_corpus en = {0};
	xp_aligned al = {0};
	char *rep, rpath[160];
	int64_t run = 0;
	size_t ndocs;
	xp_err e;
	load_run(&en, &al, &rep);
	snprintf(rpath, sizeof rpath, "%s/r.json", dir);
	assert_int_equal(xp_write_file(rpath, rep, strlen(rep), &e), 0);
	docs_ctx ok = {&en, &al, 0, -1}, stop = {&en, &al, 0, 1};
	assert_int_equal(xp_db_import_check_docs(give_docs, &ok, rpath, 0, &ndocs, &e), 0);
	assert_int_equal(ndocs, 1);
	assert_int_not_equal(xp_db_import_check_docs(give_docs, &stop, rpath, 0, &ndocs, &e), 0);
	ok.given = stop.given = 0;
	assert_int_equal(xp_db_import_run_docs(db, give_docs, &ok, rpath, "zh", "{}", &run, &ndocs, &e), 0);
	assert_int_equal(run, 1);
	assert_int_equal(ndocs, 1);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM mentions", -1), 5);
	/* its own transaction: nothing left of a run that stops */
	assert_int_not_equal(xp_db_import_run_docs(db, give_docs, &stop, rpath, "zh", "{}", &run, &ndocs, &e), 0);
	assert_int_equal(xp_db_latest_run(db), 1);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM mentions", -1), 5);
	/* the caller's: the same, and the whole path in its place */
	stop.given = 0;
	assert_int_equal(xp_db_begin(db, &e), 0);
	assert_int_not_equal(xp_db_import_run_docs(db, give_docs, &stop, rpath, "zh", "{}", &run, &ndocs, &e), 0);
	assert_int_equal(xp_db_latest_run(db), 1);
	assert_int_equal(xp_db_import_run(db, &en, &al, rep, "zh", "{}", &run, &e), 0);
	assert_int_equal(xp_db_commit(db, &e), 0);
	assert_int_equal(xp_db_latest_run(db), 2);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM mentions", -1), 10);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM runs", -1), 2);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	done(db);
}

/* A store edited by hand with sqlite3 (tests/fuzz/fuzz_rows.c fuzzes this;
 * these are its finds): the fixture's run, then sql, then the store opened
 * for reading again (0 or the open's error in *e). */
static int edited(const char *sql, xp_db **db, xp_err *e)
{
	xp_db *w = fresh();
	import(w);
	xp_db_close(w);
	sqlite3 *h;
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	char *msg = NULL;
	if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg);
	sqlite3_close(h);
	return xp_db_open_mode(path, XP_DB_READ, db, e);
}

/* remove the directory edited() made, the store not opened */
static void cleanup_dir(void)
{
	char p[300];
	const char *suffix[] = {"", "-wal", "-shm"};
	for (int k = 0; k < 3; k++) {
		snprintf(p, sizeof p, "%s%s", path, suffix[k]);
		unlink(p);
	}
	assert_int_equal(rmdir(dir), 0);
}

/* the exported corpus, written as CoNLL, reads back */
static void export_reads_back(xp_db *db, int silver, size_t *nmentions)
{
	xp_corpus c = {0}, back = {0};
	xp_err e;
	assert_int_equal(xp_db_export(db, 1, silver, &c, &e), 0);
	char out[200];
	snprintf(out, sizeof out, "%s/out.conll", dir);
	assert_int_equal(xp_write_corpus(out, XP_FMT_CONLL, &c, &e), 0);
	if (xp_read_corpus(out, XP_FMT_CONLL, NULL, &back, &e))
		fail_msg("the export does not read back: %s:%lu: %s", e.file, e.line, e.msg);
	*nmentions = 0;
	for (size_t i = 0; i < back.ndocs; i++)
		*nmentions += back.docs[i].nmentions;
	xp_corpus_free(&back);
	xp_corpus_free(&c);
	unlink(out);
}

static void hand_edited_store(void **state)
{
	(void)state;
	xp_db *db;
	xp_err e;
	size_t n, n0;
	/* a schema version no xproj wrote: said, not "cannot read" with no reason */
	assert_int_equal(edited("PRAGMA user_version = -1", &db, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "schema version -1 is not one xproj writes"));
	cleanup_dir();
	/* a version older than the tables say: the upgrade that fails is named */
	assert_int_equal(edited("PRAGMA user_version = 5", &db, &e), XP_EDB);
	assert_non_null(strstr(e.msg, "cannot upgrade the schema from version 5 to 6: duplicate column name"));
	cleanup_dir();

	assert_int_equal(edited("", &db, &e), 0);
	export_reads_back(db, 1, &n0);
	done(db);
	/* a span starting before its sentence: left out, not written as a
	 * closing bracket without its opening one */
	assert_int_equal(edited("UPDATE projections SET tgt_start = -1, tgt_end = 1 WHERE tgt_start = 0", &db, &e), 0);
	export_reads_back(db, 1, &n);
	assert_true(n < n0);
	export_reads_back(db, 0, &n);
	done(db);
	/* a cluster number no CoNLL file can hold, a part below 0: refused */
	assert_int_equal(edited("UPDATE mentions SET cluster = -5", &db, &e), 0);
	xp_corpus c = {0};
	assert_int_equal(xp_db_export(db, 1, 1, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "cluster -5 is not a cluster number"));
	xp_corpus_free(&c);
	done(db);
	assert_int_equal(edited("UPDATE documents SET part = -1", &db, &e), 0);
	assert_int_equal(xp_db_export(db, 1, 0, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "document d has part -1"));
	xp_corpus_free(&c);
	done(db);
	/* tokens that are not JSON, a document name that is not UTF-8, NULL
	 * where the schema said NOT NULL: read, not a crash or "out of memory" */
	assert_int_equal(edited("UPDATE utterances SET tgt = 'not json', src = CAST(x'ff00' AS TEXT);"
				"UPDATE documents SET doc = CAST(x'64ff' AS TEXT)", &db, &e), 0);
	export_reads_back(db, 0, &n);
	json_t *j = NULL;
	assert_int_equal(xp_db_mention(db, 1, "d\xff|0", 1, &j, &e), 0);
	assert_string_equal(json_string_value(json_object_get(j, "doc")), "d\xef\xbf\xbd");
	json_decref(j);
	done(db);
	assert_int_equal(edited("PRAGMA writable_schema = 1; UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '')"
				" WHERE type = 'table'; PRAGMA writable_schema = RESET; UPDATE documents SET doc = NULL;"
				" UPDATE utterances SET tgt = NULL, speaker = NULL", &db, &e), 0);
	export_reads_back(db, 0, &n);
	done(db);
}


/* a file `name` in the store's directory holding text; its path into p */
static void in_dir(char *p, size_t n, const char *name, const char *text)
{
	snprintf(p, n, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* No edit may make two mentions of one entity cross in a sentence (CoNLL
 * and CorefUD brackets cannot hold them: io/conll.h): a modified span, a
 * relink, a merged entity and a target-only mention are each refused,
 * naming the other mention, with nothing written; export still writes. */
static void crossing_refused(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	/* d|0 (cluster 1) over 2-5 crosses d|1 (cluster 2, 3-8): another entity, allowed */
	xp_edit wide = {XP_MODIFY, "d|0", 0, 2, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &wide, &e), 0);
	int64_t v = xp_db_mention_version(db, run, "d|0");
	/* a relink into d|1's entity would make the pair */
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "ann", NULL, v, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "d|0 and '那辆 红色 的 大 车' (d|1) are one entity and their tokens would overlap"));
	/* so would merging the two entities */
	int64_t moved = 0;
	assert_int_equal(xp_db_merge_at(db, run, "d|0", 2, -1, NULL, 0, "ann", NULL, v, &moved, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "which the exported corpus cannot write"));
	assert_int_equal(moved, 0);
	/* back to 0-1, relinked: then widening it is refused, by both paths */
	xp_edit back = {XP_MODIFY, "d|0", 0, 0, 1, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &back, &e), 0);
	v = xp_db_mention_version(db, run, "d|0");
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "ann", NULL, v, &e), 0);
	v = xp_db_mention_version(db, run, "d|0");
	assert_int_equal(xp_db_edit(db, run, &wide, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "d|0 and '那辆 红色 的 大 车' (d|1) are one entity and their tokens would overlap"));
	assert_int_equal(xp_db_edit_at(db, run, &wide, v, &e), XP_EINPUT);
	assert_int_equal(xp_db_mention_version(db, run, "d|0"), v);   /* nothing written */
	/* nested and disjoint spans of one entity stay allowed */
	xp_edit inner = {XP_MODIFY, "d|0", 0, 5, 7, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &inner, v, &e), 0);
	/* a target-only mention of the entity over 2-5 crosses d|1 */
	int64_t id;
	v = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 0, 2, 5, 2, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "are one entity and their tokens would overlap"));
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 0, 2, 5, 1, "ann", NULL, v, &id, &e), 0);   /* another entity */
	/* an MMC batch that would make one is refused whole, naming the file */
	char mmc[200];
	in_dir(mmc, sizeof mmc, "x.json", "{\"d\": {\"modify\": {\"d|0\": [0, 2, 5]}}}");
	xp_batch_result r;
	size_t before = count(db, "modify");
	assert_int_equal(xp_db_import_mmc(db, run, mmc, "ann", &r, &e), XP_EINPUT);
	assert_non_null(strstr(e.file, "x.json"));
	assert_non_null(strstr(e.msg, "would overlap without one holding the other"));
	xp_batch_result_free(&r);
	assert_int_equal(count(db, "modify"), before);
	unlink(mmc);
	/* the view has no crossing pair: export lists none */
	char *list;
	size_t n;
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 0);
	assert_null(list);
	done(db);
}

/* A store that holds a pair already (made before the guard; here by hand):
 * listed by key; an edit elsewhere in the document is not stopped by it */
static void crossing_listed(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	int64_t v = xp_db_mention_version(db, run, "d|0");
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "ann", NULL, v, &e), 0);
	assert_int_equal(xp_sql_exec(db, "UPDATE corrections SET new_start = 2, new_end = 5", &e), 0);
	char *list;
	size_t n;
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 1);
	assert_non_null(strstr(list, "d|0 '了 那辆 红色' and d|1 '那辆 红色 的 大 车' (same entity, sentence 0, tokens 2-4 and 3-7)"));
	free(list);
	xp_edit other = {XP_MODIFY, "d|2", 1, 0, 2, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &other, &e), 0);
	/* the pair's own mention moved to another crossing span: a new pair */
	xp_edit again = {XP_MODIFY, "d|0", 0, 1, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &again, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "d|0 and '那辆 红色 的 大 车' (d|1) are one entity and their tokens would overlap"));
	/* ... and out of it, allowed */
	xp_edit out = {XP_MODIFY, "d|0", 0, 0, 1, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &out, &e), 0);
	done(db);
}

/* An undo puts back an earlier state: one that others' edits since have
 * made crossing is refused as the edit would be, by each undo there is:
 * the workbench's (a single edit, a merge), `db undo` (the newest action,
 * a batch by name).  ann narrows d|1 to 5-8; bob, seeing that, relinks d|0
 * into d|1's entity and widens it to 2-5 (legal beside 5-8, crossing 3-8);
 * ann's undo would put d|1 back at 3-8. */
static void undo_crossing(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	char what[200], key[200];
	xp_edit narrow = {XP_MODIFY, "d|1", 0, 5, 8, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &narrow, &e), 0);
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "bob", NULL, xp_db_mention_version(db, run, "d|0"), &e), 0);
	xp_edit wide = {XP_MODIFY, "d|0", 0, 2, 5, "bob", NULL};
	assert_int_equal(xp_db_edit(db, run, &wide, &e), 0);
	int64_t v = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "d|1 and '了 那辆 红色' (d|0) are one entity and their tokens would overlap"));
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), v);   /* nothing written */
	char *list;
	size_t n;
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 0);
	/* once bob has undone his widening, ann's undo goes through */
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "modify d|0");
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "modify d|1");

	/* `db undo` of a batch: the same narrowing as an MMC file */
	char mmc[200];
	in_dir(mmc, sizeof mmc, "narrow.json", "{\"d\": {\"modify\": {\"d|1\": [0, 5, 8]}}}");
	xp_batch_result r;
	assert_int_equal(xp_db_import_mmc(db, run, mmc, "ann", &r, &e), 0);
	xp_batch_result_free(&r);
	unlink(mmc);
	assert_int_equal(xp_db_edit(db, run, &wide, &e), 0);
	assert_int_equal(xp_db_undo(db, "1", what, sizeof what, &e), -1);
	assert_int_equal(e.code, XP_EINPUT);
	assert_non_null(strstr(e.msg, "which the exported corpus cannot write"));
	/* the newest action (bob's widening, a single edit) may go; then the batch */
	assert_int_equal(xp_db_undo(db, NULL, what, sizeof what, &e), 0);
	assert_int_equal(xp_db_undo(db, NULL, what, sizeof what, &e), 0);
	assert_string_equal(what, "batch 1");

	/* a merge: ann widens d|2 ("It", cluster 2) to 0-2 in sentence 1 and
	 * relinks it to cluster 1 (d|3 "mine", no span; d|0 is in cluster 2
	 * by bob's relink), then merges that entity into cluster 2 (d|2
	 * moves); bob adds d|3 at 1-3, crossing d|2 but of another entity
	 * now.  Undoing the merge would put d|2 back into cluster 1 beside
	 * d|3. */
	xp_edit it = {XP_MODIFY, "d|2", 1, 0, 2, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &it, &e), 0);
	assert_int_equal(xp_db_relink_at(db, run, "d|2", 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	int64_t moved;
	assert_int_equal(xp_db_merge_at(db, run, "d|2", 2, -1, NULL, 0, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &moved, &e), 0);
	assert_int_equal(moved, 1);
	xp_edit mine = {XP_ADD, "d|3", 1, 1, 3, "bob", NULL};
	assert_int_equal(xp_db_edit(db, run, &mine, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "which the exported corpus cannot write"));
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 0);
	done(db);
}

/* The guard reads only the sentences of the mentions an action changes
 * (correct/cross.c): a target-only mention a merge moves is one of them.
 * d|2 "It" widened to 0-2 in sentence 1; a target-only mention at 1-3 in
 * d|0's entity; merging that entity into d|2's would make them cross. */
static void merge_tadd_crossing(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db), tid, moved;
	xp_err e;
	char what[200], key[200];
	xp_edit it = {XP_MODIFY, "d|2", 1, 0, 2, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &it, &e), 0);
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 1, 3, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	int64_t v = xp_db_mention_version(db, run, "d|0");
	assert_int_equal(xp_db_merge_at(db, run, "d|0", 2, -1, NULL, 0, "ann", NULL, v, &moved, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "are one entity and their tokens would overlap"));
	assert_non_null(strstr(e.msg, "a target-only mention"));
	assert_int_equal(xp_db_mention_version(db, run, "d|0"), v);
	/* the tadd undone, the merge goes; the tadd's undo is no crossing */
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "tadd d|2");
	assert_int_equal(xp_db_merge_at(db, run, "d|0", 2, -1, NULL, 0, "ann", NULL, v, &moved, &e), 0);
	char *list;
	size_t n;
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 0);
	done(db);
}

/* the cluster target-only mention tid is in now, -1 if it is not live */
static int64_t tadd_cluster(xp_db *db, int64_t tid)
{
	json_t *a = xp_tadds_json(db, 1), *t;
	assert_non_null(a);
	size_t i;
	int64_t c = -1;
	json_array_foreach(a, i, t)
		if (json_integer_value(json_object_get(t, "tid")) == tid)
			c = json_integer_value(json_object_get(t, "cluster"));
	json_decref(a);
	return c;
}

/* the scene's tgt_cluster_members of a mention, as "a b c" */
static void members_of(xp_db *db, int64_t run, const char *key, char *out, size_t n)
{
	json_t *m, *x;
	xp_err e;
	assert_int_equal(xp_db_mention(db, run, key, 2, &m, &e), 0);
	json_t *a = json_object_get(json_object_get(m, "scene"), "tgt_cluster_members");
	assert_true(json_is_array(a));
	size_t i, k = 0;
	out[0] = '\0';
	json_array_foreach(a, i, x)
		k += (size_t)snprintf(out + k, n - k, "%s%s", i ? " " : "", json_string_value(x));
	assert_int_equal((size_t)json_integer_value(json_object_get(json_object_get(m, "scene"), "tgt_cluster_size")),
			 json_array_size(a));
	json_decref(m);
}

/* An entity merge: the entity's target-only mentions move with it (a
 * user merging "the car" into "it" means the whole chain, the mentions
 * they added on the target side too), in the one batch, so one undo takes
 * all of it back; `db merge` copies the moves.  The members the corrector
 * saw are compared as a set: one mention out and another in keeps the
 * size, not the entity. */
static void merge_moves_target_only(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	char m[200], what[200], key[200];
	/* ann adds 我的 (utterance 1, tokens 2-3) to the car's entity (cluster 2) */
	int64_t tid, moved;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	members_of(db, run, "d|1", m, sizeof m);
	char saw[200];
	snprintf(saw, sizeof saw, "+%lld d|1 d|2", (long long)tid);
	assert_string_equal(m, saw);
	const char *before[3] = {saw, "d|1", "d|2"};
	char plus[32];
	snprintf(plus, sizeof plus, "+%lld", (long long)tid);
	before[0] = plus;
	char *text0 = conll_of(db, run);

	/* bob moves d|2 out and d|0 in: three members still, not those ann saw */
	assert_int_equal(xp_db_relink_at(db, run, "d|2", 7, "bob", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "bob", NULL, xp_db_mention_version(db, run, "d|0"), &e), 0);
	int64_t v = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 7, 3, before, 3, "ann", NULL, v, &moved, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "this entity (cluster 2) changed since you saw it (d|0 joined it; d|2 left it)"));
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), v);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	/* ... the target-only mention out, d|0 in: named by its words, as the
	 * page names it (the message said "+N left it") */
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 7, "bob", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "bob", NULL, xp_db_mention_version(db, run, "d|0"), &e), 0);
	v = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 7, 3, before, 3, "ann", NULL, v, &moved, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "changed since you saw it (d|0 joined it; target-only \u201c我的\u201d left it)"));
	assert_null(strchr(e.msg, '+'));
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);

	/* the merge into d|0's entity (cluster 1): the tadd moves too */
	v = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 1, 3, before, 3, "ann", NULL, v, &moved, &e), 0);
	assert_int_equal(moved, 3);
	assert_int_equal(tadd_cluster(db, tid), 1);
	members_of(db, run, "d|0", m, sizeof m);
	snprintf(saw, sizeof saw, "+%lld d|0 d|1 d|2", (long long)tid);
	assert_string_equal(m, saw);
	char *text1 = conll_of(db, run);
	assert_string_not_equal(text0, text1);
	assert_non_null(strstr(text1, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(1)\n"));

	/* db merge into a new store carries the move */
	char out[200];
	snprintf(out, sizeof out, "%s/merged.db", dir);
	const char *ins[1] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	xp_db *mdb;
	assert_int_equal(xp_db_open(out, &mdb, &e), 0);
	char *text2 = conll_of(mdb, run);
	assert_string_equal(text1, text2);
	free(text2);
	char *report;
	size_t np;
	assert_int_equal(xp_db_check(mdb, &report, &np, &e), 0);
	assert_int_equal(np, 0);
	free(report);
	xp_db_close(mdb);

	/* one undo: every mention back, the target-only one too */
	assert_int_equal(xp_db_undo_next(db, run, "ann", what, sizeof what, key, sizeof key, &v, &e), 0);
	assert_string_equal(what, "merge d|1");
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "merge d|1");
	assert_int_equal(tadd_cluster(db, tid), 2);
	char *text3 = conll_of(db, run);
	assert_string_equal(text0, text3);
	free(text0), free(text1), free(text3);
	/* the next undo is the tadd itself */
	assert_int_equal(xp_db_undo_next(db, run, "ann", what, sizeof what, key, sizeof key, &v, &e), 0);
	assert_string_equal(what, "tadd d|2");
	done(db);
}

/* A target-only mention relinked alone (schema 14), as a projected one is
 * with r: another entity of the document, export, the history, one undo;
 * refused when someone moved it since it was seen, into its own entity,
 * for what is no live target-only mention, or where it would cross; and
 * an undo that would take back someone's later move of it (a merge's
 * undo after a relink of one of its target-only mentions) refused. */
static void relink_target_only(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	char what[200], key[200];
	/* ann adds 我的 (utterance 1, tokens 2-3) to the car's entity (cluster 2) */
	int64_t tid, moved, v;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	char *text0 = conll_of(db, run);
	assert_null(strstr(text0, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(1)\n"));

	/* bob relinks it alone into d|0's entity (cluster 1), from d|2 on screen */
	v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 1, "bob", NULL, v, &e), 0);
	assert_int_equal(tadd_cluster(db, tid), 1);
	assert_int_equal(xp_db_mention_version(db, run, "d|2"), v + 1);
	char *text1 = conll_of(db, run);
	assert_non_null(strstr(text1, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(1)\n"));
	char m[200], saw[200];
	members_of(db, run, "d|0", m, sizeof m);
	snprintf(saw, sizeof saw, "+%lld d|0", (long long)tid);
	assert_string_equal(m, saw);
	/* the mention on screen lists it: its line's target-only mentions, the history */
	json_t *j;
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &j, &e), 0);
	json_t *to = json_object_get(json_object_get(j, "target"), "target_only");
	assert_int_equal(json_array_size(to), 1);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(to, 0), "tid")), tid);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(to, 0), "cluster")), 1);
	json_t *acts = json_object_get(j, "actions"), *last = json_array_get(acts, json_array_size(acts) - 1);
	assert_string_equal(json_string_value(json_object_get(last, "kind")), "relink");
	assert_string_equal(json_string_value(json_object_get(last, "annotator")), "bob");
	assert_int_equal(json_integer_value(json_object_get(last, "cluster")), 1);
	json_decref(j);
	/* a line with none says nothing of them */
	assert_int_equal(xp_db_mention(db, run, "d|0", 2, &j, &e), 0);
	assert_null(json_object_get(json_object_get(j, "target"), "target_only"));
	json_decref(j);

	/* refused, nothing written: ann saw it in cluster 2 (bob moved it);
	 * into the entity it is in; what is no target-only mention */
	v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 5, "ann", NULL, v, &e), XP_ECONFLICT);
	/* named by its words, as the page names it (not "+N") */
	assert_non_null(strstr(e.msg, "the target-only \u201c我的\u201d changed since you saw it (it is in entity 1 now, not 2)"));
	assert_null(strchr(e.msg, '+'));
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 1, 1, "ann", NULL, v, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "the target-only \u201c我的\u201d is in that entity already: choose another"));
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid + 100, -1, 1, "ann", NULL, v, &e), XP_EINPUT);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, -1, 5, "ann", NULL, v - 1, &e), XP_ECONFLICT);
	assert_int_equal(xp_db_mention_version(db, run, "d|2"), v);
	assert_int_equal(tadd_cluster(db, tid), 1);

	/* ann's undo of her tadd would take bob's relink away: refused */
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "bob acted on d|2 after your tadd: undoing yours would take theirs away; ask bob"));

	/* db merge into a new store carries it, and its undo */
	char out[200];
	snprintf(out, sizeof out, "%s/merged.db", dir);
	const char *ins[1] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	xp_db *mdb;
	assert_int_equal(xp_db_open(out, &mdb, &e), 0);
	char *text2 = conll_of(mdb, run);
	assert_string_equal(text1, text2);
	free(text2);
	assert_int_equal(xp_db_undo_next(mdb, run, "bob", what, sizeof what, key, sizeof key, &v, &e), 0);
	snprintf(saw, sizeof saw, "relink +%lld", (long long)tid);
	assert_string_equal(what, saw);
	assert_int_equal(xp_db_undo_mine(mdb, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	text2 = conll_of(mdb, run);
	assert_string_equal(text0, text2);
	free(text2);
	xp_db_close(mdb);

	/* bob's one undo: back where it was, the export as before */
	assert_int_equal(xp_db_undo_next(db, run, "bob", what, sizeof what, key, sizeof key, &v, &e), 0);
	assert_string_equal(what, saw);
	assert_string_equal(key, "d|2");
	assert_int_equal(v, xp_db_mention_version(db, run, "d|2"));
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, saw);
	assert_int_equal(tadd_cluster(db, tid), 2);
	char *text3 = conll_of(db, run);
	assert_string_equal(text0, text3);

	/* a merge's undo after someone relinked a target-only mention it moved:
	 * ann merges cluster 2 (d|1, d|2, the tadd) into 1, bob relinks the
	 * tadd alone into a new entity, ann's undo would take it back */
	v = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 1, 3, NULL, 0, "ann", NULL, v, &moved, &e), 0);
	assert_int_equal(moved, 3);
	assert_int_equal(tadd_cluster(db, tid), 1);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 1, 7, "bob", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "bob acted on d|1 after your merge"));
	assert_int_equal(tadd_cluster(db, tid), 7);
	/* ... and bob's undo of his relink after ann's later merge: refused too */
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "merge d|1");
	assert_int_equal(tadd_cluster(db, tid), 2);
	/* bob relinks the tadd into d|0's entity, ann merges that entity into 2 */
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 1, "bob", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_merge_at(db, run, "d|0", 2, 2, NULL, 0, "ann", NULL, xp_db_mention_version(db, run, "d|0"),
					&moved, &e), 0);
	assert_int_equal(moved, 2);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "ann acted on target-only \u201c我的\u201d after your relink"));
	assert_null(strchr(e.msg, '+'));
	free(text0), free(text1), free(text3);
	done(db);
}

/* A target-only mention relinked alone passes the crossing guard: d|2 "It"
 * widened to 0-2 in sentence 1, a target-only mention at 1-3 in d|0's
 * entity; relinked into d|2's entity the two would cross.  Its undo too,
 * by `u` or `db undo` of its batch. */
static void relink_tadd_crossing(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db), tid;
	xp_err e;
	char what[200], key[200];
	xp_edit it = {XP_MODIFY, "d|2", 1, 0, 2, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &it, &e), 0);
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 1, 3, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	int64_t v = xp_db_mention_version(db, run, "d|2");
	size_t batches = (size_t)xp_sql_int(db, "SELECT count(*) FROM batches", -1);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 1, 2, "ann", NULL, v, &e), XP_EINPUT);
	char said[120];
	snprintf(said, sizeof said, "a target-only mention (%lld) and '那 是' (d|2) are one entity", (long long)tid);
	assert_non_null(strstr(e.msg, said));
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM batches", -1), (int64_t)batches);
	assert_int_equal(xp_db_mention_version(db, run, "d|2"), v);
	assert_int_equal(tadd_cluster(db, tid), 1);
	/* d|2 narrowed back, the relink goes; then widened again by bob: ann's
	 * undo of the relink would put back no crossing, but bob's widening
	 * with the tadd back in cluster 1 is none either: undone */
	xp_edit back = {XP_MODIFY, "d|2", 1, 0, 1, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &back, &e), 0);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 1, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	/* bob moves d|2 into cluster 1 and widens it under the tadd (now in 2):
	 * `db undo` of the relink's batch would put the tadd back beside it in
	 * cluster 1, crossing: refused (it read no document for a batch with
	 * no correction, and let it through) */
	assert_int_equal(xp_db_relink_at(db, run, "d|2", 1, "bob", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	xp_edit wide = {XP_MODIFY, "d|2", 1, 0, 2, "bob", NULL};
	assert_int_equal(xp_db_edit(db, run, &wide, &e), 0);
	char b[32];
	snprintf(b, sizeof b, "%lld", (long long)xp_sql_int(db, "SELECT max(id) FROM batches WHERE checksum LIKE 'trelink:%'", -1));
	assert_int_not_equal(xp_db_undo(db, b, what, sizeof what, &e), 0);
	assert_int_equal(e.code, XP_EINPUT);
	assert_non_null(strstr(e.msg, "are one entity and their tokens would overlap"));
	assert_int_equal(tadd_cluster(db, tid), 2);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(tadd_cluster(db, tid), 1);
	char *list;
	size_t n;
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 0);
	done(db);
}

/* `db undo` with no batch named takes back the newest batch; one that
 * relinks a target-only mention alone has no correction, so the guard was
 * given no document and the undo put back a crossing pair: ann relinks a
 * tadd (1-3 of sentence 1) out of cluster 1, bob adds another at 0-2 in
 * cluster 1, `db undo` would put the first back beside it.  Refused. */
static void undo_newest_relink_crossing(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db), tid, tid2;
	xp_err e;
	char what[200];
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 1, 3, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 1, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 0, 2, 1, "bob", NULL, xp_db_mention_version(db, run, "d|2"), &tid2, &e), 0);
	assert_int_not_equal(xp_db_undo(db, NULL, what, sizeof what, &e), 0);
	assert_int_equal(e.code, XP_EINPUT);
	assert_non_null(strstr(e.msg, "are one entity and their tokens would overlap"));
	assert_int_equal(tadd_cluster(db, tid), 2);
	char *list;
	size_t n;
	assert_int_equal(xp_db_crossings(db, run, &list, &n, &e), 0);
	assert_int_equal(n, 0);
	free(list);
	done(db);
}

/* ... and it takes back the newest action: ann's modify, then her relink
 * of a target-only mention alone (a batch with no correction, so the
 * newest batch's corrections, none, read as older than the modify: the
 * modify was undone, the relink left) */
static void undo_newest_is_the_relink(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db), tid;
	xp_err e;
	char what[200], want[64];
	xp_edit it = {XP_MODIFY, "d|2", 1, 0, 2, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &it, &e), 0);
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 1, 3, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_undo(db, NULL, what, sizeof what, &e), 0);
	snprintf(want, sizeof want, "batch %lld", (long long)xp_sql_int(db, "SELECT max(id) FROM batches", -1));
	assert_string_equal(what, want);
	assert_int_equal(tadd_cluster(db, tid), 1);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM corrections WHERE undone = 0", -1), 1);
	/* then the modify */
	assert_int_equal(xp_db_undo(db, NULL, what, sizeof what, &e), 0);
	assert_non_null(strstr(what, "correction"));
	done(db);
}

static int deny_start(void *ctx, int what, const char *a, const char *b, const char *c, const char *d)
{
	(void)ctx, (void)c, (void)d;
	return what == SQLITE_READ && a && b && !strcmp(a, "tedits") && !strcmp(b, "start") ? SQLITE_DENY : SQLITE_OK;
}

/* A merge and an export that cannot read the target-only mentions stop
 * there, nothing written: before, the list read as empty, so the merge
 * left a member behind (or was refused as a changed entity) and the
 * export went out without them. */
static void tadds_unread(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	int64_t tid, moved;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	int64_t v = xp_db_mention_version(db, run, "d|1");
	size_t merges = (size_t)xp_sql_int(db, "SELECT count(*) FROM batches", -1);
	sqlite3_set_authorizer(db->h, deny_start, NULL);
	assert_int_not_equal(xp_db_merge_at(db, run, "d|1", 1, -1, NULL, 0, "ann", NULL, v, &moved, &e), 0);
	assert_int_equal(e.code, XP_EDB);
	assert_non_null(strstr(e.msg, "target-only"));
	assert_int_not_equal(xp_db_merge_at(db, run, "d|1", 1, 3, NULL, 0, "ann", NULL, v, &moved, &e), 0);
	assert_int_equal(e.code, XP_EDB);
	xp_corpus c = {0};
	assert_int_not_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_non_null(strstr(e.msg, "target-only"));
	xp_corpus_free(&c);
	sqlite3_set_authorizer(db->h, NULL, NULL);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM batches", -1), (int64_t)merges);
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), v);
	done(db);
}

/* af7e990: a merge moves the mentions the scene counts (a span in a
 * target sentence).  A mention with a span but no target sentence (a
 * store edited by hand: d|4 "Really" has none) is in no chain of the
 * target: the scene leaves it out of tgt_cluster_size, and so must the
 * merge, or the size the corrector saw never matches. */
static void merge_counts_as_scene(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	assert_int_equal(xp_sql_exec(db, "UPDATE projections SET tgt_start = 0, tgt_end = 1 WHERE mention ="
				     " (SELECT id FROM mentions WHERE mention = 4);"
				     "UPDATE mentions SET cluster = 2 WHERE mention = 4", &e), 0);
	json_t *j;
	assert_int_equal(xp_db_mention(db, run, "d|1", 2, &j, &e), 0);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "scene"), "tgt_cluster_size")), 2);
	json_decref(j);
	int64_t moved;
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 1, 2, NULL, 0, "ann", NULL, xp_db_mention_version(db, run, "d|1"),
					&moved, &e), 0);
	assert_int_equal(moved, 2);
	done(db);
}

/* An entity of 1,030 mentions on two lines of 515, and one named by a
 * mention of 80 words: GET /api/mention's scene lists 200 of a line's
 * chain (the one on screen among them) and counts the others, hashes the
 * members in place of listing them (2 MB at 100,000), and cuts the name at
 * 64 words, "…" last.  A merge that sends the hash back is refused when the
 * entity changed, even to the same size (one mention out, another in), as
 * one that sends the list is. */
static void scene_bounded(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_buf en = {0}, al = {0}, ph = {0};
	xp_buf_printf(&en, "#begin document (d); part 000\n");
	for (int u = 0; u < 3; u++) {
		int n = u < 2 ? 515 : 80;
		xp_buf_printf(&al, "{\"doc\":\"d\",\"part\":0,\"utt\":%d,\"speaker\":\"S\",\"src\":[", u);
		xp_buf tg = {0};
		for (int i = 0; i < n; i++) {
			const char *m = u < 2 ? "(0)" : i == 0 ? "(1" : i == n - 1 ? "1)" : "-";
			xp_buf_printf(&en, "d\t0\t%d\tx%d\tna\tna\tna\tna\tna\tS\tna\tna\tna\t%s\n", i, i, m);
			xp_buf_printf(&al, "%s\"x%d\"", i ? "," : "", i);
			xp_buf_printf(&tg, "%s\"y%d\"", i ? "," : "", i);
			xp_buf_printf(&ph, "%s%d-%d", i ? " " : "", i, i);
		}
		xp_buf_printf(&en, "\n");
		xp_buf_printf(&al, "],\"tgt_lang\":\"zh\",\"tgt_text\":\"y\",\"tgt\":[%s],\"en_subs\":[1],\"tgt_subs\":[1],\"score\":1}\n",
			      tg.p);
		xp_buf_printf(&ph, "\n");
		xp_buf_free(&tg);
	}
	xp_buf_printf(&en, "#end document\n");
	char pe[300], pa[300], pp[300];
	in_dir(pe, sizeof pe, "en.conll", en.p);
	in_dir(pa, sizeof pa, "aligned.jsonl", al.p);
	in_dir(pp, sizeof pp, "pairs.pharaoh", ph.p);
	xp_buf_free(&en), xp_buf_free(&al), xp_buf_free(&ph);
	int64_t run = import_files(db, pe, pa, pp, NULL);
	xp_err e;
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|1000", 2, &m, &e), 0);
	json_t *sc = json_object_get(m, "scene"), *lines = json_object_get(sc, "utterances"), *u;
	size_t i, lined = 0;
	int self = 0;
	json_array_foreach(lines, i, u) {
		json_t *ms = json_object_get(u, "mentions"), *x;
		size_t k;
		if (json_integer_value(json_object_get(u, "utt")) == 2) {
			assert_int_equal(json_array_size(ms), 0);
			continue;
		}
		json_array_foreach(ms, k, x)
			self += json_is_true(json_object_get(x, "self"));
		lined += json_array_size(ms) + (size_t)json_integer_value(json_object_get(u, "mentions_more"));
		assert_true(json_array_size(ms) <= 201);
		assert_true(json_array_size(json_object_get(u, "tgt_mentions")) <= 201);
	}
	assert_int_equal(lined, 1030);
	assert_int_equal(self, 1);
	assert_int_equal(json_integer_value(json_object_get(sc, "tgt_cluster_size")), 1030);
	assert_null(json_object_get(sc, "tgt_cluster_members"));
	char hash[40];
	snprintf(hash, sizeof hash, "%s", json_string_value(json_object_get(sc, "tgt_cluster_members_hash")));
	assert_int_equal(strlen(hash), 17);
	json_t *ents = json_object_get(sc, "entities"), *x;
	int named = 0;
	json_array_foreach(ents, i, x) {
		if (json_integer_value(json_object_get(x, "cluster")) != 1)
			continue;
		json_t *w = json_object_get(x, "words");
		assert_int_equal(json_array_size(w), 65);
		assert_string_equal(json_string_value(json_array_get(w, 0)), "x0");
		assert_string_equal(json_string_value(json_array_get(w, 63)), "x63");
		assert_string_equal(json_string_value(json_array_get(w, 64)), "\xe2\x80\xa6");
		assert_int_equal(json_array_size(json_object_get(x, "tgt_words")), 65);
		named = 1;
	}
	assert_true(named);
	json_decref(m);

	/* bob moves d|5 out and d|1030 (the long one) in: 1,030 members still, not those seen */
	const char *saw[1] = {hash};
	int64_t moved, v;
	char what[200], key[200];
	assert_int_equal(xp_db_relink_at(db, run, "d|5", 1, "bob", NULL, xp_db_mention_version(db, run, "d|5"), &e), 0);
	assert_int_equal(xp_db_relink_at(db, run, "d|1030", 0, "bob", NULL, xp_db_mention_version(db, run, "d|1030"), &e),
			 0);
	v = xp_db_mention_version(db, run, "d|1000");
	assert_int_equal(xp_db_merge_at(db, run, "d|1000", 1, 1030, saw, 1, "ann", NULL, v, &moved, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "this entity (cluster 0) changed since you saw it (its members are not those shown)"));
	assert_int_equal(xp_db_mention_version(db, run, "d|1000"), v);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	/* as it was seen: merged */
	v = xp_db_mention_version(db, run, "d|1000");
	assert_int_equal(xp_db_merge_at(db, run, "d|1000", 1, 1030, saw, 1, "ann", NULL, v, &moved, &e), 0);
	assert_int_equal(moved, 1030);
	done(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(single_edits),
		cmocka_unit_test(mmc_batch),
		cmocka_unit_test(tasa_round_trip),
		cmocka_unit_test(sigkill_inside_import),
		cmocka_unit_test(concurrent_writers),
		cmocka_unit_test(begin_waits_while_writers_commit),
		cmocka_unit_test(migration),
		cmocka_unit_test(empty_run_refused),
		cmocka_unit_test(bad_report_refused),
		cmocka_unit_test(streamed_import),
		cmocka_unit_test(hand_edited_store),
		cmocka_unit_test(crossing_refused),
		cmocka_unit_test(crossing_listed),
		cmocka_unit_test(undo_crossing),
		cmocka_unit_test(merge_moves_target_only),
		cmocka_unit_test(tadds_unread),
		cmocka_unit_test(merge_counts_as_scene),
		cmocka_unit_test(scene_bounded),
		cmocka_unit_test(merge_tadd_crossing),
		cmocka_unit_test(relink_target_only),
		cmocka_unit_test(relink_tadd_crossing),
		cmocka_unit_test(undo_newest_relink_crossing),
		cmocka_unit_test(undo_newest_is_the_relink),
		cmocka_unit_test(noop_edits),
	};
	return cmocka_run_group_tests_name("db", tests, NULL, NULL);
}
