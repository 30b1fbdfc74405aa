/*
 * correct/carry.c — corrections follow reruns.  When a run is imported, each
 * of its documents looks for the latest earlier run of the same language
 * that holds it, and every mention a person touched there (a live
 * correction, a keep or a note) is carried over if it is still the same
 * question: the same English mention (id, utterance, span and utterance
 * text) over the same target sentence text.  What is carried is the
 * corrected state, not the list of edits: a person who modified a span twice
 * meant the last span, and the new run's projection may already agree with
 * it (then nothing is written) or differ in a way that makes the original
 * operation impossible (an addition on a mention the new aligner projected).
 * The edit is re-expressed against the new projection and goes through the
 * same validation as any other.  Every touched mention gets a `carries` row
 * (carried, agrees, or lost with the reason), so nothing is left behind
 * without being listed.
 */
#include "store.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct carry_stats {
	size_t carried, agrees, lost;
} carry_stats;

/* the English side and the target sentence of a mention row */
typedef struct side {
	int64_t row, en_idx, start, end;
	const char *src, *tgt;
	int64_t cluster;   /* the English file's chain label */
} side;

static int record(xp_db *db, int64_t run, int64_t from, const char *key, const char *status, const char *why,
		  int64_t correction, carry_stats *cs, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "INSERT INTO carries(run, from_run, mention_key, status, why, correction)"
			   " VALUES(?,?,?,?,?,?)", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int64(st, 2, from);
	sqlite3_bind_text(st, 3, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, status, -1, SQLITE_STATIC);
	if (why)
		sqlite3_bind_text(st, 5, why, -1, SQLITE_STATIC);
	if (correction)
		sqlite3_bind_int64(st, 6, correction);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "carry");
	sqlite3_finalize(st);
	if (rc == 0)
		!strcmp(status, "lost") ? cs->lost++ : !strcmp(status, "agrees") ? cs->agrees++ : cs->carried++;
	return rc;
}

/* the live reviews of the old mention, copied onto the new one; *kept set
 * when one of them is a keep */
static int copy_reviews(xp_db *db, int64_t run, int64_t old, int64_t new, int write, int *kept, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT id, kind, note, annotator FROM reviews WHERE mention = ? AND undone = 0 ORDER BY id",
			   &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, old);
	int rc = 0;
	*kept = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		const char *kind = xp_sql_text(st, 1);
		*kept |= !strcmp(kind, "keep");
		if (write)
			rc = xp_review_locked(db, run, new, kind, (const char *)sqlite3_column_text(st, 2),
					      (const char *)sqlite3_column_text(st, 3), sqlite3_column_int64(st, 0), err);
	}
	sqlite3_finalize(st);
	return rc;
}

