/* tests/unit/test_mention_pairs.c — matching a target corpus' clusters to
 * its English ones, and the span pairs that come out, on hand-made scenes. */
#include "testutil.h"
#include "align/mention_pairs.h"
#include "io/conll.h"

/* A document of sentences "speaker|w w w"; a word "w#(3" carries the
 * coreference column after '#'. */
static void doc(xp_buf *b, const char *id, const char *const *sents, size_t n)
{
	xp_buf_printf(b, "#begin document (%s); part 000\n", id);
	for (size_t s = 0; s < n; s++) {
		char tmp[1024];
		snprintf(tmp, sizeof tmp, "%s", sents[s]);
		char *spk = tmp, *words = strchr(tmp, '|'), *save = NULL;
		*words++ = 0;
		int k = 0;
		for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			char *c = strchr(w, '#');
			if (c)
				*c++ = 0;
			xp_buf_printf(b, "%s\t0\t%d\t%s\tna\tna\tna\tna\tna\t%s\tna\tna\tna\t%s\n", id, k++, w, spk,
				      c ? c : "-");
		}
		xp_buf_putc(b, '\n');
	}
	xp_buf_puts(b, "#end document\n");
}

static void read_doc(const char *const *sents, size_t n, xp_corpus *c)
{
	xp_buf b = {0};
	xp_err e = {0};
	doc(&b, "d", sents, n);
	memset(c, 0, sizeof *c);
	assert_int_equal(xp_conll_read("mem", b.p, b.n, NULL, c, &e), 0);
	xp_buf_free(&b);
}

/* the span pairs of en and tg, lines joined by '\n' (static buffer) */
static const char *pairs(const char *const *en, size_t ne, const char *const *tg, size_t nt, const char *lang,
			 xp_pair_tokens tokens, xp_mpairs_stats *st)
{
	static char out[4096];
	xp_corpus E, T;
	read_doc(en, ne, &E);
	read_doc(tg, nt, &T);
	xp_pair_opts o;
	xp_pair_defaults(&o);
	o.tgt_lang = lang;
	o.tokens = tokens;
	xp_buf b = {0};
	xp_err e = {0};
	assert_int_equal(xp_mention_pairs(&E, &T, &o, &b, st, &e), 0);
	snprintf(out, sizeof out, "%.*s", (int)b.n, b.p ? b.p : "");
	/* every target mention is written, ambiguous or skipped */
	assert_int_equal(st->written + st->ambiguous + st->skipped, st->tgt_mentions);
	xp_buf_free(&b);
	xp_corpus_free(&E), xp_corpus_free(&T);
	return out;
}

/* The label each target cluster got (its English cluster's label), or
 * -1 none, -2 ambiguous, as "l0 l1 ...", target clusters in label order. */
static const char *matching(const char *const *en, size_t ne, const char *const *tg, size_t nt,
			    const int32_t *tgt_of, xp_cmatch_stats *st)
{
	static char out[256];
	xp_corpus E, T;
	read_doc(en, ne, &E);
	read_doc(tg, nt, &T);
	const xp_doc *e = &E.docs[0], *t = &T.docs[0];
	int32_t match[64];
	assert_true(t->nclusters <= 64);
	memset(st, 0, sizeof *st);
	assert_int_equal(xp_cluster_match(e, t, tgt_of, match, st), 0);
	size_t k = 0;
	out[0] = 0;
	for (long long l = 0; l < 64; l++)
		for (size_t c = 0; c < t->nclusters; c++)
			if (t->clusters[c].label == l)
				k += (size_t)snprintf(out + k, sizeof out - k, "%s%lld", k ? " " : "",
						      match[c] >= 0 ? e->clusters[match[c]].label : (long long)match[c]);
	xp_corpus_free(&E), xp_corpus_free(&T);
	return out;
}

/* MMC's numbering: the target's clusters 0, 1, 2 are the English 0, 2, 3
 * (cluster 1, "the bag", lost every mention), and the target's own first
 * appearance order (2 before 0) does not matter. */
static const char *const EN1[] = {
	"Ross|Ross#(0) took the#(1 bag#1) .",
	"Rachel|Monica#(2) saw him#(0) .",
	"Ross|I#(0) called Joey#(3) .",
};
static const char *const FA1[] = {
	"Ross|راس#(0) کیف رو برداشت .",
	"Rachel|مونیکا#(1) اونو#(0) دید .",
	"Ross|به جویی#(2) زنگ زدم#(0) .",
};

