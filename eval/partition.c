/*
 * eval/partition.c — partitioned mention and p-link scores; see
 * partition.h.  Works on the scorer's own view of a document pair
 * (chains.h), so a mention here is what the scorer counts as one: a
 * distinct span, matched on exact offsets.
 */
#include "partition.h"
#include "chains.h"
#include "../model/mtype.h"
#include "../lang/lang.h"
#include "../base/vocab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const by_names[] = {"type", "sentence", "speaker", "document", "length", "gender",
				       "labels"};

const char *xp_by_name(xp_by_kind k) { return by_names[k]; }

int xp_by_named(const char *name, xp_by_kind *k)
{
	for (int i = 0; i < XP_BY_LABELS; i++)
		if (!strcmp(name, by_names[i])) {
			*k = (xp_by_kind)i;
			return 0;
		}
	return -1;
}

void xp_rp_prf(const xp_rp *x, double *r, double *p, double *f)
{
	*r = x->rd ? x->rn / x->rd : 0;
	*p = x->pd ? x->pn / x->pd : 0;
	*f = *r + *p ? 2 * *r * *p / (*r + *p) : 0;
}

void xp_parts_free(xp_parts *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].name);
	free(p->v);
	memset(p, 0, sizeof *p);
}

static const char *const length_names[] = {"1-5 tokens", "6-10 tokens", "11-20 tokens", "21+ tokens"};

/* The category of span [start, end) of utterance `utt` of d, or NULL, by
 * the language's word lists w (type, sentence, gender). */
static const char *category(const xp_by *by, const xp_mtype_words *w, const xp_doc *d, const xp_mention *m,
			    char *buf, size_t n)
{
	const xp_utt *u = &d->utts[m->utt];
	switch (by->kind) {
	case XP_BY_TYPE:
		return xp_mtype_name(xp_mention_type(w, u, m->start, m->end));
	case XP_BY_SENTENCE:
		return xp_stype_name(xp_sentence_type(w, u));
	case XP_BY_SPEAKER:
		return u->speaker[0] ? u->speaker : "(no speaker)";
	case XP_BY_DOCUMENT:
		snprintf(buf, n, "%s part %d", d->id, d->part);
		return buf;
	case XP_BY_LENGTH:
		return length_names[u->ntoks <= 5 ? 0 : u->ntoks <= 10 ? 1 : u->ntoks <= 20 ? 2 : 3];
	case XP_BY_GENDER: {
		xp_gender g = xp_pronoun_gender(w, u, m->start, m->end);
		return g == XP_GENDER_MASC ? "masculine" : g == XP_GENDER_FEM ? "feminine" : NULL;
	}
	case XP_BY_LABELS:
		return xp_labels_find(by->labels, d->id, d->part, m->utt, m->start, m->end);
	}
	return NULL;
}

typedef struct acc {
	const xp_by *by;
	const xp_mtype_words *words;   /* the language's word lists (NULL: none) */
	xp_parts *out;
	xp_vocab names;        /* partition name -> index in out->v */
} acc;

#define NONE UINT32_MAX

/* The partition index of a name, made if new; NONE on OOM. */
static uint32_t part_of(acc *a, const char *name)
{
	uint32_t id = xp_vocab_id(&a->names, name, strlen(name));
	if (id == UINT32_MAX)
		return NONE;
	if (id == a->out->n) {
		char *s = strdup(name);
		if (!s || xp_grow(&a->out->v, &a->out->cap, a->out->n + 1, sizeof *a->out->v)) {
			free(s);
			return NONE;
		}
		a->out->v[a->out->n++] = (xp_part){.name = s};
	}
	return id;
}

/* Half a link owed to category c (recall: a key link, else a response link). */
static void owe(acc *a, uint32_t c, int recall)
{
	if (c != NONE)
		*(recall ? &a->out->v[c].plink.rd : &a->out->v[c].plink.pd) += 0.5;
}

/* Half a found link to category c. */
static void found(acc *a, uint32_t c, int recall)
{
	if (c != NONE)
		*(recall ? &a->out->v[c].plink.rn : &a->out->v[c].plink.pn) += 0.5;
}

/* Links of one chain: consecutive mentions owe their categories half a
 * link each; consecutive mentions of one piece (group[] equal, not NONE)
 * are the found ones.  last[g] is the piece's latest mention so far (all
 * NONE on entry and again on return), so a long chain cut into many pieces
 * costs its length, not its square. */
