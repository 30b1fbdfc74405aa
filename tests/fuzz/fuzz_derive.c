/* tests/fuzz/fuzz_derive.c — libFuzzer target: a corrected target corpus
 * (CoNLL, then jsonlines) compared with a run and turned into corrections
 * (correct/derive.c).  The run is tests/fixtures/derive-run/rules.* (the
 * document "r" of four sentences), projected and imported once into a
 * store in a temporary directory; each input is one batch, undone after, so
 * every input meets the same run.  The seeds, tests/fixtures/derive/, are
 * corrected files of that run.  Run from the repository root. */
#include "correct/store.h"
#include "io/bitext.h"
#include "io/walign.h"
#include "base/buf.h"
#include "project/project.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RUN "tests/fixtures/derive-run/"

static xp_db *db;
static int64_t run;
static char dir[64];

static void cleanup(void)
{
	char p[128];
	xp_db_close(db);
	for (const char *const *s = (const char *const[]){"t.db", "t.db-wal", "t.db-shm", "in", NULL}; *s; s++) {
		snprintf(p, sizeof p, "%s/%s", dir, *s);
		unlink(p);
	}
	rmdir(dir);
}

static int setup(void)
{
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_walign wa = {0};
	uint32_t *line = NULL;
	xp_projection p = {0};
	xp_proj_opts o;
	xp_err e;
	xp_buf set = {0}, rep = {0};
	char path[128];
	snprintf(dir, sizeof dir, "/tmp/xp-fuzz-derive-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/t.db", dir);
	xp_proj_defaults(&o);
	int rc = xp_db_open(path, &db, &e) || xp_read_corpus(RUN "rules.en.conll", XP_FMT_AUTO, NULL, &en, &e) ||
		 xp_aligned_read(RUN "rules.aligned.jsonl", &al, &e) ||
		 xp_pharaoh_read_file(RUN "rules.pharaoh", 0, &wa, &e) ||
		 xp_bitext_lines(&al, NULL, &line, wa.nsent, &e) || xp_project(&en, &al, &wa, line, &o, &p, &e);
	if (rc == 0) {
		/* thousands of batches: durability is not what is tested here */
		sqlite3_exec(db->h, "PRAGMA synchronous = OFF", NULL, NULL, NULL);
		xp_proj_settings(&o, &set);
		rc = xp_projection_report(&p, set.p, &rep) || xp_db_import_run(db, &en, &al, rep.p, "zh", "{}", &run, &e);
	}
	xp_buf_free(&set), xp_buf_free(&rep);
	xp_projection_free(&p);
	free(line);
	xp_walign_free(&wa);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	if (rc) {
		fprintf(stderr, "fuzz_derive: cannot set up the run (run from the repository root): %s\n", e.msg);
		abort();
	}
	atexit(cleanup);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!db && setup())
		return 0;
	char path[128];
	snprintf(path, sizeof path, "%s/in", dir);
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	int ok = fwrite(data, 1, size, f) == size;
	if (fclose(f) || !ok)
		return 0;
	for (xp_format fmt = XP_FMT_CONLL; fmt <= XP_FMT_JSONL; fmt++) {
		xp_derive_result r;
		xp_err e;
		char what[100];
		int rc = xp_db_import_corrected(db, run, path, fmt, NULL, &r, &e);
		/* a derived edit never breaks a rule of the store */
		if (rc == 0 && (r.b.conflicts || r.b.orphans))
			abort();
		xp_derive_result_free(&r);
		if (rc == 0 && xp_db_undo(db, NULL, what, sizeof what, &e))
			abort();
	}
	return 0;
}
