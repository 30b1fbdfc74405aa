/* tools/cmd_db.c — `xproj db ...`: the correction store. */
#include "cli.h"
#include "../correct/annotators.h"
#include "../correct/db.h"
#include "../correct/review.h"
#include "../base/file.h"
#include "../base/text.h"
#include "../io/json.h"
#include "../io/names.h"
#include "../io/read.h"
#include "../io/report.h"
#include "../lang/lang.h"
#include "../pipeline/pipeline.h"
#include "../pipeline/reproject.h"
#include "../project/project.h"
#include "../align/wordalign.h"
#include "groups.h"
#include "pstream.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct dargs {
	const char *db, *source, *aligned, *report, *lang, *mention, *span, *annotator, *note, *out, *jsonl,
		*batch, *format, *doc, *wa_model, *wa_sym, *wa_names;
	long long wa_seed;
	int wa_seed_set;
	double wa_span_factor;    /* --wa-span-factor, checked; 0 when not given */
	long long run;
	int run_default;          /* no --run: the store's last run */
	int json, silver, only_flagged, top, top_set, list, explain, keep_empty, allow_empty;
	int words;                /* pairs --tokens words */
	int32_t span3[3];         /* --span, checked */
	const char *file;
	struct import_in *in;   /* import: its inputs, read before the store is opened */
} dargs;

/* One option table per subcommand (git's way): an option that a
 * subcommand would ignore is refused, by getopt, with its name.  The
 * entries are spelt once here and picked per subcommand. */
#define O_SOURCE {"source", required_argument, 0, 's'}
#define O_ALIGNED {"aligned", required_argument, 0, 'a'}
#define O_REPORT {"report", required_argument, 0, 'R'}, {"run-report", required_argument, 0, 'R'}
#define O_LANG {"lang", required_argument, 0, 'L'}
#define O_MENTION {"mention", required_argument, 0, 'm'}
#define O_SPAN {"span", required_argument, 0, 'S'}
#define O_EDITOR {"annotator", required_argument, 0, 'A'}, {"note", required_argument, 0, 'n'}
#define O_ANNOTATOR {"annotator", required_argument, 0, 'A'}
#define O_OUTPUT {"output", required_argument, 0, 'o'}
#define O_JSONL {"jsonlines", required_argument, 0, 'j'}
#define O_BATCH {"batch", required_argument, 0, 'b'}
#define O_FORMAT {"format", required_argument, 0, 'f'}
#define O_RUN {"run", required_argument, 0, 'r'}
#define O_JSON {"json", no_argument, 0, 'J'}
#define O_SILVER {"silver", no_argument, 0, 'v'}
#define O_FLAGGED {"only-flagged", no_argument, 0, 'F'}
#define O_TOP {"top", required_argument, 0, 't'}
#define O_DOC {"doc", required_argument, 0, 'D'}
#define O_LIST {"list", no_argument, 0, 'l'}
#define O_EXPLAIN {"explain", no_argument, 0, 'X'}
#define O_KEEP_EMPTY {"keep-empty", no_argument, 0, 'K'}
#define O_ALLOW_EMPTY {"allow-empty", no_argument, 0, 'E'}
#define O_WA_MODEL {"wa-model", required_argument, 0, 'W'}, {"wa-seed", required_argument, 0, 1101}, \
	{"wa-sym", required_argument, 0, 1102}, {"wa-names", required_argument, 0, 1103}, \
	{"wa-span-factor", required_argument, 0, 1104}
#define O_TOKENS {"tokens", required_argument, 0, 'T'}
#define O_END {0, 0, 0, 0}

static const struct option o_none[] = {O_END};
static const struct option o_import[] = {O_SOURCE, O_ALIGNED, O_REPORT, O_LANG, O_ALLOW_EMPTY, O_WA_MODEL, O_END};
static const struct option o_edit[] = {O_MENTION, O_SPAN, O_EDITOR, O_RUN, O_END};
static const struct option o_delete[] = {O_MENTION, O_EDITOR, O_RUN, O_END};
static const struct option o_corrections[] = {O_ANNOTATOR, O_FORMAT, O_RUN, O_END};
static const struct option o_export[] = {O_OUTPUT, O_JSONL, O_SILVER, O_KEEP_EMPTY, O_RUN, O_END};
static const struct option o_export_tasa[] = {O_OUTPUT, O_FLAGGED, O_RUN, O_END};
static const struct option o_stats[] = {O_JSON, O_RUN, O_END};
static const struct option o_json[] = {O_JSON, O_END};
static const struct option o_undo[] = {O_BATCH, O_END};
static const struct option o_triage[] = {O_TOP, O_LIST, O_EXPLAIN, O_JSON, O_RUN, O_END};
static const struct option o_show[] = {O_DOC, O_RUN, O_END};
static const struct option o_pairs[] = {O_OUTPUT, O_LANG, O_TOKENS, O_END};

/* files: the arguments after DB: 0 none, 1 one (FILE, DOC|ID), -1 at most one */
static const struct dsub {
	const char *name;
	const struct option *lo;
	const char *shorts;
	int files;
} subs[] = {
	{"init", o_none, "", 0},         {"import", o_import, "", 0},
	{"add", o_edit, "", 0},          {"modify", o_edit, "", 0},
	{"delete", o_delete, "", 0},     {"import-corrections", o_corrections, "", 1},
	{"export", o_export, "o:", 0},   {"export-tasa", o_export_tasa, "o:", 0},
	{"stats", o_stats, "", 0},       {"runs", o_json, "", 0},
	{"log", o_json, "", 0},          {"undo", o_undo, "", 0},
	{"triage", o_triage, "", 0},     {"show", o_show, "", -1},
	{"check", o_none, "", 0},        {"pairs", o_pairs, "o:", 0},
};
enum { NSUBS = sizeof subs / sizeof *subs };

static const struct dsub *find_sub(const char *name)
{
	for (size_t i = 0; i < NSUBS; i++)
		if (!strcmp(subs[i].name, name))
			return &subs[i];
	return NULL;
}

/* --span SENT:START:END: three whole numbers, a half-open span (START < END) */
static int parse_span(const char *s, int32_t v[3], xp_err *e)
{
	char part[3][32];
	const char *p = s;
	for (int k = 0; k < 3; k++) {
		size_t n = strcspn(p, ":");
		long long x;
		if (n >= sizeof part[k] || (k < 2 && p[n] != ':') || (k == 2 && p[n]))
			return xp_failc(e, XP_EUSAGE, "", 0, "--span: '%s' is not SENT:START:END (three whole numbers)", s);
		snprintf(part[k], sizeof part[k], "%.*s", (int)n, p);
		if (xp_cli_int(k == 0 ? "--span SENT" : k == 1 ? "--span START" : "--span END", part[k], 0, INT32_MAX, &x, e))
			return XP_EUSAGE;
		v[k] = (int32_t)x;
		p += n + (p[n] == ':');
	}
	if (v[1] >= v[2])
		return xp_failc(e, XP_EUSAGE, "", 0, "--span: '%s': START must be below END (a half-open token span)", s);
	return 0;
}

/* The options subcommand d cannot go without, or that need another: NULL
 * when the command line is whole, else what to say.  Checked with the
 * other usage errors, before the store is opened, so that they exit 2 with
 * the hint as every command's missing option does (they were found in the
 * store's commands, after it was opened, and exited 1). */
static const char *incomplete(const struct dsub *d, const dargs *a)
{
	const char *s = d->name;
	int edit = !strcmp(s, "add") || !strcmp(s, "modify");
	if (!strcmp(s, "import") && (!a->source || !a->aligned || !a->report))
		return "--source, --aligned and --report are required";
	if (!strcmp(s, "import") && !a->wa_model &&
	    (a->wa_seed_set || a->wa_sym || a->wa_names || a->wa_span_factor > 0))
		return "--wa-seed, --wa-sym, --wa-names and --wa-span-factor say how --wa-model aligned: not without it";
	if ((edit || !strcmp(s, "delete")) && !a->mention)
		return "--mention DOC|ID is required";
	if (edit && !a->span)
		return "--span SENT:START:END is required (half-open token span)";
	if (!strcmp(s, "show") && !a->file == !a->doc)
		return "which mention? DOC|ID (DOC|PART:ID) or --doc DOC, one of the two";
	if (a->out)
		return NULL;
	return !strcmp(s, "export") ? "-o OUT is required"
	     : !strcmp(s, "export-tasa") ? "-o tasa.csv is required"
	     : !strcmp(s, "pairs") ? "-o PAIRS is required" : NULL;
}

/* 0, or the exit status after a usage error was reported; argv[0] is the
 * subcommand */
