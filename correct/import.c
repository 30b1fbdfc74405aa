/*
 * correct/import.c — a projection run into the store, in one transaction:
 * documents, utterances (with their source and target tokens), English
 * mentions and what `xproj project` made of each (from its report).
 */
#include "store.h"
#include "../base/text.h"
#include "../base/vocab.h"
#include "../io/report.h"
#include "../lang/lang.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where the report is: a file (path) or text in memory; name for errors,
 * and the aligned corpus's name for its own (NULL: "the aligned corpus"). */
typedef struct report_src {
	const char *name, *path, *text, *aligned;
} report_src;

/* A document as `project` saw it.  A record of `xproj pair`'s 2:1 and 2:2
 * links joins English sentences into one unit (io/aligned.h, src_utts), and
 * the projection, its report and its CoNLL have one sentence per unit, the
 * mentions on the unit's tokens.  The store keeps what the projection made:
 * an utterance per unit (its tokens those of its sentences one after the
 * other, its target the unit's), the mentions on the unit's tokens, so that
 * export, triage, the workbench and derive read the run as any other.  The
 * utterance's en_idx is the corpus number of the unit's first sentence, not
 * the unit's: a rerun that pairs the sentences before it otherwise keeps it
 * (carry.c matches mentions by en_idx, tokens and text), and the numbers a
 * corrector reads are the corpus's (a joined unit's later sentences have no
 * utterance of their own, their numbers are skipped). */
typedef struct unit_doc {
	const xp_doc *d;        /* the document as projected: the corpus's, or its units */
	const xp_aligned *al;   /* its records, keyed by utterance (unit) number in keys */
	xp_vocab *keys;
	const xp_doc *en;       /* the corpus's own document */
	uint32_t *first;        /* unit u's first sentence; NULL when nothing is joined */
	xp_corpus units;
	xp_aligned sub, ua;
	xp_vocab ukeys;
	int has_ukeys;
} unit_doc;

typedef struct ins {
	sqlite3_stmt *doc, *utt, *men, *proj;
} ins;

static void fin(ins *s)
{
	sqlite3_finalize(s->doc), sqlite3_finalize(s->utt), sqlite3_finalize(s->men), sqlite3_finalize(s->proj);
}

static int prepare(xp_db *db, ins *s, xp_err *err)
{
	return xp_sql_prepare(db, "INSERT INTO documents(run, doc, part) VALUES(?,?,?)", &s->doc, err) ||
	       xp_sql_prepare(db, db->version >= 9 ? "INSERT INTO utterances(document, en_idx, tgt_idx, speaker, src, tgt,"
				  " tgt_text, en_subs, tgt_subs, align_conf, align_doubt) VALUES(?,?,?,?,?,?,?,?,?,?,?)"
				  : "INSERT INTO utterances(document, en_idx, tgt_idx, speaker, src, tgt, tgt_text,"
				  " en_subs, tgt_subs) VALUES(?,?,?,?,?,?,?,?,?)", &s->utt, err) ||
	       xp_sql_prepare(db, "INSERT INTO mentions(document, mention, cluster, utterance, start, end)"
				  " VALUES(?,?,?,?,?,?)", &s->men, err) ||
	       xp_sql_prepare(db, "INSERT INTO projections(mention, tgt_start, tgt_end, fate, confidence, rule, why)"
				  " VALUES(?,?,?,?,?,?,?)", &s->proj, err);
}

static int step(xp_db *db, sqlite3_stmt *st, xp_err *err)
{
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "insert");
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc;
}

static char *json_words(const char *const *w, uint32_t n)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(w[i]));
	char *s = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	return s;
}

/* The target tokens as `project --chars` wrote them: one per character
 * (code point) when every token is found in order in the sentence text,
 * else the tokens themselves (project/project.c, target_utt: the report's
 * spans count the same tokens). */
static char *json_chars(const xp_autt *r)
{
	const char *p = r->tgt_text ? r->tgt_text : NULL;
	for (uint32_t k = 0; p && k < r->ntgt; k++) {
		const char *hit = r->tgt[k][0] ? strstr(p, r->tgt[k]) : NULL;
		p = hit ? hit + strlen(r->tgt[k]) : NULL;
	}
	if (!p)
		return json_words(r->tgt, r->ntgt);
	json_t *a = json_array();
	for (uint32_t k = 0; k < r->ntgt; k++) {
		const char *w = r->tgt[k];
		for (size_t i = 0, len = strlen(w); i < len;) {
			size_t cl = 1;
			while (i + cl < len && ((unsigned char)w[i + cl] & 0xC0) == 0x80)
				cl++;
			json_array_append_new(a, json_stringn(w + i, cl));
			i += cl;
		}
	}
	char *s = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	return s;
}

/* A record's subtitle blocks with their text, [{"id","text"}], or NULL when
 * the aligned corpus did not carry the text (*oom set if memory ran out).
 * Text from a subtitle file is valid UTF-8 (the reader converts it); any
 * other is repaired rather than dropped. */
static char *json_subs(const uint32_t *ids, const char *const *text, uint32_t n, int *oom)
{
	if (!text)
		return NULL;
	json_t *a = json_array();
	for (uint32_t i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_pack("{s:I,s:o}", "id", (json_int_t)ids[i], "text", xp_json_text(text[i])))) {
			json_decref(a);
			a = NULL;
		}
	char *s = a ? json_dumps(a, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(a);
	*oom |= !s;
	return s;
}

static char *json_utt_words(const xp_utt *u)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < u->ntoks; i++) {
		uint32_t n;
		const char *w = xp_tok_str(u, i, &n);
		json_array_append_new(a, json_stringn(w, n));
	}
	char *s = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	return s;
}

/* Every lookup below goes through an index built once (the report's
 * documents by id and part, a document's mention details by id, its target
 * sentences by utterance): a run of many documents, utterances or mentions
 * costs linear time, not their square. */