/* the last live correction of a mention: its id, annotator and note */
static int64_t last_correction(xp_db *db, int64_t mention, char *annotator, size_t na, char *note, size_t nn)
{
	sqlite3_stmt *st;
	int64_t id = 0;
	annotator[0] = note[0] = '\0';
	if (sqlite3_prepare_v2(db->h,
			       "SELECT c.id, c.annotator, c.note FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
			       " WHERE c.mention = ? AND c.status = 'ok' AND c.undone = 0 AND coalesce(b.undone, 0) = 0"
			       " ORDER BY " XP_SQL_MADE_DESC("c") " LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, mention);
	if (sqlite3_step(st) == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		if (sqlite3_column_text(st, 1))
			snprintf(annotator, na, "%s", sqlite3_column_text(st, 1));
		if (sqlite3_column_text(st, 2))
			snprintf(note, nn, "%s", sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	return id;
}

static int same_state(const xp_mstate *a, const xp_mstate *b)
{
	return a->projected == b->projected &&
	       (!a->projected || (a->start == b->start && a->end == b->end && a->cluster == b->cluster));
}

/* The one mention of document doc (a run's) on the English words of o
 * (the same utterance, span and utterance text), of o's English chain
 * too when chain is set, its id in *id; 0 when there is none or more than
 * one.  Without the chain, more than one is a span in two chains. */
static int only_mention_at(xp_db *db, int64_t doc, const side *o, int chain, int64_t *id)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "SELECT m.mention FROM mentions m JOIN utterances u ON u.id = m.utterance"
			       " WHERE m.document = ?1 AND u.en_idx = ?2 AND m.start = ?3 AND m.end = ?4 AND u.src = ?5"
			       " AND (?6 = 0 OR m.cluster = ?7) LIMIT 2", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, doc);
	sqlite3_bind_int64(st, 2, o->en_idx);
	sqlite3_bind_int64(st, 3, o->start);
	sqlite3_bind_int64(st, 4, o->end);
	sqlite3_bind_text(st, 5, o->src, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 6, chain);
	sqlite3_bind_int64(st, 7, o->cluster);
	int n = 0;
	while (sqlite3_step(st) == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0), n++;
	sqlite3_finalize(st);
	return n == 1;
}

void xp_carry_label(char *key, size_t n, int64_t from_run)
{
	size_t k = strlen(key);
	if (k < n)
		snprintf(key + k, n - k, XP_CARRY_LABEL, (long long)from_run);
}

int xp_carry_old_key(const char *mkey, int64_t from_run, char *key, size_t n)
{
	char suffix[40];
	int k = snprintf(suffix, sizeof suffix, XP_CARRY_LABEL, (long long)from_run);
	size_t len = strlen(mkey);
	if (k <= 0 || len <= (size_t)k || strcmp(mkey + len - (size_t)k, suffix) || len - (size_t)k >= n)
		return 0;
	memcpy(key, mkey, len - (size_t)k);
	key[len - (size_t)k] = '\0';
	return 1;
}

/* the English words of s's span */
static int span_words(const side *s, json_t **a)
{
	*a = json_loads(s->src, 0, NULL);
	return json_is_array(*a) && s->start >= 0 && s->end <= (int64_t)json_array_size(*a) && s->start <= s->end;
}

/* Whether mention n of the new run, under o's id and not o's English
 * mention by utterance, span and text, may still be o: its unit changed (a
 * rerun that pairs the sentences otherwise joins or splits the units, the
 * English file the same).  It is, unless it is the English mention of
 * another mention of the earlier run (document old_doc; a renumbering put
 * that one under o's id) or its English words are other than o's. */
static int may_be_same(xp_db *db, int64_t old_doc, int64_t id, const side *o, const side *n)
{
	sqlite3_stmt *st;
	int other = 1;
	if (sqlite3_prepare_v2(db->h, "SELECT EXISTS (SELECT 1 FROM mentions m JOIN utterances u ON u.id = m.utterance"
			       " WHERE m.document = ?1 AND u.en_idx = ?2 AND m.start = ?3 AND m.end = ?4 AND u.src = ?5"
			       " AND m.mention != ?6)", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, old_doc);
	sqlite3_bind_int64(st, 2, n->en_idx);
	sqlite3_bind_int64(st, 3, n->start);
	sqlite3_bind_int64(st, 4, n->end);
	sqlite3_bind_text(st, 5, n->src, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 6, id);
	if (sqlite3_step(st) == SQLITE_ROW)
		other = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (other)
		return 0;
	json_t *a, *b;
	int same = span_words(o, &a) & span_words(n, &b) && o->end - o->start == n->end - n->start;
	for (int64_t i = 0; same && i < o->end - o->start; i++)
		same = json_equal(json_array_get(a, (size_t)(o->start + i)), json_array_get(b, (size_t)(n->start + i)));
	json_decref(a), json_decref(b);
	return same;
}

static int carry_mention(xp_db *db, int64_t run, int64_t from, const char *doc, int64_t part, int64_t old_doc,
			 int64_t new_doc, int64_t id, const side *o, sqlite3_stmt *find, xp_xguard *g, carry_stats *cs,
			 xp_err *err)
{
	char key[640], was[700] = "";
	xp_mention_key(key, sizeof key, doc, part, id);
	sqlite3_bind_int64(find, 2, id);
	int found = sqlite3_step(find) == SQLITE_ROW;
	side n = {0};
	if (found)
		n = (side){sqlite3_column_int64(find, 0), sqlite3_column_int64(find, 1), sqlite3_column_int64(find, 2),
			   sqlite3_column_int64(find, 3), (const char *)sqlite3_column_text(find, 4),
			   (const char *)sqlite3_column_text(find, 5), sqlite3_column_int64(find, 6)};
	/* A span in two English chains (a mention of each: "mine" as the
	 * speaker's and as the thing's) is told apart by the chain's label:
	 * after a renumbering the id alone put one chain's correction on the
	 * other's mention, carried, exit 0 */
	int64_t nid;
	int shared = !only_mention_at(db, old_doc, o, 0, &nid);
	int moved = !found || n.en_idx != o->en_idx || n.start != o->start || n.end != o->end || strcmp(n.src, o->src) ||
		    (shared && n.cluster != o->cluster);
	/* Mention ids number a document's English mentions in order, so one
	 * mention added to or removed from the English (a fix of the source
	 * annotation, then a rerun) renumbers every mention after it: each of
	 * their corrections was "lost: the English mention changed" though the
	 * mention was there, unchanged, under the next id, and the queue marked
	 * the mention now holding the old id, another, as lost.  The same English
	 * mention (utterance, span and text, one such in each run) under
	 * another id is the same question: carried to it, under its key. */
	if (moved && only_mention_at(db, old_doc, o, shared, &nid) && only_mention_at(db, new_doc, o, shared, &nid)) {
		sqlite3_reset(find);
		sqlite3_bind_int64(find, 2, nid);
		if ((found = sqlite3_step(find) == SQLITE_ROW)) {
			n = (side){sqlite3_column_int64(find, 0), sqlite3_column_int64(find, 1), sqlite3_column_int64(find, 2),
				   sqlite3_column_int64(find, 3), (const char *)sqlite3_column_text(find, 4),
				   (const char *)sqlite3_column_text(find, 5), sqlite3_column_int64(find, 6)};
			snprintf(was, sizeof was, "the same English mention as %s of run %lld, renumbered", key, (long long)from);
			xp_mention_key(key, sizeof key, doc, part, nid);
			moved = 0;
		}
	}
	const char *why = !found ? "the mention is not in the new run"
			: moved ? "the English mention changed"
			: strcmp(n.tgt, o->tgt) ? "the target sentence changed" : NULL;
	int rc;
	if (why) {
		/* no mention of the new run is this one: the row names the earlier
		 * run's, "DOC|ID (run N)", which no key of the new run is.  Under
		 * its bare key the queue, db show and the workbench marked lost the
		 * mention now holding that id, another one (after a renumbering),
		 * or one with a correction carried to it.  Lost on a mention of the
		 * new run (its target changed, a keep, a crossing; or its unit
		 * paired otherwise, may_be_same) keeps that mention's key. */
		if (!found || (moved && !may_be_same(db, old_doc, id, o, &n)))
			xp_carry_label(key, sizeof key, from);
		rc = record(db, run, from, key, "lost", why, 0, cs, err);
		sqlite3_reset(find);
		return rc;
	}
	xp_mstate want, now;
	char annotator[256], note[1024];
	int kept;
	int64_t last = last_correction(db, o->row, annotator, sizeof annotator, note, sizeof note);
	if (xp_db_state(db, o->row, &want) || xp_db_state(db, n.row, &now)) {
		sqlite3_reset(find);
		return xp_sql_fail(db, err, "carry: state");
	}
	sqlite3_reset(find);
	if (copy_reviews(db, run, o->row, n.row, 0, &kept, err))
		return -1;
	if (!last && kept && !same_state(&want, &now))
		/* a keep says the old projection was right; the new one is another
		 * question for the corrector */
		return record(db, run, from, key, "lost", "kept in the earlier run, projected differently now", 0, cs, err);
	if (copy_reviews(db, run, o->row, n.row, 1, &kept, err))
		return -1;
	if (!last || same_state(&want, &now))
		return record(db, run, from, key, last ? "agrees" : "carried", *was ? was : NULL, 0, cs, err);
	xp_edit e = {!want.projected ? XP_DELETE : now.projected ? XP_MODIFY : XP_ADD, key, (int32_t)now.sent,
		     (int32_t)want.start, (int32_t)want.end, annotator[0] ? annotator : NULL, note[0] ? note : NULL};
	xp_err why_not;
	/* the cluster too, when a correction moved the mention to another one;
	 * in a savepoint: an edit that would make two mentions of one entity
	 * cross in the new run (correct/cross.c) is lost, said why, not made */
	if (xp_sql_exec(db, "SAVEPOINT xp_carry_one", err))
		return -1;
	g->key = key;
	rc = xp_edit_cluster_locked(db, run, &e, want.projected && want.cluster != now.cluster ? &want.cluster : NULL,
				    last, &why_not);
	if (rc == 0)
		rc = xp_xguard_check(db, g, &why_not);
	if (xp_sql_exec(db, rc ? "ROLLBACK TO xp_carry_one; RELEASE xp_carry_one" : "RELEASE xp_carry_one", rc ? NULL : err) && !rc)
		return -1;
	if (rc == XP_EINPUT || rc == XP_ENOTFOUND)   /* a crossing; else cannot happen for the same texts */
		return record(db, run, from, key, "lost", why_not.msg, 0, cs, err);
	if (rc) {
		*err = why_not;
		return -1;
	}
	return record(db, run, from, key, "carried", *was ? was : NULL, sqlite3_last_insert_rowid(db->h), cs, err);
}

/* What the carry-over lists a target-side action by: "DOC|line N (what)",
 * with the part as a mention key names it ("DOC|1:line N ...") */
static void line_key(char *key, size_t n, const char *doc, int64_t part, int64_t line, const char *what)
{
	char at[40] = "";
	if (part >= 0)
		snprintf(at, sizeof at, "%lld:", (long long)part);
	snprintf(key, n, "%s|%sline %lld (%s)", doc, at, (long long)line, what);
}

/* A carry's key as a person reads it: a line's target-side action,
 * "DOC|line N (realign)" (line_key above, with "P:" before "line" in a
 * document of parts), as "DOC line N, re-paired"; a mention's
 * key as it is (NULL: out of memory) */
json_t *xp_carry_said(const char *key)
{
	const char *bar = key ? strrchr(key, '|') : NULL, *open = bar ? strstr(bar, " (") : NULL;
	long long part = -1, line;
	int n = 0, np = 0;
	size_t len = key ? strlen(key) : 0;
	if (!open || key[len - 1] != ')' ||
	    (sscanf(bar + 1, "line %lld%n", &line, &n) != 1 &&
	     (sscanf(bar + 1, "%lld:%nline %lld%n", &part, &np, &line, &n) != 2 || np == 0)) ||
	    bar + 1 + n != open)
		return xp_json_text(key);
	const char *what = open + 2;
	int wl = (int)(key + len - 1 - what);
	xp_buf b = {0};
	xp_buf_printf(&b, "%.*s", (int)(bar - key), key);
	if (part >= 0)
		xp_buf_printf(&b, " part %lld", part);
	if (wl == 7 && !strncmp(what, "realign", 7))
		xp_buf_printf(&b, " line %lld, re-paired", line);
	else if (wl == 11 && !strncmp(what, "target-only", 11))
		xp_buf_printf(&b, " line %lld, a target-only mention", line);
	else
		xp_buf_printf(&b, " line %lld, %.*s", line, wl, what);
	xp_buf_putc(&b, 0);
	json_t *o = b.oom ? NULL : xp_json_text(b.p);
	xp_buf_free(&b);
	return o;
}

int xp_db_reproj_carried(xp_db *db, int64_t run, json_t **out, xp_err *err)
{
	*out = json_array();
	if (!*out)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (db->version < 10)
		return 0;
	sqlite3_stmt *st, *acted;
	if (xp_sql_prepare(db, "SELECT t.id, d.doc, " XP_SQL_KEY_PART("d") ", (SELECT min(m.mention) FROM mentions m"
			   " WHERE m.utterance = t.utterance) FROM tedits t JOIN utterances u ON u.id = t.utterance"
			   " JOIN documents d ON d.id = u.document WHERE t.run = ? AND t.kind = 'realign' AND t.undone = 0"
			   " AND t.carried_from IS NOT NULL AND t.id = (SELECT max(r.id) FROM tedits r WHERE r.utterance = t.utterance"
			   " AND r.kind = 'realign' AND r.undone = 0) ORDER BY t.id", &st, err))
		return -1;
	if (xp_sql_prepare(db, "SELECT m.id FROM mentions m JOIN tedits t ON t.utterance = m.utterance WHERE t.id = ?1"
			   " AND (EXISTS (SELECT 1 FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.mention = m.id"
			   " AND c.undone = 0 AND coalesce(b.undone, 0) = 0) OR EXISTS (SELECT 1 FROM reviews r"
			   " WHERE r.mention = m.id AND r.undone = 0)) ORDER BY m.id", &acted, err)) {
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_bind_int64(st, 1, run);
	int rc = 0, step;
	while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_type(st, 3) == SQLITE_NULL)
			continue;   /* no mention there: nothing to propose */
		char key[600];
		xp_mention_key(key, sizeof key, xp_sql_text(st, 1), sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3));
		json_t *rows = json_array();
		sqlite3_bind_int64(acted, 1, sqlite3_column_int64(st, 0));
		while (rows && (step = sqlite3_step(acted)) == SQLITE_ROW)
			json_array_append_new(rows, json_integer((json_int_t)sqlite3_column_int64(acted, 0)));
		sqlite3_reset(acted);
		if (!rows || json_array_append_new(*out, json_pack("{s:I,s:s,s:o}", "tedit", (json_int_t)sqlite3_column_int64(st, 0),
								    "key", key, "acted", rows)))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	if (rc == 0 && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "carried realigns");
	sqlite3_finalize(st);
	sqlite3_finalize(acted);
	if (rc)
		json_decref(*out), *out = NULL;
	return rc;
}

int xp_db_carry_said(xp_db *db, int64_t tedit, const char *why, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT t.run, d.doc, " XP_SQL_KEY_PART("d") ", u.en_idx FROM tedits t"
			   " JOIN utterances u ON u.id = t.utterance JOIN documents d ON d.id = u.document WHERE t.id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, tedit);
	int rc = 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		char key[700];
		line_key(key, sizeof key, xp_sql_text(st, 1), sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3), "realign");
		sqlite3_stmt *up;
		rc = xp_sql_prepare(db, "UPDATE carries SET why = ?1 WHERE run = ?2 AND mention_key = ?3 AND status = 'carried'",
				    &up, err);
		if (rc == 0) {
			sqlite3_bind_text(up, 1, why, -1, SQLITE_STATIC);
			sqlite3_bind_int64(up, 2, sqlite3_column_int64(st, 0));
			sqlite3_bind_text(up, 3, key, -1, SQLITE_TRANSIENT);
			rc = sqlite3_step(up) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "the carry-over's line");
			sqlite3_finalize(up);
		}
	}
	sqlite3_finalize(st);
	return rc;
}

