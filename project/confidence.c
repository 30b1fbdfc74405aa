/* project/confidence.c — the calibrated confidence model; see confidence.h. */
#include "confidence.h"
#include "../lang/lang.h"
#include "feat.h"
#include "lexicon.h"
#include "../base/file.h"
#include "../io/json.h"

#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The generic features' names; NULL: a place of a pack's feature. */
static const char *const generic_names[XP_F_NFIXED] = {
	"link_mean", "link_min", "one_way", "cover", "en_len", "tgt_len", "ratio", "gap", "shared",
	"neighbour", "nested", "crossing", "collided", "pronoun", "name", "utt_score", "sent_aligned",
	"rule_articles", NULL, NULL, "prodrop", "unaligned", "same_span",
	"dropped", "free_words", "tgt_pronoun", "tgt_pronoun_free", "sent_len", "sent_ratio", "pos_diff", "repeats", "pron_in", "seed_agree",
	"pron_agree", "one_char", "form_seen", "form_agree", "pron_de", "rule_pron", "rule_np", "rule_consist",
	"cluster", "cluster_proj", "rule_words", "committee", "drop_verb", "verb_rivals", NULL,
	NULL, "poss_lost", "demonstrative", NULL, NULL,
	NULL, "wh_in", NULL, "twin_nearer", NULL, NULL,
	NULL, "doubted", "doubt_odds"};

static struct {
	pthread_once_t once;
	int n;                                           /* xp_nfeat() */
	const char *names[XP_CONF_MAXFEAT];
	const xp_lang_feature *owner[XP_CONF_MAXFEAT];   /* the pack feature of a place, NULL for a generic one */
	/* the places that have an owner, in the order they were taken: what
	 * xp_feat_of scans (a dozen, not every feature: it runs per mention) */
	int nowned, owned[XP_CONF_MAXFEAT];
	char bad[96];                                    /* what xp_feat_check reports, "" if all is well */
} table = {PTHREAD_ONCE_INIT, 0, {0}, {0}, 0, {0}, ""};

static int place(const xp_lang_feature *lf)
{
	for (int k = 0; lf && k < table.nowned; k++)
		if (table.owner[table.owned[k]] == lf)
			return table.owned[k];
	return -1;
}

static void own(int f, const xp_lang_feature *lf)
{
	table.owner[f] = lf, table.names[f] = lf->name;
	table.owned[table.nowned++] = f;
}

/* The packs' features into their places: each place takes the feature
 * whose `after` names the feature before it, so that the order stays the
 * report's whatever order the packs are listed in; the features no place
 * took follow, in the packs' order (feat.h xp_nfeat). */
static void build(void)
{
	size_t np;
	const xp_lang_pack *const *p = xp_lang_packs(&np);
	table.n = XP_F_NFIXED;
	for (int f = 0; f < XP_F_NFIXED; f++) {
		table.names[f] = generic_names[f];
		if (generic_names[f] || f == 0)
			continue;
		for (size_t k = 0; k < np && !table.owner[f]; k++)
			for (size_t i = 0; i < p[k]->nfeatures && !table.owner[f]; i++) {
				const xp_lang_feature *lf = &p[k]->features[i];
				if (lf->after && table.names[f - 1] && !strcmp(lf->after, table.names[f - 1]))
					own(f, lf);
			}
		if (!table.names[f]) {
			/* a place no pack fills: it keeps a name (the report names
			 * every place) and stays 0 */
			table.names[f] = "unused";
			if (!table.bad[0])
				snprintf(table.bad, sizeof table.bad, "the place after %s", table.names[f - 1]);
		}
	}
	for (size_t k = 0; k < np; k++)
		for (size_t i = 0; i < p[k]->nfeatures; i++) {
			const xp_lang_feature *lf = &p[k]->features[i];
			if (place(lf) >= 0)
				continue;
			if (table.n < XP_CONF_MAXFEAT)
				own(table.n++, lf);
			else if (!table.bad[0])   /* no room in a model's weights: not computed */
				snprintf(table.bad, sizeof table.bad, "%s", lf->name);
		}
}

int xp_nfeat(void)
{
	xp_feat_table();
	return table.n;
}

const char *const *xp_feat_table(void)
{
	pthread_once(&table.once, build);
	return table.names;
}

int xp_feat_of(const xp_lang_feature *lf)
{
	xp_feat_table();
	return place(lf);
}

int xp_feat_pack_kind(const char *lang, int k)
{
	const xp_lang_pack *p = xp_lang_find(lang);
	for (size_t i = 0; p && i < p->nfeatures; i++)
		if ((int)p->features[i].kind == k && xp_feat_of(&p->features[i]) >= 0)
			return xp_feat_of(&p->features[i]);
	return -1;
}

