/* io/conllu.c — CorefUD reader and writer; see conllu.h. */
#include "conllu.h"
#include "reader.h"
#include "transcript.h"
#include "../base/file.h"
#include "../base/text.h"
#include "../base/vocab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_FIELDS "eid-etype-head-other"
#define META_FIELDS "corefud.global.Entity"
#define META_EIDS "corefud.eids"
#define META_DISC "corefud.discontinuous"
#define META_ZERO "corefud.zero"
#define META_SPLIT "corefud.split_ante"
#define META_BRIDGE "corefud.bridge"

/* --- one sentence's brackets ---------------------------------------------- */

/* Positions count words and the gaps between them, so that an empty node
 * (k.m, after word k) has a place: word p (0-based) is 2p+1, an empty node
 * after word k (1-based) is 2k. */
typedef struct pm {
	uint32_t eid;             /* id in the document's entity-id vocabulary */
	int32_t lo, hi;           /* words covered so far, -1 when none */
	uint32_t line;            /* of the opening bracket */
	int nparts, part;         /* discontinuous: parts in all, the one last opened */
	uint32_t at;              /* position where the open part began */
} pm;

typedef struct sp {
	const char *name;
	const xp_read_opts *o;    /* NULL: problems are counted only (the writer's check) */
	xp_err *err;
	xp_vocab *eids;
	int eid_field;
	xp_str *words;
	size_t nwords, capw;
	pm *done, *open, *wait;   /* finished; with a part open; between parts */
	size_t ndone, nopen, nwait, capd, capo, capwt;
	size_t zero, disc, split, bridge, problems;
	uint32_t first_line;      /* of the first token line */
} sp;

static void sp_free(sp *s)
{
	free(s->words);
	free(s->done);
	free(s->open);
	free(s->wait);
}

