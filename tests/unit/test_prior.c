/* tests/unit/test_prior.c — the word aligner's priors (align/prior.h): the
 * name prior's sound-class skeletons, their similarity, which words count
 * as names, the cells found in hand-made sentence pairs (Farsi, Chinese
 * pieces, a false friend), and a rare name aligned only because of it; the
 * closed-class prior's classes of English, Chinese and Persian words, its
 * cells, and two pronouns told apart only because of it. */
#include "testutil.h"
#include "align/prior.h"
#include "align/wordalign.h"
#include "base/mem.h"
#include "io/bitext.h"
#include "watoy.h"

static const char *skel(const char *s, int pinyin)
{
	static char out[32];
	xp_wa_skeleton(s, strlen(s), pinyin, out, sizeof out);
	return out;
}

/* --loan-langs and the other lists name languages, not spellings: a code
 * of the list's pack (a region, an alias) is in it; another language,
 * another pack's code, or no language is not */
static void lang_listed(void **state)
{
	(void)state;
	assert_int_equal(xp_wa_lang_listed("zh fa", "fa"), 1);
	assert_int_equal(xp_wa_lang_listed("zh fa", "fa-IR"), 1);
	assert_int_equal(xp_wa_lang_listed("zh fa", "pes"), 1);
	assert_int_equal(xp_wa_lang_listed("fas", "fa"), 1);
	assert_int_equal(xp_wa_lang_listed("zh  fa", "zh-Hans"), 1);
	assert_int_equal(xp_wa_lang_listed("zh fa", "de"), 0);
	assert_int_equal(xp_wa_lang_listed("zh fa", "f"), 0);
	assert_int_equal(xp_wa_lang_listed("ar", "fa"), 0);
	assert_int_equal(xp_wa_lang_listed("ar", "ar"), 1);   /* no pack: the same code */
	assert_int_equal(xp_wa_lang_listed("zh fa", ""), 0);
	assert_int_equal(xp_wa_lang_listed(NULL, "xx"), 1);
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
	assert_int_equal(xp_wa_sound_class('b'), 'P');
	assert_int_equal(xp_wa_sound_class('x'), 'S');
	assert_int_equal(xp_wa_sound_class('V'), 'V');
	char tiny[3];
	assert_int_equal(xp_wa_skeleton("monica", 6, 0, tiny, sizeof tiny), 2);
	assert_string_equal(tiny, "mV");
}

static void similarity(void **state)
{
	(void)state;
	/* the same skeleton */
	assert_true(xp_wa_name_sim("fVbV", "fVbV", 0) == 1);
	/* Farsi leaves short vowels unwritten: Chandler / چندلر */
	double fa = xp_wa_name_sim("cVndlVr", "cndlr", WA_SIM_ARABIC);
	assert_true(fa >= 0.85 && fa < 1);
	assert_true(xp_wa_name_sim("cVndlVr", "cndlr", 0) < fa);
	/* Chinese drops the name's codas: Chandler / 钱德 */
	double zh = xp_wa_name_sim("cVndlVr", "cVndV", WA_SIM_HAN);
	assert_true(zh >= 0.75);
	assert_true(xp_wa_name_sim("cVndlVr", "cVndV", 0) < zh);
	/* voicing counts outside Han: Pete is پیت, not بود ("was") */
	assert_true(xp_wa_name_sim("pVt", "pVt", WA_SIM_ARABIC) == 1);
	assert_true(xp_wa_name_sim("pVt", "bVd", WA_SIM_ARABIC) <= 0.5);
	assert_true(xp_wa_name_sim("pVt", "bVd", WA_SIM_HAN) == 1);
	/* l and r: one sound in pinyin (罗斯 luosi, "Ross") */
	assert_true(xp_wa_name_sim("rVs", "lVs", WA_SIM_HAN) == 1);
	assert_true(xp_wa_name_sim("rVs", "lVs", 0) < 1);
	/* unrelated names are far apart */
	assert_true(xp_wa_name_sim("cVndlVr", "mVnVkV", WA_SIM_ARABIC) < 0.3);
	assert_true(xp_wa_name_sim("rVs", "fVbV", 0) < 0.3);
	/* nothing to compare */
	assert_true(xp_wa_name_sim("V", "V", 0) == 0);
	assert_true(xp_wa_name_sim("", "pV", 0) == 0);
}

