/*
 * correct/pairs.c — the span pairs a corrector confirmed, for the next
 * run's aligner (issue 33, "priors that carry from one run to the next").
 *
 * A mention a person edited (added, modified, relinked: a live correction,
 * carried over from an earlier run or not) or kept ("the projection is
 * right") has a target span someone vouched for; every other projection is
 * the aligner's own output, and training on it would only teach the aligner
 * what it already said.  Each such mention with a span gives one line
 * "English span ||| target span", tokens as `xproj bitext` writes them and
 * as the run held them (the tokens its aligner saw), for `wordalign
 * --train-lex`.  A document of several runs (a rerun) is read from the
 * newest run of the language that holds it: a rerun carries the earlier
 * run's corrections over, and reading both would count them twice.
 */
#include "store.h"
#include "review.h"
#include "../base/buf.h"
#include "../io/bitext.h"
#include "../lang/script.h"
#include "../model/tokenize.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* tokens [a, b) of the JSON array text js, as bitext tokens; 0, or -1 when
 * the span is not inside it (a store edited by hand) */
static int put_span(xp_buf *out, const char *js, int64_t a, int64_t b)
{
	json_error_t je;
	json_t *t = json_loads(js, 0, &je);
	int64_t n = (int64_t)json_array_size(t);
	int rc = a >= 0 && a < b && b <= n ? 0 : -1;
	for (int64_t k = a; rc == 0 && k < b; k++) {
		const char *w = json_string_value(json_array_get(t, (size_t)k));
		if (!w || !*w) {
			rc = -1;
			break;
		}
		if (k > a)
			xp_buf_putc(out, ' ');
		xp_bitext_put_token(out, w, strlen(w));
	}
	json_decref(t);
	return rc;
}

/* The target span [a, b) of the sentence whose tokens are the JSON array
 * js, in the ICU words of the sentence's text (the tokens joined by a
 * space, or by nothing in a language written without spaces), each word
 * cut at the span's edges: the tokens an aligner saw that was given the
 * sentence in words while the run holds it in characters (bench/quality.sh's
 * Chinese, `pair --tokens words` projected with `--chars`), as
 * `mention-pairs --tokens words` writes them.  0, or -1 as put_span. */
static int put_words(xp_buf *out, const char *js, int64_t a, int64_t b, const char *lang)
{
	json_error_t je;
	json_t *t = json_loads(js, 0, &je);
	int64_t n = (int64_t)json_array_size(t);
	if (a < 0 || a >= b || b > n) {
		json_decref(t);
		return -1;
	}
	xp_buf text = {0};
	size_t from = 0, to = 0, gap = xp_lang_unspaced(lang) ? 0 : 1;
	for (int64_t k = 0; k < n; k++) {
		const char *w = json_string_value(json_array_get(t, (size_t)k));
		if (k && gap)
			xp_buf_putc(&text, ' ');
		if (k == a)
			from = text.n;
		xp_buf_puts(&text, w ? w : "");
		if (k + 1 == b)
			to = text.n;
	}
	json_decref(t);
	xp_tok *wt = NULL;
	uint32_t nw = 0;
	size_t cap = 0;
	int rc = text.oom || xp_tokenize(text.p ? text.p : "", text.n, XP_TOK_WORDS, lang, &wt, &nw, &cap) ? -1 : 0;
	if (rc == 0 && !xp_bitext_put_cut(out, text.p, wt, nw, from, to))
		rc = -1;
	free(wt);
	xp_buf_free(&text);
	return rc;
}

/* the target sentences of document row doc in the corrected view (a
 * realigned utterance's new tokens), in order: the sentence index of a
 * mention's state is a place in this list, as export reads it */
static int sentences(xp_db *db, int64_t doc, char ***v, size_t *n, xp_err *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	*v = NULL, *n = 0;
	if (xp_sql_prepare(db, XP_SQL_VIEW_SENTENCES(db->version < 9), &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, doc);
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		char *s = strdup(xp_sql_text(st, 1));
		if (!s || xp_grow(v, &cap, *n + 1, sizeof **v))
			free(s), rc = -1;
		else
			(*v)[(*n)++] = s;
	}
	sqlite3_finalize(st);
	return rc ? xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory") : 0;
}

static void free_sentences(char **v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(v[k]);
	free(v);
}

/* 1 if a corrected file of document row doc was imported into its run
 * (`db import-corrections` of a corrected corpus, correct/derive.c): a live
 * correction of the document derived from a file, made in this run (not
 * carried over from an earlier one).  The file is a person's answer for
 * the whole document, so every mention the import left as it was is
 * confirmed too, though no edit or review records it: derive writes only
 * the differences.  A document the file matched exactly has no such
 * correction and is not counted; nor one with only a stored no-op (an
 * older store's, store.h XP_SQL_NOOP): the file said what the run had. */
static int filed(xp_db *db, int64_t doc)
{
	sqlite3_stmt *q;
	xp_err ignored;
	if (xp_sql_prepare(db, "SELECT 1 FROM corrections c JOIN mentions m ON m.id = c.mention"
			       " LEFT JOIN batches b ON b.id = c.batch WHERE m.document = ? AND c.carried_from IS NULL"
			       " AND c.note LIKE 'derived from %' AND c.status = 'ok' AND c.undone = 0 AND NOT " XP_SQL_NOOP("c")
			       " AND coalesce(b.undone, 0) = 0 LIMIT 1", &q, &ignored))
		return 0;
	sqlite3_bind_int64(q, 1, doc);
	int found = sqlite3_step(q) == SQLITE_ROW;
	sqlite3_finalize(q);
	return found;
}

