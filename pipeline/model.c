/*
 * pipeline/model.c — a word aligner's model file as a run records it, so
 * that the workbench can align a re-paired utterance with the very model
 * the run was aligned with (serve/reproject.c).  The size and a hash of
 * its bytes are kept with its path: a file replaced since is refused
 * rather than used as if it were the run's.
 */
#define _POSIX_C_SOURCE 200809L
#include "pipeline.h"
#include "../base/file.h"
#include "../base/text.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int xp_pipe_model_file(const char *path, char **abs, int64_t *size, uint64_t *hash, xp_wa_model **m, xp_err *err)
{
	char *buf = NULL;
	size_t len = 0;
	xp_wa_model *model = NULL;
	*abs = NULL;
	if (m)
		*m = NULL;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc)
		return rc;
	rc = xp_wa_model_parse(path, buf, len, &model, err);
	if (rc == 0) {
		*size = (int64_t)len;
		*hash = xp_hash(buf, len);
		if (!(*abs = realpath(path, NULL)))
			rc = xp_failc(err, XP_EIO, path, 0, "cannot resolve its absolute path");
	}
	free(buf);
	if (rc == 0 && m)
		*m = model;
	else
		xp_wa_model_free(model);
	return rc;
}
