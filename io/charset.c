/* io/charset.c — see charset.h. */
#include "charset.h"
#include "../base/file.h"
#include "../base/mem.h"
#include "../base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>

void xp_charset_str(const xp_charset *cs, char *out, size_t n)
{
	switch (cs->how) {
	case XP_CS_UTF8: snprintf(out, n, "%s", cs->name); break;
	case XP_CS_BOM: snprintf(out, n, "%s (byte order mark)", cs->name); break;
	case XP_CS_DETECTED: snprintf(out, n, "%s (detected, confidence %d)", cs->name, cs->confidence); break;
	case XP_CS_FORCED: snprintf(out, n, "%s (as told)", cs->name); break;
	case XP_CS_DECLARED: snprintf(out, n, "%s (declared)", cs->name); break;
	}
}

/* UTF-16 to a malloc'd UTF-8 string; a leading U+FEFF (a BOM the converter
 * kept) is dropped. */
static int from_utf16(const char *name, const UChar *u, int32_t n, char **out, size_t *outlen, xp_err *err)
{
	if (n > 0 && u[0] == 0xFEFF)
		u++, n--;
	UErrorCode e = U_ZERO_ERROR;
	int32_t need = 0;
	u_strToUTF8(NULL, 0, &need, u, n, &e);
	if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e))
		return xp_failc(err, XP_EINPUT, name, 0, "cannot convert to UTF-8: %s", u_errorName(e));
	char *s = malloc((size_t)need + 1);
	if (!s)
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	e = U_ZERO_ERROR;
	u_strToUTF8(s, need + 1, NULL, u, n, &e);
	if (U_FAILURE(e)) {
		free(s);
		return xp_failc(err, XP_EINPUT, name, 0, "cannot convert to UTF-8: %s", u_errorName(e));
	}
	s[need] = '\0';
	*out = s;
	*outlen = (size_t)need;
	return 0;
}

static unsigned long lines_in(const UChar *u, size_t n)
{
	unsigned long l = 1;
	for (size_t i = 0; i < n; i++)
		l += u[i] == '\n';
	return l;
}

/* buf in charset cs to UTF-8.  Stops at the first byte sequence cs does
 * not define: converting it to U+FFFD would hide a wrong charset. */
static int convert(const char *name, const char *cs, const char *buf, size_t len, char **out, size_t *outlen,
		   xp_err *err)
{
	UErrorCode e = U_ZERO_ERROR;
	UConverter *cv = ucnv_open(cs, &e);
	if (U_FAILURE(e))
		return xp_failc(err, XP_EUSAGE, name, 0, "unknown encoding '%s'", cs);
	ucnv_setToUCallBack(cv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &e);
	/* no charset gives more UTF-16 units than bytes, but a few single-byte
	 * ones map a byte to two units: room for twice as many, grown if not */
	size_t cap = 0, n = 0;
	UChar *u = NULL;
	const char *src = buf, *end = buf + len;
	int rc = 0;
	for (;;) {
		if (xp_grow(&u, &cap, cap ? 2 * cap : 2 * len + 16, sizeof *u)) {
			rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
			break;
		}
		UChar *t = u + n;
		e = U_ZERO_ERROR;
		ucnv_toUnicode(cv, &t, u + cap, &src, end, NULL, 1, &e);
		n = (size_t)(t - u);
		if (e == U_BUFFER_OVERFLOW_ERROR)
			continue;
		if (U_FAILURE(e)) {
			char bad[8];
			int8_t nb = sizeof bad;
			UErrorCode e2 = U_ZERO_ERROR;
			ucnv_getInvalidChars(cv, bad, &nb, &e2);
			size_t at = (size_t)(src - buf) - (U_SUCCESS(e2) && nb > 0 ? (size_t)nb : 0);
			if (e == U_TRUNCATED_CHAR_FOUND)
				rc = xp_failc(err, XP_EINPUT, name, lines_in(u, n),
					      "the file ends inside a %s character (byte %zu)", cs, at + 1);
			else
				rc = xp_failc(err, XP_EINPUT, name, lines_in(u, n), "byte %zu is not %s", at + 1, cs);
			break;
		}
		break;
	}
	ucnv_close(cv);
	if (rc == 0)
		rc = from_utf16(name, u, (int32_t)n, out, outlen, err);
	free(u);
	return rc;
}

