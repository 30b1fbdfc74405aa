/* tests/unit/test_annotators.c — an annotator's version of a run
 * (correct/annotators.h), what `xproj agree --db` compares: in a store two
 * annotators share, each one's version must be what a store holding only
 * their own actions exports, for every kind of action the corrected view
 * replays (span edits, deletions, relinks, merges, splits, target-only
 * mentions and their moves, undo). */
#include "testutil.h"
#include "dbutil.h"
#include "correct/annotators.h"
#include "correct/review.h"
#include "eval/agree.h"

#include <string.h>

/* the stores of a test: dbutil.h keeps one directory at a time */
static char dirs[3][sizeof dir];

static xp_db *store(int i, int64_t *run)
{
	xp_db *db = fresh();
	memcpy(dirs[i], dir, sizeof dir);
	*run = import(db);
	return db;
}

static void close_store(int i, xp_db *db)
{
	memcpy(dir, dirs[i], sizeof dir);
	done(db);
}

static char *text_of(const xp_corpus *c)
{
	xp_buf b = {0};
	xp_conll_write(&b, c);
	assert_non_null(b.p);
	return b.p;
}

static char *version_of(xp_db *db, int64_t run, const char *who)
{
	xp_corpus c = {0};
	xp_err e;
	assert_int_equal(xp_db_export_annotator(db, run, who, &c, &e), 0);
	char *t = text_of(&c);
	xp_corpus_free(&c);
	return t;
}

static double conll_f1(const xp_corpus *a, const xp_corpus *b)
{
	const xp_corpus *cv[2] = {a, b};
	const char *names[2] = {"a", "b"};
	xp_agreement ag = {0};
	xp_err e;
	assert_int_equal(xp_agree(cv, names, 2, &ag, &e), 0);
	assert_int_equal(ag.npairs, 1);
	double f = xp_conll_f1(&ag.pairs[0].s);
	xp_agreement_free(&ag);
	return f;
}

/* the store's annotators are ann and bob */
static void ann_and_bob(xp_db *db, int64_t run)
{
	char **names;
	size_t n;
	xp_err e;
	assert_int_equal(xp_db_annotators(db, run, &names, &n, &e), 0);
	assert_int_equal(n, 2);
	assert_string_equal(names[0], "ann");
	assert_string_equal(names[1], "bob");
	xp_db_annotators_free(names, n);
}

static int64_t v(xp_db *db, int64_t run, const char *key) { return xp_db_mention_version(db, run, key); }

/* ann relinks d|0 into the car's entity; bob only shortens the car: bob's
 * version keeps d|0 in its own entity, ann's has it in the car's, and
 * agreement reads the difference as a store of each one's alone does */
static void relink_is_replayed(void **state)
{
	(void)state;
	int64_t run, ra, rb;
	xp_err e;
	xp_db *s = store(0, &run), *a = store(1, &ra), *b = store(2, &rb);
	xp_edit shorter = {XP_MODIFY, "d|1", 0, 3, 5, "bob", NULL};
	for (int i = 0; i < 2; i++) {
		xp_db *db = i ? a : s;
		int64_t r = i ? ra : run;
		assert_int_equal(xp_db_relink_at(db, r, "d|0", 2, "ann", NULL, v(db, r, "d|0"), &e), 0);
	}
	assert_int_equal(xp_db_edit(s, run, &shorter, &e), 0);
	assert_int_equal(xp_db_edit(b, rb, &shorter, &e), 0);
	char *sa = version_of(s, run, "ann"), *sb = version_of(s, run, "bob");
	char *ea = conll_of(a, ra), *eb = conll_of(b, rb);
	assert_string_equal(sa, ea);
	assert_string_equal(sb, eb);
	assert_string_not_equal(sa, sb);
	/* agreement on the store's versions is agreement on the exports, and
	 * the relink is a disagreement in the chains */
	xp_corpus ca = {0}, cb = {0}, xa = {0}, xb = {0};
	assert_int_equal(xp_db_export_annotator(s, run, "ann", &ca, &e), 0);
	assert_int_equal(xp_db_export_annotator(s, run, "bob", &cb, &e), 0);
	assert_int_equal(xp_db_export(a, ra, 0, &xa, &e), 0);
	assert_int_equal(xp_db_export(b, rb, 0, &xb, &e), 0);
	double fs = conll_f1(&ca, &cb), fx = conll_f1(&xa, &xb);
	assert_true(fs == fx);
	assert_true(fs < 1.0);
	xp_corpus_free(&ca), xp_corpus_free(&cb), xp_corpus_free(&xa), xp_corpus_free(&xb);
	free(sa), free(sb), free(ea), free(eb);
	close_store(0, s), close_store(1, a), close_store(2, b);
}

