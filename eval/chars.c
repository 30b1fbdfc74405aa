/*
 * eval/chars.c — two tokenisations of one text put onto characters; see
 * chars.h.
 *
 * Each sentence is first reduced to its characters (model/charspan.h: the
 * blanks set aside) and, per token, the number of characters before it: that is all the rewriting
 * needs.  Sentences are paired by equal texts (prefix and suffix first, a
 * longest common subsequence over what is left), then both documents are
 * written out in one merge walk so that the two rewritten documents have
 * the very same sentences in the very same order: that is what makes the
 * scorer's document offsets comparable.
 */
#include "chars.h"
#include "../base/text.h"
#include "../model/charspan.h"
#include "../model/tokenize.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A sentence on characters. */
typedef struct csent {
	char *text;          /* its characters (no blanks), NUL-ended */
	size_t len;          /* bytes */
	uint64_t hash;
	xp_tok *chars;       /* byte range of each character in text */
	uint32_t nchars;
	uint32_t *cstart;    /* per token: characters before it; [ntoks] = nchars */
} csent;

typedef struct cdoc {
	const xp_doc *d;
	csent *s;
	size_t *mfirst;      /* per utterance: its first mention; [nutts] = nmentions */
} cdoc;

/* The first sentence that found no partner, for the error. */
typedef struct unpaired {
	int set, key_side;
	const xp_doc *doc;
	size_t sent, other;          /* its index; the other side's sentence at that place */
	int has_other;
	const csent *a, *b;          /* a = its text, b = the other's (or NULL) */
	const xp_utt *ua, *ub;
	uint32_t line, other_line;
} unpaired;

static int sentence(xp_arena *ar, const xp_utt *u, csent *s)
{
	size_t n = 0;
	for (uint32_t t = 0; t < u->ntoks; t++)
		n += u->toks[t].len;
	s->text = xp_arena_alloc(ar, n + 1);
	s->chars = xp_arena_alloc(ar, (n ? n : 1) * sizeof *s->chars);
	s->cstart = xp_arena_alloc(ar, ((size_t)u->ntoks + 1) * sizeof *s->cstart);
	if (!s->text || !s->chars || !s->cstart)
		return -1;
	size_t w = 0;
	uint32_t nc = 0;
	for (uint32_t t = 0; t < u->ntoks; t++) {
		const char *p = u->text + u->toks[t].off;
		size_t i = 0, a;
		s->cstart[t] = nc;
		while (xp_char_next(p, u->toks[t].len, &i, &a)) {
			memcpy(s->text + w, p + a, i - a);
			s->chars[nc++] = (xp_tok){(uint32_t)w, (uint32_t)(i - a)};
			w += i - a;
		}
	}
	s->cstart[u->ntoks] = nc;
	s->text[w] = '\0';
	s->len = w;
	s->nchars = nc;
	s->hash = xp_hash(s->text, w);
	return 0;
}

static int cdoc_make(xp_arena *ar, const xp_doc *d, cdoc *cd)
{
	cd->d = d;
	cd->s = xp_arena_alloc(ar, (d->nutts + 1) * sizeof *cd->s);
	cd->mfirst = xp_arena_alloc(ar, (d->nutts + 1) * sizeof *cd->mfirst);
	if (!cd->s || !cd->mfirst)
		return -1;
	for (size_t u = 0; u < d->nutts; u++)
		if (sentence(ar, &d->utts[u], &cd->s[u]))
			return -1;
	/* mentions are in document order (corpus.h): by utterance first */
	size_t m = 0;
	for (size_t u = 0; u <= d->nutts; u++) {
		while (m < d->nmentions && d->mentions[m].utt < u)
			m++;
		cd->mfirst[u] = m;
	}
	return 0;
}

static int same(const csent *a, const csent *b)
{
	return a->hash == b->hash && a->len == b->len && !memcmp(a->text, b->text, a->len);
}

/* Middles longer than this many cells are paired greedily (see pair()). */
#define LCS_CELLS (1u << 24)

/* kp[i] = the response sentence paired with key sentence i, or SIZE_MAX.
 * Pairs are monotone. */
