/* lang/np.c — noun phrase and name rules on projected spans; see np.h. */
#include "np.h"
#include "lang.h"
#include "pron.h"
#include "prodrop.h"
#include "../base/text.h"
#include "../model/tokenize.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* xp_np_mask is 64 bits wide (np.h) */
_Static_assert(XP_NP_NRULES >= 1 && XP_NP_NRULES <= 64, "np rules: 64 at most");
_Static_assert(sizeof(xp_np_mask) * 8 == 64, "np rules: a 64-bit mask");

/* The rules' names are the packs' (lang.h xp_lang_rule_bit): a pack's rule
 * of bit 0 gets a bit past XP_NP_NRULES when the pack is taken in. */
const char *xp_np_name(unsigned k)
{
	const xp_lang_rule *r = xp_lang_rule_bit(XP_RK_NP, k);
	return r ? r->name : "";
}

/* the bit of names[k] that s[0..n) names, every bit below nnames for "all", 0 if none */
static xp_np_mask named_in(const char *const *names, unsigned nnames, const char *s, size_t n)
{
	if (n == 3 && !memcmp(s, "all", 3))
		return ~(xp_np_mask)0 >> (64 - nnames);
	for (unsigned k = 0; k < nnames; k++)
		if (n && names[k] && strlen(names[k]) == n && !memcmp(s, names[k], n))
			return XP_NP_BIT(k);
	return 0;
}

/* every bit's name, "" where no rule has it; their count */
static unsigned np_names(const char *names[64])
{
	unsigned n = xp_lang_rule_bits(XP_RK_NP);
	for (unsigned k = 0; k < n; k++)
		names[k] = xp_np_name(k);
	return n;
}

xp_np_mask xp_np_named(const char *s, size_t n)
{
	const char *names[64];
	unsigned nn = np_names(names);
	return named_in(names, nn, s, n);
}

int xp_np_switch_in(const char *const *names, unsigned nnames, xp_np_mask *rules, const char *v, int on,
		    const char **bad, size_t *nbad)
{
	xp_np_mask bits = 0;
	for (const char *p = v;;) {
		size_t n = strcspn(p, ",");
		xp_np_mask k = nnames >= 1 && nnames <= 64 ? named_in(names, nnames, p, n) : 0;
		if (!k) {
			*bad = p, *nbad = n;
			return -1;
		}
		bits |= k;
		if (!p[n])
			break;
		p += n + 1;
	}
	*rules = on ? *rules | bits : *rules & ~bits;
	return 0;
}

int xp_np_switch(xp_np_mask *rules, const char *v, int on, const char **bad, size_t *nbad)
{
	const char *names[64];
	unsigned nn = np_names(names);
	return xp_np_switch_in(names, nn, rules, v, on, bad, nbad);
}

const char *xp_np_list(char *buf, size_t cap)
{
	size_t o = 0;
	if (cap)
		buf[0] = '\0';
	for (unsigned k = 0; k < xp_lang_rule_bits(XP_RK_NP); k++) {
		const char *name = xp_np_name(k);
		if (*name && o < cap)
			o += (size_t)snprintf(buf + o, cap - o, "%s%s", o ? ", " : "", name);
	}
	return buf;
}

static int counts(const xp_link *l, uint32_t s, uint32_t e, double min_prob)
{
	return !l->possible && l->i >= s && l->i < e && l->prob >= min_prob;
}

int xp_np_stray(const xp_link *l, size_t n, size_t k, uint32_t s, uint32_t e, double min_prob)
{
	const xp_link *x = &l[k];
	if (!counts(x, s, e, min_prob))
		return 0;
	int stronger = 0;
	for (size_t t = 0; t < n; t++) {
		const xp_link *y = &l[t];
		if (t == k || y->i != x->i || !counts(y, s, e, min_prob) || y->prob <= x->prob)
			continue;
		if (y->j + 1 == x->j || x->j + 1 == y->j)
			return 0;   /* a piece beside a stronger piece of the same word */
		stronger = 1;
	}
	return stronger;
}

static uint32_t en_head(const xp_np_span *x);

int xp_np_ef1(const xp_link *all, size_t nall, const xp_link *kept, size_t nkept, const char *const *src,
	      uint32_t nsrc, uint32_t s, uint32_t e, const char *lang, const uint8_t *punct, uint32_t ntgt, int hull,
	      uint32_t *a, uint32_t *b)
{
	if (!ntgt || ntgt > XP_NP_EF1_MAX || e > nsrc || s >= e)
		return 0;
	xp_np_span x = {.lang = lang, .src = src, .s = s, .e = e};
	uint32_t h = en_head(&x);
	if (h == UINT32_MAX)
		return 0;
	/* the articles' links count only when another word has one */
	int other = 0;
	for (size_t k = 0; k < nall && !other; k++)
		other = all[k].i >= s && all[k].i < e && all[k].j < ntgt && !xp_en_article(src[all[k].i], lang);
	double q[XP_NP_EF1_MAX + 1] = {0}, sum = 0;
	for (size_t k = 0; k < nall; k++) {
		const xp_link *l = &all[k];
		if (l->i < s || l->i >= e || l->j >= ntgt || (other && e - s > 1 && xp_en_article(src[l->i], lang)))
			continue;
		q[l->j] += l->prob;
	}
	for (uint32_t j = 0; j < ntgt; j++)
		sum += q[j] = q[j] > 1 ? 1 : q[j];
	/* the anchor: the head's strongest kept link, else its strongest candidate */
	uint32_t anchor = UINT32_MAX;
	float best = -1;
	for (size_t k = 0; k < nkept; k++)
		if (!kept[k].possible && kept[k].i == h && kept[k].j < ntgt && kept[k].prob > best)
			best = kept[k].prob, anchor = kept[k].j;
	if (anchor == UINT32_MAX)
		for (size_t k = 0; k < nall; k++)
			if (all[k].i == h && all[k].j < ntgt && all[k].prob > best)
				best = all[k].prob, anchor = all[k].j;
	if (anchor == UINT32_MAX || !(sum > 0))
		return 0;
	uint32_t lo = anchor, hi = anchor + 1;
	if (hull && *b > *a && *b <= ntgt)
		lo = lo < *a ? lo : *a, hi = hi > *b ? hi : *b;
	/* it grows over no punctuation: a noun phrase does not reach across a
	 * clause's or a sentence's bounds, and a quote, a comma or "..." has
	 * no posterior of its own to stop it */
	uint32_t from = lo, to = hi;
	while (from > 0 && !(punct && punct[from - 1]))
		from--;
	while (to < ntgt && !(punct && punct[to]))
		to++;
	/* every [i, j) holding [lo, hi): the best sum of q over its length */
	double pre[XP_NP_EF1_MAX + 1];
	pre[0] = 0;
	for (uint32_t j = 0; j < ntgt; j++)
		pre[j + 1] = pre[j] + q[j];
	uint32_t ba = lo, bb = hi;
	double bv = -1;
	for (uint32_t i = from; i <= lo; i++)
		for (uint32_t j = hi; j <= to; j++) {
			double v = 2 * (pre[j] - pre[i]) / ((double)(j - i) + sum);
			/* ties: the shorter span, then the earlier */
			if (v > bv + 1e-12 || (v > bv - 1e-12 && j - i < bb - ba))
				bv = v, ba = i, bb = j;
		}
	if (ba == *a && bb == *b)
		return 0;
	*a = ba, *b = bb;
	return 1;
}

