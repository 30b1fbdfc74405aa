/* align/episode.c — see episode.h. */
#include "episode.h"
#include "../io/buf.h"

#include <stdlib.h>
#include <string.h>

static size_t count_utts(const xp_episode *ep)
{
	size_t n = 0;
	for (size_t d = ep->doc_first; d < ep->doc_first + ep->ndocs; d++)
		n += ep->transcript->docs[d].nutts;
	return n;
}

static int units_of_subs(xp_normalizer *z, const xp_subs *s, xp_unit *u)
{
	for (size_t j = 0; j < s->n; j++)
		if (xp_unit_from_text(z, s->v[j].text, strlen(s->v[j].text), &u[j]))
			return -1;
	return 0;
}

static int units_of_utts(xp_normalizer *z, const xp_episode *ep, xp_unit *u)
{
	size_t i = 0;
	for (size_t d = ep->doc_first; d < ep->doc_first + ep->ndocs; d++) {
		const xp_doc *doc = &ep->transcript->docs[d];
		for (size_t k = 0; k < doc->nutts; k++, i++)
			if (xp_unit_from_text(z, doc->utts[k].text, strlen(doc->utts[k].text), &u[i]))
				return -1;
	}
	return 0;
}

int xp_episode_links(const xp_episode *ep, xp_ulink **links, size_t *n, xp_err *err)
{
	size_t N = count_utts(ep), M = ep->en ? ep->en->n : 0;
	if (!M) {   /* no subtitles: nothing aligns */
		*n = N;
		if (!(*links = malloc((N + 1) * sizeof **links)))
			return xp_fail(err, "", 0, "out of memory");
		for (size_t i = 0; i < N; i++)
			(*links)[i] = (xp_ulink){-1, 0, 0, 0};
		return 0;
	}
	xp_unit *U = calloc(N + 1, sizeof *U), *B = calloc(M + 1, sizeof *B);
	xp_normalizer *z = xp_normalizer_new();
	*links = malloc((N + 1) * sizeof **links);
	*n = N;
	int rc = -1;
	if (U && B && z && *links && !units_of_utts(z, ep, U) && !units_of_subs(z, ep->en, B))
		rc = xp_ualign(U, N, B, M, &ep->opts, *links);
	for (size_t i = 0; U && i < N; i++)
		xp_unit_free(&U[i]);
	for (size_t j = 0; B && j < M; j++)
		xp_unit_free(&B[j]);
	free(U);
	free(B);
	xp_normalizer_free(z);
	if (rc) {
		free(*links);
		*links = NULL;
		return xp_fail(err, "", 0, "out of memory aligning utterances");
	}
	return 0;
}

/* --- target units ------------------------------------------------------------ */

typedef struct picked {
	uint32_t *ids;
	size_t n, cap;
	xp_buf text;
} picked;

static void pick(picked *p, const xp_sub *t, const char *text)
{
	for (size_t k = 0; k < p->n; k++)
		if (p->ids[k] == t->id)
			return;
	if (xp_grow(&p->ids, &p->cap, p->n + 1, sizeof *p->ids)) {
		p->text.oom = 1;
		return;
	}
	p->ids[p->n++] = t->id;
	if (text[0]) {
		if (p->text.n)
			xp_buf_putc(&p->text, ' ');
		xp_buf_puts(&p->text, text);
	}
}

/* Target units by time: each goes to the utterance whose English time span
 * overlaps it most; utterances that share their English blocks (an n-1
 * bead) share that utterance's units in order.  owner[k] is the utterance
 * index of target unit k, or -1. */
static int64_t overlap(int64_t a, int64_t b, const xp_sub *t)
{
	int64_t lo = t->start > a ? t->start : a, hi = t->end < b ? t->end : b;
	return hi > lo ? hi - lo : 0;
}

