/*
 * correct/check.c — is the store whole?  SQLite's own checks (the file's
 * structure, the foreign keys), then the store's: every run holds as many
 * documents as its history line says it imported, every batch as many
 * additions, deletions and modifications, every run's stored counts (its
 * documents, mentions, projections and fates) are what it holds, and the
 * target side's own actions (tedits, schema 9) point at rows of their run
 * and hold what their kind needs, a live target-only mention a span inside
 * its sentence as it is now, and a realign's proposals (schema 10) are of
 * its utterance's mentions and inside its new sentence.  A run or batch
 * cut short (by a bug, or by a kill that a transaction failed to cover)
 * shows up here; the crash test (tests/cli/crash.sh) runs it after every
 * kill.
 */
#include "store.h"
#include "../base/buf.h"
#include "../base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* each row of a one-column query that is not "ok", as a problem line */
static void pragma_rows(xp_db *db, const char *sql, const char *what, xp_buf *b, size_t *n)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK) {
		xp_buf_printf(b, "%s: %s\n", what, sqlite3_errmsg(db->h));
		++*n;
		return;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *s = (const char *)sqlite3_column_text(st, 0);
		if (s && !strcmp(s, "ok"))
			continue;
		xp_buf_printf(b, "%s: %s%s%s\n", what, s ? s : "", sqlite3_column_count(st) > 1 ? " row " : "",
			      sqlite3_column_count(st) > 1 ? xp_sql_text(st, 1) : "");
		++*n;
	}
	sqlite3_finalize(st);
}

/* each row of a query that names a problem in its first column */
static void problems(xp_db *db, const char *sql, xp_buf *b, size_t *n)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK) {
		xp_buf_printf(b, "%s\n", sqlite3_errmsg(db->h));
		++*n;
		return;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		xp_buf_printf(b, "%s\n", xp_sql_text(st, 0));
		++*n;
	}
	sqlite3_finalize(st);
}

/* The target side's actions (correct/tedit.c).  The foreign keys only say
 * that a row they name exists: that it is of the edit's own run and
 * document is the store's to check, as is each kind's content.  A
 * target-only mention made before a live realign of its utterance counted
 * the old tokens and is no longer shown or exported (XP_SQL_TADD_LIVE): only
 * the live ones must lie inside the sentence as it is now, which is what
 * the export writes them into. */
