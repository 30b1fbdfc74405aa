/* align/namelearn.c — a show's names learned while aligning; see namelearn.h. */
#include "namelearn.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../model/tokenize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xp_wa_namelearn_init(wa_namelearn *L, uint8_t *isname, uint32_t V)
{
	memset(L, 0, sizeof *L);
	L->isname = isname;
	L->V = V;
	L->occ = calloc((size_t)V + 1, sizeof *L->occ);
	if (!L->occ || xp_vocab_init(&L->keys, 0)) {
		free(L->occ);
		L->occ = NULL;
		return -1;
	}
	return 0;
}

void xp_wa_namelearn_free(wa_namelearn *L)
{
	if (!L->occ)
		return;
	free(L->isname), free(L->occ), free(L->cnt);
	xp_vocab_free(&L->keys);
	memset(L, 0, sizeof *L);
}

int xp_wa_form_count(xp_vocab *keys, double **cnt, size_t *cap, uint32_t first, const uint32_t *f, uint32_t n, double w)
{
	char key[16 * (WA_FORM_MAX + 1)];
	int len = snprintf(key, sizeof key, "%u", first);
	for (uint32_t k = 0; k < n; k++)
		len += snprintf(key + len, sizeof key - (size_t)len, " %u", f[k]);
	uint32_t id = xp_vocab_id(keys, key, (size_t)len);
	if (id == UINT32_MAX)
		return -1;
	size_t old = *cap;
	if (xp_grow(cnt, cap, (size_t)id + 1, sizeof **cnt))
		return -1;
	if (*cap > old)
		memset(*cnt + old, 0, (*cap - old) * sizeof **cnt);
	(*cnt)[id] += w;
	return 0;
}

int xp_wa_namelearn_count(wa_namelearn *L, const wa_corpus *c, const wa_sampler *s, int n, uint32_t upto)
{
	const wa_side *E = &c->side[0], *F = &c->side[1];
	if (n <= 0)
		return 0;
	L->samplers = n;
	for (uint32_t k = 0; k < upto && k < c->nsent; k++) {
		uint32_t I = wa_len(E, k), J = wa_len(F, k);
		if (!J || I > WA_MAXLEN || J > WA_MAXLEN)
			continue;
		const uint32_t *es = E->tok + E->off[k], *fs = F->tok + F->off[k];
		for (uint32_t i = 0; i < I; i++) {
			uint32_t e = es[i];
			if (e >= L->V || !L->isname[e])
				continue;
			L->occ[e]++;
			for (int q = 0; q < n; q++) {
				const uint16_t *a = s[q].a + F->off[k];
				/* the longest run of target words linked to position i (the first of equals) */
				uint32_t best = 0, bl = 0;
				for (uint32_t j = 0; j < J;) {
					if (a[j] != i + 1) {
						j++;
						continue;
					}
					uint32_t r = j;
					while (r < J && a[r] == i + 1)
						r++;
					if (r - j > bl)
						best = j, bl = r - j;
					j = r;
				}
				if (bl && bl <= WA_NAME_RUN && xp_wa_form_count(&L->keys, &L->cnt, &L->cap, e, fs + best, bl, 1.0 / n))
					return -1;
			}
		}
	}
	return 0;
}

/* 1 if word w is punctuation only (a name's middle dot 钱德勒·宾, a comma) */
int xp_wa_punct_word(const char *w)
{
	return !*w || xp_punct_only(w, strlen(w), 0);
}

/* A learned key ("first f1 f2 ...": a source id, then at most `most`
 * target ids, read into ids[]) spelled "first<TAB>words" into b, the
 * punctuation at the words' ends left out; *first gets the source id.
 * 1 when no word is left (the key is skipped), else 0 (b->oom on OOM). */
