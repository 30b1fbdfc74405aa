/* tests/fuzz/fuzz_report.c — libFuzzer target: the projection report as
 * `db import --report` reads it, imported with the fixture's English corpus
 * and aligned corpus (tests/fixtures/project) into an in-memory store, then
 * the store's own check. */
#include "correct/db.h"
#include "io/aligned.h"
#include "io/read.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static xp_corpus en;
static xp_aligned al;

static void cleanup(void)
{
	xp_corpus_free(&en);
	xp_aligned_free(&al);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_err e;
	if (!en.ndocs) {
		if (xp_read_corpus("tests/fixtures/project/en.conll", XP_FMT_AUTO, NULL, &en, &e) ||
		    xp_aligned_read("tests/fixtures/project/aligned.jsonl", &al, &e)) {
			fprintf(stderr, "fuzz_report: %s: %s\n", e.file, e.msg);
			abort();
		}
		atexit(cleanup);
	}
	char *rep = malloc(size + 1);
	xp_db *db;
	if (!rep || xp_db_open(":memory:", &db, &e)) {
		free(rep);
		return 0;
	}
	memcpy(rep, data, size);
	rep[size] = '\0';
	int64_t run;
	/* db import refuses before it opens the store what the import itself
	 * would refuse (issue 32, D8): the two must agree on every report */
	xp_err pe;
	int pre = xp_db_import_check(&en, &al, rep, "{\"report\":\"fuzz.json\"}", 1, &pe);
	int got = xp_db_import_run(db, &en, &al, rep, "zh", "{\"report\":\"fuzz.json\"}", &run, &e);
	if ((pre == 0) != (got == 0) && pe.code != XP_ENOMEM && e.code != XP_ENOMEM) {
		fprintf(stderr, "the check before the store says %d (%s), the import %d (%s)\n", pre, pre ? pe.msg : "",
			got, got ? e.msg : "");
		abort();
	}
	if (got == 0) {
		char *problems = NULL;
		size_t n = 0;
		xp_db_counts s;
		if (xp_db_check(db, &problems, &n, &e) == 0 && n) {
			fprintf(stderr, "the store's check failed after an import: %s\n", problems);
			abort();
		}
		free(problems);
		if (xp_db_stats(db, run, &s, &e) == 0)
			xp_db_counts_free(&s);
	}
	xp_db_close(db);
	free(rep);
	return 0;
}
