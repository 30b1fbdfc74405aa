/*
 * correct/merge.c — several correction stores into one (`xproj db merge`):
 * the store of each shard of a workflow (an episode x language), or the
 * stores two annotators corrected apart.
 *
 * Row ids are each store's own, so nothing is matched by row id: a run is
 * the same run when its run id (schema 12: random, drawn by its import)
 * is, or, a run made before that has none, when its language, files,
 * settings and creation time are (merge_runs says why); its
 * documents, utterances and mentions by their natural keys (document and
 * part, English utterance index, English mention id); a batch by name,
 * checksum, annotator and time; a correction by everything it says (the
 * mention's key, operation, spans, status, cluster, annotator, note and
 * time), a review likewise, a history line by its time, action and detail
 * (the run and batch ids in it rewritten to the merged store's, so that
 * `db check` still finds each import's line).  What the merged store has
 * already is not added again, so merging the same stores twice changes
 * nothing; an undo in either store undoes the batch or correction in the
 * merged one.  Every row of every input is either added or found.  What
 * schema 10 added comes along: the word aligner's model a run names, a
 * realign's proposals (which a keep confirms: they are the kept span) and
 * a target action's place among the reviews.
 *
 * Two stores that both corrected one mention of one run, each with a live
 * edit the other lacks, disagree: both edits are kept (the corrected view
 * applies them in the order they were made, store.h XP_SQL_MADE, as it would
 * had they been made in one store), and the pair is reported, for an
 * adjudicator to look at.
 *
 * An input that is not a store, of another schema version, or corrupt is
 * refused before OUT is created or changed; the merge itself is one write
 * transaction of OUT (xp_db_merge says why), so a failure half-way leaves
 * OUT as it was and OUT may be in use meanwhile.
 */
#define _POSIX_C_SOURCE 200809L
#include "store.h"
#include "../base/failpoint.h"
#include "../base/mem.h"
#include "../base/outputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a correction row c the same as row o (every column but ids and undone) */
#define SAME_CORR(o, c)                                                                                         \
	o ".mention_key = " c ".mention_key AND " o ".op = " c ".op AND " o ".created = " c ".created AND " o \
	".annotator IS " c ".annotator AND " o ".note IS " c ".note AND " o ".sent IS " c ".sent AND " o           \
	".new_start IS " c ".new_start AND " o ".new_end IS " c ".new_end AND " o ".old_start IS " c             \
	".old_start AND " o ".old_end IS " c ".old_end AND " o ".status = " c ".status AND " o ".cluster IS " c  \
	".cluster AND " o ".why IS " c ".why"

void xp_merge_result_free(xp_merge_result *r)
{
	for (size_t k = 0; k < r->nconflicts; k++)
		free(r->conflicts[k]);
	free(r->conflicts);
	memset(r, 0, sizeof *r);
}

static int add_conflict(xp_merge_result *r, const char *s)
{
	char *c = strdup(s);
	if (!c || xp_grow(&r->conflicts, &r->cap, r->nconflicts + 1, sizeof *r->conflicts)) {
		free(c);
		return -1;
	}
	r->conflicts[r->nconflicts++] = c;
	return 0;
}

/* sql with its input's tables, written src.TABLE, in the schema s the
 * input is attached as (each input its own: they are all attached to the
 * one transaction, which cannot detach one, see xp_db_merge).  Only a
 * "src." that starts a name is one: "m.src" is a column.  NULL: no memory. */
static char *in_schema(const char *sql, const char *s)
{
	size_t n = 0, ls = strlen(s);
	for (const char *p = sql; (p = strstr(p, "src.")); p += 4)
		n++;
	char *out = malloc(strlen(sql) + n * ls + 1), *o = out;
	if (!out)
		return NULL;
	for (const char *p = sql; *p;) {
		if (!strncmp(p, "src.", 4) && (p == sql || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))) {
			memcpy(o, s, ls);
			o += ls, *o++ = '.', p += 4;
		} else {
			*o++ = *p++;
		}
	}
	*o = 0;
	return out;
}

static int exec_in(xp_db *db, const char *sql, const char *s, xp_err *err)
{
	char *q = in_schema(sql, s);
	int rc = q ? xp_sql_exec(db, q, err) : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	free(q);
	return rc;
}

static int prepare_in(xp_db *db, const char *sql, const char *s, sqlite3_stmt **st, xp_err *err)
{
	char *q = in_schema(sql, s);
	*st = NULL;
	int rc = q ? xp_sql_prepare(db, q, st, err) : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	free(q);
	return rc;
}

/* Runs: matched by their id (schema 12), else added.  A run made before
 * schema 12 has none (NULL) and is matched as it was, by its language,
 * files, settings and creation time, among the merged store's runs that
 * have none either: the migration could not give it one, since two copies
 * of one old store migrated apart would have drawn two ids and no longer
 * merged as one run.  (A run with an id is never one without: every run
 * imported since has one.)  mrun(src, dst, new, byid). */
static int merge_runs(xp_db *db, const char *sch, xp_merge_result *r, xp_err *err)
{
	sqlite3_stmt *sel = NULL, *byid = NULL, *old = NULL, *ins = NULL, *map = NULL;
	int rc = prepare_in(db, "SELECT id, lang, files, settings, created, uid FROM src.runs ORDER BY id", sch, &sel,
			    err) ||
			 xp_sql_prepare(db, "SELECT id FROM main.runs WHERE uid = ?1", &byid, err) ||
			 xp_sql_prepare(db, "SELECT min(id) FROM main.runs WHERE lang = ?1 AND files = ?2 AND settings = ?3"
					" AND created = ?4 AND uid IS NULL", &old, err) ||
			 xp_sql_prepare(db, "INSERT INTO main.runs(lang, files, settings, created, uid)"
					" VALUES(?1, ?2, ?3, ?4, ?5)", &ins, err) ||
			 xp_sql_prepare(db, "INSERT INTO temp.mrun(src, dst, new, byid) VALUES(?, ?, ?, ?)", &map, err)
		 ? -1 : 0;
	while (!rc && sqlite3_step(sel) == SQLITE_ROW) {
		int hasid = sqlite3_column_type(sel, 5) != SQLITE_NULL;
		sqlite3_stmt *find = hasid ? byid : old;
		sqlite3_reset(find);
		if (hasid)
			sqlite3_bind_value(find, 1, sqlite3_column_value(sel, 5));
		else
			for (int k = 1; k <= 4; k++)
				sqlite3_bind_value(find, k, sqlite3_column_value(sel, k));
		int64_t dst = 0, isnew = 0;
		if (sqlite3_step(find) == SQLITE_ROW && sqlite3_column_type(find, 0) != SQLITE_NULL) {
			dst = sqlite3_column_int64(find, 0);
			r->runs_known++;
		} else {
			sqlite3_reset(ins);
			for (int k = 1; k <= 5; k++)
				sqlite3_bind_value(ins, k, sqlite3_column_value(sel, k));
			if (sqlite3_step(ins) != SQLITE_DONE) {
				rc = xp_sql_fail(db, err, "adding a run");
				break;
			}
			dst = sqlite3_last_insert_rowid(db->h), isnew = 1;
			r->runs++;
		}
		sqlite3_reset(map);
		sqlite3_bind_int64(map, 1, sqlite3_column_int64(sel, 0));
		sqlite3_bind_int64(map, 2, dst);
		sqlite3_bind_int64(map, 3, isnew);
		sqlite3_bind_int64(map, 4, hasid);
		if (sqlite3_step(map) != SQLITE_DONE)
			rc = xp_sql_fail(db, err, "mapping runs");
	}
	sqlite3_finalize(sel);
	sqlite3_finalize(byid);
	sqlite3_finalize(old);
	sqlite3_finalize(ins);
	sqlite3_finalize(map);
	return rc;
}

