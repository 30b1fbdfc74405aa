/* tests/unit/test_agree.c — Krippendorff's alpha: the core on a published
 * nominal example, the set distances, and coreference agreement (IAA1 with
 * Passonneau's distance, IAA2 with MASI) on two- and three-annotator cases
 * worked by hand, with missing mentions and documents. */
#include "evalutil.h"
#include "eval/agree.h"

/* Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability",
 * Annenberg School for Communication, University of Pennsylvania: the
 * example of 4 observers, 12 units, values 1-5 with missing data (also in
 * Krippendorff 2004, Content Analysis, 2nd ed., sec. 11.3):
 *
 *   unit  1 2 3 4 5 6 7 8 9 10 11 12
 *   A     1 2 3 3 2 1 4 1 2 .  .  .
 *   B     1 2 3 3 2 2 4 1 2 5  .  3
 *   C     . 3 3 3 2 3 4 2 2 5  1  .
 *   D     1 2 3 3 2 4 4 1 2 5  1  .
 *
 * Worked here from the definition: unit 12 has one value and drops out,
 * leaving n = 40 pairable values with n_1..n_5 = 9, 13, 10, 5, 3.  Only
 * units 2 (2,2,3,2), 6 (1,2,3,4) and 8 (1,1,2,1) hold different values:
 * their disagreeing ordered pairs over m_u - 1 are 6/3, 12/3 and 6/3, so
 * the observed sum is 8 and D_o = 8/40.  The expected sum is
 * n^2 - sum n_c^2 = 1600 - 384 = 1216, D_e = 1216 / (40 * 39), and
 * alpha = 1 - 39 * 8 / 1216 = 113/152 = 0.7434: the 0.743 published. */
static void nominal_textbook(void **state)
{
	(void)state;
	enum { X = 0 };
	static const int v[4][12] = {{1, 2, 3, 3, 2, 1, 4, 1, 2, X, X, X},
				     {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, X, 3},
				     {X, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, X},
				     {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, X}};
	size_t start[13];
	uint32_t vals[48];
	size_t k = 0;
	for (int u = 0; u < 12; u++) {
		start[u] = k;
		for (int c = 0; c < 4; c++)
			if (v[c][u] != X)
				vals[k++] = (uint32_t)v[c][u];
	}
	start[12] = k;
	xp_alpha_data d = {.nunits = 12, .start = start, .vals = vals, .nvalues = 6,
			   .dist = xp_alpha_nominal};
	xp_alpha a;
	xp_err e;
	assert_int_equal(xp_alpha_compute(&d, &a, &e), 0);
	NEAR(a.n, 40);
	assert_int_equal(a.units, 11);
	NEAR(a.d_o, 8.0 / 40);
	NEAR(a.d_e, 1216.0 / (40 * 39));
	NEAR(a.alpha, 113.0 / 152);
}

/* No variation at all: alpha is undefined, not 1. */
static void no_variation(void **state)
{
	(void)state;
	size_t start[] = {0, 2, 4};
	uint32_t vals[] = {1, 1, 1, 1};
	xp_alpha_data d = {.nunits = 2, .start = start, .vals = vals, .nvalues = 2, .dist = xp_alpha_nominal};
	xp_alpha a;
	xp_err e;
	assert_int_equal(xp_alpha_compute(&d, &a, &e), 0);
	assert_true(isnan(a.alpha));
}

static void set_distances(void **state)
{
	(void)state;
	const uint32_t abc[] = {1, 2, 3}, ab[] = {1, 2}, cd[] = {3, 4}, d[] = {4}, abd[] = {1, 2, 4};
	NEAR(xp_passonneau_m(abc, 3, abc, 3), 1);
	NEAR(xp_passonneau_m(ab, 2, abc, 3), 2.0 / 3);
	NEAR(xp_passonneau_m(abc, 3, abd, 3), 1.0 / 3);   /* share a and b */
	NEAR(xp_passonneau_m(abc, 3, cd, 2), 0);          /* share c only */
	NEAR(xp_masi(ab, 2, abc, 3), 2.0 / 3 * 2.0 / 3);
	NEAR(xp_masi(abc, 3, abd, 3), 2.0 / 4 * 1.0 / 3);
	NEAR(xp_masi(d, 1, cd, 2), 1.0 / 2 * 2.0 / 3);
	NEAR(xp_masi(abc, 3, cd, 2), 0);
}

