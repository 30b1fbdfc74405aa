/* align/episode.c — see episode.h. */
#include "share.h"
#include "uconf.h"
#include "../base/buf.h"
#include "../lang/lang.h"

#include <stdlib.h>
#include <string.h>

/* --- target units ------------------------------------------------------------ */

typedef struct picked {
	uint64_t *keys;         /* what was picked: unit index << 8 | piece */
	uint32_t *ids;          /* the units' ids, distinct */
	const char **whole;     /* each id's whole unit text (the subtitle block as shown) */
	size_t n, nids, cap, capids, capwhole;
	xp_buf text;
} picked;

#define WHOLE 255u   /* a piece number: the whole unit */

static void pick(picked *p, uint64_t key, uint32_t id, xp_str text, const char *whole)
{
	for (size_t k = 0; k < p->n; k++)
		if (p->keys[k] == key)
			return;
	if (xp_grow(&p->keys, &p->cap, p->n + 1, sizeof *p->keys)) {
		p->text.oom = 1;
		return;
	}
	p->keys[p->n++] = key;
	size_t k = 0;
	while (k < p->nids && p->ids[k] != id)
		k++;
	if (k == p->nids) {
		if (xp_grow(&p->ids, &p->capids, p->nids + 1, sizeof *p->ids) ||
		    xp_grow(&p->whole, &p->capwhole, p->nids + 1, sizeof *p->whole)) {
			p->text.oom = 1;
			return;
		}
		p->whole[p->nids] = whole;
		p->ids[p->nids++] = id;
	}
	if (text.n) {
		if (p->text.n)
			xp_buf_putc(&p->text, ' ');
		xp_buf_add(&p->text, text.p, text.n);
	}
}

static void pick_sub(picked *p, const xp_subs *s, size_t k)
{
	const char *t = s->v[k].text;
	pick(p, (uint64_t)k << 8 | WHOLE, s->v[k].id, (xp_str){t, strlen(t)}, t);
}

/* Target units by time: each goes to the utterance whose English time span
 * overlaps it most; utterances that share their English turns (an n-1
 * bead) share that utterance's units in order.  owner[k] is the utterance
 * index of target unit k, or -1.
 *
 * A unit spread over the lines of many utterances, none of which holds a
 * quarter of the time it shares with them all, goes to none: a credits
 * cue of ten minutes, or one cue for many lines, was glued whole into the
 * target of whichever utterance it overlapped a little more, whose words it
 * mostly is not.  A unit merged from two, three or four lines (translators
 * merge short lines) keeps going to the one it overlaps most, and a long
 * unit over one utterance's lines (a 1-n bead) to that utterance.  Such
 * units are counted (*spread; *line the first one's line) for the caller
 * to say. */
static int64_t overlap(int64_t a, int64_t b, const xp_sub *t)
{
	int64_t lo = t->start > a ? t->start : a, hi = t->end < b ? t->end : b;
	return hi > lo ? hi - lo : 0;
}