int xp_feat_check(char *bad, size_t cap)
{
	xp_feat_table();
	if (cap)
		snprintf(bad, cap, "%s", table.bad);
	return table.bad[0] ? -1 : 0;
}

int xp_feat_named(const char *name)
{
	const char *const *names = xp_feat_table();
	for (int f = 0; name && f < table.n; f++)
		if (!strcmp(name, names[f]))
			return f;
	return -1;
}

double xp_logit_prob(const xp_logit *m, const float *x)
{
	double z = m->bias;
	for (int f = 0, nf = xp_nfeat(); f < nf; f++)
		z += m->w[f] * x[f];
	return 1 / (1 + exp(-z));
}

int xp_conf_agreeing(const float *x)
{
	return x[XP_F_PRONOUN] != 0 && (x[XP_F_PRODROP] != 0 || x[XP_F_PRON_AGREE] != 0);
}

double xp_conf_of(const xp_conf_lang *m, int kind, const float *x)
{
	if (kind == XP_CONF_NO_TARGET || !m)
		return 1;
	if (kind == XP_CONF_PROJECTED && m->agree_level != 0 && xp_conf_agreeing(x)) {
		xp_logit s = m->projected;
		s.bias += m->agree_level;
		return xp_logit_prob(&s, x);
	}
	if (kind == XP_CONF_PROJECTED)
		return xp_logit_prob(&m->projected, x);
	return 1 - xp_logit_prob(&m->null, x);
}

/* --- English mention types ------------------------------------------------------------ */

int xp_en_pronoun(const char *w)
{
	static const char *const p[] = {"i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself",
					"yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself",
					"it", "its", "itself", "we", "us", "our", "ours", "ourselves", "they", "them",
					"their", "theirs", "themselves", "this", "that", "these", "those"};
	for (size_t k = 0; w && k < sizeof p / sizeof *p; k++)
		if (!strcasecmp(w, p[k]))
			return 1;
	return 0;
}

int xp_en_type(const char *const *words, uint32_t start, uint32_t end)
{
	if (end == start + 1 && xp_en_pronoun(words[start]))
		return XP_EN_PRONOUN;
	for (uint32_t i = start; i < end; i++)
		if (!isupper((unsigned char)words[i][0]))
			return XP_EN_NOMINAL;
	return end > start ? XP_EN_NAME : XP_EN_NOMINAL;
}

/* --- model files ------------------------------------------------------------------------- */

/* {"bias":B,"weights":{name:W},"mean":{name:M}} */
static int logit(const char *name, const char *lang, const char *which, json_t *o, xp_logit *m, xp_err *err)
{
	memset(m, 0, sizeof *m);
	json_t *bias = json_object_get(o, "bias"), *w = json_object_get(o, "weights"), *mean = json_object_get(o, "mean");
	if (!json_is_object(o) || !json_is_number(bias) || !json_is_object(w) || (mean && !json_is_object(mean)))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s: \"%s\" needs a \"bias\" and \"weights\"", lang, which);
	m->bias = json_number_value(bias);
	json_t *tables[2] = {w, mean};
	double *into[2] = {m->w, m->mean};
	for (int t = 0; t < 2; t++) {
		const char *k;
		json_t *v;
		json_object_foreach(tables[t], k, v) {
			int f = xp_feat_named(k);
			if (f < 0)
				return xp_failc(err, XP_EINPUT, name, 0, "model %s, %s: '%s' is no feature of this xproj", lang,
						which, k);
			if (!json_is_number(v) || !isfinite(json_number_value(v)))
				return xp_failc(err, XP_EINPUT, name, 0, "model %s, %s: %s is not a number", lang, which, k);
			into[t][f] = json_number_value(v);
		}
	}
	if (!isfinite(m->bias))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s, %s: the bias is not a number", lang, which);
	return 0;
}

/* the projected model's "class_level":{"class":"agreeing","shift":S,...}
 * (absent: 0); an unknown class is an error, not a level silently dropped */
static int class_level(const char *name, const char *lang, json_t *o, double *shift, xp_err *err)
{
	*shift = 0;
	if (!o)
		return 0;
	json_t *cls = json_object_get(o, "class"), *s = json_object_get(o, "shift");
	if (!json_is_object(o) || !json_is_string(cls) || !json_is_number(s))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s, projected: \"class_level\" needs a \"class\" and a \"shift\"",
				lang);
	if (strcmp(json_string_value(cls), "agreeing"))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s, projected: the class_level's class '%.40s' is none this xproj knows (agreeing)",
				lang, json_string_value(cls));
	if (!isfinite(json_number_value(s)))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s, projected: the class_level's shift is not a number", lang);
	*shift = json_number_value(s);
	return 0;
}

