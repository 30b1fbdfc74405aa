/*
 * correct/review.c — the store as a corrector works on it: runs, one mention
 * in its scene, versions, keep and note, edits and undo that do not
 * overwrite someone else's work, the triage queue and annotators' places in
 * it (see review.h).
 */
#include "review.h"
#include "store.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/vocab.h"
#include "../lang/lang.h"
#include "../model/mtype.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const xp_mtype_names[3] = {"pronoun", "name", "nominal"};

/* the checksum of a merge's batch begins so (xp_db_merge_at): an imported
 * file's is a hash and a size, never this */
#define MERGE_SUM "merge:"

/* --- small helpers ------------------------------------------------------------------- */

static json_t *col_text(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	return s ? xp_json_text(s) : json_null();
}

static json_t *col_int(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? json_null() : json_integer(sqlite3_column_int64(st, i));
}

/* a JSON array stored as text (tokens), [] if it is not one */
static json_t *col_array(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	json_t *a = s ? json_loads(s, 0, NULL) : NULL;
	if (!json_is_array(a)) {
		json_decref(a);
		a = json_array();
	}
	return a;
}

/* a JSON array stored as text, null when there is none (or it is not one) */
static json_t *col_json_array(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	json_t *a = s ? json_loads(s, 0, NULL) : NULL;
	if (!json_is_array(a)) {
		json_decref(a);
		return json_null();
	}
	return a;
}

static json_t *span(int projected, int64_t sent, int64_t start, int64_t end)
{
	return projected ? json_pack("[III]", (json_int_t)sent, (json_int_t)start, (json_int_t)end) : json_null();
}

static int oom(xp_err *err) { return xp_failc(err, XP_ENOMEM, "", 0, "out of memory"); }

/* after a call that answered nothing (xp_tadds_json's NULL): the
 * connection's error when a read failed (the statement's reset passed
 * its step's error on), else 0 (memory ran out).  Asked right after the
 * call: the next statement's step overwrites it */
static int read_failed(xp_db *db)
{
	int c = sqlite3_errcode(db->h);
	return c != SQLITE_OK && c != SQLITE_ROW && c != SQLITE_DONE ? c : 0;
}

/* mention key's `what` could not be read whole (a call answered nothing,
 * or said its read failed): the store's error, XP_EDB with SQLite's
 * words, when a step failed (read_failed), else memory */
static int read_refused(xp_db *db, const char *key, const char *what, xp_err *err)
{
	int why = read_failed(db);
	if (!why || (why & 0xff) == SQLITE_NOMEM)
		return oom(err);
	return xp_failc(err, XP_EDB, db->path, 0, "%s: reading %s: %s", key, what, sqlite3_errmsg(db->h));
}

static int cmp_key(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* What one answer of GET /api/mention holds of an entity, at most: a
 * cluster of 100,000 mentions on one line made that line's chain list
 * 10 MB, its members' keys 2 MB (sent back by a merge), and an entity
 * named by a mention of a million tokens a million words.  A line lists
 * SCENE_LINE_MAX of its chain's mentions (the one on screen always) and
 * counts the others ("mentions_more", "tgt_mentions_more"); the members are
 * listed up to SCENE_MEMBERS_MAX, and always hashed
 * (tgt_cluster_members_hash: a merge sends either back, xp_db_merge_at);
 * an entity's words are cut at SCENE_WORDS_MAX, "…" last (the longest
 * real ones, of mmc-tune's clause mentions, are 43: none is cut). */
enum { SCENE_LINE_MAX = 200, SCENE_MEMBERS_MAX = 1000, SCENE_WORDS_MAX = 64 };

/* mention m (the one on screen: self) onto line u's list `key`, within
 * SCENE_LINE_MAX; -1 when memory ran out (m NULL: its json_pack's), the
 * line then short of a mark, which the caller makes the request's error */
static int line_add(json_t *u, const char *key, json_t *m, int self)
{
	json_t *a = json_object_get(u, key);
	if (!m)
		return -1;
	if (json_array_size(a) < SCENE_LINE_MAX || self)
		return json_array_append_new(a, m);
	json_decref(m);
	char more[32];
	snprintf(more, sizeof more, "%s_more", key);
	json_t *c = json_object_get(u, more);
	return json_object_set_new(u, more, json_integer(c ? json_integer_value(c) + 1 : 1));
}

/* "#" and 16 hex digits: FNV-1a (64 bits) of the n keys, sorted (cmp_key),
 * each ended by a newline.  No mention key begins so (they hold "|", a
 * target-only mention's are "+N"). */
static void members_hash(const char *const *v, size_t n, char out[18])
{
	uint64_t h = 14695981039346656037ull;
	for (size_t i = 0; i < n; i++) {
		for (const unsigned char *p = (const unsigned char *)v[i]; *p; p++)
			h = (h ^ *p) * 1099511628211ull;
		h = (h ^ '\n') * 1099511628211ull;
	}
	snprintf(out, 18, "#%016llx", (unsigned long long)h);
}

/* words cut to SCENE_WORDS_MAX, "…" after them (w is taken) */
static json_t *words_cut(json_t *w)
{
	if (json_array_size(w) <= SCENE_WORDS_MAX)
		return w;
	json_t *c = json_array();
	for (size_t i = 0; i < SCENE_WORDS_MAX; i++)
		json_array_append(c, json_array_get(w, i));
	json_array_append_new(c, json_string("\xe2\x80\xa6"));
	json_decref(w);
	return c;
}

/* --- runs ------------------------------------------------------------------------------- */

static json_t *carry_counts(xp_db *db, int64_t run)
{
	sqlite3_stmt *st;
	json_t *o = NULL;
	if (sqlite3_prepare_v2(db->h, "SELECT max(from_run), sum(status = 'carried'), sum(status = 'agrees'),"
			       " sum(status = 'lost') FROM carries WHERE run = ?", -1, &st, NULL) != SQLITE_OK)
		return json_null();
	sqlite3_bind_int64(st, 1, run);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		o = json_pack("{s:I,s:I,s:I,s:I}", "from_run", (json_int_t)sqlite3_column_int64(st, 0), "carried",
			      (json_int_t)sqlite3_column_int64(st, 1), "agrees", (json_int_t)sqlite3_column_int64(st, 2),
			      "lost", (json_int_t)sqlite3_column_int64(st, 3));
	sqlite3_finalize(st);
	return o ? o : json_null();
}

/* Which runs a later run of the same language supersedes (a rerun: `db
 * export`, `db stats` and the workbench act on the newest), and what was done
 * in each after that rerun's import, which the rerun did not carry over: an
 * edit made on a page left open across a rerun lands there and no export
 * shows it unless --run names the old run.  "After" is by the clock, to the
 * second, and strictly (corrections and reviews keep no other time shared
 * with runs): one made in the very second of the import is not counted,
 * since the import may have carried it. */
static int supersede(xp_db *db, json_t *a)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "SELECT (SELECT count(*) FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
			       " WHERE c.run = ?1 AND " XP_SQL_EDIT_C " AND c.created > ?2)"
			       " + (SELECT count(*) FROM reviews WHERE run = ?1 AND undone = 0 AND created > ?2)"
			       /* and the workbench's target edits (realign, target-only
				* mentions): a page left open across a rerun wrote them
				* there, as its corrections, and no export shows them */
			       " + (SELECT count(*) FROM tedits WHERE run = ?1 AND undone = 0 AND created > ?2)",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	/* a later run supersedes one of its documents: the shards of a
	 * workflow merged into one store (one episode each, one language)
	 * were each "superseded by" the next, told to redo their work on a
	 * run without their documents, the workbench's banner sending its
	 * corrector there; a run of no document, by any of its language */
	sqlite3_stmt *sh;
	if (sqlite3_prepare_v2(db->h, "SELECT NOT EXISTS (SELECT 1 FROM documents WHERE run = ?1) OR EXISTS (SELECT 1"
			       " FROM documents a JOIN documents b ON b.doc = a.doc AND b.part = a.part WHERE a.run = ?1"
			       " AND b.run = ?2)", -1, &sh, NULL) != SQLITE_OK) {
		sqlite3_finalize(st);
		return -1;
	}
	size_t n = json_array_size(a);
	/* each run's tag in its one spelling, once: spelling walks ICU's
	 * lists for a code no pack has (123 us), and a pair at a time this
	 * ran n^2 times on every workbench request (xp_db_runs); "" for a run
	 * of no language, which no run supersedes */
	typedef char tag_t[64];
	tag_t *tag = calloc(n ? n : 1, sizeof *tag);
	if (!tag) {
		sqlite3_finalize(st);
		sqlite3_finalize(sh);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *l = json_string_value(json_object_get(json_array_get(a, i), "lang"));
		if (l && xp_lang_tag(l, tag[i], sizeof tag[i]))
			snprintf(tag[i], sizeof tag[i], "%s", l);
	}
	for (size_t i = 0; i < n; i++) {
		json_t *r = json_array_get(a, i), *by = NULL;
		for (size_t j = n; j-- > i + 1 && !by;) {
			if (!tag[i][0] || strcmp(tag[i], tag[j]))
				continue;
			sqlite3_reset(sh);
			sqlite3_bind_int64(sh, 1, (int64_t)json_integer_value(json_object_get(r, "run")));
			sqlite3_bind_int64(sh, 2, (int64_t)json_integer_value(json_object_get(json_array_get(a, j), "run")));
			if (sqlite3_step(sh) == SQLITE_ROW && sqlite3_column_int(sh, 0))
				by = json_array_get(a, j);
		}
		json_object_set_new(r, "latest", json_boolean(!by));
		json_object_set_new(r, "superseded_by", by ? json_incref(json_object_get(by, "run")) : json_null());
		int64_t after = 0;
		if (by) {
			sqlite3_reset(st);
			sqlite3_bind_int64(st, 1, (int64_t)json_integer_value(json_object_get(r, "run")));
			sqlite3_bind_text(st, 2, json_string_value(json_object_get(by, "created")), -1, SQLITE_TRANSIENT);
			after = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
		}
		json_object_set_new(r, "after_rerun", json_integer(after));
	}
	free(tag);
	sqlite3_finalize(st);
	sqlite3_finalize(sh);
	return 0;
}

int xp_db_runs(xp_db *db, json_t **out, xp_err *err)
{
	sqlite3_stmt *st;
	/* the run's own counts were written by its import (schema 7; counted
	 * here only if that row is missing, which `db check` reports); what
	 * people did is counted now, through the indexes on run; the run id
	 * (schema 12; a store opened at an older version for a test has none);
	 * the language in its one spelling (SQL xp_lang_tag): a store written
	 * before tags had one may hold a line's runs as ab-cd and ab_CD, which
	 * db runs, stats and the workbench showed as two */
#define RUNS_SQL(uid)                                                                                          \
	"SELECT runs.id, xp_lang_tag(runs.lang), runs.created, runs.files, coalesce(k.documents, " XP_RUN_DOCUMENTS "),"        \
	" coalesce(k.mentions, " XP_RUN_MENTIONS "), coalesce(k.projected, " XP_RUN_PROJECTED "),"                 \
	" (SELECT count(*) FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.run = runs.id"          \
	"  AND " XP_SQL_EDIT_C "), (SELECT count(*) FROM reviews v WHERE v.run = runs.id AND v.undone = 0), " uid          \
	", runs.settings FROM runs LEFT JOIN run_counts k ON k.run = runs.id ORDER BY runs.id"
	int rc = xp_sql_prepare(db, db->version >= 12 ? RUNS_SQL("runs.uid") : RUNS_SQL("NULL"), &st, err);
#undef RUNS_SQL
	if (rc)
		return -1;
	json_t *a = json_array();
	while (a && sqlite3_step(st) == SQLITE_ROW) {
		const char *f = xp_sql_text(st, 3);
		json_t *files = f ? json_loads(f, 0, NULL) : NULL;   /* the files' names, as JSON */
		json_t *r = json_pack("{s:I,s:o,s:o,s:o,s:o,s:I,s:I,s:I,s:I,s:I,s:o}", "run",
				      (json_int_t)sqlite3_column_int64(st, 0), "lang", col_text(st, 1), "created",
				      col_text(st, 2), "uid", col_text(st, 9), "files", files ? files : json_null(), "documents",
				      (json_int_t)sqlite3_column_int64(st, 4), "mentions", (json_int_t)sqlite3_column_int64(st, 5),
				      "projected", (json_int_t)sqlite3_column_int64(st, 6), "corrections",
				      (json_int_t)sqlite3_column_int64(st, 7), "reviews", (json_int_t)sqlite3_column_int64(st, 8),
				      "carry", carry_counts(db, sqlite3_column_int64(st, 0)));
		/* what decided its spans (the report's settings) */
		const char *set = xp_sql_text(st, 10);
		json_t *sj = set ? json_loads(set, 0, NULL) : NULL;
		if (r)
			json_object_set_new(r, "settings", sj ? sj : json_null());
		else
			json_decref(sj);
		if (!r || json_array_append_new(a, r)) {
			json_decref(a);
			a = NULL;
		}
	}
	sqlite3_finalize(st);
	if (a && supersede(db, a))
		json_decref(a), a = NULL;
	return (*out = a) ? 0 : oom(err);
}

int xp_db_has_run(xp_db *db, int64_t run)
{
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT 1 FROM runs WHERE id = ?", &st, NULL))
		return 0;
	sqlite3_bind_int64(st, 1, run);
	int found = sqlite3_step(st) == SQLITE_ROW;
	xp_sql_release(db, st);
	return found;
}

/* {key: count} from rows (key, count) */
static json_t *counts(xp_db *db, const char *sql, int64_t run)
{
	sqlite3_stmt *st;
	json_t *o = json_object();
	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
		return o;
	sqlite3_bind_int64(st, 1, run);
	while (o && sqlite3_step(st) == SQLITE_ROW)
		json_object_set_new(o, sqlite3_column_text(st, 0) ? (const char *)sqlite3_column_text(st, 0) : "",
				    json_integer(sqlite3_column_int64(st, 1)));
	sqlite3_finalize(st);
	return o;
}

int xp_db_overview(xp_db *db, int64_t run, json_t **out, xp_err *err)
{
	json_t *o = json_object(), *rv = json_object();
	sqlite3_stmt *st;
	if (!o || !rv || xp_sql_prepare(db, "SELECT coalesce(annotator, ''), kind, count(*) FROM reviews WHERE run = ?"
				       " AND undone = 0 GROUP BY 1, 2", &st, err)) {
		json_decref(o), json_decref(rv);
		return -1;
	}
	sqlite3_bind_int64(st, 1, run);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *who = xp_sql_text(st, 0);
		json_t *g = json_object_get(rv, who);
		if (!g)
			json_object_set_new(rv, who, g = json_pack("{s:i,s:i}", "keep", 0, "note", 0));
		json_object_set_new(g, xp_sql_text(st, 1), json_integer(sqlite3_column_int64(st, 2)));
	}
	sqlite3_finalize(st);
	json_object_set_new(o, "fates", counts(db, "SELECT fate, mentions FROM run_fates WHERE run = ?"
					   " ORDER BY 2 DESC, 1", run));
	json_object_set_new(o, "reviews_by_annotator", rv);
	json_object_set_new(o, "edits_by_day", counts(db, "SELECT substr(c.created, 1, 10), count(*) FROM corrections c"
						  " LEFT JOIN batches b ON b.id = c.batch WHERE c.run = ? AND " XP_SQL_EDIT_C
						  " GROUP BY 1 ORDER BY 1", run));
	*out = o;
	return 0;
}

/* A lost row of a mention of the earlier run that no mention of this run
 * is ("DOC|ID (run N)", store.h): that mention's key ("was"), its English
 * words ("en") and the mention of run on the same English line nearest its
 * span ("at", null when the line has none), where a corrector redoes what
 * was lost; set on o. */
