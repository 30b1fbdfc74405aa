/* tests/unit/test_consist.c — an entity's spans made consistent across a
 * scene and a name's across the corpus (project/consist.h), on hand-made
 * cases. */
#include "testutil.h"
#include "lang/np.h"
#include "lang/pron.h"
#include "project/consist.h"
#include "consistfx.h"

#include <string.h>


/* mention of cluster cl with English words key in sentence at (global;
 * -1: none) of document d, projected on [a, b) when fate is XP_PROJECTED */
static size_t mention(fx *f, uint32_t d, long long cl, const char *key, uint8_t name, int32_t at, xp_fate fate,
		      uint32_t a, uint32_t b)
{
	size_t k = f->n++;
	f->m[k] = (xp_proj_mention){.id = (uint32_t)k, .cluster = cl, .en_utt = (uint32_t)at, .en_start = 0, .en_end = 1,
				    .tgt_utt = fate == XP_PROJECTED ? at - (int32_t)f->sent0[d] : -1,
				    .tgt_start = a, .tgt_end = b, .fate = fate, .conf = 0.8f, .same_as = UINT32_MAX};
	f->doc[k] = d, f->at[k] = at, f->key[k] = key, f->name[k] = name, f->pos[k] = 0.5f;
	return k;
}

static long run(fx *f, const char *lang)
{
	xp_consist_in in = {lang, f->sent, f->nsent, f->sent0, f->doc, f->at, f->key, f->name, f->pos};
	return xp_consist(f->m, f->n, &in);
}

static void span_is(const fx *f, size_t k, xp_fate fate, int32_t t, uint32_t a, uint32_t b)
{
	assert_int_equal(f->m[k].fate, fate);
	if (fate != XP_PROJECTED)
		return;
	assert_int_equal(f->m[k].tgt_utt, t);
	assert_int_equal(f->m[k].tgt_start, a);
	assert_int_equal(f->m[k].tgt_end, b);
}

/* Joey said three times in a scene: twice on 乔伊, once unaligned in a
 * sentence that has 乔伊 too */
static void test_scene(void **state)
{
	(void)state;
	fx f = {0};
	sentence(&f, "我 是 乔 伊");
	sentence(&f, "乔 伊 来 了");
	sentence(&f, "你 好 , 乔 伊");
	sentence(&f, "你 好");
	size_t a = mention(&f, 0, 1, "joey", 2, 0, XP_PROJECTED, 2, 4);
	size_t b = mention(&f, 0, 1, "joey", 2, 1, XP_PROJECTED, 0, 2);
	size_t c = mention(&f, 0, 1, "joey", 2, 2, XP_NULL_UNALIGNED, 0, 0);
	size_t d = mention(&f, 0, 1, "joey", 2, 3, XP_NULL_UNALIGNED, 0, 0);   /* no 乔伊 in its sentence */
	size_t e = mention(&f, 0, 1, NULL, 0, 2, XP_NULL_UNALIGNED, 0, 0);    /* a pronoun: never grouped */
	assert_int_equal(run(&f, "zh"), 1);
	span_is(&f, a, XP_PROJECTED, 0, 2, 4);
	span_is(&f, b, XP_PROJECTED, 1, 0, 2);
	span_is(&f, c, XP_PROJECTED, 2, 3, 5);
	assert_true(f.m[c].np & XP_NP_CONSIST);
	assert_true(f.m[c].conf > 0 && f.m[c].conf < 0.8f);   /* no link of its own */
	assert_false(f.m[a].np & XP_NP_CONSIST);
	span_is(&f, d, XP_NULL_UNALIGNED, 0, 0, 0);
	span_is(&f, e, XP_NULL_UNALIGNED, 0, 0, 0);
}

/* a member placed elsewhere moves to the rendering; a rendering needs a
 * clear majority; an occurrence another entity holds is not taken; no
 * target text is left alone */
