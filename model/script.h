/*
 * model/script.h — which writing system a text is in, and the language that
 * most likely goes with it, so that no command has to assume one.
 *
 * Letters are counted by their ICU script (Common and Inherited characters,
 * digits and punctuation do not count); the script with most letters wins.
 * Han is Chinese unless kana make it Japanese; Arabic script is Farsi when
 * the letters only Persian uses (پ چ ژ گ and Persian yeh/kaf) outnumber the
 * Arabic-only ones (ي ك ة), else Arabic; Hangul is Korean.  Other scripts
 * name no language: the caller says so rather than guess.
 */
#ifndef XP_SCRIPT_H
#define XP_SCRIPT_H

#include <stddef.h>

typedef struct xp_script_guess {
	const char *script;   /* ICU's long script name ("Han", "Arabic", "Latin"); "" if no letters */
	const char *lang;     /* "zh", "ja", "fa", "ar", "ko", or "" when the script says no language */
	size_t letters;       /* letters counted */
	double share;         /* of them, the share in the winning script */
} xp_script_guess;

/* Accumulates counts over many texts: start zeroed, feed with
 * xp_script_count, then read the result with xp_script_result. */
typedef struct xp_script_counter {
	size_t by_script[256];
	size_t persian, arabic, kana;
} xp_script_counter;

void xp_script_count(xp_script_counter *c, const char *s, size_t n);
void xp_script_result(const xp_script_counter *c, xp_script_guess *g);

/* 1 if text in the script named script (ICU's long name, as
 * xp_script_guess.script) is how lang is written, or if ICU cannot tell:
 * ICU knows each language's scripts, so no table of ours does.  Scripts,
 * not the languages guessed from them, are compared: Farsi typed with the
 * Arabic yeh and kaf reads as Arabic above, yet is written in the script
 * Farsi is. */
int xp_script_writes(const char *script, const char *lang);
/* 0 when a language said by the user (--tgt-lang) cannot be that of a text
 * whose letters are g: nearly all of them (4 in 5, of 20 or more) in a
 * script that names a language (g->lang: Han, Arabic, Hangul, kana) and
 * that lang is not written in (Chinese text given as Farsi or French).
 * A few lines in another script (a song, a name) are not enough, and
 * Latin letters, which name no language, never are (placeholder words in
 * tests, text read in a charset the user insisted on); 1 otherwise. */
int xp_script_fits(const xp_script_guess *g, const char *lang);

/* 1 if a language is written without spaces between words (Chinese,
 * Japanese, Thai...): its tokens are joined with nothing. */
int xp_lang_unspaced(const char *lang);

#endif
