/*
 * io/labels.c — user labels for partitioned scores; see labels.h.
 */
#include "labels.h"
#include "../base/file.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>

void xp_labels_free(xp_labels *l)
{
	free(l->v);
	xp_arena_free(&l->arena);
	memset(l, 0, sizeof *l);
}

static int add(xp_labels *l, const char *doc, int part, uint32_t sent, uint32_t start, uint32_t end,
	       xp_str label, uint32_t line)
{
	if (xp_grow(&l->v, &l->cap, l->n + 1, sizeof *l->v))
		return -1;
	const char *s = xp_arena_strndup(&l->arena, label.p, label.n);
	if (!s)
		return -1;
	l->v[l->n++] = (xp_label){doc, part, sent, start, end, s, line};
	return 0;
}

/* The document id, kept once per run of equal ids. */
static const char *doc_id(xp_labels *l, xp_str id, const char **last)
{
	if (*last && strlen(*last) == id.n && !memcmp(*last, id.p, id.n))
		return *last;
	return *last = xp_arena_strndup(&l->arena, id.p, id.n);
}

static int number(xp_str s, long long max, long long *out)
{
	long long v = xp_parse_uint(s);
	if (v < 0 || v > max)
		return -1;
	*out = v;
	return 0;
}

/* Fields of a line: at tabs if it has one, else at runs of blanks. */
static size_t fields(const char *s, size_t n, xp_str *f, size_t max)
{
	size_t nf = 0;
	if (memchr(s, '\t', n)) {
		const char *a = s, *end = s + n;
		for (const char *p = s;; p++)
			if (p == end || *p == '\t') {
				if (nf < max)
					f[nf] = (xp_str){a, (size_t)(p - a)};
				nf++;
				a = p + 1;
				if (p == end)
					break;
			}
		return nf;
	}
	xp_str x;
	for (size_t k = 0; xp_next_field(s, n, &k, &x); nf++)
		if (nf < max)
			f[nf] = x;
	return nf;
}

