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
#include "base/file.h"

#include <jansson.h>
#include <pthread.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <time.h>

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
		 "{\"run\":%lld,\"annotator\":\"%s\",\"key\":\"%s\",\"action\":\"%s\",\"version\":%ld,\"span\":[%d,%d,%d]}",
		 (long long)run, who, key, action, version, s, a, b);
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
	/* the sample's Chinese run is written left to right (its pack's script) */
	assert_string_equal(json_string_value(J(json_array_get(J(o, "runs"), 0), "dir")), "ltr");
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
	/* a number read whole or refused ("abc" was 0, "1e3" was 1, with 200) */
	static const char *const bad[] = {"/api/queue?limit=abc", "/api/queue?offset=2x", "/api/queue?min_conf=0.5x",
					  "/api/queue?max_conf=nan", "/api/mention?key=d%7C1&context=abc",
					  "/api/mention?key=d%7C1&context=1e3"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		assert_int_equal(call("GET", bad[i], NULL, NULL, &o), 400);
		json_decref(o);
	}
	assert_int_equal(call("GET", "/api/mention?key=d%7C1&context=-3", NULL, NULL, &o), 200);   /* clamped to 0 */
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
	assert_int_equal(call("POST", "/api/edit", NULL, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"keep\",\"version\":0}", &o), 200);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"note\",\"version\":1,\"note\":\"<b>它</b>\"}", &o),
			 200);
	assert_string_equal(json_string_value(J(json_array_get(J(J(o, "mention"), "actions"), 1), "note")), "<b>它</b>");
	json_decref(o);
	/* the refusals a corrector reads say what to do, in the page's words
	 * (they said "a note is text, at most 4000 bytes", and gave versions):
	 * a note of 1400 three-byte characters, an undo decided on another
	 * mention or on an old version; nothing written */
	{
		char big[4400 + 200];
		int k = snprintf(big, 200, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"note\",\"version\":2,\"note\":\"");
		for (int i = 0; i < 1400; i++, k += 3)
			memcpy(big + k, "\xe5\xae\x83", 3);
		snprintf(big + k, 10, "\"}");
		assert_int_equal(call("POST", "/api/edit", NULL, big, &o), 422);
		assert_non_null(strstr(json_string_value(J(o, "message")), "the note is too long: at most 4000 bytes"));
		assert_non_null(strstr(json_string_value(J(o, "message")), "shorten it and save it again"));
		json_decref(o);
	}
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"version\":2}", &o),
			 409);
	assert_string_equal(json_string_value(J(o, "message")), "your last action is now note d|2, not "
				"the one on d|1 you meant (in another tab?); press u again to undo note d|2");
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"version\":1}", &o),
			 409);
	assert_non_null(strstr(json_string_value(J(o, "message")), "d|2 changed a moment ago"));
	assert_null(strstr(json_string_value(J(o, "message")), "version"));
	assert_int_equal(jint(J(o, "mention"), "version"), 2);
	json_decref(o);
	/* undo: bob's newest is the note, on version 2 of d|2 */
	assert_int_equal(call("GET", "/api/undo?annotator=bob", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "undo")), "note d|2");
	assert_int_equal(jint(o, "version"), 2);
	json_decref(o);
	/* what an undo takes back, cut to its buffer at a character's start:
	 * "note " and not the first two bytes of the quote (before: cut inside
	 * a character, which jansson refused in POST /api/undo's reply, a 500
	 * for an undo made) */
	{
		xp_db *rd;
		xp_err e;
		char said[7];
		assert_int_equal(xp_db_open(path, &rd, &e), 0);
		assert_int_equal(xp_db_undo_said(rd, 1, "bob", said, sizeof said), 0);
		assert_string_equal(said, "note ");
		xp_db_close(rd);
	}
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"version\":2}", &o),
			 200);
	assert_string_equal(json_string_value(J(o, "undone")), "note d|2");
	/* in the page's words: the mention by its English words and line, not its key (h-wb8) */
	assert_true(!strncmp(json_string_value(J(o, "said")), "note \u201c", 8));
	assert_non_null(strstr(json_string_value(J(o, "said")), "\u201d (line "));
	assert_null(strstr(json_string_value(J(o, "said")), "d|2"));
	json_decref(o);
	assert_int_equal(call("GET", "/api/undo?annotator=nobody", NULL, NULL, &o), 404);
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"nobody\",\"key\":\"d|2\",\"version\":3}", &o),
			 404);
	json_decref(o);
	/* every action carries the version it was decided on: none, negative or
	 * not a number is refused, never written without the check (issue 32, D11) */
	static const char *const unversioned[] = {
		"{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"delete\"}",
		"{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"delete\",\"version\":-1}",
		"{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"keep\",\"version\":null}",
		"{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"keep\",\"version\":1.0}",
		"{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"modify\",\"version\":\"1\",\"span\":[0,1,2]}",
		"{\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"delete\",\"version\":1}",
	};
	for (size_t i = 0; i < sizeof unversioned / sizeof *unversioned; i++) {
		assert_int_equal(call("POST", "/api/edit", NULL, unversioned[i], &o), 400);
		json_decref(o);
	}
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"bob\"}", &o), 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|3\",\"version\":-1}", &o), 400);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d|1", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "version"), 1);   /* nothing written */
	json_decref(o);
	/* places in the queue */
	assert_int_equal(call("POST", "/api/position", NULL, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\"}", &o), 200);
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

/* the tgt_mentions of the scene's utterance holding target sentence `sent`, as "id:start-end" */
static void tgt_marks(json_t *m, long long sent, char *out, size_t n)
{
	size_t i, k;
	json_t *u, *x;
	out[0] = 0;
	json_array_foreach(J(J(m, "scene"), "utterances"), i, u) {
		if (!json_is_integer(J(u, "sent")) || jint(u, "sent") != sent)
			continue;
		json_array_foreach(J(u, "tgt_mentions"), k, x) {
			size_t l = strlen(out);
			snprintf(out + l, n - l, "%s%lld:%lld-%lld%s", l ? " " : "", jint(x, "id"), jint(x, "start"),
				 jint(x, "end"), json_is_true(J(x, "self")) ? "*" : "");
		}
		return;
	}
}

/* the cluster label export gives mention id of document d */
static long long exported_cluster(int64_t r, uint32_t id)
{
	xp_db *db;
	xp_err e;
	xp_corpus c = {0};
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_export(db, r, 0, &c, &e), 0);
	long long label = -1;
	for (size_t i = 0; i < c.docs[0].nmentions; i++)
		if (c.docs[0].mentions[i].id == id)
			label = c.docs[0].clusters[c.docs[0].mentions[i].cluster].label;
	xp_corpus_free(&c);
	xp_db_close(db);
	return label;
}

/* issue 34: the chain on the target side of the scene, and relink moving a
 * mention to another cluster: stored, in the history, undone, exported */
static void relink(void **state)
{
	(void)state;
	start(NULL);
	json_t *o, *m;
	char marks[200];
	/* d|2 "It" is in cluster 2 with d|1 "the big red car"; d|0 "I" in 1 */
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	assert_int_equal(jint(J(m, "scene"), "tgt_cluster"), 2);
	json_t *sp = json_deep_copy(J(J(m, "current"), "span"));
	long long sent = (long long)json_integer_value(json_array_get(sp, 0));
	long long a = (long long)json_integer_value(json_array_get(sp, 1)), b = (long long)json_integer_value(json_array_get(sp, 2));
	tgt_marks(m, sent, marks, sizeof marks);
	char want[64];
	snprintf(want, sizeof want, "2:%lld-%lld*", a, b);
	assert_string_equal(marks, want);   /* the mention itself, marked as such */
	json_decref(m);
	/* d|0's scene: its own span, and no sign of d|2 (another entity) */
	assert_int_equal(call("GET", "/api/mention?key=d%7C0", NULL, NULL, &m), 200);
	tgt_marks(m, sent, marks, sizeof marks);
	assert_null(strstr(marks, "2:"));
	json_decref(m);
	assert_int_equal(exported_cluster(run, 2), 2);

	/* relink d|2 to cluster 1: the same span, the other entity */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":0,\"cluster\":1}", &o),
			 200);
	m = J(o, "mention");
	assert_int_equal(jint(J(m, "scene"), "tgt_cluster"), 1);
	assert_true(json_equal(J(J(m, "current"), "span"), sp));
	json_t *last = json_array_get(J(m, "actions"), json_array_size(J(m, "actions")) - 1);
	assert_string_equal(json_string_value(J(last, "kind")), "modify");
	assert_int_equal(jint(last, "cluster"), 1);
	assert_int_equal(jint(m, "version"), 1);
	json_decref(o);
	/* now in d|0's chain on the target side */
	assert_int_equal(call("GET", "/api/mention?key=d%7C0", NULL, NULL, &m), 200);
	tgt_marks(m, sent, marks, sizeof marks);
	snprintf(want, sizeof want, "2:%lld-%lld", a, b);
	assert_non_null(strstr(marks, want));
	json_decref(m);
	assert_int_equal(exported_cluster(run, 2), 1);
	/* refused: the cluster it is in, no span, no number, a stale version */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":1,\"cluster\":1}", &o),
			 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "already"));
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|3\",\"action\":\"relink\",\"version\":0,\"cluster\":2}", &o),
			 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "select its tokens and press a to add it, then relink it"));
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":1,\"cluster\":\"1\"}", &o),
			 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":1,\"cluster\":-3}", &o),
			 422);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":0,\"cluster\":7}", &o),
			 409);
	json_decref(o);
	/* undo takes it back to cluster 2 */
	assert_int_equal(call("GET", "/api/undo?annotator=ann", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "undo")), "modify d|2");
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"version\":1}", &o), 200);
	assert_int_equal(jint(J(J(o, "mention"), "scene"), "tgt_cluster"), 2);
	json_decref(o);
	assert_int_equal(exported_cluster(run, 2), 2);
	/* a new entity: a number no cluster has */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":2,\"cluster\":40}", &o),
			 200);
	json_decref(o);
	assert_int_equal(exported_cluster(run, 2), 40);
	json_decref(sp);
	stop();
}

