/* align/norm.c — see norm.h. */
#include "norm.h"
#include "../lang/lang.h"
#include "../base/mem.h"
#include "../base/text.h"
#include "../base/vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

struct xp_normalizer {
	const UNormalizer2 *nfkc_cf, *nfkc;
	UChar *a, *b;
	size_t cap;
	uint32_t *toks, *chrs;
	size_t captok, capchr;
	char *u8;               /* xp_norm_token: a word in UTF-8 */
	size_t capu8;
	UChar *stem;            /* an English stem spelled otherwise than the word ("make" of "making") */
	size_t capstem;
	xp_vocab known;         /* the corpus's words, which the morphology may take as stems */
	int has_known;
	/* XP_NORM_STEM: its method (xp_normalizer_stem), and the learned
	 * suffixes and stems, learned from `known` as it was when a word was
	 * first reduced (learned_at: its size then; learned again if it grew) */
	int stem_method;
	xp_vocab sufv, stemv;   /* candidate suffixes and stems */
	uint32_t *sufn;         /* per suffix: the words it ends whose stem stands (pass 2) */
	uint32_t *stemn;        /* per stem: the words it begins (pass 1), then those it
				   begins with a productive suffix (pass 3) */
	size_t capsufn, capstemn;
	uint32_t sufmin;        /* a suffix is productive when sufn reaches this */
	uint32_t learned_at;
	int learned;
	int32_t *cp;            /* a word's code point offsets */
	size_t capcp;
	/* the language's pack and its tables (xp_normalizer_lang), the
	 * affixes in UTF-16 */
	const xp_lang_pack *pk;
	const xp_lang_normdata *nd;
	struct affix {
		UChar *s;
		size_t n;
		int clitic;
	} *aff;                 /* prefixes, then suffixes, then short stems */
	size_t npre, nsuf, nshort;
};

xp_normalizer *xp_normalizer_new(void)
{
	xp_normalizer *z = calloc(1, sizeof *z);
	UErrorCode e = U_ZERO_ERROR;
	if (z && xp_vocab_init(&z->known, 0)) {
		free(z);
		return NULL;
	}
	if (z)
		z->stem_method = XP_STEM_LEARNED;
	if (z)
		z->nfkc_cf = unorm2_getNFKCCasefoldInstance(&e);
	if (z && U_SUCCESS(e))
		z->nfkc = unorm2_getNFKCInstance(&e);
	if (!z || U_FAILURE(e)) {
		if (z)
			xp_vocab_free(&z->known);
		free(z);
		return NULL;
	}
	return z;
}

int xp_normalizer_know(xp_normalizer *z, const char *word, size_t n)
{
	z->has_known = 1;
	return xp_vocab_id(&z->known, word, n) == UINT32_MAX ? -1 : 0;
}

static void affixes_free(xp_normalizer *z)
{
	for (size_t k = 0; z->aff && k < z->npre + z->nsuf + z->nshort; k++)
		free(z->aff[k].s);
	free(z->aff);
	z->aff = NULL;
	z->npre = z->nsuf = z->nshort = 0;
}

/* s (UTF-8) into a->s as UTF-16 */
static int affix_set(struct affix *a, const char *s, int clitic)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t n = 0;
	u_strFromUTF8WithSub(NULL, 0, &n, s, -1, 0xFFFD, NULL, &e);
	e = U_ZERO_ERROR;
	if (!(a->s = malloc(((size_t)n + 1) * sizeof *a->s)))
		return -1;
	u_strFromUTF8WithSub(a->s, n + 1, &n, s, -1, 0xFFFD, NULL, &e);
	a->n = (size_t)n;
	a->clitic = clitic;
	return U_FAILURE(e) ? -1 : 0;
}

