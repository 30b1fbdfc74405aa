/* lang/pron.c — language rules on projected spans; see pron.h. */
#include "pron.h"
#include "lang.h"
#include "prodrop.h"
#include "../base/text.h"
#include "../model/tokenize.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

int xp_en_article(const char *w, const char *lang)
{
	/* Farsi's indefinite یه/یک is part of its noun phrase in the corrected
	 * files ("یه چیزی"): only "the", which Farsi has no word for */
	if (lang && !strncmp(lang, "fa", 2))
		return !strcasecmp(w, "the");
	return !strcasecmp(w, "the") || !strcasecmp(w, "a") || !strcasecmp(w, "an");
}

/* --- Chinese pronouns ------------------------------------------------------------ */

/* The Chinese pronouns an English pronoun may stand for, longest first so
 * that 你们 wins over 你; NULL if the word is no personal pronoun. */
static const char *const *zh_pronouns(const char *en)
{
	static const char *const i[] = {"我", NULL}, *const we[] = {"我们", "咱们", NULL};
	static const char *const you[] = {"你们", "您", "你", NULL}, *const yous[] = {"你们", NULL};
	static const char *const he[] = {"他", NULL}, *const she[] = {"她", NULL}, *const it[] = {"它", NULL};
	static const char *const they[] = {"他们", "她们", "它们", NULL};
	static const struct { const char *w; const char *const *zh; } t[] = {
		{"i", i}, {"me", i}, {"my", i}, {"mine", i}, {"myself", i},
		{"we", we}, {"us", we}, {"our", we}, {"ours", we}, {"ourselves", we},
		{"you", you}, {"your", you}, {"yours", you}, {"yourself", you}, {"yourselves", yous},
		{"he", he}, {"him", he}, {"his", he}, {"himself", he},
		{"she", she}, {"her", she}, {"hers", she}, {"herself", she},
		{"it", it}, {"its", it}, {"itself", it},
		{"they", they}, {"them", they}, {"their", they}, {"theirs", they}, {"themselves", they},
	};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (!strcasecmp(en, t[k].w))
			return t[k].zh;
	return NULL;
}

/* tokens from `at` whose concatenation is exactly p: their count, else 0 */
static uint32_t spells(const char *const *w, const uint32_t *len, uint32_t at, uint32_t end, const char *p)
{
	size_t n = strlen(p), got = 0;
	uint32_t k = at;
	while (k < end && got < n) {
		if (got + len[k] > n || memcmp(p + got, w[k], len[k]))
			return 0;
		got += len[k++];
	}
	return got == n ? k - at : 0;
}

/* The length of the first word of SET spelled from words[j] (ending by END), 0 if none. */
typedef uint32_t spelled_at(const char *const *set, const char *const *words, const uint32_t *lens,
			       uint32_t j, uint32_t end);

static uint32_t first_spelled(const char *const *set, const char *const *words, const uint32_t *lens,
			      uint32_t j, uint32_t end)
{
	for (size_t k = 0; set[k]; k++) {
		uint32_t m = spells(words, lens, j, end, set[k]);
		if (m)
			return m;
	}
	return 0;
}

/* Narrows [*a, *b) to the first place inside it that AT finds a word of SET:
 * the pronoun rule and the interrogative rule share it.  0 when none is
 * there or the span already is that word. */
static int narrow_to(const char *const *set, spelled_at *at, const char *const *words, const uint32_t *lens,
		     uint32_t *a, uint32_t *b)
{
	for (uint32_t j = *a; set && j < *b; j++) {
		uint32_t m = at(set, words, lens, j, *b);
		if (!m)
			continue;
		if (j == *a && j + m == *b)
			return 0;   /* already the word */
		*a = j, *b = j + m;
		return 1;
	}
	return 0;
}

int xp_zh_pronoun_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t *a,
		       uint32_t *b)
{
	return narrow_to(zh_pronouns(en), first_spelled, words, lens, a, b);
}

/* --- Farsi attached pieces ------------------------------------------------------- */

