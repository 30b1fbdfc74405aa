/* align/sentalign.c — n:m sentence alignment; see sentalign.h. */
#include "sentalign.h"
#include "../base/text.h"
#include "../base/vocab.h"
#include "../model/charspan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

void xp_salign_defaults(xp_salign_opts *o)
{
	memset(o, 0, sizeof *o);
	o->anchors = 1;
	o->ratio = 0;
	/* Gale and Church's estimate for English-German/French, which holds
	 * well enough for any pair of alphabetic languages */
	o->var = 6.8;
	/* a figure both sides write weighs as much as the prior's preference
	 * of a 1:1 link over a 2:1 (log .89 - log .0445 = 3.0): it settles
	 * what length leaves open; a name 0.7 of that, a cognate or a question
	 * mark a quarter (sentalign.c, link_score) */
	o->anchor_weight = 3.0;
}

double xp_salign_length(const xp_utt *u)
{
	double n = 0;
	for (uint32_t k = 0; k < u->ntoks; k++)
		n += (double)xp_utf8_count(u->text + u->toks[k].off, u->toks[k].len);
	return n;
}

/* --- anchors ------------------------------------------------------------------------ */

/* One sentence's anchors: a sorted multiset of keys (hashes of what
 * another language may spell the same way). */
typedef struct keys {
	uint64_t *k;
	uint32_t n;
} keys;

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* the kinds of anchors, in a key's top three bits */
enum { K_NUMBER, K_NAME, K_COGNATE, K_PUNCT, K_DICT, NKINDS = 8 };

static uint64_t key_of(int kind, const char *s, size_t n)
{
	return (xp_hash(s, n) >> 3) | (uint64_t)kind << 61;
}

static int kind_of(uint64_t k)
{
	return (int)(k >> 61);
}

/* w folded for comparison across languages: NFD, combining marks dropped,
 * lower case, letters only, as UTF-8 in out; the number of letters (0 for
 * a word too long or not UTF-8), or -1 when ICU failed (its data not
 * loaded, memory out): taken as "no letters", the word lost its anchors
 * and the sentences aligned otherwise, exit 0. */
static int32_t fold(const char *w, uint32_t n, char *out, size_t cap, int32_t *bytes)
{
	UChar src[128], nfd[256], low[256];
	int32_t ns = 0, nn, nl = 0;
	UErrorCode ec = U_ZERO_ERROR;
	*bytes = 0;
	u_strFromUTF8(src, 128, &ns, w, (int32_t)n, &ec);
	if (ec == U_MEMORY_ALLOCATION_ERROR)
		return -1;
	if (U_FAILURE(ec) || ec == U_STRING_NOT_TERMINATED_WARNING)
		return 0;
	ec = U_ZERO_ERROR;
	const UNormalizer2 *N = unorm2_getNFDInstance(&ec);
	if (U_FAILURE(ec))
		return -1;
	nn = unorm2_normalize(N, src, ns, nfd, 256, &ec);
	if (ec == U_MEMORY_ALLOCATION_ERROR)
		return -1;
	if (U_FAILURE(ec))
		return 0;
	int32_t letters = 0;
	for (int32_t i = 0; i < nn;) {
		UChar32 c;
		U16_NEXT(nfd, i, nn, c);
		if (u_charType(c) == U_NON_SPACING_MARK || !u_isalpha(c))
			continue;
		c = u_tolower(c);
		U16_APPEND_UNSAFE(low, nl, c);
		letters++;
		if (nl > 250)
			break;
	}
	u_strToUTF8(out, (int32_t)cap, bytes, low, nl, &ec);
	if (U_FAILURE(ec) || (size_t)*bytes >= cap)
		return *bytes = 0, 0;
	return letters;
}

/* the byte length of the first k code points of s */
static size_t prefix_bytes(const char *s, size_t n, int k)
{
	size_t i = 0, a;
	while (k-- > 0 && xp_char_next(s, n, &i, &a))
		;
	return i;
}

/* --- the dictionary ------------------------------------------------------------------ */

enum { DICT_PER_WORD = 3 };