static const struct {
	const char *bom, *cs;
	size_t n;
} boms[] = {
	{"\xFF\xFE\x00\x00", "UTF-32LE", 4}, {"\x00\x00\xFE\xFF", "UTF-32BE", 4},
	{"\xEF\xBB\xBF", "UTF-8", 3},        {"\xFF\xFE", "UTF-16LE", 2},
	{"\xFE\xFF", "UTF-16BE", 2},
};

static unsigned long line_of(const char *buf, size_t at)
{
	unsigned long line = 1;
	for (size_t i = 0; i < at; i++)
		line += buf[i] == '\n';
	return line;
}

/* Lines with a byte above 0x7F, and of them those that are valid UTF-8. */
static void high_lines(const char *buf, size_t len, size_t *high, size_t *valid)
{
	*high = *valid = 0;
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n, bad;
	while (xp_lines_next(&it, &s, &n)) {
		size_t k = 0;
		while (k < n && !((unsigned char)s[k] & 0x80))
			k++;
		if (k == n)
			continue;
		++*high;
		*valid += xp_utf8_valid(s, n, &bad);
	}
}

/* Mostly UTF-8: of the lines with a byte above 0x7F, at least half are
 * valid UTF-8 (and so hold a multi-byte character).  A file in a legacy
 * charset is rarely valid UTF-8 by accident beyond a line of one or two
 * characters here and there (GB18030 text about one line in ten, at
 * most); a UTF-8 file with a word in another charset is valid but for
 * that line. */
static int mixed(const char *buf, size_t len)
{
	size_t high, valid;
	high_lines(buf, len, &high, &valid);
	return high > valid && valid >= high - valid;
}

/* ICU's detector (ucsdet): the likeliest charset the whole file converts
 * from without a byte it does not define; with wide, only UTF-16 and
 * UTF-32 are taken.  0 (*out, *cs filled), 1 when none fits, or XP_ENOMEM. */
static int detect(const char *name, const char *buf, size_t len, int wide, char **out, size_t *outlen,
		  xp_charset *cs, xp_err *err)
{
	UErrorCode e = U_ZERO_ERROR;
	UCharsetDetector *d = ucsdet_open(&e);
	if (U_FAILURE(e))
		return xp_failc(err, XP_ENOMEM, name, 0, "cannot open ICU's charset detector: %s", u_errorName(e));
	ucsdet_setText(d, buf, (int32_t)len, &e);
	int32_t nm = 0;
	const UCharsetMatch **m = ucsdet_detectAll(d, &nm, &e);
	int rc = 1;
	for (int32_t k = 0; U_SUCCESS(e) && k < nm && rc == 1; k++) {
		UErrorCode e2 = U_ZERO_ERROR;
		const char *cname = ucsdet_getName(m[k], &e2);
		int conf = ucsdet_getConfidence(m[k], &e2);
		if (U_FAILURE(e2) || !cname || !strcmp(cname, "UTF-8") || conf < 10 ||
		    (wide && strncmp(cname, "UTF-", 4)))
			continue;
		xp_err tmp;
		int r = convert(name, cname, buf, len, out, outlen, &tmp);
		if (r == 0) {
			snprintf(cs->name, sizeof cs->name, "%s", cname);
			cs->how = XP_CS_DETECTED;
			cs->confidence = conf;
			rc = 0;
		} else if (r == XP_ENOMEM) {
			*err = tmp;
			rc = r;
		}
	}
	ucsdet_close(d);
	return rc;
}