static void names_by_casing(void **state)
{
	(void)state;
	wa_names nm = {0};
	assert_true(xp_wa_names_ends_sentence(".", 1));
	assert_true(xp_wa_names_ends_sentence("?", 1));
	assert_false(xp_wa_names_ends_sentence(",", 1));
	assert_false(xp_wa_names_ends_sentence("Ross", 4));
	/* "Ross" capitalised inside sentences, "So" only where one begins */
	assert_int_equal(xp_wa_names_see(&nm, 0, 3, "Ross", 4, 0), 0);
	assert_int_equal(xp_wa_names_see(&nm, 0, 3, "Ross", 4, 0), 0);
	assert_int_equal(xp_wa_names_see(&nm, 0, 0, "So", 2, 1), 0);
	assert_int_equal(xp_wa_names_see(&nm, 0, 7, "well", 4, 0), 0);
	assert_int_equal(xp_wa_names_see(&nm, 0, 7, "Well", 4, 0), 0);
	assert_int_equal(xp_wa_names_see(&nm, 0, 7, "well", 4, 0), 0);
	assert_int_equal(xp_wa_names_see(&nm, 1, 2, "مونیکا", strlen("مونیکا"), 0), 0);   /* no case */
	assert_true(nm.cap[0] >= 8 && nm.cap[1] >= 3);
	assert_int_equal(nm.up[0][3], 2);
	assert_int_equal(nm.up[0][0] + nm.low[0][0], 0);
	assert_int_equal(nm.up[0][7], 1);
	assert_int_equal(nm.low[0][7], 2);
	assert_int_equal(nm.up[1][2] + nm.low[1][2], 0);
	xp_wa_names_free(&nm);
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
	wa_prior_opts o = {WA_PRIOR_BOOST, WA_PRIOR_THRESHOLD, 0, 0, {NULL, NULL}, NULL, 0, NULL, 0};
	xp_err e = {0};
	long n = xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, NULL, &e);
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
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, NULL, &e), 0);
	assert_null(t.c.coff);
	toy_free(&t);
}

/* The cells found in threads (a share of the sentences each, every type
 * spelled first) are the cells one thread finds, in the same order: names,
 * Han runs, loanwords and pronouns, over shares that cut the corpus at
 * every place. */
static void cells_in_threads(void **state)
{
	(void)state;
	static const char *const pairs[][2] = {
		{"I saw Chandler today .", "امروز چندلر رو دیدم"}, {"It 's Phoebe .", "是 菲 比"},
		{"Joey is here .", "是 乔 伊 在 这儿"}, {"I lost my card .", "کارت م رو گم کردم"},
		{"A salad for you , please .", "沙拉 给 你 , 谢谢"}, {"So , Ross , how is the wife ?", "خب راس ، زنت چطوره ؟"},
		{"She called Carter .", "به کارتر زنگ زد"}, {"Ask Joey .", "问 他 吧"}};
	toy t;
	toy_init(&t);
	for (int k = 0; k < 37; k++)
		toy_add(&t, pairs[k % 8][0], pairs[(k * 5) % 8][1]);
	wa_prior_opts o = {WA_PRIOR_BOOST, WA_PRIOR_THRESHOLD, WA_CLOSED_BOOST, WA_CC_ALL, {"en", "fa"}, NULL,
			   WA_LOAN_BOOST, NULL, 1};
	xp_err e = {0};
	wa_prior_counts n1, n;
	long one = xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n1, &e);
	assert_true(one > 0 && n1.names > 0 && n1.loans > 0);
	wa_cell *cell = malloc((size_t)one * sizeof *cell);
	uint32_t *coff = malloc((t.c.nsent + 1) * sizeof *coff);
	assert_non_null(cell);
	assert_non_null(coff);
	memcpy(cell, t.c.cell, (size_t)one * sizeof *cell);
	memcpy(coff, t.c.coff, (t.c.nsent + 1) * sizeof *coff);
	for (int threads = 2; threads <= 7; threads++) {
		o.threads = threads;
		assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), one);
		assert_int_equal(n.names, n1.names);
		assert_int_equal(n.loans, n1.loans);
		assert_int_equal(n.closed, n1.closed);
		assert_memory_equal(coff, t.c.coff, (t.c.nsent + 1) * sizeof *coff);
		for (long q = 0; q < one; q++) {
			assert_int_equal(cell[q].i, t.c.cell[q].i);
			assert_int_equal(cell[q].j, t.c.cell[q].j);
			assert_true(cell[q].f == t.c.cell[q].f);
		}
	}
	free(cell);
	free(coff);
	toy_free(&t);
}

