/* tests/unit/test_partition.c — partitioned scores: p-link on the worked
 * example of its definition (decl recall 1.5/2), partitions summing to MUC
 * and mention identification, GAP's Bias on a constructed case, the word
 * lists behind the categories, and user labels. */
#include "evalutil.h"
#include "model/mtype.h"
#include "eval/partition.h"
#include "lang/lang.h"

static const xp_part *part(const xp_parts *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->v[i].name, name))
			return &p->v[i];
	fail_msg("no partition %s", name);
	return NULL;
}

static xp_parts by(const xp_corpus *k, const xp_corpus *r, xp_by_kind kind, const char *lang)
{
	xp_by b = {kind, lang, NULL};
	xp_parts p;
	xp_err e;
	assert_int_equal(xp_score_by(k, r, &b, &p, &e), 0);
	return p;
}

/* p-link's worked example (partition.h): one entity with mentions in a
 * declarative, a declarative, a question and a declarative sentence.  The
 * key's links Ross-He (decl, decl), He-he (decl, q), he-He (q, decl) owe
 * decl 1 + 1/2 + 1/2 = 2 and q 1/2 + 1/2 = 1.  The response keeps the first
 * three together and the last apart: it finds Ross-He and He-he, worth
 * 1 + 1/2 = 1.5 to decl and 1/2 to q: decl recall 1.5/2 = 0.75, q 0.5/1.
 * Its own links Ross-He, He-he are both right: precision 1.5/1.5, 0.5/0.5. */
