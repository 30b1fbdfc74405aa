/* tests/fuzz/fuzz_labels.c — libFuzzer target: the input read as a labels
 * file and as CoNLL columns (first, fifth, last), each label found again
 * at its own span. */
#include "io/labels.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int columns[] = {0, 1, 5, -1};
	for (size_t c = 0; c < sizeof columns / sizeof *columns; c++) {
		xp_labels l;
		xp_err e;
		if (xp_labels_parse("fuzz", (const char *)data, size, columns[c], &l, &e))
			continue;
		for (size_t i = 0; i < l.n; i++) {
			const xp_label *x = &l.v[i];
			const char *s = xp_labels_find(&l, x->doc, x->part, x->sent, x->start, x->end);
			if (!s || strcmp(s, x->label))
				__builtin_trap();   /* a span's own label must come back */
		}
		xp_labels_free(&l);
	}
	return 0;
}