/* the null model's "level":{"shift":S,...} (absent: 0): its bias has it
 * already (calibrate adds it there), read only for explanations */
static int null_level(const char *name, const char *lang, json_t *o, double *shift, xp_err *err)
{
	*shift = 0;
	if (!o)
		return 0;
	json_t *s = json_object_get(o, "shift");
	if (!json_is_object(o) || !json_is_number(s) || !isfinite(json_number_value(s)))
		return xp_failc(err, XP_EINPUT, name, 0, "model %s, null: the level's shift is not a number", lang);
	*shift = json_number_value(s);
	return 0;
}

int xp_conf_parse(const char *name, const char *text, size_t len, xp_conf_model *m, xp_err *err)
{
	memset(m, 0, sizeof *m);
	/* a language (or weight) given twice took its last value without a
	 * word (a model edited by hand, two files pasted together): refused */
	json_t *j = xp_json_parse(name, text, len, JSON_REJECT_DUPLICATES, "a confidence model", err);
	if (!j)
		return err->code;
	json_t *models = json_object_get(j, "models"), *ver = json_object_get(j, "version");
	int rc = 0;
	if (!json_is_object(j) || !json_is_object(models))
		rc = xp_failc(err, XP_EINPUT, name, 0, "not a confidence model (no \"models\")");
	else if (!json_is_integer(ver) || json_integer_value(ver) != 1)
		rc = xp_failc(err, XP_EINPUT, name, 0, "a confidence model of version %s (this xproj reads 1)",
			      json_is_integer(ver) ? "other than 1" : "unknown");
	else if (!(m->v = calloc(json_object_size(models) + 1, sizeof *m->v)))
		rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	const char *lang;
	json_t *o;
	if (rc == 0)
		json_object_foreach(models, lang, o) {
			xp_conf_lang *l = &m->v[m->n];
			if (strlen(lang) == 0 || strlen(lang) >= sizeof l->lang) {
				rc = xp_failc(err, XP_EINPUT, name, 0, "model '%.40s': not a language code", lang);
				break;
			}
			snprintf(l->lang, sizeof l->lang, "%s", lang);
			if ((rc = logit(name, lang, "projected", json_object_get(o, "projected"), &l->projected, err)) ||
			    (rc = logit(name, lang, "null", json_object_get(o, "null"), &l->null, err)) ||
			    (rc = class_level(name, lang, json_object_get(json_object_get(o, "projected"), "class_level"),
					      &l->agree_level, err)) ||
			    (rc = null_level(name, lang, json_object_get(json_object_get(o, "null"), "level"),
					     &l->null_level, err))) {
				break;
			}
			m->n++;   /* from here xp_conf_free frees its lexicon */
			/* the lexicon a pack's XP_LF_END_MODEL feature reads: its counting's parameters */
			if (json_object_get(o, "lexicon") &&
			    (rc = xp_lex_parse_model(name, lang, json_object_get(o, "lexicon"), &xp_lex_model_params, &l->lex, err)))
				break;
		}
	json_decref(j);
	if (rc)
		xp_conf_free(m);
	return rc;
}

int xp_conf_load(const char *path, xp_conf_model *m, xp_err *err)
{
	char *buf;
	size_t len;
	memset(m, 0, sizeof *m);
	if (xp_read_file(path, &buf, &len, err))
		return err->code ? err->code : -1;
	int rc = xp_conf_parse(path, buf, len, m, err);
	free(buf);
	return rc;
}

/* The packs' own models (lang/lang.h calibration), in the packs' order: the
 * weights are language knowledge, so each pack carries its own, and a pack
 * added with a model needs no line here. */
int xp_conf_default(xp_conf_model *m, xp_err *err)
{
	size_t np;
	const xp_lang_pack *const *p = xp_lang_packs(&np);
	memset(m, 0, sizeof *m);
	for (size_t k = 0; k < np; k++) {
		if (!p[k]->calibration)
			continue;
		char name[64];
		snprintf(name, sizeof name, "lang/calib/%s.json", p[k]->code);
		xp_conf_model one;
		if (xp_conf_parse(name, p[k]->calibration, strlen(p[k]->calibration), &one, err)) {
			xp_conf_free(m);
			return err->code;
		}
		xp_conf_lang *v = realloc(m->v, (m->n + one.n + 1) * sizeof *v);
		int rc = v ? 0 : xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
		/* a pack's file holds models for its own codes only: another
		 * language's would be found under the wrong pack */
		for (size_t i = 0; rc == 0 && i < one.n; i++)
			if (xp_lang_find(one.v[i].lang) != p[k])
				rc = xp_failc(err, XP_EINPUT, name, 0, "model '%s' is not for a code of this pack",
					      one.v[i].lang);
		if (rc) {
			xp_conf_free(&one);
			if (v)
				m->v = v;
			xp_conf_free(m);
			return rc;
		}
		memcpy(v + m->n, one.v, one.n * sizeof *v);   /* the lexicons move, not copied */
		m->v = v;
		m->n += one.n;
		free(one.v);
	}
	return 0;
}

