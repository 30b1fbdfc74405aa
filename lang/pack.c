/* lang/pack.c — the table of packs, the lookup by code, the rules of a
 * pack, the packs of languages with no rules of their own (English, the
 * source; Japanese, Korean, Arabic: the articles rule and their
 * normalisation only) and the generic pack; see lang.h. */
#include "lang.h"
#include "packs.h"
#include "../model/corpus.h"
#include "../base/buf.h"
#include "../base/text.h"
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <strings.h>

/* The language-independent rules: the generic pack's (a language without a
 * pack), English's and Arabic's.  The generic pack is one mechanism for
 * every language, so its verdict pools the talks of every language
 * ParCorFull has (docs/quality.md "The generic pack's verdict"):
 * edge_punct gains there (+0.27, interval +0.17 .. +0.39, 15 talks up, 1
 * down); stray's interval reaches below zero, consist moves one talk of 29
 * (down).  Per language Portuguese alone read edge_punct's low end as -0.00,
 * one talk down at one seed: a test every language must pass alone answers
 * to the noisiest one. */
static const xp_lang_rule generic_rules[] = {XP_RULE_EDGE_PUNCT};

/* a language without articles (Japanese, Korean): the articles rule alone.
 * No gold of theirs is at hand to audit a rule on; stray and consist are
 * the generic pack's doubts (its pooled verdict above), so they are not
 * listed where nothing measured them either (edge_punct is the generic
 * pack's, not measured on these scripts) */
static const xp_lang_rule bare_rules[] = {XP_RULE_ARTICLES};

const char *const xp_articles_all[] = {"the", "a", "an", NULL};

static const xp_lang_pack generic = {
	.code = "", .name = "generic", .rules = generic_rules,
	.nrules = sizeof generic_rules / sizeof *generic_rules,
};

unsigned xp_cc_find(const xp_cc_word *t, size_t n, const char *w, size_t len)
{
	for (size_t k = 0; k < n; k++)
		if (strlen(t[k].w) == len && !memcmp(t[k].w, w, len))
			return t[k].cls;
	return 0;
}

/* English's pronouns and demonstratives (any case) */
static const xp_cc_word cc_en[] = {
	{"i", XP_CC_1S}, {"me", XP_CC_1S}, {"my", XP_CC_1S}, {"mine", XP_CC_1S},
	{"myself", XP_CC_1S | XP_CC_REFL},
	{"you", XP_CC_2}, {"your", XP_CC_2}, {"yours", XP_CC_2}, {"ya", XP_CC_2},
	{"yourself", XP_CC_2 | XP_CC_REFL}, {"yourselves", XP_CC_2 | XP_CC_REFL},
	{"he", XP_CC_3M}, {"him", XP_CC_3M}, {"his", XP_CC_3M}, {"himself", XP_CC_3M | XP_CC_REFL},
	{"she", XP_CC_3F}, {"her", XP_CC_3F}, {"hers", XP_CC_3F}, {"herself", XP_CC_3F | XP_CC_REFL},
	{"it", XP_CC_3N}, {"its", XP_CC_3N}, {"itself", XP_CC_3N | XP_CC_REFL},
	{"we", XP_CC_1P}, {"us", XP_CC_1P}, {"our", XP_CC_1P}, {"ours", XP_CC_1P},
	{"ourselves", XP_CC_1P | XP_CC_REFL},
	{"they", XP_CC_3P}, {"them", XP_CC_3P}, {"their", XP_CC_3P}, {"theirs", XP_CC_3P},
	{"themselves", XP_CC_3P | XP_CC_REFL},
	{"this", XP_CC_THIS}, {"these", XP_CC_THIS}, {"that", XP_CC_THAT}, {"those", XP_CC_THAT},
};
static unsigned en_closed_class(const char *w, size_t n)
{
	char low[65];
	if (n > 64)
		return 0;
	for (size_t i = 0; i <= n; i++)
		low[i] = w[i] >= 'A' && w[i] <= 'Z' ? (char)(w[i] - 'A' + 'a') : w[i];
	return XP_CC_FIND(cc_en, low, n);
}

