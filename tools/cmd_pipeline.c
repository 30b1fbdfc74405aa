/* tools/cmd_pipeline.c — `xproj pipeline`: subtitles and an annotated
 * English corpus to a silver target corpus, in one command. */
#include "cli.h"
#include "../pipeline/pipeline.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct option lo[] = {
	{"source", required_argument, 0, 's'},
	{"subs", required_argument, 0, 'S'},      {"tgt-subs", required_argument, 0, 'Z'},
	{"links", required_argument, 0, 'X'},     {"tgt-lang", required_argument, 0, 'L'},
	{"episodes", required_argument, 0, 'M'},  {"encoding", required_argument, 0, 'E'},
	{"tgt-encoding", required_argument, 0, 'G'}, {"keep-asides", no_argument, 0, 'K'},
	{"to-simplified", no_argument, 0, 'Y'},
	{"zh-tokens", required_argument, 0, 'z'}, {"band", required_argument, 0, 'b'},
	{"threshold", required_argument, 0, 'h'}, {"output", required_argument, 0, 'o'},
	{"alignments", required_argument, 0, 'A'}, {"probs", required_argument, 0, 'p'},
	{"one-based", no_argument, 0, '1'},       {"sym", required_argument, 0, 'y'},
	{"seed", required_argument, 0, 'e'},      {"threads", required_argument, 0, 't'},
	{"samplers", required_argument, 0, 'n'},  {"iters", required_argument, 0, 'i'},
	{"lowercase", no_argument, 0, 'l'},       {"rule", required_argument, 0, 'u'},
	{"gap", required_argument, 0, 'g'},       {"max-ratio", required_argument, 0, 'x'},
	{"trim-punct", no_argument, 0, 'P'},      {"min-prob", required_argument, 0, 'm'},
	{"collisions", required_argument, 0, 'c'}, {"prodrop", no_argument, 0, 'D'},
	{"chars", no_argument, 0, 'C'},           {"no-db", no_argument, 0, 'N'},
	{"quiet", no_argument, 0, 'q'},           {"config", required_argument, 0, 'F'},
	{0, 0, 0, 0}};

/* Options of the stages before projection; 0, or -1 on a bad value. */
static int early_opt(int ch, const char *v, xp_pipe_opts *o)
{
	switch (ch) {
	case 's': o->source = v; break;
	case 'S': o->subs = v; break;
	case 'Z': o->tgt_subs = v; break;
	case 'X': o->links = v; break;
	case 'M': o->episodes = v; break;
	case 'E': o->align.en_read.encoding = v; break;
	case 'G': o->align.tgt_read.encoding = v; break;
	case 'K': o->align.en_read.keep_asides = o->align.tgt_read.keep_asides = 1; break;
	case 'Y': o->align.en_read.simplified = o->align.tgt_read.simplified = 1; break;
	case 'L': o->align.tgt_lang = v; break;
	case 'z':
		if (strcmp(v, "char") && strcmp(v, "word"))
			return -1;
		o->align.zh_tokens = strcmp(v, "char") ? XP_TOK_WORDS : XP_TOK_CHARS;
		break;
	case 'b': o->align.ua.band = atoi(v); break;
	case 'h': o->align.ua.threshold = atof(v); break;
	case 'o': o->outdir = v; break;
	case 'A': o->alignments = v; break;
	case 'p': o->probs = v; break;
	case '1': o->one_based = 1; break;
	case 'y': return (int)(o->sym = (xp_sym)xp_sym_named(v)) < 0 ? -1 : 0;
	case 'e': o->wa.seed = strtoull(v, NULL, 10); break;
	case 't': o->wa.threads = atoi(v); break;
	case 'n': o->wa.samplers = atoi(v); break;
	case 'i': o->wa.iters = atoi(v); break;
	case 'l': o->wa.lowercase = 1; break;
	default: return 1;
	}
	return 0;
}

static int late_opt(int ch, const char *v, xp_pipe_opts *o, int *quiet)
{
	int k;
	switch (ch) {
	case 'u': return (k = xp_rule_named(v)) < 0 ? -1 : (o->proj.span.rule = (xp_rule)k, 0);
	case 'g': o->proj.span.gap = (uint32_t)atoi(v); break;
	case 'x': o->proj.span.max_ratio = atof(v); break;
	case 'P': o->proj.span.trim_punct = 1; break;
	case 'm': o->proj.span.min_prob = atof(v); break;
	case 'c': return (k = xp_collide_named(v)) < 0 ? -1 : (o->proj.collide = (xp_collide)k, 0);
	case 'D': o->proj.prodrop = 1; break;
	case 'C': o->proj.chars = 1; break;
	case 'N': o->no_db = 1; break;
	case 'q': *quiet = 1; break;
	case 'F': break;   /* read by xp_cli_config */
	default: return -1;
	}
	return 0;
}

static int parse(int argc, char **argv, xp_pipe_opts *o, int *quiet)
{
	int ch, rc = 0;
	while (!rc && (ch = getopt_long(argc, argv, "o:", lo, NULL)) != -1)
		if ((rc = early_opt(ch, optarg, o)) > 0)
			rc = late_opt(ch, optarg, o, quiet);
	if (rc || optind != argc || !o->source || !o->subs || !o->outdir || o->align.ua.band < 1 ||
	    o->wa.threads < 1 || o->wa.samplers < 1)
		return -1;
	return 0;
}

