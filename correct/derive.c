/*
 * correct/derive.c — corrections derived from a corrected target corpus.
 *
 * People correct projections in whatever tool they have and come back with
 * the corrected target file, not with xproj's DOC|ID edits.  Here that file
 * is compared with the run's corrected view as it is now, document by
 * document (id and part) and sentence by sentence (the target sentence
 * index), and the difference is written as additions, deletions and
 * modifications of the run's English mentions, each through the same
 * validation as any other edit (xp_batch_edit_cluster), in one batch.
 *
 * Sentences.  A sentence whose tokens are the run's is compared as it is.
 * One whose text is the run's once blanks are set aside but is tokenised
 * otherwise (MMC's corrected Chinese is word-segmented, a projection onto
 * its silver text is per character) is carried over through characters
 * (model/charspan.h); a span whose boundary falls inside a run token is
 * widened to it and counted.  A sentence with another text is listed and
 * skipped: none of its mentions is imported, and the run's projections
 * there are left as they are.
 *
 * Matching is an assignment problem at two levels (base/assign.h), so that
 * cluster splits and merges come out right rather than by the order of the
 * file:
 *  1. per document, the corrected file's entities against the view's
 *     clusters, weighted by how many of an entity's mentions a cluster's
 *     projections hold (1 for the exact span, half the overlap for a
 *     partial one, a tenth for a projection at most three tokens away) and,
 *     only for an entity no projection holds exactly (a span two entities
 *     share does not count), a hundredth for a mention of the cluster in the
 *     same sentence that is unprojected or whose span the file drops, half
 *     that for one whose span the file gives another entity: all an entity
 *     the projection missed or misplaced offers.  An entity left without a
 *     cluster (the second half of a split) gets a new label of the document.
 *  2. per sentence, the corrected mentions against the English mentions of
 *     the sentence's utterance.  A pairing is allowed with a mention of the
 *     entity's cluster, with one whose projection is that very span, with
 *     one of a cluster the entity has evidence for, and with any free one
 *     (unprojected, or projected on a span the file drops).  Every pairing
 *     is worth far more than any preference, so as many corrected mentions
 *     as possible are carried; among those the preferences are: the same
 *     cluster, then a kept span, then a projection overlapping or within
 *     three tokens of the new span (a modification), then an unprojected
 *     English mention (an addition) by closeness of relative position and
 *     pronoun agreement (a one-token English pronoun goes with a one-token
 *     target mention), and last a projection farther away in the sentence.
 *     So a new span goes to an English mention of its own entity when one
 *     is free, and to another free mention of the utterance (put in the
 *     entity's cluster, counted) only when none is.
 * A projection no corrected mention takes is deleted, unless it is the very
 * mention another kept one already is (same span, same cluster: the view
 * shows it once).  A corrected mention that finds no English mention is
 * listed with the reason; nothing is dropped silently.
 *
 * The history gets one line per derived edit and per listed mention or
 * sentence, with the file and line it came from; each edit's note says the
 * same, so `db show` tells where a correction came from.
 */
#include "store.h"
#include "review.h"
#include "../base/assign.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../model/charspan.h"
#include "../model/mtype.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* an English mention of the run, in a document being compared */
typedef struct rment {
	int64_t row;
	int64_t id;               /* the English mention id */
	int64_t english;          /* its English cluster */
	int64_t sent;             /* its target sentence, -1 if none */
	int64_t en_start, en_end, en_len;
	int pronoun;              /* a one-token English pronoun */
	xp_mstate now;            /* what the corrected view says of it now */
	int dropped;              /* projected on a span the corrected file does not have */
	int32_t k;                /* the corrected mention it carries, -1 */
	int32_t col;              /* its view cluster among ctx.labels, -1 */
} rment;

enum { S_SAME, S_CHARS, S_DIFFERS, S_ABSENT };

/* a target sentence of the run, and how the corrected one relates to it */
typedef struct rsent {
	json_t *tokens;           /* the run's tokens (a JSON array of strings) */
	const char **w;
	size_t *len;
	uint32_t n;
	int how;
	uint32_t *roff, *koff;    /* S_CHARS: character offsets of both tokenisations */
} rsent;

/* a mention of the corrected file */
typedef struct kment {
	const xp_mention *m;
	int64_t sent;
	uint32_t start, end;      /* in the run's tokens */
	int usable;               /* in a compared sentence, carried over to run tokens */
	int shared;               /* another corrected mention has the same span (in another entity) */
	unsigned long line;
	int32_t r;                /* the English mention carrying it, -1 */
} kment;

typedef struct ctx {
	xp_db *db;
	int64_t run, batch;
	const char *name, *annotator;
	xp_derive_result *res;
	const xp_doc *kd;
	unsigned long doc_line;   /* jsonlines: the document's line */
	int64_t doc_row;
	int64_t key_part;         /* the part its mentions' keys name (xp_mention_key) */
	rsent *s;
	size_t ns;
	rment *m;
	size_t nm;
	kment *k;
	size_t nk;
	int64_t *label;           /* per entity: its cluster in the view */
	/* by sentence: the run's mentions mord[mfirst[t] .. mfirst[t + 1]) and
	 * the file's kord[kfirst[t] .. kfirst[t + 1]), so that every comparison
	 * stays inside one sentence (a document of many sentences costs linear
	 * time in them) */
	size_t *mfirst, *mord, *kfirst, *kord;
	int64_t *labels;          /* the view's clusters in compared sentences, sorted */
	size_t nc;
	struct edge *ev;          /* entity-cluster evidence, by entity then cluster */
	size_t nev, *efirst;
} ctx;

static int oom(xp_err *err) { return xp_failc(err, XP_ENOMEM, "", 0, "out of memory"); }

/* --- what is listed and logged ------------------------------------------------------- */

/* text from the file, shown in a listing: control characters become '?' */
static void put_text(xp_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		xp_buf_putc(b, (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i]);
}

static int list(ctx *c, xp_buf *line, xp_err *err)
{
	xp_batch_result *b = &c->res->b;
	char **v = line->oom ? NULL : realloc(b->listed, (b->nlisted + 1) * sizeof *v);
	if (!v) {
		xp_buf_free(line);
		return oom(err);
	}
	b->listed = v;
	v[b->nlisted++] = line->p;
	return 0;
}