/* An edit that would make two mentions of one entity cross in a sentence
 * (CoNLL and CorefUD brackets cannot hold them: correct/cross.c) is
 * refused with 422 and a reason the page shows; nothing is written */
static void crossing_refused(void **state)
{
	(void)state;
	start(NULL);
	json_t *o;
	/* d|0 "我" (entity 1) over 2-4 crosses d|1 "那辆红色的大车" (3-7, entity 2): another entity, allowed */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"modify\",\"version\":0,\"span\":[0,2,5]}", &o),
			 200);
	json_decref(o);
	/* relinking it into d|1's entity would make the pair */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"relink\",\"version\":1,\"cluster\":2}", &o),
			 422);
	assert_non_null(strstr(json_string_value(J(o, "message")),
			       "d|0 and '那辆 红色 的 大 车' (d|1) are one entity and their tokens would overlap without one holding the "
			       "other (sentence 0, tokens 2-4 and 3-7), which the exported corpus cannot write: choose tokens that hold "
			       "it or sit inside it, or relink one of them to another entity"));
	json_decref(o);
	/* so would merging the entities */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"merge\",\"version\":1,\"cluster\":2}", &o),
			 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "which the exported corpus cannot write"));
	json_decref(o);
	/* nothing written: the version is still 1, the entity still 1 */
	assert_int_equal(call("GET", "/api/mention?key=d%7C0", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "version"), 1);
	assert_int_equal(jint(J(o, "scene"), "tgt_cluster"), 1);
	json_decref(o);
	stop();
}

/* the number of history entries of action `what` */
static int history_count(const char *what)
{
	xp_db *db;
	xp_err e;
	json_t *log, *x;
	size_t i;
	int n = 0;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_log_json(db, &log, &e), 0);
	json_array_foreach(log, i, x)
		n += !strcmp(json_string_value(J(x, "action")), what);
	json_decref(log);
	xp_db_close(db);
	return n;
}

/* merging two entities: every target mention of d|2's entity (cluster 2:
 * d|1 and d|2) into d|0's (cluster 1) in one request, one step of the
 * history, one undo; refused on a stale version or an entity that changed
 * since the corrector saw it; export gives one cluster, then two again */
static void merge(void **state)
{
	(void)state;
	start(NULL);
	json_t *o, *m;
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	assert_int_equal(jint(J(m, "scene"), "tgt_cluster"), 2);
	long long size = jint(J(m, "scene"), "tgt_cluster_size");
	assert_true(size >= 2);   /* d|1 and d|2 */
	assert_true(jint(J(m, "scene"), "utts") > 0);
	json_decref(m);
	assert_int_equal(exported_cluster(run, 1), 2);
	assert_int_equal(exported_cluster(run, 2), 2);
	assert_int_equal(exported_cluster(run, 0), 1);
	assert_int_equal(call("GET", "/api/queue?annotator=ann", NULL, NULL, &o), 200);
	long long done0 = jint(o, "done");
	json_decref(o);
	int merges0 = history_count("merge");
	char body[300];
	/* the entity had another size than the page saw: someone changed it */
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"merge\",\"version\":0,"
		 "\"cluster\":1,\"size\":%lld}", size + 1);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 409);
	assert_non_null(strstr(json_string_value(J(o, "message")), "changed since you saw it"));
	json_decref(o);
	/* a stale version, its own cluster, not a number */
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"merge\",\"version\":3,"
		 "\"cluster\":1,\"size\":%lld}", size);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 409);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"merge\",\"version\":0,\"cluster\":2}", &o),
			 422);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"merge\",\"version\":0,\"cluster\":\"1\"}", &o),
			 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|3\",\"action\":\"merge\",\"version\":0,\"cluster\":1}", &o),
			 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "select its tokens and press a to add it, then merge it"));
	json_decref(o);
	assert_int_equal(history_count("merge"), merges0);   /* nothing written */
	assert_int_equal(exported_cluster(run, 1), 2);
	/* the merge: one request */
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"merge\",\"version\":0,"
		 "\"cluster\":1,\"size\":%lld}", size);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 200);
	assert_int_equal(jint(o, "moved"), size);
	m = J(o, "mention");
	assert_int_equal(jint(J(m, "scene"), "tgt_cluster"), 1);
	json_t *ents = J(J(m, "scene"), "entities"), *x;
	size_t i;
	json_array_foreach(ents, i, x)
		assert_true(jint(x, "cluster") != 2);   /* the entity is gone: all its mentions had spans */
	json_decref(o);
	/* one cluster in the export, one step in the history, the queue's counts */
	assert_int_equal(exported_cluster(run, 0), 1);
	assert_int_equal(exported_cluster(run, 1), 1);
	assert_int_equal(exported_cluster(run, 2), 1);
	assert_int_equal(history_count("merge"), merges0 + 1);
	assert_int_equal(call("GET", "/api/queue?annotator=ann", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "done"), done0 + size);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d%7C1", NULL, NULL, &m), 200);
	assert_int_equal(jint(J(m, "scene"), "tgt_cluster"), 1);
	assert_string_equal(json_string_value(J(m, "status")), "edited");
	json_decref(m);
	/* one undo takes all of it back */
	assert_int_equal(call("GET", "/api/undo?annotator=ann", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "undo")), "merge d|2");
	long long v = jint(o, "version");
	json_decref(o);
	assert_int_equal(call("GET", "/api/undo?annotator=bob", NULL, NULL, &o), 404);   /* not bob's */
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"version\":%lld}", v);
	assert_int_equal(call("POST", "/api/undo", NULL, body, &o), 200);
	assert_string_equal(json_string_value(J(o, "undone")), "merge d|2");
	assert_int_equal(jint(J(J(o, "mention"), "scene"), "tgt_cluster"), 2);
	json_decref(o);
	assert_int_equal(exported_cluster(run, 1), 2);
	assert_int_equal(exported_cluster(run, 2), 2);
	assert_int_equal(call("GET", "/api/queue?annotator=ann", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "done"), done0);
	json_decref(o);
	assert_int_equal(call("GET", "/api/undo?annotator=ann", NULL, NULL, &o), 404);   /* nothing more */
	json_decref(o);
	/* merged again; bob then keeps d|1, one of its mentions: ann's undo of
	 * the merge would take his work's ground away, and is refused */
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"merge\",\"version\":%lld,"
		 "\"cluster\":1,\"size\":%lld}", jint(m, "version"), size);
	json_decref(m);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 200);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d%7C1", NULL, NULL, &m), 200);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|1\",\"action\":\"keep\",\"version\":%lld}",
		 jint(m, "version"));
	json_decref(m);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 200);
	json_decref(o);
	assert_int_equal(call("GET", "/api/undo?annotator=ann", NULL, NULL, &o), 200);
	v = jint(o, "version");
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"version\":%lld}", v);
	assert_int_equal(call("POST", "/api/undo", NULL, body, &o), 409);
	assert_non_null(strstr(json_string_value(J(o, "message")), "bob"));
	json_decref(o);
	assert_int_equal(exported_cluster(run, 1), 1);
	stop();
}

/* the version of mention key (DOC|ID) now */
static long long version_of(const char *key)
{
	char q[200];
	json_t *m;
	const char *bar = strchr(key, '|');
	snprintf(q, sizeof q, "/api/mention?key=%.*s%%7C%s", (int)(bar - key), key, bar + 1);
	assert_int_equal(call("GET", q, NULL, NULL, &m), 200);
	long long v = jint(m, "version");
	json_decref(m);
	return v;
}

/* POST edit as `who`: `action` of `key` with `extra` JSON fields; status,
 * the reply's message (if any) in msg */
static int act_on(const char *who, const char *key, const char *action, const char *extra, char *msg, size_t n)
{
	char body[400];
	json_t *o;
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"%s\",\"key\":\"%s\",\"action\":\"%s\",\"version\":%lld,%s}",
		 who, key, action, version_of(key), extra);
	int st = call("POST", "/api/edit", NULL, body, &o);
	if (msg)
		snprintf(msg, n, "%s", json_string_value(J(o, "message")) ? json_string_value(J(o, "message")) : "");
	json_decref(o);
	return st;
}

/* what GET /api/undo offers `who`, taken back by POST undo: its status,
 * the reply's message in msg */
static int undo_as(const char *who, char *msg, size_t n)
{
	char q[100], body[300];
	json_t *o;
	snprintf(q, sizeof q, "/api/undo?annotator=%s", who);
	assert_int_equal(call("GET", q, NULL, NULL, &o), 200);
	const char *what = json_string_value(J(o, "undo"));
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"%s\",\"key\":\"%s\",\"version\":%lld}", who,
		 strchr(what, ' ') + 1, jint(o, "version"));
	json_decref(o);
	int st = call("POST", "/api/undo", NULL, body, &o);
	snprintf(msg, n, "%s", json_string_value(J(o, "message")) ? json_string_value(J(o, "message")) : "");
	json_decref(o);
	return st;
}

/* a merge then another annotator's relink of one of the mentions it moved:
 * the merge's undo is refused (naming him) while his relink stands, and
 * allowed once he has undone it, which puts every moved mention back;
 * sizes that lie are refused, nothing written; a merge into a cluster no
 * mention of the document is in (another document's number) is refused:
 * it would only renumber the entity (it was stored) */
