/* tests/unit/test_model.c — building documents: ordering, ids, duplicates, clusters, counts. */
#include "testutil.h"

static xp_doc *doc_with_words(xp_corpus *c, int nutt)
{
	xp_doc *d = xp_corpus_add_doc(c, "d", 1, 0);
	const char *w[] = {"a", "b", "c", "d"};
	const size_t l[] = {1, 1, 1, 1};
	for (int i = 0; i < nutt; i++)
		assert_non_null(xp_doc_add_utt(c, d, "S", w, l, 4));
	return d;
}

static void finish_orders_dedups_and_numbers(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_doc *d = doc_with_words(&c, 2);
	long k7 = xp_doc_cluster(d, 7), k3 = xp_doc_cluster(d, 3), k9 = xp_doc_cluster(d, 9);
	assert_int_equal(xp_doc_cluster(d, 7), k7);
	xp_doc_add_mention(d, 1, 0, 2, (uint32_t)k3, 0);
	xp_doc_add_mention(d, 0, 2, 3, (uint32_t)k7, 0);
	xp_doc_add_mention(d, 0, 1, 3, (uint32_t)k7, 0);
	xp_doc_add_mention(d, 0, 2, 3, (uint32_t)k7, 0); /* duplicate */
	(void)k9;                                         /* a cluster with no mention */
	size_t ndup;
	assert_int_equal(xp_doc_finish(d, 1, &ndup, NULL), 0);
	assert_int_equal(ndup, 1);
	assert_int_equal(d->nmentions, 3);
	assert_int_equal(d->nclusters, 2);                /* the empty one is gone */
	assert_int_equal(d->clusters[0].label, 7);
	assert_int_equal(d->clusters[0].nmentions, 2);
	assert_int_equal(d->mentions[0].start, 1);
	assert_int_equal(d->mentions[1].start, 2);
	assert_int_equal(d->mentions[2].utt, 1);
	assert_int_equal(d->mentions[2].cluster, 1);
	for (uint32_t i = 0; i < 3; i++)
		assert_int_equal(d->mentions[i].id, i);
	xp_counts n;
	xp_corpus_counts(&c, &n);
	assert_int_equal(n.tokens, 8);
	assert_int_equal(n.singletons, 1);
	xp_corpus_free(&c);
}

static void tokens_have_byte_offsets(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_doc *d = xp_corpus_add_doc(&c, "d", 1, 0);
	const char *w[] = {"我", "", "café"};
	const size_t l[] = {3, 0, 5};
	xp_utt *u = xp_doc_add_utt(&c, d, NULL, w, l, 3);
	assert_string_equal(u->text, "我  café");
	assert_int_equal(u->toks[0].off, 0);
	assert_int_equal(u->toks[1].off, 4);
	assert_int_equal(u->toks[1].len, 0);
	assert_int_equal(u->toks[2].off, 5);
	assert_string_equal(u->speaker, "");
	assert_int_equal(xp_doc_set_meta(&c, d, "lang", "zh"), 0);
	assert_int_equal(xp_doc_set_meta(&c, d, "lang", "fa"), 0);
	assert_string_equal(xp_doc_meta(d, "lang"), "fa");
	assert_null(xp_doc_meta(d, "nope"));
	xp_corpus_free(&c);
}

static void kept_ids_are_not_renumbered(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_doc *d = doc_with_words(&c, 1);
	long k = xp_doc_cluster(d, 0);
	xp_doc_add_mention(d, 0, 3, 4, (uint32_t)k, 0);
	d->mentions[0].id = 42;
	xp_doc_add_mention(d, 0, 0, 1, (uint32_t)k, 0);
	d->mentions[1].id = 17;
	assert_int_equal(xp_doc_finish(d, 0, NULL, NULL), 0);
	assert_int_equal(d->mentions[0].id, 17);
	assert_int_equal(d->mentions[1].id, 42);
	xp_corpus_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(finish_orders_dedups_and_numbers),
		cmocka_unit_test(tokens_have_byte_offsets),
		cmocka_unit_test(kept_ids_are_not_renumbered),
	};
	return cmocka_run_group_tests_name("model", tests, NULL, NULL);
}
