/* tests/unit/test_project.c — projection on hand-built cases: every span
 * rule and filter, every null cause, every collision policy, pro-drop,
 * confidence and the character view. */
#include "testutil.h"
#include "lang/np.h"
#include "lang/pron.h"
#include "io/conll.h"
#include "lang/prodrop.h"
#include "project/project.h"
#include "lang/lang.h"

/* English: one document, sentences as "w w w|(0) - (1 1)" columns */
typedef struct setup {
	xp_corpus en;
	xp_aligned al;
	xp_walign wa;
	uint32_t *line;
	xp_projection p;
} setup;

/* conll: the English document; aligned: JSONL records; ph: Pharaoh lines */
static void run(setup *s, const char *conll, const char *aligned, const char *ph, const char *probs,
		const xp_proj_opts *o)
{
	memset(s, 0, sizeof *s);
	xp_err e = {0};
	assert_int_equal(xp_conll_read("en", conll, strlen(conll), NULL, &s->en, &e), 0);
	assert_int_equal(xp_aligned_read_mem("al", aligned, strlen(aligned), &s->al, &e), 0);
	assert_int_equal(xp_pharaoh_read("ph", ph, strlen(ph), 0, &s->wa, &e), 0);
	if (probs)
		assert_int_equal(xp_probs_read("pr", probs, strlen(probs), &s->wa, &e), 0);
	assert_int_equal(xp_bitext_lines(&s->al, NULL, &s->line, s->wa.nsent, &e), 0);
	assert_int_equal(xp_check_alignment(&s->al, s->line, &s->wa, "ph", &e), 0);
	assert_int_equal(xp_project(&s->en, &s->al, &s->wa, s->line, o, &s->p, &e), 0);
}

static void done(setup *s)
{
	xp_projection_free(&s->p);
	free(s->line);
	xp_walign_free(&s->wa);
	xp_aligned_free(&s->al);
	xp_corpus_free(&s->en);
}

static const xp_proj_mention *by_id(const setup *s, uint32_t id)
{
	for (size_t k = 0; k < s->p.n; k++)
		if (s->p.m[k].id == id)
			return &s->p.m[k];
	fail();
	return NULL;
}

static void span_is(const setup *s, uint32_t id, int utt, uint32_t a, uint32_t b)
{
	const xp_proj_mention *m = by_id(s, id);
	assert_int_equal(m->fate, XP_PROJECTED);
	assert_int_equal(m->tgt_utt, utt);
	assert_int_equal(m->tgt_start, a);
	assert_int_equal(m->tgt_end, b);
}

/* "I saw the big red car ." -> a b c d e f g h i;  ids: 0 I, 1 "the big red car" */
static const char CAR[] =
	"#begin document (d); part 000\n"
	"d\t0\t0\tI\t(1)\nd\t0\t1\tsaw\t-\nd\t0\t2\tthe\t(2\nd\t0\t3\tbig\t-\nd\t0\t4\tred\t-\n"
	"d\t0\t5\tcar\t2)\nd\t0\t6\t.\t-\n#end document\n";
static const char CAR_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"saw\",\"the\",\"big\",\"red\",\"car\",\".\"],"
	"\"tgt_text\":\"a b c d e , g h 。\",\"tgt\":[\"a\",\"b\",\"c\",\"d\",\"e\",\",\",\"g\",\"h\",\"。\"]}\n";
/* the -> d(3), red -> e(4), big -> g(6), car -> h(7): runs {3,4} and {6,7} */
static const char CAR_PH[] = "1-1 2-3 4-4 3-6 5-7 6-8\n";

