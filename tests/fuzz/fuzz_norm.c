/* tests/fuzz/fuzz_norm.c — libFuzzer target: the word aligner's normaliser
 * (align/norm.h) on any bytes, with the parts the first two bytes pick, and
 * the utterance aligner's bags on the same text, and the language whose
 * pack's tables apply the third byte picks.  Every word it gives is
 * non-empty and NUL-terminated, as many as it says.  A few stems are known,
 * so that the morphology (affixes, en-stem) splits words too, and enough
 * words with three suffixes that the learned stems (XP_NORM_STEM) have
 * suffixes to cut; the third byte also picks the stem method. */
#include "align/norm.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static xp_normalizer *z;
	if (!z) {
		static const char *const stems[] = {"دست", "کتاب", "کن", "به", "walk", "make", "cat", "party", "run"};
		if (!(z = xp_normalizer_new()))
			abort();
		for (size_t k = 0; k < sizeof stems / sizeof *stems; k++)
			if (xp_normalizer_know(z, stems[k], strlen(stems[k])))
				abort();
		static const char *const suf[] = {"", "ov", "ami", "\xd9\x87\xd8\xa7"};   /* ها */
		char w[32];
		for (int k = 0; k < 40; k++) {
			snprintf(w, sizeof w, "st%c%cm%s", 'a' + k % 10, 'a' + k / 10 % 10, suf[k % 4]);
			if (xp_normalizer_know(z, w, strlen(w)))
				abort();
		}
	}
	if (size < 3)
		return 0;
	unsigned parts = ((unsigned)data[0] | (unsigned)data[1] << 8) & XP_NORM_ALL;
	static const char *const langs[] = {"fa", "zh", "ja", "ar", "en", "de", ""};
	if (xp_normalizer_lang(z, langs[data[2] % (sizeof langs / sizeof *langs)]) ||
	    xp_normalizer_stem(z, data[2] / 7 % 5 ? data[2] / 7 % 5 : XP_STEM_LEARNED))
		abort();
	const char *s = (const char *)data + 3;
	size_t n = size - 3;
	xp_buf b = {0};
	int k = xp_norm_token(z, parts, s, n, &b);
	if (k >= 0) {
		size_t at = 0;
		for (int i = 0; i < k; i++) {
			const char *end = memchr(b.p + at, '\0', b.n - at);
			if (!end || end == b.p + at)
				abort();
			at = (size_t)(end - b.p) + 1;
		}
		if (at != b.n)
			abort();
	}
	xp_buf_free(&b);
	xp_unit u;
	if (xp_unit_from_text(z, s, n, &u) == 0)
		xp_unit_free(&u);
	return 0;
}
