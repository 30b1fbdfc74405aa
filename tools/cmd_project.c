/* tools/cmd_project.c — `xproj project`: English mentions to the target language. */
#include "groups.h"
#include "../model/mtype.h"
#include "../base/file.h"
#include "../io/jsonl.h"
#include "../io/read.h"
#include "../project/project.h"
#include "../model/zhseg.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { XP_MAX_ALT = 8 };

typedef struct args {
	const char *source, *aligned, *alignments, *probs, *map, *out, *jsonl, *report, *model;
	int one_based, repair, keep_empty;
	xp_proj_opts o;
	const char *alt[XP_MAX_ALT];
	size_t nalt;
} args;

static const struct option own[] = {
	{"source", required_argument, 0, 's'},    {"aligned", required_argument, 0, 'a'},
	{"map", required_argument, 0, 'm'},       {"output", required_argument, 0, 'o'},
	{"jsonlines", required_argument, 0, 'j'}, {"report", required_argument, 0, 'R'},
	{"repair", no_argument, 0, 'r'},          {"model", required_argument, 0, 'M'},
	{"alt-alignments", required_argument, 0, 'A'},
	{0, 0, 0, 0}};

/* 0, or the exit status after a usage error was reported */
static int parse(int argc, char **argv, args *a)
{
	static const struct option *const groups[] = {own, xp_opts_alignments, xp_opts_project, xp_opts_output, NULL};
	struct option lo[48];
	memset(a, 0, sizeof *a);
	xp_proj_defaults(&a->o);
	xp_err e = {0};
	int ch, rc = xp_opts_table(lo, sizeof lo / sizeof *lo, groups, &e);
	if (rc)
		return xp_cli_error(&e);
	while (!rc && (ch = xp_cli_getopt("project", argc, argv, "o:", lo)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 'a': a->aligned = optarg; break;
		case 'm': a->map = optarg; break;
		case 'o': a->out = optarg; break;
		case 'j': a->jsonl = optarg; break;
		case 'R': a->report = optarg; break;
		case 'M': a->model = optarg; break;
		case 'r': a->repair = 1; break;
		case 'A':
			if (a->nalt == XP_MAX_ALT)
				return xp_cli_bad("project", "at most 8 --alt-alignments");
			a->alt[a->nalt++] = optarg;
			break;
		case '?': return 2;
		default:
			if ((rc = xp_opt_alignments(ch, optarg, &a->alignments, &a->probs, &a->one_based, &e)) == 1 &&
			    (rc = xp_opt_project(ch, optarg, &a->o, &e)) == 1)
				rc = xp_opt_output(ch, &a->keep_empty);
			if (rc)
				return xp_cli_bad_value("project", &e);
		}
	}
	if (optind != argc)
		return xp_cli_usage(&xp_cmd_project, 2);
	if (!a->source || !a->aligned || !a->alignments || !a->out)
		return xp_cli_bad("project", "--source, --aligned, --alignments and -o are required");
	return 0;
}

static void summary(const xp_proj_stats *s)
{
	fprintf(stderr,
		"xproj project: %zu mentions, %zu projected (%.1f%%); null: %zu empty target, %zu unaligned, "
		"%zu filtered, %zu out of range;\n  %zu kept once on a coreferent span, %zu collisions (%zu dropped, "
		"%zu clusters merged); %zu nested, %zu crossing spans; %zu pro-drop; %zu clusters;\n"
		"  %zu of %zu utterances without target text left out\n  language rules changed:",
		s->mentions, s->projected, s->mentions ? 100.0 * s->projected / s->mentions : 0,
		s->fate[XP_NULL_EMPTY_TARGET], s->fate[XP_NULL_UNALIGNED], s->fate[XP_NULL_FILTERED],
		s->fate[XP_NULL_OUT_OF_RANGE], s->fate[XP_SAME_SPAN] - s->merged_clusters, s->collisions,
		s->fate[XP_COLLIDED], s->merged_clusters, s->nested, s->crossing, s->prodrop, s->clusters,
		s->no_target, s->utterances);
	for (unsigned k = 0; k < XP_LR_NRULES; k++)
		fprintf(stderr, "%s %zu %s", k ? "," : "", s->lr[k], xp_lr_phrase(k));
	fputc('\n', stderr);
	fprintf(stderr, "  noun phrase rules changed:");
	for (unsigned k = 0; k < XP_NP_NRULES; k++)
		fprintf(stderr, "%s %zu %s", k ? "," : "", s->np[k], xp_np_name(k));
	fputc('\n', stderr);
}