static int history(ctx *c, const char *action, json_t *detail, xp_err *err)
{
	/* the file's name and its document ids are any bytes: made valid UTF-8 */
	json_object_set_new(detail, "batch", json_integer(c->batch));
	json_object_set_new(detail, "file", xp_json_text(c->name));
	return xp_history_json(c->db, action, detail, err);
}

/* the words of a corrected mention, for a listing */
static void mention_words(xp_buf *b, const xp_doc *d, const xp_mention *m)
{
	const xp_utt *u = &d->utts[m->utt];
	xp_buf_puts(b, " '");
	for (uint32_t i = m->start; i < m->end && i < u->ntoks; i++) {
		uint32_t n;
		const char *w = xp_tok_str(u, i, &n);
		if (i > m->start)
			xp_buf_putc(b, ' ');
		put_text(b, w, n);
	}
	xp_buf_putc(b, '\'');
}

static unsigned long kline(const ctx *c, const xp_mention *m)
{
	if (m->line)
		return m->line;
	return c->kd->utts[m->utt].line ? c->kd->utts[m->utt].line : c->doc_line;
}

static unsigned long sent_line(const ctx *c, size_t t)
{
	return t < c->kd->nutts && c->kd->utts[t].line ? c->kd->utts[t].line : c->doc_line;
}

/* a corrected mention that cannot be imported, listed and logged */
static int unmatched(ctx *c, const xp_mention *m, const char *why, xp_err *err)
{
	const xp_doc *d = c->kd;
	unsigned long ln = kline(c, m);
	xp_buf b = {0};
	xp_buf_printf(&b, "%s:%lu: %s part %d sentence %u tokens %u-%u", c->name, ln, d->id, d->part, m->utt, m->start,
		      m->end);
	mention_words(&b, d, m);
	xp_buf_printf(&b, " (cluster %lld): %s", d->clusters[m->cluster].label, why);
	if (list(c, &b, err))
		return -1;
	c->res->unmatched++;
	json_t *o = json_pack("{s:o,s:i,s:i,s:[i,i],s:I,s:s,s:I}", "doc", xp_json_text(d->id), "part", d->part, "sentence", (int)m->utt,
			      "tokens", (int)m->start, (int)m->end, "cluster", (json_int_t)d->clusters[m->cluster].label, "why",
			      why, "line", (json_int_t)ln);
	return o ? history(c, "derive unmatched", o, err) : oom(err);
}

/* --- the run's side of a document -------------------------------------------------------- */

static void free_doc(ctx *c)
{
	for (size_t t = 0; t < c->ns; t++) {
		json_decref(c->s[t].tokens);
		free(c->s[t].w), free(c->s[t].len), free(c->s[t].roff), free(c->s[t].koff);
	}
	free(c->s), free(c->m), free(c->k), free(c->label);
	free(c->mfirst), free(c->mord), free(c->kfirst), free(c->kord), free(c->labels), free(c->ev), free(c->efirst);
	c->s = NULL, c->m = NULL, c->k = NULL, c->label = NULL;
	c->mfirst = c->mord = c->kfirst = c->kord = c->efirst = NULL;
	c->labels = NULL, c->ev = NULL;
	c->ns = c->nm = c->nk = c->nc = c->nev = 0;
}

