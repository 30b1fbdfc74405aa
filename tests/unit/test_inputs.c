/* tests/unit/test_inputs.c — subtitle files as they come: charsets (the
 * fixtures under charset/ are the same texts as their .utf8.srt, converted
 * with ICU's uconv), ASS/SSA, asides, Traditional -> Simplified; OPUS as it
 * ships: multi-document XCES, zip archives, episode maps. */
#include "testutil.h"
#include "base/file.h"
#include "io/archive.h"
#include "io/epmap.h"
#include "io/opus.h"
#include "io/subs.h"
#include "lang/lang.h"

static void read_ok(const char *path, const xp_subs_opts *o, xp_subs *s)
{
	xp_err e = {0};
	int rc = xp_subs_read(path, o, s, &e);
	if (rc)
		print_error("%s: %s\n", path, e.msg);
	assert_int_equal(rc, 0);
}

/* two files hold the same blocks */
static void same_subs(const xp_subs *a, const xp_subs *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		assert_string_equal(a->v[i].text, b->v[i].text);
		assert_int_equal(a->v[i].start, b->v[i].start);
		assert_int_equal(a->v[i].end, b->v[i].end);
	}
}

static void charsets(void **state)
{
	(void)state;
	static const struct {
		const char *file, *utf8, *name;
		xp_cs_how how;
	} c[] = {
		{"charset/zh.gb18030.srt", "charset/zh.utf8.srt", "GB18030", XP_CS_DETECTED},
		{"charset/zht.big5.srt", "charset/zht.utf8.srt", "Big5", XP_CS_DETECTED},
		{"charset/fa.cp1256.srt", "charset/fa.utf8.srt", "windows-1256", XP_CS_DETECTED},
		{"charset/zh.utf16le.srt", "charset/zh.utf8.srt", "UTF-16LE", XP_CS_DETECTED},
		{"charset/zh.utf16be.srt", "charset/zh.utf8.srt", "UTF-16BE", XP_CS_DETECTED},
		{"charset/zht.utf16bom.srt", "charset/zht.utf8.srt", "UTF-16LE", XP_CS_BOM},
		{"charset/zh.utf8.srt", "charset/zh.utf8.srt", "UTF-8", XP_CS_UTF8},
	};
	char path[256], ref[256];
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		xp_subs s = {0}, u = {0};
		snprintf(path, sizeof path, FIX("%s"), c[k].file);
		snprintf(ref, sizeof ref, FIX("%s"), c[k].utf8);
		read_ok(path, NULL, &s);
		read_ok(ref, NULL, &u);
		assert_string_equal(s.charset.name, c[k].name);
		assert_int_equal(s.charset.how, c[k].how);
		assert_true(s.n >= 6);
		same_subs(&s, &u);
		xp_subs_free(&s);
		xp_subs_free(&u);
	}
	/* told the charset: used, and said so */
	xp_subs s = {0}, u = {0};
	read_ok(FIX("charset/zh.gb18030.srt"), &(xp_subs_opts){.encoding = "gb18030"}, &s);
	read_ok(FIX("charset/zh.utf8.srt"), NULL, &u);
	assert_int_equal(s.charset.how, XP_CS_FORCED);
	same_subs(&s, &u);
	xp_subs_free(&s);
	xp_subs_free(&u);
}

