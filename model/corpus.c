/* model/corpus.c — building, ordering and counting the corpus model; see corpus.h. */
#include "corpus.h"

#include <stdlib.h>
#include <string.h>

void xp_doc_free(xp_doc *d)
{
	free(d->utts);
	free(d->mentions);
	free(d->clusters);
	free(d->meta);
	free(d->cluster_index);
	memset(d, 0, sizeof *d);
}

void xp_corpus_free(xp_corpus *c)
{
	for (size_t i = 0; i < c->ndocs; i++)
		xp_doc_free(&c->docs[i]);
	free(c->docs);
	xp_arena_free(&c->arena);
	memset(c, 0, sizeof *c);
}

xp_doc *xp_corpus_add_doc(xp_corpus *c, const char *id, size_t idlen, int part)
{
	if (xp_grow(&c->docs, &c->cap_docs, c->ndocs + 1, sizeof *c->docs))
		return NULL;
	xp_doc *d = &c->docs[c->ndocs];
	memset(d, 0, sizeof *d);
	d->id = xp_arena_strndup(&c->arena, id, idlen);
	if (!d->id)
		return NULL;
	d->part = part;
	c->ndocs++;
	return d;
}

xp_utt *xp_doc_add_utt(xp_corpus *c, xp_doc *d, const char *speaker,
		       const char *const *words, const size_t *lens, uint32_t n)
{
	if (xp_grow(&d->utts, &d->cap_utts, d->nutts + 1, sizeof *d->utts))
		return NULL;
	size_t total = 0;
	for (uint32_t i = 0; i < n; i++)
		total += lens[i] + 1;
	char *text = xp_arena_alloc(&c->arena, total + 1);
	xp_tok *toks = xp_arena_alloc(&c->arena, (n ? n : 1) * sizeof *toks);
	const char *spk = xp_arena_strdup(&c->arena, speaker ? speaker : "");
	if (!text || !toks || !spk)
		return NULL;
	size_t off = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			text[off++] = ' ';
		memcpy(text + off, words[i], lens[i]);
		toks[i].off = (uint32_t)off;
		toks[i].len = (uint32_t)lens[i];
		off += lens[i];
	}
	text[off] = '\0';
	xp_utt *u = &d->utts[d->nutts++];
	u->speaker = spk;
	u->text = text;
	u->toks = toks;
	u->ntoks = n;
	u->line = 0;
	u->uid = NULL;
	u->raw = NULL;
	return u;
}

static size_t label_slot(long long label, size_t nslots)
{
	uint64_t x = (uint64_t)label;   /* splitmix64's finaliser */
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return (size_t)((x ^ (x >> 31)) & (nslots - 1));
}

/* The slot holding label, or the empty slot where it goes. */
static uint32_t *find_slot(const xp_doc *d, long long label)
{
	size_t i = label_slot(label, d->cluster_slots);
	while (d->cluster_index[i] && d->clusters[d->cluster_index[i] - 1].label != label)
		i = (i + 1) & (d->cluster_slots - 1);
	return &d->cluster_index[i];
}

/* Rebuild the index for clusters[0..nclusters) with room for one more at
 * under half load. */
static int reindex(xp_doc *d)
{
	size_t n = 16;
	while (n < 2 * (d->nclusters + 1))
		n *= 2;
	uint32_t *v = calloc(n, sizeof *v);
	if (!v)
		return -1;
	free(d->cluster_index);
	d->cluster_index = v;
	d->cluster_slots = n;
	for (size_t k = 0; k < d->nclusters; k++) {
		uint32_t *s = find_slot(d, d->clusters[k].label);
		if (!*s)
			*s = (uint32_t)k + 1;
	}
	d->nindexed = d->nclusters;
	return 0;
}