int xp_normalizer_lang(xp_normalizer *z, const char *lang)
{
	affixes_free(z);
	z->pk = xp_lang_find(lang);
	const xp_lang_normdata *d = z->nd = z->pk ? z->pk->normdata : NULL;
	if (!d)
		return 0;
	size_t np = 0, ns = 0, nh = 0;
	while (d->prefixes && d->prefixes[np])
		np++;
	while (d->suffixes && d->suffixes[ns].s)
		ns++;
	while (d->short_stems && d->short_stems[nh])
		nh++;
	if (np + ns + nh && !(z->aff = calloc(np + ns + nh, sizeof *z->aff)))
		return -1;
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < np + ns + nh; k++)
		rc = k < np ? affix_set(&z->aff[k], d->prefixes[k], 0)
		     : k < np + ns ? affix_set(&z->aff[k], d->suffixes[k - np].s, d->suffixes[k - np].clitic)
				   : affix_set(&z->aff[k], d->short_stems[k - np - ns], 0);
	z->npre = np, z->nsuf = ns, z->nshort = nh;
	if (rc)
		affixes_free(z);
	return rc;
}

void xp_normalizer_free(xp_normalizer *z)
{
	if (!z)
		return;
	affixes_free(z);
	free(z->a);
	free(z->b);
	free(z->toks);
	free(z->chrs);
	free(z->u8);
	free(z->stem);
	xp_vocab_free(&z->known);
	if (z->learned) {
		xp_vocab_free(&z->sufv);
		xp_vocab_free(&z->stemv);
	}
	free(z->sufn);
	free(z->stemn);
	free(z->cp);
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

/* --- text in UTF-16, normalised ------------------------------------------------------ */

/* text[0..len) into z->a (*n16 units), with room in z->a and z->b for what
 * NFKC may make of it */
static int to_utf16(xp_normalizer *z, const char *text, size_t len, int32_t *n16)
{
	UErrorCode e = U_ZERO_ERROR;
	*n16 = 0;
	if (len > INT32_MAX / 8)
		return -1;
	u_strFromUTF8WithSub(NULL, 0, n16, text, (int32_t)len, 0xFFFD, NULL, &e);
	e = U_ZERO_ERROR;
	size_t need = (size_t)*n16 * 4 + 16;   /* NFKC may grow the text */
	if (need > z->cap) {
		UChar *a = realloc(z->a, need * sizeof *a), *b = a ? realloc(z->b, need * sizeof *b) : NULL;
		if (!a || !b) {
			if (a) z->a = a;
			return -1;
		}
		z->a = a, z->b = b, z->cap = need;
	}
	u_strFromUTF8WithSub(z->a, (int32_t)z->cap, n16, text, (int32_t)len, 0xFFFD, NULL, &e);
	if (U_FAILURE(e))
		return -1;
	/* a NUL byte is valid UTF-8 but would end the NUL-terminated words made
	 * from it early (fuzz_norm); no reader passes one, a caller might */
	for (int32_t i = 0; i < *n16; i++)
		if (!z->a[i])
			z->a[i] = 0xFFFD;
	return 0;
}

/* src[0..n) (in z->a) normalised by nz into z->b; its length, or -1 */
static int32_t nfkc(xp_normalizer *z, const UNormalizer2 *nz, const UChar *src, int32_t n)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t m = unorm2_normalize(nz, src, n, z->b, (int32_t)z->cap, &e);
	return U_FAILURE(e) ? -1 : m;
}

/* the characters written for an apostrophe: right and left single quotation
 * marks, modifier letter apostrophe, grave accent, acute accent, prime */
