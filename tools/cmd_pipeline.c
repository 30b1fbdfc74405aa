/* tools/cmd_pipeline.c — `xproj pipeline`: subtitles and an annotated
 * English corpus to a silver target corpus, in one command. */
#include "groups.h"
#include "../io/dictd.h"
#include "../pipeline/pipeline.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* pipeline's own options; the rest are the stage commands' groups (groups.h) */
static const struct option own[] = {
	{"source", required_argument, 0, 's'}, {"output", required_argument, 0, 'o'},
	{"no-db", no_argument, 0, 'N'},        {"quiet", no_argument, 0, 'q'},
	{"config", required_argument, 0, 'F'}, {"train", required_argument, 0, 'T' | XP_OPT_MANY},
	{"scenes-only", no_argument, 0, 'O'}, {"alt-seeds", required_argument, 0, 'A'},
	{"save-model", no_argument, 0, 1001}, {"db-pairs", no_argument, 0, 1002},
	{"dict", required_argument, 0, 1003}, {0, 0, 0, 0}};
static const struct option *const groups[] = {own, xp_opts_subs, xp_opts_tgt_subs, xp_opts_target, xp_opts_ualign, xp_opts_alignments,
					      xp_opts_wordalign, xp_opts_project, xp_opts_output, NULL};

