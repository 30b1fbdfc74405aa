/* model/tokenize.c — see tokenize.h.  ICU works on UTF-16, so the text goes
 * through a UTF-16 copy with a map from each UTF-16 unit back to its byte. */
#include "tokenize.h"
#include "charspan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

static int push(xp_tok **out, uint32_t *n, size_t *cap, uint32_t off, uint32_t len)
{
	if (xp_grow(out, cap, (size_t)*n + 1, sizeof **out))
		return -1;
	(*out)[(*n)++] = (xp_tok){off, len};
	return 0;
}

/* every character (charspan.h) a token */
static int chars(const char *s, size_t n, xp_tok **out, uint32_t *ntok, size_t *cap)
{
	size_t i = 0, a;
	while (xp_char_next(s, n, &i, &a))
		if (push(out, ntok, cap, (uint32_t)a, (uint32_t)(i - a)))
			return -1;
	return 0;
}

/* 1 if the UTF-16 units u[a..b) are blanks only: a word break segment that
 * is no token (a space, or a ZWNJ or bidi mark alone after one) */
static int blanks_only(const UChar *u, int32_t a, int32_t b)
{
	while (a < b) {
		UChar32 c;
		U16_NEXT(u, a, b, c);
		if (!xp_char_blank(c))
			return 0;
	}
	return 1;
}

int xp_tokenize(const char *s, size_t n, xp_tok_mode mode, const char *locale, xp_tok **out,
		uint32_t *ntok, size_t *cap)
{
	*ntok = 0;
	if (mode == XP_TOK_CHARS)
		return chars(s, n, out, ntok, cap);
	UChar *u = malloc((n + 1) * sizeof *u);
	uint32_t *byte = malloc((n + 2) * sizeof *byte);
	int rc = -1;
	UBreakIterator *bi = NULL;
	if (!u || !byte)
		goto out;
	/* UTF-8 -> UTF-16 by hand, remembering where each unit came from */
	int32_t nu = 0;
	for (size_t i = 0; i < n;) {
		int32_t j = 0, len = (int32_t)(n - i > 8 ? 8 : n - i);
		UChar32 c;
		U8_NEXT((const uint8_t *)s + i, j, len, c);
		if (c < 0)
			c = 0xFFFD;
		byte[nu] = (uint32_t)i;
		if (c > 0xFFFF) {
			u[nu++] = U16_LEAD(c);
			byte[nu] = (uint32_t)i;
			u[nu++] = U16_TRAIL(c);
		} else {
			u[nu++] = (UChar)c;
		}
		i += (size_t)j;
	}
	byte[nu] = (uint32_t)n;
	UErrorCode e = U_ZERO_ERROR;
	bi = ubrk_open(UBRK_WORD, locale ? locale : "", u, nu, &e);
	if (U_FAILURE(e))
		goto out;
	int32_t a = ubrk_first(bi);
	for (int32_t b = ubrk_next(bi); b != UBRK_DONE; a = b, b = ubrk_next(bi))
		if (!blanks_only(u, a, b) && push(out, ntok, cap, byte[a], byte[b] - byte[a]))
			goto out;
	rc = 0;
out:
	if (bi)
		ubrk_close(bi);
	free(u);
	free(byte);
	return rc;
}

xp_utt *xp_doc_add_utt_text(xp_corpus *c, xp_doc *d, const char *speaker, const char *text,
			    const xp_tok *toks, uint32_t n)
{
	if (xp_grow(&d->utts, &d->cap_utts, d->nutts + 1, sizeof *d->utts))
		return NULL;
	xp_utt *u = &d->utts[d->nutts];
	memset(u, 0, sizeof *u);
	u->text = xp_arena_strdup(&c->arena, text);
	u->speaker = xp_arena_strdup(&c->arena, speaker ? speaker : "");
	u->toks = xp_arena_alloc(&c->arena, (n ? n : 1) * sizeof *toks);
	if (!u->text || !u->speaker || !u->toks)
		return NULL;
	if (n)
		memcpy(u->toks, toks, n * sizeof *toks);
	u->ntoks = n;
	d->nutts++;
	return u;
}

/* a Line_Break class of punctuation between words (tokenize.h XP_PUNCT_CLAUSE) */
static int clause_lb(int32_t lb)
{
	switch (lb) {
	case U_LB_OPEN_PUNCTUATION: case U_LB_CLOSE_PUNCTUATION: case U_LB_CLOSE_PARENTHESIS:
	case U_LB_QUOTATION: case U_LB_EXCLAMATION: case U_LB_INFIX_NUMERIC: case U_LB_HYPHEN:
	case U_LB_BREAK_AFTER: case U_LB_BREAK_BOTH: case U_LB_INSEPARABLE: case U_LB_NONSTARTER:
		return 1;
	default:
		return 0;
	}
}

int xp_punct_only(const char *s, size_t n, unsigned what)
{
	int32_t i = 0, len = (int32_t)n;
	if (!n || n > INT32_MAX)
		return 0;
	while (i < len) {
		UChar32 c;
		U8_NEXT((const uint8_t *)s, i, len, c);
		if (c < 0)
			return 0;
		int32_t gc = (int32_t)U_GET_GC_MASK(c);
		if ((what & XP_PUNCT_SYMBOLS) && (gc & U_GC_S_MASK))
			continue;
		if (!(gc & U_GC_P_MASK))
			return 0;
		if ((what & XP_PUNCT_CLAUSE) && !clause_lb(u_getIntPropertyValue(c, UCHAR_LINE_BREAK)))
			return 0;
		if ((what & XP_PUNCT_NO_QUOTES) &&
		    ((gc & (U_GC_PS_MASK | U_GC_PE_MASK)) || u_hasBinaryProperty(c, UCHAR_QUOTATION_MARK)))
			return 0;
	}
	return 1;
}

int xp_is_punct(const char *s)
{
	return xp_punct_only(s, strlen(s), XP_PUNCT_SYMBOLS);
}
