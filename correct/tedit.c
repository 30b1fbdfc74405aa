/*
 * correct/tedit.c — the target side's own actions (schema 9): an utterance
 * re-paired with other subtitle lines of its neighbourhood (realign), and a
 * target mention with no English counterpart added to a cluster (tadd).
 *
 * A realign is the remedy for the cause of a run of wrong spans: the
 * utterance was paired with the wrong lines (align/uconf.h flags the likely
 * ones), so every mention of it is wrong however it is projected.  The
 * corrector picks the right lines among those of the utterances around it
 * (what the aligner chose from: their subtitle blocks as the run kept them);
 * the utterance's target becomes their text, tokenised as the run's was.
 * Its mentions cannot keep their spans (they counted the old tokens) and
 * the run's word links do not cover the new pair (they link other English
 * words to those lines, or none), so they are left with no span, in the
 * new sentence, for the corrector: xp_db_state reads them so, the
 * corrections made after the realign apply as usual, undoing it brings
 * back everything as it was.  Export writes the new sentence.
 *
 * A tadd is a span of an utterance's target sentence in a cluster, for what
 * the target says that English does not (a dropped subject made explicit,
 * a name where English has a pronoun elsewhere).  Export writes it in its
 * cluster.  Both are ordered among corrections by `after` as reviews are,
 * logged in the history, undone by xp_db_undo_mine, and counted in the
 * version of the mention the corrector had on screen and of the mentions of
 * their utterance.
 */
#include "review.h"
#include "store.h"
#include "../base/buf.h"
#include "../model/tokenize.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* blocks either side: the utterances around whose lines a realign may take */
#define NEIGHBOURS 3

static int oom(xp_err *err) { return xp_failc(err, XP_ENOMEM, "", 0, "out of memory"); }

int xp_realigned(xp_db *db, int64_t utterance, int64_t *id, int64_t *after, int64_t *ntoks)
{
	sqlite3_stmt *st;
	if (db->version < 9)
		return 0;   /* a store kept at an older schema (tests) */
	if (xp_sql_cached(db, "SELECT id, after, " XP_SQL_NTOKS("tgt") " FROM tedits WHERE utterance = ?"
			       " AND kind = 'realign' AND undone = 0 ORDER BY id DESC LIMIT 1", &st, NULL))
		return -1;
	sqlite3_bind_int64(st, 1, utterance);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0), *after = sqlite3_column_int64(st, 1);
		*ntoks = sqlite3_column_int64(st, 2);
	}
	xp_sql_release(db, st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

/* the utterance a mention is in: its row, document row, index and whether
 * it has a target sentence */
typedef struct where {
	int64_t mention, utt, doc, en_idx, tgt_idx;
	char lang[32];
} where;

static int locate(xp_db *db, int64_t run, const char *key, where *w, xp_err *err)
{
	int rc = xp_mention_lookup(db, run, key, &w->mention, err);
	if (rc)
		return rc;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT u.id, u.document, u.en_idx, u.tgt_idx, r.lang FROM mentions m"
			   " JOIN utterances u ON u.id = m.utterance JOIN documents d ON d.id = u.document"
			   " JOIN runs r ON r.id = d.run WHERE m.id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, w->mention);
	rc = sqlite3_step(st) == SQLITE_ROW ? 0 : xp_sql_fail(db, err, "the mention's utterance");
	if (rc == 0) {
		w->utt = sqlite3_column_int64(st, 0), w->doc = sqlite3_column_int64(st, 1);
		w->en_idx = sqlite3_column_int64(st, 2);
		w->tgt_idx = sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 3);
		snprintf(w->lang, sizeof w->lang, "%s", xp_sql_text(st, 4));
	}
	sqlite3_finalize(st);
	return rc;
}

/* The subtitle blocks of the utterances around en_idx (the run's pairing:
 * what the aligner chose from), each once, in block order:
 * [{"id","text","utt"}], utt the first utterance the run paired it with. */
static json_t *blocks_around(xp_db *db, int64_t doc, int64_t en_idx)
{
	sqlite3_stmt *st;
	json_t *out = json_array();
	if (!out || sqlite3_prepare_v2(db->h, "SELECT en_idx, tgt_subs FROM utterances WHERE document = ?"
				       " AND en_idx BETWEEN ? AND ? ORDER BY en_idx", -1, &st, NULL) != SQLITE_OK)
		return out;
	sqlite3_bind_int64(st, 1, doc);
	sqlite3_bind_int64(st, 2, en_idx - NEIGHBOURS);
	sqlite3_bind_int64(st, 3, en_idx + NEIGHBOURS);
	while (sqlite3_step(st) == SQLITE_ROW) {
		json_t *subs = json_loads(xp_sql_text(st, 1), 0, NULL), *b;
		size_t i;
		json_array_foreach(subs, i, b) {
			json_t *id = json_object_get(b, "id"), *text = json_object_get(b, "text");
			if (!json_is_integer(id) || !json_is_string(text))
				continue;
			size_t k = 0;
			while (k < json_array_size(out) &&
			       json_integer_value(json_object_get(json_array_get(out, k), "id")) < json_integer_value(id))
				k++;
			if (k < json_array_size(out) &&
			    json_integer_value(json_object_get(json_array_get(out, k), "id")) == json_integer_value(id))
				continue;
			json_array_insert_new(out, k, json_pack("{s:O,s:O,s:I}", "id", id, "text", text, "utt",
								(json_int_t)sqlite3_column_int64(st, 0)));
		}
		json_decref(subs);
	}
	sqlite3_finalize(st);
	return out;
}

