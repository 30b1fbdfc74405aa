/* tests/fuzz/fuzz_walign.c — libFuzzer target: the input read as a bitext,
 * as Pharaoh (0- and 1-based), as a prob file and as an awesome-align word
 * file, with the bitext checks between them. */
#include "io/bitext.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
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
