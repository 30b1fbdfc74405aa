/* tests/unit/test_serve.c — the workbench's JSON API over HTTP on 127.0.0.1
 * (a free port; the server started and stopped here): every endpoint, the
 * version check that stops a second annotator from overwriting the first,
 * validation shared with `xproj db`, the security rules (loopback names,
 * token, methods, JSON from our origin, bounded bodies, 404 elsewhere), and
 * 8 annotators x 500 edits at once losing nothing. */
#include "testutil.h"
#include "dbutil.h"
#include "correct/review.h"
#include "serve/serve.h"
#include "../sample_store.h"
#include "../httpc.h"

#include <jansson.h>
#include <pthread.h>

static xp_server *srv;
static int port;
static int64_t run;

static void start(const char *token)
{
	xp_db *db = fresh();
	run = import(db);
	xp_db_close(db);
	xp_serve_opts o = {.db = path, .token = token, .threads = 4};
	xp_err e;
	assert_int_equal(xp_serve_start(&o, &srv, &e), 0);
	port = xp_serve_port(srv);
	assert_true(port > 0);
}

static void stop(void)
{
	xp_serve_stop(srv);
	xp_db *db;
	xp_err e;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	done(db);
}

/* status of a request, its JSON body in *out (if asked) */
static int call(const char *method, const char *p, const char *headers, const char *body, json_t **out)
{
	httpc_reply r;
	assert_int_equal(httpc(port, method, p, headers, body, &r), 0);
	if (out)
		*out = json_loads(r.body, 0, NULL);
	int st = r.status;
	httpc_free(&r);
	return st;
}

static int edit(const char *who, const char *key, const char *action, long version, int s, int a, int b,
		json_t **out)
{
	char body[400];
	snprintf(body, sizeof body,
		 "{\"annotator\":\"%s\",\"key\":\"%s\",\"action\":\"%s\",\"version\":%ld,\"span\":[%d,%d,%d]}", who, key,
		 action, version, s, a, b);
	return call("POST", "/api/edit", NULL, body, out);
}

#define J(o, k) json_object_get(o, k)
static long long jint(json_t *o, const char *k) { return (long long)json_integer_value(J(o, k)); }

static void endpoints(void **state)
{
	(void)state;
	start(NULL);
	json_t *o;
	assert_int_equal(call("GET", "/api/runs", NULL, NULL, &o), 200);
	assert_int_equal(json_array_size(J(o, "runs")), 1);
	assert_int_equal(jint(o, "default"), run);
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?limit=2", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "total"), 5);
	assert_int_equal(json_array_size(J(o, "items")), 2);
	/* the first of xp_db_triage's order, with what its rank rests on */
	assert_non_null(strstr(json_string_value(J(json_array_get(J(o, "items"), 0), "why")), "fixes/min"));
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?type=pronoun", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "total"), 3);   /* I, It, mine */
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?fate=projected&min_conf=0.5", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "total"), 3);
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?status=bogus", NULL, NULL, &o), 400);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d%7C1", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "key")), "d|1");
	assert_non_null(J(J(o, "triage"), "why"));
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d|9", NULL, NULL, &o), 404);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d|1&run=7", NULL, NULL, &o), 404);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d|1&run=x", NULL, NULL, &o), 400);
	json_decref(o);
	assert_int_equal(call("GET", "/api/stats", NULL, NULL, &o), 200);
	assert_int_equal(jint(J(o, "queue"), "total"), 5);
	assert_int_equal(jint(J(o, "fates"), "projected"), 3);
	json_decref(o);

	/* ann modifies d|1 on version 0; bob, who saw version 0 too, is refused
	 * and told what ann did */
	assert_int_equal(edit("ann", "d|1", "modify", 0, 0, 3, 5, &o), 200);
	assert_int_equal(jint(J(o, "mention"), "version"), 1);
	json_decref(o);
	assert_int_equal(edit("bob", "d|1", "delete", 0, 0, 0, 0, &o), 409);
	assert_string_equal(json_string_value(J(o, "error")), "conflict");
	json_t *m = J(o, "mention"), *last = json_array_get(J(m, "actions"), 0);
	assert_string_equal(json_string_value(J(last, "annotator")), "ann");
	assert_string_equal(json_string_value(J(last, "kind")), "modify");
	assert_int_equal(jint(m, "version"), 1);
	json_decref(o);
	/* the same rules as xproj db */
	assert_int_equal(edit("bob", "d|1", "modify", 1, 0, 4, 99, &o), 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "not inside the target sentence"));
	json_decref(o);
	assert_int_equal(edit("bob", "d|3", "add", 0, 1, 2, 3, &o), 200);
	json_decref(o);
	assert_int_equal(edit("bob", "d|3", "add", 1, 1, 2, 3, &o), 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "use modify"));
	json_decref(o);
	assert_int_equal(edit("bob", "d|42", "delete", 0, 0, 0, 0, &o), 404);
	json_decref(o);
	assert_int_equal(edit("bob", "d|1", "paint", 1, 0, 0, 0, &o), 400);
	json_decref(o);
	assert_int_equal(edit("", "d|1", "keep", 1, 0, 0, 0, &o), 422);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL, "{\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"keep\",\"version\":0}", &o), 200);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"note\",\"version\":1,\"note\":\"<b>它</b>\"}", &o),
			 200);
	assert_string_equal(json_string_value(J(json_array_get(J(J(o, "mention"), "actions"), 1), "note")), "<b>它</b>");
	json_decref(o);
	/* undo: bob's newest is the note */
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"annotator\":\"bob\"}", &o), 200);
	assert_string_equal(json_string_value(J(o, "undone")), "note d|2");
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"annotator\":\"nobody\"}", &o), 404);
	json_decref(o);
	/* places in the queue */
	assert_int_equal(call("POST", "/api/position", NULL, "{\"annotator\":\"ann\",\"key\":\"d|2\"}", &o), 200);
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?annotator=ann&limit=2", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(J(o, "position"), "key")), "d|2");
	long long at = jint(J(o, "position"), "index");
	assert_true(at >= 0);
	assert_int_equal(jint(o, "offset"), at - at % 2);
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?status=done", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "total"), 3);   /* d|1 edited, d|3 added, d|2 kept */
	json_decref(o);
	assert_int_equal(call("GET", "/api/stats", NULL, NULL, &o), 200);
	assert_int_equal(jint(J(o, "queue"), "done"), 3);
	assert_int_equal(jint(J(J(o, "reviews_by_annotator"), "bob"), "keep"), 1);
	assert_int_equal(jint(J(J(o, "by_annotator"), "ann"), "modify"), 1);
	json_decref(o);
	stop();
}