static int problem(sp *s, unsigned long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int problem(sp *s, unsigned long line, const char *fmt, ...)
{
	s->problems++;
	if (!s->o)
		return 0;
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return xp_read_problem(s->o, s->err, s->name, line, "%s", msg);
}

static int nomem(sp *s)
{
	if (s->o)
		xp_failc(s->err, XP_ENOMEM, s->name, 0, "out of memory");
	return -1;
}

static int push(pm **v, size_t *n, size_t *cap, pm m)
{
	if (xp_grow(v, cap, *n + 1, sizeof **v))
		return -1;
	(*v)[(*n)++] = m;
	return 0;
}

static void cover(pm *m, uint32_t a, uint32_t b)
{
	int32_t f = (int32_t)(a / 2), l = b >= 1 ? (int32_t)((b - 1) / 2) : -1;
	if (f > l)
		return;
	if (m->lo < 0 || f < m->lo)
		m->lo = f;
	if (l > m->hi)
		m->hi = l;
}

static int finish(sp *s, pm m)
{
	if (m.lo < 0) {
		s->zero++;   /* empty nodes only: nothing the model can hold */
		return 0;
	}
	return push(&s->done, &s->ndone, &s->capd, m) ? nomem(s) : 0;
}

/* "e12[2/3]" -> base length, part 2, parts 3; parts 0 without a suffix.
 * -1 when the suffix is malformed. */
static int split_eid(const char *p, size_t n, size_t *base, int *part, int *parts)
{
	*base = n, *part = *parts = 0;
	if (!n || p[n - 1] != ']')
		return 0;
	const char *lb = memchr(p, '[', n);
	if (!lb)
		return -1;
	const char *sl = memchr(lb, '/', (size_t)(p + n - lb));
	if (!sl)
		return -1;
	long long i = xp_parse_uint((xp_str){lb + 1, (size_t)(sl - lb - 1)});
	long long k = xp_parse_uint((xp_str){sl + 1, (size_t)(p + n - 1 - sl - 1)});
	if (i < 1 || k < 1 || i > k || k > 1000)
		return -1;
	*base = (size_t)(lb - p), *part = (int)i, *parts = (int)k;
	return 0;
}

static int open_bracket(sp *s, const char *c, size_t n, int single, uint32_t pos, unsigned long line)
{
	/* the eid_field-th of the '-' separated fields */
	const char *f = c, *end = c + n;
	for (int k = 0; k < s->eid_field && f; k++) {
		f = memchr(f, '-', (size_t)(end - f));
		f = f ? f + 1 : NULL;
	}
	const char *fe = f ? memchr(f, '-', (size_t)(end - f)) : NULL;
	size_t fn = f ? (size_t)((fe ? fe : end) - f) : 0;
	size_t bn;
	int part, parts;
	if (!fn)
		return problem(s, line, "Entity bracket '(%.*s' has no entity id (--repair drops it)", (int)n, c);
	/* CorefUD's ids hold none of -=| \t(); the reader's splitting
	 * already stops at the others */
	if (split_eid(f, fn, &bn, &part, &parts) || !bn || memchr(f, ' ', bn) || memchr(f, '=', bn))
		return problem(s, line, "Entity bracket '(%.*s': bad entity id '%.*s' (--repair drops it)", (int)n, c,
			       (int)fn, f);
	uint32_t eid = xp_vocab_id(s->eids, f, bn);
	if (eid == UINT32_MAX)
		return nomem(s);
	pm m = {eid, -1, -1, (uint32_t)line, parts > 1 ? parts : 0, parts > 1 ? part : 0, pos};
	if (parts > 1 && part == 1)
		s->disc++;
	if (parts > 1 && part > 1) {
		size_t k = s->nwait;
		while (k-- > 0)
			if (s->wait[k].eid == eid && s->wait[k].nparts == parts && s->wait[k].part == part - 1)
				break;
		if (k == (size_t)-1)
			return problem(s, line, "Entity bracket '(%.*s': part %d of %d without part %d before it (--repair drops it)",
				       (int)n, c, part, parts, part - 1);
		m = s->wait[k];
		memmove(s->wait + k, s->wait + k + 1, (s->nwait - k - 1) * sizeof *s->wait);
		s->nwait--;
		m.part = part;
		m.at = pos;
	}
	if (!single)
		return push(&s->open, &s->nopen, &s->capo, m) ? nomem(s) : 0;
	cover(&m, pos, pos);
	if (m.nparts && m.part < m.nparts)
		return push(&s->wait, &s->nwait, &s->capwt, m) ? nomem(s) : 0;
	return finish(s, m);
}

static int close_bracket(sp *s, const char *c, size_t n, uint32_t pos, unsigned long line)
{
	size_t bn;
	int part, parts;
	uint32_t eid = split_eid(c, n, &bn, &part, &parts) ? UINT32_MAX : xp_vocab_find(s->eids, c, bn);
	size_t k = s->nopen;
	while (eid != UINT32_MAX && k-- > 0)
		if (s->open[k].eid == eid && (!parts || (s->open[k].nparts == parts && s->open[k].part == part)))
			break;
	if (eid == UINT32_MAX || k == (size_t)-1)
		return problem(s, line, "Entity bracket '%.*s)' closes no open mention (--repair drops it)", (int)n, c);
	pm m = s->open[k];
	memmove(s->open + k, s->open + k + 1, (s->nopen - k - 1) * sizeof *s->open);
	s->nopen--;
	cover(&m, m.at, pos);
	if (m.nparts && m.part < m.nparts)
		return push(&s->wait, &s->nwait, &s->capwt, m) ? nomem(s) : 0;
	return finish(s, m);
}

static int node_entity(sp *s, const char *v, size_t n, uint32_t pos, unsigned long line)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i + (v[i] == '(');
		while (j < n && v[j] != '(' && v[j] != ')')
			j++;
		if (v[i] == '(') {
			int single = j < n && v[j] == ')';
			if (open_bracket(s, v + i + 1, j - i - 1, single, pos, line))
				return -1;
			i = single ? j + 1 : j;
		} else if (j < n && v[j] == ')') {
			if (close_bracket(s, v + i, j - i, pos, line))
				return -1;
			i = j + 1;
		} else {
			if (problem(s, line, "Entity '%.*s': '%.*s' is not a bracket (--repair drops it)", (int)n, v,
				    (int)(j - i), v + i))
				return -1;
			i = j;
		}
	}
	return 0;
}

/* Tab-separated fields of a line into f (at most max); their number. */
static int split_tabs(const char *l, size_t n, xp_str *f, int max)
{
	int k = 0;
	const char *p = l, *end = l + n;
	for (;;) {
		const char *t = memchr(p, '\t', (size_t)(end - p));
		if (k < max)
			f[k] = (xp_str){p, (size_t)((t ? t : end) - p)};
		k++;
		if (!t)
			return k;
		p = t + 1;
	}
}

static int is_digits(xp_str s)
{
	if (!s.n)
		return 0;
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
	return 1;
}

/* MISC items of one node: Entity brackets, SplitAnte and Bridge links */
static int misc(sp *s, xp_str m, uint32_t pos, unsigned long line)
{
	if (m.n == 1 && m.p[0] == '_')
		return 0;
	const char *p = m.p, *end = m.p + m.n;
	while (p <= end) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		size_t k = (size_t)((bar ? bar : end) - p);
		if (k > 7 && !memcmp(p, "Entity=", 7)) {
			if (node_entity(s, p + 7, k - 7, pos, line))
				return -1;
		} else if ((k > 10 && !memcmp(p, "SplitAnte=", 10)) || (k > 7 && !memcmp(p, "Bridge=", 7))) {
			size_t links = 1;
			for (size_t i = 0; i < k; i++)
				links += p[i] == ',';
			if (p[0] == 'S')
				s->split += links;
			else
				s->bridge += links;
		}
		if (!bar)
			break;
		p = bar + 1;
	}
	return 0;
}

