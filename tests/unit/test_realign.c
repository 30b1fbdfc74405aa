/* tests/unit/test_realign.c — fixing the cause of an error (issue 34):
 * the pairing's doubts reach the store and put its mentions first in
 * triage; a realign re-pairs an utterance with other lines of its
 * neighbourhood (its mentions wait for the corrector; history, undo,
 * export); a target-only mention joins a cluster (the same); a store of
 * schema 8 moves to 9 with nothing lost; spans proposed again after a
 * realign (schema 10) are stored, read as projections and undone with it. */
#include "testutil.h"
#include "dbutil.h"

#include <jansson.h>
#include <sqlite3.h>
#include "correct/review.h"
#include "correct/store.h"
#include "io/conll.h"
#include "base/file.h"

#include <limits.h>
#include <sys/stat.h>

#define J(o, k) json_object_get(o, k)

/* one value of the store at p as text (NULL: none), read with SQLite itself */
static char *sql_value(const char *p, const char *sql)
{
	sqlite3 *h;
	sqlite3_stmt *st;
	char *v = NULL;
	if (sqlite3_open_v2(p, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
			v = strdup((const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	}
	sqlite3_close(h);
	return v;
}

/* rows of tedits, read with SQLite itself */
static int count_tedits(xp_db *db)
{
	char *v = sql_value(xp_db_path(db), "SELECT count(*) FROM tedits");
	int n = v ? atoi(v) : -1;
	free(v);
	return n;
}

/* the fixture's aligned corpus with the lines' text (as `align` writes
 * it) and, for utterance 1, doubts about its pairing */
static void lines_and_doubt(xp_aligned *al)
{
	static const char *const doubt[] = {"time", "order"};
	for (size_t i = 0; i < al->n; i++) {
		xp_autt *r = &al->v[i];
		r->tgt_sub_text = xp_arena_alloc(&al->arena, (r->ntgt_subs + 1) * sizeof *r->tgt_sub_text);
		for (uint32_t k = 0; k < r->ntgt_subs; k++)
			r->tgt_sub_text[k] = r->tgt_text;
		r->en_sub_text = NULL;
		r->has_aconf = 1;
		r->aconf = r->utt == 1 ? 0.2 : 0.9;
		if (r->utt == 1)
			r->doubt = (const char **)doubt, r->ndoubt = 2;
	}
}

static int64_t run_with_lines(xp_db *db) { return import_with(db, lines_and_doubt); }

/* the aligned corpus carries them: read, written back, refused when wrong */
static void aligned_fields(void **state)
{
	(void)state;
	xp_aligned a = {0}, b = {0}, old = {0};
	xp_err e;
	assert_int_equal(xp_aligned_read(FIX("aligned/doubt.jsonl"), &a, &e), 0);
	assert_true(a.v[0].has_aconf && a.v[0].aconf > 0.41 && a.v[0].aconf < 0.43);
	assert_int_equal(a.v[0].ndoubt, 2);
	assert_string_equal(a.v[0].doubt[1], "order");
	assert_false(a.v[1].has_aconf);
	assert_int_equal(a.v[1].ndoubt, 0);
	xp_buf out = {0};
	xp_aligned_write(&out, &a);
	assert_non_null(strstr(out.p, "\"aconf\":0.42,\"doubt\":[\"time\",\"order\"]"));
	assert_int_equal(xp_aligned_read_mem("m", out.p, out.n, &b, &e), 0);
	assert_int_equal(b.v[0].ndoubt, 2);
	assert_false(b.v[1].has_aconf);   /* not said, not made up */
	xp_buf_free(&out);
	assert_int_equal(xp_aligned_read(FIX("aligned/small.jsonl"), &old, &e), 0);
	xp_aligned_write(&out, &old);
	assert_null(strstr(out.p, "aconf"));
	assert_null(strstr(out.p, "doubt"));
	xp_buf_free(&out);
	xp_aligned c = {0};
	assert_int_equal(xp_aligned_read(FIX("aligned/bad-aconf.jsonl"), &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "aconf"));
	xp_aligned_free(&a), xp_aligned_free(&b), xp_aligned_free(&old), xp_aligned_free(&c);
}

static void doubtful_first(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	xp_triage_item *t;
	size_t n;
	assert_int_equal(xp_db_triage(db, run, &t, &n, &e), 0);
	assert_int_equal(n, 5);
	/* d|2 "It" and d|3 "mine" are utterance 1's: first, whatever their risk */
	for (size_t i = 0; i < 2; i++) {
		assert_true(!strcmp(t[i].key, "d|2") || !strcmp(t[i].key, "d|3"));
		assert_int_equal(t[i].align, 1);
		assert_non_null(strstr(t[i].why, "alignment doubtful (time, order)"));
	}
	for (size_t i = 2; i < n; i++)
		assert_int_equal(t[i].align, 0);
	/* the queue kept in the store (ranked by SQLite, a row at a time:
	 * correct/queue.c) is this order, with what it rests on */
	json_t *p;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 10};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	assert_int_equal(json_array_size(J(p, "items")), n);
	for (size_t i = 0; i < n; i++) {
		json_t *it = json_array_get(J(p, "items"), i);
		assert_string_equal(json_string_value(J(it, "key")), t[i].key);
		assert_int_equal(json_integer_value(J(it, "rank")), (json_int_t)i);
		assert_string_equal(json_string_value(J(it, "why")), t[i].why);
		assert_true(json_real_value(J(it, "risk")) == t[i].risk);
	}
	free(t);
	/* and says so in words */
	json_t *first = json_array_get(J(p, "items"), 0);
	assert_non_null(strstr(json_string_value(J(first, "reason")), "wrong subtitle lines"));
	json_decref(p);
	/* and the mention shows the pairing's confidence and doubts */
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_real_value(J(J(m, "pairing"), "conf")) < 0.3);
	assert_string_equal(json_string_value(json_array_get(J(J(m, "pairing"), "doubt"), 0)), "time");
	assert_false(json_is_true(J(J(m, "pairing"), "realigned")));
	json_decref(m);
	done(db);
}

static json_t *sentence(const xp_corpus *c, size_t s)
{
	json_t *a = json_array();
	for (uint32_t k = 0; k < c->docs[0].utts[s].ntoks; k++) {
		uint32_t n;
		const char *w = xp_tok_str(&c->docs[0].utts[s], k, &n);
		json_array_append_new(a, json_stringn(w, n));
	}
	return a;
}

/* does the export hold a mention at (sent, start, end), and in which
 * cluster label; -1 if none */
static long long exported(const xp_corpus *c, uint32_t sent, uint32_t start, uint32_t end)
{
	const xp_doc *d = &c->docs[0];
	for (size_t i = 0; i < d->nmentions; i++)
		if (d->mentions[i].utt == sent && d->mentions[i].start == start && d->mentions[i].end == end)
			return d->clusters[d->mentions[i].cluster].label;
	return -1;
}

/* "ann"'s newest action in run is undone, and it was `want` ("keep d|2") */
static void undone(xp_db *db, int64_t run, const char *want)
{
	char what[200], key[200];
	xp_err e;
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, want);
}

/* mention key of run has the workbench's status `want` ("edited") */
static void status_is(xp_db *db, int64_t run, const char *key, const char *want)
{
	json_t *x;
	xp_err e;
	assert_int_equal(xp_db_mention(db, run, key, 0, &x, &e), 0);
	assert_string_equal(json_string_value(J(x, "status")), want);
	json_decref(x);
}

