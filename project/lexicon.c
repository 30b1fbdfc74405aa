/* project/lexicon.c — a silver corpus's words at mention ends; see lexicon.h. */
#include "lexicon.h"
#include "feat.h"
#include "../lang/lang.h"
#include "../lang/np.h"
#include "confidence.h"
#include "../base/mem.h"
#include "../base/vocab.h"
#include "../io/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const xp_lex_params xp_lex_model_params = {.folds = 10, .by_id = 0, .prior = 0, .strength = 5};
const xp_lex_params xp_lex_table_params = {.folds = 5, .by_id = 1, .prior = 0.3, .strength = 2};

struct xp_lex {
	xp_lex_params p;
	size_t slots;                   /* counts per word: one per fold, then the total (p.folds + 1) */
	xp_vocab v;                     /* folded words */
	uint32_t *n, *end;              /* per word: [id * slots + f], f = p.folds the total */
	size_t cap;                     /* words the arrays hold */
	uint64_t tokens[XP_LEX_MAXFOLDS + 1], ends[XP_LEX_MAXFOLDS + 1];
	xp_vocab ids;                   /* document ids, each with its fold */
	int *fold;
	size_t capf;
	xp_vocab seen;                  /* "id part" of each document counted */
	char *tmp;                      /* scratch for folding */
	size_t tmpcap;
};

static int oom(xp_err *err, const char *name)
{
	return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
}

int xp_lex_new(const xp_lex_params *p, xp_lex **out, xp_err *err)
{
	*out = NULL;
	if (p->folds < 0 || p->folds > XP_LEX_MAXFOLDS || !(p->prior >= 0 && p->prior < 1) ||
	    !(p->strength > 0 && p->strength < 1e6))
		return xp_failc(err, XP_EINPUT, "", 0, "lexicon: folds %d, prior %g or strength %g out of range", p->folds,
				p->prior, p->strength);
	xp_lex *lx = calloc(1, sizeof *lx);
	if (!lx)
		return oom(err, "");
	lx->p = *p;
	lx->slots = (size_t)p->folds + 1;
	if (xp_vocab_init(&lx->v, 0) || xp_vocab_init(&lx->ids, 0) || xp_vocab_init(&lx->seen, 0)) {
		xp_lex_free(lx);
		return oom(err, "");
	}
	*out = lx;
	return 0;
}

void xp_lex_free(xp_lex *lx)
{
	if (!lx)
		return;
	xp_vocab_free(&lx->v);
	xp_vocab_free(&lx->ids);
	xp_vocab_free(&lx->seen);
	free(lx->n);
	free(lx->end);
	free(lx->fold);
	free(lx->tmp);
	free(lx);
}

size_t xp_lex_fold(const char *w, size_t len, char *out)
{
	const unsigned char *s = (const unsigned char *)w;
	size_t o = 0;
	for (size_t i = 0; i < len;) {
		if (i + 1 < len && s[i] == 0xD9) {
			unsigned c = s[i + 1];
			unsigned char f[2];
			if (xp_lang_fold_pair(s[i], s[i + 1], XP_FOLD_MAKSURA, f)) {   /* the packs' folding (lang/lang.h) */
				out[o++] = (char)f[0], out[o++] = (char)f[1], i += 2;
				continue;
			}
			if (c == 0x80 || (c >= 0x8B && c <= 0x92)) {   /* tatweel, short vowels */
				i += 2;
				continue;
			}
		}
		/* zero-width non-joiner U+200C, LRM U+200E, RLM U+200F */
		if (i + 2 < len && s[i] == 0xE2 && s[i + 1] == 0x80 && (s[i + 2] == 0x8C || s[i + 2] == 0x8E || s[i + 2] == 0x8F)) {
			i += 3;
			continue;
		}
		out[o++] = (char)s[i++];
	}
	return o;
}