static int is(const char *w, uint32_t n, const char *const *set)
{
	for (size_t k = 0; set[k]; k++)
		if (strlen(set[k]) == n && !memcmp(w, set[k], n))
			return 1;
	return 0;
}

/* U+200C ZERO WIDTH NON-JOINER alone */
static int zwnj(const char *w, uint32_t n) { return n == 3 && !memcmp(w, "\xE2\x80\x8C", 3); }

/* the plural and what may follow it in the same word: -hā, -hāy, -hāyi,
 * -hām, -hāt, -hāš, -hāmun, -hātun, -hāšun (Persian and Arabic kaf/yeh) */
static const char *const plural[] = {
	"ها", "های", "هاي", "هایی", "هايي", "هام", "هات", "هاش", "هامون", "هاتون", "هاشون", "هامان", "هاتان", "هاشان",
	NULL};
/* the verbal prefixes, affirmative and negative */
static const char *const prefix[] = {"می", "مي", "نمی", "نمي", NULL};

int xp_fa_attach_span(const char *const *tok, const uint32_t *lens, uint32_t n, uint32_t *a, uint32_t *b)
{
	uint32_t a0 = *a, b0 = *b;
	/* a span that ends on a bare prefix takes its verb */
	while (*b < n && (is(tok[*b - 1], lens[*b - 1], prefix) || zwnj(tok[*b - 1], lens[*b - 1])))
		(*b)++;
	/* the plural and its pieces after the word, across a lone ZWNJ */
	for (;;) {
		uint32_t k = *b;
		while (k < n && zwnj(tok[k], lens[k]))
			k++;
		if (k < n && is(tok[k], lens[k], plural))
			*b = k + 1;
		else
			break;
	}
	/* the verbal prefix before the word, across a lone ZWNJ */
	uint32_t k = *a;
	while (k > 0 && zwnj(tok[k - 1], lens[k - 1]))
		k--;
	if (k > 0 && is(tok[k - 1], lens[k - 1], prefix))
		*a = k - 1;
	return *a != a0 || *b != b0;
}

/* --- rule names ------------------------------------------------------------------- */

/* the names are the packs' (lang.h xp_lang_rule_bit) */
const char *xp_lr_name(unsigned k)
{
	const xp_lang_rule *r = xp_lang_rule_bit(XP_RK_PRONOUN, k);
	return r ? r->name : "";
}

const char *xp_lr_phrase(unsigned k)
{
	static const char *const phrases[XP_LR_NRULES] = {
		"spans by ignoring articles", "Chinese pronouns", "Farsi attached pieces", "Chinese possessives",
		"free pronouns", "Farsi object clitics", "nearest Farsi verbs taken", "pronouns moved to a free one",
		"Chinese pronouns dropped", "Farsi light verbs taken", "Farsi possessive clitics",
		"subject pronouns moved to a Farsi verb",
		"pronouns placed by their English case",
		"Farsi homographs left", "subject pronouns moved to their clause's verb",
		"Chinese demonstratives taken", "Chinese interrogatives taken", "Farsi object demonstratives taken"};
	/* a pack's own rule (a bit past these) is counted by its name */
	return k < XP_LR_NRULES ? phrases[k] : xp_lr_name(k);
}

/* --- Chinese possessives ---------------------------------------------------------- */

static int en_possessive(const char *en)
{
	static const char *const t[] = {"my", "your", "his", "her", "its", "our", "their",
					"mine", "yours", "hers", "ours", "theirs"};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (!strcasecmp(en, t[k]))
			return 1;
	return 0;
}

int xp_zh_possessive_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			  uint32_t *a, uint32_t *b)
{
	const char *const *zh = zh_pronouns(en);
	if (!zh || !en_possessive(en))
		return 0;
	for (size_t k = 0; zh[k]; k++)
		if (spells(words, lens, *a, *b, zh[k]) == *b - *a) {
			uint32_t m = spells(words, lens, *b, n, "的");
			if (!m)
				return 0;
			*b += m;
			return 1;
		}
	return 0;
}

/* --- free pronouns ---------------------------------------------------------------- */