static int is_apostrophe(UChar c) { return xp_apostrophe(c); }   /* base/text.h: xp_utf8_fold's too */

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
	int32_t n16, m;
	if (to_utf16(z, text, len, &n16) || (m = nfkc(z, z->nfkc_cf, z->a, n16)) < 0)
		return -1;
	/* straighten apostrophes, blank out stage directions */
	int depth = 0;
	for (int32_t i = 0; i < m; i++) {
		UChar c = z->b[i];
		if (is_apostrophe(c))
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

/* --- words as the word aligner sees them ------------------------------------------------ */

static unsigned parts_named(const char *list);

unsigned xp_norm_parts(const char *lang)
{
	/* what any language takes: these never merge two words a language keeps
	 * apart; and what its pack asks for (lang/lang.h norm, the tables of
	 * its normdata: English's clitics, not XP_NORM_EN_STEM, see norm.h; a
	 * script's marks; a language's letters, punctuation and affixes) */
	unsigned p = XP_NORM_NFKC | XP_NORM_CASE | XP_NORM_APOS | XP_NORM_DIGITS | XP_NORM_ZWNJ;
	const xp_lang_pack *pk = xp_lang_find(lang);
	return pk && pk->norm ? p | parts_named(pk->norm) : p;
}

static const struct {
	const char *name;
	unsigned part;
} part_names[] = {
	{"nfkc", XP_NORM_NFKC},       {"case", XP_NORM_CASE},   {"apostrophes", XP_NORM_APOS},
	{"clitics", XP_NORM_CLITICS}, {"letters", XP_NORM_LETTERS}, {"marks", XP_NORM_MARKS},
	{"digits", XP_NORM_DIGITS},   {"zwnj", XP_NORM_ZWNJ},   {"punct", XP_NORM_PUNCT},
	{"affixes", XP_NORM_AFFIXES}, {"en-stem", XP_NORM_EN_STEM}, {"stem", XP_NORM_STEM},
};

/* the part of this name, or of the name of earlier releases a pack gives
 * it (xp_lang_pack.norm_aliases, "OLD=PART,..."; for this release) */
unsigned xp_norm_part_named(const char *name)
{
	for (size_t k = 0; k < sizeof part_names / sizeof *part_names; k++)
		if (!strcmp(name, part_names[k].name))
			return part_names[k].part;
	size_t np, n = strlen(name);
	const xp_lang_pack *const *all = xp_lang_packs(&np);
	for (size_t j = 0; j < np; j++)
		for (const char *a = all[j]->norm_aliases; a && *a; a += strcspn(a, ","), a += *a == ',') {
			size_t len = strcspn(a, ",="), to = a[len] == '=' ? strcspn(a + len + 1, ",") : 0;
			if (len != n || memcmp(a, name, n) || !to)
				continue;
			for (size_t k = 0; k < sizeof part_names / sizeof *part_names; k++)
				if (strlen(part_names[k].name) == to && !memcmp(a + len + 1, part_names[k].name, to))
					return part_names[k].part;
		}
	return 0;
}

const char *xp_norm_part_name(unsigned part)
{
	for (size_t k = 0; k < sizeof part_names / sizeof *part_names; k++)
		if (part_names[k].part == part)
			return part_names[k].name;
	return NULL;
}

/* the parts of a comma list of their names (a pack's) */
static unsigned parts_named(const char *list)
{
	unsigned p = 0;
	for (const char *s = list; *s; s += strcspn(s, ","), s += *s == ',') {
		size_t n = strcspn(s, ",");
		for (size_t k = 0; k < sizeof part_names / sizeof *part_names; k++)
			if (strlen(part_names[k].name) == n && !memcmp(s, part_names[k].name, n))
				p |= part_names[k].part;
	}
	return p;
}

/* ASCII letters of s equal lit (lower case), whatever their case */
static int ascii_ieq(const UChar *s, size_t n, const char *lit)
{
	for (size_t i = 0; i < n; i++, lit++) {
		UChar c = s[i] >= 'A' && s[i] <= 'Z' ? (UChar)(s[i] + 32) : s[i];
		if (!*lit || c != (UChar)(unsigned char)*lit)
			return 0;
	}
	return !*lit;
}

/* Where the Penn Treebank splits a word that carries no apostrophe (or an
 * inner one), as the CoNLL files of OntoNotes and MMC have it; 0 if not. */
static size_t ptb_split(const UChar *s, size_t n)
{
	static const char *const whole[] = {"gonna", "wanna", "gotta", "cannot", "c'mon", "lemme", "gimme"};
	for (size_t k = 0; k < sizeof whole / sizeof *whole; k++)
		if (ascii_ieq(s, n, whole[k]))
			return 3;
	/* the contractions the utterance aligner expands, split off instead */
	for (size_t k = 0; k < sizeof suffix / sizeof *suffix; k++) {
		size_t l = strlen(suffix[k][0]);
		if (n > l && ascii_ieq(s + n - l, l, suffix[k][0]) && u_isalnum(s[n - l - 1]))
			return n - l;
	}
	/* a plural's possessive: "the Gellers'" -> Gellers ' */
	if (n > 2 && s[n - 1] == '\'' && (s[n - 2] == 's' || s[n - 2] == 'S') && u_isalpha(s[0]))
		return n - 1;
	return 0;
}

/* Append s[0..n) to out as a UTF-8 word with its NUL. */
static int put_word(xp_normalizer *z, const UChar *s, size_t n, xp_buf *out)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t len = 0;
	if (xp_grow(&z->u8, &z->capu8, n * 3 + 1, 1))
		return -1;
	u_strToUTF8(z->u8, (int32_t)z->capu8, &len, s, (int32_t)n, &e);
	if (U_FAILURE(e))
		return -1;
	xp_buf_add(out, z->u8, (size_t)len);
	xp_buf_putc(out, '\0');
	return out->oom ? -1 : 0;
}

