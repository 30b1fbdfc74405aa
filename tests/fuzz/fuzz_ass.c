/* tests/fuzz/fuzz_ass.c — libFuzzer target: the ASS/SSA event reader, and
 * the subtitle reader on the same bytes with asides removed and kept; every
 * event must lie inside the reader's text buffer and every block's speaker
 * turns inside its text. */
#include "io/ass.h"
#include "io/subs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_ass a = {0};
	xp_err e;
	if (xp_ass_read_mem("fuzz", (const char *)data, size, &a, &e) == 0)
		for (size_t i = 0; i < a.n; i++)
			if (a.v[i].text + a.v[i].ntext > a.text.n || a.v[i].name + a.v[i].nname > a.text.n)
				abort();
	xp_ass_free(&a);
	for (int keep = 0; keep < 2; keep++) {
		xp_subs s = {0};
		xp_subs_opts o = {.keep_asides = keep};
		if (xp_subs_read_mem("fuzz", (const char *)data, size, &o, &s, &e) == 0)
			for (size_t b = 0; b < s.n; b++)
				for (unsigned k = 0; k <= s.v[b].ncut; k++) {
					xp_str t = xp_sub_turn(&s.v[b], 0, k);
					if (t.p < s.v[b].text || t.p + t.n > s.v[b].text + strlen(s.v[b].text))
						abort();
				}
		xp_subs_free(&s);
	}
	return 0;
}