static void merge_relinked(void **state)
{
	(void)state;
	start(NULL);
	json_t *m;
	char extra[100], msg[300];
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	long long size = jint(J(m, "scene"), "tgt_cluster_size");
	json_decref(m);
	static const char *const lies[] = {"0", "4611686018427387904", "-1", "\"2\"", "2.0"};
	static const int lie_status[] = {409, 409, 400, 400, 400};
	for (size_t k = 0; k < sizeof lies / sizeof *lies; k++) {
		snprintf(extra, sizeof extra, "\"cluster\":1,\"size\":%s", lies[k]);
		assert_int_equal(act_on("ann", "d|2", "merge", extra, NULL, 0), lie_status[k]);
	}
	assert_int_equal(history_count("merge"), 0);
	snprintf(extra, sizeof extra, "\"cluster\":1,\"size\":%lld", size);
	assert_int_equal(act_on("ann", "d|2", "merge", extra, NULL, 0), 200);
	/* bob moves d|1 on to cluster 5: ann's merge cannot be undone */
	assert_int_equal(act_on("bob", "d|1", "relink", "\"cluster\":5", NULL, 0), 200);
	assert_int_equal(undo_as("ann", msg, sizeof msg), 409);
	assert_non_null(strstr(msg, "bob"));
	assert_int_equal(exported_cluster(run, 1), 5);
	assert_int_equal(exported_cluster(run, 2), 1);
	/* bob takes his relink back: ann's merge can go, every mention back */
	assert_int_equal(undo_as("bob", msg, sizeof msg), 200);
	assert_int_equal(undo_as("ann", msg, sizeof msg), 200);
	assert_int_equal(exported_cluster(run, 1), 2);
	assert_int_equal(exported_cluster(run, 2), 2);
	assert_int_equal(exported_cluster(run, 0), 1);
	/* a merge into a cluster no mention of the document is in */
	snprintf(extra, sizeof extra, "\"cluster\":77,\"size\":%lld", size);
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 422);
	assert_non_null(strstr(msg, "no mention of this document is in entity 77: choose one of the document's entities"));
	assert_int_equal(history_count("merge"), 1);   /* the one merge: nothing written */
	assert_int_equal(exported_cluster(run, 2), 2);
	stop();
}

/* A merge sends the entity's members as the scene named them
 * (tgt_cluster_members): bob moving one mention out and another in keeps
 * the size ann saw, not the members, and her merge is a 409 naming both;
 * members that are not strings are a 400; the members as they are, 200. */
static void merge_members(void **state)
{
	(void)state;
	start(NULL);
	json_t *m;
	char extra[300], msg[300];
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	json_t *mem = J(J(m, "scene"), "tgt_cluster_members");
	assert_int_equal(json_array_size(mem), 2);
	assert_string_equal(json_string_value(json_array_get(mem, 0)), "d|1");
	assert_string_equal(json_string_value(json_array_get(mem, 1)), "d|2");
	char hash[40];   /* the scene's hash of them, which a page sends where the scene lists none */
	snprintf(hash, sizeof hash, "%s", json_string_value(J(J(m, "scene"), "tgt_cluster_members_hash")));
	assert_int_equal(strlen(hash), 17);
	json_decref(m);
	assert_int_equal(act_on("bob", "d|1", "relink", "\"cluster\":5", NULL, 0), 200);
	assert_int_equal(act_on("bob", "d|0", "relink", "\"cluster\":2", NULL, 0), 200);
	snprintf(extra, sizeof extra, "\"cluster\":5,\"size\":2,\"members\":[\"d|2\",\"d|1\"]");
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 409);
	assert_non_null(strstr(msg, "this entity (cluster 2) changed since you saw it (d|0 joined it; d|1 left it)"));
	snprintf(extra, sizeof extra, "\"cluster\":5,\"size\":2,\"members\":[\"d|2\",7]");
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 400);
	snprintf(extra, sizeof extra, "\"cluster\":5,\"size\":2,\"members\":\"d|2\"");
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 400);
	snprintf(extra, sizeof extra, "\"cluster\":5,\"size\":2,\"members_hash\":\"%s\"", hash);
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 409);
	assert_non_null(strstr(msg, "this entity (cluster 2) changed since you saw it (its members are not those shown)"));
	snprintf(extra, sizeof extra, "\"cluster\":5,\"size\":2,\"members_hash\":\"d|2\"");
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 400);
	assert_int_equal(history_count("merge"), 0);
	snprintf(extra, sizeof extra, "\"cluster\":5,\"size\":2,\"members\":[\"d|2\",\"d|0\"]");
	assert_int_equal(act_on("ann", "d|2", "merge", extra, msg, sizeof msg), 200);
	assert_int_equal(exported_cluster(run, 0), 5);
	assert_int_equal(exported_cluster(run, 2), 5);
	stop();
}

/* issue 34, the cause: the API's realign and target-only mention.  This
 * store's run kept no subtitle lines, so a realign is refused with the
 * reason; a target-only mention is stored, shown, undone. */
static void fix_the_cause(void **state)
{
	(void)state;
	start(NULL);
	json_t *o, *m;
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	assert_int_equal(json_array_size(J(J(m, "lines"), "blocks")), 0);
	assert_true(json_is_null(J(J(m, "pairing"), "conf")));
	json_decref(m);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"realign\",\"version\":0}", &o), 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"realign\",\"version\":0,"
			      "\"blocks\":[\"1\"]}", &o), 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"realign\",\"version\":0,"
			      "\"blocks\":[1]}", &o), 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "not among the lines"));
	json_decref(o);
	/* target-only: refused without its fields, outside the sentence, on a stale version */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"tadd\",\"version\":0,"
			      "\"span\":[2,3],\"cluster\":1}", &o), 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"tadd\",\"version\":0,"
			      "\"utt\":1,\"span\":[2,30],\"cluster\":1}", &o), 422);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"tadd\",\"version\":3,"
			      "\"utt\":1,\"span\":[2,3],\"cluster\":1}", &o), 409);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"tadd\",\"version\":0,"
			      "\"utt\":1,\"span\":[2,3],\"cluster\":1}", &o), 200);
	m = J(o, "mention");
	assert_int_equal(jint(m, "version"), 1);
	json_t *u = json_array_get(J(J(m, "scene"), "utterances"), 1), *x, *found = NULL;
	size_t i;
	json_array_foreach(J(u, "tgt_mentions"), i, x)
		if (json_is_true(J(x, "target_only")))
			found = x;
	assert_non_null(found);
	assert_int_equal(jint(found, "start"), 2);
	json_decref(o);
	assert_int_equal(call("GET", "/api/undo?annotator=ann", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "undo")), "tadd d|0");
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"version\":1}", &o), 200);
	u = json_array_get(J(J(J(o, "mention"), "scene"), "utterances"), 1);
	found = NULL;
	json_array_foreach(J(u, "tgt_mentions"), i, x)
		if (json_is_true(J(x, "target_only")))
			found = x;
	assert_null(found);
	json_decref(o);
	stop();
}

/* A target-only mention relinked alone through the API: POST edit
 * relink with tadd (and from, the cluster it was seen in), the line's
 * target_only list, 400 without a number, 409 on a stale from, and one
 * undo (GET /api/undo names it, the mention on screen its key). */
static void relink_target_only(void **state)
{
	(void)state;
	start(NULL);
	json_t *o, *m;
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"tadd\",\"version\":0,"
			      "\"utt\":1,\"span\":[2,3],\"cluster\":1}", &o), 200);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d%7C2", NULL, NULL, &m), 200);
	json_t *to = J(J(m, "target"), "target_only");
	assert_int_equal(json_array_size(to), 1);
	long long tid = jint(json_array_get(to, 0), "tid"), v = jint(m, "version");
	assert_int_equal(jint(json_array_get(to, 0), "cluster"), 1);
	assert_int_equal(jint(json_array_get(to, 0), "start"), 2);
	json_decref(m);
	char body[400];
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":0,"
			      "\"tadd\":\"1\",\"cluster\":2}", &o), 400);
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":0,"
			      "\"from\":1,\"cluster\":2}", &o), 400);
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":%lld,"
		 "\"tadd\":%lld,\"from\":2,\"cluster\":0}", v, tid);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 409);
	assert_non_null(strstr(json_string_value(J(o, "message")), "changed since you saw it (it is in entity 1 now, not 2)"));
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":%lld,"
		 "\"tadd\":%lld,\"from\":1,\"cluster\":1}", v, tid);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 422);
	assert_non_null(strstr(json_string_value(J(o, "message")), "is in that entity already: choose another"));
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"action\":\"relink\",\"version\":%lld,"
		 "\"tadd\":%lld,\"from\":1,\"cluster\":2}", v, tid);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 200);
	m = J(o, "mention");
	assert_int_equal(jint(m, "version"), v + 1);
	assert_int_equal(jint(json_array_get(J(J(m, "target"), "target_only"), 0), "cluster"), 2);
	json_decref(o);
	char plus[64];
	snprintf(plus, sizeof plus, "relink +%lld", tid);
	assert_int_equal(call("GET", "/api/undo?annotator=bob", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "undo")), plus);
	/* and in the page's words: the target-only mention by its words, not "+N" (h-wb8) */
	assert_non_null(strstr(json_string_value(J(o, "said")), "relink target-only \u201c\u2068"));
	assert_null(strchr(json_string_value(J(o, "said")), '+'));
	assert_string_equal(json_string_value(J(o, "key")), "d|2");
	assert_int_equal(jint(o, "version"), v + 1);
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"bob\",\"key\":\"d|2\",\"version\":%lld}", v + 1);
	assert_int_equal(call("POST", "/api/undo", NULL, body, &o), 200);
	assert_string_equal(json_string_value(J(o, "undone")), plus);
	assert_int_equal(jint(json_array_get(J(J(J(o, "mention"), "target"), "target_only"), 0), "cluster"), 1);
	json_decref(o);
	stop();
}

