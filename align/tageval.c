/*
 * align/tageval.c — agreement of the utterance aligner with TV4Dialog's
 * <uid,Speaker> tags, and a judgement by text of where they disagree; see
 * episode.h.
 */
#include "turns.h"

#include <stdlib.h>
#include <string.h>

typedef struct judge {
	const xp_episode *ep;
	const xp_utt **utt;     /* episode utterance i */
	xp_unit *U, *B;
	size_t *bfirst;         /* per block: its first turn */
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

/* Whether link l holds (a turn of) block b. */
static int holds(const judge *j, const xp_ulink *l, size_t b)
{
	if (l->first < 0)
		return 0;
	size_t a = j->bfirst[b], e = a + 1 + j->ep->en->v[b].ncut;
	return (size_t)l->first < e && a < (size_t)l->first + l->nblocks;
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
		int p = holds(j, &links[i], b);
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
	ev->etp += tp, ev->efp += fp, ev->efn += fn;
	/* A line's tag names one utterance, on a dash line either turn's (the
	 * first in two cases of three): we are right if it names one of ours,
	 * and one of ours is wrong if it names none.  The others are not
	 * counted: the tags cannot say whether they are right. */
	if (blk->ncut && blk->nuids == 1 && fp)
		fp = tp ? 0 : 1;
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
	int ours_bad = (p_only < 0 || p_min <= 1.0 / 3) && g_only >= 0 && g_max >= 2.0 / 3;
	if (tag_bad) {
		ev->tag_wrong++;
		ev->atp += tp + fp;   /* the tags, corrected, are what we said */
	} else {
		ev->ours_wrong += ours_bad;
		ev->unclear += !ours_bad;
		ev->atp += tp, ev->afp += fp, ev->afn += fn;
	}
	if (show)
		show(arg, tag_bad ? "tag wrong" : ours_bad ? "aligner wrong" : "unclear", blk,
		     g_only >= 0 ? j->utt[g_only] : NULL, p_only >= 0 ? j->utt[p_only] : NULL);
}

int xp_episode_eval(const xp_episode *ep, xp_tag_eval *ev, xp_eval_show show, void *arg,
		    xp_err *err)
{
	xp_turns T;
	xp_ulink *links;
	size_t N;
	if (xp_turns_of(ep->en, &T))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	judge j = {.ep = ep};
	if (xp_turn_links(ep, &T, &links, &N, &j.U, err))
		return free(T.v), -1;
	j.bfirst = malloc((ep->en->n + 1) * sizeof *j.bfirst);
	j.utt = malloc((N + 1) * sizeof *j.utt);
	j.B = calloc(ep->en->n + 1, sizeof *j.B);
	xp_normalizer *z = xp_normalizer_new();
	int rc = -1;
	if (!j.bfirst || !j.utt || !j.B || !z)
		goto out;
	for (size_t b = 0; b < ep->en->n; b++)   /* whole blocks, to judge by their words */
		if (xp_unit_from_text(z, ep->en->v[b].text, strlen(ep->en->v[b].text), &j.B[b]))
			goto out;
	for (size_t t = T.n; t-- > 0;)
		j.bfirst[T.v[t].blk] = t;
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
	xp_units_free(j.U, N);
	xp_units_free(j.B, ep->en->n);
	free(j.utt), free(j.bfirst), free(links), free(T.v);
	xp_normalizer_free(z);
	return rc ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
}

void xp_tag_eval_add(xp_tag_eval *to, const xp_tag_eval *v)
{
	to->tp += v->tp, to->fp += v->fp, to->fn += v->fn;
	to->etp += v->etp, to->efp += v->efp, to->efn += v->efn;
	to->atp += v->atp, to->afp += v->afp, to->afn += v->afn;
	to->disagree += v->disagree, to->tag_wrong += v->tag_wrong;
	to->ours_wrong += v->ours_wrong, to->unclear += v->unclear;
	to->utterances += v->utterances, to->covered += v->covered, to->blocks += v->blocks;
}
