/* tests/unit/test_uconf.c — the doubts about an utterance's pairing
 * (align/uconf.c) on an episode of two scenes built by hand: none on the
 * aligner's own links; each kind of misalignment the held-out run showed
 * (a scene's first line paired with the episode's start, a scene
 * scrambled, lines shifted onto the next line's blocks) flagged with the
 * doubt that says why; the aligned corpus carries them. */
#include "testutil.h"
#include "align/uconf.h"
#include "io/transcript.h"

static const char *const lines[] = {
	"Good morning everybody, the coffee is ready in the kitchen.",
	"Thanks Monica, I really needed a cup after that long night.",
	"Did you finish the report for your boss yesterday?",
	"Not yet, the printer broke down twice before lunch.",
	"Maybe you should buy a new printer for the office.",
	"We have no money left in the budget this month.",
	"Then ask Chandler, he always knows somebody who can help.",
	"Good idea, I will call him after breakfast today.",
	"Welcome to the museum, please follow me to the dinosaur hall.",
	"How old are these bones that we are looking at now?",
	"They are about sixty five million years old, give or take.",
	"That is older than my grandmother, and she is very old.",
	"Please do not touch the skeleton, it is extremely fragile.",
	"Sorry, my son just wanted to see if the teeth were real.",
	"The gift shop is on the left as you leave the building.",
	"Thank you for the tour, it was the best part of our trip.",
};
enum { N = 16, SCENE = 8 };

static void episode(xp_corpus *c, xp_subs *s)
{
	xp_buf t = {0}, b = {0};
	for (int i = 0; i < N; i++)
		xp_buf_printf(&t, "sc%d\t%d-%d\tS\t%s\n", i / SCENE, i / SCENE, i % SCENE + 1, lines[i]);
	for (int j = 0; j < N; j++) {
		int at = 3 * j + (j >= SCENE ? 60 : 0);   /* a minute between the scenes */
		xp_buf_printf(&b, "%d\n00:%02d:%02d,000 --> 00:%02d:%02d,500\n%s\n\n", j + 1, at / 60, at % 60, at / 60,
			      at % 60 + 2, lines[j]);
	}
	xp_err e;
	assert_int_equal(xp_tsv_read_mem("t", t.p, t.n, c, &e), 0);
	assert_int_equal(xp_subs_read_mem("s", b.p, b.n, NULL, s, &e), 0);
	xp_buf_free(&t);
	xp_buf_free(&b);
}

typedef struct fix {
	xp_corpus c;
	xp_subs s;
	xp_episode ep;
	xp_turns T;
	xp_ulink *links;
	xp_unit *U, *B;
	uint32_t scene[N];
} fix;

static void setup(fix *f)
{
	memset(f, 0, sizeof *f);
	episode(&f->c, &f->s);
	xp_ualign_opts o;
	xp_ualign_defaults(&o);
	f->ep = (xp_episode){.transcript = &f->c, .doc_first = 0, .ndocs = f->c.ndocs, .en = &f->s, .tgt_lang = "", .unspaced_tokens = XP_TOK_CHARS, .opts = o};
	assert_int_equal(f->c.ndocs, 2);
	assert_int_equal(xp_turns_of(&f->s, &f->T), 0);
	size_t n;
	xp_err e;
	assert_int_equal(xp_turn_links(&f->ep, &f->T, &f->links, &n, &f->U, &e), 0);
	assert_int_equal(n, N);
	f->B = calloc(f->T.n, sizeof *f->B);
	xp_normalizer *z = xp_normalizer_new();
	for (size_t j = 0; j < f->T.n; j++)
		assert_int_equal(xp_unit_from_text(z, f->T.v[j].text.p, f->T.v[j].text.n, &f->B[j]), 0);
	xp_normalizer_free(z);
	for (int i = 0; i < N; i++)
		f->scene[i] = (uint32_t)(i / SCENE);
}

static void teardown(fix *f)
{
	xp_units_free(f->U, N), xp_units_free(f->B, f->T.n);
	free(f->links), free(f->T.v);
	xp_subs_free(&f->s);
	xp_corpus_free(&f->c);
}

static void doubts(fix *f, const xp_ulink *links, xp_uconf *out)
{
	assert_int_equal(xp_uconf_of(f->U, f->scene, N, &f->T, f->B, links, out), 0);
}

static void clean_links(void **state)
{
	(void)state;
	fix f;
	setup(&f);
	xp_uconf c[N];
	doubts(&f, f.links, c);
	for (int i = 0; i < N; i++) {
		assert_int_equal(f.links[i].first, i);   /* the aligner got them all */
		assert_int_equal(c[i].doubt, 0);
		assert_true(c[i].conf > 0.9);
	}
	teardown(&f);
}

static void start_scramble_shift(void **state)
{
	(void)state;
	fix f;
	setup(&f);
	xp_ulink l[N];
	xp_uconf c[N];
	char words[80];
	/* start: the second scene's first line paired with the episode's first block */
	memcpy(l, f.links, sizeof l);
	l[SCENE] = f.links[0];
	doubts(&f, l, c);
	assert_true(c[SCENE].doubt & XP_UDOUBT_SIM);
	assert_true(c[SCENE].doubt & XP_UDOUBT_ORDER);
	assert_true(c[SCENE].doubt & XP_UDOUBT_TIME);
	assert_true(c[SCENE].conf < 0.1);
	xp_udoubt_words(c[SCENE].doubt, words, sizeof words);
	assert_string_equal(words, "similarity, time, order");
	for (int i = SCENE + 2; i < N; i++)
		assert_int_equal(c[i].doubt, 0);   /* the rest of the scene is fine */
	/* scramble: the first scene's links rotated by one */
	memcpy(l, f.links, sizeof l);
	for (int i = 0; i < SCENE; i++)
		l[i] = f.links[(i + 1) % SCENE];
	doubts(&f, l, c);
	for (int i = 0; i < SCENE; i++)
		assert_true(c[i].doubt != 0);
	for (int i = SCENE + 1; i < N; i++)
		assert_int_equal(c[i].doubt, 0);
	/* shift: lines 2 and 4 paired with the next line's blocks */
	memcpy(l, f.links, sizeof l);
	l[2] = f.links[3], l[4] = f.links[5];
	doubts(&f, l, c);
	assert_true(c[2].doubt & XP_UDOUBT_SHARED);   /* now sharing line 3's block, and not in it */
	assert_true(c[4].doubt & XP_UDOUBT_SHARED);
	assert_int_equal(c[0].doubt, 0);
	assert_int_equal(c[7].doubt, 0);
	teardown(&f);
}

/* the episode aligner writes them into the aligned corpus */
static void in_the_aligned_corpus(void **state)
{
	(void)state;
	fix f;
	setup(&f);
	xp_aligned out = {0};
	xp_align_stats st = {0};
	xp_err e;
	assert_int_equal(xp_episode_align(&f.ep, &out, &st, &e), 0);
	assert_int_equal(out.n, N);
	assert_int_equal(st.doubtful, 0);
	for (size_t i = 0; i < out.n; i++) {
		assert_true(out.v[i].has_aconf);
		assert_int_equal(out.v[i].ndoubt, 0);
	}
	xp_aligned_free(&out);
	teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clean_links),
		cmocka_unit_test(start_scramble_shift),
		cmocka_unit_test(in_the_aligned_corpus),
	};
	return cmocka_run_group_tests_name("uconf", tests, NULL, NULL);
}
