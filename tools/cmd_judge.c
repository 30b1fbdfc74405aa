/* tools/cmd_judge.c — `xproj judge`: a projection's confidences and a
 * correction queue measured against a reference target corpus. */
#include "cli.h"
#include "../base/file.h"
#include "../base/outputs.h"
#include "../base/vocab.h"
#include "../correct/db.h"
#include "../io/read.h"
#include "../pipeline/label.h"
#include "../project/calibrate.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int load(const char *path, xp_corpus *c)
{
	xp_read_opts ro = {0};
	xp_err e;
	return xp_read_corpus(path, XP_FMT_AUTO, &ro, c, &e) ? xp_cli_error(&e) : 0;
}

/* The queue: item indexes of the judged items in the order of the file
 * (one "DOC|ID" per line, or tab-separated lines whose first field is that),
 * then those the file lacks in report order.  Without a file: lowest
 * confidence first, mentions without a target sentence last. */
static const xp_report *sort_r;
static int by_conf(const void *a, const void *b)
{
	const xp_ritem *x = &sort_r->items[*(const size_t *)a], *y = &sort_r->items[*(const size_t *)b];
	int nx = xp_ritem_kind(x) == XP_CONF_NO_TARGET, ny = xp_ritem_kind(y) == XP_CONF_NO_TARGET;
	if (nx != ny)   /* nothing to fix without a target sentence */
		return nx - ny;
	if (x->conf != y->conf)
		return x->conf < y->conf ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int queue(const xp_report *r, const char *path, size_t **out, size_t *n, size_t *unlisted, xp_err *e)
{
	size_t *q = malloc((r->n + 1) * sizeof *q), nq = 0;
	uint8_t *in = calloc(r->n + 1, 1);
	xp_vocab keys = {0};
	char *buf = NULL;
	size_t len;
	int rc = q && in && xp_vocab_init(&keys, 0) == 0 ? 0 : xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	*unlisted = 0;
	if (rc == 0 && path) {
		char key[1200];
		for (size_t k = 0; rc == 0 && k < r->n; k++) {   /* vocab id k = item k */
			xp_ritem_key(r, &r->items[k], key, sizeof key);
			if (xp_vocab_id(&keys, key, strlen(key)) == UINT32_MAX)
				rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		}
		if (rc == 0 && (rc = xp_read_file(path, &buf, &len, e)) == 0) {
			xp_lines it;
			const char *line;
			size_t ll;
			xp_lines_init(&it, buf, len);
			while (xp_lines_next(&it, &line, &ll)) {
				const char *tab = memchr(line, '\t', ll);
				size_t kl = tab ? (size_t)(tab - line) : ll;
				uint32_t k = xp_vocab_find(&keys, line, kl);
				if (k != UINT32_MAX && k < r->n && !in[k] && r->items[k].label != XP_LB_NONE)
					in[k] = 1, q[nq++] = k;
			}
		}
	}
	size_t listed = nq;
	for (size_t k = 0; rc == 0 && k < r->n; k++)
		if (!in[k] && r->items[k].label != XP_LB_NONE)
			q[nq++] = k;
	if (rc == 0 && !path) {
		sort_r = r;
		qsort(q, nq, sizeof *q, by_conf);
	} else {
		*unlisted = nq - listed;
	}
	free(buf);
	free(in);
	xp_vocab_free(&keys);
	if (rc)
		free(q), q = NULL;
	*out = q, *n = nq;
	return rc;
}

/* the queue's positives, or (kind >= 0) those of the sub-queue of one kind
 * of mention; items skip says are left out of the queue (NULL: none) */
static void rank_line(const char *what, const xp_report *r, const size_t *q, size_t n, int (*pos)(const xp_ritem *),
		      int (*skip)(const xp_ritem *), int kind, uint8_t *scratch)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if ((kind < 0 || xp_ritem_kind(&r->items[q[i]]) == kind) && !(skip && skip(&r->items[q[i]])))
			scratch[m++] = (uint8_t)pos(&r->items[q[i]]);
	xp_rank_stats s;
	xp_rank_stats_of(scratch, m, &s);
	printf("  %-20s %5zu of %5zu   top 10%% %5.1f%%   top 25%% %5.1f%%   top 50%% %5.1f%%   PR AUC %.3f (random %.3f)\n",
	       what, s.positives, s.items, 100 * s.top[0], 100 * s.top[1], 100 * s.top[2], s.ap,
	       s.items ? (double)s.positives / (double)s.items : 0);
}

