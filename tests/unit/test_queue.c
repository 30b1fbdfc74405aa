/* tests/unit/test_queue.c — the queue kept in the store (correct/queue.c):
 * its pages are the pages the workbench cut from xp_db_queue's order in
 * memory before (every filter, every page size and offset), it carries
 * the mention's English and target words, it finds by key, English or
 * target words, it reads in reading order, it says its reason in words,
 * and a store of schema 7 gets it when it is migrated. */
#include "testutil.h"
#include "dbutil.h"

#include <jansson.h>
#include <sqlite3.h>
#include "correct/review.h"
#include "correct/store.h"
#include "project/feat.h"

#define J(o, k) json_object_get(o, k)

/* the old server's page (serve/api.c before schema 8): walk the queue,
 * keep what passes, cut the page */
typedef struct ref_filter {
	const char *doc, *fate, *status;
	int type;
	double min_conf, max_conf;
} ref_filter;

static int ref_passes(const xp_queue *q, const ref_filter *f, const xp_queue_item *it, unsigned fl)
{
	if ((f->doc && strcmp(q->docs[it->doc], f->doc)) || (f->fate && strcmp(q->fates[it->fate], f->fate)) ||
	    (f->type >= 0 && f->type != (int)it->type) || it->conf < f->min_conf || it->conf > f->max_conf)
		return 0;
	const char *st = f->status;
	if (!st || !strcmp(st, "all"))
		return 1;
	if (!strcmp(st, "open"))
		return !(fl & (XP_TOUCH_EDITED | XP_TOUCH_KEPT));
	if (!strcmp(st, "done"))
		return (fl & (XP_TOUCH_EDITED | XP_TOUCH_KEPT)) != 0;
	if (!strcmp(st, "edited"))
		return (fl & XP_TOUCH_EDITED) != 0;
	if (!strcmp(st, "kept"))
		return (fl & XP_TOUCH_KEPT) != 0;
	if (!strcmp(st, "noted"))
		return (fl & XP_TOUCH_NOTED) != 0;
	return (fl & XP_TOUCH_LOST) != 0;
}

/* every page of every size of the filtered queue, against the reference */
static void same_pages(xp_db *db, int64_t run, const xp_queue *q, const ref_filter *f)
{
	xp_err e;
	xp_touch *t;
	size_t nt;
	assert_int_equal(xp_db_touched(db, run, &t, &nt, &e), 0);
	size_t *idx = malloc((q->n + 1) * sizeof *idx), total = 0;
	for (size_t i = 0; i < q->n; i++)
		if (ref_passes(q, f, &q->v[i], xp_touch_flags(t, nt, q->v[i].row)))
			idx[total++] = i;
	for (long limit = 1; limit <= 4; limit++)
		for (long offset = 0; offset <= (long)total; offset++) {
			xp_queue_query g = {.doc = f->doc, .fate = f->fate, .status = f->status, .type = f->type,
					    .min_conf = f->min_conf, .max_conf = f->max_conf, .offset = offset, .limit = limit};
			json_t *p;
			assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
			assert_int_equal(json_integer_value(J(p, "total")), (json_int_t)total);
			assert_int_equal(json_integer_value(J(p, "all")), (json_int_t)q->n);
			json_t *items = J(p, "items");
			size_t want = total - (size_t)offset < (size_t)limit ? total - (size_t)offset : (size_t)limit;
			assert_int_equal(json_array_size(items), want);
			for (size_t k = 0; k < want; k++) {
				json_t *it = json_array_get(items, k);
				assert_string_equal(json_string_value(J(it, "key")), q->v[idx[offset + k]].t.key);
				assert_int_equal(json_integer_value(J(it, "pos")), offset + (long)k);
				assert_int_equal(json_integer_value(J(it, "rank")), (json_int_t)idx[offset + k]);
				assert_true(json_real_value(J(it, "risk")) == q->v[idx[offset + k]].t.risk);
			}
			json_decref(p);
		}
	/* around= opens the page holding the mention, found is its place */
	for (size_t k = 0; k < total; k++) {
		xp_queue_query g = {.doc = f->doc, .fate = f->fate, .status = f->status, .type = f->type,
				    .min_conf = f->min_conf, .max_conf = f->max_conf, .offset = -1, .limit = 2,
				    .around = q->v[idx[k]].t.key};
		json_t *p;
		assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
		assert_int_equal(json_integer_value(J(p, "found")), (json_int_t)k);
		assert_int_equal(json_integer_value(J(p, "offset")), (json_int_t)(k - k % 2));
		json_decref(p);
	}
	free(idx), free(t);
}

