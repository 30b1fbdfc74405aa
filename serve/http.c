/*
 * serve/http.c — the HTTP side of the workbench: binding, the checks every
 * request passes before it reaches the API (loopback names, token, method,
 * JSON from the page's own origin, body size), the compiled-in page, and the
 * store connections requests borrow.  See serve.h for why each check is there.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"
#include "assets.h"
#include "../base/buf.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

/* what one request has sent so far; a POST, also its hand-over to the
 * writer and the writer's answer */
typedef struct xp_post {
	xp_buf body;
	int too_big, answered;
	struct xp_post *next;
	struct MHD_Connection *c;
	char path[16];
	json_t *json;        /* the body, parsed */
	struct timespec arrived;
	int queued, done, status, set_cookie;
	json_t *out;
} req;

#define RETRY_AFTER "2"   /* seconds: a lock held longer than a POST waits is a long job (an import) */

/* The page's scripts and styles are its own files: no inline script can
 * run even if some text were ever put in the page unescaped. */
static const char csp[] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
			  " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, const char *type, const void *data, size_t n,
			     int persistent, const char *cookie)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(
		n, (void *)data, persistent ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Content-Security-Policy", csp);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(r, "Allow", "GET, HEAD, POST");
	if (status == MHD_HTTP_SERVICE_UNAVAILABLE)
		MHD_add_response_header(r, "Retry-After", RETRY_AFTER);
	if (cookie)
		MHD_add_response_header(r, "Set-Cookie", cookie);
	enum MHD_Result rc = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return rc;
}

static enum MHD_Result reply_json(struct MHD_Connection *c, unsigned status, json_t *o, const char *cookie)
{
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)) : NULL;
	json_decref(o);
	if (!s)
		return reply(c, 500, "application/json", "{\"error\":\"out of memory\"}", 25, 1, NULL);
	enum MHD_Result rc = reply(c, status, "application/json; charset=utf-8", s, strlen(s), 0, cookie);
	free(s);
	return rc;
}

static enum MHD_Result refuse(struct MHD_Connection *c, unsigned status, const char *why)
{
	return reply_json(c, status, json_pack("{s:s}", "error", why), NULL);
}

/* --- the checks ----------------------------------------------------------------------- */

/* On loopback, only requests addressed to a loopback name: a web page
 * elsewhere cannot make a browser talk to us through a DNS name it controls
 * (DNS rebinding). */
static int host_ok(const xp_server *s, const char *host)
{
	if (!s->loopback)
		return 1;   /* the token guards every request */
	if (!host)
		return 0;
	char h[300];
	snprintf(h, sizeof h, "%s", host);
	char *end = h[0] == '[' ? strchr(h, ']') : strrchr(h, ':');
	if (h[0] == '[' && end)
		end[1] = '\0';
	else if (end)
		*end = '\0';
	/* the name --host gave, which the printed address carries (a host name
	 * that resolves to a loopback address, as Debian's own name does): the
	 * user chose it, an attacker's DNS cannot make it ours.  An IPv6
	 * address is printed in brackets. */
	size_t n = strlen(h);
	if (!strcasecmp(h, s->host) ||
	    (h[0] == '[' && n > 2 && n - 2 == strlen(s->host) && !strncasecmp(h + 1, s->host, n - 2)))
		return 1;
	struct in_addr a4;
	return !strcasecmp(h, "localhost") || !strcmp(h, "[::1]") ||
	       (inet_pton(AF_INET, h, &a4) == 1 && (ntohl(a4.s_addr) >> 24) == 127);
}

/* equal strings in a time that does not depend on where they differ */
static int same_secret(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	unsigned char d = n != m;
	for (size_t i = 0; i < n; i++)
		d |= (unsigned char)(a[i] ^ b[i % (m ? m : 1)]);
	return d == 0;
}

/* The cookie's name is the server's own, xproj_token_PORT: a browser keeps
 * one cookie of a name for a host whatever its port, so two servers on one
 * machine (an annotator's each, or two stores) shared "xproj_token", and
 * opening the second's ?token= address replaced the first's: every
 * request of the first's page then got 401 until its address was opened
 * again, which replaced the second's.  (A browser still sends every
 * cookie of the host to each port: the cookie admits to its own server
 * only, as before.) */