static void realign_flow(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	json_t *l;
	/* the lines utterance 1 may take: its own (2) and its neighbours' (1) */
	assert_int_equal(xp_db_lines(db, run, "d|2", &l, &e), 0);
	assert_int_equal(json_array_size(J(l, "blocks")), 2);
	assert_int_equal(json_integer_value(J(json_array_get(J(l, "blocks"), 0), "id")), 1);
	assert_false(json_is_true(J(json_array_get(J(l, "blocks"), 0), "chosen")));
	assert_true(json_is_true(J(json_array_get(J(l, "blocks"), 1), "chosen")));
	json_decref(l);
	int64_t v = xp_db_mention_version(db, run, "d|2");
	/* refused: no block, a block not around it, a stale version */
	int64_t none = 9, one = 1;
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &none, 0, "ann", NULL, v, &e), XP_EINPUT);
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &none, 1, "ann", NULL, v, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "not among the lines"));
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, v + 1, &e), XP_ECONFLICT);
	assert_int_equal(xp_db_realign_at(db, run, "d|4", &one, 1, "ann", NULL, -1, &e), XP_EINPUT);   /* no target */
	/* d|2 "It" was projected; re-paired with block 1 it waits for the corrector */
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_false(json_is_null(J(J(m, "current"), "span")));
	json_decref(m);
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", "wrong lines", v, &e), 0);
	assert_true(xp_db_mention_version(db, run, "d|2") > v);
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_is_null(J(J(m, "current"), "span")));
	assert_true(json_is_true(J(J(m, "pairing"), "realigned")));
	assert_string_equal(json_string_value(J(J(m, "target"), "text")), "我看见了那辆红色的大车。");
	size_t ntoks = json_array_size(J(J(m, "target"), "tokens"));
	assert_true(ntoks >= 4);
	assert_true(json_is_true(J(json_array_get(J(J(m, "scene"), "utterances"), 1), "realigned")));
	json_decref(m);
	/* the export writes the new sentence, without the old spans */
	xp_corpus c = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	json_t *s1 = sentence(&c, 1);
	assert_int_equal(json_array_size(s1), ntoks);
	assert_string_equal(json_string_value(json_array_get(s1, 0)), "我");
	json_decref(s1);
	for (size_t i = 0; i < c.docs[0].nmentions; i++)
		assert_int_not_equal(c.docs[0].mentions[i].utt, 1);
	xp_corpus_free(&c);
	/* the corrector adds the span in the new sentence: checked against it */
	xp_edit add = {XP_ADD, "d|2", 1, 0, 1, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &add, -1, &e), 0);
	xp_edit far = {XP_ADD, "d|3", 1, 0, (int32_t)ntoks + 1, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &far, -1, &e), XP_EINPUT);
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_true(exported(&c, 1, 0, 1) >= 0);
	xp_corpus_free(&c);
	/* the history has it; undo takes back the addition, then the realign */
	char *log;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "realign"));
	assert_non_null(strstr(log, "\"blocks\":[1]"));
	free(log);
	char what[200], key[200];
	undone(db, run, "add d|2");
	undone(db, run, "realign d|2");
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_false(json_is_null(J(J(m, "current"), "span")));
	assert_string_equal(json_string_value(J(J(m, "target"), "text")), "那是我的。");
	json_decref(m);
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	json_t *back = sentence(&c, 1);
	assert_string_equal(json_string_value(json_array_get(back, 2)), "我的");
	json_decref(back);
	xp_corpus_free(&c);
	/* someone else's later action on the utterance blocks the undo */
	v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, v, &e), 0);
	xp_edit other = {XP_ADD, "d|3", 1, 0, 1, "bob", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &other, -1, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), XP_ECONFLICT);
	done(db);
}

/* The target side's actions that change nothing are refused, nothing
 * written (before, each was stored and counted as an action): a realign to
 * the blocks the line is paired with (it also took every span of the line
 * away), a target-only mention on tokens that are a mention of the line
 * already (the mention's own span, as the page refused; a target-only
 * mention's), and a keep on one's own keep with nothing done since. */
static void noops_refused(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	int64_t two = 2, v = xp_db_mention_version(db, run, "d|2"), id;
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &two, 1, "ann", NULL, v, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "is paired with that block already: nothing was written"));
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|2", 0, &m, &e), 0);
	json_t *sp = J(J(m, "current"), "span");
	assert_false(json_is_null(sp));
	int64_t utt = json_integer_value(J(J(m, "english"), "utt")), a = json_integer_value(json_array_get(sp, 1)),
		b = json_integer_value(json_array_get(sp, 2));
	json_decref(m);
	/* its own span, in its own entity or another */
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", utt, a, b, 1, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "are mention d|2 already"));
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", utt, a, b, 5, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_int_equal(xp_db_mention_version(db, run, "d|2"), v);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM tedits", -1), 0);
	/* seen from another mention of the line: d|2's tokens in d|2's entity
	 * are no new mention; in another entity, a span in two entities, which
	 * the store allows (a projection makes them too) */
	json_t *m2;
	assert_int_equal(xp_db_mention(db, run, "d|2", 0, &m2, &e), 0);
	int64_t own = json_integer_value(J(J(m2, "scene"), "tgt_cluster"));
	json_decref(m2);
	int64_t vo = -1;
	const char *other = NULL;
	static const char *const keys[] = {"d|0", "d|1", "d|3"};
	for (size_t k = 0; k < 3 && !other; k++) {
		json_t *o;
		if (xp_db_mention(db, run, keys[k], 0, &o, &e) == 0 && json_integer_value(J(J(o, "english"), "utt")) == utt)
			other = keys[k], vo = xp_db_mention_version(db, run, keys[k]);
		json_decref(o);
	}
	assert_non_null(other);   /* the fixture's line 1 has two mentions */
	if (other) {
		assert_int_equal(xp_db_tadd_at(db, run, other, utt, a, b, own, "ann", NULL, vo, &id, &e), XP_EINPUT);
		assert_non_null(strstr(e.msg, "are mention d|2 already"));
		assert_int_equal(xp_db_tadd_at(db, run, other, utt, a, b, own + 40, "ann", NULL, vo, &id, &e), 0);
		assert_int_equal(xp_db_undo_mine(db, run, "ann", (char[64]){0}, 64, (char[64]){0}, 64, &e), 0);
	}
	/* a target-only mention's tokens, twice */
	int64_t v1 = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 1, 2, 3, 1, "ann", NULL, v1, &id, &e), 0);
	v1 = xp_db_mention_version(db, run, "d|1");
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 1, 2, 3, 1, "bob", NULL, v1, &id, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "are the target-only \u201c"));   /* its words, not "+N" */
	assert_null(strchr(e.msg, '+'));
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM tedits WHERE undone = 0", -1), 1);
	/* keep, keep: the second says nothing new; another's keep between does */
	v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", v, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", v + 1, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "you kept it already"));
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "bob", v + 1, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", v + 2, &e), 0);
	assert_int_equal(xp_sql_int(db, "SELECT count(*) FROM reviews", -1), 3);
	done(db);
}

static void target_only(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	int64_t id, v = xp_db_mention_version(db, run, "d|1");
	/* refused: outside the sentence, no target sentence, not a cluster */
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 0, 5, 99, 2, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 2, 0, 1, 2, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 7, 0, 1, 2, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 0, 0, 1, -4, "ann", NULL, v, &id, &e), XP_EINPUT);
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 0, 0, 1, 2, "ann", NULL, v + 3, &id, &e), XP_ECONFLICT);
	/* 我的 "mine" in sentence 1 (its English mention collided: no span)
	 * joins cluster 1 */
	assert_int_equal(xp_db_tadd_at(db, run, "d|1", 1, 2, 3, 1, "ann", NULL, v, &id, &e), 0);
	assert_true(xp_db_mention_version(db, run, "d|1") > v);
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|0", 2, &m, &e), 0);   /* "I", cluster 1 */
	json_t *u1 = json_array_get(J(J(m, "scene"), "utterances"), 1), *tm, *found = NULL;
	size_t i;
	json_array_foreach(J(u1, "tgt_mentions"), i, tm)
		if (json_is_true(J(tm, "target_only")))
			found = tm;
	assert_non_null(found);
	assert_int_equal(json_integer_value(J(found, "tid")), id);
	json_decref(m);
	xp_corpus c = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_int_equal(exported(&c, 1, 2, 3), 1);
	xp_corpus_free(&c);
	/* the silver export has no corrections */
	assert_int_equal(xp_db_export(db, run, 1, &c, &e), 0);
	assert_int_equal(exported(&c, 1, 2, 3), -1);
	xp_corpus_free(&c);
	char *log;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "tadd"));
	free(log);
	undone(db, run, "tadd d|1");
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_int_equal(exported(&c, 1, 2, 3), -1);
	xp_corpus_free(&c);
	done(db);
}

/* A rerun keeps them: the same utterances paired by the run with the same
 * lines get the re-pairing, the corrections made after it and the
 * target-only mention again; a changed target loses them, listed. */
