/*
 * model/zhseg.h — Chinese words as jieba cuts them (its default, "accurate"
 * mode with the HMM for unknown words).
 *
 * Why jieba and not ICU: MMC's Chinese corpora were segmented by jieba, and
 * every mention of them, silver and human-corrected, begins and ends on a
 * jieba word (all 7301 mentions of MMC dev, all 1157 of mmc-tune's corrected
 * file; the corrected file's words are jieba's in every one of its 346
 * sentences).  ICU's dictionary words differ at one boundary in fifteen
 * (格拉巴酒, 梦中情人, 瑞斯加 ...), so a span projected through ICU words cuts
 * the annotators' words there.
 *
 * The model is jieba's own data as Debian's python3-jieba installs it (a
 * directory with dict.txt, "word count tag" a line, and finalseg/prob_start.py,
 * prob_trans.py, prob_emit.py, the HMM's log probabilities as Python dict
 * literals); it is read, never copied.  The algorithm, written here from its
 * description: the dictionary's words over the sentence form a DAG, the
 * segmentation is the path of highest product of word frequencies; a run of
 * characters the path leaves single that is no dictionary word is re-cut by
 * a B/M/E/S Viterbi over the HMM (names: 瑞斯加).  Ties break as jieba's do,
 * so the words are jieba's.
 */
#ifndef XP_ZHSEG_H
#define XP_ZHSEG_H

#include "../base/error.h"

#include <stddef.h>
#include <stdint.h>

/* where python3-jieba puts its data */
#define XP_ZHSEG_DIR "/usr/lib/python3/dist-packages/jieba"

typedef struct xp_zhseg xp_zhseg;

/* The segmenter of the jieba data directory dir; XP_ENOTFOUND when its
 * dict.txt is missing, XP_EINPUT (file:line) when a file is malformed. */
int xp_zhseg_open(const char *dir, xp_zhseg **out, xp_err *err);
/* The same from the four files' texts (dict.txt, finalseg/prob_start.py,
 * prob_trans.py, prob_emit.py), named name[] in errors. */
int xp_zhseg_parse(const char *const text[4], const size_t len[4], const char *const name[4], xp_zhseg **out,
		   xp_err *err);
void xp_zhseg_free(xp_zhseg *z);

/* The part of speech dict.txt gives the word w[0..n) ("n", "ns", "v", "uj"
 * ...; "" when the line has none), NULL when it is no word of the
 * dictionary. */
const char *xp_zhseg_tag(xp_zhseg *z, const char *w, size_t n);

/* The words of the UTF-8 text s[0..n): start[i] = 1 where a word begins at
 * byte i, 0 elsewhere, start[n] = 1 (n + 1 entries).  -1 when memory ran
 * out. */
int xp_zhseg_cut(xp_zhseg *z, const char *s, size_t n, uint8_t *start);

#endif
