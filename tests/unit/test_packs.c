/* tests/unit/test_packs.c — the language packs (lang/lang.h): a code and
 * its aliases find one pack, a code without one the generic pack; the
 * letters' folding; each pack's rules and their sets; each pack's
 * confidence model. */
#include "testutil.h"
#include "lang/lang.h"
#include "lang/np.h"
#include "lang/pron.h"
#include "project/confidence.h"

static void test_find(void **state)
{
	(void)state;
	const xp_lang_pack *fa = xp_lang_find("fa"), *zh = xp_lang_find("zh");
	assert_non_null(fa);
	assert_non_null(zh);
	assert_string_equal(fa->code, "fa");
	assert_string_equal(zh->code, "zh");
	static const char *const fas[] = {"fas", "per", "fa-IR", "FA", "fa_IR", "pes"};
	for (size_t k = 0; k < sizeof fas / sizeof *fas; k++)
		assert_ptr_equal(xp_lang_find(fas[k]), fa);
	static const char *const zhs[] = {"zh-Hans", "zh-Hant", "cmn", "zho", "zh_TW", "cmn-Hans"};
	for (size_t k = 0; k < sizeof zhs / sizeof *zhs; k++)
		assert_ptr_equal(xp_lang_find(zhs[k]), zh);
	/* not a prefix of another code */
	assert_null(xp_lang_find("fake"));
	assert_null(xp_lang_find("zhx"));
	assert_null(xp_lang_find("nl"));
	/* German, French, Portuguese by their codes and aliases */
	static const char *const des[] = {"de", "deu", "ger", "de-DE", "DE_at"}, *const frs[] = {"fr", "fra", "fre", "fr-CA"},
				 *const pts[] = {"pt", "por", "pt-BR", "pt-PT"};
	for (size_t k = 0; k < sizeof des / sizeof *des; k++)
		assert_string_equal(xp_lang_find(des[k])->code, "de");
	for (size_t k = 0; k < sizeof frs / sizeof *frs; k++)
		assert_string_equal(xp_lang_find(frs[k])->code, "fr");
	for (size_t k = 0; k < sizeof pts / sizeof *pts; k++)
		assert_string_equal(xp_lang_find(pts[k])->code, "pt");
	assert_non_null(xp_lang_find("de")->determiners);
	assert_null(xp_lang_find("fr")->np_shed);
	assert_null(xp_lang_find(""));
	assert_null(xp_lang_find(NULL));
	assert_ptr_equal(xp_lang_get("nl"), xp_lang_generic());
	assert_ptr_equal(xp_lang_get("fa-IR"), fa);
	assert_string_equal(xp_lang_generic()->code, "");
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	assert_true(n >= 2);
	for (size_t k = 0; k < n; k++)   /* each pack finds itself */
		assert_ptr_equal(xp_lang_find(all[k]->code), all[k]);
}

/* one spelling of a tag (the name of a store's line of runs) */
static void test_tag(void **state)
{
	(void)state;
	char o[64];
	static const char *const v[][2] = {{"es-mx", "es-MX"}, {"es_MX", "es-MX"}, {"ES", "es"}, {"spa-mx", "es-MX"},
					   {"zh_hant_tw", "zh-Hant-TW"}, {"zho", "zh"}, {"per-IR", "fa-IR"}, {"ger", "de"},
					   {"ita", "it"}, {"IT-ch", "it-CH"}, {"es-419", "es-419"}, {"sr-latn-rs", "sr-Latn-RS"}};
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		assert_int_equal(xp_lang_tag(v[i][0], o, sizeof o), 0);
		assert_string_equal(o, v[i][1]);
	}
	assert_int_equal(xp_lang_tag("", o, sizeof o), -1);
	assert_int_equal(xp_lang_tag(NULL, o, sizeof o), -1);
	assert_int_equal(xp_lang_tag("es-MX", o, 4), -1);
	assert_string_equal(o, "");
	/* after a singleton (u-, x-) nothing is a region or a script: BCP 47
	 * writes an extension and private use in lower case (x-ab was x-AB) */
	static const char *const w[][2] = {{"de-CH-x-ab", "de-CH-x-ab"}, {"de-ch-X-AB", "de-CH-x-ab"},
					   {"en-u-ca-gregory", "en-u-ca-gregory"}, {"th-TH-u-NU-thai", "th-TH-u-nu-thai"},
					   {"zh-x-hant", "zh-x-hant"}, {"x-ab", "x-ab"}, {"de-a-bc-DE", "de-a-bc-de"}};
	for (size_t i = 0; i < sizeof w / sizeof *w; i++) {
		assert_int_equal(xp_lang_tag(w[i][0], o, sizeof o), 0);
		assert_string_equal(o, w[i][1]);
	}
	/* one tag, however spelt (db import --wa-model's and wordalign's check) */
	assert_true(xp_lang_tag_same("yue-hk", "yue_HK"));
	assert_true(xp_lang_tag_same("zho", "zh"));
	assert_true(xp_lang_tag_same("de-ch-X-AB", "de-CH-x-ab"));
	assert_false(xp_lang_tag_same("yue-HK", "yue-MO"));
	assert_false(xp_lang_tag_same("es", "es-MX"));
	assert_false(xp_lang_tag_same("es", NULL));
	assert_true(xp_lang_tag_same(NULL, NULL));
}

