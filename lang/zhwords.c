/* lang/zhwords.c — Chinese spans on whole jieba words; see zhwords.h. */
#include "zhwords.h"
#include "np.h"
#include "../model/tokenize.h"

#include <stdlib.h>
#include <string.h>

/* c is an ASCII letter or digit (what jieba keeps together as one word) */
static int ascii_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Tokens j - 1 and j were two words of the text: written apart (a blank
 * between them) where both meet in ASCII letters or digits.  jieba keeps a
 * run of ASCII letters and digits as one word, so laid side by side "Joey"
 * "Tribbiani" would be one word (JoeyTribbiani) and a span on the name would
 * grow over both; a blank is a boundary to jieba, and it is given one.  A
 * text written without blanks (MMC's silver: "ok" a character a token)
 * stays one word. */
static int apart(const char *const *w, const uint32_t *len, const uint8_t *blank, uint32_t j)
{
	return blank && j > 0 && blank[j] && len[j - 1] && len[j] && ascii_alnum(w[j - 1][len[j - 1] - 1]) &&
	       ascii_alnum(w[j][0]);
}

int xp_seg_word_starts(xp_zhseg *z, const char *const *w, const uint32_t *len, const uint8_t *blank, uint32_t n,
		      uint8_t *start)
{
	/* the sentence as one string: the words are the text's, not the tokens'
	 * (a space where two Latin words met, see apart()) */
	size_t total = 0;
	for (uint32_t j = 0; j < n; j++)
		total += len[j] + (apart(w, len, blank, j) ? 1 : 0);
	char *s = calloc(total + 1, 1);
	uint8_t *at = malloc(total + 1);
	int rc = s && at ? 0 : -1;
	size_t o = 0;
	for (uint32_t j = 0; !rc && j < n; j++) {
		if (apart(w, len, blank, j))
			s[o++] = ' ';
		memcpy(s + o, w[j], len[j]), o += len[j];
	}
	if (!rc)
		rc = xp_zhseg_cut(z, s, total, at);
	o = 0;
	for (uint32_t j = 0; !rc && j < n; j++) {
		o += apart(w, len, blank, j) ? 1 : 0;
		start[j] = at[o], o += len[j];
	}
	if (!rc)
		start[n] = 1;
	free(s), free(at);
	return rc;
}

int xp_zh_words_snap(const uint8_t *start, uint32_t n, uint32_t *a, uint32_t *b)
{
	uint32_t a0 = *a, b0 = *b;
	while (*a > 0 && !start[*a])
		(*a)--;
	while (*b < n && !start[*b])
		(*b)++;
	return *a != a0 || *b != b0;
}

/* the jieba word beginning at token j: its end */
static uint32_t word_end(const uint8_t *start, uint32_t n, uint32_t j)
{
	uint32_t e = j + 1;
	while (e < n && !start[e])
		e++;
	return e;
}

/* tokens [a, b) spell s */
static int spells(const char *const *w, const uint32_t *len, uint32_t a, uint32_t b, const char *s)
{
	size_t n = strlen(s), o = 0;
	for (uint32_t j = a; j < b; j++) {
		if (o + len[j] > n || memcmp(s + o, w[j], len[j]))
			return 0;
		o += len[j];
	}
	return o == n;
}

/* tokens [a, b) as one string in buf[cap]: its length, 0 if it does not fit */
static size_t word_str(const char *const *w, const uint32_t *len, uint32_t a, uint32_t b, char *buf, size_t cap)
{
	size_t o = 0;
	for (uint32_t j = a; j < b; j++) {
		if (o + len[j] >= cap)
			return 0;
		memcpy(buf + o, w[j], len[j]), o += len[j];
	}
	buf[o] = 0;
	return o;
}

/* the part of speech jieba's dictionary gives the word of tokens [a, b),
 * NULL when it has none (or the word is longer than any of its words) */
static const char *word_tag(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t a, uint32_t b)
{
	char buf[64];
	size_t o = word_str(w, len, a, b, buf, sizeof buf);
	return o ? xp_zhseg_tag(z, buf, o) : NULL;
}

/* the word [a, b) is a noun to jieba's dictionary (n, ns, nr, nz ...) */
static int noun_word(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t a, uint32_t b)
{
	const char *t = word_tag(z, w, len, a, b);
	return t && t[0] == 'n';
}

int xp_zh_de(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
	     uint32_t *a, uint32_t *b)
{
	/* Chinese noun phrases are head-final, modifiers joined by 的: a span
	 * that ends in 的 (a word of its own) lost its head, which the aligner
	 * left unlinked or gave to another word; the noun right after it is
	 * the head (他们送的|东西 for "the stuff they gave us") */
	if (*b >= n || *b < *a + 2 || !start[*b - 1] || !spells(w, len, *b - 1, *b, "的") || !start[*b])
		return 0;
	uint32_t e = word_end(start, n, *b);
	if (!noun_word(z, w, len, *b, e))   /* punctuation is no noun */
		return 0;
	*b = e;
	return 1;
}

/* a token of [a, b) is held by a mention (held: NULL for none) */
static int any_held(const uint8_t *held, uint32_t a, uint32_t b)
{
	for (uint32_t j = a; held && j < b; j++)
		if (held[j])
			return 1;
	return 0;
}

/* tokens [a, b) are punctuation (as one string) */
static int punct_word(const char *const *w, const uint32_t *len, uint32_t a, uint32_t b)
{
	char buf[64];
	return word_str(w, len, a, b, buf, sizeof buf) && xp_is_punct(buf);
}

int xp_zh_de_end(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		 uint32_t *a, uint32_t *b)
{
	/* [span]的 with nothing after it in its phrase (punctuation, the copula,
	 * the sentence's end) is a noun phrase whose head is left out: 的
	 * nominalises it (金发的 "the blond one", 说点好笑的 "something funny"),
	 * and it belongs to the phrase */
	if (*b <= *a || *b >= n || !start[*b] || !spells(w, len, *b, *b + 1, "的") || !start[*b + 1])
		return 0;
	/* a noun before it has its head: the 的 ends the clause (the modal 的
	 * of 我会戴手套的 "I'll wear gloves"), it is no nominaliser */
	uint32_t s = *b - 1;
	while (s > *a && !start[s])
		s--;
	const char *t = word_tag(z, w, len, s, *b);
	if (t && (t[0] == 'n' || t[0] == 'r'))
		return 0;
	/* nor after a degree adverb: 挺大的, 很愉快的 are predicates (it was a
	 * big one), the 的 the sentence's */
	static const char *const degree[] = {"挺", "很", "太", "真", "超", "非常", "特别", "蛮", NULL};
	for (uint32_t k = *a > 0 ? *a - 1 : *a; k < *b; k = word_end(start, n, k)) {
		uint32_t e = word_end(start, n, k);
		for (size_t q = 0; degree[q]; q++)
			if (start[k] && spells(w, len, k, e, degree[q]))
				return 0;
		/* or glued to its adjective in one word the dictionary lacks (挺大, 超棒) */
		if (start[k] && e > k && (spells(w, len, k, k + 1, "挺") || spells(w, len, k, k + 1, "超")) &&
		    (!(t = word_tag(z, w, len, k, e)) || t[0] == 'a'))
			return 0;
	}
	uint32_t e = *b + 1;
	if (e < n) {
		uint32_t f = word_end(start, n, e);
		if (!punct_word(w, len, e, f) && !spells(w, len, e, f, "是"))
			return 0;
	}
	*b = e;
	return 1;
}

int xp_zh_measure(const char *const *w, const uint32_t *len, const uint8_t *start, const uint8_t *held, uint32_t *a)
{
	/* the jieba words before the span spelling a measure word: two (一|个,
	 * which a bare 个 would cut in half) or one (一个, 个 of 是|个) */
	char buf[64];
	if (*a == 0)
		return 0;
	uint32_t p = *a - 1;
	while (p > 0 && !start[p])
		p--;
	for (int words = 2; words >= 1; words--) {
		uint32_t q = p;
		if (words == 2) {
			if (p == 0)
				continue;
			for (q = p - 1; q > 0 && !start[q]; q--)
				;
		}
		size_t m = word_str(w, len, q, *a, buf, sizeof buf);
		if (m && xp_zh_measure_word(buf, (uint32_t)m) && !any_held(held, q, *a)) {
			*a = q;
			return 1;
		}
	}
	return 0;
}

int xp_zh_head(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
	       const uint8_t *held, uint32_t *a, uint32_t *b)
{
	/* a span that ends in a measure word (这件, 一个, 那些) stops before its
	 * noun: Chinese puts the head last, after the classifier; the noun right
	 * after it joins (这件|事 for "that part").  One that ends in a
	 * determiner written apart from its classifier (另|一件|事 "another
	 * thing", 每|个|人) lacks both: they join, the measure word and the noun
	 * after it. */
	static const char *const det[] = {"另", "这", "那", "某", "每", "各", "其他", NULL};
	char buf[64];
	if (*b <= *a || *b >= n || !start[*b])
		return 0;
	uint32_t s = *b - 1;
	while (s > *a && !start[s])
		s--;
	uint32_t h = *b;   /* where the head noun begins */
	for (size_t k = 0; det[k] && h == *b; k++)
		if (spells(w, len, s, *b, det[k])) {
			uint32_t q = word_end(start, n, *b);
			size_t mq = word_str(w, len, *b, q, buf, sizeof buf);
			if (!mq || !xp_zh_measure_word(buf, (uint32_t)mq) || q >= n || any_held(held, *b, q))
				return 0;
			h = q;
		}
	if (h == *b) {
		size_t m = word_str(w, len, s, *b, buf, sizeof buf);
		if (!m || !xp_zh_measure_word(buf, (uint32_t)m))
			return 0;
	}
	uint32_t e = word_end(start, n, h);
	if (!noun_word(z, w, len, h, e) || any_held(held, h, e))
		return 0;   /* a noun of its own mention: 九条|裤子 for "nine pairs" of "pants" */
	*b = e;
	return 1;
}

int xp_zh_locative(const char *const *w, const uint32_t *len, const uint8_t *start, uint32_t *a, uint32_t *b)
{
	/* a localiser after a noun makes a place or a time of it (沙发|上 "on
	 * the couch", 世界|中 "in the world", 失调|时 "when ... fails"): the
	 * noun phrase is the noun, the localiser the preposition's other half
	 * (在 ... 上), outside the mention in the corrected files and the
	 * silver alike (13 to 5 on mmc-tune, 116 to 2 on MMC dev; not 上面,
	 * "on top of", which they keep as often as not) */
	static const char *const loc[] = {"上", "中", "里", "下", "内", "外", "时", "里面", "身上", "之中", "之间", NULL};
	if (*b <= *a + 1)
		return 0;
	uint32_t s = *b - 1;
	while (s > *a && !start[s])
		s--;
	if (s <= *a)
		return 0;   /* the localiser alone: nothing else to keep */
	for (size_t k = 0; loc[k]; k++)
		if (spells(w, len, s, *b, loc[k])) {
			*b = s;
			return 1;
		}
	return 0;
}

int xp_zh_verb_tail(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		    uint32_t *a, uint32_t *b)
{
	/* A Chinese noun phrase ends in its head noun, and the verb of the
	 * clause follows its subject or its 用 / 从 phrase: 用望远镜|偷看 "to peep
	 * with a telescope", 从窗子|爬出去 "to climb out of the window".  The
	 * aligner spills the noun's links onto that verb; a span ending in a
	 * verb right after a noun holds it.  A 的 after the span makes the
	 * "verb" a modifier or a noun of the phrase (鸡肉|派|的|酥皮: 派 "pie"
	 * is a verb to the dictionary), which stays. */
	uint32_t b0 = *b;
	if (*b <= *a || *b > n || (*b < n && start[*b] && spells(w, len, *b, *b + 1, "的")))
		return 0;
	for (;;) {
		uint32_t s = *b - 1;   /* the last word's start */
		while (s > *a && !start[s])
			s--;
		if (s <= *a)
			break;   /* the verb alone: no noun to keep */
		const char *t = word_tag(z, w, len, s, *b);
		if (!t || t[0] != 'v' || !strcmp(t, "vn"))
			break;
		uint32_t p = s - 1;   /* the word before it */
		while (p > *a && !start[p])
			p--;
		if (!noun_word(z, w, len, p, s))
			break;
		*b = s;
	}
	return *b != b0;
}

/* the word [a, b) is, to jieba's dictionary, a verb or a function word
 * (adverb, preposition, conjunction, particle, modal particle): no part of
 * a name */
static int not_in_name(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t a, uint32_t b)
{
	static const char *const tags[] = {"v", "vd", "d", "p", "c", "u", "ul", "uj", "uz", "ug", "uv", "ud", "y", NULL};
	const char *t = word_tag(z, w, len, a, b);
	for (size_t k = 0; t && tags[k]; k++)
		if (!strcmp(t, tags[k]))
			return 1;
	return 0;
}

int xp_zh_name_trim(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		    uint32_t *a, uint32_t *b)
{
	uint32_t a0 = *a, b0 = *b;
	if (*b <= *a || *b > n)   /* no span: nothing to trim (the right edge's walk starts at *b - 1) */
		return 0;
	for (;;) {   /* from the left, while a word remains */
		uint32_t e = word_end(start, n, *a);
		if (e >= *b || !not_in_name(z, w, len, *a, e))
			break;
		*a = e;
	}
	for (;;) {   /* from the right */
		uint32_t s = *b - 1;
		while (s > *a && !start[s])
			s--;
		if (s <= *a || !not_in_name(z, w, len, s, *b))
			break;
		*b = s;
	}
	return *a != a0 || *b != b0;
}

/* a tag of no word a noun phrase ends in (zhwords.h) */
static int edge_tag(const char *t)
{
	static const char lead[] = "vadpcufy";
	return t && t[0] && strchr(lead, t[0]) && strcmp(t, "vn") && strcmp(t, "an");
}

unsigned xp_zh_edge_words(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
			  uint32_t a, uint32_t b)
{
	if (a >= b || b > n)
		return 0;
	uint32_t s = b - 1;   /* the last word's start */
	while (s > a && !start[s])
		s--;
	unsigned e = edge_tag(word_tag(z, w, len, s, b)) ? XP_ZH_EDGE_LAST : 0;
	if (a > 0) {
		uint32_t p = a - 1;
		while (p > 0 && !start[p])
			p--;
		e |= noun_word(z, w, len, p, a) ? XP_ZH_NOUN_BEFORE : 0;
	}
	if (b < n)
		e |= noun_word(z, w, len, b, word_end(start, n, b)) ? XP_ZH_NOUN_AFTER : 0;
	return e;
}

int xp_zh_clause_head(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		      uint32_t *a, uint32_t *b)
{
	/* A Chinese relative clause comes before its head, joined by 的 ([暂时
	 * 拦置一旁]的[事] "that thing they put over here"): the aligner links
	 * the clause's words and leaves the head, a light noun the English says
	 * with "thing", "one", "guy", to no one or to another word.  A span
	 * that stops before 的 + noun takes both. */
	(void)a;
	if (*b + 1 >= n || !start[*b] || !spells(w, len, *b, *b + 1, "的") || !start[*b + 1])
		return 0;
	uint32_t e = word_end(start, n, *b + 1);
	if (!noun_word(z, w, len, *b + 1, e))
		return 0;
	*b = e;
	return 1;
}

int xp_zh_weak_lead(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
		    uint32_t lead, int counting, uint32_t *a, uint32_t *b)
{
	/* A Chinese noun phrase is its modifiers, a measure word and the head
	 * noun, last.  Before it stands the clause it is part of: the verb or
	 * the preposition that governs it (在|宠物 "their pets" of "when their
	 * pets pass on", 摆出|姿势 "a pose", 吃|晚餐 "a dinner thing").  The
	 * aligner reaches those from the noun or its determiner, weakly; a
	 * modifier, linked as weakly ("most overpriced" -> 最贵), is a noun, an
	 * adjective, a pronoun or ends in 的, and stays. */
	if (lead <= *a || lead >= *b)
		return 0;
	uint32_t s = lead;   /* the start of the jieba word holding lead */
	while (s > *a && !start[s])
		s--;
	if (s <= *a)
		return 0;
	for (uint32_t k = *a; k < s; k = word_end(start, n, k)) {
		uint32_t e = word_end(start, n, k);
		const char *t = word_tag(z, w, len, k, e);
		if (!t || !t[0])
			return 0;   /* no word of the dictionary: a name's piece, a modifier */
		if (t[0] == 'm' || t[0] == 'q') {
			/* a measure word stands for "a", "this", "two" (XP_NP_ZH_MEASURE
			 * joins it); without one it counts another phrase (最后|一班|地铁
			 * "the last train") */
			if (counting)
				return 0;
			continue;
		}
		if (!strchr("vpdc", t[0]) || !strcmp(t, "vn"))
			return 0;
		/* a degree adverb modifies the adjective after it: 最|伟大 */
		if (t[0] == 'd' && e < n) {
			const char *u = word_tag(z, w, len, e, word_end(start, n, e));
			if (u && u[0] == 'a')
				return 0;
		}
	}
	*a = s;
	return 1;
}

int xp_zh_particles_only(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start,
			 uint32_t a, uint32_t b)
{
	if (b <= a || b > n)
		return 0;
	for (uint32_t k = a; k < b; k = word_end(start, n, k)) {
		const char *t = word_tag(z, w, len, k, word_end(start, n, k));
		if (!t || t[0] != 'u')
			return 0;
	}
	return 1;
}
