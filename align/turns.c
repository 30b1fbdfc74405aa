/* align/turns.c — see turns.h. */
#include "turns.h"

#include <stdlib.h>
#include <string.h>

static size_t count_utts(const xp_episode *ep)
{
	size_t n = 0;
	for (size_t d = ep->doc_first; d < ep->doc_first + ep->ndocs; d++)
		n += ep->transcript->docs[d].nutts;
	return n;
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

void xp_units_free(xp_unit *u, size_t n)
{
	for (size_t i = 0; u && i < n; i++)
		xp_unit_free(&u[i]);
	free(u);
}

int xp_turns_of(const xp_subs *en, xp_turns *T)
{
	size_t n = 0;
	for (size_t b = 0; en && b < en->n; b++)
		n += 1 + (size_t)en->v[b].ncut;
	T->n = n;
	if (!(T->v = malloc((n + 1) * sizeof *T->v)))
		return -1;
	xp_turn *t = T->v;
	for (size_t b = 0; en && b < en->n; b++) {
		const xp_sub *x = &en->v[b];
		size_t len = strlen(x->text);
		for (unsigned k = 0; k <= x->ncut; k++, t++) {
			size_t a = k ? x->cut[k - 1] : 0, e = k < x->ncut ? x->cut[k] : len;
			t->blk = (uint32_t)b, t->k = k;
			t->text = xp_sub_turn(x, 0, k);
			t->start = x->start + (len ? (x->end - x->start) * (int64_t)a / (int64_t)len : 0);
			t->end = x->start + (len ? (x->end - x->start) * (int64_t)e / (int64_t)len : x->end - x->start);
		}
	}
	return 0;
}

/* A link to turns as a link to the blocks they are in. */
static xp_ulink turns_to_blocks(const xp_turns *T, xp_ulink l)
{
	if (l.first < 0)
		return l;
	uint32_t a = T->v[l.first].blk, b = T->v[l.first + l.nblocks - 1].blk;
	l.first = (int32_t)a;
	l.nblocks = (uint16_t)(b - a + 1);
	return l;
}

int xp_turn_links(const xp_episode *ep, const xp_turns *T, xp_ulink **links, size_t *n,
		  xp_unit **units, xp_err *err)
{
	size_t N = count_utts(ep), M = T->n;
	*n = N;
	xp_unit *U = calloc(N + 1, sizeof *U), *B = calloc(M + 1, sizeof *B);
	xp_normalizer *z = xp_normalizer_new();
	*links = malloc((N + 1) * sizeof **links);
	int rc = !U || !B || !z || !*links || units_of_utts(z, ep, U);
	for (size_t j = 0; j < M && !rc; j++)
		rc = xp_unit_from_text(z, T->v[j].text.p, T->v[j].text.n, &B[j]);
	for (size_t i = 0; i < N && !rc && !M; i++)   /* no subtitles: nothing aligns */
		(*links)[i] = (xp_ulink){-1, 0, 0, 0};
	if (!rc && M)
		rc = xp_ualign(U, N, B, M, &ep->opts, *links);
	xp_units_free(B, M);
	xp_normalizer_free(z);
	if (rc || !units)
		xp_units_free(U, N);
	else
		*units = U;
	if (rc) {
		free(*links);
		*links = NULL;
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory aligning utterances");
	}
	return 0;
}

int xp_episode_links(const xp_episode *ep, xp_ulink **links, size_t *n, xp_err *err)
{
	xp_turns T;
	if (xp_turns_of(ep->en, &T))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	int rc = xp_turn_links(ep, &T, links, n, NULL, err);
	for (size_t i = 0; !rc && i < *n; i++)
		(*links)[i] = turns_to_blocks(&T, (*links)[i]);
	free(T.v);
	return rc;
}

