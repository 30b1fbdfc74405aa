/* tests/fuzz/fuzz_conllu.c — libFuzzer target: the input as CorefUD
 * CoNLL-U, read strictly and with --repair; what reads is written, and the
 * writing must read back to the same writing (a sentence whose mentions the
 * writer rewrote is then written as it stands). */
#include "io/conllu.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (int repair = 0; repair < 2; repair++) {
		xp_corpus c = {0}, back = {0};
		xp_diags dg = {0};
		xp_read_opts o = {.repair = repair, .diags = &dg};
		xp_err e;
		xp_buf a = {0}, b = {0};
		if (xp_conllu_read("fuzz.conllu", (const char *)data, size, &o, &c, &e) == 0 &&
		    xp_conllu_write(&a, &c, &e) == 0) {
			xp_corefud_tally t;
			xp_corefud_tally_of(&c, &t);
			if (xp_conllu_read("fuzz.conllu", a.p ? a.p : "", a.n, NULL, &back, &e) ||
			    xp_conllu_write(&b, &back, &e) || a.n != b.n || (a.n && memcmp(a.p, b.p, a.n)))
				abort();
		}
		xp_buf_free(&a);
		xp_buf_free(&b);
		xp_diags_free(&dg);
		xp_corpus_free(&c);
		xp_corpus_free(&back);
	}
	return 0;
}
