/* tests/unit/test_zhseg.c — jieba's words (model/zhseg.h) on a hand-made
 * model (tests/fixtures/zhseg: a dictionary of 28 words and a small HMM in
 * jieba's file layout), and the zh_words rule (lang/zhwords.h) that
 * grows spans to them. */
#include "testutil.h"
#include "model/zhseg.h"
#include "lang/np.h"
#include "lang/zhwords.h"

static xp_zhseg *open_fixture(void)
{
	xp_zhseg *z = NULL;
	xp_err e = {0};
	int rc = xp_zhseg_open(FIX("zhseg"), &z, &e);
	if (rc)
		fail_msg("%s:%lu: %s", e.file, e.line, e.msg);
	return z;
}

/* the words of s, joined by '/' */
static void cut(xp_zhseg *z, const char *s, const char *want)
{
	size_t n = strlen(s);
	uint8_t start[256];
	char got[512];
	size_t k = 0;
	assert_true(n < sizeof start);
	assert_int_equal(xp_zhseg_cut(z, s, n, start), 0);
	assert_int_equal(start[n], 1);
	for (size_t i = 0; i < n; i++) {
		if (start[i] && i)
			got[k++] = '/';
		got[k++] = s[i];
	}
	got[k] = 0;
	assert_string_equal(got, want);
}

static void test_dictionary(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* the path of highest frequency: 中国 100 x 人民 80 beats 中国人 30 x 民 (none) */
	cut(z, "中国人民", "中国/人民");
	/* a word the dictionary has whole stays whole (ICU: 梦中|情人, 格拉巴|酒) */
	cut(z, "梦中情人", "梦中情人");
	cut(z, "格拉巴酒", "格拉/巴酒");
	/* ASCII letters and digits are cut with the dictionary (T恤); digits the
	 * dictionary does not know are one word; punctuation is a word alone */
	cut(z, "我有25美分", "我/有/25/美分");
	cut(z, "我的T恤，中国", "我/的/T恤/，/中国");
	/* a run of single characters that is a word of the dictionary said twice */
	cut(z, "罗伯罗伯", "罗伯/罗伯");
	cut(z, "", "");
	xp_zhseg_free(z);
}

static void test_hmm(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* characters no word holds go through the HMM: B M E is one word (a
	 * transliterated name), B E then S two */
	cut(z, "瑞斯加", "瑞斯加");
	cut(z, "乔伊说", "乔伊/说");
	/* after a word of two characters (the single-character words 我 的 would
	 * join the run: the HMM cuts them too, as jieba's does) */
	cut(z, "中国瑞斯加", "中国/瑞斯加");
	xp_zhseg_free(z);
}

