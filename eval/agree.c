/*
 * eval/agree.c — Krippendorff's alpha and coreference agreement; see
 * agree.h.
 *
 * The expected disagreement sums the distance over every pair of pooled
 * values, which for coreference would be every pair of entities of a corpus
 * (millions of set comparisons).  It need not be: two entities of different
 * mentions (disjoint sets) are at distance 1 under both distances, so
 *   sum_{c != k} n_c n_k d(c,k) = (n^2 - sum_c n_c^2)
 *                                 - 2 sum_{{c,k} intersecting} n_c n_k (1 - d(c,k))
 * and the intersecting pairs are exactly the pairs of values some unit got
 * (a mention's entities all hold it), a few per mention.
 */
#include "agree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- the alpha core ----------------------------------------------------- */

double xp_alpha_nominal(uint32_t a, uint32_t b, void *arg)
{
	(void)arg;
	return a != b;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

int xp_alpha_compute(const xp_alpha_data *d, xp_alpha *out, xp_err *err)
{
	memset(out, 0, sizeof *out);
	double *nc = calloc(d->nvalues + 1, sizeof *nc);
	uint64_t *np = malloc((d->nnear + 1) * sizeof *np);
	if (!nc || !np) {
		free(nc);
		free(np);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory computing alpha");
	}
	double n = 0, obs = 0;
	for (size_t u = 0; u < d->nunits; u++) {
		size_t a = d->start[u], b = d->start[u + 1], m = b - a;
		if (m < 2)
			continue;
		out->units++;
		n += (double)m;
		double s = 0;
		for (size_t i = a; i < b; i++) {
			nc[d->vals[i]] += 1;
			for (size_t j = a; j < b; j++)
				if (i != j && d->vals[i] != d->vals[j])
					s += d->dist(d->vals[i], d->vals[j], d->arg);
		}
		obs += s / (double)(m - 1);
	}
	double sq = 0;
	for (size_t v = 0; v < d->nvalues; v++)
		sq += nc[v] * nc[v];
	double e = n * n - sq;
	/* each intersecting pair once */
	size_t k = 0;
	for (size_t i = 0; i < d->nnear; i++) {
		uint32_t a = d->near[2 * i], b = d->near[2 * i + 1];
		if (a != b)
			np[k++] = a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
	}
	qsort(np, k, sizeof *np, cmp_u64);
	for (size_t i = 0; i < k; i++) {
		if (i && np[i] == np[i - 1])
			continue;
		uint32_t a = (uint32_t)(np[i] >> 32), b = (uint32_t)np[i];
		if (nc[a] > 0 && nc[b] > 0)
			e -= 2 * nc[a] * nc[b] * (1 - d->dist(a, b, d->arg));
	}
	free(nc);
	free(np);
	out->n = n;
	out->d_o = n > 0 ? obs / n : NAN;
	out->d_e = n > 1 ? e / (n * (n - 1)) : NAN;
	out->alpha = n > 1 && e > 1e-12 ? 1 - out->d_o / out->d_e : NAN;
	return 0;
}

/* --- set distances ------------------------------------------------------ */

static size_t common(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	size_t i = 0, j = 0, k = 0;
	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			k++, i++, j++;
	}
	return k;
}

static double m_of(size_t k, size_t na, size_t nb)
{
	if (!na || !nb)
		return na == nb;
	if (k == na && k == nb)
		return 1;
	if (k == na || k == nb)
		return 2.0 / 3;
	return k > 1 ? 1.0 / 3 : 0;
}

double xp_passonneau_m(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	return m_of(common(a, na, b, nb), na, nb);
}

double xp_masi(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	size_t k = common(a, na, b, nb);
	double j = na + nb ? (double)k / (double)(na + nb - k) : 1;
	return j * m_of(k, na, nb);
}

/* --- agreement between annotations ------------------------------------- */

/* Every value is one annotator's entity as the sorted ids of its mentions. */
typedef struct sets {
	size_t *off;
	uint32_t *len;
	size_t n, cap_off, cap_len;
	uint32_t *el;
	size_t nel, cap_el;
} sets;

static double dist_passonneau(uint32_t a, uint32_t b, void *arg)
{
	const sets *s = arg;
	return 1 - xp_passonneau_m(s->el + s->off[a], s->len[a], s->el + s->off[b], s->len[b]);
}

