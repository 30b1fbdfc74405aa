/*
 * correct/schema.c — opening, creating and migrating the database; SQL
 * helpers.  The schema version lives in PRAGMA user_version; each migration
 * runs in its own transaction, so a database is always at some version.
 */
#define _POSIX_C_SOURCE 200809L
#include "store.h"
#include "../base/outputs.h"
#include "../base/text.h"
#include "../lang/lang.h"

#include <errno.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const migrations[XP_DB_VERSION] = {
	/* 1: runs, their documents, utterances, mentions, projections, corrections */
	"CREATE TABLE runs(id INTEGER PRIMARY KEY, lang TEXT NOT NULL, files TEXT NOT NULL,"
	" settings TEXT NOT NULL, created TEXT NOT NULL);"
	"CREATE TABLE documents(id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id),"
	" doc TEXT NOT NULL, part INTEGER NOT NULL, UNIQUE(run, doc, part));"
	"CREATE TABLE utterances(id INTEGER PRIMARY KEY,"
	" document INTEGER NOT NULL REFERENCES documents(id), en_idx INTEGER NOT NULL,"
	" tgt_idx INTEGER, speaker TEXT NOT NULL, src TEXT NOT NULL, tgt TEXT NOT NULL,"
	" UNIQUE(document, en_idx));"
	"CREATE TABLE mentions(id INTEGER PRIMARY KEY, document INTEGER NOT NULL REFERENCES documents(id),"
	" mention INTEGER NOT NULL, cluster INTEGER NOT NULL,"
	" utterance INTEGER NOT NULL REFERENCES utterances(id), start INTEGER NOT NULL,"
	" end INTEGER NOT NULL, UNIQUE(document, mention));"
	"CREATE TABLE projections(mention INTEGER PRIMARY KEY REFERENCES mentions(id),"
	" tgt_start INTEGER, tgt_end INTEGER, fate TEXT NOT NULL, confidence REAL NOT NULL);"
	"CREATE TABLE batches(id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,"
	" annotator TEXT, created TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX batches_checksum ON batches(checksum);"
	"CREATE TABLE corrections(id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id),"
	" batch INTEGER REFERENCES batches(id), mention INTEGER REFERENCES mentions(id),"
	" mention_key TEXT NOT NULL, op TEXT NOT NULL CHECK(op IN ('add','delete','modify')),"
	" old_start INTEGER, old_end INTEGER, sent INTEGER, new_start INTEGER, new_end INTEGER,"
	" status TEXT NOT NULL CHECK(status IN ('ok','orphan','conflict')), why TEXT,"
	" annotator TEXT, note TEXT, created TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX corrections_mention ON corrections(mention);",
	/* 2: the projection rule per mention, and the append-only history */
	"ALTER TABLE projections ADD COLUMN rule TEXT NOT NULL DEFAULT '';"
	"CREATE TABLE history(id INTEGER PRIMARY KEY, created TEXT NOT NULL, action TEXT NOT NULL,"
	" detail TEXT NOT NULL);"
	"CREATE TRIGGER history_no_update BEFORE UPDATE ON history"
	" BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;"
	"CREATE TRIGGER history_no_delete BEFORE DELETE ON history"
	" BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;",
	/* 3: the workbench and reruns.  The target subtitle text of each
	 * utterance (shown next to its tokens); a correction carried over from
	 * an earlier run names the one it came from, and `carries` records, per
	 * corrected mention of the earlier run, what became of it (carried,
	 * already agreed by the new projection, or lost with the reason);
	 * reviews are the judgements that are not edits (keep: the projection
	 * is right; note), ordered among corrections by `after`, the newest
	 * correction id when they were made (both tables are written under one
	 * write lock, so that order is the order of commits); positions keep
	 * each annotator's place in a run's queue. */
	"ALTER TABLE utterances ADD COLUMN tgt_text TEXT;"
	"ALTER TABLE corrections ADD COLUMN carried_from INTEGER REFERENCES corrections(id);"
	"CREATE INDEX corrections_run ON corrections(run);"
	"CREATE TABLE carries(id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id),"
	" from_run INTEGER NOT NULL REFERENCES runs(id), mention_key TEXT NOT NULL,"
	" status TEXT NOT NULL CHECK(status IN ('carried','agrees','lost')), why TEXT,"
	" correction INTEGER REFERENCES corrections(id));"
	"CREATE INDEX carries_run ON carries(run, mention_key);"
	"CREATE TABLE reviews(id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id),"
	" mention INTEGER NOT NULL REFERENCES mentions(id), kind TEXT NOT NULL CHECK(kind IN ('keep','note')),"
	" note TEXT, annotator TEXT, created TEXT NOT NULL, after INTEGER NOT NULL,"
	" carried_from INTEGER REFERENCES reviews(id), undone INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX reviews_mention ON reviews(mention);"
	"CREATE INDEX reviews_run ON reviews(run);"
	"CREATE TABLE positions(run INTEGER NOT NULL REFERENCES runs(id), annotator TEXT NOT NULL,"
	" mention_key TEXT NOT NULL, updated TEXT NOT NULL, PRIMARY KEY(run, annotator));",
	/* 4: the target side's own clusters.  An addition or modification may
	 * put the mention in another cluster of the corrected view than its
	 * English mention's (a corrected file that splits or merges entities,
	 * correct/derive.c); NULL keeps the cluster it had, and an addition
	 * without one is in its English mention's cluster. */
	"ALTER TABLE corrections ADD COLUMN cluster INTEGER;",
	/* 5: why the confidence model gave a mention its confidence (the
	 * features that moved it most, as `project --report` wrote them), so
	 * `db triage --explain` can say what ranked it */
	"ALTER TABLE projections ADD COLUMN why TEXT;",
	/* 6: the subtitle blocks each utterance was matched to, as a corrector
	 * reads them next to the tokens (the aligned corpus' en_subs/tgt_subs
	 * with en_sub_text/tgt_sub_text): JSON [{"id": block, "text": ...}].
	 * NULL when the aligned corpus did not carry the text (it predates
	 * it), which is also what a migrated store has: tgt_text is all it
	 * knew. */
	"ALTER TABLE utterances ADD COLUMN en_subs TEXT;"
	"ALTER TABLE utterances ADD COLUMN tgt_subs TEXT;",
	/* 7: what a run is, counted once.  Its documents, mentions and
	 * projections never change after its import (corrections live in their
	 * own table), yet counting them joins every mention of the run: 0.1 s
	 * at 100k mentions on each `runs`/`stats` call of the workbench.  So
	 * the import writes the counts (correct/import.c) and `db check`
	 * compares them with the tables; here, the runs a store already has. */
	"CREATE TABLE run_counts(run INTEGER PRIMARY KEY REFERENCES runs(id), documents INTEGER NOT NULL,"
	" mentions INTEGER NOT NULL, projected INTEGER NOT NULL);"
	"CREATE TABLE run_fates(run INTEGER NOT NULL REFERENCES runs(id), fate TEXT NOT NULL,"
	" mentions INTEGER NOT NULL, PRIMARY KEY(run, fate));"
	"INSERT INTO run_counts SELECT id, " XP_RUN_DOCUMENTS ", " XP_RUN_MENTIONS ", " XP_RUN_PROJECTED " FROM runs;"
	"INSERT INTO run_fates " XP_RUN_FATES " GROUP BY 1, 2;",
	/* 8: the triage queue, kept (correct/queue.c); tgt is the projected
	 * target words, NULL without a span.  Ranking a run reads
	 * every mention; the workbench did it per server and then walked the
	 * whole ranked run on every page.  The import writes each run's order
	 * once with what a page shows and filters on, so a page reads an index
	 * range; here (and in migrate(), which ranks the runs already there in
	 * C), the table. */
	"CREATE TABLE queue(run INTEGER NOT NULL REFERENCES runs(id), rank INTEGER NOT NULL,"
	" reading INTEGER NOT NULL, mention INTEGER NOT NULL REFERENCES mentions(id),"
	" document INTEGER NOT NULL REFERENCES documents(id), doc TEXT NOT NULL, key TEXT NOT NULL,"
	" fate TEXT NOT NULL, type INTEGER NOT NULL, conf REAL NOT NULL, risk REAL NOT NULL,"
	" p_fix REAL NOT NULL, why TEXT NOT NULL, explain TEXT NOT NULL, en TEXT NOT NULL, tgt TEXT,"
	" PRIMARY KEY(run, rank));"
	"CREATE UNIQUE INDEX queue_reading ON queue(run, reading);"
	"CREATE INDEX queue_doc ON queue(run, doc, rank);"
	"CREATE INDEX queue_doc_reading ON queue(run, doc, reading);"
	"CREATE INDEX queue_type ON queue(run, type, rank);"
	"CREATE INDEX queue_fate ON queue(run, fate, rank);"
	"CREATE INDEX queue_key ON queue(run, key);"
	"CREATE INDEX queue_mention ON queue(mention);",
	/* 9: fixing the cause of an error (issue 34).  How far each
	 * utterance's pairing with its subtitle lines is trusted (the aligned
	 * corpus' aconf and doubt, align/uconf.h; NULL when it did not say, as
	 * in a migrated store: nothing doubted).  And the target side's own
	 * actions, which no English mention carries: an utterance re-paired
	 * with other subtitle lines of its neighbourhood (realign: its new
	 * tokens, text and lines) and a target mention with no English
	 * counterpart added to a cluster (tadd: a span of the utterance's
	 * target sentence).  Ordered among corrections by `after` as reviews
	 * are; undone, never deleted.  `mention` is the mention the corrector
	 * had on screen (its key names the action in the history and undo). */
	"ALTER TABLE utterances ADD COLUMN align_conf REAL;"
	"ALTER TABLE utterances ADD COLUMN align_doubt TEXT;"
	"CREATE TABLE tedits(id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id),"
	" kind TEXT NOT NULL CHECK(kind IN ('realign','tadd')), utterance INTEGER NOT NULL REFERENCES utterances(id),"
	" mention INTEGER REFERENCES mentions(id), cluster INTEGER, start INTEGER, end INTEGER, tgt TEXT, tgt_text TEXT, tgt_subs TEXT, annotator TEXT,"
	" note TEXT, created TEXT NOT NULL, after INTEGER NOT NULL, carried_from INTEGER REFERENCES tedits(id),"
	" undone INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX tedits_run ON tedits(run, utterance);",
	/* 10: spans proposed again after a realign.  A run may name the word
	 * aligner's model it was aligned with (wa_model: JSON {"path","size",
	 * "hash"}, the file as it was when recorded, hash its bytes' FNV-1a in
	 * hex: a CRC-32 would not do, a model file ends with its own, so the
	 * CRC of every whole model is the same; NULL: none, as in a
	 * migrated store), so that the workbench can align a re-paired
	 * utterance with its new lines by that model and project its English
	 * mentions again (serve/reproject.c).  reproj holds the spans so
	 * proposed, per realign and mention (tgt_start NULL: none found, with
	 * its fate); tedits.reproj says what the realign's re-projection did
	 * ("proposed", or why there is none).  Proposals are a projection, not a
	 * correction: the corrector confirms (keep) or changes them.
	 * after_review: the newest review when a target action was made, which
	 * orders the two when no correction came between (undo's newest
	 * action: a keep of a proposal is newer than its realign); NULL in rows
	 * made before. */
	"ALTER TABLE runs ADD COLUMN wa_model TEXT;"
	"ALTER TABLE tedits ADD COLUMN after_review INTEGER;"
	"ALTER TABLE tedits ADD COLUMN reproj TEXT;"
	"CREATE TABLE reproj(tedit INTEGER NOT NULL REFERENCES tedits(id),"
	" mention INTEGER NOT NULL REFERENCES mentions(id), tgt_start INTEGER, tgt_end INTEGER,"
	" fate TEXT NOT NULL, confidence REAL NOT NULL, PRIMARY KEY(tedit, mention));",
	/* 11: documents in several parts (CoNLL-2012's "part 001").  A
	 * mention of a part other than its document's first is named
	 * DOC|PART:ID (xp_mention_key), and that key may now be stored
	 * (corrections, carries, positions, the queue).  The tables are as
	 * they were, and so are the keys stored before: DOC|ID still names
	 * the mention of a document's lowest part, the one it named before
	 * (xp_mention_lookup took it; from the refusal of two-part documents
	 * on, a document's only part), so each old key names the mention it
	 * named, whatever its part number.  The version is what
	 * changes: an xproj of version 10 reads DOC|1:5 as DOC|1 (it took the
	 * number after the last '|'), so it must refuse a store that may hold
	 * such keys, which it does with a newer schema version. */
	"SELECT 1;",
	/* 12: a run's identity of its own.  `db merge` took a run of one store
	 * for a run of another when their language, files, settings and
	 * creation time agreed; the time is to the second, so two runs
	 * imported the same second from files of the same names (a quick
	 * rerun, a script, a test; or two corpora, each in its own directory)
	 * were one run to it, and a store holding two such runs was refused.
	 * uid is 128 random bits in hex, drawn by the import that makes the
	 * run (correct/import.c) and copied by a merge with it; runs match by
	 * it.  The runs a store already has keep NULL: an id drawn here would
	 * differ between two copies of one store migrated apart (each draws
	 * its own), which then no longer merged as one run; a NULL run is
	 * matched as before (correct/merge.c).  Unique, so that a lookup by
	 * id is an index read and no store holds one id twice (NULLs are
	 * distinct to SQLite). */
	"ALTER TABLE runs ADD COLUMN uid TEXT;"
	"CREATE UNIQUE INDEX runs_uid ON runs(uid);",
	/* 13: a merge of two entities (xp_db_merge_at) moves the entity's
	 * target-only mentions with it.  A tadd's cluster is its row's; a
	 * merge records each one it moves here, under its batch, so that it
	 * stays one step of the history and one undo (batches.undone): a
	 * tadd is in the cluster of its newest move whose batch is live
	 * (XP_SQL_TADD_CLUSTER), else in its own.  A store made before has
	 * no move: its merges left the target-only mentions where they were,
	 * and they stay there. */
	"CREATE TABLE tmoves(batch INTEGER NOT NULL REFERENCES batches(id),"
	" tedit INTEGER NOT NULL REFERENCES tedits(id), cluster INTEGER NOT NULL, PRIMARY KEY(batch, tedit));"
	"CREATE INDEX tmoves_tedit ON tmoves(tedit);",
	/* 14: a target-only mention relinked alone (xp_db_relink_tadd_at): a
	 * batch of one move, as a merge's moves are, so that the cluster a
	 * tadd is in stays its newest live move (XP_SQL_TADD_CLUSTER) and an
	 * undo is the batch's.  Such a move says what a single action says:
	 * the mention the corrector had on screen (its version counts it,
	 * the history and undo name it), and its place among the other
	 * actions for undo's newest first: the newest correction, review and
	 * target-side action when it was made.  A merge's moves leave them
	 * NULL (the merge is ordered by its corrections), as do those made
	 * before. */
	"ALTER TABLE tmoves ADD COLUMN mention INTEGER REFERENCES mentions(id);"
	"ALTER TABLE tmoves ADD COLUMN after INTEGER;"
	"ALTER TABLE tmoves ADD COLUMN after_review INTEGER;"
	"ALTER TABLE tmoves ADD COLUMN after_tedit INTEGER;"
	"CREATE INDEX tmoves_mention ON tmoves(mention);",
	/* 15: the target mentions a run's rules wrote with no English mention
	 * behind them (the German, French and Portuguese packs' `marked` and
	 * `relative`: the report's "tonly", io/report.h), kept as the run's
	 * target-only mentions: a tadd whose `rule` names the rule that made it
	 * (and `confidence` the run's, if any), imported with the run
	 * (correct/import.c), no corrector's action (no annotator, no mention
	 * on screen: undo never takes it back), not carried to a rerun (which
	 * has its own).  Everything that reads the live tadds (export, the
	 * views, the workbench, a relink, the crossing guard) reads them with
	 * the correctors'.  NULL in every row made before: a corrector's. */
	"ALTER TABLE tedits ADD COLUMN rule TEXT;"
	"ALTER TABLE tedits ADD COLUMN confidence REAL;",
	/* 16: a relink or delete of a target-only mention alone (schema 14, 15)
	 * keeps its corrector's note with the move, where the mention's actions
	 * read it (db show, the workbench's history), as a correction's and a
	 * review's are; a carried one (tcarry:) the note of the move it
	 * carries.  Until 15 the note was in the history line alone: the moves
	 * made before take it from there (its "batch" and "id" are the move's).
	 * A merge's moves have none. */
	"ALTER TABLE tmoves ADD COLUMN note TEXT;"
	"UPDATE tmoves SET note = (SELECT json_extract(h.detail, '$.note') FROM history h"
	" WHERE h.action IN ('relink', 'delete') AND json_valid(h.detail)"
	" AND json_extract(h.detail, '$.batch') = tmoves.batch AND json_extract(h.detail, '$.id') = tmoves.tedit"
	" ORDER BY h.id DESC LIMIT 1) WHERE mention IS NOT NULL;",
};

