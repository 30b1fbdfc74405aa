/* tests/fuzz/fuzz_mmc.c — libFuzzer target: the MMC corrections JSON reader and
 * its batch import, on a fresh copy of the sample's store (real mentions,
 * spans and target sentences), then the store's own check. */
#include "../fuzz_store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[128];
	xp_db *db;
	if (fuzz_store_open(data, size, "batch.json", path, sizeof path, &db))
		return 0;
	xp_batch_result r;
	xp_err e;
	xp_db_import_mmc(db, 0, path, "fuzz", &r, &e);
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
