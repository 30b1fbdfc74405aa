/* io/opus.c — OPUS corpus XML and XCES alignments; see opus.h. */
#include "opus.h"
#include "archive.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../base/stream.h"
#include "../base/text.h"

#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *attr(xmlTextReaderPtr r, const char *a)
{
	xmlChar *v = xmlTextReaderGetAttribute(r, BAD_CAST a);
	char *s = v ? strdup((const char *)v) : NULL;
	xmlFree(v);
	return s;
}


/* --- corpus XML -------------------------------------------------------------- */

typedef struct ox {
	xp_subs *s;
	const xp_subs_opts *o;
	xp_buf clean;            /* a sentence without its asides */
	int in_s, in_w, in_meta;
	xp_buf text;
	int64_t start;           /* the latest start marker */
	int64_t cur_end;         /* an end marker met inside the open sentence, or -1 */
	size_t open_from;        /* sentences from here on wait for an end marker */
	char *sid;
	uint32_t line;
	const char *name;        /* the file, for a refusal */
	xp_err *err;
	int refused;             /* err says why */
} ox;

static int sentence_end(ox *o)
{
	xp_subs *s = o->s;
	if (xp_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v))
		return -1;
	xp_sub *x = &s->v[s->n];
	memset(x, 0, sizeof *x);
	while (o->text.n && o->text.p[o->text.n - 1] == ' ')
		o->text.n--;
	const xp_buf *t = &o->text;
	o->clean.n = 0;
	if (!o->o->keep_asides && t->n && xp_strip_asides(t->p, t->n, o->o->notes, &o->clean, &s->removed))
		t = &o->clean;
	x->name = xp_arena_strdup(&s->arena, o->sid ? o->sid : "");
	char *end;
	unsigned long v = o->sid ? strtoul(o->sid, &end, 10) : 0;
	x->id = o->sid && *end == '\0' && v < UINT32_MAX ? (uint32_t)v : (uint32_t)s->n + 1;
	x->text = xp_arena_strndup(&s->arena, t->p ? t->p : "", t->n);
	x->tgt = "";
	x->start = o->start;
	x->end = o->cur_end;
	x->line = o->line;
	if (!x->name || !x->text || o->clean.oom)
		return -1;
	s->n++;
	if (o->cur_end >= 0)
		o->open_from = s->n;
	o->text.n = 0;
	return 0;
}

/* A start marker applies to the sentences after it; an end marker ends
 * every sentence since the last end marker, the open one included.  A
 * marker whose value is not a time is refused at its line, as SRT refuses
 * a timing line that is not one: ignored, the sentences after it kept the
 * start before it, and a target paired by time went to another utterance. */
static int time_marker(ox *o, xmlTextReaderPtr r)
{
	char *id = attr(r, "id"), *val = attr(r, "value");
	int64_t t = val ? xp_parse_time(val, strlen(val)) : -1;
	size_t n = id ? strlen(id) : 0;
	if (t < 0) {
		uint32_t at = (uint32_t)xp_xml_node_line(r);
		if (val)
			xp_failc(o->err, XP_EINPUT, o->name, at, "<time> value '%.*s' is not a time (HH:MM:SS,mmm): "
				 "nothing is read; correct it or remove the element", (int)strnlen(val, 80), val);
		else
			xp_failc(o->err, XP_EINPUT, o->name, at, "<time> without value=\"HH:MM:SS,mmm\": nothing is read; "
				 "add one or remove the element");
		free(id);
		free(val);
		return o->refused = 1;
	}
	if (n && id[n - 1] == 'S') {
		o->start = t;
	} else if (n && id[n - 1] == 'E') {
		for (size_t k = o->open_from; k < o->s->n; k++)
			o->s->v[k].end = t;
		o->open_from = o->s->n;
		if (o->in_s)
			o->cur_end = t;
	}
	free(id);
	free(val);
	return 0;
}

static int element(ox *o, xmlTextReaderPtr r, const char *nm, int empty)
{
	if (!strcmp(nm, "meta"))
		o->in_meta = !empty;
	else if (!strcmp(nm, "s") && !o->in_meta) {
		free(o->sid);
		o->sid = attr(r, "id");
		o->in_s = !empty;
		o->line = (uint32_t)xp_xml_node_line(r);
		o->text.n = 0;
		o->cur_end = -1;
		if (empty)
			return sentence_end(o);
	} else if (!strcmp(nm, "w") && o->in_s) {
		if (o->text.n && o->text.p[o->text.n - 1] != ' ')
			xp_buf_putc(&o->text, ' ');
		o->in_w = !empty;
	} else if (!strcmp(nm, "time")) {
		return time_marker(o, r);
	}
	return 0;
}

