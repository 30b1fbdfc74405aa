/* io/asides.c — see asides.h. */
#include "asides.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

void xp_asides_add(xp_asides *to, const xp_asides *v)
{
	to->notes += v->notes;
	to->songs += v->songs;
	to->cues += v->cues;
}

static int starts(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	return n >= k && !memcmp(s, lit, k);
}

/* ASCII letters compared without case */
static int starts_ci(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	if (n < k)
		return 0;
	for (size_t i = 0; i < k; i++) {
		char a = s[i], b = lit[i];
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (b >= 'A' && b <= 'Z')
			b = (char)(b - 'A' + 'a');
		if (a != b)
			return 0;
	}
	return 1;
}

/* A translator's note announces itself: T/N ... in English, the packs'
 * markers (notes, asides.h) in their languages. */
static int note_marker(const char *s, size_t n, const char *const *notes)
{
	static const char *const latin[] = {"T/N", "TN:", "TL:", "TL note", "N/T", "Translator"};
	while (n && *s == ' ')
		s++, n--;
	for (size_t k = 0; notes && notes[k]; k++)
		if (starts(s, n, notes[k]))
			return 1;
	for (size_t k = 0; k < sizeof latin / sizeof *latin; k++)
		if (starts_ci(s, n, latin[k]))
			return 1;
	return 0;
}

enum { BRACKET = 1, PAREN = 2 };

static const struct {
	const char *open, *close;
	int kind;
} pairs[] = {
	{"[", "]", BRACKET},
	{"\xE3\x80\x90", "\xE3\x80\x91", BRACKET},   /* 【 】 */
	{"\xE3\x80\x94", "\xE3\x80\x95", BRACKET},   /* 〔 〕 */
	{"\xEF\xBC\xBB", "\xEF\xBC\xBD", BRACKET},   /* ［ ］ */
	{"(", ")", PAREN},
	{"\xEF\xBC\x88", "\xEF\xBC\x89", PAREN},     /* （ ） */
};

/* The pair opening at s, or -1. */
static int opener(const char *s, size_t n)
{
	for (int k = 0; k < (int)(sizeof pairs / sizeof *pairs); k++)
		if (starts(s, n, pairs[k].open))
			return k;
	return -1;
}

/* Length of s up to and including the closer of pair k (nested pairs of
 * the same kind skipped), 0 when it does not close on the line. */
static size_t closed(const char *s, size_t n, int k)
{
	size_t lo = strlen(pairs[k].open), lc = strlen(pairs[k].close);
	int depth = 0;
	for (size_t i = 0; i < n;) {
		if (starts(s + i, n - i, pairs[k].open))
			depth++, i += lo;
		else if (starts(s + i, n - i, pairs[k].close)) {
			i += lc;
			if (--depth == 0)
				return i;
		} else
			i++;
	}
	return 0;
}

static size_t song_mark(const char *s, size_t n)
{
	/* ♩ ♪ ♫ ♬ */
	if (n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x99 &&
	    (unsigned char)s[2] >= 0xA9 && (unsigned char)s[2] <= 0xAC)
		return 3;
	return 0;
}

/* what s[0..n) holds: letters of a non-Latin script, Latin capitals,
 * Latin small letters */
static void letters(const char *s, size_t n, int *other, int *upper, int *lower)
{
	*other = *upper = *lower = 0;
	for (int32_t i = 0; i < (int32_t)n;) {
		UChar32 c;
		U8_NEXT((const uint8_t *)s, i, (int32_t)n, c);
		if (c < 0 || !u_isalpha(c))
			continue;
		UErrorCode e = U_ZERO_ERROR;
		UScriptCode sc = uscript_getScript(c, &e);
		if (sc != USCRIPT_LATIN && sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED)
			(*other)++;
		else if (u_isupper(c))
			(*upper)++;
		else if (u_islower(c))
			(*lower)++;
	}
}

/* Length of the punctuation mark at s that may follow a word, 0 if none. */
static size_t punct(const char *s, size_t n)
{
	static const char *const wide[] = {"。", "！", "？", "，", "、", "…", "”", "’"};
	if (n && s[0] && strchr(".,!?;:\"'", s[0]))
		return 1;
	for (size_t k = 0; k < sizeof wide / sizeof *wide; k++)
		if (starts(s, n, wide[k]))
			return strlen(wide[k]);
	return 0;
}

/* Only blanks and punctuation: a parenthesis before them ends the line
 * ("Hi (laughs)."). */
static int trailing_punct(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k)
		if (!(k = s[i] == ' ' ? 1 : punct(s + i, n - i)))
			return 0;
	return 1;
}

/* "JOEY:", "MAN #2:" opening a line: the label's length with the colon
 * and the blanks after it, 0 if none.  Three capitals at least, no small
 * letter, and words after it. */