static int load_sentences(ctx *c, xp_err *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	if (xp_sql_prepare(c->db, "SELECT tgt_idx, tgt FROM utterances WHERE document = ? AND tgt_idx IS NOT NULL"
			   " ORDER BY tgt_idx", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, c->doc_row);
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		if (xp_grow(&c->s, &cap, c->ns + 1, sizeof *c->s)) {
			rc = oom(err);
			break;
		}
		rsent *s = &c->s[c->ns++];
		memset(s, 0, sizeof *s);
		s->how = S_ABSENT;
		s->tokens = json_loads(xp_sql_text(st, 1), 0, NULL);
		s->n = (uint32_t)json_array_size(s->tokens);
		s->w = malloc((s->n + 1) * sizeof *s->w);
		s->len = malloc((s->n + 1) * sizeof *s->len);
		if (!s->w || !s->len) {
			rc = oom(err);
			break;
		}
		for (uint32_t i = 0; i < s->n; i++) {
			json_t *w = json_array_get(s->tokens, i);
			s->w[i] = json_is_string(w) ? json_string_value(w) : "";
			s->len[i] = json_is_string(w) ? json_string_length(w) : 0;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

static int load_mentions(ctx *c, xp_err *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	if (xp_sql_prepare(c->db, "SELECT m.id, m.mention, m.cluster, u.tgt_idx, m.start, m.end, " XP_SQL_NTOKS("u.src") ","
			   " " XP_SQL_TOKEN("u.src", "m.start") " FROM mentions m JOIN utterances u ON u.id = m.utterance"
			   " WHERE m.document = ? ORDER BY m.mention", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, c->doc_row);
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		if (xp_grow(&c->m, &cap, c->nm + 1, sizeof *c->m)) {
			rc = oom(err);
			break;
		}
		rment *m = &c->m[c->nm++];
		*m = (rment){sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
			     sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 3),
			     sqlite3_column_int64(st, 4), sqlite3_column_int64(st, 5), sqlite3_column_int64(st, 6), 0,
			     {0}, 0, -1, -1};
		const char *w = xp_sql_text(st, 7);
		m->pronoun = m->en_end - m->en_start == 1 && xp_mtype_is_pronoun(&xp_mtype_en, w);
		if (xp_db_state(c->db, m->row, &m->now))
			rc = xp_sql_fail(c->db, err, "derive: state");
		if (m->sent >= (int64_t)c->ns)   /* cannot happen for a run xproj imported */
			m->sent = -1;
	}
	sqlite3_finalize(st);
	return rc;
}

/* --- sentences ------------------------------------------------------------------------------ */

static int utt_words(const xp_utt *u, const char ***w, size_t **len)
{
	*w = malloc((u->ntoks + 1) * sizeof **w);
	*len = malloc((u->ntoks + 1) * sizeof **len);
	if (!*w || !*len)
		return -1;
	for (uint32_t i = 0; i < u->ntoks; i++) {
		uint32_t n;
		(*w)[i] = xp_tok_str(u, i, &n);
		(*len)[i] = n;
	}
	return 0;
}

/* text of a token sequence for a listing, cut to about 60 bytes */
static void sentence_text(xp_buf *b, const char *const *w, const size_t *len, uint32_t n)
{
	size_t shown = 0;
	for (uint32_t i = 0; i < n && shown < 60; i++) {
		if (i)
			xp_buf_putc(b, ' ');
		put_text(b, w[i], len[i]);
		shown += len[i] + 1;
	}
	if (shown >= 60)
		xp_buf_puts(b, "...");
}

/* how each corrected sentence relates to the run's; listed when skipped */
static int compare_sentences(ctx *c, xp_err *err)
{
	const xp_doc *d = c->kd;
	for (size_t t = 0; t < d->nutts || t < c->ns; t++) {
		if (t >= c->ns) {   /* the corrected document is longer */
			size_t n = 0;
			for (size_t i = 0; i < d->nmentions; i++)
				n += d->mentions[i].utt == t;
			c->res->extra_sentences++;
			c->res->skipped_mentions += n;
			xp_buf b = {0};
			xp_buf_printf(&b, "%s:%lu: %s part %d sentence %zu: the run's document has only %zu target sentences: "
				      "its %zu mentions are not imported", c->name, sent_line(c, t), d->id, d->part, t, c->ns, n);
			json_t *o = json_pack("{s:o,s:i,s:I,s:s,s:I,s:I}", "doc", xp_json_text(d->id), "part", d->part, "sentence", (json_int_t)t,
					      "why", "no such target sentence in the run", "mentions", (json_int_t)n, "line",
					      (json_int_t)sent_line(c, t));
			if (list(c, &b, err) || (o ? history(c, "derive skipped", o, err) : oom(err)))
				return -1;
			continue;
		}
		rsent *s = &c->s[t];
		if (t >= d->nutts) {   /* the run's sentence is not in the file: left as it is */
			s->how = S_ABSENT;
			c->res->absent_sentences++;
			continue;
		}
		c->res->sentences++;
		const char **kw;
		size_t *kl;
		const xp_utt *u = &d->utts[t];
		if (utt_words(u, &kw, &kl)) {
			free(kw), free(kl);
			return oom(err);
		}
		int same = u->ntoks == s->n;
		for (uint32_t i = 0; same && i < s->n; i++)
			same = kl[i] == s->len[i] && !memcmp(kw[i], s->w[i], kl[i]);
		if (same) {
			s->how = S_SAME;
		} else if (xp_same_chars(kw, kl, u->ntoks, s->w, s->len, s->n)) {
			s->how = S_CHARS;
			c->res->remapped++;
			s->roff = malloc((s->n + 1) * sizeof *s->roff);
			s->koff = malloc((u->ntoks + 1) * sizeof *s->koff);
			if (!s->roff || !s->koff) {
				free(kw), free(kl);
				return oom(err);
			}
			xp_char_offsets(s->w, s->len, s->n, s->roff);
			xp_char_offsets(kw, kl, u->ntoks, s->koff);
		} else {
			s->how = S_DIFFERS;
			size_t n = 0;
			for (size_t i = 0; i < d->nmentions; i++)
				n += d->mentions[i].utt == t;
			c->res->skipped++;
			c->res->skipped_mentions += n;
			xp_buf b = {0};
			xp_buf_printf(&b, "%s:%lu: %s part %d sentence %zu: the text is not the run's (corrected \"", c->name,
				      sent_line(c, t), d->id, d->part, t);
			sentence_text(&b, kw, kl, u->ntoks);
			xp_buf_puts(&b, "\", run \"");
			sentence_text(&b, s->w, s->len, s->n);
			xp_buf_printf(&b, "\"): skipped, its %zu mentions not imported, the run's projections there left as they are", n);
			json_t *o = json_pack("{s:o,s:i,s:I,s:s,s:I,s:I}", "doc", xp_json_text(d->id), "part", d->part, "sentence", (json_int_t)t,
					      "why", "the text is not the run's", "mentions", (json_int_t)n, "line",
					      (json_int_t)sent_line(c, t));
			if (list(c, &b, err) || (o ? history(c, "derive skipped", o, err) : oom(err))) {
				free(kw), free(kl);
				return -1;
			}
		}
		free(kw), free(kl);
	}
	return 0;
}

/* ord[first[t] .. first[t + 1]): the items of sentence t (sent_of < 0 or >=
 * ns: in none), counting sort */
static int by_sentence(size_t ns, size_t n, const int64_t *sent_of, size_t stride, size_t **first, size_t **ord)
{
	*first = calloc(ns + 2, sizeof **first);
	*ord = malloc((n + 1) * sizeof **ord);
	if (!*first || !*ord)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int64_t t = *(const int64_t *)((const char *)sent_of + i * stride);
		if (t >= 0 && (size_t)t < ns)
			(*first)[t + 2]++;
	}
	for (size_t t = 0; t < ns; t++)
		(*first)[t + 2] += (*first)[t + 1];
	for (size_t i = 0; i < n; i++) {
		int64_t t = *(const int64_t *)((const char *)sent_of + i * stride);
		if (t >= 0 && (size_t)t < ns)
			(*ord)[(*first)[t + 1]++] = i;
	}
	return 0;
}

/* the run's mentions and the file's usable ones, by sentence */
static int index_sentences(ctx *c)
{
	if (by_sentence(c->ns, c->nm, c->nm ? &c->m[0].sent : NULL, sizeof *c->m, &c->mfirst, &c->mord))
		return -1;
	/* only usable corrected mentions are compared: the others get sentence -1 here */
	int64_t *ks = malloc((c->nk + 1) * sizeof *ks);
	if (!ks)
		return -1;
	for (size_t i = 0; i < c->nk; i++)
		ks[i] = c->k[i].usable ? c->k[i].sent : -1;
	int rc = by_sentence(c->ns, c->nk, ks, sizeof *ks, &c->kfirst, &c->kord);
	free(ks);
	return rc;
}

/* the corrected mentions on the run's tokens */
static int place_mentions(ctx *c, xp_err *err)
{
	const xp_doc *d = c->kd;
	c->k = calloc(d->nmentions + 1, sizeof *c->k);
	if (!c->k)
		return oom(err);
	c->nk = d->nmentions;
	for (size_t i = 0; i < d->nmentions; i++) {
		const xp_mention *m = &d->mentions[i];
		kment *k = &c->k[i];
		*k = (kment){m, m->utt, m->start, m->end, 0, 0, kline(c, m), -1};
		if (m->utt >= c->ns)
			continue;   /* listed with its sentence */
		rsent *s = &c->s[m->utt];
		if (s->how == S_SAME) {
			k->usable = 1;
		} else if (s->how == S_CHARS) {
			int exact = xp_chars_span(s->koff, m->start, m->end, s->roff, s->n, &k->start, &k->end);
			if (exact < 0) {
				if (unmatched(c, m, "it covers no character", err))
					return -1;
				continue;
			}
			k->usable = 1;
			c->res->widened += exact == 0;
		}
	}
	if (index_sentences(c))
		return oom(err);
	for (size_t t = 0; t < c->ns; t++)
		for (size_t a = c->kfirst[t]; a < c->kfirst[t + 1]; a++)
			for (size_t b = a + 1; b < c->kfirst[t + 1]; b++) {
				kment *x = &c->k[c->kord[a]], *y = &c->k[c->kord[b]];
				if (x->start == y->start && x->end == y->end)
					x->shared = y->shared = 1;
			}
	for (size_t j = 0; j < c->nm; j++) {
		rment *m = &c->m[j];
		m->dropped = m->now.projected && m->sent >= 0;
		for (size_t a = m->dropped ? c->kfirst[m->sent] : 0; m->dropped && a < c->kfirst[m->sent + 1]; a++)
			m->dropped = !(c->k[c->kord[a]].start == m->now.start && c->k[c->kord[a]].end == m->now.end);
	}
	return 0;
}

/* --- level 1: entities and clusters ------------------------------------------------------- */

/* the column of a view cluster among c->labels, or -1 */
static int32_t col_of(const ctx *c, int64_t label)
{
	const int64_t *p = c->nc ? bsearch(&label, c->labels, c->nc, sizeof *c->labels, xp_cmp_i64) : NULL;
	return p ? (int32_t)(p - c->labels) : -1;
}

static double dice(int64_t a, int64_t b, int64_t x, int64_t y)
{
	int64_t lo = a > x ? a : x, hi = b < y ? b : y;
	return hi > lo ? 2.0 * (double)(hi - lo) / (double)((b - a) + (y - x)) : 0;
}

/* tokens between a projection and a corrected span that do not overlap */
static int64_t gap(const rment *m, const kment *k)
{
	return m->now.start >= k->end ? m->now.start - k->end : k->start >= m->now.end ? k->start - m->now.end : 0;
}

/* evidence that entity e is view cluster col: strong (its spans), weak (a
 * free English mention of the cluster where the entity has a mention) */
typedef struct edge {
	uint32_t e, col;
	double strong, weak, w;
} edge;

static int cmp_edge(const void *a, const void *b)
{
	const edge *x = a, *y = b;
	return x->e != y->e ? (x->e > y->e) - (x->e < y->e) : (x->col > y->col) - (x->col < y->col);
}

/* 1 if entity e has evidence for column col (may take its English mentions) */
static int has_evidence(const ctx *c, size_t e, int32_t col)
{
	if (col < 0)
		return 0;
	size_t lo = c->efirst[e], hi = c->efirst[e + 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->ev[mid].col == (uint32_t)col)
			return 1;
		if (c->ev[mid].col < (uint32_t)col)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* A maximum-weight matching of rows to columns.  An optimal one
 * (base/assign.h) while the dense matrix and the cubic time stay small,
 * which every real scene is; beyond (thousands of entities tied together
 * in one document, of mentions in one sentence) the heaviest pairs first:
 * the result for such an input is still a matching, listed where it
 * leaves something out, but no longer the best one.  pairs: (row, col,
 * weight > 0); pick[row] gets its column or -1. */
typedef struct cand {
	uint32_t row, col;
	double w;
} cand;

static int cmp_cand(const void *a, const void *b)
{
	const cand *x = a, *y = b;
	if (x->w != y->w)
		return x->w < y->w ? 1 : -1;
	return x->row != y->row ? (x->row > y->row) - (x->row < y->row) : (x->col > y->col) - (x->col < y->col);
}

#define DENSE_CELLS 4000000.0   /* rows x columns of a dense matrix */
#define DENSE_STEPS 300000000.0 /* rows^2 x columns of the optimal search */

static int match(cand *pairs, size_t np, size_t rows, size_t cols, int32_t *pick)
{
	for (size_t r = 0; r < rows; r++)
		pick[r] = -1;
	if (!np)
		return 0;
	size_t n = rows < cols ? rows : cols, m = rows < cols ? cols : rows;
	if ((double)rows * (double)cols <= DENSE_CELLS && (double)n * (double)n * (double)m <= DENSE_STEPS) {
		double *w = calloc(n * m + 1, sizeof *w), total;
		int *p = malloc((n + 1) * sizeof *p);
		int rc = w && p ? 0 : -1;
		for (size_t i = 0; rc == 0 && i < np; i++)
			if (rows <= cols)
				w[(size_t)pairs[i].row * m + pairs[i].col] = pairs[i].w;
			else
				w[(size_t)pairs[i].col * m + pairs[i].row] = pairs[i].w;
		if (rc == 0 && (rc = xp_assign_max(w, (int)n, (int)m, &total, p)) == 0)
			for (size_t i = 0; i < n; i++) {
				size_t r = rows <= cols ? i : (size_t)p[i], col = rows <= cols ? (size_t)p[i] : i;
				if (w[i * m + (size_t)p[i]] > 0)
					pick[r] = (int32_t)col;
			}
		free(w), free(p);
		return rc;
	}
	unsigned char *taken = calloc(cols + 1, 1);
	if (!taken)
		return -1;
	qsort(pairs, np, sizeof *pairs, cmp_cand);
	for (size_t i = 0; i < np; i++)
		if (pick[pairs[i].row] < 0 && !taken[pairs[i].col])
			pick[pairs[i].row] = (int32_t)pairs[i].col, taken[pairs[i].col] = 1;
	free(taken);
	return 0;
}

static size_t uf_find(size_t *up, size_t x)
{
	while (up[x] != x)
		x = up[x] = up[up[x]];
	return x;
}

/* the evidence of corrected mention k, added to *ev */
static int evidence(ctx *c, const kment *k, unsigned char *exact, size_t *cap)
{
	for (size_t a = c->mfirst[k->sent]; a < c->mfirst[k->sent + 1]; a++) {
		const rment *m = &c->m[c->mord[a]];
		if (m->col < 0)
			continue;
		/* free for another span: unprojected or dropped (1), or
		 * projected on a span the file gives another entity (1/2) */
		double free_ = !m->now.projected || m->dropped ? 1 : m->now.start != k->start || m->now.end != k->end ? 0.5 : 0;
		/* the span itself; an overlap; a dropped span nearby (a modification) */
		double sim = !m->now.projected ? 0
			   : m->now.start == k->start && m->now.end == k->end ? 1
			   : dice(m->now.start, m->now.end, k->start, k->end) > 0 ? 0.5 * dice(m->now.start, m->now.end, k->start, k->end)
			   : gap(m, k) <= 3 ? 0.1 : 0;
		/* a span two entities have is evidence for both, but it can be
		 * one English mention's only */
		exact[k->m->cluster] |= sim == 1 && !k->shared;
		/* per (mention, cluster) the best of the sentence's English
		 * mentions counts once: merged below, the maximum kept */
		if (xp_grow(&c->ev, cap, c->nev + 1, sizeof *c->ev))
			return -1;
		c->ev[c->nev++] = (edge){k->m->cluster, (uint32_t)m->col, sim, free_, 0};
	}
	return 0;
}

/* Which view cluster each entity is (c->label), and the evidence an entity
 * left without a cluster may use to take English mentions (c->ev). */
static int match_entities(ctx *c, xp_err *err)
{
	const xp_doc *d = c->kd;
	size_t ne = d->nclusters;
	c->labels = malloc((c->nm + 1) * sizeof *c->labels);
	c->label = malloc((ne + 1) * sizeof *c->label);
	c->efirst = calloc(ne + 2, sizeof *c->efirst);
	unsigned char *exact = calloc(ne + 1, 1);
	size_t *up = NULL, cap = 0;
	cand *pairs = NULL;
	int32_t *pick = NULL;
	int rc = 0;
	if (!c->labels || !c->label || !c->efirst || !exact) {
		rc = oom(err);
		goto out;
	}
	int64_t top = -1;
	for (size_t i = 0; i < c->nm; i++) {
		const rment *m = &c->m[i];
		top = m->english > top ? m->english : top;
		top = m->now.cluster > top ? m->now.cluster : top;
		if (m->sent >= 0 && c->s[m->sent].how <= S_CHARS)
			c->labels[c->nc++] = m->now.cluster;
	}
	qsort(c->labels, c->nc, sizeof *c->labels, xp_cmp_i64);
	size_t u = 0;
	for (size_t i = 0; i < c->nc; i++)
		if (!u || c->labels[u - 1] != c->labels[i])
			c->labels[u++] = c->labels[i];
	c->nc = u;
	for (size_t i = 0; i < c->nm; i++)
		c->m[i].col = col_of(c, c->m[i].now.cluster);
	/* (entity, cluster) evidence: per corrected mention the best English
	 * mention of each cluster in its sentence, summed over the entity */
	size_t start = 0;
	for (size_t i = 0; rc == 0 && i < c->nk; i++) {
		if (!c->k[i].usable)
			continue;
		if (evidence(c, &c->k[i], exact, &cap)) {
			rc = oom(err);
			break;
		}
		/* this mention's entries: the maximum per cluster */
		if (c->nev - start > 1)
			qsort(c->ev + start, c->nev - start, sizeof *c->ev, cmp_edge);
		size_t w = start;
		for (size_t j = start; j < c->nev; j++) {
			if (w > start && c->ev[w - 1].col == c->ev[j].col) {
				edge *x = &c->ev[w - 1];
				x->strong = c->ev[j].strong > x->strong ? c->ev[j].strong : x->strong;
				x->weak = c->ev[j].weak > x->weak ? c->ev[j].weak : x->weak;
			} else {
				c->ev[w++] = c->ev[j];
			}
		}
		for (size_t j = start; j < w; j++)
			c->ev[j].weak *= 0.01;
		c->nev = start = w;
	}
	if (rc)
		goto out;
	/* summed per entity and cluster; an entry is evidence when its weight
	 * is.  Unprojected and dropped mentions are no evidence for an entity
	 * that has a projection's very span: the second half of a split has
	 * its spans in the first half's cluster, and must not take another
	 * cluster because that one has an unprojected "he" nearby.  A partial
	 * overlap does not rule them out: a mention nested in another entity's
	 * span ("your" in "your hands") is often the unprojected English one. */
	if (c->nev > 1)
		qsort(c->ev, c->nev, sizeof *c->ev, cmp_edge);
	size_t w = 0;
	for (size_t j = 0; j < c->nev; j++) {
		if (w && c->ev[w - 1].e == c->ev[j].e && c->ev[w - 1].col == c->ev[j].col) {
			c->ev[w - 1].strong += c->ev[j].strong;
			c->ev[w - 1].weak += c->ev[j].weak;
		} else {
			c->ev[w++] = c->ev[j];
		}
	}
	c->nev = 0;
	for (size_t j = 0; j < w; j++) {
		edge x = c->ev[j];
		x.w = exact[x.e] ? x.strong : x.strong + x.weak;
		if (x.w > 0)
			c->ev[c->nev++] = x;
	}
	for (size_t j = 0; j < c->nev; j++)
		c->efirst[c->ev[j].e + 1]++;
	for (size_t e = 0; e < ne; e++)
		c->efirst[e + 1] += c->efirst[e];
	/* Entities and clusters fall apart into groups that share evidence
	 * (a scene's, often a sentence's); each is matched on its own. */
	up = malloc((ne + c->nc + 1) * sizeof *up);
	pairs = malloc((c->nev + 1) * sizeof *pairs);
	pick = malloc((ne + 1) * sizeof *pick);
	size_t *rowid = malloc((ne + c->nc + 1) * sizeof *rowid), *order = malloc((ne + c->nc + 1) * sizeof *order);
	size_t *gfirst = calloc(ne + c->nc + 2, sizeof *gfirst), *members = malloc((ne + c->nc + 1) * sizeof *members);
	size_t *efirst_g = calloc(ne + c->nc + 2, sizeof *efirst_g), *eord = malloc((c->nev + 1) * sizeof *eord);
	if (!up || !pairs || !pick || !rowid || !order || !gfirst || !members || !efirst_g || !eord) {
		rc = oom(err);
		goto out2;
	}
	for (size_t x = 0; x < ne + c->nc; x++)
		up[x] = x;
	for (size_t j = 0; j < c->nev; j++) {
		size_t a = uf_find(up, c->ev[j].e), b = uf_find(up, ne + c->ev[j].col);
		if (a != b)
			up[a] = b;
	}
	/* the members of each group (entities, then clusters, in order) and
	 * its evidence, by counting sort on the group's root */
	for (size_t x = 0; x < ne + c->nc; x++)
		gfirst[uf_find(up, x) + 2]++;
	for (size_t g = 0; g < ne + c->nc; g++)
		gfirst[g + 2] += gfirst[g + 1];
	for (size_t x = 0; x < ne + c->nc; x++)
		members[gfirst[uf_find(up, x) + 1]++] = x;
	for (size_t j = 0; j < c->nev; j++)
		efirst_g[uf_find(up, c->ev[j].e) + 2]++;
	for (size_t g = 0; g < ne + c->nc; g++)
		efirst_g[g + 2] += efirst_g[g + 1];
	for (size_t j = 0; j < c->nev; j++)
		eord[efirst_g[uf_find(up, c->ev[j].e) + 1]++] = j;
	for (size_t e = 0; e < ne; e++)
		c->label[e] = INT64_MIN;
	for (size_t g = 0; rc == 0 && g < ne + c->nc; g++) {
		if (efirst_g[g] == efirst_g[g + 1])
			continue;   /* no evidence: nothing to match */
		size_t nr = 0, ncol = 0;
		for (size_t i = gfirst[g]; i < gfirst[g + 1]; i++)
			rowid[members[i]] = members[i] < ne ? nr++ : ncol++;
		size_t np = 0;
		for (size_t i = efirst_g[g]; i < efirst_g[g + 1]; i++) {
			const edge *x = &c->ev[eord[i]];
			/* the same label is a tie-breaker only (a file xproj exported keeps them) */
			double v = x->w + (d->clusters[x->e].label == c->labels[x->col] ? 0.001 : 0);
			pairs[np++] = (cand){(uint32_t)rowid[x->e], (uint32_t)rowid[ne + x->col], v};
		}
		for (size_t i = gfirst[g]; i < gfirst[g + 1]; i++)
			if (members[i] >= ne)
				order[rowid[members[i]]] = members[i] - ne;
		if (match(pairs, np, nr, ncol, pick)) {
			rc = oom(err);
			break;
		}
		for (size_t i = gfirst[g]; i < gfirst[g + 1]; i++)
			if (members[i] < ne && pick[rowid[members[i]]] >= 0)
				c->label[members[i]] = c->labels[order[pick[rowid[members[i]]]]];
	}
	for (size_t e = 0; rc == 0 && e < ne; e++)
		if (c->label[e] == INT64_MIN) {
			c->label[e] = ++top;   /* a new cluster of the document */
			int used = 0;
			for (size_t i = 0; !used && i < c->nk; i++)
				used = c->k[i].usable && c->k[i].m->cluster == e;
			c->res->new_clusters += used;
		}
out2:
	free(rowid), free(order), free(gfirst), free(members), free(efirst_g), free(eord);
out:
	free(exact), free(up), free(pairs), free(pick);
	return rc;
}

/* --- level 2: mentions of a sentence ---------------------------------------------------------- */

#define PAIR 1e6   /* a pairing outweighs every preference of every other one */

static double pair_weight(const ctx *c, const kment *k, const rment *m)
{
	int64_t want = c->label[k->m->cluster];
	int same = m->now.cluster == want;
	int exact = m->now.projected && m->now.start == k->start && m->now.end == k->end;
	int free_ = !m->now.projected || m->dropped;
	if (!same && !exact && !free_ && !has_evidence(c, k->m->cluster, m->col))
		return 0;
	double v = PAIR + (same ? 1000 : 0);
	if (exact)
		return v + 500;
	if (m->now.projected) {
		double o = dice(m->now.start, m->now.end, k->start, k->end);
		int64_t g = gap(m, k);
		if (o > 0)
			return v + 400 + 100 * o;
		if (g <= 3)
			return v + 300 - 10 * (double)g;
		return v + 50 - (g < 40 ? (double)g : 40);
	}
	uint32_t n = c->s[k->sent].n ? c->s[k->sent].n : 1;
	double pe = m->en_len ? (m->en_start + m->en_end) / 2.0 / (double)m->en_len : 0.5;
	double pt = (k->start + k->end) / 2.0 / n;
	int agree = m->pronoun == (k->m->end - k->m->start == 1);
	return v + 100 + 50 * (1 - fabs(pe - pt)) + 50 * agree;
}

static const char *why_unpaired(const ctx *c, const kment *k)
{
	int any = 0, allowed = 0;
	for (size_t b = c->mfirst[k->sent]; b < c->mfirst[k->sent + 1]; b++) {
		any = 1;
		allowed |= pair_weight(c, k, &c->m[c->mord[b]]) > 0;
	}
	return !any ? "the sentence's English utterance has no mention"
	       : !allowed ? "no English mention of its entity in the sentence's utterance"
			  : "the English mentions of the sentence's utterance that could carry it carry other corrected mentions";
}

static int pair_sentence(ctx *c, size_t t, xp_err *err)
{
	size_t k0 = c->kfirst[t], p = c->kfirst[t + 1] - k0, m0 = c->mfirst[t], q = c->mfirst[t + 1] - m0;
	if (!p)
		return 0;
	cand *pairs = malloc((p * q + 1) * sizeof *pairs);
	int32_t *pick = malloc(p * sizeof *pick);
	size_t np = 0;
	int rc = 0;
	if (!pairs || !pick) {
		rc = oom(err);
		goto out;
	}
	for (size_t a = 0; a < p; a++)
		for (size_t b = 0; b < q; b++) {
			double w = pair_weight(c, &c->k[c->kord[k0 + a]], &c->m[c->mord[m0 + b]]);
			if (w > 0)
				pairs[np++] = (cand){(uint32_t)a, (uint32_t)b, w};
		}
	if (match(pairs, np, p, q, pick)) {
		rc = oom(err);
		goto out;
	}
	for (size_t a = 0; a < p; a++)
		if (pick[a] >= 0) {
			c->k[c->kord[k0 + a]].r = (int32_t)c->mord[m0 + (size_t)pick[a]];
			c->m[c->mord[m0 + (size_t)pick[a]]].k = (int32_t)c->kord[k0 + a];
		}
	for (size_t a = 0; rc == 0 && a < p; a++)
		if (c->k[c->kord[k0 + a]].r < 0)
			rc = unmatched(c, c->k[c->kord[k0 + a]].m, why_unpaired(c, &c->k[c->kord[k0 + a]]), err);
out:
	free(pairs), free(pick);
	return rc;
}

/* --- the edits --------------------------------------------------------------------------------- */

static const char *const op_names[] = {"add", "delete", "modify"};

static int edit(ctx *c, const rment *m, xp_op op, int64_t sent, int64_t start, int64_t end, const int64_t *cluster,
		unsigned long line, xp_err *err)
{
	char key[600], note[700];
	xp_mention_key(key, sizeof key, c->kd->id, c->key_part, m->id);
	snprintf(note, sizeof note, "derived from %s:%lu", c->name, line);
	xp_edit e = {op, key, (int32_t)sent, (int32_t)start, (int32_t)end, c->annotator, note};
	size_t conflicts = c->res->b.conflicts + c->res->b.orphans;
	if (xp_batch_edit_cluster(c->db, c->run, c->batch, &e, cluster, &c->res->b, err))
		return -1;
	json_t *o = json_pack("{s:s,s:o}", "op", op_names[op], "mention", xp_json_text(key));
	if (o && op != XP_DELETE)
		json_object_set_new(o, "span", json_pack("[I,I,I]", (json_int_t)sent, (json_int_t)start, (json_int_t)end));
	if (o && cluster)
		json_object_set_new(o, "cluster", json_integer(*cluster));
	if (o && c->res->b.conflicts + c->res->b.orphans != conflicts)
		json_object_set_new(o, "refused", json_true());
	if (o)
		json_object_set_new(o, "line", json_integer((json_int_t)line));
	return o ? history(c, "derive", o, err) : oom(err);
}

static int apply(ctx *c, xp_err *err)
{
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < c->nk; i++) {
		const kment *k = &c->k[i];
		if (k->r < 0)
			continue;
		const rment *m = &c->m[k->r];
		int64_t want = c->label[k->m->cluster];
		if (m->now.projected) {
			int moved = m->now.start != k->start || m->now.end != k->end, regroup = m->now.cluster != want;
			if (!moved && !regroup) {
				c->res->kept++;
				continue;
			}
			c->res->regrouped += regroup;
			rc = edit(c, m, XP_MODIFY, k->sent, k->start, k->end, regroup ? &want : NULL, k->line, err);
		} else {
			/* an addition is in the English cluster unless it names another */
			c->res->regrouped += m->english != want;
			rc = edit(c, m, XP_ADD, k->sent, k->start, k->end, m->english != want ? &want : NULL, k->line, err);
		}
	}
	for (size_t j = 0; rc == 0 && j < c->nm; j++) {
		const rment *m = &c->m[j];
		if (m->k >= 0 || !m->now.projected || m->sent < 0 || c->s[m->sent].how > S_CHARS)
			continue;
		/* the view shows a span once per cluster: a projection that is
		 * exactly a carried corrected mention stays */
		int dup = 0;
		for (size_t a = c->kfirst[m->sent]; !dup && a < c->kfirst[m->sent + 1]; a++) {
			const kment *k = &c->k[c->kord[a]];
			dup = k->r >= 0 && k->start == m->now.start && k->end == m->now.end &&
			      c->label[k->m->cluster] == m->now.cluster;
		}
		if (dup) {
			c->res->duplicates++;
			continue;
		}
		rc = edit(c, m, XP_DELETE, 0, 0, 0, NULL, sent_line(c, (size_t)m->sent), err);
	}
	return rc;
}

/* --- documents ---------------------------------------------------------------------------------- */

static int64_t doc_row(ctx *c, const xp_doc *d)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db->h, "SELECT d.id, " XP_SQL_KEY_PART("d") " FROM documents d WHERE d.run = ?"
			       " AND d.doc = ? AND d.part = ?", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, c->run);
	sqlite3_bind_text(st, 2, d->id, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, d->part);
	int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	c->key_part = id >= 0 ? sqlite3_column_int64(st, 1) : -1;
	sqlite3_finalize(st);
	return id;
}

