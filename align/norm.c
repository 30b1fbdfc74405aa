/* align/norm.c — see norm.h. */
#include "norm.h"
#include "../base/mem.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

struct xp_normalizer {
	const UNormalizer2 *nfkc_cf;
	UChar *a, *b;
	size_t cap;
	uint32_t *toks, *chrs;
	size_t captok, capchr;
};

xp_normalizer *xp_normalizer_new(void)
{
	xp_normalizer *z = calloc(1, sizeof *z);
	UErrorCode e = U_ZERO_ERROR;
	if (z)
		z->nfkc_cf = unorm2_getNFKCCasefoldInstance(&e);
	if (!z || U_FAILURE(e)) {
		free(z);
		return NULL;
	}
	return z;
}

void xp_normalizer_free(xp_normalizer *z)
{
	if (!z)
		return;
	free(z->a);
	free(z->b);
	free(z->toks);
	free(z->chrs);
	free(z);
}

void xp_unit_free(xp_unit *u)
{
	free(u->tok.h), free(u->tok.c), free(u->chr.h), free(u->chr.c);
	memset(u, 0, sizeof *u);
}

static uint32_t fnv(const UChar *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 16777619u;
	return h;
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return a < b ? -1 : a > b;
}

static int make_bag(xp_bag *g, uint32_t *v, size_t n)
{
	if (n) /* v is NULL until a first token: qsort(NULL, 0) is undefined */
		qsort(v, n, sizeof *v, cmp_u32);
	g->h = malloc((n + 1) * sizeof *g->h);
	g->c = malloc((n + 1) * sizeof *g->c);
	if (!g->h || !g->c)
		return -1;
	g->n = 0;
	g->total = (uint32_t)n;
	for (size_t i = 0; i < n; i++) {
		if (g->n && g->h[g->n - 1] == v[i]) {
			if (g->c[g->n - 1] < UINT16_MAX)
				g->c[g->n - 1]++;
			continue;
		}
		g->h[g->n] = v[i];
		g->c[g->n++] = 1;
	}
	return 0;
}

uint32_t xp_bag_common(const xp_bag *a, const xp_bag *b)
{
	uint32_t i = 0, j = 0, n = 0;
	while (i < a->n && j < b->n) {
		if (a->h[i] < b->h[j])
			i++;
		else if (a->h[i] > b->h[j])
			j++;
		else {
			n += a->c[i] < b->c[j] ? a->c[i] : b->c[j];
			i++, j++;
		}
	}
	return n;
}

/* --- words and their expansions ---------------------------------------------------- */

static const char *const expand[][2] = {
	{"c'mon", "come on"}, {"gonna", "going to"}, {"wanna", "want to"}, {"gotta", "got to"},
	{"'cause", "because"}, {"cause", "because"}, {"y'know", "you know"}, {"'em", "them"},
	{"ok", "okay"}, {"won't", "will not"}, {"can't", "can not"}, {"cannot", "can not"},
	{"ain't", "is not"}, {"shan't", "shall not"}, {"lemme", "let me"}, {"gimme", "give me"},
	{"dunno", "do not know"}, {"kinda", "kind of"}, {"sorta", "sort of"}, {"'til", "until"},
	{"till", "until"}, {"mr", "mister"}, {"mrs", "missus"}, {"dr", "doctor"},
	/* the halves Penn-Treebank tokenisers leave (CoNLL transcripts) */
	{"ca", "can"}, {"wo", "will"}, {"gon", "going"}, {"wan", "want"}, {"na", "to"}, {"ta", "to"},
};

static const char *const suffix[][2] = {
	{"n't", "not"}, {"'re", "are"}, {"'m", "am"}, {"'ll", "will"}, {"'ve", "have"},
	{"'d", "would"}, {"'s", "s"},
};

static int push(xp_normalizer *z, uint32_t **v, size_t *n, size_t *cap, uint32_t h)
{
	(void)z;
	if (xp_grow(v, cap, *n + 1, sizeof **v))
		return -1;
	(*v)[(*n)++] = h;
	return 0;
}

static int ascii_eq(const UChar *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	if (k != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] != (UChar)(unsigned char)lit[i])
			return 0;
	return 1;
}

