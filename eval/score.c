/*
 * eval/score.c — scoring documents and corpora; see score.h.
 */
#include "score.h"
#include "chains.h"
#include "metrics.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[XP_NMETRICS] = {"mentions", "muc", "bcub", "ceafm",
					       "ceafe",    "blanc", "lea"};

const char *xp_metric_name(xp_metric m) { return names[m]; }

unsigned xp_metric_mask(const char *name)
{
	if (!strcmp(name, "all"))
		return XP_ALL_METRICS;
	for (int i = 0; i < XP_NMETRICS; i++)
		if (!strcmp(name, names[i]))
			return 1u << i;
	return 0;
}

static void add(xp_rp *a, const xp_rp *b)
{
	a->rn += b->rn, a->rd += b->rd, a->pn += b->pn, a->pd += b->pd;
}

int xp_score_doc(const xp_doc *key, const xp_doc *resp, unsigned mask, xp_scores *acc)
{
	xp_pair p;
	if (xp_pair_build(&p, key, resp))
		return -1;
	xp_overlap *ov = NULL;
	size_t nov = 0;
	xp_rp r[XP_NMETRICS] = {{0}}, bc = {0}, bn = {0};
	int rc = xp_pair_overlaps(&p, &ov, &nov);
	r[XP_MENTIONS] = (xp_rp){p.nmatched, p.nkey_ids, p.nmatched, p.nresp_spans};
	if (rc == 0 && (mask & 1u << XP_MUC))
		rc = xp_muc(&p, &r[XP_MUC]);
	if (rc == 0 && (mask & 1u << XP_BCUB))
		rc = xp_bcub(&p, &r[XP_BCUB]);
	if (rc == 0 && (mask & (1u << XP_CEAFM | 1u << XP_CEAFE)))
		rc = xp_ceaf(&p, ov, nov, &r[XP_CEAFM], &r[XP_CEAFE]);
	if (rc == 0 && (mask & 1u << XP_LEA))
		rc = xp_lea(&p, ov, nov, &r[XP_LEA]);
	if (rc == 0 && (mask & 1u << XP_BLANC))
		rc = xp_blanc(&p, ov, nov, &bc, &bn);
	free(ov);
	int p_repeated = p.dup_key || p.dup_resp || p.drop_resp;
	xp_pair_free(&p);
	if (rc)
		return -1;
	for (int m = 0; m < XP_NMETRICS; m++)
		add(&acc->m[m], &r[m]);
	add(&acc->blanc_coref, &bc);
	add(&acc->blanc_noncoref, &bn);
	acc->documents++;
	acc->missing += resp == NULL;
	acc->repeated += p_repeated;
	return 0;
}

/* --- corpus ------------------------------------------------------------ */

int xp_each_doc_pair(const xp_corpus *key, const xp_corpus *resp,
		     int (*fn)(const xp_doc *k, const xp_doc *r, void *arg), void *arg)
{
	xp_doc_index idx;
	if (xp_doc_index_init(&idx, resp))
		return -1;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < key->ndocs; i++) {
		const xp_doc *k = &key->docs[i];
		size_t r = xp_doc_index_find(&idx, k->id, k->part);
		rc = fn(k, r == SIZE_MAX ? NULL : &resp->docs[r], arg);
	}
	xp_doc_index_free(&idx);
	return rc;
}

typedef struct corpus_acc {
	unsigned mask;
	xp_scores *total;
	xp_score_cb per_doc;
	void *arg;
	xp_err *err;
} corpus_acc;

static int score_pair(const xp_doc *k, const xp_doc *r, void *arg)
{
	corpus_acc *a = arg;
	xp_scores one = {0};
	if (xp_score_doc(k, r, a->mask, &one))
		return xp_failc(a->err, XP_ENOMEM, "", 0, "out of memory scoring %s", k->id);
	if (a->per_doc)
		a->per_doc(k, &one, a->arg);
	xp_scores *total = a->total;
	for (int m = 0; m < XP_NMETRICS; m++)
		add(&total->m[m], &one.m[m]);
	add(&total->blanc_coref, &one.blanc_coref);
	add(&total->blanc_noncoref, &one.blanc_noncoref);
	total->documents += one.documents;
	total->missing += one.missing;
	total->repeated += one.repeated;
	return 0;
}

int xp_score_corpus(const xp_corpus *key, const xp_corpus *resp, unsigned mask,
		    xp_scores *total, xp_score_cb per_doc, void *arg, xp_err *err)
{
	memset(total, 0, sizeof *total);
	corpus_acc a = {mask, total, per_doc, arg, err};
	int rc = xp_each_doc_pair(key, resp, score_pair, &a);
	if (rc == -1)   /* the pairing's own allocation */
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return rc;
}

/* --- figures ------------------------------------------------------------ */

static void rpf(const xp_rp *x, double *r, double *p, double *f)
{
	*r = x->rd ? x->rn / x->rd : 0;
	*p = x->pd ? x->pn / x->pd : 0;
	*f = *r + *p ? 2 * *r * *p / (*r + *p) : 0;
}

/* The reference scorer's BLANC: the mean of the coreference and the
 * non-coreference scores, or just one of them when the key has no link of
 * the other kind (all singletons, or one entity), or 0 when it has none. */
static void blanc(const xp_scores *s, double *r, double *p, double *f)
{
	double rc, pc, fc, rn, pn, fn;
	rpf(&s->blanc_coref, &rc, &pc, &fc);
	rpf(&s->blanc_noncoref, &rn, &pn, &fn);
	int has_c = s->blanc_coref.rd != 0, has_n = s->blanc_noncoref.rd != 0;
	if (has_c && has_n)
		*r = (rc + rn) / 2, *p = (pc + pn) / 2, *f = (fc + fn) / 2;
	else if (has_c)
		*r = rc, *p = pc, *f = fc;
	else if (has_n)
		*r = rn, *p = pn, *f = fn;
	else
		*r = *p = *f = 0;
}

void xp_prf(const xp_scores *s, xp_metric m, double *r, double *p, double *f)
{
	if (m == XP_BLANC)
		blanc(s, r, p, f);
	else
		rpf(&s->m[m], r, p, f);
}

double xp_conll_f1(const xp_scores *s)
{
	double r, p, f, sum = 0;
	const xp_metric parts[3] = {XP_MUC, XP_BCUB, XP_CEAFE};
	for (int i = 0; i < 3; i++) {
		xp_prf(s, parts[i], &r, &p, &f);
		sum += f;
	}
	return sum / 3;
}