/* English he/she pronouns projected, by gender (the report has their fates). */
static void gender_summary(const xp_projection *p)
{
	xp_proj_gender g;
	xp_proj_gender_counts(p, &g);
	size_t m = g.mentions[XP_GENDER_MASC], f = g.mentions[XP_GENDER_FEM];
	size_t pm = g.fate[XP_GENDER_MASC][XP_PROJECTED], pf = g.fate[XP_GENDER_FEM][XP_PROJECTED];
	if (m || f)
		fprintf(stderr, "  English pronouns projected: masculine %zu of %zu (%.1f%%), feminine %zu of %zu (%.1f%%)\n",
			pm, m, m ? 100.0 * pm / m : 0, pf, f, f ? 100.0 * pf / f : 0);
}

/* The projection, its jsonlines and its report: replaced together. */
static int write_outputs(const args *a, const xp_projection *p, xp_err *e)
{
	xp_outputs o = {0};
	xp_buf b = {0}, set = {0};
	int rc = xp_put_corpus(&o, a->out, XP_FMT_CONLL, &p->out, e) ||
		 (a->jsonl && xp_put_corpus(&o, a->jsonl, XP_FMT_JSONL, &p->out, e));
	if (!rc && a->report) {
		xp_proj_settings(&a->o, &set);
		rc = set.oom || xp_projection_report(p, set.p, &b) ? xp_failc(e, XP_ENOMEM, a->report, 0, "out of memory")
								   : xp_outputs_put(&o, a->report, b.p, b.n, e);
	}
	xp_buf_free(&set);
	xp_buf_free(&b);
	if (rc) {
		xp_outputs_abort(&o);
		return -1;
	}
	return xp_outputs_commit(&o, e);
}

/* --alt-alignments: the same sentence pairs, line for line, aligned with
 * other seeds; checked as --alignments is */
static int read_alt(const args *a, const xp_aligned *al, const uint32_t *line, size_t nsent, xp_walign *alt,
		    xp_err *e)
{
	for (size_t k = 0; k < a->nalt; k++) {
		if (xp_pharaoh_read_file(a->alt[k], a->one_based, &alt[k], e))
			return -1;
		if (alt[k].nsent != nsent)
			return xp_failc(e, XP_EINPUT, a->alt[k], 0, "%zu sentence pairs, --alignments has %zu",
					alt[k].nsent, nsent);
		if (xp_check_alignment(al, line, &alt[k], a->alt[k], e))
			return -1;
	}
	return 0;
}

