/*
 * tests/fuzz_tmp.h — a fuzz target's scratch directory: a fresh
 * /tmp/xp-fuzz-NAME-XXXXXX, removed with everything in it when the process
 * ends (libFuzzer and the replay driver both leave through exit), and the
 * bytes the target kept beside it (a store's image) freed then, so that
 * valgrind sees no leak.  Test code only.
 */
#ifndef XP_FUZZ_TMP_H
#define XP_FUZZ_TMP_H

#include <stdio.h>
#include <stdlib.h>

static char *fuzz_tmp_path;     /* the caller's buffer */
static char **fuzz_tmp_image;   /* the caller's pointer, or NULL */

static inline void fuzz_tmp_cleanup(void)
{
	char cmd[128];
	if (fuzz_tmp_image)
		free(*fuzz_tmp_image);
	snprintf(cmd, sizeof cmd, "rm -rf %s", fuzz_tmp_path);
	if (system(cmd))
		return;
}

/* Make dir (n bytes, 64 are plenty) the scratch directory; *image, if image
 * is not NULL, is freed at exit.  0, or -1 (errno says why).  Once only:
 * there is one cleanup. */
static inline int fuzz_tmp_dir(char *dir, size_t n, const char *name, char **image)
{
	snprintf(dir, n, "/tmp/xp-fuzz-%s-XXXXXX", name);
	if (!mkdtemp(dir))
		return -1;
	fuzz_tmp_path = dir;
	fuzz_tmp_image = image;
	atexit(fuzz_tmp_cleanup);
	return 0;
}

#endif
