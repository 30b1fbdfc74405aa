/*
 * base/file.h — reading and writing whole files.
 *
 * Every reader goes through xp_read_file (or xp_read_blocks), so every reader
 * accepts gzip input, concatenated members included, and "-" for stdin
 * (base/stream.h: a file is gzip when it starts with gzip's magic).
 * A command with one output writes it with xp_write_file, one with several
 * through base/outputs.h (which xp_write_file uses): the bytes go to a
 * temporary file in the destination's directory, renamed over the
 * destination only when everything was written, so a crash or a full disk
 * never leaves half an output.  A destination ending in ".gz" is
 * compressed; "-" is stdout.
 *
 * xp_lines walks a buffer line by line (LF or CRLF, no line left out when the
 * last one has no newline, a leading UTF-8 BOM skipped), counting lines so
 * that every reader can name the line it is complaining about.
 */
#ifndef XP_FILE_H
#define XP_FILE_H

#include "error.h"

#include <stddef.h>

/* Read all of path (gzip or plain; "-" = stdin).  *buf is NUL-terminated and
 * must be freed by the caller.  A gzip stream that ends early ("truncated
 * gzip stream"), has a bad CRC or length ("corrupt gzip stream") or is
 * followed by anything but another member ("trailing data after the gzip
 * stream") is an error (XP_EINPUT, the byte offset in the message), not a
 * shorter file; a missing file is XP_ENOTFOUND, another failure to read
 * XP_EIO. */
int xp_read_file(const char *path, char **buf, size_t *len, xp_err *err);
/* The most xp_read_file holds: 512 MiB (the largest file the project
 * reads whole, a bitext of 94k sentence pairs, is 11 MB).  The limit is on
 * what comes out of the file (a gzip file's inflated bytes) and is checked
 * while reading, so a small gzip bomb is refused after 512 MiB of output,
 * not after all of it was in memory; larger inputs are streamed
 * (xp_read_blocks). */
#define XP_READ_MAX ((size_t)512 << 20)
/* The most a single document (a subtitle file, an OPUS document, a
 * transcript, an archive's member) may be: 256 MiB.  No real one comes
 * near it (a feature film's OPUS document is about 1 MB); a bomb does. */
#define XP_DOC_MAX ((size_t)256 << 20)
/* xp_read_file with a limit of max bytes (XP_EINPUT past them). */
int xp_read_file_max(const char *path, size_t max, char **buf, size_t *len, xp_err *err);
/* The same, for files too large to hold: fn gets the bytes block by block
 * as they are read (blocks end anywhere, also inside a line); a non-zero
 * return stops the reading and is returned. */
typedef int (*xp_block_fn)(void *arg, const char *p, size_t n, xp_err *err);
int xp_read_blocks(const char *path, xp_block_fn fn, void *arg, xp_err *err);

/* A path a run records for a later reader (a report's or a saved model's
 * recipe: db import and the workbench read the file again): JSON holds
 * text only, so one in another charset (a Latin-1 directory) is refused
 * before any work, naming the path and opt, the option that gave it (a
 * record failed after the whole run, said as "out of memory").  abs, its
 * absolute form, is what is recorded and checked when not NULL.  0 when
 * it is UTF-8 text, else XP_EINPUT. */
int xp_path_recordable(const char *opt, const char *path, const char *abs, xp_err *err);

/* Atomically replace path with data[0..len). */
int xp_write_file(const char *path, const void *data, size_t len, xp_err *err);

/* 1 if path ends with suffix (ignoring a trailing ".gz"), else 0; in any
 * case, as file systems that ignore it write names (`EP01.CONLL`, `EN.XML`:
 * compared as written, `convert a.conll b.CONLL` wrote jsonlines into
 * b.CONLL, exit 0, and an OPUS `.XML` was not read as XML). */
int xp_has_ext(const char *path, const char *suffix);

typedef struct xp_lines {
	const char *p, *end;
	unsigned long lineno;   /* of the line last returned */
} xp_lines;

void xp_lines_init(xp_lines *it, const char *buf, size_t len);
/* Next line without its terminator; returns 0 at the end. */
int xp_lines_next(xp_lines *it, const char **line, size_t *len);

#endif
