/* tools/cmd_calibrate.c — `xproj calibrate`: fit the confidence model
 * (project/confidence.h) on projections judged against a reference. */
#include "cli.h"
#include "groups.h"
#include "../project/feat.h"
#include "../base/file.h"
#include "../base/outputs.h"
#include "../io/json.h"
#include "../io/read.h"
#include "../pipeline/label.h"
#include "../project/calibrate.h"
#include "../project/lexicon.h"
#include "../lang/lang.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXSETS = 16 };
/* --level-kinds: what the --level-* sets set.  nulls: the null model's
 * level (Chinese: correctors add zero pronouns MMC's silver never has).
 * agreeing: the projected model's level for the agreeing class alone (Farsi:
 * the positive-unlabelled fit of the silver puts the class lower than
 * correctors keep it; docs/triage.md). */
enum { LV_NULLS = 1, LV_AGREEING = 2 };

typedef struct set {
	const char *report, *projected, *key;
	int level;               /* --level-*: only the levels (--level-kinds) are set on it */
	xp_report r;
} set;

/* one language's examples */
typedef struct lang_ex {
	char lang[16];
	xp_lex *lex;             /* its references' lexicon (lang.h XP_LF_END_MODEL), NULL if the language has none */
	xp_example *proj, *null;
	uint8_t *pcls, *ncls;    /* per example: its positive-unlabelled class (PU_*), 0 none */
	size_t np, nn, cp, cn, cpc, cnc;
	xp_example *lvl;         /* the --level-* sets' nulls */
	size_t nlvl, clvl;
	xp_example *lvla;        /* and their projections of the agreeing class (confidence.h) */
	size_t nlvla, clvla;
	size_t sets;
	size_t fsets, lsets;     /* of them, fit sets and --level-* sets */
	const char *lreport;     /* the first --level-* set's report, to name */
} lang_ex;

/* --level-kinds LIST into *kinds; 1 after a message for an unknown kind */
static int kinds_list(const char *list, int *kinds)
{
	const char *p = list;
	*kinds = 0;
	do {
		size_t n = strcspn(p, ",");
		if (n == 5 && !strncmp(p, "nulls", 5))
			*kinds |= LV_NULLS;
		else if (n == 8 && !strncmp(p, "agreeing", 8))
			*kinds |= LV_AGREEING;
		else {
			fprintf(stderr, "xproj calibrate: --level-kinds: '%.*s' is no kind of level (nulls, agreeing)\n", (int)n, p);
			return 1;
		}
		p += n;
	} while (*p++ == ',');
	return 0;
}

/* --pu-agreeing: the class of projections whose reference "wrong" is not
 * trusted (calibrate.h): a pronoun on a word that stands for it by its
 * ending only, a verb that pro-drop found or a verb or clitic the links gave
 * (pron_agree).  One class: what the reference leaves out is the kind of
 * word, however the projection came to it; and the pro-drop verbs alone
 * could not give the estimate, their features hardly tell the reference's
 * right from its wrong (Elkan and Noto's estimate falls to the base rate). */
/* --pu-possessive: a Chinese possessive pronoun projected with its 的
 * (pron_de).  MMC's silver marks the pronoun character alone, the corrected
 * files, on words, keep 你的: a difference of convention, and the silver's
 * "right" for such a span is as rare as the features are blind to it. */
enum { PU_NONE, PU_AGREEING, PU_POSSESSIVE, PU_N };
static const char *const pu_names[PU_N] = {"", "agreeing", "possessive"};
enum { PU_OPT_AGREEING = 1, PU_OPT_POSSESSIVE = 2 };

static int load(const char *path, xp_corpus *c)
{
	xp_read_opts ro = {0};
	xp_err e;
	return xp_read_corpus(path, XP_FMT_AUTO, &ro, c, &e) ? xp_cli_error(&e) : 0;
}

/* Languages whose model keeps its reference's lexicon: those whose pack
 * has a feature that reads one (lang/lang.h XP_LF_END_MODEL). */
static int has_lexicon(const char *lang)
{
	return xp_feat_pack_kind(lang, XP_LF_END_MODEL) >= 0;
}

/* Count set st's reference into its language's lexicon (its pack's XP_LF_END_MODEL feature's). */
static int count_key(lang_ex *lx, const xp_corpus *key, xp_err *e)
{
	if (!lx->lex && xp_lex_new(&xp_lex_model_params, &lx->lex, e))
		return e->code;
	return xp_lex_add_ref(lx->lex, key, NULL, e);
}

static json_t *logit_json(const xp_logit *m, size_t n, size_t pos, const char *event, json_t *pu)
{
	json_t *w = json_object(), *mean = json_object();
	for (int f = 0, nf = xp_nfeat(); f < nf; f++) {
		/* rounded so that a refit on the same data prints the same file */
		json_object_set_new(w, xp_feat_names[f], json_real(round(m->w[f] * 1e6) / 1e6));
		json_object_set_new(mean, xp_feat_names[f], json_real(round(m->mean[f] * 1e6) / 1e6));
	}
	json_t *o = json_pack("{s:s,s:I,s:I,s:f,s:o,s:o}", "predicts", event, "examples", (json_int_t)n, "positives",
			      (json_int_t)pos, "bias", round(m->bias * 1e6) / 1e6, "weights", w, "mean", mean);
	if (pu)
		json_object_set_new(o, "positive_unlabelled", pu);
	return o;
}

