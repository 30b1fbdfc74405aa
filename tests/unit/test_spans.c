/* tests/unit/test_spans.c — the English mention spans as soft constraints
 * of the word aligner (align/gibbs.c, hold_spans; wordalign.h src_spans):
 * a token's distribution with a block of mention tokens is its
 * distribution without, times the factor on exactly the choices whose
 * transitions stay in the block, in both directions; a factor of 1 changes
 * nothing; and through the library, spans for other pairs or outside a
 * pair are refused, factor 1 gives the links of no spans. */
#include "testutil.h"
#include "align/gibbs.h"
#include "align/wordalign.h"
#include "io/bitext.h"

/* one sentence pair, English 4 tokens (types 0..3), target 3 (types 0..2),
 * and a few more so that the counts are not all one pair's */
static void toy(wa_corpus *c, uint64_t *off0, uint64_t *off1, uint32_t *t0, uint32_t *t1)
{
	static const uint32_t e[] = {0, 1, 2, 3, 1, 2, 0, 3, 2, 1, 0};
	static const uint32_t f[] = {0, 1, 2, 1, 2, 0, 2, 1, 0, 1};
	memset(c, 0, sizeof *c);
	memcpy(t0, e, sizeof e);
	memcpy(t1, f, sizeof f);
	off0[0] = 0, off0[1] = 4, off0[2] = 7, off0[3] = 11;
	off1[0] = 0, off1[1] = 3, off1[2] = 6, off1[3] = 10;
	c->side[0] = (wa_side){t0, off0, 11, 11, 4};
	c->side[1] = (wa_side){t1, off1, 10, 10, 3};
	c->nsent = 3;
}

/* Token 0 of pair 0 in direction dir, one pass: the distribution without
 * blocks (pa) and with blocks {1, 1, 0, 0} on the English side at factor f
 * (pb), from the same state; *next_pos the position of the nearest aligned
 * token after it, *next_tok that token's index (-1: none). */
static void marginals(int dir, uint64_t seed, double f, double *pa, double *pb, long *next_pos, long *next_tok)
{
	wa_corpus c;
	uint64_t off0[4], off1[4];
	uint32_t t0[11], t1[10];
	uint16_t blk[12] = {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
	toy(&c, off0, off1, t0, t1);
	wa_corpus cb = c;
	cb.blk = blk, cb.blk_f = f;
	const unsigned parts = WA_LEX | WA_JUMP;
	wa_sampler a, b;
	assert_int_equal(xp_wa_sampler_init(&a, &c, dir, seed), 0);
	assert_int_equal(xp_wa_sampler_init(&b, &cb, dir, seed), 0);
	assert_int_equal(xp_wa_init(&a), 0);
	assert_int_equal(xp_wa_init(&b), 0);
	xp_wa_recount(&a, parts);
	xp_wa_recount(&b, parts);
	uint32_t I = dir ? 3 : 4, J = dir ? 4 : 3;
	assert_memory_equal(a.a, b.a, J * sizeof *a.a);   /* the same state */
	*next_pos = dir ? 0 : 5, *next_tok = -1;   /* I + 1: the sentence's end */
	for (uint32_t q = 1; q < J; q++)
		if (a.a[q]) {
			*next_pos = a.a[q], *next_tok = q;
			break;
		}
	double acc[2][5 * 5] = {{0}};
	assert_int_equal(xp_wa_sentence_marginals(&a, parts, 0, 1, acc[0]), 0);
	assert_int_equal(xp_wa_sentence_marginals(&b, parts, 0, 1, acc[1]), 0);
	for (uint32_t i = 0; i <= I; i++)
		pa[i] = acc[0][i], pb[i] = acc[1][i];
	xp_wa_sampler_free(&a);
	xp_wa_sampler_free(&b);
}

static void check(int dir, double f, int *moved)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		double pa[5], pb[5], r[5];
		long np, nt;
		marginals(dir, seed, f, pa, pb, &np, &nt);
		uint32_t I = dir ? 3 : 4;
		/* the expected factor of each choice i of token 0 (nothing aligned
		 * before it: only the transition to the next aligned token) */
		for (uint32_t i = 0; i <= I; i++) {
			r[i] = 1;
			if (!i)
				continue;
			if (!dir)   /* English generates: i in the next one's block */
				r[i] = np >= 1 && np <= 2 && i <= 2 ? f : 1;
			else        /* English token 0 and the next aligned English token in one block: next to it */
				r[i] = nt == 1 && labs((long)i - np) <= 1 ? f : 1;
		}
		double z = 0;
		for (uint32_t i = 0; i <= I; i++)
			z += pa[i] * r[i];
		int any = 0;
		for (uint32_t i = 0; i <= I; i++) {
			assert_true(fabs(pb[i] - pa[i] * r[i] / z) < 1e-12);
			any |= r[i] != 1;
		}
		*moved += any;
	}
}

