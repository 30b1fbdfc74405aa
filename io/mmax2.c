/* io/mmax2.c — MMAX2 reader; see mmax2.h. */
#include "mmax2.h"
#include "reader.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../base/vocab.h"
#include "xml.h"

#include <dirent.h>
#include <limits.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


#define META_MARKABLES "mmax2.markables"
#define META_CHAINS "mmax2.chains"
#define META_UNCLASSED "mmax2.unclassed"
#define META_DISC "mmax2.discontinuous"
#define META_CROSS "mmax2.cross_sentence"

static int nomem(xp_err *err, const char *name)
{
	return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n > k && !strcmp(s + n - k, suffix);
}

/* The document, or NULL with err filled: an XML error at its line, or a
 * file that declares entities (see mmax2.h). */
static xmlDocPtr parse(const xp_mmax2_src *s, xp_err *err)
{
	/* io/xml.c: the project's one set of rules for XML */
	xmlDocPtr doc = xp_xml_doc_mem(s->name, s->buf, s->len, err);
	if (!doc)
		return NULL;
	if (!xmlDocGetRootElement(doc)) {
		xmlFreeDoc(doc);
		xp_failc(err, XP_EINPUT, s->name, 0, "no root element");
		return NULL;
	}
	return doc;
}

static int is_elem(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

static unsigned long line_of(const xmlNode *n)
{
	long l = xmlGetLineNo(n);
	return l > 0 ? (unsigned long)l : 0;
}

/* --- one document ------------------------------------------------------- */

typedef struct range {
	uint32_t lo, hi;          /* inclusive word indices */
	uint32_t line;
} range;

typedef struct kept {
	uint32_t utt, start, end, line;
	long long cls;            /* index into the class vocabulary, -1 for none */
} kept;

typedef struct rd {
	const char *id;
	const xp_read_opts *o;
	xp_err *err;
	xp_corpus *c;
	xp_vocab ids;             /* word id -> word index */
	xp_vocab classes;         /* coref_class -> index */
	uint32_t nwords;
	uint32_t *wsent, *wpos;   /* by word: its sentence, its place in it */
	range *parts;             /* one span's parts, merged */
	size_t nparts, cap_parts;
} rd;

static int cmp_range(const void *a, const void *b)
{
	const range *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->hi > y->hi ? -1 : x->hi < y->hi;
}

/* Parse a span ("w1..w3,w5") into r->parts, sorted and merged where they
 * touch or overlap.  0, 1 when it names no word or runs backwards (why
 * says how), -1 when memory runs out. */
static int parse_span(rd *r, const char *s, char *why, size_t nwhy)
{
	r->nparts = 0;
	const char *p = s;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t n = strcspn(p, ",");
		size_t m = n;
		while (m && (p[m - 1] == ' ' || p[m - 1] == '\t'))
			m--;
		if (!m) {
			snprintf(why, nwhy, "span '%s' has an empty part", s);
			return 1;
		}
		const char *dots = NULL;
		for (size_t i = 0; i + 1 < m; i++)
			if (p[i] == '.' && p[i + 1] == '.') {
				dots = p + i;
				break;
			}
		size_t na = dots ? (size_t)(dots - p) : m;
		const char *b = dots ? dots + 2 : p;
		size_t nb = dots ? m - na - 2 : m;
		uint32_t a = xp_vocab_find(&r->ids, p, na), z = xp_vocab_find(&r->ids, b, nb);
		if (a == UINT32_MAX || z == UINT32_MAX) {
			const char *w = a == UINT32_MAX ? p : b;
			int k = (int)(a == UINT32_MAX ? na : nb);
			snprintf(why, nwhy, "span '%s' names no word '%.*s'", s, k > 64 ? 64 : k, w);
			return 1;
		}
		if (a > z) {
			snprintf(why, nwhy, "span '%s' runs backwards", s);
			return 1;
		}
		if (xp_grow(&r->parts, &r->cap_parts, r->nparts + 1, sizeof *r->parts))
			return -1;
		r->parts[r->nparts++] = (range){a, z, 0};
		if (!p[n])
			break;
		p += n + 1;
	}
	qsort(r->parts, r->nparts, sizeof *r->parts, cmp_range);
	size_t k = 0;
	for (size_t i = 1; i < r->nparts; i++) {
		if (r->parts[i].lo <= r->parts[k].hi + 1) {
			if (r->parts[i].hi > r->parts[k].hi)
				r->parts[k].hi = r->parts[i].hi;
		} else {
			r->parts[++k] = r->parts[i];
		}
	}
	r->nparts = k + 1;
	return 0;
}