long xp_doc_cluster(xp_doc *d, long long label)
{
	/* clusters stay in first-seen order; the index finds one by label */
	if ((d->nindexed != d->nclusters || 2 * (d->nclusters + 1) > d->cluster_slots) && reindex(d))
		return -1;
	uint32_t *s = find_slot(d, label);
	if (*s)
		return (long)*s - 1;
	if (d->nclusters >= UINT32_MAX - 1 ||
	    xp_grow(&d->clusters, &d->cap_clusters, d->nclusters + 1, sizeof *d->clusters))
		return -1;
	d->clusters[d->nclusters].label = label;
	d->clusters[d->nclusters].nmentions = 0;
	*s = (uint32_t)d->nclusters + 1;
	d->nindexed = d->nclusters + 1;
	return (long)d->nclusters++;
}

int xp_doc_add_mention(xp_doc *d, uint32_t utt, uint32_t start, uint32_t end,
		       uint32_t cluster, uint32_t line)
{
	if (xp_grow(&d->mentions, &d->cap_mentions, d->nmentions + 1, sizeof *d->mentions))
		return -1;
	xp_mention *m = &d->mentions[d->nmentions];
	m->id = (uint32_t)d->nmentions;
	m->utt = utt;
	m->start = start;
	m->end = end;
	m->cluster = cluster;
	m->line = line;
	m->conf = 1;
	d->nmentions++;
	return 0;
}

int xp_doc_set_meta(xp_corpus *c, xp_doc *d, const char *key, const char *value)
{
	for (size_t i = 0; i < d->nmeta; i++)
		if (strcmp(d->meta[i].key, key) == 0) {
			d->meta[i].value = xp_arena_strdup(&c->arena, value);
			return d->meta[i].value ? 0 : -1;
		}
	if (xp_grow(&d->meta, &d->cap_meta, d->nmeta + 1, sizeof *d->meta))
		return -1;
	d->meta[d->nmeta].key = xp_arena_strdup(&c->arena, key);
	d->meta[d->nmeta].value = xp_arena_strdup(&c->arena, value);
	if (!d->meta[d->nmeta].key || !d->meta[d->nmeta].value)
		return -1;
	d->nmeta++;
	return 0;
}

const char *xp_doc_meta(const xp_doc *d, const char *key)
{
	for (size_t i = 0; i < d->nmeta; i++)
		if (strcmp(d->meta[i].key, key) == 0)
			return d->meta[i].value;
	return NULL;
}

static int cmp_mention(const void *a, const void *b)
{
	const xp_mention *x = a, *y = b;
	if (x->utt != y->utt)
		return x->utt < y->utt ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	if (x->cluster != y->cluster)
		return x->cluster < y->cluster ? -1 : 1;
	return 0;
}

int xp_doc_finish(xp_doc *d, int assign_ids, size_t *ndup, uint32_t *dup_line)
{
	if (d->nmentions)
		qsort(d->mentions, d->nmentions, sizeof *d->mentions, cmp_mention);
	size_t w = 0, dup = 0;
	uint32_t first_line = 0;
	for (size_t i = 0; i < d->nmentions; i++) {
		if (w && cmp_mention(&d->mentions[w - 1], &d->mentions[i]) == 0) {
			uint32_t l = d->mentions[i].line > d->mentions[w - 1].line
					     ? d->mentions[i].line : d->mentions[w - 1].line;
			if (!dup++ || l < first_line)
				first_line = l;
			continue;
		}
		d->mentions[w++] = d->mentions[i];
	}
	d->nmentions = w;
	if (ndup)
		*ndup = dup;
	if (dup_line)
		*dup_line = first_line;

	/* Renumber clusters so that none is empty, keeping first-seen order. */
	size_t nc = d->nclusters;
	uint32_t *map = malloc((nc ? nc : 1) * sizeof *map);
	if (!map)
		return -1;
	for (size_t c = 0; c < nc; c++)
		d->clusters[c].nmentions = 0;
	for (size_t i = 0; i < w; i++)
		d->clusters[d->mentions[i].cluster].nmentions++;
	size_t k = 0;
	for (size_t c = 0; c < nc; c++) {
		map[c] = (uint32_t)k;
		if (d->clusters[c].nmentions)
			d->clusters[k++] = d->clusters[c];
	}
	d->nclusters = k;
	/* renumbered: the index is rebuilt on its next use */
	free(d->cluster_index);
	d->cluster_index = NULL;
	d->cluster_slots = d->nindexed = 0;
	for (size_t i = 0; i < w; i++) {
		d->mentions[i].cluster = map[d->mentions[i].cluster];
		if (assign_ids)
			d->mentions[i].id = (uint32_t)i;
	}
	free(map);
	return 0;
}

