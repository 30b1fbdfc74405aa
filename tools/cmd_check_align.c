/* tools/cmd_check_align.c — `xproj check-align`: is an aligner's output usable? */
#include "cli.h"
#include "../io/bitext.h"

#include <getopt.h>
#include <stdio.h>

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"bitext", required_argument, 0, 'b'},
					   {"probs", required_argument, 0, 'p'},
					   {"words", required_argument, 0, 'w'},
					   {"one-based", no_argument, 0, '1'},
					   {0, 0, 0, 0}};
	xp_import im = {0};
	const char *bpath = NULL;
	int ch;
	while ((ch = getopt_long(argc, argv, "b:p:w:", lo, NULL)) != -1) {
		if (ch == 'b') bpath = optarg;
		else if (ch == 'p') im.probs = optarg;
		else if (ch == 'w') im.words = optarg;
		else if (ch == '1') im.one_based = 1;
		else return xp_cli_usage(&xp_cmd_check_align, 2);
	}
	if (argc - optind != 1 || !bpath)
		return xp_cli_usage(&xp_cmd_check_align, 2);
	im.pharaoh = argv[optind];
	xp_bitext b;
	xp_walign a = {0};
	xp_err e;
	int rc = 0;
	if (xp_bitext_read(bpath, &b, &e))
		return xp_cli_error(&e);
	im.bitext = &b;
	if (xp_walign_import(&im, &a, &e))
		rc = xp_cli_error(&e);
	else
		printf("%s: %zu sentence pairs, %zu links%s: ok\n", im.pharaoh, a.nsent, a.nlinks,
		       a.has_probs ? " with probabilities" : "");
	xp_walign_free(&a);
	xp_bitext_free(&b);
	return rc;
}

const xp_cmd xp_cmd_check_align = {
	"check-align", run, "check a word aligner's output against its bitext",
	"xproj check-align --bitext PAIRS [--one-based] [--probs P] [--words W] ALIGN\n\n"
	"ALIGN is Pharaoh ('i-j' sure, 'ipj' possible, any order); P is awesome-align's\n"
	"--output_prob_file (one probability per link); W its --output_word_file\n"
	"('src<sep>tgt' per link).  Reports, with file:line, a line count that differs from\n"
	"the bitext, an index outside its line's tokens, a malformed link, a probability count\n"
	"that differs from the link count, and a word that is not the bitext's token (the\n"
	"aligner tokenised that line differently).  An empty line is a pair with no links.",
};