/* --- a corrector's time ------------------------------------------------------------------- */

/* Working down queue q at the time model of correct/db.h: the fixes made
 * (edits of wrong spans, additions for nulls) within each of the budgets. */
enum { NBUDGET = 3 };
static const int budget_min[NBUDGET] = {15, 30, 60};

static void replay(const xp_report *r, const size_t *q, size_t n, size_t edits[NBUDGET], size_t adds[NBUDGET])
{
	double t = 0;
	memset(edits, 0, NBUDGET * sizeof *edits), memset(adds, 0, NBUDGET * sizeof *adds);
	for (size_t i = 0; i < n; i++) {
		const xp_ritem *it = &r->items[q[i]];
		int kind = xp_ritem_kind(it);
		if (kind == XP_CONF_NO_TARGET)
			continue;
		int proj = kind == XP_CONF_PROJECTED;
		int fix = it->label == XP_LB_WRONG || it->label == XP_LB_RECOVERABLE;
		t += proj ? XP_LOOK_PROJECTED_S : XP_LOOK_NULL_S;
		t += fix ? (proj ? XP_FIX_EDIT_S : XP_FIX_ADD_S) : 0;
		for (int b = 0; b < NBUDGET; b++)
			if (fix && t <= budget_min[b] * 60.0)
				(proj ? edits : adds)[b]++;
	}
}

/* other orders of the same items, to weigh the queue's against */
static const xp_report *order_r;
static double order_key(const xp_ritem *it, int how)
{
	int kind = xp_ritem_kind(it), proj = kind == XP_CONF_PROJECTED;
	double p = 1 - it->conf;
	switch (how) {
	case 0: return xp_fix_rate(p, proj);                              /* fixes per minute */
	case 1: return p;                                                 /* lowest confidence first */
	case 2: return (proj ? 2 : 0) + p;                                /* projections first */
	case 3: return (proj ? 0 : 2) + p;                                /* nulls first */
	default: {                                                        /* every fix first, cheapest first */
		int fix = it->label == XP_LB_WRONG || it->label == XP_LB_RECOVERABLE;
		return fix ? 2 - (proj ? XP_LOOK_PROJECTED_S + XP_FIX_EDIT_S : XP_LOOK_NULL_S + XP_FIX_ADD_S) / 100.0 : 0;
	}
	}
}
static int order_how;
static int by_order(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	double x = order_key(&order_r->items[i], order_how), y = order_key(&order_r->items[j], order_how);
	if (x != y)
		return x > y ? -1 : 1;
	return i < j ? -1 : 1;
}

static void time_lines(const xp_report *r, const size_t *q, size_t n, int has_order)
{
	static const char *const names[] = {"fixes per minute (db triage)", "lowest confidence first",
					    "projections first", "nulls first", "every fix first (a bound)"};
	size_t *v = malloc((n + 1) * sizeof *v), e[NBUDGET], a[NBUDGET];
	if (!v)
		return;
	printf("a corrector's time (correct/db.h: %d s to check a span, %d s a null, %d s an edit, %d s an addition):\n",
	       XP_LOOK_PROJECTED_S, XP_LOOK_NULL_S, XP_FIX_EDIT_S, XP_FIX_ADD_S);
	printf("  fixes (edits + additions) made in the first    %2d min          %2d min          %2d min\n",
	       budget_min[0], budget_min[1], budget_min[2]);
	for (int how = -1; how < 5; how++) {
		if (how == -1 && !has_order)
			continue;
		memcpy(v, q, n * sizeof *v);
		if (how >= 0) {
			order_r = r, order_how = how;
			qsort(v, n, sizeof *v, by_order);
		}
		replay(r, v, n, e, a);
		printf("  %-44s", how < 0 ? "this queue" : names[how]);
		for (int b = 0; b < NBUDGET; b++)
			printf("  %4zu (%3zu+%3zu)", e[b] + a[b], e[b], a[b]);
		printf("\n");
	}
	free(v);
}

static int is_wrong(const xp_ritem *it) { return it->label == XP_LB_WRONG; }
/* the three views of the wrong projections (pipeline/label.h): all of them,
 * those where the reference marks another span (the unmarked left out of the
 * queue), and the unmarked counted as right */