/* the touched mentions of one document of the earlier run */
static int carry_doc(xp_db *db, int64_t run, int64_t from, int64_t old_doc, int64_t new_doc, const char *doc,
		     int64_t part, carry_stats *cs, xp_err *err)
{
	sqlite3_stmt *old, *find;
	if (xp_sql_prepare(db, "SELECT m.id, u.en_idx, m.start, m.end, u.src, u.tgt, m.mention, m.cluster FROM mentions m"
			   " JOIN utterances u ON u.id = m.utterance WHERE m.document = ?1 AND (EXISTS (SELECT 1 FROM"
			   " corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.mention = m.id AND c.status = 'ok'"
			   " AND c.undone = 0 AND coalesce(b.undone, 0) = 0) OR EXISTS (SELECT 1 FROM reviews r"
			   " WHERE r.mention = m.id AND r.undone = 0)) ORDER BY m.mention", &old, err))
		return -1;
	if (xp_sql_prepare(db, "SELECT m.id, u.en_idx, m.start, m.end, u.src, u.tgt, m.cluster FROM mentions m"
			   " JOIN utterances u ON u.id = m.utterance WHERE m.document = ? AND m.mention = ?", &find, err)) {
		sqlite3_finalize(old);
		return -1;
	}
	sqlite3_bind_int64(old, 1, old_doc);
	sqlite3_bind_int64(find, 1, new_doc);
	xp_xguard g = {0};
	int rc = xp_xguard_add(db, &g, new_doc, err);
	while (rc == 0 && sqlite3_step(old) == SQLITE_ROW) {
		side o = {sqlite3_column_int64(old, 0), sqlite3_column_int64(old, 1), sqlite3_column_int64(old, 2),
			  sqlite3_column_int64(old, 3), (const char *)sqlite3_column_text(old, 4),
			  (const char *)sqlite3_column_text(old, 5), sqlite3_column_int64(old, 7)};
		rc = carry_mention(db, run, from, doc, part, old_doc, new_doc, sqlite3_column_int64(old, 6), &o, find, &g,
				   cs, err);
	}
	xp_xguard_free(&g);
	sqlite3_finalize(old);
	sqlite3_finalize(find);
	return rc;
}

