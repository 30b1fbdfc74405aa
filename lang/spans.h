/*
 * lang/spans.h — from aligned target tokens to one contiguous span.
 *
 *   minmax (default, as MMC): the smallest span covering every aligned token;
 *   block: the largest run of aligned tokens, runs joined across gaps of at
 *          most `gap` unaligned tokens.
 * Then, optionally: drop the span when its length exceeds max_ratio times
 * the aligned tokens it holds (Yarmohammadi et al. 2021 use 5); trim
 * punctuation at its edges.  Links below min_prob are ignored before all.
 */
#ifndef XP_SPANS_H
#define XP_SPANS_H

#include <stdint.h>

typedef enum { XP_RULE_MINMAX, XP_RULE_BLOCK } xp_rule;

typedef struct xp_span_opts {
	xp_rule rule;
	uint32_t gap;        /* block: join runs across this many unaligned tokens */
	double max_ratio;    /* 0: no length filter */
	int trim_punct;
	double min_prob;     /* 0: every link */
} xp_span_opts;

/* aligned[j] != 0 for aligned target tokens; punct[j] != 0 for punctuation.
 * Returns 1 with [*a, *b) set, or 0 when a filter removed the span. */
int xp_span_pick(const uint8_t *aligned, const uint8_t *punct, uint32_t n, const xp_span_opts *o,
		 uint32_t *a, uint32_t *b);

#endif