/* c as table t ({from, to} pairs, {0, 0} last: lang.h xp_lang_normdata)
 * maps it; c itself if t has no row for it */
static UChar table_map(const uint32_t (*t)[2], UChar c)
{
	for (size_t k = 0; t && t[k][0]; k++)
		if (t[k][0] == c)
			return t[k][1] <= 0xFFFF ? (UChar)t[k][1] : c;
	return c;
}

/* --- morphology: affixes split off a stem the corpus has ------------------------------- */

/* 1 if s[0..n) is a word xp_normalizer_know was given */
static int known(xp_normalizer *z, const UChar *s, size_t n)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t len = 0;
	if (!z->has_known || xp_grow(&z->u8, &z->capu8, n * 3 + 1, 1))
		return 0;
	u_strToUTF8(z->u8, (int32_t)z->capu8, &len, s, (int32_t)n, &e);
	return U_SUCCESS(e) && xp_vocab_find(&z->known, z->u8, (size_t)len) != UINT32_MAX;
}

/* A stem before a suffix has the pack's stem_letters at least, or is one
 * of its short stems (the words a pronoun clitic is written on) before a
 * clitic (lang.h xp_lang_normdata) */
static int stem_ok(const xp_normalizer *z, const UChar *s, size_t n, int clitic)
{
	if (n >= z->nd->stem_letters)
		return 1;
	for (size_t k = z->npre + z->nsuf; clitic && k < z->npre + z->nsuf + z->nshort; k++)
		if (z->aff[k].n == n && !memcmp(s, z->aff[k].s, n * sizeof *s))
			return 1;
	return 0;
}

/* affix_parse cuts a word at most three times (its depth limit: three
 * affixes); one slot to spare */
#define MORPH_CUTS 4

/* s[at..at+n) as known stem with the pack's affixes: the cuts between its
 * pieces appended to cut (ascending).
 * At most three affixes; a stem standing alone is never cut further. */
static int affix_parse(xp_normalizer *z, const UChar *s, size_t at, size_t n, int depth, size_t *cut, int *nc)
{
	if (depth && known(z, s + at, n))
		return 1;
	if (depth >= 3)
		return 0;
	int save = *nc;
	size_t min = z->nd->min_stem;
	for (size_t k = 0; at == 0 && k < z->npre; k++) {
		size_t l = z->aff[k].n;
		if (n < l + min || memcmp(s, z->aff[k].s, l * sizeof *s))
			continue;
		cut[(*nc)++] = l;
		if (affix_parse(z, s, l, n - l, depth + 1, cut, nc))
			return 1;
		*nc = save;
	}
	for (size_t k = z->npre; k < z->npre + z->nsuf; k++) {
		size_t l = z->aff[k].n;
		if (n < l + min || memcmp(s + at + n - l, z->aff[k].s, l * sizeof *s) ||
		    !stem_ok(z, s + at, n - l, z->aff[k].clitic))
			continue;
		if (affix_parse(z, s, at, n - l, depth + 1, cut, nc)) {
			cut[(*nc)++] = at + n - l;
			return 1;
		}
		*nc = save;
	}
	return 0;
}

static int is_vowel(UChar c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

/* English s[0..n) (lower case) as stem + -s/-es/-ed/-ing, the stem a known
 * word: its length, the stem written into z->stem, the suffix in *suf;
 * 0 if none.  Conservative: four letters at least, no -ss/-us/-is plural,
 * a stem of three letters at least. */
static size_t en_stem(xp_normalizer *z, const UChar *s, size_t n, const char **suf)
{
	if (n < 4)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] < 'a' || s[i] > 'z')
			return 0;
	if (xp_grow(&z->stem, &z->capstem, n + 2, sizeof *z->stem))
		return 0;
	UChar *t = z->stem;
	memcpy(t, s, n * sizeof *s);
	size_t m = 0;
