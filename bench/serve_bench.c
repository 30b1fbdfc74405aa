/*
 * bench/serve_bench.c — latency of the workbench's API (bench/serve.sh).
 *
 * usage: serve_bench DB N
 *        serve_bench --port PORT N
 *
 * Starts the server in this process on a free port of 127.0.0.1 on the store
 * DB (which it changes: give it a copy), or talks to a server already
 * running on PORT of 127.0.0.1 (another build's `xproj serve`, so that two
 * builds are measured by the same client: bench/serve.sh BASE=), and, as one client over HTTP with a
 * connection per request (what the page's fetch costs at worst), sends each
 * API call N times on mentions drawn at random from the run's queue, then
 * prints p50, p99 and the slowest, in milliseconds, per call.  The baseline
 * measured in the same run is GET / (a compiled-in file: the HTTP exchange
 * with no store work); each call's p50 is also given as a multiple of it.
 * The first queue request, which ranks the run (xp_db_triage) and keeps the
 * ranking, is timed once on its own.  runs and stats are timed on the run as
 * imported and again at the end, after N keeps and N deletions undone.
 */
#include "serve/serve.h"
#include "tests/httpc.h"

#include <jansson.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int port;

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* one request; its reply parsed into *out if asked; exits on a failed exchange */
static int call(const char *method, const char *path, const char *body, json_t **out, double *ms)
{
	httpc_reply r;
	double a = now_ms();
	if (httpc(port, method, path, NULL, body, &r)) {
		fprintf(stderr, "serve_bench: %s %s: no reply\n", method, path);
		exit(1);
	}
	if (ms)
		*ms = now_ms() - a;
	if (out)
		*out = json_loads(r.body, 0, NULL);
	int status = r.status;
	httpc_free(&r);
	return status;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double baseline_p50;

static void report(const char *what, double *t, size_t n, size_t failed)
{
	qsort(t, n, sizeof *t, by_value);
	double p50 = t[n / 2], p99 = t[n * 99 / 100 < n ? n * 99 / 100 : n - 1];
	if (!baseline_p50)
		baseline_p50 = p50;
	printf("    %-34s %7.2f %7.2f %7.2f ms  x%-6.1f n=%zu%s\n", what, p50, p99, t[n - 1], p50 / baseline_p50, n,
	       failed ? " (some refused!)" : "");
}

/* the calls of the page's overview, n times each; label follows each name */
static void overview(double *t, size_t n, const char *label)
{
	static const char *const paths[] = {"/api/runs", "/api/stats"};
	for (size_t p = 0; p < 2; p++) {
		size_t failed = 0;
		char what[100];
		for (size_t i = 0; i < n; i++)
			failed += call("GET", paths[p], NULL, NULL, &t[i]) != 200;
		snprintf(what, sizeof what, "GET %s%s", paths[p], label);
		report(what, t, n, failed);
	}
}

/* The same calls from CLIENTS clients at once, each with its own
 * connections: what an annotation team does to the server.  Each client
 * sends n / CLIENTS requests of a random page (filters as given). */
#define CLIENTS 4
typedef struct client {
	const char *filters;
	size_t all, n, failed;
	unsigned seed;
	double *t;
} client;

static void *client_run(void *arg)
{
	client *c = arg;
	char path[300];
	for (size_t i = 0; i < c->n; i++) {
		snprintf(path, sizeof path, "/api/queue?offset=%u%s", (unsigned)(rand_r(&c->seed) % (c->all ? c->all : 1)),
			 c->filters);
		c->failed += call("GET", path, NULL, NULL, &c->t[i]) != 200;
	}
	return NULL;
}

static void concurrent(const char *what, const char *filters, double *t, size_t n, size_t all)
{
	client c[CLIENTS];
	pthread_t th[CLIENTS];
	size_t per = n / CLIENTS, failed = 0;
	for (int i = 0; i < CLIENTS; i++) {
		c[i] = (client){filters, all, per, 0, 7u + (unsigned)i, t + (size_t)i * per};
		pthread_create(&th[i], NULL, client_run, &c[i]);
	}
	for (int i = 0; i < CLIENTS; i++) {
		pthread_join(th[i], NULL);
		failed += c[i].failed;
	}
	report(what, t, per * CLIENTS, failed);
}

/* a key fit for a URL's query: | as %7C, and only the characters keys have */
static void url_key(const char *key, char *out, size_t n)
{
	size_t o = 0;
	for (const char *p = key; *p && o + 4 < n; p++)
		o += (size_t)(*p == '|' ? snprintf(out + o, n - o, "%%7C") : snprintf(out + o, n - o, "%c", *p));
	out[o] = '\0';
}

int main(int argc, char **argv)
{
	int external = argc == 4 && !strcmp(argv[1], "--port");
	if (argc != 3 && !external) {
		fprintf(stderr, "usage: serve_bench DB N | serve_bench --port PORT N\n");
		return 2;
	}
	size_t n = (size_t)atol(argv[argc - 1]);
	xp_serve_opts o = {.db = argv[1]};
	xp_server *s = NULL;
	xp_err e;
	if (n < 10 || (!external && xp_serve_start(&o, &s, &e))) {
		fprintf(stderr, "serve_bench: %s\n", n < 10 ? "N is at least 10" : e.msg);
		return 1;
	}
	port = external ? atoi(argv[2]) : xp_serve_port(s);
	double *t = malloc(n * sizeof *t);
	srand(7);

	/* the run every POST names */
	json_t *q;
	call("GET", "/api/runs", NULL, &q, NULL);
	json_int_t run = json_integer_value(json_object_get(q, "default"));
	json_decref(q);
	/* the whole queue, and which of it is projected (delete needs a span) */
	double first;
	call("GET", "/api/queue?limit=500&offset=0", NULL, &q, &first);
	size_t all = (size_t)json_integer_value(json_object_get(q, "all")), nk = 0, np = 0;
	char **keys = calloc(all, sizeof *keys), **proj = calloc(all, sizeof *proj);
	for (size_t off = 0; off < all; off += 500) {
		char path[100];
		if (off) {
			json_decref(q);
			snprintf(path, sizeof path, "/api/queue?limit=500&offset=%zu", off);
			call("GET", path, NULL, &q, NULL);
		}
		size_t i;
		json_t *it;
		json_array_foreach(json_object_get(q, "items"), i, it) {
			if (nk == all)
				break;
			keys[nk] = strdup(json_string_value(json_object_get(it, "key")));
			if (!strcmp(json_string_value(json_object_get(it, "fate")), "projected"))
				proj[np++] = keys[nk];
			nk++;
		}
	}
	json_decref(q);
	if (nk != all || np == 0) {
		fprintf(stderr, "serve_bench: the queue listed %zu of %zu mentions, %zu projected\n", nk, all, np);
		return 1;
	}
	printf("  %zu mentions (%zu projected); first queue request (ranks the run) %.1f ms\n", all, np, first);
	printf("    %-34s %7s %7s %7s      %-7s\n", "call", "p50", "p99", "max", "p50/GET /");

	char path[1200], body[1400], k[700];
	size_t failed = 0;
	for (size_t i = 0; i < n; i++)
		call("GET", "/", NULL, NULL, &t[i]);
	report("GET / (baseline: no store work)", t, n, 0);
	overview(t, n, "");
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "/api/queue?offset=%zu", (size_t)rand() % all);
		failed += call("GET", path, NULL, NULL, &t[i]) != 200;
	}
	report("GET /api/queue (a page)", t, n, failed);
	failed = 0;
	for (size_t i = 0; i < n; i++)
		failed += call("GET", "/api/queue?status=open&type=pronoun&max_conf=0.5", NULL, NULL, &t[i]) != 200;
	report("GET /api/queue (3 filters)", t, n, failed);
	concurrent("GET /api/queue (a page), 4 clients", "", t, n, all);
	concurrent("GET /api/queue (3 filters), 4 clients", "&status=open&type=pronoun&max_conf=0.5", t, n, all);

	/* an annotator's day: read a mention, decide, remember the place */
	double *tm = malloc(n * sizeof *tm), *tp = malloc(n * sizeof *tp), *tr = malloc(n * sizeof *tr);
	size_t fm = 0, fp = 0;
	failed = 0;
	for (size_t i = 0; i < n; i++) {
		const char *key = keys[(size_t)rand() % all];
		url_key(key, k, sizeof k);
		snprintf(path, sizeof path, "/api/mention?key=%s", k);
		json_t *m;
		fm += call("GET", path, NULL, &m, &tm[i]) != 200;
		json_t *b = json_pack("{s:I,s:s,s:s,s:s,s:O}", "run", run, "key", key, "annotator", "bench", "action", "keep",
				      "version", json_object_get(m, "version"));
		char *js = json_dumps(b, JSON_COMPACT);
		failed += call("POST", "/api/edit", js, NULL, &t[i]) != 200;
		free(js), json_decref(b), json_decref(m);
		b = json_pack("{s:I,s:s,s:s}", "run", run, "annotator", "bench", "key", key);
		js = json_dumps(b, JSON_COMPACT);
		fp += call("POST", "/api/position", js, NULL, &tp[i]) != 200;
		free(js), json_decref(b);
		failed += call("GET", "/api/queue?annotator=bench", NULL, NULL, &tr[i]) != 200;
	}
	report("GET /api/mention", tm, n, fm);
	report("POST /api/edit keep", t, n, failed);
	report("POST /api/position", tp, n, fp);
	report("GET /api/queue (resume a place)", tr, n, 0);
	/* corrections: delete a projected mention, undo it */
	failed = fm = 0;
	for (size_t i = 0; i < n; i++) {
		const char *key = proj[(size_t)rand() % np];
		/* the version it is decided on (every action carries one; not timed) */
		json_t *m;
		url_key(key, k, sizeof k);
		snprintf(path, sizeof path, "/api/mention?key=%s&context=0", k);
		call("GET", path, NULL, &m, NULL);
		json_int_t v = json_integer_value(json_object_get(m, "version"));
		json_decref(m);
		json_t *b = json_pack("{s:I,s:s,s:s,s:s,s:I}", "run", run, "key", key, "annotator", "bench", "action", "delete",
				      "version", v);
		char *js = json_dumps(b, JSON_COMPACT);
		failed += call("POST", "/api/edit", js, NULL, &t[i]) != 200;
		free(js), json_decref(b);
		b = json_pack("{s:I,s:s,s:s,s:I}", "run", run, "annotator", "bench", "key", key, "version", v + 1);
		js = json_dumps(b, JSON_COMPACT);
		snprintf(body, sizeof body, "%s", js);
		free(js), json_decref(b);
		fm += call("POST", "/api/undo", body, NULL, &tm[i]) != 200;
	}
	report("POST /api/edit delete", t, n, failed);
	report("POST /api/undo", tm, n, fm);
	/* the overview again, now that the run holds corrections and reviews
	 * (what people did is counted at each call; the run itself is not) */
	overview(t, n, " (after the work)");

	if (s)
		xp_serve_stop(s);
	for (size_t i = 0; i < nk; i++)
		free(keys[i]);
	free(keys), free(proj), free(t), free(tm), free(tp), free(tr);
	return 0;
}
