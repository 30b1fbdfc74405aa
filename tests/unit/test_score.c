/* tests/unit/test_score.c — each metric on hand-built cases, the scorer's
 * repeated-span rules, BLANC's closed form against brute force, and the
 * assignment solver against exhaustive search. */
#include "evalutil.h"
#include "eval/metrics.h"
#include "eval/score.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A one-utterance document of 40 tokens; spec: "start end label;..." */
static void make_doc(xp_corpus *c, const char *spec)
{
	xp_doc *d = xp_corpus_add_doc(c, "d", 1, 0);
	const char *w[40];
	size_t l[40];
	for (int i = 0; i < 40; i++)
		w[i] = "w", l[i] = 1;
	assert_non_null(xp_doc_add_utt(c, d, "S", w, l, 40));
	int s, e, lab, n;
	while (spec && sscanf(spec, "%d %d %d%n", &s, &e, &lab, &n) == 3) {
		long k = xp_doc_cluster(d, lab);
		assert_int_equal(xp_doc_add_mention(d, 0, (uint32_t)s, (uint32_t)e, (uint32_t)k, 0), 0);
		spec += n;
		while (*spec == ';' || *spec == ' ')
			spec++;
	}
	assert_int_equal(xp_doc_finish(d, 1, NULL, NULL), 0);
}

static xp_scores score(const char *key, const char *resp)
{
	xp_corpus k = {0}, r = {0};
	make_doc(&k, key);
	make_doc(&r, resp);
	xp_scores s = {0};
	assert_int_equal(xp_score_doc(&k.docs[0], &r.docs[0], XP_ALL_METRICS, &s), 0);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
	return s;
}

static void identical_is_perfect(void **state)
{
	(void)state;
	const char *k = "0 1 1; 2 4 1; 5 6 2; 7 8 2; 9 10 2; 11 12 3";
	xp_scores s = score(k, k);
	for (int m = 0; m < XP_NMETRICS; m++) {
		double r, p, f;
		xp_prf(&s, (xp_metric)m, &r, &p, &f);
		NEAR(f, 1);
	}
	NEAR(xp_conll_f1(&s), 1);
}

static void empty_response(void **state)
{
	(void)state;
	xp_corpus k = {0};
	make_doc(&k, "0 1 1; 2 3 1; 4 5 2");
	xp_scores s = {0};
	assert_int_equal(xp_score_doc(&k.docs[0], NULL, XP_ALL_METRICS, &s), 0);
	rp_is(&s.m[XP_MENTIONS], 0, 3, 0, 0);
	rp_is(&s.m[XP_MUC], 0, 1, 0, 0);
	rp_is(&s.m[XP_BCUB], 0, 3, 0, 0);
	rp_is(&s.m[XP_CEAFE], 0, 2, 0, 0);
	rp_is(&s.m[XP_LEA], 0, 3, 0, 0);
	assert_int_equal(s.missing, 1);
	double r, p, f;
	xp_prf(&s, XP_BLANC, &r, &p, &f);
	NEAR(f, 0);
	xp_corpus_free(&k);
}

static void empty_key(void **state)
{
	(void)state;
	xp_scores s = score("", "0 1 1; 2 3 1");
	rp_is(&s.m[XP_MENTIONS], 0, 0, 0, 2);
	rp_is(&s.m[XP_MUC], 0, 0, 0, 1);
	rp_is(&s.m[XP_BCUB], 0, 0, 0, 2);
	rp_is(&s.m[XP_CEAFM], 0, 0, 0, 2);
	double r, p, f;
	xp_prf(&s, XP_BLANC, &r, &p, &f);
	NEAR(r, 0);
	NEAR(f, 0);
}

