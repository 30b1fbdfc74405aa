/* tests/unit/test_prior.c — the word aligner's name prior (align/prior.h):
 * sound-class skeletons, their similarity, which words count as names, the
 * cells found in hand-made sentence pairs (Farsi, Chinese pieces, a false
 * friend), and a rare name aligned only because of it. */
#include "testutil.h"
#include "align/prior.h"
#include "align/wordalign.h"
#include "base/mem.h"
#include "io/bitext.h"

static const char *skel(const char *s, int pinyin)
{
	static char out[32];
	wa_skeleton(s, strlen(s), pinyin, out, sizeof out);
	return out;
}

static void skeletons(void **state)
{
	(void)state;
	assert_string_equal(skel("Chandler", 0), "cVndlVr");
	assert_string_equal(skel("chndlr", 0), "cndlr");        /* چندلر, Arabic-Latin */
	assert_string_equal(skel("qiande", 1), "cVndV");        /* 钱德 */
	assert_string_equal(skel("joey", 0), "jV");
	assert_string_equal(skel("qiaoyi", 1), "cV");           /* 乔伊 */
	assert_string_equal(skel("Phoebe", 0), "fVbV");
	assert_string_equal(skel("Ross", 0), "rVs");            /* a sound repeated is one */
	assert_string_equal(skel("Carol", 0), "kVrVl");         /* hard c */
	assert_string_equal(skel("Janice", 0), "jVnVsV");       /* soft c */
	assert_string_equal(skel("Matt", 0), "mVt");           /* a letter doubled is one sound */
	assert_string_equal(skel("xi", 1), "xV");               /* pinyin x */
	assert_string_equal(skel("xi", 0), "kV");
	assert_string_equal(skel("", 0), "");
	assert_string_equal(skel("42 !", 0), "");
	assert_int_equal(wa_sound_class('b'), 'P');
	assert_int_equal(wa_sound_class('x'), 'S');
	assert_int_equal(wa_sound_class('V'), 'V');
	char tiny[3];
	assert_int_equal(wa_skeleton("monica", 6, 0, tiny, sizeof tiny), 2);
	assert_string_equal(tiny, "mV");
}

static void similarity(void **state)
{
	(void)state;
	/* the same skeleton */
	assert_true(wa_name_sim("fVbV", "fVbV", 0) == 1);
	/* Farsi leaves short vowels unwritten: Chandler / چندلر */
	double fa = wa_name_sim("cVndlVr", "cndlr", WA_SIM_ARABIC);
	assert_true(fa >= 0.85 && fa < 1);
	assert_true(wa_name_sim("cVndlVr", "cndlr", 0) < fa);
	/* Chinese drops the name's codas: Chandler / 钱德 */
	double zh = wa_name_sim("cVndlVr", "cVndV", WA_SIM_HAN);
	assert_true(zh >= 0.75);
	assert_true(wa_name_sim("cVndlVr", "cVndV", 0) < zh);
	/* voicing counts outside Han: Pete is پیت, not بود ("was") */
	assert_true(wa_name_sim("pVt", "pVt", WA_SIM_ARABIC) == 1);
	assert_true(wa_name_sim("pVt", "bVd", WA_SIM_ARABIC) <= 0.5);
	assert_true(wa_name_sim("pVt", "bVd", WA_SIM_HAN) == 1);
	/* l and r: one sound in pinyin (罗斯 luosi, "Ross") */
	assert_true(wa_name_sim("rVs", "lVs", WA_SIM_HAN) == 1);
	assert_true(wa_name_sim("rVs", "lVs", 0) < 1);
	/* unrelated names are far apart */
	assert_true(wa_name_sim("cVndlVr", "mVnVkV", WA_SIM_ARABIC) < 0.3);
	assert_true(wa_name_sim("rVs", "fVbV", 0) < 0.3);
	/* nothing to compare */
	assert_true(wa_name_sim("V", "V", 0) == 0);
	assert_true(wa_name_sim("", "pV", 0) == 0);
}

