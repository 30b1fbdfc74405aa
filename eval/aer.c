/* eval/aer.c — see aer.h.  Both sides sorted by (i, j): one merge per sentence. */
#include "aer.h"

int xp_aer(xp_walign *gold, xp_walign *test, xp_aer_counts *c, xp_err *err)
{
	if (gold->nsent != test->nsent)
		return xp_failc(err, XP_EINPUT, "", 0, "the gold has %zu sentences, the test %zu", gold->nsent,
			       test->nsent);
	xp_walign_normalize(gold);
	xp_walign_normalize(test);
	*c = (xp_aer_counts){.sentences = gold->nsent};
	for (size_t s = 0; s < gold->nsent; s++) {
		size_t g = gold->start[s], ge = gold->start[s + 1];
		size_t t = test->start[s], te = test->start[s + 1];
		c->a += te - t;
		for (size_t k = g; k < ge; k++)
			c->s += !gold->links[k].possible;
		while (g < ge && t < te) {
			const xp_link *x = &gold->links[g], *y = &test->links[t];
			if (x->i < y->i || (x->i == y->i && x->j < y->j)) {
				g++;
			} else if (y->i < x->i || (y->i == x->i && y->j < x->j)) {
				t++;
			} else {
				c->a_p++;
				c->a_s += !x->possible;
				g++, t++;
			}
		}
	}
	return 0;
}

void xp_aer_figures(const xp_aer_counts *c, double *precision, double *recall, double *aer)
{
	*precision = c->a ? (double)c->a_p / c->a : 0;
	*recall = c->s ? (double)c->a_s / c->s : 0;
	*aer = c->a + c->s ? 1 - (double)(c->a_s + c->a_p) / (double)(c->a + c->s) : 0;
}
