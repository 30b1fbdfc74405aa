/* tools/cmd_wordalign.c — `xproj wordalign`: the built-in word aligner. */
#include "cli.h"
#include "groups.h"
#include "../io/read.h"
#include "../align/sym.h"
#include "../align/norm.h"
#include "../align/wordalign.h"
#include "../base/file.h"
#include "../base/mem.h"
#include "../base/outputs.h"
#include "../base/text.h"
#include "../io/names.h"
#include "../io/bitext.h"
#include "../io/dictd.h"
#include "../lang/script.h"

#include <getopt.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the aligner saw: each side's language and what normalising changed. */
static void say_normalized(const xp_wa *w, const xp_wa_opts *o)
{
	const char *empty;
	size_t nempty = xp_wa_train_empty(w, &empty);
	if (nempty)
		fprintf(stderr, "xproj wordalign: %s%s no sentence pair (an episode whose subtitles pair "
			"nothing?): trained without %s\n", empty, nempty > 1 ? " and other --train files hold" : " holds",
			nempty > 1 ? "them" : "it");
	for (int d = 0; d < 2; d++) {
		const xp_wa_norm *n = xp_wa_normalized(w, d);
		if (!n->parts) {
			fprintf(stderr, "xproj wordalign: %s words as given%s\n", d ? "target" : "source",
				o->normalize ? "" : " (--no-normalize)");
			continue;
		}
		char as[96];
		if (n->lang[0])
			snprintf(as, sizeof as, "as %s%s%s%s", n->lang, n->script[0] ? " (found from its " : "", n->script,
				 n->script[0] ? " script)" : "");
		else
			snprintf(as, sizeof as, "for any language (%s script%s)", n->script[0] ? n->script : "no",
				 n->script[0] ? " names none" : "");
		fprintf(stderr,
			"xproj wordalign: %s normalised %s: %llu of %llu tokens changed, %llu split, %llu dropped; "
			"%u word types -> %u\n",
			d ? "target" : "source", as, (unsigned long long)n->changed, (unsigned long long)n->tokens,
			(unsigned long long)n->split, (unsigned long long)n->dropped, n->types, n->ntypes);
		if (n->stem) {
			/* which stems, and why: a pair's pack sets them unasked */
			char m[24];
			xp_norm_stem_name(n->stem, m, sizeof m);
			if (n->stem_from == XP_WA_STEM_PAIR)
				fprintf(stderr, "xproj wordalign: %s stems: %s (the %s pack's for English and %s; "
						"--stem %s:none: none)\n", d ? "target" : "source", m,
					xp_wa_normalized(w, 1)->lang, xp_wa_normalized(w, 1)->lang, d ? "tgt" : "src");
			else if (n->stem_from == XP_WA_STEM_OPTION)
				fprintf(stderr, "xproj wordalign: %s stems: %s (%s)\n", d ? "target" : "source", m,
					o->model ? "the model's" : "--stem");
			else
				fprintf(stderr, "xproj wordalign: %s stems: %s (the %s pack's part `stem`; "
						"--stem %s:none: none)\n", d ? "target" : "source", m, n->lang, d ? "tgt" : "src");
		}
	}
	if (xp_wa_closed_cells(w))
		fprintf(stderr, "xproj wordalign: closed-class prior: %ld cells of pronouns linked %g times likelier\n",
			xp_wa_closed_cells(w), o->closed_prior);
	if (o->src_spans)
		fprintf(stderr, "xproj wordalign: English mention spans: %ld blocks held together (factor %g)%s\n",
			xp_wa_span_blocks(w), o->span_factor,
			xp_wa_span_blocks(w) || o->span_factor == 1 ? "" : "; not for this target language "
			"(--span-factor applies a factor to any)");
	if (xp_wa_loan_cells(w))
		fprintf(stderr, "xproj wordalign: loanword prior: %ld cells of rare words and their transliterations\n",
			xp_wa_loan_cells(w));
	int samplers, sweeps;
	xp_wa_schedule(w, &samplers, &sweeps);
	fprintf(stderr, "xproj wordalign: %d samplers a direction%s, %d sweeps each\n", samplers,
		o->samplers ? " (--samplers)" : o->model ? " (the model's)" : " (from the corpus size)", sweeps);
	/* how settled the chains were: the share of links their last sweeps
	 * moved, and with --settle the sweeps they made */
	double made, moved[3];
	xp_wa_settling(w, &made, moved);
	if (!o->model && !o->keep_state)
		fprintf(stderr, "xproj wordalign: links moved by each stage's last sweep: %.1f%%, %.1f%%, %.1f%%%s",
			100 * moved[0], 100 * moved[1], 100 * moved[2], o->settle > 0 ? "" : "\n");
	if (!o->model && !o->keep_state && o->settle > 0)
		fprintf(stderr, "; settled after %.1f sweeps on average (--settle %g)\n", made, o->settle);
	/* what each stage took of the plan's most, and why it stopped */
	int most[3], early[3];
	double took[3];
	xp_wa_stages(w, most, took, early);
	if (!o->model && !o->keep_state)
		fprintf(stderr, "xproj wordalign: sweeps a sampler made: 1 + %.1f + %.1f + %.1f of at most 1 + %d + %d + %d; "
			"converged early (the share of links a sweep moves fell by less than its noise) in "
			"%d, %d and %d of %d samplers; %s\n", took[0], took[1], took[2], most[0], most[1], most[2],
			early[0], early[1], early[2], 2 * samplers,
			o->iters ? "the rest ran the plan's length (--iters: no early stop)"
			: o->settle > 0 ? "the rest settled or ran the plan's length (--settle)"
			: "the rest ran the plan's length");
	if (o->ntrain_lex)
		fprintf(stderr, "xproj wordalign: %zu pairs for the lexical model only (--train-lex)\n",
			xp_wa_lexical(w));
}

static int put_align(xp_outputs *o, const char *path, const xp_walign *a, int probs, xp_err *e)
{
	xp_buf b = {0};
	if (probs)
		xp_probs_write(&b, a);
	else
		xp_pharaoh_write(&b, a, 0);
	int rc = b.oom ? xp_failc(e, XP_ENOMEM, path, 0, "out of memory") : xp_outputs_put(o, path, b.p ? b.p : "", b.n, e);
	xp_buf_free(&b);
	return rc;
}

/* -o, --probs, --forward and --reverse, written side by side as the links
 * are made (xp_wa_write), never all the links or all the text at once:
 * each file's generator opens the next file's, the last one writes them
 * all (as pipeline/run.c writes its three) */
typedef struct lwrite {
	xp_outputs *o;
	xp_wa *w;
	xp_sym sym;
	const char *path[4];
	xp_wa_sink sink[4];
	struct lslot { struct lwrite *L; int k; xp_put_fn put; void *pctx; } slot[4];
	size_t n, at;
	int bad;                 /* the file whose write failed first, or -1 */
	int hash_k;              /* the file (-o) whose bytes hash feeds, or -1 */
	uint64_t hash;           /* xp_hash of them: the names file's "# links" */
	xp_err errs[4];          /* each file's stream's failure */
	xp_err werr;             /* xp_wa_write's */
	int wfailed;
} lwrite;