/* the lines an utterance row is paired with now: [{"id","text"}] or NULL */
static json_t *lines_now(xp_db *db, int64_t utt)
{
	sqlite3_stmt *st;
	json_t *a = NULL;
	if (sqlite3_prepare_v2(db->h, "SELECT coalesce(" XP_SQL_REALIGNED("u.id", "tgt_subs") ", u.tgt_subs)"
			       " FROM utterances u WHERE u.id = ?", -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_int64(st, 1, utt);
	if (sqlite3_step(st) == SQLITE_ROW)
		a = json_loads(xp_sql_text(st, 0), 0, NULL);
	sqlite3_finalize(st);
	if (a && !json_is_array(a))
		json_decref(a), a = NULL;
	return a;
}

int xp_db_lines(xp_db *db, int64_t run, const char *key, json_t **out, xp_err *err)
{
	where w;
	int rc = locate(db, run, key, &w, err);
	if (rc)
		return rc;
	json_t *around = blocks_around(db, w.doc, w.en_idx), *now = lines_now(db, w.utt), *b;
	size_t i;
	json_array_foreach(around, i, b) {
		int chosen = 0;
		json_t *c;
		size_t k;
		json_array_foreach(now, k, c)
			chosen |= json_equal(json_object_get(c, "id"), json_object_get(b, "id"));
		json_object_set_new(b, "chosen", json_boolean(chosen));
	}
	int64_t rid, after, n;
	int re = xp_realigned(db, w.utt, &rid, &after, &n);
	*out = json_pack("{s:I,s:I,s:o,s:b,s:b}", "utt", (json_int_t)w.en_idx, "neighbours", (json_int_t)NEIGHBOURS,
			 "blocks", around ? around : json_array(), "realigned", re == 1, "target", w.tgt_idx >= 0);
	json_decref(now);
	return *out ? 0 : oom(err);
}

/* The tokens of text as the run tokenised its targets: one per character
 * when the utterance's old tokens are single characters (a character-
 * tokenised Chinese run), else words (model/tokenize.h) in the run's
 * language. */
static char *tokens_of(const char *text, const char *old_json, const char *lang, xp_err *err)
{
	json_t *old = json_loads(old_json ? old_json : "[]", 0, NULL), *t;
	size_t i, single = 0, multi = 0;
	json_array_foreach(old, i, t) {
		const char *s = json_string_value(t);
		size_t len = s ? strlen(s) : 0, cps = 0;
		for (size_t k = 0; k < len; k++)
			cps += ((unsigned char)s[k] & 0xC0) != 0x80;
		single += cps == 1 && (unsigned char)s[0] >= 0x80, multi += cps > 1;
	}
	json_decref(old);
	xp_tok *tok = NULL;
	uint32_t n = 0;
	size_t cap = 0;
	if (xp_tokenize(text, strlen(text), single && !multi ? XP_TOK_CHARS : XP_TOK_WORDS, lang, &tok, &n, &cap)) {
		free(tok);
		oom(err);
		return NULL;
	}
	json_t *a = json_array();
	for (uint32_t k = 0; a && k < n; k++)
		json_array_append_new(a, json_stringn(text + tok[k].off, tok[k].len));
	free(tok);
	char *s = a ? json_dumps(a, JSON_COMPACT) : NULL;
	json_decref(a);
	if (!s)
		oom(err);
	return s;
}

static int64_t newest_correction(xp_db *db) { return xp_sql_int(db, "SELECT coalesce(max(id), 0) FROM corrections", 0); }

/* Runs st, an INSERT INTO tedits whose parameters 7 to 10 are what every
 * target edit records (annotator, note, created, after) and whose others
 * the caller bound; finalizes it.  what names it in an error. */
static int insert_tedit(xp_db *db, sqlite3_stmt *st, const char *annotator, const char *note, const char *what,
			xp_err *err)
{
	char now[32];
	xp_now(now, sizeof now);
	if (annotator)
		sqlite3_bind_text(st, 7, annotator, -1, SQLITE_STATIC);
	if (note)
		sqlite3_bind_text(st, 8, note, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 9, now, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 10, newest_correction(db));
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, what);
	sqlite3_finalize(st);
	/* its place among reviews made after the same correction (schema 10):
	 * undo takes back a keep made after it first */
	if (rc == 0 && db->version >= 10 &&
	    xp_sql_exec(db, "UPDATE tedits SET after_review = (SELECT coalesce(max(id), 0) FROM reviews)"
			" WHERE id = last_insert_rowid()", err))
		rc = -1;
	return rc;
}

static int finish(xp_db *db, int rc, xp_err *err)
{
	if (rc) {
		xp_sql_rollback(db);
		return rc < 0 ? rc : -1;
	}
	return xp_sql_commit(db, err);
}

/* inside the transaction: the mention's place, refused when it moved on
 * since version */
static int at(xp_db *db, int64_t run, const char *key, int64_t version, where *w, xp_err *err)
{
	int rc = locate(db, run, key, w, err);
	if (rc)
		return rc;
	int64_t now = xp_db_mention_version(db, run, key);
	if (version >= 0 && now != version)
		return xp_failc(err, XP_ECONFLICT, "", 0,
				"%s changed since you saw it (version %lld, now %lld): nothing was written", key,
				(long long)version, (long long)now);
	return 0;
}

/* A transaction begun at the mention on screen (at): none when refused */
static int begin_at(xp_db *db, int64_t run, const char *key, int64_t version, where *w, xp_err *err)
{
	if (xp_sql_begin(db, err))
		return -1;
	int rc = at(db, run, key, version, w, err);
	return rc ? finish(db, rc, err) : 0;
}

int xp_db_realign_at(xp_db *db, int64_t run, const char *key, const int64_t *blocks, size_t n,
		     const char *annotator, const char *note, int64_t version, xp_err *err)
{
	if (!n)
		return xp_failc(err, XP_EINPUT, "", 0, "re-pair %s: which lines? (at least one block)", key);
	where w;
	int rc = begin_at(db, run, key, version, &w, err);
	if (rc)
		return rc;
	if (w.tgt_idx < 0)
		return finish(db, xp_failc(err, XP_EINPUT, "", 0, "re-pair %s: its utterance has no target sentence in "
					   "this run (only a paired utterance can be re-paired)", key), err);
	json_t *around = blocks_around(db, w.doc, w.en_idx), *chosen = json_array();
	xp_buf text = {0};
	for (size_t k = 0; k < n && rc == 0; k++)
		for (size_t j = 0; j < k && rc == 0; j++)
			if (blocks[j] == blocks[k])
				rc = xp_failc(err, XP_EINPUT, "", 0, "re-pair %s: block %lld given twice", key,
					      (long long)blocks[k]);
	/* in block order, whatever order they were given in */
	json_t *b;
	size_t i;
	json_array_foreach(around, i, b) {
		for (size_t k = 0; k < n; k++)
			if (json_integer_value(json_object_get(b, "id")) == blocks[k]) {
				json_array_append_new(chosen, json_pack("{s:O,s:O}", "id", json_object_get(b, "id"), "text",
									json_object_get(b, "text")));
				if (text.n)
					xp_buf_putc(&text, ' ');
				xp_buf_puts(&text, json_string_value(json_object_get(b, "text")));
			}
	}
	if (rc == 0 && json_array_size(chosen) != n)
		rc = xp_failc(err, XP_EINPUT, "", 0, "re-pair %s: a block is not among the lines of utterances %lld to "
			      "%lld (the ones it may be paired with)", key, (long long)(w.en_idx - NEIGHBOURS),
			      (long long)(w.en_idx + NEIGHBOURS));
	/* the blocks it is paired with now: a realign that changes nothing
	 * would still take every span of the line away (they wait for the
	 * corrector after a realign) and count as an action */
	if (rc == 0) {
		json_t *now = lines_now(db, w.utt), *x;
		size_t same = 0;
		json_array_foreach(now, i, x)
			for (size_t k = 0; k < n; k++)
				same += json_is_integer(json_object_get(x, "id")) && json_integer_value(json_object_get(x, "id")) == blocks[k];
		if (now && same == n && json_array_size(now) == n)
			rc = xp_failc(err, XP_EINPUT, "", 0, "re-pair %s: line %lld is paired with %s already: nothing was "
				      "written (choose other blocks, or Esc)", key, (long long)w.en_idx,
				      n == 1 ? "that block" : "those blocks");
		json_decref(now);
	}
	xp_buf_putc(&text, 0);
	char *old = NULL, *toks = NULL, *subs = NULL;
	sqlite3_stmt *st = NULL;
	if (rc == 0 && text.oom)
		rc = oom(err);
	/* the run's own tokens say how to tokenise */
	if (rc == 0 && xp_sql_prepare(db, "SELECT tgt FROM utterances WHERE id = ?", &st, err))
		rc = -1;
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, w.utt);
		if (sqlite3_step(st) == SQLITE_ROW && !(old = strdup(xp_sql_text(st, 0))))
			rc = oom(err);
		sqlite3_finalize(st);
	}
	if (rc == 0 && !(toks = tokens_of(text.p, old, w.lang, err)))
		rc = -1;
	if (rc == 0 && !(subs = json_dumps(chosen, JSON_COMPACT | JSON_PRESERVE_ORDER)))
		rc = oom(err);
	if (rc == 0 && xp_sql_prepare(db, "INSERT INTO tedits(run, kind, utterance, mention, tgt, tgt_text, tgt_subs,"
				      " annotator, note, created, after) VALUES(?,'realign',?,?,?,?,?,?,?,?,?)", &st, err))
		rc = -1;
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_int64(st, 2, w.utt);
		sqlite3_bind_int64(st, 3, w.mention);
		sqlite3_bind_text(st, 4, toks, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, text.p, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, subs, -1, SQLITE_STATIC);
		rc = insert_tedit(db, st, annotator, note, "realign", err);
	}
	if (rc == 0) {
		json_t *ids = json_array();
		for (size_t k = 0; k < n; k++)
			json_array_append_new(ids, json_integer(blocks[k]));
		rc = xp_history_json(db, "realign", json_pack("{s:I,s:o,s:I,s:o,s:o,s:o*}", "run", (json_int_t)run, "key",
							       xp_json_text(key), "utt", (json_int_t)w.en_idx, "blocks", ids,
							       "annotator", xp_json_text(annotator ? annotator : ""), "note",
							       note ? xp_json_text(note) : NULL), err);
	}
	json_decref(around), json_decref(chosen);
	xp_buf_free(&text);
	free(old), free(toks), free(subs);
	return finish(db, rc, err);
}

