/*
 * project/phrases.h — a noun phrase takes the target phrase the show
 * dominantly gives its English words (XP_NP_PHRASES).
 *
 * `wordalign --phrases` learns, from every sentence pair it aligns or
 * trains on (the subtitles of whole episodes, not only the scenes
 * projected), the target phrases each English word run of up to four words
 * takes, by phrase extraction consistent with the alignment
 * (align/phraselearn.h).  A show says "the coffee house" or "your
 * mother" the same way most of the time, so where a noun phrase (not a
 * pronoun, not a name: names.h has its own forms) is projected, and the
 * phrase its English words take most often, frequent and dominant
 * (XP_PHRASES_MIN, XP_PHRASES_SHARE), stands in its target sentence over
 * or next to (XP_PHRASES_NEAR tokens) the span its links gave, on words no
 * mention of another entity holds, that occurrence is its span.  The
 * phrase is compared with the tokens as names are (xp_names_match), so a
 * tokenisation that differs from the aligner's still matches.  Nothing
 * here knows a language.  Runs after names.h and before the consistency
 * rule (consist.h), which then spreads it through the scene.
 */
#ifndef XP_PROJECT_PHRASES_H
#define XP_PROJECT_PHRASES_H

#include "consist.h"
#include "../io/names.h"

/* the phrase's weight (occurrences, a mean over the samplers) and its
 * share of its English words' occurrences at least, and how far (tokens)
 * from the linked span it may stand at most: chosen on mmc-tune, Chinese
 * seed 1 (docs/rules.md; a nearer or farther stand changed nothing, a
 * lower share took parts of phrases) */
#define XP_PHRASES_MIN 5.0
#define XP_PHRASES_SHARE 0.3
#define XP_PHRASES_NEAR 0

/* Places the noun phrases of m[0..n) (in->key, not in->name) on their
 * dominant phrases; returns how many it changed (marked XP_NP_PHRASES in
 * m[].np), or -1 on OOM. */
long xp_phrases_place(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_names *phrases);

#endif
