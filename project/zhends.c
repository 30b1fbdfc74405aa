/* project/zhends.c — how often a jieba word ends a mention; see zhends.h. */
#include "zhends.h"
#include "../base/vocab.h"
#include "../io/json.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAXFOLDS = 64 };

struct xp_zh_ends {
	int folds;
	double prior, strength;
	xp_vocab words, docs;
	uint32_t *count;      /* per word: n, e for each fold (2 * folds) */
	size_t cap;
	int *fold;            /* per document of docs */
	size_t capd;
};

void xp_zh_ends_free(xp_zh_ends *z)
{
	if (!z)
		return;
	xp_vocab_free(&z->words);
	xp_vocab_free(&z->docs);
	free(z->count);
	free(z->fold);
	free(z);
}

static int bad(xp_err *err, const char *name, const char *what)
{
	return xp_failc(err, XP_EINPUT, name, 0, "not a table of Chinese mention ends: %s", what);
}

int xp_zh_ends_parse(const char *name, const char *text, size_t len, xp_zh_ends **out, xp_err *err)
{
	*out = NULL;
	json_t *j = xp_json_parse(name, text, len, JSON_REJECT_DUPLICATES, "a table of Chinese mention ends", err);
	if (!j)
		return err->code;
	json_t *ver = json_object_get(j, "version"), *folds = json_object_get(j, "folds");
	json_t *prior = json_object_get(j, "prior"), *strength = json_object_get(j, "strength");
	json_t *docs = json_object_get(j, "docs"), *words = json_object_get(j, "words");
	xp_zh_ends *z = calloc(1, sizeof *z);
	int rc = 0;
	if (!z || xp_vocab_init(&z->words, 0) || xp_vocab_init(&z->docs, 0))
		rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	else if (!json_is_integer(ver) || json_integer_value(ver) != 1)
		rc = bad(err, name, "\"version\" is not 1");
	else if (!json_is_integer(folds) || json_integer_value(folds) < 1 || json_integer_value(folds) > MAXFOLDS)
		rc = bad(err, name, "\"folds\" is not a number from 1 to 64");
	else if (!json_is_number(prior) || !(json_number_value(prior) > 0 && json_number_value(prior) < 1))
		rc = bad(err, name, "\"prior\" is not a number between 0 and 1");
	else if (!json_is_number(strength) || !(json_number_value(strength) > 0 && json_number_value(strength) < 1e6))
		rc = bad(err, name, "\"strength\" is not a positive number");
	else if (!json_is_object(docs) || !json_is_object(words))
		rc = bad(err, name, "no \"docs\" or \"words\" object");
	if (rc == 0) {
		z->folds = (int)json_integer_value(folds);
		z->prior = json_number_value(prior);
		z->strength = json_number_value(strength);
	}
	const char *k;
	json_t *v;
	if (rc == 0)
		json_object_foreach(docs, k, v) {
			uint32_t id = xp_vocab_id(&z->docs, k, strlen(k));
			if (id != UINT32_MAX && id >= z->capd) {
				int *f = realloc(z->fold, (2 * (size_t)id + 16) * sizeof *f);
				if (f)
					z->fold = f, z->capd = 2 * (size_t)id + 16;
			}
			if (id == UINT32_MAX || id >= z->capd) {
				rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
				break;
			}
			if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= z->folds) {
				rc = xp_failc(err, XP_EINPUT, name, 0, "document '%.60s': its fold is no number from 0 to %d", k,
					      z->folds - 1);
				break;
			}
			z->fold[id] = (int)json_integer_value(v);
		}
	if (rc == 0)
		json_object_foreach(words, k, v) {
			size_t nf = 2 * (size_t)z->folds;
			uint32_t id = xp_vocab_id(&z->words, k, strlen(k));
			if (id != UINT32_MAX && id >= z->cap) {
				uint32_t *c = realloc(z->count, (2 * (size_t)id + 64) * nf * sizeof *c);
				if (c)
					z->count = c, z->cap = 2 * (size_t)id + 64;
			}
			if (id == UINT32_MAX || id >= z->cap) {
				rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
				break;
			}
			if (!json_is_array(v) || json_array_size(v) != nf) {
				rc = xp_failc(err, XP_EINPUT, name, 0, "word '%.60s': not %zu counts", k, nf);
				break;
			}
			for (size_t f = 0; rc == 0 && f < nf; f++) {
				json_t *c = json_array_get(v, f);
				if (!json_is_integer(c) || json_integer_value(c) < 0 || json_integer_value(c) > UINT32_MAX ||
				    (f % 2 && json_integer_value(c) > json_integer_value(json_array_get(v, f - 1))))
					rc = xp_failc(err, XP_EINPUT, name, 0, "word '%.60s': count %zu is no count (or more mention "
						      "ends than occurrences)", k, f + 1);
				else
					z->count[id * nf + f] = (uint32_t)json_integer_value(c);
			}
			if (rc)
				break;
		}
	json_decref(j);
	if (rc)
		xp_zh_ends_free(z);
	else
		*out = z;
	return rc;
}

extern const char xp_zh_ends_json[];   /* generated from project/zh_ends.json */

int xp_zh_ends_default(xp_zh_ends **out, xp_err *err)
{
	return xp_zh_ends_parse("project/zh_ends.json", xp_zh_ends_json, strlen(xp_zh_ends_json), out, err);
}