/* The Farsi pronouns an English pronoun may stand for: the free forms, with
 * the object marker را as colloquial Farsi writes it (منو, تورو), and the
 * reflexive خود- forms; Persian letters (ی, ک), compared after folding the
 * Arabic ي/ك that some of MMC's scenes use. */
static const char *const *fa_pronouns(const char *en)
{
	static const char *const i[] = {"من", "منو", "خودم", NULL}, *const we[] = {"ما", "مارو", "خودمون", NULL};
	static const char *const you[] = {"تو", "شما", "تورو", "شمارو", "خودت", "خودتون", NULL};
	static const char *const s3[] = {"او", "اون", "اونو", "خودش", NULL};
	static const char *const they[] = {"اونا", "آنها", "اونها", "اونارو", "خودشون", NULL};
	static const struct { const char *w; const char *const *fa; } t[] = {
		{"i", i}, {"me", i}, {"my", i}, {"mine", i}, {"myself", i},
		{"we", we}, {"us", we}, {"our", we}, {"ours", we}, {"ourselves", we},
		{"you", you}, {"your", you}, {"yours", you}, {"yourself", you}, {"yourselves", you},
		{"he", s3}, {"him", s3}, {"his", s3}, {"himself", s3},
		{"she", s3}, {"her", s3}, {"hers", s3}, {"herself", s3},
		{"they", they}, {"them", they}, {"their", they}, {"theirs", they}, {"themselves", they},
	};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (!strcasecmp(en, t[k].w))
			return t[k].fa;
	return NULL;
}

int xp_fa_equal(const char *w, uint32_t n, const char *p)
{
	const unsigned char *s = (const unsigned char *)w, *q = (const unsigned char *)p;
	uint32_t i = 0;
	while (i < n && *q) {
		unsigned char c0 = s[i], c1 = i + 1 < n ? s[i + 1] : 0, f[2];
		if (xp_fa_fold2(c0, c1, 0, f))   /* ي -> ی, ك -> ک (not ى: lang.h) */
			c0 = f[0], c1 = f[1];
		if (c0 != q[0])
			return 0;
		if (c0 >= 0xC0) {   /* a two-byte letter */
			if (c1 != q[1])
				return 0;
			i += 2, q += 2;
		} else {
			i++, q++;
		}
	}
	return i == n && !*q;
}

int xp_fa_homograph(const char *const *words, const uint32_t *lens, uint32_t n, uint32_t j)
{
	if (j >= n || !(xp_fa_equal(words[j], lens[j], "تو") || xp_fa_equal(words[j], lens[j], "اون")))
		return 0;
	/* the pronoun for sure: before the object marker (تو رو "you"), the
	 * plural (اون ‌ ها "they", across a lone ZWNJ) or a verb (تو بودی "it
	 * was you", اون میخواد "he wants"); after a preposition that is never
	 * followed by "in" (با تو "with you", به تو); از تو is "from you" and
	 * "from inside" */
	static const char *const after[] = {"رو", "را", "ها", "هارو", NULL};
	static const char *const before[] = {"با", "به", "برای", "واسه", "مال", "پیش", "مثل", "بدون", NULL};
	uint32_t k = j + 1;
	while (k < n && zwnj(words[k], lens[k]))
		k++;
	for (size_t q = 0; k < n && after[q]; q++)
		if (xp_fa_equal(words[k], lens[k], after[q]))
			return 0;
	for (size_t q = 0; j > 0 && before[q]; q++)
		if (xp_fa_equal(words[j - 1], lens[j - 1], before[q]))
			return 0;
	if (k < n && lens[k] < 256) {
		char w[256];   /* the verb tests read C strings */
		memcpy(w, words[k], lens[k]);
		w[lens[k]] = '\0';
		if (xp_fa_verb_form(w))
			return 0;
	}
	return 1;
}

/* words[j] as a C string in w[cap] (the verb tests read C strings); 0 if too long */
static int cstr(const char *const *words, const uint32_t *lens, uint32_t j, char *w, size_t cap)
{
	if (lens[j] >= cap)
		return 0;
	memcpy(w, words[j], lens[j]);
	w[lens[j]] = '\0';
	return 1;
}