/* --- token rules ----------------------------------------------------------------- */

/* every character of w[0..n) is one of the characters of set (UTF-8 is
 * self-synchronising: a character found in set is found at a boundary) */
static int all_in(const char *w, uint32_t n, const char *set)
{
	if (!n)
		return 0;
	for (uint32_t i = 0; i < n;) {
		uint32_t cl = 1;
		while (i + cl < n && ((unsigned char)w[i + cl] & 0xC0) == 0x80)
			cl++;
		char c[8];
		if (cl >= sizeof c)
			return 0;
		memcpy(c, w + i, cl), c[cl] = 0;
		if (!strstr(set, c))
			return 0;
		i += cl;
	}
	return 1;
}

/* The characters Chinese writes foreign names with (the common part of the
 * Xinhua transliteration tables, as subtitles use them): each is a
 * syllable, few are common words on their own. */
static const char zh_translit[] =
	"阿埃艾爱昂奥澳巴芭包尔拜班邦鲍贝倍本比彼毕宾波伯勃博布查茨达黛戴丹道德登迪蒂丁东杜敦厄恩法凡范菲斐费芬"
	"丰佛弗福伏盖甘冈高戈哥格葛根贡古瓜圭哈海汉豪赫黑亨洪胡华霍基吉加贾杰捷津卡凯坎康考柯科克肯库夸奎昆"
	"拉莱赖兰朗劳勒雷蕾黎里莉丽利林琳铃隆娄卢鲁陆路露伦罗洛玛马迈麦曼芒梅门蒙米密敏缪摩莫姆穆娜纳奈"
	"南瑙内妮尼涅宁纽诺欧帕潘庞佩彭皮珀普齐奇恰乔琼丘瑞若萨塞赛桑瑟森沙莎珊尚舍什史斯丝松苏索塔泰坦汤"
	"唐特汀廷通图托瓦万旺威韦维温沃乌伍西希锡夏肖谢辛休雅亚扬耶叶伊依英尤泽扎詹珍朱卓兹崔钱蒂萝娅"
	"琪茜薇娃黛丝";

/* numerals and demonstratives before a classifier, and the classifiers */
static const char zh_quant[] = "一二两三四五六七八九十百千几半每这那哪某此";
static const char zh_classifier[] = "个位只件条张本辆家颗瓶杯份种些块群双对部间首封套名匹棵朵台架支片场顿句段碗盒包根座门所项批笔";
/* classifiers that stand alone after a verb (是个好人, 有个念头) */
static const char zh_bare_classifier[] = "个位种些";

int xp_zh_measure_word(const char *w, uint32_t n)
{
	/* a classifier last, numerals or demonstratives before it (一个, 这位,
	 * 两瓶), at most three characters; or a classifier alone that stands
	 * after a verb (是个, 有个) */
	uint32_t last = n;
	if (!n || xp_utf8_count(w, n) > 3)
		return 0;
	while (last > 0 && ((unsigned char)w[last - 1] & 0xC0) == 0x80)
		last--;
	last = last ? last - 1 : 0;
	if (!all_in(w + last, n - last, zh_classifier))
		return 0;
	return last == 0 ? all_in(w, n, zh_bare_classifier) : all_in(w, last, zh_quant);
}

int xp_en_counting_det(const char *w, size_t n)
{
	static const char *const t[] = {"a",   "an",    "one",  "this", "that", "these", "those", "another", "each",
					"every", "some", "two", "three", "four", "five", "six",  "seven",  "eight",
					"nine", "ten",   NULL};
	for (size_t k = 0; t[k]; k++)
		if (strlen(t[k]) == n && !strncasecmp(w, t[k], n))
			return 1;
	return n && w[0] >= '0' && w[0] <= '9';
}

static int is_zh(const char *lang) { return lang && !strncmp(lang, "zh", 2); }
static int is_fa(const char *lang) { return lang && !strncmp(lang, "fa", 2); }

static int zh_name(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	uint32_t a0 = *a, b0 = *b, grown = 0;
	/* only a transliteration grows: an edge that is no syllable of one (上帝
	 * for God, 怎么 for a sentence-initial What, Leonard in Latin letters)
	 * stops it; so does a piece another English word is linked to (a link
	 * from the same name elsewhere in the utterance is the aligner mixing
	 * up the two: it does not count), and a transliteration has few
	 * syllables: at most 4 more characters a side */
	if (all_in(x->w[*b - 1], x->len[*b - 1], zh_translit))
		while (*b < x->n && !(x->claimed[*b] & XP_NP_BY_OTHER) && all_in(x->w[*b], x->len[*b], zh_translit) &&
		       (grown += xp_utf8_count(x->w[*b], x->len[*b])) <= 4)
			(*b)++;
	grown = 0;
	if (all_in(x->w[*a], x->len[*a], zh_translit))
		while (*a > 0 && !(x->claimed[*a - 1] & XP_NP_BY_OTHER) &&
		       all_in(x->w[*a - 1], x->len[*a - 1], zh_translit) &&
		       (grown += xp_utf8_count(x->w[*a - 1], x->len[*a - 1])) <= 4)
			(*a)--;
	return *a != a0 || *b != b0;
}

