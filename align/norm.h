/*
 * align/norm.h — text as the utterance aligner compares it.
 *
 * NFKC with case folding (ICU), bracketed stage directions "(laughs)" and
 * "[laughter]" removed, punctuation removed, curly apostrophes straightened,
 * contractions expanded the same way on both sides ("you're" -> "you are",
 * "c'mon" -> "come on", "gonna" -> "going to").  What remains is kept as a
 * bag of word hashes and a bag of character-bigram hashes, the two views the
 * similarity score compares.
 *
 * The same normaliser gives the word aligner its words (xp_norm_token): one
 * token of a bitext in, the words the aligner sees out, by the parts a
 * language takes (xp_norm_parts), the morphology knowing the corpus's words
 * (xp_normalizer_know).  That view is for alignment only: every
 * word keeps the index of the token it came from, and nothing written to an
 * output is normalised.
 */
#ifndef XP_NORM_H
#define XP_NORM_H

#include <stddef.h>
#include <stdint.h>

#include "../base/buf.h"

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

/* The parts of the word aligner's normalisation. */
enum {
	XP_NORM_NFKC = 1 << 0,        /* Unicode NFKC: full-width forms, ligatures, "…" -> "..." */
	XP_NORM_CASE = 1 << 1,        /* ICU case folding */
	XP_NORM_APOS = 1 << 2,        /* ’ ‘ ` ʼ ′ -> ' */
	XP_NORM_CLITICS = 1 << 3,     /* English, split as the annotated corpora (Penn Treebank) do:
					 it's -> it 's, don't -> do n't, can't -> ca n't, gonna -> gon na */
	XP_NORM_PERSIAN = 1 << 4,     /* Arabic ي ى ك ة ۀ -> Persian ی ی ک ه ه, هٔ -> ه */
	XP_NORM_MARKS = 1 << 5,       /* Arabic-script vowel marks (harakat) and tatweel removed */
	XP_NORM_DIGITS = 1 << 6,      /* every decimal digit (Persian ۰-۹, Arabic-Indic ٠-٩...) -> 0-9 */
	XP_NORM_ZWNJ = 1 << 7,        /* a word splits at a ZERO WIDTH NON-JOINER, as MMC's Farsi
					 tokens are split; a lone ZWNJ token gives no word */
	XP_NORM_ZH_PUNCT = 1 << 8,    /* 。、「」『』《》〈〉【】— -> . , " " " " [ ] - */
	XP_NORM_FA_MORPH = 1 << 9,    /* Persian affixes split off a stem the corpus has on its own:
					 verbal prefixes می نمی, plural ها های, comparative تر ترین,
					 possessive/object clitics م ت ش مان تان شان (مون تون شون),
					 ام ات اش, object marker را (see xp_normalizer_know) */
	XP_NORM_EN_STEM = 1 << 10,    /* English -s -es -ed -ing split off (stem and "+s" "+ed"
					 "+ing"), the same way: only onto a stem the corpus has.
					 In no language's parts: measured, no clear gain (Farsi
					 +0.3 held out, Chinese -0.7 at seed 1, AER roen +0.2) */
	XP_NORM_ALL = (1 << 11) - 1
};

/* Morphology (XP_NORM_FA_MORPH, XP_NORM_EN_STEM) takes an affix off a word
 * only when what remains is a word of the corpus standing on its own
 * ("دستم" -> دست م where دست occurs, never "اسم" -> اس م): a few thousand
 * sentence pairs are too few to tell a clitic from a word's last letter by
 * rule, and a stem the corpus never writes would not pool any counts.  The
 * known words are added here (normalised as xp_norm_token makes them, with
 * the morphology off); without any, no affix is split.  0, or -1 when
 * memory ran out. */
int xp_normalizer_know(xp_normalizer *z, const char *word, size_t n);

/* The parts language lang takes ("" or NULL: only those safe for any). */
unsigned xp_norm_parts(const char *lang);
/* The part named name ("nfkc", "case", "apostrophes", "clitics", "persian",
 * "marks", "digits", "zwnj", "zh-punct", "fa-morph", "en-stem"), or 0. */
unsigned xp_norm_part_named(const char *name);

/* The words the aligner sees for the token s[0..n) (UTF-8), each appended to
 * out with its NUL: 1 word, 2 or more for a split token, 0 for a token that
 * is empty or only ZWNJs.  Ill-formed UTF-8 reads as U+FFFD.  Returns how
 * many, or -1 when memory ran out. */
int xp_norm_token(xp_normalizer *z, unsigned parts, const char *s, size_t n, xp_buf *out);

#endif
