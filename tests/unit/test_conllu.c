/* tests/unit/test_conllu.c — CorefUD: Entity brackets, multiword tokens,
 * empty nodes, discontinuous mentions, exact round trips, CoNLL-2012 <->
 * CorefUD, errors. */
#include "testutil.h"
#include "base/file.h"
#include "io/conll.h"
#include "io/conllu.h"

#define CU FIX("conllu/corefud.conllu")

static const xp_mention *mention_at(const xp_doc *d, uint32_t u, uint32_t s, uint32_t e)
{
	for (size_t i = 0; i < d->nmentions; i++)
		if (d->mentions[i].utt == u && d->mentions[i].start == s && d->mentions[i].end == e)
			return &d->mentions[i];
	return NULL;
}

static long long label_at(const xp_doc *d, uint32_t u, uint32_t s, uint32_t e)
{
	const xp_mention *m = mention_at(d, u, s, e);
	return m ? d->clusters[m->cluster].label : -1;
}

static void reads(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(CU, NULL, &c);
	assert_int_equal(c.ndocs, 2);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "doc1");
	assert_int_equal(d->nutts, 3);
	/* the multiword token du is its words de le; the empty node is no word */
	assert_string_equal(d->utts[1].text, "Ils allaient de le lac .");
	assert_string_equal(d->utts[1].speaker, "Ana");
	assert_string_equal(d->utts[0].speaker, "");
	assert_int_equal(d->utts[1].line, 17);
	assert_int_equal(label_at(d, 0, 0, 1), 1);         /* (e1-person-1) */
	assert_int_equal(label_at(d, 0, 2, 3), 2);
	assert_int_equal(label_at(d, 0, 0, 3), 3);         /* e3[1/2] .. e3[2/2]: covering span */
	assert_int_equal(label_at(d, 0, 5, 7), 4);         /* (e4 .. e4) */
	assert_int_equal(label_at(d, 1, 0, 1), 3);
	assert_int_equal(label_at(d, 1, 3, 5), 6);         /* over the multiword token's words */
	assert_int_equal(label_at(d, 2, 0, 3), 7);         /* nested, opened on one word */
	assert_int_equal(label_at(d, 2, 0, 1), 2);
	assert_int_equal(label_at(d, 2, 5, 6), 1);
	assert_int_equal(d->nmentions, 9);                 /* e5 on the empty node only: dropped */
	assert_int_equal(d->mentions[0].line, 5);
	/* global.Entity = etype-eid-head; c5 is not eN: a number above e9 */
	const xp_doc *d2 = &c.docs[1];
	assert_string_equal(d2->id, "doc2");
	assert_int_equal(label_at(d2, 0, 4, 5), 9);
	assert_int_equal(label_at(d2, 0, 0, 1), 10);
	assert_int_equal(label_at(d2, 0, 2, 3), 10);
	xp_corefud_tally t;
	xp_corefud_tally_of(&c, &t);
	assert_int_equal(t.documents, 2);
	assert_int_equal(t.discontinuous, 1);
	assert_int_equal(t.zero, 1);
	assert_int_equal(t.split_ante, 2);
	assert_int_equal(t.bridge, 1);
	xp_corpus_free(&c);
}

static char *slurp(const char *path, size_t *n)
{
	char *b;
	xp_err e;
	assert_int_equal(xp_read_file(path, &b, n, &e), 0);
	return b;
}

static void exact_round_trip(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	size_t n;
	char *want = slurp(CU, &n);
	load_ok(CU, NULL, &c);
	xp_buf b = {0};
	assert_int_equal(xp_conllu_write(&b, &c, &e), 0);
	assert_int_equal(b.n, n);
	assert_memory_equal(b.p, want, n);
	xp_buf_free(&b);

	/* a mention taken away: only its sentence's Entity values change */
	xp_doc *d = &c.docs[0];
	const xp_mention *lee = mention_at(d, 2, 0, 1);
	size_t k = (size_t)(lee - d->mentions);
	d->clusters[lee->cluster].nmentions--;
	memmove(d->mentions + k, d->mentions + k + 1, (d->nmentions - k - 1) * sizeof *d->mentions);
	d->nmentions--;
	assert_int_equal(xp_conllu_write(&b, &c, &e), 0);
	xp_buf_putc(&b, '\0');
	const char *s3 = strstr(b.p, "# sent_id = doc1-3");
	assert_non_null(s3);
	assert_memory_equal(b.p, want, (size_t)(s3 - b.p));   /* sentences 1 and 2 as they were */
	assert_non_null(strstr(s3, "1\tLee\tLee\tPROPN\t_\t_\t3\tnmod:poss\t3:nmod:poss\tEntity=(e7|SpaceAfter=No\n"));
	assert_non_null(strstr(s3, "6\tKim\tKim\tPROPN\t_\t_\t4\tobl\t4:obl\tEntity=(e1)|SpaceAfter=No\n"));
	assert_non_null(strstr(s3, "\tEntity=(person-c5-1)\n"));  /* doc2 untouched */
	xp_buf_free(&b);
	xp_corpus_free(&c);
	free(want);
}

/* CoNLL-2012 -> CorefUD -> CoNLL-2012: the same model, the same bytes;
 * and the CorefUD xproj writes reads back to itself */