static int utterances(xp_db *db, ins *s, const unit_doc *v, const xp_rdoc *rd, int chars, int64_t doc_row,
		      int64_t *utt_rows, xp_err *err)
{
	const xp_doc *d = v->d;
	const xp_aligned *al = v->al;
	xp_vocab *keys = v->keys;
	/* target sentence of each utterance: the last that names it, as before */
	for (size_t u = 0; u < d->nutts; u++)
		utt_rows[u] = -1;
	for (size_t t = 0; t < rd->ntgt; t++)
		if ((size_t)rd->tgt_to_en[t] < d->nutts)
			utt_rows[rd->tgt_to_en[t]] = (int64_t)t;
	for (size_t u = 0; u < d->nutts; u++) {
		int64_t tgt = utt_rows[u];
		char key[1200];
		uint32_t r = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, (long long)u));
		char *src = json_utt_words(&d->utts[u]);
		char *tw = r == UINT32_MAX ? strdup("[]") : chars ? json_chars(&al->v[r]) : json_words(al->v[r].tgt, al->v[r].ntgt);
		sqlite3_bind_int64(s->utt, 1, doc_row);
		sqlite3_bind_int64(s->utt, 2, v->first ? (int64_t)v->first[u] : (int64_t)u);
		if (tgt >= 0)
			sqlite3_bind_int64(s->utt, 3, tgt);
		sqlite3_bind_text(s->utt, 4, d->utts[u].speaker, -1, SQLITE_STATIC);
		sqlite3_bind_text(s->utt, 5, src ? src : "[]", -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(s->utt, 6, tw ? tw : "[]", -1, SQLITE_TRANSIENT);
		if (r != UINT32_MAX && al->v[r].tgt_text)
			sqlite3_bind_text(s->utt, 7, al->v[r].tgt_text, -1, SQLITE_STATIC);
		int oom = !src || !tw;
		char *es = NULL, *ts = NULL;
		if (r != UINT32_MAX) {
			const xp_autt *a = &al->v[r];
			es = json_subs(a->en_subs, a->en_sub_text, a->nen_subs, &oom);
			ts = json_subs(a->tgt_subs, a->tgt_sub_text, a->ntgt_subs, &oom);
		}
		/* the pairing's confidence and doubts (align/uconf.h), when said */
		char *doubt = NULL;
		if (db->version < 9)
			;   /* a store kept at an older schema (tests) */
		else if (r != UINT32_MAX && al->v[r].has_aconf)
			sqlite3_bind_double(s->utt, 10, al->v[r].aconf);
		if (db->version >= 9 && r != UINT32_MAX && al->v[r].ndoubt)
			oom |= !(doubt = json_words(al->v[r].doubt, al->v[r].ndoubt));
		if (doubt)
			sqlite3_bind_text(s->utt, 11, doubt, -1, SQLITE_TRANSIENT);
		free(doubt);
		if (es)
			sqlite3_bind_text(s->utt, 8, es, -1, SQLITE_TRANSIENT);
		if (ts)
			sqlite3_bind_text(s->utt, 9, ts, -1, SQLITE_TRANSIENT);
		free(src), free(tw), free(es), free(ts);
		if (oom) {
			sqlite3_reset(s->utt);
			sqlite3_clear_bindings(s->utt);
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		}
		if (step(db, s->utt, err))
			return -1;
		utt_rows[u] = sqlite3_last_insert_rowid(db->h);
	}
	return 0;
}

/* The report's item of each mention id of rd (the first that names it):
 * both the check pass (fits) and the insert pass (mentions) look mentions
 * up by id, a document at a time. */
typedef struct items {
	xp_vocab ids;
	const xp_ritem **by_id;
} items;

static void items_close(items *t)
{
	free(t->by_id);
	xp_vocab_free(&t->ids);
}

static int items_open(items *t, const xp_report *r, const xp_rdoc *rd, xp_err *err)
{
	t->by_id = NULL;
	if (xp_vocab_init(&t->ids, 0))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	t->by_id = calloc(rd->n + 1, sizeof *t->by_id);
	int ok = t->by_id != NULL;
	for (size_t k = 0; ok && k < rd->n; k++) {
		const xp_ritem *it = &r->items[rd->first + k];
		char key[16];
		uint32_t v = xp_vocab_id(&t->ids, key, (size_t)snprintf(key, sizeof key, "%u", it->id));
		if (v == UINT32_MAX)
			ok = 0;
		else if (!t->by_id[v])
			t->by_id[v] = it;
	}
	if (ok)
		return 0;
	items_close(t);
	return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
}

/* the item of mention id, or NULL when the report has none */
static const xp_ritem *items_find(items *t, uint32_t id)
{
	char key[16];
	uint32_t v = xp_vocab_find(&t->ids, key, (size_t)snprintf(key, sizeof key, "%u", id));
	return v == UINT32_MAX ? NULL : t->by_id[v];
}

static int mentions(xp_db *db, ins *s, const xp_doc *d, const xp_report *r, const xp_rdoc *rd, int64_t doc_row,
		    const int64_t *utt_rows, xp_err *err)
{
	items t;
	if (items_open(&t, r, rd, err))
		return -1;
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < d->nmentions; k++) {
		const xp_mention *m = &d->mentions[k];
		sqlite3_bind_int64(s->men, 1, doc_row);
		sqlite3_bind_int64(s->men, 2, m->id);
		sqlite3_bind_int64(s->men, 3, d->clusters[m->cluster].label);
		sqlite3_bind_int64(s->men, 4, utt_rows[m->utt]);
		sqlite3_bind_int64(s->men, 5, m->start);
		sqlite3_bind_int64(s->men, 6, m->end);
		if ((rc = step(db, s->men, err)))
			break;
		int64_t row = sqlite3_last_insert_rowid(db->h);
		const xp_ritem *x = items_find(&t, m->id);
		sqlite3_bind_int64(s->proj, 1, row);
		/* a coreferent span kept once still has its span; a collided one does not */
		if (x && x->fate == XP_PROJECTED && x->tgt_utt >= 0) {
			sqlite3_bind_int64(s->proj, 2, x->tgt_start);
			sqlite3_bind_int64(s->proj, 3, x->tgt_end);
		}
		sqlite3_bind_text(s->proj, 4, x ? xp_fate_name(x->fate) : "unknown", -1, SQLITE_STATIC);
		sqlite3_bind_double(s->proj, 5, x ? x->conf : 0.0);
		sqlite3_bind_text(s->proj, 6, r->rule ? r->rule : "", -1, SQLITE_STATIC);
		if (x && x->why)
			sqlite3_bind_text(s->proj, 7, x->why, -1, SQLITE_STATIC);
		if ((rc = step(db, s->proj, err)))
			break;
		xp_failpoint("db-import");
	}
	items_close(&t);
	return rc;
}

