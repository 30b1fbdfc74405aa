/* tools/groups.c — option groups shared by subcommands; see groups.h. */
#include "groups.h"
#include "../align/norm.h"
#include "../lang/lang.h"
#include "../lang/np.h"
#include "../base/text.h"
#include "../io/read.h"

#include <stdio.h>
#include <string.h>

/* the vals of the groups' options: one block of 32 per group */
enum {
	O_SUBS = 256, O_EPISODES, O_ENCODING, O_KEEP_ASIDES, O_SIMPLIFIED,
	O_TGT_SUBS = 288, O_LINKS, O_TGT_ENCODING,
	O_TGT_LANG = 320, O_UNSPACED, O_BAND, O_THRESHOLD,
	O_ALIGNMENTS = 352, O_PROBS, O_ONE_BASED,
	O_SYM = 384, O_SEED, O_THREADS, O_SAMPLERS, O_ITERS, O_LOWERCASE, O_NO_NORMALIZE, O_NAME_PRIOR, O_NO_NAME_PRIOR,
	O_CLOSED_PRIOR, O_NO_CLOSED_PRIOR, O_ONE_WAY, O_LOAN_PRIOR, O_NO_LOAN_PRIOR, O_LOAN_LANGS, O_SETTLE,
	O_SPAN_FACTOR, O_NO_SPANS,
	O_RULE = 416, O_GAP, O_MAX_RATIO, O_TRIM_PUNCT, O_MIN_PROB, O_COLLISIONS, O_PRODROP, O_CHARS,
	O_SKIP_ARTICLES, O_UNCALIBRATED, O_NP, O_NO_NP, O_SEG_DATA,
	O_KEEP_EMPTY = 448, O_ALLOW_EMPTY,
	O_RULES = 480,
	/* the packs' switches of earlier releases (lang.h xp_lang_rule.off):
	 * O_OFF + k for xp_lang_off_switch(k) */
	O_OFF = 1024, O_OFF_END = O_OFF + 256,
};

const struct option xp_opts_subs[] = {
	{"subs", required_argument, 0, O_SUBS},         {"episodes", required_argument, 0, O_EPISODES},
	{"encoding", required_argument, 0, O_ENCODING}, {"keep-asides", no_argument, 0, O_KEEP_ASIDES},
	{"to-simplified", no_argument, 0, O_SIMPLIFIED}, {0, 0, 0, 0}};
const struct option xp_opts_tgt_subs[] = {
	{"tgt-subs", required_argument, 0, O_TGT_SUBS}, {"links", required_argument, 0, O_LINKS},
	{"tgt-encoding", required_argument, 0, O_TGT_ENCODING}, {0, 0, 0, 0}};
const struct option xp_opts_target[] = {
	{"tgt-lang", required_argument, 0, O_TGT_LANG}, {"unspaced-tokens", required_argument, 0, O_UNSPACED},
	{0, 0, 0, 0}};
const struct option xp_opts_ualign[] = {
	{"band", required_argument, 0, O_BAND}, {"threshold", required_argument, 0, O_THRESHOLD}, {0, 0, 0, 0}};
const struct option xp_opts_alignments[] = {
	{"alignments", required_argument, 0, O_ALIGNMENTS}, {"probs", required_argument, 0, O_PROBS},
	{"one-based", no_argument, 0, O_ONE_BASED}, {0, 0, 0, 0}};
/* --no-normalize=PART, --np, --no-np and --rules gather (XP_OPT_MANY):
 * each takes its parts off, or switches its rules, on what the ones before
 * left (`--rules -names --rules +articles` is `--rules -names,+articles`),
 * so none is dropped when one is given twice. */
const struct option xp_opts_wordalign[] = {
	{"sym", required_argument, 0, O_SYM},           {"seed", required_argument, 0, O_SEED},
	{"threads", required_argument, 0, O_THREADS},   {"samplers", required_argument, 0, O_SAMPLERS},
	{"iters", required_argument, 0, O_ITERS},       {"lowercase", no_argument, 0, O_LOWERCASE},
	{"no-normalize", optional_argument, 0, O_NO_NORMALIZE | XP_OPT_MANY},
	{"name-prior", required_argument, 0, O_NAME_PRIOR}, {"no-name-prior", no_argument, 0, O_NO_NAME_PRIOR},
	{"closed-prior", required_argument, 0, O_CLOSED_PRIOR}, {"no-closed-prior", no_argument, 0, O_NO_CLOSED_PRIOR},
	{"one-way", required_argument, 0, O_ONE_WAY},
	{"loan-prior", required_argument, 0, O_LOAN_PRIOR}, {"no-loan-prior", no_argument, 0, O_NO_LOAN_PRIOR},
	{"loan-langs", required_argument, 0, O_LOAN_LANGS}, {"settle", required_argument, 0, O_SETTLE},
	{"span-factor", required_argument, 0, O_SPAN_FACTOR}, {"no-spans", no_argument, 0, O_NO_SPANS},
	{0, 0, 0, 0}};
