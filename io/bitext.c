/* io/bitext.c — see bitext.h. */
#include "bitext.h"
#include "../base/file.h"
#include "../base/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

void xp_bitext_free(xp_bitext *b)
{
	free(b->src);
	free(b->tgt);
	free(b->toks);
	free(b->buf);
	memset(b, 0, sizeof *b);
}

static int add_tokens(xp_bitext *b, const char *s, const char *end)
{
	xp_str f;
	for (size_t k = 0; xp_next_field(s, (size_t)(end - s), &k, &f);) {
		if (xp_grow(&b->toks, &b->cap_toks, b->ntoks + 1, sizeof *b->toks))
			return -1;
		b->toks[b->ntoks++] = f;
	}
	return 0;
}

/* The " ||| " of a line, or NULL. */
static const char *separator(const char *s, size_t n)
{
	for (size_t k = 0; k + 3 <= n; k++)
		if (!memcmp(s + k, "|||", 3))
			return s + k;
	return NULL;
}

static const char no_sep[] = "no ' ||| ' between source and target";

int xp_bitext_read_mem(const char *name, char *buf, size_t len, xp_bitext *b, xp_err *err)
{
	memset(b, 0, sizeof *b);
	b->buf = buf;
	b->name = name;
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	while (xp_lines_next(&it, &s, &n)) {
		const char *sep = separator(s, n);
		if (!sep)
			return xp_failc(err, XP_EINPUT, name, it.lineno, no_sep);
		const char *nul = memchr(s, '\0', n);   /* a token is a C string to the aligner */
		if (nul)
			return xp_failc(err, XP_EINPUT, name, it.lineno, "line holds a NUL byte (byte %zu)", (size_t)(nul - s) + 1);
		if (xp_grow(&b->src, &b->cap_idx, b->n + 2, sizeof *b->src) ||
		    xp_grow(&b->tgt, &b->cap_tgt, b->n + 1, sizeof *b->tgt))
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		b->src[b->n] = b->ntoks;
		if (add_tokens(b, s, sep))
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		b->tgt[b->n] = b->ntoks;
		if (add_tokens(b, sep + 3, s + n))
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		b->n++;
		b->src[b->n] = b->ntoks;
	}
	if (!b->src && !(b->src = calloc(1, sizeof *b->src)))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	return 0;
}

/* Tokens of s[0..n) into *v (capacity *cap); their count, or -1 on OOM. */
static long split_tokens(const char *s, size_t n, xp_str **v, size_t *cap)
{
	size_t k = 0, m = 0;
	xp_str f;
	while (xp_next_field(s, n, &k, &f)) {
		if (xp_grow(v, cap, m + 1, sizeof **v))
			return -1;
		(*v)[m++] = f;
	}
	return (long)m;
}