/* A markable's span into r->parts: 0, 1 when it has none or a bad one
 * (why says which), -1 when memory runs out. */
static int span_of(rd *r, xmlNodePtr m, const char *what, char *why, size_t nwhy)
{
	xmlChar *span = xmlGetProp(m, BAD_CAST "span");
	int rc = span ? parse_span(r, (const char *)span, why, nwhy) : 1;
	if (!span)
		snprintf(why, nwhy, "a %s without a span", what);
	xmlFree(span);
	return rc;
}

/* The words: ids into r->ids (index = position), texts into a buffer.
 * Word i's text is at buf + off[i], len[i] bytes. */
static int read_words(rd *r, const xp_mmax2_src *src, xmlDocPtr doc, xp_buf *text, size_t **off,
		      size_t **len)
{
	size_t cap = 0, cap2 = 0;
	xmlNodePtr root = xmlDocGetRootElement(doc);
	for (xmlNodePtr n = root->children; n; n = n->next) {
		if (!is_elem(n, "word"))
			continue;
		xmlChar *id = xmlGetProp(n, BAD_CAST "id");
		if (!id) {
			if (xp_read_problem(r->o, r->err, src->name, line_of(n), "a word without an id"))
				return -1;
			continue;
		}
		for (xmlNodePtr k = n->children; k; k = k->next)
			if (k->type == XML_ENTITY_REF_NODE) {
				int bad = xp_read_problem(r->o, r->err, src->name, line_of(n),
							  "word %s: undeclared entity &%s; (--repair reads it as nothing)",
							  (const char *)id, (const char *)k->name);
				if (bad) {
					xmlFree(id);
					return -1;
				}
			}
		size_t idn = strlen((const char *)id);
		uint32_t before = r->ids.n;
		uint32_t v = xp_vocab_id(&r->ids, (const char *)id, idn);
		if (v == UINT32_MAX) {
			xmlFree(id);
			return nomem(r->err, src->name);
		}
		if (r->ids.n == before) {
			/* two words, one id: spans name the first */
			int bad = xp_read_problem(r->o, r->err, src->name, line_of(n), "word id '%s' is there twice (--repair: spans name the first)",
						  (const char *)id);
			if (bad) {
				xmlFree(id);
				return -1;
			}
			/* the word stays; a placeholder id keeps index = position */
			char ph[48];
			snprintf(ph, sizeof ph, "\x01#%u", r->nwords);
			v = xp_vocab_id(&r->ids, ph, strlen(ph));
			if (v == UINT32_MAX) {
				xmlFree(id);
				return nomem(r->err, src->name);
			}
		}
		xmlFree(id);
		xmlChar *t = xmlNodeGetContent(n);
		size_t tn = t ? strlen((const char *)t) : 0;
		if (xp_grow(off, &cap, (size_t)r->nwords + 1, sizeof **off) ||
		    xp_grow(len, &cap2, (size_t)r->nwords + 1, sizeof **len)) {
			xmlFree(t);
			return nomem(r->err, src->name);
		}
		(*off)[r->nwords] = text->n;
		(*len)[r->nwords] = tn;
		xp_buf_add(text, t ? (const char *)t : "", tn);
		xmlFree(t);
		if (text->oom)
			return nomem(r->err, src->name);
		if (r->nwords == UINT32_MAX - 1)
			return xp_failc(r->err, XP_EINPUT, src->name, line_of(n), "too many words");
		r->nwords++;
	}
	return 0;
}

/* The sentence level: ranges in word order, overlaps and gaps reported
 * (repaired as mmax2.h says). */