/* One document "a b c d e f", one-token mentions; spec "a b c|d" lists the
 * entities of an annotator. */
static void annotate(xp_corpus *c, const char *id, const char *entities)
{
	char spec[256] = "";
	int label = 0;
	for (const char *p = entities; *p; p++) {
		if (*p == '|')
			label++;
		else if (*p >= 'a' && *p <= 'f') {
			char m[32];
			snprintf(m, sizeof m, "0 %d %d %d;", *p - 'a', *p - 'a' + 1, label);
			strcat(spec, m);
		}
	}
	add_doc(c, id, "a b c d e f", spec);
}

static xp_agreement agree(xp_corpus *c, size_t n)
{
	const xp_corpus *v[4];
	const char *names[4] = {"one", "two", "three", "four"};
	for (size_t i = 0; i < n; i++)
		v[i] = &c[i];
	xp_agreement a;
	xp_err e;
	assert_int_equal(xp_agree(v, names, n, &a, &e), 0);
	return a;
}

/* Two annotators over mentions a b c d:
 *   one: {a,b,c} {d}        two: {a,b} {c,d}
 * Values X={a,b,c}, Y={a,b}, Z={c,d}, W={d}; units a: X,Y  b: X,Y  c: X,Z
 * d: W,Z.  Passonneau: d(X,Y) = 1 - 2/3 (subset), d(X,Z) = 1 (they share c
 * only), d(W,Z) = 1/3; every other pair is disjoint (1).
 *   observed: 2 * (1/3 + 1/3 + 1 + 1/3) = 4 over n = 8 values: D_o = 1/2
 *   n_X = 3, n_Y = 2, n_Z = 2, n_W = 1: n^2 - sum n_c^2 = 64 - 18 = 46,
 *   less 2 n_X n_Y (2/3) = 8 and 2 n_W n_Z (2/3) = 8/3: 106/3, D_e = 106/168
 *   IAA1 = 1 - (1/2) / (106/168) = 11/53.
 * MASI: J*M = 2/3 * 2/3 for X,Y; 0 for X,Z; 1/2 * 2/3 for W,Z:
 *   observed 2 * (5/9 + 5/9 + 1 + 2/3) = 50/9, D_o = 25/36; expected
 *   46 - 12 * 4/9 - 4 * 1/3 = 118/3, D_e = 118/168; IAA2 = 2/177. */
static void two_annotators(void **state)
{
	(void)state;
	xp_corpus c[2] = {{0}};
	annotate(&c[0], "d", "abc|d");
	annotate(&c[1], "d", "ab|cd");
	xp_agreement a = agree(c, 2);
	NEAR(a.iaa1.d_o, 0.5);
	NEAR(a.iaa1.d_e, 106.0 / 168);
	NEAR(a.iaa1.alpha, 11.0 / 53);
	NEAR(a.iaa2.d_o, 25.0 / 36);
	NEAR(a.iaa2.alpha, 2.0 / 177);
	assert_int_equal(a.units, 4);
	assert_int_equal(a.all, 4);
	assert_int_equal(a.lone, 0);
	assert_int_equal(a.npairs, 1);
	double r, p, f;
	xp_prf(&a.pairs[0].s, XP_MENTIONS, &r, &p, &f);
	NEAR(f, 1);
	xp_prf(&a.pairs[0].s, XP_MUC, &r, &p, &f);   /* one: 2 links, two: 2, common: a-b */
	NEAR(r, 0.5);
	NEAR(p, 0.5);
	xp_agreement_free(&a);
	xp_corpus_free(&c[0]);
	xp_corpus_free(&c[1]);
}

