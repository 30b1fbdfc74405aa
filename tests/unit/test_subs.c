/* tests/unit/test_subs.c — SRT/WebVTT traps, bilingual blocks and tags, OPUS
 * XML and XCES, TV4Dialog XML and TSV transcripts. */
#include "testutil.h"
#include "io/opus.h"
#include "io/subs.h"
#include "io/transcript.h"

static void times(void **state)
{
	(void)state;
	assert_int_equal(xp_parse_time("00:00:01,000", 12), 1000);
	assert_int_equal(xp_parse_time("01:02:03.456", 12), 3723456);
	assert_int_equal(xp_parse_time("00:00:05\xef\xbc\x8c" "120", 14), 5120);
	assert_int_equal(xp_parse_time("01:02.5", 7), 62500);
	assert_int_equal(xp_parse_time("1:02:03", 7), 3723000);
	assert_int_equal(xp_parse_time("00:61:00,000", 12), -1);
	assert_int_equal(xp_parse_time("later", 5), -1);
}

static void srt_traps(void **state)
{
	(void)state;
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_subs_read(FIX("subs/traps.srt"), NULL, &s, &e), 0);
	assert_int_equal(s.n, 5);
	assert_false(s.bilingual);
	assert_int_equal(s.v[0].id, 1);
	assert_string_equal(s.v[0].text, "Hello there.");          /* <i> gone, BOM, CRLF */
	assert_int_equal(s.v[0].end, 2500);
	assert_int_equal(s.v[1].id, 2);                            /* no number: the next one */
	assert_string_equal(s.v[1].text, "No number here.");       /* {\an8} gone, "7" not text */
	assert_int_equal(s.v[2].id, 7);
	assert_int_equal(s.v[2].start, 5000);                      /* '，' before the ms */
	assert_string_equal(s.v[2].text, "Are you OK? I am.");
	assert_int_equal(s.v[2].dashes, 2);
	assert_string_equal(s.v[3].text, "42");                    /* a number as the text */
	assert_int_equal(s.v[4].dashes, 1);                        /* "Who's Paul? - Paul ..." */
	assert_int_equal(s.v[4].line, 18);
	xp_subs_free(&s);
}

static void bilingual_with_tags(void **state)
{
	(void)state;
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_subs_read(FIX("subs/bilingual.srt"), NULL, &s, &e), 0);
	assert_true(s.bilingual);
	assert_int_equal(s.n, 4);
	assert_string_equal(s.v[0].text, "There's nothing to tell!");
	assert_string_equal(s.v[0].tgt, "这没什么好说的");
	assert_int_equal(s.v[0].nuids, 1);
	assert_string_equal(s.v[0].uids[0], "1-1");
	assert_string_equal(s.v[0].speaker, "Monica");
	assert_string_equal(s.v[2].uids[0], "1-2");
	assert_string_equal(s.v[3].text, "");
	assert_string_equal(s.v[3].tgt, "生活大爆炸");
	xp_subs_free(&s);
	/* read as monolingual, every line is text (tags still stripped) */
	assert_int_equal(xp_subs_read(FIX("subs/bilingual.srt"), &(xp_subs_opts){.bilingual = XP_MONOLINGUAL}, &s, &e), 0);
	assert_string_equal(s.v[0].text, "这没什么好说的 There's nothing to tell!");
	xp_subs_free(&s);
}

static void turn_is(const xp_sub *x, int tgt, unsigned k, const char *want)
{
	xp_str t = xp_sub_turn(x, tgt, k);
	if (t.n != strlen(want) || memcmp(t.p, want, t.n))
		fail_msg("turn %u: \"%.*s\", want \"%s\"", k, (int)t.n, t.p, want);
}

/* Dash turns: TBBT's "-how so? -you're", a pause dash that is no turn, a
 * dash line after another line, and a Chinese line with its own dashes. */