static double dist_masi(uint32_t a, uint32_t b, void *arg)
{
	const sets *s = arg;
	return 1 - xp_masi(s->el + s->off[a], s->len[a], s->el + s->off[b], s->len[b]);
}

typedef struct aref {
	const char *id;
	int part;
	size_t ann;
	const xp_doc *d;
} aref;

static int cmp_aref(const void *a, const void *b)
{
	const aref *x = a, *y = b;
	int c = strcmp(x->id, y->id);
	if (c)
		return c;
	if (x->part != y->part)
		return (x->part > y->part) - (x->part < y->part);
	return (x->ann > y->ann) - (x->ann < y->ann);
}

typedef struct span {
	uint64_t start, end;
} span;

static int cmp_span(const void *a, const void *b)
{
	const span *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->end > y->end) - (x->end < y->end);
}

/* One (annotator, cluster) entity of a document while values are made. */
typedef struct ent {
	uint32_t *el;         /* its mention ids (local to the document), sorted */
	uint32_t n;
	uint32_t value;
} ent;

static int cmp_ent(const void *a, const void *b)
{
	const ent *x = *(ent *const *)a, *y = *(ent *const *)b;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	for (uint32_t i = 0; i < x->n; i++)
		if (x->el[i] != y->el[i])
			return x->el[i] < y->el[i] ? -1 : 1;
	return 0;
}

typedef struct build {
	const char *const *names;
	size_t nann;
	sets S;
	size_t *start;           /* alpha units */
	size_t nunits, cap_start;
	uint32_t *vals;
	size_t nvals, cap_vals;
	uint32_t *near;
	size_t nnear, cap_near;  /* in pairs */
	xp_agreement *out;
	uint32_t units_base;     /* global id of this document's first mention */
} build;

static int same_tokens(const xp_doc *a, const xp_doc *b, const char *bname, xp_err *err)
{
	if (a->nutts != b->nutts)
		return xp_failc(err, XP_EINPUT, bname, 0,
				"document %s part %d has %zu sentences where the first annotation has %zu: "
				"annotations must share their tokens",
				b->id, b->part, b->nutts, a->nutts);
	for (size_t u = 0; u < a->nutts; u++)
		if (a->utts[u].ntoks != b->utts[u].ntoks || strcmp(a->utts[u].text, b->utts[u].text))
			return xp_failc(err, XP_EINPUT, bname, b->utts[u].line,
					"sentence %zu of document %s part %d differs from the first annotation's: "
					"annotations must share their tokens",
					u + 1, b->id, b->part);
	return 0;
}

#define OOM() xp_failc(err, XP_ENOMEM, "", 0, "out of memory computing agreement")

