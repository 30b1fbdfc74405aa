/* tools/cmd_wordalign.c — `xproj wordalign`: the built-in word aligner. */
#include "cli.h"
#include "../align/sym.h"
#include "../align/wordalign.h"
#include "../base/outputs.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

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

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"output", required_argument, 0, 'o'},
					   {"probs", required_argument, 0, 'p'},
					   {"sym", required_argument, 0, 's'},
					   {"threads", required_argument, 0, 't'},
					   {"seed", required_argument, 0, 'S'},
					   {"samplers", required_argument, 0, 'n'},
					   {"iters", required_argument, 0, 'i'},
					   {"lowercase", no_argument, 0, 'l'},
					   {"forward", required_argument, 0, 'F'},
					   {"reverse", required_argument, 0, 'R'},
					   {0, 0, 0, 0}};
	xp_wa_opts o;
	xp_wa_defaults(&o);
	const char *out = NULL, *probs = NULL, *fpath = NULL, *rpath = NULL;
	int sym = XP_SYM_GDFA, ch;
	while ((ch = getopt_long(argc, argv, "o:p:s:t:", lo, NULL)) != -1) {
		if (ch == 'o') out = optarg;
		else if (ch == 'p') probs = optarg;
		else if (ch == 's' && (sym = xp_sym_named(optarg)) >= 0) ;
		else if (ch == 't') o.threads = atoi(optarg);
		else if (ch == 'S') o.seed = strtoull(optarg, NULL, 10);
		else if (ch == 'n') o.samplers = atoi(optarg);
		else if (ch == 'i') o.iters = atoi(optarg);
		else if (ch == 'l') o.lowercase = 1;
		else if (ch == 'F') fpath = optarg;
		else if (ch == 'R') rpath = optarg;
		else return xp_cli_usage(&xp_cmd_wordalign, 2);
	}
	if (argc - optind != 1 || !out || o.threads < 1 || o.samplers < 1)
		return xp_cli_usage(&xp_cmd_wordalign, 2);
	xp_bitext b;
	xp_walign f = {0}, r = {0}, s = {0};
	xp_err e;
	int rc = 0;
	const xp_cli_file files[] = {{"PAIRS", argv[optind], 0}, {"-o", out, 1},      {"--probs", probs, 1},
				     {"--forward", fpath, 1},    {"--reverse", rpath, 1}};
	if (xp_cli_check_files(files, sizeof files / sizeof *files, &e) || xp_bitext_read(argv[optind], &b, &e))
		return xp_cli_error(&e);
	xp_outputs w = {0};
	if (xp_wordalign(&b, &o, &f, &r, &e) || xp_symmetrize(&f, &r, (xp_sym)sym, &s, &e) ||
	    put_align(&w, out, &s, 0, &e) || (probs && put_align(&w, probs, &s, 1, &e)) ||
	    (fpath && put_align(&w, fpath, &f, 0, &e)) || (rpath && put_align(&w, rpath, &r, 0, &e)) ||
	    xp_outputs_commit(&w, &e))
		rc = xp_cli_error(&e);
	xp_outputs_abort(&w);
	xp_bitext_free(&b);
	xp_walign_free(&f);
	xp_walign_free(&r);
	xp_walign_free(&s);
	return rc;
}

const xp_cmd xp_cmd_wordalign = {
	"wordalign", run, "align words of a bitext (built-in Bayesian HMM aligner with fertility)",
	"xproj wordalign PAIRS -o OUT.pharaoh [--probs OUT.probs] [--sym METHOD]\n"
	"                [--threads N] [--seed S] [--samplers N] [--iters N] [--lowercase]\n"
	"                [--forward F.pharaoh] [--reverse R.pharaoh]\n\n"
	"PAIRS has one 'src ||| tgt' line per sentence pair (as `xproj bitext` writes).\n"
	"Both directions are sampled (collapsed Gibbs sampling, eflomal's model), then\n"
	"symmetrised.  Output is 0-based Pharaoh 'i-j'; --probs writes each link's posterior\n"
	"in awesome-align's prob-file layout.  The same --seed gives the same output for any\n"
	"--threads.\n"
	"  --sym M        intersect | union | grow-diag | grow-diag-final |\n"
	"                 grow-diag-final-and (default)\n"
	"  --threads N    samplers run in parallel (default 1)\n"
	"  --samplers N   independent samplers per direction (default 3)\n"
	"  --iters N      sweeps of the last stage (default: from the corpus size)\n"
	"  --lowercase    compare words lower-cased\n"
	"  --forward F, --reverse R  also write each direction before symmetrising",
};
