/* tests/unit/test_packfeat.c — a confidence feature of a pack registered at
 * run time (lang/lang.h xp_lang_register), as a language outside the tree
 * brings it: no place XP_F_PACK_* takes it, so it is appended to the
 * features (project/feat.h xp_nfeat), computed by the projection, written
 * in the report, fitted by `xproj calibrate` and read by `xproj judge`
 * (this test links the commands' objects) — all by its name, no core file
 * naming it.  Its own process: the features are counted once, after the
 * packs are known. */
#include "testutil.h"
#include "lang/lang.h"
#include "io/conll.h"
#include "project/feat.h"
#include "project/project.h"
#include "base/file.h"
#include "tools/cli.h"

#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <unistd.h>

/* a span of more than one token */
static float long_span(const xp_lang_span *in)
{
	return in->b > in->a + 1;
}

static const xp_lang_feature toy_features[] = {
	{"xt_long", NULL, XP_LF_SPAN, 0, long_span, NULL, "the span is more than one word", "the span is one word"},
};
static const xp_lang_pack toy = {
	.code = "xt", .name = "Toy", .features = toy_features, .nfeatures = 1,
};

/* six sentences "Joey saw the big dog ." -> "J sah den grossen Hund ."
 * (Joey: cluster 1, the big dog: cluster 2), aligned as `links` says */
static const char *const links[] = {
	"0-0 1-1 2-2 3-3 4-4 5-5",   /* both right, the dog on three words */
	"0-0 4-4",                   /* Joey right, the dog on Hund only: wrong */
	"0-1 2-2 3-3 4-4",           /* Joey on sah: wrong; the dog right */
	"3-3 4-4",                   /* Joey a recoverable null, the dog cut: wrong */
	"",                          /* two nulls the key has nothing for */
	"0-0 0-1",                   /* Joey on J sah: wrong; the dog a null */
};
enum { NS = sizeof links / sizeof *links };

static void put(xp_buf *b, const char *s)
{
	xp_buf_puts(b, s);
	assert_false(b->oom);
}

static void write_file(const char *path, const xp_buf *b)
{
	xp_err e;
	assert_int_equal(xp_write_file(path, b->p, b->n, &e), 0);
}

static int put_text(void *ctx, const void *data, size_t len)
{
	xp_buf_add(ctx, data, len);
	return 0;
}

/* runs `xproj CMD ARGS...` in this process; what it prints is discarded */
static int xproj(const xp_cmd *cmd, const char *const *args)
{
	char *argv[32];
	int argc = 0;
	argv[argc++] = (char *)cmd->name;
	for (size_t k = 0; args[k]; k++)
		argv[argc++] = (char *)args[k];
	argv[argc] = NULL;
	fflush(stdout), fflush(stderr);
	int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
	assert_true(out >= 0 && err >= 0 && null >= 0);
	dup2(null, 1), dup2(null, 2);
	optind = 0;   /* getopt starts afresh */
	int rc = cmd->run(argc, argv);
	fflush(stdout), fflush(stderr);
	dup2(out, 1), dup2(err, 2);
	close(out), close(err), close(null);
	return rc;
}

static json_t *load_json(const char *path)
{
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je);
	assert_non_null(j);
	return j;
}

