/* tests/unit/test_sentalign.c — the n:m sentence alignment programme:
 * every link type, anchors changing a decision, confidence. */
#include "testutil.h"
#include "align/sentalign.h"

/* Sentences written as "w w w"; fillers of three lower-case letters carry
 * no anchor (too short for a cognate, not capitalised), so that only the
 * lengths and the words a test puts in decide. */
typedef struct side {
	xp_corpus c;
	xp_doc *d;
} side;

static void build(side *s, const char *const *sents, size_t n)
{
	memset(s, 0, sizeof *s);
	s->d = xp_corpus_add_doc(&s->c, "d", 1, 0);
	assert_non_null(s->d);
	for (size_t k = 0; k < n; k++) {
		const char *w[64];
		size_t len[64];
		uint32_t nw = 0;
		char tmp[1024];
		snprintf(tmp, sizeof tmp, "%s", sents[k]);
		for (char *t = strtok(tmp, " "); t && nw < 64; t = strtok(NULL, " "))
			w[nw] = t, len[nw] = strlen(t), nw++;
		assert_non_null(xp_doc_add_utt(&s->c, s->d, "", w, len, nw));
	}
}

/* the links as "ne:nt@e0" joined by spaces */
static void run(const char *const *en, size_t n, const char *const *tg, size_t m, int anchors, char *out,
		size_t cap, xp_salign_link **links, size_t *nl)
{
	side E, T;
	build(&E, en, n);
	build(&T, tg, m);
	xp_salign_opts o;
	xp_salign_defaults(&o);
	o.anchors = anchors;
	o.ratio = 1;   /* as pair gives it, from the whole corpus: a document's own total misleads when it drops sentences */
	assert_int_equal(xp_salign(E.d->utts, n, T.d->utts, m, &o, links, nl), 0);
	out[0] = 0;
	size_t at = 0;
	uint32_t e = 0, t = 0;
	for (size_t k = 0; k < *nl; k++) {
		const xp_salign_link *L = &(*links)[k];
		assert_int_equal(L->e0, e);   /* monotone, covering both sides */
		assert_int_equal(L->t0, t);
		e += L->ne, t += L->nt;
		assert_true(L->conf >= 0 && L->conf <= 1 + 1e-9);
		at += (size_t)snprintf(out + at, cap - at, "%s%u:%u", k ? " " : "", L->ne, L->nt);
	}
	assert_int_equal(e, n);
	assert_int_equal(t, m);
	xp_corpus_free(&E.c), xp_corpus_free(&T.c);
}

#define A10 "xxx xxx xxx xxx xxx xxx xxx xxx xxx xxx" /* 30 characters */
#define B10 "yyy yyy yyy yyy yyy yyy yyy yyy yyy yyy"

static void expect(const char *const *en, size_t n, const char *const *tg, size_t m, int anchors,
		   const char *want)
{
	char got[512];
	xp_salign_link *L;
	size_t nl;
	run(en, n, tg, m, anchors, got, sizeof got, &L, &nl);
	assert_string_equal(got, want);
	free(L);
}

static void test_one_to_one(void **st)
{
	(void)st;
	static const char *const en[] = {A10, A10 " " A10, A10};
	static const char *const tg[] = {B10, B10 " " B10, B10};
	char got[256];
	xp_salign_link *L;
	size_t nl;
	run(en, 3, tg, 3, 1, got, sizeof got, &L, &nl);
	assert_string_equal(got, "1:1 1:1 1:1");
	for (size_t k = 0; k < nl; k++)
		assert_true(L[k].conf > 0.9);
	free(L);
}

/* two English sentences of 30 characters make one of 60 */
static void test_merges(void **st)
{
	(void)st;
	static const char *const en[] = {A10 " " A10, A10, A10, A10 " " A10 " " A10};
	static const char *const tg[] = {B10 " " B10, B10 " " B10, B10 " " B10 " " B10};
	expect(en, 4, tg, 3, 1, "1:1 2:1 1:1");
	expect(tg, 3, en, 4, 1, "1:1 1:2 1:1");
	/* 2:2: neither sentence of a pair has its counterpart's length, together they do */
	static const char *const e3[] = {A10 " " A10 " " A10 " " A10, "xxx xxx xxx xxx xxx xxx xxx xxx",
					 A10 " " A10 " " A10};
	static const char *const t3[] = {"yyy yyy yyy yyy yyy yyy yyy yyy", B10 " " B10 " " B10 " " B10,
					 B10 " " B10 " " B10};
	expect(e3, 3, t3, 3, 1, "2:2 1:1");
}

/* a sentence the translation lacks (1:0), and one it adds (0:1): too long
 * to hide in a neighbour's link (a short one would: Gale and Church's
 * priors make 2:1 nine times as likely as 1:0) */
static void test_nulls(void **st)
{
	(void)st;
	static const char *const en[] = {A10 " " A10, A10 " " A10 " " A10, A10 " " A10};
	static const char *const tg[] = {B10 " " B10, B10 " " B10};
	expect(en, 3, tg, 2, 1, "1:1 1:0 1:1");
	expect(tg, 2, en, 3, 1, "1:1 0:1 1:1");
	/* every sentence alone on one side: no link to anything */
	expect(en, 1, tg, 0, 1, "1:0");
	expect(en, 0, tg, 1, 1, "0:1");
	expect(en, 0, tg, 0, 1, "");
}