uint32_t xp_fa_clause_verb(const char *const *words, const uint32_t *lens, uint32_t n, uint32_t j, int person,
			   const uint8_t *held)
{
	char w[256];
	if (j >= n || !person || !cstr(words, lens, j, w, sizeof w) || !xp_fa_verb_agrees(w, person) ||
	    xp_fa_verb_form(w))
		return UINT32_MAX;   /* no ending to distrust, or a verb itself */
	if (j > 0 && cstr(words, lens, j - 1, w, sizeof w) && xp_fa_verb_form(w))
		return UINT32_MAX;   /* the verb after می / نمی written apart, or a compound's verb */
	/* the clause's verb is its last: the finite verb ends a Farsi clause,
	 * and a compound's first verb (دید of دید نزدی) carries no person */
	uint32_t v = UINT32_MAX;
	for (uint32_t k = j + 1; k < n; k++) {
		if (!cstr(words, lens, k, w, sizeof w))
			continue;
		if (xp_is_punct(w) || xp_fa_equal(words[k], lens[k], "که"))
			break;
		if ((!held || !held[k]) && xp_fa_verb_form(w) && xp_fa_verb_agrees(w, person))
			v = k;
	}
	return v;
}

/* words [j, j + m) of the n are the candidate: taken as [*a, *b) when none is
 * marked in taken[] and it lies nearer relative position pos than *best */
static void nearest_free(const uint8_t *taken, uint32_t n, double pos, uint32_t j, uint32_t m, double *best,
			 uint32_t *a, uint32_t *b)
{
	for (uint32_t t = j; t < j + m; t++)
		if (taken[t])
			return;
	double d = (j + 0.5 * m) / n - pos;
	d = d < 0 ? -d : d;
	if (d < *best)
		*best = d, *a = j, *b = j + m;
}

/* --- a pack's pronouns (lang.h xp_lang_pack.pronouns) ------------------------------- */

/* the lower case of a letter of ASCII or of Latin-1's (À..Þ, not ×) at w,
 * its length in *m: what the packs' lists need (Ça, À, Él) */
static uint32_t fold1(const unsigned char *w, uint32_t n, uint32_t *m)
{
	if (n >= 2 && w[0] == 0xC3 && w[1] >= 0x80 && w[1] <= 0x9E && w[1] != 0x97) {
		*m = 2;
		return 0xE0 + (w[1] - 0x80);
	}
	if (n >= 2 && w[0] == 0xC3) {
		*m = 2;
		return 0xC0 + (w[1] - 0x80);
	}
	*m = 1;
	return w[0] >= 'A' && w[0] <= 'Z' ? w[0] + 32u : w[0];
}

/* w[0..n) equals the lower-case p[0..pn) once its capitals are folded */
static int folded_eq(const char *w, uint32_t n, const char *p, uint32_t pn)
{
	uint32_t i = 0, j = 0;
	while (i < n && j < pn) {
		uint32_t mi, mj;
		if (fold1((const unsigned char *)w + i, n - i, &mi) != fold1((const unsigned char *)p + j, pn - j, &mj))
			return 0;
		i += mi, j += mj;
	}
	return i == n && j == pn;
}

int xp_word_listed(const char *w, uint32_t n, const char *list)
{
	for (const char *p = list; p && *p;) {
		size_t k = strcspn(p, " ");
		if (k && folded_eq(w, n, p, (uint32_t)k))
			return 1;
		p += k + (p[k] == ' ');
	}
	return 0;
}

/* the pack's target pronouns for English en (a list separated by spaces), NULL if none */
static const char *pack_pronouns(const char *en, const char *lang)
{
	const xp_lang_pack *p = xp_lang_find(lang);
	for (size_t k = 0; en && p && p->pronouns && p->pronouns[k][0]; k++)
		if (xp_word_listed(en, (uint32_t)strlen(en), p->pronouns[k][0]))
			return p->pronouns[k][1];
	return NULL;
}

