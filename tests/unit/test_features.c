/* tests/unit/test_features.c — the confidence features (project/confidence.h)
 * on hand-made projections: the target pronoun in the span (pron_in), a
 * Farsi word agreeing with the pronoun by its ending (pron_agree), a
 * one-character span (one_char), the same English words projected alike in a
 * document (form_seen, form_agree), a Chinese possessive with its 的 (pron_de), the English cluster
 * (cluster, cluster_proj), a pronoun rule that placed the span (rule_pron), agreement with the projections of
 * other seeds' alignments (seed_agree) and with the committee (committee), a Farsi
 * pro-drop span on a verb form (drop_verb) and the agreeing verbs elsewhere in
 * the sentence (verb_rivals), the committee on a Farsi pronoun with a weak
 * link (committee_prodrop), and the Chinese noun phrase's edges (zh_last_word,
 * zh_noun_beside), a possessor Chinese left out (poss_lost) and demonstratives
 * (demonstrative), how often a silver ends a mention on the span's last
 * word (zh_end_lex, on a hand-made table), and the Farsi span's last word
 * against a reference's mention ends (fa_last_word; the lexicon itself:
 * tests/unit/test_lexicon.c), an English plural head on a Farsi span
 * without a plural (fa_number), a Farsi "it" on a demonstrative
 * (pron_in), a Chinese interrogative for what / who (wh_in), a
 * demonstrative the zh_demonstrative rule placed (rule_zh_dem) and another
 * place of the span's words nearer the mention (twin_nearer); and the
 * report's writer kept across documents (report_writer). */
#include "testutil.h"
#include "lang/lang.h"
#include "lang/np.h"
#include "lang/pron.h"
#include "io/conll.h"
#include "project/features.h"
#include "project/lexicon.h"
#include "project/project.h"

#include <jansson.h>

/* a pack's feature by the name the report spells (lang/lang.h xp_lang_feature) */
#define F(name) xp_feat_named(name)

typedef struct setup {
	xp_corpus en;
	xp_aligned al;
	xp_walign wa, alt[2];
	uint32_t *line;
	xp_projection p;
} setup;

/* alt: NULL-terminated Pharaoh texts of other seeds' alignments; probs: the
 * links' posteriors (a prob file's text) or NULL */
static void run_probs(setup *s, const char *conll, const char *aligned, const char *ph, const char *probs,
		      const char *const *alt, const xp_proj_opts *o0)
{
	memset(s, 0, sizeof *s);
	xp_err e = {0};
	xp_proj_opts o = *o0;
	assert_int_equal(xp_conll_read("en", conll, strlen(conll), NULL, &s->en, &e), 0);
	assert_int_equal(xp_aligned_read_mem("al", aligned, strlen(aligned), &s->al, &e), 0);
	assert_int_equal(xp_pharaoh_read("ph", ph, strlen(ph), 0, &s->wa, &e), 0);
	if (probs)
		assert_int_equal(xp_probs_read("probs", probs, strlen(probs), &s->wa, &e), 0);
	for (size_t k = 0; alt && alt[k]; k++, o.nalt++)
		assert_int_equal(xp_pharaoh_read("alt", alt[k], strlen(alt[k]), 0, &s->alt[k], &e), 0);
	o.alt = s->alt;
	assert_int_equal(xp_bitext_lines(&s->al, NULL, &s->line, s->wa.nsent, &e), 0);
	assert_int_equal(xp_project(&s->en, &s->al, &s->wa, s->line, &o, &s->p, &e), 0);
}

static void run(setup *s, const char *conll, const char *aligned, const char *ph, const char *const *alt,
		const xp_proj_opts *o)
{
	run_probs(s, conll, aligned, ph, NULL, alt, o);
}

static void done(setup *s)
{
	xp_projection_free(&s->p);
	free(s->line);
	xp_walign_free(&s->wa);
	for (int k = 0; k < 2; k++)
		xp_walign_free(&s->alt[k]);
	xp_aligned_free(&s->al);
	xp_corpus_free(&s->en);
}

/* the links as they are: no language rule, no model */
static xp_proj_opts plain(void)
{
	xp_proj_opts o;
	xp_proj_defaults(&o);
	o.rules = 0;
	o.uncalibrated = 1;
	return o;
}

static const float *feat(const setup *s, uint32_t id)
{
	for (size_t k = 0; k < s->p.n; k++)
		if (s->p.m[k].id == id)
			return s->p.feat + k * (size_t)xp_nfeat();
	fail();
	return NULL;
}

/* "I love you ." -> 我 爱 你 。  mentions: 0 I (cluster 1), 1 you (cluster 2) */
static const char LOVE[] = "#begin document (d); part 000\n"
			   "d\t0\t0\tI\t(1)\nd\t0\t1\tlove\t-\nd\t0\t2\tyou\t(2)\nd\t0\t3\t.\t-\n#end document\n";
static const char LOVE_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"love\",\"you\",\".\"],\"tgt_lang\":\"zh\","
	"\"tgt_text\":\"我爱你。\",\"tgt\":[\"我\",\"爱\",\"你\",\"。\"]}\n";

