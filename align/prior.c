/*
 * align/prior.c — the name prior and the closed-class prior; see prior.h.
 */
#include "prior.h"
#include "../base/icu.h"
#include "../base/mem.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/utrans.h>

/* --- which words are names ----------------------------------------------------- */

int xp_wa_names_ends_sentence(const char *s, size_t n)
{
	static const char *const ends[] = {".", "?", "!", "...", "…", ":", "-", "--", "\"", "。", "？", "！"};
	for (size_t k = 0; k < sizeof ends / sizeof *ends; k++)
		if (strlen(ends[k]) == n && !memcmp(ends[k], s, n))
			return 1;
	return 0;
}

int xp_wa_names_see(wa_names *nm, int d, uint32_t id, const char *s, size_t n, int initial)
{
	if (id >= nm->cap[d]) {
		size_t cap = nm->cap[d], need = (size_t)id + 1;
		if (xp_grow(&nm->up[d], &cap, need, sizeof *nm->up[d]))
			return -1;
		size_t cap2 = nm->cap[d];
		if (xp_grow(&nm->low[d], &cap2, need, sizeof *nm->low[d]))
			return -1;
		/* both grew from the same capacity by the same rule */
		memset(nm->up[d] + nm->cap[d], 0, (cap - nm->cap[d]) * sizeof *nm->up[d]);
		memset(nm->low[d] + nm->cap[d], 0, (cap - nm->cap[d]) * sizeof *nm->low[d]);
		nm->cap[d] = cap;
	}
	if (initial || n < 2)
		return 0;
	UChar32 ch;
	int32_t i = 0;
	U8_NEXT(s, i, (int32_t)n, ch);
	if (ch < 0)
		return 0;
	if (u_isupper(ch))
		nm->up[d][id]++;
	else if (u_islower(ch))
		nm->low[d][id]++;
	return 0;
}

void xp_wa_names_free(wa_names *nm)
{
	for (int d = 0; d < 2; d++)
		free(nm->up[d]), free(nm->low[d]);
	memset(nm, 0, sizeof *nm);
}

int xp_wa_names_remap(wa_names *nm, int d, const uint32_t *first, const uint32_t *ids, uint32_t nold, uint32_t nnew)
{
	uint32_t *up = calloc((size_t)nnew + 1, sizeof *up), *low = calloc((size_t)nnew + 1, sizeof *low);
	if (!up || !low) {
		free(up), free(low);
		return -1;
	}
	for (uint32_t t = 0; t < nold && t < nm->cap[d]; t++)
		if (first[t + 1] > first[t]) {
			up[ids[first[t]]] += nm->up[d][t];
			low[ids[first[t]]] += nm->low[d][t];
		}
	free(nm->up[d]), free(nm->low[d]);
	nm->up[d] = up, nm->low[d] = low, nm->cap[d] = (size_t)nnew + 1;
	return 0;
}

static int is_name(const wa_names *nm, int d, uint32_t id)
{
	return id < nm->cap[d] && nm->up[d][id] > nm->low[d][id];
}

/* --- skeletons and their distance ------------------------------------------------ */

static int vowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y' || c == 'w'; }

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

char xp_wa_sound_class(char x)
{
	switch (x) {
	case 'p': case 'b': case 'f': return 'P';
	case 't': case 'd': return 'T';
	case 'k': case 'g': return 'K';
	case 's': case 'z': case 'j': case 'c': case 'x': return 'S';
	case 'l': return 'L';
	case 'r': return 'R';
	case 'm': case 'n': return 'N';
	default: return x;
	}
}

size_t xp_wa_skeleton(const char *s, size_t n, int pinyin, char *out, size_t cap)
{
	size_t m = 0;
	if (!cap)
		return 0;
	for (size_t i = 0; i < n;) {
		char c = lower(s[i]), c2 = i + 1 < n ? lower(s[i + 1]) : 0, k = 0;
		size_t step = 1;
		if (c2 == 'h' && (c == 'c' || c == 's' || c == 'z'))
			k = c == 'c' ? 'c' : c == 's' ? 'x' : 'j', step = 2;
		else if (c2 == 'h' && (c == 'p' || c == 't' || c == 'k' || c == 'g'))
			k = c == 'p' ? 'f' : c == 't' ? 't' : c, step = 2;
		else if (c == 'c' && c2 == 'k')
			k = 'k', step = 2;
		else if (c == 'n' && c2 == 'g')
			k = 'n', step = 2;
		else if (vowel(c))
			k = 'V';
		else if (c == 'v')
			k = 'f';
		else if (c == 'c')
			k = pinyin ? 's' : c2 == 'e' || c2 == 'i' || c2 == 'y' ? 's' : 'k';
		else if (c == 'q')
			k = pinyin ? 'c' : 'k';
		else if (c == 'x')
			k = pinyin ? 'x' : 'k';
		else if (c >= 'a' && c <= 'z' && c != 'h')
			k = c;
		i += step;
		if (!k || (m && xp_wa_sound_class(out[m - 1]) == xp_wa_sound_class(k)) || m + 1 >= cap)
			continue;
		out[m++] = k;
	}
	out[m] = 0;
	return m;
}