static int lost_from(xp_db *db, int64_t run, int64_t from_run, const char *was, json_t *o)
{
	int64_t row = xp_mention_row(db, from_run, was);
	if (row == -2)
		return -1;
	json_t *en = json_null(), *at = json_null();
	sqlite3_stmt *st;
	int rc = 0;
	if (row >= 0) {
		if (xp_sql_cached(db, "SELECT u.src, m.start, m.end FROM mentions m JOIN utterances u ON u.id = m.utterance"
				  " WHERE m.id = ?", &st, NULL))
			return -1;
		sqlite3_bind_int64(st, 1, row);
		int step = sqlite3_step(st);
		if (step == SQLITE_ROW) {
			json_t *src = col_array(st, 0);
			xp_buf b = {0};
			for (int64_t i = sqlite3_column_int64(st, 1); i < sqlite3_column_int64(st, 2); i++)
				if (json_is_string(json_array_get(src, (size_t)i)))
					xp_buf_printf(&b, "%s%s", b.n ? " " : "", json_string_value(json_array_get(src, (size_t)i)));
			en = b.oom ? NULL : xp_json_text(b.p ? b.p : "");
			xp_buf_free(&b);
			json_decref(src);
			if (!en)
				rc = -1;
		}
		if (step != SQLITE_ROW && step != SQLITE_DONE)
			rc = -1;
		xp_sql_release(db, st);
		/* the mention of the same document, part and English line that
		 * overlaps the span most (or is nearest it), then the first */
		if (rc == 0 && xp_sql_cached(db, "SELECT d2.doc, " XP_SQL_KEY_PART("d2") ", m2.mention FROM mentions m"
					     " JOIN utterances u ON u.id = m.utterance JOIN documents d ON d.id = m.document"
					     " JOIN documents d2 ON d2.run = ?2 AND d2.doc = d.doc AND d2.part = d.part"
					     " JOIN utterances u2 ON u2.document = d2.id AND u2.en_idx = u.en_idx"
					     " JOIN mentions m2 ON m2.utterance = u2.id WHERE m.id = ?1"
					     " ORDER BY min(m2.end, m.end) - max(m2.start, m.start) DESC, m2.mention LIMIT 1",
					     &st, NULL))
			rc = -1;
		if (rc == 0) {
			sqlite3_bind_int64(st, 1, row);
			sqlite3_bind_int64(st, 2, run);
			step = sqlite3_step(st);
			if (step == SQLITE_ROW) {
				char key[600];
				xp_mention_key(key, sizeof key, xp_sql_text(st, 0), sqlite3_column_int64(st, 1),
					       sqlite3_column_int64(st, 2));
				at = xp_json_text(key);
			}
			rc = step == SQLITE_ROW || step == SQLITE_DONE ? 0 : -1;
			xp_sql_release(db, st);
		}
	}
	if (json_object_set_new(o, "was", xp_json_text(was)) | json_object_set_new(o, "en", en ? en : json_null()) |
	    json_object_set_new(o, "at", at ? at : json_null()))
		rc = -1;
	return rc;
}

int xp_db_carried(xp_db *db, int64_t run, const char *status, json_t **out, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT mention_key, status, why, from_run FROM carries WHERE run = ?"
			   " AND (?2 IS NULL OR status = ?2) ORDER BY id", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	if (status)
		sqlite3_bind_text(st, 2, status, -1, SQLITE_STATIC);
	json_t *a = json_array();
	int failed = 0, step;
	while (a && !failed && (step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t from = sqlite3_column_int64(st, 3);
		json_t *o = json_pack("{s:o,s:o,s:o,s:o,s:I}", "key", col_text(st, 0), "said", xp_carry_said(xp_sql_text(st, 0)),
				      "status", col_text(st, 1), "why", col_text(st, 2), "from_run", (json_int_t)from);
		char was[600];
		if (!o || json_array_append_new(a, o))
			failed = 1;
		else if (!strcmp(xp_sql_text(st, 1), "lost") && xp_carry_old_key(xp_sql_text(st, 0), from, was, sizeof was) &&
			 lost_from(db, run, from, was, o))
			failed = 2;
	}
	if (a && !failed && step != SQLITE_DONE)
		failed = 2;
	int rc = !a || failed == 1 ? oom(err) : failed ? xp_sql_fail(db, err, "what a rerun carried") : 0;
	sqlite3_finalize(st);
	if (rc)
		json_decref(a), a = NULL;
	*out = a;
	return rc;
}

/* --- versions ----------------------------------------------------------------------------- */

/* Each action adds a row and each undo sets a flag that is never cleared,
 * so rows + flags only grows: a version needs no column of its own and
 * cannot disagree with what it counts. */
static int64_t version_of(xp_db *db, int64_t row)
{
	sqlite3_stmt *st;
	int64_t v = -1;
#define VERSION9 "SELECT (SELECT count(*) + coalesce(sum(c.undone), 0) + coalesce(sum(b.undone), 0)" \
	" FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.mention = ?1)" \
	" + (SELECT count(*) + coalesce(sum(undone), 0) FROM reviews WHERE mention = ?1)" \
	/* the target side's actions on its utterance, or made from it (correct/tedit.c) */ \
	" + (SELECT count(*) + coalesce(sum(undone), 0) FROM tedits WHERE mention = ?1 OR" \
	" (kind = 'realign' AND utterance = (SELECT utterance FROM mentions WHERE id = ?1)))"
	if (xp_sql_cached(db, db->version >= 14 ? VERSION9
			       /* a target-only mention relinked from it (schema 14) */
			       " + (SELECT count(*) + coalesce(sum(b.undone), 0) FROM tmoves x JOIN batches b ON b.id = x.batch"
			       " WHERE x.mention = ?1)"
			       : db->version >= 9 ? VERSION9
			       : "SELECT (SELECT count(*) + coalesce(sum(c.undone), 0) + coalesce(sum(b.undone), 0)"
			       " FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.mention = ?1)"
			       " + (SELECT count(*) + coalesce(sum(undone), 0) FROM reviews WHERE mention = ?1)", &st, NULL))
		return -1;
	sqlite3_bind_int64(st, 1, row);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	xp_sql_release(db, st);
	return v;
}

int64_t xp_db_mention_version(xp_db *db, int64_t run, const char *key)
{
	int64_t row = xp_mention_row(db, run, key);
	return row < 0 ? -1 : version_of(db, row);
}

/* --- one mention ------------------------------------------------------------------------------ */

static xp_mtype type_of(json_t *tokens, int64_t start, int64_t end)
{
	if (end - start == 1 && xp_mtype_is_pronoun(&xp_mtype_en, json_string_value(json_array_get(tokens, (size_t)start))))
		return XP_MT_PRONOUN;
	for (int64_t i = start; i < end; i++) {
		const char *w = json_string_value(json_array_get(tokens, (size_t)i));
		if (!w || !isupper((unsigned char)w[0]))
			return XP_MT_NOMINAL;
	}
	return end > start ? XP_MT_NAME : XP_MT_NOMINAL;
}

xp_mtype xp_span_type(json_t *tokens, int64_t start, int64_t end) { return type_of(tokens, start, end); }

/* The newest LIMIT actions are listed (a mention fought over for hours
 * would otherwise make every reply longer); *total counts them all. */
#define ACTIONS_LIMIT 50

static json_t *tadd_words_json(xp_db *db, int64_t tid);

/* NULL when memory ran out or a read failed (err says which, for mention
 * key): a list cut short would show a history without its later actions,
 * and an edited mention as open */
static json_t *actions(xp_db *db, int64_t row, const char *key, int *edited, int *kept, size_t *total, xp_err *err)
{
	sqlite3_stmt *st;
	json_t *a = json_array();
	*edited = *kept = 0;
	*total = 0;
	/* corrections, reviews and the target side's actions oldest first, in
	 * the order xp_db_undo_mine takes them back newest first (newest_mine:
	 * the correction made before, then the review made before, then the
	 * target action made before, then the kind and the row): the list's
	 * last live action of an annotator is the one u undoes.  Ordered by
	 * the correction made before and then by kind, a keep made after a
	 * realign with no correction between was listed before it: the history
	 * showed the realign as the newest, at the same second, while u took
	 * back the keep.  k1..k5 are newest_mine's columns 4, 6, 7, 1 and 2. */
#define ACTS "SELECT c.op, c.sent, c.new_start, c.new_end, c.annotator, c.note, c.created," \
	" c.undone OR coalesce(b.undone, 0), c.status, c.why, c.carried_from IS NOT NULL, b.name," \
	" c.id AS k1, -1.0 AS k2, 0.0 AS k3, c.cluster, NULL, 0 AS k4, c.id AS k5" \
	" FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.mention = ?1 UNION ALL" \
	" SELECT kind, NULL, NULL, NULL, annotator, note, created, undone, 'ok', NULL," \
	" carried_from IS NOT NULL, NULL, after, id, 0.0, NULL, NULL, 1, id FROM reviews WHERE mention = ?1"
	/* and the target side's actions made from it or on its utterance
	 * (correct/tedit.c), after the review made before them (after_review,
	 * schema 10; before it, after the reviews) */
#define TACTS(ar) ACTS " UNION ALL SELECT kind, NULL, start, end, annotator, note," \
	" created, undone, 'ok', NULL, carried_from IS NOT NULL, NULL, after, " ar ", id, cluster," \
	" CASE WHEN kind = 'tadd' THEN id END, 2, id FROM tedits" \
	" WHERE mention = ?1 OR (kind = 'realign' AND utterance = (SELECT utterance FROM mentions" \
	" WHERE id = ?1))"
#define AR10 "coalesce(after_review + 0.5, 1e18)"
	/* and a target-only mention relinked from it (schema 14), its batch
	 * naming it ("relink +N into cluster C") */
	/* (with its note from schema 16: before, the history line alone had it) */
#define TMOVE_ACTS(note) TACTS(AR10) " UNION ALL SELECT 'relink', NULL, NULL, NULL, b.annotator, " note "," \
	" b.created, b.undone, 'ok', NULL, 0, b.name, x.after, x.after_review + 0.5, x.after_tedit + 0.5, x.cluster," \
	" x.tedit, 4, b.id FROM tmoves x JOIN batches b ON b.id = x.batch WHERE x.mention = ?1"
#define ACTS_ORDER " ORDER BY k1, k2, k3, k4, k5"
	if (xp_sql_cached(db, db->version >= 16 ? TMOVE_ACTS("x.note") ACTS_ORDER
			       : db->version >= 14 ? TMOVE_ACTS("NULL") ACTS_ORDER
			       : db->version >= 10 ? TACTS(AR10) ACTS_ORDER
			       : db->version >= 9 ? TACTS("1e18") ACTS_ORDER : ACTS ACTS_ORDER, &st, NULL)) {
		read_refused(db, key, "its actions", err);
		json_decref(a);
		return NULL;
	}
	sqlite3_bind_int64(st, 1, row);
	*total = 0;
	int step = SQLITE_DONE, failed = !a;
	while (!failed && (step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *kind = xp_sql_text(st, 0), *status = xp_sql_text(st, 8);
		int undone = sqlite3_column_int(st, 7);
		int is_edit = !strcmp(kind, "add") || !strcmp(kind, "delete") || !strcmp(kind, "modify");
		if (!undone && !strcmp(status, "ok")) {
			*edited |= is_edit;
			*kept |= !strcmp(kind, "keep");
		}
		if (++*total > ACTIONS_LIMIT)
			json_array_remove(a, 0);
		json_t *x = json_pack("{s:o,s:o,s:o,s:o,s:o,s:b,s:o,s:o,s:b,s:o}", "kind", xp_json_text(kind), "span",
				      is_edit && sqlite3_column_type(st, 1) != SQLITE_NULL
					      ? span(1, sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
						     sqlite3_column_int64(st, 3))
					      : json_null(),
				      "annotator", col_text(st, 4), "note", col_text(st, 5), "created", col_text(st, 6),
				      "undone", undone, "status", col_text(st, 8), "why", col_text(st, 9), "carried",
				      sqlite3_column_int(st, 10), "batch", col_text(st, 11));
		/* the cluster an edit put the mention in (a relink), if it named one */
		if (x && (is_edit || !strcmp(kind, "tadd") || !strcmp(kind, "relink")))
			json_object_set_new(x, "cluster", col_int(st, 15));
		/* which target-only mention a tadd made or a move took (relink,
		 * delete), and its words: the page names it so, not by the
		 * batch's "relink +3 into cluster 5" */
		if (x && sqlite3_column_type(st, 16) != SQLITE_NULL) {
			json_object_set_new(x, "tid", json_integer((json_int_t)sqlite3_column_int64(st, 16)));
			json_object_set_new(x, "words", tadd_words_json(db, sqlite3_column_int64(st, 16)));
			if (read_failed(db))   /* (words unread are not words unknown) */
				failed = read_refused(db, key, "its actions", err);
		}
		if (json_array_append_new(a, x) && !failed)
			failed = oom(err);
	}
	if (failed == 0 && step != SQLITE_DONE)
		failed = read_refused(db, key, "its actions", err);
	else if (!a)
		oom(err);
	xp_sql_release(db, st);
	if (failed) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/* what carrying the run's corrections did to mention key (null: none
 * was carried to it); NULL when the read failed or memory ran out (err
 * says which): none would say that no correction was carried */
static json_t *carry_of(xp_db *db, int64_t run, const char *key, xp_err *err)
{
	sqlite3_stmt *st;
	json_t *o = NULL;
	if (db->version < 3)   /* (no carries before schema 3) */
		return json_null();
	if (sqlite3_prepare_v2(db->h, "SELECT status, why, from_run FROM carries WHERE run = ? AND mention_key = ?"
			       " ORDER BY id DESC LIMIT 1", -1, &st, NULL) != SQLITE_OK) {
		read_refused(db, key, "what was carried to it", err);
		return NULL;
	}
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	int step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		o = json_pack("{s:o,s:o,s:I}", "status", col_text(st, 0), "why", col_text(st, 1), "from_run",
			      (json_int_t)sqlite3_column_int64(st, 2));
		if (!o)
			oom(err);
	} else if (step == SQLITE_DONE) {
		o = json_null();
	} else {
		read_refused(db, key, "what was carried to it", err);
	}
	sqlite3_finalize(st);
	return o;
}

/* a scene line by a number of its: its English index, or its target
 * sentence (several English lines may share one) */
typedef struct {
	int64_t at;
	json_t *u;
} line_at;

/* the scene's lines by one of their numbers, sorted by it */
typedef struct {
	line_at *p;
	size_t n, cap;
} lines_at;

static int line_at_cmp(const void *a, const void *b)
{
	int64_t x = ((const line_at *)a)->at, y = ((const line_at *)b)->at;
	return x < y ? -1 : x > y;
}

static int lines_add(lines_at *l, int64_t at, json_t *u)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		line_at *p = realloc(l->p, cap * sizeof *p);
		if (!p)
			return -1;
		l->p = p, l->cap = cap;
	}
	l->p[l->n++] = (line_at){at, u};
	return 0;
}

/* the first of the lines whose number is at, or l->n */
static size_t lines_first(const lines_at *l, int64_t at)
{
	size_t a = 0, z = l->n;
	while (a < z) {
		size_t m = a + (z - a) / 2;
		if (l->p[m].at < at)
			a = m + 1;
		else
			z = m;
	}
	return a;
}

/* What names an entity on one side, the words an annotator recognises:
 * a candidate's rank is, in order, (1) whether no edit touched it (a
 * mention relinked in by mistake does not rename its entity), (2) its
 * kind: a name, then any other noun phrase, then a pronoun ("You · 里奥"
 * named Leo's entity by his longest mention, a pronoun, where dialogue
 * has many), (3) how often the entity's mentions say those words, (4)
 * their length, then the first in reading order.  The kind is the
 * English mention's type (model/mtype.h); a target span is a pronoun by
 * its pack's lists (lang/lang.h xp_lang_mtype), else takes the kind of
 * the English mention it projects (a target-only mention: a noun phrase).
 * One rule for both sides and every language: no word list here. */
enum { NAME_PRONOUN, NAME_OTHER, NAME_NAME, NAME_KINDS };