static void pages(xp_db *db, int64_t run)
{
	xp_err e;
	xp_queue q;
	assert_int_equal(xp_db_queue(db, run, &q, &e), 0);
	assert_true(q.n > 0);
	const char *statuses[] = {NULL, "all", "open", "done", "edited", "kept", "noted", "lost"};
	for (size_t s = 0; s < sizeof statuses / sizeof *statuses; s++) {
		same_pages(db, run, &q, &(ref_filter){.status = statuses[s], .type = -1, .min_conf = -1, .max_conf = 2});
		same_pages(db, run, &q, &(ref_filter){.status = statuses[s], .doc = "d", .type = -1, .min_conf = -1, .max_conf = 2});
	}
	for (int t = 0; t < 3; t++)
		same_pages(db, run, &q, &(ref_filter){.type = t, .min_conf = -1, .max_conf = 2});
	same_pages(db, run, &q, &(ref_filter){.fate = "projected", .type = -1, .min_conf = -1, .max_conf = 2});
	same_pages(db, run, &q, &(ref_filter){.type = -1, .min_conf = 0.5, .max_conf = 2});
	same_pages(db, run, &q, &(ref_filter){.type = -1, .min_conf = -1, .max_conf = 0.5});
	same_pages(db, run, &q, &(ref_filter){.doc = "nothing", .type = -1, .min_conf = -1, .max_conf = 2});
	xp_queue_free(&q);
}

/* the stored order is xp_db_queue's, page by page, before and after edits */
static void pages_are_the_old_ones(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	pages(db, run);
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &mod, -1, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	assert_int_equal(xp_db_review(db, run, "d|0", XP_NOTE, "n", "ann", -1, &e), 0);
	/* the order does not move under the corrector: xp_db_queue now ranks
	 * the edited ones last, the stored queue keeps the import's order, as
	 * the server kept its first ranking in memory */
	xp_queue q;
	assert_int_equal(xp_db_queue(db, run, &q, &e), 0);
	json_t *p;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 50};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	assert_int_equal(json_array_size(J(p, "items")), q.n);
	assert_int_equal(json_integer_value(J(p, "done")), 2);
	size_t i;
	json_t *it;
	json_array_foreach(J(p, "items"), i, it) {
		const char *k = json_string_value(J(it, "key")), *st = json_string_value(J(it, "status"));
		assert_string_equal(st, !strcmp(k, "d|1") ? "edited" : !strcmp(k, "d|2") ? "kept" : "open");
	}
	json_decref(p);
	xp_queue_free(&q);
	done(db);
}

static json_int_t page_done(xp_db *db, int64_t run)
{
	json_t *p;
	xp_err e;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 2, .no_lists = 1};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	json_int_t n = json_integer_value(J(p, "done"));
	json_decref(p);
	return n;
}

/* The done count a connection keeps between pages follows every commit:
 * another connection's (a reader of the workbench after the writer's
 * edit) and its own. */
