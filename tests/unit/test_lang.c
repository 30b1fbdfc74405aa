/* tests/unit/test_lang.c — the language rules on projected spans, on
 * hand-made cases from what MMC's correctors did. */
#include "testutil.h"
#include "toks.h"
#include "lang/pron.h"
#include "lang/prodrop.h"

/* a rule that cuts the span [a, b) of English en to its word (zh_pronoun,
 * zh_interrogative): changed, and the span it leaves */
typedef int span_rule(const char *, const char *const *, const uint32_t *, uint32_t *, uint32_t *);
static void cut(span_rule *f, const char *en, const char *chars, uint32_t a, uint32_t b, int changed, uint32_t wa,
		uint32_t wb)
{
	toks t;
	split(&t, chars);
	assert_int_equal(f(en, t.w, t.len, &a, &b), changed);
	assert_int_equal(a, wa);
	assert_int_equal(b, wb);
}

static void zh(const char *en, const char *chars, uint32_t a, uint32_t b, int changed, uint32_t wa, uint32_t wb)
{
	cut(xp_zh_pronoun_span, en, chars, a, b, changed, wa, wb);
}

static void test_zh_pronoun(void **st)
{
	(void)st;
	zh("I", "我 想 她 不 是", 0, 2, 1, 0, 1);          /* 我想 as one word: the pronoun only */
	zh("your", "你 的 外 套", 0, 2, 1, 0, 1);          /* 你的 -> 你 */
	zh("she", "我 想 她 不 是", 1, 4, 1, 2, 3);        /* inside the span */
	zh("you", "你 们 会 开 车", 0, 3, 1, 0, 2);        /* 你们 wins over 你 */
	zh("We", "我 们 走 吧", 0, 3, 1, 0, 2);
	zh("they", "她 们 走 了", 0, 3, 1, 0, 2);
	zh("I", "我", 0, 1, 0, 0, 1);                      /* already the pronoun */
	zh("I", "你 好", 0, 2, 0, 0, 2);                   /* no matching pronoun: unchanged */
	zh("he", "她 说", 0, 2, 0, 0, 2);                  /* gender must match */
	zh("Ross", "罗 斯 说", 0, 3, 0, 0, 3);             /* not a pronoun */
	zh("you", "你们 会", 0, 2, 1, 0, 1);               /* word tokens work the same */
}

static void fa(const char *s, uint32_t a, uint32_t b, int changed, uint32_t wa, uint32_t wb)
{
	toks t;
	split(&t, s);
	assert_int_equal(xp_fa_attach_span(t.w, t.len, t.n, &a, &b), changed);
	assert_int_equal(a, wa);
	assert_int_equal(b, wb);
}

static void test_fa_attach(void **st)
{
	(void)st;
	fa("به حریم خصوصی آدم ها احترام", 3, 4, 1, 3, 5);      /* آدم + ها */
	fa("همه آبجو های خوب", 1, 2, 1, 1, 3);                /* plural ezafe های */
	fa("گوجه فرنگی هات سوخت", 0, 2, 1, 0, 3);             /* plural + possessive */
	fa("چه غلطی داشتی می کردی", 4, 5, 1, 3, 5);           /* verbal prefix before */
	fa("من نمی \xE2\x80\x8C خوام", 3, 4, 1, 1, 4);        /* across a lone ZWNJ */
	fa("قسم می خورم", 1, 2, 1, 1, 3);                     /* a bare prefix takes its verb */
	fa("آدم \xE2\x80\x8C ها", 0, 1, 1, 0, 3);             /* ZWNJ then plural */
	fa("مامانت رو دله صدا نکردم", 0, 1, 0, 0, 1);         /* رو is not part of the mention */
	fa("من خیلی خوبم", 0, 1, 0, 0, 1);
	fa("یه چیزی", 0, 2, 0, 0, 2);
}