static int lput(void *pctx, const void *data, size_t len)
{
	struct lslot *x = pctx;
	if (x->k == x->L->hash_k)
		x->L->hash = xp_hash_more(x->L->hash, data, len);
	int rc = x->put(x->pctx, data, len);
	if (rc && x->L->bad < 0)
		x->L->bad = x->k;
	return rc;
}

static int gen_links(void *ctx, xp_put_fn put, void *pctx)
{
	lwrite *L = ctx;
	size_t k = L->at++;
	L->slot[k] = (struct lslot){L, (int)k, put, pctx};
	L->sink[k].put = lput, L->sink[k].pctx = &L->slot[k];
	if (k + 1 < L->n)
		return xp_outputs_stream(L->o, L->path[k + 1], gen_links, L, &L->errs[k + 1]);
	if (xp_wa_write(L->w, L->sym, L->sink, L->n, &L->werr))
		return L->wfailed = 1, -1;
	return 0;
}

/* the files of lw (lw->n of them) written; the first failure reported */
static int put_links(lwrite *L, xp_wa *w, xp_err *e)
{
	L->w = w, L->bad = -1, L->hash = xp_hash("", 0);
	if (!L->n || !xp_outputs_stream(L->o, L->path[0], gen_links, L, &L->errs[0]))
		return 0;
	/* a file that could not be opened (--probs a directory) fails the
	 * streams around it too, each saying only that its generator failed
	 * ("out of memory" of -o): the innermost failure is the cause */
	size_t k = L->at < L->n ? L->at : L->n - 1;
	while (k > 0 && !L->errs[k].code)
		k--;
	*e = L->bad >= 0 ? L->errs[L->bad] : L->wfailed ? L->werr : L->errs[k];
	return -1;
}

/* every candidate link above --probs-floor, in Pharaoh and its prob file */
static int put_all(xp_outputs *o, const char *links, const char *probs, xp_wa *w, xp_err *e)
{
	xp_walign all = {0};
	int rc = 0;
	for (size_t s = 0; s < xp_wa_nsent(w) && !rc; s++)
		rc = xp_wa_all_links(w, s, &all, e);
	rc = rc || put_align(o, links, &all, 0, e) || put_align(o, probs, &all, 1, e);
	xp_walign_free(&all);
	return rc ? -1 : 0;
}

/* what the aligner learned of the names (io/names.h) */
static int put_names(xp_outputs *o, const char *path, const xp_wa *w, int phrases, const uint64_t *links, xp_err *e)
{
	xp_names nm;
	xp_buf b = {0};
	if (xp_names_init(&nm))
		return xp_failc(e, XP_ENOMEM, path, 0, "out of memory");
	if (links)
		nm.links = *links, nm.has_links = 1;
	/* (--phrases: the English word runs' target phrases, in the same file format) */
	int rc = phrases ? xp_wa_phrases(w, &nm, e) : xp_wa_names(w, &nm, e);
	if (!rc) {
		xp_names_write(&nm, &b);
		rc = b.oom ? xp_failc(e, XP_ENOMEM, path, 0, "out of memory") : xp_outputs_put(o, path, b.p, b.n, e);
	}
	xp_buf_free(&b);
	xp_names_free(&nm);
	return rc ? -1 : 0;
}

/* what training learned; with --minus (less: the model the pairs were
 * aligned with), the counts of the pairs alone, which the next round's
 * merge sums: all the samplers counted, less what they started from */
static int put_model(xp_outputs *o, const char *path, const xp_wa *w, xp_wa_model *less, xp_err *e)
{
	xp_buf b = {0}, own = {0};
	xp_wa_model *all = NULL, *mine = NULL;
	int rc = xp_wa_model_write(w, &b, e);
	if (!rc && less) {
		static const int sign[2] = {1, -1};
		const char *names[2] = {path, "--model less --minus"};
		rc = xp_wa_model_parse(path, b.p, b.n, &all, e) ||
		     xp_wa_model_combine((xp_wa_model *[]){all, less}, sign, names, 2, &mine, e) ||
		     xp_wa_model_bytes(mine, &own, e);
	}
	rc = rc || xp_outputs_put(o, path, less ? own.p : b.p ? b.p : "", less ? own.n : b.n, e);
	xp_wa_model_free(all);
	xp_wa_model_free(mine);
	xp_buf_free(&b);
	xp_buf_free(&own);
	return rc ? -1 : 0;
}

/* the samplers' links, for the next round (--state) */
static int put_state(xp_outputs *o, const char *path, const xp_wa *w, xp_err *e)
{
	xp_buf b = {0};
	int rc = xp_wa_state_write(w, &b, e) || xp_outputs_put(o, path, b.p ? b.p : "", b.n, e);
	xp_buf_free(&b);
	return rc ? -1 : 0;
}

/* --timing: the wall and CPU seconds (all threads) of now, into t[0..1]; 0 */
static int clocks(double t[2])
{
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
	t[0] = (double)a.tv_sec + a.tv_nsec / 1e9, t[1] = (double)b.tv_sec + b.tv_nsec / 1e9;
	return 0;
}

/* --timing: a line a phase, the aligner's (xp_wa_phases), then writing
 * the outputs, from t (clocks() when it began) */
static void say_timing(const xp_wa *w, const double t[2])
{
	xp_wa_phase ph[16];
	size_t n = xp_wa_phases(w, ph, 15);
	double e[2];
	clocks(e);
	/* (the links' text is made as it is written: xp_wa_write's time is
	 * the aligner's "links") */
	double lw = 0, lc = 0;
	for (size_t k = 0; k < n; k++)
		if (!strcmp(ph[k].name, "links"))
			lw = ph[k].wall, lc = ph[k].cpu;
	ph[n++] = (xp_wa_phase){"writing", e[0] - t[0] - lw, e[1] - t[1] - lc, xp_peak_kb()};
	for (size_t k = 0; k < n; k++)
		fprintf(stderr, "xproj wordalign: time: %-11s %8.2f s wall %8.2f s CPU, peak %6ld MB\n", ph[k].name,
			ph[k].wall, ph[k].cpu, ph[k].peak_kb / 1024);
}

static void progress(void *arg, const xp_wa_progress *p)
{
	(void)arg;
	if (p->total)
		fprintf(stderr, "\rxproj wordalign: %s %3.0f%% (%.0f s)   ", p->stage, 100.0 * p->done / p->total,
			p->seconds);
	else
		fprintf(stderr, "\rxproj wordalign: %s %llu pairs (%.0f s)   ", p->stage,
			(unsigned long long)p->done, p->seconds);
}

