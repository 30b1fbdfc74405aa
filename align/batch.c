/* align/batch.c — see batch.h. */
#include "batch.h"
#include "../lang/lang.h"
#include "../io/bitext.h"
#include "../base/buf.h"
#include "../lang/script.h"
#include "../base/file.h"
#include "../io/transcript.h"

#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
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

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static const char *const exts[] = {".srt", ".vtt", ".ass", ".ssa", ".xml"};

/* DIR/KEY.ext[.gz], by extension in that order; NULL if none (*oom set
 * when memory ran out).  When another of them is there too (S01E01.srt
 * and S01E01.srt.gz, or .vtt: two versions of the episode's subtitles),
 * *other gets its path (malloc'd) and the caller says so: the first was
 * read and the other never named (an archive's two members of one name
 * are said the same way). */
static char *find(const char *dir, const char *key, int *oom, char **other)
{
	char *found = NULL;
	*other = NULL;
	for (size_t k = 0; k < 2 * sizeof exts / sizeof *exts && !*other; k++) {
		size_t n = strlen(dir) + strlen(key) + 16;
		char *path = malloc(n);
		if (!path) {
			*oom = 1;
			free(found);
			return NULL;
		}
		snprintf(path, n, "%s/%s%s%s", dir, key, exts[k / 2], k % 2 ? ".gz" : "");
		struct stat st;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			*(found ? other : &found) = path;
		else
			free(path);
	}
	return found;
}

static int set_file(xp_doc_ref *r, char *path)
{
	free(r->path);
	*r = (xp_doc_ref){.path = path};
	return 0;
}

static int set_member(xp_doc_ref *r, const xp_files *f, size_t i)
{
	free(r->path);
	*r = (xp_doc_ref){.path = xp_files_path(f, i), .in = f, .at = i};
	return r->path ? 0 : -1;
}

