/* tools/cmd_agree.c — `xproj agree`: agreement between annotators (files,
 * or the annotators of a correction store). */
#include "cli.h"
#include "../correct/annotators.h"
#include "../eval/agree.h"
#include "../io/read.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ANN 64

typedef struct sources {
	xp_corpus c[MAX_ANN];
	char *names[MAX_ANN];
	size_t n;
} sources;

static void sources_free(sources *s)
{
	for (size_t i = 0; i < s->n; i++) {
		xp_corpus_free(&s->c[i]);
		free(s->names[i]);
	}
}

static int from_files(sources *s, char **files, int n, int repair, xp_err *e)
{
	for (int i = 0; i < n; i++) {
		xp_diags dg = {0};
		xp_read_opts ro = {.repair = repair, .diags = &dg};
		s->names[s->n] = strdup(files[i]);
		if (!s->names[s->n])
			return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		int rc = xp_read_corpus(files[i], XP_FMT_AUTO, &ro, &s->c[s->n++], e);
		if (repair)
			xp_cli_diags(&dg);
		xp_diags_free(&dg);
		if (rc)
			return rc;
	}
	return 0;
}

static int from_store(sources *s, const char *path, long long run, char **want, size_t nwant, xp_err *e)
{
	xp_db *db;
	int rc = xp_db_open_mode(path, XP_DB_READ, &db, e);
	if (rc)
		return rc;
	if (!run)
		run = xp_db_latest_run(db);
	char **names = NULL;
	size_t n = 0;
	if (!run)
		rc = xp_failc(e, XP_ENOTFOUND, path, 0, "no projection run in the database");
	else if (!(rc = xp_db_annotators(db, run, &names, &n, e)) && nwant) {
		for (size_t i = 0; !rc && i < nwant; i++) {
			size_t k = 0;
			while (k < n && strcmp(names[k], want[i]))
				k++;
			if (k == n)
				rc = xp_failc(e, XP_ENOTFOUND, path, 0, "annotator '%s' made no live correction or review in run %lld",
					      want[i], run);
		}
		if (!rc) {
			xp_db_annotators_free(names, n);
			names = NULL, n = 0;
			names = calloc(nwant, sizeof *names);
			for (size_t i = 0; names && i < nwant; i++)
				names[n++] = strdup(want[i]);
		}
	}
	for (size_t i = 0; rc == 0 && i < n && s->n < MAX_ANN; i++) {
		if (!names[i]) {
			rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
			break;
		}
		s->names[s->n] = names[i];
		names[i] = NULL;
		rc = xp_db_export_annotator(db, run, s->names[s->n], &s->c[s->n], e);
		s->n++;
	}
	if (rc == 0 && n > MAX_ANN)
		rc = xp_failc(e, XP_EUSAGE, path, 0, "more than %d annotators: name some with --annotator", MAX_ANN);
	if (rc == 0 && s->n < 2)
		rc = xp_failc(e, XP_EINPUT, path, 0, "run %lld has %zu annotator(s) with live corrections: agreement needs two",
			      run, s->n);
	if (names)
		xp_db_annotators_free(names, n);
	xp_db_close(db);
	return rc;
}

static json_t *alpha_json(const xp_alpha *a)
{
	return json_pack("{s:o,s:o,s:o,s:I,s:I}", "alpha", isnan(a->alpha) ? json_null() : json_real(a->alpha),
			 "observed", isnan(a->d_o) ? json_null() : json_real(a->d_o),
			 "expected", isnan(a->d_e) ? json_null() : json_real(a->d_e), "values", (json_int_t)a->n,
			 "mentions", (json_int_t)a->units);
}

static void f1s(const xp_scores *s, double *mf, double *cf)
{
	double r, p;
	xp_prf(s, XP_MENTIONS, &r, &p, mf);
	*cf = xp_conll_f1(s);
}