#define SKEL 32

/* Substituting sound y (of class cy) for x (cx), in quarters: free in the
 * same sound; in Han, free within a class (pinyin has no voicing contrast
 * and writes l for r: 罗斯 luosi for "Ross"); elsewhere a voicing or
 * sibilant difference costs little.  Every cost of the distance is a
 * multiple of a quarter, so it is summed in integer quarters: the same
 * sums as in fractions, exactly, without the fractions' cost. */
static int subst(char x, char cx, char y, char cy, unsigned mode)
{
	if (x == y)
		return 0;
	if ((cx == 'L' && cy == 'R') || (cx == 'R' && cy == 'L'))
		return mode & WA_SIM_HAN ? 0 : 2;
	if (cx != cy || cx == 'V')
		return 4;
	if (mode & WA_SIM_HAN)
		return 0;
	return cx == 'S' ? 1 : 2;
}

static size_t consonants(const char *a)
{
	size_t n = 0;
	for (; *a; a++)
		n += *a != 'V';
	return n;
}

double xp_wa_name_sim(const char *a, const char *b, unsigned mode)
{
	size_t na = strlen(a), nb = strlen(b), ca = consonants(a), cb = consonants(b);
	if (na >= SKEL || nb >= SKEL || !ca || !cb)
		return 0;
	/* in quarters (subst) */
	int vcost = mode & WA_SIM_ARABIC ? 1 : 2, dropc = mode & WA_SIM_HAN ? 2 : 4;
	int D[SKEL][SKEL];
	char ka[SKEL], kb[SKEL];
	for (size_t i = 0; i < na; i++)
		ka[i] = xp_wa_sound_class(a[i]);
	for (size_t j = 0; j < nb; j++)
		kb[j] = xp_wa_sound_class(b[j]);
	D[0][0] = 0;
	for (size_t i = 1; i <= na; i++)
		D[i][0] = D[i - 1][0] + (a[i - 1] == 'V' ? vcost : dropc);
	for (size_t j = 1; j <= nb; j++)
		D[0][j] = D[0][j - 1] + (b[j - 1] == 'V' ? vcost : 4);
	for (size_t i = 1; i <= na; i++) {
		int del = a[i - 1] == 'V' ? vcost : dropc;
		for (size_t j = 1; j <= nb; j++) {
			int x = D[i - 1][j] + del;
			int y = D[i][j - 1] + (b[j - 1] == 'V' ? vcost : 4);
			int z = D[i - 1][j - 1] + subst(a[i - 1], ka[i - 1], b[j - 1], kb[j - 1], mode);
			D[i][j] = x < y ? (x < z ? x : z) : (y < z ? y : z);
		}
	}
	return 1 - (D[na][nb] / 4.0) / (double)(ca > cb ? ca : cb);
}

/* --- each type's transliteration ---------------------------------------------- */

enum { T_DONE = 1, T_HAN = 2, T_ARABIC = 4, T_LATIN = 8 };

typedef struct spelling {
	char **lat;          /* per type: ASCII transliteration (NULL until asked) */
	uint8_t *flag;
	uint32_t *nchar;     /* code points */
	char (*sk)[SKEL];    /* the skeleton of lat (pinyin's for Han), made once: a name's
				and a one-word candidate's (a name or loanword is never Han) */
} spelling;

typedef struct builder {
	UTransliterator *tr;
	UChar *u;
	int32_t ucap;
	xp_vocab *voc;
	spelling sp[2];
	uint32_t *cnt[2];    /* the loanword prior's: tokens of each type, counted up to WA_LOAN_TGT_MAX + 1 */
} builder;

