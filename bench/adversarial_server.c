/*
 * bench/adversarial_server.c — the workbench under load, slow clients and a
 * held write lock (bench/adversarial_server.sh; issue 32, D6).
 *
 * usage: adversarial_server PORT DB [SECONDS]
 *
 * Talks to an `xproj serve DB` already listening on 127.0.0.1:PORT (loopback
 * only, never another address) and prints counts and latencies, phase by
 * phase; every loop is bounded in count and in time (SECONDS per phase, 8 by
 * default), every socket has a receive timeout.  Exit status 1 when an
 * expectation of the issue fails (a GET slower than 1 s while the store is
 * locked, a POST not refused with 503 + Retry-After within 6 s of a held
 * lock, a request without a reply under load), 0 otherwise.
 *
 *   load     8 clients, each up to 300 rounds of the page's calls (queue,
 *            mention, then a keep on the version read; runs and stats every
 *            tenth round): statuses, p50/p99/max per kind
 *   slow     64 connections sending their headers a byte every 200 ms, 32
 *            sending half a body and stopping, 8 announcing a 1 GB body;
 *            meanwhile GET /api/runs, up to 100 times: their latencies,
 *            and what became of the slow ones
 *   lock     another process (fork: BEGIN IMMEDIATE on DB) holds the store's
 *            write lock while 12 clients POST and GETs go on: POST statuses,
 *            Retry-After, the slowest refusal; GET latencies; then the lock
 *            released, a POST written
 */
#include "tests/httpc.h"

#include <errno.h>
#include <jansson.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

static int port, bad;
static double phase_s = 8;
static long long run;
static char **keys;
static size_t nkeys;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* latencies of one kind of request */
typedef struct lat {
	double *v;
	size_t n, cap;
	size_t status[7];   /* 2xx 3xx 4xx 5xx, none, 503 (also in 5xx), 409 (also in 4xx) */
	pthread_mutex_t m;
} lat;

static void lat_add(lat *l, double secs, int status)
{
	pthread_mutex_lock(&l->m);
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = secs * 1e3;
	l->status[status >= 200 && status < 600 ? status / 100 - 2 : 4]++;
	l->status[5] += status == 503;
	l->status[6] += status == 409;
	pthread_mutex_unlock(&l->m);
}

static double lat_max(lat *l) { return l->n ? l->v[l->n - 1] : 0; }

static void lat_print(const char *what, lat *l)
{
	qsort(l->v, l->n, sizeof *l->v, by_value);
	if (!l->n) {
		printf("    %-30s none\n", what);
		return;
	}
	printf("    %-30s n=%-5zu 2xx %-5zu 4xx %-4zu (409 %-4zu) 5xx %-4zu (503 %zu) none %-3zu  p50 %7.2f  p99 %7.2f  max %7.2f ms\n",
	       what, l->n, l->status[0], l->status[2], l->status[6], l->status[3], l->status[5], l->status[4], l->v[l->n / 2],
	       l->v[l->n * 99 / 100], lat_max(l));
}

/* a key fit for a URL's query (| as %7C) */
static void url_key(const char *key, char *out, size_t n)
{
	size_t o = 0;
	for (const char *p = key; *p && o + 4 < n; p++)
		o += (size_t)(*p == '|' ? snprintf(out + o, n - o, "%%7C") : snprintf(out + o, n - o, "%c", *p));
	out[o] = '\0';
}

static int request(const char *method, const char *path, const char *body, json_t **out, lat *l, int *retry)
{
	httpc_reply r;
	double t0 = now_s();
	int st = httpc(port, method, path, NULL, body, &r) ? 0 : r.status;
	if (l)
		lat_add(l, now_s() - t0, st);
	if (st && out)
		*out = json_loads(r.body, 0, NULL);
	if (st && retry)
		*retry = strstr(r.head, "\r\nRetry-After: ") != NULL;
	if (st)
		httpc_free(&r);
	return st;
}

/* --- load ------------------------------------------------------------------------------------ */

static lat l_get, l_post;

static void *loader(void *arg)
{
	unsigned seed = (unsigned)(uintptr_t)arg;
	double end = now_s() + phase_s;
	char path[400], body[600], who[32];
	snprintf(who, sizeof who, "load%u", seed);
	for (int i = 0; i < 300 && now_s() < end; i++) {
		const char *key = keys[rand_r(&seed) % nkeys];
		char k[300];
		url_key(key, k, sizeof k);
		snprintf(path, sizeof path, "/api/queue?offset=%u&limit=20", rand_r(&seed) % (unsigned)nkeys);
		request("GET", path, NULL, NULL, &l_get, NULL);
		json_t *m = NULL;
		snprintf(path, sizeof path, "/api/mention?key=%s&context=2", k);
		if (request("GET", path, NULL, &m, &l_get, NULL) == 200) {
			snprintf(body, sizeof body, "{\"run\":%lld,\"key\":\"%s\",\"annotator\":\"%s\",\"action\":\"keep\",\"version\":%lld}",
				 run, key, who, (long long)json_integer_value(json_object_get(m, "version")));
			request("POST", "/api/edit", body, NULL, &l_post, NULL);
		}
		json_decref(m);
		if (i % 10 == 0) {
			request("GET", "/api/runs", NULL, NULL, &l_get, NULL);
			request("GET", "/api/stats", NULL, NULL, &l_get, NULL);
		}
	}
	return NULL;
}

