/* tests/fuzz/fuzz_rows.c — libFuzzer target: a correction store edited by
 * hand.  The input is SQL, run with sqlite3 itself on a fresh copy of a
 * store made once from the bundled sample (two runs, the second carrying
 * the first's corrections; edits of every kind, reviews, a position): rows
 * whose text columns hold bad JSON, spans out of range, negative or dangling
 * ids, values of the wrong type, a table dropped, a schema version from the
 * future.  Then every read path the `db` commands and the workbench take
 * runs on it: it may refuse the store or a run with an error (which must say
 * something), never crash, hang or run out of memory, and what `db export`
 * writes must read back.  SQL that could reach outside the copy (ATTACH,
 * VACUUM INTO, ...) or run without end (RECURSIVE) is skipped; a statement
 * is stopped after 2 million steps.  Seeds: tests/fixtures/rows/, one hand
 * edit each; tests/fuzz/fuzz_rows.dict holds the schema's names. */
#include "base/file.h"
#include "correct/annotators.h"
#include "correct/db.h"
#include "correct/review.h"
#include "io/conll.h"
#include "io/jsonl.h"
#include "io/read.h"
#include "base/buf.h"
#include "serve/internal.h"
#include "../fuzz_tmp.h"
#include "../sample_store.h"

#include <ctype.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];
static char *image;   /* the fixture store, as bytes */
static size_t image_len;

static void must(int rc, const xp_err *e, const char *what)
{
	if (rc) {
		fprintf(stderr, "fuzz_rows setup: %s: %s: %s\n", what, e->file, e->msg);
		abort();
	}
}

/* the sample's store with something in every table */
static void setup(void)
{
	if (fuzz_tmp_dir(dir, sizeof dir, "rows", &image))
		abort();
	xp_err e;
	char path[128];
	snprintf(path, sizeof path, "%s/corrections.db", dir);
	must(sample_store(dir, &e), &e, "sample");
	xp_db *db;
	must(xp_db_open_mode(path, XP_DB_WRITE, &db, &e), &e, "open");
	const xp_edit edits[] = {
		{XP_MODIFY, "s01e01c00x|8", 2, 0, 2, "ann", "a note"},
		{XP_DELETE, "s01e01c02x|17", 0, 0, 0, "ann", NULL},
		{XP_ADD, "s01e01c00x|3", 1, 0, 1, "bob", NULL},
	};
	for (size_t i = 0; i < sizeof edits / sizeof *edits; i++)
		must(xp_db_edit(db, 1, &edits[i], &e), &e, "edit");
	must(xp_db_review(db, 1, "s01e01c01x|15", XP_KEEP, NULL, "ann", -1, &e), &e, "keep");
	must(xp_db_review(db, 1, "s01e01c02x|24", XP_NOTE, "looks odd", "bob", -1, &e), &e, "note");
	must(xp_db_position_set(db, 1, "ann", "s01e01c02x|24", &e), &e, "position");
	xp_db_close(db);
	must(sample_store(dir, &e), &e, "second run");   /* carries the corrections over */
	must(xp_read_file(path, &image, &image_len, &e), &e, "read");
}

static int progress(void *arg)
{
	return ++*(long *)arg > 2000000;   /* a statement that runs this long is stopped */
}

/* 1 if the SQL could reach outside the copy or run without end */
static int refused_sql(const char *s)
{
	static const char *const words[] = {"attach", "vacuum", "recursive", "load_extension", "journal_mode",
					    "writefile", "readfile", "temp_store_directory"};
	for (const char *p = s; *p; p++)
		for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
			size_t n = strlen(words[w]), k;
			for (k = 0; k < n && p[k] && tolower((unsigned char)p[k]) == words[w][k]; k++)
				;
			if (k == n)
				return 1;
		}
	return 0;
}

static void said(int rc, const xp_err *e)
{
	if (rc < 0 && !e->msg[0]) {
		fprintf(stderr, "an error without a reason (%d)\n", rc);
		abort();
	}
}
/* rc = CALL; an error must say why (e is emptied first, so an old reason
 * does not count) */
#define SAID(call) do { memset(&e, 0, sizeof e); rc = (call); said(rc, &e); } while (0)

static const char *arg(void *ctx, const char *name)
{
	const char *const *kv = ctx;
	for (; kv[0]; kv += 2)
		if (!strcmp(kv[0], name))
			return kv[1];
	return NULL;
}