#define TRY(len) (m = (len), m >= 3 && known(z, t, m))
	if (n >= 6 && s[n - 3] == 'i' && s[n - 2] == 'n' && s[n - 1] == 'g') {
		*suf = "+ing";
		size_t b = n - 3;
		if (!is_vowel(s[b - 1]) && s[b - 1] == s[b - 2] && TRY(b - 1))   /* running -> run */
			return m;
		t[b] = 'e';
		if (TRY(b + 1))                                                   /* making -> make */
			return m;
		if (TRY(b))                                                       /* saying -> say */
			return m;
		return 0;
	}
	if (n >= 5 && s[n - 2] == 'e' && s[n - 1] == 'd') {
		*suf = "+ed";
		size_t b = n - 2;
		if (!is_vowel(s[b - 1]) && s[b - 1] == s[b - 2] && TRY(b - 1))   /* stopped -> stop */
			return m;
		if (TRY(b + 1) || TRY(b))                                         /* hated, walked */
			return m;
		if (s[b - 1] == 'i') {                                            /* tried -> try */
			t[b - 1] = 'y';
			if (TRY(b))
				return m;
		}
		return 0;
	}
	if (s[n - 1] == 's' && s[n - 2] != 's' && s[n - 2] != 'u' && s[n - 2] != 'i' && s[n - 2] != '\'') {
		*suf = "+s";
		if (TRY(n - 1))                                                   /* cats */
			return m;
		if (s[n - 2] == 'e' && (s[n - 3] == 's' || s[n - 3] == 'x' || s[n - 3] == 'z' || s[n - 3] == 'h') &&
		    TRY(n - 2))                                                   /* boxes, watches */
			return m;
		if (s[n - 2] == 'e' && s[n - 3] == 'i') {                         /* parties -> party */
			t[n - 3] = 'y';
			if (TRY(n - 2))
				return m;
		}
	}
#undef TRY
	return 0;
}

/* --- stems: a word reduced, by its first letters or by a suffix learned ------------- */

int xp_norm_stem_parse(const char *s, int *method)
{
	if (!strcmp(s, "learned") || !strcmp(s, "none")) {
		*method = s[0] == 'l' ? XP_STEM_LEARNED : XP_STEM_NONE;
		return 0;
	}
	if (strncmp(s, "prefix:", 7) || s[7] < '1' || s[7] > '9' || strspn(s + 7, "0123456789") != strlen(s + 7) ||
	    strlen(s + 7) > 2 || atoi(s + 7) > XP_STEM_PREFIX_MAX)
		return -1;
	*method = atoi(s + 7);
	return 0;
}

const char *xp_norm_stem_name(int method, char *out, size_t cap)
{
	if (method == XP_STEM_LEARNED)
		snprintf(out, cap, "learned");
	else if (method > 0)
		snprintf(out, cap, "prefix:%d", method);
	else
		snprintf(out, cap, "none");
	return out;
}

int xp_normalizer_stem(xp_normalizer *z, int method)
{
	if (method != XP_STEM_LEARNED && (method < 1 || method > XP_STEM_PREFIX_MAX))
		return -1;
	z->stem_method = method;
	return 0;
}

/* The learned stems' limits: what remains of a word keeps STEM_MIN letters,
 * a suffix has SUF_MAX at most.  A suffix is productive when it ends
 * SUF_WORDS words whose stem stands (a word, or the beginning of another),
 * and at least one word in SUF_SHARE of the corpus's: the same share for
 * every corpus size and language, not a fitted count. */
enum { STEM_MIN = 4, SUF_MAX = 5, SUF_WORDS = 8, SUF_SHARE = 200 };

/* The code point offsets of the UTF-8 word s[0..n) into z->cp (cp[0..m],
 * cp[m] = n): m, or 0 when a stem method leaves the word as it is: not
 * only letters (and their marks), or letters of a script written without
 * spaces between words (Han, kana, ...), whose characters are each a
 * morpheme rather than a letter; -1 when memory ran out. */