/* --drop-features: each name of the comma-separated list into drop[]; 1 after a
 * message for a name that is no feature */
static int drop_list(const char *list, unsigned char *drop)
{
	const char *p = list;
	do {
		size_t n = strcspn(p, ",");
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), p);
		int f = xp_feat_named(name);
		if (f < 0) {
			fprintf(stderr, "xproj calibrate: --drop-features: '%s' is no feature (xproj project --report lists them)\n",
				name);
			return 1;
		}
		drop[f] = 1;
		p += n;
	} while (*p++ == ',');
	return 0;
}

/* The positive-unlabelled class of an example under the --pu-* options pu. */
static uint8_t pu_class(const float *x, int projected, int pu)
{
	if (!projected || x[XP_F_PRONOUN] == 0)
		return PU_NONE;
	if ((pu & PU_OPT_AGREEING) && xp_conf_agreeing(x))
		return PU_AGREEING;
	if ((pu & PU_OPT_POSSESSIVE) && x[XP_F_PRON_DE] != 0)
		return PU_POSSESSIVE;
	return PU_NONE;
}

/* One model; with pu, each class's label frequency estimated from the plain
 * fit, then the fit of the truth (calibrate.h), and *classes says what was
 * estimated. */
static int fit(const char *what, const char *lang, const xp_example *ex, const uint8_t *cls, size_t n, int pu,
	       double l2, xp_logit *m, json_t **classes)
{
	xp_err e;
	double c[PU_N] = {0};
	int rc = xp_logit_fit(ex, n, l2, m, &e);
	for (int k = 1; rc == 0 && pu && k < PU_N; k++) {
		size_t nk = 0, marked = 0;
		for (size_t i = 0; i < n; i++)
			nk += cls[i] == k, marked += cls[i] == k && ex[i].y;
		if (!nk)
			continue;
		c[k] = xp_pu_label_freq(m, ex, n, cls, k);
		if (!*classes)
			*classes = json_object();
		json_object_set_new(*classes, pu_names[k], json_pack("{s:I,s:I,s:f}", "examples", (json_int_t)nk, "marked",
								     (json_int_t)marked, "label_freq", round(c[k] * 1e6) / 1e6));
		fprintf(stderr, "xproj calibrate: %s, %s model: %s: %zu examples, %zu marked by the reference, label "
				"frequency %.3f\n", lang, what, pu_names[k], nk, marked, c[k]);
	}
	if (rc == 0 && *classes)
		rc = xp_logit_fit_pu(ex, n, cls, c, l2, m, &e);
	if (rc == 0)
		return 0;
	json_decref(*classes);
	*classes = NULL;
	fprintf(stderr, "xproj calibrate: %s, %s model: ", lang, what);
	return xp_cli_error(&e);
}

/* --mention-ends: the table of mention ends (project/lexicon.h) of the
 * silver corpus path, on the words the segmenter (its data in dir) cuts, to out */
static int mention_ends(const char *path, const char *dir, const char *note, const char *out)
{
	xp_err e;
	xp_cli_file files[2] = {{"--mention-ends", path, 0}, {"-o", out, 1}};
	if (xp_cli_check_files(files, 2, &e))
		return xp_cli_error(&e);
	xp_corpus c = {0};
	xp_zhseg *z = NULL;
	xp_lex *lx = NULL;
	xp_buf b = {0};
	xp_outputs o = {0};
	int rc = load(path, &c);
	if (rc == 0 && (xp_zhseg_open(dir, &z, &e) || xp_lex_new(&xp_lex_table_params, &lx, &e) ||
			xp_lex_add_ref(lx, &c, z, &e) || xp_lex_table_json(lx, note, &b, &e)))
		rc = xp_cli_error(&e);
	if (rc == 0 && (b.oom ? xp_failc(&e, XP_ENOMEM, "", 0, "out of memory")
			      : xp_outputs_put(&o, out, b.p, b.n, &e) || xp_outputs_commit(&o, &e)))
		rc = xp_cli_error(&e);
	xp_outputs_abort(&o);
	xp_buf_free(&b);
	xp_lex_free(lx);
	xp_zhseg_free(z);
	xp_corpus_free(&c);
	return rc;
}

/* --level-*: the shift of model m's log-odds that makes its mean prediction
 * over the n examples ex[] the share of them that are positive (the null
 * model's P(recoverable) over a corrected set's nulls, the projected one's
 * P(right) over its agreeing projections; bisection: the mean is increasing
 * in the shift) */