/* 0, or the exit status after a usage error was reported */
static int parse(int argc, char **argv, const struct option *lo, xp_pipe_opts *o, int *quiet)
{
	xp_plan_src src = {0};
	xp_err e = {0};
	int ch, rc;
	const char **train = calloc((size_t)argc + 1, sizeof *train);   /* fewer than argc */
	if (!train)
		return xp_cli_bad("pipeline", "out of memory");
	o->wa.train = train;
	while ((ch = xp_cli_getopt("pipeline", argc, argv, "o:", lo)) != -1) {
		switch (ch) {
		case 's': o->source = optarg; break;
		case 'o': o->outdir = optarg; break;
		case 'N': o->no_db = 1; break;
		case 'q': *quiet = 1; break;
		case 'F': break;   /* read by xp_cli_config */
		case 'T': train[o->wa.ntrain++] = optarg; break;
		case 'O': o->scenes_only = 1; break;
		case 1001: o->save_model = 1; break;
		case 1002: o->db_pairs = 1; break;
		case 1003: o->dict = optarg; break;
		case 'A':
			if (xp_cli_intv("--alt-seeds", optarg, 0, 4, &o->alt_seeds, &e))
				return xp_cli_bad_value("pipeline", &e);
			break;
		case '?': return 2;
		default:
			if ((rc = xp_opt_subs(ch, optarg, &src, &o->align, &e)) == 1 &&
			    (rc = xp_opt_ualign(ch, optarg, &o->align, &e)) == 1 &&
			    (rc = xp_opt_alignments(ch, optarg, &o->alignments, &o->probs, &o->one_based, &e)) == 1 &&
			    (rc = xp_opt_wordalign(ch, optarg, &o->wa, &o->sym, &e)) == 1 &&
			    (rc = xp_opt_project(ch, optarg, &o->proj, &e)) == 1)
				rc = xp_opt_output(ch, &o->keep_empty, &o->allow_empty);
			if (rc)
				return xp_cli_bad_value("pipeline", &e);
		}
	}
	o->subs = src.subs, o->tgt_subs = src.tgt, o->links = src.links, o->episodes = src.episodes;
	if (optind != argc)
		return xp_cli_usage(&xp_cmd_pipeline, 2);
	if (!o->source || !o->subs || !o->outdir)
		return xp_cli_required("pipeline", "--source", !!o->source, "--subs", !!o->subs, "-o", !!o->outdir, (char *)NULL);
	if (o->dict && o->alignments)
		return xp_cli_bad("pipeline", "--dict is for the built-in aligner: not with --alignments");
	if (o->save_model && (o->alignments || o->no_db))
		return xp_cli_bad("pipeline", "--save-model writes the built-in aligner's model for the database: "
				  "not with --alignments or --no-db");
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
static int check_files(const xp_pipe_opts *o, const char *config, xp_err *e)
{
	enum { NIN = 10, NOUT = XP_NOUTS + 2 };
	size_t nin = NIN + o->wa.ntrain;
	/* the files --dict names (a CEDICT file, or dictd's index and data):
	 * inputs too (`--dict DIR/summary.txt` was read, then written over) */
	char *dict[2] = {NULL, NULL};
	if (o->dict && xp_dict_files(o->dict, XP_DICT_AUTO, &dict[0], &dict[1], e))
		return -1;
	xp_cli_file *f = calloc(nin + NOUT, sizeof *f);
	if (!f) {
		free(dict[0]), free(dict[1]);
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	}
	const xp_cli_file in[NIN] = {
		{"--source", o->source, 0}, {"--subs", o->subs, 3},         {"--tgt-subs", o->tgt_subs, 3},
		{"--links", o->links, 0},   {"--alignments", o->alignments, 0}, {"--probs", o->probs, 0},
		{"--episodes", o->episodes, 0}, {"--config", config, 0},   {"--dict", dict[0], 0},
		{"--dict", dict[1], 0}};
	memcpy(f, in, sizeof in);
	for (size_t k = 0; k < o->wa.ntrain; k++)
		f[NIN + k] = (xp_cli_file){"--train", o->wa.train[k], 2};   /* each counted: not twice */
	char path[NOUT][4200];
	for (int k = 0; k < NOUT; k++) {
		const char *name = xp_out_name(k < XP_NOUTS ? (xp_out)k : XP_OUT_DB);
		snprintf(path[k], sizeof path[k], "%s/%s%s", o->outdir, name,
			 k < XP_NOUTS ? "" : k == XP_NOUTS ? "-wal" : "-shm");
		f[nin + k] = (xp_cli_file){"-o", path[k], 1};
	}
	int rc = xp_cli_check_files(f, nin + NOUT, e);
	free(f);
	free(dict[0]), free(dict[1]);
	return rc;
}

static int run(int argc, char **argv)
{
	xp_pipe_opts o;
	xp_pipe_result r;
	xp_cli_conf conf = {0};   /* freed on every path, also when the table fails */
	xp_err e;
	int quiet = 0, rc;
	struct option lo[96];
	xp_pipe_defaults(&o);
	if (xp_opts_table(lo, sizeof lo / sizeof *lo, groups, &e) || xp_cli_config(lo, &argc, &argv, &conf, &e)) {
		xp_cli_config_free(&conf);
		free((void *)o.wa.train);
		return xp_cli_error(&e);
	}
	if ((rc = parse(argc, argv, lo, &o, &quiet))) {
		xp_cli_config_free(&conf);
		free((void *)o.wa.train);
		return rc;
	}
	o.progress = !quiet && isatty(2) ? progress : NULL;
	if (check_files(&o, conf.path, &e)) {
		xp_cli_config_free(&conf);
		free((void *)o.wa.train);
		return xp_cli_error(&e);
	}
	o.notes = plan_notes;
	o.align.read = xp_cli_note_read, o.align.arg = "pipeline";
	/* XPROJ_PIPELINE_WHOLE=1: project and import the whole corpus at once
	 * (the same outputs); =0: say when that happened anyway, as
	 * XPROJ_PROJECT_WHOLE does for project */
	const char *whole = getenv("XPROJ_PIPELINE_WHOLE");
	o.whole = whole && *whole == '1';
	rc = xp_pipeline(&o, &r, &e);
	if (o.progress)
		fprintf(stderr, "\r%40s\r", "");
	if (!rc && whole && *whole == '0' && r.streamed != (XP_PIPE_STREAMED_PROJECT | (o.no_db ? 0 : XP_PIPE_STREAMED_IMPORT)))
		fprintf(stderr, "xproj pipeline: not streamed (%s): the whole corpus at once\n",
			!(r.streamed & XP_PIPE_STREAMED_PROJECT) ? "project" : "db import");
	if (!rc && r.train_empty)
		fprintf(stderr, "xproj pipeline: %s%s no sentence pair: trained without %s\n", r.train_empty_path,
			r.train_empty > 1 ? " and other --train files hold" : " holds", r.train_empty > 1 ? "them" : "it");
	/* a file of an earlier run this one does not write would be read as its */
	for (int f = 0; !rc && f < XP_NOUTS; f++)
		if (r.removed[f])
			fprintf(stderr, "xproj pipeline: %s %s/%s of an earlier run: this run does not write it%s\n",
				r.removed[f] > 0 ? "removed" : "could not remove", o.outdir, xp_out_name((xp_out)f),
				r.removed[f] > 0 ? "" : " (it is stale)");
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
		xp_cli_note_spread("pipeline", &r.align);
		if (*removed)
			fprintf(stderr, "xproj pipeline: removed from the subtitles: %s (--keep-asides keeps them)\n", removed);
		xp_cli_rules_unused("xproj pipeline: ", o.align.tgt_lang ? o.align.tgt_lang : r.align.tgt_lang, argc, argv);
	}
	xp_cli_config_free(&conf);
	free((void *)o.wa.train);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_pipeline = {
	"pipeline", run, "run every stage: subtitles + annotated English -> projected corpus",
	"xproj pipeline --source EN.conll --subs S [--tgt-subs Z] [--links X] [--episodes MAP]\n"
	"               [--tgt-lang L] [--encoding E] [--keep-asides] [--to-simplified]\n"
	"               [--alignments A.pharaoh [--probs P] [--one-based]]\n"
	"               [wordalign, project and align options] [--no-db] [--db-pairs] [--dict D]\n"
	"               [--save-model] [--quiet]\n"
	"               [--config FILE] -o DIR\n\n"
	"S (and Z): a subtitle file, a directory or zip archive with one file per episode\n"
	"(S07E01.srt ...), or 't=DIR1,f=DIR2': a directory per show, chosen by the letter\n"
	"after MMC's scene number (s07e01c03t: t, The Big Bang Theory; f: Friends).\n"
	"Without --tgt-lang the target language is guessed from the script of all the\n"
	"target text and said; a script that names no language (Latin) asks for it.\n"
	"Runs align (the source's sentences as the utterances, against S and Z as\n"
	"`xproj align` does), bitext (and its English mentions), word alignment (the\n"
	"built-in aligner, or the given --alignments of pairs.txt, e.g. from\n"
	"awesome-align), project and export, and adds the run to the correction\n"
	"database.  DIR (created if missing) gets aligned.jsonl, pairs.txt, pairs.map,\n"
	"pairs.spans (when the aligner used them), alignments.pharaoh (and .probs),\n"
	"projected.conll, projected.jsonlines,\n"
	"report.json, summary.txt and corrections.db; the summary is also printed.  The\n"
	"files are replaced together only when every stage succeeded; corrections.db keeps\n"
	"earlier runs and their corrections.  A file of an earlier run this run does not\n"
	"write (pairs.spans, alignments.probs) is then removed, and said.  Progress is\n"
	"shown on a terminal.\n"
	"  Each group's options are the stage command's own, with its ranges and defaults.\n"
	"  subtitles:  --episodes MAP, --encoding E, --tgt-encoding E, --keep-asides, --to-simplified\n"
	"              (as `xproj align`: an episode map for OPUS corpora and archives, charsets\n"
	"              detected unless given, asides removed unless kept)\n"
	"  align:      --tgt-lang L (default: from the script), --unspaced-tokens char|word\n"
	"              (or the pack's name of earlier releases, for this release: CHANGELOG.md),\n"
	"              --band N, --threshold F\n"
	"  wordalign:  --sym M (default grow-diag-final-and), --seed S, --threads N,\n"
	"              --samplers N, --iters N, --settle E, --lowercase, --no-name-prior, --name-prior F,\n"
	"              --no-closed-prior, --closed-prior F, --no-loan-prior, --loan-prior F,\n"
	"              --loan-langs L, --span-factor X, --no-spans (the transcript's mentions,\n"
	"              pairs.spans, as soft constraints, as wordalign --src-spans: by default\n"
	"              for the languages whose pack asks (no built-in pack does), at factor 2;\n"
	"              --span-factor X for any language; --no-spans: none),\n"
	"              --one-way P (default 0.5; 0 keeps every one-way link),\n"
	"              --train F (more pairs to train on,\n"
	"              repeatable); the built-in aligner also trains on every bilingual pair of\n"
	"              the episodes' subtitles, whole episodes, not only the transcript's scenes\n"
	"              (--scenes-only: on the scenes' bitext alone); --alt-seeds N\n"
	"              (0-4, default 0) aligns N more times with other seeds for the confidence's\n"
	"              seed_agree (each run costs as much as the first; without, its mean)\n"
	"              --no-normalize[=PART,...] (the aligner's words as given; by default\n"
	"              normalised, the source as English, the target as its language, with\n"
	"              the stems its pack gives the pair: =stem turns them off)\n"
	"  project:    --rule minmax|block, --gap K, --max-ratio R, --trim-punct, --min-prob P,\n"
	"              --collisions keep-first|merge|drop, --chars, --rules SPEC (the language\n"
	"              rules: +NAME, -NAME, default, none, all; xproj project --list-rules),\n"
	"              --segmenter-data DIR (or the pack's name of earlier releases, for this\n"
	"              release: CHANGELOG.md), --uncalibrated; the\n"
	"              switches of earlier releases, aliases\n"
	"              of --rules for this release only: --prodrop, --skip-articles, --np LIST,\n"
	"              --no-np LIST, and the switch that turns a pack's rule off (xproj\n"
	"              project lists it beside its rule: --list-rules)\n"
	"  --keep-empty  write documents without a target sentence too (left out by default)\n"
	"  --allow-empty  write the run even when no utterance got target text or no mention\n"
	"              was projected (refused by default: empty or unreadable subtitles would\n"
	"              replace the outputs with nothing and add an empty latest run)\n"
	"  --no-db     no correction database\n"
	"  --db-pairs  the built-in aligner also learns from the store: the span pairs of the\n"
	"              mentions a person corrected or kept in DIR/corrections.db's runs of the\n"
	"              target language (`xproj db pairs`) train its lexical model (as wordalign\n"
	"              --train-lex); the summary says how many, the run records it.  Off by\n"
	"              default: measured, the gain did not hold (docs/rules.md)\n"
	"  --dict D    the built-in aligner also learns from a bilingual dictionary in dictd's\n"
	"              format (FreeDict's, /usr/share/dictd/freedict-eng-fra) or CEDICT's (one\n"
	"              file; the format found from the path), as wordalign --dict: its pairs\n"
	"              whose words all occur in the bitext train the lexical\n"
	"              model; the summary says how many, the run records the path\n"
	"  --save-model  write the built-in aligner's model (as wordalign --save-model) to\n"
	"              DIR/wordalign.model and record it with the run in corrections.db: a\n"
	"              re-pair in the workbench then proposes the utterance's spans again\n"
	"              (kept across runs as the database is; a later one replaces it)\n"
	"  --quiet     no progress, no summary on stdout\n"
	"  --config F  options from F, one per line: 'key = value' or 'key' for a switch\n"
	"              (long option names; '#' comments); command-line flags win",
};
