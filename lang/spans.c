/* lang/spans.c — span rules; see spans.h. */
#include "spans.h"
#include "../model/tokenize.h"

#include <string.h>

/* the largest run of aligned tokens, joining runs across short gaps */
static int block(const uint8_t *al, uint32_t n, uint32_t gap, uint32_t *a, uint32_t *b)
{
	uint32_t best = 0, ba = 0, bb = 0;
	for (uint32_t j = 0; j < n;) {
		if (!al[j]) {
			j++;
			continue;
		}
		uint32_t s = j, e = j + 1, count = 1;
		for (uint32_t k = j + 1; k < n; k++) {
			if (!al[k])
				continue;
			if (k - e > gap)
				break;
			e = k + 1, count++;
		}
		if (count > best)
			best = count, ba = s, bb = e;
		j = e;
	}
	*a = ba, *b = bb;
	return best > 0;
}

int xp_span_pick(const uint8_t *aligned, const uint8_t *punct, uint32_t n, const xp_span_opts *o,
		 uint32_t *a, uint32_t *b)
{
	if (o->rule == XP_RULE_BLOCK) {
		if (!block(aligned, n, o->gap, a, b))
			return 0;
	} else {
		uint32_t lo = n, hi = 0;
		for (uint32_t j = 0; j < n; j++)
			if (aligned[j])
				lo = j < lo ? j : lo, hi = j + 1;
		if (lo >= hi)
			return 0;
		*a = lo, *b = hi;
	}
	if (o->max_ratio > 0) {
		uint32_t inside = 0;
		for (uint32_t j = *a; j < *b; j++)
			inside += aligned[j] != 0;
		if ((double)(*b - *a) > o->max_ratio * inside)
			return 0;
	}
	if (o->trim_punct) {
		while (*a < *b && punct[*a])
			(*a)++;
		while (*b > *a && punct[*b - 1])
			(*b)--;
		if (*a == *b)
			return 0;
	}
	return 1;
}