void xp_corpus_counts(const xp_corpus *c, xp_counts *out)
{
	memset(out, 0, sizeof *out);
	out->documents = c->ndocs;
	for (size_t i = 0; i < c->ndocs; i++) {
		const xp_doc *d = &c->docs[i];
		out->sentences += d->nutts;
		for (size_t u = 0; u < d->nutts; u++)
			out->tokens += d->utts[u].ntoks;
		out->mentions += d->nmentions;
		out->clusters += d->nclusters;
		for (size_t k = 0; k < d->nclusters; k++)
			out->singletons += d->clusters[k].nmentions == 1;
	}
}

size_t xp_corpus_drop_empty(xp_corpus *c)
{
	size_t w = 0;
	for (size_t i = 0; i < c->ndocs; i++) {
		if (c->docs[i].nutts)
			c->docs[w++] = c->docs[i];
		else
			xp_doc_free(&c->docs[i]);   /* its strings are the arena's */
	}
	size_t dropped = c->ndocs - w;
	c->ndocs = w;
	return dropped;
}

void xp_corpus_check(const xp_corpus *c, const char *file, xp_diags *dg)
{
	/* an empty or blank file (a download or a pipe that failed) was
	 * "0 error(s), 0 warning(s)", exit 0, for a check that gates a file */
	if (!c->ndocs)
		xp_diags_add(dg, XP_WARNING, file, 0, "no document in the file (an empty or blank file?)");
	for (size_t i = 0; i < c->ndocs; i++) {
		const xp_doc *d = &c->docs[i];
		/* Mentions are sorted by span then cluster: equal spans are adjacent. */
		for (size_t k = 1; k < d->nmentions; k++) {
			const xp_mention *a = &d->mentions[k - 1], *b = &d->mentions[k];
			if (a->utt == b->utt && a->start == b->start && a->end == b->end)
				xp_diags_add(dg, XP_WARNING, file, b->line,
					     "document %s part %d: span (sentence %u, tokens [%u,%u)) is in clusters %lld and %lld",
					     d->id, d->part, b->utt, b->start, b->end,
					     d->clusters[a->cluster].label, d->clusters[b->cluster].label);
		}
	}
}

/* by id, part, then position: the first of a repeated document first */
static int cmp_ref(const void *a, const void *b)
{
	const xp_doc_slot *x = a, *y = b;
	int c = strcmp(x->id, y->id);
	if (!c)
		c = (x->part > y->part) - (x->part < y->part);
	return c ? c : (x->i > y->i) - (x->i < y->i);
}

int xp_doc_index_init(xp_doc_index *x, const xp_corpus *c)
{
	x->n = c->ndocs;
	if (!(x->v = malloc((x->n + 1) * sizeof *x->v)))
		return -1;
	for (size_t i = 0; i < x->n; i++)
		x->v[i] = (xp_doc_slot){c->docs[i].id, c->docs[i].part, i};
	qsort(x->v, x->n, sizeof *x->v, cmp_ref);
	return 0;
}

size_t xp_doc_index_find(const xp_doc_index *x, const char *id, int part)
{
	size_t lo = 0, hi = x->n;   /* the first ref not below (id, part) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(x->v[mid].id, id);
		if (!c)
			c = (x->v[mid].part > part) - (x->v[mid].part < part);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < x->n && !strcmp(x->v[lo].id, id) && x->v[lo].part == part ? x->v[lo].i : SIZE_MAX;
}

void xp_doc_index_free(xp_doc_index *x)
{
	free(x->v);
	x->v = NULL;
	x->n = 0;
}
