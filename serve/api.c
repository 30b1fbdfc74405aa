/*
 * serve/api.c — the JSON API under /api/ (docs/cmd/serve.md):
 *
 *   GET  runs                      every run, and the one the page opens on
 *   GET  stats?run=                a run's counts, fates, progress, carry-over
 *   GET  queue?run=&annotator=&offset=&limit=&doc=&fate=&type=&min_conf=
 *              &max_conf=&status=&around=&q=&order=triage|reading&lists=0
 *                                  the triage queue, filtered, a page of it
 *                                  (lists=0: without the run's documents and fates)
 *   GET  mention?run=&key=&context=  one mention in its scene (with the entities
 *                                  of the scene and the document's largest)
 *   GET  entities?run=&key=&q=&limit=  the mention's document's entities whose
 *                                  words hold q (what a relink or merge may choose)
 *   GET  undo?run=&annotator=      what POST undo would take back now, and its version
 *   POST edit {run, key, annotator, version, action, span, cluster, size, note, context, old_run}
 *        (relink with tadd N, from C: target-only mention N alone, seen in cluster C;
 *         delete with tadd N, from C: target-only mention N deleted alone)
 *   POST undo {run, annotator, key, version, context, old_run}
 *   POST position {run, annotator, key, old_run}
 *
 * Every POST names its run, and every action on a mention (edit, undo)
 * the version it was decided on: nothing is written on a guess.  A POST to
 * a superseded run (xp_db_runs: a later run of its language holds one of
 * its documents, a rerun of the pipeline while the page was open; the
 * shards of a workflow merged into one store supersede none another) is
 * refused with 409 and the run that superseded it, unless it says old_run:
 * true (or the server was started on that run with --run): `db export`
 * without --run would never show it.  POSTs run
 * one at a time on the server's writer connection (serve/http.c) inside one
 * transaction, so the run is checked under the same write lock the action
 * takes; when another process holds that lock longer than a request should
 * wait, the answer is 503.
 *
 * Everything a person does goes through correct/review.h (the validation of
 * `xproj db`, the version check) and is committed before the reply.  The
 * queue is xp_db_triage's order, computed once per run when it is imported
 * and kept in the store (correct/queue.c): a corrector walking it must not
 * see it reshuffle under them as corrections change the risks; what is done
 * is looked up live.  A page reads the page, not the run.
 */
#include "internal.h"
#include "../correct/annotators.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/text.h"
#include "../base/vocab.h"
#include "../io/json.h"
#include "../lang/lang.h"
#include "../lang/zhwords.h"
#include "../model/zhseg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONTEXT 8   /* utterances before and after a mention in its scene, unless context= says */
#define MAX_CONTEXT 400   /* at most, asked for */

static const struct {
	const char *path;
	int post;
} routes[] = {{"runs", 0}, {"stats", 0}, {"queue", 0}, {"mention", 0}, {"entities", 0}, {"undo", 0}, {"edit", 1}, {"undo", 1}, {"position", 1}};

int xp_api_route(const char *path, const char *method)
{
	int post = !strcmp(method, "POST"), exists = 0;
	if (!post && strcmp(method, "GET"))
		return 0;
	for (size_t i = 0; i < sizeof routes / sizeof *routes; i++)
		if (!strcmp(path, routes[i].path)) {
			if (routes[i].post == post)
				return 1;
			exists = 1;
		}
	return exists ? 0 : -1;
}

static int status_of(int code)
{
	switch (code) {
	case XP_ENOTFOUND: return 404;
	case XP_EINPUT: return 422;
	case XP_ECONFLICT: return 409;
	case XP_EUSAGE: return 400;
	case XP_EBUSY: return 503;
	default: return 500;
	}
}

static int fail(json_t **out, int status, const char *msg)
{
	*out = json_pack("{s:s,s:s}", "error", status == 409 ? "conflict" : status == 422 ? "invalid"
						 : status == 404 ? "not found" : status == 400 ? "bad request"
						 : status == 503 ? "busy" : "server error", "message", msg);
	return status;
}

static int fail_err(json_t **out, const xp_err *e)
{
	char s[1200];
	xp_err_str(e, s, sizeof s);
	return fail(out, status_of(e->code), s);
}

/* --- the queue --------------------------------------------------------------------------- */

/* The queue lives in the store (correct/queue.c), read a page at a time;
 * the server keeps only the names it is filtered on. */
void xp_api_free(xp_server *s)
{
	json_decref(s->lists);
	s->lists = NULL;
	if (s->seg_state)
		pthread_join(s->seg_thread, NULL);
	xp_zhseg_free(s->seg);
	s->seg = NULL, s->seg_state = 0;
	xp_reproject_free(s);
}

/* the run's documents and fates, read once per run shown */
static json_t *lists_of(xp_server *s, xp_db *db, int64_t run)
{
	pthread_mutex_lock(&s->lock);
	json_t *l = s->lists && s->lists_run == run ? json_incref(s->lists) : NULL;
	pthread_mutex_unlock(&s->lock);
	if (l)
		return l;
	if (!(l = xp_db_queue_lists(db, run)))
		return NULL;
	pthread_mutex_lock(&s->lock);
	json_decref(s->lists);
	s->lists = json_incref(l), s->lists_run = run;
	pthread_mutex_unlock(&s->lock);
	return l;
}

/* --- arguments ----------------------------------------------------------------------------- */

/* the run asked for: run=N, else the server's, else the latest */
static int64_t run_of(xp_server *s, xp_db *db, json_t *given, json_t **out, int *status)
{
	int64_t run = json_is_integer(given) ? (int64_t)json_integer_value(given) : 0;
	if (given && !json_is_integer(given) && !json_is_null(given)) {
		*status = fail(out, 400, "run is a number");
		return 0;
	}
	if (!run)
		run = s->run ? s->run : xp_db_latest_run(db);
	if (!xp_db_has_run(db, run)) {
		char msg[100];
		snprintf(msg, sizeof msg, "there is no run %lld", (long long)run);
		*status = fail(out, 404, msg);
		return 0;
	}
	return run;
}