static void plan_notes(void *arg, const xp_batch *b)
{
	(void)arg;
	xp_cli_note_plan("pipeline", b);
}

static void progress(void *arg, xp_stage s)
{
	(void)arg;
	fprintf(stderr, "\rxproj pipeline: [%d/%d] %-10s", (int)s + 1, (int)XP_NSTAGES, xp_stage_name(s));
}

/* The inputs against every file the run writes in DIR. */
static int check_files(const xp_pipe_opts *o, xp_err *e)
{
	enum { NIN = 7, NOUT = XP_NOUTS + 2 };
	xp_cli_file f[NIN + NOUT] = {
		{"--source", o->source, 0}, {"--subs", o->subs, 0},         {"--tgt-subs", o->tgt_subs, 0},
		{"--links", o->links, 0},   {"--alignments", o->alignments, 0}, {"--probs", o->probs, 0},
		{"--episodes", o->episodes, 0}};
	char path[NOUT][4200];
	for (int k = 0; k < NOUT; k++) {
		const char *name = xp_out_name(k < XP_NOUTS ? (xp_out)k : XP_OUT_DB);
		snprintf(path[k], sizeof path[k], "%s/%s%s", o->outdir, name,
			 k < XP_NOUTS ? "" : k == XP_NOUTS ? "-wal" : "-shm");
		f[NIN + k] = (xp_cli_file){"-o", path[k], 1};
	}
	return xp_cli_check_files(f, NIN + NOUT, e);
}

static int run(int argc, char **argv)
{
	xp_pipe_opts o;
	xp_pipe_result r;
	xp_cli_conf conf;
	xp_err e;
	int quiet = 0, rc;
	xp_pipe_defaults(&o);
	if (xp_cli_config(lo, &argc, &argv, &conf, &e)) {
		xp_cli_config_free(&conf);
		return xp_cli_error(&e);
	}
	if (parse(argc, argv, &o, &quiet)) {
		xp_cli_config_free(&conf);
		return xp_cli_usage(&xp_cmd_pipeline, 2);
	}
	o.progress = !quiet && isatty(2) ? progress : NULL;
	if (check_files(&o, &e)) {
		xp_cli_config_free(&conf);
		return xp_cli_error(&e);
	}
	o.notes = plan_notes;
	o.align.read = xp_cli_note_read, o.align.arg = "pipeline";
	rc = xp_pipeline(&o, &r, &e);
	if (o.progress)
		fprintf(stderr, "\r%40s\r", "");
	if (rc) {
		xp_cli_error(&e);
	} else if (!quiet) {
		xp_buf b = {0};
		xp_pipe_summary(&o, &r, &b);
		fwrite(b.p ? b.p : "", 1, b.n, stdout);
		xp_buf_free(&b);
		char removed[200];
		xp_cli_removed(&r.align.removed, removed, sizeof removed);
		fflush(stdout);
		if (*removed)
			fprintf(stderr, "xproj pipeline: removed from the subtitles: %s (--keep-asides keeps them)\n", removed);
	}
	xp_cli_config_free(&conf);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_pipeline = {
	"pipeline", run, "subtitles + annotated English -> projected target corpus, in one command",
	"xproj pipeline --source EN.conll --subs S [--tgt-subs Z] [--links X] [--episodes MAP]\n"
	"               [--tgt-lang L] [--encoding E] [--keep-asides] [--to-simplified]\n"
	"               [--alignments A.pharaoh [--probs P] [--one-based]]\n"
	"               [wordalign, project and align options] [--no-db] [--quiet]\n"
	"               [--config FILE] -o DIR\n\n"
	"Runs align (the source's sentences as the utterances, against S and Z as\n"
	"`xproj align` does), bitext, word alignment (the built-in aligner, or the given --alignments of\n"
	"pairs.txt, e.g. from awesome-align), project and export, and adds the run to the\n"
	"correction database.  DIR (created if missing) gets aligned.jsonl, pairs.txt,\n"
	"pairs.map, alignments.pharaoh (and .probs), projected.conll, projected.jsonlines,\n"
	"report.json, summary.txt and corrections.db; the summary is also printed.  The\n"
	"files are replaced together only when every stage succeeded; corrections.db keeps\n"
	"earlier runs and their corrections.  Progress is shown on a terminal.\n"
	"  subtitles:  --episodes MAP, --encoding E, --tgt-encoding E, --keep-asides, --to-simplified\n"
	"              (as `xproj align`: an episode map for OPUS corpora and archives, charsets\n"
	"              detected unless given, asides removed unless kept)\n"
	"  align:      --tgt-lang L (default zh), --zh-tokens char|word, --band N, --threshold F\n"
	"  wordalign:  --sym M (default grow-diag-final-and), --seed S, --threads N,\n"
	"              --samplers N, --iters N, --lowercase\n"
	"  project:    --rule minmax|block, --gap K, --max-ratio R, --trim-punct, --min-prob P,\n"
	"              --collisions keep-first|merge|drop, --prodrop, --chars\n"
	"  --no-db     no correction database\n"
	"  --quiet     no progress, no summary on stdout\n"
	"  --config F  options from F, one per line: 'key = value' or 'key' for a switch\n"
	"              (long option names; '#' comments); command-line flags win",
};
