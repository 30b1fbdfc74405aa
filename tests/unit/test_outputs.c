/* tests/unit/test_outputs.c — a command's outputs replaced together
 * (base/outputs.h): nothing visible before commit, nothing changed by
 * abort, old contents back when a rename fails half-way, temporary files of
 * dead processes swept, directories made. */
#include "testutil.h"
#include "base/file.h"
#include "base/outputs.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <signal.h>

static char *path_in(const char *dir, const char *name)
{
	static char p[4][600];
	static int k;
	k = (k + 1) % 4;
	snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
	return p[k];
}

/* the file's contents, "" when it does not exist */
static const char *contents(const char *dir, const char *name)
{
	static char s[4][64];
	static int k;
	k = (k + 1) % 4;
	FILE *f = fopen(path_in(dir, name), "rb");
	size_t n = f ? fread(s[k], 1, sizeof s[k] - 1, f) : 0;
	s[k][n] = 0;
	if (f)
		fclose(f);
	return s[k];
}

/* entries of dir whose name holds ".xproj-" */
static int temporaries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	for (struct dirent *de; d && (de = readdir(d));)
		n += strstr(de->d_name, ".xproj-") != NULL;
	if (d)
		closedir(d);
	return n;
}

static void commit_and_abort(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-outputs-XXXXXX";
	assert_non_null(mkdtemp(dir));
	xp_err e;
	assert_int_equal(xp_write_file(path_in(dir, "a.txt"), "old", 3, &e), 0);
	xp_outputs o = {0};
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "a.txt"), "new", 3, &e), 0);
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "b.txt"), "bee", 3, &e), 0);
	assert_string_equal(contents(dir, "a.txt"), "old");   /* nothing visible before commit */
	assert_string_equal(contents(dir, "b.txt"), "");
	assert_int_equal(temporaries(dir), 2);
	/* the same destination twice is refused */
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "a.txt"), "x", 1, &e), XP_EUSAGE);
	xp_outputs_abort(&o);
	assert_string_equal(contents(dir, "a.txt"), "old");
	assert_string_equal(contents(dir, "b.txt"), "");
	assert_int_equal(temporaries(dir), 0);

	assert_int_equal(xp_outputs_put(&o, path_in(dir, "a.txt"), "new", 3, &e), 0);
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "b.txt"), "bee", 3, &e), 0);
	assert_int_equal(xp_outputs_commit(&o, &e), 0);
	assert_string_equal(contents(dir, "a.txt"), "new");
	assert_string_equal(contents(dir, "b.txt"), "bee");
	assert_int_equal(temporaries(dir), 0);
	assert_int_equal(o.n, 0);

	/* a directory in the way is refused before anything is written */
	assert_int_equal(mkdir(path_in(dir, "d"), 0777), 0);
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "d"), "x", 1, &e), XP_EIO);
	assert_non_null(strstr(e.msg, "directory"));
	xp_outputs_abort(&o);
	rmdir(path_in(dir, "d"));
	unlink(path_in(dir, "a.txt"));
	unlink(path_in(dir, "b.txt"));
	assert_int_equal(rmdir(dir), 0);
}

/* The third rename fails (its destination became a directory after it was
 * staged): the first output gets its old contents back, the second, which
 * did not exist, is removed again. */
static void failed_rename_puts_back(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-outputs-XXXXXX";
	assert_non_null(mkdtemp(dir));
	xp_err e;
	assert_int_equal(xp_write_file(path_in(dir, "a.txt"), "old", 3, &e), 0);
	xp_outputs o = {0};
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "a.txt"), "new", 3, &e), 0);
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "c.txt"), "sea", 3, &e), 0);
	assert_int_equal(xp_outputs_put(&o, path_in(dir, "b.txt"), "bee", 3, &e), 0);
	assert_int_equal(mkdir(path_in(dir, "b.txt"), 0777), 0);
	assert_int_equal(xp_outputs_commit(&o, &e), XP_EIO);
	assert_non_null(strstr(e.file, "b.txt"));
	assert_string_equal(contents(dir, "a.txt"), "old");
	assert_int_equal(access(path_in(dir, "c.txt"), F_OK), -1);
	assert_int_equal(temporaries(dir), 0);
	rmdir(path_in(dir, "b.txt"));
	unlink(path_in(dir, "a.txt"));
	assert_int_equal(rmdir(dir), 0);
}

