/* tests/fuzz/fuzz_wamodel.c — libFuzzer target: the input read as a word
 * aligner's model file, with its checksum compared and without (so that
 * mutations reach the reader's own checks); a model that is read is
 * written again and must read back as the same bytes. */
#include "align/wamodel.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (int crc = 0; crc < 2; crc++) {
		xp_wa_model *m;
		xp_err e;
		if (xp_wa_model_parse_crc("fuzz", data, size, crc, &m, &e))
			continue;
		xp_buf b = {0};
		if (xp_wa_model_serialize(m, &b) == 0) {
			xp_wa_model *m2;
			if (xp_wa_model_parse("again", b.p, b.n, &m2, &e))
				abort();
			xp_buf b2 = {0};
			if (xp_wa_model_serialize(m2, &b2) || b2.n != b.n || memcmp(b.p, b2.p, b.n))
				abort();
			xp_buf_free(&b2);
			xp_wa_model_free(m2);
		}
		xp_buf_free(&b);
		xp_wa_model_free(m);
	}
	return 0;
}