/* --- re-projection after a realign (serve/reproject.c) --- */

/* the fixture's aligned corpus with each line's text, so that a realign
 * has lines to take */
static void with_lines(xp_aligned *al)
{
	for (size_t i = 0; i < al->n; i++) {
		xp_autt *r = &al->v[i];
		r->tgt_sub_text = xp_arena_alloc(&al->arena, (r->ntgt_subs + 1) * sizeof *r->tgt_sub_text);
		for (uint32_t k = 0; k < r->ntgt_subs; k++)
			r->tgt_sub_text[k] = r->tgt_text;
	}
}

/* A word aligner's model of a few pairs in the fixture's words, trained
 * here (wordalign --save-model's bytes) into file out. */
static void train_model(const char *out, uint64_t seed)
{
	static const char pairs[] = "I saw the big red car . ||| 我 看见 了 那辆 红色 的 大 车 。\n"
				    "It was mine . ||| 那 是 我的 。\n"
				    "I saw it . ||| 我 看见 了 。\n"
				    "the car was red . ||| 车 是 红色 的 。\n"
				    "I was big . ||| 我 是 大 的 。\n"
				    "the red car . ||| 红色 的 车 。\n"
				    "I . ||| 我 。\n";
	xp_buf all = {0};
	for (int k = 0; k < 8; k++)
		xp_buf_puts(&all, pairs);
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("pairs", all.p, all.n, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.samplers = 2, o.iters = 30, o.keep_model = 1, o.seed = seed, o.threads = 1;
	o.lang[0] = "en", o.lang[1] = "zh";
	xp_wa *w;
	xp_buf b = {0};
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_int_equal(xp_wa_model_write(w, &b, &e), 0);
	assert_int_equal(xp_write_file(out, b.p, b.n, &e), 0);
	xp_wa_free(w);
	xp_bitext_free(&bt);
	xp_buf_free(&b);
}

/* the store of the fixture with lines, its run naming model (NULL: none);
 * the model then replaced by one trained with seed `replace` (0: not) */
static void start_with_model_then(const char *model, uint64_t replace);
static void start_with_model(const char *model)
{
	start_with_model_then(model, 0);
}

static void start_with_model_then(const char *model, uint64_t replace)
{
	xp_db *db = fresh();
	run = import_with(db, with_lines);
	xp_err e;
	if (model) {
		char *abs;
		int64_t size;
		uint64_t hash;
		assert_int_equal(xp_pipe_model_file(model, &abs, &size, &hash, NULL, &e), 0);
		assert_int_equal(xp_db_set_run_model(db, run, abs, size, hash, NULL, &e), 0);
		free(abs);
		if (replace)
			train_model(model, replace);
	}
	xp_db_close(db);
	xp_serve_opts o = {.db = path, .threads = 4};
	assert_int_equal(xp_serve_start(&o, &srv, &e), 0);
	port = xp_serve_port(srv);
}

/* state of run's model in GET /api/runs ("ready", "on first realign", ...) */
static const char *model_state(int64_t r, json_t **o)
{
	assert_int_equal(call("GET", "/api/runs", NULL, NULL, o), 200);
	size_t i;
	json_t *x;
	json_array_foreach(J(*o, "runs"), i, x)
		if (jint(x, "run") == r)
			return json_string_value(J(J(x, "wa_model"), "state"));
	return NULL;
}

static void reproject(void **state)
{
	(void)state;
	char model[] = "/tmp/xp-model-XXXXXX";
	int fd = mkstemp(model);
	assert_true(fd >= 0);
	close(fd);
	train_model(model, 1);
	start_with_model(model);
	json_t *o, *m, *rp;
	/* utterance 0 re-paired with its own line and the next: "I" and "the
	 * big red car" are proposed in the new sentence, where the model finds
	 * them (我 and 车, as the run tokenised: words), as projected spans to confirm */
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"realign\",\"version\":0,"
			      "\"blocks\":[1,2]}", &o), 200);
	rp = J(o, "reprojection");
	assert_string_equal(json_string_value(J(rp, "state")), "proposed");
	assert_int_equal(jint(rp, "mentions"), 2);
	assert_int_equal(jint(rp, "proposed"), 2);
	m = J(o, "mention");
	json_t *toks = J(J(m, "target"), "tokens");
	assert_string_equal(json_string_value(json_array_get(toks, 0)), "我");
	json_t *now = J(J(m, "current"), "span");
	assert_int_equal(json_integer_value(json_array_get(now, 1)), 0);
	assert_int_equal(json_integer_value(json_array_get(now, 2)), 1);
	rp = J(J(m, "pairing"), "reprojection");
	assert_string_equal(json_string_value(J(rp, "state")), "proposed");
	assert_string_equal(json_string_value(J(rp, "fate")), "projected");
	assert_string_equal(json_string_value(J(m, "status")), "open");
	long long v = jint(m, "version");
	size_t car = 0;
	for (size_t i = 0; i < json_array_size(toks); i++)
		if (!strcmp(json_string_value(json_array_get(toks, i)), "车"))
			car = i;
	assert_true(car > 0);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d%7C1", NULL, NULL, &m), 200);
	now = J(J(m, "current"), "span");
	assert_true(json_integer_value(json_array_get(now, 1)) <= (json_int_t)car);
	assert_true(json_integer_value(json_array_get(now, 2)) > (json_int_t)car);
	json_decref(m);
	/* the queue's rows show the new pairing's words: "the big red car"
	 * as the proposal's span of the new tokens, not the old line's */
	assert_int_equal(call("GET", "/api/queue?limit=50", NULL, NULL, &m), 200);
	json_t *it;
	size_t qi;
	int seen = 0;
	json_array_foreach(J(m, "items"), qi, it) {
		if (strcmp(json_string_value(J(it, "key")), "d|1"))
			continue;
		seen = 1;
		assert_non_null(json_string_value(J(it, "target")));
		assert_non_null(strstr(json_string_value(J(it, "target")), "车"));
		assert_string_not_equal(json_string_value(J(it, "target")), json_string_value(J(it, "projected")));
	}
	assert_true(seen);
	json_decref(m);
	/* confirmed like any projection: kept */
	char body[200];
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"keep\",\"version\":%lld}", v);
	assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 200);
	assert_string_equal(json_string_value(J(J(o, "mention"), "status")), "kept");
	v = jint(J(o, "mention"), "version");
	json_decref(o);
	/* undo twice (the keep, the realign): the run's projection again; the
	 * keep, made after the realign with no correction between, goes first */
	assert_int_equal(call("GET", "/api/undo?annotator=ann", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "undo")), "keep d|0");
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"version\":%lld}", v);
	assert_int_equal(call("POST", "/api/undo", NULL, body, &o), 200);
	v = jint(J(o, "mention"), "version");
	json_decref(o);
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"version\":%lld}", v);
	assert_int_equal(call("POST", "/api/undo", NULL, body, &o), 200);
	m = J(o, "mention");
	assert_false(json_is_true(J(J(m, "pairing"), "realigned")));
	assert_true(json_is_null(J(J(m, "pairing"), "reprojection")));
	assert_true(json_equal(J(J(m, "current"), "span"), J(J(m, "silver"), "span")));
	json_decref(o);
	stop();
	/* the model is read once, in the background from the server's start,
	 * not by the first realign's POST: once the runs say it is ready, the
	 * file may go and a realign still proposes spans */
	start_with_model(model);
	json_t *st = NULL;
	for (int k = 0; k < 600; k++) {
		assert_int_equal(call("GET", "/api/runs", NULL, NULL, &o), 200);
		st = J(json_array_get(J(o, "runs"), 0), "wa_model");
		int ready = json_is_string(J(st, "state")) && !strcmp(json_string_value(J(st, "state")), "ready");
		json_decref(o);
		if (ready)
			break;
		st = NULL;
		usleep(10000);
	}
	assert_non_null(st);
	char moved[300];
	snprintf(moved, sizeof moved, "%s.away", model);
	assert_int_equal(rename(model, moved), 0);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"realign\",\"version\":0,"
			      "\"blocks\":[1,2]}", &o), 200);
	assert_string_equal(json_string_value(J(J(o, "reprojection"), "state")), "proposed");
	json_decref(o);
	assert_int_equal(rename(moved, model), 0);
	stop();
	/* two runs of one language, each naming the model: only the latest
	 * run's is read from the start (a store rerun five times would
	 * otherwise hold five models); the superseded run's on its first
	 * realign, then kept */
	{
		xp_db *db = fresh();
		xp_err e;
		char *abs;
		int64_t size, r1 = import_with(db, with_lines), r2 = import_with(db, with_lines);
		uint64_t hash;
		assert_int_equal(xp_pipe_model_file(model, &abs, &size, &hash, NULL, &e), 0);
		assert_int_equal(xp_db_set_run_model(db, r1, abs, size, hash, NULL, &e), 0);
		assert_int_equal(xp_db_set_run_model(db, r2, abs, size, hash, NULL, &e), 0);
		free(abs);
		xp_db_close(db);
		xp_serve_opts so = {.db = path, .threads = 4};
		assert_int_equal(xp_serve_start(&so, &srv, &e), 0);
		port = xp_serve_port(srv);
		const char *st2 = NULL;
		for (int k = 0; k < 600; k++, usleep(10000)) {
			st2 = model_state(r2, &o);
			int ready = st2 && !strcmp(st2, "ready");
			json_decref(o);
			if (ready)
				break;
		}
		assert_string_equal(model_state(r2, &o), "ready");
		json_decref(o);
		assert_string_equal(model_state(r1, &o), "on first realign");
		json_decref(o);
		/* a superseded run is written only when the POST insists */
		snprintf(body, sizeof body, "{\"run\":%lld,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"realign\","
			 "\"version\":0,\"blocks\":[1,2],\"old_run\":true}", (long long)r1);
		assert_int_equal(call("POST", "/api/edit", NULL, body, &o), 200);
		assert_string_equal(json_string_value(J(J(o, "reprojection"), "state")), "proposed");
		json_decref(o);
		assert_string_equal(model_state(r1, &o), "ready");
		json_decref(o);
		stop();
	}
	/* the model file replaced since the run was recorded (another model,
	 * a valid one): said, no proposal */
	start_with_model_then(model, 7);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"realign\",\"version\":0,"
			      "\"blocks\":[1,2]}", &o), 200);
	assert_string_equal(json_string_value(J(J(o, "reprojection"), "state")), "none");
	assert_non_null(strstr(json_string_value(J(J(o, "reprojection"), "why")), "changed since the run was recorded"));
	assert_true(json_is_null(J(J(J(o, "mention"), "current"), "span")));
	json_decref(o);
	stop();
	/* no model: today's behaviour, with the reason on the mention */
	start_with_model(NULL);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|0\",\"action\":\"realign\",\"version\":0,"
			      "\"blocks\":[1,2]}", &o), 200);
	m = J(o, "mention");
	assert_true(json_is_null(J(J(m, "current"), "span")));
	rp = J(J(m, "pairing"), "reprojection");
	assert_string_equal(json_string_value(J(rp, "state")), "none");
	assert_non_null(strstr(json_string_value(J(rp, "why")), "no word-alignment model"));
	json_decref(o);
	stop();
	unlink(model);
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
	const char *ok = "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|2\"}";
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
	assert_int_equal(call("POST", "/api/position", NULL, "{\"run\":1,\"annotator\":\"a\\u001b[2J\",\"key\":\"d|2\"}", NULL), 422);
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
	/* the cookie is the server's own, by its port: another server's of the
	 * same host (a browser sends it to every port) neither admits nor is
	 * replaced by this one's */
	char ck[200];
	snprintf(ck, sizeof ck, "Cookie: xproj_token_%d=s3cret-T0ken\r\n", port);
	assert_int_equal(call("GET", "/api/runs", ck, NULL, NULL), 200);
	snprintf(ck, sizeof ck, "Cookie: xproj_token_%d=s3cret-T0ken\r\n", port + 1);
	assert_int_equal(call("GET", "/api/runs", ck, NULL, NULL), 401);
	assert_int_equal(call("GET", "/api/runs", "Cookie: xproj_token=s3cret-T0ken\r\n", NULL, NULL), 401);
	snprintf(ck, sizeof ck, "Cookie: xproj_token_%d=other-T0ken; xproj_token_%d=s3cret-T0ken\r\n", port + 1, port);
	assert_int_equal(call("GET", "/api/runs", ck, NULL, NULL), 200);
	httpc_reply r;
	assert_int_equal(httpc(port, "GET", "/?token=s3cret-T0ken", NULL, NULL, &r), 0);
	assert_int_equal(r.status, 200);
	snprintf(ck, sizeof ck, "Set-Cookie: xproj_token_%d=s3cret-T0ken; HttpOnly; SameSite=Strict", port);
	assert_true(has_header(r.head, ck));
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