static json_t *int_arg(const xp_args *a, const char *name)
{
	const char *v = a->get(a->ctx, name);
	char *end;
	if (!v || !*v)
		return NULL;
	long long n = strtoll(v, &end, 10);
	return *end ? json_string(v) : json_integer(n);   /* a string: run_of says it is not a number */
}

/* run=N of a GET: the run, or 0 with the reply made */
static int64_t run_arg(xp_server *s, xp_db *db, const xp_args *a, json_t **out, int *status)
{
	json_t *given = int_arg(a, "run");
	int64_t run = run_of(s, db, given, out, status);
	json_decref(given);
	return run;
}

/* A number in the query is read whole or refused: strtol and atof read
 * "abc" as 0 and "1e3" as 1, which answered another page or scene than
 * the one asked for, with 200.  Out of range is clamped (num_arg). */
static const char *numbers_refusal(const xp_args *a)
{
	static const char *const ints[] = {"limit", "offset", "context"}, *const reals[] = {"min_conf", "max_conf"};
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
		const char *v = a->get(a->ctx, ints[i]);
		char *end;
		if (v && *v && (strtoll(v, &end, 10), *end || end == v))
			return ints[i][0] == 'l'   ? "limit is a whole number"
			       : ints[i][0] == 'o' ? "offset is a whole number"
						   : "context is a whole number of lines";
	}
	for (size_t i = 0; i < sizeof reals / sizeof *reals; i++) {
		const char *v = a->get(a->ctx, reals[i]);
		char *end;
		double d = v && *v ? strtod(v, &end) : 0;
		if (v && *v && (*end || end == v || d != d))
			return i ? "max_conf is a number" : "min_conf is a number";
	}
	return NULL;
}

static long num_arg(const xp_args *a, const char *name, long dflt, long lo, long hi)
{
	const char *v = a->get(a->ctx, name);
	long n = v && *v ? strtol(v, NULL, 10) : dflt;
	return n < lo ? lo : n > hi ? hi : n;
}

/* Names are shown to other annotators and written to the store
 * (annotators.h: printable UTF-8, 1 to 64 bytes). */
static const char *name_refusal(const char *who)
{
	return xp_annotator_refusal(who);
}

/* --- GET --------------------------------------------------------------------------------------- */

static int get_runs(xp_server *s, xp_db *db, json_t **out)
{
	json_t *runs;
	xp_err e;
	if (xp_db_runs(db, &runs, &e))
		return fail_err(out, &e);
	/* the page writes a run right to left when its language's pack says
	 * its script is (lang/lang.h), so it names no language itself */
	size_t i;
	json_t *r;
	json_array_foreach(runs, i, r) {
		const xp_lang_pack *p = xp_lang_find(json_string_value(json_object_get(r, "lang")));
		int rtl = p && p->script && (!strcmp(p->script, "Arabic") || !strcmp(p->script, "Hebrew"));
		json_object_set_new(r, "dir", json_string(rtl ? "rtl" : "ltr"));
		json_object_set_new(r, "wa_model", xp_reproject_state(s, json_integer_value(json_object_get(r, "run"))));
	}
	*out = json_pack("{s:o,s:I,s:I}", "runs", runs, "latest", (json_int_t)xp_db_latest_run(db), "default",
			 (json_int_t)(s->run ? s->run : xp_db_latest_run(db)));
	return 200;
}

static int get_stats(xp_server *s, xp_db *db, const xp_args *a, json_t **out)
{
	int status = 200;
	int64_t run = run_arg(s, db, a, out, &status);
	if (!run)
		return status;
	xp_err e;
	xp_db_counts c;
	xp_touch *t = NULL;
	size_t nt = 0;
	json_t *over = NULL, *lost = NULL;
	int64_t qn = xp_db_queue_size(db, run);
	if (xp_db_stats(db, run, &c, &e))
		return fail_err(out, &e);
	json_t *o = json_loads(c.json, 0, NULL);
	xp_db_counts_free(&c);
	if (!o || xp_db_overview(db, run, &over, &e) || xp_db_touched(db, run, &t, &nt, &e) ||
	    xp_db_carried(db, run, "lost", &lost, &e)) {
		json_decref(o), json_decref(over), free(t);
		return fail_err(out, &e);
	}
	size_t edited = 0, kept = 0, noted = 0, nlost = 0;
	for (size_t i = 0; i < nt; i++) {
		edited += (t[i].flags & XP_TOUCH_EDITED) != 0;
		kept += (t[i].flags & XP_TOUCH_KEPT) && !(t[i].flags & XP_TOUCH_EDITED);
		noted += (t[i].flags & XP_TOUCH_NOTED) != 0;
		nlost += (t[i].flags & XP_TOUCH_LOST) && !(t[i].flags & (XP_TOUCH_EDITED | XP_TOUCH_KEPT));
	}
	free(t);
	json_t *runs = NULL, *info = json_null();
	if (xp_db_runs(db, &runs, &e) == 0) {
		size_t i;
		json_t *r;
		json_array_foreach(runs, i, r)
			if (json_integer_value(json_object_get(r, "run")) == run)
				info = json_incref(r);
	}
	json_decref(runs);
	json_object_update(o, over);
	json_decref(over);
	json_object_set_new(o, "run", json_integer(run));
	json_object_set_new(o, "run_info", info);
	json_object_set_new(o, "queue", json_pack("{s:I,s:I,s:I,s:I,s:I}", "total", (json_int_t)qn, "done",
						  (json_int_t)(edited + kept), "edited", (json_int_t)edited, "kept",
						  (json_int_t)kept, "noted", (json_int_t)noted));
	json_object_set_new(json_object_get(o, "queue"), "lost", json_integer((json_int_t)nlost));
	json_object_set_new(o, "lost", lost);
	*out = o;
	return 200;
}