int xp_pack_pronoun(const char *en, const char *lang, const char *w, uint32_t n)
{
	const char *set = pack_pronouns(en, lang);
	return set && xp_word_listed(w, n, set);
}

int xp_free_pronoun(const char *en, const char *lang, const char *const *words, const uint32_t *lens,
		    uint32_t n, const uint8_t *taken, double pos, uint32_t *a, uint32_t *b)
{
	int zh = lang && !strncmp(lang, "zh", 2), fa = lang && !strncmp(lang, "fa", 2);
	const char *const *set = zh ? zh_pronouns(en) : fa ? fa_pronouns(en) : NULL;
	if (!zh && !fa && n) {
		const char *list = pack_pronouns(en, lang);
		double best = 2;
		for (uint32_t j = 0; list && j < n; j++)
			if (xp_word_listed(words[j], lens[j], list))
				nearest_free(taken, n, pos, j, 1, &best, a, b);
		return best <= 1;
	}
	if (!set || !n)
		return 0;
	double best = 2;
	for (uint32_t j = 0; j < n; j++) {
		uint32_t m = 0;
		for (size_t k = 0; set[k] && !m; k++)
			m = zh ? spells(words, lens, j, n, set[k]) : (uint32_t)xp_fa_equal(words[j], lens[j], set[k]);
		if (!m)
			continue;
		/* a Chinese pronoun must not be the start of a longer one (我 of 我们) */
		if (zh && j + m < n && spells(words, lens, j + m, n, "们"))
			continue;
		nearest_free(taken, n, pos, j, m, &best, a, b);
	}
	return best <= 1;
}

int xp_zh_free_demonstrative(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			     const uint8_t *taken, double pos, uint32_t *a, uint32_t *b)
{
	static const char *const ens[] = {"it", "this", "that", "these", "those", NULL};
	/* the copula right after it: 是, or an adverb and 是 (a demonstrative
	 * before a noun or a classifier, 这个, 那家, is a determiner, and 那么,
	 * 这样, 这里 are other words) */
	static const char *const copula[] = {"是", "不是", "就是", "也是", "还是", "才是", "真是", "可是", "都是",
					     "正是", "只是", "又是", "就不是", "也不是", "并不是", NULL};
	if (!xp_word_in(en, ens) || !n)
		return 0;
	double best = 2;
	for (uint32_t j = 0; j < n; j++) {
		if (taken[j] || !(spells(words, lens, j, j + 1, "这") || spells(words, lens, j, j + 1, "那")))
			continue;
		int subject = 0;
		for (size_t k = 0; copula[k] && !subject; k++)
			subject = spells(words, lens, j + 1, n, copula[k]) != 0;
		if (!subject)
			continue;
		double d = (j + 0.5) / n - pos;
		d = d < 0 ? -d : d;
		if (d < best)
			best = d, *a = j, *b = j + 1;
	}
	return best <= 1;
}

/* --- interrogatives ---------------------------------------------------------------- */

/* the Chinese interrogatives an English what / who stands for, longest first */
static const char *const *zh_interrogatives(const char *en)
{
	static const char *const what[] = {"干什么", "什么", "干嘛", "干吗", "怎么样", "怎么", "啥", NULL};
	static const char *const who[] = {"谁", NULL};
	if (!strcasecmp(en, "what"))
		return what;
	if (!strcasecmp(en, "who") || !strcasecmp(en, "whom"))
		return who;
	return NULL;
}

/* an interrogative of set[] begins at word j of [.., end): its word count,
 * else 0; not the 什么 of 为什么 "why" or of 干什么 (which the set has whole) */
static uint32_t interrogative_at(const char *const *set, const char *const *words, const uint32_t *lens, uint32_t j,
				 uint32_t end)
{
	for (size_t k = 0; set[k]; k++) {
		uint32_t m = spells(words, lens, j, end, set[k]);
		if (!m)
			continue;
		if (j > 0 && (spells(words, lens, j - 1, j, "为") || spells(words, lens, j - 1, j, "干")) &&
		    spells(words, lens, j, end, "什么"))
			return 0;
		return m;
	}
	return 0;
}