static int document(ctx *c, xp_err *err)
{
	const xp_doc *d = c->kd;
	c->res->mentions += d->nmentions;
	if ((c->doc_row = doc_row(c, d)) < 0) {
		xp_buf b = {0};
		xp_buf_printf(&b, "%s:%lu: document %s part %d is not in run %lld: its %zu mentions are not imported", c->name,
			      sent_line(c, 0), d->id, d->part, (long long)c->run, d->nmentions);
		c->res->unknown_docs++;
		c->res->skipped_mentions += d->nmentions;
		json_t *o = json_pack("{s:o,s:i,s:s,s:I,s:I}", "doc", xp_json_text(d->id), "part", d->part, "why", "no such document in the run",
				      "mentions", (json_int_t)d->nmentions, "line", (json_int_t)sent_line(c, 0));
		return list(c, &b, err) || (o ? history(c, "derive skipped", o, err) : oom(err)) ? -1 : 0;
	}
	c->res->docs++;
	int rc = load_sentences(c, err) || load_mentions(c, err) || compare_sentences(c, err) || place_mentions(c, err) ||
		 match_entities(c, err) ? -1 : 0;
	for (size_t t = 0; rc == 0 && t < c->ns; t++)
		if (c->s[t].how <= S_CHARS)
			rc = pair_sentence(c, t, err);
	if (rc == 0)
		rc = apply(c, err);
	free_doc(c);
	return rc;
}