static int pair(const cdoc *k, const cdoc *r, size_t *kp)
{
	size_t nk = k ? k->d->nutts : 0, nr = r ? r->d->nutts : 0;
	for (size_t i = 0; i < nk; i++)
		kp[i] = SIZE_MAX;
	if (!nk || !nr)
		return 0;
	size_t a = 0, ek = nk, er = nr;
	while (a < nk && a < nr && same(&k->s[a], &r->s[a]))
		kp[a] = a, a++;
	while (ek > a && er > a && same(&k->s[ek - 1], &r->s[er - 1]))
		kp[--ek] = --er;
	size_t m = ek - a, n = er - a;
	if (!m || !n)
		return 0;
	if (m > LCS_CELLS / n) {
		/* Too long to tabulate: take each key sentence's next equal
		 * response sentence within a window.  Only files that differ in
		 * thousands of sentences get here. */
		size_t j = a;
		for (size_t i = a; i < ek && j < er; i++)
			for (size_t t = j; t < er && t < j + 64; t++)
				if (same(&k->s[i], &r->s[t])) {
					kp[i] = t;
					j = t + 1;
					break;
				}
		return 0;
	}
	/* L[i][j] = LCS of key a+i.. and response a+j.. (suffixes) */
	uint32_t *L = calloc((m + 1) * (n + 1), sizeof *L);
	if (!L)
		return -1;
	for (size_t i = m; i-- > 0;)
		for (size_t j = n; j-- > 0;)
			L[i * (n + 1) + j] = same(&k->s[a + i], &r->s[a + j])
						     ? L[(i + 1) * (n + 1) + j + 1] + 1
						     : (L[(i + 1) * (n + 1) + j] > L[i * (n + 1) + j + 1]
								? L[(i + 1) * (n + 1) + j]
								: L[i * (n + 1) + j + 1]);
	for (size_t i = 0, j = 0; i < m && j < n;) {
		if (same(&k->s[a + i], &r->s[a + j]) &&
		    L[i * (n + 1) + j] == L[(i + 1) * (n + 1) + j + 1] + 1)
			kp[a + i++] = a + j++;
		else if (L[(i + 1) * (n + 1) + j] >= L[i * (n + 1) + j + 1])
			i++;
		else
			j++;
	}
	free(L);
	return 0;
}

/* Append sentence s (characters of cd's utterance u) to out, with cd's
 * mentions of u when `mentions`; dropped ones counted in *dropped. */
static int emit(xp_corpus *out, xp_doc *od, const csent *s, const char *speaker, const cdoc *cd,
		size_t u, int mentions, size_t *dropped)
{
	uint32_t line = cd ? cd->d->utts[u].line : 0;
	xp_utt *nu = xp_doc_add_utt_text(out, od, speaker, s->text, s->chars, s->nchars);
	if (!nu)
		return -1;
	nu->line = line;
	if (!mentions)
		return 0;
	uint32_t ou = (uint32_t)(od->nutts - 1);
	for (size_t i = cd->mfirst[u]; i < cd->mfirst[u + 1]; i++) {
		const xp_mention *m = &cd->d->mentions[i];
		const csent *src = &cd->s[u];
		uint32_t a = src->cstart[m->start], b = src->cstart[m->end];
		if (a == b) {
			(*dropped)++;
			continue;
		}
		if (xp_doc_add_mention(od, ou, a, b, m->cluster, m->line))
			return -1;
	}
	return 0;
}

/* A rewritten document with the source's clusters in the source's order
 * (the scorer's entity order; empty ones go at xp_doc_finish). */
static xp_doc *new_doc(xp_corpus *out, const xp_doc *src)
{
	xp_doc *d = xp_corpus_add_doc(out, src->id, strlen(src->id), src->part);
	if (!d || xp_grow(&d->clusters, &d->cap_clusters, src->nclusters + 1, sizeof *d->clusters))
		return NULL;
	if (src->nclusters)
		memcpy(d->clusters, src->clusters, src->nclusters * sizeof *d->clusters);
	d->nclusters = src->nclusters;
	return d;
}