static int zh_classifier_rule(const xp_np_span *x, uint32_t *a)
{
	/* the tokens just before the span that spell [numeral or demonstrative]
	 * classifier, at most three characters; the longest such run */
	uint32_t best = *a, chars = 0;
	for (uint32_t k = *a; k > 0 && !x->claimed[k - 1]; k--) {
		chars += xp_utf8_count(x->w[k - 1], x->len[k - 1]);
		if (chars > 3)
			break;
		/* the run [k-1, a) as one string */
		char buf[64];
		size_t n = 0;
		for (uint32_t t = k - 1; t < *a; t++) {
			if (n + x->len[t] >= sizeof buf)
				return 0;
			memcpy(buf + n, x->w[t], x->len[t]), n += x->len[t];
		}
		buf[n] = 0;
		/* its last character a classifier, the others numerals or demonstratives */
		size_t last = n;
		while (last > 0 && ((unsigned char)buf[last - 1] & 0xC0) == 0x80)
			last--;
		last = last ? last - 1 : 0;
		if (!all_in(buf + last, (uint32_t)(n - last), zh_classifier))
			continue;
		if (last == 0 ? all_in(buf, (uint32_t)n, zh_bare_classifier) : all_in(buf, (uint32_t)last, zh_quant))
			best = k - 1;
	}
	if (best == *a)
		return 0;
	*a = best;
	return 1;
}

/* the aligner's word that holds token j, as [*ws, *we) */
static void word_of(const xp_np_span *x, uint32_t j, uint32_t *ws, uint32_t *we)
{
	*ws = j, *we = j + 1;
	if (!x->word_start)
		return;
	while (*ws > 0 && !x->word_start[*ws])
		(*ws)--;
	while (*we < x->n && !x->word_start[*we])
		(*we)++;
}

/* token j is the copula 是 inside a word that ICU glued it into (的是, 她是,
 * 是好, 节是) rather than a word of the lexicon that ends or begins with it */
static int zh_glued_copula(const xp_np_span *x, uint32_t j)
{
	static const char *const lexical[] = {"还是", "但是", "可是", "就是", "总是", "只是", "于是", "要是", "不是",
					      "真是", "正是", "也是", "都是", "老是", "像是", "算是", "或是", "倒是",
					      "硬是", "凡是", "即是", "便是", "是非", "是否", "是的", "是不是",
					      "而是", "若是", "才是", "又是", "更是", "却是", "确实是", NULL};
	if (x->len[j] != 3 || memcmp(x->w[j], "是", 3))
		return 0;
	uint32_t ws, we;
	word_of(x, j, &ws, &we);
	if (we - ws < 2)
		return 0;   /* a word of its own */
	char buf[64];
	size_t n = 0;
	for (uint32_t t = ws; t < we; t++) {
		if (n + x->len[t] >= sizeof buf)
			return 0;
		memcpy(buf + n, x->w[t], x->len[t]), n += x->len[t];
	}
	buf[n] = 0;
	for (size_t k = 0; lexical[k]; k++)
		if (!strcmp(buf, lexical[k]))
			return 0;
	return 1;
}

static int zh_copula(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	uint32_t a0 = *a, b0 = *b;
	if (*b > *a + 1 && zh_glued_copula(x, *b - 1))
		(*b)--;
	if (*b > *a + 1 && zh_glued_copula(x, *a))
		(*a)++;
	return *a != a0 || *b != b0;
}

static int fa_in(const char *w, uint32_t n, const char *const *set)
{
	for (size_t k = 0; set[k]; k++)
		if (xp_fa_equal(w, n, set[k]))
			return 1;
	return 0;
}

/* The word before [*a, ...) joins when it is of set and no word outside the
 * mention is linked to it; with weak, also where only weak links reach it
 * (XP_NP_FA_WEAK_DET).  1 if it joined, 2 if only weak links reached it. */
static int fa_before(const xp_np_span *x, uint32_t *a, const char *const *set, int weak)
{
	if (*a == 0 || !fa_in(x->w[*a - 1], x->len[*a - 1], set))
		return 0;
	uint8_t c = x->claimed[*a - 1];
	if (c && (!weak || (c & XP_NP_BY_STRONG)))
		return 0;
	(*a)--;
	return c ? 2 : 1;
}

/* the Farsi possessors of an English possessive determiner */
static const char *const *fa_possessors(const char *en)
{
	static const char *const my[] = {"من", "خودم", NULL}, *const your[] = {"تو", "شما", "خودت", "خودتون", NULL};
	static const char *const s3[] = {"او", "اون", "خودش", NULL}, *const our[] = {"ما", "خودمون", NULL};
	static const char *const their[] = {"اونا", "آنها", "اونها", "خودشون", NULL};
	static const struct { const char *w; const char *const *fa; } t[] = {
		{"my", my}, {"your", your}, {"his", s3}, {"her", s3}, {"its", s3}, {"our", our}, {"their", their}};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (!strcasecmp(en, t[k].w))
			return t[k].fa;
	return NULL;
}

static int fa_possessor(const xp_np_span *x, uint32_t *b)
{
	const char *const *p = x->e > x->s + 1 ? fa_possessors(x->src[x->s]) : NULL;
	if (!p || *b >= x->n)
		return 0;
	/* the ezafe may be written as a token of its own: خونه ي من.  Another
	 * English word's link to the possessor does not hold it back: it is the
	 * aligner mixing up the two first-person words of "I ... my roof" (both
	 * من), and a pronoun of the matching person right after the noun is
	 * its possessor */
	static const char *const ezafe[] = {"ی", "ي", NULL};
	uint32_t k = *b + (*b + 1 < x->n && fa_in(x->w[*b], x->len[*b], ezafe));
	if (!fa_in(x->w[k], x->len[k], p))
		return 0;
	*b = k + 1;
	return 1;
}

