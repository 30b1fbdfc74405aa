/* tests/unit/test_review.c — the store as a corrector works on it: one
 * mention as JSON, versions and the conflicts they catch, keep and note,
 * per-annotator undo, queue order and positions, and corrections that
 * follow a rerun (carried, already agreed, lost with the reason). */
#include "testutil.h"
#include "dbutil.h"

#include <jansson.h>
#include <sqlite3.h>
#include "correct/review.h"
#include "correct/store.h"
#include "base/file.h"
#include "io/conll.h"

#define J(o, k) json_object_get(o, k)

static json_t *mention(xp_db *db, int64_t run, const char *key)
{
	json_t *m;
	xp_err e;
	assert_int_equal(xp_db_mention(db, run, key, 5, &m, &e), 0);
	return m;
}

static int64_t jint(json_t *o, const char *k) { return (int64_t)json_integer_value(J(o, k)); }

static int span_is(json_t *sp, int sent, int start, int end)
{
	return json_array_size(sp) == 3 && json_integer_value(json_array_get(sp, 0)) == sent &&
	       json_integer_value(json_array_get(sp, 1)) == start && json_integer_value(json_array_get(sp, 2)) == end;
}

static void mention_json(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	json_t *m = mention(db, run, "d|1");
	assert_string_equal(json_string_value(J(m, "key")), "d|1");
	assert_int_equal(jint(m, "version"), 0);
	assert_string_equal(json_string_value(J(m, "status")), "open");
	assert_string_equal(json_string_value(J(m, "type")), "nominal");
	json_t *en = J(m, "english");
	assert_int_equal(jint(en, "start"), 2);
	assert_int_equal(jint(en, "end"), 6);
	assert_string_equal(json_string_value(json_array_get(J(en, "tokens"), 5)), "car");
	json_t *tgt = J(m, "target");
	assert_int_equal(jint(tgt, "sent"), 0);
	assert_string_equal(json_string_value(J(tgt, "text")), "我看见了那辆红色的大车。");
	assert_int_equal(json_array_size(J(tgt, "tokens")), 9);
	json_t *silver = J(m, "silver");
	assert_string_equal(json_string_value(J(silver, "fate")), "projected");
	assert_true(span_is(J(silver, "span"), 0, 3, 8));
	assert_true(json_equal(J(J(m, "current"), "span"), J(silver, "span")));
	/* the scene: all three utterances; cluster 2 is "the big red car" and "It" */
	json_t *us = J(J(m, "scene"), "utterances");
	assert_int_equal(json_array_size(us), 3);
	assert_int_equal(jint(J(m, "scene"), "cluster_size"), 2);
	assert_int_equal(json_array_size(J(json_array_get(us, 0), "mentions")), 1);
	assert_true(json_is_true(J(json_array_get(J(json_array_get(us, 0), "mentions"), 0), "self")));
	assert_int_equal(json_array_size(J(json_array_get(us, 1), "mentions")), 1);
	assert_true(json_is_null(J(json_array_get(us, 2), "sent")));   /* "Really ?" has no target */
	json_decref(m);
	m = mention(db, run, "d|4");
	assert_true(json_is_null(J(m, "target")));
	json_decref(m);
	xp_err e;
	assert_int_equal(xp_db_mention(db, run, "d|9", 0, &m, &e), XP_ENOTFOUND);
	assert_int_equal(xp_db_mention(db, run, "nobar", 0, &m, &e), XP_ENOTFOUND);
	done(db);
}

/* the subtitle blocks of the first utterance, as `xproj align` writes them */
static void with_subtitles(xp_aligned *al)
{
	static const char *en[] = {"I saw the big red car.", "<img src=x onerror=alert(1)>"};
	static const char *tgt[] = {"我看见了那辆红色的大车。"};
	static uint32_t en_ids[] = {1, 2};
	al->v[0].en_subs = en_ids, al->v[0].nen_subs = 2, al->v[0].en_sub_text = en;
	al->v[0].tgt_sub_text = tgt;   /* tgt_subs [1] */
}

static int sub_is(json_t *blocks, size_t i, long long id, const char *text)
{
	json_t *b = json_array_get(blocks, i);
	return b && jint(b, "id") == id && !strcmp(json_string_value(J(b, "text")), text);
}

/* the subtitle text goes from the aligned corpus into the store and out in
 * the mention; a corpus without it (an older file) gives null, not [] */