static void load(void)
{
	enum { N = 8 };
	pthread_t t[N];
	double t0 = now_s();
	for (uintptr_t i = 0; i < N; i++)
		pthread_create(&t[i], NULL, loader, (void *)(i + 1));
	for (int i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	double secs = now_s() - t0;
	printf("  load: 8 clients, %.1f s, %.0f requests/s\n", secs, (double)(l_get.n + l_post.n) / secs);
	lat_print("GET (queue, mention, runs, stats)", &l_get);
	lat_print("POST edit keep", &l_post);
	if (l_get.status[4] || l_post.status[4] || l_get.status[3]) {
		printf("    FAIL: requests without a reply or with a server error under load\n");
		bad = 1;
	}
}

/* --- slow clients ------------------------------------------------------------------------------------- */

static int dial(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {0};
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	struct timeval tv = {1, 0};
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a)) {
		close(fd);
		return -1;
	}
	return fd;
}

enum { DRIP = 64, HALF = 32, HUGE = 8 };

static void slow(void)
{
	int fd[DRIP + HALF + HUGE];
	size_t pos[DRIP] = {0};
	char req[200];
	int n = snprintf(req, sizeof req, "GET /api/runs HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: 1\r\n\r\n", port);
	int opened = 0;
	for (int i = 0; i < DRIP + HALF + HUGE; i++)
		opened += (fd[i] = dial()) >= 0;
	char head[300];
	for (int i = DRIP; i < DRIP + HALF + HUGE; i++) {
		if (fd[i] < 0)
			continue;
		int huge = i >= DRIP + HALF;
		int h = snprintf(head, sizeof head, "POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
				 "Content-Length: %s\r\n\r\n{\"run\":1,", port, huge ? "1000000000" : "400");
		if (send(fd[i], head, (size_t)h, MSG_NOSIGNAL) < 0) {
			close(fd[i]);
			fd[i] = -1;
		}
	}
	/* the slow ones drip; a normal client asks meanwhile */
	lat l = {.m = PTHREAD_MUTEX_INITIALIZER};
	double end = now_s() + phase_s, next = 0;
	for (int i = 0; i < 100 && now_s() < end; i++) {
		if (now_s() >= next) {
			for (int j = 0; j < DRIP; j++)
				if (fd[j] >= 0 && pos[j] + 1 < (size_t)n &&
				    send(fd[j], req + pos[j]++, 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0 && errno != EAGAIN) {
					close(fd[j]);
					fd[j] = -1;
				}
			next = now_s() + 0.2;
		}
		request("GET", "/api/runs", NULL, NULL, &l, NULL);
		usleep(50000);
	}
	/* what became of them: closed by the server, or still open */
	int closed = 0, answered = 0;
	for (int i = 0; i < DRIP + HALF + HUGE; i++) {
		if (fd[i] < 0) {
			closed++;
			continue;
		}
		char buf[512];
		ssize_t k = recv(fd[i], buf, sizeof buf - 1, MSG_DONTWAIT);
		if (k > 0) {
			buf[k] = '\0';
			answered++;
		} else if (k == 0) {
			closed++;
		}
		close(fd[i]);
	}
	printf("  slow clients: %d opened (%d dripping headers, %d half a body, %d announcing 1 GB); after %.0f s "
	       "%d answered (413 for the 1 GB), %d closed by the server, the rest still waiting\n", opened, DRIP, HALF,
	       HUGE, phase_s, answered, closed);
	lat_print("GET /api/runs meanwhile", &l);
	if (l.status[4] || l.status[0] != l.n || lat_max(&l) > 1000) {
		printf("    FAIL: a GET failed or took over 1 s beside the slow clients\n");
		bad = 1;
	}
}

/* --- a held write lock -------------------------------------------------------------------------------- */

static lat l_lockpost, l_lockget;
static int retries;
static pthread_mutex_t rm = PTHREAD_MUTEX_INITIALIZER;

static void *poster(void *arg)
{
	int i = (int)(uintptr_t)arg, retry = 0;
	char body[600];
	snprintf(body, sizeof body, "{\"run\":%lld,\"key\":\"%s\",\"annotator\":\"lock%d\",\"action\":\"keep\",\"version\":0}",
		 run, keys[(size_t)i % nkeys], i);
	if (request("POST", "/api/edit", body, NULL, &l_lockpost, &retry) == 503 && retry) {
		pthread_mutex_lock(&rm);
		retries++;
		pthread_mutex_unlock(&rm);
	}
	return NULL;
}

static void locked(const char *db)
{
	int ready[2], release[2];
	if (pipe(ready) || pipe(release))
		return;
	pid_t child = fork();
	if (child == 0) {
		sqlite3 *h;
		char c = 'n';
		if (sqlite3_open(db, &h) == SQLITE_OK && sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK)
			c = 'y';
		if (write(ready[1], &c, 1) != 1)
			_exit(2);
		struct timeval tv = {30, 0};   /* at most 30 s, whatever happens to the parent */
		fd_set fs;
		FD_ZERO(&fs);
		FD_SET(release[0], &fs);
		select(release[0] + 1, &fs, NULL, NULL, &tv);
		sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
		sqlite3_close(h);
		_exit(0);
	}
	char c = 0;
	if (child < 0 || read(ready[0], &c, 1) != 1 || c != 'y') {
		printf("  lock: could not take the store's write lock\n");
		bad = 1;
		return;
	}
	double t0 = now_s();
	enum { NPOST = 12 };
	pthread_t t[NPOST];
	for (uintptr_t i = 0; i < NPOST; i++)
		pthread_create(&t[i], NULL, poster, (void *)i);
	for (int i = 0; i < 60 && now_s() < t0 + phase_s; i++) {
		request("GET", i % 2 ? "/api/runs" : "/api/queue?limit=5", NULL, NULL, &l_lockget, NULL);
		usleep(50000);
	}
	for (int i = 0; i < NPOST; i++)
		pthread_join(t[i], NULL);
	double held = now_s() - t0;
	if (write(release[1], "x", 1) != 1)
		kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	close(ready[0]), close(ready[1]), close(release[0]), close(release[1]);
	printf("  lock: another process held the write lock for %.1f s; 12 POSTs at once, GETs meanwhile\n", held);
	lat_print("POST edit (lock held)", &l_lockpost);
	printf("    %-30s %d of %zu 503s\n", "with Retry-After", retries, l_lockpost.status[5]);
	lat_print("GET (lock held)", &l_lockget);
	/* a keep on the version the mention has now */
	char body[600], path[400], k[300];
	url_key(keys[0], k, sizeof k);
	snprintf(path, sizeof path, "/api/mention?key=%s&context=0", k);
	json_t *m = NULL;
	int after = request("GET", path, NULL, &m, NULL, NULL);
	if (after == 200) {
		snprintf(body, sizeof body, "{\"run\":%lld,\"key\":\"%s\",\"annotator\":\"lock0\",\"action\":\"keep\",\"version\":%lld}",
			 run, keys[0], (long long)json_integer_value(json_object_get(m, "version")));
		after = request("POST", "/api/edit", body, NULL, NULL, NULL);
	}
	json_decref(m);
	printf("    POST once the lock is released: %d\n", after);
	if (l_lockpost.status[5] != NPOST || retries != NPOST || lat_max(&l_lockpost) > 6000 ||
	    lat_max(&l_lockget) > 1000 || l_lockget.status[0] != l_lockget.n || after != 200) {
		printf("    FAIL: wanted every POST refused with 503 + Retry-After within 6 s, every GET within 1 s\n");
		bad = 1;
	}
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: adversarial_server PORT DB [SECONDS]\n");
		return 2;
	}
	port = atoi(argv[1]);
	if (argc == 4)
		phase_s = atof(argv[3]);
	if (port <= 0 || port > 65535 || phase_s <= 0 || phase_s > 120) {
		fprintf(stderr, "adversarial_server: PORT 1-65535, SECONDS 0-120\n");
		return 2;
	}
	httpc_timeout_s = 20;
	pthread_mutex_init(&l_get.m, NULL), pthread_mutex_init(&l_post.m, NULL);
	pthread_mutex_init(&l_lockpost.m, NULL), pthread_mutex_init(&l_lockget.m, NULL);
	json_t *o = NULL;
	if (request("GET", "/api/runs", NULL, &o, NULL, NULL) != 200) {
		fprintf(stderr, "adversarial_server: no workbench on 127.0.0.1:%d\n", port);
		return 1;
	}
	run = (long long)json_integer_value(json_object_get(o, "default"));
	json_decref(o);
	if (request("GET", "/api/queue?limit=500", NULL, &o, NULL, NULL) != 200)
		return 1;
	json_t *items = json_object_get(o, "items");
	nkeys = json_array_size(items);
	keys = calloc(nkeys + 1, sizeof *keys);
	for (size_t i = 0; i < nkeys; i++)
		keys[i] = strdup(json_string_value(json_object_get(json_array_get(items, i), "key")));
	json_decref(o);
	if (!nkeys)
		return 1;
	printf("adversarial_server: 127.0.0.1:%d, run %lld, %zu mentions in the first queue page, %.0f s a phase\n", port, run,
	       nkeys, phase_s);
	load();
	slow();
	locked(argv[2]);
	for (size_t i = 0; i < nkeys; i++)
		free(keys[i]);
	free(keys);
	printf("adversarial_server: %s\n", bad ? "FAILED" : "ok");
	return bad;
}
