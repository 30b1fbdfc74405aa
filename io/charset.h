/*
 * io/charset.h — the bytes of a subtitle file as UTF-8, and Traditional to
 * Simplified Chinese.
 *
 * Fansubs come in whatever the subtitler's system wrote: GB18030 or Big5
 * for Chinese, Windows-1256 for Farsi, UTF-16 with or without a byte order
 * mark.  xp_to_utf8 decides what the bytes are — a byte order mark, else
 * valid UTF-8 as it is, else ICU's charset detector (ucsdet) — and converts
 * them with ICU (ucnv), refusing bytes that are not in the chosen charset
 * rather than guessing at them.  It says what it decided and how, so that
 * the tools can tell the user (a wrong guess is then visible, and
 * --encoding overrides it).
 */
#ifndef XP_CHARSET_H
#define XP_CHARSET_H

#include "../base/error.h"

#include <stddef.h>

typedef enum {
	XP_CS_UTF8,       /* valid UTF-8 (ASCII included, a BOM or not), used as it is */
	XP_CS_BOM,        /* a byte order mark said so */
	XP_CS_DETECTED,   /* ICU's detector chose it (confidence 0-100) */
	XP_CS_FORCED,     /* the caller named it */
	XP_CS_DECLARED,   /* the file declared it (an XML declaration) */
} xp_cs_how;

typedef struct xp_charset {
	char name[32];    /* ICU's name: "UTF-8", "UTF-16LE", "GB18030", "Big5", "windows-1256" */
	xp_cs_how how;
	int confidence;   /* the detector's, for XP_CS_DETECTED; else 100 */
} xp_charset;

/* "GB18030 (detected, confidence 100)", "UTF-16LE (byte order mark)" */
void xp_charset_str(const xp_charset *cs, char *out, size_t n);

/* buf[0..len) as UTF-8: *out is NULL when buf is UTF-8 already (without a
 * BOM: use buf itself), else a malloc'd, NUL-terminated copy of *outlen
 * bytes.  force names the charset (any name ICU knows: "GB18030", "big5",
 * "cp1256", "UTF-16"), or is NULL to decide as above.  Bytes the charset
 * cannot hold are an XP_EINPUT error at their line; an unknown name is
 * XP_EUSAGE; a file no charset fits is XP_EINPUT asking for --encoding. */
int xp_to_utf8(const char *name, const char *buf, size_t len, const char *force, char **out,
	       size_t *outlen, xp_charset *cs, xp_err *err);

/* s[0..n) (UTF-8) with Traditional Chinese characters made Simplified by
 * ICU's "Traditional-Simplified" transliterator: a malloc'd, NUL-terminated
 * copy in *out. */
int xp_to_simplified(const char *name, const char *s, size_t n, char **out, size_t *outlen,
		     xp_err *err);

#endif