struct xp_salign_dict {
	xp_vocab pairs;          /* "en\ttg", folded */
	uint32_t *count;
	size_t cap;
	xp_vocab en;             /* English words, folded: their links in all */
	uint32_t *total;
	size_t cap_total;
	/* kept: (side, word hash) -> entry, sorted by the first */
	struct entry {
		uint64_t word;
		uint32_t id;
	} *kept;
	size_t nkept;
};

xp_salign_dict *xp_salign_dict_new(void)
{
	xp_salign_dict *d = calloc(1, sizeof *d);
	if (!d || xp_vocab_init(&d->pairs, 0) || xp_vocab_init(&d->en, 0)) {
		if (d)
			xp_vocab_free(&d->pairs), xp_vocab_free(&d->en);
		free(d);
		return NULL;
	}
	return d;
}

void xp_salign_dict_free(xp_salign_dict *d)
{
	if (!d)
		return;
	xp_vocab_free(&d->pairs), xp_vocab_free(&d->en);
	free(d->count), free(d->total), free(d->kept), free(d);
}

static int32_t fold(const char *w, uint32_t n, char *out, size_t cap, int32_t *bytes);

int xp_salign_dict_count(xp_salign_dict *d, const char *en, size_t nen, const char *tg, size_t ntg)
{
	char a[256], b[256], k[520];
	int32_t na, nb;
	if (nen > 120 || ntg > 120)
		return 0;
	int32_t la = fold(en, (uint32_t)nen, a, sizeof a, &na), lb = la < 3 ? 0 : fold(tg, (uint32_t)ntg, b, sizeof b, &nb);
	if (la < 0 || lb < 0)
		return -1;
	if (la < 3 || lb < 3)
		return 0;
	memcpy(k, a, (size_t)na);
	k[na] = '\t';
	memcpy(k + na + 1, b, (size_t)nb);
	uint32_t np = d->pairs.n, ne = d->en.n;
	uint32_t id = xp_vocab_id(&d->pairs, k, (size_t)na + 1 + (size_t)nb);
	uint32_t e = xp_vocab_id(&d->en, a, (size_t)na);
	if (id == UINT32_MAX || e == UINT32_MAX || xp_grow(&d->count, &d->cap, (size_t)id + 1, sizeof *d->count) ||
	    xp_grow(&d->total, &d->cap_total, (size_t)e + 1, sizeof *d->total))
		return -1;
	if (id >= np)
		d->count[id] = 0;
	if (e >= ne)
		d->total[e] = 0;
	d->count[id]++, d->total[e]++;
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	return x->word < y->word ? -1 : x->word > y->word ? 1 : (x->id > y->id) - (x->id < y->id);
}

size_t xp_salign_dict_finish(xp_salign_dict *d, uint32_t min_count)
{
	free(d->kept);
	d->nkept = 0;
	d->kept = malloc((2 * (size_t)d->pairs.n + 1) * sizeof *d->kept);
	if (!d->kept)
		return 0;
	for (uint32_t id = 0; id < d->pairs.n; id++) {
		const char *k = d->pairs.words[id], *tab = strchr(k, '\t');
		uint32_t e = xp_vocab_find(&d->en, k, (size_t)(tab - k));
		if (d->count[id] < min_count || e == UINT32_MAX || 10 * d->count[id] < 3 * d->total[e])
			continue;
		d->kept[d->nkept++] = (struct entry){xp_hash(k, (size_t)(tab - k)) << 1, id};
		d->kept[d->nkept++] = (struct entry){xp_hash(tab + 1, strlen(tab + 1)) << 1 | 1, id};
	}
	qsort(d->kept, d->nkept, sizeof *d->kept, cmp_entry);
	return d->nkept / 2;
}

/* the dictionary's entries for word f (folded) of side t (0 English, 1
 * target) as anchors */
static void dict_keys(const xp_salign_dict *d, int t, const char *f, size_t n, keys *K)
{
	uint64_t w = xp_hash(f, n) << 1 | (uint64_t)t;
	size_t lo = 0, hi = d->nkept;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (d->kept[mid].word < w)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int k = 0; lo < d->nkept && d->kept[lo].word == w && k < DICT_PER_WORD; lo++, k++) {
		char id[16];
		int m = snprintf(id, sizeof id, "%u", d->kept[lo].id);
		K->k[K->n++] = key_of(K_DICT, id, (size_t)m);
	}
}

