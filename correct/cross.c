/*
 * correct/cross.c — the crossing guard: no edit may leave two mentions of
 * one entity crossing in a sentence, which the CoNLL and CorefUD writers
 * refuse (io/conll.h: brackets read a-c and b-d back as a-d and b-c), and
 * the pairs a store holds already (made before the guard) are listed, by
 * mention key, for export and `db check`.
 *
 * The test itself is the writer's (xp_conll_crossings) run on the
 * document as export reads it (xp_view_doc), so that what the store
 * refuses is exactly what export could not write, whatever made it: an
 * edited span, a relink, a merged entity, a target-only mention, a
 * re-projection, an imported batch, a carried correction.  A guard compares
 * the pairs after the change with those before it, so that a document
 * holding a pair already can still be corrected (its other mentions, or
 * the pair itself).
 */
#include "store.h"
#include "../base/buf.h"
#include "../io/conll.h"
#include "../io/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int oom(xp_err *err) { return xp_failc(err, XP_ENOMEM, "", 0, "out of memory"); }

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* a document of the corrected view, read for the guard */
typedef struct view {
	xp_corpus c;
	xp_doc *d;
	int64_t row;
} view;

static int view_read(xp_db *db, int64_t row, const int64_t *sents, size_t nsents, view *v, xp_err *err)
{
	memset(v, 0, sizeof *v);
	v->row = row;
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT doc, part FROM documents WHERE id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, row);
	int rc = 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *id = xp_sql_text(st, 0);
		v->d = xp_corpus_add_doc(&v->c, id, strlen(id), (int)sqlite3_column_int64(st, 1));
		rc = v->d ? 0 : oom(err);
	} else {
		rc = xp_sql_fail(db, err, "the document");
	}
	xp_sql_release(db, st);
	if (rc == 0)
		rc = xp_view_doc(db, row, 0, 1, sents, nsents, &v->c, v->d, err);
	if (rc)
		xp_corpus_free(&v->c);
	return rc;
}

/* how a mention of the view is named: its key, or a target-only mention's
 * place; its words, for the corrector */
static void name_of(xp_db *db, const view *v, size_t m, char *key, size_t nkey, char *words, size_t nwords)
{
	const xp_mention *x = &v->d->mentions[m];
	key[0] = '\0';
	if (x->line) {
		snprintf(key, nkey, "a target-only mention (%u)", x->line);
	} else {
		sqlite3_stmt *st;
		int64_t row = -1;
		if (xp_sql_cached(db, "SELECT id FROM mentions WHERE document = ? AND mention = ?", &st, NULL) == 0) {
			sqlite3_bind_int64(st, 1, v->row);
			sqlite3_bind_int64(st, 2, x->id);
			if (sqlite3_step(st) == SQLITE_ROW)
				row = sqlite3_column_int64(st, 0);
			xp_sql_release(db, st);
		}
		if (row < 0 || xp_mention_key_of(db, row, key, nkey))
			xp_mention_key(key, nkey, v->d->id, -1, x->id);
	}
	const xp_utt *u = &v->d->utts[x->utt];
	size_t k = 0;
	words[0] = '\0';
	for (uint32_t t = x->start; t < x->end && t < u->ntoks; t++) {
		int w = snprintf(words + k, nwords - k, "%s%.*s", t > x->start ? " " : "", (int)u->toks[t].len,
				 u->text + u->toks[t].off);
		if (w < 0 || (size_t)w >= nwords - k) {
			if (nwords > 4)
				memcpy(words + nwords - 4, "...", 4);
			break;
		}
		k += (size_t)w;
	}
}

static char *pair_id(const view *v, size_t a, size_t b)
{
	const xp_mention *x = &v->d->mentions[a], *y = &v->d->mentions[b];
	char s[160];
	snprintf(s, sizeof s, "%lld:%u:%u-%u:%u-%u:%lld", (long long)v->row, x->utt, x->start, x->end, y->start, y->end,
		 v->d->clusters[x->cluster].label);
	return strdup(s);
}

/* pairs of a view: collected into an array of ids */
typedef struct pairs_ctx {
	const view *v;
	char **ids;
	size_t n, cap;
	int oom;
} pairs_ctx;