/* One document: docs[a] is annotator a's, or NULL. */
static int add_document(build *B, const xp_doc *const *docs, xp_err *err)
{
	const xp_doc *ref = NULL;
	size_t present = 0;
	for (size_t a = 0; a < B->nann; a++) {
		if (!docs[a])
			continue;
		present++;
		if (!ref)
			ref = docs[a];
		else if (same_tokens(ref, docs[a], B->names[a], err))
			return err->code;
	}
	uint64_t *off = malloc((ref->nutts + 1) * sizeof *off);
	size_t total = 0;
	for (size_t a = 0; a < B->nann; a++)
		total += docs[a] ? docs[a]->nmentions : 0;
	span *sp = malloc((total + 1) * sizeof *sp);
	uint32_t *mid = malloc((total + 1) * sizeof *mid);       /* mention -> local unit */
	uint32_t *el = malloc((total + 1) * sizeof *el);
	ent *ents = NULL, **order = NULL;
	size_t nents = 0;
	int rc = -1;
	if (!off || !sp || !mid || !el)
		goto out;
	off[0] = 0;
	for (size_t u = 0; u < ref->nutts; u++)
		off[u + 1] = off[u] + ref->utts[u].ntoks;
	size_t ns = 0, nclusters = 0;
	for (size_t a = 0; a < B->nann; a++) {
		if (!docs[a])
			continue;
		nclusters += docs[a]->nclusters;
		for (size_t i = 0; i < docs[a]->nmentions; i++) {
			const xp_mention *m = &docs[a]->mentions[i];
			sp[ns++] = (span){off[m->utt] + m->start, off[m->utt] + m->end};
		}
	}
	qsort(sp, ns, sizeof *sp, cmp_span);
	size_t nu = 0;
	for (size_t i = 0; i < ns; i++)
		if (!nu || cmp_span(&sp[nu - 1], &sp[i]))
			sp[nu++] = sp[i];
	B->out->units += nu;
	ents = calloc(nclusters + 1, sizeof *ents);
	order = malloc((nclusters + 1) * sizeof *order);
	/* per annotator present, its value for each unit: row p of nu entries */
	uint32_t *uval = malloc((present * nu + 1) * sizeof *uval);
	if (!ents || !order || !uval) {
		free(uval);
		goto out;
	}
	for (size_t i = 0; i < present * nu; i++)
		uval[i] = UINT32_MAX;
	size_t p = 0, elpos = 0;
	for (size_t a = 0; a < B->nann; a++) {
		const xp_doc *d = docs[a];
		if (!d)
			continue;
		/* mentions -> units; then each cluster's units, in order */
		uint32_t *cnt = calloc(d->nclusters + 1, sizeof *cnt);
		if (!cnt) {
			free(uval);
			goto out;
		}
		for (size_t i = 0; i < d->nmentions; i++) {
			const xp_mention *m = &d->mentions[i];
			span q = {off[m->utt] + m->start, off[m->utt] + m->end};
			span *hit = bsearch(&q, sp, nu, sizeof *sp, cmp_span);
			mid[i] = (uint32_t)(hit - sp);
			cnt[m->cluster]++;
		}
		ent *E = ents + nents;
		for (size_t c = 0; c < d->nclusters; c++) {
			E[c].el = el + elpos;
			E[c].n = 0;
			elpos += cnt[c];
		}
		free(cnt);
		for (size_t i = 0; i < d->nmentions; i++) {
			ent *e = &E[d->mentions[i].cluster];
			e->el[e->n++] = mid[i];
		}
		for (size_t c = 0; c < d->nclusters; c++)
			order[nents + c] = &E[c];
		nents += d->nclusters;
		p++;
	}
	/* equal sets of different annotators are one value */
	qsort(order, nents, sizeof *order, cmp_ent);
	for (size_t i = 0; i < nents; i++) {
		if (i && !cmp_ent(&order[i - 1], &order[i])) {
			order[i]->value = order[i - 1]->value;
			continue;
		}
		const ent *e = order[i];
		if (xp_grow(&B->S.off, &B->S.cap_off, B->S.n + 1, sizeof *B->S.off) ||
		    xp_grow(&B->S.len, &B->S.cap_len, B->S.n + 1, sizeof *B->S.len) ||
		    xp_grow(&B->S.el, &B->S.cap_el, B->S.nel + e->n + 1, sizeof *B->S.el)) {
			free(uval);
			goto out;
		}
		B->S.off[B->S.n] = B->S.nel;
		B->S.len[B->S.n] = e->n;
		for (uint32_t k = 0; k < e->n; k++)
			B->S.el[B->S.nel++] = B->units_base + e->el[k];
		order[i]->value = (uint32_t)B->S.n++;
	}
	/* each unit's value from each annotator: the first entity holding it */
	p = 0;
	size_t e0 = 0;
	for (size_t a = 0; a < B->nann; a++) {
		const xp_doc *d = docs[a];
		if (!d)
			continue;
		for (size_t i = 0; i < d->nmentions; i++) {
			const xp_mention *m = &d->mentions[i];
			span q = {off[m->utt] + m->start, off[m->utt] + m->end};
			size_t u = (size_t)((span *)bsearch(&q, sp, nu, sizeof *sp, cmp_span) - sp);
			uint32_t v = ents[e0 + m->cluster].value;
			if (uval[p * nu + u] == UINT32_MAX)
				uval[p * nu + u] = v;
			else
				B->out->two_entities++;
		}
		e0 += d->nclusters;
		p++;
	}
	for (size_t u = 0; u < nu; u++) {
		if (xp_grow(&B->start, &B->cap_start, B->nunits + 2, sizeof *B->start) ||
		    xp_grow(&B->vals, &B->cap_vals, B->nvals + present + 1, sizeof *B->vals)) {
			free(uval);
			goto out;
		}
		size_t first = B->nvals;
		B->start[B->nunits] = first;
		for (size_t q = 0; q < present; q++)
			if (uval[q * nu + u] != UINT32_MAX)
				B->vals[B->nvals++] = uval[q * nu + u];
		size_t m = B->nvals - first;
		B->out->lone += m == 1;
		B->out->all += m == B->nann;
		for (size_t i = first; i < B->nvals; i++)
			for (size_t j = i + 1; j < B->nvals; j++) {
				if (B->vals[i] == B->vals[j])
					continue;
				if (xp_grow(&B->near, &B->cap_near, 2 * (B->nnear + 1), sizeof *B->near)) {
					free(uval);
					goto out;
				}
				B->near[2 * B->nnear] = B->vals[i];
				B->near[2 * B->nnear + 1] = B->vals[j];
				B->nnear++;
			}
		B->nunits++;
		B->start[B->nunits] = B->nvals;
	}
	B->units_base += (uint32_t)nu;
	free(uval);
	rc = 0;
out:
	free(off);
	free(sp);
	free(mid);
	free(el);
	free(ents);
	free(order);
	return rc ? OOM() : 0;
}

