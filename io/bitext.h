/*
 * io/bitext.h — parallel text for word aligners: one "src ||| tgt" line per
 * sentence pair, tokens separated by spaces (the input of awesome-align,
 * fast_align and eflomal), and the map file that says which document
 * utterance each line is, so that skipped empty targets never shift the
 * numbering.
 *
 * Tokens are split on runs of ASCII spaces and tabs only, so an ideographic
 * space (U+3000) that stands as a token stays one (the gold alignments count
 * it; awesome-align, which splits on every Unicode space, does not, and its
 * indices shift on such lines: xp_bitext_check_words catches that).
 */
#ifndef XP_BITEXT_H
#define XP_BITEXT_H

#include "../base/error.h"
#include "../base/text.h"
#include "walign.h"
#include "../model/corpus.h"

typedef struct xp_bitext {
	size_t n;                 /* sentence pairs */
	size_t *src, *tgt;        /* pair s: toks[src[s]..tgt[s]) and toks[tgt[s]..src[s+1]) */
	xp_str *toks;
	size_t ntoks, cap_toks, cap_idx, cap_tgt;
	char *buf;                /* the file's text, which toks point into */
	const char *name;
} xp_bitext;

int xp_bitext_read(const char *path, xp_bitext *b, xp_err *err);
int xp_bitext_read_mem(const char *name, char *buf, size_t len, xp_bitext *b, xp_err *err);
void xp_bitext_free(xp_bitext *b);

/* A bitext too large to hold as text: fn is called for each sentence pair
 * of path (gzip or plain, "-" = stdin) as it is read, with the line number;
 * the tokens are valid during the call only.  A line without "|||" is an
 * XP_EINPUT error naming it; a non-zero return from fn stops the reading and
 * is returned. */
typedef int (*xp_bitext_fn)(void *arg, const xp_str *src, size_t ns, const xp_str *tgt, size_t nt,
			    unsigned long line, xp_err *err);
int xp_bitext_each(const char *path, xp_bitext_fn fn, void *arg, xp_err *err);
int xp_bitext_each_mem(const char *name, const char *buf, size_t len, xp_bitext_fn fn, void *arg,
		       xp_err *err);

static inline size_t xp_bitext_srclen(const xp_bitext *b, size_t s) { return b->tgt[s] - b->src[s]; }
static inline size_t xp_bitext_tgtlen(const xp_bitext *b, size_t s) { return b->src[s + 1] - b->tgt[s]; }

/* The alignment fits the bitext: same number of lines, every index inside
 * its line's tokens.  Errors name the alignment file and line. */
int xp_bitext_check(const xp_bitext *b, const xp_walign *a, const char *aname, xp_err *err);
/* awesome-align's word file agrees with the bitext's tokens, link by link
 * (a must be as read, not normalised). */
int xp_bitext_check_words(const xp_bitext *b, const xp_walign *a, const char *path, xp_err *err);
int xp_bitext_check_words_mem(const xp_bitext *b, const xp_walign *a, const char *name,
			      const char *buf, size_t len, xp_err *err);

/* Write one bitext token: whitespace inside becomes '_', an empty token is
 * "_", so every reader sees the same number of tokens. */
void xp_bitext_put_token(xp_buf *out, const char *s, size_t n);

/* Write the words wt[0..nw) of text that overlap its bytes [a, b), each
 * cut at a and b, as bitext tokens separated by a space: the tokens an
 * aligner given the sentence in words saw, as far as a span of finer
 * tokens reaches (a span of Chinese characters may begin or end inside a
 * word).  Returns how many were written (0: the span holds blanks only). */
size_t xp_bitext_put_cut(xp_buf *out, const char *text, const xp_tok *wt, uint32_t nw, size_t a, size_t b);



/* Import a word aligner's output as xproj will use it: Pharaoh (0-based
 * unless one_based), optionally awesome-align's prob and word files, all
 * checked against the bitext when one is given. */
typedef struct xp_import {
	const char *pharaoh, *probs, *words;   /* probs, words may be NULL */
	const xp_bitext *bitext;               /* may be NULL: no range checks */
	int one_based;
} xp_import;

int xp_walign_import(const xp_import *im, xp_walign *a, xp_err *err);
#endif
