/*
 * model/script.h — which writing system a text is in, so that no command
 * has to assume one.
 *
 * Letters are counted by their ICU script (Common and Inherited characters,
 * digits and punctuation do not count); the script with most letters wins.
 * Han with kana enough is ICU's "Japanese" (Han and kana together).  The
 * language a script says is the packs' knowledge, not this module's: each
 * pack names its script and the letters that tell it from the other
 * languages written in it (lang/script.h xp_script_result).  What is
 * counted here for that is every letter outside ASCII and the big
 * syllabaries and ideographs, so that any pack's letters can be read back.
 */
#ifndef XP_SCRIPT_H
#define XP_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

typedef struct xp_script_guess {
	const char *script;   /* ICU's long script name ("Han", "Arabic", "Latin"); "" if no letters */
	const char *lang;     /* the code of the pack the script and its letters say (lang/script.h
			       * xp_script_result); "" when they say none, and always "" from
			       * xp_script_tally */
	size_t letters;       /* letters counted */
	double share;         /* of them, the share in the winning script */
} xp_script_guess;

/* how many distinct letters a counter keeps apart (xp_script_counter.letter) */
#define XP_SCRIPT_LETTERS 128

/* Accumulates counts over many texts: start zeroed, feed with
 * xp_script_count, then read the result with xp_script_result (lang/script.h:
 * the script and the language it says) or xp_script_tally (the script
 * only). */
typedef struct xp_script_counter {
	size_t by_script[256];
	size_t kana;
	/* each letter outside ASCII, Han, kana and Hangul, and its count (the
	 * first XP_SCRIPT_LETTERS distinct ones; hashed on the code point):
	 * the letters a pack may name to tell its language from another of
	 * the same script (xp_script_letters) */
	struct {
		uint32_t cp;
		size_t n;
	} letter[XP_SCRIPT_LETTERS];
} xp_script_counter;

void xp_script_count(xp_script_counter *c, const char *s, size_t n);
/* The script only: g->lang is "". */
void xp_script_tally(const xp_script_counter *c, xp_script_guess *g);
/* How many of the letters counted are among those of `letters` (UTF-8);
 * letters of ASCII, Han, kana or Hangul are not counted (0). */
size_t xp_script_letters(const xp_script_counter *c, const char *letters);

/* 1 if text in the script named script (ICU's long name, as
 * xp_script_guess.script) is how lang is written, or if ICU cannot tell:
 * ICU knows each language's scripts, so no table of ours does.  Scripts,
 * not the languages guessed from them, are compared: Farsi typed with the
 * Arabic yeh and kaf reads as Arabic above, yet is written in the script
 * Farsi is. */
int xp_script_writes(const char *script, const char *lang);
/* 0 when a language said by the user (--tgt-lang) cannot be that of a text
 * whose letters are g: nearly all of them (4 in 5, of 20 or more) in a
 * script that names a language (g->lang, from xp_script_result) and
 * that lang is not written in (Chinese text given as Farsi or French).
 * A few lines in another script (a song, a name) are not enough, and
 * Latin letters, which name no language, never are (placeholder words in
 * tests, text read in a charset the user insisted on); 1 otherwise. */
int xp_script_fits(const xp_script_guess *g, const char *lang);

#endif