static int print_json(const sources *s, const xp_agreement *a)
{
	json_t *names = json_array(), *pairs = json_array();
	for (size_t i = 0; i < s->n; i++)
		json_array_append_new(names, json_string(s->names[i]));
	for (size_t k = 0; k < a->npairs; k++) {
		const xp_agree_pair *p = &a->pairs[k];
		double mf, cf;
		f1s(&p->s, &mf, &cf);
		/* over no document the F1s are undefined, not 0 (no_shared) */
		json_array_append_new(pairs, json_pack("{s:s,s:s,s:I,s:o,s:o}", "a", s->names[p->a], "b",
						       s->names[p->b], "documents", (json_int_t)p->documents,
						       "mention_f1", p->documents ? json_real(mf) : json_null(),
						       "conll_f1", p->documents ? json_real(cf) : json_null()));
	}
	json_t *o = json_pack("{s:o,s:I,s:{s:I,s:I,s:I,s:I},s:o,s:o,s:o}", "annotators", names, "documents",
			      (json_int_t)a->documents, "mentions", "all", (json_int_t)a->units,
			      "marked_by_all", (json_int_t)a->all, "marked_by_one", (json_int_t)a->lone,
			      "in_two_entities", (json_int_t)a->two_entities, "iaa1", alpha_json(&a->iaa1),
			      "iaa2", alpha_json(&a->iaa2), "pairs", pairs);
	char *t = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
	json_decref(o);
	if (!t)
		return 1;
	puts(t);
	free(t);
	return 0;
}

static void print_alpha(const char *what, const char *dist, const xp_alpha *a)
{
	if (isnan(a->alpha))
		printf("%s  alpha    n/a   %s (no pairable variation)\n", what, dist);
	else
		printf("%s  alpha %7.4f   %s (D_o %.4f, D_e %.4f)\n", what, a->alpha, dist, a->d_o, a->d_e);
}

static void print_text(const sources *s, const xp_agreement *a)
{
	printf("%zu annotators, %zu documents, %zu mentions: %zu marked by all, "
	       "%zu by one only (missing for the others: not pairable)\n",
	       s->n, a->documents, a->units, a->all, a->lone);
	printf("alpha over %zu mentions, %.0f values (a mention is missing for an annotator who did not mark it)\n",
	       a->iaa1.units, a->iaa1.n);
	print_alpha("IAA1", "Passonneau's distance", &a->iaa1);
	print_alpha("IAA2", "MASI distance", &a->iaa2);
	if (a->two_entities)
		printf("(%zu times an annotator put a mention in two entities: the first one counts)\n", a->two_entities);
	size_t w = 9;
	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->names[i]) > w)
			w = strlen(s->names[i]);
	printf("\n%-*s  %-*s  %9s  %10s  %8s\n", (int)w, "annotator", (int)w, "annotator", "documents", "mention F1",
	       "CoNLL F1");
	for (size_t k = 0; k < a->npairs; k++) {
		const xp_agree_pair *p = &a->pairs[k];
		double mf, cf;
		f1s(&p->s, &mf, &cf);
		if (!p->documents)
			printf("%-*s  %-*s  %9zu  %10s  %8s\n", (int)w, s->names[p->a], (int)w, s->names[p->b], p->documents,
			       "n/a", "n/a");
		else
			printf("%-*s  %-*s  %9zu  %9.2f%%  %7.2f%%\n", (int)w, s->names[p->a], (int)w, s->names[p->b],
			       p->documents, 100 * mf, 100 * cf);
	}
}

/* Files of which no two hold one document (another corpus, or documents
 * named otherwise: 'ep1' and 'ep1.conll'): every pair was compared over no
 * document and printed as 0.00% agreement, alpha n/a, exit 0.  Refused,
 * naming each file's first document.  (A store's annotators who worked in
 * different documents are a fact of the store: their pair says n/a.) */
