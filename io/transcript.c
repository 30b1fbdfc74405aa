/* io/transcript.c — transcript readers; see transcript.h. */
#include "transcript.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "read.h"
#include "../base/text.h"
#include "../model/tokenize.h"

#include "xml.h"

#include <stdlib.h>
#include <string.h>

void xp_file_stem(const char *path, char *out, size_t n)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	snprintf(out, n, "%s", b);
	char *dot = strchr(out, '.');
	if (dot && dot != out)
		*dot = '\0';
}

/* tokenise text and append it as an utterance with its uid */
static int add(xp_corpus *c, xp_doc *d, const char *spk, const char *uid, const char *text,
	       uint32_t line)
{
	xp_tok *t = NULL;
	uint32_t n = 0;
	size_t cap = 0;
	if (xp_tokenize(text, strlen(text), XP_TOK_WORDS, "en", &t, &n, &cap)) {
		free(t);
		return -1;
	}
	xp_utt *u = xp_doc_add_utt_text(c, d, spk, text, t, n);
	free(t);
	if (!u)
		return -1;
	u->line = line;
	u->uid = uid ? xp_arena_strdup(&c->arena, uid) : NULL;
	return uid && !u->uid ? -1 : 0;
}

/* --- TV4Dialog XML ----------------------------------------------------------- */

typedef struct tv4 {
	xp_corpus *c;
	const char *docname;
	xp_doc *doc;
	char *uid;
	xp_buf speaker, content, *into;
	int scenes;
} tv4;

static int tv4_start(tv4 *t, xmlTextReaderPtr r, const char *name)
{
	if (!strcmp(name, "scene")) {
		xmlChar *id = xmlTextReaderGetAttribute(r, BAD_CAST "id");
		long long part = id ? xp_parse_uint((xp_str){(const char *)id, strlen((const char *)id)}) : -1;
		xmlFree(id);
		t->scenes++;
		t->doc = xp_corpus_add_doc(t->c, t->docname, strlen(t->docname),
					   part >= 0 && part < 1000000 ? (int)part : t->scenes);
		return t->doc ? 0 : -1;
	}
	if (!strcmp(name, "utterance")) {
		free(t->uid);
		xmlChar *u = xmlTextReaderGetAttribute(r, BAD_CAST "uid");
		t->uid = u ? strdup((const char *)u) : NULL;
		xmlFree(u);
		t->speaker.n = t->content.n = 0;
		if (!t->doc)
			t->doc = xp_corpus_add_doc(t->c, t->docname, strlen(t->docname), 0);
		return t->doc ? 0 : -1;
	}
	if (!strcmp(name, "speaker"))
		t->into = &t->speaker;
	else if (!strcmp(name, "content"))
		t->into = &t->content;
	return 0;
}

static int tv4_end(tv4 *t, const char *name, uint32_t line)
{
	if (!strcmp(name, "speaker") || !strcmp(name, "content"))
		t->into = NULL;
	if (strcmp(name, "utterance") || !t->doc)
		return 0;
	xp_buf_putc(&t->speaker, 0);
	xp_buf_putc(&t->content, 0);
	if (t->speaker.oom || t->content.oom)
		return -1;
	return add(t->c, t->doc, t->speaker.p, t->uid, t->content.p, line);
}

int xp_tv4dialog_read_mem(const char *name, const char *docname, const char *buf, size_t len,
			  xp_corpus *c, xp_err *err)
{
	xp_xml X;
	int rc = xp_xml_open_mem(&X, name, buf, len, err), failed = 0;
	if (rc)
		return rc;
	xmlTextReaderPtr r = X.r;
	tv4 t = {.c = c, .docname = docname};
	while (!failed && (rc = xp_xml_next(&X, err)) == 1) {
		int type = xmlTextReaderNodeType(r);
		const char *nm = (const char *)xmlTextReaderConstName(r);
		uint32_t line = (uint32_t)xmlTextReaderGetParserLineNumber(r);
		if (type == XML_READER_TYPE_ELEMENT) {
			int empty = xmlTextReaderIsEmptyElement(r);
			failed = tv4_start(&t, r, nm) || (empty && tv4_end(&t, nm, line));
		} else if (type == XML_READER_TYPE_END_ELEMENT) {
			failed = tv4_end(&t, nm, line);
		} else if ((type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
			    type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) && t.into) {
			const char *v = (const char *)xmlTextReaderConstValue(r);
			xp_buf_puts(t.into, v ? v : "");
		}
	}
	unsigned long line = xp_xml_line(&X);
	xp_xml_close(&X);
	free(t.uid);
	xp_buf_free(&t.speaker);
	xp_buf_free(&t.content);
	if (failed)
		return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
	if (rc < 0)
		return rc;
	return 0;
}

/* --- TSV -------------------------------------------------------------------------- */

int xp_tsv_read_mem(const char *name, const char *buf, size_t len, xp_corpus *c, xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	xp_doc *d = NULL;
	while (xp_lines_next(&it, &s, &n)) {
		if (!n)
			continue;
		const char *f[4];
		size_t fl[4], nf = 0;
		const char *p = s, *end = s + n;
		while (nf < 4) {
			const char *tab = nf < 3 ? memchr(p, '\t', (size_t)(end - p)) : NULL;
			const char *e = tab ? tab : end;
			f[nf] = p, fl[nf++] = (size_t)(e - p);
			if (!tab)
				break;
			p = tab + 1;
		}
		if (nf < 4)
			return xp_failc(err, XP_EINPUT, name, it.lineno, "want 4 tab-separated columns: doc, utterance id, speaker, text");
		if (it.lineno == 1 && fl[0] == 3 && !memcmp(f[0], "doc", 3))
			continue;
		size_t bad;
		if (!xp_utf8_valid(s, n, &bad))
			return xp_failc(err, XP_EINPUT, name, it.lineno, "line is not valid UTF-8 (byte %zu)", bad + 1);
		const char *nul = memchr(s, '\0', n);   /* the text would end there, silently */
		if (nul)
			return xp_failc(err, XP_EINPUT, name, it.lineno, "line holds a NUL byte (byte %zu)", (size_t)(nul - s) + 1);
		if (!d || strlen(d->id) != fl[0] || memcmp(d->id, f[0], fl[0]))
			if (!(d = xp_corpus_add_doc(c, f[0], fl[0], 0)))
				return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		char *uid = strndup(f[1], fl[1]), *spk = strndup(f[2], fl[2]), *text = strndup(f[3], fl[3]);
		int rc = !uid || !spk || !text || add(c, d, spk, uid, text, (uint32_t)it.lineno);
		free(uid), free(spk), free(text);
		if (rc)
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
	}
	return 0;
}

int xp_transcript_read(const char *path, xp_tr_format fmt, xp_corpus *c, xp_err *err)
{
	if (fmt == XP_TR_AUTO)
		fmt = xp_has_ext(path, ".xml") ? XP_TR_TV4DIALOG : xp_has_ext(path, ".tsv") ? XP_TR_TSV
											       : XP_TR_CORPUS;
	if (fmt == XP_TR_CORPUS)
		return xp_read_corpus(path, XP_FMT_AUTO, NULL, c, err);
	char *buf;
	size_t len;
	int rc = xp_read_file_max(path, XP_DOC_MAX, &buf, &len, err);
	if (rc < 0)
		return rc;
	char stem[256];
	xp_file_stem(path, stem, sizeof stem);
	rc = fmt == XP_TR_TV4DIALOG ? xp_tv4dialog_read_mem(path, stem, buf, len, c, err)
					: xp_tsv_read_mem(path, buf, len, c, err);
	free(buf);
	return rc;
}