int xp_zh_interrogative_en(const char *en)
{
	return zh_interrogatives(en) != NULL;
}

int xp_zh_free_interrogative(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			     const uint8_t *taken, double pos, uint32_t *a, uint32_t *b)
{
	const char *const *set = zh_interrogatives(en);
	if (!set || !n)
		return 0;
	double best = 2;
	for (uint32_t j = 0; j < n; j++) {
		uint32_t m = interrogative_at(set, words, lens, j, n);
		if (m)
			nearest_free(taken, n, pos, j, m, &best, a, b);
	}
	return best <= 1;
}

int xp_fa_free_demonstrative(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			     const uint8_t *taken, double pos, uint32_t *a, uint32_t *b)
{
	/* "these" and "those" are اینا / اونا (رو), which are also "they" */
	static const char *const ens[] = {"it", "this", "that", NULL};
	/* the demonstrative and the object marker را, colloquially و, in one
	 * word: an object, never a determiner (that is این / اون alone) */
	static const char *const obj[] = {"اینو", "اونو", NULL};
	if (!xp_word_in(en, ens) || !n)
		return 0;
	double best = 2;
	for (uint32_t j = 0; j < n; j++) {
		int is = 0;
		for (size_t k = 0; obj[k] && !is; k++)
			is = xp_fa_equal(words[j], lens[j], obj[k]);
		if (is)
			nearest_free(taken, n, pos, j, 1, &best, a, b);
	}
	return best <= 1;
}

int xp_zh_interrogative_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t *a,
			     uint32_t *b)
{
	return narrow_to(zh_interrogatives(en), interrogative_at, words, lens, a, b);
}

/* --- pronouns the links placed wrongly -------------------------------------------- */

int xp_pronoun_matches(const char *en, const char *lang, const char *const *words, const uint32_t *lens,
		       uint32_t a, uint32_t b)
{
	return xp_pronoun_matches_case(en, 0, lang, words, lens, a, b);
}

int xp_pronoun_matches_case(const char *en, int en_case, const char *lang, const char *const *words,
			    const uint32_t *lens, uint32_t a, uint32_t b)
{
	if (lang && !strncmp(lang, "zh", 2)) {
		const char *const *zh = zh_pronouns(en);
		for (uint32_t j = a; zh && j < b; j++)
			for (size_t k = 0; zh[k]; k++)
				if (spells(words, lens, j, b, zh[k]))
					return 1;
		return 0;
	}
	if (lang && strncmp(lang, "fa", 2)) {
		for (uint32_t j = a; j < b; j++)
			if (xp_pack_pronoun(en, lang, words[j], lens[j]))
				return 1;
		return 0;
	}
	if (!lang || !fa_pronouns(en))
		return 0;
	const char *const *fa = fa_pronouns(en);
	int subj = xp_subject_person(en), obj = xp_object_person(en), poss = xp_possessive_person(en);
	if (en_case == XP_CASE_OBJECT)
		subj = 0;
	for (uint32_t j = a; j < b; j++) {
		for (size_t k = 0; fa[k]; k++)
			if (xp_fa_equal(words[j], lens[j], fa[k]))
				return 1;
		char w[256];   /* the agreement tests read C strings */
		if (lens[j] >= sizeof w)
			continue;
		memcpy(w, words[j], lens[j]);
		w[lens[j]] = '\0';
		if ((subj && xp_fa_verb_agrees(w, subj)) || (poss && xp_fa_clitic_agrees(w, poss)) ||
		    (obj && xp_fa_clitic_agrees(w, obj) && (en_case != XP_CASE_SUBJECT || xp_fa_experiencer(w, obj))))
			return 1;
	}
	return 0;
}

/* --- the case of an English pronoun ---------------------------------------------- */

