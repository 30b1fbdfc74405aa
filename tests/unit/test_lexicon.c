/* tests/unit/test_lexicon.c — a silver corpus's words at mention ends
 * (project/lexicon.h), both ways it counts: Farsi tokens (folded, the share
 * of ends as the prior, the totals a model file keeps) and Chinese jieba
 * words on the fixture's dictionary (tests/fixtures/zhseg; the table
 * lang/ends/zh.json's format); a word's value with a document's own fold
 * left out; malformed tables and model lexicons refused. */
#include "testutil.h"
#include "io/conll.h"
#include "project/lexicon.h"

static double logit(double p) { return log(p / (1 - p)); }

static void read_ref(const char *text, xp_corpus *c)
{
	xp_err e = {0};
	assert_int_equal(xp_conll_read("ref", text, strlen(text), NULL, c, &e), 0);
}

/* 人民: 3 occurrences, 2 ending a mention in fold 0; 1 and 1 in fold 1 */
static const char TABLE[] = "{\"version\":1,\"folds\":2,\"prior\":0.3,\"strength\":2,\"docs\":{\"d\":0,\"e\":1},"
			    "\"words\":{\"人民\":[3,2,1,1],\"有\":[0,0,4,0]}}";

static void value(void **state)
{
	(void)state;
	xp_lex *z;
	xp_err e = {0};
	assert_int_equal(xp_lex_parse_table("t", TABLE, strlen(TABLE), &z, &e), 0);
	/* a document the table does not name: every fold, (3 + 2 * 0.3) / (4 + 2) */
	assert_true(fabs(xp_lex_end(z, "人民", strlen("人民"), -1) - (logit(0.6) - logit(0.3))) < 1e-9);
	/* d is in fold 0: fold 1 alone, (1 + 0.6) / (1 + 2) */
	assert_true(fabs(xp_lex_end(z, "人民", strlen("人民"), xp_lex_fold_of(z, "d")) - (logit(1.6 / 3) - logit(0.3))) < 1e-9);
	/* e is in fold 1: fold 0 alone, (2 + 0.6) / (3 + 2) */
	assert_true(fabs(xp_lex_end(z, "人民", strlen("人民"), xp_lex_fold_of(z, "e")) - (logit(2.6 / 5) - logit(0.3))) < 1e-9);
	/* never ends one: below the prior; for e (fold 1 left out: none seen) the prior itself */
	assert_true(xp_lex_end(z, "有", strlen("有"), -1) < -1);
	assert_true(fabs(xp_lex_end(z, "有", strlen("有"), xp_lex_fold_of(z, "e"))) < 1e-9);
	assert_int_equal(xp_lex_fold_of(z, "x"), -1);
	/* a word the table lacks, or no table: 0 */
	assert_true(xp_lex_end(z, "中国", strlen("中国"), -1) == 0);
	assert_true(xp_lex_end(NULL, "人民", strlen("人民"), -1) == 0);
	xp_lex_free(z);
	/* the compiled-in table parses */
	assert_int_equal(xp_lex_ends_default(&z, &e), 0);
	assert_non_null(z);
	assert_true(xp_lex_end(z, "人", strlen("人"), -1) > 0);   /* the Chinese pack's: 人 often ends one */
	xp_lex_free(z);
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
		xp_lex *z = (xp_lex *)1;
		xp_err e = {0};
		assert_int_equal(xp_lex_parse_table("t", bad[k], strlen(bad[k]), &z, &e), XP_EINPUT);
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
	read_ref(SILVER, &c);
	assert_int_equal(xp_zhseg_open(FIX("zhseg"), &seg, &e), 0);
	xp_buf b = {0};
	xp_lex_params p = xp_lex_table_params;
	p.folds = 2;
	xp_lex *lx;
	assert_int_equal(xp_lex_new(&p, &lx, &e), 0);
	assert_int_equal(xp_lex_add_ref(lx, &c, seg, &e), 0);
	assert_int_equal(xp_lex_fold_of(lx, "a"), 0);
	assert_int_equal(xp_lex_fold_of(lx, "b"), 1);
	assert_int_equal(xp_lex_table_json(lx, "test", &b, &e), 0);
	xp_buf_putc(&b, '\0');
	assert_false(b.oom);
	assert_non_null(strstr(b.p, "\"docs\":{\"a\":0,\"b\":1}"));
	assert_non_null(strstr(b.p, "\"中国人\":[0,0,1,1]"));
	assert_non_null(strstr(b.p, "\"有\":[0,0,1,0]"));
	assert_non_null(strstr(b.p, "\"中国\":[1,0,0,0]"));
	assert_non_null(strstr(b.p, "\"人民\":[1,1,0,0]"));
	xp_lex *z;
	assert_int_equal(xp_lex_parse_table("built", b.p, strlen(b.p), &z, &e), 0);
	assert_true(xp_lex_end(z, "中国人", strlen("中国人"), -1) > 0);
	assert_true(xp_lex_end(z, "中国人", strlen("中国人"), xp_lex_fold_of(z, "b")) == 0);   /* its own scene's count only */
	/* the table read back says what the counts it was written from say */
	const char *const ws[] = {"中国人", "有", "中国", "人民"};
	for (int k = 0; k < 4; k++)
		for (int skip = -1; skip < 2; skip++)
			assert_true(xp_lex_end(z, ws[k], strlen(ws[k]), skip) == xp_lex_end(lx, ws[k], strlen(ws[k]), skip));
	xp_lex_free(z);
	xp_lex_free(lx);
	xp_buf_free(&b);
	xp_zhseg_free(seg);
	xp_corpus_free(&c);
}