static void cookie_name(const xp_server *s, char *out, size_t n)
{
	snprintf(out, n, "xproj_token_%d", s->port);
}

/* the Set-Cookie value that keeps the token for the page's requests */
static void cookie_of(const xp_server *s, char *out, size_t n)
{
	char name[40];
	cookie_name(s, name, sizeof name);
	snprintf(out, n, "%s=%s; HttpOnly; SameSite=Strict; Path=/", name, s->token);
}

/* the token from a header, the cookie, or ?token= (which sets the cookie) */
static int token_ok(const xp_server *s, struct MHD_Connection *c, int *set_cookie)
{
	*set_cookie = 0;
	if (!s->token[0])
		return 1;
	const char *t = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Xproj-Token");
	if (t && same_secret(t, s->token))
		return 1;
	char name[40];
	cookie_name(s, name, sizeof name);
	t = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, name);
	if (t && same_secret(t, s->token))
		return 1;
	t = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
	return t && same_secret(t, s->token) && (*set_cookie = 1);
}

/* A POST must be JSON (a cross-site form cannot send that without a CORS
 * preflight, which we never grant) and, when the browser names its origin,
 * come from this page. */
static const char *post_refusal(struct MHD_Connection *c)
{
	const char *type = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
	if (!type || strncasecmp(type, "application/json", 16))
		return "a POST body must be application/json";
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
	if (origin && (!host || strncmp(origin, "http://", 7) || strcmp(origin + 7, host)))
		return "cross-origin request";
	const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
	if (site && strcmp(site, "same-origin") && strcmp(site, "none"))
		return "cross-site request";
	return NULL;
}

/* --- the writer ------------------------------------------------------------------------------ */

static double since(const struct timespec *t)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

static int busy(json_t **out, const char *why)
{
	*out = json_pack("{s:s,s:s}", "error", "busy", "message", why);
	return MHD_HTTP_SERVICE_UNAVAILABLE;
}

/* The POSTs waiting at most this many: past it the writer is far behind
 * (a lock held long), and waiting in line would only end in a 503 too. */
#define MAX_PENDING 256

/* Give the POST to the writer and suspend the connection until it has
 * answered (handle() then sends the answer).  The request thread goes on
 * serving other connections meanwhile. */
static enum MHD_Result hand_over(xp_server *s, struct MHD_Connection *c, const char *path, req *r, json_t *body,
				 int set_cookie)
{
	snprintf(r->path, sizeof r->path, "%s", path);
	r->json = body;
	r->c = c;
	r->set_cookie = set_cookie;
	r->queued = 1;
	clock_gettime(CLOCK_MONOTONIC, &r->arrived);
	MHD_suspend_connection(c);
	pthread_mutex_lock(&s->lock);
	int now = s->stopping || s->npending >= MAX_PENDING;
	if (now) {
		r->status = busy(&r->out, s->stopping ? "the server is stopping" : "too many changes waiting for the store");
		r->done = 1;
	} else {
		if (s->tail)
			s->tail->next = r;
		else
			s->head = r;
		s->tail = r;
		s->npending++;
		pthread_cond_signal(&s->wake);
	}
	pthread_mutex_unlock(&s->lock);
	if (now)
		MHD_resume_connection(c);
	return MHD_YES;
}

/* One POST after another, on the writer's connection.  Each waits for the
 * store's write lock no longer than lock_wait_ms since it arrived, time
 * spent behind other POSTs included, so that a lock held by another
 * process answers every waiting POST with 503 within that bound. */