/* XP_NP_FA_COMPOUND: the English words Farsi says as a determiner and a
 * light noun (what -> چی کار, everything -> همه چیز, someone -> یه نفر) */
static const struct fa_compound_t {
	const char *const *en, *const *det, *const *noun;
} *fa_compound_of(const char *en)
{
	static const char *const what[] = {"what", "whatever", NULL}, *const chi[] = {"چی", "چه", NULL};
	static const char *const thing_work[] = {"کار", "کاری", "چیز", "چیزی", NULL};
	static const char *const every_thing[] = {"everything", NULL}, *const hame[] = {"همه", NULL};
	static const char *const thing[] = {"چیز", "چیزی", "چی", NULL};
	static const char *const no_thing[] = {"nothing", NULL}, *const hich[] = {"هیچ", NULL};
	static const char *const any_thing[] = {"anything", NULL}, *const har[] = {"هر", NULL};
	static const char *const every_one[] = {"everyone", "everybody", NULL}, *const person[] = {"کس", "کسی", NULL};
	static const char *const no_one[] = {"nobody", NULL}, *const any_one[] = {"anyone", "anybody", NULL};
	static const char *const every_where[] = {"everywhere", NULL}, *const place[] = {"جا", "جایی", NULL};
	static const char *const no_where[] = {"nowhere", NULL}, *const any_where[] = {"anywhere", NULL};
	static const char *const some_thing[] = {"something", NULL}, *const ye[] = {"یه", "یک", NULL};
	static const char *const some_one[] = {"someone", "somebody", NULL}, *const one[] = {"نفر", "کسی", NULL};
	static const char *const some_where[] = {"somewhere", NULL};
	static const struct fa_compound_t t[] = {
		{what, chi, thing_work},      {every_thing, hame, thing}, {no_thing, hich, thing},
		{any_thing, har, thing},      {every_one, hame, person},  {no_one, hich, person},
		{any_one, har, person},       {every_where, hame, place}, {no_where, hich, place},
		{any_where, har, place},      {some_thing, ye, thing_work}, {some_one, ye, one},
		{some_where, ye, place}};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		for (size_t i = 0; t[k].en[i]; i++)
			if (!strcasecmp(en, t[k].en[i]))
				return &t[k];
	return NULL;
}

static int fa_compound(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	/* English says "what", "everything", "someone" in one word, Farsi in a
	 * determiner and a light noun (چی کار "what work", همه چیز "all
	 * thing", یه نفر "one person"), and the corrected files mark both
	 * words.  A span that is the determiner alone takes the noun after it,
	 * only for the English word it translates ("all" is no همه جا).  The
	 * noun belongs to the compound even where another English word is
	 * linked to it: in چی کار می کنی "what are you doing", "doing" is
	 * کار می کنی to the aligner. */
	const struct fa_compound_t *c = x->e == x->s + 1 ? fa_compound_of(x->src[x->s]) : NULL;
	if (!c || *b != *a + 1 || *b >= x->n || !fa_in(x->w[*a], x->len[*a], c->det) ||
	    !fa_in(x->w[*b], x->len[*b], c->noun))
		return 0;
	(*b)++;
	return 1;
}

/* the English mention holds a clause (a relative or an infinitive: "the
 * guy who cries", "the stuff they gave us", "the guts to say"): a word after
 * its first that opens one, or a subject pronoun inside it */
int xp_en_clause_word(const char *w, size_t n)
{
	static const char *const t[] = {"who", "whom", "whose", "which", "that", "where", "when", "to", ",", "i",
					"you", "he", "she", "we", "they", "is", "are", "was", "'s", "'re", "'ve", "'m"};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (strlen(t[k]) == n && !strncasecmp(w, t[k], n))
			return 1;
	return 0;
}

static int en_clause(const xp_np_span *x)
{
	for (uint32_t i = x->s + 1; i < x->e; i++)
		if (xp_en_clause_word(x->src[i], strlen(x->src[i])))
			return 1;
	return 0;
}

static int fa_ra(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	/* را / رو marks a definite object and ends its noun phrase: what follows
	 * it is the verb (کارت اعتباریش رو گذاشته: his credit card is کارت
	 * اعتباریش).  A span that holds one after its first word ends there,
	 * unless the English mention holds a clause (چیزی رو که ... for "that
	 * thing they put ...": the clause belongs to the noun). */
	static const char *const ra[] = {"را", "رو", NULL};
	if (en_clause(x))
		return 0;
	for (uint32_t k = *a + 1; k < *b; k++)
		if (fa_in(x->w[k], x->len[k], ra)) {
			*b = k;
			return 1;
		}
	return 0;
}


/* English words that carry no content a target word could stand for */
static int en_function_word(const char *w)
{
	static const char *const t[] = {"the", "a", "an", "of", "'s", "\xE2\x80\x99s", "to", "in", "on", "at", "for", "with",
					"and", "or", "that", "this", "these", "those", "my", "your", "his", "her", "its",
					"our", "their", "some", "any", "all", "who", "which", "is", "are", "was", "be",
					"'m", "'re", "n't", "do", "does", "did", "just", "so", "very", "really"};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (!strcasecmp(w, t[k]))
			return 1;
	return xp_is_punct(w);
}

/* token k of the span is a piece of a Farsi verb group (prodrop.h), or the
 * verb after a prefix written apart (مي خورم) */
static int fa_verb_form_at(const xp_np_span *x, uint32_t k)
{
	char tok[256];
	if (x->len[k] >= sizeof tok)
		return 0;
	memcpy(tok, x->w[k], x->len[k]), tok[x->len[k]] = 0;
	return xp_fa_verb_form(tok);
}