/* The loanword prior: rare English words that are no names, and the
 * Persian (or Chinese) word spelled like them. */
static void cells_of_loanwords(void **state)
{
	(void)state;
	toy t;
	toy_init(&t);
	toy_add(&t, "I lost my card .", "کارت م رو گم کردم");           /* card - کارت */
	toy_add(&t, "A salad , please .", "沙拉 , 谢谢");                  /* Han: sha la */
	toy_add(&t, "I mean it .", "منظورم همین بود");                     /* two consonants: no */
	toy_add(&t, "The hotel was nice .", "l' hôtel était beau .");      /* Latin: a cognate, no */
	toy_add(&t, "She called Carter .", "به کارتر زنگ زد");             /* a name: the name prior's */
	for (int k = 0; k < 11; k++)
		toy_add(&t, "the list", "ليست");                               /* seen 11 times: counted */
	wa_prior_opts o = {0, WA_PRIOR_THRESHOLD, 0, 0, {"en", "fa"}, NULL, WA_LOAN_BOOST, NULL, 0};
	xp_err e = {0};
	wa_prior_counts n;
	assert_true(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e) > 0);
	assert_true(has_cell(&t.c, 0, 3, 0));
	assert_int_equal(t.c.coff[1] - t.c.coff[0], 1);
	for (uint32_t q = t.c.coff[0]; q < t.c.coff[1]; q++)
		assert_true(t.c.cell[q].f > 1 && t.c.cell[q].f < WA_LOAN_BOOST);   /* karat for card: close */
	assert_true(has_cell(&t.c, 1, 1, 0));                 /* salad - 沙拉 */
	assert_int_equal(t.c.coff[2] - t.c.coff[1], 1);
	assert_int_equal(t.c.coff[3] - t.c.coff[2], 0);
	assert_int_equal(t.c.coff[4] - t.c.coff[3], 0);
	assert_int_equal(t.c.coff[5] - t.c.coff[4], 0);       /* Carter is a name, and the name prior is off */
	assert_int_equal(t.c.coff[t.c.nsent] - t.c.coff[5], 0);
	assert_int_equal(n.loans, 2);
	assert_int_equal(n.names + n.closed, 0);
	/* with the name prior: Carter is the name prior's, not the loanword prior's */
	o.boost = WA_PRIOR_BOOST;
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), 3);
	assert_true(has_cell(&t.c, 4, 2, 1));
	assert_int_equal(n.loans, 2);
	assert_int_equal(n.names, 1);
	o.boost = 0;
	/* only for the languages listed (and a known language) */
	o.loan_langs = "zh fa";
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), 2);
	o.loan_langs = "zh";
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), 0);
	o.lang[1] = NULL;
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), 0);
	o.loan_langs = NULL;   /* every language, known or not */
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), 2);
	/* off, or no casing counts to tell names: none */
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &n, &e), 0);
	o.loan = 0;
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, &n, &e), 0);
	assert_int_equal(n.loans, 0);
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
	xp_bitext_free(&bt);   /* it owns b's text */
}


/* --- the closed-class prior ------------------------------------------------- */

