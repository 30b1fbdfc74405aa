/*
 * io/conll_read.c — the CoNLL-2012 reader; see conll.h for the layouts it
 * accepts.  One pass over the lines; a sentence's words are borrowed from the
 * input buffer until the sentence ends, then copied into the corpus arena.
 */
#define _GNU_SOURCE /* memmem */
#include "conll.h"
#include "reader.h"
#include "../base/file.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>

typedef struct tokline {
	xp_str doc, part, idx, word, speaker, coref;
	int bare;                 /* "id coref" lines (2-4 columns): no word, no numbers */
} tokline;

/* The sentence's open brackets, in the order they were opened (so that
 * unclosed ones are reported in that order).  A closing bracket pairs with
 * the latest open one of its cluster: top[cluster] is that bracket, and
 * each bracket names the one of its cluster opened before it (a stack per
 * cluster), so closing costs the same whatever the number of open brackets
 * (a sentence may open a million distinct labels). */
typedef struct open_br {
	long long label;
	uint32_t cluster, start, line;
	int64_t prev;             /* the cluster's previous open bracket, -1 */
	int closed;
} open_br;

typedef struct reader {
	const char *name;
	const xp_read_opts *o;
	xp_err *err;
	xp_corpus *c;
	xp_doc *doc;              /* NULL outside #begin/#end */
	unsigned long doc_line;
	/* the sentence being read */
	const char **words;
	size_t *lens, nwords, cap_words, cap_lens;
	xp_str speaker;
	unsigned long sent_line;
	open_br *open;
	size_t nopen, cap_open;
	int64_t *top;             /* per cluster index: its latest open bracket, -1 */
	size_t ntop, cap_top;
	struct item *items;       /* scratch for one coreference column */
	size_t cap_items;
} reader;

/* --- splitting a token line into the columns we keep ------------------ */

static xp_str slice(const char *a, const char *b) { return (xp_str){a, (size_t)(b - a)}; }

/* CoNLL-2012 columns: 0 id, 1 part, 2 number, 3 word, ..., 9 speaker, ...,
 * last coreference.  The reference scorer's own test files also have bare
 * "id coreference" lines; it reads only the last column, so we accept them. */
static int assign_columns(tokline *t, const xp_str *col, size_t nf, xp_str last)
{
	static const xp_str none = {"", 0};
	if (nf < 2)
		return -1;
	t->doc = col[0];
	t->coref = last;
	t->bare = nf < 5;
	t->part = t->bare ? none : col[1];
	t->idx = t->bare ? none : col[2];
	t->word = t->bare ? none : col[3];
	t->speaker = nf >= 11 ? col[9] : none;
	return 0;
}

static int split_tabs(const char *s, size_t n, tokline *t)
{
	const char *end = s + n, *f = s;
	xp_str col[10];
	size_t nf = 0;
	xp_str last = {0};
	for (const char *p = s;; p++) {
		if (p == end || *p == '\t') {
			last = slice(f, p);
			if (nf < 10)
				col[nf] = last;
			nf++;
			f = p + 1;
			if (p == end)
				break;
		}
	}
	return assign_columns(t, col, nf, last);
}

/* MMC: "doc part idx WORD na na na na na SPEAKER WITH SPACES na na na COREF". */
static int split_mmc(const char *s, size_t n, tokline *t)
{
	static const char five[] = " na na na na na ";
	const char *end = s + n, *p = s, *f[3];
	for (int i = 0; i < 3; i++) {
		const char *sp = memchr(p, ' ', (size_t)(end - p));
		if (!sp || sp == p)
			return -1;
		f[i] = p;
		p = sp + 1;
		if (i == 0) t->doc = slice(f[0], sp);
		if (i == 1) t->part = slice(f[1], sp);
		if (i == 2) t->idx = slice(f[2], sp);
	}
	const char *w = memmem(p, (size_t)(end - p), five, sizeof five - 1);
	if (!w)
		return -1;
	t->word = slice(p, w);
	const char *after = w + sizeof five - 1;
	const char *ls = end;
	while (ls > after && ls[-1] != ' ')
		ls--;
	if (ls == after || ls == end)
		return -1;
	t->coref = slice(ls, end);
	xp_str mid = slice(after, ls - 1);
	if (mid.n >= 9 && memcmp(mid.p + mid.n - 9, " na na na", 9) == 0)
		t->speaker = (xp_str){mid.p, mid.n - 9};
	else if (xp_str_eq(mid, "na na na"))
		t->speaker = (xp_str){"", 0};
	else
		return -1;
	return 0;
}

