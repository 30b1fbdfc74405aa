/* tools/cmd_mention_pairs.c — `xproj mention-pairs`: the span pairs of a
 * projected or corrected target corpus, as extra aligner training. */
#include "cli.h"
#include "../align/mention_pairs.h"
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
	static const char *const toks[] = {"file", "words"};
	memset(a, 0, sizeof *a);
	xp_pair_defaults(&a->o);
	int ch, k;
	xp_err e;
	while ((ch = xp_cli_getopt("mention-pairs", argc, argv, "o:", lo)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 't': a->target = optarg; break;
		case 'l': a->o.tgt_lang = optarg; break;
		case 'o': a->out = optarg; break;
		case 'r': a->repair = 1; break;
		case 'k':
			if (xp_cli_choice("--tokens", optarg, toks, 2, &k, &e))
				return xp_cli_bad_value("mention-pairs", &e);
			a->o.tokens = k ? XP_PAIR_TOKENS_WORDS : XP_PAIR_TOKENS_FILE;
			break;
		default: return 2;
		}
	}
	return optind != argc || !a->source || !a->target || !a->out ? xp_cli_usage(&xp_cmd_mention_pairs, 2) : 0;
}

static void summary(const xp_mpairs_stats *s)
{
	const xp_pair_stats *p = &s->pair;
	const xp_cmatch_stats *c = &s->clusters;
	if (p->guessed)
		fprintf(stderr, "xproj mention-pairs: target language %s, guessed from its script (%s; --lang to say)\n",
			p->tgt_lang[0] ? p->tgt_lang : "unknown", p->script[0] ? p->script : "no letters");
	fprintf(stderr,
		"xproj mention-pairs: %zu documents, %zu of %zu utterances paired (confidence mean %.3f, %zu below "
		"0.9)\n  target clusters: %zu, %zu matched to an English cluster, %zu ambiguous, %zu unmatched\n"
		"  target mentions: %zu, %zu span pairs written, %zu ambiguous (%zu by their cluster), %zu skipped\n",
		p->documents, p->paired, p->utterances, p->paired ? p->conf_sum / p->paired : 0, p->unsure,
		c->clusters, c->matched, c->ambiguous, c->unmatched, s->tgt_mentions, s->written, s->ambiguous,
		s->ambiguous_cluster, s->skipped);
	if (c->crowded)
		fprintf(stderr, "  %zu sentence pairs with too many clusters to count for the matching\n", c->crowded);
}

static int run(int argc, char **argv)
{
	args a;
	int rc0 = parse(argc, argv, &a);
	if (rc0)
		return rc0;
	xp_corpus en = {0}, tg = {0};
	xp_mpairs_stats st;
	xp_diags dg = {0};
	xp_read_opts ro = {.repair = a.repair, .diags = &dg};
	xp_buf b = {0};
	xp_err e;
	const xp_cli_file files[] = {{"--source", a.source, 0}, {"--target", a.target, 0}, {"-o", a.out, 1}};
	int rc = xp_cli_check_files(files, 3, &e) || xp_read_corpus(a.source, XP_FMT_AUTO, &ro, &en, &e) ||
		 xp_need_some(a.source, en.ndocs, "documents", &e) || xp_read_corpus(a.target, XP_FMT_AUTO, &ro, &tg, &e) ||
		 xp_need_some(a.target, tg.ndocs, "documents", &e);
	if (!rc && xp_mention_pairs(&en, &tg, &a.o, &b, &st, &e)) {
		/* name the file the library's complaint is about */
		if (!e.file[0])
			snprintf(e.file, sizeof e.file, "%s", a.target);
		rc = 1;
	}
	/* nothing to train on would replace PAIRS with an empty file: refused,
	 * as every command refuses to write nothing (README, Commands) */
	if (!rc && !st.written)
		rc = xp_failc(&e, XP_EINPUT, a.target, 0, "no span pair to write: of %zu target mentions, %zu "
			      "ambiguous and %zu skipped", st.tgt_mentions, st.ambiguous, st.skipped) != 0;
	if (!rc)
		rc = b.oom ? xp_failc(&e, XP_ENOMEM, a.out, 0, "out of memory") != 0
			   : xp_write_file(a.out, b.p ? b.p : "", b.n, &e) != 0;
	if (a.repair)
		xp_cli_diags(&dg);
	if (rc)
		xp_cli_error(&e);
	else
		summary(&st);
	xp_buf_free(&b);
	xp_diags_free(&dg);
	xp_corpus_free(&tg);
	xp_corpus_free(&en);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_mention_pairs = {
	"mention-pairs", run, "the span pairs of a projected or corrected corpus, as aligner training",
	"xproj mention-pairs --source EN.conll --target TGT.conll [--lang L] [--tokens file|words]\n"
	"           [--repair] -o PAIRS\n\n"
	"TGT carries coreference on target text: a released silver projection (MMC's Chinese\n"
	"and Farsi files), a corrected file (`xproj db export`) or `xproj project`'s output.\n"
	"Its sentences are paired with EN's utterances as `xproj pair` pairs them; per\n"
	"document, each target cluster is matched to the English cluster it co-occurs with,\n"
	"keeping the order of the two files' cluster labels (MMC numbers a target's clusters in\n"
	"the order of their English ones, xproj keeps the English labels); then each target\n"
	"mention goes with the mention of its English cluster in the paired utterance.  PAIRS\n"
	"gets one 'English span ||| target span' line per such pair, tokens as `xproj bitext`\n"
	"writes them: extra training for `xproj wordalign --train`.  A target mention whose\n"
	"cluster or English mention could be more than one is counted as ambiguous, one with\n"
	"no English counterpart in the paired utterance as skipped; neither is written.\n"
	"  --lang L        target language (zh, fa, ...); without it, guessed from the script\n"
	"                  (--tgt-lang L: the same, as align calls it)\n"
	"  --tokens M      file: the target file's tokens (default); words: the ICU words of the\n"
	"                  sentence (as `xproj pair --tokens words`), cut at the span's edges\n"
	"  --repair        drop dangling brackets in the inputs instead of stopping\n"
	"  -o, --output F  the span pairs (bitext lines)",
};
