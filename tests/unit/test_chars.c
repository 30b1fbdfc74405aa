/* tests/unit/test_chars.c — scoring across tokenisations (eval/chars.h):
 * words against characters, sentences paired by text around a missing or
 * changed one, white-space tokens, and the error that names a sentence. */
#include "evalutil.h"
#include "eval/chars.h"

typedef struct run {
	int rc;
	xp_err err;
	xp_chars_stats st;
	xp_scores s;
} run;

static run chars_score(const xp_corpus *k, const xp_corpus *r, unsigned flags)
{
	run x = {0};
	xp_corpus ko = {0}, ro = {0};
	x.rc = xp_chars_map(k, r, "key.conll", "resp.conll", flags, &ko, &ro, &x.st, &x.err);
	if (x.rc == 0)
		assert_int_equal(xp_score_corpus(&ko, &ro, XP_ALL_METRICS, &x.s, NULL, NULL, &x.err), 0);
	xp_corpus_free(&ko);
	xp_corpus_free(&ro);
	return x;
}

/* Words against characters: a word mention is the span of its characters. */
static void words_vs_chars(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	/* key: 你(0|(2 妈)2 是 狼人(1)  — response: 你(0) 妈 是 狼(1 人)1, and a
	 * second sentence 我 没 说 where only the key has a mention */
	add_doc(&k, "d", "你 妈 是 狼人/我没 说", "0 0 1 0; 0 0 2 2; 0 3 4 1; 1 0 1 3");
	add_doc(&r, "d", "你 妈 是 狼 人/我 没 说", "0 0 1 0; 0 3 5 1; 1 0 1 3");
	run x = chars_score(&k, &r, 0);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.st.sentences, 2);
	assert_int_equal(x.st.key_unpaired + x.st.resp_unpaired, 0);
	/* key: 你 [0,1), 你妈 [0,2), 狼人 [3,5), 我没 [0,2); response: 你, 狼人, 我 [0,1) */
	rp_is(&x.s.m[XP_MENTIONS], 2, 4, 2, 3);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* The same text on both sides scores perfectly whatever the tokens. */