/* Which codes name a language at all (xp_lang_known): ISO 639 codes ICU
 * knows, of two letters and three (terminology and bibliographic), BCP 47
 * tags of them; three letters ICU lacks as maybe; not a two-letter typo,
 * "und" or a private tag. */
static void test_known(void **state)
{
	(void)state;
	char name[64];
	static const struct { const char *code, *name; } yes[] = {
		{"ro", "Romanian"}, {"ron", "Romanian"}, {"rum", "Romanian"}, {"nl", "Dutch"}, {"dut", "Dutch"},
		{"tt", "Tatar"}, {"yue", "Cantonese"}, {"sr-Latn-RS", "Serbian"}, {"pt_BR", "Portuguese"},
		{"zh-Hant", "Chinese"}, {"EN-us", "English"}, {"iw", "Hebrew"}, {"i-klingon", "Klingon"}, {"fa", "Persian"}};
	for (size_t k = 0; k < sizeof yes / sizeof *yes; k++) {
		assert_int_equal(xp_lang_known(yes[k].code, name, sizeof name), 1);
		assert_string_equal(name, yes[k].name);
	}
	/* three letters ICU does not list: maybe one of the ISO 639-3 codes
	 * it lacks, so not refused; told apart from a language it names */
	static const char *const maybe[] = {"xpx", "zhx", "qaa", "ZHX-Latn"};
	for (size_t k = 0; k < sizeof maybe / sizeof *maybe; k++) {
		strcpy(name, "left");
		assert_int_equal(xp_lang_known(maybe[k], name, sizeof name), 2);
		assert_string_equal(name, "");
	}
	static const char *const no[] = {"zn", "xx", "und", "x-foo", "", "fa-", "-fa", "fa--IR", "english",
					 "f", "zh_Hant_Hans_Hant_Hans_Hant_Hans_Hant_Hans_Hant_Hans_Hant_Hans_Hant"};
	for (size_t k = 0; k < sizeof no / sizeof *no; k++) {
		strcpy(name, "left");
		assert_int_equal(xp_lang_known(no[k], name, sizeof name), 0);
		assert_string_equal(name, "");
	}
	assert_int_equal(xp_lang_known(NULL, NULL, 0), 0);
	assert_int_equal(xp_lang_known("de", NULL, 0), 1);
	/* every pack's code names a language */
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t k = 0; k < n; k++)
		assert_int_equal(xp_lang_known(all[k]->code, NULL, 0), 1);
}

static void test_traits(void **state)
{
	(void)state;
	assert_true(xp_lang_has(xp_lang_find("zh"), XP_LT_UNSPACED));
	assert_false(xp_lang_has(xp_lang_find("fa"), XP_LT_UNSPACED));
	assert_true(xp_lang_has(xp_lang_find("fa"), XP_LT_PERSON_ENDINGS));
	assert_false(xp_lang_has(xp_lang_generic(), XP_LT_NO_ARTICLES));
	assert_false(xp_lang_has(NULL, XP_LT_NO_ARTICLES));
}

