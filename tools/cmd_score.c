/* tools/cmd_score.c — `xproj score`: coreference metrics, key vs response. */
#include "cli.h"
#include "../eval/chars.h"
#include "../eval/partition.h"
#include "../eval/score.h"
#include "../io/read.h"
#include "../lang/script.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct opts {
	unsigned mask;
	int json, per_doc;
	json_t *docs;      /* --per-doc --json */
} opts;

/* counts print as integers, B3 and CEAFe sums as reals */
static json_t *number(double x)
{
	if (x == floor(x) && fabs(x) < 9e15)
		return json_integer((json_int_t)x);
	return json_real(x);
}

static json_t *pair_json(double n, double d)
{
	return json_pack("[o,o]", number(n), number(d));
}

static json_t *scores_json(const xp_scores *s, unsigned mask)
{
	json_t *o = json_object();
	for (int m = 0; m < XP_NMETRICS; m++) {
		if (!(mask & 1u << m))
			continue;
		double r, p, f;
		xp_prf(s, (xp_metric)m, &r, &p, &f);
		json_t *x;
		if (m == XP_BLANC) {
			const xp_rp *c = &s->blanc_coref, *n = &s->blanc_noncoref;
			x = json_pack("{s:o,s:o,s:f,s:{s:o,s:o},s:{s:o,s:o}}", "recall", pair_json(r, 1),
				      "precision", pair_json(p, 1), "f1", f,
				      "coref", "recall", pair_json(c->rn, c->rd), "precision", pair_json(c->pn, c->pd),
				      "noncoref", "recall", pair_json(n->rn, n->rd), "precision", pair_json(n->pn, n->pd));
		} else {
			const xp_rp *v = &s->m[m];
			x = json_pack("{s:o,s:o,s:f}", "recall", pair_json(v->rn, v->rd), "precision",
				      pair_json(v->pn, v->pd), "f1", f);
		}
		json_object_set_new(o, xp_metric_name((xp_metric)m), x);
	}
	unsigned conll = 1u << XP_MUC | 1u << XP_BCUB | 1u << XP_CEAFE;
	if ((mask & conll) == conll)
		json_object_set_new(o, "conll", json_real(xp_conll_f1(s)));
	return o;
}

static void num(char *buf, size_t n, double x)
{
	if (x == floor(x) && fabs(x) < 1e15)
		snprintf(buf, n, "%.0f", x);
	else
		snprintf(buf, n, "%.4f", x);
}

static void cell(double num_, double den, double v)
{
	char a[40], b[40], s[100];
	num(a, sizeof a, num_);
	num(b, sizeof b, den);
	snprintf(s, sizeof s, "%6.2f%% (%s/%s)", 100 * v, a, b);
	printf("  %-28s", s);
}

static void table(const xp_scores *s, unsigned mask)
{
	printf("%-9s  %-28s  %-28s  %s\n", "metric", "recall", "precision", "F1");
	for (int m = 0; m < XP_NMETRICS; m++) {
		if (!(mask & 1u << m))
			continue;
		double r, p, f;
		xp_prf(s, (xp_metric)m, &r, &p, &f);
		printf("%-9s", xp_metric_name((xp_metric)m));
		if (m == XP_BLANC) {
			cell(r, 1, r);
			cell(p, 1, p);
		} else {
			cell(s->m[m].rn, s->m[m].rd, r);
			cell(s->m[m].pn, s->m[m].pd, p);
		}
		printf("  %6.2f%%\n", 100 * f);
	}
	unsigned conll = 1u << XP_MUC | 1u << XP_BCUB | 1u << XP_CEAFE;
	if ((mask & conll) == conll)
		printf("%-9s  %-28s  %-28s  %6.2f%%\n", "conll", "", "", 100 * xp_conll_f1(s));
}

static void per_doc(const xp_doc *key, const xp_scores *s, void *arg)
{
	opts *o = arg;
	if (o->json) {
		json_t *x = scores_json(s, o->mask);
		json_object_set_new(x, "doc", json_string(key->id));
		json_object_set_new(x, "part", json_integer(key->part));
		json_array_append_new(o->docs, x);
		return;
	}
	printf("== %s part %d%s\n", key->id, key->part, s->missing ? " (not in the response)" : "");
	table(s, o->mask);
	printf("\n");
}