/* the confirmed mentions of document row doc of run (touched: its flags) */
static int doc_pairs(xp_db *db, int64_t doc, const xp_touch *tv, size_t tn, const char *words, xp_buf *out,
		     xp_db_pairs_stats *st, xp_err *err)
{
	char **sent;
	size_t ns;
	sqlite3_stmt *q;
	if (sentences(db, doc, &sent, &ns, err))
		return -1;
	if (xp_sql_prepare(db, "SELECT m.id, u.src, m.start, m.end FROM mentions m JOIN utterances u ON u.id = m.utterance"
			       " WHERE m.document = ? ORDER BY m.id", &q, err)) {
		free_sentences(sent, ns);
		return -1;
	}
	sqlite3_bind_int64(q, 1, doc);
	int rc = 0, whole = filed(db, doc);
	while (rc == 0 && sqlite3_step(q) == SQLITE_ROW) {
		int64_t row = sqlite3_column_int64(q, 0);
		unsigned f = xp_touch_flags(tv, tn, row);
		if (!(f & (XP_TOUCH_EDITED | XP_TOUCH_KEPT)) && !whole)
			continue;
		xp_mstate s;
		if (xp_db_state(db, row, &s)) {
			rc = xp_sql_fail(db, err, "reading a mention's corrections");
			break;
		}
		int has = s.projected && s.sent >= 0;
		if (!(f & (XP_TOUCH_EDITED | XP_TOUCH_KEPT)) && !has)
			continue;   /* nothing the file said of it is a pair */
		f & XP_TOUCH_EDITED ? st->edited++ : f & XP_TOUCH_KEPT ? st->kept++ : st->agreed++;
		if (!has) {   /* confirmed to have no target span */
			st->nulls++;
			continue;
		}
		size_t at = out->n;
		if ((size_t)s.sent >= ns || put_span(out, xp_sql_text(q, 1), sqlite3_column_int64(q, 2),
						     sqlite3_column_int64(q, 3))) {
			out->n = at, st->bad++;
			continue;
		}
		xp_buf_puts(out, " ||| ");
		if (words ? put_words(out, sent[s.sent], s.start, s.end, words) : put_span(out, sent[s.sent], s.start, s.end)) {
			out->n = at, st->bad++;
			continue;
		}
		xp_buf_putc(out, '\n');
		st->written++;
	}
	sqlite3_finalize(q);
	free_sentences(sent, ns);
	if (rc == 0 && out->oom)
		rc = xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory");
	return rc;
}

int xp_db_pairs(xp_db *db, const char *lang, int words, xp_buf *out, xp_db_pairs_stats *st, xp_err *err)
{
	memset(st, 0, sizeof *st);
	/* the store's spelling of the tag (ab-cd for a line of ab-CD runs:
	 * "0 runs of ab-cd", the pairs of the language not read) */
	char spelt[64];
	if (xp_store_lang(db, lang, spelt, sizeof spelt, err))
		return -1;
	lang = spelt;
	sqlite3_stmt *q;
	/* the runs of other languages, said, never read: a Farsi span teaches a
	 * Chinese aligner nothing (each in its one spelling: a line of runs
	 * stored as ab-cd and ab_CD is named once) */
	if (xp_sql_prepare(db, "SELECT xp_lang_tag(lang) FROM runs WHERE xp_lang_tag(lang) <> xp_lang_tag(?1) ORDER BY id", &q, err))
		return -1;
	sqlite3_bind_text(q, 1, lang, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(q) == SQLITE_ROW) {
		const char *l = xp_sql_text(q, 0);
		st->other_runs++;
		size_t n = strlen(l);
		const char *p = st->other_langs;
		int seen = 0;
		while (!seen && (p = strstr(p, l)))
			seen = (p == st->other_langs || p[-1] == ' ') && (p[n] == ' ' || !p[n]), p += n ? n : 1;
		size_t u = strlen(st->other_langs);
		if (!seen && u + n + 2 < sizeof st->other_langs)
			snprintf(st->other_langs + u, sizeof st->other_langs - u, "%s%s", u ? " " : "", l);
	}
	sqlite3_finalize(q);
	st->runs = (size_t)xp_sql_int(db, "SELECT count(*) FROM runs", 0) - st->other_runs;
	/* each document from the newest run of the language that holds it */
	if (xp_sql_prepare(db, "SELECT d.id, d.run FROM documents d JOIN runs r ON r.id = d.run WHERE xp_lang_tag(r.lang) = xp_lang_tag(?1)"
			       " AND NOT EXISTS (SELECT 1 FROM documents e JOIN runs s ON s.id = e.run WHERE xp_lang_tag(s.lang) = xp_lang_tag(?1)"
			       " AND e.doc = d.doc AND e.part = d.part AND e.run > d.run) ORDER BY d.run, d.id", &q, err))
		return -1;
	sqlite3_bind_text(q, 1, lang, -1, SQLITE_TRANSIENT);
	int64_t run = 0;
	xp_touch *tv = NULL;
	size_t tn = 0;
	int rc = 0;
	while (rc == 0 && sqlite3_step(q) == SQLITE_ROW) {
		int64_t doc = sqlite3_column_int64(q, 0), r = sqlite3_column_int64(q, 1);
		if (r != run) {
			free(tv);
			if ((rc = xp_db_touched(db, r, &tv, &tn, err)))
				break;
			run = r;
		}
		st->docs++;
		rc = doc_pairs(db, doc, tv, tn, words ? lang : NULL, out, st, err);
	}
	sqlite3_finalize(q);
	free(tv);
	return rc;
}