/* the run's documents the file does not have: left as they are, counted */
static int untouched_docs(ctx *c, const xp_corpus *kc)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db->h, "SELECT doc, part FROM documents WHERE run = ?", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, c->run);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *id = xp_sql_text(st, 0);
		int part = sqlite3_column_int(st, 1), found = 0;
		for (size_t i = 0; !found && i < kc->ndocs; i++)
			found = kc->docs[i].part == part && !strcmp(kc->docs[i].id, id);
		c->res->absent_docs += !found;
	}
	sqlite3_finalize(st);
	return 0;
}

/* jsonlines: line[i] is the line of document i (one non-blank line each) */
static unsigned long *doc_lines(const char *buf, size_t n, size_t ndocs)
{
	unsigned long *v = calloc(ndocs + 1, sizeof *v);
	xp_lines it;
	const char *s;
	size_t len, i = 0;
	xp_lines_init(&it, buf, n);
	while (v && i < ndocs && xp_lines_next(&it, &s, &len)) {
		size_t j = 0;
		while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
			j++;
		if (j < len)
			v[i++] = it.lineno;
	}
	return v;
}

static int derive(xp_db *db, int64_t run, int64_t batch, const char *name, const char *buf, size_t n,
		  const char *annotator, void *arg, xp_batch_result *r, xp_err *err)
{
	(void)r;   /* it is &res->b */
	xp_derive_result *res = arg;
	xp_format fmt = res->format;
	xp_corpus kc = {0};
	if (xp_read_corpus_mem(name, buf, n, fmt, NULL, &kc, err)) {
		xp_corpus_free(&kc);
		return -1;
	}
	/* which reader it was (as xp_read_corpus_mem chose): jsonlines
	 * mentions carry no line, their document's line is found here */
	if (fmt == XP_FMT_AUTO)
		fmt = xp_format_of_path(name);
	if (fmt == XP_FMT_AUTO) {
		size_t i = n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3) ? 3 : 0;
		while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
			i++;
		fmt = i < n && buf[i] == '{' ? XP_FMT_JSONL : XP_FMT_CONLL;
	}
	unsigned long *lines = fmt == XP_FMT_JSONL ? doc_lines(buf, n, kc.ndocs) : NULL;
	ctx c;
	memset(&c, 0, sizeof c);
	c.db = db, c.run = run, c.batch = batch, c.name = name, c.annotator = annotator, c.res = res;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < kc.ndocs; i++) {
		c.kd = &kc.docs[i];
		c.doc_line = lines ? lines[i] : 0;
		rc = document(&c, err);
	}
	/* none of the file's documents in the run: another corpus's file, or
	 * another run's (a store of merged shards acts on its last); before,
	 * an empty batch, every mention "not imported", exit 0.  Refused,
	 * with the run that holds its first document if one does. */
	if (rc == 0 && kc.ndocs && !res->docs) {
		const xp_doc *d = &kc.docs[0];
		sqlite3_stmt *st;
		int64_t holds = 0;
		if (sqlite3_prepare_v2(db->h, "SELECT max(run) FROM documents WHERE doc = ? AND part = ?", -1, &st, NULL) ==
		    SQLITE_OK) {
			sqlite3_bind_text(st, 1, d->id, -1, SQLITE_STATIC);
			sqlite3_bind_int(st, 2, d->part);
			holds = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
			sqlite3_finalize(st);
		}
		char also[96] = "";
		if (holds > 0)
			snprintf(also, sizeof also, "; run %lld holds %s: --run %lld", (long long)holds,
				 kc.ndocs > 1 ? "its first" : "it", (long long)holds);
		rc = xp_failc(err, XP_EINPUT, name, lines ? lines[0] : d->nutts ? d->utts[0].line : 0,
			      "none of its %zu document(s) is in run %lld (document %s part %d is not%s): nothing is imported",
			      kc.ndocs, (long long)run, d->id, d->part, also);
	}
	if (rc == 0)
		rc = untouched_docs(&c, &kc) ? xp_sql_fail(db, err, "derive") : 0;
	if (rc == 0) {
		json_t *o = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "mentions",
				      (json_int_t)res->mentions, "kept", (json_int_t)res->kept, "add", (json_int_t)r->by_op[0],
				      "delete", (json_int_t)r->by_op[1], "modify", (json_int_t)r->by_op[2], "regrouped",
				      (json_int_t)res->regrouped, "unmatched", (json_int_t)res->unmatched, "skipped_sentences",
				      (json_int_t)(res->skipped + res->extra_sentences), "skipped_mentions",
				      (json_int_t)res->skipped_mentions, "remapped_sentences", (json_int_t)res->remapped,
				      "widened", (json_int_t)res->widened, "unknown_docs", (json_int_t)res->unknown_docs,
				      "absent_docs", (json_int_t)res->absent_docs);
		rc = o ? history(&c, "derive summary", o, err) : oom(err);
	}
	free(lines);
	xp_corpus_free(&kc);
	return rc;
}

void xp_derive_result_free(xp_derive_result *r) { xp_batch_result_free(&r->b); }

int xp_db_import_corrected(xp_db *db, int64_t run, const char *path, xp_format fmt, const char *annotator,
			   xp_derive_result *r, xp_err *err)
{
	memset(r, 0, sizeof *r);
	r->format = fmt;
	if (!xp_db_has_run(db, run))
		return xp_failc(err, XP_ENOTFOUND, "", 0, "there is no run %lld in the database", (long long)run);
	return xp_run_batch(db, run, path, annotator ? annotator : "derived", derive, r, &r->b, err);
}
