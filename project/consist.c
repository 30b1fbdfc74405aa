/* project/consist.c — an entity's spans made consistent; see consist.h. */
#include "consist.h"
#include "../lang/np.h"
#include "../lang/pron.h"
#include "../base/vocab.h"
#include "../lang/lang.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 if token t is x and one of the language's enclitics (a ZWNJ between
 * or not; lang.h noun_clitics) */
static int with_clitic(const char *const *clitics, const char *t, uint32_t tn, const char *x, uint32_t xn)
{
	if (tn <= xn || memcmp(t, x, xn))
		return 0;
	const char *r = t + xn;
	size_t rn = tn - xn;
	if (rn > 3 && !memcmp(r, "\u200c", 3))
		r += 3, rn -= 3;
	for (size_t k = 0; clitics[k]; k++)
		if (strlen(clitics[k]) == rn && !memcmp(r, clitics[k], rn))
			return 1;
	return 0;
}

/* 1 if [a, b) of sentence s and [c, d) of sentence t hold the same words */
static int same_words(const xp_consist_sent *s, uint32_t a, uint32_t b, const xp_consist_sent *t, uint32_t c, uint32_t d)
{
	if (b - a != d - c)
		return 0;
	for (uint32_t k = 0; k < b - a; k++)
		if (s->len[a + k] != t->len[c + k] || memcmp(s->w[a + k], t->w[c + k], s->len[a + k]))
			return 0;
	return 1;
}

typedef struct ctx {
	xp_proj_mention *m;
	size_t n;
	const xp_consist_in *in;
	const size_t *dfirst;   /* per document: its first mention; and the end */
} ctx;

/* the sentence mention k is projected in */
static const xp_consist_sent *sent_of(const ctx *c, size_t k)
{
	return &c->in->sent[c->in->sent0[c->in->doc[k]] + (size_t)c->m[k].tgt_utt];
}

static int same_span(const ctx *c, size_t x, size_t y)
{
	const xp_proj_mention *a = &c->m[x], *b = &c->m[y];
	return a->fate == XP_PROJECTED && b->fate == XP_PROJECTED &&
	       same_words(sent_of(c, x), a->tgt_start, a->tgt_end, sent_of(c, y), b->tgt_start, b->tgt_end);
}

/* The group g[0..ng)'s rendering: a projected member whose words at least
 * `least` members were placed on (itself included) and no other words as
 * many; -1 if none.  (Counting the spans that merely hold the words, so
 * that 克莉丝汀 would win over 丝汀...克莉丝汀, made 菲 of 菲比 win for
 * Pheebs: mmc-tune Chinese lost 0.5.) */
static long rendering(const ctx *c, const size_t *g, size_t ng, size_t least)
{
	long best = -1;
	size_t bn = 0;
	int tie = 0;
	for (size_t i = 0; i < ng; i++) {
		if (c->m[g[i]].fate != XP_PROJECTED)
			continue;
		size_t same = 0;
		int before = 0;
		for (size_t k = 0; k < ng; k++)
			if (same_span(c, g[i], g[k]))
				same++, before |= k < i;
		if (before)
			continue;   /* counted with the first member on these words */
		if (same > bn)
			best = (long)g[i], bn = same, tie = 0;
		else if (same == bn)
			tie = 1;
	}
	return bn >= least && !tie ? best : -1;
}

/* Where the words of mention r occur in mention x's target sentence on
 * words no mention of another cluster holds, the occurrence nearest its old
 * span or English position: 1 and [*a, *b), else 0. */
static int find(const ctx *c, size_t r, size_t x, uint32_t *a, uint32_t *b)
{
	const xp_proj_mention *R = &c->m[r], *X = &c->m[x];
	const xp_consist_sent *s = &c->in->sent[c->in->at[x]], *rs = sent_of(c, r);
	size_t t = (size_t)c->in->at[x] - c->in->sent0[c->in->doc[x]];
	uint32_t len = R->tgt_end - R->tgt_start;
	const xp_lang_pack *pk = xp_lang_find(c->in->lang);
	const char *const *clitics = pk ? pk->noun_clitics : NULL;
	double pos = X->fate == XP_PROJECTED && s->n ? (X->tgt_start + X->tgt_end) / 2.0 / s->n : c->in->pos[x];
	double best = 2;
	for (uint32_t j = 0; j + len <= s->n; j++) {
		uint32_t e = j + len;
		if (!same_words(s, j, e, rs, R->tgt_start, R->tgt_end) &&
		    !(clitics && len == 1 && with_clitic(clitics, s->w[j], s->len[j], rs->w[R->tgt_start], rs->len[R->tgt_start])))
			continue;
		int taken = 0;
		for (size_t k = c->dfirst[c->in->doc[x]]; k < c->dfirst[c->in->doc[x] + 1] && !taken; k++) {
			const xp_proj_mention *y = &c->m[k];
			taken = k != x && y->fate == XP_PROJECTED && (size_t)y->tgt_utt == t &&
				(y->cluster != X->cluster ? y->tgt_start < e && j < y->tgt_end
							  : y->tgt_start == j && y->tgt_end == e);
		}
		double d = (j + len / 2.0) / s->n - pos;
		d = d < 0 ? -d : d;
		if (!taken && d < best)
			best = d, *a = j, *b = e;
	}
	return best <= 1;
}

/* Places the members of group g[0..ng) that `try` allows (NULL: all) on
 * rendering r; returns how many it placed. */
