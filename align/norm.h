/*
 * align/norm.h — text as the utterance aligner compares it.
 *
 * NFKC with case folding (ICU), bracketed stage directions "(laughs)" and
 * "[laughter]" removed, punctuation removed, curly apostrophes straightened,
 * contractions expanded the same way on both sides ("you're" -> "you are",
 * "c'mon" -> "come on", "gonna" -> "going to").  What remains is kept as a
 * bag of word hashes and a bag of character-bigram hashes, the two views the
 * similarity score compares.
 */
#ifndef XP_NORM_H
#define XP_NORM_H

#include <stddef.h>
#include <stdint.h>

typedef struct xp_bag {
	uint32_t *h;       /* distinct hashes, ascending */
	uint16_t *c;       /* their counts */
	uint32_t n, total; /* distinct, and all with repeats */
} xp_bag;

typedef struct xp_unit {
	xp_bag tok, chr;
} xp_unit;

typedef struct xp_normalizer xp_normalizer;

xp_normalizer *xp_normalizer_new(void);
void xp_normalizer_free(xp_normalizer *z);
/* The bags of text[0..n); free with xp_unit_free. */
int xp_unit_from_text(xp_normalizer *z, const char *text, size_t n, xp_unit *u);
void xp_unit_free(xp_unit *u);

/* How many of a's items b holds (multiset intersection). */
uint32_t xp_bag_common(const xp_bag *a, const xp_bag *b);

#endif
