/*
 * io/read.h — what every corpus reader takes, and reading/writing a corpus
 * in whichever format a path names.
 *
 * Readers stop at the first malformed construct with file:line in xp_err,
 * unless asked to repair (drop the construct, note it as a warning) or to
 * keep going (note it as a problem and go on, which is what `validate`
 * does to list every problem in one pass).
 */
#ifndef XP_READ_H
#define XP_READ_H

#include "../base/buf.h"
#include "../base/outputs.h"
#include "../model/corpus.h"

typedef struct xp_read_opts {
	int repair;         /* drop dangling brackets etc., record a warning */
	int keep_going;     /* record problems and go on (implies repair's fixes) */
	xp_diags *diags;    /* where warnings and problems go; may be NULL */
} xp_read_opts;

/* MMAX2 (io/mmax2.h) is read only, from files: a .mmax file or a directory
 * of them.  CONLLU is CorefUD's CoNLL-U (io/conllu.h). */
typedef enum { XP_FMT_AUTO, XP_FMT_CONLL, XP_FMT_JSONL, XP_FMT_MMAX2, XP_FMT_CONLLU } xp_format;

/* From a name: "conll", "jsonlines"/"jsonl", "mmax2"/"mmax",
 * "conllu"/"corefud"; XP_FMT_AUTO if unknown. */
xp_format xp_format_named(const char *name);
/* From a path's extension (.conll, *_conll, .jsonlines, .jsonl, .json,
 * .conllu, and those + .gz; .mmax); XP_FMT_AUTO if it says nothing. */
xp_format xp_format_of_path(const char *path);

/* Read path into c (appending documents).  fmt AUTO: MMAX2 for a .mmax file
 * or a directory holding one, else by extension, else by the first
 * non-blank byte ('{' = jsonlines; a first line "# newdoc", "# sent_id" or
 * "# global.Entity" = CoNLL-U; otherwise CoNLL). */
int xp_read_corpus(const char *path, xp_format fmt, const xp_read_opts *o,
		   xp_corpus *c, xp_err *err);
int xp_read_corpus_mem(const char *name, const char *buf, size_t len, xp_format fmt,
		       const xp_read_opts *o, xp_corpus *c, xp_err *err);

/* An input with nothing in it (n documents, utterances... named by what)
 * is an error where it would replace good outputs with empty ones or add
 * an empty run to the store: an empty file, or one cut before its first
 * document, reads without a complaint.  0, or XP_EINPUT naming path. */
int xp_need_some(const char *path, size_t n, const char *what, xp_err *err);

/* Write c to path in fmt (AUTO: by extension, CoNLL if it says nothing). */
int xp_write_corpus(const char *path, xp_format fmt, const xp_corpus *c, xp_err *err);
/* The same as one of a command's outputs, replaced at xp_outputs_commit. */
int xp_put_corpus(xp_outputs *o, const char *path, xp_format fmt, const xp_corpus *c, xp_err *err);
/* What those write of c, appended to b: a corpus written a document at a
 * time, each one's bytes in turn, is the same file as written whole. */
int xp_corpus_bytes(xp_buf *b, const char *path, xp_format fmt, const xp_corpus *c, xp_err *err);

#endif