static int end_element(ox *o, const char *nm)
{
	if (!strcmp(nm, "meta"))
		o->in_meta = 0;
	else if (!strcmp(nm, "w"))
		o->in_w = 0, xp_buf_putc(&o->text, ' ');
	else if (!strcmp(nm, "s") && o->in_s) {
		o->in_s = 0;
		return sentence_end(o);
	}
	return 0;
}

static void text(ox *o, const char *v)
{
	if (!o->in_s || !v)
		return;
	/* raw-text sentences: collapse white space */
	for (const char *p = v; *p; p++) {
		int sp = *p == ' ' || *p == '\n' || *p == '\t' || *p == '\r';
		if (sp) {
			if (o->text.n && o->text.p[o->text.n - 1] != ' ')
				xp_buf_putc(&o->text, ' ');
		} else {
			xp_buf_putc(&o->text, *p);
		}
	}
}

static int read_opus(const char *name, const char *buf, size_t len, const xp_subs_opts *opts, xp_subs *s,
		     xp_err *err)
{
	xp_xml X;
	int rc = xp_xml_open_mem(&X, name, buf, len, err), failed = 0;
	if (rc)
		return rc;
	xmlTextReaderPtr r = X.r;
	ox o = {.s = s, .o = opts, .start = -1, .cur_end = -1, .name = name, .err = err};
	while (!failed && (rc = xp_xml_next(&X, err)) == 1) {
		int type = xmlTextReaderNodeType(r);
		const char *nm = (const char *)xmlTextReaderConstName(r);
		if (type == XML_READER_TYPE_ELEMENT)
			failed = element(&o, r, nm, xmlTextReaderIsEmptyElement(r));
		else if (type == XML_READER_TYPE_END_ELEMENT)
			failed = end_element(&o, nm);
		else if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA)
			text(&o, (const char *)xmlTextReaderConstValue(r));
		failed |= o.text.oom;
	}
	const char *enc = (const char *)xmlTextReaderConstEncoding(r);
	snprintf(s->charset.name, sizeof s->charset.name, "%s", enc ? enc : "UTF-8");
	s->charset.how = XP_CS_DECLARED;
	s->charset.confidence = 100;
	unsigned long line = xp_xml_line(&X);
	xp_xml_close(&X);
	free(o.sid);
	xp_buf_free(&o.text);
	xp_buf_free(&o.clean);
	if (o.refused)
		return xp_err_code(err);
	if (failed)
		return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
	if (rc < 0)
		return rc;
	/* sentences no end marker reached end where the next one starts */
	for (size_t k = 0; k < s->n; k++)
		if (s->v[k].end < 0)
			s->v[k].end = k + 1 < s->n && s->v[k + 1].start >= 0 ? s->v[k + 1].start : s->v[k].start;
	return 0;
}

int xp_opus_read_mem(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		     xp_err *err)
{
	static const xp_subs_opts defaults = {0};
	if (!o)
		o = &defaults;
	s->format = XP_SUBS_OPUS;
	if (!o->simplified)
		return read_opus(name, buf, len, o, s, err);
	/* the markup is ASCII: the whole file can go through the transliterator */
	size_t bad, n;
	char *simple;
	if (!xp_utf8_valid(buf, len, &bad))
		return xp_failc(err, XP_EINPUT, name, 0,
				"byte %zu is not UTF-8: Traditional-Simplified needs a UTF-8 OPUS file", bad + 1);
	int rc = xp_to_simplified(name, buf, len, &simple, &n, err);
	if (rc == 0)
		rc = read_opus(name, simple, n, o, s, err);
	free(simple);
	return rc;
}

int xp_opus_read(const char *path, const xp_subs_opts *o, xp_subs *s, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file_max(path, XP_DOC_MAX, &buf, &len, err);
	if (rc)
		return rc;
	rc = xp_opus_read_mem(path, buf, len, o, s, err);
	free(buf);
	return rc;
}

/* --- XCES ---------------------------------------------------------------------- */

void xp_xces_free(xp_xces *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->g[i].links);
	free(x->g);
	xp_arena_free(&x->arena);
	memset(x, 0, sizeof *x);
}

