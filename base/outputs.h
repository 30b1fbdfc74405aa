/*
 * base/outputs.h — the outputs of one command, replaced together or not at
 * all.  This is the one way xproj writes files.
 *
 * Each output is first written whole, and synced to disk, to a temporary
 * file beside its destination (DIR/.NAME.xproj-XXXXXX: the same directory,
 * so the same file system, so rename is atomic).  Nothing is replaced until the command calls
 * commit, after its last output was written: a failure before that (bad
 * input, a full disk, an unwritable later output) leaves every destination
 * as it was and removes the temporary files.  Commit renames the files into
 * place one after the other; should one rename fail, the destinations
 * already replaced get their old contents back (kept as hard links until
 * the end of the commit, and locked like a temporary file, so that another
 * writer of the same name, sweeping, leaves them).  Only a kill inside that
 * loop, a few system calls long, can leave some destinations new and the
 * others old; each is whole.
 *
 * Temporary files are locked (flock) while their process lives.  One that
 * is not locked belongs to a process that died (kill -9, power): the next
 * write to the same destination removes it.  SIGINT, SIGTERM and SIGHUP are
 * handled by the tool, which calls xp_outputs_on_signal to remove the
 * temporary files of the running command before it dies; during a commit
 * they are held (blocked) and delivered once it is done, so that Ctrl-C or
 * a kill(1) there leaves every destination new, not some new and the rest
 * old (a handler in the loop removed the rest's files and the kept old
 * contents).  A caller that commits more than the files (the pipeline's
 * store after its files) holds them across both (xp_signals_hold).
 */
#ifndef XP_OUTPUTS_H
#define XP_OUTPUTS_H

#include "error.h"

#include <stddef.h>

typedef struct xp_output {
	char *path;              /* the destination; "-" is stdout */
	char *tmp;               /* the temporary file; NULL for stdout or a device */
	int fd;                  /* open and locked until commit or abort */
	char *data;              /* stdout or a device only: written at commit */
	size_t len;
	/* the destination is a device, FIFO or socket (/dev/null, a named
	 * pipe, /dev/stdout on a pipe): written into at commit as stdout is,
	 * never replaced.  A temporary file renamed over it made /dev/null a
	 * file of the output for every process of the machine (as root), and a
	 * FIFO a file its reader never saw */
	int device;
} xp_output;

typedef struct xp_outputs {
	xp_output *v;
	size_t n, cap;
} xp_outputs;

/* Write data[0..len) as the coming contents of path (".gz": compressed).
 * An existing directory, or a path given twice, is refused here. */
int xp_outputs_put(xp_outputs *o, const char *path, const void *data, size_t len, xp_err *err);
/* The same, the contents made by gen(ctx, put, pctx) as it goes: each
 * put(pctx, data, len) appends to the temporary file (0, or -1 after a
 * write error, which then stands), so memory holds one piece, not the file.
 * gen returns non-zero to fail (out of memory, or put's failure). */
typedef int (*xp_put_fn)(void *pctx, const void *data, size_t len);
int xp_outputs_stream(xp_outputs *o, const char *path, int (*gen)(void *ctx, xp_put_fn put, void *pctx), void *ctx,
		      xp_err *err);
/* Replace every destination; o is emptied either way. */
int xp_outputs_commit(xp_outputs *o, xp_err *err);
/* The same, then then(ctx, err) with every destination new (a commit of
 * something else the files go with: the pipeline's store); should it fail,
 * every destination gets its old contents back (one that did not exist is
 * removed) and its error is returned.  o is emptied. */
int xp_outputs_commit_then(xp_outputs *o, int (*then)(void *ctx, xp_err *err), void *ctx, xp_err *err);
/* Put each temporary file in place only where its destination does not
 * exist (a new file that must never replace one); *existed counts the
 * destinations that did, left as they were.  o is emptied. */
int xp_outputs_commit_new(xp_outputs *o, size_t *existed, xp_err *err);
/* Remove the temporary files; no destination changes.  o is emptied. */
void xp_outputs_abort(xp_outputs *o);

/* 1 when path names an existing device, FIFO or socket (followed through
 * links): an output there is written into, never replaced (xp_output
 * device), and nothing is made beside it. */
int xp_is_device(const char *path);

/* Create dir and its missing parents. */
int xp_mkdirs(const char *dir, xp_err *err);

/* Remove the temporary files of every xp_outputs not yet committed or
 * aborted, and the directory xp_outputs_made_dir names if it is empty.
 * Async-signal-safe: for a signal handler, which then dies. */
void xp_outputs_on_signal(void);
/* A scratch file of the command's own, no output (db merge's OUT.merge-PID),
 * or a store a command makes that must not outlive its failure (the
 * pipeline's new DIR/corrections.db, until its commit):
 * removed, with its SQLite files beside it, by xp_outputs_on_signal until
 * xp_outputs_scratch_done.  path is kept, not copied: it must live until
 * then.  Call it before making the file, so that no moment leaves it. */
void xp_outputs_scratch(char *path);
void xp_outputs_scratch_done(const char *path);
/* dir was made by this command for its outputs, and the first kept bytes
 * of its path were there before (its parents up to there made with it):
 * an interrupted command removes it when it holds nothing (a pipeline's
 * fresh -o left empty by Ctrl-C, which a workflow's "does it exist" took
 * for a run).  NULL forgets it (the command's outputs are in place). */
void xp_outputs_made_dir(const char *dir, size_t kept);
/* Remove dir if empty, then each parent while empty, down to its first
 * kept bytes.  Async-signal-safe. */
void xp_rmdir_made(const char *dir, size_t kept);
/* SIGINT, SIGTERM and SIGHUP held in this thread until release (they are
 * delivered then); hold saves the mask release restores, so holds nest. */
typedef struct xp_sighold {
	unsigned long long old[16];   /* a sigset_t (outputs.c), opaque: <signal.h>'s is POSIX, not C17 */
} xp_sighold;
void xp_signals_hold(xp_sighold *h);
void xp_signals_release(const xp_sighold *h);

#endif