/* A carried realign is not re-projected here: the new run's model is not
 * this layer's (the pipeline and db import --wa-model re-project it after
 * the import, pipeline/reproject.h, and say so on its line).  Its proposals
 * in the earlier run are spans of the same tokens (it is carried only
 * when the English and target words are the same), so they come along,
 * for the same English mentions: a proposal a corrector kept is read from
 * them (correct/edit.c), and without them it was lost.  *why says so, for
 * the carry summary. */
/* SQL: utterance UTT holds one mention on m's span (not two chains' on it) */
#define ONE_ON_SPAN(utt) "(SELECT count(*) FROM mentions x WHERE x.utterance = " utt \
	" AND x.start = m.start AND x.end = m.end) = 1"

static int carry_proposals(xp_db *db, int64_t old, int64_t new, const char **why, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "INSERT INTO reproj(tedit, mention, tgt_start, tgt_end, fate, confidence)"
			   " SELECT ?2, m2.id, p.tgt_start, p.tgt_end, p.fate, p.confidence FROM reproj p"
			   " JOIN mentions m ON m.id = p.mention JOIN tedits t ON t.id = ?2"
			   " JOIN utterances u ON u.id = t.utterance JOIN mentions m2 ON m2.document = u.document"
			   " AND m2.utterance = u.id AND m2.start = m.start AND m2.end = m.end AND ((m2.mention = m.mention"
			   /* of the same chain where the span is in two (carry_mention) */
			   " AND (m2.cluster = m.cluster OR " ONE_ON_SPAN("m.utterance") "))"
			   /* or renumbered by the rerun: the one mention on that span in each (follow_mention) */
			   " OR " ONE_ON_SPAN("m.utterance") " AND " ONE_ON_SPAN("u.id") ")"
			   " WHERE p.tedit = ?1 ORDER BY m2.id", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, old);
	sqlite3_bind_int64(st, 2, new);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "carry a realign's proposals");
	int copied = rc == 0 && sqlite3_changes(db->h) > 0;
	sqlite3_finalize(st);
	char sql[160];
	snprintf(sql, sizeof sql, "UPDATE tedits SET reproj = (SELECT reproj FROM tedits WHERE id = %lld) WHERE id = %lld",
		 (long long)old, (long long)new);
	if (rc || xp_sql_exec(db, sql, err))
		return -1;
	*why = copied ? "not re-projected with this run's model: the earlier run's proposals carried"
		      : "not re-projected with this run's model";
	return rc;
}