/* the folded form of w in lx->tmp, its length in *n; NULL on OOM */
static const char *folded(xp_lex *lx, const char *w, size_t len, size_t *n)
{
	if (xp_grow(&lx->tmp, &lx->tmpcap, len + 1, 1))
		return NULL;
	*n = xp_lex_fold(w, len, lx->tmp);
	return lx->tmp;
}

/* the word's id, added with zero counts if new; UINT32_MAX on OOM */
static uint32_t word(xp_lex *lx, const char *w, size_t len)
{
	size_t n;
	const char *f = folded(lx, w, len, &n);
	uint32_t id = f ? xp_vocab_id(&lx->v, f, n) : UINT32_MAX;
	if (id == UINT32_MAX)
		return id;
	if (id >= lx->cap) {
		size_t S = lx->slots, c1 = lx->cap * S, c2 = c1, want = ((size_t)id + 1) * S;
		if (xp_grow(&lx->n, &c1, want, sizeof *lx->n) || xp_grow(&lx->end, &c2, want, sizeof *lx->end))
			return UINT32_MAX;
		size_t grown = (c1 < c2 ? c1 : c2) / S;
		memset(lx->n + lx->cap * S, 0, (grown - lx->cap) * S * sizeof *lx->n);
		memset(lx->end + lx->cap * S, 0, (grown - lx->cap) * S * sizeof *lx->end);
		lx->cap = grown;
	}
	return id;
}

/* n occurrences of word w in fold f (p.folds: the total only), e of them
 * mention ends; -1 on OOM */
static int count(xp_lex *lx, int f, const char *w, size_t len, uint32_t n, uint32_t e)
{
	uint32_t id = word(lx, w, len);
	if (id == UINT32_MAX)
		return -1;
	size_t T = (size_t)lx->p.folds, at = (size_t)id * lx->slots;
	lx->n[at + T] += n, lx->end[at + T] += e;
	lx->tokens[T] += n, lx->ends[T] += e;
	if ((size_t)f != T) {
		lx->n[at + (size_t)f] += n, lx->end[at + (size_t)f] += e;
		lx->tokens[f] += n, lx->ends[f] += e;
	}
	return 0;
}

/* Count document d's words into fold f: tokens, or with seg jieba words. */
static int add_doc(xp_lex *lx, const xp_doc *d, xp_zhseg *seg, int f)
{
	/* tokend[off[u] + t]: a mention ends on token t of utterance u */
	size_t *off = malloc((d->nutts + 1) * sizeof *off);
	if (!off)
		return -1;
	off[0] = 0;
	for (size_t u = 0; u < d->nutts; u++)
		off[u + 1] = off[u] + d->utts[u].ntoks;
	uint8_t *tokend = calloc(off[d->nutts] + 1, 1);
	if (!tokend) {
		free(off);
		return -1;
	}
	for (size_t k = 0; k < d->nmentions; k++) {
		const xp_mention *m = &d->mentions[k];
		if (m->utt < d->nutts && m->end > m->start && m->end <= d->utts[m->utt].ntoks)
			tokend[off[m->utt] + m->end - 1] = 1;
	}
	int rc = 0;
	for (size_t u = 0; rc == 0 && u < d->nutts; u++) {
		const xp_utt *ut = &d->utts[u];
		const uint8_t *te = tokend + off[u];
		if (!seg) {
			for (uint32_t t = 0; rc == 0 && t < ut->ntoks; t++) {
				uint32_t len;
				const char *s = xp_tok_str(ut, t, &len);
				rc = count(lx, f, s, len, 1, te[t]);
			}
			continue;
		}
		/* the sentence's text, a mention end at the byte its last token ends */
		xp_buf s = {0};
		uint32_t *at = malloc((ut->ntoks + 1) * sizeof *at);
		for (uint32_t t = 0; at && t < ut->ntoks; t++) {
			uint32_t len;
			const char *w = xp_tok_str(ut, t, &len);
			at[t] = (uint32_t)s.n;
			xp_buf_add(&s, w, len);
		}
		uint8_t *start = malloc(s.n + 1), *end = calloc(s.n + 1, 1);
		rc = at && start && end && !s.oom ? xp_zhseg_cut(seg, s.p ? s.p : "", s.n, start) : -1;
		for (uint32_t t = 0; rc == 0 && t < ut->ntoks; t++)
			if (te[t])
				end[t + 1 < ut->ntoks ? at[t + 1] : s.n] = 1;
		for (size_t a = 0, b; rc == 0 && a < s.n; a = b) {
			for (b = a + 1; b < s.n && !start[b]; b++)
				;
			rc = count(lx, f, s.p + a, b - a, 1, end[b]);
		}
		free(start), free(end), free(at), xp_buf_free(&s);
	}
	free(tokend);
	free(off);
	return rc;
}