static long relink(ctx *c, const size_t *g, size_t ng, size_t r, const uint8_t *try)
{
	long k = 0;
	for (size_t q = 0; q < ng; q++) {
		size_t x = g[q];
		xp_proj_mention *X = &c->m[x];
		uint32_t a = 0, b = 0;
		if ((try && !try[x]) || same_span(c, x, r) || c->in->at[x] < 0 || (size_t)c->in->at[x] >= c->in->nsent ||
		    (X->fate != XP_PROJECTED && X->fate != XP_NULL_UNALIGNED && X->fate != XP_NULL_FILTERED) ||
		    !find(c, r, x, &a, &b) ||
		    (X->fate == XP_PROJECTED && (size_t)X->tgt_utt == (size_t)c->in->at[x] - c->in->sent0[c->in->doc[x]] &&
		     X->tgt_start == a && X->tgt_end == b))
			continue;   /* (no target text, its source does not match, or already there) */
		if (X->fate != XP_PROJECTED)
			X->conf = 0.5f * c->m[r].conf;   /* no link of its own: the group's words */
		X->fate = XP_PROJECTED;
		X->tgt_utt = (int32_t)((size_t)c->in->at[x] - c->in->sent0[c->in->doc[x]]);
		X->tgt_start = a, X->tgt_end = b;
		X->np |= XP_NP_CONSIST;
		k++;
	}
	return k;
}

/* The mentions in groups: order[] lists them group by group, group q being
 * order[first[q] .. first[q + 1]); by_doc: one document's cluster's mentions
 * of the same English words, else an English name's mentions anywhere. */
typedef struct groups {
	size_t *order, *first, n;
} groups;

static int group(const ctx *c, int by_doc, groups *G)
{
	xp_vocab v;
	if (xp_vocab_init(&v, 1))
		return -1;
	uint32_t *id = malloc((c->n + 1) * sizeof *id);
	char *buf = NULL;
	size_t cap = 0;
	int rc = id ? 0 : -1;
	for (size_t k = 0; !rc && k < c->n; k++) {
		id[k] = UINT32_MAX;
		if (!c->in->key[k] || (!by_doc && !c->in->name[k]))
			continue;
		size_t need = strlen(c->in->key[k]) + 64;
		if (need > cap) {
			free(buf);
			if (!(buf = malloc(cap = 2 * need))) {
				rc = -1;
				break;
			}
		}
		int len = by_doc ? snprintf(buf, cap, "%u\x1f%lld\x1f%s", c->in->doc[k], c->m[k].cluster, c->in->key[k])
				 : snprintf(buf, cap, "%s", c->in->key[k]);
		if ((id[k] = xp_vocab_id(&v, buf, (size_t)len)) == UINT32_MAX)
			rc = -1;
	}
	G->n = v.n;
	G->first = rc ? NULL : calloc((size_t)v.n + 2, sizeof *G->first);
	G->order = rc ? NULL : malloc((c->n + 1) * sizeof *G->order);
	if (!G->first || !G->order)
		rc = -1;
	for (size_t k = 0; !rc && k < c->n; k++)   /* a counting sort by id, stable */
		if (id[k] != UINT32_MAX)
			G->first[id[k] + 2]++;
	for (size_t q = 2; !rc && q < (size_t)v.n + 2; q++)
		G->first[q] += G->first[q - 1];
	for (size_t k = 0; !rc && k < c->n; k++)
		if (id[k] != UINT32_MAX)
			G->order[G->first[id[k] + 1]++] = k;
	free(buf), free(id);
	xp_vocab_free(&v);
	return rc;
}

long xp_consist(xp_proj_mention *m, size_t n, const xp_consist_in *in)
{
	if (!n)
		return 0;
	size_t ndocs = (size_t)in->doc[n - 1] + 1;
	size_t *dfirst = calloc(ndocs + 1, sizeof *dfirst);
	uint8_t *open = malloc(n);
	groups G = {0};
	ctx c = {m, n, in, dfirst};
	long total = 0;
	if (!dfirst || !open || group(&c, 1, &G))
		goto oom;
	for (size_t k = 0; k < n; k++)
		dfirst[in->doc[k] + 1] = k + 1;
	for (size_t d = 1; d <= ndocs; d++)   /* a document without mentions */
		if (dfirst[d] < dfirst[d - 1])
			dfirst[d] = dfirst[d - 1];
	/* the groups of one cluster in one document; a member whose group has a
	 * rendering is settled by it (open: it is not) */
	memset(open, 1, n);
	for (size_t q = 0; q < G.n; q++) {
		const size_t *g = G.order + G.first[q];
		size_t ng = G.first[q + 1] - G.first[q];
		long r = ng >= 2 ? rendering(&c, g, ng, 1) : -1;
		if (r < 0)
			continue;
		for (size_t i = 0; i < ng; i++)
			open[g[i]] = 0;
		total += relink(&c, g, ng, (size_t)r, NULL);
	}
	free(G.order), free(G.first);
	memset(&G, 0, sizeof G);
	/* a name across the corpus, for the members still open */
	if (group(&c, 0, &G))
		goto oom;
	for (size_t q = 0; q < G.n; q++) {
		const size_t *g = G.order + G.first[q];
		size_t ng = G.first[q + 1] - G.first[q];
		int named = 0;   /* capitalised where no sentence begins, somewhere */
		for (size_t i = 0; i < ng; i++)
			named |= in->name[g[i]] == 2;
		long r = named && ng >= 3 ? rendering(&c, g, ng, 2) : -1;
		if (r >= 0)
			total += relink(&c, g, ng, (size_t)r, open);
	}
	free(G.order), free(G.first), free(dfirst), free(open);
	return total;
oom:
	free(G.order), free(G.first), free(dfirst), free(open);
	return -1;
}