/* The most UChars a transliteration is given room for (spell) */
#define UMOST (4 * 64 + 16)

/* Fills type id's spelling on side d; -1 on OOM (ICU's too).  A transliteration that
 * does not fit its room gives no spelling; lazily (own 0) the room is the
 * largest any word spelled so far needed, so that whether a word fits could
 * depend on the words spelled before it.  With own, the room is the word's
 * own need, and a word that would fit a larger room only sets *uncertain:
 * every other word is spelled as in any order (xp_wa_prior_build). */
static int spell_as(builder *b, int d, uint32_t id, int own, int *uncertain)
{
	spelling *p = &b->sp[d];
	if (p->flag[id] & T_DONE)
		return 0;
	const char *w = b->voc[d].words[id];
	int32_t n = (int32_t)strlen(w), han = 0, arabic = 0, latin = 0, other = 0, nch = 0;
	for (int32_t i = 0; i < n;) {
		UChar32 ch;
		U8_NEXT(w, i, n, ch);
		if (ch < 0)
			continue;
		nch++;
		UErrorCode e = U_ZERO_ERROR;
		UScriptCode sc = uscript_getScript(ch, &e);
		if (sc == USCRIPT_HAN)
			han++;
		else if (sc == USCRIPT_ARABIC)
			arabic++;
		else if (sc == USCRIPT_LATIN)
			latin++;
		else if (u_isalpha(ch))
			other++;
	}
	p->nchar[id] = (uint32_t)nch;
	p->flag[id] = T_DONE | (han && !arabic && !latin && !other ? T_HAN : 0) | (arabic && !han ? T_ARABIC : 0) |
		      (latin && !han && !arabic && !other ? T_LATIN : 0);
	if (n > 64)
		n = 64;   /* a skeleton holds less than this anyway */
	UErrorCode e = U_ZERO_ERROR;
	if (b->ucap < (own ? UMOST : 4 * n + 16)) {
		free(b->u);
		b->ucap = own ? UMOST : 4 * n + 16;
		if (!(b->u = malloc((size_t)b->ucap * sizeof *b->u)))
			return -1;
	}
	int32_t len = 0, room = own ? 4 * n + 16 : b->ucap;
	u_strFromUTF8Lenient(b->u, room, &len, w, n, &e);
	int32_t limit = len;
	if (U_SUCCESS(e))
		utrans_transUChars(b->tr, b->u, &len, room, 0, &limit, &e);
	if (own && e == U_BUFFER_OVERFLOW_ERROR && room < UMOST) {
		/* would it fit the room a longer word gave the lazy order? */
		UErrorCode e2 = U_ZERO_ERROR;
		int32_t len2 = 0;
		u_strFromUTF8Lenient(b->u, UMOST, &len2, w, n, &e2);
		int32_t limit2 = len2;
		if (U_SUCCESS(e2))
			utrans_transUChars(b->tr, b->u, &len2, UMOST, 0, &limit2, &e2);
		if (U_SUCCESS(e2))
			*uncertain = 1;
		else if (e2 != U_BUFFER_OVERFLOW_ERROR)
			return -1;
	}
	/* too long after transliteration: no spelling, no match.  Any other
	 * failure is ICU's, not the word's (U_MEMORY_ALLOCATION_ERROR under
	 * `ulimit -v`): taken as "no spelling" it changed the links of a run
	 * that exited 0, so it is the run's error (out of memory) */
	if (U_FAILURE(e) && e != U_BUFFER_OVERFLOW_ERROR)
		return -1;
	if (U_FAILURE(e))
		len = 0;
	char *a = malloc((size_t)len + 1);
	if (!a)
		return -1;
	int32_t m = 0;
	for (int32_t i = 0; i < len && i < room; i++)
		if (b->u[i] < 128)
			a[m++] = (char)b->u[i];
	a[m] = 0;
	p->lat[id] = a;
	xp_wa_skeleton(a, (size_t)m, (p->flag[id] & T_HAN) != 0, p->sk[id], SKEL);
	return 0;
}

static int spell(builder *b, int d, uint32_t id) { return spell_as(b, d, id, 0, NULL); }

/* Cells found: the corpus's, or a thread's share of them (xp_wa_prior_build) */
typedef struct cellbuf {
	wa_cell *v;
	size_t n, cap;
} cellbuf;

/* Appends cell (i, j, f) to the cells unless the sentence has it (from
 * s0 on); then the larger factor stays. */