static int split_spaces(const char *s, size_t n, tokline *t)
{
	xp_str col[10], last = {0}, f;
	size_t nf = 0;
	for (size_t k = 0; xp_next_field(s, n, &k, &f); nf++) {
		last = f;
		if (nf < 10)
			col[nf] = f;
	}
	return assign_columns(t, col, nf, last);
}

static int split_line(const char *s, size_t n, tokline *t)
{
	/* trailing blanks are not an empty last column (Perl's split agrees) */
	while (n && xp_is_blank(s[n - 1]))
		n--;
	if (memchr(s, '\t', n))
		return split_tabs(s, n, t);
	if (split_mmc(s, n, t) == 0)
		return 0;
	return split_spaces(s, n, t);
}

/* --- sentences and documents ---------------------------------------- */

static int oom(reader *r, unsigned long line)
{
	return xp_failc(r->err, XP_ENOMEM, r->name, line, "out of memory");
}

static int end_sentence(reader *r)
{
	if (!r->nwords)
		return 0;
	for (size_t i = 0; i < r->nopen; i++) {
		r->top[r->open[i].cluster] = -1;
		if (!r->open[i].closed &&
		    xp_read_problem(r->o, r->err, r->name, r->open[i].line,
				    "bracket (%lld opened here is never closed in its sentence%s",
				    r->open[i].label, r->o->repair ? "; dropped" : ""))
			return -1;
	}
	r->nopen = 0;
	char spk[1024];
	size_t k = r->speaker.n < sizeof spk - 1 ? r->speaker.n : sizeof spk - 1;
	memcpy(spk, r->speaker.p, k);
	spk[k] = '\0';
	if (k == 1 && spk[0] == '-')
		spk[0] = '\0';
	xp_utt *u = xp_doc_add_utt(r->c, r->doc, spk, r->words, r->lens, (uint32_t)r->nwords);
	if (!u)
		return oom(r, r->sent_line);
	u->line = (uint32_t)r->sent_line;
	r->nwords = 0;
	return 0;
}

static int end_document(reader *r)
{
	if (!r->doc)
		return 0;
	if (end_sentence(r))
		return -1;
	size_t ndup = 0;
	uint32_t dl = 0;
	if (xp_doc_finish(r->doc, 1, &ndup, &dl))
		return oom(r, r->doc_line);
	if (ndup)
		xp_read_warn(r->o, r->name, dl,
			     "document %s: duplicate mention (same span, same cluster) counted once%s",
			     r->doc->id, ndup > 1 ? "; more in this document" : "");
	r->doc = NULL;
	return 0;
}

/* "#begin document (ID); part NNN" — the id may itself hold parentheses. */
static int begin_document(reader *r, const char *s, size_t n, unsigned long line)
{
	if (end_document(r))
		return -1;
	const char *p = s + strlen("#begin document"), *end = s + n;
	while (p < end && *p == ' ')
		p++;
	const char *idend = end;
	long long part = 0;
	for (const char *q = end; q > p; q--) {
		if (q - p >= 6 && memcmp(q - 6, "; part", 6) == 0) {
			idend = q - 6;
			const char *ps = q;
			while (ps < end && *ps == ' ')
				ps++;
			const char *pe = end;
			while (pe > ps && pe[-1] == ' ')
				pe--;
			part = xp_parse_uint(slice(ps, pe));
			break;
		}
	}
	while (idend > p && (idend[-1] == ' ' || idend[-1] == ';'))
		idend--;
	if (idend - p >= 2 && *p == '(' && idend[-1] == ')')
		p++, idend--;
	if (part < 0 || part > 1000000) {
		if (xp_read_problem(r->o, r->err, r->name, line, "part number is not a number"))
			return -1;
		part = 0;
	}
	r->doc = xp_corpus_add_doc(r->c, p, (size_t)(idend - p), (int)part);
	if (!r->doc)
		return oom(r, line);
	r->doc_line = line;
	return 0;
}

/* --- the coreference column ----------------------------------------- */

/* top[] covers cluster c, new entries empty */
static int track_cluster(reader *r, size_t c)
{
	if (c < r->ntop)
		return 0;
	if (xp_grow(&r->top, &r->cap_top, c + 1, sizeof *r->top))
		return -1;
	while (r->ntop <= c)
		r->top[r->ntop++] = -1;
	return 0;
}

static int close_bracket(reader *r, long long label, uint32_t cl, uint32_t tok, unsigned long line)
{
	int64_t i = cl < r->ntop ? r->top[cl] : -1;
	if (i < 0)
		return xp_read_problem(r->o, r->err, r->name, line,
				       "bracket %lld) closes a mention that was never opened%s", label,
				       r->o->repair ? "; dropped" : "");
	open_br *b = &r->open[i];
	r->top[cl] = b->prev;
	b->closed = 1;
	if (xp_doc_add_mention(r->doc, (uint32_t)r->doc->nutts, b->start, tok + 1, cl, b->line))
		return oom(r, line);
	return 0;
}

