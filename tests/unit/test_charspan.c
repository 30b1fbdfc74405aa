/* tests/unit/test_charspan.c — one text, two tokenisations (model/charspan.h):
 * character offsets with blanks and invisible format characters set
 * aside, the same-text test, and spans carried over exactly or widened. */
#include "testutil.h"
#include "model/charspan.h"

#define N(a) ((uint32_t)(sizeof a / sizeof *a))

static void lens(const char *const *w, uint32_t n, size_t *len)
{
	for (uint32_t i = 0; i < n; i++)
		len[i] = strlen(w[i]);
}

static void offsets(void **state)
{
	(void)state;
	/* a space token, U+3000, a lone ZWNJ and an ill-formed byte */
	const char *w[] = {"我们", " ", "走", "\xE3\x80\x80", "\xE2\x80\x8C", "吧\xFF"};
	size_t len[6];
	uint32_t off[7];
	lens(w, N(w), len);
	assert_int_equal(xp_char_offsets(w, len, N(w), off), 5);
	uint32_t want[] = {0, 2, 2, 3, 3, 3, 5};
	for (int i = 0; i < 7; i++)
		assert_int_equal(off[i], want[i]);
}

static void same_text(void **state)
{
	(void)state;
	const char *chars[] = {"我", "想", "你", "的", "妹", "妹", "。"};
	const char *words[] = {"我想", " ", "你的", "妹妹", "。"};
	const char *other[] = {"我想", "你的", "姐姐", "。"};
	const char *fa_a[] = {"می", "\xE2\x80\x8C", "روم"}, *fa_b[] = {"می\xE2\x80\x8Cروم"};
	const char *bad_a[] = {"a\xFF"}, *bad_b[] = {"a\xFE"};
	size_t lc[7], lw[5], lo[4], la[3], lb[1], xa[1], xb[1];
	lens(chars, 7, lc), lens(words, 5, lw), lens(other, 4, lo), lens(fa_a, 3, la), lens(fa_b, 1, lb);
	lens(bad_a, 1, xa), lens(bad_b, 1, xb);
	assert_true(xp_same_chars(chars, lc, 7, words, lw, 5));
	assert_false(xp_same_chars(chars, lc, 7, other, lo, 4));
	assert_false(xp_same_chars(chars, lc, 6, words, lw, 5));   /* one text is a prefix of the other */
	assert_true(xp_same_chars(fa_a, la, 3, fa_b, lb, 1));      /* ZWNJ as a token or inside the word */
	assert_false(xp_same_chars(bad_a, xa, 1, bad_b, xb, 1));   /* ill-formed bytes equal only themselves */
	assert_true(xp_same_chars(bad_a, xa, 1, bad_a, xa, 1));
}

static void spans(void **state)
{
	(void)state;
	const char *chars[] = {"我", "想", "你", "的", "妹", "妹", "。"};
	const char *words[] = {"我想", " ", "你的", "妹妹", "。"};
	size_t lc[7], lw[5];
	uint32_t oc[8], ow[6], s, e;
	lens(chars, 7, lc), lens(words, 5, lw);
	xp_char_offsets(chars, lc, 7, oc);
	xp_char_offsets(words, lw, 5, ow);
	/* words onto characters: always exact */
	assert_int_equal(xp_chars_span(ow, 2, 4, oc, 7, &s, &e), 1);   /* 你的妹妹 */
	assert_int_equal(s, 2), assert_int_equal(e, 6);
	assert_int_equal(xp_chars_span(ow, 0, 3, oc, 7, &s, &e), 1);   /* across the space token */
	assert_int_equal(s, 0), assert_int_equal(e, 4);
	/* characters onto words: 你 alone widens to 你的 */
	assert_int_equal(xp_chars_span(oc, 2, 3, ow, 5, &s, &e), 0);
	assert_int_equal(s, 2), assert_int_equal(e, 3);
	assert_int_equal(xp_chars_span(oc, 4, 6, ow, 5, &s, &e), 1);   /* 妹妹 */
	assert_int_equal(s, 3), assert_int_equal(e, 4);
	assert_int_equal(xp_chars_span(oc, 1, 3, ow, 5, &s, &e), 0);   /* 想你 -> 我想 你的 */
	assert_int_equal(s, 0), assert_int_equal(e, 3);
	/* the space token covers no character */
	assert_int_equal(xp_chars_span(ow, 1, 2, oc, 7, &s, &e), -1);
	assert_int_equal(xp_chars_span(ow, 2, 2, oc, 7, &s, &e), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(offsets),
		cmocka_unit_test(same_text),
		cmocka_unit_test(spans),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
