/* tests/unit/test_dictd.c — a dictd dictionary as headword/translation
 * pairs (io/dictd.h), on a small dictionary written for these tests
 * (tests/fixtures/dictd/: small.index and small.dict; dz.index and
 * dz.dict.dz, the same text compressed as dictzip writes it, with its
 * FEXTRA field) and tests/fixtures/cedict/small.u8 (a few words in
 * CEDICT's format, the tests' own). */
#include "testutil.h"
#include "io/dictd.h"
#include "align/wordalign.h"
#include "lang/lang.h"

/* every rule of dictd.h, in the index's order */
static const char want[] = "cat ||| chat\n"            /* sense numbers off; examples, synonyms out */
			   "cat ||| chatte\n"          /* <fem> out */
			   "look for ||| chercher\n"   /* multiword kept; cut at ',' and ';' */
			   "look for ||| rechercher\n" /* [fam.] out */
			   "look for ||| fouiller\n"   /* (a gloss) out */
			   "to ||| à\n"                /* "..." out */
			   "big ||| grand\n"
			   "big ||| gros\n"
			   "big ||| énorme\n"          /* 6 words: dropped; " see:" indented */
			   "cat ||| matou\n"           /* "chat" again: once; "<masc" unclosed */
			   "ice cream ||| glace\n"     /* the index's headword, collapsed; U+2026 out */
			   "ice cream ||| crème glacée\n"
			   "pipe ||| tube\n";          /* one holding "|||" dropped */

static void read_ok(const char *path, const xp_dictd_opts *o, xp_buf *b, xp_dictd_stats *st)
{
	xp_err e = {0};
	int rc = xp_dictd_pairs(path, o, b, st, &e);
	if (rc) {
		char s[1200];
		xp_err_str(&e, s, sizeof s);
		print_error("%s: %s\n", path, s);
	}
	assert_int_equal(rc, 0);
	assert_false(b->oom);
	xp_buf_putc(b, '\0');
	b->n--;
}

/* the pairs; the same from each name of the dictionary, compressed too */
static void test_pairs(void **state)
{
	(void)state;
	static const char *const names[] = {FIX("dictd/small"), FIX("dictd/small.index"), FIX("dictd/small.dict"),
					    FIX("dictd/dz"), FIX("dictd/dz.dict.dz"), FIX("dictd/dz.index")};
	for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
		xp_buf b = {0};
		xp_dictd_stats st;
		read_ok(names[k], NULL, &b, &st);
		assert_string_equal(b.p, want);
		assert_int_equal(st.entries, 10);
		assert_int_equal(st.pairs, 13);
		assert_int_equal(st.unseen, 0);
		xp_buf_free(&b);
	}
	/* appended to what the buffer holds (the pipeline's store pairs) */
	xp_buf b = {0};
	xp_buf_puts(&b, "x ||| y\n");
	read_ok(FIX("dictd/small"), NULL, &b, NULL);
	assert_int_equal(strncmp(b.p, "x ||| y\ncat ||| chat\n", 21), 0);
	xp_buf_free(&b);
}

/* only the pairs whose words a bitext holds, each side its own, case
 * folded */
static void test_seen(void **state)
{
	(void)state;
	static const char bitext[] = "The CAT looks for ice ||| le chat cherche une glace\n"
				     "for a big cat ||| pour un gros chat\n"
				     "cream ||| crème glacée\n";
	xp_vocab seen[2];
	xp_err e;
	assert_int_equal(xp_vocab_init(&seen[0], 1), 0);
	assert_int_equal(xp_vocab_init(&seen[1], 1), 0);
	assert_int_equal(xp_dictd_seen_mem(seen, "t.pairs", bitext, sizeof bitext - 1, &e), 0);
	xp_dictd_opts o = {{&seen[0], &seen[1]}};
	xp_buf b = {0};
	xp_dictd_stats st;
	read_ok(FIX("dictd/dz"), &o, &b, &st);
	/* "look for": no "look" in the bitext; "chatte", "matou": not in it */
	assert_string_equal(b.p, "cat ||| chat\nbig ||| gros\nice cream ||| glace\nice cream ||| crème glacée\n");
	assert_int_equal(st.pairs, 4);
	assert_int_equal(st.unseen, 9);
	xp_buf_free(&b);
	/* the same vocabulary from a bitext read */
	xp_bitext bt;
	char *copy = strdup(bitext);
	assert_int_equal(xp_bitext_read_mem("t.pairs", copy, sizeof bitext - 1, &bt, &e), 0);
	xp_vocab again[2];
	assert_int_equal(xp_vocab_init(&again[0], 1), 0);
	assert_int_equal(xp_vocab_init(&again[1], 1), 0);
	assert_int_equal(xp_dictd_seen_bitext(again, &bt, &e), 0);
	assert_int_equal(again[0].n, seen[0].n);
	assert_int_equal(again[1].n, seen[1].n);
	xp_bitext_free(&bt);
	for (int d = 0; d < 2; d++)
		xp_vocab_free(&seen[d]), xp_vocab_free(&again[d]);
}

