/* project/consist.c — an entity's spans made consistent; see consist.h. */
#include "consist.h"
#include "../lang/np.h"
#include "../lang/pron.h"
#include "../base/vocab.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../lang/lang.h"
#include "features.h"

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

/* A rendering: the words of a projected span (a member's, or a name's
 * across the corpus, xp_consist_names) and the confidence of the member
 * they were first seen on. */
typedef struct rend {
	const char *const *w;
	const uint32_t *len;
	uint32_t n;
	float conf;
} rend;

static rend rend_of(const ctx *c, size_t r)
{
	const xp_consist_sent *s = sent_of(c, r);
	const xp_proj_mention *R = &c->m[r];
	return (rend){s->w + R->tgt_start, s->len + R->tgt_start, R->tgt_end - R->tgt_start, R->conf};
}

/* 1 if [a, b) of sentence s holds the words of R */
static int rend_at(const xp_consist_sent *s, uint32_t a, uint32_t b, const rend *R)
{
	if (b - a != R->n)
		return 0;
	for (uint32_t k = 0; k < R->n; k++)
		if (s->len[a + k] != R->len[k] || memcmp(s->w[a + k], R->w[k], R->len[k]))
			return 0;
	return 1;
}

static int on_rend(const ctx *c, size_t x, const rend *R)
{
	const xp_proj_mention *a = &c->m[x];
	return a->fate == XP_PROJECTED && rend_at(sent_of(c, x), a->tgt_start, a->tgt_end, R);
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
static int find(const ctx *c, const rend *R, size_t x, uint32_t *a, uint32_t *b)
{
	const xp_proj_mention *X = &c->m[x];
	const xp_consist_sent *s = &c->in->sent[c->in->at[x]];
	size_t t = (size_t)c->in->at[x] - c->in->sent0[c->in->doc[x]];
	uint32_t len = R->n;
	const xp_lang_pack *pk = xp_lang_find(c->in->lang);
	const char *const *clitics = pk ? pk->noun_clitics : NULL;
	double pos = X->fate == XP_PROJECTED && s->n ? (X->tgt_start + X->tgt_end) / 2.0 / s->n : c->in->pos[x];
	double best = 2;
	/* a sentence longer than any real one (features.h XP_PROJ_WHOLE): the
	 * words searched within WIN tokens of pos, and the mentions that may
	 * hold them within WIN of x's in the document's order (its English
	 * neighbours), as project.c's windows: each search of the sentence for
	 * each mention, and each mention of it for each occurrence, made one
	 * sentence of N mentions cost N^2 and more */
	enum { WIN = 256 };
	uint32_t j0 = 0, j1 = s->n;
	size_t k0 = c->dfirst[c->in->doc[x]], k1 = c->dfirst[c->in->doc[x] + 1];
	if (s->n > XP_PROJ_WHOLE) {
		double at = pos * s->n;
		j0 = at > WIN ? (uint32_t)(at - WIN) : 0;
		j1 = at + WIN < s->n ? (uint32_t)(at + WIN) : s->n;
		k0 = x > k0 + WIN ? x - WIN : k0;
		k1 = x + WIN < k1 ? x + WIN : k1;
	}
	for (uint32_t j = j0; j + len <= j1; j++) {
		uint32_t e = j + len;
		if (!rend_at(s, j, e, R) && !(clitics && len == 1 && with_clitic(clitics, s->w[j], s->len[j], R->w[0], R->len[0])))
			continue;
		int taken = 0;
		for (size_t k = k0; k < k1 && !taken; k++) {
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
 * rendering R; returns how many it placed. */
static long relink(ctx *c, const size_t *g, size_t ng, const rend *R, const uint8_t *try)
{
	long k = 0;
	for (size_t q = 0; q < ng; q++) {
		size_t x = g[q];
		xp_proj_mention *X = &c->m[x];
		uint32_t a = 0, b = 0;
		if ((try && !try[x]) || on_rend(c, x, R) || c->in->at[x] < 0 || (size_t)c->in->at[x] >= c->in->nsent ||
		    (X->fate != XP_PROJECTED && X->fate != XP_NULL_UNALIGNED && X->fate != XP_NULL_FILTERED) ||
		    !find(c, R, x, &a, &b) ||
		    (X->fate == XP_PROJECTED && (size_t)X->tgt_utt == (size_t)c->in->at[x] - c->in->sent0[c->in->doc[x]] &&
		     X->tgt_start == a && X->tgt_end == b))
			continue;   /* (no target text, its source does not match, or already there) */
		if (X->fate != XP_PROJECTED)
			X->conf = 0.5f * R->conf;   /* no link of its own: the group's words */
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

/* --- a name across the corpus ------------------------------------------------------ */

/* What the second pass needs of the corpus, gathered a part at a time:
 * per English name (case-folded, in the order first seen) its members and
 * whether one is capitalised where no sentence begins; per name and words
 * its members projected on them, and the confidence of the first.  Its size
 * is that of the names and their renderings, not of the corpus. */
struct xp_consist_names {
	xp_vocab names;          /* case-folded, as group() folds */
	size_t *ng;              /* per name: its members */
	uint8_t *named;          /* per name: one is capitalised where no sentence begins */
	size_t cap_ng, cap_named;
	xp_vocab cand;           /* "NAME-ID\x1f" then each word as "LEN:" and its bytes */
	size_t *count;           /* per candidate: the members on these words */
	float *conf;             /* per candidate: the first such member's confidence */
	uint32_t *of;            /* per candidate: its name */
	size_t cap_count, cap_conf, cap_of;
	/* after xp_consist_names_settle: per name its rendering */
	rend *best;              /* n 0: none */
	const char **words;      /* the renderings' words and lengths, in one place */
	uint32_t *lens;
	int settled;
};

xp_consist_names *xp_consist_names_new(void)
{
	xp_consist_names *t = calloc(1, sizeof *t);
	if (t && (xp_vocab_init(&t->names, 1) || xp_vocab_init(&t->cand, 0))) {
		xp_consist_names_free(t);
		return NULL;
	}
	return t;
}

void xp_consist_names_free(xp_consist_names *t)
{
	if (!t)
		return;
	xp_vocab_free(&t->names), xp_vocab_free(&t->cand);
	free(t->ng), free(t->named), free(t->count), free(t->conf), free(t->of);
	free(t->best), free(t->words), free(t->lens);
	free(t);
}

/* m[0..n)'s names into t: the groups and their candidate renderings */
static int tally(const ctx *c, xp_consist_names *t)
{
	xp_buf key = {0};
	int rc = 0;
	for (size_t k = 0; !rc && k < c->n; k++) {
		if (!c->in->key[k] || !c->in->name[k])
			continue;
		uint32_t before = t->names.n, q = xp_vocab_id(&t->names, c->in->key[k], strlen(c->in->key[k]));
		if (q == UINT32_MAX || xp_grow(&t->ng, &t->cap_ng, (size_t)q + 1, sizeof *t->ng) ||
		    xp_grow(&t->named, &t->cap_named, (size_t)q + 1, 1)) {
			rc = -1;
			break;
		}
		if (q >= before)
			t->ng[q] = 0, t->named[q] = 0;
		t->ng[q]++;
		t->named[q] |= c->in->name[k] == 2;
		const xp_proj_mention *X = &c->m[k];
		if (X->fate != XP_PROJECTED)
			continue;
		const xp_consist_sent *s = sent_of(c, k);
		key.n = 0;
		xp_buf_printf(&key, "%u\x1f", q);
		for (uint32_t j = X->tgt_start; j < X->tgt_end; j++) {
			xp_buf_printf(&key, "%u:", s->len[j]);
			xp_buf_add(&key, s->w[j], s->len[j]);
		}
		before = t->cand.n;
		uint32_t id = key.oom ? UINT32_MAX : xp_vocab_id(&t->cand, key.p, key.n);
		if (id == UINT32_MAX || xp_grow(&t->count, &t->cap_count, (size_t)id + 1, sizeof *t->count) ||
		    xp_grow(&t->conf, &t->cap_conf, (size_t)id + 1, sizeof *t->conf) ||
		    xp_grow(&t->of, &t->cap_of, (size_t)id + 1, sizeof *t->of)) {
			rc = -1;
			break;
		}
		if (id >= before)
			t->count[id] = 0, t->conf[id] = X->conf, t->of[id] = q;
		t->count[id]++;
	}
	xp_buf_free(&key);
	return rc;
}

long xp_consist_names_settle(xp_consist_names *t)
{
	size_t nn = t->names.n, nc = t->cand.n, words = 0;
	free(t->best), free(t->words), free(t->lens);
	t->words = NULL, t->lens = NULL;
	t->best = calloc(nn + 1, sizeof *t->best);
	size_t *bn = calloc(nn + 1, sizeof *bn);
	uint32_t *bc = malloc((nn + 1) * sizeof *bc);
	uint8_t *tie = calloc(nn + 1, 1);
	long found = 0;
	if (!t->best || !bn || !bc || !tie)
		goto oom;
	/* rendering()'s choice: the words most members were placed on, no
	 * other words as many, at least two of them; of a name capitalised
	 * where no sentence begins somewhere, with at least three members */
	for (size_t id = 0; id < nc; id++) {
		uint32_t q = t->of[id];
		if (t->count[id] > bn[q])
			bn[q] = t->count[id], bc[q] = (uint32_t)id, tie[q] = 0;
		else if (t->count[id] == bn[q])
			tie[q] = 1;
	}
	for (size_t q = 0; q < nn; q++)
		if (t->named[q] && t->ng[q] >= 3 && bn[q] >= 2 && !tie[q]) {
			const char *p = strchr(t->cand.words[bc[q]], '\x1f') + 1;
			for (; *p; words++)
				p = strchr(p, ':') + 1 + strtoul(p, NULL, 10);
			found++;
		}
	t->words = malloc((words + 1) * sizeof *t->words);
	t->lens = malloc((words + 1) * sizeof *t->lens);
	if (!t->words || !t->lens)
		goto oom;
	words = 0;
	for (size_t q = 0; q < nn; q++) {
		if (!(t->named[q] && t->ng[q] >= 3 && bn[q] >= 2 && !tie[q]))
			continue;
		rend *R = &t->best[q];
		R->w = t->words + words, R->len = t->lens + words, R->conf = t->conf[bc[q]];
		for (const char *p = strchr(t->cand.words[bc[q]], '\x1f') + 1; *p; R->n++, words++) {
			char *colon;
			unsigned long len = strtoul(p, &colon, 10);
			t->words[words] = colon + 1, t->lens[words] = (uint32_t)len;
			p = colon + 1 + len;
		}
	}
	t->settled = 1;
	free(bn), free(bc), free(tie);
	return found;
oom:
	free(bn), free(bc), free(tie);
	return -1;
}

/* The members of m[0..n) still open, placed on their name's rendering in
 * t: names in the order the corpus first gave them, members in theirs (so
 * that a part of the corpus is placed as the whole would be: a member's
 * place depends on its own document only). */
static long place_names(ctx *c, const xp_consist_names *t, const uint8_t *open)
{
	size_t *order = malloc((c->n + 1) * sizeof *order), no = 0;
	uint32_t *q = malloc((c->n + 1) * sizeof *q);
	long total = 0;
	if (!order || !q) {
		free(order), free(q);
		return -1;
	}
	for (size_t k = 0; k < c->n; k++) {
		if (!c->in->key[k] || !c->in->name[k])
			continue;
		uint32_t id = xp_vocab_find((xp_vocab *)&t->names, c->in->key[k], strlen(c->in->key[k]));
		if (id != UINT32_MAX && t->best[id].n)
			q[k] = id, order[no++] = k;
	}
	/* by name, stably: a counting sort */
	size_t nn = t->names.n;
	size_t *first = calloc(nn + 2, sizeof *first), *sorted = malloc((no + 1) * sizeof *sorted);
	if (!first || !sorted) {
		free(order), free(q), free(first), free(sorted);
		return -1;
	}
	for (size_t i = 0; i < no; i++)
		first[q[order[i]] + 2]++;
	for (size_t i = 2; i < nn + 2; i++)
		first[i] += first[i - 1];
	for (size_t i = 0; i < no; i++)
		sorted[first[q[order[i]] + 1]++] = order[i];
	for (size_t id = 0; id < nn; id++) {
		size_t ng = first[id + 1] - first[id];
		if (ng)
			total += relink(c, sorted + first[id], ng, &t->best[id], open);
	}
	free(order), free(q), free(first), free(sorted);
	return total;
}

size_t *xp_consist_doc_first(const xp_consist_in *in, size_t n)
{
	size_t ndocs = (size_t)in->doc[n - 1] + 1;
	size_t *dfirst = calloc(ndocs + 1, sizeof *dfirst);
	if (!dfirst)
		return NULL;
	for (size_t k = 0; k < n; k++)
		dfirst[in->doc[k] + 1] = k + 1;
	for (size_t d = 1; d <= ndocs; d++)   /* a document without mentions */
		if (dfirst[d] < dfirst[d - 1])
			dfirst[d] = dfirst[d - 1];
	return dfirst;
}

/* mode 0: the documents' groups, then t tallies the names; 1: the
 * documents' groups, then the names' renderings in t placed; 2: both, t
 * settled in between (the whole corpus at once) */
static long part(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_consist_names *t, int mode)
{
	if (!n)
		return 0;
	size_t *dfirst = xp_consist_doc_first(in, n);
	uint8_t *open = malloc(n);
	groups G = {0};
	ctx c = {m, n, in, dfirst};
	long total = 0;
	if (!dfirst || !open || group(&c, 1, &G))
		goto oom;
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
		rend R = rend_of(&c, (size_t)r);
		total += relink(&c, g, ng, &R, NULL);
	}
	free(G.order), free(G.first);
	G = (groups){0};   /* oom: below frees them */
	/* a name across the corpus, for the members still open: its rendering
	 * is of the state before any name was placed (no member belongs to two
	 * names, and placing one moves only its own members) */
	if (mode != 1 && tally(&c, t))
		goto oom;
	if (mode == 2 && xp_consist_names_settle(t) < 0)
		goto oom;
	if (mode) {
		long placed = t->settled ? place_names(&c, t, open) : 0;
		if (placed < 0)
			goto oom;
		total += placed;
	}
	free(dfirst), free(open);
	return total;
oom:
	free(G.order), free(G.first), free(dfirst), free(open);
	return -1;
}

long xp_consist_part(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_consist_names *t, int apply)
{
	return part(m, n, in, t, apply ? 1 : 0);
}

long xp_consist(xp_proj_mention *m, size_t n, const xp_consist_in *in)
{
	if (!n)
		return 0;
	xp_consist_names *t = xp_consist_names_new();
	long placed = t ? part(m, n, in, t, 2) : -1;
	xp_consist_names_free(t);
	return placed;
}
