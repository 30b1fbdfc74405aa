/*
 * base/text.h — small text utilities over UTF-8 byte strings.
 *
 * xp_str is a borrowed slice (pointer + length) used by the line parsers so
 * that nothing is copied until it goes into the corpus arena.
 */
#ifndef XP_TEXT_H
#define XP_TEXT_H

#include <stddef.h>

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

/* Parse a non-negative decimal integer occupying all of s; -1 if not one. */
long long xp_parse_uint(xp_str s);

int xp_str_eq(xp_str s, const char *lit);

/* 3 if s[0..n) starts with a UTF-8 byte order mark (spreadsheets and MTurk
 * exports write one), else 0: what a reader skips. */
static inline size_t xp_bom_len(const char *s, size_t n)
{
	return n >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF ? 3 : 0;
}

/* Blanks are spaces and tabs: what separates fields in the line formats. */
static inline int xp_is_blank(char c) { return c == ' ' || c == '\t'; }
/* The next blank-separated field of s[0..n) at or after *pos: 1 with *f
 * set and *pos just past it, 0 when only blanks remain. */
int xp_next_field(const char *s, size_t n, size_t *pos, xp_str *f);
/* s without its leading and trailing blanks. */
xp_str xp_trim(xp_str s);

#endif
