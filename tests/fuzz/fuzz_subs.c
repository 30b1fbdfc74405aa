/* tests/fuzz/fuzz_subs.c — libFuzzer target: the SRT/WebVTT reader in its
 * three bilingual modes, and every speaker turn of every block it reads
 * (each must lie inside its text, in order); and each block's target
 * shared out among two to four utterances made of its texts
 * (align/share.h: every byte to one of them, pieces in order). */
#include "align/share.h"
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

static void share(xp_normalizer *z, const xp_sub *x, size_t b)
{
	const char *u[XP_SHARE_MAX] = {x->text, x->tgt, x->speaker ? x->speaker : "", x->text};
	size_t g = 2 + b % 3, cut[XP_SHARE_MAX + 1];
	xp_str t = {x->tgt, strlen(x->tgt)};
	if (xp_share_cuts(z, (xp_str){x->text, strlen(x->text)}, u, g, t, (int)(b & 1), cut))
		abort();
	if (cut[0] != 0 || cut[g] != t.n)
		abort();
	for (size_t k = 0; k < g; k++) {
		xp_str p = xp_share_piece(t, cut[k], cut[k + 1]);
		if (cut[k] > cut[k + 1] || p.p < t.p + cut[k] || p.p + p.n > t.p + cut[k + 1])
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static xp_normalizer *z;
	if (!z && !(z = xp_normalizer_new()))
		abort();
	const xp_bilingual modes[3] = {XP_BILINGUAL_AUTO, XP_MONOLINGUAL, XP_BILINGUAL};
	for (int m = 0; m < 3; m++) {
		xp_subs s = {0};
		xp_err e;
		xp_subs_opts o = {.bilingual = modes[m]};
		if (xp_subs_read_mem("fuzz", (const char *)data, size, &o, &s, &e) == 0)
			for (size_t b = 0; b < s.n; b++) {
				turns(&s.v[b], 0), turns(&s.v[b], 1);
				if (m == 0)
					share(z, &s.v[b], b);
			}
		xp_subs_free(&s);
	}
	return 0;
}