const struct option xp_opts_project[] = {
	{"rule", required_argument, 0, O_RULE},         {"gap", required_argument, 0, O_GAP},
	{"max-ratio", required_argument, 0, O_MAX_RATIO}, {"trim-punct", no_argument, 0, O_TRIM_PUNCT},
	{"min-prob", required_argument, 0, O_MIN_PROB}, {"collisions", required_argument, 0, O_COLLISIONS},
	{"prodrop", no_argument, 0, O_PRODROP},         {"chars", no_argument, 0, O_CHARS},
	{"skip-articles", no_argument, 0, O_SKIP_ARTICLES}, {"uncalibrated", no_argument, 0, O_UNCALIBRATED},
	{"np", required_argument, 0, O_NP | XP_OPT_MANY}, {"no-np", required_argument, 0, O_NO_NP | XP_OPT_MANY},
	{"segmenter-data", required_argument, 0, O_SEG_DATA}, {"rules", required_argument, 0, O_RULES | XP_OPT_MANY},
	/* then the packs' switches of earlier releases: xp_opts_table adds them */
	{0, 0, 0, 0}};

const struct option xp_opts_output[] = {{"keep-empty", no_argument, 0, O_KEEP_EMPTY},
					{"allow-empty", no_argument, 0, O_ALLOW_EMPTY}, {0, 0, 0, 0}};

int xp_opt_output(int ch, int *keep_empty, int *allow_empty)
{
	if (ch == O_KEEP_EMPTY)
		*keep_empty = 1;
	else if (ch == O_ALLOW_EMPTY)
		*allow_empty = 1;
	else
		return 1;
	return 0;
}

int xp_keep_empty_fits(const char *cmd, int keep_empty, const char *out)
{
	if (!keep_empty || !out || xp_format_of_path(out) != XP_FMT_CONLLU)
		return 0;
	return xp_cli_bad(cmd, "--keep-empty: '%s' is CoNLL-U, which cannot hold a document without a sentence (a "
			  "document is named on its first one): write CoNLL (-o NAME.conll) to keep them, or leave "
			  "--keep-empty out", XP_QUOTED(out, strlen(out)));
}

int xp_opts_table(struct option *out, size_t cap, const struct option *const *tables, xp_err *e)
{
	size_t n = 0;
	for (; *tables; tables++) {
		for (const struct option *o = *tables; o->name; o++) {
			if (n + 1 >= cap)
				return xp_fail(e, "", 0, "the option table has room for %zu options, not more", cap - 1);
			out[n++] = *o;
		}
		/* the project group goes on with the switches of earlier releases
		 * that the packs' rules carry: tools/ names no pack's rule */
		const xp_lang_rule *r;
		for (size_t k = 0; *tables == xp_opts_project && (r = xp_lang_off_switch(k)) != NULL; k++) {
			if (n + 1 >= cap || O_OFF + k >= O_OFF_END)
				return xp_fail(e, "", 0, "the option table has room for %zu options, not more", cap - 1);
			out[n++] = (struct option){r->off, no_argument, 0, (int)(O_OFF + k)};
		}
	}
	/* the options of earlier releases a pack names after its language
	 * (lang.h old_options), each as the option it became */
	size_t npk, n0 = n;
	const xp_lang_pack *const *pk = xp_lang_packs(&npk);
	for (size_t j = 0; j < npk; j++)
		for (size_t a = 0; pk[j]->old_options && pk[j]->old_options[a][0]; a++)
			for (size_t i = 0; i < n0; i++)
				if (!strcmp(out[i].name, pk[j]->old_options[a][1])) {
					if (n + 1 >= cap)
						return xp_fail(e, "", 0, "the option table has room for %zu options, not more", cap - 1);
					out[n] = out[i];
					out[n++].name = pk[j]->old_options[a][0];
					break;
				}
	out[n] = (struct option){0, 0, 0, 0};
	return 0;
}