int xp_store_lang(xp_db *db, const char *lang, char *out, size_t cap, xp_err *err)
{
	char own[64], had_tag[64];
	/* cut to fit, a tag would name another line of runs (two that share
	 * their first bytes, one) */
	if (lang && strlen(lang) >= cap)
		return xp_failc(err, XP_EUSAGE, "", 0, "the language tag '%.40s...' is longer than a store keeps (%zu bytes)",
				lang, cap - 1);
	if (xp_lang_tag(lang, own, sizeof own)) {
		snprintf(out, cap, "%s", lang ? lang : "");
		return 0;
	}
	snprintf(out, cap, "%s", own);
	sqlite3_stmt *q;
	if (xp_sql_prepare(db, "SELECT lang FROM runs ORDER BY id DESC", &q, err))
		return -1;
	while (sqlite3_step(q) == SQLITE_ROW) {
		const char *had = xp_sql_text(q, 0);
		if (xp_lang_tag(had, had_tag, sizeof had_tag) == 0 && !strcmp(had_tag, own)) {
			snprintf(out, cap, "%s", had);   /* the line's newest spelling */
			break;
		}
	}
	sqlite3_finalize(q);
	return 0;
}

static int run_row(xp_db *db, const xp_report *r, const char *lang, const char *files, int64_t *run, xp_err *err)
{
	sqlite3_stmt *st;
	char now[32];
	xp_now(now, sizeof now);
	/* the run's own id (schema 12): what `db merge` knows it by, in any
	 * store it reaches (SQLite's randomness is the system's) */
	if (xp_sql_prepare(db, db->version >= 12 ? "INSERT INTO runs(lang, files, settings, created, uid)"
				   " VALUES(?,?,?,?, lower(hex(randomblob(16))))"
				 : "INSERT INTO runs(lang, files, settings, created) VALUES(?,?,?,?)", &st, err))
		return -1;
	sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, files, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, r->settings ? r->settings : "{}", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, now, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : xp_sql_fail(db, err, "insert run");
	sqlite3_finalize(st);
	*run = sqlite3_last_insert_rowid(db->h);
	return rc;
}

/* The run's target-only mentions (the report's "tonly", checked by fits),
 * as tadds of the run (schema 15): its rule names one; no annotator, no
 * mention on screen, after no correction. */
static int tonly(xp_db *db, int64_t run, const xp_rdoc *rd, const int64_t *utt_rows, xp_err *err)
{
	if (!rd->ntonly)
		return 0;
	if (db->version < 15)   /* a store kept at an older schema (tests) has nowhere to keep them */
		return xp_failc(err, XP_EINPUT, db->path, 0, "document %s: a store of schema %d cannot keep the run's "
				"target-only mentions (open it with this xproj to upgrade it)", rd->id, db->version);
	sqlite3_stmt *st;
	if (xp_sql_cached(db, "INSERT INTO tedits(run, kind, utterance, cluster, start, end, created, after, rule, confidence)"
			      " VALUES(?,'tadd',?,?,?,?,(SELECT created FROM runs WHERE id = ?1),0,?,?)", &st, err))
		return -1;
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < rd->ntonly; k++) {
		const xp_rtonly *t = &rd->tonly[k];
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_int64(st, 2, utt_rows[rd->tgt_to_en[t->sent]]);
		sqlite3_bind_int64(st, 3, t->cluster);
		sqlite3_bind_int64(st, 4, t->start);
		sqlite3_bind_int64(st, 5, t->end);
		sqlite3_bind_text(st, 6, t->rule, -1, SQLITE_STATIC);
		if (t->conf >= 0)
			sqlite3_bind_double(st, 7, t->conf);
		else
			sqlite3_bind_null(st, 7);
		rc = step(db, st, err);
	}
	xp_sql_release(db, st);
	return rc;
}

static int document(xp_db *db, ins *s, int64_t run, const unit_doc *v, const xp_report *r, const xp_rdoc *rd,
		    xp_err *err)
{
	const xp_doc *d = v->d;
	sqlite3_bind_int64(s->doc, 1, run);
	sqlite3_bind_text(s->doc, 2, d->id, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s->doc, 3, d->part);
	if (step(db, s->doc, err))
		return -1;
	int64_t row = sqlite3_last_insert_rowid(db->h);
	int64_t *utt_rows = malloc((d->nutts + 1) * sizeof *utt_rows);
	int rc = !utt_rows ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory")
	       : utterances(db, s, v, rd, r->chars, row, utt_rows, err) ||
			 mentions(db, s, d, r, rd, row, utt_rows, err) || tonly(db, run, rd, utt_rows, err) ? -1 : 0;
	free(utt_rows);
	return rc;
}

static void units_close(unit_doc *v)
{
	xp_corpus_free(&v->units);
	free(v->sub.v), free(v->ua.v), free(v->first);
	if (v->has_ukeys)
		xp_vocab_free(&v->ukeys);
}

/* v: document d as projected (see unit_doc) from the records of al (keys
 * its index); aname names the aligned corpus in errors, a record by its
 * line (xp_autt.line, or for one made in memory its index in al + 1). */
