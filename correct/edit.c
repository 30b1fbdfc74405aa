/*
 * correct/edit.c — recording corrections: single edits (validated, refused
 * when wrong), batches from MMC's corrections JSON or TASA results (one
 * transaction per file, listed when an edit cannot apply), and undo.
 */
#include "store.h"
#include "../base/file.h"
#include "../base/text.h"
#include "../io/json.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_names[] = {"add", "delete", "modify"};

void xp_batch_result_free(xp_batch_result *r)
{
	for (size_t i = 0; i < r->nlisted; i++)
		free(r->listed[i]);
	free(r->listed);
	memset(r, 0, sizeof *r);
}

int xp_db_state(xp_db *db, int64_t mention, xp_mstate *s) { return xp_db_state_by(db, mention, NULL, s); }

int xp_db_state_by(xp_db *db, int64_t mention, const char *annotator, xp_mstate *s)
{
	sqlite3_stmt *st;
	memset(s, 0, sizeof *s);
	s->sent = -1;
	if (xp_sql_cached(db, "SELECT p.tgt_start, p.tgt_end, u.tgt_idx, " XP_SQL_NTOKS("u.tgt") ", m.cluster, u.id FROM mentions m"
			       " JOIN projections p ON p.mention = m.id JOIN utterances u ON u.id = m.utterance"
			       " WHERE m.id = ?", &st, NULL))
		return -1;
	sqlite3_bind_int64(st, 1, mention);
	if (sqlite3_step(st) != SQLITE_ROW) {
		xp_sql_release(db, st);
		return -1;
	}
	s->projected = sqlite3_column_type(st, 0) != SQLITE_NULL;
	s->start = sqlite3_column_int64(st, 0), s->end = sqlite3_column_int64(st, 1);
	s->sent = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 2);
	s->ntgt = sqlite3_column_int64(st, 3);
	int64_t english = s->cluster = sqlite3_column_int64(st, 4), utt = sqlite3_column_int64(st, 5);
	xp_sql_release(db, st);
	/* re-paired with other lines (correct/tedit.c): the projection and the
	 * spans set before spoke of the old tokens; the mention waits for the
	 * corrector, with no span, in the new sentence */
	int64_t rid, after = -1, n;
	int re = xp_realigned(db, utt, &rid, &after, &n);
	if (re < 0)
		return -1;
	if (re) {
		s->projected = 0, s->start = s->end = 0, s->ntgt = n;
		s->realigned = 1;
		/* unless the run's model proposed a span in the new sentence
		 * (serve/reproject.c): then it is projected there, as the run
		 * projects, until the corrector confirms or changes it */
		if (db->version >= 10) {
			if (xp_sql_cached(db, "SELECT tgt_start, tgt_end FROM reproj WHERE tedit = ? AND mention = ?"
					       " AND tgt_start IS NOT NULL", &st, NULL))
				return -1;
			sqlite3_bind_int64(st, 1, rid);
			sqlite3_bind_int64(st, 2, mention);
			int step = sqlite3_step(st);
			if (step == SQLITE_ROW) {
				s->projected = s->reprojected = 1;
				s->start = sqlite3_column_int64(st, 0), s->end = sqlite3_column_int64(st, 1);
			}
			xp_sql_release(db, st);
			if (step != SQLITE_ROW && step != SQLITE_DONE)
				return -1;   /* (a proposal unread is not "none": the reset left the error on db) */
		}
	} else {
		after = -1;
	}
	/* A stored no-op (store.h XP_SQL_NOOP, from a store made before edits
	 * refused them) is passed over: it set the span the view had when it
	 * was made, so in its own store it changes nothing, but in a merged
	 * store (db merge) it comes after another store's edit of the mention
	 * and set the span back (ann2's "modify 0:5:7", made on the projection,
	 * undid ann1's 0:4:7 in the export); and after an undo of the edit it
	 * was made on, it kept that edit's span. */
	/* The edits in the order they were made (their time, then id: in one
	 * store the two agree, each stamped as it is stored).  After `db merge`
	 * the input's rows come after the merged store's whatever their times:
	 * by id, an annotator's edit of last year merged in undid another's of
	 * today.  annotator (xp_db_state_by): only theirs, the rest as above */
	if (xp_sql_cached(db, "SELECT c.op, c.new_start, c.new_end, c.cluster, c.id FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
			       " WHERE c.mention = ?1 AND c.status = 'ok' AND c.undone = 0 AND coalesce(b.undone, 0) = 0"
			       " AND NOT " XP_SQL_NOOP("c") " AND (?2 IS NULL OR coalesce(c.annotator, '') = ?2) ORDER BY " XP_SQL_MADE("c"),
			  &st, NULL))
		return -1;
	sqlite3_bind_int64(st, 1, mention);
	if (annotator)
		sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *op = xp_sql_text(st, 0);
		if (sqlite3_column_int64(st, 4) <= after) {   /* before the realign: its entity still holds */
			if (sqlite3_column_type(st, 3) != SQLITE_NULL)
				s->cluster = sqlite3_column_int64(st, 3);
			continue;
		}
		s->projected = strcmp(op, "delete") != 0;
		s->start = sqlite3_column_int64(st, 1), s->end = sqlite3_column_int64(st, 2);
		/* an addition starts from the English cluster, a modification from
		 * the current one; either may name another */
		if (sqlite3_column_type(st, 3) != SQLITE_NULL)
			s->cluster = sqlite3_column_int64(st, 3);
		else if (!strcmp(op, "add"))
			s->cluster = english;
	}
	xp_sql_release(db, st);
	/* edits cut short: the span and entity of an older one (the reset
	 * leaves the step's error on the connection for the caller) */
	return step == SQLITE_DONE ? 0 : -1;
}

