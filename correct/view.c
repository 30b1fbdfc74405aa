/*
 * correct/view.c — reading the store: the corrected (or silver) corpus,
 * statistics, the history, triage, and TASA input for annotators.
 */
#include "review.h"
#include "store.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../base/outputs.h"
#include "../base/text.h"
#include "../base/vocab.h"
#include "../model/mtype.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- export --------------------------------------------------------------------------- */

/* s, or a malloc'd copy (in *tmp) with its invalid UTF-8 replaced: a store
 * edited by hand may hold any bytes, a CoNLL file read back may not */
static const char *utf8(const char *s, char **tmp)
{
	size_t n = strlen(s), bad;
	*tmp = NULL;
	if (xp_utf8_valid(s, n, &bad) || !(*tmp = malloc(3 * n + 1)))
		return s;
	(*tmp)[xp_utf8_repair(s, n, *tmp)] = '\0';
	return *tmp;
}

static int add_sentence(xp_corpus *c, xp_doc *d, const char *speaker, const char *tgt_json)
{
	json_error_t je;
	json_t *a = json_loads(tgt_json, 0, &je);
	size_t n = json_array_size(a);
	const char **w = malloc((n + 1) * sizeof *w);
	size_t *l = malloc((n + 1) * sizeof *l);
	int rc = w && l ? 0 : -1;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		w[i] = json_string_value(json_array_get(a, i));
		l[i] = w[i] ? strlen(w[i]) : 0;
		if (!w[i])
			w[i] = "";
	}
	char *tmp = NULL;
	if (rc == 0 && !xp_doc_add_utt(c, d, utf8(speaker, &tmp), w, l, (uint32_t)n))
		rc = -1;
	free(tmp);
	free(w), free(l);
	json_decref(a);
	return rc;
}

static int has(const int64_t *v, size_t n, int64_t x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] == x)
			return 1;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* xp_view_doc with only annotator's actions (NULL: everyone's) */
