/*
 * tools/pstream.h — `xproj project` a document at a time (issue 37): the
 * English CoNLL file, aligned.jsonl and the alignment files read side by
 * side, each document projected (project.h xp_proj_stream) and written to
 * the outputs' temporary files before the next is read, so that memory is
 * the largest document's, not the corpus'.
 *
 * It is the whole-corpus path made lean, never a second behaviour: where
 * the files are not laid out as it reads them (another format than CoNLL,
 * the aligned corpus in another order than the English documents, a map in
 * another order, a document twice, an output to stdout, --repair) or
 * anything fails (bad input, a refused projection, a full disk), it
 * answers "no" with nothing written, and the command runs the whole-corpus
 * path, whose outputs it equals byte for byte and whose messages then say
 * what was wrong.
 */
#ifndef XP_PSTREAM_H
#define XP_PSTREAM_H

#include "../io/read.h"
#include "../project/project.h"

#include <stddef.h>

typedef struct xp_pstream_args {
	const char *source, *aligned, *alignments, *probs, *map, *out, *jsonl, *report;
	const char *const *alt;
	size_t nalt;
	int one_based, keep_empty, allow_empty;
	const xp_proj_opts *o;
	const char *settings;   /* the report's "settings" (xp_proj_settings) */
} xp_pstream_args;

/* What the summary prints, of a run that was streamed. */
typedef struct xp_pstream_result {
	xp_proj_stats total;
	xp_proj_gender gender;
	char lang[16];
	int segmenter;           /* xp_projection.segmenter */
	size_t empty;           /* documents without a target sentence, not written */
	size_t ndocs, passes;
} xp_pstream_result;

/* 1: projected and the outputs committed; 0: not streamed, nothing written
 * (run the whole-corpus path). */
int xp_pstream_run(const xp_pstream_args *a, xp_pstream_result *res);

/* The English documents alone, a document at a time, each with its records
 * of the aligned corpus (db import, correct/db.h xp_db_import_run_docs),
 * read as the project above reads them.  open: 0, or -1 when the files are
 * not laid out so (then close it all the same).  next: 1 and the next
 * document, in *en, with its records in *al (valid until the next call);
 * 0 at the end, every record used; -1: not read so (another order, a
 * document twice, bad input: the whole path says what). */
typedef struct xp_pstream_docs xp_pstream_docs;
int xp_pstream_docs_open(const char *source, const char *aligned, xp_pstream_docs **D);
int xp_pstream_docs_next(xp_pstream_docs *D, const xp_corpus **en, const xp_aligned **al);
void xp_pstream_docs_close(xp_pstream_docs *D);

/* A corpus file, CoNLL or jsonlines, a document at a time (`convert`),
 * read as the whole file's reader reads it.  open: 0, or -1 when it is not
 * read so (another format, stdin: then nothing is open).  next: 1 and the
 * next document in c (empty before), 0 at the end, -1: not read so (a
 * line outside a document, a document twice, bad input: the whole path
 * says what). */
typedef struct xp_pstream_corpus xp_pstream_corpus;
int xp_pstream_corpus_open(const char *path, xp_format fmt, xp_pstream_corpus **D);
int xp_pstream_corpus_next(xp_pstream_corpus *D, xp_corpus *c, const xp_read_opts *ro);
void xp_pstream_corpus_close(xp_pstream_corpus *D);

#endif