/* MISC holds an Entity item: on a multiword token's line (CorefUD puts
 * them on its words) its mentions used to be dropped, exit 0 */
static int has_entity(xp_str m)
{
	for (const char *p = m.p, *end = m.p + m.n; p < end;) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		if ((size_t)((bar ? bar : end) - p) > 7 && !memcmp(p, "Entity=", 7))
			return 1;
		p = bar ? bar + 1 : end;
	}
	return 0;
}

static int token_line(sp *s, const char *l, size_t n, unsigned long line)
{
	xp_str f[10];
	int nf = split_tabs(l, n, f, 10);
	if (nf != 10)
		return problem(s, line, "a token line of %d column(s), not 10 (--repair drops it)", nf);
	const char *dash = memchr(f[0].p, '-', f[0].n), *dot = memchr(f[0].p, '.', f[0].n);
	if (dash)   /* a multiword token: its words follow, and carry its mentions */
		return has_entity(f[9]) ? problem(s, line, "Entity on a multiword token's line '%.*s': CorefUD "
					  "puts it on the token's words (--repair drops it)", (int)f[0].n, f[0].p)
					: 0;
	if (!s->nwords && !s->first_line)
		s->first_line = (uint32_t)line;
	uint32_t pos;
	if (dot) {
		xp_str k = {f[0].p, (size_t)(dot - f[0].p)}, m = {dot + 1, (size_t)(f[0].p + f[0].n - dot - 1)};
		long long w = is_digits(k) && is_digits(m) ? xp_parse_uint(k) : -1;
		if (w < 0 || w > (long long)s->nwords)
			return problem(s, line, "empty node '%.*s' after word %zu (--repair drops the line)", (int)f[0].n,
				       f[0].p, s->nwords);
		pos = (uint32_t)(2 * w);
	} else {
		long long w = is_digits(f[0]) ? xp_parse_uint(f[0]) : -1;
		if (w != (long long)s->nwords + 1) {
			int rc = problem(s, line, "word ID '%.*s' where %zu was expected", (int)f[0].n, f[0].p,
					 s->nwords + 1);
			if (rc || !is_digits(f[0]))
				return rc;
		}
		if (s->nwords >= UINT32_MAX / 2 - 1)
			return problem(s, line, "too many words in one sentence");
		if (xp_grow(&s->words, &s->capw, s->nwords + 1, sizeof *s->words))
			return nomem(s);
		pos = (uint32_t)(2 * s->nwords + 1);
		s->words[s->nwords++] = f[1];
	}
	return misc(s, f[9], pos, line);
}

/* xp_lines_next, every UTF-8 BOM at the start of a line and every CR at its
 * end left out (xp_lines takes a BOM at the start of the buffer only, and
 * one CR): the reader, and the writer reading a sentence's kept text,
 * must see the same lines wherever the text starts. */
static int next_line(xp_lines *it, const char **l, size_t *k)
{
	if (!xp_lines_next(it, l, k))
		return 0;
	while (*k >= 3 && !memcmp(*l, "\xEF\xBB\xBF", 3))
		*l += 3, *k -= 3;
	while (*k && (*l)[*k - 1] == '\r')   /* xp_lines takes one, of CRLF */
		(*k)--;
	return 1;
}

/* A line no sentence may keep: one with a NUL byte (the sentence's text is
 * a C string) or that is not UTF-8 (a Latin-1 file: the words would go on
 * to every output as bytes no reader takes).  block() reports it. */
static int bad_line(const char *l, size_t k)
{
	size_t bad;
	return memchr(l, '\0', k) || !xp_utf8_valid(l, k, &bad);
}

/* The token lines of one sentence (comments skipped). */
static int parse_block(sp *s, const char *b, size_t n, unsigned long line)
{
	xp_lines it;
	xp_lines_init(&it, b, n);
	it.lineno = line - 1;
	const char *l;
	size_t k;
	while (next_line(&it, &l, &k)) {
		if ((k && l[0] == '#') || bad_line(l, k))   /* block() reported it */
			continue;
		if (token_line(s, l, k, it.lineno))
			return -1;
	}
	for (size_t i = 0; i < s->nopen; i++)
		if (problem(s, s->open[i].line, "the mention of %s opened here does not close in its sentence (--repair drops it)",
			    s->eids->words[s->open[i].eid]))
			return -1;
	for (size_t i = 0; i < s->nwait; i++)
		if (problem(s, s->wait[i].line, "discontinuous mention of %s: part %d of %d is missing (--repair drops it)",
			    s->eids->words[s->wait[i].eid], s->wait[i].part + 1, s->wait[i].nparts))
			return -1;
	return 0;
}

