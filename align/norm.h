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
 * (xp_normalizer_know).  What is a language's own (its letters, its
 * punctuation, its affixes) is its pack's data (lang/lang.h
 * xp_lang_normdata), which the normaliser is given (xp_normalizer_lang):
 * this module applies tables and holds none.  That view is for alignment only: every
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
	XP_NORM_LETTERS = 1 << 4,     /* the pack's letters written two ways read as one (its fold,
					 its letter table, a mark dropped after its letter) */
	XP_NORM_MARKS = 1 << 5,       /* the vowel marks (harakat) and tatweel of the Arabic
					 script removed: a script's, whatever its language */
	XP_NORM_DIGITS = 1 << 6,      /* every decimal digit (Extended Arabic-Indic, Arabic-Indic, ...) -> 0-9 */
	XP_NORM_ZWNJ = 1 << 7,        /* a word splits at a ZERO WIDTH NON-JOINER, as MMC's
					 tokens of the Arabic script are split; a lone ZWNJ
					 token gives no word */
	XP_NORM_PUNCT = 1 << 8,       /* the pack's punctuation as ASCII (full-width stops,
					 brackets and quotes) */
	XP_NORM_AFFIXES = 1 << 9,     /* the pack's affixes split off a stem the corpus has on its
					 own: prefixes, suffixes, pronoun clitics (see
					 xp_normalizer_know) */
	XP_NORM_EN_STEM = 1 << 10,    /* English -s -es -ed -ing split off (stem and "+s" "+ed"
					 "+ing"), the same way: only onto a stem the corpus has.
					 In no language's parts: measured, no clear gain
					 (docs/cmd/wordalign.md, Morphology) */
	XP_NORM_STEM = 1 << 11,       /* a word reduced to its stem, by the method
					 xp_normalizer_stem sets (a prefix of N letters, or
					 the stem learned from the corpus's own words):
					 any language, no table; a script written without
					 spaces (Han, kana, ...) is never reduced.
					 A pack may ask for the learned stems (one did:
					 it passed its audit); else by --stem
					 (docs/cmd/wordalign.md, Morphology) */
	XP_NORM_ALL = (1 << 12) - 1,
	/* the names of earlier releases, for this release only */
	XP_NORM_PERSIAN = XP_NORM_LETTERS,
	XP_NORM_ZH_PUNCT = XP_NORM_PUNCT,
	XP_NORM_FA_MORPH = XP_NORM_AFFIXES
};

/* Morphology (XP_NORM_AFFIXES, XP_NORM_EN_STEM, XP_NORM_STEM learned) takes an affix off a word
 * only when what remains is a word of the corpus standing on its own
 * (a pronoun clitic off "book+my" where "book" occurs, never off a word
 * whose last letter only looks like one): a few thousand
 * sentence pairs are too few to tell a clitic from a word's last letter by
 * rule, and a stem the corpus never writes would not pool any counts.  The
 * known words are added here (normalised as xp_norm_token makes them, with
 * the morphology off); without any, no affix is split.  0, or -1 when
 * memory ran out. */
int xp_normalizer_know(xp_normalizer *z, const char *word, size_t n);

/* How XP_NORM_STEM reduces a word: XP_STEM_LEARNED, or N > 0 for its
 * first N letters (a "prefix:N").  XP_STEM_NONE is no method: a side
 * without stems, over what its language or pair would take ("none",
 * wordalign.h xp_wa_opts.stem). */
#define XP_STEM_LEARNED (-1)
#define XP_STEM_NONE (-2)
#define XP_STEM_PREFIX_MAX 32
/* The method named s ("learned", "prefix:N" with N 1..XP_STEM_PREFIX_MAX,
 * "none": XP_STEM_NONE) into *method; 0, or -1 if s names none. */
int xp_norm_stem_parse(const char *s, int *method);
/* The name of method (as xp_norm_stem_parse reads it; 0 and XP_STEM_NONE:
 * "none") into out (cap bytes, 16 are enough); out. */
const char *xp_norm_stem_name(int method, char *out, size_t cap);
/* The method of XP_NORM_STEM (until called: XP_STEM_LEARNED).  The learned
 * stems are the corpus's: what xp_normalizer_know was given when a word
 * is first reduced (a word w = t + s loses its suffix s, of 1 to 5
 * letters, when t keeps 4 letters at least, s ends many of the corpus's
 * words whose stem is a word of its own or begins others too, and t is
 * itself a word of the corpus or the stem of two words or more with such
 * suffixes; the longest such suffix).  0, or -1 for a method that is
 * none. */
int xp_normalizer_stem(xp_normalizer *z, int method);

/* The parts language lang takes ("" or NULL: only those safe for any). */
unsigned xp_norm_parts(const char *lang);
/* The part named name ("nfkc", "case", "apostrophes", "clitics", "letters",
 * "marks", "digits", "zwnj", "punct", "affixes", "en-stem", "stem"; this release
 * also the old names the packs list: lang/lang.h norm_aliases), or 0. */
unsigned xp_norm_part_named(const char *name);
/* The name of the part `part` (one XP_NORM_ bit), or NULL. */
const char *xp_norm_part_name(unsigned part);

/* The language whose pack's tables the parts XP_NORM_LETTERS, XP_NORM_PUNCT
 * and XP_NORM_AFFIXES apply (its code, as xp_norm_parts takes it; "" or
 * NULL, or a language without a pack or tables: those parts do nothing).
 * Until it is called, none.  0, or -1 when memory ran out. */
int xp_normalizer_lang(xp_normalizer *z, const char *lang);

/* The words the aligner sees for the token s[0..n) (UTF-8), each appended to
 * out with its NUL: 1 word, 2 or more for a split token, 0 for a token that
 * is empty or only ZWNJs.  Ill-formed UTF-8 reads as U+FFFD.  Returns how
 * many, or -1 when memory ran out. */
int xp_norm_token(xp_normalizer *z, unsigned parts, const char *s, size_t n, xp_buf *out);

#endif