static void test_files(void **st)
{
	(void)st;
	xp_zhseg *z = (xp_zhseg *)1;
	xp_err e = {0};
	assert_int_equal(xp_zhseg_open(FIX("no-such-dir"), &z, &e), XP_ENOTFOUND);
	assert_null(z);
	/* a count that is no number: the file and its line */
	static const char *const name[4] = {"d.txt", "s.py", "t.py", "e.py"};
	const char *text[4] = {"中国 100 ns\n人民 eighty n\n", "P={'B': -0.3, 'S': -1.4}",
			       "P={'B': {'E': -0.5}, 'E': {'B': -0.6}}", "P={'B': {'\\u745e': -1.0}}"};
	size_t len[4];
	for (int k = 0; k < 4; k++)
		len[k] = strlen(text[k]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	assert_string_equal(e.file, "d.txt");
	assert_int_equal(e.line, 2);
	assert_null(z);
	/* the same files well-formed */
	text[0] = "中国 100 ns\n人民 80 n\n", len[0] = strlen(text[0]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), 0);
	cut(z, "中国人民", "中国/人民");
	xp_zhseg_free(z);
	/* a state of the HMM that is none of B, M, E, S (the error names its line) */
	text[3] = "P={'B': {'\\u745e': -1.0},\n 'Q': {'\\u745e': -1.0}}", len[3] = strlen(text[3]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	assert_string_equal(e.file, "e.py");
	assert_int_equal(e.line, 2);
	/* no P= at all */
	text[3] = "{}", len[3] = 2;
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	/* numbers out of range: a log probability that is no finite number,
	 * a \u escape that is not four hex digits */
	text[3] = "P={'B': {'\\u745e': -1e999}}", len[3] = strlen(text[3]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	assert_string_equal(e.file, "e.py");
	text[3] = "P={'B': {'\\u-745': -1.0}}", len[3] = strlen(text[3]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	text[3] = "P={'B': {'\\u745e': -1.0}}", len[3] = strlen(text[3]);
	/* dict.txt: a count past 2^53 (alone, or the sum), a runaway word */
	text[0] = "中国 100 ns\n人民 99999999999999999999999 n\n", len[0] = strlen(text[0]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	assert_string_equal(e.file, "d.txt");
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "out of range"));
	text[0] = "中国 9007199254740000 ns\n人民 9007199254740000 n\n", len[0] = strlen(text[0]);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	char big[300];
	memset(big, 'x', 200);
	snprintf(big + 200, sizeof big - 200, " 1 n\n");
	text[0] = big, len[0] = strlen(big);
	assert_int_equal(xp_zhseg_parse(text, len, name, &z, &e), XP_EINPUT);
	assert_int_equal(e.line, 1);
	assert_non_null(strstr(e.msg, "longer than"));
	assert_null(z);
	xp_zhseg_free(NULL);
}

/* a sentence of space-separated tokens, split, with jieba's word starts;
 * "_" stands for a blank of the text before the next token */
typedef struct toks {
	char buf[256];
	const char *w[64];
	uint32_t len[64], n;
	uint8_t blank[64], start[65];
} toks;

static void split(xp_zhseg *z, const char *chars, toks *t)
{
	t->n = 0;
	int gap = 0;
	snprintf(t->buf, sizeof t->buf, "%s", chars);
	for (char *p = strtok(t->buf, " "); p; p = strtok(NULL, " ")) {
		if (!strcmp(p, "_")) {
			gap = 1;
			continue;
		}
		t->blank[t->n] = (uint8_t)gap, gap = 0;
		t->w[t->n] = p, t->len[t->n] = (uint32_t)strlen(p), t->n++;
	}
	assert_int_equal(xp_seg_word_starts(z, t->w, t->len, t->blank, t->n, t->start), 0);
}

/* the rule on characters, as project --chars writes them */
static void snap(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int grew, uint32_t wa, uint32_t wb)
{
	toks t;
	split(z, chars, &t);
	assert_int_equal(t.start[t.n], 1);
	assert_int_equal(xp_zh_words_snap(t.start, t.n, &a, &b), grew);
	assert_int_equal(a, wa);
	assert_int_equal(b, wb);
}

static void test_snap(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* "Paolo's grappa" -> 保罗的格拉巴 from ICU's 格拉巴|酒: jieba's word is 巴酒 */
	snap(z, "格 拉 巴 酒", 0, 3, 1, 0, 4);
	/* "the right woman" -> 梦中 (ICU): the word is 梦中情人 */
	snap(z, "我 的 梦 中 情 人", 2, 4, 1, 2, 6);
	/* an edge inside a word on the left too */
	snap(z, "瑞 斯 加 说", 1, 3, 1, 0, 3);
	/* spans on word edges stay */
	snap(z, "中 国 人 民", 2, 4, 0, 2, 4);
	snap(z, "中 国 人 民", 0, 4, 0, 0, 4);
	/* the tokens may be longer than a character (ICU words) */
	snap(z, "我 梦中 情人", 1, 2, 1, 1, 3);
	/* Latin words the text writes apart stay apart (jieba would make
	 * JoeyTribbiani one word, and a span on Joey would grow over the
	 * surname), on words and on characters alike ... */
	snap(z, "我 叫 Joey _ Tribbiani", 2, 3, 0, 2, 3);
	snap(z, "我 叫 J o e y _ T r i b b i a n i", 2, 6, 0, 2, 6);
	snap(z, "我 叫 Joey _ 2", 2, 3, 0, 2, 3);
	/* ... and without the blank they are one word: a word written a
	 * character a token (MMC's silver writes "ok" so), or glued */
	snap(z, "我 叫 Joey Tribbiani", 2, 3, 1, 2, 4);
	snap(z, "我 说 o k 了", 2, 3, 1, 2, 4);
	snap(z, "我 有 2 5 美 分", 2, 3, 1, 2, 4);
	/* a blank between Han characters is left to the dictionary */
	snap(z, "梦 中 _ 情 人", 0, 2, 1, 0, 4);
	xp_zhseg_free(z);
}

/* zh_de on jieba's words: a span ending in 的 takes the noun after it;
 * zh_de_end: a nominalising 的 after the span joins it (rule: either) */
typedef int (*grow_fn)(xp_zhseg *, const char *const *, const uint32_t *, uint32_t, const uint8_t *, uint32_t *,
		       uint32_t *);
static void grow(grow_fn rule, xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int grew, uint32_t wb)
{
	toks t;
	split(z, chars, &t);
	uint32_t a0 = a;
	assert_int_equal(rule(z, t.w, t.len, t.n, t.start, &a, &b), grew);
	assert_int_equal(a, a0);
	assert_int_equal(b, wb);
}

static void de(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int grew, uint32_t wb)
{
	grow(xp_zh_de, z, chars, a, b, grew, wb);
}

static void test_de(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* the dictionary's parts of speech */
	assert_string_equal(xp_zhseg_tag(z, "中国", strlen("中国")), "ns");
	assert_string_equal(xp_zhseg_tag(z, "情人", strlen("情人")), "n");
	assert_null(xp_zhseg_tag(z, "梦中情", strlen("梦中情")));   /* a prefix only */
	assert_null(xp_zhseg_tag(z, "乔伊", strlen("乔伊")));
	/* 我的 + 情人 (a noun): the head joins */
	de(z, "我 的 情 人 ，", 0, 2, 1, 4);
	/* a verb, punctuation or the end after 的: no head to take */
	de(z, "我 的 有", 0, 2, 0, 2);
	de(z, "我 的 ，", 0, 2, 0, 2);
	de(z, "我 的", 0, 2, 0, 2);
	/* 的 alone is no phrase; a span not ending in 的 stays */
	de(z, "我 的 情 人", 1, 2, 0, 2);
	de(z, "中 国 人 民", 0, 2, 0, 2);
	xp_zhseg_free(z);
}

static void de_end(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int grew, uint32_t wb)
{
	grow(xp_zh_de_end, z, chars, a, b, grew, wb);
}

static void test_de_end(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* 有的 before punctuation, 是, or the end: 的 makes it a noun phrase (金发的是 "the blond is") */
	de_end(z, "有 的 ，", 0, 1, 1, 2);
	de_end(z, "有 的 是 我", 0, 1, 1, 2);
	de_end(z, "有 的", 0, 1, 1, 2);
	/* a word after 的 is its head (zh_de's business), not the phrase's end */
	de_end(z, "有 的 中 国", 0, 1, 0, 1);
	/* a noun (n) or a pronoun (r) before it has its head or is one: the
	 * modal 的 of 我会戴手套的, 来这儿的 */
	de_end(z, "情 人 的 ，", 0, 2, 0, 2);
	de_end(z, "我 的", 0, 1, 0, 1);
	/* a degree adverb makes it a predicate: 很 有 的 (很 is no word of the fixture: an HMM single) */
	de_end(z, "很 有 的", 1, 2, 0, 2);
	/* no 的, or the span at the sentence's end */
	de_end(z, "有 中 国", 0, 1, 0, 1);
	de_end(z, "有", 0, 1, 0, 1);
	xp_zhseg_free(z);
}

/* zh_measure: the measure word before the span joins it; zh_head: a span
 * ending in one takes the noun after it */
static void measure(xp_zhseg *z, const char *chars, const uint8_t *held, uint32_t a, int grew, uint32_t wa)
{
	toks t;
	split(z, chars, &t);
	assert_int_equal(xp_zh_measure(t.w, t.len, t.start, held, &a), grew);
	assert_int_equal(a, wa);
}

static void head(xp_zhseg *z, const char *chars, const uint8_t *held, uint32_t a, uint32_t b, int grew, uint32_t wb)
{
	toks t;
	split(z, chars, &t);
	uint32_t a0 = a;
	assert_int_equal(xp_zh_head(z, t.w, t.len, t.n, t.start, held, &a, &b), grew);
	assert_int_equal(a, a0);
	assert_int_equal(b, wb);
}

static void test_measure(void **st)
{
	(void)st;
	/* what a measure word is: classifiers after numerals or demonstratives,
	 * at most three characters; 个 位 种 些 alone */
	assert_true(xp_zh_measure_word("一个", strlen("一个")));
	assert_true(xp_zh_measure_word("这位", strlen("这位")));
	assert_true(xp_zh_measure_word("两瓶", strlen("两瓶")));
	assert_true(xp_zh_measure_word("个", strlen("个")));
	assert_false(xp_zh_measure_word("瓶", strlen("瓶")));   /* a bottle, not a classifier alone */
	assert_false(xp_zh_measure_word("有个", strlen("有个")));
	assert_false(xp_zh_measure_word("这一个人", strlen("这一个人")));
	assert_false(xp_zh_measure_word("", 0));
	/* the English that Chinese says with one */
	assert_true(xp_en_counting_det("a", 1));
	assert_true(xp_en_counting_det("These", 5));
	assert_true(xp_en_counting_det("3", 1));
	assert_false(xp_en_counting_det("the", 3));
	assert_true(xp_en_counting_det("an apple", 2));   /* the word's length counts, not the string's */
	assert_false(xp_en_counting_det("anyway", 6));
	xp_zhseg *z = open_fixture();
	/* 是个|情人 ("a lover"): the bare 个 joins; 一个 (one word or two) too */
	measure(z, "是 个 情 人", NULL, 2, 1, 1);
	measure(z, "一 个 情 人", NULL, 2, 1, 0);
	/* ... unless another mention holds it; no measure word, no change */
	uint8_t held[8] = {0, 1, 0, 0};
	measure(z, "是 个 情 人", held, 2, 0, 2);
	measure(z, "我 情 人", NULL, 1, 0, 1);
	measure(z, "情 人", NULL, 0, 0, 0);
	/* 这个 + 情人 (a noun): the head joins, unless it is another mention's
	 * (九条|裤子 for "nine pairs", "pants" a mention of its own) */
	head(z, "这 个 情 人 ，", NULL, 0, 2, 1, 4);
	uint8_t held2[8] = {0, 0, 1, 1, 0};
	head(z, "这 个 情 人 ，", held2, 0, 2, 0, 2);
	/* a verb after it, or a span ending in no measure word: no change */
	head(z, "这 个 有", NULL, 0, 2, 0, 2);
	head(z, "我 的 情 人", NULL, 0, 2, 0, 2);
	head(z, "这 个", NULL, 0, 2, 0, 2);
	/* a determiner apart from its classifier (另|一件|情人 "another lover"):
	 * the measure word and the noun join; not without a measure word, nor
	 * with no noun after it, nor where a mention holds the measure word */
	head(z, "另 一 件 情 人 ，", NULL, 0, 1, 1, 5);
	head(z, "另 情 人", NULL, 0, 1, 0, 1);
	head(z, "另 一 件 有", NULL, 0, 1, 0, 1);
	uint8_t held3[8] = {0, 1, 1, 0, 0, 0};
	head(z, "另 一 件 情 人 ，", held3, 0, 1, 0, 1);
	xp_zhseg_free(z);
}

/* zh_locative: a localiser after the noun leaves the noun phrase */
static void locative(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int did, uint32_t wb)
{
	toks t;
	split(z, chars, &t);
	uint32_t a0 = a;
	assert_int_equal(xp_zh_locative(t.w, t.len, t.start, &a, &b), did);
	assert_int_equal(a, a0);
	assert_int_equal(b, wb);
}


static void test_locative(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	locative(z, "情 人 中", 0, 3, 1, 2);       /* 情人|中 "among lovers": the noun */
	locative(z, "情 人 时", 0, 3, 1, 2);
	locative(z, "情 人 中", 2, 3, 0, 3);       /* the localiser alone: left to the other rules */
	locative(z, "中 国", 0, 2, 0, 2);          /* 中 of the word 中国 is no localiser */
	locative(z, "情 人", 0, 2, 0, 2);
	xp_zhseg_free(z);
}

/* a rule that trims a span's edges on jieba's words (zh_name_trim,
 * zh_verb_tail): whether it did, and the span it leaves */
typedef int edge_rule(xp_zhseg *, const char *const *, const uint32_t *, uint32_t, const uint8_t *, uint32_t *,
		      uint32_t *);
static void trimmed(edge_rule *f, xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int did, uint32_t wa,
		  uint32_t wb)
{
	toks t;
	split(z, chars, &t);
	assert_int_equal(f(z, t.w, t.len, t.n, t.start, &a, &b), did);
	assert_int_equal(a, wa);
	assert_int_equal(b, wb);
}

/* zh_name_trim: a name's span loses the verbs and function words at its edges */
static void trim(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int did, uint32_t wa, uint32_t wb)
{
	trimmed(xp_zh_name_trim, z, chars, a, b, did, wa, wb);
}

/* zh_verb_tail: a verb after the noun leaves the noun phrase */
static void verb_tail(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int did, uint32_t wb)
{
	trimmed(xp_zh_verb_tail, z, chars, a, b, did, a, wb);
}

/* zh_clause_head: a clause's span takes 的 and its head noun */
static void clause_head(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int did, uint32_t wb)
{
	trimmed(xp_zh_clause_head, z, chars, a, b, did, a, wb);
}

/* zh_weak_lead: the words before the span's strongly linked token lead
 * (counting: the English has a determiner a measure word stands for) */
static void weak_lead(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, uint32_t lead, int counting, int did,
		      uint32_t wa)
{
	toks t;
	split(z, chars, &t);
	uint32_t b0 = b;
	assert_int_equal(xp_zh_weak_lead(z, t.w, t.len, t.n, t.start, lead, counting, &a, &b), did);
	assert_int_equal(a, wa);
	assert_int_equal(b, b0);
}

static void test_weak_lead(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	weak_lead(z, "在 宠 物", 0, 3, 1, 0, 1, 1);          /* 在|宠物 "their pets": the preposition goes */
	weak_lead(z, "过 世 宠 物", 0, 4, 2, 0, 1, 2);       /* a verb */
	weak_lead(z, "在 宠 物", 0, 3, 2, 0, 1, 1);          /* lead inside a word: the word's start */
	weak_lead(z, "有 在 宠 物", 0, 4, 2, 0, 1, 2);       /* two words, both of the clause */
	weak_lead(z, "我 宠 物", 0, 3, 1, 0, 0, 0);          /* a pronoun, a possessor: kept */
	weak_lead(z, "中 国 宠 物", 0, 4, 2, 0, 0, 0);       /* a noun modifier */
	weak_lead(z, "有 的 宠 物", 0, 4, 2, 0, 0, 0);       /* a clause with 的: a modifier */
	weak_lead(z, "最 伟 大 宠 物", 0, 5, 3, 0, 0, 0);    /* an adjective */
	weak_lead(z, "最 伟 大", 0, 3, 1, 0, 0, 0);          /* a degree adverb before its adjective */
	weak_lead(z, "瑞 斯 加 宠 物", 0, 5, 3, 0, 0, 0);    /* no word of the dictionary (a name's piece) */
	weak_lead(z, "一 瓶 宠 物", 0, 4, 2, 0, 1, 2);       /* a measure word without "a", "one", "this" */
	weak_lead(z, "一 瓶 宠 物", 0, 4, 2, 1, 0, 0);       /* with one: zh_measure's */
	weak_lead(z, "在 宠 物", 0, 3, 0, 0, 0, 0);          /* the first token strong: nothing before it */
	weak_lead(z, "在 宠 物", 1, 3, 0, 0, 0, 1);          /* lead outside the span */
	xp_zhseg_free(z);
}

/* zh_particle: a span of particles alone */
static void particles(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b, int want)
{
	toks t;
	split(z, chars, &t);
	assert_int_equal(xp_zh_particles_only(z, t.w, t.len, t.n, t.start, a, b), want);
}

static void test_particle(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	particles(z, "我 得 过 世 了", 1, 2, 1);   /* 得 */
	particles(z, "我 得 过 世 了", 4, 5, 1);   /* 了 */
	particles(z, "有 的 了", 1, 3, 1);         /* 的 了 */
	particles(z, "我 得 过 世 了", 1, 4, 0);   /* 得 过世: a verb in it */
	particles(z, "我 的 宠 物", 0, 2, 0);      /* 我的: a pronoun */
	particles(z, "瑞 斯 加", 0, 3, 0);         /* no word of the dictionary */
	particles(z, "我 的", 1, 1, 0);            /* no span */
	xp_zhseg_free(z);
}

static void test_clause_head(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	clause_head(z, "我 有 的 情 人 ，", 0, 2, 1, 5);   /* [我有]的[情人] "the lover I have" */
	clause_head(z, "我 有 的 ，", 0, 2, 0, 2);         /* no noun after 的 */
	clause_head(z, "我 有 的", 0, 2, 0, 2);
	clause_head(z, "我 有 情 人", 0, 2, 0, 2);          /* no 的 */
	clause_head(z, "我 有 的 有", 0, 2, 0, 2);          /* a verb after it */
	xp_zhseg_free(z);
}

static void test_name_trim(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* 有 (v) before and 的 (uj) after the name go; 罗伯 (nr) stays */
	trim(z, "有 罗 伯 的", 0, 4, 1, 1, 3);
	/* a pronoun (r) or a noun is no verb: kept (我 菲比 is how some corrected spans read) */
	trim(z, "我 罗 伯", 0, 3, 0, 0, 3);
	trim(z, "中 国 罗 伯", 0, 4, 0, 0, 4);
	/* the last word stays, whatever it is */
	trim(z, "有", 0, 1, 0, 0, 1);
	trim(z, "有 的", 0, 2, 1, 1, 2);
	/* words the dictionary does not know (瑞斯加, the HMM's) stay */
	trim(z, "瑞 斯 加 说", 0, 4, 0, 0, 4);
	xp_zhseg_free(z);
}

static void test_verb_tail(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	verb_tail(z, "情 人 有", 0, 3, 1, 2);       /* 情人|有: the noun's links spilt onto the verb */
	verb_tail(z, "人 民 有 ，", 0, 3, 1, 2);
	verb_tail(z, "情 人 有 的", 0, 3, 0, 3);    /* 的 after it: the "verb" modifies a noun */
	verb_tail(z, "我 有", 0, 2, 0, 2);          /* after a pronoun: no noun to end on */
	verb_tail(z, "有", 0, 1, 0, 1);             /* the verb alone: left to the other rules */
	verb_tail(z, "情 人 中", 0, 3, 0, 3);       /* a localiser is no verb */
	verb_tail(z, "有 情 人", 0, 3, 0, 3);       /* a verb first is kept (找钥匙 for "my keys") */
	xp_zhseg_free(z);
}

/* the edges of a noun phrase's span as a corrector reads them */
static unsigned edges(xp_zhseg *z, const char *chars, uint32_t a, uint32_t b)
{
	toks t;
	split(z, chars, &t);
	return xp_zh_edge_words(z, t.w, t.len, t.n, t.start, a, b);
}

static void test_edge_words(void **st)
{
	(void)st;
	xp_zhseg *z = open_fixture();
	/* 中国人|有: ending in the verb 有 (v); 中国人 alone ends in a noun, and no noun follows */
	assert_int_equal(edges(z, "中 国 人 有", 0, 4), XP_ZH_EDGE_LAST);
	assert_int_equal(edges(z, "中 国 人 有", 0, 3), 0);
	/* 我|的: the particle 的 (uj) is no noun phrase's end */
	assert_int_equal(edges(z, "我 的", 0, 2), XP_ZH_EDGE_LAST);
	/* 中国|人民: each half has a noun beside it */
	assert_int_equal(edges(z, "中 国 人 民", 2, 4), XP_ZH_NOUN_BEFORE);
	assert_int_equal(edges(z, "中 国 人 民", 0, 2), XP_ZH_NOUN_AFTER);
	assert_int_equal(edges(z, "中 国 人 民", 0, 4), 0);
	/* 有|中国|有: verbs beside it are no nouns; 有 ends the middle span of none */
	assert_int_equal(edges(z, "有 中 国 有", 1, 3), 0);
	assert_int_equal(edges(z, "有 中 国 有", 0, 4), XP_ZH_EDGE_LAST);
	/* a word the dictionary does not know (瑞斯加, the HMM's) is neither */
	assert_int_equal(edges(z, "瑞 斯 加 说", 0, 3), 0);
	/* no span, or one off the sentence */
	assert_int_equal(edges(z, "中 国", 1, 1), 0);
	assert_int_equal(edges(z, "中 国", 0, 3), 0);
	xp_zhseg_free(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dictionary), cmocka_unit_test(test_hmm), cmocka_unit_test(test_files),
		cmocka_unit_test(test_snap),       cmocka_unit_test(test_de),       cmocka_unit_test(test_name_trim),
		cmocka_unit_test(test_edge_words), cmocka_unit_test(test_de_end), cmocka_unit_test(test_measure),
		cmocka_unit_test(test_locative), cmocka_unit_test(test_verb_tail), cmocka_unit_test(test_clause_head), cmocka_unit_test(test_weak_lead), cmocka_unit_test(test_particle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