/* "1 2" -> ids */
static int ids(xp_xces *x, const char *s, const char *e, const char ***out, uint32_t *n)
{
	*n = 0;
	size_t cap = 0;
	const char **v = NULL;
	xp_str f;
	for (size_t k = 0; xp_next_field(s, (size_t)(e - s), &k, &f);) {
		if (xp_grow(&v, &cap, *n + 1, sizeof *v) || !(v[*n] = xp_arena_strndup(&x->arena, f.p, f.n))) {
			free(v);
			return -1;
		}
		(*n)++;
	}
	*out = xp_arena_alloc(&x->arena, (*n + 1) * sizeof **out);
	if (*out && *n)
		memcpy(*out, v, *n * sizeof *v);
	free(v);
	return *out ? 0 : -1;
}

static int add_link(xp_xces *x, xmlTextReaderPtr r, const char *name, xp_err *err)
{
	uint32_t line = (uint32_t)xp_xml_node_line(r);
	if (!x->n)
		return xp_failc(err, XP_EINPUT, name, line, "<link> outside a <linkGrp>");
	xp_xgroup *g = &x->g[x->n - 1];
	if (g->skipped)
		return 0;
	char *xt = attr(r, "xtargets");
	const char *semi = xt ? strchr(xt, ';') : NULL;
	if (!semi) {
		free(xt);
		return xp_failc(err, XP_EINPUT, name, line, "link without xtargets=\"src ids;tgt ids\"");
	}
	int rc = xp_grow(&g->links, &g->cap, g->n + 1, sizeof *g->links);
	xp_xlink *l = rc ? NULL : &g->links[g->n];
	if (l) {
		l->line = line;
		rc = ids(x, xt, semi, &l->src, &l->nsrc) || ids(x, semi + 1, semi + strlen(semi), &l->tgt, &l->ntgt);
		g->n += rc == 0;
	}
	free(xt);
	return rc ? xp_failc(err, XP_ENOMEM, name, line, "out of memory") : 0;
}

static int group(xp_xces *x, xmlTextReaderPtr r, const char *name, xp_xces_want want, void *arg, xp_err *err)
{
	if (xp_grow(&x->g, &x->cap, x->n + 1, sizeof *x->g))
		return xp_failc(err, XP_ENOMEM, name, (uint32_t)xp_xml_node_line(r), "out of memory");
	xp_xgroup *g = &x->g[x->n++];
	memset(g, 0, sizeof *g);
	g->line = (uint32_t)xp_xml_node_line(r);
	char *f = attr(r, "fromDoc"), *t = attr(r, "toDoc");
	g->from = xp_arena_strdup(&x->arena, f ? f : "");
	g->to = xp_arena_strdup(&x->arena, t ? t : "");
	free(f), free(t);
	if (!g->from || !g->to)
		return xp_failc(err, XP_ENOMEM, name, g->line, "out of memory");
	g->skipped = want && !want(arg, g->from, g->to);
	return 0;
}

static int read_xces(xp_xml *X, const char *name, xp_xces_want want, void *arg, xp_xces *x, xp_err *err)
{
	xmlTextReaderPtr r = X->r;
	int rc = 0, more;
	while (rc == 0 && (more = xp_xml_next(X, err)) == 1) {
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT)
			continue;
		const char *nm = (const char *)xmlTextReaderConstName(r);
		if (!strcmp(nm, "linkGrp"))
			rc = group(x, r, name, want, arg, err);
		else if (!strcmp(nm, "link"))
			rc = add_link(x, r, name, err);
	}
	if (rc == 0 && more < 0)
		rc = more;
	xp_xml_close(X);
	if (rc == 0 && !(x->name = xp_arena_strdup(&x->arena, name)))
		rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	return rc;
}

int xp_xces_read_mem(const char *name, const char *buf, size_t len, xp_xces_want want, void *arg, xp_xces *x,
		     xp_err *err)
{
	xp_xml X;
	int rc = xp_xml_open_mem(&X, name, buf, len, err);
	return rc ? rc : read_xces(&X, name, want, arg, x, err);
}

/* A whole OPUS alignment file can hold millions of links (en-zh_cn.xml.gz):
 * it is streamed (base/stream.h) rather than read into memory first, and only
 * the groups asked for keep their links. */
typedef struct gzin {
	xp_stream *s;
	int failed;   /* err holds why */
	xp_err err;
} gzin;

static int gz_read(void *ctx, char *buf, int len)
{
	gzin *g = ctx;
	long n = xp_stream_read(g->s, buf, (size_t)len, &g->err);
	if (n < 0) {
		g->failed = 1;
		return -1;
	}
	return (int)n;
}

