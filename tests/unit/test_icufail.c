/* tests/unit/test_icufail.c — ICU's allocations failing (as under
 * `ulimit -v`), from each one of them in turn on, while the name prior
 * transliterates (align/prior.c spell_as, ICU's Any-Latin, which does
 * without a script's transliterator it could not make) and the sentence
 * aligner folds words (align/sentalign.c fold, ICU's NFD data): each run
 * either gives what a run with memory gives, or fails with XP_ENOMEM.
 * Taken as "no spelling" or "no letters", a failure gave fewer cells and
 * pairs, exit 0.
 *
 * ICU takes an allocator (base/icu.h xp_icu_watch) only before it
 * allocates anything, so this is a binary of its own, which watches first
 * thing in main; xp_icu_fail_after(n) refuses from the nth allocation on. */
#include "testutil.h"
#include "align/prior.h"
#include "align/sentalign.h"
#include "base/icu.h"
#include "io/bitext.h"
#include "watoy.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static void corpus(toy *t)
{
	toy_init(t);
	toy_add(t, "I saw Chandler today .", "امروز چندلر رو دیدم");
	toy_add(t, "So , Ross , how is the wife ?", "خب راس ، زنت چطوره ؟");
	toy_add(t, "It 's Phoebe .", "是 菲 比");
	toy_add(t, "Joey is here .", "是 乔 伊 在 这儿");
	toy_add(t, "Monica and Rachel !", "Моника и Рэйчел !");   /* a third script, Cyrillic */
}

/* the cells of every sentence, as text, to compare runs */
static char *cells(const wa_corpus *c)
{
	size_t cap = 64 + 32 * (size_t)c->ncell, n = 0;
	char *s = malloc(cap);
	assert_non_null(s);
	for (uint32_t k = 0; k < c->nsent; k++)
		for (uint32_t q = c->coff[k]; q < c->coff[k + 1]; q++)
			n += (size_t)snprintf(s + n, cap - n, "%u:%u-%u:%.3f ", k, c->cell[q].i, c->cell[q].j,
					      (double)c->cell[q].f);
	s[n] = 0;
	return s;
}

/* One run of the prior with ICU's allocations refused from the nth on, in
 * a child: 0 the cells of a run with memory, no allocation refused (the
 * budget outlasted the run); 2 refused as out of memory; 3 other cells
 * and no error (the bug); 4 an error of another kind. */
static int prior_once(long n, const char *want)
{
	wa_prior_opts o = {WA_PRIOR_BOOST, WA_PRIOR_THRESHOLD, 0, 0, {NULL, NULL}, NULL, 0, NULL, 0};
	toy t;
	corpus(&t);
	xp_err e = {0};
	unsigned long r0 = xp_icu_refusals();
	xp_icu_fail_after(n);
	long got = xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, NULL, &e);
	xp_icu_fail_after(-1);
	int lost = xp_icu_refusals() != r0;
	if (got < 0)
		return xp_err_code(&e) == XP_ENOMEM && !t.c.coff ? 2 : 4;
	char *s = cells(&t.c);
	int same = !strcmp(s, want);
	if (!same)
		fprintf(stderr, "allocation %ld refused: no error, and other cells:\n  got  %s\n  want %s\n", n, s, want);
	free(s);
	return !same ? 3 : lost ? 1 : 0;
}

/* the exit status of f(n, arg) run in a child; -1 if a signal ended it */
static int in_child(int (*f)(long, const char *), long n, const char *arg)
{
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		/* a crash is the child's, not a test cmocka catches */
		signal(SIGSEGV, SIG_DFL), signal(SIGBUS, SIG_DFL), signal(SIGABRT, SIG_DFL);
		_exit(f(n, arg));
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void prior_under_failing_icu(void **state)
{
	(void)state;
	wa_prior_opts o = {WA_PRIOR_BOOST, WA_PRIOR_THRESHOLD, 0, 0, {NULL, NULL}, NULL, 0, NULL, 0};
	toy t;
	corpus(&t);
	xp_err e = {0};
	long want = xp_wa_prior_build(&t.c, t.voc, &t.nm, &o, NULL, &e);
	assert_true(want >= 5);
	char *all = cells(&t.c);
	toy_free(&t);
	long refused = 0, crashed = 0, whole = 0, n;
	for (n = 0; n < 100000 && !whole; n++) {
		int st = in_child(prior_once, n, all);
		if (st != -1 && st != 0 && st != 2)
			fail_msg("allocations refused from the %ldth on: exit %d", n, st);
		refused += st == 2, crashed += st == -1, whole = st == 0;
	}
	fprintf(stderr, "test_icufail: prior: %ld budgets, %ld refused as out of memory, %ld crashed inside ICU\n", n, refused, crashed);
	assert_true(whole);
	assert_true(refused > 0);   /* the sweep reached ICU's allocations */
	free(all);
}

/* the sentence aligner's dictionary: a pair of words folded (NFD, ICU's
 * data loaded on first use), or the failure said.  ICU keeps the error of
 * a failed one-time load for the process, so each budget is tried in a
 * child of its own, forked before this process loads the data.  0:
 * counted, nothing refused; 1: counted all the same; 2: refused as out
 * of memory; 3: not counted and not said (the bug). */
static int fold_once(long n, const char *unused)
{
	(void)unused;
	xp_salign_dict *d = xp_salign_dict_new();
	if (!d)
		return 4;
	unsigned long r0 = xp_icu_refusals();
	xp_icu_fail_after(n);
	int rc = xp_salign_dict_count(d, "Chandler", 8, "Чендлер", strlen("Чендлер"));
	xp_icu_fail_after(-1);
	int lost = xp_icu_refusals() != r0;
	size_t kept = rc ? 0 : xp_salign_dict_finish(d, 1);
	xp_salign_dict_free(d);
	return rc ? 2 : kept != 1 ? 3 : lost ? 1 : 0;
}

static void fold_under_failing_icu(void **state)
{
	(void)state;
	long refused = 0, crashed = 0, whole = 0, n;
	for (n = 0; n < 10000 && !whole; n++) {
		int st = in_child(fold_once, n, NULL);
		if (st == 3)
			fail_msg("allocations refused from the %ldth on: the pair not counted, and no error", n);
		if (st != -1 && (st < 0 || st > 2))
			fail_msg("allocations refused from the %ldth on: exit %d", n, st);
		refused += st == 2, crashed += st == -1, whole = st == 0;
	}
	fprintf(stderr, "test_icufail: fold: %ld budgets, %ld refused as out of memory, %ld crashed inside ICU\n", n,
		refused, crashed);
	assert_true(whole);
	assert_true(refused > 0);   /* the sweep reached ICU's allocations */
}

int main(void)
{
	if (xp_icu_watch()) {
		fprintf(stderr, "test_icufail: ICU did not take the allocator\n");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		/* first: its children load ICU's data themselves */
		cmocka_unit_test(fold_under_failing_icu),
		cmocka_unit_test(prior_under_failing_icu),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