static const char *const en_alias[] = {"eng", NULL};
static const xp_lang_pack en = {
	.code = "en", .name = "English", .aliases = en_alias, .script = "Latin", .traits = XP_LT_SOURCE,
	.norm = "clitics", .closed_class = en_closed_class, .rules = generic_rules,
	.nrules = sizeof generic_rules / sizeof *generic_rules,
	/* the source's lists live with the corpus model: the projection types
	 * every English mention (model/mtype.h) */
	.mtype = &xp_mtype_en,
};

static const char *const ja_alias[] = {"jpn", NULL};
static const xp_lang_pack ja = {
	.code = "ja", .name = "Japanese", .aliases = ja_alias, .script = "Japanese", .traits = XP_LT_NO_ARTICLES,
	.norm = "punct", .normdata = &xp_lang_han_norm, .bare_articles = xp_articles_all,
	.rules = bare_rules, .nrules = sizeof bare_rules / sizeof *bare_rules,
};

static const char *const ko_alias[] = {"kor", NULL};
static const xp_lang_pack ko = {
	.code = "ko", .name = "Korean", .aliases = ko_alias, .script = "Hangul", .traits = XP_LT_NO_ARTICLES,
	.bare_articles = xp_articles_all, .rules = bare_rules, .nrules = sizeof bare_rules / sizeof *bare_rules,
};

static const char *const ar_alias[] = {"ara", NULL};
static const xp_lang_pack ar = {
	.code = "ar", .name = "Arabic", .aliases = ar_alias, .script = "Arabic", .norm = "marks",
	.rules = generic_rules, .nrules = sizeof generic_rules / sizeof *generic_rules,
	/* the Arabic yeh and kaf, and teh marbuta, which Persian does not use */
	.letters = "يكة",
};

/* Every pack.  A new language: its file's pack here (docs/languages.md).
 * The room after them takes the packs registered at run time
 * (xp_lang_register): npacks counts them all. */
enum { NBUILTIN = 10, MAX_PACKS = NBUILTIN + 8 };
static const xp_lang_pack *packs[MAX_PACKS] = {&en, &xp_lang_zh, &xp_lang_fa, &xp_lang_de, &xp_lang_fr, &xp_lang_pt, &xp_lang_es, &ja, &ko, &ar};
static size_t npacks = NBUILTIN;

/* ---- the rules' bits: assigned when a pack is taken in ---- */

/* A pack with a rule of bit 0 is kept as a copy whose rules and hooks carry
 * the bits assigned: a pack's rule then needs no line in a shared header
 * (lang.h xp_lang_rule.bit). */
enum { MAX_OWN = 48 };
typedef struct {
	xp_lang_pack p;
	xp_lang_rule rules[MAX_OWN];
	xp_span_hook hooks[MAX_OWN];
} kept_pack;
static kept_pack kept[MAX_PACKS];

/* the width of each kind's set (xp_rule_sel: pron is an unsigned) */
static unsigned kind_width(xp_rule_kind k)
{
	return k == XP_RK_PRONOUN ? 32 : k == XP_RK_NP ? 64 : 0;
}

/* the bits of kind k the rules of the first n packs (and the generic one) hold */
static uint64_t bits_held(xp_rule_kind k, size_t n)
{
	uint64_t s = 0;
	for (size_t i = 0; i < generic.nrules; i++)
		s |= generic.rules[i].kind == k ? generic.rules[i].bit : 0;
	for (size_t j = 0; j < n; j++)
		for (size_t i = 0; i < packs[j]->nrules; i++)
			s |= packs[j]->rules[i].kind == k ? packs[j]->rules[i].bit : 0;
	return s;
}

/* the bit another of the first n packs gives rule `name` of kind k, 0 if none */
static uint64_t bit_of(const char *name, xp_rule_kind k, size_t n)
{
	for (size_t j = 0; j < n; j++)
		for (size_t i = 0; i < packs[j]->nrules; i++)
			if (packs[j]->rules[i].kind == k && packs[j]->rules[i].bit && !strcmp(packs[j]->rules[i].name, name))
				return packs[j]->rules[i].bit;
	return 0;
}