int xp_agree(const xp_corpus *const *ann, const char *const *names, size_t n, xp_agreement *out,
	     xp_err *err)
{
	memset(out, 0, sizeof *out);
	out->annotators = n;
	if (n < 2)
		return xp_failc(err, XP_EUSAGE, "", 0, "agreement needs two annotations or more");
	size_t total = 0;
	for (size_t a = 0; a < n; a++)
		total += ann[a]->ndocs;
	aref *refs = malloc((total + 1) * sizeof *refs);
	const xp_doc **docs = calloc(n, sizeof *docs);
	out->npairs = n * (n - 1) / 2;
	out->pairs = calloc(out->npairs, sizeof *out->pairs);
	build B = {.names = names, .nann = n, .out = out};
	int rc = 0;
	if (!refs || !docs || !out->pairs) {
		rc = OOM();
		goto out;
	}
	for (size_t a = 0, k = 0; a < n; a++)
		for (size_t i = 0; i < ann[a]->ndocs; i++)
			refs[k++] = (aref){ann[a]->docs[i].id, ann[a]->docs[i].part, a, &ann[a]->docs[i]};
	qsort(refs, total, sizeof *refs, cmp_aref);
	for (size_t a = 0, k = 0; a < n; a++)
		for (size_t b = a + 1; b < n; b++)
			out->pairs[k++] = (xp_agree_pair){.a = a, .b = b};
	for (size_t i = 0; rc == 0 && i < total;) {
		size_t j = i;
		memset(docs, 0, n * sizeof *docs);
		/* an annotator's document given twice: the first counts */
		for (; j < total && !strcmp(refs[j].id, refs[i].id) && refs[j].part == refs[i].part; j++)
			if (!docs[refs[j].ann])
				docs[refs[j].ann] = refs[j].d;
		i = j;
		out->documents++;
		rc = add_document(&B, docs, err);
		for (size_t k = 0; rc == 0 && k < out->npairs; k++) {
			xp_agree_pair *p = &out->pairs[k];
			if (!docs[p->a] || !docs[p->b])
				continue;
			p->documents++;
			if (xp_score_doc(docs[p->a], docs[p->b], XP_ALL_METRICS, &p->s))
				rc = OOM();
		}
	}
	if (rc == 0) {
		xp_alpha_data d = {.nunits = B.nunits, .start = B.start, .vals = B.vals, .nvalues = B.S.n,
				   .dist = dist_passonneau, .arg = &B.S, .near = B.near, .nnear = B.nnear};
		rc = xp_alpha_compute(&d, &out->iaa1, err);
		d.dist = dist_masi;
		if (rc == 0)
			rc = xp_alpha_compute(&d, &out->iaa2, err);
	}
out:
	free(refs);
	free(docs);
	free(B.S.off);
	free(B.S.len);
	free(B.S.el);
	free(B.start);
	free(B.vals);
	free(B.near);
	if (rc)
		xp_agreement_free(out);
	return rc;
}

void xp_agreement_free(xp_agreement *a)
{
	free(a->pairs);
	a->pairs = NULL;
	a->npairs = 0;
}
