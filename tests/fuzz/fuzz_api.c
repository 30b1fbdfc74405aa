/* tests/fuzz/fuzz_api.c — libFuzzer target: the workbench API's handling of
 * request bodies and query arguments (serve/api.c), on a store made once
 * from the bundled sample.  The first byte picks the endpoint: edit, undo,
 * position (the rest is the POST body), or one of the GETs (the rest is
 * "name=value" lines); 0xf0 and above, GET undo.  A setup that fails stops
 * the run with its reason (exit 1): a target that quietly fuzzes nothing is
 * worse than none. */
#include "serve/internal.h"
#include "../fuzz_tmp.h"
#include "../sample_store.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static xp_server *srv;
static char dir[64];

/* the server stops before its directory goes: atexit runs the handlers
 * in reverse order, and this one is registered after fuzz_tmp_dir's */
static void cleanup(void)
{
	xp_serve_stop(srv);
}

static void setup(void)
{
	if (fuzz_tmp_dir(dir, sizeof dir, "api", NULL)) {
		perror("fuzz_api setup: a scratch directory");
		exit(1);
	}
	xp_err e;
	char db[128];
	snprintf(db, sizeof db, "%s/corrections.db", dir);
	xp_serve_opts so = {.db = db, .threads = 1};
	if (sample_store(dir, &e) || xp_serve_start(&so, &srv, &e)) {
		fprintf(stderr, "fuzz_api setup: %s:%lu: %s\n", e.file, e.line, e.msg);
		exit(1);
	}
	atexit(cleanup);
}

/* query arguments from "name=value" lines */
typedef struct args {
	char *name[16], *value[16];
	int n;
} args;

static const char *get(void *ctx, const char *name)
{
	args *a = ctx;
	for (int i = 0; i < a->n; i++)
		if (!strcmp(a->name[i], name))
			return a->value[i];
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	if (!ready)
		setup(), ready = 1;
	if (size < 1)
		return 0;
	static const char *const posts[] = {"edit", "undo", "position"};
	static const char *const gets[] = {"runs", "stats", "queue", "mention", "undo"};
	json_t *out = NULL;
	if (data[0] % 7 < 3) {
		json_t *body = json_loadb((const char *)data + 1, size - 1, JSON_REJECT_DUPLICATES, NULL);
		if (json_is_object(body))
			xp_api_post(srv, srv->wdb, posts[data[0] % 7], body, &out);   /* as the writer thread does */
		json_decref(body);
	} else {
		char *buf = malloc(size);
		memcpy(buf, data + 1, size - 1);
		buf[size - 1] = '\0';
		args l = {.n = 0};
		for (char *p = buf, *nl; p && l.n < 16; p = nl) {
			if ((nl = strchr(p, '\n')))
				*nl++ = '\0';
			char *eq = strchr(p, '=');
			if (eq) {
				*eq = '\0';
				l.name[l.n] = p, l.value[l.n++] = eq + 1;
			}
		}
		xp_args a = {get, &l};
		xp_api_get(srv, gets[data[0] >= 0xf0 ? 4 : data[0] % 7 - 3], &a, &out);
		free(buf);
	}
	json_decref(out);
	return 0;
}
