/* tests/unit/test_wamodel.c — the word aligner's model file: a model
 * trained on one synthetic bitext aligns another of the same dictionary
 * well, the same model and seed give the same links, the file survives a
 * write and read unchanged, and every kind of damaged file is refused with
 * the reason. */
#include "testutil.h"
#include "align/wamodel.h"
#include "align/wordalign.h"
#include "eval/aer.h"
#include "io/bitext.h"

/* n pairs of 3-7 words from a 40-word dictionary (source sK, target tK),
 * the target in the same order but for the first two words of every third
 * pair, swapped; gold gets the links. */
static void synthetic(unsigned seed, int n, char **buf, size_t *len, xp_walign *gold)
{
	xp_buf b = {0};
	uint64_t x = seed * 2654435761u + 1;
	for (int s = 0; s < n; s++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		int k = 3 + (int)((x >> 33) % 5), w[8];
		for (int i = 0; i < k; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			w[i] = (int)((x >> 33) % 40);
			xp_buf_printf(&b, "%ss%d", i ? " " : "", w[i]);
		}
		xp_buf_puts(&b, " |||");
		xp_link l[8];
		int swap = s % 3 == 0;
		for (int j = 0; j < k; j++) {
			int i = swap && j < 2 ? 1 - j : j;
			xp_buf_printf(&b, " t%d", w[i]);
			l[j] = (xp_link){(uint32_t)i, (uint32_t)j, 1, 0};
		}
		xp_buf_putc(&b, '\n');
		if (gold)
			xp_walign_add(gold, l, (size_t)k);
	}
	*buf = b.p;
	*len = b.n;
}

