/* tests/unit/test_conll.c — the CoNLL-2012 reader on every trap, and the writer. */
#include "testutil.h"
#include "io/conll.h"

static void counts_of(const char *path, const xp_read_opts *o, xp_counts *n)
{
	xp_corpus c = {0};
	load_ok(path, o, &c);
	xp_corpus_counts(&c, n);
	xp_corpus_free(&c);
}

static void mmc_traps(void **state)
{
	(void)state;
	xp_diags dg = {0};
	xp_read_opts o = {.diags = &dg};
	xp_corpus c = {0};
	load_ok(FIX("conll/mmc_traps.conll"), &o, &c);
	assert_int_equal(c.ndocs, 1);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "s09e03c09t");
	assert_int_equal(d->part, 9);             /* "part 009" in the header, 9 in the column */
	assert_int_equal(d->nutts, 2);
	assert_string_equal(d->utts[0].speaker, "Penny ’s Dad");
	assert_string_equal(d->utts[1].speaker, "Fireman No . 3");
	assert_int_equal(d->utts[1].ntoks, 5);
	assert_string_equal(word(d, 1, 1), " ");          /* three spaces: the word is a space */
	assert_string_equal(word(d, 1, 3), "\xe2\x80\x8c"); /* lone ZWNJ */
	assert_string_equal(word(d, 1, 4), "");           /* two spaces: an empty word */
	assert_string_equal(word(d, 1, 2), "fire");
	xp_counts n;
	xp_corpus_counts(&c, &n);
	assert_int_equal(n.tokens, 9);
	assert_int_equal(n.mentions, 6);                  /* (1)|(1) counted once */
	assert_int_equal(n.clusters, 4);
	assert_int_equal(n.singletons, 2);
	/* no part/number warnings: only the duplicate mention */
	assert_int_equal(dg.n, 1);
	assert_non_null(strstr(dg.v[0].msg, "duplicate"));
	assert_int_equal(dg.v[0].line, 10);             /* where the second (1) is */
	/* the span in clusters 1 and 2 is kept in both and reported by the check */
	xp_diags chk = {0};
	xp_corpus_check(&c, "f", &chk);
	assert_int_equal(chk.n, 1);
	assert_non_null(strstr(chk.v[0].msg, "clusters 1 and 2"));
	xp_diags_free(&chk);
	xp_diags_free(&dg);
	xp_corpus_free(&c);
}

static void minimal_tabs(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("conll/minimal_tabs.conll"), NULL, &c);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "LuoTestCase");
	assert_int_equal(d->part, 0);
	assert_string_equal(d->utts[0].speaker, "");
	assert_int_equal(d->nmentions, 5);
	/* document order: (utt, start, end, cluster) */
	const uint32_t want[5][4] = {{0, 0, 2, 0}, {1, 0, 1, 0}, {1, 0, 1, 1}, {1, 1, 5, 1}, {1, 2, 4, 1}};
	for (int i = 0; i < 5; i++) {
		assert_int_equal(d->mentions[i].id, i);
		assert_int_equal(d->mentions[i].utt, want[i][0]);
		assert_int_equal(d->mentions[i].start, want[i][1]);
		assert_int_equal(d->mentions[i].end, want[i][2]);
		assert_int_equal(d->mentions[i].cluster, want[i][3]);
	}
	xp_corpus_free(&c);
}

/* The reference scorer's own test files: "id coref" lines, items run
 * together without '|', trailing tabs, an unnumbered part. */
static void scorer_forms(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("conll/scorer_forms.conll"), NULL, &c);
	const xp_doc *d = &c.docs[0];
	assert_int_equal(d->nutts, 2);
	assert_int_equal(d->utts[0].ntoks, 5);
	assert_string_equal(word(d, 0, 1), "");
	assert_int_equal(d->nmentions, 3);
	/* (1(3 ... 3)1): both [1,4); (2) at token 4 */
	assert_int_equal(d->mentions[0].start, 1);
	assert_int_equal(d->mentions[0].end, 4);
	assert_int_equal(d->mentions[1].start, 1);
	assert_int_equal(d->mentions[1].end, 4);
	assert_int_equal(d->mentions[2].start, 4);
	assert_int_equal(d->clusters[d->mentions[2].cluster].label, 2);
	/* clusters in the scorer's entity order: 1, 3, 2 */
	assert_int_equal(d->clusters[0].label, 1);
	assert_int_equal(d->clusters[1].label, 3);
	assert_int_equal(d->clusters[2].label, 2);
	xp_corpus_free(&c);
}