static int load(const char *path, int repair, xp_corpus *c)
{
	xp_diags dg = {0};
	xp_read_opts ro = {.repair = repair, .diags = &dg};
	xp_err e;
	int rc = xp_read_corpus(path, XP_FMT_AUTO, &ro, c, &e);
	if (repair)
		xp_cli_diags(&dg);
	if (!rc)
		xp_cli_read_notes(path, c);
	xp_diags_free(&dg);
	return rc ? xp_cli_error(&e) : 0;
}

static void note_unmatched(const xp_corpus *key, const xp_corpus *resp, const char *rpath)
{
	size_t extra = 0;
	for (size_t i = 0; i < resp->ndocs; i++) {
		int found = 0;
		for (size_t j = 0; !found && j < key->ndocs; j++)
			found = key->docs[j].part == resp->docs[i].part &&
				!strcmp(key->docs[j].id, resp->docs[i].id);
		extra += !found;
	}
	if (extra)
		fprintf(stderr, "xproj score: %zu document(s) of %s are not in the key and were ignored\n",
			extra, rpath);
}

/* Key and response sentence by sentence (eval/score.h, xp_sent_compare):
 * the scorer matches mentions by token offset, so a response of other text
 * or tokenisation scored low and nothing said why.  Warns; --strict
 * refuses; --matching-only replaces key and resp with their sentences that
 * match, and says how many were left out. */
static int check_sentences(xp_corpus *key, xp_corpus *resp, const char *kpath, const char *rpath, int strict,
			   int matching, xp_sent_match *sm)
{
	xp_err e;
	xp_corpus ko = {0}, ro = {0};
	if (xp_sent_compare(key, resp, sm, matching ? &ko : NULL, matching ? &ro : NULL, &e))
		return xp_cli_error(&e);
	if (matching) {
		xp_corpus_free(key);
		xp_corpus_free(resp);
		*key = ko, *resp = ro;
		fprintf(stderr, "xproj score: --matching-only: scored %zu of %zu sentences; left out %zu whose text "
			"differs (%zu key mentions, %zu response mentions there) and %zu response sentences "
			"beyond the key's\n", sm->sentences - sm->differ, sm->sentences, sm->differ, sm->key_mentions,
			sm->resp_mentions, sm->resp_extra);
		if (sm->missing_docs)
			fprintf(stderr, "xproj score: --matching-only: %zu key document(s) (%zu sentences) are not in "
				"the response and were left out\n", sm->missing_docs, sm->missing_sentences);
		return 0;
	}
	if (!sm->differ && !sm->resp_extra)
		return 0;
	char first[200] = "";
	if (sm->differ)
		snprintf(first, sizeof first, " (the first: document %.120s part %d, sentence %zu)", sm->first_doc,
			 sm->first_part, sm->first_sent + 1);
	char extra[160] = "";
	if (sm->resp_extra)
		snprintf(extra, sizeof extra, "; and %zu sentence(s) of the response are beyond the key's last",
			 sm->resp_extra);
	fprintf(stderr, "xproj score: %s%zu of the %zu sentences of %s differ in text from %s's%s; their "
		"mentions (%zu in the key, %zu in the response) are matched by token position all the same%s\n",
		strict ? "" : "warning: ", sm->differ, sm->sentences, kpath, rpath, first, sm->key_mentions,
		sm->resp_mentions, extra);
	if (strict) {
		fprintf(stderr, "xproj score: --strict: not scored (--matching-only scores the sentences that match; "
			"--chars the same text tokenised differently)\n");
		return 1;
	}
	fprintf(stderr, "xproj score: --matching-only scores the sentences that match, --chars the same text "
		"tokenised differently, --strict refuses\n");
	return 0;
}

/* --- --by ----------------------------------------------------------------- */

static json_t *rp_json(const xp_rp *x)
{
	double r, p, f;
	xp_rp_prf(x, &r, &p, &f);
	return json_pack("{s:o,s:o,s:f}", "recall", pair_json(x->rn, x->rd), "precision",
			 pair_json(x->pn, x->pd), "f1", f);
}

static json_t *nan_null(double x) { return isnan(x) ? json_null() : json_real(x); }