static void tedit_problems(xp_db *db, xp_buf *b, size_t *n)
{
	problems(db,
		 "SELECT printf('target edit %d: utterance %d %s run %d', t.id, t.utterance,"
		 " CASE WHEN u.id IS NULL THEN 'does not exist, of' ELSE 'is not of its' END, t.run)"
		 " FROM tedits t LEFT JOIN utterances u ON u.id = t.utterance LEFT JOIN documents d ON d.id = u.document"
		 " WHERE d.run IS NOT t.run", b, n);
	problems(db,
		 "SELECT printf('target edit %d: mention %d %s', t.id, t.mention,"
		 " CASE WHEN m.id IS NULL THEN 'does not exist' WHEN m.document != u.document"
		 " THEN 'is not of its utterance''s document' ELSE 'is not in the utterance it realigns' END)"
		 " FROM tedits t JOIN utterances u ON u.id = t.utterance LEFT JOIN mentions m ON m.id = t.mention"
		 " WHERE t.mention IS NOT NULL AND (m.id IS NULL OR m.document != u.document"
		 " OR (t.kind = 'realign' AND m.utterance != t.utterance))", b, n);
	problems(db,
		 "SELECT printf('target edit %d: carried from %d, %s', t.id, t.carried_from,"
		 " CASE WHEN c.id IS NULL THEN 'which does not exist' WHEN c.kind != t.kind THEN 'an edit of another kind'"
		 " ELSE 'an edit of the same run' END)"
		 " FROM tedits t LEFT JOIN tedits c ON c.id = t.carried_from"
		 " WHERE t.carried_from IS NOT NULL AND (c.id IS NULL OR c.kind != t.kind OR c.run = t.run)", b, n);
	problems(db,
		 "SELECT printf('realign %d: its tokens, text or lines are missing or not JSON', id) FROM tedits"
		 " WHERE kind = 'realign' AND (tgt_text IS NULL"
		 " OR (CASE WHEN json_valid(tgt) THEN json_type(tgt) END) IS NOT 'array'"
		 " OR (CASE WHEN json_valid(tgt_subs) THEN json_type(tgt_subs) END) IS NOT 'array')", b, n);
	problems(db,
		 "SELECT printf('target-only mention %d: cluster %s is no cluster number', id, coalesce(cluster, 'none'))"
		 " FROM tedits WHERE kind = 'tadd' AND (cluster IS NULL OR typeof(cluster) != 'integer' OR cluster < 0)",
		 b, n);
	problems(db,
		 "SELECT printf('target-only mention %d: span %s-%s is not inside utterance %d''s target sentence (%s)',"
		 " x.id, coalesce(x.start, 'none'), coalesce(x.end, 'none'), x.utterance,"
		 " CASE WHEN x.sent IS NULL THEN 'it has none' ELSE printf('%s tokens', coalesce(x.ntoks, 'no')) END)"
		 " FROM (SELECT t.id, t.start, t.end, t.utterance, u.tgt_idx sent, "
		 XP_SQL_NTOKS("coalesce(" XP_SQL_REALIGNED("u.id", "tgt") ", u.tgt)") " ntoks"
		 " FROM tedits t JOIN utterances u ON u.id = t.utterance WHERE " XP_SQL_TADD_LIVE("t") ") x"
		 " WHERE x.sent IS NULL OR x.ntoks IS NULL OR x.start IS NULL OR x.end IS NULL OR x.start < 0"
		 " OR x.start >= x.end OR x.end > x.ntoks", b, n);
}

/* A realign's proposals (schema 10, serve/reproject.c): the workbench and
 * the export read each as the mention's span in the realign's new
 * sentence (correct/edit.c), so each must be of a realign that exists, of
 * a mention of the utterance it re-paired, and a span inside the tokens
 * that realign gave it, both ends or neither. */
static void reproj_problems(xp_db *db, xp_buf *b, size_t *n)
{
	problems(db,
		 "SELECT printf('proposal of mention %d: realign %d %s', p.mention, p.tedit,"
		 " CASE WHEN t.id IS NULL THEN 'does not exist' ELSE 'is a target-only mention, not a realign' END)"
		 " FROM reproj p LEFT JOIN tedits t ON t.id = p.tedit WHERE t.id IS NULL OR t.kind != 'realign'", b, n);
	problems(db,
		 "SELECT printf('proposal of mention %d: %s utterance %d that realign %d re-paired', p.mention,"
		 " CASE WHEN m.id IS NULL THEN 'it does not exist, not of' ELSE 'it is not of' END, t.utterance, t.id)"
		 " FROM reproj p JOIN tedits t ON t.id = p.tedit AND t.kind = 'realign' LEFT JOIN mentions m ON m.id = p.mention"
		 " WHERE m.utterance IS NOT t.utterance", b, n);
	problems(db,
		 "SELECT printf('proposal of mention %d: span %s-%s is not inside realign %d''s sentence (%s tokens)',"
		 " x.mention, coalesce(x.tgt_start, 'none'), coalesce(x.tgt_end, 'none'), x.tedit, coalesce(x.ntoks, 'no'))"
		 " FROM (SELECT p.mention, p.tedit, p.tgt_start, p.tgt_end, " XP_SQL_NTOKS("t.tgt") " ntoks"
		 " FROM reproj p JOIN tedits t ON t.id = p.tedit AND t.kind = 'realign') x"
		 " WHERE (x.tgt_start IS NULL) != (x.tgt_end IS NULL) OR (x.tgt_start IS NOT NULL AND (x.ntoks IS NULL"
		 " OR x.tgt_start < 0 OR x.tgt_start >= x.tgt_end OR x.tgt_end > x.ntoks))", b, n);
}