static int add_cell(cellbuf *cb, size_t s0, uint32_t i, uint32_t j, float f)
{
	for (size_t k = s0; k < cb->n; k++)
		if (cb->v[k].i == i && cb->v[k].j == j) {
			if (cb->v[k].f < f)
				cb->v[k].f = f;
			return 0;
		}
	if (xp_grow(&cb->v, &cb->cap, cb->n + 1, sizeof *cb->v))
		return -1;
	cb->v[cb->n++] = (wa_cell){(uint16_t)i, (uint16_t)j, f};
	return 0;
}

/* The name at position i of side d of sentence k against every candidate
 * of the other side; the best, if good enough, boosts its cells.  loan: the
 * word is a rare word, no name (prior.h, the loanword prior): only Arabic
 * script and Han are candidates, at the loanword prior's bar and factor.
 * Returns the cells added, or -1 on OOM. */
static long match(builder *b, const wa_corpus *c, cellbuf *cb, size_t s0, uint32_t k, int d, uint32_t i,
		  const wa_prior_opts *o, int loan)
{
	const wa_side *N = &c->side[d], *O = &c->side[!d];
	const uint32_t *ot = O->tok + O->off[k];
	uint32_t J = wa_len(O, k);
	char name[SKEL], cand[SKEL], cat[4 * SKEL];
	uint32_t nt = N->tok[N->off[k] + i];
	const char *nw = b->sp[d].lat[nt];
	/* a name's skeleton is spell()'s (a name is no Han word, whose
	 * skeleton would be pinyin's) */
	if (b->sp[d].flag[nt] & T_HAN)
		xp_wa_skeleton(nw, strlen(nw), 0, name, sizeof name);
	else
		memcpy(name, b->sp[d].sk[nt], sizeof name);
	double best = 0;
	uint32_t bj = 0, bn = 0;
	size_t bm = 0;
	for (uint32_t j = 0; j < J; j++) {
		size_t m = 0, chars = 0;
		for (uint32_t n = 1; n <= 4 && j + n <= J; n++) {
			uint32_t t = ot[j + n - 1];
			if (spell(b, !d, t))
				return -1;
			uint8_t fl = b->sp[!d].flag[t];
			if ((n > 1 && !(fl & T_HAN)) || (loan && !(fl & (T_HAN | T_ARABIC))))
				break;
			const char *l = b->sp[!d].lat[t];
			size_t ln = strlen(l);
			if (m + ln >= sizeof cat)
				break;
			memcpy(cat + m, l, ln);
			m += ln;
			chars += b->sp[!d].nchar[t];
			if ((fl & T_HAN) && chars < 2)
				continue;   /* one Han character is no name */
			if ((fl & T_HAN) && chars > 6)
				break;
			if (loan && n == 1 && b->cnt[!d][t] > WA_LOAN_TGT_MAX)
				continue;   /* a frequent word is native (prior.h) */
			/* one word: its skeleton is spell()'s */
			if (n == 1)
				memcpy(cand, b->sp[!d].sk[t], sizeof cand);
			else
				xp_wa_skeleton(cat, m, (fl & T_HAN) != 0, cand, sizeof cand);
			double s = xp_wa_name_sim(name, cand, (fl & T_HAN ? WA_SIM_HAN : 0) | (fl & T_ARABIC ? WA_SIM_ARABIC : 0));
			if (s > best)
				best = s, bj = j, bn = n, bm = m;
			if (!(fl & T_HAN))
				break;
		}
	}
	/* a name of one consonant (Joey, Ma) matches too many short words
	 * by chance: only an exact match of two spellings of three letters or
	 * more counts (Joey / جويي, not Ma / مي, a verbal prefix) */
	if (consonants(name) < 2 && (best < 1 || strlen(nw) < 3 || bm < 3))
		return 0;
	double th = loan ? WA_LOAN_THRESHOLD : o->threshold, boost = loan ? o->loan : o->boost;
	if (best < th || !bn)
		return 0;
	float f = (float)(1 + (boost - 1) * (best - th) / (1 - th + 1e-9));
	size_t before = cb->n;
	for (uint32_t q = bj; q < bj + bn; q++)
		if (add_cell(cb, s0, d ? q : i, d ? i : q, f))
			return -1;
	return (long)(cb->n - before);
}

