/*
 * tests/unit/test_errors.c — the kinds of failure the library returns
 * (base/error.h): a missing file is XP_ENOTFOUND, an unreadable one XP_EIO,
 * a malformed one XP_EINPUT with its line, and memory running out anywhere
 * in a reader is XP_ENOMEM, never a crash, a leak or another kind.
 *
 * Memory runs out on purpose: this test is linked with --wrap for malloc,
 * calloc and realloc (Makefile), so every allocation the library makes goes
 * through fail_at below, which refuses the Nth.  Each reader is run with N =
 * 1, 2, ... until it no longer fails.
 */
#include "testutil.h"
#include "dbutil.h"
#include "consistfx.h"
#include "align/wordalign.h"
#include "io/aligned.h"
#include "io/walign.h"
#include "io/subs.h"
#include "io/opus.h"
#include "io/transcript.h"
#include "io/epmap.h"
#include "base/file.h"
#include "base/config.h"
#include "base/text.h"
#include "correct/db.h"
#include "correct/review.h"

#include <errno.h>
#include <jansson.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t k);
void *__real_realloc(void *p, size_t n);

static long countdown = -1;   /* allocations left before one fails; -1: never */

static int refuse(void)
{
	if (countdown < 0)
		return 0;
	if (countdown-- > 0)
		return 0;
	countdown = -1;   /* one failure, then memory is back: the code must clean up */
	errno = ENOMEM;
	return 1;
}

/* the blocks the library's own code took and has not freed (its malloc,
 * calloc, realloc of NULL, less its free of a block): what a call leaves
 * behind, for a call whose blocks it frees itself (the queue below; a
 * block a dependency took, or frees, is not counted right) */
static long live;
void __real_free(void *p);

void *__wrap_malloc(size_t n)
{
	void *p = refuse() ? NULL : __real_malloc(n);
	live += p != NULL;
	return p;
}
void *__wrap_calloc(size_t n, size_t k)
{
	void *p = refuse() ? NULL : __real_calloc(n, k);
	live += p != NULL;
	return p;
}
void *__wrap_realloc(void *p, size_t n)
{
	void *r = refuse() ? NULL : __real_realloc(p, n);
	live += !p && r;
	return r;
}
void __wrap_free(void *p)
{
	live -= p != NULL;
	__real_free(p);
}