static void done_follows_commits(void **state)
{
	(void)state;
	xp_db *db = fresh(), *rd;
	int64_t run = import(db);
	xp_err e;
	assert_int_equal(xp_db_open_mode(xp_db_path(db), XP_DB_READ, &rd, &e), 0);
	assert_int_equal(page_done(rd, run), 0);
	assert_int_equal(page_done(rd, run), 0);
	assert_int_equal(xp_db_review(db, run, "d|2", XP_KEEP, NULL, "ann", -1, &e), 0);
	assert_int_equal(page_done(rd, run), 1);
	assert_int_equal(page_done(db, run), 1);
	xp_edit del = {XP_DELETE, "d|1", 0, 0, 0, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &del, -1, &e), 0);
	assert_int_equal(page_done(db, run), 2);
	assert_int_equal(page_done(rd, run), 2);
	char what[700], key[600];
	assert_int_equal(xp_db_undo_mine(db, run, "ann", what, sizeof what, key, sizeof key, &e), 0);
	assert_int_equal(page_done(db, run), 1);
	assert_int_equal(page_done(rd, run), 1);
	xp_db_close(rd);
	done(db);
}

/* xp_sql_cached: the same statement again once released, with its
 * bindings cleared; a second one while the first is in use; more
 * statements than it keeps; all finalized by xp_db_close (the sanitizer
 * build would report a leak, sqlite3_close a busy connection). */
static void statements_kept(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_err e;
	sqlite3_stmt *a, *b, *c;
	assert_int_equal(xp_sql_cached(db, "SELECT ?", &a, &e), 0);
	sqlite3_bind_int(a, 1, 5);
	assert_int_equal(sqlite3_step(a), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(a, 0), 5);
	/* in use: another statement of the same text */
	assert_int_equal(xp_sql_cached(db, "SELECT ?", &b, &e), 0);
	assert_true(a != b);
	sqlite3_bind_int(b, 1, 6);
	assert_int_equal(sqlite3_step(b), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(b, 0), 6);
	xp_sql_release(db, b);
	xp_sql_release(db, a);
	assert_int_equal(xp_sql_cached(db, "SELECT ?", &c, &e), 0);
	assert_ptr_equal(a, c);
	assert_int_equal(sqlite3_step(c), SQLITE_ROW);
	assert_int_equal(sqlite3_column_type(c, 0), SQLITE_NULL);   /* the 5 is gone */
	/* twice as many statements as kept, all held at once, then each again */
	sqlite3_stmt *v[2 * XP_STC_MAX];
	char sql[40];
	for (int i = 0; i < 2 * XP_STC_MAX; i++) {
		snprintf(sql, sizeof sql, "SELECT %d", i);
		assert_int_equal(xp_sql_cached(db, sql, &v[i], &e), 0);
		assert_int_equal(sqlite3_step(v[i]), SQLITE_ROW);
		assert_int_equal(sqlite3_column_int(v[i], 0), i);
	}
	for (int i = 0; i < 2 * XP_STC_MAX; i++)
		xp_sql_release(db, v[i]);
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < 2 * XP_STC_MAX; i++) {
			snprintf(sql, sizeof sql, "SELECT %d", i);
			assert_int_equal(xp_sql_int(db, sql, -1), i);
		}
	assert_true(db->nstc <= XP_STC_MAX);
	/* c is still in use: closing finalizes it all the same */
	done(db);
}

static json_t *item(xp_db *db, int64_t run, const char *key)
{
	xp_err e;
	json_t *p;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 500};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	size_t i;
	json_t *it, *found = NULL;
	json_array_foreach(J(p, "items"), i, it)
		if (!strcmp(json_string_value(J(it, "key")), key))
			found = json_incref(it);
	json_decref(p);
	assert_non_null(found);
	return found;
}

static size_t found(xp_db *db, int64_t run, const char *q, char keys[][16])
{
	xp_err e;
	json_t *p;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 500, .q = q};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	size_t i, n = json_array_size(J(p, "items"));
	json_t *it;
	assert_int_equal(json_integer_value(J(p, "total")), (json_int_t)n);
	json_array_foreach(J(p, "items"), i, it)
		snprintf(keys[i], 16, "%s", json_string_value(J(it, "key")));
	json_decref(p);
	return n;
}

