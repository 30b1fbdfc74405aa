/*
 * project/lang.h — language rules on projected spans: what the human
 * corrections of MMC's Chinese and Farsi projections do again and again,
 * written as rules (each with an off switch in xp_proj_opts.rules).
 *
 *   XP_LR_ARTICLES    English articles carry no mention in Chinese,
 *                     Japanese, Korean or Farsi (only there does it apply): their links (the → 这, a → 一个, or noise) are
 *                     ignored when another token of the mention is aligned
 *                     (for Farsi only "the": its یه is part of the phrase).
 *                     Off by default: it also drops a demonstrative the
 *                     translator chose for "the" (那辆车 for "the car"),
 *                     which annotators sometimes keep; mmc-tune gains a
 *                     little from it (bench/quality.sh), but not enough to
 *                     change what every user gets.
 *   XP_LR_ZH_PRONOUN  Chinese: a span projected from an English personal or
 *                     possessive pronoun that holds the matching Chinese
 *                     pronoun (I/my → 我, you/your → 你/您/你们, she → 她 ...)
 *                     is cut down to it: "我想", "你的", "她是" as one
 *                     dictionary word or one link are the pronoun in the
 *                     corrected files, never the verb or 的 with it.
 *   XP_LR_FA_ATTACH   Farsi: pieces MMC's tokenisation splits off a word
 *                     belong to the span of that word: the plural ها/های
 *                     and the possessive pieces after it (ها + م/ت/ش/مون/
 *                     تون/شون), the verbal prefixes می/نمی before a verb,
 *                     a lone ZWNJ token between them; a span that ends on
 *                     a bare prefix takes the verb it belongs to.
 */
#ifndef XP_LANG_H
#define XP_LANG_H

#include <stdint.h>

enum {
	XP_LR_ARTICLES = 1,
	XP_LR_ZH_PRONOUN = 2,
	XP_LR_FA_ATTACH = 4,
	XP_LR_ALL = 7,
};

/* 1 if the English word is an article without a counterpart in the
 * target language: the, a, an (Farsi: the). */
int xp_en_article(const char *w, const char *lang);

/* Chinese: words[a..b) (characters or words) projected from English pronoun
 * `en`; 1 with [*a, *b) cut to the matching Chinese pronoun, else 0. */
int xp_zh_pronoun_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t *a,
		       uint32_t *b);

/* Farsi: [*a, *b) over the n tokens widened over attached pieces; 1 if it changed. */
int xp_fa_attach_span(const char *const *tok, const uint32_t *lens, uint32_t n, uint32_t *a, uint32_t *b);

#endif
