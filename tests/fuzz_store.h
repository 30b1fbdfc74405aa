/*
 * tests/fuzz_store.h — for the correction-batch fuzz targets (fuzz_mmc,
 * fuzz_tasa): the bundled sample's store (tests/sample_store.h), made once,
 * and a fresh copy of it for every input, so that each batch is read against
 * real mentions and spans and no input sees what an earlier one imported.
 * Test code only.
 */
#ifndef XP_FUZZ_STORE_H
#define XP_FUZZ_STORE_H

#include "base/file.h"
#include "correct/db.h"
#include "fuzz_tmp.h"
#include "sample_store.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char fuzz_dir[64];
static char *fuzz_image;        /* the sample store, as bytes */
static size_t fuzz_image_len;

static int fuzz_store_setup(void)
{
	if (fuzz_image)
		return 0;
	if (fuzz_tmp_dir(fuzz_dir, sizeof fuzz_dir, "store", &fuzz_image))
		return -1;
	xp_err e;
	char db[128];
	snprintf(db, sizeof db, "%s/corrections.db", fuzz_dir);
	if (sample_store(fuzz_dir, &e) || xp_read_file(db, &fuzz_image, &fuzz_image_len, &e)) {
		fprintf(stderr, "fuzz store: %s: %s\n", e.file, e.msg);
		abort();
	}
	return 0;
}

/* Write the input to dir/name, open a fresh copy of the store; 0 or -1. */
static int fuzz_store_open(const uint8_t *data, size_t size, const char *name, char *path, size_t n,
			   xp_db **db)
{
	char copy[128];
	xp_err e;
	fuzz_store_setup();
	snprintf(path, n, "%s/%s", fuzz_dir, name);
	snprintf(copy, sizeof copy, "%s/copy.db", fuzz_dir);
	if (xp_write_file(path, (const char *)data, size, &e) || xp_write_file(copy, fuzz_image, fuzz_image_len, &e))
		return -1;
	return xp_db_open_mode(copy, XP_DB_WRITE, db, &e) ? -1 : 0;
}

static void fuzz_store_close(xp_db *db)
{
	char p[160];
	xp_db_close(db);
	const char *suffix[] = {"", "-wal", "-shm"};
	for (int k = 0; k < 3; k++) {
		snprintf(p, sizeof p, "%s/copy.db%s", fuzz_dir, suffix[k]);
		unlink(p);
	}
}

/* One input as one batch (import is xp_db_import_mmc or _tasa), then the
 * store's own check, which must still pass whatever the batch held. */
typedef int (*fuzz_import_fn)(xp_db *db, int64_t run, const char *path, const char *annotator,
			      xp_batch_result *r, xp_err *err);
static int fuzz_batch(const uint8_t *data, size_t size, const char *name, fuzz_import_fn import)
{
	char path[128];
	xp_db *db;
	if (fuzz_store_open(data, size, name, path, sizeof path, &db))
		return 0;
	xp_batch_result r;
	xp_err e;
	import(db, 0, path, "fuzz", &r, &e);
	xp_batch_result_free(&r);
	char *problems = NULL;
	size_t n = 0;
	if (xp_db_check(db, &problems, &n, &e) == 0 && n) {
		fprintf(stderr, "the store's check failed after an import: %s\n", problems);
		abort();
	}
	free(problems);
	fuzz_store_close(db);
	return 0;
}

#endif