/* why the edit cannot apply, or NULL */
static const char *check(const xp_edit *e, const xp_mstate *s)
{
	if (e->op == XP_ADD && s->projected)
		return "add on a mention that is projected (use modify)";
	if (e->op != XP_ADD && !s->projected)
		return "delete or modify on a mention that has no projection (use add)";
	if (e->op == XP_DELETE)
		return NULL;
	if (s->sent < 0)
		return "the mention's utterance has no target sentence";
	if (e->sent != s->sent)
		return "the span is not in the mention's target sentence";
	if (e->start < 0 || e->start >= e->end || e->end > s->ntgt)
		return "the span is not inside the target sentence";
	return NULL;
}

/* Why the edit would change nothing, or NULL: a modification to the span
 * the mention has now that names no other cluster (a relink names one).
 * Add on a projected and delete on an unprojected mention are refused by
 * check(); a relink or merge into the mention's own entity by
 * begin_relink (correct/review.c).  Such an edit is never stored as a
 * correction: every figure built on corrections would count a change
 * that was not made (db.h, "No-ops"). */
static const char *noop(const xp_edit *e, const xp_mstate *s, const int64_t *cluster)
{
	if (e->op != XP_MODIFY || !s->projected || e->sent != s->sent || e->start != s->start || e->end != s->end)
		return NULL;
	if (cluster && *cluster != s->cluster)
		return NULL;
	return cluster ? "its span and entity are these already: not stored" : "its span is this already: not stored";
}

typedef struct rec {
	int64_t run, batch;     /* batch 0: a single edit */
	const char *status, *why;
	int64_t mention;        /* -1: unknown */
	xp_mstate was;
	int64_t carried_from;   /* the correction of an earlier run it carries over, or 0 */
	const int64_t *cluster; /* the cluster an add/modify puts the mention in, or NULL */
} rec;