/* the words on both sides, the search, reading order */
static void text_search_reading(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	xp_err e;
	json_t *it = item(db, run, "d|1");
	assert_string_equal(json_string_value(J(it, "en")), "the big red car");
	const char *before = json_string_value(J(it, "target"));
	assert_non_null(before);
	assert_string_equal(before, json_string_value(J(it, "projected")));
	json_decref(it);
	it = item(db, run, "d|3");   /* collided: no span */
	assert_true(json_is_null(J(it, "target")));
	assert_true(json_is_null(J(it, "projected")));
	json_decref(it);
	/* the target words now follow the edit; the projected ones stay */
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit_at(db, run, &mod, -1, &e), 0);
	it = item(db, run, "d|1");
	assert_string_equal(json_string_value(J(it, "target")), "那辆红色");   /* 我 看见 了 那辆 红色 的 大车 。: tokens 3-5, no space between Chinese words */
	json_decref(it);
	/* search: key, English (any case), target words; wildcards are literal */
	char keys[8][16];
	assert_int_equal(found(db, run, "d|1", keys), 1);
	assert_string_equal(keys[0], "d|1");
	assert_int_equal(found(db, run, "RED CAR", keys), 1);
	assert_string_equal(keys[0], "d|1");
	assert_int_equal(found(db, run, "我", keys), 1);
	assert_string_equal(keys[0], "d|0");
	assert_int_equal(found(db, run, "%", keys), 0);
	assert_int_equal(found(db, run, "_", keys), 0);
	assert_int_equal(found(db, run, "d|", keys), 5);
	/* reading order: the document's mentions as they come */
	json_t *p;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 500, .reading = 1, .doc = "d"};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	assert_string_equal(json_string_value(J(p, "order")), "reading");
	size_t i;
	json_array_foreach(J(p, "items"), i, it) {
		char k[32];
		snprintf(k, sizeof k, "d|%zu", i);
		assert_string_equal(json_string_value(J(it, "key")), k);
		assert_int_equal(json_integer_value(J(it, "pos")), (json_int_t)i);
	}
	assert_int_equal(i, 5);
	json_decref(p);
	g.around = "d|3", g.offset = -1, g.limit = 2;
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	assert_int_equal(json_integer_value(J(p, "found")), 3);
	assert_int_equal(json_integer_value(J(p, "offset")), 2);
	json_decref(p);
	done(db);
}

/* markup and quotes in the data: planted in the first utterance's target
 * tokens (the English words come from the corpus, through the same code) */
static void plant(xp_aligned *al)
{
	for (size_t k = 0; k < al->n; k++)
		if (al->v[k].utt == 0 && al->v[k].nsrc && al->v[k].ntgt)
			al->v[k].tgt[0] = "</script><img src=x onerror=\"alert('I')\">\\我";
}

/* text from the data goes into the JSON as the same text, escaped by jansson */
static void text_is_text(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import_with(db, plant);
	json_t *it = item(db, run, "d|0");
	char *js = json_dumps(it, JSON_COMPACT);
	json_t *back = json_loads(js, 0, NULL);
	assert_non_null(back);
	assert_string_equal(json_string_value(J(back, "target")), "</script><img src=x onerror=\"alert('I')\">\\我");
	free(js);
	json_decref(back), json_decref(it);
	char keys[8][16];
	assert_int_equal(found(db, run, "onerror=\"alert", keys), 1);
	done(db);
}

