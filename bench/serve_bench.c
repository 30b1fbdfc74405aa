/*
 * bench/serve_bench.c — latency and CPU of the workbench's API (bench/serve.sh).
 *
 * usage: serve_bench DB N
 *        serve_bench [--tsv FILE] --port PORT [--pid PID] [--name NAME]
 *                    [--port PORT2 [--pid PID2] [--name NAME2]] N
 *
 * Starts the server in this process on a free port of 127.0.0.1 on the store
 * DB (which it changes: give it a copy), or talks to servers already running
 * on PORT of 127.0.0.1 (`xproj serve`, PID its process): one, or two builds
 * to compare (BASE and the new one: bench/serve.sh), each on its own copy of
 * the store.  As one client over HTTP with a connection per request (what
 * the page's fetch costs at worst), it sends each API call N times on
 * mentions drawn at random from the run's queue, and prints p50, p99 and the
 * slowest in milliseconds, and the server's CPU per request: the CPU time of
 * its process (every thread, clock_getcpuclockid) over the calls, divided by
 * their number.  On a shared machine the wall times carry other jobs; the
 * CPU time is what the server itself spent.  In process, the CPU is the
 * process's, the client's included.
 *
 * Two servers are measured interleaved, not one after the other: each call
 * goes in blocks of BLOCK to one, then the same requests (the same mentions,
 * the same pages) to the other, the order swapped at every block, so that a
 * burst of load from other jobs falls on both alike; each call's line is
 * then followed by the ratios of the second to the first.  --tsv writes
 * every figure as a line "server, call, p50, p99, max, CPU ms per request"
 * (bench/serve.sh records them, bench/record.sh).
 *
 * A page is asked as the workbench's page asks it once it holds the run's
 * lists of documents and fates (lists=0; an older build ignores it and sends
 * them, as its page had them sent every time).
 *
 * The baseline measured in the same run is GET / (a compiled-in file: the
 * HTTP exchange with no store work); each call's p50 is also given as a
 * multiple of it.  The first queue request is timed once on its own.  runs
 * and stats are timed on the run as imported and again at the end, after N
 * keeps and N deletions undone.
 */
#define _GNU_SOURCE
#include "serve/serve.h"
#include "tests/httpc.h"

#include <jansson.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CLIENTS 4    /* the concurrent clients of the load calls */
#define BLOCK 10     /* requests sent to one server before the other's turn */

/* one server measured, and what the calls send it */
typedef struct target {
	int port;
	clockid_t clock;   /* its process's CPU clock */
	int has_clock;
	const char *name;
	json_int_t run;
	size_t all, nk, np;
	char **keys, **proj;
	double cpu;        /* CPU seconds of the server spent in the current call */
	double *t[4];      /* the current call's wall times, up to 4 kinds of request */
	size_t failed[4];
	double first;      /* the first queue request */
	double base_p50;   /* GET /'s */
} target;

