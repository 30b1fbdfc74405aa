/* model/script.c — see script.h. */
#include "script.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

/* 1 if letter ch (of script sc) is kept apart in the counter: outside
 * ASCII, and not of the scripts of thousands of letters (Han, kana,
 * Hangul), which no pack tells apart by letters */
static int kept_apart(UChar32 ch, UScriptCode sc)
{
	return ch >= 0x80 && sc != USCRIPT_HAN && sc != USCRIPT_HIRAGANA && sc != USCRIPT_KATAKANA &&
	       sc != USCRIPT_HANGUL;
}

/* the slot of letter ch in c->letter (open addressing), or
 * XP_SCRIPT_LETTERS if the table is full and ch is not in it; a new slot
 * has cp 0 */
static size_t slot(const xp_script_counter *c, uint32_t ch)
{
	size_t h = (ch * 2654435761u) % XP_SCRIPT_LETTERS;
	for (size_t k = 0; k < XP_SCRIPT_LETTERS; k++, h = (h + 1) % XP_SCRIPT_LETTERS)
		if (c->letter[h].cp == ch || c->letter[h].cp == 0)
			return h;
	return XP_SCRIPT_LETTERS;
}

void xp_script_count(xp_script_counter *c, const char *s, size_t n)
{
	int32_t i = 0, len = (int32_t)n;
	while (i < len) {
		UChar32 ch;
		U8_NEXT((const uint8_t *)s, i, len, ch);
		if (ch < 0 || !u_isalpha(ch))
			continue;
		UErrorCode e = U_ZERO_ERROR;
		UScriptCode sc = uscript_getScript(ch, &e);
		if (U_FAILURE(e) || sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED || sc < 0 || sc >= 256)
			continue;
		c->by_script[sc]++;
		/* kana tell Japanese from Han */
		c->kana += sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA;
		if (kept_apart(ch, sc)) {
			size_t h = slot(c, (uint32_t)ch);
			if (h < XP_SCRIPT_LETTERS)
				c->letter[h].cp = (uint32_t)ch, c->letter[h].n++;
		}
	}
}

void xp_script_tally(const xp_script_counter *c, xp_script_guess *g)
{
	size_t total = 0, best = 0;
	int sc = -1;
	for (int k = 0; k < 256; k++) {
		total += c->by_script[k];
		if (c->by_script[k] > best)
			best = c->by_script[k], sc = k;
	}
	/* Japanese mixes Han and kana: kana anywhere near Han's count decide */
	if ((sc == USCRIPT_HAN || sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA) && c->kana * 5 > total)
		sc = USCRIPT_JAPANESE, best = c->by_script[USCRIPT_HAN] + c->kana;
	g->letters = total;
	g->share = total ? (double)best / total : 0;
	g->script = sc < 0 ? "" : sc == USCRIPT_JAPANESE ? "Japanese" : uscript_getName((UScriptCode)sc);
	g->lang = "";
	if (!g->script)
		g->script = "";
}

size_t xp_script_letters(const xp_script_counter *c, const char *letters)
{
	size_t n = 0;
	int32_t i = 0, len = letters ? (int32_t)strlen(letters) : 0;
	while (i < len) {
		UChar32 ch;
		U8_NEXT((const uint8_t *)letters, i, len, ch);
		if (ch <= 0)
			continue;
		UErrorCode e = U_ZERO_ERROR;
		UScriptCode sc = uscript_getScript(ch, &e);
		if (U_FAILURE(e) || !kept_apart(ch, sc))
			continue;
		size_t h = slot(c, (uint32_t)ch);
		if (h < XP_SCRIPT_LETTERS && c->letter[h].cp == (uint32_t)ch)
			n += c->letter[h].n;
	}
	return n;
}

int xp_script_writes(const char *script, const char *lang)
{
	UErrorCode st = U_ZERO_ERROR;
	UScriptCode want[8];
	int n = uscript_getCode(lang, want, 8, &st);
	int have = u_getPropertyValueEnum(UCHAR_SCRIPT, script);
	if (U_FAILURE(st) || n <= 0 || have == UCHAR_INVALID_CODE)
		return 1;
	for (int k = 0; k < n; k++)
		if (want[k] == have)
			return 1;
	return 0;
}

int xp_script_fits(const xp_script_guess *g, const char *lang)
{
	return !lang || !lang[0] || g->letters < 20 || g->share < 0.8 || !g->lang[0] || xp_script_writes(g->script, lang);
}
