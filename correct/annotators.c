/*
 * correct/annotators.c — one annotator's version of a run; see
 * annotators.h.  Built from the silver export with the annotator's
 * corrections replayed over it, so the corrected view's own rules
 * (xp_db_state) are not repeated here: only whose corrections count differs.
 */
#include "annotators.h"
#include "store.h"
#include "../model/tokenize.h"

#include <stdlib.h>
#include <string.h>

void xp_db_annotators_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int xp_db_annotators(xp_db *db, int64_t run, char ***names, size_t *n, xp_err *err)
{
	*names = NULL;
	*n = 0;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT coalesce(c.annotator, '') FROM corrections c"
			       " LEFT JOIN batches b ON b.id = c.batch WHERE c.run = ?1 AND " XP_SQL_EDIT_C
			       " UNION SELECT coalesce(annotator, '') FROM reviews WHERE run = ?1 AND undone = 0"
			       " ORDER BY 1", &st, err))
		return err->code;
	sqlite3_bind_int64(st, 1, run);
	size_t cap = 0;
	int rc = 0, s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		char *name = strdup(xp_sql_text(st, 0));
		if (!name || xp_grow(names, &cap, *n + 1, sizeof **names)) {
			free(name);
			rc = xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory listing annotators");
			break;
		}
		(*names)[(*n)++] = name;
	}
	if (rc == 0 && s != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "listing annotators");
	sqlite3_finalize(st);
	if (rc) {
		xp_db_annotators_free(*names, *n);
		*names = NULL;
		*n = 0;
	}
	return rc;
}

/* A mention's state while corrections are replayed. */
typedef struct mstate {
	uint32_t id;
	long long cluster;
	int64_t sent, start, end;
	int live;
} mstate;

typedef struct adoc {
	const xp_doc *silver;
	mstate *m;
	size_t n, cap;
	int mine;          /* the annotator acted in it */
} adoc;

static adoc *find_doc(adoc *docs, const xp_corpus *c, const char *id, int part)
{
	for (size_t i = 0; i < c->ndocs; i++)
		if (c->docs[i].part == part && !strcmp(c->docs[i].id, id))
			return &docs[i];
	return NULL;
}

static mstate *find_mention(adoc *d, uint32_t id)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->m[i].id == id)
			return &d->m[i];
	if (xp_grow(&d->m, &d->cap, d->n + 1, sizeof *d->m))
		return NULL;
	d->m[d->n] = (mstate){.id = id};
	return &d->m[d->n++];
}

static int copy_doc(xp_corpus *out, const adoc *a)
{
	const xp_doc *s = a->silver;
	xp_doc *d = xp_corpus_add_doc(out, s->id, strlen(s->id), s->part);
	if (!d)
		return -1;
	for (size_t u = 0; u < s->nutts; u++)
		if (!xp_doc_add_utt_text(out, d, s->utts[u].speaker, s->utts[u].text, s->utts[u].toks,
					 s->utts[u].ntoks))
			return -1;
	for (size_t i = 0; i < a->n; i++) {
		const mstate *m = &a->m[i];
		/* the corrected view's bounds (view.c): inside the target sentence */
		if (!m->live || m->sent < 0 || (size_t)m->sent >= d->nutts || m->start < 0 ||
		    m->start >= m->end || m->end > d->utts[m->sent].ntoks)
			continue;
		long k = xp_doc_cluster(d, m->cluster);
		if (k < 0 || xp_doc_add_mention(d, (uint32_t)m->sent, (uint32_t)m->start, (uint32_t)m->end,
						(uint32_t)k, 0))
			return -1;
		d->mentions[d->nmentions - 1].id = m->id;
	}
	return xp_doc_finish(d, 0, NULL, NULL);
}