static int read_sentences(rd *r, const xp_mmax2_src *src, xmlDocPtr doc, range **out, size_t *nout)
{
	range *s = NULL;
	size_t n = 0, cap = 0;
	char why[256];
	xmlNodePtr root = xmlDocGetRootElement(doc);
	for (xmlNodePtr m = root->children; m; m = m->next) {
		if (!is_elem(m, "markable"))
			continue;
		int rc = span_of(r, m, "sentence", why, sizeof why);
		if (rc < 0)
			goto oom;
		if (rc > 0) {
			if (xp_read_problem(r->o, r->err, src->name, line_of(m), "%s (--repair drops the sentence)", why))
				goto fail;
			continue;
		}
		if (xp_grow(&s, &cap, n + 1, sizeof *s))
			goto oom;
		s[n++] = (range){r->parts[0].lo, r->parts[r->nparts - 1].hi, (uint32_t)line_of(m)};
	}
	if (n)
		qsort(s, n, sizeof *s, cmp_range);
	/* walk in word order: each sentence starts where the last ended */
	range *v = NULL;
	size_t nv = 0, capv = 0;
	uint32_t at = 0;
	for (size_t i = 0; i <= n; i++) {
		uint32_t lo = i < n ? s[i].lo : r->nwords;
		if (lo > at) {
			if (xp_read_problem(r->o, r->err, src->name, i < n ? s[i].line : 0,
					    "words %s to %s are in no sentence (--repair makes them one)",
					    r->ids.words[at], r->ids.words[lo - 1]))
				goto fail2;
			if (xp_grow(&v, &capv, nv + 1, sizeof *v))
				goto oom2;
			v[nv++] = (range){at, lo - 1, i < n ? s[i].line : 0};
			at = lo;
		}
		if (i == n)
			break;
		range x = s[i];
		if (x.lo < at) {
			int drop = x.hi < at;
			if (xp_read_problem(r->o, r->err, src->name, x.line,
					    "the sentence of words %s to %s overlaps the one before (--repair %s)",
					    r->ids.words[x.lo], r->ids.words[x.hi],
					    drop ? "drops it" : "starts it after that one"))
				goto fail2;
			if (drop)
				continue;
			x.lo = at;
		}
		if (xp_grow(&v, &capv, nv + 1, sizeof *v))
			goto oom2;
		v[nv++] = x;
		at = x.hi + 1;
	}
	free(s);
	*out = v;
	*nout = nv;
	return 0;
oom2:
	free(v);
oom:
	free(s);
	return nomem(r->err, src->name);
fail2:
	free(v);
fail:
	free(s);
	return -1;
}

/* "set_12" -> 12; -1 for any other name, "set_012" among them: read as
 * 12 it was one chain with set_12, two sets of the file merged without a
 * word (CorefUD's eN refuses leading zeros the same way) */
static long long set_number(const char *s)
{
	if (strncmp(s, "set_", 4) || !s[4] || (s[4] == '0' && s[5]))
		return -1;
	long long v = 0;
	for (const char *p = s + 4; *p; p++) {
		if (*p < '0' || *p > '9' || v > 100000000000000LL)
			return -1;
		v = v * 10 + (*p - '0');
	}
	return v;
}

static int read_coref(rd *r, const xp_mmax2_src *src, xmlDocPtr doc, xp_doc *d)
{
	kept *k = NULL;
	size_t nk = 0, cap = 0, markables = 0, unclassed = 0, disc = 0, cross = 0;
	long long *label = NULL;
	char why[256];
	int rc = -1;
	xmlNodePtr root = xmlDocGetRootElement(doc);
	for (xmlNodePtr m = root->children; m; m = m->next) {
		if (!is_elem(m, "markable"))
			continue;
		markables++;
		int bad = span_of(r, m, "markable", why, sizeof why);
		if (bad < 0)
			goto oom;
		xmlChar *cls = xmlGetProp(m, BAD_CAST "coref_class");
		long long ci = -1;
		if (cls && cls[0] && strcmp((const char *)cls, "empty")) {
			uint32_t v = xp_vocab_id(&r->classes, (const char *)cls, strlen((const char *)cls));
			ci = v == UINT32_MAX ? -2 : (long long)v;
		}
		xmlFree(cls);
		if (ci == -2)
			goto oom;
		if (bad) {
			if (xp_read_problem(r->o, r->err, src->name, line_of(m), "%s (--repair drops the markable)", why))
				goto out;
			continue;
		}
		if (ci < 0)
			unclassed++;
		if (r->nparts > 1)
			disc++;
		uint32_t lo = r->parts[0].lo, hi = r->parts[r->nparts - 1].hi;
		if (r->wsent[lo] != r->wsent[hi]) {
			cross++;
			continue;
		}
		if (xp_grow(&k, &cap, nk + 1, sizeof *k))
			goto oom;
		k[nk++] = (kept){r->wsent[lo], r->wpos[lo], r->wpos[hi] + 1, (uint32_t)line_of(m), ci};
	}
	/* labels: set_N keeps N; other names, then markables in no set, take
	 * numbers above the largest N */
	label = malloc(((size_t)r->classes.n + 1) * sizeof *label);
	if (!label)
		goto oom;
	long long next = 0;
	for (uint32_t i = 0; i < r->classes.n; i++) {
		label[i] = set_number(r->classes.words[i]);
		if (label[i] >= next)
			next = label[i] + 1;
	}
	for (uint32_t i = 0; i < r->classes.n; i++)
		if (label[i] < 0)
			label[i] = next++;
	for (size_t i = 0; i < nk; i++) {
		long cl = xp_doc_cluster(d, k[i].cls >= 0 ? label[k[i].cls] : next++);
		if (cl < 0 || xp_doc_add_mention(d, k[i].utt, k[i].start, k[i].end, (uint32_t)cl, k[i].line))
			goto oom;
	}
	size_t ndup = 0;
	uint32_t dl = 0;
	if (xp_doc_finish(d, 1, &ndup, &dl))
		goto oom;
	if (ndup)
		xp_read_warn(r->o, src->name, dl, "document %s: %zu duplicate markable(s) (same span, same set) counted once",
			     r->id, ndup);
	if (xp_meta_set_count(r->c, d, META_MARKABLES, markables) || xp_meta_set_count(r->c, d, META_CHAINS, r->classes.n) ||
	    xp_meta_set_count(r->c, d, META_UNCLASSED, unclassed) || xp_meta_set_count(r->c, d, META_DISC, disc) ||
	    xp_meta_set_count(r->c, d, META_CROSS, cross))
		goto oom;
	rc = 0;
	goto out;
oom:
	rc = nomem(r->err, src->name);
out:
	free(label);
	free(k);
	return rc;
}

