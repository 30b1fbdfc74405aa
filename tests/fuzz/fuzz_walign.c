/* tests/fuzz/fuzz_walign.c — libFuzzer target: the input read as a bitext
 * (whole, and streamed line by line as --train files are), as Pharaoh (0- and 1-based), as a prob file and as an awesome-align word
 * file, with the bitext checks between them. */
#include "io/bitext.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count_pair(void *arg, const xp_str *src, size_t ns, const xp_str *tgt, size_t nt,
		      unsigned long line, xp_err *err)
{
	(void)line, (void)err;
	size_t *n = arg;
	for (size_t k = 0; k < ns; k++)
		*n += src[k].n;
	for (size_t k = 0; k < nt; k++)
		*n += tgt[k].n;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	char *copy = malloc(size + 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	xp_bitext b;
	xp_err e;
	size_t bytes = 0;
	xp_bitext_each_mem("fuzz", s, size, count_pair, &bytes, &e);
	int have_b = xp_bitext_read_mem("fuzz", copy, size, &b, &e) == 0;
	if (!have_b) {
		xp_bitext_free(&b);   /* frees copy */
	}
	for (int one = 0; one < 2; one++) {
		xp_walign a = {0};
		if (xp_pharaoh_read("fuzz", s, size, one, &a, &e) == 0) {
			if (have_b && xp_bitext_check(&b, &a, "fuzz", &e) == 0)
				xp_bitext_check_words_mem(&b, &a, "fuzz", s, size, &e);
			xp_probs_read("fuzz", s, size, &a, &e);
			xp_walign_normalize(&a);
		}
		xp_walign_free(&a);
	}
	if (have_b)
		xp_bitext_free(&b);
	return 0;
}