static int describe(const xp_utt *u, int side, const xp_salign_dict *dict, keys *K)
{
	K->k = malloc(((2 + DICT_PER_WORD) * (size_t)u->ntoks + 1) * sizeof *K->k);
	K->n = 0;
	if (!K->k)
		return -1;
	for (uint32_t t = 0; t < u->ntoks; t++) {
		const char *w = u->text + u->toks[t].off;
		uint32_t n = u->toks[t].len;
		/* figures: their digits, whatever separates thousands */
		char dig[64];
		size_t nd = 0;
		for (uint32_t i = 0; i < n && nd < sizeof dig; i++)
			if (w[i] >= '0' && w[i] <= '9')
				dig[nd++] = w[i];
		if (nd) {
			K->k[K->n++] = key_of(K_NUMBER, dig, nd);
			continue;
		}
		/* punctuation both languages keep */
		const char *p = NULL;
		if (xp_str_eq((xp_str){w, n}, "?") || xp_str_eq((xp_str){w, n}, "!") || xp_str_eq((xp_str){w, n}, ":"))
			p = w;
		else if (xp_str_eq((xp_str){w, n}, "\"") || xp_str_eq((xp_str){w, n}, "\xE2\x80\x9C") ||
			 xp_str_eq((xp_str){w, n}, "\xE2\x80\x9D") || xp_str_eq((xp_str){w, n}, "\xC2\xAB") ||
			 xp_str_eq((xp_str){w, n}, "\xE2\x80\x9E") || xp_str_eq((xp_str){w, n}, "&quot;"))
			p = "\"";   /* “ ” « „: one quote, opening or closing */
		else if (xp_str_eq((xp_str){w, n}, "("))
			p = "(";
		if (p) {
			K->k[K->n++] = key_of(K_PUNCT, p, 1);
			continue;
		}
		char f[512];
		int32_t fb;
		int32_t letters = fold(w, n, f, sizeof f, &fb);
		if (letters < 0)
			return -1;
		/* names: capitalised inside the sentence, spelled the same
		 * (folded); cognates: the first four letters, folded (Simard,
		 * Foster and Isabelle 1992) */
		UChar32 c;
		int32_t i = 0;
		U8_NEXT(w, i, (int32_t)n, c);
		if (letters >= 2 && t > 0 && c >= 0 && u_isupper(c))
			K->k[K->n++] = key_of(K_NAME, f, (size_t)fb);
		else if (letters >= 4)
			K->k[K->n++] = key_of(K_COGNATE, f, prefix_bytes(f, (size_t)fb, 4));
		if (dict && dict->nkept && letters >= 3)
			dict_keys(dict, side, f, (size_t)fb, K);
	}
	qsort(K->k, K->n, sizeof *K->k, cmp_u64);
	return 0;
}

/* |a ∩ b| as multisets, a and b sorted, by kind (both[kind]); and each
 * side's keys of each kind (na[kind], nb[kind]) */
static void common(const uint64_t *a, uint32_t la, const uint64_t *b, uint32_t lb, uint32_t both[NKINDS],
		   uint32_t na[NKINDS], uint32_t nb[NKINDS])
{
	uint32_t i = 0, j = 0;
	memset(both, 0, NKINDS * sizeof *both), memset(na, 0, NKINDS * sizeof *na), memset(nb, 0, NKINDS * sizeof *nb);
	for (uint32_t k = 0; k < la; k++)
		na[kind_of(a[k])]++;
	for (uint32_t k = 0; k < lb; k++)
		nb[kind_of(b[k])]++;
	while (i < la && j < lb) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			both[kind_of(a[i])]++, i++, j++;
	}
}