int xp_opt_subs(int ch, const char *v, xp_plan_src *src, xp_batch_opts *bo, xp_err *e)
{
	(void)e;
	switch (ch) {
	case O_SUBS: src->subs = v; break;
	case O_EPISODES: src->episodes = v; break;
	case O_ENCODING: bo->en_read.encoding = v; break;
	case O_KEEP_ASIDES: bo->en_read.keep_asides = bo->tgt_read.keep_asides = 1; break;
	case O_SIMPLIFIED: bo->en_read.simplified = bo->tgt_read.simplified = 1; break;
	case O_TGT_SUBS: src->tgt = v; break;
	case O_LINKS: src->links = v; break;
	case O_TGT_ENCODING: bo->tgt_read.encoding = v; break;
	default: return 1;
	}
	return 0;
}

int xp_opt_ualign(int ch, const char *v, xp_batch_opts *bo, xp_err *e)
{
	static const char *const unspaced[] = {"char", "word"};
	int k;
	switch (ch) {
	case O_TGT_LANG: bo->tgt_lang = v; return xp_cli_lang("--tgt-lang", v, e);
	case O_UNSPACED:
		if (xp_cli_choice("--unspaced-tokens", v, unspaced, 2, &k, e))
			return XP_EUSAGE;
		bo->unspaced_tokens = k ? XP_TOK_WORDS : XP_TOK_CHARS;
		return 0;
	case O_BAND: return xp_cli_intv("--band", v, 1, 1000000, &bo->ua.band, e);
	case O_THRESHOLD: return xp_cli_real("--threshold", v, 0, 1, &bo->ua.threshold, e);
	default: return 1;
	}
}

int xp_opt_alignments(int ch, const char *v, const char **path, const char **probs, int *one_based, xp_err *e)
{
	(void)e;
	switch (ch) {
	case O_ALIGNMENTS: *path = v; break;
	case O_PROBS: *probs = v; break;
	case O_ONE_BASED: *one_based = 1; break;
	default: return 1;
	}
	return 0;
}