static void zhp(const char *en, const char *chars, uint32_t a, uint32_t b, int changed, uint32_t wb)
{
	toks t;
	split(&t, chars);
	assert_int_equal(xp_zh_possessive_span(en, t.w, t.len, t.n, &a, &b), changed);
	assert_int_equal(b, wb);
}

static void test_zh_possessive(void **st)
{
	(void)st;
	zhp("your", "看 你 的 小 弟 弟", 1, 2, 1, 3);      /* 你 -> 你的 */
	zhp("my", "这 是 我 的", 2, 3, 1, 4);              /* at the end of the sentence */
	zhp("their", "他 们 的 车", 0, 2, 1, 3);            /* a two-character pronoun */
	zhp("your", "你的 车", 0, 1, 0, 1);                 /* 你的 one word: already whole */
	zhp("your", "你 的 车", 0, 3, 0, 3);                /* not the bare pronoun: left alone */
	zhp("you", "你 的 车", 0, 1, 0, 1);                 /* not a possessive */
	zhp("her", "他 的 车", 0, 1, 0, 1);                 /* not the matching pronoun */
	zhp("my", "我 想", 0, 1, 0, 1);                     /* no 的 after it */
}

/* tk[k]: token k is held by another mention ('1' at k of taken; NULL: none) */
static void held(uint8_t tk[64], const char *taken)
{
	memset(tk, 0, 64);
	for (uint32_t k = 0; taken && taken[k]; k++)
		tk[k] = taken[k] == '1';
}

static void fp(const char *en, const char *lang, const char *s, const char *taken, double pos, int found,
	       uint32_t wa, uint32_t wb)
{
	toks t;
	split(&t, s);
	uint8_t tk[64];
	held(tk, taken);
	uint32_t a = 99, b = 99;
	assert_int_equal(xp_free_pronoun(en, lang, t.w, t.len, t.n, tk, pos, &a, &b), found);
	if (found) {
		assert_int_equal(a, wa);
		assert_int_equal(b, wb);
	}
}

static void test_free_pronoun(void **st)
{
	(void)st;
	fp("I", "zh", "我 知 道 我 会", NULL, 0.1, 1, 0, 1);             /* the nearest */
	fp("I", "zh", "我 知 道 我 会", NULL, 0.9, 1, 3, 4);
	fp("I", "zh", "我 知 道 我 会", "1", 0.1, 1, 3, 4);             /* the first is held */
	fp("I", "zh", "我 们 走", NULL, 0.1, 0, 0, 0);                   /* 我 of 我们 is not I */
	fp("we", "zh", "我 们 走", NULL, 0.1, 1, 0, 2);
	fp("you", "zh", "你们 好", NULL, 0.5, 1, 0, 1);                  /* word tokens */
	fp("she", "zh", "他 走 了", NULL, 0.5, 0, 0, 0);                 /* gender */
	fp("Ross", "zh", "罗 斯", NULL, 0.5, 0, 0, 0);                    /* not a pronoun */
	fp("I", "ja", "私 は", NULL, 0.5, 0, 0, 0);                       /* no table for the language */
	fp("me", "fa", "منو سر کار نذاری", NULL, 0.2, 1, 0, 1);
	fp("you", "fa", "شما کجا بودید", NULL, 0.2, 1, 0, 1);
	fp("I", "fa", "من خوبم", NULL, 0.2, 1, 0, 1);
	fp("they", "fa", "اونا رفتن", NULL, 0.2, 1, 0, 1);
	fp("I", "fa", "تو خوبی", NULL, 0.2, 0, 0, 0);                    /* person must match */
	/* reflexives */
	fp("myself", "fa", "خودم", NULL, 0.5, 1, 0, 1);
	fp("your", "fa", "خودتون", NULL, 0.5, 1, 0, 1);
	/* a pack's table (German, French, Portuguese): capitals folded, Latin-1 too */
	fp("it", "de", "Ich glaube es nicht", NULL, 0.5, 1, 2, 3);
	fp("it", "de", "Es regnet", NULL, 0.5, 1, 0, 1);
	fp("it", "fr", "Ça marche", NULL, 0.5, 1, 0, 1);
	fp("it", "fr", "Ça marche", "1", 0.5, 0, 0, 0);                   /* held */
	fp("they", "fr", "Elles viennent", NULL, 0.5, 1, 0, 1);
	fp("he", "fr", "Elles viennent", NULL, 0.5, 0, 0, 0);             /* gender */
	fp("it", "pt-BR", "eu vi isso", NULL, 0.5, 1, 2, 3);
	fp("about", "de", "es regnet", NULL, 0.5, 0, 0, 0);               /* no pronoun */
}