static int insert(xp_db *db, const rec *r, const xp_edit *e, xp_err *err)
{
	sqlite3_stmt *st;
	char now[32];
	xp_now(now, sizeof now);
	if (xp_sql_prepare(db, "INSERT INTO corrections(run, batch, mention, mention_key, op, old_start, old_end,"
			   " sent, new_start, new_end, status, why, annotator, note, created, carried_from, cluster)"
			   " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, r->run);
	if (r->batch)
		sqlite3_bind_int64(st, 2, r->batch);
	if (r->mention >= 0)
		sqlite3_bind_int64(st, 3, r->mention);
	sqlite3_bind_text(st, 4, e->mention, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, op_names[e->op], -1, SQLITE_STATIC);
	if (r->mention >= 0 && r->was.projected) {
		sqlite3_bind_int64(st, 6, r->was.start);
		sqlite3_bind_int64(st, 7, r->was.end);
	}
	if (e->op != XP_DELETE) {
		sqlite3_bind_int64(st, 8, e->sent);
		sqlite3_bind_int64(st, 9, e->start);
		sqlite3_bind_int64(st, 10, e->end);
	}
	sqlite3_bind_text(st, 11, r->status, -1, SQLITE_STATIC);
	if (r->why)
		sqlite3_bind_text(st, 12, r->why, -1, SQLITE_STATIC);
	if (e->annotator)
		sqlite3_bind_text(st, 13, e->annotator, -1, SQLITE_STATIC);
	if (e->note)
		sqlite3_bind_text(st, 14, e->note, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 15, now, -1, SQLITE_TRANSIENT);
	if (r->carried_from)
		sqlite3_bind_int64(st, 16, r->carried_from);
	if (e->op != XP_DELETE && r->cluster)
		sqlite3_bind_int64(st, 17, *r->cluster);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "insert correction");
	sqlite3_finalize(st);
	return rc;
}

/* "OP KEY: why" onto the batch's list */
static int listed(xp_batch_result *res, const xp_edit *e, const char *why)
{
	char line[600];
	snprintf(line, sizeof line, "%s %s: %s", op_names[e->op], e->mention, why);
	char **v = realloc(res->listed, (res->nlisted + 1) * sizeof *v);
	if (v) {
		res->listed = v;
		v[res->nlisted++] = strdup(line);
	}
	return 0;
}

/* one edit of a batch: stored, as ok, orphan or conflict; or, when it
 * changes nothing, counted as unchanged and listed, not stored */
int xp_batch_edit_cluster(xp_db *db, int64_t run, int64_t batch, const xp_edit *e, const int64_t *cluster,
			  xp_batch_result *res, xp_err *err)
{
	rec r = {run, batch, "ok", NULL, -1, {0}, 0, cluster};
	int found = xp_mention_lookup(db, run, e->mention, &r.mention, err);
	if (found != 0 && found != XP_ENOTFOUND)
		return found;   /* the database failed: that is not an unknown mention */
	if (r.mention < 0)
		r.status = "orphan", r.why = "no such mention in this run";
	else if (xp_db_state(db, r.mention, &r.was))
		return xp_sql_fail(db, err, "state");
	else if ((r.why = check(e, &r.was)))
		r.status = "conflict";
	else if ((r.why = noop(e, &r.was, cluster))) {
		/* not stored: the batch's file said what the view says already */
		res->unchanged++;
		return listed(res, e, r.why);
	}
	if (insert(db, &r, e, err))
		return -1;
	xp_failpoint("batch-edit");
	res->by_op[e->op]++;
	if (r.why) {
		listed(res, e, r.why);
		res->orphans += r.mention < 0;
		res->conflicts += r.mention >= 0;
	} else {
		res->applied++;
	}
	return 0;
}

/* the same without a label: a corrections file's edits */
static int batch_edit(xp_db *db, int64_t run, int64_t batch, const xp_edit *e, xp_batch_result *res, xp_err *err)
{
	return xp_batch_edit_cluster(db, run, batch, e, NULL, res, err);
}

int xp_edit_cluster_locked(xp_db *db, int64_t run, const xp_edit *e, const int64_t *cluster, int64_t carried_from,
			   xp_err *err)
{
	rec r = {run, 0, "ok", NULL, -1, {0}, carried_from, cluster};
	const char *why = NULL;
	int found = xp_mention_lookup(db, run, e->mention, &r.mention, err);
	if (found == XP_ENOTFOUND)
		return xp_failc(err, XP_ENOTFOUND, "", 0, "%s %s: no such mention in this run%s", op_names[e->op], e->mention,
				strchr(e->mention, '|') ? "" : " (a mention is DOC|ID, quoted in a shell: 's01e01c01x|3'; db triage lists them)");
	if (found)
		return found;
	if (xp_db_state(db, r.mention, &r.was))
		return xp_failc(err, XP_EDB, db->path, 0, "%s %s: cannot read the mention", op_names[e->op], e->mention);
	if ((why = check(e, &r.was)))
		return xp_failc(err, XP_EINPUT, "", 0, "%s %s: %s", op_names[e->op], e->mention, why);
	if ((why = noop(e, &r.was, cluster)))
		return xp_failc(err, XP_EINPUT, "", 0, "%s %s: its span is %d:%d:%d already%s: nothing was written (to say "
				"it is right, keep it: Enter in the workbench)", op_names[e->op], e->mention, e->sent, e->start,
				e->end, cluster ? ", in that entity" : "");
	if (insert(db, &r, e, err))
		return -1;
	if (carried_from) /* logged with the whole carry-over, in one line */
		return 0;
	/* who, as keep, note and undo say it: the history alone tells each
	 * annotator's actions in the order they were committed */
	return xp_history_json(db, op_names[e->op],
			       json_pack("{s:s,s:o,s:[i,i,i],s:o?,s:o?}", "op", op_names[e->op], "mention",
					 xp_json_text(e->mention), "span", e->sent, e->start, e->end, "annotator",
					 e->annotator ? xp_json_text(e->annotator) : NULL, "cluster",
					 r.cluster ? json_integer((json_int_t)*r.cluster) : NULL),
			       err);
}

int xp_edit_locked(xp_db *db, int64_t run, const xp_edit *e, int64_t carried_from, xp_err *err)
{
	return xp_edit_cluster_locked(db, run, e, NULL, carried_from, err);
}

int xp_db_edit(xp_db *db, int64_t run, const xp_edit *e, xp_err *err)
{
	if (xp_sql_begin(db, err))
		return -1;
	int64_t row = -1;
	xp_xguard g = {.key = e->mention};
	int rc = xp_mention_lookup(db, run, e->mention, &row, err) == 0 ? xp_xguard_touch(db, &g, row, err) : 0;
	if (rc == 0)
		rc = xp_edit_locked(db, run, e, 0, err);
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	if (rc) {
		xp_sql_rollback(db);
		return rc;
	}
	return xp_sql_commit(db, err);
}

/* --- batches ----------------------------------------------------------------------- */

static void checksum(const char *buf, size_t n, char out[40])
{
	snprintf(out, 40, "%016llx-%zu", (unsigned long long)xp_hash(buf, n), n);
}

/* a batch row, refused when the same content was imported before */
static int new_batch(xp_db *db, const char *name, const char *buf, size_t n, const char *annotator,
		     int64_t *id, xp_err *err)
{
	char sum[40], now[32];
	checksum(buf, n, sum);
	xp_now(now, sizeof now);
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT id, name FROM batches WHERE checksum = ? AND undone = 0", &st, err))
		return -1;
	sqlite3_bind_text(st, 1, sum, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		xp_fail(err, name, 0, "this batch was imported before (batch %lld, %s); undo it first to import it again",
			(long long)sqlite3_column_int64(st, 0), xp_sql_text(st, 1));
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return xp_batch_insert(db, name, sum, annotator, now, id, err);
}

int xp_batch_insert(xp_db *db, const char *name, const char *sum, const char *annotator, const char *created, int64_t *id,
		    xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "INSERT INTO batches(name, checksum, annotator, created) VALUES(?,?,?,?)", &st, err))
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, sum, -1, SQLITE_STATIC);
	if (annotator)
		sqlite3_bind_text(st, 3, annotator, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, created, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "insert batch");
	sqlite3_finalize(st);
	*id = sqlite3_last_insert_rowid(db->h);
	return rc;
}