static int32_t stem_letters(xp_normalizer *z, const char *s, size_t n)
{
	if (n > INT32_MAX / 2 || xp_grow(&z->cp, &z->capcp, n + 1, sizeof *z->cp))
		return -1;
	int32_t i = 0, m = 0;
	while ((size_t)i < n) {
		UChar32 c;
		z->cp[m++] = i;
		U8_NEXT(s, i, (int32_t)n, c);
		UErrorCode e = U_ZERO_ERROR;
		if (c < 0 || !(u_isalpha(c) || (U_GET_GC_MASK(c) & U_GC_M_MASK)) ||
		    uscript_breaksBetweenLetters(uscript_getScript(c, &e)))
			return 0;
	}
	z->cp[m] = (int32_t)n;
	return m;
}

/* the cut k code points before the end of a word of m (z->cp) falls before
 * a mark: no cut may part a mark from its letter */
static int before_mark(const xp_normalizer *z, const char *s, int32_t m, int32_t k)
{
	UChar32 c;
	int32_t i = z->cp[m - k];
	U8_NEXT(s, i, z->cp[m], c);
	return c >= 0 && (U_GET_GC_MASK(c) & U_GC_M_MASK);
}

/* id of s[0..n) in v, counted in (*cnt)[id] (room for v's ids kept in
 * *cap): UINT32_MAX on OOM */
static uint32_t count_in(xp_vocab *v, uint32_t **cnt, size_t *cap, const char *s, size_t n)
{
	uint32_t had = v->n, id = xp_vocab_id(v, s, n);
	if (id == UINT32_MAX || xp_grow(cnt, cap, v->n, sizeof **cnt))
		return UINT32_MAX;
	if (v->n > had)   /* new */
		(*cnt)[id] = 0;
	(*cnt)[id]++;
	return id;
}

/* the count of s[0..n) in v (0 if absent) */
static uint32_t count_of(xp_vocab *v, const uint32_t *cnt, const char *s, size_t n)
{
	uint32_t id = xp_vocab_find(v, s, n);
	return id == UINT32_MAX ? 0 : cnt[id];
}

static int is_known(xp_normalizer *z, const char *s, size_t n)
{
	return xp_vocab_find(&z->known, s, n) != UINT32_MAX;
}

/* the productive suffixes and the stems, from the known words, in three
 * passes over them (see xp_normalizer_stem); 0, or -1 */
static int learn_stems(xp_normalizer *z)
{
	if (z->learned) {
		xp_vocab_free(&z->sufv);
		xp_vocab_free(&z->stemv);
		z->learned = 0;
	}
	free(z->sufn), free(z->stemn);
	z->sufn = z->stemn = NULL;
	z->capsufn = z->capstemn = 0;
	if (xp_vocab_init(&z->sufv, 0))
		return -1;
	if (xp_vocab_init(&z->stemv, 0)) {
		xp_vocab_free(&z->sufv);
		return -1;
	}
	z->learned = 1;
	z->learned_at = z->known.n;
	z->sufmin = z->known.n / SUF_SHARE > SUF_WORDS ? z->known.n / SUF_SHARE : SUF_WORDS;
	uint32_t *seen = NULL;  /* pass 3 counts a stem again, from 0: its ids keep */
	for (int pass = 1; pass <= 3; pass++) {
		if (pass == 3) {
			if (!(seen = calloc((size_t)z->stemv.n + 1, sizeof *seen)))
				return -1;
		}
		for (uint32_t w = 0; w < z->known.n; w++) {
			const char *s = z->known.words[w];
			size_t n = strlen(s);
			int32_t m = stem_letters(z, s, n);
			if (m < 0) {
				free(seen);
				return -1;
			}
			for (int32_t k = 1; k <= SUF_MAX && m - k >= STEM_MIN; k++) {
				if (before_mark(z, s, m, k))
					continue;
				size_t at = (size_t)z->cp[m - k];
				uint32_t id;
				if (pass == 1)
					id = count_in(&z->stemv, &z->stemn, &z->capstemn, s, at);
				else if (pass == 2)
					id = is_known(z, s, at) ? count_in(&z->sufv, &z->sufn, &z->capsufn, s + at, n - at) : 0;
				else if (count_of(&z->sufv, z->sufn, s + at, n - at) >= z->sufmin) {
					id = xp_vocab_find(&z->stemv, s, at);   /* pass 1 added it */
					if (id != UINT32_MAX)
						seen[id]++;
					id = 0;
				} else
					id = 0;
				if (id == UINT32_MAX) {
					free(seen);
					return -1;
				}
			}
		}
	}
	free(z->stemn);
	z->stemn = seen;
	z->capstemn = (size_t)z->stemv.n + 1;
	return 0;
}

