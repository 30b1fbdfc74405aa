/* tests/unit/test_mmax2.c — MMAX2: a directory of documents, the policy for
 * discontinuous and cross-sentence markables, sets, entities, errors. */
#include "testutil.h"
#include "io/mmax2.h"

#define GOOD FIX("mmax2_corpus/good")

static const xp_mention *mention_at(const xp_doc *d, uint32_t u, uint32_t s, uint32_t e)
{
	for (size_t i = 0; i < d->nmentions; i++)
		if (d->mentions[i].utt == u && d->mentions[i].start == s && d->mentions[i].end == e)
			return &d->mentions[i];
	return NULL;
}

static void directory(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_diags dg = {0};
	xp_read_opts o = {.diags = &dg};
	assert_true(xp_mmax2_is(GOOD));
	assert_true(xp_mmax2_is(GOOD "/t1.mmax"));
	assert_false(xp_mmax2_is(FIX("conll")));
	load_ok(GOOD, &o, &c);
	assert_int_equal(c.ndocs, 2);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "t1");            /* by file name */
	assert_string_equal(c.docs[1].id, "t2");
	assert_int_equal(d->part, 0);
	/* sentences in word order, not in the level file's order */
	assert_int_equal(d->nutts, 3);
	assert_string_equal(d->utts[0].text, "The A students and the D students met .");
	/* XML entities decoded */
	assert_string_equal(d->utts[1].text, "They liked Tom & \"Jerry\" .");
	assert_string_equal(d->utts[1].speaker, "");

	/* discontinuous in one sentence: its covering span */
	const xp_mention *m = mention_at(d, 0, 0, 7);
	assert_non_null(m);
	assert_int_equal(d->clusters[m->cluster].label, 3);
	/* same set, nested, and the pronoun of another sentence */
	assert_int_equal(mention_at(d, 0, 0, 3)->cluster, m->cluster);
	assert_int_equal(mention_at(d, 1, 0, 1)->cluster, m->cluster);
	assert_int_equal(d->clusters[m->cluster].nmentions, 3);
	/* a set of one, coref_class="empty", no coref_class: singletons */
	const xp_mention *tom = mention_at(d, 1, 2, 3), *jerry = mention_at(d, 1, 4, 5), *it = mention_at(d, 2, 0, 1);
	assert_non_null(tom);
	assert_non_null(jerry);
	assert_non_null(it);
	assert_int_equal(d->clusters[tom->cluster].nmentions, 1);
	assert_int_equal(d->clusters[jerry->cluster].nmentions, 1);
	assert_int_equal(d->clusters[it->cluster].nmentions, 1);
	assert_int_not_equal(jerry->cluster, it->cluster);
	/* a class that is not set_N gets a number above every N */
	const xp_mention *fun = mention_at(d, 2, 2, 3);
	assert_non_null(fun);
	assert_true(d->clusters[fun->cluster].label > 9);
	/* across sentences: dropped (both); the duplicate counted once */
	const xp_mention *vp = mention_at(d, 1, 1, 5);
	assert_non_null(vp);
	assert_int_equal(d->clusters[vp->cluster].label, 9);
	assert_int_equal(d->clusters[vp->cluster].nmentions, 1);
	assert_int_equal(d->nmentions, 8);
	assert_int_equal(dg.n, 1);
	assert_non_null(strstr(dg.v[0].msg, "duplicate"));

	xp_mmax2_tally t;
	xp_mmax2_tally_of(&c, &t);
	assert_int_equal(t.documents, 2);
	assert_int_equal(t.markables, 13);
	assert_int_equal(t.chains, 5);          /* set_3 set_7 set_9 episode set_1 */
	assert_int_equal(t.unclassed, 2);
	assert_int_equal(t.discontinuous, 2);
	assert_int_equal(t.cross_sentence, 2);
	xp_diags_free(&dg);
	xp_corpus_free(&c);
}

static void one_file_and_formats(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	load_ok(GOOD "/t2.mmax", NULL, &c);
	assert_int_equal(c.ndocs, 1);
	assert_string_equal(c.docs[0].id, "t2");
	assert_int_equal(c.docs[0].nmentions, 2);
	assert_int_equal(c.docs[0].nclusters, 1);
	assert_int_equal(xp_format_of_path("x/t2.mmax"), XP_FMT_MMAX2);
	assert_int_equal(xp_format_named("mmax2"), XP_FMT_MMAX2);
	/* read only, and only from files */
	assert_int_not_equal(xp_write_corpus("/tmp/never.mmax", XP_FMT_MMAX2, &c, &e), 0);
	assert_int_equal(e.code, XP_EUSAGE);
	assert_int_equal(xp_read_corpus_mem("-", "x", 1, XP_FMT_MMAX2, NULL, &c, &e), XP_EUSAGE);
	/* a directory without .mmax files, asked for as MMAX2 */
	assert_int_equal(xp_read_corpus(FIX("conll"), XP_FMT_MMAX2, NULL, &c, &e), XP_ENOTFOUND);
	xp_corpus_free(&c);
}

