/*
 * project/consist.h — one entity, one rendering: an entity's projected
 * spans made consistent across a scene, and a name's across the corpus.
 *
 * The English gold says which mentions are the same entity.  A name or a
 * noun phrase said again ("Joey", "your father") is rendered again the same
 * way by the translation (乔伊, پدرت), while the aligner, sentence by
 * sentence, misses or misplaces some of them.  So:
 *   - in one document, the mentions of one cluster that share their English
 *     words (case-folded) are a group; the target words its projected
 *     members were placed on most often (no other words as often) are its
 *     rendering;
 *   - an English name (model/mtype.h) is rendered alike all through a show
 *     (钱德 for Chandler in every episode): where its own group has no
 *     rendering, the target words that at least two projections of that
 *     name agree on across the corpus (no other words as often) are.
 * A member left null (no link, or a rule filtered it) or placed elsewhere
 * takes the rendering where it occurs in its own target sentence, on words
 * no mention of another cluster holds: the occurrence nearest its old span
 * (or its English position).  In Farsi a one-word rendering may carry an
 * enclitic there (جویی -> جوییه, پدرت -> پدرتو), and the span is that word, as
 * the corrected files mark it.  Lone English pronouns are not grouped (the
 * word says nothing about the entity; lang.c's pronoun rules place them).
 *
 * XP_NP_CONSIST (np.h) switches it (`--no-np consist`); the report marks the
 * mentions it placed.
 */
#ifndef XP_CONSIST_H
#define XP_CONSIST_H

#include "project.h"

#include <stddef.h>
#include <stdint.h>

/* A target sentence as written (characters with --chars): n tokens. */
typedef struct xp_consist_sent {
	const char *const *w;
	const uint32_t *len;
	uint32_t n;
} xp_consist_sent;

/* The corpus: every target sentence, and per mention (the n of m[], in
 * document order) what the rule needs. */
typedef struct xp_consist_in {
	const char *lang;                 /* target language (its pack's noun_clitics) */
	const xp_consist_sent *sent;      /* every target sentence of every document */
	size_t nsent;
	const size_t *sent0;              /* per document: its first sentence in sent[] */
	const uint32_t *doc;              /* per mention: its document */
	const int32_t *at;                /* per mention: its target sentence in sent[], -1 if none */
	const char *const *key;           /* per mention: its English words joined by spaces;
					     NULL: not grouped (lone pronouns) */
	const uint8_t *name;              /* per mention: an English name (model/mtype.h): 1, or 2
					     when it does not begin its sentence (capitalised as a
					     name, not as a first word: "What" is no name) */
	const float *pos;                 /* per mention: its English position, a share of its utterance */
} xp_consist_in;

/* Per document d, its first mention: [r[d], r[d + 1]) are document d's
 * mentions of the n (n > 0) of in (a document without mentions an empty
 * range); malloc'd, the caller frees it; NULL on OOM.  The rules that look
 * at the other mentions of a mention's document (consist, names, phrases)
 * share it. */
size_t *xp_consist_doc_first(const xp_consist_in *in, size_t n);

/* Relinks mentions m[0..n) as above; returns how many it placed (each
 * marked XP_NP_CONSIST in m[].np), or -1 on OOM. */
long xp_consist(xp_proj_mention *m, size_t n, const xp_consist_in *in);

/* The same a part of the corpus (whole documents) at a time, as `project`
 * streams it: a first pass gives every part with apply 0 (the documents'
 * groups are settled, their names counted into t), then
 * xp_consist_names_settle finds each name's rendering (how many names have
 * one, or -1 on OOM: with none, the first pass's spans are final); a second
 * pass gives the parts again, as they were, with apply 1 (the documents'
 * groups, then the names placed).  Each part ends as it would in the whole
 * corpus.  t holds the names and their renderings, not the corpus. */
typedef struct xp_consist_names xp_consist_names;
xp_consist_names *xp_consist_names_new(void);
void xp_consist_names_free(xp_consist_names *t);
long xp_consist_part(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_consist_names *t, int apply);
long xp_consist_names_settle(xp_consist_names *t);

#endif