/* Whether the rerun's line n (the same English index, document ?2) is
 * still the question the old line o was: the same English words paired by
 * the run with the same target words.  A corrector's re-pairing, target-
 * only mention and move of a rule's target-only mention carry only then. */
#define SAME_LINE "n.tgt_idx IS NOT NULL AND n.src = o.src AND n.tgt = o.tgt"

/* The new run's row of the mention a target-side action was made from
 * (old: its row in the earlier run), in *row, by carry_mention's rule:
 * the mention of the same id when it is the same English mention
 * (utterance, span and utterance text; and chain, where the span is in
 * two chains), else the one such mention under
 * another id (a rerun renumbered them) when it was the only one there in
 * the earlier run too; else 0, none (as when the id is gone): the mention
 * now holding the old id is another, and the action went into its
 * history and version. */
static int follow_mention(xp_db *db, int64_t old, int64_t new_doc, int64_t *row, xp_err *err)
{
	*row = 0;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT m2.id, m2.mention = m.mention, m2.cluster = m.cluster, (SELECT count(*) FROM"
			   " mentions x JOIN utterances ux"
			   " ON ux.id = x.utterance WHERE x.document = m.document AND ux.en_idx = u.en_idx AND x.start = m.start"
			   " AND x.end = m.end AND ux.src = u.src) FROM mentions m JOIN utterances u ON u.id = m.utterance"
			   " JOIN utterances u2 ON u2.document = ?2 AND u2.en_idx = u.en_idx AND u2.src = u.src"
			   " JOIN mentions m2 ON m2.utterance = u2.id AND m2.start = m.start AND m2.end = m.end"
			   " WHERE m.id = ?1 ORDER BY m2.mention = m.mention DESC LIMIT 2", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, old);
	sqlite3_bind_int64(st, 2, new_doc);
	int step, n = 0, same = 0, only_old = 0;
	int64_t first = 0;
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (n++ == 0)
			only_old = sqlite3_column_int64(st, 3) == 1, first = sqlite3_column_int64(st, 0),
			same = sqlite3_column_int(st, 1) && (only_old || sqlite3_column_int(st, 2));
	int rc = step == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "the mention of a target-side action");
	sqlite3_finalize(st);
	if (rc == 0 && (same || (n == 1 && only_old)))
		*row = first;
	return rc;
}