/* 1 if type t of side d is a loanword candidate (prior.h): no name, seen
 * at most WA_LOAN_MAX times, Latin script, three consonant sounds or more;
 * -1 on OOM.  Spells t. */
static int is_loan(builder *b, const wa_names *nm, int d, uint32_t t)
{
	if (!b->cnt[d][t] || b->cnt[d][t] > WA_LOAN_MAX || is_name(nm, d, t))
		return 0;
	if (spell(b, d, t))
		return -1;
	if (!(b->sp[d].flag[t] & T_LATIN))
		return 0;
	return consonants(b->sp[d].sk[t]) >= 3;   /* (Latin: not pinyin's) */
}

/* --- the closed-class prior ------------------------------------------------------ */

/* Personal pronouns, possessives, reflexives and demonstratives are a
 * closed class, and a grammar says what each translates to: each language
 * pack has its table (lang/lang.h closed_class; English's, Chinese's and
 * Persian's), written from those grammar facts. */
unsigned xp_wa_closed_class(const char *lang, const char *w, unsigned which)
{
	size_t n = strlen(w);
	const xp_lang_pack *p = xp_lang_find(lang);
	if (!p || !p->closed_class || n > 64)
		return 0;
	return p->closed_class(w, n) & which;
}

/* Cells for every pair of positions of sentence k whose words share a
 * class (mask[d][type]), at factor f; -1 on OOM. */
static int closed_cells(const wa_corpus *c, cellbuf *cb, size_t s0, uint32_t k, unsigned *const mask[2], float f)
{
	const wa_side *S = &c->side[0], *T = &c->side[1];
	uint32_t I = wa_len(S, k), J = wa_len(T, k);
	const uint32_t *st = S->tok + S->off[k], *tt = T->tok + T->off[k];
	for (uint32_t i = 0; i < I; i++) {
		unsigned m = mask[0][st[i]];
		if (!m)
			continue;
		for (uint32_t j = 0; j < J; j++)
			if ((mask[1][tt[j]] & m) && add_cell(cb, s0, i, j, f))
				return -1;
	}
	return 0;
}

/* 1 if lang is one of the space-separated languages of list (NULL: every
 * language, known or not): the same code, or a code of the same pack (the
 * defaults are packs' codes: a pack's code with a region subtag, or a
 * pack's alias, is that pack's language as much as its code is). */
int xp_wa_lang_listed(const char *list, const char *lang)
{
	if (!list)
		return 1;
	size_t n = strlen(lang);
	if (!n)
		return 0;
	const xp_lang_pack *pack = xp_lang_find(lang);
	char code[32];
	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ') {
		size_t k = strcspn(p, " ");
		if (k == n && !strncmp(p, lang, n))
			return 1;
		if (pack && k < sizeof code) {
			memcpy(code, p, k);
			code[k] = 0;
			if (xp_lang_find(code) == pack)
				return 1;
		}
	}
	return 0;
}

/* Each side's classes by word type, when one side is English and the other
 * a language with a table; 0 if none (no cells), -1 on OOM. */
static int closed_masks(const wa_corpus *c, xp_vocab voc[2], const wa_prior_opts *o, unsigned *mask[2])
{
	mask[0] = mask[1] = NULL;
	const char *l0 = o->lang[0] ? o->lang[0] : "", *l1 = o->lang[1] ? o->lang[1] : "";
	const xp_lang_pack *p0 = xp_lang_find(l0), *p1 = xp_lang_find(l1);
	int en0 = xp_lang_has(p0, XP_LT_SOURCE), en1 = xp_lang_has(p1, XP_LT_SOURCE);
	const char *other = en0 ? l1 : l0;
	const xp_lang_pack *po = en0 ? p1 : p0;
	if (o->closed <= 1 || !o->closed_classes || en0 == en1 || !po || !po->closed_class ||
	    !xp_wa_lang_listed(o->closed_langs, other))
		return 0;
	for (int d = 0; d < 2; d++) {
		if (!(mask[d] = calloc((size_t)c->side[d].V + 1, sizeof *mask[d]))) {
			free(mask[0]);
			return -1;
		}
		for (uint32_t t = 0; t < c->side[d].V && t < voc[d].n; t++)
			mask[d][t] = xp_wa_closed_class(d ? l1 : l0, voc[d].words[t], o->closed_classes);
	}
	return 1;
}

/* Each side's token counts (b->cnt) and the loanword candidates of side d
 * by type (1: a candidate), when the loanword prior is on for the other
 * side's language; loan[d] NULL when not.  -1 on OOM. */