static void all_singletons(void **state)
{
	(void)state;
	const char *k = "0 1 1; 2 3 2; 4 5 3; 6 7 4";
	xp_scores s = score(k, k);
	rp_is(&s.m[XP_MUC], 0, 0, 0, 0);       /* MUC sees no link at all */
	rp_is(&s.m[XP_BCUB], 4, 4, 4, 4);
	rp_is(&s.m[XP_CEAFE], 4, 4, 4, 4);
	rp_is(&s.m[XP_LEA], 4, 4, 4, 4);       /* singletons: one self-link each */
	rp_is(&s.blanc_coref, 0, 0, 0, 0);
	rp_is(&s.blanc_noncoref, 6, 6, 6, 6);
	double r, p, f;
	xp_prf(&s, XP_BLANC, &r, &p, &f);     /* only non-coreference links count */
	NEAR(f, 1);
}

static void one_giant_entity_vs_singletons(void **state)
{
	(void)state;
	xp_scores s = score("0 1 1; 2 3 1; 4 5 1; 6 7 1; 8 9 1", "0 1 1; 2 3 2; 4 5 3; 6 7 4; 8 9 5");
	rp_is(&s.m[XP_MENTIONS], 5, 5, 5, 5);
	rp_is(&s.m[XP_MUC], 0, 4, 0, 0);
	rp_is(&s.m[XP_BCUB], 1, 5, 5, 5);      /* each mention: 1/5 of its key entity */
	rp_is(&s.m[XP_CEAFM], 1, 5, 1, 5);
	rp_is(&s.m[XP_CEAFE], 1.0 / 3, 1, 1.0 / 3, 5);
	rp_is(&s.m[XP_LEA], 0, 5, 0, 5);
	rp_is(&s.blanc_coref, 0, 10, 0, 0);
	rp_is(&s.blanc_noncoref, 0, 0, 0, 10);
	double r, p, f;
	xp_prf(&s, XP_BLANC, &r, &p, &f);      /* key has only coreference links */
	NEAR(r, 0);
	NEAR(f, 0);
}

/* Vilain et al. 1995: key {A B C D}, response {A B} {C D}: R 2/3, P 2/2. */
static void muc_paper_example(void **state)
{
	(void)state;
	xp_scores s = score("0 1 1; 2 3 1; 4 5 1; 6 7 1", "0 1 1; 2 3 1; 4 5 2; 6 7 2");
	rp_is(&s.m[XP_MUC], 2, 3, 2, 2);
	/* B3: every response mention sees 2 of its key entity of 4 */
	rp_is(&s.m[XP_BCUB], 2, 4, 4, 4);
	/* LEA: key entity keeps 1+1 of its 6 links; each response entity 1 of 1 */
	rp_is(&s.m[XP_LEA], 4 * (2.0 / 6), 4, 4, 4);
	/* CEAFe: best pairing gives one response entity: 2*2/(4+2) */
	rp_is(&s.m[XP_CEAFE], 2.0 / 3, 1, 2.0 / 3, 2);
}

/* The reference scorer's rules for a span in two clusters (MMC has them):
 * key: A B in 1, B C in 2; response the same.  The response's second B
 * matches the key and is dropped; the key looks B up in its last cluster. */
static void repeated_spans_follow_reference(void **state)
{
	(void)state;
	const char *k = "0 1 1; 2 3 1; 2 3 2; 4 5 2";
	xp_scores s = score(k, k);
	rp_is(&s.m[XP_MENTIONS], 3, 3, 3, 3);
	rp_is(&s.m[XP_MUC], 0, 2, 0, 1);       /* {A B} spans key clusters 1 and 2 */
	rp_is(&s.m[XP_CEAFM], 3, 4, 3, 3);
	/* a span repeated but not in the key is kept in both clusters */
	xp_scores t = score("0 1 1", "0 1 1; 8 9 1; 8 9 2; 10 11 2");
	rp_is(&t.m[XP_MENTIONS], 1, 1, 1, 3);
	rp_is(&t.m[XP_MUC], 0, 0, 0, 2);
}

/* A span in two clusters, every metric (issue 32, D9: LEA precision was
 * 200%).  The figures are those of the reference scorer with LEA
 * (Moosavi's scorer.pl, v8.01 plus LEA) on the same two documents: key A B
 * in clusters 1 and 2 both, response A B in one cluster. */