static void *writer(void *arg)
{
	xp_server *s = arg;
	for (;;) {
		pthread_mutex_lock(&s->lock);
		while (!s->head && !s->stopping)
			pthread_cond_wait(&s->wake, &s->lock);
		req *r = s->head;
		if (r) {
			s->head = r->next;
			if (!s->head)
				s->tail = NULL;
			s->npending--;
		}
		int stopping = s->stopping;
		pthread_mutex_unlock(&s->lock);
		if (!r)
			break;   /* stopping, and nothing left */
		int left = s->lock_wait_ms - (int)(since(&r->arrived) * 1000);
		char why[200];
		if (stopping) {
			r->status = busy(&r->out, "the server is stopping");
		} else if (left <= 0) {
			/* behind other changes that each waited for a lock */
			snprintf(why, sizeof why, "the store is busy (another process holds its write lock; a change waits "
				 "at most %d ms): nothing was written; try again", s->lock_wait_ms);
			r->status = busy(&r->out, why);
		} else {
			xp_db_set_wait(s->wdb, left);
			r->status = xp_api_post(s, s->wdb, r->path, r->json, &r->out);
		}
		pthread_mutex_lock(&s->lock);
		r->done = 1;
		pthread_mutex_unlock(&s->lock);
		MHD_resume_connection(r->c);   /* r belongs to the request thread from here */
	}
	return NULL;
}

/* --- dispatch ------------------------------------------------------------------------------- */

static const char *arg(void *ctx, const char *name)
{
	return MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, name);
}