static void api(xp_server *s, const char *path, const char **kv)
{
	xp_args a = {arg, kv};
	json_t *out = NULL;
	xp_api_get(s, path, &a, &out);
	json_decref(out);
}

/* what `db export/export-tasa/stats/runs/log/triage/show/check/pairs`,
 * `agree --db` read, for one run */
static void read_run(xp_db *db, int64_t run)
{
	xp_err e;
	char out[160];
	int rc;
	json_t *j = NULL;
	xp_db_counts c;
	SAID(xp_db_stats(db, run, &c, &e));
	if (!rc)
		xp_db_counts_free(&c);
	if (!run)
		return;
	/* `db pairs` and the pipeline's training from the store: whatever the
	 * rows hold, every line written has a span on both sides */
	for (int words = 0; words < 2; words++) {
		xp_buf pb = {0};
		xp_db_pairs_stats ps;
		SAID(xp_db_pairs(db, "zh", words, &pb, &ps, &e));
		for (size_t i = 0, at = 0; !rc && i < pb.n; i++)
			if (pb.p[i] == '\n') {
				size_t bar = at;
				while (bar + 5 <= i && memcmp(pb.p + bar, " ||| ", 5))
					bar++;
				if (bar + 5 > i || bar == at || bar + 5 == i) {
					fprintf(stderr, "db pairs wrote a line without a span: %.*s\n", (int)(i - at), pb.p + at);
					abort();
				}
				at = i + 1;
			}
		xp_buf_free(&pb);
	}
	SAID(xp_db_overview(db, run, &j, &e));
	json_decref(j), j = NULL;
	SAID(xp_db_carried(db, run, NULL, &j, &e));
	json_decref(j), j = NULL;
	for (int silver = 0; silver < 2; silver++) {
		xp_corpus k = {0};
		SAID(xp_db_export(db, run, silver, &k, &e));
		if (!rc) {
			/* what export writes is a valid file, whatever the store held
			 * (written to memory: the files' syncs cost more than the rest) */
			xp_buf b = {0};
			xp_corpus back = {0};
			xp_conll_write(&b, &k);
			if (!b.oom && k.ndocs && xp_read_corpus_mem("export.conll", b.p, b.n, XP_FMT_CONLL, NULL, &back, &e)) {
				fprintf(stderr, "db export wrote a file that does not read back: %s:%lu: %s\n", e.file, e.line,
					e.msg);
				abort();
			}
			xp_corpus_free(&back);
			b.n = 0;
			SAID(xp_jsonl_write(&b, &k, &e));
			xp_buf_free(&b);
		}
		xp_corpus_free(&k);
	}
	snprintf(out, sizeof out, "%s/out.csv", dir);
	SAID(xp_db_export_tasa(db, run, 0, out, &e));
	SAID(xp_db_export_tasa(db, run, 1, out, &e));
	xp_triage_item *t = NULL;
	size_t n = 0;
	SAID(xp_db_triage(db, run, &t, &n, &e));
	for (size_t i = 0; !rc && i < n && i < 4; i++) {
		SAID(xp_db_mention(db, run, t[i].key, 1, &j, &e));
		json_decref(j), j = NULL;
	}
	free(t);
	SAID(xp_db_mention(db, run, "s01e01c00x|8", 2, &j, &e));
	json_decref(j), j = NULL;
	xp_queue q;
	SAID(xp_db_queue(db, run, &q, &e));
	if (!rc)
		xp_queue_free(&q);
	xp_touch *tv = NULL;
	SAID(xp_db_touched(db, run, &tv, &n, &e));
	free(tv);
	char **names = NULL;
	SAID(xp_db_annotators(db, run, &names, &n, &e));
	int listed = rc;
	for (size_t i = 0; !listed && i < n; i++) {
		xp_corpus k = {0};
		SAID(xp_db_export_annotator(db, run, names[i], &k, &e));
		xp_corpus_free(&k);
	}
	if (!listed)
		xp_db_annotators_free(names, n);
	char key[300];
	SAID(xp_db_position_get(db, run, "ann", key, sizeof key, &e));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!image)
		setup();
	char *sql = malloc(size + 1);
	if (!sql)
		return 0;
	memcpy(sql, data, size);
	sql[size] = '\0';
	if (refused_sql(sql)) {
		free(sql);
		return 0;
	}
	char path[128], side[160];
	xp_err e;
	snprintf(path, sizeof path, "%s/copy.db", dir);
	const char *suffix[] = {"-wal", "-shm", "-journal"};
	for (int k = 0; k < 3; k++) {
		snprintf(side, sizeof side, "%s%s", path, suffix[k]);
		unlink(side);
	}
	FILE *f = fopen(path, "wb");   /* not xp_write_file: its sync is most of a run's time */
	if (!f || fwrite(image, 1, image_len, f) != image_len || fclose(f))
		abort();

	/* the hand edit */
	sqlite3 *h;
	long steps = 0;
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
		abort();
	sqlite3_limit(h, SQLITE_LIMIT_LENGTH, 100000);
	sqlite3_exec(h, "PRAGMA synchronous = OFF", NULL, NULL, NULL);
	sqlite3_progress_handler(h, 1000, progress, &steps);
	sqlite3_exec(h, sql, NULL, NULL, NULL);
	sqlite3_close(h);
	free(sql);
	/* SQL that changed nothing (most cut or mutated statements do not
	 * parse), or left the store as an earlier input did (a seed cut inside
	 * its third statement is its first two), reads a store already read:
	 * once is enough (make check replays every prefix of every seed) */
	char *now;
	size_t nlen;
	if (xp_read_file(path, &now, &nlen, &e))
		abort();
	uint64_t hash = 14695981039346656037ULL;   /* FNV-1a */
	for (size_t i = 0; i < nlen; i++)
		hash = (hash ^ (unsigned char)now[i]) * 1099511628211ULL;
	free(now);
	static uint64_t seen[4096];
	static size_t nseen;
	size_t slot = hash % 4096;
	while (seen[slot] && seen[slot] != hash)
		slot = (slot + 1) % 4096;
	if (seen[slot] == hash)
		return 0;
	if (++nseen > 3000)   /* full: start again */
		memset(seen, 0, sizeof seen), nseen = 1, slot = hash % 4096;
	seen[slot] = hash ? hash : 1;

	/* the `db` commands' reads, read-only */
	xp_db *db;
	int rc;
	SAID(xp_db_open_mode(path, XP_DB_READ, &db, &e));
	if (rc == 0) {
		char *s = NULL;
		size_t n = 0;
		json_t *j = NULL;
		SAID(xp_db_runs(db, &j, &e));
		json_decref(j), j = NULL;
		SAID(xp_db_log(db, &s, &e));
		free(s), s = NULL;
		SAID(xp_db_log_json(db, &j, &e));
		json_decref(j), j = NULL;
		SAID(xp_db_check(db, &s, &n, &e));
		free(s), s = NULL;
		char msg[256];
		xp_db_integrity(db, msg, sizeof msg);
		int64_t latest = xp_db_latest_run(db);
		for (int64_t run = 0; run <= 3; run++)
			if (run == 0 || xp_db_has_run(db, run))
				read_run(db, run);
		if (latest > 3 && xp_db_has_run(db, latest))
			read_run(db, latest);
		xp_db_close(db);
	}

	/* the workbench's API (GETs on read-only connections, a POST on the
	 * writer's, as serve/http.c has them) */
	xp_server *s = calloc(1, sizeof *s);
	if (!s)
		return 0;
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->wake, NULL);
	snprintf(s->db, sizeof s->db, "%s", path);
	s->max_body = 64 * 1024;
	const char *none[] = {NULL};
	api(s, "runs", none);
	for (int run = 1; run <= 2; run++) {
		char r[12];
		snprintf(r, sizeof r, "%d", run);
		const char *kv[] = {"run", r, NULL};
		api(s, "stats", kv);
		api(s, "queue", kv);
		const char *m[] = {"run", r, "key", "s01e01c00x|8", NULL};
		api(s, "mention", m);
		const char *m2[] = {"run", r, "key", "s01e01c00x|3", NULL};
		api(s, "mention", m2);
	}
	json_t *body = json_pack("{s:i,s:s,s:s,s:s,s:i}", "run", 1, "key", "s01e01c02x|24", "action", "keep", "annotator",
				 "fuzz", "version", 0);
	json_t *out = NULL;
	xp_err we;
	if (body && xp_db_open_mode(path, XP_DB_WRITE, &s->wdb, &we) == 0)
		xp_api_post(s, s->wdb, "edit", body, &out);
	json_decref(body);
	json_decref(out);
	xp_serve_stop(s);
	return 0;
}