static int has_header(const char *head, const char *h)
{
	return strstr(head, h) != NULL;
}

static void security(void **state)
{
	(void)state;
	start(NULL);
	httpc_reply r;
	assert_int_equal(httpc(port, "GET", "/", NULL, NULL, &r), 0);
	assert_int_equal(r.status, 200);
	assert_true(has_header(r.head, "Content-Security-Policy: default-src 'none'; script-src 'self'"));
	assert_true(has_header(r.head, "X-Content-Type-Options: nosniff"));
	assert_true(has_header(r.head, "Content-Type: text/html"));
	httpc_free(&r);
	assert_int_equal(call("GET", "/app.js", NULL, NULL, NULL), 200);
	/* nothing but the compiled-in files and the API */
	assert_int_equal(call("GET", "/nope", NULL, NULL, NULL), 404);
	assert_int_equal(call("GET", "/../Makefile", NULL, NULL, NULL), 404);
	assert_int_equal(call("GET", "/%2e%2e/Makefile", NULL, NULL, NULL), 404);
	assert_int_equal(call("GET", "/api/", NULL, NULL, NULL), 404);
	assert_int_equal(call("GET", "/api/nope", NULL, NULL, NULL), 404);
	assert_int_equal(call("GET", "/api/edit", NULL, NULL, NULL), 405);
	assert_int_equal(call("POST", "/api/runs", NULL, "{}", NULL), 405);
	assert_int_equal(call("DELETE", "/", NULL, NULL, NULL), 405);
	assert_int_equal(call("PUT", "/api/edit", NULL, "{}", NULL), 405);
	/* another name for us (DNS rebinding) */
	assert_int_equal(call("GET", "/api/runs", "Host: evil.example:80\r\n", NULL, NULL), 403);
	assert_int_equal(call("GET", "/", "Host: attacker.example\r\n", NULL, NULL), 403);
	assert_int_equal(call("GET", "/api/runs", "Host: localhost:1\r\n", NULL, NULL), 200);
	assert_int_equal(call("GET", "/api/runs", "Host: [::1]\r\n", NULL, NULL), 200);
	/* POSTs: JSON only, from our origin, bounded */
	const char *ok = "{\"annotator\":\"ann\",\"key\":\"d|2\"}";
	assert_int_equal(call("POST", "/api/position", "Content-Type: text/plain\r\n", ok, NULL), 415);
	assert_int_equal(call("POST", "/api/position", "Content-Type: application/x-www-form-urlencoded\r\n", ok, NULL), 415);
	assert_int_equal(call("POST", "/api/position", "Origin: http://evil.example\r\n", ok, NULL), 403);
	assert_int_equal(call("POST", "/api/position", "Sec-Fetch-Site: cross-site\r\n", ok, NULL), 403);
	char origin[100];
	snprintf(origin, sizeof origin, "Origin: http://127.0.0.1:%d\r\n", port);
	assert_int_equal(call("POST", "/api/position", origin, ok, NULL), 200);
	assert_int_equal(call("POST", "/api/position", NULL, "{not json", NULL), 400);
	assert_int_equal(call("POST", "/api/position", NULL, "[1,2]", NULL), 400);
	assert_int_equal(call("POST", "/api/position", NULL, "{\"a\":1,\"a\":2}", NULL), 400);
	size_t big = 70 * 1024;
	char *huge = malloc(big + 1);
	memset(huge, ' ', big);
	huge[0] = '{', huge[big - 1] = '}', huge[big] = '\0';
	assert_int_equal(call("POST", "/api/position", NULL, huge, NULL), 413);
	free(huge);
	/* a name with a control character is refused, not stored */
	assert_int_equal(call("POST", "/api/position", NULL, "{\"annotator\":\"a\\u001b[2J\",\"key\":\"d|2\"}", NULL), 422);
	stop();
}

