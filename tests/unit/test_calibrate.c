/* tests/unit/test_calibrate.c — the confidence model: fitting (the optimum's
 * defining property, recovering known weights), reliability bins, queue
 * statistics, model files and what they refuse, explanations. */
#include "testutil.h"
#include "project/calibrate.h"

#include <math.h>

static double lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(*s >> 11) / 9007199254740992.0;
}

/* Data drawn from a known logistic model: the fit finds its weights, and
 * (the intercept being unpenalised) the predicted probabilities sum to the
 * positives exactly, which is what makes a fitted model calibrated on the
 * data it saw. */
static void fit_recovers_weights(void **state)
{
	(void)state;
	enum { N = 20000 };
	static float x[N][XP_CONF_MAXFEAT];
	static xp_example ex[N];
	uint64_t s = 42;
	for (size_t i = 0; i < N; i++) {
		x[i][XP_F_LINK_MEAN] = (float)lcg(&s);
		x[i][XP_F_PRONOUN] = lcg(&s) < 0.3;
		double z = -1 + 3 * x[i][XP_F_LINK_MEAN] - 1.5 * x[i][XP_F_PRONOUN];
		ex[i] = (xp_example){x[i], lcg(&s) < 1 / (1 + exp(-z)), 1};
	}
	xp_logit m;
	xp_err e;
	assert_int_equal(xp_logit_fit(ex, N, 0, &m, &e), 0);
	assert_true(fabs(m.bias + 1) < 0.15);
	assert_true(fabs(m.w[XP_F_LINK_MEAN] - 3) < 0.25);
	assert_true(fabs(m.w[XP_F_PRONOUN] + 1.5) < 0.15);
	assert_true(fabs(m.w[XP_F_GAP]) < 1e-9);   /* a feature that is always 0 */
	assert_true(fabs(m.mean[XP_F_PRONOUN] - 0.3) < 0.02);
	double sp = 0, sy = 0;
	for (size_t i = 0; i < N; i++)
		sp += xp_logit_prob(&m, ex[i].x), sy += ex[i].y;
	assert_true(fabs(sp - sy) < 1e-6);
	/* a penalty shrinks the weights, not the balance */
	xp_logit m2;
	assert_int_equal(xp_logit_fit(ex, N, 0.01, &m2, &e), 0);
	assert_true(fabs(m2.w[XP_F_LINK_MEAN]) < fabs(m.w[XP_F_LINK_MEAN]));
	sp = 0;
	for (size_t i = 0; i < N; i++)
		sp += xp_logit_prob(&m2, ex[i].x);
	assert_true(fabs(sp - sy) < 1e-6);
	/* one class only: nothing to fit */
	for (size_t i = 0; i < N; i++)
		ex[i].y = 1;
	assert_int_equal(xp_logit_fit(ex, N, 0, &m, &e), XP_EINPUT);
	assert_int_equal(xp_logit_fit(ex, 0, 0, &m, &e), XP_EINPUT);
}

/* Positive-unlabelled: in class 1 the reference marks only 40% of the right
 * examples.  The plain fit takes the class for a worse one (a negative
 * weight on its indicator); the label frequency estimated from that fit is
 * about 0.4 (a little under: the features leave some doubt); the PU fit
 * with it finds the truth's weights, and its mean probability in the class
 * the truth's share of right ones. */
