/* model/script.c — see script.h. */
#include "script.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

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
		/* letters that tell Persian from Arabic, and kana from Han */
		c->persian += ch == 0x067E || ch == 0x0686 || ch == 0x0698 || ch == 0x06AF || ch == 0x06CC ||
			      ch == 0x06A9;
		c->arabic += ch == 0x064A || ch == 0x0643 || ch == 0x0629;
		c->kana += sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA;
	}
}

void xp_script_result(const xp_script_counter *c, xp_script_guess *g)
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
	if (sc == USCRIPT_HAN)
		g->lang = "zh";
	else if (sc == USCRIPT_JAPANESE)
		g->lang = "ja";
	else if (sc == USCRIPT_ARABIC)
		g->lang = c->persian >= c->arabic ? "fa" : "ar";
	else if (sc == USCRIPT_HANGUL)
		g->lang = "ko";
	if (!g->script)
		g->script = "";
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

int xp_lang_unspaced(const char *lang)
{
	static const char *const v[] = {"zh", "ja", "th", "lo", "km", "my"};
	if (!lang)
		return 0;
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		if (!strncmp(lang, v[k], 2) && (!lang[2] || lang[2] == '-' || lang[2] == '_'))
			return 1;
	return 0;
}
