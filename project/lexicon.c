/* project/lexicon.c — a reference corpus's words at mention ends; see lexicon.h. */
#include "lexicon.h"
#include "confidence.h"
#include "../base/mem.h"

#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { SLOTS = XP_LEX_FOLDS + 1, TOTAL = XP_LEX_FOLDS };

/* how much a word's own counts weigh against the overall share: a word seen
 * 5 times is halfway between its own share and everyone's */
static const double PRIOR = 5;

int xp_lex_init(xp_lex *lx)
{
	memset(lx, 0, sizeof *lx);
	return xp_vocab_init(&lx->v, 0) || xp_vocab_init(&lx->docs, 0) ? -1 : 0;
}

void xp_lex_free(xp_lex *lx)
{
	xp_vocab_free(&lx->v);
	xp_vocab_free(&lx->docs);
	free(lx->n);
	free(lx->end);
	free(lx->tmp);
	memset(lx, 0, sizeof *lx);
}

size_t xp_lex_fold(const char *w, size_t len, char *out)
{
	const unsigned char *s = (const unsigned char *)w;
	size_t o = 0;
	for (size_t i = 0; i < len;) {
		if (i + 1 < len && s[i] == 0xD9) {
			unsigned c = s[i + 1];
			if (c == 0x8A || c == 0x89) {          /* ي ى -> ی */
				out[o++] = (char)0xDB, out[o++] = (char)0x8C, i += 2;
				continue;
			}
			if (c == 0x83) {                       /* ك -> ک */
				out[o++] = (char)0xDA, out[o++] = (char)0xA9, i += 2;
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
		size_t c1 = lx->cap * SLOTS, c2 = c1, want = ((size_t)id + 1) * SLOTS;
		if (xp_grow(&lx->n, &c1, want, sizeof *lx->n) || xp_grow(&lx->end, &c2, want, sizeof *lx->end))
			return UINT32_MAX;
		size_t grown = (c1 < c2 ? c1 : c2) / SLOTS;
		memset(lx->n + lx->cap * SLOTS, 0, (grown - lx->cap) * SLOTS * sizeof *lx->n);
		memset(lx->end + lx->cap * SLOTS, 0, (grown - lx->cap) * SLOTS * sizeof *lx->end);
		lx->cap = grown;
	}
	return id;
}

int xp_lex_add_doc(xp_lex *lx, const xp_doc *d, int fold, xp_err *err)
{
	if (fold < 0 || fold >= XP_LEX_FOLDS)
		return xp_failc(err, XP_EINPUT, "", 0, "lexicon: fold %d out of range", fold);
	for (size_t u = 0; u < d->nutts; u++) {
		const xp_utt *ut = &d->utts[u];
		for (uint32_t t = 0; t < ut->ntoks; t++) {
			uint32_t len;
			const char *s = xp_tok_str(ut, t, &len);
			uint32_t id = word(lx, s, len);
			if (id == UINT32_MAX)
				return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
			lx->n[(size_t)id * SLOTS + (size_t)fold]++, lx->n[(size_t)id * SLOTS + TOTAL]++;
			lx->tokens[fold]++, lx->tokens[TOTAL]++;
		}
	}
	/* a token that ends several mentions (my mom and my on مامانم) is one end */
	size_t *off = malloc((d->nutts + 1) * sizeof *off);
	if (!off)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	off[0] = 0;
	for (size_t u = 0; u < d->nutts; u++)
		off[u + 1] = off[u] + d->utts[u].ntoks;
	uint8_t *ends = calloc(off[d->nutts] + 1, 1);
	if (!ends) {
		free(off);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	for (size_t k = 0; k < d->nmentions; k++) {
		const xp_mention *m = &d->mentions[k];
		if (m->utt < d->nutts && m->end > m->start && m->end <= d->utts[m->utt].ntoks)
			ends[off[m->utt] + m->end - 1] = 1;
	}
	int rc = 0;
	for (size_t u = 0; rc == 0 && u < d->nutts; u++)
		for (uint32_t t = 0; t < d->utts[u].ntoks; t++) {
			if (!ends[off[u] + t])
				continue;
			uint32_t len;
			const char *s = xp_tok_str(&d->utts[u], t, &len);
			uint32_t id = word(lx, s, len);
			if (id == UINT32_MAX) {
				rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
				break;
			}
			lx->end[(size_t)id * SLOTS + (size_t)fold]++, lx->end[(size_t)id * SLOTS + TOTAL]++;
			lx->ends[fold]++, lx->ends[TOTAL]++;
		}
	free(ends);
	free(off);
	return rc;
}

int xp_lex_set(xp_lex *lx, const char *w, size_t len, uint32_t n, uint32_t end, xp_err *err)
{
	uint32_t id = word(lx, w, len);
	if (id == UINT32_MAX)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	uint32_t *pn = &lx->n[(size_t)id * SLOTS + TOTAL], *pe = &lx->end[(size_t)id * SLOTS + TOTAL];
	lx->tokens[TOTAL] += (uint64_t)n - *pn;   /* a word given twice (two spellings that fold alike) */
	lx->ends[TOTAL] += (uint64_t)end - *pe;
	*pn = n, *pe = end;
	return 0;
}

double xp_lex_end(xp_lex *lx, const char *w, size_t len, int skip)
{
	if (!lx)
		return 0;
	uint64_t tokens = lx->tokens[TOTAL], ends = lx->ends[TOTAL];
	if (skip >= 0 && skip < XP_LEX_FOLDS)
		tokens -= lx->tokens[skip], ends -= lx->ends[skip];
	if (tokens == 0 || ends == 0 || ends >= tokens)
		return 0;
	size_t fl;
	const char *f = folded(lx, w, len, &fl);
	uint32_t id = f ? xp_vocab_find(&lx->v, f, fl) : UINT32_MAX;
	if (id == UINT32_MAX || id >= lx->cap)
		return 0;
	double n = lx->n[(size_t)id * SLOTS + TOTAL], e = lx->end[(size_t)id * SLOTS + TOTAL];
	if (skip >= 0 && skip < XP_LEX_FOLDS)
		n -= lx->n[(size_t)id * SLOTS + (size_t)skip], e -= lx->end[(size_t)id * SLOTS + (size_t)skip];
	if (e > n)   /* a model file may say anything */
		e = n;
	double p0 = (double)ends / (double)tokens, p = (e + PRIOR * p0) / (n + PRIOR);
	return log(p / (1 - p)) - log(p0 / (1 - p0));
}

static void doc_key(const char *id, int part, char *out, size_t n)
{
	snprintf(out, n, "%s %d", id ? id : "", part);
}

int xp_lex_add_ref(xp_lex *lx, const xp_corpus *ref, xp_err *err)
{
	for (size_t d = 0; d < ref->ndocs; d++) {
		char k[600];
		doc_key(ref->docs[d].id, ref->docs[d].part, k, sizeof k);
		uint32_t before = lx->docs.n, id = xp_vocab_id(&lx->docs, k, strlen(k));
		if (id == UINT32_MAX)
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		if (id < before)   /* the same document in two references: counted once */
			continue;
		if (xp_lex_add_doc(lx, &ref->docs[d], (int)(id % XP_LEX_FOLDS), err))
			return err->code;
	}
	return 0;
}

int xp_lex_fold_of(xp_lex *lx, const char *id, int part)
{
	char k[600];
	doc_key(id, part, k, sizeof k);
	uint32_t i = xp_vocab_find(&lx->docs, k, strlen(k));
	return i == UINT32_MAX ? -1 : (int)(i % XP_LEX_FOLDS);
}

void xp_lex_fill(xp_lex *lx, xp_report *r, const xp_corpus *projected)
{
	for (size_t d = 0; d < r->ndocs; d++) {
		const xp_rdoc *rd = &r->docs[d];
		const xp_doc *pd = NULL;
		for (size_t k = 0; k < projected->ndocs && !pd; k++)
			if (projected->docs[k].id && rd->id && !strcmp(projected->docs[k].id, rd->id) &&
			    projected->docs[k].part == rd->part)
				pd = &projected->docs[k];
		int skip = xp_lex_fold_of(lx, rd->id, rd->part);
		for (size_t i = rd->first; i < rd->first + rd->n && i < r->n; i++) {
			xp_ritem *it = &r->items[i];
			if (!it->feat)
				continue;
			it->feat[XP_F_FA_LAST_WORD] = 0;
			if (!pd || it->fate != XP_PROJECTED || it->feat[XP_F_PRONOUN] != 0 || it->tgt_utt < 0 ||
			    (size_t)it->tgt_utt >= pd->nutts || it->tgt_end <= it->tgt_start ||
			    it->tgt_end > pd->utts[it->tgt_utt].ntoks)
				continue;
			uint32_t len;
			const char *w = xp_tok_str(&pd->utts[it->tgt_utt], it->tgt_end - 1, &len);
			it->feat[XP_F_FA_LAST_WORD] = (float)xp_lex_end(lx, w, len, skip);
		}
	}
}