int xp_sql_fail(xp_db *db, xp_err *err, const char *what)
{
	return xp_failc(err, XP_EDB, db->path, 0, "%s: %s", what, sqlite3_errmsg(db->h));
}

int xp_sql_exec(xp_db *db, const char *sql, xp_err *err)
{
	char *msg = NULL;
	if (sqlite3_exec(db->h, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	xp_failc(err, XP_EDB, db->path, 0, "%s", msg ? msg : "SQL error");
	sqlite3_free(msg);
	return -1;
}

int xp_sql_prepare(xp_db *db, const char *sql, sqlite3_stmt **st, xp_err *err)
{
	if (sqlite3_prepare_v2(db->h, sql, -1, st, NULL) == SQLITE_OK)
		return 0;
	return xp_sql_fail(db, err, "prepare");
}

static uint32_t sql_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int xp_sql_cached(xp_db *db, const char *sql, sqlite3_stmt **st, xp_err *err)
{
	uint32_t h = sql_hash(sql);
	int in_use = 0;
	for (unsigned i = 0; i < db->nstc; i++) {
		struct xp_stc *c = &db->stc[i];
		if (c->hash != h || strcmp(sqlite3_sql(c->st), sql))
			continue;
		if (c->busy) {
			in_use = 1;
			break;
		}
		c->busy = 1;
		*st = c->st;
		return 0;
	}
	if (sqlite3_prepare_v3(db->h, sql, -1, in_use ? 0 : SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
		return err ? xp_sql_fail(db, err, "prepare") : -1;
	if (in_use)
		return 0;
	/* a free slot, else one not in use, taken in turn */
	unsigned slot = db->nstc;
	if (slot == XP_STC_MAX) {
		for (unsigned k = 0; k < XP_STC_MAX && db->stc[slot = (db->stc_next + k) % XP_STC_MAX].busy; k++)
			;
		if (db->stc[slot].busy)
			return 0;   /* all in use: this one is not kept */
		db->stc_next = (slot + 1) % XP_STC_MAX;
		sqlite3_finalize(db->stc[slot].st);
	} else {
		db->nstc++;
	}
	db->stc[slot] = (struct xp_stc){*st, h, 1};
	return 0;
}

/* before the connection closes: sqlite3_close refuses one with statements */
static void stc_clear(xp_db *db)
{
	for (unsigned i = 0; i < db->nstc; i++)
		sqlite3_finalize(db->stc[i].st);
	db->nstc = db->stc_next = 0;
}

void xp_sql_release(xp_db *db, sqlite3_stmt *st)
{
	if (!st)
		return;
	for (unsigned i = 0; i < db->nstc; i++)
		if (db->stc[i].st == st) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			db->stc[i].busy = 0;
			return;
		}
	sqlite3_finalize(st);
}

/* The tries of xp_sql_begin in a row during which no other writer
 * committed, after which it gives up: with the busy timeout of each try,
 * some 500 s of a lock held by one transaction. */
#define XP_BEGIN_IDLE_TRIES 50

static int begin_write(xp_db *db, xp_err *err);

/* The store's path must still name the file this connection opened: a
 * workflow's rerun deletes it and makes another (and a `db merge` into it
 * renamed its merged copy over it, until it merged inside the store's own
 * transaction), and a process that keeps its connection (xp_serve: the
 * workbench) went on writing into the file no path named any more: every
 * edit after it answered 200 and was lost with that file.  Checked once
 * the write lock is held. */
static const char *moved(const xp_db *db)
{
	struct stat st;
	if (!db->has_id)
		return NULL;
	if (stat(db->path, &st))
		return errno == ENOENT ? "removed" : "replaced by another file";
	if ((unsigned long long)st.st_dev != db->dev || (unsigned long long)st.st_ino != db->ino)
		return "replaced by another file";
	/* The same file under another name: moved, a symbolic link to it put
	 * in its place.  SQLite names a store's -wal after its path resolved,
	 * so every other process now reads and writes NAME-wal of the new
	 * name while this connection writes the old one's: the workbench's
	 * edits, answered 200, were in no other process's reads and were
	 * lost once another process wrote (a db modify meanwhile: its edit
	 * kept, the workbench's five gone) */
	char *now = db->real ? realpath(db->path, NULL) : NULL;
	int other = now && strcmp(now, db->real);
	free(now);
	return other ? "moved (its path now a link to another name, whose -wal SQLite keeps apart)" : NULL;
}

static int still_there(xp_db *db, xp_err *err)
{
	const char *how = moved(db);
	if (!how)
		return 0;
	sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	return xp_failc(err, XP_ECONFLICT, db->path, 0, "the store was %s since it was opened here (a db merge into "
			"it, a workflow's rerun?): nothing was written; open it again (restart xproj serve)", how);
}

/* (the readers' side of still_there: a reader of the old file reads what
 * no path names, the edits since then not among it) */
int xp_db_same_file(const xp_db *db, xp_err *err)
{
	const char *how = moved(db);
	return how ? xp_failc(err, XP_ECONFLICT, db->path, 0, "the store was %s since it was opened here (a db merge "
			      "into it, a workflow's rerun?): what this server reads is no longer the store; open it "
			      "again (restart xproj serve)", how)
		   : 0;
}

int xp_sql_begin(xp_db *db, xp_err *err)
{
	if (db->held)
		return xp_sql_exec(db, "SAVEPOINT xp_nested", err);
	int rc = begin_write(db, err);
	return rc ? rc : still_there(db, err);
}

static int begin_write(xp_db *db, xp_err *err)
{
	if (db->wait_ms > 0) {
		/* one try, the busy handler waiting up to wait_ms inside it */
		int rc = sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			return 0;
		if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
			return xp_sql_fail(db, err, "cannot start a transaction");
		return xp_failc(err, XP_EBUSY, db->path, 0, "another process holds the store's write lock (waited %d ms): nothing was written",
				db->wait_ms);
	}
	/* The busy timeout waits inside each try.  A writer behind a queue of
	 * others waits as long as the queue moves, however slowly: a fixed
	 * number of tries was a fixed time, which a queue of writers slower
	 * than planned outlasts (test_db's concurrent_writers under valgrind: 8
	 * writers of 1000 edits, one of which gave up after some 50 minutes).
	 * SQLite's busy handler is not fair (a writer that has just committed
	 * takes the lock again before a sleeping one wakes up and tries), so a
	 * writer may have to wait for the whole queue.  Only a
	 * lock that no commit has released for XP_BEGIN_IDLE_TRIES tries (one
	 * transaction that does not end: a hung process, a shell left inside
	 * BEGIN) stops it.  PRAGMA data_version changes when another connection
	 * commits; reading it is a read, which in WAL mode never waits for a
	 * writer. */
	int64_t seen = xp_sql_int(db, "PRAGMA data_version", -1);
	for (int idle = 0; idle < XP_BEGIN_IDLE_TRIES;) {
		int rc = sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			return 0;
		if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
			return xp_sql_fail(db, err, "cannot start a transaction");
		int64_t now = xp_sql_int(db, "PRAGMA data_version", -1);
		if (now != seen)
			seen = now, idle = 0;
		else
			idle++;
		usleep(20000);
	}
	/* (sqlite3_errmsg now speaks of the last data_version read) */
	return xp_failc(err, XP_EDB, db->path, 0, "cannot start a transaction: %s (another writer holds the store "
			"and has committed nothing for %d tries)", sqlite3_errstr(SQLITE_BUSY), XP_BEGIN_IDLE_TRIES);
}

int xp_sql_commit(xp_db *db, xp_err *err)
{
	if (db->held)
		return xp_sql_exec(db, "RELEASE xp_nested", err);
	for (int tries = 0; tries < 50; tries++) {
		int rc = sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			return 0;
		if (rc != SQLITE_BUSY)
			break;
		usleep(20000);
	}
	xp_sql_fail(db, err, "commit");
	xp_sql_rollback(db);
	return -1;
}

void xp_sql_rollback(xp_db *db)
{
	sqlite3_exec(db->h, db->held ? "ROLLBACK TO xp_nested; RELEASE xp_nested" : "ROLLBACK", NULL, NULL, NULL);
}

int xp_db_begin(xp_db *db, xp_err *err)
{
	int rc = xp_sql_begin(db, err);
	db->held = rc == 0;
	return rc;
}

int xp_db_commit(xp_db *db, xp_err *err)
{
	db->held = 0;
	return xp_sql_commit(db, err);
}

void xp_db_rollback(xp_db *db)
{
	db->held = 0;
	xp_sql_rollback(db);
}

void xp_db_set_synchronous(xp_db *db, int full)
{
	sqlite3_exec(db->h, full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
}

void xp_db_set_wait(xp_db *db, int ms)
{
	db->wait_ms = ms > 0 ? ms : 0;
	sqlite3_busy_timeout(db->h, ms > 0 ? ms : 10000);
}

int64_t xp_sql_int(xp_db *db, const char *sql, int64_t dflt)
{
	sqlite3_stmt *st;
	int64_t v = dflt;
	if (xp_sql_cached(db, sql, &st, NULL))
		return dflt;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	xp_sql_release(db, st);
	return v;
}

const char *xp_sql_text(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	return s ? s : "";
}

void xp_now(char *out, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int xp_history(xp_db *db, const char *action, const char *detail, xp_err *err)
{
	sqlite3_stmt *st;
	char now[32];
	xp_now(now, sizeof now);
	if (xp_sql_prepare(db, "INSERT INTO history(created, action, detail) VALUES(?,?,?)", &st, err))
		return -1;
	sqlite3_bind_text(st, 1, now, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, action, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, detail, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "history");
	sqlite3_finalize(st);
	return rc;
}

int xp_history_json(xp_db *db, const char *action, json_t *detail, xp_err *err)
{
	char *s = detail ? json_dumps(detail, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(detail);
	int rc = s ? xp_history(db, action, s, err) : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	free(s);
	return rc;
}

int xp_mention_lookup(xp_db *db, int64_t run, const char *key, int64_t *row, xp_err *err)
{
	size_t doclen;
	int64_t part, id;
	*row = -1;
	if (xp_mention_key_parse(key, &doclen, &part, &id))
		return xp_failc(err, XP_ENOTFOUND, "", 0, "%s: not a mention (DOC|ID, or DOC|PART:ID)", key);
	sqlite3_stmt *st;
	/* no part named: the document's first part, the lowest number (?4 is
	 * -1, below every part) */
	if (xp_sql_cached(db, "SELECT m.id FROM mentions m JOIN documents d ON d.id = m.document"
			   " WHERE d.run = ?1 AND d.doc = ?2 AND m.mention = ?3 AND (?4 < 0 OR d.part = ?4)"
			   " ORDER BY d.part LIMIT 1", &st, err))
		return XP_EDB;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, key, (int)doclen, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 3, id);
	sqlite3_bind_int64(st, 4, part);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*row = sqlite3_column_int64(st, 0);
	int out = rc == SQLITE_ROW ? 0
		: rc == SQLITE_DONE ? xp_failc(err, XP_ENOTFOUND, "", 0, "%s: no such mention in run %lld", key, (long long)run)
				    : xp_sql_fail(db, err, "looking up a mention");
	xp_sql_release(db, st);
	return out;
}

int xp_mention_key_of(xp_db *db, int64_t row, char *key, size_t n)
{
	sqlite3_stmt *st;
	key[0] = '\0';
	if (xp_sql_cached(db, "SELECT d.doc, m.mention, " XP_SQL_KEY_PART("d") " FROM mentions m"
			   " JOIN documents d ON d.id = m.document WHERE m.id = ?", &st, NULL))
		return -1;
	sqlite3_bind_int64(st, 1, row);
	int rc = sqlite3_step(st) == SQLITE_ROW ? 0 : -1;
	if (rc == 0)
		xp_mention_key(key, n, xp_sql_text(st, 0), sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 1));
	xp_sql_release(db, st);
	return rc;
}

int64_t xp_mention_row(xp_db *db, int64_t run, const char *key)
{
	int64_t row;
	int rc = xp_mention_lookup(db, run, key, &row, NULL);
	return rc == 0 ? row : rc == XP_ENOTFOUND ? -1 : -2;
}

static int migrate(xp_db *db, int from, int target, xp_err *err)
{
	xp_err e;
	for (int v = from; v < target; v++) {
		char bump[64];
		snprintf(bump, sizeof bump, "PRAGMA user_version = %d", v + 1);
		if (xp_sql_begin(db, err))
			return -1;
		/* Another process may have upgraded the store between our reading
		 * its version and this transaction (two commands started at once
		 * on a store of the previous xproj: the workbench and a db
		 * export): its steps are done, and applied again they failed
		 * ("duplicate column name", said as a store edited by hand), or
		 * would run a step's data change twice.  The version is read
		 * again under the write lock. */
		int now = from ? (int)xp_sql_int(db, "PRAGMA user_version", -1) : v;
		if (now > target) {   /* by a newer xproj than this one */
			xp_sql_rollback(db);
			return xp_failc(err, XP_ECONFLICT, db->path, 0, "schema version %d is newer than this xproj (%d): "
					"use a newer xproj", now, target);
		}
		if (now > v) {
			if (xp_sql_commit(db, err))
				return -1;
			v = now - 1;
			continue;
		}
		/* the history exists from version 2: the last step logs the whole move */
		int log = v + 1 == target && target >= 2;
		if (xp_sql_exec(db, migrations[v], &e) || (v + 1 == 8 && xp_queue_store_all(db, &e)) ||
		    xp_sql_exec(db, bump, &e) ||
		    (log && xp_history_json(db, from == 0 ? "create" : "migrate",
					     json_pack("{s:i,s:i}", "from", from, "to", target), &e))) {
			xp_sql_rollback(db);
			/* a store that says version 5 but has 6's columns was edited by hand */
			if (from)
				return xp_failc(err, xp_err_code(&e), db->path, 0,
						"cannot upgrade the schema from version %d to %d: %s", v, v + 1, e.msg);
			if (err)
				*err = e;
			return xp_err_code(&e);
		}
		if (xp_sql_commit(db, err))
			return -1;
	}
	return 0;
}

/* whether the directory holding path can be written: 0 when not, or when
 * that cannot be told (a path too long: the open said so already) */
static int dir_writable(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (!slash)
		return access(".", W_OK) == 0;
	if ((size_t)(slash - path) >= sizeof dir)
		return 0;
	snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return access(dir, W_OK) == 0;
}

/* The schema version, read before anything is written: -1 (err set) when
 * the file is not a database SQLite can read, or when its version is
 * negative (user_version is any 32-bit number; a hand edit can make it one
 * that no xproj wrote, and -1 must not read as "cannot read"). */
static int schema_version(xp_db *db, xp_err *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return xp_failc(err, XP_EDB, db->path, 0, "cannot read the store: %s", sqlite3_errmsg(db->h)), -1;
	int rc = sqlite3_step(st), v = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	if (rc != SQLITE_ROW)
		xp_failc(err, XP_EDB, db->path, 0, "cannot read the store: %s", sqlite3_errmsg(db->h));
	else if (v < 0)
		xp_failc(err, XP_EINPUT, db->path, 0, "schema version %d is not one xproj writes (1 to %d)", v,
			 XP_DB_VERSION), v = -1;
	sqlite3_finalize(st);
	return v;
}

/* SQL's xp_lang_tag(x): the one spelling of language tag x (lang/lang.h
 * xp_lang_tag), x itself when it has none.  What every query that selects
 * a language's line of runs compares: a store written before tags had one
 * spelling may hold nl-be and nl-BE, one line, and is read as one without
 * its rows being rewritten.  Registered on each connection, never used in
 * the schema (a view or index on it would not open in the sqlite3 shell). */
typedef struct tag_cache {
	char in[8][64], out[8][64];   /* the last tags spelt, round robin */
	unsigned next;
} tag_cache;

static void sql_lang_tag(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	(void)argc;
	const char *x = (const char *)sqlite3_value_text(argv[0]);
	tag_cache *c = sqlite3_user_data(cx);
	if (!x) {
		/* NULL for a value that is not NULL: SQLite ran out of memory.
		 * Answered NULL, the run would drop out of the carry's max(run)
		 * and corrections come from an older one */
		if (sqlite3_value_type(argv[0]) != SQLITE_NULL)
			sqlite3_result_error_nomem(cx);
		else
			sqlite3_result_null(cx);
		return;
	}
	/* a code without a pack takes ICU's lists a call (0.1 ms): the same
	 * few tags, spelt once per connection */
	size_t n = strlen(x);
	for (unsigned i = 0; n < sizeof c->in[0] && i < 8; i++)
		if (!strcmp(c->in[i], x) && c->in[i][0]) {
			sqlite3_result_text(cx, c->out[i], -1, SQLITE_TRANSIENT);
			return;
		}
	char tag[64];
	const char *r = xp_lang_tag(x, tag, sizeof tag) == 0 ? tag : x;
	if (n && n < sizeof c->in[0] && strlen(r) < sizeof c->out[0]) {
		unsigned k = c->next++ % 8;
		memcpy(c->in[k], x, n + 1);
		snprintf(c->out[k], sizeof c->out[k], "%s", r);
	}
	sqlite3_result_text(cx, r, -1, SQLITE_TRANSIENT);
}

static int connect_uri(xp_db *db, const char *name, int flags, xp_err *err)
{
	stc_clear(db);
	if (db->h)
		sqlite3_close(db->h), db->h = NULL;
	if (sqlite3_open_v2(name, &db->h, flags, NULL) != SQLITE_OK)
		return xp_failc(err, XP_EDB, db->path, 0, "cannot open: %s", db->h ? sqlite3_errmsg(db->h) : "out of memory");
	sqlite3_busy_timeout(db->h, 10000);
	tag_cache *c = calloc(1, sizeof *c);
	/* the function's cache is freed with it, at the connection's close
	 * (and by SQLite itself when the registration fails) */
	if (!c || sqlite3_create_function_v2(db->h, "xp_lang_tag", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, c, sql_lang_tag,
					     NULL, NULL, free) != SQLITE_OK)
		return xp_failc(err, c ? XP_EDB : XP_ENOMEM, db->path, 0, "cannot open: %s",
				c ? sqlite3_errmsg(db->h) : "out of memory");
	return 0;
}

static int connect(xp_db *db, int flags, xp_err *err) { return connect_uri(db, db->path, flags, err); }

/* A store in WAL mode can be read only through its -shm index, which a
 * reader must create when no writer has it open; in a directory it may not
 * write in, it cannot.  Then, if no -wal holds unmerged pages (the last
 * writer closed cleanly), the file itself is the whole store and nobody can
 * change it in WAL mode (a writer could not create the -wal either): it is
 * opened as immutable, which needs no index. */
static int connect_immutable(xp_db *db, xp_err *err)
{
	char wal[600], uri[3 * sizeof db->path + 32], *u = uri;
	struct stat st;
	snprintf(wal, sizeof wal, "%s-wal", db->path);
	if (stat(wal, &st) == 0 && st.st_size > 0)
		return xp_failc(err, XP_EDB, db->path, 0, "cannot read the store: its write-ahead log %s holds changes "
				"not yet merged into it, and reading them needs an index written beside it, where "
				"nothing can be written (a read-only directory or file system?): copy the store and its "
				"-wal to a directory that can be written", wal);
	u += sprintf(u, "file:");
	for (const unsigned char *p = (const unsigned char *)db->path; *p; p++)
		u += strchr("%?#", *p) || *p < 0x20 ? sprintf(u, "%%%02X", *p) : sprintf(u, "%c", *p);
	sprintf(u, "?immutable=1");
	return connect_uri(db, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, err);
}

/* A new store is built whole under a temporary name beside its path (base/
 * outputs.h's, swept like theirs when a killed process leaves one) and
 * linked into place only then: killed at any instant, the path holds no
 * store or a complete one.  Made in place, a kill between the switch to WAL
 * (which writes the file's first page) and the first migration's commit
 * left a 4 KiB file with no schema, which every later reader refused as
 * "not an xproj correction store" (issue 32, D7).  link, not rename: of two
 * processes creating one store, the second opens the first's, which may
 * hold a run by then, instead of replacing it. */
static int create_whole(const char *path, int target, int *linked, xp_err *err)
{
	*linked = 0;
	xp_outputs o = {0};
	if (xp_outputs_put(&o, path, "", 0, err))
		return xp_err_code(err);
	/* a store named *.gz got an empty gzip stream: SQLite wants nothing */
	if (ftruncate(o.v[0].fd, 0)) {
		int saved = errno;
		xp_outputs_abort(&o);
		return xp_failc(err, XP_EIO, path, 0, "cannot create: %s", strerror(saved));
	}
	xp_db t = {0};
	snprintf(t.path, sizeof t.path, "%s", path);   /* errors name the store */
	int rc = connect_uri(&t, o.v[0].tmp, SQLITE_OPEN_READWRITE, err) || migrate(&t, 0, target, err) ||
		 xp_sql_exec(&t, "PRAGMA journal_mode = WAL", err);
	xp_failpoint("db-create");   /* killed here: a whole store, not yet in place */
	/* closing the last connection merges and removes the WAL: the file
	 * linked is the whole store */
	stc_clear(&t);
	if (t.h && sqlite3_close(t.h) != SQLITE_OK && rc == 0)
		rc = xp_failc(err, XP_EDB, path, 0, "cannot close the new store: %s", sqlite3_errmsg(t.h));
	size_t existed;
	if (rc) {
		xp_outputs_abort(&o);
		return xp_err_code(err);
	}
	if (xp_outputs_commit_new(&o, &existed, err))
		return xp_err_code(err);
	/* another process may have made the store between the caller's stat
	 * and the link (two creating one store at once share the first's):
	 * then this one's was dropped, and the store is not this process's to
	 * discard (xp_db_discard) */
	*linked = existed == 0;
	return 0;
}

/* A store just made (create_whole) whose open then failed, which
 * xp_db_discard could not remove (a full disk: no write lock to be had):
 * removed, with what SQLite put beside it, when its file alone holds it
 * all (no -wal holding a commit: nobody wrote since it was made) and it
 * holds no run.  Else left, and said. */
/* After a store removed at path: the files SQLite keeps beside it, unless
 * a store was made at the path since (they are that one's). */
static void unlink_beside(const char *path)
{
	struct stat st;
	if (lstat(path, &st) == 0)
		return;
	static const char *const beside[] = {"-wal", "-shm", "-journal"};
	char side[4096 + 16];
	for (size_t i = 0; i < sizeof beside / sizeof *beside; i++) {
		snprintf(side, sizeof side, "%s%s", path, beside[i]);
		unlink(side);
	}
}

static void drop_new(const char *path, const struct stat *made)
{
	/* only the file this process linked: another may have made a store at
	 * the path since (and be writing it; it is not opened here to write) */
	struct stat now;
	if (lstat(path, &now) || now.st_dev != made->st_dev || now.st_ino != made->st_ino)
		return;
	xp_db t = {0};
	xp_err ignored = {0};
	snprintf(t.path, sizeof t.path, "%s", path);
	int empty = 0;
	sqlite3_stmt *q;
	if (connect_immutable(&t, &ignored) == 0 &&
	    sqlite3_prepare_v2(t.h, "SELECT count(*) FROM runs", -1, &q, NULL) == SQLITE_OK) {
		empty = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int64(q, 0) == 0;
		sqlite3_finalize(q);
	}
	stc_clear(&t);
	sqlite3_close(t.h);
	if (empty && unlink(path) == 0)
		unlink_beside(path);
}

/* Open in the mode asked.  Order matters: the version is checked on a
 * connection that has written nothing (switching to WAL rewrites the
 * header, so a refused store would not be left as it was); only then does
 * a writer switch to WAL and migrate.  A reader stays read-only unless the
 * schema is older, when it migrates if it may write the file (as any open
 * did before) and says what to do if it may not. */
static int open_db(const char *path, xp_db_mode mode, int target, xp_db **out, xp_err *err)
{
	struct stat st;
	int memory = !strcmp(path, ":memory:") || !*path, made = 0;
	struct stat made_id;   /* the file create_whole linked (drop_new's check) */
	/* SQLite names the store's log NAME-wal (and NAME-shm): a NAME of 252
	 * to 255 bytes is a file the system takes, whose log it does not.
	 * Such a store was made, then "cannot read the store: unable to open
	 * database file" for it and every command after */
	const char *base = strrchr(path, '/');
	if (!memory && strlen(base ? base + 1 : path) > 251)
		return xp_failc(err, XP_EUSAGE, path, 0, "a store's file name is at most 251 bytes (this one %zu): SQLite "
				"names its log NAME-wal, and a file name is at most 255", strlen(base ? base + 1 : path));
	/* SQLite opens a file by its full path, of at most 503 bytes (its
	 * -journal's name within its limit, measured), a new store at most 490
	 * (its temporary name .NAME.xproj-XXXXXX under the same limit):
	 * deeper, "cannot open: unable to open database file", which said
	 * nothing of why */
	char cwd[4096];
	size_t full = strlen(path) + (path[0] == '/' || memory || !getcwd(cwd, sizeof cwd) ? 0 : strlen(cwd) + 1),
	       most = mode == XP_DB_CREATE && stat(path, &st) ? 490 : 503;
	if (!memory && full > most)
		return xp_failc(err, XP_EUSAGE, path, 0, "the store's full path is %zu bytes: SQLite opens %s of at most %zu "
				"(with its -journal's name): move it to a shorter path", full,
				most == 503 ? "a store" : "a new store, under a temporary name,", most);
	if (mode != XP_DB_CREATE && !memory && stat(path, &st))
		return xp_failc(err, XP_ENOTFOUND, path, 0, "no such database (xproj db import or db init creates one)");
	/* a device, FIFO or socket: SQLite said "disk I/O error" of /dev/null
	 * and made /dev/null-journal beside it */
	if (!memory && stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		return xp_failc(err, XP_EUSAGE, path, 0, "not a store: a device, FIFO or socket (a store is a file)");
	if (mode == XP_DB_CREATE && !memory && stat(path, &st) && errno == ENOENT) {
		/* a -wal or -journal of a store that is gone (a writer killed,
		 * then the store deleted without them): SQLite would replay its
		 * pages into the new store, which then reads as corrupt.  Not
		 * removed here: it is the only trace of the old store's last
		 * commits, and whether it matters is the user's call.  One that
		 * holds nothing is no matter: a read-only connection leaves an
		 * empty -wal behind (it may not remove it), and a -wal of its
		 * 32-byte header alone, or an empty journal, replays nothing */
		static const char *const left[] = {"-wal", "-journal"};
		for (size_t i = 0; i < sizeof left / sizeof *left; i++) {
			char side[4096 + 16];
			snprintf(side, sizeof side, "%s%s", path, left[i]);
			if (lstat(side, &st) == 0 && st.st_size > (i == 0 ? 32 : 0))
				return xp_failc(err, XP_ECONFLICT, path, 0,
						"%s is left from a store of this name that is gone: SQLite would replay it "
						"into the new store; put the store back beside it, or remove %s (and %s-shm) "
						"to start a new one",
						side, side, path);
		}
		int rc = create_whole(path, target, &made, err);
		if (rc)
			return rc;
		if (made && lstat(path, &made_id))
			made = 0;   /* gone already: nothing of this process's to remove */
	}
	xp_db *db = calloc(1, sizeof *db);
	if (!db)
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	snprintf(db->path, sizeof db->path, "%s", path);
	db->made = made;
	int flags = mode == XP_DB_READ ? SQLITE_OPEN_READONLY
		  : mode == XP_DB_WRITE ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	int v = connect(db, flags, err) ? -1 : schema_version(db, err);
	struct stat id;
	if (v >= 0 && !memory && stat(path, &id) == 0)
		db->dev = (unsigned long long)id.st_dev, db->ino = (unsigned long long)id.st_ino, db->has_id = 1,
		db->real = realpath(path, NULL);
	/* (a directory that is not writable: SQLITE_READONLY; a file system
	 * mounted read-only, a CD, a snapshot: SQLITE_CANTOPEN, as the index
	 * cannot be made; a full disk: SQLITE_IOERR, as it cannot grow) */
	int why = db->h ? sqlite3_errcode(db->h) & 0xff : SQLITE_OK, immutable = 0;
	char full_why[160] = "";
	if (v < 0 && mode == XP_DB_READ && (why == SQLITE_READONLY || why == SQLITE_CANTOPEN || why == SQLITE_IOERR) &&
	    connect_immutable(db, err) == 0)
		v = schema_version(db, err), immutable = 1;
	else if (v < 0 && mode != XP_DB_READ && why == SQLITE_IOERR)
		snprintf(full_why, sizeof full_why, "%s", sqlite3_errmsg(db->h)),
		xp_failc(err, XP_EDB, path, 0, "cannot open the store to write: %s (a full disk?): %s", full_why,
			 made ? "the new store is removed" : "nothing was changed");
	else if (v < 0 && mode != XP_DB_READ && db->h && !memory && access(path, W_OK) &&
		 (sqlite3_errcode(db->h) == SQLITE_READONLY || sqlite3_errcode(db->h) == SQLITE_CANTOPEN))
		xp_failc(err, XP_EDB, path, 0, "cannot write the store, read-only here: %s (xproj db export and the other readers can read it)",
			 strerror(errno));
	else if (v < 0 && mode != XP_DB_READ && db->h && !memory && !dir_writable(path) &&
		 (sqlite3_errcode(db->h) & 0xff) == SQLITE_READONLY)
		/* the store is writable, its directory not: SQLite makes its
		 * write-ahead log and shared memory (NAME-wal, NAME-shm) beside
		 * it, and said "cannot read the store: attempt to write a
		 * readonly database" of a store every reader reads */
		xp_failc(err, XP_EDB, path, 0, "cannot write the store: its directory is not writable, and SQLite keeps "
			 "its write-ahead log (NAME-wal) beside it: make the directory writable or move the store (the "
			 "readers, xproj db export among them, can read it): nothing was changed");
	int rc = v < 0 ? xp_err_code(err) : 0;
	if (rc == 0 && v > XP_DB_VERSION)
		rc = xp_failc(err, XP_ECONFLICT, path, 0, "schema version %d is newer than this xproj (%d): use a newer xproj",
			      v, XP_DB_VERSION);
	/* an empty database: what an xproj before the whole creation above
	 * (create_whole) left when killed while making a store */
	if (rc == 0 && mode == XP_DB_READ && v == 0)
		rc = xp_sql_int(db, "SELECT count(*) FROM sqlite_master", 1) == 0
			     ? xp_failc(err, XP_EINPUT, path, 0, "not an xproj correction store (an empty database, no schema: "
					"a creation that was interrupted?  xproj db init makes it a store)")
			     : xp_failc(err, XP_EINPUT, path, 0, "not an xproj correction store (no schema)");
	if (rc == 0 && mode == XP_DB_READ && v < target) {
		if (access(path, W_OK))
			rc = xp_failc(err, XP_ECONFLICT, path, 0, "schema version %d must be upgraded to %d, which needs write "
				      "access (run any xproj db command that writes, as its owner)", v, target);
		else
			rc = connect(db, SQLITE_OPEN_READWRITE, err);
	}
	int writes = mode != XP_DB_READ || v < target;
	/* read-only (not immutable, not upgraded: then read-write): its
	 * close leaves the -wal and -shm it made (xp_db_tidy) */
	db->tidy = rc == 0 && !writes && !memory && !immutable;
	if (rc == 0 && writes)
		rc = xp_sql_exec(db, "PRAGMA journal_mode = WAL", err) || migrate(db, v, target, err);
	db->version = v > target ? v : target;
	if (rc == 0)
		/* a reader maps the file (up to SQLite's limit, 2 GB) instead of
		 * copying each page it reads out of the system's cache: a workbench
		 * page at 1M mentions reads rows all over a store of 0.5 GB, and
		 * pread took a fifth of its CPU */
		rc = xp_sql_exec(db, mode == XP_DB_READ ? "PRAGMA foreign_keys = ON; PRAGMA query_only = ON;"
							  " PRAGMA mmap_size = 2147418112"
							: "PRAGMA foreign_keys = ON", err);
	if (rc) {
		/* a store made here goes with the failure (outputs all or
		 * nothing, as pipeline's): before, a full disk left a new store
		 * of its schema alone.  Kept only if it could not be told empty */
		int code = rc < 0 ? rc : xp_err_code(err);
		if (made) {
			/* drop_new only where discard could not take the lock to
			 * check: a store it kept holds a run, or is another's */
			if (xp_db_discard(db) < 0)
				drop_new(path, &made_id);
			if (*full_why && stat(path, &st) == 0)
				xp_failc(err, XP_EDB, path, 0, "cannot open the store to write: %s (a full disk?): the new "
					 "store, which could not be removed, holds its schema alone (whole: a command that "
					 "writes takes it once there is room)", full_why);
		} else {
			xp_db_close(db);
		}
		return code;
	}
	*out = db;
	return 0;
}

int xp_db_open(const char *path, xp_db **out, xp_err *err)
{
	return xp_db_open_at(path, XP_DB_VERSION, out, err);
}

int xp_db_open_at(const char *path, int version, xp_db **out, xp_err *err)
{
	return open_db(path, XP_DB_CREATE, version < XP_DB_VERSION ? version : XP_DB_VERSION, out, err);
}

int xp_db_open_mode(const char *path, xp_db_mode mode, xp_db **out, xp_err *err)
{
	return open_db(path, mode, XP_DB_VERSION, out, err);
}

void xp_db_tidy(const char *path)
{
	char side[4096 + 16];
	struct stat st;
	snprintf(side, sizeof side, "%s-shm", path);
	if (lstat(side, &st) != 0 || access(path, W_OK) || !dir_writable(path))
		return;
	sqlite3 *h = NULL;
	/* no SQLITE_OPEN_CREATE: a store gone meanwhile is not made again;
	 * reading the schema opens the log, so that the close sees it */
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK)
		sqlite3_exec(h, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
	sqlite3_close(h);
}

void xp_db_close(xp_db *db)
{
	if (!db)
		return;
	stc_clear(db);
	sqlite3_close(db->h);
	if (db->tidy)
		xp_db_tidy(db->path);
	free(db->real);
	free(db);
}

int xp_db_made(const xp_db *db) { return db && db->made; }

int xp_db_discard(xp_db *db)
{
	if (!db)
		return 0;
	if (db->held)
		xp_db_rollback(db);
	/* under the write lock, so that no run is written between the count
	 * and the unlink; the connection's close then has nothing to keep */
	int gone = 0, checked = !db->made;
	if (db->made && db->h && sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK) {
		checked = 1;
		if (xp_db_same_file(db, NULL) == 0 && xp_sql_int(db, "SELECT count(*) FROM runs", 1) == 0)
			gone = unlink(db->path) == 0;
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	}
	char path[sizeof db->path];
	snprintf(path, sizeof path, "%s", db->path);
	xp_db_close(db);
	if (gone)
		unlink_beside(path);
	return gone ? 1 : checked ? 0 : -1;
}

const char *xp_db_path(const xp_db *db) { return db->path; }

int xp_db_version(xp_db *db) { return (int)xp_sql_int(db, "PRAGMA user_version", 0); }

int64_t xp_db_latest_run(xp_db *db) { return xp_sql_int(db, "SELECT max(id) FROM runs", 0); }

int xp_db_integrity(xp_db *db, char *msg, size_t n)
{
	sqlite3_stmt *st;
	snprintf(msg, n, "error");
	if (sqlite3_prepare_v2(db->h, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(msg, n, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return strcmp(msg, "ok") ? -1 : 0;
}
