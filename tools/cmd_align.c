/* tools/cmd_align.c — `xproj align` and `xproj align-eval`: transcript
 * utterances to subtitles, and their agreement with TV4Dialog's tags. */
#include "cli.h"
#include "../align/batch.h"
#include "../align/episode.h"
#include "../base/buf.h"
#include "../base/file.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct args {
	const char *transcript, *out, *lang;
	xp_plan_src src;
	xp_subs_opts en_read, tgt_read;
	xp_tok_mode zh;
	xp_ualign_opts opts;
	int json, per_episode, adjudicate, examples, sample;
} args;

static const struct option lo[] = {{"transcript", required_argument, 0, 'T'},
				   {"subs", required_argument, 0, 'S'},
				   {"tgt-subs", required_argument, 0, 'Z'},
				   {"links", required_argument, 0, 'X'},
				   {"episodes", required_argument, 0, 'M'},
				   {"encoding", required_argument, 0, 'C'},
				   {"tgt-encoding", required_argument, 0, 'c'},
				   {"keep-asides", no_argument, 0, 'K'},
				   {"to-simplified", no_argument, 0, 'Y'},
				   {"config", required_argument, 0, 'F'},
				   {"tgt-lang", required_argument, 0, 'L'},
				   {"zh-tokens", required_argument, 0, 'z'},
				   {"band", required_argument, 0, 'b'},
				   {"threshold", required_argument, 0, 't'},
				   {"output", required_argument, 0, 'o'},
				   {"json", no_argument, 0, 'j'},
				   {"per-episode", no_argument, 0, 'p'},
				   {"adjudicate", no_argument, 0, 'A'},
				   {"examples", required_argument, 0, 'E'},
				   {"sample", required_argument, 0, 's'},
				   {0, 0, 0, 0}};