typedef struct {
	int64_t tier, count, len;   /* (1) and (2) as one number; (3); (4) */
	json_t *words;              /* the winner's words, NULL: none yet */
	json_t *said;               /* its count in the document's (borrowed) */
} ent_name;

/* an entity of the document as the scene reads it: how many mentions,
 * the lines to its nearest, and what names it in English and in the
 * target (ent_name) */
typedef struct {
	int64_t cluster, n, near;
	ent_name en, tgt;
	int64_t nth;   /* its number among the entities of the same name (same_name), 0: its name is its own */
} ent_at;

typedef struct {
	ent_at *p;
	size_t n, cap;
} ents_at;

static ent_at *ents_add(ents_at *v, int64_t cluster, int64_t near)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 64;
		ent_at *p = realloc(v->p, cap * sizeof *p);
		if (!p)
			return NULL;
		v->p = p, v->cap = cap;
	}
	ent_at *e = &v->p[v->n++];
	*e = (ent_at){.cluster = cluster, .near = near, .en.tier = -1, .tgt.tier = -1};
	return e;
}

static void ents_free(ents_at *v)
{
	for (size_t i = 0; i < v->n; i++)
		json_decref(v->p[i].en.words), json_decref(v->p[i].tgt.words);
	free(v->p);
}

/* Entities of one name told apart: a split leaves the old entity and the
 * new one named alike ("the car · 车" twice in a menu, told apart only by
 * their counts), and a long document has many "he"s that are no one's
 * name.  Each entity whose English words another's are too gets its
 * number among them, in the order the document first
 * mentions them (the order the scene meets them): the page writes "the
 * car (2)".  Pass 0 counts the names in `same`, pass 1 numbers; 0, or -1
 * out of memory. */
static int same_name(json_t *same, ent_at *x, int pass)
{
	xp_buf k = {0};
	/* by its English words (a split's new entity has the moved mention's
	 * English and no target words of its own: "the car" beside "the car ·
	 * 车里"), by its target words when it has no English (target-only) */
	json_t *w, *ws = json_array_size(x->en.words) ? x->en.words : x->tgt.words;
	size_t i;
	xp_buf_putc(&k, ws == x->en.words ? 'e' : 't');
	json_array_foreach(ws, i, w) {
		xp_buf_putc(&k, ' ');
		xp_buf_puts(&k, json_string_value(w) ? json_string_value(w) : "");
	}
	xp_buf_putc(&k, 0);
	int rc = k.oom ? -1 : 0;
	json_t *n = rc ? NULL : json_object_get(same, k.p);
	if (rc == 0 && pass == 0)
		rc = n ? json_integer_set(n, json_integer_value(n) + 1) : json_object_set_new(same, k.p, json_integer(1));
	else if (rc == 0 && n && (json_integer_value(n) > 1 || json_integer_value(n) < 0)) {
		/* the count (2 or more) becomes -1, -2, ...: how many were numbered */
		x->nth = json_integer_value(n) > 0 ? 1 : 1 - json_integer_value(n);
		rc = json_integer_set(n, -x->nth);
	}
	xp_buf_free(&k);
	return rc;
}

/* the kind of tokens [s, e) of a line (NAME_*) by lists l: the span is
 * made a line of its own for model/mtype.h; a span too long for that is
 * no name and no pronoun.  Kept in `seen` by the words (a document says
 * "I" and "you" hundreds of times: the lists' walk was a sixth of a read) */
static int span_kind(const xp_mtype_words *l, json_t *seen, json_t *toks, int64_t s, int64_t e)
{
	char text[1024];
	xp_tok tk[64];
	size_t len = 0;
	uint32_t n = 0;
	if (s < 0 || e <= s || e - s > (int64_t)(sizeof tk / sizeof *tk) || e > (int64_t)json_array_size(toks))
		return NAME_OTHER;
	/* a clitic alone (English "let's": "'s", us) is said for a pronoun */
	const char *w0 = json_string_value(json_array_get(toks, (size_t)s));
	if (e - s == 1 && w0 && (w0[0] == '\'' || !strncmp(w0, "\u2019", 3)))
		return NAME_PRONOUN;
	for (int64_t k = s; k < e; k++, n++) {
		const char *w = json_string_value(json_array_get(toks, (size_t)k));
		size_t wl = w ? strlen(w) : 0;
		if (len + wl + 2 > sizeof text)
			return NAME_OTHER;
		tk[n] = (xp_tok){.off = (uint32_t)len, .len = (uint32_t)wl};
		memcpy(text + len, w ? w : "", wl);
		len += wl;
		text[len++] = ' ';
	}
	text[len ? len - 1 : 0] = '\0';
	json_t *k = json_object_get(seen, text);
	if (k)
		return (int)json_integer_value(k);
	xp_utt u = {.speaker = "", .text = text, .toks = tk, .ntoks = n};
	xp_mtype t = xp_mention_type(l, &u, 0, n);
	int kind = t == XP_MT_PRONOUN ? NAME_PRONOUN : t == XP_MT_NAME ? NAME_NAME : NAME_OTHER;
	json_object_set_new(seen, text, json_integer(kind));   /* a failure only costs the walk again */
	return kind;
}

/* tokens [s, e) of a line, a candidate to name entity x on side `side`
 * ('e' English, 't' target) with kind `kind`, untouched or not, counted
 * in `said` (the document's: "cluster side tier words" -> how often);
 * 0, -1 out of memory */
static int name_offer(ent_at *x, json_t *said, int side, json_t *toks, int64_t s, int64_t e, int kind, int untouched)
{
	if (s < 0 || e <= s || e > (int64_t)json_array_size(toks))
		return 0;
	ent_name *nm = side == 'e' ? &x->en : &x->tgt;
	int64_t tier = (untouched ? NAME_KINDS : 0) + kind;
	/* the words said, ASCII case folded ("He" and "he" are one), under
	 * the side and tier: a touched "Leo" does not count for an untouched */
	char key[512];
	/* "cluster side tier": written by hand, snprintf was a tenth of a read */
	size_t at = 0;
	char num[24];
	size_t nd = 0;
	uint64_t c = x->cluster < 0 ? (uint64_t)0 - (uint64_t)x->cluster : (uint64_t)x->cluster;
	do
		num[nd++] = (char)('0' + c % 10);
	while ((c /= 10) && nd < sizeof num);
	if (x->cluster < 0)
		key[at++] = '-';
	while (nd)
		key[at++] = num[--nd];
	key[at++] = ' ', key[at++] = (char)side, key[at++] = (char)('0' + tier);
	for (int64_t k = s; k < e; k++) {
		const char *w = json_string_value(json_array_get(toks, (size_t)k));
		size_t wl = w ? strlen(w) : 0;
		if (at + wl + 2 > sizeof key)   /* words that long are one key: their first 500 bytes */
			break;
		key[at++] = ' ';
		for (size_t i = 0; i < wl; i++)
			key[at++] = (char)tolower((unsigned char)w[i]);
	}
	key[at] = '\0';
	json_t *n = json_object_get(said, key);
	json_int_t count = n ? json_integer_value(n) + 1 : 1;
	if (n ? json_integer_set(n, count) : json_object_set_new(said, key, json_integer(count)))
		return -1;
	if (n && n == nm->said) {   /* the winner's words again: said once more */
		nm->count = count;
		return 0;
	}
	if (tier < nm->tier || (tier == nm->tier && (count < nm->count || (count == nm->count && e - s <= nm->len))))
		return 0;
	json_t *words = json_array();
	for (int64_t k = s; words && k < e; k++)
		if (json_array_append(words, json_array_get(toks, (size_t)k)))
			json_decref(words), words = NULL;
	if (!words)
		return -1;
	json_decref(nm->words);
	*nm = (ent_name){.tier = tier, .count = count, .len = e - s, .words = words, .said = n ? n : json_object_get(said, key)};
	return 0;
}

/* A read of the scene's rows that ended in an error (a step answering
 * neither SQLITE_ROW nor SQLITE_DONE): its kind, the first one's, and
 * SQLite's words for it, kept as they came (the statements run after it
 * overwrite the connection's message).  Short of memory inside SQLite it
 * is XP_ENOMEM, any other failure (I/O, a damaged file, an interrupt) the
 * store's, XP_EDB with SQLite's message: both refused it as "out of
 * memory". */
typedef struct scene_fail {
	int step;   /* SQLITE_OK: none */
	char msg[200];
} scene_fail;

static void scene_failed(xp_db *db, scene_fail *f, int step)
{
	if (f->step != SQLITE_OK)
		return;
	f->step = step;
	snprintf(f->msg, sizeof f->msg, "%s", sqlite3_errmsg(db->h));
}

/* after a call that answered nothing (-1): the scene is refused when a
 * read of it failed (read_failed), as its own step's failure is; a call
 * that found nothing is no error */
static void scene_unread(xp_db *db, scene_fail *f, int *oom)
{
	int why = read_failed(db);
	if (why)
		scene_failed(db, f, why), *oom = 1;
}

/* the target tokens of line `utt` of document doc as they are now (a
 * re-paired line's new ones): from the scene's lines when it is one of
 * them, else read; NULL when there is none, or its read failed (said in f) */
static json_t *tadd_tokens(xp_db *db, int64_t doc, int64_t utt, const lines_at *by_utt, scene_fail *f)
{
	size_t i = lines_first(by_utt, utt);
	if (i < by_utt->n && by_utt->p[i].at == utt)
		return json_incref(json_object_get(by_utt->p[i].u, "tgt_tokens"));
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt) FROM utterances u"
			  " WHERE u.document = ? AND u.en_idx = ?", &st, NULL))
		return NULL;
	sqlite3_bind_int64(st, 1, doc);
	sqlite3_bind_int64(st, 2, utt);
	int step = sqlite3_step(st);
	json_t *a = step == SQLITE_ROW ? col_array(st, 0) : NULL;
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		scene_failed(db, f, step);
	xp_sql_release(db, st);
	return a;
}

/* utterance id's English (tgt 0) or target (1) tokens, as the scene's
 * mention query carried them (an array, empty when unread; a read that
 * failed sets *oom and says why in f) */
static json_t *line_words(xp_db *db, int64_t id, int tgt, int *oom, scene_fail *f)
{
	sqlite3_stmt *w;
	json_t *a = NULL;
	if (xp_sql_cached(db, tgt ? "SELECT tgt, json_valid(tgt) FROM utterances WHERE id = ?"
			      : "SELECT src, json_valid(src) FROM utterances WHERE id = ?", &w, NULL) == 0) {
		sqlite3_bind_int64(w, 1, id);
		int step = sqlite3_step(w);
		const char *s = step == SQLITE_ROW ? (const char *)sqlite3_column_text(w, 0) : NULL;
		if (step != SQLITE_ROW && step != SQLITE_DONE)
			scene_failed(db, f, step), *oom = 1;
		/* zeroed: a load that fails before parsing (its buffer's
		 * allocation) leaves the error's code byte unset, and what the
		 * stack held there could read as damage, not memory */
		json_error_t je;
		memset(&je, 0, sizeof je);
		a = s ? json_loads(s, 0, &je) : NULL;
		/* a load that ran out of memory is an error: a line read as
		 * empty would have its entities named by others' words.  Text
		 * SQLite's json_valid() accepts but jansson refuses (bad UTF-8
		 * inside a string, \u0000, a number past a double) is an old
		 * store's damage, read as an empty line as before */
		if (!a && s && sqlite3_column_int(w, 1)) {
			/* jansson names a failed allocation inside a string
			 * otherwise than out_of_memory, so name the damage */
			enum json_error_code c = json_error_code(&je);
			if (c != json_error_invalid_utf8 && c != json_error_null_character &&
			    c != json_error_numeric_overflow)
				*oom = 1;
		}
		if (a && !json_is_array(a)) {
			json_decref(a);
			a = NULL;
		}
		xp_sql_release(db, w);
	}
	if (!a && !(a = json_array()))
		*oom = 1;
	return a;
}

/* the utterances around the mention's, with the mentions of its cluster on
 * both sides: in the English (its English cluster) and in the target
 * sentences (where the mentions of its cluster in the corrected view are
 * now: projected, moved or added spans, `self` the mention on screen).  A
 * target sentence shown under several English lines gets its marks under
 * each. */