/* the union (with repeats) of up to two sorted multisets, sorted, into out */
static uint32_t join(const keys *x, const keys *y, uint64_t *out)
{
	uint32_t i = 0, j = 0, n = 0, ny = y ? y->n : 0;
	while (i < x->n || j < ny)
		out[n++] = j >= ny || (i < x->n && x->k[i] <= y->k[j]) ? x->k[i++] : y->k[j++];
	return n;
}

/* --- the programme ------------------------------------------------------------------ */

enum { NTYPES = 6 };
static const int DE[NTYPES] = {1, 1, 0, 1, 2, 2}, DT[NTYPES] = {1, 0, 1, 2, 1, 2};

typedef struct prog {
	const xp_salign_opts *o;
	double c;                /* target characters per English character */
	double *le, *lt;         /* sentence lengths */
	keys *ke, *kt;
	uint64_t *ua, *ub;       /* scratch for unions */
	double prior[NTYPES];
} prog;

/* log of 2 (1 - Phi(|d|)) = erfc(|d| / sqrt 2), with its asymptote where
 * erfc underflows */
static double log_tail(double d)
{
	double x = fabs(d) / sqrt(2.0);
	double v = erfc(x);
	if (v > 1e-300)
		return log(v);
	return -x * x - log(x * sqrt(M_PI));
}

/* the link joining English [i-de, i) and target [j-dt, j) */
static double link_score(const prog *P, size_t i, size_t j, int type)
{
	int de = DE[type], dt = DT[type];
	double l1 = 0, l2 = 0;
	for (int k = 1; k <= de; k++)
		l1 += P->le[i - k];
	for (int k = 1; k <= dt; k++)
		l2 += P->lt[j - k];
	/* a sentence linked to nothing has no length to compare: Gale and
	 * Church score it as a difference of its whole length, which makes
	 * dropping a long sentence dearer than any wrong merge, and so shifts
	 * the links around it; here its prior alone prices it */
	double mean = (l1 + l2 / P->c) / 2;
	double d = mean > 0 && de && dt ? (l2 - l1 * P->c) / sqrt(P->o->var * mean) : 0;
	double s = P->prior[type] + log_tail(d);
	if (P->o->anchors && de && dt) {
		uint32_t na = join(&P->ke[i - 1], de == 2 ? &P->ke[i - 2] : NULL, P->ua);
		uint32_t nb = join(&P->kt[j - 1], dt == 2 ? &P->kt[j - 2] : NULL, P->ub);
		uint32_t both[NKINDS], ka[NKINDS], kb[NKINDS];
		common(P->ua, na, P->ub, nb, both, ka, kb);
		/* each shared key counts as evidence for the link, additively, so
		 * that one link or two smaller ones covering the same keys score
		 * alike; a figure only one side writes counts against it */
		s += P->o->anchor_weight * (both[K_NUMBER] + 0.7 * both[K_NAME] + 0.25 * both[K_COGNATE] +
					    0.25 * both[K_PUNCT] + 0.25 * both[K_DICT] -
					    0.3 * (ka[K_NUMBER] + kb[K_NUMBER] - 2 * both[K_NUMBER]));
	}
	return s;
}