static void closed_classes(void **state)
{
	(void)state;
	/* English: person, number, gender; case does not matter */
	assert_int_equal(xp_wa_closed_class("en", "I", WA_CC_ALL), WA_CC_1S);
	assert_int_equal(xp_wa_closed_class("en", "my", WA_CC_ALL), WA_CC_1S);
	assert_int_equal(xp_wa_closed_class("en", "yourselves", WA_CC_ALL), WA_CC_2 | WA_CC_REFL);
	assert_int_equal(xp_wa_closed_class("en", "her", WA_CC_ALL), WA_CC_3F);
	assert_int_equal(xp_wa_closed_class("en", "them", WA_CC_ALL), WA_CC_3P);
	assert_int_equal(xp_wa_closed_class("en", "those", WA_CC_ALL), WA_CC_THAT);
	assert_int_equal(xp_wa_closed_class("en", "those", WA_CC_PRON), 0);   /* only the classes asked */
	assert_int_equal(xp_wa_closed_class("en", "book", WA_CC_ALL), 0);
	assert_int_equal(xp_wa_closed_class("en", "mine's", WA_CC_ALL), 0);
	/* Chinese: the pronoun and its plural; glued to a word by ICU */
	assert_int_equal(xp_wa_closed_class("zh", "我", WA_CC_ALL), WA_CC_1S);
	assert_int_equal(xp_wa_closed_class("zh", "我们", WA_CC_ALL), WA_CC_1P);
	assert_int_equal(xp_wa_closed_class("zh", "你的", WA_CC_ALL), WA_CC_2);
	assert_int_equal(xp_wa_closed_class("zh", "我们的", WA_CC_ALL), WA_CC_1P);
	assert_int_equal(xp_wa_closed_class("zh", "告诉你", WA_CC_ALL), WA_CC_2);
	assert_int_equal(xp_wa_closed_class("zh", "我爱你", WA_CC_ALL), WA_CC_1S | WA_CC_2);
	assert_int_equal(xp_wa_closed_class("zh", "她", WA_CC_ALL), WA_CC_3F);
	assert_int_equal(xp_wa_closed_class("zh", "这些", WA_CC_ALL), WA_CC_THIS);
	assert_int_equal(xp_wa_closed_class("zh", "其他", WA_CC_ALL), 0);       /* "other" */
	assert_int_equal(xp_wa_closed_class("zh", "这样", WA_CC_ALL), 0);       /* "so", "like this" */
	assert_int_equal(xp_wa_closed_class("zh", "我不知道她", WA_CC_ALL), 0); /* five characters: no word */
	assert_int_equal(xp_wa_closed_class("zh", "我x", WA_CC_ALL), 0);        /* not all Han */
	assert_int_equal(xp_wa_closed_class("zh", "我", WA_CC_2), 0);
	/* Persian: free pronouns, enclitics as fa-morph splits them; no gender */
	assert_int_equal(xp_wa_closed_class("fa", "من", WA_CC_ALL), WA_CC_1S);
	assert_int_equal(xp_wa_closed_class("fa", "م", WA_CC_ALL), WA_CC_1S);
	assert_int_equal(xp_wa_closed_class("fa", "شما", WA_CC_ALL), WA_CC_2);
	assert_int_equal(xp_wa_closed_class("fa", "شون", WA_CC_ALL), WA_CC_3P);
	assert_true(xp_wa_closed_class("fa", "او", WA_CC_ALL) & WA_CC_3M);
	assert_true(xp_wa_closed_class("fa", "او", WA_CC_ALL) & WA_CC_3F);
	assert_int_equal(xp_wa_closed_class("fa", "کتاب", WA_CC_ALL), 0);
	/* no table */
	assert_int_equal(xp_wa_closed_class("de", "ich", WA_CC_ALL), 0);
	assert_int_equal(xp_wa_closed_class(NULL, "I", WA_CC_ALL), 0);
}

