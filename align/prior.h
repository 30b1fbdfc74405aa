/*
 * align/prior.h — the word aligner's priors on links, found before
 * sampling: the name prior (links that spelling says are likely) and the
 * closed-class prior (pronouns, by a grammar's table).  Internal to align/.
 *
 * A name seen once or twice in the corpus gives the sampler nothing to go
 * on: its lexical counts are as flat as its co-occurrences.  But a name is
 * written the way it sounds, in every script: "Chandler" is چندلر in Farsi
 * and 钱德(勒) in Chinese.  So each word that is capitalised where a sentence
 * does not begin (a name, by the corpus's own casing) is compared, in every
 * sentence pair, with the words of the other side transliterated to ASCII
 * by ICU ("Any-Latin; Latin-ASCII": pinyin for Han, a consonant spelling
 * for Arabic script): both are reduced to a skeleton of sound classes and
 * the closest candidate, if close enough, gets a boost on the cells that
 * link it to the name.  Chinese writes a name in several one-character
 * words (乔 伊 for "Joey"), so runs of up to four Han words are candidates
 * too, and every piece of the best run is boosted.
 *
 * The boost multiplies a cell's weight in both directions' samplers (a
 * fixed per-cell factor of the model, next to the lexical, jump and
 * fertility factors), so it decides where counts do not: a frequent word's
 * lexical probabilities dwarf a factor of a few tens, a rare name's do not.
 * The loanword prior (below) does the same for rare borrowed words.
 */
#ifndef XP_PRIOR_H
#define XP_PRIOR_H

#include "../lang/lang.h"
#include "gibbs.h"
#include "../base/error.h"
#include "../base/vocab.h"

#include <stddef.h>
#include <stdint.h>

/* How often each word type was seen capitalised and lower-case where no
 * sentence begins, per side (a name is mostly capitalised there). */
typedef struct wa_names {
	uint32_t *up[2], *low[2];
	size_t cap[2];
} wa_names;

/* Count token s[0..n) of type id on side d; initial: it begins a sentence
 * (first of the line, or after . ? ! and the like). 0, or -1 on OOM. */
int xp_wa_names_see(wa_names *nm, int d, uint32_t id, const char *s, size_t n, int initial);
/* 1 if token s[0..n) ends a sentence, so that the next one begins one. */
int xp_wa_names_ends_sentence(const char *s, size_t n);
void xp_wa_names_free(wa_names *nm);
/* The words of side d renumbered: old type t became the new words
 * ids[first[t] .. first[t + 1]) of nnew; its counts go to the first of
 * them (the rest are pieces split off: 's of "Joey's").  0, or -1 on OOM
 * (nm unchanged). */
int xp_wa_names_remap(wa_names *nm, int d, const uint32_t *first, const uint32_t *ids, uint32_t nold, uint32_t nnew);

/* The closed-class prior: personal pronouns, possessives, reflexives and
 * demonstratives are few, frequent, and their translations are given by
 * the grammar (each language pack has its table: lang/lang.h).
 * Each word has the classes of what it can mean; in every sentence pair,
 * the cells of an English word and a target word that share a class are
 * boosted like a name's.  Where pronouns cluster (I told you I'd call you)
 * the lexical counts cannot say which is which; and Farsi's 2.5k pairs
 * leave the enclitics (م ت ش ...) nearly uncounted. */
enum {   /* the classes are the packs' (lang/lang.h XP_CC_*) */
	WA_CC_1S = XP_CC_1S,
	WA_CC_2 = XP_CC_2,
	WA_CC_3M = XP_CC_3M,
	WA_CC_3F = XP_CC_3F,
	WA_CC_3N = XP_CC_3N,
	WA_CC_1P = XP_CC_1P,
	WA_CC_3P = XP_CC_3P,
	WA_CC_REFL = XP_CC_REFL,
	WA_CC_THIS = XP_CC_THIS,
	WA_CC_THAT = XP_CC_THAT,
	WA_CC_3 = XP_CC_3,
	WA_CC_PRON = (1 << 8) - 1,
	WA_CC_ALL = (1 << 10) - 1
};

typedef struct wa_prior_opts {
	double boost;       /* factor of a perfect match; 0 = no prior */
	double threshold;   /* similarity below which a match is not taken (0..1) */
	double closed;      /* the closed-class prior's factor; 0 = none */
	unsigned closed_classes;   /* the WA_CC_* it boosts */
	const char *lang[2];       /* each side's language code (NULL: none) */
	const char *closed_langs;  /* the non-English languages it is for, by space; NULL: all */
	double loan;               /* the loanword prior's factor of a perfect match; 0 = none */
	const char *loan_langs;    /* the other sides' languages it is for, by space; NULL: all */
	int threads;               /* threads that find the cells (the same cells at any number) */
} wa_prior_opts;