/* ann adds a target-only mention, merges the car's entity into d|0's (the
 * target-only mention moves with it), splits d|2 off into a new entity,
 * moves the target-only mention there, and takes that move back; bob
 * deletes d|0 and takes it back, then shortens the car.  Each one's
 * version in the shared store is their own store's export. */
static void every_kind_is_replayed(void **state)
{
	(void)state;
	int64_t run, ra, rb, tid = 0, moved;
	xp_err e;
	char what[200], key[200];
	xp_db *s = store(0, &run), *a = store(1, &ra), *b = store(2, &rb);
	for (int i = 0; i < 2; i++) {
		xp_db *db = i ? a : s;
		int64_t r = i ? ra : run;
		assert_int_equal(xp_db_tadd_at(db, r, "d|2", 1, 2, 3, 2, "ann", NULL, v(db, r, "d|2"), &tid, &e), 0);
		assert_int_equal(xp_db_merge_at(db, r, "d|1", 1, -1, NULL, 0, "ann", NULL, v(db, r, "d|1"), &moved, &e), 0);
		assert_int_equal(moved, 3);
		assert_int_equal(xp_db_relink_at(db, r, "d|2", 7, "ann", NULL, v(db, r, "d|2"), &e), 0);
		assert_int_equal(xp_db_relink_tadd_at(db, r, "d|2", tid, 1, 7, "ann", NULL, v(db, r, "d|2"), &e), 0);
		assert_int_equal(xp_db_relink_tadd_at(db, r, "d|2", tid, 7, 2, "ann", NULL, v(db, r, "d|2"), &e), 0);
		assert_int_equal(xp_db_undo_mine(db, r, "ann", what, sizeof what, key, sizeof key, &e), 0);
	}
	xp_edit del = {XP_DELETE, "d|0", 0, 0, 0, "bob", NULL};
	xp_edit shorter = {XP_MODIFY, "d|1", 0, 3, 5, "bob", NULL};
	for (int i = 0; i < 2; i++) {
		xp_db *db = i ? b : s;
		int64_t r = i ? rb : run;
		assert_int_equal(xp_db_edit(db, r, &del, &e), 0);
		assert_int_equal(xp_db_undo_mine(db, r, "bob", what, sizeof what, key, sizeof key, &e), 0);
		assert_int_equal(xp_db_edit(db, r, &shorter, &e), 0);
	}
	ann_and_bob(s, run);
	char *sa = version_of(s, run, "ann"), *sb = version_of(s, run, "bob");
	char *ea = conll_of(a, ra), *eb = conll_of(b, rb);
	assert_string_equal(sa, ea);
	assert_string_equal(sb, eb);
	/* ann's target-only mention is in ann's version only, where the undo left it (7) */
	assert_non_null(strstr(sa, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(7)\n"));
	assert_null(strstr(sb, "\t我的\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(7)\n"));
	free(sa), free(sb), free(ea), free(eb);
	close_store(0, s), close_store(1, a), close_store(2, b);
}

/* an annotator whose only action is a target-only mention is one of the
 * store's annotators, and the document is theirs */
static void target_only_annotator(void **state)
{
	(void)state;
	int64_t run, ra, tid;
	xp_err e;
	xp_db *s = store(0, &run), *a = store(1, &ra);
	assert_int_equal(xp_db_tadd_at(s, run, "d|2", 1, 2, 3, 2, "ann", NULL, v(s, run, "d|2"), &tid, &e), 0);
	assert_int_equal(xp_db_tadd_at(a, ra, "d|2", 1, 2, 3, 2, "ann", NULL, v(a, ra, "d|2"), &tid, &e), 0);
	xp_edit shorter = {XP_MODIFY, "d|1", 0, 3, 5, "bob", NULL};
	assert_int_equal(xp_db_edit(s, run, &shorter, &e), 0);
	ann_and_bob(s, run);
	char *sa = version_of(s, run, "ann"), *ea = conll_of(a, ra);
	assert_string_equal(sa, ea);
	free(sa), free(ea);
	close_store(0, s), close_store(1, a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(relink_is_replayed),
		cmocka_unit_test(every_kind_is_replayed),
		cmocka_unit_test(target_only_annotator),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