static void test_pack_pronoun(void **st)
{
	(void)st;
	assert_true(xp_word_listed("Ça", 3, "il ça cela"));
	assert_true(xp_word_listed("ÇA", 3, "ça"));
	assert_true(xp_word_listed("C'", 2, "ce c'"));
	assert_false(xp_word_listed("ce", 2, "cela c'"));                 /* whole words only */
	assert_false(xp_word_listed("", 0, "ce"));
	assert_false(xp_word_listed("ce", 2, NULL));
	assert_true(xp_pack_pronoun("it", "de", "darüber", 8));          /* "about it" */
	assert_true(xp_pack_pronoun("IT", "de-AT", "Es", 2));
	assert_false(xp_pack_pronoun("it", "zh", "它", 3));               /* Chinese keeps its own */
	assert_false(xp_pack_pronoun("it", NULL, "es", 2));
	toks t;
	split(&t, "Er sagt , dass sie kommt");
	assert_true(xp_pronoun_matches("she", "de", t.w, t.len, 3, 5));
	assert_false(xp_pronoun_matches("she", "de", t.w, t.len, 0, 3));
}

/* a Chinese rule that finds a free word for English en (zh_demonstrative,
 * zh_interrogative): found, and the words [wa, wb) it took */
typedef int free_rule(const char *, const char *const *, const uint32_t *, uint32_t, const uint8_t *, double, uint32_t *,
		      uint32_t *);
static void finds(free_rule *f, const char *en, const char *s, const char *taken, double pos, int found, uint32_t wa,
		  uint32_t wb)
{
	toks t;
	split(&t, s);
	uint8_t tk[64];
	held(tk, taken);
	uint32_t a = 99, b = 99;
	assert_int_equal(f(en, t.w, t.len, t.n, tk, pos, &a, &b), found);
	if (found) {
		assert_int_equal(a, wa);
		assert_int_equal(b, wb);
	}
}

/* xp_zh_free_demonstrative: a free 这 / 那 that is a copula's subject */
static void fd(const char *en, const char *s, const char *taken, double pos, int found, uint32_t wa)
{
	finds(xp_zh_free_demonstrative, en, s, taken, pos, found, wa, wa + 1);
}

static void test_zh_demonstrative(void **st)
{
	(void)st;
	fd("It", "那 是 意 外", NULL, 0.1, 1, 0);                /* "It was an accident" */
	fd("these", "因 为 那 不 是 她 的", NULL, 0.1, 1, 2);    /* an adverb and 是 */
	fd("it", "这 就 是 了", NULL, 0.5, 1, 0);
	fd("that", "那是 什么", NULL, 0.5, 0, 0);                /* a word token 那是: no 那 alone */
	fd("that", "那 是 什 么", "1", 0.5, 0, 0);               /* held */
	fd("it", "这 个 是 我 的", NULL, 0.5, 0, 0);             /* 这个: a determiner, 个 before 是 */
	fd("it", "那 么 好", NULL, 0.5, 0, 0);                   /* 那么 */
	fd("it", "这 里 很 好", NULL, 0.5, 0, 0);                /* 这里 */
	fd("it", "这 是 我 的 那 是 你 的", NULL, 0.9, 1, 4);     /* the nearest */
	fd("he", "那 是 他", NULL, 0.5, 0, 0);                   /* not for a personal pronoun */
	fd("they", "那 是 他 们", NULL, 0.5, 0, 0);
}