/* A run of src matched to one of the merged store's must hold what that
 * one holds: the same documents, the same English and target tokens in
 * each utterance, the same mentions.  Matched by id, they are one import's
 * run, which nothing changes after it: a difference is a store edited by
 * hand.  Matched without (runs made before schema 12), two runs of other
 * corpora imported the same second from files of the same names (relative
 * paths, each in its own directory) match; taken as one, the second's
 * documents were dropped, exit 0, and its corrections went onto the
 * first's words.  Refused instead, naming the first thing that differs. */
static int runs_agree(xp_db *db, const char *sch, const char *in, xp_err *err)
{
	static const char *const sql =
		"SELECT m.src, m.dst, d.doc, d.part, u.en_idx, 'utterance', m.byid FROM src.utterances u"
		" JOIN src.documents d ON d.id = u.document JOIN temp.mrun m ON m.src = d.run AND NOT m.new"
		" LEFT JOIN main.documents od ON od.run = m.dst AND od.doc = d.doc AND od.part = d.part"
		" LEFT JOIN main.utterances ou ON ou.document = od.id AND ou.en_idx = u.en_idx"
		" WHERE ou.id IS NULL OR ou.src IS NOT u.src OR ou.tgt IS NOT u.tgt OR ou.tgt_idx IS NOT u.tgt_idx"
		" UNION ALL SELECT * FROM (SELECT m.src, m.dst, d.doc, d.part, x.mention, 'mention', m.byid FROM src.mentions x"
		" JOIN src.documents d ON d.id = x.document JOIN temp.mrun m ON m.src = d.run AND NOT m.new"
		" LEFT JOIN main.documents od ON od.run = m.dst AND od.doc = d.doc AND od.part = d.part"
		" LEFT JOIN main.mentions o ON o.document = od.id AND o.mention = x.mention"
		" WHERE o.id IS NULL OR o.start IS NOT x.start OR o.end IS NOT x.end OR o.cluster IS NOT x.cluster)"
		" LIMIT 1";
	sqlite3_stmt *st;
	if (prepare_in(db, sql, sch, &st, err))
		return -1;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		rc = xp_failc(err, XP_EINPUT, in, 0, "its run %lld has %s of the merged store's run %lld, but not its text: "
			      "document %s part %lld, %s %lld differs or is not there (%s): nothing is merged",
			      (long long)sqlite3_column_int64(st, 0),
			      sqlite3_column_int(st, 6) ? "the run id" : "the language, files, settings and time (and no run id)",
			      (long long)sqlite3_column_int64(st, 1), (const char *)sqlite3_column_text(st, 2),
			      (long long)sqlite3_column_int64(st, 3), (const char *)sqlite3_column_text(st, 5),
			      (long long)sqlite3_column_int64(st, 4),
			      sqlite3_column_int(st, 6) ? "a store edited by hand?"
							: "two runs of other corpora, imported the same second from files of the same names?");
	else
		rc = rc == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "comparing runs");
	sqlite3_finalize(st);
	return rc;
}

/* Conflicts: a live edit of src's that the merged store lacks, on a
 * mention the merged store has a live edit of that src lacks, which says
 * otherwise: two annotators who set one mention to one span agree, and
 * were listed as a conflict.  A stored no-op (store.h XP_SQL_NOOP, an
 * older store's) is no edit on either side: it set the span its own store
 * had, and the corrected view passes over it, so it conflicts with nothing
 * (ann2's "modify 0:5:7" on the projection was listed against ann1's real
 * 0:4:7).  The corrected view applies a mention's edits in the order they
 * were made (store.h XP_SQL_MADE): the line says which one it shows. */
static int find_conflicts(xp_db *db, const char *in, xp_merge_result *r, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db,
			   "SELECT s.drun, s.mention_key, s.op, s.sent, s.new_start, s.new_end, coalesce(s.annotator, ''),"
			   " s.created, o.op, o.sent, o.new_start, o.new_end, coalesce(o.annotator, ''), o.created"
			   " FROM temp.sc s JOIN temp.mc o ON o.run = s.drun AND o.mention_key = s.mention_key"
			   " WHERE s.undone = 0 AND s.status = 'ok' AND o.undone = 0 AND o.status = 'ok'"
			   " AND NOT " XP_SQL_NOOP("s") " AND NOT " XP_SQL_NOOP("o")
			   " AND NOT EXISTS (SELECT 1 FROM temp.mc x WHERE x.run = s.drun AND " SAME_CORR("x", "s") ")"
			   " AND NOT EXISTS (SELECT 1 FROM temp.sc y WHERE y.drun = o.run AND " SAME_CORR("y", "o") ")"
			   " AND NOT (s.op = o.op AND s.sent IS o.sent AND s.new_start IS o.new_start AND s.new_end IS o.new_end"
			   " AND s.cluster IS o.cluster)"
			   " GROUP BY s.id ORDER BY s.drun, s.mention_key, s.id",
			   &st, err))
		return -1;
	int rc = 0;
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		char line[1024], a[64], b[64];
		for (int k = 0; k < 2; k++) {
			int c = k ? 8 : 2;
			char *out = k ? b : a;
			if (!strcmp(xp_sql_text(st, c), "delete"))
				snprintf(out, 64, "delete");
			else
				snprintf(out, 64, "%s %lld:%lld:%lld", xp_sql_text(st, c), (long long)sqlite3_column_int64(st, c + 1),
					 (long long)sqlite3_column_int64(st, c + 2), (long long)sqlite3_column_int64(st, c + 3));
		}
		/* the view's order (store.h XP_SQL_MADE): by time; in the same
		 * second, the input's, stored after */
		int older = strcmp(xp_sql_text(st, 7), xp_sql_text(st, 13)) < 0;
		snprintf(line, sizeof line, "run %lld, %s: %s has %s by '%s' (%s), the merged store %s by '%s' (%s); the "
			 "corrected view shows the later, %s",
			 (long long)sqlite3_column_int64(st, 0), xp_sql_text(st, 1), in, a, xp_sql_text(st, 6),
			 xp_sql_text(st, 7), b, xp_sql_text(st, 12), xp_sql_text(st, 13),
			 older ? "the merged store's"
			 : strcmp(xp_sql_text(st, 7), xp_sql_text(st, 13)) ? "the input's" : "the input's (the same second: merged after)");
		if (add_conflict(r, line))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	sqlite3_finalize(st);
	return rc;
}