static void span_in_two_clusters_every_metric(void **state)
{
	(void)state;
	const char *two = "0 1 1; 1 2 1; 0 1 2; 1 2 2", *one = "0 1 1; 1 2 1";
	xp_scores s = score(two, one);
	rp_is(&s.m[XP_MENTIONS], 2, 2, 2, 2);
	rp_is(&s.m[XP_MUC], 1, 2, 1, 1);
	rp_is(&s.m[XP_BCUB], 2, 4, 2, 2);
	rp_is(&s.m[XP_CEAFM], 2, 4, 2, 2);
	rp_is(&s.m[XP_CEAFE], 1, 2, 1, 1);
	rp_is(&s.m[XP_LEA], 4, 4, 2, 2);      /* was 4/4, 4/2 */
	double r, p, f;
	xp_prf(&s, XP_BLANC, &r, &p, &f);
	NEAR(r, 0.5);
	NEAR(p, 0.5);
	assert_int_equal(s.repeated, 1);
	/* the other way round: the response's second A and B are dropped */
	xp_scores t = score(one, two);
	for (int m = 0; m < XP_NMETRICS; m++) {
		xp_prf(&t, (xp_metric)m, &r, &p, &f);
		NEAR(f, 1);
	}
	assert_int_equal(t.repeated, 1);
	/* one span pair in 300 clusters (the 20,000 gave 2,000,000%) */
	char big[8192];
	size_t n = 0;
	for (int c = 1; c <= 300; c++)
		n += (size_t)snprintf(big + n, sizeof big - n, "0 1 %d; 1 2 %d; ", c, c);
	xp_scores u = score(big, one);
	rp_is(&u.m[XP_LEA], 600, 600, 2, 2);
	for (int m = 0; m < XP_NMETRICS; m++) {
		xp_prf(&u, (xp_metric)m, &r, &p, &f);
		assert_true(r >= 0 && r <= 1 + 1e-12 && p >= 0 && p <= 1 + 1e-12 && f >= 0 && f <= 1 + 1e-12);
	}
}

/* Whatever spans repeat, on either side, every metric stays in [0, 1]. */
static void repeated_spans_stay_in_range(void **state)
{
	(void)state;
	unsigned seed = 7;
	for (int it = 0; it < 400; it++) {
		char k[1024] = "", r[1024] = "";
		char *side[2] = {k, r};
		for (int x = 0; x < 2; x++) {
			size_t n = 0;
			int nm = 1 + (int)(seed = seed * 1103515245u + 12345u, (seed >> 16) % 12);
			for (int i = 0; i < nm; i++) {
				seed = seed * 1103515245u + 12345u;
				int s0 = (int)((seed >> 16) % 5), cl = 1 + (int)((seed >> 8) % 3);
				n += (size_t)snprintf(side[x] + n, 1024 - n, "%d %d %d; ", s0, s0 + 1, cl);
			}
		}
		xp_scores s = score(k, r);
		for (int m = 0; m < XP_NMETRICS; m++) {
			double rr, p, f;
			xp_prf(&s, (xp_metric)m, &rr, &p, &f);
			if (!(rr >= 0 && rr <= 1 + 1e-12 && p >= 0 && p <= 1 + 1e-12 && f >= 0 && f <= 1 + 1e-12))
				fail_msg("%s out of range (R %g P %g F %g): key %s response %s", xp_metric_name((xp_metric)m),
					 rr, p, f, k, r);
		}
	}
}

/* --- BLANC's closed form against counting every pair --------------------- */

static unsigned rnd(unsigned *s) { return *s = *s * 1103515245u + 12345u, (*s >> 16) & 0x7fff; }

static void random_spec(unsigned *seed, char *buf, size_t n, int nm, int ncl)
{
	buf[0] = 0;
	int used[40] = {0};
	for (int i = 0; i < nm; i++) {
		int t = (int)(rnd(seed) % 40);
		if (used[t])
			continue;
		used[t] = 1;
		char one[32];
		snprintf(one, sizeof one, "%d %d %d;", t, t + 1, (int)(rnd(seed) % ncl));
		strncat(buf, one, n - strlen(buf) - 1);
	}
}