static const char *doc_id(const xp_doc *d)
{
	return d->id ? d->id : "";
}

static int by_id(const void *a, const void *b)
{
	const xp_doc *x = *(const xp_doc *const *)a, *y = *(const xp_doc *const *)b;
	int c = strcmp(doc_id(x), doc_id(y));
	return c ? c : (x->part > y->part) - (x->part < y->part);
}

/* document id's fold, given it when new (fold < 0: the next one dealt);
 * -1 on OOM */
static int id_fold(xp_lex *lx, const char *id, int fold)
{
	uint32_t before = lx->ids.n, k = xp_vocab_id(&lx->ids, id, strlen(id));
	if (k == UINT32_MAX || xp_grow(&lx->fold, &lx->capf, (size_t)k + 1, sizeof *lx->fold))
		return -1;
	if (k >= before)
		lx->fold[k] = fold >= 0 ? fold : (int)(k % (uint32_t)lx->p.folds);
	return lx->fold[k];
}

int xp_lex_add_ref(xp_lex *lx, const xp_corpus *ref, xp_zhseg *seg, xp_err *err)
{
	if (lx->p.folds < 1)
		return xp_failc(err, XP_EINPUT, "", 0, "lexicon: a lexicon of totals counts no documents");
	const xp_doc **order = malloc((ref->ndocs + 1) * sizeof *order);
	if (!order)
		return oom(err, "");
	for (size_t d = 0; d < ref->ndocs; d++)
		order[d] = &ref->docs[d];
	if (lx->p.by_id)
		qsort(order, ref->ndocs, sizeof *order, by_id);
	int rc = 0;
	for (size_t d = 0; rc == 0 && d < ref->ndocs; d++) {
		char k[600];
		snprintf(k, sizeof k, "%s %d", doc_id(order[d]), order[d]->part);
		uint32_t before = lx->seen.n, id = xp_vocab_id(&lx->seen, k, strlen(k));
		if (id == UINT32_MAX) {
			rc = -1;
			break;
		}
		if (id < before)   /* the same document in two references: counted once */
			continue;
		int f = id_fold(lx, doc_id(order[d]), -1);
		rc = f < 0 ? -1 : add_doc(lx, order[d], seg, f);
	}
	free(order);
	return rc ? oom(err, "") : 0;
}

int xp_lex_fold_of(const xp_lex *lx, const char *id)
{
	xp_lex *m = (xp_lex *)lx;   /* the vocabulary's lookup uses scratch space */
	uint32_t k = lx && id ? xp_vocab_find(&m->ids, id, strlen(id)) : UINT32_MAX;
	return k == UINT32_MAX ? -1 : lx->fold[k];
}

