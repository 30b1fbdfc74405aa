/* tests/fuzz/fuzz_jsonl.c — libFuzzer target: the jsonlines reader (strict and
 * keep-going), and the writer on whatever it accepted (which must read back). */
#include "io/jsonl.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (int mode = 0; mode < 2; mode++) {
		xp_diags dg = {0};
		xp_read_opts o = {.keep_going = mode, .diags = &dg};
		xp_corpus c = {0};
		xp_err e;
		if (xp_jsonl_read("fuzz", (const char *)data, size, &o, &c, &e) == 0) {
			xp_buf out = {0};
			xp_corpus c2 = {0};
			if (xp_jsonl_write(&out, &c, &e) == 0 && !out.oom &&
			    xp_jsonl_read("again", out.p ? out.p : "", out.n, NULL, &c2, &e))
				abort();
			xp_corpus_free(&c2);
			xp_buf_free(&out);
		}
		xp_corpus_free(&c);
		xp_diags_free(&dg);
	}
	return 0;
}
