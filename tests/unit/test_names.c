/* tests/unit/test_names.c — a show's names: the names file (io/names.h),
 * the forms the word aligner learns (xp_wa_names) and a name's mention
 * placed on its form (project/names.h), on hand-made cases. */
#include "testutil.h"
#include "align/norm.h"
#include "align/wordalign.h"
#include "base/text.h"
#include "io/names.h"
#include "lang/np.h"
#include "project/names.h"
#include "consistfx.h"

#include <string.h>

static const char *form_of(xp_names *nm, const char *name, size_t k)
{
	const size_t *f;
	size_t n = xp_names_of(nm, name, strlen(name), &f);
	return k < n ? nm->v[f[k]].form : NULL;
}

/* written and read back; looked up case-folded, most frequent form first */
static void test_file(void **state)
{
	(void)state;
	xp_names nm, back;
	xp_err e;
	assert_int_equal(xp_names_init(&nm), 0);
	assert_int_equal(xp_names_add(&nm, "joey", 4, "乔 伊", strlen("乔 伊"), 3.5, 0.25, 14), 0);
	assert_int_equal(xp_names_add(&nm, "joey", 4, "乔伊", strlen("乔伊"), 9.0, 0.64, 14), 0);
	assert_int_equal(xp_names_add(&nm, "ross", 4, "罗斯", strlen("罗斯"), 5.0, 1.0, 5), 0);
	nm.links = 0x0123456789abcdefull, nm.has_links = 1;
	xp_buf b = {0};
	xp_names_write(&nm, &b);
	assert_false(b.oom);
	assert_non_null(strstr(b.p, "\n# links 0123456789abcdef\n"));
	assert_int_equal(xp_names_parse("t.names", b.p, b.n, &back, &e), 0);
	assert_int_equal(back.n, 3);
	assert_true(back.has_links);
	assert_true(back.links == 0x0123456789abcdefull);
	assert_string_equal(form_of(&back, "Joey", 0), "乔伊");
	assert_string_equal(form_of(&back, "JOEY", 1), "乔 伊");
	assert_null(form_of(&back, "joey", 2));
	assert_string_equal(form_of(&back, "ross", 0), "罗斯");
	assert_null(form_of(&back, "monica", 0));
	xp_buf_free(&b);
	xp_names_free(&back);
	xp_names_free(&nm);

	/* malformed lines: refused with their line */
	static const char *const bad[] = {"# xproj names 1\njoey\t乔伊\t3\t0.5\n", "joey\t乔伊\tx\t0.5\t4\n",
					  "joey\t\t3\t0.5\t4\n", "joey\t乔伊\t3\t0.5\t4\textra\n", "\t乔伊\t3\t0.5\t4\n",
					  "joey\t乔伊\t-3\t0.5\t4\n", "joey\t乔伊\tnan\t0.5\t4\n"};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		assert_true(xp_names_parse("t.names", bad[k], strlen(bad[k]), &back, &e) != 0);
		assert_int_equal(xp_err_code(&e), XP_EINPUT);
		char s[512];
		xp_err_str(&e, s, sizeof s);
		assert_non_null(strstr(s, k ? "t.names:1" : "t.names:2"));
	}
	/* an empty file is no names; nor links.  A "# links" line of one word
	 * that is not 16 hex digits (edited, cut) is refused at its line (it
	 * was read as a comment: the file then went unchecked); words after
	 * "# links" are a comment */
	assert_int_equal(xp_names_parse("t.names", "", 0, &back, &e), 0);
	assert_int_equal(back.n, 0);
	assert_false(back.has_links);
	xp_names_free(&back);
	static const char *const badlinks[] = {"# links 0123456789abcdeg\n", "# x\n# links 12\n", "# links\n",
					       "# links  0123456789abcdef\n"};
	for (size_t k = 0; k < sizeof badlinks / sizeof *badlinks; k++) {
		assert_true(xp_names_parse("t.names", badlinks[k], strlen(badlinks[k]), &back, &e) != 0);
		assert_int_equal(xp_err_code(&e), XP_EINPUT);
		char s[512];
		xp_err_str(&e, s, sizeof s);
		assert_non_null(strstr(s, k == 1 ? "t.names:2" : "t.names:1"));
	}
	assert_int_equal(xp_names_parse("t.names", "# links of the first run\n", 25, &back, &e), 0);
	assert_false(back.has_links);
	xp_names_free(&back);
}

/* The aligner learns Joey's and Ross's forms from the training pairs, not
 * only the pair it aligns; "Hello" begins its sentences: no name. */
