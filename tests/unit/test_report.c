/* tests/unit/test_report.c — the projection report read back (io/report.h):
 * versions 4, 3 and 2, JSON Lines (3: sparse features by name; 4: the
 * totals in a last line), whole and a document at a time, from text and
 * from a file (gzip too); version 1, one object, on one line or many; and
 * what a report cut short (version 4: without its end line), grown, of a
 * later version or with a line that is not JSON is refused with.  Also the
 * streamed output it is written through (base/outputs.h,
 * xp_outputs_stream): nothing is left when it fails; and project's report
 * of tests/fixtures/project read back, whole and cut, with each document's
 * text_hash and out_hash. */
#include "testutil.h"
#include "base/buf.h"
#include "base/outputs.h"
#include "io/aligned.h"
#include "io/bitext.h"
#include "io/report.h"
#include "io/walign.h"
#include "project/project.h"

#include <sys/stat.h>

#define M(id, utt, fate) "{\"id\":" #id ",\"cluster\":" #id ",\"en\":[" #utt ",0,1],\"tgt\":[" #utt ",0,1]," \
			 "\"fate\":\"" fate "\",\"conf\":0.5,\"f\":[1.0,0.25]}"
#define DOC_A "{\"mentions\":2,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0,1],\"detail\":[" M(0, 0, "projected") "," \
	      M(1, 1, "unaligned") "]}"
#define DOC_B "{\"mentions\":1,\"doc\":\"b\",\"part\":1,\"tgt_to_en\":[0],\"detail\":[" M(7, 0, "projected") "]}"
#define HEAD_BODY "\"mentions\":3,\"lang\":\"zh\",\"features\":[\"x\",\"y\"],\"settings\":{\"rule\":\"minmax\",\"chars\":true}"

static const char V2[] = "{\"version\":2," HEAD_BODY ",\"documents\":2}\n" DOC_A "\n" DOC_B "\n";
/* version 3: the features not 0, by name; whole numbers as integers */
#define M3(id, utt, fate) "{\"id\":" #id ",\"cluster\":" #id ",\"en\":[" #utt ",0,1],\"tgt\":[" #utt ",0,1]," \
			  "\"fate\":\"" fate "\",\"conf\":0.5,\"f\":{\"x\":1,\"y\":0.25}}"
#define DOC3_A "{\"mentions\":2,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0,1],\"detail\":[" M3(0, 0, "projected") "," \
	       "{\"id\":1,\"cluster\":1,\"en\":[1,0,1],\"tgt\":[1,0,1],\"fate\":\"unaligned\",\"conf\":0.5,\"f\":{}}]}"
#define DOC3_B "{\"mentions\":1,\"doc\":\"b\",\"part\":1,\"tgt_to_en\":[0],\"detail\":[" M3(7, 0, "projected") "]}"
static const char V3[] = "{\"version\":3," HEAD_BODY ",\"documents\":2}\n" DOC3_A "\n" DOC3_B "\n";
/* version 4: version 3's documents, the header without the totals, which
 * the end line holds */
#define HEAD4 "{\"version\":4,\"lang\":\"zh\",\"features\":[\"x\",\"y\"],\"settings\":{\"rule\":\"minmax\",\"chars\":true}}\n"
#define END4(n) "{\"end\":true,\"mentions\":3,\"documents\":" #n "}\n"
static const char V4[] = HEAD4 DOC3_A "\n" DOC3_B "\n" END4(2);
static const char V1[] = "{" HEAD_BODY ",\"documents\":[" DOC_A "," DOC_B "]}\n";
static const char *const FEATS[] = {"y", "x"};

static void same_items(const xp_report *r)
{
	assert_string_equal(r->lang, "zh");
	assert_string_equal(r->rule, "minmax");
	assert_int_equal(r->chars, 1);
	assert_int_equal(r->ndocs, 2);
	assert_int_equal(r->n, 3);
	assert_string_equal(r->docs[1].id, "b");
	assert_int_equal(r->docs[1].part, 1);
	assert_int_equal(r->docs[1].first, 2);
	assert_int_equal(r->items[1].fate, XP_NULL_UNALIGNED);
	assert_int_equal(r->items[2].id, 7);
	assert_int_equal(r->items[2].doc, 1);
	assert_true(r->items[2].feat[0] == 0.25f && r->items[2].feat[1] == 1.0f);   /* by the caller's names */
}

