/* tests/unit/test_pair.c — pairing a target corpus with its English one,
 * and guessing a target language from its script. */
#include "testutil.h"
#include "align/pair.h"
#include "io/conll.h"
#include "lang/script.h"
#include "lang/lang.h"
#include <unicode/uscript.h>

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
	/* Arabic script with neither language's letters, and as many of each:
	 * the first of the packs of the script (as the guess always was) */
	guess("سلام", "Arabic", "fa");
	guess("\u06A9\u0643", "Arabic", "fa");
	guess("\u06A9\u0643\u0643", "Arabic", "ar");
	/* Latin with accents: several packs write it, none by its letters */
	guess("Ça été über schön, ação", "Latin", "");
	/* a script is guessed as the pack that says it writes it, once registered:
	 * no line of the guess names a language */
	guess("Привет, как дела", "Cyrillic", "");
	static const xp_lang_pack cyr = {.code = "xc", .name = "toy", .script = "Cyrillic"};
	assert_int_equal(xp_lang_register(&cyr), 0);
	guess("Привет, как дела", "Cyrillic", "xc");
	/* the letters a counter keeps apart, read back; ASCII and Han are not */
	xp_script_counter c = {0};
	const char *t = "\u06A9\u06A9\u0643 abc 我";
	xp_script_count(&c, t, strlen(t));
	assert_int_equal(xp_script_letters(&c, "\u06A9"), 2);
	assert_int_equal(xp_script_letters(&c, "\u0643\u06A9"), 3);
	assert_int_equal(xp_script_letters(&c, "a我"), 0);
	assert_int_equal(xp_script_letters(&c, NULL), 0);
	/* more distinct letters than the counter keeps: the first are kept,
	 * and nothing is counted wrong */
	xp_script_counter f = {0};
	for (uint32_t cp = 0x0100; cp < 0x0100 + 2 * XP_SCRIPT_LETTERS; cp++) {
		char u[4] = {(char)(0xC0 | (cp >> 6)), (char)(0x80 | (cp & 0x3F)), 0};
		xp_script_count(&f, u, 2);
	}
	assert_int_equal(xp_script_letters(&f, "\u0101"), 1);
	assert_int_equal(f.by_script[USCRIPT_LATIN], (size_t)(2 * XP_SCRIPT_LETTERS));
	assert_true(xp_lang_unspaced("zh"));
	assert_true(xp_lang_unspaced("zh-Hant"));
	assert_false(xp_lang_unspaced("fa"));
	assert_false(xp_lang_unspaced("zhx"));
	assert_false(xp_lang_unspaced(NULL));
	/* the pack's trait, by any of its codes; the languages with no such pack */
	assert_true(xp_lang_unspaced("zho"));
	assert_true(xp_lang_unspaced("ja"));
	assert_true(xp_lang_unspaced("th-TH"));
	assert_false(xp_lang_unspaced("de"));
	assert_false(xp_lang_unspaced(""));
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

/* No speakers: sentences are linked n:m, one record per link (pair.h) */
static void test_nm(void **st)
{
	(void)st;
	static const char *const en[] = {
		"-|Everybody talks about happiness these days .", "-|I had somebody count the books .",
		"-|They gave up after about 40 .", "-|There is a huge wave of interest in happiness , among researchers .",
		"-|Thank you ."};
	static const char *const fr[] = {
		"-|Aujourd'hui tout le monde parle du bonheur .",
		"-|J' ai demandé à quelqu' un de compter les livres et il a abandonné après environ 40 .",
		"-|Il y a une énorme vague d' intérêt pour le bonheur .", "-|Surtout chez les chercheurs .",
		"-|Merci .", "-|( Applaudissements prolongés du public )"};
	xp_aligned al;
	xp_pair_stats s;
	pair(en, 5, fr, 6, "fr", &al, &s, 0);
	assert_true(s.nm);
	assert_int_equal(al.n, 4);
	assert_int_equal(s.link[1][1], 2);
	assert_int_equal(s.link[2][1], 1);
	assert_int_equal(s.link[1][2], 1);
	assert_int_equal(s.link[0][1], 1);
	assert_int_equal(s.tgt_alone, 1);
	assert_int_equal(s.src_alone, 0);
	assert_int_equal(s.paired, 5);
	assert_int_equal(s.targets, 6);
	/* English 1 and 2 joined: their tokens one after the other */
	assert_int_equal(al.v[1].utt, 1);
	assert_int_equal(al.v[1].nsrc_utts, 2);
	assert_int_equal(al.v[1].src_utts[1], 2);
	assert_int_equal(al.v[1].nsrc, 14);
	assert_string_equal(al.v[1].src[7], "They");
	assert_int_equal(al.v[0].nsrc_utts, 0);
	/* French 2 and 3 joined: both blocks, their texts, their tokens */
	assert_int_equal(al.v[2].utt, 3);
	assert_int_equal(al.v[2].ntgt_subs, 2);
	assert_int_equal(al.v[2].tgt_subs[0], 2);
	assert_int_equal(al.v[2].tgt_subs[1], 3);
	assert_string_equal(al.v[2].tgt_sub_text[1], "Surtout chez les chercheurs .");
	assert_int_equal(al.v[2].ntgt, 17);
	assert_string_equal(al.v[2].tgt[12], "Surtout");
	for (size_t k = 0; k < al.n; k++)
		assert_true(al.v[k].score > 0 && al.v[k].score <= 1);
	xp_aligned_free(&al);
}