static int is_unmarked(const xp_ritem *it) { return it->label == XP_LB_WRONG && it->unmarked; }
static int is_marked_wrong(const xp_ritem *it) { return it->label == XP_LB_WRONG && !it->unmarked; }
static int is_recoverable(const xp_ritem *it) { return it->label == XP_LB_RECOVERABLE; }
static int needs_fix(const xp_ritem *it) { return is_wrong(it) || is_recoverable(it); }

/* xp_reliab_chance over the judged items with target text; -1 when out of memory (then nothing is printed) */
static int chance_gap(const xp_report *r, double q[2])
{
	double *p = malloc((r->n + 1) * sizeof *p);
	size_t n = 0;
	if (!p)
		return -1;
	for (size_t k = 0; k < r->n; k++)
		if (r->items[k].label != XP_LB_NONE && xp_ritem_kind(&r->items[k]) != XP_CONF_NO_TARGET)
			p[n++] = r->items[k].conf;
	int rc = xp_reliab_chance(p, n, 30, 1000, q);
	free(p);
	return rc ? -1 : 0;
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"report", required_argument, 0, 'r'},
					   {"projected", required_argument, 0, 'p'},
					   {"key", required_argument, 0, 'k'},
					   {"order", required_argument, 0, 'q'},
					   {"model", required_argument, 0, 'm'},
					   {"plot", required_argument, 0, 'P'},
					   {"title", required_argument, 0, 't'},
					   {"labels", required_argument, 0, 'l'},
					   {"loose", no_argument, 0, 'L'},
					   {0, 0, 0, 0}};
	const char *rpath = NULL, *ppath = NULL, *kpath = NULL, *order = NULL, *mpath = NULL, *plot = NULL,
		   *labels = NULL, *title = NULL;
	int ch;
	unsigned lflags = 0;
	while ((ch = xp_cli_getopt("judge", argc, argv, "r:p:k:q:m:P:t:l:", lo)) != -1) {
		if (ch == 'r') rpath = optarg;
		else if (ch == 'p') ppath = optarg;
		else if (ch == 'k') kpath = optarg;
		else if (ch == 'q') order = optarg;
		else if (ch == 'm') mpath = optarg;
		else if (ch == 'P') plot = optarg;
		else if (ch == 't') title = optarg;
		else if (ch == 'l') labels = optarg;
		else if (ch == 'L') lflags |= XP_LB_LOOSE;
		else return 2;
	}
	if (optind != argc || !rpath || !ppath || !kpath)
		return xp_cli_usage(&xp_cmd_judge, 2);
	xp_err e;
	const xp_cli_file files[] = {{"--report", rpath, 0}, {"--projected", ppath, 0}, {"--key", kpath, 0},
				     {"--order", order, 0}, {"--model", mpath, 0}, {"--plot", plot, 1},
				     {"--labels", labels, 1}, {"its figures", "-", 1}};   /* printed on stdout */
	if (xp_cli_check_files(files, sizeof files / sizeof *files, &e))
		return xp_cli_error(&e);
	xp_report r = {0};
	xp_corpus proj = {0}, key = {0};
	xp_conf_model model = {0};
	xp_label_stats ls;
	size_t *q = NULL, nq = 0, unlisted = 0;
	uint8_t *scratch = NULL;
	xp_outputs outs = {0};
	xp_buf svg = {0}, tsv = {0};
	int rc = 0;
	if (xp_report_load(rpath, xp_feat_names, (size_t)xp_nfeat(), &r, &e) || (mpath && xp_conf_load(mpath, &model, &e)))
		rc = xp_cli_error(&e);
	if (!rc)
		rc = load(ppath, &proj) || load(kpath, &key);
	if (!rc && (xp_label_check(&r, rpath, &proj, ppath, &e) || xp_label_report(&r, &proj, &key, kpath, lflags, &ls, &e)))
		rc = xp_cli_error(&e);
	if (!rc && mpath) {   /* the confidences the model gives, from the report's features */
		const xp_conf_lang *m = xp_conf_for(&model, r.lang);
		if (!m) {
			xp_failc(&e, XP_EINPUT, mpath, 0, "no model for the report's language '%s' and no \"*\"", r.lang);
			rc = xp_cli_error(&e);
		}
		for (size_t k = 0; !rc && k < r.n; k++) {
			if (!r.items[k].feat) {
				xp_failc(&e, XP_EINPUT, rpath, 0, "the report has no confidence features (an older xproj's?)");
				rc = xp_cli_error(&e);
			} else {
				r.items[k].conf = xp_conf_of(m, xp_ritem_kind(&r.items[k]), r.items[k].feat);
			}
		}
	}
	if (!rc && queue(&r, order, &q, &nq, &unlisted, &e))
		rc = xp_cli_error(&e);
	if (!rc && !(scratch = malloc(nq + 1)))
		rc = (xp_failc(&e, XP_ENOMEM, "", 0, "out of memory"), xp_cli_error(&e));
	if (!rc) {
		size_t nulls = 0, notgt = 0;
		for (size_t i = 0; i < nq; i++) {
			const xp_ritem *it = &r.items[q[i]];
			notgt += xp_ritem_kind(it) == XP_CONF_NO_TARGET;
			nulls += xp_ritem_kind(it) == XP_CONF_NULL;
		}
		/* calibration: is what the projection did right, for items with target text */
		xp_reliab all = {0}, proj_r = {0}, null_r = {0};
		for (size_t k = 0; k < r.n; k++) {
			const xp_ritem *it = &r.items[k];
			int kind = xp_ritem_kind(it);
			if (it->label == XP_LB_NONE || kind == XP_CONF_NO_TARGET)
				continue;
			int right = it->label == XP_LB_RIGHT || it->label == XP_LB_UNRECOVERABLE;
			xp_reliab_add(&all, it->conf, right);
			xp_reliab_add(kind == XP_CONF_PROJECTED ? &proj_r : &null_r, it->conf, right);
		}
		xp_reliab_finish(&all), xp_reliab_finish(&proj_r), xp_reliab_finish(&null_r);
		/* the files are staged (created, written) before anything is printed: an
		 * output that cannot be written stops the command with nothing said */
		if (plot) {
			xp_plot_series s[3] = {{"all mentions with target text", &all}, {"projected", &proj_r},
					       {"null projections", &null_r}};
			xp_reliab_svg(title ? title : "confidence against the reference", s, 3, &svg);
			if (svg.oom || xp_outputs_put(&outs, plot, svg.p, svg.n, &e))
				rc = xp_cli_error(&e);
		}
		if (!rc && labels) {
			char k[1200];
			xp_buf_puts(&tsv, "rank\tmention\tfate\tlabel\tconf\n");
			static const char *const ln[] = {"none", "right", "wrong", "recoverable", "unrecoverable"};
			/* a wrong projection the reference marks nothing over is labelled unmarked */
			for (size_t i = 0; i < nq; i++) {
				const xp_ritem *it = &r.items[q[i]];
				xp_ritem_key(&r, it, k, sizeof k);
				xp_buf_printf(&tsv, "%zu\t%s\t%s\t%s\t%.4f\n", i + 1, k, xp_fate_name(it->fate),
					      is_unmarked(it) ? "unmarked" : ln[it->label],
					      it->conf);
			}
			if (tsv.oom || xp_outputs_put(&outs, labels, tsv.p, tsv.n, &e))
				rc = xp_cli_error(&e);
		}
		if (!rc) {
			printf("judged %zu mentions against %s: %zu projected (%zu right, %zu wrong), %zu null with target text "
			       "(%zu recoverable), %zu without; %zu not judged (document not in the reference)\n",
			       nq, kpath, ls.right + ls.wrong, ls.right, ls.wrong, nulls, ls.recoverable, notgt, ls.unjudged);
			printf("  of the %zu wrong: %zu where the reference marks another span, %zu unmarked (it marks no "
			       "mention overlapping the span in its sentence)\n", ls.wrong, ls.wrong - ls.unmarked, ls.unmarked);
			if (lflags & XP_LB_LOOSE)
				printf("  %zu projection(s) right by --loose only\n", ls.loose);
			if (ls.unpaired)
				printf("  %zu projected sentence(s) have no reference sentence of the same text\n", ls.unpaired);
			if (order)
				printf("queue: %s (%zu judged mention(s) not in it, put last)\n", order, unlisted);
			else
				printf("queue: lowest confidence first\n");
			rank_line("wrong projections", &r, q, nq, is_wrong, NULL, -1, scratch);
			rank_line("recoverable nulls", &r, q, nq, is_recoverable, NULL, -1, scratch);
			rank_line("either (a fix)", &r, q, nq, needs_fix, NULL, -1, scratch);
			printf("the same in the queue's projected mentions only, and its nulls with target text only:\n");
			rank_line("wrong projections", &r, q, nq, is_wrong, NULL, XP_CONF_PROJECTED, scratch);
			rank_line("recoverable nulls", &r, q, nq, is_recoverable, NULL, XP_CONF_NULL, scratch);
			printf("the wrong projections in the projected mentions three ways: all (above), the unmarked left "
			       "out, the unmarked counted as right:\n");
			rank_line("marked only", &r, q, nq, is_marked_wrong, is_unmarked, XP_CONF_PROJECTED, scratch);
			rank_line("unmarked as right", &r, q, nq, is_marked_wrong, NULL, XP_CONF_PROJECTED, scratch);
			time_lines(&r, q, nq, order != NULL);
			printf("calibration (confidence = P(what the projection did is right); mentions with target text):\n");
			printf("  bin        items  predicted  observed   gap\n");
			for (int b = 0; b < 10; b++)
				if (all.n[b])
					printf("  %.1f-%.1f  %7zu     %.3f     %.3f  %+.3f%s\n", b / 10.0, (b + 1) / 10.0, all.n[b],
					       all.pred[b], all.obs[b], all.obs[b] - all.pred[b], all.n[b] < 30 ? "  (< 30 items)" : "");
			double worst = xp_reliab_worst(&all, 30);
			if (worst < 0)
				printf("  worst gap in bins of >= 30 items: none has 30");
			else
				printf("  worst gap in bins of >= 30 items %.3f", worst);
			printf("; ECE %.3f, Brier %.3f (projected: ECE %.3f; nulls: ECE %.3f)\n", all.ece, all.brier, proj_r.ece,
			       null_r.ece);
			double chance[2];
			if (worst >= 0 && chance_gap(&r, chance) == 0)
				printf("  by chance alone (a calibrated confidence, outcomes drawn from it 1000 times): worst gap %.3f "
				       "(median), %.3f (90th percentile)\n", chance[0], chance[1]);
		}
		if (!rc && xp_outputs_commit(&outs, &e))
			rc = xp_cli_error(&e);
	}
	xp_outputs_abort(&outs);
	xp_buf_free(&svg), xp_buf_free(&tsv);
	free(q), free(scratch);
	xp_report_free(&r);
	xp_conf_free(&model);
	xp_corpus_free(&proj), xp_corpus_free(&key);
	return rc;
}

