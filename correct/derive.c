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
#include "../base/assign.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../model/charspan.h"

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
	rsent *s;
	size_t ns;
	rment *m;
	size_t nm;
	kment *k;
	size_t nk;
	int64_t *label;           /* per entity: its cluster in the view */
	int fresh_base;
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
	c->s = NULL, c->m = NULL, c->k = NULL, c->label = NULL;
	c->ns = c->nm = c->nk = 0;
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
		s->tokens = json_loads((const char *)sqlite3_column_text(st, 1), 0, NULL);
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
	if (xp_sql_prepare(c->db, "SELECT m.id, m.mention, m.cluster, u.tgt_idx, m.start, m.end, json_array_length(u.src),"
			   " json_extract(u.src, '$[' || m.start || ']') FROM mentions m JOIN utterances u ON u.id = m.utterance"
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
			     {0}, 0, -1};
		const char *w = (const char *)sqlite3_column_text(st, 7);
		m->pronoun = m->en_end - m->en_start == 1 && xp_is_pronoun(w);
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
	for (size_t i = 0; i < c->nk; i++)
		for (size_t j = i + 1; j < c->nk; j++)
			if (c->k[i].usable && c->k[j].usable && c->k[i].sent == c->k[j].sent && c->k[i].start == c->k[j].start &&
			    c->k[i].end == c->k[j].end)
				c->k[i].shared = c->k[j].shared = 1;
	for (size_t j = 0; j < c->nm; j++) {
		rment *m = &c->m[j];
		m->dropped = m->now.projected && m->sent >= 0;
		for (size_t i = 0; m->dropped && i < c->nk; i++)
			m->dropped = !(c->k[i].usable && c->k[i].sent == m->sent && c->k[i].start == m->now.start &&
				       c->k[i].end == m->now.end);
	}
	return 0;
}

/* --- level 1: entities and clusters ------------------------------------------------------- */