void xp_conf_free(xp_conf_model *m)
{
	for (size_t k = 0; m->v && k < m->n; k++)
		xp_lex_free(m->v[k].lex);
	free(m->v);
	memset(m, 0, sizeof *m);
}

const xp_conf_lang *xp_conf_for(const xp_conf_model *m, const char *lang)
{
	const xp_conf_lang *any = NULL;
	for (size_t k = 0; m && k < m->n; k++) {
		size_t n = strlen(m->v[k].lang);
		if (lang && !strncmp(lang, m->v[k].lang, n) && (lang[n] == 0 || lang[n] == '-' || lang[n] == '_'))
			return &m->v[k];
		if (!strcmp(m->v[k].lang, "*"))
			any = &m->v[k];
	}
	/* a code of the same pack (lang/lang.h): a model fitted for a pack's
	 * code serves its aliases */
	const xp_lang_pack *p = xp_lang_find(lang);
	for (size_t k = 0; p && m && k < m->n; k++)
		if (xp_lang_find(m->v[k].lang) == p)
			return &m->v[k];
	return any;
}

/* --- explanations ------------------------------------------------------------------------- */

void xp_conf_explain(const xp_conf_lang *m, int kind, const float *x, int k, xp_buf *out)
{
	if (kind == XP_CONF_NO_TARGET || !m) {
		xp_buf_puts(out, kind == XP_CONF_NO_TARGET ? "no target sentence" : "no model");
		return;
	}
	const xp_logit *l = kind == XP_CONF_PROJECTED ? &m->projected : &m->null;
	/* pull on the log-odds of being right, against the fitted data's mean */
	const int nf = xp_nfeat();
	double sign = kind == XP_CONF_PROJECTED ? 1 : -1, pull[XP_CONF_MAXFEAT];
	int used[XP_CONF_MAXFEAT] = {0};
	for (int f = 0; f < nf; f++)
		pull[f] = sign * l->w[f] * (x[f] - l->mean[f]);
	/* The target-pronoun features are 0 for every mention that is no
	 * English pronoun, which pulls against their mean (most mentions are
	 * pronouns) although nothing about a pronoun is amiss: for such a
	 * mention they count as one reason, "pronoun", with its own pull. */
	static const int pron_only[] = {XP_F_TGT_PRONOUN, XP_F_TGT_PRONOUN_FREE, XP_F_PRON_IN, XP_F_PRON_AGREE,
					 XP_F_PRON_DE};
	if (x[XP_F_PRONOUN] == 0)
		for (size_t i = 0; i < sizeof pron_only / sizeof *pron_only; i++) {
			pull[XP_F_PRONOUN] += pull[pron_only[i]];
			used[pron_only[i]] = 1;
		}
	int n = 0;   /* the reasons said */
	for (; n < k; n++) {
		int best = -1;
		for (int f = 0; f < nf; f++)
			if (!used[f] && l->w[f] != 0 && (best < 0 || fabs(pull[f]) > fabs(pull[best])))
				best = f;
		if (best < 0 || fabs(pull[best]) < 0.05)
			break;
		used[best] = 1;
		xp_buf_printf(out, "%s%s=%.2f (%+.2f)", n ? ", " : "", xp_feat_names[best], x[best], pull[best]);
	}
	/* a level set on human labels moves the confidence by more than most
	 * features do and is no feature: say which, and what it did (the
	 * null model's P is of recovery, its confidence 1 - P; its bias has
	 * the level in it) */
	double before;
	const char *which;
	if (kind == XP_CONF_PROJECTED && m->agree_level != 0 && xp_conf_agreeing(x))
		which = "agreeing class's level", before = xp_logit_prob(l, x);
	else if (kind == XP_CONF_NULL && m->null_level != 0) {
		xp_logit unlevelled = *l;
		unlevelled.bias -= m->null_level;
		which = "null model's level", before = 1 - xp_logit_prob(&unlevelled, x);
	} else
		return;
	xp_buf_printf(out, "%s%s %+.2f on the log-odds%s: confidence %.2f -> %.2f", n ? "; " : "", which,
		      kind == XP_CONF_NULL ? m->null_level : m->agree_level, kind == XP_CONF_NULL ? " of recovery" : "",
		      before, xp_conf_of(m, kind, x));
}
