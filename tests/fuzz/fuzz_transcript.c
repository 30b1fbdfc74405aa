/* tests/fuzz/fuzz_transcript.c — libFuzzer target: the input as TV4Dialog
 * XML and as a TSV transcript. */
#include "io/transcript.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_corpus a = {0}, b = {0};
	xp_err e;
	xp_tv4dialog_read_mem("fuzz", "S01E01", (const char *)data, size, &a, &e);
	xp_tsv_read_mem("fuzz", (const char *)data, size, &b, &e);
	xp_corpus_free(&a);
	xp_corpus_free(&b);
	return 0;
}