static int form_spell(const char *key, const xp_vocab *tgt, uint32_t *ids, uint32_t most, uint32_t *first, xp_buf *b)
{
	char *p;
	uint32_t m = 0;
	*first = (uint32_t)strtoul(key, &p, 10);
	while (*p && m < most) {
		unsigned long f = strtoul(p + 1, &p, 10);
		if (f < tgt->n)
			ids[m++] = (uint32_t)f;
	}
	uint32_t lo = 0, hi = m;
	while (lo < hi && xp_wa_punct_word(tgt->words[ids[lo]]))
		lo++;
	while (hi > lo && xp_wa_punct_word(tgt->words[ids[hi - 1]]))
		hi--;
	if (lo == hi)
		return 1;
	b->n = 0;
	xp_buf_printf(b, "%u\t", *first);
	for (uint32_t k = lo; k < hi; k++) {
		if (k > lo)
			xp_buf_putc(b, ' ');
		xp_buf_puts(b, tgt->words[ids[k]]);
	}
	return 0;
}

static int by_first_count(const void *x, const void *y)
{
	const wa_form *a = x, *b = y;
	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	if (a->c != b->c)
		return a->c > b->c ? -1 : 1;
	return a->key < b->key ? -1 : a->key > b->key;
}

int xp_wa_forms_join(const xp_vocab *keys, const double *cnt, size_t cap, const xp_vocab *tgt, uint32_t most,
		     uint32_t nfirst, xp_vocab *S, wa_form **out, size_t *nout)
{
	wa_form *v = malloc(((size_t)keys->n + 1) * sizeof *v);
	uint32_t *ids = malloc(((size_t)most + 1) * sizeof *ids);
	xp_buf b = {0};
	if (!v || !ids || xp_vocab_init(S, 0)) {
		free(v), free(ids);
		return -1;
	}
	size_t n = 0;
	for (uint32_t id = 0; id < keys->n; id++) {
		uint32_t first;
		if (form_spell(keys->words[id], tgt, ids, most, &first, &b) || first >= nfirst)
			continue;
		uint32_t sid = b.oom ? UINT32_MAX : xp_vocab_id(S, b.p, b.n);
		if (sid == UINT32_MAX) {
			xp_buf_free(&b);
			xp_vocab_free(S);
			free(v), free(ids);
			return -1;
		}
		if (sid == n)
			v[n++] = (wa_form){first, sid, 0};
		v[sid].c += id < cap ? cnt[id] : 0;
	}
	qsort(v, n, sizeof *v, by_first_count);
	xp_buf_free(&b);
	free(ids);
	*out = v, *nout = n;
	return 0;
}

/* Each counted form as its words, the punctuation at its ends left out
 * (the middle dot linked with 宾 of 钱德勒·宾 is no part of "Bing"), the
 * counts of forms that are then the same joined (xp_wa_forms_join). */
int xp_wa_namelearn_forms(const wa_namelearn *L, const xp_vocab voc[2], xp_names *out)
{
	if (!L->occ)
		return 0;
	xp_vocab S;
	wa_form *v;
	size_t n;
	if (xp_wa_forms_join(&L->keys, L->cnt, L->cap, &voc[1], WA_NAME_RUN + 1, L->V < voc[0].n ? L->V : voc[0].n, &S,
			     &v, &n))
		return -1;
	size_t kept_n = 0;
	for (size_t k = 0; k < n; k++)
		if (v[k].c >= WA_NAME_MIN && v[k].c >= WA_NAME_SHARE * L->occ[v[k].first])
			v[kept_n++] = v[k];
	int rc = 0;
	for (size_t k = 0, rank = 0; k < kept_n && !rc; k++) {
		rank = k && v[k].first == v[k - 1].first ? rank + 1 : 0;
		if (rank >= WA_NAME_FORMS)
			continue;
		const char *name = voc[0].words[v[k].first], *form = strchr(S.words[v[k].key], '\t') + 1;
		if (xp_names_add(out, name, strlen(name), form, strlen(form), v[k].c, v[k].c / L->occ[v[k].first],
				 L->occ[v[k].first]))
			rc = -1;
	}
	xp_vocab_free(&S);
	free(v);
	return rc;
}
