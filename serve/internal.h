/*
 * serve/internal.h — what serve/'s files share: the server (its store
 * connections: read-only ones, one per GET in flight, and the writer's;
 * the triage queue is the store's, correct/queue.c), and the API's entry points that http.c calls with a
 * request already checked.  Internal to serve/.
 */
#ifndef XP_SERVE_INTERNAL_H
#define XP_SERVE_INTERNAL_H

#include "serve.h"
#include "../base/vocab.h"
#include "../correct/review.h"

#include <jansson.h>
#include <pthread.h>

struct xp_post;   /* a POST waiting for the writer (serve/http.c) */

struct xp_server {
	struct MHD_Daemon *d;
	char db[1024], host[256], token[256];
	int port, loopback, v6;
	int64_t run;
	size_t max_body;
	int lock_wait_ms;       /* how long a POST may wait for the store's write lock */
	pthread_mutex_t lock;   /* guards idle, lists and the writer's queue */
	xp_db **idle;           /* open read-only connections not in use (GETs) */
	size_t nidle, cap;
	json_t *lists;          /* the documents and fates of run lists_run (xp_db_queue_lists): */
	int64_t lists_run;      /* a run's never change, and at 1M mentions they are 13k names */
	/* The writer: one thread, one connection, the POSTs in arrival order.
	 * A request thread never waits for the write lock: it hands the POST
	 * over and goes on serving others (the connection is suspended until
	 * the writer has answered). */
	xp_db *wdb;
	pthread_t writer;
	int has_writer, stopping;
	pthread_cond_t wake;
	struct xp_post *head, *tail;
	size_t npending;
	/* jieba's words, to show Chinese target text as words: loaded by a
	 * thread of its own when the server starts on a store with a Chinese
	 * run (a GET never waits for it: until it is there, or without
	 * python3-jieba, the text is shown a token a word) */
	struct xp_zhseg *seg;   /* the word segmenter (model/zhseg.h) of an unspaced language */
	int seg_state;   /* 0 none, 1 loading (seg_thread runs), 2 loaded or failed */
	pthread_t seg_thread;
	/* the word aligner's model of each run, read once (serve/reproject.c):
	 * by a thread of its own from the server's start (models_state 1
	 * while it reads, 2 done; 0 none), which a realign waits for only
	 * when it comes first; the list under lock */
	struct xp_rp_model *models;
	int models_state, models_stop;
	pthread_t models_thread;
	pthread_cond_t models_cv;
};

/* A connection to the store for one request, and back. */
xp_db *xp_serve_db(xp_server *s, xp_err *err);
void xp_serve_db_done(xp_server *s, xp_db *db);

/* query arguments of the request */
typedef struct xp_args {
	const char *(*get)(void *ctx, const char *name);
	void *ctx;
} xp_args;

/* The API: path under /api/, the request's arguments or JSON body; *out
 * gets the reply's JSON.  Returns the HTTP status. */
int xp_api_get(xp_server *s, const char *path, const xp_args *a, json_t **out);
/* POSTs: on the writer's connection (one at a time), bounded in how long
 * they wait for the store's write lock (503 past it) */
int xp_api_post(xp_server *s, xp_db *db, const char *path, json_t *body, json_t **out);
/* 1 if path names an API endpoint for method ("GET"/"POST"), 0 if the path
 * exists for the other method only, -1 if it does not exist */
int xp_api_route(const char *path, const char *method);

/* After a realign of mention key's utterance (committed): its English
 * mentions projected again in the new sentence with the run's model and
 * rules, stored as proposals, or why none (serve/reproject.c); *summary
 * {"state":"proposed","proposed","mentions","model_bytes"} or
 * {"state":"none","why"}.  -1 when nothing could be stored. */
int xp_reproject(xp_server *s, xp_db *db, int64_t run, const char *key, json_t **summary);
void xp_reproject_free(xp_server *s);
/* starts reading the models the store's runs record, in the background */
void xp_reproject_warm(xp_server *s, xp_db *db);
/* run's model as the server has it: {"state":"reading"} (the loader has it
 * still to read), {"state":"ready","bytes"}, {"state":"none","why"}, or
 * JSON null (not known: a run added since the server started) */
json_t *xp_reproject_state(xp_server *s, int64_t run);

/* the run lists and the Chinese segmenter (free at stop) */
void xp_api_free(xp_server *s);
/* starts loading jieba's words when the store db has a Chinese run */
void xp_api_warm(xp_server *s, xp_db *db);

#endif