static void subtitles(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import_with(db, with_subtitles);
	json_t *m = mention(db, run, "d|1"), *subs = J(m, "subtitles");
	assert_int_equal(json_array_size(J(subs, "en")), 2);
	assert_true(sub_is(J(subs, "en"), 0, 1, "I saw the big red car."));
	assert_true(sub_is(J(subs, "en"), 1, 2, "<img src=x onerror=alert(1)>"));
	assert_int_equal(json_array_size(J(subs, "tgt")), 1);
	assert_true(sub_is(J(subs, "tgt"), 0, 1, "我看见了那辆红色的大车。"));
	json_decref(m);
	m = mention(db, run, "d|2");   /* utterance 1: the fixture has no texts */
	assert_true(json_is_null(J(J(m, "subtitles"), "en")) && json_is_null(J(J(m, "subtitles"), "tgt")));
	json_decref(m);
	done(db);
}

/* A store of schema version 5 (before the subtitle blocks and the runs'
 * counts were kept): made by importing now and then taking the store back
 * to what version 5 had, its columns, tables and version.  Opening it
 * migrates it to the current version, keeps everything it held (target
 * text, corrections), counts its run, logs the move; its mentions have no
 * subtitle blocks (null: unknown); `db check` finds nothing wrong. */
static void migrate_from_5(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import_with(db, with_subtitles);
	xp_err e;
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &mod, &e), 0);
	xp_db_close(db);
	sqlite3 *h;
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "DROP TABLE tmoves; DROP INDEX runs_uid; ALTER TABLE runs DROP COLUMN uid;"
				      "DROP TABLE reproj; ALTER TABLE runs DROP COLUMN wa_model;"
				      "DROP TABLE tedits; ALTER TABLE utterances DROP COLUMN align_conf;"
				      "ALTER TABLE utterances DROP COLUMN align_doubt;"
				      "ALTER TABLE utterances DROP COLUMN en_subs;"
				      "ALTER TABLE utterances DROP COLUMN tgt_subs; DROP TABLE run_counts;"
				      "DROP TABLE run_fates; DROP TABLE queue; PRAGMA user_version = 5",
				      NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
	assert_int_equal(xp_db_open_mode(path, XP_DB_READ, &db, &e), 0);   /* a reader migrates too */
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	json_t *m = mention(db, run, "d|1");
	assert_true(json_is_null(J(J(m, "subtitles"), "en")));
	assert_string_equal(json_string_value(J(J(m, "target"), "text")), "我看见了那辆红色的大车。");
	assert_true(span_is(J(J(m, "current"), "span"), 0, 3, 5));
	json_decref(m);
	/* the run's counts, which `runs` and `stats` read, made for the run it had */
	json_t *runs, *ov;
	assert_int_equal(xp_db_runs(db, &runs, &e), 0);
	json_t *r1 = json_array_get(runs, 0);
	assert_int_equal(jint(r1, "documents"), 1);
	assert_int_equal(jint(r1, "mentions"), 5);
	assert_int_equal(jint(r1, "projected"), 3);
	assert_int_equal(jint(r1, "corrections"), 1);
	json_decref(runs);
	assert_int_equal(xp_db_overview(db, run, &ov, &e), 0);
	assert_int_equal(jint(J(ov, "fates"), "projected"), 3);
	json_decref(ov);
	char *log, *report;
	size_t problems;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "migrate"));
	assert_non_null(strstr(log, "\"from\":5"));
	free(log);
	assert_int_equal(xp_db_check(db, &report, &problems, &e), 0);
	if (problems)
		fail_msg("db check: %s", report);
	free(report);
	xp_db_close(db);
	/* and a new run in the migrated store keeps its blocks */
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	int64_t run2 = import_with(db, with_subtitles);
	m = mention(db, run2, "d|1");
	assert_true(sub_is(J(J(m, "subtitles"), "en"), 0, 1, "I saw the big red car."));
	json_decref(m);
	/* stored counts that are not what a run holds are found */
	assert_int_equal(xp_db_check(db, &report, &problems, &e), 0);
	assert_int_equal(problems, 0);
	free(report);
	xp_db_close(db);
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "UPDATE run_counts SET mentions = 4 WHERE run = 1;"
				      "DELETE FROM run_fates WHERE run = 2 AND fate = 'projected'", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_check(db, &report, &problems, &e), 0);
	assert_int_equal(problems, 2);
	assert_non_null(strstr(report, "run 1: 1 documents, 5 mentions, 3 projected; its counts say 1, 4, 3"));
	assert_non_null(strstr(report, "run 2: 3 mentions of fate projected, its counts say none"));
	free(report);
	done(db);
}

