/* tests/unit/test_zhends.c — the table of Chinese mention ends
 * (project/zhends.h): its value for a word, with a document's own fold left
 * out; malformed tables refused; a table counted from a hand-made silver
 * corpus on the fixture's jieba dictionary (tests/fixtures/zhseg). */
#include "testutil.h"
#include "io/conll.h"
#include "project/zhends.h"

static double logit(double p) { return log(p / (1 - p)); }

/* 人民: 3 occurrences, 2 ending a mention in fold 0; 1 and 1 in fold 1 */
static const char TABLE[] = "{\"version\":1,\"folds\":2,\"prior\":0.3,\"strength\":2,\"docs\":{\"d\":0,\"e\":1},"
			    "\"words\":{\"人民\":[3,2,1,1],\"有\":[0,0,4,0]}}";

static void value(void **state)
{
	(void)state;
	xp_zh_ends *z;
	xp_err e = {0};
	assert_int_equal(xp_zh_ends_parse("t", TABLE, strlen(TABLE), &z, &e), 0);
	/* a document the table does not name: every fold, (3 + 2 * 0.3) / (4 + 2) */
	assert_true(fabs(xp_zh_ends_value(z, "x", "人民", strlen("人民")) - (logit(0.6) - logit(0.3))) < 1e-9);
	/* d is in fold 0: fold 1 alone, (1 + 0.6) / (1 + 2) */
	assert_true(fabs(xp_zh_ends_value(z, "d", "人民", strlen("人民")) - (logit(1.6 / 3) - logit(0.3))) < 1e-9);
	/* e is in fold 1: fold 0 alone, (2 + 0.6) / (3 + 2) */
	assert_true(fabs(xp_zh_ends_value(z, "e", "人民", strlen("人民")) - (logit(2.6 / 5) - logit(0.3))) < 1e-9);
	/* never ends one: below the prior; for e (fold 1 left out: none seen) the prior itself */
	assert_true(xp_zh_ends_value(z, NULL, "有", strlen("有")) < -1);
	assert_true(fabs(xp_zh_ends_value(z, "e", "有", strlen("有"))) < 1e-9);
	/* a word the table lacks, or no table: 0 */
	assert_true(xp_zh_ends_value(z, "x", "中国", strlen("中国")) == 0);
	assert_true(xp_zh_ends_value(NULL, "x", "人民", strlen("人民")) == 0);
	xp_zh_ends_free(z);
	/* the compiled-in table parses */
	assert_int_equal(xp_zh_ends_default(&z, &e), 0);
	xp_zh_ends_free(z);
}

static void malformed(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"[]",
		"{\"version\":2,\"folds\":1,\"prior\":0.3,\"strength\":2,\"docs\":{},\"words\":{}}",
		"{\"version\":1,\"folds\":0,\"prior\":0.3,\"strength\":2,\"docs\":{},\"words\":{}}",
		"{\"version\":1,\"folds\":1,\"prior\":1,\"strength\":2,\"docs\":{},\"words\":{}}",
		"{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":0,\"docs\":{},\"words\":{}}",
		"{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":2,\"words\":{}}",
		/* a fold out of range, a count list of the wrong length, more ends than occurrences */
		"{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":2,\"docs\":{\"d\":1},\"words\":{}}",
		"{\"version\":1,\"folds\":2,\"prior\":0.3,\"strength\":2,\"docs\":{},\"words\":{\"人\":[1,1]}}",
		"{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":2,\"docs\":{},\"words\":{\"人\":[1,2]}}",
		"{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":2,\"docs\":{},\"words\":{\"人\":[-1,0]}}",
		"{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":2,\"docs\":{},\"words\":{\"人\":[1,0],\"人\":[1,0]}}",
		NULL};
	for (size_t k = 0; bad[k]; k++) {
		xp_zh_ends *z = (xp_zh_ends *)1;
		xp_err e = {0};
		assert_int_equal(xp_zh_ends_parse("t", bad[k], strlen(bad[k]), &z, &e), XP_EINPUT);
		assert_null(z);
	}
}

/* Two scenes in characters: 中国人 ends a mention, 有 and 中国 do not, 人民
 * does; b's scene goes to fold 1 (id order: a, b). */
static void build(void **state)
{
	(void)state;
	static const char SILVER[] = "#begin document (b); part 000\n"
				     "b\t0\t0\t中\t(1\nb\t0\t1\t国\t-\nb\t0\t2\t人\t1)\nb\t0\t3\t有\t-\n#end document\n"
				     "#begin document (a); part 000\n"
				     "a\t0\t0\t中\t-\na\t0\t1\t国\t-\na\t0\t2\t人\t(2\na\t0\t3\t民\t2)\n#end document\n";
	xp_corpus c = {0};
	xp_err e = {0};
	xp_zhseg *seg;
	assert_int_equal(xp_conll_read("s", SILVER, strlen(SILVER), NULL, &c, &e), 0);
	assert_int_equal(xp_zhseg_open(FIX("zhseg"), &seg, &e), 0);
	xp_buf b = {0};
	assert_int_equal(xp_zh_ends_build(&c, seg, 2, "test", &b, &e), 0);
	xp_buf_putc(&b, '\0');
	assert_false(b.oom);
	assert_non_null(strstr(b.p, "\"docs\":{\"a\":0,\"b\":1}"));
	assert_non_null(strstr(b.p, "\"中国人\":[0,0,1,1]"));
	assert_non_null(strstr(b.p, "\"有\":[0,0,1,0]"));
	assert_non_null(strstr(b.p, "\"中国\":[1,0,0,0]"));
	assert_non_null(strstr(b.p, "\"人民\":[1,1,0,0]"));
	xp_zh_ends *z;
	assert_int_equal(xp_zh_ends_parse("built", b.p, strlen(b.p), &z, &e), 0);
	assert_true(xp_zh_ends_value(z, "other", "中国人", strlen("中国人")) > 0);
	assert_true(xp_zh_ends_value(z, "b", "中国人", strlen("中国人")) == 0);   /* its own scene's count only */
	xp_zh_ends_free(z);
	xp_buf_free(&b);
	xp_zhseg_free(seg);
	xp_corpus_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(value), cmocka_unit_test(malformed), cmocka_unit_test(build)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