static int view_doc(xp_db *db, int64_t doc_row, int silver, int mark, const int64_t *sents, size_t nsents,
		    const char *annotator, xp_corpus *c, xp_doc *d, xp_err *err)
{
	sqlite3_stmt *st;
	/* the corrected view's sentences: a realigned utterance's new tokens */
	if (xp_sql_prepare(db, XP_SQL_VIEW_SENTENCES(silver || db->version < 9), &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, doc_row);
	int rc = 0;
	for (int64_t k = 0; rc == 0 && sqlite3_step(st) == SQLITE_ROW; k++)
		rc = add_sentence(c, d, xp_sql_text(st, 0), !sents || has(sents, nsents, k) ? xp_sql_text(st, 1) : "[]");
	sqlite3_finalize(st);
	if (rc || xp_sql_prepare(db, "SELECT m.id, m.mention, m.cluster, p.tgt_start, p.tgt_end, u.tgt_idx, p.confidence"
				 " FROM mentions m JOIN projections p ON p.mention = m.id JOIN utterances u ON u.id = m.utterance"
				 " WHERE m.document = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, doc_row);
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		/* a mention is in its utterance's target sentence, whatever its edits */
		if (sents && (sqlite3_column_type(st, 5) == SQLITE_NULL || !has(sents, nsents, sqlite3_column_int64(st, 5))))
			continue;
		xp_mstate s = {sqlite3_column_type(st, 3) != SQLITE_NULL, sqlite3_column_int64(st, 3),
			   sqlite3_column_int64(st, 4), sqlite3_column_type(st, 5) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 5), 0,
			   sqlite3_column_int64(st, 2), 0, 0};
		if (!silver && xp_db_state_by(db, sqlite3_column_int64(st, 0), annotator, &s))
			rc = -2;
		/* a span the target sentence does not hold (only a store edited by
		 * hand has one) is left out rather than written as brackets that do
		 * not pair */
		if (rc || !s.projected || s.sent < 0 || (size_t)s.sent >= d->nutts || s.start < 0 ||
		    s.end > d->utts[s.sent].ntoks || s.start >= s.end)
			continue;
		if (!XP_CLUSTER_OK(s.cluster)) {
			long long id = sqlite3_column_int64(st, 1);
			sqlite3_finalize(st);
			return xp_failc(err, XP_EINPUT, db->path, 0,
					"%s|%lld: cluster %lld is not a cluster number (the store was edited by hand?)",
					d->id, id, (long long)s.cluster);
		}
		long k = xp_doc_cluster(d, s.cluster);   /* the English cluster, or the one a correction set */
		if (k < 0 || xp_doc_add_mention(d, (uint32_t)s.sent, (uint32_t)s.start, (uint32_t)s.end, (uint32_t)k, 0))
			rc = -1;
		else
			d->mentions[d->nmentions - 1].id = (uint32_t)sqlite3_column_int64(st, 1),
			d->mentions[d->nmentions - 1].conf = (float)sqlite3_column_double(st, 6);
	}
	sqlite3_finalize(st);
	/* the target-only mentions (correct/tedit.c), in their clusters */
	json_t *tadds = rc || silver ? NULL : xp_tadds_json_by(db, doc_row, annotator), *t;
	if (!rc && !silver && !tadds)
		rc = -3;
	size_t i;
	json_array_foreach(tadds, i, t) {
		int64_t sent = json_integer_value(json_object_get(t, "sent")), a = json_integer_value(json_object_get(t, "start"));
		int64_t e = json_integer_value(json_object_get(t, "end")), c = json_integer_value(json_object_get(t, "cluster"));
		if (rc || sent < 0 || (size_t)sent >= d->nutts || a < 0 || e > d->utts[sent].ntoks || a >= e ||
		    !XP_CLUSTER_OK(c))
			continue;
		long k = xp_doc_cluster(d, c);
		int64_t tid = json_integer_value(json_object_get(t, "tid"));
		if (k < 0 || xp_doc_add_mention(d, (uint32_t)sent, (uint32_t)a, (uint32_t)e, (uint32_t)k,
						mark && tid > 0 && tid < UINT32_MAX ? (uint32_t)tid : 0))
			rc = -1;
	}
	json_decref(tadds);
	if (rc)
		return rc == -2 ? xp_sql_fail(db, err, "reading a mention's corrections")
		       : rc == -3 ? xp_sql_fail(db, err, "reading the target-only mentions")
				: xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory exporting");
	return xp_doc_finish(d, 0, NULL, NULL);
}

int xp_view_doc(xp_db *db, int64_t doc_row, int silver, int mark, const int64_t *sents, size_t nsents, xp_corpus *c,
		xp_doc *d, xp_err *err)
{
	return view_doc(db, doc_row, silver, mark, sents, nsents, NULL, c, d, err);
}

/* The run's documents in order, each read into out (xp_db_export), or
 * each alone into a corpus of its own that fn(ctx, it, err) is given and
 * that is freed after it (xp_db_export_each): then memory holds one
 * document and the run's names, not the run. */
static int export_docs(xp_db *db, int64_t run, int silver, const char *annotator, const int64_t *docs, size_t ndocs,
		       xp_corpus *out, xp_export_fn fn, void *ctx, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT id, doc, part FROM documents WHERE run = ? ORDER BY id", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	xp_corpus names = {0}, one = {0};
	xp_corpus *all = out ? out : &names;
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		if (docs && !has(docs, ndocs, sqlite3_column_int64(st, 0)))
			continue;
		const char *id = xp_sql_text(st, 1);
		int64_t part = sqlite3_column_int64(st, 2);
		if (!XP_PART_OK(part)) {
			rc = xp_failc(err, XP_EINPUT, db->path, 0, "document %s has part %lld, which is not a part number "
				      "(the store was edited by hand?)", id, (long long)part);
			break;
		}
		char *tmp;
		id = utf8(id, &tmp);
		xp_doc *d = xp_corpus_add_doc(out ? out : &one, id, strlen(id), (int)part);
		if (d && !out && !xp_corpus_add_doc(&names, id, strlen(id), (int)part))
			d = NULL;
		free(tmp);
		rc = d ? view_doc(db, sqlite3_column_int64(st, 0), silver, 0, NULL, 0, annotator, out ? out : &one, d, err) : -1;
		if (rc == 0 && !out)
			rc = fn(ctx, &one, err);
		if (!out) {
			xp_corpus_free(&one);
			memset(&one, 0, sizeof one);
		}
	}
	sqlite3_finalize(st);
	/* (doc, part) is unique in the table, but not once NULL and "" or two
	 * names repaired to the same UTF-8 are one name: two documents of one
	 * name would not read back */
	xp_doc_index x;
	if (rc == 0 && all->ndocs > 1) {
		if (xp_doc_index_init(&x, all)) {
			xp_corpus_free(&names);
			return xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory exporting");
		}
		for (size_t i = 1; rc == 0 && i < x.n; i++)
			if (x.v[i].part == x.v[i - 1].part && !strcmp(x.v[i].id, x.v[i - 1].id))
				rc = xp_failc(err, XP_EINPUT, db->path, 0, "document %s part %d is in run %lld twice "
					      "(the store was edited by hand?)", x.v[i].id, x.v[i].part, (long long)run);
		xp_doc_index_free(&x);
	}
	xp_corpus_free(&names);
	return rc;
}

