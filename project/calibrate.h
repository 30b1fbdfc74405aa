/*
 * project/calibrate.h — fitting the confidence model (confidence.h) on
 * judged projections (pipeline/label.h), and measuring how well confidences and a
 * correction queue do: reliability by confidence bin, the area under the
 * precision-recall curve, the share of errors found at the top of a queue,
 * and the reliability diagram as SVG.
 */
#ifndef XP_CALIBRATE_H
#define XP_CALIBRATE_H

#include "confidence.h"
#include "feat.h"

/* One labelled example: features, label (1 = the event the model predicts:
 * right for a projection, recoverable for a null) and a weight. */
typedef struct xp_example {
	const float *x;
	int y;
	double w;
} xp_example;

/* L2-penalised logistic regression by Newton's method (the bias is not
 * penalised); mean gets the weighted feature means.  XP_EINPUT when there is
 * nothing to fit (no example, or one class only). */
int xp_logit_fit(const xp_example *ex, size_t n, double l2, xp_logit *out, xp_err *err);

/* Positive-unlabelled classes (Elkan and Noto, "Learning classifiers from
 * only positive and unlabeled data", KDD 2008).  A reference may leave a
 * kind of mention out most of the time whether or not it is right: MMC's
 * Farsi silver seldom marks a verb or clitic that stands for a dropped
 * pronoun, so it calls such a projection wrong where a corrector keeps it.
 * For the examples of such a class k (cls[i] = k > 0) the reference's
 * "right" is trusted and its "wrong" is not: it marks a right one with a
 * constant probability c[k] (the label frequency) and a wrong one never.
 *
 * xp_pu_label_freq: c[k] estimated from the data alone, as the mean of
 * g(x) = P(the reference says right | x) over the class's examples it says
 * right (g: a model fitted on the labels as they are): where the features
 * leave no doubt that a projection is right, g(x) = c[k].  The estimate is
 * low when they do leave doubt, which errs towards more confidence in the
 * class.  0 if the class has no positive.
 *
 * xp_logit_fit_pu: the model of the truth, P(right | x), by EM: each
 * example of a class k that the reference says wrong is right with
 * posterior q = p (1 - c) / (p (1 - c) + 1 - p), p the current model's, and
 * enters the fit as a right one of weight q and a wrong one of weight
 * 1 - q; repeated until no q moves by 1e-6 (at most 200 rounds).  Examples
 * of class 0 are fitted as they are.  ex is not changed. */
double xp_pu_label_freq(const xp_logit *g, const xp_example *ex, size_t n, const uint8_t *cls, int k);
int xp_logit_fit_pu(const xp_example *ex, size_t n, const uint8_t *cls, const double *c, double l2, xp_logit *out,
		    xp_err *err);

/* Reliability: predicted probabilities against outcomes in ten bins of
 * width 0.1 (the last one closed). */
typedef struct xp_reliab {
	size_t n[10];
	double pred[10], obs[10];   /* means; 0 in empty bins */
	size_t total;
	double brier;               /* mean squared error of the predictions */
	double ece;                 /* items-weighted mean |pred - obs| over bins */
} xp_reliab;
void xp_reliab_add(xp_reliab *r, double p, int y);
void xp_reliab_finish(xp_reliab *r);
/* The largest |pred - obs| over bins with at least min_items items, -1 if none. */
double xp_reliab_worst(const xp_reliab *r, size_t min_items);

/* The worst gap by chance alone: the outcomes of the n items drawn `draws`
 * times from their own predictions p[i] (a perfectly calibrated confidence
 * on the same items), and the median and 90th percentile of the worst gap
 * (xp_reliab_worst, min_items) over the draws into q[0], q[1].  A bin of 30
 * items has a standard error of up to 0.09, so the worst of several such
 * bins is often above 0.1 with nothing wrong; this says how often.  The
 * draws are seeded, so the figures repeat.  XP_ENOMEM. */
int xp_reliab_chance(const double *p, size_t n, size_t min_items, unsigned draws, double q[2]);

/* A ranking's quality for finding positives: score[i] high = early.  Ties
 * are broken by index (the caller's order). */
typedef struct xp_rank_stats {
	size_t items, positives;
	double top[3];              /* share of positives in the first 10%, 25%, 50% */
	double ap;                  /* average precision = area under the PR curve (step rule) */
} xp_rank_stats;
/* positive[i] for the items in queue order (the first is the top). */
void xp_rank_stats_of(const uint8_t *positive, size_t n, xp_rank_stats *s);

/* A reliability diagram: each series its own colour, a point per bin with
 * at least one item (area by its items), the diagonal, axes with ticks.
 * title and the series names are escaped. */
typedef struct xp_plot_series {
	const char *name;
	const xp_reliab *r;
} xp_plot_series;
void xp_reliab_svg(const char *title, const xp_plot_series *s, size_t ns, xp_buf *out);

#endif