static void chain_links(acc *a, const uint32_t *ids, uint32_t n, const uint32_t *cat, const uint32_t *group,
			uint32_t *last, int recall)
{
	for (uint32_t i = 1; i < n; i++) {
		owe(a, cat[ids[i - 1]], recall);
		owe(a, cat[ids[i]], recall);
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t g = group[ids[i]];
		if (g == NONE)
			continue;
		if (last[g] != NONE) {
			found(a, cat[last[g]], recall);
			found(a, cat[ids[i]], recall);
		}
		last[g] = ids[i];
	}
	for (uint32_t i = 0; i < n; i++)
		if (group[ids[i]] != NONE)
			last[group[ids[i]]] = NONE;
}

static int score_doc(const xp_doc *key, const xp_doc *resp, void *arg)
{
	acc *a = arg;
	xp_pair p;
	if (xp_pair_build(&p, key, resp))
		return -1;
	uint32_t n = p.nids;
	uint32_t *cat = malloc((n + 1) * sizeof *cat), *rchain = malloc((n + 1) * sizeof *rchain);
	uint32_t *kchain = malloc((n + 1) * sizeof *kchain);
	size_t nlast = (p.key.n > p.resp.n ? p.key.n : p.resp.n) + 1;
	uint32_t *last = malloc(nlast * sizeof *last);
	int rc = -1;
	if (!cat || !rchain || !kchain || !last)
		goto out;
	for (size_t i = 0; i < nlast; i++)
		last[i] = NONE;
	char buf[600];
	for (uint32_t id = 0; id < n; id++) {
		const xp_doc *d = id < p.nkey_ids ? key : resp;
		const char *name = category(a->by, a->words, d, &d->mentions[p.where[id]], buf, sizeof buf);
		cat[id] = name ? part_of(a, name) : NONE;
		if (name && cat[id] == NONE)
			goto out;
		rchain[id] = NONE;
		kchain[id] = id < p.nkey_ids ? p.kindex[id] : NONE;
	}
	for (uint32_t r = 0; r < p.resp.n; r++)
		for (uint32_t i = p.resp.start[r]; i < p.resp.start[r + 1]; i++)
			rchain[p.resp.ids[i]] = r;
	/* mentions: each distinct span once */
	for (uint32_t id = 0; id < n; id++) {
		int in_key = id < p.nkey_ids, in_resp = rchain[id] != NONE;
		if (cat[id] == NONE) {
			a->out->key_none += in_key;
			a->out->resp_none += in_resp;
			continue;
		}
		xp_rp *x = &a->out->v[cat[id]].mentions;
		x->rd += in_key;
		x->rn += in_key && in_resp;
		x->pd += in_resp;
		x->pn += in_key && in_resp;
	}
	for (uint32_t k = 0; k < p.key.n; k++)
		chain_links(a, p.key.ids + p.key.start[k], xp_chain_len(&p.key, k), cat, rchain, last, 1);
	for (uint32_t r = 0; r < p.resp.n; r++)
		chain_links(a, p.resp.ids + p.resp.start[r], xp_chain_len(&p.resp, r), cat, kchain, last, 0);
	rc = 0;
out:
	free(cat);
	free(rchain);
	free(kchain);
	free(last);
	xp_pair_free(&p);
	return rc;
}

static double key_count(const xp_part *p) { return p->mentions.rd; }

