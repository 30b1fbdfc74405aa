/* align/batch.c — see batch.h. */
#include "batch.h"
#include "../model/script.h"
#include "../base/file.h"
#include "../io/transcript.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int xp_episode_key(const char *id, char *out, size_t n, char *show)
{
	for (const char *p = id; *p; p++) {
		if ((p[0] == 's' || p[0] == 'S') && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
		    (p[3] == 'e' || p[3] == 'E') && isdigit((unsigned char)p[4]) && isdigit((unsigned char)p[5])) {
			snprintf(out, n, "S%c%cE%c%c", p[1], p[2], p[4], p[5]);
			const char *c = p + 6;
			*show = (c[0] == 'c' && isdigit((unsigned char)c[1]) && isdigit((unsigned char)c[2]) &&
				 isalpha((unsigned char)c[3])) ? c[3] : 0;
			return 1;
		}
	}
	return 0;
}

/* a subtitle argument is a path, or "t=DIR1,f=DIR2": a directory per show letter */
static int is_map(const char *spec) { return spec[0] && spec[0] != '/' && spec[1] == '='; }

static char *dir_for(const char *spec, char c)
{
	if (!is_map(spec))
		return strdup(spec);
	for (const char *p = spec; *p;) {
		const char *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		if (p[0] == c && p[1] == '=')
			return strndup(p + 2, (size_t)(end - p - 2));
		p = *end ? end + 1 : end;
	}
	return NULL;
}

static int is_dir(const char *p);
static char *find(const char *dir, const char *key);

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static char *find(const char *dir, const char *key)
{
	static const char *const ext[] = {".srt", ".srt.gz", ".vtt", ".vtt.gz", ".xml", ".xml.gz"};
	char path[4096];
	for (size_t k = 0; k < sizeof ext / sizeof *ext; k++) {
		snprintf(path, sizeof path, "%s/%s%s", dir, key, ext[k]);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			return strdup(path);
	}
	return NULL;
}

static char *locate(const char *spec, const char *key, char show)
{
	char *dir = dir_for(spec, show), *f = NULL;
	if (dir && is_dir(dir))
		f = find(dir, key);
	else if (dir && !is_map(spec))
		f = strdup(dir);   /* a file for the whole transcript */
	free(dir);
	return f;
}

static int add_job(xp_batch *b, xp_corpus *c, size_t first, size_t n, const char *key, char show,
		   const char *subs, const char *tgt, xp_err *err)
{
	if (xp_grow(&b->v, &b->cap, b->n + 1, sizeof *b->v))
		return xp_fail(err, "", 0, "out of memory");
	xp_job *j = &b->v[b->n++];
	*j = (xp_job){c, first, n, strdup(key), locate(subs, key, show), NULL};
	if (tgt)
		j->tgt = locate(tgt, key, show);
	return j->key ? 0 : xp_fail(err, "", 0, "out of memory");
}

static int load(xp_batch *b, const char *path, xp_corpus **out, xp_err *err)
{
	xp_corpus *c = calloc(1, sizeof *c);
	if (!c || xp_grow(&b->corpora, &b->cap_corpora, b->ncorpora + 1, sizeof *b->corpora)) {
		free(c);
		return xp_fail(err, path, 0, "out of memory");
	}
	b->corpora[b->ncorpora++] = c;
	*out = c;
	return xp_transcript_read(path, XP_TR_AUTO, c, err);
}

/* by_stem: the whole file is one episode, its subtitles named like it */
static int plan(xp_batch *b, xp_corpus *c, const char *tpath, const char *subs, const char *tgt, int by_stem,
		xp_err *err)
{
	char stem[256];
	xp_file_stem(tpath, stem, sizeof stem);
	if ((!is_dir(subs) && !is_map(subs)) || by_stem)
		return add_job(b, c, 0, c->ndocs, stem, 0, subs, tgt, err);
	for (size_t d = 0; d < c->ndocs;) {
		char key[16], show, k2[16], s2;
		if (!xp_episode_key(c->docs[d].id, key, sizeof key, &show))
			return xp_fail(err, tpath, 0, "document %s names no episode (want sNNeNN)", c->docs[d].id);
		size_t e = d + 1;
		while (e < c->ndocs && xp_episode_key(c->docs[e].id, k2, sizeof k2, &s2) && !strcmp(k2, key) &&
		       s2 == show)
			e++;
		if (add_job(b, c, d, e - d, key, show, subs, tgt, err))
			return -1;
		d = e;
	}
	return 0;
}