/* xp_zh_free_interrogative, xp_zh_interrogative_span: what / who on 什么, 谁 */
static void fi(const char *en, const char *s, const char *taken, double pos, int found, uint32_t wa, uint32_t wb)
{
	finds(xp_zh_free_interrogative, en, s, taken, pos, found, wa, wb);
}

static void is(const char *en, const char *s, uint32_t a, uint32_t b, int did, uint32_t wa, uint32_t wb)
{
	cut(xp_zh_interrogative_span, en, s, a, b, did, wa, wb);
}

static void test_zh_interrogative(void **st)
{
	(void)st;
	fi("What", "你 来 干 什 么 ?", NULL, 0.1, 1, 2, 5);        /* 干什么 whole, not its 什么 */
	fi("what", "做 什 么 ?", NULL, 0.5, 1, 1, 3);
	fi("What", "你 是 怎 么 搞 的 ?", NULL, 0.1, 1, 2, 4);
	fi("what", "你 怎 么 样 ?", NULL, 0.5, 1, 1, 4);           /* 怎么样, the longest */
	fi("what", "你 干 嘛 ?", NULL, 0.5, 1, 1, 3);
	fi("what", "什么 事", NULL, 0.5, 1, 0, 1);                  /* a word token */
	fi("Who", "你 带 谁 来 ?", NULL, 0.5, 1, 2, 3);
	fi("what", "为 什 么 ?", NULL, 0.5, 0, 0, 0);               /* 为什么 is "why" */
	fi("what", "做 什 么 ?", "01", 0.5, 0, 0, 0);               /* held */
	fi("what", "是 谁 ?", NULL, 0.5, 0, 0, 0);                  /* 谁 is no "what" */
	fi("it", "什 么 ?", NULL, 0.5, 0, 0, 0);                    /* nor for another word */
	fi("who", "谁 邀 谁 ?", NULL, 0.9, 1, 2, 3);                /* the nearest */
	/* a span that holds one more is cut to it */
	is("What", "什 么 东 西 ?", 0, 4, 1, 0, 2);
	is("what", "什 么 ?", 0, 2, 0, 0, 2);                       /* the interrogative already */
	is("what", "东 西 ?", 0, 2, 0, 0, 2);
	is("why", "为 什 么 ?", 0, 3, 0, 0, 3);
	is("what", "为 什 么 ?", 0, 3, 0, 0, 3);
	assert_true(xp_zh_interrogative_en("Who"));
	assert_false(xp_zh_interrogative_en("where"));
}

/* xp_fa_free_demonstrative: en over the words of s, expecting the word wa */
static void fo(const char *en, const char *s, const char *taken, double pos, int found, uint32_t wa)
{
	finds(xp_fa_free_demonstrative, en, s, taken, pos, found, wa, wa + 1);
}

static void test_fa_demonstrative(void **st)
{
	(void)st;
	fo("it", "و اینو می دونی", NULL, 0.8, 1, 1);             /* "and you know it" */
	fo("that", "اگه اینو داشتیم", NULL, 0.5, 1, 1);          /* "if we had that" */
	fo("It", "تو هی اونو تکرار می کنی", NULL, 0.9, 1, 2);
	fo("this", "من اينو نگفتم", NULL, 0.5, 1, 1);            /* Arabic yeh */
	fo("it", "اینو می دونی تو نمی دونی که اینو می دونی", NULL, 0.9, 1, 7);   /* the nearest */
	fo("it", "اینو می دونی تو نمی دونی که اینو می دونی", "0000000100", 0.9, 1, 0);   /* held */
	fo("it", "اینو", "1", 0.5, 0, 0);
	fo("it", "این کار رو بکن", NULL, 0.5, 0, 0);             /* a determiner, no object form */
	fo("it", "اون رفت", NULL, 0.5, 0, 0);
	fo("he", "اونو دیدم", NULL, 0.5, 0, 0);                  /* not for a personal pronoun */
	fo("these", "اینو دیدم", NULL, 0.5, 0, 0);
}