static int fa_verb_at(const xp_np_span *x, uint32_t k)
{
	static const char *const prefix[] = {"می", "نمی", NULL};
	/* preverbs: a compound verb's particle before its verb (میخ فرو کردیم
	 * for "(we) put the pin in"); no nouns on their own */
	static const char *const preverb[] = {"فرو", "ور", "وا", NULL};
	if (k > 0 && fa_in(x->w[k - 1], x->len[k - 1], prefix))
		return 1;
	if (k + 1 < x->n && fa_in(x->w[k], x->len[k], preverb) && fa_verb_form_at(x, k + 1))
		return 1;
	return fa_verb_form_at(x, k);
}

static int fa_verb_edge(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	/* A noun phrase with no clause neither ends nor begins with a verb:
	 * Farsi is verb-final, so the verb after an object is where the
	 * aligner's links of the noun spill over ("a living" -> امرار معاش چی
	 * کار می کنی, "any contact" -> برخوردی هم داشتید).  A span that is
	 * nothing but a verb group (مي خورم for "a nip", بگیرن for "the spot")
	 * holds no noun phrase at all: the aligner linked the noun to the verb
	 * of its object, and the mention is dropped (null, "filtered"). */
	uint32_t a0 = *a, b0 = *b;
	if (en_clause(x))
		return 0;
	uint32_t k = *a;
	while (k < *b && fa_verb_at(x, k))
		k++;
	if (k == *b) {   /* nothing but a verb: no noun phrase there */
		*b = *a;
		return 1;
	}
	while (*b > *a + 1 && fa_verb_at(x, *b - 1))
		(*b)--;
	while (*b > *a + 1 && fa_verb_at(x, *a))
		(*a)++;
	return *a != a0 || *b != b0;
}

static int fa_clause(const xp_np_span *x, uint32_t a, uint32_t *b)
{
	/* A noun phrase with a relative clause or an infinitive ("the guy that
	 * used to cry", "someone I want you to say hi to") ends with the
	 * clause's verb: Farsi puts it last (اون یارو که ... گریه می کرد).  A
	 * span that stops before a verb group takes it, over tokens no word
	 * outside the mention is linked to.  An empty span (an earlier rule
	 * found no noun phrase there) has no last word to look at, and takes
	 * no verb: a mention of nothing but a verb is what it was emptied of. */
	if (*b <= a || !en_clause(x) || fa_verb_at(x, *b - 1))
		return 0;
	uint32_t k = *b;
	while (k < x->n && k < *b + 3 && !(x->claimed[k] & XP_NP_BY_OTHER) && fa_verb_at(x, k))
		k++;
	if (k == *b)
		return 0;
	*b = k;
	return 1;
}

/* Farsi words that end a noun phrase or stand outside one: the object
 * marker, prepositions, conjunctions, determiners, pronouns, adverbs */
static const char *const fa_np_stop[] = {"را", "رو", "که", "و", "از", "به", "با", "در", "تو", "توی", "برای", "واسه",
					 "هم", "این", "اون", "آن", "یه", "یک", "من", "ما", "شما", "اونا", "او",
					 "چی", "چه", "هر", "ولی", "اما", "یا", "اگه", "اگر", "تا", "پس", "خیلی", "ای", "اینو",
					 "اونو", "بهش", "بهم", "بهت", "مثلا", "باید", "شاید", "الان", "دیگه", "همه", NULL};
/* pieces of the word before, written apart: the ezafe, a lone ZWNJ or RLM */
static const char *const fa_glue[] = {"\xE2\x80\x8C", "\xE2\x80\x8F", NULL};
static const char *const fa_ezafe_tok[] = {"ی", "ي", NULL};

/* token k is punctuation or starts with a digit */
static int fa_punct_or_digit(const xp_np_span *x, uint32_t k)
{
	char tok[256];
	if (x->len[k] >= sizeof tok)
		return 1;
	memcpy(tok, x->w[k], x->len[k]), tok[x->len[k]] = 0;
	return xp_is_punct(tok) || (tok[0] >= '0' && tok[0] <= '9');
}

static int fa_ezafe(const xp_np_span *x, uint32_t *b)
{
	/* Farsi puts a noun's modifiers after it, joined by the ezafe (دختر
	 * مناسب for "the right woman", شیپور کشتی for "a foghorn", نیمه شب for
	 * "midnight"), and the aligner links the head and misses the modifier.
	 * As many tokens after the span as the mention has English content
	 * words no link reaches join it, over tokens no link reaches either;
	 * the ezafe written as a token of its own (ی) joins free.  It stops
	 * where the noun phrase ends in Farsi: punctuation, a verb group, the
	 * object marker, a preposition, a conjunction or a pronoun. */
	if (!x->src_linked || *b >= x->n)
		return 0;
	uint32_t want = 0;
	for (uint32_t i = x->s; i < x->e; i++)
		want += !x->src_linked[i] && !en_function_word(x->src[i]);
	uint32_t k = *b;
	while (want && k < x->n && !x->claimed[k] && !(x->tgt_linked && x->tgt_linked[k])) {
		if (fa_in(x->w[k], x->len[k], fa_ezafe_tok) || fa_in(x->w[k], x->len[k], fa_glue)) {
			k++;
			continue;
		}
		if (fa_punct_or_digit(x, k) || fa_in(x->w[k], x->len[k], fa_np_stop) || fa_verb_at(x, k))
			break;
		k++, want--;
	}
	while (k > *b && (fa_in(x->w[k - 1], x->len[k - 1], fa_ezafe_tok) || fa_in(x->w[k - 1], x->len[k - 1], fa_glue)))
		k--;   /* an ezafe or a joiner with nothing after it */
	if (k == *b)
		return 0;
	*b = k;
	return 1;
}

/* The head of the English noun phrase src[s..e): the last content word
 * before what follows the head (a preposition, a relative or an infinitive,
 * a comma), after a possessor's 's ("God 's sake": sake); UINT32_MAX when
 * it has none or is coordinated ("oregano and a Fresca": two heads). */