static void test_rules(void **state)
{
	(void)state;
	fx f = {0};
	sentence(&f, "你 爸 爸 来 了");      /* 0 */
	sentence(&f, "你 爸 爸 呢");         /* 1 */
	sentence(&f, "他 说 你 爸 爸 好");   /* 2: "your father" placed on 说 */
	sentence(&f, "罗 斯 和 瑞 秋");      /* 3 */
	sentence(&f, "瑞 秋 说 罗 斯");      /* 4 */
	size_t a = mention(&f, 0, 7, "your father", 0, 0, XP_PROJECTED, 0, 3);
	mention(&f, 0, 7, "your father", 0, 1, XP_PROJECTED, 0, 3);
	size_t c = mention(&f, 0, 7, "your father", 0, 2, XP_PROJECTED, 1, 2);
	size_t z = mention(&f, 0, 7, "your father", 0, -1, XP_NULL_EMPTY_TARGET, 0, 0);
	/* Ross: once on 罗斯, once on 瑞秋: a tie, no rendering */
	size_t r1 = mention(&f, 0, 2, "ross", 2, 3, XP_PROJECTED, 0, 2);
	size_t r2 = mention(&f, 0, 2, "ross", 2, 4, XP_PROJECTED, 0, 2);
	(void)r1;
	assert_int_equal(run(&f, "zh"), 1);
	span_is(&f, c, XP_PROJECTED, 2, 2, 5);
	assert_true(f.m[c].np & XP_NP_CONSIST);
	span_is(&f, a, XP_PROJECTED, 0, 0, 3);
	span_is(&f, z, XP_NULL_EMPTY_TARGET, 0, 0, 0);
	span_is(&f, r2, XP_PROJECTED, 4, 0, 2);

	/* Rachel twice on 瑞秋; in sentence 4 瑞秋 is held by Ross's mention */
	fx g = {0};
	sentence(&g, "瑞 秋 来 了");
	sentence(&g, "瑞 秋 好");
	sentence(&g, "瑞 秋 说 罗 斯");
	mention(&g, 0, 3, "rachel", 2, 0, XP_PROJECTED, 0, 2);
	mention(&g, 0, 3, "rachel", 2, 1, XP_PROJECTED, 0, 2);
	size_t x = mention(&g, 0, 3, "rachel", 2, 2, XP_NULL_UNALIGNED, 0, 0);
	mention(&g, 0, 2, "ross", 2, 2, XP_PROJECTED, 0, 2);
	assert_int_equal(run(&g, "zh"), 0);
	span_is(&g, x, XP_NULL_UNALIGNED, 0, 0, 0);
}

/* the occurrence nearest the mention's position wins */
static void test_nearest(void **state)
{
	(void)state;
	fx f = {0};
	sentence(&f, "莫 妮 卡");
	sentence(&f, "莫 妮 卡 , 不 是 你 , 莫 妮 卡");
	mention(&f, 0, 4, "monica", 2, 0, XP_PROJECTED, 0, 3);
	size_t b = mention(&f, 0, 4, "monica", 2, 1, XP_NULL_UNALIGNED, 0, 0);
	f.pos[b] = 0.9f;   /* said at the end of its English sentence */
	assert_int_equal(run(&f, "zh"), 1);
	span_is(&f, b, XP_PROJECTED, 1, 8, 11);
	f.m[b].fate = XP_NULL_UNALIGNED;
	f.m[b].np = 0;
	f.pos[b] = 0.1f;
	assert_int_equal(run(&f, "zh"), 1);
	span_is(&f, b, XP_PROJECTED, 1, 0, 3);
}

/* Farsi: the one-word rendering with an enclitic is the same name */
static void test_fa_clitic(void **state)
{
	(void)state;
	fx f = {0};
	sentence(&f, "جویی کجاست");
	sentence(&f, "سلام جویی");
	sentence(&f, "این جوییه");
	sentence(&f, "جوییان رفتند");
	mention(&f, 0, 5, "joey", 2, 0, XP_PROJECTED, 0, 1);
	mention(&f, 0, 5, "joey", 2, 1, XP_PROJECTED, 1, 2);
	size_t c = mention(&f, 0, 5, "joey", 2, 2, XP_NULL_UNALIGNED, 0, 0);
	size_t d = mention(&f, 0, 5, "joey", 2, 3, XP_NULL_UNALIGNED, 0, 0);   /* -ان is no clitic */
	assert_int_equal(run(&f, "fa"), 1);
	span_is(&f, c, XP_PROJECTED, 2, 1, 2);
	span_is(&f, d, XP_NULL_UNALIGNED, 0, 0, 0);
	/* not for Chinese-like targets: the same words only */
	f.m[c].fate = XP_NULL_UNALIGNED;
	assert_int_equal(run(&f, "zh"), 0);
}