/* the merged store's corrections, indexed for matching */
static const char *const MC =
	"DROP TABLE IF EXISTS temp.mc;"
	"CREATE TEMP TABLE mc AS SELECT * FROM main.corrections;"
	"CREATE INDEX temp.mc_k ON mc(run, mention_key);";

#define SAME_TEDIT(o, s) o ".run = " s ".drun AND " o ".utterance = " s ".dutt AND " o ".kind = " s ".kind AND " \
	o ".created = " s ".created AND " o ".annotator IS " s ".annotator AND " o ".cluster IS " s ".cluster AND " \
	o ".start IS " s ".start AND " o ".end IS " s ".end AND " o ".tgt IS " s ".tgt"

/* One run, two models: IN and the merged store each name a word-aligner
 * model for a run they share, other files (by hash).  The merged store's is
 * kept (a run records one), which was silent: the workbench's re-projection
 * after a realign then used a model IN's corrector never had.  Listed with
 * the conflicts, which the merge keeps and says. */
static int model_conflicts(xp_db *db, const char *sch, const char *in, xp_merge_result *r, xp_err *err)
{
	sqlite3_stmt *st;
	if (prepare_in(db,
			   "SELECT m.dst, json_extract(s.wa_model, '$.path'), json_extract(o.wa_model, '$.path')"
			   " FROM src.runs s JOIN temp.mrun m ON m.src = s.id JOIN main.runs o ON o.id = m.dst"
			   " WHERE NOT m.new AND s.wa_model IS NOT NULL AND o.wa_model IS NOT NULL"
			   " AND json_extract(s.wa_model, '$.hash') IS NOT json_extract(o.wa_model, '$.hash') ORDER BY m.dst",
			   sch, &st, err))
		return -1;
	int rc = 0;
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		char line[2048];
		snprintf(line, sizeof line, "run %lld: %s names the word-aligner model %s, the merged store another, %s "
			 "(kept: a run records one; the workbench re-projects re-pairs with it)",
			 (long long)sqlite3_column_int64(st, 0), in, xp_sql_text(st, 1), xp_sql_text(st, 2));
		if (add_conflict(r, line))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	sqlite3_finalize(st);
	return rc;
}

