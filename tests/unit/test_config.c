/* tests/unit/test_config.c — config files (base/config.h). */
#include "testutil.h"
#include "base/config.h"
#include "base/file.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* a fixture that reads, with its n entries */
static void read_ok(const char *file, xp_config *c, size_t n)
{
	xp_err e;
	assert_int_equal(xp_config_read(file, c, &e), 0);
	assert_int_equal(c->n, n);
}

static void config_good(void **state)
{
	(void)state;
	xp_config c;
	read_ok(FIX("config/good.conf"), &c, 5);
	assert_string_equal(c.v[0].key, "source");
	assert_string_equal(c.v[0].value, "a.conll");
	assert_int_equal(c.v[0].line, 2);
	assert_string_equal(c.v[1].key, "tgt-lang");   /* spaces around both trimmed */
	assert_string_equal(c.v[1].value, "fa");
	assert_null(c.v[2].value);                     /* bare switch */
	assert_string_equal(c.v[3].value, "false");
	assert_string_equal(c.v[4].value, "t=x,f=y"); /* only the first '=' splits */
	assert_int_equal(c.v[4].line, 7);
	xp_config_free(&c);
}

static void config_bad(void **state)
{
	(void)state;
	static const struct { const char *file, *needle; unsigned long line; } cases[] = {
		{FIX("config/nokey.conf"), "no key", 1},
		{FIX("config/space.conf"), "a key is one word", 1},
		{FIX("config/nul.conf"), "NUL", 1},
		/* a comment after a value: it was part of the value ("fa  # Farsi") */
		{FIX("config/comment.conf"), "'# Farsi' after 'tgt-lang = fa': a comment is a line of its own", 2},
		{FIX("config/comment-bare.conf"), "'# on' after 'lowercase'", 2},
		{FIX("config/comment-start.conf"), "'#1' after 'seed ='", 1},
		/* quotes were part of the value ('"fa"', no such language) */
		{FIX("config/quoted.conf"), "'\"fa\"': keys and values are not quoted in a config file", 1},
		{FIX("config/quoted.conf"), "write 'tgt-lang = fa'", 1},
		{FIX("config/squoted.conf"), "write 'subs = a b.srt'", 1},
		{FIX("config/qkey.conf"), "write 'tgt-lang = fa'", 1},
		/* UTF-16 and UTF-32: by the byte order mark, or by a NUL byte */
		{FIX("config/utf16le.conf"), "the file is UTF-16LE (its byte order mark): a config file is UTF-8", 1},
		{FIX("config/utf16be.conf"), "the file is UTF-16BE", 1},
		{FIX("config/utf32le.conf"), "the file is UTF-32LE", 1},
		{FIX("config/utf16-nobom.conf"), "a NUL byte: is the file UTF-16 or UTF-32?", 1},
		{FIX("config/utf32be-nobom.conf"), "a NUL byte: is the file UTF-16 or UTF-32?", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		xp_config c;
		xp_err e;
		assert_int_equal(xp_config_read(cases[i].file, &c, &e), XP_EINPUT);
		assert_int_equal(e.line, cases[i].line);
		assert_non_null(strstr(e.msg, cases[i].needle));
		assert_int_equal(c.n, 0);
	}
}

/* a '#' inside a word is data, not a comment */
static void config_hash_in_word(void **state)
{
	(void)state;
	xp_config c;
	xp_err e;
	read_ok(FIX("config/hash-in-word.conf"), &c, 1);
	assert_string_equal(c.v[0].value, "a#1.srt");
	xp_config_free(&c);
	/* a NUL on a later line is said at its line */
	assert_int_equal(xp_config_read_mem("m", "a = b\nc = d\0\n", 13, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
}

/* lines ended by CR alone (classic Mac OS) or mixed with CRLF: read as
 * the lines they are; split at LF only, the file was one comment line and
 * every setting in it was dropped without a word */
static void config_cr_only(void **state)
{
	(void)state;
	xp_config c;
	xp_err e;
	assert_int_equal(xp_config_read(FIX("config/cr-only.conf"), &c, &e), 0);
	assert_int_equal(c.n, 3);
	assert_string_equal(c.v[0].key, "tgt-lang");
	assert_string_equal(c.v[0].value, "fa");
	assert_int_equal(c.v[0].line, 2);
	assert_string_equal(c.v[1].value, "7");
	assert_int_equal(c.v[1].line, 4);   /* the empty line counted */
	assert_string_equal(c.v[2].key, "lowercase");
	assert_null(c.v[2].value);
	assert_int_equal(c.v[2].line, 5);   /* CRLF is one line end */
	xp_config_free(&c);
	/* a refusal is said at its line counted so */
	assert_int_equal(xp_config_read_mem("m", "a = b\rc = \"d\"\r", 13, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(config_good),
		cmocka_unit_test(config_bad),
		cmocka_unit_test(config_hash_in_word),
		cmocka_unit_test(config_cr_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