int xp_db_export(xp_db *db, int64_t run, int silver, xp_corpus *out, xp_err *err)
{
	return export_docs(db, run, silver, NULL, NULL, 0, out, NULL, NULL, err);
}

int xp_db_export_each(xp_db *db, int64_t run, int silver, xp_export_fn fn, void *ctx, xp_err *err)
{
	return export_docs(db, run, silver, NULL, NULL, 0, NULL, fn, ctx, err);
}

int xp_view_export_by(xp_db *db, int64_t run, const char *annotator, const int64_t *docs, size_t ndocs, xp_corpus *out,
		      xp_err *err)
{
	static const int64_t none = 0;
	return export_docs(db, run, 0, annotator, docs ? docs : &none, docs ? ndocs : 0, out, NULL, NULL, err);
}

/* --- statistics ------------------------------------------------------------------------- */

static json_t *group_counts(xp_db *db, const char *sql)
{
	json_t *o = json_object();
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
		return o;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *k = xp_sql_text(st, 0), *op = xp_sql_text(st, 1);
		json_t *g = json_object_get(o, k ? k : "");
		if (!g)
			json_object_set_new(o, k ? k : "", g = json_pack("{s:i,s:i,s:i}", "add", 0, "delete", 0, "modify", 0));
		json_object_set_new(g, op, json_integer(sqlite3_column_int64(st, 2)));
	}
	sqlite3_finalize(st);
	return o;
}

#define LIVE " c.undone = 0 AND coalesce(b.undone, 0) = 0 "