static int merge_one(xp_db *db, const char *sch, const char *in, xp_merge_result *r, xp_err *err)
{
	int64_t before[5] = {xp_sql_int(db, "SELECT count(*) FROM main.corrections", 0),
			     xp_sql_int(db, "SELECT count(*) FROM main.batches", 0),
			     xp_sql_int(db, "SELECT count(*) FROM main.reviews", 0),
			     xp_sql_int(db, "SELECT count(*) FROM main.history", 0),
			     xp_sql_int(db, "SELECT count(*) FROM main.carries", 0)};
	int64_t maxcorr = xp_sql_int(db, "SELECT coalesce(max(id), 0) FROM main.corrections", 0);
	int64_t maxrev = xp_sql_int(db, "SELECT coalesce(max(id), 0) FROM main.reviews", 0);
	int64_t maxted = xp_sql_int(db, "SELECT coalesce(max(id), 0) FROM main.tedits", 0);
	if (xp_sql_exec(db,
			"DROP TABLE IF EXISTS temp.mrun; DROP TABLE IF EXISTS temp.mdoc; DROP TABLE IF EXISTS temp.mutt;"
			"DROP TABLE IF EXISTS temp.mmen; DROP TABLE IF EXISTS temp.mbat; DROP TABLE IF EXISTS temp.sc;"
			"DROP TABLE IF EXISTS temp.mcor; DROP TABLE IF EXISTS temp.sr; DROP TABLE IF EXISTS temp.mrev;"
			"CREATE TEMP TABLE mrun(src INTEGER PRIMARY KEY, dst INTEGER NOT NULL, new INTEGER NOT NULL,"
			" byid INTEGER NOT NULL);",
			err) ||
	    merge_runs(db, sch, r, err) || runs_agree(db, sch, in, err) || model_conflicts(db, sch, in, r, err))
		return -1;
	/* a new run's rows, then every run's ids by natural key */
	static const char *const rows =
		/* the word aligner's model a run names (schema 10), for a run that
		 * names none here: without it a merged store's realigns are not
		 * re-projected */
		"UPDATE main.runs SET wa_model = (SELECT s.wa_model FROM src.runs s JOIN temp.mrun m ON m.src = s.id"
		" WHERE m.dst = main.runs.id AND s.wa_model IS NOT NULL ORDER BY s.id LIMIT 1)"
		" WHERE wa_model IS NULL AND id IN (SELECT dst FROM temp.mrun);"
		"INSERT INTO main.documents(run, doc, part) SELECT m.dst, d.doc, d.part FROM src.documents d"
		" JOIN temp.mrun m ON m.src = d.run WHERE m.new ORDER BY d.id;"
		"CREATE TEMP TABLE mdoc AS SELECT d.id AS src, o.id AS dst, m.new AS new FROM src.documents d"
		" JOIN temp.mrun m ON m.src = d.run JOIN main.documents o ON o.run = m.dst AND o.doc = d.doc AND o.part = d.part;"
		"CREATE INDEX temp.mdoc_s ON mdoc(src);"
		"INSERT INTO main.utterances(document, en_idx, tgt_idx, speaker, src, tgt, tgt_text, en_subs, tgt_subs,"
		" align_conf, align_doubt)"
		" SELECT md.dst, u.en_idx, u.tgt_idx, u.speaker, u.src, u.tgt, u.tgt_text, u.en_subs, u.tgt_subs,"
		" u.align_conf, u.align_doubt"
		" FROM src.utterances u JOIN temp.mdoc md ON md.src = u.document WHERE md.new ORDER BY u.id;"
		"CREATE TEMP TABLE mutt AS SELECT u.id AS src, o.id AS dst FROM src.utterances u"
		" JOIN temp.mdoc md ON md.src = u.document JOIN main.utterances o ON o.document = md.dst AND o.en_idx = u.en_idx;"
		"CREATE INDEX temp.mutt_s ON mutt(src);"
		"INSERT INTO main.mentions(document, mention, cluster, utterance, start, end)"
		" SELECT md.dst, x.mention, x.cluster, mu.dst, x.start, x.end FROM src.mentions x"
		" JOIN temp.mdoc md ON md.src = x.document JOIN temp.mutt mu ON mu.src = x.utterance WHERE md.new ORDER BY x.id;"
		"CREATE TEMP TABLE mmen AS SELECT x.id AS src, o.id AS dst, md.new AS new FROM src.mentions x"
		" JOIN temp.mdoc md ON md.src = x.document JOIN main.mentions o ON o.document = md.dst AND o.mention = x.mention;"
		"CREATE INDEX temp.mmen_s ON mmen(src);"
		"INSERT INTO main.projections(mention, tgt_start, tgt_end, fate, confidence, rule, why)"
		" SELECT mm.dst, p.tgt_start, p.tgt_end, p.fate, p.confidence, p.rule, p.why FROM src.projections p"
		" JOIN temp.mmen mm ON mm.src = p.mention WHERE mm.new ORDER BY p.mention;"
		"INSERT INTO main.run_counts(run, documents, mentions, projected) SELECT m.dst, k.documents, k.mentions,"
		" k.projected FROM src.run_counts k JOIN temp.mrun m ON m.src = k.run WHERE m.new;"
		"INSERT INTO main.run_fates(run, fate, mentions) SELECT m.dst, f.fate, f.mentions FROM src.run_fates f"
		" JOIN temp.mrun m ON m.src = f.run WHERE m.new;"
		/* batches */
		"INSERT INTO main.batches(name, checksum, annotator, created, undone) SELECT b.name, b.checksum, b.annotator,"
		" b.created, b.undone FROM src.batches b WHERE NOT EXISTS (SELECT 1 FROM main.batches o WHERE"
		" o.checksum = b.checksum AND o.name = b.name AND o.annotator IS b.annotator AND o.created = b.created)"
		" ORDER BY b.id;"
		"CREATE TEMP TABLE mbat AS SELECT b.id AS src, (SELECT min(o.id) FROM main.batches o WHERE"
		" o.checksum = b.checksum AND o.name = b.name AND o.annotator IS b.annotator AND o.created = b.created) AS dst,"
		" b.undone AS undone FROM src.batches b;"
		"UPDATE main.batches SET undone = 1 WHERE undone = 0 AND id IN (SELECT dst FROM temp.mbat WHERE undone);"
		/* src's corrections in the merged store's ids */
		"CREATE TEMP TABLE sc AS SELECT c.*, m.dst AS drun, mb.dst AS dbatch, mm.dst AS dmention"
		" FROM src.corrections c JOIN temp.mrun m ON m.src = c.run LEFT JOIN temp.mbat mb ON mb.src = c.batch"
		" LEFT JOIN temp.mmen mm ON mm.src = c.mention;"
		"CREATE INDEX temp.sc_k ON sc(drun, mention_key);"
		"CREATE INDEX temp.sc_i ON sc(id);";
	if (exec_in(db, rows, sch, err) || xp_sql_exec(db, MC, err) || find_conflicts(db, in, r, err))
		return -1;
	static const char *const corr =
		"INSERT INTO main.corrections(run, batch, mention, mention_key, op, old_start, old_end, sent, new_start,"
		" new_end, status, why, annotator, note, created, undone, carried_from, cluster)"
		" SELECT s.drun, s.dbatch, s.dmention, s.mention_key, s.op, s.old_start, s.old_end, s.sent, s.new_start,"
		" s.new_end, s.status, s.why, s.annotator, s.note, s.created, s.undone, NULL, s.cluster FROM temp.sc s"
		" WHERE NOT EXISTS (SELECT 1 FROM temp.mc o WHERE o.run = s.drun AND " SAME_CORR("o", "s") ") ORDER BY s.id;";
	static const char *const after =
		"CREATE TEMP TABLE mcor AS SELECT s.id AS src, (SELECT min(o.id) FROM temp.mc o WHERE o.run = s.drun AND "
		SAME_CORR("o", "s") ") AS dst, s.undone AS undone, s.carried_from AS carried_from FROM temp.sc s;"
		"CREATE INDEX temp.mcor_s ON mcor(src);"
		"UPDATE main.corrections SET undone = 1 WHERE undone = 0 AND id IN (SELECT dst FROM temp.mcor WHERE undone);"
		"UPDATE main.corrections SET carried_from = (SELECT f.dst FROM temp.mcor a JOIN temp.mcor f"
		" ON f.src = a.carried_from WHERE a.dst = main.corrections.id) WHERE id > @maxcorr AND carried_from IS NULL;"
		/* reviews */
		"CREATE TEMP TABLE sr AS SELECT v.*, m.dst AS drun, mm.dst AS dmention,"
		" coalesce((SELECT c.dst FROM temp.mcor c WHERE c.src = v.after), 0) AS dafter FROM src.reviews v"
		" JOIN temp.mrun m ON m.src = v.run JOIN temp.mmen mm ON mm.src = v.mention;"
		"INSERT INTO main.reviews(run, mention, kind, note, annotator, created, after, carried_from, undone)"
		" SELECT s.drun, s.dmention, s.kind, s.note, s.annotator, s.created, s.dafter, NULL, s.undone FROM temp.sr s"
		" WHERE NOT EXISTS (SELECT 1 FROM main.reviews o WHERE o.mention = s.dmention AND o.run = s.drun AND"
		" o.kind = s.kind AND o.note IS s.note AND o.annotator IS s.annotator AND o.created = s.created) ORDER BY s.id;"
		"CREATE TEMP TABLE mrev AS SELECT s.id AS src, (SELECT min(o.id) FROM main.reviews o WHERE"
		" o.mention = s.dmention AND o.run = s.drun AND o.kind = s.kind AND o.note IS s.note AND"
		" o.annotator IS s.annotator AND o.created = s.created) AS dst, s.undone AS undone,"
		" s.carried_from AS carried_from FROM temp.sr s;"
		"UPDATE main.reviews SET undone = 1 WHERE undone = 0 AND id IN (SELECT dst FROM temp.mrev WHERE undone);"
		"UPDATE main.reviews SET carried_from = (SELECT f.dst FROM temp.mrev a JOIN temp.mrev f"
		" ON f.src = a.carried_from WHERE a.dst = main.reviews.id) WHERE id > @maxrev AND carried_from IS NULL;"
		/* the target side's actions (correct/tedit.c), as reviews: the same action is
		 * the same run, utterance, kind, time, annotator and content */
		"DROP TABLE IF EXISTS temp.st; DROP TABLE IF EXISTS temp.mted;"
		"CREATE TEMP TABLE st AS SELECT t.*, m.dst AS drun, mu.dst AS dutt, mm.dst AS dmention,"
		" coalesce((SELECT c.dst FROM temp.mcor c WHERE c.src = t.after), 0) AS dafter,"
		/* after_review (schema 10): after the merged ids of every review src
		 * had then, so that undo still takes a keep of a proposal first */
		" CASE WHEN t.after_review IS NOT NULL THEN coalesce((SELECT max(r.dst) FROM temp.mrev r"
		" WHERE r.src <= t.after_review), 0) END AS dafter_review FROM src.tedits t"
		" JOIN temp.mrun m ON m.src = t.run JOIN temp.mutt mu ON mu.src = t.utterance"
		" LEFT JOIN temp.mmen mm ON mm.src = t.mention;"
		"INSERT INTO main.tedits(run, kind, utterance, mention, cluster, start, end, tgt, tgt_text, tgt_subs, annotator,"
		" note, created, after, carried_from, undone, after_review, rule, confidence) SELECT s.drun, s.kind, s.dutt,"
		" s.dmention, s.cluster, s.start, s.end, s.tgt, s.tgt_text, s.tgt_subs, s.annotator, s.note, s.created, s.dafter,"
		" NULL, s.undone, s.dafter_review, s.rule, s.confidence FROM temp.st s"
		" WHERE NOT EXISTS (SELECT 1 FROM main.tedits o WHERE " SAME_TEDIT("o", "s") ") ORDER BY s.id;"
		"CREATE TEMP TABLE mted AS SELECT s.id AS src, (SELECT min(o.id) FROM main.tedits o WHERE " SAME_TEDIT("o", "s")
		") AS dst, s.undone AS undone, s.carried_from AS carried_from FROM temp.st s;"
		"UPDATE main.tedits SET undone = 1 WHERE undone = 0 AND id IN (SELECT dst FROM temp.mted WHERE undone);"
		"UPDATE main.tedits SET carried_from = (SELECT f.dst FROM temp.mted a JOIN temp.mted f"
		" ON f.src = a.carried_from WHERE a.dst = main.tedits.id) WHERE id > @maxted AND carried_from IS NULL;"
		/* the target-only mentions an entity merge moved (schema 13), under
		 * the merged ids of its batch and of each mention; a relink of one
		 * alone (schema 14) with the mention on screen, its note (16) and its place among
		 * the actions, in the merged ids (as a target action's after and
		 * after_review) */
		"INSERT INTO main.tmoves(batch, tedit, cluster, mention, after, after_review, after_tedit, note)"
		" SELECT mb.dst, mt.dst, x.cluster, mm.dst,"
		" CASE WHEN x.after IS NOT NULL THEN coalesce((SELECT c.dst FROM temp.mcor c WHERE c.src = x.after), 0) END,"
		" CASE WHEN x.after_review IS NOT NULL THEN coalesce((SELECT max(r.dst) FROM temp.mrev r"
		" WHERE r.src <= x.after_review), 0) END,"
		" CASE WHEN x.after_tedit IS NOT NULL THEN coalesce((SELECT max(t.dst) FROM temp.mted t"
		" WHERE t.src <= x.after_tedit), 0) END, x.note FROM src.tmoves x"
		" JOIN temp.mbat mb ON mb.src = x.batch JOIN temp.mted mt ON mt.src = x.tedit"
		" LEFT JOIN temp.mmen mm ON mm.src = x.mention"
		" WHERE mb.dst IS NOT NULL AND mt.dst IS NOT NULL AND NOT EXISTS (SELECT 1 FROM main.tmoves o"
		" WHERE o.batch = mb.dst AND o.tedit = mt.dst) ORDER BY mb.dst, mt.dst;"
		/* a realign's proposals (schema 10), with what its re-projection
		 * did, for a realign not re-projected here: what a corrector kept
		 * of them is read from them (correct/edit.c), so without them a
		 * merged store exported another span, or none.  A realign
		 * re-projected here keeps its own; the two are never mixed. */
		"DROP TABLE IF EXISTS temp.mrp;"
		"CREATE TEMP TABLE mrp AS SELECT min(a.src) AS src, a.dst AS dst FROM temp.mted a"
		" JOIN main.tedits o ON o.id = a.dst JOIN src.tedits s ON s.id = a.src"
		" WHERE o.reproj IS NULL AND s.reproj IS NOT NULL GROUP BY a.dst;"
		"INSERT INTO main.reproj(tedit, mention, tgt_start, tgt_end, fate, confidence)"
		" SELECT x.dst, mm.dst, p.tgt_start, p.tgt_end, p.fate, p.confidence FROM temp.mrp x"
		" JOIN src.reproj p ON p.tedit = x.src JOIN temp.mmen mm ON mm.src = p.mention ORDER BY x.dst, mm.dst;"
		"UPDATE main.tedits SET reproj = (SELECT s.reproj FROM temp.mrp x JOIN src.tedits s ON s.id = x.src"
		" WHERE x.dst = main.tedits.id) WHERE id IN (SELECT dst FROM temp.mrp);"
		/* carries */
		/* a lost row of an earlier run's mention, "DOC|ID (run N)" (store.h
		 * XP_CARRY_LABEL), and a renumbered one's why ("the same English
		 * mention as DOC|ID of run N, renumbered", correct/carry.c) name N
		 * as this store numbers it */
		"DROP TABLE IF EXISTS temp.mcar;"
		"CREATE TEMP TABLE mcar AS SELECT c.id, m.dst AS run, f.dst AS from_run, CASE WHEN c.status = 'lost'"
		" AND length(c.mention_key) > length(' (run ' || c.from_run || ')') AND substr(c.mention_key,"
		" -length(' (run ' || c.from_run || ')')) = ' (run ' || c.from_run || ')' THEN substr(c.mention_key, 1,"
		" length(c.mention_key) - length(' (run ' || c.from_run || ')')) || ' (run ' || f.dst || ')'"
		" ELSE c.mention_key END AS mention_key, c.status, replace(c.why, ' of run ' || c.from_run || ', renumbered',"
		" ' of run ' || f.dst || ', renumbered') AS why, mc.dst AS correction FROM src.carries c"
		" JOIN temp.mrun m ON m.src = c.run JOIN temp.mrun f ON f.src = c.from_run"
		" LEFT JOIN temp.mcor mc ON mc.src = c.correction;"
		"INSERT INTO main.carries(run, from_run, mention_key, status, why, correction)"
		" SELECT c.run, c.from_run, c.mention_key, c.status, c.why, c.correction FROM temp.mcar c"
		" WHERE NOT EXISTS (SELECT 1 FROM main.carries o"
		" WHERE o.run = c.run AND o.from_run = c.from_run AND o.mention_key = c.mention_key AND o.status = c.status"
		" AND o.why IS c.why AND o.correction IS c.correction) ORDER BY c.id;"
		"DROP TABLE temp.mcar;"
		/* each annotator's place: the later one */
		"INSERT INTO main.positions(run, annotator, mention_key, updated) SELECT m.dst, p.annotator, p.mention_key,"
		" p.updated FROM src.positions p JOIN temp.mrun m ON m.src = p.run WHERE 1"
		" ON CONFLICT(run, annotator) DO UPDATE SET mention_key = excluded.mention_key, updated = excluded.updated"
		" WHERE excluded.updated > positions.updated;"
		/* the history, its run and batch ids the merged store's */
		"DROP TABLE IF EXISTS temp.mh;"
		"CREATE TEMP TABLE mh AS SELECT created, action, detail FROM main.history;"
		"CREATE INDEX temp.mh_c ON mh(created, action);"
		"INSERT INTO main.history(created, action, detail) SELECT h.created, h.action, h.d FROM"
		" (SELECT id, created, action, CASE WHEN json_valid(d) AND json_type(d, '$.batch') = 'integer' THEN"
		"  json_set(d, '$.batch', coalesce((SELECT dst FROM temp.mbat WHERE src = json_extract(d, '$.batch')),"
		"  json_extract(d, '$.batch'))) ELSE d END AS d FROM"
		" (SELECT id, created, action, CASE WHEN json_valid(d) AND json_type(d, '$.from_run') = 'integer' THEN"
		"  json_set(d, '$.from_run', coalesce((SELECT dst FROM temp.mrun WHERE src = json_extract(d, '$.from_run')),"
		"  json_extract(d, '$.from_run'))) ELSE d END AS d FROM"
		" (SELECT id, created, action, CASE WHEN json_valid(detail) AND json_type(detail, '$.run') = 'integer' THEN"
		"  json_set(detail, '$.run', coalesce((SELECT dst FROM temp.mrun WHERE src = json_extract(detail, '$.run')),"
		"  json_extract(detail, '$.run'))) ELSE detail END AS d FROM src.history))) h"
		" WHERE NOT EXISTS (SELECT 1 FROM temp.mh o WHERE o.created = h.created AND o.action = h.action AND o.detail = h.d)"
		" ORDER BY h.id;";
	if (xp_sql_exec(db, corr, err) || xp_sql_exec(db, MC, err))
		return -1;
	/* the statements with the two ids bound, one at a time */
	char *all = in_schema(after, sch);
	if (!all)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	const char *p = all;
	while (*p) {
		sqlite3_stmt *st;
		const char *tail;
		if (sqlite3_prepare_v2(db->h, p, -1, &st, &tail) != SQLITE_OK) {
			free(all);
			return xp_sql_fail(db, err, "merging");
		}
		p = tail;
		if (!st)
			continue;
		int k = sqlite3_bind_parameter_index(st, "@maxcorr");
		if (k)
			sqlite3_bind_int64(st, k, maxcorr);
		if ((k = sqlite3_bind_parameter_index(st, "@maxrev")))
			sqlite3_bind_int64(st, k, maxrev);
		if ((k = sqlite3_bind_parameter_index(st, "@maxted")))
			sqlite3_bind_int64(st, k, maxted);
		int rc = sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
			free(all);
			return xp_sql_fail(db, err, "merging");
		}
	}
	free(all);
	r->corrections += (size_t)(xp_sql_int(db, "SELECT count(*) FROM main.corrections", 0) - before[0]);
	r->batches += (size_t)(xp_sql_int(db, "SELECT count(*) FROM main.batches", 0) - before[1]);
	r->reviews += (size_t)(xp_sql_int(db, "SELECT count(*) FROM main.reviews", 0) - before[2]);
	r->history += (size_t)(xp_sql_int(db, "SELECT count(*) FROM main.history", 0) - before[3]);
	r->carries += (size_t)(xp_sql_int(db, "SELECT count(*) FROM main.carries", 0) - before[4]);
	return 0;
}

