/*
 * pipeline/label.c — the mentions of a projection report judged against a
 * reference; see label.h.
 *
 * The judging leans on eval/chars.h for the hard part (pairing sentences of
 * two tokenisations and putting both on characters).  To find our mentions
 * again on the other side of that rewrite, the response handed to it is the
 * projected corpus with one cluster per projected mention, numbered by the
 * item, and every sentence's source line set to its index + 1: xp_chars_map
 * keeps both (a sentence only the reference has comes out with line 0).
 */
#include "label.h"
#include "../base/vocab.h"
#include "../eval/chars.h"
#include "../model/charspan.h"
#include "../project/confidence.h"
#include "../lang/pron.h"
#include "../lang/lang.h"
#include "../model/tokenize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xp_ritem_kind(const xp_ritem *it)
{
	if (it->fate == XP_PROJECTED)
		return XP_CONF_PROJECTED;
	return it->fate == XP_NULL_EMPTY_TARGET ? XP_CONF_NO_TARGET : XP_CONF_NULL;
}

static const xp_doc *find_doc(const xp_corpus *c, const xp_doc_index *x, const char *id, int part)
{
	size_t i = xp_doc_index_find(x, id, part);
	return i == SIZE_MAX ? NULL : &c->docs[i];
}

/* The response for xp_chars_map: the projected documents, each sentence's
 * line its index + 1, one cluster per projected item (its index). */
static int response(const xp_report *r, const xp_corpus *proj, xp_corpus *out)
{
	xp_doc_index x;
	int rc = xp_doc_index_init(&x, proj);
	for (size_t d = 0; rc == 0 && d < r->ndocs; d++) {
		const xp_rdoc *rd = &r->docs[d];
		const xp_doc *pd = find_doc(proj, &x, rd->id, rd->part);
		if (!pd)
			continue;
		xp_doc *od = xp_corpus_add_doc(out, rd->id, strlen(rd->id), rd->part);
		rc = od ? 0 : -1;
		for (size_t u = 0; rc == 0 && u < pd->nutts; u++) {
			const xp_utt *pu = &pd->utts[u];
			xp_utt *nu = xp_doc_add_utt_text(out, od, pu->speaker, pu->text, pu->toks, pu->ntoks);
			if (!nu)
				rc = -1;
			else
				nu->line = (uint32_t)u + 1;
		}
		for (size_t k = rd->first; rc == 0 && k < rd->first + rd->n; k++) {
			const xp_ritem *it = &r->items[k];
			if (it->fate != XP_PROJECTED || it->tgt_utt < 0 || (size_t)it->tgt_utt >= pd->nutts ||
			    it->tgt_end > pd->utts[it->tgt_utt].ntoks || it->tgt_start >= it->tgt_end)
				continue;
			long c = xp_doc_cluster(od, (long long)k);
			rc = c < 0 || xp_doc_add_mention(od, (uint32_t)it->tgt_utt, it->tgt_start, it->tgt_end, (uint32_t)c,
							 (uint32_t)k + 1) ? -1 : 0;
		}
		if (rc == 0)
			rc = xp_doc_finish(od, 0, NULL, NULL);
	}
	xp_doc_index_free(&x);
	return rc;
}

int xp_label_check(const xp_report *r, const char *rname, const xp_corpus *projected, const char *pname,
		   xp_err *err)
{
	static const xp_doc none = {0};
	xp_doc_index x;
	if (xp_doc_index_init(&x, projected))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	int rc = 0;
	for (size_t d = 0; rc == 0 && d < r->ndocs; d++) {
		const xp_rdoc *rd = &r->docs[d];
		const xp_doc *pd = find_doc(projected, &x, rd->id, rd->part);
		if (rd->has_out_hash && xp_report_out_hash(pd ? pd : &none) != rd->out_hash)
			rc = xp_failc(err, XP_EINPUT, rname, rd->line, "document %s part %d: %s %s (a projection of another "
				      "run?): nothing is judged", rd->id, rd->part, pname, pd ? "has other target sentences "
				      "than the report's run wrote" : "lacks it, where the report's run wrote target sentences");
	}
	xp_doc_index_free(&x);
	return rc;
}

typedef struct span {
	uint32_t s, a, b;
	uint32_t cluster;   /* reference cluster (index) */
	uint32_t matched;   /* a projected item has this span */
} span;

