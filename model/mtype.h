/*
 * model/mtype.h — what kind of mention or sentence a span is, from its words
 * alone: the categories `xproj score --by` partitions scores by, and the
 * pronoun gender `xproj project --report` counts (here, below both eval/ and
 * project/, so they share one list).
 *
 * This module owns the machinery and English's word lists (xp_mtype_en):
 * English is the source side of every projection, and the projection types
 * every English mention (project/project.c: a name, a nominal, a pronoun's
 * gender) whatever the target, so its lists live with the corpus model, as
 * the source's tokenisation does.  A target language's lists are its pack's
 * data (lang/lang.h xp_lang_pack.mtype, xp_lang_mtype: lang/zh.c, lang/fa.c;
 * a pack that lists its pronouns, lang/de.c, gets the pronoun partition from
 * those).  This file names no target language.
 *
 * A dialogue corpus has no part-of-speech tags or parses (MMC's columns are
 * `na`), so these are word lists and surface rules, stated here and in the
 * README rather than dressed up as parsing:
 *  - pronoun: the mention's words joined without spaces are one of the
 *    language's `pronouns`, one of its `rows`' target words, or one of its
 *    `personal` pronouns followed by one of `suffixes` (a possessive or
 *    reflexive written on the pronoun);
 *  - name (a language with XP_MW_NAMES, English): every word capitalised
 *    (or one of `name_parts`: 's, a period, a hyphen) and the first word
 *    neither one of `determiners` nor a pronoun; nominal: anything else.
 *    Without XP_MW_NAMES (no capitals to read) the non-pronouns are "other";
 *  - gender: the mention's words joined are one of `masc` or of `fem`;
 *  - sentence type, first match wins: question (the last token holds ?, or
 *    the full-width or Arabic question mark: punctuation, whatever the
 *    language), imperative (one of `imperative` opens it,
 *    after punctuation and any of `skip`, and is none of `not_imperative`;
 *    or a pair of `imp_pairs` opens it), exclamation (the last token holds
 *    ! or the full-width one), fragment (at most two words; with
 *    XP_MW_CHARS at most two characters), else declarative.
 */
#ifndef XP_MTYPE_H
#define XP_MTYPE_H

#include "corpus.h"

typedef enum { XP_MT_PRONOUN, XP_MT_NAME, XP_MT_NOMINAL, XP_MT_OTHER, XP_NMTYPES } xp_mtype;
typedef enum { XP_GENDER_NONE, XP_GENDER_MASC, XP_GENDER_FEM } xp_gender;
typedef enum {
	XP_ST_QUESTION, XP_ST_IMPERATIVE, XP_ST_EXCLAMATION, XP_ST_FRAGMENT, XP_ST_DECLARATIVE, XP_NSTYPES
} xp_stype;

/* How a language's lists are read (xp_mtype_words.flags). */
enum {
	/* words compare in any (ASCII) case */
	XP_MW_NOCASE = 1u << 0,
	/* capitals tell a name from a nominal (English) */
	XP_MW_NAMES = 1u << 1,
	/* written without spaces: a sentence's openers are read on its
	 * characters, the punctuation left out and the skipped openers taken
	 * off its start as prefixes; a fragment counts characters */
	XP_MW_CHARS = 1u << 2,
};

/* One language's word lists.  Every list is NULL-terminated; a NULL list is
 * empty. */
typedef struct xp_mtype_words {
	unsigned flags;                      /* XP_MW_* */
	/* pronouns, personal, possessive, reflexive and demonstrative */
	const char *const *pronouns;
	/* personal pronouns: each is a pronoun, and so is each followed by one
	 * of suffixes (a possessive or reflexive written on it) */
	const char *const *personal;
	const char *const *suffixes;
	/* rows {English words, target words} (lang/lang.h xp_lang_pack.pronouns):
	 * each target word, of a list separated by spaces, is a pronoun too */
	const char *const (*rows)[2];
	/* XP_MW_NAMES: the words that make a mention nominal when they open it,
	 * and the tokens a name holds besides capitalised words */
	const char *const *determiners;
	const char *const *name_parts;
	/* gender of a pronoun: the mention's words joined */
	const char *const *masc;
	const char *const *fem;
	/* sentence types: the words skipped before an opener (interjections,
	 * "please"), the command words that open an imperative, the openings
	 * that start like one and are not (XP_MW_CHARS), and pairs {first,
	 * second} of words that open one, first NULL for any word */
	const char *const *skip;
	const char *const *imperative;
	const char *const *not_imperative;
	const char *const (*imp_pairs)[2];
} xp_mtype_words;

/* English's (the source's): pronouns, names, gender, sentence types. */
extern const xp_mtype_words xp_mtype_en;

/* 1 if w has the lists of kind k: type (pronouns), gender (masc, fem) or
 * sentence (imperative openers); w may be NULL (none). */
int xp_mtype_has_types(const xp_mtype_words *w);
int xp_mtype_has_gender(const xp_mtype_words *w);
int xp_mtype_has_sentences(const xp_mtype_words *w);

const char *xp_mtype_name(xp_mtype t);     /* "pronoun", "name", "nominal", "other" */
const char *xp_stype_name(xp_stype t);     /* "question", "imperative", ... */

/* 1 if word is one of w's pronouns (w not NULL; word NULL: 0): what a
 * one-word mention is typed by, the store's queue included (correct/). */
int xp_mtype_is_pronoun(const xp_mtype_words *w, const char *word);

/* The span [start, end) of utterance u, by the lists of w (not NULL). */
xp_mtype xp_mention_type(const xp_mtype_words *w, const xp_utt *u, uint32_t start, uint32_t end);
xp_gender xp_pronoun_gender(const xp_mtype_words *w, const xp_utt *u, uint32_t start, uint32_t end);
xp_stype xp_sentence_type(const xp_mtype_words *w, const xp_utt *u);

#endif