/* The texts of a run's recipe (db import --wa-model: its --phrases and
 * confidence --model) are the files the run read: their hashes are the
 * ones its settings record.  serve/reproject.c refuses to realign with
 * another; here a damaged or edited one is named. */
static void recipe_problems(xp_db *db, xp_buf *b, size_t *n)
{
	static const char *const kept[][2] = {{"phrases", "phrases"}, {"conf_model", "model"}};
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h,
			       "SELECT id, json_extract(wa_model, '$.aligner.' || ?1),"
			       " json_extract(settings, '$.inputs.' || ?2 || '.hash') FROM runs"
			       " WHERE json_valid(wa_model) AND json_valid(settings)",
			       -1, &st, NULL) != SQLITE_OK) {
		xp_buf_printf(b, "%s\n", sqlite3_errmsg(db->h));
		++*n;
		return;
	}
	for (size_t k = 0; k < sizeof kept / sizeof *kept; k++) {
		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, kept[k][0], -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, kept[k][1], -1, SQLITE_STATIC);
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *text = (const char *)sqlite3_column_text(st, 1),
				   *want = (const char *)sqlite3_column_text(st, 2);
			char hex[17];
			if (!text || !want)
				continue;
			snprintf(hex, sizeof hex, "%016llx",
				 (unsigned long long)xp_hash(text, (size_t)sqlite3_column_bytes(st, 1)));
			if (strcmp(hex, want)) {
				xp_buf_printf(b, "run %lld: its --%s text (hash %s) is not the file the run read (%s)\n",
					      (long long)sqlite3_column_int64(st, 0), kept[k][1], hex, want);
				++*n;
			}
		}
	}
	sqlite3_finalize(st);
}