double xp_zh_ends_value(const xp_zh_ends *z, const char *doc, const char *w, size_t n)
{
	xp_zh_ends *m = (xp_zh_ends *)z;   /* the vocabularies' lookups use scratch space */
	uint32_t id = z ? xp_vocab_find(&m->words, w, n) : UINT32_MAX;
	if (id == UINT32_MAX)
		return 0;
	uint32_t d = doc ? xp_vocab_find(&m->docs, doc, strlen(doc)) : UINT32_MAX;
	int own = d == UINT32_MAX ? -1 : z->fold[d];
	double occ = 0, ends = 0;
	for (int f = 0; f < z->folds; f++)
		if (f != own)
			occ += z->count[(size_t)id * 2 * z->folds + 2 * f], ends += z->count[(size_t)id * 2 * z->folds + 2 * f + 1];
	double p = (ends + z->strength * z->prior) / (occ + z->strength);
	return log(p / (1 - p)) - log(z->prior / (1 - z->prior));
}

/* --- building ---------------------------------------------------------------------------- */

static int by_id(const void *a, const void *b)
{
	const xp_doc *x = *(const xp_doc *const *)a, *y = *(const xp_doc *const *)b;
	int c = strcmp(x->id, y->id);
	return c ? c : (x->part > y->part) - (x->part < y->part);
}

/* Count document d's words (fold f) into z. */
static int count_doc(xp_zh_ends *z, xp_zhseg *seg, const xp_doc *d, int f)
{
	size_t nf = 2 * (size_t)z->folds;
	for (uint32_t u = 0; u < d->nutts; u++) {
		const xp_utt *ut = &d->utts[u];
		xp_buf s = {0};
		uint32_t *off = malloc((ut->ntoks + 1) * sizeof *off);
		if (!off)
			return -1;
		for (uint32_t t = 0; t < ut->ntoks; t++) {
			uint32_t len;
			const char *w = xp_tok_str(ut, t, &len);
			off[t] = (uint32_t)s.n;
			xp_buf_add(&s, w, len);
		}
		off[ut->ntoks] = (uint32_t)s.n;
		uint8_t *start = malloc(s.n + 1), *end = calloc(s.n + 1, 1);
		int rc = start && end && !s.oom ? xp_zhseg_cut(seg, s.p ? s.p : "", s.n, start) : -1;
		for (size_t m = 0; rc == 0 && m < d->nmentions; m++)
			if (d->mentions[m].utt == u && d->mentions[m].end <= ut->ntoks && d->mentions[m].end > 0)
				end[off[d->mentions[m].end]] = 1;
		for (size_t a = 0, b; rc == 0 && a < s.n; a = b) {
			for (b = a + 1; b < s.n && !start[b]; b++)
				;
			uint32_t id = xp_vocab_id(&z->words, s.p + a, b - a);
			if (id == UINT32_MAX) {
				rc = -1;
				break;
			}
			if (id >= z->cap) {
				size_t cap = 2 * (size_t)id + 64;
				uint32_t *c = realloc(z->count, cap * nf * sizeof *c);
				if (!c) {
					rc = -1;
					break;
				}
				memset(c + z->cap * nf, 0, (cap - z->cap) * nf * sizeof *c);
				z->count = c, z->cap = cap;
			}
			z->count[id * nf + 2 * (size_t)f]++;
			z->count[id * nf + 2 * (size_t)f + 1] += end[b];
		}
		free(start), free(end), free(off), xp_buf_free(&s);
		if (rc)
			return -1;
	}
	return 0;
}

int xp_zh_ends_build(const xp_corpus *c, xp_zhseg *seg, int folds, const char *note, xp_buf *out, xp_err *err)
{
	if (folds < 1 || folds > MAXFOLDS)
		return xp_failc(err, XP_EINPUT, "", 0, "folds: %d is not from 1 to %d", folds, MAXFOLDS);
	xp_zh_ends z = {.folds = folds, .prior = 0.3, .strength = 2};
	const xp_doc **order = malloc((c->ndocs + 1) * sizeof *order);
	json_t *j = json_object(), *docs = json_object(), *words = json_object();
	int rc = order && j && docs && words && !xp_vocab_init(&z.words, 0) ? 0 : -1;
	for (size_t d = 0; rc == 0 && d < c->ndocs; d++)
		order[d] = &c->docs[d];
	if (rc == 0)
		qsort(order, c->ndocs, sizeof *order, by_id);
	for (size_t d = 0; rc == 0 && d < c->ndocs; d++) {
		int f = (int)(d % (size_t)folds);
		rc = count_doc(&z, seg, order[d], f);
		/* a document in several parts: its parts in one fold (the first's) */
		if (rc == 0 && !json_object_get(docs, order[d]->id))
			rc = json_object_set_new(docs, order[d]->id, json_integer(f));
	}
	for (uint32_t w = 0; rc == 0 && w < z.words.n; w++) {
		json_t *a = json_array();
		for (size_t f = 0; a && f < 2 * (size_t)folds; f++)
			if (json_array_append_new(a, json_integer(z.count[w * 2 * (size_t)folds + f])))
				json_decref(a), a = NULL;
		rc = a ? json_object_set_new(words, z.words.words[w], a) : -1;
	}
	if (rc == 0)
		rc = json_object_set_new(j, "version", json_integer(1)) ||
		     json_object_set_new(j, "what", json_string(note ? note : "")) ||
		     json_object_set_new(j, "folds", json_integer(folds)) ||
		     json_object_set_new(j, "prior", json_real(z.prior)) ||
		     json_object_set_new(j, "strength", json_real(z.strength)) ||
		     json_object_set(j, "docs", docs) || json_object_set(j, "words", words) ? -1 : 0;
	char *text = rc == 0 ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(10)) : NULL;
	if (rc == 0 && text)
		xp_buf_puts(out, text), xp_buf_putc(out, '\n');
	else
		rc = -1;
	free(text);
	json_decref(docs), json_decref(words), json_decref(j);
	free(order), free(z.count), xp_vocab_free(&z.words);
	return rc ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
}
