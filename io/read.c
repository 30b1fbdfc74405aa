/* io/read.c — format dispatch and the repair/keep-going policy; see read.h. */
#include "reader.h"
#include "conll.h"
#include "../base/file.h"
#include "jsonl.h"
#include "conllu.h"
#include "mmax2.h"
#include "../base/vocab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>

int xp_read_problem(const xp_read_opts *o, xp_err *err, const char *file, unsigned long line,
		    const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (o->keep_going) {
		xp_diags_add(o->diags, XP_PROBLEM, file, line, "%s", msg);
		return 0;
	}
	if (o->repair) {
		xp_diags_add(o->diags, XP_WARNING, file, line, "%s", msg);
		return 0;
	}
	return xp_failc(err, XP_EINPUT, file, line, "%s", msg);
}

void xp_read_warn(const xp_read_opts *o, const char *file, unsigned long line, const char *fmt,
		  ...)
{
	if (!o->diags)
		return;
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	xp_diags_add(o->diags, XP_WARNING, file, line, "%s", msg);
}

int xp_meta_set_count(xp_corpus *c, xp_doc *d, const char *key, size_t v)
{
	char s[32];
	snprintf(s, sizeof s, "%zu", v);
	return xp_doc_set_meta(c, d, key, s);
}

size_t xp_meta_count(const xp_doc *d, const char *key)
{
	const char *s = xp_doc_meta(d, key);
	return s ? (size_t)strtoull(s, NULL, 10) : 0;
}

xp_format xp_format_named(const char *name)
{
	if (!strcasecmp(name, "conll") || !strcasecmp(name, "conll2012"))
		return XP_FMT_CONLL;
	if (!strcasecmp(name, "jsonlines") || !strcasecmp(name, "jsonl") || !strcasecmp(name, "json"))
		return XP_FMT_JSONL;
	if (!strcasecmp(name, "mmax2") || !strcasecmp(name, "mmax"))
		return XP_FMT_MMAX2;
	if (!strcasecmp(name, "conllu") || !strcasecmp(name, "corefud"))
		return XP_FMT_CONLLU;
	return XP_FMT_AUTO;
}

xp_format xp_format_of_path(const char *path)
{
	if (xp_has_ext(path, ".jsonlines") || xp_has_ext(path, ".jsonl") || xp_has_ext(path, ".json"))
		return XP_FMT_JSONL;
	if (xp_has_ext(path, ".conll") || xp_has_ext(path, "_conll") || xp_has_ext(path, ".conll12"))
		return XP_FMT_CONLL;
	if (xp_has_ext(path, ".conllu"))
		return XP_FMT_CONLLU;
	size_t n = strlen(path);
	if (n > 5 && !strcmp(path + n - 5, ".mmax"))
		return XP_FMT_MMAX2;
	return XP_FMT_AUTO;
}

int xp_need_some(const char *path, size_t n, const char *what, xp_err *err)
{
	if (n)
		return 0;
	return xp_failc(err, XP_EINPUT, path, 0, "no %s (an empty file, or one cut short?): nothing is replaced", what);
}

/* Two documents with one id and part in a file: every later stage keys
 * documents by them (the scorer, the projection, the store), so the second
 * was silently ignored by some and refused late by others (db import with a
 * raw "UNIQUE constraint failed" naming the database).  Said here, once,
 * naming the file; --repair keeps both, as before. */
static int unique_docs(const char *name, const xp_read_opts *o, const xp_corpus *c, size_t from, xp_err *err)
{
	xp_vocab v;
	xp_buf key = {0};
	uint32_t *first = NULL;   /* by key id: the line of its first document */
	size_t cap = 0;
	if (xp_vocab_init(&v, 0))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	int rc = 0;
	for (size_t i = from; rc == 0 && i < c->ndocs; i++) {
		const xp_doc *d = &c->docs[i];
		uint32_t line = d->nutts ? d->utts[0].line : 0;
		key.n = 0;
		xp_buf_printf(&key, "%d\t%s", d->part, d->id);
		uint32_t id = key.oom ? UINT32_MAX : xp_vocab_find(&v, key.p, key.n);
		if (!key.oom && id != UINT32_MAX) {
			char at[48] = "";
			if (first[id])
				snprintf(at, sizeof at, " (first at line %u)", first[id]);
			rc = xp_read_problem(o, err, name, line, "document %s part %d is there twice%s", d->id, d->part, at);
			continue;
		}
		id = key.oom ? UINT32_MAX : xp_vocab_id(&v, key.p, key.n);
		if (id == UINT32_MAX || xp_grow(&first, &cap, (size_t)id + 1, sizeof *first))
			rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
		else
			first[id] = line;
	}
	free(first);
	xp_buf_free(&key);
	xp_vocab_free(&v);
	return rc;
}