/* 0, or XP_EINPUT naming the mention of utterance row urow (target
 * sentence sent of document doc) whose tokens are [start, end) now: the
 * mention on screen (row self) or a target-only mention, in any entity,
 * as the page refuses them; another mention of the line in the entity
 * the new one would join (`cluster`).  Another's in another entity is a
 * span in two entities, which the store and the metrics allow
 * (docs/nothing-lost.md). */
static int tokens_taken(xp_db *db, int64_t doc, int64_t urow, int64_t self, int64_t cluster, int64_t sent, int64_t start,
			int64_t end, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT id FROM mentions WHERE utterance = ? ORDER BY id", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, urow);
	int rc = 0;
	int64_t hit = -1, in = 0;
	while (hit < 0 && sqlite3_step(st) == SQLITE_ROW) {
		xp_mstate ms;
		int64_t id = sqlite3_column_int64(st, 0);
		if (xp_db_state(db, id, &ms)) {
			rc = xp_sql_fail(db, err, "the line's mentions");
			break;
		}
		if (ms.projected && ms.sent == sent && ms.start == start && ms.end == end && (id == self || ms.cluster == cluster))
			hit = id, in = ms.cluster;
	}
	sqlite3_finalize(st);
	if (rc)
		return rc;
	char k[600];
	if (hit >= 0)
		return xp_mention_key_of(db, hit, k, sizeof k)
			       ? xp_sql_fail(db, err, "the line's mentions")
			       : xp_failc(err, XP_EINPUT, "", 0, "the selected tokens (%lld-%lld) are mention %s already (entity "
					  "%lld): nothing was written (to move it to another entity, open it and press r)",
					  (long long)start, (long long)end, k, (long long)in);
	json_t *ta = xp_tadds_json(db, doc), *t;
	size_t i;
	if (!ta)
		return xp_sql_fail(db, err, "the line's target-only mentions");
	json_array_foreach(ta, i, t)
		if (json_integer_value(json_object_get(t, "sent")) == sent && json_integer_value(json_object_get(t, "start")) == start &&
		    json_integer_value(json_object_get(t, "end")) == end) {
			char name[160];
			xp_tadd_name(db, json_integer_value(json_object_get(t, "tid")), name, sizeof name);
			rc = xp_failc(err, XP_EINPUT, "", 0, "the selected tokens (%lld-%lld) are the %s already (entity %lld): "
				      "nothing was written (to move it to another entity, select it and press r)",
				      (long long)start, (long long)end, name, (long long)json_integer_value(json_object_get(t, "cluster")));
			break;
		}
	json_decref(ta);
	return rc;
}