/* The charset the user named (--encoding, --tgt-encoding).  Two mistakes
 * are said rather than taken: a UTF-8 file named in a legacy charset
 * (every line with a non-ASCII byte valid UTF-8, three such lines or
 * more: a file in cp1251 or GB18030 is not, beyond a short line or two)
 * went through as mojibake with "as told" and exit 0; and a file that
 * is not in the charset named stopped at "byte N is not X", without what
 * it is.  Both say what the file reads as and that leaving the charset
 * out has it detected.  A file the charset fits is read as told, even one
 * that is mostly UTF-8 (a line in another charset: the user decides). */
static int forced(const char *name, const char *buf, size_t len, const char *force, char **out, size_t *outlen,
		  xp_err *err)
{
	size_t high, valid, bad;
	int utf8 = !ucnv_compareNames(force, "UTF-8");
	UErrorCode ue = U_ZERO_ERROR;
	UConverter *cv = ucnv_open(force, &ue);   /* a name ICU knows: else convert says so */
	ucnv_close(cv);
	/* valid == high says the whole file is UTF-8: no second pass over it.
	 * xp_lines cuts the file into a leading BOM (EF BB BF, itself a whole
	 * UTF-8 character, U+FEFF), lines, and between them "\n" or "\r\n"
	 * (ASCII, each a character of its own).  A valid line ends at a
	 * character's end, and a character is decoded from its lead byte and
	 * its own trail bytes only, so the file decodes as its pieces do, one
	 * after another: every line valid (those without a byte above 0x7F
	 * are, trivially) makes the file valid.  tests/unit/test_charset.c
	 * checks it on random files of such pieces and of broken sequences. */
	high_lines(buf, len, &high, &valid);
	if (U_SUCCESS(ue) && !utf8 && high >= 3 && valid == high && !memchr(buf, '\0', len))
		return xp_failc(err, XP_EINPUT, name, 0,
				"the file is UTF-8 (its %zu lines with non-ASCII characters all are), not %s as "
				"told: leave the charset out to have it detected", high, force);
	int rc = convert(name, force, buf, len, out, outlen, err);
	if (rc != XP_EINPUT)
		return rc;
	/* what it reads as, where the detector can tell */
	char *o2 = NULL;
	size_t n2 = 0;
	xp_charset cs = {0};
	xp_err tmp;
	const char *seen = NULL;
	char found[64];
	if (!memchr(buf, '\0', len) && xp_utf8_valid(buf, len, &bad))
		seen = "UTF-8";
	else if (detect(name, buf, len, 0, &o2, &n2, &cs, &tmp) == 0) {
		snprintf(found, sizeof found, "%s", cs.name);
		seen = found;
	}
	free(o2);
	if (!seen || !err)
		return rc;
	char msg[sizeof err->msg];
	snprintf(msg, sizeof msg, "%s", err->msg);
	unsigned long line = err->line;
	return xp_failc(err, XP_EINPUT, name, line,
			"%s (the charset given); the file reads as %s: leave the charset out to have it detected", msg,
			seen);
}

