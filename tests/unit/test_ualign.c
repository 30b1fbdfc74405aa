/* tests/unit/test_ualign.c — the utterance aligner on an episode built by
 * hand with every bead (song block, paraphrase, split, dash merge, dropped
 * line, 1-3 split), the three ways to the target text, and a turn's
 * target shared out among the utterances of an n-1 bead. */
#include "testutil.h"
#include "align/episode.h"
#include "align/share.h"
#include "io/transcript.h"

static const char *const utts[] = {
	"Hey Ross, how are you doing today?",
	"I'm fine. I just came back from the museum where I work, and the dinosaurs were amazing.",
	"Really?",
	"Yes.",
	"Where is Rachel?",
	"She went to the coffee house with Monica an hour ago.",
	"We are going to be late for the movie tonight.",
	"Okay everybody, listen to me. I have something very important to tell you all, and I want you to promise that nobody will laugh when I say it.",
	"Promise.",
	"Thank you very much.",
};

static const char *const blocks[] = {
	"\xe2\x99\xaa So no one told you life was gonna be this way \xe2\x99\xaa",
	"Hey Ross, how you doing today?",
	"I'm fine. I just came back from the museum",
	"where I work, and the dinosaurs were amazing.",
	"- Really?\n- Yes.",
	"She went to the coffee house with Monica an hour ago.",
	"[laughter]",
	"We're gonna be late for the movie tonight.",
	"Okay everybody, listen to me.",
	"I have something very important to tell you all,",
	"and I want you to promise that nobody will laugh when I say it.",
	"Promise.",
	"Thank you very much.",
};
enum { NU = 10, NB = 13 };

/* expected first block and count per utterance (-1: unaligned) */
static const int want[NU][2] = {{1, 1}, {2, 2}, {4, 1}, {4, 1}, {-1, 0},
				 {5, 1}, {7, 1}, {8, 3}, {11, 1}, {12, 1}};

static void load(xp_corpus *c, xp_subs *s, int bilingual)
{
	xp_buf t = {0}, b = {0};
	for (int i = 0; i < NU; i++)
		xp_buf_printf(&t, "ep\t1-%d\tS\t%s\n", i + 1, utts[i]);
	for (int j = 0; j < NB; j++) {
		xp_buf_printf(&b, "%d\n00:00:%02d,000 --> 00:00:%02d,900\n", j + 1, 2 * j, 2 * j + 1);
		if (bilingual && j == 4)
			xp_buf_printf(&b, "-真的吗  -是的\n");   /* split like the English */
		else if (bilingual)
			xp_buf_printf(&b, "中文%d\n", j + 1);
		xp_buf_printf(&b, "%s\n\n", blocks[j]);
	}
	xp_err e;
	assert_int_equal(xp_tsv_read_mem("t", t.p, t.n, c, &e), 0);
	assert_int_equal(xp_subs_read_mem("s", b.p, b.n, NULL, s, &e), 0);
	xp_buf_free(&t);
	xp_buf_free(&b);
}