/* An input must be a whole store of this schema, SQLite's quick check
 * clean.  Opened as every reader opens a store (XP_DB_READ): an older
 * schema is upgraded in place where the file may be written (and then
 * read by an older build no more), refused where it may not; a newer one
 * is refused.  So the version test below refuses only what the open let
 * through unchanged. */
static int check_input(const char *in, xp_err *err)
{
	xp_db *db;
	if (xp_db_open_mode(in, XP_DB_READ, &db, err))
		return xp_err_code(err);
	int v = xp_db_version(db), rc = 0;
	if (v != XP_DB_VERSION)
		rc = xp_failc(err, XP_EINPUT, in, 0, "a store of schema version %d; merge needs version %d (open it with "
				  "`xproj db check` first to upgrade it)", v, XP_DB_VERSION);
	sqlite3_stmt *st;
	if (!rc && sqlite3_prepare_v2(db->h, "PRAGMA quick_check", -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) != SQLITE_ROW || strcmp(xp_sql_text(st, 0), "ok"))
			rc = xp_failc(err, XP_EINPUT, in, 0, "corrupt store: %s", sqlite3_errmsg(db->h));
		sqlite3_finalize(st);
	} else if (!rc) {
		rc = xp_failc(err, XP_EINPUT, in, 0, "corrupt store: %s", sqlite3_errmsg(db->h));
	}
	xp_db_close(db);
	return rc;
}