static void test_renumbered(void **st)
{
	(void)st;
	xp_cmatch_stats cs;
	const int32_t same[] = {0, 1, 2};
	assert_string_equal(matching(EN1, 3, FA1, 3, same, &cs), "0 2 3");
	assert_int_equal(cs.clusters, 3);
	assert_int_equal(cs.matched, 3);
	xp_mpairs_stats ms;
	assert_string_equal(pairs(EN1, 3, FA1, 3, "fa", XP_PAIR_TOKENS_FILE, &ms),
			    "Ross ||| راس\nMonica ||| مونیکا\nhim ||| اونو\nJoey ||| جویی\nI ||| زدم\n");
	assert_int_equal(ms.written, 5);
	assert_int_equal(ms.tgt_mentions, 5);
}

/* xproj's own files keep the English labels: the same matching */
static void test_same_labels(void **st)
{
	(void)st;
	static const char *const fa[] = {
		"Ross|راس#(0) کیف#(1) رو برداشت .",
		"Rachel|مونیکا#(2) اونو#(0) دید .",
		"Ross|به جویی#(3) زنگ زدم .",
	};
	xp_cmatch_stats cs;
	const int32_t same[] = {0, 1, 2};
	assert_string_equal(matching(EN1, 3, fa, 3, same, &cs), "0 1 2 3");
	/* a target sentence paired with no utterance gives no evidence: "the
	 * bag" then has nothing to go with (Ross still has the second line) */
	const int32_t lost[] = {-1, 1, 2};
	assert_string_equal(matching(EN1, 3, fa, 3, lost, &cs), "0 -1 2 3");
	assert_int_equal(cs.unmatched, 1);
}

/* Three English singletons, two target ones, nothing around: which English
 * one was lost cannot be told, and neither target cluster is used. */
static void test_ambiguous_clusters(void **st)
{
	(void)st;
	static const char *const en[] = {"Ross|Ross#(0) gave Monica#(1) the#(2 bag#2) ."};
	static const char *const fa[] = {"Ross|راس#(0) به مونیکا#(1) داد ."};
	xp_cmatch_stats cs;
	const int32_t one[] = {0};
	assert_string_equal(matching(en, 1, fa, 1, one, &cs), "-2 -2");
	assert_int_equal(cs.ambiguous, 2);
	/* a second sentence that has only Ross and Monica settles it: the
	 * chains through it are heavier */
	static const char *const en2[] = {"Ross|Ross#(0) gave Monica#(1) the#(2 bag#2) .", "Ross|Ross#(0) hugs Monica#(1) ."};
	static const char *const fa2[] = {"Ross|راس#(0) به مونیکا#(1) داد .", "Ross|راس#(0) مونیکا#(1) رو بغل میکنه ."};
	const int32_t two[] = {0, 1};
	assert_string_equal(matching(en2, 2, fa2, 2, two, &cs), "0 1");
	xp_mpairs_stats ms;
	assert_string_equal(pairs(en, 1, fa, 1, "fa", XP_PAIR_TOKENS_FILE, &ms), "");
	assert_int_equal(ms.ambiguous, 2);
	assert_int_equal(ms.ambiguous_cluster, 2);
}

/* Within a sentence: two English mentions of one entity that read
 * differently, and two target ones that do too, cannot be told apart;
 * where one side reads the same throughout, the lines are the same
 * whoever goes with whom. */
static void test_ambiguous_mentions(void **st)
{
	(void)st;
	static const char *const en[] = {
		"Ross|I#(0) know my#(0) bag#(1) .",
		"Rachel|You#(0) and you#(0) !",
	};
	static const char *const zh[] = {
		"Ross|我#(0) 知道 自己#(0) 的 包#(1) 。",
		"Rachel|你#(0) 和 你#(0) !",
	};
	xp_mpairs_stats ms;
	assert_string_equal(pairs(en, 2, zh, 2, "zh", XP_PAIR_TOKENS_FILE, &ms), "bag ||| 包\nYou ||| 你\nyou ||| 你\n");
	assert_int_equal(ms.written, 3);
	assert_int_equal(ms.ambiguous, 2);
	assert_int_equal(ms.ambiguous_cluster, 0);
	/* one "you" fewer in the target: one pair, the other target "你" has no partner left */
	static const char *const zh2[] = {"Ross|我#(0) 知道 我#(0) 的 包#(1) 。", "Rachel|你#(0) 和 你#(0) 和 你#(0) !"};
	assert_string_equal(pairs(en, 2, zh2, 2, "zh", XP_PAIR_TOKENS_FILE, &ms),
			    "I ||| 我\nmy ||| 我\nbag ||| 包\nYou ||| 你\nyou ||| 你\n");
	assert_int_equal(ms.skipped, 1);
	assert_int_equal(ms.ambiguous, 0);
}