/* The position of the entity id among global.Entity's fields */
static int eid_field_of(const char *fields)
{
	int k = 0;
	for (const char *p = fields; *p;) {
		size_t n = strcspn(p, "-");
		if ((n == 3 && !memcmp(p, "eid", 3)) || (n == 3 && !memcmp(p, "GRP", 3)))
			return k;
		k++;
		p += n + (p[n] == '-');
	}
	return 0;
}

/* "e12" -> 12; -1 for an id of another shape (leading zeros included) */
static long long eid_number(const char *s, size_t n)
{
	if (n < 2 || n > 16 || s[0] != 'e' || (s[1] == '0' && n > 2))
		return -1;
	xp_str d = {s + 1, n - 1};
	return is_digits(d) ? xp_parse_uint(d) : -1;
}

/* --- reading ---------------------------------------------------------------- */

typedef struct dm {
	uint32_t utt, start, end, eid, line;
} dm;

typedef struct rdr {
	const char *name;
	const xp_read_opts *o;
	xp_err *err;
	xp_corpus *c;
	xp_doc *doc;
	xp_vocab eids;
	int eid_field;
	dm *m;
	size_t nm, capm;
	size_t disc, zero, split, bridge;
	xp_buf raw;
} rdr;

static int end_doc(rdr *r)
{
	if (!r->doc)
		return 0;
	xp_doc *d = r->doc;
	r->doc = NULL;
	long long *label = malloc(((size_t)r->eids.n + 1) * sizeof *label), next = 0;
	xp_buf table = {0};
	int rc = -1;
	if (!label)
		goto out;
	for (uint32_t i = 0; i < r->eids.n; i++) {
		label[i] = eid_number(r->eids.words[i], strlen(r->eids.words[i]));
		if (label[i] >= next)
			next = label[i] + 1;
	}
	for (uint32_t i = 0; i < r->eids.n; i++)
		if (label[i] < 0) {
			label[i] = next++;
			xp_buf_printf(&table, "%s%lld=%s", table.n ? " " : "", label[i], r->eids.words[i]);
		}
	for (size_t i = 0; i < r->nm; i++) {
		long cl = xp_doc_cluster(d, label[r->m[i].eid]);
		if (cl < 0 || xp_doc_add_mention(d, r->m[i].utt, r->m[i].start, r->m[i].end, (uint32_t)cl, r->m[i].line))
			goto out;
	}
	size_t ndup = 0;
	uint32_t dl = 0;
	if (xp_doc_finish(d, 1, &ndup, &dl) || table.oom || (table.n && xp_doc_set_meta(r->c, d, META_EIDS, table.p)) ||
	    xp_meta_set_count(r->c, d, META_DISC, r->disc) || xp_meta_set_count(r->c, d, META_ZERO, r->zero) ||
	    xp_meta_set_count(r->c, d, META_SPLIT, r->split) || xp_meta_set_count(r->c, d, META_BRIDGE, r->bridge))
		goto out;
	if (ndup)
		xp_read_warn(r->o, r->name, dl, "document %s: duplicate mention (same span, same entity) counted once%s",
			     d->id, ndup > 1 ? "; more in this document" : "");
	rc = 0;
out:
	free(label);
	xp_buf_free(&table);
	xp_vocab_free(&r->eids);
	r->nm = r->disc = r->zero = r->split = r->bridge = 0;
	return rc ? xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory") : 0;
}

/* "# key = value" -> value when the comment's key is key */
static int comment(const char *l, size_t n, const char *key, xp_str *v)
{
	xp_str t = xp_trim((xp_str){l + 1, n - 1});
	size_t k = strlen(key);
	if (t.n < k || memcmp(t.p, key, k))
		return 0;
	xp_str rest = xp_trim((xp_str){t.p + k, t.n - k});
	if (rest.n && rest.p[0] != '=')
		return 0;
	*v = rest.n ? xp_trim((xp_str){rest.p + 1, rest.n - 1}) : rest;
	return 1;
}

/* "# newdoc" or "# newdoc id = ID": 1, and *id set when there is one */
static int newdoc_line(const char *l, size_t k, xp_str *id)
{
	if (!k || l[0] != '#')
		return 0;
	xp_str t = xp_trim((xp_str){l + 1, k - 1});
	if (t.n < 6 || memcmp(t.p, "newdoc", 6) || (t.n > 6 && t.p[6] != ' ' && t.p[6] != '\t'))
		return 0;
	xp_str r = xp_trim((xp_str){t.p + 6, t.n - 6});
	if (r.n > 2 && !memcmp(r.p, "id", 2)) {
		r = xp_trim((xp_str){r.p + 2, r.n - 2});
		if (r.n && r.p[0] == '=')
			*id = xp_trim((xp_str){r.p + 1, r.n - 1});
	}
	return 1;
}