int xp_db_tadd_at(xp_db *db, int64_t run, const char *key, int64_t utt, int64_t start, int64_t end,
		  int64_t cluster, const char *annotator, const char *note, int64_t version, int64_t *id,
		  xp_err *err)
{
	if (!XP_CLUSTER_OK(cluster))
		return xp_failc(err, XP_EINPUT, "", 0, "cluster %lld is not a cluster number", (long long)cluster);
	where w;
	int rc = begin_at(db, run, key, version, &w, err);
	if (rc)
		return rc;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT u.id, u.tgt_idx, " XP_SQL_NTOKS("coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt)")
			   " FROM utterances u WHERE u.document = ? AND u.en_idx = ?", &st, err))
		return finish(db, -1, err);
	sqlite3_bind_int64(st, 1, w.doc);
	sqlite3_bind_int64(st, 2, utt);
	int64_t urow = -1, sent = -1, ntoks = 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		urow = sqlite3_column_int64(st, 0);
		sent = sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 1);
		ntoks = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
	if (urow < 0)
		rc = xp_failc(err, XP_EINPUT, "", 0, "add: utterance %lld is not in %s's document", (long long)utt, key);
	else if (sent < 0)
		rc = xp_failc(err, XP_EINPUT, "", 0, "add: utterance %lld has no target sentence", (long long)utt);
	/* said as the page's corrector meets it: a selection in the line */
	else if (start < 0 || start >= end)
		rc = xp_failc(err, XP_EINPUT, "", 0, "the selected tokens (%lld-%lld) are not a span of the line: select them "
			      "again", (long long)start, (long long)end);
	else if (end > ntoks)
		rc = xp_failc(err, XP_EINPUT, "", 0, "the selected tokens (%lld-%lld) run past the end of the line (%lld "
			      "tokens): select them again", (long long)start, (long long)end, (long long)ntoks);
	/* tokens that are a mention of the line already (an English mention's
	 * span as it is now, or a live target-only mention's): a second
	 * mention of the same tokens adds nothing to the entity it is in, and
	 * the corpus cannot say which of two entities they belong to; moving
	 * it is a relink (the page refused both; the API took them) */
	if (rc == 0)
		rc = tokens_taken(db, w.doc, urow, w.mention, cluster, sent, start, end, err);
	xp_xguard g = {0};
	if (rc == 0 && xp_sql_prepare(db, "INSERT INTO tedits(run, kind, utterance, mention, cluster, start, end,"
				      " annotator, note, created, after) VALUES(?,'tadd',?,?,?,?,?,?,?,?,?)", &st, err))
		rc = -1;
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_int64(st, 2, urow);
		sqlite3_bind_int64(st, 3, w.mention);
		sqlite3_bind_int64(st, 4, cluster);
		sqlite3_bind_int64(st, 5, start);
		sqlite3_bind_int64(st, 6, end);
		rc = insert_tedit(db, st, annotator, note, "add a target mention", err);
	}
	int64_t tid = rc == 0 ? sqlite3_last_insert_rowid(db->h) : 0;
	if (rc == 0)
		rc = xp_xguard_touch_tadd(db, &g, tid, err);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	if (rc == 0) {
		*id = tid;
		rc = xp_history_json(db, "tadd", json_pack("{s:I,s:I,s:o,s:I,s:I,s:I,s:I,s:I,s:o,s:o*}", "run", (json_int_t)run,
							   "id", (json_int_t)*id, "key", xp_json_text(key), "utt", (json_int_t)utt,
							   "sent", (json_int_t)sent, "start", (json_int_t)start, "end",
							   (json_int_t)end, "cluster", (json_int_t)cluster, "annotator",
							   xp_json_text(annotator ? annotator : ""), "note",
							   note ? xp_json_text(note) : NULL), err);
	}
	return finish(db, rc, err);
}