double xp_lex_end(xp_lex *lx, const char *w, size_t len, int skip)
{
	if (!lx)
		return 0;
	size_t T = (size_t)lx->p.folds;
	int sk = skip >= 0 && (size_t)skip < T;
	double P = lx->p.prior;
	if (P <= 0) {   /* the counted share */
		uint64_t tokens = lx->tokens[T], ends = lx->ends[T];
		if (sk)
			tokens -= lx->tokens[skip], ends -= lx->ends[skip];
		if (tokens == 0 || ends == 0 || ends >= tokens)
			return 0;
		P = (double)ends / (double)tokens;
	}
	size_t fl;
	const char *f = folded(lx, w, len, &fl);
	uint32_t id = f ? xp_vocab_find(&lx->v, f, fl) : UINT32_MAX;
	if (id == UINT32_MAX || id >= lx->cap)
		return 0;
	size_t at = (size_t)id * lx->slots;
	double n = lx->n[at + T], e = lx->end[at + T];
	if (sk)
		n -= lx->n[at + (size_t)skip], e -= lx->end[at + (size_t)skip];
	if (e > n)   /* a model file may say anything */
		e = n;
	double A = lx->p.strength, p = (e + A * P) / (n + A);
	return log(p / (1 - p)) - log(P / (1 - P));
}

double xp_lex_span_end(xp_lex *lx, const xp_doc *td, int32_t utt, uint32_t start, uint32_t end, int skip)
{
	if (!td || utt < 0 || (size_t)utt >= td->nutts || end <= start || end > td->utts[utt].ntoks)
		return 0;
	uint32_t len;
	const char *w = xp_tok_str(&td->utts[utt], end - 1, &len);
	return xp_lex_end(lx, w, len, skip);
}

void xp_lex_fill(xp_lex *lx, xp_report *r, const xp_corpus *projected, int f)
{
	if (f < 0 || f >= xp_nfeat())
		return;
	for (size_t d = 0; d < r->ndocs; d++) {
		const xp_rdoc *rd = &r->docs[d];
		const xp_doc *pd = NULL;
		for (size_t k = 0; k < projected->ndocs && !pd; k++)
			if (projected->docs[k].id && rd->id && !strcmp(projected->docs[k].id, rd->id) &&
			    projected->docs[k].part == rd->part)
				pd = &projected->docs[k];
		int skip = xp_lex_fold_of(lx, rd->id);
		for (size_t i = rd->first; i < rd->first + rd->n && i < r->n; i++) {
			xp_ritem *it = &r->items[i];
			if (!it->feat)
				continue;
			it->feat[f] =
				it->fate == XP_PROJECTED && it->feat[XP_F_PRONOUN] == 0
					? (float)xp_lex_span_end(lx, pd, it->tgt_utt, it->tgt_start, it->tgt_end, skip)
					: 0;
		}
	}
}

/* --- files ----------------------------------------------------------------------------- */

static int bad(xp_err *err, const char *name, const char *what)
{
	return xp_failc(err, XP_EINPUT, name, 0, "not a table of mention ends: %s", what);
}