static int block(rdr *r, const char *b, size_t n, unsigned long line)
{
	xp_lines it;
	xp_lines_init(&it, b, n);
	const char *l;
	size_t k;
	int newdoc = 0;
	xp_str id = {"", 0}, v, fields = {NULL, 0}, speaker = {"", 0};
	long long part = 0;
	/* global.Entity is a document's, said on its first sentence: the
	 * writer reads every sentence of the document by it.  On a later
	 * sentence one that differs is dropped (and the line with it). */
	while (next_line(&it, &l, &k))
		if (!bad_line(l, k) && newdoc_line(l, k, &id))
			newdoc = 1;
	int late = !newdoc && r->doc && r->doc->nutts;
	const char *had = late ? xp_doc_meta(r->doc, META_FIELDS) : NULL;
	xp_lines_init(&it, b, n);
	r->raw.n = 0;
	it.lineno = line - 1;
	while (next_line(&it, &l, &k)) {
		if (bad_line(l, k)) {
			/* a NUL byte is no text: the sentence's text is a C string */
			size_t bad = 0;
			if (memchr(l, '\0', k) ? xp_read_problem(r->o, r->err, r->name, it.lineno, "a NUL byte (--repair drops the line)")
			    : (xp_utf8_valid(l, k, &bad), xp_read_problem(r->o, r->err, r->name, it.lineno, "the line is not "
						"UTF-8 (byte %zu; a Latin-1 file? iconv -f latin1 -t utf8) (--repair drops the line)", bad + 1)))
				return -1;
			continue;
		}
		int ge = l[0] == '#' && comment(l, k, "global.Entity", &v);
		if (ge && late && (!had || strlen(had) != v.n || memcmp(had, v.p, v.n))) {
			if (xp_read_problem(r->o, r->err, r->name, it.lineno,
					    "global.Entity '%.*s' after the document's first sentence (--repair drops it)",
					    (int)v.n, v.p))
				return -1;
			continue;
		}
		xp_buf_add(&r->raw, l, k);
		xp_buf_putc(&r->raw, '\n');
		if (!k || l[0] != '#' || newdoc_line(l, k, &v))
			continue;
		if (ge && !late)
			fields = v;
		else if (comment(l, k, "speaker", &v))
			speaker = v;
		else if (comment(l, k, "part", &v) && is_digits(v) && v.n < 10)
			part = xp_parse_uint(v);
	}
	if (r->raw.oom)
		return xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
	if (!r->raw.n)
		return 0;     /* every line had a NUL: no sentence */
	r->raw.n--;   /* the last newline: a sentence's text ends with its last line */
	if (newdoc || !r->doc) {
		if (end_doc(r))
			return -1;
		char stem[256];
		if (!id.n) {
			xp_file_stem(r->name, stem, sizeof stem);
			id = (xp_str){stem, strlen(stem)};
		}
		if (xp_vocab_init(&r->eids, 0))
			return xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
		if (!(r->doc = xp_corpus_add_doc(r->c, id.p, id.n, (int)part))) {
			xp_vocab_free(&r->eids);
			return xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
		}
		r->eid_field = 0;
	}
	if (fields.p) {
		char *f = xp_arena_strndup(&r->c->arena, fields.p, fields.n);
		if (!f || xp_doc_set_meta(r->c, r->doc, META_FIELDS, f))
			return xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
		r->eid_field = eid_field_of(f);
	}
	sp s = {.name = r->name, .o = r->o, .err = r->err, .eids = &r->eids, .eid_field = r->eid_field};
	int rc = parse_block(&s, b, n, line);
	const char **w = rc ? NULL : malloc((s.nwords + 1) * sizeof *w);
	size_t *wl = rc ? NULL : malloc((s.nwords + 1) * sizeof *wl);
	char *spk = xp_arena_strndup(&r->c->arena, speaker.p, speaker.n);
	if (!rc && (!w || !wl || !spk))
		rc = xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
	for (size_t i = 0; !rc && i < s.nwords; i++)
		w[i] = s.words[i].p, wl[i] = s.words[i].n;
	xp_utt *u = rc ? NULL : xp_doc_add_utt(r->c, r->doc, spk, w, wl, (uint32_t)s.nwords);
	if (!rc && (!u || !(u->raw = xp_arena_strndup(&r->c->arena, r->raw.p, r->raw.n))))
		rc = xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
	if (u)
		u->line = s.first_line ? s.first_line : (uint32_t)line;
	for (size_t i = 0; !rc && i < s.ndone; i++) {
		if (xp_grow(&r->m, &r->capm, r->nm + 1, sizeof *r->m)) {
			rc = xp_failc(r->err, XP_ENOMEM, r->name, 0, "out of memory");
			break;
		}
		r->m[r->nm++] = (dm){(uint32_t)(r->doc->nutts - 1), (uint32_t)s.done[i].lo, (uint32_t)s.done[i].hi + 1,
				     s.done[i].eid, s.done[i].line};
	}
	r->disc += s.disc, r->zero += s.zero, r->split += s.split, r->bridge += s.bridge;
	free(w);
	free(wl);
	sp_free(&s);
	return rc;
}