static void token(void **state)
{
	(void)state;
	start("s3cret-T0ken");
	assert_int_equal(call("GET", "/", NULL, NULL, NULL), 401);
	assert_int_equal(call("GET", "/api/runs", NULL, NULL, NULL), 401);
	assert_int_equal(call("GET", "/api/runs", "X-Xproj-Token: wrong-token\r\n", NULL, NULL), 401);
	assert_int_equal(call("GET", "/api/runs", "X-Xproj-Token: s3cret-T0ken\r\n", NULL, NULL), 200);
	assert_int_equal(call("GET", "/api/runs", "Cookie: xproj_token=s3cret-T0ken\r\n", NULL, NULL), 200);
	httpc_reply r;
	assert_int_equal(httpc(port, "GET", "/?token=s3cret-T0ken", NULL, NULL, &r), 0);
	assert_int_equal(r.status, 200);
	assert_true(has_header(r.head, "Set-Cookie: xproj_token=s3cret-T0ken; HttpOnly; SameSite=Strict"));
	httpc_free(&r);
	char url[200];
	xp_serve_url(srv, url, sizeof url);
	assert_non_null(strstr(url, "?token=s3cret-T0ken"));
	stop();
	/* another address needs a token; a token needs to be one */
	xp_serve_opts o = {.db = path, .host = "0.0.0.0"};
	xp_err e;
	assert_int_equal(xp_serve_start(&o, &srv, &e), XP_EUSAGE);
	assert_non_null(strstr(e.msg, "needs --token"));
	xp_serve_opts weak = {.db = path, .token = "short"};
	assert_int_equal(xp_serve_start(&weak, &srv, &e), XP_EUSAGE);
	xp_serve_opts none = {.db = "/nonexistent/x.db"};
	assert_int_equal(xp_serve_start(&none, &srv, &e), XP_ENOTFOUND);
}

/* the bundled sample (92 mentions, 85 projected) as a store, through the
 * pipeline with the hand word alignments */
static void start_sample(void)
{
	/* in memory when the machine has it: this test is about losing nothing
	 * between threads, not about the disk (fsync per commit would dominate) */
	snprintf(dir, sizeof dir, access("/dev/shm", W_OK) ? "/tmp/xp-serve-XXXXXX" : "/dev/shm/xp-serve-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/corrections.db", dir);
	xp_err e;
	assert_int_equal(sample_store(dir, &e), 0);
	xp_serve_opts so = {.db = path, .threads = 4};
	assert_int_equal(xp_serve_start(&so, &srv, &e), 0);
	port = xp_serve_port(srv);
}

/* 8 annotators at once, 500 edits each, as the page makes them: read the
 * mention, decide, send the decision with the version read.  Each walks the
 * queue from another place, so they meet on the same mentions now and then;
 * an edit is written (200) or refused because someone else changed the
 * mention since it was read (409), and nothing is lost or written twice:
 * the store's counts per annotator equal the 200s each one got, and each
 * mention's version equals the number of actions written on it. */
#define WORKERS 8
#define EDITS 500

typedef struct worker {
	int id, written, conflicts, other;
	char **keys;
	size_t nkeys;
	int *done;   /* per key: actions this worker wrote on it */
} worker;