static void whole_either_version(void **state)
{
	(void)state;
	xp_err e = {0};
	xp_report r;
	assert_int_equal(xp_report_parse("r4", V4, strlen(V4), FEATS, 2, &r, &e), 0);
	same_items(&r);
	assert_true(r.items[1].feat[0] == 0 && r.items[1].feat[1] == 0);
	xp_report_free(&r);
	assert_int_equal(xp_report_parse("r3", V3, strlen(V3), FEATS, 2, &r, &e), 0);
	same_items(&r);
	assert_true(r.items[1].feat[0] == 0 && r.items[1].feat[1] == 0);   /* none named: all 0 */
	xp_report_free(&r);
	assert_int_equal(xp_report_parse("r2", V2, strlen(V2), FEATS, 2, &r, &e), 0);
	same_items(&r);
	xp_report_free(&r);
	assert_int_equal(xp_report_parse("r1", V1, strlen(V1), FEATS, 2, &r, &e), 0);
	same_items(&r);
	xp_report_free(&r);
	/* version 1 as an editor left it: on many lines */
	char pretty[sizeof V1 + 8];
	snprintf(pretty, sizeof pretty, "{\n  %s", V1 + 1);
	assert_int_equal(xp_report_parse("r1p", pretty, strlen(pretty), FEATS, 2, &r, &e), 0);
	same_items(&r);
	xp_report_free(&r);
}

/* one document at a time: each alone, index 0, with the header's fields */
static void streamed(void **state)
{
	(void)state;
	xp_err e = {0};
	xp_report_reader *rr;
	const xp_report *d;
	assert_int_equal(xp_report_open("r2", NULL, V2, strlen(V2), NULL, 0, &rr, &e), 0);
	assert_int_equal(xp_report_ndocs(rr), 2);
	assert_string_equal(xp_report_header(rr)->rule, "minmax");
	assert_int_equal(xp_report_next(rr, &d, &e), 1);
	assert_int_equal(d->ndocs, 1);
	assert_int_equal(d->n, 2);
	assert_string_equal(d->docs[0].id, "a");
	assert_string_equal(d->lang, "zh");
	assert_int_equal(d->chars, 1);
	assert_int_equal(xp_report_next(rr, &d, &e), 1);
	assert_int_equal(d->n, 1);
	assert_int_equal(d->docs[0].first, 0);
	assert_int_equal(d->items[0].id, 7);
	assert_int_equal(d->items[0].doc, 0);
	assert_int_equal(xp_report_next(rr, &d, &e), 0);
	xp_report_close(rr);
	/* version 4 counts its documents at its end */
	assert_int_equal(xp_report_open("r4", NULL, V4, strlen(V4), NULL, 0, &rr, &e), 0);
	assert_string_equal(xp_report_header(rr)->rule, "minmax");
	assert_int_equal(xp_report_next(rr, &d, &e), 1);
	assert_string_equal(d->docs[0].id, "a");
	assert_int_equal(xp_report_next(rr, &d, &e), 1);
	assert_string_equal(d->docs[0].id, "b");
	assert_int_equal(xp_report_ndocs(rr), 0);
	assert_int_equal(xp_report_next(rr, &d, &e), 0);
	assert_int_equal(xp_report_ndocs(rr), 2);
	assert_int_equal(xp_report_next(rr, &d, &e), 0);   /* and stays at its end */
	xp_report_close(rr);
}

static void refused(const char *text, int line, const char *what)
{
	xp_err e = {0};
	xp_report r;
	assert_int_equal(xp_report_parse("bad.json", text, strlen(text), NULL, 0, &r, &e), XP_EINPUT);
	assert_int_equal(r.n, 0);
	assert_int_equal(r.ndocs, 0);
	if (!strstr(e.msg, what) || (int)e.line != line)
		print_error("line %lu: %s (wanted line %d: %s)\n", e.line, e.msg, line, what);
	assert_non_null(strstr(e.msg, what));
	assert_int_equal(e.line, line);
}

/* refused when the features are read (calibrate, judge), on line 2 */
static void refused_feats(const char *text, const char *what)
{
	xp_err e = {0};
	xp_report r;
	assert_int_equal(xp_report_parse("bad.json", text, strlen(text), FEATS, 2, &r, &e), XP_EINPUT);
	if (!strstr(e.msg, what))
		print_error("%s (wanted: %s)\n", e.msg, what);
	assert_non_null(strstr(e.msg, what));
	assert_int_equal(e.line, 2);
}

