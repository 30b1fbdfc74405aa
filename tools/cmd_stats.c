/* tools/cmd_stats.c — `xproj stats`: corpus counts per file. */
#include "cli.h"
#include "../io/conllu.h"
#include "../io/mmax2.h"
#include "../io/read.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

/* A file read as MMAX2 also says what its coref level held and what the
 * reader's policy changed (io/mmax2.h). */
static json_t *mmax2_json(const xp_mmax2_tally *t)
{
	return json_pack("{s:I,s:I,s:I,s:I,s:I}", "markables", (json_int_t)t->markables, "chains",
			 (json_int_t)t->chains, "unclassed", (json_int_t)t->unclassed, "discontinuous",
			 (json_int_t)t->discontinuous, "cross_sentence", (json_int_t)t->cross_sentence);
}

static int json_out(char **files, int n, const xp_counts *c, const xp_mmax2_tally *mt,
		    const xp_corefud_tally *ct)
{
	json_t *arr = json_array();
	for (int i = 0; i < n; i++) {
		json_t *x = json_pack("{s:s,s:I,s:I,s:I,s:I,s:I,s:I}", "path", files[i],
			"documents", (json_int_t)c[i].documents, "sentences", (json_int_t)c[i].sentences,
			"tokens", (json_int_t)c[i].tokens, "mentions", (json_int_t)c[i].mentions,
			"clusters", (json_int_t)c[i].clusters, "singletons", (json_int_t)c[i].singletons);
		if (mt[i].documents)
			json_object_set_new(x, "mmax2", mmax2_json(&mt[i]));
		if (ct[i].documents)
			json_object_set_new(x, "corefud", json_pack("{s:I,s:I,s:I,s:I}", "discontinuous",
				(json_int_t)ct[i].discontinuous, "zero", (json_int_t)ct[i].zero, "split_ante",
				(json_int_t)ct[i].split_ante, "bridge", (json_int_t)ct[i].bridge));
		json_array_append_new(arr, x);
	}
	json_t *o = json_pack("{s:o}", "files", arr);
	char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	if (!s)
		return 1;
	puts(s);
	free(s);
	return 0;
}

static void row(const char *name, const xp_counts *c)
{
	printf("%-40s %9zu %9zu %9zu %9zu %9zu %10zu\n", name, c->documents, c->sentences,
	       c->tokens, c->mentions, c->clusters, c->singletons);
}

static void table_out(char **files, int n, const xp_counts *c)
{
	printf("%-40s %9s %9s %9s %9s %9s %10s\n", "file", "documents", "sentences", "tokens",
	       "mentions", "clusters", "singletons");
	xp_counts t = {0};
	for (int i = 0; i < n; i++) {
		row(files[i], &c[i]);
		t.documents += c[i].documents, t.sentences += c[i].sentences;
		t.tokens += c[i].tokens, t.mentions += c[i].mentions;
		t.clusters += c[i].clusters, t.singletons += c[i].singletons;
	}
	if (n > 1)
		row("total", &t);
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"json", no_argument, 0, 'j'},
					   {"repair", no_argument, 0, 'r'},
					   {"format", required_argument, 0, 'f'},
					   {0, 0, 0, 0}};
	int json = 0, ch, fmt = XP_FMT_AUTO;
	xp_diags dg = {0};
	xp_read_opts o = {.diags = &dg};
	xp_err e;
	while ((ch = xp_cli_getopt("stats", argc, argv, "jrf:", lo)) != -1) {
		if (ch == 'j') json = 1;
		else if (ch == 'r') o.repair = 1;
		else if (ch == 'f' && xp_cli_format("--format", optarg, &fmt, &e)) return xp_cli_bad_value("stats", &e);
		else if (ch == '?') return 2;
	}
	int n = argc - optind;
	if (n < 1)
		return xp_cli_usage(&xp_cmd_stats, 2);
	if (xp_cli_check_inputs(argv + optind, (size_t)n, "FILE", &e))
		return xp_cli_error(&e);
	xp_counts *counts = calloc((size_t)n, sizeof *counts);
	xp_mmax2_tally *mt = calloc((size_t)n, sizeof *mt);
	xp_corefud_tally *ct = calloc((size_t)n, sizeof *ct);
	int rc = counts && mt && ct ? 0 : 1;
	for (int i = 0; rc == 0 && i < n; i++) {
		xp_corpus c = {0};
		if (xp_read_corpus(argv[optind + i], (xp_format)fmt, &o, &c, &e))
			rc = xp_cli_error(&e);
		else
			xp_corpus_counts(&c, &counts[i]), xp_mmax2_tally_of(&c, &mt[i]), xp_corefud_tally_of(&c, &ct[i]);
		if (!json && (mt[i].documents || ct[i].documents))
			xp_cli_read_notes(argv[optind + i], &c);
		xp_corpus_free(&c);
	}
	if (o.repair)
		xp_cli_diags(&dg);
	xp_diags_free(&dg);
	if (rc == 0)
		rc = json ? json_out(argv + optind, n, counts, mt, ct) : (table_out(argv + optind, n, counts), 0);
	free(counts);
	free(mt);
	free(ct);
	return rc;
}

const xp_cmd xp_cmd_stats = {
	"stats", run, "count documents, sentences, tokens, mentions, clusters, singletons",
	"xproj stats [--json] [--repair] [--format conll|jsonlines|conllu|mmax2] FILE...\n\n"
	"A mention is a distinct (span, cluster) pair; a singleton is a cluster of one mention.\n"
	"FILE may be a .mmax file or a directory of them (MMAX2); --json then adds \"mmax2\":\n"
	"{markables, chains, unclassed, discontinuous, cross_sentence} (docs/formats.md); a CorefUD\n"
	"file (.conllu) \"corefud\": {discontinuous, zero, split_ante, bridge}.\n"
	"  --json      print {\"files\":[{\"path\":...,\"documents\":N,...}]}\n"
	"  --repair    drop dangling brackets (and say so) instead of stopping\n"
	"  --format F  read FILE as F instead of guessing from its name or content",
};