static void test_fa_clitic(void **st)
{
	(void)st;
	assert_int_equal(xp_object_person("me"), 1);
	assert_int_equal(xp_object_person("Them"), 6);
	assert_int_equal(xp_object_person("I"), 0);
	assert_true(xp_fa_clitic_agrees("بوسم", 1));      /* kiss me */
	assert_true(xp_fa_clitic_agrees("ديدنت", 2));     /* seeing you */
	assert_true(xp_fa_clitic_agrees("برات", 2));      /* for you */
	assert_true(xp_fa_clitic_agrees("دیدمشو", 3));    /* saw him, with -o */
	assert_true(xp_fa_clitic_agrees("بهشون", 6));     /* to them */
	assert_true(xp_fa_clitic_agrees("باهامون", 4));   /* with us */
	assert_false(xp_fa_clitic_agrees("برات", 1));     /* person must match */
	assert_false(xp_fa_clitic_agrees("تو", 2));       /* a free pronoun is no clitic */
	assert_false(xp_fa_clitic_agrees("مت", 2));       /* too short to carry one */
	assert_false(xp_fa_clitic_agrees("برات", 5));     /* no person 5 table: "you" is 2 */
}

static int pm(const char *en, const char *lang, const char *s, uint32_t a, uint32_t b)
{
	toks t;
	split(&t, s);
	return xp_pronoun_matches(en, lang, t.w, t.len, a, b);
}

static void test_pronoun_matches(void **st)
{
	(void)st;
	assert_true(pm("I", "zh", "我 会 走", 0, 2));          /* 我会: holds 我 */
	assert_false(pm("I", "zh", "我 会 走", 1, 2));         /* 会 alone */
	assert_false(pm("you", "zh", "我 会 走", 0, 3));       /* person must match */
	assert_true(pm("they", "zh", "她们 走", 0, 1));         /* word tokens */
	assert_false(pm("it", "zh", "很 晚", 0, 2));
	assert_false(pm("Ross", "zh", "罗 斯", 0, 2));          /* no table */
	assert_true(pm("I", "fa", "من خوشم میاد", 0, 1));       /* the free pronoun */
	assert_true(pm("I", "fa", "فکر کنم", 1, 2));            /* a verb that agrees */
	assert_false(pm("I", "fa", "فکر کنم", 0, 1));           /* the noun of the compound verb */
	assert_false(pm("I", "fa", "من خوشم میاد", 2, 3));      /* 3sg does not agree with I */
	assert_true(pm("me", "fa", "بوسم کن", 0, 1));           /* an object clitic */
	assert_true(pm("your", "fa", "مامانت رو", 0, 1));       /* a possessive clitic */
	assert_false(pm("your", "fa", "مامانم رو", 0, 1));
	assert_false(pm("I", "ja", "私", 0, 1));
	assert_int_equal(xp_possessive_person("Your"), 2);
	assert_int_equal(xp_possessive_person("their"), 6);
	assert_int_equal(xp_possessive_person("me"), 0);
}

/* the case of the pronoun at index i of an English sentence */
static int ec(const char *s, uint32_t i)
{
	toks t;
	split(&t, s);
	return xp_en_case(t.w, t.n, i);
}

static int pmc(const char *en, int c, const char *s, uint32_t a, uint32_t b)
{
	toks t;
	split(&t, s);
	return xp_pronoun_matches_case(en, c, "fa", t.w, t.len, a, b);
}