static void refusals(void **state)
{
	(void)state;
	/* cut short after the first document, or one more than announced */
	refused("{\"version\":2,\"documents\":2}\n" DOC_A "\n", 3, "cut short: 1 documents of the 2");
	refused("{\"version\":2,\"documents\":1}\n" DOC_A "\n" DOC_B "\n", 3, "more documents than the 1");
	refused("{\"version\":5,\"documents\":0}\n", 1, "version 5");
	/* version 4: no end line (cut after a document, or after the header),
	 * one that miscounts, one cut inside, or text after it */
	refused(HEAD4 DOC3_A "\n" DOC3_B "\n", 4, "cut short: 2 documents and no end line");
	refused(HEAD4, 2, "cut short: 0 documents and no end line");
	refused(HEAD4 DOC3_A "\n" DOC3_B "\n" END4(3), 4, "its end line counts 3 documents, the report has 2");
	refused(HEAD4 DOC3_A "\n" DOC3_B "\n{\"end\":true,\"mentions\":3,\"docu", 4, "document 3 or the end line is not JSON");
	refused(HEAD4 DOC3_A "\n" DOC3_B "\n" END4(2) DOC3_B "\n", 5, "text after the report's end line");
	refused(HEAD4 DOC3_A "\n{\"end\":false,\"documents\":1}\n", 3, "not the end line");
	refused("{\"version\":2}\n", 1, "no \"documents\" count");
	refused("{\"version\":2,\"documents\":2}\n" DOC_A "\n{\"doc\":\n", 3, "document 2 is not JSON");
	refused("{\"version\":2,\"documents\":1}\n{\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[],\"detail\":[{}]}\n", 2,
		"document 1, mention 1: not a mention");
	/* version 3: a feature by a name the header does not list, one not a
	 * number, "f" as version 2's array */
	refused_feats("{\"version\":3,\"features\":[\"x\",\"y\"],\"documents\":1}\n{\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],"
		      "\"detail\":[{\"id\":0,\"cluster\":0,\"en\":[0,0,1],\"tgt\":null,\"fate\":\"unaligned\",\"conf\":0.5,"
		      "\"f\":{\"z\":1}}]}\n", "feature 'z' is not one of the report's \"features\"");
	refused_feats("{\"version\":3,\"features\":[\"x\",\"y\"],\"documents\":1}\n{\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],"
		      "\"detail\":[{\"id\":0,\"cluster\":0,\"en\":[0,0,1],\"tgt\":null,\"fate\":\"unaligned\",\"conf\":0.5,"
		      "\"f\":{\"y\":\"1\"}}]}\n", "feature 'y' is not a number");
	refused_feats("{\"version\":3,\"features\":[\"x\",\"y\"],\"documents\":1}\n{\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],"
		      "\"detail\":[{\"id\":0,\"cluster\":0,\"en\":[0,0,1],\"tgt\":null,\"fate\":\"unaligned\",\"conf\":0.5,"
		      "\"f\":[1.0,0.0]}]}\n", "\"f\" is not an object of features");
	/* version 1 cut short: jansson's reason, its line */
	refused("{\"mentions\": \n", 2, "not a projection report");
	refused("{\"lang\":\"zh\",\"documents\":[]}\n[]\n", 2, "text after its end");
}

typedef struct gen {
	const char *text;
	int fail_after;   /* pieces, then the generator fails (-1: never) */
} gen;

/* the report a line at a time, as project hands it out */
static int put_lines(void *ctx, xp_put_fn put, void *pctx)
{
	const gen *g = ctx;
	int k = 0;
	for (const char *p = g->text, *nl; *p; p = nl + 1, k++) {
		nl = strchr(p, '\n');
		if (k == g->fail_after)
			return -1;
		if (put(pctx, p, (size_t)(nl - p) + 1))
			return -1;
	}
	return 0;
}

