/* base/outdir.c — see outdir.h. */
#define _POSIX_C_SOURCE 200809L
#include "outdir.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p: each missing component of d->dir (which it edits in place). */
static int make_dirs(char *p)
{
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s)
			continue;
		char c = *s;
		*s = 0;
		int rc = mkdir(p, 0777) && errno != EEXIST;
		*s = c;
		if (rc || !c)
			return rc;
	}
}

int xp_outdir_open(const char *dir, xp_outdir *d, xp_err *err)
{
	memset(d, 0, sizeof *d);
	size_t n = strlen(dir) + 32;
	d->dir = strdup(dir);
	d->stage = malloc(n);
	if (!d->dir || !d->stage) {
		xp_outdir_abort(d);
		return xp_fail(err, dir, 0, "out of memory");
	}
	if (!*dir || make_dirs(d->dir)) {
		xp_fail(err, dir, 0, "cannot create the output directory: %s", *dir ? strerror(errno) : "empty name");
		free(d->stage), d->stage = NULL;
		xp_outdir_abort(d);
		return -1;
	}
	snprintf(d->stage, n, "%s/.xproj-XXXXXX", dir);
	if (!mkdtemp(d->stage)) {
		xp_fail(err, dir, 0, "cannot write in the output directory: %s", strerror(errno));
		free(d->stage), d->stage = NULL;
		xp_outdir_abort(d);
		return -1;
	}
	return 0;
}

const char *xp_outdir_staged(xp_outdir *d, const char *name)
{
	snprintf(d->path, sizeof d->path, "%s/%s", d->stage, name);
	return d->path;
}

const char *xp_outdir_final(xp_outdir *d, const char *name)
{
	snprintf(d->path, sizeof d->path, "%s/%s", d->dir, name);
	return d->path;
}

/* Each staged file, renamed (commit) or removed (abort; and on commit,
 * every file after the first failed rename); that failure's errno, or 0. */
static int each_staged(xp_outdir *d, int keep)
{
	DIR *dp = opendir(d->stage);
	if (!dp)
		return errno;
	int rc = 0;
	char from[4096];
	for (struct dirent *de; (de = readdir(dp));) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(from, sizeof from, "%s/%s", d->stage, de->d_name);
		if (keep && !rc && rename(from, xp_outdir_final(d, de->d_name)))
			rc = errno;
		else if (!keep || rc)
			unlink(from);
	}
	closedir(dp);
	return rc;
}

int xp_outdir_commit(xp_outdir *d, xp_err *err)
{
	int rc = each_staged(d, 1);
	if (rc)
		xp_fail(err, d->dir, 0, "cannot move the outputs into place: %s", strerror(rc));
	xp_outdir_abort(d);
	return rc ? -1 : 0;
}

void xp_outdir_abort(xp_outdir *d)
{
	if (d->stage) {
		each_staged(d, 0);
		rmdir(d->stage);
	}
	free(d->stage);
	free(d->dir);
	memset(d, 0, sizeof *d);
}
