/* project/collide.c — see collide.h. */
#include "collide.h"
#include "../lang/np.h"
#include "../lang/pron.h"

#include <stdlib.h>

/* Span order, then id.  qsort passes no context, so it sorts pointers to
 * the mentions (no file-global base array: xp_settle may run in several
 * threads); xp_settle turns them back into indices. */
int xp_proj_by_span(const void *a, const void *b)
{
	const xp_proj_mention *x = *(const xp_proj_mention *const *)a, *y = *(const xp_proj_mention *const *)b;
	if (x->tgt_utt != y->tgt_utt)
		return x->tgt_utt < y->tgt_utt ? -1 : 1;
	if (x->tgt_start != y->tgt_start)
		return x->tgt_start < y->tgt_start ? -1 : 1;
	if (x->tgt_end != y->tgt_end)
		return x->tgt_end < y->tgt_end ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* union-find over the document's cluster labels, for the merge policy;
 * the labels are sorted, so that finding one costs log n, not n (a
 * document may hold tens of thousands of clusters) */
typedef struct uf {
	long long *label;
	size_t *up, n;
	size_t *first;          /* the first mention of each label: a merge keeps the earlier label */
} uf;

static int by_label(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

static size_t uf_index(uf *u, long long label)
{
	const long long *p = bsearch(&label, u->label, u->n, sizeof *u->label, by_label);
	return p ? (size_t)(p - u->label) : SIZE_MAX;
}

static size_t uf_find(uf *u, size_t k)
{
	while (u->up[k] != k)
		k = u->up[k] = u->up[u->up[k]];
	return k;
}

static int uf_join(uf *u, long long a, long long b)
{
	size_t x = uf_find(u, uf_index(u, a)), y = uf_find(u, uf_index(u, b));
	if (x == y)
		return 0;
	if (u->first[x] < u->first[y])
		u->up[y] = x;
	else
		u->up[x] = y;
	return 1;
}

static int uf_init(uf *u, const xp_proj_mention *m, size_t n)
{
	u->label = malloc((n + 1) * sizeof *u->label);
	u->up = malloc((n + 1) * sizeof *u->up);
	u->first = malloc((n + 1) * sizeof *u->first);
	u->n = 0;
	if (!u->label || !u->up || !u->first)
		return -1;
	for (size_t i = 0; i < n; i++)
		u->label[i] = m[i].cluster;
	if (n)
		qsort(u->label, n, sizeof *u->label, by_label);
	for (size_t i = 0; i < n; i++)
		if (!u->n || u->label[u->n - 1] != u->label[i])
			u->label[u->n++] = u->label[i];
	for (size_t k = 0; k < u->n; k++)
		u->up[k] = k, u->first[k] = SIZE_MAX;
	for (size_t i = n; i-- > 0;)
		u->first[uf_index(u, m[i].cluster)] = i;
	return 0;
}

/* one group of mentions on the same span, first = the lowest id */
static void group(xp_proj_mention *m, const size_t *ix, size_t n, xp_collide policy, uf *u,
		  xp_proj_stats *st)
{
	xp_proj_mention *keep = &m[ix[0]];
	int drop_all = 0;
	for (size_t k = 1; k < n; k++) {
		xp_proj_mention *x = &m[ix[k]];
		x->same_as = keep->id;
		if (x->cluster == keep->cluster) {
			x->fate = XP_SAME_SPAN;
			continue;
		}
		st->collisions++;
		if (policy == XP_COLLIDE_MERGE) {
			st->merged_clusters += uf_join(u, keep->cluster, x->cluster);
			x->fate = XP_SAME_SPAN;
		} else {
			x->fate = XP_COLLIDED;
			drop_all |= policy == XP_COLLIDE_DROP;
		}
	}
	if (drop_all)
		for (size_t k = 0; k < n; k++)
			m[ix[k]].fate = XP_COLLIDED, m[ix[k]].same_as = m[ix[k]].id;
}

static void overlaps(const xp_proj_mention *m, const size_t *ix, size_t n, xp_proj_stats *st)
{
	for (size_t a = 0; a < n; a++)
		for (size_t b = a + 1; b < n; b++) {
			const xp_proj_mention *x = &m[ix[a]], *y = &m[ix[b]];
			if (x->tgt_utt != y->tgt_utt || y->tgt_start >= x->tgt_end)
				break;   /* sorted by start: no later one overlaps x */
			/* same start: y (sorted after x) is the longer one and holds x */
			if (y->tgt_end <= x->tgt_end || y->tgt_start == x->tgt_start)
				st->nested++;
			else
				st->crossing++;
		}
}

/* Two survivors of one cluster (after the merge policy) that cross in a
 * sentence (a-c and b-d, a < b <= c < d) cannot be written: CoNLL and
 * CorefUD brackets pair a closing with the latest open bracket of its
 * cluster, so they read back as a-d and b-c, and io/conll refuses them.
 * A projection makes them where two English mentions of one entity in a
 * sentence take overlapping links (MMC dev in Farsi: one such pair, every
 * seed).  Keep the more confident of the two (the lower id on a tie) and
 * count the other a collision, as two mentions of two clusters on one span
 * are: one entity holds no two crossing spans of one sentence anyway. */
static void uncross(xp_proj_mention *m, const size_t *ix, size_t n, uf *u, xp_proj_stats *st)
{
	for (size_t a = 0; a < n; a++) {
		xp_proj_mention *x = &m[ix[a]];
		if (x->fate != XP_PROJECTED)
			continue;
		size_t cx = uf_find(u, uf_index(u, x->cluster));
		for (size_t b = a + 1; b < n && x->fate == XP_PROJECTED; b++) {
			xp_proj_mention *y = &m[ix[b]];
			if (y->tgt_utt != x->tgt_utt || y->tgt_start >= x->tgt_end)
				break;   /* sorted by start: no later one overlaps x */
			if (y->fate != XP_PROJECTED || y->tgt_end <= x->tgt_end || y->tgt_start == x->tgt_start ||
			    uf_find(u, uf_index(u, y->cluster)) != cx)
				continue;   /* nested, or of another cluster: writable */
			int keep_x = x->conf > y->conf || (x->conf == y->conf && x->id < y->id);
			xp_proj_mention *drop = keep_x ? y : x, *keep = keep_x ? x : y;
			drop->fate = XP_COLLIDED;
			drop->same_as = keep->id;
			st->collisions++;
		}
	}
}

int xp_settle(xp_proj_mention *m, size_t n, xp_doc *td, xp_collide policy, xp_proj_stats *st)
{
	size_t *ix = malloc((n + 1) * sizeof *ix), np = 0;
	xp_proj_mention **order = malloc((n + 1) * sizeof *order);
	uf u = {0};
	int rc = -1;
	if (!ix || !order || uf_init(&u, m, n))
		goto out;
	for (size_t i = 0; i < n; i++)
		if (m[i].fate == XP_PROJECTED)
			order[np++] = &m[i];
	if (np)
		qsort(order, np, sizeof *order, xp_proj_by_span);
	for (size_t i = 0; i < np; i++)
		ix[i] = (size_t)(order[i] - m);
	for (size_t i = 0; i < np;) {
		size_t e = i + 1;
		while (e < np && m[ix[e]].tgt_utt == m[ix[i]].tgt_utt &&
		       m[ix[e]].tgt_start == m[ix[i]].tgt_start && m[ix[e]].tgt_end == m[ix[i]].tgt_end)
			e++;
		group(m, ix + i, e - i, policy, &u, st);
		i = e;
	}
	size_t w = 0;   /* survivors, still in span order */
	for (size_t i = 0; i < np; i++)
		if (m[ix[i]].fate == XP_PROJECTED)
			ix[w++] = ix[i];
	uncross(m, ix, w, &u, st);
	size_t w2 = 0;
	for (size_t i = 0; i < w; i++)
		if (m[ix[i]].fate == XP_PROJECTED)
			ix[w2++] = ix[i];
	w = w2;
	overlaps(m, ix, w, st);
	for (size_t i = 0; i < w; i++) {
		xp_proj_mention *x = &m[ix[i]];
		long c = xp_doc_cluster(td, u.label[uf_find(&u, uf_index(&u, x->cluster))]);
		if (c < 0 || xp_doc_add_mention(td, (uint32_t)x->tgt_utt, x->tgt_start, x->tgt_end, (uint32_t)c, 0))
			goto out;
		td->mentions[td->nmentions - 1].id = x->id;
		td->mentions[td->nmentions - 1].conf = x->conf;
		st->prodrop += x->prodrop;
		for (unsigned k = 0; k < XP_PROJ_MAX_RULES; k++)
			st->lr[k] += (x->rule >> k) & 1;
		for (unsigned k = 0; k < XP_PROJ_MAX_NP_RULES; k++)
			st->np[k] += (x->np >> k) & 1;
	}
	if (xp_doc_finish(td, 0, NULL, NULL))
		goto out;
	st->mentions += n;
	st->projected += w;
	for (size_t i = 0; i < n; i++) {
		st->fate[m[i].fate]++;
		for (unsigned k = 0; m[i].fate == XP_NULL_FILTERED && k < XP_PROJ_MAX_RULES; k++)
			st->lr[k] += (m[i].rule >> k) & 1;   /* a rule that dropped it */
		for (unsigned k = 0; m[i].fate == XP_NULL_FILTERED && k < XP_PROJ_MAX_NP_RULES; k++)
			st->np[k] += (XP_NP_BIT(k) & XP_NP_DROPS & m[i].np) != 0;   /* it dropped it */
	}
	st->clusters += td->nclusters;
	rc = 0;
out:
	free(ix);
	free(order);
	free(u.label);
	free(u.up);
	free(u.first);
	return rc;
}