/* Length alone links E1E2 to T1 (57 to 69 characters) and E3 to T2 (30 to
 * 24); two figures that E2 and T2 both write move E2 to T2, and E3 is then
 * left alone (E2E3, 57 characters, is no match for T2's 24). */
static void test_anchors_decide(void **st)
{
	(void)st;
	static const char *const en[] = {A10, "xxx xxx xxx 1984 xxx xxx xxx 42 xxx", A10};
	static const char *const tg[] = {B10 " " B10 " yyy yyy yyy", "yyy yyy yyy 1984 yyy yyy yyy 42"};
	expect(en, 3, tg, 2, 0, "2:1 1:1");
	expect(en, 3, tg, 2, 1, "1:1 1:1 1:0");
	/* names and cognates do the same, more weakly: enough when length is
	 * undecided (E2 could go with either target sentence) */
	static const char *const e2[] = {A10, "xxx Kahneman xxx xxx colonoscopy xxx xxx xxx", A10};
	static const char *const t2[] = {B10 " yyy yyy yyy yyy yyy", "yyy Kahneman yyy coloscopie yyy yyy yyy yyy yyy yyy yyy"};
	char got[128];
	xp_salign_link *L;
	size_t nl;
	run(e2, 3, t2, 2, 1, got, sizeof got, &L, &nl);
	assert_string_equal(got, "1:1 2:1");
	free(L);
}

/* A first pass's word pairs: kept when linked twice and holding enough of
 * their English word's links; as anchors they settle what length leaves
 * open, as a cognate would */
static void test_dictionary(void **st)
{
	(void)st;
	xp_salign_dict *d = xp_salign_dict_new();
	assert_non_null(d);
	assert_int_equal(xp_salign_dict_count(d, "house", 5, "maison", 6), 0);
	assert_int_equal(xp_salign_dict_count(d, "House", 5, "maison", 6), 0);   /* folded: the same pair */
	assert_int_equal(xp_salign_dict_count(d, "dog", 3, "chien", 5), 0);      /* once only */
	assert_int_equal(xp_salign_dict_count(d, "a", 1, "un", 2), 0);           /* too short, not counted */
	assert_int_equal(xp_salign_dict_finish(d, 2), 1);
	/* E2 could go with T1 or T2 alike (56 characters for 42 and 30 for 42
	 * either way): where "maison" stands, "house" goes */
	static const char *const en[] = {A10, "xxx xxx xxx house xxx xxx xxx", A10};
	static const char *const t2[] = {B10 " yyy yyy yyy yyy", "yyy yyy maison yyy yyy yyy yyy yyy yyy yyy yyy yyy yyy"};
	static const char *const t1[] = {"yyy yyy maison yyy yyy yyy yyy yyy yyy yyy yyy yyy yyy", B10 " yyy yyy yyy yyy"};
	for (int k = 0; k < 2; k++) {
		side E, T;
		build(&E, en, 3);
		build(&T, k ? t1 : t2, 2);
		xp_salign_opts o;
		xp_salign_defaults(&o);
		o.ratio = 1;
		o.dict = d;
		xp_salign_link *L;
		size_t nl;
		assert_int_equal(xp_salign(E.d->utts, 3, T.d->utts, 2, &o, &L, &nl), 0);
		assert_int_equal(nl, 2);
		assert_int_equal(L[0].ne, k ? 2 : 1);   /* E2 with the sentence that says "maison" */
		assert_int_equal(L[1].ne, k ? 1 : 2);
		free(L);
		xp_corpus_free(&E.c), xp_corpus_free(&T.c);
	}
	xp_salign_dict_free(d);
}

/* the confidence is the link's posterior: a clear link is sure, two
 * equally good readings share it */
static void test_confidence(void **st)
{
	(void)st;
	static const char *const en[] = {A10, A10, A10 " " A10};
	static const char *const tg[] = {B10 " " B10, B10 " " B10};
	char got[128];
	xp_salign_link *L;
	size_t nl;
	run(en, 3, tg, 2, 0, got, sizeof got, &L, &nl);
	assert_string_equal(got, "2:1 1:1");
	assert_true(L[0].conf > 0.9 && L[1].conf > 0.9);
	free(L);
	/* one target sentence for two English ones of its length: 1:1 1:0 and
	 * 1:0 1:1 are mirror images, and 2:1 (60 characters for 30) is worse */
	static const char *const e2[] = {A10, A10};
	static const char *const t2[] = {B10};
	run(e2, 2, t2, 1, 0, got, sizeof got, &L, &nl);
	assert_int_equal(nl, 2);
	assert_true(L[0].conf > 0.3 && L[0].conf < 0.6);
	assert_true(L[1].conf > 0.3 && L[1].conf < 0.6);
	free(L);
}

static void test_too_long(void **st)
{
	(void)st;
	size_t n = 4000;
	xp_utt *u = calloc(n, sizeof *u);
	xp_salign_opts o;
	xp_salign_defaults(&o);
	xp_salign_link *L = NULL;
	size_t nl = 7;
	assert_int_equal(xp_salign(u, n, u, n, &o, &L, &nl), -2);
	assert_null(L);
	assert_int_equal(nl, 0);
	free(u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_to_one), cmocka_unit_test(test_merges),      cmocka_unit_test(test_nulls),
		cmocka_unit_test(test_anchors_decide), cmocka_unit_test(test_dictionary), cmocka_unit_test(test_confidence),
		cmocka_unit_test(test_too_long),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