int xp_mmax2_read_doc(const char *id, const xp_mmax2_src *words, const xp_mmax2_src *coref,
		      const xp_mmax2_src *sentences, const xp_read_opts *o, xp_corpus *c, xp_err *err)
{
	static const xp_read_opts strict = {0};
	rd r = {.id = id, .o = o ? o : &strict, .err = err, .c = c};
	xmlDocPtr wd = NULL, cd = NULL, sd = NULL;
	xp_buf text = {0};
	size_t *off = NULL, *len = NULL;
	range *sent = NULL;
	size_t nsent = 0;
	const char **wp = NULL;
	int rc = -1;
	if (xp_vocab_init(&r.ids, 0) || xp_vocab_init(&r.classes, 0)) {
		xp_vocab_free(&r.ids);
		return nomem(err, words->name);
	}
	xp_err pe;
	if (!(wd = parse(words, &pe)) || !(sd = parse(sentences, &pe)) || !(cd = parse(coref, &pe))) {
		/* a file that is not XML: the document is not read at all */
		rc = pe.code == XP_ENOMEM ? nomem(err, pe.file)
					  : xp_read_problem(r.o, err, pe.file, pe.line, "%s (--repair skips the document)", pe.msg);
		goto out;
	}
	if (read_words(&r, words, wd, &text, &off, &len) || read_sentences(&r, sentences, sd, &sent, &nsent))
		goto out;
	r.wsent = malloc(((size_t)r.nwords + 1) * sizeof *r.wsent);
	r.wpos = malloc(((size_t)r.nwords + 1) * sizeof *r.wpos);
	wp = malloc(((size_t)r.nwords + 1) * sizeof *wp);
	xp_doc *d = xp_corpus_add_doc(c, id, strlen(id), 0);
	if (!r.wsent || !r.wpos || !wp || !d) {
		nomem(err, words->name);
		goto out;
	}
	for (uint32_t i = 0; i < r.nwords; i++)
		wp[i] = text.p ? text.p + off[i] : "";
	for (size_t s = 0; s < nsent; s++) {
		uint32_t n = sent[s].hi - sent[s].lo + 1;
		for (uint32_t i = 0; i < n; i++) {
			r.wsent[sent[s].lo + i] = (uint32_t)s;
			r.wpos[sent[s].lo + i] = i;
		}
		xp_utt *u = xp_doc_add_utt(c, d, "", wp + sent[s].lo, len + sent[s].lo, n);
		if (!u) {
			nomem(err, words->name);
			goto out;
		}
		u->line = sent[s].line;
	}
	rc = read_coref(&r, coref, cd, d);
out:
	xmlFreeDoc(wd);
	xmlFreeDoc(cd);
	xmlFreeDoc(sd);
	xp_buf_free(&text);
	free(off);
	free(len);
	free(sent);
	free(wp);
	free(r.wsent);
	free(r.wpos);
	free(r.parts);
	xp_vocab_free(&r.ids);
	xp_vocab_free(&r.classes);
	return rc < 0 ? xp_err_code(err) : 0;
}