static uint32_t en_head(const xp_np_span *x)
{
	/* what ends the head's words: prepositions, relatives, adverbs */
	static const char *const after[] = {"of", "with", "for", "in", "on", "at", "from", "about", "like", "to", "who",
					    "whom", "whose", "which", "that", "where", "when", ",", "back", "out", "up",
					    "down", "away", "off", "too", "again", "here", "there", "now", "then", "else",
					    "ago", NULL};
	/* a head its modifiers follow in English too (something funny) */
	static const char *const first[] = {"something", "anything", "nothing", "everything", "someone", "anyone",
					    "somebody", "anybody", "nobody", "everyone", "everybody", NULL};
	static const char *const coord[] = {"and", "or", "but", NULL};
	uint32_t h = UINT32_MAX;
	for (uint32_t i = x->s; i < x->e; i++) {
		const char *w = x->src[i];
		if (i > x->s && xp_word_in(w, after))
			break;
		if (xp_word_in(w, coord))
			return UINT32_MAX;
		if (xp_word_in(w, first))
			return i;
		if (!strcasecmp(w, "'s") || !strcmp(w, "\xE2\x80\x99s") || !strcmp(w, "'")) {
			h = UINT32_MAX;   /* a possessor: the head comes after it */
			continue;
		}
		if (!en_function_word(w) && strcmp(w, "-"))
			h = i;
	}
	/* "one" stands for a noun said before: no head of its own to find */
	if (h != UINT32_MAX && (!strcasecmp(x->src[h], "one") || !strcasecmp(x->src[h], "ones")))
		return UINT32_MAX;
	return h;
}

/* English personal pronouns: "you guys" has no modifier the head follows */
static const char *const en_personal[] = {"i", "me", "you", "he", "him", "she", "it", "we", "us", "they", "them", NULL};

static int fa_head(const xp_np_span *x, uint32_t *a)
{
	/* Farsi builds a noun phrase head first: the modifiers, the possessor
	 * and the complements follow the head, joined by the ezafe (پسر خوبی
	 * for "a good kid", کلاس ششم for "sixth grade", قضیه " راشل for "the
	 * Rachel thing").  Where no link reaches the English head but another
	 * of the mention's content words made the span, the span holds the
	 * head's dependents and the head is the word just before them: it
	 * joins when no word outside the mention is linked to it and it can be
	 * a noun (no verb group, preposition, pronoun, adverb, interjection,
	 * punctuation, plural suffix written apart).  A quote or an ezafe
	 * written apart between the two joins with it. */
	static const char *const quote[] = {"\"", "\xC2\xAB", "\xC2\xBB", NULL};
	static const char *const not_head[] = {"ها", "های", "اوه", "آه", "آره", "نه", "خب", "آخه", "واقعا", "فقط",
					       "اینم", "اونم", "همشون", "میشه", "نمیشه", "بعد", "قبل", "اولش", "حالا",
					       "بین", "مثل", "بیرون", "یکی", "ـه", NULL};
	if (!x->src_linked || *a == 0 || fa_verb_at(x, *a))
		return 0;   /* (a span that begins with a verb holds no dependents of a noun) */
	uint32_t h = en_head(x);
	if (h == UINT32_MAX || x->src_linked[h])
		return 0;
	int dependent = 0;   /* another content word of the mention has a link */
	for (uint32_t i = x->s; i < x->e && !dependent; i++)
		dependent = i != h && x->src_linked[i] && !en_function_word(x->src[i]) && !xp_word_in(x->src[i], en_personal);
	if (!dependent)
		return 0;
	uint32_t k = *a;
	for (int skip = 0; skip < 2 && k > 0 && !x->claimed[k - 1] &&
			   (fa_in(x->w[k - 1], x->len[k - 1], quote) || fa_in(x->w[k - 1], x->len[k - 1], fa_ezafe_tok) ||
			    fa_in(x->w[k - 1], x->len[k - 1], fa_glue));
	     skip++)
		k--;
	if (k == 0)
		return 0;
	uint32_t j = k - 1;
	if (x->claimed[j] || (x->tgt_linked && x->tgt_linked[j]) || fa_punct_or_digit(x, j) ||
	    fa_in(x->w[j], x->len[j], fa_np_stop) || fa_in(x->w[j], x->len[j], not_head) ||
	    fa_in(x->w[j], x->len[j], quote) || fa_verb_at(x, j))
		return 0;
	*a = j;
	return 1;
}

static int fa_edges(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	/* Farsi puts the possessor after its noun (طرف من, تخت‌ش): a span for
	 * an English "my / your / whose ... X" that begins with a personal
	 * pronoun took the aligner's link of the possessive to another word
	 * (تو طرف منی for "my side": تو is "in" there, تو تختش for "whose
	 * bed"), and the pronoun goes.  And the additive هم ("too", "also")
	 * follows a noun phrase, never ends one (برخوردی هم for "any
	 * contact", شما هم for "you guys"). */
	static const char *const en_poss[] = {"my", "your", "his", "her", "its", "our", "their", "whose", NULL};
	static const char *const personal[] = {"من", "تو", "توی", "ما", "شما", "او", "اونا", "ایشون", NULL};
	static const char *const ham[] = {"هم", NULL}, *const and[] = {"و", NULL};
	/* English words هم stands for: "each other", "together", "too" */
	static const char *const en_ham[] = {"other", "together", "too", "also", "either", "both", "each", NULL};
	uint32_t a0 = *a, b0 = *b;
	if (*b > *a + 1 && xp_word_in(x->src[x->s], en_poss) && fa_in(x->w[*a], x->len[*a], personal) &&
	    !fa_in(x->w[*a + 1], x->len[*a + 1], and))   /* من و همراهم: "me and my partner" */
		(*a)++;
	int said = 0;
	for (uint32_t i = x->s; i < x->e && !said; i++)
		said = xp_word_in(x->src[i], en_ham);
	if (*b > *a + 1 && !said && fa_in(x->w[*b - 1], x->len[*b - 1], ham))
		(*b)--;
	/* a span that is nothing but a function word (an adverb, a conjunction,
	 * a preposition: فقط "only", پس "so", یعنی "means") holds no noun
	 * phrase: the aligner linked the noun to a word beside its translation */
	static const char *const function[] = {"فقط", "پس", "یعنی", "و", "یا", "اما", "ولی", "هم", "خیلی", "الان",
					       "دیگه", "باید", "شاید", "اگه", "اگر", "تا", "از", "به", "با", "در",
					       "برای", "واسه", "را", "رو", "مثلا", "حتی", "هنوز", "اصلا", "واقعا", "آره",
					       "نه", "خب", "اوه", NULL};
	if (*b == *a + 1 && fa_in(x->w[*a], x->len[*a], function))
		*b = *a;
	return *a != a0 || *b != b0;
}