static int no_shared(const sources *s, const xp_agreement *a, xp_err *e)
{
	for (size_t k = 0; k < a->npairs; k++)
		if (a->pairs[k].documents)
			return 0;
	xp_buf b = {0};
	for (size_t i = 0; i < s->n; i++) {
		const xp_corpus *c = &s->c[i];
		char part[32] = "";
		if (c->ndocs && c->docs[0].part)
			snprintf(part, sizeof part, " part %d", (int)c->docs[0].part);
		xp_buf_printf(&b, "%s%s ", i ? ", " : "", s->names[i]);
		if (c->ndocs)
			xp_buf_printf(&b, "'%s'%s", c->docs[0].id, part);
		else
			xp_buf_printf(&b, "no document");
	}
	xp_failc(e, XP_EINPUT, s->names[0], 0, "no document is in two of the files (documents pair by id and part; the "
		 "first of each: %.*s): nothing to compare", (int)(b.n < 400 ? b.n : 400), b.p ? b.p : "");
	xp_buf_free(&b);
	return -1;
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"json", no_argument, 0, 'j'},
					   {"repair", no_argument, 0, 'r'},
					   {"db", required_argument, 0, 'D'},
					   {"run", required_argument, 0, 'R'},
					   {"annotator", required_argument, 0, 'a' | XP_OPT_MANY},
					   {0, 0, 0, 0}};
	int json = 0, repair = 0, ch;
	const char *db = NULL;
	long long runid = 0;
	char *want[MAX_ANN];
	size_t nwant = 0;
	xp_err ue;
	while ((ch = xp_cli_getopt("agree", argc, argv, "jr", lo)) != -1) {
		if (ch == 'j') json = 1;
		else if (ch == 'r') repair = 1;
		else if (ch == 'D') db = optarg;
		else if (ch == 'R' && xp_cli_int("--run", optarg, 1, INT64_MAX, &runid, &ue))
			return xp_cli_bad_value("agree", &ue);
		else if (ch == 'a' && nwant == MAX_ANN)
			return xp_cli_bad("agree", "at most %d annotators", MAX_ANN);
		else if (ch == 'a') want[nwant++] = optarg;
		else if (ch == '?') return 2;
	}
	int nfiles = argc - optind;
	if (db ? nfiles != 0 : (nfiles < 2 || nfiles > MAX_ANN))
		return xp_cli_usage(&xp_cmd_agree, 2);
	if (!db && (runid || nwant))
		return xp_cli_bad("agree", "--run and --annotator go with --db");
	if (db && nwant == 1)
		return xp_cli_bad("agree", "--annotator: name two or more (or none: every annotator)");
	/* one annotator named twice, or one file twice, is compared with itself
	 * (100%) and weighs twice in alpha: said, not measured */
	for (size_t i = 0; i < nwant; i++)
		for (size_t j = i + 1; j < nwant; j++)
			if (!strcmp(want[i], want[j]))
				return xp_cli_bad("agree", "--annotator '%s' is named twice: an annotator compared with "
						  "themselves agrees fully; name each once", want[i]);
	xp_cli_file f[MAX_ANN];
	size_t nf = 0;
	if (db)
		f[nf++] = (xp_cli_file){"--db", db, 0};
	for (int i = 0; i < nfiles; i++)
		f[nf++] = (xp_cli_file){"FILE", argv[optind + i], 2};
	sources s = {0};
	xp_agreement a = {0};
	xp_err e;
	int rc = xp_cli_check_files(f, nf, &e);
	if (!rc)
		rc = db ? from_store(&s, db, runid, want, nwant, &e) : from_files(&s, argv + optind, nfiles, repair, &e);
	if (!rc) {
		const xp_corpus *cv[MAX_ANN];
		for (size_t i = 0; i < s.n; i++)
			cv[i] = &s.c[i];
		rc = xp_agree(cv, (const char *const *)s.names, s.n, &a, &e);
		if (!rc && !db)
			rc = no_shared(&s, &a, &e);
	}
	if (rc)
		rc = xp_cli_error(&e);
	else
		rc = json ? print_json(&s, &a) : (print_text(&s, &a), 0);
	xp_agreement_free(&a);
	sources_free(&s);
	return rc;
}

const xp_cmd xp_cmd_agree = {
	"agree", run, "measure annotator agreement: Krippendorff's alpha, pairwise F1",
	"xproj agree [--json] [--repair] FILE FILE...\n"
	"       xproj agree --db STORE [--run N] [--annotator NAME --annotator NAME...] [--json]\n\n"
	"Two or more annotations of the same documents (CoNLL or jsonlines; documents pair by id and\n"
	"part and must have the same tokens), or the annotators of a correction store (each one's\n"
	"version: the corrected view with only their own live actions, relinks, merges, splits and\n"
	"target-only mentions too, in the documents they acted in).  Prints Krippendorff's alpha with mentions as units and entities as\n"
	"values, under Passonneau's set distance (IAA1) and the MASI distance (IAA2); a mention an\n"
	"annotator did not mark is a missing value for them.  Then mention F1 and CoNLL F1 of every\n"
	"pair of annotators over the documents both annotated.\n"
	"  --db STORE       compare the store's annotators (all with live actions in the run)\n"
	"  --run N          the store's run (default: the latest)\n"
	"  --annotator A    only these annotators (give two or more)\n"
	"  --json           {\"annotators\":[...],\"documents\":n,\"mentions\":{...},\"iaa1\":{\"alpha\":x,...},\n"
	"                   \"iaa2\":{...},\"pairs\":[{\"a\":..,\"b\":..,\"mention_f1\":x,\"conll_f1\":x},...]}\n"
	"  --repair         drop dangling brackets (and say so) instead of stopping",
};