/* Units: a record joining two English utterances gives project one
 * utterance, its mentions shifted by the tokens before them */
static void test_units(void **st)
{
	(void)st;
	const char *conll = "#begin document (d); part 000\n"
			    "d 0 0 Hi na na na na na - na na na (0)\n\n"
			    "d 0 0 Ross na na na na na - na na na (1)\n"
			    "d 0 1 sings na na na na na - na na na -\n\n"
			    "d 0 0 He na na na na na - na na na (1)\n#end document\n";
	xp_corpus E = {0}, U = {0};
	xp_err e = {0};
	assert_int_equal(xp_conll_read("en", conll, strlen(conll), NULL, &E, &e), 0);
	const char *jl = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"Hi\"],\"tgt\":[\"Salut\"]}\n"
			 "{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"Ross\",\"sings\",\"He\"],"
			 "\"src_utts\":[1,2],\"tgt\":[\"Ross\",\"chante\"]}\n";
	xp_aligned al = {0}, ua = {0};
	assert_int_equal(xp_aligned_read_mem("al", jl, strlen(jl), &al, &e), 0);
	assert_int_equal(al.v[1].nsrc_utts, 2);
	size_t joined;
	assert_int_equal(xp_aligned_units(&E, &al, "al", &U, &ua, &joined, &e), 0);
	assert_int_equal(joined, 1);
	assert_int_equal(U.docs[0].nutts, 2);
	assert_int_equal(U.docs[0].utts[1].ntoks, 3);
	assert_int_equal(U.docs[0].nmentions, 3);
	const xp_mention *he = &U.docs[0].mentions[2];
	assert_int_equal(he->utt, 1);
	assert_int_equal(he->start, 2);
	assert_int_equal(he->end, 3);
	assert_int_equal(he->id, E.docs[0].mentions[2].id);
	assert_int_equal(U.docs[0].clusters[he->cluster].label, 1);
	assert_int_equal(ua.v[1].utt, 1);
	/* written back, the record keeps its src_utts */
	xp_buf b = {0};
	xp_aligned_write(&b, &al);
	assert_non_null(strstr(b.p, "\"src_utts\":[1,2]"));
	assert_true(strstr(b.p, "src_utts") > strchr(b.p, '\n'));   /* not on the first, one-utterance record */
	xp_buf_free(&b);
	xp_corpus_free(&U);
	free(ua.v);
	/* a run the source does not have, and src_utts that skip, are errors */
	xp_aligned bad = {0};
	const char *skip = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[],\"src_utts\":[0,2]}\n";
	assert_int_equal(xp_aligned_read_mem("al", skip, strlen(skip), &bad, &e), XP_EINPUT);
	xp_aligned_free(&bad);
	memset(&bad, 0, sizeof bad);
	/* (said at the record's line: the blank lines before it are not records) */
	const char *past = "\n\n{\"doc\":\"d\",\"part\":0,\"utt\":2,\"src\":[\"He\"],\"src_utts\":[2,3]}\n";
	assert_int_equal(xp_aligned_read_mem("al", past, strlen(past), &bad, &e), 0);
	memset(&U, 0, sizeof U);
	assert_int_equal(xp_aligned_units(&E, &bad, "al", &U, &ua, &joined, &e), XP_EINPUT);
	assert_int_equal(e.line, 3);
	assert_int_equal(joined, 0);
	xp_aligned_free(&bad);
	xp_aligned_free(&al);
	xp_corpus_free(&E);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_script),
		cmocka_unit_test(test_speaker_and_length),
		cmocka_unit_test(test_ambiguous),
		cmocka_unit_test(test_speaker_mismatch),
		cmocka_unit_test(test_too_many),
		cmocka_unit_test(test_nm),
		cmocka_unit_test(test_units),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