static int run(int argc, char **argv)
{
	args a;
	int st = parse(argc, argv, &a);
	if (st)
		return st;
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_walign wa = {0}, alt[XP_MAX_ALT];
	xp_projection p = {0};
	memset(alt, 0, sizeof alt);
	xp_conf_model model = {0};
	uint32_t *line = NULL;
	xp_diags dg = {0};
	xp_read_opts ro = {.repair = a.repair, .diags = &dg};
	xp_err e;
	xp_cli_file files[9 + XP_MAX_ALT] = {
		{"--source", a.source, 0}, {"--aligned", a.aligned, 0}, {"--alignments", a.alignments, 0},
		{"--probs", a.probs, 0},   {"--map", a.map, 0},         {"-o", a.out, 1},
		{"--jsonlines", a.jsonl, 1}, {"--report", a.report, 1}, {"--model", a.model, 0}};
	size_t nfiles = 9;
	for (size_t k = 0; k < a.nalt; k++)
		files[nfiles++] = (xp_cli_file){"--alt-alignments", a.alt[k], 0};
	if (a.model)
		a.o.conf = &model;
	a.o.alt = alt, a.o.nalt = a.nalt;
	int rc = xp_cli_check_files(files, nfiles, &e) ||
		 (a.model && xp_conf_load(a.model, &model, &e)) ||
		 xp_read_corpus(a.source, XP_FMT_AUTO, &ro, &en, &e) || xp_need_some(a.source, en.ndocs, "documents", &e) ||
		 xp_aligned_read(a.aligned, &al, &e) || xp_need_some(a.aligned, al.n, "utterances", &e) ||
		 xp_pharaoh_read_file(a.alignments, a.one_based, &wa, &e) ||
		 (a.probs && xp_probs_read_file(a.probs, &wa, &e)) ||
		 xp_cli_in(xp_bitext_lines(&al, a.map, &line, wa.nsent, &e), &e, a.alignments) ||
		 xp_check_alignment(&al, line, &wa, a.alignments, &e) ||
		 read_alt(&a, &al, line, wa.nsent, alt, &e) ||
		 xp_cli_in(xp_project(&en, &al, &wa, line, &a.o, &p, &e), &e, a.aligned);
	/* the projected corpus is training data: a document without a target
	 * sentence is nothing to learn from (the report still lists it) */
	size_t empty = !rc && !a.keep_empty ? xp_corpus_drop_empty(&p.out) : 0;
	rc = rc || write_outputs(&a, &p, &e);
	if (a.repair)
		xp_cli_diags(&dg);
	xp_cli_mmax2_note(a.source, &en);
	if (rc)
		xp_cli_error(&e);
	else
		summary(&p.total), gender_summary(&p);
	if (!rc && p.zh_words < 0)
		fprintf(stderr, "  note: zh_words left out: no jieba data in %s (apt-get install python3-jieba, or --zh-words DIR)\n",
			XP_ZHSEG_DIR);
	if (!rc && empty)
		fprintf(stderr, "  %zu document(s) without a target sentence not written (--keep-empty writes them)\n", empty);
	xp_diags_free(&dg);
	xp_projection_free(&p);
	xp_conf_free(&model);
	free(line);
	xp_walign_free(&wa);
	for (size_t k = 0; k < a.nalt; k++)
		xp_walign_free(&alt[k]);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	return rc ? 1 : 0;
}