static void charset_errors(void **state)
{
	(void)state;
	xp_subs s = {0};
	xp_err e;
	/* told UTF-8, the bytes are not: the line of the first bad byte */
	assert_int_equal(xp_subs_read(FIX("charset/zh.gb18030.srt"), &(xp_subs_opts){.encoding = "UTF-8"}, &s, &e),
			 XP_EINPUT);
	assert_int_equal(e.line, 3);
	assert_non_null(strstr(e.msg, "is not UTF-8"));
	xp_subs_free(&s);
	assert_int_equal(xp_subs_read(FIX("charset/zh.utf8.srt"), &(xp_subs_opts){.encoding = "no-such"}, &s, &e),
			 XP_EUSAGE);
	xp_subs_free(&s);
	/* UTF-16 cut in the middle of a code unit */
	char *buf;
	size_t len;
	assert_int_equal(xp_read_file(FIX("charset/zh.utf16le.srt"), &buf, &len, &e), 0);
	assert_int_equal(xp_subs_read_mem("cut", buf, len - 1, &(xp_subs_opts){.encoding = "UTF-16LE"}, &s, &e),
			 XP_EINPUT);
	assert_non_null(strstr(e.msg, "ends inside"));
	xp_subs_free(&s);
	free(buf);
	/* Latin-1 with one accented letter is still read, and said to be */
	const char cafe[] = "1\n00:00:01,000 --> 00:00:02,000\ncaf\xe9 au lait, s'il vous pla\xeet\n";
	assert_int_equal(xp_subs_read_mem("m", cafe, sizeof cafe - 1, NULL, &s, &e), 0);
	assert_string_equal(s.v[0].text, "café au lait, s'il vous plaît");
	assert_int_equal(s.charset.how, XP_CS_DETECTED);
	xp_subs_free(&s);
}

static void simplified(void **state)
{
	(void)state;
	xp_subs s = {0}, u = {0};
	read_ok(FIX("charset/zht.big5.srt"), &(xp_subs_opts){.simplified = 1}, &s);
	read_ok(FIX("charset/zh.utf8.srt"), NULL, &u);
	same_subs(&s, &u);
	assert_string_equal(s.v[4].text, "嘿，大家好，我错过了什么？");
	xp_subs_free(&s);
	xp_subs_free(&u);
}

static void asides(void **state)
{
	(void)state;
	xp_subs s = {0};
	/* the packs' markers of a translator's note, as xp_doc_read hands them in */
	const xp_subs_opts packs = {.notes = xp_lang_note_markers()};
	read_ok(FIX("subs/asides.srt"), &packs, &s);
	assert_int_equal(s.n, 8);
	assert_false(s.bilingual);
	assert_string_equal(s.v[0].text, "Friends, hungry friends");
	assert_string_equal(s.v[1].text, "");
	assert_string_equal(s.v[2].text, "I left it in the car.");
	assert_string_equal(s.v[3].text, "You left our cake in the car?");
	assert_string_equal(s.v[4].text, "All our cake is wet");
	assert_string_equal(s.v[5].text, "咕噜在这里 第二次进攻");
	assert_string_equal(s.v[6].text, "I'm (not) going, 5 * 3 is fifteen.");
	assert_string_equal(s.v[7].text, "Hi (to Sam), I'm late.");
	assert_int_equal(s.v[7].ncut, 0);   /* "- [laughs]" was nobody's turn */
	assert_int_equal(s.removed.notes, 3);
	assert_int_equal(s.removed.songs, 2);
	assert_int_equal(s.removed.cues, 5);
	xp_subs_free(&s);
	read_ok(FIX("subs/asides.srt"), &(xp_subs_opts){.keep_asides = 1}, &s);
	assert_string_equal(s.v[1].text, "[thunder]");
	assert_string_equal(s.v[3].text, "MAYA: You left our cake (SIGHS) in the car?");
	assert_int_equal(s.removed.notes + s.removed.songs + s.removed.cues, 0);
	xp_subs_free(&s);
	/* without the packs' markers the reader knows English's only: the line
	 * "注：..." is dialogue to it (the bracket and parenthesis still go) */
	read_ok(FIX("subs/asides.srt"), NULL, &s);
	assert_string_equal(s.v[5].text, "咕噜在这里 第二次进攻");
	assert_string_equal(s.v[6].text, "注：这是一个双关语 I'm (not) going, 5 * 3 is fifteen.");
	assert_int_equal(s.removed.notes, 2);
	xp_subs_free(&s);
}

static void strip(const char *in, const char *want, uint32_t notes, uint32_t songs, uint32_t cues)
{
	xp_buf b = {0};
	xp_asides c = {0};
	xp_strip_asides(in, strlen(in), xp_lang_note_markers(), &b, &c);
	xp_buf_putc(&b, '\0');
	if (strcmp(b.p, want) || c.notes != notes || c.songs != songs || c.cues != cues)
		fail_msg("\"%s\" -> \"%s\" (%u notes, %u songs, %u cues), want \"%s\" (%u, %u, %u)", in, b.p, c.notes,
			 c.songs, c.cues, want, notes, songs, cues);
	xp_buf_free(&b);
}