static void versions_and_conflicts(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), 0);
	assert_int_equal(xp_db_edit_at(db, run, &mod, 0, &e), 0);
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), 1);
	/* bob decided on version 0: refused, nothing written */
	xp_edit bob = {XP_MODIFY, "d|1", 0, 4, 8, "bob", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &bob, 0, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "changed since you saw it"));
	json_t *m = mention(db, run, "d|1");
	assert_true(span_is(J(J(m, "current"), "span"), 0, 3, 5));
	assert_string_equal(json_string_value(J(m, "status")), "edited");
	assert_int_equal(json_array_size(J(m, "actions")), 1);
	json_decref(m);
	/* on the version he now sees, it goes through */
	assert_int_equal(xp_db_edit_at(db, run, &bob, 1, &e), 0);
	/* the rules of xp_db_edit hold here too */
	xp_edit bad = {XP_MODIFY, "d|1", 0, 5, 99, "bob", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &bad, -1, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "not inside the target sentence"));
	xp_edit add = {XP_ADD, "d|1", 0, 0, 1, "bob", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &add, 2, &e), XP_EINPUT);
	xp_edit unknown = {XP_DELETE, "x|1", 0, 0, 0, "bob", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &unknown, -1, &e), XP_ENOTFOUND);
	/* keep and note */
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", 0, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "bob", 0, &e), XP_ECONFLICT);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_NOTE, "", "bob", -1, &e), XP_EINPUT);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_NOTE, "它 = 那", "bob", 1, &e), 0);
	m = mention(db, run, "d|2");
	assert_string_equal(json_string_value(J(m, "status")), "kept");
	assert_int_equal(jint(m, "version"), 2);
	json_t *acts = J(m, "actions");
	assert_int_equal(json_array_size(acts), 2);
	assert_string_equal(json_string_value(J(json_array_get(acts, 1), "note")), "它 = 那");
	json_decref(m);
	done(db);
}

static void undo_mine(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	char what[200], key[200];
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	xp_edit del = {XP_DELETE, "d|0", 0, 0, 0, "bob", NULL};
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_ENOTFOUND);
	/* a keep and an edit within the same second: the edit is the newer */
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	assert_int_equal(xp_db_edit_at(db, run, &mod, -1, &e), 0);
	assert_int_equal(xp_db_edit_at(db, run, &del, -1, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "modify d|1");
	assert_string_equal(key, "d|1");
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "keep d|2");
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_ENOTFOUND);
	json_t *m = mention(db, run, "d|1");
	assert_true(span_is(J(J(m, "current"), "span"), 0, 3, 8));
	assert_int_equal(jint(m, "version"), 2);   /* the edit and its undo */
	assert_true(json_is_true(J(json_array_get(J(m, "actions"), 0), "undone")));
	json_decref(m);
	/* bob's delete is still there; ann may not undo her edit under bob's */
	assert_int_equal(xp_db_edit_at(db, run, &mod, -1, &e), 0);
	xp_edit bob = {XP_MODIFY, "d|1", 0, 4, 8, "bob", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &bob, -1, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_ECONFLICT);
	assert_non_null(strstr(e.msg, "bob acted on d|1 after your modify: undoing yours would take theirs away; ask bob, or correct the mention by hand"));
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "modify d|1");
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "bob", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "delete d|0");
	xp_db_counts s;
	assert_int_equal(xp_db_stats(db, run, &s, &e), 0);
	assert_int_equal(s.corrected_mentions, 0);
	assert_int_equal(s.undone, 4);   /* corrections; the keep was a review */
	xp_db_counts_free(&s);
	done(db);
}

