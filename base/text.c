/* base/text.c — see text.h. */
#include "text.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

size_t xp_utf8_count(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

int xp_utf8_valid(const char *s, size_t n, size_t *bad)
{
	const uint8_t *u = (const uint8_t *)s;
	/* ICU's U8_NEXT wants int32_t lengths; walk long strings in pieces by
	 * ASCII fast path first, which is nearly all of CoNLL input. */
	size_t i = 0;
	while (i < n) {
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		int32_t j = 0, len = (int32_t)(n - i > 8 ? 8 : n - i);
		UChar32 c;
		U8_NEXT(u + i, j, len, c);
		if (c < 0) {
			if (bad)
				*bad = i;
			return 0;
		}
		i += (size_t)j;
	}
	return 1;
}

size_t xp_utf8_repair(const char *s, size_t n, char *out)
{
	const uint8_t *u = (const uint8_t *)s;
	size_t i = 0, o = 0;
	while (i < n) {
		int32_t j = 0, len = (int32_t)(n - i > 8 ? 8 : n - i);
		UChar32 c;
		U8_NEXT(u + i, j, len, c);
		if (c < 0) {
			memcpy(out + o, "\xEF\xBF\xBD", 3);
			o += 3;
		} else {
			memcpy(out + o, s + i, (size_t)j);
			o += (size_t)j;
		}
		i += (size_t)j;
	}
	return o;
}

long long xp_parse_uint(xp_str s)
{
	if (s.n == 0 || s.n > 18)
		return -1;
	long long v = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return -1;
		v = v * 10 + (s.p[i] - '0');
	}
	return v;
}

int xp_str_eq(xp_str s, const char *lit)
{
	size_t k = strlen(lit);
	return s.n == k && memcmp(s.p, lit, k) == 0;
}

int xp_word_in(const char *w, const char *const *set)
{
	for (size_t k = 0; w && set[k]; k++)
		if (!strcasecmp(w, set[k]))
			return 1;
	return 0;
}

int xp_next_field(const char *s, size_t n, size_t *pos, xp_str *f)
{
	size_t k = *pos;
	while (k < n && xp_is_blank(s[k]))
		k++;
	size_t b = k;
	while (k < n && !xp_is_blank(s[k]))
		k++;
	*pos = k;
	*f = (xp_str){s + b, k - b};
	return k > b;
}

xp_str xp_trim(xp_str s)
{
	while (s.n && xp_is_blank(*s.p))
		s.p++, s.n--;
	while (s.n && xp_is_blank(s.p[s.n - 1]))
		s.n--;
	return s;
}

size_t xp_escape_next(const char *s, size_t n, size_t *i, char out[XP_ESC_MAX])
{
	const uint8_t *u = (const uint8_t *)s + *i;
	int32_t j = 0, len = (int32_t)(n - *i > 8 ? 8 : n - *i);
	UChar32 c;
	U8_NEXT(u, j, len, c);
	int k;
	if (c < 0) {
		j = 1;   /* each ill-formed byte on its own, so none is lost */
		k = snprintf(out, XP_ESC_MAX, "\\x%02x", u[0]);
	} else if ((c < 0x20 && c != '\t') || c == 0x7f) {   /* a tab is harmless, and map lines hold them */
		k = snprintf(out, XP_ESC_MAX, "\\x%02x", (unsigned)c);
	} else if ((c >= 0x80 && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) {
		k = snprintf(out, XP_ESC_MAX, "\\u%04x", (unsigned)c);
	} else {
		memcpy(out, u, (size_t)j);
		out[j] = '\0';
		k = j;
	}
	*i += (size_t)j;
	return (size_t)k;
}

char *xp_quote(char *out, size_t size, const char *s, size_t n)
{
	static const char more[] = "\xE2\x80\xA6";   /* … */
	size_t o = 0, i = 0, cut = 0;   /* cut: the last end "…" still fits after */
	if (!size)
		return out;
	while (i < n) {
		char e[XP_ESC_MAX];
		size_t l = xp_escape_next(s, n, &i, e);
		if (o + l > size - 1) {
			if (cut + sizeof more - 1 <= size - 1)
				memcpy(out + cut, more, sizeof more - 1), o = cut + sizeof more - 1;
			else
				o = cut;
			break;
		}
		memcpy(out + o, e, l);
		o += l;
		if (o + sizeof more - 1 <= size - 1)
			cut = o;
	}
	out[o] = '\0';
	return out;
}

int xp_apostrophe(uint32_t c)
{
	return c == 0x2019 || c == 0x2018 || c == 0x02BC || c == 0x0060 || c == 0x00B4 || c == 0x2032;
}

int xp_utf8_fold(const char *s, size_t n, char *out, size_t cap)
{
	/* a token, a name's form: short; a longer one is not folded (the
	 * caller compares it as it is) */
	enum { MAX = 256 };
	UChar a[MAX], b[MAX * 4];
	int32_t na = 0, nb, no = 0;
	UErrorCode e = U_ZERO_ERROR;
	const UNormalizer2 *nz = unorm2_getNFKCCasefoldInstance(&e);
	if (U_FAILURE(e) || n > MAX || !cap)
		return -1;
	u_strFromUTF8(a, MAX, &na, s, (int32_t)n, &e);
	if (U_FAILURE(e) || na > MAX)
		return -1;
	/* as align/norm.c xp_norm_token: before NFKC, which makes an acute
	 * accent a space and a combining mark */
	for (int32_t i = 0; i < na; i++)
		if (xp_apostrophe(a[i]))
			a[i] = '\'';
	nb = unorm2_normalize(nz, a, na, b, MAX * 4, &e);
	if (U_FAILURE(e))
		return -1;
	for (int32_t i = 0; i < nb; i++)
		if (b[i] >= 0x80 && u_charType(b[i]) == U_DECIMAL_DIGIT_NUMBER)
			b[i] = (UChar)('0' + u_charDigitValue(b[i]));
	u_strToUTF8(out, (int32_t)(cap > INT32_MAX ? INT32_MAX : cap), &no, b, nb, &e);
	if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING || (size_t)no >= cap)
		return -1;
	return no;
}