static target tg[2];
static int ntg;
static FILE *tsv;

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double cpu_s(const target *g)
{
	struct timespec t;
	if (!g->has_clock || clock_gettime(g->clock, &t))
		return 0;
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* one request; its reply parsed into *out if asked; exits on a failed exchange */
static int call(const target *g, const char *method, const char *path, const char *body, json_t **out, double *ms)
{
	httpc_reply r;
	double a = now_ms();
	if (httpc(g->port, method, path, NULL, body, &r)) {
		fprintf(stderr, "serve_bench: %s: %s %s: no reply\n", g->name, method, path);
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

/* p50, p99, max of t (sorted here) */
static void pcts(double *t, size_t n, double p[3])
{
	qsort(t, n, sizeof *t, by_value);
	p[0] = t[n / 2], p[1] = t[n * 99 / 100 < n ? n * 99 / 100 : n - 1], p[2] = t[n - 1];
}

/* the figures of one call on every server (kind k of its requests), CPU
 * per request given (ms); then the second's ratios to the first */
static void report(const char *what, int k, size_t n, const double *cpu_ms)
{
	double p[2][3];
	for (int s = 0; s < ntg; s++) {
		target *g = &tg[s];
		pcts(g->t[k], n, p[s]);
		if (!g->base_p50)
			g->base_p50 = p[s][0];
		char label[120];
		snprintf(label, sizeof label, "  %s", g->name);
		if (s == 0 && ntg > 1)
			printf("    %s\n", what);
		printf("    %-40s %7.2f %7.2f %7.2f %8.3f  x%-6.1f n=%zu%s\n", ntg > 1 ? label : what, p[s][0], p[s][1],
		       p[s][2], cpu_ms[s], p[s][0] / g->base_p50, n, g->failed[k] ? " (some refused!)" : "");
		if (tsv)
			fprintf(tsv, "%s\t%s\t%.3f\t%.3f\t%.3f\t%.4f\n", g->name, what, p[s][0], p[s][1], p[s][2], cpu_ms[s]);
		g->failed[k] = 0;
	}
	if (ntg > 1)
		printf("      %s/%s: p50 x%.2f, p99 x%.2f, CPU x%.2f\n", tg[1].name, tg[0].name, p[1][0] / p[0][0],
		       p[1][1] / p[0][1], cpu_ms[0] > 0 ? cpu_ms[1] / cpu_ms[0] : 0);
}

/* The same pseudo-random numbers for every server: request i of a call
 * asks for the same thing of each. */
static size_t pick(unsigned call_no, size_t i, size_t n)
{
	uint64_t x = ((uint64_t)call_no << 32 | i) * 0x9e3779b97f4a7c15u;
	x ^= x >> 29;
	x *= 0xbf58476d1ce4e5b9u;
	x ^= x >> 32;
	return n ? (size_t)(x % n) : 0;
}

/* A call: fn(g, i) sends request i to server g.  Blocks of BLOCK go to
 * each server in turn, the order swapped every block; the server's CPU
 * over its blocks is summed. */
typedef void (*step_fn)(target *g, size_t i, unsigned call_no, const void *arg);

static void run_call(step_fn fn, size_t n, unsigned call_no, const void *arg)
{
	for (int s = 0; s < ntg; s++)
		tg[s].cpu = 0;
	for (size_t b = 0, k = 0; b < n; b += BLOCK, k++)
		for (int j = 0; j < ntg; j++) {
			target *g = &tg[(size_t)j ^ (k & (ntg > 1))];
			double c0 = cpu_s(g);
			for (size_t i = b; i < b + BLOCK && i < n; i++)
				fn(g, i, call_no, arg);
			g->cpu += cpu_s(g) - c0;
		}
}

/* CPU ms per request of each server over the last call of n requests each */
static const double *per_request(size_t n, double out[2])
{
	for (int s = 0; s < ntg; s++)
		out[s] = tg[s].cpu * 1e3 / (double)n;
	return out;
}

static void get_path(target *g, size_t i, unsigned call_no, const void *arg)
{
	(void)call_no;
	g->failed[0] += call(g, "GET", arg, NULL, NULL, &g->t[0][i]) != 200;
}

static void get_page(target *g, size_t i, unsigned call_no, const void *arg)
{
	char path[300];
	snprintf(path, sizeof path, "/api/queue?lists=0&offset=%zu%s", pick(call_no, i, g->all), (const char *)arg);
	g->failed[0] += call(g, "GET", path, NULL, NULL, &g->t[0][i]) != 200;
}

/* the calls of the page's overview, n times each; label follows each name */
static void overview(size_t n, const char *label, unsigned call_no)
{
	static const char *const paths[] = {"/api/runs", "/api/stats"};
	double c[2];
	for (size_t p = 0; p < 2; p++) {
		char what[100];
		run_call(get_path, n, call_no + (unsigned)p, paths[p]);
		snprintf(what, sizeof what, "GET %s%s", paths[p], label);
		report(what, 0, n, per_request(n, c));
	}
}

/* The same page requests from CLIENTS clients at once, each with its own
 * connections: what an annotation team does to the server.  Each client
 * sends its share of a block of CLIENTS * BLOCK requests to one server, then
 * the same to the other. */
typedef struct client {
	target *g;
	const char *filters;
	size_t from, to;
	unsigned call_no;
} client;

static void *client_run(void *arg)
{
	client *c = arg;
	for (size_t i = c->from; i < c->to; i++)
		get_page(c->g, i, c->call_no, c->filters);
	return NULL;
}

static void concurrent(const char *what, const char *filters, size_t n, unsigned call_no)
{
	size_t per = n / CLIENTS, blk = BLOCK * CLIENTS;
	n = per * CLIENTS;
	for (int s = 0; s < ntg; s++)
		tg[s].cpu = 0;
	for (size_t b = 0, k = 0; b < n; b += blk, k++)
		for (int j = 0; j < ntg; j++) {
			target *g = &tg[(size_t)j ^ (k & (ntg > 1))];
			size_t end = b + blk < n ? b + blk : n, share = (end - b + CLIENTS - 1) / CLIENTS;
			client c[CLIENTS];
			pthread_t th[CLIENTS];
			double c0 = cpu_s(g);
			for (int i = 0; i < CLIENTS; i++) {
				size_t from = b + (size_t)i * share, to = from + share < end ? from + share : end;
				c[i] = (client){g, filters, from < end ? from : end, to, call_no};
				pthread_create(&th[i], NULL, client_run, &c[i]);
			}
			for (int i = 0; i < CLIENTS; i++)
				pthread_join(th[i], NULL);
			g->cpu += cpu_s(g) - c0;
		}
	double c[2];
	report(what, 0, n, per_request(n, c));
}

/* a key fit for a URL's query: | as %7C, and only the characters keys have */
static void url_key(const char *key, char *out, size_t n)
{
	size_t o = 0;
	for (const char *p = key; *p && o + 4 < n; p++)
		o += (size_t)(*p == '|' ? snprintf(out + o, n - o, "%%7C") : snprintf(out + o, n - o, "%c", *p));
	out[o] = '\0';
}

/* the run every POST names, and the whole queue: its keys, and which are
 * projected (delete needs a span) */
static void list_queue(target *g)
{
	json_t *q;
	call(g, "GET", "/api/runs", NULL, &q, NULL);
	g->run = json_integer_value(json_object_get(q, "default"));
	json_decref(q);
	call(g, "GET", "/api/queue?limit=500&offset=0", NULL, &q, &g->first);
	size_t all = (size_t)json_integer_value(json_object_get(q, "all"));
	g->all = all;
	g->keys = calloc(all + 1, sizeof *g->keys), g->proj = calloc(all + 1, sizeof *g->proj);
	for (size_t off = 0; off < all; off += 500) {
		char path[100];
		if (off) {
			json_decref(q);
			snprintf(path, sizeof path, "/api/queue?limit=500&offset=%zu", off);
			call(g, "GET", path, NULL, &q, NULL);
		}
		size_t i;
		json_t *it;
		json_array_foreach(json_object_get(q, "items"), i, it) {
			if (g->nk == all)
				break;
			g->keys[g->nk] = strdup(json_string_value(json_object_get(it, "key")));
			if (!strcmp(json_string_value(json_object_get(it, "fate")), "projected"))
				g->proj[g->np++] = g->keys[g->nk];
			g->nk++;
		}
	}
	json_decref(q);
	if (g->nk != all || g->np == 0) {
		fprintf(stderr, "serve_bench: %s: the queue listed %zu of %zu mentions, %zu projected\n", g->name, g->nk, all,
			g->np);
		exit(1);
	}
	printf("  %s: %zu mentions (%zu projected); first queue request %.1f ms\n", g->name, all, g->np, g->first);
}

/* Each request of an annotator's day is timed apart, and so is the
 * server's CPU for it. */
static double timed(target *g, int k, size_t i, double *cpu, const char *method, const char *path, const char *body,
		    json_t **out)
{
	double c0 = cpu_s(g);
	int st = call(g, method, path, body, out, &g->t[k][i]);
	*cpu += cpu_s(g) - c0;
	g->failed[k] += st != 200;
	return st;
}

static double day_cpu[2][4];

/* an annotator's day: read a mention, keep it, remember the place, resume */
static void day(target *g, size_t i, unsigned call_no, const void *arg)
{
	(void)arg;
	double *cpu = day_cpu[g - tg];
	char path[1200], k[700];
	const char *key = g->keys[pick(call_no, i, g->all)];
	url_key(key, k, sizeof k);
	snprintf(path, sizeof path, "/api/mention?key=%s", k);
	json_t *m = NULL;
	timed(g, 0, i, &cpu[0], "GET", path, NULL, &m);
	json_t *b = json_pack("{s:I,s:s,s:s,s:s,s:O}", "run", g->run, "key", key, "annotator", "bench", "action", "keep",
			      "version", json_object_get(m, "version"));
	char *js = json_dumps(b, JSON_COMPACT);
	timed(g, 1, i, &cpu[1], "POST", "/api/edit", js, NULL);
	free(js), json_decref(b), json_decref(m);
	b = json_pack("{s:I,s:s,s:s}", "run", g->run, "annotator", "bench", "key", key);
	js = json_dumps(b, JSON_COMPACT);
	timed(g, 2, i, &cpu[2], "POST", "/api/position", js, NULL);
	free(js), json_decref(b);
	timed(g, 3, i, &cpu[3], "GET", "/api/queue?annotator=bench", NULL, NULL);
}

/* corrections: delete a projected mention, undo it */
static void correct(target *g, size_t i, unsigned call_no, const void *arg)
{
	(void)arg;
	double *cpu = day_cpu[g - tg];
	char path[1200], k[700];
	const char *key = g->proj[pick(call_no, i, g->np)];
	/* the version it is decided on (every action carries one; not timed) */
	json_t *m;
	url_key(key, k, sizeof k);
	snprintf(path, sizeof path, "/api/mention?key=%s&context=0", k);
	call(g, "GET", path, NULL, &m, NULL);
	json_int_t v = json_integer_value(json_object_get(m, "version"));
	json_decref(m);
	json_t *b = json_pack("{s:I,s:s,s:s,s:s,s:I}", "run", g->run, "key", key, "annotator", "bench", "action", "delete",
			      "version", v);
	char *js = json_dumps(b, JSON_COMPACT);
	timed(g, 0, i, &cpu[0], "POST", "/api/edit", js, NULL);
	free(js), json_decref(b);
	b = json_pack("{s:I,s:s,s:s,s:I}", "run", g->run, "annotator", "bench", "key", key, "version", v + 1);
	js = json_dumps(b, JSON_COMPACT);
	timed(g, 1, i, &cpu[1], "POST", "/api/undo", js, NULL);
	free(js), json_decref(b);
}

/* the day's figures for kind k, named what */
static void report_day(const char *what, int k, size_t n)
{
	double c[2];
	for (int s = 0; s < ntg; s++)
		c[s] = day_cpu[s][k] * 1e3 / (double)n;
	report(what, k, n, c);
}

int main(int argc, char **argv)
{
	const char *db = NULL;
	size_t n = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--port") && i + 1 < argc && ntg < 2) {
			tg[ntg].port = atoi(argv[++i]);
			tg[ntg].name = ntg ? "new" : "base";
			ntg++;
		} else if (!strcmp(argv[i], "--pid") && i + 1 < argc && ntg) {
			pid_t pid = (pid_t)atol(argv[++i]);
			tg[ntg - 1].has_clock = clock_getcpuclockid(pid, &tg[ntg - 1].clock) == 0;
		} else if (!strcmp(argv[i], "--name") && i + 1 < argc && ntg) {
			tg[ntg - 1].name = argv[++i];
		} else if (!strcmp(argv[i], "--tsv") && i + 1 < argc) {
			if (!(tsv = fopen(argv[++i], "w"))) {
				perror(argv[i]);
				return 1;
			}
		} else if (i == argc - 1) {
			n = (size_t)atol(argv[i]);
		} else if (!ntg && !db && argv[i][0] != '-') {
			db = argv[i];
		} else {
			n = 0;
			break;
		}
	}
	if (n < 10 || (!db) == (!ntg)) {
		fprintf(stderr, "usage: serve_bench DB N | serve_bench [--tsv FILE] --port PORT [--pid PID] [--name NAME]"
				" [--port PORT2 [--pid PID2] [--name NAME2]] N  (N at least 10)\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);   /* a long run shows each call as it ends */
	if (ntg == 1 && !strcmp(tg[0].name, "base"))
		tg[0].name = "server";
	xp_server *s = NULL;
	if (db) {
		xp_serve_opts o = {.db = db};
		xp_err e;
		if (xp_serve_start(&o, &s, &e)) {
			fprintf(stderr, "serve_bench: %s\n", e.msg);
			return 1;
		}
		tg[0] = (target){.port = xp_serve_port(s), .name = "in process"};
		tg[0].has_clock = clock_getcpuclockid(0, &tg[0].clock) == 0;
		ntg = 1;
	}
	for (int g = 0; g < ntg; g++) {
		list_queue(&tg[g]);
		for (int k = 0; k < 4; k++)
			tg[g].t[k] = malloc(n * sizeof(double));
	}
	printf("    %-40s %7s %7s %7s %8s  %-7s\n", "call", "p50", "p99", "max", "CPU/req", "p50/GET /");
	printf("    %-40s %7s %7s %7s %8s\n", "", "ms", "ms", "ms", "ms");

	double c[2];
	run_call(get_path, n, 1, "/");
	report("GET / (baseline: no store work)", 0, n, per_request(n, c));
	overview(n, "", 2);
	run_call(get_page, n, 4, "");
	report("GET /api/queue (a page)", 0, n, per_request(n, c));
	run_call(get_path, n, 5, "/api/queue?lists=0&status=open&type=pronoun&max_conf=0.5");
	report("GET /api/queue (3 filters)", 0, n, per_request(n, c));
	concurrent("GET /api/queue (a page), 4 clients", "", n, 6);
	concurrent("GET /api/queue (3 filters), 4 clients", "&status=open&type=pronoun&max_conf=0.5", n, 7);

	memset(day_cpu, 0, sizeof day_cpu);
	run_call(day, n, 8, NULL);
	report_day("GET /api/mention", 0, n);
	report_day("POST /api/edit keep", 1, n);
	report_day("POST /api/position", 2, n);
	report_day("GET /api/queue (resume a place)", 3, n);
	memset(day_cpu, 0, sizeof day_cpu);
	run_call(correct, n, 9, NULL);
	report_day("POST /api/edit delete", 0, n);
	report_day("POST /api/undo", 1, n);
	/* the overview again, now that the run holds corrections and reviews
	 * (what people did is counted at each call; the run itself is not) */
	overview(n, " (after the work)", 10);

	if (s)
		xp_serve_stop(s);
	for (int g = 0; g < ntg; g++) {
		for (size_t i = 0; i < tg[g].nk; i++)
			free(tg[g].keys[i]);
		free(tg[g].keys), free(tg[g].proj);
		for (int k = 0; k < 4; k++)
			free(tg[g].t[k]);
	}
	if (tsv)
		fclose(tsv);
	return 0;
}
