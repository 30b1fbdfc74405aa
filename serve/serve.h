/*
 * serve/serve.h — the correction workbench: an HTTP server (libmicrohttpd)
 * on a correction store, serving the page compiled into the library
 * (serve/assets/) and the JSON API under /api/ that the page and other tools
 * use (docs/cmd/serve.md).  Every action goes through correct/review.h,
 * i.e. the same validation as `xproj db`, and is committed before the reply.
 *
 * A server for people's work on a shared machine: it binds the loopback
 * address unless told otherwise, and then only with a token that every
 * request must carry; on loopback it answers only requests addressed to a
 * loopback name (DNS rebinding); a POST must be JSON from the page's own
 * origin (cross-site forms cannot be JSON); bodies are bounded; nothing but
 * the compiled-in files and the API exist (404 otherwise).
 *
 * Readers never wait for writers: GETs read on connections of their own
 * (the store is in WAL mode), and POSTs are written one at a time by a
 * writer thread, so a process holding the store's write lock (a pipeline
 * rerun, a shell inside BEGIN) delays only the POSTs, each at most
 * lock_wait_ms before a 503 with Retry-After.
 */
#ifndef XP_SERVE_H
#define XP_SERVE_H

#include "../base/error.h"

#include <stddef.h>
#include <stdint.h>

typedef struct xp_server xp_server;

typedef struct xp_serve_opts {
	const char *db;       /* the store (must exist and hold a run) */
	const char *host;     /* address to bind; NULL: 127.0.0.1 */
	int port;             /* 0: a free port (xp_serve_port says which) */
	const char *token;    /* required on every request if set; needed to bind a non-loopback address */
	int64_t run;          /* the run the page opens on; 0: the latest at each request */
	unsigned threads;     /* request threads; 0: 4 */
	size_t max_body;      /* POST bodies larger than this get 413; 0: 64 KiB */
	int lock_wait_ms;     /* a POST waits at most this for the store's write lock (another
				 process holding it), then gets 503 with Retry-After; 0: 3000 */
} xp_serve_opts;

/* Bind and start answering in background threads; returns at once. */
int xp_serve_start(const xp_serve_opts *o, xp_server **s, xp_err *err);
int xp_serve_port(const xp_server *s);
/* The address to open: http://HOST:PORT/ (with ?token=... when there is one). */
void xp_serve_url(const xp_server *s, char *out, size_t n);
/* Stop answering, wait for requests in flight, free everything. */
void xp_serve_stop(xp_server *s);

#endif
