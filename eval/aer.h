/*
 * eval/aer.h — alignment error rate (Och & Ney 2003) against a gold
 * alignment with sure (S) and possible (P) links, S ⊆ P:
 *   precision = |A∩P| / |A|,  recall = |A∩S| / |S|,
 *   AER = 1 - (|A∩S| + |A∩P|) / (|A| + |S|),
 * counts summed over all sentences.  Test links count as given (sure or
 * possible alike); repeated links count once.
 */
#ifndef XP_AER_H
#define XP_AER_H

#include "../io/walign.h"

typedef struct xp_aer_counts {
	size_t a, s, a_s, a_p, sentences;
} xp_aer_counts;

/* gold and test must hold the same number of sentences; both are
 * normalised (sorted, deduplicated) in place. */
int xp_aer(xp_walign *gold, xp_walign *test, xp_aer_counts *c, xp_err *err);
void xp_aer_figures(const xp_aer_counts *c, double *precision, double *recall, double *aer);

#endif