static void fit_positive_unlabelled(void **state)
{
	(void)state;
	enum { N = 10000 };
	static float x[N][XP_CONF_MAXFEAT];
	static xp_example ex[N];
	static uint8_t cls[N], truth[N];
	uint64_t s = 7;
	size_t in1 = 0, right1 = 0;
	for (size_t i = 0; i < N; i++) {
		x[i][XP_F_LINK_MEAN] = (float)lcg(&s);
		x[i][XP_F_PRON_AGREE] = lcg(&s) < 0.4;
		cls[i] = x[i][XP_F_PRON_AGREE] != 0;
		double z = -4 + 9 * x[i][XP_F_LINK_MEAN];
		truth[i] = lcg(&s) < 1 / (1 + exp(-z));
		int marked = truth[i] && (!cls[i] || lcg(&s) < 0.4);
		ex[i] = (xp_example){x[i], marked, 1};
		in1 += cls[i], right1 += cls[i] && truth[i];
	}
	xp_logit g, m;
	xp_err e;
	assert_int_equal(xp_logit_fit(ex, N, 0, &g, &e), 0);
	assert_true(g.w[XP_F_PRON_AGREE] < -0.5);
	double c[2] = {0, xp_pu_label_freq(&g, ex, N, cls, 1)};
	assert_true(fabs(c[1] - 0.4) < 0.05);
	assert_true(xp_pu_label_freq(&g, ex, N, cls, 2) == 0);   /* no such class */
	assert_int_equal(xp_logit_fit_pu(ex, N, cls, (double[]){0, 0.4}, 0, &m, &e), 0);
	assert_true(fabs(m.w[XP_F_PRON_AGREE]) < 0.3);   /* the plain fit: below -0.5 */
	assert_true(fabs(m.w[XP_F_LINK_MEAN] - 9) < 0.6 && fabs(m.bias + 4) < 0.3);
	double sp = 0;
	for (size_t i = 0; i < N; i++)
		sp += cls[i] ? xp_logit_prob(&m, ex[i].x) : 0;
	assert_true(fabs(sp / (double)in1 - (double)right1 / (double)in1) < 0.03);
	/* the examples are not changed */
	for (size_t i = 0; i < N; i++)
		assert_true(ex[i].w == 1 && ex[i].y == (truth[i] && ex[i].y));
	/* a label frequency of 1 trusts every label: the plain fit */
	assert_int_equal(xp_logit_fit_pu(ex, N, cls, (double[]){0, 1}, 0, &m, &e), 0);
	assert_true(fabs(m.w[XP_F_PRON_AGREE] - g.w[XP_F_PRON_AGREE]) < 1e-9 && fabs(m.bias - g.bias) < 1e-9);
}

static void reliability(void **state)
{
	(void)state;
	xp_reliab r = {0};
	for (int i = 0; i < 40; i++)
		xp_reliab_add(&r, 0.85, i < 30);   /* 75% right at 0.85 */
	for (int i = 0; i < 10; i++)
		xp_reliab_add(&r, 0.15, i < 2);
	xp_reliab_add(&r, 1.0, 1);   /* the last bin is closed */
	xp_reliab_finish(&r);
	assert_int_equal(r.total, 51);
	assert_int_equal(r.n[8], 40);
	assert_int_equal(r.n[1], 10);
	assert_int_equal(r.n[9], 1);
	assert_true(fabs(r.pred[8] - 0.85) < 1e-12 && fabs(r.obs[8] - 0.75) < 1e-12);
	assert_true(fabs(xp_reliab_worst(&r, 30) - 0.10) < 1e-12);   /* only bin 8 has 30 */
	assert_true(fabs(xp_reliab_worst(&r, 1) - 0.10) < 1e-12);
	assert_true(xp_reliab_worst(&r, 100) < 0);
	assert_true(fabs(r.ece - (40 * 0.1 + 10 * 0.05 + 0) / 51) < 1e-12);
}

/* the worst gap by chance: larger for fewer items a bin, repeatable, none
 * without a bin of min_items */