/* wordalign's own options; the aligner's are the shared group (groups.h) */
static const struct option own[] = {
	{"output", required_argument, 0, 'o'},  {"probs", required_argument, 0, 'p'},
	{"forward", required_argument, 0, 'F'}, {"reverse", required_argument, 0, 'R'},
	{"train", required_argument, 0, 'T' | XP_OPT_MANY},   {"train-lex", required_argument, 0, 'X' | XP_OPT_MANY},
	{"src-lang", required_argument, 0, 'S'},
	{"tgt-lang", required_argument, 0, 'L'}, {"save-model", required_argument, 0, 'M'},
	{"model", required_argument, 0, 'm'},   {"adapt-sweeps", required_argument, 0, 'A'},
	{"names", required_argument, 0, 'N'},   {"no-names", no_argument, 0, 'n'},
	{"src-spans", required_argument, 0, 'K'}, {"merge-models", required_argument, 0, 'G'},
	{"minus", required_argument, 0, 'U'},   {"prior-weight", required_argument, 0, 'W'},
	{"own-counts", no_argument, 0, 'Q'},    {"all-links", required_argument, 0, 'a'},
	{"all-probs", required_argument, 0, 'P'}, {"probs-floor", required_argument, 0, 'f'},
	{"phrases", required_argument, 0, 'Y'},
	{"state", required_argument, 0, 'Z'},   {"stage", required_argument, 0, 'J'},
	{"schedule", no_argument, 0, 'H'},     {"timing", no_argument, 0, 'I'},
	{"dict", required_argument, 0, 'D'},   {"dict-format", required_argument, 0, 'E'},
	{"stem", required_argument, 0, 'V' | XP_OPT_MANY},   /* once a side: src:, tgt: */
	{0, 0, 0, 0}};
static const struct option *const groups[] = {own, xp_opts_wordalign, NULL};

typedef struct args {
	xp_wa_opts wa;
	xp_sym sym;
	const char *out, *probs, *fwd, *rev;
	const char *save_model, *model;   /* --save-model, --model */
	const char *merge;                /* --merge-models OUT: the arguments are models */
	int other_opts;                   /* options other than --merge-models given */
	int schedule;                     /* --schedule: say the run's schedule, nothing trained */
	int timing;                       /* --timing: say where the time went */
	const char *minus;                /* --minus C: the model is --model's less C */
	const char *names;      /* --names; by default OUT's name with .names for .pharaoh */
	int no_names;           /* --no-names */
	const char *phrases;    /* --phrases: the English runs' target phrases */
	const char *spans;      /* --src-spans */
	const char *all_links, *all_probs;   /* --all-links, --all-probs: every candidate link */
	char names_buf[4096];
	int adapt;                        /* --adapt-sweeps; -1: not given */
	double weight;                    /* --prior-weight; 0: not given */
	int own;                          /* --own-counts */
	const char *state;                /* --state S: read if it exists, written after */
	int stage;                        /* --stage; 0: not given */
	const char **train;     /* each --train names one file: fewer than argc */
	size_t ntrain;
	const char **train_lex; /* each --train-lex names one file */
	size_t ntrain_lex;
	const char *dict;       /* --dict: a dictd or CEDICT dictionary (io/dictd.h) */
	xp_dict_format dict_format;   /* --dict-format; AUTO: from the path */
} args;

/* A real number above 0 and at most max, read as xp_cli_real reads one,
 * into *out; else XP_EUSAGE in e: "OPT: 'S' is not WHAT" (xp_cli_real's
 * range is closed: these two exclude 0). */
static int above_zero(const char *opt, const char *s, double max, const char *what, double *out, xp_err *e)
{
	double v;
	if (xp_cli_real(opt, s, 0, max, &v, e) || !(v > 0))
		return xp_failc(e, XP_EUSAGE, "", 0, "%s: '%s' is not %s", opt, s, what);
	*out = v;
	return 0;
}

