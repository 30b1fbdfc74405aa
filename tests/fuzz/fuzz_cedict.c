/* tests/fuzz/fuzz_cedict.c — libFuzzer target: a dictionary in CEDICT's
 * format (io/dictd.h, xp_cedict_pairs_mem).  Read once keeping every pair
 * and once keeping those whose words a small vocabulary holds; every line
 * written must be a pair, "translation ||| headword", with no tab, CR or
 * NUL in it (blanks collapsed, as the bitext's words are split). */
#include "io/dictd.h"
#include "../fuzz_pairs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	xp_err e;
	xp_buf b = {0};
	xp_dictd_stats st;
	if (!xp_cedict_pairs_mem("fuzz.u8", s, size, NULL, &b, &st, &e) && !b.oom)
		fuzz_check_pairs(&b);
	xp_buf_free(&b);

	xp_vocab v[2];
	if (xp_vocab_init(&v[0], 1) || xp_vocab_init(&v[1], 1))
		abort();
	static const char *const words[2][3] = {{"cat", "look", "for"}, {"猫", "找", "a"}};
	for (int d = 0; d < 2; d++)
		for (int k = 0; k < 3; k++)
			xp_vocab_id(&v[d], words[d][k], strlen(words[d][k]));
	xp_dictd_opts o = {{&v[0], &v[1]}};
	memset(&b, 0, sizeof b);
	if (!xp_cedict_pairs_mem("fuzz.u8", s, size, &o, &b, &st, &e) && !b.oom)
		fuzz_check_pairs(&b);
	xp_buf_free(&b);
	xp_vocab_free(&v[0]);
	xp_vocab_free(&v[1]);
	return 0;
}