static void kinds_of_files(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	assert_int_equal(xp_read_corpus("tests/fixtures/no-such.conll", XP_FMT_AUTO, NULL, &c, &e), XP_ENOTFOUND);
	assert_int_equal(e.code, XP_ENOTFOUND);
	assert_int_equal(xp_read_corpus("tests/fixtures", XP_FMT_CONLL, NULL, &c, &e), XP_EIO);   /* a directory */
	xp_corpus_free(&c);
	static const char bad[] = "#begin document (d); part 000\nd 0 0 We - - - - - - (0\n\n#end document\n";
	assert_int_equal(xp_read_corpus_mem("bad.conll", bad, sizeof bad - 1, XP_FMT_CONLL, NULL, &c, &e), XP_EINPUT);
	assert_true(e.line > 0);
	xp_corpus_free(&c);
	assert_int_equal(xp_read_corpus(FIX("jsonl/bad.jsonlines"), XP_FMT_AUTO, NULL, &c, &e), XP_EINPUT);
	xp_corpus_free(&c);

	xp_aligned al = {0};
	assert_int_equal(xp_aligned_read("tests/fixtures/aligned/none.jsonl", &al, &e), XP_ENOTFOUND);
	assert_int_equal(xp_aligned_read(FIX("aligned/bad.jsonl"), &al, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	xp_aligned_free(&al);

	xp_walign w = {0};
	assert_int_equal(xp_pharaoh_read_file(FIX("walign/malformed.pharaoh"), 0, &w, &e), XP_EINPUT);
	xp_walign_free(&w);
	assert_int_equal(xp_pharaoh_read_file(FIX("walign/none.pharaoh"), 0, &w, &e), XP_ENOTFOUND);
	xp_walign_free(&w);

	xp_config cf;
	static const char conf[] = "threshold = 0.5\n= x\n";
	assert_int_equal(xp_config_read_mem("x.conf", conf, sizeof conf - 1, &cf, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
}

static void store_kinds(void **state)
{
	(void)state;
	xp_db *db;
	xp_err e;
	/* reading a store that is not there does not make one */
	assert_int_equal(xp_db_open_mode("/tmp/xp-no-such-dir/none.db", XP_DB_READ, &db, &e), XP_ENOTFOUND);
	char dir[] = "/tmp/xp-errors-XXXXXX", path[300];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/s.db", dir);
	assert_int_equal(xp_db_open_mode(path, XP_DB_CREATE, &db, &e), 0);
	json_t *m = NULL;
	assert_int_equal(xp_db_mention(db, 1, "nodoc|7", 0, &m, &e), XP_ENOTFOUND);
	xp_db_close(db);
	unlink(path);
	rmdir(dir);
}

/* f reads one input; run it with the 1st, 2nd, ... allocation refused:
 * each run ends in success or XP_ENOMEM (the message says so), and frees
 * what it took (ASan and valgrind see that). */
typedef int (*reader)(xp_err *e);

static void every_allocation(reader f, const char *what)
{
	long n = 0;
	for (;; n++) {
		xp_err e = {0};
		countdown = n;
		int rc = f(&e);
		int refused = countdown == -1;
		countdown = -1;
		if (rc != 0 && rc != XP_ENOMEM)
			print_error("%s, allocation %ld refused: %s (%s:%lu: %s)\n", what, n + 1, xp_code_name(rc), e.file,
				    e.line, e.msg);
		assert_true(rc == 0 || rc == XP_ENOMEM);
		if (rc == XP_ENOMEM)
			assert_non_null(strstr(e.msg, "memory"));
		if (!refused) {   /* it made fewer than n + 1 allocations: every one has been refused once */
			assert_int_equal(rc, 0);
			break;
		}
	}
	assert_true(n > 0);
}

static int read_conll(xp_err *e)
{
	xp_corpus c = {0};
	int rc = xp_read_corpus(FIX("conll/mmc_traps.conll"), XP_FMT_AUTO, NULL, &c, e);
	xp_corpus_free(&c);
	return rc;
}

static int read_jsonl(xp_err *e)
{
	xp_corpus c = {0};
	int rc = xp_read_corpus(FIX("jsonl/words.jsonlines"), XP_FMT_AUTO, NULL, &c, e);
	xp_corpus_free(&c);
	return rc;
}

static int read_aligned(xp_err *e)
{
	xp_aligned a = {0};
	int rc = xp_aligned_read(FIX("aligned/small.jsonl"), &a, e);
	xp_aligned_free(&a);
	return rc;
}

static int read_pharaoh(xp_err *e)
{
	xp_walign w = {0};
	int rc = xp_pharaoh_read_file(FIX("walign/ok.pharaoh"), 0, &w, e);
	if (!rc)
		rc = xp_probs_read_file(FIX("walign/ok.probs"), &w, e);
	xp_walign_free(&w);
	return rc;
}

static int read_subs(xp_err *e)
{
	xp_subs s = {0};
	xp_subs_opts o = {0};
	int rc = xp_subs_read(FIX("subs/asides.srt"), &o, &s, e);
	xp_subs_free(&s);
	return rc;
}

static int read_opus(xp_err *e)
{
	xp_subs s = {0};
	xp_subs_opts o = {0};
	int rc = xp_opus_read("tools/sample/fa.xml", &o, &s, e);
	xp_subs_free(&s);
	return rc;
}

static int read_transcripts(xp_err *e)
{
	xp_corpus c = {0};
	int rc = xp_transcript_read(FIX("transcript/small.tsv"), XP_TR_AUTO, &c, e);
	if (!rc)
		rc = xp_transcript_read(FIX("transcript/S01E01.xml"), XP_TR_AUTO, &c, e);
	xp_corpus_free(&c);
	return rc;
}

static int read_config(xp_err *e)
{
	xp_config c;
	int rc = xp_config_read(FIX("config/good.conf"), &c, e);
	if (!rc)
		xp_config_free(&c);
	return rc;
}

/* not readers, but the same promise: the merge dereferenced its model
 * when calloc had refused it (gcc -fanalyzer, `make lint`), and the
 * queue said -1, not XP_ENOMEM, when its triage ran out of memory */
static int merge_models(xp_err *e)
{
	xp_wa_model *a = NULL, *r = NULL;
	int rc = xp_wa_model_read(FIX("wamodel/tiny.model"), &a, e);
	if (!rc)
		rc = xp_wa_model_merge((xp_wa_model *[]){a, a}, (const char *[]){"a", "b"}, 2, &r, e);
	xp_wa_model_free(r);
	xp_wa_model_free(a);
	return rc;
}

static xp_db *queue_db;
static int64_t queue_run;

/* and leaves nothing behind: a copy of a name refused leaked the names
 * copied before it (names() counted them after the last; its strdup was
 * out of the refusals' reach, now malloc) */
static int queue(xp_err *e)
{
	xp_queue q;
	long was = live;
	int rc = xp_db_queue(queue_db, queue_run, &q, e);
	if (!rc)
		xp_queue_free(&q);
	if (live != was)
		fail_msg("the queue left %ld block(s) behind (%s)", live - was, rc ? e->msg : "it answered 0");
	return rc;
}

/* test_consist's scene: the consistency pass freed its groups twice when
 * memory ran out after it had freed them once (clang-tidy) */
static int consist(xp_err *e)
{
	fx f = {0};
	sentence(&f, "我 是 乔 伊");
	sentence(&f, "乔 伊 来 了");
	sentence(&f, "你 好 , 乔 伊");
	fx_mention(&f, 1, "joey", 2, 0, XP_PROJECTED, 2, 4);
	fx_mention(&f, 1, "joey", 2, 1, XP_PROJECTED, 0, 2);
	fx_mention(&f, 1, "joey", 2, 2, XP_NULL_UNALIGNED, 0, 0);
	xp_consist_in in = {"zh", f.sent, f.nsent, f.sent0, f.doc, f.at, f.key, f.name, f.pos};
	return xp_consist(f.m, f.n, &in) < 0 ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory") : 0;
}

static void out_of_memory_not_readers(void **state)
{
	(void)state;
	every_allocation(merge_models, "model merge");
	every_allocation(consist, "consistency");
	queue_db = fresh();
	queue_run = import(queue_db);
	every_allocation(queue, "queue");
	done(queue_db);
}

static void out_of_memory_more(void **state)
{
	(void)state;
	every_allocation(read_subs, "SRT with asides");
	every_allocation(read_opus, "OPUS XML");
	every_allocation(read_transcripts, "transcripts");
	every_allocation(read_config, "config");
}

static void out_of_memory(void **state)
{
	(void)state;
	every_allocation(read_conll, "CoNLL");
	every_allocation(read_jsonl, "jsonlines");
	every_allocation(read_aligned, "aligned corpus");
	every_allocation(read_pharaoh, "Pharaoh and probabilities");
}

/* data quoted in a message: escaped, capped at a character, "…" */
static void quoting(void **state)
{
	(void)state;
	char q[32], c[16];
	assert_string_equal(xp_quote(q, sizeof q, "a\033[2J", 5), "a\\x1b[2J");
	assert_string_equal(xp_quote(q, sizeof q, "\r\0\xC2\x85\xE2\x80\xAEz", 8), "\\x0d\\x00\\u0085\\u202ez");
	assert_string_equal(xp_quote(q, sizeof q, "\xFF\xE4\xB8", 3), "\\xff\\xe4\\xb8");
	assert_string_equal(xp_quote(q, sizeof q, "ب\xE2\x80\x8Cی", 7), "ب\xE2\x80\x8Cی");   /* ZWNJ is text */
	assert_string_equal(xp_quote(c, sizeof c, "0123456789abcdefgh", 18), "0123456789ab…");
	assert_string_equal(xp_quote(c, sizeof c, "我我我我我我", 18), "我我我我…");
	assert_string_equal(xp_quote(c, sizeof c, "0123456789abcde", 15), "0123456789abcde");   /* fits */
	/* the character count the Chinese name rule and pair.c share: ASCII, Han,
	 * Farsi with a ZWNJ (a character of its own), a cut sequence */
	assert_int_equal(xp_utf8_count("abc", 3), 3);
	assert_int_equal(xp_utf8_count("佛瑞斯", 9), 3);
	assert_int_equal(xp_utf8_count("می\xE2\x80\x8Cخواهم", 17), 8);
	assert_int_equal(xp_utf8_count("我\xE4\xB8", 5), 2);
	assert_int_equal(xp_utf8_count("", 0), 0);
	xp_err e;
	xp_failc(&e, XP_EINPUT, "a\033b", 3, "bad '%s'", "\033]0;x\007");
	assert_string_equal(e.file, "a\\x1bb");
	assert_string_equal(e.msg, "bad '\\x1b]0;x\\x07'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_of_files),
		cmocka_unit_test(quoting),
		cmocka_unit_test(store_kinds),
		cmocka_unit_test(out_of_memory),
		cmocka_unit_test(out_of_memory_more),
		cmocka_unit_test(out_of_memory_not_readers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
