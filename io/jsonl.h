/*
 * io/jsonl.h — HOI / e2e-coref JSON Lines, one document per line.
 *
 * Word files: {"doc_key": "ID_PART", "sentences": [[w,...],...],
 * "speakers": [[s,...],...], "clusters": [[[start,end],...],...]} with
 * clusters over word indices of the whole document, ends INCLUSIVE.
 *
 * Subtoken files (MMC's *.512.jsonlines, SpanBERT segments) carry
 * "subtoken_map" and "sentence_map" as well: clusters index subtokens and are
 * mapped back to words through subtoken_map, words are grouped into
 * sentences through sentence_map, and the words themselves come from
 * "tokens" when present (else from the subtokens, joining "##" pieces).
 * A word that has no subtoken (a tokenizer drops a lone U+200C) stays in
 * the sentence of the word before it, so counts agree with the CoNLL file.
 *
 * The writer adds "mention_ids" (same shape as "clusters") so that stable
 * mention ids survive a trip through jsonlines, and "confidence" (same
 * shape) for projected mentions; readers take both when present.
 */
#ifndef XP_JSONL_H
#define XP_JSONL_H

#include "../base/buf.h"
#include "read.h"

int xp_jsonl_read(const char *name, const char *buf, size_t len, const xp_read_opts *o,
		  xp_corpus *c, xp_err *err);
int xp_jsonl_write(xp_buf *out, const xp_corpus *c, xp_err *err);

/* "s07e01c00t_3" -> id "s07e01c00t", part 3; without "_N" the part is 0. */
void xp_split_doc_key(const char *key, size_t *idlen, int *part);

#endif