static void rerun_keeps_them(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	int64_t one = 1, id;
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, -1, &e), 0);
	xp_edit add = {XP_ADD, "d|2", 1, 0, 1, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &add, -1, &e), 0);
	assert_int_equal(xp_db_tadd_at(db, run, "d|0", 0, 6, 8, 2, "ann", NULL, -1, &id, &e), 0);
	xp_corpus before = {0};
	assert_int_equal(xp_db_export(db, run, 0, &before, &e), 0);
	int64_t run2 = run_with_lines(db);
	json_t *m;
	assert_int_equal(xp_db_mention(db, run2, "d|2", 2, &m, &e), 0);
	assert_true(json_is_true(J(J(m, "pairing"), "realigned")));
	assert_string_equal(json_string_value(J(J(m, "target"), "text")), "我看见了那辆红色的大车。");
	json_t *sp = J(J(m, "current"), "span");
	assert_int_equal(json_integer_value(json_array_get(sp, 1)), 0);
	assert_int_equal(json_integer_value(json_array_get(sp, 2)), 1);
	json_decref(m);
	xp_corpus after = {0};
	assert_int_equal(xp_db_export(db, run2, 0, &after, &e), 0);
	assert_int_equal(after.docs[0].nmentions, before.docs[0].nmentions);
	assert_int_equal(exported(&after, 0, 6, 8), 2);
	assert_true(exported(&after, 1, 0, 1) >= 0);
	xp_corpus_free(&before), xp_corpus_free(&after);
	json_t *c;
	assert_int_equal(xp_db_carried(db, run2, NULL, &c, &e), 0);
	size_t i, carried = 0, lost = 0;
	json_t *x;
	json_array_foreach(c, i, x) {
		carried += !strcmp(json_string_value(J(x, "status")), "carried");
		lost += !strcmp(json_string_value(J(x, "status")), "lost");
	}
	assert_int_equal(lost, 0);
	assert_true(carried >= 3);   /* the realign, the target-only mention, d|2's addition */
	json_decref(c);
	/* what the rerun carried is not the annotator's to undo there: her
	 * own actions are in run 1 */
	char what[200], key[200];
	assert_int_equal(xp_db_undo_mine(db, run2, "ann", what, sizeof what, key, sizeof key, &e), XP_ENOTFOUND);
	done(db);
}

/* a run of the fixture with one of each: d|2's utterance re-paired with
 * line 1 (tedit 1), tokens 6-8 of utterance 0 added to cluster 2 (tedit 2) */
static int64_t run_with_both(xp_db *db)
{
	int64_t run = run_with_lines(db), one = 1, id;
	xp_err e;
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, -1, &e), 0);
	assert_int_equal(xp_db_tadd_at(db, run, "d|0", 0, 6, 8, 2, "ann", NULL, -1, &id, &e), 0);
	return run;
}

/* the problems `db check` finds in a store of problems (the report's lines) */
static size_t check(xp_db *db, char **report)
{
	size_t n;
	xp_err e;
	assert_int_equal(xp_db_check(db, report, &n, &e), 0);
	return n;
}

static void sql(xp_db *db, const char *s)
{
	sqlite3 *h;
	assert_int_equal(sqlite3_open(xp_db_path(db), &h), SQLITE_OK);
	if (sqlite3_exec(h, s, NULL, NULL, NULL) != SQLITE_OK)
		fail_msg("%s: %s", s, sqlite3_errmsg(h));
	sqlite3_close(h);
}

/* db check reads tedits: a whole store passes; each way of breaking one
 * (rows of another run or document, a row that is gone, a kind without
 * its content, a span outside its sentence) is a line of its own */
static void check_tedits(void **state)
{
	(void)state;
	xp_db *db = fresh();
	run_with_both(db);
	run_with_lines(db);   /* carries both over */
	char *report;
	size_t n = check(db, &report);
	if (n)
		fail_msg("db check on a whole store: %s", report);
	free(report);
	assert_int_equal(count_tedits(db), 4);
	/* the realign (id 1) of run 1: another run's utterance, the
	 * mention of run 2's document, tokens that are no JSON */
	sql(db, "UPDATE tedits SET utterance = (SELECT t.utterance FROM tedits t WHERE t.id = 3) WHERE id = 1");
	sql(db, "UPDATE tedits SET mention = (SELECT t.mention FROM tedits t WHERE t.id = 4) WHERE id = 2");
	sql(db, "UPDATE tedits SET tgt = '[\"x\"' WHERE id = 3");
	sql(db, "UPDATE tedits SET carried_from = 3 WHERE id = 4");
	n = check(db, &report);
	assert_non_null(strstr(report, "target edit 1: utterance "));
	assert_non_null(strstr(report, "is not of its run 1"));
	assert_non_null(strstr(report, "target edit 2: mention "));
	assert_non_null(strstr(report, "is not of its utterance's document"));
	assert_non_null(strstr(report, "realign 3: its tokens, text or lines are missing or not JSON"));
	assert_non_null(strstr(report, "target edit 4: carried from 3, an edit of another kind"));
	assert_int_equal(n, 5);   /* and edit 1's mention is now of another document than its utterance */
	free(report);
	done(db);
	/* a target-only mention (id 2) past its sentence's end, in no
	 * cluster; then of an utterance that is gone */
	db = fresh();
	run_with_both(db);
	sql(db, "UPDATE tedits SET end = 99, cluster = NULL WHERE id = 2");
	n = check(db, &report);
	assert_non_null(strstr(report, "target-only mention 2: cluster none is no cluster number"));
	assert_non_null(strstr(report, "target-only mention 2: span 6-99 is not inside utterance"));
	assert_int_equal(n, 2);
	free(report);
	sql(db, "PRAGMA foreign_keys = OFF; UPDATE tedits SET utterance = 999999, end = 8, cluster = 2 WHERE id = 2");
	n = check(db, &report);
	assert_non_null(strstr(report, "target edit 2: utterance 999999 does not exist, of run 1"));
	assert_non_null(strstr(report, "foreign key: tedits -> utterances"));
	free(report);
	done(db);
}

/* db check reads a realign's proposals (schema 10): a whole store passes;
 * a proposal of a mention of another utterance, a span past the new
 * sentence or with one end, one of a target-only mention's edit or of a
 * realign that is gone is a line of its own */
static void check_reproj(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_both(db);   /* tedit 1 realigns d|2's utterance, tedit 2 is target-only */
	xp_err e;
	json_t *in;
	assert_int_equal(xp_db_reproj_input(db, run, "d|2", &in, &e), 0);
	assert_int_equal(json_integer_value(J(in, "tedit")), 1);
	size_t ntoks = json_array_size(J(in, "tgt"));
	json_int_t it = json_integer_value(J(json_array_get(J(in, "mentions"), 0), "row")),
		   mine = json_integer_value(J(json_array_get(J(in, "mentions"), 1), "row"));
	json_decref(in);
	json_t *props = json_pack("[{s:I,s:[i,i],s:s,s:f},{s:I,s:[i,i],s:s,s:f}]", "row", it, "span", 0, 1, "fate",
				  "projected", "confidence", 0.7, "row", mine, "span", 1, (int)ntoks, "fate", "projected",
				  "confidence", 0.5);
	assert_int_equal(xp_db_reproj_put(db, 1, props, "proposed", &e), 0);
	json_decref(props);
	char *report;
	size_t n = check(db, &report);
	if (n)
		fail_msg("db check on a whole store: %s", report);
	free(report);
	char q[200];
	/* "It" moved to d|0 (utterance 0), "mine" one token past the end */
	snprintf(q, sizeof q, "UPDATE reproj SET mention = (SELECT id FROM mentions WHERE mention = 0) WHERE mention = %lld",
		 (long long)it);
	sql(db, q);
	snprintf(q, sizeof q, "UPDATE reproj SET tgt_end = tgt_end + 1 WHERE mention = %lld", (long long)mine);
	sql(db, q);
	n = check(db, &report);
	assert_non_null(strstr(report, "it is not of utterance "));
	assert_non_null(strstr(report, "that realign 1 re-paired"));
	snprintf(q, sizeof q, "span 1-%zu is not inside realign 1's sentence (%zu tokens)", ntoks + 1, ntoks);
	assert_non_null(strstr(report, q));
	assert_int_equal(n, 2);
	free(report);
	/* one end only; then a proposal of the target-only mention's edit,
	 * then of a realign that is gone */
	snprintf(q, sizeof q, "UPDATE reproj SET tgt_end = NULL WHERE mention = %lld", (long long)mine);
	sql(db, q);
	sql(db, "DELETE FROM reproj WHERE tgt_start = 0");
	n = check(db, &report);
	assert_non_null(strstr(report, "span 1-none is not inside realign 1's sentence"));
	assert_int_equal(n, 1);
	free(report);
	sql(db, "UPDATE reproj SET tedit = 2, tgt_end = tgt_start + 1");
	n = check(db, &report);
	assert_non_null(strstr(report, "realign 2 is a target-only mention, not a realign"));
	assert_int_equal(n, 1);
	free(report);
	sql(db, "PRAGMA foreign_keys = OFF; UPDATE reproj SET tedit = 999999");
	n = check(db, &report);
	assert_non_null(strstr(report, "realign 999999 does not exist"));
	assert_non_null(strstr(report, "foreign key: reproj -> tedits"));
	free(report);
	done(db);
}