static void every_bead(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_subs s = {0};
	load(&c, &s, 0);
	xp_episode ep = {&c, 0, c.ndocs, &s, NULL, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_ulink *l;
	size_t n;
	xp_err e;
	assert_int_equal(xp_episode_links(&ep, &l, &n, &e), 0);
	assert_int_equal(n, NU);
	for (int i = 0; i < NU; i++) {
		if (l[i].first != want[i][0] || (want[i][0] >= 0 && l[i].nblocks != want[i][1]))
			print_error("utterance %d: got block %d + %u, want %d + %d\n", i, l[i].first,
				    l[i].nblocks, want[i][0], want[i][1]);
		assert_int_equal(l[i].first, want[i][0]);
		if (want[i][0] >= 0) {
			assert_int_equal(l[i].nblocks, want[i][1]);
			assert_true(l[i].score >= 0.35 && l[i].score <= 1);
		}
	}
	free(l);
	/* a tiny band still finds it: the anchors steer */
	ep.opts.band = 2;
	assert_int_equal(xp_episode_links(&ep, &l, &n, &e), 0);
	assert_int_equal(l[7].first, 8);
	free(l);
	xp_subs_free(&s);
	xp_corpus_free(&c);
}

static void bilingual_target(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_subs s = {0};
	load(&c, &s, 1);
	assert_true(s.bilingual);
	xp_episode ep = {&c, 0, c.ndocs, &s, NULL, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_aligned out = {0};
	xp_align_stats st = {0};
	xp_err e;
	assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
	assert_int_equal(out.n, NU);
	assert_int_equal(st.aligned, NU - 1);
	assert_int_equal(st.empty_target, 1);
	const xp_autt *u1 = &out.v[1];
	assert_string_equal(u1->tgt_text, "中文3 中文4");
	assert_int_equal(u1->ntgt, 6);                   /* characters */
	assert_string_equal(u1->tgt[0], "中");
	assert_int_equal(u1->nen_subs, 2);
	assert_int_equal(u1->en_subs[0], 3);             /* block numbers as in the file */
	assert_int_equal(u1->ntgt_subs, 2);
	assert_string_equal(out.v[2].tgt_text, "真的吗");   /* a dash turn each */
	assert_string_equal(out.v[3].tgt_text, "是的");
	assert_int_equal(out.v[3].en_subs[0], 5);
	assert_int_equal(out.v[3].tgt_subs[0], 5);
	assert_int_equal(out.v[4].ntgt, 0);              /* the dropped line */
	assert_int_equal(out.v[4].nen_subs, 0);
	assert_string_equal(out.v[0].src[1], "Ross");
	assert_int_equal(out.v[0].utt, 0);
	xp_aligned_free(&out);
	/* word tokens for Chinese through ICU's dictionary */
	ep.unspaced_tokens = XP_TOK_WORDS;
	assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
	assert_true(out.v[1].ntgt < 6);
	xp_aligned_free(&out);
	xp_subs_free(&s);
	xp_corpus_free(&c);
}

/* "- This is Ross. - How are you?": the block's first turn ends one
 * utterance, its second is the next one.  The target has no dashes of its
 * own, so it goes whole with the longer English turn. */
static void dash_turns(void **state)
{
	(void)state;
	const char t[] = "ep\t1\tA\tHi! This is everybody, this is Ross.\n"
			 "ep\t2\tB\tHow are you?\n"
			 "ep\t3\tC\tFine, thanks.\n";
	/* TV4Dialog tags: the dash line's names its second turn's utterance */
	const char b[] = "1\n00:00:01,000 --> 00:00:02,000\n<1,A>大家好\n<1,A>Hi! This is everybody,\n\n"
			 "2\n00:00:02,000 --> 00:00:04,000\n<2,B>这是罗斯 你好\n<2,B>- this is Ross. -How are you?\n\n"
			 "3\n00:00:04,000 --> 00:00:05,000\n<3,C>很好\n<3,C>Fine, thanks.\n\n";
	xp_corpus c = {0};
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_tsv_read_mem("t", t, sizeof t - 1, &c, &e), 0);
	assert_int_equal(xp_subs_read_mem("s", b, sizeof b - 1, NULL, &s, &e), 0);
	assert_int_equal(s.v[1].ncut, 1);
	assert_int_equal(s.v[1].ntcut, 0);
	xp_str turn = xp_sub_turn(&s.v[1], 0, 1);
	assert_int_equal(turn.n, 12);
	assert_memory_equal(turn.p, "How are you?", 12);
	xp_episode ep = {&c, 0, c.ndocs, &s, NULL, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_ulink *l;
	size_t n;
	assert_int_equal(xp_episode_links(&ep, &l, &n, &e), 0);
	assert_int_equal(l[0].first, 0);
	assert_int_equal(l[0].nblocks, 2);   /* blocks 1 and 2 */
	assert_int_equal(l[1].first, 1);
	assert_int_equal(l[1].nblocks, 1);   /* block 2 */
	free(l);
	xp_aligned out = {0};
	xp_align_stats st = {0};
	assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
	assert_string_equal(out.v[0].tgt_text, "大家好 这是罗斯 你好");
	assert_int_equal(out.v[0].nen_subs, 2);
	assert_int_equal(out.v[1].ntgt, 0);
	assert_int_equal(out.v[1].nen_subs, 1);
	assert_int_equal(out.v[1].en_subs[0], 2);
	xp_aligned_free(&out);
	/* against the tags: (A, block 2) is right but no tag can say so */
	xp_tag_eval v = {0};
	assert_int_equal(xp_episode_eval(&ep, &v, NULL, NULL, &e), 0);
	assert_int_equal(v.tp, 3);
	assert_int_equal(v.fp, 0);
	assert_int_equal(v.fn, 0);
	assert_int_equal(v.etp, 3);
	assert_int_equal(v.efp, 1);
	xp_subs_free(&s);
	xp_corpus_free(&c);
}

static void target_by_time(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_subs s = {0}, z = {0};
	load(&c, &s, 0);
	/* the target file splits and shifts blocks: 3 covers the first half of
	 * English block 3, 4 its second half and a little of block 4 */
	const char zh[] = "1\n00:00:02,000 --> 00:00:02,900\n嘿\n\n"
			  "2\n00:00:04,000 --> 00:00:04,500\n我很好\n\n"
			  "3\n00:00:04,500 --> 00:00:06,950\n我刚从博物馆回来\n\n";
	xp_err e;
	assert_int_equal(xp_subs_read_mem("z", zh, sizeof zh - 1, NULL, &z, &e), 0);
	xp_episode ep = {&c, 0, c.ndocs, &s, &z, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_aligned out = {0};
	xp_align_stats st = {0};
	assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
	assert_string_equal(out.v[0].tgt_text, "嘿");
	assert_string_equal(out.v[1].tgt_text, "我很好 我刚从博物馆回来");
	assert_int_equal(out.v[2].ntgt_subs, 0);
	xp_aligned_free(&out);
	xp_subs_free(&s);
	xp_subs_free(&z);
	xp_corpus_free(&c);
}

static void target_by_links(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_subs en = {0}, zh = {0};
	xp_xces x = {0};
	xp_err e;
	const char t[] = "ep\t1\tRoss\tHey, Joey.\nep\t2\tRoss\tHow you doin'?\nep\t3\tJoey\tRaw text, no tokens.\n";
	assert_int_equal(xp_tsv_read_mem("t", t, sizeof t - 1, &c, &e), 0);
	assert_int_equal(xp_opus_read(FIX("opus/en.xml"), NULL, &en, &e), 0);
	assert_int_equal(xp_opus_read(FIX("opus/zh.xml"), NULL, &zh, &e), 0);
	assert_int_equal(xp_xces_read(FIX("opus/en-zh.xml"), NULL, NULL, &x, &e), 0);
	xp_episode ep = {&c, 0, c.ndocs, &en, &zh, &x.g[0], "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_aligned out = {0};
	xp_align_stats st = {0};
	assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
	assert_string_equal(out.v[0].tgt_text, "嘿，乔伊。");
	assert_string_equal(out.v[1].tgt_text, "你好吗？");
	assert_int_equal(out.v[2].ntgt, 0);               /* linked to nothing: "3;" */
	xp_aligned_free(&out);
	xp_subs_free(&en);
	xp_subs_free(&zh);
	xp_xces_free(&x);
	xp_corpus_free(&c);
}

/* A scene alone against its whole episode's subtitles, made up: thirteen
 * lines of a chess game among 286 blocks of other talk, of which many name
 * three things of the scene's longest line (the library, the lantern ...).
 * Words rare in the scene are common in the file; the band must still find
 * the scene wherever it lies, at the default band.  Before anchors had to be
 * their utterance's strongest block, the stray blocks chained along that
 * one line and the band ran past the scene (in the middle: no line where it
 * is, the long one 100 blocks off).  Its first three lines have no rare
 * word, so no anchor: with M / N (23 blocks a line) before the first anchor
 * rather than the chain's slope, the band misses the first two. */
static const char *const scene[] = {
	"Ready?",
	"Really?",
	"Sure.",
	"Checkmate in three moves, Tessa.",
	"You cannot be serious.",
	"My bishop takes your knight and then your queen falls.",
	"Fine, I surrender the whole board.",
	"Then we shall play again tomorrow at the library after lunch, and bring the blue notebook, the brass lantern and the old umbrella from the cupboard.",
	"Only if you promise not to gloat.",
	"I never gloat, I merely observe.",
	"Goodnight, Marlow.",
	"Sleep well, Tessa.",
	"Lock the door behind you.",
};
enum { NS = 13, NSB = 14, NEP = 300, LONG = 7 };
/* the scene's blocks are its lines, but the long one is two */
static const char *const long_line[2] = {
	"Then we shall play again tomorrow at the library after lunch,",
	"and bring the blue notebook, the brass lantern and the old umbrella from the cupboard.",
};

static const char *scene_block(int k)
{
	return k < LONG ? scene[k] : k <= LONG + 1 ? long_line[k - LONG] : scene[k - 1];
}

/* block j of a made-up episode: two seconds a block */
static void block_time(xp_buf *b, int j)
{
	xp_buf_printf(b, "%d\n00:%02d:%02d,000 --> 00:%02d:%02d,900\n", j + 1, 2 * j / 60, 2 * j % 60,
		      2 * j / 60, 2 * j % 60);
}

/* the links of transcript t (TSV) against subtitles b (SRT) at the default
 * band, want_n of them; frees t and b */
static xp_ulink *episode_links(xp_buf *t, xp_buf *b, size_t want_n)
{
	xp_corpus c = {0};
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_tsv_read_mem("t", t->p, t->n, &c, &e), 0);
	assert_int_equal(xp_subs_read_mem("s", b->p, b->n, NULL, &s, &e), 0);
	xp_buf_free(t);
	xp_buf_free(b);
	xp_episode ep = {&c, 0, c.ndocs, &s, NULL, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_ulink *l;
	size_t n;
	assert_int_equal(xp_episode_links(&ep, &l, &n, &e), 0);
	assert_int_equal(n, want_n);
	xp_subs_free(&s);
	xp_corpus_free(&c);
	return l;
}

static void scene_at(int at)
{
	static const char *const things[] = {"library", "lantern", "umbrella", "notebook",
					     "cupboard", "lunch", "brass"};
	xp_buf t = {0}, b = {0};
	for (int i = 0; i < NS; i++)
		xp_buf_printf(&t, "ep\t7-%d\tS\t%s\n", i + 1, scene[i]);
	for (int j = 0; j < NEP; j++) {
		block_time(&b, j);
		if (j >= at && j < at + NSB)
			xp_buf_printf(&b, "%s\n\n", scene_block(j - at));
		else if (j % 3)
			xp_buf_printf(&b, "Did anyone see the %s, the %s or the %s? Number %d.\n\n",
				      things[j % 7], things[(j + 2) % 7], things[(j + 4) % 7], j);
		else
			xp_buf_printf(&b, "Somebody parked a truck on lawn %d again.\n\n", j);
	}
	xp_ulink *l = episode_links(&t, &b, NS);
	int aligned = 0;
	for (int i = 0; i < NS; i++) {
		int want = at + i + (i > LONG), wantn = i == LONG ? 2 : 1;
		if (l[i].first != want || l[i].nblocks != wantn)
			print_error("scene at %d, utterance %d: got block %d + %u, want %d + %d\n", at, i,
				    l[i].first, l[i].nblocks, want, wantn);
		aligned += l[i].first == want && l[i].nblocks == wantn;
	}
	assert_int_equal(aligned, NS);
	free(l);
}

static void scene_alone(void **state)
{
	(void)state;
	scene_at(150);           /* the middle of the episode */
	scene_at(0);             /* its first scene */
	scene_at(NEP - NSB);     /* its last */
}

/* Two scenes of one episode in one transcript, far apart in its subtitles
 * (made up: six lines of a bakery at blocks 40.., eight of a rocket launch
 * at 220.., every other block talk of neither).  Every line has rare words,
 * so every line is an anchor; but the row between the scenes, the last
 * bakery line done and the first rocket one not begun, lies between two
 * anchors 180 blocks apart.  Before, the band followed the straight line
 * between them and centred that row mid-gap, out of reach of both scenes:
 * the bakery's last line and the rocket's first were left unaligned.  The
 * band now spans the jump. */
static const char *const bakery[] = {
	"Flour, butter and sugar for the croissants.",
	"The oven needs fifteen minutes to warm up.",
	"Who ate the raspberry tart from the window?",
	"Guilty, but the crust was perfect.",
	"Then bake another tray before the market opens.",
	"Fine, pass me the rolling pin and the apron.",
};
static const char *const rocket[] = {
	"Ignition sequence starts in ten seconds, commander.",
	"Fuel pressure is steady on both boosters.",
	"Telemetry shows the capsule hatch sealed.",
	"Roger, mission control, we are go for launch.",
	"Weather over the launch pad is clear.",
	"Engines throttle up to full thrust.",
	"Liftoff, the tower is cleared.",
	"Orbit insertion in nine minutes, crew.",
};
enum { NBAK = 6, NROC = 8, BAK_AT = 40, ROC_AT = 220 };

static void scenes_apart(void **state)
{
	(void)state;
	xp_buf t = {0}, b = {0};
	for (int i = 0; i < NBAK; i++)
		xp_buf_printf(&t, "ep\t3-%d\tS\t%s\n", i + 1, bakery[i]);
	for (int i = 0; i < NROC; i++)
		xp_buf_printf(&t, "ep\t9-%d\tS\t%s\n", i + 1, rocket[i]);
	for (int j = 0; j < NEP; j++) {
		block_time(&b, j);
		if (j >= BAK_AT && j < BAK_AT + NBAK)
			xp_buf_printf(&b, "%s\n\n", bakery[j - BAK_AT]);
		else if (j >= ROC_AT && j < ROC_AT + NROC)
			xp_buf_printf(&b, "%s\n\n", rocket[j - ROC_AT]);
		else
			xp_buf_printf(&b, "Nobody fed goldfish number %d yesterday.\n\n", j);
	}
	xp_ulink *l = episode_links(&t, &b, NBAK + NROC);
	int aligned = 0;
	for (int i = 0; i < NBAK + NROC; i++) {
		int want = i < NBAK ? BAK_AT + i : ROC_AT + i - NBAK;
		if (l[i].first != want || l[i].nblocks != 1)
			print_error("utterance %d: got block %d + %u, want %d + 1\n", i, l[i].first,
				    l[i].nblocks, want);
		aligned += l[i].first == want && l[i].nblocks == 1;
	}
	assert_int_equal(aligned, NBAK + NROC);
	free(l);
}

/* Two n-1 beads of a bilingual file: one block holds two speakers' lines
 * without dashes on the English side (its target has them), the other
 * holds one utterance's words only, its neighbour "Hi." merged in by "hi".
 * Each used to give both utterances the whole target. */
static void shared_turn(void **state)
{
	(void)state;
	const char t[] = "ep\t1\tA\tWho is it?\n"
			 "ep\t2\tB\tYour mother.\n"
			 "ep\t3\tC\tHi.\n"
			 "ep\t4\tD\tHi. That is not a happy hi.\n"
			 "ep\t5\tE\tCarol's pregnant.\n";
	const char b[] = "1\n00:00:01,000 --> 00:00:03,000\n谁打来的  -你妈妈\nWho is it? Your mother.\n\n"
			 "2\n00:00:04,000 --> 00:00:06,000\n听语气不怎么开心啊\nWow. That is not a happy hi.\n\n"
			 "3\n00:00:07,000 --> 00:00:08,000\n卡罗尔怀孕了\nCarol's pregnant.\n\n";
	xp_corpus c = {0};
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_tsv_read_mem("t", t, sizeof t - 1, &c, &e), 0);
	assert_int_equal(xp_subs_read_mem("s", b, sizeof b - 1, NULL, &s, &e), 0);
	assert_int_equal(s.v[0].ncut, 0);   /* no English dash: one turn */
	xp_episode ep = {&c, 0, c.ndocs, &s, NULL, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
	xp_ulink *l;
	size_t n;
	assert_int_equal(xp_episode_links(&ep, &l, &n, &e), 0);
	assert_int_equal(n, 5);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(l[i].first, i / 2);
		assert_int_equal(l[i].nutts, 2);
	}
	free(l);
	xp_aligned out = {0};
	xp_align_stats st = {0};
	assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
	assert_string_equal(out.v[0].tgt_text, "谁打来的");
	assert_string_equal(out.v[1].tgt_text, "你妈妈");   /* its dash gone, as a turn's */
	assert_int_equal(out.v[0].tgt_subs[0], 1);
	assert_int_equal(out.v[1].tgt_subs[0], 1);
	assert_string_equal(out.v[2].tgt_text, "");
	assert_int_equal(out.v[2].ntgt, 0);
	assert_int_equal(out.v[2].ntgt_subs, 0);
	assert_int_equal(out.v[2].nen_subs, 1);           /* still shown its line */
	assert_string_equal(out.v[3].tgt_text, "听语气不怎么开心啊");
	assert_string_equal(out.v[4].tgt_text, "卡罗尔怀孕了");
	assert_int_equal(st.empty_target, 1);
	xp_aligned_free(&out);
	xp_subs_free(&s);
	xp_corpus_free(&c);
}

/* The same n-1 bead with the target in its own file, by time: "Hey." and
 * "Hey." are one English line "Hey. Hey." (an n-1 bead), and the target
 * has one cue for it.  The first utterance took the whole cue, the second
 * nothing, where the bilingual file's turn is cut (share.h); now the cue is
 * cut the same way.  Two cues are dealt out one each, as before. */
static void shared_turn_by_time(void **state)
{
	(void)state;
	const char t[] = "ep\t1\tA\tWho is it?\nep\t2\tB\tHey.\nep\t3\tC\tHey.\nep\t4\tE\tCarol's pregnant.\n";
	const char en[] = "1\n00:00:01,000 --> 00:00:03,000\nWho is it?\n\n"
			  "2\n00:00:04,000 --> 00:00:06,000\nHey. Hey.\n\n"
			  "3\n00:00:07,000 --> 00:00:08,000\nCarol's pregnant.\n\n";
	const char one[] = "1\n00:00:01,000 --> 00:00:03,000\n谁打来的\n\n"
			   "2\n00:00:04,000 --> 00:00:06,000\n嘿！嘿！\n\n"
			   "3\n00:00:07,000 --> 00:00:08,000\n卡罗尔怀孕了\n\n";
	const char two[] = "1\n00:00:01,000 --> 00:00:03,000\n谁打来的\n\n"
			   "2\n00:00:04,000 --> 00:00:05,000\n嘿！\n\n"
			   "3\n00:00:05,000 --> 00:00:06,000\n你好！\n\n"
			   "4\n00:00:07,000 --> 00:00:08,000\n卡罗尔怀孕了\n\n";
	const char *const tg[] = {one, two};
	const char *const want[][2] = {{"嘿！", "嘿！"}, {"嘿！", "你好！"}};
	for (int k = 0; k < 2; k++) {
		xp_corpus c = {0};
		xp_subs s = {0}, z = {0};
		xp_err e;
		assert_int_equal(xp_tsv_read_mem("t", t, sizeof t - 1, &c, &e), 0);
		assert_int_equal(xp_subs_read_mem("s", en, sizeof en - 1, NULL, &s, &e), 0);
		assert_int_equal(xp_subs_read_mem("z", tg[k], strlen(tg[k]), NULL, &z, &e), 0);
		xp_episode ep = {&c, 0, c.ndocs, &s, &z, NULL, "zh", XP_TOK_CHARS, {40, 0.35}};
		xp_aligned out = {0};
		xp_align_stats st = {0};
		assert_int_equal(xp_episode_align(&ep, &out, &st, &e), 0);
		assert_int_equal(out.n, 4);
		assert_string_equal(out.v[0].tgt_text, "谁打来的");
		assert_string_equal(out.v[1].tgt_text, want[k][0]);
		assert_string_equal(out.v[2].tgt_text, want[k][1]);
		assert_int_equal(out.v[1].ntgt_subs, 1);
		assert_int_equal(out.v[2].ntgt_subs, 1);
		assert_int_equal(out.v[1].tgt_subs[0], 2);   /* the cue it is cut from */
		assert_int_equal(out.v[2].tgt_subs[0], k ? 3 : 2);
		assert_string_equal(out.v[3].tgt_text, "卡罗尔怀孕了");
		assert_int_equal(st.empty_target, 0);
		xp_aligned_free(&out);
		xp_subs_free(&s);
		xp_subs_free(&z);
		xp_corpus_free(&c);
	}
}

/* piece k of tgt as xp_share_cuts cut it */
static void want_pieces(const char *en, const char *const *u, size_t g, const char *tgt, int unspaced,
			const char *const *want)
{
	xp_normalizer *z = xp_normalizer_new();
	size_t cut[XP_SHARE_MAX + 1];
	xp_str t = {tgt, strlen(tgt)};
	assert_non_null(z);
	assert_int_equal(xp_share_cuts(z, (xp_str){en, strlen(en)}, u, g, t, unspaced, cut), 0);
	assert_int_equal(cut[0], 0);
	assert_int_equal(cut[g], t.n);   /* every byte to one utterance */
	for (size_t k = 0; k < g; k++) {
		assert_true(cut[k] <= cut[k + 1]);
		xp_str p = xp_share_piece(t, cut[k], cut[k + 1]);
		if (p.n != strlen(want[k]) || memcmp(p.p, want[k], p.n))
			print_error("piece %zu: got '%.*s', want '%s'\n", k, (int)p.n, p.p, want[k]);
		assert_int_equal(p.n, strlen(want[k]));
		assert_memory_equal(p.p, want[k], p.n);
	}
	xp_normalizer_free(z);
}

static void share_cuts(void **state)
{
	(void)state;
	/* a dash in the target first, though a sentence ends nearer */
	want_pieces("Who is it? Your mother.", (const char *const[]){"Who is it?", "Your mother."}, 2,
		    "谁。打来的 -你妈妈", 1, (const char *const[]){"谁。打来的", "你妈妈"});
	/* then a sentence's end (no space after it in Chinese) */
	want_pieces("Who is it? Your mother.", (const char *const[]){"Who is it?", "Your mother."}, 2,
		    "谁打来的？你妈妈。", 1, (const char *const[]){"谁打来的？", "你妈妈。"});
	/* then a phrase break: two spaces, or one in a script without spaces */
	want_pieces("One, two, three.", (const char *const[]){"One.", "Two.", "Three."}, 3, "一  二  三", 0,
		    (const char *const[]){"一", "二", "三"});
	want_pieces("One, two, three.", (const char *const[]){"One.", "Two.", "Three."}, 3, "一 二 三", 1,
		    (const char *const[]){"一", "二", "三"});
	/* a dash with a space after it opens a turn after a sentence's end only:
	 * else it is a pause, no place to cut */
	want_pieces("Who is it? Your mother.", (const char *const[]){"Who is it?", "Your mother."}, 2,
		    "qui est-ce ? - ta mere", 0, (const char *const[]){"qui est-ce ?", "ta mere"});
	want_pieces("Who is it? Your mother.", (const char *const[]){"Who is it?", "Your mother."}, 2,
		    "qui est - tu sais - ta mere", 0, (const char *const[]){"", "qui est - tu sais - ta mere"});
	/* a spaced language's single spaces are words, not places to cut: the
	 * whole goes with the larger English part ("Your mother.") */
	want_pieces("Who is it? Your mother.", (const char *const[]){"Who is it?", "Your mother."}, 2,
		    "qui est ce ta mere", 0, (const char *const[]){"", "qui est ce ta mere"});
	/* words of the second only: the first gets nothing; so does a third
	 * with none of them, and a fourth that holds them but comes later */
	want_pieces("Wow. That is not a happy hi.",
		    (const char *const[]){"Hey, Paul.", "Hi. That is not a happy hi.", "Oh.", "Not happy."}, 4,
		    "听语气  不怎么开心啊", 1, (const char *const[]){"", "听语气  不怎么开心啊", "", ""});
	/* none of the utterances' words: the last has it all */
	want_pieces("...", (const char *const[]){"Hi.", "Bye."}, 2, "好", 1, (const char *const[]){"", "好"});
	want_pieces("", (const char *const[]){"Hi.", "Bye."}, 2, "好", 1, (const char *const[]){"", "好"});
	/* a cut nearer the text's start than any place gives the whole to the later one */
	want_pieces("Ross! How crazy that we would run into you, this far from home, on this very day.",
		    (const char *const[]){"Ross!", "How crazy that we would run into you, this far from home, on this very day."}, 2,
		    "居然会在这里遇见你 离家这么远 就在今天 罗斯", 1,
		    (const char *const[]){"", "居然会在这里遇见你 离家这么远 就在今天 罗斯"});
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_bead),
		cmocka_unit_test(bilingual_target),
		cmocka_unit_test(dash_turns),
		cmocka_unit_test(target_by_time),
		cmocka_unit_test(target_by_links),
		cmocka_unit_test(scene_alone),
		cmocka_unit_test(scenes_apart),
		cmocka_unit_test(shared_turn),
		cmocka_unit_test(shared_turn_by_time),
		cmocka_unit_test(share_cuts),
	};
	return cmocka_run_group_tests_name("ualign", tests, NULL, NULL);
}
