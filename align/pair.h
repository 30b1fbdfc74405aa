/*
 * align/pair.h — pairing a released target corpus with its English corpus.
 *
 * MMC-style releases hold, per document, one target sentence for each
 * English utterance that had a subtitle, in utterance order, with the
 * English speaker in the speaker column; utterances without a subtitle are
 * simply absent.  Which utterance each target sentence belongs to is not
 * written anywhere, so it is found again: per document, a monotone dynamic
 * programme places every target sentence on its own English utterance,
 * scored by
 *   - the speaker (the same name, or a heavy penalty),
 *   - the length (target length over English length against the corpus'
 *     ratio, a Gaussian in the log ratio, re-estimated on a first pairing),
 *   - the prior share of utterances that have a target,
 *   - small cues both sides keep: a question mark, digits and Latin words.
 * Each pairing's confidence is its posterior probability over every
 * monotone pairing (forward-backward on the same scores), so a sentence
 * that could as well sit on its neighbour shows a low confidence.
 *
 * The result is an aligned corpus (io/aligned.h) with one record per
 * English utterance, the target empty where none was paired, ready for
 * `xproj bitext` and `xproj project`.
 *
 * Documents whose sentences are not one to one and carry no speakers (TED
 * talks, news: ParCorFull) are paired n:m instead (XP_PAIR_LINKS_NM,
 * align/sentalign.h): 1:1, 1:0, 0:1, 1:2, 2:1 and 2:2 links by length and
 * lexical anchors.  A record then stands for one link: two target
 * sentences are joined into its target (tgt_subs names both), two English
 * sentences into its source ("src_utts", which `project` reads as one
 * unit).  An English sentence linked to nothing (1:0) gets a record with
 * an empty target, as above; a target sentence linked to nothing (0:1) has
 * no record and is counted (xp_pair_stats.tgt_alone).
 */
#ifndef XP_PAIR_H
#define XP_PAIR_H

#include "../io/aligned.h"
#include "../model/corpus.h"

typedef enum {
	XP_PAIR_TOKENS_FILE,   /* the target file's tokens, as they are */
	XP_PAIR_TOKENS_WORDS,  /* the sentence text re-split into ICU words */
} xp_pair_tokens;

typedef enum {
	XP_PAIR_LINKS_AUTO,    /* subset when the target carries speakers, n:m otherwise */
	XP_PAIR_LINKS_SUBSET,  /* every target sentence on its own English utterance (MMC) */
	XP_PAIR_LINKS_NM,      /* n:m links, align/sentalign.h */
} xp_pair_links;

typedef struct xp_pair_opts {
	const char *tgt_lang;      /* NULL or "": guessed from the script (model/script.h) */
	xp_pair_tokens tokens;
	double speaker_penalty;    /* log-score of a speaker mismatch (negative) */
	xp_pair_links links;
	int length_only;           /* n:m without lexical anchors (plain Gale-Church) */
	int dict_pass;             /* n:m: a first pass, word-aligned, gives word pairs as anchors */
} xp_pair_opts;

void xp_pair_defaults(xp_pair_opts *o);

typedef struct xp_pair_stats {
	size_t documents, utterances, targets, paired;
	size_t src_only_docs;      /* English documents the target file lacks */
	size_t speaker_mismatch;   /* pairs whose speakers differ */
	size_t unsure;             /* pairs with confidence below 0.9 */
	double conf_sum;
	double ratio;              /* target length per English word, as estimated */
	const char *tgt_lang;      /* the language used (given or guessed) */
	const char *script;        /* the script found in the target text */
	int guessed;               /* 1 when tgt_lang came from the script */
	/* n:m pairing (nm = 1): links of each type by English x target
	 * sentences, link[ne][nt]; the English sentences linked to no target
	 * (1:0, their record's target empty) and the target sentences linked
	 * to no English (0:1: in no record) */
	int nm;
	size_t link[3][3];
	size_t src_alone, tgt_alone;
	size_t dict_pairs;         /* --dict-pass: the word pairs kept as anchors */
} xp_pair_stats;

/* Pair every document of tgt with the document of en that has its id and
 * part, appending one record per English utterance (n:m: per link) to out.
 * A target document that en lacks, or (subset pairing) one with more
 * sentences than its English document has utterances, is an error naming
 * it.  Without tgt_lang the
 * language is guessed from the target's script (st->guessed, st->script);
 * a script that names none gives "" and spaced tokens. */
int xp_pair(const xp_corpus *en, const xp_corpus *tgt, const xp_pair_opts *o, xp_aligned *out,
	    xp_pair_stats *st, xp_err *err);

#endif