static void from_files(void **state)
{
	(void)state;
	char dir[] = "/tmp/xp-report-XXXXXX", path[64], gz[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/r.json", dir);
	snprintf(gz, sizeof gz, "%s/r.json.gz", dir);
	xp_err e = {0};
	xp_outputs o = {0};
	gen g = {V2, -1};
	assert_int_equal(xp_outputs_stream(&o, path, put_lines, &g, &e), 0);
	assert_int_equal(xp_outputs_stream(&o, gz, put_lines, &g, &e), 0);
	assert_int_equal(xp_outputs_commit(&o, &e), 0);
	xp_report r;
	assert_int_equal(xp_report_load(path, FEATS, 2, &r, &e), 0);
	same_items(&r);
	xp_report_free(&r);
	assert_int_equal(xp_report_load(gz, FEATS, 2, &r, &e), 0);
	same_items(&r);
	xp_report_free(&r);
	/* a generator that fails after a line: the old file stays, nothing else */
	g.fail_after = 1;
	assert_int_equal(xp_outputs_stream(&o, path, put_lines, &g, &e), XP_ENOMEM);
	xp_outputs_abort(&o);
	assert_int_equal(xp_report_load(path, FEATS, 2, &r, &e), 0);
	assert_int_equal(r.n, 3);
	xp_report_free(&r);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) = 2", dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* project's own report of tests/fixtures/project: version 4, its end line
 * last, read back to the projection's mentions; without its end line, or
 * cut inside it, refused */
static void written_read(void **state)
{
	(void)state;
	xp_err e = {0};
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_walign wa = {0};
	uint32_t *line;
	xp_projection p;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	assert_int_equal(xp_read_corpus(FIX("project/en.conll"), XP_FMT_AUTO, NULL, &en, &e), 0);
	assert_int_equal(xp_aligned_read(FIX("project/aligned.jsonl"), &al, &e), 0);
	assert_int_equal(xp_pharaoh_read_file(FIX("project/pairs.pharaoh"), 0, &wa, &e), 0);
	assert_int_equal(xp_bitext_lines(&al, NULL, &line, wa.nsent, &e), 0);
	assert_int_equal(xp_project(&en, &al, &wa, line, &o, &p, &e), 0);
	xp_buf b = {0};
	assert_int_equal(xp_projection_report(&p, "{\"rule\":\"minmax\"}", &b), 0);
	xp_buf_putc(&b, '\0');
	assert_false(b.oom);
	b.n--;
	assert_int_equal(strncmp(b.p, "{\"version\":4,", 13), 0);
	assert_null(strstr(strchr(b.p, '\n'), "\"version\""));
	const char *end = b.p + b.n - 1;   /* the last line's start */
	while (end > b.p && end[-1] != '\n')
		end--;
	char want[64];
	snprintf(want, sizeof want, "{\"end\":true,\"mentions\":%zu,", p.n);
	assert_int_equal(strncmp(end, want, strlen(want)), 0);
	snprintf(want, sizeof want, ",\"documents\":%zu}\n", p.ndocs);
	assert_int_equal(strcmp(b.p + b.n - strlen(want), want), 0);
	xp_report r;
	assert_int_equal(xp_report_parse("w.json", b.p, b.n, NULL, 0, &r, &e), 0);
	assert_int_equal(r.n, p.n);
	assert_int_equal(r.ndocs, p.ndocs);
	assert_string_equal(r.rule, "minmax");
	for (size_t k = 0; k < p.n; k++) {
		assert_int_equal(r.items[k].id, p.m[k].id);
		assert_int_equal(r.items[k].fate, p.m[k].fate);
		assert_true(fabs(r.items[k].conf - p.m[k].conf) < 1e-3);
	}
	/* each document's hashes: of the text it was projected from, and of
	 * the target sentences written; one token other, another hash (the
	 * boundary counts: two tokens joined are not the same text) */
	xp_vocab keys;
	assert_int_equal(xp_aligned_index(&al, "a", &keys, &e), 0);
	for (size_t d = 0; d < r.ndocs; d++) {
		assert_true(r.docs[d].has_text_hash && r.docs[d].has_out_hash);
		assert_true(r.docs[d].text_hash == xp_aligned_doc_hash(&en.docs[d], &al, &keys));
		assert_true(r.docs[d].out_hash == xp_report_out_hash(&p.out.docs[d]));
		assert_int_equal(r.docs[d].line, d + 2);
	}
	assert_true(al.n > 0 && al.v[0].ntgt > 1);
	const char *was = al.v[0].tgt[0], *was1 = al.v[0].tgt[1];
	char joined[256];
	snprintf(joined, sizeof joined, "%s%s", was, was1);
	al.v[0].tgt[0] = "X";
	assert_true(r.docs[0].text_hash != xp_aligned_doc_hash(&en.docs[0], &al, &keys));
	al.v[0].tgt[0] = joined, al.v[0].tgt[1] = "";
	assert_true(r.docs[0].text_hash != xp_aligned_doc_hash(&en.docs[0], &al, &keys));
	al.v[0].tgt[0] = was, al.v[0].tgt[1] = was1;
	assert_true(r.docs[0].text_hash == xp_aligned_doc_hash(&en.docs[0], &al, &keys));
	xp_vocab_free(&keys);
	xp_report_free(&r);
	/* the end line taken away, or cut inside (its newline alone is not
	 * missed: the line is whole) */
	size_t nlines = 0;
	for (size_t k = 0; k < b.n; k++)
		nlines += b.p[k] == '\n';
	for (size_t cut = (size_t)(end - b.p); cut < b.n - 1; cut += (size_t)(b.p + b.n - end) / 3) {
		memset(&e, 0, sizeof e);
		assert_int_equal(xp_report_parse("w.json", b.p, cut, NULL, 0, &r, &e), XP_EINPUT);
		assert_int_equal(r.n, 0);
		assert_int_equal(e.line, nlines);
		assert_non_null(strstr(e.msg, cut == (size_t)(end - b.p) ? "cut short" : "is not JSON"));
	}
	xp_buf_free(&b);
	xp_projection_free(&p);
	free(line);
	xp_walign_free(&wa);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
}

/* A document's line is read a mention at a time (io/report.c
 * split_detail): white space anywhere, a key spelt with an escape, "detail"
 * twice (jansson keeps the last), each read as the whole line reads it; an
 * element jansson or the reader refuses gets the whole line's message. */
static void split_as_whole(void **state)
{
	(void)state;
	static const char *const docs[] = {
		"{ \"mentions\" : 2 , \"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0,1], \"detail\" :\t[ " M3(0, 0, "projected")
		" ,\r" M3(1, 1, "unaligned") " ] }",
		"{\"mentions\":2,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0,1],\"det\\u0061il\":[" M3(0, 0, "projected") ","
		M3(1, 1, "unaligned") "]}",
		"{\"detail\":[],\"mentions\":2,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0,1],\"detail\":[" M3(0, 0, "projected")
		"," M3(1, 1, "unaligned") "]}",
	};
	for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
		char text[2000];
		snprintf(text, sizeof text, "%s%s\n%s\n%s", HEAD4, docs[i], DOC3_B, END4(2));
		xp_err e = {0};
		xp_report r;
		assert_int_equal(xp_report_parse("r4", text, strlen(text), FEATS, 2, &r, &e), 0);
		same_items(&r);
		assert_int_equal(r.items[0].fate, XP_PROJECTED);
		xp_report_free(&r);
	}
	refused(HEAD4 "{\"mentions\":1,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],\"detail\":[{\"id\":\"\xff\"}]}\n" END4(1), 2,
		"document 1 or the end line is not JSON: unable to decode byte 0xff");
	refused(HEAD4 "{\"mentions\":1,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],\"detail\":[1e999]}\n" END4(1), 2,
		"document 1 or the end line is not JSON: real number overflow");
	refused(HEAD4 "{\"mentions\":1,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],\"detail\":[7]}\n" END4(1), 2,
		"document 1, mention 1: not a mention of a projection report");
	refused(HEAD4 "{\"mentions\":1,\"doc\":\"a\",\"part\":0,\"tgt_to_en\":[0],\"detail\":[{},]}\n" END4(1), 2,
		"document 1 or the end line is not JSON");
	/* an end line holding a "detail" array (a line the scan splits) whose
	 * elements are not JSON: no document reads them, but the line is not
	 * JSON and is refused as the whole-line parse refuses it; before, the
	 * report was read (tests/fuzz/fuzz_report_split found it) */
	refused(HEAD4 DOC3_A "\n" DOC3_B "\n{\"end\":true,\"mentions\":3,\"documents\":2,\"detail\":[tru]}\n", 4,
		"document 3 or the end line is not JSON");
	refused(HEAD4 DOC3_A "\n" DOC3_B "\n{\"end\":true,\"mentions\":3,\"documents\":2,\"detail\":[{\"\x8c\":1}]}\n", 4,
		"document 3 or the end line is not JSON: unable to decode byte 0x8c");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whole_either_version),
		cmocka_unit_test(streamed),
		cmocka_unit_test(refusals),
		cmocka_unit_test(from_files),
		cmocka_unit_test(written_read),
		cmocka_unit_test(split_as_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