/* p as it is taken in as pack number `at` (the packs before it assigned):
 * p itself, or its copy with the bits of its rules of bit 0 assigned; NULL
 * when it is too big to copy or no bit is left */
static const xp_lang_pack *take_in(const xp_lang_pack *p, size_t at)
{
	int own = 0;
	for (size_t i = 0; i < p->nrules; i++)
		own |= !p->rules[i].bit && kind_width(p->rules[i].kind);
	for (size_t h = 0; h < p->nspan_hooks; h++)   /* a hook of bit 0 takes its rule's */
		own |= !p->span_hooks[h].bit && kind_width(p->span_hooks[h].kind);
	if (!own)
		return p;
	kept_pack *c = &kept[at];
	if (p->nrules > MAX_OWN || p->nspan_hooks > MAX_OWN)
		return NULL;
	c->p = *p;
	memcpy(c->rules, p->rules, p->nrules * sizeof *p->rules);
	for (size_t i = 0; i < p->nrules; i++) {
		xp_lang_rule *r = &c->rules[i];
		unsigned w = kind_width(r->kind);
		if (r->bit || !w)
			continue;
		if (!(r->bit = bit_of(r->name, r->kind, at))) {
			uint64_t held = bits_held(r->kind, at);
			for (size_t i2 = 0; i2 < i; i2++)   /* and its own assigned so far */
				held |= c->rules[i2].kind == r->kind ? c->rules[i2].bit : 0;
			unsigned b = 0;
			while (b < w && ((held >> b) & 1))
				b++;
			if (b == w)
				return NULL;
			r->bit = (uint64_t)1 << b;
		}
	}
	if (p->span_hooks)
		memcpy(c->hooks, p->span_hooks, p->nspan_hooks * sizeof *p->span_hooks);
	for (size_t h = 0; h < p->nspan_hooks; h++) {
		if (c->hooks[h].bit || !kind_width(c->hooks[h].kind))
			continue;
		for (size_t i = 0; i < p->nrules && !c->hooks[h].bit; i++)
			if (c->rules[i].kind == c->hooks[h].kind && !strcmp(c->rules[i].name, c->hooks[h].name))
				c->hooks[h].bit = c->rules[i].bit;
		if (!c->hooks[h].bit)
			return NULL;
	}
	c->p.rules = c->rules;
	c->p.span_hooks = p->span_hooks ? c->hooks : NULL;
	return &c->p;
}

/* the rule of each bit of each kind, and one past the highest bit */
static const xp_lang_rule *by_bit[4][64];
static unsigned nbits[4];

static void index_rules(const xp_lang_pack *p)
{
	for (size_t i = 0; i < p->nrules; i++) {
		const xp_lang_rule *r = &p->rules[i];
		unsigned w = kind_width(r->kind);
		for (unsigned b = 0; b < w; b++)
			if (((r->bit >> b) & 1) && !by_bit[r->kind][b]) {
				by_bit[r->kind][b] = r;
				nbits[r->kind] = b + 1 > nbits[r->kind] ? b + 1 : nbits[r->kind];
			}
	}
}

/* the compiled-in packs taken in, once: before any lookup */
static pthread_once_t built_once = PTHREAD_ONCE_INIT;
static void build(void)
{
	index_rules(&generic);
	for (size_t k = 0; k < NBUILTIN; k++) {
		const xp_lang_pack *p = take_in(packs[k], k);
		/* a compiled-in pack too big or with no bit left: a programming
		 * error test_packs catches (its rules of bit 0 stay off) */
		if (p)
			packs[k] = p;
		index_rules(packs[k]);
	}
}
#define BUILT() pthread_once(&built_once, build)

/* The subtitle note markers of every pack (xp_lang_note_markers), built
 * once: room for every marker of a few packs.  A pack whose markers would
 * not fit, or that comes with markers after the list was built, is refused
 * by xp_lang_register rather than taken without them: its translators'
 * notes would stay in the dialogue, silently. */
static const char *note_markers[64];
static pthread_once_t notes_once = PTHREAD_ONCE_INIT;
static int notes_built;
static size_t count_markers(const xp_lang_pack *p)
{
	size_t n = 0;
	while (p->note_markers && p->note_markers[n])
		n++;
	return n;
}