/* --- files ---------------------------------------------------------------- */

typedef struct paths {
	char basedata[PATH_MAX], markables[PATH_MAX], coref[PATH_MAX], sentence[PATH_MAX];
} paths;

static void text_of(xmlNodePtr n, char *out, size_t nout)
{
	xmlChar *t = xmlNodeGetContent(n);
	const char *s = t ? (const char *)t : "";
	while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
		s++;
	size_t k = strlen(s);
	while (k && (s[k - 1] == ' ' || s[k - 1] == '\n' || s[k - 1] == '\t' || s[k - 1] == '\r'))
		k--;
	snprintf(out, nout, "%.*s", (int)(k < nout ? k : nout - 1), s);
	xmlFree(t);
}

/* dir/common_paths.xml, or the defaults when there is none */
static int read_common_paths(const char *dir, paths *p, xp_err *err)
{
	snprintf(p->basedata, sizeof p->basedata, "Basedata/");
	snprintf(p->markables, sizeof p->markables, "Markables/");
	snprintf(p->coref, sizeof p->coref, "$_coref_level.xml");
	snprintf(p->sentence, sizeof p->sentence, "$_sentence_level.xml");
	char path[PATH_MAX];
	struct stat st;
	if (snprintf(path, sizeof path, "%s/common_paths.xml", dir) >= (int)sizeof path || stat(path, &st))
		return 0;
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	xp_mmax2_src src = {path, buf, len};
	xmlDocPtr doc = parse(&src, err);
	free(buf);
	if (!doc)
		return -1;
	for (xmlNodePtr n = xmlDocGetRootElement(doc)->children; n; n = n->next) {
		if (is_elem(n, "basedata_path"))
			text_of(n, p->basedata, sizeof p->basedata);
		else if (is_elem(n, "markable_path"))
			text_of(n, p->markables, sizeof p->markables);
		else if (is_elem(n, "annotations"))
			for (xmlNodePtr l = n->children; l; l = l->next) {
				if (!is_elem(l, "level"))
					continue;
				xmlChar *name = xmlGetProp(l, BAD_CAST "name");
				if (name && !strcmp((const char *)name, "coref"))
					text_of(l, p->coref, sizeof p->coref);
				else if (name && !strcmp((const char *)name, "sentence"))
					text_of(l, p->sentence, sizeof p->sentence);
				xmlFree(name);
			}
	}
	xmlFreeDoc(doc);
	return 0;
}

/* dir + sub + file with each '$' of file replaced by name */
static int join(char *out, size_t n, const char *dir, const char *sub, const char *file, const char *name)
{
	xp_buf b = {0};
	if (sub[0] != '/')
		xp_buf_printf(&b, "%s/", dir);
	xp_buf_puts(&b, sub);
	if (b.n && b.p[b.n - 1] != '/')
		xp_buf_putc(&b, '/');
	for (const char *f = file; *f; f++)
		if (*f == '$')
			xp_buf_puts(&b, name);
		else
			xp_buf_putc(&b, *f);
	int ok = !b.oom && b.n < n;
	if (ok) {
		memcpy(out, b.p, b.n);
		out[b.n] = '\0';
	}
	xp_buf_free(&b);
	return ok ? 0 : -1;
}

/* A file a document needs: 0 read, 1 missing or unreadable and skipped
 * (repairing), -1 stop. */
static int need_file(const char *mmax, const char *path, const char *what, const xp_read_opts *o, char **buf,
		     size_t *len, xp_err *err)
{
	xp_err e;
	int rc = xp_read_file(path, buf, len, &e);
	if (rc == 0)
		return 0;
	if (rc == XP_ENOMEM)
		return nomem(err, path);
	return xp_read_problem(o, err, mmax, 0, "%s %s: %s (--repair skips the document)", what, path, e.msg) ? -1 : 1;
}

