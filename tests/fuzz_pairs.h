/* tests/fuzz_pairs.h — the check the dictionary fuzz targets share
 * (fuzz_dictd, fuzz_cedict): every line a dictionary reader wrote is one
 * pair, "source ||| target", both sides non-empty, with no second
 * separator and no tab, CR or NUL (blanks are collapsed as the bitext's
 * words are split).  Aborts otherwise. */
#ifndef XP_FUZZ_PAIRS_H
#define XP_FUZZ_PAIRS_H

#include "base/buf.h"

#include <stdlib.h>
#include <string.h>

static void fuzz_check_pairs(const xp_buf *b)
{
	for (size_t k = 0; k < b->n;) {
		const char *l = b->p + k, *nl = memchr(l, '\n', b->n - k);
		if (!nl)
			abort();
		const char *sep = NULL;
		for (const char *p = l; p + 5 <= nl; p++)
			if (!memcmp(p, " ||| ", 5)) {
				if (sep)
					abort();   /* a second separator */
				sep = p;
			}
		size_t n = (size_t)(nl - l);
		if (!sep || sep == l || sep + 5 == nl || memchr(l, '\0', n) || memchr(l, '\t', n) || memchr(l, '\r', n))
			abort();
		k = (size_t)(nl - b->p) + 1;
	}
}

#endif