/* every confidence feature has words; the reason names what pulls down */
static void reasons(void **state)
{
	(void)state;
	for (int f = 0; f < xp_nfeat(); f++)
		if (!xp_reason_phrase(xp_feat_names[f]))
			fail_msg("feature %s has no phrase", xp_feat_names[f]);
	char out[300];
	xp_reason_words("projected: P(wrong) 0.71, 2.3 fixes/min", "committee=0.00 (-1.03), ratio=1.74 (+0.40), seed_agree=0.20 (-0.50)",
			out, sizeof out);
	assert_string_equal(out, "where the aligner under other settings puts it; where the aligner with other seeds puts it");
	xp_reason_words("projected: P(wrong) 0.10, 0.5 fixes/min", "link_mean=0.90 (+1.20)", out, sizeof out);
	assert_string_equal(out, "nothing in particular: checked by its risk");
	xp_reason_words("unaligned: P(addition) 0.40, 1.0 fixes/min", "", out, sizeof out);
	assert_string_equal(out, "no span: a target mention may be missing");
	xp_reason_words("projected", "link_mean=0.1 (-2), link_mean=0.1 (-2), bogus=1 (-3), ((((", out, sizeof out);
	assert_string_equal(out, "the strength of its links");
	/* a state says what holds, whatever the pull: the Farsi sample's model
	 * lowers a mention whose line has the matching pronoun, and the reason
	 * said "no matching pronoun in the target line" of it */
	xp_reason_words("projected: P(wrong) 0.55, 3.2 fixes/min", "tgt_pronoun=1.00 (-0.64), committee=0.25 (-0.59)", out,
			sizeof out);
	assert_string_equal(out, "a matching pronoun is in the target line; where the aligner under other settings puts it");
	/* a measure is named, its value not told: whether a pull down means
	 * "few projected" depends on the fitted weight's sign, which Farsi's
	 * null model has the other way (cluster_proj +1.34): "few mentions of
	 * its entity were projected" was said of an entity with all projected */
	xp_reason_words("unaligned: P(addition) 0.40, 1.0 fixes/min", "cluster_proj=1.00 (-0.84), gap=0.00 (-0.08)", out, sizeof out);
	assert_string_equal(out, "how many mentions of its entity were projected; words of the span its links do not reach");
}

/* every feature in words both ways; the header's signs and the why in
 * words name no feature and no figure of the model's */
static void signs(void **state)
{
	(void)state;
	for (int f = 0; f < xp_nfeat(); f++)
		if (!xp_reason_phrase_up(xp_feat_names[f]))
			fail_msg("feature %s has no phrase for a pull up", xp_feat_names[f]);
	/* a pack's log-odds table says seldom or often by its value, and
	 * nothing of a word it has not seen (0) */
	json_t *s = xp_reason_signs("fa_last_word=-3.25 (-1.43), zh_end_lex=0.00 (-0.30), committee=0.25 (-0.59), free_words=0.00 (+0.54), "
				    "tgt_pronoun=1.00 (-0.64), bogus=1 (-3); agreeing class's level +0.40 on the log-odds: "
				    "confidence 0.50 -> 0.70");
	char *js = json_dumps(s, JSON_COMPACT);
	assert_string_equal(js, "[{\"words\":\"mentions seldom end on its last word\",\"lowers\":true},"
			    "{\"words\":\"where the aligner under other settings puts it\",\"lowers\":true},"
			    "{\"words\":\"the target line's unaligned words\",\"lowers\":false},"
			    "{\"words\":\"a matching pronoun is in the target line\",\"lowers\":true},"
			    "{\"words\":\"rated on corrected data for pronouns on an agreeing word: 0.50 \u2192 0.70\","
			    "\"lowers\":false}]");
	free(js);
	json_decref(s);
	s = xp_reason_signs("no model");
	assert_int_equal(json_array_size(s), 0);
	json_decref(s);
	char out[300];
	xp_triage_words("projected: P(wrong) 0.71, 2.3 fixes/min", out, sizeof out);
	assert_string_equal(out, "71% likely wrong, about 2.3 fixes a minute");
	xp_triage_words("alignment doubtful (time, order); unaligned: P(addition) 0.40, 1.0 fixes/min", out, sizeof out);
	assert_string_equal(out, "its line may be paired with the wrong subtitle lines (time, order); no span (unaligned): "
			    "40% likely a target mention is missing, about 1.0 fixes a minute");
	xp_triage_words("kept", out, sizeof out);
	assert_string_equal(out, "already kept");
}

/* the SQLite VM steps of one call (sqlite3_progress_handler every step) */
static int count_step(void *n)
{
	++*(long *)n;
	return 0;
}