static int by_span(const void *x, const void *y)
{
	const span *p = x, *q = y;
	if (p->s != q->s)
		return p->s < q->s ? -1 : 1;
	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return p->b < q->b ? -1 : p->b > q->b;
}

/* cluster-mapping votes: (reference cluster, English cluster, weight) */
typedef struct vote {
	uint32_t kc, ec;
	uint32_t w;
} vote;

static int by_pair(const void *x, const void *y)
{
	const vote *p = x, *q = y;
	if (p->kc != q->kc)
		return p->kc < q->kc ? -1 : 1;
	return p->ec < q->ec ? -1 : p->ec > q->ec;
}

enum { W_EXACT = 1000, W_SENT = 10, W_OPEN = 1 };

typedef struct judge {
	const xp_report *r;
	const xp_rdoc *rd;
	const xp_doc *ko, *ro;
	const xp_doc *pd;         /* the projected document (its words), NULL if none */
	uint32_t *ec;             /* per item of the document: English cluster index */
	uint32_t nec;
	size_t *byu;              /* the document's items by English utterance */
	size_t *ustart;           /* utterance u: byu[ustart[u] .. ustart[u + 1]) */
	int32_t *s_of_t;          /* projected sentence -> rewritten sentence */
	int32_t *t_of_u;          /* English utterance -> projected sentence */
	size_t nu;
	span *sp;                 /* the reference's mentions, sorted */
	size_t nsp;
	vote *v;
	size_t nv, cap;
	uint32_t *map;            /* per reference cluster: English cluster, UINT32_MAX if none */
	const xp_lang_pack *loose; /* XP_LB_LOOSE: the language's pack, when it knows the reference's conventions */
} judge;

static int add_vote(judge *j, uint32_t kc, uint32_t ec, uint32_t w)
{
	if (xp_grow(&j->v, &j->cap, j->nv + 1, sizeof *j->v))
		return -1;
	j->v[j->nv++] = (vote){kc, ec, w};
	return 0;
}

static span *find_span(judge *j, uint32_t s, uint32_t a, uint32_t b)
{
	span k = {s, a, b, 0, 0};
	span *hit = j->nsp ? bsearch(&k, j->sp, j->nsp, sizeof *j->sp, by_span) : NULL;
	while (hit && hit > j->sp && !by_span(hit - 1, &k))
		hit--;
	return hit;
}

/* the item (index into r->items) a rewritten response mention stands for */
static size_t item_of(const judge *j, const xp_mention *m)
{
	return (size_t)j->ro->clusters[m->cluster].label;
}

/* the rewritten sentence of an English utterance, -1 if none */
static int32_t sent_of_utt(const judge *j, uint32_t u)
{
	if (u >= j->nu || j->t_of_u[u] < 0)
		return -1;
	return j->s_of_t[j->t_of_u[u]];
}

/* English clusters as dense indexes (labels may be any integers) */
static int english_clusters(judge *j)
{
	xp_vocab v;
	char key[32];
	if (xp_vocab_init(&v, 0))
		return -1;
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < j->rd->n; k++) {
		int n = snprintf(key, sizeof key, "%lld", j->r->items[j->rd->first + k].cluster);
		uint32_t id = xp_vocab_id(&v, key, (size_t)n);
		if (id == UINT32_MAX)
			rc = -1;
		j->ec[k] = id;
	}
	j->nec = v.n;
	xp_vocab_free(&v);
	return rc;
}

/* XP_LB_LOOSE (label.h): the reference span m (the projection of item it)
 * stands for under the reference's convention (the language pack's loose:
 * lang/lang.h), NULL if none. */
static span *loose_span(judge *j, const xp_mention *m, const xp_ritem *it)
{
	xp_loose_in in = {&j->ro->utts[m->utt], m->start, m->end, NULL, 0, 0};
	if (j->pd && it->tgt_utt >= 0 && (size_t)it->tgt_utt < j->pd->nutts)
		in.proj = &j->pd->utts[it->tgt_utt], in.s = it->tgt_start, in.e = it->tgt_end;
	uint32_t alt[4][2];
	size_t n = j->loose->loose(&in, alt, 4);
	for (size_t k = 0; k < n; k++) {
		span *hit = find_span(j, m->utt, alt[k][0], alt[k][1]);
		if (hit)
			return hit;
	}
	return NULL;
}

