/* tests/fuzz/fuzz_names.c — libFuzzer target: the input read as a names
 * file (io/names.h), every form looked up, written back and read again. */
#include "io/names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_names nm, back;
	xp_err e;
	if (xp_names_parse("fuzz", (const char *)data, size, &nm, &e))
		return 0;
	for (size_t k = 0; k < nm.n; k++) {
		const char *w = nm.names.words[nm.v[k].name];
		const size_t *f;
		size_t n = xp_names_of(&nm, w, strlen(w), &f);
		if (!n || f[0] >= nm.n)
			abort();
	}
	xp_buf b = {0};
	xp_names_write(&nm, &b);
	if (!b.oom && xp_names_parse("fuzz", b.p, b.n, &back, &e) == 0) {
		if (back.n != nm.n)
			abort();
		xp_names_free(&back);
	}
	xp_buf_free(&b);
	xp_names_free(&nm);
	return 0;
}