/* A Farsi reference of two documents: "جویی اینجاست" (Joey is here: جویی a
 * mention), "نیمه شب" (midnight: one mention of both words) in fold 0,
 * "جويي" (Arabic yeh: the same word once folded) in fold 1; the totals a
 * model file keeps, read back. */
static void farsi_tokens(void **state)
{
	(void)state;
	static const char REF[] = "#begin document (a); part 000\n"
				  "a\t0\t0\tجویی\t(1)\na\t0\t1\tاینجاست\t-\n\n"
				  "a\t0\t0\tنیمه\t(2\na\t0\t1\tشب\t2)\n#end document\n"
				  "#begin document (b); part 000\n"
				  "b\t0\t0\tجويي\t(1)|(3)\n#end document\n";
	xp_corpus ref = {0};
	xp_err e = {0};
	xp_lex *lx;
	read_ref(REF, &ref);
	assert_int_equal(ref.ndocs, 2);
	assert_int_equal(xp_lex_new(&xp_lex_model_params, &lx, &e), 0);
	assert_int_equal(xp_lex_add_ref(lx, &ref, NULL, &e), 0);
	assert_int_equal(xp_lex_add_ref(lx, &ref, NULL, &e), 0);   /* counted once */
	assert_int_equal(xp_lex_fold_of(lx, "a"), 0);
	assert_int_equal(xp_lex_fold_of(lx, "b"), 1);
	const char *joey = "جویی", *nime = "نیمه";
	/* 5 tokens, 3 of them end a mention (جویی twice, once with two mentions
	 * on it; شب): p0 = 3/5; جویی 2 of 2: p = (2 + 5 p0) / (2 + 5) = 5/7 */
	double p0 = 0.6, p = 5.0 / 7;
	assert_true(fabs(xp_lex_end(lx, joey, strlen(joey), -1) - (logit(p) - logit(p0))) < 1e-9);
	/* نیمه never ends one: (0 + 3) / 6 */
	assert_true(fabs(xp_lex_end(lx, nime, strlen(nime), -1) - (0 - logit(p0))) < 1e-9);
	assert_true(xp_lex_end(lx, "x", 1, -1) == 0);
	/* without fold 1 (the Arabic-yeh جويي): p0 = 2/4, جویی 1 of 1: p = (1 + 2.5) / 6 */
	p = 3.5 / 6;
	assert_true(fabs(xp_lex_end(lx, joey, strlen(joey), 1) - logit(p)) < 1e-9);
	/* the totals as a model keeps them, read back: the same values, folds gone */
	json_t *j = xp_lex_model_json(lx);
	assert_non_null(j);
	assert_int_equal(json_integer_value(json_object_get(j, "tokens")), 5);
	assert_int_equal(json_integer_value(json_object_get(j, "mention_ends")), 3);
	assert_int_equal(json_integer_value(json_object_get(j, "documents")), 2);
	xp_lex *m;
	assert_int_equal(xp_lex_parse_model("m", "fa", j, &xp_lex_model_params, &m, &e), 0);
	assert_true(xp_lex_end(m, joey, strlen(joey), -1) == xp_lex_end(lx, joey, strlen(joey), -1));
	assert_true(xp_lex_end(m, nime, strlen(nime), 0) == xp_lex_end(lx, nime, strlen(nime), -1));
	/* a lexicon of totals counts no documents and makes no table */
	xp_buf b = {0};
	assert_int_equal(xp_lex_add_ref(m, &ref, NULL, &e), XP_EINPUT);
	assert_int_equal(xp_lex_table_json(m, "", &b, &e), XP_EINPUT);
	/* as a table, read back: the same values with each fold left out */
	assert_int_equal(xp_lex_table_json(lx, "farsi", &b, &e), 0);
	xp_buf_putc(&b, '\0');
	xp_lex *t;
	assert_int_equal(xp_lex_parse_table("t", b.p, strlen(b.p), &t, &e), 0);
	for (int skip = -1; skip < 2; skip++)
		assert_true(xp_lex_end(t, joey, strlen(joey), skip) == xp_lex_end(lx, joey, strlen(joey), skip) &&
			    xp_lex_end(t, nime, strlen(nime), skip) == xp_lex_end(lx, nime, strlen(nime), skip));
	xp_lex_free(t);
	xp_lex_free(m);
	json_decref(j);
	xp_buf_free(&b);
	/* folding: Arabic yeh and kaf, ZWNJ, a short vowel */
	char out[32];
	const char *w = "مي‌كَنم";
	size_t n = xp_lex_fold(w, strlen(w), out);
	assert_int_equal(n, strlen("میکنم"));
	assert_memory_equal(out, "میکنم", n);
	xp_lex_free(lx);
	xp_corpus_free(&ref);
}