static int add_pair(void *ctx, const xp_doc *d, size_t a, size_t b)
{
	(void)d;
	pairs_ctx *p = ctx;
	char *s = pair_id(p->v, a, b);
	if (!s || xp_grow(&p->ids, &p->cap, p->n + 1, sizeof *p->ids)) {
		free(s);
		return p->oom = 1;
	}
	p->ids[p->n++] = s;
	return 0;
}

int xp_xguard_add(xp_db *db, xp_xguard *g, int64_t doc, xp_err *err)
{
	for (size_t i = 0; i < g->ndocs; i++)
		if (g->docs[i] == doc)
			return 0;
	if (xp_grow(&g->docs, &g->capdocs, g->ndocs + 1, sizeof *g->docs))
		return oom(err);
	view v;
	if (view_read(db, doc, NULL, 0, &v, err))
		return -1;
	pairs_ctx p = {&v, g->before, g->nbefore, g->capbefore, 0};
	int rc = xp_conll_crossings(v.d, add_pair, &p, err);
	g->before = p.ids, g->nbefore = p.n, g->capbefore = p.cap;
	xp_corpus_free(&v.c);
	if (rc)
		return p.oom ? oom(err) : -1;
	g->docs[g->ndocs++] = doc;
	if (g->nbefore)   /* qsort(NULL, 0) is undefined */
		qsort(g->before, g->nbefore, sizeof *g->before, cmp_str);
	return 0;
}

int xp_xguard_run(xp_db *db, xp_xguard *g, int64_t run, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, run ? "SELECT id FROM documents WHERE run = ? ORDER BY id" : "SELECT id FROM documents ORDER BY id",
			   &st, err))
		return -1;
	if (run)
		sqlite3_bind_int64(st, 1, run);
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
		rc = xp_xguard_add(db, g, sqlite3_column_int64(st, 0), err);
	sqlite3_finalize(st);
	return rc;
}

int xp_xguard_docs(xp_db *db, xp_xguard *g, const char *sql, int64_t id, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, sql, &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, id);
	int rc = 0, step = SQLITE_DONE;
	while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW)
		rc = xp_xguard_add(db, g, sqlite3_column_int64(st, 0), err);
	if (rc == 0 && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "the documents to guard");
	sqlite3_finalize(st);
	return rc;
}

/* the first pair of the view that is not in before: refused */
typedef struct new_ctx {
	xp_db *db;
	xp_xguard *g;
	const view *v;
	xp_err *err;
	int oom;
} new_ctx;

/* the pair (a, b) of the view refused, naming both */
static int refuse(new_ctx *c, const xp_doc *d, size_t a, size_t b)
{
	char ka[300], kb[300], wa[200], wb[200];
	name_of(c->db, c->v, a, ka, sizeof ka, wa, sizeof wa);
	name_of(c->db, c->v, b, kb, sizeof kb, wb, sizeof wb);
	snprintf(c->g->bad[0], sizeof c->g->bad[0], "%s", ka);
	snprintf(c->g->bad[1], sizeof c->g->bad[1], "%s", kb);
	const xp_mention *x = &d->mentions[a], *y = &d->mentions[b];
	/* Said in the corrector's words (the page puts "Not saved:" before
	 * it): what the two are, what is wrong with their tokens, why it
	 * matters and what to do; from the mention the corrector acts on,
	 * when it is one of the two.  XP_XGUARD_WHY is in each. */
	if (c->g->key && !strcmp(c->g->key, kb))
		return xp_failc(c->err, XP_EINPUT, "", 0,
				"%s and '%s' (%s) are one entity and their tokens would overlap without one holding the "
				"other (sentence %u, tokens %u-%u and %u-%u), " XP_XGUARD_WHY ": choose tokens that hold it "
				"or sit inside it, or relink one of them to another entity",
				kb, wa, ka, x->utt, y->start, y->end - 1, x->start, x->end - 1);
	if (c->g->key && !strcmp(c->g->key, ka))
		return xp_failc(c->err, XP_EINPUT, "", 0,
				"%s and '%s' (%s) are one entity and their tokens would overlap without one holding the "
				"other (sentence %u, tokens %u-%u and %u-%u), " XP_XGUARD_WHY ": choose tokens that hold it "
				"or sit inside it, or relink one of them to another entity",
				ka, wb, kb, x->utt, x->start, x->end - 1, y->start, y->end - 1);
	/* an imported file, a carry, a merge of stores: all or nothing */
	return xp_failc(c->err, XP_EINPUT, "", 0,
			"%s '%s' and %s '%s' are one entity and their tokens would overlap without one holding the other "
			"(document %s sentence %u, tokens %u-%u and %u-%u), " XP_XGUARD_WHY ": change, delete or relink "
			"one of them; nothing was written",
			ka, wa, kb, wb, d->id, x->utt, x->start, x->end - 1, y->start, y->end - 1);
}

