/* io/archive.c — directories and zip archives as sets of files; see archive.h. */
#define _POSIX_C_SOURCE 200809L
#include "archive.h"
#include "opus.h"
#include "../base/file.h"
#include "../base/mem.h"
#include "../base/stream.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zip.h>

void xp_files_close(xp_files *f)
{
	if (f->zip)
		zip_discard(f->zip);
	for (size_t i = 0; i < f->n; i++)
		free(f->names[i]);
	free(f->names);
	free(f->by_file);
	free(f->entry);
	free(f->path);
	memset(f, 0, sizeof *f);
}

static int add_name(xp_files *f, size_t *cap, const char *s, size_t n)
{
	char *c;
	if (xp_grow(&f->names, cap, f->n + 1, sizeof *f->names) || !(c = strndup(s, n)))
		return -1;
	f->names[f->n++] = c;
	return 0;
}

/* the file name of a member, ".gz" off: [*b, end) */
static size_t file_name(const char *s, size_t *b)
{
	size_t e = strlen(s);
	if (e >= 3 && !strcmp(s + e - 3, ".gz"))
		e -= 3;
	size_t k = e;
	while (k > 0 && s[k - 1] != '/')
		k--;
	*b = k;
	return e;
}

static int cmp_file(const char *x, const char *y)
{
	size_t xb, yb, xe = file_name(x, &xb), ye = file_name(y, &yb);
	size_t xn = xe - xb, yn = ye - yb;
	int c = memcmp(x + xb, y + yb, xn < yn ? xn : yn);
	return c ? c : xn < yn ? -1 : xn > yn;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* by_file's order: file name, then position (the names are sorted) */
typedef struct byfile {
	const xp_files *f;
	size_t i;
} byfile;

static int cmp_byfile(const void *a, const void *b)
{
	const byfile *x = a, *y = b;
	int c = cmp_file(x->f->names[x->i], y->f->names[y->i]);
	return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* names sorted for a directory (readdir's order is arbitrary); an
 * archive's stay in entry order, as f->entry says where they are */
static int index_names(xp_files *f, xp_err *err)
{
	if (!f->zip && f->n)   /* an empty directory: names is NULL, and qsort(NULL, 0) is undefined */
		qsort(f->names, f->n, sizeof *f->names, cmp_str);
	byfile *v = malloc((f->n + 1) * sizeof *v);
	f->by_file = malloc((f->n + 1) * sizeof *f->by_file);
	if (!v || !f->by_file) {
		free(v);
		return xp_failc(err, XP_ENOMEM, f->path, 0, "out of memory");
	}
	for (size_t i = 0; i < f->n; i++)
		v[i] = (byfile){f, i};
	qsort(v, f->n, sizeof *v, cmp_byfile);
	for (size_t i = 0; i < f->n; i++)
		f->by_file[i] = v[i].i;
	free(v);
	return 0;
}

static int zip_names(xp_files *f, xp_err *err)
{
	zip_int64_t n = zip_get_num_entries(f->zip, 0);
	size_t cap = 0, ecap = 0;
	for (zip_int64_t i = 0; i < n; i++) {
		const char *nm = zip_get_name(f->zip, (zip_uint64_t)i, ZIP_FL_ENC_GUESS);
		size_t k = nm ? strlen(nm) : 0;
		if (!k || nm[k - 1] == '/')
			continue;   /* a directory entry, or a name libzip cannot give */
		if (xp_grow(&f->entry, &ecap, f->n + 1, sizeof *f->entry) || add_name(f, &cap, nm, k))
			return xp_failc(err, XP_ENOMEM, f->path, 0, "out of memory");
		f->entry[f->n - 1] = (size_t)i;
	}
	return index_names(f, err);
}

static int zip_failed(const char *path, int code, xp_err *err)
{
	zip_error_t ze;
	zip_error_init_with_code(&ze, code);
	int kind = code == ZIP_ER_MEMORY ? XP_ENOMEM : code == ZIP_ER_NOENT ? XP_ENOTFOUND
		 : code == ZIP_ER_OPEN || code == ZIP_ER_READ ? XP_EIO : XP_EINPUT;
	int rc = xp_failc(err, kind, path, 0, "not a readable zip archive: %s", zip_error_strerror(&ze));
	zip_error_fini(&ze);
	return rc;
}

int xp_files_open_zip_mem(const char *name, const void *buf, size_t len, xp_files *f, xp_err *err)
{
	memset(f, 0, sizeof *f);
	if (!(f->path = strdup(name)))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	zip_error_t ze;
	zip_error_init(&ze);
	zip_source_t *src = zip_source_buffer_create(buf, len, 0, &ze);
	int code = zip_error_code_zip(&ze);
	zip_error_fini(&ze);
	if (!src)
		return zip_failed(name, code, err);
	zip_error_init(&ze);
	f->zip = zip_open_from_source(src, ZIP_RDONLY, &ze);
	int e = zip_error_code_zip(&ze);
	zip_error_fini(&ze);
	if (!f->zip) {
		zip_source_free(src);
		return zip_failed(name, e, err);
	}
	return zip_names(f, err);
}

static int subtitle_name(const char *s)
{
	static const char *const ext[] = {".srt", ".vtt", ".ass", ".ssa", ".xml"};
	for (size_t k = 0; k < sizeof ext / sizeof *ext; k++)
		if (xp_has_ext(s, ext[k]))
			return 1;
	return 0;
}

/* "a/b", or b when a is empty; malloc'd */
static char *join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s%s%s", a, *a ? "/" : "", b);
	return p;
}

/* rel: the directory's name under the root ("" for the root) */
static int walk(xp_files *f, size_t *cap, const char *rel, int depth, xp_err *err)
{
	char *dir = join(f->path, rel);
	DIR *d = dir ? opendir(dir) : NULL;
	if (!d) {
		int rc = dir ? xp_failc(err, XP_EIO, dir, 0, "cannot open directory: %s", strerror(errno))
			     : xp_failc(err, XP_ENOMEM, f->path, 0, "out of memory");
		free(dir);
		return rc;
	}
	struct dirent *de;
	int rc = 0;
	while (rc == 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		char *sub = join(rel, de->d_name), *full = sub ? join(f->path, sub) : NULL;
		struct stat st;
		if (!full)
			rc = xp_failc(err, XP_ENOMEM, f->path, 0, "out of memory");
		else if (stat(full, &st))
			;   /* a dangling link */
		else if (S_ISDIR(st.st_mode) && depth < 12)
			rc = walk(f, cap, sub, depth + 1, err);
		else if (S_ISREG(st.st_mode) && subtitle_name(sub) && add_name(f, cap, sub, strlen(sub)))
			rc = xp_failc(err, XP_ENOMEM, f->path, 0, "out of memory");
		free(sub);
		free(full);
	}
	closedir(d);
	free(dir);
	return rc;
}

int xp_is_zip(const char *path)
{
	struct stat st;
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	FILE *fp = fopen(path, "rb");
	char m[4] = {0};
	size_t n = fp ? fread(m, 1, 4, fp) : 0;
	if (fp)
		fclose(fp);
	return n == 4 && m[0] == 'P' && m[1] == 'K' && ((m[2] == 3 && m[3] == 4) || (m[2] == 5 && m[3] == 6));
}

int xp_files_open(const char *path, xp_files *f, xp_err *err)
{
	memset(f, 0, sizeof *f);
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	if (!(f->path = strndup(path, n)))
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	struct stat st;
	if (stat(f->path, &st))
		return xp_failc(err, errno == ENOENT ? XP_ENOTFOUND : XP_EIO, path, 0, "cannot open: %s",
				strerror(errno));
	if (S_ISDIR(st.st_mode)) {
		size_t cap = 0;
		int rc = walk(f, &cap, "", 0, err);
		return rc ? rc : index_names(f, err);
	}
	int code = 0;
	if (!(f->zip = zip_open(f->path, ZIP_RDONLY, &code)))
		return zip_failed(path, code, err);
	return zip_names(f, err);
}

static int components(const char *p)
{
	int n = 1;
	for (; *p; p++)
		n += *p == '/';
	return n;
}

long xp_files_find(const xp_files *f, const char *doc)
{
	/* the first of the members with doc's file name, by binary search */
	size_t lo = 0, hi = f->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cmp_file(f->names[f->by_file[mid]], doc) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	long best = -1;
	int bs = 0, tie = 0, nd = components(doc);
	for (size_t k = lo; k < f->n && !cmp_file(f->names[f->by_file[k]], doc); k++) {
		const char *m = f->names[f->by_file[k]];
		int s = xp_doc_match(m, doc), nm = components(m);
		if (s < (nd < nm ? nd : nm))
			continue;   /* one must end the other: en/1994/1/x.xml is not en/1995/2/x.xml */
		if (s > bs)
			best = (long)f->by_file[k], bs = s, tie = 0;
		else if (s == bs && s)
			tie = 1;
	}
	return tie ? -2 : best;
}

char *xp_files_path(const xp_files *f, size_t i)
{
	size_t n = strlen(f->path) + strlen(f->names[i]) + 2;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s/%s", f->path, f->names[i]);
	return p;
}

/* A member is read through base/stream.c like any file: gzip told by its
 * magic and inflated there (the one place that inflates), and the size
 * limit checked on the bytes as they come out, whether libzip inflated
 * them or zlib did.  A member larger than XP_DOC_MAX is refused rather
 * than read: no subtitle or OPUS document comes near it, a zip bomb does. */
typedef struct member {
	zip_file_t *zf;
	const char *name;
} member;

static long member_read(void *ctx, char *buf, size_t len, xp_err *err)
{
	member *m = ctx;
	zip_int64_t r = zip_fread(m->zf, buf, len);
	if (r < 0)
		return xp_failc(err, XP_EINPUT, m->name, 0, "cannot read the member: %s", zip_file_strerror(m->zf));
	return (long)r;
}

int xp_files_read(const xp_files *f, size_t i, char **buf, size_t *len, xp_err *err)
{
	char *where = xp_files_path(f, i);
	const char *name = where ? where : f->names[i];
	int rc = 0;
	if (!f->zip) {
		rc = xp_read_file_max(name, XP_DOC_MAX, buf, len, err);
		free(where);
		return rc;
	}
	member m = {zip_fopen_index(f->zip, f->entry[i], 0), name};
	xp_stream *s = NULL;
	if (!m.zf)
		rc = xp_failc(err, XP_EINPUT, name, 0, "cannot read the member: %s", zip_strerror(f->zip));
	else if ((rc = xp_stream_open_src(name, member_read, &m, &s, err)) == 0) {
		xp_stream_limit(s, XP_DOC_MAX);
		rc = xp_stream_slurp(s, buf, len, err);
	}
	xp_stream_close(s);
	if (m.zf)
		zip_fclose(m.zf);
	free(where);
	return rc;
}

int xp_read_any(const char *path, char **buf, size_t *len, xp_err *err)
{
	/* the longest prefix ending in ".zip/" that is an archive */
	char *copy = strdup(path);
	if (!copy)
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	for (char *s = copy + strlen(copy); s > copy; s--) {
		if (*s != '/' || s - copy < 4 || strncmp(s - 4, ".zip", 4))
			continue;
		*s = '\0';
		if (!xp_is_zip(copy)) {
			*s = '/';
			continue;
		}
		xp_files f;
		int rc = xp_files_open(copy, &f, err);
		/* the member as named, else its gzipped self ("x.xml" for
		 * "x.xml.gz", as everywhere else ".gz" is not part of a name) */
		long i = -1;
		size_t want = strlen(s + 1);
		for (int gz = 0; gz < 2 && i < 0; gz++)
			for (size_t k = 0; rc == 0 && k < f.n && i < 0; k++)
				if (!strncmp(f.names[k], s + 1, want) && !strcmp(f.names[k] + want, gz ? ".gz" : ""))
					i = (long)k;
		if (rc == 0 && i < 0)
			rc = xp_failc(err, XP_ENOTFOUND, path, 0, "no member %s in %s", s + 1, copy);
		if (rc == 0)
			rc = xp_files_read(&f, (size_t)i, buf, len, err);
		xp_files_close(&f);
		free(copy);
		return rc;
	}
	free(copy);
	return xp_read_file_max(path, XP_DOC_MAX, buf, len, err);
}