static void remove_db(const char *path)
{
	char side[4200];
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-journal", path);
	unlink(side);
}

/* ATTACH path AS name, read-only (an input: a merge never writes one) or
 * not (the scratch store); a URI, its %, ? and # escaped as schema.c's
 * immutable reader's */
static int attach(xp_db *db, const char *path, const char *name, int ro, xp_err *err)
{
	size_t n = strlen(path);
	char *uri = malloc(3 * n + 32), *u = uri, sql[64];
	if (!uri)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	u += sprintf(u, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		u += strchr("%?#", *p) || *p < 0x20 ? sprintf(u, "%%%02X", *p) : sprintf(u, "%c", *p);
	sprintf(u, ro ? "?mode=ro" : "?mode=rw");
	snprintf(sql, sizeof sql, "ATTACH DATABASE ? AS %s", name);
	sqlite3_stmt *st;
	int rc = xp_sql_prepare(db, sql, &st, err);
	if (!rc) {
		/* ATTACH reads a URI only where SQLite was built to (Debian's
		 * is: SQLITE_USE_URI); elsewhere "file:a.db?mode=ro" would be a
		 * file of that name, made empty.  There the path is attached as
		 * it is: the inputs exist (checked before) and are never written. */
		sqlite3_bind_text(st, 1, sqlite3_compileoption_used("USE_URI") ? uri : path, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_failc(err, XP_EDB, path, 0, "cannot read it: %s",
								  sqlite3_errmsg(db->h));
		sqlite3_finalize(st);
	}
	free(uri);
	return rc;
}

/* The scratch schema "src": an input beyond the ones attached as they are
 * is copied into it, row for row, through a connection of its own, inside
 * the merge's transaction (SQLite attaches at most SQLITE_LIMIT_ATTACHED
 * databases, 10 in Debian's, and cannot detach one a transaction has
 * read).  Made by xp_db_open, so it has the schema an input has (inputs
 * are checked to be of this version), without the history's append-only
 * triggers, which would refuse the next input's emptying it. */
static int scratch_make(const char *path, xp_err *err)
{
	xp_db *s;
	remove_db(path);
	if (xp_db_open(path, &s, err))
		return xp_err_code(err);
	int rc = xp_sql_exec(s, "DROP TRIGGER IF EXISTS history_no_update; DROP TRIGGER IF EXISTS history_no_delete", err);
	xp_db_close(s);
	return rc;
}

/* the scratch's tables emptied, children first (foreign keys) */
static int scratch_empty(xp_db *db, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT name FROM src.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
			   " ORDER BY rowid DESC", &st, err))
		return -1;
	int rc = 0;
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		char *q = sqlite3_mprintf("DELETE FROM src.\"%w\"", xp_sql_text(st, 0));
		rc = q ? xp_sql_exec(db, q, err) : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		sqlite3_free(q);
	}
	sqlite3_finalize(st);
	return rc;
}