static void test_en_case(void **st)
{
	(void)st;
	enum { S = XP_CASE_SUBJECT, O = XP_CASE_OBJECT };
	assert_int_equal(ec("You 're right .", 0), S);          /* first word */
	assert_int_equal(ec("I mean , you 're right", 3), S);   /* after punctuation */
	assert_int_equal(ec("Did you get it ?", 1), S);         /* after an auxiliary */
	assert_int_equal(ec("Do n't you remember ?", 2), S);
	assert_int_equal(ec("when you have this", 1), S);       /* a clause opens */
	assert_int_equal(ec("I think you 're right", 2), S);    /* a verb follows */
	assert_int_equal(ec("I love you .", 2), O);             /* after a verb */
	assert_int_equal(ec("I 'll tell you this", 3), O);
	assert_int_equal(ec("It 's for you", 3), O);            /* after a preposition */
	assert_int_equal(ec("I love it", 2), O);
	assert_int_equal(ec("I think it 's late", 2), S);
	assert_int_equal(ec("Tell him", 1), O);                 /* by form */
	assert_int_equal(ec("we go", 0), S);
	assert_int_equal(ec("my dog", 0), 0);                   /* no case */
	assert_int_equal(ec("that 's it", 0), 0);
	assert_int_equal(ec("you", 3), 0);                      /* out of range */
	/* a subject "you" is never held by a word ending in the clitic -t
	 * (درست "right"), an object is; the experiencer's clitic holds a
	 * subject (یادت میاد "you remember", منظورت "you mean") */
	assert_true(pmc("you", 0, "درست میگی", 0, 1));
	assert_false(pmc("you", S, "درست میگی", 0, 1));
	assert_true(pmc("you", S, "درست میگی", 1, 2));          /* the verb agrees */
	assert_true(pmc("you", S, "تو رفتی", 0, 1));            /* the free pronoun */
	assert_true(pmc("you", O, "دیدمت", 0, 1));
	assert_true(pmc("you", S, "یادت میاد", 0, 1));
	assert_true(pmc("you", S, "منظورت چیه", 0, 1));
	assert_true(pmc("you", S, "خوشتون میاد", 0, 1));       /* the plural clitic */
	assert_false(pmc("you", O, "رفتی", 0, 1));              /* an object is no verb ending */
	assert_true(xp_fa_experiencer("يادت", 2));              /* Arabic yeh */
	assert_false(xp_fa_experiencer("یادم", 2));             /* person must match */
	assert_true(xp_fa_experiencer("یادم", 1));
	assert_false(xp_fa_experiencer("دستت", 2));             /* not an experiencer noun */
	assert_false(xp_fa_experiencer("یاد", 2));
}

static int hg(const char *s, uint32_t j)
{
	toks t;
	split(&t, s);
	return xp_fa_homograph(t.w, t.len, t.n, j);
}

static void test_fa_homograph(void **st)
{
	(void)st;
	assert_true(hg("تو خونه نیست", 0));             /* "in the house" */
	assert_true(hg("اون زنیکه اومده", 0));           /* "that woman" */
	assert_true(hg("از تو لاکش", 1));                /* "from inside": از both ways */
	assert_true(hg("تو چه جور بازیگری هستی", 0));    /* no sign: left out */
	assert_false(hg("من تو رو دیدم", 1));            /* before the object marker */
	assert_false(hg("اون \xE2\x80\x8C ها رفتن", 0));  /* the plural, across a lone ZWNJ */
	assert_false(hg("تو بودی", 0));                  /* before a verb */
	assert_false(hg("اون میخواد", 0));               /* "he wants" */
	assert_false(hg("با تو حرف میزنم", 1));          /* after a preposition */
	assert_false(hg("من خوبم", 0));                  /* no homograph */
	assert_false(hg("تو", 1));                       /* out of range */
	assert_true(hg("تو", 0));
}

static uint32_t cv(const char *s, uint32_t j, int person, const uint8_t *held)
{
	toks t;
	split(&t, s);
	return xp_fa_clause_verb(t.w, t.len, t.n, j, person, held);
}