static json_t *scene(xp_db *db, int64_t doc, int64_t cluster, int64_t self, int64_t self_row, int64_t utt, int context,
		     xp_err *err)
{
	sqlite3_stmt *st, *mt;
	json_t *us = json_array(), *o = json_pack("{s:o}", "utterances", us);
	if (!o) {   /* (json_pack took us with it: freed) */
		oom(err);
		return NULL;
	}
	if (xp_sql_cached(db, "SELECT u.en_idx, u.speaker, u.src, u.tgt_idx, coalesce(" XP_SQL_REALIGNED("u.id", "tgt_text")
			       ", u.tgt_text), coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt), " XP_SQL_REALIGNED("u.id", "id")
			       " IS NOT NULL, u.align_doubt FROM utterances u"
			       " WHERE u.document = ? AND u.en_idx BETWEEN ? AND ? ORDER BY u.en_idx", &st, NULL)) {
		json_decref(o);   /* (a statement of the schema's fails to prepare short of memory) */
		oom(err);
		return NULL;
	}
	/* The document's mentions with what their state is when nothing
	 * touched them (xp_db_state's first query), and whether something did:
	 * a correction (any: undone ones too, to be safe), a live realign of
	 * the utterance, or no projection row; and whether something live did
	 * (column 12: a live correction, a live realign, no projection row),
	 * which is what ent_name's rule asks.  Counted with the undone ones,
	 * a merge or a relink undone left its mentions "touched" for good: an
	 * entity whose every projection a merge had moved named no target
	 * words after the undo ("guys · بچه‌ها" became "guys"), and an undone
	 * relink ranked the mention's words below the others'.  An undo
	 * restores the names it found.  A line's words are read once
	 * for its mentions (line_words), by the line's id: carried on every
	 * row, a line of 20,000 one-token mentions went through the sort
	 * 20,000 times (16.6 s of CPU a GET, 0.7 s at 5,000: quadratic).  Only those are read again by
	 * xp_db_state; a state call for each mention of the document (three
	 * queries each) made showing one mention cost 2.60 s CPU for 50 at 10k
	 * mentions in one document (db triage --top 50), 49% of it there. */
	if (xp_sql_cached(db, db->version >= 9
			       ? "SELECT m.mention, u.en_idx, m.start, m.end, m.cluster, m.id, u.id, p.tgt_start, p.tgt_end,"
				 " u.tgt_idx, p.mention IS NULL OR EXISTS(SELECT 1 FROM corrections c WHERE c.mention = m.id)"
				 " OR u.id IN (SELECT utterance FROM tedits WHERE kind = 'realign' AND undone = 0), u.id,"
				 " p.mention IS NULL OR EXISTS(SELECT 1 FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
				 " WHERE c.mention = m.id AND " XP_SQL_LIVE_C ")"
				 " OR u.id IN (SELECT utterance FROM tedits WHERE kind = 'realign' AND undone = 0) FROM mentions m"
				 " JOIN utterances u ON u.id = m.utterance LEFT JOIN projections p ON p.mention = m.id"
				 " WHERE m.document = ? ORDER BY u.en_idx, m.start"
			       : "SELECT m.mention, u.en_idx, m.start, m.end, m.cluster, m.id, u.id, p.tgt_start, p.tgt_end,"
				 " u.tgt_idx, p.mention IS NULL OR EXISTS(SELECT 1 FROM corrections c WHERE c.mention = m.id), u.id,"
				 " p.mention IS NULL OR EXISTS(SELECT 1 FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
				 " WHERE c.mention = m.id AND " XP_SQL_LIVE_C ")"
				 " FROM mentions m JOIN utterances u ON u.id = m.utterance LEFT JOIN projections p ON p.mention = m.id"
				 " WHERE m.document = ? ORDER BY u.en_idx, m.start", &mt, NULL)) {
		xp_sql_release(db, st);
		json_decref(o);
		oom(err);
		return NULL;
	}
	sqlite3_bind_int64(st, 1, doc);
	sqlite3_bind_int64(st, 2, utt - context);
	sqlite3_bind_int64(st, 3, utt + context);
	/* the scene's lines by English index (the rows come in en_idx order)
	 * and by target sentence (sorted after): each chain mention finds its
	 * lines in O(log n), not by a walk over the scene, which made a scene
	 * of 801 lines (context 400) cost the chain's length times 801.  Grown
	 * as rows come, not sized from utt and context: a store's numbers are
	 * data (a negative index made that size overflow) */
	lines_at by_utt = {0}, by_sent = {0};
	int oom = 0, step;
	/* (a step that ends in an error, not SQLITE_DONE, would leave the
	 * scene short of its later lines or marks: the request's error too,
	 * of its own kind: scene_fail) */
	scene_fail failed = {SQLITE_OK, ""};
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *u = json_pack("{s:I,s:o,s:o,s:o,s:o,s:o,s:[],s:[]}", "utt", (json_int_t)sqlite3_column_int64(st, 0),
				      "speaker", col_text(st, 1), "tokens", col_array(st, 2), "sent", col_int(st, 3),
				      "target", col_text(st, 4), "tgt_tokens", col_array(st, 5), "mentions",
				      "tgt_mentions");
		/* re-paired by a corrector; doubts about the run's pairing (align/uconf.h) */
		json_t *doubt = col_json_array(st, 7);
		if (!json_is_array(doubt)) {
			json_decref(doubt);
			doubt = json_array();
		}
		/* (each set_new frees its value when it fails, a NULL u too) */
		if (json_object_set_new(u, "realigned", json_boolean(sqlite3_column_int(st, 6))) |
		    json_object_set_new(u, "doubt", doubt))
			oom = 1;
		/* the lines below borrow u from us: one the array could not take
		 * is freed by json_array_append_new, and must not be kept there */
		if (!u || json_array_append_new(us, u)) {
			oom = 1;
			continue;
		}
		if (lines_add(&by_utt, sqlite3_column_int64(st, 0), u) ||
		    (sqlite3_column_type(st, 3) != SQLITE_NULL && lines_add(&by_sent, sqlite3_column_int64(st, 3), u)))
			oom = 1;
	}
	if (step != SQLITE_DONE)
		scene_failed(db, &failed, step), oom = 1;
	if (oom)   /* the scene's marks skipped: the scene is refused below */
		by_utt.n = by_sent.n = 0;
	if (by_sent.n)
		qsort(by_sent.p, by_sent.n, sizeof *by_sent.p, line_at_cmp);
	/* the cluster the mention on screen is in now (an edit may have moved it) */
	xp_mstate me;
	int64_t now_cluster = cluster;
	sqlite3_bind_int64(mt, 1, doc);
	size_t size = 0, tsize = 0;
	/* the document's entities as they are now (a relink picks one): each
	 * cluster with how many mentions it has (target-only ones too), how
	 * many lines its nearest mention is from the mention's ("near": in a
	 * scene of hundreds of lines, "Leo" of the first line said nothing of
	 * which of eight entities named so a corrector wants), and what names
	 * it in English ("words") and in the target ("tgt_words": a span an
	 * edit or a realign touched is not read again for it), by ent_name's
	 * rule.  The page's menus listed "cluster 17 · he (3)"; a number is
	 * nothing an annotator reads, and a pronoun names no one */
	json_t *ents = json_object();   /* cluster -> its index in ev */
	ents_at ev = {0};
	/* what names them (ent_name): the words said, and the kinds of words */
	json_t *said = json_object(), *en_kinds = json_object(), *tgt_kinds = json_object();
	if (!ents || !said || !en_kinds || !tgt_kinds)
		oom = 1;
	/* the target language's lists, when its pack has them (a pronoun
	 * there names its entity last) */
	xp_mtype_words twords;
	const xp_mtype_words *tw = NULL;
	sqlite3_stmt *lg;
	if (xp_sql_cached(db, "SELECT r.lang FROM documents d JOIN runs r ON r.id = d.run WHERE d.id = ?", &lg, NULL) == 0) {
		sqlite3_bind_int64(lg, 1, doc);
		if ((step = sqlite3_step(lg)) == SQLITE_ROW) {
			tw = xp_lang_mtype(xp_lang_find((const char *)sqlite3_column_text(lg, 0)), &twords);
			if (tw && !xp_mtype_has_types(tw))
				tw = NULL;
		} else if (step != SQLITE_DONE) {   /* (its pronouns unread, names ranked as any word's) */
			scene_failed(db, &failed, step), oom = 1;
		}
		xp_sql_release(db, lg);
	} else {
		scene_unread(db, &failed, &oom);
	}
	/* the entity's target mentions by name, sorted: what a merge decided
	 * on this scene sends back (xp_db_merge_at's members) */
	json_t *members = json_array();
	if (!members)
		oom = 1;
	if (!xp_db_state(db, self_row, &me))
		now_cluster = me.cluster;
	else   /* (none: no projection row; unread: the chain's marks would be the English one's) */
		scene_unread(db, &failed, &oom);
	/* the words of a line, read once for its mentions (the rows come by line) */
	json_t *line_src = NULL, *line_tgt = NULL;
	int64_t line_src_at = 0, line_tgt_at = 0;
	while ((step = sqlite3_step(mt)) == SQLITE_ROW) {
		int64_t at = sqlite3_column_int64(mt, 1), id = sqlite3_column_int64(mt, 0);
		if (sqlite3_column_int64(mt, 4) == cluster) {
			size++;
			for (size_t i = lines_first(&by_utt, at); i < by_utt.n && by_utt.p[i].at == at; i++)
				oom |= line_add(by_utt.p[i].u, "mentions",
					 json_pack("{s:I,s:I,s:I,s:b}", "id", (json_int_t)id, "start",
						   (json_int_t)sqlite3_column_int64(mt, 2), "end",
						   (json_int_t)sqlite3_column_int64(mt, 3), "self", id == self),
					 id == self);
		}
		xp_mstate ms = {.projected = sqlite3_column_type(mt, 7) != SQLITE_NULL,
				.start = sqlite3_column_int64(mt, 7), .end = sqlite3_column_int64(mt, 8),
				.sent = sqlite3_column_type(mt, 9) == SQLITE_NULL ? -1 : sqlite3_column_int64(mt, 9),
				.cluster = sqlite3_column_int64(mt, 4)};
		if (sqlite3_column_int(mt, 10) && xp_db_state(db, sqlite3_column_int64(mt, 5), &ms)) {
			scene_unread(db, &failed, &oom);   /* (left out of its entity when unread) */
			continue;
		}
		char ck[24];
		snprintf(ck, sizeof ck, "%lld", (long long)ms.cluster);
		json_t *ix = json_object_get(ents, ck);
		ent_at *ent = ix ? &ev.p[json_integer_value(ix)] : NULL;
		int64_t near = at > utt ? at - utt : utt - at;
		if (!ent && (ent = ents_add(&ev, ms.cluster, near)) &&
		    json_object_set_new(ents, ck, json_integer((json_int_t)(ev.n - 1))))
			ev.n--, ent = NULL;
		if (!ent) {
			oom = 1;
			continue;
		}
		ent->n++;
		if (near < ent->near)
			ent->near = near;
		/* what names it (ent_name): its English words, and its target
		 * span as projected on a row nothing touched (then the span
		 * counts the utterance's own target tokens) */
		int untouched = !sqlite3_column_int(mt, 12);
		if (!line_src || line_src_at != at) {
			json_decref(line_src);
			line_src = line_words(db, sqlite3_column_int64(mt, 6), 0, &oom, &failed), line_src_at = at;
		}
		int64_t es = sqlite3_column_int64(mt, 2), ee = sqlite3_column_int64(mt, 3);
		int kind = span_kind(&xp_mtype_en, en_kinds, line_src, es, ee);
		if (name_offer(ent, said, 'e', line_src, es, ee, kind, untouched))
			oom = 1;
		if (untouched && ms.projected && ms.end > ms.start) {
			if (!line_tgt || line_tgt_at != at) {
				json_decref(line_tgt);
				line_tgt = line_words(db, sqlite3_column_int64(mt, 11), 1, &oom, &failed), line_tgt_at = at;
			}
			int tk = tw && span_kind(tw, tgt_kinds, line_tgt, ms.start, ms.end) == NAME_PRONOUN ? NAME_PRONOUN : kind;
			if (name_offer(ent, said, 't', line_tgt, ms.start, ms.end, tk, 1))
				oom = 1;
		}
		if (!ms.projected || ms.sent < 0 || ms.cluster != now_cluster)
			continue;
		tsize++;
		char mk[600];
		if (xp_mention_key_of(db, sqlite3_column_int64(mt, 5), mk, sizeof mk))
			scene_unread(db, &failed, &oom);   /* (a member unread changes the members' hash) */
		else if (json_array_append_new(members, xp_json_text(mk)))
			oom = 1;
		for (size_t i = lines_first(&by_sent, ms.sent); i < by_sent.n && by_sent.p[i].at == ms.sent; i++)
			oom |= line_add(by_sent.p[i].u, "tgt_mentions",
				 json_pack("{s:I,s:I,s:I,s:b}", "id", (json_int_t)id, "start", (json_int_t)ms.start, "end",
					   (json_int_t)ms.end, "self", id == self),
				 id == self);
	}
	if (step != SQLITE_DONE)
		scene_failed(db, &failed, step), oom = 1;
	json_decref(line_src);
	json_decref(line_tgt);
	/* target-only mentions (correct/tedit.c): mentions of their entity,
	 * named by their words (an entity made of them alone has no others:
	 * it was left out of the list, and the page named it "+N"); those of
	 * the chain on screen marked */
	json_t *tadds = xp_tadds_json(db, doc), *t;
	size_t ti;
	if (!tadds) {   /* (none is an empty list) */
		int why = read_failed(db);
		if (why)
			scene_failed(db, &failed, why);
		oom = 1;
	}
	json_array_foreach(tadds, ti, t) {
		int64_t tu = json_integer_value(json_object_get(t, "utt")), tc = json_integer_value(json_object_get(t, "cluster"));
		char ck[24];
		snprintf(ck, sizeof ck, "%lld", (long long)tc);
		json_t *ix = json_object_get(ents, ck);
		int64_t near = tu > utt ? tu - utt : utt - tu;
		ent_at *ent = ix ? &ev.p[json_integer_value(ix)] : NULL;
		if (!ent && (ent = ents_add(&ev, tc, near)) && json_object_set_new(ents, ck, json_integer((json_int_t)(ev.n - 1))))
			ev.n--, ent = NULL;
		json_t *toks = NULL;
		if (ent) {
			ent->n++;
			if (near < ent->near)
				ent->near = near;
			toks = tadd_tokens(db, doc, tu, &by_utt, &failed);
			if (failed.step != SQLITE_OK)
				oom = 1;
			int64_t a = json_integer_value(json_object_get(t, "start")), b = json_integer_value(json_object_get(t, "end"));
			if (toks && name_offer(ent, said, 't', toks, a, b,
					       tw && span_kind(tw, tgt_kinds, toks, a, b) == NAME_PRONOUN ? NAME_PRONOUN : NAME_OTHER, 0))
				oom = 1;
			json_decref(toks);
		} else
			oom = 1;
		if (tc != now_cluster)
			continue;
		tsize++;
		char tk[32];
		snprintf(tk, sizeof tk, "+%lld", (long long)json_integer_value(json_object_get(t, "tid")));
		if (json_array_append_new(members, json_string(tk)))
			oom = 1;
		int64_t ts = json_integer_value(json_object_get(t, "sent"));
		if (!json_is_integer(json_object_get(t, "sent")))
			continue;
		for (size_t i = lines_first(&by_sent, ts); i < by_sent.n && by_sent.p[i].at == ts; i++)
			oom |= line_add(by_sent.p[i].u, "tgt_mentions",
				 json_pack("{s:O,s:O,s:O,s:b,s:b,s:O*}", "tid", json_object_get(t, "tid"), "start",
					   json_object_get(t, "start"), "end", json_object_get(t, "end"), "self", 0,
					   "target_only", 1, "rule", json_object_get(t, "rule")),
				 0);
	}
	json_decref(tadds);
	free(by_utt.p), free(by_sent.p);
	/* how many lines the document (part) has, and how many lie above and
	 * below the scene: the page offers more while the scene does not reach
	 * its ends.  Counted as rows, not read off the English indices: a unit
	 * of sentences paired n:m is one line numbered by its first sentence
	 * (correct/import.c), so the numbers have gaps */
	sqlite3_stmt *nu;
	if (xp_sql_cached(db, "SELECT count(*), coalesce(sum(en_idx < ?2), 0), coalesce(sum(en_idx > ?3), 0)"
			       " FROM utterances WHERE document = ?1", &nu, NULL) == 0) {
		sqlite3_bind_int64(nu, 1, doc);
		sqlite3_bind_int64(nu, 2, utt - context);
		sqlite3_bind_int64(nu, 3, utt + context);
		if ((step = sqlite3_step(nu)) != SQLITE_ROW)   /* (the page would offer no more lines) */
			scene_failed(db, &failed, step), oom = 1;
		else if (json_object_set_new(o, "utts", json_integer((json_int_t)sqlite3_column_int64(nu, 0))) |
			 json_object_set_new(o, "above", json_integer((json_int_t)sqlite3_column_int64(nu, 1))) |
			 json_object_set_new(o, "below", json_integer((json_int_t)sqlite3_column_int64(nu, 2))))
			oom = 1;
		xp_sql_release(db, nu);
	} else {
		scene_unread(db, &failed, &oom);
	}
	if (json_object_set_new(o, "cluster_size", json_integer((json_int_t)size)) |
	    json_object_set_new(o, "tgt_cluster", json_integer((json_int_t)now_cluster)) |
	    json_object_set_new(o, "tgt_cluster_size", json_integer((json_int_t)tsize)))
		oom = 1;
	size_t nm = json_array_size(members);
	const char **mv = nm ? malloc(nm * sizeof *mv) : NULL;
	json_t *sorted = json_array();
	if ((nm && !mv) || !sorted)   /* the members and their hash would read as none */
		oom = 1;
	for (size_t i = 0; mv && i < nm; i++)
		mv[i] = json_string_value(json_array_get(members, i));
	if (mv)
		qsort(mv, nm, sizeof *mv, cmp_key);
	for (size_t i = 0; mv && i < nm && nm <= SCENE_MEMBERS_MAX; i++)
		if (json_array_append_new(sorted, xp_json_text(mv[i])))
			oom = 1;
	char hash[18];
	members_hash(mv, mv ? nm : 0, hash);
	free(mv);
	json_decref(members);
	if (nm <= SCENE_MEMBERS_MAX) {
		if (json_object_set_new(o, "tgt_cluster_members", sorted))
			oom = 1;
	} else
		json_decref(sorted);
	if (json_object_set_new(o, "tgt_cluster_members_hash", json_string(hash)))
		oom = 1;
	json_t *list = json_array();
	json_t *same = json_object();   /* a name -> how many entities bear it, then how many were numbered */
	for (int pass = 0; pass < 2 && same; pass++)
		for (size_t i = 0; i < ev.n; i++)
			if (same_name(same, &ev.p[i], pass))
				oom = 1;
	for (size_t i = 0; i < ev.n; i++) {
		ent_at *x = &ev.p[i];
		json_t *e = json_pack("{s:I,s:I,s:I,s:o,s:o}", "cluster", (json_int_t)x->cluster, "n", (json_int_t)x->n, "near",
				      (json_int_t)x->near, "words", words_cut(x->en.words ? x->en.words : json_array()),
				      "tgt_words", words_cut(x->tgt.words ? x->tgt.words : json_array()));
		if (e && x->nth && json_object_set_new(e, "nth", json_integer((json_int_t)x->nth)))
			oom = 1;
		if (json_array_append_new(list, e))
			oom = 1;
		x->en.words = x->tgt.words = NULL;
	}
	if (!same || !list)
		oom = 1;
	json_decref(same);
	ents_free(&ev);
	json_decref(ents);
	json_decref(said), json_decref(en_kinds), json_decref(tgt_kinds);
	if (json_object_set_new(o, "entities", list))
		oom = 1;
	xp_sql_release(db, st);
	xp_sql_release(db, mt);
	/* A failed allocation anywhere above (its lines, an entity, a name
	 * offered) is the request's error: set after the lines were read, it
	 * was never read again, and the page got entities without names or
	 * missing, as if the document had them so. */
	if (oom) {
		json_decref(o);
		if (failed.step != SQLITE_OK && (failed.step & 0xff) != SQLITE_NOMEM)
			xp_failc(err, XP_EDB, db->path, 0, "reading the scene: %s", failed.msg);
		else   /* (the function oom() is hidden by the flag here) */
			xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		return NULL;
	}
	return o;
}