static void missing_file(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	assert_int_equal(xp_read_corpus(FIX("mmax2_corpus/missing"), XP_FMT_AUTO, NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.file, "a.mmax"));
	assert_non_null(strstr(e.msg, "a_words.xml"));
	xp_corpus_free(&c);
	/* --repair: the document is skipped, and said so */
	xp_corpus r = {0};
	xp_diags dg = {0};
	xp_read_opts o = {.repair = 1, .diags = &dg};
	load_ok(FIX("mmax2_corpus/missing"), &o, &r);
	assert_int_equal(r.ndocs, 1);
	assert_string_equal(r.docs[0].id, "b");
	assert_int_equal(dg.n, 1);
	assert_non_null(strstr(dg.v[0].msg, "--repair skips the document"));
	xp_diags_free(&dg);
	xp_corpus_free(&r);
}

/* one document from memory: words w1..wN, the given sentence and coref levels */
static int doc(const char *words, const char *sent, const char *coref, const xp_read_opts *o, xp_corpus *c,
	       xp_err *e)
{
	xp_mmax2_src w = {"w.xml", words, strlen(words)}, s = {"s.xml", sent, strlen(sent)},
		     k = {"c.xml", coref, strlen(coref)};
	return xp_mmax2_read_doc("d", &w, &k, &s, o, c, e);
}

#define WORDS4 "<words><word id='a'>one</word><word id='b'>two</word>\n<word id='c'>three</word><word id='d'>four</word></words>"
#define SENT2 "<markables><markable span='a..b'/>\n<markable span='c..d'/></markables>"

static void errors(void **state)
{
	(void)state;
	xp_err e;
	xp_corpus c = {0};
	/* a span naming no word, with its line */
	assert_int_equal(doc(WORDS4, SENT2, "<markables>\n<markable span='a..x' coref_class='set_1'/></markables>", NULL, &c, &e), XP_EINPUT);
	assert_string_equal(e.file, "c.xml");
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "names no word 'x'"));
	xp_corpus_free(&c);
	/* a range running backwards */
	c = (xp_corpus){0};
	assert_int_equal(doc(WORDS4, SENT2, "<markables><markable span='b..a'/></markables>", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "runs backwards"));
	xp_corpus_free(&c);
	/* not XML */
	c = (xp_corpus){0};
	assert_int_equal(doc(WORDS4, SENT2, "<markables><markable", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "malformed XML"));
	assert_int_equal(c.ndocs, 0);
	xp_corpus_free(&c);
	/* entities declared by the file itself are refused */
	c = (xp_corpus){0};
	assert_int_equal(doc("<!DOCTYPE words [<!ENTITY x 'xx'>]><words><word id='a'>&x;</word></words>",
			     "<markables/>", "<markables/>", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "declares XML entities"));
	xp_corpus_free(&c);
	/* an entity nobody declared is not read as nothing */
	c = (xp_corpus){0};
	assert_int_equal(doc("<!DOCTYPE words SYSTEM 'words.dtd'><words><word id='a'>caf&eacute;</word></words>",
			     "<markables><markable span='a'/></markables>", "<markables/>", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "undeclared entity &eacute;"));
	xp_corpus_free(&c);
	/* two words with one id */
	c = (xp_corpus){0};
	assert_int_equal(doc("<words><word id='a'>x</word><word id='a'>y</word></words>", "<markables/>",
			     "<markables/>", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "is there twice"));
	xp_corpus_free(&c);
}

static void sentences_repaired(void **state)
{
	(void)state;
	xp_err e;
	xp_corpus c = {0};
	/* words c, d in no sentence */
	const char *gap = "<markables><markable span='a..b'/></markables>";
	assert_int_equal(doc(WORDS4, gap, "<markables/>", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "words c to d are in no sentence"));
	xp_corpus_free(&c);
	c = (xp_corpus){0};
	xp_diags dg = {0};
	xp_read_opts o = {.repair = 1, .diags = &dg};
	assert_int_equal(doc(WORDS4, gap, "<markables><markable span='c..d' coref_class='set_2'/></markables>", &o, &c, &e), 0);
	assert_int_equal(c.docs[0].nutts, 2);
	assert_string_equal(c.docs[0].utts[1].text, "three four");
	assert_int_equal(c.docs[0].nmentions, 1);
	assert_int_equal(dg.n, 1);
	xp_corpus_free(&c);
	xp_diags_free(&dg);
	/* overlapping sentences: the later starts after the earlier; one
	 * inside another goes */
	c = (xp_corpus){0};
	dg = (xp_diags){0};
	const char *over = "<markables><markable span='a..c'/><markable span='b'/><markable span='b..d'/></markables>";
	assert_int_equal(doc(WORDS4, over, "<markables/>", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "overlaps the one before"));
	xp_corpus_free(&c);
	c = (xp_corpus){0};
	assert_int_equal(doc(WORDS4, over, "<markables/>", &o, &c, &e), 0);
	assert_int_equal(c.docs[0].nutts, 2);
	assert_string_equal(c.docs[0].utts[0].text, "one two three");
	assert_string_equal(c.docs[0].utts[1].text, "four");
	assert_int_equal(dg.n, 2);
	xp_corpus_free(&c);
	xp_diags_free(&dg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(directory),
		cmocka_unit_test(one_file_and_formats),
		cmocka_unit_test(missing_file),
		cmocka_unit_test(errors),
		cmocka_unit_test(sentences_repaired),
	};
	return cmocka_run_group_tests_name("mmax2", tests, NULL, NULL);
}