int xp_xces_read(const char *path, xp_xces_want want, void *arg, xp_xces *x, xp_err *err)
{
	gzin g = {NULL, 0, {0}};
	int rc = xp_stream_open(path, &g.s, err);
	if (rc)
		return rc;
	xp_xml X;
	rc = xp_xml_open_io(&X, path, gz_read, &g, err);
	if (rc == 0)
		rc = read_xces(&X, path, want, arg, x, err);
	/* said first: it is why the XML looked malformed (a gzip stream cut
	 * short, trailing data, a read error) */
	if (g.failed) {
		if (err)
			*err = g.err;
		rc = g.err.code;
	}
	xp_stream_close(g.s);
	return rc;
}

/* --- which group is whose -------------------------------------------------------- */

int xp_doc_match(const char *path, const char *doc)
{
	size_t pe = strlen(path), de = strlen(doc);
	if (pe >= 3 && !memcmp(path + pe - 3, ".gz", 3))
		pe -= 3;
	if (de >= 3 && !memcmp(doc + de - 3, ".gz", 3))
		de -= 3;
	for (int score = 0;; score++) {
		size_t pb = pe, db = de;
		while (pb > 0 && path[pb - 1] != '/')
			pb--;
		while (db > 0 && doc[db - 1] != '/')
			db--;
		if (pe == pb || pe - pb != de - db || memcmp(path + pb, doc + db, pe - pb))
			return score;
		if (!pb || !db)
			return score + 1;
		pe = pb - 1, de = db - 1;
	}
}

static int components(const char *p)
{
	int n = 1;
	for (; *p; p++)
		n += *p == '/';
	return n;
}

/* A file name alone is not enough when both paths say more: OPUS keeps
 * every language's en.xml-like names apart by directory (LANG/YEAR/ID/), and
 * en/2001/7/1.xml is another film's document than tools/sample/1.xml. */
static int names(const char *path, const char *doc)
{
	int s = xp_doc_match(path, doc);
	return s >= 2 || (s == 1 && (components(path) == 1 || components(doc) == 1)) ? s : 0;
}

int xp_xces_find(const xp_xces *x, const char *src, const char *tgt, const xp_xgroup **out, xp_err *err)
{
	const xp_xgroup *best = NULL;
	int bs = 0, bt = 0, tie = 0;
	for (size_t i = 0; i < x->n; i++) {
		const xp_xgroup *g = &x->g[i];
		int s = names(src, g->from), t = tgt ? names(tgt, g->to) : 1;
		if (!s || !t || g->skipped)
			continue;
		/* better: names more of both paths; with no target named, more links */
		int cmp = !best ? 1 : s + t != bs + bt ? (s + t > bs + bt ? 1 : -1)
			  : !tgt && g->n != best->n ? (g->n > best->n ? 1 : -1) : 0;
		if (cmp > 0)
			best = g, bs = s, bt = t, tie = 0;
		else if (cmp == 0)
			tie = 1;
	}
	*out = best;
	const char *xn = x->name ? x->name : "links";
	if (best && tie && tgt)
		return xp_failc(err, XP_EINPUT, xn, best->line,
				"two <linkGrp>s name %s and %s equally well: give the documents' full paths", src, tgt);
	if (best)
		return 0;
	if (!x->n)
		return xp_failc(err, XP_ENOTFOUND, xn, 0, "no <linkGrp> at all");
	return xp_failc(err, XP_ENOTFOUND, xn, 0,
			"no <linkGrp> from %s%s%s (its %zu group(s) are for other documents, e.g. fromDoc=\"%s\" toDoc=\"%s\")",
			src, tgt ? " to " : "", tgt ? tgt : "", x->n, x->g[0].from, x->g[0].to);
}

int xp_units_read_mem(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		      xp_err *err)
{
	if (xp_has_ext(name, ".xml"))
		return xp_opus_read_mem(name, buf, len, o, s, err);
	return xp_subs_read_mem(name, buf, len, o, s, err);
}

/* through xp_read_any: a document inside an archive is a file like any
 * other (README: "a path may also run through an archive") */
int xp_units_read(const char *path, const xp_subs_opts *o, xp_subs *s, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_any(path, &buf, &len, err);
	if (rc)
		return rc;
	rc = xp_units_read_mem(path, buf, len, o, s, err);
	free(buf);
	return rc;
}