static int finish(xp_doc *d, size_t *merged)
{
	size_t dup = 0;
	if (xp_doc_finish(d, 1, &dup, NULL))
		return -1;
	*merged += dup;
	return 0;
}

static void note_unpaired(unpaired *up, int key_side, const cdoc *mine, size_t i, const cdoc *other,
			  size_t j, int has_other)
{
	if (up->set)
		return;
	*up = (unpaired){.set = 1, .key_side = key_side, .doc = mine->d, .sent = i, .other = j,
			 .has_other = has_other, .a = &mine->s[i], .ua = &mine->d->utts[i],
			 .line = mine->d->utts[i].line};
	if (has_other) {
		up->b = &other->s[j];
		up->ub = &other->d->utts[j];
		up->other_line = other->d->utts[j].line;
	}
}

/* Rewrite one document pair (either may be NULL). */
static int map_doc(xp_arena *ar, const xp_doc *kd, const xp_doc *rd, xp_corpus *ko, xp_corpus *ro,
		   xp_chars_stats *st, unpaired *up)
{
	cdoc K = {0}, R = {0};
	if ((kd && cdoc_make(ar, kd, &K)) || (rd && cdoc_make(ar, rd, &R)))
		return -1;
	size_t nk = kd ? kd->nutts : 0, nr = rd ? rd->nutts : 0;
	size_t *kp = xp_arena_alloc(ar, (nk + 1) * sizeof *kp);
	char *rpaired = xp_arena_alloc(ar, nr + 1);
	if (!kp || !rpaired || pair(kd ? &K : NULL, rd ? &R : NULL, kp))
		return -1;
	memset(rpaired, 0, nr + 1);
	for (size_t i = 0; i < nk; i++)
		if (kp[i] != SIZE_MAX)
			rpaired[kp[i]] = 1;
	xp_doc *okd = kd ? new_doc(ko, kd) : NULL;
	xp_doc *ord = rd ? new_doc(ro, rd) : NULL;
	if ((kd && !okd) || (rd && !ord))
		return -1;
	if (!kd || !rd) {   /* alone: rewritten for the scorer's usual treatment */
		const cdoc *c = kd ? &K : &R;
		xp_doc *od = kd ? okd : ord;
		size_t *dropped = kd ? &st->key_dropped : &st->resp_dropped;
		for (size_t u = 0; u < c->d->nutts; u++)
			if (emit(kd ? ko : ro, od, &c->s[u], c->d->utts[u].speaker, c, u, 1, dropped))
				return -1;
		return finish(od, kd ? &st->key_merged : &st->resp_merged);
	}
	size_t i = 0, j = 0;
	while (i < nk || j < nr) {
		int rc;
		if (i < nk && kp[i] != SIZE_MAX && kp[i] == j) {
			const char *spk = kd->utts[i].speaker;
			rc = emit(ko, okd, &K.s[i], spk, &K, i, 1, &st->key_dropped) ||
			     emit(ro, ord, &R.s[j], rd->utts[j].speaker, &R, j, 1, &st->resp_dropped);
			st->sentences++;
			i++, j++;
		} else if (i < nk && kp[i] == SIZE_MAX) {
			/* the key's sentence in both, its mentions on the key's side */
			note_unpaired(up, 1, &K, i, &R, j, j < nr && !rpaired[j]);
			const char *spk = kd->utts[i].speaker;
			rc = emit(ko, okd, &K.s[i], spk, &K, i, 1, &st->key_dropped) ||
			     emit(ro, ord, &K.s[i], spk, NULL, 0, 0, NULL);
			st->key_unpaired++;
			i++;
		} else {
			note_unpaired(up, 0, &R, j, &K, i, 0);
			const char *spk = rd->utts[j].speaker;
			rc = emit(ko, okd, &R.s[j], spk, NULL, 0, 0, NULL) ||
			     emit(ro, ord, &R.s[j], spk, &R, j, 1, &st->resp_dropped);
			st->resp_unpaired++;
			j++;
		}
		if (rc)
			return -1;
	}
	return finish(okd, &st->key_merged) || finish(ord, &st->resp_merged) ? -1 : 0;
}