/* The target side's own actions of one document (correct/tedit.c): a
 * re-pairing and a target-only mention are carried to the same utterance
 * of the new run when it is still the same question: the same English
 * words paired by the run with the same target words (then the lines the
 * corrector chose are what they were).  They go first, so that the
 * mentions' corrections made after a re-pairing are compared in the
 * re-paired sentence.  Each is listed in `carries` as "DOC|line N
 * (realign)" or "DOC|line N (target-only)". */
static int carry_tedits(xp_db *db, int64_t run, int64_t from, int64_t old_doc, int64_t new_doc, const char *doc,
			int64_t part, carry_stats *cs, xp_err *err)
{
	if (db->version < 9)
		return 0;
	sqlite3_stmt *old, *ins;
#define CARRIED(rule) "SELECT t.id, t.kind, o.en_idx, n.id, " SAME_LINE "," \
	" n.id IS NOT NULL, t.mention FROM tedits t JOIN utterances o ON o.id = t.utterance" \
	" LEFT JOIN utterances n ON n.document = ?2 AND n.en_idx = o.en_idx" \
	" WHERE o.document = ?1 AND t.undone = 0 AND (t.kind = 'realign' AND t.id = (SELECT max(r.id) FROM tedits r" \
	" WHERE r.utterance = t.utterance AND r.kind = 'realign' AND r.undone = 0) OR " XP_SQL_TADD_LIVE("t") rule ")" \
	" ORDER BY t.id"
	/* the run's own target-only mentions (schema 15: a rule's) are the
	 * run's, not a corrector's: the rerun has its own; a deleted one (moved
	 * out of every cluster) is not carried */
	if (xp_sql_prepare(db, db->version >= 15 ? CARRIED(" AND t.rule IS NULL AND " XP_SQL_TADD_CLUSTER("t") " >= 0")
			       : CARRIED(""), &old, err))
		return -1;
	/* the mention the corrector had on screen: the same English mention in
	 * the new run (follow_mention: ?5, 0 for none; it was the same mention
	 * id, another mention after a renumbering) */
	/* a target-only mention in the cluster it is in now: a merge may have moved it */
#define CARRY_TEDIT(cluster) "INSERT INTO tedits(run, kind, utterance, mention, cluster, start, end, tgt, tgt_text, tgt_subs," \
	" annotator, note, created, after, carried_from) SELECT ?1, kind, ?2, nullif(?5, 0)," \
	" " cluster ", start, end, tgt, tgt_text, tgt_subs, annotator, note, created," \
	" (SELECT coalesce(max(id), 0) FROM corrections), id FROM tedits t WHERE id = ?4"
	if (xp_sql_prepare(db, db->version >= 13 ? CARRY_TEDIT(XP_SQL_TADD_CLUSTER("t")) : CARRY_TEDIT("cluster"), &ins, err)) {
		sqlite3_finalize(old);
		return -1;
	}
	sqlite3_bind_int64(old, 1, old_doc);
	sqlite3_bind_int64(old, 2, new_doc);
	int rc = 0;
	while (rc == 0 && sqlite3_step(old) == SQLITE_ROW) {
		const char *kind = xp_sql_text(old, 1);
		char key[700];
		line_key(key, sizeof key, doc, part, sqlite3_column_int64(old, 2), strcmp(kind, "tadd") ? "realign" : "target-only");
		if (!sqlite3_column_int(old, 5) || !sqlite3_column_int(old, 4)) {
			rc = record(db, run, from, key, "lost", !sqlite3_column_int(old, 5) ? "the utterance is not in the new run"
							      : "the utterance or its target changed", 0, cs, err);
			continue;
		}
		int64_t on = 0;
		if (sqlite3_column_type(old, 6) != SQLITE_NULL &&
		    follow_mention(db, sqlite3_column_int64(old, 6), new_doc, &on, err)) {
			rc = -1;
			break;
		}
		sqlite3_bind_int64(ins, 1, run);
		sqlite3_bind_int64(ins, 2, sqlite3_column_int64(old, 3));
		sqlite3_bind_int64(ins, 4, sqlite3_column_int64(old, 0));
		sqlite3_bind_int64(ins, 5, on);
		rc = sqlite3_step(ins) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "carry a target-side action");
		sqlite3_reset(ins);
		const char *why = NULL;
		if (rc == 0 && strcmp(kind, "tadd") && db->version >= 10)
			rc = carry_proposals(db, sqlite3_column_int64(old, 0), sqlite3_last_insert_rowid(db->h), &why, err);
		if (rc == 0)
			rc = record(db, run, from, key, "carried", why, 0, cs, err);
	}
	sqlite3_finalize(old);
	sqlite3_finalize(ins);
	return rc;
}