/* A page open across a rerun (issue 32, D3): its edits to the run the
 * rerun superseded are refused with the latest run, not written where no
 * export shows them, unless they say they mean that run. */
static void stale_run(void **state)
{
	(void)state;
	start(NULL);
	json_t *o;
	assert_int_equal(edit("ann", "d|1", "modify", 0, 0, 3, 5, &o), 200);
	json_decref(o);
	xp_db *db;
	xp_err e;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	int64_t rerun = import(db);   /* while the server runs, as `xproj pipeline` would */
	xp_db_close(db);
	assert_int_equal(rerun, run + 1);
	assert_int_equal(call("GET", "/api/runs", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "latest"), rerun);
	assert_true(json_is_false(J(json_array_get(J(o, "runs"), 0), "latest")));
	assert_int_equal(jint(json_array_get(J(o, "runs"), 0), "superseded_by"), rerun);
	json_decref(o);
	assert_int_equal(edit("ann", "d|2", "delete", 0, 0, 0, 0, &o), 409);
	assert_string_equal(json_string_value(J(o, "error")), "stale run");
	assert_int_equal(jint(o, "latest"), rerun);
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d|2&run=1", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "version"), 0);   /* nothing written */
	json_decref(o);
	assert_int_equal(call("POST", "/api/undo", NULL, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|1\",\"version\":1}", &o), 409);
	assert_string_equal(json_string_value(J(o, "error")), "stale run");
	json_decref(o);
	assert_int_equal(call("POST", "/api/edit", NULL,
			      "{\"run\":1,\"old_run\":true,\"annotator\":\"ann\",\"key\":\"d|2\",\"action\":\"delete\",\"version\":0}", &o),
			 200);
	json_decref(o);
	run = rerun;
	assert_int_equal(edit("ann", "d|2", "delete", 0, 0, 0, 0, &o), 200);
	json_decref(o);
	stop();
}

/* the number of mentions with English id `id` that document part `part`
 * of the run's export has (a deleted projection is not exported) */
static int exported_with(int64_t r, int part, uint32_t id)
{
	xp_db *db;
	xp_err e;
	xp_corpus c = {0};
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_export(db, r, 0, &c, &e), 0);
	int n = 0;
	for (size_t d = 0; d < c.ndocs; d++)
		for (size_t i = 0; c.docs[d].part == part && i < c.docs[d].nmentions; i++)
			n += c.docs[d].mentions[i].id == id;
	xp_corpus_free(&c);
	xp_db_close(db);
	return n;
}

/* A document in two parts (CoNLL-2012's "part 001"): the API names part
 * 1's mentions DOC|1:ID (URL-encoded or not), says which part and that
 * there are two, and an edit of one lands on part 1, part 0's mention as
 * it was.  (Before schema 11 d|1:2 was d|1 of part 0.) */
static void two_parts(void **state)
{
	(void)state;
	xp_db *db = fresh();
	char en[200], al[200], ph[200], cmd[1200];
	snprintf(en, sizeof en, "%s/en.conll", dir);
	snprintf(al, sizeof al, "%s/aligned.jsonl", dir);
	snprintf(ph, sizeof ph, "%s/pairs.pharaoh", dir);
	snprintf(cmd, sizeof cmd, "P=%s; { cat $P/en.conll; sed '1s/part 000/part 001/' $P/en.conll; } > %s &&"
		 " sed 's/\"part\":0/\"part\":1/' $P/aligned.jsonl | cat $P/aligned.jsonl - > %s &&"
		 " cat $P/pairs.pharaoh $P/pairs.pharaoh > %s", FIX("project"), en, al, ph);
	assert_int_equal(system(cmd), 0);
	run = import_files(db, en, al, ph, NULL);
	xp_db_close(db);
	xp_serve_opts so = {.db = path, .threads = 4};
	xp_err e;
	assert_int_equal(xp_serve_start(&so, &srv, &e), 0);
	port = xp_serve_port(srv);
	json_t *o;
	assert_int_equal(call("GET", "/api/mention?key=d%7C1%3A2", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "key")), "d|1:2");
	assert_int_equal(jint(o, "part"), 1);
	assert_int_equal(jint(o, "parts"), 2);
	long version = (long)jint(o, "version");
	json_decref(o);
	assert_int_equal(call("GET", "/api/mention?key=d|2", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "key")), "d|2");
	assert_int_equal(jint(o, "part"), 0);
	json_decref(o);
	assert_int_equal(call("GET", "/api/queue?limit=20", NULL, NULL, &o), 200);
	assert_int_equal(jint(o, "total"), 10);
	json_decref(o);
	assert_int_equal(exported_with(run, 1, 2), 1);
	assert_int_equal(edit("ann", "d|1:2", "delete", version, 0, 0, 0, &o), 200);
	assert_string_equal(json_string_value(J(J(o, "mention"), "key")), "d|1:2");
	json_decref(o);
	assert_int_equal(exported_with(run, 1, 2), 0);
	assert_int_equal(exported_with(run, 0, 2), 1);
	assert_int_equal(call("GET", "/api/mention?key=d|2", NULL, NULL, &o), 200);
	assert_string_equal(json_string_value(J(o, "status")), "open");
	json_decref(o);
	stop();
}

/* Another process holds the store's write lock (issue 32, D6): GETs answer
 * at once, and each of more POSTs than the server has threads gets 503 with
 * Retry-After within its wait, instead of the server freezing. */
typedef struct poster {
	int status, retry, n;
	double secs;
} poster;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *post_one(void *arg)
{
	poster *p = arg;
	char body[300];
	snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"ann\",\"key\":\"d|%d\",\"action\":\"keep\",\"version\":0}",
		 1 + p->n % 3);
	httpc_reply r;
	double t0 = now_s();
	if (httpc(port, "POST", "/api/edit", NULL, body, &r) == 0) {
		p->status = r.status;
		p->retry = strstr(r.head, "Retry-After: ") != NULL;
		httpc_free(&r);
	}
	p->secs = now_s() - t0;
	return NULL;
}

/* this binary's path (main's argv[0]), which `locked` runs again as the
 * other process */
static const char *self;