/* The number of characters s and t share at their start. */
static uint32_t common_chars(const csent *s, const csent *t)
{
	uint32_t c = 0;
	while (c < s->nchars && c < t->nchars && s->chars[c].len == t->chars[c].len &&
	       !memcmp(s->text + s->chars[c].off, t->text + t->chars[c].off, s->chars[c].len))
		c++;
	return c;
}

/* Byte offset in the utterance's own text (with its spaces, as the user
 * wrote it) of its character number c, counted as sentence() counts. */
static size_t text_pos(const xp_utt *u, uint32_t c)
{
	size_t n = strlen(u->text), i = 0, a;
	while (xp_char_next(u->text, n, &i, &a))
		if (c-- == 0)
			return a;
	return n;
}

static int fail_unpaired(const unpaired *up, const char *kname, const char *rname,
			 const xp_chars_stats *st, xp_err *err)
{
	const char *mine = up->key_side ? kname : rname, *other = up->key_side ? rname : kname;
	char more[160];
	snprintf(more, sizeof more, " (unpaired sentences: %zu of the key, %zu of the response)",
		 st->key_unpaired, st->resp_unpaired);
	if (!up->has_other)
		return xp_failc(err, XP_EINPUT, mine, up->line,
				"sentence %zu of document %s part %d has no sentence with the same text in %s%s",
				up->sent + 1, up->doc->id, up->doc->part, other, more);
	/* both texts from a few characters before where they part */
	uint32_t c = common_chars(up->a, up->b), from = c > 8 ? c - 8 : 0;
	const char *ta = up->ua->text + text_pos(up->ua, from);
	const char *tb = up->ub->text + text_pos(up->ub, from);
	return xp_failc(err, XP_EINPUT, mine, up->line,
			"sentence %zu of document %s part %d differs from sentence %zu of %s (line %u): "
			"\"%s%s\" vs \"%s%s\"%s",
			up->sent + 1, up->doc->id, up->doc->part, up->other + 1, other, up->other_line,
			from ? "…" : "", XP_QUOTED(ta, strlen(ta)), from ? "…" : "", XP_QUOTED(tb, strlen(tb)), more);
}

int xp_chars_map(const xp_corpus *key, const xp_corpus *resp, const char *key_name,
		 const char *resp_name, unsigned flags, xp_corpus *ko, xp_corpus *ro,
		 xp_chars_stats *st, xp_err *err)
{
	memset(st, 0, sizeof *st);
	xp_doc_index idx = {0};
	char *used = calloc(resp->ndocs + 1, 1);
	xp_arena ar = {0};
	unpaired up = {0};
	int rc = 0;
	if (!used || xp_doc_index_init(&idx, resp)) {
		rc = -1;
		goto out;
	}
	for (size_t i = 0; rc == 0 && i < key->ndocs; i++) {
		const xp_doc *k = &key->docs[i];
		/* a response document given twice: the first pairs, as the scorer's */
		size_t hit = xp_doc_index_find(&idx, k->id, k->part);
		const xp_doc *r = hit != SIZE_MAX && !used[hit] ? &resp->docs[hit] : NULL;
		if (r)
			used[hit] = 1;
		rc = map_doc(&ar, k, r, ko, ro, st, &up);
	}
	for (size_t i = 0; rc == 0 && i < resp->ndocs; i++)
		if (!used[i])
			rc = map_doc(&ar, NULL, &resp->docs[i], ko, ro, st, &up);
	if (rc)
		goto out;
	if (up.set && !(flags & XP_CHARS_SCORE_MISMATCHED))
		rc = fail_unpaired(&up, key_name, resp_name, st, err);
	/* up points into the arena: the message is made before it goes */
out:
	if (rc == -1)
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory putting %s and %s on characters",
			      key_name, resp_name);
	xp_arena_free(&ar);
	xp_doc_index_free(&idx);
	free(used);
	return rc;
}