static void dash_turns(void **state)
{
	(void)state;
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_subs_read(FIX("subs/dashes.srt"), NULL, &s, &e), 0);
	assert_int_equal(s.n, 5);
	assert_int_equal(s.v[0].ncut, 1);
	turn_is(&s.v[0], 0, 0, "how so?");
	turn_is(&s.v[0], 0, 1, "you're talking to one of the three men");
	assert_int_equal(s.v[0].ntcut, 1);
	turn_is(&s.v[0], 1, 0, "怎么说");
	turn_is(&s.v[0], 1, 1, "你在跟");
	assert_int_equal(s.v[1].ncut, 0);                  /* "I was - you know - there." */
	assert_int_equal(s.v[2].ncut, 0);                  /* "Peer Gynt - Morning" */
	assert_int_equal(s.v[3].ncut, 1);                  /* a dash line after a line */
	turn_is(&s.v[3], 0, 1, "How are you?");
	assert_int_equal(s.v[3].nuids, 2);
	assert_int_equal(s.v[3].ntcut, 0);
	turn_is(&s.v[3], 1, 0, "这是罗斯");
	assert_int_equal(s.v[4].ncut, 1);                  /* a dash line: any " - " is a turn */
	turn_is(&s.v[4], 0, 0, "...I could really");
	turn_is(&s.v[4], 0, 1, "No, don't say it.");
	xp_subs_free(&s);
}

/* A dash followed by more than one space, or a tab ("-  Hey.", "-\tHi."),
 * opens a turn as "- Hey." does: neither the dash nor the spaces stay in
 * the text, and the turns are split the same. */
static void dash_spaces(void **state)
{
	(void)state;
	const char b[] = "1\n00:00:01,000 --> 00:00:02,000\n-  Hey.\n\n"
			 "2\n00:00:03,000 --> 00:00:04,000\n-  Hi.\n-\tHey.\n\n"
			 "3\n00:00:05,000 --> 00:00:06,000\n- Hi.\n- Hey.\n\n"
			 "4\n00:00:07,000 --> 00:00:08,000\n\xE2\x80\x93  Hey.\n\n"
			 "5\n00:00:09,000 --> 00:00:10,000\n-  Who's Paul? -  Paul.\n\n";
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_subs_read_mem("d.srt", b, sizeof b - 1, NULL, &s, &e), 0);
	assert_int_equal(s.n, 5);
	assert_string_equal(s.v[0].text, "Hey.");
	assert_int_equal(s.v[0].dashes, 1);
	assert_string_equal(s.v[1].text, s.v[2].text);      /* as "- Hi." / "- Hey." */
	assert_int_equal(s.v[1].ncut, s.v[2].ncut);
	assert_int_equal(s.v[1].ncut, 1);
	assert_int_equal(s.v[1].cut[0], s.v[2].cut[0]);
	assert_int_equal(s.v[1].dashes, s.v[2].dashes);
	turn_is(&s.v[1], 0, 0, "Hi.");
	turn_is(&s.v[1], 0, 1, "Hey.");
	assert_string_equal(s.v[3].text, "Hey.");
	assert_int_equal(s.v[4].ncut, 1);
	turn_is(&s.v[4], 0, 0, "Who's Paul?");
	turn_is(&s.v[4], 0, 1, "Paul.");
	assert_int_equal(xp_sub_dash("-  Hey", 6), 3);
	assert_int_equal(xp_sub_dash("- Hey", 5), 2);
	assert_int_equal(xp_sub_dash("-Hey", 4), 1);
	xp_subs_free(&s);
}

static void webvtt(void **state)
{
	(void)state;
	xp_subs s = {0};
	xp_err e;
	assert_int_equal(xp_subs_read(FIX("subs/cues.vtt"), NULL, &s, &e), 0);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.v[0].text, "Hello.");
	assert_string_equal(s.v[0].speaker, "Monica");
	assert_int_equal(s.v[0].start, 1000);
	assert_int_equal(s.v[1].id, 2);
	assert_string_equal(s.v[1].text, "Two words");
	xp_subs_free(&s);
	/* told UTF-8, a Latin-1 byte is an error at its line (undetected, it
	 * would be converted: test_inputs.c) */
	const char bad[] = "1\n00:00:01,000 --> 00:00:02,000\ncaf\xe9\n";
	assert_int_equal(xp_subs_read_mem("m", bad, sizeof bad - 1, &(xp_subs_opts){.encoding = "UTF-8"}, &s, &e),
			 XP_EINPUT);
	assert_int_equal(e.line, 3);
	xp_subs_free(&s);
}

