/* tests/unit/test_walign.c — word alignments: Pharaoh/prob/word-file import
 * with every malformed case, symmetrisation, AER, bitext and aligned-corpus
 * files, the built-in aligner learning a synthetic dictionary, and its
 * lexical-only pairs kept out of the jump and fertility counts, and its
 * counts exact after the sweeps. */
#include "testutil.h"
#include "align/gibbs.h"
#include "align/sym.h"
#include "align/wordalign.h"
#include "eval/aer.h"
#include "io/aligned.h"
#include "io/bitext.h"

#define W(name) FIX("walign/" name)

static void import_expect(const char *ph, const char *probs, const char *words, int one_based,
			  unsigned long line, const char *needle)
{
	xp_bitext b;
	xp_err e = {0};
	assert_int_equal(xp_bitext_read(W("pairs.txt"), &b, &e), 0);
	xp_import im = {ph, probs, words, &b, one_based};
	xp_walign a = {0};
	int rc = xp_walign_import(&im, &a, &e);
	if (!needle) {
		assert_int_equal(rc, 0);
	} else {
		assert_int_equal(rc, -1);
		assert_int_equal(e.line, line);
		if (!strstr(e.msg, needle))
			print_error("message: %s\n", e.msg);
		assert_non_null(strstr(e.msg, needle));
	}
	xp_walign_free(&a);
	xp_bitext_free(&b);
}

static void import_good_files(void **state)
{
	(void)state;
	import_expect(W("ok.pharaoh"), W("ok.probs"), W("ok.words"), 0, 0, NULL);
	xp_walign a = {0}, b = {0};
	xp_err e;
	assert_int_equal(xp_pharaoh_read_file(W("ok.pharaoh"), 0, &a, &e), 0);
	assert_int_equal(xp_probs_read_file(W("ok.probs"), &a, &e), 0);
	assert_int_equal(a.nsent, 3);
	assert_int_equal(xp_walign_len(&a, 2), 4);
	assert_true(a.links[a.start[2] + 1].possible);          /* 1p2 */
	assert_true(fabsf(a.links[a.start[2] + 3].prob - 1e-5f) < 1e-9);
	assert_true(fabsf(a.links[a.start[1]].prob - 0.95f) < 1e-6);
	/* one-based reading of the same links */
	assert_int_equal(xp_pharaoh_read_file(W("onebased.pharaoh"), 1, &b, &e), 0);
	assert_int_equal(b.links[1].i, 2);
	assert_int_equal(b.links[1].j, 1);
	xp_walign_free(&a);
	xp_walign_free(&b);
}

static void import_bad_files(void **state)
{
	(void)state;
	import_expect(W("malformed.pharaoh"), NULL, NULL, 0, 2, "malformed link '0-x'");
	import_expect(W("range.pharaoh"), NULL, NULL, 0, 3, "outside the sentence pair");
	import_expect(W("short.pharaoh"), NULL, NULL, 0, 3, "2 lines, but the bitext");
	import_expect(W("ok.pharaoh"), W("count.probs"), NULL, 0, 2, "2 probabilities for 1 links");
	import_expect(W("ok.pharaoh"), NULL, W("bad.words"), 0, 2, "tokenised this line differently");
	import_expect(W("ok.pharaoh"), NULL, NULL, 1, 1, "index 0 in a 1-based file");
	xp_walign a = {0};
	xp_err e;
	const char bad[] = "0.5 x\n";
	assert_int_equal(xp_pharaoh_read("m", "0-0 1-1\n", 8, 0, &a, &e), 0);
	assert_int_equal(xp_probs_read("p", bad, sizeof bad - 1, &a, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "'x' is not a probability"));
	xp_walign_free(&a);
}

static void empty_lines_are_sentences(void **state)
{
	(void)state;
	xp_walign a = {0};
	xp_err e;
	assert_int_equal(xp_pharaoh_read("m", "0-0\n\n1-1 0-0\n", 13, 0, &a, &e), 0);
	assert_int_equal(a.nsent, 3);
	assert_int_equal(xp_walign_len(&a, 1), 0);
	xp_walign_normalize(&a);
	assert_int_equal(a.links[a.start[2]].i, 0);             /* sorted */
	xp_walign_free(&a);
}

static xp_walign from(const char *s)
{
	xp_walign a = {0};
	xp_err e;
	assert_int_equal(xp_pharaoh_read("m", s, strlen(s), 0, &a, &e), 0);
	return a;
}

static void expect_sym(xp_sym how, const char *want)
{
	xp_walign f = from("0-0 1-1 3-0\n"), r = from("0-0 1-1 2-3\n"), s = {0};
	xp_err e;
	assert_int_equal(xp_symmetrize(&f, &r, how, &s, &e), 0);
	xp_buf b = {0};
	xp_pharaoh_write(&b, &s, 0);
	assert_string_equal(b.p, want);
	xp_buf_free(&b);
	xp_walign_free(&f);
	xp_walign_free(&r);
	xp_walign_free(&s);
}

/* (3,0) is the forward's alone, next to nothing chosen, its target taken;
 * (2,3) the reverse's alone, both its words free. */
