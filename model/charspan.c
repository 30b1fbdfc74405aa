/* model/charspan.c — characters, and tokenisations of one text compared through them; see charspan.h. */
#include "charspan.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

int xp_char_blank(int32_t c)
{
	return c >= 0 && (u_isUWhiteSpace(c) || u_charType(c) == U_FORMAT_CHAR);
}

int xp_char_next(const char *s, size_t n, size_t *i, size_t *start)
{
	while (*i < n) {
		size_t at = *i;
		/* U8_NEXT takes an int32_t length: a window of one character's
		 * worth keeps a text over 2 GiB from overflowing it */
		int32_t j = 0, len = (int32_t)(n - at > 8 ? 8 : n - at);
		UChar32 c;
		U8_NEXT((const uint8_t *)s + at, j, len, c);
		*i = at + (size_t)j;
		if (!xp_char_blank(c)) {
			*start = at;
			return 1;
		}
	}
	return 0;
}

uint32_t xp_char_offsets(const char *const *w, const size_t *len, uint32_t n, uint32_t *off)
{
	uint32_t total = 0;
	for (uint32_t k = 0; k < n; k++) {
		off[k] = total;
		size_t i = 0, a;
		while (xp_char_next(w[k], len[k], &i, &a))
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

/* the next character's bytes into *p, *plen; 0 at the end */
static int advance(cursor *c, const char **p, size_t *plen)
{
	for (; c->k < c->n; c->k++, c->i = 0) {
		size_t a;
		if (xp_char_next(c->w[c->k], c->len[c->k], &c->i, &a)) {
			*p = c->w[c->k] + a;
			*plen = c->i - a;
			return 1;
		}
	}
	return 0;
}

int xp_same_chars(const char *const *a, const size_t *alen, uint32_t na, const char *const *b,
		  const size_t *blen, uint32_t nb)
{
	cursor x = {a, alen, na, 0, 0}, y = {b, blen, nb, 0, 0};
	for (;;) {
		const char *px = NULL, *py = NULL;
		size_t lx = 0, ly = 0;
		int hx = advance(&x, &px, &lx), hy = advance(&y, &py, &ly);
		if (hx != hy || lx != ly || (hx && memcmp(px, py, lx)))
			return 0;
		if (!hx)
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