static enum MHD_Result api(xp_server *s, struct MHD_Connection *c, const char *path, const char *method, req *r,
			   const char *cookie)
{
	int route = xp_api_route(path, !strcmp(method, "HEAD") ? "GET" : method);
	if (route < 0)
		return refuse(c, MHD_HTTP_NOT_FOUND, "no such API endpoint");
	if (route == 0)
		return refuse(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed here");
	json_t *out = NULL;
	int status;
	if (strcmp(method, "POST")) {
		xp_args a = {arg, c};
		status = xp_api_get(s, path, &a, &out);
		return reply_json(c, (unsigned)status, out, cookie);
	}
	const char *why = post_refusal(c);
	if (why)
		return refuse(c, strstr(why, "json") ? MHD_HTTP_UNSUPPORTED_MEDIA_TYPE : MHD_HTTP_FORBIDDEN, why);
	if (r->too_big)
		return refuse(c, 413, "request body too large");
	json_error_t je;
	json_t *body = json_loadb(r->body.p ? r->body.p : "", r->body.n, JSON_REJECT_DUPLICATES, &je);
	if (!json_is_object(body)) {
		json_decref(body);
		return refuse(c, MHD_HTTP_BAD_REQUEST, "the body is not a JSON object");
	}
	return hand_over(s, c, path, r, body, cookie != NULL);
}

static enum MHD_Result respond(xp_server *s, struct MHD_Connection *c, const char *url, const char *method, req *r)
{
	if (!host_ok(s, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host")))
		return refuse(c, MHD_HTTP_FORBIDDEN, "this server answers requests to a loopback address only");
	int set_cookie;
	if (!token_ok(s, c, &set_cookie))
		return refuse(c, MHD_HTTP_UNAUTHORIZED, "a valid token is required");
	char cookie[400];
	cookie_of(s, cookie, sizeof cookie);
	if (!strncmp(url, "/api/", 5))
		return api(s, c, url + 5, method, r, set_cookie ? cookie : NULL);
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return refuse(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed here");
	for (unsigned i = 0; i < xp_nassets; i++)
		if (!strcmp(url, xp_assets[i].path))
			return reply(c, MHD_HTTP_OK, xp_assets[i].type, xp_assets[i].data, xp_assets[i].len, 1,
				     set_cookie ? cookie : NULL);
	return reply(c, MHD_HTTP_NOT_FOUND, "text/plain; charset=utf-8", "not found\n", 10, 1, NULL);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
			      const char *version, const char *upload, size_t *size, void **state)
{
	(void)version;
	xp_server *s = cls;
	req *r = *state;
	if (!r) {
		if (!(r = calloc(1, sizeof *r)))
			return MHD_NO;
		*state = r;
		const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
		if (len && strtoull(len, NULL, 10) > s->max_body) {
			/* answered before the body is read; MHD then closes */
			r->answered = 1;
			return refuse(c, 413, "request body too large");
		}
		return MHD_YES;
	}
	if (*size) {
		if (!r->answered && !r->too_big && r->body.n + *size <= s->max_body)
			xp_buf_add(&r->body, upload, *size);
		else
			r->too_big = 1;
		*size = 0;
		return MHD_YES;
	}
	if (r->answered)
		return MHD_YES;
	if (r->queued) {   /* resumed: the writer has answered */
		char cookie[400];
		cookie_of(s, cookie, sizeof cookie);
		json_t *out = r->out;
		r->out = NULL, r->queued = 0, r->answered = 1;
		return reply_json(c, (unsigned)r->status, out, r->set_cookie ? cookie : NULL);
	}
	if (r->body.oom)
		return refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
	return respond(s, c, url, method, r);
}

static void completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why)
{
	(void)cls, (void)c, (void)why;
	req *r = *state;
	if (r) {
		xp_buf_free(&r->body);
		json_decref(r->json);
		json_decref(r->out);
		free(r);
	}
	*state = NULL;
}

static void quiet(void *cls, const char *fmt, va_list ap) { (void)cls, (void)fmt, (void)ap; }

/* --- store connections -------------------------------------------------------------------------- */

xp_db *xp_serve_db(xp_server *s, xp_err *err)
{
	/* the store this server opened, still the one at its path (one stat):
	 * after a `db merge` renamed its copy over it or a workflow's rerun
	 * removed it, the open connections read the old file and every POST is
	 * refused (xp_sql_begin), so a GET is refused too (409, as they are),
	 * rather than showing what no store holds any more */
	if (s->wdb && xp_db_same_file(s->wdb, err))
		return NULL;
	xp_db *db = NULL;
	pthread_mutex_lock(&s->lock);
	if (s->nidle)
		db = s->idle[--s->nidle];
	pthread_mutex_unlock(&s->lock);
	/* read-only: a GET reads a snapshot of the WAL and never waits for a
	 * writer, whoever holds the write lock */
	if (!db && xp_db_open_mode(s->db, XP_DB_READ, &db, err))
		return NULL;
	return db;
}

void xp_serve_db_done(xp_server *s, xp_db *db)
{
	pthread_mutex_lock(&s->lock);
	if (s->nidle == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;
		xp_db **v = realloc(s->idle, cap * sizeof *v);
		if (v)
			s->idle = v, s->cap = cap;
	}
	if (s->nidle < s->cap) {
		s->idle[s->nidle++] = db;
		db = NULL;
	}
	pthread_mutex_unlock(&s->lock);
	xp_db_close(db);   /* only if it could not be kept */
}

/* --- starting and stopping ------------------------------------------------------------------------ */

static int token_chars(const char *t)
{
	for (; *t; t++)
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~", *t))
			return 0;
	return 1;
}

/* the address to bind, and whether it is a loopback one */
static int resolve(xp_server *s, int port, struct sockaddr_storage *ss, xp_err *err)
{
	struct addrinfo hints = {0}, *ai;
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	int rc = getaddrinfo(s->host, NULL, &hints, &ai);
	if (rc)
		return xp_failc(err, XP_EUSAGE, "", 0, "cannot use address %s: %s", s->host, gai_strerror(rc));
	memset(ss, 0, sizeof *ss);
	memcpy(ss, ai->ai_addr, ai->ai_addrlen);
	freeaddrinfo(ai);
	if (ss->ss_family == AF_INET6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;
		a->sin6_port = htons((uint16_t)port);
		s->v6 = 1;
		s->loopback = IN6_IS_ADDR_LOOPBACK(&a->sin6_addr);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)ss;
		a->sin_port = htons((uint16_t)port);
		s->loopback = (ntohl(a->sin_addr.s_addr) >> 24) == 127;
	}
	return 0;
}

int xp_serve_start(const xp_serve_opts *o, xp_server **out, xp_err *err)
{
	if (o->port < 0 || o->port > 65535)
		return xp_failc(err, XP_EUSAGE, "", 0, "port %d is not a TCP port", o->port);
	if (o->token && (strlen(o->token) < 8 || strlen(o->token) > 200 || !token_chars(o->token)))
		return xp_failc(err, XP_EUSAGE, "", 0, "a token is 8 to 200 of A-Z a-z 0-9 - . _ ~");
	xp_server *s = calloc(1, sizeof *s);
	if (!s)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->wake, NULL);
	s->lock_wait_ms = o->lock_wait_ms > 0 ? o->lock_wait_ms : 3000;
	snprintf(s->db, sizeof s->db, "%s", o->db);
	snprintf(s->host, sizeof s->host, "%s", o->host ? o->host : "127.0.0.1");
	snprintf(s->token, sizeof s->token, "%s", o->token ? o->token : "");
	s->run = o->run;
	s->max_body = o->max_body ? o->max_body : 64 * 1024;
	struct sockaddr_storage ss;
	xp_db *db = NULL;
	int rc = resolve(s, o->port, &ss, err);
	if (rc == 0 && !s->loopback && !s->token[0])
		rc = xp_failc(err, XP_EUSAGE, "", 0, "%s is not a loopback address: serving it needs --token SECRET",
			      s->host);
	/* the store must exist (XP_DB_WRITE never creates one), open (and
	 * migrate) and hold the run asked for */
	if (rc == 0 && (rc = xp_db_open_mode(s->db, XP_DB_WRITE, &db, err)) == 0) {
		int64_t latest = xp_db_latest_run(db);
		if (!latest)
			rc = xp_failc(err, XP_ENOTFOUND, s->db, 0, "no projection run in the database (xproj db import first)");
		else if (s->run && !xp_db_has_run(db, s->run))
			rc = xp_failc(err, XP_ENOTFOUND, s->db, 0, "there is no run %lld in the database", (long long)s->run);
		s->wdb = db;
		/* An edit is committed to the WAL before its reply, and synced
		 * with the next checkpoint, not at each commit: the fsync of every
		 * edit was most of an edit's time when other jobs wrote to the
		 * disk (p99 190 ms, issue 37).  A crash of the server loses no
		 * edit it answered; a crash of the machine may lose the last ones
		 * (seconds of one person's work), never the store's consistency. */
		xp_db_set_synchronous(db, 0);
	}
	if (rc == 0)
		xp_api_warm(s, db);
	if (rc == 0 && pthread_create(&s->writer, NULL, writer, s))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "cannot start the writer thread");
	else if (rc == 0)
		s->has_writer = 1;
	if (rc == 0) {
		unsigned threads = o->threads ? o->threads : 4;
		s->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME |
						(s->v6 ? MHD_USE_IPv6 : 0),
					(uint16_t)o->port, NULL, NULL, handle, s, MHD_OPTION_SOCK_ADDR, &ss,
					MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_NOTIFY_COMPLETED, completed, s,
					MHD_OPTION_CONNECTION_TIMEOUT, 60u, MHD_OPTION_CONNECTION_LIMIT, 512u,
					MHD_OPTION_EXTERNAL_LOGGER, quiet, NULL, MHD_OPTION_END);
		if (!s->d)
			rc = xp_failc(err, XP_EIO, "", 0, "cannot listen on %s port %d (in use?)", s->host, o->port);
	}
	if (rc) {
		xp_serve_stop(s);
		return rc;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
	s->port = info ? info->port : o->port;
	*out = s;
	return 0;
}

int xp_serve_port(const xp_server *s) { return s->port; }

void xp_serve_url(const xp_server *s, char *out, size_t n)
{
	int v6 = strchr(s->host, ':') != NULL;
	snprintf(out, n, "http://%s%s%s:%d/%s%s", v6 ? "[" : "", s->host, v6 ? "]" : "", s->port,
		 s->token[0] ? "?token=" : "", s->token);
}

void xp_serve_stop(xp_server *s)
{
	if (!s)
		return;
	/* the writer answers what is waiting (503) and ends, resuming every
	 * suspended connection, before the daemon may stop */
	if (s->has_writer) {
		pthread_mutex_lock(&s->lock);
		s->stopping = 1;
		pthread_cond_signal(&s->wake);
		pthread_mutex_unlock(&s->lock);
		pthread_join(s->writer, NULL);
	}
	if (s->d)
		MHD_stop_daemon(s->d);
	xp_db_close(s->wdb);
	for (size_t i = 0; i < s->nidle; i++)
		xp_db_close(s->idle[i]);
	free(s->idle);
	xp_api_free(s);
	pthread_mutex_destroy(&s->lock);
	pthread_cond_destroy(&s->wake);
	free(s);
}
