/*
 * project/names.h — a name takes the form its show gives it (XP_NP_NAMES).
 *
 * `wordalign` learns, from every sentence pair it trains on (the subtitles
 * of whole episodes, not only the scenes projected), the target forms each
 * English name is linked to (io/names.h).  A show writes a name the same
 * way in every episode, so where a name's mention is projected, a form of
 * that name standing in the mention's target sentence is its span: the
 * occurrence that overlaps the span the links gave, else the nearest to it
 * (or to the mention's place in the English sentence) on words no mention of
 * another cluster holds.  A mention of several words whose every word has a
 * form (Rachel Green) takes the forms that stand together; one with a word
 * that has none (Mr. Geller: "Mr.") keeps a span its links gave that holds
 * the form, and is placed only when it had none there.  The form's words
 * are compared with the sentence's tokens joined (a Chinese name split into
 * characters by --chars is still one form), and a one-word form may carry
 * one of the language's enclitics (lang.h noun_clitics) on its last token.
 * Runs before the consistency rule (consist.h), which then spreads an
 * entity's agreed words through the scene.
 */
#ifndef XP_PROJECT_NAMES_H
#define XP_PROJECT_NAMES_H

#include "consist.h"
#include "../io/names.h"

/* Places the name mentions of m[0..n) (in->name) on the forms of names;
 * returns how many it changed (marked XP_NP_NAMES in m[].np), or -1 on
 * OOM. */
/* Form f[0..fn) (target words, their spaces ignored, folded by
 * xp_names_fold) standing on the tokens of s from token j, each token
 * folded the same way: the end token (exclusive), else 0.  The form may end
 * inside its last token when the rest is one of clitics (NULL: none).
 * (The rule `phrases` looks for its phrases the same way: phrases.h.) */
struct xp_lang_pack;
/* w[0..*n) as the aligner spells the words it learns from (base/text.h
 * xp_utf8_fold: ICU's NFKC_Casefold; then pk's letters, XP_FOLD_MAKSURA):
 * w itself when nothing changes, else buf[0..cap) holding it; *n its length.
 * A form and the tokens it is looked for on are folded by this one function,
 * so a name learned from Élise, an NFD token, or Straße/STRASSE match. */
const char *xp_names_fold(const struct xp_lang_pack *pk, const char *w, size_t *n, char *buf, size_t cap);
uint32_t xp_names_match(const xp_consist_sent *s, uint32_t j, const char *f, size_t fn, const char *const *clitics,
			const struct xp_lang_pack *pk);

long xp_names_place(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_names *names);

#endif