/* A batch the guard refused: the file, and the line of the edit that made
 * the pair when the batch came from a corrected file (its note says
 * "derived from FILE:LINE"). */
static int refused_at(xp_db *db, int64_t batch, const char *path, const xp_xguard *g, xp_err *err)
{
	unsigned long line = 0;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT note FROM corrections WHERE batch = ? AND mention_key IN (?, ?) ORDER BY id DESC",
			   &st, NULL) == 0) {
		sqlite3_bind_int64(st, 1, batch);
		sqlite3_bind_text(st, 2, g->bad[0], -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, g->bad[1], -1, SQLITE_STATIC);
		while (!line && sqlite3_step(st) == SQLITE_ROW) {
			const char *note = xp_sql_text(st, 0), *colon = strrchr(note, ':');
			if (!strncmp(note, "derived from ", 13) && colon)
				line = strtoul(colon + 1, NULL, 10);
		}
		sqlite3_finalize(st);
	}
	char msg[sizeof err->msg];
	snprintf(msg, sizeof msg, "%s", err->msg);
	return xp_failc(err, XP_EINPUT, path, line, "%s", msg);
}

int xp_run_batch(xp_db *db, int64_t run, const char *path, const char *annotator, xp_batch_fn fn, void *arg,
		 xp_batch_result *r, xp_err *err)
{
	char *buf;
	size_t n;
	memset(r, 0, sizeof *r);
	if (xp_read_file(path, &buf, &n, err))
		return -1;
	int rc = xp_sql_begin(db, err);
	if (rc == 0) {
		size_t bom = xp_bom_len(buf, n);
		xp_xguard g = {0};
		rc = xp_xguard_run(db, &g, run, err) || new_batch(db, path, buf, n, annotator, &r->batch, err) ||
		     fn(db, run, r->batch, path, buf + bom, n - bom, annotator, arg, r, err) ? -1 : 0;
		if (rc == 0 && xp_xguard_check(db, &g, err))
			rc = refused_at(db, r->batch, path, &g, err);
		xp_xguard_free(&g);
		if (rc == 0)
			rc = xp_history_json(db, "import corrections",
					     json_pack("{s:I,s:o,s:I,s:I,s:I,s:I,s:I,s:I}", "batch", (json_int_t)r->batch,
						       "file", xp_json_text(path), "add", (json_int_t)r->by_op[0],
						       "delete", (json_int_t)r->by_op[1], "modify",
						       (json_int_t)r->by_op[2], "orphans", (json_int_t)r->orphans,
						       "conflicts", (json_int_t)r->conflicts, "unchanged", (json_int_t)r->unchanged),
					     err);
		if (rc)
			xp_sql_rollback(db);
		else
			rc = xp_sql_commit(db, err);
	}
	free(buf);
	return rc;
}