static void aside_rules(void **state)
{
	(void)state;
	strip("Hi [laughs] there", "Hi there", 0, 0, 1);
	strip("Hi (laughs).", "Hi.", 0, 0, 1);
	strip("I'm (not) going", "I'm (not) going", 0, 0, 0);          /* inside a sentence */
	strip("Wait (HE SIGHS) what?", "Wait what?", 0, 0, 1);          /* capitals */
	strip("（注：双关语）你好", "你好", 1, 0, 0);
	strip("注意  他来了", "注意  他来了", 0, 0, 0);                    /* attention, not a note */
	strip("注：双关语", "", 1, 0, 0);
	strip("T/N: a pun", "", 1, 0, 0);
	/* a pack's marker inside a parenthesis in a Latin line, and none */
	strip("Hi (注：a pun) there", "Hi there", 1, 0, 0);
	strip("【字幕组】", "", 1, 0, 0);
	strip("5 * 3 = 15", "5 * 3 = 15", 0, 0, 0);
	strip("# Happy birthday #", "Happy birthday", 0, 1, 0);
	strip("Shh! *Here we come, *", "Shh! Here we come,", 0, 1, 0);
	strip("OK: fine", "OK: fine", 0, 0, 0);                          /* two capitals: a word */
	strip("MAN #2: Hey!", "Hey!", 0, 0, 1);
	strip("[unclosed bracket", "[unclosed bracket", 0, 0, 0);
	strip("(a (nested) aside) yes", "yes", 0, 0, 1);
}