/* The other process of `locked`, this binary run as `test_serve
 * --hold-lock DB`: takes the store's write lock (BEGIN IMMEDIATE), says so
 * on stdout ('y', or 'n' if it could not), and holds it until its stdin
 * has a byte or ends.  Exec'd, not only forked: a fork of a process under
 * valgrind carries its heap and the memory of its threads, which the fork
 * does not have, and valgrind reports those lost when the fork exits and
 * makes its exit status 97 (tests/valgrind.sh --error-exitcode): the one
 * way `locked` failed under valgrind.  Run again, the child is a process
 * of its own, as another xproj holding the lock is, and valgrind (no
 * --trace-children) does not follow it. */
static int hold_lock(const char *db)
{
	sqlite3 *h;
	char c;
	int ok = sqlite3_open(db, &h) == SQLITE_OK && sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
	c = ok ? 'y' : 'n';
	if (write(1, &c, 1) != 1 || read(0, &c, 1) < 0)
		return 2;
	sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(h);
	return ok ? 0 : 3;
}

/* How many times slower than a native build this run is: 50 under valgrind
 * (tests/valgrind.sh), else XP_SLOWDOWN (`make check SAN=1` sets 4), else 4
 * in a sanitised build run by hand, else 1. */
static double slowdown(void)
{
	if (getenv("XPROJ_VG_TEST"))
		return 50;
	const char *v = getenv("XP_SLOWDOWN");
	if (v && atof(v) >= 1)
		return atof(v);
#if defined(__SANITIZE_ADDRESS__)
	return 4;
#else
	return 1;
#endif
}

/* GETs of the two kinds `locked` times, one after the other: the status of
 * the first that is not 200 (or -1 if the exchange failed), or 200; each
 * one's time in secs[].  No assertion here: `locked` checks only once its
 * threads are joined. */
static int timed_gets(int n, double *secs)
{
	int st = 200;
	for (int i = 0; i < n; i++) {
		httpc_reply r;
		double t0 = now_s();
		int got = httpc(port, "GET", i % 2 ? "/api/runs" : "/api/mention?key=d|1", NULL, NULL, &r) ? -1 : r.status;
		secs[i] = now_s() - t0;
		if (got != -1)
			httpc_free(&r);
		if (got != 200 && st == 200)
			st = got;
	}
	return st;
}

static double max_of(const double *v, int n)
{
	double m = v[0];
	for (int i = 1; i < n; i++)
		m = v[i] > m ? v[i] : m;
	return m;
}

static double min_of(const double *v, int n)
{
	double m = v[0];
	for (int i = 1; i < n; i++)
		m = v[i] < m ? v[i] : m;
	return m;
}

/* While another process holds the lock, GETs answer at once and POSTs are
 * refused within their wait.  Timed against the machine it runs on: a GET
 * that waited for the lock would take the whole wait (400 ms times the
 * slowdown), every time; one that did not takes about as long as a GET of
 * the same unlocked store, timed just before in the same run.  So the
 * fastest GET under the lock must beat three times the slowest unlocked one
 * (plus 50 ms times the slowdown) and every GET must beat the wait; a loaded
 * machine slows both sides alike.  Nothing is asserted before the posting
 * threads are joined and the other process has let go: a failure reported
 * earlier left the threads writing into this frame after cmocka had jumped
 * out of it (ASan: stack-buffer-overflow), and the other process holding
 * the lock. */
static void locked(void **state)
{
	(void)state;
	xp_db *db = fresh();
	run = import(db);
	xp_db_close(db);
	double slow = slowdown();
	double wait = 0.4 * slow;
	xp_serve_opts so = {.db = path, .threads = 4, .lock_wait_ms = (int)(wait * 1000)};
	xp_err e;
	assert_int_equal(xp_serve_start(&so, &srv, &e), 0);
	port = xp_serve_port(srv);
	enum { NGET = 5, NPOST = 12 };
	double free_secs[NGET], held_secs[NGET];
	assert_int_equal(timed_gets(NGET, free_secs), 200);
	int ready[2], release[2];
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(release), 0);
	pid_t child = fork();
	assert_true(child >= 0);
	if (child == 0) {   /* the other process: BEGIN IMMEDIATE until told (hold_lock) */
		if (dup2(ready[1], 1) < 0 || dup2(release[0], 0) < 0)
			_exit(4);
		close(ready[0]), close(ready[1]), close(release[0]), close(release[1]);
		execl(self, self, "--hold-lock", path, (char *)NULL);
		_exit(127);
	}
	close(ready[1]), close(release[0]);   /* a child that died is an end of file, not a hang */
	char c = 0;
	int said = (int)read(ready[0], &c, 1);
	pthread_t t[NPOST];
	poster p[NPOST];
	int started = 0, held_st = 0;
	if (said == 1 && c == 'y') {
		for (; started < NPOST; started++) {
			p[started] = (poster){.n = started};
			if (pthread_create(&t[started], NULL, post_one, &p[started]))
				break;
		}
		usleep(100000);
		held_st = timed_gets(NGET, held_secs);
		for (int i = 0; i < started; i++)
			pthread_join(t[i], NULL);
	}
	/* threads joined: the other process lets go, then the checks */
	int released = write(release[1], "x", 1) == 1;
	close(release[1]);
	int st = 0;
	int reaped = waitpid(child, &st, 0) == child;
	close(ready[0]);
	assert_int_equal(said, 1);
	assert_int_equal(c, 'y');
	assert_int_equal(started, NPOST);
	assert_true(released && reaped && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(held_st, 200);
	double free_worst = max_of(free_secs, NGET), held_best = min_of(held_secs, NGET);
	double held_worst = max_of(held_secs, NGET);
	if (held_best > 3 * free_worst + 0.05 * slow || held_worst >= wait)
		fail_msg("GETs took %.3f-%.3f s while the store was locked, %.3f s at most unlocked (wait %.3f s)",
			 held_best, held_worst, free_worst, wait);
	for (int i = 0; i < NPOST; i++) {
		assert_int_equal(p[i].status, 503);
		assert_true(p[i].retry);
		if (p[i].secs > wait + 0.6 * slow)
			fail_msg("a POST took %.3f s to be refused (its wait is %.3f s)", p[i].secs, wait);
	}
	/* the lock released, the same POST is written */
	poster once = {.n = 0};
	post_one(&once);
	assert_int_equal(once.status, 200);
	stop();
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
	/* under valgrind a writer holds the lock fifty times longer, and the
	 * default 3 s wait turns the eight annotators' POSTs into 503s */
	xp_serve_opts so = {.db = path, .threads = 4,
			    .lock_wait_ms = getenv("XPROJ_VG_TEST") ? 150000 : 0};
	assert_int_equal(xp_serve_start(&so, &srv, &e), 0);
	port = xp_serve_port(srv);
}

/* 8 annotators at once, 150 actions each, as the page makes them: read the
 * mention, decide, send the decision with the version read.  Every action
 * of the page is in the mix: modify, delete, add (on a mention whose
 * projection is gone or never was), keep, note, undo.  Each walks the queue
 * from another place, so they meet on the same mentions; an action is
 * written (200) or refused because someone else changed the mention since it
 * was read (409; an undo also when someone acted on it since, 404 when the
 * annotator has nothing left to undo).
 *
 * Nothing lost, nothing twice: the store's history, in commit order, holds
 * exactly each annotator's written actions in the order they were made, and
 * replaying it (every undo taking back that annotator's newest live action,
 * which nobody may have acted on since) gives each mention's span, version
 * and number of actions as the API serves them, and each annotator's live
 * counts as stats serves them; `db check` finds nothing wrong.  (150 each,
 * not 500: every action commits and waits for the disk, and 4,000 took 60
 * to 100 s of make check for no more meetings than 1,200 give.) */
#define WORKERS 8
#define EDITS 150

enum { K_ADD, K_DELETE, K_MODIFY, K_KEEP, K_NOTE, K_UNDO, NKINDS };
static const char *const kinds[NKINDS] = {"add", "delete", "modify", "keep", "note", "undo"};

static int kind_of(const char *s, size_t n)
{
	for (int k = 0; k < NKINDS; k++)
		if (strlen(kinds[k]) == n && !strncmp(kinds[k], s, n))
			return k;
	return -1;
}

typedef struct act {   /* an action the server said it wrote */
	int kind, key;     /* key: index into keys (an undo's: the mention it took back) */
	int span[3];       /* add, modify */
	int undone;        /* undo: the kind it took back */
} act;

typedef struct worker {
	int id, conflicts, nothing, other, crossed, same;
	char **keys;
	size_t nkeys;
	act acts[EDITS];
	int nacts, by_kind[NKINDS];
} worker;

static int key_index(char **keys, size_t n, const char *key, size_t len)
{
	for (size_t i = 0; key && i < n; i++)
		if (strlen(keys[i]) == len && !strncmp(keys[i], key, len))
			return (int)i;
	return -1;
}