const xp_cmd xp_cmd_judge = {
	"judge", run, "measure confidences and a correction queue against a reference",
	"xproj judge --report R.json --projected OUT.conll --key CORRECTED.conll\n"
	"            [--order QUEUE] [--model M.json] [--plot OUT.svg] [--title T] [--labels OUT.tsv]\n"
	"            [--loose]\n\n"
	"Judges every mention of a projection (`xproj project --report R.json -o OUT.conll`)\n"
	"against a reference target corpus (human corrections, or another projection as a\n"
	"noisy reference), both read on characters so that they may be tokenised differently:\n"
	"a projected mention is right when the reference has its span in that sentence, a null\n"
	"projection recoverable when the reference has a mention there that stands for it (its\n"
	"cluster mapped to the English one it agrees with most).  Prints how much of each kind\n"
	"of error the first 10%, 25% and 50% of the queue hold and the area under the\n"
	"precision-recall curve (average precision), the fixes a corrector makes in the first\n"
	"15, 30 and 60 minutes of the queue at the time model of `db triage` (and of other\n"
	"orders of the same mentions, for comparison), and the confidence's calibration in\n"
	"ten bins.  A wrong projection is unmarked where the reference marks no mention\n"
	"overlapping its span in that sentence (a reference's miss, or a span to delete);\n"
	"the wrong projections' queue figures are also given without the unmarked ones\n"
	"and with them counted as right.\n"
	"  --order Q     the queue: one DOC|ID per line (first tab-separated field), e.g.\n"
	"                `xproj db triage DB --list`; judged mentions it lacks go last.\n"
	"                Default: lowest confidence first (no target sentence: last).\n"
	"  --model M     recompute the confidences with this model file (`xproj calibrate`)\n"
	"                from the features in the report\n"
	"  --plot SVG    the reliability diagram (predicted against observed)\n"
	"  --labels TSV  each mention in queue order with its judgement\n"
	"  --loose       the reference is MMC's silver: a span is also right when the\n"
	"                reference has it without a Farsi prefix می/نمی or a Chinese 的,\n"
	"                a Farsi noun phrase without its indefinite یه, a determiner and\n"
	"                light noun (چی کار, همه چیز, این کارو) with either alone\n"
	"                (pipeline/label.h)\n"};