static int parse(int argc, char **argv, const struct dsub *d, dargs *a)
{
	char cmd[64];
	snprintf(cmd, sizeof cmd, "db %s", d->name);
	memset(a, 0, sizeof *a);
	a->lang = NULL;   /* db import: the report's language */
	a->top = 20;
	xp_err e;
	int ch;
	optind = 1;
	while ((ch = xp_cli_getopt(cmd, argc, argv, d->shorts, d->lo)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 'a': a->aligned = optarg; break;
		case 'R': a->report = optarg; break;
		case 'L':
			if (xp_cli_lang("--lang", optarg, &e))
				return xp_cli_bad_value(cmd, &e);
			a->lang = optarg;
			break;
		case 'T': {
			static const char *const modes[] = {"run", "words"};
			if (xp_cli_choice("--tokens", optarg, modes, 2, &a->words, &e))
				return xp_cli_bad_value(cmd, &e);
			break;
		}
		case 'm': a->mention = optarg; break;
		case 'S':
			a->span = optarg;
			if (parse_span(optarg, a->span3, &e))
				return xp_cli_bad_value(cmd, &e);
			break;
		case 'A':
			/* the workbench's rule (annotators.h): a name in Latin-1 was
			 * kept as its bytes, shown as U+FFFD, another annotator */
			if (*optarg && xp_annotator_refusal(optarg))
				return xp_cli_bad(cmd, "--annotator '%s': %s", XP_QUOTED(optarg, strlen(optarg)),
						  xp_annotator_refusal(optarg));
			a->annotator = optarg;
			break;
		case 'n': {
			size_t bad;
			if (!xp_utf8_valid(optarg, strlen(optarg), &bad))
				return xp_cli_bad(cmd, "--note: not UTF-8 text (its byte %zu): the store keeps text", bad + 1);
			a->note = optarg;
			break;
		}
		case 'o': a->out = optarg; break;
		case 'j': a->jsonl = optarg; break;
		case 'b': a->batch = optarg; break;
		case 'f': {
			/* import-corrections: MMC's JSON, a TASA CSV, or a corrected corpus */
			static const char *const formats[] = {"mmc", "tasa", "conll", "jsonlines", "jsonl", "conllu"};
			int k;
			if (xp_cli_choice("--format", optarg, formats, sizeof formats / sizeof *formats, &k, &e))
				return xp_cli_bad_value(cmd, &e);
			a->format = optarg;
			break;
		}
		case 'r':
			if (xp_cli_int("--run", optarg, 1, INT64_MAX, &a->run, &e))
				return xp_cli_bad_value(cmd, &e);
			break;
		case 'J': a->json = 1; break;
		case 'v': a->silver = 1; break;
		case 'F': a->only_flagged = 1; break;
		case 't':
			if (xp_cli_intv("--top", optarg, 1, 1000000, &a->top, &e))
				return xp_cli_bad_value(cmd, &e);
			a->top_set = 1;
			break;
		case 'l': a->list = 1; break;
		case 'X': a->explain = 1; break;
		case 'D': a->doc = optarg; break;
		case 'K': a->keep_empty = 1; break;
		case 'E': a->allow_empty = 1; break;
		case 'W': a->wa_model = optarg; break;
		case 1101:
			if (xp_cli_int("--wa-seed", optarg, 0, INT64_MAX, &a->wa_seed, &e))
				return xp_cli_bad_value(cmd, &e);
			a->wa_seed_set = 1;
			break;
		case 1102: {
			static const char *const syms[] = {"intersect", "union", "grow-diag", "grow-diag-final",
							   "grow-diag-final-and"};
			int k;
			if (xp_cli_choice("--wa-sym", optarg, syms, sizeof syms / sizeof *syms, &k, &e))
				return xp_cli_bad_value(cmd, &e);
			a->wa_sym = optarg;
			break;
		}
		case 1103: a->wa_names = optarg; break;
		case 1104:   /* the range `wordalign --span-factor` and `pipeline` take */
			if (xp_cli_real("--wa-span-factor", optarg, 0.001, 1000, &a->wa_span_factor, &e))
				return xp_cli_bad_value(cmd, &e);
			break;
		default: return 2;
		}
	}
	if (optind >= argc)
		return xp_cli_bad(cmd, "which store? (xproj db %s DB ...)", d->name);
	a->db = argv[optind++];
	a->file = optind < argc ? argv[optind++] : NULL;
	if (optind < argc || (a->file && !d->files))
		return xp_cli_bad(cmd, "'%s': one argument too many", optind < argc ? argv[optind] : a->file);
	if (d->files == 1 && !a->file)
		return xp_cli_bad(cmd, "which file? (xproj db %s DB FILE)", d->name);
	const char *why = incomplete(d, a);
	return why ? xp_cli_bad(cmd, "%s", why) : xp_keep_empty_fits(cmd, a->keep_empty, a->out);
}

/* the run's entry of xp_db_runs, NULL if there is no such run */
static json_t *run_info(xp_db *db, int64_t run, json_t **all, xp_err *e)
{
	if (xp_db_runs(db, all, e))
		return NULL;
	size_t i;
	json_t *r;
	json_array_foreach(*all, i, r)
		if (json_integer_value(json_object_get(r, "run")) == run)
			return r;
	xp_failc(e, XP_ENOTFOUND, "", 0, "there is no run %lld in the database", (long long)run);
	return NULL;
}

/* "run 2 (LANG, imported 2025-01-01T00:00:00Z)"; with_id (db runs) adds the
 * run id's first 8 digits, ", id 3f2a9c1e" (a run made before schema 12
 * has none), which name the run in every store a merge takes it to, where
 * its number may differ */
static void run_label(json_t *r, int with_id, char *out, size_t n)
{
	const char *uid = with_id ? json_string_value(json_object_get(r, "uid")) : NULL;
	snprintf(out, n, "run %lld (%s, imported %s%s%.8s)", (long long)json_integer_value(json_object_get(r, "run")),
		 json_string_value(json_object_get(r, "lang")), json_string_value(json_object_get(r, "created")),
		 uid ? ", id " : "", uid ? uid : "");
}

/* The latest runs other than r, of r's language (same = 1) or of the
 * others (same = 0), as "1, 3" (named = 0) or "run 1 (ab), run 3 (cd)"
 * (named = 1) into list: how many (eight listed at most) */
static size_t latest_others(json_t *all, json_t *r, int same, int named, char *list, size_t cap)
{
	size_t i, n = 0;
	json_t *x;
	const char *lang = json_string_value(json_object_get(r, "lang"));
	*list = 0;
	json_array_foreach(all, i, x) {
		const char *l = json_string_value(json_object_get(x, "lang"));
		if (x == r || !json_is_true(json_object_get(x, "latest")) || xp_lang_tag_same(l, lang) != same)
			continue;
		size_t k = strlen(list);
		long long id = (long long)json_integer_value(json_object_get(x, "run"));
		if (n++ < 8 && k + 48 < cap)
			snprintf(list + k, cap - k, named ? "%srun %lld (%.24s)" : "%s%lld", k ? ", " : "", id, l ? l : "");
	}
	return n;
}

/* export, stats, show or triage without --run: the other runs of its language
 * that it does not supersede (the shards of a workflow merged into one
 * store: other episodes), said on stderr with --run; before, only the last
 * shard was exported or counted, and nothing said the rest were not.
 * triage (others = 1), which acts on the store's last run, first names the
 * latest runs of the other languages (a store of several) it leaves out;
 * its stdout is the queue scripts read */
static void say_not_superseded(const dargs *a, json_t *all, json_t *r, const char *cmd, const char *done, int others)
{
	if (!a->run_default)
		return;
	char list[240];
	const char *lang = json_string_value(json_object_get(r, "lang"));
	size_t n = others ? latest_others(all, r, 0, 1, list, sizeof list) : 0;
	if (n)
		fprintf(stderr, "xproj db %s: note: it acts on the store's last run, run %lld (%s); the latest %s of other "
			"languages, %s%s, not %s: db %s --run N for one\n", cmd,
			(long long)json_integer_value(json_object_get(r, "run")), lang ? lang : "", n == 1 ? "run" : "runs",
			list, n > 8 ? ", ..." : "", done, cmd);
	if ((n = latest_others(all, r, 1, 0, list, sizeof list)))
		fprintf(stderr, "xproj db %s: note: %zu other run(s) of %s hold documents this run does not (run %s%s), "
			"not %s: db %s --run N for one\n", cmd, n, lang ? lang : "", list, n > 8 ? ", ..." : "", done, cmd);
}

/* what the import of a run carried over from earlier runs */
static int print_carry(xp_db *db, json_t *r, int all, xp_err *e)
{
	json_t *c = json_object_get(r, "carry"), *lost;
	if (!json_is_object(c))
		return 0;
	long long run = (long long)json_integer_value(json_object_get(r, "run"));
	printf("from run %lld: %lld corrected mentions carried over, %lld already so in the new projection, %lld not "
	       "carried%s\n", (long long)json_integer_value(json_object_get(c, "from_run")),
	       (long long)json_integer_value(json_object_get(c, "carried")),
	       (long long)json_integer_value(json_object_get(c, "agrees")),
	       (long long)json_integer_value(json_object_get(c, "lost")),
	       json_integer_value(json_object_get(c, "lost")) ? " (review them: xproj db show, or in xproj serve):" : "");
	if (xp_db_carried(db, run, NULL, &lost, e))
		return -1;
	size_t i;
	json_t *x;
	/* what was lost, and what was carried with a word to say (a realign
	 * not re-projected with this run's model) */
	json_array_foreach(lost, i, x)
		if (all || json_is_string(json_object_get(x, "why")) ||
		    !strcmp(json_string_value(json_object_get(x, "status")) ? json_string_value(json_object_get(x, "status")) : "",
			    "lost")) {
			/* a line's re-pairing in words, "DOC line 4, re-paired" (the
			 * store's key, "DOC|line 4 (realign)", stays the API's "key") */
			fputs("  ", stdout);
			xp_cli_put_untrusted(stdout, json_string_value(json_object_get(x, "said")));
			printf("  %s%s", json_string_value(json_object_get(x, "status")), json_is_string(json_object_get(x, "why")) ? ": " : "");
			if (json_is_string(json_object_get(x, "why")))
				xp_cli_put_untrusted(stdout, json_string_value(json_object_get(x, "why")));
			/* an earlier run's mention this run has none of: its words,
			 * and the mention of its line in this run */
			if (json_object_get(x, "was")) {
				fputs(" (\"", stdout);
				if (json_is_string(json_object_get(x, "en")))
					xp_cli_put_untrusted(stdout, json_string_value(json_object_get(x, "en")));
				fputs(json_is_string(json_object_get(x, "at")) ? "\"; its line in this run: " : "\"; its line has no mention now", stdout);
				if (json_is_string(json_object_get(x, "at")))
					xp_cli_put_untrusted(stdout, json_string_value(json_object_get(x, "at")));
				putchar(')');
			}
			putchar('\n');
		}
	json_decref(lost);
	return 0;
}

/* A run's recipe in a line or two: what its projection did otherwise than
 * by default (its settings against xp_proj_settings' defaults; the files
 * and switches of its settings' "inputs"), and what a realign in the
 * workbench re-projects with (serve/reproject.c). */
