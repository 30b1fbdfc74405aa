/*
 * eval/chars.h — scoring across tokenisations: two corpora that hold the same
 * text, tokenised differently, put onto characters.
 *
 * MMC's Chinese silver file has one character per token and its corrected
 * file is word-segmented; the reference scorer compares token offsets, so
 * the two cannot be scored as they are.  xp_chars_map rewrites both sides so
 * that every token is one character (model/charspan.h: a code point; the
 * blanks, white space and invisible format characters such as ZWNJ, are
 * dropped, so "发 誓" and "发誓" are the same two characters) and every
 * mention covers the characters of its tokens.  The ordinary scorer
 * (score.h) then compares the rewritten corpora, which is MMC's own way of
 * comparing its silver with its corrections.
 *
 * Sentences are paired inside each pair of documents (same id and part) by
 * their characters: a longest common subsequence of equal texts, so one
 * sentence missing on one side does not shift the rest.  A
 * sentence left unpaired (its text differs, or it has no counterpart) is an
 * error naming it, unless the caller asks for XP_CHARS_SCORE_MISMATCHED:
 * then it is kept in both rewritten documents, with its mentions on its own
 * side only, so the key's mentions there count as misses and the response's
 * as false alarms.  Documents with no counterpart are rewritten alone (the
 * scorer then treats them as it always does).
 */
#ifndef XP_CHARS_H
#define XP_CHARS_H

#include "../model/corpus.h"

enum { XP_CHARS_SCORE_MISMATCHED = 1 };

typedef struct xp_chars_stats {
	size_t sentences;             /* sentence pairs with equal texts */
	size_t key_unpaired;          /* key sentences with no equal response sentence */
	size_t resp_unpaired;         /* and the other way round */
	size_t key_dropped, resp_dropped;   /* mentions over blanks only */
	size_t key_merged, resp_merged;     /* mentions that fell onto another one of
					       their cluster (same characters) */
} xp_chars_stats;

/* Rewrite key and resp onto characters into *key_out and *resp_out (zeroed
 * corpora the caller frees with xp_corpus_free, also on failure).  key_name
 * and resp_name are the file names errors cite.  Fails with XP_EINPUT
 * naming the first unpaired sentence (file:line of the key's, or the
 * response's when the key has none there) unless flags has
 * XP_CHARS_SCORE_MISMATCHED; with XP_ENOMEM when memory runs out. */
int xp_chars_map(const xp_corpus *key, const xp_corpus *resp, const char *key_name,
		 const char *resp_name, unsigned flags, xp_corpus *key_out, xp_corpus *resp_out,
		 xp_chars_stats *st, xp_err *err);

#endif