/* English determiners: the Farsi determiner before the noun stands for one
 * of these only (یه for "a", اون for "the"; "the pin" is no یه میخ).  Not
 * "another" (یه ... دیگه: the corrected files leave its یه out) nor "one"
 * (یکی, a word of its own) */
static const char *const en_indef[] = {"a", "an", "some", "something", "anything", "someone", "somebody", NULL};
static const char *const en_def[] = {"the", "this", "that", "these", "those", NULL};

static int en_first(const xp_np_span *x, const char *const *set)
{
	for (size_t k = 0; set[k]; k++)
		if (!strcasecmp(x->src[x->s], set[k]))
			return 1;
	return 0;
}

static int fa_dem_noun(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	/* English "do this / that / it" is Farsi این کار رو کردن, "do this
	 * work", and "that" of a matter or a saying این قضیه, این حرف ("this
	 * matter", "this talk"): the pronoun is a demonstrative and a light
	 * noun (این کارو, اون چیز), and the corrected files mark both.  A span that is the
	 * demonstrative alone takes the noun after it (with its object marker
	 * written on: کارو); as for fa_compound, another English word's link
	 * (do -> کار) does not hold the noun back. */
	static const char *const en[] = {"this", "that", "it", NULL};
	static const char *const dem[] = {"این", "اون", "آن", NULL};
	static const char *const noun[] = {"کار", "کارو", "کارا", "کارها", "چیز", "چیزو", "چیزا", "چیزها", "قضیه", "حرف", "حرفو", "موضوع", "مسئله", "ماجرا", NULL};
	(void)a;
	if (x->e != x->s + 1 || !xp_word_in(x->src[x->s], en) || *b != *a + 1 || *b >= x->n ||
	    !fa_in(x->w[*a], x->len[*a], dem) || !fa_in(x->w[*b], x->len[*b], noun))
		return 0;
	(*b)++;
	return 1;
}

static int fa_repeat(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	/* A subtitle repeats a word the English says once (عزیزم عزیزم for
	 * "Honey", من من for "I": a stammer, a call), and the links of the one
	 * English word reach both: the mention is one of them, and the
	 * corrected files mark the first.  Only for a one-word English mention
	 * over exactly the two tokens (not punctuation: ! !) */
	if (x->e != x->s + 1 || *b != *a + 2 || x->len[*a] != x->len[*a + 1] ||
	    memcmp(x->w[*a], x->w[*a + 1], x->len[*a]) || fa_punct_or_digit(x, *a))
		return 0;
	(*b)--;
	return 1;
}

int xp_np_listed(unsigned k, const char *lang)
{
	if (k < XP_NP_NLISTED)
		return 1;
	return k < 64 && (xp_lang_rule_set(xp_lang_get(lang), XP_RK_NP) & XP_NP_BIT(k)) != 0;
}

/* w[0..n) is one of the NULL-terminated set, in any case (ASCII letters
 * folded: a determiner opening a sentence is capitalised, Die, Le, O) */
static int det_in(const char *w, uint32_t n, const char *const *set)
{
	for (size_t k = 0; set[k]; k++)
		if (strlen(set[k]) == n && !strncasecmp(w, set[k], n))
			return 1;
	return 0;
}

/* XP_NP_DET: the determiner just before the span joins it (np.h) */
static int det_before(const xp_np_span *x, const char *const *dets, uint32_t *a)
{
	if (*a == 0 || det_in(x->w[*a], x->len[*a], dets) || !det_in(x->w[*a - 1], x->len[*a - 1], dets))
		return 0;
	(*a)--;
	return 1;
}

/* a token edge_punct and punct_next take for punctuation: every character
 * of it Unicode punctuation that stands between words (model/tokenize.h
 * XP_PUNCT_CLAUSE: , . ; : ? ! ¿ ¡ ， 。 、 ، ؟ ؛ - — …), not a quotation
 * mark or bracket, which may bound a quoted title the annotation keeps
 * (French gold marks « le moi qui se souvient »: with quotes French lost
 * 0.29 on ParCorFull, Chinese 0.14 on mmc-tune) */
static int edge_punct_tok(const char *w, uint32_t n)
{
	return xp_punct_only(w, n, XP_PUNCT_CLAUSE | XP_PUNCT_NO_QUOTES);
}

/* XP_NP_EDGE_PUNCT: punctuation at the span's ends leaves it (np.h) */
static int edge_punct(const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	uint32_t s = *a, e = *b;
	/* an English mention with punctuation at that end (a clause, an event
	 * antecedent: "... in the title .") keeps it there */
	const char *f = x->src[x->s], *l = x->src[x->e - 1];
	while (s < e && !edge_punct_tok(f, (uint32_t)strlen(f)) && edge_punct_tok(x->w[s], x->len[s]))
		s++;
	while (e > s && !edge_punct_tok(l, (uint32_t)strlen(l)) && edge_punct_tok(x->w[e - 1], x->len[e - 1]))
		e--;
	if (s == e || (s == *a && e == *b))
		return 0;
	*a = s, *b = e;
	return 1;
}

/* XP_NP_POSS_ARTICLE: the one-word span of an English possessive pronoun
 * that is one of the pack's determiners (the possessive sua, seu) takes
 * the determiner before it (a sua, do seu: np.h) */
static int poss_article(const xp_np_span *x, uint32_t *a, const uint32_t *b)
{
	static const char *const poss[] = {"my", "your", "his", "her", "its", "our", "their", NULL};
	const xp_lang_pack *pk = xp_lang_get(x->lang);
	if (*b != *a + 1 || x->e != x->s + 1 || !xp_word_in(x->src[x->s], poss) || !pk->determiners ||
	    !det_in(x->w[*a], x->len[*a], pk->determiners))
		return 0;
	/* det_before's own test, less its refusal of a span that begins with a determiner */
	if (*a == 0 || !det_in(x->w[*a - 1], x->len[*a - 1], pk->determiners) ||
	    (x->claimed && x->claimed[*a - 1]))
		return 0;
	(*a)--;
	return 1;
}