static void opus_and_xces(void **state)
{
	(void)state;
	xp_subs en = {0}, zh = {0};
	xp_xces x = {0};
	xp_err e;
	assert_int_equal(xp_opus_read(FIX("opus/en.xml"), NULL, &en, &e), 0);
	assert_int_equal(en.n, 3);
	assert_string_equal(en.v[0].text, "Hey , Joey .");
	assert_string_equal(en.v[0].name, "1");
	assert_int_equal(en.v[0].start, 1000);
	assert_int_equal(en.v[0].end, 3500);    /* the end marker inside sentence 2 ends both */
	assert_int_equal(en.v[1].end, 3500);
	assert_string_equal(en.v[2].text, "Raw text , no tokens .");
	assert_int_equal(en.v[2].start, 4000);  /* a start marker between sentences */
	assert_int_equal(en.v[2].end, 5000);
	assert_int_equal(xp_opus_read(FIX("opus/zh.xml"), NULL, &zh, &e), 0);
	assert_string_equal(zh.v[1].text, "你好吗？");
	assert_int_equal(xp_xces_read(FIX("opus/en-zh.xml"), NULL, NULL, &x, &e), 0);
	assert_int_equal(x.n, 1);
	assert_string_equal(x.g[0].from, "en/1994/123/en.xml.gz");
	assert_int_equal(x.g[0].n, 4);
	assert_string_equal(x.g[0].links[0].src[0], "2");   /* not sorted */
	assert_int_equal(x.g[0].links[2].ntgt, 0);          /* "3;" */
	assert_int_equal(x.g[0].links[3].nsrc, 0);          /* ";3" */
	assert_int_equal(x.g[0].links[3].line, 8);
	xp_subs_free(&en);
	xp_subs_free(&zh);
	xp_xces_free(&x);
	const char bad[] = "<cesAlign><linkGrp><link xtargets=\"1 2\"/></linkGrp></cesAlign>";
	assert_int_equal(xp_xces_read_mem("m", bad, sizeof bad - 1, NULL, NULL, &x, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "xtargets"));
	xp_xces_free(&x);
	/* a <time> whose value is not a time: refused at its line (it was
	 * ignored, the sentence after it keeping the start before it) */
	xp_subs b = {0};
	assert_int_equal(xp_opus_read(FIX("opus/badtime.xml"), NULL, &b, &e), XP_EINPUT);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "'00:75:00,000' is not a time"));
	xp_subs_free(&b);
	const char nov[] = "<document>\n<s id=\"1\"><time id=\"T1S\"/>a</s>\n</document>";
	assert_int_equal(xp_opus_read_mem("m", nov, sizeof nov - 1, NULL, &b, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "without value="));
	xp_subs_free(&b);
}

static void transcripts(void **state)
{
	(void)state;
	xp_corpus c = {0};
	xp_err e;
	assert_int_equal(xp_transcript_read(FIX("transcript/S01E01.xml"), XP_TR_AUTO, &c, &e), 0);
	assert_int_equal(c.ndocs, 2);
	assert_string_equal(c.docs[0].id, "S01E01");
	assert_int_equal(c.docs[1].part, 2);
	assert_string_equal(c.docs[0].utts[1].uid, "1-2");
	assert_string_equal(c.docs[0].utts[1].speaker, "Joey");
	assert_string_equal(c.docs[0].utts[1].text, "Come on, you're going out with the guy!");
	assert_string_equal(word(&c.docs[0], 1, 2), ",");
	assert_string_equal(word(&c.docs[0], 1, 3), "you're");
	xp_corpus_free(&c);
	assert_int_equal(xp_transcript_read(FIX("transcript/small.tsv"), XP_TR_AUTO, &c, &e), 0);
	assert_int_equal(c.ndocs, 2);
	assert_string_equal(c.docs[0].utts[1].speaker, "Rachel Green");
	assert_int_equal(c.docs[0].utts[0].ntoks, 4);        /* Hi , everybody . */
	xp_corpus_free(&c);
	assert_int_equal(xp_transcript_read(FIX("transcript/bad.tsv"), XP_TR_AUTO, &c, &e), XP_EINPUT);
	assert_int_equal(e.line, 1);
	xp_corpus_free(&c);
	assert_int_equal(xp_transcript_read(FIX("transcript/broken.xml"), XP_TR_AUTO, &c, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "malformed XML"));
	xp_corpus_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(times),
		cmocka_unit_test(srt_traps),
		cmocka_unit_test(bilingual_with_tags),
		cmocka_unit_test(dash_turns),
		cmocka_unit_test(dash_spaces),
		cmocka_unit_test(webvtt),
		cmocka_unit_test(opus_and_xces),
		cmocka_unit_test(transcripts),
	};
	return cmocka_run_group_tests_name("subs", tests, NULL, NULL);
}