static int refuse_new(void *ctx, const xp_doc *d, size_t a, size_t b)
{
	new_ctx *c = ctx;
	char *id = pair_id(c->v, a, b);
	if (!id)
		return c->oom = 1;
	int known = c->g->nbefore && bsearch(&id, c->g->before, c->g->nbefore, sizeof *c->g->before, cmp_str) != NULL;
	free(id);
	return known ? 0 : refuse(c, d, a, b);
}

/* --- the mentions an edit changes ---------------------------------------------------- */

static int add_touch(xp_xguard *g, const xp_xtouch *t, xp_err *err)
{
	if (xp_grow(&g->touched, &g->captouched, g->ntouched + 1, sizeof *g->touched))
		return oom(err);
	g->touched[g->ntouched++] = *t;
	return 0;
}

int xp_xguard_touch(xp_db *db, xp_xguard *g, int64_t mention, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT document, mention FROM mentions WHERE id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, mention);
	xp_xtouch t = {.doc = -1, .row = mention};
	if (sqlite3_step(st) == SQLITE_ROW)
		t.doc = sqlite3_column_int64(st, 0), t.id = (uint32_t)sqlite3_column_int64(st, 1);
	xp_sql_release(db, st);
	if (t.doc < 0 || xp_db_state(db, mention, &t.before))
		return xp_sql_fail(db, err, "the mention's document");
	return add_touch(g, &t, err);
}

int xp_xguard_touch_tadd(xp_db *db, xp_xguard *g, int64_t tedit, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "SELECT u.document, u.tgt_idx FROM tedits t JOIN utterances u ON u.id = t.utterance"
			       " WHERE t.id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, tedit);
	/* its sentence as a state's, so that the check reads it */
	xp_xtouch t = {.doc = -1, .tid = tedit, .before = {.sent = -1}};
	if (sqlite3_step(st) == SQLITE_ROW) {
		t.doc = sqlite3_column_int64(st, 0);
		t.before.sent = sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 1);
	}
	xp_sql_release(db, st);
	return t.doc < 0 ? xp_sql_fail(db, err, "the target-only mention's document") : add_touch(g, &t, err);
}

static int same_state(const xp_mstate *a, const xp_mstate *b)
{
	return a->projected == b->projected && a->sent == b->sent && a->cluster == b->cluster &&
	       (!a->projected || (a->start == b->start && a->end == b->end));
}

/* a pair holding a mention the edit changed: refused */
typedef struct touch_ctx {
	new_ctx c;
	int64_t doc;
} touch_ctx;

static int changed(const xp_xguard *g, int64_t doc, const xp_mention *x)
{
	for (size_t i = 0; i < g->ntouched; i++) {
		const xp_xtouch *t = &g->touched[i];
		if (t->doc == doc && t->changed && (x->line ? t->tid == x->line : !t->tid && t->id == x->id))
			return 1;
	}
	return 0;
}

static int refuse_touched(void *ctx, const xp_doc *d, size_t a, size_t b)
{
	touch_ctx *t = ctx;
	if (!changed(t->c.g, t->doc, &d->mentions[a]) && !changed(t->c.g, t->doc, &d->mentions[b]))
		return 0;
	return refuse(&t->c, d, a, b);
}

/* The touched mentions of document doc: those whose span or entity
 * changed, and their sentences, read as export reads them: one crossing
 * pair holding one of them is refused. */