static void cells_of_pronouns(void **state)
{
	(void)state;
	toy t;
	toy_init(&t);
	toy_add(&t, "I told you .", "我 告诉 你 .");
	toy_add(&t, "She saw my book", "她 看见 我的 书");
	toy_add(&t, "I saw your book", "کتاب ت رو دید م");
	toy_add(&t, "The book .", "书 .");
	wa_prior_opts o = {0, WA_PRIOR_THRESHOLD, WA_CLOSED_BOOST, WA_CC_ALL, {"en", "zh"}, NULL, 0, NULL, 0};
	xp_err e = {0};
	wa_prior_counts closed = {-1, -1, -1};
	long n = xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e);
	assert_true(n > 0);
	assert_int_equal(n, closed.closed);
	assert_int_equal(closed.names + closed.loans, 0);
	assert_true(has_cell(&t.c, 0, 0, 0));        /* I - 我 */
	assert_true(has_cell(&t.c, 0, 2, 2));        /* you - 你 */
	assert_false(has_cell(&t.c, 0, 0, 2));       /* not I - 你 */
	assert_int_equal(t.c.coff[1] - t.c.coff[0], 2);
	assert_true(has_cell(&t.c, 1, 0, 0));        /* She - 她 */
	assert_true(has_cell(&t.c, 1, 2, 2));        /* my - 我的 */
	assert_int_equal(t.c.coff[2] - t.c.coff[1], 2);
	assert_int_equal(t.c.coff[3] - t.c.coff[2], 0);   /* Persian words are no Chinese */
	assert_int_equal(t.c.coff[4] - t.c.coff[3], 0);
	for (uint32_t q = 0; q < t.c.ncell; q++)
		assert_true(fabs(t.c.cell[q].f - WA_CLOSED_BOOST) < 1e-3);
	/* the same sentences as English-Persian: the enclitics */
	o.lang[1] = "fa";
	assert_true(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e) > 0);
	assert_true(has_cell(&t.c, 2, 0, 4));        /* I - م (دید م "I saw") */
	assert_true(has_cell(&t.c, 2, 2, 1));        /* your - ت */
	assert_int_equal(t.c.coff[3] - t.c.coff[2], 2);
	assert_int_equal(t.c.coff[1] - t.c.coff[0], 0);
	/* only the classes asked; the target side English too, or no factor: none */
	o.closed_classes = WA_CC_2;
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 1);
	assert_true(has_cell(&t.c, 2, 2, 1));
	o.closed_classes = WA_CC_ALL;
	/* only for the languages listed */
	o.closed_langs = "zh fa";
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 2);
	o.closed_langs = "zh";
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 0);
	o.closed_langs = "fat";   /* Fanti: a code, not a spelling's prefix */
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 0);
	o.closed_langs = "fas";   /* Farsi's alias: the pack's language */
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 2);
	o.closed_langs = NULL;
	o.lang[1] = "en";
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 0);
	assert_null(t.c.coff);
	o.lang[1] = "zh";
	o.closed = 0;
	assert_int_equal(xp_wa_prior_build(&t.c, t.voc, NULL, &o, &closed, &e), 0);
	assert_int_equal(closed.closed, 0);
	/* the target side as the source: the same cells, transposed */
	toy u;
	toy_init(&u);
	toy_add(&u, "我 告诉 你 .", "I told you .");
	wa_prior_opts r = {0, WA_PRIOR_THRESHOLD, WA_CLOSED_BOOST, WA_CC_ALL, {"zh", "en"}, NULL, 0, NULL, 0};
	assert_int_equal(xp_wa_prior_build(&u.c, u.voc, NULL, &r, &closed, &e), 2);
	assert_true(has_cell(&u.c, 0, 0, 0) && has_cell(&u.c, 0, 2, 2));
	toy_free(&u);
	toy_free(&t);
}

/* "him" and "her" seen once each, side by side, in the other order in the
 * target, as in rare_name_is_aligned: without the prior the sampler takes
 * the diagonal, with it each pronoun finds its translation. */
static void pronouns_are_told_apart(void **state)
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
	xp_buf_puts(&b, "ask him her ||| 她 他 问\n");
	size_t s = 2400;
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("pronouns", b.p, b.n, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 30;
	o.lowercase = 1;
	const char *lang[2] = {"en", "zh"};
	o.lang[0] = lang[0], o.lang[1] = lang[1];
	for (int on = 1; on >= 0; on--) {
		o.closed_prior = on ? WA_CLOSED_BOOST : 0;
		xp_walign f = {0}, r = {0};
		assert_int_equal(xp_wordalign(&bt, &o, &f, &r, &e), 0);
		assert_true(has_link(&f, s, 1, 1) && has_link(&r, s, 1, 1));   /* him - 他 either way */
		assert_int_equal(has_link(&f, s, 2, 0), on);                    /* her - 她 */
		assert_int_equal(has_link(&r, s, 2, 0), on);
		xp_walign_free(&f);
		xp_walign_free(&r);
	}
	xp_bitext_free(&bt);   /* it owns b's text */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lang_listed),
		cmocka_unit_test(skeletons),
		cmocka_unit_test(similarity),
		cmocka_unit_test(names_by_casing),
		cmocka_unit_test(cells_of_names),
		cmocka_unit_test(rare_name_is_aligned),
		cmocka_unit_test(cells_of_loanwords),
		cmocka_unit_test(cells_in_threads),
		cmocka_unit_test(closed_classes),
		cmocka_unit_test(cells_of_pronouns),
		cmocka_unit_test(pronouns_are_told_apart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