static void plink_worked_example(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	const char *text = "I saw Ross today ./He left the party ./Did he call ?/He is back now .";
	add_doc(&k, "d", text, "0 2 3 0; 1 0 1 0; 2 1 2 0; 3 0 1 0");
	add_doc(&r, "d", text, "0 2 3 0; 1 0 1 0; 2 1 2 0; 3 0 1 1");
	xp_parts p = by(&k, &r, XP_BY_SENTENCE, "en");
	const xp_part *decl = part(&p, "declarative"), *q = part(&p, "question");
	rp_is(&decl->plink, 1.5, 2, 1.5, 1.5);
	rp_is(&q->plink, 0.5, 1, 0.5, 0.5);
	double rr, pp, f;
	xp_rp_prf(&decl->plink, &rr, &pp, &f);
	NEAR(rr, 0.75);
	rp_is(&decl->mentions, 3, 3, 3, 3);
	rp_is(&q->mentions, 1, 1, 1, 1);
	rp_is(&part(&p, "imperative")->plink, 0, 0, 0, 0);
	assert_int_equal(p.key_none, 0);
	xp_parts_free(&p);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* Summed over partitions that hold every mention, p-link is MUC and the
 * mention counts are the scorer's, on random documents. */
static void sums_to_muc(void **state)
{
	(void)state;
	srand(11);
	const char *text = "he said she a b/c d e f ?/Go g h i j ./k l m n o p q r s t u v w x y z !";
	for (int round = 0; round < 300; round++) {
		xp_corpus k = {0}, r = {0};
		char ks[1024] = "", rs[1024] = "";
		const int lens[4] = {5, 5, 6, 17};
		int lab[2][4][17][2];   /* one entity per span and side: no span in two */
		for (int i = 0; i < 2 * 4 * 17 * 2; i++)
			(&lab[0][0][0][0])[i] = rand() % 4;
		for (int side = 0; side < 2; side++)
			for (int m = 0; m < 10; m++) {
				int u = rand() % 4, s = rand() % lens[u], e = s + 1 + rand() % 2;
				if (e > lens[u])
					e = lens[u];
				char one[48];
				snprintf(one, sizeof one, "%d %d %d %d;", u, s, e, lab[side][u][s][e - s - 1]);
				strcat(side ? rs : ks, one);
			}
		add_doc(&k, "d", text, ks);
		add_doc(&r, "d", text, rs);
		xp_scores s = {0};
		assert_int_equal(xp_score_doc(&k.docs[0], &r.docs[0], XP_ALL_METRICS, &s), 0);
		for (xp_by_kind kind = XP_BY_TYPE; kind <= XP_BY_LENGTH; kind++) {
			xp_parts p = by(&k, &r, kind, "en");
			xp_rp pl = {0}, mn = {0};
			for (size_t i = 0; i < p.n; i++) {
				pl.rn += p.v[i].plink.rn, pl.rd += p.v[i].plink.rd;
				pl.pn += p.v[i].plink.pn, pl.pd += p.v[i].plink.pd;
				mn.rn += p.v[i].mentions.rn, mn.rd += p.v[i].mentions.rd;
				mn.pn += p.v[i].mentions.pn, mn.pd += p.v[i].mentions.pd;
			}
			rp_is(&pl, s.m[XP_MUC].rn, s.m[XP_MUC].rd, s.m[XP_MUC].pn, s.m[XP_MUC].pd);
			rp_is(&mn, s.m[XP_MENTIONS].rn, s.m[XP_MENTIONS].rd, s.m[XP_MENTIONS].pn,
			      s.m[XP_MENTIONS].pd);
			xp_parts_free(&p);
		}
		xp_corpus_free(&k);
		xp_corpus_free(&r);
	}
}

/* GAP's Bias on a constructed case:
 *   key: {John, he, him} {Mary, She, her};  response: {John, he, him} {Mary, She}
 * Mentions: masculine he, him 2/2 and 2/2, F1 1; feminine She, her: recall
 * 1/2, precision 1/1, F1 2/3: Bias 2/3.  p-link: masculine is owed he's half
 * of John-he and both halves of he-him, 1.5, all found: F1 1.  Feminine is
 * owed She's half of Mary-She and both of She-her, 1.5; found only Mary-She:
 * recall 0.5/1.5; the response's one link Mary-She is right: precision
 * 0.5/0.5; F1 = 2 (1/3)(1) / (4/3) = 1/2: Bias 1/2. */
static void gender_bias(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	const char *text = "John said he saw Mary ./She told him about her .";
	add_doc(&k, "d", text, "0 0 1 0; 0 2 3 0; 1 2 3 0; 0 4 5 1; 1 0 1 1; 1 4 5 1");
	add_doc(&r, "d", text, "0 0 1 0; 0 2 3 0; 1 2 3 0; 0 4 5 1; 1 0 1 1");
	xp_parts p = by(&k, &r, XP_BY_GENDER, "en");
	assert_int_equal(p.n, 2);
	rp_is(&part(&p, "masculine")->mentions, 2, 2, 2, 2);
	rp_is(&part(&p, "feminine")->mentions, 1, 2, 1, 1);
	rp_is(&part(&p, "masculine")->plink, 1.5, 1.5, 1.5, 1.5);
	rp_is(&part(&p, "feminine")->plink, 0.5, 1.5, 0.5, 0.5);
	NEAR(xp_gender_bias(&p, 0), 2.0 / 3);
	NEAR(xp_gender_bias(&p, 1), 0.5);
	assert_int_equal(p.key_none, 2);    /* John, Mary */
	assert_int_equal(p.resp_none, 2);
	xp_parts_free(&p);

	/* no masculine pronoun found at all: Bias is undefined */
	xp_corpus_free(&r);
	r = (xp_corpus){0};
	add_doc(&r, "d", text, "0 4 5 1; 1 0 1 1");
	p = by(&k, &r, XP_BY_GENDER, "en");
	assert_true(isnan(xp_gender_bias(&p, 1)));
	xp_parts_free(&p);

	xp_by b = {XP_BY_GENDER, "fa", NULL};
	xp_err e;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), XP_EUSAGE);
	/* Japanese's pack lists no pronouns, nor gender words nor openers;
	 * German's lists pronouns and openers, and no gender words: its sie is
	 * also "they" and the formal "you" (lang/de.c) */
	b.lang = "ja";
	b.kind = XP_BY_TYPE;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), XP_EUSAGE);
	b.kind = XP_BY_SENTENCE;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), XP_EUSAGE);
	b.kind = XP_BY_GENDER;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), XP_EUSAGE);
	b.lang = "de";
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), XP_EUSAGE);
	b.kind = XP_BY_SENTENCE;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), 0);
	xp_parts_free(&p);
	b.kind = XP_BY_TYPE;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), 0);
	assert_int_equal(p.n, 2);   /* pronoun, other */
	assert_string_equal(p.v[0].name, "pronoun");
	assert_string_equal(p.v[1].name, "other");
	xp_parts_free(&p);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* The word lists of lang's pack (model/mtype.h, lang/lang.h xp_lang_mtype). */
