/* base/file.c — see file.h. */
#define _POSIX_C_SOURCE 200809L
#include "file.h"
#include "mem.h"
#include "stream.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* the blocks handed to xp_read_blocks' callback */
#define BLOCK (256 * 1024)

/* base/stream.c decides plain or gzip and checks that a gzip file is whole
 * members and nothing else: a file cut short, or with something after its
 * last member, must not read as a shorter valid input. */
int xp_read_blocks(const char *path, xp_block_fn fn, void *arg, xp_err *err)
{
	xp_stream *s;
	int rc = xp_stream_open(path, &s, err);
	if (rc)
		return rc;
	char *p = malloc(BLOCK);
	if (!p)
		rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	while (!rc) {
		long r = xp_stream_read(s, p, BLOCK, err);
		if (r <= 0) {
			rc = (int)r;
			break;
		}
		rc = fn(arg, p, (size_t)r, err);
	}
	free(p);
	xp_stream_close(s);
	return rc;
}

int xp_read_file(const char *path, char **buf, size_t *len, xp_err *err)
{
	return xp_read_file_max(path, XP_READ_MAX, buf, len, err);
}

int xp_read_file_max(const char *path, size_t max, char **buf, size_t *len, xp_err *err)
{
	xp_stream *s;
	int rc = xp_stream_open(path, &s, err);
	if (rc)
		return rc;
	xp_stream_limit(s, max);
	rc = xp_stream_slurp(s, buf, len, err);
	xp_stream_close(s);
	return rc;
}

int xp_has_ext(const char *path, const char *suffix)
{
	size_t n = strlen(path), k = strlen(suffix);
	if (n >= 3 && strcasecmp(path + n - 3, ".gz") == 0)
		n -= 3;
	return n >= k && strncasecmp(path + n - k, suffix, k) == 0;
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

int xp_path_recordable(const char *opt, const char *path, const char *abs, xp_err *err)
{
	const char *p = abs ? abs : path;
	size_t bad = 0;
	if (xp_utf8_valid(p, strlen(p), &bad))
		return 0;
	return xp_failc(err, XP_EINPUT, path, 0, "%s: the path is not UTF-8 text (its byte %zu), and the run's recipe "
			"records it (JSON) for db import and the workbench to read it again: rename the file or its "
			"directory", opt, bad + 1);
}
