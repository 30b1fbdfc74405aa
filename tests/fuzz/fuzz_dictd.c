/* tests/fuzz/fuzz_dictd.c — libFuzzer target: a dictd dictionary (io/
 * dictd.h).  The input up to its first NUL byte is the index, the rest the
 * dictionary's text; an input without a NUL is both.  Read once keeping
 * every pair and once keeping those whose words a small vocabulary holds,
 * and every line written must be a pair: "head ||| translation". */
#include "io/dictd.h"
#include "../fuzz_pairs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *nul = memchr(s, '\0', size);
	const char *index = s, *dict = s;
	size_t ilen = size, dlen = size;
	if (nul)
		ilen = (size_t)(nul - s), dict = nul + 1, dlen = size - ilen - 1;
	xp_err e;
	xp_buf b = {0};
	xp_dictd_stats st;
	if (!xp_dictd_pairs_mem("fuzz.index", index, ilen, dict, dlen, NULL, &b, &st, &e) && !b.oom)
		fuzz_check_pairs(&b);
	xp_buf_free(&b);

	xp_vocab v[2];
	if (xp_vocab_init(&v[0], 1) || xp_vocab_init(&v[1], 1))
		abort();
	static const char *const words[2][3] = {{"cat", "look", "for"}, {"chat", "chercher", "à"}};
	for (int d = 0; d < 2; d++)
		for (int k = 0; k < 3; k++)
			xp_vocab_id(&v[d], words[d][k], strlen(words[d][k]));
	xp_dictd_opts o = {{&v[0], &v[1]}};
	memset(&b, 0, sizeof b);
	if (!xp_dictd_pairs_mem("fuzz.index", index, ilen, dict, dlen, &o, &b, &st, &e) && !b.oom)
		fuzz_check_pairs(&b);
	xp_buf_free(&b);
	xp_vocab_free(&v[0]);
	xp_vocab_free(&v[1]);
	return 0;
}