static int col_of(const int64_t *labels, size_t n, int64_t label)
{
	for (size_t i = 0; i < n; i++)
		if (labels[i] == label)
			return (int)i;
	return -1;
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

/* Which view cluster each entity is; src[e * nc + c]: the clusters the
 * entity's mentions came from (strong evidence, or weak when there is
 * none), where an entity left without a cluster may take English mentions. */
static int match_entities(ctx *c, int64_t **labels_out, size_t *nc_out, unsigned char **src_out, xp_err *err)
{
	const xp_doc *d = c->kd;
	size_t ne = d->nclusters, nc = 0;
	int64_t *labels = malloc((c->nm + 1) * sizeof *labels);
	c->label = malloc((ne + 1) * sizeof *c->label);
	if (!labels || !c->label)
		return free(labels), oom(err);
	int64_t top = -1;
	for (size_t i = 0; i < c->nm; i++) {
		const rment *m = &c->m[i];
		top = m->english > top ? m->english : top;
		top = m->now.cluster > top ? m->now.cluster : top;
		if (m->sent >= 0 && c->s[m->sent].how <= S_CHARS && col_of(labels, nc, m->now.cluster) < 0)
			labels[nc++] = m->now.cluster;
	}
	double *strong = calloc(ne * nc + 1, sizeof *strong), *weak = calloc(ne * nc + 1, sizeof *weak);
	double *best = malloc((nc + 1) * sizeof *best);
	unsigned char *exact = calloc(ne + 1, 1);
	double *any = malloc((nc + 1) * sizeof *any);
	unsigned char *src = calloc(ne * nc + 1, 1);
	size_t rows = ne < nc ? ne : nc, cols = ne < nc ? nc : ne;
	double *w = calloc(rows * cols + 1, sizeof *w);
	int *pick = malloc((rows + 1) * sizeof *pick);
	int rc = 0;
	if (!strong || !weak || !best || !any || !src || !w || !pick || !exact) {
		rc = oom(err);
		goto out;
	}
	for (size_t i = 0; i < c->nk; i++) {
		const kment *k = &c->k[i];
		if (!k->usable)
			continue;
		for (size_t j = 0; j < nc; j++)
			best[j] = 0, any[j] = 0;
		for (size_t j = 0; j < c->nm; j++) {
			const rment *m = &c->m[j];
			if (m->sent != k->sent)
				continue;
			int col = col_of(labels, nc, m->now.cluster);
			/* free for another span: unprojected or dropped (1), or
			 * projected on a span the file gives another entity (1/2) */
			double free_ = !m->now.projected || m->dropped ? 1 : m->now.start != k->start || m->now.end != k->end ? 0.5 : 0;
			any[col] = free_ > any[col] ? free_ : any[col];
			if (!m->now.projected)
				continue;
			/* the span itself; an overlap; a dropped span nearby (a modification) */
			double sim = m->now.start == k->start && m->now.end == k->end ? 1
				   : dice(m->now.start, m->now.end, k->start, k->end) > 0
				   ? 0.5 * dice(m->now.start, m->now.end, k->start, k->end)
				   : gap(m, k) <= 3 ? 0.1 : 0;
			best[col] = sim > best[col] ? sim : best[col];
			/* a span two entities have is evidence for both, but it
			 * can be one English mention's only */
			exact[k->m->cluster] |= sim == 1 && !k->shared;
		}
		for (size_t j = 0; j < nc; j++) {
			strong[k->m->cluster * nc + j] += best[j];
			weak[k->m->cluster * nc + j] += 0.01 * any[j];
		}
	}
	for (size_t e = 0; e < ne; e++) {
		/* Unprojected and dropped mentions are no evidence for an entity
		 * that has a projection's very span: the second half of a split
		 * has its spans in the first half's cluster, and must not take
		 * another cluster because that one has an unprojected "he"
		 * nearby.  A partial overlap does not rule them out: a mention
		 * nested in another entity's span ("your" in "your hands") is
		 * often the unprojected English one. */
		for (size_t j = 0; j < nc; j++) {
			double v = exact[e] ? strong[e * nc + j] : strong[e * nc + j] + weak[e * nc + j];
			src[e * nc + j] = v > 0;
			/* the same label is a tie-breaker only (a file xproj exported keeps them) */
			v += v > 0 && d->clusters[e].label == labels[j] ? 0.001 : 0;
			if (ne < nc)
				w[e * cols + j] = v;
			else
				w[j * cols + e] = v;
		}
	}
	double total;
	for (size_t e = 0; e < ne; e++)
		c->label[e] = INT64_MIN;
	if (rows && xp_assign_max(w, (int)rows, (int)cols, &total, pick)) {
		rc = oom(err);
		goto out;
	}
	for (size_t r = 0; r < rows; r++) {
		size_t e = ne < nc ? r : (size_t)pick[r], j = ne < nc ? (size_t)pick[r] : r;
		if (w[r * cols + pick[r]] > 0)
			c->label[e] = labels[j];
	}
	for (size_t e = 0; e < ne; e++)
		if (c->label[e] == INT64_MIN) {
			c->label[e] = ++top;   /* a new cluster of the document */
			int used = 0;
			for (size_t i = 0; !used && i < c->nk; i++)
				used = c->k[i].usable && c->k[i].m->cluster == e;
			c->res->new_clusters += used;
		}
	*labels_out = labels, *nc_out = nc, *src_out = src;
	labels = NULL, src = NULL;
out:
	free(labels), free(strong), free(weak), free(best), free(any), free(src), free(w), free(pick), free(exact);
	return rc;
}

/* --- level 2: mentions of a sentence ---------------------------------------------------------- */

#define PAIR 1e6   /* a pairing outweighs every preference of every other one */

static double pair_weight(const ctx *c, const kment *k, const rment *m, const int64_t *labels, size_t nc,
			  const unsigned char *src)
{
	int64_t want = c->label[k->m->cluster];
	int col = col_of(labels, nc, m->now.cluster);
	int same = m->now.cluster == want;
	int exact = m->now.projected && m->now.start == k->start && m->now.end == k->end;
	int free_ = !m->now.projected || m->dropped;
	if (!same && !exact && !free_ && !(col >= 0 && src[k->m->cluster * nc + col]))
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

static const char *why_unpaired(const ctx *c, const kment *k, const int64_t *labels, size_t nc,
				const unsigned char *src)
{
	int any = 0, allowed = 0;
	for (size_t j = 0; j < c->nm; j++) {
		if (c->m[j].sent != k->sent)
			continue;
		any = 1;
		allowed |= pair_weight(c, k, &c->m[j], labels, nc, src) > 0;
	}
	return !any ? "the sentence's English utterance has no mention"
	       : !allowed ? "no English mention of its entity in the sentence's utterance"
			  : "the English mentions of the sentence's utterance that could carry it carry other corrected mentions";
}

static int pair_sentence(ctx *c, int64_t t, const int64_t *labels, size_t nc, const unsigned char *src, xp_err *err)
{
	size_t p = 0, q = 0;
	for (size_t i = 0; i < c->nk; i++)
		p += c->k[i].usable && c->k[i].sent == t;
	for (size_t j = 0; j < c->nm; j++)
		q += c->m[j].sent == t;
	if (!p)
		return 0;
	size_t *ki = malloc(p * sizeof *ki), *mj = malloc((q + 1) * sizeof *mj), cols = q + p;
	double *w = calloc(p * cols, sizeof *w), total;
	int *pick = malloc(p * sizeof *pick);
	int rc = 0;
	if (!ki || !mj || !w || !pick) {
		rc = oom(err);
		goto out;
	}
	p = q = 0;
	for (size_t i = 0; i < c->nk; i++)
		if (c->k[i].usable && c->k[i].sent == t)
			ki[p++] = i;
	for (size_t j = 0; j < c->nm; j++)
		if (c->m[j].sent == t)
			mj[q++] = j;
	/* columns q.. are "not carried", worth nothing */
	for (size_t a = 0; a < p; a++)
		for (size_t b = 0; b < q; b++)
			w[a * cols + b] = pair_weight(c, &c->k[ki[a]], &c->m[mj[b]], labels, nc, src);
	if (xp_assign_max(w, (int)p, (int)cols, &total, pick)) {
		rc = oom(err);
		goto out;
	}
	for (size_t a = 0; a < p; a++)
		if ((size_t)pick[a] < q && w[a * cols + pick[a]] > 0) {
			c->k[ki[a]].r = (int32_t)mj[pick[a]];
			c->m[mj[pick[a]]].k = (int32_t)ki[a];
		}
	for (size_t a = 0; rc == 0 && a < p; a++)
		if (c->k[ki[a]].r < 0)
			rc = unmatched(c, c->k[ki[a]].m, why_unpaired(c, &c->k[ki[a]], labels, nc, src), err);
out:
	free(ki), free(mj), free(w), free(pick);
	return rc;
}

/* --- the edits --------------------------------------------------------------------------------- */

static const char *const op_names[] = {"add", "delete", "modify"};

static int edit(ctx *c, const rment *m, xp_op op, int64_t sent, int64_t start, int64_t end, const int64_t *cluster,
		unsigned long line, xp_err *err)
{
	char key[600], note[700];
	snprintf(key, sizeof key, "%s|%lld", c->kd->id, (long long)m->id);
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
		for (size_t i = 0; !dup && i < c->nk; i++)
			dup = c->k[i].r >= 0 && c->k[i].sent == m->sent && c->k[i].start == m->now.start &&
			      c->k[i].end == m->now.end && c->label[c->k[i].m->cluster] == m->now.cluster;
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
	if (sqlite3_prepare_v2(c->db->h, "SELECT id FROM documents WHERE run = ? AND doc = ? AND part = ?", -1, &st,
			       NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, c->run);
	sqlite3_bind_text(st, 2, d->id, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, d->part);
	int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
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
	int64_t *labels = NULL;
	size_t nc = 0;
	unsigned char *src = NULL;
	int rc = load_sentences(c, err) || load_mentions(c, err) || compare_sentences(c, err) || place_mentions(c, err) ||
		 match_entities(c, &labels, &nc, &src, err) ? -1 : 0;
	for (size_t t = 0; rc == 0 && t < c->ns; t++)
		if (c->s[t].how <= S_CHARS)
			rc = pair_sentence(c, (int64_t)t, labels, nc, src, err);
	if (rc == 0)
		rc = apply(c, err);
	free(labels), free(src);
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
		const char *id = (const char *)sqlite3_column_text(st, 0);
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
	ctx c = {db, run, batch, name, annotator, res, NULL, 0, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0};
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < kc.ndocs; i++) {
		c.kd = &kc.docs[i];
		c.doc_line = lines ? lines[i] : 0;
		rc = document(&c, err);
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
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT count(*) FROM runs WHERE id = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	int found = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int64(st, 0) > 0;
	sqlite3_finalize(st);
	if (!found)
		return xp_failc(err, XP_ENOTFOUND, "", 0, "there is no run %lld in the database", (long long)run);
	return xp_run_batch(db, run, path, annotator ? annotator : "derived", derive, r, &r->b, err);
}