static long page_steps(xp_db *db, int64_t run, const char *status)
{
	long n = 0;
	xp_err e;
	json_t *p;
	xp_queue_query g = {.status = status, .type = -1, .min_conf = -1, .max_conf = 2, .limit = 5, .offset = 0};
	sqlite3_progress_handler(db->h, 1, count_step, &n);
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	sqlite3_progress_handler(db->h, 0, NULL, NULL);
	assert_int_equal(json_array_size(J(p, "items")), 5);
	json_decref(p);
	return n;
}

/* A page reads its rows, not the store: with 20,000 mentions more in the
 * store (of no queue: rows added beside the run's), a page takes the
 * SQLite steps it took.  The page's list of re-paired mentions joined
 * tedits to mentions as the planner chose, which scanned every mention
 * of the store for each page (4.90 ms a page at 100k mentions, 0.92 ms at
 * 10k; here 20,000 more steps and then some). */
static void page_reads_its_rows(void **state)
{
	(void)state;
	xp_db *db = fresh();
	int64_t run = import(db);
	long before = page_steps(db, run, NULL), before_open = page_steps(db, run, "open");
	assert_int_equal(sqlite3_exec(db->h, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000)"
					     " INSERT INTO mentions(document, mention, cluster, utterance, start, end)"
					     " SELECT m.document, 1000000 + c.i, m.cluster, m.utterance, m.start, m.end"
					     " FROM c, (SELECT * FROM mentions ORDER BY id LIMIT 1) m", NULL, NULL, NULL),
			 SQLITE_OK);
	long after = page_steps(db, run, NULL), after_open = page_steps(db, run, "open");
	if (after > before + 1000 || after_open > before_open + 1000)
		fail_msg("a page took %ld SQLite steps (open: %ld) with 20,000 mentions more, %ld (%ld) before", after, after_open,
			 before, before_open);
	done(db);
}

/* A store made at schema 7 (what the previous xproj wrote), with a run and
 * a correction: opened now, it is migrated and its queue is the order the
 * previous server computed, with nothing else lost. */
static void migrate_from_7(void **state)
{
	(void)state;
	xp_db *db = fresh_at(7);
	xp_err e;
	int64_t run = import(db);
	xp_edit mod = {XP_MODIFY, "d|1", 0, 3, 5, "ann", NULL};
	assert_int_equal(xp_db_edit(db, run, &mod, &e), 0);
	xp_queue old;
	assert_int_equal(xp_db_queue(db, run, &old, &e), 0);   /* what the old server ranked, edit included */
	xp_db_close(db);
	assert_int_equal(xp_db_open_mode(path, XP_DB_READ, &db, &e), 0);
	assert_int_equal(xp_db_version(db), XP_DB_VERSION);
	json_t *p;
	xp_queue_query g = {.type = -1, .min_conf = -1, .max_conf = 2, .limit = 500};
	assert_int_equal(xp_db_queue_page(db, run, &g, &p, &e), 0);
	assert_int_equal(json_array_size(J(p, "items")), old.n);
	for (size_t i = 0; i < old.n; i++)
		assert_string_equal(json_string_value(J(json_array_get(J(p, "items"), i), "key")), old.v[i].t.key);
	json_t *it = item(db, run, "d|1");
	assert_string_equal(json_string_value(J(it, "status")), "edited");
	assert_string_equal(json_string_value(J(it, "target")), "那辆红色");
	json_decref(it);
	json_decref(p);
	xp_queue_free(&old);
	char *log;
	assert_int_equal(xp_db_log(db, &log, &e), 0);
	assert_non_null(strstr(log, "\"from\":7"));
	free(log);
	done(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pages_are_the_old_ones),
		cmocka_unit_test(text_search_reading),
		cmocka_unit_test(text_is_text),
		cmocka_unit_test(reasons),
		cmocka_unit_test(signs),
		cmocka_unit_test(migrate_from_7),
		cmocka_unit_test(done_follows_commits),
		cmocka_unit_test(statements_kept),
		cmocka_unit_test(page_reads_its_rows),
	};
	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