int xp_db_check(xp_db *db, char **report, size_t *nproblems, xp_err *err)
{
	xp_buf b = {0};
	size_t n = 0;
	pragma_rows(db, "PRAGMA integrity_check", "integrity", &b, &n);
	pragma_rows(db, "SELECT \"table\" || ' -> ' || parent, rowid FROM pragma_foreign_key_check", "foreign key", &b, &n);
	/* the history says what each import wrote: the tables must agree */
	problems(db,
		 "SELECT printf('run %d: %d documents, its import wrote %d', r.id,"
		 " (SELECT count(*) FROM documents d WHERE d.run = r.id), json_extract(h.detail, '$.documents'))"
		 " FROM runs r JOIN history h ON h.action = 'import run' AND json_valid(h.detail)"
		 " AND json_extract(h.detail, '$.run') = r.id"
		 " WHERE (SELECT count(*) FROM documents d WHERE d.run = r.id) != json_extract(h.detail, '$.documents')",
		 &b, &n);
	problems(db,
		 "SELECT printf('batch %d: %d additions, %d deletions, %d modifications; its import wrote %d, %d, %d',"
		 " x.id, x.a, x.d, x.m, x.wa, x.wd, x.wm) FROM (SELECT b.id,"
		 " (SELECT count(*) FROM corrections c WHERE c.batch = b.id AND c.op = 'add') a,"
		 " (SELECT count(*) FROM corrections c WHERE c.batch = b.id AND c.op = 'delete') d,"
		 " (SELECT count(*) FROM corrections c WHERE c.batch = b.id AND c.op = 'modify') m,"
		 " json_extract(h.detail, '$.add') wa, json_extract(h.detail, '$.delete') wd,"
		 " json_extract(h.detail, '$.modify') wm FROM batches b JOIN history h ON h.action = 'import corrections'"
		 " AND json_valid(h.detail) AND json_extract(h.detail, '$.batch') = b.id) x"
		 " WHERE x.a != x.wa OR x.d != x.wd OR x.m != x.wm", &b, &n);
	/* the counts each import wrote once (schema 7) are what the run holds */
	problems(db,
		 "SELECT printf('run %d: %d documents, %d mentions, %d projected; its counts say %s, %s, %s', runs.id, "
		 XP_RUN_DOCUMENTS ", " XP_RUN_MENTIONS ", " XP_RUN_PROJECTED ", coalesce(k.documents, 'none'),"
		 " coalesce(k.mentions, 'none'), coalesce(k.projected, 'none')) FROM runs LEFT JOIN run_counts k"
		 " ON k.run = runs.id WHERE k.run IS NULL OR k.documents != " XP_RUN_DOCUMENTS " OR k.mentions != "
		 XP_RUN_MENTIONS " OR k.projected != " XP_RUN_PROJECTED, &b, &n);
	problems(db,
		 "SELECT printf('run %d: %d mentions of fate %s, its counts say %s', coalesce(x.run, f.run),"
		 " coalesce(x.n, 0), coalesce(x.fate, f.fate), coalesce(f.mentions, 'none')) FROM (" XP_RUN_FATES
		 " GROUP BY 1, 2) x FULL JOIN run_fates f ON f.run = x.run AND f.fate = x.fate"
		 " WHERE x.n IS NOT f.mentions", &b, &n);
	problems(db, "SELECT printf('history line %d is not JSON', id) FROM history WHERE NOT json_valid(detail)", &b, &n);
	/* a run id (schema 12) is what its import drew: 32 hex digits, or none */
	if (db->version >= 12)
		problems(db, "SELECT printf('run %d: its run id %s is not 32 hex digits', id, quote(uid)) FROM runs"
			 " WHERE uid IS NOT NULL AND (typeof(uid) != 'text' OR length(uid) != 32 OR uid GLOB '*[^0-9a-f]*')",
			 &b, &n);
	if (db->version >= 9)
		tedit_problems(db, &b, &n);
	/* a target-only mention an entity merge moved (schema 13): of a
	 * merge's batch, to a cluster number */
#define TMOVE_PROBLEMS(deleted) "SELECT printf('merge batch %d moves target edit %d to cluster %s: %s', x.batch, x.tedit," \
	" quote(x.cluster), CASE WHEN b.id IS NULL THEN 'no such batch' WHEN t.id IS NULL" \
	" THEN 'no such target edit' WHEN t.kind != 'tadd' THEN 'not a target-only mention'" \
	" ELSE 'not a cluster number' END) FROM tmoves x LEFT JOIN batches b ON b.id = x.batch" \
	" LEFT JOIN tedits t ON t.id = x.tedit WHERE b.id IS NULL OR t.id IS NULL OR t.kind != 'tadd'" \
	" OR typeof(x.cluster) != 'integer' OR (x.cluster < 0" deleted ")"
	/* schema 15: a deletion is a move of its own batch to cluster -1 */
	if (db->version >= 13)
		problems(db, db->version >= 15 ? TMOVE_PROBLEMS(" AND NOT (x.cluster = -1 AND (b.checksum LIKE '" XP_TRELINK_SUM "%'"
								   " OR b.checksum LIKE '" XP_TCARRY_SUM "%'))")
			 : TMOVE_PROBLEMS(""), &b, &n);
	/* schema 16: a note is a corrector's, on a relink or delete of a
	 * target-only mention alone (or its carry), as text; a merge's moves
	 * have none */
	if (db->version >= 16)
		problems(db, "SELECT printf('batch %d moves target edit %d with a note: %s', x.batch, x.tedit, CASE WHEN"
			 " typeof(x.note) != 'text' THEN 'not text' ELSE 'only a relink or delete of one alone has one' END)"
			 " FROM tmoves x JOIN batches b ON b.id = x.batch WHERE x.note IS NOT NULL AND (typeof(x.note) != 'text'"
			 " OR NOT (b.checksum LIKE '" XP_TRELINK_SUM "%' OR b.checksum LIKE '" XP_TCARRY_SUM "%'))", &b, &n);
	if (db->version >= 10)
		reproj_problems(db, &b, &n), recipe_problems(db, &b, &n);
	if (b.oom) {
		xp_buf_free(&b);
		return xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory");
	}
	*report = b.p ? b.p : strdup("");
	*nproblems = n;
	return *report ? 0 : xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory");
}