static int note(xp_job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int note(xp_job *j, const char *fmt, ...)
{
	xp_buf b = {0};
	if (j->note)
		xp_buf_printf(&b, "%s; ", j->note);
	va_list ap;
	va_start(ap, fmt);
	char tmp[1024];
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	xp_buf_puts(&b, tmp);
	xp_buf_putc(&b, '\0');
	if (b.oom) {
		xp_buf_free(&b);
		return -1;
	}
	free(j->note);
	j->note = b.p;
	return 0;
}

/* KEY's subtitles in spec (a file, a directory, "t=DIR1,f=DIR2", or the
 * archive in): none leaves r empty. */
static int locate(const char *spec, const xp_files *in, const char *key, char show, xp_job *j, xp_doc_ref *r)
{
	if (in) {
		for (size_t k = 0; k < sizeof exts / sizeof *exts; k++) {
			char name[300];
			snprintf(name, sizeof name, "%s%s", key, exts[k]);
			long i = xp_files_find(in, name);
			if (i == -2)
				return note(j, "two members of %s are %s", in->path, name);
			if (i >= 0)
				return set_member(r, in, (size_t)i);
		}
		return 0;
	}
	char *dir = dir_for(spec, show);
	int oom = !dir && !is_map(spec);
	if (dir && is_dir(dir)) {
		char *other;
		set_file(r, find(dir, key, &oom, &other));
		if (other && note(j, "two files of %s name %s: %s read, %s not (two versions of its subtitles? "
				  "move one out)", dir, key, r->path, other))
			oom = 1;
		free(other);
	} else if (dir && !is_map(spec))
		set_file(r, strdup(dir)), oom = !r->path;   /* a file for the whole transcript */
	free(dir);
	return oom ? -1 : 0;
}

/* --- documents by IMDb id ------------------------------------------------------------ */

struct xp_imdb_ix {
	struct imdb_doc {
		char id[24];
		size_t i;
	} *v;
	size_t n;
};

static int cmp_imdb(const void *a, const void *b)
{
	const struct imdb_doc *x = a, *y = b;
	int c = strcmp(x->id, y->id);
	return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* The documents of f under an IMDb id's directory, sorted by id, then by
 * position (a directory's names are sorted, an archive's in entry order). */
static xp_imdb_ix *imdb_index(const xp_files *f)
{
	xp_imdb_ix *x = calloc(1, sizeof *x);
	if (!x || !(x->v = malloc((f->n + 1) * sizeof *x->v))) {
		free(x);
		return NULL;
	}
	for (size_t k = 0; k < f->n; k++)
		if (xp_epmap_imdb_of(f->names[k], x->v[x->n].id, sizeof x->v[x->n].id))
			x->v[x->n].i = k, x->n++;
	qsort(x->v, x->n, sizeof *x->v, cmp_imdb);
	return x;
}

static void imdb_free(xp_imdb_ix *x)
{
	if (x)
		free(x->v);
	free(x);
}

/* --- planning ------------------------------------------------------------------------- */

static int add_cand(xp_job *j, size_t i, int tgt)
{
	size_t n = j->ncand_en + j->ncand_tgt;
	for (size_t k = tgt ? j->ncand_en : 0; k < (tgt ? n : j->ncand_en); k++)
		if (j->cand[k] == i)
			return 0;
	size_t *v = realloc(j->cand, (n + 1) * sizeof *v);
	if (!v)
		return -1;
	if (!tgt)
		memmove(v + j->ncand_en + 1, v + j->ncand_en, j->ncand_tgt * sizeof *v);
	v[tgt ? n : j->ncand_en] = i;
	j->cand = v;
	*(tgt ? &j->ncand_tgt : &j->ncand_en) += 1;
	return 0;
}

static int imdb_cands(xp_batch *b, xp_job *j, const char *id, int tgt)
{
	const xp_files *f = tgt ? b->tgt_in : b->en_in;
	xp_imdb_ix **ix = tgt ? &b->tgt_imdb : &b->en_imdb;
	if (!f)
		return 0;
	if (!*ix && !(*ix = imdb_index(f)))
		return -1;
	size_t lo = 0, hi = (*ix)->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp((*ix)->v[mid].id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < (*ix)->n && !strcmp((*ix)->v[k].id, id); k++)
		if (add_cand(j, (*ix)->v[k].i, tgt))
			return -1;
	return 0;
}

/* The documents the map gives episode j->key. */
static int map_cands(xp_batch *b, xp_job *j, const char *mapname)
{
	for (size_t k = 0; k < b->map.n; k++) {
		const xp_epmap_entry *m = &b->map.v[k];
		if (strcmp(m->episode, j->key))
			continue;
		size_t before = j->ncand_en + j->ncand_tgt;
		if (m->imdb) {
			if (imdb_cands(b, j, m->key, 0) || imdb_cands(b, j, m->key, 1))
				return -1;
		} else {
			long i = xp_files_find(b->en_in, m->key), t = b->tgt_in ? xp_files_find(b->tgt_in, m->key) : -1;
			if ((i >= 0 && add_cand(j, (size_t)i, 0)) || (i < 0 && t >= 0 && add_cand(j, (size_t)t, 1)))
				return -1;
			if (i == -2 || (i == -1 && t == -2))
				if (note(j, "%s (%s:%lu) names two files equally well", m->key, mapname, m->line))
					return -1;
		}
		if (j->ncand_en + j->ncand_tgt == before &&
		    note(j, "%s%s (%s:%lu) names no subtitle file", m->imdb ? "IMDb id " : "", m->key, mapname, m->line))
			return -1;
	}
	return 0;
}

static int add_job(xp_batch *b, xp_corpus *c, size_t first, size_t n, const char *key, char show,
		   const xp_plan_src *src, xp_err *err)
{
	if (xp_grow(&b->v, &b->cap, b->n + 1, sizeof *b->v))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	xp_job *j = &b->v[b->n++];
	*j = (xp_job){.transcript = c, .doc_first = first, .ndocs = n, .key = strdup(key), .show = show};
	int rc = !j->key;
	if (!rc && b->has_map)
		rc = map_cands(b, j, src->episodes);
	else if (!rc)
		rc = locate(src->subs, b->en_in, key, show, j, &j->subs) ||
		     (src->tgt && locate(src->tgt, b->tgt_in, key, show, j, &j->tgt));
	return rc ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
}

static int load(xp_batch *b, const char *path, xp_corpus **out, xp_err *err)
{
	xp_corpus *c = calloc(1, sizeof *c);
	if (!c || xp_grow(&b->corpora, &b->cap_corpora, b->ncorpora + 1, sizeof *b->corpora)) {
		free(c);
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	}
	b->corpora[b->ncorpora++] = c;
	*out = c;
	return xp_transcript_read(path, XP_TR_AUTO, c, err);
}

/* The scene number of an MMC id (s07e01c09t: 9; s07e01c100t: 100), or -1 */
static long scene_no(const char *id)
{
	for (const char *p = id; *p; p++) {
		if (!((p[0] == 's' || p[0] == 'S') && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
		      (p[3] == 'e' || p[3] == 'E') && isdigit((unsigned char)p[4]) && isdigit((unsigned char)p[5])))
			continue;
		long n = 0;
		const char *d = p + 7;
		for (; p[6] == 'c' && isdigit((unsigned char)*d) && n < 100000000; d++)
			n = n * 10 + (*d - '0');
		return d - (p + 7) >= 2 ? n : -1;   /* cNN (or more digits), as xp_episode_key finds the episode */
	}
	return -1;
}

/* Document e of c is a scene of the episode of document e - 1 with a
 * lower number: the transcript goes back in the episode.  The utterance
 * aligner is monotone, so one job of both scenes (c09t, then c03t) left
 * the second scene's utterances to the subtitles after the first's: the
 * sample's three scenes in reverse, 15 of 40 utterances aligned, some of
 * them wrongly, exit 0.  A job ends there, and each is aligned against
 * the episode's whole subtitles, as a scene alone is (the scenes in order
 * are one job, as before). */
static int goes_back(const xp_corpus *c, size_t e)
{
	char k1[16], k2[16], s1, s2;
	long a = scene_no(c->docs[e - 1].id), b = scene_no(c->docs[e].id);
	return a >= 0 && b >= 0 && b < a && xp_episode_key(c->docs[e - 1].id, k1, sizeof k1, &s1) &&
	       xp_episode_key(c->docs[e].id, k2, sizeof k2, &s2) && !strcmp(k1, k2) && s1 == s2;
}

/* by_stem: the whole file is one episode, its subtitles named like it */
static int plan(xp_batch *b, xp_corpus *c, const char *tpath, const xp_plan_src *src, int by_stem, xp_err *err)
{
	char stem[256];
	xp_file_stem(tpath, stem, sizeof stem);
	int many = is_dir(src->subs) || is_map(src->subs) || b->en_in;
	char key[16], show, k2[16], s2;
	if (!many || by_stem || (b->has_map && c->ndocs && !xp_episode_key(c->docs[0].id, key, sizeof key, &show))) {
		if (!c->ndocs)
			return add_job(b, c, 0, 0, stem, 0, src, err);
		for (size_t d = 0, e; d < c->ndocs; d = e) {
			for (e = d + 1; e < c->ndocs && !goes_back(c, e);)
				e++;
			if (add_job(b, c, d, e - d, stem, 0, src, err))
				return -1;
			b->v[b->n - 1].again = d > 0;
		}
		return 0;
	}
	for (size_t d = 0; d < c->ndocs;) {
		if (!xp_episode_key(c->docs[d].id, key, sizeof key, &show))
			return xp_failc(err, XP_EINPUT, tpath, 0, "document %s names no episode (want sNNeNN)",
					c->docs[d].id);
		size_t e = d + 1;
		while (e < c->ndocs && xp_episode_key(c->docs[e].id, k2, sizeof k2, &s2) && !strcmp(k2, key) &&
		       s2 == show && !goes_back(c, e))
			e++;
		if (add_job(b, c, d, e - d, key, show, src, err))
			return -1;
		b->v[b->n - 1].again = d > 0 && goes_back(c, d);
		d = e;
	}
	return 0;
}

static int one_file(xp_batch *b, const char *tpath, const xp_plan_src *src, int by_stem, xp_err *err)
{
	xp_corpus *c = NULL;
	return load(b, tpath, &c, err) ? -1 : plan(b, c, tpath, src, by_stem, err);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory of transcripts: file by file, each with the subtitle file of
 * its name (or, with an episode map, with its episodes' documents). */
static int plan_dir(xp_batch *b, const char *transcript, const xp_plan_src *src, xp_err *err)
{
	if (!is_dir(src->subs) && !b->has_map)
		return xp_failc(err, XP_EUSAGE, src->subs, 0, "a transcript directory needs a subtitle directory");
	DIR *d = opendir(transcript);
	if (!d)
		return xp_failc(err, XP_EIO, transcript, 0, "cannot open directory");
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	int rc = 0;
	while ((de = readdir(d)) && rc == 0)
		if (de->d_name[0] != '.' &&
		    (xp_grow(&names, &cap, n + 1, sizeof *names) || !(names[n++] = strdup(de->d_name))))
			rc = xp_failc(err, XP_ENOMEM, transcript, 0, "out of memory");
	closedir(d);
	if (rc == 0 && n)   /* an empty directory: names is NULL, and qsort(NULL, 0) is undefined */
		qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n && rc == 0; i++) {
		char path[4096], stem[256];
		snprintf(path, sizeof path, "%s/%s", transcript, names[i]);
		xp_file_stem(path, stem, sizeof stem);
		int oom = 0;
		char *other = NULL;
		char *have = b->has_map ? NULL : find(src->subs, stem, &oom, &other);
		free(other);   /* (said where the episode's subtitles are read: locate) */
		if (b->has_map) {
			rc = one_file(b, path, src, 0, err);
		} else if (have) {
			free(have);
			rc = one_file(b, path, src, 1, err);
		} else if (oom || xp_grow(&b->skipped, &b->cap_skipped, b->nskipped + 1, sizeof *b->skipped) ||
			   !(b->skipped[b->nskipped++] = strdup(names[i]))) {
			rc = xp_failc(err, XP_ENOMEM, transcript, 0, "out of memory");
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* --- before and after planning: the sources, the map, the links --------------------------- */

static int open_files(const char *spec, int map, xp_files **out, xp_err *err)
{
	if (!spec || is_map(spec) || !(xp_is_zip(spec) || (map && is_dir(spec))))
		return map && spec ? xp_failc(err, XP_EUSAGE, spec, 0,
					      "with an episode map, subtitles are a directory or a zip archive")
				   : 0;
	xp_files *f = calloc(1, sizeof *f);
	if (!f)
		return xp_failc(err, XP_ENOMEM, spec, 0, "out of memory");
	*out = f;
	return xp_files_open(spec, f, err);
}

static int prepare(xp_batch *b, const xp_plan_src *src, xp_err *err)
{
	if (src->episodes) {
		if (xp_epmap_read(src->episodes, &b->map, err))
			return -1;
		b->has_map = 1;
	}
	return open_files(src->subs, b->has_map, &b->en_in, err) ||
	       open_files(src->tgt, b->has_map && src->tgt, &b->tgt_in, err) ? -1 : 0;
}

/* Only the groups from the plan's English documents keep their links:
 * an OPUS file holds every film's. */
typedef struct wanted {
	char **names;    /* file names without ".gz", sorted */
	size_t n;
} wanted;

static char *file_name(const char *path)
{
	const char *s = strrchr(path, '/');
	s = s ? s + 1 : path;
	size_t n = strlen(s);
	if (n > 3 && !strcmp(s + n - 3, ".gz"))
		n -= 3;
	return strndup(s, n);
}

static int want_group(void *arg, const char *from, const char *to)
{
	(void)to;
	const wanted *w = arg;
	char *f = file_name(from);
	int hit = !f || (w->n && bsearch(&f, w->names, w->n, sizeof *w->names, cmp_str));   /* (names NULL when none) */
	free(f);
	return hit;
}

static int read_links(xp_batch *b, const char *path, xp_err *err)
{
	wanted w = {0};
	size_t cap = 0;
	int rc = 0;
	for (size_t i = 0; i < b->n && rc == 0; i++) {
		const xp_job *j = &b->v[i];
		for (size_t k = 0; k <= j->ncand_en && rc == 0; k++) {
			const char *p = k < j->ncand_en ? b->en_in->names[j->cand[k]] : j->subs.path;
			char *f = p ? file_name(p) : NULL;
			if (p && (!f || xp_grow(&w.names, &cap, w.n + 1, sizeof *w.names)))
				rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
			if (f && rc == 0)
				w.names[w.n++] = f;
			else
				free(f);
		}
	}
	if (rc == 0) {
		if (w.n)   /* none: w.names is NULL, and qsort(NULL, 0) is undefined */
			qsort(w.names, w.n, sizeof *w.names, cmp_str);
		rc = xp_xces_read(path, want_group, &w, &b->links, err);
		b->has_links = rc == 0;
	}
	for (size_t i = 0; i < w.n; i++)
		free(w.names[i]);
	free(w.names);
	return rc;
}

/* An episode's documents from its map candidates: the English document
 * with the largest group in the links (else the first by name), and the
 * target its group names, or the first candidate. */
static int choose(xp_batch *b, xp_job *j, const xp_plan_src *src, xp_err *err)
{
	const xp_xgroup *best = NULL;
	size_t pick = 0;
	for (size_t k = 0; b->has_links && k < j->ncand_en; k++) {
		const xp_xgroup *g;
		xp_err ignore;
		if (xp_xces_find(&b->links, b->en_in->names[j->cand[k]], NULL, &g, &ignore) == 0 &&
		    (!best || g->n > best->n))
			best = g, pick = k;
	}
	if (j->ncand_en && set_member(&j->subs, b->en_in, j->cand[pick]))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (j->ncand_en > 1 && note(j, "%zu English documents, took %s", j->ncand_en, b->en_in->names[j->cand[pick]]))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	/* a target the map names, when the links have a group for it */
	for (size_t k = j->ncand_en; b->has_links && j->subs.path && k < j->ncand_en + j->ncand_tgt; k++) {
		const xp_xgroup *g;
		xp_err ignore;
		if (xp_xces_find(&b->links, j->subs.path, b->tgt_in->names[j->cand[k]], &g, &ignore) == 0) {
			j->links = g;
			return set_member(&j->tgt, b->tgt_in, j->cand[k]) ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory")
									   : 0;
		}
	}
	if (!b->has_links && j->ncand_tgt) {
		if (set_member(&j->tgt, b->tgt_in, j->cand[j->ncand_en]) ||
		    (j->ncand_tgt > 1 &&
		     note(j, "%zu target documents, took %s", j->ncand_tgt, b->tgt_in->names[j->cand[j->ncand_en]])))
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	(void)src;
	return 0;
}

/* The episode's XCES group: of its English and target files when both are
 * known (none is an error: their links would be another episode's), else
 * the English document's, whose toDoc then names the target in tgt_in. */
static int group_of(xp_batch *b, xp_job *j, const xp_plan_src *src, xp_err *err)
{
	if (!b->has_links || !j->subs.path || j->links)
		return 0;
	if (j->tgt.path)
		return xp_xces_find(&b->links, j->subs.path, j->tgt.path, &j->links, err);
	if (!src->tgt)
		return 0;
	const xp_xgroup *g;
	xp_err why;
	if (xp_xces_find(&b->links, j->subs.path, NULL, &g, &why))
		return note(j, "no target: %s", why.msg) ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
	long t = b->tgt_in ? xp_files_find(b->tgt_in, g->to) : -1;
	if (t < 0)
		return note(j, "no target: %s (toDoc of the <linkGrp> at %s:%u) is not in %s", g->to, b->links.name,
			    g->line, src->tgt)
			       ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory")
			       : 0;
	j->links = g;
	return set_member(&j->tgt, b->tgt_in, (size_t)t) ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
}

/* A subtitle file that can be read once (xp_doc_ref mem): standard input,
 * a pipe, a FIFO, a character device; read here, once for every job that
 * names it.  A regular file, a directory's or an archive's are read when
 * needed, as before. */
static int hold(xp_batch *b, xp_doc_ref *r, xp_err *err)
{
	struct stat st;
	if (!r->path || r->in || r->mem ||
	    (strcmp(r->path, "-") && (stat(r->path, &st) || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))))
		return 0;
	for (size_t k = 0; k < b->nheld; k++)
		if (!strcmp(b->held[k].path, r->path)) {
			r->mem = b->held[k].buf, r->mlen = b->held[k].len;
			return 0;
		}
	struct xp_held *h = realloc(b->held, (b->nheld + 1) * sizeof *h);
	if (!h)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	b->held = h;
	h = &b->held[b->nheld];
	if (!(h->path = strdup(r->path)))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (xp_read_any(r->path, &h->buf, &h->len, err)) {
		free(h->path);
		return -1;
	}
	b->nheld++;
	r->mem = h->buf, r->mlen = h->len;
	return 0;
}

static int finish(xp_batch *b, const xp_plan_src *src, xp_err *err)
{
	if (src->links && read_links(b, src->links, err))
		return -1;
	for (size_t i = 0; i < b->n; i++) {
		xp_job *j = &b->v[i];
		if ((b->has_map && choose(b, j, src, err)) || group_of(b, j, src, err) || hold(b, &j->subs, err) ||
		    hold(b, &j->tgt, err))
			return -1;
		free(j->cand);
		j->cand = NULL, j->ncand_en = j->ncand_tgt = 0;
	}
	/* An episode's scenes with another's between them (1, 2, 1) are two
	 * jobs of it, as scenes going back are (plan): its subtitles were read,
	 * counted and paired for the aligner once per job, and the removed
	 * song markers and cues of one file said twice. */
	for (size_t i = 0; i < b->n; i++)
		if (xp_batch_first_job(b, i) != i)
			b->v[i].again = 1;
	return 0;
}

size_t xp_batch_first_job(const xp_batch *b, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (b->v[k].show == b->v[i].show && !strcmp(b->v[k].key, b->v[i].key))
			return k;
	return i;
}

int xp_batch_plan_corpus(xp_corpus *c, const char *name, const xp_plan_src *src, xp_batch *b, xp_err *err)
{
	return prepare(b, src, err) || plan(b, c, name, src, 0, err) || finish(b, src, err) ? -1 : 0;
}

int xp_batch_plan(const char *transcript, const xp_plan_src *src, xp_batch *b, xp_err *err)
{
	if (prepare(b, src, err))
		return -1;
	int rc = is_dir(transcript) ? plan_dir(b, transcript, src, err) : one_file(b, transcript, src, 0, err);
	return rc || finish(b, src, err) ? -1 : 0;
}

void xp_batch_free(xp_batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		xp_job *j = &b->v[i];
		free(j->key), free(j->subs.path), free(j->tgt.path), free(j->note), free(j->cand);
	}
	for (size_t i = 0; i < b->ncorpora; i++) {
		xp_corpus_free(b->corpora[i]);
		free(b->corpora[i]);
	}
	for (size_t i = 0; i < b->nskipped; i++)
		free(b->skipped[i]);
	if (b->en_in)
		xp_files_close(b->en_in);
	if (b->tgt_in)
		xp_files_close(b->tgt_in);
	free(b->en_in), free(b->tgt_in);
	imdb_free(b->en_imdb), imdb_free(b->tgt_imdb);
	xp_epmap_free(&b->map);
	xp_xces_free(&b->links);
	free(b->skipped);
	free(b->v);
	free(b->corpora);
	for (size_t i = 0; i < b->nheld; i++)
		free(b->held[i].path), free(b->held[i].buf);
	free(b->held);
	memset(b, 0, sizeof *b);
}

int xp_doc_read(const xp_doc_ref *d, const xp_subs_opts *o0, xp_subs *s, xp_err *err)
{
	/* the translators' notes the packs know (io/asides.h: the reader is below them) */
	xp_subs_opts ro = o0 ? *o0 : (xp_subs_opts){0};
	if (!ro.notes)
		ro.notes = xp_lang_note_markers();
	const xp_subs_opts *o = &ro;
	if (d->mem)
		return xp_units_read_mem(d->path, d->mem, d->mlen, o, s, err);
	if (!d->in)
		return xp_units_read(d->path, o, s, err);
	char *buf;
	size_t len;
	int rc = xp_files_read(d->in, d->at, &buf, &len, err);
	if (rc == 0) {
		rc = xp_units_read_mem(d->path, buf, len, o, s, err);
		free(buf);
	}
	return rc;
}

/* --- aligning a plan ------------------------------------------------------------- */

void xp_batch_opts_default(xp_batch_opts *o)
{
	memset(o, 0, sizeof *o);
	o->tgt_lang = NULL;   /* guessed from the target's script, never assumed */
	o->unspaced_tokens = XP_TOK_CHARS;
	xp_ualign_defaults(&o->ua);
}

static int read_doc(const xp_doc_ref *d, const xp_subs_opts *ro, const xp_batch_opts *o, xp_subs *s,
		    xp_align_stats *st, int again, xp_err *e)
{
	int rc = xp_doc_read(d, ro, s, e);
	if (rc == 0 && !again) {
		st->files++;
		st->converted += s->charset.how != XP_CS_UTF8 && s->charset.how != XP_CS_DECLARED &&
				 strcmp(s->charset.name, "UTF-8");
		xp_asides_add(&st->removed, &s->removed);
		if (o->read)
			o->read(o->arg, d->path, s);
	}
	return rc;
}

/* One side's text as bitext tokens; the number of tokens, or -1 on OOM. */
static long put_side(xp_buf *out, const char *text, size_t n, xp_tok_mode mode, const char *lang)
{
	xp_tok *t = NULL;
	uint32_t nt = 0;
	size_t cap = 0;
	if (xp_tokenize(text, n, mode, lang, &t, &nt, &cap))
		return free(t), -1;
	for (uint32_t i = 0; i < nt; i++) {
		if (i)
			xp_buf_putc(out, ' ');
		xp_bitext_put_token(out, text + t[i].off, t[i].len);
	}
	free(t);
	return nt;
}

/* One pair, unless a side has no token. */
static int put_pair(const xp_batch_opts *o, const char *en, const char *tgt, size_t ntgt, const char *lang)
{
	xp_buf *b = o->pairs;
	size_t mark = b->n;
	int unspaced = xp_lang_has(xp_lang_find(lang), XP_LT_UNSPACED);
	long ne = put_side(b, en, strlen(en), XP_TOK_WORDS, "en");
	xp_buf_puts(b, " ||| ");
	long nt = ne > 0 ? put_side(b, tgt, ntgt, unspaced ? o->unspaced_tokens : XP_TOK_WORDS, lang) : 0;
	if (ne < 0 || nt < 0 || b->oom)
		return -1;
	if (!ne || !nt) {
		b->n = mark;   /* nothing to learn from */
		return 0;
	}
	xp_buf_putc(b, '\n');
	return 0;
}

/* Every bilingual pair of an episode's subtitles (see xp_batch_opts.pairs). */
static int episode_pairs(const xp_batch_opts *o, const xp_subs *en, const xp_subs *tg, const char *lang)
{
	if (!tg) {
		for (size_t k = 0; k < en->n; k++)
			if (en->v[k].text && en->v[k].tgt &&
			    put_pair(o, en->v[k].text, en->v[k].tgt, strlen(en->v[k].tgt), lang))
				return -1;
		return 0;
	}
	/* each target unit to the English block it overlaps most in time,
	 * unless spread over many blocks, none holding a quarter of it (as
	 * the aligned corpus, episode.c) */
	size_t *best = malloc((tg->n + 1) * sizeof *best);
	if (!best)
		return -1;
	for (size_t u = 0; u < tg->n; u++) {
		int64_t most = 0, all = 0;
		best[u] = SIZE_MAX;
		for (size_t k = 0; k < en->n; k++) {
			int64_t a = en->v[k].start > tg->v[u].start ? en->v[k].start : tg->v[u].start;
			int64_t b = en->v[k].end < tg->v[u].end ? en->v[k].end : tg->v[u].end;
			all += b > a ? b - a : 0;
			if (b - a > most)
				most = b - a, best[u] = k;
		}
		if (most * XP_SPREAD_SHARE < all)
			best[u] = SIZE_MAX;
	}
	xp_buf t = {0};
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < en->n; k++) {
		t.n = 0;
		for (size_t u = 0; u < tg->n; u++)
			if (best[u] == k && tg->v[u].text) {
				if (t.n)
					xp_buf_putc(&t, ' ');
				xp_buf_puts(&t, tg->v[u].text);
			}
		rc = t.oom ? -1 : t.n && en->v[k].text ? put_pair(o, en->v[k].text, t.p, t.n, lang) : 0;
	}
	xp_buf_free(&t);
	free(best);
	return rc;
}

static int align_job(const xp_job *j, const xp_batch_opts *o, xp_aligned *out, xp_align_stats *st,
		     xp_err *e)
{
	xp_subs en = {0}, tg = {0};
	int rc = (j->subs.path && read_doc(&j->subs, &o->en_read, o, &en, st, j->again, e)) ||
		 (j->tgt.path && read_doc(&j->tgt, &o->tgt_read, o, &tg, st, j->again, e));
	const char *lang = o->tgt_lang;
	st->tgt_lang = lang;
	if (!rc) {
		xp_episode ep = {j->transcript, j->doc_first, j->ndocs, j->subs.path ? &en : NULL,
				 j->tgt.path ? &tg : NULL, j->tgt.path ? j->links : NULL, lang, o->unspaced_tokens, o->ua};
		size_t spread = st->spread;
		rc = xp_episode_align(&ep, out, st, e);
		if (!spread && st->spread)
			snprintf(st->spread_file, sizeof st->spread_file, "%s", j->tgt.path);
		if (!rc && o->pairs && j->subs.path && !ep.links && !j->again &&
		    episode_pairs(o, &en, j->tgt.path ? &tg : NULL, lang))
			rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory collecting the episodes' pairs");
	}
	xp_subs_free(&en);
	xp_subs_free(&tg);
	return rc;
}

/* The target's script names no language (Latin: German, French, English
 * subtitles given as the target by mistake): said naming the file and the
 * codes whose packs write that script, so that a user who never read
 * lang/ knows what to type.  Any other code is taken too, with the
 * language-independent rules. */
static int no_lang(const xp_batch *b, const char *script, xp_err *e)
{
	const char *file = "";
	for (size_t i = 0; i < b->n && !file[0]; i++)
		file = b->v[i].tgt.path ? b->v[i].tgt.path : b->v[i].subs.path ? b->v[i].subs.path : "";
	char codes[256] = "";
	size_t n, k = 0, used = 0;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t i = 0; i < n; i++) {
		const xp_lang_pack *p = all[i];
		if (!p->code[0] || (p->traits & XP_LT_SOURCE) || !p->script || strcmp(p->script, script))
			continue;
		int w = snprintf(codes + used, sizeof codes - used, "%s%s", k++ ? ", " : "", p->code);
		if (w < 0 || (size_t)w >= sizeof codes - used)
			break;
		used += (size_t)w;
	}
	if (k)
		return xp_failc(e, XP_EUSAGE, file, 0,
				"the target text is in %s script, which names no language: say which with --tgt-lang "
				"CODE (ISO 639-1; %s have rule packs, any other code gets the language-independent "
				"rules: docs/languages.md)", script, codes);
	return xp_failc(e, XP_EUSAGE, file, 0,
			"the target text is in %s script, which names no language: say which with --tgt-lang "
			"CODE (ISO 639-1; no rule pack is written in %s, so any code gets the language-independent "
			"rules: docs/languages.md)", script, script);
}

/* Without --tgt-lang, the target language is guessed once, from the target
 * text of every episode (a separate file's units, or a bilingual file's
 * other lines), before any is aligned.  Guessing per episode gave each its
 * own tokenisation and, reported from the last episode, "unknown" whenever
 * that one had no subtitles.  The files are read again by the alignment:
 * reading is a small part of it, and keeping every episode's subtitles in
 * memory would not be.  Letters in a script that names no language are an
 * error (the caller must say the language); no letters at all (no target
 * text) leave the language empty, which nothing then needs. */
static int guess_lang(const xp_batch *b, const xp_batch_opts *o, xp_align_stats *st, xp_err *e)
{
	xp_script_counter c;
	xp_script_guess g;
	memset(&c, 0, sizeof c);
	for (size_t i = 0; i < b->n; i++) {
		const xp_job *j = &b->v[i];
		const xp_doc_ref *d = j->tgt.path ? &j->tgt : j->subs.path ? &j->subs : NULL;
		if (!d)
			continue;
		xp_subs s = {0};
		if (xp_doc_read(d, j->tgt.path ? &o->tgt_read : &o->en_read, &s, e))
			return -1;
		for (size_t k = 0; k < s.n; k++) {
			const char *t = j->tgt.path ? s.v[k].text : s.v[k].tgt;
			if (t)
				xp_script_count(&c, t, strlen(t));
		}
		xp_subs_free(&s);
		st->guessed++;
	}
	xp_script_result(&c, &g);
	st->tgt_lang = g.lang;
	st->script = g.script;
	if (g.letters && !g.lang[0])
		return no_lang(b, g.script, e);
	return 0;
}

/* A --tgt-lang said (not guessed) whose language is not written in the
 * script of the target text aligned (Chinese subtitles given as Farsi)
 * went on with exit 0: the wrong pack's rules, normalisation and name in
 * the aligned corpus, the report and the store, whose runs of a language
 * supersede each other.  Refused as xp_script_fits says. */
static int lang_fits(const xp_batch *b, const char *lang, const xp_aligned *out, size_t n0, xp_err *e)
{
	xp_script_counter c;
	xp_script_guess g;
	memset(&c, 0, sizeof c);
	for (size_t k = n0; k < out->n; k++)
		if (out->v[k].tgt_text)
			xp_script_count(&c, out->v[k].tgt_text, strlen(out->v[k].tgt_text));
	xp_script_result(&c, &g);
	if (xp_script_fits(&g, lang))
		return 0;
	const char *file = "";
	for (size_t i = 0; i < b->n && !file[0]; i++)
		file = b->v[i].tgt.path ? b->v[i].tgt.path : b->v[i].subs.path ? b->v[i].subs.path : "";
	return xp_failc(e, XP_EINPUT, file, 0,
			"the target text is in the %s script%s%s%s, which --tgt-lang %s is not written in (another "
			"language's subtitles, or another code meant?): nothing is written",
			g.script, g.lang[0] ? " (" : "", g.lang, g.lang[0] ? ")" : "", lang);
}

/* Episodes, not jobs: a transcript whose scenes of one episode are not
 * consecutive (MMC dev has three such) makes a job per run of them, which
 * the summaries counted as episodes.  An episode is its key and show
 * (xp_episode_key), or the job's key where the documents name none. */
typedef struct ep_id {
	char id[24];
	int no_subs;
} ep_id;

static int ep_cmp(const void *a, const void *b)
{
	return strcmp(((const ep_id *)a)->id, ((const ep_id *)b)->id);
}

int xp_batch_episodes(const xp_batch *b, size_t *episodes, size_t *no_subs)
{
	*episodes = *no_subs = 0;
	ep_id *v = b->n ? calloc(b->n, sizeof *v) : NULL;
	if (b->n && !v)
		return -1;
	for (size_t i = 0; i < b->n; i++) {
		const xp_job *j = &b->v[i];
		char key[16], show;
		if (j->ndocs && xp_episode_key(j->transcript->docs[j->doc_first].id, key, sizeof key, &show))
			snprintf(v[i].id, sizeof v[i].id, "%s%c", key, show);
		else
			snprintf(v[i].id, sizeof v[i].id, "%s", j->key);
		v[i].no_subs = !j->subs.path;
	}
	if (b->n)   /* v is NULL: qsort(NULL, 0) is undefined */
		qsort(v, b->n, sizeof *v, ep_cmp);
	for (size_t i = 0; i < b->n; i++)
		if (i == 0 || strcmp(v[i].id, v[i - 1].id))
			++*episodes, *no_subs += v[i].no_subs;
	free(v);
	return 0;
}

/* Nothing aligned to the English subtitles: when their text is not in
 * the script English is written in (the target's subtitles given as
 * --subs, the files swapped), that is the cause, and said so rather than
 * "no readable cue".  Asked only when nothing aligned: the subtitles of
 * the first episode that has them are read again. */
static int en_not_english(const xp_batch *b, const xp_batch_opts *o, xp_err *e)
{
	for (size_t i = 0; i < b->n; i++) {
		const xp_job *j = &b->v[i];
		if (!j->subs.path)
			continue;
		xp_subs s = {0};
		xp_err ignored;
		if (xp_doc_read(&j->subs, &o->en_read, &s, &ignored))
			return 0;   /* unreadable: the caller's message says so */
		xp_script_counter c;
		xp_script_guess g;
		memset(&c, 0, sizeof c);
		for (size_t k = 0; k < s.n; k++)
			if (s.v[k].text)
				xp_script_count(&c, s.v[k].text, strlen(s.v[k].text));
		xp_subs_free(&s);
		xp_script_result(&c, &g);
		/* nearly all of 20 letters or more, as xp_script_fits: a song in
		 * another script is not enough */
		if (g.letters < 20 || g.share < 0.8 || xp_script_writes(g.script, "en"))
			return 0;
		return xp_failc(e, XP_EINPUT, j->subs.path, 0,
				"none of the transcript's utterances aligned to these subtitles, which are in %s "
				"script%s%s%s, not English: --subs takes the English subtitles, --tgt-subs the "
				"target's (given the other way round?)",
				g.script, g.lang[0] ? " (" : "", g.lang, g.lang[0] ? ")" : "");
	}
	return 0;
}

int xp_batch_align(const xp_batch *b, const xp_batch_opts *o, xp_aligned *out, xp_align_stats *st,
		   size_t *missing, xp_err *err)
{
	*missing = 0;
	xp_batch_opts guessed;
	if (!(o->tgt_lang && o->tgt_lang[0])) {
		if (guess_lang(b, o, st, err))
			return -1;
		guessed = *o;
		guessed.tgt_lang = st->tgt_lang;
		o = &guessed;
	}
	size_t n0 = out->n, aligned0 = st->aligned;
	for (size_t i = 0; i < b->n; i++) {
		if (o->progress)
			o->progress(o->arg, i, b->n, b->v[i].key);
		*missing += !b->v[i].subs.path;
		if (align_job(&b->v[i], o, out, st, err))
			return -1;
	}
	if (st->aligned == aligned0 && st->utterances && en_not_english(b, o, err))
		return -1;
	return o == &guessed ? 0 : lang_fits(b, o->tgt_lang, out, n0, err);
}
