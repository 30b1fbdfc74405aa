/* model/charspan.c — tokenisations of one text compared through characters; see charspan.h. */
#include "charspan.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

/* 1 if code point c is set aside when texts are compared */
static int blank(UChar32 c)
{
	return c >= 0 && (u_isUWhiteSpace(c) || u_charType(c) == U_FORMAT_CHAR);
}

/* the next character of w[0..n) at *i that is not set aside, or -2 at the end;
 * an ill-formed byte comes back as -1 (it counts, and equals only itself) */
static UChar32 next_char(const char *w, size_t n, size_t *i, unsigned char *bad)
{
	while (*i < n) {
		size_t at = *i;
		UChar32 c;
		U8_NEXT((const uint8_t *)w, *i, n, c);
		if (c < 0) {
			*bad = (unsigned char)w[at];
			*i = at + 1;
			return -1;
		}
		if (!blank(c))
			return c;
	}
	return -2;
}

uint32_t xp_char_offsets(const char *const *w, const size_t *len, uint32_t n, uint32_t *off)
{
	uint32_t total = 0;
	for (uint32_t k = 0; k < n; k++) {
		off[k] = total;
		size_t i = 0;
		unsigned char bad;
		while (next_char(w[k], len[k], &i, &bad) != -2)
			total++;
	}
	off[n] = total;
	return total;
}

/* a cursor over the characters of a token sequence */
typedef struct cursor {
	const char *const *w;
	const size_t *len;
	uint32_t n, k;
	size_t i;
} cursor;

static UChar32 advance(cursor *c, unsigned char *bad)
{
	for (; c->k < c->n; c->k++, c->i = 0) {
		UChar32 ch = next_char(c->w[c->k], c->len[c->k], &c->i, bad);
		if (ch != -2)
			return ch;
	}
	return -2;
}

int xp_same_chars(const char *const *a, const size_t *alen, uint32_t na, const char *const *b,
		  const size_t *blen, uint32_t nb)
{
	cursor x = {a, alen, na, 0, 0}, y = {b, blen, nb, 0, 0};
	for (;;) {
		unsigned char bx = 0, by = 0;
		UChar32 cx = advance(&x, &bx), cy = advance(&y, &by);
		if (cx != cy || (cx == -1 && bx != by))
			return 0;
		if (cx == -2)
			return 1;
	}
}

int xp_chars_span(const uint32_t *from, uint32_t s, uint32_t e, const uint32_t *to, uint32_t nto,
		  uint32_t *ts, uint32_t *te)
{
	if (s >= e || from[s] >= from[e] || from[e] > to[nto])
		return -1;
	uint32_t c0 = from[s], c1 = from[e];
	/* the token holding character c0: offsets are sorted, so the last
	 * token starting at or before it that covers a character */
	uint32_t lo = 0, hi = nto;   /* first k with to[k] > c0, minus one */
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (to[mid] <= c0)
			lo = mid + 1;
		else
			hi = mid;
	}
	uint32_t a = lo - 1;   /* to[0] = 0 <= c0, so lo >= 1 */
	/* the first token after the span's last character */
	lo = a + 1, hi = nto;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (to[mid] < c1)
			lo = mid + 1;
		else
			hi = mid;
	}
	*ts = a, *te = lo;
	return to[a] == c0 && to[lo] == c1;
}