/* label of token t in spec, or -1 */
static int label_at(const xp_doc *d, uint32_t t)
{
	for (size_t m = 0; m < d->nmentions; m++)
		if (d->mentions[m].start == t)
			return (int)d->mentions[m].cluster;
	return -1;
}

static void blanc_closed_form_matches_brute_force(void **state)
{
	(void)state;
	unsigned seed = 7;
	for (int round = 0; round < 300; round++) {
		char ks[2048], rs[2048];
		random_spec(&seed, ks, sizeof ks, (int)(rnd(&seed) % 30), 1 + (int)(rnd(&seed) % 8));
		random_spec(&seed, rs, sizeof rs, (int)(rnd(&seed) % 30), 1 + (int)(rnd(&seed) % 8));
		xp_corpus k = {0}, r = {0};
		make_doc(&k, ks);
		make_doc(&r, rs);
		xp_scores s = {0};
		assert_int_equal(xp_score_doc(&k.docs[0], &r.docs[0], XP_ALL_METRICS, &s), 0);
		double kc = 0, kn = 0, rc = 0, rn = 0, cc = 0, nn = 0;
		for (uint32_t a = 0; a < 40; a++)
			for (uint32_t b = a + 1; b < 40; b++) {
				int ka = label_at(&k.docs[0], a), kb = label_at(&k.docs[0], b);
				int ra = label_at(&r.docs[0], a), rb = label_at(&r.docs[0], b);
				int kin = ka >= 0 && kb >= 0, rin = ra >= 0 && rb >= 0;
				kc += kin && ka == kb, kn += kin && ka != kb;
				rc += rin && ra == rb, rn += rin && ra != rb;
				cc += kin && rin && ka == kb && ra == rb;
				nn += kin && rin && ka != kb && ra != rb;
			}
		rp_is(&s.blanc_coref, cc, kc, cc, rc);
		rp_is(&s.blanc_noncoref, nn, kn, nn, rn);
		xp_corpus_free(&k);
		xp_corpus_free(&r);
	}
}

/* --- the assignment solver against every permutation ----------------------- */

static double brute(const double *w, int n, int m, int row, unsigned used)
{
	if (row == n)
		return 0;
	double best = -1;
	for (int j = 0; j < m; j++)
		if (!(used & 1u << j)) {
			double v = w[row * m + j] + brute(w, n, m, row + 1, used | 1u << j);
			best = v > best ? v : best;
		}
	return best;
}

static void assignment_is_optimal(void **state)
{
	(void)state;
	unsigned seed = 11;
	for (int round = 0; round < 500; round++) {
		int n = 1 + (int)(rnd(&seed) % 6), m = n + (int)(rnd(&seed) % 3);
		double w[64];
		for (int i = 0; i < n * m; i++)
			w[i] = rnd(&seed) % 4 ? (rnd(&seed) % 100) / 7.0 : 0;
		double got, sum = 0;
		int col[8];
		unsigned used = 0;
		assert_int_equal(xp_assign_max(w, n, m, &got, col), 0);
		NEAR(got, brute(w, n, m, 0, 0));
		for (int i = 0; i < n; i++) {   /* the pairing itself: one-to-one, and worth the total */
			assert_true(col[i] >= 0 && col[i] < m && !(used & 1u << col[i]));
			used |= 1u << col[i];
			sum += w[i * m + col[i]];
		}
		NEAR(sum, got);
	}
}

/* A document of sentences given as words split by spaces, '|' between
 * sentences, and one mention (cluster 1) on the first word of each. */
