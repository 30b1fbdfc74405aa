/* tools/cmd_check_align.c — `xproj check-align`: is an aligner's output usable? */
#include "cli.h"
#include "../io/bitext.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

/* --json: {"alignment","ok":true,"sentence_pairs","links","probabilities"}, or
 * {"alignment","ok":false,"error":{"file","line","message"}} */
static int print_json(const char *path, const xp_walign *a, const xp_err *failed)
{
	json_t *o = failed ? json_pack("{s:s,s:b,s:{s:s,s:I,s:s}}", "alignment", path, "ok", 0, "error", "file",
				       failed->file, "line", (json_int_t)failed->line, "message", failed->msg)
			   : json_pack("{s:s,s:b,s:I,s:I,s:b}", "alignment", path, "ok", 1, "sentence_pairs",
				       (json_int_t)a->nsent, "links", (json_int_t)a->nlinks, "probabilities", a->has_probs);
	return xp_cli_print_json(o) || failed;
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"bitext", required_argument, 0, 'b'},
					   {"probs", required_argument, 0, 'p'},
					   {"words", required_argument, 0, 'w'},
					   {"one-based", no_argument, 0, '1'},
					   {"json", no_argument, 0, 'j'},
					   {0, 0, 0, 0}};
	xp_import im = {0};
	const char *bpath = NULL;
	int ch, json = 0;
	while ((ch = xp_cli_getopt("check-align", argc, argv, "b:p:w:", lo)) != -1) {
		if (ch == 'b') bpath = optarg;
		else if (ch == 'p') im.probs = optarg;
		else if (ch == 'w') im.words = optarg;
		else if (ch == '1') im.one_based = 1;
		else if (ch == 'j') json = 1;
		else return 2;
	}
	if (argc - optind != 1)
		return xp_cli_usage(&xp_cmd_check_align, 2);
	if (!bpath)
		return xp_cli_bad("check-align", "--bitext PAIRS is required");
	im.pharaoh = argv[optind];
	xp_bitext b;
	xp_walign a = {0};
	xp_err e;
	int rc = 0;
	const xp_cli_file files[] = {{"--bitext", bpath, 0}, {"ALIGN", im.pharaoh, 0}, {"--probs", im.probs, 0},
				     {"--words", im.words, 0}};
	if (xp_cli_check_files(files, 4, &e))
		return json ? print_json(im.pharaoh, &a, &e) : xp_cli_error(&e);
	if (xp_bitext_read(bpath, &b, &e))
		return json ? print_json(im.pharaoh, &a, &e) : xp_cli_error(&e);
	im.bitext = &b;
	int failed = xp_walign_import(&im, &a, &e) != 0;
	if (json)
		rc = print_json(im.pharaoh, &a, failed ? &e : NULL);
	else if (failed)
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
	"xproj check-align --bitext PAIRS [--one-based] [--probs P] [--words W] [--json] ALIGN\n\n"
	"ALIGN is Pharaoh ('i-j' sure, 'ipj' possible, any order); P is awesome-align's\n"
	"--output_prob_file (one probability per link); W its --output_word_file\n"
	"('src<sep>tgt' per link).  Reports, with file:line, a line count that differs from\n"
	"the bitext, an index outside its line's tokens, a malformed link, a probability count\n"
	"that differs from the link count, and a word that is not the bitext's token (the\n"
	"aligner tokenised that line differently).  An empty line is a pair with no links.\n"
	"  --json  {\"alignment\",\"ok\":true,\"sentence_pairs\":N,\"links\":N,\"probabilities\":B},\n"
	"          or {\"alignment\",\"ok\":false,\"error\":{\"file\",\"line\",\"message\"}} (exit 1)",
};