/* in's rows into the scratch, parents first, by column name (an input
 * migrated from an older schema may order its columns otherwise) */
static int scratch_fill(xp_db *db, const char *in, xp_err *err)
{
	xp_db *from;
	if (scratch_empty(db, err) || xp_db_open_mode(in, XP_DB_READ, &from, err))
		return -1;
	sqlite3_stmt *tabs;
	int rc = xp_sql_prepare(db, "SELECT name FROM src.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
				" ORDER BY rowid", &tabs, err);
	/* one read transaction: the input as it was at one moment */
	if (!rc)
		rc = xp_sql_exec(from, "BEGIN", err);
	while (!rc && sqlite3_step(tabs) == SQLITE_ROW) {
		sqlite3_stmt *sel = NULL, *ins = NULL;
		char *q = sqlite3_mprintf("SELECT * FROM \"%w\"", xp_sql_text(tabs, 0));
		if (!q || sqlite3_prepare_v2(from->h, q, -1, &sel, NULL) != SQLITE_OK)
			rc = q ? xp_failc(err, XP_EINPUT, in, 0, "cannot read its table %s: %s", xp_sql_text(tabs, 0),
					  sqlite3_errmsg(from->h))
			       : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		sqlite3_free(q);
		int nc = rc ? 0 : sqlite3_column_count(sel);
		/* INSERT INTO src."t"("a", "b") VALUES(?1, ?2) */
		char *cols = rc ? NULL : sqlite3_mprintf("%s", ""), *vals = rc ? NULL : sqlite3_mprintf("%s", "");
		for (int c = 0; !rc && c < nc && cols && vals; c++) {
			char *c2 = sqlite3_mprintf("%s%s\"%w\"", cols, c ? ", " : "", sqlite3_column_name(sel, c));
			char *v2 = sqlite3_mprintf("%s%s?%d", vals, c ? ", " : "", c + 1);
			sqlite3_free(cols), sqlite3_free(vals);
			cols = c2, vals = v2;
		}
		if (!rc && (!cols || !vals))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		if (!rc) {
			q = sqlite3_mprintf("INSERT INTO src.\"%w\"(%s) VALUES(%s)", xp_sql_text(tabs, 0), cols, vals);
			rc = q ? xp_sql_prepare(db, q, &ins, err) : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
			sqlite3_free(q);
		}
		sqlite3_free(cols), sqlite3_free(vals);
		int step = SQLITE_DONE;
		while (!rc && (step = sqlite3_step(sel)) == SQLITE_ROW) {
			for (int c = 0; c < nc; c++)
				sqlite3_bind_value(ins, c + 1, sqlite3_column_value(sel, c));
			if (sqlite3_step(ins) != SQLITE_DONE)
				rc = xp_failc(err, XP_EDB, in, 0, "cannot copy it for the merge: %s", sqlite3_errmsg(db->h));
			sqlite3_reset(ins);
		}
		if (!rc && step != SQLITE_DONE)
			rc = xp_failc(err, XP_EINPUT, in, 0, "cannot read it: %s", sqlite3_errmsg(from->h));
		sqlite3_finalize(sel);
		sqlite3_finalize(ins);
	}
	sqlite3_finalize(tabs);
	xp_db_close(from);
	return rc;
}

/* The merge is made inside OUT's own write transaction (BEGIN IMMEDIATE):
 * SQLite's lock serialises it with every other writer of OUT (the
 * workbench serving it, another db command), which waits while it runs
 * and then writes into the merged store; readers read OUT as it was until
 * the commit.  A failure anywhere (an input refused half-way, a full disk,
 * a kill) rolls the whole merge back: OUT is as it was, and no input is
 * merged without the others.  Before, the merged store was built in a copy
 * of OUT and renamed over it: a workbench holding OUT open went on writing
 * into the file no name named any more, and a process that opened OUT in
 * the moment between its WAL set aside and the rename was not blocked;
 * their edits were lost.
 *
 * The inputs are attached read-only, as in1, in2, ...; SQLite attaches at
 * most SQLITE_LIMIT_ATTACHED (10) and a transaction cannot detach one it
 * has read, so with more inputs than that the last ones are copied, one
 * at a time, into a scratch store attached as src (scratch_fill).
 *
 * A new OUT is made under a temporary name beside it and put in place at
 * the end only where nothing has taken the name meanwhile (a failed merge
 * creates nothing). */