int xp_db_stats(xp_db *db, int64_t run, xp_db_counts *s, xp_err *err)
{
	memset(s, 0, sizeof *s);
	/* one run, or all of them (run 0): the run is an integer we format */
	char from[512], inrun[64], mrun[160], q[1024];
	snprintf(inrun, sizeof inrun, run ? " AND c.run = %lld " : " AND %lld = 0 ", (long long)run);
	/* a stored modification that changed nothing (store.h XP_SQL_NOOP: a
	 * store made before edits refused them) is no correction: counted
	 * apart, as no_ops */
	snprintf(from, sizeof from, " FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE" LIVE "AND NOT "
		 XP_SQL_NOOP("c") "%s", inrun);
	snprintf(mrun, sizeof mrun, run ? " JOIN documents d ON d.id = m.document WHERE d.run = %lld" : " WHERE %lld = 0",
		 (long long)run);
	snprintf(q, sizeof q, "SELECT count(*)%s AND c.op = 'add'", from);
	s->additions = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(*)%s AND c.op = 'delete'", from);
	s->deletions = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(*)%s AND c.op = 'modify'", from);
	s->modifications = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(*)%s AND c.status = 'orphan'", from);
	s->orphans = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(*)%s AND c.status = 'conflict'", from);
	s->conflicts = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(*) FROM corrections c LEFT JOIN batches b ON b.id = c.batch"
		 " WHERE (c.undone = 1 OR coalesce(b.undone, 0) = 1)%s", inrun);
	s->undone = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(*) FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE" LIVE
		 "AND " XP_SQL_NOOP("c") "%s", inrun);
	s->no_ops = (size_t)xp_sql_int(db, q, 0);
	/* counted once by the run's import (schema 7) */
	snprintf(q, sizeof q, "SELECT coalesce(sum(mentions), 0) FROM run_counts WHERE run = %lld OR %lld = 0",
		 (long long)run, (long long)run);
	s->mentions = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT coalesce(sum(projected), 0) FROM run_counts WHERE run = %lld OR %lld = 0",
		 (long long)run, (long long)run);
	s->projected = (size_t)xp_sql_int(db, q, 0);
	snprintf(q, sizeof q, "SELECT count(DISTINCT c.mention)%s AND c.status = 'ok'", from);
	s->corrected_mentions = (size_t)xp_sql_int(db, q, 0);
	sqlite3_stmt *st;
	snprintf(q, sizeof q, "SELECT " XP_SQL_TOKEN("u.src", "m.start") ", m.end - m.start%s%s AND c.op = 'add'"
		 " AND c.status = 'ok'", " FROM corrections c LEFT JOIN batches b ON b.id = c.batch JOIN mentions m ON m.id = c.mention"
		 " JOIN utterances u ON u.id = m.utterance WHERE" LIVE, inrun);
	if (xp_sql_prepare(db, q, &st, err))
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW)
		s->pronoun_additions += sqlite3_column_int(st, 1) == 1 && xp_mtype_is_pronoun(&xp_mtype_en, xp_sql_text(st, 0));
	sqlite3_finalize(st);
	json_t *o = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:f,s:I}", "additions", (json_int_t)s->additions,
			      "deletions", (json_int_t)s->deletions, "modifications", (json_int_t)s->modifications,
			      "orphans", (json_int_t)s->orphans, "conflicts", (json_int_t)s->conflicts, "undone",
			      (json_int_t)s->undone, "no_ops", (json_int_t)s->no_ops, "mentions", (json_int_t)s->mentions, "projected",
			      (json_int_t)s->projected, "corrected_mentions", (json_int_t)s->corrected_mentions,
			      "corrected_share", s->mentions ? (double)s->corrected_mentions / s->mentions : 0.0,
			      "pronoun_additions", (json_int_t)s->pronoun_additions);
	snprintf(q, sizeof q, "SELECT xp_lang_tag(r.lang), c.op, count(*) FROM corrections c JOIN runs r ON r.id = c.run"
		 " LEFT JOIN batches b ON b.id = c.batch WHERE" LIVE "AND NOT " XP_SQL_NOOP("c") "%s GROUP BY 1, 2", inrun);
	json_object_set_new(o, "by_language", group_counts(db, q));
	snprintf(q, sizeof q, "SELECT coalesce(c.annotator, ''), c.op, count(*)%s GROUP BY 1, 2", from);
	json_object_set_new(o, "by_annotator", group_counts(db, q));
	if (run)
		json_object_set_new(o, "run", json_integer(run));
	s->json = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(4));
	json_decref(o);
	return s->json ? 0 : xp_fail(err, "", 0, "out of memory");
}

void xp_db_counts_free(xp_db_counts *s)
{
	free(s->json);
	s->json = NULL;
}

/* --- history ------------------------------------------------------------------------------ */