static void ass(void **state)
{
	(void)state;
	xp_subs s = {0};
	read_ok(FIX("ass/bilingual.ass"), NULL, &s);
	assert_int_equal(s.format, XP_SUBS_ASS);
	assert_true(s.bilingual);
	assert_int_equal(s.n, 4);   /* the comment skipped, same-time events one block */
	assert_int_equal(s.v[0].start, 1000);
	assert_int_equal(s.v[0].end, 3000);
	assert_string_equal(s.v[0].text, "Did you bring the cake?");
	assert_string_equal(s.v[0].tgt, "你带蛋糕了吗？");
	assert_string_equal(s.v[0].speaker, "Leo");
	assert_int_equal(s.v[1].start, 3500);  /* in time order; the drawing gave no text */
	assert_string_equal(s.v[1].text, "It's in the car, don't worry.");
	assert_string_equal(s.v[1].tgt, "放在车里了，别担心。");
	assert_string_equal(s.v[2].text, "You left our cake in the car?");
	assert_string_equal(s.v[2].tgt, "你把我们的蛋糕 留在车里了？");
	assert_string_equal(s.v[3].text, "Relax, the cake, is fine. Really.");   /* \n: a space */
	assert_string_equal(s.v[3].tgt, "放松，蛋糕没事的");
	assert_int_equal(s.removed.notes, 1);
	assert_int_equal(s.v[3].line, 25);
	xp_subs_free(&s);
	/* SSA's fields in another order; WrapStyle 2 makes \n a line break, so
	 * the second line is a turn of its own */
	read_ok(FIX("ass/fields.ssa"), NULL, &s);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.v[0].text, "Take my umbrella. Thanks, Priya.");
	assert_string_equal(s.v[0].speaker, "Priya");
	assert_int_equal(s.v[0].start, 1000);
	assert_int_equal(s.v[0].end, 2500);
	assert_string_equal(s.v[1].text, "Sam, you need to");
	xp_subs_free(&s);
	xp_err e;
	assert_int_equal(xp_subs_read(FIX("ass/short.ass"), NULL, &s, &e), XP_EINPUT);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "4 fields"));
	xp_subs_free(&s);
	const char badtime[] = "[Events]\nDialogue: 0,later,0:00:02.00,D,,0,0,0,,x\n";
	assert_int_equal(xp_subs_read_mem("m", badtime, sizeof badtime - 1, NULL, &s, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	xp_subs_free(&s);
}

static void multi_document_xces(void **state)
{
	(void)state;
	xp_xces x = {0};
	const xp_xgroup *g;
	xp_err e;
	assert_int_equal(xp_xces_read(FIX("opus/multi.xml"), NULL, NULL, &x, &e), 0);
	assert_int_equal(x.n, 3);
	assert_int_equal(xp_doc_match("OpenSubtitles/xml/en/1994/123/en.xml", "en/1994/123/en.xml.gz"), 4);
	assert_int_equal(xp_doc_match("tools/sample/en.xml", "en/sample/en.xml"), 2);
	assert_int_equal(xp_doc_match("en.xml", "en/1994/123/fr.xml.gz"), 0);
	assert_int_equal(xp_xces_find(&x, "xml/en/1994/123/en.xml", "xml/zh/1994/123/zh.xml.gz", &g, &e), 0);
	assert_ptr_equal(g, &x.g[1]);
	assert_int_equal(g->n, 4);
	/* bare file names fit two groups: not guessed */
	assert_int_equal(xp_xces_find(&x, "en.xml", "zh.xml", &g, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "equally well"));
	/* a file name in another directory is another document */
	assert_int_equal(xp_xces_find(&x, FIX("opus/en.xml"), FIX("opus/zh.xml"), &g, &e), XP_ENOTFOUND);
	/* a pair with no group is reported, with what the file holds */
	assert_int_equal(xp_xces_find(&x, "en/1994/123/en.xml", "zh/1994/124/other.xml", &g, &e), XP_ENOTFOUND);
	assert_non_null(strstr(e.msg, "other documents"));
	/* by its English document only: the target it names */
	assert_int_equal(xp_xces_find(&x, "en/1995/125/en.xml", NULL, &g, &e), 0);
	assert_string_equal(g->to, "zh/1995/125/zh.xml.gz");
	xp_xces_free(&x);
}

static int only_124(void *arg, const char *from, const char *to)
{
	(void)arg, (void)to;
	return strstr(from, "/124/") != NULL;
}

static void xces_wanted_groups(void **state)
{
	(void)state;
	xp_xces x = {0};
	const xp_xgroup *g;
	xp_err e;
	assert_int_equal(xp_xces_read(FIX("opus/multi.xml"), only_124, NULL, &x, &e), 0);
	assert_int_equal(x.n, 3);
	assert_int_equal(x.g[0].n, 3);
	assert_true(x.g[1].skipped);
	assert_int_equal(x.g[1].n, 0);
	assert_int_equal(xp_xces_find(&x, "en/1994/123/en.xml", NULL, &g, &e), XP_ENOTFOUND);
	xp_xces_free(&x);
	/* a gzipped file cut short is an error, not fewer links */
	char *buf;
	size_t len;
	assert_int_equal(xp_read_file(FIX("archive/en-fa.xml.gz"), &buf, &len, &e), 0);
	free(buf);
	FILE *in = fopen(FIX("archive/en-fa.xml.gz"), "rb");
	char raw[4096];
	size_t n = fread(raw, 1, sizeof raw, in);
	fclose(in);
	char tmp[] = "/tmp/xproj-test-XXXXXX";
	int fd = mkstemp(tmp);
	assert_true(fd >= 0 && write(fd, raw, n / 2) == (ssize_t)(n / 2));
	close(fd);
	assert_true(xp_xces_read(tmp, NULL, NULL, &x, &e) < 0);
	xp_xces_free(&x);
	unlink(tmp);
}

static void zip_archive(void **state)
{
	(void)state;
	xp_files f;
	xp_err e;
	assert_int_equal(xp_files_open(FIX("archive/en.zip"), &f, &e), 0);
	assert_int_equal(f.n, 2);
	long i = xp_files_find(&f, "en/2020/9000001/1001.xml.gz");
	assert_true(i >= 0);
	assert_string_equal(f.names[i], "OpenSubtitles/xml/en/2020/9000001/1001.xml.gz");
	assert_int_equal(xp_files_find(&f, "en/2020/9000001/1002.xml"), -1);   /* 1002 is elsewhere */
	/* a gzipped member comes out inflated: the sample's English */
	char *a, *b;
	size_t na, nb;
	assert_int_equal(xp_files_read(&f, (size_t)i, &a, &na, &e), 0);
	assert_int_equal(xp_read_file("tools/sample/en.xml", &b, &nb, &e), 0);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na);
	free(a);
	/* a path through the archive */
	assert_int_equal(xp_read_any(FIX("archive/en.zip/OpenSubtitles/xml/en/2020/9000001/1001.xml.gz"), &a, &na, &e), 0);
	assert_int_equal(na, nb);
	free(a);
	assert_int_equal(xp_read_any(FIX("archive/en.zip/no/such.xml"), &a, &na, &e), XP_ENOTFOUND);
	free(b);
	xp_files_close(&f);
	/* a gzipped member cut short is an error, not a shorter document */
	assert_int_equal(xp_files_open(FIX("archive/cut.zip"), &f, &e), 0);
	assert_int_equal(xp_files_read(&f, 0, &a, &na, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "truncated gzip stream"));
	xp_files_close(&f);
	/* and one with bytes after its gzip stream (gzip + text: the member
	 * file was appended to) */
	assert_int_equal(xp_files_open(FIX("archive/garbage.zip"), &f, &e), 0);
	assert_int_equal(xp_files_read(&f, 0, &a, &na, &e), XP_EINPUT);
	assert_non_null(strstr(e.msg, "trailing data after the gzip stream at byte"));
	xp_files_close(&f);
	/* bytes that are no archive */
	assert_int_equal(xp_files_open_zip_mem("m", "PK\3\4 not really", 16, &f, &e), XP_EINPUT);
	xp_files_close(&f);
	/* a directory is walked for subtitle files */
	assert_int_equal(xp_files_open(FIX("ass"), &f, &e), 0);
	assert_int_equal(f.n, 4);
	assert_string_equal(f.names[0], "bilingual.ass");
	xp_files_close(&f);
}

