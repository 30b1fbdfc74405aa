/* base/file.c — see file.h. */
#define _POSIX_C_SOURCE 200809L
#include "file.h"
#include "mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

/* zlib reads a plain file through the same calls (it copies what is not
 * gzip).  What it does not do is complain about a gzip stream that stops
 * early: gzread then returns what it could inflate and 0 after it, as at a
 * proper end, and only gzerror (Z_BUF_ERROR, "unexpected end of file") or
 * gzclose_r tells the difference.  A file cut at a document boundary would
 * otherwise read as a shorter, valid input. */
int xp_read_blocks(const char *path, xp_block_fn fn, void *arg, xp_err *err)
{
	int stdin_ = strcmp(path, "-") == 0;
	int fd = stdin_ ? dup(0) : open(path, O_RDONLY);
	if (fd < 0)
		return xp_failc(err, errno == ENOENT ? XP_ENOTFOUND : XP_EIO, path, 0, "cannot open: %s",
				strerror(errno));
	gzFile gz = gzdopen(fd, "rb");
	if (!gz) {
		close(fd);
		return xp_failc(err, XP_ENOMEM, path, 0, "cannot read: out of memory");
	}
	gzbuffer(gz, 256 * 1024);
	char *p = malloc(65536);
	int rc = p ? 0 : xp_failc(err, XP_ENOMEM, path, 0, "out of memory"), zerr = Z_OK;
	while (!rc) {
		int r = gzread(gz, p, 65536);
		const char *m = gzerror(gz, &zerr);
		if (r < 0 || (zerr != Z_OK && zerr != Z_BUF_ERROR)) {
			rc = xp_failc(err, zerr == Z_MEM_ERROR ? XP_ENOMEM : XP_EIO, path, 0, "read error: %s",
				      zerr == Z_ERRNO ? strerror(errno) : zerr == Z_DATA_ERROR ? "corrupt gzip stream" : m);
			break;
		}
		if (r == 0)
			break;
		rc = fn(arg, p, (size_t)r, err);
	}
	free(p);
	/* Z_BUF_ERROR from gzerror or gzclose_r: the input ended inside a stream */
	int closed = gzclose(gz);
	if (rc == 0 && (zerr == Z_BUF_ERROR || closed == Z_BUF_ERROR))
		rc = xp_failc(err, XP_EINPUT, path, 0, "truncated gzip stream (the file was cut short)");
	else if (rc == 0 && closed != Z_OK)
		rc = xp_failc(err, XP_EIO, path, 0, "read error: %s", closed == Z_ERRNO ? strerror(errno) : "gzip");
	return rc;
}

typedef struct whole {
	char *p;
	size_t n, cap;
	const char *path;
} whole;

static int append(void *arg, const char *p, size_t n, xp_err *err)
{
	whole *w = arg;
	if (xp_grow(&w->p, &w->cap, w->n + n + 1, 1))
		return xp_failc(err, XP_ENOMEM, w->path, 0, "out of memory");
	memcpy(w->p + w->n, p, n);
	w->n += n;
	return 0;
}

int xp_read_file(const char *path, char **buf, size_t *len, xp_err *err)
{
	whole w = {NULL, 0, 0, path};
	int rc = xp_read_blocks(path, append, &w, err);
	if (!rc)
		rc = append(&w, "", 0, err);   /* room for the NUL, also when empty */
	if (rc) {
		free(w.p);
		return rc;
	}
	w.p[w.n] = '\0';
	*buf = w.p;
	*len = w.n;
	return 0;
}

int xp_has_ext(const char *path, const char *suffix)
{
	size_t n = strlen(path), k = strlen(suffix);
	if (n >= 3 && strcmp(path + n - 3, ".gz") == 0)
		n -= 3;
	return n >= k && memcmp(path + n - k, suffix, k) == 0;
}

void xp_lines_init(xp_lines *it, const char *buf, size_t len)
{
	it->p = buf;
	it->end = buf + len;
	it->lineno = 0;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		it->p += 3;
}

int xp_lines_next(xp_lines *it, const char **line, size_t *len)
{
	if (it->p >= it->end)
		return 0;
	const char *s = it->p;
	const char *nl = memchr(s, '\n', (size_t)(it->end - s));
	const char *e = nl ? nl : it->end;
	it->p = nl ? nl + 1 : it->end;
	if (e > s && e[-1] == '\r')
		e--;
	*line = s;
	*len = (size_t)(e - s);
	it->lineno++;
	return 1;
}
