/* tools/cmd_pair.c — `xproj pair`: a released target corpus -> aligned corpus. */
#include "pair_args.h"

#include <stdio.h>

/* n:m: the links by type, and the sentences no link pairs */
static void summary_nm(const xp_pair_stats *s)
{
	fprintf(stderr,
		"xproj pair: n:m links: %zu 1:1, %zu 1:2, %zu 2:1, %zu 2:2; %zu English sentences without a target "
		"(1:0, kept with an empty target: their mentions are not projected), %zu target sentences without "
		"an English one (0:1, left out of the aligned corpus)\n",
		s->link[1][1], s->link[1][2], s->link[2][1], s->link[2][2], s->src_alone, s->tgt_alone);
	fprintf(stderr,
		"xproj pair: %zu documents (%zu without a target document), %zu English sentences, %zu of %zu target "
		"sentences paired\n  link confidence mean %.3f, %zu below 0.9; %.2f target characters per English "
		"character\n",
		s->documents, s->src_only_docs, s->utterances, s->paired, s->targets,
		s->link[1][1] + s->link[1][2] + s->link[2][1] + s->link[2][2]
			? s->conf_sum / (double)(s->link[1][1] + s->link[1][2] + s->link[2][1] + s->link[2][2])
			: 0,
		s->unsure, s->ratio);
	if (s->dict_pairs)
		fprintf(stderr, "  %zu word pairs of a first pass's word alignment as anchors\n", s->dict_pairs);
}

static void summary(const xp_pair_stats *s)
{
	if (s->guessed)
		fprintf(stderr, "xproj pair: target language %s, guessed from its script (%s; --lang to say)\n",
			s->tgt_lang[0] ? s->tgt_lang : "unknown", s->script[0] ? s->script : "no letters");
	if (s->nm) {
		summary_nm(s);
		return;
	}
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
	"           [--links auto|subset|nm] [--length-only | --dict-pass] [--repair] -o ALIGNED.jsonl\n\n"
	"TGT holds, per document of EN (same id and part), one sentence for each English\n"
	"utterance that had a subtitle, in order, with speakers (as MMC's Chinese and Farsi\n"
	"files).  Each target sentence is put on its English utterance by a monotone dynamic\n"
	"programme over speaker and length (and a question mark, Latin words and numbers both\n"
	"sides share); its confidence is the pairing's posterior probability.  The output is\n"
	"an aligned corpus (one record per English utterance, an empty target where none was\n"
	"paired) for `xproj bitext` and `xproj project`.\n\n"
	"Documents whose sentences are not one to one (a translated talk or article, no speakers)\n"
	"are paired n:m: 1:1, 1:0, 0:1, 1:2, 2:1 and 2:2 links by length in characters\n"
	"(Gale-Church) and lexical anchors (numbers, names, cognates, punctuation), each with its\n"
	"posterior as confidence.  A record is then one link: two target sentences joined as its\n"
	"target, two English sentences as its source (\"src_utts\", projected as one unit);\n"
	"English sentences linked to nothing keep an empty target, target sentences linked to\n"
	"nothing are left out; both are counted (docs/pair.md).\n"
	"  --lang L        target language code; without it, guessed from the script\n"
	"                  and printed (--tgt-lang L: the same, as align calls it)\n"
	"  --tokens M      file: the target file's tokens (default); words: the sentence text\n"
	"                  re-split into ICU words (Chinese files of one character per token)\n"
	"  --links M       auto: subset when the target has speakers, else nm (default);\n"
	"                  subset: each target sentence on its own utterance; nm: n:m links\n"
	"  --length-only   n:m by length alone, without anchors (the Gale-Church baseline)\n"
	"  --dict-pass     n:m twice: the word pairs the built-in word aligner links in the\n"
	"                  first pass's sure links are anchors of the second\n"
	"  --repair        drop dangling brackets in the inputs instead of stopping\n"
	"  -o, --output F  the aligned corpus (JSON Lines)",
};