static int units_open(unit_doc *v, const xp_doc *d, const xp_aligned *al, xp_vocab *keys, const char *aname,
		      xp_err *err)
{
	memset(v, 0, sizeof *v);
	v->d = v->en = d, v->al = al, v->keys = keys;
	size_t joined = 0;
	char key[1200];
	for (size_t u = 0; u < d->nutts; u++) {
		uint32_t r = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, (long long)u));
		joined += r != UINT32_MAX && al->v[r].nsrc_utts > 1;
	}
	if (!joined)
		return 0;
	/* the document's records alone, in its order (each with its line in
	 * al, for an error) */
	v->sub.v = malloc((d->nutts + 1) * sizeof *v->sub.v);
	v->first = malloc((d->nutts + 1) * sizeof *v->first);
	if (!v->sub.v || !v->first) {
		units_close(v);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	for (size_t u = 0; u < d->nutts; u++) {
		uint32_t r = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, (long long)u));
		if (r != UINT32_MAX) {
			xp_autt *c = &v->sub.v[v->sub.n++];
			*c = al->v[r];
			c->line = c->line ? c->line : (unsigned long)r + 1;
		}
	}
	v->sub.cap = v->sub.n;
	xp_corpus one = {.docs = (xp_doc *)d, .ndocs = 1};
	size_t merged;
	const char *an = aname ? aname : "the aligned corpus";
	int rc = xp_aligned_units(&one, &v->sub, an, &v->units, &v->ua, &merged, err);
	if (rc == 0 && (v->units.ndocs != 1 || xp_aligned_index(&v->ua, an, &v->ukeys, err)))
		rc = err && err->code ? err->code : xp_failc(err, XP_EFAIL, an, 0, "the units of document %s", d->id);
	v->has_ukeys = rc == 0;
	if (rc) {
		units_close(v);
		return rc;
	}
	/* each unit's first sentence, numbered as xp_aligned_units numbers them */
	uint32_t n = 0;
	for (size_t u = 0; u < d->nutts; n++) {
		uint32_t r = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, (long long)u));
		v->first[n] = (uint32_t)u;
		u += r != UINT32_MAX && al->v[r].nsrc_utts > 1 ? al->v[r].nsrc_utts : 1;
	}
	v->d = &v->units.docs[0], v->al = &v->ua, v->keys = &v->ukeys;
	return 0;
}

/* English tokens start..end (end exclusive) of utterance u of v->d, said
 * as the corpus numbers them, "S:A-B" (B exclusive, as mentions count), and for a
 * unit of several sentences which unit: a report's position is the unit's,
 * a corrector's the sentence's. */
static void units_where(const unit_doc *v, uint32_t u, uint32_t start, uint32_t end, char *out, size_t n)
{
	if (!v->first || u >= v->d->nutts) {
		snprintf(out, n, "%u:%u-%u", u, start, end);
		return;
	}
	uint32_t s = v->first[u], last = u + 1 < v->d->nutts ? v->first[u + 1] - 1 : (uint32_t)v->en->nutts - 1;
	uint32_t a = start, b = end;
	while (s < last && a >= v->en->utts[s].ntoks)
		a -= v->en->utts[s].ntoks, b -= v->en->utts[s].ntoks, s++;
	if (last == v->first[u])
		snprintf(out, n, "%u:%u-%u", s, a, b);
	else
		snprintf(out, n, "%u:%u-%u (tokens %u-%u of sentences %u-%u, which the aligned corpus pairs as one)", s,
			 a, b, start, end, v->first[u], last);
}

/* How many target tokens a report's span may count in record r: its
 * tokens, or under --chars their code points (json_chars splits them when
 * it can, else keeps the tokens; the larger bounds both). */
static uint32_t tgt_count(const xp_autt *r, int chars)
{
	if (!chars)
		return r->ntgt;
	size_t n = 0;
	for (uint32_t k = 0; k < r->ntgt; k++)
		n += xp_utf8_count(r->tgt[k], strlen(r->tgt[k]));
	return n > r->ntgt ? (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n) : r->ntgt;
}

/* Every projected span of the report's document rd (line `line` of the
 * report) lies in a target sentence the aligned corpus has for d: the
 * sentence maps to one of d's utterances, which has a record with at least
 * the span's tokens.  Else the report was made from another aligned corpus
 * (or the records of a document are missing), and the store would keep
 * mentions on target tokens it does not have: the export dropped them, a
 * silent loss, with exit 0. */
