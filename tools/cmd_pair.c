/* tools/cmd_pair.c — `xproj pair`: a released target corpus -> aligned corpus. */
#include "cli.h"
#include "../align/pair.h"
#include "../base/file.h"
#include "../io/read.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

typedef struct args {
	const char *source, *target, *out;
	int repair;
	xp_pair_opts o;
} args;

static int parse(int argc, char **argv, args *a)
{
	static const struct option lo[] = {
		{"source", required_argument, 0, 's'}, {"target", required_argument, 0, 't'},
		{"lang", required_argument, 0, 'l'},   {"tgt-lang", required_argument, 0, 'l'},
		{"tokens", required_argument, 0, 'k'}, {"output", required_argument, 0, 'o'},
		{"repair", no_argument, 0, 'r'},       {0, 0, 0, 0}};
	memset(a, 0, sizeof *a);
	xp_pair_defaults(&a->o);
	int ch;
	while ((ch = xp_cli_getopt("pair", argc, argv, "o:", lo)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 't': a->target = optarg; break;
		case 'l': a->o.tgt_lang = optarg; break;
		case 'o': a->out = optarg; break;
		case 'r': a->repair = 1; break;
		case 'k':
			if (!strcmp(optarg, "file"))
				a->o.tokens = XP_PAIR_TOKENS_FILE;
			else if (!strcmp(optarg, "words"))
				a->o.tokens = XP_PAIR_TOKENS_WORDS;
			else
				return xp_cli_bad("pair", "--tokens: '%s' is not one of file, words", optarg);
			break;
		default: return 2;
		}
	}
	return optind != argc || !a->source || !a->target || !a->out ? xp_cli_usage(&xp_cmd_pair, 2) : 0;
}

static void summary(const xp_pair_stats *s)
{
	if (s->guessed)
		fprintf(stderr, "xproj pair: target language %s, guessed from its script (%s; --lang to say)\n",
			s->tgt_lang[0] ? s->tgt_lang : "unknown", s->script[0] ? s->script : "no letters");
	fprintf(stderr,
		"xproj pair: %zu documents (%zu without a target document), %zu utterances, %zu target "
		"sentences paired (%.1f%% of the utterances)\n  confidence mean %.3f, %zu below 0.9; "
		"%zu speaker mismatches; %.2f target units per English word\n",
		s->documents, s->src_only_docs, s->utterances, s->paired,
		s->utterances ? 100.0 * s->paired / s->utterances : 0, s->paired ? s->conf_sum / s->paired : 0,
		s->unsure, s->speaker_mismatch, s->ratio);
}

static int run(int argc, char **argv)
{
	args a;
	int rc0 = parse(argc, argv, &a);
	if (rc0)
		return rc0;
	xp_corpus en = {0}, tg = {0};
	xp_aligned al = {0};
	xp_pair_stats st;
	xp_diags dg = {0};
	xp_read_opts ro = {.repair = a.repair, .diags = &dg};
	xp_buf b = {0};
	xp_err e;
	const xp_cli_file files[] = {{"--source", a.source, 0}, {"--target", a.target, 0}, {"-o", a.out, 1}};
	int rc = xp_cli_check_files(files, 3, &e) || xp_read_corpus(a.source, XP_FMT_AUTO, &ro, &en, &e) ||
		 xp_need_some(a.source, en.ndocs, "documents", &e) || xp_read_corpus(a.target, XP_FMT_AUTO, &ro, &tg, &e) ||
		 xp_need_some(a.target, tg.ndocs, "documents", &e);
	if (!rc && xp_pair(&en, &tg, &a.o, &al, &st, &e)) {
		/* name the file the library's complaint is about */
		if (!e.file[0])
			snprintf(e.file, sizeof e.file, "%s", a.target);
		rc = 1;
	}
	if (!rc) {
		xp_aligned_write(&b, &al);
		rc = b.oom ? xp_failc(&e, XP_ENOMEM, a.out, 0, "out of memory") != 0
			   : xp_write_file(a.out, b.p ? b.p : "", b.n, &e) != 0;
	}
	if (a.repair)
		xp_cli_diags(&dg);
	if (rc)
		xp_cli_error(&e);
	else
		summary(&st);
	xp_buf_free(&b);
	xp_diags_free(&dg);
	xp_aligned_free(&al);
	xp_corpus_free(&tg);
	xp_corpus_free(&en);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_pair = {
	"pair", run, "pair a released target corpus with its English corpus",
	"xproj pair --source EN.conll --target TGT.conll [--lang L] [--tokens file|words]\n"
	"           [--repair] -o ALIGNED.jsonl\n\n"
	"TGT holds, per document of EN (same id and part), one sentence for each English\n"
	"utterance that had a subtitle, in order, with speakers (as MMC's Chinese and Farsi\n"
	"files).  Each target sentence is put on its English utterance by a monotone dynamic\n"
	"programme over speaker and length (and a question mark, Latin words and numbers both\n"
	"sides share); its confidence is the pairing's posterior probability.  The output is\n"
	"an aligned corpus (one record per English utterance, an empty target where none was\n"
	"paired) for `xproj bitext` and `xproj project`.\n"
	"  --lang L        target language (zh, fa, ...); without it, guessed from the script\n"
	"                  and printed (--tgt-lang L: the same, as align calls it)\n"
	"  --tokens M      file: the target file's tokens (default); words: the sentence text\n"
	"                  re-split into ICU words (Chinese files of one character per token)\n"
	"  --repair        drop dangling brackets in the inputs instead of stopping\n"
	"  -o, --output F  the aligned corpus (JSON Lines)",
};