static void *annotate(void *arg)
{
	worker *w = arg;
	char who[16], p[200], body[600];
	snprintf(who, sizeof who, "a%d", w->id);
	for (int i = 0; i < EDITS; i++) {
		size_t k = ((size_t)w->id * 11 + (size_t)i) % w->nkeys;
		json_t *m = NULL, *o = NULL;
		snprintf(p, sizeof p, "/api/mention?key=%s&context=0", w->keys[k]);
		if (call("GET", p, NULL, NULL, &m) != 200) {
			w->other++;
			continue;
		}
		json_t *sp = J(J(m, "current"), "span");
		long long v = jint(m, "version"), sent = json_integer_value(json_array_get(sp, 0));
		long long ntok = (long long)json_array_size(J(J(m, "target"), "tokens"));
		const char *act = i % 5 == 4 ? "keep" : i % 5 == 3 ? "note" : "modify";
		if (!json_is_array(sp))
			act = i % 2 ? "keep" : "note";
		long long a = (i / 5) % ntok, b = a + 1 + (i % 2 && a + 2 <= ntok);
		snprintf(body, sizeof body,
			 "{\"annotator\":\"%s\",\"key\":\"%s\",\"action\":\"%s\",\"version\":%lld,"
			 "\"span\":[%lld,%lld,%lld],\"note\":\"n%d\",\"context\":0}",
			 who, w->keys[k], act, v, sent, a, b, i);
		int st = call("POST", "/api/edit", NULL, body, &o);
		if (st == 200)
			w->written++, w->done[k]++;
		else if (st == 409)
			w->conflicts++;
		else
			w->other++, print_message("      %d %s\n", st, json_string_value(J(o, "message")));
		json_decref(m), json_decref(o);
	}
	return NULL;
}

static void eight_annotators(void **state)
{
	(void)state;
	start_sample();
	json_t *q;
	assert_int_equal(call("GET", "/api/queue?limit=500", NULL, NULL, &q), 200);
	size_t nkeys = json_array_size(J(q, "items"));
	assert_int_equal(nkeys, 92);
	char **keys = calloc(nkeys, sizeof *keys);
	for (size_t i = 0; i < nkeys; i++)
		keys[i] = strdup(json_string_value(J(json_array_get(J(q, "items"), i), "key")));
	json_decref(q);
	pthread_t t[WORKERS];
	worker w[WORKERS];
	for (int i = 0; i < WORKERS; i++) {
		w[i] = (worker){.id = i, .keys = keys, .nkeys = nkeys, .done = calloc(nkeys, sizeof(int))};
		pthread_create(&t[i], NULL, annotate, &w[i]);
	}
	int written = 0, conflicts = 0;
	for (int i = 0; i < WORKERS; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(w[i].other, 0);
		written += w[i].written, conflicts += w[i].conflicts;
	}
	assert_int_equal(written + conflicts, WORKERS * EDITS);
	print_message("      %d written, %d refused as conflicts\n", written, conflicts);
	/* each mention: its version counts exactly the actions written on it */
	long long versions = 0;
	for (size_t k = 0; k < nkeys; k++) {
		char p[200];
		json_t *m;
		snprintf(p, sizeof p, "/api/mention?key=%s", keys[k]);
		assert_int_equal(call("GET", p, NULL, NULL, &m), 200);
		int want = 0;
		for (int i = 0; i < WORKERS; i++)
			want += w[i].done[k];
		assert_int_equal(jint(m, "version"), want);
		assert_int_equal(jint(m, "actions_total"), want);
		versions += jint(m, "version");
		json_decref(m);
	}
	assert_int_equal(versions, written);
	/* each annotator: the store holds what they were told was written */
	json_t *o;
	assert_int_equal(call("GET", "/api/stats", NULL, NULL, &o), 200);
	for (int i = 0; i < WORKERS; i++) {
		char who[16];
		snprintf(who, sizeof who, "a%d", i);
		json_t *e = J(J(o, "by_annotator"), who), *r = J(J(o, "reviews_by_annotator"), who);
		assert_int_equal(jint(e, "modify") + jint(r, "keep") + jint(r, "note"), w[i].written);
		free(w[i].done);
	}
	json_decref(o);
	for (size_t i = 0; i < nkeys; i++)
		free(keys[i]);
	free(keys);
	stop();   /* PRAGMA integrity_check */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(endpoints),
		cmocka_unit_test(security),
		cmocka_unit_test(token),
		cmocka_unit_test(eight_annotators),
	};
	return cmocka_run_group_tests_name("serve", tests, NULL, NULL);
}
