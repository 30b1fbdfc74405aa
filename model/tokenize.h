/*
 * model/tokenize.h — splitting text into tokens with ICU.
 *
 * Words and punctuation marks become tokens (ICU's word break rules, with
 * dictionaries for Chinese, Japanese and Thai), spaces separate them (a
 * segment of blanks only, model/charspan.h, is no token).  For Chinese,
 * XP_TOK_CHARS makes every character (charspan.h: blanks set aside) a
 * token, as MMC's projected Chinese files have it.  Offsets are UTF-8 byte ranges of the
 * input, so the model can keep the original text.
 */
#ifndef XP_TOKENIZE_H
#define XP_TOKENIZE_H

#include "corpus.h"

typedef enum { XP_TOK_WORDS, XP_TOK_CHARS } xp_tok_mode;

/* Tokens of s[0..n) into *out (grown as needed, *cap its capacity). */
int xp_tokenize(const char *s, size_t n, xp_tok_mode mode, const char *locale, xp_tok **out,
		uint32_t *ntok, size_t *cap);

/* 1 if the UTF-8 token is made of punctuation and symbols only. */
int xp_is_punct(const char *s);

/* What xp_punct_only counts besides Unicode's punctuation (the general
 * categories P*: ICU's u_ispunct). */
enum {
	XP_PUNCT_SYMBOLS = 1u,   /* and symbols (S*: $ % + ...): xp_is_punct's class */
	XP_PUNCT_NO_QUOTES = 2u, /* but no quotation mark (Unicode's Quotation_Mark: " ' « » “ ” 「 」)
				    and no bracket (Ps, Pe: ( ) [ ] 【 】) */
	/* only the punctuation that stands between words, not in a word or a
	 * number: the P* characters whose Line_Break class is punctuation's
	 * own (OP CL CP QU EX IS HY BA B2 IN NS: , . ; : ? ! ¿ ¡ « » ， 。 、
	 * ، ؟ ؛ - – — …), not % ٪ ‰ ′ (PO), \ (PR), / (SY), # & @ * _ • (AL),
	 * § · † (AI), ٫ ٬ (NU), which Unicode files under Po too */
	XP_PUNCT_CLAUSE = 4u,
};
/* 1 if s[0..n) (UTF-8, not NUL-terminated) is one character or more and
 * every one of them is punctuation by `what` (XP_PUNCT_*); 0 if not, or if
 * the bytes are no valid UTF-8.  A word with an apostrophe (l', don't) is
 * not punctuation: its letters are not. */
int xp_punct_only(const char *s, size_t n, unsigned what);

/* Append an utterance whose text is `text` (copied) and whose tokens are
 * byte ranges of it. */
xp_utt *xp_doc_add_utt_text(xp_corpus *c, xp_doc *d, const char *speaker, const char *text,
			    const xp_tok *toks, uint32_t n);

#endif