static void appended_feature(void **state)
{
	(void)state;
	assert_int_equal(xp_lang_register(&toy), 0);
	/* appended after every feature with a place, under its name */
	const int nf = xp_nfeat();
	assert_int_equal(nf, XP_F_NFIXED + 1);
	assert_string_equal(xp_feat_names[nf - 1], "xt_long");
	assert_int_equal(xp_feat_named("xt_long"), nf - 1);
	assert_int_equal(xp_feat_of(&xp_lang_find("xt")->features[0]), nf - 1);
	char bad[96];
	assert_int_equal(xp_feat_check(bad, sizeof bad), 0);

	xp_buf en = {0}, al = {0}, ph = {0}, key = {0};
	static const char *const ew[] = {"Joey", "saw", "the", "big", "dog", "."};
	static const char *const ec[] = {"(1)", "-", "(2", "-", "2)", "-"};
	static const char *const tw[] = {"J", "sah", "den", "grossen", "Hund", "."};
	put(&en, "#begin document (d); part 000\n");
	put(&key, "#begin document (d); part 000\n");
	for (int u = 0; u < NS; u++) {
		for (int t = 0; t < 6; t++) {
			xp_buf_printf(&en, "d\t0\t%d\t%s\t%s\n", t, ew[t], ec[t]);
			/* the key: Joey and the dog, but nothing in sentence 4 and no dog in 5 */
			const char *c = u == 4 || (u == 5 && t > 0) ? "-" : ec[t];
			xp_buf_printf(&key, "d\t0\t%d\t%s\t%s\n", t, tw[t], c);
		}
		put(&en, "\n"), put(&key, "\n");
		xp_buf_printf(&al,
			      "{\"doc\":\"d\",\"part\":0,\"utt\":%d,\"src\":[\"Joey\",\"saw\",\"the\",\"big\",\"dog\",\".\"],"
			      "\"tgt_lang\":\"xt\",\"tgt_text\":\"J sah den grossen Hund .\","
			      "\"tgt\":[\"J\",\"sah\",\"den\",\"grossen\",\"Hund\",\".\"]}\n",
			      u);
		xp_buf_printf(&ph, "%s\n", links[u]);
	}
	put(&en, "#end document\n"), put(&key, "#end document\n");

	xp_corpus ec0 = {0};
	xp_aligned a = {0};
	xp_walign wa = {0};
	uint32_t *line = NULL;
	xp_projection p = {0};
	xp_proj_opts o;
	xp_err e;
	xp_proj_defaults(&o);
	o.rules = 0;
	o.np = 0;
	o.uncalibrated = 1;
	assert_int_equal(xp_conll_read("en", en.p, en.n, NULL, &ec0, &e), 0);
	assert_int_equal(xp_aligned_read_mem("al", al.p, al.n, &a, &e), 0);
	assert_int_equal(xp_pharaoh_read("ph", ph.p, ph.n, 0, &wa, &e), 0);
	assert_int_equal(xp_bitext_lines(&a, NULL, &line, wa.nsent, &e), 0);
	assert_int_equal(xp_project(&ec0, &a, &wa, line, &o, &p, &e), 0);
	/* the projection computed it: 1 for the spans of several words */
	assert_int_equal(p.n, 2 * NS);
	size_t longs = 0, projected = 0;
	for (size_t k = 0; k < p.n; k++) {
		const xp_proj_mention *m = &p.m[k];
		float want = m->fate == XP_PROJECTED && m->tgt_end > m->tgt_start + 1;
		assert_true(p.feat[k * (size_t)nf + (size_t)(nf - 1)] == want);
		longs += want != 0, projected += m->fate == XP_PROJECTED;
	}
	assert_int_equal(longs, 4);   /* the dog in 0, 2 and 3, Joey on "J sah" in 5 */
	assert_int_equal(projected, 8);

	char dir[] = "/tmp/xp-packfeat-XXXXXX", r[300], pj[300], kp[300], m[300], lb[300], m2[300], lb2[300];
	assert_non_null(mkdtemp(dir));
	snprintf(r, sizeof r, "%s/r.json", dir), snprintf(pj, sizeof pj, "%s/p.conll", dir);
	snprintf(kp, sizeof kp, "%s/k.conll", dir), snprintf(m, sizeof m, "%s/m.json", dir);
	snprintf(lb, sizeof lb, "%s/l.tsv", dir), snprintf(m2, sizeof m2, "%s/m2.json", dir);
	snprintf(lb2, sizeof lb2, "%s/l2.tsv", dir);
	xp_buf rep = {0}, out = {0};
	assert_int_equal(xp_projection_report_write(&p, NULL, put_text, &rep), 0);
	assert_false(rep.oom);
	write_file(r, &rep);
	xp_conll_write(&out, &p.out);
	write_file(pj, &out);
	write_file(kp, &key);

	/* the report: its header names it last, each long span's "f" holds it */
	json_t *head = json_loadb(rep.p, strcspn(rep.p, "\n"), 0, NULL);
	assert_non_null(head);
	json_t *names = json_object_get(head, "features");
	assert_int_equal(json_array_size(names), (size_t)nf);
	assert_string_equal(json_string_value(json_array_get(names, (size_t)nf - 1)), "xt_long");
	json_decref(head);
	size_t in_f = 0;
	for (const char *s = rep.p; (s = strstr(s, "\"xt_long\":1")) != NULL; s++)
		in_f++;
	assert_int_equal(in_f, 4);

	/* calibrate fits a weight for it, under its name */
	const char *cal[] = {"--report", r, "--projected", pj, "--key", kp, "--l2", "0.1", "-o", m, NULL};
	assert_int_equal(xproj(&xp_cmd_calibrate, cal), 0);
	json_t *model = load_json(m);
	json_t *pm = json_object_get(json_object_get(json_object_get(model, "models"), "xt"), "projected");
	json_t *w = json_object_get(json_object_get(pm, "weights"), "xt_long");
	json_t *mean = json_object_get(json_object_get(pm, "mean"), "xt_long");
	assert_true(json_is_number(w) && json_number_value(w) != 0);
	assert_true(json_is_number(mean) && fabs(json_number_value(mean) - 4.0 / 8) < 1e-6);
	/* and the model reads back: the weight in the feature's place */
	xp_conf_model cm = {0};
	assert_int_equal(xp_conf_load(m, &cm, &e), 0);
	const xp_conf_lang *cl = xp_conf_for(&cm, "xt");
	assert_non_null(cl);
	assert_true(fabs(cl->projected.w[nf - 1] - json_number_value(w)) < 1e-9);
	xp_conf_free(&cm);
	json_decref(model);

	/* judge reads it from the report and weighs it by the model's name for
	 * it: a model of that weight alone gives a long span sigmoid(2) */
	xp_buf mt = {0};
	put(&mt, "{\"version\":1,\"models\":{\"xt\":{\"projected\":{\"bias\":0,\"weights\":{\"xt_long\":2}},"
		 "\"null\":{\"bias\":0,\"weights\":{}}}}}\n");
	write_file(m2, &mt);
	const char *jud[] = {"--report", r, "--projected", pj, "--key", kp, "--model", m2, "--labels", lb2, NULL};
	assert_int_equal(xproj(&xp_cmd_judge, jud), 0);
	char *tsv = NULL;
	size_t len;
	assert_int_equal(xp_read_file(lb2, &tsv, &len, &e), 0);
	size_t high = 0;
	for (const char *s = tsv; (s = strstr(s, "\t0.8808\n")) != NULL; s++)
		high++;
	assert_int_equal(high, 4);
	free(tsv);
	/* and with the fitted model */
	const char *jud2[] = {"--report", r, "--projected", pj, "--key", kp, "--model", m, "--labels", lb, NULL};
	assert_int_equal(xproj(&xp_cmd_judge, jud2), 0);

	const char *files[] = {r, pj, kp, m, lb, m2, lb2};
	for (size_t k = 0; k < sizeof files / sizeof *files; k++)
		unlink(files[k]);
	rmdir(dir);
	xp_buf_free(&en), xp_buf_free(&al), xp_buf_free(&ph), xp_buf_free(&key);
	xp_buf_free(&rep), xp_buf_free(&out), xp_buf_free(&mt);
	xp_projection_free(&p);
	free(line);
	xp_walign_free(&wa);
	xp_aligned_free(&a);
	xp_corpus_free(&ec0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(appended_feature),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
