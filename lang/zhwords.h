/*
 * lang/zhwords.h — XP_NP_ZH_WORDS (np.h): with --chars, a Chinese span
 * never cuts a word of the segmentation the target corpus was annotated on.
 * MMC's Chinese corpora are on jieba's words (model/zhseg.h): each of their
 * mentions begins and ends on one.  The projection's spans come from the
 * aligner's ICU words, which differ from jieba's at one boundary in fifteen
 * (格拉巴|酒 where jieba has 格拉|巴酒, 梦中|情人 as 梦中情人, 瑞斯|加 as
 * 瑞斯加); a span's edge inside a jieba word moves out to that word's edge.
 * It acts last, on every projected span of the sentence (pronouns moved or
 * recovered too), before collisions are settled.  XP_NP_ZH_DE and
 * XP_NP_ZH_NAME_TRIM act after it on the same words.
 */
#ifndef XP_ZHWORDS_H
#define XP_ZHWORDS_H

#include "../model/zhseg.h"

#include <stdint.h>

/* start[j] = 1 where written token j (tokens w[0..n), lengths len[], laid
 * side by side) begins a word of z, start[n] = 1 (n + 1 entries); a token
 * inside a word is 0.  blank[j] (n entries, or NULL for none) says the text
 * had a blank between tokens j - 1 and j: where both meet in ASCII letters
 * or digits a space is laid between them, since they were two Latin words
 * ("Joey Tribbiani") that jieba would make one; without a blank ("o" "k" of
 * a text written "ok") they spell one word.  -1 when memory ran out. */
int xp_seg_word_starts(xp_zhseg *z, const char *const *w, const uint32_t *len, const uint8_t *blank, uint32_t n,
		      uint8_t *start);

/* [*a, *b) grown to the words it touches (start[] as above, n tokens); 1 if
 * it grew. */
int xp_zh_words_snap(const uint8_t *start, uint32_t n, uint32_t *a, uint32_t *b);

/* XP_NP_ZH_DE (np.h), on jieba's words (start[] as above): a noun phrase's
 * span [*a, *b) that ends in the modifier marker 的 takes the word after it
 * when the dictionary calls that a noun (its head); 1 if it grew. */
int xp_zh_de(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
	     uint32_t *a, uint32_t *b);

/* XP_NP_ZH_DE_END (np.h), on jieba's words: a noun phrase's span [*a, *b)
 * followed by the word 的 and then punctuation, 是 or the sentence's end
 * takes the 的 (金发的 "the blond one"); 1 if it grew. */
int xp_zh_de_end(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		 uint32_t *a, uint32_t *b);

/* XP_NP_ZH_MEASURE (np.h), on jieba's words: a noun phrase's span [*a, ...)
 * after a measure word (np.h xp_zh_measure_word: 个 of 是个, 一瓶, 这位; one
 * jieba word, or two: 一|个) takes it; 1 if it grew. */
int xp_zh_measure(const char *const *w, const uint32_t *len, const uint8_t *start, const uint8_t *held, uint32_t *a);

/* XP_NP_ZH_HEAD (np.h), on jieba's words: a noun phrase's span [*a, *b) that
 * ends in a measure word (这件, 一个) takes the word after it when the
 * dictionary calls that a noun (这件|事); 1 if it grew. */
int xp_zh_head(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
	       const uint8_t *held, uint32_t *a, uint32_t *b);

/* XP_NP_ZH_LOCATIVE (np.h), on jieba's words: a noun phrase's span [*a, *b)
 * whose last word is a localiser (上, 中, 里, 时 ...) after other words
 * drops it; 1 if it shrank. */
int xp_zh_locative(const char *const *w, const uint32_t *len, const uint8_t *start, uint32_t *a, uint32_t *b);

/* XP_NP_ZH_VERB_TAIL (np.h), on jieba's words: a noun phrase's span [*a, *b)
 * whose last word the dictionary calls a verb (not a verbal noun, vn), after
 * a word it calls a noun, drops the verb, as often as that holds, unless the
 * word after the span is 的; 1 if it shrank. */
int xp_zh_verb_tail(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		    uint32_t *a, uint32_t *b);

/* XP_NP_ZH_CLAUSE_HEAD (np.h), on jieba's words: a span [*a, *b) followed by
 * the word 的 and a word the dictionary calls a noun takes both; 1 if it
 * grew (*a is left: the signature of the other edge rules). */
int xp_zh_clause_head(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		      uint32_t *a, uint32_t *b);

/* XP_NP_ZH_NAME_TRIM (np.h), on jieba's words: an English name's span
 * [*a, *b) drops the words at its edges that the dictionary calls verbs or
 * function words, as long as a word remains; 1 if it shrank. */
int xp_zh_name_trim(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		    uint32_t *a, uint32_t *b);

/* How a corrector of a noun phrase reads the edges of span [a, b) (start[] as
 * above, n tokens), to jieba's dictionary: XP_ZH_EDGE_LAST when its last
 * word is a verb, adjective, adverb, preposition, conjunction, particle or
 * locative (not a verbal or adjectival noun: vn, an); XP_ZH_NOUN_BEFORE,
 * XP_ZH_NOUN_AFTER when the word right before, right after it is a noun.
 * A Chinese noun phrase ends in its head noun: a span that ends otherwise
 * holds a word of the clause around the mention (这些人会 for "these people",
 * 街用 for "the street"), and one with a noun beside it cuts a compound or
 * a longer phrase.  On MMC dev the silver calls 46% of the non-pronoun spans
 * that end in a verb wrong against 25% of those ending in a noun, and 50% of
 * those with a noun right before them; mmc-tune's correctors 45%, 23%, 48%.
 * 0 for a span off the sentence. */
enum { XP_ZH_EDGE_LAST = 1, XP_ZH_NOUN_BEFORE = 2, XP_ZH_NOUN_AFTER = 4 };
unsigned xp_zh_edge_words(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
			  uint32_t a, uint32_t b);

/* XP_NP_ZH_WEAK_LEAD (np.h), on jieba's words: the span [*a, *b) whose
 * strongly linked part begins at token lead drops the words before the
 * jieba word holding lead, when the dictionary calls each a verb (not a
 * verbal noun), preposition, adverb (not one before an adjective) or
 * conjunction, or a numeral or measure word where counting is 0 (the
 * English has no determiner a measure word stands for); 1 if it shrank. */
int xp_zh_weak_lead(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		    uint32_t lead, int counting, uint32_t *a, uint32_t *b);

/* XP_NP_ZH_PARTICLE (np.h), on jieba's words: the span [a, b) is nothing but
 * words the dictionary calls particles (u, uj, ul, ud, uz, ug, uv: 的, 了,
 * 得, 着, 过, 地 ...). */
int xp_zh_particles_only(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
			 uint32_t a, uint32_t b);

#endif
