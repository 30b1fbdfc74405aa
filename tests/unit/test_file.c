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
	assert_int_equal(xp_read_file("/nonexistent-file", &buf, &len, &e), -1);
	assert_non_null(strstr(e.msg, "cannot open"));
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
	};
	return cmocka_run_group_tests_name("file", tests, NULL, NULL);
}
