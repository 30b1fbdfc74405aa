/* tests/unit/test_charspan.c — what a character is, and one text under two
 * tokenisations (model/charspan.h): character offsets with blanks and
 * invisible format characters set aside, the same-text test, spans carried
 * over exactly or widened, and the tokeniser's --chars and words on the
 * same definition. */
#include "testutil.h"
#include "model/charspan.h"
#include "model/tokenize.h"

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
	/* a file that lost its ZWNJs, BOM and bidi marks is the same text */
	const char *fa_c[] = {"\xEF\xBB\xBF\xE2\x80\x8Fمی", "روم"};
	size_t lx[2];
	lens(fa_c, 2, lx);
	assert_true(xp_same_chars(fa_a, la, 3, fa_c, lx, 2));
}

/* characters one by one: blanks skipped, an ill-formed sequence is one */
static void next_char(void **state)
{
	(void)state;
	const char *s = "\xE2\x80\x8C a\xE3\x80\x80\xEF\xBB\xBF\xE4\xB8" "b\xFF";
	size_t n = strlen(s), i = 0, a;
	const char *want[] = {"a", "\xE4\xB8", "b", "\xFF"};
	for (int k = 0; k < 4; k++) {
		assert_true(xp_char_next(s, n, &i, &a));
		assert_int_equal(i - a, strlen(want[k]));
		assert_memory_equal(s + a, want[k], i - a);
	}
	assert_false(xp_char_next(s, n, &i, &a));
	assert_int_equal(i, n);
	assert_true(xp_char_blank(0x200C) && xp_char_blank(0xFEFF) && xp_char_blank(0x200F) && xp_char_blank(0x3000));
	assert_false(xp_char_blank('a') || xp_char_blank(-1));
}

/* the tokeniser: --chars makes a token of every character and of nothing
 * else; words drops a segment of blanks only (a space and the bidi mark
 * ICU glues to it) */
static void tokenizer(void **state)
{
	(void)state;
	const char *s = "\xEF\xBB\xBF我\xE2\x80\x8C看 见";
	xp_tok *t = NULL;
	uint32_t n;
	size_t cap = 0;
	assert_int_equal(xp_tokenize(s, strlen(s), XP_TOK_CHARS, "zh", &t, &n, &cap), 0);
	assert_int_equal(n, 3);
	assert_int_equal(t[0].off, 3), assert_int_equal(t[0].len, 3);
	assert_int_equal(t[2].off, strlen(s) - 3);
	const char *fa = "سلام \xE2\x80\x8Fخوبی";
	assert_int_equal(xp_tokenize(fa, strlen(fa), XP_TOK_WORDS, "fa", &t, &n, &cap), 0);
	for (uint32_t k = 0; k < n; k++) {
		size_t i = t[k].off, a;
		assert_true(xp_char_next(fa, t[k].off + t[k].len, &i, &a));   /* no token of blanks only */
	}
	free(t);
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
		cmocka_unit_test(next_char),
		cmocka_unit_test(tokenizer),
		cmocka_unit_test(spans),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
