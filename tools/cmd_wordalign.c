/* tools/cmd_wordalign.c — `xproj wordalign`: the built-in word aligner. */
#include "cli.h"
#include "../align/sym.h"
#include "../align/wordalign.h"
#include "../base/outputs.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

/* Every aligned pair's links, both directions and symmetrised. */
static int collect(xp_wa *w, xp_sym sym, xp_walign *f, xp_walign *r, xp_walign *s, xp_err *e)
{
	for (size_t k = 0; k < xp_wa_nsent(w); k++) {
		const xp_link *fl, *rl;
		size_t nf, nr;
		if (xp_wa_links(w, k, &fl, &nf, &rl, &nr, e))
			return -1;
		if (xp_walign_add(f, fl, nf) || xp_walign_add(r, rl, nr) ||
		    xp_symmetrize_pair(fl, nf, rl, nr, sym, s))
			return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	}
	f->has_probs = r->has_probs = s->has_probs = 1;
	return 0;
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
					   {"train", required_argument, 0, 'T'},
					   {0, 0, 0, 0}};
	xp_wa_opts o;
	xp_wa_defaults(&o);
	const char *out = NULL, *probs = NULL, *fpath = NULL, *rpath = NULL;
	int sym = XP_SYM_GDFA, ch, bad = 0;
	/* each --train names one file; there are fewer than argc of them */
	const char **train = calloc((size_t)argc + 1, sizeof *train);
	if (!train)
		return xp_cli_usage(&xp_cmd_wordalign, 2);
	size_t ntrain = 0;
	while ((ch = getopt_long(argc, argv, "o:p:s:t:", lo, NULL)) != -1) {
		if (ch == 'o') out = optarg;
		else if (ch == 'p') probs = optarg;
		else if (ch == 's' && (sym = xp_sym_named(optarg)) >= 0) ;
		else if (ch == 't') o.threads = atoi(optarg), bad |= o.threads < 1;
		else if (ch == 'S') o.seed = strtoull(optarg, NULL, 10);
		else if (ch == 'n') o.samplers = atoi(optarg);
		else if (ch == 'i') o.iters = atoi(optarg);
		else if (ch == 'l') o.lowercase = 1;
		else if (ch == 'F') fpath = optarg;
		else if (ch == 'R') rpath = optarg;
		else if (ch == 'T') train[ntrain++] = optarg;
		else {
			free(train);
			return xp_cli_usage(&xp_cmd_wordalign, 2);
		}
	}
	if (argc - optind != 1 || !out || bad || o.samplers < 1) {
		free(train);
		return xp_cli_usage(&xp_cmd_wordalign, 2);
	}
	o.train = train;
	o.ntrain = ntrain;
	o.progress = isatty(2) ? progress : NULL;
	xp_cli_file *files = calloc(ntrain + 5, sizeof *files);
	xp_walign f = {0}, r = {0}, s = {0};
	xp_err e;
	xp_wa *w = NULL;
	xp_outputs wo = {0};
	int rc = 0;
	if (!files) {
		free(train);
		return xp_cli_usage(&xp_cmd_wordalign, 2);
	}
	size_t nf = 0;
	files[nf++] = (xp_cli_file){"PAIRS", argv[optind], 0};
	for (size_t k = 0; k < ntrain; k++)
		files[nf++] = (xp_cli_file){"--train", train[k], 0};
	files[nf++] = (xp_cli_file){"-o", out, 1};
	files[nf++] = (xp_cli_file){"--probs", probs, 1};
	files[nf++] = (xp_cli_file){"--forward", fpath, 1};
	files[nf++] = (xp_cli_file){"--reverse", rpath, 1};
	if (xp_cli_check_files(files, nf, &e) || xp_wa_new(&w, &o, &e) ||
	    xp_wa_add_file(w, argv[optind], 0, &e) || xp_wa_run(w, &e) ||
	    (o.progress && fputs("\r\033[K", stderr) < 0) ||
	    collect(w, (xp_sym)sym, &f, &r, &s, &e) || put_align(&wo, out, &s, 0, &e) ||
	    (probs && put_align(&wo, probs, &s, 1, &e)) || (fpath && put_align(&wo, fpath, &f, 0, &e)) ||
	    (rpath && put_align(&wo, rpath, &r, 0, &e)) || xp_outputs_commit(&wo, &e)) {
		if (o.progress)
			fputs("\n", stderr);
		rc = xp_cli_error(&e);
	}
	xp_outputs_abort(&wo);
	xp_wa_free(w);
	xp_walign_free(&f);
	xp_walign_free(&r);
	xp_walign_free(&s);
	free(files);
	free(train);
	return rc;
}

const xp_cmd xp_cmd_wordalign = {
	"wordalign", run, "align words of a bitext (built-in Bayesian HMM aligner with fertility)",
	"xproj wordalign PAIRS -o OUT.pharaoh [--train MORE.pairs]... [--probs OUT.probs]\n"
	"                [--sym METHOD] [--threads N] [--seed S] [--samplers N] [--iters N]\n"
	"                [--lowercase] [--forward F.pharaoh] [--reverse R.pharaoh]\n\n"
	"PAIRS has one 'src ||| tgt' line per sentence pair (as `xproj bitext` writes);\n"
	"it and every --train file may be gzipped.  Both directions are sampled\n"
	"(collapsed Gibbs sampling, eflomal's model), then symmetrised.  Output is\n"
	"0-based Pharaoh 'i-j', one line per line of PAIRS; --probs writes each link's\n"
	"posterior in awesome-align's prob-file layout.  The same --seed gives the same\n"
	"output for any --threads.  Progress is shown on a terminal.\n"
	"  --train F      more sentence pairs of the same languages, used for training\n"
	"                 only (no output lines); repeat for more files\n"
	"  --sym M        intersect | union | grow-diag | grow-diag-final |\n"
	"                 grow-diag-final-and (default)\n"
	"  --threads N    samplers run in parallel (default: the number of cores)\n"
	"  --samplers N   independent samplers per direction (default 3)\n"
	"  --iters N      sweeps of the last stage (default: from the corpus size)\n"
	"  --lowercase    compare words lower-cased\n"
	"  --forward F, --reverse R  also write each direction before symmetrising",
};