static size_t speaker_label(const char *s, size_t n)
{
	size_t i = 0, caps = 0;
	while (i < n && i < 32 && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
				   (s[i] && strchr(" .'#-", s[i]))))
		caps += s[i] >= 'A' && s[i] <= 'Z', i++;
	if (caps < 3 || i >= n || s[i] != ':' || (i + 1 < n && s[i + 1] != ' '))
		return 0;
	i++;
	while (i < n && s[i] == ' ')
		i++;
	return i < n ? i : 0;
}

static int has_alnum(const char *s, size_t n)
{
	for (int32_t i = 0; i < (int32_t)n;) {
		UChar32 c;
		U8_NEXT((const uint8_t *)s, i, (int32_t)n, c);
		if (c >= 0 && u_isalnum(c))
			return 1;
	}
	return 0;
}

static size_t lead_dash(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '-'))
		i++;
	return i;
}

/* The first bytes of everything an aside can start with: brackets and
 * parentheses ('[', '(', and the lead bytes of 【 〔 ［ （ ♪), '*' and '#'.
 * Most lines hold none and are copied as they are. */
static int hot(unsigned char b)
{
	return b == '[' || b == '(' || b == '*' || b == '#' || b == 0xE2 || b == 0xE3 || b == 0xEF;
}

/* b may open a note marker: the first byte of one of notes, or of the
 * English ones (T/N, N/T) */
static int note_lead(unsigned char b, const char *const *notes)
{
	if (b == 'T' || b == 't' || b == 'N' || b == 'n')
		return 1;
	for (size_t k = 0; notes && notes[k]; k++)
		if ((unsigned char)notes[k][0] == b)
			return 1;
	return 0;
}

int xp_strip_asides(const char *s, size_t n, const char *const *notes, xp_buf *out, xp_asides *c)
{
	size_t base = out->n, d = lead_dash(s, n);
	if (d < n && note_lead((unsigned char)s[d], notes) && note_marker(s + d, n - d, notes)) {
		c->notes++;
		return 1;
	}
	size_t stars = 0, nhot = 0;
	for (size_t i = 0; i < n; i++)
		stars += s[i] == '*', nhot += hot((unsigned char)s[i]);
	size_t lab = d < n && s[d] >= 'A' && s[d] <= 'Z' ? speaker_label(s + d, n - d) : 0;
	if (!nhot && !lab) {
		xp_buf_add(out, s, n);
		return 0;
	}
	/* where the line's words start and end, for markers at either end */
	size_t first = d, last = n;
	while (last > first && s[last - 1] == ' ')
		last--;
	int removed = 0, song = 0, at_start = 1;
	xp_buf_add(out, s, d);
	size_t i = d;
	if (lab) {
		c->cues++, removed = 1;
		i += lab;
	}
	while (i < n) {
		if (!hot((unsigned char)s[i])) {
			at_start &= s[i] == ' ' || s[i] == '-';
			xp_buf_putc(out, s[i++]);
			continue;
		}
		size_t m = song_mark(s + i, n - i);
		int edge = i == first || i + 1 == last;
		if (!m && ((s[i] == '*' && (stars >= 2 || edge)) || (s[i] == '#' && edge)))
			m = 1;
		int k = m ? -1 : opener(s + i, n - i);
		size_t span = k >= 0 ? closed(s + i, n - i, k) : 0;
		if (span) {
			const char *in = s + i + strlen(pairs[k].open);
			size_t inn = span - strlen(pairs[k].open) - strlen(pairs[k].close);
			int other, upper, lower, note = note_marker(in, inn, notes);
			letters(in, inn, &other, &upper, &lower);
			int go = pairs[k].kind == BRACKET || note || at_start || (upper >= 2 && !lower) ||
				 trailing_punct(s + i + span, n - i - span);
			if (go) {
				if (note || other)
					c->notes++;
				else
					c->cues++;
				m = span;
			}
		} else if (m) {
			song = 1;
		}
		if (!m) {
			at_start &= s[i] == ' ' || s[i] == '-';
			xp_buf_putc(out, s[i++]);
			continue;
		}
		/* one blank where the aside was between words, none before
		 * punctuation or at either end */
		int blank = (out->n > base && out->p[out->n - 1] == ' ') || (i + m < n && s[i + m] == ' ');
		while (out->n > base && out->p[out->n - 1] == ' ')
			out->n--;
		i += m;
		while (i < n && s[i] == ' ')
			i++;
		if (blank && out->n > base && i < n && !punct(s + i, n - i))
			xp_buf_putc(out, ' ');
		removed = 1;
	}
	c->songs += song;
	removed |= song;
	if (removed) {
		while (out->n > base && out->p[out->n - 1] == ' ')
			out->n--;
		/* out->p is NULL when the buffer could never grow (out of memory):
		 * NULL + 0 is undefined, and there is nothing to look at anyway */
		if (!out->p || !has_alnum(out->p + base, out->n - base))
			out->n = base;
	}
	return removed;
}