int xp_db_log(xp_db *db, char **out, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT id, created, action, detail FROM history ORDER BY id", &st, err))
		return -1;
	xp_buf b = {0};
	while (sqlite3_step(st) == SQLITE_ROW)
		xp_buf_printf(&b, "%lld %s %-18s %s\n", (long long)sqlite3_column_int64(st, 0), xp_sql_text(st, 1),
			      xp_sql_text(st, 2), xp_sql_text(st, 3));
	sqlite3_finalize(st);
	if (b.oom)
		return xp_buf_free(&b), xp_fail(err, "", 0, "out of memory");
	*out = b.p ? b.p : strdup("");
	return 0;
}

/* --- triage ---------------------------------------------------------------------------------- */

static int by_rate(const void *a, const void *b)
{
	const xp_triage_item *x = a, *y = b;
	if (x->align != y->align)
		return x->align ? -1 : 1;
	if (x->risk != y->risk)
		return x->risk < y->risk ? 1 : -1;
	if (x->p_fix != y->p_fix)
		return x->p_fix < y->p_fix ? 1 : -1;
	return strcmp(x->key, y->key);
}

/* What a corrector's minute buys.  A mention's confidence is the calibrated
 * probability that what the projection did with it is right (project/
 * confidence.h), so 1 - confidence is the chance that looking at it ends in
 * a fix: an edit of a wrong span, or an addition for a null.  Looking costs
 * time whatever the outcome, fixing costs more: the expected fixes per
 * minute are p / (look + p * fix) * 60, and with calibrated p taking the
 * mentions in falling order of it is what gets the most fixes into any
 * first stretch of time.  The times (db.h) are assumptions, not
 * measurements (no timed corrections exist to fit them on): checking a
 * projected span against its sentence is quick, deciding that a null has
 * no counterpart means reading the whole sentence; an edit is one span
 * selection (a deletion less), an addition is a selection in a sentence
 * the corrector must first search and a cluster to attach it to, so it
 * costs more.  With the same times for every mention of a kind the order
 * within a kind is the order of p; the times only weigh nulls against
 * projections: a null needs p about twice a projection's to come as early
 * (p 0.3 for a null ranks with about 0.16 for a span).  `xproj judge`
 * replays a queue against corrected files at these times (bench/triage.sh
 * prints the fixes an hour brings by this order and by others).  Mentions
 * without a target sentence cannot be fixed, and mentions a corrector
 * already edited or kept have had their look. */
double xp_fix_rate(double p, int projected)
{
	double look = projected ? XP_LOOK_PROJECTED_S : XP_LOOK_NULL_S, fix = projected ? XP_FIX_EDIT_S : XP_FIX_ADD_S;
	return p <= 0 ? 0 : 60 * p / (look + p * fix);
}

/* One mention's triage item (xp_db_triage's, row by row: correct/queue.c
 * ranks a run with it without holding the run): doc, part and mention its
 * key (xp_mention_key),
 * fate, conf and has_tgt its projection, why the projection's explanation,
 * doubt its utterance's align_doubt (JSON, or NULL), flags its xp_touch. */