/* the bytes of the UTF-8 word s[0..n) its stem keeps (n: the word as it
 * is), by z's method; -1 when memory ran out */
static long stem_bytes(xp_normalizer *z, const char *s, size_t n)
{
	int32_t m = stem_letters(z, s, n);
	if (m <= 0)
		return m;
	if (z->stem_method > 0) {   /* prefix:N: N letters, each with its marks */
		int32_t k = 0, letters = 0;
		for (; k < m; k++)
			if (!before_mark(z, s, m, m - k) && letters++ == z->stem_method)
				break;
		return k < m ? z->cp[k] : (long)n;
	}
	if (!z->learned || z->learned_at != z->known.n) {
		if (learn_stems(z))
			return -1;
		if ((m = stem_letters(z, s, n)) <= 0)   /* z->cp was the corpus's */
			return m;
	}
	/* the longest productive suffix off a stem that is a word of the
	 * corpus; else off a stem that begins two words with one; and so
	 * again from the stem, at most three suffixes (medizinischen ->
	 * medizinische -> medizinisch: the forms meet) */
	size_t len = n;
	for (int cuts = 0; cuts < 3; cuts++) {
		size_t was = len;
		if ((m = stem_letters(z, s, len)) <= 0)
			return m < 0 ? -1 : (long)len;
		int32_t top = m - STEM_MIN < SUF_MAX ? m - STEM_MIN : SUF_MAX;
		for (int alone = 1; alone >= 0 && len == was; alone--)
			for (int32_t k = top; k >= 1; k--) {
				size_t at = (size_t)z->cp[m - k];
				if (before_mark(z, s, m, k) || count_of(&z->sufv, z->sufn, s + at, len - at) < z->sufmin)
					continue;
				if (alone ? is_known(z, s, at) : count_of(&z->stemv, z->stemn, s, at) >= 2) {
					len = at;
					break;
				}
			}
		if (len == was)
			break;
	}
	return (long)len;
}

/* Append s[0..n) to out as put_word does, reduced to its stem when
 * `parts` has XP_NORM_STEM. */
static int put_stem(xp_normalizer *z, unsigned parts, const UChar *s, size_t n, xp_buf *out)
{
	size_t at = out->n;
	if (put_word(z, s, n, out))
		return -1;
	if (!(parts & XP_NORM_STEM))
		return 0;
	size_t len = out->n - at - 1;
	long keep = stem_bytes(z, out->p + at, len);
	if (keep < 0)
		return -1;
	if ((size_t)keep < len && keep > 0) {
		out->p[at + (size_t)keep] = '\0';
		out->n = at + (size_t)keep + 1;
	}
	return 0;
}

/* The words of b[0..k) with the morphology of `parts` (stem and affixes, in
 * their order); how many, or -1. */
static int morph_words(xp_normalizer *z, unsigned parts, const UChar *b, size_t k, xp_buf *out)
{
	size_t cut[MORPH_CUTS];
	int nc = 0;
	if ((parts & XP_NORM_AFFIXES) && z->nd && z->npre + z->nsuf && k && b[0] >= z->nd->first &&
	    b[0] <= z->nd->last && affix_parse(z, b, 0, k, 0, cut, &nc) && nc) {
		int words = 0;
		for (int i = 0; i <= nc; i++) {
			size_t from = i ? cut[i - 1] : 0, to = i < nc ? cut[i] : k;
			if (put_stem(z, parts, b + from, to - from, out))
				return -1;
			words++;
		}
		return words;
	}
	const char *suf = NULL;
	size_t m = parts & XP_NORM_EN_STEM ? en_stem(z, b, k, &suf) : 0;
	if (m) {
		if (put_stem(z, parts, z->stem, m, out))
			return -1;
		xp_buf_add(out, suf, strlen(suf) + 1);
		return out->oom ? -1 : 2;
	}
	return put_stem(z, parts, b, k, out) ? -1 : 1;
}

