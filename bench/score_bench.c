/*
 * bench/score_bench.c — how fast the scorer is.
 *
 *   score_bench KEY RESPONSE [RUNS]
 *
 * Prints the time to read both files, the best time over RUNS (default 50)
 * of scoring all metrics, and mentions scored per second (key + response
 * mentions / best scoring time).  Times are this process's CPU time (it is
 * single-threaded), so that other jobs on a shared machine count less; the
 * best of RUNS drops the runs a cache flush or a migration slowed down (at
 * about a millisecond a run, five were too few: the x2/x1 ratio went from
 * 0.9 to 2.3 between three runs under load).
 * Prints figures; never passes or fails.
 */
#include "eval/score.h"
#include "io/read.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static size_t mentions(const xp_corpus *c)
{
	xp_counts n;
	xp_corpus_counts(c, &n);
	return n.mentions;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return fprintf(stderr, "usage: score_bench KEY RESPONSE [RUNS]\n"), 2;
	int runs = argc > 3 ? atoi(argv[3]) : 50;
	xp_corpus k = {0}, r = {0};
	xp_err e;
	double t0 = now();
	if (xp_read_corpus(argv[1], XP_FMT_AUTO, NULL, &k, &e) ||
	    xp_read_corpus(argv[2], XP_FMT_AUTO, NULL, &r, &e))
		return fprintf(stderr, "%s:%lu: %s\n", e.file, e.line, e.msg), 1;
	double tread = now() - t0, best = 1e9;
	xp_scores s;
	for (int i = 0; i < runs; i++) {
		double a = now();
		if (xp_score_corpus(&k, &r, XP_ALL_METRICS, &s, NULL, NULL, &e))
			return 1;
		double b = now() - a;
		best = b < best ? b : best;
	}
	size_t nm = mentions(&k) + mentions(&r);
	size_t maxdoc = 0;
	for (size_t i = 0; i < k.ndocs; i++)
		maxdoc = k.docs[i].nmentions > maxdoc ? k.docs[i].nmentions : maxdoc;
	printf("mentions %zu  largest-doc %zu  read %.4f s  score %.3f ms  %.0f mentions/s  conll %.4f\n",
	       nm, maxdoc, tread, best * 1e3, nm / best, xp_conll_f1(&s));
	xp_corpus_free(&k);
	xp_corpus_free(&r);
	return 0;
}
