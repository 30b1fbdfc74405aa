/* tests/fuzz/fuzz_subs.c — libFuzzer target: the SRT/WebVTT reader in its
 * three bilingual modes, and every speaker turn of every block it reads
 * (each must lie inside its text, in order). */
#include "io/subs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void turns(const xp_sub *x, int tgt)
{
	const char *t = tgt ? x->tgt : x->text;
	size_t len = strlen(t);
	const char *last = t;
	for (unsigned k = 0; k <= (tgt ? x->ntcut : x->ncut); k++) {
		xp_str s = xp_sub_turn(x, tgt, k);
		if (s.p < last || s.p + s.n > t + len)
			abort();
		last = s.p + s.n;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const xp_bilingual modes[3] = {XP_BILINGUAL_AUTO, XP_MONOLINGUAL, XP_BILINGUAL};
	for (int m = 0; m < 3; m++) {
		xp_subs s = {0};
		xp_err e;
		xp_subs_opts o = {.bilingual = modes[m]};
		if (xp_subs_read_mem("fuzz", (const char *)data, size, &o, &s, &e) == 0)
			for (size_t b = 0; b < s.n; b++)
				turns(&s.v[b], 0), turns(&s.v[b], 1);
		xp_subs_free(&s);
	}
	return 0;
}
