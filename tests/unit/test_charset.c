/* tests/unit/test_charset.c — io/charset.c's decisions on a charset the
 * user named (--encoding): a UTF-8 file named in a legacy charset is
 * refused, and the fact the refusal rests on: a file whose every line is
 * valid UTF-8 is valid UTF-8 as a whole (so forced() checks its lines
 * once, not the whole file again). */
#include "testutil.h"
#include "base/file.h"
#include "base/text.h"
#include "io/charset.h"

/* what high_lines (io/charset.c) finds: every line valid UTF-8 */
static int lines_valid(const char *buf, size_t len)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n, bad;
	while (xp_lines_next(&it, &s, &n))
		if (!xp_utf8_valid(s, n, &bad))
			return 0;
	return 1;
}

/* Random files of the pieces a subtitle file is made of, and of the ways
 * UTF-8 breaks: a lead byte without its trail bytes (before a line's end,
 * too), a lone trail byte, an overlong form, a surrogate, a byte UTF-8
 * never has.  Every file whose lines are all valid must be valid whole;
 * and both kinds of file must turn up, or the check proves nothing. */
static void lines_make_the_file(void **state)
{
	(void)state;
	static const char *const piece[] = {
		"a", "Hi there", " ", "\n", "\r\n", "\r", "\n\n",
		"\xc3\xa9", "\xe4\xbd\xa0\xe5\xa5\xbd", "\xf0\x9f\x98\x80", "\xd8\xb3\xd9\x84\xd8\xa7\xd9\x85",
		"\xef\xbb\xbf",                 /* U+FEFF inside the text */
		"\xe4", "\xe4\xbd", "\xf0\x9f\x98", /* cut: the next piece decides */
		"\xbd", "\x80\x80",             /* trail bytes alone */
		"\xc0\xaf", "\xe0\x80\xaf",     /* overlong */
		"\xed\xa0\x80",                 /* a surrogate */
		"\xff", "\xfe", "\xc1",
	};
	enum { NP = sizeof piece / sizeof *piece };
	uint64_t r = 0x9E3779B97F4A7C15u;
	char buf[512];
	size_t valid_files = 0, broken = 0;
	for (int t = 0; t < 200000; t++) {
		size_t len = 0;
		r = r * 6364136223846793005u + 1442695040888963407u;
		if ((r >> 60) & 1) {            /* a leading BOM, which xp_lines skips */
			memcpy(buf, "\xef\xbb\xbf", 3);
			len = 3;
		}
		int n = 1 + (int)((r >> 33) % 24);
		for (int k = 0; k < n; k++) {
			r = r * 6364136223846793005u + 1442695040888963407u;
			/* mostly well-formed pieces, so that many files are valid */
			size_t p = (r >> 40) % 8 ? (r >> 20) % 12 : (r >> 20) % NP;
			size_t m = strlen(piece[p]);
			memcpy(buf + len, piece[p], m);
			len += m;
		}
		size_t bad;
		int whole = xp_utf8_valid(buf, len, &bad), lines = lines_valid(buf, len);
		if (lines && !whole) {
			print_error("every line valid, the file not (case %d, %zu bytes)\n", t, len);
			fail();
		}
		valid_files += lines;
		broken += !lines;
	}
	assert_true(valid_files > 10000);
	assert_true(broken > 10000);
}

/* A UTF-8 file named windows-1251: three lines with non-ASCII characters,
 * all valid, are refused with what the file is; with CRLF and a BOM too.
 * Two such lines are read as told (too few to tell), and so is a file with
 * a line that is not UTF-8, or with a NUL byte. */
static void utf8_named_otherwise(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		int refused;
	} cases[] = {
		{"1\n\xd0\x94\xd0\xb0\n2\n\xd0\x9d\xd0\xb5\xd1\x82\n3\n\xd0\xaf\n", 1},
		{"\xef\xbb\xbf" "1\r\n\xd0\x94\xd0\xb0\r\n\xd0\x9d\xd0\xb5\xd1\x82\r\n\xd0\xaf\r\n", 1},
		{"\xd0\x94\xd0\xb0\n\xd0\x9d\xd0\xb5\xd1\x82", 0},
		{"\xd0\x94\xd0\xb0\n\xd0\x9d\xd0\xb5\xd1\x82\n\xd0\xaf\n\xc4\xe0\n", 0},
		{"\xd0\x94\xd0\xb0\n\xd0\x9d\xd0\xb5\xd1\x82\n\xd0\xaf\n", 1},
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char *out = NULL;
		size_t outlen;
		xp_charset cs;
		xp_err e = {0};
		int rc = xp_to_utf8("f.srt", cases[k].text, strlen(cases[k].text), "windows-1251", &out, &outlen, &cs, &e);
		if (cases[k].refused) {
			assert_int_equal(rc, XP_EINPUT);
			assert_non_null(strstr(e.msg, "the file is UTF-8"));
		} else {
			assert_int_equal(rc, 0);
		}
		free(out);
	}
	/* a NUL: read as told */
	static const char nul[] = "\xd0\x94\xd0\xb0\n\xd0\x9d\xd0\xb5\xd1\x82\n\xd0\xaf\n\0\n";
	char *out = NULL;
	size_t outlen;
	xp_charset cs;
	xp_err e = {0};
	assert_int_equal(xp_to_utf8("f.srt", nul, sizeof nul - 1, "windows-1251", &out, &outlen, &cs, &e), 0);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_make_the_file),
		cmocka_unit_test(utf8_named_otherwise),
	};
	return cmocka_run_group_tests_name("charset", tests, NULL, NULL);
}
