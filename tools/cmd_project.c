/* tools/cmd_project.c — `xproj project`: English mentions to the target language. */
#include "groups.h"
#include "../model/mtype.h"
#include "../base/file.h"
#include "../base/text.h"
#include "../io/jsonl.h"
#include "../io/read.h"
#include "../io/names.h"
#include "../project/project.h"
#include "../model/zhseg.h"
#include "../lang/lang.h"
#include "../lang/np.h"
#include "../lang/pron.h"
#include "pstream.h"

#include <jansson.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { XP_MAX_ALT = 8 };

typedef struct args {
	const char *source, *aligned, *alignments, *probs, *map, *out, *jsonl, *report, *model;
	const char *names;   /* --names; by default A.names next to A.pharaoh, if it is there */
	char names_buf[4096];
	const char *phrases; /* --phrases (rule phrases) */
	int one_based, repair, keep_empty, allow_empty;
	int list;            /* --list-rules: 1 text, 2 --json, 3 --markdown */
	const char *lang;    /* --lang: the language --list-rules is for */
	xp_proj_opts o;
	const char *alt[XP_MAX_ALT];
	size_t nalt;
	const char *all_links, *all_probs;   /* --all-links, --all-probs (rule ef1) */
} args;

static const struct option own[] = {
	{"source", required_argument, 0, 's'},    {"aligned", required_argument, 0, 'a'},
	{"map", required_argument, 0, 'm'},       {"output", required_argument, 0, 'o'},
	{"jsonlines", required_argument, 0, 'j'}, {"report", required_argument, 0, 'R'},
	{"repair", no_argument, 0, 'r'},          {"model", required_argument, 0, 'M'},
	{"alt-alignments", required_argument, 0, 'A' | XP_OPT_MANY},
	{"list-rules", no_argument, 0, 'l'},      {"lang", required_argument, 0, 'L'},
	{"json", no_argument, 0, 'J'},            {"markdown", no_argument, 0, 'K'},
	{"names", required_argument, 0, 'N'},     {"phrases", required_argument, 0, 'H'},
	{"all-links", required_argument, 0, 'X'}, {"all-probs", required_argument, 0, 'P'},
	{0, 0, 0, 0}};

/* 0, or the exit status after a usage error was reported */
static int parse(int argc, char **argv, args *a)
{
	static const struct option *const groups[] = {own, xp_opts_alignments, xp_opts_project, xp_opts_output, NULL};
	struct option lo[56];
	int fmt = 1;
	memset(a, 0, sizeof *a);
	xp_proj_defaults(&a->o);
	xp_err e = {0};
	int ch, rc = xp_opts_table(lo, sizeof lo / sizeof *lo, groups, &e);
	if (rc)
		return xp_cli_error(&e);
	while (!rc && (ch = xp_cli_getopt("project", argc, argv, "o:", lo)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 'a': a->aligned = optarg; break;
		case 'm': a->map = optarg; break;
		case 'o': a->out = optarg; break;
		case 'j': a->jsonl = optarg; break;
		case 'R': a->report = optarg; break;
		case 'M': a->model = optarg; break;
		case 'N': a->names = optarg; break;
		case 'H': a->phrases = optarg; break;
		case 'X': a->all_links = optarg; break;
		case 'P': a->all_probs = optarg; break;
		case 'r': a->repair = 1; break;
		case 'l': a->list = 1; break;
		case 'L':
			/* "generic": the generic pack's rules (scripts/lang-doc) */
			if (strcmp(optarg, "generic") && xp_cli_lang("--lang", optarg, &e))
				return xp_cli_bad_value("project", &e);
			a->lang = optarg;
			break;
		case 'J': fmt = 2; break;
		case 'K': fmt = 3; break;
		case 'A':
			if (a->nalt == XP_MAX_ALT)
				return xp_cli_bad("project", "at most 8 --alt-alignments");
			a->alt[a->nalt++] = optarg;
			break;
		case '?': return 2;
		default:
			if ((rc = xp_opt_alignments(ch, optarg, &a->alignments, &a->probs, &a->one_based, &e)) == 1 &&
			    (rc = xp_opt_project(ch, optarg, &a->o, &e)) == 1)
				rc = xp_opt_output(ch, &a->keep_empty, &a->allow_empty);
			if (rc)
				return xp_cli_bad_value("project", &e);
		}
	}
	if (optind != argc)
		return xp_cli_usage(&xp_cmd_project, 2);
	if (a->list) {
		a->list = fmt;
		return 0;
	}
	if (a->lang || fmt != 1)
		return xp_cli_bad("project", "--lang, --json and --markdown go with --list-rules");
	if (!a->source || !a->aligned || !a->alignments || !a->out)
		return xp_cli_required("project", "--source", !!a->source, "--aligned", !!a->aligned, "--alignments", !!a->alignments,
				       "-o", !!a->out, (char *)NULL);
	if (!a->all_links != !a->all_probs)
		return xp_cli_bad("project", "--all-links and --all-probs go together");
	/* two options of one setting: --uncalibrated took it, and the model
	 * was read, named in the report's recipe and unused */
	if (a->model && a->o.uncalibrated)
		return xp_cli_bad("project", "--model and --uncalibrated both say how confidences are calibrated (%s, none): "
				  "give one", a->model);
	if (xp_keep_empty_fits("project", a->keep_empty, a->out))
		return 2;
	if (!a->names) {
		/* what `wordalign -o A.pharaoh` (or A.pharaoh.gz, or any name)
		 * wrote next to it */
		if (strcmp(a->alignments, "-") && !xp_names_beside(a->alignments, a->names_buf, sizeof a->names_buf) &&
		    access(a->names_buf, R_OK) == 0)
			a->names = a->names_buf;
	}
	return 0;
}