int xp_lex_parse_table(const char *name, const char *text, size_t len, xp_lex **out, xp_err *err)
{
	*out = NULL;
	json_t *j = xp_json_parse(name, text, len, JSON_REJECT_DUPLICATES, "a table of mention ends", err);
	if (!j)
		return err->code;
	json_t *ver = json_object_get(j, "version"), *folds = json_object_get(j, "folds");
	json_t *prior = json_object_get(j, "prior"), *strength = json_object_get(j, "strength");
	json_t *docs = json_object_get(j, "docs"), *words = json_object_get(j, "words");
	xp_lex *lx = NULL;
	int rc = 0;
	if (!json_is_integer(ver) || json_integer_value(ver) != 1)
		rc = bad(err, name, "\"version\" is not 1");
	else if (!json_is_integer(folds) || json_integer_value(folds) < 1 || json_integer_value(folds) > XP_LEX_MAXFOLDS)
		rc = bad(err, name, "\"folds\" is not a number from 1 to 64");
	else if (!json_is_number(prior) || !(json_number_value(prior) >= 0 && json_number_value(prior) < 1))
		rc = bad(err, name, "\"prior\" is not a number from 0 (the counted share) to below 1");
	else if (!json_is_number(strength) || !(json_number_value(strength) > 0 && json_number_value(strength) < 1e6))
		rc = bad(err, name, "\"strength\" is not a positive number");
	else if (!json_is_object(docs) || !json_is_object(words))
		rc = bad(err, name, "no \"docs\" or \"words\" object");
	else {
		xp_lex_params p = {.folds = (int)json_integer_value(folds), .by_id = 1, .prior = json_number_value(prior),
				   .strength = json_number_value(strength)};
		rc = xp_lex_new(&p, &lx, err);
	}
	const char *k;
	json_t *v;
	if (rc == 0)
		json_object_foreach(docs, k, v) {
			if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= lx->p.folds) {
				rc = xp_failc(err, XP_EINPUT, name, 0, "document '%.60s': its fold is no number from 0 to %d", k,
					      lx->p.folds - 1);
				break;
			}
			if (id_fold(lx, k, (int)json_integer_value(v)) < 0) {
				rc = oom(err, name);
				break;
			}
		}
	if (rc == 0)
		json_object_foreach(words, k, v) {
			size_t nf = 2 * (size_t)lx->p.folds;
			if (!json_is_array(v) || json_array_size(v) != nf) {
				rc = xp_failc(err, XP_EINPUT, name, 0, "word '%.60s': not %zu counts", k, nf);
				break;
			}
			for (size_t f = 0; rc == 0 && f < nf; f += 2) {
				json_t *cn = json_array_get(v, f), *ce = json_array_get(v, f + 1);
				json_int_t n = json_is_integer(cn) ? json_integer_value(cn) : -1;
				json_int_t e = json_is_integer(ce) ? json_integer_value(ce) : -1;
				if (n < 0 || n > UINT32_MAX || e < 0 || e > n)
					rc = xp_failc(err, XP_EINPUT, name, 0, "word '%.60s': counts %zu, %zu are no counts (or "
						      "more mention ends than occurrences)", k, f + 1, f + 2);
				else if (lx->tokens[lx->p.folds] + (uint64_t)n > UINT32_MAX)
					rc = xp_failc(err, XP_EINPUT, name, 0, "word '%.60s': more than 2^32 words counted", k);
				else if (count(lx, (int)(f / 2), k, strlen(k), (uint32_t)n, (uint32_t)e))
					rc = oom(err, name);
			}
			if (rc)
				break;
		}
	json_decref(j);
	if (rc)
		xp_lex_free(lx);
	else
		*out = lx;
	return rc;
}

int xp_lex_ends_default(xp_lex **out, xp_err *err)
{
	size_t n;
	const xp_lang_pack *const *p = xp_lang_packs(&n);
	*out = NULL;
	for (size_t k = 0; k < n; k++)
		if (p[k]->mention_ends && p[k]->segmenter_rule) {
			char name[64];
			snprintf(name, sizeof name, "lang/ends/%s.json", p[k]->code);
			return xp_lex_parse_table(name, p[k]->mention_ends, strlen(p[k]->mention_ends), out, err);
		}
	return 0;
}