/* A model's lexicon: spellings that fold alike add up; malformed ones
 * refused; parameters out of range refused. */
static void model_lexicon(void **state)
{
	(void)state;
	xp_err e = {0};
	json_t *j = json_loads("{\"occurrences\":{\"جويي\":2,\"جویی\":1,\"رو\":5},\"ends\":{\"جويي\":1}}", 0, NULL);
	xp_lex *m, *one;
	assert_int_equal(xp_lex_parse_model("m", "fa", j, &xp_lex_model_params, &m, &e), 0);
	json_decref(j);
	j = json_loads("{\"occurrences\":{\"جویی\":3,\"رو\":5},\"ends\":{\"جویی\":1}}", 0, NULL);
	assert_int_equal(xp_lex_parse_model("m", "fa", j, &xp_lex_model_params, &one, &e), 0);
	json_decref(j);
	assert_true(xp_lex_end(m, "جویی", strlen("جویی"), -1) == xp_lex_end(one, "جويي", strlen("جويي"), -1));
	assert_true(xp_lex_end(m, "جویی", strlen("جویی"), -1) != 0);
	xp_lex_free(m), xp_lex_free(one);
	static const char *const bad[] = {"[]", "{\"ends\":{}}", "{\"occurrences\":{\"a\":-1}}",
					  "{\"occurrences\":{\"a\":1},\"ends\":{\"a\":2}}",
					  "{\"occurrences\":{\"a\":1},\"ends\":{\"b\":1}}", NULL};
	for (size_t k = 0; bad[k]; k++) {
		j = json_loads(bad[k], 0, NULL);
		m = (xp_lex *)1;
		assert_int_equal(xp_lex_parse_model("m", "fa", j, &xp_lex_model_params, &m, &e), XP_EINPUT);
		assert_null(m);
		json_decref(j);
	}
	xp_lex_params p = xp_lex_table_params;
	p.prior = 1;
	assert_int_equal(xp_lex_new(&p, &m, &e), XP_EINPUT);
	p = xp_lex_table_params, p.folds = XP_LEX_MAXFOLDS + 1;
	assert_int_equal(xp_lex_new(&p, &m, &e), XP_EINPUT);
}

/* A document in two parts: both in the fold of its id. */
static void parts(void **state)
{
	(void)state;
	static const char REF[] = "#begin document (a); part 000\na\t0\t0\tx\t(1)\n#end document\n"
				  "#begin document (b); part 000\nb\t0\t0\ty\t-\n#end document\n"
				  "#begin document (a); part 001\na\t0\t0\tx\t-\n#end document\n";
	xp_corpus ref = {0};
	xp_err e = {0};
	xp_lex *lx;
	read_ref(REF, &ref);
	assert_int_equal(xp_lex_new(&xp_lex_model_params, &lx, &e), 0);
	assert_int_equal(xp_lex_add_ref(lx, &ref, NULL, &e), 0);
	assert_int_equal(xp_lex_fold_of(lx, "a"), 0);
	assert_int_equal(xp_lex_fold_of(lx, "b"), 1);
	/* without a's fold only b's y is left: x unseen */
	assert_true(xp_lex_end(lx, "x", 1, 0) == 0);
	assert_true(xp_lex_end(lx, "x", 1, -1) != 0);
	xp_lex_free(lx);
	xp_corpus_free(&ref);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(value),         cmocka_unit_test(malformed),
					   cmocka_unit_test(build),         cmocka_unit_test(farsi_tokens),
					   cmocka_unit_test(model_lexicon), cmocka_unit_test(parts)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