static int print_recipe(xp_db *db, json_t *r, xp_err *e)
{
	const json_t *set = json_object_get(r, "settings");
	xp_proj_opts d;
	xp_proj_defaults(&d);
	xp_buf b = {0};
	xp_proj_settings(&d, &b);
	json_t *def = b.oom ? NULL : json_loads(b.p, 0, NULL);
	xp_buf_free(&b);
	if (!def)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	const char *k;
	json_t *v;
	int n = 0;
	printf("  spans:");
	json_object_foreach((json_t *)set, k, v) {
		json_t *dv = json_object_get(def, k);
		if (!strcmp(k, "inputs") || json_equal(v, dv))
			continue;
		if (json_is_object(v)) {   /* the rules: those switched */
			const char *rn;
			json_t *on;
			json_object_foreach(v, rn, on)
				if (json_is_boolean(on) && !json_equal(on, json_object_get(dv, rn)))
					printf("%s %c%s", n++ ? "," : "", json_is_true(on) ? '+' : '-', rn);
			continue;
		}
		char *t = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
		printf("%s %s ", n++ ? "," : "", k);
		xp_cli_put_untrusted(stdout, t ? t : "?");
		free(t);
	}
	json_decref(def);
	const json_t *ins = json_object_get(set, "inputs");
	json_object_foreach((json_t *)ins, k, v) {
		printf("%s --%s", n++ ? "," : "", k);
		const char *path = json_is_string(v) ? json_string_value(v) : json_string_value(json_object_get(v, "path"));
		if (path) {
			putchar(' ');
			xp_cli_put_untrusted(stdout, path);
		} else if (json_is_integer(v))
			printf(" x%lld", (long long)json_integer_value(v));
	}
	printf("%s\n", n ? "" : " the defaults");
	char *path = NULL;
	int64_t size = 0;
	uint64_t hash = 0;
	json_t *how = NULL;
	if (xp_db_run_model(db, json_integer_value(json_object_get(r, "run")), &path, &size, &hash, &how, e))
		return -1;
	if (!path)
		printf("  re-pair: no word-alignment model recorded: no spans proposed after a re-pair\n");
	else {
		printf("  re-pair: model ");
		xp_cli_put_untrusted(stdout, path);
		printf(", seed %lld, %s", (long long)json_integer_value(json_object_get(how, "seed")),
		       json_string_value(json_object_get(how, "sym")) ? json_string_value(json_object_get(how, "sym")) : "?");
		if (json_is_number(json_object_get(how, "span_factor")))
			printf(", --span-factor %g", json_number_value(json_object_get(how, "span_factor")));
		static const char *const kept[] = {"names", "phrases", "conf_model"};
		for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
			if (json_object_get(how, kept[i]))
				printf(", its %s", kept[i]);
		if (json_is_true(json_object_get(how, "uncalibrated")))
			printf(", uncalibrated");
		if (!json_is_true(json_object_get(how, "recipe")))
			printf("; recorded before runs kept their recipe: projected with the settings above only");
		size_t i;
		json_array_foreach(json_object_get(how, "left_out"), i, v) {
			printf("; without ");
			xp_cli_put_untrusted(stdout, json_string_value(v) ? json_string_value(v) : "?");
		}
		putchar('\n');
	}
	free(path);
	json_decref(how);
	return 0;
}

static int do_runs(xp_db *db, dargs *a, xp_err *e)
{
	json_t *all;
	if (xp_db_runs(db, &all, e))
		return -1;
	if (a->json) {
		char *s = json_dumps(all, JSON_COMPACT | JSON_PRESERVE_ORDER);
		puts(s ? s : "[]");
		free(s);
	} else if (!json_array_size(all)) {
		/* (an empty listing said nothing: a store made, or its first
		 * import killed, before any run was imported) */
		fprintf(stderr, "xproj db runs: note: the store holds no run (xproj db import first)\n");
	}
	size_t i;
	json_t *r;
	int rc = 0;
	int64_t top = xp_db_latest_run(db);
	json_array_foreach(all, i, r) {
		if (a->json)
			break;
		char label[200];
		run_label(r, 1, label, sizeof label);
		printf("%s: %lld documents, %lld mentions, %lld projected; %lld live corrections, %lld reviews\n", label,
		       (long long)json_integer_value(json_object_get(r, "documents")),
		       (long long)json_integer_value(json_object_get(r, "mentions")),
		       (long long)json_integer_value(json_object_get(r, "projected")),
		       (long long)json_integer_value(json_object_get(r, "corrections")),
		       (long long)json_integer_value(json_object_get(r, "reviews")));
		if ((rc = print_recipe(db, r, e)))
			break;
		if (json_is_object(json_object_get(r, "carry")) && (rc = print_carry(db, r, 0, e)))
			break;
		/* which run export, stats and the workbench act on, and what a
		 * page left open across a rerun wrote where no export shows it */
		json_t *by = json_object_get(r, "superseded_by");
		long long after = (long long)json_integer_value(json_object_get(r, "after_rerun"));
		long long id = (long long)json_integer_value(json_object_get(r, "run"));
		if (json_is_true(json_object_get(r, "latest")) && id == (long long)top)
			printf("  latest run of %s: db export, stats and triage act on it\n",
			       json_string_value(json_object_get(r, "lang")));
		else if (json_is_true(json_object_get(r, "latest")))   /* a store of several languages */
			printf("  latest run of %s; db export, stats and triage act on run %lld (the store's last): "
			       "give --run %lld for this one\n", json_string_value(json_object_get(r, "lang")),
			       (long long)top, id);
		else
			printf("  superseded by run %lld%s", (long long)json_integer_value(by),
			       after ? "" : " (db export --run N exports an older run)\n");
		if (!json_is_true(json_object_get(r, "latest")) && after)
			printf(": %lld corrections, reviews and target edits made since its import are in this run only, "
			       "not carried over (db export --run %lld exports them; redo them on run %lld)\n", after,
			       (long long)json_integer_value(json_object_get(r, "run")), (long long)json_integer_value(by));
	}
	json_decref(all);
	return rc;
}

/* db import reads and checks every input before the store is opened: a
 * mistyped or cut-short --source must not leave a new, empty store behind.
 * It reads them a document at a time where the files allow it (CoNLL
 * documents and their aligned records in the same order, regular files:
 * tools/pstream.h), checked in a first pass and imported in a second, so
 * that its memory is the largest document's; else, and on any failure,
 * the whole corpus at once, which says what was wrong.
 * XPROJ_IMPORT_WHOLE=1 asks for the whole path; =0 says on stderr whenever
 * the streamed one was not taken (the tests compare the two). */
typedef struct import_in {
	xp_corpus en;
	xp_aligned al;
	char *files;
	char *model;            /* --wa-model's absolute path, its size and hash (pipeline.h) */
	json_t *model_how;      /* --wa-seed, --wa-sym, --wa-names: how the run aligned (review.h) */
	int64_t model_size;
	uint64_t model_hash;
	int streamed, said;
	size_t ndocs;
	/* the report's header, read once for every check and the recipe
	 * (import_head): whether it opened, its language and settings */
	int head;
	char lang[16];
	char *settings;
} import_in;

static void import_free(import_in *in)
{
	free(in->files);
	free(in->model);
	free(in->settings);
	json_decref(in->model_how);
	xp_aligned_free(&in->al);
	xp_corpus_free(&in->en);
}

static int docs_next(void *ctx, const xp_corpus **en, const xp_aligned **al, xp_err *e)
{
	(void)e;
	return xp_pstream_docs_next(ctx, en, al);
}

/* 1 when the streamed path may be taken: the documents read and checked */
static int import_stream_check(const dargs *a, import_in *in)
{
	const char *whole = getenv("XPROJ_IMPORT_WHOLE");
	if (whole && *whole == '1')
		return 0;
	xp_pstream_docs *D;
	xp_err e = {0};
	int ok = xp_pstream_docs_open(a->source, a->aligned, &D) == 0 &&
		 xp_db_import_check_docs(docs_next, D, a->report, a->allow_empty, &in->ndocs, &e) == 0;
	xp_pstream_docs_close(D);
	return ok;
}

/* the whole path is taken: said when asked (XPROJ_IMPORT_WHOLE=0), or
 * when the import then succeeds, so that a layout that costs the corpus's
 * memory is seen; an error says what was wrong itself */
static void not_streamed(import_in *in, int failed)
{
	const char *whole = getenv("XPROJ_IMPORT_WHOLE");
	if (in->said || (whole && *whole == '1') || (failed && !(whole && *whole == '0')))
		return;
	in->said = 1;
	fprintf(stderr, "xproj db import: not streamed (not CoNLL documents with their aligned records in their "
		"order): the whole corpus at once\n");
}

static int import_whole(const dargs *a, import_in *in, xp_err *e)
{
	/* the report checked whole, against the source, before the store is
	 * opened: a refused import creates nothing */
	int rc = xp_read_corpus(a->source, XP_FMT_AUTO, NULL, &in->en, e) ||
		 xp_need_some(a->source, in->en.ndocs, "documents", e) || xp_aligned_read(a->aligned, &in->al, e) ||
		 xp_need_some(a->aligned, in->al.n, "utterances", e) ||
		 xp_db_import_check_file(&in->en, &in->al, a->report, in->files, a->allow_empty, e);
	if (rc)
		not_streamed(in, 1);
	in->ndocs = in->en.ndocs;
	return rc;
}

/* --lang naming another language's pack than the report's own (a Chinese
 * report imported as Farsi) made a run of that language, exit 0: it became
 * the latest run of it, which db export, stats and the workbench act on,
 * and re-paired lines were tokenised as that language.  A name that is no
 * pack's (a run labelled apart from another of one language) or an alias
 * of the report's (its three-letter code for its two-letter one) is taken as before. */
static int import_lang_fits(const dargs *a, const import_in *in, xp_err *e)
{
	if (!a->lang || !in->head)
		return 0;   /* a report that does not open is the import's to say */
	const xp_lang_pack *given = xp_lang_find(a->lang), *own = xp_lang_find(in->lang);
	if (given && own && given != own)
		return xp_failc(e, XP_EINPUT, a->report, 1, "the report was projected as language %s, --lang says %s (a "
				"report of another language?): nothing is imported", in->lang, a->lang);
	return 0;
}

/* A --wa-model of another language than the report's (a model of another pair
 * recorded for a Chinese run) was recorded, exit 0: every realign in the
 * workbench then aligned Chinese pairs with Farsi counts and proposed
 * spans from noise.  The model's target language, where it names one (a
 * model trained without a language names none), must be the report's
 * pack; a report that does not open is the import's to say. */