/* db merge takes them (and the pairing's doubts) with nothing lost, once */
static void merged(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_both(db), id;
	xp_err e;
	assert_int_equal(xp_db_tadd_at(db, run, "d|0", 0, 3, 4, 1, "ann", NULL, -1, &id, &e), 0);
	char what[200], key[200];
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);   /* the second */
	xp_corpus a = {0};
	assert_int_equal(xp_db_export(db, run, 0, &a, &e), 0);
	xp_db_close(db);
	char out[200];
	snprintf(out, sizeof out, "%s/m.db", dir);
	const char *ins[] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	memset(&r, 0, sizeof r);
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);   /* again: nothing more */
	xp_merge_result_free(&r);
	xp_db *m;
	assert_int_equal(xp_db_open(out, &m, &e), 0);
	xp_corpus b = {0};
	assert_int_equal(xp_db_export(m, 1, 0, &b, &e), 0);
	assert_int_equal(b.docs[0].nmentions, a.docs[0].nmentions);
	assert_int_equal(exported(&b, 0, 6, 8), 2);
	assert_int_equal(exported(&b, 0, 3, 4), -1);   /* undone there, undone here */
	json_t *j = sentence(&b, 1), *k = sentence(&a, 1);
	assert_true(json_equal(j, k));
	json_decref(j), json_decref(k);
	assert_int_equal(count_tedits(m), 3);
	json_t *mm;
	assert_int_equal(xp_db_mention(m, 1, "d|2", 2, &mm, &e), 0);
	assert_string_equal(json_string_value(json_array_get(J(J(mm, "pairing"), "doubt"), 0)), "time");
	json_decref(mm);
	xp_corpus_free(&a), xp_corpus_free(&b);
	xp_db_close(m);
	unlink(out);
	char wal[220];
	snprintf(wal, sizeof wal, "%s-wal", out);
	unlink(wal);
	snprintf(wal, sizeof wal, "%s-shm", out);
	unlink(wal);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

static void remove_store(const char *p)
{
	char side[240];
	unlink(p);
	snprintf(side, sizeof side, "%s-wal", p);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", p);
	unlink(side);
}

/* d|2's realign in run re-projected: "It" -> 我 (0-1) proposed, "mine"
 * none; then "ann" keeps "It" */
static void propose_and_keep(xp_db *db, int64_t run)
{
	xp_err e;
	json_t *in;
	assert_int_equal(xp_db_reproj_input(db, run, "d|2", &in, &e), 0);
	int64_t tedit = json_integer_value(J(in, "tedit"));
	json_int_t it = json_integer_value(J(json_array_get(J(in, "mentions"), 0), "row")),
		   mine = json_integer_value(J(json_array_get(J(in, "mentions"), 1), "row"));
	json_decref(in);
	json_t *props = json_pack("[{s:I,s:[i,i],s:s,s:f},{s:I,s:n,s:s,s:f}]", "row", it, "span", 0, 1, "fate", "projected",
				  "confidence", 0.7, "row", mine, "span", "fate", "unaligned", "confidence", 0.0);
	assert_int_equal(xp_db_reproj_put(db, tedit, props, "proposed", &e), 0);
	json_decref(props);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
}

/* A rerun carries a realign's proposals with it (the same tokens), not
 * re-projected with the new run's model, and says so; a proposal kept in
 * the earlier run is kept in the new one, exported as there. */
static void rerun_carries_proposals(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db), one = 1;
	xp_err e;
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, -1, &e), 0);
	propose_and_keep(db, run);
	char *want = conll_of(db, run);
	int64_t run2 = run_with_lines(db);
	char *got = conll_of(db, run2);
	assert_string_equal(got, want);
	free(got), free(want);
	json_t *m;
	assert_int_equal(xp_db_mention(db, run2, "d|2", 2, &m, &e), 0);
	assert_string_equal(json_string_value(J(m, "status")), "kept");
	assert_string_equal(json_string_value(J(J(J(m, "pairing"), "reprojection"), "state")), "proposed");
	json_decref(m);
	json_t *c;
	assert_int_equal(xp_db_carried(db, run2, NULL, &c, &e), 0);
	size_t i, said = 0;
	json_t *x;
	json_array_foreach(c, i, x) {
		assert_string_not_equal(json_string_value(J(x, "status")), "lost");
		if (strstr(json_string_value(J(x, "key")), "(realign)")) {
			assert_string_equal(json_string_value(J(x, "why")),
					    "not re-projected with this run's model: the earlier run's proposals carried");
			/* the store's key for scripts, the line in words for people */
			long long n = -1;
			char want[64];
			assert_int_equal(sscanf(json_string_value(J(x, "key")), "d|line %lld (realign)", &n), 1);
			snprintf(want, sizeof want, "d line %lld, re-paired", n);
			assert_string_equal(json_string_value(J(x, "said")), want);
			said++;
		}
	}
	assert_int_equal(said, 1);
	json_decref(c);
	char *report;
	size_t n = check(db, &report);
	if (n)
		fail_msg("db check after the rerun: %s", report);
	free(report);
	done(db);
}

/* db merge takes schema 10's parts: the run's model, a realign's
 * proposals and what its re-projection did, a target action's place among
 * reviews.  A proposal kept in one store is the span kept in the merged
 * one (the export is the source's), whether the merged store had the
 * realign already, not re-projected, or not at all; and undo there still
 * takes the keep first. */
