/*
 * base/text.h — small text utilities over UTF-8 byte strings.
 *
 * xp_str is a borrowed slice (pointer + length) used by the line parsers so
 * that nothing is copied until it goes into the corpus arena.
 */
#ifndef XP_TEXT_H
#define XP_TEXT_H

#include <stddef.h>
#include <stdint.h>

typedef struct xp_str {
	const char *p;
	size_t n;
} xp_str;

/* 1 if s[0..n) is well-formed UTF-8 (ICU's definition: no surrogates, no
 * overlongs), else 0; *bad gets the offset of the first bad byte. */
int xp_utf8_valid(const char *s, size_t n, size_t *bad);

/* Copy s[0..n) to out replacing each ill-formed sequence by U+FFFD; out
 * needs room for 3*n bytes.  Returns the length written. */
size_t xp_utf8_repair(const char *s, size_t n, char *out);

/* The number of UTF-8 characters of s[0..n): bytes that do not continue a
 * sequence (on ill-formed input, a count of lead and stray bytes). */
size_t xp_utf8_count(const char *s, size_t n);

/* 1 if c is written for an apostrophe (right and left single quotation
 * marks, modifier letter apostrophe, grave and acute accents, prime). */
int xp_apostrophe(uint32_t c);

/* s[0..n) folded as the word aligner folds every language's words
 * (align/norm.c: apostrophes as ', ICU's NFKC_Casefold, decimal digits as
 * 0-9) into out[0..cap), NUL-terminated: its length, or -1 when it does not
 * fit or s is no UTF-8.  What the aligner learned (names, phrases) is spelled
 * so; a token compared with it is folded by this same function (project/names.c). */
int xp_utf8_fold(const char *s, size_t n, char *out, size_t cap);

/* Parse a non-negative decimal integer occupying all of s; -1 if not one. */
long long xp_parse_uint(xp_str s);

int xp_str_eq(xp_str s, const char *lit);

/* 1 if w is one of set (NULL-terminated), ASCII case folded: the English
 * word lists of the projection rules and features (0 for a NULL w). */
int xp_word_in(const char *w, const char *const *set);

/* 3 if s[0..n) starts with a UTF-8 byte order mark (spreadsheets and MTurk
 * exports write one), else 0: what a reader skips. */
static inline size_t xp_bom_len(const char *s, size_t n)
{
	return n >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF ? 3 : 0;
}

/* Text from data shown in a message (an error, a warning, a listing on a
 * terminal) must not act on the terminal nor garble the line: an escape
 * sequence could clear the screen or forge output, a CR overwrite the
 * line, a bidirectional override reorder it.  xp_escape_next gives one
 * character of s[0..n) at *i (moving *i past it) as it may be shown: itself,
 * or escaped: C0 controls (but tab) and DEL as \x1b, C1 controls and the bidi
 * embeddings, overrides and isolates (U+202A..E, U+2066..9) as \u202e, an
 * ill-formed byte as \xff.  out gets it NUL-ended; returns its length. */
enum { XP_ESC_MAX = 8 };
size_t xp_escape_next(const char *s, size_t n, size_t *i, char out[XP_ESC_MAX]);
/* s[0..n) escaped so into out[0..size), cut after a whole character with
 * "…" when it does not fit; returns out.  A message quoting data puts it
 * through this with a buffer of XP_QUOTE_SIZE: a whole line of a file
 * does not drown the message.  base/error.c escapes every message and file
 * name this way too. */
enum { XP_QUOTE_SIZE = 84 };
char *xp_quote(char *out, size_t size, const char *s, size_t n);
/* s[0..n) quoted so, in a buffer of XP_QUOTE_SIZE that lives to the end of
 * the enclosing block: xp_failc(..., "bad field '%s'", XP_QUOTED(f.p, f.n)) */
#define XP_QUOTED(s, n) xp_quote((char[XP_QUOTE_SIZE]){0}, XP_QUOTE_SIZE, (s), (n))

/* FNV-1a of s[0..n): what the vocabulary's table, score --chars's sentence
 * pairing and the correction batches' checksum hash bytes with.  The
 * checksum is stored in every store (a batch imported twice is recognised
 * by it): this must never change.  xp_hash_more goes on from h (a hash of
 * text given in pieces; xp_hash starts from FNV's offset basis). */
static inline uint64_t xp_hash_more(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}
static inline uint64_t xp_hash(const char *s, size_t n) { return xp_hash_more(1469598103934665603ull, s, n); }

/* Blanks are spaces and tabs: what separates fields in the line formats. */
static inline int xp_is_blank(char c) { return c == ' ' || c == '\t'; }
/* The next blank-separated field of s[0..n) at or after *pos: 1 with *f
 * set and *pos just past it, 0 when only blanks remain. */
int xp_next_field(const char *s, size_t n, size_t *pos, xp_str *f);
/* s without its leading and trailing blanks. */
xp_str xp_trim(xp_str s);

#endif
