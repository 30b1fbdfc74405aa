/* tests/unit/test_pair.c — pairing a target corpus with its English one,
 * and guessing a target language from its script. */
#include "testutil.h"
#include "align/pair.h"
#include "io/conll.h"
#include "model/script.h"

static void guess(const char *text, const char *script, const char *lang)
{
	xp_script_counter c;
	xp_script_guess g;
	memset(&c, 0, sizeof c);
	xp_script_count(&c, text, strlen(text));
	xp_script_result(&c, &g);
	assert_string_equal(g.script, script);
	assert_string_equal(g.lang, lang);
}

static void test_script(void **st)
{
	(void)st;
	guess("我没说你妈是狼人。", "Han", "zh");
	guess("مامانت رو دله صدا نکردم", "Arabic", "fa");            /* Persian yeh and kaf-free: ی */
	guess("گفتم که نمی‌دانم", "Arabic", "fa");
	guess("قال إنه لا يعرف الكتاب", "Arabic", "ar");             /* Arabic yeh ي only */
	guess("わたしは学生です", "Japanese", "ja");
	guess("Je ne sais pas, 2 fois.", "Latin", "");
	guess("안녕하세요", "Hangul", "ko");
	guess("... 123 !", "", "");
	/* Latin names inside Chinese do not make it Latin */
	guess("Ross说他爱瑞秋,他是真心的", "Han", "zh");
	assert_true(xp_lang_unspaced("zh"));
	assert_true(xp_lang_unspaced("zh-Hant"));
	assert_false(xp_lang_unspaced("fa"));
	assert_false(xp_lang_unspaced("zhx"));
	assert_false(xp_lang_unspaced(NULL));
}

static const char *line(const char *doc, int k, const char *w, const char *spk)
{
	static char b[4][1024];
	static int i;
	i = (i + 1) % 4;
	snprintf(b[i], sizeof b[i], "%s\t0\t%d\t%s\tna\tna\tna\tna\tna\t%s\tna\tna\tna\t-\n", doc, k, w, spk);
	return b[i];
}

/* a document of sentences "spk|w w w" */
static void doc(xp_buf *b, const char *id, const char *const *sents, size_t n)
{
	xp_buf_printf(b, "#begin document (%s); part 000\n", id);
	for (size_t s = 0; s < n; s++) {
		char tmp[512];
		snprintf(tmp, sizeof tmp, "%s", sents[s]);
		char *spk = tmp, *words = strchr(tmp, '|');
		*words++ = 0;
		int k = 0;
		for (char *w = strtok(words, " "); w; w = strtok(NULL, " "))
			xp_buf_puts(b, line(id, k++, w, spk));
		xp_buf_putc(b, '\n');
	}
	xp_buf_puts(b, "#end document\n");
}

static void pair(const char *const *en, size_t ne, const char *const *tg, size_t nt, const char *lang,
		 xp_aligned *al, xp_pair_stats *st, int want)
{
	xp_buf a = {0}, b = {0};
	doc(&a, "d", en, ne);
	doc(&b, "d", tg, nt);
	xp_corpus E = {0}, T = {0};
	xp_err e = {0};
	assert_int_equal(xp_conll_read("en", a.p, a.n, NULL, &E, &e), 0);
	assert_int_equal(xp_conll_read("tg", b.p, b.n, NULL, &T, &e), 0);
	xp_pair_opts o;
	xp_pair_defaults(&o);
	o.tgt_lang = lang;
	memset(al, 0, sizeof *al);
	assert_int_equal(xp_pair(&E, &T, &o, al, st, &e), want);
	xp_corpus_free(&E), xp_corpus_free(&T);
	xp_buf_free(&a), xp_buf_free(&b);
}

static int target_of(const xp_aligned *al, size_t utt)
{
	return al->v[utt].ntgt_subs ? (int)al->v[utt].tgt_subs[0] : -1;
}

static void test_speaker_and_length(void **st)
{
	(void)st;
	static const char *const en[] = {
		"Ross|Hi , Rachel .", "Rachel|Hi .", "Ross|How are you doing today , my good friend ?",
		"Ross|Fine .", "Rachel|I am very well , thank you very much ."};
	static const char *const zh[] = {"Ross|嗨 瑞 秋 。", "Ross|好 。", "Rachel|我 很 好 , 非 常 感 谢 你 。"};
	xp_aligned al;
	xp_pair_stats s;
	pair(en, 5, zh, 3, NULL, &al, &s, 0);
	assert_int_equal(al.n, 5);
	assert_int_equal(target_of(&al, 0), 0);
	assert_int_equal(target_of(&al, 1), -1);
	assert_int_equal(target_of(&al, 2), -1);   /* same speaker, but far too long for "好 。" */
	assert_int_equal(target_of(&al, 3), 1);
	assert_int_equal(target_of(&al, 4), 2);
	assert_string_equal(al.v[3].tgt_text, "好。");
	assert_int_equal(al.v[2].ntgt, 0);
	assert_string_equal(al.v[2].tgt_text, "");
	assert_string_equal(s.tgt_lang, "zh");
	assert_true(s.guessed);
	assert_int_equal(s.paired, 3);
	assert_int_equal(s.speaker_mismatch, 0);
	assert_true(al.v[4].score > 0.9);
	xp_aligned_free(&al);
}

/* two equally plausible places: the confidence says so */
static void test_ambiguous(void **st)
{
	(void)st;
	static const char *const en[] = {"Joey|Yeah .", "Joey|Yeah ."};
	static const char *const tg[] = {"Joey|对 。"};
	xp_aligned al;
	xp_pair_stats s;
	pair(en, 2, tg, 1, "zh", &al, &s, 0);
	assert_false(s.guessed);
	assert_int_equal(s.paired, 1);
	assert_true(s.unsure == 1);
	assert_true(fabs(s.conf_sum - 0.5) < 0.01);
	xp_aligned_free(&al);
}

/* a speaker column that disagrees is allowed, and counted */
static void test_speaker_mismatch(void **st)
{
	(void)st;
	static const char *const en[] = {"Ross|We were on a break !", "Rachel|No ."};
	static const char *const tg[] = {"Ross|我们 当时 分手 了 !", "Monica|不 。"};
	xp_aligned al;
	xp_pair_stats s;
	pair(en, 2, tg, 2, "zh", &al, &s, 0);
	assert_int_equal(target_of(&al, 0), 0);
	assert_int_equal(target_of(&al, 1), 1);
	assert_int_equal(s.speaker_mismatch, 1);
	xp_aligned_free(&al);
}

static void test_too_many(void **st)
{
	(void)st;
	static const char *const en[] = {"Ross|Hi ."};
	static const char *const tg[] = {"Ross|嗨", "Ross|嗨"};
	xp_aligned al;
	xp_pair_stats s;
	pair(en, 1, tg, 2, "zh", &al, &s, XP_EINPUT);
	xp_aligned_free(&al);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_script),
		cmocka_unit_test(test_speaker_and_length),
		cmocka_unit_test(test_ambiguous),
		cmocka_unit_test(test_speaker_mismatch),
		cmocka_unit_test(test_too_many),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