static void summary(const xp_proj_stats *s, const char *lang)
{
	fprintf(stderr,
		"xproj project: %zu mentions, %zu projected (%.1f%%); null: %zu empty target, %zu unaligned, "
		"%zu filtered, %zu out of range;\n  %zu kept once on a coreferent span, %zu collisions (%zu dropped, "
		"%zu clusters merged); %zu nested, %zu crossing spans; %zu pro-drop; %zu clusters;\n"
		"  %zu of %zu utterances without target text left out\n  language rules changed:",
		s->mentions, s->projected, s->mentions ? 100.0 * s->projected / s->mentions : 0,
		s->fate[XP_NULL_EMPTY_TARGET], s->fate[XP_NULL_UNALIGNED], s->fate[XP_NULL_FILTERED],
		s->fate[XP_NULL_OUT_OF_RANGE], s->fate[XP_SAME_SPAN] - s->merged_clusters, s->collisions,
		s->fate[XP_COLLIDED], s->merged_clusters, s->nested, s->crossing, s->prodrop, s->clusters,
		s->no_target, s->utterances);
	/* the rules that can apply to the target: its pack's (the generic
	 * pack's for a language without one), and any other that changed a
	 * span (a corpus of two languages); not every pack's at zero */
	const xp_lang_pack *pk = xp_lang_get(lang);
	uint64_t own = xp_lang_rule_set(pk, XP_RK_PRONOUN);
	int n = 0;
	for (unsigned k = 0; k < xp_lang_rule_bits(XP_RK_PRONOUN); k++)
		if (s->lr[k] || (k < 64 && (own >> k) & 1))
			fprintf(stderr, "%s %zu %s", n++ ? "," : "", s->lr[k], xp_lr_phrase(k));
	if (!n)
		fprintf(stderr, " none (no pronoun rule of the target's pack)");
	fputc('\n', stderr);
	fprintf(stderr, "  noun phrase rules changed:");
	own = xp_lang_rule_set(pk, XP_RK_NP);
	n = 0;
	for (unsigned k = 0; k < xp_lang_rule_bits(XP_RK_NP); k++)
		if (s->np[k] || (k < 64 && (own >> k) & 1))
			fprintf(stderr, "%s %zu %s", n++ ? "," : "", s->np[k], xp_np_name(k));
	if (!n)
		fprintf(stderr, " none (no noun phrase rule of the target's pack)");
	fputc('\n', stderr);
}

/* what a language without a pack gets, in the words every command uses
 * (lang.h xp_lang_no_pack), as one line to f */
static void no_pack(FILE *f, const char *indent, const char *lang)
{
	xp_buf b = {0};
	xp_lang_no_pack(lang, &b);
	if (!b.oom && b.n)
		fprintf(f, "%s%.*s\n", indent, (int)b.n, b.p);
	xp_buf_free(&b);
}

/* Which pack the target language's rules came from (lang/lang.h): a
 * language without one gets the language-independent rules only, and is
 * told so. */
