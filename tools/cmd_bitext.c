/* tools/cmd_bitext.c — `xproj bitext`: aligned corpus -> word-aligner input. */
#include "cli.h"
#include "../io/aligned.h"
#include "../base/outputs.h"
#include "../io/read.h"

#include <getopt.h>
#include <stdio.h>

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"output", required_argument, 0, 'o'},
					   {"map", required_argument, 0, 'm'},
					   {"allow-empty", no_argument, 0, 'E'},
					   {"source", required_argument, 0, 's'},
					   {"spans", required_argument, 0, 'S'},
					   {0, 0, 0, 0}};
	const char *out = NULL, *map = NULL, *source = NULL, *spans = NULL;
	int ch, allow_empty = 0;
	while ((ch = xp_cli_getopt("bitext", argc, argv, "o:m:", lo)) != -1) {
		if (ch == 'o') out = optarg;
		else if (ch == 'm') map = optarg;
		else if (ch == 'E') allow_empty = 1;
		else if (ch == 's') source = optarg;
		else if (ch == 'S') spans = optarg;
		else return 2;
	}
	if (argc - optind != 1)
		return xp_cli_usage(&xp_cmd_bitext, 2);
	if (!out)
		return xp_cli_bad("bitext", "-o pairs.txt is required");
	if (!spans != !source)
		return xp_cli_bad("bitext", "--spans and --source go together");
	xp_aligned a = {0};
	xp_buf pairs = {0}, mp = {0}, sp = {0};
	xp_corpus en = {0};
	xp_err e;
	const xp_cli_file files[] = {{"ALIGNED", argv[optind], 0}, {"--source", source, 0}, {"-o", out, 1},
				     {"--map", map, 1}, {"--spans", spans, 1}};
	int rc = 0;
	if (xp_cli_check_files(files, 5, &e) || xp_aligned_read(argv[optind], &a, &e) ||
	    xp_need_some(argv[optind], a.n, "utterances", &e) ||
	    (source && (xp_read_corpus(source, XP_FMT_AUTO, &(xp_read_opts){0}, &en, &e) ||
			xp_aligned_spans(&en, &a, argv[optind], &sp, &e))))
		rc = xp_cli_error(&e);
	if (!rc) {
		xp_aligned_bitext(&a, &pairs, map ? &mp : NULL);
		if (pairs.oom || mp.oom)
			rc = xp_cli_error(&(xp_err){.msg = "out of memory"});
		/* no utterance with both sides: pairs.txt would be replaced with nothing */
		else if (!pairs.n && !allow_empty) {
			xp_failc(&e, XP_EINPUT, argv[optind], 0, "none of its %zu utterances has both a source and a target "
				 "text: the bitext would be empty, nothing is written (--allow-empty writes it)", a.n);
			rc = xp_cli_error(&e);
		}
	}
	xp_outputs o = {0};
	if (!rc && (xp_outputs_put(&o, out, pairs.p ? pairs.p : "", pairs.n, &e) ||
		    (map && xp_outputs_put(&o, map, mp.p ? mp.p : "", mp.n, &e)) ||
		    (spans && xp_outputs_put(&o, spans, sp.p ? sp.p : "", sp.n, &e)) || xp_outputs_commit(&o, &e)))
		rc = xp_cli_error(&e);
	xp_outputs_abort(&o);
	size_t lines = 0;
	for (size_t i = 0; i < pairs.n; i++)
		lines += pairs.p[i] == '\n';
	if (!rc)
		fprintf(stderr, "xproj bitext: %zu utterances, %zu sentence pairs written (%zu with an empty side left out)\n",
			a.n, lines, a.n - lines);
	xp_buf_free(&pairs);
	xp_buf_free(&mp);
	xp_buf_free(&sp);
	xp_corpus_free(&en);
	xp_aligned_free(&a);
	return rc;
}

const xp_cmd xp_cmd_bitext = {
	"bitext", run, "write the sentence pairs of an aligned corpus for a word aligner",
	"xproj bitext ALIGNED.jsonl -o pairs.txt [--map pairs.map] [--allow-empty]\n"
	"             [--source EN.conll --spans pairs.spans]\n\n"
	"One 'src tokens ||| tgt tokens' line per utterance whose source and target are both\n"
	"non-empty, tokens joined by single spaces in the order the projector uses (a token\n"
	"holding a space, or empty, is written with '_' so that every aligner counts the same\n"
	"tokens).  The map has 'doc<TAB>part<TAB>utt' for each line, so left-out utterances\n"
	"never shift the numbering.  An aligned corpus with no such utterance is refused and\n"
	"nothing is written (--allow-empty writes the empty bitext).\n"
	"  -o, --output FILE  the bitext\n"
	"  --map FILE         the line -> utterance map\n"
	"  --source F, --spans FILE  the English mentions of each line, read from the\n"
	"                     source corpus F: 'i-j ...', tokens i..j (0-based,\n"
	"                     inclusive), for `xproj wordalign --src-spans`",
};