static const xp_mtype_words *lists(const char *lang)
{
	static xp_mtype_words tmp;
	const xp_mtype_words *w = xp_lang_mtype(xp_lang_find(lang), &tmp);
	assert_non_null(w);
	return w;
}

static xp_stype stype(const char *lang, const char *words)
{
	xp_corpus c = {0};
	xp_doc *d = add_doc(&c, "d", words, "");
	xp_stype t = xp_sentence_type(lists(lang), &d->utts[0]);
	xp_corpus_free(&c);
	return t;
}

static xp_mtype mtype(const char *lang, const char *words)
{
	xp_corpus c = {0};
	xp_doc *d = add_doc(&c, "d", words, "");
	xp_mtype t = xp_mention_type(lists(lang), &d->utts[0], 0, d->utts[0].ntoks);
	xp_corpus_free(&c);
	return t;
}

static xp_gender gender(const char *lang, const char *words)
{
	xp_corpus c = {0};
	xp_doc *d = add_doc(&c, "d", words, "");
	xp_gender g = xp_pronoun_gender(lists(lang), &d->utts[0], 0, d->utts[0].ntoks);
	xp_corpus_free(&c);
	return g;
}

static void word_lists(void **state)
{
	(void)state;
	assert_int_equal(stype("en", "Get out !"), XP_ST_IMPERATIVE);
	assert_int_equal(stype("en", "Oh , please sit down ."), XP_ST_IMPERATIVE);
	assert_int_equal(stype("en", "Do n't worry about it ."), XP_ST_IMPERATIVE);
	assert_int_equal(stype("en", "Do you know him ?"), XP_ST_QUESTION);
	assert_int_equal(stype("en", "That is so great !"), XP_ST_EXCLAMATION);
	assert_int_equal(stype("en", "Okay ."), XP_ST_FRAGMENT);
	assert_int_equal(stype("en", "I know that guy ."), XP_ST_DECLARATIVE);
	assert_int_equal(stype("zh", "请 坐 下 。"), XP_ST_IMPERATIVE);
	assert_int_equal(stype("zh", "嗯 ， 别 走 。"), XP_ST_IMPERATIVE);
	assert_int_equal(stype("zh", "你 好 吗 ？"), XP_ST_QUESTION);
	assert_int_equal(stype("zh", "别的 人 都 走 了 。"), XP_ST_DECLARATIVE);
	assert_int_equal(stype("zh", "好 的 。"), XP_ST_FRAGMENT);
	assert_int_equal(stype("zh", "太 好 了 ！"), XP_ST_EXCLAMATION);
	assert_int_equal(stype("fa", "بیا اینجا ."), XP_ST_IMPERATIVE);
	assert_int_equal(stype("fa", "گوش کن !"), XP_ST_IMPERATIVE);
	assert_int_equal(stype("fa", "کجا رفتی ؟"), XP_ST_QUESTION);
	assert_int_equal(stype("fa", "من نمی دونم ."), XP_ST_DECLARATIVE);

	assert_int_equal(mtype("en", "He"), XP_MT_PRONOUN);
	assert_int_equal(mtype("en", "Ross Geller"), XP_MT_NAME);
	assert_int_equal(mtype("en", "Ross 's"), XP_MT_NAME);
	assert_int_equal(mtype("en", "The Guy"), XP_MT_NOMINAL);
	assert_int_equal(mtype("en", "Ross 's mom"), XP_MT_NOMINAL);
	assert_int_equal(mtype("zh", "他 的"), XP_MT_PRONOUN);     /* words joined: 他的 */
	assert_int_equal(mtype("zh", "她自己"), XP_MT_PRONOUN);
	assert_int_equal(mtype("zh", "罗斯"), XP_MT_OTHER);
	assert_int_equal(mtype("fa", "خودش"), XP_MT_PRONOUN);
	assert_int_equal(mtype("fa", "راس"), XP_MT_OTHER);
	/* German: the pronouns its pack lists (lang/de.c), in any case */
	assert_int_equal(mtype("de", "Er"), XP_MT_PRONOUN);
	assert_int_equal(mtype("de", "darüber"), XP_MT_PRONOUN);
	assert_int_equal(mtype("de", "der Mann"), XP_MT_OTHER);
	assert_int_equal(mtype("fr", "elle"), XP_MT_PRONOUN);
	assert_int_equal(mtype("pt", "ele"), XP_MT_PRONOUN);
	assert_null(xp_lang_mtype(xp_lang_find("ja"), &(xp_mtype_words){0}));
	/* German, French, Portuguese: the pronoun class from the rows and the
	 * openers of a command; gender words but for German */
	for (size_t i = 0; i < 3; i++) {
		const char *l = (const char *[]){"de", "fr", "pt"}[i];
		assert_true(xp_mtype_has_types(lists(l)) && xp_mtype_has_sentences(lists(l)));
		assert_int_equal(xp_mtype_has_gender(lists(l)), i > 0);
	}
	assert_int_equal(mtype("de", "ihn"), XP_MT_PRONOUN);
	assert_int_equal(gender("de", "Er"), XP_GENDER_NONE);
	assert_int_equal(gender("de", "sie"), XP_GENDER_NONE);
	assert_int_equal(gender("fr", "Elles"), XP_GENDER_FEM);
	assert_int_equal(gender("fr", "il"), XP_GENDER_MASC);
	assert_int_equal(gender("fr", "la"), XP_GENDER_NONE);
	assert_int_equal(gender("pt", "dela"), XP_GENDER_FEM);
	assert_int_equal(gender("pt", "ele"), XP_GENDER_MASC);
	assert_int_equal(stype("de", "Und stellen Sie sich vor ."), XP_ST_IMPERATIVE);
	assert_int_equal(stype("de", "Stellen Sie sich das vor ?"), XP_ST_QUESTION);
	assert_int_equal(stype("de", "Ich stelle mir das vor ."), XP_ST_DECLARATIVE);
	assert_int_equal(stype("fr", "Alors , imaginez un monde ."), XP_ST_IMPERATIVE);
	assert_int_equal(stype("fr", "Il imagine un monde ."), XP_ST_DECLARATIVE);
	assert_int_equal(stype("pt", "Então vejam isto ."), XP_ST_IMPERATIVE);
	assert_int_equal(stype("pt", "Vamos ver isto ."), XP_ST_DECLARATIVE);
	assert_true(xp_mtype_has_sentences(lists("fa")) && !xp_mtype_has_gender(lists("fa")));

	assert_int_equal(gender("en", "HIMSELF"), XP_GENDER_MASC);
	assert_int_equal(gender("en", "hers"), XP_GENDER_FEM);
	assert_int_equal(gender("en", "they"), XP_GENDER_NONE);
	assert_int_equal(gender("zh", "她"), XP_GENDER_FEM);
	assert_int_equal(gender("zh", "他 的"), XP_GENDER_MASC);
	assert_int_equal(gender("zh", "他们"), XP_GENDER_NONE);
	assert_int_equal(gender("fa", "او"), XP_GENDER_NONE);
}