static int import_model_fits(const dargs *a, const import_in *in, xp_wa_model *m, xp_err *e)
{
	int rc = 0;
	xp_wa_opts o;
	xp_wa_defaults(&o);
	if (xp_wa_model_settings(m, &o, a->wa_model, e))
		rc = -1;
	else if (o.lang[1] && o.lang[1][0] && in->head) {
		const char *run = in->lang;
		const xp_lang_pack *mp = xp_lang_find(o.lang[1]), *rp = xp_lang_find(run);
		/* one tag however spelt (yue-hk, yue_HK: wordalign's model
		 * check, xp_wa_model_settings, takes them as one) */
		if (run[0] && (mp != rp || !mp) && !xp_lang_tag_same(o.lang[1], run))
			rc = xp_failc(e, XP_EINPUT, a->wa_model, 0, "a word-aligner model of language %s, the report's "
				      "run is %s: a model of another language pair would align every re-paired line "
				      "with another language's counts: nothing is imported", o.lang[1], run);
	}
	xp_wa_model_free(m);
	return rc;
}

/* One file the report's run read (its settings' "inputs", cmd_project.c):
 * its text, when it is still the file the run read, else NULL and why */
static char *recipe_text(const json_t *f, size_t *len, char *why, size_t n)
{
	const char *path = json_string_value(json_object_get(f, "path")),
		   *hash = json_string_value(json_object_get(f, "hash"));
	char *buf = NULL, hex[17];
	xp_err e = {0};
	if (!path || !hash)
		return snprintf(why, n, "not recorded"), NULL;
	if (xp_read_file(path, &buf, len, &e))
		return snprintf(why, n, "%s", e.msg), NULL;
	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)xp_hash(buf, *len));
	if (strcmp(hex, hash)) {
		free(buf);
		return snprintf(why, n, "%s changed since the run read it", path), NULL;
	}
	return buf;
}

/* The rest of the run's recipe, from its report (`project` writes them in
 * the settings' "inputs"): the texts of the files that decide its spans
 * and confidences, --names, --phrases and --model, taken into the store
 * (a realign in the workbench then projects with them even when the files
 * are gone), its --segmenter-data and --uncalibrated; what a realign cannot
 * do again (the other seeds' links, the candidate links) is listed in
 * "left_out", and so is a file no longer as the run read it, with a note
 * on stderr.  "recipe" says that the report was read for it: a run
 * recorded before says nothing, and its realign says so (serve/reproject.c). */
static int import_recipe(const dargs *a, const import_in *in, json_t *how, xp_err *e)
{
	if (!in->head)
		return 0;   /* the import's to say */
	const char *st = in->settings;
	json_t *set = st ? json_loads(st, 0, NULL) : NULL, *ins = json_object_get(set, "inputs"),
	       *left = json_array();
	int rc = !left ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory") : 0;
	static const char *const files[][2] = {{"names", "names"}, {"phrases", "phrases"}, {"model", "conf_model"}};
	for (size_t k = 0; rc == 0 && k < sizeof files / sizeof *files; k++) {
		const json_t *f = json_object_get(ins, files[k][0]);
		char why[1100];
		size_t len = 0;
		char *text;
		if (!f || (k == 0 && a->wa_names))   /* --wa-names says the names */
			continue;
		if (!(text = recipe_text(f, &len, why, sizeof why))) {
			fprintf(stderr, "xproj db import: note: the run's --%s %s: %s; a re-pair in the workbench projects "
				"without it\n", files[k][0], json_string_value(json_object_get(f, "path")), why);
			json_array_append_new(left, json_sprintf("--%s: %s", files[k][0], why));
			continue;
		}
		if (json_object_set_new(how, files[k][1], json_stringn(text, len)))
			rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		free(text);
	}
	const char *seg = json_string_value(json_object_get(ins, "segmenter_data"));
	if (rc == 0 && seg)
		json_object_set_new(how, "segmenter_data", json_string(seg));
	if (rc == 0 && json_is_true(json_object_get(ins, "uncalibrated")))
		json_object_set_new(how, "uncalibrated", json_true());
	if (rc == 0 && json_integer_value(json_object_get(ins, "alt_alignments")) > 0)
		json_array_append_new(left, json_sprintf("--alt-alignments: the %lld other alignments' seeds are not known: "
							 "seed_agree takes the model's mean",
							 (long long)json_integer_value(json_object_get(ins, "alt_alignments"))));
	if (rc == 0 && json_object_get(ins, "all_links"))
		json_array_append_new(left, json_string("--all-links: the candidate links are not made again: rule ef1 "
							"does nothing"));
	if (rc == 0 && json_array_size(left))
		json_object_set(how, "left_out", left);
	if (rc == 0)
		json_object_set_new(how, "recipe", json_true());
	json_decref(left), json_decref(set);
	return rc;
}

/* What the workbench's re-projection needs besides the model to align and
 * project as the run did (serve/reproject.c): the aligner's seed and
 * symmetrisation (wordalign's defaults when not given), the factor it held
 * the English mentions at (`wordalign --src-spans F --span-factor X`:
 * recorded as pipeline/run.c model_how records it, so that a realign and a
 * rerun's re-projection hold the utterance's mentions at it too; a factor
 * of 1 builds no blocks and is recorded as none) and the names it learned
 * (wordalign's NAMES file beside its output), checked. */
static int import_model_how(const dargs *a, import_in *in, xp_err *e)
{
	xp_wa_opts wo;
	xp_wa_defaults(&wo);
	json_t *j = json_pack("{s:I,s:s}", "seed", (json_int_t)(a->wa_seed_set ? (uint64_t)a->wa_seed : wo.seed), "sym",
			      a->wa_sym ? a->wa_sym : xp_sym_name(XP_SYM_GDFA));
	if (!j)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	in->model_how = j;
	if (a->wa_span_factor > 0 && a->wa_span_factor != 1 &&
	    json_object_set_new(j, "span_factor", json_real(a->wa_span_factor)))
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	if (import_recipe(a, in, j, e))
		return -1;
	if (!a->wa_names)
		return 0;
	char *buf = NULL;
	size_t len = 0;
	xp_names nm;
	int rc = xp_read_file(a->wa_names, &buf, &len, e);
	if (rc == 0 && (rc = xp_names_parse(a->wa_names, buf, len, &nm, e)) == 0)
		xp_names_free(&nm);
	if (rc == 0 && json_object_set_new(j, "names", json_stringn(buf, len)))
		rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	free(buf);
	return rc;
}

/* The report's header, for the checks of --lang and --wa-model and for the
 * run's recipe: read once (it was opened for each of them, the recipe's
 * check and its texts twice), and only when one of them reads it.  A
 * report that does not open is not an error here: the import says what
 * is wrong with it, with the same reader. */
static int import_head(const dargs *a, import_in *in, xp_err *e)
{
	xp_report_reader *rr = NULL;
	xp_err ignored = {0};
	if ((!a->lang && !a->wa_model) || xp_report_open(a->report, a->report, NULL, 0, NULL, 0, &rr, &ignored))
		return 0;
	const xp_report *h = xp_report_header(rr);
	snprintf(in->lang, sizeof in->lang, "%s", h->lang);
	in->settings = h->settings ? strdup(h->settings) : NULL;
	int lost = h->settings && !in->settings;
	in->head = 1;
	xp_report_close(rr);
	return lost ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory") : 0;
}

