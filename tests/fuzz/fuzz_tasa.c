/* tests/fuzz/fuzz_tasa.c — libFuzzer target: the TASA results CSV reader and
 * its batch import, on a fresh copy of the sample's store (real mentions,
 * spans and target sentences), then the store's own check. */
#include "../fuzz_store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_batch(data, size, "batch.csv", xp_db_import_tasa);
}
