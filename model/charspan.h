/*
 * model/charspan.h — what a character of a text is, and one text under two
 * tokenisations.  MMC's Chinese is one character per token before
 * correction and word-segmented after; xproj writes a projection on ICU
 * words or, with --chars, on characters.  Two token sequences are the same
 * text when their characters agree, and a token span of one is carried over
 * to the other through those characters.
 *
 * This is the one definition of a character every part of xproj uses:
 * `project --chars` makes each one a token (model/tokenize.h), `score
 * --chars` and the judge compare texts by them (eval/chars.h), the store's
 * derive carries spans through them (correct/derive.c).  A character is a
 * code point, or an ill-formed byte sequence (as ICU's U8_NEXT delimits it,
 * one U+FFFD's worth), which counts and equals only the same bytes.  Set
 * aside, as blanks, are White_Space (a space token, spaces inside an MMC
 * token, U+3000) and the invisible format characters, general category Cf:
 * ZWNJ U+200C, which Farsi writes inside words and which one tool keeps
 * glued to a word and another as a token of its own (a lone-ZWNJ token
 * covers no character), ZWJ, ZWSP U+200B, a stray BOM U+FEFF, the bidi marks
 * U+200E/F that Farsi subtitles carry.  None of them is something a mention
 * can be about, and two files of one text differ in exactly these.
 */
#ifndef XP_CHARSPAN_H
#define XP_CHARSPAN_H

#include <stddef.h>
#include <stdint.h>

/* 1 if code point c is a blank (White_Space or Cf); ill-formed (c < 0) is not. */
int xp_char_blank(int32_t c);

/* The next character of s[0..n) at or after *i that is not a blank: 1 with
 * its bytes s[*start, *i), or 0 (with *i = n) when none is left. */
int xp_char_next(const char *s, size_t n, size_t *i, size_t *start);

/* off[i]: the characters before token i of the n tokens w[i] (len[i]
 * bytes); off[n] their total, which is returned.  off has n + 1 entries.  A
 * token of blanks only covers no character. */
uint32_t xp_char_offsets(const char *const *w, const size_t *len, uint32_t n, uint32_t *off);

/* 1 if the two token sequences hold the same characters. */
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
