/*
 * project/confidence.h — what a projection knows about each mention, and the
 * calibrated probability that the projection got it right.
 *
 * For every English mention the projection records a fixed vector of
 * features (link posteriors, lengths, gaps inside the span, overlaps with
 * other spans, the mention's type, what the aligner left unaligned around
 * it, the utterance alignment's score, the language rules that fired).  Two
 * small logistic models turn them into probabilities:
 *
 *   projected  P(the target span is the one a corrector keeps)
 *   null       P(the corrected target has a mention this English one stands
 *              for, i.e. the null projection needs an addition)
 *
 * A mention's confidence is the probability that what the projection did
 * with it is right: the first for a projection, one minus the second for a
 * null (a null in an utterance without target text is right by
 * construction: confidence 1).  The weights come from a model file written
 * by `xproj calibrate` (JSON: one pair of models per target language, "*"
 * for any other); the defaults are each language pack's own, compiled in
 * from lang/calib/CODE.json (lang/lang.h calibration), which
 * `bench/calibrate.sh` refits.  Weights are named, so a model file keeps
 * working when features are added (a missing weight is 0) and an unknown
 * name is an error rather than a silently ignored weight.
 */
#ifndef XP_CONFIDENCE_H
#define XP_CONFIDENCE_H

#include "../base/buf.h"
#include "../base/error.h"

#include <stddef.h>
#include <stdint.h>

/* The features are private to the library (project/feat.h names them: a
 * new one changes no struct here); a model's weights have room for
 * XP_CONF_MAXFEAT of them, the report names each. */
enum { XP_CONF_MAXFEAT = 128 };

/* One logistic model: P = 1 / (1 + exp(-(bias + w . x))).  mean: the
 * features' means on the data it was fitted on, from which explanations
 * measure each feature's pull. */
typedef struct xp_logit {
	double bias, w[XP_CONF_MAXFEAT], mean[XP_CONF_MAXFEAT];   /* the first xp_nfeat() (feat.h) are used */
} xp_logit;

double xp_logit_prob(const xp_logit *m, const float *x);

/* The models of one target language. */
struct xp_lex;
typedef struct xp_conf_lang {
	char lang[16];       /* a pack's code (lang/lang.h), or "*" */
	xp_logit projected, null;
	/* the projected model's level for the agreeing class (xp_conf_agreeing):
	 * a shift of its log-odds set on human corrections (`calibrate
	 * --level-kinds agreeing`), 0 if the file has none */
	double agree_level;
	/* the null model's level ("null":{"level":{"shift":S}}, `calibrate
	 * --level-*`): already in its bias, kept to say it in explanations;
	 * 0 if the file has none */
	double null_level;
	struct xp_lex *lex;  /* the reference's words at mention ends (lexicon.h), NULL if the model has none */
} xp_conf_lang;

typedef struct xp_conf_model {
	xp_conf_lang *v;
	size_t n;
} xp_conf_model;

/* A model file's text (name for errors): {"version":1,"models":{"CODE":
 * {"projected":{"bias":B,"weights":{"link_mean":W,...}},"null":{...}},...}}
 * The projected model may have "class_level":{"class":"agreeing","shift":S}
 * (xp_conf_lang agree_level; its other members say what it was set on).
 * A language may also have "lexicon":{"occurrences":{WORD:N,...},"ends":
 * {WORD:E,...}} (lexicon.h: each word's count in the reference and how many
 * mentions end on it; a word without "ends" has none).  Other members (how it
 * was fitted) are kept by the writer, ignored here. */
int xp_conf_parse(const char *name, const char *text, size_t len, xp_conf_model *m, xp_err *err);
int xp_conf_load(const char *path, xp_conf_model *m, xp_err *err);
/* The compiled-in models: every pack's (lang/lang.h calibration), as one
 * model (no "*": a language without a pack model gets none). */
int xp_conf_default(xp_conf_model *m, xp_err *err);
void xp_conf_free(xp_conf_model *m);
/* The models for a target language (CODE-Hans uses CODE's), else "*", else NULL. */
const xp_conf_lang *xp_conf_for(const xp_conf_model *m, const char *lang);

/* The confidence of a mention (see above) from its features.  kind: 0 a
 * projection, 1 a null that could be recovered, 2 a null with no target
 * text (confidence 1). */
enum { XP_CONF_PROJECTED, XP_CONF_NULL, XP_CONF_NO_TARGET };
double xp_conf_of(const xp_conf_lang *m, int kind, const float *x);

/* The agreeing class: an English pronoun projected onto a word that stands
 * for it by its ending only, a verb pro-drop found or a verb or clitic the
 * links gave (features prodrop, pron_agree).  MMC's silver seldom marks such
 * a word, so `calibrate --pu-agreeing` fits the class as positive-
 * unlabelled, and a model's agree_level shifts its log-odds alone. */
int xp_conf_agreeing(const float *x);

/* The features that moved a mention's probability most: up to k of them
 * as "name=value (+contribution)" pieces joined by ", ", into out; then,
 * where a level set on human labels applies (the agreeing class's to a
 * projection of that class, the null model's to a null), which one, its
 * shift and the confidence without and with it: "; agreeing class's level
 * +0.49 on the log-odds: confidence 0.62 -> 0.73". */
void xp_conf_explain(const xp_conf_lang *m, int kind, const float *x, int k, xp_buf *out);

#endif