/* The run's own target-only mentions (schema 15: a rule's) are not
 * carried, the rerun has its own; but a corrector's relink or deletion of
 * one is a correction: it goes to the rerun's mention of the same rule on
 * the same tokens of the same sentence pair, if the rerun made it in the
 * same cluster (else it is lost, and listed so).  A batch of one move of
 * its own ("tcarry:"), as the relink was, which undo leaves alone: the
 * corrector undoes in the run they made it. */
static int carry_run_tadds(xp_db *db, int64_t run, int64_t from, int64_t old_doc, int64_t new_doc, const char *doc,
			   int64_t part, carry_stats *cs, xp_err *err)
{
	if (db->version < 15)
		return 0;
	sqlite3_stmt *old, *find;
	/* the newest live move's annotator, and its note (schema 16) */
#define OLD_MOVES(note) "SELECT t.id, o.en_idx, n.id, " SAME_LINE "," \
	" t.start, t.end, t.rule, t.cluster, c.now, (SELECT b.annotator FROM tmoves x JOIN batches b" \
	" ON b.id = x.batch WHERE x.tedit = t.id AND b.undone = 0 ORDER BY x.batch DESC LIMIT 1), (SELECT " note \
	" FROM tmoves x JOIN batches b ON b.id = x.batch WHERE x.tedit = t.id AND b.undone = 0 ORDER BY x.batch DESC" \
	" LIMIT 1) FROM (SELECT t.id, " XP_SQL_TADD_CLUSTER("t") " AS now FROM tedits t JOIN utterances o" \
	" ON o.id = t.utterance WHERE o.document = ?1 AND t.rule IS NOT NULL AND " XP_SQL_TADD_LIVE("t") ") c" \
	" JOIN tedits t ON t.id = c.id JOIN utterances o ON o.id = t.utterance" \
	" LEFT JOIN utterances n ON n.document = ?2 AND n.en_idx = o.en_idx" \
	" WHERE c.now != t.cluster ORDER BY t.id"
	if (xp_sql_prepare(db, db->version >= 16 ? OLD_MOVES("x.note") : OLD_MOVES("NULL"), &old, err))
		return -1;
	if (xp_sql_prepare(db, "SELECT id FROM tedits WHERE run = ?1 AND utterance = ?2 AND kind = 'tadd' AND rule = ?3"
			   " AND start = ?4 AND end = ?5 AND cluster = ?6 AND undone = 0 ORDER BY id LIMIT 1", &find, err)) {
		sqlite3_finalize(old);
		return -1;
	}
	sqlite3_bind_int64(old, 1, old_doc);
	sqlite3_bind_int64(old, 2, new_doc);
	int rc = 0;
	while (rc == 0 && sqlite3_step(old) == SQLITE_ROW) {
		int64_t now = sqlite3_column_int64(old, 8), tid = -1;
		char key[700], what[96];
		snprintf(what, sizeof what, "the run's target-only +%lld, %s", (long long)sqlite3_column_int64(old, 0),
			 now < 0 ? "deleted" : "relinked");
		line_key(key, sizeof key, doc, part, sqlite3_column_int64(old, 1), what);
		if (sqlite3_column_int(old, 3)) {
			sqlite3_bind_int64(find, 1, run);
			sqlite3_bind_int64(find, 2, sqlite3_column_int64(old, 2));
			sqlite3_bind_text(find, 3, xp_sql_text(old, 6), -1, SQLITE_TRANSIENT);
			sqlite3_bind_int64(find, 4, sqlite3_column_int64(old, 4));   /* start, end */
			sqlite3_bind_int64(find, 5, sqlite3_column_int64(old, 5));
			sqlite3_bind_int64(find, 6, sqlite3_column_int64(old, 7));   /* the cluster the run made it in */
			if (sqlite3_step(find) == SQLITE_ROW)
				tid = sqlite3_column_int64(find, 0);
			sqlite3_reset(find);
		}
		if (tid < 0) {
			rc = record(db, run, from, key, "lost", sqlite3_column_int(old, 3) ? "the new run has no such target-only "
				    "mention" : "the utterance or its target changed", 0, cs, err);
			continue;
		}
		char name[160], sum[128], stamp[32];
		xp_now(stamp, sizeof stamp);
		snprintf(name, sizeof name, "%s +%lld (carried from +%lld)", now < 0 ? "delete" : "relink", (long long)tid,
			 (long long)sqlite3_column_int64(old, 0));
		snprintf(sum, sizeof sum, XP_TCARRY_SUM "%lld:%lld:%lld:%s", (long long)run, (long long)tid, (long long)now, stamp);
		int64_t batch = 0;
		sqlite3_stmt *mv;
		rc = xp_batch_insert(db, name, sum, sqlite3_column_type(old, 9) == SQLITE_NULL ? NULL : xp_sql_text(old, 9),
				     stamp, &batch, err);
		if (rc == 0 && xp_sql_prepare(db, db->version >= 16 ? "INSERT INTO tmoves(batch, tedit, cluster, note) VALUES(?,?,?,?)"
								   : "INSERT INTO tmoves(batch, tedit, cluster) VALUES(?,?,?)", &mv, err))
			rc = -1;
		if (rc == 0) {
			sqlite3_bind_int64(mv, 1, batch);
			sqlite3_bind_int64(mv, 2, tid);
			sqlite3_bind_int64(mv, 3, now);
			if (db->version >= 16 && sqlite3_column_type(old, 10) != SQLITE_NULL)
				sqlite3_bind_text(mv, 4, xp_sql_text(old, 10), -1, SQLITE_TRANSIENT);
			rc = sqlite3_step(mv) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "carry a move of a target-only mention");
			sqlite3_finalize(mv);
		}
		if (rc == 0)
			rc = record(db, run, from, key, "carried", NULL, 0, cs, err);
	}
	sqlite3_finalize(old);
	sqlite3_finalize(find);
	return rc;
}

