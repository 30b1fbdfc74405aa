/*
 * tests/unit/dbutil.h — a correction store holding the projection of
 * tests/fixtures/project (document "d": mentions d|0 "I" -> 我, d|1 "the big
 * red car", d|2 "It", d|3 "mine" (collided, no span), d|4 "Really" (no target
 * sentence)), for the tests of correct/ and serve/.
 */
#ifndef XP_DBUTIL_H
#define XP_DBUTIL_H

#include "testutil.h"
#include "correct/db.h"
#include "io/aligned.h"
#include "io/conll.h"
#include "io/walign.h"
#include "io/bitext.h"
#include "base/buf.h"
#include "project/project.h"

#include <dirent.h>

static char dir[64], path[128];

/* a fresh, empty store in a new directory under parent */
static inline xp_db *fresh_in(const char *parent)
{
	snprintf(dir, sizeof dir, "%s/xp-db-XXXXXX", parent);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/t.db", dir);
	xp_db *db;
	xp_err e;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	return db;
}

/* a fresh, empty store under /tmp */
static inline xp_db *fresh(void) { return fresh_in("/tmp"); }

/* a fresh, empty store under /tmp at schema `version`, as an older xproj
 * made it (opening it again with xp_db_open migrates it) */
static inline xp_db *fresh_at(int version)
{
	xp_db *db = fresh();
	xp_err e;
	xp_db_close(db);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(xp_db_open_at(path, version, &db, &e), 0);
	assert_int_equal(xp_db_version(db), version);
	return db;
}

/* The projection of the English corpus en_path, aligned corpus al_path
 * and word alignments pharaoh (a fixture's, or a test's own).  tweak (if
 * any) changes the corpora before they are projected: the report is of
 * that text (its text_hash; db import refuses a report of other text). */
static inline void load_run_files(const char *en_path, const char *al_path, const char *pharaoh, xp_corpus *en,
				  xp_aligned *al, char **report, void (*tweak)(xp_corpus *en, xp_aligned *al))
{
	xp_err e;
	xp_walign wa = {0};
	uint32_t *line;
	xp_projection p;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	assert_int_equal(xp_read_corpus(en_path, XP_FMT_AUTO, NULL, en, &e), 0);
	assert_int_equal(xp_aligned_read(al_path, al, &e), 0);
	if (tweak)
		tweak(en, al);
	assert_int_equal(xp_pharaoh_read_file(pharaoh, 0, &wa, &e), 0);
	assert_int_equal(xp_bitext_lines(al, NULL, &line, wa.nsent, &e), 0);
	assert_int_equal(xp_project(en, al, &wa, line, &o, &p, &e), 0);
	xp_buf b = {0};
	assert_int_equal(xp_projection_report(&p, "{\"rule\":\"minmax\"}", &b), 0);
	*report = b.p;
	xp_projection_free(&p);
	free(line);
	xp_walign_free(&wa);
}

/* the fixture's projection; tweak (if any) changes the aligned corpus first */
static void (*load_tweak)(xp_aligned *al);
static inline void load_tweaked(xp_corpus *en, xp_aligned *al)
{
	(void)en;
	load_tweak(al);
}
static inline void load_run_with(xp_corpus *en, xp_aligned *al, char **report, void (*tweak)(xp_aligned *al))
{
	load_tweak = tweak;
	load_run_files(FIX("project/en.conll"), FIX("project/aligned.jsonl"), FIX("project/pairs.pharaoh"), en, al,
		       report, tweak ? load_tweaked : NULL);
}

static inline void load_run(xp_corpus *en, xp_aligned *al, char **report) { load_run_with(en, al, report, NULL); }

/* the projection imported as a new run; tweak (if any) changes the aligned
 * corpus first (a rerun with other texts) */
static inline int64_t import_with(xp_db *db, void (*tweak)(xp_aligned *al))
{
	xp_corpus en = {0};
	xp_aligned al = {0};
	char *rep;
	int64_t run;
	xp_err e;
	load_run_with(&en, &al, &rep, tweak);
	assert_int_equal(xp_db_import_run(db, &en, &al, rep, "zh", "{}", &run, &e), 0);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	return run;
}

static inline int64_t import(xp_db *db) { return import_with(db, NULL); }

/* the run's corrected view as CoNLL text (malloc'd) */
static inline char *conll_of(xp_db *db, int64_t run)
{
	xp_corpus c = {0};
	xp_err e;
	assert_int_equal(xp_db_export(db, run, 0, &c, &e), 0);
	xp_buf b = {0};
	xp_conll_write(&b, &c);
	xp_corpus_free(&c);
	assert_non_null(b.p);
	return b.p;
}

/* load_run_files' projection imported as a new run */
static inline int64_t import_files(xp_db *db, const char *en_path, const char *al_path, const char *pharaoh,
				   void (*tweak)(xp_corpus *en, xp_aligned *al))
{
	xp_corpus en = {0};
	xp_aligned al = {0};
	char *rep;
	int64_t run;
	xp_err e;
	load_run_files(en_path, al_path, pharaoh, &en, &al, &rep, tweak);
	assert_int_equal(xp_db_import_run(db, &en, &al, rep, "zh", "{}", &run, &e), 0);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	return run;
}

static inline void done(xp_db *db)
{
	char msg[128];
	assert_int_equal(xp_db_integrity(db, msg, sizeof msg), 0);
	xp_db_close(db);
	/* the directory holds files only (the store, its WAL, a test's
	 * outputs); removed here, not by system("rm -rf"): forking this large
	 * process some seventy times was most of test_derive's 13 s */
	DIR *d = opendir(dir);
	assert_non_null(d);
	for (struct dirent *f; (f = readdir(d));) {
		if (!strcmp(f->d_name, ".") || !strcmp(f->d_name, ".."))
			continue;
		char p[sizeof dir + 300];
		snprintf(p, sizeof p, "%s/%s", dir, f->d_name);
		assert_int_equal(unlink(p), 0);
	}
	closedir(d);
	assert_int_equal(rmdir(dir), 0);
}

#endif
