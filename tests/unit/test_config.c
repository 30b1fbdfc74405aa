/* tests/unit/test_config.c — config files (base/config.h) and the output
 * directory that changes all at once (base/outdir.h). */
#include "testutil.h"
#include "base/config.h"
#include "base/file.h"
#include "base/outdir.h"

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
		assert_int_equal(xp_config_read(cases[i].file, &c, &e), -1);
		assert_int_equal(e.line, cases[i].line);
		assert_non_null(strstr(e.msg, cases[i].needle));
		assert_int_equal(c.n, 0);
	}
}

static int exists(const char *dir, const char *name)
{
	char p[512];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	return access(p, F_OK) == 0;
}

static void outdir_commit_abort(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp_outdirXXXXXX";
	assert_non_null(mkdtemp(dir));
	xp_outdir d;
	xp_err e;
	assert_int_equal(xp_outdir_open(dir, &d, &e), 0);
	assert_int_equal(xp_write_file(xp_outdir_staged(&d, "a.txt"), "new", 3, &e), 0);
	assert_false(exists(dir, "a.txt"));          /* nothing visible before commit */
	assert_int_equal(xp_outdir_commit(&d, &e), 0);
	assert_true(exists(dir, "a.txt"));
	/* an aborted run leaves a.txt as it was and no staging directory */
	assert_int_equal(xp_outdir_open(dir, &d, &e), 0);
	assert_int_equal(xp_write_file(xp_outdir_staged(&d, "a.txt"), "half", 4, &e), 0);
	xp_outdir_abort(&d);
	char *buf;
	size_t n;
	char p[512];
	snprintf(p, sizeof p, "%s/a.txt", dir);
	assert_int_equal(xp_read_file(p, &buf, &n, &e), 0);
	assert_string_equal(buf, "new");
	free(buf);
	unlink(p);
	assert_int_equal(rmdir(dir), 0);             /* empty: the staging directory is gone */
	assert_int_equal(mkdir(dir, 0777), 0);
	/* parents are made; a file in the way is an error */
	char deep[600];
	snprintf(deep, sizeof deep, "%s/x/y", dir);
	assert_int_equal(xp_outdir_open(deep, &d, &e), 0);
	xp_outdir_abort(&d);
	assert_int_equal(xp_write_file(p, "file", 4, &e), 0);
	snprintf(deep, sizeof deep, "%s/a.txt/y", dir);
	assert_int_equal(xp_outdir_open(deep, &d, &e), -1);
	assert_non_null(strstr(e.msg, "cannot create the output directory"));
	unlink(p);
	snprintf(deep, sizeof deep, "%s/x/y", dir);
	rmdir(deep);
	snprintf(deep, sizeof deep, "%s/x", dir);
	rmdir(deep);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(config_good),
		cmocka_unit_test(config_bad),
		cmocka_unit_test(outdir_commit_abort),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