/* One line of a streamed bitext (without its terminator, CR dropped). */
static int each_line(const char *path, char *s, size_t n, unsigned long lineno, xp_bitext_fn fn,
		     void *arg, xp_str **v, size_t *cap, xp_err *err)
{
	if (lineno == 1 && n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		s += 3, n -= 3;
	if (n && s[n - 1] == '\r')
		n--;
	const char *sep = separator(s, n);
	if (!sep)
		return xp_failc(err, XP_EINPUT, path, lineno, no_sep);
	long ns = split_tokens(s, (size_t)(sep - s), v, cap);
	long nt = ns < 0 ? -1 : split_tokens(sep + 3, (size_t)(s + n - sep - 3), v, cap);
	if (nt < 0)
		return xp_failc(err, XP_ENOMEM, path, lineno, "out of memory");
	/* the target's tokens were appended after the source's */
	return fn(arg, *v, (size_t)ns, *v + ns, (size_t)(nt - ns), lineno, err);
}

int xp_bitext_each(const char *path, xp_bitext_fn fn, void *arg, xp_err *err)
{
	int fd = strcmp(path, "-") == 0 ? dup(0) : open(path, O_RDONLY);
	if (fd < 0)
		return xp_failc(err, XP_EIO, path, 0, "cannot open: %s", strerror(errno));
	gzFile gz = gzdopen(fd, "rb");
	if (!gz) {
		close(fd);
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	}
	gzbuffer(gz, 256 * 1024);
	char *buf = NULL;
	xp_str *v = NULL;
	size_t have = 0, cap = 0, vcap = 0;
	unsigned long lineno = 0;
	int rc = 0, eof = 0;
	while (rc == 0 && !eof) {
		if (xp_grow(&buf, &cap, have + 65536, 1)) {
			rc = xp_failc(err, XP_ENOMEM, path, lineno, "out of memory");
			break;
		}
		int r = gzread(gz, buf + have, 65536);
		if (r < 0) {
			int zerr;
			const char *m = gzerror(gz, &zerr);
			rc = xp_failc(err, XP_EIO, path, 0, "read error: %s", zerr == Z_ERRNO ? strerror(errno) : m);
			break;
		}
		eof = r == 0;
		have += (size_t)r;
		size_t start = 0;
		for (;;) {
			char *nl = memchr(buf + start, '\n', have - start);
			if (!nl && !(eof && start < have))
				break;
			size_t end = nl ? (size_t)(nl - buf) : have;
			if ((rc = each_line(path, buf + start, end - start, ++lineno, fn, arg, &v, &vcap, err)))
				break;
			start = nl ? end + 1 : have;
		}
		memmove(buf, buf + start, have - start);
		have -= start;
	}
	gzclose(gz);
	free(buf);
	free(v);
	return rc;
}

int xp_bitext_read(const char *path, xp_bitext *b, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	if (xp_bitext_read_mem(path, buf, len, b, err)) {
		xp_bitext_free(b);
		return -1;
	}
	return 0;
}

int xp_bitext_check(const xp_bitext *b, const xp_walign *a, const char *aname, xp_err *err)
{
	if (a->nsent != b->n)
		return xp_fail(err, aname, a->nsent < b->n ? a->nsent + 1 : b->n + 1,
			       "%zu lines, but the bitext %s has %zu", a->nsent, b->name, b->n);
	for (size_t s = 0; s < a->nsent; s++)
		for (size_t k = a->start[s]; k < a->start[s + 1]; k++) {
			const xp_link *l = &a->links[k];
			size_t ns = xp_bitext_srclen(b, s), nt = xp_bitext_tgtlen(b, s);
			if (l->i >= ns || l->j >= nt)
				return xp_fail(err, aname, s + 1,
					       "link %u-%u is outside the sentence pair (%zu source, %zu target tokens)",
					       l->i, l->j, ns, nt);
		}
	return 0;
}

static int same(xp_str a, const char *s, size_t n) { return a.n == n && !memcmp(a.p, s, n); }

int xp_bitext_check_words(const xp_bitext *b, const xp_walign *a, const char *path, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	int rc = xp_bitext_check_words_mem(b, a, path, buf, len, err);
	free(buf);
	return rc;
}

int xp_bitext_check_words_mem(const xp_bitext *b, const xp_walign *a, const char *path,
			      const char *buf, size_t len, xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n, sent = 0;
	int rc = 0;
	while (rc == 0 && xp_lines_next(&it, &s, &n)) {
		if (sent >= a->nsent || sent >= b->n) {
			rc = xp_fail(err, path, it.lineno, "more lines than the alignment");
			break;
		}
		size_t k = 0, link = a->start[sent];
		while (rc == 0 && k < n) {
			while (k < n && s[k] == ' ')
				k++;
			size_t st = k;
			while (k < n && s[k] != ' ')
				k++;
			if (st == k)
				break;
			const char *item = s + st, *sep = NULL;
			for (size_t q = st; q + 5 <= k; q++)
				if (!memcmp(s + q, "<sep>", 5)) {
					sep = s + q;
					break;
				}
			if (!sep || link >= a->start[sent + 1]) {
				rc = xp_fail(err, path, it.lineno, "item '%.*s' does not match a link",
					     (int)(k - st), item);
				break;
			}
			const xp_link *l = &a->links[link++];
			xp_str ws = b->toks[b->src[sent] + l->i], wt = b->toks[b->tgt[sent] + l->j];
			if (!same(ws, item, (size_t)(sep - item)) || !same(wt, sep + 5, (size_t)(s + k - sep - 5)))
				rc = xp_fail(err, path, it.lineno,
					     "link %u-%u joins '%.*s' and '%.*s' in the bitext, not '%.*s': "
					     "the aligner tokenised this line differently",
					     l->i, l->j, (int)ws.n, ws.p, (int)wt.n, wt.p, (int)(k - st), item);
		}
		sent++;
	}
	return rc;
}

/* Python's str.split(), which awesome-align uses, splits on Unicode
 * White_Space and on U+001C..U+001F; such characters inside a token
 * become '_'. */
void xp_bitext_put_token(xp_buf *out, const char *s, size_t n)
{
	if (n == 0) {
		xp_buf_putc(out, '_');
		return;
	}
	size_t i = 0;
	while (i < n) {
		int32_t j = 0, len = (int32_t)(n - i > 8 ? 8 : n - i);
		UChar32 c;
		U8_NEXT((const uint8_t *)s + i, j, len, c);
		if (c >= 0 && (u_isUWhiteSpace(c) || (c >= 0x1C && c <= 0x1F)))
			xp_buf_putc(out, '_');
		else
			xp_buf_add(out, s + i, (size_t)j);
		i += (size_t)j;
	}
}

int xp_walign_import(const xp_import *im, xp_walign *a, xp_err *err)
{
	if (xp_pharaoh_read_file(im->pharaoh, im->one_based, a, err))
		return -1;
	if (im->probs && xp_probs_read_file(im->probs, a, err))
		return -1;
	if (im->bitext && xp_bitext_check(im->bitext, a, im->pharaoh, err))
		return -1;
	if (im->words && im->bitext && xp_bitext_check_words(im->bitext, a, im->words, err))
		return -1;
	return 0;
}