static int fits(const unit_doc *v, const xp_report *r, const xp_rdoc *rd, const char *name, unsigned long line,
		xp_err *err)
{
	const xp_doc *d = v->d;
	const xp_aligned *al = v->al;
	xp_vocab *keys = v->keys;
	/* and each English mention is the report's: the same id on the same
	 * tokens (a report of another version of the corpus gave one mention
	 * another's projection, or none: stored as "unknown").  Both count a
	 * joined unit's tokens; the message says the corpus's sentence too */
	items t;
	if (items_open(&t, r, rd, err))
		return -1;
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < d->nmentions; k++) {
		const xp_mention *m = &d->mentions[k];
		const xp_ritem *x = items_find(&t, m->id);
		if (!x || x->en_utt != m->utt || x->en_start != m->start || x->en_end != m->end) {
			char was[64] = "not there", here[160];
			if (x)
				snprintf(was, sizeof was, "on English tokens %u:%u-%u", x->en_utt, x->en_start, x->en_end);
			units_where(v, m->utt, m->start, m->end, here, sizeof here);
			rc = xp_failc(err, XP_EINPUT, name, line,
				      "document %s part %d: mention %u is on English tokens %s of the corpus, %s in the "
				      "report: the report was projected from other English sentences, or from an aligned "
				      "corpus that pairs them otherwise (2:1 and 2:2 links join two): nothing is imported",
				      d->id, d->part, m->id, here, was);
		}
	}
	items_close(&t);
	if (rc)
		return rc;
	for (size_t k = 0; k < rd->n; k++) {
		const xp_ritem *it = &r->items[rd->first + k];
		if (it->fate != XP_PROJECTED || it->tgt_utt < 0)
			continue;
		long long u = (size_t)it->tgt_utt < rd->ntgt ? rd->tgt_to_en[it->tgt_utt] : -1;
		uint32_t have = 0, rec = UINT32_MAX;
		if (u >= 0 && (size_t)u < d->nutts) {
			char key[1200];
			rec = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, u));
			have = rec == UINT32_MAX ? 0 : tgt_count(&al->v[rec], r->chars);
		}
		if (u < 0 || (size_t)u >= d->nutts || it->tgt_end > have || it->tgt_start > it->tgt_end)
			return xp_failc(err, XP_EINPUT, name, line,
					"document %s part %d: mention %u is projected onto tokens %u-%u of target sentence "
					"%d, %s (a report of another aligned corpus?): nothing is imported",
					d->id, d->part, it->id, it->tgt_start, it->tgt_end, it->tgt_utt,
					u < 0 || (size_t)u >= d->nutts ? "which is not one of the document's"
					: rec == UINT32_MAX ? "whose utterance has no record in the aligned corpus"
							    : "longer than the aligned corpus's sentence");
	}
	/* and the target-only mentions the run's rules wrote: on a sentence
	 * of the document, within it (the store keeps the last target
	 * sentence of an utterance: a mention on another would be lost) */
	for (size_t k = 0; k < rd->ntonly; k++) {
		const xp_rtonly *t = &rd->tonly[k];
		long long u = rd->tgt_to_en[t->sent];
		uint32_t have = 0, rec = UINT32_MAX;
		int last = 1;
		for (size_t q = t->sent + 1; q < rd->ntgt; q++)
			last &= rd->tgt_to_en[q] != u;
		if ((size_t)u < d->nutts) {
			char key[1200];
			rec = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, u));
			have = rec == UINT32_MAX ? 0 : tgt_count(&al->v[rec], r->chars);
		}
		if ((size_t)u >= d->nutts || !last || t->end > have)
			return xp_failc(err, XP_EINPUT, name, line,
					"document %s part %d: the target-only mention %zu (rule %s) is on tokens %u-%u of "
					"target sentence %u, %s (a report of another aligned corpus?): nothing is imported",
					d->id, d->part, k + 1, t->rule, t->start, t->end, t->sent,
					(size_t)u >= d->nutts ? "which is not one of the document's"
					: !last ? "which shares its utterance with a later one"
					: rec == UINT32_MAX ? "whose utterance has no record in the aligned corpus"
							    : "longer than the aligned corpus's sentence");
		if (!XP_CLUSTER_OK(t->cluster))
			return xp_failc(err, XP_EINPUT, name, line, "document %s part %d: the target-only mention %zu has "
					"cluster %lld, not a cluster number: nothing is imported", d->id, d->part, k + 1,
					t->cluster);
	}
	/* and the same lengths are not the same text: a report of another aligned
	 * corpus (or English corpus) whose sentences count as many tokens put
	 * every correction on other words.  The report says what it was made
	 * from (reports before "text_hash" cannot say) */
	if (rd->has_text_hash && rd->text_hash != xp_aligned_doc_hash(d, al, keys))
		return xp_failc(err, XP_EINPUT, name, line,
				"document %s part %d: the report was projected from other text than the English and "
				"aligned corpora given (their tokens differ; a report of another aligned corpus or "
				"another version of the corpus?): nothing is imported", d->id, d->part);
	return 0;
}

static int src_open(const report_src *src, xp_report_reader **rr, xp_err *err)
{
	return xp_report_open(src->name, src->path, src->text, src->text ? strlen(src->text) : 0, NULL, 0, rr, err);
}

static size_t doc_key(char *key, size_t n, const char *id, int part) { return xp_aligned_key(key, n, id, part, -1); }

/* English document d with report document rd (line `line` of the report),
 * as projected (unit_doc): checked, then, db not NULL, written. */
static int one_doc(xp_db *db, ins *s, int64_t run, const xp_doc *d, const xp_aligned *al, xp_vocab *keys,
		   const xp_report *r, const xp_rdoc *rd, const report_src *src, unsigned long line, xp_err *err)
{
	unit_doc v;
	int rc = units_open(&v, d, al, keys, src->aligned, err);
	if (rc)
		return rc;
	rc = fits(&v, r, rd, src->name, line, err);
	if (rc == 0 && db)
		rc = document(db, s, run, &v, r, rd, err);
	units_close(&v);
	return rc;
}

/* Where the English documents come from: the corpus read whole, with the
 * aligned corpus and the index of its utterances (keys), or a document at a
 * time from next (xp_db_docs_fn), each with its own aligned records, which
 * are indexed here (dkeys). */
typedef struct feed {
	const xp_corpus *en;
	const xp_aligned *al;
	xp_vocab *keys;
	xp_db_docs_fn next;
	void *ctx;
	size_t i, ndocs, nrecs;
	xp_vocab dkeys;
} feed;

/* 1 and the next document with its aligned records and their index, 0 at
 * the end; 2 (streamed): the documents are not as the whole path reads
 * them, which will say what was wrong; or a negative xp_code. */
static int feed_next(feed *f, const xp_doc **d, const xp_aligned **al, xp_vocab **keys, xp_err *err)
{
	if (!f->next) {
		if (f->i == f->en->ndocs)
			return 0;
		*d = &f->en->docs[f->i++], *al = f->al, *keys = f->keys;
		f->ndocs = f->i;
		return 1;
	}
	const xp_corpus *en;
	const xp_aligned *a;
	int r = f->next(f->ctx, &en, &a, err);
	if (r != 1)
		return r == 0 ? 0 : 2;
	if (en->ndocs != 1)
		return 2;
	/* as the whole path indexes them (import_run), an utterance named twice refused there */
	xp_vocab_free(&f->dkeys);
	if (xp_vocab_init(&f->dkeys, 0))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t k = 0; k < a->n; k++) {
		char key[1200];
		if (xp_vocab_id(&f->dkeys, key, xp_aligned_key(key, sizeof key, a->v[k].doc, a->v[k].part, a->v[k].utt)) != k)
			return 2;
	}
	*d = &en->docs[0], *al = a, *keys = &f->dkeys;
	f->ndocs++, f->nrecs += a->n;
	return 1;
}