int xp_read_corpus_mem(const char *name, const char *buf, size_t len, xp_format fmt,
		       const xp_read_opts *o, xp_corpus *c, xp_err *err)
{
	static const xp_read_opts strict = {0};
	if (!o)
		o = &strict;
	size_t from = c->ndocs;
	int named = fmt == XP_FMT_AUTO;   /* the format is the name's, not the caller's */
	if (fmt == XP_FMT_AUTO)
		fmt = xp_format_of_path(name);
	if (fmt == XP_FMT_MMAX2)
		return xp_failc(err, XP_EUSAGE, name, 0, "MMAX2 is read from its files (a .mmax file or a directory of them), not from a stream");
	size_t i = 0;
	if (len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < len && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r' || buf[i] == '\t'))
		i++;
	static const char *const u[] = {"# newdoc", "# sent_id", "# global.Entity"};
	const char *looks_u = NULL;   /* the CoNLL-U comment the text begins with */
	for (size_t k = 0; !looks_u && k < sizeof u / sizeof *u; k++)
		if (len - i >= strlen(u[k]) && !memcmp(buf + i, u[k], strlen(u[k])))
			looks_u = u[k];
	if (fmt == XP_FMT_AUTO)
		fmt = i < len && buf[i] == '{' ? XP_FMT_JSONL : looks_u ? XP_FMT_CONLLU : XP_FMT_CONLL;
	/* A CorefUD file named .conll (CorefUD's own files are .conllu, but
	 * copies get renamed) was read as CoNLL-2012 and refused line by line
	 * ("token line outside '#begin document'"), which says nothing of the
	 * cause.  Its first line is CoNLL-U's own, which no CoNLL-2012 file
	 * begins with: said, with what to do.  A format the caller names
	 * (convert --from conll) still reads it as told. */
	if (named && fmt == XP_FMT_CONLL && looks_u) {
		unsigned long line = 1;
		for (size_t k = 0; k < i; k++)
			line += buf[k] == '\n';
		return xp_failc(err, XP_EINPUT, name, line,
				"this is CorefUD (CoNLL-U, it begins '%s'), not CoNLL-2012 as its name says: name it "
				".conllu (xproj convert --from conllu %s OUT.conll makes a CoNLL-2012 copy)",
				looks_u, name);
	}
	int rc = fmt == XP_FMT_JSONL	? xp_jsonl_read(name, buf, len, o, c, err)
		 : fmt == XP_FMT_CONLLU ? xp_conllu_read(name, buf, len, o, c, err)
					: xp_conll_read(name, buf, len, o, c, err);
	return rc < 0 ? xp_err_code(err) : unique_docs(name, o, c, from, err);
}

int xp_read_corpus(const char *path, xp_format fmt, const xp_read_opts *o, xp_corpus *c,
		   xp_err *err)
{
	static const xp_read_opts strict = {0};
	/* a directory is read as MMAX2's, the one format that is one: one
	 * with no .mmax file in it says so (it was "read error at byte 0: Is
	 * a directory") */
	struct stat st;
	if (fmt == XP_FMT_MMAX2 ||
	    (fmt == XP_FMT_AUTO && (xp_mmax2_is(path) || (!stat(path, &st) && S_ISDIR(st.st_mode))))) {
		size_t from = c->ndocs;
		int rc = xp_mmax2_read(path, o ? o : &strict, c, err);
		return rc < 0 ? rc : unique_docs(path, o ? o : &strict, c, from, err);
	}
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc < 0)
		return rc;
	rc = xp_read_corpus_mem(path, buf, len, fmt, o, c, err);
	free(buf);
	return rc;
}

int xp_write_corpus(const char *path, xp_format fmt, const xp_corpus *c, xp_err *err)
{
	xp_outputs o = {0};
	if (xp_put_corpus(&o, path, fmt, c, err)) {
		xp_outputs_abort(&o);
		return -1;
	}
	return xp_outputs_commit(&o, err);
}

int xp_corpus_bytes(xp_buf *b, const char *path, xp_format fmt, const xp_corpus *c, xp_err *err)
{
	if (fmt == XP_FMT_AUTO)
		fmt = xp_format_of_path(path);
	if (fmt == XP_FMT_MMAX2)
		return xp_failc(err, XP_EUSAGE, path, 0, "MMAX2 is read, not written: name another format");
	if (fmt != XP_FMT_JSONL && xp_conll_check(path, c, err))
		return -1;
	if (fmt == XP_FMT_JSONL || fmt == XP_FMT_CONLLU) {
		if (fmt == XP_FMT_JSONL ? xp_jsonl_write(b, c, err) : xp_conllu_write(b, c, err))
			return -1;
	} else {
		xp_conll_write(b, c);
	}
	return b->oom ? xp_failc(err, XP_ENOMEM, path, 0, "out of memory") : 0;
}

int xp_put_corpus(xp_outputs *o, const char *path, xp_format fmt, const xp_corpus *c, xp_err *err)
{
	xp_buf b = {0};
	int rc = xp_corpus_bytes(&b, path, fmt, c, err) || xp_outputs_put(o, path, b.p ? b.p : "", b.n, err) ? -1 : 0;
	xp_buf_free(&b);
	return rc;
}