/* Three annotators, one of whom did not mark e:
 *   one: {a,b} {c,d} {e}    two: {a,b} {c} {d}    three: {a,b,c} {d,e}
 * Values P={a,b} Q={c,d} R={e} S={c} T={d} U={a,b,c} V={d,e}.  Units
 * a, b: P,P,U   c: Q,S,U   d: Q,T,V   e: R,V (two values: e is missing for
 * "two", not a disagreement).  Passonneau distances: subsets P-U, Q-S,
 * S-U, Q-T, T-V, R-V are 1/3; Q-U and Q-V share one mention: 1.
 *   observed: a, b 2/3 each; c, d (1/3 + 1 + 1/3) * 2 / 2 = 5/3 each;
 *   e 2/3: 16/3 over n = 14, D_o = 8/21
 *   n_P = 4, n_U = 3, n_Q = 2, n_V = 2, n_S = n_T = n_R = 1: 196 - 36 = 160,
 *   less (2/3) * 2 * (4*3 + 2*1 + 1*3 + 2*1 + 1*2 + 1*2) = 92/3: 388/3,
 *   D_e = 388 / (3 * 14 * 13) = 194/273;  IAA1 = 45/97.
 * MASI the same way gives D_o = 25/42, D_e = 214/273, IAA2 = 103/428. */
static void three_annotators(void **state)
{
	(void)state;
	xp_corpus c[3] = {{0}};
	annotate(&c[0], "d", "ab|cd|e");
	annotate(&c[1], "d", "ab|c|d");
	annotate(&c[2], "d", "abc|de");
	xp_agreement a = agree(c, 3);
	NEAR(a.iaa1.n, 14);
	NEAR(a.iaa1.d_o, 8.0 / 21);
	NEAR(a.iaa1.d_e, 194.0 / 273);
	NEAR(a.iaa1.alpha, 45.0 / 97);
	NEAR(a.iaa2.d_o, 25.0 / 42);
	NEAR(a.iaa2.d_e, 214.0 / 273);
	NEAR(a.iaa2.alpha, 103.0 / 428);
	assert_int_equal(a.units, 5);
	assert_int_equal(a.all, 4);
	assert_int_equal(a.npairs, 3);
	assert_int_equal(a.pairs[1].a, 0);
	assert_int_equal(a.pairs[1].b, 2);
	/* one vs two: 4 of one's 5 mentions are two's */
	double r, p, f;
	xp_prf(&a.pairs[0].s, XP_MENTIONS, &r, &p, &f);
	NEAR(r, 4.0 / 5);
	NEAR(p, 1);

	/* a mention only "one" marks, alone in its entity, is not pairable: it
	 * changes nothing */
	xp_corpus_free(&c[0]);
	annotate(&c[0], "d", "ab|cd|e|f");
	xp_agreement b = agree(c, 3);
	assert_int_equal(b.units, 6);
	assert_int_equal(b.lone, 1);
	NEAR(b.iaa1.alpha, 45.0 / 97);
	NEAR(b.iaa2.alpha, 103.0 / 428);
	xp_agreement_free(&a);
	xp_agreement_free(&b);
	for (int i = 0; i < 3; i++)
		xp_corpus_free(&c[i]);
}

static void perfect_agreement(void **state)
{
	(void)state;
	xp_corpus c[3] = {{0}};
	for (int i = 0; i < 3; i++) {
		annotate(&c[i], "x", "ab|cde|f");
		annotate(&c[i], "y", "a|b|c");
	}
	xp_agreement a = agree(c, 3);
	NEAR(a.iaa1.alpha, 1);
	NEAR(a.iaa2.alpha, 1);
	NEAR(a.iaa1.d_o, 0);
	for (size_t k = 0; k < a.npairs; k++) {
		NEAR(xp_conll_f1(&a.pairs[k].s), 1);
		assert_int_equal(a.pairs[k].documents, 2);
	}
	xp_agreement_free(&a);
	for (int i = 0; i < 3; i++)
		xp_corpus_free(&c[i]);
}

/* A document one annotator lacks: its mentions have one value fewer, and
 * the pair without it is scored on the shared documents only. */
static void missing_document(void **state)
{
	(void)state;
	xp_corpus c[3] = {{0}};
	annotate(&c[0], "x", "abc|d");
	annotate(&c[1], "x", "ab|cd");
	annotate(&c[2], "x", "abc|d");
	annotate(&c[0], "y", "ab");
	annotate(&c[1], "y", "ab");
	xp_agreement a = agree(c, 3);
	assert_int_equal(a.documents, 2);
	assert_int_equal(a.units, 6);
	assert_int_equal(a.all, 4);
	assert_int_equal(a.pairs[0].documents, 2);   /* one-two */
	assert_int_equal(a.pairs[1].documents, 1);   /* one-three */
	double r, p, f;
	xp_prf(&a.pairs[1].s, XP_MENTIONS, &r, &p, &f);
	NEAR(f, 1);
	xp_agreement_free(&a);
	for (int i = 0; i < 3; i++)
		xp_corpus_free(&c[i]);
}