/* 0, or the exit status after a usage error was reported */
static int parse(int argc, char **argv, const struct option *lo, args *a)
{
	xp_err e = {0};
	int ch;
	while ((ch = xp_cli_getopt("wordalign", argc, argv, "o:p:", lo)) != -1) {
		/* counted for --merge-models, which takes none: a merge with
		 * --stem none, --tgt-lang or --lowercase ran as without them, exit
		 * 0, the merged model of the models' own settings */
		a->other_opts += ch != 'G';
		switch (ch) {
		case 'o': a->out = optarg; break;
		case 'p': a->probs = optarg; break;
		case 'F': a->fwd = optarg; break;
		case 'R': a->rev = optarg; break;
		case 'T': a->train[a->ntrain++] = optarg; break;
		case 'X': a->train_lex[a->ntrain_lex++] = optarg; break;
		case 'D': a->dict = optarg; break;
		case 'E':
			if (xp_dict_format_parse(optarg, &a->dict_format))
				return xp_cli_bad("wordalign", "--dict-format is auto, dictd or cedict, not '%s'", optarg);
			break;
		case 'V': {   /* --stem [src:|tgt:]METHOD: both sides unless one is named */
			int side = !strncmp(optarg, "src:", 4) ? 0 : !strncmp(optarg, "tgt:", 4) ? 1 : 2, method;
			if (xp_norm_stem_parse(optarg + (side < 2 ? 4 : 0), &method))
				return xp_cli_bad("wordalign", "--stem is [src:|tgt:]learned, [src:|tgt:]prefix:N "
							       "(N 1 to %d) or [src:|tgt:]none, not '%s'",
						  XP_STEM_PREFIX_MAX, optarg);
			for (int d = 0; d < 2; d++) {
				if (side != 2 && side != d)
					continue;
				if (a->wa.stem[d] && a->wa.stem[d] != method)
					return xp_cli_bad("wordalign", "--stem: the %s side's method given twice, with "
								       "two methods ('%s')", d ? "target" : "source", optarg);
				a->wa.stem[d] = method;
			}
			break;
		}
		case 'S':
		case 'L':
			if (xp_cli_lang(ch == 'S' ? "--src-lang" : "--tgt-lang", optarg, &e))
				return xp_cli_bad_value("wordalign", &e);
			a->wa.lang[ch == 'L'] = optarg;
			break;
		case 'M': a->save_model = optarg; break;
		case 'm': a->model = optarg; break;
		case 'N': a->names = optarg; break;
		case 'n': a->no_names = 1; break;
		case 'Y': a->phrases = optarg; break;
		case 'K': a->spans = optarg; break;
		case 'G': a->merge = optarg; break;
		case 'H': a->schedule = 1; break;
		case 'I': a->timing = 1; break;
		case 'U': a->minus = optarg; break;
		case 'Q': a->own = 1; break;
		case 'Z': a->state = optarg; break;
		case 'J':
			if (!strcmp(optarg, "1") || !strcmp(optarg, "2") || !strcmp(optarg, "3")) {
				a->stage = optarg[0] - '0';
				break;
			}
			xp_failc(&e, XP_EUSAGE, "", 0, "--stage: '%s' is not 1, 2 or 3", optarg);
			return xp_cli_bad_value("wordalign", &e);
		case 'a': a->all_links = optarg; break;
		case 'P': a->all_probs = optarg; break;
		case 'f':
			if (above_zero("--probs-floor", optarg, 1, "a posterior (above 0, at most 1)", &a->wa.all_floor, &e))
				return xp_cli_bad_value("wordalign", &e);
			break;
		case 'W':
			if (above_zero("--prior-weight", optarg, 1e6, "a weight (above 0, at most 10^6)", &a->weight, &e))
				return xp_cli_bad_value("wordalign", &e);
			break;
		case 'A':
			if (xp_cli_intv("--adapt-sweeps", optarg, 0, 10000, &a->adapt, &e))
				return xp_cli_bad_value("wordalign", &e);
			break;
		case '?': return 2;
		default:
			if (xp_opt_wordalign(ch, optarg, &a->wa, &a->sym, &e))
				return xp_cli_bad_value("wordalign", &e);
		}
	}
	if (a->merge) {
		/* a form of its own: models in, a model out, nothing aligned */
		if (argc - optind < 1 || a->out || a->save_model || a->model || a->probs || a->fwd || a->rev ||
		    a->ntrain || a->ntrain_lex || a->dict || a->names || a->phrases || a->adapt >= 0 || a->minus || a->weight > 0 || a->own ||
		    a->state || a->stage || a->other_opts) {
			fprintf(stderr, "xproj wordalign: --merge-models OUT takes model files and no other option\n");
			return 2;
		}
		return 0;
	}
	if (a->schedule) {
		/* a form of its own: PAIRS and what decides the schedule in,
		 * nothing written but stdout */
		if (argc - optind != 1 || a->out || a->save_model || a->probs || a->fwd || a->rev || a->names ||
		    a->phrases || a->spans || a->all_links || a->all_probs || a->wa.all_floor > 0 || a->own ||
		    a->state || a->stage) {
			fprintf(stderr, "xproj wordalign: --schedule takes PAIRS and the options that decide the "
					"schedule (--train, --train-lex, --iters, --samplers, --model, languages), "
					"no output\n");
			return 2;
		}
		if (a->adapt >= 0 && !a->model) {
			fprintf(stderr, "xproj wordalign: --adapt-sweeps needs --model\n");
			return 2;
		}
		if ((a->minus || a->weight > 0) && !a->model) {
			fprintf(stderr, "xproj wordalign: --%s needs --model\n", a->minus ? "minus" : "prior-weight");
			return 2;
		}
		a->no_names = 1;
		return 0;
	}
	if (argc - optind != 1 || (!a->out && !a->save_model && !a->state))
		return xp_cli_usage(&xp_cmd_wordalign, 2);
	if (a->dict_format != XP_DICT_AUTO && !a->dict) {
		fprintf(stderr, "xproj wordalign: --dict-format needs --dict\n");
		return 2;
	}
	if (a->dict && !strcmp(argv[optind], "-")) {
		fprintf(stderr, "xproj wordalign: --dict reads PAIRS twice (its words, then its pairs): "
				"PAIRS cannot be stdin\n");
		return 2;
	}
	if (a->no_names)
		a->names = NULL;
	else if (!a->names && a->out && strcmp(a->out, "-") && !xp_is_device(a->out)) {
		/* next to the alignments, where `project` looks for it; not
		 * beside a device (-o /dev/null: /dev/null.names was made) */
		if (!xp_names_beside(a->out, a->names_buf, sizeof a->names_buf))
			a->names = a->names_buf;
	}
	if (!a->all_links != !a->all_probs || (a->wa.all_floor > 0 && !a->all_links)) {
		fprintf(stderr, "xproj wordalign: --all-links and --all-probs go together%s\n",
			a->wa.all_floor > 0 && !a->all_links ? " (--probs-floor is for them)" : "");
		return 2;
	}
	if (a->all_links && !(a->wa.all_floor > 0))
		a->wa.all_floor = XP_WA_ALL_FLOOR;
	if (a->own && !a->save_model) {
		fprintf(stderr, "xproj wordalign: --own-counts needs --save-model\n");
		return 2;
	}
	if (a->stage && !a->state) {
		fprintf(stderr, "xproj wordalign: --stage needs --state\n");
		return 2;
	}
	if (a->state && (a->all_links || a->wa.settle > 0)) {
		fprintf(stderr, "xproj wordalign: --state does not go with --%s\n", a->all_links ? "all-links" : "settle");
		return 2;
	}
	if ((a->adapt >= 0 && !a->state) && !a->model) {
		fprintf(stderr, "xproj wordalign: --adapt-sweeps needs --model or --state\n");
		return 2;
	}
	if ((a->minus || a->weight > 0 || a->own) && !a->model) {
		fprintf(stderr, "xproj wordalign: --%s needs --model\n",
			a->minus ? "minus" : a->weight > 0 ? "prior-weight" : "own-counts");
		return 2;
	}
	return 0;
}

/* `--merge-models OUT M...`: the models' counts summed into OUT (the
 * rounds of a bitext aligned in shards, docs/cmd/wordalign.md) */
static int merge_models(const char *out, int n, char **names)
{
	xp_err e = {0};
	xp_cli_file *files = calloc((size_t)n + 1, sizeof *files);
	xp_wa_model **m = calloc((size_t)n, sizeof *m), *r = NULL;
	xp_outputs wo = {0};
	xp_buf b = {0};
	int rc = !files || !m ? xp_failc(&e, XP_ENOMEM, "", 0, "out of memory") : 0;
	for (int k = 0; k < n && !rc; k++)
		files[k] = (xp_cli_file){"MODEL", names[k], 2};
	if (!rc)
		files[n] = (xp_cli_file){"--merge-models", out, 1};
	rc = rc || xp_cli_check_files(files, (size_t)n + 1, &e);
	for (int k = 0; k < n && !rc; k++)
		rc = xp_wa_model_read(names[k], &m[k], &e);
	rc = rc || xp_wa_model_merge(m, (const char *const *)names, (size_t)n, &r, &e) ||
	     xp_wa_model_bytes(r, &b, &e) || xp_outputs_put(&wo, out, b.p, b.n, &e) || xp_outputs_commit(&wo, &e);
	if (rc)
		rc = xp_cli_error(&e);
	else
		fprintf(stderr, "xproj wordalign: %d models merged into %s: %llu pairs, %u + %u words\n", n, out,
			(unsigned long long)xp_wa_model_pairs(r), xp_wa_model_words(r, 0), xp_wa_model_words(r, 1));
	xp_outputs_abort(&wo);
	xp_buf_free(&b);
	for (int k = 0; m && k < n; k++)
		xp_wa_model_free(m[k]);
	xp_wa_model_free(r);
	free(m);
	free(files);
	return rc;
}

/* The scripts of PAIRS' first pairs, side by side (sniff_pair). */
typedef struct sniff {
	xp_script_counter c[2];
	unsigned long n;
} sniff;

static int sniff_pair(void *arg, const xp_str *src, size_t ns, const xp_str *tgt, size_t nt, unsigned long line,
		      xp_err *err)
{
	(void)line, (void)err;
	sniff *s = arg;
	for (size_t k = 0; k < ns; k++)
		xp_script_count(&s->c[0], src[k].p, src[k].n);
	for (size_t k = 0; k < nt; k++)
		xp_script_count(&s->c[1], tgt[k].p, tgt[k].n);
	return ++s->n >= 2000;   /* enough to tell a script; 1 stops the reading */
}

/* A --model of other languages than PAIRS' (another pair, or the pair the
 * other way round) aligned it without a word, exit 0: each side normalised
 * as the model's language, the model's counts on words it never saw.  A
 * side whose letters are mostly in a script the model's language is not
 * written in is refused; a read error is left to the reading proper.
 * Without a model (model NULL), a --src-lang or --tgt-lang said of a side
 * in another script (xp_script_fits: Chinese given as Farsi) is refused
 * the same way: it normalised that side as another language's. */