static void test_fold(void **state)
{
	(void)state;
	assert_int_equal(xp_fa_fold_cp(0x064A, 0), 0x06CC);
	assert_int_equal(xp_fa_fold_cp(0x0643, 0), 0x06A9);
	assert_int_equal(xp_fa_fold_cp(0x0649, 0), 0x0649);   /* alef maksura only when asked */
	assert_int_equal(xp_fa_fold_cp(0x0649, XP_FOLD_MAKSURA), 0x06CC);
	assert_int_equal(xp_fa_fold_cp('a', XP_FOLD_MAKSURA), 'a');
	char out[32];
	const char *in = "\xd9\x85\xd9\x8a \xd9\x83\xd9\x86\xd9\x89";   /* مي كنى */
	xp_fa_fold(in, strlen(in), out, 0);
	assert_memory_equal(out, "\xd9\x85\xdb\x8c \xda\xa9\xd9\x86\xd9\x89", strlen(in));
	xp_fa_fold(in, strlen(in), out, XP_FOLD_MAKSURA);
	assert_memory_equal(out, "\xd9\x85\xdb\x8c \xda\xa9\xd9\x86\xdb\x8c", strlen(in));
	/* the same through the pack (its fold), and none for a pack without */
	memset(out, 0, sizeof out);
	assert_int_equal(xp_lang_fold(xp_lang_find("fa"), in, strlen(in), out, 0), 1);
	assert_memory_equal(out, "\xd9\x85\xdb\x8c \xda\xa9\xd9\x86\xd9\x89", strlen(in));
	assert_int_equal(xp_lang_fold(xp_lang_find("zh"), in, strlen(in), out, 0), 0);
	assert_memory_equal(out, in, strlen(in));
	assert_int_equal(xp_lang_fold(NULL, "ab", 2, out, 0), 0);
	assert_int_equal(xp_lang_fold(xp_lang_find("fa"), "\xd9\xff\xd9\x8a", 4, out, 0), 1);   /* no UTF-8: as it is */
	assert_memory_equal(out, "\xd9\xff\xdb\x8c", 4);
	/* a lead byte cut off at the end stays */
	xp_fa_fold("a\xd9", 2, out, 0);
	assert_memory_equal(out, "a\xd9", 2);
}

