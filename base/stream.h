/*
 * base/stream.h — reading a file as a stream of bytes, gunzipped when it is
 * gzip (internal: not installed; base/file.h's readers and the OPUS reader
 * go through it).
 *
 * A file whose first two bytes are gzip's magic (1f 8b) is inflated, any
 * other is passed through as it is.  gzip allows several members one after
 * the other (`cat a.gz b.gz`): they read as their contents one after the
 * other.  Everything else about a gzip file that is not exactly a sequence
 * of whole members is an error naming the file and the byte offset in it:
 * bytes after the last member that are not one (XP_EINPUT, "trailing data
 * after the gzip stream"), a member cut short (XP_EINPUT, "truncated gzip
 * stream"), a corrupt member or one whose CRC or length does not match
 * (XP_EINPUT, "corrupt gzip stream").  zlib's gzread, used before, stops
 * silently at trailing garbage, so `cat more >> x.gz` read as a shorter file.
 *
 * This is the one place gzip is inflated: a file, stdin, or any other
 * source of bytes (a zip archive's member, io/archive.c) goes through it.
 * A limit on what comes out (xp_stream_limit) is checked as the bytes come,
 * so a 4 MB gzip bomb is refused after the limit's worth of output, not
 * after inflating 4 GB into memory.
 */
#ifndef XP_STREAM_H
#define XP_STREAM_H

#include "error.h"

#include <stddef.h>

typedef struct xp_stream xp_stream;

/* Open path ("-" = stdin).  XP_ENOTFOUND for a missing file, XP_EIO for
 * another failure to open, XP_ENOMEM. */
int xp_stream_open(const char *path, xp_stream **s, xp_err *err);
/* Up to len bytes into buf: the number read, 0 at the (checked) end, or a
 * negative xp_code with *err filled (then again on every later call). */
long xp_stream_read(xp_stream *s, char *buf, size_t len, xp_err *err);
/* A stream over any source: src(ctx, buf, len, err) gives up to len bytes,
 * 0 at its end, or a negative xp_code with *err filled.  name is for
 * messages. */
typedef long (*xp_stream_src)(void *ctx, char *buf, size_t len, xp_err *err);
int xp_stream_open_src(const char *name, xp_stream_src src, void *ctx, xp_stream **s, xp_err *err);
/* At most max bytes may come out (inflated, for gzip): a read past them is
 * XP_EINPUT ("inflates to more than ...", "larger than ...").  By default
 * there is no limit. */
void xp_stream_limit(xp_stream *s, unsigned long long max);
/* The rest of s into a malloc'd, NUL-terminated *buf of *len bytes (the
 * limit, if any, still holds). */
int xp_stream_slurp(xp_stream *s, char **buf, size_t *len, xp_err *err);
void xp_stream_close(xp_stream *s);

#endif