static int model_fits_pairs(const char *pairs, const xp_wa_opts *o, const char *model, xp_err *e)
{
	sniff s;
	memset(&s, 0, sizeof s);
	if (xp_bitext_each(pairs, sniff_pair, &s, e) < 0)
		return 0;
	for (int d = 0; d < 2; d++) {
		xp_script_guess g;
		xp_script_result(&s.c[d], &g);
		if (!o->lang[d] || !o->lang[d][0] || !g.script[0] ||
		    (model ? g.share < 0.5 || xp_script_writes(g.script, o->lang[d]) : xp_script_fits(&g, o->lang[d])))
			continue;
		if (!model)
			return xp_failc(e, XP_EINPUT, pairs, 0,
					"its %s side is in the %s script%s%s%s, which --%s-lang %s is not written in "
					"(the pairs of another language, or another code meant?): nothing is written",
					d ? "target" : "source", g.script, g.lang[0] ? " (" : "", g.lang, g.lang[0] ? ")" : "",
					d ? "tgt" : "src", o->lang[d]);
		return xp_failc(e, XP_EINPUT, pairs, 0,
				"its %s side is in the %s script%s%s%s, the model %s was trained on %s: a model "
				"of another language pair, or of the pair the other way round?",
				d ? "target" : "source", g.script, g.lang[0] ? " (" : "", g.lang, g.lang[0] ? ")" : "",
				model, o->lang[d]);
	}
	return 0;
}

/* `--schedule`: the schedule a run of PAIRS with these options would take
 * (xp_wa_plan: the aligner's own rule, its corpus read and normalised,
 * nothing trained), one `key: value` a line on stdout, for the scripts
 * that split a run into rounds (workflow/Snakefile, bench/shard_gold.sh). */
static int say_schedule(const char *pairs, const args *a, const xp_wa_model *model)
{
	xp_err e = {0};
	/* no output to check the inputs against; M less M is still nothing */
	xp_cli_file files[2] = {{"--model", a->model, 2}, {"--minus", a->minus, 2}};
	xp_wa *w = NULL;
	xp_wa_sched s;
	int rc = 0;
	if (xp_cli_check_files(files, 2, &e) ||
	    ((model || a->wa.lang[0] || a->wa.lang[1]) && model_fits_pairs(pairs, &a->wa, model ? a->model : NULL, &e)) ||
	    xp_wa_new(&w, &a->wa, &e) || xp_wa_add_file(w, pairs, 0, &e) ||
	    xp_need_some(pairs, xp_wa_nsent(w), "sentence pairs", &e) || xp_wa_plan(w, &s, &e)) {
		if (a->wa.progress)
			fputs("\n", stderr);
		rc = xp_cli_error(&e);
	} else if (a->wa.progress && fputs("\r\033[K", stderr) < 0)
		rc = 1;
	else if (printf("pairs: %llu\nsamplers: %d\nstage1: %d\nstage2: %d\nstage3: %d\npasses: %d\nsweeps: %d\nstop: %s\n",
			(unsigned long long)s.pairs, s.samplers, s.sweeps[0], s.sweeps[1], s.sweeps[2], s.passes,
			1 + s.sweeps[0] + s.sweeps[1] + s.sweeps[2],
			s.exact ? "exactly these sweeps"
			: a->wa.settle > 0 ? "at most these sweeps (stages 2 and 3 end when their links settle, --settle)"
			: "at most these sweeps (stages 1 and 2 end when their links converge)") < 0 ||
		 fflush(stdout)) {
		xp_failc(&e, XP_EIO, "", 0, "cannot write to stdout");
		rc = xp_cli_error(&e);
	}
	xp_wa_free(w);
	return rc;
}

/* --dict: the pairs of the dictionary whose words all occur in PAIRS or a
 * --train file (io/dictd.h: the pairs that can meet in the bitext; every
 * pair aligned worse, docs/rules.md "A dictionary as the aligner's prior")
 * into out, for the lexical model as --train-lex pairs. */
static int dict_pairs(const args *a, const char *pairs, xp_buf *out, xp_dictd_stats *st, xp_err *e)
{
	xp_vocab seen[2];
	memset(seen, 0, sizeof seen);
	int rc = xp_vocab_init(&seen[0], 1) || xp_vocab_init(&seen[1], 1)
			 ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory")
			 : xp_dictd_seen_file(seen, pairs, e);
	for (size_t k = 0; !rc && k < a->ntrain; k++)
		rc = xp_dictd_seen_file(seen, a->train[k], e);
	xp_dictd_opts o = {{&seen[0], &seen[1]}};
	if (!rc)
		rc = xp_dict_pairs(a->dict, a->dict_format, &o, out, st, e);
	if (!rc && out->oom)
		rc = xp_failc(e, XP_ENOMEM, a->dict, 0, "out of memory");
	xp_vocab_free(&seen[0]);
	xp_vocab_free(&seen[1]);
	return rc;
}

