/* tools/cmd_align.c — `xproj align` and `xproj align-eval`: transcript
 * utterances to subtitles, and their agreement with TV4Dialog's tags. */
#include "groups.h"
#include "../align/batch.h"
#include "../io/read.h"
#include "../align/episode.h"
#include "../align/uconf.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../base/outputs.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct args {
	const char *transcript, *out, *pairs;
	xp_plan_src src;
	xp_batch_opts bo;   /* subtitle reading, target language and tokens, the aligner's band and threshold */
	int json, per_episode, adjudicate, examples, sample, allow_empty, doubt, seed;
} args;

/* Each command's own options; the subtitle and aligner groups are shared
 * with the pipeline (groups.h).  align-eval reads no target, so it takes
 * none of the target's options. */
static const struct option align_own[] = {
	{"transcript", required_argument, 0, 'T'}, {"output", required_argument, 0, 'o'},
	{"config", required_argument, 0, 'F'}, {"episode-pairs", required_argument, 0, 'P'},
	{"allow-empty", no_argument, 0, 'Y'}, {0, 0, 0, 0}};
static const struct option *const align_groups[] = {align_own, xp_opts_subs, xp_opts_tgt_subs, xp_opts_target,
						    xp_opts_ualign, NULL};
static const struct option eval_own[] = {
	{"transcript", required_argument, 0, 'T'}, {"json", no_argument, 0, 'j'},
	{"per-episode", no_argument, 0, 'p'},      {"adjudicate", no_argument, 0, 'A'},
	{"examples", required_argument, 0, 'E'},   {"sample", required_argument, 0, 's'},
	{"doubt", required_argument, 0, 'D'},      {"seed", required_argument, 0, 'S'},
	{0, 0, 0, 0}};
static const struct option *const eval_groups[] = {eval_own, xp_opts_subs, xp_opts_ualign, NULL};

/* 0, or the exit status after a usage error was reported */
static int parse(int argc, char **argv, const struct option *lo, args *a, const xp_cmd *self)
{
	memset(a, 0, sizeof *a);
	xp_batch_opts_default(&a->bo);
	xp_err e = {0};
	int ch, rc;
	while ((ch = xp_cli_getopt(self->name, argc, argv, self == &xp_cmd_align ? "o:" : "", lo)) != -1) {
		switch (ch) {
		case 'T': a->transcript = optarg; break;
		case 'F': break;   /* read by xp_cli_config */
		case 'o': a->out = optarg; break;
		case 'P': a->pairs = optarg; break;
		case 'Y': a->allow_empty = 1; break;
		case 'j': a->json = 1; break;
		case 'p': a->per_episode = 1; break;
		case 'A': a->adjudicate = 1; break;
		case 'E':
			if (xp_cli_intv("--examples", optarg, 0, 1000000, &a->examples, &e))
				return xp_cli_bad_value(self->name, &e);
			a->adjudicate = 1;
			break;
		case 's':
			if (xp_cli_intv("--sample", optarg, 0, 1000000, &a->sample, &e))
				return xp_cli_bad_value(self->name, &e);
			a->adjudicate = 1;
			break;
		case 'D':
			if (xp_cli_intv("--doubt", optarg, 0, 1000000, &a->doubt, &e))
				return xp_cli_bad_value(self->name, &e);
			a->doubt++;   /* 0 is "measure with nothing injected" */
			break;
		case 'S':
			if (xp_cli_intv("--seed", optarg, 0, 1000000000, &a->seed, &e))
				return xp_cli_bad_value(self->name, &e);
			break;
		case '?': return 2;
		default:
			if ((rc = xp_opt_subs(ch, optarg, &a->src, &a->bo, &e)) == 1)
				rc = xp_opt_ualign(ch, optarg, &a->bo, &e);
			if (rc)
				return xp_cli_bad_value(self->name, &e);
		}
	}
	if (optind != argc)
		return xp_cli_usage(self, 2);
	if (!a->transcript || !a->src.subs)
		return xp_cli_required(self->name, "--transcript", !!a->transcript, "--subs", !!a->src.subs, (char *)NULL);
	return 0;
}

