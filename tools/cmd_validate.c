/* tools/cmd_validate.c — `xproj validate`: every problem, with file:line. */
#include "cli.h"
#include "../io/read.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

/* One file's diagnostics as JSON: {"path","errors","warnings","problems":[{"line","severity","message"}]} */
static json_t *file_json(const char *path, const xp_diags *dg, const xp_err *read_err)
{
	json_t *v = json_array();
	for (size_t i = 0; i < dg->n; i++) {
		const xp_diag *x = &dg->v[i];
		json_array_append_new(v, json_pack("{s:s,s:I,s:s,s:s}", "file", x->file, "line", (json_int_t)x->line,
						   "severity", x->sev == XP_PROBLEM ? "error" : "warning", "message", x->msg));
	}
	if (read_err)
		json_array_append_new(v, json_pack("{s:s,s:I,s:s,s:s}", "file", read_err->file, "line",
						   (json_int_t)read_err->line, "severity", "error", "message", read_err->msg));
	size_t nerr = dg->nproblems + (read_err != NULL);
	return json_pack("{s:s,s:I,s:I,s:o}", "path", path, "errors", (json_int_t)nerr,
			 "warnings", (json_int_t)(dg->n - dg->nproblems), "problems", v);
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"strict", no_argument, 0, 's'},
					   {"format", required_argument, 0, 'f'},
					   {"quiet", no_argument, 0, 'q'},
					   {"json", no_argument, 0, 'j'},
					   {0, 0, 0, 0}};
	int strict = 0, quiet = 0, json = 0, ch, fmt = XP_FMT_AUTO;
	xp_err e;
	while ((ch = xp_cli_getopt("validate", argc, argv, "sf:q", lo)) != -1) {
		if (ch == 's') strict = 1;
		else if (ch == 'q') quiet = 1;
		else if (ch == 'j') json = 1;
		else if (ch == 'f' && xp_cli_format("--format", optarg, &fmt, &e)) return xp_cli_bad_value("validate", &e);
		else if (ch == '?') return 2;
	}
	if (optind >= argc)
		return xp_cli_usage(&xp_cmd_validate, 2);
	if (json && quiet)
		return xp_cli_bad("validate", "--json and --quiet: the JSON is the summary, choose one");
	if (xp_cli_check_inputs(argv + optind, (size_t)(argc - optind), "FILE", &e))
		return xp_cli_error(&e);
	json_t *files = json ? json_array() : NULL;
	int bad = 0;
	for (int i = optind; i < argc; i++) {
		xp_diags dg = {0};
		xp_read_opts o = {.keep_going = 1, .diags = &dg};
		xp_corpus c = {0};
		/* a file that could not be read (missing, cut short, out of
		 * memory) is an error itself, and its partial corpus is not checked */
		int unread = xp_read_corpus(argv[i], (xp_format)fmt, &o, &c, &e) != 0;
		if (!unread)
			xp_corpus_check(&c, argv[i], &dg);
		if (!unread && !json)
			xp_cli_read_notes(argv[i], &c);
		size_t nwarn = dg.n - dg.nproblems, nerr = dg.nproblems + (size_t)unread;
		if (nerr || (strict && nwarn))
			bad = 1;
		if (json) {
			json_array_append_new(files, file_json(argv[i], &dg, unread ? &e : NULL));
		} else {
			xp_cli_diags(&dg);
			if (unread)
				xp_cli_error(&e);
			if (!quiet)
				printf("%s: %zu error(s), %zu warning(s)%s\n", argv[i], nerr, nwarn,
				       unread ? ", could not be read" : "");
		}
		xp_diags_free(&dg);
		xp_corpus_free(&c);
	}
	if (json) {
		if (xp_cli_print_json(json_pack("{s:b,s:b,s:o}", "ok", !bad, "strict", strict, "files", files)))
			return 1;
	}
	return bad;
}

const xp_cmd xp_cmd_validate = {
	"validate", run, "list every problem in coreference files, with file:line",
	"xproj validate [--strict] [--quiet | --json] [--format F] FILE...\n\n"
	"Errors: unclosed or unopened brackets, malformed lines or coreference items,\n"
	"invalid UTF-8, broken JSON.  Warnings: a span in two clusters, duplicate mentions,\n"
	"part or token-number columns that disagree with the header, a speaker that changes\n"
	"inside a sentence, a file with no document.  Exit status 1 if any file has an error (or, with --strict, a\n"
	"warning).\n"
	"  --strict    warnings count as problems\n"
	"  --quiet     no per-file summary line\n"
	"  --json      instead of the lines: {\"ok\":true|false,\"strict\":B,\"files\":[{\"path\",\n"
	"              \"errors\":N,\"warnings\":N,\"problems\":[{\"file\",\"line\",\"severity\",\n"
	"              \"message\"}]}]} on stdout (line 0: the file as a whole)",
};