static int get_queue(xp_server *s, xp_db *db, const xp_args *a, json_t **out)
{
	int status = 200;
	int64_t run = run_arg(s, db, a, out, &status);
	if (!run)
		return status;
	xp_err e;
	const char *type = a->get(a->ctx, "type"), *st = a->get(a->ctx, "status"), *order = a->get(a->ctx, "order");
	const char *mn = a->get(a->ctx, "min_conf"), *mx = a->get(a->ctx, "max_conf"), *q = a->get(a->ctx, "q");
	if (st && *st && !strstr(",all,open,done,edited,kept,noted,lost,", st))
		return fail(out, 400, "status is all, open, done, edited, kept, noted or lost");
	if (order && *order && strcmp(order, "triage") && strcmp(order, "reading"))
		return fail(out, 400, "order is triage or reading");
	if (q && strlen(q) > 200)
		return fail(out, 400, "q: at most 200 bytes");
	const char *nan = numbers_refusal(a);
	if (nan)
		return fail(out, 400, nan);
	int ty = -1;
	for (int i = 0; type && *type && i < 3; i++)
		ty = strcmp(type, xp_mtype_names[i]) ? ty : i;
	if (type && *type && ty < 0)
		ty = 99;   /* a type that matches nothing, as an unknown doc or fate */
	xp_queue_query f = {.doc = a->get(a->ctx, "doc"), .fate = a->get(a->ctx, "fate"), .status = st, .q = q,
			    .type = ty, .min_conf = mn && *mn ? atof(mn) : -1, .max_conf = mx && *mx ? atof(mx) : 2,
			    .reading = order && !strcmp(order, "reading"), .limit = num_arg(a, "limit", 50, 1, 500),
			    .no_lists = 1};
	f.offset = num_arg(a, "offset", -1, -1, 100000000);
	/* where to start: offset=, else the page holding around= or the annotator's place */
	const char *who = a->get(a->ctx, "annotator"), *around = a->get(a->ctx, "around");
	char place[600] = "";
	if (who && *who && !name_refusal(who))
		xp_db_position_get(db, run, who, place, sizeof place, &e);
	f.around = around && *around ? around : place[0] ? place : NULL;
	if (xp_db_queue_page(db, run, &f, out, &e))
		return fail_err(out, &e);
	/* the documents and fates the filters offer, unless the page has them
	 * already (lists=0): at 1M mentions 13k document names, 96% of the
	 * bytes of a page that sent them every time */
	const char *want = a->get(a->ctx, "lists");
	json_t *lists = want && !strcmp(want, "0") ? json_object() : lists_of(s, db, run);
	if (!lists) {
		json_decref(*out);
		return fail(out, 500, "out of memory");
	}
	json_object_update(*out, lists);
	json_decref(lists);
	json_int_t at = json_integer_value(json_object_get(*out, "found"));
	json_object_set_new(*out, "position", place[0] ? json_pack("{s:s,s:I}", "key", place, "index",
								   (json_int_t)(around && *around ? -1 : at))
						: json_null());
	return 200;
}

/* --- Chinese as words ------------------------------------------------------------------------- */

