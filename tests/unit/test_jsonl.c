/* tests/unit/test_jsonl.c — HOI jsonlines: word files, subtoken files, errors, round trips. */
#include "testutil.h"
#include "io/conll.h"
#include "io/json.h"
#include "io/jsonl.h"

static void word_file(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("jsonl/words.jsonlines"), NULL, &c);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "ep1");
	assert_int_equal(d->part, 3);
	assert_int_equal(d->nutts, 2);
	assert_string_equal(d->utts[1].speaker, "Rachel Green");
	assert_string_equal(d->utts[1].text, "You do ?");
	assert_int_equal(d->nmentions, 3);
	assert_int_equal(d->mentions[1].utt, 0);       /* "know": [1,2) of sentence 0 */
	assert_int_equal(d->mentions[1].start, 1);
	assert_int_equal(d->mentions[1].end, 2);
	assert_int_equal(d->mentions[2].utt, 1);
	assert_int_equal(d->mentions[2].cluster, 0);
	xp_corpus_free(&c);
}

static void subtoken_file(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("jsonl/subtok.512.jsonlines"), NULL, &c);
	const xp_doc *d = &c.docs[0];
	assert_string_equal(d->id, "s01e01c02t");
	assert_int_equal(d->part, 2);
	assert_int_equal(d->nutts, 2);
	/* the ZWNJ word has no subtoken but stays in its sentence */
	assert_string_equal(d->utts[0].text, "Hi Monica \xe2\x80\x8c ,");
	assert_string_equal(d->utts[0].speaker, "Joey");
	assert_string_equal(d->utts[1].speaker, "Ross");
	assert_int_equal(d->nmentions, 3);
	/* [1,4] subtokens = words 0..3 = sentence 0 tokens [0,4) */
	assert_int_equal(d->mentions[0].start, 0);
	assert_int_equal(d->mentions[0].end, 4);
	assert_int_equal(d->mentions[1].start, 1);     /* Monica */
	assert_int_equal(d->mentions[1].end, 2);
	assert_int_equal(d->mentions[2].utt, 1);       /* unbelievable */
	xp_corpus_free(&c);
}

static void subtoken_file_without_tokens(void **state)
{
	(void)state;
	xp_corpus c = {0};
	load_ok(FIX("jsonl/subtok_notokens.jsonlines"), NULL, &c);
	const xp_doc *d = &c.docs[0];
	assert_int_equal(d->nutts, 2);
	assert_string_equal(d->utts[0].text, "Hi Monica ,");
	assert_string_equal(d->utts[1].text, "unbelievable !");
	assert_int_equal(d->nmentions, 2);
	assert_int_equal(d->mentions[1].utt, 1);
	assert_int_equal(d->mentions[1].start, 0);
	assert_int_equal(d->mentions[1].end, 1);
	xp_corpus_free(&c);
}