static void rules(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	run(&s, CAR, CAR_AL, CAR_PH, NULL, &o);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_UNALIGNED);      /* "I": no link */
	span_is(&s, 1, 0, 3, 8);                                        /* minmax */
	assert_true(fabs(by_id(&s, 1)->conf - 0.8) < 1e-6);             /* 4 aligned of 5, all reached */
	done(&s);
	o.span.rule = XP_RULE_BLOCK;                                    /* largest run, leftmost on a tie */
	run(&s, CAR, CAR_AL, CAR_PH, NULL, &o);
	span_is(&s, 1, 0, 3, 5);
	done(&s);
	o.span.gap = 1;                                                 /* runs joined across 1 gap */
	run(&s, CAR, CAR_AL, CAR_PH, NULL, &o);
	span_is(&s, 1, 0, 3, 8);
	done(&s);
	xp_proj_defaults(&o);
	o.span.max_ratio = 1.2;                                         /* 5 tokens for 4 aligned */
	run(&s, CAR, CAR_AL, CAR_PH, NULL, &o);
	assert_int_equal(by_id(&s, 1)->fate, XP_NULL_FILTERED);
	assert_int_equal(s.p.total.fate[XP_NULL_FILTERED], 1);
	done(&s);
	o.span.max_ratio = 1.25;
	run(&s, CAR, CAR_AL, CAR_PH, NULL, &o);
	span_is(&s, 1, 0, 3, 8);
	done(&s);
}

/* trim punctuation at the edges; a span of punctuation only is filtered */
static void punctuation_and_probabilities(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	o.span.trim_punct = 1;
	const char ph[] = "0-0 2-3 3-4 4-4 5-5 5-6\n";   /* "the" -> d, "car" -> , and g */
	run(&s, CAR, CAR_AL, ph, NULL, &o);
	span_is(&s, 1, 0, 3, 7);       /* d e , g -> trimmed nothing at the edges */
	done(&s);
	run(&s, CAR, CAR_AL, "2-5 3-3 4-6 5-8\n", NULL, &o);
	span_is(&s, 1, 0, 3, 8);       /* d , g h 。 -> the final 。 trimmed */
	done(&s);
	const char ph2[] = "0-0 2-5 5-5\n";                 /* only "," */
	run(&s, CAR, CAR_AL, ph2, NULL, &o);
	assert_int_equal(by_id(&s, 1)->fate, XP_NULL_FILTERED);
	done(&s);
	/* link probabilities: below --min-prob they do not count */
	xp_proj_defaults(&o);
	o.span.min_prob = 0.5;
	run(&s, CAR, CAR_AL, "0-0 2-3 5-7\n", "0.2 0.9 0.3\n", &o);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_FILTERED);          /* its only link is weak */
	span_is(&s, 1, 0, 3, 4);
	assert_true(fabs(by_id(&s, 1)->conf - 0.9 * 0.25) < 1e-6);       /* p 0.9, 1 of 4 tokens reach */
	done(&s);
}

/* empty target, out of range, left-out sentences, character view */
static void causes_and_sentences(void **state)
{
	(void)state;
	const char conll[] =
		"#begin document (d); part 000\n"
		"d\t0\t0\tHe\t(1)\nd\t0\t1\tleft\t-\n\n"
		"d\t0\t0\tIt\t(2)\nd\t0\t1\trained\t-\n\n"
		"d\t0\t0\tWe\t(3)\nd\t0\t1\tran\t-\n#end document\n";
	const char al[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"He\",\"left\"],\"tgt\":[]}\n"
		"{\"doc\":\"d\",\"part\":0,\"utt\":1,\"src\":[\"It\",\"rained\"],\"tgt_text\":\"下雨了\",\"tgt\":[\"下雨\",\"了\"]}\n"
		"{\"doc\":\"d\",\"part\":0,\"utt\":2,\"src\":[\"They\",\"ran\"],\"tgt_text\":\"跑\",\"tgt\":[\"跑\"]}\n";
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	o.chars = 1;
	run(&s, conll, al, "0-0\n0-0\n", NULL, &o);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_EMPTY_TARGET);
	span_is(&s, 1, 0, 0, 2);                   /* 下雨 is two characters */
	assert_int_equal(by_id(&s, 2)->fate, XP_NULL_OUT_OF_RANGE);   /* "They" is not "We" */
	const xp_doc *t = &s.p.out.docs[0];
	assert_int_equal(t->nutts, 2);             /* "He left" has no target: left out */
	assert_string_equal(t->utts[0].text, "下雨了");
	assert_int_equal(t->utts[0].ntoks, 3);
	assert_int_equal(s.p.docs[0].en_utt_of[0], 1);
	assert_int_equal(s.p.total.no_target, 1);
	assert_int_equal(t->nmentions, 1);
	assert_int_equal(t->mentions[0].id, 1);    /* the English id */
	done(&s);
}

