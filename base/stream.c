/* base/stream.c — see stream.h.
 *
 * Inflate is driven by hand rather than through gzread because gzread's
 * notion of the end of a file is too forgiving: after a member it looks for
 * another one and, finding anything else, stops as at a proper end (the
 * rest is "ignored trailing garbage"), and a member cut short is reported
 * only through gzerror.  Here inflate (windowBits 15 + 16: a gzip wrapper,
 * whose CRC-32 and length it checks) reads one member; at its end the next
 * two bytes must be another member's magic or the file must end. */
#define _POSIX_C_SOURCE 200809L
#include "stream.h"
#include "mem.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* as large as gzbuffer was set to before: fewer read calls, same speed */
#define IN_SIZE (256 * 1024)

enum { SNIFF, PLAIN, MEMBER, BETWEEN, DONE, FAILED };

struct xp_stream {
	int fd;                   /* -1 for another source */
	xp_stream_src src;
	void *ctx;
	unsigned long long out;   /* bytes given to the caller */
	unsigned long long max;   /* at most this many (ULLONG_MAX: no limit) */
	int state;
	int eof;                  /* read() returned 0 */
	int zinit;                /* z holds inflate state */
	z_stream z;
	unsigned char *in;        /* IN_SIZE bytes; z.next_in/avail_in: what is unread */
	unsigned long long off;   /* offset in the file of z.next_in */
	unsigned long long member;/* offset of the member being read */
	xp_err err;               /* repeated on calls after a failure */
	char path[];
};

/* the source of a file: read(2), EINTR retried */
static long fd_read(void *ctx, char *buf, size_t len, xp_err *err)
{
	xp_stream *s = ctx;
	ssize_t r;
	while ((r = read(s->fd, buf, len)) < 0 && errno == EINTR)
		;
	if (r < 0)
		return xp_failc(err, XP_EIO, s->path, 0, "read error at byte %llu: %s", s->off, strerror(errno));
	return (long)r;
}

static int make(const char *path, int fd, xp_stream_src src, void *ctx, xp_stream **out, xp_err *err)
{
	size_t n = strlen(path) + 1;
	xp_stream *s = calloc(1, sizeof *s + n);
	unsigned char *in = malloc(IN_SIZE);
	if (!s || !in) {
		free(s);
		free(in);
		if (fd >= 0)
			close(fd);
		return xp_failc(err, XP_ENOMEM, path, 0, "cannot read: out of memory");
	}
	memcpy(s->path, path, n);
	s->fd = fd;
	s->src = src ? src : fd_read;
	s->max = ULLONG_MAX;
	s->ctx = src ? ctx : s;
	s->in = in;
	s->z.next_in = in;
	s->state = SNIFF;
	*out = s;
	return 0;
}

int xp_stream_open(const char *path, xp_stream **out, xp_err *err)
{
	*out = NULL;
	int fd = strcmp(path, "-") == 0 ? dup(0) : open(path, O_RDONLY);
	if (fd < 0)
		return xp_failc(err, errno == ENOENT ? XP_ENOTFOUND : XP_EIO, path, 0, "cannot open: %s",
				strerror(errno));
	return make(path, fd, NULL, NULL, out, err);
}

int xp_stream_open_src(const char *name, xp_stream_src src, void *ctx, xp_stream **out, xp_err *err)
{
	*out = NULL;
	return make(name, -1, src, ctx, out, err);
}

void xp_stream_limit(xp_stream *s, unsigned long long max)
{
	s->max = max;
}

/* After xp_failc(&s->err, ...): every later call answers the same. */
static long failed(xp_stream *s, xp_err *err)
{
	s->state = FAILED;
	if (err)
		*err = s->err;
	return s->err.code;
}

/* Reads more after the unread bytes (moved to the buffer's start); sets
 * eof when the file has no more.  0 or a negative xp_code. */
static int fill(xp_stream *s, xp_err *err)
{
	if (s->z.avail_in && s->z.next_in != s->in)
		memmove(s->in, s->z.next_in, s->z.avail_in);
	s->z.next_in = s->in;
	if (s->eof || s->z.avail_in == IN_SIZE)
		return 0;
	long r = s->src(s->ctx, (char *)s->in + s->z.avail_in, IN_SIZE - s->z.avail_in, &s->err);
	if (r < 0)
		return (int)failed(s, err);
	if (r == 0)
		s->eof = 1;
	s->z.avail_in += (uInt)r;
	return 0;
}

static int start_member(xp_stream *s, xp_err *err)
{
	int zr = s->zinit ? inflateReset(&s->z) : inflateInit2(&s->z, 15 + 16);
	if (zr != Z_OK)
		return xp_failc(&s->err, zr == Z_MEM_ERROR ? XP_ENOMEM : XP_EIO, s->path, 0,
				"cannot inflate at byte %llu: %s", s->off, zr == Z_MEM_ERROR ? "out of memory" : "zlib error"),
		       (int)failed(s, err);
	s->zinit = 1;
	s->member = s->off;
	s->state = MEMBER;
	return 0;
}

static long read_some(xp_stream *s, char *buf, size_t len, xp_err *err);

/* The limit is checked on every block handed out: with gzip's ratio of up
 * to 1032:1, the memory a caller holds never runs ahead of it. */