static void pack_summary(const char *lang)
{
	const xp_lang_pack *pk = xp_lang_find(lang);
	if (pk) {
		fprintf(stderr, "  language pack: %s (%s)\n", pk->code, pk->name);
		return;
	}
	no_pack(stderr, "  ", lang);
}

static const char *kind_name(xp_rule_kind k)
{
	return k == XP_RK_PRONOUN ? "pronoun" : k == XP_RK_NP ? "np" : "prodrop";
}

static json_t *pack_json(const xp_lang_pack *pk, const xp_rule_sel *d)
{
	json_t *o = json_object(), *al = json_array(), *rs = json_array();
	for (size_t k = 0; pk->aliases && pk->aliases[k]; k++)
		json_array_append_new(al, json_string(pk->aliases[k]));
	for (size_t k = 0; k < xp_lang_nrules(pk); k++) {
		const xp_lang_rule *r = xp_lang_rule_at(pk, k);
		json_t *j = json_pack("{s:s,s:s,s:b,s:s}", "name", r->name, "kind", kind_name(r->kind), "default",
				      xp_rules_on(d, r), "description", r->what);
		if (j && r->off)   /* its switch of earlier releases */
			json_object_set_new(j, "switch", json_sprintf("--%s", r->off));
		json_array_append_new(rs, j);
	}
	json_object_set_new(o, "pack", json_string(pk->code));
	json_object_set_new(o, "name", json_string(pk->name));
	json_object_set_new(o, "aliases", al);
	json_object_set_new(o, "rules", rs);
	return o;
}

static void pack_text(const xp_lang_pack *pk, const xp_rule_sel *d, int md)
{
	if (md) {
		printf("| rule | kind | default | what it does |\n|---|---|---|---|\n");
		for (size_t k = 0; k < xp_lang_nrules(pk); k++) {
			const xp_lang_rule *r = xp_lang_rule_at(pk, k);
			printf("| `%s` | %s | %s | %s%s%s%s |\n", r->name, kind_name(r->kind), xp_rules_on(d, r) ? "on" : "off",
			       r->what, r->off ? " (`--" : "", r->off ? r->off : "", r->off ? "` of earlier releases)" : "");
		}
		return;
	}
	printf("%s", *pk->code ? pk->name : "every language (no pack)");
	if (*pk->code) {
		printf(" (%s", pk->code);
		for (size_t k = 0; pk->aliases && pk->aliases[k]; k++)
			printf("%s%s", k ? ", " : "; also ", pk->aliases[k]);
		printf(")");
	}
	printf(": %zu rule%s\n", xp_lang_nrules(pk), xp_lang_nrules(pk) == 1 ? "" : "s");
	for (size_t k = 0; k < xp_lang_nrules(pk); k++) {
		const xp_lang_rule *r = xp_lang_rule_at(pk, k);
		printf("  %-18s %-8s %-4s %s%s%s%s\n", r->name, kind_name(r->kind), xp_rules_on(d, r) ? "on" : "off", r->what,
		       r->off ? " (--" : "", r->off ? r->off : "", r->off ? ")" : "");
	}
}

/* --list-rules [--lang L] [--json | --markdown]: the rules of L's pack (the
 * generic pack's if it has none), or of every pack, with their defaults
 * (the projection's: --rules and the old switches before it count) */
static int list_rules(const args *a)
{
	xp_rule_sel d = {a->o.rules, a->o.np, a->o.prodrop};
	const xp_lang_pack *pk = a->lang ? xp_lang_get(a->lang) : NULL;
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	if (a->list == 2) {
		json_t *j;
		if (pk) {
			j = pack_json(pk, &d);
			json_object_set_new(j, "lang", json_string(a->lang));
		} else {
			j = json_array();
			json_array_append_new(j, pack_json(xp_lang_generic(), &d));
			for (size_t k = 0; k < n; k++)
				json_array_append_new(j, pack_json(all[k], &d));
		}
		char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		json_decref(j);
		if (!s)
			return xp_cli_bad("project", "out of memory");
		puts(s);
		free(s);
		return 0;
	}
	if (pk) {
		if (!xp_lang_find(a->lang) && a->list == 1)
			no_pack(stdout, "", a->lang);
		pack_text(pk, &d, a->list == 3);
		return 0;
	}
	pack_text(xp_lang_generic(), &d, a->list == 3);
	for (size_t k = 0; k < n; k++) {
		putchar('\n');
		pack_text(all[k], &d, a->list == 3);
	}
	return 0;
}