static int loan_types(builder *b, const wa_corpus *c, const wa_names *nm, const wa_prior_opts *o, uint8_t *loan[2])
{
	loan[0] = loan[1] = NULL;
	for (int d = 0; d < 2; d++) {
		const wa_side *S = &c->side[d];
		if (!(b->cnt[d] = calloc((size_t)S->V + 1, sizeof *b->cnt[d])))
			return -1;
		for (size_t q = 0; q < S->ntok; q++)
			if (S->tok[q] < S->V && b->cnt[d][S->tok[q]] <= WA_LOAN_TGT_MAX)
				b->cnt[d][S->tok[q]]++;
	}
	for (int d = 0; d < 2; d++) {
		if (!xp_wa_lang_listed(o->loan_langs, o->lang[!d] ? o->lang[!d] : ""))
			continue;
		if (!(loan[d] = calloc((size_t)c->side[d].V + 1, 1)))
			return -1;
		for (uint32_t t = 0; t < c->side[d].V; t++) {
			int r = is_loan(b, nm, d, t);
			if (r < 0)
				return -1;
			loan[d][t] = (uint8_t)r;
		}
	}
	return 0;
}

/* --- in threads ------------------------------------------------------------------- */

/* A thread's share: spelling types [t0, t1) of both sides, or finding the
 * cells of sentences [k0, k1) */
typedef struct span {
	builder *b;
	const wa_corpus *c;
	const wa_names *nm;
	const wa_prior_opts *o;
	int names;
	uint8_t *loan[2];
	int closed;
	unsigned *mask[2];
	uint32_t k0, k1;
	cellbuf cb;
	wa_prior_counts cnt;
	int rc;
	int threads;
} span;

/* Sentences [k0, k1): their cells appended to x->cb, each sentence's end
 * (relative to where the share began) at c->coff[k + 1]. */
static void *cells_range(void *arg)
{
	span *x = arg;
	const wa_corpus *c = x->c;
	size_t most = ((size_t)1 << 30) / (size_t)x->threads;
	for (uint32_t k = x->k0; k < x->k1 && !x->rc; k++) {
		size_t s0 = x->cb.n;
		if (wa_len(&c->side[0], k) > WA_MAXLEN || wa_len(&c->side[1], k) > WA_MAXLEN || x->cb.n >= most) {
			c->coff[k + 1] = (uint32_t)x->cb.n;
			continue;   /* (a bound no real corpus reaches: cell offsets are 32-bit) */
		}
		for (int d = 0; d < 2 && !x->rc && (x->names || x->loan[0] || x->loan[1]); d++) {
			const wa_side *S = &c->side[d];
			uint32_t I = wa_len(S, k);
			for (uint32_t i = 0; i < I && !x->rc; i++) {
				uint32_t t = S->tok[S->off[k] + i];
				int name = x->names && is_name(x->nm, d, t), lw = !name && x->loan[d] && x->loan[d][t];
				if (!name && !lw)
					continue;
				long n = spell(x->b, d, t) ? -1 : match(x->b, c, &x->cb, s0, k, d, i, x->o, lw);
				if (n < 0)
					x->rc = -1;
				else
					*(lw ? &x->cnt.loans : &x->cnt.names) += n;
			}
		}
		size_t before = x->cb.n;
		if (x->closed && !x->rc)
			x->rc = closed_cells(c, &x->cb, s0, k, x->mask, (float)x->o->closed);
		x->cnt.closed += (long)(x->cb.n - before);
		c->coff[k + 1] = (uint32_t)x->cb.n;
	}
	return NULL;
}

/* The cells of every sentence, by `threads` threads of consecutive
 * sentences, put together in order: the same cells as one thread finds
 * (each sentence's cells depend on that sentence alone). */