static void errors_name_the_line(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e = {0};
	assert_int_equal(xp_read_corpus(FIX("jsonl/bad.jsonlines"), XP_FMT_AUTO, NULL, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	xp_corpus_free(&c);

	xp_diags dg = {0};
	xp_read_opts o = {.keep_going = 1, .diags = &dg};
	xp_corpus k = {0};
	load_ok(FIX("jsonl/bad.jsonlines"), &o, &k);
	assert_int_equal(k.ndocs, 1);                   /* the bad documents are skipped */
	assert_int_equal(dg.nproblems, 3);
	assert_int_equal(dg.v[0].line, 2);
	assert_int_equal(dg.v[1].line, 3);
	assert_non_null(strstr(dg.v[1].msg, "not a valid"));
	assert_int_equal(dg.v[2].line, 4);
	assert_non_null(strstr(dg.v[2].msg, "sentence boundary"));
	xp_diags_free(&dg);
	xp_corpus_free(&k);
}

/* CoNLL -> jsonlines -> model is the same model, ids included */
static void roundtrip(const char *path)
{
	xp_read_opts o = {.repair = 1};
	xp_corpus a = {0}, b = {0};
	load_ok(path, &o, &a);
	xp_buf out = {0};
	xp_err e;
	assert_int_equal(xp_jsonl_write(&out, &a, &e), 0);
	assert_int_equal(xp_jsonl_read("mem", out.p, out.n, NULL, &b, &e), 0);
	assert_same_corpus(&a, &b);
	xp_buf_free(&out);
	xp_corpus_free(&a);
	xp_corpus_free(&b);
}

static void roundtrips(void **state)
{
	(void)state;
	roundtrip(FIX("conll/mmc_traps.conll"));
	roundtrip(FIX("conll/minimal_tabs.conll"));
	roundtrip(FIX("conll/nested.conll"));
	roundtrip(FIX("conll/ontonotes_crlf_bom.conll"));
	roundtrip(FIX("jsonl/subtok.512.jsonlines"));
}

/* ids that are not document order (a projected document) survive jsonlines */
static void ids_survive(void **state)
{
	(void)state;
	xp_corpus a = {0}, b = {0};
	load_ok(FIX("jsonl/words.jsonlines"), NULL, &a);
	for (size_t m = 0; m < a.docs[0].nmentions; m++)
		a.docs[0].mentions[m].id = (uint32_t)(100 + 7 * m);
	xp_buf out = {0};
	xp_err e;
	assert_int_equal(xp_jsonl_write(&out, &a, &e), 0);
	assert_int_equal(xp_jsonl_read("mem", out.p, out.n, NULL, &b, &e), 0);
	assert_same_corpus(&a, &b);
	xp_buf_free(&out);
	xp_corpus_free(&a);
	xp_corpus_free(&b);
}

static void doc_keys(void **state)
{
	(void)state;
	size_t n;
	int part;
	xp_split_doc_key("s07e01c00t_13", &n, &part);
	assert_int_equal(n, 10);
	assert_int_equal(part, 13);
	xp_split_doc_key("bc/cctv/00/cctv_0000_0", &n, &part);
	assert_int_equal(n, strlen("bc/cctv/00/cctv_0000"));
	assert_int_equal(part, 0);
	xp_split_doc_key("plain", &n, &part);
	assert_int_equal(n, 5);
	assert_int_equal(part, 0);
	xp_split_doc_key("_7", &n, &part);            /* no id before the part: all id */
	assert_int_equal(n, 2);
}

/* a whole JSON document (io/json.h): a BOM skipped, errors with file:line */
static void json_document(void **state)
{
	(void)state;
	xp_err e;
	const char ok[] = "\xEF\xBB\xBF{\"a\": 1}";
	json_t *j = xp_json_parse("m.json", ok, sizeof ok - 1, 0, "a model", &e);
	assert_non_null(j);
	assert_int_equal(json_integer_value(json_object_get(j, "a")), 1);
	json_decref(j);
	const char bad[] = "{\"a\": 1,\n\"b\": }";
	assert_null(xp_json_parse("m.json", bad, sizeof bad - 1, 0, "a model", &e));
	assert_int_equal(e.code, XP_EINPUT);
	assert_string_equal(e.file, "m.json");
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "not a model: "));
	const char dup[] = "{\"a\": 1,\n\"a\": 2}";
	assert_null(xp_json_parse("m.json", dup, sizeof dup - 1, JSON_REJECT_DUPLICATES, "a model", &e));
	assert_non_null(strstr(e.msg, "the key '\"a\"' is given twice"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(word_file),
		cmocka_unit_test(subtoken_file),
		cmocka_unit_test(subtoken_file_without_tokens),
		cmocka_unit_test(errors_name_the_line),
		cmocka_unit_test(roundtrips),
		cmocka_unit_test(ids_survive),
		cmocka_unit_test(doc_keys),
		cmocka_unit_test(json_document),
	};
	return cmocka_run_group_tests_name("jsonl", tests, NULL, NULL);
}