static void merged_reprojection(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db), one = 1;
	xp_err e;
	assert_int_equal(xp_db_set_run_model(db, run, "/m/wa.model", 123, 0xfeedfacedeadbeefull, NULL, &e), 0);
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, -1, &e), 0);
	xp_db_close(db);
	/* `early`: a merge of the store as it was before the re-projection */
	char early[200], late[200];
	snprintf(early, sizeof early, "%s/early.db", dir);
	snprintf(late, sizeof late, "%s/late.db", dir);
	const char *ins[] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(early, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	/* then "It" -> 我 (0-1) proposed, "mine" none, and the keep of "It" */
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	propose_and_keep(db, run);
	char *want = conll_of(db, run);
	xp_corpus c = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_true(exported(&c, 1, 0, 1) >= 0);   /* the kept proposal */
	xp_db_close(db);
	/* into the store that has the realign without proposals, and into a
	 * new one; each twice (nothing more the second time) */
	const char *outs[] = {early, late};
	for (int k = 0; k < 2; k++)
		for (int again = 0; again < 2; again++) {
			memset(&r, 0, sizeof r);
			assert_int_equal(xp_db_merge(outs[k], ins, 1, &r, &e), 0);
			xp_merge_result_free(&r);
			xp_db *m;
			assert_int_equal(xp_db_open(outs[k], &m, &e), 0);
			char *got = conll_of(m, 1);
			assert_string_equal(got, want);
			free(got);
			xp_corpus x = {0};
			assert_int_equal(xp_db_export(m, 1, 0, &x, &e), 0);
			assert_same_corpus(&x, &c);
			xp_corpus_free(&x);
			assert_int_equal(count_tedits(m), 1);
			char *p = NULL;
			int64_t size = 0;
			uint64_t hash = 0;
			assert_int_equal(xp_db_run_model(m, 1, &p, &size, &hash, NULL, &e), 0);
			assert_non_null(p);
			assert_string_equal(p, "/m/wa.model");
			assert_true(size == 123 && hash == 0xfeedfacedeadbeefull);
			free(p);
			json_t *mm;
			assert_int_equal(xp_db_mention(m, 1, "d|2", 2, &mm, &e), 0);
			assert_string_equal(json_string_value(J(mm, "status")), "kept");
			assert_string_equal(json_string_value(J(J(J(mm, "pairing"), "reprojection"), "state")), "proposed");
			json_decref(mm);
			assert_int_equal(xp_db_mention(m, 1, "d|3", 2, &mm, &e), 0);
			assert_string_equal(json_string_value(J(J(J(mm, "pairing"), "reprojection"), "fate")), "unaligned");
			json_decref(mm);
			char *report;
			size_t n = check(m, &report);
			if (n)
				fail_msg("db check on the merged store: %s", report);
			free(report);
			xp_db_close(m);
		}
	/* undo in the merged store: the keep first, then the realign */
	xp_db *m;
	assert_int_equal(xp_db_open(late, &m, &e), 0);
	undone(m, 1, "keep d|2");
	undone(m, 1, "realign d|2");
	xp_db_close(m);
	xp_corpus_free(&c);
	free(want);
	remove_store(early);
	remove_store(late);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

/* A model beside the store is recorded relative to it (the aligner's
 * settings with it): the store copied with it elsewhere finds the copy; a
 * store merged in another directory, with no model beside it, finds it
 * where it was recorded; a model elsewhere is kept absolute. */
static void model_beside_store(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	char model[100], copy[100], cpath[150], cmodel[150], out[150], abs[PATH_MAX];
	snprintf(model, sizeof model, "%s/wordalign.model", dir);
	assert_int_equal(xp_write_file(model, "m", 1, &e), 0);
	assert_non_null(realpath(model, abs));
	json_t *how = json_pack("{s:I,s:s}", "seed", (json_int_t)5, "sym", "intersect");
	assert_int_equal(xp_db_set_run_model(db, run, abs, 1, 7, how, &e), 0);
	json_decref(how);
	char *p;
	int64_t size;
	uint64_t hash;
	json_t *got;
	assert_int_equal(xp_db_run_model(db, run, &p, &size, &hash, &got, &e), 0);
	assert_string_equal(p, model);   /* the store's directory as it was named */
	assert_int_equal(json_integer_value(J(got, "seed")), 5);
	assert_string_equal(json_string_value(J(got, "sym")), "intersect");
	json_decref(got);
	free(p);
	xp_db_close(db);
	/* the directory copied: the copy's model */
	snprintf(copy, sizeof copy, "%s-copy", dir);
	assert_int_equal(mkdir(copy, 0700), 0);
	snprintf(cpath, sizeof cpath, "%s/t.db", copy);
	snprintf(cmodel, sizeof cmodel, "%s/wordalign.model", copy);
	char *bytes;
	size_t n;
	assert_int_equal(xp_read_file(path, &bytes, &n, &e), 0);
	assert_int_equal(xp_write_file(cpath, bytes, n, &e), 0);
	free(bytes);
	assert_int_equal(xp_write_file(cmodel, "m", 1, &e), 0);
	xp_db *c;
	assert_int_equal(xp_db_open(cpath, &c, &e), 0);
	assert_int_equal(xp_db_run_model(c, 1, &p, &size, &hash, NULL, &e), 0);
	assert_string_equal(p, cmodel);
	free(p);
	xp_db_close(c);
	/* merged into a store in another directory: the model where recorded */
	snprintf(out, sizeof out, "%s/merged.db", copy);
	unlink(cmodel);
	const char *ins[] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	assert_int_equal(xp_db_open(out, &c, &e), 0);
	assert_int_equal(xp_db_run_model(c, 1, &p, &size, &hash, NULL, &e), 0);
	assert_string_equal(p, abs);
	free(p);
	/* a model elsewhere: absolute */
	assert_int_equal(xp_db_set_run_model(c, 1, "/m/wa.model", 1, 7, NULL, &e), 0);
	assert_int_equal(xp_db_run_model(c, 1, &p, &size, &hash, NULL, &e), 0);
	assert_string_equal(p, "/m/wa.model");
	free(p);
	xp_db_close(c);
	remove_store(out);
	remove_store(cpath);
	rmdir(copy);
	unlink(model);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

/* A store made at schema 8 with corrections and reviews moves to 9 when
 * opened, with nothing lost: the same view, queue and history. */
/* schema 10: the run's model recorded, spans proposed for a realign's
 * mentions stored and read as projections, undone with the realign */
static void reprojection_stored(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = run_with_lines(db);
	xp_err e;
	char *p;
	int64_t size = 0;
	uint64_t hash = 0;
	/* the model: none, then recorded (a hash past 2^63 too), then refused
	 * for a run not there */
	assert_int_equal(xp_db_run_model(db, run, &p, &size, &hash, NULL, &e), 0);
	assert_null(p);
	assert_int_equal(xp_db_set_run_model(db, run, "/m/wa.model", 123, 0xfeedfacedeadbeefull, NULL, &e), 0);
	assert_int_equal(xp_db_run_model(db, run, &p, &size, &hash, NULL, &e), 0);
	assert_string_equal(p, "/m/wa.model");
	assert_int_equal(size, 123);
	assert_true(hash == 0xfeedfacedeadbeefull);
	free(p);
	assert_int_equal(xp_db_set_run_model(db, run + 5, "/m/wa.model", 1, 1, NULL, &e), XP_ENOTFOUND);
	/* no realign: nothing to re-project */
	json_t *in, *m;
	assert_int_equal(xp_db_reproj_input(db, run, "d|2", &in, &e), XP_ENOTFOUND);
	int64_t one = 1, v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, v, &e), 0);
	/* what re-projection reads: the utterance's English, its new tokens,
	 * both of its mentions ("It", "mine") and the run's settings */
	assert_int_equal(xp_db_reproj_input(db, run, "d|2", &in, &e), 0);
	assert_int_equal(json_array_size(J(in, "mentions")), 2);
	assert_string_equal(json_string_value(json_array_get(J(in, "src"), 0)), "It");
	assert_string_equal(json_string_value(json_array_get(J(in, "tgt"), 0)), "我");
	assert_string_equal(json_string_value(J(J(in, "settings"), "rule")), "minmax");
	assert_string_equal(json_string_value(J(in, "lang")), "zh");
	int64_t tedit = json_integer_value(J(in, "tedit"));
	json_int_t it = json_integer_value(J(json_array_get(J(in, "mentions"), 0), "row")),
		   mine = json_integer_value(J(json_array_get(J(in, "mentions"), 1), "row"));
	json_decref(in);
	/* not re-projected yet: no span, and the mention says so */
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_is_null(J(J(m, "current"), "span")));
	assert_string_equal(json_string_value(J(J(J(m, "pairing"), "reprojection"), "state")), "none");
	json_decref(m);
	/* a row of another utterance is refused, and nothing is written */
	json_t *bad = json_pack("[{s:I,s:[i,i],s:s,s:f},{s:I,s:[i,i],s:s,s:f}]", "row", it, "span", 0, 1, "fate",
				"projected", "confidence", 0.9, "row", (json_int_t)1, "span", 0, 1, "fate", "projected",
				"confidence", 0.9);
	assert_int_equal(xp_db_reproj_put(db, tedit, bad, "proposed", &e), XP_EINPUT);
	json_decref(bad);
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_is_null(J(J(m, "current"), "span")));
	json_decref(m);
	/* "It" -> 我 (0-1) proposed, "mine" found no span */
	json_t *props = json_pack("[{s:I,s:[i,i],s:s,s:f},{s:I,s:n,s:s,s:f}]", "row", it, "span", 0, 1, "fate", "projected",
				  "confidence", 0.7, "row", mine, "span", "fate", "unaligned", "confidence", 0.0);
	assert_int_equal(xp_db_reproj_put(db, tedit, props, "proposed", &e), 0);
	json_decref(props);
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	json_t *now = J(J(m, "current"), "span"), *rp = J(J(m, "pairing"), "reprojection");
	assert_int_equal(json_integer_value(json_array_get(now, 0)), 1);
	assert_int_equal(json_integer_value(json_array_get(now, 1)), 0);
	assert_int_equal(json_integer_value(json_array_get(now, 2)), 1);
	assert_string_equal(json_string_value(J(rp, "state")), "proposed");
	assert_true(json_equal(J(rp, "span"), now));
	assert_string_equal(json_string_value(J(m, "status")), "open");
	json_decref(m);
	assert_int_equal(xp_db_mention(db, run, "d|3", 2, &m, &e), 0);
	assert_true(json_is_null(J(J(m, "current"), "span")));
	assert_string_equal(json_string_value(J(J(J(m, "pairing"), "reprojection"), "fate")), "unaligned");
	json_decref(m);
	/* exported as a projection is; a keep confirms it, modify starts from it */
	xp_corpus c = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_true(exported(&c, 1, 0, 1) >= 0);
	xp_corpus_free(&c);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_string_equal(json_string_value(J(m, "status")), "kept");
	json_decref(m);
	/* undo: the keep first (made after the realign), then the realign and
	 * its proposals with it */
	undone(db, run, "keep d|2");
	undone(db, run, "realign d|2");
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_is_null(J(J(m, "pairing"), "reprojection")));
	assert_string_equal(json_string_value(J(J(m, "target"), "text")), "那是我的。");
	json_decref(m);
	/* realigned again: the earlier proposals are that realign's, not this one's */
	v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, v, &e), 0);
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_is_null(J(J(m, "current"), "span")));
	json_decref(m);
	done(db);
}

/* a store of schema 9 with a realign opens at 10: the realign stays, not
 * re-projected, and its run names no model */