int xp_to_utf8(const char *name, const char *buf, size_t len, const char *force, char **out,
	       size_t *outlen, xp_charset *cs, xp_err *err)
{
	*out = NULL;
	*outlen = len;
	memset(cs, 0, sizeof *cs);
	cs->confidence = 100;
	if (len > INT32_MAX)
		return xp_failc(err, XP_EINPUT, name, 0, "too large for a subtitle file");
	if (force) {
		snprintf(cs->name, sizeof cs->name, "%s", force);
		cs->how = XP_CS_FORCED;
		return forced(name, buf, len, force, out, outlen, err);
	}
	for (size_t k = 0; k < sizeof boms / sizeof *boms; k++) {
		if (len < boms[k].n || memcmp(buf, boms[k].bom, boms[k].n))
			continue;
		snprintf(cs->name, sizeof cs->name, "%s", boms[k].cs);
		cs->how = XP_CS_BOM;
		size_t bad;
		if (!strcmp(boms[k].cs, "UTF-8") && xp_utf8_valid(buf, len, &bad)) {
			cs->how = XP_CS_UTF8;   /* nothing to convert: the line reader skips the BOM */
			return 0;
		}
		return convert(name, boms[k].cs, buf + boms[k].n, len - boms[k].n, out, outlen, err);
	}
	size_t bad;
	const char *nul = memchr(buf, '\0', len);
	if (xp_utf8_valid(buf, len, &bad) && !nul) {
		snprintf(cs->name, sizeof cs->name, "UTF-8");
		return 0;
	}
	/* NUL bytes are valid UTF-8, but no subtitle or transcript holds one:
	 * an ASCII text in UTF-16 without a byte order mark is "valid UTF-8"
	 * with every other byte NUL, and read as such aligned nothing.  Only a
	 * UTF-16 or UTF-32 reading of it is taken. */
	int rc;
	if (nul && (rc = detect(name, buf, len, 1, out, outlen, cs, err)) == 1)
		return xp_failc(err, XP_EINPUT, name, line_of(buf, (size_t)(nul - buf)),
				"byte %zu is a NUL: not a text file, or UTF-16/UTF-32 without a byte order mark that "
				"could not be told; give the charset with --encoding", (size_t)(nul - buf) + 1);
	if (nul)
		return rc;
	/* UTF-8 but for a few bytes: one word pasted from a GBK file made the
	 * detector read the whole file as windows-1252, silently garbled.
	 * Refused, at the first bad byte's line, unless the charset is named. */
	if (mixed(buf, len))
		return xp_failc(err, XP_EINPUT, name, line_of(buf, bad),
				"byte %zu is not UTF-8, though the rest of the file is: mixed charsets? "
				"Give the file's charset with --encoding to read it all in one, or fix the line",
				bad + 1);
	/* Not UTF-8: ask ICU's detector */
	rc = detect(name, buf, len, 0, out, outlen, cs, err);
	if (rc == 1)
		return xp_failc(err, XP_EINPUT, name, line_of(buf, bad),
				"byte %zu is not UTF-8 and no charset ICU knows fits the file: give it with --encoding",
				bad + 1);
	return rc;
}

int xp_to_simplified(const char *name, const char *s, size_t n, char **out, size_t *outlen, xp_err *err)
{
	*out = NULL;
	if (n > INT32_MAX / 4)
		return xp_failc(err, XP_EINPUT, name, 0, "too large to transliterate");
	UErrorCode e = U_ZERO_ERROR;
	UChar id[32];
	u_uastrcpy(id, "Traditional-Simplified");
	UTransliterator *t = utrans_openU(id, -1, UTRANS_FORWARD, NULL, 0, NULL, &e);
	if (U_FAILURE(e))
		return xp_failc(err, XP_ENOMEM, name, 0, "cannot open ICU's Traditional-Simplified transliterator: %s",
				u_errorName(e));
	int32_t n16 = 0;
	u_strFromUTF8Lenient(NULL, 0, &n16, s, (int32_t)n, &e);
	e = U_ZERO_ERROR;
	/* the transliterator may lengthen the text: room for twice, and again
	 * from the start if that was not enough */
	int rc = 0;
	for (int32_t cap = n16 * 2 + 16;; cap *= 2) {
		UChar *u = malloc((size_t)cap * sizeof *u);
		if (!u) {
			rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
			break;
		}
		e = U_ZERO_ERROR;
		u_strFromUTF8Lenient(u, cap, &n16, s, (int32_t)n, &e);
		int32_t len = n16, limit = n16;
		utrans_transUChars(t, u, &len, cap, 0, &limit, &e);
		if (e == U_BUFFER_OVERFLOW_ERROR && cap < INT32_MAX / 4) {
			free(u);
			continue;
		}
		rc = U_FAILURE(e) ? xp_failc(err, XP_EINPUT, name, 0, "cannot transliterate: %s", u_errorName(e))
				  : from_utf16(name, u, len, out, outlen, err);
		free(u);
		break;
	}
	utrans_close(t);
	return rc;
}