static void queue_and_positions(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	xp_queue q;
	xp_triage_item *t;
	size_t nt;
	assert_int_equal(xp_db_queue(db, run, &q, &e), 0);
	assert_int_equal(xp_db_triage(db, run, &t, &nt, &e), 0);
	assert_int_equal(q.n, nt);
	for (size_t i = 0; i < nt; i++) {   /* the library's triage order, untouched */
		assert_string_equal(q.v[i].t.key, t[i].key);
		assert_true(q.v[i].t.risk == t[i].risk);
		assert_string_equal(q.docs[q.v[i].doc], "d");
		if (!strcmp(t[i].key, "d|0"))
			assert_int_equal(q.v[i].type, XP_MT_PRONOUN), assert_string_equal(q.fates[q.v[i].fate], "projected");
		if (!strcmp(t[i].key, "d|1"))
			assert_int_equal(q.v[i].type, XP_MT_NOMINAL);
	}
	free(t);
	/* what has been touched */
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &mod, -1, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_NOTE, "n", "ann", -1, &e), 0);
	xp_touch *v;
	size_t n;
	assert_int_equal(xp_db_touched(db, run, &v, &n, &e), 0);
	assert_int_equal(n, 2);
	for (size_t i = 0; i < q.n; i++) {
		unsigned f = xp_touch_flags(v, n, q.v[i].row);
		if (!strcmp(q.v[i].t.key, "d|1"))
			assert_int_equal(f, XP_TOUCH_EDITED);
		else if (!strcmp(q.v[i].t.key, "d|2"))
			assert_int_equal(f, XP_TOUCH_KEPT | XP_TOUCH_NOTED);
		else
			assert_int_equal(f, 0);
	}
	free(v);
	xp_queue_free(&q);
	/* places in the queue */
	char key[100];
	assert_int_equal(xp_db_position_get(db, run, "ann", key, sizeof key, &e), XP_ENOTFOUND);
	assert_int_equal(xp_db_position_set(db, run, "ann", "d|2", &e), 0);
	assert_int_equal(xp_db_position_set(db, run, "ann", "d|3", &e), 0);
	assert_int_equal(xp_db_position_set(db, run, "bob", "d|9", &e), XP_ENOTFOUND);
	assert_int_equal(xp_db_position_get(db, run, "ann", key, sizeof key, &e), 0);
	assert_string_equal(key, "d|3");
	done(db);
}

/* the rerun's utterance 1 ("It was mine .") has another translation */
static void retranslate(xp_aligned *al)
{
	for (size_t k = 0; k < al->n; k++)
		if (al->v[k].utt == 1 && al->v[k].ntgt)
			al->v[k].tgt[0] = "這";
}

static char *corrected_conll(xp_db *db, int64_t run)
{
	xp_corpus c = {0};
	xp_err e;
	xp_buf b = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	xp_conll_write(&b, &c);
	xp_corpus_free(&c);
	xp_buf_putc(&b, '\0');
	return b.p;
}

static const char *status_of(json_t *carried, const char *key, const char **why)
{
	size_t i;
	json_t *x;
	json_array_foreach(carried, i, x)
		if (!strcmp(json_string_value(J(x, "key")), key)) {
			*why = json_string_value(J(x, "why"));
			return json_string_value(J(x, "status"));
		}
	return "none";
}