static int32_t *time_owners(const xp_episode *ep, const xp_ulink *l, size_t n)
{
	int32_t *owner = malloc((ep->tgt->n + 1) * sizeof *owner);
	int64_t *best = calloc(ep->tgt->n + 1, sizeof *best);
	if (!owner || !best) {
		free(owner), free(best);
		return NULL;
	}
	for (size_t k = 0; k < ep->tgt->n; k++)
		owner[k] = -1;
	for (size_t i = 0; i < n; i++) {
		if (l[i].first < 0 || (i > 0 && l[i - 1].first == l[i].first))
			continue;   /* a group's first utterance speaks for it */
		int64_t a = ep->en->v[l[i].first].start, b = ep->en->v[l[i].first + l[i].nblocks - 1].end;
		for (size_t k = 0; k < ep->tgt->n; k++) {
			int64_t o = overlap(a, b, &ep->tgt->v[k]);
			if (o > best[k])
				best[k] = o, owner[k] = (int32_t)i;
		}
	}
	/* share a group's units among its utterances, in order */
	for (size_t i = 0; i < n; i++) {
		size_t g = 1;
		while (i + g < n && l[i].first >= 0 && l[i + g].first == l[i].first)
			g++;
		if (g > 1) {
			size_t cnt = 0, seen = 0;
			for (size_t k = 0; k < ep->tgt->n; k++)
				cnt += owner[k] == (int32_t)i;
			for (size_t k = 0; cnt && k < ep->tgt->n; k++)
				if (owner[k] == (int32_t)i)
					owner[k] = (int32_t)(i + (cnt >= g ? seen++ * g / cnt : 0));
		}
		i += g - 1;
	}
	free(best);
	return owner;
}

static void by_time(const xp_episode *ep, const int32_t *owner, size_t i, picked *p)
{
	for (size_t k = 0; k < ep->tgt->n; k++)
		if (owner[k] == (int32_t)i)
			pick(p, &ep->tgt->v[k], ep->tgt->v[k].text);
}

static void by_links(const xp_episode *ep, const xp_ulink *l, picked *p)
{
	for (uint32_t b = 0; b < l->nblocks; b++) {
		const char *name = ep->en->v[l->first + b].name;
		for (size_t g = 0; name && g < ep->links->n; g++)
			for (size_t k = 0; k < ep->links->g[g].n; k++) {
				const xp_xlink *x = &ep->links->g[g].links[k];
				int hit = 0;
				for (uint32_t s = 0; s < x->nsrc && !hit; s++)
					hit = !strcmp(x->src[s], name);
				for (uint32_t t = 0; hit && t < x->ntgt; t++)
					for (size_t u = 0; u < ep->tgt->n; u++)
						if (ep->tgt->v[u].name && !strcmp(ep->tgt->v[u].name, x->tgt[t]))
							pick(p, &ep->tgt->v[u], ep->tgt->v[u].text);
			}
	}
}

static void target_of(const xp_episode *ep, const xp_ulink *l, const int32_t *owner, size_t i, picked *p)
{
	p->n = 0;
	p->text.n = 0;
	if (l->first < 0)
		return;
	if (ep->tgt && ep->links)
		by_links(ep, l, p);
	else if (ep->tgt)
		by_time(ep, owner, i, p);
	else
		for (uint32_t b = 0; b < l->nblocks; b++)
			pick(p, &ep->en->v[l->first + b], ep->en->v[l->first + b].tgt);
	if (!p->text.n)
		p->n = 0;   /* units with no text give no target */
}

/* --- records -------------------------------------------------------------------- */

static const char **strings_of(xp_arena *a, const char *text, const xp_tok *t, uint32_t n)
{
	const char **v = xp_arena_alloc(a, (n + 1) * sizeof *v);
	for (uint32_t k = 0; v && k < n; k++)
		if (!(v[k] = xp_arena_strndup(a, text + t[k].off, t[k].len)))
			return NULL;
	return v;
}