static int check_touched(xp_db *db, xp_xguard *g, int64_t doc, xp_err *err)
{
	int64_t *sents = NULL;
	size_t ns = 0, cap = 0;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < g->ntouched; i++) {
		xp_xtouch *t = &g->touched[i];
		if (t->doc != doc)
			continue;
		xp_mstate now = t->before;
		if (!t->tid && xp_db_state(db, t->row, &now)) {
			rc = xp_sql_fail(db, err, "the mention's state");
			break;
		}
		/* a target-only mention is changed by being touched: added, moved or gone */
		t->changed = t->tid || !same_state(&t->before, &now);
		if (!t->changed || now.sent < 0)
			continue;
		if (xp_grow(&sents, &cap, ns + 1, sizeof *sents))
			rc = oom(err);
		else
			sents[ns++] = now.sent;
	}
	if (rc == 0 && ns) {
		qsort(sents, ns, sizeof *sents, xp_cmp_i64);
		size_t k = 0;
		for (size_t i = 0; i < ns; i++)
			if (!k || sents[k - 1] != sents[i])
				sents[k++] = sents[i];
		view v;
		if (view_read(db, doc, sents, k, &v, err)) {
			rc = -1;
		} else {
			touch_ctx c = {{db, g, &v, err, 0}, doc};
			rc = xp_conll_crossings(v.d, refuse_touched, &c, err);
			if (c.c.oom)
				rc = oom(err);
			xp_corpus_free(&v.c);
		}
	}
	free(sents);
	return rc;
}

int xp_xguard_check(xp_db *db, xp_xguard *g, xp_err *err)
{
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < g->ndocs; i++) {
		view v;
		if (view_read(db, g->docs[i], NULL, 0, &v, err))
			return -1;
		new_ctx c = {db, g, &v, err, 0};
		rc = xp_conll_crossings(v.d, refuse_new, &c, err);
		if (c.oom)
			rc = oom(err);
		xp_corpus_free(&v.c);
	}
	/* the documents of touched mentions, each once; one read whole (above) needs no more */
	for (size_t i = 0; rc == 0 && i < g->ntouched; i++) {
		int64_t doc = g->touched[i].doc;
		int seen = 0;
		for (size_t j = 0; !seen && j < i; j++)
			seen = g->touched[j].doc == doc;
		for (size_t j = 0; !seen && j < g->ndocs; j++)
			seen = g->docs[j] == doc;
		if (!seen)
			rc = check_touched(db, g, doc, err);
	}
	return rc;
}

void xp_xguard_free(xp_xguard *g)
{
	for (size_t i = 0; i < g->nbefore; i++)
		free(g->before[i]);
	free(g->before);
	free(g->docs);
	free(g->touched);
	memset(g, 0, sizeof *g);
}

/* --- listing ------------------------------------------------------------------------ */

typedef struct list_ctx {
	xp_db *db;
	const view *v;
	xp_buf *out;
	size_t n;
} list_ctx;

static int list_pair(void *ctx, const xp_doc *d, size_t a, size_t b)
{
	list_ctx *c = ctx;
	char ka[300], kb[300], wa[200], wb[200];
	name_of(c->db, c->v, a, ka, sizeof ka, wa, sizeof wa);
	name_of(c->db, c->v, b, kb, sizeof kb, wb, sizeof wb);
	const xp_mention *x = &d->mentions[a], *y = &d->mentions[b];
	xp_buf_printf(c->out, "%s%s '%s' and %s '%s' (same entity, sentence %u, tokens %u-%u and %u-%u)",
		      c->n ? "; " : "", ka, wa, kb, wb, x->utt, x->start, x->end - 1, y->start, y->end - 1);
	c->n++;
	return 0;
}

int xp_db_crossings(xp_db *db, int64_t run, char **list, size_t *n, xp_err *err)
{
	*list = NULL;
	*n = 0;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, run ? "SELECT id FROM documents WHERE run = ? ORDER BY id"
				   : "SELECT id FROM documents ORDER BY id", &st, err))
		return -1;
	if (run)
		sqlite3_bind_int64(st, 1, run);
	xp_buf out = {0};
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		view v;
		if (view_read(db, sqlite3_column_int64(st, 0), NULL, 0, &v, err)) {
			rc = -1;
			break;
		}
		list_ctx c = {db, &v, &out, *n};
		rc = xp_conll_crossings(v.d, list_pair, &c, err);
		*n = c.n;
		xp_corpus_free(&v.c);
	}
	sqlite3_finalize(st);
	if (rc == 0 && out.oom)
		rc = oom(err);
	if (rc) {
		xp_buf_free(&out);
		*n = 0;
		return -1;
	}
	*list = out.p;
	return 0;
}