/* A target mention whose English cluster is not in the paired utterance
 * (a projection across sentences) is skipped. */
static void test_skipped(void **st)
{
	(void)st;
	static const char *const en[] = {
		"Ross|Ross#(0) is here .",
		"Rachel|Joey#(1) ate it#(2) .",
		"Joey|Joey#(1) did it#(2) , Ross#(0) !",
	};
	static const char *const fa[] = {
		"Ross|راس#(0) اینجاست .",
		"Rachel|جویی#(1) خوردش .",
		"Joey|جویی#(1) این#(2) کار رو کرد ، راس#(0) !",
	};
	xp_mpairs_stats ms;
	/* target 2 ("این") co-occurs with English 2 only in the last line */
	assert_string_equal(pairs(en, 3, fa, 3, "fa", XP_PAIR_TOKENS_FILE, &ms),
			    "Ross ||| راس\nJoey ||| جویی\nJoey ||| جویی\nit ||| این\nRoss ||| راس\n");
	static const char *const fa2[] = {
		"Ross|راس#(0) اینجاست .",
		"Rachel|جویی#(1) خوردش#(0) .",
		"Joey|جویی#(1) این#(2) کار رو کرد ، راس#(0) !",
	};
	pairs(en, 3, fa2, 3, "fa", XP_PAIR_TOKENS_FILE, &ms);
	assert_int_equal(ms.skipped, 1);   /* "خوردش" in Ross's cluster: Ross is not in that line */
	assert_int_equal(ms.written, 5);
}

/* Chinese in characters, written as the words of the sentence (what `pair
 * --tokens words` gives the aligner), cut at the span's edges. */
static void test_words(void **st)
{
	(void)st;
	static const char *const en[] = {"Ross|My#(0 brother#0) is fine ."};
	static const char *const zh[] = {"Ross|我#(0 的 哥#0) 哥 很 好 。"};
	xp_mpairs_stats ms;
	const char *w = pairs(en, 1, zh, 1, "zh", XP_PAIR_TOKENS_WORDS, &ms);
	/* ICU's words 我的 哥哥 很好: the span ends inside 哥哥, so only its
	 * first character */
	assert_string_equal(w, "My brother ||| 我的 哥\n");
	assert_int_equal(ms.written, 1);
	assert_int_equal(ms.skipped, 0);
	assert_string_equal(pairs(en, 1, zh, 1, "zh", XP_PAIR_TOKENS_FILE, &ms), "My brother ||| 我 的 哥\n");
}

/* A sentence with more clusters than the matching counts: no evidence
 * from it, and the document still goes through. */
static void test_crowded(void **st)
{
	(void)st;
	static char big_en[4096], big_tg[4096];
	size_t a = (size_t)snprintf(big_en, sizeof big_en, "Ross|"), b = (size_t)snprintf(big_tg, sizeof big_tg, "Ross|");
	for (int k = 0; k < 70; k++) {
		a += (size_t)snprintf(big_en + a, sizeof big_en - a, "w%d#(%d) ", k, k);
		b += (size_t)snprintf(big_tg + b, sizeof big_tg - b, "v%d#(%d) ", k, k);
	}
	const char *en[] = {big_en}, *tg[] = {big_tg};
	xp_corpus E, T;
	read_doc(en, 1, &E);
	read_doc(tg, 1, &T);
	int32_t match[70];
	const int32_t one[] = {0};
	xp_cmatch_stats cs = {0};
	assert_int_equal(xp_cluster_match(&E.docs[0], &T.docs[0], one, match, &cs), 0);
	assert_int_equal(cs.crowded, 1);
	assert_int_equal(cs.unmatched, 70);
	xp_corpus_free(&E), xp_corpus_free(&T);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_renumbered),
		cmocka_unit_test(test_same_labels),
		cmocka_unit_test(test_ambiguous_clusters),
		cmocka_unit_test(test_ambiguous_mentions),
		cmocka_unit_test(test_skipped),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_crowded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