static void migrate_from_9(void **state)
{
	(void)state;
	xp_db *db = fresh_at(9);
	int64_t run = run_with_lines(db);
	xp_err e;
	int64_t one = 1, v = xp_db_mention_version(db, run, "d|2");
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, v, &e), 0);
	xp_db_close(db);
	assert_int_equal(xp_db_open_mode(path, XP_DB_READ, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_true(json_is_true(J(J(m, "pairing"), "realigned")));
	assert_true(json_is_null(J(J(m, "current"), "span")));
	assert_string_equal(json_string_value(J(J(J(m, "pairing"), "reprojection"), "state")), "none");
	json_decref(m);
	char *p;
	int64_t size;
	uint64_t hash;
	assert_int_equal(xp_db_run_model(db, run, &p, &size, &hash, NULL, &e), 0);
	assert_null(p);
	xp_db_close(db);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	undone(db, run, "realign d|2");
	done(db);
}

/* the fixture's document as its part 1 alone (a corpus cut from
 * OntoNotes' parts): what a store of schema 10 could hold, which refused
 * a document in two parts */
static void part_one(xp_corpus *en, xp_aligned *al)
{
	en->docs[0].part = 1;
	for (size_t k = 0; k < al->n; k++)
		al->v[k].part = 1;
}

/* A store of schema 10 opens at 11 (and on) with every key it had: its documents'
 * parts as they were (here part 1, a document's only one, still named
 * DOC|ID), its corrections, review, queue and position on the same
 * mentions, db check clean. */
static void migrate_from_10(void **state)
{
	(void)state;
	xp_db *db = fresh_at(10);
	xp_err e;
	int64_t run = import_files(db, FIX("project/en.conll"), FIX("project/aligned.jsonl"), FIX("project/pairs.pharaoh"),
				   part_one);
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &mod, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	assert_int_equal(xp_db_position_set(db, run, "ann", "d|2", &e), 0);
	xp_queue old;
	assert_int_equal(xp_db_queue(db, run, &old, &e), 0);
	xp_db_close(db);
	assert_int_equal(xp_db_open_mode(path, XP_DB_READ, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);   /* 11, and on */
	xp_queue now;
	assert_int_equal(xp_db_queue(db, run, &now, &e), 0);
	assert_int_equal(now.n, old.n);
	for (size_t i = 0; i < old.n; i++)
		assert_string_equal(now.v[i].t.key, old.v[i].t.key);
	xp_queue_free(&old);
	xp_queue_free(&now);
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|1", 0, &m, &e), 0);
	assert_string_equal(json_string_value(J(m, "key")), "d|1");
	assert_int_equal(json_integer_value(J(m, "part")), 1);
	assert_null(J(m, "parts"));   /* one part: the page shows none */
	assert_string_equal(json_string_value(J(m, "status")), "edited");
	json_decref(m);
	/* the part named explicitly is the same mention; part 0 is not there */
	assert_int_equal(xp_db_mention(db, run, "d|1:2", 0, &m, &e), 0);
	assert_string_equal(json_string_value(J(m, "key")), "d|2");
	assert_string_equal(json_string_value(J(m, "status")), "kept");
	json_decref(m);
	assert_int_equal(xp_db_mention(db, run, "d|0:2", 0, &m, &e), XP_ENOTFOUND);
	char key[64];
	assert_int_equal(xp_db_position_get(db, run, "ann", key, sizeof key, &e), 0);
	assert_string_equal(key, "d|2");
	xp_corpus c = {0};
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	assert_int_equal(c.docs[0].part, 1);
	int found = 0;
	for (size_t i = 0; i < c.docs[0].nmentions; i++)
		if (c.docs[0].mentions[i].id == 1) {
			assert_int_equal(c.docs[0].mentions[i].start, 3);
			assert_int_equal(c.docs[0].mentions[i].end, 5);
			found = 1;
		}
	assert_true(found);
	xp_corpus_free(&c);
	char *report;
	size_t np;
	assert_int_equal(xp_db_check(db, &report, &np, &e), 0);
	assert_int_equal(np, 0);
	free(report);
	done(db);
}

static void copy_file(const char *from, const char *to)
{
	FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
	assert_non_null(a);
	assert_non_null(b);
	char buf[8192];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, a)))
		assert_int_equal(fwrite(buf, 1, n, b), n);
	fclose(a);
	assert_int_equal(fclose(b), 0);
}

/* A store of schema 11 opens at 12: its run keeps no run id (NULL), a run
 * imported since has one (32 hex digits); two copies of the old store,
 * migrated and corrected apart, still merge as one run (had the migration
 * drawn an id, each copy had its own), with both copies' corrections, and
 * the new run as a run of its own; db check clean. */
static void migrate_from_11(void **state)
{
	(void)state;
	xp_db *db = fresh_at(11);
	xp_err e;
	int64_t run = import(db);
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &mod, &e), 0);
	xp_db_close(db);
	char copy[200], out[200];
	snprintf(copy, sizeof copy, "%s/copy.db", dir);
	snprintf(out, sizeof out, "%s/m.db", dir);
	copy_file(path, copy);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);   /* 12, and on */
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "a", -1, &e), 0);
	int64_t run2 = import(db);
	xp_db_close(db);
	char *v = sql_value(path, "SELECT count(*) FROM runs WHERE id = 1 AND uid IS NULL");
	assert_string_equal(v, "1");
	free(v);
	v = sql_value(path, "SELECT uid FROM runs WHERE id = 2");
	assert_non_null(v);
	assert_int_equal(strlen(v), 32);
	assert_int_equal(strspn(v, "0123456789abcdef"), 32);
	free(v);
	xp_db *c;
	assert_int_equal(xp_db_open(copy, &c, &e), 0);
	xp_edit del = {XP_DELETE, "d|0", 0, 0, 0, "b", NULL};
	assert_int_equal(xp_db_edit(c, run, &del, &e), 0);
	xp_db_close(c);
	const char *ins[] = {path, copy};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 2, &r, &e), 0);
	assert_int_equal(r.runs, 2);         /* the old run and the new one */
	assert_int_equal(r.runs_known, 1);   /* the copy's old run is the old run */
	assert_int_equal(r.nconflicts, 0);
	xp_merge_result_free(&r);
	xp_db *m;
	assert_int_equal(xp_db_open_mode(out, XP_DB_READ, &m, &e), 0);
	status_is(m, run, "d|1", "edited");
	status_is(m, run, "d|0", "edited");
	status_is(m, run, "d|2", "kept");
	/* the new run carried the modification (a rerun does), not the copy's delete */
	status_is(m, run2, "d|1", "edited");
	status_is(m, run2, "d|0", "open");
	char *report;
	size_t np;
	assert_int_equal(xp_db_check(m, &report, &np, &e), 0);
	assert_int_equal(np, 0);
	free(report);
	xp_db_close(m);
	v = sql_value(out, "SELECT group_concat(coalesce(uid, 'none')) FROM (SELECT uid FROM runs ORDER BY id)");
	char *w = sql_value(path, "SELECT group_concat(coalesce(uid, 'none')) FROM (SELECT uid FROM runs ORDER BY id)");
	assert_string_equal(v, w);   /* the merge copies each run's id, NULL too */
	free(v), free(w);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

static void migrate_from_8(void **state)
{
	(void)state;
	xp_db *db = fresh_at(8);
	xp_err e;
	int64_t run = import(db);
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &mod, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	xp_corpus before = {0};
	assert_int_equal(xp_db_export(db, run, 0, &before, &e), 0);
	xp_queue old;
	assert_int_equal(xp_db_queue(db, run, &old, &e), 0);
	xp_db_close(db);
	assert_int_equal(xp_db_open_mode(path, XP_DB_READ, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	xp_queue now;
	assert_int_equal(xp_db_queue(db, run, &now, &e), 0);
	assert_int_equal(now.n, old.n);
	for (size_t i = 0; i < old.n; i++) {
		assert_string_equal(now.v[i].t.key, old.v[i].t.key);
		assert_int_equal(now.v[i].t.align, 0);   /* nothing doubted: the run did not say */
	}
	xp_corpus after = {0};
	assert_int_equal(xp_db_export(db, run, 0, &after, &e), 0);
	assert_int_equal(after.docs[0].nmentions, before.docs[0].nmentions);
	for (size_t i = 0; i < before.docs[0].nmentions; i++) {
		assert_int_equal(after.docs[0].mentions[i].start, before.docs[0].mentions[i].start);
		assert_int_equal(after.docs[0].mentions[i].end, before.docs[0].mentions[i].end);
	}
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|2", 2, &m, &e), 0);
	assert_string_equal(json_string_value(J(m, "status")), "kept");
	assert_true(json_is_null(J(J(m, "pairing"), "conf")));
	json_decref(m);
	char *log;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "\"from\":8"));
	free(log);
	xp_queue_free(&old), xp_queue_free(&now);
	xp_corpus_free(&before), xp_corpus_free(&after);
	xp_db_close(db);
	/* writable now: a realign on the migrated store (no lines kept: refused) */
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	int64_t one = 1;
	assert_int_equal(xp_db_realign_at(db, run, "d|2", &one, 1, "ann", NULL, -1, &e), XP_EINPUT);
	done(db);
}