const xp_cmd xp_cmd_project = {
	"project", run, "project English mentions onto the target language",
	"xproj project --source EN.conll --aligned ALIGNED.jsonl --alignments A.pharaoh\n"
	"              [--probs A.probs] [--map pairs.map] [--one-based] [--rule minmax|block]\n"
	"              [--gap K] [--max-ratio R] [--trim-punct] [--min-prob P]\n"
	"              [--collisions keep-first|merge|drop] [--no-prodrop] [--chars]\n"
	"              [--skip-articles] [--no-zh-pronouns] [--no-zh-possessive]\n"
	"              [--no-fa-attach] [--no-free-pronouns] [--no-fa-clitics]\n"
	"              [--no-fa-nearest-verb] [--no-pronoun-move] [--no-pronoun-drop]\n"
	"              [--no-fa-light-verb] [--no-fa-possessive] [--fa-subject-clitic]\n"
	"              [--no-fa-verb-move] [--no-fa-case] [--no-fa-homograph]\n"
	"              [--no-fa-verb-final] [--no-zh-demonstrative] [--no-zh-interrogative]\n"
	"              [--no-fa-demonstrative]\n"
	"              [--np RULES] [--no-np RULES] [--zh-words DIR]\n"
	"              [--report R.json] [--jsonlines OUT.jsonl] [--model M.json | --uncalibrated]\n"
	"              [--keep-empty] [--alt-alignments A2.pharaoh ...] [--repair]\n"
	"              -o OUT.conll\n\n"
	"Every English mention becomes the smallest target span covering the target tokens\n"
	"aligned to it (--rule minmax, as MMC), or the largest run of them (--rule block, runs\n"
	"joined across --gap K unaligned tokens), or a null projection with its cause:\n"
	"empty_target, unaligned, filtered (--max-ratio: span length over aligned tokens;\n"
	"--trim-punct emptied it; --min-prob removed every link) or out_of_range (the aligned\n"
	"source tokens are not the CoNLL tokens).  Clusters follow the English mention ids; two\n"
	"mentions of different clusters on one target span are a collision (keep-first, merge\n"
	"as MMC did, or drop).  Pro-drop (Farsi targets; --no-prodrop turns it off): an\n"
	"unaligned English subject pronoun takes the aligned Farsi verb whose ending agrees\n"
	"with it.  --chars writes the target character by character.  Language rules:\n"
	"--skip-articles ignores an English article's links when the rest of its mention is\n"
	"aligned (zh, ja, ko; fa: 'the' only); on by default (each --no-... turns one off):\n"
	"Chinese (tgt_lang zh): a span from an English pronoun holding the matching Chinese\n"
	"pronoun is cut to it (我想 -> 我), from a possessive it keeps the 的 after it (你的);\n"
	"Farsi (fa): the plural ها/های and its pieces, verbal prefixes می/نمی and lone ZWNJ\n"
	"tokens join the span of their word, an unaligned object pronoun takes its verb's or\n"
	"preposition's word ending in the matching clitic (ديدنت), an unaligned possessive\n"
	"its noun's word ending in it (مامانت), and one its links put elsewhere the last word\n"
	"of its phrase's span when that carries its clitic (ممه هاشو for 'her boobies';\n"
	"--no-fa-possessive), an unaligned subject\n"
	"pronoun without a linked verb (not he/she/it) the nearest agreeing verb, a word\n"
	"that reads as one (a verb form, the word after می/نمی, a ب- form; not تاکسی)\n"
	"(--no-fa-nearest-verb;\n"
	"opt-in before it, --fa-subject-clitic: the word its next word is aligned to when\n"
	"that ends in the matching clitic, یادت \"you remember\");\n"
	"both: an English pronoun no link reaches takes a matching pronoun of the target\n"
	"sentence that no other mention holds, and so does one whose links reached no\n"
	"matching pronoun (Farsi: nor an agreeing ending; --no-pronoun-move); Farsi: failing\n"
	"that, a subject pronoun (not 'it') on a word that does not agree takes the agreeing\n"
	"light verb after it (فکر کردم; --no-fa-light-verb), failing that (not 'it') the agreeing verb of\n"
	"the sentence nearest its position, one that reads as a verb (--no-fa-verb-move;\n"
	"agreement reads Arabic ي/ك as\n"
	"Persian and never takes closed-class words: باید, خیلی, بعد); an English subject\n"
	"(you, it: told by the words around it) is never held by an object clitic's ending,\n"
	"'you' on درست of درست میگی \"you're right\" takes the verb (--no-fa-case; not\n"
	"یادت, منظورت: the experiencer's clitic); a pronoun taken without a link is never\n"
	"تو or اون, also \"in\" and \"that\" (--no-fa-homograph; unless را/رو follows);\n"
	"last, a subject pronoun (not 'it') on a word that agrees by its ending alone (a noun\n"
	"in -ی: هیچ احترامی نمیذاری) takes the last agreeing verb form of its clause\n"
	"(--no-fa-verb-final: Farsi ends its clause with the finite verb); an it/this/that no\n"
	"link reached takes a free object demonstrative اینو/اونو ('you know it' -> اینو می دونی;\n"
	"--no-fa-demonstrative);\n"
	"Chinese: it/this/that no 它 took takes a free 这/那 that is a copula's subject\n"
	"(那是意外 for 'It was an accident'; --no-zh-demonstrative); an unlinked what/who takes a\n"
	"free 什么/干什么/怎么/谁, and a span of one that holds one is cut to it (你来干什么 for\n"
	"'What are you doing here?'; --no-zh-interrogative); failing that, a pronoun whose span\n"
	"holds no pronoun or demonstrative is dropped (--no-pronoun-drop).  Noun phrase and\n"
	"name rules (project/np.h; a comma list for --np to turn on, --no-np to turn off, or 'all'), on by default: stray\n"
	"(a weaker link of a word away from its stronger ones is ignored), zh_name (a name takes\n"
	"the whole transliteration: 珍妮|丝), zh_classifier (一个/这位/个 before the noun joins\n"
	"it), fa_possessor (my X -> X من),\n"
	"fa_dem (این/اون before it, for the/this/that), fa_ra (the span ends before the\n"
	"object marker را/رو), zh_copula (是 glued into an ICU word at the edge is cut:\n"
	"最糟的是 -> 最糟的), consist (a name or noun phrase said again in a scene takes\n"
	"the words its entity's other mentions agree on; a name, across the corpus), zh_words\n"
	"(with --chars, a Chinese span never cuts a word of jieba's, the segmentation MMC's\n"
	"corpora are annotated on; its data from --zh-words DIR, else from python3-jieba's\n"
	"directory " XP_ZHSEG_DIR ", left out with a note when that is missing),\n"
	"fa_verb_edge (a noun phrase without a clause sheds the verb group at its edges:\n"
	"امرار معاش چی کار می کنی -> امرار معاش; one that is nothing but a verb group is\n"
	"dropped), fa_clause (one with an English clause takes the verb group after it:\n"
	"اون یارو که ... گریه -> ... گریه می کرد), fa_ezafe (the modifiers after a Farsi\n"
	"noun that no link reaches, as many as the English has unlinked content words:\n"
	"دختر -> دختر مناسب for 'the right woman'), fa_head (where no link reaches the English\n"
	"head noun, the word before its linked modifiers is the Farsi head: خوبي -> پسر خوبي\n"
	"for 'a good kid'), fa_edges (no leading personal pronoun for my/your X: تو طرف مني\n"
	"-> طرف مني; no trailing هم 'too'), fa_indef (یه before it, for a/some/something),\n"
	"fa_compound (what/everything/someone alone on چی/همه/یه takes its noun: چی کار,\n"
	"همه چیز), fa_dem_noun (this/that/it alone on این/اون takes the light noun after it:\n"
	"این کارو for 'do this'), with zh_words: zh_measure (a measure word before the span\n"
	"for a/this/two...: 个 of 是个大烂人), zh_head (a span ending in one takes the noun\n"
	"after it: 这件 -> 这件事), zh_de_end (a nominalising 的 before punctuation, 是 or the\n"
	"end joins: 金发 -> 金发的), zh_locative (a localiser after the noun leaves: 沙发上 ->\n"
	"沙发), fa_weak_det (fa_indef's and fa_dem's determiner joins where only links under\n"
	"0.5 of other words reach it: اون یارو for 'the guy'), zh_verb_tail (a verb after the\n"
	"noun leaves: 望远镜偷看 -> 望远镜), zh_clause_head (an English clause's span takes 的\n"
	"and the noun after it: 暂时拦置一旁 -> 暂时拦置一旁的事 for 'that thing they put over\n"
	"here'), zh_weak_lead (verbs, prepositions, adverbs before the span's first strongly\n"
	"linked word, reached only by links under 0.5, leave: 在宠物 -> 宠物 for 'their pets'),\n"
	"fa_repeat (a one-word mention on a word said twice takes the first: عزیزم عزیزم ->\n"
	"عزیزم for 'Honey'), zh_particle (a span of particles alone is dropped: 得 for 'a break');\n"
	"off by default: absorb (Farsi: unlinked English words of the mention take the\n"
	"unlinked words after the span), zh_edges (Chinese: no 是/了/吗 last, no 在/把 first).\n"
	"The alignment lines follow `xproj bitext` (or its --map).  Utterances\n"
	"without target text are left out of OUT and counted, and so are documents left with no\n"
	"sentence (training data: nothing to learn from; --keep-empty writes them).  The report:\n"
	"{\"mentions\":N,\"projected\":N,\"null\":{\"empty_target\":N,\"unaligned\":N,\"filtered\":N,\n"
	"\"out_of_range\":N},\"clusters\":N,\"collisions\":N,\"prodrop_recovered\":N,...,\n"
	"\"documents\":[{... per document, \"detail\": every mention's fate and confidence}]}\n\n"
	"Confidence: the calibrated probability that what the projection did with a mention is\n"
	"right, from the model compiled in (project/calibration.json: Chinese and Farsi) or\n"
	"--model M.json (`xproj calibrate`); a language without a model, or --uncalibrated,\n"
	"gets the mean link posterior times the share of the mention's tokens that reach the\n"
	"span (0 for nulls).  The report holds every mention's features and, with a model,\n"
	"\"why\": the features that moved its confidence most.  --alt-alignments A2 (up to 8):\n"
	"the same sentence pairs aligned again with other seeds, line for line; the share\n"
	"that project a mention as A does is the confidence's seed_agree.  --repair drops\n"
	"dangling brackets in the inputs instead of stopping.",
};