static void rerun_carries(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t r1 = import(db);
	xp_err e;
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", "red car only"};
	xp_edit del = {XP_DELETE, "d|0", 0, 0, 0, "bob", NULL};
	xp_edit add = {XP_ADD, "d|3", 1, 2, 3, "ann", NULL};
	assert_int_equal(xp_db_edit(db, r1, &mod, &e), 0);
	assert_int_equal(xp_db_edit(db, r1, &del, &e), 0);
	assert_int_equal(xp_db_edit(db, r1, &add, &e), 0);
	assert_int_equal(xp_db_review(db, r1, "d|2", XP_KEEP, NULL, "bob", -1, &e), 0);
	assert_int_equal(xp_db_review(db, r1, "d|2", XP_NOTE, "那 is fine", "bob", -1, &e), 0);
	/* an undone edit is not carried: the last live one is */
	xp_edit gone = {XP_MODIFY, "d|1", 0, 4, 8, "cat", "no"};
	char what[100], key[100];
	assert_int_equal(xp_db_edit(db, r1, &gone, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, r1, "cat", what, sizeof what, key, sizeof key, &e), 0);
	char *want = corrected_conll(db, r1);

	/* the same texts again: every touched mention comes along */
	int64_t r2 = import(db);
	assert_int_equal(r2, 2);
	json_t *c;
	const char *why;
	assert_int_equal(xp_db_carried(db, r2, NULL, &c, &e), 0);
	assert_int_equal(json_array_size(c), 4);
	assert_string_equal(status_of(c, "d|0", &why), "carried");
	assert_string_equal(status_of(c, "d|1", &why), "carried");
	assert_string_equal(status_of(c, "d|2", &why), "carried");   /* the keep and the note */
	assert_string_equal(status_of(c, "d|3", &why), "carried");
	json_decref(c);
	char *got = corrected_conll(db, r2);
	assert_string_equal(got, want);
	free(got);
	json_t *m = mention(db, r2, "d|1");
	json_t *a = json_array_get(J(m, "actions"), 0);
	assert_true(json_is_true(J(a, "carried")));
	assert_string_equal(json_string_value(J(a, "annotator")), "ann");
	assert_string_equal(json_string_value(J(a, "note")), "red car only");
	assert_string_equal(json_string_value(J(J(m, "carry"), "status")), "carried");
	json_decref(m);
	m = mention(db, r2, "d|2");
	assert_string_equal(json_string_value(J(m, "status")), "kept");
	json_decref(m);
	/* carried work is nobody's to undo by accident */
	assert_int_equal(xp_db_undo_mine(db, r2, "ann", what, sizeof what, key, sizeof key, &e), XP_ENOTFOUND);
	/* the run 1 figures stay run 1's */
	xp_db_counts s1, s2;
	assert_int_equal(xp_db_stats(db, r1, &s1, &e), 0);
	assert_int_equal(xp_db_stats(db, r2, &s2, &e), 0);
	assert_int_equal(s1.modifications, 1);
	assert_int_equal(s2.modifications, 1);
	assert_int_equal(s1.mentions, 5);
	assert_non_null(strstr(s2.json, "\"run\":2"));
	xp_db_counts_free(&s1), xp_db_counts_free(&s2);

	/* in run 2, ann puts d|1 back as projected: the next rerun agrees */
	xp_edit back = {XP_MODIFY, "d|1", 0, 3, 8, "ann", NULL};
	assert_int_equal(xp_db_edit(db, r2, &back, &e), 0);
	/* a rerun with utterance 1 translated differently */
	int64_t r3 = import_with(db, retranslate);
	assert_int_equal(xp_db_carried(db, r3, NULL, &c, &e), 0);
	assert_string_equal(status_of(c, "d|0", &why), "carried");
	assert_string_equal(status_of(c, "d|1", &why), "agrees");
	assert_string_equal(status_of(c, "d|2", &why), "lost");
	assert_string_equal(why, "the target sentence changed");
	assert_string_equal(status_of(c, "d|3", &why), "lost");
	json_decref(c);
	assert_int_equal(xp_db_carried(db, r3, "lost", &c, &e), 0);
	assert_int_equal(json_array_size(c), 2);
	json_decref(c);
	json_t *runs;
	assert_int_equal(xp_db_runs(db, &runs, &e), 0);
	assert_int_equal(json_array_size(runs), 3);
	json_t *carry = J(json_array_get(runs, 2), "carry");
	assert_int_equal(jint(carry, "from_run"), 2);
	assert_int_equal(jint(carry, "carried"), 1);
	assert_int_equal(jint(carry, "agrees"), 1);
	assert_int_equal(jint(carry, "lost"), 2);
	assert_true(json_is_null(J(json_array_get(runs, 0), "carry")));
	json_decref(runs);
	/* the lost ones are flagged for the corrector in the new run */
	xp_touch *v;
	size_t n;
	assert_int_equal(xp_db_touched(db, r3, &v, &n, &e), 0);
	assert_int_equal(n, 3);   /* d|0 carried (edited), d|2 and d|3 lost */
	size_t lost = 0;
	for (size_t i = 0; i < n; i++)
		lost += (v[i].flags & XP_TOUCH_LOST) != 0;
	assert_int_equal(lost, 2);
	free(v);
	free(want);
	done(db);
}

/* A rerun whose English lost its first mention ("I", d|0): every later id
 * moves down one.  The deletion of "I" cannot be carried; it was listed
 * lost under d|0, which in the rerun is "the big red car" (d|1 before),
 * whose own modification was carried to d|0: the one key carried and
 * lost, and the car flagged lost to the corrector.  The lost row names the
 * earlier run's mention, "d|0 (run 1)", with its words and the mention of
 * its line in the rerun. */