int xp_salign(const xp_utt *e, size_t n, const xp_utt *t, size_t m, const xp_salign_opts *o,
	      xp_salign_link **links, size_t *nlinks)
{
	*links = NULL;
	*nlinks = 0;
	size_t W = m + 1, cells = (n + 1) * W;
	if (n > XP_SALIGN_MAX_CELLS || m > XP_SALIGN_MAX_CELLS || cells > XP_SALIGN_MAX_CELLS)
		return -2;
	prog P = {.o = o};
	double *V = malloc(cells * sizeof *V), *F = malloc(cells * sizeof *F), *B = malloc(cells * sizeof *B);
	unsigned char *how = malloc(cells);
	P.le = malloc((n + 1) * sizeof *P.le), P.lt = malloc((m + 1) * sizeof *P.lt);
	P.ke = calloc(n + 1, sizeof *P.ke), P.kt = calloc(m + 1, sizeof *P.kt);
	size_t maxk = 1;
	xp_salign_link *L = malloc((n + m + 1) * sizeof *L);
	int rc = -1;
	if (!V || !F || !B || !how || !P.le || !P.lt || !P.ke || !P.kt || !L)
		goto out;
	double s1 = 0, s2 = 0;
	for (size_t i = 0; i < n; i++) {
		s1 += P.le[i] = xp_salign_length(&e[i]);
		if (o->anchors && describe(&e[i], 0, o->dict, &P.ke[i]))
			goto out;
		maxk = P.ke[i].n * 2 + 2 > maxk ? P.ke[i].n * 2 + 2 : maxk;
	}
	for (size_t j = 0; j < m; j++) {
		s2 += P.lt[j] = xp_salign_length(&t[j]);
		if (o->anchors && describe(&t[j], 1, o->dict, &P.kt[j]))
			goto out;
		maxk = P.kt[j].n * 2 + 2 > maxk ? P.kt[j].n * 2 + 2 : maxk;
	}
	P.ua = malloc(maxk * sizeof *P.ua), P.ub = malloc(maxk * sizeof *P.ub);
	if (!P.ua || !P.ub)
		goto out;
	P.c = o->ratio > 0 ? o->ratio : s1 > 0 && s2 > 0 ? s2 / s1 : 1;
	/* Gale and Church's priors: 1:1 .89, 1:0 or 0:1 .0099, 2:1 or 1:2 .089,
	 * 2:2 .011, each pair of mirror types sharing its share */
	const double pr[NTYPES] = {0.89, 0.0099 / 2, 0.0099 / 2, 0.089 / 2, 0.089 / 2, 0.011};
	for (int k = 0; k < NTYPES; k++)
		P.prior[k] = log(pr[k]);
	/* forward: Viterbi and the sum over paths at once */
	for (size_t i = 0; i <= n; i++)
		for (size_t j = 0; j <= m; j++) {
			double v = i == 0 && j == 0 ? 0 : -INFINITY, f = v;
			int h = -1;
			for (int k = 0; k < NTYPES; k++) {
				if ((size_t)DE[k] > i || (size_t)DT[k] > j)
					continue;
				size_t p = (i - DE[k]) * W + j - DT[k];
				if (F[p] == -INFINITY)
					continue;
				double s = link_score(&P, i, j, k);
				if (V[p] + s > v)
					v = V[p] + s, h = k;
				f = xp_log_add(f, F[p] + s);
			}
			V[i * W + j] = v, F[i * W + j] = f, how[i * W + j] = (unsigned char)(h < 0 ? 255 : h);
		}
	for (size_t i = n + 1; i-- > 0;)
		for (size_t j = m + 1; j-- > 0;) {
			double b = i == n && j == m ? 0 : -INFINITY;
			for (int k = 0; k < NTYPES; k++) {
				if (i + DE[k] > n || j + DT[k] > m)
					continue;
				b = xp_log_add(b, B[(i + DE[k]) * W + j + DT[k]] + link_score(&P, i + DE[k], j + DT[k], k));
			}
			B[i * W + j] = b;
		}
	double Z = F[n * W + m];
	size_t nl = 0;
	for (size_t i = n, j = m; i > 0 || j > 0;) {
		int k = how[i * W + j];
		size_t pi = i - DE[k], pj = j - DT[k];
		double s = link_score(&P, i, j, k);
		L[nl++] = (xp_salign_link){(uint32_t)pi, (uint32_t)DE[k], (uint32_t)pj, (uint32_t)DT[k],
					   exp(F[pi * W + pj] + s + B[i * W + j] - Z), s};
		i = pi, j = pj;
	}
	for (size_t a = 0, b = nl; a + 1 < b; a++, b--) {
		xp_salign_link x = L[a];
		L[a] = L[b - 1], L[b - 1] = x;
	}
	*links = L, *nlinks = nl, L = NULL;
	rc = 0;
out:
	for (size_t i = 0; P.ke && i < n; i++)
		free(P.ke[i].k);
	for (size_t j = 0; P.kt && j < m; j++)
		free(P.kt[j].k);
	free(P.ke), free(P.kt), free(P.le), free(P.lt), free(P.ua), free(P.ub);
	free(V), free(F), free(B), free(how), free(L);
	return rc;
}
