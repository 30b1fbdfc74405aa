/*
 * tools/pair_args.h — what `xproj pair` and `xproj mention-pairs` share:
 * the same arguments, meaning the same (an English corpus, the released
 * target corpus, how to pair them, one output), and the reading of the two
 * corpora.  Each command then does its own work on them.
 */
#ifndef XP_PAIR_ARGS_H
#define XP_PAIR_ARGS_H

#include "cli.h"
#include "../align/pair.h"
#include "../base/buf.h"
#include "../model/corpus.h"

typedef struct xp_pair_args {
	const char *source, *target, *out;
	int repair;          /* --repair: drop dangling brackets, say so */
	xp_pair_opts o;      /* --lang, --tokens */
} xp_pair_args;

/* cmd's options into a: 0, or the exit status of a usage error (2, the
 * message printed). */
int xp_pair_args_parse(const xp_cmd *cmd, int argc, char **argv, xp_pair_args *a);

/* The paths checked (the output is not an input), then both corpora read,
 * each with at least one document; --repair's diagnostics go to dg.  0, or
 * -1 with e filled. */
int xp_pair_args_read(const xp_pair_args *a, xp_diags *dg, xp_corpus *en, xp_corpus *tg, xp_err *e);

/* The end of either command, given rc (non-zero: e says what failed; an
 * error that names no file is the pairing's, about TGT): with no error, b
 * written to the output (the whole of it or nothing); --repair's
 * diagnostics printed, then the error.  0 when all went well, else 1 (the
 * exit status). */
int xp_pair_args_done(const xp_pair_args *a, int rc, const xp_buf *b, xp_diags *dg, xp_err *e);

#endif