int xp_lang_register(const xp_lang_pack *p)
{
	BUILT();
	if (!p || !p->code || !*p->code || xp_lang_find(p->code) || npacks == MAX_PACKS)
		return -1;
	size_t nm = count_markers(p);
	for (size_t k = 0; k < npacks && nm; k++)
		nm += count_markers(packs[k]);
	if (nm && (nm >= sizeof note_markers / sizeof *note_markers || notes_built))
		return -1;
	const xp_lang_pack *q = take_in(p, npacks);
	if (!q)
		return -1;
	packs[npacks++] = q;
	index_rules(q);
	return 0;
}

const xp_lang_pack *const *xp_lang_packs(size_t *n)
{
	BUILT();
	*n = npacks;
	return packs;
}

const xp_lang_rule *xp_lang_rule_bit(xp_rule_kind kind, unsigned k)
{
	BUILT();
	return kind_width(kind) && k < kind_width(kind) ? by_bit[kind][k] : NULL;
}

unsigned xp_lang_rule_bits(xp_rule_kind kind)
{
	BUILT();
	return kind_width(kind) ? nbits[kind] : 0;
}

const xp_lang_pack *xp_lang_generic(void)
{
	return &generic;
}

/* code is c, or c and a subtag ("fa-IR", "zh_Hant"), ASCII case folded */
static int names(const char *code, const char *c)
{
	size_t n = strlen(c);
	return !strncasecmp(code, c, n) && (code[n] == 0 || code[n] == '-' || code[n] == '_');
}

const xp_lang_pack *xp_lang_find(const char *code)
{
	BUILT();
	if (!code || !*code)
		return NULL;
	for (size_t k = 0; k < npacks; k++) {
		const xp_lang_pack *p = packs[k];
		if (names(code, p->code))
			return p;
		for (size_t a = 0; p->aliases && p->aliases[a]; a++)
			if (names(code, p->aliases[a]))
				return p;
	}
	return NULL;
}

/* ISO 639-2/B (bibliographic) codes, which ICU does not know, and the
 * ISO 639-1 code of each: the twenty languages whose two ISO 639-2 codes
 * differ (the terminology one, "ron", ICU knows) */
static const char *const biblio[][2] = {
	{"alb", "sq"}, {"arm", "hy"}, {"baq", "eu"}, {"bur", "my"}, {"chi", "zh"}, {"cze", "cs"}, {"dut", "nl"},
	{"fre", "fr"}, {"geo", "ka"}, {"ger", "de"}, {"gre", "el"}, {"ice", "is"}, {"mac", "mk"}, {"mao", "mi"},
	{"may", "ms"}, {"per", "fa"}, {"rum", "ro"}, {"slo", "sk"}, {"tib", "bo"}, {"wel", "cy"}};

/* 1 if l (lower case) is a language code ICU knows: one of its ISO 639
 * codes (uloc_getISOLanguages: every two-letter one and CLDR's three-letter
 * ones), a deprecated one it still maps ("iw"), or the ISO 639-2/T code of
 * a two-letter one ("ron" for "ro") */
static int icu_language(const char *l)
{
	if (*uloc_getISO3Language(l))
		return 1;
	for (const char *const *p = uloc_getISOLanguages(); *p; p++)
		if (!strcmp(*p, l) || (strlen(l) == 3 && strlen(*p) == 2 && !strcmp(uloc_getISO3Language(*p), l)))
			return 1;
	return 0;
}