/* One item of the coreference column: "(N)", "(N" or "N)".  Items may be
 * separated by '|' or, as some files have them, simply run together. */
typedef struct item {
	int kind;                 /* 0 single, 1 open, 2 close: the order they apply in */
	long long label;
} item;

static int parse_items(xp_str col, item **v, size_t *n, size_t *cap)
{
	const char *p = col.p, *end = col.p + col.n;
	*n = 0;
	while (p < end) {
		if (*p == '|') {
			p++;
			continue;
		}
		int op = *p == '(';
		const char *d = p + op, *q = d;
		long long label = 0;
		while (q < end && *q >= '0' && *q <= '9' && q - d < 18)
			label = label * 10 + (*q++ - '0');
		int cl = q < end && *q == ')';
		if (q == d || (!op && !cl) || (q < end && !cl && *q != '|' && *q != '('))
			return -1;
		if (xp_grow(v, cap, *n + 1, sizeof **v))
			return -2;
		(*v)[(*n)++] = (item){op && cl ? 0 : op ? 1 : 2, label};
		p = q + cl;
	}
	return 0;
}

/* The reference scorer applies a token's one-token mentions first, then its
 * openings, then its closings, whatever their order in the column; so do we,
 * or the same file would hold different mentions for xproj and for it.
 * Clusters are registered in that same order, which is the scorer's entity
 * order (it decides which entity a span repeated in two clusters counts in). */
static int apply_item(reader *r, const item *it, uint32_t tok, unsigned long line)
{
	long c = xp_doc_cluster(r->doc, it->label);
	if (c < 0)
		return oom(r, line);
	if (it->kind == 0) {
		if (xp_doc_add_mention(r->doc, (uint32_t)r->doc->nutts, tok, tok + 1, (uint32_t)c,
				       (uint32_t)line))
			return oom(r, line);
		return 0;
	}
	if (it->kind == 2)
		return close_bracket(r, it->label, (uint32_t)c, tok, line);
	if (track_cluster(r, (size_t)c) || xp_grow(&r->open, &r->cap_open, r->nopen + 1, sizeof *r->open))
		return oom(r, line);
	r->open[r->nopen] = (open_br){it->label, (uint32_t)c, tok, (uint32_t)line, r->top[c], 0};
	r->top[c] = (int64_t)r->nopen++;
	return 0;
}

static int coref_column(reader *r, xp_str col, uint32_t tok, unsigned long line)
{
	if (xp_str_eq(col, "-") || xp_str_eq(col, "_"))
		return 0;
	size_t n;
	int rc = parse_items(col, &r->items, &n, &r->cap_items);
	if (rc == -2)
		return oom(r, line);
	if (rc)
		return xp_read_problem(r->o, r->err, r->name, line,
				       "malformed coreference column '%s'%s", XP_QUOTED(col.p, col.n),
				       r->o->repair ? "; ignored" : "");
	for (int kind = 0; kind < 3; kind++)
		for (size_t i = 0; i < n; i++)
			if (r->items[i].kind == kind && apply_item(r, &r->items[i], tok, line))
				return -1;
	return 0;
}

/* --- token lines ----------------------------------------------------- */

/* Every line must be UTF-8 without NUL bytes (a NUL is valid UTF-8, but a
 * token holding one would end there wherever it is used as a C string: the
 * word would be silently cut).  A repaired line gets U+FFFD for its bad bytes
 * and NULs, in a copy in the arena: what a reader accepts, the writer can
 * write. */
static int check_utf8(reader *r, const char **s, size_t *n, unsigned long line)
{
	size_t bad = *n;
	const char *nul = memchr(*s, '\0', *n);
	int valid = xp_utf8_valid(*s, *n, &bad);
	if (valid && !nul)
		return 0;
	if (nul && (valid || (size_t)(nul - *s) < bad)) {
		if (xp_read_problem(r->o, r->err, r->name, line, "line holds a NUL byte (byte %zu)%s",
				    (size_t)(nul - *s) + 1, r->o->repair ? "; replaced by U+FFFD" : ""))
			return -1;
	} else if (xp_read_problem(r->o, r->err, r->name, line, "line is not valid UTF-8 (byte %zu)%s",
				   bad + 1, r->o->repair ? "; replaced by U+FFFD" : "")) {
		return -1;
	}
	char *fixed = xp_arena_alloc(&r->c->arena, 3 * *n + 1);
	if (!fixed)
		return oom(r, line);
	size_t o = 0;
	for (const char *p = *s, *end = *s + *n;;) {
		const char *z = memchr(p, '\0', (size_t)(end - p));
		o += xp_utf8_repair(p, (size_t)((z ? z : end) - p), fixed + o);
		if (!z)
			break;
		memcpy(fixed + o, "\xEF\xBF\xBD", 3);
		o += 3;
		p = z + 1;
	}
	*n = o;
	*s = fixed;
	return 0;
}