static int import_read(const dargs *a, import_in *in, xp_err *e)
{
	/* the report is read more than once: its header, then checked whole
	 * against --source before the store is touched, then imported.
	 * Standard input or a pipe (`--report <(zcat R.json.gz)`) was found
	 * empty the second time: "not a projection report" of a good one */
	struct stat st;
	if (!strcmp(a->report, "-") || (stat(a->report, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
		return xp_failc(e, XP_EUSAGE, a->report, 0, "--report is %s, which can be read once; db import reads the "
				"report more than once (checked whole before the store is touched, then imported): give "
				"a file (a .gz one is read as it is)", strcmp(a->report, "-") ? "a pipe or device" : "standard input");
	if (import_head(a, in, e) || import_lang_fits(a, in, e))
		return -1;
	/* the word aligner's model the run was aligned with, for the
	 * workbench's re-projection after a realign: a model of the run's
	 * language, or refused */
	if (a->wa_model) {
		xp_wa_model *m = NULL;
		if (xp_pipe_model_file(a->wa_model, &in->model, &in->model_size, &in->model_hash, &m, e) ||
		    import_model_fits(a, in, m, e))
			return -1;
	}
	if (a->wa_model && import_model_how(a, in, e))
		return -1;
	/* the run's provenance, which also names the report in errors */
	/* as JSON text: a path in Latin-1 made json_pack fail, said as "out of memory" */
	json_t *fj = json_pack("{s:o,s:o,s:o}", "source", xp_json_text(a->source), "aligned", xp_json_text(a->aligned),
			       "report", xp_json_text(a->report));
	in->files = fj ? json_dumps(fj, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(fj);
	if (!in->files)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	if ((in->streamed = import_stream_check(a, in)))
		return 0;
	return import_whole(a, in, e);
}

static int do_import(xp_db *db, dargs *a, xp_err *e)
{
	import_in *in = a->in;
	int64_t run = 0;
	int rc = 1;
	if (in->streamed) {
		xp_pstream_docs *D;
		xp_err se = {0};
		rc = xp_pstream_docs_open(a->source, a->aligned, &D) ||
		     xp_db_import_run_docs(db, docs_next, D, a->report, a->lang, in->files, &run, &in->ndocs, &se);
		xp_pstream_docs_close(D);
	}
	/* not streamed, or the second pass failed (nothing of it is left) */
	if (rc && in->streamed && ((in->streamed = 0), import_whole(a, in, e)))
		return -1;
	if (rc)
		rc = xp_db_import_run_file(db, &in->en, &in->al, a->report, a->lang, in->files, &run, e);
	if (!rc && in->model)
		rc = xp_db_set_run_model(db, run, in->model, in->model_size, in->model_hash, in->model_how, e);
	/* the realigns this import carried: re-projected with the run's model
	 * (their proposals were the earlier run's; pipeline/reproject.h) */
	json_t *carried = NULL;
	if (!rc && in->model && !(rc = xp_db_reproj_carried(db, run, &carried, e)) && json_array_size(carried)) {
		xp_wa_model *m = NULL;
		char *abs = NULL;
		int64_t size;
		uint64_t hash;
		size_t redone, kept;
		rc = xp_pipe_model_file(in->model, &abs, &size, &hash, &m, e) ||
		     xp_pipe_reproject_carried(db, run, m, in->model, in->model_how, &redone, &kept, e);
		xp_wa_model_free(m);
		free(abs);
	}
	json_decref(carried);
	if (!rc) {
		json_t *all, *r;
		if (!in->streamed)
			not_streamed(in, 0);
		printf("run %lld imported: %zu documents\n", (long long)run, in->ndocs);
		rc = !(r = run_info(db, run, &all, e)) || print_carry(db, r, 0, e);
		json_decref(all);
	}
	return rc;
}

static int do_edit(xp_db *db, dargs *a, xp_op op, xp_err *e)
{
	xp_edit ed = {op, a->mention, a->span3[0], a->span3[1], a->span3[2], a->annotator, a->note};
	return xp_db_edit(db, a->run, &ed, e);
}

/* a corrected target corpus: the edits derived from it, what could not be */
static int do_derive(xp_db *db, dargs *a, xp_format fmt, xp_err *e)
{
	xp_derive_result r;
	int rc = xp_db_import_corrected(db, a->run, a->file, fmt, a->annotator, &r, e);
	if (!rc) {
		printf("batch %lld: %zu corrected mentions in %zu documents compared with run %lld: %zu kept, %zu additions, "
		       "%zu deletions, %zu modifications (%zu of these put a mention in another cluster, %zu new clusters); "
		       "%zu not imported (listed below)\n",
		       (long long)r.b.batch, r.mentions, r.docs, (long long)a->run, r.kept, r.b.by_op[XP_ADD],
		       r.b.by_op[XP_DELETE], r.b.by_op[XP_MODIFY], r.regrouped, r.new_clusters,
		       r.unmatched + r.skipped_mentions);
		printf("sentences: %zu compared (%zu through characters, %zu mentions widened to the run's tokens), %zu skipped "
		       "(text not the run's), %zu not in the run; the run's sentences the file lacks: %zu; documents of the "
		       "run the file lacks: %zu, documents not in the run: %zu\n",
		       r.sentences, r.remapped, r.widened, r.skipped, r.extra_sentences, r.absent_sentences, r.absent_docs,
		       r.unknown_docs);
		if (r.b.conflicts || r.b.orphans)
			printf("%zu derived edits broke a rule (stored, listed, not applied)\n", r.b.conflicts + r.b.orphans);
		if (r.b.unchanged)
			printf("%zu derived edits said what the run has already (not stored, not counted)\n", r.b.unchanged);
		for (size_t i = 0; i < r.b.nlisted; i++) {
			fputs("  ", stdout);
			xp_cli_put_untrusted(stdout, r.b.listed[i]);
			putchar('\n');
		}
	}
	xp_derive_result_free(&r);
	return rc;
}

static int do_batch(xp_db *db, dargs *a, xp_err *e)
{
	/* a corrected corpus, by --format or the path (.conll, .jsonlines, .jsonl; not MMC's .json) */
	xp_format fmt = a->format ? xp_format_named(a->format) : xp_format_of_path(a->file);
	if (a->format && fmt == XP_FMT_AUTO && strcmp(a->format, "mmc") && strcmp(a->format, "tasa"))
		return xp_failc(e, XP_EUSAGE, "", 0, "--format %s: not mmc, tasa, conll or jsonlines", a->format);
	if (fmt != XP_FMT_AUTO && (a->format || !xp_has_ext(a->file, ".json")))
		return do_derive(db, a, fmt, e);
	int tasa = a->format ? !strcmp(a->format, "tasa") : xp_has_ext(a->file, ".csv");
	xp_batch_result r;
	int rc = tasa ? xp_db_import_tasa(db, a->run, a->file, a->annotator, &r, e)
		      : xp_db_import_mmc(db, a->run, a->file, a->annotator, &r, e);
	if (!rc) {
		printf("batch %lld: %zu additions, %zu deletions, %zu modifications; %zu applied, %zu for unknown "
		       "mentions, %zu that break a rule (stored, listed below, not applied)\n",
		       (long long)r.batch, r.by_op[0], r.by_op[1], r.by_op[2], r.applied, r.orphans, r.conflicts);
		/* a row or edit that says what the view says already is no
		 * correction: not stored, said apart (before, a modify to the
		 * same span counted as a modification) */
		if (r.unchanged)
			printf("%zu %s what the run has already (not stored, not counted)\n", r.unchanged,
			       r.unchanged == 1 ? "edit says" : "edits say");
		for (size_t i = 0; i < r.nlisted; i++)
			printf("  %s\n", r.listed[i]);
	}
	xp_batch_result_free(&r);
	return rc;
}

/* The per-language and per-annotator counts of stats' JSON, as text: the
 * text output printed the JSON line itself among its sentences. */
static int breakdowns(const char *js)
{
	json_t *j = json_loads(js, 0, NULL);
	if (!j)
		return -1;
	static const char *const parts[][2] = {{"by_language", "by language"}, {"by_annotator", "by annotator"}};
	for (size_t p = 0; p < sizeof parts / sizeof *parts; p++) {
		json_t *o = json_object_get(j, parts[p][0]), *v;
		const char *k;
		if (!json_object_size(o))
			continue;
		printf("%s:", parts[p][1]);
		int first = 1;
		json_object_foreach(o, k, v) {
			printf("%s %s %lld added, %lld deleted, %lld modified", first ? "" : ";", k,
			       (long long)json_integer_value(json_object_get(v, "add")),
			       (long long)json_integer_value(json_object_get(v, "delete")),
			       (long long)json_integer_value(json_object_get(v, "modify")));
			first = 0;
		}
		putchar('\n');
	}
	json_decref(j);
	return 0;
}

static int do_stats(xp_db *db, dargs *a, xp_err *e)
{
	xp_db_counts s;
	json_t *all = NULL, *r = run_info(db, a->run, &all, e);
	if (!r || xp_db_stats(db, a->run, &s, e)) {
		json_decref(all);
		return -1;
	}
	char label[200];
	run_label(r, 0, label, sizeof label);
	if (a->json)
		puts(s.json);
	else
		printf("%s\nadditions %zu, deletions %zu, modifications %zu (of them %zu for unknown mentions, %zu that break "
		       "a rule); %zu undone\nmentions %zu, projected %zu, corrected %zu (%.1f%%); additions that recovered "
		       "a pronoun: %zu\n", label, s.additions, s.deletions, s.modifications, s.orphans, s.conflicts, s.undone,
		       s.mentions, s.projected, s.corrected_mentions,
		       s.mentions ? 100.0 * s.corrected_mentions / s.mentions : 0, s.pronoun_additions);
	/* stored before edits refused them: said, counted in none of the above */
	if (!a->json && s.no_ops)
		printf("%zu stored %s that changed nothing (a span set to the span it had), not counted as corrections\n",
		       s.no_ops, s.no_ops == 1 ? "modification" : "modifications");
	if (!a->json && breakdowns(s.json)) {
		json_decref(all);
		xp_db_counts_free(&s);
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	}
	int rc = a->json ? 0 : print_carry(db, r, 0, e);
	say_not_superseded(a, all, r, "stats", "counted", 0);
	json_decref(all);
	xp_db_counts_free(&s);
	return rc;
}

/* The crossing pairs of run (0: every run), one a line on stderr, and an
 * error that says what to do; 0 when there is none. */
static int refuse_crossings(xp_db *db, int64_t run, const char *what, xp_err *e)
{
	char *list;
	size_t n;
	if (xp_db_crossings(db, run, &list, &n, e))
		return -1;
	if (!n)
		return 0;
	FILE *f = strcmp(what, "check") ? stderr : stdout;
	for (char *p = list, *q; p; p = q) {
		q = strstr(p, "; ");
		if (q)
			*q = '\0', q += 2;
		fputs("crossing: ", f);
		xp_cli_put_untrusted(f, p);
		fputc('\n', f);
	}
	free(list);
	if (!strcmp(what, "check"))
		return (int)n;
	return xp_failc(e, XP_EINPUT, xp_db_path(db), 0,
			"%zu pair(s) of mentions of one entity cross in a sentence (listed above by mention key), which CoNLL "
			"and CorefUD brackets cannot hold: fix them in the workbench (change, delete or relink one of each "
			"pair) or export jsonlines (-o OUT.jsonl); nothing was written", n);
}

/* db export a document at a time: each document of the run is read from
 * the store, written to OUT's (and --jsonl's) temporary file and freed
 * before the next, so that memory is the largest document's, not the
 * run's; the bytes are the whole corpus's (xp_corpus_bytes). */
typedef struct export_pass {
	xp_db *db;
	dargs *a;
	xp_outputs *o;
	xp_put_fn put_out, put_jsonl;
	void *pout, *pjsonl;
	xp_buf b;
	size_t ndocs, empty;
	void *bad_put;   /* the output whose write failed (its stream says why) */
	int failed;      /* anything else: e holds why */
	xp_err e;
} export_pass;

static int put_bytes(export_pass *X, const char *path, xp_format fmt, xp_put_fn put, void *pctx, xp_corpus *doc, xp_err *err)
{
	X->b.n = 0;
	if (xp_corpus_bytes(&X->b, path, fmt, doc, err))
		return -1;
	if (X->b.n && put(pctx, X->b.p, X->b.n)) {
		X->bad_put = pctx;   /* its stream says why, at its end */
		return -1;
	}
	return 0;
}

static int export_one(void *ctx, xp_corpus *doc, xp_err *err)
{
	export_pass *X = ctx;
	/* training data: a document without a target sentence is left out */
	if (!X->a->keep_empty)
		X->empty += xp_corpus_drop_empty(doc);
	X->ndocs += doc->ndocs;
	return put_bytes(X, X->a->out, XP_FMT_AUTO, X->put_out, X->pout, doc, err) ||
			       (X->a->jsonl && put_bytes(X, X->a->jsonl, XP_FMT_JSONL, X->put_jsonl, X->pjsonl, doc, err))
		       ? -1
		       : 0;
}

static int export_docs_gen(export_pass *X)
{
	if (!xp_db_export_each(X->db, X->a->run, X->a->silver, export_one, X, &X->e))
		return 0;
	X->failed = !X->bad_put;
	return -1;
}

static int export_gen_jsonl(void *ctx, xp_put_fn put, void *pctx)
{
	export_pass *X = ctx;
	X->put_jsonl = put, X->pjsonl = pctx;
	return export_docs_gen(X);
}

/* OUT's generator; --jsonl's temporary file is open inside it, the two
 * written side by side */
static int export_gen_out(void *ctx, xp_put_fn put, void *pctx)
{
	export_pass *X = ctx;
	X->put_out = put, X->pout = pctx;
	if (!X->a->jsonl)
		return export_docs_gen(X);
	xp_err scratch = {0};
	int rc = xp_outputs_stream(X->o, X->a->jsonl, export_gen_jsonl, X, &scratch);
	if (rc && !X->failed && X->bad_put != X->pout)
		X->failed = 1, X->e = scratch;
	return rc;
}

static int do_export(xp_db *db, dargs *a, xp_err *e)
{
	/* standard output, or MMAX2 (refused), take the whole corpus's way */
	if (strcmp(a->out, "-") && xp_format_of_path(a->out) != XP_FMT_MMAX2 && (!a->jsonl || strcmp(a->jsonl, "-"))) {
		json_t *all = NULL, *r = run_info(db, a->run, &all, e);
		if (!r)
			return -1;
		/* crossing mentions are refused before anything is written (the
		 * whole corpus's way refuses them after reading it) */
		int rc = !a->silver && xp_format_of_path(a->out) != XP_FMT_JSONL ? refuse_crossings(db, a->run, "export", e) : 0;
		xp_outputs o = {0};
		export_pass X = {.db = db, .a = a, .o = &o};
		if (!rc && xp_outputs_stream(&o, a->out, export_gen_out, &X, e)) {
			if (X.failed)
				*e = X.e;
			rc = -1;
		}
		/* --jsonlines' file, made inside OUT's, was added first: OUT is
		 * put in place first, as the whole corpus's way does (a kill
		 * between the two renames leaves OUT new, tests/cli/crash.sh) */
		if (!rc && o.n == 2) {
			xp_output t = o.v[0];
			o.v[0] = o.v[1], o.v[1] = t;
		}
		rc = rc || xp_outputs_commit(&o, e);
		xp_outputs_abort(&o);
		xp_buf_free(&X.b);
		if (!rc) {
			char label[200];
			run_label(r, 0, label, sizeof label);
			printf("%s: %zu documents, %s, to %s%s%s\n", label, X.ndocs,
			       a->silver ? "the projection as it was" : "with its live corrections", a->out, a->jsonl ? " and " : "",
			       a->jsonl ? a->jsonl : "");
			if (X.empty)
				printf("%zu document(s) without a target sentence not written (--keep-empty writes them)\n", X.empty);
			say_not_superseded(a, all, r, "export", "exported", 0);
		}
		json_decref(all);
		return rc;
	}
	xp_corpus c = {0};
	json_t *all = NULL, *r = run_info(db, a->run, &all, e);
	xp_outputs o = {0};
	int rc = !r || xp_db_export(db, a->run, a->silver, &c, e);
	/* two mentions of one entity crossing in a sentence (a store made
	 * before the workbench refused them): CoNLL and CorefUD cannot hold
	 * them, and the corrector is to be told which ones and where */
	if (!rc && !a->silver && xp_format_of_path(a->out) != XP_FMT_JSONL)
		rc = refuse_crossings(db, a->run, "export", e);
	/* training data: a document without a target sentence is left out */
	size_t empty = !rc && !a->keep_empty ? xp_corpus_drop_empty(&c) : 0;
	rc = rc || xp_put_corpus(&o, a->out, XP_FMT_AUTO, &c, e) ||
		 (a->jsonl && xp_put_corpus(&o, a->jsonl, XP_FMT_JSONL, &c, e)) || xp_outputs_commit(&o, e);
	xp_outputs_abort(&o);
	if (!rc) {
		char label[200];
		run_label(r, 0, label, sizeof label);
		/* on stderr when a corpus went to stdout: the line ended the
		 * stream (`db export -o - | xproj stats -` refused it) */
		FILE *say = !strcmp(a->out, "-") || (a->jsonl && !strcmp(a->jsonl, "-")) ? stderr : stdout;
		fprintf(say, "%s: %zu documents, %s, to %s%s%s\n", label, c.ndocs,
			a->silver ? "the projection as it was" : "with its live corrections", a->out, a->jsonl ? " and " : "",
			a->jsonl ? a->jsonl : "");
		if (empty)
			fprintf(say, "%zu document(s) without a target sentence not written (--keep-empty writes them)\n", empty);
		say_not_superseded(a, all, r, "export", "exported", 0);
	}
	json_decref(all);
	xp_corpus_free(&c);
	return rc;
}

static int do_triage(xp_db *db, dargs *a, xp_err *e)
{
	xp_triage_item *t;
	size_t n;
	/* the first --top of the queue are all any of the three prints but
	 * --list without --top (the whole queue): the run is not held for them */
	if (xp_db_triage_top(db, a->run, a->list && !a->top_set ? 0 : (size_t)a->top, &t, &n, e))
		return -1;
	json_t *all = NULL, *r = a->run_default ? run_info(db, a->run, &all, e) : NULL;
	if (a->run_default && !r) {
		free(t);
		json_decref(all);
		return -1;
	}
	say_not_superseded(a, all, r, "triage", "triaged", 1);
	json_decref(all);
	int rc = 0;
	if (a->json) {   /* the same rows as JSON; without --list each with its mention (db show's) */
		json_t *v = json_array();
		size_t k = a->list && !a->top_set ? n : n < (size_t)a->top ? n : (size_t)a->top;
		for (size_t i = 0; v && rc == 0 && i < k; i++) {
			json_t *m = NULL, *o = json_pack("{s:I,s:s,s:f,s:f,s:s}", "rank", (json_int_t)(i + 1), "key", t[i].key,
							 "rate", t[i].risk, "p_fix", t[i].p_fix, "why", t[i].why);
			if (o && a->explain)
				json_object_set_new(o, "explain", json_string(t[i].explain));
			if (o && !a->list && (rc = xp_db_mention(db, a->run, t[i].key, 0, &m, e)) == 0)
				json_object_set_new(o, "mention", m);
			if (!o || json_array_append_new(v, o))
				rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		}
		free(t);
		if (rc) {
			json_decref(v);
			return rc;
		}
		if (xp_cli_print_json(json_pack("{s:I,s:o}", "run", (json_int_t)a->run, "queue", v)))
			return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		return 0;
	}
	if (a->list) {   /* the whole queue (or --top K of it), one mention a line, for scripts */
		for (size_t i = 0; i < n && (!a->top_set || (int)i < a->top); i++) {
			xp_cli_put_untrusted(stdout, t[i].key);
			printf("\t%.4f\t", t[i].risk);
			xp_cli_put_untrusted(stdout, t[i].why);
			if (a->explain) {
				putchar('\t');
				xp_cli_put_untrusted(stdout, t[i].explain);
			}
			putchar('\n');
		}
		free(t);
		return 0;
	}
	for (size_t i = 0; rc == 0 && i < n && (int)i < a->top; i++) {
		json_t *m = NULL;
		printf("%4zu  %.3f  ", i + 1, t[i].risk);
		xp_cli_put_untrusted(stdout, t[i].key);
		printf("%*s %s\n", (int)(strlen(t[i].key) < 24 ? 24 - strlen(t[i].key) : 0), "", t[i].why);
		if (a->explain)
			printf("      ranked by: %s\n", t[i].explain[0] ? t[i].explain : "(no confidence model in this run)");
		if ((rc = xp_db_mention(db, a->run, t[i].key, 0, &m, e)) == 0)
			xp_cli_show_mention(stdout, m, 1);
		json_decref(m);
	}
	free(t);
	return rc;
}

static int mention_id(const void *a, const void *b)
{
	/* keys from the store (xp_mention_key): by part (the first, which the
	 * key does not name, first), then id */
	size_t n;
	int64_t px, py, x, y;
	xp_mention_key_parse(*(char *const *)a, &n, &px, &x);
	xp_mention_key_parse(*(char *const *)b, &n, &py, &y);
	return px != py ? (px < py ? -1 : 1) : x < y ? -1 : x > y;
}

/* one mention (DOC|ID), or every mention of --doc DOC in document order */
/* a mention as a rerun's list names an earlier run's that the rerun has
 * none of, "DOC|ID (run N)" (xp_db_carried): its DOC|ID in key, N in *run */
static int labelled_key(const char *s, char *key, size_t n, long long *run)
{
	const char *p = strrchr(s, '(');
	int used = 0;
	if (!p || p - s < 2 || p[-1] != ' ' || sscanf(p, "(run %lld)%n", run, &used) != 1 || p[used] || *run < 1 ||
	    (size_t)(p - 1 - s) >= n)
		return 0;
	memcpy(key, s, (size_t)(p - 1 - s));
	key[p - 1 - s] = '\0';
	return 1;
}

static int do_show(xp_db *db, dargs *a, xp_err *e)
{
	char **keys = NULL, bare[600];
	size_t n = 0;
	xp_queue q;
	long long from;
	/* shown in the run it names, where it was corrected */
	if (!a->doc && labelled_key(a->file, bare, sizeof bare, &from))
		a->file = bare, a->run = from, a->run_default = 0;
	if (a->doc) {
		if (xp_db_queue(db, a->run, &q, e))
			return -1;
		keys = malloc((q.n + 1) * sizeof *keys);
		for (size_t i = 0; keys && i < q.n; i++)
			if (!strcmp(q.docs[q.v[i].doc], a->doc))
				keys[n++] = q.v[i].t.key;
		if (keys && n)
			qsort(keys, n, sizeof *keys, mention_id);
	}
	int rc = a->doc && !keys ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory") : 0;
	/* a document's lines with target-only mentions and no English one (a
	 * rule's marked pronoun in a sentence whose English names nothing): no
	 * mention lists them, so they come in reading order between the mentions.  A
	 * document of such lines alone is one too (xp_db_tonly_lines says
	 * when the run has no such document): "no document" was said of it,
	 * which db export writes */
	json_t *lines = NULL;
	size_t nl = 0;
	if (rc == 0 && a->doc)
		rc = xp_db_tonly_lines(db, a->run, a->doc, &lines, e);
	if (rc == 0 && a->doc && !n && !json_array_size(lines)) {
		xp_cli_put_untrusted(stdout, a->doc);
		printf(": no mention in run %lld, English or target-only\n", (long long)a->run);
	}
	for (size_t i = 0; rc == 0 && i < (a->doc ? n : 1); i++) {
		json_t *m = NULL;
		if ((rc = xp_db_mention(db, a->run, a->doc ? keys[i] : a->file, 0, &m, e)) == 0) {
			long long part = (long long)json_integer_value(json_object_get(m, "part")),
				  utt = (long long)json_integer_value(json_object_get(json_object_get(m, "english"), "utt"));
			json_t *l;
			while (nl < json_array_size(lines) && (l = json_array_get(lines, nl)) &&
			       (json_integer_value(json_object_get(l, "part")) < part ||
				(json_integer_value(json_object_get(l, "part")) == part &&
				 json_integer_value(json_object_get(l, "utt")) < utt)))
				xp_cli_show_tonly_line(stdout, a->doc, l), nl++;
			xp_cli_show_mention(stdout, m, 0);
		}
		json_decref(m);
	}
	for (; rc == 0 && nl < json_array_size(lines); nl++)
		xp_cli_show_tonly_line(stdout, a->doc, json_array_get(lines, nl));
	json_decref(lines);
	free(keys);
	if (a->doc)
		xp_queue_free(&q);
	/* the run's recipe: what its spans came from, what a realign uses.  A
	 * mention or document not in the run (another shard's, in a merged
	 * store: the last run was shown alone) names the runs it left out */
	xp_err e2;
	json_t *all = NULL, *r = run_info(db, a->run, &all, rc ? &e2 : e);
	if (!rc && !r)
		rc = -1;
	if (r && !rc) {
		printf("run %lld:\n", (long long)a->run);
		rc = print_recipe(db, r, e);
	}
	if (r && rc)
		say_not_superseded(a, all, r, "show", "shown", 0);
	json_decref(all);
	return rc;
}

static int do_check(xp_db *db, xp_err *e)
{
	char *report;
	size_t n;
	if (xp_db_check(db, &report, &n, e))
		return -1;
	fputs(report, stdout);
	free(report);
	/* what export would refuse: listed, each a problem */
	int crossing = refuse_crossings(db, 0, "check", e);
	if (crossing < 0)
		return -1;
	if (crossing)
		printf("%d pair(s) of mentions of one entity cross (listed above): export to CoNLL or CorefUD refuses "
		       "them; the workbench can fix them\n", crossing), n += (size_t)crossing;
	if (n)
		return xp_failc(e, XP_ECONFLICT, xp_db_path(db), 0, "%zu problem(s)", n);
	printf("ok\n");
	return 0;
}

/* The span pairs the store's correctors confirmed (correct/pairs.c), of
 * --lang L or the latest run's language, for `wordalign --train-lex`.
 * None is refused, as mention-pairs refuses: an empty PAIRS says nothing. */
static int do_pairs(xp_db *db, dargs *a, xp_err *e)
{
	json_t *all = NULL, *r = a->lang ? NULL : run_info(db, a->run, &all, e);
	if (!a->lang && !r)
		return -1;
	char lang[64];   /* a tag as the store keeps it (xp_store_lang: at most 63 bytes) */
	snprintf(lang, sizeof lang, "%s", a->lang ? a->lang : json_string_value(json_object_get(r, "lang")));
	json_decref(all);
	char shown[64];   /* said in its one spelling, as db runs says it */
	if (xp_lang_tag(lang, shown, sizeof shown))
		snprintf(shown, sizeof shown, "%s", lang);
	xp_buf b = {0};
	xp_db_pairs_stats st;
	int rc = xp_db_pairs(db, lang, a->words, &b, &st, e);
	if (!rc && !st.written)
		rc = xp_failc(e, XP_EINPUT, a->db, 0, "no span pair to write: %zu run(s) of %s hold no mention a corrector "
			      "edited or kept with a target span (%zu edited, %zu kept, %zu left so by a corrected file, %zu of them "
			      "without a span)%s%s%s", st.runs, shown, st.edited, st.kept, st.agreed, st.nulls, st.other_runs ? "; runs of other languages, not read: " : "",
			      st.other_langs, st.other_runs && !a->lang ? " (--lang L reads theirs)" : "");
	if (!rc)
		rc = xp_write_file(a->out, b.p, b.n, e);
	xp_buf_free(&b);
	if (rc)
		return -1;
	FILE *say = !strcmp(a->out, "-") ? stderr : stdout;   /* not into the pairs (db export's way) */
	fprintf(say, "%s: %zu span pairs of %s to %s, from %zu documents of %zu run(s): %zu mentions edited, %zu kept, "
		"%zu left so by a corrected file (%zu without a target span, %zu not in their tokens)\n", a->db, st.written,
		lang, a->out, st.docs, st.runs, st.edited, st.kept, st.agreed, st.nulls, st.bad);
	if (st.other_runs)
		fprintf(say, "%zu run(s) of other languages not read (%s)\n", st.other_runs, st.other_langs);
	return 0;
}

static int dispatch(xp_db *db, const char *sub, dargs *a, xp_err *e)
{
	/* a --run the store lacks is refused here, for every subcommand that
	 * takes one: triage and export-tasa read it as a run without mentions
	 * (an empty queue, a CSV of its header alone) and exited 0 */
	if (!a->run)
		a->run = xp_db_latest_run(db), a->run_default = 1;
	else if (!xp_db_has_run(db, a->run))
		return xp_failc(e, XP_ENOTFOUND, a->db, 0, "there is no run %lld in the database", (long long)a->run);
	int needs_run = strcmp(sub, "init") && strcmp(sub, "import") && strcmp(sub, "log") && strcmp(sub, "undo") &&
			strcmp(sub, "runs") && strcmp(sub, "check");
	if (needs_run && !a->run)
		return xp_fail(e, a->db, 0, "no projection run in the database (xproj db import first)");
	if (!strcmp(sub, "init"))
		return printf("%s: schema version %d\n", a->db, xp_db_version(db)), 0;
	if (!strcmp(sub, "import"))
		return do_import(db, a, e);
	if (!strcmp(sub, "add"))
		return do_edit(db, a, XP_ADD, e);
	if (!strcmp(sub, "delete"))
		return do_edit(db, a, XP_DELETE, e);
	if (!strcmp(sub, "modify"))
		return do_edit(db, a, XP_MODIFY, e);
	if (!strcmp(sub, "import-corrections"))
		return do_batch(db, a, e);
	if (!strcmp(sub, "stats"))
		return do_stats(db, a, e);
	if (!strcmp(sub, "runs"))
		return do_runs(db, a, e);
	if (!strcmp(sub, "export"))
		return do_export(db, a, e);
	if (!strcmp(sub, "export-tasa"))
		return xp_db_export_tasa(db, a->run, a->only_flagged, a->out, e);
	if (!strcmp(sub, "triage"))
		return do_triage(db, a, e);
	if (!strcmp(sub, "show"))
		return do_show(db, a, e);
	if (!strcmp(sub, "undo")) {
		char what[200];
		if (xp_db_undo(db, a->batch, what, sizeof what, e))
			return -1;
		return printf("undone: %s\n", what), 0;
	}
	if (!strcmp(sub, "check"))
		return do_check(db, e);
	if (!strcmp(sub, "pairs"))
		return do_pairs(db, a, e);
	if (!strcmp(sub, "log") && a->json) {
		json_t *h;
		if (xp_db_log_json(db, &h, e))
			return -1;
		return xp_cli_print_json(h) ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory") : 0;
	}
	if (!strcmp(sub, "log")) {
		char *s;
		if (xp_db_log(db, &s, e))
			return -1;
		fputs(s, stdout);
		free(s);
		return 0;
	}
	return xp_failc(e, XP_EUSAGE, "", 0, "'%s' is not a db command", sub);
}

/* Commands that only read the store. */
static int reads_only(const char *sub)
{
	static const char *const readers[] = {"stats", "runs", "log", "export", "export-tasa", "triage", "show",
					      "check", "pairs"};
	for (size_t i = 0; i < sizeof readers / sizeof *readers; i++)
		if (!strcmp(sub, readers[i]))
			return 1;
	return 0;
}

/* The store (with SQLite's companion files) is an input of the commands that
 * read it and an output of those that change it. */
static int check_files(const char *sub, const dargs *a, xp_err *e)
{
	char wal[4200], shm[4200], jnl[4200];
	int w = !reads_only(sub);
	snprintf(wal, sizeof wal, "%s-wal", a->db);
	snprintf(shm, sizeof shm, "%s-shm", a->db);
	snprintf(jnl, sizeof jnl, "%s-journal", a->db);
	const xp_cli_file f[] = {
		{"DB", a->db, w},           {"DB", wal, w},          {"DB", shm, w},           {"DB", jnl, w},
		{"--source", a->source, 0}, {"--aligned", a->aligned, 0}, {"--report", a->report, 0},
		{"FILE", !strcmp(sub, "import-corrections") ? a->file : NULL, 0},
		{"-o", a->out, 1},          {"--jsonlines", a->jsonl, 1}};
	return xp_cli_check_files(f, sizeof f / sizeof *f, e);
}

/* db merge OUT IN...: several stores, no options (correct/merge.c) */
static int do_merge(int argc, char **argv)
{
	if (argc < 3 || argv[1][0] == '-')
		return xp_cli_bad("db merge", "which stores? (xproj db merge OUT IN...)");
	xp_cli_file *f = calloc((size_t)argc, sizeof *f);
	xp_merge_result r = {0};
	xp_err e;
	if (!f)
		return xp_failc(&e, XP_ENOMEM, "", 0, "out of memory"), xp_cli_error(&e);
	f[0] = (xp_cli_file){"OUT", argv[1], 1};
	for (int k = 2; k < argc; k++)
		f[k - 1] = (xp_cli_file){"IN", argv[k], 0};
	int rc = xp_cli_check_files(f, (size_t)argc - 1, &e) ||
		 xp_db_merge(argv[1], (const char *const *)argv + 2, (size_t)argc - 2, &r, &e);
	free(f);
	if (rc)
		return xp_cli_error(&e);
	for (size_t k = 0; k < r.nconflicts; k++)
		printf("conflict: %s\n", r.conflicts[k]);
	printf("merged %d store(s) into %s: %zu runs added (%zu already there), %zu corrections, %zu batches, "
	       "%zu reviews, %zu carries, %zu history lines; %zu conflicts (both edits kept)\n", argc - 2, argv[1],
	       r.runs, r.runs_known, r.corrections, r.batches, r.reviews, r.carries, r.history, r.nconflicts);
	xp_merge_result_free(&r);
	return 0;
}

static int run(int argc, char **argv)
{
	if (argc < 2)
		return xp_cli_usage(&xp_cmd_db, 2);
	const char *sub = argv[1];
	if (!strcmp(sub, "help"))   /* `xproj db help`, as `xproj help db` */
		return xp_cli_usage(&xp_cmd_db, 0);
	if (!strcmp(sub, "merge")) {
		xp_cli_set_command("db merge");
		return do_merge(argc - 1, argv + 1);
	}
	const struct dsub *d = find_sub(sub);
	if (!d) {
		const char *names[NSUBS], *near;
		for (size_t i = 0; i < NSUBS; i++)
			names[i] = subs[i].name;
		if ((near = xp_cli_closest(sub, names, NSUBS)))
			return xp_cli_bad("db", "'%s' is not a db command (did you mean db %s?)", sub, near);
		/* no near name ("history" for log): the names themselves, which
		 * the usage gives only as a page of synopses */
		char list[256];
		size_t k = 0;
		for (size_t i = 0; i < NSUBS; i++)
			k += (size_t)snprintf(list + k, sizeof list - k, "%s, ", names[i]);
		return xp_cli_bad("db", "'%s' is not a db command (they are %smerge)", sub, list);
	}
	char name[64];
	snprintf(name, sizeof name, "db %s", d->name);
	xp_cli_set_command(name);   /* its errors say "xproj db import: " */
	dargs a;
	int st = parse(argc - 1, argv + 1, d, &a);
	if (st)
		return st;
	xp_db *db;
	xp_err e;
	/* only init and import make a store; the readers never write to it */
	xp_db_mode mode = reads_only(sub) ? XP_DB_READ
			: !strcmp(sub, "init") || !strcmp(sub, "import") ? XP_DB_CREATE : XP_DB_WRITE;
	import_in in = {0};
	a.in = &in;
	if (check_files(sub, &a, &e) || (!strcmp(sub, "import") && import_read(&a, &in, &e)) ||
	    xp_db_open_mode(a.db, mode, &db, &e)) {
		import_free(&in);
		return xp_cli_error(&e);
	}
	int rc = dispatch(db, sub, &a, &e);
	/* a store this import made goes with its failure (outputs all or
	 * nothing, as pipeline's): before, a full disk or a refused import
	 * left a new, empty store */
	if (rc && xp_db_made(db))
		xp_db_discard(db);
	else
		xp_db_close(db);
	import_free(&in);
	/* a failure that names no file is the store's: the library's "nothing
	 * to undo" or "no such mention in this run" did not say which store,
	 * when a script works on several (a usage error names none either) */
	if (rc && e.code != XP_EUSAGE)
		xp_err_in(rc, &e, a.db);
	return rc ? xp_cli_error(&e) : 0;
}

const xp_cmd xp_cmd_db = {
	"db", run, "manage the correction store (SQLite): import, correct, triage, export",
	"xproj db init DB\n"
	"       xproj db import DB --source EN.conll --aligned ALIGNED.jsonl --report R.json [--lang L]\n"
	"                      [--allow-empty] [--wa-model M [--wa-seed N] [--wa-sym S] [--wa-names F]\n"
	"                      [--wa-span-factor X]]\n"
	"       xproj db add|modify DB --mention DOC|ID --span SENT:START:END [--annotator NAME] [--note TEXT]\n"
	"       xproj db delete DB --mention DOC|ID [--annotator NAME] [--note TEXT]\n"
	"       xproj db import-corrections DB FILE [--annotator NAME] [--format mmc|tasa|conll|jsonlines|conllu]\n"
	"       xproj db export DB -o CORRECTED.conll [--jsonlines OUT.jsonl] [--silver] [--keep-empty]\n"
	"       xproj db export-tasa DB -o tasa.csv [--only-flagged]\n"
	"       xproj db stats DB [--json] [--run N]\n"
	"       xproj db runs DB [--json]\n"
	"       xproj db log DB [--json]\n"
	"       xproj db undo DB [--batch B]\n"
	"       xproj db triage DB [--top K] [--list] [--explain] [--json]\n"
	"       xproj db show DB DOC|ID | --doc DOC\n"
	"       xproj db check DB\n"
	"       xproj db pairs DB [--lang L] [--tokens run|words] -o PAIRS\n"
	"       xproj db merge OUT IN...\n\n"
	"A run (`db import`) is one projection: the English corpus, the aligned corpus and the\n"
	"report `xproj project --report` wrote (--run-report R.json is the same option),\n"
	"imported in one transaction.  The inputs are checked whole before the store is opened,\n"
	"so a refused import creates nothing, and a new store appears complete or not at all.\n"
	"They are read a document at a time (memory of the largest document) where the CoNLL\n"
	"documents and the aligned records come in the same order, else whole.\n"
	"A report that projects none of its mentions is refused: as the latest run it would\n"
	"empty what every command shows (--allow-empty imports it).  --wa-model M records the\n"
	"word aligner's model the run was aligned with (wordalign --save-model M), checked to be\n"
	"one, with its size and hash: a re-pair in the workbench aligns the new pair with it\n"
	"and proposes the utterance's spans again (docs/serve.md); --wa-seed, --wa-sym and\n"
	"--wa-names record the aligner's seed, symmetrisation and learned names (wordalign's\n"
	"defaults and none unless given), --wa-span-factor X the factor of its --src-spans\n"
	"(wordalign --span-factor X: the re-pair holds the utterance's English mentions at it)\n"
	"so that it projects as the run did.  Mentions are\n"
	"DOC|ID (document id and English mention id; DOC|PART:ID in a part of a document\n"
	"other than its first, as CoNLL-2012's part 001); spans are SENT:START:END, the target\n"
	"sentence (as in the projected CoNLL) and a half-open token span.  add needs a null\n"
	"projection, delete and modify a projected mention, and the span must lie in the\n"
	"mention's target sentence.  import-corrections reads MMC's JSON ({scene: {\"add\":\n"
	"{id: [sent,start,end]}, \"delete\": [id], \"modify\": {...}}}) or a TASA results CSV\n"
	"(mention_id and Answer.alignment grid, of the shape export-tasa wrote for the mention's\n"
	"sentence, else refused with its line) as one batch in one transaction; a batch\n"
	"already imported is refused; edits for unknown mentions or that break a rule are\n"
	"stored, listed and left out of the corrected view.  With --format conll or jsonlines\n"
	"(or a .conll/.jsonlines path) FILE is the corrected target corpus itself: it is\n"
	"compared with the run's corrected view, document by document and target sentence by\n"
	"sentence, and the additions, deletions and modifications (cluster changes included)\n"
	"that make the view equal to it are derived; a sentence whose text is not the run's\n"
	"is skipped (one tokenised otherwise is compared through its characters) and each\n"
	"corrected mention no English mention can carry is listed; db log shows every\n"
	"derived edit with its file and line; a file none of whose documents is in the run\n"
	"is refused, naming the run that holds its first.  Commands act on the latest run\n"
	"unless --run N, and export and stats say which; without --run, export and stats\n"
	"(and show, of a mention or document not in that run) say on stderr which other runs\n"
	"of its language they leave out (a merged store's shards, which none supersedes).\n"
	"stats --json includes {\"additions\":N,\"deletions\":N,\"modifications\":N}, for\n"
	"that run; log --json is [{\"id\",\"created\",\"action\",\"detail\"}].  Each\n"
	"subcommand takes only the options on its line, and --run N if it acts on one run;\n"
	"any other is refused.\n\n"
	"Reruns: importing a new run of the same documents (same language) carries every\n"
	"corrected mention of the latest earlier run over when its English mention and its\n"
	"target sentence text are unchanged: the corrected span (or deletion) is re-applied\n"
	"to the new projection, keeps and notes with it; import, stats and runs list those\n"
	"that could not be carried, with the reason.\n\n"
	"triage: the queue, by the expected fixes a minute spent on each mention brings (1 -\n"
	"its calibrated confidence, weighed by the time looking and fixing take); those\n"
	"without a target sentence, and those already edited or kept, last.  --top K (20)\n"
	"mentions with their sentences; --list every mention, one 'DOC|ID<TAB>rate<TAB>why'\n"
	"line each (for scripts, `xproj judge --order`); --explain adds the features that\n"
	"moved the confidence most; --json gives the rows as {\"run\",\"queue\":[{\"rank\",\"key\",\n"
	"\"rate\",\"p_fix\",\"why\",\"mention\":{db show's}}]} (with --list every row, no mention).\n\n"
	"check: SQLite's integrity and foreign-key checks, and every run and batch holding what\n"
	"its history line says its import wrote; prints the problems (exit 1) or ok.  Read\n"
	"commands (stats, runs, log, export, export-tasa, triage, show, check, pairs) open the\n"
	"store read-only; only init and import create one.\n\n"
	"pairs: the span pairs a person confirmed, for the next run's aligner (`wordalign\n"
	"--train-lex PAIRS`; pipeline reads them from its store itself): every mention of a run\n"
	"of language L (default: the latest run's) that a live correction edited or a review\n"
	"kept (in a document whose corrected file import-corrections read, also those the\n"
	"file left as they were), as 'English span ||| target span' in the run's tokens;\n"
	"unreviewed projections never.  A document several runs hold is read from the newest.\n"
	"--tokens words gives the target span in the ICU words of its sentence (for an aligner\n"
	"given words where the run holds characters, as mention-pairs --tokens words).  None\n"
	"is refused.\n\n"
	"merge: every run, correction, batch, review and history line of the IN stores that OUT\n"
	"lacks is added to OUT (created if missing), matched by what it is, not by row id (a run\n"
	"by its run id, drawn by its import), so merging again adds nothing; a mention two stores\n"
	"corrected differently is listed as a conflict, both edits kept.  A store that is not\n"
	"one, of another schema or corrupt is refused before OUT is written.  The merge is one\n"
	"write transaction of OUT: all of it or nothing (a failure rolls it back).  OUT's other\n"
	"writers wait for it, then write into the merged store: db commands as long as it takes,\n"
	"the workbench 3 s, then it answers \"busy ... nothing was written; try again\".",
};