/* Bit-set distances for the brute force below. */
static double bits_m(unsigned a, unsigned b)
{
	int k = __builtin_popcount(a & b);
	if (a == b)
		return 1;
	if ((a & b) == a || (a & b) == b)
		return 2.0 / 3;
	return k > 1 ? 1.0 / 3 : 0;
}

static double bits_dist(unsigned a, unsigned b, int masi)
{
	double j = (double)__builtin_popcount(a & b) / __builtin_popcount(a | b);
	return 1 - (masi ? j : 1) * bits_m(a, b);
}

/* The shortcut for D_e (only intersecting entities listed) against the
 * definition summed over every pair of pooled values, on random
 * annotations with missing mentions: 3 annotators, 12 mentions. */
static void matches_brute_force(void **state)
{
	(void)state;
	srand(7);
	for (int round = 0; round < 200; round++) {
		int lab[3][12];
		xp_corpus c[3] = {{0}};
		for (int a = 0; a < 3; a++) {
			char spec[512] = "";
			for (int m = 0; m < 12; m++) {
				lab[a][m] = rand() % 6 == 0 ? -1 : rand() % 4;
				if (lab[a][m] < 0)
					continue;
				char one[32];
				snprintf(one, sizeof one, "0 %d %d %d;", m, m + 1, lab[a][m]);
				strcat(spec, one);
			}
			add_doc(&c[a], "d", "m m m m m m m m m m m m", spec);
		}
		/* brute force: each (unit, annotator) value as a bit set */
		unsigned pool[36];
		int unit_of[36], n = 0;
		for (int m = 0; m < 12; m++) {
			int have = 0;
			for (int a = 0; a < 3; a++)
				have += lab[a][m] >= 0;
			if (have < 2)
				continue;
			for (int a = 0; a < 3; a++) {
				if (lab[a][m] < 0)
					continue;
				unsigned set = 0;
				for (int o = 0; o < 12; o++)
					if (lab[a][o] == lab[a][m])
						set |= 1u << o;
				pool[n] = set, unit_of[n++] = m;
			}
		}
		xp_agreement ag = agree(c, 3);
		for (int masi = 0; masi < 2; masi++) {
			double obs = 0, exp = 0;
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					if (i == j)
						continue;
					double d = bits_dist(pool[i], pool[j], masi);
					exp += d;
					if (unit_of[i] == unit_of[j]) {
						int mu = 0;
						for (int k = 0; k < n; k++)
							mu += unit_of[k] == unit_of[i];
						obs += d / (mu - 1);
					}
				}
			const xp_alpha *x = masi ? &ag.iaa2 : &ag.iaa1;
			NEAR(x->n, n);
			NEAR(x->d_o, obs / n);
			NEAR(x->d_e, exp / ((double)n * (n - 1)));
		}
		xp_agreement_free(&ag);
		for (int a = 0; a < 3; a++)
			xp_corpus_free(&c[a]);
	}
}

static void different_tokens(void **state)
{
	(void)state;
	xp_corpus c[2] = {{0}};
	annotate(&c[0], "x", "ab");
	add_doc(&c[1], "x", "a b c d e g", "0 0 1 0");
	const xp_corpus *v[2] = {&c[0], &c[1]};
	const char *names[2] = {"one.conll", "two.conll"};
	xp_agreement a;
	xp_err e;
	assert_int_equal(xp_agree(v, names, 2, &a, &e), XP_EINPUT);
	assert_string_equal(e.file, "two.conll");
	assert_int_equal(e.line, 10);
	assert_non_null(strstr(e.msg, "sentence 1 of document x part 0 differs"));
	assert_int_equal(xp_agree(v, names, 1, &a, &e), XP_EUSAGE);
	xp_corpus_free(&c[0]);
	xp_corpus_free(&c[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nominal_textbook),
		cmocka_unit_test(no_variation),
		cmocka_unit_test(set_distances),
		cmocka_unit_test(two_annotators),
		cmocka_unit_test(three_annotators),
		cmocka_unit_test(perfect_agreement),
		cmocka_unit_test(missing_document),
		cmocka_unit_test(matches_brute_force),
		cmocka_unit_test(different_tokens),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