/* English he/she pronouns projected, by gender (the report has their fates). */
static void gender_summary(const xp_proj_gender *gp)
{
	xp_proj_gender g = *gp;
	size_t m = g.mentions[XP_GENDER_MASC], f = g.mentions[XP_GENDER_FEM];
	size_t pm = g.fate[XP_GENDER_MASC][XP_PROJECTED], pf = g.fate[XP_GENDER_FEM][XP_PROJECTED];
	if (m || f)
		fprintf(stderr, "  English pronouns projected: masculine %zu of %zu (%.1f%%), feminine %zu of %zu (%.1f%%)\n",
			pm, m, m ? 100.0 * pm / m : 0, pf, f, f ? 100.0 * pf / f : 0);
}

/* One file the projection read besides its corpus and links, for the
 * run's recipe: where it was (absolute), its size and hash, so that `db
 * import` can take its text into the store and a workbench's realign
 * project with it as the run did (serve/reproject.c). */
static int recipe_file(json_t *in, const char *key, const char *path, xp_err *e)
{
	char *buf = NULL, *abs = NULL;
	size_t len = 0;
	if (xp_read_file(path, &buf, &len, e))
		return -1;
	char hex[17];
	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)xp_hash(buf, len));
	free(buf);
	abs = realpath(path, NULL);
	char opt[32];
	snprintf(opt, sizeof opt, "--%s", key);
	for (char *c = opt; *c; c++)
		*c = *c == '_' ? '-' : *c;
	if (xp_path_recordable(opt, path, abs, e)) {
		free(abs);
		return -1;
	}
	int rc = json_object_set_new(in, key, json_pack("{s:s,s:I,s:s}", "path", abs ? abs : path, "bytes",
							(json_int_t)len, "hash", hex))
			 ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory")
			 : 0;
	free(abs);
	return rc;
}

/* The report's settings (xp_proj_settings) and, when the run read any,
 * "inputs": what else decides its spans and confidences that a switch in
 * the settings does not say: the files --names (or A.names read beside
 * A.pharaoh), --phrases, --model and --all-links, --segmenter-data,
 * --uncalibrated and how many --alt-alignments.  A run that read none of
 * them writes the settings as before, byte for byte. */
static int settings_of(const args *a, xp_buf *set, xp_err *e)
{
	xp_proj_settings(&a->o, set);
	if (set->oom)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	if (!a->names && !a->phrases && !a->model && !a->all_links && !a->o.segmenter_data && !a->o.uncalibrated &&
	    !a->nalt)
		return 0;
	json_t *j = json_loadb(set->p, set->n, 0, NULL), *in = json_object();
	int rc = !j || !in ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory") : 0;
	if (rc == 0 && a->names)
		rc = recipe_file(in, "names", a->names, e);
	if (rc == 0 && a->phrases)
		rc = recipe_file(in, "phrases", a->phrases, e);
	if (rc == 0 && a->model)
		rc = recipe_file(in, "model", a->model, e);
	if (rc == 0 && a->all_links)
		rc = recipe_file(in, "all_links", a->all_links, e);
	if (rc == 0 && a->o.segmenter_data) {
		char *abs = realpath(a->o.segmenter_data, NULL);
		rc = xp_path_recordable("--segmenter-data", a->o.segmenter_data, abs, e);
		if (rc == 0 && json_object_set_new(in, "segmenter_data", json_string(abs ? abs : a->o.segmenter_data)))
			rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		free(abs);
	}
	if (rc == 0 && a->o.uncalibrated)
		json_object_set_new(in, "uncalibrated", json_true());
	if (rc == 0 && a->nalt)
		json_object_set_new(in, "alt_alignments", json_integer((json_int_t)a->nalt));
	char *s = NULL;
	if (rc == 0 && (json_object_set(j, "inputs", in) ||
			!(s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER))))
		rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	json_decref(j), json_decref(in);
	if (rc == 0) {
		set->n = 0;
		xp_buf_puts(set, s);
		if (set->oom)
			rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	}
	free(s);
	return rc;
}

typedef struct report_gen {
	const xp_projection *p;
	const char *settings;
} report_gen;

