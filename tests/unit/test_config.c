/* tests/unit/test_config.c — config files (base/config.h). */
#include "testutil.h"
#include "base/config.h"
#include "base/file.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static void config_good(void **state)
{
	(void)state;
	xp_config c;
	xp_err e;
	assert_int_equal(xp_config_read(FIX("config/good.conf"), &c, &e), 0);
	assert_int_equal(c.n, 5);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(config_good),
		cmocka_unit_test(config_bad),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
