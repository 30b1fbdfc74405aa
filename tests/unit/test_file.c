/* tests/unit/test_file.c — whole-file reading (gzip, stdin), atomic writes, line walking. */
#include "testutil.h"
#include "base/file.h"

#include <sys/stat.h>
#include <unistd.h>

static void lines_crlf_bom_no_final_newline(void **state)
{
	(void)state;
	const char buf[] = "\xEF\xBB\xBFone\r\n\r\ntwo\nthree";
	xp_lines it;
	xp_lines_init(&it, buf, sizeof buf - 1);
	const char *s;
	size_t n;
	const char *want[] = {"one", "", "two", "three"};
	for (int i = 0; i < 4; i++) {
		assert_true(xp_lines_next(&it, &s, &n));
		assert_int_equal(n, strlen(want[i]));
		assert_memory_equal(s, want[i], n);
		assert_int_equal(it.lineno, i + 1);
	}
	assert_false(xp_lines_next(&it, &s, &n));
}

static void write_then_read_plain_and_gz(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-test-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char p[256], g[256];
	snprintf(p, sizeof p, "%s/a.txt", dir);
	snprintf(g, sizeof g, "%s/a.txt.gz", dir);
	const char data[] = "hello\nworld\n";
	xp_err e;
	assert_int_equal(xp_write_file(p, data, sizeof data - 1, &e), 0);
	assert_int_equal(xp_write_file(g, data, sizeof data - 1, &e), 0);
	for (int i = 0; i < 2; i++) {
		char *buf;
		size_t len;
		assert_int_equal(xp_read_file(i ? g : p, &buf, &len, &e), 0);
		assert_int_equal(len, sizeof data - 1);
		assert_memory_equal(buf, data, len);
		free(buf);
	}
	/* the .gz really is compressed: starts with the gzip magic */
	FILE *f = fopen(g, "rb");
	unsigned char m[2];
	assert_int_equal(fread(m, 1, 2, f), 2);
	fclose(f);
	assert_int_equal(m[0], 0x1f);
	assert_int_equal(m[1], 0x8b);
	unlink(p);
	unlink(g);
	rmdir(dir);
}

static void failed_write_leaves_nothing(void **state)
{
	(void)state;
	xp_err e;
	assert_int_equal(xp_write_file("/nonexistent-dir/x.conll", "x", 1, &e), -1);
	assert_non_null(strstr(e.file, "/nonexistent-dir/x.conll"));
	char *buf;
	size_t len;
	assert_int_equal(xp_read_file("/nonexistent-file", &buf, &len, &e), XP_ENOTFOUND);
	assert_non_null(strstr(e.msg, "cannot open"));
}

/* a gzip stream cut anywhere (after a whole member's data, inside a block,
 * after three bytes) is an error, never a shorter file */
static void truncated_gzip_is_an_error(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-test-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char g[256], c[256];
	snprintf(g, sizeof g, "%s/a.gz", dir);
	snprintf(c, sizeof c, "%s/cut.gz", dir);
	char data[20000];
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (char)('a' + (i * 7919 % 26));
	xp_err e;
	assert_int_equal(xp_write_file(g, data, sizeof data, &e), 0);
	char *whole;
	size_t n;
	FILE *f = fopen(g, "rb");
	whole = malloc(1 << 16);
	n = fread(whole, 1, 1 << 16, f);
	fclose(f);
	const size_t cuts[] = {3, 10, n / 2, n - 8, n - 1};
	for (size_t k = 0; k < sizeof cuts / sizeof *cuts; k++) {
		f = fopen(c, "wb");
		fwrite(whole, 1, cuts[k], f);
		fclose(f);
		char *buf = NULL;
		size_t len;
		assert_int_equal(xp_read_file(c, &buf, &len, &e), XP_EINPUT);
		assert_null(buf);
		assert_non_null(strstr(e.msg, "truncated gzip stream"));
		assert_string_equal(e.file, c);
	}
	free(whole);
	unlink(g);
	unlink(c);
	rmdir(dir);
}

static void extensions(void **state)
{
	(void)state;
	assert_true(xp_has_ext("a/dev.english.v4_gold_conll", "_conll"));
	assert_true(xp_has_ext("x.jsonlines.gz", ".jsonlines"));
	assert_false(xp_has_ext("x.gz", ".conll"));
	assert_int_equal(xp_format_of_path("a.conll.gz"), XP_FMT_CONLL);
	assert_int_equal(xp_format_of_path("a.512.jsonlines"), XP_FMT_JSONL);
	assert_int_equal(xp_format_of_path("-"), XP_FMT_AUTO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_crlf_bom_no_final_newline),
		cmocka_unit_test(write_then_read_plain_and_gz),
		cmocka_unit_test(failed_write_leaves_nothing),
		cmocka_unit_test(extensions),
		cmocka_unit_test(truncated_gzip_is_an_error),
	};
	return cmocka_run_group_tests_name("file", tests, NULL, NULL);
}