static double level_shift(const xp_logit *m, const xp_example *ex, size_t n)
{
	double want = 0, lo = -5, hi = 5;
	for (size_t i = 0; i < n; i++)
		want += ex[i].y != 0;
	want /= (double)n;
	for (int it = 0; it < 60; it++) {
		double mid = (lo + hi) / 2, mean = 0;
		xp_logit s = *m;
		s.bias += mid;
		for (size_t i = 0; i < n; i++)
			mean += xp_logit_prob(&s, ex[i].x);
		if (mean / (double)n < want)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static int run(int argc, char **argv)
{
	static const struct option own[] = {{"report", required_argument, 0, 'r' | XP_OPT_MANY},
					   {"projected", required_argument, 0, 'p' | XP_OPT_MANY},
					   {"key", required_argument, 0, 'k' | XP_OPT_MANY},
					   {"l2", required_argument, 0, 'L'},
					   {"note", required_argument, 0, 'n'},
					   {"output", required_argument, 0, 'o'},
					   {"skip-prodrop", no_argument, 0, 'D'},
					   {"pu-agreeing", no_argument, 0, 'U'},
					   {"pu-possessive", no_argument, 0, 'S'},
					   {"loose", no_argument, 0, 'O'},
					   {"mention-ends", required_argument, 0, 'Z'},
					   {"level-report", required_argument, 0, 'R' | XP_OPT_MANY},
					   {"level-projected", required_argument, 0, 'P' | XP_OPT_MANY},
					   {"level-key", required_argument, 0, 'K' | XP_OPT_MANY},
					   {"segmenter-data", required_argument, 0, 'W'},
					   {"drop-features", required_argument, 0, 'F'},
					   {"null-only", required_argument, 0, 'N'},
					   {"level-kinds", required_argument, 0, 'G'},
					   {"levels-only", required_argument, 0, 'Y'},
					   {0, 0, 0, 0}};
	/* and the names of earlier releases the packs give some (groups.h) */
	static const struct option *const groups[] = {own, NULL};
	struct option lo[48];
	xp_err te;
	if (xp_opts_table(lo, sizeof lo / sizeof *lo, groups, &te))
		return xp_cli_bad("calibrate", "%s", te.msg);
	set sets[2 * MAXSETS], lv[MAXSETS];
	size_t ns = 0, nr = 0, np = 0, nk = 0, lr = 0, lp = 0, lk = 0;
	const char *out = NULL, *note = NULL, *ends = NULL, *words = NULL, *drops = NULL, *base = NULL;
	int kinds = LV_NULLS, kinds_given = 0, levels_only = 0;
	const char *fit_opt = NULL;   /* the last of a fit's own options given */
	unsigned char drop[XP_CONF_MAXFEAT] = {0};
	double l2 = 1e-3;
	int ch, skip_prodrop = 0, pu = 0;
	unsigned lflags = 0;
	size_t skipped = 0;
	xp_err ue;
	memset(sets, 0, sizeof sets);
	memset(lv, 0, sizeof lv);
	while ((ch = xp_cli_getopt("calibrate", argc, argv, "o:", lo)) != -1) {
		if ((ch == 'r' || ch == 'p' || ch == 'k' || ch == 'R' || ch == 'P' || ch == 'K') &&
		    (nr >= MAXSETS || np >= MAXSETS || nk >= MAXSETS || lr >= MAXSETS || lp >= MAXSETS || lk >= MAXSETS)) {
			fprintf(stderr, "xproj calibrate: at most %d sets\n", MAXSETS);
			return 2;
		}
		/* a fit's own options: --levels-only fits nothing, and took them
		 * without a word (--drop-features even moved the level, its
		 * columns zeroed against a model that weighs them) */
		if (ch == 'L' || ch == 'D' || ch == 'U' || ch == 'S' || ch == 'O' || ch == 'F')
			fit_opt = ch == 'L' ? "--l2" : ch == 'D' ? "--skip-prodrop" : ch == 'U' ? "--pu-agreeing"
				: ch == 'S' ? "--pu-possessive" : ch == 'O' ? "--loose" : "--drop-features";
		if (ch == 'r') sets[nr++].report = optarg;
		else if (ch == 'p') sets[np++].projected = optarg;
		else if (ch == 'k') sets[nk++].key = optarg;
		else if (ch == 'R') lv[lr++].report = optarg;
		else if (ch == 'P') lv[lp++].projected = optarg;
		else if (ch == 'K') lv[lk++].key = optarg;
		else if (ch == 'L' && xp_cli_real("--l2", optarg, 0, INFINITY, &l2, &ue))
			return xp_cli_bad_value("calibrate", &ue);
		else if (ch == 'n') note = optarg;
		else if (ch == 'o') out = optarg;
		else if (ch == 'D') skip_prodrop = 1;
		else if (ch == 'U') pu |= PU_OPT_AGREEING;
		else if (ch == 'S') pu |= PU_OPT_POSSESSIVE;
		else if (ch == 'O') lflags |= XP_LB_LOOSE;
		else if (ch == 'Z') ends = optarg;
		else if (ch == 'W') words = optarg;
		else if (ch == 'F' && drop_list(optarg, drop))
			return 2;
		else if (ch == 'F') drops = optarg;
		else if (ch == 'N' && levels_only)
			return xp_cli_bad("calibrate", "--null-only and --levels-only exclude each other");
		else if (ch == 'N') base = optarg;
		else if (ch == 'Y' && base && !levels_only)
			return xp_cli_bad("calibrate", "--null-only and --levels-only exclude each other");
		else if (ch == 'Y') base = optarg, levels_only = 1;
		else if (ch == 'G' && kinds_list(optarg, &kinds))
			return 2;
		else if (ch == 'G') kinds_given = 1;
		else if (ch == '?') return 2;
	}
	/* --mention-ends writes a table, not a model: given with a fit's sets
	 * it was dropped (a model written, exit 0), and a fit's options with
	 * it were taken and ignored */
	if (ends && (fit_opt || nr + np + nk + lr + lp + lk || base || kinds_given))
		return xp_cli_bad("calibrate", "--mention-ends writes the table of mention ends, not a model: it takes "
				  "--segmenter-data, --note and -o only (%s given)",
				  fit_opt ? fit_opt : nr + np + nk ? "a --report set" : lr + lp + lk ? "a --level-* set"
				  : base ? (levels_only ? "--levels-only" : "--null-only") : "--level-kinds");
	if (words && !ends)
		return xp_cli_bad("calibrate", "--segmenter-data is for --mention-ends (a model's fit reads the reports' features)");
	if (levels_only && fit_opt)
		return xp_cli_bad("calibrate", "--levels-only fits nothing: %s is an option of a fit (leave it out)", fit_opt);
	if (ends && optind == argc && out && nr + np + nk == 0)
		return mention_ends(ends, words ? words : XP_ZHSEG_DIR, note, out);
	ns = nr;
	/* --levels-only: no fit, so no fit set; the levels need sets */
	if (optind != argc || !out || (levels_only ? ns != 0 || lr == 0 : ns == 0) || np != ns || nk != ns || lp != lr ||
	    lk != lr || !(l2 >= 0) || (kinds_given && lr == 0))
		return xp_cli_usage(&xp_cmd_calibrate, 2);
	for (size_t s = 0; s < lr; s++)
		sets[ns] = lv[s], sets[ns++].level = 1;
	xp_err e;
	xp_cli_file files[6 * MAXSETS + 2];
	size_t nf = 0;
	for (size_t s = 0; s < ns; s++) {
		files[nf++] = (xp_cli_file){"--report", sets[s].report, 0};
		files[nf++] = (xp_cli_file){"--projected", sets[s].projected, 0};
		files[nf++] = (xp_cli_file){"--key", sets[s].key, 0};
	}
	if (base)
		files[nf++] = (xp_cli_file){levels_only ? "--levels-only" : "--null-only", base, 0};
	files[nf++] = (xp_cli_file){"-o", out, 1};
	if (xp_cli_check_files(files, nf, &e))
		return xp_cli_error(&e);
	/* --null-only: the projected models (and lexicons) stay the base
	 * file's, so that a rule that reads them (np.h XP_NP_DOUBT) decides as
	 * it did when the nulls fitted on were made */
	json_t *bj = NULL, *bmodels = NULL;
	xp_conf_model bm = {0};   /* --levels-only: the models the levels are set on */
	if (base) {
		char *bt = NULL;
		size_t bl = 0;
		if (xp_read_file(base, &bt, &bl, &e) || xp_conf_parse(base, bt, bl, &bm, &e) ||
		    !(bj = xp_json_parse(base, bt, bl, JSON_REJECT_DUPLICATES, "a confidence model", &e))) {
			free(bt), xp_conf_free(&bm);
			return xp_cli_error(&e);
		}
		free(bt);
		bmodels = json_object_get(bj, "models");
	}
	lang_ex langs[MAXSETS];
	size_t nl = 0;
	memset(langs, 0, sizeof langs);
	int rc = 0;
	json_t *sources = json_array();
	size_t setlang[MAXSETS];
	/* first the reports, and the lexicons of every reference of a language
	 * that has one (a lexicon must be whole before any value is read off it) */
	for (size_t s = 0; rc == 0 && s < ns; s++) {
		set *st = &sets[s];
		if (xp_report_load(st->report, xp_feat_names, (size_t)xp_nfeat(), &st->r, &e))
			rc = xp_cli_error(&e);
		else if (!st->r.lang[0])
			rc = (xp_failc(&e, XP_EINPUT, st->report, 0, "the report does not name its target language"),
			      xp_cli_error(&e));
		if (rc)
			break;
		size_t l = 0;
		while (l < nl && strcmp(langs[l].lang, st->r.lang))
			l++;
		if (l == nl)
			snprintf(langs[nl++].lang, sizeof langs[l].lang, "%s", st->r.lang);
		setlang[s] = l;
		if (st->level && !langs[l].lsets++)
			langs[l].lreport = st->report;
		langs[l].fsets += !st->level;
		if (has_lexicon(st->r.lang) && !st->level) {   /* the fit's references, not corrections */
			xp_corpus key = {0};
			rc = load(st->key, &key);
			if (!rc && count_key(&langs[l], &key, &e))
				rc = xp_cli_error(&e);
			xp_corpus_free(&key);
		}
	}
	for (size_t s = 0; rc == 0 && s < ns; s++) {
		set *st = &sets[s];
		xp_corpus proj = {0}, key = {0};
		xp_label_stats ls;
		rc = load(st->projected, &proj) || load(st->key, &key);
		/* a --level-* set is corrections: judged as they are, never --loose */
		if (!rc && (xp_label_check(&st->r, st->report, &proj, st->projected, &e) ||
			    xp_label_report(&st->r, &proj, &key, st->key, st->level ? 0 : lflags, &ls, &e)))
			rc = xp_cli_error(&e);
		lang_ex *lx = &langs[setlang[s]];
		if (!rc && lx->lex)   /* cross-fitted: lexicon.h */
			xp_lex_fill(lx->lex, &st->r, &proj, xp_feat_pack_kind(lx->lang, XP_LF_END_MODEL));
		/* --drop-features: a column of zeros gets no weight (the gradient
		 * is zero there and the penalty keeps it at zero) */
		for (size_t k = 0; !rc && drops && k < st->r.n; k++)
			for (int f = 0, nf = xp_nfeat(); st->r.items[k].feat && f < nf; f++)
				if (drop[f])
					st->r.items[k].feat[f] = 0;
		xp_corpus_free(&proj), xp_corpus_free(&key);
		if (rc)
			break;
		lx->sets++;
		for (size_t k = 0; rc == 0 && k < st->r.n; k++) {
			const xp_ritem *it = &st->r.items[k];
			int kind = xp_ritem_kind(it);
			if (it->label == XP_LB_NONE || kind == XP_CONF_NO_TARGET)
				continue;
			if (!it->feat) {
				rc = (xp_failc(&e, XP_EINPUT, st->report, 0, "the report has no confidence features"),
				      xp_cli_error(&e));
				break;
			}
			int isp = kind == XP_CONF_PROJECTED;
			if (st->level) {
				if (!isp && (xp_grow(&lx->lvl, &lx->clvl, lx->nlvl + 1, sizeof *lx->lvl) ? (rc = -1) : 1))
					lx->lvl[lx->nlvl++] = (xp_example){it->feat, it->label == XP_LB_RECOVERABLE, 1};
				if (isp && xp_conf_agreeing(it->feat) &&
				    (xp_grow(&lx->lvla, &lx->clvla, lx->nlvla + 1, sizeof *lx->lvla) ? (rc = -1) : 1))
					lx->lvla[lx->nlvla++] = (xp_example){it->feat, it->label == XP_LB_RIGHT, 1};
				if (rc) {
					rc = (xp_failc(&e, XP_ENOMEM, "", 0, "out of memory"), xp_cli_error(&e));
					break;
				}
				continue;
			}
			if (skip_prodrop && isp && it->feat[XP_F_PRODROP] != 0) {
				skipped++;
				continue;
			}
			xp_example **v = isp ? &lx->proj : &lx->null;
			size_t *n = isp ? &lx->np : &lx->nn, *cap = isp ? &lx->cp : &lx->cn;
			uint8_t **cls = isp ? &lx->pcls : &lx->ncls;
			if (xp_grow(v, cap, *n + 1, sizeof **v) || xp_grow(cls, isp ? &lx->cpc : &lx->cnc, *n + 1, 1)) {
				rc = (xp_failc(&e, XP_ENOMEM, "", 0, "out of memory"), xp_cli_error(&e));
				break;
			}
			(*cls)[*n] = pu_class(it->feat, isp, pu);
			(*v)[(*n)++] = (xp_example){it->feat, isp ? it->label == XP_LB_RIGHT : it->label == XP_LB_RECOVERABLE, 1};
		}
		/* the paths as JSON text (a name in Latin-1 made json_pack fail, and
		 * the set's record was dropped from the file without a word) */
		if (json_array_append_new(sources, json_pack("{s:s,s:s,s:o,s:o,s:o,s:{s:I,s:I,s:I,s:I}}", "lang", st->r.lang,
							 "role", !st->level ? "fit" : kinds == LV_NULLS ? "the null model's level"
							 : kinds == LV_AGREEING ? "the agreeing class's level"
							 : "the null model's and the agreeing class's levels",
							 "report", xp_json_text(st->report), "projected", xp_json_text(st->projected),
							 "key", xp_json_text(st->key),
							 "labels", "right", (json_int_t)ls.right, "wrong",
							 (json_int_t)ls.wrong, "recoverable", (json_int_t)ls.recoverable,
							 "unrecoverable", (json_int_t)ls.unrecoverable))) {
			rc = (xp_failc(&e, XP_ENOMEM, "", 0, "out of memory"), xp_cli_error(&e));
			break;
		}
		if ((lflags & XP_LB_LOOSE) && !st->level)
			json_object_set_new(json_object_get(json_array_get(sources, json_array_size(sources) - 1), "labels"),
					    "right_by_loose", json_integer((json_int_t)ls.loose));
		fprintf(stderr, "xproj calibrate: %s (%s): %zu right (%zu by --loose), %zu wrong, %zu recoverable, %zu "
				"unrecoverable\n", st->report, st->r.lang, ls.right, ls.loose, ls.wrong, ls.recoverable,
			ls.unrecoverable);
	}
	if (rc == 0 && skip_prodrop)
		fprintf(stderr, "xproj calibrate: %zu pro-drop projections left out (--skip-prodrop)\n", skipped);
	json_t *models = json_object();
	for (size_t l = 0; rc == 0 && l < nl; l++) {
		xp_logit pm, nm;
		size_t pp = 0, pn = 0;
		for (size_t i = 0; i < langs[l].np; i++)
			pp += langs[l].proj[i].y != 0;
		for (size_t i = 0; i < langs[l].nn; i++)
			pn += langs[l].null[i].y != 0;
		json_t *pj = NULL, *nj = NULL;
		json_t *bl = base ? json_object_get(bmodels, langs[l].lang) : NULL;
		const xp_conf_lang *bc = base ? xp_conf_for(&bm, langs[l].lang) : NULL;
		if (base && (!json_object_get(bl, "projected") || !bc)) {
			rc = (xp_failc(&e, XP_EINPUT, base, 0, "no projected model for %s (%s)", langs[l].lang,
				       levels_only ? "--levels-only" : "--null-only"),
			      xp_cli_error(&e));
			break;
		}
		/* a level asked for that the sets cannot give: the file said it was
		 * set on them (its "sources"), and held none, or BASE's old one,
		 * exit 0 */
		if (langs[l].lsets && !levels_only && !langs[l].fsets) {
			rc = (xp_failc(&e, XP_EINPUT, langs[l].lreport, 0, "a --level-* set of %s, which no --report set fits: "
				       "a level is set on a model fitted here or on --levels-only's", langs[l].lang),
			      xp_cli_error(&e));
			break;
		}
		if (langs[l].lsets && (kinds & LV_NULLS) && !langs[l].nlvl) {
			rc = (xp_failc(&e, XP_EINPUT, langs[l].lreport, 0, "--level-kinds nulls: the --level-* set%s of %s hold%s "
				       "no null with a target sentence: no null model's level to set", langs[l].lsets > 1 ? "s" : "",
				       langs[l].lang, langs[l].lsets > 1 ? "" : "s"),
			      xp_cli_error(&e));
			break;
		}
		if (langs[l].lsets && (kinds & LV_AGREEING) && !langs[l].nlvla) {
			rc = (xp_failc(&e, XP_EINPUT, langs[l].lreport, 0, "--level-kinds agreeing: the --level-* set%s of %s "
				       "hold%s no projection of the agreeing class (a pronoun on a verb or clitic that agrees "
				       "with it): no level of the class to set", langs[l].lsets > 1 ? "s" : "", langs[l].lang,
				       langs[l].lsets > 1 ? "" : "s"),
			      xp_cli_error(&e));
			break;
		}
		if (base)
			pm = bc->projected;
		if (levels_only)
			nm = bc->null;
		if ((!base && (rc = fit("projected", langs[l].lang, langs[l].proj, langs[l].pcls, langs[l].np, pu, l2, &pm, &pj))) ||
		    (!levels_only && (rc = fit("null", langs[l].lang, langs[l].null, langs[l].ncls, langs[l].nn, pu, l2, &nm, &nj))))
			break;
		json_t *level = NULL, *alevel = NULL;
		if ((kinds & LV_NULLS) && langs[l].nlvl) {
			size_t k = 0;
			for (size_t i = 0; i < langs[l].nlvl; i++)
				k += langs[l].lvl[i].y != 0;
			double d = round(level_shift(&nm, langs[l].lvl, langs[l].nlvl) * 1e6) / 1e6;
			nm.bias += d;
			fprintf(stderr, "xproj calibrate: %s, null model: %+.3f on the log-odds (the level of %zu nulls, %zu "
					"recoverable)\n", langs[l].lang, d, langs[l].nlvl, k);
			/* --levels-only on a model that had a level: the new shift is on top of it */
			json_t *old = levels_only ? json_object_get(json_object_get(json_object_get(bl, "null"), "level"), "shift") : NULL;
			if (json_is_number(old))
				d = round((d + json_number_value(old)) * 1e6) / 1e6;
			level = json_pack("{s:I,s:I,s:f}", "nulls", (json_int_t)langs[l].nlvl, "recoverable", (json_int_t)k,
					  "shift", d);
		}
		if ((kinds & LV_AGREEING) && langs[l].nlvla) {
			/* the projected model as fitted (a base's level is replaced, not added to) */
			size_t k = 0;
			for (size_t i = 0; i < langs[l].nlvla; i++)
				k += langs[l].lvla[i].y != 0;
			double d = round(level_shift(&pm, langs[l].lvla, langs[l].nlvla) * 1e6) / 1e6;
			alevel = json_pack("{s:s,s:I,s:I,s:f}", "class", "agreeing", "projections", (json_int_t)langs[l].nlvla,
					   "right", (json_int_t)k, "shift", d);
			fprintf(stderr, "xproj calibrate: %s, projected model: %+.3f on the log-odds of the agreeing class (the "
					"level of %zu projections, %zu right)\n", langs[l].lang, d, langs[l].nlvla, k);
			if (fabs(d) > 4.999)   /* level_shift searches within +-5 */
				fprintf(stderr, "xproj calibrate: %s: warning: the agreeing class's level is at the search's bound: "
						"its share right is out of the model's reach\n", langs[l].lang);
		}
		json_t *lm;
		if (levels_only) {
			lm = json_deep_copy(bl);
			json_t *nj2 = json_object_get(lm, "null");
			if (level) {
				json_object_set_new(nj2, "bias", json_real(round(nm.bias * 1e6) / 1e6));
				json_object_set_new(nj2, "level", level);
			}
		} else {
			json_t *nullj = logit_json(&nm, langs[l].nn, pn, "recoverable", nj);
			if (level)
				json_object_set_new(nullj, "level", level);
			lm = base ? json_deep_copy(bl)
				  : json_pack("{s:o,s:o}", "projected", logit_json(&pm, langs[l].np, pp, "right", pj), "null", nullj);
			if (base)
				json_object_set_new(lm, "null", nullj);
		}
		if (alevel)
			json_object_set_new(json_object_get(lm, "projected"), "class_level", alevel);
		if (langs[l].lex && !base)
			json_object_set_new(lm, "lexicon", xp_lex_model_json(langs[l].lex));
		json_object_set_new(models, langs[l].lang, lm);
		if (levels_only)
			fprintf(stderr, "xproj calibrate: %s: both models kept (%s), only their levels set\n", langs[l].lang, base);
		else if (base)
			fprintf(stderr, "xproj calibrate: %s: projected model kept (%s), null model on %zu (%zu recoverable)\n",
				langs[l].lang, base, langs[l].nn, pn);
		else
			fprintf(stderr, "xproj calibrate: %s: projected model on %zu examples (%zu right), null model on %zu (%zu "
					"recoverable)\n", langs[l].lang, langs[l].np, pp, langs[l].nn, pn);
	}
	json_t *doc = NULL;
	if (rc == 0 && levels_only) {
		/* the base file as it was, but for the levels and the sets they were set on
		 * (a level set on the same language before is replaced) */
		doc = json_deep_copy(bj);
		json_t *old = json_object_get(doc, "sources"), *keep = json_array(), *v;
		size_t i;
		json_array_foreach(old, i, v) {
			int mine = 0;
			for (size_t l = 0; l < nl; l++)
				mine |= !strcmp(json_string_value(json_object_get(v, "lang")) ? json_string_value(json_object_get(v, "lang")) : "",
						langs[l].lang);
			const char *role = json_string_value(json_object_get(v, "role"));
			/* a level's record goes only when every level it records
			 * is set again now: `--level-kinds agreeing` keeps the
			 * record of the null model's level, which stays */
			int had = !role ? 0 : !strcmp(role, "the null model's level") ? LV_NULLS
				: !strcmp(role, "the agreeing class's level") ? LV_AGREEING
				: strstr(role, "levels") ? LV_NULLS | LV_AGREEING : 0;
			if (!mine || (role && !strcmp(role, "fit")) || (had & ~kinds))
				json_array_append(keep, v);
		}
		json_array_extend(keep, sources);
		json_decref(sources);
		json_object_set_new(doc, "sources", keep);
		json_object_update(json_object_get(doc, "models"), models);
		json_decref(models);
		if (note)
			json_object_set_new(doc, "note", xp_json_text(note));
	}
	if (rc == 0 && !levels_only) {
		doc = json_pack("{s:i,s:s,s:f,s:o,s:o}", "version", 1, "fitted_by",
					pu ? "xproj calibrate (L2-penalised logistic regression, Newton; EM for the positive-"
					     "unlabelled class)"
					   : "xproj calibrate (L2-penalised logistic regression, Newton)",
					"l2", l2, "sources",
					sources, "models", models);
		if (note)
			json_object_set_new(doc, "note", xp_json_text(note));
		if (drops)
			json_object_set_new(doc, "dropped_features", json_string(drops));
		if (base)
			json_object_set_new(doc, "projected_from", xp_json_text(base));
		if (skip_prodrop)
			json_object_set_new(doc, "skipped", json_pack("{s:s,s:I}", "what", "pro-drop projections",
								      "mentions", (json_int_t)skipped));
	}
	if (rc == 0) {
		char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
		json_decref(doc);
		xp_outputs o = {0};
		size_t tl = text ? strlen(text) : 0;
		char *nl_text = text ? realloc(text, tl + 2) : NULL;
		if (nl_text)
			text = nl_text, memcpy(text + tl, "\n", 2);
		if (!nl_text)
			rc = (xp_failc(&e, XP_ENOMEM, "", 0, "out of memory"), xp_cli_error(&e));
		else if (xp_outputs_put(&o, out, text, tl + 1, &e) || xp_outputs_commit(&o, &e))
			rc = xp_cli_error(&e);
		xp_outputs_abort(&o);
		free(text);
	} else {
		json_decref(sources), json_decref(models);
	}
	for (size_t l = 0; l < nl; l++) {
		free(langs[l].proj), free(langs[l].null), free(langs[l].pcls), free(langs[l].ncls), free(langs[l].lvl);
		free(langs[l].lvla);
		xp_lex_free(langs[l].lex);
	}
	for (size_t s = 0; s < ns; s++)
		xp_report_free(&sets[s].r);
	json_decref(bj);
	xp_conf_free(&bm);
	return rc;
}

const xp_cmd xp_cmd_calibrate = {
	"calibrate", run, "fit the per-mention confidence model against a reference",
	"xproj calibrate --report R.json --projected OUT.conll --key REF.conll [...] [--l2 X]\n"
	"                [--skip-prodrop] [--pu-agreeing] [--pu-possessive] [--loose] [--note TEXT]\n"
	"                [--level-report R.json --level-projected OUT.conll --level-key CORRECTED.conll]\n"
	"                [--level-kinds nulls,agreeing] [--drop-features F,...] [--null-only BASE.json]\n"
	"                -o MODEL.json\n"
	"       xproj calibrate --levels-only BASE.json --level-report R.json --level-projected OUT.conll\n"
	"                --level-key CORRECTED.conll [--level-kinds nulls,agreeing] -o MODEL.json\n"
	"       xproj calibrate --mention-ends SILVER.conll [--segmenter-data DIR] [--note TEXT]\n"
	"                -o TABLE.json\n\n"
	"Each --report/--projected/--key triple is a projection (`xproj project --report`) and a\n"
	"reference for its target text, judged as `xproj judge` does.  For each target language\n"
	"two logistic models are fitted on the features the report holds: P(a projected span is\n"
	"the reference's) and P(the reference has a mention a null projection stands for).\n"
	"MODEL.json is what `project --model` reads and what a pack's compiled-in model\n"
	"(lang/calib/CODE.json, refitted by bench/calibrate.sh) is; it records the files it\n"
	"was fitted on and their label counts.  Fit on data you will not measure on.\n"
	"For Farsi the model also keeps the lexicon of its references (each word's count and the\n"
	"mentions that end on it: the pack's last-word feature); the examples of a reference's own\n"
	"documents get the value of the counts of the other nine of ten folds of documents.\n"
	"  --l2 X          the penalty on the weights, per unit of example weight (default 0.001)\n"
	"  --skip-prodrop  fit on no projection that pro-drop made (the verb of a dropped\n"
	"                  subject): a reference made without pro-drop (MMC's silver)\n"
	"                  calls such verbs wrong whether or not a corrector keeps them\n"
	"  --pu-agreeing   keep them, and every pronoun projected onto a word that agrees with\n"
	"                  it by its ending only (a verb, a clitic: pron_agree), as positive-\n"
	"                  unlabelled: the reference's \"right\" is trusted, its \"wrong\" is not;\n"
	"                  the share of right ones it marks is estimated from the data and the\n"
	"                  model fitted by EM (project/calibrate.h)\n"
	"  --pu-possessive the same for a Chinese possessive pronoun projected with its 的\n"
	"                  (pron_de): MMC's silver marks the pronoun alone\n"
	"  --loose         judge by the reference's conventions where they differ from the\n"
	"                  corrected files': a Farsi verb with its prefix می/نمی is right when\n"
	"                  the reference has the verb alone, a Chinese possessive with its 的\n"
	"                  when it has the pronoun alone, a Farsi noun phrase with its\n"
	"                  indefinite یه when it has it without, a determiner and light\n"
	"                  noun (چی کار, همه چیز, این کارو) when it has either alone\n"
	"                  (pipeline/label.h)\n"
	"  --note TEXT     a note stored in MODEL.json with its sources\n"
	"  --level-report, --level-projected, --level-key  a projection and its human\n"
	"                  corrections, not fitted on: after the fit, the null model of its\n"
	"                  language is shifted on the log-odds by the one constant that makes\n"
	"                  its mean P(recoverable) over the set's nulls the share that are\n"
	"                  (judged as they are, never --loose); MODEL.json records the shift\n"
	"  --level-kinds K,...  what those sets set (default nulls): nulls, the null model's\n"
	"                  level; agreeing, the projected model's for the agreeing class alone\n"
	"                  (a pronoun on a verb or clitic that agrees with it: prodrop,\n"
	"                  pron_agree), so that its mean P(right) over the set's such\n"
	"                  projections is the share right\n"
	"  --levels-only BASE.json  fit nothing: BASE.json's models, with the levels the\n"
	"                  --level-* sets give set on them (a level BASE had is replaced)\n"
	"  --drop-features F,...  fit without these features (their weights stay 0): e.g.\n"
	"                  those that read one reference's conventions (docs/triage.md)\n"
	"  --null-only BASE.json  fit the null models only; the projected models (and\n"
	"                  lexicons) are BASE.json's: the model that decided which noun\n"
	"                  phrases the rule doubt made nulls of (project/confidence.h)\n"
	"  --mention-ends SILVER  instead of a model, the table of how often SILVER's mentions\n"
	"                  end on each word the segmenter cuts (project/lexicon.h: the\n"
	"                  confidence's end-table feature; a pack's compiled-in one is\n"
	"                  lang/ends/CODE.json: the Chinese pack's, of MMC dev's silver),\n"
	"                  counted in five folds of its documents in id order\n"
	"  --segmenter-data DIR  the word segmenter's (jieba's) data directory (default\n"
	"                  " XP_ZHSEG_DIR ")\n"
	"  (--mention-ends and --segmenter-data also answer to their pack's names of earlier\n"
	"  releases, for this release: docs/languages.md)\n"};