static int gen_report(void *ctx, xp_put_fn put, void *pctx)
{
	const report_gen *g = ctx;
	return xp_projection_report_write(g->p, g->settings, put, pctx);
}

/* The projection, its jsonlines and its report: replaced together.  The
 * report goes to its temporary file a document at a time. */
static int write_outputs(const args *a, const xp_projection *p, xp_err *e)
{
	xp_outputs o = {0};
	xp_buf set = {0};
	/* OUT is CoNLL-2012 unless it is named .conllu (CorefUD) */
	xp_format of = xp_format_of_path(a->out) == XP_FMT_CONLLU ? XP_FMT_CONLLU : XP_FMT_CONLL;
	int rc = xp_put_corpus(&o, a->out, of, &p->out, e) ||
		 (a->jsonl && xp_put_corpus(&o, a->jsonl, XP_FMT_JSONL, &p->out, e));
	if (!rc && a->report && (rc = settings_of(a, &set, e)) == 0) {
		report_gen g = {p, set.p};
		rc = xp_outputs_stream(&o, a->report, gen_report, &g, e);
	}
	xp_buf_free(&set);
	if (rc) {
		xp_outputs_abort(&o);
		return -1;
	}
	return xp_outputs_commit(&o, e);
}

/* --alt-alignments: the same sentence pairs, line for line, aligned with
 * other seeds; checked as --alignments is */
static int read_alt(const args *a, const xp_aligned *al, const uint32_t *line, size_t nsent, xp_walign *alt,
		    xp_err *e)
{
	for (size_t k = 0; k < a->nalt; k++) {
		if (xp_pharaoh_read_file(a->alt[k], a->one_based, &alt[k], e))
			return -1;
		if (alt[k].nsent != nsent)
			return xp_failc(e, XP_EINPUT, a->alt[k], 0, "%zu sentence pairs, --alignments has %zu",
					alt[k].nsent, nsent);
		if (xp_check_alignment(al, line, &alt[k], a->alt[k], e))
			return -1;
	}
	return 0;
}

/* --all-links / --all-probs: every candidate link of the same sentence
 * pairs with its posterior (`wordalign --all-links`); checked as
 * --alignments is */
static int read_all(const args *a, const xp_aligned *al, const uint32_t *line, size_t nsent, xp_walign *all,
		    xp_err *e)
{
	if (xp_pharaoh_read_file(a->all_links, 0, all, e) || xp_probs_read_file(a->all_probs, all, e))
		return -1;
	if (all->nsent != nsent)
		return xp_failc(e, XP_EINPUT, a->all_links, 0, "%zu sentence pairs, --alignments has %zu", all->nsent,
				nsent);
	return xp_check_alignment(al, line, all, a->all_links, e);
}

/* Nothing projected of some mentions: the outputs would replace good ones
 * with nothing (issue 32, D2).  Said naming the input at fault: the aligned
 * corpus when none of its utterances has target text, else the alignment. */
static int refuse_empty(const args *a, const xp_aligned *al, const xp_proj_stats *st, xp_err *e)
{
	if (!st->mentions || st->projected)
		return 0;
	size_t with_target = 0;
	for (size_t i = 0; i < al->n; i++)
		with_target += al->v[i].ntgt > 0;
	if (!with_target)
		return xp_failc(e, XP_EINPUT, a->aligned, 0, "none of its %zu utterances has target text: none of the %zu "
				"mentions projected, nothing is written (--allow-empty writes the empty projection)",
				al->n, st->mentions);
	return xp_failc(e, XP_EINPUT, a->alignments, 0, "none of the %zu mentions projected: nothing is written "
			"(--allow-empty writes the empty projection)", st->mentions);
}

/* A.names read by default beside A.pharaoh must be of the run that wrote
 * A.pharaoh: a later run with --no-names (or --names elsewhere) left the
 * old file there, whose names were learned from other pairs, and the rule
 * 'names' used them with exit 0.  Names saying no links (older files, or
 * written by hand) are read as before. */
static int names_fit(const args *a, const xp_names *nm, xp_err *e)
{
	char *buf;
	size_t len;
	if (!nm->has_links || xp_read_file(a->alignments, &buf, &len, e))
		return 0;   /* a read error is the reading proper's to say */
	uint64_t h = xp_hash(buf, len);
	free(buf);
	if (h == nm->links)
		return 0;
	return xp_failc(e, XP_EINPUT, a->names, 0,
			"these names were learned by another run of the aligner than %s's links (a later run with "
			"--no-names left them?): nothing is written; remove the file, or give --names %s to use "
			"them all the same", a->alignments, a->names);
}