long xp_stream_read(xp_stream *s, char *buf, size_t len, xp_err *err)
{
	if (s->max != ULLONG_MAX && s->state != FAILED && len > s->max - s->out + 1)
		len = (size_t)(s->max - s->out + 1);   /* one byte past the limit tells */
	long r = read_some(s, buf, len, err);
	if (r <= 0)
		return r;
	s->out += (unsigned long long)r;
	if (s->out > s->max) {
		if (s->zinit)
			xp_failc(&s->err, XP_EINPUT, s->path, 0,
				 "inflates to more than %llu bytes (%llu MiB): refused (a decompression bomb?)", s->max,
				 s->max >> 20);
		else
			xp_failc(&s->err, XP_EINPUT, s->path, 0, "larger than %llu bytes (%llu MiB): refused", s->max,
				 s->max >> 20);
		return failed(s, err);
	}
	return r;
}

static long read_some(xp_stream *s, char *buf, size_t len, xp_err *err)
{
	if (s->state == FAILED) {
		if (err)
			*err = s->err;
		return s->err.code;
	}
	if (len > 1u << 30)
		len = 1u << 30;
	size_t got = 0;
	while (got < len) {
		switch (s->state) {
		case SNIFF:
			/* two bytes decide, or the end of a shorter file */
			while (s->z.avail_in < 2 && !s->eof)
				if (fill(s, err))
					return s->err.code;
			if (s->z.avail_in >= 2 && s->in[0] == 0x1f && s->in[1] == 0x8b) {
				if (start_member(s, err))
					return s->err.code;
			} else {
				s->state = PLAIN;
			}
			break;
		case PLAIN:
			if (s->z.avail_in) {
				size_t k = s->z.avail_in < len - got ? s->z.avail_in : len - got;
				memcpy(buf + got, s->z.next_in, k);
				s->z.next_in += k, s->z.avail_in -= (uInt)k, s->off += k, got += k;
			} else if (s->eof) {
				s->state = DONE;
			} else {
				/* straight into the caller's buffer */
				long r = s->src(s->ctx, buf + got, len - got, &s->err);
				if (r < 0)
					return failed(s, err);
				if (r == 0)
					s->eof = 1;
				s->off += (size_t)r, got += (size_t)r;
				if (r > 0)
					return (long)got;   /* a pipe gives what it has */
			}
			break;
		case BETWEEN:
			/* after a member: another member's magic, or the end */
			while (s->z.avail_in < 2 && !s->eof)
				if (fill(s, err))
					return s->err.code;
			if (s->z.avail_in == 0) {
				s->state = DONE;
			} else if (s->z.avail_in >= 2 && s->z.next_in[0] == 0x1f && s->z.next_in[1] == 0x8b) {
				if (start_member(s, err))
					return s->err.code;
			} else {
				return xp_failc(&s->err, XP_EINPUT, s->path, 0,
						"trailing data after the gzip stream at byte %llu (not another gzip member)",
						s->off), failed(s, err);
			}
			break;
		case MEMBER: {
			if (s->z.avail_in == 0 && !s->eof && fill(s, err))
				return s->err.code;
			s->z.next_out = (Bytef *)buf + got;
			s->z.avail_out = (uInt)(len - got);
			uInt before = s->z.avail_in;
			int zr = inflate(&s->z, Z_NO_FLUSH);
			s->off += before - s->z.avail_in;
			got = len - s->z.avail_out;
			if (zr == Z_STREAM_END) {
				s->state = BETWEEN;
			} else if (zr == Z_DATA_ERROR || zr == Z_NEED_DICT) {
				return xp_failc(&s->err, XP_EINPUT, s->path, 0,
						"corrupt gzip stream at byte %llu (the member from byte %llu): %s", s->off,
						s->member, zr == Z_DATA_ERROR && s->z.msg ? s->z.msg : "bad data"),
				       failed(s, err);
			} else if (zr == Z_MEM_ERROR) {
				return xp_failc(&s->err, XP_ENOMEM, s->path, 0, "cannot inflate at byte %llu: out of memory",
						s->off), failed(s, err);
			} else if (zr != Z_OK && zr != Z_BUF_ERROR) {
				return xp_failc(&s->err, XP_EIO, s->path, 0, "cannot inflate at byte %llu: zlib error %d",
						s->off, zr), failed(s, err);
			} else if (s->z.avail_in == 0 && s->eof && got < len) {
				/* inflate stopped with room for output and nothing left to read */
				return xp_failc(&s->err, XP_EINPUT, s->path, 0,
						"truncated gzip stream (the file was cut short: it ends at byte %llu, inside "
						"the member from byte %llu)", s->off, s->member), failed(s, err);
			}
			break;
		}
		case DONE:
			return (long)got;
		}
	}
	return (long)got;
}

int xp_stream_slurp(xp_stream *s, char **buf, size_t *len, xp_err *err)
{
	char *p = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		/* room for a block and the NUL */
		if (xp_grow(&p, &cap, n + 65536 + 1, 1)) {
			free(p);
			return xp_failc(err, XP_ENOMEM, s->path, 0, "out of memory");
		}
		long r = xp_stream_read(s, p + n, cap - n - 1, err);
		if (r < 0) {
			free(p);
			return (int)r;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	return 0;
}

void xp_stream_close(xp_stream *s)
{
	if (!s)
		return;
	if (s->zinit)
		inflateEnd(&s->z);
	if (s->fd >= 0)
		close(s->fd);
	free(s->in);
	free(s);
}
