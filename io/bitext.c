/* io/bitext.c — see bitext.h. */
#include "bitext.h"
#include "../base/text.h"
#include "../base/file.h"
#include "../base/mem.h"

#include <stdlib.h>
#include <string.h>
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

/* Tokens of s[0..n) into (*v)[m..] (capacity *cap); the new count, or -1
 * on OOM. */
static long split_tokens(const char *s, size_t n, xp_str **v, size_t *cap, size_t m)
{
	size_t k = 0;
	xp_str f;
	while (xp_next_field(s, n, &k, &f)) {
		if (xp_grow(v, cap, m + 1, sizeof **v))
			return -1;
		(*v)[m++] = f;
	}
	return (long)m;
}

typedef struct stream {
	const char *path;
	xp_bitext_fn fn;
	void *arg;
	xp_str *v;          /* the tokens of the current line */
	size_t vcap;
	char *part;         /* a line cut by a block boundary, so far */
	size_t npart, cap_part;
	unsigned long lineno;
} stream;

/* One line (without its LF; a CR before it and a BOM on line 1 dropped). */
static int each_line(stream *st, const char *s, size_t n, xp_err *err)
{
	st->lineno++;
	if (st->lineno == 1 && n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		s += 3, n -= 3;
	if (n && s[n - 1] == '\r')
		n--;
	const char *sep = separator(s, n);
	if (!sep)
		return xp_failc(err, XP_EINPUT, st->path, st->lineno, no_sep);
	const char *nul = memchr(s, '\0', n);
	if (nul)
		return xp_failc(err, XP_EINPUT, st->path, st->lineno, "line holds a NUL byte (byte %zu)",
				(size_t)(nul - s) + 1);
	long ns = split_tokens(s, (size_t)(sep - s), &st->v, &st->vcap, 0);
	long nt = ns < 0 ? -1 : split_tokens(sep + 3, (size_t)(s + n - sep - 3), &st->v, &st->vcap, (size_t)ns);
	if (nt < 0)
		return xp_failc(err, XP_ENOMEM, st->path, st->lineno, "out of memory");
	/* "|||" alone has no token: v is still NULL, and NULL + 0 is undefined */
	return st->fn(st->arg, st->v, (size_t)ns, st->v ? st->v + ns : NULL, (size_t)(nt - ns), st->lineno, err);
}

/* A block of the file: its whole lines handled in place, the cut one kept. */
static int each_block(void *arg, const char *p, size_t n, xp_err *err)
{
	stream *st = arg;
	const char *end = p + n;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);
		if (!nl || st->npart) {
			/* a line is held whole: no longer than a file read whole
			 * may be (one line of a gzip bomb took all memory) */
			if (st->npart + k >= XP_READ_MAX)
				return xp_failc(err, XP_EINPUT, st->path, st->lineno + 1, "a line of %zu bytes (%zu MiB) or "
						"more: refused (not sentence pairs?)", XP_READ_MAX, XP_READ_MAX >> 20);
			if (xp_grow(&st->part, &st->cap_part, st->npart + k + 1, 1))
				return xp_failc(err, XP_ENOMEM, st->path, st->lineno + 1, "out of memory");
			memcpy(st->part + st->npart, p, k);
			st->npart += k;
			if (!nl)
				return 0;
			int rc = each_line(st, st->part, st->npart, err);
			st->npart = 0;
			if (rc)
				return rc;
		} else {
			int rc = each_line(st, p, k, err);
			if (rc)
				return rc;
		}
		p = nl + 1;
	}
	return 0;
}

int xp_bitext_each(const char *path, xp_bitext_fn fn, void *arg, xp_err *err)
{
	stream st = {path, fn, arg, NULL, 0, NULL, 0, 0, 0};
	int rc = xp_read_blocks(path, each_block, &st, err);
	if (!rc && st.npart)   /* the last line, without a newline */
		rc = each_line(&st, st.part, st.npart, err);
	free(st.v);
	free(st.part);
	return rc;
}

int xp_bitext_each_mem(const char *name, const char *buf, size_t len, xp_bitext_fn fn, void *arg,
		       xp_err *err)
{
	stream st = {name, fn, arg, NULL, 0, NULL, 0, 0, 0};
	int rc = each_block(&st, buf, len, err);
	if (!rc && st.npart)
		rc = each_line(&st, st.part, st.npart, err);
	free(st.v);
	free(st.part);
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
				rc = xp_fail(err, path, it.lineno, "item '%s' does not match a link",
					     XP_QUOTED(item, k - st));
				break;
			}
			const xp_link *l = &a->links[link++];
			xp_str ws = b->toks[b->src[sent] + l->i], wt = b->toks[b->tgt[sent] + l->j];
			if (!same(ws, item, (size_t)(sep - item)) || !same(wt, sep + 5, (size_t)(s + k - sep - 5)))
				rc = xp_fail(err, path, it.lineno,
					     "link %u-%u joins '%s' and '%s' in the bitext, not '%s': "
					     "the aligner tokenised this line differently",
					     l->i, l->j, XP_QUOTED(ws.p, ws.n), XP_QUOTED(wt.p, wt.n), XP_QUOTED(item, k - st));
		}
		sent++;
	}
	return rc;
}

/* Python's str.split(), which awesome-align uses, splits on Unicode
 * White_Space and on U+001C..U+001F; such characters inside a token
 * become '_'.  So does every third '|' in a row: a token "|||" (a word of
 * a transcript, a subtitle's text in a spaced language) was the line's
 * separator to every reader, the words after it the target's, and every
 * link of the line pointed that many words off, exit 0. */
void xp_bitext_put_token(xp_buf *out, const char *s, size_t n)
{
	if (n == 0) {
		xp_buf_putc(out, '_');
		return;
	}
	size_t i = 0, bars = 0;
	while (i < n) {
		int32_t j = 0, len = (int32_t)(n - i > 8 ? 8 : n - i);
		UChar32 c;
		U8_NEXT((const uint8_t *)s + i, j, len, c);
		bars = c == '|' ? bars + 1 : 0;
		if (bars == 3 || (c >= 0 && (u_isUWhiteSpace(c) || (c >= 0x1C && c <= 0x1F))))
			xp_buf_putc(out, '_'), bars = 0;
		else
			xp_buf_add(out, s + i, (size_t)j);
		i += (size_t)j;
	}
}

size_t xp_bitext_put_cut(xp_buf *out, const char *text, const xp_tok *wt, uint32_t nw, size_t a, size_t b)
{
	size_t written = 0;
	for (uint32_t k = 0; k < nw; k++) {
		size_t wa = wt[k].off, wb = wa + wt[k].len;
		size_t x = wa > a ? wa : a, y = wb < b ? wb : b;
		if (x >= y)
			continue;
		if (written++)
			xp_buf_putc(out, ' ');
		xp_bitext_put_token(out, text + x, y - x);
	}
	return written;
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
