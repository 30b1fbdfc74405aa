/*
 * project/lexicon.h — what a reference corpus says about target words at a
 * mention's edge: for each word form, how often it occurs and how often it is
 * the last word of a mention there.  The confidence model (confidence.h)
 * carries one per language it was fitted with (Farsi: MMC's dev silver), and
 * the feature fa_last_word reads it: a span that ends on a word mentions of
 * the reference seldom end on (a verb, a preposition, the first half of a
 * compound: نیمه of نیمه شب, همه of همه چیز) is suspect, whatever the links
 * say.  A target-side signal: it needs no alignment and no human label.
 *
 * The counts are kept per fold of documents (XP_LEX_FOLDS of them, and the
 * total): `xproj calibrate` fits the model on the very documents it counted,
 * so each of those gets the value the other folds' counts give (cross-fitting)
 * and the fit does not trust a feature that has seen its own label.  A model
 * file keeps the totals only.
 */
#ifndef XP_LEXICON_H
#define XP_LEXICON_H

#include "../base/error.h"
#include "../base/vocab.h"
#include "../io/report.h"
#include "../model/corpus.h"

#include <stddef.h>
#include <stdint.h>

enum { XP_LEX_FOLDS = 10 };

typedef struct xp_lex {
	xp_vocab v;                     /* folded word forms (xp_lex_fold) */
	uint32_t *n, *end;              /* per word: [id * (XP_LEX_FOLDS + 1) + f], f = XP_LEX_FOLDS the total */
	size_t cap;                     /* words the arrays hold */
	uint64_t tokens[XP_LEX_FOLDS + 1], ends[XP_LEX_FOLDS + 1];
	xp_vocab docs;                  /* "id part" of each document xp_lex_add_ref counted, id = its index */
	char *tmp;                      /* scratch for folding */
	size_t tmpcap;
} xp_lex;

int xp_lex_init(xp_lex *lx);
void xp_lex_free(xp_lex *lx);

/* Count the words of a reference document into fold (0..XP_LEX_FOLDS-1) and
 * the total: each token, and each token that ends a mention (once however
 * many end there).  XP_ENOMEM. */
int xp_lex_add_doc(xp_lex *lx, const xp_doc *d, int fold, xp_err *err);
/* Count every document of a reference that is not counted yet, the k-th
 * into fold k mod XP_LEX_FOLDS (dealt round: each fold holds scenes of every
 * part of the file).  XP_ENOMEM. */
int xp_lex_add_ref(xp_lex *lx, const xp_corpus *ref, xp_err *err);
/* The fold xp_lex_add_ref put document (id, part) in, -1 if none. */
int xp_lex_fold_of(xp_lex *lx, const char *id, int part);

/* fa_last_word (confidence.h) of every projection of report r whose
 * features it has, its span's last word read in projected (the target corpus
 * the report's run wrote): cross-fitted, a document xp_lex_add_ref counted
 * gets the counts of the other folds, so that a fit on it does not learn
 * from a feature that has seen the very mention it judges; the others get
 * every count.  0 for a null or an English pronoun. */
void xp_lex_fill(xp_lex *lx, xp_report *r, const xp_corpus *projected);

/* A word's counts given directly (a model file's totals).  XP_ENOMEM. */
int xp_lex_set(xp_lex *lx, const char *w, size_t len, uint32_t n, uint32_t end, xp_err *err);

/* The log-odds that word w ends a mention, against the reference's overall
 * share of tokens that do: log(p / (1 - p)) - log(p0 / (1 - p0)) with
 * p = (ends + 5 p0) / (n + 5), counts of every fold but skip (-1: all), so
 * that a rare word backs off to the overall share and an unseen one is 0.
 * 0 when the lexicon is empty.  (Not const: the folding uses lx's scratch.) */
double xp_lex_end(xp_lex *lx, const char *w, size_t len, int skip);

/* The form words are counted and looked up by (Farsi): Arabic yeh and kaf
 * read as the Persian letters (ي ى -> ی, ك -> ک), the zero-width non-joiner,
 * direction marks, tatweel and short-vowel marks dropped.  out holds at
 * least len bytes; returns the folded length. */
size_t xp_lex_fold(const char *w, size_t len, char *out);

#endif