int xp_en_case(const char *const *src, uint32_t n, uint32_t i)
{
	if (i >= n)
		return 0;
	const char *w = src[i], *prev = i ? src[i - 1] : NULL, *next = i + 1 < n ? src[i + 1] : NULL;
	static const char *const subj[] = {"i", "we", "he", "she", "they", NULL};
	static const char *const obj[] = {"me", "us", "him", "them", NULL};
	if (xp_word_in(w, subj))
		return XP_CASE_SUBJECT;
	if (xp_word_in(w, obj))
		return XP_CASE_OBJECT;
	if (strcasecmp(w, "you") && strcasecmp(w, "it"))
		return 0;
	/* what governs an object: a preposition (to you, for it, with you) */
	static const char *const prep[] = {"to", "for", "with", "at", "about", "of", "from", "on", "in", "into",
					   "like", "without", "than", "by", "behind", "after", "before", "around",
					   "under", "over", "near", "against", "through", "off", "out", "up", "down",
					   "onto", "upon", "toward", "towards", "between", "inside", NULL};
	/* what opens a clause: the subject follows (and you, if it, what you) */
	static const char *const open[] = {"and", "but", "or", "so", "if", "when", "because", "cause", "'cause",
					   "that", "what", "how", "why", "where", "who", "whether", "then", "well",
					   "oh", "okay", "ok", "yes", "yeah", "no", "hey", "now", "maybe", "unless",
					   "until", "though", "although", "since", "while", "once", "which", "whatever",
					   "besides", "please", NULL};
	/* an auxiliary before it: a question (did you, ca n't you, will it) */
	static const char *const aux[] = {"do", "did", "does", "are", "were", "is", "was", "can", "could", "will",
					  "would", "should", "shall", "must", "may", "might", "have", "has", "had",
					  "n't", NULL};
	/* what follows a subject: an auxiliary or a frequent verb (you 're,
	 * it 's, you know), an adverb before one (you never, you just) */
	static const char *const verb[] = {"'s", "'re", "'m", "'ll", "'d", "'ve", "are", "were", "is", "was", "can",
					   "could", "will", "would", "should", "must", "may", "might", "have", "has",
					   "had", "do", "did", "does", "ca", "wo", "got", "gon", "know", "think",
					   "mean", "want", "wanna", "need", "said", "say", "see", "go", "get", "like",
					   "look", "seem", "seems", "make", "made", "never", "always", "just",
					   "really", "ever", "even", "also", "still", "guys", "all", "two", NULL};
	if (!prev || xp_is_punct(prev) || xp_word_in(prev, open) || xp_word_in(prev, aux))
		return XP_CASE_SUBJECT;
	if (xp_word_in(prev, prep))
		return XP_CASE_OBJECT;
	if (next && xp_word_in(next, verb))
		return XP_CASE_SUBJECT;
	return XP_CASE_OBJECT;
}

int xp_zh_pronominal(const char *const *words, const uint32_t *lens, uint32_t a, uint32_t b)
{
	static const char *const t[] = {"我", "你", "您", "他", "她", "它", "咱", "这", "那", "此", "自己", "大家", "各位", NULL};
	/* characters spell one, or a word token holds one (这个, 那样) */
	for (uint32_t j = a; j < b; j++)
		for (size_t k = 0; t[k]; k++) {
			size_t n = strlen(t[k]);
			if (spells(words, lens, j, b, t[k]))
				return 1;
			for (size_t i = 0; i + n <= lens[j]; i++)
				if (!memcmp(words[j] + i, t[k], n))
					return 1;
		}
	return 0;
}

/* w[0..n) ends in suf */
static int ends_with(const char *w, size_t n, const char *suf)
{
	size_t k = strlen(suf);
	return n >= k && !memcmp(w + n - k, suf, k);
}