static void reliability_chance(void **state)
{
	(void)state;
	enum { N = 400 };
	double p[N], small[2], big[2], again[2];
	for (int i = 0; i < N; i++)
		p[i] = i < 40 ? 0.45 : 0.85;   /* 40 items in bin 4, 360 in bin 8 */
	assert_int_equal(xp_reliab_chance(p, N, 30, 1000, small), 0);
	assert_int_equal(xp_reliab_chance(p, N, 30, 1000, again), 0);
	assert_true(small[0] == again[0] && small[1] == again[1]);
	/* bin 4's standard error, sqrt(0.45 * 0.55 / 40) = 0.079, dominates: its median |gap| is about 0.053 */
	assert_true(small[0] > 0.03 && small[0] < 0.08 && small[1] > small[0] && small[1] < 0.2);
	assert_int_equal(xp_reliab_chance(p + 40, N - 40, 30, 1000, big), 0);   /* bin 8 alone: 0.019 */
	assert_true(big[0] < small[0] && big[1] < 0.05);
	assert_int_equal(xp_reliab_chance(p, 20, 30, 10, big), 0);
	assert_true(big[0] < 0 && big[1] < 0);
}

static void rank_stats(void **state)
{
	(void)state;
	/* 20 items, 4 positives at ranks 1, 2, 6, 20 */
	uint8_t pos[20] = {0};
	pos[0] = pos[1] = pos[5] = pos[19] = 1;
	xp_rank_stats s;
	xp_rank_stats_of(pos, 20, &s);
	assert_int_equal(s.positives, 4);
	assert_true(fabs(s.top[0] - 0.5) < 1e-12);    /* first 2 */
	assert_true(fabs(s.top[1] - 0.5) < 1e-12);    /* first 5 */
	assert_true(fabs(s.top[2] - 0.75) < 1e-12);   /* first 10 */
	assert_true(fabs(s.ap - (1 + 1 + 3.0 / 6 + 4.0 / 20) / 4) < 1e-12);
	uint8_t none[3] = {0};
	xp_rank_stats_of(none, 3, &s);
	assert_int_equal(s.positives, 0);
	assert_true(s.ap == 0);
}