static void symmetrisation(void **state)
{
	(void)state;
	expect_sym(XP_SYM_INTERSECT, "0-0 1-1\n");
	expect_sym(XP_SYM_UNION, "0-0 1-1 2-3 3-0\n");
	expect_sym(XP_SYM_GROW_DIAG, "0-0 1-1\n");
	expect_sym(XP_SYM_GDF, "0-0 1-1 2-3 3-0\n");
	expect_sym(XP_SYM_GDFA, "0-0 1-1 2-3\n");
	/* grow-diag takes a union link next to a chosen one when a word is free */
	xp_walign f = from("0-0 1-1\n"), r = from("0-0 2-2\n"), s = {0};
	xp_err e;
	assert_int_equal(xp_symmetrize(&f, &r, XP_SYM_GROW_DIAG, &s, &e), 0);
	assert_int_equal(s.nlinks, 3);
	assert_int_equal(xp_sym_named("gdfa"), XP_SYM_GDFA);
	assert_int_equal(xp_sym_named("nope"), -1);
	xp_walign_free(&f);
	xp_walign_free(&r);
	xp_walign_free(&s);
}

static void expect_pair(const xp_link *f, size_t nf, const xp_link *r, size_t nr, xp_sym how, double one_way,
			const char *want)
{
	xp_walign s = {0};
	assert_int_equal(xp_symmetrize_pair(f, nf, r, nr, how, one_way, &s), 0);
	xp_buf b = {0};
	xp_pharaoh_write(&b, &s, 0);
	assert_string_equal(b.p, want);
	xp_buf_free(&b);
	xp_walign_free(&s);
}

/* One-way links below the threshold are no candidates: (1,1) the forward
 * took in 30% of its samples does not grow from (0,0); (2,3), the reverse's
 * at 0.9, is final-and's as before; a weak link both directions hold stays. */
static void symmetrisation_one_way(void **state)
{
	(void)state;
	const xp_link f[] = {{0, 0, 0.2f, 0}, {1, 1, 0.3f, 0}}, r[] = {{0, 0, 0.4f, 0}, {2, 3, 0.9f, 0}};
	expect_pair(f, 2, r, 2, XP_SYM_GDFA, 0, "0-0 1-1 2-3\n");
	expect_pair(f, 2, r, 2, XP_SYM_GDFA, 0.5, "0-0 2-3\n");
	expect_pair(f, 2, r, 2, XP_SYM_UNION, 0.5, "0-0 2-3\n");
	expect_pair(f, 2, r, 2, XP_SYM_GROW_DIAG, 0.5, "0-0\n");
	expect_pair(f, 2, r, 2, XP_SYM_INTERSECT, 0.95, "0-0\n");
	/* exactly at the threshold counts; a one-way link may carry posterior 1 */
	const xp_link f2[] = {{0, 0, 1, 0}, {1, 1, 0.5f, 0}}, r2[] = {{0, 0, 1, 0}};
	expect_pair(f2, 2, r2, 1, XP_SYM_GDFA, 0.5, "0-0 1-1\n");
	expect_pair(f2, 2, r2, 1, XP_SYM_GDFA, 0.51, "0-0\n");
	/* the link's probability stays the mean of both directions (0 for the missing one) */
	xp_walign s = {0};
	assert_int_equal(xp_symmetrize_pair(f, 2, r, 2, XP_SYM_GDFA, 0.5, &s), 0);
	assert_int_equal(s.nlinks, 2);
	assert_true(s.links[0].prob > 0.29f && s.links[0].prob < 0.31f);
	assert_true(s.links[1].prob > 0.44f && s.links[1].prob < 0.46f);
	xp_walign_free(&s);
}

static void aer_by_hand(void **state)
{
	(void)state;
	xp_walign g = from("0-0 1-1 2p2\n"), t = from("0-0 2-2 3-3 0-0\n");
	xp_aer_counts c;
	xp_err e;
	assert_int_equal(xp_aer(&g, &t, &c, &e), 0);
	double p, r, a;
	xp_aer_figures(&c, &p, &r, &a);
	assert_true(fabs(a - 0.4) < 1e-12);     /* 1 - (1 + 2) / (3 + 2) */
	assert_true(fabs(p - 2.0 / 3) < 1e-12);
	assert_true(fabs(r - 0.5) < 1e-12);
	xp_walign_free(&g);
	xp_walign_free(&t);
	xp_walign x = from("0-0\n"), y = from("0-0\n0-0\n");
	assert_int_equal(xp_aer(&x, &y, &c, &e), XP_EINPUT);
	xp_walign_free(&x);
	xp_walign_free(&y);
}