static void labels(void **state)
{
	(void)state;
	const char *tsv = "# genre and one span\n"
			  "ep1\t0\t0\tsitcom\n"
			  "ep1\t0\t0\t2\t4\tnamed\n"
			  "ep1\t0\t1\tsitcom-b\n"
			  "ep2\t3\t0\tdrama\n";
	xp_labels l;
	xp_err e;
	assert_int_equal(xp_labels_parse("l.tsv", tsv, strlen(tsv), 0, &l, &e), 0);
	assert_int_equal(l.n, 4);
	assert_string_equal(xp_labels_find(&l, "ep1", 0, 0, 2, 4), "named");
	assert_string_equal(xp_labels_find(&l, "ep1", 0, 0, 3, 4), "named");   /* first token inside */
	assert_string_equal(xp_labels_find(&l, "ep1", 0, 0, 0, 1), "sitcom");
	assert_string_equal(xp_labels_find(&l, "ep1", 0, 1, 0, 1), "sitcom-b");
	assert_string_equal(xp_labels_find(&l, "ep2", 3, 0, 5, 9), "drama");
	assert_null(xp_labels_find(&l, "ep2", 0, 0, 0, 1));
	assert_null(xp_labels_find(&l, "ep1", 0, 2, 0, 1));
	xp_labels_free(&l);

	const char *bad[] = {"ep1\t0\t0\n", "ep1\tx\t0\tL\n", "ep1\t0\t0\t4\t4\tL\n", "ep1\t0\t0\t\n",
			     "ok\t0\t0\tA\nok\t0\t0\tB\n", "ep1\t0\t0\t\xff\n"};
	const unsigned long line[] = {1, 1, 1, 1, 2, 1};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		assert_int_equal(xp_labels_parse("l.tsv", bad[i], strlen(bad[i]), 0, &l, &e), XP_EINPUT);
		assert_int_equal(e.line, line[i]);
	}

	/* a CoNLL column: one label per token, sentences at blank lines,
	 * documents from the first two fields */
	const char *conll = "#begin document (a); part 000\n"
			    "a\t0\t0\tHi\tUH\t-\n"
			    "a\t0\t1\tRoss\tNNP\t(1)\n"
			    "\n"
			    "a\t0\t0\tYes\tUH\t-\n"
			    "#end document\n"
			    "#begin document (b); part 002\n"
			    "b 2 0 He PRP (2)\n"
			    "#end document\n";
	assert_int_equal(xp_labels_parse("c.conll", conll, strlen(conll), 5, &l, &e), 0);
	assert_int_equal(l.n, 4);
	assert_string_equal(xp_labels_find(&l, "a", 0, 0, 1, 2), "NNP");
	assert_string_equal(xp_labels_find(&l, "a", 0, 1, 0, 1), "UH");
	assert_string_equal(xp_labels_find(&l, "b", 2, 0, 0, 1), "PRP");
	xp_labels_free(&l);
	assert_int_equal(xp_labels_parse("c.conll", conll, strlen(conll), -1, &l, &e), 0);
	assert_string_equal(xp_labels_find(&l, "b", 2, 0, 0, 1), "(2)");
	xp_labels_free(&l);
	assert_int_equal(xp_labels_parse("c.conll", conll, strlen(conll), 7, &l, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "no column 7: the line has 6 fields"));
}

