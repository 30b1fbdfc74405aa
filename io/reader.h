/*
 * io/reader.h — private to the library: what the corpus readers (CoNLL,
 * jsonlines, CoNLL-U, MMAX2) share beyond io/read.h's options: how a
 * malformed construct is reported, and counts kept in a document's
 * metadata.
 */
#ifndef XP_READER_H
#define XP_READER_H

#include "read.h"

/* Shared by readers: report a malformed construct.  Returns -1 (stop) in
 * strict mode, 0 (construct dropped, go on) when repairing or keeping going. */
int xp_read_problem(const xp_read_opts *o, xp_err *err, const char *file,
		    unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void xp_read_warn(const xp_read_opts *o, const char *file, unsigned long line,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Shared by readers that count what their format holds and the model does
 * not (io/mmax2.h, io/conllu.h): a count in a document's metadata, and
 * back (0 when the key is not there).  xp_meta_set_count: -1 on OOM. */
int xp_meta_set_count(xp_corpus *c, xp_doc *d, const char *key, size_t v);
size_t xp_meta_count(const xp_doc *d, const char *key);

#endif
