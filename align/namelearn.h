/*
 * align/namelearn.h — a show's names learned from every pair the word
 * aligner trains on.  Internal to align/.
 *
 * A show translates its names the same way in every episode (Joey is 乔伊,
 * جویی), and the aligner trains on far more of the show than the scenes it
 * aligns: every subtitle pair of every episode given with --train.  Each
 * sampler of the direction in which the English side generates the other
 * links every target word to one English word; at the end of training, for
 * every occurrence of a name (a word capitalised where no sentence begins
 * more often than not: the name prior's casing counts, prior.h), the target
 * words linked to it that stand together (the longest run) are that
 * occurrence's form.  Counted over all pairs (not the lexical-only ones)
 * and averaged over the samplers, the forms a name takes often enough are
 * what `project` looks for where that name is mentioned (io/names.h).
 */
#ifndef XP_ALIGN_NAMELEARN_H
#define XP_ALIGN_NAMELEARN_H

#include "gibbs.h"
#include "../base/buf.h"
#include "../base/vocab.h"
#include "../io/names.h"

#include <stddef.h>
#include <stdint.h>

/* A form is kept when it is at least WA_NAME_SHARE of the name's
 * occurrences and at least WA_NAME_MIN of them; a name keeps at most
 * WA_NAME_FORMS forms, and forms of at most WA_NAME_RUN words. */
#define WA_NAME_SHARE 0.15
#define WA_NAME_MIN 2.0
#define WA_NAME_FORMS 4
#define WA_NAME_RUN 6

typedef struct wa_namelearn {
	uint8_t *isname;       /* per source word type: a name */
	uint32_t V;
	uint32_t *occ;         /* per source word type: occurrences counted */
	xp_vocab keys;         /* "name form-ids" */
	double *cnt;           /* per key */
	size_t cap;
	double samplers;
} wa_namelearn;

/* Starts learning: isname[0..V) (taken over).  0, or -1 on OOM. */
int xp_wa_namelearn_init(wa_namelearn *L, uint8_t *isname, uint32_t V);
void xp_wa_namelearn_free(wa_namelearn *L);
/* Counts the final alignment of the n samplers s[] of direction 0 over
 * sentences [0, upto) of c.  0, or -1 on OOM. */
int xp_wa_namelearn_count(wa_namelearn *L, const wa_corpus *c, const wa_sampler *s, int n, uint32_t upto);
/* The forms kept, added to out (initialised by the caller), the words
 * spelled by voc[0] (English) and voc[1].  0, or -1 on OOM. */
int xp_wa_namelearn_forms(const wa_namelearn *L, const xp_vocab voc[2], xp_names *out);

/* Shared with the phrases' learning (phraselearn.c).  1 if word w is
 * punctuation only. */
int xp_wa_punct_word(const char *w);
/* One more (weight w) of the form f[0..n) (target ids, at most
 * WA_FORM_MAX of them) for source id first: its key "first f1 f2 ..."
 * added to keys, w added to (*cnt)[key], *cnt grown to *cap with zeros.
 * 0, or -1 on OOM. */
#define WA_FORM_MAX 16
int xp_wa_form_count(xp_vocab *keys, double **cnt, size_t *cap, uint32_t first, const uint32_t *f, uint32_t n, double w);
_Static_assert(WA_NAME_RUN <= WA_FORM_MAX, "namelearn.h: a name's form is longer than a key holds");

/* A form counted for a source id (a name, a run of English words): its
 * spelling's id in the caller's vocabulary, its count. */
typedef struct wa_form {
	uint32_t first, key;
	double c;
} wa_form;
/* The forms counted in keys and cnt[0..cap) (xp_wa_form_count), each spelled
 * by tgt (at most `most` target words, the punctuation at their ends left out) into S (initialised
 * here, the caller frees it), those spelled the same joined, their counts
 * summed: *out (malloc'd, the caller frees it) holds *n of them, sorted by
 * source id, then count (most first), then key.  Forms of a source id of
 * nfirst or more are left out.  0, or -1 on OOM (nothing to free). */
int xp_wa_forms_join(const xp_vocab *keys, const double *cnt, size_t cap, const xp_vocab *tgt, uint32_t most,
		     uint32_t nfirst, xp_vocab *S, wa_form **out, size_t *n);

#endif