static void episode_map(void **state)
{
	(void)state;
	xp_epmap m = {0};
	xp_err e;
	assert_int_equal(xp_epmap_read(FIX("archive/episodes.tsv"), &m, &e), 0);
	assert_int_equal(m.n, 2);
	assert_true(m.v[0].imdb);
	assert_string_equal(m.v[0].key, "9000001");
	assert_string_equal(m.v[0].episode, "S01E01");
	assert_false(m.v[1].imdb);
	assert_string_equal(m.v[1].episode, "S01E02");
	xp_epmap_free(&m);
	const char dup[] = "tt0583459\tS01E01\n583459\tS01E02\n";
	assert_int_equal(xp_epmap_read_mem("m", dup, sizeof dup - 1, &m, &e), XP_EINPUT);
	assert_int_equal(e.line, 2);
	xp_epmap_free(&m);
	const char three[] = "# ok\n\n123 S01E01 extra\n";
	assert_int_equal(xp_epmap_read_mem("m", three, sizeof three - 1, &m, &e), XP_EINPUT);
	assert_int_equal(e.line, 3);
	xp_epmap_free(&m);
	char id[24];
	assert_true(xp_epmap_imdb_of("xml/en/1994/0583459/3175433.xml.gz", id, sizeof id));
	assert_string_equal(id, "583459");
	assert_false(xp_epmap_imdb_of("subs/S01E01.srt", id, sizeof id));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(charsets),
		cmocka_unit_test(charset_errors),
		cmocka_unit_test(simplified),
		cmocka_unit_test(asides),
		cmocka_unit_test(aside_rules),
		cmocka_unit_test(ass),
		cmocka_unit_test(multi_document_xces),
		cmocka_unit_test(xces_wanted_groups),
		cmocka_unit_test(zip_archive),
		cmocka_unit_test(episode_map),
	};
	return cmocka_run_group_tests_name("inputs", tests, NULL, NULL);
}