/* --- align ---------------------------------------------------------------------- */

static void progress(void *arg, size_t i, size_t n, const char *key)
{
	(void)arg;
	fprintf(stderr, "\rxproj align: episode %zu/%zu %s   ", i + 1, n, key);
}

static int same(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* -o against the inputs, and against each subtitle file a directory gave */
static int check_files(const args *a, const xp_batch *b, const char *config, xp_err *e)
{
	xp_cli_file *f = calloc(2 * b->n + 8, sizeof *f);
	if (!f)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	size_t n = 0;
	f[n++] = (xp_cli_file){"--transcript", a->transcript, 0};
	f[n++] = (xp_cli_file){"--subs", a->src.subs, 3};
	f[n++] = (xp_cli_file){"--tgt-subs", a->src.tgt, 3};
	f[n++] = (xp_cli_file){"--links", a->src.links, 0};
	f[n++] = (xp_cli_file){"--episodes", a->src.episodes, 0};
	f[n++] = (xp_cli_file){"--config", config, 0};
	/* an archive's members are not files: its path is above; nor is a
	 * file named by the option itself again ("-" would be said as read
	 * twice: the plan reads it once, align/batch.h xp_doc_ref mem) */
	for (size_t i = 0; i < b->n; i++) {
		const xp_doc_ref *s = &b->v[i].subs, *t = &b->v[i].tgt;
		f[n++] = (xp_cli_file){"--subs", s->in || same(s->path, a->src.subs) ? NULL : s->path, 0};
		f[n++] = (xp_cli_file){"--tgt-subs", t->in || same(t->path, a->src.tgt) ? NULL : t->path, 0};
	}
	f[n++] = (xp_cli_file){"-o", a->out, 1};
	f[n++] = (xp_cli_file){"--episode-pairs", a->pairs, 1};
	int rc = xp_cli_check_files(f, n, e);
	free(f);
	return rc;
}

static int run_align(int argc, char **argv)
{
	args a;
	xp_cli_conf conf;
	xp_err e;
	struct option lo[32];
	if (xp_opts_table(lo, sizeof lo / sizeof *lo, align_groups, &e) || xp_cli_config(lo, &argc, &argv, &conf, &e)) {
		xp_cli_config_free(&conf);
		return xp_cli_error(&e);
	}
	int rc = parse(argc, argv, lo, &a, &xp_cmd_align);
	if (!rc && !a.out)
		rc = xp_cli_bad("align", "-o OUT.jsonl is required");
	if (rc) {
		xp_cli_config_free(&conf);
		return rc;
	}
	xp_batch b = {0};
	xp_aligned out = {0};
	xp_align_stats st = {0};
	rc = xp_batch_plan(a.transcript, &a.src, &b, &e) || check_files(&a, &b, conf.path, &e);
	xp_cli_note_plan("align", &b);
	xp_batch_opts bo = a.bo;
	xp_buf pairs = {0};
	bo.pairs = a.pairs ? &pairs : NULL;
	bo.progress = isatty(2) ? progress : NULL;
	bo.read = xp_cli_note_read, bo.arg = "align";
	for (size_t i = 0; !rc && i < b.n; i++)
		if (!b.v[i].subs.path && xp_batch_first_job(&b, i) == i)   /* once for an episode of several jobs */
			fprintf(stderr, "xproj align: no subtitles for episode %s: its utterances get no target\n", b.v[i].key);
	size_t missing = 0;
	if (!rc)
		rc = xp_batch_align(&b, &bo, &out, &st, &missing, &e) ||
		     xp_need_some(a.transcript, out.n, "utterances", &e);   /* would replace OUT with nothing */
	/* subtitles that align to nothing (empty, unreadable, no usable
	 * timestamps) would replace OUT with targets that are all empty */
	if (!rc && !a.allow_empty && st.utterances && !st.aligned)
		rc = xp_failc(&e, XP_EINPUT, a.src.subs ? a.src.subs : a.transcript, 0,
			      "none of the %zu utterances aligned to a subtitle (an empty file, no readable cue, no usable "
			      "timestamps?): nothing is written (--allow-empty writes it)", st.utterances);
	if (bo.progress)
		fprintf(stderr, "\r%60s\r", "");
	xp_buf buf = {0};
	xp_outputs w = {0};
	if (!rc) {
		xp_aligned_write(&buf, &out);
		rc = buf.oom || pairs.oom ? xp_failc(&e, XP_ENOMEM, a.out, 0, "out of memory")
					  : xp_outputs_put(&w, a.out, buf.p ? buf.p : "", buf.n, &e) ||
						    (a.pairs && xp_outputs_put(&w, a.pairs, pairs.p ? pairs.p : "", pairs.n, &e)) ||
						    xp_outputs_commit(&w, &e);
	}
	xp_outputs_abort(&w);
	xp_buf_free(&pairs);
	if (!rc && st.guessed)
		fprintf(stderr, "xproj align: no --tgt-lang: target language %s, guessed from the script (%s) "
			"of all the target text\n", st.tgt_lang && st.tgt_lang[0] ? st.tgt_lang : "none (no target text)",
			st.script && st.script[0] ? st.script : "no letters");
	char list[200], removed[220];
	xp_cli_removed(&st.removed, list, sizeof list);
	snprintf(removed, sizeof removed, "%s%s", *list ? ", removed " : "", list);
	size_t episodes = 0;
	if (!rc && xp_batch_episodes(&b, &episodes, &missing))
		rc = xp_failc(&e, XP_ENOMEM, "", 0, "out of memory");
	if (!rc)
		xp_cli_note_spread("align", &st);
	if (rc)
		xp_cli_error(&e);
	else
		fprintf(stderr, "xproj align: %zu episode(s) (%zu without subtitles), %zu utterances, %zu aligned (%.1f%%), %zu with an empty target, mean score %.3f%s\n",
			episodes, missing, st.utterances, st.aligned, st.utterances ? 100.0 * st.aligned / st.utterances : 0,
			st.empty_target, st.utterances ? st.score_sum / st.utterances : 0, removed);
	xp_buf_free(&buf);
	xp_aligned_free(&out);
	xp_batch_free(&b);
	xp_cli_config_free(&conf);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_align = {
	"align", run_align, "align transcript utterances to English and target subtitles",
	"xproj align --transcript T --subs S [--tgt-subs Z] [--links X] [--episodes MAP]\n"
	"            [--encoding E] [--tgt-encoding E] [--keep-asides] [--to-simplified]\n"
	"            [--tgt-lang L] [--unspaced-tokens char|word] [--band N] [--threshold F]\n"
	"            [--config FILE] [--episode-pairs PAIRS] [--allow-empty] -o OUT.jsonl\n\n"
	"T: TV4Dialog XML, TSV (doc, utterance id, speaker, text) or an annotated CoNLL or\n"
	"jsonlines file (whose sentences are then the utterances, token for token), or a\n"
	"directory of transcripts.  S: the English subtitles (SRT, WebVTT, ASS/SSA or OPUS XML,\n"
	"in any charset; a bilingual file carries the target too), or a directory or zip\n"
	"archive with one file per episode (S07E01.srt ...), or 't=DIR1,f=DIR2' to choose the\n"
	"directory by the letter after MMC's scene number (s07e01c03t: t).  An episode without\n"
	"subtitles is reported and its utterances get no target.  The target comes from the\n"
	"bilingual block, through the XCES links X between S and Z (OPUS: the <linkGrp> of the\n"
	"episode's two documents), or by time overlap with Z.  Writes the aligned corpus\n"
	"(one JSON object per utterance) and a summary on stderr.  Subtitles no utterance\n"
	"aligns to (empty, unreadable, no usable timestamps) are refused and nothing is\n"
	"written (--allow-empty writes the unaligned corpus).\n"
	"  --episodes MAP   which documents are which episode: lines 'IMDb-id-or-file<TAB>S01E01';\n"
	"                   S and Z are then directories or zip archives in any layout (OPUS:\n"
	"                   xml/en/YEAR/IMDBID/ID.xml.gz, or en.zip), and with X only the\n"
	"                   English documents need naming\n"
	"  --encoding E     the charset of S (default: detected; the choice is reported)\n"
	"  --tgt-encoding E the charset of Z\n"
	"  --keep-asides    keep translators' notes, song markers and hearing-impaired cues\n"
	"                   (removed by default; the summary counts them)\n"
	"  --to-simplified  Traditional Chinese to Simplified (ICU's Traditional-Simplified)\n"
	"  --tgt-lang L     target language code, for its tokenisation (default: guessed\n"
	"                   from the target's script, and said); a code that names no\n"
	"                   language is refused, one without a language pack noted\n"
	"  --unspaced-tokens M  a target written without spaces (Chinese, Japanese) as tokens:\n"
	"                   char (default, as MMC) or word (ICU dictionary words); its\n"
	"                   pack's name of earlier releases too, for this release\n"
	"  --band N         blocks either side of the predicted diagonal (default 40)\n"
	"  --threshold F    lowest similarity that aligns an utterance (default 0.35)\n"
	"  --config F       options from F, one per line ('key = value', or 'key' for a switch)\n"
	"  --episode-pairs P  also write every bilingual pair of the episodes' subtitles (whole\n"
	"                   episodes, not only the transcript's scenes) as 'en ||| tgt' lines, to\n"
	"                   train the word aligner with (`wordalign --train P`; the pipeline does so)",
};

/* --- align-eval -------------------------------------------------------------------- */

static void prf(size_t tp, size_t fp, size_t fn, double *p, double *r, double *f)
{
	*p = tp + fp ? (double)tp / (tp + fp) : 0;
	*r = tp + fn ? (double)tp / (tp + fn) : 0;
	*f = *p + *r ? 2 * *p * *r / (*p + *r) : 0;
}

static void report(const char *what, const xp_tag_eval *v)
{
	double p, r, f, ep, er, ef;
	prf(v->tp, v->fp, v->fn, &p, &r, &f);
	prf(v->etp, v->efp, v->efn, &ep, &er, &ef);
	printf("%-10s precision %.4f  recall %.4f  F1 %.4f  utterances %zu (covered %.1f%%)  blocks %zu\n"
	       "%-10s every link (later dash turns too): precision %.4f  recall %.4f  F1 %.4f\n",
	       what, p, r, f, v->utterances, v->utterances ? 100.0 * v->covered / v->utterances : 0,
	       v->blocks, "", ep, er, ef);
}

/* --json: the same figures as an object (with the adjudication's when asked) */
static json_t *report_json(const xp_tag_eval *v, int adjudicate)
{
	double p, r, f, ep, er, ef, ap, ar, af;
	prf(v->tp, v->fp, v->fn, &p, &r, &f);
	prf(v->etp, v->efp, v->efn, &ep, &er, &ef);
	json_t *o = json_pack("{s:f,s:f,s:f,s:I,s:I,s:I,s:{s:f,s:f,s:f}}", "precision", p, "recall", r, "f1", f,
			      "utterances", (json_int_t)v->utterances, "covered", (json_int_t)v->covered, "blocks",
			      (json_int_t)v->blocks, "every_link", "precision", ep, "recall", er, "f1", ef);
	if (o && adjudicate) {
		prf(v->atp, v->afp, v->afn, &ap, &ar, &af);
		json_object_set_new(o, "adjudicated",
				    json_pack("{s:I,s:I,s:I,s:I,s:f,s:f,s:f}", "disagreements", (json_int_t)v->disagree,
					      "tag_wrong", (json_int_t)v->tag_wrong, "aligner_wrong", (json_int_t)v->ours_wrong,
					      "unclear", (json_int_t)v->unclear, "precision", ap, "recall", ar, "f1", af));
	}
	return o;
}

static void adjudication(const xp_tag_eval *v)
{
	double p, r, f;
	prf(v->atp, v->afp, v->afn, &p, &r, &f);
	printf("disagreements: %zu blocks; the tag evidently wrong: %zu, the aligner evidently wrong: %zu,\n"
	       "               unclear: %zu\n",
	       v->disagree, v->tag_wrong, v->ours_wrong, v->unclear);
	printf("with evidently wrong tags corrected: precision %.4f  recall %.4f  F1 %.4f\n", p, r, f);
}

/* Disagreements shown: the first `left` of them (--examples), or a uniform
 * sample of `want` kept by reservoir sampling with a fixed seed (--sample),
 * so that the same data gives the same sample to check by hand. */
typedef struct shown {
	int left, want;
	const char *key;
	char **kept;
	size_t seen;
	uint64_t rng;
} shown;

static char *describe(const char *key, const char *verdict, const xp_sub *b, const xp_utt *tag,
		      const xp_utt *ours)
{
	xp_buf s = {0};
	xp_buf_printf(&s, "  %s: %s block %u \"%.100s\"\n    tagged %s: %.120s\n    aligned %s: %.120s\n",
		      verdict, key, b->id, b->text, tag ? tag->uid : "-", tag ? tag->text : "",
		      ours ? ours->uid : "-", ours ? ours->text : "");
	if (s.oom)
		xp_buf_free(&s);
	return s.p;
}

static void show(void *arg, const char *verdict, const xp_sub *b, const xp_utt *tag, const xp_utt *ours)
{
	shown *s = arg;
	if (s->left > 0) {
		s->left--;
		char *d = describe(s->key, verdict, b, tag, ours);
		fputs(d ? d : "", stdout);
		free(d);
	}
	if (s->want <= 0)
		return;
	size_t slot = s->seen++;
	if (slot >= (size_t)s->want) {
		s->rng = s->rng * 6364136223846793005u + 1442695040888963407u;
		slot = (size_t)((s->rng >> 33) % s->seen);
	}
	if (slot < (size_t)s->want) {
		free(s->kept[slot]);
		s->kept[slot] = describe(s->key, verdict, b, tag, ours);
	}
}

static void show_sample(shown *s)
{
	size_t n = s->seen < (size_t)s->want ? s->seen : (size_t)s->want;
	printf("a uniform sample of %zu of the %zu disagreements:\n", n, s->seen);
	for (size_t k = 0; k < n; k++) {
		printf("%zu.%s", k + 1, s->kept[k] ? s->kept[k] : " (out of memory)\n");
		free(s->kept[k]);
	}
	free(s->kept);
}

static double ratio(size_t a, size_t b) { return b ? (double)a / b : 0; }

/* --doubt --examples N: the first N flagged utterances nothing was injected into */
static void show_doubt(void *arg, const xp_utt *u, const char *lines, unsigned doubt, int silver)
{
	shown *s = arg;
	if (s->left <= 0)
		return;
	s->left--;
	char words[80];
	xp_udoubt_words(doubt, words, sizeof words);
	printf("  %s %s (%s)%s: %.120s\n    lines: %.160s\n", s->key, u->uid ? u->uid : "-", words,
	       silver ? " [tags: wrong]" : "", u->text, lines);
}

/* --doubt: how well the doubt flag (align/uconf.h) finds misalignments */
static json_t *doubt_json(const xp_doubt_eval *v)
{
	size_t hits = 0;
	json_t *bits = json_object();
	for (int k = 0; k < XP_UDOUBT_N; k++) {
		json_object_set_new(bits, xp_udoubt_name(k), json_pack("{s:I,s:I}", "flagged", (json_int_t)v->by_bit[k],
								       "right", (json_int_t)v->bit_hits[k]));
	}
	/* a flagged utterance is right when injected or evidently wrong by the tags */
	size_t right = v->injected_found + v->silver_found;
	hits = v->injected + v->silver;
	static const char *const kinds[3] = {"start", "scramble", "shift"};
	json_t *k = json_object();
	for (int i = 0; i < 3; i++)
		json_object_set_new(k, kinds[i], json_pack("{s:I,s:I,s:f}", "injected", (json_int_t)v->kind[i], "found",
							  (json_int_t)v->kind_found[i], "recall", ratio(v->kind_found[i], v->kind[i])));
	return json_pack("{s:I,s:I,s:I,s:f,s:I,s:I,s:f,s:o,s:I,s:I,s:f,s:f,s:f,s:o}", "utterances",
			 (json_int_t)v->utterances, "aligned", (json_int_t)v->aligned, "flagged", (json_int_t)v->flagged,
			 "precision", ratio(right, v->flagged), "injected", (json_int_t)v->injected, "injected_found",
			 (json_int_t)v->injected_found, "injected_recall", ratio(v->injected_found, v->injected), "kinds", k,
			 "silver", (json_int_t)v->silver, "silver_found", (json_int_t)v->silver_found, "silver_recall",
			 ratio(v->silver_found, v->silver), "recall", ratio(right, hits), "clean_flag_rate",
			 ratio(v->clean_flagged, v->aligned), "bits", bits);
}

static void doubt_report(const char *what, const xp_doubt_eval *v)
{
	size_t right = v->injected_found + v->silver_found;
	printf("%-10s aligned %zu, flagged %zu (%.1f%%); precision %.4f, recall %.4f (%zu of %zu)\n", what, v->aligned,
	       v->flagged, 100 * ratio(v->flagged, v->aligned), ratio(right, v->flagged),
	       ratio(right, v->injected + v->silver), right, v->injected + v->silver);
	printf("%-10s injected %zu, found %zu (recall %.4f): start %zu/%zu, scramble %zu/%zu, shift %zu/%zu\n", "",
	       v->injected, v->injected_found, ratio(v->injected_found, v->injected), v->kind_found[0], v->kind[0],
	       v->kind_found[1], v->kind[1], v->kind_found[2], v->kind[2]);
	printf("%-10s evidently wrong by the tags %zu, found %zu (recall %.4f); flagged with nothing injected %zu (%.1f%%)\n",
	       "", v->silver, v->silver_found, ratio(v->silver_found, v->silver), v->clean_flagged,
	       100 * ratio(v->clean_flagged, v->aligned));
	printf("%-10s by doubt (flagged, of them right):", "");
	for (int k = 0; k < XP_UDOUBT_N; k++)
		printf(" %s %zu/%zu", xp_udoubt_name(k), v->by_bit[k], v->bit_hits[k]);
	printf("\n");
}

static int run_eval(int argc, char **argv)
{
	args a;
	xp_err e;
	struct option lo[32];
	if (xp_opts_table(lo, sizeof lo / sizeof *lo, eval_groups, &e))
		return xp_cli_error(&e);
	int rc = parse(argc, argv, lo, &a, &xp_cmd_align_eval);
	if (rc)
		return rc;
	if (a.json && (a.examples || a.sample))
		return xp_cli_bad("align-eval", "--examples and --sample print blocks as text: not with --json");
	json_t *episodes = json_object();
	xp_batch b = {0};
	xp_tag_eval tot = {0};
	xp_doubt_eval dtot = {0};
	shown sh = {.left = a.examples, .want = a.sample, .rng = 1};
	if (a.sample && !(sh.kept = calloc((size_t)a.sample, sizeof *sh.kept))) {
		fprintf(stderr, "xproj align-eval: out of memory\n");
		return 1;
	}
	a.src.tgt = a.src.links = NULL;
	rc = xp_batch_plan(a.transcript, &a.src, &b, &e);
	xp_cli_note_plan("align-eval", &b);
	for (size_t i = 0; !rc && i < b.n; i++) {
		xp_subs en = {0};
		xp_tag_eval one = {0};
		xp_doubt_eval done = {0};
		if (!b.v[i].subs.path) {
			if (xp_batch_first_job(&b, i) == i)   /* once for an episode of several jobs */
				fprintf(stderr, "xproj align-eval: no subtitles for episode %s: skipped\n", b.v[i].key);
			continue;
		}
		rc = xp_doc_read(&b.v[i].subs, &a.bo.en_read, &en, &e);
		if (!rc)
			xp_cli_note_read("align-eval", b.v[i].subs.path, &en);
		xp_episode ep = {b.v[i].transcript, b.v[i].doc_first, b.v[i].ndocs, &en, NULL, NULL, NULL,
				 XP_TOK_CHARS, a.bo.ua};
		sh.key = b.v[i].key;
		if (!rc && a.doubt)
			rc = xp_episode_doubt_eval(&ep, a.doubt - 1, (uint64_t)a.seed, &done, a.examples ? show_doubt : NULL,
						   &sh, &e);
		else if (!rc)
			rc = xp_episode_eval(&ep, &one, a.examples || a.sample ? show : NULL, &sh, &e);
		if (!rc && a.per_episode && !a.json)
			a.doubt ? doubt_report(b.v[i].key, &done) : report(b.v[i].key, &one);
		if (!rc && a.per_episode && a.json)
			json_object_set_new(episodes, b.v[i].key, a.doubt ? doubt_json(&done) : report_json(&one, a.adjudicate));
		xp_tag_eval_add(&tot, &one);
		xp_doubt_eval_add(&dtot, &done);
		xp_subs_free(&en);
	}
	if (rc) {
		xp_cli_error(&e);
	} else if (a.json) {
		json_t *o = a.doubt ? doubt_json(&dtot) : report_json(&tot, a.adjudicate);
		if (a.per_episode)
			json_object_set(o, "episodes", episodes);
		rc = xp_cli_print_json(o);
	} else if (a.doubt) {
		doubt_report("total", &dtot);
	} else {
		report("total", &tot);
		if (a.adjudicate)
			adjudication(&tot);
	}
	json_decref(episodes);
	if (a.sample)
		show_sample(&sh);
	xp_batch_free(&b);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_align_eval = {
	"align-eval", run_eval, "score utterance alignment against TV4Dialog's speaker tags",
	"xproj align-eval --transcript T --subs S [--json] [--per-episode] [--adjudicate]\n"
	"                 [--examples N] [--sample N] [--doubt EVERY [--seed S]]\n"
	"                 [--band N] [--threshold F]\n"
	"                 [--episodes MAP] [--encoding E] [--keep-asides] [--to-simplified]\n\n"
	"Aligns with the subtitles' <uid,Speaker> tags stripped, then scores the links\n"
	"(utterance, English block) against the tags: precision, recall, F1 (micro-averaged\n"
	"over episodes when T and S are directories) and coverage (utterances aligned).\n"
	"A line's tag names one utterance, on a dash line (\"- Hi. - Hello.\") that of one of\n"
	"its turns: such a block counts once, right when the tag names one of the utterances\n"
	"we link to it; the figures for every link, later turns' too, follow.\n"
	"The tags are another aligner's output; --adjudicate judges each block where they and\n"
	"xproj disagree by its text (a side is evidently wrong when the utterance it names holds\n"
	"at most a third of the block's words and the other side's holds two thirds) and gives\n"
	"the scores with evidently wrong tags corrected; --examples N prints the first N such\n"
	"blocks, --sample N a uniform random sample of N (the same for the same data), to\n"
	"check by hand.\n"
	"--doubt EVERY measures instead how well the doubt flag of each utterance's pairing\n"
	"(time jumps, order inversions, low similarity; docs/align-doubt.md) finds\n"
	"misalignments: about one scene in EVERY (0: none) gets one injected, by turns the\n"
	"scene's first line paired with blocks 13-15 of the episode, the scene scrambled, its\n"
	"lines 9, 11 and 13 paired with the next line's blocks (--seed S chooses the scenes);\n"
	"the utterances the tags show evidently wrong count as misaligned too.  Prints the\n"
	"flag's precision and recall, by kind and by doubt.\n"
	"  --json  {\"precision\":p,\"recall\":r,\"f1\":f,\"utterances\":N,\"covered\":N,\"blocks\":N,\n"
	"           \"every_link\":{\"precision\":p,\"recall\":r,\"f1\":f}}, with --adjudicate an\n"
	"           \"adjudicated\" object, with --per-episode \"episodes\":{EPISODE: {...}}",
};