static int32_t *time_owners(const xp_episode *ep, const xp_turns *T, const xp_ulink *l, size_t n,
			    size_t *spread, uint32_t *line)
{
	int32_t *owner = malloc((ep->tgt->n + 1) * sizeof *owner);
	int64_t *best = calloc(ep->tgt->n + 1, sizeof *best);
	int64_t *all = calloc(ep->tgt->n + 1, sizeof *all);
	if (!owner || !best || !all) {
		free(owner), free(best), free(all);
		return NULL;
	}
	for (size_t k = 0; k < ep->tgt->n; k++)
		owner[k] = -1;
	for (size_t i = 0; i < n; i++) {
		if (l[i].first < 0 || (i > 0 && l[i - 1].first == l[i].first))
			continue;   /* a group's first utterance speaks for it */
		int64_t a = T->v[l[i].first].start, b = T->v[l[i].first + l[i].nblocks - 1].end;
		for (size_t k = 0; k < ep->tgt->n; k++) {
			int64_t o = overlap(a, b, &ep->tgt->v[k]);
			all[k] += o;
			if (o > best[k])
				best[k] = o, owner[k] = (int32_t)i;
		}
	}
	for (size_t k = 0; k < ep->tgt->n; k++)
		if (owner[k] >= 0 && best[k] * XP_SPREAD_SHARE < all[k]) {
			if (!(*spread)++)
				*line = ep->tgt->v[k].line;
			owner[k] = -1;
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
	free(best), free(all);
	return owner;
}

static void by_time(const xp_episode *ep, const int32_t *owner, size_t i, picked *p)
{
	for (size_t k = 0; k < ep->tgt->n; k++)
		if (owner[k] == (int32_t)i)
			pick_sub(p, ep->tgt, k);
}

/* Target units through the episode's XCES group: the units of the target
 * sentences linked to the English sentences of the utterance's blocks. */
static void by_links(const xp_episode *ep, const xp_turns *T, const xp_ulink *l, picked *p)
{
	const xp_xgroup *g = ep->links;
	for (uint32_t b = 0; b < l->nblocks; b++) {
		const char *name = ep->en->v[T->v[l->first + b].blk].name;
		for (size_t k = 0; name && k < g->n; k++) {
			const xp_xlink *x = &g->links[k];
			int hit = 0;
			for (uint32_t s = 0; s < x->nsrc && !hit; s++)
				hit = !strcmp(x->src[s], name);
			for (uint32_t t = 0; hit && t < x->ntgt; t++)
				for (size_t u = 0; u < ep->tgt->n; u++)
					if (ep->tgt->v[u].name && !strcmp(ep->tgt->v[u].name, x->tgt[t]))
						pick_sub(p, ep->tgt, u);
		}
	}
}

/* The same block's other language.  When it has as many dash turns as the
 * English, turn k takes the target's turn k; else the whole target goes
 * with the block's longest English turn (one utterance, not repeated). */
static int longest_turn(const xp_turns *T, size_t t)
{
	size_t a = t - T->v[t].k, best = a;
	for (size_t u = a; u < T->n && T->v[u].blk == T->v[t].blk; u++)
		if (T->v[u].text.n > T->v[best].text.n)
			best = u;
	return best == t;
}

static void by_block(const xp_episode *ep, const xp_turns *T, const xp_ulink *l, picked *p)
{
	for (uint32_t b = 0; b < l->nblocks; b++) {
		size_t t = (size_t)l->first + b;
		const xp_sub *x = &ep->en->v[T->v[t].blk];
		uint64_t unit = (uint64_t)T->v[t].blk << 8;
		if (x->ncut && x->ntcut == x->ncut)
			pick(p, unit | T->v[t].k, x->id, xp_sub_turn(x, 1, T->v[t].k), x->tgt);
		else if (longest_turn(T, t))
			pick(p, unit | WHOLE, x->id, (xp_str){x->tgt, strlen(x->tgt)}, x->tgt);
	}
}

static void target_of(const xp_episode *ep, const xp_turns *T, const xp_ulink *l, const int32_t *owner,
		      size_t i, picked *p)
{
	p->n = p->nids = 0;
	p->text.n = 0;
	if (l->first < 0)
		return;
	if (ep->tgt && ep->links)
		by_links(ep, T, l, p);
	else if (ep->tgt)
		by_time(ep, owner, i, p);
	else
		by_block(ep, T, l, p);
	if (!p->text.n)
		p->nids = 0;   /* units with no text give no target */
}

/* --- a turn shared by utterances ----------------------------------------------- */

/* The utterances of an n-1 bead would each get the whole target of its
 * turn (by the block, or through links) or, by time, the first of them
 * all of its units when it has fewer than utterances (time_owners deals
 * them out in order when there are enough: "Hey." "Hey." on one line and
 * one cue "嘿！嘿！" for it gave the first utterance both and the second
 * nothing): it is cut among them instead (align/share.h).  The cut is made
 * on the group's first utterance and kept for the others, whose target_of
 * gives the same text (by time, the first one's units are taken again). */
typedef struct sharing {
	size_t first, g;                 /* the group seen last: utterances first .. first + g - 1 */
	int on;                          /* its text is cut among them */
	size_t cut[XP_SHARE_MAX + 1];
	xp_normalizer *z;                /* made for the first group */
	xp_buf en;
} sharing;

static int share_out(const xp_episode *ep, const xp_turns *T, const xp_ulink *links, size_t n,
		     const xp_utt *const *utt, const int32_t *owner, size_t i, sharing *s, picked *p)
{
	const xp_ulink *l = &links[i];
	int timed = ep->tgt && !ep->links;
	if (l->first < 0 || l->nutts < 2)
		return 0;
	if (!(s->g && i >= s->first && i < s->first + s->g)) {
		size_t g = 1;
		while (i + g < n && g < XP_SHARE_MAX && links[i + g].first == l->first)
			g++;
		s->first = i, s->g = g, s->on = 0;
		if (g < 2 || !p->text.n)
			return 0;
		/* by time, units dealt out to the others: each has its own */
		for (size_t k = 0; timed && k < ep->tgt->n; k++)
			if (owner[k] > (int32_t)i && owner[k] < (int32_t)(i + g))
				return 0;
		if (!s->z && !(s->z = xp_normalizer_new()))
			return -1;
		s->en.n = 0;
		for (uint32_t b = 0; b < l->nblocks; b++) {
			xp_str t = T->v[l->first + b].text;
			if (b)
				xp_buf_putc(&s->en, ' ');
			xp_buf_add(&s->en, t.p, t.n);
		}
		const char *texts[XP_SHARE_MAX];
		for (size_t k = 0; k < g; k++)
			texts[k] = utt[i + k]->text;
		int unspaced = xp_lang_has(xp_lang_find(ep->tgt_lang), XP_LT_UNSPACED);
		if (s->en.oom || xp_share_cuts(s->z, (xp_str){s->en.p ? s->en.p : "", s->en.n}, texts, g,
					       (xp_str){p->text.p, p->text.n}, unspaced, s->cut))
			return -1;
		s->on = 1;
	}
	if (!s->on)
		return 0;
	size_t k = i - s->first;
	if (timed && k) {
		/* the group's units are its first utterance's (time_owners) */
		p->n = p->nids = 0;
		p->text.n = 0;
		by_time(ep, owner, s->first, p);
		if (p->text.oom)
			return -1;
	}
	xp_str piece = xp_share_piece((xp_str){p->text.p, p->text.n}, s->cut[k], s->cut[k + 1]);
	memmove(p->text.p, piece.p, piece.n);
	p->text.n = piece.n;
	if (!p->text.n)
		p->nids = 0;   /* as target_of: no text, no target */
	return 0;
}

/* --- records -------------------------------------------------------------------- */

/* the ids of the blocks of turns l, each once, in order, and each one's text
 * (*text: strings of the aligned corpus' arena A) */
static uint32_t *en_subs_of(const xp_episode *ep, const xp_turns *T, const xp_ulink *l, xp_arena *A,
			    const char ***text, uint32_t *n)
{
	size_t max = (size_t)(l->first < 0 ? 0 : l->nblocks) + 1;
	uint32_t *v = xp_arena_alloc(A, max * sizeof *v);
	*text = xp_arena_alloc(A, max * sizeof **text);
	*n = 0;
	for (uint32_t b = 0; v && *text && l->first >= 0 && b < l->nblocks; b++) {
		const xp_sub *x = &ep->en->v[T->v[l->first + b].blk];
		if (!*n || v[*n - 1] != x->id) {
			if (!((*text)[*n] = xp_arena_strdup(A, x->text ? x->text : "")))
				return NULL;
			v[(*n)++] = x->id;
		}
	}
	return *text ? v : NULL;
}

static int record(const xp_episode *ep, const xp_turns *T, const xp_doc *d, size_t k, const xp_ulink *l,
		  const xp_uconf *c, picked *p, xp_aligned *out)
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
	r->src = xp_aligned_strs(out, u->text, u->toks, u->ntoks);
	r->nsrc = u->ntoks;
	r->tgt_lang = xp_arena_strdup(A, ep->tgt_lang ? ep->tgt_lang : "");
	r->tgt_text = xp_arena_strndup(A, p->text.p ? p->text.p : "", p->text.n);
	r->score = l->score;
	r->has_aconf = 1;
	r->aconf = c->conf;
	r->doubt = xp_arena_alloc(A, (XP_UDOUBT_N + 1) * sizeof *r->doubt);
	for (int b = 0; r->doubt && b < XP_UDOUBT_N; b++)
		if (c->doubt & 1u << b)
			r->doubt[r->ndoubt++] = xp_udoubt_name(b);
	if (!r->doubt || !r->doc || !r->speaker || !r->src || !r->tgt_lang || !r->tgt_text)
		return -1;
	xp_tok *t = NULL;
	uint32_t nt = 0;
	size_t cap = 0;
	int unspaced = xp_lang_has(xp_lang_find(ep->tgt_lang), XP_LT_UNSPACED);
	if (xp_tokenize(r->tgt_text, strlen(r->tgt_text), unspaced ? ep->unspaced_tokens : XP_TOK_WORDS,
			ep->tgt_lang, &t, &nt, &cap))
		return free(t), -1;
	r->tgt = xp_aligned_strs(out, r->tgt_text, t, nt);
	r->ntgt = nt;
	free(t);
	r->en_subs = en_subs_of(ep, T, l, A, &r->en_sub_text, &r->nen_subs);
	r->ntgt_subs = (uint32_t)p->nids;
	r->tgt_subs = xp_arena_alloc(A, (p->nids + 1) * sizeof *r->tgt_subs);
	r->tgt_sub_text = xp_arena_alloc(A, (p->nids + 1) * sizeof *r->tgt_sub_text);
	if (!r->tgt || !r->en_subs || !r->tgt_subs || !r->tgt_sub_text)
		return -1;
	if (p->nids)
		memcpy(r->tgt_subs, p->ids, p->nids * sizeof *p->ids);
	for (size_t k = 0; k < p->nids; k++)
		if (!(r->tgt_sub_text[k] = xp_arena_strdup(A, p->whole[k] ? p->whole[k] : "")))
			return -1;
	out->n++;
	return 0;
}