static json_t *parts_json(const xp_parts *ps, const char *by, const char *lang)
{
	json_t *a = json_array();
	for (size_t i = 0; i < ps->n; i++)
		json_array_append_new(a, json_pack("{s:s,s:o,s:o}", "name", ps->v[i].name, "mentions",
						   rp_json(&ps->v[i].mentions), "plink", rp_json(&ps->v[i].plink)));
	json_t *o = json_pack("{s:s,s:o,s:{s:I,s:I}}", "partition", by, "partitions", a, "unpartitioned", "key",
			      (json_int_t)ps->key_none, "response", (json_int_t)ps->resp_none);
	if (lang)
		json_object_set_new(o, "lang", json_string(lang));
	if (ps->kind == XP_BY_GENDER)
		json_object_set_new(o, "bias", json_pack("{s:o,s:o}", "plink", nan_null(xp_gender_bias(ps, 1)),
							 "mentions", nan_null(xp_gender_bias(ps, 0))));
	return o;
}

/* One side's cells; a ratio over nothing is "-", not 0%. */
static void rp_cells(const xp_rp *x, int halves)
{
	double r, p, f;
	xp_rp_prf(x, &r, &p, &f);
	char a[100] = "-", b[100] = "-", c[20] = "-";
	const char *fmt = halves ? "%6.2f%% (%.1f/%.1f)" : "%6.2f%% (%.0f/%.0f)";
	if (x->rd)
		snprintf(a, sizeof a, fmt, 100 * r, x->rn, x->rd);
	if (x->pd)
		snprintf(b, sizeof b, fmt, 100 * p, x->pn, x->pd);
	if (x->rd && x->pd)
		snprintf(c, sizeof c, "%6.2f%%", 100 * f);
	printf("  %-22s  %-22s  %7s", a, b, c);
}

static void parts_table(const xp_parts *ps, const char *by, const char *lang)
{
	int w = 11;
	for (size_t i = 0; i < ps->n; i++)
		if ((int)strlen(ps->v[i].name) > w)
			w = (int)strlen(ps->v[i].name) > 30 ? 30 : (int)strlen(ps->v[i].name);
	printf("\nby %s%s%s%s: mention identification, then p-link (links credited half to each mention's partition)\n",
	       by, lang ? " (" : "", lang ? lang : "", lang ? ")" : "");
	printf("%-*s  %-22s  %-22s  %-7s  %-22s  %-22s  %s\n", w, "partition", "mention recall", "precision", "F1",
	       "p-link recall", "precision", "F1");
	for (size_t i = 0; i < ps->n; i++) {
		xp_cli_put_untrusted(stdout, ps->v[i].name);
		int len = (int)strlen(ps->v[i].name);
		printf("%*s", len < w ? w - len : 0, "");
		rp_cells(&ps->v[i].mentions, 0);
		rp_cells(&ps->v[i].plink, 1);
		printf("\n");
	}
	if (ps->key_none || ps->resp_none)
		printf("(in no partition: %zu key and %zu response mentions)\n", ps->key_none, ps->resp_none);
	if (ps->kind == XP_BY_GENDER) {
		double b = xp_gender_bias(ps, 1), m = xp_gender_bias(ps, 0);
		printf("Bias (F1 feminine / F1 masculine, GAP): p-link ");
		isnan(b) ? printf("n/a") : printf("%.4f", b);
		printf(", mentions ");
		isnan(m) ? printf("n/a\n") : printf("%.4f\n", m);
	}
}

/* The key's language from its script, for the word lists of --by. */
static const char *guess_lang(const xp_corpus *c)
{
	xp_script_counter sc = {0};
	for (size_t d = 0; d < c->ndocs; d++)
		for (size_t u = 0; u < c->docs[d].nutts; u++)
			xp_script_count(&sc, c->docs[d].utts[u].text, strlen(c->docs[d].utts[u].text));
	xp_script_guess g;
	xp_script_result(&sc, &g);
	if (!strcmp(g.script, "Latin"))
		return "en";
	return g.lang[0] ? g.lang : NULL;
}

/* What putting both sides on characters did, on stderr (the table stays
 * what scripts read). */
static void chars_note(const xp_chars_stats *s, unsigned flags)
{
	fprintf(stderr, "xproj score: on characters: %zu sentence(s) paired by their text", s->sentences);
	if (flags & XP_CHARS_SCORE_MISMATCHED)
		fprintf(stderr, "; unpaired, scored as misses and false alarms: %zu of the key, %zu of the response",
			s->key_unpaired, s->resp_unpaired);
	fprintf(stderr, "\n");
	if (s->key_dropped || s->resp_dropped)
		fprintf(stderr, "xproj score: mentions over white space only, dropped: %zu of the key, %zu of the response\n",
			s->key_dropped, s->resp_dropped);
	if (s->key_merged || s->resp_merged)
		fprintf(stderr, "xproj score: mentions that cover the same characters as another of their "
				"entity, kept once: %zu of the key, %zu of the response\n",
			s->key_merged, s->resp_merged);
}

