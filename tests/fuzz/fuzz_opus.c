/* tests/fuzz/fuzz_opus.c — libFuzzer target: the input as OPUS corpus XML
 * and as an XCES alignment. */
#include "io/opus.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_subs s = {0};
	xp_xces x = {0};
	xp_err e;
	xp_opus_read_mem("fuzz", (const char *)data, size, NULL, &s, &e);
	xp_xces_read_mem("fuzz", (const char *)data, size, NULL, NULL, &x, &e);
	xp_subs_free(&s);
	xp_xces_free(&x);
	return 0;
}
