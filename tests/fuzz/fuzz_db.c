/* tests/fuzz/fuzz_db.c — libFuzzer target: the corrections readers (MMC
 * JSON and TASA CSV) on an in-memory store. */
#include "correct/db.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/xp-fuzz-db-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 0;
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		unlink(path);
		return 0;
	}
	close(fd);
	xp_db *db;
	xp_err e;
	if (xp_db_open(":memory:", &db, &e) == 0) {
		xp_batch_result r;
		xp_db_import_mmc(db, 0, path, NULL, &r, &e);
		xp_batch_result_free(&r);
		xp_db_import_tasa(db, 0, path, NULL, &r, &e);
		xp_batch_result_free(&r);
		xp_db_counts s;
		if (xp_db_stats(db, 0, &s, &e) == 0)
			xp_db_counts_free(&s);
		xp_db_close(db);
	}
	unlink(path);
	return 0;
}