static void test_fa_clause_verb(void **st)
{
	(void)st;
	const uint32_t none = UINT32_MAX;
	/* "you have no respect for privacy": "you" on the adjective خصوصی (-ی
	 * as the 2sg ending) belongs on the verb that ends the clause */
	assert_int_equal(cv("به حریم خصوصی آدم ها هیچ احترامی نمیذاری ؟", 2, 2, NULL), 7);
	/* "you got to change": تغییراتی is a noun, کنی the light verb */
	assert_int_equal(cv("باید فردا یه تغییراتی ایجاد کنی شش سال بسه", 3, 2, NULL), 5);
	/* the last agreeing verb form, not the first: دید of دید نزدی has no person */
	assert_int_equal(cv("اندازه کافی اون روز دید نزدی ؟", 1, 2, NULL), 5);
	/* the clause ends at punctuation and at که */
	assert_int_equal(cv("خصوصی ، نمیذاری", 0, 2, NULL), none);
	assert_int_equal(cv("خصوصی که نمیذاری", 0, 2, NULL), none);
	/* a verb form itself, or the verb after می written apart, stays */
	assert_int_equal(cv("میخوای بری", 0, 2, NULL), none);
	assert_int_equal(cv("می دونی کنی", 1, 2, NULL), none);
	/* the verb must agree, be a verb form and be free */
	assert_int_equal(cv("خصوصی نمیذارم", 0, 2, NULL), none);
	assert_int_equal(cv("خصوصی احترامی", 0, 2, NULL), none);
	uint8_t held[2] = {1, 1};
	assert_int_equal(cv("خصوصی نمیذاری", 0, 2, held), none);
	held[1] = 0;
	assert_int_equal(cv("خصوصی نمیذاری", 0, 2, held), 1);
	/* no ending to distrust: a word that does not agree, a pronoun, no person */
	assert_int_equal(cv("کتاب نمیذاری", 0, 2, NULL), none);
	assert_int_equal(cv("من نمیذارم", 0, 1, NULL), none);
	assert_int_equal(cv("خصوصی نمیذاری", 0, 0, NULL), none);
	assert_int_equal(cv("خصوصی", 1, 2, NULL), none);   /* out of range */
}

static int zp(const char *s, uint32_t a, uint32_t b)
{
	toks t;
	split(&t, s);
	return xp_zh_pronominal(t.w, t.len, a, b);
}

static void test_zh_pronominal(void **st)
{
	(void)st;
	assert_true(zp("这 是 意 外", 0, 1));
	assert_true(zp("那 样", 0, 2));
	assert_true(zp("这个 人", 0, 1));        /* a word token holding one */
	assert_true(zp("你 自 己", 1, 3));       /* 自己 across characters */
	assert_false(zp("很 晚 了", 0, 3));
	assert_false(zp("会 走", 0, 2));
	assert_false(zp("这 个", 1, 2));         /* outside the span */
}

static void test_articles(void **st)
{
	(void)st;
	assert_true(xp_en_article("the", "zh"));
	assert_true(xp_en_article("The", "fa"));
	assert_true(xp_en_article("a", "zh"));
	assert_true(xp_en_article("an", NULL));
	assert_false(xp_en_article("a", "fa"));   /* یه belongs to the Farsi phrase */
	assert_false(xp_en_article("this", "zh"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zh_pronoun),
		cmocka_unit_test(test_fa_attach),
		cmocka_unit_test(test_articles),
		cmocka_unit_test(test_zh_possessive),
		cmocka_unit_test(test_free_pronoun), cmocka_unit_test(test_pack_pronoun), cmocka_unit_test(test_zh_demonstrative),
		cmocka_unit_test(test_zh_interrogative),
		cmocka_unit_test(test_fa_demonstrative),
		cmocka_unit_test(test_fa_clitic),
		cmocka_unit_test(test_pronoun_matches),
		cmocka_unit_test(test_en_case),
		cmocka_unit_test(test_fa_homograph),
		cmocka_unit_test(test_fa_clause_verb),
		cmocka_unit_test(test_zh_pronominal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