/* a malformed index or entry: refused with the index's line */
/* a BOM before the index's first line is no part of its headword: before,
 * "\ufeffcat ||| chat", which matched no word of any bitext */
static void test_bom(void **state)
{
	(void)state;
	static const char dict[] = "cat\nchat\n", index[] = "\xef\xbb\xbf" "cat\tA\tJ\n";
	xp_err e = {0};
	xp_buf b = {0};
	assert_int_equal(xp_dictd_pairs_mem("t.index", index, sizeof index - 1, dict, sizeof dict - 1, NULL, &b, NULL, &e), 0);
	xp_buf_putc(&b, '\0');
	assert_string_equal(b.p, "cat ||| chat\n");
	xp_buf_free(&b);
}

/* case k was refused as bad input, its message holding where and why */
static void refused(size_t k, int rc, const xp_err *e, const char *where, const char *why)
{
	assert_true(rc < 0);
	assert_int_equal(xp_err_code(e), XP_EINPUT);
	char s[1200];
	xp_err_str(e, s, sizeof s);
	if (!strstr(s, where) || !strstr(s, why))
		print_error("case %zu: %s\n", k, s);
	assert_non_null(strstr(s, where));
	assert_non_null(strstr(s, why));
}

static void test_bad(void **state)
{
	(void)state;
	static const char dict[] = "cat\nchat\n\xff\xfe\n";
	static const struct {
		const char *index, *where, *why;
	} bad[] = {
		{"cat\tA\tJ\ncat\tA\n", "t.index:2", "headword<TAB>offset<TAB>length"},
		{"cat\n", "t.index:1", "headword<TAB>offset<TAB>length"},
		{"cat\tA\tJ\ncat\tA*\tJ\n", "t.index:2", "base-64"},
		{"cat\t\tJ\n", "t.index:1", "base-64"},
		{"cat\tA\tAAAAAAAAA\n", "t.index:1", "base-64"},
		{"cat\tA\tZ\n", "t.index:1", "past the dictionary's 12 bytes"},
		{"\n\ncat\tM\tA\ncat\tM\tB\n", "t.index:4", "past the dictionary's 12 bytes"},
		{"cat\tA\tL\n", "t.index:1", "not UTF-8"},
		{"c\xc3t\tA\tJ\n", "t.index:1", "not UTF-8"},
		/* cut short (adversarial round 9): "J" may be "J2" cut */
		{"cat\tA\tJ\ncat\tA\tJ", "t.index:2", "cut short"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		xp_err e = {0};
		xp_buf b = {0};
		refused(k, xp_dictd_pairs_mem("t.index", bad[k].index, strlen(bad[k].index), dict, sizeof dict - 1,
					       NULL, &b, NULL, &e), &e, bad[k].where, bad[k].why);
		xp_buf_free(&b);
	}
	/* a NUL byte in an entry (where "|||" might hide from a C string) */
	{
		static const char nul[] = "big\n\0x ||| y\n";
		xp_err e = {0};
		xp_buf b = {0};
		assert_true(xp_dictd_pairs_mem("t.index", "big\tA\tN\n", 8, nul, sizeof nul - 1, NULL, &b, NULL, &e) < 0);
		assert_int_equal(xp_err_code(&e), XP_EINPUT);
		assert_non_null(strstr(e.msg, "not UTF-8 text"));
		assert_int_equal(b.n, 0);
		xp_buf_free(&b);
	}
	/* the good part of the same dictionary: one pair; an empty index: none */
	xp_err e;
	xp_buf b = {0};
	xp_dictd_stats st;
	assert_int_equal(xp_dictd_pairs_mem("t.index", "cat\tA\tJ\r\n", 9, dict, sizeof dict - 1, NULL, &b, &st, &e), 0);
	assert_int_equal(b.n, strlen("cat ||| chat\n"));
	assert_int_equal(memcmp(b.p, "cat ||| chat\n", b.n), 0);
	assert_int_equal(xp_dictd_pairs_mem("t.index", "", 0, dict, sizeof dict - 1, NULL, &b, &st, &e), 0);
	assert_int_equal(st.entries, 0);
	xp_buf_free(&b);
	/* no such dictionary */
	assert_true(xp_dictd_pairs(FIX("dictd/missing"), NULL, &b, NULL, &e) < 0);
	assert_non_null(strstr(e.file, "missing.index"));
	assert_null(strstr(e.msg, "apt-get"));
	/* one not where Debian installs them: the package that puts it there */
	assert_true(xp_dictd_pairs("/usr/share/dictd/freedict-xpx-none.dict.dz", NULL, &b, NULL, &e) < 0);
	assert_int_equal(e.code, XP_ENOTFOUND);
	assert_string_equal(e.file, "/usr/share/dictd/freedict-xpx-none.index");
	assert_non_null(strstr(e.msg, "`apt-get install dict-freedict-xpx-none`"));
	assert_true(xp_dictd_pairs("/usr/share/dictd/xpx-none", NULL, &b, NULL, &e) < 0);
	assert_non_null(strstr(e.msg, "dict-* packages"));
	xp_buf_free(&b);
}

/* CEDICT's format: English first, against the Simplified headword; each
 * rule of xp_cedict_pairs, in the file's order */
static const char want_cedict[] = "cat ||| 猫\n"
				  "kitty ||| 猫\n"          /* (a label) out */
				  "to eat ||| 吃\n"         /* a verb's "to" kept */
				  "to take ||| 吃\n"        /* (a gloss) out */
				  "big ||| 大\n"            /* cut at ',' and ';' */
				  "large ||| 大\n"
				  "great ||| 大\n"
				  "ice cream ||| 冰淇淋\n"  /* blanks collapsed */
				  "to look for ||| 找\n"
				  "to find ||| 找\n"
				  "book ||| 书\n"
				  "see 書本|书本 ||| 书\n"  /* [pinyin] out; the bitext's words keep it out */
				  "long ||| 长\n"           /* 10 words: dropped */
				  "tube ||| 管\n"           /* one holding "|||" dropped; "cat" again: once */
				  "to ||| 到\n";

static void cedict_ok(const char *name, const char *buf, size_t len, const xp_dictd_opts *o, xp_buf *b,
		      xp_dictd_stats *st)
{
	xp_err e = {0};
	int rc = buf ? xp_cedict_pairs_mem(name, buf, len, o, b, st, &e) : xp_dict_pairs(name, XP_DICT_AUTO, o, b, st, &e);
	if (rc) {
		char s[1200];
		xp_err_str(&e, s, sizeof s);
		print_error("%s: %s\n", name, s);
	}
	assert_int_equal(rc, 0);
	assert_false(b->oom);
	xp_buf_putc(b, '\0');
	b->n--;
}

static void test_cedict(void **state)
{
	(void)state;
	xp_buf b = {0};
	xp_dictd_stats st;
	/* read as the format its path says: one file, no .index beside it */
	assert_int_equal(xp_dict_detect(FIX("cedict/small.u8")), XP_DICT_CEDICT);
	assert_int_equal(xp_dict_detect(FIX("dictd/small")), XP_DICT_DICTD);
	assert_int_equal(xp_dict_detect(FIX("dictd/small.index")), XP_DICT_DICTD);
	assert_int_equal(xp_dict_detect(FIX("dictd/small.dict")), XP_DICT_DICTD);
	assert_int_equal(xp_dict_detect(FIX("cedict/nothing.u8")), XP_DICT_DICTD);
	cedict_ok(FIX("cedict/small.u8"), NULL, 0, NULL, &b, &st);
	assert_string_equal(b.p, want_cedict);
	assert_int_equal(st.entries, 10);
	assert_int_equal(st.pairs, 15);
	xp_buf_free(&b);
	/* a BOM, CRLF and no newline at the end */
	static const char crlf[] = "\xef\xbb\xbf# c\r\n貓 猫 [mao1] /cat/\r\n吃 吃 [chi1] /to eat/";
	cedict_ok("t.u8", crlf, sizeof crlf - 1, NULL, &b, &st);
	assert_string_equal(b.p, "cat ||| 猫\nto eat ||| 吃\n");
	xp_buf_free(&b);
	/* the pairs a bitext can meet: English's words on the source side,
	 * the headword on the target */
	static const char bitext[] = "to look for the cat ||| 找 猫\na big book ||| 大 书\nice cream ||| 冰淇淋\n";
	xp_vocab seen[2];
	xp_err e;
	assert_int_equal(xp_vocab_init(&seen[0], 1), 0);
	assert_int_equal(xp_vocab_init(&seen[1], 1), 0);
	assert_int_equal(xp_dictd_seen_mem(seen, "t.pairs", bitext, sizeof bitext - 1, &e), 0);
	xp_dictd_opts o = {{&seen[0], &seen[1]}};
	cedict_ok(FIX("cedict/small.u8"), NULL, 0, &o, &b, &st);
	assert_string_equal(b.p, "cat ||| 猫\nbig ||| 大\nice cream ||| 冰淇淋\nto look for ||| 找\nbook ||| 书\n");
	assert_int_equal(st.unseen, 10);
	xp_buf_free(&b);
	xp_vocab_free(&seen[0]);
	xp_vocab_free(&seen[1]);
	/* the format by name */
	xp_dict_format f;
	assert_int_equal(xp_dict_format_parse("cedict", &f), 0);
	assert_int_equal(f, XP_DICT_CEDICT);
	assert_int_equal(xp_dict_format_parse("dictd", &f), 0);
	assert_int_equal(f, XP_DICT_DICTD);
	assert_int_equal(xp_dict_format_parse("CEDICT", &f), -1);
}

/* a line that is not CEDICT's, or not text: refused with its line */
static void test_cedict_bad(void **state)
{
	(void)state;
	static const struct {
		const char *text, *where, *why;
	} bad[] = {
		{"貓 猫 /cat/\n", "t.u8:1", "not a CEDICT line"},
		{"# c\n\n貓 猫 [mao1 /cat/\n", "t.u8:3", "not a CEDICT line"},
		{"貓 猫 [mao1] cat\n", "t.u8:1", "not a CEDICT line"},
		{"貓 猫 [mao1] /cat\n", "t.u8:1", "not a CEDICT line"},
		{"貓猫 [mao1] /cat/\n", "t.u8:1", "not a CEDICT line"},
		{" 猫 [mao1] /cat/\n", "t.u8:1", "not a CEDICT line"},
		{"cat\tA\tJ\n", "t.u8:1", "not a CEDICT line"},
		{"貓 猫 [mao1] /cat/\n貓 \xff [mao1] /cat/\n", "t.u8:2", "not UTF-8"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		xp_err e = {0};
		xp_buf b = {0};
		refused(k, xp_cedict_pairs_mem("t.u8", bad[k].text, strlen(bad[k].text), NULL, &b, NULL, &e), &e,
			bad[k].where, bad[k].why);
		xp_buf_free(&b);
	}
	/* a NUL byte */
	static const char nul[] = "貓 猫 [mao1] /cat/\0x ||| y/\n";
	xp_err e = {0};
	xp_buf b = {0};
	assert_true(xp_cedict_pairs_mem("t.u8", nul, sizeof nul - 1, NULL, &b, NULL, &e) < 0);
	assert_non_null(strstr(e.msg, "not UTF-8 text"));
	/* no such file, named as CEDICT's */
	assert_true(xp_dict_pairs(FIX("cedict/nothing.u8"), XP_DICT_CEDICT, NULL, &b, NULL, &e) < 0);
	assert_non_null(strstr(e.file, "nothing.u8"));
	xp_buf_free(&b);
}

/* the languages a dictionary's name says (FreeDict's), and a dictionary of
 * another pair than the one given refused (adversarial round 9) */
static void test_langs(void **state)
{
	(void)state;
	char l[2][4];
	assert_int_equal(xp_dictd_langs("/usr/share/dictd/freedict-eng-fra.dict.dz", l), 1);
	assert_string_equal(l[0], "eng");
	assert_string_equal(l[1], "fra");
	assert_int_equal(xp_dictd_langs("d/en-zh.index", l), 1);
	assert_string_equal(l[0], "en");
	assert_string_equal(l[1], "zh");
	assert_int_equal(xp_dictd_langs("fa-en", l), 1);
	static const char *const none[] = {"small", "freedict-xpx-none", "x/a-fra", "eng-f", "eng_fra", "d-eng-fr1", "ENG-FRA"};
	for (size_t k = 0; k < sizeof none / sizeof *none; k++) {
		assert_int_equal(xp_dictd_langs(none[k], l), 0);
		assert_string_equal(l[0], "");
	}
	/* one language by any of its codes; a language without a pack by ICU's */
	assert_int_equal(xp_lang_same("fra", "fr"), 1);
	assert_int_equal(xp_lang_same("fre", "fr-FR"), 1);
	assert_int_equal(xp_lang_same("ron", "ro"), 1);
	assert_int_equal(xp_lang_same("deu", "fr"), 0);
	assert_int_equal(xp_lang_same("ron", "it"), 0);
	assert_int_equal(xp_lang_same("xpx", "fr"), -1);
	assert_int_equal(xp_lang_same(NULL, "fr"), -1);
	xp_err e;
	const char *enfr[2] = {"en", "fr"}, *frnone[2] = {NULL, "fr"};
	assert_int_equal(xp_wa_dict_fits("freedict-eng-fra", 0, enfr, &e), 0);
	assert_int_equal(xp_wa_dict_fits("small", 0, enfr, &e), 0);
	assert_true(xp_wa_dict_fits("freedict-eng-deu", 0, frnone, &e) < 0);
	assert_int_equal(e.code, XP_EINPUT);
	assert_string_equal(e.file, "freedict-eng-deu");
	assert_true(xp_wa_dict_fits("freedict-fra-eng", 0, enfr, &e) < 0);
	assert_non_null(strstr(e.msg, "the other way round"));
	assert_int_equal(xp_wa_dict_fits("freedict-eng-fra", 0, frnone, &e), 0);
	/* a CEDICT file's format says its headwords are Chinese, the target's:
	 * its name fits in either order (cedict-en-zh was refused as the pair
	 * the other way round), another pair does not */
	const char *enzh[2] = {"en", "zh"}, *nonezh[2] = {NULL, "zh"};
	assert_int_equal(xp_wa_dict_fits("cedict-zh-en", 1, enzh, &e), 0);
	assert_int_equal(xp_wa_dict_fits("cedict-en-zh", 1, enzh, &e), 0);
	assert_int_equal(xp_wa_dict_fits("zh-en", 1, enzh, &e), 0);
	assert_int_equal(xp_wa_dict_fits("/d/en-zh", 1, enzh, &e), 0);
	assert_int_equal(xp_wa_dict_fits("cedict-zh-en", 1, nonezh, &e), 0);
	assert_int_equal(xp_wa_dict_fits("cedict-en-zh", 1, nonezh, &e), 0);
	assert_true(xp_wa_dict_fits("cedict-zh-en", 1, enfr, &e) < 0);
	assert_non_null(strstr(e.msg, "another language pair"));
	assert_true(xp_wa_dict_fits("handedict-zh-de", 1, enzh, &e) < 0);
	assert_non_null(strstr(e.msg, "another language pair"));
	/* a dictd file's name is still read headwords first */
	assert_true(xp_wa_dict_fits("freedict-zho-eng", 0, enzh, &e) < 0);
	assert_non_null(strstr(e.msg, "the other way round"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairs),
		cmocka_unit_test(test_seen),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_cedict),
		cmocka_unit_test(test_cedict_bad),
		cmocka_unit_test(test_langs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
