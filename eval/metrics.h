/*
 * eval/metrics.h — the metrics over a document pair (chains.h), each adding
 * its numerators and denominators into an xp_scores.  Internal to eval/.
 */
#ifndef XP_METRICS_H
#define XP_METRICS_H

#include "chains.h"
#include "score.h"

int xp_muc(const xp_pair *p, xp_rp *out);
int xp_bcub(const xp_pair *p, xp_rp *out);
int xp_lea(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *out);
int xp_blanc(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *coref, xp_rp *noncoref);
int xp_ceaf(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *ceafm, xp_rp *ceafe);

/* Maximum total weight of a one-to-one assignment of the rows of the
 * n x m matrix w (row-major, n <= m) to its columns.  -1 on OOM. */
int xp_assign_max(const double *w, int n, int m, double *best);

#endif