/* The corpus's documents with the report's, read side by side, a document
 * at a time: the report has them in the corpus's order (project writes them
 * so), the first of each name counts, and the ones no corpus document names
 * are passed.  The rest of the report is read too, so that a report cut
 * short or bad after the corpus's last document refuses the import.
 * Returns 1 when a document comes after the corpus needed it (a report
 * edited by hand, or merged): what was written is to be undone.  db NULL:
 * only read and checked (xp_db_import_check_docs), *items and *projected
 * counting the report's mentions. */
static int documents_along(xp_db *db, ins *s, int64_t run, feed *f, const report_src *src, xp_report_reader *rr,
			   size_t *items, size_t *projected, xp_err *err)
{
	xp_vocab seen;
	const xp_report *doc = NULL;
	const xp_doc *d = NULL;
	const xp_aligned *al = NULL;
	xp_vocab *keys = NULL;
	char ck[1200], rk[1200];
	if (xp_vocab_init(&seen, 0)) {
		xp_vocab_free(&seen);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	int rc = 0, r;
	size_t line = 1;   /* the report's: its header, then a document a line */
	while (rc == 0 && (r = feed_next(f, &d, &al, &keys, err)) != 0) {
		if (r != 1) {
			rc = r == 2 ? 1 : r;
			break;
		}
		size_t cn = doc_key(ck, sizeof ck, d->id, d->part);
		if (xp_vocab_find(&seen, ck, cn) != UINT32_MAX) {
			rc = 1;
			break;
		}
		for (;;) {
			int got = xp_report_next(rr, &doc, err);
			if (got <= 0) {
				rc = got < 0 ? got : xp_failc(err, XP_EINPUT, src->name, 0, "the report has no document %s part %d",
							      d->id, d->part);
				break;
			}
			line++;
			*items += doc->n;
			for (size_t i = 0; i < doc->n; i++)
				*projected += doc->items[i].fate == XP_PROJECTED;
			size_t rn = doc_key(rk, sizeof rk, doc->docs[0].id, doc->docs[0].part);
			if (xp_vocab_id(&seen, rk, rn) == UINT32_MAX) {
				rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
				break;
			}
			if (rn == cn && !memcmp(rk, ck, cn))
				break;
		}
		if (rc == 0)
			rc = one_doc(db, s, run, d, al, keys, doc, &doc->docs[0], src, (unsigned long)line, err);
	}
	while (rc == 0 && (rc = xp_report_next(rr, &doc, err)) == 1) {
		rc = 0;
		*items += doc->n;
		for (size_t i = 0; i < doc->n; i++)
			*projected += doc->items[i].fate == XP_PROJECTED;
	}
	xp_vocab_free(&seen);
	return rc;
}

/* The same from the report read whole, its documents found by name. */
static int documents_whole(xp_db *db, ins *s, int64_t run, const xp_corpus *en, const xp_aligned *al,
			   const report_src *src, xp_vocab *keys, xp_err *err)
{
	xp_report r;
	xp_vocab rv;
	int rc = src->path ? xp_report_load(src->path, NULL, 0, &r, err)
			   : xp_report_parse(src->name, src->text, strlen(src->text), NULL, 0, &r, err);
	if (rc)
		return rc;
	size_t *first = calloc(r.ndocs + 1, sizeof *first);
	if (!first || xp_vocab_init(&rv, 0)) {
		free(first);
		xp_report_free(&r);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	for (size_t k = 0; rc == 0 && k < r.ndocs; k++) {
		char key[1200];
		uint32_t n0 = rv.n, id = xp_vocab_id(&rv, key, doc_key(key, sizeof key, r.docs[k].id, r.docs[k].part));
		if (id == UINT32_MAX)
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		else if (id == n0)
			first[id] = k;
	}
	for (size_t i = 0; rc == 0 && i < en->ndocs; i++) {
		const xp_doc *d = &en->docs[i];
		char key[1200];
		uint32_t k = xp_vocab_find(&rv, key, doc_key(key, sizeof key, d->id, d->part));
		rc = k == UINT32_MAX ? xp_failc(err, XP_EINPUT, src->name, 0, "the report has no document %s part %d", d->id,
						d->part)
				     : one_doc(db, s, run, d, al, keys, &r, &r.docs[first[k]], src, (unsigned long)first[k] + 2,
					       err) ? -1 : 0;
	}
	free(first);
	xp_vocab_free(&rv);
	xp_report_free(&r);
	return rc;
}

/* The documents side by side with the report, else (1: out of the
 * corpus's order) undone and again from the report read whole; streamed,
 * the 1 is the caller's (nothing of the run is left: the corpus is not at
 * hand to read whole). */
static int documents(xp_db *db, ins *s, int64_t run, feed *f, const report_src *src, xp_report_reader **rr,
		     xp_err *err)
{
	size_t items = 0, projected = 0;
	if (xp_sql_exec(db, "SAVEPOINT import_documents", err))
		return -1;
	int rc = documents_along(db, s, run, f, src, *rr, &items, &projected, err);
	if (rc == 1 && !f->next) {
		xp_report_close(*rr);
		*rr = NULL;
		rc = xp_sql_exec(db, "ROLLBACK TO import_documents", err) ||
		     documents_whole(db, s, run, f->en, f->al, src, f->keys, err);
	}
	return rc ? rc : xp_sql_exec(db, "RELEASE import_documents", err);
}

/* the run's counts, once (schema 7: `runs` and `stats` read them) */
static int counts(xp_db *db, int64_t run, xp_err *err)
{
	char sql[1024];
	snprintf(sql, sizeof sql, "INSERT INTO run_counts SELECT id, " XP_RUN_DOCUMENTS ", " XP_RUN_MENTIONS ", "
		 XP_RUN_PROJECTED " FROM runs WHERE id = %lld;"
		 "INSERT INTO run_fates " XP_RUN_FATES " WHERE d.run = %lld GROUP BY 1, 2", (long long)run, (long long)run);
	return xp_sql_exec(db, sql, err);
}

/* The file of the run's provenance named `what` (files is its JSON), or dflt. */
static void file_name(const char *files, const char *what, const char *dflt, char *out, size_t n)
{
	json_t *fj = json_loads(files ? files : "{}", 0, NULL);
	const char *s = json_string_value(json_object_get(fj, what));
	snprintf(out, n, "%s", s ? s : dflt);
	json_decref(fj);
}

/* Everything a run is checked for before a row is written, found without
 * a store, so that `db import` refuses before it creates one (a cut-short
 * or malformed report made a new, empty 110 KB store: issue 32, D8): the
 * corpora not empty, the report whole (read once, a document at a time)
 * and naming each document of the corpus; *items and *projected count its
 * mentions. */
static int check_run(const xp_corpus *en, const xp_aligned *al, const report_src *src, const char *files,
		     size_t *items, size_t *projected, xp_err *err)
{
	*items = *projected = 0;
	if (!en->ndocs || !al->n) {   /* an empty run would become every command's default run */
		char sn[512];
		if (!en->ndocs)
			file_name(files, "source", "the English corpus", sn, sizeof sn);
		else
			file_name(files, "aligned", "the aligned corpus", sn, sizeof sn);
		return xp_failc(err, XP_EINPUT, sn, 0, "no %s: no run is added", !en->ndocs ? "documents" : "utterances");
	}
	xp_report_reader *rr = NULL;
	xp_vocab rv, ev, ak;
	const xp_report *doc;
	int iv = !xp_vocab_init(&rv, 0) + !xp_vocab_init(&ev, 0) + !xp_vocab_init(&ak, 0), rc = 0;
	if (iv < 3)
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	/* the English documents by name and the aligned records by utterance
	 * (the first of each: import_run refuses one named twice), for fits() */
	for (size_t i = 0; rc == 0 && i < en->ndocs; i++) {
		char key[1200];
		if (xp_vocab_id(&ev, key, doc_key(key, sizeof key, en->docs[i].id, en->docs[i].part)) == UINT32_MAX)
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	for (size_t k = 0; rc == 0 && k < al->n; k++) {
		char key[1200];
		if (xp_vocab_id(&ak, key, xp_aligned_key(key, sizeof key, al->v[k].doc, al->v[k].part, al->v[k].utt)) == UINT32_MAX)
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	/* ak's ids are the records' indexes while no key repeats; past a
	 * repeat, import_run refuses the aligned corpus, so fits() stops */
	int indexed = ak.n == al->n;
	rc = rc || src_open(src, &rr, err);
	unsigned long line = 1;
	while (rc == 0 && (rc = xp_report_next(rr, &doc, err)) == 1) {
		char key[1200];
		uint32_t n0 = rv.n, id = xp_vocab_id(&rv, key, doc_key(key, sizeof key, doc->docs[0].id, doc->docs[0].part));
		rc = id == UINT32_MAX ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
		line++;
		*items += doc->n;
		for (size_t i = 0; i < doc->n; i++)
			*projected += doc->items[i].fate == XP_PROJECTED;
		uint32_t e = rc || id != n0 || !indexed ? UINT32_MAX
				: xp_vocab_find(&ev, key, doc_key(key, sizeof key, doc->docs[0].id, doc->docs[0].part));
		if (e != UINT32_MAX)
			rc = one_doc(NULL, NULL, 0, &en->docs[e], al, &ak, doc, &doc->docs[0], src, line, err);
	}
	if (rr)
		xp_report_close(rr);
	xp_vocab_free(&ev);   /* safe after a failed init: it zeroes first */
	xp_vocab_free(&ak);
	for (size_t i = 0; rc == 0 && i < en->ndocs; i++) {
		const xp_doc *d = &en->docs[i];
		char key[1200];
		if (xp_vocab_find(&rv, key, doc_key(key, sizeof key, d->id, d->part)) == UINT32_MAX)
			rc = xp_failc(err, XP_EINPUT, src->name, 0, "the report has no document %s part %d", d->id, d->part);
	}
	xp_vocab_free(&rv);
	return rc;
}

static int import_check(const xp_corpus *en, const xp_aligned *al, const report_src *src, const char *files,
			int allow_empty, xp_err *err)
{
	size_t items, projected;
	int rc = check_run(en, al, src, files, &items, &projected, err);
	if (rc == 0 && !allow_empty && items && !projected)
		rc = xp_failc(err, XP_EINPUT, src->name, 0,
			      "none of its %zu mentions is projected (no target text aligned?): the run would be the "
			      "latest, which every command shows, with nothing in it; nothing is imported "
			      "(--allow-empty imports it)", items);
	return rc;
}

int xp_db_import_check(const xp_corpus *en, const xp_aligned *al, const char *report_json, const char *files,
		       int allow_empty, xp_err *err)
{
	char name[512];
	file_name(files, "report", "report", name, sizeof name);
	char aname[512];
	file_name(files, "aligned", "the aligned corpus", aname, sizeof aname);
	report_src src = {name, NULL, report_json, aname};
	return import_check(en, al, &src, files, allow_empty, err);
}

int xp_db_import_check_file(const xp_corpus *en, const xp_aligned *al, const char *report_path, const char *files,
			    int allow_empty, xp_err *err)
{
	char aname[512];
	file_name(files, "aligned", "the aligned corpus", aname, sizeof aname);
	report_src src = {report_path, report_path, NULL, aname};
	return import_check(en, al, &src, files, allow_empty, err);
}

static int import_run(xp_db *db, feed *f, const report_src *src, const char *lang, const char *files, int64_t *run,
		      xp_err *err)
{
	char aname[512];
	file_name(files, "aligned", "the aligned corpus", aname, sizeof aname);
	const xp_corpus *en = f->en;
	const xp_aligned *al = f->al;
	if (!f->next && (!en->ndocs || !al->n)) {
		size_t items, projected;
		return check_run(en, al, src, files, &items, &projected, err);
	}
	xp_report_reader *rr;
	if (src_open(src, &rr, err))
		return err->code;
	const xp_report *head = xp_report_header(rr);
	char rlang[sizeof head->lang];   /* no language given: the report's */
	snprintf(rlang, sizeof rlang, "%s", head->lang);
	if (!lang)
		lang = rlang;
	/* runs of one language supersede each other and carry its corrections
	 * over by their language's name: a pack's alias (its three-letter
	 * code after its two-letter one) made a second line of runs, each the
	 * latest of its own, the corrections left behind in the first.  A
	 * pack's alias is stored as the pack's code; a subtag stays
	 * (subtitles in two scripts of one language are two lines), in one
	 * spelling (BCP 47's case, joined by "-"): a region in lower
	 * case, or after "_", made a line of its own, each rerun's
	 * corrections left in the one before.  A store's line of another
	 * spelling (made before) is the one a rerun continues. */
	char clang[64];
	if (xp_store_lang(db, lang, clang, sizeof clang, err))
		return err->code;
	lang = clang;
	xp_vocab keys;
	ins s = {0};
	int rc = xp_vocab_init(&keys, 0) ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
	f->keys = &keys;
	/* the aligned utterance of (doc, part, utt) is the one whose key got
	 * that id: an utterance named twice would shift every later one */
	for (size_t k = 0; rc == 0 && !f->next && k < al->n; k++) {
		char key[1200];
		uint32_t id = xp_vocab_id(&keys, key, xp_aligned_key(key, sizeof key, al->v[k].doc, al->v[k].part, al->v[k].utt));
		if (id == UINT32_MAX)
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		else if (id != k)
			rc = xp_failc(err, XP_EINPUT, aname, (unsigned long)k + 1, "utterance %u of document %s part %d is there twice",
				      al->v[k].utt, al->v[k].doc, al->v[k].part);
	}
	/* one transaction: its own, or the caller's (xp_db_begin), where a
	 * streamed run that is not taken must leave nothing of itself either */
	int own = sqlite3_get_autocommit(db->h), sp = !own && f->next;
	if (rc == 0 && (own ? (rc = xp_sql_begin(db, err)) == 0 : !sp || (rc = xp_sql_exec(db, "SAVEPOINT import_run", err)) == 0)) {
		rc = prepare(db, &s, err) || run_row(db, head, lang, files, run, err) ||
		     documents(db, &s, *run, f, src, &rr, err) || counts(db, *run, err);
		if (rc)   /* the failure's own code (the report's XP_EINPUT), not ||'s 1 */
			rc = err->code < 0 ? err->code : XP_EFAIL;
		if (rc == 0)
			rc = xp_history_json(db, "import run",
					     json_pack("{s:I,s:o,s:I}", "run", (json_int_t)*run, "lang",
						       xp_json_text(lang), "documents", (json_int_t)f->ndocs),
					     err);
		if (rc == 0)
			rc = xp_carry(db, *run, err);   /* the earlier runs' corrections */
		if (rc == 0 && xp_db_version(db) >= 8)
			rc = xp_queue_store(db, *run, err);   /* ranked as the carried ones left it */
		fin(&s);
		if (rc && own)
			xp_sql_rollback(db);
		else if (own)
			rc = xp_sql_commit(db, err);
		else if (sp && rc)
			xp_sql_exec(db, "ROLLBACK TO import_run; RELEASE import_run", NULL);
		else if (sp)
			rc = xp_sql_exec(db, "RELEASE import_run", err);
	}
	xp_vocab_free(&keys);
	if (rr)
		xp_report_close(rr);
	return rc;
}

int xp_db_import_run(xp_db *db, const xp_corpus *en, const xp_aligned *al, const char *report_json,
		     const char *lang, const char *files, int64_t *run, xp_err *err)
{
	char name[512];
	file_name(files, "report", "report", name, sizeof name);
	char aname[512];
	file_name(files, "aligned", "the aligned corpus", aname, sizeof aname);
	report_src src = {name, NULL, report_json, aname};
	feed f = {.en = en, .al = al};
	return import_run(db, &f, &src, lang, files, run, err);
}

int xp_db_import_run_file(xp_db *db, const xp_corpus *en, const xp_aligned *al, const char *report_path,
			  const char *lang, const char *files, int64_t *run, xp_err *err)
{
	char aname[512];
	file_name(files, "aligned", "the aligned corpus", aname, sizeof aname);
	report_src src = {report_path, report_path, NULL, aname};
	feed f = {.en = en, .al = al};
	return import_run(db, &f, &src, lang, files, run, err);
}

/* --- a document at a time (issue 37) ----------------------------------------- */

int xp_db_import_check_docs(xp_db_docs_fn next, void *ctx, const char *report_path, int allow_empty, size_t *ndocs,
			    xp_err *err)
{
	report_src src = {report_path, report_path, NULL, NULL};
	feed f = {.next = next, .ctx = ctx};
	xp_report_reader *rr = NULL;
	size_t items = 0, projected = 0;
	*ndocs = 0;
	if (xp_vocab_init(&f.dkeys, 0))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	int rc = src_open(&src, &rr, err) ? -1 : documents_along(NULL, NULL, 0, &f, &src, rr, &items, &projected, err);
	if (rr)
		xp_report_close(rr);
	xp_vocab_free(&f.dkeys);
	/* what check_run and import_check refuse; the whole path says it */
	if (rc == 0 && (!f.ndocs || !f.nrecs || (!allow_empty && items && !projected)))
		rc = 1;
	*ndocs = f.ndocs;
	return rc;
}

int xp_db_import_run_docs(xp_db *db, xp_db_docs_fn next, void *ctx, const char *report_path, const char *lang,
			  const char *files, int64_t *run, size_t *ndocs, xp_err *err)
{
	char aname[512];
	file_name(files, "aligned", "the aligned corpus", aname, sizeof aname);
	report_src src = {report_path, report_path, NULL, aname};
	feed f = {.next = next, .ctx = ctx};
	if (xp_vocab_init(&f.dkeys, 0))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	int rc = import_run(db, &f, &src, lang, files, run, err);
	xp_vocab_free(&f.dkeys);
	*ndocs = f.ndocs;
	return rc;
}