int xp_db_tonly_lines(xp_db *db, int64_t run, const char *doc, json_t **out, xp_err *err)
{
	*out = NULL;
	sqlite3_stmt *ds, *us = NULL;
	if (xp_sql_prepare(db, "SELECT id, part FROM documents WHERE run = ? AND doc = ? ORDER BY part", &ds, err))
		return -1;
	sqlite3_bind_int64(ds, 1, run);
	sqlite3_bind_text(ds, 2, doc, -1, SQLITE_STATIC);
	/* a line (an utterance) of the document with a target sentence and no
	 * English mention; its target as the workbench shows it (a realign's) */
	int rc = xp_sql_prepare(db, "SELECT u.speaker, u.src, u.tgt_idx, coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt)"
				" FROM utterances u WHERE u.document = ? AND u.en_idx = ? AND u.tgt_idx IS NOT NULL"
				" AND NOT EXISTS (SELECT 1 FROM mentions m WHERE m.utterance = u.id)", &us, err);
	json_t *lines = json_array();
	int found = 0, step = SQLITE_DONE;
	while (rc == 0 && lines && (step = sqlite3_step(ds)) == SQLITE_ROW) {
		found = 1;
		int64_t d = sqlite3_column_int64(ds, 0);
		int part = sqlite3_column_int(ds, 1);
		json_t *ta = xp_tadds_json(db, d), *t;
		if (!ta) {
			rc = xp_sql_fail(db, err, "target-only mentions");
			break;
		}
		/* xp_tadds_json lists them by id: the lines in reading order */
		size_t i, nl0 = json_array_size(lines);
		json_array_foreach(ta, i, t) {
			int64_t utt = json_integer_value(json_object_get(t, "utt"));
			json_t *line = NULL, *l;
			size_t k;
			for (k = nl0; k < json_array_size(lines) && !line; k++)
				if (json_integer_value(json_object_get(l = json_array_get(lines, k), "utt")) == utt)
					line = l;
			if (!line) {
				sqlite3_reset(us);
				sqlite3_bind_int64(us, 1, d);
				sqlite3_bind_int64(us, 2, utt);
				step = sqlite3_step(us);
				if (step == SQLITE_DONE)
					continue;   /* a line with an English mention: xp_db_mention lists it */
				if (step != SQLITE_ROW) {
					rc = xp_sql_fail(db, err, "a line of target-only mentions");
					break;
				}
				line = json_pack("{s:i,s:I,s:o,s:o,s:{s:I,s:o,s:[]}}", "part", part, "utt", (json_int_t)utt, "speaker",
						 col_text(us, 0), "tokens", col_array(us, 1), "target", "sent",
						 (json_int_t)sqlite3_column_int64(us, 2), "tokens", col_array(us, 3), "target_only");
				size_t at = nl0;   /* in reading order among the part's */
				while (at < json_array_size(lines) &&
				       json_integer_value(json_object_get(json_array_get(lines, at), "utt")) < utt)
					at++;
				if (!line || json_array_insert_new(lines, at, line)) {
					rc = oom(err);
					break;
				}
			}
			if (json_array_append_new(json_object_get(json_object_get(line, "target"), "target_only"),
						  json_pack("{s:O,s:O,s:O,s:O,s:O*}", "tid", json_object_get(t, "tid"), "start",
							    json_object_get(t, "start"), "end", json_object_get(t, "end"),
							    "cluster", json_object_get(t, "cluster"), "rule",
							    json_object_get(t, "rule")))) {
				rc = oom(err);
				break;
			}
		}
		json_decref(ta);
	}
	if (rc == 0 && !lines)
		rc = oom(err);
	else if (rc == 0 && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "documents");
	else if (rc == 0 && !found)
		rc = xp_failc(err, XP_ENOTFOUND, "", 0, "no document %s in run %lld", doc, (long long)run);
	sqlite3_finalize(ds);
	sqlite3_finalize(us);
	if (rc)
		json_decref(lines);
	else
		*out = lines;
	return rc;
}

/* the mention's row: XP_ENOTFOUND naming the run, or the database's failure */
static int find(xp_db *db, int64_t run, const char *key, int64_t *row, xp_err *err)
{
	int rc = xp_mention_lookup(db, run, key, row, err);
	if (rc == XP_ENOTFOUND)
		return xp_failc(err, XP_ENOTFOUND, "", 0, "%s: no such mention in run %lld", key, (long long)run);
	return rc;
}

int xp_db_mention(xp_db *db, int64_t run, const char *key, int context, json_t **out, xp_err *err)
{
	int64_t row;
	int rc = find(db, run, key, &row, err);
	if (rc)
		return rc;
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT d.doc, d.part, m.mention, m.cluster, m.start, m.end, u.en_idx, u.speaker, u.src,"
			   " u.tgt_idx, coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt), coalesce(" XP_SQL_REALIGNED("u.id", "tgt_text")
			   ", u.tgt_text), p.tgt_start, p.tgt_end, p.fate, p.confidence, p.rule, m.document,"
			   " u.en_subs, coalesce(" XP_SQL_REALIGNED("u.id", "tgt_subs") ", u.tgt_subs), u.align_conf, u.align_doubt,"
			   " " XP_SQL_KEY_PART("d") " FROM mentions m JOIN documents d ON d.id = m.document JOIN utterances u ON u.id = m.utterance"
			   " JOIN projections p ON p.mention = m.id WHERE m.id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, row);
	if (sqlite3_step(st) != SQLITE_ROW) {
		xp_sql_release(db, st);
		return xp_sql_fail(db, err, "mention");
	}
	char canon[600];
	xp_mention_key(canon, sizeof canon, xp_sql_text(st, 0), sqlite3_column_int64(st, 22), sqlite3_column_int64(st, 2));
	int64_t start = sqlite3_column_int64(st, 4), end = sqlite3_column_int64(st, 5), sent = -1;
	json_t *src = col_array(st, 8);
	if (sqlite3_column_type(st, 9) != SQLITE_NULL)
		sent = sqlite3_column_int64(st, 9);
	int silver = sqlite3_column_type(st, 12) != SQLITE_NULL;
	xp_mstate now;
	int edited, kept;
	size_t nacts = 0;
	/* each read below that fails refuses the mention as the store's
	 * error, said before the next read overwrites it: a step that failed
	 * was answered as none (a version of -1, no parts, nothing carried, a
	 * history cut short) */
	json_t *acts = actions(db, row, canon, &edited, &kept, &nacts, err);
	if (!acts) {
		json_decref(src);
		xp_sql_release(db, st);
		return xp_err_code(err);
	}
	int64_t version = version_of(db, row);
	if (version < 0) {
		read_refused(db, canon, "its version", err);
		json_decref(acts), json_decref(src);
		xp_sql_release(db, st);
		return xp_err_code(err);
	}
	json_t *o = json_pack("{s:I,s:o,s:o,s:i,s:I,s:I,s:I,s:s}", "run", (json_int_t)run, "key", xp_json_text(canon),
			      "doc", xp_json_text(xp_sql_text(st, 0)), "part", sqlite3_column_int(st, 1), "id",
			      (json_int_t)sqlite3_column_int64(st, 2), "cluster", (json_int_t)sqlite3_column_int64(st, 3),
			      "version", (json_int_t)version, "type", xp_mtype_names[type_of(src, start, end)]);
	int state = o ? xp_db_state(db, row, &now) : 0;
	if (!o || state) {
		/* (said before the release below resets the connection's error:
		 * a read that failed was "no projection row") */
		int rc = state ? xp_failc(err, XP_EDB, db->path, 0, "%s: cannot read its projection and corrections: %s", canon,
					  read_failed(db) ? sqlite3_errmsg(db->h) : "no projection row")
			       : oom(err);
		json_decref(o), json_decref(acts), json_decref(src);
		xp_sql_release(db, st);
		return rc;
	}
	/* a document in several parts: how many (the page names the part
	 * then); a one-part document's JSON is what it was before parts */
	sqlite3_stmt *pc;
	int parts_failed = xp_sql_cached(db, "SELECT count(*) FROM documents a JOIN documents b ON b.run = a.run"
					 " AND b.doc = a.doc WHERE a.id = ?", &pc, NULL);
	if (!parts_failed) {
		sqlite3_bind_int64(pc, 1, sqlite3_column_int64(st, 17));
		if (sqlite3_step(pc) != SQLITE_ROW)
			parts_failed = 1;
		else if (sqlite3_column_int64(pc, 0) > 1 &&
			 json_object_set_new(o, "parts", json_integer((json_int_t)sqlite3_column_int64(pc, 0))))
			parts_failed = 1;
		if (parts_failed)   /* (said before the release resets the connection's error) */
			read_refused(db, canon, "its document's parts", err);
		xp_sql_release(db, pc);
	} else {
		read_refused(db, canon, "its document's parts", err);
	}
	if (parts_failed) {
		json_decref(o), json_decref(acts), json_decref(src);
		xp_sql_release(db, st);
		return xp_err_code(err);
	}
	json_object_set_new(o, "english", json_pack("{s:I,s:o,s:o,s:I,s:I}", "utt", (json_int_t)sqlite3_column_int64(st, 6),
						    "speaker", col_text(st, 7), "tokens", src, "start", (json_int_t)start,
						    "end", (json_int_t)end));
	json_object_set_new(o, "target", sent < 0 ? json_null()
						  : json_pack("{s:I,s:o,s:o}", "sent", (json_int_t)sent, "tokens",
							      col_array(st, 10), "text", col_text(st, 11)));
	/* the target-only mentions of its line (correct/tedit.c), whatever
	 * their entity: the page relinks one alone (only when there are any:
	 * a line without keeps its JSON) */
	if (sent >= 0 && db->version >= 14) {
		json_t *ta = xp_tadds_json(db, sqlite3_column_int64(st, 17)), *t, *mine = json_array();
		size_t i;
		if (!ta || !mine) {   /* the line's would be missing, as if it had none */
			int why = ta ? 0 : read_failed(db);
			if (why)   /* (said before the release below resets the connection's error) */
				xp_failc(err, XP_EDB, db->path, 0, "%s: reading the line's target-only mentions: %s", canon,
					 sqlite3_errmsg(db->h));
			json_decref(ta), json_decref(mine), json_decref(o), json_decref(acts);   /* (acts not yet in o) */
			xp_sql_release(db, st);
			return why ? XP_EDB : oom(err);
		}
		json_array_foreach(ta, i, t)
			if (json_integer_value(json_object_get(t, "utt")) == sqlite3_column_int64(st, 6))
				json_array_append_new(mine, json_pack("{s:O,s:O,s:O,s:O,s:O*}", "tid", json_object_get(t, "tid"), "start",
								      json_object_get(t, "start"), "end", json_object_get(t, "end"),
								      "cluster", json_object_get(t, "cluster"), "rule",
								      json_object_get(t, "rule")));
		if (json_array_size(mine))
			json_object_set(json_object_get(o, "target"), "target_only", mine);
		json_decref(mine), json_decref(ta);
	}
	json_object_set_new(o, "subtitles", json_pack("{s:o,s:o}", "en", col_json_array(st, 18), "tgt",
						      col_json_array(st, 19)));
	json_object_set_new(o, "silver", json_pack("{s:o,s:o,s:f,s:o}", "span",
						   span(silver, sent, sqlite3_column_int64(st, 12), sqlite3_column_int64(st, 13)),
						   "fate", col_text(st, 14), "confidence", sqlite3_column_double(st, 15),
						   "rule", col_text(st, 16)));
	json_object_set_new(o, "current", json_pack("{s:o}", "span", span(now.projected, now.sent, now.start, now.end)));
	/* the pairing of its utterance: how far the run's is trusted, and
	 * whether a corrector re-paired it (then its span waits for them) */
	/* (a re-projection unread is not "none": xp_db_reproj_of's null) */
	json_t *reproj = now.realigned ? xp_db_reproj_of(db, row) : json_null();
	int unread = now.realigned && read_failed(db) ? read_refused(db, canon, "its re-projection", err) : 0;
	json_t *carry = unread ? NULL : carry_of(db, run, canon, err);
	if (!carry) {
		json_decref(reproj), json_decref(o), json_decref(acts);
		xp_sql_release(db, st);
		return xp_err_code(err);
	}
	json_t *doubt = col_json_array(st, 21);
	json_object_set_new(o, "pairing", json_pack("{s:o,s:o,s:b,s:o}", "conf",
						    sqlite3_column_type(st, 20) == SQLITE_NULL ? json_null()
											       : json_real(sqlite3_column_double(st, 20)),
						    "doubt", json_is_array(doubt) ? doubt : (json_decref(doubt), json_array()),
						    "realigned", now.realigned, "reprojection", reproj));
	json_object_set_new(o, "status", json_string(edited ? "edited" : kept ? "kept" : "open"));
	json_object_set_new(o, "actions", acts);
	json_object_set_new(o, "actions_total", json_integer((json_int_t)nacts));
	json_object_set_new(o, "carry", carry);
	json_t *sc = scene(db, sqlite3_column_int64(st, 17), sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 2), row,
			   sqlite3_column_int64(st, 6), context, err);
	xp_sql_release(db, st);
	if (!sc) {   /* (err says why: memory or the store) */
		json_decref(o);
		return xp_err_code(err);
	}
	if (json_object_set_new(o, "scene", sc)) {
		json_decref(o);
		return oom(err);
	}
	*out = o;
	return 0;
}

/* --- acting on a mention ------------------------------------------------------------------------ */

/* inside a transaction: the mention's row, refused when its version moved */
static int64_t at_version(xp_db *db, int64_t run, const char *key, int64_t version, xp_err *err)
{
	int64_t row;
	int rc = find(db, run, key, &row, err);
	if (rc)
		return rc;
	int64_t now = version_of(db, row);
	if (now < 0)
		return xp_sql_fail(db, err, "version");
	if (version >= 0 && now != version)
		return xp_failc(err, XP_ECONFLICT, "", 0,
				"%s changed since you saw it (version %lld, now %lld): nothing was written", key,
				(long long)version, (long long)now);
	return row;
}

static int finish(xp_db *db, int rc, xp_err *err)
{
	if (rc) {
		xp_sql_rollback(db);
		return rc < 0 ? rc : -1;
	}
	return xp_sql_commit(db, err);
}

int xp_db_edit_at(xp_db *db, int64_t run, const xp_edit *e, int64_t version, xp_err *err)
{
	if (xp_sql_begin(db, err))
		return -1;
	int64_t row = at_version(db, run, e->mention, version, err);
	if (row < 0)
		return finish(db, (int)row, err);
	xp_xguard g = {.key = e->mention};
	int rc = xp_xguard_touch(db, &g, row, err);
	if (rc == 0)
		rc = xp_edit_locked(db, run, e, 0, err);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	return finish(db, rc, err);
}

/* What a relink and a merge begin with, in a transaction begun here: the
 * mention on `version`, with a span in the target, not in `cluster`
 * already.  Its row (its state in *s), or a negative code, rolled back. */
