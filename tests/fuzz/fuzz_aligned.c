/* tests/fuzz/fuzz_aligned.c — libFuzzer target: the aligned-corpus reader,
 * and the writer and bitext export on whatever it accepted. */
#include "io/aligned.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_aligned a = {0};
	xp_err e;
	if (xp_aligned_read_mem("fuzz", (const char *)data, size, &a, &e) == 0) {
		xp_buf out = {0}, pairs = {0}, map = {0};
		xp_aligned_write(&out, &a);
		xp_aligned_bitext(&a, &pairs, &map);
		xp_aligned b = {0};
		if (!out.oom && xp_aligned_read_mem("again", out.p ? out.p : "", out.n, &b, &e))
			abort();
		xp_aligned_free(&b);
		xp_buf_free(&out);
		xp_buf_free(&pairs);
		xp_buf_free(&map);
	}
	xp_aligned_free(&a);
	return 0;
}