/* align text with o, symmetrised links into sym; with a model in o or not */
static void align(const char *name, char *text, size_t len, const xp_wa_opts *o, xp_walign *sym, xp_buf *model)
{
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem(name, text, len, &bt, &e), 0);
	xp_wa *w;
	xp_walign f = {0}, r = {0};
	assert_int_equal(xp_wa_new(&w, o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_int_equal(xp_wa_collect(w, XP_SYM_GDFA, &f, &r, sym, &e), 0);
	if (model)
		assert_int_equal(xp_wa_model_write(w, model, &e), 0);
	xp_wa_free(w);
	xp_walign_free(&f);
	xp_walign_free(&r);
	xp_bitext_free(&bt);   /* frees text */
}

static double aer_of(xp_walign *gold, xp_walign *a)
{
	xp_aer_counts c;
	double p, r, x;
	xp_err e;
	assert_int_equal(xp_aer(gold, a, &c, &e), 0);
	xp_aer_figures(&c, &p, &r, &x);
	return x;
}

static void trained_model(xp_buf *model)
{
	char *text;
	size_t len;
	synthetic(1, 300, &text, &len, NULL);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 30;
	o.samplers = 2;
	o.keep_model = 1;
	xp_walign s = {0};
	align("train", text, len, &o, &s, model);
	xp_walign_free(&s);
}

static void model_aligns_new_pairs(void **state)
{
	(void)state;
	xp_buf model = {0};
	trained_model(&model);
	xp_err e;
	xp_wa_model *m;
	assert_int_equal(xp_wa_model_parse("m", model.p, model.n, &m, &e), 0);
	assert_int_equal(xp_wa_model_samplers(m), 2);
	assert_int_equal(xp_wa_model_words(m, 0), 40);
	assert_int_equal(xp_wa_model_words(m, 1), 40);
	assert_int_equal(xp_wa_model_pairs(m), 300);
	/* written again, the same bytes */
	xp_buf again = {0};
	assert_int_equal(wa_model_serialize(m, &again), 0);
	assert_int_equal(again.n, model.n);
	assert_memory_equal(again.p, model.p, model.n);
	xp_buf_free(&again);

	/* 20 pairs alone, with few sweeps, are too few to learn the
	 * dictionary; with the model they are aligned as well as trained */
	xp_walign gold = {0}, with = {0}, with2 = {0}, alone = {0};
	char *text;
	size_t len;
	xp_wa_opts o;
	for (int k = 0; k < 3; k++) {
		synthetic(7, 20, &text, &len, k == 0 ? &gold : NULL);
		xp_wa_defaults(&o);
		if (k < 2) {
			assert_int_equal(xp_wa_model_settings(m, &o, "m", &e), 0);
			o.adapt_sweeps = 2;
		} else {
			o.iters = 3;
			o.samplers = 2;
		}
		align("new", text, len, &o, k == 0 ? &with : k == 1 ? &with2 : &alone, NULL);
	}
	double a_with = aer_of(&gold, &with), a_alone = aer_of(&gold, &alone);
	if (a_with >= 0.05 || a_alone <= a_with)
		print_error("AER with the model %.3f, alone %.3f\n", a_with, a_alone);
	assert_true(a_with < 0.05);
	assert_true(a_alone > a_with);
	/* the same model and seed: the same links */
	assert_int_equal(with.nlinks, with2.nlinks);
	for (size_t k = 0; k < with.nlinks; k++) {
		assert_int_equal(with.links[k].i, with2.links[k].i);
		assert_int_equal(with.links[k].j, with2.links[k].j);
		assert_true(with.links[k].prob == with2.links[k].prob);
	}
	xp_walign_free(&gold);
	xp_walign_free(&with);
	xp_walign_free(&with2);
	xp_walign_free(&alone);

	/* a setting that is not the model's is refused, naming it */
	xp_wa_defaults(&o);
	o.lowercase = 1;
	assert_int_equal(xp_wa_model_settings(m, &o, "m", &e), XP_EUSAGE);
	assert_non_null(strstr(e.msg, "--lowercase"));
	xp_wa_defaults(&o);
	o.lang[1] = "fa";
	o.lang[0] = "xx";
	assert_int_equal(xp_wa_model_settings(m, &o, "m", &e), 0);   /* the model found no language */
	xp_wa_model_free(m);
	xp_buf_free(&model);
}

static void refused(const char *buf, size_t len, const char *needle)
{
	xp_wa_model *m = (xp_wa_model *)1;
	xp_err e = {0};
	assert_int_equal(xp_wa_model_parse("bad.model", buf, len, &m, &e), XP_EINPUT);
	assert_null(m);
	assert_string_equal(e.file, "bad.model");
	if (!strstr(e.msg, needle))
		print_error("message: %s (wanted %s)\n", e.msg, needle);
	assert_non_null(strstr(e.msg, needle));
}

static void damaged_models_refused(void **state)
{
	(void)state;
	xp_buf model = {0};
	trained_model(&model);
	char *c = malloc(model.n);
	memcpy(c, model.p, model.n);
	refused(c, model.n / 2, "truncated");
	refused(c, 5, "not a word-aligner model");
	refused("SQLite format 3", 15, "not a word-aligner model");
	c[model.n / 2] ^= 1;
	refused(c, model.n, "checksum");
	c[model.n / 2] ^= 1;
	c[8] = 2;   /* the version */
	refused(c, model.n, "version 2");
	c[8] = 1;
	memcpy(c + model.n - 4, "\0\0\0\0", 4);
	refused(c, model.n, "checksum");
	/* past the checksum, the reader's own checks: a count of a word the
	 * vocabulary does not have */
	memcpy(c, model.p, model.n);
	xp_wa_model *m;
	xp_err e;
	assert_int_equal(wa_model_parse("x", c, model.n, 0, &m, &e), 0);
	xp_wa_model_free(m);
	/* the last sampler's last word's pairs end the file: make its e huge */
	size_t at = model.n - 4 - 8;
	c[at] = c[at + 1] = c[at + 2] = c[at + 3] = (char)0xff;
	int rc = wa_model_parse("x", c, model.n, 0, &m, &e);
	assert_int_equal(rc, XP_EINPUT);
	assert_non_null(strstr(e.msg, "corrupt word-aligner model"));
	free(c);
	xp_buf_free(&model);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(model_aligns_new_pairs),
		cmocka_unit_test(damaged_models_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