static void model_files(void **state)
{
	(void)state;
	xp_conf_model m;
	xp_err e;
	const char *ok = "\xEF\xBB\xBF{\"version\":1,\"fitted_by\":\"x\",\"models\":{\"zh\":{\"projected\":{\"bias\":0.5,"
			 "\"weights\":{\"link_mean\":2,\"gap\":-1},\"mean\":{\"gap\":0.25}},\"null\":{\"bias\":-1,\"weights\":{}}},"
			 "\"*\":{\"projected\":{\"bias\":0,\"weights\":{}},\"null\":{\"bias\":0,\"weights\":{}}}}}";
	assert_int_equal(xp_conf_parse("m.json", ok, strlen(ok), &m, &e), 0);
	const xp_conf_lang *zh = xp_conf_for(&m, "zh-Hans"), *any = xp_conf_for(&m, "fa");
	assert_non_null(zh);
	assert_string_equal(zh->lang, "zh");
	assert_string_equal(any->lang, "*");
	assert_true(xp_conf_for(&m, NULL) == any);
	float x[XP_CONF_MAXFEAT] = {0};
	x[XP_F_LINK_MEAN] = 1, x[XP_F_GAP] = 0.5f;
	double p = 1 / (1 + exp(-(0.5 + 2 - 0.5)));
	assert_true(fabs(xp_conf_of(zh, XP_CONF_PROJECTED, x) - p) < 1e-9);
	assert_true(fabs(xp_conf_of(zh, XP_CONF_NULL, x) - (1 - 1 / (1 + exp(1)))) < 1e-9);
	assert_true(xp_conf_of(zh, XP_CONF_NO_TARGET, x) == 1);
	xp_buf why = {0};
	xp_conf_explain(zh, XP_CONF_PROJECTED, x, 3, &why);
	/* link_mean pulls by 2 * (1 - 0), gap by -1 * (0.5 - 0.25) */
	assert_string_equal(why.p, "link_mean=1.00 (+2.00), gap=0.50 (-0.25)");
	xp_buf_free(&why);
	xp_conf_free(&m);

	/* a level for the agreeing class (calibrate --level-kinds agreeing):
	 * the projected log-odds of a pronoun on an agreeing word (pron_agree)
	 * or pro-drop's verb move by the shift; any other projection, and
	 * every null, do not */
	const char *lv = "{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0.5,\"weights\":{\"pronoun\":1},"
			 "\"class_level\":{\"class\":\"agreeing\",\"projections\":10,\"right\":8,\"shift\":1.5}},"
			 "\"null\":{\"bias\":-1,\"weights\":{},\"level\":{\"nulls\":10,\"recoverable\":4,\"shift\":0.5}}}}}";
	assert_int_equal(xp_conf_parse("m.json", lv, strlen(lv), &m, &e), 0);
	const xp_conf_lang *fa = xp_conf_for(&m, "fa");
	assert_true(fa->agree_level == 1.5);
	float y[XP_CONF_MAXFEAT] = {0};
	y[XP_F_PRONOUN] = 1;
	assert_false(xp_conf_agreeing(y));
	assert_true(fabs(xp_conf_of(fa, XP_CONF_PROJECTED, y) - 1 / (1 + exp(-1.5))) < 1e-9);
	y[XP_F_PRON_AGREE] = 1;
	assert_true(xp_conf_agreeing(y));
	assert_true(fabs(xp_conf_of(fa, XP_CONF_PROJECTED, y) - 1 / (1 + exp(-3.0))) < 1e-9);
	assert_true(fabs(xp_conf_of(fa, XP_CONF_NULL, y) - (1 - 1 / (1 + exp(1)))) < 1e-9);
	y[XP_F_PRON_AGREE] = 0, y[XP_F_PRODROP] = 1;
	assert_true(fabs(xp_conf_of(fa, XP_CONF_PROJECTED, y) - 1 / (1 + exp(-3.0))) < 1e-9);
	y[XP_F_PRONOUN] = 0;   /* no English pronoun: not the class */
	assert_false(xp_conf_agreeing(y));
	assert_true(fabs(xp_conf_of(fa, XP_CONF_PROJECTED, y) - 1 / (1 + exp(-0.5))) < 1e-9);
	/* the explanation names the level that applied, its shift and the
	 * confidence without and with it: the agreeing class's to a projection
	 * of the class (1 / (1 + e^-1.5) = 0.82 -> 1 / (1 + e^-3) = 0.95), the
	 * null model's to a null (its bias -1 has the level's 0.5 in it:
	 * 1 - 1 / (1 + e^1.5) = 0.82 -> 1 - 1 / (1 + e^1) = 0.73); none to a
	 * projection outside the class */
	assert_true(fa->null_level == 0.5);
	y[XP_F_PRONOUN] = 1, y[XP_F_PRODROP] = 0, y[XP_F_PRON_AGREE] = 1;
	xp_conf_explain(fa, XP_CONF_PROJECTED, y, 3, &why);
	assert_string_equal(why.p, "pronoun=1.00 (+1.00); agreeing class's level +1.50 on the log-odds: "
				   "confidence 0.82 -> 0.95");
	xp_buf_free(&why);
	xp_conf_explain(fa, XP_CONF_NULL, y, 3, &why);
	assert_string_equal(why.p, "null model's level +0.50 on the log-odds of recovery: confidence 0.82 -> 0.73");
	xp_buf_free(&why);
	y[XP_F_PRON_AGREE] = 0;
	xp_conf_explain(fa, XP_CONF_PROJECTED, y, 3, &why);
	assert_string_equal(why.p, "pronoun=1.00 (+1.00)");
	xp_buf_free(&why);
	xp_conf_free(&m);

	static const char *const bad[][2] = {
		{"{\"version\":2,\"models\":{}}", "version"},
		{"{\"version\":1}", "no \"models\""},
		{"{\"version\":1,\"models\":{\"zh\":{\"projected\":{\"bias\":0,\"weights\":{\"colour\":1}},"
		 "\"null\":{\"bias\":0,\"weights\":{}}}}}", "'colour' is no feature"},
		{"{\"version\":1,\"models\":{\"zh\":{\"projected\":{\"bias\":0,\"weights\":{\"gap\":\"x\"}},"
		 "\"null\":{\"bias\":0,\"weights\":{}}}}}", "gap is not a number"},
		{"{\"version\":1,\"models\":{\"zh\":{\"projected\":{\"bias\":0,\"weights\":{}}}}}", "\"null\" needs"},
		{"[1,", "not a confidence model"},
		{"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{}},\"lexicon\":{\"ends\":{}}}}}", "needs \"occurrences\""},
		{"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{}},\"lexicon\":{\"occurrences\":{\"a\":1},\"ends\":{\"a\":2}}}}}",
		 "'a' needs counts"},
		{"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{}},\"lexicon\":{\"occurrences\":{\"a\":-1}}}}}", "'a' needs counts"},
		{"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{}},\"lexicon\":{\"occurrences\":{\"a\":1},\"ends\":{\"b\":1}}}}}",
		 "'b' ends mentions but never occurs"},
		{"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{},"
		 "\"class_level\":{\"class\":\"verbs\",\"shift\":1}},\"null\":{\"bias\":0,\"weights\":{}}}}}",
		 "class 'verbs' is none this xproj knows"},
		{"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{},"
		 "\"class_level\":{\"class\":\"agreeing\"}},\"null\":{\"bias\":0,\"weights\":{}}}}}",
		 "needs a \"class\" and a \"shift\""},
		{"{\"version\":1,\"models\":{\"zh\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{},\"level\":{\"shift\":\"x\"}}}}}", "null: the level's shift is not a number"},
		/* a language given twice: the last one counted, silently */
		{"{\"version\":1,\"models\":{\"zh\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{}}},\n\"zh\":{\"projected\":{\"bias\":1,\"weights\":{}},"
		 "\"null\":{\"bias\":0,\"weights\":{}}}}}", "the key '\"zh\"' is given twice"},
		{"{\"version\":1,\"models\":{\"zh\":{\"projected\":{\"bias\":0,\"weights\":{\"gap\":1,\"gap\":2}},"
		 "\"null\":{\"bias\":0,\"weights\":{}}}}}", "the key '\"gap\"' is given twice"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		assert_int_equal(xp_conf_parse("m.json", bad[k][0], strlen(bad[k][0]), &m, &e), XP_EINPUT);
		assert_non_null(strstr(e.msg, bad[k][1]));
		assert_null(m.v);
	}
	/* the compiled-in model parses, Farsi's with the lexicon of MMC's dev silver */
	assert_int_equal(xp_conf_default(&m, &e), 0);
	assert_non_null(xp_conf_for(&m, "fa")->lex);
	assert_true(xp_conf_for(&m, "fa")->agree_level > 0);   /* its agreeing class's level (docs/triage.md) */
	assert_true(xp_conf_for(&m, "zh")->null_level > 0);    /* Chinese's null level, said in explanations */
	xp_conf_free(&m);
}

static void plot_escapes(void **state)
{
	(void)state;
	xp_reliab r = {0};
	xp_reliab_add(&r, 0.3, 0);
	xp_reliab_finish(&r);
	xp_plot_series s = {"<script>", &r};
	xp_buf b = {0};
	xp_reliab_svg("a & b", &s, 1, &b);
	assert_non_null(strstr(b.p, "a &amp; b"));
	assert_non_null(strstr(b.p, "&lt;script&gt;"));
	assert_null(strstr(b.p, "<script>"));
	assert_non_null(strstr(b.p, "</svg>"));
	xp_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(fit_recovers_weights), cmocka_unit_test(fit_positive_unlabelled), cmocka_unit_test(reliability), cmocka_unit_test(reliability_chance),
		cmocka_unit_test(rank_stats),
		cmocka_unit_test(model_files), cmocka_unit_test(plot_escapes),
	};
	return cmocka_run_group_tests(t, NULL, NULL);
}
