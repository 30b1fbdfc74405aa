/* io/opus.c — OPUS corpus XML and XCES alignments; see opus.h. */
#include "opus.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../base/text.h"

#include <libxml/xmlreader.h>
#include <stdlib.h>
#include <string.h>

static xmlTextReaderPtr open_xml(const char *name, const char *buf, size_t len)
{
	return xmlReaderForMemory(buf, (int)len, name, NULL,
				  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_HUGE);
}

static char *attr(xmlTextReaderPtr r, const char *a)
{
	xmlChar *v = xmlTextReaderGetAttribute(r, BAD_CAST a);
	char *s = v ? strdup((const char *)v) : NULL;
	xmlFree(v);
	return s;
}

static uint32_t node_line(xmlTextReaderPtr r);

/* --- corpus XML -------------------------------------------------------------- */

typedef struct ox {
	xp_subs *s;
	int in_s, in_w, in_meta;
	xp_buf text;
	int64_t start;           /* the latest start marker */
	int64_t cur_end;         /* an end marker met inside the open sentence, or -1 */
	size_t open_from;        /* sentences from here on wait for an end marker */
	char *sid;
	uint32_t line;
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
	x->name = xp_arena_strdup(&s->arena, o->sid ? o->sid : "");
	char *end;
	unsigned long v = o->sid ? strtoul(o->sid, &end, 10) : 0;
	x->id = o->sid && *end == '\0' && v < UINT32_MAX ? (uint32_t)v : (uint32_t)s->n + 1;
	x->text = xp_arena_strndup(&s->arena, o->text.p ? o->text.p : "", o->text.n);
	x->tgt = "";
	x->start = o->start;
	x->end = o->cur_end;
	x->line = o->line;
	if (!x->name || !x->text)
		return -1;
	s->n++;
	if (o->cur_end >= 0)
		o->open_from = s->n;
	o->text.n = 0;
	return 0;
}

/* A start marker applies to the sentences after it; an end marker ends
 * every sentence since the last end marker, the open one included. */
static void time_marker(ox *o, xmlTextReaderPtr r)
{
	char *id = attr(r, "id"), *val = attr(r, "value");
	int64_t t = val ? xp_parse_time(val, strlen(val)) : -1;
	size_t n = id ? strlen(id) : 0;
	if (t >= 0 && n && id[n - 1] == 'S') {
		o->start = t;
	} else if (t >= 0 && n && id[n - 1] == 'E') {
		for (size_t k = o->open_from; k < o->s->n; k++)
			o->s->v[k].end = t;
		o->open_from = o->s->n;
		if (o->in_s)
			o->cur_end = t;
	}
	free(id);
	free(val);
}