int xp_fa_plural_in(const char *const *w, const uint32_t *len, uint32_t a, uint32_t b)
{
	static const char *const clitic[] = {"", "شون", "تون", "مون", "رو", "و", "ش", "ت", "م", "ی", "ای", "ه", NULL};
	static const char *const plural[] = {"ها", "های", "ان", "ات", "ا", NULL};
	char buf[256];
	for (uint32_t j = a; j < b; j++) {
		const char *t = len[j] < sizeof buf ? buf : NULL;
		size_t n = len[j];
		if (t)
			xp_fa_fold(w[j], n, buf, 0), buf[n] = '\0';
		/* up to two clitics after the plural (کتاباشو: -ا -ش -و) */
		for (size_t k1 = 0; t && clitic[k1]; k1++) {
			if (!ends_with(t, n, clitic[k1]))
				continue;
			size_t n1 = n - strlen(clitic[k1]);
			for (size_t k2 = 0; clitic[k2]; k2++) {
				if (!ends_with(t, n1, clitic[k2]))
					continue;
				size_t m = n1 - strlen(clitic[k2]);
				for (size_t p = 0; plural[p]; p++) {
					size_t pl = strlen(plural[p]);
					/* ها / های written apart, or after a stem of two letters at least */
					if (ends_with(t, m, plural[p]) && (m == pl ? p < 2 : xp_utf8_count(t, m - pl) >= 2))
						return 1;
				}
			}
		}
	}
	return 0;
}

int xp_fa_it_word(const char *w, uint32_t n)
{
	static const char *const dem[] = {"این", "اون", "اینو", "اونو", "همین", "همون", "همینو", "همونو", "آن", NULL};
	for (size_t k = 0; dem[k]; k++)
		if (xp_fa_equal(w, n, dem[k]))
			return 1;
	return 0;
}

int xp_fa_indef_word(const char *w, uint32_t n)
{
	return xp_fa_equal(w, n, "یه") || xp_fa_equal(w, n, "یک");
}

int xp_fa_clause_word(const char *w, uint32_t n)
{
	static const char *const conj[] = {"که", "و", "ولی", "اما", "چون", "اگه", "اگر", NULL};
	for (size_t k = 0; conj[k]; k++)
		if (xp_fa_equal(w, n, conj[k]))
			return 1;
	return 0;
}

int xp_zh_de_word(const char *w, uint32_t n)
{
	return n == 3 && !memcmp(w, "的", 3);
}

int xp_en_plural_head(const char *const *src, uint32_t s, uint32_t e)
{
	static const char *const post[] = {"of", "about", "who", "whom", "whose", "which", "that", "with", "from",
					   "in", "on", "at", "for", "to", ",", "-", NULL};
	/* after these Farsi keeps the noun singular: دو تا بلیط "two tickets",
	 * چند تا دوست "a few friends", هیچ دوستی "no friends", هر دو دختر */
	static const char *const count[] = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
					    "twenty", "hundred", "hundreds", "thousand", "thousands", "million",
					    "millions", "dozen", "dozens", "couple", "few", "several", "many", "some",
					    "both", "no", NULL};
	static const char *const irregular[] = {"men", "women", "people", "children", "feet", "teeth", "mice", "geese",
						NULL};
	/* words in -s that are no plural, and plurals Farsi says in the singular (شلوار, عینک) */
	static const char *const not_plural[] = {"this", "his", "hers", "its", "yours", "ours", "theirs", "always",
						 "news", "series", "species", "physics", "mathematics", "pants", "shorts",
						 "jeans", "glasses", "scissors", "trousers", "clothes", "thanks",
						 "whereas", "perhaps", "sometimes", "christmas", "was", "does", "has",
						 NULL};
	if (e <= s)
		return 0;
	uint32_t h = e - 1;
	for (uint32_t i = s; i < e; i++) {
		if (xp_word_in(src[i], count) || (src[i][0] >= '0' && src[i][0] <= '9'))
			return 0;
		if (i > s && h == e - 1 && xp_word_in(src[i], post))
			h = i - 1;   /* the first post-modifier ends the head's phrase */
	}
	if (h > s && (!strcmp(src[h], "'s") || !strcmp(src[h], "'")))
		h--;
	const char *w = src[h];
	size_t n = strlen(w);
	if (xp_word_in(w, irregular))
		return 1;
	if (n <= 3 || xp_word_in(w, not_plural) || tolower((unsigned char)w[n - 1]) != 's')
		return 0;
	int before = tolower((unsigned char)w[n - 2]);
	return before != 's' && before != 'u' && before != 'i' && before != '\'';
}
