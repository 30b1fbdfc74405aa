/*
 * io/conll.h — CoNLL-2012 coreference files.
 *
 * Reads tab-separated lines, OntoNotes' space-aligned columns, and MMC's
 * single-space lines whose speaker names contain spaces (the speaker is what
 * lies between the five `na` after the word and the three `na` before the
 * coreference column; the word may be a space, empty, or U+200C).  The
 * document id and part come from `#begin document (ID); part NNN`; the part
 * column is compared numerically, so `009` and `9` agree.  Brackets must open
 * and close within one sentence.
 *
 * Writes tab-separated lines: id, part, index, word, five `na`, speaker (`-`
 * when empty), three `na`, coreference; `#begin document (ID); part NNN`.
 * Columns the model does not keep (POS, parse, NE, ...) are written as `na`.
 */
#ifndef XP_CONLL_H
#define XP_CONLL_H

#include "../base/buf.h"
#include "read.h"

int xp_conll_read(const char *name, const char *buf, size_t len, const xp_read_opts *o,
		  xp_corpus *c, xp_err *err);
/* The same for a part of a file whose first line is line line0 + 1 (a
 * document at a time: xproj project). */
int xp_conll_read_at(const char *name, const char *buf, size_t len, unsigned long line0, const xp_read_opts *o,
		     xp_corpus *c, xp_err *err);
void xp_conll_write(xp_buf *out, const xp_corpus *c);
void xp_conll_write_doc(xp_buf *out, const xp_doc *d);
/* Refuses (XP_EINPUT, naming path, the document and the spans) two mentions
 * of one cluster in one sentence that cross: brackets, CoNLL's and
 * CorefUD's, read them back as other spans.  Call before writing either.
 * The check (and xp_conll_crossings) takes the mentions in any order; the
 * writers want them in utterance order, as xp_doc_finish leaves them. */
int xp_conll_check(const char *path, const xp_corpus *c, xp_err *err);
int xp_conll_check_doc(const char *path, const xp_doc *d, xp_err *err);
/* The one crossing test, for those that must say more than the first pair
 * (the store: which edit would make one, which mentions hold one): fn gets
 * each crossing pair of a sentence found (indices into d->mentions, a
 * opened first), at least one per sentence that has any; a non-zero return
 * stops the sweep and is returned.  -1 (err) when out of memory. */
typedef int (*xp_conll_cross_fn)(void *ctx, const xp_doc *d, size_t a, size_t b);
int xp_conll_crossings(const xp_doc *d, xp_conll_cross_fn fn, void *ctx, xp_err *err);

#endif