static void names_by_casing(void **state)
{
	(void)state;
	wa_names nm = {0};
	assert_true(wa_names_ends_sentence(".", 1));
	assert_true(wa_names_ends_sentence("?", 1));
	assert_false(wa_names_ends_sentence(",", 1));
	assert_false(wa_names_ends_sentence("Ross", 4));
	/* "Ross" capitalised inside sentences, "So" only where one begins */
	assert_int_equal(wa_names_see(&nm, 0, 3, "Ross", 4, 0), 0);
	assert_int_equal(wa_names_see(&nm, 0, 3, "Ross", 4, 0), 0);
	assert_int_equal(wa_names_see(&nm, 0, 0, "So", 2, 1), 0);
	assert_int_equal(wa_names_see(&nm, 0, 7, "well", 4, 0), 0);
	assert_int_equal(wa_names_see(&nm, 0, 7, "Well", 4, 0), 0);
	assert_int_equal(wa_names_see(&nm, 0, 7, "well", 4, 0), 0);
	assert_int_equal(wa_names_see(&nm, 1, 2, "مونیکا", strlen("مونیکا"), 0), 0);   /* no case */
	assert_true(nm.cap[0] >= 8 && nm.cap[1] >= 3);
	assert_int_equal(nm.up[0][3], 2);
	assert_int_equal(nm.up[0][0] + nm.low[0][0], 0);
	assert_int_equal(nm.up[0][7], 1);
	assert_int_equal(nm.low[0][7], 2);
	assert_int_equal(nm.up[1][2] + nm.low[1][2], 0);
	wa_names_free(&nm);
}

/* A corpus of "src ||| tgt" lines as the aligner holds it. */
typedef struct toy {
	xp_vocab voc[2];
	wa_corpus c;
	wa_names nm;
	size_t cap[2];
} toy;

static void toy_add(toy *t, const char *src, const char *tgt)
{
	const char *side[2] = {src, tgt};
	wa_corpus *c = &t->c;
	assert_int_equal(xp_grow(&c->side[0].off, &c->cap_sent, c->nsent + 2, sizeof *c->side[0].off), 0);
	size_t cap1 = c->cap_sent;
	c->side[1].off = realloc(c->side[1].off, cap1 * sizeof *c->side[1].off);
	assert_non_null(c->side[1].off);
	for (int d = 0; d < 2; d++) {
		char buf[256];
		snprintf(buf, sizeof buf, "%s", side[d]);
		int k = 0;
		const char *prev = NULL;
		for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "), k++) {
			uint32_t id = xp_vocab_id(&t->voc[d], w, strlen(w));
			assert_int_equal(xp_grow(&c->side[d].tok, &t->cap[d], c->side[d].ntok + 1, sizeof *c->side[d].tok), 0);
			c->side[d].tok[c->side[d].ntok++] = id;
			int initial = !k || wa_names_ends_sentence(prev, strlen(prev));
			assert_int_equal(wa_names_see(&t->nm, d, id, w, strlen(w), initial), 0);
			prev = w;
		}
		c->side[d].V = t->voc[d].n;
	}
	c->nsent++;
	c->side[0].off[c->nsent] = c->side[0].ntok;
	c->side[1].off[c->nsent] = c->side[1].ntok;
}

static void toy_init(toy *t)
{
	memset(t, 0, sizeof *t);
	assert_int_equal(xp_vocab_init(&t->voc[0], 1), 0);
	assert_int_equal(xp_vocab_init(&t->voc[1], 1), 0);
	t->c.side[0].off = calloc(1, sizeof *t->c.side[0].off);
	t->c.side[1].off = calloc(1, sizeof *t->c.side[1].off);
	t->c.cap_sent = 1;
}

static void toy_free(toy *t)
{
	wa_prior_free(&t->c);
	for (int d = 0; d < 2; d++) {
		xp_vocab_free(&t->voc[d]);
		free(t->c.side[d].tok);
		free(t->c.side[d].off);
	}
	wa_names_free(&t->nm);
}

/* 1 if sentence k has cell (i, j) with a factor above 1 */
static int has_cell(const wa_corpus *c, uint32_t k, uint32_t i, uint32_t j)
{
	for (uint32_t q = c->coff[k]; q < c->coff[k + 1]; q++)
		if (c->cell[q].i == i && c->cell[q].j == j && c->cell[q].f > 1)
			return 1;
	return 0;
}