static void pronouns(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	/* I -> 我, you -> 你: each the matching pronoun */
	run(&s, LOVE, LOVE_AL, "0-0 1-1 2-2 3-3\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 1);
	assert_true(feat(&s, 1)[XP_F_PRON_IN] == 1);
	done(&s);
	/* you -> 我 (another person's pronoun): no; I -> 我爱: the pronoun is in it */
	o.rules &= ~(unsigned)(XP_LR_ZH_PRONOUN | XP_LR_FREE_PRONOUN | XP_LR_PRON_MOVE | XP_LR_PRON_DROP);   /* the links as they are */
	run(&s, LOVE, LOVE_AL, "0-0 0-1 2-0 3-3\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_PRON_IN] == 0);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 1);
	done(&s);
	/* you -> 爱: no pronoun at all */
	run(&s, LOVE, LOVE_AL, "0-0 2-1\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_PRON_IN] == 0);
	done(&s);
	/* not a pronoun in English: 0 whatever the span holds */
	static const char NAME[] = "#begin document (d); part 000\n"
				   "d\t0\t0\tJoey\t(1)\nd\t0\t1\tlove\t-\nd\t0\t2\tyou\t-\nd\t0\t3\t.\t-\n#end document\n";
	static const char NAME_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"Joey\",\"love\",\"you\",\".\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"我爱你。\",\"tgt\":[\"我\",\"爱\",\"你\",\"。\"]}\n";
	run(&s, NAME, NAME_AL, "0-0\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 0);
	done(&s);
}

/* "I know ." -> ميدونم (Arabic yeh: the test must fold it), "Joey knows ." -> ميدونه,
 * "you know ." -> ميدونم; mentions: 0 I, 1 Joey, 2 you */
static const char KNOW[] = "#begin document (d); part 000\n"
			   "d\t0\t0\tI\t(1)\nd\t0\t1\tknow\t-\nd\t0\t2\t.\t-\n\n"
			   "d\t0\t0\tJoey\t(2)\nd\t0\t1\tknows\t-\nd\t0\t2\t.\t-\n\n"
			   "d\t0\t0\tyou\t(3)\nd\t0\t1\tknow\t-\nd\t0\t2\t.\t-\n#end document\n";
static const char KNOW_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"know\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"\u0645\u064a\u062f\u0648\u0646\u0645 .\",\"tgt\":[\"\u0645\u064a\u062f\u0648\u0646\u0645\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"Joey\",\"knows\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"\u0645\u064a\u062f\u0648\u0646\u0647 .\",\"tgt\":[\"\u0645\u064a\u062f\u0648\u0646\u0647\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":2,\"src\":[\"you\",\"know\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"\u0645\u064a\u062f\u0648\u0646\u0645 .\",\"tgt\":[\"\u0645\u064a\u062f\u0648\u0646\u0645\",\".\"]}\n";

static void farsi_words(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	/* every subject on the verb: I agrees with ميدونم (1sg), you does not */
	run(&s, KNOW, KNOW_AL, "0-0\n0-0\n0-0\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 0);
	assert_true(feat(&s, 0)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 2)[XP_F_PRON_AGREE] == 0);
	/* a name on a verb: no pronoun, one word of several letters */
	assert_true(feat(&s, 1)[XP_F_PRON_AGREE] == 0);
	assert_true(feat(&s, 1)[XP_F_ONE_CHAR] == 0);
	done(&s);
}

/* "It is good ." -> این خوبه . and "This is good ." -> این خوبه .; mentions 0 It, 1 This */
static const char GOOD[] = "#begin document (d); part 000\n"
			   "d\t0\t0\tIt\t(1)\nd\t0\t1\tis\t-\nd\t0\t2\tgood\t-\nd\t0\t3\t.\t-\n\n"
			   "d\t0\t0\tThis\t(2)\nd\t0\t1\tis\t-\nd\t0\t2\tgood\t-\nd\t0\t3\t.\t-\n#end document\n";
static const char GOOD_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"It\",\"is\",\"good\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"\u0627\u06cc\u0646 \u062e\u0648\u0628\u0647 .\",\"tgt\":[\"\u0627\u06cc\u0646\",\"\u062e\u0648\u0628\u0647\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"This\",\"is\",\"good\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"\u0627\u06cc\u0646 \u062e\u0648\u0628\u0647 .\",\"tgt\":[\"\u0627\u06cc\u0646\",\"\u062e\u0648\u0628\u0647\",\".\"]}\n";

/* Farsi says "it" with a demonstrative: "it" on این holds its pronoun, on
 * the predicate خوبه not; "this" on این is a translation, not counted */
static void farsi_it(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	run(&s, GOOD, GOOD_AL, "0-0 2-1\n0-0 2-1\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 1);
	assert_true(feat(&s, 0)[XP_F_PRON_AGREE] == 0);
	assert_true(feat(&s, 1)[XP_F_PRON_IN] == 0);
	done(&s);
	run(&s, GOOD, GOOD_AL, "0-1\n0-1\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 0);
	done(&s);
}

/* Pro-drop: "We like Maryam ." -> مریم رو دوست داریم (Maryam OBJ friend have-1pl),
 * "I know ." -> ميدونم .; mentions 0 We (unaligned), 1 Maryam, 2 I (unaligned) */
static const char LIKE[] = "#begin document (d); part 000\n"
			   "d\t0\t0\tWe\t(3)\nd\t0\t1\tlike\t-\nd\t0\t2\tMaryam\t(2)\nd\t0\t3\t.\t-\n\n"
			   "d\t0\t0\tI\t(1)\nd\t0\t1\tknow\t-\nd\t0\t2\t.\t-\n#end document\n";
static const char LIKE_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"We\",\"like\",\"Maryam\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"مریم رو دوست داریم .\",\"tgt\":[\"مریم\",\"رو\",\"دوست\",\"داریم\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"I\",\"know\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"ميدونم .\",\"tgt\":[\"ميدونم\",\".\"]}\n";

static void prodrop_verbs(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	o.prodrop = 1;
	/* "like" misaligned to the name مریم, which ends as a 1pl verb would
	 * (-im; Maryam unaligned, or the two would collide): pro-drop takes it,
	 * no verb form; داریم elsewhere is one (a light verb) */
	run(&s, LIKE, LIKE_AL, "1-0 3-4\n1-0 2-1\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_PROJECTED);
	assert_true(s.p.m[0].prodrop && s.p.m[0].tgt_start == 0);
	assert_true(feat(&s, 0)[XP_F_DROP_VERB] == 0);
	assert_true(fabsf(feat(&s, 0)[XP_F_VERB_RIVALS] - logf(2)) < 1e-6f);
	/* "know" on ميدونم (Arabic yeh): a verb form with its prefix, alone */
	const float *know = feat(&s, 2);
	assert_true(s.p.m[2].prodrop && know[XP_F_DROP_VERB] == 1 && know[XP_F_VERB_RIVALS] == 0);
	done(&s);
	/* the right link: pro-drop takes داریم, and has no rival */
	run(&s, LIKE, LIKE_AL, "1-2 1-3 2-0 3-4\n1-0 2-1\n", NULL, &o);
	assert_true(s.p.m[0].prodrop && s.p.m[0].tgt_start == 3);
	assert_true(feat(&s, 0)[XP_F_DROP_VERB] == 1 && feat(&s, 0)[XP_F_VERB_RIVALS] == 0);
	/* the name: neither */
	assert_true(feat(&s, 1)[XP_F_DROP_VERB] == 0 && feat(&s, 1)[XP_F_VERB_RIVALS] == 0);
	done(&s);
	/* pron_agree: We aligned to داریم itself (no pro-drop): no rival either */
	run(&s, LIKE, LIKE_AL, "0-3 1-2 2-0 3-4\n1-0 2-1\n", NULL, &o);
	assert_true(!s.p.m[0].prodrop && feat(&s, 0)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 0)[XP_F_DROP_VERB] == 0 && feat(&s, 0)[XP_F_VERB_RIVALS] == 0);
	done(&s);
}

/* fa_last_word on a projection: the name Maryam on مریم, which the model's
 * lexicon says ends 3 mentions of 3 (12 tokens, 3 ends: p0 = 1/4); the
 * pronouns and a model without a lexicon get 0 */
static void farsi_last_word(void **state)
{
	(void)state;
	static const char MODEL[] =
		"{\"version\":1,\"models\":{\"fa\":{\"projected\":{\"bias\":0,\"weights\":{}},"
		"\"null\":{\"bias\":0,\"weights\":{}},\"lexicon\":{\"occurrences\":{\"مریم\":3,"
		"\"رو\":4,\".\":5},\"ends\":{\"مریم\":3}}}}}";
	xp_conf_model m;
	xp_err e = {0};
	assert_int_equal(xp_conf_parse("m.json", MODEL, strlen(MODEL), &m, &e), 0);
	setup s;
	xp_proj_opts o = plain();
	o.uncalibrated = 0;
	o.conf = &m;
	run(&s, LIKE, LIKE_AL, "1-2 1-3 2-0 3-4\n1-0 2-1\n", NULL, &o);
	assert_int_equal(s.p.m[1].fate, XP_PROJECTED);
	assert_int_equal(s.p.m[1].tgt_start, 0);
	double p0 = 0.25, p = (3 + 5 * p0) / (3 + 5);
	assert_true(fabsf(feat(&s, 1)[F("fa_last_word")] - (float)(log(p / (1 - p)) - log(p0 / (1 - p0)))) < 1e-5f);
	assert_true(feat(&s, 0)[F("fa_last_word")] == 0 && feat(&s, 2)[F("fa_last_word")] == 0);
	assert_null(s.p.model.lex);   /* read while projecting only */
	/* cross-fitting (what `xproj calibrate` does): the report read back, and
	 * a lexicon of the projection's own document d (fold 0) and of e (fold 1,
	 * مریم once, and a mention end) */
	xp_buf text = {0};
	xp_report r;
	assert_int_equal(xp_projection_report(&s.p, NULL, &text), 0);
	assert_int_equal(xp_report_parse("r.json", text.p, text.n, xp_feat_names, (size_t)xp_nfeat(), &r, &e), 0);
	static const char REF[] = "#begin document (d); part 000\n"
				  "d\t0\t0\tمریم\t(1)\nd\t0\t1\tرو\t-\nd\t0\t2\t.\t-\n#end document\n"
				  "#begin document (e); part 000\n"
				  "e\t0\t0\tمریم\t-\ne\t0\t1\tرو\t(1)\ne\t0\t2\t.\t-\n#end document\n";
	xp_corpus ref = {0};
	xp_lex *lx;
	assert_int_equal(xp_conll_read("ref", REF, strlen(REF), NULL, &ref, &e), 0);
	assert_int_equal(xp_lex_new(&xp_lex_model_params, &lx, &e), 0);
	assert_int_equal(xp_lex_add_ref(lx, &ref, NULL, &e), 0);
	assert_int_equal(xp_lex_fold_of(lx, "d"), 0);
	assert_int_equal(xp_lex_fold_of(lx, "e"), 1);
	xp_lex_fill(lx, &r, &s.p.out, F("fa_last_word"));
	const char *maryam = "مریم";
	double own = xp_lex_end(lx, maryam, strlen(maryam), -1), other = xp_lex_end(lx, maryam, strlen(maryam), 0);
	/* e alone: p0 = 1/3, مریم 0 of 1; with d's own mention it would be 1 of 2 */
	double q0 = 1.0 / 3, q = (0 + 5 * q0) / (1 + 5);
	assert_true(fabs(other - (log(q / (1 - q)) - log(q0 / (1 - q0)))) < 1e-9);
	assert_true(own > 0 && other < 0);
	for (size_t k = 0; k < r.n; k++) {
		float v = r.items[k].feat[F("fa_last_word")];
		if (r.items[k].id == 1)
			assert_true(fabsf(v - (float)other) < 1e-6f);
		else
			assert_true(v == 0);   /* the pronouns */
	}
	xp_lex_free(lx);
	xp_corpus_free(&ref);
	xp_report_free(&r);
	xp_buf_free(&text);
	done(&s);
	xp_conf_free(&m);
	o = plain();   /* no model */
	run(&s, LIKE, LIKE_AL, "1-2 1-3 2-0 3-4\n1-0 2-1\n", NULL, &o);
	assert_true(feat(&s, 1)[F("fa_last_word")] == 0);
	done(&s);
}

/* Chinese on characters: "What about the truck ?" / "The fire truck ." / "The fire truck !" */
static const char TRUCK[] = "#begin document (d); part 000\n"
			    "d\t0\t0\tWhat\t(1\nd\t0\t1\tabout\t-\nd\t0\t2\tthe\t(2\nd\t0\t3\ttruck\t2)|1)\n"
			    "d\t0\t4\t?\t-\n\n"
			    "d\t0\t0\tThe\t(2\nd\t0\t1\tfire\t-\nd\t0\t2\ttruck\t2)\nd\t0\t3\t.\t-\n\n"
			    "d\t0\t0\tThe\t(2\nd\t0\t1\tfire\t-\nd\t0\t2\ttruck\t2)\nd\t0\t3\t!\t-\n#end document\n";
static const char TRUCK_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"What\",\"about\",\"the\",\"truck\",\"?\"],"
	"\"tgt_lang\":\"zh\",\"tgt_text\":\"车呢?\",\"tgt\":[\"车\",\"呢\",\"?\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"The\",\"fire\",\"truck\",\".\"],"
	"\"tgt_lang\":\"zh\",\"tgt_text\":\"消防车。\",\"tgt\":[\"消防车\",\"。\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":2,\"src\":[\"The\",\"fire\",\"truck\",\"!\"],"
	"\"tgt_lang\":\"zh\",\"tgt_text\":\"消防!\",\"tgt\":[\"消防\",\"!\"]}\n";

static void forms(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	o.np = 0;
	o.chars = 1;
	run(&s, TRUCK, TRUCK_AL, "0-1 2-0 3-0\n1-0 2-0\n1-0 2-0\n", NULL, &o);
	/* the truck -> 车: one character; What about the truck -> 车呢: two */
	const float *what = feat(&s, 0), *truck = feat(&s, 1);
	assert_true(truck[XP_F_ONE_CHAR] == 1 && what[XP_F_ONE_CHAR] == 0);
	/* the two "The fire truck" (cluster 2) -> 消防车 and 消防: each has one twin, projected otherwise */
	const float *t1 = feat(&s, 2), *t2 = feat(&s, 3);
	assert_true(t1[XP_F_ONE_CHAR] == 0);
	assert_true(fabsf(t1[XP_F_FORM_SEEN] - logf(2)) < 1e-6f && t1[XP_F_FORM_AGREE] == 0);
	assert_true(fabsf(t2[XP_F_FORM_SEEN] - logf(2)) < 1e-6f && t2[XP_F_FORM_AGREE] == 0);
	/* "the truck" has other English words: no twin */
	assert_true(truck[XP_F_FORM_SEEN] == 0);
	done(&s);
	/* projected alike (消防车 both times): they agree */
	static const char SAME_AL_TAIL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":2,\"src\":[\"The\",\"fire\",\"truck\",\"!\"],"
		"\"tgt_lang\":\"zh\",\"tgt_text\":\"消防车!\",\"tgt\":[\"消防车\",\"!\"]}\n";
	char al[2048];
	const char *cut = strstr(TRUCK_AL, "{\"doc\":\"d\",\"part\":0,\"utt\":2");
	snprintf(al, sizeof al, "%.*s%s", (int)(cut - TRUCK_AL), TRUCK_AL, SAME_AL_TAIL);
	run(&s, TRUCK, al, "0-1 2-0 3-0\n1-0 2-0\n1-0 2-0\n", NULL, &o);
	assert_true(feat(&s, 2)[XP_F_FORM_AGREE] == 1 && feat(&s, 3)[XP_F_FORM_AGREE] == 1);
	done(&s);
}

/* cluster, cluster_proj: the English cluster's other mentions and the share projected */
static void cluster(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	o.np = 0;
	run(&s, TRUCK, TRUCK_AL, "0-1 2-0 3-0\n1-0 2-0\n\n", NULL, &o);   /* the last truck: no link */
	const float *what = feat(&s, 0), *t0 = feat(&s, 1), *t2 = feat(&s, 3);
	assert_true(what[XP_F_CLUSTER] == 0 && what[XP_F_CLUSTER_PROJ] == 0);   /* alone in its cluster */
	assert_true(fabsf(t0[XP_F_CLUSTER] - logf(3)) < 1e-6f && t0[XP_F_CLUSTER_PROJ] == 0.5f);
	assert_true(t2[XP_F_CLUSTER_PROJ] == 1);
	assert_true(t0[XP_F_RULE_PRON] == 0 && t0[XP_F_RULE_NP] == 0 && t0[XP_F_RULE_CONSIST] == 0 &&
		    t0[XP_F_RULE_WORDS] == 0);
	done(&s);
}

/* rule_pron: "you" unaligned takes the free 你 (free pronoun rule) */
static void rule_pron(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	run(&s, LOVE, LOVE_AL, "0-0 1-1\n", NULL, &o);
	assert_int_equal(s.p.m[1].fate, XP_NULL_UNALIGNED);
	done(&s);
	o.rules = XP_LR_FREE_PRONOUN;
	run(&s, LOVE, LOVE_AL, "0-0 1-1\n", NULL, &o);
	assert_int_equal(s.p.m[1].fate, XP_PROJECTED);
	assert_true(feat(&s, 1)[XP_F_RULE_PRON] == 1 && feat(&s, 0)[XP_F_RULE_PRON] == 0);
	done(&s);
}

/* "I love your dog ." -> 我爱你的狗。: mentions 0 I, 1 your, 2 your dog */
static const char DOG[] = "#begin document (d); part 000\n"
			  "d\t0\t0\tI\t(1)\nd\t0\t1\tlove\t-\nd\t0\t2\tyour\t(2)|(3\nd\t0\t3\tdog\t3)\n"
			  "d\t0\t4\t.\t-\n#end document\n";
static const char DOG_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"love\",\"your\",\"dog\",\".\"],\"tgt_lang\":\"zh\","
	"\"tgt_text\":\"我爱你的狗。\",\"tgt\":[\"我\",\"爱\",\"你\",\"的\",\"狗\",\"。\"]}\n";

/* "I love your dog ." -> 我爱你的狗。: your -> 你的 (pron_de), your -> 你 (not) */
static void possessive(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	run(&s, DOG, DOG_AL, "0-0 1-1 2-2 2-3 3-4 4-5\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_PRON_DE] == 1 && feat(&s, 1)[XP_F_PRON_IN] == 1);
	assert_true(feat(&s, 0)[XP_F_PRON_DE] == 0);   /* I: no possessive */
	assert_true(feat(&s, 2)[XP_F_PRON_DE] == 0);   /* your dog: no pronoun */
	done(&s);
	run(&s, DOG, DOG_AL, "0-0 1-1 2-2 3-4 4-5\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_PRON_DE] == 0 && feat(&s, 1)[XP_F_PRON_IN] == 1);
	done(&s);
}

static void seeds(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	/* seed 2 moves "you" to 爱, seed 3 agrees with the first; "I" stays */
	const char *const alt[] = {"0-0 2-1\n", "0-0 2-2\n", NULL};
	run(&s, LOVE, LOVE_AL, "0-0 2-2\n", alt, &o);
	assert_true(feat(&s, 0)[XP_F_SEED_AGREE] == 1);
	assert_true(feat(&s, 1)[XP_F_SEED_AGREE] == 0.5f);
	done(&s);
	/* a null agrees with a null, not with a projection */
	const char *const alt2[] = {"0-0 2-2\n", NULL};
	run(&s, LOVE, LOVE_AL, "0-0\n", alt2, &o);
	assert_true(feat(&s, 1)[XP_F_SEED_AGREE] == 0);
	done(&s);
	const char *const alt3[] = {"0-0\n", NULL};
	run(&s, LOVE, LOVE_AL, "0-0\n", alt3, &o);
	assert_true(feat(&s, 1)[XP_F_SEED_AGREE] == 1);
	done(&s);
	/* without other seeds and without a model: 1 */
	run(&s, LOVE, LOVE_AL, "0-0 2-2\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_SEED_AGREE] == 1);
	done(&s);
}

/* the committee: the same links at posterior >= 0.5, 0.7, 0.9 and under the
 * block span rule */
static void committee(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	o.np = 0;
	/* I -> 我 (0.95): every member agrees.  you -> 爱 (0.4) + 你 (0.95): minmax
	 * and block take 爱你, the thresholds 你 alone: 1 of 4 */
	run_probs(&s, LOVE, LOVE_AL, "0-0 2-1 2-2\n", "0.95 0.4 0.95\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_COMMITTEE] == 1);
	assert_true(feat(&s, 1)[XP_F_COMMITTEE] == 0.25f);
	assert_int_equal(s.p.m[1].tgt_end - s.p.m[1].tgt_start, 2);
	done(&s);
	/* you -> 我 爱 (0.6, 0.8), 你 unlinked: >= 0.7 keeps 爱 alone, >= 0.9 nothing
	 * (a null: disagrees), >= 0.5 and block agree */
	run_probs(&s, LOVE, LOVE_AL, "0-0 2-0 2-1\n", "0.95 0.6 0.8\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_COMMITTEE] == 0.5f);
	done(&s);
	/* a null agrees with the members' nulls */
	run_probs(&s, LOVE, LOVE_AL, "0-0\n", "0.95\n", NULL, &o);
	assert_true(s.p.m[1].fate != XP_PROJECTED && feat(&s, 1)[XP_F_COMMITTEE] == 1);
	done(&s);
	/* a user's --min-prob above a member's threshold: that member is the projection */
	o.span.min_prob = 0.75;
	run_probs(&s, LOVE, LOVE_AL, "0-0 2-0 2-1\n", "0.95 0.6 0.8\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_COMMITTEE] == 0.75f);   /* 爱 for all but >= 0.9 */
	done(&s);
	o.span.min_prob = 0;
	/* without posteriors there is no committee: 1 without a model, and the
	 * model's mean with one */
	run(&s, LOVE, LOVE_AL, "0-0 2-1 2-2\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_COMMITTEE] == 1);
	done(&s);
	xp_conf_model m;
	xp_conf_lang zh;
	memset(&zh, 0, sizeof zh);
	strcpy(zh.lang, "zh");
	zh.projected.mean[XP_F_COMMITTEE] = 0.8;
	zh.projected.w[XP_F_COMMITTEE] = 1;
	m.v = &zh, m.n = 1;
	o.uncalibrated = 0, o.conf = &m;
	run(&s, LOVE, LOVE_AL, "0-0 2-1 2-2\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_COMMITTEE] == 0.8f);
	done(&s);
	run_probs(&s, LOVE, LOVE_AL, "0-0 2-1 2-2\n", "0.95 0.4 0.95\n", NULL, &o);
	assert_true(feat(&s, 1)[XP_F_COMMITTEE] == 0.25f);
	done(&s);
}

/* Farsi: a subject pronoun with a weak link to its verb.  "I know ." ->
 * ميدونم: I -> ميدونم at 0.3, know -> ميدونم at 0.95.  The stricter
 * committee members see no link of I; pro-drop puts it on the verb "know"
 * reached, the projection's own span: all four agree */
static void committee_prodrop(void **state)
{
	(void)state;
	static const char I_KNOW[] = "#begin document (d); part 000\n"
				     "d\t0\t0\tI\t(1)\nd\t0\t1\tknow\t-\nd\t0\t2\t.\t-\n#end document\n";
	static const char I_KNOW_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"know\",\".\"],\"tgt_lang\":\"fa\","
		"\"tgt_text\":\"ميدونم .\",\"tgt\":[\"ميدونم\",\".\"]}\n";
	setup s;
	xp_proj_opts o = plain();
	o.prodrop = 1;
	run_probs(&s, I_KNOW, I_KNOW_AL, "0-0 1-0 2-1\n", "0.3 0.95 0.9\n", NULL, &o);
	assert_true(s.p.m[0].fate == XP_PROJECTED && !s.p.m[0].prodrop && feat(&s, 0)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 0)[XP_F_COMMITTEE] == 1);
	done(&s);
	/* the same with --min-prob 0.5: I is unaligned to pro-drop, which takes the verb */
	o.span.min_prob = 0.5;
	run_probs(&s, I_KNOW, I_KNOW_AL, "0-0 1-0 2-1\n", "0.3 0.95 0.9\n", NULL, &o);
	assert_true(s.p.m[0].fate == XP_PROJECTED && s.p.m[0].prodrop && s.p.m[0].tgt_start == 0);
	done(&s);
	/* and without pro-drop it is a null, unaligned (the links there are none to it) */
	o.prodrop = 0;
	run_probs(&s, I_KNOW, I_KNOW_AL, "0-0 1-0 2-1\n", "0.3 0.95 0.9\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_NULL_UNALIGNED);
	done(&s);
	/* a Chinese pronoun's weak links still make it "filtered" */
	o.span.min_prob = 0.5;
	run_probs(&s, LOVE, LOVE_AL, "0-0 2-2\n", "0.95 0.3\n", NULL, &o);
	assert_int_equal(s.p.m[1].fate, XP_NULL_FILTERED);
	done(&s);
}

/* Chinese noun phrases: a possessor left out (poss_lost), demonstratives */
static void chinese_np(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	/* your dog -> 狗: the possessor is not in the span; -> 你的狗: it is */
	run(&s, DOG, DOG_AL, "0-0 1-1 3-4 4-5\n", NULL, &o);
	assert_true(feat(&s, 2)[XP_F_POSS_LOST] == 1);
	assert_true(feat(&s, 0)[XP_F_POSS_LOST] == 0 && feat(&s, 1)[XP_F_POSS_LOST] == 0);   /* pronouns */
	done(&s);
	run(&s, DOG, DOG_AL, "0-0 1-1 2-2 2-3 3-4 4-5\n", NULL, &o);
	assert_true(feat(&s, 2)[XP_F_POSS_LOST] == 0);
	done(&s);
	/* "This is a dog ." -> 这是狗。: This is a demonstrative, a dog none; not for Farsi */
	static const char THIS[] = "#begin document (d); part 000\n"
				   "d\t0\t0\tThis\t(1)\nd\t0\t1\tis\t-\nd\t0\t2\ta\t(1\nd\t0\t3\tdog\t1)\n"
				   "d\t0\t4\t.\t-\n#end document\n";
	static const char THIS_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"This\",\"is\",\"a\",\"dog\",\".\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"这是狗。\",\"tgt\":[\"这\",\"是\",\"狗\",\"。\"]}\n";
	static const char THIS_FA[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"This\",\"is\",\"a\",\"dog\",\".\"],\"tgt_lang\":\"fa\","
		"\"tgt_text\":\"این سگه .\",\"tgt\":[\"این\",\"سگه\",\".\"]}\n";
	run(&s, THIS, THIS_AL, "0-0 3-2 4-3\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_DEMONSTRATIVE] == 1 && feat(&s, 1)[XP_F_DEMONSTRATIVE] == 0);
	done(&s);
	run(&s, THIS, THIS_FA, "0-0 3-1 4-2\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_DEMONSTRATIVE] == 0);
	done(&s);
}

/* zh_last_word, zh_noun_beside: the span's edges on jieba's words (the
 * fixture's dictionary, tests/fixtures/zhseg), written in characters */
static void chinese_edges(void **state)
{
	(void)state;
	static const char PEOPLE[] = "#begin document (d); part 000\n"
				     "d\t0\t0\tpeople\t(1)\nd\t0\t1\thave\t-\nd\t0\t2\t.\t-\n#end document\n";
	static const char HAVE_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"people\",\"have\",\".\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"中国人有。\",\"tgt\":[\"中国人\",\"有\",\"。\"]}\n";
	static const char NATION_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"people\",\"have\",\".\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"中国人民。\",\"tgt\":[\"中国\",\"人民\",\"。\"]}\n";
	setup s;
	xp_proj_opts o = plain();
	o.chars = 1;
	o.segmenter_data = FIX("zhseg");
	o.np &= ~XP_NP_ZH_VERB_TAIL;   /* which would cut 有 of 中国人有: the features see the span as it ends */
	/* people -> 中国人: a noun, nothing nounish beside it */
	run(&s, PEOPLE, HAVE_AL, "0-0 2-2\n", NULL, &o);
	assert_true(feat(&s, 0)[F("zh_last_word")] == 0 && feat(&s, 0)[F("zh_noun_beside")] == 0);
	done(&s);
	/* people -> 中国人有: ends in a verb */
	run(&s, PEOPLE, HAVE_AL, "0-0 0-1 2-2\n", NULL, &o);
	assert_true(feat(&s, 0)[F("zh_last_word")] == 1);
	done(&s);
	/* with zh_verb_tail (the default) 有 leaves the span: 中国人, characters [0, 3) */
	o.np |= XP_NP_ZH_VERB_TAIL;
	run(&s, PEOPLE, HAVE_AL, "0-0 0-1 2-2\n", NULL, &o);
	assert_int_equal(s.p.m[0].tgt_start, 0);
	assert_int_equal(s.p.m[0].tgt_end, 3);
	assert_true(s.p.m[0].np & XP_NP_ZH_VERB_TAIL);
	assert_true(feat(&s, 0)[F("zh_last_word")] == 0);
	done(&s);
	o.np &= ~XP_NP_ZH_VERB_TAIL;
	/* people -> 人民 of 中国人民: a noun before it */
	run(&s, PEOPLE, NATION_AL, "0-1 2-2\n", NULL, &o);
	assert_true(feat(&s, 0)[F("zh_last_word")] == 0 && feat(&s, 0)[F("zh_noun_beside")] == 1);
	done(&s);
	/* zh_end_lex: mentions end on 中国人 9 times in 10, on 有 never */
	static const char ENDS[] = "{\"version\":1,\"folds\":1,\"prior\":0.3,\"strength\":2,\"docs\":{},"
				   "\"words\":{\"中国人\":[10,9],\"有\":[10,0]}}";
	xp_lex *z;
	xp_err e = {0};
	assert_int_equal(xp_lex_parse_table("ends", ENDS, strlen(ENDS), &z, &e), 0);
	o.mention_ends = z;
	run(&s, PEOPLE, HAVE_AL, "0-0 2-2\n", NULL, &o);
	assert_true(fabs(feat(&s, 0)[F("zh_end_lex")] - (log(9.6 / 2.4) - log(0.3 / 0.7))) < 1e-5);
	done(&s);
	run(&s, PEOPLE, HAVE_AL, "0-0 0-1 2-2\n", NULL, &o);   /* 中国人有 ends in 有 */
	assert_true(fabs(feat(&s, 0)[F("zh_end_lex")] - (log(0.6 / 11.4) - log(0.3 / 0.7))) < 1e-5);
	done(&s);
	xp_lex_free(z);
}

/* wh_in: "What do you want ?" -> 你要什么? with what on 什么 (yes), on 要
 * (no), on the 什么 of 为什么 "why" (no); Chinese only */
static void interrogative(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	static const char WANT[] = "#begin document (d); part 000\n"
				   "d\t0\t0\tWhat\t(1)\nd\t0\t1\tdo\t-\nd\t0\t2\tyou\t(2)\nd\t0\t3\twant\t-\n"
				   "d\t0\t4\t?\t-\n#end document\n";
	static const char WANT_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"What\",\"do\",\"you\",\"want\",\"?\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"你要什么?\",\"tgt\":[\"你\",\"要\",\"什么\",\"?\"]}\n";
	static const char WHY_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"What\",\"do\",\"you\",\"want\",\"?\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"你为什么要?\",\"tgt\":[\"你\",\"为什么\",\"要\",\"?\"]}\n";
	static const char WANT_FA[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"What\",\"do\",\"you\",\"want\",\"?\"],\"tgt_lang\":\"fa\","
		"\"tgt_text\":\"چی می خوای ?\",\"tgt\":[\"چی\",\"می\",\"خوای\",\"?\"]}\n";
	run(&s, WANT, WANT_AL, "0-2 2-0 3-1 4-3\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_WH_IN] == 1);
	assert_true(feat(&s, 1)[XP_F_WH_IN] == 0);   /* you: no interrogative */
	done(&s);
	run(&s, WANT, WANT_AL, "0-1 2-0 4-3\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_WH_IN] == 0);
	done(&s);
	run(&s, WANT, WHY_AL, "0-1 2-0 4-3\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_PROJECTED);
	assert_true(feat(&s, 0)[XP_F_WH_IN] == 0);
	done(&s);
	run(&s, WANT, WANT_FA, "0-0 3-2 4-3\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_PROJECTED);
	assert_true(feat(&s, 0)[XP_F_WH_IN] == 0);
	done(&s);
}

/* rule_zh_dem: "It was an accident ." -> 那是意外。, "it" unlinked: the
 * demonstrative rule places it on 那 (a copula's subject), which rule_pron
 * no longer counts; the free pronoun rule alone finds no 它 */
static void zh_demonstrative(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	static const char ACC[] = "#begin document (d); part 000\n"
				  "d\t0\t0\tIt\t(1)\nd\t0\t1\twas\t-\nd\t0\t2\tan\t(2\nd\t0\t3\taccident\t2)\n"
				  "d\t0\t4\t.\t-\n#end document\n";
	static const char ACC_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"It\",\"was\",\"an\",\"accident\",\".\"],\"tgt_lang\":\"zh\","
		"\"tgt_text\":\"那是意外。\",\"tgt\":[\"那\",\"是\",\"意外\",\"。\"]}\n";
	o.rules = XP_LR_FREE_PRONOUN;
	run(&s, ACC, ACC_AL, "1-1 3-2 4-3\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_NULL_UNALIGNED);
	done(&s);
	o.rules = XP_LR_FREE_PRONOUN | XP_LR_ZH_DEMONSTRATIVE;
	run(&s, ACC, ACC_AL, "1-1 3-2 4-3\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_PROJECTED);
	assert_int_equal(s.p.m[0].tgt_start, 0);
	assert_true(feat(&s, 0)[F("rule_zh_dem")] == 1 && feat(&s, 0)[XP_F_RULE_PRON] == 0);
	assert_true(feat(&s, 1)[F("rule_zh_dem")] == 0);
	done(&s);
}

/* twin_nearer: "I know , I know ." -> 我知道,我知道。: the first I on the
 * second 我 (the first lies nearer its place: yes), each on its own (no) */
static void twins(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	static const char KNOW2[] = "#begin document (d); part 000\n"
				    "d\t0\t0\tI\t(1)\nd\t0\t1\tknow\t-\nd\t0\t2\t,\t-\nd\t0\t3\tI\t(1)\n"
				    "d\t0\t4\tknow\t-\nd\t0\t5\t.\t-\n#end document\n";
	static const char KNOW2_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"know\",\",\",\"I\",\"know\",\".\"],"
		"\"tgt_lang\":\"zh\",\"tgt_text\":\"我知道,我知道。\",\"tgt\":[\"我\",\"知道\",\",\",\"我\",\"知道\",\"。\"]}\n";
	run(&s, KNOW2, KNOW2_AL, "0-3 1-1 4-4 5-5\n", NULL, &o);
	assert_int_equal(s.p.m[0].fate, XP_PROJECTED);
	assert_true(feat(&s, 0)[XP_F_REPEATS] > 0 && feat(&s, 0)[XP_F_TWIN_NEARER] == 1);
	done(&s);
	run(&s, KNOW2, KNOW2_AL, "0-0 1-1 3-3 4-4 5-5\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_REPEATS] > 0 && feat(&s, 0)[XP_F_TWIN_NEARER] == 0);
	assert_true(feat(&s, 1)[XP_F_REPEATS] > 0 && feat(&s, 1)[XP_F_TWIN_NEARER] == 0);
	done(&s);
}

/* --explain: a mention that is no English pronoun gets one "pronoun" reason,
 * not a pull from each target-pronoun feature it cannot have */
static void explain_pronoun_group(void **state)
{
	(void)state;
	xp_conf_lang m;
	memset(&m, 0, sizeof m);
	m.projected.w[XP_F_PRONOUN] = -1, m.projected.mean[XP_F_PRONOUN] = 0.6f;
	m.projected.w[XP_F_PRON_IN] = 2, m.projected.mean[XP_F_PRON_IN] = 0.5f;
	m.projected.w[XP_F_LINK_MEAN] = 1, m.projected.mean[XP_F_LINK_MEAN] = 0.5f;
	float x[XP_CONF_MAXFEAT] = {0};
	x[XP_F_LINK_MEAN] = 0.8f;
	xp_buf b = {0};
	xp_conf_explain(&m, XP_CONF_PROJECTED, x, 3, &b);
	/* pronoun: -1 * (0 - 0.6) + 2 * (0 - 0.5) = -0.4 */
	assert_string_equal(b.p, "pronoun=0.00 (-0.40), link_mean=0.80 (+0.30)");
	xp_buf_free(&b);
	x[XP_F_PRONOUN] = 1;   /* a pronoun without its target pronoun in the span: pron_in shows */
	xp_conf_explain(&m, XP_CONF_PROJECTED, x, 3, &b);
	assert_non_null(strstr(b.p, "pron_in=0.00 (-1.00)"));
	xp_buf_free(&b);
}


/* fa_number: the English head's number against a Farsi plural in the span.
 * "I like girls ." -> من دخترا رو دوست دارم: girls on دخترا (the spoken -ا
 * plural) is 0, on دوست (no plural) 1; "the two girls" never fires (Farsi
 * keeps the noun singular after a numeral), nor does a name. */
static const char GIRLS[] = "#begin document (d); part 000\n"
			    "d\t0\t0\tI\t(1)\nd\t0\t1\tlike\t-\nd\t0\t2\tgirls\t(2)\nd\t0\t3\t.\t-\n\n"
			    "d\t0\t0\tthe\t(3\nd\t0\t1\ttwo\t-\nd\t0\t2\tgirls\t3)\nd\t0\t3\tleft\t-\n"
			    "d\t0\t4\t.\t-\n#end document\n";
static const char GIRLS_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"like\",\"girls\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"من دخترا رو دوست دارم .\",\"tgt\":[\"من\",\"دخترا\",\"رو\",\"دوست\",\"دارم\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"the\",\"two\",\"girls\",\"left\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"دو تا دختر رفتن .\",\"tgt\":[\"دو\",\"تا\",\"دختر\",\"رفتن\",\".\"]}\n";

static void farsi_number(void **state)
{
	(void)state;
	static const char *const en[] = {"rolls", "of", "quarter", "the", "guy", "who", "likes", "dogs", "my", "boss",
					 "'s", "men", "pants", "glass", "bus", "three", "cats", "Thomas"};
	assert_true(xp_en_plural_head(en, 0, 3));    /* rolls of quarter: the head before "of" */
	assert_false(xp_en_plural_head(en, 3, 8));   /* the guy who likes dogs: guy */
	assert_false(xp_en_plural_head(en, 8, 11));  /* my boss 's */
	assert_true(xp_en_plural_head(en, 11, 12));  /* men */
	assert_false(xp_en_plural_head(en, 12, 13)); /* pants: شلوار */
	assert_false(xp_en_plural_head(en, 13, 14)); /* glass */
	assert_false(xp_en_plural_head(en, 14, 15)); /* bus */
	assert_false(xp_en_plural_head(en, 15, 17)); /* three cats: singular in Farsi */
	assert_false(xp_en_plural_head(en, 3, 3));
	static const char *const fa[] = {"دختر", "دخترا", "بچه", "ها", "کتاباشو", "آقا", "پسراي", "گل", "هامون"};
	uint32_t len[9];
	for (int k = 0; k < 9; k++)
		len[k] = (uint32_t)strlen(fa[k]);
	assert_false(xp_fa_plural_in(fa, len, 0, 1));   /* دختر */
	assert_true(xp_fa_plural_in(fa, len, 1, 2));    /* دخترا */
	assert_true(xp_fa_plural_in(fa, len, 2, 4));    /* بچه ها */
	assert_true(xp_fa_plural_in(fa, len, 4, 5));    /* کتاباشو: -ا before the clitics */
	assert_true(xp_fa_plural_in(fa, len, 6, 7));    /* پسراي, Arabic yeh: -ا before the ezafe */
	assert_false(xp_fa_plural_in(fa, len, 7, 8));   /* گل */
	assert_true(xp_fa_plural_in(fa, len, 8, 9));    /* هامون written apart */
	setup s;
	xp_proj_opts o = plain();
	/* girls -> دخترا; the two girls -> دو تا دختر */
	run(&s, GIRLS, GIRLS_AL, "0-0 2-1 3-5\n0-0 1-1 2-2 3-3 4-4\n", NULL, &o);
	assert_true(feat(&s, 1)[F("fa_number")] == 0);
	assert_true(feat(&s, 2)[F("fa_number")] == 0);
	assert_true(feat(&s, 0)[F("fa_number")] == 0);   /* a pronoun */
	done(&s);
	/* girls -> دوست: the plural is lost */
	run(&s, GIRLS, GIRLS_AL, "0-0 2-3 3-5\n0-0 1-1 2-2 3-3 4-4\n", NULL, &o);
	assert_true(feat(&s, 1)[F("fa_number")] == 1);
	done(&s);
}

/* "I saw a shrink ." -> یه روان پزشک دیدم . and "the last of Paolo 's grappa" ->
 * آخرین گراپای " پائولو " ; mentions 0 I, 1 a shrink, 2 the last of Paolo 's grappa, 3 Paolo */
static const char SHRINK[] = "#begin document (d); part 000\n"
			     "d\t0\t0\tI\t(1)\nd\t0\t1\tsaw\t-\nd\t0\t2\ta\t(2\nd\t0\t3\tshrink\t2)\n"
			     "d\t0\t4\t.\t-\n\n"
			     "d\t0\t0\tthe\t(3\nd\t0\t1\tlast\t-\nd\t0\t2\tof\t-\nd\t0\t3\tPaolo\t(4)\n"
			     "d\t0\t4\t's\t-\nd\t0\t5\tgrappa\t3)\n#end document\n";
static const char SHRINK_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"saw\",\"a\",\"shrink\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"یه روان پزشک دیدم .\",\"tgt\":[\"یه\",\"روان\",\"پزشک\",\"دیدم\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"the\",\"last\",\"of\",\"Paolo\",\"'s\",\"grappa\"],"
	"\"tgt_lang\":\"fa\",\"tgt_text\":\"آخرین گراپای \\\" پائولو \\\"\",\"tgt\":[\"آخرین\",\"گراپای\",\"\\\"\",\"پائولو\",\"\\\"\"]}\n";

/* a Farsi span that begins with the indefinite یه (fa_indef_first), a noun
 * phrase on exactly a quoted stretch (fa_quoted; a name there is no fault) */
static void farsi_edges(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	o.np = 0;   /* the spans as the links give them */
	/* a shrink -> یه روان پزشک; the last of Paolo 's grappa -> " پائولو "; Paolo -> پائولو */
	run(&s, SHRINK, SHRINK_AL, "1-3 2-0 3-1 3-2\n3-3 5-3\n", NULL, &o);
	assert_true(feat(&s, 1)[F("fa_indef_first")] == 1);
	assert_true(feat(&s, 2)[F("fa_quoted")] == 1);
	assert_true(feat(&s, 3)[F("fa_quoted")] == 0);   /* a name */
	assert_true(feat(&s, 0)[F("fa_indef_first")] == 0);
	done(&s);
	/* a shrink -> روان پزشک; the last of Paolo 's grappa -> آخرین گراپای */
	run(&s, SHRINK, SHRINK_AL, "1-3 3-1 3-2\n1-0 5-1 3-3\n", NULL, &o);
	assert_true(feat(&s, 1)[F("fa_indef_first")] == 0);
	assert_true(feat(&s, 2)[F("fa_quoted")] == 0);
	done(&s);
}

/* "Maybe I blew it ." -> شایدم من گند زدم . and "I blew it ." -> گند زدم .; mentions 0, 1: I */
static const char BLEW[] = "#begin document (d); part 000\n"
			   "d\t0\t0\tMaybe\t-\nd\t0\t1\tI\t(1)\nd\t0\t2\tblew\t-\nd\t0\t3\tit\t-\nd\t0\t4\t.\t-\n\n"
			   "d\t0\t0\tI\t(1)\nd\t0\t1\tblew\t-\nd\t0\t2\tit\t-\nd\t0\t3\t.\t-\n#end document\n";
static const char BLEW_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"Maybe\",\"I\",\"blew\",\"it\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"شایدم من گند زدم .\",\"tgt\":[\"شایدم\",\"من\",\"گند\",\"زدم\",\".\"]}\n"
	"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"I\",\"blew\",\"it\",\".\"],\"tgt_lang\":\"fa\","
	"\"tgt_text\":\"گند زدم .\",\"tgt\":[\"گند\",\"زدم\",\".\"]}\n";

/* a subject pronoun on its verb while a free من stands before it in the
 * clause: no dropped subject (fa_overt_subject) */
static void farsi_overt(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o = plain();
	run(&s, BLEW, BLEW_AL, "1-3 2-2 2-3\n0-1 1-0 1-1\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 0)[F("fa_overt_subject")] == 1);
	assert_true(feat(&s, 1)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 1)[F("fa_overt_subject")] == 0);
	done(&s);
	/* I -> من itself: its pronoun, nothing to say */
	run(&s, BLEW, BLEW_AL, "1-1 2-2 2-3\n0-1 1-0 1-1\n", NULL, &o);
	assert_true(feat(&s, 0)[XP_F_PRON_IN] == 1);
	assert_true(feat(&s, 0)[F("fa_overt_subject")] == 0);
	done(&s);
	/* "I know that I blew it ." -> من میدونم که گند زدم .: the second I on
	 * زدم, whose clause begins after که; the من of the clause before is
	 * another subject's (the first I's), and the verb stands for its own */
	static const char KNEW[] = "#begin document (d); part 000\n"
				   "d\t0\t0\tI\t(1)\nd\t0\t1\tknow\t-\nd\t0\t2\tthat\t-\nd\t0\t3\tI\t(1)\n"
				   "d\t0\t4\tblew\t-\nd\t0\t5\tit\t-\nd\t0\t6\t.\t-\n#end document\n";
	static const char KNEW_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"know\",\"that\",\"I\",\"blew\",\"it\",\".\"],"
		"\"tgt_lang\":\"fa\",\"tgt_text\":\"من میدونم که گند زدم .\","
		"\"tgt\":[\"من\",\"میدونم\",\"که\",\"گند\",\"زدم\",\".\"]}\n";
	run(&s, KNEW, KNEW_AL, "0-0 1-1 2-2 3-4 4-3 4-4 6-5\n", NULL, &o);
	assert_int_equal(s.p.m[1].tgt_start, 4);
	assert_true(feat(&s, 1)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 1)[F("fa_overt_subject")] == 0);
	done(&s);
	/* without که the من stands in its clause: the subject is overt */
	static const char KNEW2_AL[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"know\",\"that\",\"I\",\"blew\",\"it\",\".\"],"
		"\"tgt_lang\":\"fa\",\"tgt_text\":\"من میدونم گند زدم .\","
		"\"tgt\":[\"من\",\"میدونم\",\"گند\",\"زدم\",\".\"]}\n";
	run(&s, KNEW, KNEW2_AL, "0-0 1-1 3-3 4-2 4-3 6-4\n", NULL, &o);
	assert_int_equal(s.p.m[1].tgt_start, 3);
	assert_true(feat(&s, 1)[XP_F_PRON_AGREE] == 1);
	assert_true(feat(&s, 1)[F("fa_overt_subject")] == 1);
	done(&s);
}

static int put_text(void *ctx, const void *data, size_t n)
{
	xp_buf_add(ctx, data, n);
	return 0;
}

/* A report writer kept across documents, as `project` keeps it, writes what
 * a fresh one writes: its mentions' tails made once by their inputs, its
 * head set in place as "tgt" and "dropped" come and go, a projection with
 * another model (here none: no "why") starting its tails again.  Each line
 * is jansson's own text of the whole object: parsed and dumped again, the
 * same bytes. */
static void report_writer(void **state)
{
	(void)state;
	setup a, b;
	xp_proj_opts o = plain(), oc = plain();
	oc.uncalibrated = 0;   /* the pack's model: a "why" */
	oc.prodrop = 1;
	run(&a, LIKE, LIKE_AL, "1-2 1-3 2-0 3-4\n1-0 2-1\n", NULL, &oc);
	run(&b, LIKE, LIKE_AL, "0-3 1-2\n\n", NULL, &o);
	assert_true(a.p.model.lang[0] && !b.p.model.lang[0]);
	xp_report_writer *w = xp_report_writer_new();
	assert_non_null(w);
	xp_buf line = {0}, got = {0}, want = {0};
	const xp_projection *seq[] = {&a.p, &b.p, &a.p, &a.p, &b.p, &a.p};
	for (size_t k = 0; k < sizeof seq / sizeof *seq; k++) {
		if (k == 3) {   /* fates that change the head: a dropped span, one kept once */
			a.p.m[0].fate = XP_NULL_FILTERED, a.p.m[0].rule |= XP_LR_PRON_DROP;
			a.p.m[1].fate = XP_SAME_SPAN, a.p.m[1].same_as = a.p.m[2].id;
		}
		if (k == 5)
			a.p.m[0].fate = XP_PROJECTED, a.p.m[1].fate = XP_NULL_UNALIGNED;
		got.n = 0, want.n = 0;
		assert_int_equal(xp_projection_report_docs_w(seq[k], w, &line, put_text, &got), 0);
		xp_buf fresh = {0};
		assert_int_equal(xp_projection_report_docs(seq[k], &fresh, put_text, &want), 0);
		xp_buf_free(&fresh);
		assert_int_equal(got.n, want.n);
		assert_memory_equal(got.p, want.p, want.n);
		assert_true(got.n > 0 && got.p[got.n - 1] == '\n');
		json_error_t je;
		json_t *j = json_loadb(got.p, got.n - 1, 0, &je);
		assert_non_null(j);
		char *again = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(4));
		assert_non_null(again);
		assert_int_equal(strlen(again), got.n - 1);
		assert_memory_equal(again, got.p, got.n - 1);
		free(again);
		json_t *d = json_object_get(j, "detail");
		assert_int_equal(json_array_size(d), seq[k]->n);
		json_t *m0 = json_array_get(d, 0), *m1 = json_array_get(d, 1);
		assert_true((json_object_get(m0, "why") != NULL) == (seq[k] == &a.p));
		assert_true((json_object_get(m0, "dropped") != NULL) == (seq[k] == &a.p && (k == 3 || k == 4)));
		assert_true(json_is_null(json_object_get(m1, "tgt")) == (seq[k] == &b.p || k == 5));
		json_decref(j);
	}
	xp_report_writer_free(w);
	xp_buf_free(&line), xp_buf_free(&got), xp_buf_free(&want);
	done(&a), done(&b);
}

/* The packs' features take their places (lang/lang.h xp_lang_feature): the
 * names in their order are a file format (the report's arrays, the models'
 * weights), the same as when the core named them itself. */
static void pack_features(void **state)
{
	(void)state;
	static const char *const format[] = {
		"link_mean", "link_min", "one_way", "cover", "en_len", "tgt_len", "ratio", "gap", "shared",
		"neighbour", "nested", "crossing", "collided", "pronoun", "name", "utt_score", "sent_aligned",
		"rule_articles", "rule_zh_pronoun", "rule_fa_attach", "prodrop", "unaligned", "same_span",
		"dropped", "free_words", "tgt_pronoun", "tgt_pronoun_free", "sent_len", "sent_ratio", "pos_diff",
		"repeats", "pron_in", "seed_agree", "pron_agree", "one_char", "form_seen", "form_agree", "pron_de",
		"rule_pron", "rule_np", "rule_consist", "cluster", "cluster_proj", "rule_words", "committee",
		"drop_verb", "verb_rivals", "zh_last_word", "zh_noun_beside", "poss_lost", "demonstrative",
		"zh_end_lex", "fa_last_word", "fa_number", "wh_in", "rule_zh_dem", "twin_nearer", "fa_indef_first",
		"fa_quoted", "fa_overt_subject", "doubted", "doubt_odds"};
	char bad[96];
	assert_int_equal(xp_feat_check(bad, sizeof bad), 0);
	assert_string_equal(bad, "");
	/* the compiled-in packs' features fill the places: none is appended */
	assert_int_equal(xp_nfeat(), XP_F_NFIXED);
	assert_int_equal(xp_nfeat(), (int)(sizeof format / sizeof *format));
	for (int f = 0; f < xp_nfeat(); f++)
		assert_string_equal(xp_feat_names[f], format[f]);
	/* each pack feature has its place, under its name */
	size_t np;
	const xp_lang_pack *const *p = xp_lang_packs(&np);
	size_t owned = 0;
	for (size_t k = 0; k < np; k++)
		for (size_t i = 0; i < p[k]->nfeatures; i++, owned++) {
			int f = xp_feat_of(&p[k]->features[i]);
			assert_true(f >= 0);
			assert_string_equal(xp_feat_names[f], p[k]->features[i].name);
			assert_non_null(p[k]->features[i].phrase);
			assert_non_null(p[k]->features[i].phrase_up);
		}
	assert_int_equal(owned, 11);
	assert_int_equal(xp_feat_of(NULL), -1);
	/* the lexicon's feature is Farsi's; Chinese reads the table of mention ends */
	assert_int_equal(xp_feat_pack_kind("fa", XP_LF_END_MODEL), F("fa_last_word"));
	assert_int_equal(xp_feat_pack_kind("fas", XP_LF_END_MODEL), F("fa_last_word"));
	assert_int_equal(xp_feat_pack_kind("zh", XP_LF_END_MODEL), -1);
	assert_int_equal(xp_feat_pack_kind("zh-Hans", XP_LF_END_TABLE), F("zh_end_lex"));
	assert_int_equal(xp_feat_pack_kind("de", XP_LF_SPAN), -1);
	assert_int_equal(xp_feat_pack_kind(NULL, XP_LF_SPAN), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pronouns),
		cmocka_unit_test(seeds), cmocka_unit_test(committee), cmocka_unit_test(committee_prodrop),
		cmocka_unit_test(farsi_words),
		cmocka_unit_test(farsi_it), cmocka_unit_test(prodrop_verbs),
		cmocka_unit_test(farsi_last_word), cmocka_unit_test(farsi_number), cmocka_unit_test(farsi_edges), cmocka_unit_test(farsi_overt),
		cmocka_unit_test(forms), cmocka_unit_test(cluster), cmocka_unit_test(rule_pron),
		cmocka_unit_test(possessive), cmocka_unit_test(chinese_np), cmocka_unit_test(chinese_edges),
		cmocka_unit_test(explain_pronoun_group), cmocka_unit_test(interrogative),
		cmocka_unit_test(zh_demonstrative), cmocka_unit_test(twins), cmocka_unit_test(report_writer),
		cmocka_unit_test(pack_features),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
