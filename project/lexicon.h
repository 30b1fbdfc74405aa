/*
 * project/lexicon.h — what a silver corpus says about target words at a
 * mention's edge: for each word, how often it occurs and how often it is the
 * last word of a mention there.  A span that ends on a word the silver's
 * mentions seldom end on (a verb, a preposition, a particle, the first half
 * of a compound) is suspect whatever the links say; one that ends on a noun
 * less so.  A target-side signal: it needs no alignment and no human label.
 * Two kinds of a pack's confidence features (lang/lang.h xp_lang_feature;
 * confidence.h) read it:
 *
 *   XP_LF_END_MODEL  a span's last token; the lexicon of a confidence model's
 *                    references (its silver), whose totals the model file keeps
 *                    ("lexicon", xp_lex_model_json; xp_lex_model_params), 10
 *                    folds, backing off to the share of all tokens that end a
 *                    mention;
 *   XP_LF_END_TABLE  a span's last word as the word segmenter cuts it; the
 *                    pack's table of mention ends (lang/lang.h mention_ends,
 *                    lang/ends/CODE.json: `xproj calibrate --mention-ends`,
 *                    xp_lex_table_json; xp_lex_table_params), 5 folds, backing
 *                    off to a fixed 0.3.
 *
 * Cross-fitting: the confidence model is fitted on the very documents the
 * lexicon counted, so the counts are kept per fold of documents (dealt
 * round, a document's parts in one fold), and a document the lexicon counted
 * is given the counts of the other folds only (xp_lex_fold_of, the skip of
 * xp_lex_end): the fit does not trust a feature that has seen its own label.
 * Any other document (mmc-tune, a user's) gets every count.
 *
 * Words are counted and looked up folded (xp_lex_fold): letters written two
 * ways read as one, as the packs fold them, and invisible marks dropped;
 * a script without such letters stays as it is.
 */
#ifndef XP_LEXICON_H
#define XP_LEXICON_H

#include "../base/buf.h"
#include "../base/error.h"
#include "../io/report.h"
#include "../model/corpus.h"
#include "../model/zhseg.h"

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

enum { XP_LEX_MAXFOLDS = 64 };

/* How a lexicon counts and what its values back off to. */
typedef struct xp_lex_params {
	int folds;          /* documents dealt round into this many folds (1..XP_LEX_MAXFOLDS); 0: totals only */
	int by_id;          /* dealt in the order of their ids, else in the order they are met */
	double prior;       /* the share a rare word backs off to: in (0, 1) a fixed one, 0 the counted share
			       of words that end a mention */
	double strength;    /* occurrences that weigh as much as the prior: (e + A P) / (n + A) */
} xp_lex_params;

/* A confidence model's lexicon (XP_LF_END_MODEL's): 10 folds in the order
 * met, the counted share, 5.  A pack's table of mention ends (XP_LF_END_TABLE's):
 * 5 folds in id order, 0.3, 2. */
extern const xp_lex_params xp_lex_model_params, xp_lex_table_params;

typedef struct xp_lex xp_lex;

/* An empty lexicon.  XP_EINPUT for parameters out of range, XP_ENOMEM. */
int xp_lex_new(const xp_lex_params *p, xp_lex **out, xp_err *err);
void xp_lex_free(xp_lex *lx);

/* Count every document of silver corpus ref that is not counted yet (a
 * document and part counted once, however many references hold it), each
 * into the fold of its id: the k-th new id in fold k mod folds.  A word is
 * a token, or with seg a jieba word of the sentence's written text (the
 * tokens joined); it ends a mention when one ends where it ends (once
 * however many do: "my mom" and "my" on one word, mom+my).  XP_ENOMEM, XP_EINPUT (a
 * lexicon of totals only). */
int xp_lex_add_ref(xp_lex *lx, const xp_corpus *ref, xp_zhseg *seg, xp_err *err);
/* The fold of document id, -1 if the lexicon did not count it. */
int xp_lex_fold_of(const xp_lex *lx, const char *id);

/* The log-odds that word w[0..len) ends a mention, against the prior P:
 * log(p / (1 - p)) - log(P / (1 - P)) with p = (e + A P) / (n + A) from the
 * counts of every fold but skip (-1: all), so that a rare word backs off to
 * P and an unseen one is 0; P the counted share of the same folds when the
 * prior is 0 (then 0 when there is nothing to count it from).  0 for a NULL
 * lexicon.  (Not const: the folding uses lx's scratch.) */
double xp_lex_end(xp_lex *lx, const char *w, size_t len, int skip);

/* xp_lex_end of the last token of span [start, end) of sentence utt of
 * target document td; 0 when the span is none of td's. */
double xp_lex_span_end(xp_lex *lx, const xp_doc *td, int32_t utt, uint32_t start, uint32_t end, int skip);

/* Feature f (feat.h: a pack's XP_LF_END_MODEL feature; f < 0: nothing) of
 * every projection of report r whose features it has, its span's last word read in projected (the target corpus
 * the report's run wrote), the document's own fold skipped (`xproj
 * calibrate` fits on the documents it counted).  0 for a null or an English
 * pronoun. */
void xp_lex_fill(xp_lex *lx, xp_report *r, const xp_corpus *projected, int f);

/* --- files ----------------------------------------------------------------------------- */

/* A table's JSON text (name for errors), XP_LF_END_TABLE's format:
 * {"version":1,"folds":K,"prior":P,"strength":A,"docs":{"ID":fold,...},
 * "words":{"WORD":[n0,e0,...,nK-1,eK-1]}} (n: the word's occurrences in the
 * fold's documents, e: those a mention ends on; P 0: the counted share).
 * XP_EINPUT when it is malformed. */
int xp_lex_parse_table(const char *name, const char *text, size_t len, xp_lex **out, xp_err *err);
/* The compiled-in table of mention ends of the pack whose rules read the
 * word segmenter's words (lang/lang.h mention_ends, lang/ends/CODE.json:
 * the words XP_LF_END_TABLE looks up are the segmenter's); *out NULL if no pack
 * has one. */
int xp_lex_ends_default(xp_lex **out, xp_err *err);
/* lx as a table (note: its "what"), appended to out with a newline.  A
 * lexicon with folds.  XP_ENOMEM, XP_EINPUT. */
int xp_lex_table_json(const xp_lex *lx, const char *note, xp_buf *out, xp_err *err);

/* A confidence model's "lexicon" (confidence.h; name and lang for errors):
 * {"occurrences":{WORD:N,...},"ends":{WORD:E,...}}, the totals of a lexicon
 * with params p (a word without "ends" has none; spellings that fold alike
 * add up).  XP_EINPUT, XP_ENOMEM. */
int xp_lex_parse_model(const char *name, const char *lang, json_t *o, const xp_lex_params *p, xp_lex **out,
		       xp_err *err);
/* lx's totals as xp_lex_parse_model reads them (and what they count); NULL
 * when memory ran out. */
json_t *xp_lex_model_json(const xp_lex *lx);

/* The form words are counted and looked up by: yeh and kaf folded as the
 * packs fold them (lang/lang.h xp_lang_fold_pair, XP_FOLD_MAKSURA), the
 * zero-width non-joiner, direction marks, tatweel and short-vowel marks
 * dropped.  out holds at
 * least len bytes; returns the folded length. */
size_t xp_lex_fold(const char *w, size_t len, char *out);

#endif
