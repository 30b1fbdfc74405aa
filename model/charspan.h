/*
 * model/charspan.h — one text, two tokenisations.  MMC's Chinese is one
 * character per token before correction and word-segmented after; xproj
 * writes a projection on ICU words or, with --chars, on characters.  Two
 * token sequences are the same text when their characters agree once the
 * blanks are set aside, and a token span of one is carried over to the
 * other through those characters.
 *
 * A character is a code point (an ill-formed byte counts as one).  Set
 * aside are White_Space (a space token, U+3000) and the invisible format
 * characters (general category Cf: ZWNJ, ZWJ, ZWSP, BOM), which one tool
 * keeps as a token of its own and another glues to a word.
 */
#ifndef XP_CHARSPAN_H
#define XP_CHARSPAN_H

#include <stddef.h>
#include <stdint.h>

/* off[i]: the characters (blanks set aside) before token i of the n
 * tokens w[i] (len[i] bytes); off[n] their total, which is returned.  off
 * has n + 1 entries.  A token of blanks only covers no character. */
uint32_t xp_char_offsets(const char *const *w, const size_t *len, uint32_t n, uint32_t *off);

/* 1 if the two token sequences hold the same characters, blanks set aside. */
int xp_same_chars(const char *const *a, const size_t *alen, uint32_t na, const char *const *b,
		  const size_t *blen, uint32_t nb);

/* The tokens [*ts, *te) of the `to` tokenisation that cover the characters
 * of tokens [s, e) of `from` (offsets from xp_char_offsets of the same
 * text; nto tokens in `to`).  1 if they cover exactly those characters, 0 if
 * a boundary fell inside a `to` token and the span was widened to it, -1
 * if [s, e) covers no character (only blanks, or empty). */
int xp_chars_span(const uint32_t *from, uint32_t s, uint32_t e, const uint32_t *to, uint32_t nto,
		  uint32_t *ts, uint32_t *te);

#endif