/* a name across documents: two projections agree in one scene (mentions 0
 * and 1), the name is unaligned in another scene where it is said once (2) */
static void chandler(fx *f)
{
	f->sent0[0] = 0, f->sent0[1] = 2;
	sentence(f, "钱 德 在 哪");
	sentence(f, "钱 德 来 了");
	sentence(f, "我 看 见 钱 德 了");
	mention(f, 0, 1, "chandler", 2, 0, XP_PROJECTED, 0, 2);
	mention(f, 0, 1, "chandler", 1, 1, XP_PROJECTED, 0, 2);
	mention(f, 1, 1, "chandler", 1, 2, XP_NULL_UNALIGNED, 0, 0);
}

/* chandler's corpus; then the name never said where no sentence begins */
static void test_corpus(void **state)
{
	(void)state;
	fx f = {0};
	chandler(&f);
	size_t a = 0, c = 2;
	assert_int_equal(run(&f, "zh"), 1);
	span_is(&f, c, XP_PROJECTED, 0, 3, 5);   /* sentence 0 of document 1 */
	assert_true(f.m[c].np & XP_NP_CONSIST);
	/* the same, but never said where no sentence begins */
	f.name[a] = 1;
	f.m[c].fate = XP_NULL_UNALIGNED;
	assert_int_equal(run(&f, "zh"), 0);
	span_is(&f, c, XP_NULL_UNALIGNED, 0, 0, 0);
	/* and nothing at all */
	assert_int_equal(xp_consist(NULL, 0, &(xp_consist_in){0}), 0);
}

/* chandler's corpus a document at a time, as `project` streams it: a
 * first pass counts the name, the second places its member of document 1
 * as the whole corpus does */
static void test_parts(void **state)
{
	(void)state;
	fx f = {0};
	chandler(&f);
	size_t c = 2;
	static const size_t zero[1] = {0};
	static const uint32_t d0[2] = {0, 0};
	static const int32_t at1[1] = {0};
	xp_consist_in p0 = {"zh", f.sent, 2, f.sent0, f.doc, f.at, f.key, f.name, f.pos};
	xp_consist_in p1 = {"zh", f.sent + 2, 1, zero, d0, at1, f.key + 2, f.name + 2, f.pos + 2};
	xp_consist_names *t = xp_consist_names_new();
	assert_non_null(t);
	for (int apply = 0; apply < 2; apply++) {
		assert_true(xp_consist_part(f.m, 2, &p0, t, apply) >= 0);
		assert_true(xp_consist_part(f.m + 2, 1, &p1, t, apply) >= 0);
		if (!apply) {
			span_is(&f, c, XP_NULL_UNALIGNED, 0, 0, 0);   /* the first pass places no name */
			assert_int_equal(xp_consist_names_settle(t), 1);
		}
	}
	span_is(&f, c, XP_PROJECTED, 0, 3, 5);
	assert_true(f.m[c].np & XP_NP_CONSIST);
	assert_true(f.m[c].conf == 0.5f * 0.8f);
	xp_consist_names_free(t);
	/* a name said twice only: no rendering, the first pass is final */
	t = xp_consist_names_new();
	assert_true(xp_consist_part(f.m, 2, &p0, t, 0) >= 0);
	assert_int_equal(xp_consist_names_settle(t), 0);
	xp_consist_names_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scene),   cmocka_unit_test(test_rules),  cmocka_unit_test(test_nearest),
		cmocka_unit_test(test_fa_clitic), cmocka_unit_test(test_corpus), cmocka_unit_test(test_parts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
