/*
 * tests/data/scorer_cases.c — every row of the reference scorer's own test
 * expectations (DIR/expected.tsv: case, key, response, metric, recall,
 * precision, F1) must hold at the scorer's tolerance: the summed absolute
 * difference of R, P and F1 below 1e-4.  Prints each failure and a
 * "N passed, N failed" line.
 */
#include "eval/score.h"
#include "base/file.h"
#include "io/read.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int load(const char *dir, const char *name, xp_corpus *c)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	xp_err e;
	if (xp_read_corpus(path, XP_FMT_CONLL, NULL, c, &e)) {
		char s[1200];
		xp_err_str(&e, s, sizeof s);
		fprintf(stderr, "%s\n", s);
		return -1;
	}
	return 0;
}

static int check_row(const char *dir, char *line, int *pass)
{
	char *f[7];
	int n = 0;
	for (char *t = strtok(line, "\t"); t && n < 7; t = strtok(NULL, "\t"))
		f[n++] = t;
	if (n != 7)
		return -1;
	unsigned mask = xp_metric_mask(f[3]);
	xp_corpus key = {0}, resp = {0};
	xp_scores s;
	xp_err e;
	int ok = 0;
	if (mask && !load(dir, f[1], &key) && !load(dir, f[2], &resp) &&
	    !xp_score_corpus(&key, &resp, mask, &s, NULL, NULL, &e)) {
		double r, p, fs;
		xp_prf(&s, (xp_metric)__builtin_ctz(mask), &r, &p, &fs);
		double d = fabs(r - atof(f[4])) + fabs(p - atof(f[5])) + fabs(fs - atof(f[6]));
		ok = d < 1e-4;
		if (!ok)
			printf("FAIL %s %s: got R %.6f P %.6f F %.6f, want %s %s %s\n", f[0], f[3], r,
			       p, fs, f[4], f[5], f[6]);
	}
	*pass = ok;
	xp_corpus_free(&key);
	xp_corpus_free(&resp);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: scorer_cases DIR\n");
		return 2;
	}
	char path[4096], *buf;
	size_t len;
	xp_err e;
	snprintf(path, sizeof path, "%s/expected.tsv", argv[1]);
	if (xp_read_file(path, &buf, &len, &e)) {
		fprintf(stderr, "%s: %s\n", path, e.msg);
		return 1;
	}
	int passed = 0, failed = 0;
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	while (xp_lines_next(&it, &s, &n)) {
		if (it.lineno == 1 || n == 0)
			continue;
		char *line = strndup(s, n);
		int ok = 0;
		if (check_row(argv[1], line, &ok))
			printf("FAIL line %lu: not 7 columns\n", it.lineno);
		ok ? passed++ : failed++;
		free(line);
	}
	free(buf);
	printf("scorer cases: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