static void factor_on_the_block(void **state)
{
	(void)state;
	for (int dir = 0; dir < 2; dir++) {
		int moved = 0;
		check(dir, 4, &moved);
		assert_true(moved > 0);    /* some seeds put the next token in the block */
		assert_true(moved < 40);   /* and some do not: nothing changes then */
	}
}

static void factor_one_changes_nothing(void **state)
{
	(void)state;
	for (int dir = 0; dir < 2; dir++) {
		double pa[5], pb[5];
		long np, nt;
		marginals(dir, 7, 1, pa, pb, &np, &nt);
		assert_memory_equal(pa, pb, sizeof pa);
	}
}

/* through the library: xp_wordalign with and without spans */
static int align(const char *text, const xp_walign *spans, double f, xp_walign *fwd, xp_err *e)
{
	xp_bitext b = {0};
	assert_int_equal(xp_bitext_read_mem("t", strdup(text), strlen(text), &b, e), 0);   /* b frees it */
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.threads = 1, o.seed = 5, o.learn_names = 0;
	o.src_spans = spans, o.span_factor = f, o.span_langs = NULL;
	xp_walign rev = {0};
	int rc = xp_wordalign(&b, &o, fwd, &rev, e);
	xp_walign_free(&rev);
	xp_bitext_free(&b);
	return rc;
}

static void library(void **state)
{
	(void)state;
	const char *text = "the big house ||| das grosse haus\nthe dog is big ||| der hund ist gross\n"
			   "a big dog ||| ein grosser hund\n";
	xp_walign none = {0}, one = {0}, four = {0}, sp = {0};
	xp_err e = {0};
	assert_int_equal(xp_pharaoh_read("s", "1-2\n0-1 3-3\n1-2\n", 16, 0, &sp, &e), 0);
	assert_int_equal(align(text, NULL, 1, &none, &e), 0);
	assert_int_equal(align(text, &sp, 1, &one, &e), 0);
	assert_int_equal(none.nlinks, one.nlinks);
	assert_memory_equal(none.links, one.links, none.nlinks * sizeof *none.links);
	assert_int_equal(align(text, &sp, 4, &four, &e), 0);
	/* two lines for three pairs */
	xp_walign sp2 = {0}, bad = {0}, out = {0};
	assert_int_equal(xp_pharaoh_read("s", "1-2\n0-1\n", 8, 0, &sp2, &e), 0);
	assert_int_equal(align(text, &sp2, 4, &out, &e), -1);
	assert_int_equal(e.code, XP_EINPUT);
	assert_non_null(strstr(e.msg, "2 lines for 3 sentence pairs"));
	/* a span past the pair's 3 tokens, on its line */
	assert_int_equal(xp_pharaoh_read("s", "1-3\n0-1\n1-2\n", 12, 0, &bad, &e), 0);
	xp_walign_free(&out);
	assert_int_equal(align(text, &bad, 4, &out, &e), -1);
	assert_int_equal(e.line, 1);
	assert_non_null(strstr(e.msg, "1-3 is not within the pair's 3 tokens"));
	/* the same file at factor 1 is not read: nothing to refuse */
	xp_walign_free(&out);
	assert_int_equal(align(text, &bad, 1, &out, &e), 0);
	xp_walign_free(&none);
	xp_walign_free(&one);
	xp_walign_free(&four);
	xp_walign_free(&sp);
	xp_walign_free(&sp2);
	xp_walign_free(&bad);
	xp_walign_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(factor_on_the_block),
		cmocka_unit_test(factor_one_changes_nothing),
		cmocka_unit_test(library),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
