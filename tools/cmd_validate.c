/* tools/cmd_validate.c — `xproj validate`: every problem, with file:line. */
#include "cli.h"
#include "../io/read.h"

#include <getopt.h>
#include <stdio.h>

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"strict", no_argument, 0, 's'},
					   {"format", required_argument, 0, 'f'},
					   {"quiet", no_argument, 0, 'q'},
					   {0, 0, 0, 0}};
	int strict = 0, quiet = 0, ch;
	xp_format fmt = XP_FMT_AUTO;
	while ((ch = getopt_long(argc, argv, "sf:q", lo, NULL)) != -1) {
		if (ch == 's') strict = 1;
		else if (ch == 'q') quiet = 1;
		else if (ch == 'f') fmt = xp_format_named(optarg);
		else return xp_cli_usage(&xp_cmd_validate, 2);
	}
	if (optind >= argc)
		return xp_cli_usage(&xp_cmd_validate, 2);
	int bad = 0;
	for (int i = optind; i < argc; i++) {
		xp_diags dg = {0};
		xp_read_opts o = {.keep_going = 1, .diags = &dg};
		xp_corpus c = {0};
		xp_err e;
		/* a file that could not be read (missing, cut short, out of
		 * memory) is an error itself, and its partial corpus is not checked */
		int unread = xp_read_corpus(argv[i], fmt, &o, &c, &e) != 0;
		if (!unread)
			xp_corpus_check(&c, argv[i], &dg);
		xp_cli_diags(&dg);
		if (unread)
			xp_cli_error(&e);
		size_t nwarn = dg.n - dg.nproblems, nerr = dg.nproblems + (size_t)unread;
		if (nerr || (strict && nwarn))
			bad = 1;
		if (!quiet)
			printf("%s: %zu error(s), %zu warning(s)%s\n", argv[i], nerr, nwarn, unread ? ", could not be read" : "");
		xp_diags_free(&dg);
		xp_corpus_free(&c);
	}
	return bad;
}

const xp_cmd xp_cmd_validate = {
	"validate", run, "list every problem in coreference files, with file:line",
	"xproj validate [--strict] [--quiet] [--format F] FILE...\n\n"
	"Errors: unclosed or unopened brackets, malformed lines or coreference items,\n"
	"invalid UTF-8, broken JSON.  Warnings: a span in two clusters, duplicate mentions,\n"
	"part or token-number columns that disagree with the header, a speaker that changes\n"
	"inside a sentence.  Exit status 1 if any file has an error (or, with --strict, a\n"
	"warning).\n"
	"  --strict    warnings count as problems\n"
	"  --quiet     no per-file summary line",
};