static int64_t begin_relink(xp_db *db, int64_t run, const char *what, const char *key, int64_t cluster,
			    int64_t version, xp_mstate *s, xp_err *err)
{
	if (!XP_CLUSTER_OK(cluster))
		return xp_failc(err, XP_EINPUT, "", 0, "%s %s: a cluster is a number from 0 to 10^18 - 1", what, key);
	if (xp_sql_begin(db, err))
		return -1;
	int64_t row = at_version(db, run, key, version, err);
	int rc = row < 0 ? (int)row : 0;
	if (rc == 0 && xp_db_state(db, row, s))
		rc = xp_sql_fail(db, err, "state");
	else if (rc == 0 && !s->projected)
		rc = xp_failc(err, XP_EINPUT, "", 0, "%s has no span in the target yet: select its tokens and press a to add "
			      "it, then %s it", key, what);
	else if (rc == 0 && s->cluster == cluster)
		rc = xp_failc(err, XP_EINPUT, "", 0, "%s is in that entity already: choose another", key);
	return rc ? finish(db, rc, err) : row;
}

int xp_db_relink_at(xp_db *db, int64_t run, const char *key, int64_t cluster, const char *annotator,
		    const char *note, int64_t version, xp_err *err)
{
	xp_mstate s;
	int64_t row = begin_relink(db, run, "relink", key, cluster, version, &s, err);
	if (row < 0)
		return (int)row;
	/* the same span, another entity: what a corrected file that moves a
	 * mention to another chain says, and what export writes back */
	xp_edit e = {XP_MODIFY, key, (int32_t)s.sent, (int32_t)s.start, (int32_t)s.end, annotator, note};
	xp_xguard g = {.key = key};
	int rc = xp_xguard_touch(db, &g, row, err);
	if (rc == 0)
		rc = xp_edit_cluster_locked(db, run, &e, &cluster, 0, err);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	return finish(db, rc, err);
}

/* What the corrector saw of the entity (members, n) against what it is
 * now (have, nhave; sorted): 0, or XP_ECONFLICT naming the difference. */
/* member key k onto b: a mention's DOC|ID, a target-only mention ("+N",
 * the scene's key for it) by its words */
static void member_said(xp_db *db, xp_buf *b, const char *k)
{
	char *end;
	long long tid = k[0] == '+' ? strtoll(k + 1, &end, 10) : 0;
	char name[160];
	if (k[0] == '+' && end != k + 1 && !*end) {
		xp_tadd_name(db, tid, name, sizeof name);
		k = name;
	}
	xp_buf_printf(b, "%s%s", b->n ? ", " : "", k);
}

static int same_members(xp_db *db, char **have, size_t nhave, const char *const *members, size_t n, int64_t from,
			xp_err *err)
{
	const char **saw = n ? malloc(n * sizeof *saw) : NULL;
	if (n && !saw)
		return oom(err);
	for (size_t i = 0; i < n; i++)
		saw[i] = members[i];
	if (n)
		qsort(saw, n, sizeof *saw, cmp_key);
	xp_buf joined = {0}, left = {0};
	size_t i = 0, j = 0;
	while (i < nhave || j < n) {
		int c = i == nhave ? 1 : j == n ? -1 : strcmp(have[i], saw[j]);
		if (c < 0)
			member_said(db, &joined, have[i++]);
		else if (c > 0)
			member_said(db, &left, saw[j++]);
		else
			i++, j++;
	}
	int rc = 0;
	if (joined.oom || left.oom)
		rc = oom(err);
	else if (joined.n || left.n)
		rc = xp_failc(err, XP_ECONFLICT, "", 0, "this entity (cluster %lld) changed since you saw it (%s%s%s%s%s): look "
			      "at its chain again and merge again if it is still needed",
			      (long long)from, joined.n ? joined.p : "", joined.n ? " joined it" : "",
			      joined.n && left.n ? "; " : "", left.n ? left.p : "", left.n ? " left it" : "");
	xp_buf_free(&joined);
	xp_buf_free(&left);
	free(saw);
	return rc;
}

int xp_db_merge_at(xp_db *db, int64_t run, const char *key, int64_t cluster, int64_t size,
		   const char *const *members, size_t nmembers, const char *annotator, const char *note,
		   int64_t version, int64_t *moved, xp_err *err)
{
	*moved = 0;
	xp_mstate s;
	int64_t row = begin_relink(db, run, "merge", key, cluster, version, &s, err);
	if (row < 0)
		return (int)row;
	sqlite3_stmt *st = NULL;
	int rc = 0;
	int64_t from = s.cluster, doc = -1, batch = 0, into = 0;
	if (xp_sql_cached(db, "SELECT document FROM mentions WHERE id = ?", &st, err) == 0) {
		sqlite3_bind_int64(st, 1, row);
		if (sqlite3_step(st) == SQLITE_ROW)
			doc = sqlite3_column_int64(st, 0);
		xp_sql_release(db, st);
	}
	if (rc == 0 && doc < 0)
		rc = xp_sql_fail(db, err, "merge");
	/* the entity's mentions and the other's may cross once they are one:
	 * each mention that moves is named to the guard before it moves */
	xp_xguard g = {.key = key};
	/* the entity's members as they are now: the mention on screen first
	 * (the undo names it), then the others with a span in the target;
	 * one without a span is in no chain of the target, and export
	 * leaves it out either way */
	int64_t *rows = NULL, *tids = NULL;
	size_t n = 0, cap = 0, nt = 0, capt = 0;
	if (rc == 0 && xp_grow(&rows, &cap, 1, sizeof *rows))
		rc = oom(err);
	else if (rc == 0)
		rows[n++] = row;
	if (rc == 0 && xp_sql_prepare(db, "SELECT id FROM mentions WHERE document = ? AND id != ? ORDER BY id", &st, err))
		rc = -1;
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, doc);
		sqlite3_bind_int64(st, 2, row);
		while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
			int64_t id = sqlite3_column_int64(st, 0);
			xp_mstate ms;
			if (xp_db_state(db, id, &ms))
				rc = xp_sql_fail(db, err, "state");
			else if ((into += ms.cluster == cluster), !ms.projected || ms.sent < 0 || ms.cluster != from)
				continue;   /* as the scene counts tgt_cluster_size */
			else if (xp_grow(&rows, &cap, n + 1, sizeof *rows))
				rc = oom(err);
			else
				rows[n++] = id;
		}
		sqlite3_finalize(st);
	}
	/* the entity's target-only mentions (correct/tedit.c) move with it
	 * (schema 13: tmoves); a store made before has nowhere to say so, and
	 * they stay.  Unread, the entity's members are not known: refused. */
	if (rc == 0 && db->version >= 9) {
		json_t *ta = xp_tadds_json(db, doc), *t;
		size_t i;
		if (!ta)
			rc = xp_sql_fail(db, err, "merge: the document's target-only mentions");
		json_array_foreach(ta, i, t) {
			int64_t c = json_integer_value(json_object_get(t, "cluster"));
			into += c == cluster;
			if (c != from)
				continue;
			if (rc == 0 && xp_grow(&tids, &capt, nt + 1, sizeof *tids))
				rc = oom(err);
			else if (rc == 0)
				tids[nt++] = json_integer_value(json_object_get(t, "tid"));
		}
		json_decref(ta);
	}
	/* a merge joins two entities of the document (the scene's entities):
	 * into a cluster none of its mentions is in, it would only renumber
	 * the entity (a cluster number of another document, a typo) */
	if (rc == 0 && !into)
		rc = xp_failc(err, XP_EINPUT, "", 0, "no mention of this document is in entity %lld: choose one of the "
			      "document's entities (r moves one mention)", (long long)cluster);
	/* the entity changed since the corrector saw it (someone relinked a
	 * mention into it or out of it): what they decided on is not there */
	if (rc == 0 && size >= 0 && (int64_t)(n + nt) != size)
		rc = xp_failc(err, XP_ECONFLICT, "", 0,
			      "this entity (cluster %lld) changed since you saw it (%lld mentions in the target, now %lld): look "
			      "at its chain again and merge again if it is still needed",
			      (long long)from, (long long)size, (long long)(n + nt));
	/* ... or the same number of other mentions: the members compared */
	if (rc == 0 && members) {
		char **have = calloc(n + nt + 1, sizeof *have);
		size_t nh = 0;
		if (!have)
			rc = oom(err);
		for (size_t i = 0; rc == 0 && i < n; i++) {
			char k[600];
			if (xp_mention_key_of(db, rows[i], k, sizeof k))
				rc = xp_sql_fail(db, err, "merge");
			else if (!(have[nh++] = strdup(k)))
				rc = oom(err);
		}
		for (size_t i = 0; rc == 0 && i < nt; i++) {
			char k[32];
			snprintf(k, sizeof k, "+%lld", (long long)tids[i]);
			if (!(have[nh++] = strdup(k)))
				rc = oom(err);
		}
		if (rc == 0) {
			qsort(have, nh, sizeof *have, cmp_key);
			char hash[18];
			if (nmembers == 1 && members[0][0] == '#' && !strchr(members[0], '|')) {   /* the scene's hash */
				members_hash((const char *const *)have, nh, hash);
				if (strcmp(hash, members[0]))
					rc = xp_failc(err, XP_ECONFLICT, "", 0, "this entity (cluster %lld) changed since you saw "
						      "it (its members are not those shown): look at its chain again and merge "
						      "again if it is still needed", (long long)from);
			} else {
				rc = same_members(db, have, nh, members, nmembers, from, err);
			}
		}
		for (size_t i = 0; have && i < nh; i++)
			free(have[i]);
		free(have);
	}
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = xp_xguard_touch(db, &g, rows[i], err);
	for (size_t i = 0; rc == 0 && db->version >= 13 && i < nt; i++)
		rc = xp_xguard_touch_tadd(db, &g, tids[i], err);
	/* one batch: one step of the history, undone as one (batches.undone),
	 * its corrections modifications that keep each span and name the
	 * cluster, as a relink's, and its moves of target-only mentions; its
	 * checksum says it is a merge (newest_mine) */
	char sum[96], now[32], name[160];
	xp_now(now, sizeof now);
	snprintf(sum, sizeof sum, MERGE_SUM "%lld:%lld:%lld:%s", (long long)run, (long long)from, (long long)cluster, now);
	snprintf(name, sizeof name, "merge cluster %lld into %lld", (long long)from, (long long)cluster);
	if (rc == 0)
		rc = xp_batch_insert(db, name, sum, annotator, now, &batch, err);
	xp_batch_result res = {0};
	for (size_t i = 0; rc == 0 && i < n; i++) {
		char k[600];
		xp_mstate ms;
		if (xp_mention_key_of(db, rows[i], k, sizeof k) || xp_db_state(db, rows[i], &ms)) {
			rc = xp_sql_fail(db, err, "merge");
			break;
		}
		xp_edit e = {XP_MODIFY, k, (int32_t)ms.sent, (int32_t)ms.start, (int32_t)ms.end, annotator, note};
		rc = xp_batch_edit_cluster(db, run, batch, &e, &cluster, &res, err);
		if (rc == 0 && res.applied != i + 1)   /* cannot happen: its state was read just now */
			rc = xp_failc(err, XP_EINPUT, "", 0, "merge: %s", res.nlisted ? res.listed[0] : k);
	}
	xp_batch_result_free(&res);
	int moves = db->version >= 13;
	if (rc == 0 && moves && nt && xp_sql_prepare(db, "INSERT INTO tmoves(batch, tedit, cluster) VALUES(?,?,?)", &st, err))
		rc = -1;
	for (size_t i = 0; rc == 0 && moves && i < nt; i++) {
		sqlite3_bind_int64(st, 1, batch);
		sqlite3_bind_int64(st, 2, tids[i]);
		sqlite3_bind_int64(st, 3, cluster);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "merge");
		sqlite3_reset(st);
		if (i + 1 == nt || rc)
			sqlite3_finalize(st);
	}
	free(rows);
	free(tids);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	if (rc == 0)
		rc = xp_history_json(db, "merge",
				     json_pack("{s:s,s:o,s:I,s:I,s:I,s:I,s:I,s:o?}", "op", "merge", "mention", xp_json_text(key),
					       "batch", (json_int_t)batch, "from", (json_int_t)from, "cluster", (json_int_t)cluster,
					       "moved", (json_int_t)n, moves ? "target_only_moved" : "target_only_left",
					       (json_int_t)nt, "annotator", annotator ? xp_json_text(annotator) : NULL),
				     err);
	if (rc == 0)
		*moved = (int64_t)(n + (moves ? nt : 0));
	return finish(db, rc, err);
}