static void expect_error(const char *path, unsigned long line, const char *needle)
{
	xp_corpus c = {0};
	xp_err e = {0};
	assert_int_equal(xp_read_corpus(path, XP_FMT_AUTO, NULL, &c, &e), XP_EINPUT);
	assert_string_equal(e.file, path);
	assert_int_equal(e.line, line);
	assert_non_null(strstr(e.msg, needle));
	xp_corpus_free(&c);
}

static void unclosed_is_error_unless_repair(void **state)
{
	(void)state;
	expect_error(FIX("conll/unclosed.conll"), 3, "never closed");
	xp_diags dg = {0};
	xp_read_opts o = {.repair = 1, .diags = &dg};
	xp_counts n;
	counts_of(FIX("conll/unclosed.conll"), &o, &n);
	assert_int_equal(n.mentions, 3);
	assert_int_equal(n.clusters, 2);
	assert_int_equal(n.singletons, 1);
	assert_int_equal(dg.n, 1);
	assert_int_equal(dg.v[0].line, 3);
	assert_int_equal(dg.v[0].sev, XP_WARNING);
	assert_non_null(strstr(dg.v[0].msg, "dropped"));
	xp_diags_free(&dg);
}

static void unopened_is_error_unless_repair(void **state)
{
	(void)state;
	expect_error(FIX("conll/unopened.conll"), 4, "never opened");
	xp_read_opts o = {.repair = 1};
	xp_counts n;
	counts_of(FIX("conll/unopened.conll"), &o, &n);
	assert_int_equal(n.mentions, 1);
	assert_int_equal(n.documents, 1);
}

static void ontonotes_crlf_bom(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("conll/ontonotes_crlf_bom.conll"), NULL, &c);
	assert_int_equal(c.ndocs, 2);
	assert_string_equal(c.docs[0].id, "bc/cctv/00/cctv_0000");
	assert_int_equal(c.docs[1].part, 1);
	assert_string_equal(c.docs[0].utts[0].text, "He left .");
	assert_string_equal(c.docs[1].utts[0].speaker, "Speaker#2");
	assert_int_equal(c.docs[1].nmentions, 2);
	assert_int_equal(c.docs[1].mentions[1].end, 2);
	xp_corpus_free(&c);
}

static void keep_going_lists_every_problem(void **state)
{
	(void)state;
	xp_diags dg = {0};
	xp_read_opts o = {.keep_going = 1, .diags = &dg};
	xp_corpus c = {0};
	load_ok(FIX("conll/bad_bytes.conll"), &o, &c);
	assert_int_equal(dg.nproblems, 2);
	assert_int_equal(dg.v[0].line, 2);
	assert_non_null(strstr(dg.v[0].msg, "UTF-8"));
	assert_int_equal(dg.v[1].line, 3);
	assert_non_null(strstr(dg.v[1].msg, "malformed"));
	xp_diags_free(&dg);
	xp_corpus_free(&c);
	expect_error(FIX("conll/bad_bytes.conll"), 2, "UTF-8");
}

/* write(read(f)) read again gives the same model, for every fixture */
static void roundtrip(const char *path)
{
	xp_read_opts o = {.repair = 1};
	xp_corpus a = {0}, b = {0};
	load_ok(path, &o, &a);
	xp_buf out = {0};
	xp_conll_write(&out, &a);
	assert_false(out.oom);
	xp_err e;
	assert_int_equal(xp_conll_read("mem", out.p, out.n, NULL, &b, &e), 0);
	assert_same_corpus(&a, &b);
	/* and the text is a fixed point */
	xp_buf again = {0};
	xp_conll_write(&again, &b);
	assert_int_equal(out.n, again.n);
	assert_memory_equal(out.p, again.p, out.n);
	xp_buf_free(&out);
	xp_buf_free(&again);
	xp_corpus_free(&a);
	xp_corpus_free(&b);
}

