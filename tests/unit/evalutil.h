/*
 * tests/unit/evalutil.h — helpers of the eval/ unit tests: documents built
 * from a short text spec, and comparisons of score counts.
 */
#ifndef XP_EVALUTIL_H
#define XP_EVALUTIL_H

#include "testutil.h"
#include "eval/score.h"

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static inline void rp_is(const xp_rp *x, double rn, double rd, double pn, double pd)
{
	NEAR(x->rn, rn);
	NEAR(x->rd, rd);
	NEAR(x->pn, pn);
	NEAR(x->pd, pd);
}

/* Add document `id` (part 0) with utterances given as space-separated words
 * ("_" stands for a word that is one space, as MMC has) separated by '/',
 * speaker "S" and source line 10 * n for utterance n (1-based), and
 * mentions "utt start end label; ..." (half-open token spans). */
static inline xp_doc *add_doc(xp_corpus *c, const char *id, const char *utts, const char *ments)
{
	xp_doc *d = xp_corpus_add_doc(c, id, strlen(id), 0);
	assert_non_null(d);
	char buf[2048];
	snprintf(buf, sizeof buf, "%s", utts);
	char *save = NULL;
	for (char *u = strtok_r(buf, "/", &save); u; u = strtok_r(NULL, "/", &save)) {
		const char *w[128];
		size_t l[128];
		uint32_t n = 0;
		char *s2 = NULL;
		for (char *t = strtok_r(u, " ", &s2); t && n < 128; t = strtok_r(NULL, " ", &s2)) {
			w[n] = strcmp(t, "_") ? t : " ";
			l[n] = strlen(w[n]);
			n++;
		}
		assert_non_null(xp_doc_add_utt(c, d, "S", w, l, n));
		d->utts[d->nutts - 1].line = (uint32_t)(10 * d->nutts);
	}
	int uu, s, e, lab, k;
	while (ments && sscanf(ments, "%d %d %d %d%n", &uu, &s, &e, &lab, &k) == 4) {
		long cl = xp_doc_cluster(d, lab);
		assert_true(cl >= 0);
		assert_int_equal(xp_doc_add_mention(d, (uint32_t)uu, (uint32_t)s, (uint32_t)e, (uint32_t)cl, 0), 0);
		ments += k;
		while (*ments == ';' || *ments == ' ')
			ments++;
	}
	assert_int_equal(xp_doc_finish(d, 1, NULL, NULL), 0);
	return d;
}

#endif