static void same_text_is_perfect(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	add_doc(&k, "d", "你妈 是 狼人 ./她 说", "0 0 1 0; 0 2 3 0; 1 0 1 0");
	add_doc(&r, "d", "你 妈 是 狼 人 ./她 说", "0 0 2 0; 0 3 5 0; 1 0 1 0");
	run x = chars_score(&k, &r, 0);
	assert_int_equal(x.rc, 0);
	NEAR(xp_conll_f1(&x.s), 1);
	rp_is(&x.s.m[XP_MENTIONS], 3, 3, 3, 3);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* A sentence only the key has: pairing by text keeps the sentences after it
 * aligned; an error by default, misses with the flag. */
static void missing_sentence(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	add_doc(&k, "d", "甲 乙/丙 丁/戊 己", "0 0 1 0; 1 0 1 0; 2 1 2 1; 2 0 1 1");
	add_doc(&r, "d", "甲乙/戊 己", "0 0 1 0; 1 1 2 1; 1 0 1 1");
	run x = chars_score(&k, &r, 0);
	assert_int_equal(x.rc, XP_EINPUT);
	assert_string_equal(x.err.file, "key.conll");
	assert_int_equal(x.err.line, 20);
	assert_non_null(strstr(x.err.msg, "sentence 2 of document d part 0 has no sentence with the same text in resp.conll"));
	assert_non_null(strstr(x.err.msg, "1 of the key, 0 of the response"));

	x = chars_score(&k, &r, XP_CHARS_SCORE_MISMATCHED);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.st.sentences, 2);
	assert_int_equal(x.st.key_unpaired, 1);
	assert_int_equal(x.st.resp_unpaired, 0);
	/* 丙 is missed, the response's 甲乙 [0,2) is not the key's 甲 [0,1);
	 * 戊 and 己 match: the sentence after the gap still lines up */
	rp_is(&x.s.m[XP_MENTIONS], 2, 4, 2, 3);
	/* MUC: key links 甲-丙 and 戊-己; the response's 戊-己 is right */
	rp_is(&x.s.m[XP_MUC], 1, 2, 1, 1);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* A changed sentence: its key mentions miss and its response mentions are
 * false alarms even where their characters would coincide. */
static void changed_sentence(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	add_doc(&k, "d", "甲 乙/他 说 好/戊", "0 0 1 0; 1 0 1 0; 2 0 1 1");
	add_doc(&r, "d", "甲 乙/她 说 好/戊", "0 0 1 0; 1 0 1 0; 2 0 1 1");
	run x = chars_score(&k, &r, 0);
	assert_int_equal(x.rc, XP_EINPUT);
	assert_int_equal(x.err.line, 20);
	assert_non_null(strstr(x.err.msg, "sentence 2 of document d part 0 differs from sentence 2 of resp.conll (line 20): \"他 说 好\" vs \"她 说 好\""));
	x = chars_score(&k, &r, XP_CHARS_SCORE_MISMATCHED);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.st.key_unpaired, 1);
	assert_int_equal(x.st.resp_unpaired, 1);
	rp_is(&x.s.m[XP_MENTIONS], 2, 3, 2, 3);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* The error shows where long texts part, not their starts. */
static void long_difference_shown_where_it_is(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	add_doc(&k, "d", "a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3 4 5 6 7 8 9 X tail", "");
	add_doc(&r, "d", "abcdefghijklmnopqrstuvwxyz 123456789 Y tail", "");
	run x = chars_score(&k, &r, 0);
	assert_int_equal(x.rc, XP_EINPUT);
	assert_non_null(strstr(x.err.msg, "\"…2 3 4 5 6 7 8 9 X tail\" vs \"…23456789 Y tail\""));
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* White space is no character: a mention over a space word alone is
 * dropped (counted); two spans that become the same characters in one
 * entity are kept once (counted); speakers and lines survive. */
static void white_space(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	add_doc(&k, "d", "_ 狼 _ 人", "0 0 1 5; 0 1 2 0; 0 0 2 0; 0 1 4 1");
	add_doc(&r, "d", "狼人", "0 0 1 1");
	xp_corpus ko = {0}, ro = {0};
	xp_chars_stats st;
	xp_err e;
	assert_int_equal(xp_chars_map(&k, &r, "k", "r", 0, &ko, &ro, &st, &e), 0);
	assert_int_equal(st.key_dropped, 1);
	assert_int_equal(st.key_merged, 1);
	const xp_doc *d = &ko.docs[0];
	assert_int_equal(d->utts[0].ntoks, 2);
	assert_string_equal(d->utts[0].text, "狼人");
	assert_string_equal(d->utts[0].speaker, "S");
	assert_int_equal(d->utts[0].line, 10);
	assert_int_equal(d->nmentions, 2);
	assert_int_equal(d->nclusters, 2);
	assert_int_equal(d->mentions[0].start, 0);
	assert_int_equal(d->mentions[0].end, 1);
	assert_int_equal(d->mentions[1].end, 2);
	/* the response's one-word 狼人 is the key's 狼 _ 人 */
	assert_int_equal(ro.docs[0].mentions[0].start, 0);
	assert_int_equal(ro.docs[0].mentions[0].end, 2);
	xp_corpus_free(&ko);
	xp_corpus_free(&ro);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

/* Documents pair by id; one the response lacks scores as missing, one only
 * the response has is carried along and ignored by the scorer. */
static void documents(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0};
	add_doc(&k, "b", "乙 丙", "0 0 1 0");
	add_doc(&k, "a", "甲", "0 0 1 0");
	add_doc(&r, "c", "丁", "0 0 1 0");
	add_doc(&r, "b", "乙丙", "0 0 1 0");
	run x = chars_score(&k, &r, 0);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.s.documents, 2);
	assert_int_equal(x.s.missing, 1);
	/* b: key 乙 [0,1) vs response 乙丙 [0,2) */
	rp_is(&x.s.m[XP_MENTIONS], 0, 2, 0, 1);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(words_vs_chars),
		cmocka_unit_test(same_text_is_perfect),
		cmocka_unit_test(missing_sentence),
		cmocka_unit_test(changed_sentence),
		cmocka_unit_test(long_difference_shown_where_it_is),
		cmocka_unit_test(white_space),
		cmocka_unit_test(documents),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
