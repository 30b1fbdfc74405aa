/* tests/unit/test_wamodel.c — the word aligner's model file: a model
 * trained on one synthetic bitext aligns another of the same dictionary
 * well, the same model and seed give the same links, the file survives a
 * write and read unchanged, and every kind of damaged file is refused with
 * the reason; merged models hold the sums of their counts over the union
 * of their words, and models of other settings are not merged.  A sync
 * round's link state continues only its own pairs.  The stems a model was
 * trained with are its own, and a file of before them still reads. */
#include "testutil.h"
#include "align/wamodel.h"
#include "align/wordalign.h"
#include "eval/aer.h"
#include "align/norm.h"
#include "io/bitext.h"

#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

/* n pairs of 3-7 words from a 40-word dictionary (source sK, target tK,
 * K from base), the target in the same order but for the first two words
 * of every third pair, swapped; gold gets the links. */
static void synthetic_from(int base, unsigned seed, int n, char **buf, size_t *len, xp_walign *gold)
{
	xp_buf b = {0};
	uint64_t x = seed * 2654435761u + 1;
	for (int s = 0; s < n; s++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		int k = 3 + (int)((x >> 33) % 5), w[8];
		for (int i = 0; i < k; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			w[i] = base + (int)((x >> 33) % 40);
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

static void synthetic(unsigned seed, int n, char **buf, size_t *len, xp_walign *gold)
{
	synthetic_from(0, seed, n, buf, len, gold);
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

/* the defaults, with iters sweeps, samplers samplers, the model kept (to
 * be written) */
static void model_opts(xp_wa_opts *o, int iters, int samplers)
{
	xp_wa_defaults(o);
	o->iters = iters;
	o->samplers = samplers;
	o->keep_model = 1;
}

static void trained_model(xp_buf *model)
{
	char *text;
	size_t len;
	synthetic(1, 300, &text, &len, NULL);
	xp_wa_opts o;
	model_opts(&o, 30, 2);
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
	assert_int_equal(xp_wa_model_serialize(m, &again), 0);
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
	c[8] = 3;   /* the version */
	refused(c, model.n, "version 3");
	c[8] = 0;
	refused(c, model.n, "version 0");
	c[8] = XP_WA_MODEL_VERSION;
	memcpy(c + model.n - 4, "\0\0\0\0", 4);
	refused(c, model.n, "checksum");
	/* past the checksum, the reader's own checks: a count of a word the
	 * vocabulary does not have */
	memcpy(c, model.p, model.n);
	xp_wa_model *m;
	xp_err e;
	assert_int_equal(xp_wa_model_parse_crc("x", c, model.n, 0, &m, &e), 0);
	xp_wa_model_free(m);
	/* the last sampler's last word's pairs end the file: make its e huge */
	size_t at = model.n - 4 - 8;
	c[at] = c[at + 1] = c[at + 2] = c[at + 3] = (char)0xff;
	int rc = xp_wa_model_parse_crc("x", c, model.n, 0, &m, &e);
	assert_int_equal(rc, XP_EINPUT);
	assert_non_null(strstr(e.msg, "corrupt word-aligner model"));
	free(c);
	xp_buf_free(&model);
}

/* bytes b (a version 2 file) as version 1 wrote them: no stem method
 * after each side's parts; the length and checksum made again */
static void as_version1(xp_buf *b)
{
	unsigned char *p = (unsigned char *)b->p;
	p[8] = 1;
	size_t o = 8 + 4 + 8 + 4 + 4 + 4 + 4;
	for (int d = 0; d < 2; d++) {
		uint32_t n = (uint32_t)p[o] | (uint32_t)p[o + 1] << 8 | (uint32_t)p[o + 2] << 16 | (uint32_t)p[o + 3] << 24;
		o += 4 + n + 4;
		memmove(p + o, p + o + 4, b->n - o - 4);
		b->n -= 4;
	}
	for (int k = 0; k < 8; k++)
		p[12 + k] = (unsigned char)((uint64_t)b->n >> (8 * k));
	uint32_t crc = (uint32_t)crc32(0, p, (uInt)(b->n - 4));
	for (int k = 0; k < 4; k++)
		p[b->n - 4 + k] = (unsigned char)(crc >> (8 * k));
}

/* The stems of a pair's pack (German's prefix:4 on both sides) are the
 * model's: written (format version 2), read back, applied by
 * xp_wa_model_settings, a --stem that differs refused; a file of version
 * 1 reads as before: no stems, or the learned ones where its parts have
 * `stem` (a pack's own part, the only stems there were); a method that is
 * none, or one without the part, is a corrupt file. */
static void model_stems(void **state)
{
	(void)state;
	char *text;
	size_t len;
	synthetic(4, 200, &text, &len, NULL);
	xp_wa_opts o;
	model_opts(&o, 5, 1);
	o.lang[0] = "en", o.lang[1] = "de";
	xp_walign sym = {0};
	xp_buf b = {0}, again = {0};
	align("de", text, len, &o, &sym, &b);
	xp_walign_free(&sym);
	xp_wa_model *m, *m1;
	xp_err e;
	assert_int_equal(xp_wa_model_parse("de", b.p, b.n, &m, &e), 0);
	assert_int_equal(m->version, 2);
	for (int d = 0; d < 2; d++) {
		assert_int_equal(m->stem[d], 4);
		assert_true(m->parts[d] & XP_NORM_STEM);
	}
	assert_int_equal(xp_wa_model_serialize(m, &again), 0);
	assert_int_equal(again.n, b.n);
	assert_memory_equal(again.p, b.p, b.n);
	xp_wa_opts u;
	xp_wa_defaults(&u);
	assert_int_equal(xp_wa_model_settings(m, &u, "de", &e), 0);
	assert_int_equal(u.stem[0], 4);
	assert_int_equal(u.stem[1], 4);
	xp_wa_defaults(&u);
	u.stem[0] = 4;   /* said again: taken */
	assert_int_equal(xp_wa_model_settings(m, &u, "de", &e), 0);
	xp_wa_defaults(&u);
	u.stem[1] = XP_STEM_NONE;
	assert_int_equal(xp_wa_model_settings(m, &u, "de.model", &e), XP_EUSAGE);
	assert_non_null(strstr(e.msg, "--stem tgt:none differs from the model's stems on its target side (prefix:4)"));
	/* corrupt: a method without the part, none with it, one out of range */
	int bad[][2] = {{4, 0}, {0, XP_NORM_STEM}, {99, XP_NORM_STEM}, {XP_STEM_NONE, XP_NORM_STEM}};
	unsigned parts1 = m->parts[1];
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		m->stem[1] = bad[k][0];
		m->parts[1] = (parts1 & ~(unsigned)XP_NORM_STEM) | (unsigned)bad[k][1];
		xp_buf c = {0};
		assert_int_equal(xp_wa_model_serialize(m, &c), 0);
		refused(c.p, c.n, "stem method");
		xp_buf_free(&c);
	}
	/* version 1: without stems (German then), and with the part `stem`
	 * (learned: Farsi's, whose pack names the part) */
	for (int with = 0; with < 2; with++) {
		m->stem[0] = 0, m->parts[0] &= ~(unsigned)XP_NORM_STEM;
		m->stem[1] = with ? XP_STEM_LEARNED : 0;
		strcpy(m->lang[1], with ? "fa" : "de");
		m->parts[1] = with ? xp_norm_parts("fa") & m->normalize : parts1 & ~(unsigned)XP_NORM_STEM;
		assert_true(!with || (m->parts[1] & XP_NORM_STEM));
		xp_buf c = {0};
		assert_int_equal(xp_wa_model_serialize(m, &c), 0);
		as_version1(&c);
		assert_int_equal(xp_wa_model_parse("old", c.p, c.n, &m1, &e), 0);
		assert_int_equal(m1->version, 1);
		assert_int_equal(m1->stem[0], 0);
		assert_int_equal(m1->stem[1], with ? XP_STEM_LEARNED : 0);
		xp_wa_defaults(&u);
		assert_int_equal(xp_wa_model_settings(m1, &u, "old", &e), 0);
		assert_int_equal(u.stem[0], XP_STEM_NONE);
		assert_int_equal(u.stem[1], with ? XP_STEM_LEARNED : XP_STEM_NONE);
		xp_wa_model_free(m1);
		xp_buf_free(&c);
	}
	xp_wa_model_free(m);
	xp_buf_free(&b);
	xp_buf_free(&again);
}

/* A file shorter than its header's 20 bytes and the checksum's 4, read
 * without the checksum compared (the fuzz target's way; fuzz_wamodel found
 * it): the checksum taken off put the end before the header's, and the
 * reader read on past the buffer.  The 21 bytes end a page whose next is
 * unmapped: the old code faulted there. */
static void header_past_end(void **state)
{
	(void)state;
	static const unsigned char f[21] = {'X', 'P', 'R', 'O', 'J', 'W', 'A', '\n', 1, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 0, 0};
	long pg = sysconf(_SC_PAGESIZE);
	unsigned char *p = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(p != MAP_FAILED);
	assert_int_equal(mprotect(p + pg, (size_t)pg, PROT_NONE), 0);
	unsigned char *c = p + pg - sizeof f;
	memcpy(c, f, sizeof f);
	xp_wa_model *m = NULL;
	xp_err e;
	assert_true(xp_wa_model_parse_crc("x", c, sizeof f, 0, &m, &e) != 0);
	assert_non_null(strstr(e.msg, "not a whole word-aligner model"));
	assert_true(xp_wa_model_parse_crc("x", c, sizeof f, 1, &m, &e) != 0);
	munmap(p, 2 * (size_t)pg);
}

/* a model trained on n pairs of words base.. (seed) with o's settings */
static xp_wa_model *shard_model(int base, unsigned seed, int n, int lowercase, int samplers)
{
	char *text;
	size_t len;
	synthetic_from(base, seed, n, &text, &len, NULL);
	xp_wa_opts o;
	model_opts(&o, 10, samplers);
	o.lowercase = lowercase;
	o.seed = seed;
	xp_walign s = {0};
	xp_buf b = {0};
	align("shard", text, len, &o, &s, &b);
	xp_walign_free(&s);
	xp_wa_model *m;
	xp_err e;
	assert_int_equal(xp_wa_model_parse("shard", b.p, b.n, &m, &e), 0);
	xp_buf_free(&b);
	return m;
}

static uint32_t word_id(const xp_wa_model *m, int d, const char *w)
{
	for (uint32_t t = 0; t < m->V[d]; t++)
		if (!strcmp(m->words[d][t], w))
			return t;
	return UINT32_MAX;
}

/* n(e generates f) in sampler q of direction d, by the words */
static uint32_t lex_count(const xp_wa_model *m, int d, int q, const char *e, const char *f)
{
	uint32_t ie = word_id(m, d, e), jf = word_id(m, !d, f);
	if (ie == UINT32_MAX || jf == UINT32_MAX)
		return 0;
	const wa_msampler *s = &m->smp[d][q];
	for (uint64_t k = s->loff[jf]; k < s->loff[jf + 1]; k++)
		if (s->lkv[2 * k] == ie)
			return s->lkv[2 * k + 1];
	return 0;
}

static uint64_t fert_sum(const xp_wa_model *m, int d, int q, const char *e)
{
	uint32_t ie = word_id(m, d, e);
	uint64_t n = 0;
	for (int b = 0; ie != UINT32_MAX && b <= WA_FMAX; b++)
		n += m->smp[d][q].fert[(size_t)ie * (WA_FMAX + 1) + b];
	return n;
}

/* every count of x (each lexical, NULL and fertility count, by words) is
 * in r as a + b's */
static void sums_of(const xp_wa_model *r, const xp_wa_model *x, const xp_wa_model *a, const xp_wa_model *b)
{
	for (int d = 0; d < 2; d++)
		for (int q = 0; q < r->samplers; q++) {
			const wa_msampler *s = &x->smp[d][q];
			for (uint32_t f = 0; f < x->V[!d]; f++) {
				const char *fw = x->words[!d][f];
				for (uint64_t k = s->loff[f]; k < s->loff[f + 1]; k++) {
					const char *ew = x->words[d][s->lkv[2 * k]];
					assert_int_equal(lex_count(r, d, q, ew, fw),
							 lex_count(a, d, q, ew, fw) + lex_count(b, d, q, ew, fw));
				}
				uint32_t ra = word_id(a, !d, fw), rb = word_id(b, !d, fw);
				assert_int_equal(r->smp[d][q].lex0[word_id(r, !d, fw)],
						 (ra == UINT32_MAX ? 0 : a->smp[d][q].lex0[ra]) +
							 (rb == UINT32_MAX ? 0 : b->smp[d][q].lex0[rb]));
			}
			for (uint32_t e = 0; e < x->V[d]; e++) {
				const char *ew = x->words[d][e];
				assert_int_equal(fert_sum(r, d, q, ew), fert_sum(a, d, q, ew) + fert_sum(b, d, q, ew));
			}
			for (int k = 0; k < WA_NJUMP; k++)
				assert_int_equal(r->smp[d][q].jump[k], a->smp[d][q].jump[k] + b->smp[d][q].jump[k]);
		}
}

static void models_merge(void **state)
{
	(void)state;
	/* words s0..s39 and s20..s59: 20 shared */
	xp_wa_model *a = shard_model(0, 1, 120, 0, 2), *b = shard_model(20, 2, 80, 0, 2), *r, *z;
	xp_err e;
	const char *names[3] = {"a.model", "b.model", "c.model"};
	assert_int_equal(xp_wa_model_merge((xp_wa_model *[]){a, b}, names, 2, &r, &e), 0);
	assert_int_equal(xp_wa_model_pairs(r), 200);
	assert_int_equal(xp_wa_model_samplers(r), 2);
	for (int d = 0; d < 2; d++) {
		assert_int_equal(xp_wa_model_words(r, d), 60);   /* the union */
		for (uint32_t t = 0; t < a->V[d]; t++)            /* the first model's ids kept */
			assert_string_equal(r->words[d][t], a->words[d][t]);
	}
	sums_of(r, a, a, b);
	sums_of(r, b, a, b);
	/* a shared word's count is both models' */
	assert_true(lex_count(r, 0, 0, "s25", "t25") > lex_count(a, 0, 0, "s25", "t25"));
	/* written and read again, a valid model of the same bytes */
	xp_buf bytes = {0}, again = {0};
	assert_int_equal(xp_wa_model_bytes(r, &bytes, &e), 0);
	xp_wa_model *r2;
	assert_int_equal(xp_wa_model_parse("r", bytes.p, bytes.n, &r2, &e), 0);
	assert_int_equal(xp_wa_model_bytes(r2, &again, &e), 0);
	assert_int_equal(again.n, bytes.n);
	assert_memory_equal(again.p, bytes.p, bytes.n);
	xp_wa_model_free(r2);

	/* the sum less b is a's counts again (b's words stay, counting nothing) */
	static const int minus[2] = {1, -1};
	assert_int_equal(xp_wa_model_combine((xp_wa_model *[]){r, b}, minus, names, 2, &z, &e), 0);
	assert_int_equal(xp_wa_model_pairs(z), 120);
	for (int d = 0; d < 2; d++)
		for (uint32_t f = 0; f < a->V[!d]; f++)
			for (uint64_t k = a->smp[d][1].loff[f]; k < a->smp[d][1].loff[f + 1]; k++) {
				const char *ew = a->words[d][a->smp[d][1].lkv[2 * k]], *fw = a->words[!d][f];
				assert_int_equal(lex_count(z, d, 1, ew, fw), lex_count(a, d, 1, ew, fw));
			}
	assert_int_equal(lex_count(z, 0, 0, "s50", "t50"), 0);
	xp_wa_model_free(z);
	/* b less the sum: counts below zero, refused */
	const char *rnames[2] = {"b.model", "sum.model"};
	assert_int_equal(xp_wa_model_combine((xp_wa_model *[]){b, r}, minus, rnames, 2, &z, &e), XP_EINPUT);
	assert_null(z);
	assert_non_null(strstr(e.msg, "below zero"));

	/* other settings: refused, naming the file and the setting */
	xp_wa_model *c = shard_model(0, 3, 60, 1, 2), *d3 = shard_model(0, 3, 60, 0, 3);
	assert_int_equal(xp_wa_model_merge((xp_wa_model *[]){a, b, c}, names, 3, &z, &e), XP_EINPUT);
	assert_null(z);
	assert_string_equal(e.file, "c.model");
	assert_non_null(strstr(e.msg, "lower-casing"));
	assert_int_equal(xp_wa_model_merge((xp_wa_model *[]){a, d3}, (const char *[]){"a.model", "d.model"}, 2, &z, &e),
			 XP_EINPUT);
	assert_string_equal(e.file, "d.model");
	assert_non_null(strstr(e.msg, "samplers"));
	/* one model merged is itself */
	assert_int_equal(xp_wa_model_merge((xp_wa_model *[]){a}, names, 1, &z, &e), 0);
	xp_buf one = {0}, orig = {0};
	assert_int_equal(xp_wa_model_bytes(z, &one, &e), 0);
	assert_int_equal(xp_wa_model_bytes(a, &orig, &e), 0);
	assert_int_equal(one.n, orig.n);
	assert_memory_equal(one.p, orig.p, one.n);
	xp_buf_free(&one);
	xp_buf_free(&orig);
	xp_wa_model_free(z);
	xp_buf_free(&bytes);
	xp_buf_free(&again);
	xp_wa_model_free(a);
	xp_wa_model_free(b);
	xp_wa_model_free(c);
	xp_wa_model_free(d3);
	xp_wa_model_free(r);
}

/* --prior-weight: every count times w, rounded (halves up); a lexical
 * count that rounds to zero is no entry, and the model stays valid */
static void model_weighed(void **state)
{
	(void)state;
	xp_wa_model *a = shard_model(0, 1, 120, 0, 2), *m = shard_model(0, 1, 120, 0, 2);
	xp_err e;
	const double ws[3] = {3, 0.5, 0.02};
	for (int i = 0; i < 3; i++) {
		double w = ws[i];
		xp_wa_model *x = shard_model(0, 1, 120, 0, 2);
		assert_int_equal(xp_wa_model_scale(x, w, "x.model", &e), 0);
		assert_int_equal(xp_wa_model_pairs(x), (uint64_t)(120 * w + 0.5));
		uint64_t dropped = 0;
		for (int d = 0; d < 2; d++)
			for (int q = 0; q < 2; q++) {
				const wa_msampler *s = &a->smp[d][q];
				for (uint32_t f = 0; f < a->V[!d]; f++) {
					const char *fw = a->words[!d][f];
					for (uint64_t k = s->loff[f]; k < s->loff[f + 1]; k++) {
						const char *ew = a->words[d][s->lkv[2 * k]];
						uint32_t want = (uint32_t)(s->lkv[2 * k + 1] * w + 0.5);
						assert_int_equal(lex_count(x, d, q, ew, fw), want);
						dropped += !want;
					}
					assert_int_equal(x->smp[d][q].lex0[f], (uint32_t)(s->lex0[f] * w + 0.5));
				}
				for (int k = 0; k < WA_NJUMP; k++)
					assert_int_equal(x->smp[d][q].jump[k], (uint32_t)(s->jump[k] * w + 0.5));
				for (size_t k = 0; k < (size_t)a->V[d] * (WA_FMAX + 1); k++)
					assert_int_equal(x->smp[d][q].fert[k], (uint32_t)(s->fert[k] * w + 0.5));
				/* no entry of zero left: the entries are the non-zero ones */
				for (uint64_t k = 0; k < x->smp[d][q].loff[x->V[!d]]; k++)
					assert_true(x->smp[d][q].lkv[2 * k + 1] > 0);
			}
		if (w < 0.5)
			assert_true(dropped > 0);   /* counts below 25 went */
		/* written and read again: a valid model */
		xp_buf bytes = {0};
		xp_wa_model *y;
		assert_int_equal(xp_wa_model_bytes(x, &bytes, &e), 0);
		assert_int_equal(xp_wa_model_parse("x", bytes.p, bytes.n, &y, &e), 0);
		xp_wa_model_free(y);
		xp_buf_free(&bytes);
		xp_wa_model_free(x);
	}
	/* weight 1 changes nothing; 0, below 0 and counts past a sampler's refused */
	xp_buf one = {0}, orig = {0};
	assert_int_equal(xp_wa_model_scale(m, 1, "m.model", &e), 0);
	assert_int_equal(xp_wa_model_bytes(m, &one, &e), 0);
	assert_int_equal(xp_wa_model_bytes(a, &orig, &e), 0);
	assert_int_equal(one.n, orig.n);
	assert_memory_equal(one.p, orig.p, one.n);
	assert_int_equal(xp_wa_model_scale(m, 0, "m.model", &e), XP_EUSAGE);
	assert_int_equal(xp_wa_model_scale(m, -2, "m.model", &e), XP_EUSAGE);
	assert_int_equal(xp_wa_model_scale(m, 1e6, "m.model", &e), 0);   /* fits: a few hundred tokens */
	assert_int_equal(xp_wa_model_scale(m, 1e6, "m.model", &e), XP_EINPUT);
	assert_string_equal(e.file, "m.model");
	assert_non_null(strstr(e.msg, "more than a sampler holds"));
	xp_buf_free(&one);
	xp_buf_free(&orig);
	xp_wa_model_free(a);
	xp_wa_model_free(m);
}

/* run one sync round of text (--state): the state bytes in, the new
 * state out; 0, or the error's code */
static int round_of(const char *text, const void *state, size_t slen, int sweeps, xp_buf *out, xp_err *e)
{
	xp_bitext bt;
	char *copy = strdup(text);
	assert_non_null(copy);
	assert_int_equal(xp_bitext_read_mem("pairs", copy, strlen(copy), &bt, e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.samplers = 2;
	o.keep_state = 1;
	o.state = state, o.state_len = slen, o.state_name = "S";
	o.adapt_sweeps = sweeps;
	o.stage = 3;
	xp_wa *w;
	assert_int_equal(xp_wa_new(&w, &o, e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, e), 0);
	int rc = xp_wa_run(w, e);
	if (!rc)
		assert_int_equal(xp_wa_state_write(w, out, e), 0);
	xp_wa_free(w);
	xp_bitext_free(&bt);
	return rc ? xp_err_code(e) : 0;
}

/* A state continues its own pairs: written, read back and continued (the
 * links change, the sizes do not); refused for other pairs (the same
 * sizes, other words too), for other samplers and when damaged. */
static void state_continues(void **st)
{
	(void)st;
	char *a, *b;
	size_t na, nb;
	synthetic(1, 60, &a, &na, NULL);
	synthetic(2, 60, &b, &nb, NULL);
	xp_buf s1 = {0}, s2 = {0}, s3 = {0};
	xp_err e;
	assert_int_equal(round_of(a, NULL, 0, 3, &s1, &e), 0);
	assert_true(s1.n > 20 && !memcmp(s1.p, "XPROJWS\n", 8));
	assert_int_equal(round_of(a, s1.p, s1.n, 3, &s2, &e), 0);
	assert_int_equal(s2.n, s1.n);
	assert_true(memcmp(s1.p, s2.p, s1.n) != 0);
	/* the same state and seed: the same next state */
	assert_int_equal(round_of(a, s1.p, s1.n, 3, &s3, &e), 0);
	assert_true(s3.n == s2.n && !memcmp(s2.p, s3.p, s2.n));
	/* other pairs */
	assert_int_equal(round_of(b, s1.p, s1.n, 3, &s3, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "other sentence pairs"));
	assert_string_equal(e.file, "S");
	/* one word changed: the same sizes, another fingerprint */
	char *c = strdup(a);
	assert_non_null(c);
	c[1] = c[1] == '1' ? '2' : '1';
	assert_int_equal(round_of(c, s1.p, s1.n, 3, &s3, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "other sentence pairs"));
	/* damaged: every truncation, and a flipped byte */
	for (size_t k = 0; k < s1.n; k += 7)
		assert_int_equal(round_of(a, s1.p, k, 0, &s3, &e), XP_EINPUT);
	s1.p[40] ^= 1;
	assert_int_equal(round_of(a, s1.p, s1.n, 0, &s3, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "checksum"));
	free(a), free(b), free(c);
	xp_buf_free(&s1), xp_buf_free(&s2), xp_buf_free(&s3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(model_aligns_new_pairs),
		cmocka_unit_test(damaged_models_refused),
		cmocka_unit_test(header_past_end),
		cmocka_unit_test(model_stems),
		cmocka_unit_test(models_merge),
		cmocka_unit_test(model_weighed),
		cmocka_unit_test(state_continues),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