int xp_review_locked(xp_db *db, int64_t run, int64_t mention, const char *kind, const char *note,
		     const char *annotator, int64_t carried_from, xp_err *err)
{
	sqlite3_stmt *st;
	char now[32];
	xp_now(now, sizeof now);
	if (xp_sql_prepare(db, "INSERT INTO reviews(run, mention, kind, note, annotator, created, after, carried_from)"
			   " VALUES(?,?,?,?,?,?,(SELECT coalesce(max(id), 0) FROM corrections),?)", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int64(st, 2, mention);
	sqlite3_bind_text(st, 3, kind, -1, SQLITE_STATIC);
	if (note)
		sqlite3_bind_text(st, 4, note, -1, SQLITE_STATIC);
	if (annotator)
		sqlite3_bind_text(st, 5, annotator, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, now, -1, SQLITE_TRANSIENT);
	if (carried_from)
		sqlite3_bind_int64(st, 7, carried_from);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "review");
	sqlite3_finalize(st);
	return rc;
}

int xp_db_review(xp_db *db, int64_t run, const char *key, xp_review_kind kind, const char *note,
		 const char *annotator, int64_t version, xp_err *err)
{
	const char *k = kind == XP_KEEP ? "keep" : "note";
	if (kind == XP_NOTE && (!note || !note[0]))
		return xp_failc(err, XP_EINPUT, "", 0, "note %s: the note is empty", key);
	if (xp_sql_begin(db, err))
		return -1;
	int64_t row = at_version(db, run, key, version, err);
	if (row < 0)
		return finish(db, (int)row, err);
	/* a keep on a keep of the same annotator with nothing done since says
	 * nothing new; counted, it would make one judgement two */
	if (kind == XP_KEEP) {
		int edited, kept;
		size_t total;
		json_t *acts = actions(db, row, key, &edited, &kept, &total, err);
		if (!acts)   /* (a history cut short could hide the keep) */
			return finish(db, xp_err_code(err), err);
		json_t *last = json_array_get(acts, json_array_size(acts) - 1);
		const char *by = json_string_value(json_object_get(last, "annotator"));
		const char *was = json_string_value(json_object_get(last, "kind"));
		int again = was && !strcmp(was, "keep") &&
			    !json_is_true(json_object_get(last, "undone")) && !strcmp(by ? by : "", annotator ? annotator : "");
		json_decref(acts);
		if (again)
			return finish(db, xp_failc(err, XP_EINPUT, "", 0, "keep %s: you kept it already and nothing was done to it "
						   "since: nothing was written", key), err);
	}
	json_t *d = json_pack("{s:s,s:s,s:s?}", "op", k, "mention", key, "annotator", annotator);
	char *detail = d ? json_dumps(d, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(d);
	int rc = !detail ? oom(err)
			 : xp_review_locked(db, run, row, k, note, annotator, 0, err) || xp_history(db, k, detail, err) ? -1 : 0;
	free(detail);
	return finish(db, rc, err);
}

/* the annotator's newest live single edit or review in the run */
typedef struct mine {
	int is_review;        /* 1 a review, 2 a target-side action (tedits), 3 a merge (a batch),
				 4 a target-only mention relinked alone (a batch of one move) */
	int64_t id, mention, after;   /* after: a review's position among corrections */
	int64_t tid;          /* 4: the target-only mention */
	char what[16];
} mine;

static int newest_mine(xp_db *db, int64_t run, const char *annotator, mine *m)
{
	sqlite3_stmt *st;
	memset(m, 0, sizeof *m);
	/* Newest first: by the corrections made before (after), then, among
	 * reviews and target-side actions made after the same correction,
	 * by the reviews made before (a target action's after_review, schema
	 * 10: a keep that confirms a span proposed after a realign is newer
	 * than the realign; older rows keep the order they had, the target
	 * action first), a correction being older than both. */
#define MINE_CR "SELECT 0, id, mention, id, op, -1.0 FROM corrections WHERE run = ?1 AND annotator = ?2" \
	" AND batch IS NULL AND undone = 0 AND status = 'ok' AND carried_from IS NULL UNION ALL" \
	" SELECT 1, id, mention, after, kind, id FROM reviews WHERE run = ?1 AND annotator = ?2" \
	" AND undone = 0 AND carried_from IS NULL UNION ALL" \
	/* a merge (xp_db_merge_at): one batch, as new as its newest correction, \
	 * named by its first (the mention it was made from) */ \
	" SELECT 3, b.id, (SELECT f.mention FROM corrections f WHERE f.batch = b.id ORDER BY f.id LIMIT 1), max(c.id), 'merge', -1.0 FROM batches b JOIN corrections c ON c.batch = b.id" \
	" WHERE b.undone = 0 AND b.annotator = ?2 AND b.checksum LIKE '" MERGE_SUM "%' AND c.run = ?1" \
	" AND c.carried_from IS NULL GROUP BY b.id"
	/* schema 14: a target-only mention relinked alone, ordered as a
	 * target-side action is, and among those by the newest one when it
	 * was made (column 7) */
#define MINE14(cr) "SELECT *, 0.0, 0 FROM (" cr ") UNION ALL SELECT 2, id, mention, after, kind," \
	" coalesce(after_review + 0.5, 1e18), id, 0 FROM tedits" \
	" WHERE run = ?1 AND annotator = ?2 AND undone = 0 AND carried_from IS NULL UNION ALL" \
	" SELECT 4, b.id, x.mention, x.after, CASE WHEN x.cluster < 0 THEN 'delete' ELSE 'relink' END," \
	" x.after_review + 0.5, x.after_tedit + 0.5, x.tedit" \
	" FROM batches b JOIN tmoves x ON x.batch = b.id JOIN tedits t ON t.id = x.tedit" \
	" WHERE b.undone = 0 AND b.annotator = ?2 AND b.checksum LIKE '" XP_TRELINK_SUM "%' AND t.run = ?1" \
	" ORDER BY 4 DESC, 6 DESC, 7 DESC, 1 DESC, 2 DESC LIMIT 1"
	if (sqlite3_prepare_v2(db->h,
			       db->version >= 14 ? MINE14(MINE_CR)
			       : db->version >= 10 ? MINE_CR " UNION ALL SELECT 2, id, mention, after, kind,"
			       " coalesce(after_review + 0.5, 1e18) FROM tedits"
			       " WHERE run = ?1 AND annotator = ?2 AND undone = 0 AND carried_from IS NULL"
			       " ORDER BY 4 DESC, 6 DESC, 1 DESC, 2 DESC LIMIT 1"
			       : db->version >= 9 ? MINE_CR " UNION ALL SELECT 2, id, mention, after, kind, 1e18 FROM tedits"
			       " WHERE run = ?1 AND annotator = ?2 AND undone = 0 AND carried_from IS NULL"
			       " ORDER BY 4 DESC, 6 DESC, 1 DESC, 2 DESC LIMIT 1"
			       : MINE_CR " ORDER BY 4 DESC, 1 DESC, 2 DESC LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	int found = sqlite3_step(st) == SQLITE_ROW;
	if (found) {
		m->is_review = sqlite3_column_int(st, 0);
		m->id = sqlite3_column_int64(st, 1);
		m->mention = sqlite3_column_int64(st, 2);
		m->after = sqlite3_column_int64(st, 3);
		snprintf(m->what, sizeof m->what, "%s", xp_sql_text(st, 4));
		if (m->is_review == 4)
			m->tid = sqlite3_column_int64(st, 7);
	}
	sqlite3_finalize(st);
	return found ? 0 : 1;
}

/* the first row's annotator into who (1), or 0 when none; st finalized */
static int other_of(sqlite3_stmt *st, char *who, size_t n)
{
	int found = sqlite3_step(st) == SQLITE_ROW;
	if (found)
		snprintf(who, n, "%s", xp_sql_text(st, 0));
	sqlite3_finalize(st);
	return found;
}

/* who else moved a target-only mention (schema 13: tmoves), in a live
 * batch, the moves chosen by `where` (over tmoves x), not `me` */
#define SOMEONE_MOVED(where, me) "SELECT coalesce(b.annotator, '') FROM tmoves x JOIN batches b ON b.id = x.batch" \
	" WHERE " where " AND b.undone = 0 AND coalesce(b.annotator, '') != " me

/* who else acted on the mention after `m`, or 0 */
static int someone_after(xp_db *db, const mine *m, const char *annotator, char *who, size_t n)
{
	sqlite3_stmt *st;
	/* a correction is after a correction by id; a review (after, id) is
	 * after correction C when after >= C, and a correction is after that
	 * review when its id > after.  A target-side action: someone else's
	 * later action of that kind on the same utterance, or correction of
	 * one of its mentions. */
#define TEDIT_AFTER "SELECT coalesce(t.annotator, '') FROM tedits t JOIN tedits me ON me.id = ?1" \
	" WHERE t.utterance = me.utterance AND t.id > me.id AND t.undone = 0" \
	" AND coalesce(t.annotator, '') != ?2 UNION ALL" \
	" SELECT coalesce(c.annotator, '') FROM corrections c LEFT JOIN batches b ON b.id = c.batch" \
	" JOIN mentions mm ON mm.id = c.mention JOIN tedits me ON me.id = ?1" \
	" WHERE mm.utterance = me.utterance AND c.id > me.after AND " XP_SQL_LIVE_C \
	" AND coalesce(c.annotator, '') != ?2"
	/* ... or someone's move of the target-only mention (a merge, a relink) */
	if (m->is_review == 2 &&
	    sqlite3_prepare_v2(db->h,
			       db->version >= 13 ? TEDIT_AFTER " UNION ALL " SOMEONE_MOVED("x.tedit = ?1", "?2") " LIMIT 1"
			       : TEDIT_AFTER " LIMIT 1", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, m->id);
		sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
		return other_of(st, who, n);
	}
	if (m->is_review == 2)
		return -1;
	/* a merge: someone's later correction or review of any of its
	 * mentions, or move of any of its target-only mentions (a relink of
	 * one alone, another merge) */
#define MERGE_AFTER "SELECT coalesce(c.annotator, '') FROM corrections c LEFT JOIN batches b ON b.id = c.batch" \
	" JOIN corrections mc ON mc.mention = c.mention AND mc.batch = ?1" \
	" WHERE c.id > ?2 AND " XP_SQL_LIVE_C " AND coalesce(c.annotator, '') != ?3" \
	" UNION ALL SELECT coalesce(r.annotator, '') FROM reviews r" \
	" JOIN corrections mc ON mc.mention = r.mention AND mc.batch = ?1" \
	" WHERE r.undone = 0 AND coalesce(r.annotator, '') != ?3 AND r.after >= ?2"
	if (m->is_review == 3 &&
	    sqlite3_prepare_v2(db->h,
			       db->version >= 13 ? MERGE_AFTER " UNION ALL " SOMEONE_MOVED("x.tedit IN (SELECT tedit FROM tmoves"
											   " WHERE batch = ?1) AND x.batch > ?1", "?3")
			       " LIMIT 1" : MERGE_AFTER " LIMIT 1",
			       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, m->id);
		sqlite3_bind_int64(st, 2, m->after);
		sqlite3_bind_text(st, 3, annotator, -1, SQLITE_STATIC);
		return other_of(st, who, n);
	}
	if (m->is_review == 3)
		return -1;
	/* a target-only mention relinked alone: someone's later move of it */
	if (m->is_review == 4 &&
	    sqlite3_prepare_v2(db->h, SOMEONE_MOVED("x.tedit = ?1 AND x.batch > ?3", "?2") " LIMIT 1", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, m->tid);
		sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, m->id);
		return other_of(st, who, n);
	}
	if (m->is_review == 4)
		return -1;
	if (sqlite3_prepare_v2(db->h,
			       "SELECT coalesce(c.annotator, '') FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
			       " WHERE c.mention = ?1 AND c.id > ?2 AND " XP_SQL_LIVE_C " AND coalesce(c.annotator, '') != ?3"
			       " UNION ALL SELECT coalesce(annotator, '') FROM reviews WHERE mention = ?1 AND undone = 0"
			       " AND coalesce(annotator, '') != ?3 AND (after > ?2 OR (after = ?2 AND (?4 = 0 OR id > ?5)))"
			       " LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, m->mention);
	sqlite3_bind_int64(st, 2, m->after);
	sqlite3_bind_text(st, 3, annotator, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 4, m->is_review);
	sqlite3_bind_int64(st, 5, m->id);
	return other_of(st, who, n);
}

/* what an undo of m takes back, in words: "modify DOC|ID", a relinked
 * target-only mention by its number, "relink +N" */
static void what_of(const mine *m, const char *key, char *what, size_t n)
{
	if (m->is_review == 4)
		snprintf(what, n, "%s +%lld", m->what, (long long)m->tid);
	else
		snprintf(what, n, "%s %s", m->what, key);
}

/* --- what an action was on, in words ------------------------------------------------------- */

/* The workbench names a mention by its English words and its line, as its
 * scene shows them: "“my” (line 6, Sam)"; a target-only mention by its
 * target words, isolated (U+2068 ... U+2069: Farsi words in a line of
 * English took the words around them into their run): "target-only “…”".
 * Its toasts said "keep s01e13c02|17" and "Undone: delete +3", numbers no
 * other line of the page shows.  Appended to b; nothing when the row is
 * gone (a damaged store): the caller says it otherwise. */
/* tokens [start, end) of toks as words, appended to b (xp_tokens_words
 * spaces them from what b holds already) */
static void said_words(xp_buf *b, json_t *toks, int64_t start, int64_t end)
{
	xp_buf w = {0};
	xp_tokens_words(&w, toks, start, end);
	xp_buf_add(b, w.p ? w.p : "", w.n);
	b->oom |= w.oom;
	xp_buf_free(&w);
}

static int said_mention(xp_db *db, int64_t mention, xp_buf *b)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "SELECT u.src, m.start, m.end, u.en_idx, u.speaker FROM mentions m"
			       " JOIN utterances u ON u.id = m.utterance WHERE m.id = ?", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, mention);
	int rc = -1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		json_t *src = col_array(st, 0);
		xp_buf_puts(b, "\u201c");
		said_words(b, src, sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2));
		json_decref(src);
		char line[40];
		snprintf(line, sizeof line, "\u201d (line %lld", (long long)sqlite3_column_int64(st, 3));
		xp_buf_puts(b, line);
		const char *who = xp_sql_text(st, 4);
		if (*who)
			xp_buf_puts(b, ", "), xp_buf_puts(b, who);
		xp_buf_putc(b, ')');
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc;
}

/* iso: the words isolated (a page's line); an error message escapes
 * U+2068 (base/text.c: bidi controls in data could act on a terminal) */
static int said_tadd_iso(xp_db *db, int64_t tid, xp_buf *b, int iso)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "SELECT coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt), t.start, t.end"
			       " FROM tedits t JOIN utterances u ON u.id = t.utterance WHERE t.id = ?", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, tid);
	int rc = -1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		json_t *toks = col_array(st, 0);
		xp_buf_puts(b, iso ? "target-only \u201c\u2068" : "target-only \u201c");
		said_words(b, toks, sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2));
		xp_buf_puts(b, iso ? "\u2069\u201d" : "\u201d");
		json_decref(toks);
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc;
}

static int said_tadd(xp_db *db, int64_t tid, xp_buf *b) { return said_tadd_iso(db, tid, b, 1); }

/* s into out[n], cut at a character's first byte: words cut inside a
 * character are not UTF-8, which jansson refuses in a reply (an undo on a
 * long line was made, its reply a 500) */
static void copy_cut(char *out, size_t n, const char *s)
{
	if (!n)
		return;
	size_t k = strlen(s);
	if (k >= n)
		for (k = n - 1; k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80; k--)
			;
	memcpy(out, s, k);
	out[k] = 0;
}

void xp_tadd_name(xp_db *db, int64_t tid, char *out, size_t n)
{
	xp_buf b = {0};
	int rc = said_tadd_iso(db, tid, &b, 0);
	xp_buf_putc(&b, 0);
	if (rc == 0 && !b.oom) {
		copy_cut(out, n, b.p);
	} else if (n) {
		snprintf(out, n, "target-only mention +%lld", (long long)tid);
	}
	xp_buf_free(&b);
}

/* target-only mention tid in words, as a JSON string (null: unknown) */
static json_t *tadd_words_json(xp_db *db, int64_t tid)
{
	xp_buf b = {0};
	int rc = said_tadd(db, tid, &b);
	xp_buf_putc(&b, 0);
	json_t *j = rc == 0 && !b.oom ? json_string(b.p) : NULL;
	xp_buf_free(&b);
	return j ? j : json_null();
}

/* " → the entity of “…” (line N)": entity c of document doc, named by
 * its first other mention in reading order as the corrected view has it
 * (not self_row, not target-only self_tid), else by a target-only one of
 * it, else " → a new entity" (none has it), as the page's history says a
 * relink.  The undo's words said "relink “my” (line 6)" and not where to
 * (the page added it only for the mention it had on screen). */
static int said_into(xp_db *db, int64_t doc, int64_t self_row, int64_t self_tid, int64_t c, xp_buf *b)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "SELECT m.id FROM mentions m JOIN utterances u ON u.id = m.utterance"
			       " WHERE m.document = ? AND m.id != ? ORDER BY u.en_idx, m.start, m.end, m.id", -1, &st,
			       NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, doc);
	sqlite3_bind_int64(st, 2, self_row);
	int64_t found = -1;
	while (found < 0 && sqlite3_step(st) == SQLITE_ROW) {
		xp_mstate ms;
		if (xp_db_state(db, sqlite3_column_int64(st, 0), &ms) == 0 && ms.cluster == c)
			found = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	xp_buf_puts(b, " \u2192 ");
	if (found >= 0) {
		xp_buf_puts(b, "the entity of ");
		return said_mention(db, found, b);
	}
	json_t *ta = xp_tadds_json(db, doc), *t;
	size_t i;
	int64_t tid = -1;
	json_array_foreach(ta, i, t)
		if (tid < 0 && json_integer_value(json_object_get(t, "cluster")) == c &&
		    json_integer_value(json_object_get(t, "tid")) != self_tid)
			tid = json_integer_value(json_object_get(t, "tid"));
	json_decref(ta);
	if (tid < 0) {
		xp_buf_puts(b, "a new entity");
		return 0;
	}
	xp_buf_puts(b, "the entity of ");
	return said_tadd(db, tid, b);
}