void xp_triage_one(const char *doc, int64_t part, int64_t mention, const char *fate, double conf, int has_tgt, const char *why,
		   const char *doubt_json, unsigned flags, xp_triage_item *t)
{
	memset(t, 0, sizeof *t);
	xp_mention_key(t->key, sizeof t->key, doc, part, mention);
	int projected = fate && !strcmp(fate, "projected");
	snprintf(t->explain, sizeof t->explain, "%s", why ? why : "");
	if (flags & (XP_TOUCH_EDITED | XP_TOUCH_KEPT)) {
		snprintf(t->why, sizeof t->why, "%s", flags & XP_TOUCH_EDITED ? "corrected" : "kept");
		return;
	}
	if (!has_tgt) {
		snprintf(t->why, sizeof t->why, "no target sentence");
		return;
	}
	t->p_fix = conf < 0 ? 1 : conf > 1 ? 0 : 1 - conf;
	t->risk = xp_fix_rate(t->p_fix, projected);
	snprintf(t->why, sizeof t->why, "%s: P(%s) %.2f, %.1f fixes/min", projected ? "projected" : fate,
		 projected ? "wrong" : "addition", t->p_fix, t->risk);
	/* The utterance may be paired with the wrong subtitle lines: no
	 * span of it can be right until that is fixed (a realign in the
	 * workbench), so its mentions come first whatever their risk. */
	json_t *doubt = doubt_json ? json_loads(doubt_json, 0, NULL) : NULL;
	if (json_is_array(doubt) && json_array_size(doubt)) {
		char words[80] = "";
		size_t at = 0;
		for (size_t k = 0; k < json_array_size(doubt) && at < sizeof words; k++) {
			const char *w = json_string_value(json_array_get(doubt, k));
			int len = snprintf(words + at, sizeof words - at, "%s%s", k ? ", " : "", w ? w : "");
			at += len > 0 ? (size_t)len : 0;
		}
		t->align = 1;
		char rest[sizeof t->why];
		memcpy(rest, t->why, sizeof rest);
		xp_buf w = {0};
		xp_buf_printf(&w, "alignment doubtful (%s); %s", words, rest);
		snprintf(t->why, sizeof t->why, "%s", w.p && !w.oom ? w.p : "alignment doubtful");
		xp_buf_free(&w);
	}
	json_decref(doubt);
}

/* The rows of the run's queue: xp_db_triage_top reads them (with kd, the
 * documents' keys) and the TASA export counts them; one text, so the
 * count cannot drift from the queue it counts */
#define TRIAGE_FROM(kd) " FROM mentions m JOIN documents d ON d.id = m.document" kd \
	" JOIN projections p ON p.mention = m.id JOIN utterances u ON u.id = m.utterance WHERE d.run = ?1"

/* A candidate of xp_db_triage_top's heap: the item and where the run's
 * query gave it.  The whole run used to be sorted with qsort, which glibc
 * does as a merge sort, stable: two items by_rate holds equal (a key cut
 * at its 300 bytes) stay in the query's order, and so they do here. */
typedef struct ranked {
	xp_triage_item t;
	size_t seq;
} ranked;

static int by_rate_seq(const ranked *x, const ranked *y)
{
	int c = by_rate(&x->t, &y->t);
	return c ? c : x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int by_rate_seq_q(const void *a, const void *b)
{
	return by_rate_seq(a, b);
}

/* h[0..n) a heap whose root is the last of them in the queue's order:
 * move h[i] down to its place */
static void sift_down(ranked *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && by_rate_seq(&h[l], &h[m]) > 0)
			m = l;
		if (r < n && by_rate_seq(&h[r], &h[m]) > 0)
			m = r;
		if (m == i)
			return;
		ranked t = h[i];
		h[i] = h[m], h[m] = t;
		i = m;
	}
}