static void *seg_load(void *arg)
{
	xp_server *s = arg;
	xp_zhseg *z = NULL;
	xp_err e;
	if (xp_zhseg_open(XP_ZHSEG_DIR, &z, &e))
		z = NULL;
	pthread_mutex_lock(&s->lock);
	s->seg = z, s->seg_state = 2;
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

/* the language of code is written without spaces between words, in Han
 * characters (the pack says so): its text is shown as jieba's words */
static int unspaced(const char *code)
{
	const xp_lang_pack *p = xp_lang_find(code);
	return p && (p->traits & XP_LT_UNSPACED);
}

void xp_api_warm(xp_server *s, xp_db *db)
{
	json_t *runs, *r;
	xp_err e;
	size_t i;
	int seg = 0;
	if (xp_db_runs(db, &runs, &e))
		return;
	json_array_foreach(runs, i, r)
		seg |= json_is_string(json_object_get(r, "lang")) && unspaced(json_string_value(json_object_get(r, "lang")));
	json_decref(runs);
	/* about a second of reading: not on a request's time */
	if (seg && !pthread_create(&s->seg_thread, NULL, seg_load, s))
		s->seg_state = 1;
	/* the runs' word-alignment models: tens of megabytes each, not on a
	 * realign's time */
	xp_reproject_warm(s, db);
}

/* jieba's segmenter once loaded; NULL while loading or without python3-jieba */
static xp_zhseg *seg_of(xp_server *s)
{
	pthread_mutex_lock(&s->lock);
	xp_zhseg *z = s->seg_state == 2 ? s->seg : NULL;
	pthread_mutex_unlock(&s->lock);
	return z;
}

/* the run's target language ("" if unknown) */
static void lang_of(xp_db *db, int64_t run, char *lang, size_t n)
{
	json_t *runs;
	xp_err e;
	lang[0] = 0;
	if (xp_db_runs(db, &runs, &e))
		return;
	size_t i;
	json_t *r;
	json_array_foreach(runs, i, r)
		if (json_integer_value(json_object_get(r, "run")) == run && json_is_string(json_object_get(r, "lang")))
			snprintf(lang, n, "%s", json_string_value(json_object_get(r, "lang")));
	json_decref(runs);
}

/* The token indices where the words of tokens (a JSON array of strings)
 * begin, as the projection's Chinese rules cut them (lang/zhwords.c): a
 * character-tokenised sentence reads as words.  Two tokens of more than one
 * character each (word tokens, Latin words) are written apart, so jieba never
 * joins them; single characters join as jieba says.  NULL when the tokens are
 * no strings or memory ran out. */
static json_t *word_starts(xp_zhseg *z, json_t *tokens)
{
	size_t n = json_array_size(tokens);
	const char **w = calloc(n + 1, sizeof *w);
	uint32_t *len = calloc(n + 1, sizeof *len);
	uint8_t *blank = calloc(n + 1, 1), *start = calloc(n + 2, 1);
	json_t *out = w && len && blank && start ? json_array() : NULL;
	for (size_t i = 0; out && i < n; i++) {
		json_t *t = json_array_get(tokens, i);
		if (!json_is_string(t)) {
			json_decref(out);
			out = NULL;
			break;
		}
		w[i] = json_string_value(t), len[i] = (uint32_t)json_string_length(t);
	}
	for (size_t i = 1; out && i < n; i++)
		blank[i] = xp_utf8_count(w[i - 1], len[i - 1]) > 1 || xp_utf8_count(w[i], len[i]) > 1;
	if (out && n && xp_seg_word_starts(z, w, len, blank, (uint32_t)n, start)) {
		json_decref(out);
		out = NULL;
	}
	for (size_t i = 0; out && i < n; i++)
		if (start[i] || !i)
			json_array_append_new(out, json_integer((json_int_t)i));
	free(w), free(len), free(blank), free(start);
	return out;
}

/* words on the mention's target sentence and on its scene's target lines,
 * for a run in a language written in Han without spaces ("words", "tgt_words": where each word begins) */
static void add_words(xp_server *s, xp_db *db, int64_t run, json_t *m)
{
	char lang[32];
	lang_of(db, run, lang, sizeof lang);
	xp_zhseg *z = unspaced(lang) ? seg_of(s) : NULL;
	if (!z)
		return;
	json_t *t = json_object_get(m, "target"), *u, *ws;
	if (json_is_object(t) && (ws = word_starts(z, json_object_get(t, "tokens"))))
		json_object_set_new(t, "words", ws);
	size_t i;
	json_array_foreach(json_object_get(json_object_get(m, "scene"), "utterances"), i, u)
		if ((ws = word_starts(z, json_object_get(u, "tgt_tokens"))))
			json_object_set_new(u, "tgt_words", ws);
}

/* The entities a mention's page offers to a relink, a merge or a
 * target-only mention.  xp_db_mention names every entity of the document:
 * a talk of 106 entities put 106 options in each menu, and a document of
 * thousands sent them all with every mention and every action's reply.
 * The reply keeps those the scene shows (their nearest mention within
 * context lines; MAX_ENTITIES of them at most), the mention's own and the
 * document's TOP_ENTITIES largest; "entities_total" says how many the document has, and
 * "next_cluster" the number a new entity takes.  GET entities?q= finds
 * the others by their words. */
#define TOP_ENTITIES 12
#define MAX_ENTITIES 200   /* at most, in one reply of GET entities (and of a scene's) */

/* an entity of the scene with what it is sorted on, read once (a
 * comparison that looked its numbers up in the JSON cost 80 M
 * instructions a request on a document of 5,000 entities) */
typedef struct {
	json_int_t n, near, cluster;
	json_t *e;
} ent_key;

/* -1, 0, 1 as a < b, a == b, a > b (compared, not subtracted: a store's
 * numbers may be anything SQLite holds, and a difference overflows) */
static int cmp_int(json_int_t a, json_int_t b) { return (a > b) - (a < b); }

/* larger first, then nearer, then by number (a stable order for a stable menu) */
static int ent_larger(const void *a, const void *b)
{
	const ent_key *x = a, *y = b;
	int d = cmp_int(y->n, x->n);
	if (!d)
		d = cmp_int(x->near, y->near);
	return d ? d : cmp_int(x->cluster, y->cluster);
}

/* nearer first, then larger */
static int ent_nearer(const void *a, const void *b)
{
	const ent_key *x = a, *y = b;
	int d = cmp_int(x->near, y->near);
	return d ? d : ent_larger(a, b);
}

/* the scene's entities, sorted by cmp; *next: the number a new entity takes */
static ent_key *ents_sorted(json_t *scene, int (*cmp)(const void *, const void *), size_t *n, json_int_t *next)
{
	json_t *all = json_object_get(scene, "entities"), *e;
	size_t i;
	*n = json_array_size(all), *next = 0;
	ent_key *v = malloc((*n ? *n : 1) * sizeof *v);
	if (!v)
		return NULL;
	json_array_foreach(all, i, e) {
		v[i] = (ent_key){json_integer_value(json_object_get(e, "n")), json_integer_value(json_object_get(e, "near")),
				 json_integer_value(json_object_get(e, "cluster")), e};
		/* (saturated: a damaged store's INT64_MAX overflowed; an add to
		 * that number is refused by the store, as any out of range) */
		if (v[i].cluster >= *next)
			*next = v[i].cluster < INT64_MAX ? v[i].cluster + 1 : v[i].cluster;
	}
	qsort(v, *n, sizeof *v, cmp);
	return v;
}

static void bound_entities(json_t *m, int context)
{
	json_t *scene = json_object_get(m, "scene");
	size_t n, top = 0;
	json_int_t next, own = json_integer_value(json_object_get(scene, "tgt_cluster"));
	ent_key *v = ents_sorted(scene, ent_larger, &n, &next);
	if (!v)
		return;
	json_t *kept = json_array();
	/* the scene's own at most MAX_ENTITIES (larger first): a scene whose
	 * lines hold thousands of entities sent them all (100,000 on one
	 * line: 8 MB with every mention and every action's reply) */
	size_t nearby = 0;
	for (size_t i = 0; i < n; i++) {
		int large = top < TOP_ENTITIES, near = !large && v[i].near <= context && nearby < MAX_ENTITIES;
		if (large || near || v[i].cluster == own) {
			top += large, nearby += near;
			json_array_append(kept, v[i].e);
		}
	}
	free(v);
	json_object_set_new(scene, "entities_total", json_integer((json_int_t)n));
	json_object_set_new(scene, "next_cluster", json_integer(next));
	json_object_set_new(scene, "entities", kept);
}

/* does the entity's English or target words hold q (folded)?  Each side
 * both spaced and not: a Chinese name is typed without spaces.  Each word
 * is folded as the aligner folds words (xp_utf8_fold: ICU's case folding,
 * so "ÉLISE" finds élise, not only ASCII), one at a time as the aligner
 * does: folding the words joined refused any text over 256 bytes, and such
 * an entity (a long mention names it) was matched unfolded, so no q found
 * it by its English words.  A word that does not fold (no UTF-8, or too
 * long) is matched as it is.  s and u are the caller's, reused. */
static int ent_holds(json_t *e, const char *q, xp_buf *s, xp_buf *u)
{
	if (!*q)   /* every entity: nothing to join or fold */
		return 1;
	for (int side = 0; side < 2; side++) {
		json_t *w;
		size_t i;
		char f[4096];
		s->n = u->n = 0;
		json_array_foreach(json_object_get(e, side ? "tgt_words" : "words"), i, w) {
			const char *t = json_string_value(w) ? json_string_value(w) : "";
			size_t n = strlen(t);
			int k = xp_utf8_fold(t, n, f, sizeof f);
			if (k >= 0)
				t = f, n = (size_t)k;
			if (i)
				xp_buf_putc(s, ' ');
			xp_buf_add(s, t, n), xp_buf_add(u, t, n);
		}
		xp_buf_putc(s, 0), xp_buf_putc(u, 0);
		if (s->oom || u->oom)
			return 0;
		if (strstr(s->p, q) || strstr(u->p, q))
			return 1;
	}
	return 0;
}

/* the mention's document's entities whose words hold q, nearest first */
static int get_entities(xp_server *s, xp_db *db, const xp_args *a, json_t **out)
{
	(void)s;
	int status = 200;
	int64_t run = run_arg(s, db, a, out, &status);
	if (!run)
		return status;
	const char *key = a->get(a->ctx, "key"), *q = a->get(a->ctx, "q");
	if (!key || !*key || strlen(key) > 500)
		return fail(out, 400, "key=DOC|ID is required");
	if (q && strlen(q) > 200)
		return fail(out, 400, "q is at most 200 bytes");
	const char *nan = numbers_refusal(a);
	if (nan)
		return fail(out, 400, nan);
	long limit = num_arg(a, "limit", 30, 1, MAX_ENTITIES);
	char lq[1024] = "";
	if (q && xp_utf8_fold(q, strlen(q), lq, sizeof lq) < 0)
		return fail(out, 400, "q is not UTF-8 text");
	json_t *m;
	xp_err e;
	if (xp_db_mention(db, run, key, 0, &m, &e))
		return fail_err(out, &e);
	size_t n, matched = 0;
	json_int_t next;
	ent_key *v = ents_sorted(json_object_get(m, "scene"), ent_nearer, &n, &next);
	json_t *list = json_array();
	xp_buf sb = {0}, ub = {0};
	for (size_t i = 0; v && i < n; i++)
		if (ent_holds(v[i].e, lq, &sb, &ub) && matched++ < (size_t)limit)
			json_array_append(list, v[i].e);
	xp_buf_free(&sb), xp_buf_free(&ub);
	free(v);
	*out = json_pack("{s:I,s:O,s:s,s:I,s:I,s:I,s:o}", "run", (json_int_t)run, "key", json_object_get(m, "key"), "q",
			 q ? q : "", "total", (json_int_t)n, "matched", (json_int_t)matched, "next_cluster", next,
			 "entities", list);
	json_decref(m);
	return *out ? 200 : fail(out, 500, "out of memory");
}

/* the mention, with where triage put it and why */
static int mention_reply(xp_server *s, xp_db *db, int64_t run, const char *key, int context, json_t **m, xp_err *e)
{
	(void)s;
	if (xp_db_mention(db, run, key, context, m, e))
		return -1;
	json_t *t;
	xp_err e2;
	if (xp_db_queue_item(db, run, json_string_value(json_object_get(*m, "key")), &t, &e2) == 0)
		json_object_set_new(*m, "triage", t);
	/* the lines its utterance may be re-paired with (realign) */
	if (xp_db_lines(db, run, json_string_value(json_object_get(*m, "key")), &t, &e2) == 0)
		json_object_set_new(*m, "lines", t);
	add_words(s, db, run, *m);
	bound_entities(*m, context);
	return 0;
}

static int get_mention(xp_server *s, xp_db *db, const xp_args *a, json_t **out)
{
	int status = 200;
	int64_t run = run_arg(s, db, a, out, &status);
	if (!run)
		return status;
	const char *key = a->get(a->ctx, "key");
	if (!key || !*key || strlen(key) > 500)
		return fail(out, 400, "key=DOC|ID is required");
	xp_err e;
	const char *nan = numbers_refusal(a);
	if (nan)
		return fail(out, 400, nan);
	/* the scene panel's "more above/below" widens it (a scene may have hundreds of lines) */
	int context = (int)num_arg(a, "context", CONTEXT, 0, MAX_CONTEXT);
	return mention_reply(s, db, run, key, context, out, &e) ? fail_err(out, &e) : 200;
}

/* what POST undo would take back now, with the version to send with it */
static int get_undo(xp_server *s, xp_db *db, const xp_args *a, json_t **out)
{
	int status = 200;
	int64_t run = run_arg(s, db, a, out, &status);
	if (!run)
		return status;
	const char *who = a->get(a->ctx, "annotator"), *why = name_refusal(who);
	if (why)
		return fail(out, 422, why);
	char what[700], key[600];
	int64_t version;
	xp_err e;
	if (xp_db_undo_next(db, run, who, what, sizeof what, key, sizeof key, &version, &e))
		return fail_err(out, &e);
	/* and in words, as the page says it ("undo": what and key, for a program) */
	char said[900];
	if (xp_db_undo_said(db, run, who, said, sizeof said))
		snprintf(said, sizeof said, "%s", what);
	*out = json_pack("{s:I,s:o,s:o,s:I,s:o}", "run", (json_int_t)run, "undo", xp_json_text(what), "key",
			 xp_json_text(key), "version", (json_int_t)version, "said", xp_json_text(said));
	return 200;
}

int xp_api_get(xp_server *s, const char *path, const xp_args *a, json_t **out)
{
	xp_err e;
	xp_db *db = xp_serve_db(s, &e);
	if (!db)
		return fail_err(out, &e);
	int status = !strcmp(path, "runs") ? get_runs(s, db, out)
		   : !strcmp(path, "stats") ? get_stats(s, db, a, out)
		   : !strcmp(path, "queue") ? get_queue(s, db, a, out)
		   : !strcmp(path, "undo") ? get_undo(s, db, a, out)
		   : !strcmp(path, "entities") ? get_entities(s, db, a, out)
					    : get_mention(s, db, a, out);
	xp_serve_db_done(s, db);
	return status;
}

/* --- POST -------------------------------------------------------------------------------------------- */

static const char *str(json_t *body, const char *k)
{
	return json_string_value(json_object_get(body, k));
}

/* The scene's width a POST's reply is drawn at: "context", read as GET
 * /api/mention reads context= (absent: CONTEXT; out of range: clamped to
 * 0..MAX_CONTEXT; not a whole number: refused, nothing written).  The page
 * sends the width it shows (widened by "more lines").  Before, a POST read
 * it only for an edit's reply, and as no GET did: -3 or 500 drew 8 lines
 * where GET drew 0 or 400, "abc" answered 200; a refused action's reply
 * (409, with the mention as it is now) and an undo's were drawn at 8
 * whatever was sent, so a page showing 400 lines got 8 back and, taking
 * them for its 400, hid its "more lines" buttons.  -1: not a number. */
static int body_context(json_t *body)
{
	json_t *c = json_object_get(body, "context");
	if (!c || json_is_null(c))
		return CONTEXT;
	if (!json_is_integer(c))
		return -1;
	json_int_t n = json_integer_value(c);
	return n < 0 ? 0 : n > MAX_CONTEXT ? MAX_CONTEXT : (int)n;
}

/* After a refused action the reply carries the mention as it is now (at
 * the scene's width the request asked), so the page can show what the
 * other annotator did instead of overwriting it. */
static int refused(xp_server *s, xp_db *db, int64_t run, const char *key, int context, const xp_err *e, json_t **out)
{
	int status = fail_err(out, e);
	json_t *m;
	xp_err e2;
	if (key && status != 404 && mention_reply(s, db, run, key, context, &m, &e2) == 0)
		json_object_set_new(*out, "mention", m);
	return status;
}

static int post_edit(xp_server *s, xp_db *db, int64_t run, json_t *body, json_t **out)
{
	const char *key = str(body, "key"), *who = str(body, "annotator"), *action = str(body, "action");
	const char *note = str(body, "note"), *why = name_refusal(who);
	json_t *v = json_object_get(body, "version"), *sp = json_object_get(body, "span");
	int context = body_context(body);
	if (why)
		return fail(out, 422, why);
	if (!key || strlen(key) > 500)
		return fail(out, 400, "key: the mention, DOC|ID");
	if (context < 0)
		return fail(out, 400, "context is a whole number of lines");
	/* every action says which state of the mention it was decided on: an
	 * action without one would overwrite whatever someone did meanwhile */
	if (!v)
		return fail(out, 400, "version: the mention's version the action was decided on (GET /api/mention) is required");
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return fail(out, 400, "version is a number, 0 or more");
	/* the refusals a corrector reads (the page shows them after "Not
	 * saved:") say what happened and what to do, in the page's words */
	if (json_object_get(body, "note") && !note)
		return fail(out, 422, "a note is text");
	if (note && strlen(note) > 4000)
		return fail(out, 422, "the note is too long: at most 4000 bytes, which is 1333 characters in a script of "
				      "3-byte characters; shorten it and save it again");
	size_t bad;
	if (note && !xp_utf8_valid(note, strlen(note), &bad))
		return fail(out, 422, "a note is UTF-8 text");
	int64_t version = (int64_t)json_integer_value(v), moved = -1;
	xp_err e;
	int rc;
	if (action && (!strcmp(action, "keep") || !strcmp(action, "note"))) {
		rc = xp_db_review(db, run, key, !strcmp(action, "keep") ? XP_KEEP : XP_NOTE, note, who, version, &e);
	} else if (action && !strcmp(action, "delete") && json_object_get(body, "tadd")) {
		/* a target-only mention of the line deleted alone (the run's, a
		 * rule made it, or a corrector's): tadd N, from the cluster the
		 * corrector saw it in (optional) */
		json_t *ta = json_object_get(body, "tadd"), *from = json_object_get(body, "from");
		if (!json_is_integer(ta) || json_integer_value(ta) <= 0)
			return fail(out, 400, "tadd: the number of the target-only mention to delete (+N)");
		if (from && (!json_is_integer(from) || json_integer_value(from) < 0))
			return fail(out, 400, "from: the cluster the target-only mention was in as you saw it, with tadd");
		rc = xp_db_delete_tadd_at(db, run, key, (int64_t)json_integer_value(ta), from ? (int64_t)json_integer_value(from) : -1,
					  who, note, version, &e);
	} else if (action && (!strcmp(action, "add") || !strcmp(action, "modify") || !strcmp(action, "delete"))) {
		xp_edit ed = {!strcmp(action, "add") ? XP_ADD : !strcmp(action, "delete") ? XP_DELETE : XP_MODIFY, key, 0, 0,
			      0, who, note};
		if (ed.op != XP_DELETE) {
			if (json_array_size(sp) != 3 || !json_is_integer(json_array_get(sp, 0)) ||
			    !json_is_integer(json_array_get(sp, 1)) || !json_is_integer(json_array_get(sp, 2)))
				return fail(out, 400, "span: [sentence, start, end]");
			json_int_t x[3];
			for (int i = 0; i < 3; i++) {
				x[i] = json_integer_value(json_array_get(sp, (size_t)i));
				if (x[i] < -1000000 || x[i] > 1000000)
					return fail(out, 422, "span: out of range");
			}
			ed.sent = (int32_t)x[0], ed.start = (int32_t)x[1], ed.end = (int32_t)x[2];
		}
		rc = xp_db_edit_at(db, run, &ed, version, &e);
	} else if (action && !strcmp(action, "relink")) {
		json_t *c = json_object_get(body, "cluster");
		if (!json_is_integer(c))
			return fail(out, 400, "cluster: the number of the cluster the mention moves to");
		/* a target-only mention of the line relinked alone: tadd N, from
		 * the cluster the corrector saw it in (optional) */
		json_t *ta = json_object_get(body, "tadd"), *from = json_object_get(body, "from");
		if (ta && (!json_is_integer(ta) || json_integer_value(ta) <= 0))
			return fail(out, 400, "tadd: the number of the target-only mention to relink (+N)");
		if (from && (!ta || !json_is_integer(from) || json_integer_value(from) < 0))
			return fail(out, 400, "from: the cluster the target-only mention was in as you saw it, with tadd");
		rc = ta ? xp_db_relink_tadd_at(db, run, key, (int64_t)json_integer_value(ta),
					       from ? (int64_t)json_integer_value(from) : -1, (int64_t)json_integer_value(c), who,
					       note, version, &e)
			: xp_db_relink_at(db, run, key, (int64_t)json_integer_value(c), who, note, version, &e);
	} else if (action && !strcmp(action, "merge")) {
		/* the mention's whole entity into cluster N; size: how many target
		 * mentions the corrector saw in it (the scene's tgt_cluster_size) */
		json_t *c = json_object_get(body, "cluster"), *sz = json_object_get(body, "size");
		if (!json_is_integer(c))
			return fail(out, 400, "cluster: the number of the cluster the mention's entity merges into");
		if (sz && (!json_is_integer(sz) || json_integer_value(sz) < 0))
			return fail(out, 400, "size: how many target mentions the entity had as you saw it, 0 or more");
		/* members: the entity's members as the scene named them
		 * (tgt_cluster_members), compared as a set */
		json_t *mb = json_object_get(body, "members"), *x, *mh = json_object_get(body, "members_hash");
		size_t i, nm = json_array_size(mb);
		if (mb && (!json_is_array(mb) || nm > 100000))
			return fail(out, 400, "members: the entity's members as you saw them (scene.tgt_cluster_members)");
		/* or their hash (scene.tgt_cluster_members_hash), where the scene listed none */
		const char *hv = json_string_value(mh);
		if (mh && (mb || !hv || hv[0] != '#' || strlen(hv) != 17))
			return fail(out, 400, "members_hash: the entity's members' hash as you saw it "
					      "(scene.tgt_cluster_members_hash), without members");
		const char *hash1[1] = {hv};
		const char **mv = nm ? malloc(nm * sizeof *mv) : NULL;
		if (nm && !mv)
			return fail(out, 500, "out of memory");
		json_array_foreach(mb, i, x) {
			if (!json_is_string(x)) {
				free(mv);
				return fail(out, 400, "members: mention keys (and +N for target-only mention N)");
			}
			mv[i] = json_string_value(x);
		}
		static const char *const none[1] = {NULL};
		rc = xp_db_merge_at(db, run, key, (int64_t)json_integer_value(c), sz ? (int64_t)json_integer_value(sz) : -1,
				    mh ? hash1 : mb ? (nm ? mv : none) : NULL, mh ? 1 : nm, who, note, version, &moved, &e);
		free(mv);
	} else if (action && !strcmp(action, "realign")) {
		/* the mention's utterance re-paired with these blocks (ids) */
		json_t *bl = json_object_get(body, "blocks"), *x;
		size_t i, n = json_array_size(bl);
		if (!json_is_array(bl) || !n || n > 64)
			return fail(out, 400, "blocks: the subtitle blocks (ids, 1 to 64) the utterance is paired with");
		int64_t ids[64];
		json_array_foreach(bl, i, x) {
			if (!json_is_integer(x))
				return fail(out, 400, "blocks: block ids");
			ids[i] = (int64_t)json_integer_value(x);
		}
		rc = xp_db_realign_at(db, run, key, ids, n, who, note, version, &e);
	} else if (action && !strcmp(action, "tadd")) {
		/* a target mention with no English counterpart: utterance, span, cluster */
		json_t *u = json_object_get(body, "utt"), *c = json_object_get(body, "cluster");
		if (!json_is_integer(u) || !json_is_integer(c) || json_array_size(sp) != 2 ||
		    !json_is_integer(json_array_get(sp, 0)) || !json_is_integer(json_array_get(sp, 1)))
			return fail(out, 400, "tadd: utt (the utterance), span [start, end] of its target tokens, cluster");
		int64_t id;
		rc = xp_db_tadd_at(db, run, key, (int64_t)json_integer_value(u), (int64_t)json_integer_value(json_array_get(sp, 0)),
				   (int64_t)json_integer_value(json_array_get(sp, 1)), (int64_t)json_integer_value(c), who, note,
				   version, &id, &e);
	} else {
		return fail(out, 400, "action: keep, modify, delete, add, relink, merge, realign, tadd or note");
	}
	if (rc)
		return refused(s, db, run, key, context, &e, out);
	/* the new pair aligned by the run's model, its mentions projected
	 * again: proposals, or why there are none (serve/reproject.c) */
	json_t *reproj = NULL;
	if (!strcmp(action, "realign"))
		xp_reproject(s, db, run, key, &reproj);
	json_t *m;
	if (mention_reply(s, db, run, key, context, &m, &e)) {
		json_decref(reproj);
		return fail_err(out, &e);
	}
	*out = json_pack("{s:b,s:s,s:o}", "ok", 1, "done", action, "mention", m);
	if (reproj)
		json_object_set_new(*out, "reprojection", reproj);
	if (moved >= 0)
		json_object_set_new(*out, "moved", json_integer((json_int_t)moved));
	return 200;
}

static int post_undo(xp_server *s, xp_db *db, int64_t run, json_t *body, json_t **out)
{
	const char *who = str(body, "annotator"), *why = name_refusal(who), *want = str(body, "key");
	json_t *v = json_object_get(body, "version");
	int context = body_context(body);
	if (why)
		return fail(out, 422, why);
	if (context < 0)
		return fail(out, 400, "context is a whole number of lines");
	/* the undo says what it takes back (GET /api/undo, or the page's own
	 * last action): that mention, on that version */
	if (!want || strlen(want) > 500)
		return fail(out, 400, "key: the mention whose action the undo takes back (GET /api/undo says which)");
	if (!v)
		return fail(out, 400, "version: the mention's version the undo was decided on (GET /api/undo) is required");
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return fail(out, 400, "version is a number, 0 or more");
	char what[700], key[600] = "";
	int64_t now;
	xp_err e;
	if (xp_db_undo_next(db, run, who, what, sizeof what, key, sizeof key, &now, &e))
		return fail_err(out, &e);
	if (strcmp(key, want) || now != (int64_t)json_integer_value(v)) {
		/* the page shows these after "Not undone:" with the mention as
		 * it is now: what happened and what to do, no version numbers */
		if (strcmp(key, want))
			xp_failc(&e, XP_ECONFLICT, "", 0, "your last action is now %s, not the one on "
				 "%s you meant (in another tab?); press u again to undo %s", what, want, what);
		else
			xp_failc(&e, XP_ECONFLICT, "", 0, "%s changed a moment ago (another corrector "
				 "acted on it); it is shown as it is now: look at what changed, then press u again if yours should "
				 "still be undone", want);
		return refused(s, db, run, key, context, &e, out);
	}
	/* what it takes back in words, read before it is taken back (a
	 * target-only mention's add undone leaves no line to read it from) */
	char said[900];
	if (xp_db_undo_said(db, run, who, said, sizeof said))
		snprintf(said, sizeof said, "%s", what);
	if (xp_db_undo_mine(db, run, who, what, sizeof what, key, sizeof key, &e))
		return refused(s, db, run, key[0] ? key : NULL, context, &e, out);
	json_t *m;
	if (mention_reply(s, db, run, key, context, &m, &e))
		return fail_err(out, &e);
	/* as get_undo: the texts were cut to their buffers, maybe inside a
	 * character (a long line's words), and jansson refuses invalid UTF-8:
	 * a NULL reply here would answer 500 for an undo already made */
	*out = json_pack("{s:b,s:o,s:o,s:o,s:o}", "ok", 1, "undone", xp_json_text(what), "said", xp_json_text(said), "key",
			 xp_json_text(key), "mention", m);
	return 200;
}

static int post_position(xp_db *db, int64_t run, json_t *body, json_t **out)
{
	const char *who = str(body, "annotator"), *key = str(body, "key"), *why = name_refusal(who);
	if (why)
		return fail(out, 422, why);
	if (!key || strlen(key) > 500)
		return fail(out, 400, "key: the mention, DOC|ID");
	xp_err e;
	if (xp_db_position_set(db, run, who, key, &e))
		return fail_err(out, &e);
	*out = json_pack("{s:b}", "ok", 1);
	return 200;
}

/* The run that superseded run (xp_db_runs' "superseded_by": a later run
 * of its language holding one of its documents, a rerun of the pipeline),
 * or run itself: runs of other languages, and the shards of a workflow
 * merged into one store (other documents), supersede nothing. */
static int64_t latest_of(xp_db *db, int64_t run)
{
	json_t *runs;
	xp_err e;
	int64_t latest = run;
	if (xp_db_runs(db, &runs, &e))
		return run;
	size_t i;
	json_t *r;
	json_array_foreach(runs, i, r)
		if (json_integer_value(json_object_get(r, "run")) == run && json_is_integer(json_object_get(r, "superseded_by")))
			latest = (int64_t)json_integer_value(json_object_get(r, "superseded_by"));
	json_decref(runs);
	return latest;
}

/* Under the write lock: the run exists and is the latest of its language,
 * unless the client says it means an older one. */
static int64_t post_run(xp_server *s, xp_db *db, json_t *body, json_t **out, int *status)
{
	json_t *given = json_object_get(body, "run"), *old = json_object_get(body, "old_run");
	if (!json_is_integer(given) || json_integer_value(given) < 1) {
		*status = fail(out, 400, "run: the run the action was decided on (a number; GET /api/runs lists them)");
		return 0;
	}
	if (old && !json_is_boolean(old)) {
		*status = fail(out, 400, "old_run is true or false");
		return 0;
	}
	int64_t run = run_of(s, db, given, out, status);
	if (!run)
		return 0;
	int64_t latest = latest_of(db, run);
	if (latest != run && run != s->run && !json_is_true(old)) {
		char msg[300];
		snprintf(msg, sizeof msg, "run %lld is not the latest: run %lld was imported since (a rerun), and db export "
			 "acts on it; nothing was written (send old_run: true to write to run %lld all the same)",
			 (long long)run, (long long)latest, (long long)run);
		*status = fail(out, 409, msg);
		json_object_set_new(*out, "error", json_string("stale run"));
		json_object_set_new(*out, "run", json_integer(run));
		json_object_set_new(*out, "latest", json_integer(latest));
		return 0;
	}
	return run;
}

int xp_api_post(xp_server *s, xp_db *db, const char *path, json_t *body, json_t **out)
{
	xp_err e;
	/* one transaction from the run's check to the action's last write */
	if (xp_db_begin(db, &e))
		return fail_err(out, &e);
	int status = 200;
	int64_t run = post_run(s, db, body, out, &status);
	if (run)
		status = !strcmp(path, "edit") ? post_edit(s, db, run, body, out)
		       : !strcmp(path, "undo") ? post_undo(s, db, run, body, out)
					       : post_position(db, run, body, out);
	if (status != 200) {
		xp_db_rollback(db);
	} else if (xp_db_commit(db, &e)) {
		json_decref(*out);
		status = fail_err(out, &e);
	}
	return status;
}
