/*
 * bench/scene_bench.c — what a mention's scene costs as it is widened
 * (bench/scene.sh).
 *
 *   scene_bench DB KEY N CONTEXT...
 *
 * Reads mention KEY of the store's latest run N times with each CONTEXT
 * (the scene's utterances either side: the page asks 8, then 28, 48, ...
 * up to the server's 400) and prints this process's CPU time per read, the
 * utterances and chain marks the scene holds, and each figure as a ratio to
 * the first CONTEXT's, measured in the same run (the first read of each is
 * left out: it prepares the statements).  Times are CPU, not wall: the
 * machine is shared.  Under `valgrind --tool=callgrind
 * --toggle-collect=xp_db_mention` the instructions of one CONTEXT at a time
 * give the same ratios without the noise.  Prints figures; never passes or
 * fails.
 */
#include "correct/db.h"
#include "correct/review.h"
#include "correct/store.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: scene_bench DB KEY N CONTEXT...\n");
		return 2;
	}
	xp_db *db;
	xp_err e;
	if (xp_db_open_mode(argv[1], XP_DB_READ, &db, &e)) {
		fprintf(stderr, "scene_bench: %s\n", e.msg);
		return 1;
	}
	int n = atoi(argv[3]);
	sqlite3_stmt *st;
	int64_t run = 0;
	if (sqlite3_prepare_v2(db->h, "SELECT max(id) FROM runs", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		run = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	double base = 0;
	printf("  %-8s %10s %8s %8s %10s\n", "context", "CPU ms", "lines", "marks", "x context");
	for (int a = 4; a < argc; a++) {
		int context = atoi(argv[a]);
		json_t *m = NULL;
		if (xp_db_mention(db, run, argv[2], context, &m, &e)) {   /* prepares; not timed */
			fprintf(stderr, "scene_bench: %s\n", e.msg);
			return 1;
		}
		json_t *us = json_object_get(json_object_get(m, "scene"), "utterances"), *u;
		size_t i, marks = 0;
		json_array_foreach(us, i, u)
			marks += json_array_size(json_object_get(u, "mentions")) + json_array_size(json_object_get(u, "tgt_mentions"));
		size_t lines = json_array_size(us);
		json_decref(m);
		double t0 = now();
		for (int k = 0; k < n; k++) {
			if (xp_db_mention(db, run, argv[2], context, &m, &e)) {
				fprintf(stderr, "scene_bench: %s\n", e.msg);
				return 1;
			}
			json_decref(m);
		}
		double ms = (now() - t0) * 1e3 / n;
		if (a == 4)
			base = ms;
		printf("  %-8d %10.3f %8zu %8zu %9.2fx\n", context, ms, lines, marks, ms / base);
	}
	xp_db_close(db);
	return 0;
}