static void cells_of_names(void **state)
{
	(void)state;
	toy t;
	toy_init(&t);
	toy_add(&t, "I saw Chandler today .", "امروز چندلر رو دیدم");
	toy_add(&t, "So , Ross , how is the wife ?", "خب راس ، زنت چطوره ؟");
	toy_add(&t, "It 's Phoebe .", "是 菲 比");
	toy_add(&t, "Joey is here .", "是 乔 伊 在 这儿");
	toy_add(&t, "Ask Joey .", "问 他 吧");             /* no transliteration there */
	toy_add(&t, "So what ?", "خب چی ؟");               /* "So" is no name */
	wa_prior_opts o = {WA_PRIOR_BOOST, WA_PRIOR_THRESHOLD};
	xp_err e = {0};
	long n = wa_prior_build(&t.c, t.voc, &t.nm, &o, &e);
	assert_true(n > 0);
	assert_non_null(t.c.coff);
	assert_true(has_cell(&t.c, 0, 2, 1));                  /* Chandler - چندلر */
	assert_int_equal(t.c.coff[1] - t.c.coff[0], 1);
	assert_true(has_cell(&t.c, 1, 2, 1));                  /* Ross - راس */
	assert_int_equal(t.c.coff[2] - t.c.coff[1], 1);
	assert_true(has_cell(&t.c, 2, 2, 1) && has_cell(&t.c, 2, 2, 2));   /* Phoebe - 菲 比 */
	assert_false(has_cell(&t.c, 2, 2, 0));                 /* not 是 */
	assert_true(has_cell(&t.c, 3, 0, 1) && has_cell(&t.c, 3, 0, 2));   /* Joey - 乔 伊 */
	assert_false(has_cell(&t.c, 3, 0, 0));
	assert_int_equal(t.c.coff[5] - t.c.coff[4], 0);        /* 问 他 吧 is not Joey */
	assert_int_equal(t.c.coff[6] - t.c.coff[5], 0);
	/* a perfect match gets the whole factor */
	for (uint32_t q = t.c.coff[1]; q < t.c.coff[2]; q++)
		assert_true(fabs(t.c.cell[q].f - WA_PRIOR_BOOST) < 1e-3);
	/* off: no cells */
	o.boost = 0;
	assert_int_equal(wa_prior_build(&t.c, t.voc, &t.nm, &o, &e), 0);
	assert_null(t.c.coff);
	toy_free(&t);
}

/* Two names seen once, side by side, in the other order in the target:
 * position says nothing and neither do counts (every other word is in
 * sentence pairs whose target order is shuffled), so without the prior
 * the sampler takes the diagonal; with it each name finds its
 * transliteration, in both directions. */
static int has_link(const xp_walign *a, size_t s, uint32_t i, uint32_t j)
{
	for (size_t k = a->start[s]; k < a->start[s + 1]; k++)
		if (a->links[k].i == i && a->links[k].j == j)
			return 1;
	return 0;
}

static void rare_name_is_aligned(void **state)
{
	(void)state;
	xp_buf b = {0};
	uint64_t x = 7;
	for (int r = 0; r < 4; r++)
		for (int k = 0; k < 600; k++) {
			static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			const int *p = perm[(x >> 33) % 6];
			const char *t[3] = {"u", "v", "z"};
			xp_buf_printf(&b, "w%d x%d y%d ||| %s%d %s%d %s%d\n", k, k, k, t[p[0]], k, t[p[1]], k, t[p[2]], k);
		}
	xp_buf_puts(&b, "Ask Monica Chandler ||| چندلر مونیکا بپرس\n");
	size_t s = 2400;   /* the pair with the names */
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("names", b.p, b.n, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 30;
	o.lowercase = 1;
	for (int on = 1; on >= 0; on--) {
		o.name_prior = on ? WA_PRIOR_BOOST : 0;
		xp_walign f = {0}, r = {0};
		assert_int_equal(xp_wordalign(&bt, &o, &f, &r, &e), 0);
		assert_int_equal(f.nsent, 2401);
		/* Monica is on the diagonal either way */
		assert_true(has_link(&f, s, 1, 1) && has_link(&r, s, 1, 1));
		assert_int_equal(has_link(&f, s, 2, 0), on);
		assert_int_equal(has_link(&r, s, 2, 0), on);
		xp_walign_free(&f);
		xp_walign_free(&r);
	}
	xp_bitext_free(&bt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(skeletons),
		cmocka_unit_test(similarity),
		cmocka_unit_test(names_by_casing),
		cmocka_unit_test(cells_of_names),
		cmocka_unit_test(rare_name_is_aligned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