static void annotate_one(worker *w, int i, const char *who)
{
	char p[200], body[600];
	int r = (i + w->id) % 8;
	json_t *m = NULL, *o = NULL;
	if (r == 6) {
		/* what the undo would take back, then that on that version, as the page does */
		snprintf(p, sizeof p, "/api/undo?annotator=%s", who);
		int st = call("GET", p, NULL, NULL, &m);
		if (st == 200) {
			snprintf(body, sizeof body, "{\"run\":1,\"annotator\":\"%s\",\"context\":0,\"key\":\"%s\",\"version\":%lld}",
				 who, json_string_value(J(m, "key")), jint(m, "version"));
			st = call("POST", "/api/undo", NULL, body, &o);
		}
		json_decref(m);
		const char *key = json_string_value(J(o, "key")), *what = json_string_value(J(o, "undone"));
		if (st == 200 && what && strchr(what, ' ')) {
			act *a = &w->acts[w->nacts++];
			*a = (act){.kind = K_UNDO, .key = key_index(w->keys, w->nkeys, key, key ? strlen(key) : 0),
				   .undone = kind_of(what, (size_t)(strchr(what, ' ') - what))};
			w->by_kind[K_UNDO]++;
		} else if (st == 404) {
			w->nothing++;
		} else if (st == 409) {
			w->conflicts++;
		} else {
			w->other++, print_message("      undo: %d %s\n", st, json_string_value(J(o, "message")));
		}
		json_decref(o);
		return;
	}
	size_t k = ((size_t)w->id * 11 + (size_t)i * (1 + (size_t)w->id % 3)) % w->nkeys;
	snprintf(p, sizeof p, "/api/mention?key=%s&context=0", w->keys[k]);
	int got = call("GET", p, NULL, NULL, &m);
	if (got != 200) {
		w->other++, print_message("      GET mention: %d %s\n", got, json_string_value(J(m, "message")));
		json_decref(m);
		return;
	}
	json_t *sp = J(J(m, "current"), "span"), *tgt = J(m, "target");
	long long v = jint(m, "version"), sent = jint(tgt, "sent");
	long long ntok = (long long)json_array_size(J(tgt, "tokens"));
	int kind = !json_is_object(tgt) || !ntok ? (r % 2 ? K_KEEP : K_NOTE)
		 : !json_is_array(sp) ? (r == 4 ? K_KEEP : r == 5 ? K_NOTE : K_ADD)
		 : r == 3 ? K_DELETE : r == 4 ? K_KEEP : r == 5 ? K_NOTE : K_MODIFY;
	long long a = ntok ? (i / 8 + w->id) % ntok : 0, b = a + 1 + (i % 2 && a + 2 <= ntok);
	snprintf(body, sizeof body,
		 "{\"run\":1,\"annotator\":\"%s\",\"key\":\"%s\",\"action\":\"%s\",\"version\":%lld,"
		 "\"span\":[%lld,%lld,%lld],\"note\":\"n%d\",\"context\":0}",
		 who, w->keys[k], kinds[kind], v, sent, a, b, i);
	int st = call("POST", "/api/edit", NULL, body, &o);
	if (st == 200) {
		w->acts[w->nacts++] = (act){.kind = kind, .key = (int)k, .span = {(int)sent, (int)a, (int)b}};
		w->by_kind[kind]++;
	} else if (st == 409) {
		w->conflicts++;
	} else if (st == 422 && strstr(json_string_value(J(o, "message")), "which the exported corpus cannot write")) {
		w->crossed++;   /* a span across another of its entity's (correct/cross.c) */
	} else if (st == 422 && strstr(json_string_value(J(o, "message")), "already") &&
		   strstr(json_string_value(J(o, "message")), "nothing was written")) {
		w->same++;   /* the span it has, a keep on one's own keep: a no-op, refused (correct/edit.c) */
	} else {
		w->other++, print_message("      %s: %d %s\n", kinds[kind], st, json_string_value(J(o, "message")));
	}
	json_decref(m), json_decref(o);
}

static void *annotate(void *arg)
{
	worker *w = arg;
	char who[16];
	snprintf(who, sizeof who, "a%d", w->id);
	for (int i = 0; i < EDITS; i++)
		annotate_one(w, i, who);
	return NULL;
}

/* the replay: each mention's actions in commit order, and each annotator's
 * live ones newest last (what their undo takes back) */
typedef struct entry {
	int who, kind, span[3], undone;
} entry;

typedef struct model {
	entry *e[128];
	int n[128], version[128];
	struct { int key, at; } stack[WORKERS][WORKERS * EDITS];
	int depth[WORKERS], next[WORKERS];
} model;

static void replay(model *md, worker *w, char **keys, size_t nkeys, json_t *log)
{
	size_t i;
	json_t *h;
	json_array_foreach(log, i, h) {
		const char *action = json_string_value(J(h, "action"));
		int kind = kind_of(action, strlen(action));
		if (kind < 0)
			continue;   /* the store's creation and the run's import */
		json_t *d = json_loads(json_string_value(J(h, "detail")), 0, NULL);
		const char *who = json_string_value(J(d, "annotator"));
		assert_non_null(who);
		int x = atoi(who + 1);
		assert_true(x >= 0 && x < WORKERS);
		/* the history's next action of x is x's next written action */
		assert_true(md->next[x] < w[x].nacts);
		act *a = &w[x].acts[md->next[x]++];
		assert_int_equal(a->kind, kind);
		if (kind == K_UNDO) {
			const char *what = json_string_value(J(d, "undone")), *sp = strchr(what, ' ');
			assert_int_equal(kind_of(what, (size_t)(sp - what)), a->undone);
			assert_int_equal(key_index(keys, nkeys, sp + 1, strlen(sp + 1)), a->key);
			/* it takes back x's newest live action, the last live one on its mention */
			assert_true(md->depth[x] > 0);
			int key = md->stack[x][md->depth[x] - 1].key, at = md->stack[x][--md->depth[x]].at;
			assert_int_equal(key, a->key);
			assert_int_equal(md->e[key][at].kind, a->undone);
			for (int j = at + 1; j < md->n[key]; j++)
				assert_true(md->e[key][j].undone);
			md->e[key][at].undone = 1;
			md->version[key]++;
		} else {
			const char *mk = json_string_value(J(d, "mention"));
			assert_int_equal(key_index(keys, nkeys, mk, strlen(mk)), a->key);
			if (kind == K_ADD || kind == K_MODIFY)
				for (int j = 0; j < 3; j++)
					assert_int_equal(json_integer_value(json_array_get(J(d, "span"), (size_t)j)), a->span[j]);
			md->e[a->key] = realloc(md->e[a->key], (size_t)(md->n[a->key] + 1) * sizeof(entry));
			md->e[a->key][md->n[a->key]] = (entry){x, kind, {a->span[0], a->span[1], a->span[2]}, 0};
			md->stack[x][md->depth[x]].key = a->key;
			md->stack[x][md->depth[x]++].at = md->n[a->key]++;
			md->version[a->key]++;
		}
		json_decref(d);
	}
	for (int x = 0; x < WORKERS; x++)
		assert_int_equal(md->next[x], w[x].nacts);   /* every written action is in the history */
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
	/* the mention's subtitle blocks, English and target, from the pipeline */
	json_t *m;
	assert_int_equal(call("GET", "/api/mention?key=s01e01c00x%7C2&context=0", NULL, NULL, &m), 200);
	json_t *en = json_array_get(J(J(m, "subtitles"), "en"), 0), *zh = json_array_get(J(J(m, "subtitles"), "tgt"), 0);
	assert_string_equal(json_string_value(J(en, "text")), "Leo, did you bring the cake?");
	assert_int_equal(jint(en, "id"), 2);
	assert_string_equal(json_string_value(J(zh, "text")), "里奥，你带蛋糕了吗？");
	json_decref(m);
	pthread_t t[WORKERS];
	worker *w = calloc(WORKERS, sizeof *w);
	for (int i = 0; i < WORKERS; i++) {
		w[i].id = i, w[i].keys = keys, w[i].nkeys = nkeys;
		pthread_create(&t[i], NULL, annotate, &w[i]);
	}
	int written = 0, conflicts = 0, nothing = 0, crossed = 0, same = 0, by_kind[NKINDS] = {0};
	for (int i = 0; i < WORKERS; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(w[i].other, 0);
		written += w[i].nacts, conflicts += w[i].conflicts, nothing += w[i].nothing, crossed += w[i].crossed, same += w[i].same;
		for (int k = 0; k < NKINDS; k++)
			by_kind[k] += w[i].by_kind[k];
	}
	assert_int_equal(written + conflicts + nothing + crossed + same, WORKERS * EDITS);
	print_message("      %d written (%d modify, %d delete, %d add, %d keep, %d note, %d undo), %d refused as "
		      "conflicts, %d as crossing another mention of the entity, %d as changing nothing, %d undo with nothing left\n", written,
		      by_kind[K_MODIFY], by_kind[K_DELETE], by_kind[K_ADD], by_kind[K_KEEP], by_kind[K_NOTE], by_kind[K_UNDO],
		      conflicts, crossed, same, nothing);
	for (int k = 0; k < NKINDS; k++)
		assert_true(by_kind[k] > 20);   /* each kind of action was really exercised */
	/* what the API serves now */
	json_t *now = json_array(), *stats;
	for (size_t k = 0; k < nkeys; k++) {
		char p[200];
		snprintf(p, sizeof p, "/api/mention?key=%s&context=0", keys[k]);
		assert_int_equal(call("GET", p, NULL, NULL, &m), 200);
		json_array_append_new(now, m);
	}
	assert_int_equal(call("GET", "/api/stats", NULL, NULL, &stats), 200);
	xp_serve_stop(srv);
	/* the replay of the history */
	xp_db *db;
	xp_err e;
	json_t *log;
	assert_int_equal(xp_db_open(path, &db, &e), 0);
	assert_int_equal(xp_db_log_json(db, &log, &e), 0);
	model *md = calloc(1, sizeof *md);
	assert_true(nkeys <= 128);
	replay(md, w, keys, nkeys, log);
	json_decref(log);
	long long versions = 0;
	for (size_t k = 0; k < nkeys; k++) {
		m = json_array_get(now, k);
		json_t *sp = json_deep_copy(J(J(m, "silver"), "span"));
		for (int j = 0; j < md->n[k]; j++) {
			entry *x = &md->e[k][j];
			if (x->undone || x->kind >= K_KEEP)
				continue;
			json_decref(sp);
			sp = x->kind == K_DELETE ? json_null() : json_pack("[iii]", x->span[0], x->span[1], x->span[2]);
		}
		if (!json_equal(sp, J(J(m, "current"), "span")))
			fail_msg("%s: the replay gives %s, the store %s", keys[k], json_dumps(sp, JSON_ENCODE_ANY),
				 json_dumps(J(J(m, "current"), "span"), JSON_ENCODE_ANY));
		assert_int_equal(jint(m, "version"), md->version[k]);
		assert_int_equal(jint(m, "actions_total"), md->n[k]);
		versions += md->version[k];
		json_decref(sp);
	}
	assert_int_equal(versions, written);
	/* each annotator: the store's live counts are the replay's */
	int live[WORKERS][NKINDS] = {{0}};
	for (size_t k = 0; k < nkeys; k++) {
		for (int j = 0; j < md->n[k]; j++)
			live[md->e[k][j].who][md->e[k][j].kind] += !md->e[k][j].undone;
		free(md->e[k]);
	}
	for (int x = 0; x < WORKERS; x++) {
		char who[16];
		snprintf(who, sizeof who, "a%d", x);
		json_t *ed = J(J(stats, "by_annotator"), who), *rv = J(J(stats, "reviews_by_annotator"), who);
		assert_int_equal(jint(ed, "add"), live[x][K_ADD]);
		assert_int_equal(jint(ed, "delete"), live[x][K_DELETE]);
		assert_int_equal(jint(ed, "modify"), live[x][K_MODIFY]);
		assert_int_equal(jint(rv, "keep"), live[x][K_KEEP]);
		assert_int_equal(jint(rv, "note"), live[x][K_NOTE]);
	}
	free(md);
	json_decref(now);
	json_decref(stats);
	char *report;
	size_t problems;
	assert_int_equal(xp_db_check(db, &report, &problems, &e), 0);
	if (problems)
		fail_msg("db check: %s", report);
	free(report);
	for (size_t i = 0; i < nkeys; i++)
		free(keys[i]);
	free(keys);
	free(w);
	done(db);   /* PRAGMA integrity_check */
}

