/* tests/fuzz/fuzz_subs.c — libFuzzer target: the SRT/WebVTT reader in its
 * three bilingual modes. */
#include "io/subs.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const xp_bilingual modes[3] = {XP_BILINGUAL_AUTO, XP_MONOLINGUAL, XP_BILINGUAL};
	for (int m = 0; m < 3; m++) {
		xp_subs s = {0};
		xp_err e;
		xp_subs_read_mem("fuzz", (const char *)data, size, modes[m], &s, &e);
		xp_subs_free(&s);
	}
	return 0;
}
