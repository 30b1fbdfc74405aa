/* tests/unit/test_phrases.c — a show's phrases: what the word aligner
 * learns for English word runs (xp_wa_phrases, align/phraselearn.h) and a
 * noun phrase placed on its dominant phrase (project/phrases.h), on
 * hand-made cases. */
#include "testutil.h"
#include "align/wordalign.h"
#include "io/names.h"
#include "lang/np.h"
#include "project/phrases.h"
#include "consistfx.h"

#include <string.h>

static const xp_name_form *top_of(xp_names *nm, const char *run)
{
	const size_t *f;
	size_t n = xp_names_of(nm, run, strlen(run), &f);
	return n ? &nm->v[f[0]] : NULL;
}

/* a show that says "the coffee house" one way: the run takes that phrase,
 * from the --train pairs too; a run seen twice is not learned; runs stop at
 * punctuation; nothing without learn_phrases */
static void test_learn(void **state)
{
	(void)state;
	static const char *const verbs[][2] = {{"saw", "看见"}, {"liked", "喜欢"}, {"left", "离开"}, {"found", "找到"},
					       {"painted", "画"}, {"cleaned", "打扫"}};
	xp_buf train = {0};
	for (int k = 0; k < 60; k++) {
		const char *const *v = verbs[k % 6];
		xp_buf_printf(&train, "we %s the coffee house ||| 我们 %s 咖啡 馆\n", v[0], v[1]);
		xp_buf_printf(&train, "they %s the coffee house today ||| 他们 今天 %s 咖啡 馆\n", v[0], v[1]);
		xp_buf_printf(&train, "she %s a red car , today ||| 她 今天 %s 一 辆 红 车\n", v[0], v[1]);
	}
	xp_buf_puts(&train, "the blue moon ||| 蓝 月亮\nthe blue moon ||| 蓝 月亮\n");
	xp_bitext bt;
	xp_err e;
	char *pair = strdup("I saw the coffee house ||| 我 看见 咖啡 馆\n");
	assert_non_null(pair);
	assert_int_equal(xp_bitext_read_mem("p", pair, strlen(pair), &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.threads = 1;
	o.seed = 3;
	o.lowercase = 1;
	o.learn_names = 0;
	o.learn_phrases = 1;
	xp_wa *w;
	xp_names nm;
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_add_train_mem(w, "train", train.p, train.n, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_int_equal(xp_names_init(&nm), 0);
	assert_int_equal(xp_wa_phrases(w, &nm, &e), 0);
	assert_int_equal(xp_names_index(&nm), 0);
	const xp_name_form *f = top_of(&nm, "the coffee house");
	assert_non_null(f);
	assert_string_equal(f->form, "咖啡 馆");
	assert_true(f->occurrences == 121);   /* 120 in training, 1 aligned */
	assert_true(f->share > 0.8 && f->share <= 1.0);
	assert_non_null(top_of(&nm, "The Coffee House"));   /* looked up case-folded */
	assert_string_equal(top_of(&nm, "the coffee house today")->form, "咖啡 馆");   /* today: 今天, outside */
	assert_null(top_of(&nm, "the blue moon"));   /* seen twice */
	assert_null(top_of(&nm, "car , today"));     /* no run holds punctuation */
	assert_null(top_of(&nm, "we saw the coffee house"));   /* five words */
	for (size_t k = 0; k < nm.n; k++)
		assert_true(nm.v[k].share >= 0.1 && nm.v[k].count >= 2.0);
	xp_names_free(&nm);
	xp_wa_free(w);

	/* learn_phrases off: nothing */
	o.learn_phrases = 0;
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_add_train_mem(w, "train", train.p, train.n, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_int_equal(xp_names_init(&nm), 0);
	assert_int_equal(xp_wa_phrases(w, &nm, &e), 0);
	assert_int_equal(nm.n, 0);
	xp_names_free(&nm);
	xp_wa_free(w);
	xp_bitext_free(&bt);
	xp_buf_free(&train);
}

static long place(fx *f, const char *lang, xp_names *nm)
{
	xp_consist_in in = {lang, f->sent, f->nsent, f->sent0, f->doc, f->at, f->key, f->name, f->pos};
	return xp_phrases_place(f->m, f->n, &in, nm);
}


static void add(xp_names *nm, const char *run, const char *form, double count, double share)
{
	assert_int_equal(xp_names_add(nm, run, strlen(run), form, strlen(form), count, share, count / share), 0);
}

/* a noun phrase's span that crosses or falls short of its dominant phrase
 * takes it; a rare or split phrase, one not in the sentence, one away from
 * the links, one another entity holds, names and pronouns are left alone */
static void test_place(void **state)
{
	(void)state;
	xp_names nm;
	assert_int_equal(xp_names_init(&nm), 0);
	add(&nm, "the coffee house", "咖啡 馆", 90, 0.9);
	add(&nm, "your mother", "你 妈", 40, 0.6);
	add(&nm, "your mother", "你 妈妈", 20, 0.3);
	add(&nm, "the car", "车", 3, 0.9);        /* too rare */
	add(&nm, "the thing", "东西", 30, 0.25);  /* said many ways */
	add(&nm, "joey", "乔伊", 90, 0.9);
	add(&nm, "the ring", "戒指", 50, 0.8);
	add(&nm, "the box", "盒子", 50, 0.8);
	assert_int_equal(xp_names_index(&nm), 0);
	fx f = {0};
	sentence(&f, "我们 去 咖啡 馆 吧");      /* 0 */
	sentence(&f, "你 妈 来 了");            /* 1 */
	sentence(&f, "那 辆 车 呢");            /* 2 */
	sentence(&f, "这 东西 好");             /* 3 */
	sentence(&f, "乔伊 来 了");             /* 4 */
	sentence(&f, "戒指 在 桌子 上 的 盒子 里"); /* 5 */
	sentence(&f, "咖啡 馆 很 远 , 我们 去 吧"); /* 6 */
	size_t a = fx_mention(&f, 1, "the coffee house", 0, 0, XP_PROJECTED, 2, 3);   /* too short */
	size_t b = fx_mention(&f, 2, "your mother", 0, 1, XP_PROJECTED, 0, 4);        /* too long */
	size_t c = fx_mention(&f, 3, "the car", 0, 2, XP_PROJECTED, 1, 3);
	size_t d = fx_mention(&f, 4, "the thing", 0, 3, XP_PROJECTED, 0, 3);
	size_t g = fx_mention(&f, 5, "Joey", 2, 4, XP_PROJECTED, 0, 2);               /* a name */
	size_t h = fx_mention(&f, 6, NULL, 0, 4, XP_PROJECTED, 0, 1);                 /* a pronoun */
	size_t r = fx_mention(&f, 7, "the ring", 0, 5, XP_PROJECTED, 4, 6);           /* 盒子 is the box's */
	fx_mention(&f, 8, "the box", 0, 5, XP_PROJECTED, 5, 6);
	size_t q = fx_mention(&f, 9, "The Coffee House", 0, 6, XP_PROJECTED, 5, 7);   /* away from its phrase */
	size_t u = fx_mention(&f, 1, "the coffee house", 0, 0, XP_NULL_UNALIGNED, 0, 0);
	assert_int_equal(place(&f, "zh", &nm), 2);
	fx_span_is(&f, a, XP_PROJECTED, 2, 4);
	assert_true(f.m[a].np & XP_NP_PHRASES);
	fx_span_is(&f, b, XP_PROJECTED, 0, 2);
	fx_span_is(&f, c, XP_PROJECTED, 1, 3);
	fx_span_is(&f, d, XP_PROJECTED, 0, 3);
	fx_span_is(&f, g, XP_PROJECTED, 0, 2);
	fx_span_is(&f, h, XP_PROJECTED, 0, 1);
	fx_span_is(&f, r, XP_PROJECTED, 4, 6);
	assert_false(f.m[r].np & XP_NP_PHRASES);
	fx_span_is(&f, q, XP_PROJECTED, 5, 7);
	fx_span_is(&f, u, XP_NULL_UNALIGNED, 0, 0);

	/* words another entity's mention holds are not taken; a mention
	 * inside the phrase (the possessor of "your father") holds nothing */
	add(&nm, "your father", "你 爸", 40, 0.7);
	assert_int_equal(xp_names_index(&nm), 0);
	fx h2 = {0};
	sentence(&h2, "戒指 在 这");   /* 0 */
	sentence(&h2, "你 爸 呢");     /* 1 */
	size_t r1 = fx_mention(&h2, 1, "the ring", 0, 0, XP_PROJECTED, 0, 2);
	fx_mention(&h2, 2, NULL, 0, 0, XP_PROJECTED, 0, 1);   /* "it", on 戒指 */
	size_t f1 = fx_mention(&h2, 3, "your father", 0, 1, XP_PROJECTED, 0, 1);
	fx_mention(&h2, 4, NULL, 0, 1, XP_PROJECTED, 0, 1);   /* "your" */
	assert_int_equal(place(&h2, "zh", &nm), 1);
	fx_span_is(&h2, r1, XP_PROJECTED, 0, 2);
	fx_span_is(&h2, f1, XP_PROJECTED, 0, 2);

	/* nothing learned, nothing done */
	xp_names none;
	assert_int_equal(xp_names_init(&none), 0);
	assert_int_equal(xp_names_index(&none), 0);
	assert_int_equal(place(&f, "zh", &none), 0);
	xp_names_free(&none);
	xp_names_free(&nm);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_learn),
		cmocka_unit_test(test_place),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