static int emit_lit(xp_normalizer *z, size_t *nt, const char *lit)
{
	UChar w[32];
	size_t k = 0;
	for (const char *p = lit;; p++) {
		if (*p == ' ' || !*p) {
			if (k && push(z, &z->toks, nt, &z->captok, fnv(w, k)))
				return -1;
			k = 0;
			if (!*p)
				return 0;
		} else if (k < 32) {
			w[k++] = (UChar)*p;
		}
	}
}

/* one word (letters, digits, inner apostrophes) */
static int word(xp_normalizer *z, const UChar *s, size_t n, size_t *nt)
{
	for (size_t k = 0; k < sizeof expand / sizeof *expand; k++)
		if (ascii_eq(s, n, expand[k][0]))
			return emit_lit(z, nt, expand[k][1]);
	for (size_t k = 0; k < sizeof suffix / sizeof *suffix; k++) {
		size_t l = strlen(suffix[k][0]);
		if (ascii_eq(s, n, suffix[k][0]))    /* "'m" standing alone */
			return emit_lit(z, nt, suffix[k][1]);
		if (n > l && ascii_eq(s + n - l, l, suffix[k][0])) {
			if (push(z, &z->toks, nt, &z->captok, fnv(s, n - l)))
				return -1;
			return emit_lit(z, nt, suffix[k][1]);
		}
	}
	while (n && s[0] == '\'')
		s++, n--;
	while (n && s[n - 1] == '\'')
		n--;
	return n ? push(z, &z->toks, nt, &z->captok, fnv(s, n)) : 0;
}

static int wordchar(UChar32 c) { return u_isalnum(c) || c == '\''; }

int xp_unit_from_text(xp_normalizer *z, const char *text, size_t len, xp_unit *u)
{
	memset(u, 0, sizeof *u);
	UErrorCode e = U_ZERO_ERROR;
	int32_t n16 = 0;
	u_strFromUTF8Lenient(NULL, 0, &n16, text, (int32_t)len, &e);
	e = U_ZERO_ERROR;
	size_t need = (size_t)n16 * 4 + 16;   /* NFKC may grow the text */
	if (need > z->cap) {
		UChar *a = realloc(z->a, need * sizeof *a), *b = a ? realloc(z->b, need * sizeof *b) : NULL;
		if (!a || !b) {
			if (a) z->a = a;
			return -1;
		}
		z->a = a, z->b = b, z->cap = need;
	}
	u_strFromUTF8Lenient(z->a, (int32_t)z->cap, &n16, text, (int32_t)len, &e);
	int32_t m = unorm2_normalize(z->nfkc_cf, z->a, n16, z->b, (int32_t)z->cap, &e);
	if (U_FAILURE(e))
		return -1;
	/* straighten apostrophes, blank out stage directions */
	int depth = 0;
	for (int32_t i = 0; i < m; i++) {
		UChar c = z->b[i];
		if (c == 0x2019 || c == 0x2018 || c == 0x02BC)
			z->b[i] = c = '\'';
		if (c == '(' || c == '[')
			depth++;
		if (depth)
			z->b[i] = ' ';
		if ((c == ')' || c == ']') && depth)
			depth--;
	}
	size_t nt = 0, nc = 0;
	UChar prev = 0;
	for (int32_t i = 0; i < m;) {
		if (!wordchar(z->b[i]) || (z->b[i] == '\'' && (i + 1 >= m || !u_isalnum(z->b[i + 1])))) {
			i++;
			continue;
		}
		int32_t s = i;
		while (i < m && wordchar(z->b[i]))
			i++;
		if (word(z, z->b + s, (size_t)(i - s), &nt))
			return -1;
		for (int32_t k = s; k < i; k++) {
			if (z->b[k] == '\'')
				continue;
			UChar pair[2] = {prev, z->b[k]};
			if (prev && push(z, &z->chrs, &nc, &z->capchr, fnv(pair, 2)))
				return -1;
			prev = z->b[k];
		}
	}
	if (make_bag(&u->tok, z->toks, nt) || make_bag(&u->chr, z->chrs, nc)) {
		xp_unit_free(u);
		return -1;
	}
	return 0;
}