/* A relink of target-only mention tid to cluster, or (cluster
 * XP_TADD_DELETED, schema 15) its deletion: a move out of every cluster,
 * which xp_tadds_json and the carry-over leave out and undo takes back as
 * a relink's. */
static int move_tadd(xp_db *db, int64_t run, const char *key, int64_t tid, int64_t from, int64_t cluster,
		     const char *annotator, const char *note, int64_t version, xp_err *err)
{
	int del = cluster == XP_TADD_DELETED;
	const char *verb = del ? "delete" : "relink";
	if (!del && !XP_CLUSTER_OK(cluster))
		return xp_failc(err, XP_EINPUT, "", 0, "cluster %lld is not a cluster number", (long long)cluster);
	if (db->version < (del ? 15 : 14))   /* a store kept at an older schema (tests) has nowhere to keep it */
		return xp_failc(err, XP_EINPUT, db->path, 0, "%s +%lld: a store of schema %d cannot %s a "
				"target-only mention alone (open it with this xproj to upgrade it)", verb, (long long)tid,
				db->version, verb);
	where w;
	int rc = begin_at(db, run, key, version, &w, err);
	if (rc)
		return rc;
	/* the target-only mention: live, of the document on screen, and the
	 * cluster it is in now (its newest live move's, else its own) */
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT " XP_SQL_TADD_CLUSTER("t") " FROM tedits t JOIN utterances u ON u.id = t.utterance"
			   " WHERE t.id = ? AND t.run = ? AND u.document = ? AND u.tgt_idx IS NOT NULL AND " XP_SQL_TADD_LIVE("t"),
			   &st, err))
		return finish(db, -1, err);
	sqlite3_bind_int64(st, 1, tid);
	sqlite3_bind_int64(st, 2, run);
	sqlite3_bind_int64(st, 3, w.doc);
	int64_t now = -1;
	int step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		now = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "the target-only mention");
	/* (named by the number asked for: no such live row of this document) */
	else if (now < 0)
		rc = xp_failc(err, XP_EINPUT, "", 0, "+%lld is not a target-only mention of %s's document (or it was "
			      "undone)", (long long)tid, key);
	/* someone moved it since the corrector saw it: what they decided on
	 * is not there */
	char tname[160] = "";
	if (rc == 0 && ((from >= 0 && now != from) || now == cluster))
		xp_tadd_name(db, tid, tname, sizeof tname);
	if (rc == 0 && from >= 0 && now != from)
		rc = xp_failc(err, XP_ECONFLICT, "", 0, "the %s changed since you saw it (it is in entity %lld now, not "
			      "%lld): look at its entity again and relink it again if it is still needed", tname,
			      (long long)now, (long long)from);
	else if (rc == 0 && now == cluster)
		rc = xp_failc(err, XP_EINPUT, "", 0, "the %s is in that entity already: choose another", tname);
	char name[160], sum[128], stamp[32];
	if (del)
		snprintf(name, sizeof name, "delete +%lld", (long long)tid);
	else
		snprintf(name, sizeof name, "relink +%lld into cluster %lld", (long long)tid, (long long)cluster);
	xp_now(stamp, sizeof stamp);
	/* with the store's next batch number: the same relink undone and made
	 * again within a second (the stamp's) is another batch, which db merge
	 * (that takes batches alike in checksum, name, annotator and time for
	 * one) must not fold into the undone one */
	snprintf(sum, sizeof sum, XP_TRELINK_SUM "%lld:%lld:%lld:%s:%lld", (long long)run, (long long)tid, (long long)cluster,
		 stamp, (long long)xp_sql_int(db, "SELECT coalesce(max(id), 0) + 1 FROM batches", 0));
	/* the guard reads its sentence before and after the move; a crossing
	 * pair is said from it */
	char gkey[64];
	snprintf(gkey, sizeof gkey, "a target-only mention (%lld)", (long long)tid);
	xp_xguard g = {.key = gkey};
	if (rc == 0)
		rc = xp_xguard_touch_tadd(db, &g, tid, err);
	/* a batch of one move: the cluster a target-only mention is in is its
	 * newest live move's, whether a merge or this made it */
	int64_t batch = 0;
	if (rc == 0)
		rc = xp_batch_insert(db, name, sum, annotator, stamp, &batch, err);
	/* schema 16: with its note (a store kept at 15, in tests, has it in
	 * the history line alone) */
	if (rc == 0 && xp_sql_prepare(db, db->version >= 16
				      ? "INSERT INTO tmoves(batch, tedit, cluster, mention, after, after_review, after_tedit, note)"
					" VALUES(?,?,?,?,(SELECT coalesce(max(id), 0) FROM corrections),"
					" (SELECT coalesce(max(id), 0) FROM reviews), (SELECT coalesce(max(id), 0) FROM tedits), ?5)"
				      : "INSERT INTO tmoves(batch, tedit, cluster, mention, after, after_review, after_tedit)"
					" VALUES(?,?,?,?,(SELECT coalesce(max(id), 0) FROM corrections),"
					" (SELECT coalesce(max(id), 0) FROM reviews), (SELECT coalesce(max(id), 0) FROM tedits))",
				      &st, err))
		rc = -1;
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, batch);
		sqlite3_bind_int64(st, 2, tid);
		sqlite3_bind_int64(st, 3, cluster);
		sqlite3_bind_int64(st, 4, w.mention);
		if (db->version >= 16 && note)
			sqlite3_bind_text(st, 5, note, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, verb);
		sqlite3_finalize(st);
	}
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	if (rc == 0)
		rc = xp_history_json(db, verb, json_pack("{s:s,s:I,s:I,s:o,s:I,s:I,s:I,s:o,s:o*}", "op", verb, "run",
							     (json_int_t)run, "id", (json_int_t)tid, "key", xp_json_text(key),
							     "batch", (json_int_t)batch, "from", (json_int_t)now, "cluster",
							     (json_int_t)cluster, "annotator",
							     xp_json_text(annotator ? annotator : ""), "note",
							     note ? xp_json_text(note) : NULL), err);
	return finish(db, rc, err);
}