static void rerun_lost_keeps_its_run(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t r1 = import(db);
	xp_err e;
	xp_edit del = {XP_DELETE, "d|0", 0, 0, 0, "ann", NULL};
	xp_edit mod = {XP_MODIFY, "d|1", 0, 4, 8, "ann", NULL};
	assert_int_equal(xp_db_edit(db, r1, &del, &e), 0);
	assert_int_equal(xp_db_edit(db, r1, &mod, &e), 0);
	/* the English without "I" as a mention */
	char en2[200], *text;
	size_t n;
	snprintf(en2, sizeof en2, "%s/en2.conll", dir);
	assert_int_equal(xp_read_file(FIX("project/en.conll"), &text, &n, &e), 0);
	char *at = strstr(text, "\tI\t(1)\n");
	assert_non_null(at);
	at[3] = '-';
	memmove(at + 4, at + 6, strlen(at + 6) + 1);
	n -= 2;
	FILE *f = fopen(en2, "w");
	assert_non_null(f);
	fwrite(text, 1, n, f);
	fclose(f);
	free(text);
	xp_corpus en = {0};
	xp_aligned al = {0};
	char *rep;
	int64_t r2;
	load_run_files(en2, FIX("project/aligned.jsonl"), FIX("project/pairs.pharaoh"), &en, &al, &rep, NULL);
	assert_int_equal(xp_db_import_run(db, &en, &al, rep, "zh", "{}", &r2, &e), 0);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);

	json_t *c;
	assert_int_equal(xp_db_carried(db, r2, NULL, &c, &e), 0);
	assert_int_equal(json_array_size(c), 2);
	json_t *lost = json_array_get(c, 0), *car = json_array_get(c, 1);
	assert_string_equal(json_string_value(J(lost, "key")), "d|0 (run 1)");
	assert_string_equal(json_string_value(J(lost, "status")), "lost");
	assert_string_equal(json_string_value(J(lost, "why")), "the English mention changed");
	assert_string_equal(json_string_value(J(lost, "was")), "d|0");
	assert_string_equal(json_string_value(J(lost, "en")), "I");
	assert_string_equal(json_string_value(J(lost, "at")), "d|0");   /* the car, on the same line */
	assert_string_equal(json_string_value(J(car, "key")), "d|0");
	assert_string_equal(json_string_value(J(car, "status")), "carried");
	assert_null(J(car, "was"));
	json_decref(c);
	/* the car: edited, not lost; its carry the carried one */
	xp_touch *v;
	assert_int_equal(xp_db_touched(db, r2, &v, &n, &e), 0);
	assert_int_equal(n, 1);
	assert_int_equal(v[0].flags, XP_TOUCH_EDITED);
	free(v);
	json_t *m = mention(db, r2, "d|0");
	assert_string_equal(json_string_value(J(J(m, "carry"), "status")), "carried");
	json_decref(m);
	/* the label, read back */
	char key[32];
	assert_int_equal(xp_carry_old_key("d|0 (run 1)", 1, key, sizeof key), 1);
	assert_string_equal(key, "d|0");
	assert_int_equal(xp_carry_old_key("d|0 (run 1)", 2, key, sizeof key), 0);
	assert_int_equal(xp_carry_old_key("d|0", 1, key, sizeof key), 0);
	assert_int_equal(xp_carry_old_key(" (run 1)", 1, key, sizeof key), 0);
	done(db);
}

/* the SQL statements one call runs (sqlite3_trace_v2: each statement's
 * start) */
static int count_stmt(unsigned what, void *n, void *p, void *x)
{
	(void)what, (void)p, (void)x;
	++*(long *)n;
	return 0;
}

static long mention_stmts(xp_db *db, int64_t run, json_t **m)
{
	long n = 0;
	xp_err e;
	sqlite3_trace_v2(db->h, SQLITE_TRACE_STMT, count_stmt, &n);
	int rc = xp_db_mention(db, run, "d|1", 0, m, &e);
	/* (off again: left on, it counted into this frame, gone, at every
	 * statement of the test's later calls) */
	sqlite3_trace_v2(db->h, 0, NULL, NULL);
	assert_int_equal(rc, 0);
	return n;
}

/* Showing a mention reads its document's mentions in one query, not the
 * corrected state of each (xp_db_state: three statements a mention): with
 * 2,000 mentions more in its document, each an entity of its own, it runs
 * the statements it ran (main: 6,000 more).  db triage --top 50 on one
 * document of 10k mentions took 2.54 s CPU, 0.78 s now.  An edited
 * mention still has its state read: one of them, relinked, is counted in
 * its new entity. */