/* Partitions by user labels: the narrowest label of each mention. */
static void by_labels(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	const char *text = "Ross saw her ./She left .";
	add_doc(&k, "d", text, "0 0 1 0; 0 2 3 1; 1 0 1 1");
	add_doc(&r, "d", text, "0 0 1 0; 0 2 3 1");
	const char *tsv = "d\t0\t0\tfirst\nd\t0\t0\t0\t1\tross\n";
	xp_labels l;
	xp_err e;
	assert_int_equal(xp_labels_parse("l", tsv, strlen(tsv), 0, &l, &e), 0);
	xp_by b = {XP_BY_LABELS, NULL, &l};
	xp_parts p;
	assert_int_equal(xp_score_by(&k, &r, &b, &p, &e), 0);
	assert_int_equal(p.n, 2);
	rp_is(&part(&p, "ross")->mentions, 1, 1, 1, 1);
	rp_is(&part(&p, "first")->mentions, 1, 1, 1, 1);
	rp_is(&part(&p, "first")->plink, 0, 0.5, 0, 0);   /* her-She: her's half, not found */
	assert_int_equal(p.key_none, 1);                   /* She: sentence 1 has no label */
	xp_parts_free(&p);
	xp_labels_free(&l);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plink_worked_example),
		cmocka_unit_test(sums_to_muc),
		cmocka_unit_test(gender_bias),
		cmocka_unit_test(word_lists),
		cmocka_unit_test(labels),
		cmocka_unit_test(by_labels),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