int xp_carry(xp_db *db, int64_t run, xp_err *err)
{
	sqlite3_stmt *st;
	/* each document of the new run, and the same document in the latest
	 * earlier run of the same language, by any spelling of its tag (a store
	 * written before tags had one spelling: nl-be, then nl-BE) */
	if (xp_sql_prepare(db, "SELECT n.id, n.doc, o.id, o.run, " XP_SQL_KEY_PART("n") " FROM documents n JOIN runs rn ON rn.id = n.run"
			   " JOIN documents o ON o.doc = n.doc AND o.part = n.part WHERE n.run = ?1 AND o.run ="
			   " (SELECT max(o2.run) FROM documents o2 JOIN runs r2 ON r2.id = o2.run WHERE o2.doc = n.doc"
			   " AND o2.part = n.part AND o2.run < ?1 AND xp_lang_tag(r2.lang) = xp_lang_tag(rn.lang)) ORDER BY n.id", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	carry_stats cs = {0};
	int64_t from = 0;
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		int64_t old_run = sqlite3_column_int64(st, 3);
		from = from > old_run ? from : old_run;
		rc = carry_tedits(db, run, old_run, sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 0),
				  xp_sql_text(st, 1), sqlite3_column_int64(st, 4), &cs, err) ||
		     carry_run_tadds(db, run, old_run, sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 0),
				     xp_sql_text(st, 1), sqlite3_column_int64(st, 4), &cs, err) ||
		     carry_doc(db, run, old_run, sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 0),
			       xp_sql_text(st, 1), sqlite3_column_int64(st, 4), &cs, err);
	}
	sqlite3_finalize(st);
	if (rc || !from)
		return rc;
	json_t *d = json_pack("{s:I,s:I,s:I,s:I,s:I}", "run", (json_int_t)run, "from_run", (json_int_t)from, "carried",
			      (json_int_t)cs.carried, "agrees", (json_int_t)cs.agrees, "lost", (json_int_t)cs.lost);
	char *detail = d ? json_dumps(d, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(d);
	rc = detail ? xp_history(db, "carry over", detail, err) : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	free(detail);
	return rc;
}
