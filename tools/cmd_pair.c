/* tools/cmd_pair.c — `xproj pair`: a released target corpus -> aligned corpus. */
#include "pair_args.h"

#include <stdio.h>

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
	xp_pair_args a;
	int rc0 = xp_pair_args_parse(&xp_cmd_pair, argc, argv, &a);
	if (rc0)
		return rc0;
	xp_corpus en = {0}, tg = {0};
	xp_aligned al = {0};
	xp_pair_stats st;
	xp_diags dg = {0};
	xp_buf b = {0};
	xp_err e;
	int rc = xp_pair_args_read(&a, &dg, &en, &tg, &e);
	if (!rc)
		rc = xp_pair(&en, &tg, &a.o, &al, &st, &e);
	if (!rc)
		xp_aligned_write(&b, &al);
	rc = xp_pair_args_done(&a, rc, &b, &dg, &e);
	if (!rc)
		summary(&st);
	xp_buf_free(&b);
	xp_diags_free(&dg);
	xp_aligned_free(&al);
	xp_corpus_free(&tg);
	xp_corpus_free(&en);
	return rc;
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
