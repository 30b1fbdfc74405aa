/* tests/fuzz/fuzz_wastate.c — libFuzzer target: the input read as a word
 * aligner's link state (`wordalign --state`); a state that is read is
 * written again and must be the same bytes. */
#include "align/wamodel.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wa_state s;
	xp_err e;
	if (xp_wa_state_parse("fuzz", data, size, &s, &e))
		return 0;
	xp_buf b = {0};
	if (xp_wa_state_serialize(&s, &b) == 0 && (b.n != size || memcmp(b.p, data, size)))
		abort();
	xp_buf_free(&b);
	xp_wa_state_free(&s);
	return 0;
}