int xp_db_undo_said(xp_db *db, int64_t run, const char *annotator, char *said, size_t n)
{
	mine m;
	*said = 0;
	if (!annotator || !annotator[0] || newest_mine(db, run, annotator, &m))
		return -1;
	xp_buf b = {0};
	int rc = 0;
	/* a relink of a mention is stored as a modification that names a
	 * cluster: said as the corrector did it */
	const char *verb = m.what;
	sqlite3_stmt *st;
	int64_t into = -1, doc = -1;   /* a relink's entity, and its document */
	if (m.is_review == 0 && !strcmp(m.what, "modify") &&
	    sqlite3_prepare_v2(db->h, "SELECT c.cluster, m.document FROM corrections c JOIN mentions m ON m.id = c.mention"
			       " WHERE c.id = ? AND c.cluster IS NOT NULL", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, m.id);
		if (sqlite3_step(st) == SQLITE_ROW)
			verb = "relink", into = sqlite3_column_int64(st, 0), doc = sqlite3_column_int64(st, 1);
		sqlite3_finalize(st);
	}
	if (m.is_review == 4 && !strcmp(m.what, "relink") &&
	    sqlite3_prepare_v2(db->h, "SELECT x.cluster, u.document FROM tmoves x JOIN tedits t ON t.id = x.tedit"
			       " JOIN utterances u ON u.id = t.utterance WHERE x.batch = ? AND x.tedit = ?", -1, &st,
			       NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, m.id);
		sqlite3_bind_int64(st, 2, m.tid);
		if (sqlite3_step(st) == SQLITE_ROW)
			into = sqlite3_column_int64(st, 0), doc = sqlite3_column_int64(st, 1);
		sqlite3_finalize(st);
	}
	if (m.is_review == 4 || (m.is_review == 2 && !strcmp(m.what, "tadd"))) {
		xp_buf_puts(&b, m.is_review == 4 ? m.what : "add");
		xp_buf_putc(&b, ' ');
		rc = said_tadd(db, m.is_review == 4 ? m.tid : m.id, &b);
		if (rc == 0 && doc >= 0)
			rc = said_into(db, doc, -1, m.tid, into, &b);
	} else if (m.is_review == 2 && !strcmp(m.what, "realign")) {
		xp_buf_puts(&b, "re-pairing of ");
		rc = said_mention(db, m.mention, &b);
	} else if (m.is_review == 3) {
		xp_buf_puts(&b, "merge of the entity of ");
		rc = said_mention(db, m.mention, &b);
	} else {
		xp_buf_puts(&b, verb);
		xp_buf_putc(&b, ' ');
		rc = said_mention(db, m.mention, &b);
		if (rc == 0 && doc >= 0)
			rc = said_into(db, doc, m.mention, -1, into, &b);
	}
	xp_buf_putc(&b, 0);
	if (rc == 0 && !b.oom)
		copy_cut(said, n, b.p);   /* a long line's words: cut at a character */
	xp_buf_free(&b);
	return rc == 0 && !b.oom ? 0 : -1;
}

/* a merge's mentions and target-only mentions, named to the guard */
static int touch_merge(xp_db *db, xp_xguard *g, int64_t batch, xp_err *err)
{
	sqlite3_stmt *st;
	int rc = 0, step = SQLITE_DONE;
	if (xp_sql_prepare(db, db->version >= 13 ? "SELECT mention, 0 FROM corrections WHERE batch = ?1 AND mention IS NOT NULL"
			   " UNION ALL SELECT tedit, 1 FROM tmoves WHERE batch = ?1"
			   : "SELECT mention, 0 FROM corrections WHERE batch = ?1 AND mention IS NOT NULL", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, batch);
	while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW)
		rc = sqlite3_column_int(st, 1) ? xp_xguard_touch_tadd(db, g, sqlite3_column_int64(st, 0), err)
					       : xp_xguard_touch(db, g, sqlite3_column_int64(st, 0), err);
	if (rc == 0 && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "undo");
	sqlite3_finalize(st);
	return rc;
}

int xp_db_undo_mine(xp_db *db, int64_t run, const char *annotator, char *what, size_t nwhat, char *key,
		    size_t nkey, xp_err *err)
{
	if (!annotator || !annotator[0])
		return xp_failc(err, XP_EUSAGE, "", 0, "undo: which annotator?");
	if (xp_sql_begin(db, err))
		return -1;
	mine m;
	char who[256];
	int rc = newest_mine(db, run, annotator, &m);
	if (rc)
		return finish(db, rc < 0 ? xp_sql_fail(db, err, "undo")
					 : xp_failc(err, XP_ENOTFOUND, "", 0, "%s has nothing to undo in run %lld", annotator,
						    (long long)run), err);
	xp_mention_key_of(db, m.mention, key, nkey);
	what_of(&m, key, what, nwhat);
	/* said in the corrector's words (the page puts "Not undone:" before
	 * it): who, on what, and what to do instead */
	if ((rc = someone_after(db, &m, annotator, who, sizeof who))) {
		char tk[160];
		if (m.is_review == 4)
			xp_tadd_name(db, m.tid, tk, sizeof tk);
		return finish(db, rc < 0 ? xp_sql_fail(db, err, "undo")
					 : xp_failc(err, XP_ECONFLICT, "", 0, "%s acted on %s after your %s: undoing yours would "
						    "take theirs away; ask %s, or correct the mention by hand",
						    who[0] ? who : "someone", m.is_review == 4 ? tk : key, m.what,
						    who[0] ? who : "them"), err);
	}
	/* An undo puts back an earlier state of the document, which others'
	 * edits since may have made crossing (ann narrows d|0 to 0-2, bob moves
	 * d|1, another mention of the entity, to 2-5 beside it, ann undoes:
	 * d|0 0-3 and d|1 2-5 cross).  So it passes the guard every edit
	 * passes (correct/cross.c).  A review changes no span nor entity; a
	 * correction, a target-side action and a merge change the document of
	 * the mention they name (a merge's mentions and a target-only
	 * mention are all of that document). */
	char tname[64];
	snprintf(tname, sizeof tname, "a target-only mention (%lld)", (long long)m.tid);
	xp_xguard g = {.key = m.is_review == 4 ? tname : key};
	if (m.is_review == 4 ? xp_xguard_touch_tadd(db, &g, m.tid, err)
	    : m.is_review == 2 ? (!strcmp(m.what, "tadd") ? xp_xguard_touch_tadd(db, &g, m.id, err)
				: xp_xguard_docs(db, &g, "SELECT u.document FROM tedits t JOIN utterances u"
						 " ON u.id = t.utterance WHERE t.id = ?", m.id, err))
	    : m.is_review == 3 ? touch_merge(db, &g, m.id, err)
	    : m.is_review != 1 && xp_xguard_touch(db, &g, m.mention, err)) {
		xp_xguard_free(&g);
		return finish(db, -1, err);
	}
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, m.is_review >= 3 ? "UPDATE batches SET undone = 1 WHERE id = ?"
			   : m.is_review == 2 ? "UPDATE tedits SET undone = 1 WHERE id = ?"
			   : m.is_review ? "UPDATE reviews SET undone = 1 WHERE id = ?"
					 : "UPDATE corrections SET undone = 1 WHERE id = ?", &st, err)) {
		xp_xguard_free(&g);
		return finish(db, -1, err);
	}
	sqlite3_bind_int64(st, 1, m.id);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "undo");
	sqlite3_finalize(st);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	json_t *d = json_pack("{s:s,s:s}", "undone", what, "annotator", annotator);
	char *detail = d ? json_dumps(d, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(d);
	if (rc == 0)
		rc = detail ? xp_history(db, "undo", detail, err) : oom(err);
	free(detail);
	return finish(db, rc, err);
}

int xp_db_undo_next(xp_db *db, int64_t run, const char *annotator, char *what, size_t nwhat, char *key, size_t nkey,
		    int64_t *version, xp_err *err)
{
	mine m;
	int rc = annotator && annotator[0] ? newest_mine(db, run, annotator, &m) : 1;
	if (rc)
		return rc < 0 ? xp_sql_fail(db, err, "undo")
			      : xp_failc(err, XP_ENOTFOUND, "", 0, "%s has nothing to undo in run %lld",
					 annotator && annotator[0] ? annotator : "nobody", (long long)run);
	xp_mention_key_of(db, m.mention, key, nkey);
	what_of(&m, key, what, nwhat);
	*version = version_of(db, m.mention);
	return 0;
}

/* --- queue positions ----------------------------------------------------------------------------------- */

int xp_db_position_set(xp_db *db, int64_t run, const char *annotator, const char *key, xp_err *err)
{
	sqlite3_stmt *st;
	char now[32];
	xp_now(now, sizeof now);
	int64_t row;
	int rc = find(db, run, key, &row, err);
	if (rc)
		return rc;
	if (xp_sql_prepare(db, "INSERT OR REPLACE INTO positions(run, annotator, mention_key, updated) VALUES(?,?,?,?)",
			   &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, now, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "position");
	sqlite3_finalize(st);
	return rc;
}

int xp_db_position_get(xp_db *db, int64_t run, const char *annotator, char *key, size_t n, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT mention_key FROM positions WHERE run = ? AND annotator = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st) == SQLITE_ROW ? 0 : XP_ENOTFOUND;
	if (rc == 0)
		snprintf(key, n, "%s", xp_sql_text(st, 0));
	else
		xp_failc(err, XP_ENOTFOUND, "", 0, "%s has no place in run %lld yet", annotator, (long long)run);
	xp_sql_release(db, st);
	return rc;
}

/* --- the queue -------------------------------------------------------------------------------------------- */

void xp_queue_free(xp_queue *q)
{
	for (size_t i = 0; i < q->ndocs; i++)
		free(q->docs[i]);
	for (size_t i = 0; i < q->nfates; i++)
		free(q->fates[i]);
	free(q->docs), free(q->fates), free(q->v);
	memset(q, 0, sizeof *q);
}

static int names(xp_vocab *v, char ***out, size_t *n)
{
	*out = calloc(v->n + 1, sizeof **out);
	if (!*out)
		return -1;
	*n = v->n;   /* before the copies: a failed copy leaves NULLs that xp_queue_free frees with the rest */
	/* copied by malloc, not strdup: the C library's strdup allocates
	 * where test_errors' refusals (malloc wrapped at link time) do not
	 * reach, and a failed copy went untested */
	for (uint32_t i = 0; i < v->n; i++) {
		size_t len = strlen(v->words[i]) + 1;
		if (!((*out)[i] = malloc(len)))
			return -1;
		memcpy((*out)[i], v->words[i], len);
	}
	return 0;
}

int xp_db_queue(xp_db *db, int64_t run, xp_queue *q, xp_err *err)
{
	memset(q, 0, sizeof *q);
	xp_triage_item *t = NULL;
	size_t nt = 0;
	if (xp_db_triage(db, run, &t, &nt, err))
		return xp_err_code(err);   /* out of memory is XP_ENOMEM, not -1 */
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, XP_SQL_KEY_DOCS("?1") "SELECT d.doc, m.mention, m.id, p.fate, p.confidence, m.start, m.end,"
			   " u.src, kd.kp FROM mentions m JOIN kd ON kd.id = m.document"
			   " JOIN documents d ON d.id = m.document JOIN projections p ON p.mention = m.id"
			   " JOIN utterances u ON u.id = m.utterance WHERE d.run = ?1", &st, err)) {
		free(t);
		return -1;
	}
	sqlite3_bind_int64(st, 1, run);
	xp_vocab keys, docs, fates;
	xp_queue_item *by_key = NULL;
	size_t cap = 0;
	int rc = xp_vocab_init(&keys, 0) | xp_vocab_init(&docs, 0) | xp_vocab_init(&fates, 0);
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		const char *doc = xp_sql_text(st, 0), *fate = xp_sql_text(st, 3);
		char key[600];
		int n = xp_mention_key(key, sizeof key, doc, sqlite3_column_int64(st, 8), sqlite3_column_int64(st, 1));
		uint32_t k = xp_vocab_id(&keys, key, (size_t)n);
		if (k == UINT32_MAX || xp_grow(&by_key, &cap, (size_t)k + 1, sizeof *by_key)) {
			rc = -1;
			break;
		}
		json_t *src = col_array(st, 7);
		by_key[k] = (xp_queue_item){.row = sqlite3_column_int64(st, 2), .doc = xp_vocab_id(&docs, doc, strlen(doc)),
					    .fate = xp_vocab_id(&fates, fate, strlen(fate)),
					    .type = type_of(src, sqlite3_column_int64(st, 5), sqlite3_column_int64(st, 6)),
					    .conf = sqlite3_column_double(st, 4)};
		json_decref(src);
	}
	sqlite3_finalize(st);
	if (rc == 0 && nt && !(q->v = malloc(nt * sizeof *q->v)))
		rc = -1;
	for (size_t i = 0; rc == 0 && i < nt; i++) {
		uint32_t k = xp_vocab_find(&keys, t[i].key, strlen(t[i].key));
		if (k == UINT32_MAX)
			continue;   /* cannot happen: triage lists the same mentions */
		q->v[q->n] = by_key[k];
		q->v[q->n++].t = t[i];
	}
	if (rc == 0)
		rc = names(&docs, &q->docs, &q->ndocs) || names(&fates, &q->fates, &q->nfates) ? -1 : 0;
	xp_vocab_free(&keys), xp_vocab_free(&docs), xp_vocab_free(&fates);
	free(by_key);
	free(t);
	if (rc) {
		xp_queue_free(q);
		return oom(err);
	}
	return 0;
}

static int by_row(const void *a, const void *b)
{
	const xp_touch *x = a, *y = b;
	return x->row < y->row ? -1 : x->row > y->row;
}

unsigned xp_touch_flags(const xp_touch *v, size_t n, int64_t row)
{
	xp_touch k = {row, 0};
	const xp_touch *t = n ? bsearch(&k, v, n, sizeof *v, by_row) : NULL;
	return t ? t->flags : 0;
}

int xp_db_touched(xp_db *db, int64_t run, xp_touch **v, size_t *n, xp_err *err)
{
	sqlite3_stmt *st;
	*v = NULL, *n = 0;
	/* a modification that changed nothing (a store made before edits
	 * refused them) is the span confirmed: kept, not edited */
	if (xp_sql_prepare(db, "SELECT c.mention, CASE WHEN " XP_SQL_NOOP("c") " THEN 2 ELSE 1 END FROM corrections c"
			   " LEFT JOIN batches b ON b.id = c.batch"
			   " WHERE c.run = ?1 AND c.mention IS NOT NULL AND " XP_SQL_LIVE_C
			   " UNION ALL SELECT mention, CASE kind WHEN 'keep' THEN 2 ELSE 4 END FROM reviews"
			   " WHERE run = ?1 AND undone = 0", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	size_t cap = 0;
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		if (xp_grow(v, &cap, *n + 1, sizeof **v))
			rc = -1;
		else
			(*v)[(*n)++] = (xp_touch){sqlite3_column_int64(st, 0), (unsigned)sqlite3_column_int(st, 1)};
	}
	sqlite3_finalize(st);
	/* the mentions a rerun could not carry and that are in this run */
	json_t *lost = NULL;
	if (rc == 0 && (rc = xp_db_carried(db, run, "lost", &lost, err)) == 0) {
		size_t i;
		json_t *x;
		json_array_foreach(lost, i, x) {
			/* (not one of an earlier run's mentions this run has none of:
			 * its key is labelled, and not this run's) */
			int64_t row = json_object_get(x, "was") ? -1
				      : xp_mention_row(db, run, json_string_value(json_object_get(x, "key")));
			if (row >= 0 && xp_grow(v, &cap, *n + 1, sizeof **v))
				rc = -1;
			else if (row >= 0)
				(*v)[(*n)++] = (xp_touch){row, XP_TOUCH_LOST};
		}
		json_decref(lost);
	}
	/* one entry per row */
	if (rc == 0 && *n) {
		qsort(*v, *n, sizeof **v, by_row);
		size_t w = 0;
		for (size_t i = 0; i < *n; i++)
			if (w && (*v)[w - 1].row == (*v)[i].row)
				(*v)[w - 1].flags |= (*v)[i].flags;
			else
				(*v)[w++] = (*v)[i];
		*n = w;
	}
	if (rc) {
		free(*v);
		*v = NULL, *n = 0;
		return oom(err);
	}
	return 0;
}

int xp_db_log_json(xp_db *db, json_t **out, xp_err *err)
{
	sqlite3_stmt *st;
	int rc = 0, step = SQLITE_DONE;
	if (!(*out = json_array()))
		return oom(err);
	if (xp_sql_prepare(db, "SELECT id, created, action, detail FROM history ORDER BY id", &st, err)) {
		json_decref(*out);
		*out = NULL;
		return xp_err_code(err);
	}
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *o = json_pack("{s:I,s:o,s:o,s:o}", "id", (json_int_t)sqlite3_column_int64(st, 0),
				      "created", xp_json_text(xp_sql_text(st, 1)), "action",
				      xp_json_text(xp_sql_text(st, 2)), "detail", xp_json_text(xp_sql_text(st, 3)));
		rc = !o || json_array_append_new(*out, o) ? oom(err) : 0;
	}
	if (!rc && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "reading the history");
	sqlite3_finalize(st);
	if (rc) {
		json_decref(*out);
		*out = NULL;
	}
	return rc;
}