static json_t *chars_json(const xp_chars_stats *s)
{
	return json_pack("{s:I,s:I,s:I,s:[I,I],s:[I,I]}", "sentences", (json_int_t)s->sentences,
			 "key_unpaired", (json_int_t)s->key_unpaired, "response_unpaired",
			 (json_int_t)s->resp_unpaired, "dropped", (json_int_t)s->key_dropped,
			 (json_int_t)s->resp_dropped, "merged", (json_int_t)s->key_merged,
			 (json_int_t)s->resp_merged);
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"metric", required_argument, 0, 'm'},
					   {"per-doc", no_argument, 0, 'd'},
					   {"json", no_argument, 0, 'j'},
					   {"repair", no_argument, 0, 'r'},
					   {"chars", no_argument, 0, 'c'},
					   {"by", required_argument, 0, 'b'},
					   {"lang", required_argument, 0, 'l'},
					   {"score-mismatched", no_argument, 0, 'M'},
					   {"format", required_argument, 0, 'f'},
					   {"strict", no_argument, 0, 'S'},
					   {"matching-only", no_argument, 0, 'O'},
					   {0, 0, 0, 0}};
	static const char *const metrics[] = {"all", "mentions", "muc", "bcub", "ceafm", "ceafe", "blanc", "lea"};
	static const char *const formats[] = {"table", "json", "reference"};
	opts o = {.mask = XP_ALL_METRICS};
	int repair = 0, chars = 0, ch, k, format = 0, strict = 0, matching = 0, json = 0, fmt = -1;
	unsigned cflags = 0;
	const char *by = NULL, *lang = NULL;
	long long col = 0;
	xp_err e;
	while ((ch = xp_cli_getopt("score", argc, argv, "m:djr", lo)) != -1) {
		if (ch == 'm' && !(o.mask = xp_metric_mask(optarg)) &&
		    xp_cli_choice("--metric", optarg, metrics, sizeof metrics / sizeof *metrics, &k, &e))
			return xp_cli_bad_value("score", &e);
		else if (ch == 'd') o.per_doc = 1;
		else if (ch == 'j') json = 1;
		else if (ch == 'f' && xp_cli_choice("--format", optarg, formats, 3, &fmt, &e))
			return xp_cli_bad_value("score", &e);
		else if (ch == 'r') repair = 1;
		else if (ch == 'c') chars = 1;
		else if (ch == 'M') cflags |= XP_CHARS_SCORE_MISMATCHED;
		else if (ch == 'b') by = optarg;
		else if (ch == 'l' && xp_cli_lang("--lang", optarg, &e)) return xp_cli_bad_value("score", &e);
		else if (ch == 'l') lang = optarg;
		else if (ch == 'S') strict = 1;
		else if (ch == 'O') matching = 1;
		else if (ch == '?') return 2;
	}
	/* --json is --format json: with another --format the one given last
	 * won without a word (a script's --json got the table, or scorer.pl's
	 * layout, exit 0) */
	if (json && fmt >= 0 && fmt != 1)
		return xp_cli_bad("score", "--json is --format json: not with --format %s", formats[fmt]);
	format = fmt >= 0 ? fmt : json;
	o.json = format == 1;
	if (argc - optind != 2)
		return xp_cli_usage(&xp_cmd_score, 2);
	if (cflags && !chars)
		return xp_cli_bad("score", "--score-mismatched goes with --chars");
	if (lang && !by)
		return xp_cli_bad("score", "--lang goes with --by");
	if (chars && (strict || matching))
		return xp_cli_bad("score", "--chars pairs sentences by their text itself (--score-mismatched for those "
				  "without an equal): not with --strict or --matching-only");
	if (strict && matching)
		return xp_cli_bad("score", "--strict refuses differing sentences, --matching-only leaves them out: one or the other");
	/* scorer.pl prints per-document figures only for one named document;
	 * the layout scripts parse is its totals */
	if (format == 2 && (o.per_doc || by))
		return xp_cli_bad("score", "--format reference prints the totals, as scorer.pl does: not with --per-doc or --by");
	xp_by bys = {0};
	xp_labels labels = {0};
	if (by && !strncmp(by, "column:", 7) &&
	    (xp_cli_int("--by column:N", by + 7, -1000, 1000, &col, &e) || (!col && xp_failc(&e, XP_EUSAGE, "", 0,
		"--by column:0: columns count from 1 (-1 the last)"))))
		return xp_cli_bad_value("score", &e);
	if (by && xp_by_named(by, &bys.kind) && strncmp(by, "file:", 5) && strncmp(by, "column:", 7))
		return xp_cli_bad("score", "--by: '%s' is not type, sentence, speaker, document, length, gender, "
				  "file:LABELS or column:N", by);
	o.mask |= 1u << XP_MENTIONS;
	const char *kpath = argv[optind], *rpath = argv[optind + 1];
	const xp_cli_file files[] = {{"KEY", kpath, 0}, {"RESPONSE", rpath, 0}, {"--by", by && !strncmp(by, "file:", 5) ? by + 5 : NULL, 0}};
	if (xp_cli_check_files(files, sizeof files / sizeof *files, &e))
		return xp_cli_error(&e);
	xp_corpus key = {0}, resp = {0}, kc = {0}, rc_ = {0};
	int rc = load(kpath, repair, &key) || load(rpath, repair, &resp);
	/* A key with no document (an empty file, the wrong one) scored every
	 * metric 0.00% (0/0), exit 0, with not a word when the response was
	 * empty too: there is nothing to score against */
	if (!rc && !key.ndocs) {
		xp_failc(&e, XP_EINPUT, kpath, 0, "the key holds no document (an empty or blank file?): nothing to score "
			 "against");
		rc = xp_cli_error(&e);
	}
	xp_scores tot;
	xp_chars_stats cs = {0};
	if (!rc && chars) {
		if (xp_chars_map(&key, &resp, kpath, rpath, cflags, &kc, &rc_, &cs, &e) < 0) {
			rc = xp_cli_error(&e);
			if (e.code == XP_EINPUT && !cflags)
				fprintf(stderr, "xproj score: --score-mismatched scores such sentences as misses "
						"and false alarms\n");
		} else {
			chars_note(&cs, cflags);
			xp_corpus_free(&key);
			xp_corpus_free(&resp);
			key = kc, resp = rc_;
			kc = rc_ = (xp_corpus){0};
		}
	}
	xp_sent_match sm = {0};
	if (!rc && !chars)
		rc = check_sentences(&key, &resp, kpath, rpath, strict, matching, &sm);
	xp_parts parts = {0};
	if (!rc && by) {
		if (col || !strncmp(by, "file:", 5)) {
			bys.kind = XP_BY_LABELS;
			bys.labels = &labels;
			if (xp_labels_read(col ? kpath : by + 5, (int)col, &labels, &e))
				rc = xp_cli_error(&e);
		} else if (bys.kind == XP_BY_TYPE || bys.kind == XP_BY_SENTENCE || bys.kind == XP_BY_GENDER) {
			bys.lang = lang ? lang : guess_lang(&key);
			if (!bys.lang) {
				fprintf(stderr, "xproj score: cannot tell the key's language from its script: give --lang\n");
				rc = 2;
			}
		}
		if (!rc && xp_score_by(&key, &resp, &bys, &parts, &e))
			rc = xp_cli_error(&e);
	}
	o.docs = json_array();
	if (!rc && xp_score_corpus(&key, &resp, o.mask, &tot, o.per_doc ? per_doc : NULL, &o, &e))
		rc = xp_cli_error(&e);
	if (!rc) {
		note_unmatched(&key, &resp, rpath);
		if (tot.missing)
			fprintf(stderr, "xproj score: %zu key document(s) are not in the response and score as empty\n",
				tot.missing);
		/* scored, not refused: the reference scorer scores them too (the
		 * figures stay within [0, 100]), but a reader should know */
		if (tot.repeated)
			fprintf(stderr, "xproj score: %zu document(s) have a span in two clusters; scored as the reference "
				"scorer does (a key span counts in its last cluster, a response span of the key in its first)\n",
				tot.repeated);
		if (o.json) {
			json_t *x = scores_json(&tot, o.mask);
			if (chars)
				json_object_set_new(x, "chars", chars_json(&cs));
			if (!chars && (sm.differ || sm.resp_extra || matching))
				json_object_set_new(x, "sentences", json_pack("{s:I,s:I,s:I,s:I,s:I,s:b}",
					"compared", (json_int_t)sm.sentences, "differ", (json_int_t)sm.differ,
					"response_extra", (json_int_t)sm.resp_extra, "key_mentions_there",
					(json_int_t)sm.key_mentions, "response_mentions_there", (json_int_t)sm.resp_mentions,
					"matching_only", matching));
			if (by)
				json_object_set_new(x, "by", parts_json(&parts, bys.kind == XP_BY_LABELS ? by : xp_by_name(bys.kind), bys.lang));
			if (o.per_doc)
				json_object_set(x, "documents", o.docs);
			char *s = json_dumps(x, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
			puts(s ? s : "{}");
			free(s);
			json_decref(x);
		} else if (format == 2) {
			xp_cli_score_reference(stdout, &tot, o.mask);
		} else {
			if (o.per_doc)
				printf("== all %zu documents\n", tot.documents);
			table(&tot, o.mask);
			if (by)
				parts_table(&parts, bys.kind == XP_BY_LABELS ? by : xp_by_name(bys.kind), bys.lang);
		}
	}
	json_decref(o.docs);
	xp_corpus_free(&key);
	xp_corpus_free(&resp);
	xp_corpus_free(&kc);
	xp_corpus_free(&rc_);
	xp_parts_free(&parts);
	xp_labels_free(&labels);
	return rc;
}