/* MMC: {scene: {"add": {id: [sent, start, end]}, "delete": [id], "modify": {...}}} */
static int spans(xp_db *db, int64_t run, int64_t batch, const char *name, json_t *o, xp_op op,
		 const char *annotator, xp_batch_result *r, xp_err *err)
{
	const char *key;
	json_t *v;
	json_object_foreach(o, key, v) {
		if (json_array_size(v) != 3 || !json_is_integer(json_array_get(v, 0)) ||
		    !json_is_integer(json_array_get(v, 1)) || !json_is_integer(json_array_get(v, 2)))
			return xp_failc(err, XP_EINPUT, name, 0, "%s of %s is not [sentence, start, end]", op_names[op], key);
		/* a number that does not fit is refused, never cut to 32 bits
		 * (4294967297 would otherwise be stored as 1) */
		for (size_t k = 0; k < 3; k++) {
			json_int_t x = json_integer_value(json_array_get(v, k));
			if (x < INT32_MIN || x > INT32_MAX)
				return xp_failc(err, XP_EINPUT, name, 0, "%s of %s: %" JSON_INTEGER_FORMAT " does not fit a span",
						op_names[op], key, x);
		}
		xp_edit e = {op, key, (int32_t)json_integer_value(json_array_get(v, 0)),
			     (int32_t)json_integer_value(json_array_get(v, 1)),
			     (int32_t)json_integer_value(json_array_get(v, 2)), annotator, NULL};
		if (batch_edit(db, run, batch, &e, r, err))
			return -1;
	}
	return 0;
}

static int mmc(xp_db *db, int64_t run, int64_t batch, const char *name, const char *buf, size_t n,
	       const char *annotator, void *arg, xp_batch_result *r, xp_err *err)
{
	(void)arg;
	/* a key given twice (a scene, a mention) is refused, with the line and the key */
	json_t *root = xp_json_parse(name, buf, n, JSON_REJECT_DUPLICATES, "MMC corrections JSON", err);
	if (!root)
		return -1;
	if (!json_is_object(root)) {
		json_decref(root);
		return xp_failc(err, XP_EINPUT, name, 0, "not MMC corrections JSON (not an object)");
	}
	const char *scene;
	json_t *s;
	int rc = 0;
	json_object_foreach(root, scene, s) {
		json_t *add = json_object_get(s, "add"), *del = json_object_get(s, "delete"),
		       *mod = json_object_get(s, "modify");
		if (!json_is_object(s) || (add && !json_is_object(add)) || (del && !json_is_array(del)) ||
		    (mod && !json_is_object(mod))) {
			rc = xp_fail(err, name, 0, "scene %s is not {\"add\": {...}, \"delete\": [...], \"modify\": {...}}", scene);
			break;
		}
		if ((add && spans(db, run, batch, name, add, XP_ADD, annotator, r, err)) ||
		    (mod && spans(db, run, batch, name, mod, XP_MODIFY, annotator, r, err))) {
			rc = -1;
			break;
		}
		for (size_t k = 0; rc == 0 && k < json_array_size(del); k++) {
			const char *id = json_string_value(json_array_get(del, k));
			if (!id) {
				rc = xp_fail(err, name, 0, "a deletion in %s is not a mention id", scene);
				break;
			}
			xp_edit e = {XP_DELETE, id, 0, 0, 0, annotator, NULL};
			rc = batch_edit(db, run, batch, &e, r, err);
		}
		if (rc)
			break;
	}
	json_decref(root);
	return rc;
}

int xp_db_import_mmc(xp_db *db, int64_t run, const char *path, const char *annotator,
		     xp_batch_result *r, xp_err *err)
{
	return xp_run_batch(db, run, path, annotator ? annotator : "mmc", mmc, NULL, r, err);
}

/* --- TASA results CSV ---------------------------------------------------------------- */

/* one RFC 4180 field at *p; returns a malloc'd copy, moves *p past its separator */
static char *csv_field(const char **p, const char *end, int *eol)
{
	const char *s = *p;
	size_t cap = 64, n = 0;
	char *out = malloc(cap);
	if (!out)
		return NULL;
	int quoted = s < end && *s == '"';
	if (quoted)
		s++;
	for (; s < end; s++) {
		if (quoted && *s == '"') {
			if (s + 1 < end && s[1] == '"') {
				s++;
			} else {
				quoted = 0;
				continue;
			}
		} else if (!quoted && (*s == ',' || *s == '\n' || *s == '\r')) {
			break;
		}
		if (n + 2 > cap) {
			char *q = realloc(out, cap *= 2);
			if (!q)
				return free(out), NULL;
			out = q;
		}
		out[n++] = *s;
	}
	out[n] = '\0';
	*eol = s >= end || *s != ',';
	/* CRLF is one line end; a CR alone (classic Mac) is one too, and the
	 * next row begins right after it */
	if (s < end && *s == '\r' && s + 1 < end && s[1] == '\n')
		s++;
	*p = s < end ? s + 1 : end;
	return out;
}