static int read_mmax(const char *path, const xp_read_opts *o, xp_corpus *c, xp_err *err)
{
	char dir[PATH_MAX], name[PATH_MAX], wpath[PATH_MAX], cpath[PATH_MAX], spath[PATH_MAX], wfile[PATH_MAX];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	if (slash == path)
		snprintf(dir, sizeof dir, "/");
	const char *base = slash ? slash + 1 : path;
	size_t bn = strlen(base);
	snprintf(name, sizeof name, "%.*s", (int)(ends_with(base, ".mmax") ? bn - 5 : bn), base);

	char *buf = NULL, *wb = NULL, *cb = NULL, *sb = NULL;
	size_t len, wl, cl, sl;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	xp_mmax2_src src = {path, buf, len};
	xp_err pe;
	xmlDocPtr doc = parse(&src, &pe);
	free(buf);
	if (!doc)
		return xp_read_problem(o, err, path, pe.line, "%s (--repair skips the document)", pe.msg);
	wfile[0] = '\0';
	for (xmlNodePtr n = xmlDocGetRootElement(doc)->children; n; n = n->next)
		if (is_elem(n, "words"))
			text_of(n, wfile, sizeof wfile);
	xmlFreeDoc(doc);
	if (!wfile[0])
		return xp_read_problem(o, err, path, 0, "names no <words> file (--repair skips the document)");
	paths p;
	if (read_common_paths(dir, &p, err))
		return -1;
	if (join(wpath, sizeof wpath, dir, p.basedata, wfile, name) ||
	    join(cpath, sizeof cpath, dir, p.markables, p.coref, name) ||
	    join(spath, sizeof spath, dir, p.markables, p.sentence, name))
		return xp_failc(err, XP_EINPUT, path, 0, "a path of its files is too long");
	int rc = need_file(path, wpath, "words", o, &wb, &wl, err);
	if (rc == 0) {
		rc = need_file(path, spath, "sentence level", o, &sb, &sl, err);
		if (rc == 0) {
			rc = need_file(path, cpath, "coref level", o, &cb, &cl, err);
			if (rc == 0) {
				xp_mmax2_src w = {wpath, wb, wl}, s = {spath, sb, sl}, k = {cpath, cb, cl};
				rc = xp_mmax2_read_doc(name, &w, &k, &s, o, c, err);
			}
		}
	}
	free(wb);
	free(sb);
	free(cb);
	return rc < 0 ? -1 : 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .mmax files of dir by name; *n 0 when none. */
static int list_mmax(const char *dir, char ***out, size_t *n, xp_err *err)
{
	*out = NULL;
	*n = 0;
	DIR *d = opendir(dir);
	if (!d)
		return xp_failc(err, XP_EIO, dir, 0, "cannot open the directory");
	size_t cap = 0;
	struct dirent *e;
	int rc = 0;
	while (rc == 0 && (e = readdir(d))) {
		if (e->d_name[0] == '.' || !ends_with(e->d_name, ".mmax"))
			continue;
		char *s = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!s || xp_grow(out, &cap, *n + 1, sizeof **out)) {
			free(s);
			rc = nomem(err, dir);
			break;
		}
		sprintf(s, "%s/%s", dir, e->d_name);
		(*out)[(*n)++] = s;
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof **out, cmp_str);
	return rc;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int xp_mmax2_is(const char *path)
{
	struct stat st;
	if (stat(path, &st))
		return 0;
	if (S_ISREG(st.st_mode))
		return ends_with(path, ".mmax");
	if (!S_ISDIR(st.st_mode))
		return 0;
	char **v;
	size_t n;
	xp_err e;
	if (list_mmax(path, &v, &n, &e))
		return 0;
	free_list(v, n);
	return n > 0;
}

int xp_mmax2_read(const char *path, const xp_read_opts *o, xp_corpus *c, xp_err *err)
{
	static const xp_read_opts strict = {0};
	if (!o)
		o = &strict;
	struct stat st;
	if (stat(path, &st))
		return xp_failc(err, XP_ENOTFOUND, path, 0, "no such file or directory");
	if (!S_ISDIR(st.st_mode))
		return read_mmax(path, o, c, err) ? xp_err_code(err) : 0;
	char **v;
	size_t n;
	if (list_mmax(path, &v, &n, err))
		return xp_err_code(err);
	int rc = n ? 0 : xp_failc(err, XP_ENOTFOUND, path, 0, "no .mmax file in the directory");
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = read_mmax(v[i], o, c, err) ? xp_err_code(err) : 0;
	free_list(v, n);
	return rc;
}

void xp_mmax2_tally_of(const xp_corpus *c, xp_mmax2_tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < c->ndocs; i++) {
		const xp_doc *d = &c->docs[i];
		if (!xp_doc_meta(d, META_MARKABLES))
			continue;
		t->documents++;
		t->markables += xp_meta_count(d, META_MARKABLES);
		t->chains += xp_meta_count(d, META_CHAINS);
		t->unclassed += xp_meta_count(d, META_UNCLASSED);
		t->discontinuous += xp_meta_count(d, META_DISC);
		t->cross_sentence += xp_meta_count(d, META_CROSS);
	}
}
