/* tests/fuzz/fuzz_gzip.c — libFuzzer target: base/file.c's reading of a file,
 * plain or gzipped, which every reader of a path goes through.  The input
 * after its first byte is the payload P.  P as a plain file reads back as
 * itself (unless it starts with gzip's magic); P gzipped reads back as P; and
 * the gzipped file cut anywhere after its magic (where the first byte says) is
 * an error, never a shorter input read without a word: a .gz cut by a full
 * disk or an interrupted copy must not become a smaller corpus.  P split
 * there into two gzip members (`cat a.gz b.gz`) reads back as P; P gzipped
 * with bytes after it that are not a member (`cat more >> x.gz`) is an
 * error.  A limit (xp_read_file_max) of exactly P's length reads P, one
 * byte less is an error: the limit is on the inflated bytes, checked as
 * they come (a gzip bomb is refused, not inflated whole first).  A payload
 * that is itself gzip-like (hand-made seeds in
 * tests/fixtures/gzip/: members with garbage, bad CRCs) reads as whatever it
 * is without a crash. */
#include "base/file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static char path[64];

static void cleanup(void)
{
	unlink(path);
}

static void put(const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f))
		abort();
}

/* P gzipped (RFC 1952, as gzip(1) writes it) into *out */
static size_t gzip(const uint8_t *p, size_t n, uint8_t **out)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	size_t cap = deflateBound(&z, n) + 32;
	*out = malloc(cap);
	z.next_in = (Bytef *)p, z.avail_in = (uInt)n;
	z.next_out = *out, z.avail_out = (uInt)cap;
	if (!*out || deflate(&z, Z_FINISH) != Z_STREAM_END)
		abort();
	size_t len = cap - z.avail_out;
	deflateEnd(&z);
	return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0]) {
		int fd;
		snprintf(path, sizeof path, "/tmp/xp-fuzz-gzip-XXXXXX");
		if ((fd = mkstemp(path)) < 0)
			abort();
		close(fd);
		atexit(cleanup);
	}
	if (size < 1)
		return 0;
	const uint8_t *p = data + 1;
	size_t n = size - 1;
	char *buf;
	size_t len;
	xp_err e;
	put(p, n);
	if (xp_read_file(path, &buf, &len, &e) == 0) {
		if (!(n >= 2 && p[0] == 0x1f && p[1] == 0x8b) && (len != n || memcmp(buf, p, n)))
			abort();   /* a plain file read as something else */
		free(buf);
	} else if (!(n >= 2 && p[0] == 0x1f && p[1] == 0x8b)) {
		abort();   /* a plain file is always readable */
	}
	uint8_t *z;
	size_t zl = gzip(p, n, &z);
	put(z, zl);
	if (xp_read_file(path, &buf, &len, &e) || len != n || memcmp(buf, p, n))
		abort();   /* the whole stream reads back as P */
	free(buf);
	if (xp_read_file_max(path, n, &buf, &len, &e) || len != n)
		abort();   /* a limit of P's length is enough */
	free(buf);
	if (n && (xp_read_file_max(path, n - 1, &buf, &len, &e) != XP_EINPUT || !strstr(e.msg, "inflates to more than")))
		abort();   /* one byte less is not */
	size_t at = data[0] * n / 256;   /* P in two members, split there */
	uint8_t *z1, *z2;
	size_t l1 = gzip(p, at, &z1), l2 = gzip(p + at, n - at, &z2);
	uint8_t *two = malloc(l1 + l2 + 1 + n);
	if (!two)
		abort();
	memcpy(two, z1, l1);
	memcpy(two + l1, z2, l2);
	put(two, l1 + l2);
	if (xp_read_file(path, &buf, &len, &e) || len != n || memcmp(buf, p, n))
		abort();   /* two members read back as P */
	free(buf);
	two[l1] = 'x';   /* never a gzip magic */
	memcpy(two + l1 + 1, p, n);
	put(two, l1 + 1 + n);
	if (xp_read_file(path, &buf, &len, &e) == 0) {
		fprintf(stderr, "a gzip stream and %zu bytes of garbage read as %zu bytes without an error\n", n + 1, len);
		abort();
	}
	free(two);
	free(z1);
	free(z2);
	size_t cut = 2 + data[0] * (zl - 2) / 256;   /* 2 .. zl - 1: the magic and some */
	put(z, cut);
	if (xp_read_file(path, &buf, &len, &e) == 0) {
		fprintf(stderr, "a gzip stream cut at %zu of %zu bytes read as %zu bytes without an error\n", cut, zl,
			len);
		abort();
	}
	free(z);
	return 0;
}