int xp_db_relink_tadd_at(xp_db *db, int64_t run, const char *key, int64_t tid, int64_t from, int64_t cluster,
			 const char *annotator, const char *note, int64_t version, xp_err *err)
{
	if (cluster == XP_TADD_DELETED)
		return xp_failc(err, XP_EINPUT, "", 0, "cluster %lld is not a cluster number", (long long)cluster);
	return move_tadd(db, run, key, tid, from, cluster, annotator, note, version, err);
}

int xp_db_delete_tadd_at(xp_db *db, int64_t run, const char *key, int64_t tid, int64_t from, const char *annotator,
			 const char *note, int64_t version, xp_err *err)
{
	return move_tadd(db, run, key, tid, from, XP_TADD_DELETED, annotator, note, version, err);
}

json_t *xp_tadds_json(xp_db *db, int64_t doc) { return xp_tadds_json_by(db, doc, NULL); }

json_t *xp_tadds_json_by(xp_db *db, int64_t doc, const char *annotator)
{
	sqlite3_stmt *st;
	json_t *a = json_array();
	if (!a || db->version < 9)
		return a;
	/* ?2, an annotator: their own target-only mentions and the run's
	 * (rule, schema 15: the projection's, which every version starts
	 * from), each moved by their own moves only (a batch's annotator) */
#define WHO(rule) "(?2 IS NULL OR " rule " OR coalesce(t.annotator, '') = ?2)"
#define MOVES_BY "(?2 IS NULL OR coalesce(b.annotator, '') = ?2)"
#define TADDS(cluster, rule, who) "SELECT t.id, u.en_idx, u.tgt_idx, t.start, t.end, " cluster ", t.annotator, " rule \
	" FROM tedits t JOIN utterances u ON u.id = t.utterance WHERE u.document = ?1 AND " \
	XP_SQL_TADD_LIVE("t") " AND u.tgt_idx IS NOT NULL AND " who " ORDER BY t.id"
	/* schema 15: the run's own say their rule; a deleted one (moved out
	 * of every cluster) is not there */
	if (xp_sql_cached(db, db->version >= 15 ? "SELECT * FROM (" TADDS(XP_SQL_TADD_CLUSTER_IF("t", MOVES_BY) " AS c", "t.rule",
									WHO("t.rule IS NOT NULL")) ") WHERE c >= 0 ORDER BY 1"
			      : db->version >= 13 ? TADDS(XP_SQL_TADD_CLUSTER_IF("t", MOVES_BY), "NULL", WHO("0"))
						  : TADDS("t.cluster", "NULL", WHO("0")), &st, NULL)) {
		json_decref(a);
		return NULL;
	}
#undef WHO
#undef MOVES_BY
	sqlite3_bind_int64(st, 1, doc);
	if (annotator)
		sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	int step, bad = 0;
	while (!bad && (step = sqlite3_step(st)) == SQLITE_ROW) {
		bad = json_array_append_new(a, json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:o}", "tid", (json_int_t)sqlite3_column_int64(st, 0),
							  "utt", (json_int_t)sqlite3_column_int64(st, 1), "sent",
							  (json_int_t)sqlite3_column_int64(st, 2), "start",
							  (json_int_t)sqlite3_column_int64(st, 3), "end", (json_int_t)sqlite3_column_int64(st, 4),
							  "cluster", (json_int_t)sqlite3_column_int64(st, 5), "annotator",
							  xp_json_text(xp_sql_text(st, 6)))) != 0;
		/* the run's (a rule's): said, so that every view tells it from a corrector's */
		if (!bad && sqlite3_column_type(st, 7) != SQLITE_NULL)
			bad = json_object_set_new(json_array_get(a, json_array_size(a) - 1), "rule",
						  xp_json_text(xp_sql_text(st, 7))) != 0;
	}
	xp_sql_release(db, st);
	/* a list cut short is not the document's: the caller says so */
	if (bad || step != SQLITE_DONE) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/* --- re-projection after a realign (schema 10) ----------------------------------------- */

/* The store file's directory as written (dirname of db->path), into
 * out: "." for a store named without one. */
static void store_dir(const xp_db *db, char *out, size_t cap)
{
	const char *slash = strrchr(db->path, '/');
	if (!slash)
		snprintf(out, cap, ".");
	else if (slash == db->path)
		snprintf(out, cap, "/");
	else
		snprintf(out, cap, "%.*s", (int)(slash - db->path), db->path);
}

