/* tools/cmd_aer.c — `xproj aer`: alignment error rate against a gold alignment. */
#include "cli.h"
#include "../eval/aer.h"

#include <getopt.h>
#include <stdio.h>

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"gold", required_argument, 0, 'g'},
					   {"one-based-gold", no_argument, 0, 'G'},
					   {"one-based", no_argument, 0, '1'},
					   {"json", no_argument, 0, 'j'},
					   {0, 0, 0, 0}};
	const char *gold = NULL;
	int gold1 = 0, test1 = 0, json = 0, ch;
	while ((ch = xp_cli_getopt("aer", argc, argv, "g:j", lo)) != -1) {
		if (ch == 'g') gold = optarg;
		else if (ch == 'G') gold1 = 1;
		else if (ch == '1') test1 = 1;
		else if (ch == 'j') json = 1;
		else return 2;
	}
	if (argc - optind != 1)
		return xp_cli_usage(&xp_cmd_aer, 2);
	if (!gold)
		return xp_cli_bad("aer", "--gold G is required");
	xp_walign g = {0}, t = {0};
	xp_aer_counts c;
	xp_err e;
	int rc = 0;
	const xp_cli_file files[] = {{"--gold", gold, 0}, {"TEST", argv[optind], 0}};
	if (xp_cli_check_files(files, 2, &e))
		return xp_cli_error(&e);
	if (xp_pharaoh_read_file(gold, gold1, &g, &e) || xp_pharaoh_read_file(argv[optind], test1, &t, &e)) {
		rc = xp_cli_error(&e);
	} else if (g.nsent != t.nsent) {   /* said here, where the files have names */
		xp_failc(&e, XP_EINPUT, argv[optind], 0, "%zu lines, but the gold %s has %zu", t.nsent, gold, g.nsent);
		rc = xp_cli_error(&e);
	} else if (xp_aer(&g, &t, &c, &e)) {
		rc = xp_cli_error(&e);
	}
	if (!rc) {
		double p, r, a;
		xp_aer_figures(&c, &p, &r, &a);
		if (json)
			printf("{\"precision\":%.6f,\"recall\":%.6f,\"aer\":%.6f,\"sentences\":%zu}\n", p, r, a,
			       c.sentences);
		else
			printf("sentences %zu  links %zu  gold sure %zu  precision %.4f  recall %.4f  AER %.4f\n",
			       c.sentences, c.a, c.s, p, r, a);
	}
	xp_walign_free(&g);
	xp_walign_free(&t);
	return rc;
}

const xp_cmd xp_cmd_aer = {
	"aer", run, "measure the alignment error rate (AER) against a gold alignment",
	"xproj aer --gold GOLD [--one-based-gold] [--one-based] [--json] TEST\n\n"
	"GOLD has sure 'i-j' and possible 'ipj' links; TEST is Pharaoh (0-based unless\n"
	"--one-based).  AER = 1 - (|A&S| + |A&P|) / (|A| + |S|), counts summed over sentences.\n"
	"  --json  {\"precision\":p,\"recall\":r,\"aer\":a,\"sentences\":N}",
};