static int parse(int argc, char **argv, args *a, const xp_cmd *self)
{
	memset(a, 0, sizeof *a);
	xp_ualign_defaults(&a->opts);
	a->lang = NULL;
	a->zh = XP_TOK_CHARS;
	int ch;
	while ((ch = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
		switch (ch) {
		case 'T': a->transcript = optarg; break;
		case 'S': a->src.subs = optarg; break;
		case 'Z': a->src.tgt = optarg; break;
		case 'X': a->src.links = optarg; break;
		case 'M': a->src.episodes = optarg; break;
		case 'C': a->en_read.encoding = optarg; break;
		case 'c': a->tgt_read.encoding = optarg; break;
		case 'K': a->en_read.keep_asides = a->tgt_read.keep_asides = 1; break;
		case 'Y': a->en_read.simplified = a->tgt_read.simplified = 1; break;
		case 'F': break;   /* read by xp_cli_config */
		case 'L': a->lang = optarg; break;
		case 'z':
			if (strcmp(optarg, "char") && strcmp(optarg, "word"))
				return xp_cli_usage(self, 2);
			a->zh = strcmp(optarg, "char") ? XP_TOK_WORDS : XP_TOK_CHARS;
			break;
		case 'b': a->opts.band = atoi(optarg); break;
		case 't': a->opts.threshold = atof(optarg); break;
		case 'o': a->out = optarg; break;
		case 'j': a->json = 1; break;
		case 'p': a->per_episode = 1; break;
		case 'A': a->adjudicate = 1; break;
		case 'E': a->examples = atoi(optarg), a->adjudicate = 1; break;
		case 's': a->sample = atoi(optarg), a->adjudicate = 1; break;
		default: return xp_cli_usage(self, 2);
		}
	}
	if (optind != argc || !a->transcript || !a->src.subs || a->opts.band < 1 || a->examples < 0 ||
	    a->sample < 0)
		return xp_cli_usage(self, 2);
	return 0;
}

/* --- align ---------------------------------------------------------------------- */

static void progress(void *arg, size_t i, size_t n, const char *key)
{
	(void)arg;
	fprintf(stderr, "\rxproj align: episode %zu/%zu %s   ", i + 1, n, key);
}

/* -o against the inputs, and against each subtitle file a directory gave */
static int check_files(const args *a, const xp_batch *b, xp_err *e)
{
	xp_cli_file *f = calloc(2 * b->n + 6, sizeof *f);
	if (!f)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	size_t n = 0;
	f[n++] = (xp_cli_file){"--transcript", a->transcript, 0};
	f[n++] = (xp_cli_file){"--subs", a->src.subs, 0};
	f[n++] = (xp_cli_file){"--tgt-subs", a->src.tgt, 0};
	f[n++] = (xp_cli_file){"--links", a->src.links, 0};
	f[n++] = (xp_cli_file){"--episodes", a->src.episodes, 0};
	for (size_t i = 0; i < b->n; i++) {   /* an archive's members are not files: its path is above */
		f[n++] = (xp_cli_file){"--subs", b->v[i].subs.in ? NULL : b->v[i].subs.path, 0};
		f[n++] = (xp_cli_file){"--tgt-subs", b->v[i].tgt.in ? NULL : b->v[i].tgt.path, 0};
	}
	f[n++] = (xp_cli_file){"-o", a->out, 1};
	int rc = xp_cli_check_files(f, n, e);
	free(f);
	return rc;
}

static int run_align(int argc, char **argv)
{
	args a;
	xp_cli_conf conf;
	xp_err e;
	if (xp_cli_config(lo, &argc, &argv, &conf, &e)) {
		xp_cli_config_free(&conf);
		return xp_cli_error(&e);
	}
	int rc = parse(argc, argv, &a, &xp_cmd_align);
	if (rc || !a.out) {
		xp_cli_config_free(&conf);
		return rc ? rc : xp_cli_usage(&xp_cmd_align, 2);
	}
	xp_batch b = {0};
	xp_aligned out = {0};
	xp_align_stats st = {0};
	rc = xp_batch_plan(a.transcript, &a.src, &b, &e) || check_files(&a, &b, &e);
	xp_cli_note_plan("align", &b);
	xp_batch_opts bo;
	xp_batch_opts_default(&bo);
	bo.en_read = a.en_read, bo.tgt_read = a.tgt_read;
	bo.tgt_lang = a.lang, bo.zh_tokens = a.zh, bo.ua = a.opts;
	bo.progress = isatty(2) ? progress : NULL;
	bo.read = xp_cli_note_read, bo.arg = "align";
	for (size_t i = 0; !rc && i < b.n; i++)
		if (!b.v[i].subs.path)
			fprintf(stderr, "xproj align: no subtitles for episode %s: its utterances get no target\n", b.v[i].key);
	size_t missing = 0;
	if (!rc)
		rc = xp_batch_align(&b, &bo, &out, &st, &missing, &e);
	if (bo.progress)
		fprintf(stderr, "\r%60s\r", "");
	xp_buf buf = {0};
	if (!rc) {
		xp_aligned_write(&buf, &out);
		rc = buf.oom ? xp_fail(&e, a.out, 0, "out of memory") : xp_write_file(a.out, buf.p ? buf.p : "", buf.n, &e);
	}
	if (!rc && st.guessed)
		fprintf(stderr, "xproj align: no --tgt-lang: target language %s, guessed from the script (%s) "
			"of the last of %zu episode(s)\n", st.tgt_lang && st.tgt_lang[0] ? st.tgt_lang : "unknown",
			st.script && st.script[0] ? st.script : "no letters", st.guessed);
	char list[200], removed[220];
	xp_cli_removed(&st.removed, list, sizeof list);
	snprintf(removed, sizeof removed, "%s%s", *list ? ", removed " : "", list);
	if (rc)
		xp_cli_error(&e);
	else
		fprintf(stderr, "xproj align: %zu episode(s) (%zu without subtitles), %zu utterances, %zu aligned (%.1f%%), %zu with an empty target, mean score %.3f%s\n",
			b.n, missing, st.utterances, st.aligned, st.utterances ? 100.0 * st.aligned / st.utterances : 0,
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
	"            [--tgt-lang zh] [--zh-tokens char|word] [--band N] [--threshold F]\n"
	"            [--config FILE] -o OUT.jsonl\n\n"
	"T: TV4Dialog XML, TSV (doc, utterance id, speaker, text) or an annotated CoNLL or\n"
	"jsonlines file (whose sentences are then the utterances, token for token), or a\n"
	"directory of transcripts.  S: the English subtitles (SRT, WebVTT, ASS/SSA or OPUS XML,\n"
	"in any charset; a bilingual file carries the target too), or a directory or zip\n"
	"archive with one file per episode (S07E01.srt ...), or 't=DIR1,f=DIR2' to choose the\n"
	"directory by the letter after MMC's scene number (s07e01c03t: t).  An episode without\n"
	"subtitles is reported and its utterances get no target.  The target comes from the\n"
	"bilingual block, through the XCES links X between S and Z (OPUS: the <linkGrp> of the\n"
	"episode's two documents), or by time overlap with Z.  Writes the aligned corpus\n"
	"(one JSON object per utterance) and a summary on stderr.\n"
	"  --episodes MAP   which documents are which episode: lines 'IMDb-id-or-file<TAB>S01E01';\n"
	"                   S and Z are then directories or zip archives in any layout (OPUS:\n"
	"                   xml/en/YEAR/IMDBID/ID.xml.gz, or en.zip), and with X only the\n"
	"                   English documents need naming\n"
	"  --encoding E     the charset of S (default: detected; the choice is reported)\n"
	"  --tgt-encoding E the charset of Z\n"
	"  --keep-asides    keep translators' notes, song markers and hearing-impaired cues\n"
	"                   (removed by default; the summary counts them)\n"
	"  --to-simplified  Traditional Chinese to Simplified (ICU's Traditional-Simplified)\n"
	"  --tgt-lang L     target language (zh, fa, ...), for its tokenisation (default: guessed\n"
	"                   from the target's script, and said)\n"
	"  --zh-tokens M    char (default, as MMC) or word (ICU dictionary words)\n"
	"  --band N         blocks either side of the predicted diagonal (default 40)\n"
	"  --threshold F    lowest similarity that aligns an utterance (default 0.35)\n"
	"  --config F       options from F, one per line ('key = value', or 'key' for a switch)",
};

/* --- align-eval -------------------------------------------------------------------- */

static void prf(size_t tp, size_t fp, size_t fn, double *p, double *r, double *f)
{
	*p = tp + fp ? (double)tp / (tp + fp) : 0;
	*r = tp + fn ? (double)tp / (tp + fn) : 0;
	*f = *p + *r ? 2 * *p * *r / (*p + *r) : 0;
}

static void report(const char *what, const xp_tag_eval *v, int json)
{
	double p, r, f, ep, er, ef;
	prf(v->tp, v->fp, v->fn, &p, &r, &f);
	prf(v->etp, v->efp, v->efn, &ep, &er, &ef);
	if (json)
		printf("{\"precision\":%.6f,\"recall\":%.6f,\"f1\":%.6f,\"utterances\":%zu,\"blocks\":%zu,"
		       "\"every_link\":{\"precision\":%.6f,\"recall\":%.6f,\"f1\":%.6f}}\n",
		       p, r, f, v->utterances, v->blocks, ep, er, ef);
	else
		printf("%-10s precision %.4f  recall %.4f  F1 %.4f  utterances %zu (covered %.1f%%)  blocks %zu\n"
		       "%-10s every link (later dash turns too): precision %.4f  recall %.4f  F1 %.4f\n",
		       what, p, r, f, v->utterances, v->utterances ? 100.0 * v->covered / v->utterances : 0,
		       v->blocks, "", ep, er, ef);
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

static int run_eval(int argc, char **argv)
{
	args a;
	int rc = parse(argc, argv, &a, &xp_cmd_align_eval);
	if (rc)
		return rc;
	xp_batch b = {0};
	xp_err e;
	xp_tag_eval tot = {0};
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
		if (!b.v[i].subs.path) {
			fprintf(stderr, "xproj align-eval: no subtitles for episode %s: skipped\n", b.v[i].key);
			continue;
		}
		rc = xp_doc_read(&b.v[i].subs, &a.en_read, &en, &e);
		if (!rc)
			xp_cli_note_read("align-eval", b.v[i].subs.path, &en);
		xp_episode ep = {b.v[i].transcript, b.v[i].doc_first, b.v[i].ndocs, &en, NULL, NULL, a.lang,
				 a.zh, a.opts};
		sh.key = b.v[i].key;
		if (!rc)
			rc = xp_episode_eval(&ep, &one, a.examples || a.sample ? show : NULL, &sh, &e);
		if (!rc && a.per_episode && !a.json)
			report(b.v[i].key, &one, 0);
		xp_tag_eval_add(&tot, &one);
		xp_subs_free(&en);
	}
	if (rc) {
		xp_cli_error(&e);
	} else {
		report("total", &tot, a.json);
		if (a.adjudicate && !a.json)
			adjudication(&tot);
	}
	if (a.sample)
		show_sample(&sh);
	xp_batch_free(&b);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_align_eval = {
	"align-eval", run_eval, "score utterance alignment against TV4Dialog's speaker tags",
	"xproj align-eval --transcript T --subs S [--json] [--per-episode] [--adjudicate]\n"
	"                 [--examples N] [--sample N] [--band N] [--threshold F]\n"
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
	"  --json  {\"precision\":p,\"recall\":r,\"f1\":f,\"utterances\":N,\"blocks\":N,\n"
	"           \"every_link\":{\"precision\":p,\"recall\":r,\"f1\":f}}",
};