/* every row of every table of the store at p but `skip` (and
 * SQLite's own), as text, tables by name: what `sqlite3 .dump` holds */
static char *dump_rows(const char *p, const char *skip)
{
	sqlite3 *h;
	sqlite3_stmt *tl, *st;
	xp_buf b = {0};
	assert_int_equal(sqlite3_open_v2(p, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE"
					       " 'sqlite_%' ORDER BY name", -1, &tl, NULL), SQLITE_OK);
	while (sqlite3_step(tl) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(tl, 0);
		if (skip && !strcmp(t, skip))
			continue;
		char sql[200];
		snprintf(sql, sizeof sql, "SELECT * FROM \"%s\" ORDER BY rowid", t);
		assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
		xp_buf_printf(&b, "table %s\n", t);
		while (sqlite3_step(st) == SQLITE_ROW) {
			for (int i = 0; i < sqlite3_column_count(st); i++)
				xp_buf_printf(&b, "%s%s", i ? "|" : "", sqlite3_column_type(st, i) == SQLITE_NULL ? "NULL"
					      : (const char *)sqlite3_column_text(st, i));
			xp_buf_putc(&b, '\n');
		}
		sqlite3_finalize(st);
	}
	sqlite3_finalize(tl);
	sqlite3_close(h);
	xp_buf_putc(&b, '\0');
	return b.p;
}

/* The rows of a dump made at schema 15 as they read before it: tedits'
 * without its two columns of schema 15 (rule, confidence), which a
 * migrated row has NULL; 0 when a row of tedits has something there. */
static int before15(char *dump)
{
	char *t = strstr(dump, "table tedits\n");
	if (!t)
		return 1;
	for (char *l = t + strlen("table tedits\n"); *l && strncmp(l, "table ", 6); ) {
		char *nl = strchr(l, '\n');
		if (!nl || nl - l < 10 || memcmp(nl - 10, "|NULL|NULL", 10))
			return 0;
		memmove(nl - 10, nl, strlen(nl) + 1);
		l = nl - 10 + 1;
	}
	return 1;
}

/* A store of schema 12 opens at 13 (tmoves: the target-only mentions an
 * entity merge moved).  Its merges made before left them where they were,
 * and they stay there: every row of every other table is as it was (the
 * history gains the migration's line), the export the same text; its old
 * merge still undoes as one; a merge made now moves them. */
