/*
 * io/aligned.h — the aligned-corpus file: the contract between utterance
 * alignment (align/) and projection (project/).  JSON Lines, one object per
 * source utterance in document order:
 *
 *   {"doc":"s09e03c09t","part":9,"utt":0,"speaker":"Penny",
 *    "src":["There","you","go","."],"tgt_lang":"LANG","tgt_text":"Bitte schön",
 *    "tgt":["Bitte","schön"],"en_subs":[12,13],"tgt_subs":[12],"score":0.93,
 *    "en_sub_text":["There you go.","- Thanks."],"tgt_sub_text":["Bitte schön"]}
 *
 * (`tgt_lang` is the target's code, as its pack in lang/ names it.)
 *
 * `src` are exactly the source tokens (the CoNLL tokens when the transcript
 * is a CoNLL file); `tgt` is the target tokenised for word alignment, [] when
 * nothing aligned.  `en_subs`/`tgt_subs` are the subtitle blocks the
 * utterance was matched to (the file's block numbers) and `en_sub_text`/
 * `tgt_sub_text` each block's whole text as the subtitle file has it (lines
 * joined by a space): what a corrector reads next to the tokens.  tgt_text is
 * only the part of those blocks that is this utterance's (one dash turn of
 * a two-speaker block).  The two text lists are optional (files written
 * before they existed have neither); when present each has one entry per
 * block of its list.
 *
 * A record may stand for consecutive source utterances merged into one unit
 * (`xproj pair` linking two English sentences to one target sentence):
 * "src_utts":[4,5] then names them, "utt" is the first, and "src" is their
 * tokens one after the other; the later ones have no record of their own.
 * Absent, the record is the one utterance "utt".  xp_aligned_units gives
 * the source corpus those units as utterances.
 *
 * "aconf" (0..1) and "doubt" (["time","order",...]) say how far the
 * utterance's pairing with its subtitle lines is to be trusted (align/
 * uconf.h); both optional, "doubt" absent when nothing is doubtful.
 */
#ifndef XP_ALIGNED_H
#define XP_ALIGNED_H

#include "../base/buf.h"
#include "../base/error.h"
#include "../base/mem.h"
#include "../base/vocab.h"
#include "../model/corpus.h"

#include <stdint.h>

typedef struct xp_autt {
	const char *doc;
	int part;
	uint32_t utt;
	const char *speaker;
	const char **src;
	uint32_t nsrc;
	const char *tgt_lang, *tgt_text;
	const char **tgt;
	uint32_t ntgt;
	uint32_t *en_subs, *tgt_subs;
	uint32_t nen_subs, ntgt_subs;
	/* the text of each block of en_subs / tgt_subs; NULL (and no entries)
	 * when the file did not say */
	const char **en_sub_text, **tgt_sub_text;
	double score;
	/* the source utterances this record's src joins, when more than one
	 * (src_utts[0] == utt); NULL and 0 otherwise */
	uint32_t *src_utts;
	uint32_t nsrc_utts;
	/* how far the pairing with these subtitle lines is to be trusted
	 * (align/uconf.h): "aconf" 0..1 and "doubt", the names of what makes
	 * it doubtful ("time", "order", ...; absent when nothing does), written
	 * by the episode aligner; has_aconf 0 when the file did not say */
	int has_aconf;
	double aconf;
	const char **doubt;
	uint32_t ndoubt;
	/* the line of the file the record was read from (xp_aligned_read),
	 * which an error about it names; 0 for a record made in memory, whose
	 * errors name its place k + 1 (its line as xp_aligned_write writes) */
	unsigned long line;
} xp_autt;

typedef struct xp_aligned {
	xp_autt *v;
	size_t n, cap;
	xp_arena arena;
} xp_aligned;

int xp_aligned_read(const char *path, xp_aligned *a, xp_err *err);
int xp_aligned_read_mem(const char *name, const char *buf, size_t len, xp_aligned *a, xp_err *err);
void xp_aligned_write(xp_buf *out, const xp_aligned *a);
void xp_aligned_free(xp_aligned *a);
/* The tokens t[0..n) of text as strings in the aligned corpus' arena (for
 * a record's src or tgt); NULL when memory runs out. */
const char **xp_aligned_strs(xp_aligned *a, const char *text, const xp_tok *t, uint32_t n);

/* A record's key, "doc<TAB>part<TAB>utt" (utt < 0: its document's,
 * "doc<TAB>part"), with a tab or newline in doc written as '_': the one
 * spelling that the bitext map, projection and the store's import use, so a
 * map line is a key.  Returns its length (cut to fit n). */
size_t xp_aligned_key(char *out, size_t n, const char *doc, long long part, long long utt);
/* The text a projection of document d is made from, hashed (FNV-1a,
 * base/text.h): d's English tokens, then the target tokens of each of its
 * utterances' records (keys: xp_aligned_index's), each token ended by a
 * byte UTF-8 never has.  Utterances joined into one unit (xp_aligned_units)
 * hash alike, joined or not.  The report carries it per document
 * ("text_hash", docs/formats.md): `db import` refuses a report made from
 * other text of the same lengths. */
uint64_t xp_aligned_doc_hash(const xp_doc *d, const xp_aligned *al, xp_vocab *keys);
/* keys gets record k's key as id k; (doc, part, utt) must be unique, an
 * utterance given twice is an error naming name. */
int xp_aligned_index(const xp_aligned *a, const char *name, xp_vocab *keys, xp_err *err);

/* When some record of a joins several source utterances ("src_utts"):
 * units gets a copy of en where each such run is one utterance (tokens one
 * after the other, each mention's offsets shifted by the tokens before it
 * in the unit) and ua a copy of a whose records are keyed by the units'
 * numbers; *merged says how many utterances were joined into others.  With
 * none, *merged = 0 and nothing is built.  A record whose src is not the
 * joined utterances' tokens, or a run outside its document, is an error
 * naming name. */
int xp_aligned_units(const xp_corpus *en, const xp_aligned *a, const char *name, xp_corpus *units,
		     xp_aligned *ua, size_t *merged, xp_err *err);

/* The bitext of the utterances with non-empty source and target ("src ||| tgt" per
 * line, see bitext.h) and its map (one record key per line). */
void xp_aligned_bitext(const xp_aligned *a, xp_buf *pairs, xp_buf *map);
/* The source side's mentions of each line xp_aligned_bitext writes, from
 * the English corpus en the records' src came from: one line per pair,
 * "i-j" for each distinct mention span (source tokens i..j, 0-based and
 * inclusive, as the aligner's --src-spans reads them), records that join
 * utterances with their mentions shifted (xp_aligned_units).  A record whose
 * document or utterance en does not have, or whose src is not as long as
 * its utterance, is an error naming name. */
int xp_aligned_spans(const xp_corpus *en, const xp_aligned *a, const char *name, xp_buf *out, xp_err *err);
/* Which bitext line belongs to each record, read back: the order
 * xp_aligned_bitext writes (records with both sides non-empty), or the map
 * file it wrote.  line[k] = UINT32_MAX for records without a line. */
int xp_bitext_lines(const xp_aligned *al, const char *map_path, uint32_t **line, size_t nlines,
		    xp_err *err);

#endif