static int run(int argc, char **argv)
{
	args a = {.sym = XP_SYM_GDFA, .adapt = -1};
	xp_wa_defaults(&a.wa);
	struct option lo[48];
	xp_err e;
	if (xp_opts_table(lo, sizeof lo / sizeof *lo, groups, &e))
		return xp_cli_error(&e);
	xp_cli_file *files = calloc((size_t)argc + 16, sizeof *files);
	a.train = calloc((size_t)argc + 1, sizeof *a.train);
	a.train_lex = calloc((size_t)argc + 1, sizeof *a.train_lex);
	if (!files || !a.train || !a.train_lex) {
		free(files);
		free(a.train);
		free(a.train_lex);
		xp_failc(&e, XP_ENOMEM, "", 0, "out of memory");
		return xp_cli_error(&e);
	}
	int rc = parse(argc, argv, lo, &a);
	if (!rc && a.merge)
		rc = merge_models(a.merge, argc - optind, argv + optind);
	if (rc || a.merge) {
		free(files);
		free(a.train);
		free(a.train_lex);
		return rc;
	}
	a.wa.train = a.train;
	a.wa.ntrain = a.ntrain;
	a.wa.train_lex = a.train_lex;
	a.wa.ntrain_lex = a.ntrain_lex;
	a.wa.progress = isatty(2) ? progress : NULL;
	xp_wa_model *model = NULL, *whole = NULL, *part = NULL;
	if (a.model) {
		/* read first: its settings decide how the pairs are read; with
		 * --minus, the model is the whole less the part */
		int bad = xp_wa_model_read(a.model, a.minus ? &whole : &model, &e);
		if (!bad && a.minus) {
			static const int sign[2] = {1, -1};
			const char *names[2] = {a.model, a.minus};
			bad = xp_wa_model_read(a.minus, &part, &e) ||
			      xp_wa_model_combine((xp_wa_model *[]){whole, part}, sign, names, 2, &model, &e);
			xp_wa_model_free(whole);
			xp_wa_model_free(part);
		}
		/* weighed after --minus: the prior is what the shard aligns
		 * with, and put_model takes that same prior from its counts */
		if (!bad && a.weight > 0)
			bad = xp_wa_model_scale(model, a.weight, a.model, &e);
		if (bad || xp_wa_model_settings(model, &a.wa, a.model, &e)) {
			xp_wa_model_free(model);
			free(files);
			free(a.train);
			free(a.train_lex);
			return xp_cli_error(&e);
		}
		a.wa.adapt_sweeps = a.adapt >= 0 ? a.adapt : XP_WA_ADAPT_SWEEPS;
	}
	if (a.schedule) {
		rc = say_schedule(argv[optind], &a, model);
		xp_wa_model_free(model);
		free(files);
		free(a.train);
		free(a.train_lex);
		return rc;
	}
	a.wa.keep_model = a.save_model != NULL;
	char *state = NULL;
	size_t state_len = 0;
	if (a.state) {
		/* a round's state: none before the first round */
		xp_err se = {0};
		if (xp_read_file(a.state, &state, &state_len, &se)) {
			if (xp_err_code(&se) != XP_ENOTFOUND) {
				xp_wa_model_free(model);
				free(files);
				free(a.train);
				free(a.train_lex);
				return xp_cli_error(&se);
			}
			state = NULL;
		}
		a.wa.state = state, a.wa.state_len = state_len, a.wa.state_name = a.state;
		a.wa.keep_state = 1;
		a.wa.stage = a.stage;
		a.wa.no_decode = !a.out && !a.probs && !a.fwd && !a.rev;
		a.wa.state_in_model = a.model && !a.minus && !a.own;
		if (!a.model)
			a.wa.adapt_sweeps = a.adapt >= 0 ? a.adapt : XP_WA_ADAPT_SWEEPS;
	}
	a.wa.learn_names = a.names != NULL;
	a.wa.learn_phrases = a.phrases != NULL;
	size_t nf = 0;
	/* PAIRS and the training files are counted, each as often as it is
	 * named: `--train a --train a`, a --train the config file gives and
	 * the command line again, or PAIRS as a --train trained on it twice,
	 * the weight of those pairs doubled, unsaid */
	files[nf++] = (xp_cli_file){"PAIRS", argv[optind], 2};
	for (size_t k = 0; k < a.ntrain; k++)
		files[nf++] = (xp_cli_file){"--train", a.train[k], 2};
	for (size_t k = 0; k < a.ntrain_lex; k++)
		files[nf++] = (xp_cli_file){"--train-lex", a.train_lex[k], 2};
	/* the files --dict names, each an input no output may replace (-o
	 * NAME.index with --dict NAME was written over the index) */
	char *dict_index = NULL, *dict_file = NULL;
	int dict_rc = a.dict ? xp_dict_files(a.dict, a.dict_format, &dict_index, &dict_file, &e) : 0;
	files[nf++] = (xp_cli_file){"--dict", dict_index, 0};
	files[nf++] = (xp_cli_file){"--dict", dict_file, 0};
	files[nf++] = (xp_cli_file){"--model", a.model, 2};   /* M less M: nothing */
	files[nf++] = (xp_cli_file){"--src-spans", a.spans, 0};
	files[nf++] = (xp_cli_file){"--minus", a.minus, 2};
	files[nf++] = (xp_cli_file){"-o", a.out, 1};
	files[nf++] = (xp_cli_file){"--save-model", a.save_model, 1};
	files[nf++] = (xp_cli_file){"--probs", a.probs, 1};
	files[nf++] = (xp_cli_file){"--names", a.names, 1};
	files[nf++] = (xp_cli_file){"--phrases", a.phrases, 1};
	files[nf++] = (xp_cli_file){"--forward", a.fwd, 1};
	files[nf++] = (xp_cli_file){"--reverse", a.rev, 1};
	files[nf++] = (xp_cli_file){"--all-links", a.all_links, 1};
	files[nf++] = (xp_cli_file){"--all-probs", a.all_probs, 1};
	files[nf++] = (xp_cli_file){"--state", a.state, 1};   /* read first, then replaced */
	xp_walign spans = {0};
	xp_buf dict = {0};
	xp_dictd_stats dst = {0};
	double tw[2] = {0, 0};   /* when writing began (--timing) */
	xp_wa *w = NULL;
	xp_outputs wo = {0};
	lwrite lw = {.o = &wo, .sym = a.sym, .hash_k = -1};
	const char *lpath[4] = {a.out, a.probs, a.fwd, a.rev};
	for (int k = 0; k < 4; k++)
		if (lpath[k]) {
			lw.path[lw.n] = lpath[k];
			if (k == 0)   /* -o: its hash goes into the names file */
				lw.hash_k = (int)lw.n;
			lw.sink[lw.n++] = (xp_wa_sink){k < 2 ? XP_WA_SYM : k == 2 ? XP_WA_FWD : XP_WA_REV, k == 1, NULL, NULL};
		}
	if (a.spans)
		a.wa.src_spans = &spans, a.wa.src_spans_name = a.spans;
	if (dict_rc || xp_cli_check_files(files, nf, &e) || ((model || a.wa.lang[0] || a.wa.lang[1]) &&
	     model_fits_pairs(argv[optind], &a.wa, model ? a.model : NULL, &e)) ||
	    (a.spans && xp_pharaoh_read_file(a.spans, 0, &spans, &e)) ||
	    (a.dict && (xp_wa_dict_fits(a.dict,
				    (a.dict_format == XP_DICT_AUTO ? xp_dict_detect(a.dict) : a.dict_format) == XP_DICT_CEDICT,
				    a.wa.lang, &e) || dict_pairs(&a, argv[optind], &dict, &dst, &e) ||
				    xp_wa_dict_nonempty(a.dict, dst.pairs, dst.unseen, dst.entries, &e))) ||
	    (a.dict && (a.wa.lex_mem = dict.p, a.wa.lex_mem_len = dict.n, a.wa.lex_mem_name = a.dict, 0)) ||
	    xp_wa_new(&w, &a.wa, &e) ||
	    xp_wa_add_file(w, argv[optind], 0, &e) ||
	    xp_need_some(argv[optind], xp_wa_nsent(w), "sentence pairs", &e) ||   /* would replace OUT with nothing */
	    xp_wa_run(w, &e) ||
	    (a.wa.progress && fputs("\r\033[K", stderr) < 0) ||
	    clocks(tw) || (a.state && put_state(&wo, a.state, w, &e)) ||
	    (!a.wa.no_decode && put_links(&lw, w, &e)) ||
	    (a.save_model && put_model(&wo, a.save_model, w, (a.minus || a.own) && !a.state ? model : NULL, &e)) ||
	    (a.names && put_names(&wo, a.names, w, 0, lw.hash_k >= 0 ? &lw.hash : NULL, &e)) ||
	    (a.phrases && put_names(&wo, a.phrases, w, 1, lw.hash_k >= 0 ? &lw.hash : NULL, &e)) ||
	    (a.all_links && put_all(&wo, a.all_links, a.all_probs, w, &e)) ||
	    xp_outputs_commit(&wo, &e)) {
		if (a.wa.progress)
			fputs("\n", stderr);
		rc = xp_cli_error(&e);
	} else {
		say_normalized(w, &a.wa);
		if (a.dict)
			fprintf(stderr, "xproj wordalign: %zu pair%s of the dictionary %s for the lexical model (--dict; "
				"%zu more have a word the bitext lacks)\n", dst.pairs, dst.pairs == 1 ? "" : "s", a.dict,
				dst.unseen);
		if (a.dict && !dst.pairs && dst.unseen)
			fprintf(stderr, "xproj wordalign: none of the dictionary's pairs has its words in the bitext: it did "
				"nothing (a dictionary of another language pair, or the pair the other way round?)\n");
		if (a.timing)
			say_timing(w, tw);
		if (model)
			fprintf(stderr,
				"xproj wordalign: aligned with the model %s (%llu pairs, %u + %u words, weight %g), %d adaptation sweeps\n",
				a.model, (unsigned long long)xp_wa_model_pairs(model), xp_wa_model_words(model, 0),
				xp_wa_model_words(model, 1), a.weight > 0 ? a.weight : 1.0, a.wa.adapt_sweeps);
		if (a.state)
			fprintf(stderr, "xproj wordalign: links of %s %s, %d sweeps of stage %d, written to it%s\n", a.state,
				a.wa.state ? "continued" : model ? "drawn from the model" : "begun at random",
				a.wa.adapt_sweeps, a.wa.stage ? a.wa.stage : 3, a.wa.no_decode ? "; no links read off" : "");
	}
	xp_outputs_abort(&wo);
	xp_wa_free(w);
	xp_wa_model_free(model);
	xp_walign_free(&spans);
	xp_buf_free(&dict);
	free(dict_index);
	free(dict_file);
	free(state);
	free(files);
	free(a.train);
	free(a.train_lex);
	return rc;
}