/* --no-normalize: none of it; --no-normalize=PART,...: not those parts */
static int no_normalize(const char *v, xp_wa_opts *wa, xp_err *e)
{
	if (!v) {
		wa->normalize = 0;
		return 0;
	}
	if (!*v)   /* `--no-normalize=`: not bare (every part off), and no part named */
		return xp_failc(e, XP_EUSAGE, "", 0, "--no-normalize= names no part: give parts, or no '=' for every part");
	for (const char *p = v; *p;) {
		size_t n = strcspn(p, ",");
		char name[32];
		unsigned part = 0;
		if (n < sizeof name) {
			memcpy(name, p, n);
			name[n] = '\0';
			part = xp_norm_part_named(name);
		}
		if (!part)
			return xp_failc(e, XP_EUSAGE, "", 0,
					"--no-normalize: '%.*s' is no part (nfkc, case, apostrophes, clitics, letters, "
					"marks, digits, zwnj, punct, affixes, en-stem, stem)", (int)n, p);
		wa->normalize &= ~part;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* --name-prior F and the like: a whole factor 0..100000 (0 = off) */
static int prior_factor(const char *opt, const char *v, double *out, xp_err *e)
{
	int f;
	if (xp_cli_intv(opt, v, 0, 100000, &f, e))
		return XP_EUSAGE;
	*out = f;
	return 0;
}

int xp_opt_wordalign(int ch, const char *v, xp_wa_opts *wa, xp_sym *sym, xp_err *e)
{
	static const char *const syms[] = {"intersect", "union", "grow-diag", "grow-diag-final", "grow-diag-final-and",
					   "gdfa"};
	unsigned long long seed;
	int k;
	switch (ch) {
	case O_SYM:
		if (xp_cli_choice("--sym", v, syms, sizeof syms / sizeof *syms, &k, e))
			return XP_EUSAGE;
		*sym = (xp_sym)xp_sym_named(v);
		return 0;
	case O_SEED:
		if (xp_cli_uint64("--seed", v, &seed, e))
			return XP_EUSAGE;
		wa->seed = seed;
		return 0;
	case O_THREADS: return xp_cli_intv("--threads", v, 1, 1024, &wa->threads, e);
	case O_SAMPLERS: return xp_cli_intv("--samplers", v, 1, 1024, &wa->samplers, e);
	case O_ITERS: return xp_cli_intv("--iters", v, 1, 1000000, &wa->iters, e);
	case O_SETTLE: return xp_cli_real("--settle", v, 0, 1, &wa->settle, e);
	case O_SPAN_FACTOR:   /* given: for every language */
		wa->span_langs = NULL;
		return xp_cli_real("--span-factor", v, XP_WA_SPAN_FACTOR_MIN, XP_WA_SPAN_FACTOR_MAX, &wa->span_factor, e);
	case O_NO_SPANS: wa->span_factor = 1; return 0;   /* a factor of 1 builds no blocks */
	case O_LOWERCASE: wa->lowercase = 1; return 0;
	case O_NO_NORMALIZE: return no_normalize(v, wa, e);
	case O_NAME_PRIOR: return prior_factor("--name-prior", v, &wa->name_prior, e);
	case O_NO_NAME_PRIOR: wa->name_prior = 0; return 0;
	case O_CLOSED_PRIOR: return prior_factor("--closed-prior", v, &wa->closed_prior, e);
	case O_NO_CLOSED_PRIOR: wa->closed_prior = 0; return 0;
	case O_LOAN_PRIOR: return prior_factor("--loan-prior", v, &wa->loan_prior, e);
	case O_NO_LOAN_PRIOR: wa->loan_prior = 0; return 0;
	case O_LOAN_LANGS:
		/* "all": every language, known or not */
		wa->loan_langs = strcmp(v, "all") ? v : NULL;
		return wa->loan_langs ? xp_cli_langs("--loan-langs", v, e) : 0;
	case O_ONE_WAY: return xp_cli_real("--one-way", v, 0, 1, &wa->one_way, e);
	default: return 1;
	}
}

/* --rules SPEC (lang.h xp_rules_parse) on the three switches */
static int rule_spec(const char *v, xp_proj_opts *o, xp_err *e)
{
	return xp_proj_rules(o, v, e) ? XP_EUSAGE : 0;
}

/* --np / --no-np: a comma-separated list of noun phrase rules (np.h), or "all" */
static int np_rules(const char *opt, const char *v, int on, xp_np_mask *rules, xp_err *e)
{
	const char *bad;
	size_t n;
	char list[1024];
	if (xp_np_switch(rules, v, on, &bad, &n))
		return xp_failc(e, XP_EUSAGE, "", 0, "%s: no noun phrase rule '%.*s' (rules: all, %s)", opt, (int)n, bad,
				xp_np_list(list, sizeof list));
	return 0;
}

int xp_opt_project(int ch, const char *v, xp_proj_opts *o, xp_err *e)
{
	static const char *const rules[] = {"minmax", "block"};
	static const char *const collide[] = {"keep-first", "merge", "drop"};
	long long gap;
	int k;
	switch (ch) {
	case O_RULE:
		if (xp_cli_choice("--rule", v, rules, 2, &k, e))
			return XP_EUSAGE;
		o->span.rule = (xp_rule)xp_rule_named(v);
		return 0;
	case O_COLLISIONS:
		if (xp_cli_choice("--collisions", v, collide, 3, &k, e))
			return XP_EUSAGE;
		o->collide = (xp_collide)xp_collide_named(v);
		return 0;
	case O_GAP:
		if (xp_cli_int("--gap", v, 0, 1000000, &gap, e))
			return XP_EUSAGE;
		o->span.gap = (uint32_t)gap;
		return 0;
	case O_MAX_RATIO: return xp_cli_real("--max-ratio", v, 0, 1e6, &o->span.max_ratio, e);
	case O_MIN_PROB: return xp_cli_real("--min-prob", v, 0, 1, &o->span.min_prob, e);
	case O_TRIM_PUNCT: o->span.trim_punct = 1; return 0;
	case O_PRODROP: return rule_spec("+prodrop", o, e);
	case O_CHARS: o->chars = 1; return 0;
	case O_SKIP_ARTICLES: return rule_spec("+articles", o, e);
	case O_UNCALIBRATED: o->uncalibrated = 1; return 0;
	case O_SEG_DATA: o->segmenter_data = v; return 0;
	/* --rules, and the switches of earlier releases as its aliases (for
	 * this release: docs/languages.md) */
	case O_RULES: return rule_spec(v, o, e);
	case O_NP: return np_rules("--np", v, 1, &o->np, e) ? XP_EUSAGE : 0;
	case O_NO_NP: return np_rules("--no-np", v, 0, &o->np, e) ? XP_EUSAGE : 0;
	}
	const xp_lang_rule *r = ch >= O_OFF && ch < O_OFF_END ? xp_lang_off_switch((size_t)(ch - O_OFF)) : NULL;
	if (!r)
		return 1;
	char spec[80];
	snprintf(spec, sizeof spec, "-%s", r->name);
	return rule_spec(spec, o, e);
}