/* collisions: "Ross" (cluster 1) and "his" (cluster 2) on one span;
 * "he" (cluster 1) on Ross's span too */
static const char COL[] =
	"#begin document (d); part 000\n"
	"d\t0\t0\tRoss\t(1)\nd\t0\t1\tand\t-\nd\t0\t2\this\t(2)\nd\t0\t3\the\t(1)\n#end document\n";
static const char COL_AL[] =
	"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"Ross\",\"and\",\"his\",\"he\"],\"tgt\":[\"x\",\"y\"]}\n";
static const char COL_PH[] = "0-0 2-0 3-0\n";

static void collisions(void **state)
{
	(void)state;
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	run(&s, COL, COL_AL, COL_PH, NULL, &o);                         /* keep-first */
	span_is(&s, 0, 0, 0, 1);
	assert_int_equal(by_id(&s, 1)->fate, XP_COLLIDED);
	assert_int_equal(by_id(&s, 1)->same_as, 0);
	assert_int_equal(by_id(&s, 2)->fate, XP_SAME_SPAN);              /* coreferent: kept once */
	assert_int_equal(s.p.total.collisions, 1);
	assert_int_equal(s.p.out.docs[0].nmentions, 1);
	done(&s);
	o.collide = XP_COLLIDE_MERGE;
	run(&s, COL, COL_AL, COL_PH, NULL, &o);
	assert_int_equal(s.p.total.merged_clusters, 1);
	assert_int_equal(s.p.out.docs[0].nmentions, 1);
	assert_int_equal(s.p.total.collisions, 1);
	done(&s);
	o.collide = XP_COLLIDE_DROP;
	run(&s, COL, COL_AL, COL_PH, NULL, &o);
	assert_int_equal(s.p.out.docs[0].nmentions, 0);
	assert_int_equal(by_id(&s, 0)->fate, XP_COLLIDED);
	done(&s);
	/* nested and crossing spans are kept and counted */
	xp_proj_defaults(&o);
	run(&s, COL, COL_AL, "0-0 0-1 2-1\n", NULL, &o);
	assert_int_equal(s.p.out.docs[0].nmentions, 2);
	assert_int_equal(s.p.total.nested, 1);
	assert_int_equal(s.p.total.crossing, 0);
	done(&s);
	/* one span starting where a longer one starts is inside it, not crossing it */
	run(&s, COL, COL_AL, "0-0 0-1 2-0\n", NULL, &o);
	assert_int_equal(s.p.total.nested, 1);
	assert_int_equal(s.p.total.crossing, 0);
	done(&s);
}

/* German, French, Portuguese (lang.h xp_lang_pack.pronouns, .marked): an
 * English pronoun no link reaches takes the pack's pronoun beside where its
 * neighbours' links land; a word the annotation always marks is a mention */
