/* tools/cmd_mention_pairs.c — `xproj mention-pairs`: the span pairs of a
 * projected or corrected target corpus, as extra aligner training. */
#include "pair_args.h"
#include "../align/mention_pairs.h"

#include <stdio.h>

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
	xp_pair_args a;
	int rc0 = xp_pair_args_parse(&xp_cmd_mention_pairs, argc, argv, &a);
	if (rc0)
		return rc0;
	xp_corpus en = {0}, tg = {0};
	xp_mpairs_stats st;
	xp_diags dg = {0};
	xp_buf b = {0};
	xp_err e;
	int rc = xp_pair_args_read(&a, &dg, &en, &tg, &e);
	if (!rc)
		rc = xp_mention_pairs(&en, &tg, &a.o, &b, &st, &e);
	/* nothing to train on would replace PAIRS with an empty file: refused,
	 * as every command refuses to write nothing (README, Commands) */
	if (!rc && !st.written)
		rc = xp_failc(&e, XP_EINPUT, a.target, 0, "no span pair to write: of %zu target mentions, %zu "
			      "ambiguous and %zu skipped", st.tgt_mentions, st.ambiguous, st.skipped) != 0;
	rc = xp_pair_args_done(&a, rc, &b, &dg, &e);
	if (!rc)
		summary(&st);
	xp_buf_free(&b);
	xp_diags_free(&dg);
	xp_corpus_free(&tg);
	xp_corpus_free(&en);
	return rc;
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
	"  --lang L        target language code; without it, guessed from the script\n"
	"                  (--tgt-lang L: the same, as align calls it)\n"
	"  --tokens M      file: the target file's tokens (default); words: the ICU words of the\n"
	"                  sentence (as `xproj pair --tokens words`), cut at the span's edges\n"
	"  --repair        drop dangling brackets in the inputs instead of stopping\n"
	"  -o, --output F  the span pairs (bitext lines)",
};