static int cells_split(span *proto, int threads, wa_prior_counts *cnt)
{
	wa_corpus *c = (wa_corpus *)proto->c;
	span x[64];
	pthread_t th[64];
	int started[64] = {0};
	for (int t = 0; t < threads; t++) {
		x[t] = *proto;
		x[t].k0 = (uint32_t)((uint64_t)c->nsent * (uint64_t)t / (uint64_t)threads);
		x[t].k1 = (uint32_t)((uint64_t)c->nsent * (uint64_t)(t + 1) / (uint64_t)threads);
		if (t && pthread_create(&th[t], NULL, cells_range, &x[t]) == 0)
			started[t] = 1;
	}
	for (int t = 0; t < threads; t++)
		if (!started[t])
			cells_range(&x[t]);   /* the calling thread's share, or one no thread took */
	for (int t = 1; t < threads; t++)
		if (started[t])
			pthread_join(th[t], NULL);
	int rc = 0;
	size_t total = 0;
	for (int t = 0; t < threads; t++) {
		rc |= x[t].rc;
		total += x[t].cb.n;
	}
	if (!rc && threads == 1) {
		c->cell = x[0].cb.v, c->ncell = x[0].cb.n;
		x[0].cb.v = NULL;
	} else if (!rc && total && !(c->cell = malloc(total * sizeof *c->cell)))
		rc = -1;
	for (int t = 0; t < threads; t++) {
		if (!rc && threads > 1) {
			size_t base = c->ncell;
			if (x[t].cb.n)
				memcpy(c->cell + base, x[t].cb.v, x[t].cb.n * sizeof *c->cell);
			for (uint32_t k = x[t].k0; k < x[t].k1; k++)
				c->coff[k + 1] += (uint32_t)base;
			c->ncell += x[t].cb.n;
		}
		cnt->names += x[t].cnt.names, cnt->loans += x[t].cnt.loans, cnt->closed += x[t].cnt.closed;
		free(x[t].cb.v);
	}
	return rc;
}

/* Types [k0, k1) of both sides spelled (spell_as, own room) with x->b's
 * own transliterator. */
typedef struct spelling_share {
	builder b;
	const wa_corpus *c;
	uint32_t t0, t1;
	int rc, uncertain;
} spelling_share;

static void *spell_range(void *arg)
{
	spelling_share *x = arg;
	for (int d = 0; d < 2; d++)
		for (uint32_t t = x->t0; t < x->t1 && t < x->c->side[d].V && !x->rc; t++)
			x->rc = spell_as(&x->b, d, t, 1, &x->uncertain);
	return NULL;
}

/* Every type of both sides spelled, by `threads` threads (each with a clone
 * of b's transliterator); *uncertain set if a word's spelling could depend
 * on the order (spell_as). */
static int spell_all(builder *b, const wa_corpus *c, int threads, int *uncertain)
{
	uint32_t V = c->side[0].V > c->side[1].V ? c->side[0].V : c->side[1].V;
	spelling_share x[64];
	pthread_t th[64];
	int started[64] = {0}, rc = 0;
	for (int t = 0; t < threads; t++) {
		x[t] = (spelling_share){*b, c, (uint32_t)((uint64_t)V * (uint64_t)t / (uint64_t)threads),
					(uint32_t)((uint64_t)V * (uint64_t)(t + 1) / (uint64_t)threads), 0, 0};
		x[t].b.u = NULL, x[t].b.ucap = 0;
		if (t) {
			UErrorCode e = U_ZERO_ERROR;
			x[t].b.tr = utrans_clone(b->tr, &e);
			if (U_FAILURE(e))
				x[t].b.tr = NULL;
		}
		if (t && x[t].b.tr && pthread_create(&th[t], NULL, spell_range, &x[t]) == 0)
			started[t] = 1;
	}
	for (int t = 0; t < threads; t++)
		if (!started[t]) {
			x[t].b.tr = t && !x[t].b.tr ? b->tr : x[t].b.tr;
			spell_range(&x[t]);
		}
	for (int t = 0; t < threads; t++) {
		if (started[t])
			pthread_join(th[t], NULL);
		rc |= x[t].rc;
		*uncertain |= x[t].uncertain;
		free(x[t].b.u);
		if (t && x[t].b.tr && x[t].b.tr != b->tr)
			utrans_close(x[t].b.tr);
	}
	return rc;
}

/* Every spelling forgotten (spell_all's, when the lazy order must decide). */
static void unspell(builder *b, const wa_corpus *c)
{
	for (int d = 0; d < 2; d++)
		for (uint32_t t = 0; t <= c->side[d].V; t++) {
			free(b->sp[d].lat[t]);
			b->sp[d].lat[t] = NULL;
			b->sp[d].flag[t] = 0;
		}
}

