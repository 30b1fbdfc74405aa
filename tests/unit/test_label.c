/* tests/unit/test_label.c — judging a projection report against a reference
 * (pipeline/label.h) under XP_LB_LOOSE, MMC's silver's Farsi determiner
 * conventions: a span with the indefinite یه is right where the silver has
 * the noun alone (یه چیزی / چیزی), a determiner and its light noun where it
 * has either alone (چی کار / چی, همه چیز / چیز); a span whose first word
 * only begins with یه (یهودی) or whose second word is no light noun (همه
 * کتاب) is not, nor is anything without XP_LB_LOOSE. */
#include "testutil.h"
#include "io/conll.h"
#include "io/report.h"
#include "pipeline/label.h"

/* the projection: one mention per line below, its tokens in brackets */
static const char PROJ[] = "#begin document (d); part 000\n"
			   "d\t0\t0\tيه\t(0\nd\t0\t1\tچیزی\t0)\nd\t0\t2\tو\t-\nd\t0\t3\tچی\t(1\nd\t0\t4\tکار\t1)\n"
			   "d\t0\t5\tو\t-\nd\t0\t6\tهمه\t(4\nd\t0\t7\tچیز\t4)\n\n"
			   "d\t0\t0\tیهودی\t(2\nd\t0\t1\tها\t2)\nd\t0\t2\tهمه\t(3\nd\t0\t3\tکتاب\t3)\n#end document\n";
/* MMC's silver's spans: چیزی (the Arabic-yeh یه left out), چی, چیز, ها, همه */
static const char REF[] = "#begin document (d); part 000\n"
			  "d\t0\t0\tيه\t-\nd\t0\t1\tچیزی\t(0)\nd\t0\t2\tو\t-\nd\t0\t3\tچی\t(1)\nd\t0\t4\tکار\t-\n"
			  "d\t0\t5\tو\t-\nd\t0\t6\tهمه\t-\nd\t0\t7\tچیز\t(4)\n\n"
			  "d\t0\t0\tیهودی\t-\nd\t0\t1\tها\t(2)\nd\t0\t2\tهمه\t(3)\nd\t0\t3\tکتاب\t-\n#end document\n";
static const char REPORT[] =
	"{\"lang\":\"fa\",\"documents\":[{\"doc\":\"d\",\"part\":0,\"tgt_to_en\":[0,1],\"detail\":["
	"{\"id\":0,\"cluster\":0,\"en\":[0,0,1],\"tgt\":[0,0,2],\"fate\":\"projected\",\"conf\":0.5},"
	"{\"id\":1,\"cluster\":1,\"en\":[0,2,3],\"tgt\":[0,3,5],\"fate\":\"projected\",\"conf\":0.5},"
	"{\"id\":2,\"cluster\":2,\"en\":[1,0,1],\"tgt\":[1,0,2],\"fate\":\"projected\",\"conf\":0.5},"
	"{\"id\":3,\"cluster\":3,\"en\":[1,1,2],\"tgt\":[1,2,4],\"fate\":\"projected\",\"conf\":0.5},"
	"{\"id\":4,\"cluster\":4,\"en\":[0,4,5],\"tgt\":[0,6,8],\"fate\":\"projected\",\"conf\":0.5}]}]}";

static void judge(unsigned flags, int *labels, xp_label_stats *st)
{
	xp_err e = {0};
	xp_corpus proj = {0}, ref = {0};
	xp_report r;
	assert_int_equal(xp_conll_read("p", PROJ, strlen(PROJ), NULL, &proj, &e), 0);
	assert_int_equal(xp_conll_read("k", REF, strlen(REF), NULL, &ref, &e), 0);
	assert_int_equal(xp_report_parse("r.json", REPORT, strlen(REPORT), NULL, 0, &r, &e), 0);
	assert_int_equal(xp_label_report(&r, &proj, &ref, "k", flags, st, &e), 0);
	assert_int_equal(r.n, 5);
	for (size_t k = 0; k < r.n; k++)
		labels[r.items[k].id] = r.items[k].label;
	xp_report_free(&r);
	xp_corpus_free(&proj);
	xp_corpus_free(&ref);
}

static void farsi_determiners(void **state)
{
	(void)state;
	int l[5];
	xp_label_stats st;
	judge(0, l, &st);
	for (int k = 0; k < 5; k++)
		assert_int_equal(l[k], XP_LB_WRONG);
	assert_int_equal(st.loose, 0);
	/* each wrong span overlaps the silver's mention in it: none unmarked */
	assert_int_equal(st.wrong, 5);
	assert_int_equal(st.unmarked, 0);
	judge(XP_LB_LOOSE, l, &st);
	assert_int_equal(l[0], XP_LB_RIGHT);   /* یه چیزی: چیزی */
	assert_int_equal(l[1], XP_LB_RIGHT);   /* چی کار: چی */
	assert_int_equal(l[4], XP_LB_RIGHT);   /* همه چیز: چیز */
	assert_int_equal(l[2], XP_LB_WRONG);   /* یهودی ها: ها (یهودی is no یه) */
	assert_int_equal(l[3], XP_LB_WRONG);   /* همه کتاب: همه (کتاب is no light noun) */
	assert_int_equal(st.loose, 3);
	assert_int_equal(st.right, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(farsi_determiners)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