/* GET mention names the entities of its scene, its own and the document's
 * largest, not all of them (a document of thousands sent them all with every
 * mention); GET entities?q= finds the others by their words, English or
 * target */
static void entities_bounded(void **state)
{
	(void)state;
	xp_db *db = fresh();
	run = import(db);
	xp_db_close(db);
	/* 40 entities more, each a copy of d|2 ("It" -> 那, on the line after d|0's) */
	sqlite3 *h;
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 39)"
					 " INSERT INTO mentions(document, mention, cluster, utterance, start, end)"
					 " SELECT m.document, 100 + c.i, 1000 + c.i, m.utterance, m.start, m.end"
					 " FROM c, (SELECT * FROM mentions WHERE mention = 2) m;"
					 " INSERT INTO projections(mention, tgt_start, tgt_end, fate, confidence)"
					 " SELECT m.id, p.tgt_start, p.tgt_end, p.fate, p.confidence FROM mentions m,"
					 " (SELECT * FROM projections WHERE mention = (SELECT id FROM mentions WHERE mention = 2)) p"
					 " WHERE m.mention >= 100",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(h);
	xp_serve_opts o = {.db = path, .threads = 2};
	xp_err e;
	assert_int_equal(xp_serve_start(&o, &srv, &e), 0);
	port = xp_serve_port(srv);
	json_t *m, *x;
	size_t i;
	/* context 0: the line of d|0 only; the 40 are a line away */
	assert_int_equal(call("GET", "/api/mention?key=d%7C0&context=0", NULL, NULL, &m), 200);
	json_t *sc = J(m, "scene");
	long long total = jint(sc, "entities_total");
	assert_true(total >= 42);
	assert_int_equal(jint(sc, "next_cluster"), 1040);
	assert_true(json_array_size(J(sc, "entities")) <= 13);
	int own = 0, two = 0;
	json_array_foreach(J(sc, "entities"), i, x) {
		own |= jint(x, "cluster") == jint(sc, "tgt_cluster");
		two |= jint(x, "cluster") == 2;   /* on the mention's line */
		assert_true(json_is_array(J(x, "words")) && json_is_array(J(x, "tgt_words")));
	}
	assert_true(own && two);
	json_decref(m);
	/* a scene that reaches them (and d|4, two lines down): every one */
	assert_int_equal(call("GET", "/api/mention?key=d%7C0&context=2", NULL, NULL, &m), 200);
	assert_int_equal((long long)json_array_size(J(J(m, "scene"), "entities")), total);
	json_decref(m);
	/* by their words: English, any case, at most limit; target words */
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&q=IT", NULL, NULL, &m), 200);
	assert_int_equal(jint(m, "matched"), 40);
	assert_int_equal(jint(m, "total"), total);
	assert_int_equal(json_array_size(J(m, "entities")), 30);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&q=it&limit=200", NULL, NULL, &m), 200);
	assert_int_equal(json_array_size(J(m, "entities")), 40);
	json_decref(m);
	/* folded as the aligner folds words, not only ASCII: a full-width ＩＴ
	 * finds them too; a q that is no UTF-8 is refused */
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&q=%EF%BC%A9%EF%BC%B4", NULL, NULL, &m), 200);
	assert_int_equal(jint(m, "matched"), 40);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&q=%FF", NULL, NULL, &m), 400);
	json_decref(m);
	/* 那: the 40, and d|1's entity (那辆红色的大车, its longest target span) */
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&q=%E9%82%A3", NULL, NULL, &m), 200);
	assert_int_equal(jint(m, "matched"), 41);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&q=big%20red", NULL, NULL, &m), 200);
	assert_int_equal(jint(m, "matched"), 1);
	x = json_array_get(J(m, "entities"), 0);
	assert_int_equal(jint(x, "cluster"), 2);
	assert_int_equal(jint(x, "near"), 0);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?key=d%7C0", NULL, NULL, &m), 200);   /* no q: all, nearest first */
	assert_int_equal(jint(m, "matched"), total);
	json_decref(m);
	char big[400];
	snprintf(big, sizeof big, "/api/entities?key=d%%7C0&q=%0250d", 0);
	assert_int_equal(call("GET", big, NULL, NULL, &m), 400);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?q=it", NULL, NULL, &m), 400);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?key=d%7C0&limit=x", NULL, NULL, &m), 400);
	json_decref(m);
	assert_int_equal(call("GET", "/api/entities?key=d%7C9", NULL, NULL, &m), 404);
	json_decref(m);
	/* an entity named by a long mention (its words and target's over 256
	 * bytes, which the fold refused whole): found by any of its words, in
	 * any case; before, matched unfolded, so a q (folded) found none of its
	 * English words */
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "UPDATE utterances SET src = '[\"I\",\"saw\",\"THE\",\"ENORMOUSLY-BIG-OLD-FASHIONED\","
					 "\"BRIGHT-RED-CONVERTIBLE-WITH-WHITE-LEATHER-SEATS\",\"CAR-THAT-MY-GRANDMOTHER-ALWAYS-LOVED\",\".\"]'"
					 " WHERE en_idx = 0",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(h);
	const char *qs[] = {"enormously", "GRANDMOTHER", "red-convertible", "the%20enormously", "%E5%A4%A7"};
	for (size_t k = 0; k < sizeof qs / sizeof *qs; k++) {
		char url[200];
		snprintf(url, sizeof url, "/api/entities?key=d%%7C0&q=%s", qs[k]);
		assert_int_equal(call("GET", url, NULL, NULL, &m), 200);
		assert_int_equal(jint(m, "matched"), 1);
		assert_int_equal(jint(json_array_get(J(m, "entities"), 0), "cluster"), 2);
		json_decref(m);
	}
	/* 300 entities more on the scene's lines: the scene names at most 200
	 * of them (and the 12 largest, and its own); before, all of them (a
	 * line of 100,000 entities: 8 MB with every mention) */
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, "WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 299)"
					 " INSERT INTO mentions(document, mention, cluster, utterance, start, end)"
					 " SELECT m.document, 5000 + c.i, 5000 + c.i, m.utterance, m.start, m.end"
					 " FROM c, (SELECT * FROM mentions WHERE mention = 2) m;"
					 " INSERT INTO projections(mention, tgt_start, tgt_end, fate, confidence)"
					 " SELECT m.id, p.tgt_start, p.tgt_end, p.fate, p.confidence FROM mentions m,"
					 " (SELECT * FROM projections WHERE mention = (SELECT id FROM mentions WHERE mention = 2)) p"
					 " WHERE m.mention >= 5000",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(h);
	assert_int_equal(call("GET", "/api/mention?key=d%7C0&context=2", NULL, NULL, &m), 200);
	sc = J(m, "scene");
	assert_true(jint(sc, "entities_total") >= 342);
	assert_true(json_array_size(J(sc, "entities")) <= 12 + 200 + 1);
	own = 0;
	json_array_foreach(J(sc, "entities"), i, x)
		own |= jint(x, "cluster") == jint(sc, "tgt_cluster");
	assert_true(own);
	json_decref(m);
	stop();
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--hold-lock"))
		return hold_lock(argv[2]);
	self = argv[0];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(endpoints),
		cmocka_unit_test(relink),
		cmocka_unit_test(entities_bounded),
		cmocka_unit_test(crossing_refused),
		cmocka_unit_test(merge),
		cmocka_unit_test(merge_relinked),
		cmocka_unit_test(merge_members),
		cmocka_unit_test(fix_the_cause),
		cmocka_unit_test(relink_target_only),
		cmocka_unit_test(reproject),
		cmocka_unit_test(security),
		cmocka_unit_test(token),
		cmocka_unit_test(stale_run),
		cmocka_unit_test(two_parts),
		cmocka_unit_test(locked),
		cmocka_unit_test(eight_annotators),
	};
	return cmocka_run_group_tests_name("serve", tests, NULL, NULL);
}
