/* tests/fuzz/fuzz_mmax2.c — libFuzzer target: one MMAX2 document from the
 * input, its words, sentence level and coref level separated by lines
 * "====" (missing parts are empty), read strictly and with --repair. */
#include "io/mmax2.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n====\n";
	const char *p = (const char *)data, *end = p + size;
	xp_mmax2_src part[3] = {{"words.xml", "", 0}, {"sentence.xml", "", 0}, {"coref.xml", "", 0}};
	for (int i = 0; i < 3 && p <= end; i++) {
		const char *q = p;
		while (q + sizeof sep - 1 <= end && memcmp(q, sep, sizeof sep - 1))
			q++;
		if (q + sizeof sep - 1 > end)
			q = end;
		part[i].buf = p;
		part[i].len = (size_t)(q - p);
		p = q + sizeof sep - 1;
	}
	for (int repair = 0; repair < 2; repair++) {
		xp_corpus c = {0};
		xp_diags dg = {0};
		xp_read_opts o = {.repair = repair, .diags = &dg};
		xp_err e;
		xp_mmax2_read_doc("fuzz", &part[0], &part[2], &part[1], &o, &c, &e);
		xp_mmax2_tally t;
		xp_mmax2_tally_of(&c, &t);
		xp_diags_free(&dg);
		xp_corpus_free(&c);
	}
	return 0;
}