static void test_rules(void **state)
{
	(void)state;
	const xp_lang_pack *zh = xp_lang_find("zh"), *fa = xp_lang_find("fa"), *g = xp_lang_generic();
	const xp_lang_pack *de = xp_lang_find("de"), *pt = xp_lang_find("pt");
	/* stray and consist: Farsi's (consist Chinese's too); not the generic
	 * pack's, German's, French's, Portuguese's (ParCorFull's talk audit,
	 * docs/quality.md): the generic pack lists edge_punct alone */
	assert_true(xp_lang_rule_set(fa, XP_RK_NP) & XP_NP_STRAY);
	assert_false(xp_lang_rule_set(zh, XP_RK_NP) & XP_NP_STRAY);
	assert_true(xp_lang_rule_set(zh, XP_RK_NP) & XP_NP_CONSIST);
	assert_int_equal(xp_lang_nrules(g), 1);
	assert_true(xp_lang_rule_set(g, XP_RK_NP) & XP_NP_EDGE_PUNCT);
	/* English and Arabic share the generic pack's list */
	assert_true(xp_lang_rule_set(xp_lang_find("ar"), XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_true(xp_lang_rule_set(xp_lang_find("en"), XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_false(xp_lang_rule_set(de, XP_RK_NP) & (XP_NP_STRAY | XP_NP_CONSIST));
	assert_false(xp_lang_rule_set(xp_lang_find("fr"), XP_RK_NP) & (XP_NP_STRAY | XP_NP_CONSIST | XP_NP_PUNCT_NEXT));
	assert_false(xp_lang_rule_set(pt, XP_RK_NP) & (XP_NP_STRAY | XP_NP_CONSIST | XP_NP_PUNCT_NEXT | XP_NP_EDGE_PUNCT));
	/* edge_punct: German's and French's (the talk audit), Spanish's, the
	 * generic pack's (the talks of every language pooled); not
	 * Portuguese's (its own talks), Chinese's, Farsi's (the rule audit),
	 * Japanese's (not measured) */
	assert_true(xp_lang_rule_set(de, XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_true(xp_lang_rule_set(xp_lang_get("nl"), XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_false(xp_lang_rule_set(zh, XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_false(xp_lang_rule_set(fa, XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_false(xp_lang_rule_set(xp_lang_find("ja"), XP_RK_NP) & XP_NP_EDGE_PUNCT);
	assert_int_equal(xp_lang_rule_set(g, XP_RK_PRONOUN), 0);
	assert_true(xp_lang_rule_set(zh, XP_RK_PRONOUN) & XP_LR_ZH_PRONOUN);
	assert_false(xp_lang_rule_set(zh, XP_RK_PRONOUN) & XP_LR_FA_ATTACH);
	/* every pronoun and noun phrase rule belongs to some pack, with a
	 * name that finds it and a description */
	uint64_t lr = 0, np = 0;
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t k = 0; k < n; k++) {
		lr |= xp_lang_rule_set(all[k], XP_RK_PRONOUN);
		np |= xp_lang_rule_set(all[k], XP_RK_NP);
		for (size_t i = 0; i < xp_lang_nrules(all[k]); i++) {
			const xp_lang_rule *r = xp_lang_rule_at(all[k], i);
			assert_int_equal(xp_lang_rule_named(r->name, NULL)->bit, r->bit);
			assert_true(strlen(r->what) > 10);
		}
		assert_null(xp_lang_rule_at(all[k], xp_lang_nrules(all[k])));
	}
	assert_int_equal(lr, XP_LR_ALL);
	assert_int_equal(np, XP_NP_ALL);
	const xp_lang_pack *p;
	assert_non_null(xp_lang_rule_named("fa_ezafe", &p));
	assert_ptr_equal(p, fa);
	assert_non_null(xp_lang_rule_named("consist", &p));
	assert_null(p);
	assert_non_null(xp_lang_rule_named("edge_punct", &p));   /* the generic pack, de, fr, es list it */
	assert_null(p);
	assert_null(xp_lang_rule_named("no_such_rule", &p));
}

/* The rules' names by bit come from the packs' tables (lang.h
 * xp_lang_rule_bit): the reports list them in that order, a format, so the
 * compiled-in ones are frozen here; and the switches of earlier releases,
 * each once. */
static void test_rule_bits(void **state)
{
	(void)state;
	static const char *const np[] = {"stray", "zh_name", "zh_classifier", "fa_indef", "fa_possessor", "fa_compound",
		"fa_dem", "fa_ra", "zh_copula", "consist", "zh_words", "zh_de", "zh_name_trim", "fa_verb_edge", "fa_clause",
		"fa_ezafe", "fa_head", "fa_edges", "fa_dem_noun", "zh_de_end", "zh_measure", "zh_head", "zh_locative",
		"fa_weak_det", "zh_verb_tail", "zh_clause_head", "zh_weak_lead", "fa_repeat", "zh_particle", "det",
		"edge_punct", "shed", "punct_next", "marked", "relative", "subject_verb", "poss_article", "names", "doubt",
		"ef1", "phrases"};
	static const char *const lr[] = {"articles", "zh_pronoun", "fa_attach", "zh_possessive", "free_pronoun",
		"fa_clitic", "fa_verb", "pronoun_move", "pronoun_drop", "fa_light_verb", "fa_possessive", "fa_verb_move",
		"fa_case", "fa_homograph", "fa_verb_final", "zh_demonstrative", "zh_interrogative", "fa_demonstrative"};
	assert_int_equal(xp_lang_rule_bits(XP_RK_NP), sizeof np / sizeof *np);
	assert_int_equal(xp_lang_rule_bits(XP_RK_PRONOUN), sizeof lr / sizeof *lr);
	assert_int_equal(xp_lang_rule_bits(XP_RK_PRODROP), 0);
	for (unsigned k = 0; k < sizeof np / sizeof *np; k++) {
		assert_string_equal(xp_np_name(k), np[k]);
		assert_true(xp_lang_rule_bit(XP_RK_NP, k)->bit == XP_NP_BIT(k));
	}
	for (unsigned k = 0; k < sizeof lr / sizeof *lr; k++)
		assert_string_equal(xp_lr_name(k), lr[k]);
	assert_null(xp_lang_rule_bit(XP_RK_NP, XP_NP_NRULES));
	assert_null(xp_lang_rule_bit(XP_RK_PRONOUN, 32));
	assert_string_equal(xp_np_name(XP_NP_NRULES), "");
	char list[1024];
	assert_non_null(strstr(xp_np_list(list, sizeof list), "stray, zh_name, zh_classifier, "));
	assert_non_null(strstr(xp_np_list(list, sizeof list), ", ef1, phrases"));
	assert_string_equal(xp_np_list(list, 12), "stray, zh_n");   /* cut, ended */
	/* the switches of earlier releases: 18, each once, each a rule's */
	size_t k = 0;
	for (const xp_lang_rule *r; (r = xp_lang_off_switch(k)) != NULL; k++) {
		assert_int_equal(strncmp(r->off, "no-", 3), 0);
		for (size_t j = 0; j < k; j++)
			assert_string_not_equal(xp_lang_off_switch(j)->off, r->off);
	}
	assert_int_equal(k, 18);
	assert_string_equal(xp_lang_rule_named("fa_verb", NULL)->off, "no-fa-nearest-verb");
	assert_string_equal(xp_lang_segmenter_rule_name(), "zh_words");
}

static void test_rules_spec(void **state)
{
	(void)state;
	xp_rule_sel s, d;
	char bad[64];
	/* the default set is the one the projection always had */
	xp_rules_default(&d);
	assert_int_equal(d.pron, XP_LR_ALL & ~(unsigned)XP_LR_ARTICLES);
	assert_true(d.np == XP_NP_DEFAULT);
	assert_int_equal(d.prodrop, 1);
	s = d;
	assert_int_equal(xp_rules_parse("+articles,-fa_ezafe, -prodrop", &s, bad, sizeof bad), 0);
	assert_int_equal(s.pron, d.pron | XP_LR_ARTICLES);
	assert_true(s.np == (d.np & ~XP_NP_FA_EZAFE));
	assert_int_equal(s.prodrop, 0);
	assert_int_equal(xp_rules_parse("none,zh_words,+pronoun_drop", &s, bad, sizeof bad), 0);
	assert_int_equal(s.pron, XP_LR_PRON_DROP);
	assert_true(s.np == XP_NP_ZH_WORDS);
	assert_int_equal(s.prodrop, 0);
	assert_int_equal(xp_rules_parse("all", &s, bad, sizeof bad), 0);
	assert_int_equal(s.pron, XP_LR_ALL);
	assert_true(s.np == XP_NP_ALL);
	assert_int_equal(s.prodrop, 1);
	assert_int_equal(xp_rules_parse("all,default", &s, bad, sizeof bad), 0);
	assert_memory_equal(&s, &d, sizeof s);
	/* what it does not know, named */
	assert_int_equal(xp_rules_parse("default,+fa_ezafee", &s, bad, sizeof bad), -1);
	assert_string_equal(bad, "+fa_ezafee");
	assert_int_equal(xp_rules_parse("default,,stray", &s, bad, sizeof bad), -1);
	assert_string_equal(bad, "");
	assert_int_equal(xp_rules_parse("", &s, bad, sizeof bad), -1);
	assert_int_equal(xp_rules_parse("+", &s, bad, sizeof bad), -1);
	assert_string_equal(bad, "+");
	/* on / off as a rule reads it */
	xp_rules_default(&s);
	assert_true(xp_rules_on(&s, xp_lang_rule_named("fa_ezafe", NULL)));
	assert_false(xp_rules_on(&s, xp_lang_rule_named("articles", NULL)));
	assert_true(xp_rules_on(&s, xp_lang_rule_named("prodrop", NULL)));
}

/* the compiled-in model fitted for "fa" serves the pack's other codes */
static void test_model_codes(void **state)
{
	(void)state;
	xp_conf_model m = {0};
	xp_err e;
	assert_int_equal(xp_conf_default(&m, &e), 0);
	const xp_conf_lang *fa = xp_conf_for(&m, "fa"), *zh = xp_conf_for(&m, "zh");
	assert_non_null(fa);
	assert_non_null(zh);
	assert_string_equal(fa->lang, "fa");
	assert_ptr_equal(xp_conf_for(&m, "per"), fa);
	assert_ptr_equal(xp_conf_for(&m, "fa-IR"), fa);
	assert_ptr_equal(xp_conf_for(&m, "cmn"), zh);
	assert_ptr_equal(xp_conf_for(&m, "de"), xp_conf_for(&m, "xx"));   /* no pack: the fallback */
	xp_conf_free(&m);
}

/* each pack carries its own model (lang/calib/CODE.json), for its codes
 * only, and the compiled-in model is theirs together */
static void test_pack_models(void **state)
{
	(void)state;
	size_t np, models = 0;
	const xp_lang_pack *const *p = xp_lang_packs(&np);
	xp_err e;
	for (size_t k = 0; k < np; k++) {
		if (!p[k]->calibration)
			continue;
		xp_conf_model one;
		assert_int_equal(xp_conf_parse(p[k]->code, p[k]->calibration, strlen(p[k]->calibration), &one, &e), 0);
		assert_true(one.n > 0);
		for (size_t i = 0; i < one.n; i++)
			assert_ptr_equal(xp_lang_find(one.v[i].lang), p[k]);
		models += one.n;
		xp_conf_free(&one);
	}
	assert_non_null(xp_lang_find("zh")->calibration);
	assert_non_null(xp_lang_find("fa")->calibration);
	assert_null(xp_lang_find("de")->calibration);
	xp_conf_model m;
	assert_int_equal(xp_conf_default(&m, &e), 0);
	assert_int_equal(m.n, models);
	assert_non_null(xp_conf_for(&m, "fa")->lex);   /* the lexicon fa_last_word reads came along */
	assert_null(xp_conf_for(&m, "de"));
	xp_conf_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_tag),
		cmocka_unit_test(test_known),
		cmocka_unit_test(test_traits),
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_rules_spec),
		cmocka_unit_test(test_rule_bits),
		cmocka_unit_test(test_model_codes),
		cmocka_unit_test(test_pack_models),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