int xp_lang_tag(const char *code, char *out, size_t cap)
{
	if (!out || !cap)
		return -1;
	*out = 0;
	if (!code || !*code)
		return -1;
	size_t o = 0, n = strcspn(code, "-_");
	char first[16];
	if (n >= sizeof first)
		return -1;
	for (size_t i = 0; i < n; i++)
		first[i] = (char)(code[i] >= 'A' && code[i] <= 'Z' ? code[i] - 'A' + 'a' : code[i]);
	first[n] = 0;
	const xp_lang_pack *p = xp_lang_find(first);
	const char *as = p && *p->code ? p->code : first;
	for (size_t k = 0; !p && k < sizeof biblio / sizeof *biblio; k++)
		if (!strcmp(first, biblio[k][0]))
			as = biblio[k][1];
	/* a three-letter code of a language with a two-letter one: that one */
	for (const char *const *l = uloc_getISOLanguages(); !p && as == first && n == 3 && *l; l++)
		if (strlen(*l) == 2 && !strcmp(uloc_getISO3Language(*l), first))
			as = *l;
	if (strlen(as) >= cap)
		return -1;
	o = (size_t)sprintf(out, "%s", as);
	/* after a singleton (an extension's u-, private use's x-) no subtag
	 * is a script or region: all lower case ("de-CH-x-ab", not x-AB) */
	int single = n == 1;
	for (const char *t = code + n; *t;) {
		t += strspn(t, "-_");
		size_t k = strcspn(t, "-_"), alpha = 0;
		if (!k)
			break;
		if (o + k + 1 >= cap) {
			*out = 0;
			return -1;
		}
		for (size_t i = 0; i < k; i++)
			alpha += (t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z');
		single |= k == 1;
		out[o++] = '-';
		for (size_t i = 0; i < k; i++) {
			char c = t[i];
			/* a script Title case, a region upper, the rest lower */
			int up = !single && alpha == k && (k == 2 || (k == 4 && i == 0));
			out[o++] = (char)(up ? (c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c) : (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
		}
		t += k;
	}
	out[o] = 0;
	return 0;
}

int xp_lang_tag_same(const char *a, const char *b)
{
	char x[64], y[64];
	if (!a || !b)
		return a == b;
	return xp_lang_tag(a, x, sizeof x) == 0 && xp_lang_tag(b, y, sizeof y) == 0 ? !strcmp(x, y) : !strcmp(a, b);
}

int xp_lang_known(const char *code, char *name, size_t cap)
{
	if (name && cap)
		*name = 0;
	if (!code || !*code)
		return 0;
	/* a BCP 47 tag, '_' as '-' ("zh_Hant"), well formed to its end */
	char tag[64], loc[ULOC_FULLNAME_CAPACITY], lang[ULOC_LANG_CAPACITY];
	size_t n = strlen(code);
	if (n >= sizeof tag)
		return 0;
	for (size_t i = 0; i <= n; i++)
		tag[i] = code[i] == '_' ? '-' : code[i];
	UErrorCode e = U_ZERO_ERROR;
	int32_t parsed = 0;
	uloc_forLanguageTag(tag, loc, sizeof loc, &parsed, &e);
	if (U_FAILURE(e) || (size_t)parsed != n)
		return 0;
	uloc_getLanguage(loc, lang, sizeof lang, &e);
	if (U_FAILURE(e) || !*lang)
		return 0;   /* "und", "x-private" */
	for (char *c = lang; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
	const char *as = lang;
	for (size_t k = 0; k < sizeof biblio / sizeof *biblio; k++)
		if (!strcmp(lang, biblio[k][0]))
			as = biblio[k][1];
	if (!icu_language(as))
		/* ISO 639-3 has some 7,900 codes and ICU names about 600 of
		 * them: a three-letter code it lacks may be a real language
		 * (a subtitle corpus's minority language), and refusing it
		 * would leave its user no way to run at all.  Two letters are
		 * another matter: ISO 639-1 is whole in ICU, so "zn" is a typo. */
		return strlen(as) == 3 ? 2 : 0;
	if (name && cap) {
		UChar u[64];
		int32_t m = uloc_getDisplayLanguage(as, "en", u, 64, &e);
		int32_t len = 0;
		if (U_SUCCESS(e))
			u_strToUTF8(name, (int32_t)cap, &len, u, m, &e);
		/* ICU's name is the code itself when it has none */
		if (U_FAILURE(e) || (size_t)len >= cap || !strcmp(name, as))
			*name = 0;
	}
	return 1;
}

/* ICU's ISO 639-3 code of a language code ("" when it knows none); a code
 * of a pack is taken as its pack's, so that an alias ICU lacks ("per",
 * "ger") still names it */
static const char *iso3(const char *code)
{
	const xp_lang_pack *p = xp_lang_find(code);
	return uloc_getISO3Language(p ? p->code : code);
}

int xp_lang_same(const char *a, const char *b)
{
	if (!a || !*a || !b || !*b)
		return -1;
	const xp_lang_pack *pa = xp_lang_find(a), *pb = xp_lang_find(b);
	if (pa && pb)
		return pa == pb;
	const char *ia = iso3(a), *ib = iso3(b);
	return !*ia || !*ib ? -1 : !strcmp(ia, ib);
}

const xp_lang_pack *xp_lang_get(const char *code)
{
	const xp_lang_pack *p = xp_lang_find(code);
	return p ? p : &generic;
}

/* built once: the table never changes */
static char with_codes[8][128];
static pthread_once_t with_once = PTHREAD_ONCE_INIT;
static void with_init(void)
{
	BUILT();
	for (unsigned b = 0; b < 8; b++) {
		size_t o = 0;
		for (size_t k = 0; k < npacks; k++)
			if ((packs[k]->traits & (1u << b)) && o + strlen(packs[k]->code) + 2 < sizeof with_codes[b])
				o += (size_t)sprintf(with_codes[b] + o, "%s%s", o ? " " : "", packs[k]->code);
	}
}

const char *xp_lang_codes_with(unsigned t)
{
	pthread_once(&with_once, with_init);
	for (unsigned b = 0; b < 8; b++)
		if (t == 1u << b)
			return with_codes[b];
	return "";
}

static void notes_init(void)
{
	BUILT();
	size_t o = 0;
	for (size_t k = 0; k < npacks; k++)
		for (size_t i = 0; i < count_markers(packs[k]) && o + 1 < sizeof note_markers / sizeof *note_markers; i++)
			note_markers[o++] = packs[k]->note_markers[i];
	note_markers[o] = NULL;
	notes_built = 1;
}

const char *const *xp_lang_note_markers(void)
{
	pthread_once(&notes_once, notes_init);
	return note_markers;
}

int xp_lang_has(const xp_lang_pack *p, unsigned t)
{
	return p && (p->traits & t) == t;
}

uint64_t xp_lang_rule_set(const xp_lang_pack *p, xp_rule_kind k)
{
	uint64_t s = 0;
	for (size_t i = 0; p && i < p->nrules; i++)
		if (p->rules[i].kind == k)
			s |= p->rules[i].bit;
	return s;
}

int xp_lang_no_pack(const char *code, xp_buf *out)
{
	if (xp_lang_find(code))
		return 0;
	xp_buf_printf(out, "no language pack for '%s': ", code && *code ? XP_QUOTED(code, strlen(code)) : "?");
	if (!generic.nrules) {
		xp_buf_puts(out, "no language rules, the links alone");
		return 1;
	}
	xp_buf_puts(out, "the language-independent rules only (");
	for (size_t k = 0; k < generic.nrules; k++)
		xp_buf_printf(out, "%s%s", k ? ", " : "", generic.rules[k].name);
	xp_buf_putc(out, ')');
	return 1;
}

size_t xp_lang_nrules(const xp_lang_pack *p)
{
	return p ? p->nrules : 0;
}

const xp_lang_rule *xp_lang_rule_at(const xp_lang_pack *p, size_t k)
{
	return p && k < p->nrules ? &p->rules[k] : NULL;
}

const xp_lang_rule *xp_lang_rule_named(const char *name, const xp_lang_pack **pack)
{
	const xp_lang_pack *all[MAX_PACKS + 1];
	BUILT();
	all[0] = &generic;
	memcpy(all + 1, packs, npacks * sizeof *packs);
	for (size_t k = 0; k < npacks + 1; k++)
		for (size_t i = 0; i < all[k]->nrules; i++)
			if (!strcmp(all[k]->rules[i].name, name)) {
				const xp_lang_rule *r = &all[k]->rules[i];
				/* a rule of the generic pack (or of several) is generic */
				int shared = 0;
				for (size_t i2 = 0; i2 < generic.nrules; i2++)
					shared |= !strcmp(generic.rules[i2].name, name);
				for (size_t k2 = k + 1; k2 < npacks + 1 && !shared; k2++)
					for (size_t i2 = 0; i2 < all[k2]->nrules; i2++)
						shared |= !strcmp(all[k2]->rules[i2].name, name);
				if (pack)
					*pack = shared ? NULL : all[k];
				return r;
			}
	return NULL;
}

/* ---- letter folding: written once (lang.h) ---- */

uint32_t xp_fa_fold_cp(uint32_t c, unsigned flags)
{
	if (c == 0x064A || (c == 0x0649 && (flags & XP_FOLD_MAKSURA)))
		return 0x06CC;
	if (c == 0x0643)
		return 0x06A9;
	return c;
}

int xp_fa_fold2(unsigned char c0, unsigned char c1, unsigned flags, unsigned char out[2])
{
	/* the three letters are two-byte sequences D9 8A, D9 89, D9 83 */
	if (c0 != 0xD9 || (c1 != 0x8A && c1 != 0x89 && c1 != 0x83))
		return 0;
	uint32_t c = ((uint32_t)(c0 & 0x1F) << 6) | (c1 & 0x3F), f = xp_fa_fold_cp(c, flags);
	if (f == c)
		return 0;
	out[0] = (unsigned char)(0xC0 | (f >> 6)), out[1] = (unsigned char)(0x80 | (f & 0x3F));
	return 1;
}

int xp_lang_fold(const xp_lang_pack *p, const char *w, size_t n, char *out, unsigned flags)
{
	if (out != w)
		memmove(out, w, n);
	if (!p || !p->fold)
		return 0;
	for (int32_t i = 0, len = (int32_t)n; i < len;) {
		int32_t at = i;
		UChar32 c;
		U8_NEXT(out, i, len, c);
		if (c < 0)
			continue;
		UChar32 f = (UChar32)p->fold((uint32_t)c, flags);
		if (f != c && U8_LENGTH(f) == i - at) {
			int32_t k = at;
			UBool err = false;
			U8_APPEND((uint8_t *)out, k, len, f, err);
			(void)err;
		}
	}
	return 1;
}

void xp_fa_fold(const char *w, size_t n, char *out, unsigned flags)
{
	const unsigned char *s = (const unsigned char *)w;
	for (size_t i = 0; i < n; i++) {
		unsigned char f[2];
		if (i + 1 < n && xp_fa_fold2(s[i], s[i + 1], flags, f))
			out[i] = (char)f[0], out[i + 1] = (char)f[1], i++;
		else
			out[i] = (char)s[i];
	}
}

int xp_tok_is(const struct xp_utt *u, uint32_t i, const char *c)
{
	size_t n = strlen(c);
	return i < u->ntoks && u->toks[i].len == n && !memcmp(u->text + u->toks[i].off, c, n);
}

uint64_t xp_lang_segmenter_rules(void)
{
	size_t n;
	uint64_t bits = 0;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t k = 0; k < n; k++)
		bits |= all[k]->segmenter_rule;
	return bits;
}

const char *xp_lang_segmenter_rule_name(void)
{
	uint64_t bits = xp_lang_segmenter_rules();
	const xp_lang_rule *r = bits ? xp_lang_rule_bit(XP_RK_NP, (unsigned)__builtin_ctzll(bits)) : NULL;
	return r ? r->name : "";
}

int xp_lang_fold_pair(unsigned char c0, unsigned char c1, unsigned flags, unsigned char out[2])
{
	return xp_fa_fold2(c0, c1, flags, out);
}

const xp_mtype_words *xp_lang_mtype(const xp_lang_pack *p, xp_mtype_words *tmp)
{
	if (!p)
		return NULL;
	if (p->mtype)
		return p->mtype;
	if (!p->pronouns)
		return NULL;
	/* the pronouns the free pronoun rules look for are the language's
	 * closed class: a mention that is one of them is a pronoun */
	*tmp = (xp_mtype_words){.flags = XP_MW_NOCASE, .rows = p->pronouns};
	return tmp;
}