int xp_episode_align(const xp_episode *ep, xp_aligned *out, xp_align_stats *st, xp_err *err)
{
	xp_turns T;
	xp_ulink *links;
	xp_uconf *conf;
	size_t n;
	if (xp_turns_of(ep->en, &T))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (xp_episode_uconf(ep, &T, &links, &conf, &n, err))
		return free(T.v), -1;
	picked p = {0};
	size_t spread = 0;
	uint32_t spread_line = 0;
	int32_t *owner = ep->tgt && !ep->links ? time_owners(ep, &T, links, n, &spread, &spread_line) : NULL;
	if (spread && !st->spread)
		st->spread_line = spread_line;
	st->spread += spread;
	const xp_utt **utt = malloc((n + 1) * sizeof *utt);
	int rc = (ep->tgt && !ep->links && !owner) || !utt ? -1 : 0;
	size_t i = 0;
	for (size_t d = ep->doc_first; rc == 0 && d < ep->doc_first + ep->ndocs; d++)
		for (size_t k = 0; k < ep->transcript->docs[d].nutts && i < n; k++)
			utt[i++] = &ep->transcript->docs[d].utts[k];
	sharing sh = {0};
	i = 0;
	for (size_t d = ep->doc_first; rc == 0 && d < ep->doc_first + ep->ndocs; d++) {
		const xp_doc *doc = &ep->transcript->docs[d];
		for (size_t k = 0; rc == 0 && k < doc->nutts; k++, i++) {
			target_of(ep, &T, &links[i], owner, i, &p);
			rc = p.text.oom || share_out(ep, &T, links, n, utt, owner, i, &sh, &p) ||
			     record(ep, &T, doc, k, &links[i], &conf[i], &p, out);
			st->utterances++;
			st->aligned += links[i].first >= 0;
			st->doubtful += conf[i].doubt != 0;
			st->empty_target += out->n && out->v[out->n - 1].ntgt == 0;
			st->score_sum += links[i].score;
		}
	}
	free(p.keys);
	free(p.ids);
	free(p.whole);
	free(owner);
	free(utt);
	xp_normalizer_free(sh.z);
	xp_buf_free(&sh.en);
	xp_buf_free(&p.text);
	free(links);
	free(conf);
	free(T.v);
	return rc ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory writing the aligned corpus") : 0;
}