#define WA_PRIOR_BOOST 30.0
#define WA_PRIOR_THRESHOLD 0.6
#define WA_CLOSED_BOOST 10.0

/* The loanword prior: the name prior's matching for the rare words that are
 * not names.  Persian writes a borrowed word the way it sounds (کارت
 * "card", هتل "hotel", سالاد "salad", آپارتمان "apartment"), and so do
 * Chinese transliterations (沙拉 shala); these are content words seen a few
 * times, mention heads, where the counts of a small corpus say little.  A
 * word of a Latin-script side that is no name, seen at most WA_LOAN_MAX
 * times in the corpus, of three consonant sounds or more (two match too
 * many short words by chance: mean / همین, can / کنم), is matched against
 * the words of the other side in Arabic script or Han only (the same
 * spelling in two Latin languages is a cognate, a matter for the counts);
 * the best, if at least WA_LOAN_THRESHOLD alike (a stricter bar than a
 * name's: a name is a name, a rare word is usually translated, not
 * borrowed), gets up to the loan factor on its cells, on the same ramp as
 * a name's.  A borrowed word is about as rare in the target as its source
 * is in English, so a candidate word seen more than WA_LOAN_TGT_MAX times
 * is taken for a native one and skipped: the chance matches of the
 * corpora are mostly those (fact / فقط "only", most / نیست "is not",
 * cured / کرد "did", story / چطور "how"), the borrowed words are not
 * (کارت 16 times in MMC's Farsi, آپارتمان 4, شانس 5). */
#define WA_LOAN_BOOST 30.0
#define WA_LOAN_THRESHOLD 0.8
#define WA_LOAN_MAX 10
#define WA_LOAN_TGT_MAX 20

/* The classes of normalised word w in language lang, within `which`
 * (0: none, or no table for lang).  Chinese: a Han word of up to four
 * characters that begins or ends with a pronoun has its classes too. */
unsigned xp_wa_closed_class(const char *lang, const char *w, unsigned which);

/* How many cells each prior added (a cell two priors find counts for the
 * first: names, loanwords, closed classes). */
typedef struct wa_prior_counts {
	long names, loans, closed;
} wa_prior_counts;

/* Finds the boosted cells of every sentence pair of c (the name prior's,
 * the loanword prior's, then the closed-class prior's; a cell two find
 * keeps the larger factor) and sets c->coff and c->cell (owned by c: free
 * with xp_wa_prior_free).  voc gives the words of each side's ids; nm may be
 * NULL (no names, no loanwords: which words are names decides which are
 * not).  Returns the number of cells (*counts, if not NULL: by prior), or
 * -1 with err filled. */
long xp_wa_prior_build(wa_corpus *c, xp_vocab voc[2], const wa_names *nm, const wa_prior_opts *o,
		       wa_prior_counts *counts, xp_err *err);
void xp_wa_prior_free(wa_corpus *c);
/* 1 if lang is in list (codes by space; NULL: every language, "" none):
 * the same code or one of the same pack (a code with a region subtag, or an
 * alias, is in its pack's code). */
int xp_wa_lang_listed(const char *list, const char *lang);

/* --- the parts, for tests ------------------------------------------------- */

/* The sound skeleton of an ASCII spelling: one letter per consonant sound
 * (p b f t d k g s z j c=ch x=sh l r m n; ph and v are f, th t, hard c
 * and q k, soft c s, ng n; in pinyin c is s, q c and x x), V for a run of
 * vowels (with y and w); h is silent, and a sound of the same class as the
 * one before is dropped (classes: p b f / t d / k g / s z j c x / l / r /
 * m n).  Returns its length (at most cap - 1; out is NUL-terminated). */
size_t xp_wa_skeleton(const char *ascii, size_t n, int pinyin, char *out, size_t cap);
/* The class of a skeleton's sound: P T K S L R N, V for vowels. */
char xp_wa_sound_class(char sound);

enum { WA_SIM_HAN = 1, WA_SIM_ARABIC = 2 };
/* Similarity (at most 1) of name skeleton a and candidate skeleton b:
 * 1 - edit distance / the larger number of consonant classes, where a
 * vowel run costs 1/2 to add or drop (1/4 in Arabic script, which leaves
 * short vowels unwritten), and, for a Han candidate, dropping a consonant
 * of the name costs 1/2 (Chinese transliterations drop codas: 钱德 for
 * "Chandler").  Substitutions: 1 across classes, but l for r 1/2; within a
 * class 1/2 (voicing: p b, t d) or 1/4 (sibilants: s z j ch sh), and
 * nothing at all in Han, whose pinyin has neither contrast.  0 if either has no consonant. */
double xp_wa_name_sim(const char *a, const char *b, unsigned mode);

#endif
