/* tests/fuzz/fuzz_charset.c — libFuzzer target: charset detection and
 * conversion (detected, and told each charset a fansub comes in), then
 * Traditional -> Simplified on the result.  Whatever is returned must be
 * valid UTF-8 of the length said, and bytes taken as UTF-8 without a BOM
 * hold no NUL (UTF-16 without a byte order mark is "valid UTF-8" with
 * every other byte NUL: read so, it aligned nothing). */
#include "base/text.h"
#include "io/charset.h"
#include "io/subs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check(const char *p, size_t n)
{
	size_t bad;
	if (strlen(p) > n || !xp_utf8_valid(p, n, &bad))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const told[] = {NULL, "UTF-8", "UTF-16LE", "UTF-16BE", "UTF-16", "GB18030", "Big5",
					   "windows-1256"};
	const char *in = (const char *)data;
	for (size_t k = 0; k < sizeof told / sizeof *told; k++) {
		char *out, *simple;
		size_t n, sn;
		xp_charset cs;
		xp_err e;
		if (xp_to_utf8("fuzz", in, size, told[k], &out, &n, &cs, &e))
			continue;
		if (!told[k] && cs.how == XP_CS_UTF8 && !(size >= 3 && !memcmp(in, "\xEF\xBB\xBF", 3)) &&
		    memchr(in, '\0', size))
			abort();
		const char *p = out ? out : in;
		if (out)
			check(out, n);
		if (k == 0 && xp_to_simplified("fuzz", p, n, &simple, &sn, &e) == 0) {
			check(simple, sn);
			free(simple);
		}
		free(out);
	}
	xp_subs s = {0};
	xp_err e;
	xp_subs_read_mem("fuzz", in, size, &(xp_subs_opts){.simplified = 1}, &s, &e);
	xp_subs_free(&s);
	return 0;
}