static int record(const xp_episode *ep, const xp_doc *d, size_t k, const xp_ulink *l, picked *p,
		  xp_aligned *out)
{
	if (xp_grow(&out->v, &out->cap, out->n + 1, sizeof *out->v))
		return -1;
	xp_autt *r = &out->v[out->n];
	memset(r, 0, sizeof *r);
	const xp_utt *u = &d->utts[k];
	xp_arena *A = &out->arena;
	r->doc = xp_arena_strdup(A, d->id);
	r->part = d->part;
	r->utt = (uint32_t)k;
	r->speaker = xp_arena_strdup(A, u->speaker);
	r->src = strings_of(A, u->text, u->toks, u->ntoks);
	r->nsrc = u->ntoks;
	r->tgt_lang = xp_arena_strdup(A, ep->tgt_lang ? ep->tgt_lang : "");
	r->tgt_text = xp_arena_strndup(A, p->text.p ? p->text.p : "", p->text.n);
	r->score = l->score;
	if (!r->doc || !r->speaker || !r->src || !r->tgt_lang || !r->tgt_text)
		return -1;
	xp_tok *t = NULL;
	uint32_t nt = 0;
	size_t cap = 0;
	int zh = ep->tgt_lang && !strncmp(ep->tgt_lang, "zh", 2);
	if (xp_tokenize(r->tgt_text, strlen(r->tgt_text), zh ? ep->zh_tokens : XP_TOK_WORDS,
			ep->tgt_lang, &t, &nt, &cap))
		return free(t), -1;
	r->tgt = strings_of(A, r->tgt_text, t, nt);
	r->ntgt = nt;
	free(t);
	r->nen_subs = l->first < 0 ? 0 : l->nblocks;
	r->en_subs = xp_arena_alloc(A, (r->nen_subs + 1) * sizeof *r->en_subs);
	r->ntgt_subs = (uint32_t)p->n;
	r->tgt_subs = xp_arena_alloc(A, (p->n + 1) * sizeof *r->tgt_subs);
	if (!r->tgt || !r->en_subs || !r->tgt_subs)
		return -1;
	for (uint32_t b = 0; b < r->nen_subs; b++)
		r->en_subs[b] = ep->en->v[l->first + b].id;
	if (p->n)
		memcpy(r->tgt_subs, p->ids, p->n * sizeof *p->ids);
	out->n++;
	return 0;
}

int xp_episode_align(const xp_episode *ep, xp_aligned *out, xp_align_stats *st, xp_err *err)
{
	xp_ulink *links;
	size_t n;
	if (xp_episode_links(ep, &links, &n, err))
		return -1;
	picked p = {0};
	int32_t *owner = ep->tgt && !ep->links ? time_owners(ep, links, n) : NULL;
	int rc = ep->tgt && !ep->links && !owner ? -1 : 0;
	size_t i = 0;
	for (size_t d = ep->doc_first; rc == 0 && d < ep->doc_first + ep->ndocs; d++) {
		const xp_doc *doc = &ep->transcript->docs[d];
		for (size_t k = 0; rc == 0 && k < doc->nutts; k++, i++) {
			target_of(ep, &links[i], owner, i, &p);
			rc = p.text.oom || record(ep, doc, k, &links[i], &p, out);
			st->utterances++;
			st->aligned += links[i].first >= 0;
			st->empty_target += out->n && out->v[out->n - 1].ntgt == 0;
			st->score_sum += links[i].score;
		}
	}
	free(p.ids);
	free(owner);
	xp_buf_free(&p.text);
	free(links);
	return rc ? xp_fail(err, "", 0, "out of memory writing the aligned corpus") : 0;
}

/* --- agreement with the tags ---------------------------------------------------- */

typedef struct judge {
	const xp_episode *ep;
	const xp_utt **utt;     /* episode utterance i */
	xp_unit *U, *B;
	int32_t *tagged;        /* per block: utterance index its first tag names, -1 */
	int32_t *ours;          /* per block: first utterance we link to it, -1 */
	uint8_t *tagset;        /* scratch per utterance */
} judge;

static double cont(const judge *j, size_t b, int32_t u)
{
	if (u < 0 || !j->B[b].tok.total)
		return 0;
	return (double)xp_bag_common(&j->B[b].tok, &j->U[u].tok) / j->B[b].tok.total;
}

static int uid_is(const xp_utt *u, const xp_sub *b)
{
	for (uint32_t k = 0; u->uid && k < b->nuids; k++)
		if (!strcmp(b->uids[k], u->uid))
			return 1;
	return 0;
}