int xp_conllu_read(const char *name, const char *buf, size_t len, const xp_read_opts *o, xp_corpus *c,
		   xp_err *err)
{
	static const xp_read_opts strict = {0};
	rdr r = {.name = name, .o = o ? o : &strict, .err = err, .c = c};
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *l, *b = NULL, *e = NULL;
	size_t n;
	unsigned long bl = 0;
	int rc = 0;
	for (;;) {
		int more = next_line(&it, &l, &n);
		xp_str t = more ? xp_trim((xp_str){l, n}) : (xp_str){NULL, 0};
		if (more && t.n) {
			if (!b)
				b = l, bl = it.lineno;
			e = l + n;
			continue;
		}
		if (b && (rc = block(&r, b, (size_t)(e - b), bl)))
			break;
		b = NULL;
		if (!more)
			break;
	}
	if (!rc)
		rc = end_doc(&r);
	else if (r.doc)
		xp_vocab_free(&r.eids);
	free(r.m);
	xp_buf_free(&r.raw);
	return rc ? -1 : 0;
}

void xp_corefud_tally_of(const xp_corpus *c, xp_corefud_tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < c->ndocs; i++) {
		const xp_doc *d = &c->docs[i];
		if (!xp_doc_meta(d, META_DISC))
			continue;
		t->documents++;
		t->discontinuous += xp_meta_count(d, META_DISC);
		t->zero += xp_meta_count(d, META_ZERO);
		t->split_ante += xp_meta_count(d, META_SPLIT);
		t->bridge += xp_meta_count(d, META_BRIDGE);
	}
}

/* --- writing ---------------------------------------------------------------- */

typedef struct wdoc {
	const xp_doc *d;
	int eid_field;
	xp_vocab other;           /* entity ids not of the form eN ... */
	long long *other_label;   /* ... and their labels */
} wdoc;

/* The entity id of a label: eN, or the one it was read with */
static void put_eid(xp_buf *b, const wdoc *w, long long label)
{
	for (uint32_t i = 0; i < w->other.n; i++)
		if (w->other_label[i] == label) {
			xp_buf_puts(b, w->other.words[i]);
			return;
		}
	xp_buf_printf(b, "e%lld", label);
}

/* The label of an entity id as read; -1 when the document has none such */
static long long label_of(const wdoc *w, const char *s)
{
	long long v = eid_number(s, strlen(s));
	if (v >= 0)
		return v;
	uint32_t k = xp_vocab_find((xp_vocab *)&w->other, s, strlen(s));
	return k == UINT32_MAX ? -1 : w->other_label[k];
}

typedef struct span3 {
	uint32_t start, end;
	long long label;
} span3;

static int cmp_span3(const void *a, const void *b)
{
	const span3 *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->label > y->label) - (x->label < y->label);
}

/* 1 when the sentence's text holds exactly the model's mentions m[0..n) */
static int unchanged(const wdoc *w, const xp_utt *u, const xp_mention *m, size_t n)
{
	xp_vocab eids;
	if (xp_vocab_init(&eids, 0))
		return 0;
	const char *fields = xp_doc_meta(w->d, META_FIELDS);
	sp s = {.name = "", .eids = &eids, .eid_field = fields ? eid_field_of(fields) : 0};
	int same = parse_block(&s, u->raw, strlen(u->raw), 1) == 0 && !s.problems && s.nwords == u->ntoks;
	for (size_t i = 0; same && i < s.nwords; i++)
		same = s.words[i].n == u->toks[i].len && !memcmp(s.words[i].p, u->text + u->toks[i].off, s.words[i].n);
	span3 *a = same ? malloc((s.ndone + 1) * sizeof *a) : NULL, *b = same ? malloc((n + 1) * sizeof *b) : NULL;
	same = same && a && b;
	size_t na = 0;
	for (size_t i = 0; same && i < s.ndone; i++) {
		long long l = label_of(w, eids.words[s.done[i].eid]);
		same = l >= 0;
		a[na++] = (span3){(uint32_t)s.done[i].lo, (uint32_t)s.done[i].hi + 1, l};
	}
	for (size_t i = 0; same && i < n; i++)
		b[i] = (span3){m[i].start, m[i].end, w->d->clusters[m[i].cluster].label};
	if (same) {
		qsort(a, na, sizeof *a, cmp_span3);
		qsort(b, n, sizeof *b, cmp_span3);
		same = na == n && (!n || !memcmp(a, b, n * sizeof *a));
	}
	free(a);
	free(b);
	sp_free(&s);
	xp_vocab_free(&eids);
	return same;
}