int xp_lex_table_json(const xp_lex *lx, const char *note, xp_buf *out, xp_err *err)
{
	size_t F = (size_t)lx->p.folds;
	if (F < 1)
		return xp_failc(err, XP_EINPUT, "", 0, "lexicon: a lexicon of totals makes no table");
	json_t *j = json_object(), *docs = json_object(), *words = json_object();
	int rc = j && docs && words ? 0 : -1;
	for (uint32_t d = 0; rc == 0 && d < lx->ids.n; d++)
		rc = json_object_set_new(docs, lx->ids.words[d], json_integer(lx->fold[d]));
	for (uint32_t w = 0; rc == 0 && w < lx->v.n; w++) {
		json_t *a = json_array();
		for (size_t f = 0; a && f < F; f++)
			if (json_array_append_new(a, json_integer(lx->n[w * lx->slots + f])) ||
			    json_array_append_new(a, json_integer(lx->end[w * lx->slots + f])))
				json_decref(a), a = NULL;
		rc = a ? json_object_set_new(words, lx->v.words[w], a) : -1;
	}
	if (rc == 0)
		rc = json_object_set_new(j, "version", json_integer(1)) ||
		     json_object_set_new(j, "what", xp_json_text(note ? note : "")) ||
		     json_object_set_new(j, "folds", json_integer((json_int_t)F)) ||
		     json_object_set_new(j, "prior", json_real(lx->p.prior)) ||
		     json_object_set_new(j, "strength", json_real(lx->p.strength)) ||
		     json_object_set(j, "docs", docs) || json_object_set(j, "words", words) ? -1 : 0;
	char *text = rc == 0 ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(10)) : NULL;
	if (text)
		xp_buf_puts(out, text), xp_buf_putc(out, '\n');
	free(text);
	json_decref(docs), json_decref(words), json_decref(j);
	return !text || out->oom ? oom(err, "") : 0;
}

int xp_lex_parse_model(const char *name, const char *lang, json_t *o, const xp_lex_params *p, xp_lex **out,
		       xp_err *err)
{
	*out = NULL;
	json_t *occ = json_object_get(o, "occurrences"), *ends = json_object_get(o, "ends");
	if (!json_is_object(o) || !json_is_object(occ) || (ends && !json_is_object(ends)))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s: \"lexicon\" needs \"occurrences\"", lang);
	xp_lex_params totals = *p;
	totals.folds = 0;
	xp_lex *lx;
	if (xp_lex_new(&totals, &lx, err))
		return err->code;
	const char *w;
	json_t *v;
	int rc = 0;
	json_object_foreach(occ, w, v) {
		json_t *e = ends ? json_object_get(ends, w) : NULL;
		json_int_t n = json_is_integer(v) ? json_integer_value(v) : -1, k = e ? (json_is_integer(e) ? json_integer_value(e) : -1) : 0;
		if (n < 0 || n > UINT32_MAX || k < 0 || k > n || lx->tokens[0] + (uint64_t)n > UINT32_MAX) {
			rc = xp_failc(err, XP_EINPUT, name, 0, "model %s, lexicon: '%.40s' needs counts 0 <= ends <= "
						       "occurrences", lang, w);
			break;
		}
		if (count(lx, 0, w, strlen(w), (uint32_t)n, (uint32_t)k)) {
			rc = oom(err, name);
			break;
		}
	}
	if (rc == 0 && ends)
		json_object_foreach(ends, w, v)
			if (!json_object_get(occ, w)) {
				rc = xp_failc(err, XP_EINPUT, name, 0, "model %s, lexicon: '%.40s' ends mentions but "
								     "never occurs", lang, w);
				break;
			}
	if (rc)
		xp_lex_free(lx);
	else
		*out = lx;
	return rc;
}

json_t *xp_lex_model_json(const xp_lex *lx)
{
	size_t T = (size_t)lx->p.folds;
	json_t *occ = json_object(), *ends = json_object();
	for (uint32_t id = 0; occ && ends && id < lx->v.n; id++) {
		size_t k = (size_t)id * lx->slots + T;
		json_object_set_new(occ, lx->v.words[id], json_integer(lx->n[k]));
		if (lx->end[k])
			json_object_set_new(ends, lx->v.words[id], json_integer(lx->end[k]));
	}
	return json_pack("{s:s,s:I,s:I,s:I,s:o,s:o}", "what",
			 "each word of the references (folded: lexicon.h) and the mentions that end on it", "documents",
			 (json_int_t)lx->seen.n, "tokens", (json_int_t)lx->tokens[T], "mention_ends", (json_int_t)lx->ends[T],
			 "occurrences", occ, "ends", ends);
}