/* the first reference span of sentence s (or the end) */
static size_t first_span(const judge *j, uint32_t s)
{
	size_t lo = 0, hi = j->nsp;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (j->sp[mid].s < s)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* whether a reference mention of sentence s overlaps characters [a, b) */
static int overlapped(const judge *j, uint32_t s, uint32_t a, uint32_t b)
{
	for (size_t i = first_span(j, s); i < j->nsp && j->sp[i].s == s; i++)
		if (j->sp[i].a < b && a < j->sp[i].b)
			return 1;
	return 0;
}

/* Right or wrong for every projected item (and unmarked: label.h); the
 * exact-match votes. */
static int judge_projected(judge *j, xp_report *r, xp_label_stats *st)
{
	for (size_t k = j->rd->first; k < j->rd->first + j->rd->n; k++)
		if (r->items[k].fate == XP_PROJECTED)
			r->items[k].label = XP_LB_WRONG;   /* unless found below */
	for (size_t i = 0; i < j->ro->nmentions; i++) {
		const xp_mention *m = &j->ro->mentions[i];
		size_t k = item_of(j, m);
		if (k < j->rd->first || k >= j->rd->first + j->rd->n)
			continue;
		span *hit = find_span(j, m->utt, m->start, m->end);
		if (!hit && j->loose && (hit = loose_span(j, m, &r->items[k])) != NULL)
			st->loose++;
		if (!hit) {
			r->items[k].unmarked = !overlapped(j, m->utt, m->start, m->end);
			continue;
		}
		r->items[k].label = XP_LB_RIGHT;
		for (span h0 = *hit; hit < j->sp + j->nsp && !by_span(hit, &h0); hit++) {
			hit->matched = 1;
			if (add_vote(j, hit->cluster, j->ec[k - j->rd->first], W_EXACT))
				return -1;
		}
	}
	for (size_t k = j->rd->first; k < j->rd->first + j->rd->n; k++) {
		st->right += r->items[k].label == XP_LB_RIGHT;
		st->wrong += r->items[k].label == XP_LB_WRONG;
		st->unmarked += r->items[k].label == XP_LB_WRONG && r->items[k].unmarked;
	}
	return 0;
}

/* Sentence-pair votes: every reference cluster of a sentence with every
 * English cluster of its utterance (once per sentence), and a little more
 * for an English cluster with an open mention there (projected wrong, or
 * null) when the reference cluster has an unmatched mention there. */
static int cooccur(judge *j, const xp_report *r)
{
	for (size_t i = 0, lo; i < j->nsp; i = lo) {
		uint32_t s = j->sp[i].s;
		for (lo = i; lo < j->nsp && j->sp[lo].s == s; lo++)
			;
		int32_t t = j->ro->utts && s < j->ro->nutts && j->ro->utts[s].line ? (int32_t)j->ro->utts[s].line - 1 : -1;
		if (t < 0 || (size_t)t >= j->rd->ntgt)
			continue;
		uint32_t u = (uint32_t)j->rd->tgt_to_en[t];
		if (u >= j->nu)
			continue;
		for (size_t a = i; a < lo; a++) {
			int seen = 0, unmatched = 0;
			for (size_t b = i; b < a && !seen; b++)
				seen = j->sp[b].cluster == j->sp[a].cluster;
			if (seen)
				continue;
			for (size_t b = a; b < lo; b++)
				unmatched |= j->sp[b].cluster == j->sp[a].cluster && !j->sp[b].matched;
			for (size_t x = j->ustart[u]; x < j->ustart[u + 1]; x++) {
				size_t k = j->byu[x];
				int first = 1, open = 0;   /* an English cluster once per sentence */
				for (size_t y = j->ustart[u]; y < x && first; y++)
					first = j->ec[j->byu[y]] != j->ec[k];
				if (!first)
					continue;
				for (size_t y = x; y < j->ustart[u + 1]; y++)
					open |= j->ec[j->byu[y]] == j->ec[k] && r->items[j->rd->first + j->byu[y]].label != XP_LB_RIGHT;
				if (add_vote(j, j->sp[a].cluster, j->ec[k], W_SENT + (unmatched && open ? W_OPEN : 0)))
					return -1;
			}
		}
	}
	return 0;
}

static void map_clusters(judge *j)
{
	for (size_t c = 0; c < j->ko->nclusters; c++)
		j->map[c] = UINT32_MAX;
	if (j->nv)
		qsort(j->v, j->nv, sizeof *j->v, by_pair);
	uint64_t best = 0;
	for (size_t i = 0; i < j->nv;) {
		size_t e = i;
		uint64_t w = 0;
		while (e < j->nv && j->v[e].kc == j->v[i].kc && j->v[e].ec == j->v[i].ec)
			w += j->v[e++].w;
		if (i == 0 || j->v[i].kc != j->v[i - 1].kc)
			best = 0;
		if (w > best)   /* ties: the lower English cluster, seen first */
			best = w, j->map[j->v[i].kc] = j->v[i].ec;
		i = e;
	}
}

/* Recoverable or not for every null item of the document, one English
 * cluster of one utterance at a time. */
static void judge_nulls(judge *j, xp_report *r, xp_label_stats *st)
{
	for (uint32_t u = 0; u < j->nu; u++)
		for (size_t x = j->ustart[u]; x < j->ustart[u + 1]; x++) {
			size_t k = j->byu[x];
			xp_ritem *it = &r->items[j->rd->first + k];
			if (it->fate == XP_PROJECTED || it->label != XP_LB_NONE)
				continue;
			int32_t s = sent_of_utt(j, u);
			uint32_t ec = j->ec[k];
			long surplus = 0;
			for (size_t i = s >= 0 ? first_span(j, (uint32_t)s) : j->nsp; i < j->nsp && j->sp[i].s == (uint32_t)s; i++)
				surplus += !j->sp[i].matched && j->map[j->sp[i].cluster] == ec;
			for (size_t y = j->ustart[u]; y < j->ustart[u + 1]; y++)
				surplus -= j->ec[j->byu[y]] == ec && r->items[j->rd->first + j->byu[y]].label == XP_LB_WRONG;
			for (size_t y = x; y < j->ustart[u + 1]; y++) {   /* English order */
				xp_ritem *o = &r->items[j->rd->first + j->byu[y]];
				if (j->ec[j->byu[y]] != ec || o->fate == XP_PROJECTED || o->label != XP_LB_NONE)
					continue;
				o->label = surplus-- > 0 ? XP_LB_RECOVERABLE : XP_LB_UNRECOVERABLE;
				st->recoverable += o->label == XP_LB_RECOVERABLE;
				st->unrecoverable += o->label == XP_LB_UNRECOVERABLE;
			}
		}
}

static const xp_report *sort_base;
static const xp_rdoc *sort_doc;

static int by_utt(const void *x, const void *y)
{
	const xp_ritem *p = &sort_base->items[sort_doc->first + *(const size_t *)x];
	const xp_ritem *q = &sort_base->items[sort_doc->first + *(const size_t *)y];
	if (p->en_utt != q->en_utt)
		return p->en_utt < q->en_utt ? -1 : 1;
	if (p->en_start != q->en_start)
		return p->en_start < q->en_start ? -1 : 1;
	if (p->en_end != q->en_end)
		return p->en_end < q->en_end ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

static int judge_doc(judge *j, xp_report *r, xp_label_stats *st)
{
	const xp_rdoc *rd = j->rd;
	j->nu = 0;
	for (size_t k = 0; k < rd->n; k++)
		if ((size_t)r->items[rd->first + k].en_utt + 1 > j->nu)
			j->nu = (size_t)r->items[rd->first + k].en_utt + 1;
	for (size_t t = 0; t < rd->ntgt; t++)
		if ((size_t)rd->tgt_to_en[t] + 1 > j->nu)
			j->nu = (size_t)rd->tgt_to_en[t] + 1;
	j->ec = malloc((rd->n + 1) * sizeof *j->ec);
	j->byu = malloc((rd->n + 1) * sizeof *j->byu);
	j->ustart = calloc(j->nu + 2, sizeof *j->ustart);
	j->s_of_t = malloc((rd->ntgt + 1) * sizeof *j->s_of_t);
	j->t_of_u = malloc((j->nu + 1) * sizeof *j->t_of_u);
	j->sp = malloc((j->ko->nmentions + 1) * sizeof *j->sp);
	j->map = malloc((j->ko->nclusters + 1) * sizeof *j->map);
	if (!j->ec || !j->byu || !j->ustart || !j->s_of_t || !j->t_of_u || !j->sp || !j->map || english_clusters(j))
		return -1;
	for (size_t k = 0; k < rd->n; k++)
		j->byu[k] = k, j->ustart[r->items[rd->first + k].en_utt + 1]++;
	for (size_t u = 0; u < j->nu; u++)
		j->ustart[u + 1] += j->ustart[u];
	sort_base = r, sort_doc = rd;
	if (rd->n)
		qsort(j->byu, rd->n, sizeof *j->byu, by_utt);
	for (size_t t = 0; t < rd->ntgt; t++)
		j->s_of_t[t] = -1;
	for (size_t u = 0; u < j->nu; u++)
		j->t_of_u[u] = -1;
	for (size_t t = 0; t < rd->ntgt; t++)
		if (j->t_of_u[rd->tgt_to_en[t]] < 0)
			j->t_of_u[rd->tgt_to_en[t]] = (int32_t)t;
	for (size_t s = 0; s < j->ro->nutts; s++) {
		uint32_t line = j->ro->utts[s].line;
		if (line && line - 1 < rd->ntgt)
			j->s_of_t[line - 1] = (int32_t)s;
	}
	j->nsp = 0;
	for (size_t i = 0; i < j->ko->nmentions; i++) {
		const xp_mention *m = &j->ko->mentions[i];
		j->sp[j->nsp++] = (span){m->utt, m->start, m->end, m->cluster, 0};
	}
	if (j->nsp)
		qsort(j->sp, j->nsp, sizeof *j->sp, by_span);
	st->ref_mentions += j->nsp;
	j->nv = 0;
	if (judge_projected(j, r, st) || cooccur(j, r))
		return -1;
	map_clusters(j);
	judge_nulls(j, r, st);
	return 0;
}

int xp_label_report(xp_report *r, const xp_corpus *projected, const xp_corpus *ref, const char *ref_name,
		    unsigned flags, xp_label_stats *st, xp_err *err)
{
	memset(st, 0, sizeof *st);
	for (size_t k = 0; k < r->n; k++)
		r->items[k].label = XP_LB_NONE, r->items[k].unmarked = 0;
	xp_corpus resp = {0}, ko = {0}, ro = {0};
	xp_chars_stats cs;
	xp_doc_index kx = {0}, rx = {0}, px = {0};
	judge j = {0};
	int rc = response(r, projected, &resp) ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
	if (rc == 0 && (flags & XP_LB_LOOSE) && xp_doc_index_init(&px, projected))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (rc == 0)
		rc = xp_chars_map(ref, &resp, ref_name, "the projection", XP_CHARS_SCORE_MISMATCHED, &ko, &ro, &cs, err);
	st->unpaired = rc == 0 ? cs.resp_unpaired : 0;
	if (rc == 0 && (xp_doc_index_init(&kx, &ko) || xp_doc_index_init(&rx, &ro)))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t d = 0; rc == 0 && d < r->ndocs; d++) {
		const xp_rdoc *rd = &r->docs[d];
		j = (judge){.r = r, .rd = rd, .v = j.v, .cap = j.cap};
		if (flags & XP_LB_LOOSE) {
			j.loose = xp_lang_find(r->lang);
			if (j.loose && !j.loose->loose)
				j.loose = NULL;
			j.pd = find_doc(projected, &px, rd->id, rd->part);
		}
		j.ko = find_doc(&ko, &kx, rd->id, rd->part);
		j.ro = find_doc(&ro, &rx, rd->id, rd->part);
		if (!j.ko) {   /* the reference does not have the document */
			st->unjudged += rd->n;
			continue;
		}
		if (!j.ro) {   /* the projection lacks the document: everything is a null */
			static const xp_doc empty = {0};
			j.ro = &empty;
		}
		if (judge_doc(&j, r, st))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		free(j.ec), free(j.byu), free(j.ustart), free(j.s_of_t), free(j.t_of_u), free(j.sp), free(j.map);
	}
	free(j.v);
	xp_doc_index_free(&kx), xp_doc_index_free(&rx), xp_doc_index_free(&px);
	xp_corpus_free(&resp), xp_corpus_free(&ko), xp_corpus_free(&ro);
	return rc;
}
