/* align/phraselearn.c — a show's phrases learned while aligning; see phraselearn.h. */
#include "phraselearn.h"
#include "namelearn.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xp_wa_phraselearn_init(wa_phraselearn *L, const xp_vocab voc[2])
{
	memset(L, 0, sizeof *L);
	L->voc = voc;
	L->V = voc[0].n;
	L->punct = calloc((size_t)L->V + 1, 1);
	if (!L->punct)
		return -1;
	for (uint32_t t = 0; t < L->V; t++)
		L->punct[t] = (uint8_t)xp_wa_punct_word(voc[0].words[t]);
	if (xp_vocab_init(&L->runs, 0)) {
		free(L->punct), L->punct = NULL;
		return -1;
	}
	if (xp_vocab_init(&L->keys, 0)) {
		xp_vocab_free(&L->runs);
		free(L->punct), L->punct = NULL;
		return -1;
	}
	return 0;
}

void xp_wa_phraselearn_free(wa_phraselearn *L)
{
	if (!L->punct)
		return;
	free(L->punct), free(L->occ), free(L->cnt);
	xp_vocab_free(&L->runs);
	xp_vocab_free(&L->keys);
	memset(L, 0, sizeof *L);
}

/* the id of English run es[0..n) (added when add), UINT32_MAX when absent
 * (or on OOM, *oom set) */
static uint32_t run_id(wa_phraselearn *L, const uint32_t *es, uint32_t n, int add, int *oom)
{
	char key[16 * WA_PHRASE_LEN];
	int len = 0;
	for (uint32_t k = 0; k < n; k++)
		len += snprintf(key + len, sizeof key - (size_t)len, k ? " %u" : "%u", es[k]);
	uint32_t id = add ? xp_vocab_id(&L->runs, key, (size_t)len) : xp_vocab_find(&L->runs, key, (size_t)len);
	if (add && id == UINT32_MAX)
		*oom = 1;
	return id;
}

/* a pair's usable English length and target length (0: skip it) */
static int usable(const wa_corpus *c, uint32_t k, uint32_t *I, uint32_t *J)
{
	*I = wa_len(&c->side[0], k), *J = wa_len(&c->side[1], k);
	return *I && *J && *I <= WA_MAXLEN && *J <= WA_MAXLEN;
}