/* The Entity value of word p: closing brackets (shorter mentions first),
 * opening ones (longer first), then one-word mentions; ties in document
 * order.  Returns -1 when memory runs out. */
static int put_entity(xp_buf *b, const wdoc *w, const xp_mention *m, size_t n, uint32_t p)
{
	size_t *v = malloc((n + 1) * sizeof *v);
	if (!v)
		return -1;
	for (int pass = 0; pass < 3; pass++) {
		size_t k = 0;
		for (size_t i = 0; i < n; i++) {
			const xp_mention *x = &m[i];
			int in = pass == 0   ? x->end == p + 1 && x->start < p
				 : pass == 1 ? x->start == p && x->end > p + 1
					     : x->start == p && x->end == p + 1;
			if (!in)
				continue;
			/* insertion: by start (closing) or end (opening), larger first */
			uint32_t key = pass == 0 ? x->start : x->end;
			size_t j = k++;
			while (pass < 2 && j > 0 && (pass == 0 ? m[v[j - 1]].start : m[v[j - 1]].end) < key) {
				v[j] = v[j - 1];
				j--;
			}
			v[j] = i;
		}
		for (size_t j = 0; j < k; j++) {
			long long label = w->d->clusters[m[v[j]].cluster].label;
			if (pass == 0) {
				put_eid(b, w, label);
				xp_buf_putc(b, ')');
				continue;
			}
			xp_buf_putc(b, '(');
			for (int f = 0; f < w->eid_field; f++)
				xp_buf_putc(b, '-');
			put_eid(b, w, label);
			if (pass == 2)
				xp_buf_putc(b, ')');
		}
	}
	free(v);
	return 0;
}

static void put_form(xp_buf *b, const char *s, size_t n)
{
	if (!n) {
		xp_buf_putc(b, '_');
		return;
	}
	for (size_t i = 0; i < n; i++)
		xp_buf_putc(b, s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ? ' ' : s[i]);
}

/* MISC with its Entity item replaced by ent (dropped when ent is empty) */
static void put_misc(xp_buf *b, xp_str m, const char *ent, size_t ne)
{
	size_t start = b->n;
	int any = 0;
	if (!(m.n == 1 && m.p[0] == '_')) {
		const char *p = m.p, *end = m.p + m.n;
		while (p <= end) {
			const char *bar = memchr(p, '|', (size_t)(end - p));
			size_t k = (size_t)((bar ? bar : end) - p);
			int is_ent = k >= 7 && !memcmp(p, "Entity=", 7);
			if (is_ent && ne) {
				xp_buf_printf(b, "%sEntity=%.*s", any ? "|" : "", (int)ne, ent);
				any = 1, ne = 0;
			} else if (!is_ent && k) {
				xp_buf_printf(b, "%s%.*s", any ? "|" : "", (int)k, p);
				any = 1;
			}
			if (!bar)
				break;
			p = bar + 1;
		}
	}
	if (ne)
		xp_buf_printf(b, "%sEntity=%.*s", any ? "|" : "", (int)ne, ent), any = 1;
	if (!any && b->n == start)
		xp_buf_putc(b, '_');
}

/* A sentence read from CoNLL-U whose mentions changed: its lines, its
 * Entity values from the model. */
static void rewrite(xp_buf *b, const wdoc *w, const xp_utt *u, const xp_mention *m, size_t n, xp_buf *tmp)
{
	xp_lines it;
	xp_lines_init(&it, u->raw, strlen(u->raw));
	const char *l;
	size_t k;
	uint32_t word = 0;
	while (next_line(&it, &l, &k)) {
		if (k && l[0] == '#') {
			xp_buf_printf(b, "%.*s\n", (int)k, l);
			continue;
		}
		/* the lines the reader took, as it took them (what --repair
		 * dropped stays out; a word is numbered in order) */
		xp_str f[10];
		if (split_tabs(l, k, f, 10) != 10)
			continue;
		if (memchr(f[0].p, '-', f[0].n)) {   /* a multiword token: an Entity there was dropped */
			xp_buf_add(b, l, (size_t)(f[9].p - l));
			put_misc(b, f[9], "", 0);
			xp_buf_putc(b, '\n');
			continue;
		}
		const char *dot = memchr(f[0].p, '.', f[0].n);
		xp_str id = {f[0].p, dot ? (size_t)(dot - f[0].p) : f[0].n};
		long long after = dot && is_digits(id) ? xp_parse_uint(id) : 0;   /* -1: too large */
		if (!is_digits(id) || (dot && (!is_digits((xp_str){dot + 1, (size_t)(f[0].p + f[0].n - dot - 1)}) ||
					       after < 0 || after > (long long)word)))
			continue;
		tmp->n = 0;
		if (dot) {
			xp_buf_add(b, l, (size_t)(f[9].p - l));
		} else {
			if (word < u->ntoks && put_entity(tmp, w, m, n, word))
				tmp->oom = 1;
			xp_buf_printf(b, "%u", ++word);
			xp_buf_add(b, f[0].p + f[0].n, (size_t)(f[9].p - f[0].p - f[0].n));
		}
		put_misc(b, f[9], tmp->p, tmp->n);
		xp_buf_putc(b, '\n');
	}
}

