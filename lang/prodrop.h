/*
 * lang/prodrop.h — recovering subject pronouns a pro-drop language left
 * out.  Farsi marks person and number on the verb ("می‌روم", I go), and
 * MMC's annotators marked that verb for an English subject pronoun that had
 * no counterpart: most of their Farsi additions were of this kind.  For an
 * unaligned English subject pronoun (not "it", mostly a dummy subject that
 * Farsi leaves unmarked: project.c), the target tokens aligned to the next
 * few English words are searched for a verb whose ending agrees with the
 * pronoun; the first one found becomes the pronoun's projection.
 */
#ifndef XP_PRODROP_H
#define XP_PRODROP_H

#include <stdint.h>

/* Person/number of an English subject pronoun: 1..6 (1sg 2sg 3sg 1pl 2pl
 * 3pl; "you" is 2sg or 2pl), 0 if the word is not one. */
int xp_subject_person(const char *word);
/* 1 if the Farsi token ends as a verb of that person and number (Arabic
 * yeh and kaf read as the Persian letters; never a word of
 * xp_fa_never_verb). */
int xp_fa_verb_agrees(const char *tok, int person);
/* 1 if the Farsi token is a closed-class word that ends like a verb but never
 * is one (باید, خیلی, وقتی, بعد ...). */
int xp_fa_never_verb(const char *tok);

/* Object pronouns: Farsi writes "see you", "for me" as one word with a
 * clitic (ديدنت, برام), which MMC's annotators marked for the English
 * pronoun the aligner leaves unaligned.  Person/number of an English object
 * pronoun (me 1 ... them 6), 0 if none; 1 if the Farsi token ends in the
 * matching clitic. */
int xp_object_person(const char *word);
/* Possessive pronouns (my 1 ... their 6), whose Farsi is the same clitic on
 * the possessed noun (مامانت "your mom"); 0 if none. */
int xp_possessive_person(const char *word);
int xp_fa_clitic_agrees(const char *tok, int person);

/* 1 if the Farsi token is a noun of an experiencer predicate with the
 * clitic of that person: the subject of "you remember", "you mean", "you
 * believe", "you like" is the clitic in Farsi (یادت میاد, منظورت,
 * باورت میشه, خوشت میاد), on یاد, منظور, باور, خوش, بد, دل, حواس, خواب,
 * سرد, گرم, حال. */
int xp_fa_experiencer(const char *tok, int person);

/* 1 if the Farsi token is a piece of a verb group: a verb with the prefix
 * می / نمی (joined, or the prefix alone), or a form of a light verb or an
 * auxiliary (کرد, کنه, بشه, داره, بود, هستن, بیاد ...; np.c's Farsi verb
 * edges).  A closed list, not a parser: a rare verb without the prefix is
 * no verb to it. */
int xp_fa_verb_form(const char *tok);
/* 1 if target word j of tgt[] reads as a verb: a verb form (above), the
 * verb after one written apart (مي دونستم, a compound's کار کنم), or a
 * subjunctive or imperative in ب- (بدم, بگی, بشکنید).  A person ending
 * alone is no verb: nouns and adjectives end in -ی and -م too (تاکسی,
 * عالی, اتفاقی, سرم "my head"), and the nearest such word took a dropped
 * "you" or "I" on mmc-tune (2 to 8 a seed, mostly wrong). */
int xp_fa_verb_like(const char *const *tgt, uint32_t j);

/* 1 if tok begins with the plural ها: the piece MMC's tokenisation splits
 * off a noun, which carries the possessive clitic after it (ها + ش). */
int xp_fa_plural_piece(const char *tok);

#endif