static void mention_reads_document_once(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_err e;
	int64_t run = import(db);
	json_t *m;
	long before = mention_stmts(db, run, &m);
	size_t ents = json_array_size(J(J(m, "scene"), "entities"));
	json_decref(m);
	assert_int_equal(sqlite3_exec(db->h, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)"
					     " INSERT INTO mentions(document, mention, cluster, utterance, start, end)"
					     " SELECT m.document, 1000000 + c.i, 1000000 + c.i, m.utterance, m.start, m.end"
					     " FROM c, (SELECT * FROM mentions WHERE id = (SELECT min(mention) FROM projections"
					     " WHERE tgt_start IS NOT NULL)) m;"
					     " INSERT INTO projections(mention, tgt_start, tgt_end, fate, confidence)"
					     " SELECT m.id, p.tgt_start, p.tgt_end, p.fate, p.confidence FROM mentions m,"
					     " (SELECT * FROM projections WHERE tgt_start IS NOT NULL ORDER BY mention LIMIT 1) p"
					     " WHERE m.mention > 1000000",
					     NULL, NULL, NULL),
			 SQLITE_OK);
	long after = mention_stmts(db, run, &m);
	assert_int_equal(json_array_size(J(J(m, "scene"), "entities")), ents + 2000);
	json_decref(m);
	if (after != before)
		fail_msg("showing a mention ran %ld SQL statements with 2,000 mentions more in its document, %ld before",
			 after, before);
	/* one of them relinked: its state is read, and it is entity 999 now */
	assert_int_equal(xp_db_relink_at(db, run, "d|1000001", 999, "ann", NULL, -1, &e), 0);
	assert_int_equal(xp_db_mention(db, run, "d|1", 0, &m, &e), 0);
	size_t i;
	json_t *ent;
	int found = 0;
	json_array_foreach(J(J(m, "scene"), "entities"), i, ent) {
		assert_int_not_equal(json_integer_value(J(ent, "cluster")), 1000001);
		found |= json_integer_value(J(ent, "cluster")) == 999;
	}
	assert_true(found);
	assert_int_equal(json_array_size(J(J(m, "scene"), "entities")), ents + 2000);
	json_decref(m);
	done(db);
}

/* jansson's n-th allocation failing (-1: none) */
static long jcount, jfail = -1;
static void *jmalloc(size_t n) { return jfail >= 0 && jcount++ == jfail ? NULL : malloc(n); }

/* A failed allocation while the scene is built or names its entities is
 * the request's error (XP_ENOMEM): the scene set `oom` after the one place
 * it was read, and xp_db_mention answered 0 whatever the scene lost (on
 * this fixture: the whole scene, for one allocation).  Each allocation in
 * turn fails alone; whatever answers 0 has the scene and names its
 * entities as a run with memory does. */
static void scene_out_of_memory(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	json_t *ref, *m;
	assert_int_equal(xp_db_mention(db, run, "d|1", 5, &ref, &e), 0);
	json_t *want = J(J(ref, "scene"), "entities");
	assert_true(json_array_size(want) >= 2);
	int failed = 0;
	for (long k = 0; k < 100000; k++) {
		jcount = 0, jfail = k;
		json_set_alloc_funcs(jmalloc, free);
		int rc = xp_db_mention(db, run, "d|1", 5, &m, &e);
		json_set_alloc_funcs(malloc, free);
		long used = jcount;
		jfail = -1;
		if (rc == 0) {
			json_t *got = J(J(m, "scene"), "entities");
			/* an allocation failed inside, yet 0: the entities as with memory */
			if (used > k && (!J(m, "scene") || !json_equal(got, want))) {
				fail_msg("allocation %ld failed, the mention answered 0 without its scene or its entities", k);
			}
			json_decref(m);
		} else {
			assert_int_equal(rc, XP_ENOMEM);
			failed++;
		}
		if (used <= k)   /* nothing failed: every allocation was tried */
			break;
	}
	assert_true(failed > 0);
	json_decref(ref);
	done(db);
}

/* every read of a mention's answer (xp_db_mention and what it calls: its
 * row, actions, version, part count, state, target-only mentions, carry,
 * the scene's lines, mentions, words, language and line count): the
 * progress handler, called every VM instruction, stops the k-th (SQLITE_
 * INTERRUPT, as a read that fails midway: an I/O error, a damaged page) */