const xp_cmd xp_cmd_wordalign = {
	"wordalign", run, "align the words of a bitext (built-in Bayesian HMM with fertility)",
	"xproj wordalign PAIRS -o OUT.pharaoh [--train MORE.pairs]... [--probs OUT.probs]\n"
	"                [--save-model M] [--model M [--minus C] [--adapt-sweeps N] [--prior-weight W]\n"
	"                [--own-counts]] [--state S [--stage N]]\n"
	"                [--names F | --no-names] [--phrases F]\n"
	"                [--train-lex SPANS.pairs]... [--dict D [--dict-format F]] [--sym METHOD] [--threads N] [--seed S] [--samplers N] [--iters N]\n"
	"                [--settle E]\n"
	"                [--lowercase] [--src-lang L] [--tgt-lang L] [--no-normalize[=PART,...]]\n"
	"                [--stem [src:|tgt:]learned|prefix:N|none]\n"
	"                [--no-name-prior | --name-prior F] [--no-closed-prior | --closed-prior F]\n"
	"                [--no-loan-prior | --loan-prior F] [--loan-langs L]\n"
	"                [--one-way P] [--src-spans F [--span-factor X | --no-spans]]\n"
	"                [--forward F.pharaoh] [--reverse R.pharaoh]\n"
	"                [--all-links A.pharaoh --all-probs A.probs [--probs-floor P]]\n"
	"       xproj wordalign --merge-models OUT M1 M2...\n"
	"       xproj wordalign PAIRS --schedule [--train F]... [--train-lex F]... [--iters N]\n"
	"                [--samplers N] [--model M [--minus C] [--adapt-sweeps N]] [OPTIONS]\n\n"
	"PAIRS has one 'src ||| tgt' line per sentence pair (as `xproj bitext` writes);\n"
	"it and every --train file may be gzipped.  Both directions are sampled\n"
	"(collapsed Gibbs sampling, eflomal's model), then symmetrised.  Output is\n"
	"0-based Pharaoh 'i-j', one line per line of PAIRS; --probs writes each link's\n"
	"posterior in awesome-align's prob-file layout.  The same --seed gives the same\n"
	"output for any --threads.  Progress is shown on a terminal.\n"
	"  --train F      more sentence pairs of the same languages, used for training\n"
	"                 only (no output lines); repeat for more files\n"
	"  --train-lex F  pairs for the lexical model only: short pairs such as\n"
	"                 `xproj mention-pairs` writes (a span and its translation);\n"
	"                 sampled with the rest, but their word order and fertilities\n"
	"                 are not counted, nor are they in the corpus size the sweeps\n"
	"                 come from; repeat for more files\n"
	"  --dict D       a bilingual dictionary in dictd's format (FreeDict's, as\n"
	"                 Debian installs them: D is /usr/share/dictd/freedict-eng-fra\n"
	"                 or its .index) or CEDICT's (one file, cedict_ts.u8: English\n"
	"                 glosses against the Simplified headword), its\n"
	"                 headword/translation pairs given to the lexical model as\n"
	"                 --train-lex pairs: those whose words all occur in PAIRS or a\n"
	"                 --train file; for a small bitext (docs/cmd/wordalign.md)\n"
	"  --dict-format F  auto (default: dictd's unless D is one file without\n"
	"                 D.index next to it), dictd or cedict\n"
	"  --names F      write the target forms of the English names learned from\n"
	"                 every pair trained on, --train ones too (the words each\n"
	"                 name's occurrences were linked to, the frequent ones) to F;\n"
	"                 by default OUT with .names for .pharaoh, where `project`\n"
	"                 reads them (its rule 'names'); --no-names: not at all\n"
	"  --phrases F    write the target phrases of the English word runs (1 to 4\n"
	"                 words, no punctuation, seen 3 times or more) learned from\n"
	"                 every pair trained on: the words each run's links reach\n"
	"                 when no word among them is linked outside the run, the\n"
	"                 frequent ones, in the names file's format; `project\n"
	"                 --phrases F` reads them (its rule 'phrases', off by default)\n"
	"  --save-model M write what training learned (lexical, jump and fertility\n"
	"                 counts of every sampler, the vocabularies, the normalisation\n"
	"                 and prior settings, the stems) to the model file M (.gz:\n"
	"                 compressed); -o is then optional\n"
	"  --model M      align PAIRS with the model M instead of training: every\n"
	"                 sampler starts from the model's counts, so that shards of a\n"
	"                 large bitext share one prior; the normalisation, stems and\n"
	"                 prior settings are the model's (others given are refused)\n"
	"  --adapt-sweeps N  with --model: sweeps over PAIRS, their counts joining the\n"
	"                 model's, before the links are read off (default 2)\n"
	"  --prior-weight W  with --model: the model's counts weigh W times (default\n"
	"                 1), as if it had been trained on W times its pairs: a model\n"
	"                 of a sample weighs like the rest of the bitext with W =\n"
	"                 (pairs - shard's) / sample's pairs\n"
	"  --own-counts   with --model and --save-model: write the counts of PAIRS\n"
	"                 alone, the model's taken away (as --minus does): a round's\n"
	"                 input to --merge-models when the round began from a model\n"
	"                 of a sample\n"
	"  --state S      a round of shards in sync (docs/workflow.md): continue the\n"
	"                 samplers' links of PAIRS saved in S (if it exists; else\n"
	"                 drawn from --model, or at random), make --adapt-sweeps\n"
	"                 sweeps (default 2) of --stage against --model's counts, no\n"
	"                 training stages, and write the links left to S; a state of\n"
	"                 other pairs or samplers is refused; -o optional (without\n"
	"                 it no links are read off).  --model is the merge of the\n"
	"                 round that wrote S: the counts of S's links are taken out\n"
	"                 of it (a model that holds fewer is refused); --save-model\n"
	"                 writes the counts of the links left alone\n"
	"  --stage N      with --state: what the sweeps sample: 1 lexical, 2 + jumps,\n"
	"                 3 + fertility (default), the one run's stages\n"
	"  --minus C      with --model M: align with M less the counts of the model C\n"
	"                 (this shard's own of the round before, which M, their merge,\n"
	"                 holds); --save-model then writes the counts of PAIRS alone,\n"
	"                 for the next round's --merge-models (with --state: not\n"
	"                 needed, the state's links give them)\n"
	"  --merge-models OUT  sum the counts of the models given (each trained with\n"
	"                 --save-model on a shard of one bitext, with the same settings\n"
	"                 and --samplers) into the model OUT, vocabularies unioned:\n"
	"                 aligning each shard with OUT (--model), every shard learns\n"
	"                 from every pair\n"
	"  --schedule     train nothing, write nothing: print the schedule a run of\n"
	"                 PAIRS with the options given would take, one 'key: value'\n"
	"                 a line on stdout: pairs (the corpus size it comes from),\n"
	"                 samplers (a direction), stage1, stage2, stage3 (each\n"
	"                 stage's sweeps), passes (the links are read off), sweeps\n"
	"                 (1 + the three stages', as a run says), stop (whether a\n"
	"                 stage may end sooner, once its links converge: the\n"
	"                 sweeps are then the most); the aligner's own rule, for\n"
	"                 scripts that split a run into rounds\n"
	"  --sym M        intersect | union | grow-diag | grow-diag-final |\n"
	"                 grow-diag-final-and (default)\n"
	"  --one-way P    a link only one direction chose takes part in the\n"
	"                 symmetrisation only when that direction's samples took it at\n"
	"                 least P of the time (default 0.5; 0: every link)\n"
	"  --threads N    samplers run in parallel (default: the number of cores)\n"
	"  --samplers N   independent samplers per direction (default 3, and more for\n"
	"                 a small corpus: as many as make 100M token sweeps, up to 16)\n"
	"  --iters N      sweeps of the last stage (default: from the corpus size)\n"
	"  --settle E     stop the second and third stages early once their links have\n"
	"                 settled: when the share of links a sweep moves, over 8 sweeps,\n"
	"                 falls by less than E (relative, 0-1; 0.01 or 0.02) from the 8\n"
	"                 before; each sampler on its own (default 0: every stage runs\n"
	"                 its length, which mmc-tune Farsi needs)\n"
	"  --lowercase    compare words lower-cased (normalising folds case anyway)\n"
	"  --src-lang L, --tgt-lang L  the languages of the two sides, which decide the\n"
	"                 normalisation (default: from each side's script; Latin is en\n"
	"                 when English function words make an eighth of its tokens); an\n"
	"                 ISO 639 code or BCP 47 tag (a code that names no language is\n"
	"                 refused; one without a language pack gets a note)\n"
	"  --no-normalize[=PART,...]  the aligner sees words as given, or without the\n"
	"                 parts named: nfkc, case, apostrophes, clitics (English it's ->\n"
	"                 it 's), letters (the language's letters written two ways:\n"
	"                 Arabic ي ك -> Persian ی ک), marks, digits, zwnj, punct (full-\n"
	"                 width punctuation), affixes (split off a stem: Persian\n"
	"                 clitics); the packs' names of earlier releases for them\n"
	"                 (docs/languages.md), this release.  Output indices are\n"
	"                 always the input tokens'.\n"
	"  --stem [src:|tgt:]METHOD  the aligner sees each word of both sides (or of\n"
	"                 the side named) as its stem: learned (a suffix that ends\n"
	"                 many of the side's words cut off a stem the side has) or\n"
	"                 prefix:N (its first N letters); Han, kana, Thai ... words\n"
	"                 as they are; none: no stems.  By default the target\n"
	"                 language's pack says: German's prefix:4 on both sides\n"
	"                 (when --tgt-lang names it), Farsi's tgt:learned; measured\n"
	"                 for others, docs/cmd/wordalign.md (Morphology).  A model\n"
	"                 file records the stems; --stem with --model may only\n"
	"                 repeat them.\n"
	"  --name-prior F a name (capitalised where no sentence begins) and the word\n"
	"                or run of Han words spelled most like it in the other side\n"
	"                (ICU transliteration) are linked F times likelier for a\n"
	"                perfect match (default 30, the measured strength)\n"
	"  --no-name-prior  switch it off (the same as --name-prior 0)\n"
	"  --closed-prior F English pronouns, possessives, reflexives and demonstratives\n"
	"                and their Chinese or Persian translations by a grammar's table\n"
	"                (I/my - 我, من and the clitic م ...) are linked F times likelier\n"
	"                in each sentence pair that has both; for English with a pack's table\n"
	"                (default 10, the measured strength)\n"
	"  --no-closed-prior  switch it off (the same as --closed-prior 0)\n"
	"  --loan-prior F a rare English word (seen at most 10 times, no name) and the\n"
	"                word of the other side spelled most like it, in Arabic script or\n"
	"                Han (a loanword: card - کارت, hotel - هتل), are linked up to F\n"
	"                times likelier (30 is the measured strength; default off); for\n"
	"                the languages of --loan-langs\n"
	"  --no-loan-prior  switch it off (the same as --loan-prior 0)\n"
	"  --loan-langs L the other side's languages the loanword prior is for, by\n"
	"                space or 'all' (default: the packs that write loanwords so)\n"
	"  --src-spans F the English mentions of each pair, one line per line of\n"
	"                 PAIRS: 'i-j ...', source tokens i..j (0-based, inclusive), as\n"
	"                 `xproj bitext --spans` writes them: soft constraints, a\n"
	"                 mention being translated as one run of target words\n"
	"  --span-factor X  with --src-spans: each step of the alignment chain that\n"
	"                 stays inside a mention of two or more tokens weighs X times\n"
	"                 more (default 2 for the target languages whose pack asks,\n"
	"                 none today, else no effect; given: for any language; docs/rules.md)\n"
	"  --no-spans    --src-spans ignored (the same as --span-factor 1)\n"
	"  --forward F, --reverse R  also write each direction before symmetrising\n"
	"  --all-links A, --all-probs P  also write every candidate link, kept or\n"
	"                 not, whose posterior reaches --probs-floor: A in Pharaoh, P\n"
	"                 its prob file; a link's posterior is the mean of the two\n"
	"                 directions' (the share of the final samples that took it),\n"
	"                 for `project --all-links` (docs/formats.md)\n"
	"  --probs-floor P  the least posterior --all-links keeps (default 0.05)\n"
	"  --timing       say where the time went: wall and CPU seconds and the peak\n"
	"                 memory after each phase (reading, normalising, priors,\n"
	"                 sampling, decoding, links, writing), one line each",
};