static void text_doc(xp_corpus *c, const char *id, const char *text)
{
	xp_doc *d = xp_corpus_add_doc(c, id, strlen(id), 0);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", text);
	for (char *save = NULL, *s = strtok_r(buf, "|", &save); s; s = strtok_r(NULL, "|", &save)) {
		const char *w[16];
		size_t l[16], n = 0;
		for (char *s2 = NULL, *x = strtok_r(s, " ", &s2); x && n < 16; x = strtok_r(NULL, " ", &s2))
			w[n] = x, l[n] = strlen(x), n++;
		assert_non_null(xp_doc_add_utt(c, d, "S", w, l, (uint32_t)n));
		long k = xp_doc_cluster(d, 1);
		assert_int_equal(xp_doc_add_mention(d, (uint32_t)d->nutts - 1, 0, 1, (uint32_t)k, 0), 0);
	}
	assert_int_equal(xp_doc_finish(d, 1, NULL, NULL), 0);
}

/* score --strict / --matching-only: sentences compared token for token, by
 * index; the copies hold only the sentences that match, with their mentions */
static void sentences_compared(void **state)
{
	(void)state;
	xp_corpus k = {0}, r = {0}, ko = {0}, ro = {0};
	text_doc(&k, "a", "I saw her|she left|we stayed");
	text_doc(&k, "b", "hi there");
	text_doc(&r, "a", "I saw her|she went away|we stayed|and more");
	xp_sent_match m;
	xp_err e;
	assert_int_equal(xp_sent_compare(&k, &r, &m, NULL, NULL, &e), 0);
	assert_int_equal(m.documents, 1);
	assert_int_equal(m.sentences, 3);
	assert_int_equal(m.differ, 1);
	assert_int_equal(m.resp_extra, 1);
	assert_int_equal(m.key_mentions, 1);
	assert_int_equal(m.resp_mentions, 2);   /* the differing sentence's and the extra one's */
	assert_string_equal(m.first_doc, "a");
	assert_int_equal(m.first_sent, 1);
	assert_int_equal(m.missing_docs, 1);
	assert_int_equal(m.missing_sentences, 1);
	assert_int_equal(xp_sent_compare(&k, &r, &m, &ko, &ro, &e), 0);
	assert_int_equal(ko.ndocs, 1);
	assert_int_equal(ko.docs[0].nutts, 2);
	assert_int_equal(ro.docs[0].nutts, 2);
	assert_int_equal(ko.docs[0].nmentions, 2);
	assert_int_equal(ro.docs[0].nmentions, 2);
	xp_scores s = {0};
	assert_int_equal(xp_score_doc(&ko.docs[0], &ro.docs[0], XP_ALL_METRICS, &s), 0);
	double rr, p, f;
	xp_prf(&s, XP_MENTIONS, &rr, &p, &f);
	NEAR(f, 1);
	/* the same corpus: nothing differs */
	assert_int_equal(xp_sent_compare(&k, &k, &m, NULL, NULL, &e), 0);
	assert_int_equal(m.differ + m.resp_extra + m.missing_docs, 0);
	xp_corpus_free(&k);
	xp_corpus_free(&r);
	xp_corpus_free(&ko);
	xp_corpus_free(&ro);
}

static void metric_names(void **state)
{
	(void)state;
	assert_int_equal(xp_metric_mask("all"), XP_ALL_METRICS);
	assert_int_equal(xp_metric_mask("ceafe"), 1u << XP_CEAFE);
	assert_int_equal(xp_metric_mask("nope"), 0);
	assert_string_equal(xp_metric_name(XP_LEA), "lea");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identical_is_perfect),
		cmocka_unit_test(empty_response),
		cmocka_unit_test(empty_key),
		cmocka_unit_test(all_singletons),
		cmocka_unit_test(one_giant_entity_vs_singletons),
		cmocka_unit_test(muc_paper_example),
		cmocka_unit_test(repeated_spans_follow_reference),
		cmocka_unit_test(span_in_two_clusters_every_metric),
		cmocka_unit_test(repeated_spans_stay_in_range),
		cmocka_unit_test(blanc_closed_form_matches_brute_force),
		cmocka_unit_test(assignment_is_optimal),
		cmocka_unit_test(metric_names),
		cmocka_unit_test(sentences_compared),
	};
	return cmocka_run_group_tests_name("score", tests, NULL, NULL);
}
