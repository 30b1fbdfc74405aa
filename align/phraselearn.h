/*
 * align/phraselearn.h — the target phrases a show gives its English
 * phrases, learned from every pair the word aligner trains on.  Internal
 * to align/.
 *
 * A show says "the coffee house", "your mother", "this guy" many times, and
 * its translation mostly says them one way; the aligner trains on far more
 * of the show than the scenes it aligns (every --train pair).  At the end
 * of training, each sampler of direction 0 (English generates the target:
 * every target word linked to one English word or none) gives, for every
 * English word run of 1 to WA_PHRASE_LEN words without punctuation that
 * occurs often enough in the corpus, the target words its links reach,
 * when they are a phrase consistent with the alignment (phrase-based MT's
 * rule: no target word between the first and the last linked to an English
 * word outside the run).  Counted over all pairs (not the lexical-only
 * ones) and averaged over the samplers, the target phrases a run takes
 * often enough are written as io/names.h's file (the "name" an English
 * phrase): `project` reads it for its rule `phrases` (project/phrases.h).
 * Nothing here knows a language: English is only where the phrases begin.
 */
#ifndef XP_ALIGN_PHRASELEARN_H
#define XP_ALIGN_PHRASELEARN_H

#include "gibbs.h"
#include "namelearn.h"
#include "../base/vocab.h"
#include "../io/names.h"

#include <stddef.h>
#include <stdint.h>

/* English runs of at most WA_PHRASE_LEN words seen at least
 * WA_PHRASE_OCC times; target phrases of at most WA_PHRASE_RUN words; a
 * phrase is kept when it is at least WA_PHRASE_SHARE of the run's
 * occurrences and at least WA_PHRASE_MIN of them, at most WA_PHRASE_FORMS
 * per run (the rule decides later how dominant is enough). */
#define WA_PHRASE_LEN 4
#define WA_PHRASE_OCC 3
#define WA_PHRASE_RUN 6
_Static_assert(WA_PHRASE_RUN <= WA_FORM_MAX, "phraselearn.h: a phrase is longer than a key holds");
#define WA_PHRASE_SHARE 0.1
#define WA_PHRASE_MIN 2.0
#define WA_PHRASE_FORMS 3

typedef struct wa_phraselearn {
	const xp_vocab *voc;   /* the English ([0]) and target ([1]) words */
	uint8_t *punct;        /* per English type: punctuation only (no run holds it) */
	uint32_t V;
	xp_vocab runs;         /* English runs, "id id ..." */
	double *occ;           /* per run: occurrences */
	size_t occcap;
	xp_vocab keys;         /* "run-id target-id ..." */
	double *cnt;           /* per key */
	size_t cap;
} wa_phraselearn;

/* Starts learning; voc[0..2) must outlive L.  0, or -1 on OOM. */
int xp_wa_phraselearn_init(wa_phraselearn *L, const xp_vocab voc[2]);
void xp_wa_phraselearn_free(wa_phraselearn *L);
/* Counts the final alignment of the n samplers s[] of direction 0 over
 * sentences [0, upto) of c.  0, or -1 on OOM. */
int xp_wa_phraselearn_count(wa_phraselearn *L, const wa_corpus *c, const wa_sampler *s, int n, uint32_t upto);
/* The phrases kept, added to out (initialised by the caller).  0, or -1
 * on OOM. */
int xp_wa_phraselearn_forms(const wa_phraselearn *L, xp_names *out);

#endif