static int cmp_part(const void *x, const void *y)
{
	const xp_part *a = x, *b = y;
	if (key_count(a) != key_count(b))
		return key_count(a) > key_count(b) ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Whether word lists w have what partition kind k reads (1 for the kinds
 * that read none). */
static int has_lists(xp_by_kind k, const xp_mtype_words *w)
{
	return k == XP_BY_TYPE ? xp_mtype_has_types(w) : k == XP_BY_SENTENCE ? xp_mtype_has_sentences(w) :
	       k == XP_BY_GENDER ? xp_mtype_has_gender(w) : 1;
}

/* The codes of the packs whose word lists (model/mtype.h, the pack's) have
 * what kind k reads, by spaces, into s (cap bytes): what the message of a
 * language without them offers. */
static void listed_langs(xp_by_kind k, char *s, size_t cap)
{
	size_t np, at = 0;
	const xp_lang_pack *const *p = xp_lang_packs(&np);
	s[0] = 0;
	for (size_t i = 0; i < np && at < cap; i++) {
		xp_mtype_words tmp;
		if (has_lists(k, xp_lang_mtype(p[i], &tmp)))
			at += (size_t)snprintf(s + at, cap - at, "%s%s", at ? " " : "", p[i]->code);
	}
}

int xp_score_by(const xp_corpus *key, const xp_corpus *resp, const xp_by *by, xp_parts *out,
		xp_err *err)
{
	memset(out, 0, sizeof *out);
	out->kind = by->kind;
	char known[64];
	const xp_lang_pack *pk = xp_lang_find(by->lang);
	xp_mtype_words tmp;
	const xp_mtype_words *w = xp_lang_mtype(pk, &tmp);
	if (by->kind == XP_BY_GENDER && xp_lang_has(pk, XP_LT_NO_GENDER))
		return xp_failc(err, XP_EUSAGE, "", 0,
				"%s pronouns carry no gender: --by gender needs a language whose pronouns do", pk->name);
	if (!has_lists(by->kind, w)) {
		listed_langs(by->kind, known, sizeof known);
		const char *kind = by->kind == XP_BY_TYPE ? "type" : by->kind == XP_BY_SENTENCE ? "sentence" : "gender";
		return xp_failc(err, XP_EUSAGE, "", 0, "no %s word lists for language '%s' (these have them: %s)",
				kind, by->lang ? by->lang : "", known);
	}
	if (by->kind == XP_BY_LABELS && !by->labels)
		return xp_failc(err, XP_EUSAGE, "", 0, "partition by labels without labels");
	acc a = {by, w, out, {0}};
	int rc = xp_vocab_init(&a.names, 0) == 0 ? 0 : -1;
	/* fixed kinds show every category, in their own order, even if empty */
	if (rc == 0 && by->kind == XP_BY_TYPE) {
		/* a language whose capitals tell names has names and nominals,
		 * another has pronouns and the rest */
		int names = !!(w->flags & XP_MW_NAMES);
		for (int t = 0; rc == 0 && t < XP_NMTYPES; t++)
			if ((t == XP_MT_PRONOUN || names == (t != XP_MT_OTHER)) &&
			    part_of(&a, xp_mtype_name((xp_mtype)t)) == NONE)
				rc = -1;
	} else if (rc == 0 && by->kind == XP_BY_SENTENCE) {
		for (int t = 0; rc == 0 && t < XP_NSTYPES; t++)
			if (part_of(&a, xp_stype_name((xp_stype)t)) == NONE)
				rc = -1;
	} else if (rc == 0 && by->kind == XP_BY_LENGTH) {
		for (int t = 0; rc == 0 && t < 4; t++)
			if (part_of(&a, length_names[t]) == NONE)
				rc = -1;
	} else if (rc == 0 && by->kind == XP_BY_GENDER) {
		if (part_of(&a, "masculine") == NONE || part_of(&a, "feminine") == NONE)
			rc = -1;
	}
	if (rc == 0)
		rc = xp_each_doc_pair(key, resp, score_doc, &a);
	if (rc == 0 && (by->kind == XP_BY_SPEAKER || by->kind == XP_BY_DOCUMENT || by->kind == XP_BY_LABELS))
		qsort(out->v, out->n, sizeof *out->v, cmp_part);
	xp_vocab_free(&a.names);
	if (rc) {
		xp_parts_free(out);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory scoring by %s", xp_by_name(by->kind));
	}
	return 0;
}

double xp_gender_bias(const xp_parts *p, int plink)
{
	const xp_part *m = NULL, *f = NULL;
	for (size_t i = 0; i < p->n; i++) {
		if (!strcmp(p->v[i].name, "masculine"))
			m = &p->v[i];
		if (!strcmp(p->v[i].name, "feminine"))
			f = &p->v[i];
	}
	if (p->kind != XP_BY_GENDER || !m || !f)
		return NAN;
	double r, pr, fm, ff;
	xp_rp_prf(plink ? &m->plink : &m->mentions, &r, &pr, &fm);
	xp_rp_prf(plink ? &f->plink : &f->mentions, &r, &pr, &ff);
	return fm > 0 ? ff / fm : NAN;
}