int xp_db_export_annotator(xp_db *db, int64_t run, const char *annotator, xp_corpus *out,
			   xp_err *err)
{
	xp_corpus silver = {0};
	int rc = xp_db_export(db, run, 1, &silver, err);
	if (rc) {
		xp_corpus_free(&silver);   /* what was read before the failure */
		return rc < 0 ? rc : XP_EFAIL;
	}
	adoc *docs = calloc(silver.ndocs + 1, sizeof *docs);
	sqlite3_stmt *st = NULL;
	if (!docs) {
		rc = xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory exporting %s's version", annotator);
		goto out;
	}
	for (size_t i = 0; i < silver.ndocs; i++) {
		const xp_doc *d = &silver.docs[i];
		docs[i].silver = d;
		for (size_t k = 0; k < d->nmentions; k++) {
			mstate *m = find_mention(&docs[i], d->mentions[k].id);
			if (!m)
				goto oom;
			*m = (mstate){d->mentions[k].id, d->clusters[d->mentions[k].cluster].label,
				      d->mentions[k].utt, d->mentions[k].start, d->mentions[k].end, 1};
		}
	}
	/* the documents the annotator acted in: every live correction or review */
	if (xp_sql_prepare(db, "SELECT d.doc, d.part FROM corrections c JOIN mentions m ON m.id = c.mention"
			       " JOIN documents d ON d.id = m.document LEFT JOIN batches b ON b.id = c.batch"
			       " WHERE c.run = ?1 AND coalesce(c.annotator, '') = ?2 AND " XP_SQL_EDIT_C
			       " UNION SELECT d.doc, d.part FROM reviews r JOIN mentions m ON m.id = r.mention"
			       " JOIN documents d ON d.id = m.document"
			       " WHERE r.run = ?1 AND coalesce(r.annotator, '') = ?2 AND r.undone = 0", &st, err)) {
		rc = err->code;
		goto out;
	}
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	int s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		adoc *a = find_doc(docs, &silver, xp_sql_text(st, 0), sqlite3_column_int(st, 1));
		if (a)
			a->mine = 1;
	}
	if (s != SQLITE_DONE) {
		rc = xp_sql_fail(db, err, "reading an annotator's documents");
		goto out;
	}
	sqlite3_finalize(st);
	/* the annotator's corrections, replayed in the order they were made */
	if (xp_sql_prepare(db, "SELECT d.doc, d.part, m.mention, m.cluster, c.op, u.tgt_idx, c.new_start, c.new_end"
			       " FROM corrections c JOIN mentions m ON m.id = c.mention"
			       " JOIN documents d ON d.id = m.document JOIN utterances u ON u.id = m.utterance"
			       " LEFT JOIN batches b ON b.id = c.batch"
			       " WHERE c.run = ?1 AND coalesce(c.annotator, '') = ?2 AND " XP_SQL_EDIT_C " ORDER BY c.id",
			       &st, err)) {
		st = NULL;
		rc = err->code;
		goto out;
	}
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		adoc *a = find_doc(docs, &silver, xp_sql_text(st, 0), sqlite3_column_int(st, 1));
		if (!a)
			continue;
		mstate *m = find_mention(a, (uint32_t)sqlite3_column_int64(st, 2));
		if (!m)
			goto oom;
		const char *op = xp_sql_text(st, 4);
		m->cluster = sqlite3_column_int64(st, 3);
		if (!XP_CLUSTER_OK(m->cluster)) {
			rc = xp_failc(err, XP_EINPUT, db->path, 0, "%s|%u: cluster %lld is not a cluster number "
				      "(the store was edited by hand?)", a->silver->id, m->id, (long long)m->cluster);
			goto out;
		}
		m->sent = sqlite3_column_type(st, 5) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 5);
		m->live = strcmp(op, "delete") != 0;
		if (m->live)
			m->start = sqlite3_column_int64(st, 6), m->end = sqlite3_column_int64(st, 7);
	}
	if (s != SQLITE_DONE) {
		rc = xp_sql_fail(db, err, "reading an annotator's corrections");
		goto out;
	}
	for (size_t i = 0; i < silver.ndocs; i++)
		if (docs[i].mine && copy_doc(out, &docs[i]))
			goto oom;
	rc = 0;
	goto out;
oom:
	rc = xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory exporting %s's version", annotator);
out:
	sqlite3_finalize(st);
	for (size_t i = 0; docs && i < silver.ndocs; i++)
		free(docs[i].m);
	free(docs);
	xp_corpus_free(&silver);
	return rc;
}