int xp_db_run_model(xp_db *db, int64_t run, char **path, int64_t *size, uint64_t *hash, json_t **how, xp_err *err)
{
	*path = NULL;
	if (how)
		*how = NULL;
	if (db->version < 10)
		return 0;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT wa_model FROM runs WHERE id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	int rc = sqlite3_step(st);
	json_t *j = rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL ? json_loads(xp_sql_text(st, 0), 0, NULL)
										: NULL;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return xp_sql_fail(db, err, "the run's model");
	if (rc == SQLITE_DONE)
		return xp_failc(err, XP_ENOTFOUND, "", 0, "no run %lld", (long long)run);
	const char *p = json_string_value(json_object_get(j, "path"));
	if (p) {
		*size = (int64_t)json_integer_value(json_object_get(j, "size"));
		const char *h = json_string_value(json_object_get(j, "hash"));
		*hash = h ? strtoull(h, NULL, 16) : 0;
		/* relative: to the store's directory, wherever the store is now;
		 * where that has no such file (a merged store elsewhere), where
		 * the model was when recorded */
		if (*p != '/') {
			char dir[sizeof db->path], full[sizeof db->path + 4200];
			store_dir(db, dir, sizeof dir);
			snprintf(full, sizeof full, "%s/%s", dir, p);
			const char *was = json_string_value(json_object_get(j, "recorded_at"));
			*path = strdup(access(full, F_OK) != 0 && was ? was : full);
		} else {
			*path = strdup(p);
		}
		if (!*path)
			rc = oom(err);
		else if (how && json_is_object(json_object_get(j, "aligner")))
			*how = json_incref(json_object_get(j, "aligner"));
	}
	json_decref(j);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

int xp_db_set_run_model(xp_db *db, int64_t run, const char *path, int64_t size, uint64_t hash, const json_t *how,
			xp_err *err)
{
	if (db->version < 10)
		return xp_failc(err, XP_EINPUT, db->path, 0, "a store at schema %d records no model", db->version);
	char hex[20];
	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)hash);
	/* a model in the store's directory or under it is named relative to
	 * it, so that the two moved or copied together still find each other
	 * (a pipeline's output directory); elsewhere, absolute */
	const char *rel = NULL;
	char dir[sizeof db->path];
	store_dir(db, dir, sizeof dir);
	char *sdir = path && *path == '/' ? realpath(dir, NULL) : NULL;
	size_t n = sdir ? strlen(sdir) : 0;
	if (sdir && !strncmp(path, sdir, n) && (n == 1 || path[n] == '/') && path[n + (n > 1)])
		rel = path + n + (n > 1);
	json_t *j = path ? json_pack("{s:o,s:I,s:s}", "path", xp_json_text(rel ? rel : path), "size", (json_int_t)size,
				     "hash", hex)
			 : NULL;
	if (j && rel)
		json_object_set_new(j, "recorded_at", xp_json_text(path));
	if (j && how)
		json_object_set_new(j, "aligner", json_deep_copy(how));
	free(sdir);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(j);
	if (path && !s)
		return oom(err);
	sqlite3_stmt *st;
	int rc = xp_sql_prepare(db, "UPDATE runs SET wa_model = ? WHERE id = ?", &st, err);
	if (rc == 0) {
		if (s)
			sqlite3_bind_text(st, 1, s, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, run);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "record the run's model");
		if (rc == 0 && sqlite3_changes(db->h) != 1)
			rc = xp_failc(err, XP_ENOTFOUND, "", 0, "no run %lld", (long long)run);
		sqlite3_finalize(st);
	}
	free(s);
	return rc;
}

int xp_db_reproj_input(xp_db *db, int64_t run, const char *key, json_t **out, xp_err *err)
{
	*out = NULL;
	where w;
	int rc = locate(db, run, key, &w, err);
	if (rc)
		return rc;
	int64_t rid, after, n;
	rc = xp_realigned(db, w.utt, &rid, &after, &n);
	if (rc < 0)
		return xp_sql_fail(db, err, "realign");
	if (rc == 0)
		return xp_failc(err, XP_ENOTFOUND, "", 0, "%s: its utterance was not re-paired", key);
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT d.doc, d.part, u.speaker, u.src, t.tgt, u.tgt_idx, r.settings FROM tedits t"
			   " JOIN utterances u ON u.id = t.utterance JOIN documents d ON d.id = u.document"
			   " JOIN runs r ON r.id = d.run WHERE t.id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, rid);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return xp_sql_fail(db, err, "realign");
	}
	json_t *o = json_pack("{s:I,s:I,s:s,s:o,s:i,s:o,s:o,s:o,s:I,s:o,s:o}", "tedit", (json_int_t)rid, "run", (json_int_t)run,
			      "lang", w.lang, "doc", xp_json_text(xp_sql_text(st, 0)), "part", sqlite3_column_int(st, 1),
			      "speaker", xp_json_text(xp_sql_text(st, 2)), "src", json_loads(xp_sql_text(st, 3), 0, NULL),
			      "tgt", json_loads(xp_sql_text(st, 4), 0, NULL), "sent", (json_int_t)sqlite3_column_int64(st, 5),
			      "settings", json_loads(xp_sql_text(st, 6), 0, NULL), "mentions", json_array());
	sqlite3_finalize(st);
	if (!o)
		return xp_failc(err, XP_EINPUT, db->path, 0, "%s: its utterance's tokens or the run's settings are not JSON",
				key);
	if (xp_sql_prepare(db, "SELECT id, mention, cluster, start, end FROM mentions WHERE utterance = ? ORDER BY start, end",
			   &st, err)) {
		json_decref(o);
		return -1;
	}
	sqlite3_bind_int64(st, 1, w.utt);
	json_t *ms = json_object_get(o, "mentions");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		json_array_append_new(ms, json_pack("{s:I,s:I,s:I,s:I,s:I}", "row", (json_int_t)sqlite3_column_int64(st, 0),
						    "id", (json_int_t)sqlite3_column_int64(st, 1), "cluster",
						    (json_int_t)sqlite3_column_int64(st, 2), "start",
						    (json_int_t)sqlite3_column_int64(st, 3), "end",
						    (json_int_t)sqlite3_column_int64(st, 4)));
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		json_decref(o);
		return xp_sql_fail(db, err, "the utterance's mentions");
	}
	*out = o;
	return 0;
}