static void sift_up(ranked *h, size_t i)
{
	while (i && by_rate_seq(&h[i], &h[(i - 1) / 2]) > 0) {
		ranked t = h[i];
		h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* The run's mentions go by one at a time: the first top of them in the
 * queue's order are kept in a heap whose root is the last kept, which a
 * better one replaces.  With top 0 every one is kept (the whole queue,
 * `db triage --list`). */
int xp_db_triage_top(xp_db *db, int64_t run, size_t top, xp_triage_item **items, size_t *n, xp_err *err)
{
	sqlite3_stmt *st;
	xp_touch *touched = NULL;
	size_t ntouched = 0;
	*items = NULL, *n = 0;
	if (xp_db_touched(db, run, &touched, &ntouched, err))
		return -1;
	if (xp_sql_prepare(db, db->version >= 9 ? XP_SQL_KEY_DOCS("?1") "SELECT d.doc, m.mention, m.id, p.fate, p.confidence, u.tgt_idx IS NOT NULL,"
			   " p.why, u.align_doubt, kd.kp" TRIAGE_FROM(" JOIN kd ON kd.id = d.id")
			   : XP_SQL_KEY_DOCS("?1") "SELECT d.doc, m.mention, m.id, p.fate, p.confidence, u.tgt_idx IS NOT NULL, p.why,"
			   " NULL, kd.kp" TRIAGE_FROM(" JOIN kd ON kd.id = d.id"),
			   &st, err)) {
		free(touched);
		return -1;
	}
	sqlite3_bind_int64(st, 1, run);
	ranked *h = NULL, one;
	size_t cap = 0, nh = 0;
	int rc = 0;
	for (size_t seq = 0; sqlite3_step(st) == SQLITE_ROW; seq++) {
		int full = top && nh == top;
		if (!full && xp_grow(&h, &cap, nh + 1, sizeof *h)) {
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
			break;
		}
		ranked *r = full ? &one : &h[nh];
		xp_triage_one(xp_sql_text(st, 0), sqlite3_column_int64(st, 8), sqlite3_column_int64(st, 1), xp_sql_text(st, 3), sqlite3_column_double(st, 4),
			      sqlite3_column_int(st, 5), xp_sql_text(st, 6), (const char *)sqlite3_column_text(st, 7),
			      xp_touch_flags(touched, ntouched, sqlite3_column_int64(st, 2)), &r->t);
		r->seq = seq;
		if (!top)
			nh++;
		else if (!full)
			sift_up(h, nh++);
		else if (by_rate_seq(&one, &h[0]) < 0) {
			h[0] = one;
			sift_down(h, nh, 0);
		}
	}
	sqlite3_finalize(st);
	free(touched);
	if (rc) {
		free(h);
		return rc;
	}
	if (nh)
		qsort(h, nh, sizeof *h, by_rate_seq_q);
	/* the items alone, in place: each moves to a lower address or stays */
	xp_triage_item *out = (xp_triage_item *)h;
	for (size_t i = 0; i < nh; i++)
		memmove(&out[i], &h[i].t, sizeof *out);
	if (nh) {
		xp_triage_item *shrunk = realloc(out, nh * sizeof *out);
		*items = shrunk ? shrunk : out;
	} else
		free(h);
	*n = nh;
	return 0;
}

int xp_db_triage(xp_db *db, int64_t run, xp_triage_item **items, size_t *n, xp_err *err)
{
	return xp_db_triage_top(db, run, 0, items, n, err);
}

/* --- TASA input ---------------------------------------------------------------------------- */

static void csv(xp_buf *b, const char *s)
{
	xp_buf_putc(b, '"');
	for (; *s; s++)
		*s == '"' ? xp_buf_puts(b, "\"\"") : xp_buf_putc(b, *s);
	xp_buf_putc(b, '"');
}

/* the silver grid: the mention's source rows marked on its projected span */
static char *grid(int64_t nsrc, int64_t ntgt, int64_t s, int64_t e, const xp_mstate *st)
{
	json_t *g = json_array();
	for (int64_t i = 0; i < nsrc; i++) {
		json_t *row = json_array();
		for (int64_t j = 0; j < ntgt; j++)
			json_array_append_new(row, json_boolean(st->projected && i >= s && i < e && j >= st->start && j < st->end));
		json_array_append_new(g, row);
	}
	char *out = json_dumps(g, JSON_COMPACT);
	json_decref(g);
	return out;
}

/* The rows of the run's queue (TRIAGE_FROM): its length */
static int64_t triage_rows(xp_db *db, int64_t run)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, "SELECT count(*)" TRIAGE_FROM(""), -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, run);
	int64_t n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_finalize(st);
	return n;
}

typedef struct tasa {
	xp_db *db;
	sqlite3_stmt *st;
	int only_flagged;
	xp_vocab *flagged;
	xp_buf b;       /* a line, reused */
	int failed;     /* memory ran out */
} tasa;