int xp_wa_phraselearn_count(wa_phraselearn *L, const wa_corpus *c, const wa_sampler *s, int n, uint32_t upto)
{
	const wa_side *E = &c->side[0], *F = &c->side[1];
	if (n <= 0 || !L->punct)
		return 0;
	int oom = 0;
	uint32_t I, J, maxI = 0;
	/* first the runs' occurrences: only a run seen often enough is
	 * counted with its target phrases (most runs are seen once) */
	for (uint32_t k = 0; k < upto && k < c->nsent && !oom; k++) {
		if (!usable(c, k, &I, &J))
			continue;
		maxI = I > maxI ? I : maxI;
		const uint32_t *es = E->tok + E->off[k];
		for (uint32_t i = 0; i < I && !oom; i++)
			for (uint32_t m = 1; m <= WA_PHRASE_LEN && i + m <= I; m++) {
				if (es[i + m - 1] >= L->V || L->punct[es[i + m - 1]])
					break;
				uint32_t r = run_id(L, es + i, m, 1, &oom);
				if (oom)
					break;
				size_t old = L->occcap;
				if (xp_grow(&L->occ, &L->occcap, (size_t)r + 1, sizeof *L->occ)) {
					oom = 1;
					break;
				}
				if (L->occcap > old)
					memset(L->occ + old, 0, (L->occcap - old) * sizeof *L->occ);
				L->occ[r]++;
			}
	}
	if (oom)
		return -1;
	/* then each sampler's phrases of the frequent runs: rid[i * LEN + m - 1] */
	uint32_t *rid = malloc(((size_t)maxI * WA_PHRASE_LEN + 1) * sizeof *rid);
	uint32_t *tw = malloc((WA_PHRASE_RUN + 1) * sizeof *tw);
	if (!rid || !tw) {
		free(rid), free(tw);
		return -1;
	}
	int rc = 0;
	for (uint32_t k = 0; k < upto && k < c->nsent && !rc; k++) {
		if (!usable(c, k, &I, &J))
			continue;
		const uint32_t *es = E->tok + E->off[k], *fs = F->tok + F->off[k];
		int any = 0;
		for (uint32_t i = 0; i < I; i++)
			for (uint32_t m = 1; m <= WA_PHRASE_LEN; m++) {
				uint32_t r = UINT32_MAX;
				if (i + m <= I) {
					int stop = 0;
					for (uint32_t q = i; q < i + m && !stop; q++)
						stop = es[q] >= L->V || L->punct[es[q]];
					if (!stop)
						r = run_id(L, es + i, m, 0, &oom);
				}
				if (r != UINT32_MAX && (r >= L->occcap || L->occ[r] < WA_PHRASE_OCC))
					r = UINT32_MAX;
				rid[(size_t)i * WA_PHRASE_LEN + m - 1] = r;
				any |= r != UINT32_MAX;
			}
		for (int q = 0; q < n && any && !rc; q++) {
			const uint16_t *a = s[q].a + F->off[k];
			for (uint32_t i = 0; i < I && !rc; i++)
				for (uint32_t m = 1; m <= WA_PHRASE_LEN && !rc; m++) {
					uint32_t r = rid[(size_t)i * WA_PHRASE_LEN + m - 1];
					if (r == UINT32_MAX)
						continue;
					/* the target words linked into [i, i + m): their
					 * hull, consistent when no word inside it is
					 * linked outside the run */
					uint32_t lo = J, hi = 0;
					for (uint32_t j = 0; j < J; j++)
						if (a[j] > i && a[j] <= i + m) {
							lo = j < lo ? j : lo;
							hi = j + 1;
						}
					if (lo >= hi || hi - lo > WA_PHRASE_RUN)
						continue;
					int ok = 1;
					for (uint32_t j = lo; j < hi && ok; j++)
						ok = !a[j] || (a[j] > i && a[j] <= i + m);
					if (!ok)
						continue;
					for (uint32_t j = lo; j < hi; j++)
						tw[j - lo] = fs[j];
					rc = xp_wa_form_count(&L->keys, &L->cnt, &L->cap, r, tw, hi - lo, 1.0 / n);
				}
		}
	}
	free(rid), free(tw);
	return rc;
}

/* Each counted phrase as its words, the punctuation at its ends left out,
 * the counts of phrases that are then the same joined (xp_wa_forms_join). */
int xp_wa_phraselearn_forms(const wa_phraselearn *L, xp_names *out)
{
	if (!L->punct)
		return 0;
	const xp_vocab *voc = L->voc;
	xp_vocab S;
	wa_form *v;
	size_t n;
	if (xp_wa_forms_join(&L->keys, L->cnt, L->cap, &voc[1], WA_PHRASE_RUN, L->runs.n, &S, &v, &n))
		return -1;
	xp_buf e = {0};
	int rc = 0;
	size_t kept_n = 0;
	for (size_t k = 0; k < n; k++)
		if (v[k].c >= WA_PHRASE_MIN && v[k].c >= WA_PHRASE_SHARE * L->occ[v[k].first])
			v[kept_n++] = v[k];
	for (size_t k = 0, rank = 0; k < kept_n && !rc; k++) {
		rank = k && v[k].first == v[k - 1].first ? rank + 1 : 0;
		if (rank >= WA_PHRASE_FORMS)
			continue;
		/* the run's English words, spelled */
		e.n = 0;
		const char *p = L->runs.words[v[k].first];
		while (*p) {
			char *q;
			unsigned long t = strtoul(p, &q, 10);
			if (q == p)
				break;
			if (t < voc[0].n) {
				if (e.n)
					xp_buf_putc(&e, ' ');
				xp_buf_puts(&e, voc[0].words[t]);
			}
			p = q;
			while (*p == ' ')
				p++;
		}
		const char *form = strchr(S.words[v[k].key], '\t') + 1;
		double o = L->occ[v[k].first];
		if (e.oom || xp_names_add(out, e.p, e.n, form, strlen(form), v[k].c, v[k].c / o, o))
			rc = -1;
	}
	xp_buf_free(&e);
	xp_vocab_free(&S);
	free(v);
	return rc;
}