static int implicit_document(reader *r, const tokline *t, unsigned long line)
{
	if (xp_read_problem(r->o, r->err, r->name, line,
			    "token line outside '#begin document'; starting document '%s'",
			    XP_QUOTED(t->doc.p, t->doc.n)))
		return -1;
	long long part = xp_parse_uint(t->part);
	if (part < 0 || part > 1000000)
		part = 0;
	r->doc = xp_corpus_add_doc(r->c, t->doc.p, t->doc.n, (int)part);
	if (!r->doc)
		return oom(r, line);
	r->doc_line = line;
	return 0;
}

static void check_columns(reader *r, const tokline *t, unsigned long line)
{
	if (t->bare)
		return;
	long long part = xp_parse_uint(t->part), idx = xp_parse_uint(t->idx);
	if (part != r->doc->part)
		xp_read_warn(r->o, r->name, line, "part column '%s' differs from the header's part %d",
			     XP_QUOTED(t->part.p, t->part.n), r->doc->part);
	if (idx != (long long)r->nwords)
		xp_read_warn(r->o, r->name, line, "token number '%s' where %zu was expected",
			     XP_QUOTED(t->idx.p, t->idx.n), r->nwords);
	if (r->nwords && (t->speaker.n != r->speaker.n ||
			  memcmp(t->speaker.p, r->speaker.p, t->speaker.n)))
		xp_read_warn(r->o, r->name, line,
			     "speaker '%s' differs from the sentence's first speaker '%s'",
			     XP_QUOTED(t->speaker.p, t->speaker.n), XP_QUOTED(r->speaker.p, r->speaker.n));
}

static int token_line(reader *r, const char *s, size_t n, unsigned long line)
{
	tokline t = {0};
	if (split_line(s, n, &t))
		return xp_read_problem(r->o, r->err, r->name, line,
				       "expected columns: id part number word ... coreference");
	if (!r->doc && implicit_document(r, &t, line))
		return -1;
	check_columns(r, &t, line);
	if (r->nwords == 0) {
		r->speaker = t.speaker;
		r->sent_line = line;
	}
	if (xp_grow(&r->words, &r->cap_words, r->nwords + 1, sizeof *r->words) ||
	    xp_grow(&r->lens, &r->cap_lens, r->nwords + 1, sizeof *r->lens))
		return oom(r, line);
	uint32_t tok = (uint32_t)r->nwords;
	r->words[tok] = t.word.p;
	r->lens[tok] = t.word.n;
	r->nwords++;
	return coref_column(r, t.coref, tok, line);
}

static int is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

static int read_line(reader *r, const char *s, size_t n, unsigned long line)
{
	if (check_utf8(r, &s, &n, line))
		return -1;
	if (is_blank(s, n))
		return r->doc ? end_sentence(r) : 0;
	if (n >= 15 && memcmp(s, "#begin document", 15) == 0)
		return begin_document(r, s, n, line);
	if (n >= 13 && memcmp(s, "#end document", 13) == 0) {
		if (!r->doc)
			return xp_read_problem(r->o, r->err, r->name, line,
					       "'#end document' without '#begin document'");
		return end_document(r);
	}
	if (s[0] == '#')
		return 0;
	return token_line(r, s, n, line);
}

int xp_conll_read(const char *name, const char *buf, size_t len, const xp_read_opts *o,
		  xp_corpus *c, xp_err *err)
{
	return xp_conll_read_at(name, buf, len, 0, o, c, err);
}

int xp_conll_read_at(const char *name, const char *buf, size_t len, unsigned long line0, const xp_read_opts *o,
		     xp_corpus *c, xp_err *err)
{
	static const xp_read_opts strict = {0};
	reader r = {.name = name, .o = o ? o : &strict, .err = err, .c = c};
	xp_lines it;
	xp_lines_init(&it, buf, len);
	it.lineno = line0;
	const char *s;
	size_t n;
	int rc = 0;
	while (rc == 0 && xp_lines_next(&it, &s, &n))
		rc = read_line(&r, s, n, it.lineno);
	if (rc == 0 && r.doc) {
		xp_read_warn(r.o, name, it.lineno, "document %s has no '#end document'", r.doc->id);
		rc = end_document(&r);
	}
	free(r.words);
	free(r.lens);
	free(r.open);
	free(r.top);
	free(r.items);
	return rc;
}