static void aligned_corpus_and_bitext(void **state)
{
	(void)state;
	xp_aligned a = {0};
	xp_err e;
	assert_int_equal(xp_aligned_read(FIX("aligned/small.jsonl"), &a, &e), 0);
	assert_int_equal(a.n, 4);
	assert_int_equal(a.v[0].part, 9);
	assert_int_equal(a.v[0].nen_subs, 2);
	assert_string_equal(a.v[2].src[1], " ");
	xp_buf pairs = {0}, map = {0};
	xp_aligned_bitext(&a, &pairs, &map);
	assert_string_equal(pairs.p, "There you go . ||| 就 这样 啦\nThe _ fire _ ||| 火 _ 灾\nHi . ||| 嗨 。\n");
	assert_string_equal(map.p, "s09e03c09t\t9\t0\ns09e03c09t\t9\t2\ns09e04c00t\t0\t0\n");
	/* written and read back: the same */
	xp_buf out = {0};
	xp_aligned_write(&out, &a);
	xp_aligned b = {0};
	assert_int_equal(xp_aligned_read_mem("m", out.p, out.n, &b, &e), 0);
	assert_int_equal(b.n, 4);
	assert_string_equal(b.v[2].tgt[1], "\xe3\x80\x80");
	assert_true(fabs(b.v[0].score - 0.93) < 1e-9);
	xp_buf_free(&out);
	xp_buf_free(&pairs);
	xp_buf_free(&map);
	xp_aligned_free(&a);
	xp_aligned_free(&b);
	xp_aligned c = {0};
	assert_int_equal(xp_aligned_read(FIX("aligned/bad.jsonl"), &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	xp_aligned_free(&c);
}

/* the subtitle blocks' text: optional, one per block, written back as read */
static void aligned_subtitle_text(void **state)
{
	(void)state;
	xp_aligned a = {0}, b = {0}, old = {0};
	xp_err e;
	assert_int_equal(xp_aligned_read(FIX("aligned/subtext.jsonl"), &a, &e), 0);
	assert_int_equal(a.n, 3);
	assert_int_equal(a.v[0].nen_subs, 2);
	assert_string_equal(a.v[0].en_sub_text[0], "- There you go. - Thanks.");
	assert_string_equal(a.v[0].en_sub_text[1], "<script>alert(1)</script>");
	assert_string_equal(a.v[0].tgt_sub_text[0], "- 就这样啦 - 谢谢");
	assert_non_null(a.v[1].en_sub_text);   /* given, empty */
	assert_int_equal(a.v[1].nen_subs, 0);
	assert_null(a.v[2].en_sub_text);       /* not given */
	assert_null(a.v[2].tgt_sub_text);
	xp_buf out = {0};
	xp_aligned_write(&out, &a);
	assert_non_null(strstr(out.p, "\"en_sub_text\":[\"- There you go. - Thanks.\",\"<script>alert(1)</script>\"]"));
	assert_int_equal(xp_aligned_read_mem("m", out.p, out.n, &b, &e), 0);
	assert_string_equal(b.v[0].tgt_sub_text[0], "- 就这样啦 - 谢谢");
	assert_null(b.v[2].en_sub_text);       /* still not given: nothing made up */
	xp_buf_free(&out);
	/* an older file has none, and is written back as it was */
	assert_int_equal(xp_aligned_read(FIX("aligned/small.jsonl"), &old, &e), 0);
	assert_null(old.v[0].en_sub_text);
	xp_aligned_write(&out, &old);
	assert_null(strstr(out.p, "sub_text"));
	xp_buf_free(&out);
	xp_aligned_free(&a), xp_aligned_free(&b), xp_aligned_free(&old);
	/* one text per block, and text */
	xp_aligned c = {0};
	assert_int_equal(xp_aligned_read(FIX("aligned/bad-subtext.jsonl"), &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "one text per block"));
	xp_aligned_free(&c);
	assert_int_equal(xp_aligned_read(FIX("aligned/bad-subtext-type.jsonl"), &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 1);
	assert_non_null(strstr(e.msg, "not a list of strings"));
	xp_aligned_free(&c);
}

/* A synthetic language pair: 40 source words, each translated by one target
 * word, mostly the same order, an untranslated particle now and then.  The
 * aligner must find the dictionary. */
static void make_synthetic(char **buf, size_t *len, xp_walign *gold)
{
	xp_buf b = {0};
	unsigned x = 12345;
	for (int s = 0; s < 400; s++) {
		int n = 3 + (int)((x = x * 1103515245u + 12345u) >> 16) % 6, w[10];
		for (int i = 0; i < n; i++)
			w[i] = (int)((x = x * 1103515245u + 12345u) >> 16) % 40;
		int swap = (int)((x = x * 1103515245u + 12345u) >> 16) % 4 == 0;
		for (int i = 0; i < n; i++)
			xp_buf_printf(&b, "%ss%d", i ? " " : "", w[i]);
		xp_buf_puts(&b, " |||");
		xp_link l[12];
		int nl = 0, j = 0;
		for (int i = 0; i < n; i++) {
			int src = swap && i == 0 ? 1 : swap && i == 1 ? 0 : i;
			xp_buf_printf(&b, " t%d", w[src]);
			l[nl++] = (xp_link){(uint32_t)src, (uint32_t)j++, 1, 0};
			if (i == 1 && s % 3 == 0)
				xp_buf_puts(&b, " de"), j++;
		}
		xp_buf_putc(&b, '\n');
		xp_walign_add(gold, l, (size_t)nl);
	}
	*buf = b.p;
	*len = b.n;
}

/* The links f (source to target) and r, symmetrised (grow-diag-final-and),
 * are within 5% AER of gold: a synthetic corpus the aligner must learn. */
static void expect_learned(xp_walign *f, xp_walign *r, xp_walign *gold, const char *what)
{
	xp_err e = {0};
	xp_walign s = {0};
	assert_int_equal(xp_symmetrize(f, r, XP_SYM_GDFA, &s, &e), 0);
	xp_aer_counts c;
	double p, rc, a;
	assert_int_equal(xp_aer(gold, &s, &c, &e), 0);
	xp_aer_figures(&c, &p, &rc, &a);
	if (a >= 0.05)
		print_error("synthetic AER%s %.4f\n", what, a);
	assert_true(a < 0.05);
	xp_walign_free(&s);
}

static void aligner_learns_and_is_deterministic(void **state)
{
	(void)state;
	char *buf;
	size_t len;
	xp_walign gold = {0};
	make_synthetic(&buf, &len, &gold);
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("synthetic", buf, len, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 40;
	xp_walign f1 = {0}, r1 = {0}, f2 = {0}, r2 = {0};
	o.threads = 1;
	assert_int_equal(xp_wordalign(&bt, &o, &f1, &r1, &e), 0);
	/* (more threads than tasks' halves: decoding units taken in any order) */
	o.threads = 3;
	assert_int_equal(xp_wordalign(&bt, &o, &f2, &r2, &e), 0);
	/* field by field: the struct has padding */
	assert_int_equal(f1.nlinks, f2.nlinks);
	assert_int_equal(r1.nlinks, r2.nlinks);
	for (size_t k = 0; k < f1.nlinks; k++) {
		assert_int_equal(f1.links[k].i, f2.links[k].i);
		assert_int_equal(f1.links[k].j, f2.links[k].j);
		assert_true(f1.links[k].prob == f2.links[k].prob);
	}
	for (size_t k = 0; k < r1.nlinks; k++) {
		assert_int_equal(r1.links[k].i, r2.links[k].i);
		assert_int_equal(r1.links[k].j, r2.links[k].j);
		assert_true(r1.links[k].prob == r2.links[k].prob);
	}
	expect_learned(&f1, &r1, &gold, "");
	xp_walign_free(&gold);
	xp_walign_free(&f1);
	xp_walign_free(&r1);
	xp_walign_free(&f2);
	xp_walign_free(&r2);
	xp_bitext_free(&bt);   /* frees buf */
}

/* xp_wa_plan (`wordalign --schedule`) says the schedule xp_wa_run then
 * takes, from the same code, and changes nothing: a run after it makes the
 * same links as a run alone (the corpus completed once). */
static void plan_is_the_runs_schedule(void **state)
{
	(void)state;
	char *buf;
	size_t len;
	xp_walign gold = {0};
	make_synthetic(&buf, &len, &gold);
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("synthetic", buf, len, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 20;
	o.threads = 1;
	xp_walign f[2] = {{0}}, r[2] = {{0}}, sym[2] = {{0}};
	for (int k = 0; k < 2; k++) {
		xp_wa *w;
		xp_wa_sched p;
		assert_int_equal(xp_wa_new(&w, &o, &e), 0);
		assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
		if (k) {
			assert_int_equal(xp_wa_plan(w, &p, &e), 0);
			assert_int_equal(p.pairs, bt.n);
			assert_int_equal(p.sweeps[0], 5);
			assert_int_equal(p.sweeps[1], 5);
			assert_int_equal(p.sweeps[2], 20);
		}
		assert_int_equal(xp_wa_run(w, &e), 0);
		int samplers, sweeps;
		xp_wa_schedule(w, &samplers, &sweeps);
		if (k) {
			assert_int_equal(samplers, p.samplers);
			assert_int_equal(sweeps, 1 + p.sweeps[0] + p.sweeps[1] + p.sweeps[2]);
		}
		assert_int_equal(xp_wa_collect(w, XP_SYM_GDFA, &f[k], &r[k], &sym[k], &e), 0);
		xp_wa_free(w);
	}
	/* field by field: a link's padding is not set */
	for (int d = 0; d < 2; d++) {
		const xp_walign *a = d ? &r[0] : &f[0], *b = d ? &r[1] : &f[1];
		assert_int_equal(a->nlinks, b->nlinks);
		for (size_t k = 0; k < a->nlinks; k++) {
			assert_int_equal(a->links[k].i, b->links[k].i);
			assert_int_equal(a->links[k].j, b->links[k].j);
			assert_true(a->links[k].prob == b->links[k].prob);
		}
	}
	for (int k = 0; k < 2; k++) {
		xp_walign_free(&f[k]);
		xp_walign_free(&r[k]);
		xp_walign_free(&sym[k]);
	}
	xp_walign_free(&gold);
	xp_bitext_free(&bt);
}

/* --settle: the second and third stages stop once the share of links a
 * sweep moves has levelled off, so a corpus that settles early makes fewer
 * sweeps than the schedule's most; each sampler decides from its own chain,
 * so the links are still the same for one thread and two, and still right.
 * Without it every stage runs its length. */
static void settling_stops_early(void **state)
{
	(void)state;
	char *buf;
	size_t len;
	xp_walign gold = {0};
	make_synthetic(&buf, &len, &gold);
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("synthetic", buf, len, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	assert_true(o.settle == 0);
	o.iters = 200;
	o.samplers = 2;
	int samplers, planned;
	double made, moved[3];
	xp_walign f[2] = {{0}}, r[2] = {{0}};
	for (int k = 0; k < 3; k++) {
		o.settle = k ? 0.02 : 0;
		o.threads = k == 2 ? 2 : 1;
		xp_wa *w;
		assert_int_equal(xp_wa_new(&w, &o, &e), 0);
		assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
		assert_int_equal(xp_wa_run(w, &e), 0);
		xp_wa_schedule(w, &samplers, &planned);
		xp_wa_settling(w, &made, moved);
		assert_int_equal(planned, 1 + 50 + 50 + 200);
		/* the last stage of this easy corpus moves (next to) no link,
		 * the lexical-only first some */
		assert_true(moved[2] < 0.2 && moved[0] > moved[2]);
		if (!k) {
			assert_true(made == planned);
		} else {
			/* the first stage runs its 50; the others stop early, after at
			 * least two windows */
			assert_true(made < 1 + 50 + 50 + 100);
			assert_true(made >= 1 + 50 + 16 + 16);
			xp_walign *s = &f[k - 1], *rv = &r[k - 1];
			for (size_t p = 0; p < xp_wa_nsent(w); p++) {
				const xp_link *lf, *lr;
				size_t nf, nr;
				assert_int_equal(xp_wa_links(w, p, &lf, &nf, &lr, &nr, &e), 0);
				assert_int_equal(xp_walign_add(s, lf, nf), 0);
				assert_int_equal(xp_walign_add(rv, lr, nr), 0);
			}
		}
		xp_wa_free(w);
	}
	assert_int_equal(f[0].nlinks, f[1].nlinks);
	for (size_t k = 0; k < f[0].nlinks; k++) {
		assert_int_equal(f[0].links[k].i, f[1].links[k].i);
		assert_int_equal(f[0].links[k].j, f[1].links[k].j);
		assert_true(f[0].links[k].prob == f[1].links[k].prob);
	}
	assert_int_equal(r[0].nlinks, r[1].nlinks);
	expect_learned(&f[0], &r[0], &gold, " with --settle");
	for (int k = 0; k < 2; k++)
		xp_walign_free(&f[k]), xp_walign_free(&r[k]);
	xp_walign_free(&gold);
	xp_bitext_free(&bt);
}

/* By default the lexical stages (1 and 2) stop once their links have
 * converged (the share of links a sweep moves no longer falls beyond its
 * noise), each task's samplers deciding from their own chains: this easy
 * corpus (the synthetic pairs four times, 1600 pairs: dear enough to stop
 * early) stops its lexical stages well before the plan's 31 sweeps, the
 * last stage runs its 100; the links are the same for one thread and two
 * (three samplers: a pair swept together and one alone) and still right;
 * and with --iters every stage runs exactly its length. */
static void converged_stages_stop_early(void **state)
{
	(void)state;
	char *one;
	size_t n1;
	xp_walign gold = {0};
	make_synthetic(&one, &n1, &gold);
	char *buf = malloc(4 * n1);
	assert_non_null(buf);
	for (int k = 0; k < 4; k++)
		memcpy(buf + k * n1, one, n1);
	size_t len = 4 * n1;
	free(one);
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("synthetic", buf, len, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.samplers = 3;
	xp_walign f[2] = {{0}}, r[2] = {{0}};
	for (int k = 0; k < 3; k++) {
		o.threads = k == 1 ? 2 : 1;
		o.iters = k == 2 ? 100 : 0;
		xp_wa *w;
		assert_int_equal(xp_wa_new(&w, &o, &e), 0);
		assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
		xp_wa_sched plan;
		assert_int_equal(xp_wa_plan(w, &plan, &e), 0);
		assert_int_equal(xp_wa_run(w, &e), 0);
		int most[3], early[3];
		double took[3];
		xp_wa_stages(w, most, took, early);
		for (int st = 0; st < 3; st++)
			assert_int_equal(most[st], plan.sweeps[st]);
		assert_int_equal(most[0], k == 2 ? 25 : 31);
		assert_int_equal(most[2], 100);
		assert_true(took[2] == 100 && early[2] == 0);
		if (k == 2) {
			/* --iters: exactly the plan */
			assert_true(took[0] == 25 && took[1] == 25 && early[0] == 0 && early[1] == 0);
			xp_wa_free(w);
			break;
		}
		/* every sampler of both directions stops its lexical stages early,
		 * after two windows at least */
		assert_int_equal(early[0], 6);
		assert_int_equal(early[1], 6);
		for (int st = 0; st < 2; st++)
			assert_true(took[st] >= 16 && took[st] < 31);
		for (size_t p = 0; p < 400; p++) {
			const xp_link *lf, *lr;
			size_t nf, nr;
			assert_int_equal(xp_wa_links(w, p, &lf, &nf, &lr, &nr, &e), 0);
			assert_int_equal(xp_walign_add(&f[k], lf, nf), 0);
			assert_int_equal(xp_walign_add(&r[k], lr, nr), 0);
		}
		xp_wa_free(w);
	}
	for (int d = 0; d < 2; d++) {
		xp_walign *x = d ? r : f;
		assert_int_equal(x[0].nlinks, x[1].nlinks);
		for (size_t k = 0; k < x[0].nlinks; k++) {
			assert_int_equal(x[0].links[k].i, x[1].links[k].i);
			assert_int_equal(x[0].links[k].j, x[1].links[k].j);
			assert_true(x[0].links[k].prob == x[1].links[k].prob);
		}
	}
	expect_learned(&f[0], &r[0], &gold, " with converged stages");
	for (int k = 0; k < 2; k++)
		xp_walign_free(&f[k]), xp_walign_free(&r[k]);
	xp_walign_free(&gold);
	xp_bitext_free(&bt);
}

/* The sampler's jump and fertility counts of a corpus whose last pairs
 * are lexical-only: after sweeps with every part of the model, the counts
 * kept up move by move are what a recount of the sentences alone gives (a
 * lexical-only pair never entered them), and a recount that takes those
 * pairs in counts more. */
static void lexical_only_pairs(void **state)
{
	(void)state;
	/* side 0 generates side 1: three sentence pairs, then two span pairs */
	static const uint32_t e[] = {0, 1, 2, 3, 1, 2, 0, 3, 2, 1, 0, 1, 2, 3};
	static const uint64_t eoff[] = {0, 4, 8, 10, 12, 14};
	static const uint32_t f[] = {3, 2, 1, 0, 0, 1, 2, 4, 1, 0, 1, 2, 3, 0, 1};
	static const uint64_t foff[] = {0, 4, 9, 11, 13, 15};
	wa_corpus c;
	memset(&c, 0, sizeof c);
	c.side[0] = (wa_side){(uint32_t *)e, (uint64_t *)eoff, 14, 14, 4};
	c.side[1] = (wa_side){(uint32_t *)f, (uint64_t *)foff, 15, 15, 5};
	c.nsent = 5;
	c.nlex = 2;
	const unsigned all = WA_LEX | WA_JUMP | WA_FERT;
	for (int dir = 0; dir < 2; dir++) {
		wa_sampler s;
		assert_int_equal(xp_wa_sampler_init(&s, &c, dir, 7), 0);
		assert_int_equal(xp_wa_init(&s), 0);
		xp_wa_recount(&s, all);
		for (int it = 0; it < 20; it++)
			assert_int_equal(xp_wa_sweep(&s, all, 0, c.nsent), 0);
		uint32_t jump[WA_NJUMP], jtot = s.jtot, fert[6 * (WA_FMAX + 1)];
		size_t nfert = ((size_t)c.side[dir].V + 1) * (WA_FMAX + 1);
		memcpy(jump, s.jump, sizeof jump);
		memcpy(fert, s.fert, nfert * sizeof *fert);
		xp_wa_recount(&s, all);
		assert_int_equal(s.jtot, jtot);
		assert_memory_equal(s.jump, jump, sizeof jump);
		assert_memory_equal(s.fert, fert, nfert * sizeof *fert);
		/* the sentences' words alone: one fertility entry per word, and
		 * one jump per aligned generated word plus one to the end */
		uint32_t words = 0, jumps = 0;
		for (uint32_t k = 0; k < c.nsent - c.nlex; k++) {
			words += (uint32_t)(c.side[dir].off[k + 1] - c.side[dir].off[k]);
			jumps++;
			for (uint64_t p = c.side[!dir].off[k]; p < c.side[!dir].off[k + 1]; p++)
				jumps += s.a[p] != 0;
		}
		uint32_t entries = 0;
		for (size_t k = 0; k < nfert; k++)
			entries += s.fert[k];
		assert_int_equal(entries, words);
		assert_int_equal(s.jtot, jumps);
		c.nlex = 0;   /* counted as sentences, the span pairs add theirs */
		xp_wa_recount(&s, all);
		assert_true(s.jtot > jumps);
		c.nlex = 2;
		xp_wa_sampler_free(&s);
	}
}

/* resample puts a kept link back without recounting it (gibbs.c): after
 * every stage's sweeps, each count must still be what the links make, and
 * no map may hold a count of 0. */
static void sweeps_keep_counts_exact(void **state)
{
	(void)state;
	enum { NS = 80, VE = 9, VF = 11, VM = 12 };   /* VM: more than either */
	uint32_t e[NS * 12], f[NS * 12];
	uint64_t eoff[NS + 1] = {0}, foff[NS + 1] = {0};
	uint64_t x = 12345;
	size_t ne = 0, nf = 0;
	for (int k = 0; k < NS; k++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint32_t I = 1 + (uint32_t)(x >> 60) % 10, J = 1 + (uint32_t)(x >> 50) % 12;
		for (uint32_t i = 0; i < I; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			e[ne++] = (uint32_t)(x >> 40) % VE;
		}
		/* f is mostly a function of some e of the sentence, so the
		 * links settle and most draws keep them */
		for (uint32_t j = 0; j < J; j++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			f[nf++] = (x >> 62) ? (e[eoff[k] + (x >> 30) % I] * 7 + 3) % VF : (uint32_t)(x >> 20) % VF;
		}
		eoff[k + 1] = ne, foff[k + 1] = nf;
	}
	wa_corpus c;
	memset(&c, 0, sizeof c);
	c.side[0] = (wa_side){e, eoff, ne, ne, VE};
	c.side[1] = (wa_side){f, foff, nf, nf, VF};
	c.nsent = NS;
	const unsigned stage[3] = {WA_LEX, WA_LEX | WA_JUMP, WA_LEX | WA_JUMP | WA_FERT};
	for (int dir = 0; dir < 2; dir++) {
		const wa_side *E = &c.side[dir], *F = &c.side[!dir];
		wa_sampler s;
		assert_int_equal(xp_wa_sampler_init(&s, &c, dir, 3), 0);
		assert_int_equal(xp_wa_init(&s), 0);
		uint64_t kept = 0;
		for (int st = 0; st < 3; st++) {
			if (st)
				xp_wa_recount(&s, stage[st]);
			for (int it = 0; it < 15; it++) {
				s.changed = s.drawn = 0;
				assert_int_equal(xp_wa_sweep(&s, stage[st], 0, c.nsent), 0);
				kept += s.drawn - s.changed;
			}
			uint32_t lex[VM][VM], lex0[VM], etot[VM], nnull = 0, nword = 0;
			memset(lex, 0, sizeof lex), memset(lex0, 0, sizeof lex0), memset(etot, 0, sizeof etot);
			for (uint32_t k = 0; k < c.nsent; k++)
				for (uint64_t p = F->off[k]; p < F->off[k + 1]; p++) {
					uint32_t i = s.a[p];
					if (!i) {
						lex0[F->tok[p]]++, nnull++;
					} else {
						uint32_t ee = E->tok[E->off[k] + i - 1];
						lex[F->tok[p]][ee]++, etot[ee]++, nword++;
					}
				}
			assert_int_equal(s.nnull, nnull);
			assert_int_equal(s.nword, nword);
			for (uint32_t v = 0; v < F->V; v++) {
				assert_int_equal(s.lex0[v], lex0[v]);
				uint32_t entries = 0, want = 0;
				for (uint32_t h = 0; s.lex[v].kv && h <= s.lex[v].mask; h++)
					if (s.lex[v].kv[2 * h]) {
						uint32_t ee = s.lex[v].kv[2 * h] - 1;
						assert_true(s.lex[v].kv[2 * h + 1] > 0);
						assert_int_equal(s.lex[v].kv[2 * h + 1], lex[v][ee]);
						entries++;
					}
				for (uint32_t u = 0; u < E->V; u++)
					want += lex[v][u] > 0;
				assert_int_equal(entries, want);
				assert_int_equal(s.lex[v].n, want);
			}
			for (uint32_t u = 0; u < E->V; u++)
				assert_int_equal(s.etot[u], etot[u]);
			/* the jump and fertility counts, against a recount */
			uint32_t jump[WA_NJUMP], jtot = s.jtot, fert[VM * (WA_FMAX + 1)];
			size_t nfert = ((size_t)E->V + 1) * (WA_FMAX + 1);
			memcpy(jump, s.jump, sizeof jump);
			memcpy(fert, s.fert, nfert * sizeof *fert);
			xp_wa_recount(&s, stage[st]);
			assert_int_equal(s.jtot, jtot);
			assert_memory_equal(s.jump, jump, sizeof jump);
			assert_memory_equal(s.fert, fert, nfert * sizeof *fert);
		}
		/* the path under test was taken, and often */
		assert_true(kept > (uint64_t)nf * 20);
		xp_wa_sampler_free(&s);
	}
}

/* xp_wa_sweep2 sweeps two samplers at once (gibbs.c): each must end with the
 * links and counts xp_wa_sweep gives it alone, bit for bit, through every
 * stage, with a sentence longer than the jump clip, prior cells, the
 * mention blocks' factor and lexical-only pairs. */
static void two_samplers_swept_together(void **state)
{
	(void)state;
	enum { NS = 60, VE = 9, VF = 11 };
	uint32_t e[NS * 12 + 80], f[NS * 12 + 80];
	uint64_t eoff[NS + 1] = {0}, foff[NS + 1] = {0};
	uint16_t blk[NS * 12 + 80];
	uint64_t x = 777;
	size_t ne = 0, nf = 0;
	for (int k = 0; k < NS; k++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint32_t I = 1 + (uint32_t)(x >> 60) % 10, J = 1 + (uint32_t)(x >> 50) % 12;
		if (k == 5)
			I = 70, J = 20;   /* longer than WA_MAXJ: the clipped jumps */
		for (uint32_t i = 0; i < I; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			blk[ne] = i >= 1 && i <= 2 ? 1 : 0;   /* one mention a sentence */
			e[ne++] = (uint32_t)(x >> 40) % VE;
		}
		for (uint32_t j = 0; j < J; j++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			f[nf++] = (x >> 62) ? (e[eoff[k] + (x >> 30) % I] * 7 + 3) % VF : (uint32_t)(x >> 20) % VF;
		}
		eoff[k + 1] = ne, foff[k + 1] = nf;
	}
	/* a prior cell in every third sentence: (0, 0), boosted */
	uint32_t coff[NS + 1];
	wa_cell cell[NS];
	size_t ncell = 0;
	for (int k = 0; k < NS; k++) {
		coff[k] = (uint32_t)ncell;
		if (k % 3 == 0)
			cell[ncell++] = (wa_cell){0, 0, 4.0f};
	}
	coff[NS] = (uint32_t)ncell;
	const unsigned stage[3] = {WA_LEX, WA_LEX | WA_JUMP, WA_LEX | WA_JUMP | WA_FERT};
	for (int round = 0; round < 2; round++) {
		wa_corpus c;
		memset(&c, 0, sizeof c);
		c.side[0] = (wa_side){e, eoff, ne, ne, VE};
		c.side[1] = (wa_side){f, foff, nf, nf, VF};
		c.nsent = NS;
		c.nlex = 4;
		c.coff = coff, c.cell = cell, c.ncell = ncell;
		if (round)
			c.blk = blk, c.blk_f = 3;
		for (int dir = 0; dir < 2; dir++) {
			const wa_side *E = &c.side[dir], *F = &c.side[!dir];
			wa_sampler s[4];
			for (int q = 0; q < 4; q++) {
				assert_int_equal(xp_wa_sampler_init(&s[q], &c, dir, 11 + q % 2), 0);
				assert_int_equal(xp_wa_init(&s[q]), 0);
			}
			for (int st = 0; st < 3; st++) {
				for (int q = 0; st && q < 4; q++)
					xp_wa_recount(&s[q], stage[st]);
				for (int it = 0; it < 10; it++) {
					assert_int_equal(xp_wa_sweep2(&s[0], &s[1], stage[st], 0, c.nsent), 0);
					assert_int_equal(xp_wa_sweep(&s[2], stage[st], 0, c.nsent), 0);
					assert_int_equal(xp_wa_sweep(&s[3], stage[st], 0, c.nsent), 0);
				}
				for (int q = 0; q < 2; q++) {
					const wa_sampler *a = &s[q], *b = &s[q + 2];
					assert_memory_equal(a->a, b->a, F->ntok * sizeof *a->a);
					assert_int_equal(a->changed, b->changed);
					assert_int_equal(a->drawn, b->drawn);
					assert_int_equal(a->nnull, b->nnull);
					assert_int_equal(a->nword, b->nword);
					assert_int_equal(a->jtot, b->jtot);
					assert_memory_equal(a->jump, b->jump, sizeof a->jump);
					assert_memory_equal(a->lex0, b->lex0, F->V * sizeof *a->lex0);
					assert_memory_equal(a->etot, b->etot, E->V * sizeof *a->etot);
					assert_memory_equal(a->fert, b->fert, (E->V + 1) * (WA_FMAX + 1) * sizeof *a->fert);
					for (uint32_t v = 0; v < F->V; v++)
						for (uint32_t u = 0; u < E->V; u++) {
							uint32_t na = 0, nb = 0;
							for (uint32_t h = 0; a->lex[v].kv && h <= a->lex[v].mask; h++)
								if (a->lex[v].kv[2 * h] == u + 1)
									na = a->lex[v].kv[2 * h + 1];
							for (uint32_t h = 0; b->lex[v].kv && h <= b->lex[v].mask; h++)
								if (b->lex[v].kv[2 * h] == u + 1)
									nb = b->lex[v].kv[2 * h + 1];
							assert_int_equal(na, nb);
						}
				}
			}
			/* the two samplers swept together did not just copy each other */
			assert_true(memcmp(s[0].a, s[1].a, F->ntok * sizeof *s[0].a) != 0);
			for (int q = 0; q < 4; q++)
				xp_wa_sampler_free(&s[q]);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(import_good_files),
		cmocka_unit_test(import_bad_files),
		cmocka_unit_test(empty_lines_are_sentences),
		cmocka_unit_test(symmetrisation),
		cmocka_unit_test(symmetrisation_one_way),
		cmocka_unit_test(aer_by_hand),
		cmocka_unit_test(aligned_corpus_and_bitext),
		cmocka_unit_test(aligned_subtitle_text),
		cmocka_unit_test(aligner_learns_and_is_deterministic),
		cmocka_unit_test(settling_stops_early),
		cmocka_unit_test(converged_stages_stop_early),
		cmocka_unit_test(plan_is_the_runs_schedule),
		cmocka_unit_test(lexical_only_pairs),
		cmocka_unit_test(sweeps_keep_counts_exact),
		cmocka_unit_test(two_samplers_swept_together),
	};
	return cmocka_run_group_tests_name("walign", tests, NULL, NULL);
}
