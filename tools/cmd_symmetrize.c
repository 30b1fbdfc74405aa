/* tools/cmd_symmetrize.c — `xproj symmetrize`: two directions into one alignment. */
#include "cli.h"
#include "../align/sym.h"
#include "../base/file.h"

#include <getopt.h>
#include <stdio.h>

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"method", required_argument, 0, 'm'},
					   {"output", required_argument, 0, 'o'},
					   {"reverse-is-target-source", no_argument, 0, 'R'},
					   {0, 0, 0, 0}};
	int how = XP_SYM_GDFA, flip = 0, ch;
	const char *out = "-";
	while ((ch = xp_cli_getopt("symmetrize", argc, argv, "m:o:", lo)) != -1) {
		if (ch == 'm' && (how = xp_sym_named(optarg)) < 0)
			return xp_cli_bad("symmetrize", "--method: '%s' is not a symmetrisation (see --help)", optarg);
		else if (ch == 'o') out = optarg;
		else if (ch == 'R') flip = 1;
		else if (ch == '?') return 2;
	}
	if (argc - optind != 2)
		return xp_cli_usage(&xp_cmd_symmetrize, 2);
	xp_walign f = {0}, r = {0}, s = {0};
	xp_buf b = {0};
	xp_err e;
	int rc = 0;
	const xp_cli_file files[] = {{"FORWARD", argv[optind], 0}, {"REVERSE", argv[optind + 1], 0}, {"-o", out, 1}};
	if (xp_cli_check_files(files, 3, &e) || xp_pharaoh_read_file(argv[optind], 0, &f, &e) ||
	    xp_pharaoh_read_file(argv[optind + 1], 0, &r, &e))
		rc = xp_cli_error(&e);
	for (size_t k = 0; !rc && flip && k < r.nlinks; k++) {
		uint32_t t = r.links[k].i;
		r.links[k].i = r.links[k].j, r.links[k].j = t;
	}
	if (!rc && f.nsent != r.nsent) {   /* said here, where the files have names */
		xp_failc(&e, XP_EINPUT, argv[optind + 1], 0, "%zu lines, but the forward alignment %s has %zu", r.nsent,
			 argv[optind], f.nsent);
		rc = xp_cli_error(&e);
	}
	if (!rc && xp_symmetrize(&f, &r, (xp_sym)how, &s, &e))
		rc = xp_cli_error(&e);
	if (!rc) {
		xp_pharaoh_write(&b, &s, 0);
		if (xp_write_file(out, b.p ? b.p : "", b.n, &e))
			rc = xp_cli_error(&e);
	}
	xp_buf_free(&b);
	xp_walign_free(&f);
	xp_walign_free(&r);
	xp_walign_free(&s);
	return rc;
}

const xp_cmd xp_cmd_symmetrize = {
	"symmetrize", run, "combine a forward and a reverse word alignment",
	"xproj symmetrize [--method M] [-o OUT] FORWARD REVERSE\n\n"
	"Both files are Pharaoh 'i-j' with i a source and j a target token (as fast_align\n"
	"writes its reverse run); with --reverse-is-target-source, REVERSE has 'j-i'.\n"
	"  --method M  intersect | union | grow-diag | grow-diag-final |\n"
	"              grow-diag-final-and (default)\n"
	"  -o FILE     output (default stdout)",
};