static int run(int argc, char **argv)
{
	args a;
	int st = parse(argc, argv, &a);
	if (st)
		return st;
	if (a.list)
		return list_rules(&a);
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_walign wa = {0}, alt[XP_MAX_ALT], all = {0};
	xp_projection p = {0};
	memset(alt, 0, sizeof alt);
	xp_conf_model model = {0};
	uint32_t *line = NULL;
	xp_diags dg = {0};
	xp_read_opts ro = {.repair = a.repair, .diags = &dg};
	xp_err e;
	xp_names names = {0}, phrases = {0};
	xp_cli_file files[13 + XP_MAX_ALT] = {
		{"--source", a.source, 0}, {"--aligned", a.aligned, 0}, {"--alignments", a.alignments, 2},
		{"--probs", a.probs, 0},   {"--map", a.map, 0},         {"-o", a.out, 1},
		{"--jsonlines", a.jsonl, 1}, {"--report", a.report, 1}, {"--model", a.model, 0},
		{"--names", a.names, 0},   {"--all-links", a.all_links, 0}, {"--all-probs", a.all_probs, 0},
		{"--phrases", a.phrases, 0}};
	size_t nfiles = 13;
	/* an alternative that is --alignments (or another alternative) again
	 * agrees with it link for link: every confidence raised, unsaid */
	for (size_t k = 0; k < a.nalt; k++)
		files[nfiles++] = (xp_cli_file){"--alt-alignments", a.alt[k], 2};
	if (a.model)
		a.o.conf = &model;
	a.o.alt = alt, a.o.nalt = a.nalt;
	int rc = xp_cli_check_files(files, nfiles, &e) ||
		 (a.model && xp_conf_load(a.model, &model, &e)) ||
		 (a.names && (xp_names_read_file(a.names, &names, &e) || ((a.o.names = &names), 0))) ||
		 (a.names == a.names_buf && names_fit(&a, &names, &e)) ||
		 (a.phrases && (xp_names_read_file(a.phrases, &phrases, &e) || ((a.o.phrases = &phrases), 0)));
	/* a document at a time (tools/pstream.h), where the files allow it;
	 * else, and on any failure, the whole corpus at once, which says what
	 * was wrong.  XPROJ_PROJECT_WHOLE=1 asks for the whole path, =0 says
	 * on stderr when the streamed one was not taken (the tests compare the
	 * two). */
	xp_pstream_result res;
	const char *whole = getenv("XPROJ_PROJECT_WHOLE");
	/* the candidate links are read whole, so the corpus is too */
	if (!rc && !a.repair && !a.all_links && !(whole && *whole == '1')) {
		xp_buf set = {0};
		xp_err se = {0};
		int set_rc = a.report ? settings_of(&a, &set, &se) : 0;
		xp_pstream_args sa = {a.source, a.aligned, a.alignments, a.probs, a.map, a.out, a.jsonl, a.report,
				      a.alt, a.nalt, a.one_based, a.keep_empty, a.allow_empty, &a.o, set.p};
		int streamed = !set_rc && xp_pstream_run(&sa, &res);
		xp_buf_free(&set);
		if (streamed) {
			summary(&res.total, res.lang), gender_summary(&res.gender), pack_summary(res.lang),
			xp_cli_rules_unused("  ", res.lang, argc, argv);
			if (a.names)
				fprintf(stderr, "  names: %zu forms of %u names from %s\n", names.n, names.names.n, a.names);
			if (res.segmenter < 0)
				fprintf(stderr, "  note: %s left out: no jieba data in %s (apt-get install python3-jieba, or --segmenter-data DIR)\n",
					xp_lang_segmenter_rule_name(), XP_ZHSEG_DIR);
			if (res.empty)
				fprintf(stderr, "  %zu document(s) without a target sentence not written (--keep-empty writes them)\n",
					res.empty);
			xp_names_free(&names), xp_names_free(&phrases);
			xp_conf_free(&model);
			return 0;
		}
		if (whole && *whole == '0')
			fprintf(stderr, "xproj project: not streamed: the whole corpus at once\n");
	}
	rc = rc || xp_read_corpus(a.source, XP_FMT_AUTO, &ro, &en, &e) || xp_need_some(a.source, en.ndocs, "documents", &e) ||
		 xp_aligned_read(a.aligned, &al, &e) || xp_need_some(a.aligned, al.n, "utterances", &e) ||
		 xp_pharaoh_read_file(a.alignments, a.one_based, &wa, &e) ||
		 (a.probs && xp_probs_read_file(a.probs, &wa, &e)) ||
		 xp_err_in(xp_bitext_lines(&al, a.map, &line, wa.nsent, &e), &e, a.alignments) ||
		 xp_check_alignment(&al, line, &wa, a.alignments, &e) ||
		 read_alt(&a, &al, line, wa.nsent, alt, &e) ||
		 (a.all_links && read_all(&a, &al, line, wa.nsent, &all, &e)) ||
		 ((a.o.all = a.all_links ? &all : NULL), 0) ||
		 xp_err_in(xp_project(&en, &al, &wa, line, &a.o, &p, &e), &e, a.aligned) ||
		 (!a.allow_empty && refuse_empty(&a, &al, &p.total, &e));
	/* the projected corpus is training data: a document without a target
	 * sentence is nothing to learn from (the report still lists it) */
	size_t empty = !rc && !a.keep_empty ? xp_corpus_drop_empty(&p.out) : 0;
	rc = rc || write_outputs(&a, &p, &e);
	if (a.repair)
		xp_cli_diags(&dg);
	xp_cli_read_notes(a.source, &en);
	xp_proj_gender g;
	xp_proj_gender_counts(&p, &g);
	if (rc)
		xp_cli_error(&e);
	else
		summary(&p.total, p.lang), gender_summary(&g), pack_summary(p.lang), xp_cli_rules_unused("  ", p.lang, argc, argv);
	if (!rc && a.names)
		fprintf(stderr, "  names: %zu forms of %u names from %s\n", names.n, names.names.n, a.names);
	if (!rc && p.segmenter < 0)
		fprintf(stderr, "  note: %s left out: no jieba data in %s (apt-get install python3-jieba, or --segmenter-data DIR)\n",
			xp_lang_segmenter_rule_name(), XP_ZHSEG_DIR);
	if (!rc && empty)
		fprintf(stderr, "  %zu document(s) without a target sentence not written (--keep-empty writes them)\n", empty);
	xp_diags_free(&dg);
	xp_names_free(&names), xp_names_free(&phrases);
	xp_projection_free(&p);
	xp_conf_free(&model);
	free(line);
	xp_walign_free(&wa);
	xp_walign_free(&all);
	for (size_t k = 0; k < a.nalt; k++)
		xp_walign_free(&alt[k]);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_project = {
	"project", run, "project English mentions onto the target language",
	"xproj project --source EN.conll --aligned ALIGNED.jsonl --alignments A.pharaoh\n"
	"              [--probs A.probs] [--map pairs.map] [--one-based] [--rule minmax|block]\n"
	"              [--gap K] [--max-ratio R] [--trim-punct] [--min-prob P]\n"
	"              [--collisions keep-first|merge|drop] [--chars] [--rules SPEC]\n"
	"              [--segmenter-data DIR]\n"
	"              [--report R.json] [--jsonlines OUT.jsonl] [--model M.json | --uncalibrated]\n"
	"              [--keep-empty] [--allow-empty] [--alt-alignments A2.pharaoh ...] [--repair]\n"
	"              [--names F.names] [--phrases F.phrases]\n"
	"              [--all-links AA.pharaoh --all-probs AA.probs]\n"
	"              -o OUT.conll (or OUT.conllu: CorefUD)\n"
	"       xproj project --list-rules [--lang L] [--json | --markdown] [--rules SPEC]\n\n"
	"Every English mention becomes the smallest target span covering the target tokens\n"
	"aligned to it (--rule minmax, as MMC), or the largest run of them (--rule block, runs\n"
	"joined across --gap K unaligned tokens), or a null projection with its cause:\n"
	"empty_target, unaligned, filtered (--max-ratio: span length over aligned tokens;\n"
	"--trim-punct emptied it; --min-prob removed every link) or out_of_range (the aligned\n"
	"source tokens are not the CoNLL tokens).  Clusters follow the English mention ids; two\n"
	"mentions of different clusters on one target span are a collision (keep-first, merge\n"
	"as MMC did, or drop).  --chars writes the target character by character.\n\n"
	"Language rules: what the human corrections of MMC's Chinese and Farsi projections\n"
	"do again and again, written as rules; each belongs to a language's pack (lang/), and\n"
	"a language without a pack gets the language-independent ones (the summary says which\n"
	"pack was used).  xproj project --list-rules [--lang L] [--json | --markdown] lists\n"
	"them with their defaults (docs/languages.md has the tables).  --rules SPEC switches\n"
	"them: a comma list, read left to right, of +NAME (on), -NAME (off), NAME (on),\n"
	"default, none or all (e.g. --rules +articles,-NAME; --rules none,NAME), also\n"
	"as `rules = SPEC` in a --config file of pipeline.  Pro-drop is the rule 'prodrop'\n"
	"(Farsi: an unaligned subject pronoun takes the aligned verb whose ending agrees).\n"
	"A rule on a segmenter's words reads jieba's data from --segmenter-data DIR (or its\n"
	"pack's name of earlier releases, for this release), else from python3-jieba's directory\n"
	"(left out with a note when it is missing).  The switches of earlier releases still\n"
	"work, as aliases of --rules, for this release only: --prodrop, --skip-articles\n"
	"(+articles), --np LIST and --no-np LIST (a comma list of rule names, or all), and the\n"
	"--no-... switch a pack gives a rule of its own (as -NAME; --list-rules shows it beside\n"
	"the rule: --no-prodrop, --no-free-pronouns, --no-pronoun-move ...).\n\n"

	"The alignment lines follow `xproj bitext` (or its --map).  Utterances\n"
	"without target text are left out of OUT and counted, and so are documents left with no\n"
	"sentence (training data: nothing to learn from; --keep-empty writes them, into CoNLL:\n"
	"CoNLL-U cannot hold a document without a sentence, and refuses --keep-empty).  A projection\n"
	"of none of its mentions (no target text, an empty alignment) is refused and nothing is\n"
	"written: it would replace good outputs with nothing (--allow-empty writes it).  The report\n"
	"is JSON Lines (version 4, written a document at a time), a header line:\n"
	"{\"version\":4,\"lang\":L,\"confidence_model\":L,\"features\":[...],\"settings\":{...}},\n"
	"a line per document: {... its counts, \"doc\", \"part\", \"tgt_to_en\", \"detail\": every\n"
	"mention's fate and confidence, its features that are not 0 by name}, then an end line:\n"
	"{\"end\":true,\"mentions\":N,\"projected\":N,\"null\":{...},...,\"documents\":NDOCS}; a\n"
	"report without it was cut short and is refused (docs/formats.md; versions 1 to 3 are\n"
	"still read).\n\n"
	"Confidence: the calibrated probability that what the projection did with a mention is\n"
	"right, from the model of the language's pack (lang/calib/CODE.json, if it has one) or\n"
	"--model M.json (`xproj calibrate`); a language without a model, or --uncalibrated,\n"
	"gets the mean link posterior times the share of the mention's tokens that reach the\n"
	"span (0 for nulls).  The report holds every mention's features and, with a model,\n"
	"\"why\": the features that moved its confidence most.  --alt-alignments A2 (up to 8):\n"
	"the same sentence pairs aligned again with other seeds, line for line; the share\n"
	"that project a mention as A does is the confidence's seed_agree.  --repair drops\n"
	"dangling brackets in the inputs instead of stopping.\n\n"
	"Names: the rule 'names' gives a name's mention the target form the word aligner\n"
	"learned for that name from all the bitext it trained on (`wordalign` writes them\n"
	"to A.names next to A.pharaoh), where one stands in the sentence.  --names F reads\n"
	"them from F; by default A.names is read when it is there (the summary says so).\n\n"
	"Phrases: --phrases F reads the target phrases `wordalign --phrases` learned for\n"
	"English word runs from all the bitext, for the rule 'phrases' (off by default): a\n"
	"noun phrase takes its English words' dominant phrase where it stands on the span\n"
	"its links gave.\n\n"
	"Candidate links: --all-links AA --all-probs PP, every link the aligner weighed\n"
	"with its posterior, kept or not (`wordalign --all-links`), line for line with A:\n"
	"for the rule 'ef1' (off by default), which gives a noun phrase the run around its\n"
	"head's link with the highest expected F1 under them.  The corpus is then read\n"
	"whole, not a document at a time.",
};