static void pack_pronouns(void **state)
{
	(void)state;
	/* "that" (relative) unaligned: the unlinked der after the comma, not
	 * the article der that "the" is linked to */
	const char conll[] = "#begin document (d); part 000\n"
			     "d\t0\t0\tthe\t(1\nd\t0\t1\tdog\t1)\nd\t0\t2\tthat\t(1)\nd\t0\t3\tbarks\t-\n"
			     "d\t0\t4\t.\t-\n#end document\n";
	const char al[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"the\",\"dog\",\"that\",\"barks\",\".\"],"
			  "\"tgt_lang\":\"de\",\"tgt_text\":\"der Hund , der bellt .\","
			  "\"tgt\":[\"der\",\"Hund\",\",\",\"der\",\"bellt\",\".\"]}\n";
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	run(&s, conll, al, "0-0 1-1 3-4 4-5\n", NULL, &o);
	span_is(&s, 1, 0, 3, 4);
	assert_true(by_id(&s, 1)->rule & XP_LR_FREE_PRONOUN);
	done(&s);
	o.rules &= ~(unsigned)XP_LR_FREE_PRONOUN;
	run(&s, conll, al, "0-0 1-1 3-4 4-5\n", NULL, &o);
	assert_int_equal(by_id(&s, 1)->fate, XP_NULL_UNALIGNED);
	done(&s);
	/* the pronoun must stand within two words of its neighbours' links:
	 * "it" between "and" and "works", es far off is another's */
	const char c2[] = "#begin document (d); part 000\n"
			  "d\t0\t0\tand\t-\nd\t0\t1\tit\t(1)\nd\t0\t2\tworks\t-\n#end document\n";
	const char a2[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"and\",\"it\",\"works\"],"
			  "\"tgt_lang\":\"fr\",\"tgt_text\":\"et ça marche , a b c d il\","
			  "\"tgt\":[\"et\",\"ça\",\"marche\",\",\",\"a\",\"b\",\"c\",\"d\",\"il\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c2, a2, "0-0 2-2\n", NULL, &o);
	span_is(&s, 0, 0, 1, 2);
	done(&s);
	run(&s, c2, a2, "0-4 2-5\n", NULL, &o);   /* links elsewhere: il is out of reach */
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_UNALIGNED);
	done(&s);
	/* marked: Es of a sentence whose English has no mention is one of its own */
	const char c3[] = "#begin document (d); part 000\nd\t0\t0\tRain\t-\nd\t0\t1\tfalls\t-\n#end document\n";
	const char a3[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"Rain\",\"falls\"],"
			  "\"tgt_lang\":\"de\",\"tgt_text\":\"Es regnet\",\"tgt\":[\"Es\",\"regnet\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c3, a3, "1-1\n", NULL, &o);
	assert_int_equal(s.p.out.docs[0].nmentions, 1);
	assert_int_equal(s.p.out.docs[0].mentions[0].start, 0);
	assert_int_equal(s.p.out.docs[0].mentions[0].end, 1);
	assert_int_equal(s.p.total.np[__builtin_ctzll(XP_NP_MARKED)], 1);
	done(&s);
	o.np &= ~XP_NP_MARKED;
	run(&s, c3, a3, "1-1\n", NULL, &o);
	assert_int_equal(s.p.out.docs[0].nmentions, 0);
	done(&s);
	/* relative: ", der" after its antecedent joins its cluster; ", die
	 * Katze" is the article (German writes nouns with a capital) */
	const char c5[] = "#begin document (d); part 000\n"
			  "d\t0\t0\tthe\t(7\nd\t0\t1\tdog\t7)\nd\t0\t2\twho\t-\nd\t0\t3\tbarks\t-\n#end document\n";
	const char a5[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"the\",\"dog\",\"who\",\"barks\"],"
			  "\"tgt_lang\":\"de\",\"tgt_text\":\"der Hund , der bellt , die Katze\","
			  "\"tgt\":[\"der\",\"Hund\",\",\",\"der\",\"bellt\",\",\",\"die\",\"Katze\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c5, a5, "0-0 1-1 3-4\n", NULL, &o);
	const xp_doc *td = &s.p.out.docs[0];
	assert_int_equal(td->nmentions, 2);
	assert_int_equal(td->mentions[1].start, 3);
	assert_int_equal(td->mentions[1].cluster, td->mentions[0].cluster);
	assert_int_equal(s.p.total.np[__builtin_ctzll(XP_NP_RELATIVE)], 1);
	done(&s);
	o.np &= ~XP_NP_RELATIVE;
	run(&s, c5, a5, "0-0 1-1 3-4\n", NULL, &o);
	assert_int_equal(s.p.out.docs[0].nmentions, 1);
	done(&s);
	/* relatives_any: the French qui needs no comma */
	const char a8[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"the\",\"dog\",\"who\",\"barks\"],"
			  "\"tgt_lang\":\"fr\",\"tgt_text\":\"le chien qui aboie\","
			  "\"tgt\":[\"le\",\"chien\",\"qui\",\"aboie\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c5, a8, "0-0 1-1 3-3\n", NULL, &o);
	td = &s.p.out.docs[0];
	assert_int_equal(td->nmentions, 2);
	assert_int_equal(td->mentions[1].start, 2);
	assert_int_equal(td->mentions[1].cluster, td->mentions[0].cluster);
	done(&s);
	/* subject_verb (Portuguese): "it" no link reaches takes é, the word
	 * of "'s"; not in German, which keeps its subjects */
	const char c6[] = "#begin document (d); part 000\n"
			  "d\t0\t0\tit\t(3)\nd\t0\t1\t's\t-\nd\t0\t2\tgood\t-\n#end document\n";
	const char a6[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"it\",\"'s\",\"good\"],"
			  "\"tgt_lang\":\"pt\",\"tgt_text\":\"é bom\",\"tgt\":[\"é\",\"bom\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c6, a6, "1-0 2-1\n", NULL, &o);
	span_is(&s, 0, 0, 0, 1);
	assert_true(by_id(&s, 0)->np & XP_NP_SUBJECT_VERB);
	done(&s);
	o.np &= ~XP_NP_SUBJECT_VERB;
	run(&s, c6, a6, "1-0 2-1\n", NULL, &o);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_UNALIGNED);
	done(&s);
	/* the subject is never the article-like o there: é still takes it */
	const char a9[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"it\",\"'s\",\"good\"],"
			  "\"tgt_lang\":\"pt\",\"tgt_text\":\"o é bom\",\"tgt\":[\"o\",\"é\",\"bom\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c6, a9, "1-1 2-2\n", NULL, &o);
	span_is(&s, 0, 0, 1, 2);
	done(&s);
	const char a7[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"it\",\"'s\",\"good\"],"
			  "\"tgt_lang\":\"de\",\"tgt_text\":\"ist gut\",\"tgt\":[\"ist\",\"gut\"]}\n";
	xp_proj_defaults(&o);
	run(&s, c6, a7, "1-0 2-1\n", NULL, &o);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_UNALIGNED);
	done(&s);
	/* not for a language without the list */
	xp_proj_defaults(&o);
	const char a4[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"Rain\",\"falls\"],"
			  "\"tgt_lang\":\"nl\",\"tgt_text\":\"Es regnet\",\"tgt\":[\"Es\",\"regnet\"]}\n";
	run(&s, c3, a4, "1-1\n", NULL, &o);
	assert_int_equal(s.p.out.docs[0].nmentions, 0);
	done(&s);
}

static void prodrop_farsi(void **state)
{
	(void)state;
	assert_int_equal(xp_subject_person("I"), 1);
	assert_int_equal(xp_subject_person("they"), 6);
	assert_int_equal(xp_subject_person("him"), 0);
	assert_true(xp_fa_verb_agrees("می‌روم", 1));
	assert_false(xp_fa_verb_agrees("می‌رویم", 1));
	assert_true(xp_fa_verb_agrees("می‌رویم", 4));
	assert_true(xp_fa_verb_agrees("رفتند", 6));
	assert_false(xp_fa_verb_agrees("من", 1));
	/* the Arabic yeh and kaf some of MMC's scenes write are the same letters */
	assert_true(xp_fa_verb_agrees("ميكني", 2));        /* you do */
	assert_true(xp_fa_verb_agrees("متاسفيم", 4));      /* we're sorry */
	assert_false(xp_fa_verb_agrees("ميكني", 1));
	assert_true(xp_fa_clitic_agrees("برات", 2) && xp_fa_clitic_agrees("ديدمشو", 3));
	/* closed-class words that end like a verb never are one */
	assert_false(xp_fa_verb_agrees("باید", 2));        /* must: -id */
	assert_false(xp_fa_verb_agrees("بايد", 5));        /* the same, Arabic yeh */
	assert_false(xp_fa_verb_agrees("خيلي", 2));        /* very: -i */
	assert_false(xp_fa_verb_agrees("وقتی", 2));        /* when */
	assert_false(xp_fa_verb_agrees("بعد", 3));         /* after: -d */
	assert_false(xp_fa_verb_agrees("بهم", 1));         /* to me */
	assert_true(xp_fa_never_verb("شايد") && !xp_fa_never_verb("باشید"));
	assert_true(xp_fa_verb_agrees("باشید", 2));        /* be (2pl) */
	const char conll[] = "#begin document (d); part 000\nd\t0\t0\tI\t(1)\nd\t0\t1\tgo\t-\n#end document\n";
	const char al[] = "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"go\"],\"tgt_lang\":\"fa\","
			  "\"tgt_text\":\"می‌روم\",\"tgt\":[\"می‌روم\"]}\n";
	setup s;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	run(&s, conll, al, "1-0\n", NULL, &o);                          /* on by default */
	span_is(&s, 0, 0, 0, 1);
	assert_true(by_id(&s, 0)->prodrop);
	assert_int_equal(s.p.total.prodrop, 1);
	done(&s);
	o.prodrop = 0;
	o.rules &= ~(unsigned)XP_LR_FREE_PRONOUN;
	run(&s, conll, al, "1-0\n", NULL, &o);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_UNALIGNED);        /* --no-prodrop */
	done(&s);
}

static void map_and_checks(void **state)
{
	(void)state;
	xp_aligned al = {0};
	xp_err e;
	assert_int_equal(xp_aligned_read(FIX("aligned/small.jsonl"), &al, &e), 0);
	uint32_t *line = NULL;
	assert_int_equal(xp_bitext_lines(&al, NULL, &line, 2, &e), XP_EINPUT);   /* it has 3 pairs */
	assert_non_null(strstr(e.msg, "3 sentence pairs"));
	free(line);
	char dir[] = "/tmp/xp-map-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/m", dir);
	FILE *f = fopen(path, "w");
	fputs("s09e04c00t\t0\t0\ns09e03c09t\t9\t0\ns09e03c09t\t9\t7\n", f);
	fclose(f);
	assert_int_equal(xp_bitext_lines(&al, path, &line, 3, &e), XP_EINPUT);
	assert_int_equal(e.line, 3);                                      /* no utterance 7 */
	free(line);
	f = fopen(path, "w");
	fputs("s09e04c00t\t0\t0\ns09e03c09t\t9\t0\n", f);
	fclose(f);
	assert_int_equal(xp_bitext_lines(&al, path, &line, 2, &e), 0);
	assert_int_equal(line[3], 0);
	assert_int_equal(line[0], 1);
	assert_int_equal(line[1], UINT32_MAX);
	free(line);
	/* the map xp_aligned_bitext writes is read back line for line, even
	 * for a document id holding a tab (written as '_', as every key is) */
	al.v[0].doc = "s09e03\tc09t";
	xp_buf pairs = {0}, map = {0};
	xp_aligned_bitext(&al, &pairs, &map);
	f = fopen(path, "w");
	fwrite(map.p, 1, map.n, f);
	fclose(f);
	assert_non_null(strstr(map.p, "s09e03_c09t\t9\t0\n"));
	assert_int_equal(xp_bitext_lines(&al, path, &line, 3, &e), 0);
	for (uint32_t k = 0, l = 0; k < al.n; k++)
		if (al.v[k].nsrc && al.v[k].ntgt)
			assert_int_equal(line[k], l++);
	free(line);
	xp_buf_free(&pairs);
	xp_buf_free(&map);
	assert_int_equal(xp_bitext_lines(&al, "/nonexistent/xp.map", &line, 3, &e), XP_ENOTFOUND);
	free(line);
	unlink(path);
	rmdir(dir);
	xp_aligned_free(&al);
}

/* A toy language's pack, registered at run time, whose span hooks the
 * projection runs without naming it (lang.h xp_span_hook): one cuts a
 * projected span to its first token, one places an unaligned one-word
 * mention on the sentence's first token.  Its rules are its own data: bit
 * 0 in its table, a bit assigned when it is registered (lang.h
 * xp_lang_rule.bit), no line in lang/pron.h or lang/np.h. */
static int toy_cut(const xp_span_ctx *c, xp_span_out *o)
{
	if (c->en || o->b <= o->a + 1)
		return 0;   /* one-word mentions and one-token spans stay */
	o->b = o->a + 1;
	return 1;
}

static int toy_place(const xp_span_ctx *c, xp_span_out *o)
{
	if (!c->en || c->taken[0])
		return 0;
	o->a = 0, o->b = 1;
	o->conf = 0.125f;
	return 1;
}

static const xp_lang_rule toy_rules[] = {
	{"toy_cut", XP_RK_PRONOUN, 0, 1, "a span is cut to its first token", "no-toy-cut"},
	{"toy_place", XP_RK_PRONOUN, 0, 1, "an unaligned word takes the first token", NULL},
	{"toy_np", XP_RK_NP, 0, 0, "a noun phrase rule of its own (no hook)", NULL},
	{"stray", XP_RK_NP, 0, 1, "a rule another pack has: its bit", NULL},
};
static const xp_span_hook toy_hooks[] = {
	{"toy_cut", XP_RK_PRONOUN, 0, XP_SH_SPAN, toy_cut},
	{"toy_place", XP_RK_PRONOUN, 0, XP_SH_PLACE, toy_place},
};
static const xp_lang_pack toy = {
	.code = "xq", .name = "Toy", .rules = toy_rules, .nrules = 4,
	.span_hooks = toy_hooks, .nspan_hooks = 2,
};
/* a hook whose rule its pack does not have: refused */
static const xp_span_hook bad_hooks[] = {{"toy_gone", XP_RK_PRONOUN, 0, XP_SH_SPAN, toy_cut}};
static const xp_lang_pack bad = {
	.code = "xr", .name = "Bad", .rules = toy_rules, .nrules = 1, .span_hooks = bad_hooks, .nspan_hooks = 1,
};
/* a rule of a fixed bit whose hook says 0: the hook takes the rule's */
static const xp_lang_rule fixed_rules[] = {{"xs_fixed", XP_RK_PRONOUN, 1u << 20, 0, "a rule of a fixed bit", NULL}};
static const xp_span_hook fixed_hooks[] = {{"xs_fixed", XP_RK_PRONOUN, 0, XP_SH_SPAN, toy_cut}};
static const xp_lang_pack fixed = {
	.code = "xs", .name = "Fixed", .rules = fixed_rules, .nrules = 1, .span_hooks = fixed_hooks, .nspan_hooks = 1,
};

static void toy_pack_hooks(void **state)
{
	(void)state;
	static const char al[] =
		"{\"doc\":\"d\",\"part\":0,\"utt\":0,\"src\":[\"I\",\"saw\",\"the\",\"big\",\"red\",\"car\",\".\"],"
		"\"tgt_lang\":\"xq\",\"tgt_text\":\"a b c d e , g h .\",\"tgt\":[\"a\",\"b\",\"c\",\"d\",\"e\",\",\",\"g\",\"h\",\".\"]}\n";
	assert_int_equal(xp_lang_rule_bits(XP_RK_PRONOUN), XP_LR_NRULES);
	assert_int_equal(xp_lang_rule_bits(XP_RK_NP), XP_NP_NRULES);
	assert_int_equal(xp_lang_register(&bad), -1);    /* its hook names no rule of its pack */
	assert_null(xp_lang_find("xr"));
	assert_int_equal(xp_lang_register(&toy), 0);
	assert_int_equal(xp_lang_register(&toy), -1);   /* its code names a pack already */
	const xp_lang_pack *pk = xp_lang_find("xq-XX"), *owner;
	assert_non_null(pk);
	assert_string_equal(pk->code, "xq");
	/* its rules got the bits after the compiled-in ones; "stray" the one it has */
	const xp_lang_rule *cut = xp_lang_rule_named("toy_cut", &owner), *place = xp_lang_rule_named("toy_place", NULL);
	assert_ptr_equal(owner, pk);
	assert_true(cut->bit == 1u << XP_LR_NRULES && place->bit == 1u << (XP_LR_NRULES + 1));
	assert_true(xp_lang_rule_at(pk, 2)->bit == XP_NP_BIT(XP_NP_NRULES));
	assert_true(xp_lang_rule_at(pk, 3)->bit == XP_NP_STRAY);
	assert_true(pk->span_hooks[0].bit == cut->bit && pk->span_hooks[1].bit == place->bit);
	assert_int_equal(xp_lang_rule_bits(XP_RK_PRONOUN), XP_LR_NRULES + 2);
	assert_int_equal(xp_lang_rule_bits(XP_RK_NP), XP_NP_NRULES + 1);
	assert_int_equal(xp_lang_register(&fixed), 0);
	assert_true(xp_lang_find("xs")->span_hooks[0].bit == 1u << 20);
	/* note markers after the readers were given the list: refused, not
	 * taken without them (its notes would stay in the dialogue) */
	static const char *const notes[] = {"N.d.T.", NULL};
	static const xp_lang_pack late = {.code = "xn", .name = "Late", .note_markers = notes};
	assert_non_null(xp_lang_note_markers());
	assert_int_equal(xp_lang_register(&late), -1);
	assert_null(xp_lang_find("xn"));
	/* named where every rule is: reports, summaries, --np, --rules */
	assert_string_equal(xp_lr_name(XP_LR_NRULES), "toy_cut");
	assert_string_equal(xp_lr_phrase(XP_LR_NRULES + 1), "toy_place");
	assert_string_equal(xp_np_name(XP_NP_NRULES), "toy_np");
	assert_true(xp_np_named("toy_np", 6) == XP_NP_BIT(XP_NP_NRULES));
	assert_true(xp_np_listed(XP_NP_NRULES, "xq") && !xp_np_listed(XP_NP_NRULES, "zh"));
	char list[1024];
	assert_non_null(strstr(xp_np_list(list, sizeof list), ", phrases, toy_np"));
	/* its switch of earlier releases, as --rules -toy_cut */
	const xp_lang_rule *r = NULL;
	for (size_t k = 0; (r = xp_lang_off_switch(k)) != NULL && strcmp(r->name, "toy_cut"); k++)
		;
	assert_ptr_equal(r, cut);
	setup s;
	xp_err e;
	xp_proj_opts o;
	xp_proj_defaults(&o);                             /* on by default, as its table says */
	assert_true((o.rules & cut->bit) && (o.rules & place->bit) && !(o.np & XP_NP_BIT(XP_NP_NRULES)));
	run(&s, CAR, al, CAR_PH, NULL, &o);
	span_is(&s, 1, 0, 3, 4);                          /* [3, 8) cut by the toy's SPAN hook */
	assert_true(by_id(&s, 1)->rule & cut->bit);
	span_is(&s, 0, 0, 0, 1);                          /* "I": no link, placed by its PLACE hook */
	assert_true(by_id(&s, 0)->rule & place->bit);
	assert_true(fabs(by_id(&s, 0)->conf - 0.125) < 1e-6);
	done(&s);
	assert_int_equal(xp_proj_rules(&o, "-toy_cut,-toy_place", &e), 0);   /* its rules off: the links' spans */
	assert_false(o.rules & (cut->bit | place->bit));
	run(&s, CAR, al, CAR_PH, NULL, &o);
	span_is(&s, 1, 0, 3, 8);
	assert_int_equal(by_id(&s, 0)->fate, XP_NULL_UNALIGNED);
	done(&s);
	assert_int_equal(xp_proj_rules(&o, "+toy_cut,toy_place", &e), 0);   /* another language: not its hooks */
	run(&s, CAR, CAR_AL, CAR_PH, NULL, &o);
	span_is(&s, 1, 0, 3, 8);
	assert_int_equal(by_id(&s, 0)->rule & (cut->bit | place->bit), 0);
	done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules),
		cmocka_unit_test(punctuation_and_probabilities),
		cmocka_unit_test(causes_and_sentences),
		cmocka_unit_test(collisions),
		cmocka_unit_test(prodrop_farsi),
		cmocka_unit_test(pack_pronouns),
		cmocka_unit_test(map_and_checks),
		cmocka_unit_test(toy_pack_hooks),
	};
	return cmocka_run_group_tests_name("project", tests, NULL, NULL);
}