static long scount, sfail = -1;
static int scene_progress(void *ctx)
{
	(void)ctx;
	return sfail >= 0 && scount++ == sfail;
}

/* A mention whose reads end in an error (a step answering neither a row
 * nor done) is refused as what it is: the store's error, with SQLite's
 * words (XP_EDB), not "out of memory" (the scene's rows were XP_ENOMEM, as
 * no allocation had failed), nor answered with what the read held left
 * out (a part count, version, carry, language or line count of 0 or
 * none).  Each instruction of its reads is stopped in turn; what answers
 * 0 was not stopped. */
static void scene_read_error(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	json_t *m;
	int failed = 0;
	sqlite3_progress_handler(db->h, 1, scene_progress, NULL);
	for (long k = 0; k < 100000; k++) {
		scount = 0, sfail = k;
		int rc = xp_db_mention(db, run, "d|1", 5, &m, &e);
		long used = scount;
		sfail = -1;
		if (rc == 0) {
			json_decref(m);
			if (used > k)   /* stopped, yet answered: short of what the stopped read held */
				fail_msg("instruction %ld of its reads stopped, and the mention answered 0", k);
		} else {
			if (rc != XP_EDB || !strstr(e.msg, "interrupted"))
				fail_msg("instruction %ld of its reads stopped: %s (%s), not the store's error", k, e.msg,
					 xp_code_name(rc));
			failed++;
		}
		if (used <= k)   /* nothing stopped: every instruction was tried */
			break;
	}
	sqlite3_progress_handler(db->h, 0, NULL, NULL);
	assert_true(failed > 10);
	/* and the store reads on */
	assert_int_equal(xp_db_mention(db, run, "d|1", 5, &m, &e), 0);
	assert_non_null(J(m, "scene"));
	json_decref(m);
	done(db);
}

/* A line SQLite's json_valid() accepts and jansson refuses (a \u0000 in
 * a token: a store edited by hand or by an older import) is the store's
 * damage, not memory running out: the mention opens, the line empty, as
 * before the scene's allocation failures became errors. */
static void damaged_line_opens(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	json_t *m;
	assert_int_equal(sqlite3_exec(db->h, "UPDATE utterances SET tgt = '[\"a\\u0000b\"]'"
					     " WHERE id = (SELECT utterance FROM mentions WHERE mention = 1 LIMIT 1)",
				      NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(xp_db_mention(db, run, "d|1", 5, &m, &e), 0);
	assert_non_null(J(m, "scene"));
	json_decref(m);
	done(db);
}

/* The words of an undo of a relink name the entity it went into (they
 * said "relink “I” (line 0)", not where to): by its first other mention,
 * else "a new entity". */
static void undo_said_names_the_entity(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	char said[400];
	assert_int_equal(xp_db_relink_at(db, run, "d|0", 2, "ann", NULL, -1, &e), 0);
	assert_int_equal(xp_db_undo_said(db, run, "ann", said, sizeof said), 0);
	assert_non_null(strstr(said, "relink \u201cI\u201d (line 0"));
	assert_non_null(strstr(said, ") \u2192 the entity of \u201cthe big red car\u201d (line 0"));
	assert_int_equal(xp_db_relink_at(db, run, "d|1", 9, "ann", NULL, -1, &e), 0);
	assert_int_equal(xp_db_undo_said(db, run, "ann", said, sizeof said), 0);
	assert_non_null(strstr(said, "relink \u201cthe big red car\u201d (line 0"));
	assert_non_null(strstr(said, ") \u2192 a new entity"));
	done(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mention_json),
		cmocka_unit_test(subtitles),
		cmocka_unit_test(migrate_from_5),
		cmocka_unit_test(versions_and_conflicts),
		cmocka_unit_test(undo_mine),
		cmocka_unit_test(queue_and_positions),
		cmocka_unit_test(rerun_carries),
		cmocka_unit_test(rerun_lost_keeps_its_run),
		cmocka_unit_test(mention_reads_document_once),
		cmocka_unit_test(scene_out_of_memory),
		cmocka_unit_test(scene_read_error),
		cmocka_unit_test(damaged_line_opens),
		cmocka_unit_test(undo_said_names_the_entity),
	};
	return cmocka_run_group_tests_name("review", tests, NULL, NULL);
}