int xp_db_merge(const char *out, const char *const *ins, size_t n, xp_merge_result *r, xp_err *err)
{
	memset(r, 0, sizeof *r);
	for (size_t k = 0; k < n; k++)
		if (check_input(ins[k], err))
			return xp_err_code(err);
	struct stat sb;
	int exists = stat(out, &sb) == 0;
	if (exists && check_input(out, err))
		return xp_err_code(err);
	xp_outputs made = {0};
	xp_db *db = NULL;
	int rc;
	if (exists)
		rc = xp_db_open_mode(out, XP_DB_WRITE, &db, err);
	else
		/* an empty file beside OUT, which xp_db_open makes a store (OUT
		 * "-" is no file: xp_outputs writes it to the standard output) */
		rc = xp_outputs_put(&made, out, "", 0, err) ? -1
		     : !made.v[0].tmp || ftruncate(made.v[0].fd, 0)
			     ? xp_failc(err, XP_EUSAGE, out, 0, "cannot make a store here: %s",
					made.v[0].tmp ? strerror(errno) : "not a file")
			     : xp_db_open(made.v[0].tmp, &db, err) ? -1 : 0;
	if (rc) {
		if (!exists)
			xp_outputs_abort(&made);
		return xp_err_code(err);
	}
	int lim = sqlite3_limit(db->h, SQLITE_LIMIT_ATTACHED, -1);
	size_t direct = n <= (size_t)lim ? n : (size_t)(lim > 1 ? lim - 1 : 0), attached = 0;
	char scratch[4200] = "";
	if (direct < n) {
		snprintf(scratch, sizeof scratch, "%s.merge-%ld", out, (long)getpid());
		/* Ctrl-C or a kill(1) during the merge removes it (a SIGTERM left
		 * it beside OUT, a store's size of rows nobody reads) */
		xp_outputs_scratch(scratch);
		rc = scratch_make(scratch, err) || attach(db, scratch, "src", 0, err) ? -1 : 0;
		/* what it holds is thrown away: no need to wait for the disk */
		if (!rc)
			rc = xp_sql_exec(db, "PRAGMA src.synchronous = OFF", err);
	}
	for (; !rc && attached < direct; attached++) {
		char name[32];
		snprintf(name, sizeof name, "in%zu", attached + 1);
		rc = attach(db, ins[attached], name, 1, err);
	}
	if (!rc)
		rc = xp_db_begin(db, err);
	int open = !rc;
	/* the scratch's rows are checked at the commit (children copied
	 * before a parent of a later migration's table, emptied in any order) */
	if (!rc && direct < n)
		rc = xp_sql_exec(db, "PRAGMA defer_foreign_keys = ON", err);
	for (size_t k = 0; k < n && !rc; k++) {
		char sch[32];
		if (k < direct)
			snprintf(sch, sizeof sch, "in%zu", k + 1);
		else
			snprintf(sch, sizeof sch, "src");
		if (k >= direct && scratch_fill(db, ins[k], err)) {
			rc = -1;
			break;
		}
		xp_merge_result before = *r;
		/* the corrections of two stores, each fine, may together make two
		 * mentions of one entity cross (correct/cross.c): the documents the
		 * merged store had are compared before and after; a run new to it
		 * comes with its input's pairs, if any, as they were */
		xp_xguard g = {0};
		if (xp_xguard_run(db, &g, 0, err) || merge_one(db, sch, ins[k], r, err)) {
			rc = -1;
		} else if (xp_xguard_check(db, &g, err)) {
			char msg[sizeof err->msg];
			snprintf(msg, sizeof msg, "%s", err->msg);
			xp_failc(err, XP_EINPUT, ins[k], 0, "merging it: %s", msg);
			rc = -1;
		} else if (r->runs != before.runs || r->corrections != before.corrections || r->batches != before.batches ||
			   r->reviews != before.reviews || r->carries != before.carries || r->history != before.history) {
			/* a line for what was added; a merge that adds nothing leaves no trace */
			rc = xp_history_json(db, "merge",
					     json_pack("{s:o,s:I,s:I,s:I}", "from", xp_json_text(ins[k]), "runs",
						       (json_int_t)(r->runs - before.runs), "corrections",
						       (json_int_t)(r->corrections - before.corrections), "conflicts",
						       (json_int_t)(r->nconflicts - before.nconflicts)),
					     err);
			if (!rc)
				r->history++;
		}
		xp_xguard_free(&g);
	}
	if (!rc && direct < n)
		rc = scratch_empty(db, err);
	/* killed here (tests/cli/merge.sh): every input merged, nothing
	 * committed, OUT as it was; stopped here, OUT's other writers wait */
	if (!rc)
		xp_failpoint("db-merge");
	if (!rc)
		rc = xp_db_commit(db, err);
	else if (open)
		xp_db_rollback(db);
	for (size_t k = 0; k < attached; k++) {
		char sql[64];
		snprintf(sql, sizeof sql, "DETACH DATABASE in%zu", k + 1);
		xp_sql_exec(db, sql, NULL);
	}
	if (*scratch)
		xp_sql_exec(db, "DETACH DATABASE src", NULL);
	xp_db_close(db);
	/* the inputs, attached read-only, keep the -wal and -shm their reading
	 * made: removed where no one else has them open */
	for (size_t k = 0; k < attached; k++)
		xp_db_tidy(ins[k]);
	if (*scratch) {
		remove_db(scratch);
		xp_outputs_scratch_done(scratch);
	}
	if (!exists) {
		size_t existed = 0;
		if (rc)
			xp_outputs_abort(&made);
		else if (xp_outputs_commit_new(&made, &existed, err))
			rc = -1;
		else if (existed)
			rc = xp_failc(err, XP_ECONFLICT, out, 0, "was made by another process during the merge: nothing "
				      "was merged into it; merge again");
		/* the temporary store is the merge's business: a failure to
		 * make it (a missing directory) is said of OUT */
		if (rc && err && strstr(err->file, ".xproj-"))
			snprintf(err->file, sizeof err->file, "%s", out);
	}
	return rc ? xp_err_code(err) : 0;
}