/* Classify block b; tp/fp/fn of the tags, and of the adjudicated tags. */
static void judge_block(judge *j, size_t b, const xp_ulink *links, size_t N, xp_tag_eval *ev,
			xp_eval_show show, void *arg)
{
	const xp_sub *blk = &j->ep->en->v[b];
	size_t tp = 0, fp = 0, fn = 0, gold = 0;
	int32_t g_only = -1, p_only = -1;
	double g_max = 0, p_min = 1;
	for (size_t i = 0; i < N; i++) {
		int g = uid_is(j->utt[i], blk);
		int p = links[i].first >= 0 && (size_t)links[i].first <= b &&
			b < (size_t)links[i].first + links[i].nblocks;
		gold += g;
		tp += g && p, fp += p && !g, fn += g && !p;
		if (g && !p) {
			double c = cont(j, b, (int32_t)i);
			g_max = c > g_max ? c : g_max, g_only = (int32_t)i;
		}
		if (p && !g) {
			double c = cont(j, b, (int32_t)i);
			p_min = c < p_min ? c : p_min, p_only = (int32_t)i;
		}
	}
	fn += blk->nuids - gold;   /* tags naming no utterance of the transcript */
	ev->tp += tp, ev->fp += fp, ev->fn += fn;
	if (!fp && !fn) {
		ev->atp += tp;
		return;
	}
	ev->disagree++;
	/* the tagged utterance lacks the block's words, and ours has them (or
	 * we left the block alone) */
	int tag_bad = (g_only < 0 || g_max <= 1.0 / 3) &&
		      (p_only >= 0 ? p_min >= 2.0 / 3 : g_only >= 0 && !tp);
	/* a block with two speakers: the tags name one utterance; our other one
	 * is right if the block holds (most of) its words */
	int two = blk->dashes && !fn && fp && tp && p_only >= 0 && j->U[p_only].tok.total &&
		  xp_bag_common(&j->U[p_only].tok, &j->B[b].tok) * 3 >= 2 * j->U[p_only].tok.total;
	int ours_bad = (p_only < 0 || p_min <= 1.0 / 3) && g_only >= 0 && g_max >= 2.0 / 3;
	if (two) {
		ev->two_speakers++;
		ev->atp += tp + fp;
	} else if (tag_bad) {
		ev->tag_wrong++;
		ev->atp += tp + fp;   /* the tags, corrected, are what we said */
	} else {
		ev->ours_wrong += ours_bad;
		ev->unclear += !ours_bad;
		ev->atp += tp, ev->afp += fp, ev->afn += fn;
	}
	if (show)
		show(arg, two ? "two speakers" : tag_bad ? "tag wrong" : ours_bad ? "aligner wrong" : "unclear", blk,
		     g_only >= 0 ? j->utt[g_only] : NULL, p_only >= 0 ? j->utt[p_only] : NULL);
}

int xp_episode_eval(const xp_episode *ep, xp_tag_eval *ev, xp_eval_show show, void *arg,
		    xp_err *err)
{
	xp_ulink *links;
	size_t N;
	if (xp_episode_links(ep, &links, &N, err))
		return -1;
	judge j = {.ep = ep};
	j.utt = malloc((N + 1) * sizeof *j.utt);
	j.U = calloc(N + 1, sizeof *j.U);
	j.B = calloc(ep->en->n + 1, sizeof *j.B);
	xp_normalizer *z = xp_normalizer_new();
	int rc = -1;
	if (!j.utt || !j.U || !j.B || !z || units_of_utts(z, ep, j.U) || units_of_subs(z, ep->en, j.B))
		goto out;
	size_t i = 0;
	for (size_t d = ep->doc_first; d < ep->doc_first + ep->ndocs; d++)
		for (size_t k = 0; k < ep->transcript->docs[d].nutts; k++)
			j.utt[i++] = &ep->transcript->docs[d].utts[k];
	for (i = 0; i < N; i++) {
		ev->utterances++;
		ev->covered += links[i].first >= 0;
	}
	for (size_t b = 0; b < ep->en->n; b++)
		judge_block(&j, b, links, N, ev, show, arg);
	ev->blocks += ep->en->n;
	rc = 0;
out:
	for (i = 0; j.U && i < N; i++)
		xp_unit_free(&j.U[i]);
	for (size_t b = 0; j.B && b < ep->en->n; b++)
		xp_unit_free(&j.B[b]);
	free(j.U), free(j.B), free(j.utt), free(links);
	xp_normalizer_free(z);
	return rc ? xp_fail(err, "", 0, "out of memory") : 0;
}