static void generate(xp_buf *b, const wdoc *w, size_t ui, const xp_mention *m, size_t n, xp_buf *tmp)
{
	const xp_doc *d = w->d;
	const xp_utt *u = &d->utts[ui];
	if (ui == 0) {
		xp_buf_printf(b, "# newdoc id = %s\n# global.Entity = %s\n", d->id,
			      xp_doc_meta(d, META_FIELDS) ? xp_doc_meta(d, META_FIELDS) : DEFAULT_FIELDS);
		if (d->part)
			xp_buf_printf(b, "# part = %d\n", d->part);
	}
	xp_buf_printf(b, "# sent_id = %s-%zu\n# text = ", d->id, ui + 1);
	for (uint32_t i = 0; i < u->ntoks; i++) {
		if (i)
			xp_buf_putc(b, ' ');
		put_form(b, u->text + u->toks[i].off, u->toks[i].len);
	}
	xp_buf_putc(b, '\n');
	if (u->speaker && u->speaker[0])
		xp_buf_printf(b, "# speaker = %s\n", u->speaker);
	for (uint32_t i = 0; i < u->ntoks; i++) {
		xp_buf_printf(b, "%u\t", i + 1);
		put_form(b, u->text + u->toks[i].off, u->toks[i].len);
		xp_buf_puts(b, "\t_\t_\t_\t_\t_\t_\t_\t");
		tmp->n = 0;
		if (put_entity(tmp, w, m, n, i))
			tmp->oom = 1;
		put_misc(b, (xp_str){"_", 1}, tmp->p, tmp->n);
		xp_buf_putc(b, '\n');
	}
}

static int write_doc(xp_buf *b, const xp_doc *d, xp_buf *tmp)
{
	wdoc w = {.d = d};
	const char *fields = xp_doc_meta(d, META_FIELDS);
	w.eid_field = fields ? eid_field_of(fields) : 0;
	if (xp_vocab_init(&w.other, 0))
		return -1;
	const char *t = xp_doc_meta(d, META_EIDS);
	size_t cap = 0;
	int rc = 0;
	for (const char *p = t; p && *p && rc == 0;) {
		size_t n = strcspn(p, " ");
		const char *eq = memchr(p, '=', n);
		if (eq) {
			uint32_t k = xp_vocab_id(&w.other, eq + 1, (size_t)(p + n - eq - 1));
			if (k == UINT32_MAX || xp_grow(&w.other_label, &cap, (size_t)k + 1, sizeof *w.other_label))
				rc = -1;
			else
				w.other_label[k] = xp_parse_uint((xp_str){p, (size_t)(eq - p)});
		}
		p += n + (p[n] == ' ');
	}
	size_t k = 0;
	for (size_t ui = 0; rc == 0 && ui < d->nutts; ui++) {
		size_t k0 = k;
		while (k < d->nmentions && d->mentions[k].utt == ui)
			k++;
		const xp_utt *u = &d->utts[ui];
		const xp_mention *m = d->mentions ? d->mentions + k0 : NULL;   /* none at all: NULL */
		if (u->raw && unchanged(&w, u, m, k - k0))
			xp_buf_puts(b, u->raw), xp_buf_putc(b, '\n');
		else if (u->raw) {
			size_t at = b->n;
			rewrite(b, &w, u, m, k - k0, tmp);
			/* every line of it went (--repair): a comment keeps the
			 * sentence a sentence */
			if (b->n == at)
				xp_buf_printf(b, "# sent_id = %s-%zu\n", d->id, ui + 1);
		}
		else
			generate(b, &w, ui, m, k - k0, tmp);
		xp_buf_putc(b, '\n');
	}
	xp_vocab_free(&w.other);
	free(w.other_label);
	return rc;
}

int xp_conllu_write(xp_buf *out, const xp_corpus *c, xp_err *err)
{
	xp_buf tmp = {0};
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < c->ndocs; i++)
		rc = write_doc(out, &c->docs[i], &tmp);
	xp_buf_free(&tmp);
	if (rc || out->oom || tmp.oom)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}
