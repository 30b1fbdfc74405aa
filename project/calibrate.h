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
