/* tests/fuzz/fuzz_conll.c — libFuzzer target: the CoNLL reader in all three
 * modes, and the writer on whatever it accepted (which must read back). */
#include "io/conll.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (int mode = 0; mode < 3; mode++) {
		xp_diags dg = {0};
		xp_read_opts o = {.repair = mode == 1, .keep_going = mode == 2, .diags = &dg};
		xp_corpus c = {0};
		xp_err e;
		if (xp_conll_read("fuzz", (const char *)data, size, &o, &c, &e) == 0) {
			xp_buf out = {0};
			xp_conll_write(&out, &c);
			xp_corpus c2 = {0};
			/* what we write we must be able to read, strictly */
			if (!out.oom && xp_conll_read("again", out.p ? out.p : "", out.n, NULL, &c2, &e))
				abort();
			xp_corpus_free(&c2);
			xp_buf_free(&out);
		}
		xp_corpus_free(&c);
		xp_diags_free(&dg);
	}
	return 0;
}