static void conll_both_ways(void **state)
{
	(void)state;
	const char *files[] = {FIX("project/en.conll"), FIX("conll/minimal_tabs.conll")};
	for (size_t f = 0; f < 2; f++) {
		xp_corpus a = {0}, b = {0}, c = {0};
		xp_err e;
		load_ok(files[f], NULL, &a);
		xp_buf u = {0}, k1 = {0}, k2 = {0}, u2 = {0};
		assert_int_equal(xp_conllu_write(&u, &a, &e), 0);
		assert_int_equal(xp_read_corpus_mem("x.conllu", u.p, u.n, XP_FMT_AUTO, NULL, &b, &e), 0);
		assert_same_corpus(&a, &b);
		xp_conll_write(&k1, &a);
		xp_conll_write(&k2, &b);
		assert_int_equal(k1.n, k2.n);
		assert_memory_equal(k1.p, k2.p, k1.n);
		/* the read-back's sentences keep their text: written as they were */
		assert_int_equal(xp_conllu_write(&u2, &b, &e), 0);
		assert_int_equal(u.n, u2.n);
		assert_memory_equal(u.p, u2.p, u.n);
		/* and without a telling name, the content says CoNLL-U */
		assert_int_equal(xp_read_corpus_mem("-", u.p, u.n, XP_FMT_AUTO, NULL, &c, &e), 0);
		assert_int_equal(c.ndocs, a.ndocs);
		xp_buf_free(&u);
		xp_buf_free(&u2);
		xp_buf_free(&k1);
		xp_buf_free(&k2);
		xp_corpus_free(&a);
		xp_corpus_free(&b);
		xp_corpus_free(&c);
	}
}

static int read_str(const char *s, const xp_read_opts *o, xp_corpus *c, xp_err *e)
{
	return xp_read_corpus_mem("t.conllu", s, strlen(s), XP_FMT_CONLLU, o, c, e);
}

#define L(id, form, misc) id "\t" form "\t_\t_\t_\t_\t_\t_\t_\t" misc "\n"

static void empty_nodes_and_parts(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	/* opened on an empty node, closed on a word: the words in between */
	const char *s = "# newdoc id = z\n" L("1", "a", "_") L("1.1", "_", "Entity=(e1") L("2", "b", "_")
		L("3", "c", "Entity=e1)") L("3.1", "_", "Entity=(e2)") L("4", "d", "Entity=(e3[1/3])")
		L("5", "e", "Entity=(e3[2/3])") L("6", "f", "Entity=(e3[3/3])") "\n";
	assert_int_equal(read_str(s, NULL, &c, &e), 0);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "z");
	assert_int_equal(d->nmentions, 2);
	assert_int_equal(label_at(d, 0, 1, 3), 1);
	assert_int_equal(label_at(d, 0, 3, 6), 3);
	xp_corefud_tally t;
	xp_corefud_tally_of(&c, &t);
	assert_int_equal(t.zero, 1);
	assert_int_equal(t.discontinuous, 1);
	xp_corpus_free(&c);
	/* no newdoc: the file's stem names the document */
	c = (xp_corpus){0};
	const char *one = L("1", "a", "Entity=(e4)") "\n";
	assert_int_equal(xp_read_corpus_mem("dir/talk.conllu", one, strlen(one), XP_FMT_AUTO, NULL, &c, &e), 0);
	assert_string_equal(c.docs[0].id, "talk");
	xp_corpus_free(&c);
}

static void errors(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	/* a mention may not leave its sentence */
	assert_int_equal(xp_read_corpus(FIX("conllu/unclosed.conllu"), XP_FMT_AUTO, NULL, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "does not close in its sentence"));
	xp_corpus_free(&c);
	/* --repair drops it, and the closing bracket of the next sentence */
	c = (xp_corpus){0};
	xp_diags dg = {0};
	xp_read_opts o = {.repair = 1, .diags = &dg};
	assert_int_equal(xp_read_corpus(FIX("conllu/unclosed.conllu"), XP_FMT_AUTO, &o, &c, &e), 0);
	assert_int_equal(c.docs[0].nmentions, 0);
	assert_int_equal(dg.n, 2);
	assert_non_null(strstr(dg.v[1].msg, "closes no open mention"));
	xp_diags_free(&dg);
	xp_corpus_free(&c);
	/* nine columns */
	c = (xp_corpus){0};
	assert_int_equal(xp_read_corpus(FIX("conllu/columns.conllu"), XP_FMT_AUTO, NULL, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "9 column(s), not 10"));
	xp_corpus_free(&c);
	/* a later part without the one before it; a bad part suffix */
	c = (xp_corpus){0};
	assert_int_equal(read_str(L("1", "a", "Entity=(e1[2/2])") "\n", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "part 2 of 2 without part 1"));
	xp_corpus_free(&c);
	c = (xp_corpus){0};
	assert_int_equal(read_str(L("1", "a", "Entity=(e1[3/2])") "\n", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "bad entity id"));
	xp_corpus_free(&c);
	c = (xp_corpus){0};
	assert_int_equal(read_str(L("1", "a", "Entity=(e1[1/2])") "\n", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "part 2 of 2 is missing"));
	xp_corpus_free(&c);
	c = (xp_corpus){0};
	assert_int_equal(read_str(L("1", "a", "_") L("3.1", "_", "_") "\n", NULL, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "empty node '3.1' after word 1"));
	xp_corpus_free(&c);
	/* global.Entity is the document's: a different one later is refused */
	c = (xp_corpus){0};
	assert_int_equal(read_str("# newdoc id = g\n" L("1", "a", "Entity=(e1)") "\n# global.Entity = etype-eid\n"
				  L("1", "b", "Entity=(x-e1)") "\n", NULL, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "after the document's first sentence"));
	xp_corpus_free(&c);
	assert_int_equal(xp_format_named("corefud"), XP_FMT_CONLLU);
	assert_int_equal(xp_format_of_path("a.conllu.gz"), XP_FMT_CONLLU);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads),
		cmocka_unit_test(exact_round_trip),
		cmocka_unit_test(conll_both_ways),
		cmocka_unit_test(empty_nodes_and_parts),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests_name("conllu", tests, NULL, NULL);
}