xp_np_mask xp_np_shape(xp_np_mask rules, const xp_np_span *x, uint32_t *a, uint32_t *b)
{
	xp_np_mask did = 0;
	int name = x->name;
	if ((rules & XP_NP_FA_REPEAT) && is_fa(x->lang) && fa_repeat(x, a, b))
		did |= XP_NP_FA_REPEAT;
	/* the rules of any pack that has them: asked of the pack, not of a
	 * language's name */
	xp_np_mask mine = (rules & (XP_NP_DET | XP_NP_EDGE_PUNCT | XP_NP_SHED | XP_NP_PUNCT_NEXT)) ? xp_lang_rule_set(xp_lang_get(x->lang), XP_RK_NP) : 0;
	if ((rules & mine & XP_NP_PUNCT_NEXT) && *b == *a + 1 && *b < x->n && edge_punct_tok(x->w[*a], x->len[*a]) &&
	    !edge_punct_tok(x->w[*b], x->len[*b]))
		(*a)++, (*b)++, did |= XP_NP_PUNCT_NEXT;
	if ((rules & mine & XP_NP_EDGE_PUNCT) && *b > *a && edge_punct(x, a, b))
		did |= XP_NP_EDGE_PUNCT;
	const xp_lang_pack *pk = (rules & mine & XP_NP_SHED) ? xp_lang_get(x->lang) : NULL;
	if (pk && pk->np_shed && !x->pronoun && *b > *a + 1 && det_in(x->w[*a], x->len[*a], pk->np_shed))
		(*a)++, did |= XP_NP_SHED;
	pk = (rules & mine & XP_NP_DET) ? xp_lang_get(x->lang) : NULL;
	if (pk && pk->determiners && !x->pronoun && *b > *a && det_before(x, pk->determiners, a))
		did |= XP_NP_DET;
	if ((rules & XP_NP_POSS_ARTICLE) && x->pronoun &&
	    (xp_lang_rule_set(xp_lang_get(x->lang), XP_RK_NP) & XP_NP_POSS_ARTICLE) && poss_article(x, a, b))
		did |= XP_NP_POSS_ARTICLE;
	if (x->pronoun) {   /* pronouns: lang.h, but for a demonstrative's noun */
		if ((rules & XP_NP_FA_DEM_NOUN) && is_fa(x->lang) && fa_dem_noun(x, a, b))
			did |= XP_NP_FA_DEM_NOUN;
		return did;
	}
	if ((rules & XP_NP_FA_COMPOUND) && is_fa(x->lang) && fa_compound(x, a, b))
		did |= XP_NP_FA_COMPOUND;
	if ((rules & XP_NP_FA_POSSESSOR) && is_fa(x->lang) && fa_possessor(x, b))
		did |= XP_NP_FA_POSSESSOR;
	static const char *const indef[] = {"یه", "یک", NULL};
	static const char *const dem[] = {"این", "اون", "آن", "همین", "همون", NULL};
	/* (for names too: no name begins with an indefinite, and "Something"
	 * at a sentence's start is typed one by its capital) */
	/* a determiner only weak links of other words reach is the aligner's
	 * spare choice for them ("that" -> اون of اون یارو که for "the guy
	 * that"): it joins with fa_weak_det */
	int weak = (rules & XP_NP_FA_WEAK_DET) != 0, got;
	if ((rules & XP_NP_FA_INDEF) && is_fa(x->lang) && en_first(x, en_indef) &&
	    !fa_in(x->w[*a], x->len[*a], indef) && (got = fa_before(x, a, indef, weak)))
		did |= XP_NP_FA_INDEF | (got == 2 ? XP_NP_FA_WEAK_DET : 0);
	if ((rules & XP_NP_FA_DEM) && is_fa(x->lang) && !name && en_first(x, en_def) &&
	    (got = fa_before(x, a, dem, weak)))
		did |= XP_NP_FA_DEM | (got == 2 ? XP_NP_FA_WEAK_DET : 0);
	if ((rules & XP_NP_ZH_NAME) && is_zh(x->lang) && name && zh_name(x, a, b))
		did |= XP_NP_ZH_NAME;
	if ((rules & XP_NP_ZH_COPULA) && is_zh(x->lang) && zh_copula(x, a, b))
		did |= XP_NP_ZH_COPULA;
	if ((rules & XP_NP_ZH_CLASSIFIER) && is_zh(x->lang) && !name && zh_classifier_rule(x, a))
		did |= XP_NP_ZH_CLASSIFIER;
	if ((rules & XP_NP_FA_RA) && is_fa(x->lang) && fa_ra(x, a, b))
		did |= XP_NP_FA_RA;
	if ((rules & XP_NP_FA_HEAD) && is_fa(x->lang) && !name && fa_head(x, a))
		did |= XP_NP_FA_HEAD;
	if ((rules & XP_NP_FA_EDGES) && is_fa(x->lang) && !name && fa_edges(x, a, b))
		did |= XP_NP_FA_EDGES;
	if ((rules & XP_NP_FA_EZAFE) && is_fa(x->lang) && !name && fa_ezafe(x, b))
		did |= XP_NP_FA_EZAFE;
	if ((rules & XP_NP_FA_CLAUSE) && is_fa(x->lang) && !name && fa_clause(x, *a, b))
		did |= XP_NP_FA_CLAUSE;
	if ((rules & XP_NP_FA_VERB_EDGE) && is_fa(x->lang) && !name && fa_verb_edge(x, a, b)) {
		did |= XP_NP_FA_VERB_EDGE;
		/* the verb group shed, the edges are new: a هم before the verb
		 * (برخوردی هم داشتید for "any contact") now ends the span */
		if ((rules & XP_NP_FA_EDGES) && *b > *a && fa_edges(x, a, b))
			did |= XP_NP_FA_EDGES;
	}
	return did;
}

