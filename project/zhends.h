/*
 * project/zhends.h — how a Chinese noun phrase ends, as a reader of Chinese
 * mentions knows it: for each jieba word, how often MMC dev's Chinese silver
 * (project/zh_ends.json, written by `xproj calibrate --zh-ends`) ends a
 * mention on it when it occurs.  The confidence's zh_end_lex (confidence.h).
 *
 * zh_last_word reads the dictionary's part of speech of a span's last word;
 * this reads the word itself: 事, 人, 东西 end mentions, 会, 用, 呢, 好笑
 * seldom do, whatever their tag.  On mmc-tune the correctors call 53% of the
 * noun phrase spans wrong whose last word is in the lowest quarter of this
 * rate, 26% of the others.
 *
 * The counts are MMC dev's, and the confidence model is fitted on MMC dev
 * judged against the same silver: a span's own label would leak into its
 * feature.  So the counts are kept per fold (the dev scenes in id order, the
 * k-th in fold k mod nfolds), and a document the table names (one of MMC
 * dev's) is given the counts of the other folds only; any other document
 * (mmc-tune, a user's) all of them.
 */
#ifndef XP_ZHENDS_H
#define XP_ZHENDS_H

#include "../base/buf.h"
#include "../base/error.h"
#include "../model/corpus.h"
#include "../model/zhseg.h"

#include <stddef.h>

typedef struct xp_zh_ends xp_zh_ends;

/* A table's JSON text (name for errors): {"version":1,"folds":K,"prior":P,
 * "strength":A,"docs":{"ID":fold,...},"words":{"WORD":[n0,e0,...,nK-1,eK-1]}}
 * (n: the word's occurrences in the fold's sentences, e: those a mention ends
 * on).  XP_EINPUT when it is malformed. */
int xp_zh_ends_parse(const char *name, const char *text, size_t len, xp_zh_ends **out, xp_err *err);
/* The compiled-in table (project/zh_ends.json). */
int xp_zh_ends_default(xp_zh_ends **out, xp_err *err);
void xp_zh_ends_free(xp_zh_ends *z);

/* The word w[0..n)'s log-odds of ending a mention, (e + A P) / (n + A) from
 * the counts document doc may see, less the log-odds of the prior P: 0 for
 * a word the table has not seen, negative for a word mentions seldom end on. */
double xp_zh_ends_value(const xp_zh_ends *z, const char *doc, const char *w, size_t n);

/* The table of corpus c (Chinese in characters or words; its mentions are
 * the silver's) on z's words, as JSON text appended to out.  folds >= 1. */
int xp_zh_ends_build(const xp_corpus *c, xp_zhseg *z, int folds, const char *note, xp_buf *out, xp_err *err);

#endif