/* One piece of a token (no ZWNJ in it when that part is on), src[0..n) in
 * z->a: normalised into z->b, letter by letter, then split off its English
 * clitic; its words appended to out.  How many, or -1. */
static int norm_piece(xp_normalizer *z, unsigned parts, const UChar *src, int32_t n, xp_buf *out)
{
	int32_t m;
	if (parts & XP_NORM_NFKC) {
		if ((m = nfkc(z, parts & XP_NORM_CASE ? z->nfkc_cf : z->nfkc, src, n)) < 0)
			return -1;
	} else if (parts & XP_NORM_CASE) {
		UErrorCode e = U_ZERO_ERROR;
		m = u_strFoldCase(z->b, (int32_t)z->cap, src, n, U_FOLD_CASE_DEFAULT, &e);
		if (U_FAILURE(e))
			return -1;
	} else {
		memcpy(z->b, src, (size_t)n * sizeof *src);
		m = n;
	}
	UChar *b = z->b;
	int32_t k = 0;   /* in place: what is written never passes what is read */
	for (int32_t i = 0; i < m; i++) {
		UChar c = b[i];
		if ((parts & XP_NORM_APOS) && is_apostrophe(c))
			c = '\'';
		if ((parts & XP_NORM_DIGITS) && c >= 0x80 && u_charType(c) == U_DECIMAL_DIGIT_NUMBER)
			c = (UChar)('0' + u_charDigitValue(c));
		if ((parts & XP_NORM_MARKS) && (c == 0x0640 || (c >= 0x064B && c <= 0x0652) || c == 0x0670))
			continue;
		if ((parts & XP_NORM_LETTERS) && z->pk) {
			/* the pack's fold, its other letters, a mark written or not */
			uint32_t f = z->pk->fold ? z->pk->fold(c, z->nd ? z->nd->fold_flags : 0) : c;
			UChar m;
			if (f != c && f <= 0xFFFF)
				c = (UChar)f;
			else if (z->nd && (m = table_map(z->nd->letters, c)) != c)
				c = m;
			else if (z->nd && k && (m = table_map(z->nd->drop_after, c)) != c && m == b[k - 1])
				continue;   /* the mark after its letter */
		}
		if ((parts & XP_NORM_PUNCT) && z->nd)
			c = table_map(z->nd->punct, c);
		b[k++] = c;
	}
	if (!k)
		return 0;
	size_t at = parts & XP_NORM_CLITICS ? ptb_split(b, (size_t)k) : 0;
	if (!at)
		return morph_words(z, parts, b, (size_t)k, out);
	int w = morph_words(z, parts, b, at, out);
	return w < 0 || put_word(z, b + at, (size_t)k - at, out) ? -1 : w + 1;
}

int xp_norm_token(xp_normalizer *z, unsigned parts, const char *s, size_t n, xp_buf *out)
{
	int32_t n16;
	if (!n)
		return 0;
	if (to_utf16(z, s, n, &n16))
		return -1;
	/* before NFKC, which makes an acute accent a space and a combining mark
	 * and, with case folding, removes ZWNJ */
	if (parts & XP_NORM_APOS)
		for (int32_t i = 0; i < n16; i++)
			if (is_apostrophe(z->a[i]))
				z->a[i] = '\'';
	int words = 0, zwnj = 0;
	for (int32_t i = 0; i <= n16;) {
		int32_t j = i;
		while (j < n16 && !((parts & XP_NORM_ZWNJ) && z->a[j] == 0x200C))
			j++;
		zwnj += j < n16;
		int k = j > i ? norm_piece(z, parts, z->a + i, j - i, out) : 0;
		if (k < 0)
			return -1;
		words += k;
		i = j + 1;
	}
	if (!words && zwnj)
		return 0;   /* a lone ZWNJ: it joins, it means nothing alone */
	if (!words) {   /* nothing left (a lone tatweel): the token as it was */
		xp_buf_add(out, s, n);
		xp_buf_putc(out, '\0');
		return out->oom ? -1 : 1;
	}
	return words;
}