static int element(ox *o, xmlTextReaderPtr r, const char *nm, int empty)
{
	if (!strcmp(nm, "meta"))
		o->in_meta = !empty;
	else if (!strcmp(nm, "s") && !o->in_meta) {
		free(o->sid);
		o->sid = attr(r, "id");
		o->in_s = !empty;
		o->line = node_line(r);
		o->text.n = 0;
		o->cur_end = -1;
		if (empty)
			return sentence_end(o);
	} else if (!strcmp(nm, "w") && o->in_s) {
		if (o->text.n && o->text.p[o->text.n - 1] != ' ')
			xp_buf_putc(&o->text, ' ');
		o->in_w = !empty;
	} else if (!strcmp(nm, "time")) {
		time_marker(o, r);
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

int xp_opus_read_mem(const char *name, const char *buf, size_t len, xp_subs *s, xp_err *err)
{
	xmlTextReaderPtr r = open_xml(name, buf, len);
	if (!r)
		return xp_fail(err, name, 0, "cannot read XML");
	ox o = {.s = s, .start = -1, .cur_end = -1};
	int rc, failed = 0;
	while (!failed && (rc = xmlTextReaderRead(r)) == 1) {
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
	unsigned long line = (unsigned long)xmlTextReaderGetParserLineNumber(r);
	xmlFreeTextReader(r);
	free(o.sid);
	xp_buf_free(&o.text);
	if (failed)
		return xp_fail(err, name, line, "out of memory");
	if (rc < 0)
		return xp_fail(err, name, line, "malformed XML");
	/* sentences no end marker reached end where the next one starts */
	for (size_t k = 0; k < s->n; k++)
		if (s->v[k].end < 0)
			s->v[k].end = k + 1 < s->n && s->v[k + 1].start >= 0 ? s->v[k + 1].start : s->v[k].start;
	return 0;
}

int xp_opus_read(const char *path, xp_subs *s, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	int rc = xp_opus_read_mem(path, buf, len, s, err);
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
		if (xp_grow(&v, &cap, *n + 1, sizeof *v)) {
			free(v);
			return -1;
		}
		v[(*n)++] = xp_arena_strndup(&x->arena, f.p, f.n);
	}
	*out = xp_arena_alloc(&x->arena, (*n + 1) * sizeof **out);
	if (*out && *n)
		memcpy(*out, v, *n * sizeof *v);
	free(v);
	return *out ? 0 : -1;
}

/* the reader parses ahead: the node knows its own line */
static uint32_t node_line(xmlTextReaderPtr r)
{
	xmlNodePtr n = xmlTextReaderCurrentNode(r);
	long l = n ? xmlGetLineNo(n) : -1;
	return l > 0 ? (uint32_t)l : (uint32_t)xmlTextReaderGetParserLineNumber(r);
}

static int link(xp_xces *x, xmlTextReaderPtr r, const char *name, xp_err *err)
{
	uint32_t line = node_line(r);
	if (!x->n)
		return xp_fail(err, name, line, "<link> outside a <linkGrp>");
	char *xt = attr(r, "xtargets");
	const char *semi = xt ? strchr(xt, ';') : NULL;
	if (!semi) {
		free(xt);
		return xp_fail(err, name, line, "link without xtargets=\"src ids;tgt ids\"");
	}
	xp_xgroup *g = &x->g[x->n - 1];
	int rc = xp_grow(&g->links, &g->cap, g->n + 1, sizeof *g->links);
	xp_xlink *l = rc ? NULL : &g->links[g->n];
	if (l) {
		l->line = line;
		rc = ids(x, xt, semi, &l->src, &l->nsrc) || ids(x, semi + 1, semi + strlen(semi), &l->tgt, &l->ntgt);
		g->n += rc == 0;
	}
	free(xt);
	return rc ? xp_fail(err, name, line, "out of memory") : 0;
}

int xp_xces_read_mem(const char *name, const char *buf, size_t len, xp_xces *x, xp_err *err)
{
	xmlTextReaderPtr r = open_xml(name, buf, len);
	if (!r)
		return xp_fail(err, name, 0, "cannot read XML");
	int rc, failed = 0;
	while (!failed && (rc = xmlTextReaderRead(r)) == 1) {
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT)
			continue;
		const char *nm = (const char *)xmlTextReaderConstName(r);
		if (!strcmp(nm, "linkGrp")) {
			if (xp_grow(&x->g, &x->cap, x->n + 1, sizeof *x->g)) {
				failed = 1;
				break;
			}
			xp_xgroup *g = &x->g[x->n++];
			memset(g, 0, sizeof *g);
			char *f = attr(r, "fromDoc"), *t = attr(r, "toDoc");
			g->from = xp_arena_strdup(&x->arena, f ? f : "");
			g->to = xp_arena_strdup(&x->arena, t ? t : "");
			free(f), free(t);
		} else if (!strcmp(nm, "link")) {
			if (link(x, r, name, err)) {
				xmlFreeTextReader(r);
				return -1;
			}
		}
	}
	unsigned long line = (unsigned long)xmlTextReaderGetParserLineNumber(r);
	xmlFreeTextReader(r);
	if (failed)
		return xp_fail(err, name, line, "out of memory");
	if (rc < 0)
		return xp_fail(err, name, line, "malformed XML");
	return 0;
}

int xp_xces_read(const char *path, xp_xces *x, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	int rc = xp_xces_read_mem(path, buf, len, x, err);
	free(buf);
	return rc;
}

int xp_units_read(const char *path, xp_subs *s, xp_err *err)
{
	if (xp_has_ext(path, ".xml"))
		return xp_opus_read(path, s, err);
	return xp_subs_read(path, XP_BILINGUAL_AUTO, s, err);
}