static int one_file(xp_batch *b, const char *tpath, const char *subs, const char *tgt, int by_stem,
		    xp_err *err)
{
	xp_corpus *c = NULL;
	return load(b, tpath, &c, err) ? -1 : plan(b, c, tpath, subs, tgt, by_stem, err);
}

int xp_batch_plan_corpus(xp_corpus *c, const char *name, const char *subs, const char *tgt, xp_batch *b,
			 xp_err *err)
{
	return plan(b, c, name, subs, tgt, 0, err);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int xp_batch_plan(const char *transcript, const char *subs, const char *tgt, xp_batch *b,
		  xp_err *err)
{
	if (!is_dir(transcript))
		return one_file(b, transcript, subs, tgt, 0, err);
	if (!is_dir(subs))
		return xp_fail(err, subs, 0, "a transcript directory needs a subtitle directory");
	DIR *d = opendir(transcript);
	if (!d)
		return xp_fail(err, transcript, 0, "cannot open directory");
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	int rc = 0;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.' && !xp_grow(&names, &cap, n + 1, sizeof *names))
			names[n++] = strdup(de->d_name);
	closedir(d);
	qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n && rc == 0; i++) {
		char path[4096], stem[256];
		snprintf(path, sizeof path, "%s/%s", transcript, names[i]);
		xp_file_stem(path, stem, sizeof stem);
		char *have = find(subs, stem);
		if (have) {
			free(have);
			rc = one_file(b, path, subs, tgt, 1, err);
		} else if (!xp_grow(&b->skipped, &b->cap_skipped, b->nskipped + 1, sizeof *b->skipped)) {
			b->skipped[b->nskipped++] = strdup(names[i]);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

void xp_batch_free(xp_batch *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->v[i].key), free(b->v[i].subs), free(b->v[i].tgt);
	for (size_t i = 0; i < b->ncorpora; i++) {
		xp_corpus_free(b->corpora[i]);
		free(b->corpora[i]);
	}
	for (size_t i = 0; i < b->nskipped; i++)
		free(b->skipped[i]);
	free(b->skipped);
	free(b->v);
	free(b->corpora);
	memset(b, 0, sizeof *b);
}

/* --- aligning a plan ------------------------------------------------------------- */

void xp_batch_opts_default(xp_batch_opts *o)
{
	memset(o, 0, sizeof *o);
	o->tgt_lang = NULL;   /* guessed from the target's script, never assumed */
	o->zh_tokens = XP_TOK_CHARS;
	xp_ualign_defaults(&o->ua);
}

static int align_job(const xp_job *j, const xp_batch_opts *o, xp_aligned *out, xp_align_stats *st,
		     xp_err *e)
{
	xp_subs en = {0}, tg = {0};
	int rc = (j->subs && xp_units_read(j->subs, &en, e)) || (j->tgt && xp_units_read(j->tgt, &tg, e));
	const char *lang = o->tgt_lang;
	if (!rc && !(lang && lang[0])) {
		/* the target text: a separate file's units, or a bilingual file's other lines */
		xp_script_counter c;
		xp_script_guess g;
		memset(&c, 0, sizeof c);
		const xp_subs *src = j->tgt ? &tg : &en;
		for (size_t k = 0; k < src->n; k++) {
			const char *t = j->tgt ? src->v[k].text : src->v[k].tgt;
			if (t)
				xp_script_count(&c, t, strlen(t));
		}
		xp_script_result(&c, &g);
		lang = g.lang;
		st->script = g.script;
		st->guessed++;
	}
	st->tgt_lang = lang;
	if (!rc) {
		xp_episode ep = {j->transcript, j->doc_first, j->ndocs, j->subs ? &en : NULL,
				 j->tgt ? &tg : NULL, o->links, lang, o->zh_tokens, o->ua};
		rc = xp_episode_align(&ep, out, st, e);
	}
	xp_subs_free(&en);
	xp_subs_free(&tg);
	return rc;
}

int xp_batch_align(const xp_batch *b, const xp_batch_opts *o, xp_aligned *out, xp_align_stats *st,
		   size_t *missing, xp_err *err)
{
	*missing = 0;
	for (size_t i = 0; i < b->n; i++) {
		if (o->progress)
			o->progress(o->arg, i, b->n, b->v[i].key);
		*missing += !b->v[i].subs;
		if (align_job(&b->v[i], o, out, st, err))
			return -1;
	}
	return 0;
}