static char **csv_row(const char **p, const char *end, size_t *n)
{
	char **v = NULL;
	*n = 0;
	int eol = 0;
	while (!eol && *p < end) {
		char **w = realloc(v, (*n + 1) * sizeof *v);
		if (!w)
			break;
		v = w;
		v[(*n)++] = csv_field(p, end, &eol);
	}
	return v;
}

static void free_row(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int column(char **head, size_t n, const char *a, const char *b)
{
	for (size_t i = 0; i < n; i++)
		if (head[i] && (!strcmp(head[i], a) || !strcmp(head[i], b)))
			return (int)i;
	return -1;
}

/* The mention's span from an annotator's grid: the target tokens any of
 * its source tokens is aligned to, as the minmax rule spans them.  The grid
 * is the one export-tasa wrote for the mention's sentence: nsrc rows (its
 * English tokens) of ntgt cells (its target tokens), each true or false (1
 * or 0).  A grid of another shape is another sentence's, or was cut or
 * edited: read as it stood, rows the mention has and the grid lacks counted
 * as unaligned, so a [[true]] grid for a longer mention deleted its
 * projection (issue 32, D5).  It is refused, with why (in why[0..n)).
 * nsrc < 0: the mention is unknown, nothing to check the shape against. */
static int grid_span(const char *grid, int64_t nsrc, int64_t ntgt, int64_t s, int64_t e, int64_t *a, int64_t *b,
		     char *why, size_t n)
{
	json_error_t je;
	json_t *g = json_loads(grid, JSON_DECODE_ANY, &je);
	int rc = 0;
	if (!json_is_array(g))
		rc = -1, snprintf(why, n, "Answer.alignment is not a grid (an array of rows of booleans)");
	else if (nsrc >= 0 && (int64_t)json_array_size(g) != nsrc)
		rc = -1, snprintf(why, n, "Answer.alignment has %zu rows, the mention's sentence %lld English tokens "
				  "(a grid of another sentence?)", json_array_size(g), (long long)nsrc);
	for (size_t i = 0; rc == 0 && i < json_array_size(g); i++) {
		json_t *row = json_array_get(g, i);
		if (!json_is_array(row))
			rc = -1, snprintf(why, n, "Answer.alignment: row %zu is not an array", i);
		else if (nsrc >= 0 && (int64_t)json_array_size(row) != ntgt)
			rc = -1, snprintf(why, n, "Answer.alignment: row %zu has %zu cells, the target sentence %lld tokens",
					  i, json_array_size(row), (long long)ntgt);
		for (size_t j = 0; rc == 0 && j < json_array_size(row); j++) {
			json_t *c = json_array_get(row, j);
			if (!json_is_boolean(c) && !(json_is_integer(c) && (json_integer_value(c) == 0 || json_integer_value(c) == 1)))
				rc = -1, snprintf(why, n, "Answer.alignment: cell [%zu][%zu] is not true, false, 0 or 1", i, j);
		}
	}
	*a = INT64_MAX, *b = -1;
	for (int64_t i = s; rc == 0 && i < e; i++) {
		json_t *row = json_array_get(g, (size_t)i);
		for (size_t j = 0; j < json_array_size(row); j++)
			if (json_is_true(json_array_get(row, j)) || json_integer_value(json_array_get(row, j)) == 1) {
				*a = (int64_t)j < *a ? (int64_t)j : *a;
				*b = (int64_t)j + 1 > *b ? (int64_t)j + 1 : *b;
			}
	}
	json_decref(g);
	return rc;
}

static int tasa_row(xp_db *db, int64_t run, int64_t batch, const char *name, const char *key,
		    const char *grid, const char *annotator, size_t line, xp_batch_result *r, xp_err *err)
{
	int64_t m, s = 0, e = 0, a, b, nsrc = -1, ntgt = -1;
	xp_mstate st = {0};
	int found = xp_mention_lookup(db, run, key, &m, err);
	if (found != 0 && found != XP_ENOTFOUND)
		return found;
	if (m >= 0) {
		sqlite3_stmt *q;
		/* the grid's shape is the mention's sentence's, as export-tasa wrote it */
		if (xp_sql_prepare(db, "SELECT m.start, m.end, " XP_SQL_NTOKS("u.src") ", " XP_SQL_NTOKS("u.tgt")
				   " FROM mentions m JOIN utterances u ON u.id = m.utterance WHERE m.id = ?", &q, err))
			return -1;
		sqlite3_bind_int64(q, 1, m);
		if (sqlite3_step(q) == SQLITE_ROW) {
			s = sqlite3_column_int64(q, 0), e = sqlite3_column_int64(q, 1);
			nsrc = sqlite3_column_type(q, 2) == SQLITE_NULL ? -1 : sqlite3_column_int64(q, 2);
			ntgt = sqlite3_column_type(q, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64(q, 3);
			if (ntgt < 0)
				nsrc = -1;
		}
		sqlite3_finalize(q);
		if (xp_db_state(db, m, &st))
			return xp_sql_fail(db, err, "state");
	}
	char why[200];
	if (grid_span(grid, nsrc, ntgt, s, e, &a, &b, why, sizeof why))
		return xp_failc(err, XP_EINPUT, name, line, "mention %s: %s", key, why);
	int now = b > a;
	if (m >= 0 && now == st.projected && (!now || (a == st.start && b == st.end))) {
		r->unchanged++;   /* the annotator kept the projection: not a correction */
		return 0;
	}
	xp_op op = !now ? XP_DELETE : (m >= 0 && st.projected) ? XP_MODIFY : XP_ADD;
	xp_edit ed = {op, key, (int32_t)st.sent, (int32_t)(now ? a : 0), (int32_t)(now ? b : 0), annotator, NULL};
	return batch_edit(db, run, batch, &ed, r, err);
}

static int tasa(xp_db *db, int64_t run, int64_t batch, const char *name, const char *buf, size_t n,
		const char *annotator, void *arg, xp_batch_result *r, xp_err *err)
{
	(void)arg;
	const char *p = buf, *end = buf + n;
	size_t nh, nf, line = 1;
	char **head = csv_row(&p, end, &nh);
	/* a row's line is the file's line it begins on: a quoted field may
	 * hold line ends (a worker's comment), which rows do not count */
	const char *counted = buf;
	int cm = column(head, nh, "Input.mention_id", "mention_id");
	int ca = column(head, nh, "Answer.alignment", "alignment");
	int cw = column(head, nh, "WorkerId", "annotator");
	int rc = cm < 0 || ca < 0 ? xp_fail(err, name, 1, "no mention_id / Answer.alignment columns") : 0;
	while (rc == 0 && p < end) {
		for (; counted < p; counted++)
			line += *counted == '\n' || (*counted == '\r' && (counted + 1 == end || counted[1] != '\n'));
		char **f = csv_row(&p, end, &nf);
		if (nf == 1 && !f[0][0]) {
			free_row(f, nf);
			continue;
		}
		if (nf != nh)
			rc = xp_fail(err, name, line, "%zu fields, the header has %zu", nf, nh);
		else
			rc = tasa_row(db, run, batch, name, f[cm], f[ca], cw >= 0 ? f[cw] : annotator, line, r, err);
		free_row(f, nf);
	}
	free_row(head, nh);
	return rc;
}

int xp_db_import_tasa(xp_db *db, int64_t run, const char *path, const char *annotator,
		      xp_batch_result *r, xp_err *err)
{
	return xp_run_batch(db, run, path, annotator ? annotator : "tasa", tasa, NULL, r, err);
}

/* --- undo ------------------------------------------------------------------------------ */

/* The documents of a live batch (?1 its id, or ?2 its name), for the
 * crossing guard: of its corrections, and of the target-only mentions it
 * moved (schema 13: a merge's; 14: a relink of one alone; 15: a deletion
 * or a carried move: batches with no correction, whose undo the guard
 * checked nowhere when `db undo` took back the newest batch) */
#define BATCH_DOCS "SELECT DISTINCT m.document FROM batches b JOIN corrections c ON c.batch = b.id" \
	" JOIN mentions m ON m.id = c.mention WHERE b.undone = 0 AND (b.id = ?1 OR b.name = ?2)"
#define BATCH_TDOCS BATCH_DOCS " UNION SELECT u.document FROM batches b JOIN tmoves x ON x.batch = b.id" \
	" JOIN tedits t ON t.id = x.tedit JOIN utterances u ON u.id = t.utterance" \
	" WHERE b.undone = 0 AND (b.id = ?1 OR b.name = ?2)"

int xp_db_undo(xp_db *db, const char *batch, char *what, size_t n, xp_err *err)
{
	if (xp_sql_begin(db, err))
		return -1;
	sqlite3_stmt *st;
	int rc = -1;
	/* an undo puts back an earlier state, which later edits may have made
	 * crossing: it passes the guard every edit passes (correct/cross.c),
	 * over the documents of what it takes back */
	xp_xguard g = {0};
	/* a batch is named by its number or by its name: a number only when
	 * it is all digits ("1.json" is a name, not batch 1 as atoll read it) */
	int64_t bid = -1;
	if (batch && *batch && strspn(batch, "0123456789") == strlen(batch) && strlen(batch) < 19)
		bid = atoll(batch);
	/* a name two live batches have (a corrections file edited and imported
	 * again under its name; a batch named by the digits of another's
	 * number): both were undone, said as one ("undone: batch c.json") */
	if (batch) {
		char ids[160] = "";
		int64_t k = 0;
		if (xp_sql_prepare(db, "SELECT id FROM batches WHERE undone = 0 AND (id = ? OR name = ?) ORDER BY id", &st, err))
			return xp_sql_rollback(db), -1;
		sqlite3_bind_int64(st, 1, bid);
		sqlite3_bind_text(st, 2, batch, -1, SQLITE_STATIC);
		while (sqlite3_step(st) == SQLITE_ROW) {
			size_t l = strlen(ids);
			if (l + 24 < sizeof ids)
				snprintf(ids + l, sizeof ids - l, "%s%lld", k ? ", " : "", (long long)sqlite3_column_int64(st, 0));
			k++;
		}
		sqlite3_finalize(st);
		if (k > 1) {
			xp_sql_rollback(db);
			return xp_failc(err, XP_EUSAGE, "", 0, "%lld live batches answer to '%s' (batches %s): nothing was "
					"undone; give the number of the one to undo (xproj db log lists them)", (long long)k,
					batch, ids);
		}
	}
	if (batch) {
		rc = xp_sql_prepare(db, db->version >= 13 ? BATCH_TDOCS : BATCH_DOCS, &st, err);
		if (rc == 0) {
			sqlite3_bind_int64(st, 1, bid);
			sqlite3_bind_text(st, 2, batch, -1, SQLITE_STATIC);
			int step = SQLITE_DONE;
			while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW)
				rc = xp_xguard_add(db, &g, sqlite3_column_int64(st, 0), err);
			if (rc == 0 && step != SQLITE_DONE)
				rc = xp_sql_fail(db, err, "undo");
			sqlite3_finalize(st);
		}
		if (rc == 0)
			rc = xp_sql_prepare(db, "UPDATE batches SET undone = 1 WHERE undone = 0 AND (id = ? OR name = ?)", &st, err);
		if (rc == 0) {
			sqlite3_bind_int64(st, 1, bid);
			sqlite3_bind_text(st, 2, batch, -1, SQLITE_STATIC);
			rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "undo");
			sqlite3_finalize(st);
			if (rc == 0 && !sqlite3_changes(db->h))
				rc = xp_fail(err, "", 0, "no batch '%s' to undo", batch);
			snprintf(what, n, "batch %s", batch);
		}
	} else {
		/* the newest live action: a batch, or a single edit */
		int64_t b = xp_sql_int(db, "SELECT max(id) FROM batches WHERE undone = 0", 0);
		int64_t c = xp_sql_int(db, "SELECT max(id) FROM corrections WHERE batch IS NULL AND undone = 0", 0);
		int64_t bc = b ? xp_sql_int(db, "SELECT max(c.id) FROM corrections c JOIN batches b ON b.id = c.batch WHERE b.undone = 0", 0) : 0;
		/* a batch of moves alone (schema 14: a target-only mention relinked
		 * or deleted) has no correction: it is newer than the corrections
		 * made before it (its `after`), which its id alone did not say */
		if (b && db->version >= 14) {
			int64_t after = xp_sql_int(db, "SELECT coalesce(max(x.after), 0) FROM tmoves x WHERE x.batch ="
						   " (SELECT max(id) FROM batches WHERE undone = 0)", 0);
			bc = after > bc ? after : bc;
		}
		char sql[128];
		if (!b && !c) {
			rc = xp_fail(err, "", 0, "nothing to undo");
		} else if (c > bc) {
			snprintf(sql, sizeof sql, "UPDATE corrections SET undone = 1 WHERE id = %lld", (long long)c);
			int64_t m = xp_sql_int(db, "SELECT coalesce(max(mention), -1) FROM corrections WHERE id = (SELECT max(id)"
					       " FROM corrections WHERE batch IS NULL AND undone = 0)", -1);
			rc = (m >= 0 && xp_xguard_touch(db, &g, m, err)) || xp_sql_exec(db, sql, err) ? -1 : 0;
			snprintf(what, n, "correction %lld", (long long)c);
		} else {
			snprintf(sql, sizeof sql, "UPDATE batches SET undone = 1 WHERE id = %lld", (long long)b);
			rc = xp_xguard_docs(db, &g, db->version >= 13 ? BATCH_TDOCS : BATCH_DOCS, b, err) || xp_sql_exec(db, sql, err)
				     ? -1 : 0;
			snprintf(what, n, "batch %lld", (long long)b);
		}
	}
	if (rc == 0)
		rc = xp_xguard_check(db, &g, err);
	xp_xguard_free(&g);
	if (rc == 0)
		rc = xp_history_json(db, "undo", json_pack("{s:o}", "undone", xp_json_text(what)), err);
	if (rc) {
		xp_sql_rollback(db);
		return -1;
	}
	return xp_sql_commit(db, err);
}
