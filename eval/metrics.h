/*
 * eval/metrics.h — the metrics over a document pair (chains.h), each adding
 * its numerators and denominators into an xp_scores.  Internal to eval/.
 */
#ifndef XP_METRICS_H
#define XP_METRICS_H

#include "../base/assign.h"
#include "chains.h"
#include "score.h"

int xp_muc(const xp_pair *p, xp_rp *out);
int xp_bcub(const xp_pair *p, xp_rp *out);
int xp_lea(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *out);
int xp_blanc(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *coref, xp_rp *noncoref);
int xp_ceaf(const xp_pair *p, const xp_overlap *ov, size_t nov, xp_rp *ceafm, xp_rp *ceafe);


#endif