long xp_wa_prior_build(wa_corpus *c, xp_vocab voc[2], const wa_names *nm, const wa_prior_opts *o,
		       wa_prior_counts *counts, xp_err *err)
{
	xp_wa_prior_free(c);
	wa_prior_counts cnt = {0, 0, 0};
	if (counts)
		*counts = cnt;
	unsigned *mask[2];
	int closed = closed_masks(c, voc, o, mask);
	if (closed < 0)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	int names = o->boost > 1 && nm;
	int loans = o->loan > 1 && nm && (xp_wa_lang_listed(o->loan_langs, o->lang[0] ? o->lang[0] : "") ||
					  xp_wa_lang_listed(o->loan_langs, o->lang[1] ? o->lang[1] : ""));
	if (!names && !loans && !closed)
		return 0;
	builder b = {0};
	b.voc = voc;
	uint8_t *loan[2] = {NULL, NULL};
	/* Any-Latin makes each script's transliterator when it first meets
	 * the script and, when that fails for memory, leaves the word as it
	 * is without a word (base/icu.h): any allocation ICU was refused
	 * while the cells are found makes them untrustworthy */
	unsigned long refusals = xp_icu_refusals();
	if (names || loans) {
		UErrorCode e = U_ZERO_ERROR;
		UChar id[40];
		u_uastrcpy(id, "Any-Latin; Latin-ASCII");
		b.tr = utrans_openU(id, -1, UTRANS_FORWARD, NULL, 0, NULL, &e);
		if (U_FAILURE(e)) {
			free(mask[0]), free(mask[1]);
			/* refused memory, ICU says U_INVALID_ID (a script's rules
			 * it could not load are "no such transliterator") */
			return xp_failc(err, XP_ENOMEM, "", 0, "%scannot open ICU's Any-Latin transliterator: %s",
					xp_icu_refusals() != refusals ? "out of memory: " : "", u_errorName(e));
		}
	}
	int rc = 0;
	c->coff = calloc((size_t)c->nsent + 1, sizeof *c->coff);
	for (int d = 0; d < 2 && c->coff && (names || loans); d++) {
		size_t V = (size_t)c->side[d].V + 1;
		b.sp[d].lat = calloc(V, sizeof *b.sp[d].lat);
		b.sp[d].flag = calloc(V, sizeof *b.sp[d].flag);
		b.sp[d].nchar = calloc(V, sizeof *b.sp[d].nchar);
		b.sp[d].sk = calloc(V, sizeof *b.sp[d].sk);
		if (!b.sp[d].lat || !b.sp[d].flag || !b.sp[d].nchar || !b.sp[d].sk)
			rc = -1;
	}
	if (!c->coff)
		rc = -1;
	/* every type spelled first, in the threads, each word in the room of
	 * its own need; unless a word's spelling could then differ from the
	 * lazy order's (never seen: a transliteration four times as long as
	 * the word), when the sentences are done as before, lazily, in one */
	int threads = o->threads > 1 ? (o->threads > 64 ? 64 : o->threads) : 1;
	if (!rc && threads > 1 && (names || loans)) {
		int uncertain = 0;
		rc = spell_all(&b, c, threads, &uncertain);
		if (!rc && uncertain) {
			unspell(&b, c);
			threads = 1;
		}
	} else
		threads = 1;
	if (!rc && loans)
		rc = loan_types(&b, c, nm, o, loan);
	if (!rc) {
		span ctx = {&b, c, nm, o, names, {loan[0], loan[1]}, closed, {mask[0], mask[1]}, 0, 0, {NULL, 0, 0},
			    {0, 0, 0}, 0, threads};
		rc = cells_split(&ctx, threads, &cnt);
	}
	for (int d = 0; d < 2; d++) {
		if (b.sp[d].lat)
			for (size_t t = 0; t <= c->side[d].V; t++)
				free(b.sp[d].lat[t]);
		free(b.sp[d].lat);
		free(b.sp[d].flag);
		free(b.sp[d].nchar);
		free(b.sp[d].sk);
		free(mask[d]);
		free(loan[d]);
		free(b.cnt[d]);
	}
	free(b.u);
	if (b.tr)
		utrans_close(b.tr);
	if (xp_icu_refusals() != refusals)
		rc = -1;
	if (rc) {
		xp_wa_prior_free(c);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	if (counts)
		*counts = cnt;
	return (long)c->ncell;
}

void xp_wa_prior_free(wa_corpus *c)
{
	free(c->coff);
	free(c->cell);
	c->coff = NULL;
	c->cell = NULL;
	c->ncell = 0;
}
