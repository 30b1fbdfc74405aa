/* base/vocab.c — see vocab.h. */
#include "vocab.h"
#include "text.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucasemap.h>

int xp_vocab_init(xp_vocab *v, int lowercase)
{
	memset(v, 0, sizeof *v);
	v->nslots = 1024;
	v->slot = calloc(v->nslots, sizeof *v->slot);
	if (!v->slot)
		return -1;
	if (lowercase) {
		UErrorCode e = U_ZERO_ERROR;
		v->casemap = ucasemap_open("", 0, &e);
		if (U_FAILURE(e))
			return -1;
		v->lower = 1;
	}
	return 0;
}

void xp_vocab_free(xp_vocab *v)
{
	for (uint32_t i = 0; i < v->n; i++)
		free(v->words[i]);
	free(v->words);
	free(v->slot);
	free(v->tmp);
	if (v->casemap)
		ucasemap_close(v->casemap);
	memset(v, 0, sizeof *v);
}

static int rehash(xp_vocab *v)
{
	size_t ns = v->nslots * 2;
	uint32_t *sl = calloc(ns, sizeof *sl);
	if (!sl)
		return -1;
	for (uint32_t id = 0; id < v->n; id++) {
		size_t k = xp_hash(v->words[id], strlen(v->words[id])) & (ns - 1);
		while (sl[k])
			k = (k + 1) & (ns - 1);
		sl[k] = id + 1;
	}
	free(v->slot);
	v->slot = sl;
	v->nslots = ns;
	return 0;
}

static const char *lower(xp_vocab *v, const char *s, size_t *n)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t need = ucasemap_utf8ToLower(v->casemap, v->tmp, (int32_t)v->tmpcap, s, (int32_t)*n, &e);
	if (e == U_BUFFER_OVERFLOW_ERROR || (size_t)need >= v->tmpcap) {
		if (xp_grow(&v->tmp, &v->tmpcap, (size_t)need + 1, 1))
			return NULL;
		e = U_ZERO_ERROR;
		need = ucasemap_utf8ToLower(v->casemap, v->tmp, (int32_t)v->tmpcap, s, (int32_t)*n, &e);
	}
	if (U_FAILURE(e))
		return s;   /* ill-formed input: keep it as it is */
	*n = (size_t)need;
	return v->tmp;
}

/* the slot holding s, or the empty slot where it would go */
static size_t slot_of(const xp_vocab *v, const char *s, size_t n)
{
	size_t k = xp_hash(s, n) & (v->nslots - 1);
	while (v->slot[k]) {
		const char *w = v->words[v->slot[k] - 1];
		if (strlen(w) == n && !memcmp(w, s, n))
			break;
		k = (k + 1) & (v->nslots - 1);
	}
	return k;
}

uint32_t xp_vocab_find(xp_vocab *v, const char *s, size_t n)
{
	if (v->lower && !(s = lower(v, s, &n)))
		return UINT32_MAX;
	size_t k = slot_of(v, s, n);
	return v->slot[k] ? v->slot[k] - 1 : UINT32_MAX;
}

uint32_t xp_vocab_id(xp_vocab *v, const char *s, size_t n)
{
	if (v->lower && !(s = lower(v, s, &n)))
		return UINT32_MAX;
	size_t k = slot_of(v, s, n);
	if (v->slot[k])
		return v->slot[k] - 1;
	if (xp_grow(&v->words, &v->cap, v->n + 1, sizeof *v->words))
		return UINT32_MAX;
	char *w = malloc(n + 1);
	if (!w)
		return UINT32_MAX;
	memcpy(w, s, n);
	w[n] = '\0';
	v->words[v->n] = w;
	v->slot[k] = ++v->n;
	if (v->n * 2 > v->nslots && rehash(v))
		return UINT32_MAX;
	return v->n - 1;
}