int xp_db_reproj_put(xp_db *db, int64_t tedit, const json_t *proposals, const char *what, xp_err *err)
{
	if (db->version < 10)
		return 0;
	if (xp_sql_begin(db, err))
		return -1;
	sqlite3_stmt *st = NULL;
	/* a proposed span is in the corrected view as an edit's is: it may not
	 * cross another mention of its entity either */
	xp_xguard g = {0};
	int64_t doc = -1;
	if (xp_sql_cached(db, "SELECT u.document FROM tedits t JOIN utterances u ON u.id = t.utterance WHERE t.id = ?",
			  &st, NULL) == 0) {
		sqlite3_bind_int64(st, 1, tedit);
		if (sqlite3_step(st) == SQLITE_ROW)
			doc = sqlite3_column_int64(st, 0);
		xp_sql_release(db, st);
		st = NULL;
	}
	int rc = doc < 0 ? xp_failc(err, XP_EINPUT, "", 0, "re-projection: no realign %lld", (long long)tedit)
			 : xp_xguard_add(db, &g, doc, err);
	if (rc == 0)
		rc = xp_sql_prepare(db, "UPDATE tedits SET reproj = ? WHERE id = ? AND kind = 'realign'", &st, err);
	if (rc == 0) {
		sqlite3_bind_text(st, 1, what, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, tedit);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "re-projection");
		sqlite3_finalize(st);
	}
	if (rc == 0 && xp_sql_prepare(db, "INSERT OR REPLACE INTO reproj(tedit, mention, tgt_start, tgt_end, fate, confidence)"
				      " SELECT ?1, m.id, ?3, ?4, ?5, ?6 FROM mentions m JOIN tedits t ON t.utterance = m.utterance"
				      " WHERE t.id = ?1 AND m.id = ?2", &st, err))
		rc = -1;
	json_t *p;
	size_t i;
	json_array_foreach(proposals, i, p) {
		if (rc)
			break;
		json_t *span = json_object_get(p, "span");
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		sqlite3_bind_int64(st, 1, tedit);
		sqlite3_bind_int64(st, 2, (int64_t)json_integer_value(json_object_get(p, "row")));
		if (json_array_size(span) == 2) {
			sqlite3_bind_int64(st, 3, (int64_t)json_integer_value(json_array_get(span, 0)));
			sqlite3_bind_int64(st, 4, (int64_t)json_integer_value(json_array_get(span, 1)));
		}
		const char *fate = json_string_value(json_object_get(p, "fate"));
		sqlite3_bind_text(st, 5, fate ? fate : "unknown", -1, SQLITE_STATIC);
		sqlite3_bind_double(st, 6, json_number_value(json_object_get(p, "confidence")));
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = xp_sql_fail(db, err, "re-projection");
		else if (sqlite3_changes(db->h) != 1)
			rc = xp_failc(err, XP_EINPUT, "", 0, "re-projection: mention row %lld is not of the re-paired utterance",
				      (long long)json_integer_value(json_object_get(p, "row")));
	}
	sqlite3_finalize(st);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	return finish(db, rc, err);
}

json_t *xp_db_reproj_of(xp_db *db, int64_t mention)
{
	if (db->version < 10)
		return json_null();
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT t.id, t.reproj, p.tgt_start, p.tgt_end, p.fate, p.confidence, u.tgt_idx FROM mentions m"
			       " JOIN utterances u ON u.id = m.utterance JOIN tedits t ON t.utterance = m.utterance"
			       " AND t.kind = 'realign' AND t.undone = 0"
			       " LEFT JOIN reproj p ON p.tedit = t.id AND p.mention = m.id WHERE m.id = ?"
			       " ORDER BY t.id DESC LIMIT 1", &st, NULL))
		return json_null();
	sqlite3_bind_int64(st, 1, mention);
	json_t *o = json_null();
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *what = sqlite3_column_type(st, 1) == SQLITE_NULL ? NULL : xp_sql_text(st, 1);
		int has = sqlite3_column_type(st, 2) != SQLITE_NULL;
		o = json_pack("{s:s,s:o,s:o,s:o,s:o}", "state", !what ? "none" : strcmp(what, "proposed") ? "none" : "proposed",
			      "why", what && strcmp(what, "proposed") ? xp_json_text(what)
				     : what ? json_null() : json_string("this realign was not re-projected"),
			      "span", has ? json_pack("[I,I,I]", (json_int_t)sqlite3_column_int64(st, 6),
						      (json_int_t)sqlite3_column_int64(st, 2), (json_int_t)sqlite3_column_int64(st, 3))
					  : json_null(),
			      "fate", sqlite3_column_type(st, 4) == SQLITE_NULL ? json_null() : xp_json_text(xp_sql_text(st, 4)),
			      "confidence", sqlite3_column_type(st, 5) == SQLITE_NULL ? json_null()
										       : json_real(sqlite3_column_double(st, 5)));
		if (!o)
			o = json_null();
	}
	xp_sql_release(db, st);
	return o;
}