static int cmp_label(const void *a, const void *b)
{
	const xp_label *x = a, *y = b;
	int c = strcmp(x->doc, y->doc);
	if (c)
		return c;
	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	if (x->sent != y->sent)
		return x->sent < y->sent ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/* The fields of a line kept, on the stack.  A labels file has 4 or 6; a
 * CoNLL line 10 to 20 (its coreference column last).  Fields beyond are
 * counted, not kept: column N past them, or a column counted from the end
 * of a longer line, is refused with the line's count, never read wrongly. */
#define MAXF 64

static int parse_tsv(const char *name, xp_lines *it, xp_labels *l, xp_err *err)
{
	const char *s, *last = NULL;
	size_t n;
	while (xp_lines_next(it, &s, &n)) {
		uint32_t line = (uint32_t)it->lineno;
		xp_str f[MAXF];
		if (!xp_trim((xp_str){s, n}).n || s[0] == '#')
			continue;
		size_t nf = fields(s, n, f, MAXF);
		if (nf != 4 && nf != 6)
			return xp_failc(err, XP_EINPUT, name, line,
					"%zu fields: a label line is DOC PART SENT LABEL or DOC PART SENT START END LABEL, "
					"separated by tabs", nf);
		long long part, sent, start = 0, end = UINT32_MAX;
		if (!f[0].n || number(f[1], 0x7fffffff, &part) || number(f[2], UINT32_MAX - 1, &sent) ||
		    (nf == 6 && (number(f[3], UINT32_MAX - 1, &start) || number(f[4], UINT32_MAX - 1, &end))))
			return xp_failc(err, XP_EINPUT, name, line,
					"a document id, then a part, sentence%s as non-negative numbers",
					nf == 6 ? ", start and end" : "");
		if (start >= end)
			return xp_failc(err, XP_EINPUT, name, line, "span [%lld, %lld) is empty", start, end);
		xp_str lab = f[nf - 1];
		if (!lab.n)
			return xp_failc(err, XP_EINPUT, name, line, "the label is empty");
		const char *doc = doc_id(l, f[0], &last);
		if (!doc || add(l, doc, (int)part, (uint32_t)sent, (uint32_t)start, (uint32_t)end, lab, line))
			return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
	}
	return 0;
}

static int parse_column(const char *name, xp_lines *it, int column, xp_labels *l, xp_err *err)
{
	const char *s, *last = NULL;
	size_t n;
	uint32_t sent = 0, tok = 0;
	int part = -1;
	while (xp_lines_next(it, &s, &n)) {
		uint32_t line = (uint32_t)it->lineno;
		if (!xp_trim((xp_str){s, n}).n) {
			if (tok)
				sent++, tok = 0;
			continue;
		}
		if (s[0] == '#') {
			if (n >= 6 && !memcmp(s, "#begin", 6))
				last = NULL, sent = 0, tok = 0;
			continue;
		}
		xp_str f[MAXF];
		size_t nf = fields(s, n, f, MAXF);
		long long k = column > 0 ? column - 1 : (long long)nf + column;
		if (k < 0 || k >= (long long)nf || k >= MAXF || (column < 0 && nf > MAXF))
			return xp_failc(err, XP_EINPUT, name, line, "no column %d: the line has %zu fields",
					column, nf);
		if (!f[k].n)
			return xp_failc(err, XP_EINPUT, name, line, "column %d is empty", column);
		long long p = 0;
		if (nf >= 5 && number(f[1], 0x7fffffff, &p))
			return xp_failc(err, XP_EINPUT, name, line, "the part column is not a number");
		const char *prev = last;
		const char *doc = doc_id(l, f[0], &last);
		if (!doc)
			return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
		if (prev && (doc != prev || p != part))   /* a new document */
			sent = 0, tok = 0;
		part = (int)p;
		if (tok == UINT32_MAX - 1 || add(l, doc, part, sent, tok, tok + 1, f[k], line))
			return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
		tok++;
	}
	return 0;
}

int xp_labels_parse(const char *name, const char *buf, size_t len, int column, xp_labels *l,
		    xp_err *err)
{
	memset(l, 0, sizeof *l);
	size_t bad;
	if (!xp_utf8_valid(buf, len, &bad)) {
		/* labels and ids are printed and written to JSON: UTF-8 only */
		unsigned long line = 1;
		for (size_t i = 0; i < bad; i++)
			line += buf[i] == '\n';
		xp_labels_free(l);
		return xp_failc(err, XP_EINPUT, name, line, "invalid UTF-8");
	}
	xp_lines it;
	xp_lines_init(&it, buf, len);
	int rc = column ? parse_column(name, &it, column, l, err) : parse_tsv(name, &it, l, err);
	if (rc == 0 && l->n)
		qsort(l->v, l->n, sizeof *l->v, cmp_label);
	for (size_t i = 1; rc == 0 && i < l->n; i++) {
		const xp_label *a = &l->v[i - 1], *b = &l->v[i];
		if (!strcmp(a->doc, b->doc) && a->part == b->part && a->sent == b->sent && a->start == b->start &&
		    a->end == b->end && strcmp(a->label, b->label))
			rc = xp_failc(err, XP_EINPUT, name, b->line, "the same span was labelled '%s' on line %u",
				      a->label, a->line);
	}
	if (rc)
		xp_labels_free(l);
	return rc;
}

int xp_labels_read(const char *path, int column, xp_labels *l, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc) {
		memset(l, 0, sizeof *l);
		return rc;
	}
	rc = xp_labels_parse(path, buf, len, column, l, err);
	free(buf);
	return rc;
}

static int cmp_sentence(const xp_label *x, const char *doc, int part, uint32_t sent)
{
	int c = strcmp(x->doc, doc);
	if (c)
		return c;
	if (x->part != part)
		return x->part < part ? -1 : 1;
	return (x->sent > sent) - (x->sent < sent);
}

const char *xp_labels_find(const xp_labels *l, const char *doc, int part, uint32_t sent, uint32_t start,
			   uint32_t end)
{
	size_t lo = 0, hi = l->n;
	while (lo < hi) {   /* the sentence's first entry */
		size_t mid = lo + (hi - lo) / 2;
		if (cmp_sentence(&l->v[mid], doc, part, sent) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	const xp_label *best = NULL;
	for (size_t i = lo; i < l->n && !cmp_sentence(&l->v[i], doc, part, sent); i++) {
		const xp_label *e = &l->v[i];
		if (e->start == start && e->end == end)
			return e->label;
		if (e->start <= start && start < e->end && (!best || e->end - e->start < best->end - best->start))
			best = e;
	}
	return best ? best->label : NULL;
}