/* A temporary file nobody holds (its process was killed) is removed by the
 * next write to its destination; one a live writer holds is not. */
static void stale_temporaries_swept(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-outputs-XXXXXX";
	assert_non_null(mkdtemp(dir));
	const char *dead = path_in(dir, ".a.txt.xproj-AAAAAA"), *live = path_in(dir, ".a.txt.xproj-BBBBBB");
	int fd = open(dead, O_CREAT | O_WRONLY, 0600);
	close(fd);
	int held = open(live, O_CREAT | O_WRONLY, 0600);
	assert_int_equal(flock(held, LOCK_EX), 0);
	struct timeval old[2] = {{1000000000, 0}, {1000000000, 0}};
	assert_int_equal(utimes(dead, old), 0);
	assert_int_equal(utimes(live, old), 0);
	xp_err e;
	assert_int_equal(xp_write_file(path_in(dir, "a.txt"), "x", 1, &e), 0);
	assert_int_equal(access(dead, F_OK), -1);
	assert_int_equal(access(live, F_OK), 0);
	close(held);
	unlink(live);
	unlink(path_in(dir, "a.txt"));
	assert_int_equal(rmdir(dir), 0);
}

/* Two writers of one destination race: the first stops in its commit
 * (XP_FAILPOINT outputs-rename:2:STOP, base/failpoint.h) with a.txt new and
 * its old contents kept as ".a.txt.xproj-XXXXXX.old"; a second writer opens
 * a.txt (its sweep runs) and gives up; the first's next rename fails (b.txt
 * became a directory), so it must put a.txt's old contents back.  The .old
 * was not locked: the sweep took it for a dead process's and removed it,
 * and a.txt stayed "new" after a commit that failed. */
static void second_writer_keeps_old(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-outputs-XXXXXX";
	assert_non_null(mkdtemp(dir));
	xp_err e;
	assert_int_equal(xp_write_file(path_in(dir, "a.txt"), "old", 3, &e), 0);
	struct timeval then[2] = {{1000000000, 0}, {1000000000, 0}};
	assert_int_equal(utimes(path_in(dir, "a.txt"), then), 0);   /* older than the sweep's moment */
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		xp_outputs o = {0};
		if (xp_outputs_put(&o, path_in(dir, "a.txt"), "new", 3, &e) ||
		    xp_outputs_put(&o, path_in(dir, "b.txt"), "bee", 3, &e))
			_exit(3);
		setenv("XP_FAILPOINT", "outputs-rename:2:STOP", 1);
		_exit(xp_outputs_commit(&o, &e) ? 1 : 0);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, WUNTRACED), pid);
	assert_true(WIFSTOPPED(status));
	assert_string_equal(contents(dir, "a.txt"), "new");   /* the first rename was done */
	assert_int_equal(mkdir(path_in(dir, "b.txt"), 0777), 0);
	xp_outputs o2 = {0};   /* the second writer: opens a.txt, then fails */
	assert_int_equal(xp_outputs_put(&o2, path_in(dir, "a.txt"), "two", 3, &e), 0);
	xp_outputs_abort(&o2);
	assert_int_equal(kill(pid, SIGCONT), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);   /* b.txt could not be replaced */
	assert_string_equal(contents(dir, "a.txt"), "old");
	assert_int_equal(temporaries(dir), 0);
	rmdir(path_in(dir, "b.txt"));
	unlink(path_in(dir, "a.txt"));
	assert_int_equal(rmdir(dir), 0);
}

static void mkdirs(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-outputs-XXXXXX";
	assert_non_null(mkdtemp(dir));
	xp_err e;
	assert_int_equal(xp_mkdirs(path_in(dir, "x/y"), &e), 0);
	assert_int_equal(xp_mkdirs(path_in(dir, "x/y"), &e), 0);
	assert_int_equal(xp_write_file(path_in(dir, "f"), "file", 4, &e), 0);
	assert_true(xp_mkdirs(path_in(dir, "f/y"), &e) < 0);
	assert_true(xp_mkdirs(path_in(dir, "f"), &e) < 0);
	unlink(path_in(dir, "f"));
	rmdir(path_in(dir, "x/y"));
	rmdir(path_in(dir, "x"));
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(commit_and_abort),
		cmocka_unit_test(failed_rename_puts_back),
		cmocka_unit_test(stale_temporaries_swept),
		cmocka_unit_test(second_writer_keeps_old),
		cmocka_unit_test(mkdirs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