/* the CSV a line at a time into the output's temporary file */
static int tasa_gen(void *ctx, xp_put_fn put, void *pctx)
{
	tasa *T = ctx;
	sqlite3_stmt *st = T->st;
	xp_buf *b = &T->b;
	xp_buf_puts(b, "mention_id,src_tokens,tar_tokens,config_obj,alignment,src_spans\n");
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		char key[300];
		xp_mention_key(key, sizeof key, xp_sql_text(st, 0), sqlite3_column_int64(st, 9), sqlite3_column_int64(st, 1));
		if (T->only_flagged && xp_vocab_find(T->flagged, key, strlen(key)) == UINT32_MAX)
			continue;
		xp_mstate s;
		xp_db_state(T->db, sqlite3_column_int64(st, 2), &s);
		int64_t ms = sqlite3_column_int64(st, 3), me = sqlite3_column_int64(st, 4);
		char *g = grid(sqlite3_column_int64(st, 7), sqlite3_column_int64(st, 8), ms, me, &s), spans[64];
		snprintf(spans, sizeof spans, "[[%lld,%lld]]", (long long)ms, (long long)me);
		csv(b, key), xp_buf_putc(b, ',');
		csv(b, xp_sql_text(st, 5)), xp_buf_putc(b, ',');
		csv(b, xp_sql_text(st, 6)), xp_buf_putc(b, ',');
		csv(b, "{\"version\":\"xproj-1\",\"retokenize_src\":false,\"retokenize_tar\":false}"), xp_buf_putc(b, ',');
		csv(b, g ? g : "[]"), xp_buf_putc(b, ',');
		csv(b, spans), xp_buf_putc(b, '\n');
		free(g);
		/* in pieces of 64 kB, not a write a line */
		if (b->oom)
			T->failed = 1, rc = -1;
		else if (b->n >= 65536)
			rc = put(pctx, b->p, b->n), b->n = 0;
	}
	if (rc == 0 && b->oom)
		T->failed = 1, rc = -1;
	return rc || put(pctx, b->p, b->n) ? -1 : 0;
}

/* A line a mention, written as it is read (the file was made whole in
 * memory: 0.5 KB a mention of the run).  --only-flagged's quarter is the
 * first quarter of the queue (xp_db_triage_top), as a set of keys. */
int xp_db_export_tasa(xp_db *db, int64_t run, int only_flagged, const char *path, xp_err *err)
{
	xp_triage_item *items = NULL;
	size_t ni = 0;
	int64_t all = only_flagged ? triage_rows(db, run) : 0;
	if (all < 0)
		return xp_sql_fail(db, err, "counting the run's queue");
	if (only_flagged && all >= 4 && xp_db_triage_top(db, run, (size_t)all / 4, &items, &ni, err))
		return -1;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, XP_SQL_KEY_DOCS("?1") "SELECT d.doc, m.mention, m.id, m.start, m.end, u.src, u.tgt, "
			   XP_SQL_NTOKS("u.src") ", " XP_SQL_NTOKS("u.tgt") ", kd.kp FROM mentions m JOIN documents d"
			   " ON d.id = m.document JOIN kd ON kd.id = d.id JOIN utterances u ON u.id = m.utterance"
			   " WHERE d.run = ?1 AND u.tgt_idx IS NOT NULL ORDER BY m.id",
			   &st, err)) {
		free(items);
		return -1;
	}
	sqlite3_bind_int64(st, 1, run);
	/* the riskiest quarter, as a set: one lookup per mention */
	xp_vocab flagged;
	int rc = xp_vocab_init(&flagged, 0);
	for (size_t k = 0; rc == 0 && k < ni; k++)
		if (xp_vocab_id(&flagged, items[k].key, strlen(items[k].key)) == UINT32_MAX)
			rc = -1;
	free(items);
	tasa T = {db, st, only_flagged, &flagged, {0}, 0};
	if (rc)
		rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	else {
		xp_outputs o = {0};
		rc = xp_outputs_stream(&o, path, tasa_gen, &T, err) || xp_outputs_commit(&o, err) ? -1 : 0;
		xp_outputs_abort(&o);
		if (rc && T.failed)
			rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	}
	sqlite3_finalize(st);
	xp_vocab_free(&flagged);
	xp_buf_free(&T.b);
	return rc;
}
