/*
 * tests/sample_store.h — the bundled sample (tools/sample: 92 mentions, 85
 * projected through the hand word alignments) as a correction store in
 * dir/corrections.db, made by the pipeline; for the workbench's tests, fuzz
 * target and benchmark.  Test code only.
 *
 * The sample is found wherever the program was started: in $XPROJ_SRC,
 * the current directory, or a directory above the executable (build/tests/,
 * build/fuzz/, build/san/tests/ are two or three levels below the
 * repository).  fuzz_api, started
 * elsewhere, used to find nothing and fuzz an empty server without a word.
 */
#ifndef XP_SAMPLE_STORE_H
#define XP_SAMPLE_STORE_H

#include "pipeline/pipeline.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The directory holding tools/sample/ into root (PATH_MAX bytes), or -1. */
static inline int sample_root(char *root)
{
	const char *env = getenv("XPROJ_SRC");
	char probe[PATH_MAX + 64];
	if (env && *env) {
		snprintf(root, PATH_MAX, "%s", env);
	} else {
		snprintf(root, PATH_MAX, ".");
		snprintf(probe, sizeof probe, "%s/tools/sample/dialogue.conll", root);
		if (access(probe, R_OK) == 0)
			return 0;
		ssize_t n = readlink("/proc/self/exe", root, PATH_MAX - 1);
		if (n <= 0)
			return -1;
		root[n] = '\0';
	}
	for (int up = 0; up < 6; up++) {
		snprintf(probe, sizeof probe, "%s/tools/sample/dialogue.conll", root);
		if (access(probe, R_OK) == 0)
			return 0;
		char *slash = strrchr(root, '/');
		if (env || !slash || slash == root)
			return -1;
		*slash = '\0';
	}
	return -1;
}

static inline int sample_store(const char *dir, xp_err *e)
{
	char root[PATH_MAX], src[PATH_MAX + 64], subs[PATH_MAX + 64], tgt[PATH_MAX + 64], al[PATH_MAX + 64];
	if (sample_root(root))
		return xp_failc(e, XP_ENOTFOUND, "tools/sample/dialogue.conll", 0,
				"not found here, above the executable or in $XPROJ_SRC (the repository's root)");
	snprintf(src, sizeof src, "%s/tools/sample/dialogue.conll", root);
	snprintf(subs, sizeof subs, "%s/tools/sample/en.srt", root);
	snprintf(tgt, sizeof tgt, "%s/tools/sample/zh.srt", root);
	snprintf(al, sizeof al, "%s/tools/sample/zh.pharaoh", root);
	xp_pipe_opts o;
	xp_pipe_result r;
	xp_pipe_defaults(&o);
	o.source = src;
	o.subs = subs;
	o.tgt_subs = tgt;
	o.align.tgt_lang = "zh";
	o.alignments = al;
	o.outdir = dir;
	return xp_pipeline(&o, &r, e);
}

#endif
