/*
 * model/mtype.h — what kind of mention or sentence a span is, from its words
 * alone, for English, Chinese and Farsi: the categories `xproj score --by`
 * partitions scores by, and the pronoun gender `xproj project --report`
 * counts (here, below both eval/ and project/, so they share one list).
 *
 * A dialogue corpus has no part-of-speech tags or parses (MMC's columns are
 * `na`), so these are word lists and surface rules, stated here and in the
 * README rather than dressed up as parsing:
 *  - pronoun: the mention's words joined without spaces are a personal,
 *    possessive, reflexive or demonstrative pronoun of the language
 *    (Chinese also X的 and X自己 of a personal pronoun X; Farsi also the
 *    pronominal clitics ش م ت مان تان شان and اش);
 *  - name (English only): every word capitalised (or 's, a period or a
 *    hyphen) and the first word not a determiner; nominal: anything else.
 *    Chinese and Farsi have no capitals: their non-pronouns are "other";
 *  - gender: English he/him/his/himself vs she/her/hers/herself, Chinese
 *    他 (他的, 他自己) vs 她 (她的, 她自己); plural pronouns and Farsi (whose
 *    pronouns have no gender) have none;
 *  - sentence type, first match wins: question (the last token holds ? ？
 *    or ؟), imperative (a command word or verb opens it, after interjections
 *    and "please"; Chinese 请/别/不要/..., Farsi بیا/برو/... or a noun + کن),
 *    exclamation (the last token holds ! or ！), fragment (at most two
 *    words; Chinese at most two characters), else declarative.
 */
#ifndef XP_MTYPE_H
#define XP_MTYPE_H

#include "corpus.h"

typedef enum { XP_MT_PRONOUN, XP_MT_NAME, XP_MT_NOMINAL, XP_MT_OTHER, XP_NMTYPES } xp_mtype;
typedef enum { XP_GENDER_NONE, XP_GENDER_MASC, XP_GENDER_FEM } xp_gender;
typedef enum {
	XP_ST_QUESTION, XP_ST_IMPERATIVE, XP_ST_EXCLAMATION, XP_ST_FRAGMENT, XP_ST_DECLARATIVE, XP_NSTYPES
} xp_stype;

/* 1 if lang ("en", "zh", "fa") has word lists here. */
int xp_mtype_lang_known(const char *lang);

const char *xp_mtype_name(xp_mtype t);     /* "pronoun", "name", "nominal", "other" */
const char *xp_stype_name(xp_stype t);     /* "question", "imperative", ... */

/* The span [start, end) of utterance u. */
xp_mtype xp_mention_type(const char *lang, const xp_utt *u, uint32_t start, uint32_t end);
xp_gender xp_pronoun_gender(const char *lang, const xp_utt *u, uint32_t start, uint32_t end);
xp_stype xp_sentence_type(const char *lang, const xp_utt *u);

#endif