const xp_cmd xp_cmd_score = {
	"score", run, "score a response against a key: MUC, B3, CEAF, BLANC, LEA, CoNLL",
	"xproj score [--metric all|muc|bcub|ceafm|ceafe|blanc|lea|mentions] [--per-doc]\n"
	"            [--json | --format table|json|reference] [--repair] [--chars [--score-mismatched]]\n"
	"            [--strict | --matching-only]\n"
	"            [--by P [--lang L]]\n"
	"            KEY RESPONSE\n\n"
	"Gives the numbers of the reference scorer (v8.01): recall, precision and F1 of each\n"
	"metric with their raw numerators and denominators, summed over documents (matched by\n"
	"id and part; a key document missing from the response scores as empty).  Mention\n"
	"identification is always shown.  KEY and RESPONSE may be CoNLL or jsonlines.\n"
	"  --metric M  one metric instead of all\n"
	"  --per-doc   scores of each document, then the totals\n"
	"  --json      {\"mentions\":{\"recall\":[n,d],\"precision\":[n,d],\"f1\":x},\"muc\":{...},...,\"conll\":x}\n"
	"  --format reference  the totals in the reference scorer's own layout (scorer.pl v8.01\n"
	"              with document 'none': 'METRIC muc:', 'Coreference: Recall: (n / d) r%\\tPrecision:\n"
	"              (n / d) p%\\tF1: f%', percentages truncated to two decimals, BLANC's links), so\n"
	"              scripts that parse scorer.pl's output can read xproj's unchanged\n"
	"  --repair    drop dangling brackets (and say so) instead of stopping\n"
	"  --chars     KEY and RESPONSE hold the same text tokenised differently (MMC's Chinese\n"
	"              silver: one character per token; corrected: words): score both on\n"
	"              characters, white space ignored, sentences paired by their text; a\n"
	"              sentence whose text has no equal on the other side is an error naming it\n"
	"  --score-mismatched  with --chars: score such sentences instead, the key's mentions\n"
	"              there as misses and the response's as false alarms (counted on stderr)\n"
	"  --strict    refuse to score when a sentence of the key differs in text from the\n"
	"              response's (compared token for token, sentence i with sentence i of the\n"
	"              same document; without --strict such sentences are scored by token\n"
	"              position all the same, with a warning)\n"
	"  --matching-only  score only the sentences whose text matches, and say how many\n"
	"              sentences and mentions were left out\n"
	"  --by P      then mention and p-link recall, precision, F1 per partition of the mentions:\n"
	"              type (pronoun/name/nominal; without capitals: pronoun/other), sentence\n"
	"              (question, imperative, exclamation, fragment, declarative), speaker, document, length\n"
	"              (of the utterance in tokens), gender (he vs she pronouns, with GAP's Bias =\n"
	"              F1 feminine / F1 masculine), file:LABELS (DOC PART SENT [START END] LABEL per\n"
	"              line, tab-separated) or column:N (the key file's N-th column, -1 the last)\n"
	"  --lang L    the language whose pack's word lists type, sentence and gender read (a\n"
	"              language without them is refused, and those with them named; default:\n"
	"              from the key's script)",
};