static void migrate_from_12(void **state)
{
	(void)state;
	xp_db *db = fresh_at(12);
	xp_err e;
	int64_t run = import(db), tid, moved;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 1, -1, NULL, 0, "ann", NULL, xp_db_mention_version(db, run, "d|1"),
					&moved, &e), 0);
	assert_int_equal(moved, 2);   /* the tadd left in cluster 2, as schema 12 did */
	char *text0 = conll_of(db, run);
	xp_db_close(db);
	char *before = dump_rows(path, "history"), *hist0 = sql_value(path, "SELECT group_concat(detail, '\n') FROM history");
	assert_non_null(strstr(hist0, "\"target_only_left\":1"));
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	char *text1 = conll_of(db, run);
	assert_string_equal(text0, text1);
	xp_db_close(db);
	char *after = dump_rows(path, "history"), *tm = sql_value(path, "SELECT count(*) FROM tmoves");
	char *hist1 = sql_value(path, "SELECT group_concat(detail, '\n') FROM (SELECT detail FROM history ORDER BY id"
				      " LIMIT (SELECT count(*) - 1 FROM history))");
	/* the tables as they were, but the new (empty) one */
	char *empty = strstr(after, "table tmoves\n");
	assert_non_null(empty);
	memmove(empty, empty + strlen("table tmoves\n"), strlen(empty + strlen("table tmoves\n")) + 1);
	assert_true(before15(after));
	assert_string_equal(before, after);
	assert_string_equal(tm, "0");
	assert_string_equal(hist0, hist1);
	free(before), free(after), free(tm), free(hist0), free(hist1);
	/* the old merge undoes as one; a new one moves the target-only mention */
	char what[200], key[200];
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "merge d|1");
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 1, 3, NULL, 0, "ann", NULL, xp_db_mention_version(db, run, "d|1"),
					&moved, &e), 0);
	assert_int_equal(moved, 3);
	char *text2 = conll_of(db, run);
	assert_non_null(strstr(text2, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(1)\n"));
	assert_null(strstr(text0, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(1)\n"));
	free(text0), free(text1), free(text2);
	done(db);
}

/* A store of schema 13 opens at 14 (tmoves keeps a relink of one
 * target-only mention alone): every table's rows as they were, tmoves'
 * with its new columns empty, the export and the versions the same, its
 * merge's move undone as one; then a target-only mention relinks alone. */
static void migrate_from_13(void **state)
{
	(void)state;
	xp_db *db = fresh_at(13);
	xp_err e;
	int64_t run = import(db), tid, moved;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	assert_int_equal(xp_db_merge_at(db, run, "d|1", 1, -1, NULL, 0, "ann", NULL, xp_db_mention_version(db, run, "d|1"),
					&moved, &e), 0);
	assert_int_equal(moved, 3);
	/* nowhere to keep a relink of it alone: refused, nothing written */
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, -1, 5, "ann", NULL, -1, &e), XP_EINPUT);
	int64_t v1 = xp_db_mention_version(db, run, "d|1"), v2 = xp_db_mention_version(db, run, "d|2");
	char *text0 = conll_of(db, run);
	xp_db_close(db);
	char *before = dump_rows(path, "history"), *tm0 = sql_value(path, "SELECT group_concat(batch || ':' || tedit || ':'"
									   " || cluster) FROM tmoves");
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	char *text1 = conll_of(db, run);
	assert_string_equal(text0, text1);
	assert_int_equal(xp_db_mention_version(db, run, "d|1"), v1);
	assert_int_equal(xp_db_mention_version(db, run, "d|2"), v2);
	xp_db_close(db);
	char *after = dump_rows(path, "history"), *tm1 = sql_value(path, "SELECT group_concat(batch || ':' || tedit || ':'"
									  " || cluster || ':' || coalesce(mention, after, after_review,"
									  " after_tedit, 'none')) FROM tmoves");
	/* the rows as they were; tmoves' row with its new columns NULL (14's
	 * four, 16's note) */
	char want[64];
	snprintf(want, sizeof want, "%s:none", tm0);
	assert_string_equal(tm1, want);
	char row13[64], row14[80];
	snprintf(row13, sizeof row13, "\n%s\n", tm0);
	for (char *c = row13; *c; c++)
		if (*c == ':')
			*c = '|';
	snprintf(row14, sizeof row14, "\n%.*s|NULL|NULL|NULL|NULL|NULL\n", (int)strlen(row13) - 2, row13 + 1);
	char *at = strstr(after, row14);
	assert_non_null(at);
	memmove(at + strlen(row13) - 1, at + strlen(row14) - 1, strlen(at + strlen(row14) - 1) + 1);
	assert_true(before15(after));
	assert_string_equal(before, after);
	free(before), free(after), free(tm0), free(tm1);
	/* the old merge undoes as one, the tadd back; a relink of it alone */
	char what[200], key[200];
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_string_equal(what, "merge d|1");
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	char *text2 = conll_of(db, run);
	assert_non_null(strstr(text2, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(1)\n"));
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	char plus[64];
	snprintf(plus, sizeof plus, "relink +%lld", (long long)tid);
	assert_string_equal(what, plus);
	free(text0), free(text1), free(text2);
	done(db);
}

/* A store of schema 14 opens at 15 (tedits says which target-only
 * mentions are a run's rule's): every row as it was, tedits' with rule and
 * confidence NULL (a corrector's, as before), the export and the versions
 * the same; the corrector's target-only mention is still undone by its
 * corrector, and a rerun still carries it. */
static void migrate_from_14(void **state)
{
	(void)state;
	xp_db *db = fresh_at(14);
	xp_err e;
	int64_t run = import(db), tid;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	int64_t v2 = xp_db_mention_version(db, run, "d|2");
	char *text0 = conll_of(db, run);
	xp_db_close(db);
	char *before = dump_rows(path, "history"), *t0 = sql_value(path, "SELECT group_concat(id || ':' || kind || ':'"
									 " || cluster || ':' || start || ':' || end) FROM tedits");
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	char *text1 = conll_of(db, run);
	assert_string_equal(text0, text1);
	assert_int_equal(xp_db_mention_version(db, run, "d|2"), v2);
	xp_db_close(db);
	char *after = dump_rows(path, "history"), *t1 = sql_value(path, "SELECT group_concat(id || ':' || kind || ':'"
									" || cluster || ':' || start || ':' || end || ':' ||"
									" coalesce(rule, confidence, 'none')) FROM tedits");
	char want[128];
	snprintf(want, sizeof want, "%s:none", t0);
	assert_string_equal(t1, want);
	/* the rows as they were, tedits' with its two new columns NULL */
	assert_non_null(strstr(after, "|NULL|NULL\n"));
	assert_true(before15(after));
	assert_string_equal(before, after);
	free(before), free(after), free(t0), free(t1);
	/* the corrector's still: a rerun carries it, its corrector undoes it */
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	int64_t run2 = import(db);
	char *carried = sql_value(path, "SELECT count(*) FROM tedits WHERE carried_from IS NOT NULL");
	assert_string_equal(carried, "1");
	free(carried);
	char *text2 = conll_of(db, run2);
	assert_string_equal(text0, text2);
	char what[200], key[200];
	assert_int_not_equal(xp_db_undo_mine(db, run2, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	free(text0), free(text1), free(text2);
	done(db);
}

/* The note of an action on the mention's JSON ("actions"), its kind
 * kind: the newest such; NULL if none or without a note. */
static const char *action_note(json_t *m, const char *kind)
{
	const char *note = NULL;
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(m, "actions"), i, a)
		if (!strcmp(json_string_value(json_object_get(a, "kind")), kind))
			note = json_string_value(json_object_get(a, "note"));
	return note;
}

/* A store of schema 15 opens at 16 (tmoves keeps a relink's note): the
 * note a relink of a target-only mention alone was given, until then in
 * its history line only, is its move's now, and the mention's actions
 * (db show, the workbench's history) give it; every other row as it was,
 * the export the same.  A relink made now keeps its own; db merge of the
 * migrated store into a new one keeps both; db check is clean, and names a
 * note on a merge's move. */
static void migrate_from_15(void **state)
{
	(void)state;
	xp_db *db = fresh_at(15);
	xp_err e;
	int64_t run = import(db), tid, t2;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	/* (tokens 0-1 are d|2 itself: a target-only mention there is refused) */
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 1, 2, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &t2, &e), 0);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 1, "ann", "it is his car",
					      xp_db_mention_version(db, run, "d|2"), &e), 0);
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|2", 0, &m, &e), 0);
	assert_null(action_note(m, "relink"));   /* in the history line alone */
	json_decref(m);
	char *text0 = conll_of(db, run);
	xp_db_close(db);
	char *before = dump_rows(path, "history");
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	char *text1 = conll_of(db, run);
	assert_string_equal(text0, text1);
	assert_int_equal(xp_db_mention(db, run, "d|2", 0, &m, &e), 0);
	assert_string_equal(action_note(m, "relink"), "it is his car");
	json_decref(m);
	xp_db_close(db);
	/* the rows as they were, the move with its note beside them */
	char *after = dump_rows(path, "history");
	char *note = strstr(after, "|it is his car\n");
	assert_non_null(note);
	memmove(note, note + strlen("|it is his car"), strlen(note + strlen("|it is his car")) + 1);
	assert_string_equal(before, after);
	free(before), free(after);
	/* a relink made now: its note with its move */
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", t2, 2, 1, "bob", "hers, not his",
					      xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_mention(db, run, "d|2", 0, &m, &e), 0);
	assert_string_equal(action_note(m, "relink"), "hers, not his");
	json_decref(m);
	char *report;
	size_t n;
	assert_int_equal(xp_db_check(db, &report, &n, &e), 0);
	assert_int_equal(n, 0);
	free(report);
	xp_db_close(db);
	char *notes = sql_value(path, "SELECT group_concat(tedit || ':' || note, ',') FROM (SELECT * FROM tmoves ORDER BY batch)");
	char want[128];
	snprintf(want, sizeof want, "%lld:it is his car,%lld:hers, not his", (long long)tid, (long long)t2);
	assert_string_equal(notes, want);
	free(notes);
	/* db merge into a new store: both notes */
	char out[200];
	snprintf(out, sizeof out, "%s/m16.db", dir);
	const char *ins[] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	notes = sql_value(out, "SELECT group_concat(note, ',') FROM (SELECT * FROM tmoves ORDER BY batch)");
	assert_string_equal(notes, "it is his car,hers, not his");
	free(notes);
	xp_db *mg;
	assert_int_equal(xp_db_open(out, &mg, &e), 0);
	assert_int_equal(xp_db_mention(mg, 1, "d|2", 0, &m, &e), 0);
	assert_string_equal(action_note(m, "relink"), "hers, not his");
	json_decref(m);
	assert_int_equal(xp_db_check(mg, &report, &n, &e), 0);
	assert_int_equal(n, 0);
	free(report);
	xp_db_close(mg);
	/* db check knows the column: a note on a move no relink made */
	sqlite3 *h;
	assert_int_equal(sqlite3_open(out, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "UPDATE batches SET checksum = 'merge:x' WHERE id = (SELECT min(batch) FROM tmoves)",
				      NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
	assert_int_equal(xp_db_open(out, &mg, &e), 0);
	assert_int_not_equal(xp_db_check(mg, &report, &n, &e), -1);
	assert_non_null(strstr(report, "with a note: only a relink or delete of one alone has one"));
	free(report);
	xp_db_close(mg);
	free(text0), free(text1);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

/* The same relink of a target-only mention undone and made again within
 * a second (the batches' time): two batches db merge tells apart.  Their
 * checksums were equal, and db merge (which takes batches alike in
 * checksum, name, annotator and time for one) refused the store ("UNIQUE
 * constraint failed: tmoves.batch, tmoves.tedit"). */
static void relink_again_merged(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_err e;
	int64_t run = import(db), tid;
	assert_int_equal(xp_db_tadd_at(db, run, "d|2", 1, 2, 3, 2, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &tid, &e), 0);
	char what[200], key[200];
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(xp_db_relink_tadd_at(db, run, "d|2", tid, 2, 1, "ann", NULL, xp_db_mention_version(db, run, "d|2"), &e), 0);
	char *text0 = conll_of(db, run);
	xp_db_close(db);
	char *sums = sql_value(path, "SELECT count(DISTINCT checksum) || ' of ' || count(*) FROM batches WHERE checksum LIKE 'trelink:%'");
	assert_string_equal(sums, "2 of 2");
	free(sums);
	char out[200];
	snprintf(out, sizeof out, "%s/again.db", dir);
	const char *ins[] = {path};
	xp_merge_result r = {0};
	assert_int_equal(xp_db_merge(out, ins, 1, &r, &e), 0);
	xp_merge_result_free(&r);
	xp_db *m;
	assert_int_equal(xp_db_open(out, &m, &e), 0);
	char *text1 = conll_of(m, 1);
	assert_string_equal(text0, text1);   /* the relink live, not folded into the undone one */
	xp_db_close(m);
	free(text0), free(text1);
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(aligned_fields),
		cmocka_unit_test(doubtful_first),
		cmocka_unit_test(realign_flow),
		cmocka_unit_test(target_only),
		cmocka_unit_test(noops_refused),
		cmocka_unit_test(rerun_keeps_them),
		cmocka_unit_test(merged),
		cmocka_unit_test(check_tedits),
		cmocka_unit_test(migrate_from_8),
		cmocka_unit_test(reprojection_stored),
		cmocka_unit_test(model_beside_store),
		cmocka_unit_test(migrate_from_9),
		cmocka_unit_test(migrate_from_10),
		cmocka_unit_test(migrate_from_11),
		cmocka_unit_test(migrate_from_12),
		cmocka_unit_test(migrate_from_13),
		cmocka_unit_test(migrate_from_14),
		cmocka_unit_test(migrate_from_15),
		cmocka_unit_test(relink_again_merged),
		cmocka_unit_test(merged_reprojection),
		cmocka_unit_test(check_reproj),
		cmocka_unit_test(rerun_carries_proposals),
	};
	return cmocka_run_group_tests_name("realign", tests, NULL, NULL);
}
