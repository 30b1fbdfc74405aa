/*
 * base/outdir.h — a directory of outputs that changes all at once or not at
 * all.  Files are written into a staging directory inside it
 * (DIR/.xproj-XXXXXX, on the same file system, so rename is atomic per
 * file); commit renames them over DIR's files, abort removes them.  A run
 * that fails half-way therefore leaves the previous outputs whole.
 */
#ifndef XP_OUTDIR_H
#define XP_OUTDIR_H

#include "error.h"

typedef struct xp_outdir {
	char *dir, *stage;
	char path[4096];          /* the last path built */
} xp_outdir;

/* Creates DIR and its parents if missing, and the staging directory. */
int xp_outdir_open(const char *dir, xp_outdir *d, xp_err *err);
/* DIR/stage/name, where the file is written (valid until the next call). */
const char *xp_outdir_staged(xp_outdir *d, const char *name);
/* DIR/name, where it ends up. */
const char *xp_outdir_final(xp_outdir *d, const char *name);
/* Rename every staged file over its final name, then remove the staging
 * directory.  d is freed either way. */
int xp_outdir_commit(xp_outdir *d, xp_err *err);
/* Remove the staging directory and its files; d is freed. */
void xp_outdir_abort(xp_outdir *d);

#endif
