/* tests/unit/test_features.c — the confidence features (project/confidence.h)
 * on hand-made projections: the target pronoun in the span (pron_in) and
 * agreement with the projections of other seeds' alignments (seed_agree). */
#include "testutil.h"
#include "io/conll.h"
#include "project/project.h"

typedef struct setup {
	xp_corpus en;
	xp_aligned al;
	xp_walign wa, alt[2];
	uint32_t *line;
	xp_projection p;
} setup;

/* alt: NULL-terminated Pharaoh texts of other seeds' alignments */
static void run(setup *s, const char *conll, const char *aligned, const char *ph, const char *const *alt,
		const xp_proj_opts *o0)
{
	memset(s, 0, sizeof *s);
	xp_err e = {0};
	xp_proj_opts o = *o0;
	assert_int_equal(xp_conll_read("en", conll, strlen(conll), NULL, &s->en, &e), 0);
	assert_int_equal(xp_aligned_read_mem("al", aligned, strlen(aligned), &s->al, &e), 0);
	assert_int_equal(xp_pharaoh_read("ph", ph, strlen(ph), 0, &s->wa, &e), 0);
	for (size_t k = 0; alt && alt[k]; k++, o.nalt++)
		assert_int_equal(xp_pharaoh_read("alt", alt[k], strlen(alt[k]), 0, &s->alt[k], &e), 0);
	o.alt = s->alt;
	assert_int_equal(xp_bitext_lines(&s->al, NULL, &s->line, s->wa.nsent, &e), 0);
	assert_int_equal(xp_project(&s->en, &s->al, &s->wa, s->line, &o, &s->p, &e), 0);
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

static const float *feat(const setup *s, uint32_t id)
{
	for (size_t k = 0; k < s->p.n; k++)
		if (s->p.m[k].id == id)
			return s->p.feat + k * XP_NFEAT;
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

static void seeds(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	o.rules = 0;
	o.uncalibrated = 1;
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
	float x[XP_NFEAT] = {0};
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pronouns),
		cmocka_unit_test(seeds),
		cmocka_unit_test(explain_pronoun_group),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