static void roundtrips(void **state)
{
	(void)state;
	roundtrip(FIX("conll/mmc_traps.conll"));
	roundtrip(FIX("conll/minimal_tabs.conll"));
	roundtrip(FIX("conll/unclosed.conll"));
	roundtrip(FIX("conll/ontonotes_crlf_bom.conll"));
	roundtrip(FIX("conll/nested.conll"));
}

static void writer_format(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("conll/nested.conll"), NULL, &c);
	/* "4)|(4" on token 2 is a one-token mention, as the reference scorer
	 * reads it (items apply by kind: one-token, opening, closing) */
	const xp_doc *d = &c.docs[0];
	assert_int_equal(d->nmentions, 4);
	const uint32_t spans[4][2] = {{0, 4}, {0, 5}, {1, 2}, {2, 3}};
	for (int i = 0; i < 4; i++) {
		assert_int_equal(d->mentions[i].start, spans[i][0]);
		assert_int_equal(d->mentions[i].end, spans[i][1]);
	}
	xp_buf out = {0};
	xp_conll_write(&out, &c);
	const char *want =
		"#begin document (nest); part 002\n"
		"nest\t2\t0\ta\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(4|(4\n"
		"nest\t2\t1\tb\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(4)\n"
		"nest\t2\t2\tc\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(4)\n"
		"nest\t2\t3\td\tna\tna\tna\tna\tna\t-\tna\tna\tna\t4)\n"
		"nest\t2\t4\te\tna\tna\tna\tna\tna\t-\tna\tna\tna\t4)\n"
		"\n#end document\n";
	assert_string_equal(out.p, want);
	xp_buf_free(&out);
	xp_corpus_free(&c);
}

/* The crossing check takes a document's mentions in any order: two
 * mentions of one cluster crossing in sentence 0, with a mention of
 * sentence 1 between them (no xp_doc_finish), are refused; before, the
 * sweep took runs of one sentence as the sentence and missed them. */
static void crossing_any_order(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_doc *d = xp_corpus_add_doc(&c, "d", 1, 0);
	const char *w[] = {"a", "b", "c", "d", "e"};
	size_t l[] = {1, 1, 1, 1, 1};
	assert_non_null(xp_doc_add_utt(&c, d, "", w, l, 5));
	assert_non_null(xp_doc_add_utt(&c, d, "", w, l, 5));
	long k = xp_doc_cluster(d, 7);
	assert_true(k >= 0);
	assert_int_equal(xp_doc_add_mention(d, 0, 0, 3, (uint32_t)k, 0), 0);
	assert_int_equal(xp_doc_add_mention(d, 1, 0, 1, (uint32_t)k, 0), 0);
	assert_int_equal(xp_doc_add_mention(d, 0, 2, 5, (uint32_t)k, 0), 0);
	xp_err e;
	assert_int_equal(xp_conll_check_doc("x.conll", d, &e), -1);
	assert_non_null(strstr(e.msg, "sentence 0: mentions 0-2 and 2-4 of cluster 7 cross"));
	/* and in document order, the same */
	assert_int_equal(xp_doc_finish(d, 0, NULL, NULL), 0);
	assert_int_equal(xp_conll_check_doc("x.conll", d, &e), -1);
	assert_non_null(strstr(e.msg, "sentence 0: mentions 0-2 and 2-4 of cluster 7 cross"));
	xp_corpus_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(crossing_any_order),
		cmocka_unit_test(mmc_traps),
		cmocka_unit_test(minimal_tabs),
		cmocka_unit_test(scorer_forms),
		cmocka_unit_test(unclosed_is_error_unless_repair),
		cmocka_unit_test(unopened_is_error_unless_repair),
		cmocka_unit_test(ontonotes_crlf_bom),
		cmocka_unit_test(keep_going_lists_every_problem),
		cmocka_unit_test(roundtrips),
		cmocka_unit_test(writer_format),
	};
	return cmocka_run_group_tests_name("conll", tests, NULL, NULL);
}