static void test_learn(void **state)
{
	(void)state;
	static const char *const verbs[][2] = {{"saw", "看见"}, {"called", "打给"}, {"likes", "喜欢"}, {"met", "见到"},
					       {"knows", "认识"}, {"helped", "帮助"}};
	xp_buf train = {0};
	for (int k = 0; k < 60; k++) {
		const char *const *v = verbs[k % 6];
		xp_buf_printf(&train, "Hello , she %s Joey today ||| 你好 , 她 今天 %s 乔伊\n", v[0], v[1]);
		xp_buf_printf(&train, "Hello , he %s Ross ||| 你好 , 他 %s 罗斯\n", v[0], v[1]);
		xp_buf_printf(&train, "then Joey %s Ross ||| 然后 乔伊 %s 罗斯\n", v[0], v[1]);
		xp_buf_printf(&train, "and then Chandler Bing %s Ross ||| 然后 钱德勒 · 宾 %s 罗斯\n", v[0], v[1]);
	}
	xp_bitext bt;
	xp_err e;
	char *pair = strdup("Joey is here ||| 乔伊 在 这里\n");   /* the bitext's from here on */
	assert_non_null(pair);
	assert_int_equal(xp_bitext_read_mem("p", pair, strlen(pair), &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.threads = 1;
	o.seed = 3;
	o.lowercase = 1;
	xp_wa *w;
	xp_names nm;
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_add_train_mem(w, "train", train.p, train.n, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_int_equal(xp_names_init(&nm), 0);
	assert_int_equal(xp_wa_names(w, &nm, &e), 0);
	assert_int_equal(xp_names_index(&nm), 0);
	assert_string_equal(form_of(&nm, "joey", 0), "乔伊");
	assert_string_equal(form_of(&nm, "ross", 0), "罗斯");
	assert_null(form_of(&nm, "hello", 0));
	/* the middle dot of 钱德勒 · 宾 is no part of a form */
	for (size_t k = 0; k < nm.n; k++) {
		const char *f = nm.v[k].form;
		size_t fl = strlen(f);
		assert_false(!strncmp(f, "·", strlen("·")) || (fl >= strlen("·") && !strcmp(f + fl - strlen("·"), "·")));
	}
	assert_string_equal(form_of(&nm, "bing", 0), "宾");
	assert_string_equal(form_of(&nm, "chandler", 0), "钱德勒");
	const size_t *f;
	assert_int_equal(xp_names_of(&nm, "joey", 4, &f), 1);
	assert_true(nm.v[f[0]].occurrences == 121);   /* 120 in training, 1 aligned */
	assert_true(nm.v[f[0]].share > 0.9 && nm.v[f[0]].share <= 1.0);
	xp_names_free(&nm);
	xp_wa_free(w);

	/* learn_names off: nothing */
	o.learn_names = 0;
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_int_equal(xp_names_init(&nm), 0);
	assert_int_equal(xp_wa_names(w, &nm, &e), 0);
	assert_int_equal(nm.n, 0);
	xp_names_free(&nm);
	xp_wa_free(w);
	xp_bitext_free(&bt);
	xp_buf_free(&train);
}

/* --- placing mentions ------------------------------------------------------ */


static long place(fx *f, const char *lang, xp_names *nm)
{
	xp_consist_in in = {lang, f->sent, f->nsent, f->sent0, f->doc, f->at, f->key, f->name, f->pos};
	return xp_names_place(f->m, f->n, &in, nm);
}


static void names_of(xp_names *nm)
{
	assert_int_equal(xp_names_init(nm), 0);
	static const char *const v[][2] = {{"joey", "乔伊"}, {"ross", "罗斯"}, {"rachel", "瑞秋"}, {"green", "格林"},
					   {"joey", "jo ey"}, {"joey", "جویی"}};
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		assert_int_equal(xp_names_add(nm, v[k][0], strlen(v[k][0]), v[k][1], strlen(v[k][1]), 10.0 - k, 0.5, 20), 0);
	assert_int_equal(xp_names_index(nm), 0);
}

/* null, too long, elsewhere: each takes the form; the form another entity
 * holds is not taken; a word without a form leaves the links' span */
static void test_place(void **state)
{
	(void)state;
	xp_names nm;
	names_of(&nm);
	fx f = {0};
	sentence(&f, "我 是 乔 伊");          /* 0: characters (--chars) */
	sentence(&f, "乔 伊 来 了");          /* 1 */
	sentence(&f, "你 好 , 罗 斯 和 乔 伊"); /* 2 */
	sentence(&f, "瑞 秋 · 格 林 来 了");  /* 3 */
	sentence(&f, "盖 勒 先 生 来 了");    /* 4 */
	sentence(&f, "JO EY 好");             /* 5: a Latin form, another case */
	size_t a = fx_mention(&f, 1, "Joey", 2, 0, XP_NULL_UNALIGNED, 0, 0);
	size_t b = fx_mention(&f, 1, "Joey", 2, 1, XP_PROJECTED, 0, 4);       /* 乔伊来了: too long */
	size_t c = fx_mention(&f, 1, "Joey", 2, 2, XP_PROJECTED, 0, 2);       /* on 你好 */
	size_t d = fx_mention(&f, 2, "Ross", 2, 2, XP_PROJECTED, 3, 5);       /* already right */
	size_t g = fx_mention(&f, 3, "Rachel Green", 2, 3, XP_PROJECTED, 0, 2);
	size_t h = fx_mention(&f, 4, "Mr. Geller", 2, 4, XP_PROJECTED, 0, 2);  /* no form: links decide */
	size_t p = fx_mention(&f, 5, NULL, 0, 4, XP_PROJECTED, 4, 6);          /* a pronoun */
	size_t q = fx_mention(&f, 1, "Joey", 2, 5, XP_PROJECTED, 2, 3);
	assert_int_equal(place(&f, "zh", &nm), 5);
	fx_span_is(&f, a, XP_PROJECTED, 2, 4);
	assert_true(f.m[a].np & XP_NP_NAMES);
	assert_true(f.m[a].conf < 0.8f);
	fx_span_is(&f, b, XP_PROJECTED, 0, 2);
	fx_span_is(&f, c, XP_PROJECTED, 6, 8);
	fx_span_is(&f, d, XP_PROJECTED, 3, 5);
	assert_false(f.m[d].np & XP_NP_NAMES);
	fx_span_is(&f, g, XP_PROJECTED, 0, 5);   /* 瑞秋·格林: the forms that stand together */
	fx_span_is(&f, h, XP_PROJECTED, 0, 2);
	fx_span_is(&f, p, XP_PROJECTED, 4, 6);
	fx_span_is(&f, q, XP_PROJECTED, 0, 2);

	/* Joey's 乔伊 held by another entity's mention: not taken */
	fx k = {0};
	sentence(&k, "乔 伊 说");
	size_t x = fx_mention(&k, 1, "Joey", 2, 0, XP_NULL_UNALIGNED, 0, 0);
	fx_mention(&k, 2, "Ross", 2, 0, XP_PROJECTED, 0, 2);
	assert_int_equal(place(&k, "zh", &nm), 0);
	fx_span_is(&k, x, XP_NULL_UNALIGNED, 0, 0);

	/* Farsi: the form with an enclitic on its word is that word; written
	 * with Arabic yeh, it is the form the aligner learned with Persian yeh */
	fx z = {0};
	sentence(&z, "با جوییه");
	sentence(&z, "جويي اومد");
	size_t y = fx_mention(&z, 1, "Joey", 2, 0, XP_NULL_UNALIGNED, 0, 0);
	size_t y2 = fx_mention(&z, 1, "Joey", 2, 1, XP_PROJECTED, 1, 2);
	assert_int_equal(place(&z, "fa", &nm), 2);
	fx_span_is(&z, y, XP_PROJECTED, 1, 2);
	fx_span_is(&z, y2, XP_PROJECTED, 0, 1);

	/* a name of several words one of whose forms is not there keeps its
	 * span (Chandler Bing on 钱德.宾: only 宾 is a form); a nickname
	 * without forms (Pheebs) takes a form of its entity's other name */
	fx u = {0};
	sentence(&u, "罗 斯 . 盖 勒 来 了");
	sentence(&u, "瑞 秋 好");
	sentence(&u, "你 好 瑞 秋");
	size_t r1 = fx_mention(&u, 1, "Ross Geller", 2, 0, XP_PROJECTED, 0, 5);
	fx_mention(&u, 2, "Rachel", 2, 1, XP_PROJECTED, 0, 2);
	size_t r3 = fx_mention(&u, 2, "Rach", 2, 2, XP_PROJECTED, 0, 2);
	size_t r4 = fx_mention(&u, 3, "Rach", 2, 1, XP_PROJECTED, 2, 3);   /* no Rachel in its entity */
	assert_int_equal(place(&u, "zh", &nm), 1);
	fx_span_is(&u, r1, XP_PROJECTED, 0, 5);
	fx_span_is(&u, r3, XP_PROJECTED, 2, 4);
	fx_span_is(&u, r4, XP_PROJECTED, 2, 3);
	xp_names_free(&nm);
}

/* --- folding: a form learned by the aligner and the tokens it is looked for
 * on are folded alike (xp_utf8_fold is the aligner's every-language fold) */

static void test_fold(void **state)
{
	(void)state;
	/* the aligner's words (align/norm.c) == xp_utf8_fold, word by word */
	static const char *const words[] = {
		"Élise", "E\xcc\x81lise" /* NFD */, "ÉLISE", "Straße", "STRASSE", "İstanbul", "l’homme",
		"Ｊｏｅｙ", "Ç", "ΣΊΣΥΦΟΣ", "۳۲", "ﬁlm", "O`Neil", "Zoë"};
	xp_normalizer *z = xp_normalizer_new();
	assert_non_null(z);
	unsigned parts = XP_NORM_NFKC | XP_NORM_CASE | XP_NORM_APOS | XP_NORM_DIGITS;
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		xp_buf b = {0};
		char out[256];
		assert_int_equal(xp_norm_token(z, parts, words[k], strlen(words[k]), &b), 1);
		int n = xp_utf8_fold(words[k], strlen(words[k]), out, sizeof out);
		assert_true(n >= 0);
		assert_string_equal(out, b.p);
		xp_buf_free(&b);
	}
	xp_normalizer_free(z);
	char small[4];
	assert_int_equal(xp_utf8_fold("straße", strlen("straße"), small, sizeof small), -1);   /* no room */
	assert_int_equal(xp_utf8_fold("\xff", 1, small, sizeof small), -1);                      /* no UTF-8 */

	/* names as the aligner writes them (folded, NFC) on tokens of another
	 * case, NFD, or spelt otherwise, as de/fr/pt subtitles write them */
	xp_names nm;
	assert_int_equal(xp_names_init(&nm), 0);
	static const char *const v[][2] = {{"elise", "élise"}, {"strasse", "strasse"}, {"zoe", "zoé"}};
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		assert_int_equal(xp_names_add(&nm, v[k][0], strlen(v[k][0]), v[k][1], strlen(v[k][1]), 10, 0.9, 20), 0);
	assert_int_equal(xp_names_index(&nm), 0);
	fx f = {0};
	sentence(&f, "da ist Élise");                 /* 0: NFC, capital */
	sentence(&f, "da ist E\xcc\x81lise");         /* 1: NFD */
	sentence(&f, "die STRASSE hier");             /* 2: ß upper-cased */
	sentence(&f, "ich ÉLISE da");                 /* 3 */
	sentence(&f, "wo ist Zoe\xcc\x81 ?");         /* 4: NFD (macOS) */
	size_t a = fx_mention(&f, 1, "Elise", 2, 0, XP_NULL_UNALIGNED, 0, 0);
	size_t b = fx_mention(&f, 1, "Elise", 2, 1, XP_PROJECTED, 0, 1);
	size_t c = fx_mention(&f, 2, "Strasse", 2, 2, XP_PROJECTED, 0, 1);
	size_t d = fx_mention(&f, 1, "Elise", 2, 3, XP_PROJECTED, 0, 1);
	size_t e = fx_mention(&f, 3, "Zoe", 2, 4, XP_PROJECTED, 0, 1);
	assert_int_equal(place(&f, "de", &nm), 5);
	fx_span_is(&f, a, XP_PROJECTED, 2, 3);
	fx_span_is(&f, b, XP_PROJECTED, 2, 3);
	fx_span_is(&f, c, XP_PROJECTED, 1, 2);
	fx_span_is(&f, d, XP_PROJECTED, 1, 2);
	fx_span_is(&f, e, XP_PROJECTED, 2, 3);
	/* the match itself: the form as learned, the token as written */
	size_t fl = strlen("élise");
	char buf[64];
	const char *fo = xp_names_fold(NULL, "ÉLISE", &fl, buf, sizeof buf);
	assert_int_equal(fl, strlen("élise"));
	assert_memory_equal(fo, "élise", fl);
	assert_int_equal(xp_names_match(&f.sent[1], 2, fo, fl, NULL, NULL), 3);
	xp_names_free(&nm);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_learn),
		cmocka_unit_test(test_place),
		cmocka_unit_test(test_fold),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
