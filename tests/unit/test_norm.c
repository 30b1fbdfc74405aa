/* tests/unit/test_norm.c — normalising words for the word aligner: every
 * part on hand-made tokens (English clitics as the CoNLL files split them,
 * Persian letters, digits, ZWNJ, Chinese forms), which parts a language
 * takes, and the aligner's index map: a clitic split in two and a dropped
 * lone ZWNJ still give links in the indices of the tokens as given. */
#include "testutil.h"
#include "align/norm.h"
#include "align/wordalign.h"
#include "lang/lang.h"

/* the words of one token, joined by "|" ("" when there are none) */
static const char *words(xp_normalizer *z, unsigned parts, const char *tok)
{
	static char out[256];
	xp_buf b = {0};
	int n = xp_norm_token(z, parts, tok, strlen(tok), &b);
	assert_true(n >= 0);
	out[0] = '\0';
	size_t at = 0;
	for (int k = 0; k < n; k++) {
		if (k)
			strcat(out, "|");
		assert_true(strlen(out) + strlen(b.p + at) < sizeof out);
		strcat(out, b.p + at);
		at += strlen(b.p + at) + 1;
	}
	assert_int_equal(at, b.n);
	xp_buf_free(&b);
	return out;
}

typedef struct tcase {
	const char *lang, *in, *want;
} tcase;

static const tcase cases[] = {
	/* English: NFKC, case folding, apostrophes, clitics split as the CoNLL does */
	{"en", "It\xe2\x80\x99s", "it|'s"},          /* It’s */
	{"en", "it's", "it|'s"},
	{"en", "don't", "do|n't"},
	{"en", "DON\xe2\x80\x99T", "do|n't"},        /* DON’T */
	{"en", "don`t", "do|n't"},
	{"en", "it\xc2\xb4s", "it|'s"},              /* it´s: an acute accent, not a space and a mark */
	{"en", "can't", "ca|n't"},
	{"en", "won\xe2\x80\x98t", "wo|n't"},        /* won‘t */
	{"en", "I'm", "i|'m"},
	{"en", "you're", "you|'re"},
	{"en", "we'll", "we|'ll"},
	{"en", "I've", "i|'ve"},
	{"en", "she'd", "she|'d"},
	{"en", "Joey's", "joey|'s"},
	{"en", "90's", "90|'s"},
	{"en", "Gellers'", "gellers|'"},
	{"en", "gonna", "gon|na"},
	{"en", "Wanna", "wan|na"},
	{"en", "gotta", "got|ta"},
	{"en", "cannot", "can|not"},
	{"en", "c'mon", "c'm|on"},
	{"en", "'s", "'s"},                          /* already split: as it is */
	{"en", "n't", "n't"},
	{"en", "'cause", "'cause"},                  /* the CoNLL keeps these whole */
	{"en", "'em", "'em"},
	{"en", "o'clock", "o'clock"},
	{"en", "Stra\xc3\x9f" "e", "strasse"},        /* Straße: case folding, not lower-casing */
	{"en", "\xef\xbc\xa8\xef\xbd\x89", "hi"},     /* Ｈｉ: full width */
	{"en", "\xef\xac\x81le", "file"},            /* ﬁle: a ligature */
	{"en", "\xd9\x8a\xd9\x83", "\xd9\x8a\xd9\x83"}, /* يك: Persian letters are Farsi's */
	/* Farsi: Arabic letters, marks, digits, ZWNJ */
	{"fa", "\xd9\x8a\xd9\x83", "\xdb\x8c\xda\xa9"},                 /* يك -> یک */
	{"fa", "\xd9\x83\xd8\xaa\xd8\xa7\xd8\xa8", "\xda\xa9\xd8\xaa\xd8\xa7\xd8\xa8"}, /* كتاب -> کتاب */
	{"fa", "\xd8\xad\xd8\xaa\xd9\x89", "\xd8\xad\xd8\xaa\xdb\x8c"}, /* حتى -> حتی */
	{"fa", "\xd8\xb3\xd8\xa7\xd8\xb9\xd8\xa9", "\xd8\xb3\xd8\xa7\xd8\xb9\xd9\x87"}, /* ساعة -> ساعه */
	{"fa", "\xd8\xae\xd8\xa7\xd9\x86\xdb\x80", "\xd8\xae\xd8\xa7\xd9\x86\xd9\x87"}, /* خانۀ -> خانه */
	{"fa", "\xd8\xae\xd8\xa7\xd9\x86\xd9\x87\xd9\x94", "\xd8\xae\xd8\xa7\xd9\x86\xd9\x87"}, /* خانهٔ -> خانه */
	{"fa", "\xda\xa9\xd9\x90\xd8\xaa\xd8\xa7\xd8\xa8", "\xda\xa9\xd8\xaa\xd8\xa7\xd8\xa8"}, /* کِتاب: kasra */
	{"fa", "\xd8\xaa\xd9\x80\xd9\x80\xd8\xa7", "\xd8\xaa\xd8\xa7"}, /* تــا: tatweel */
	{"fa", "\xdb\xb1\xdb\xb2\xdb\xb3", "123"},                    /* ۱۲۳ */
	{"fa", "\xd9\xa4\xd9\xa5", "45"},                              /* ٤٥ */
	{"fa", "\xd9\x85\xdb\x8c\xe2\x80\x8c\xd8\xae\xd9\x88\xd8\xa7\xd9\x85",
	 "\xd9\x85\xdb\x8c|\xd8\xae\xd9\x88\xd8\xa7\xd9\x85"},         /* می‌خوام: split at the ZWNJ */
	{"fa", "\xd9\x85\xd9\x8a\xe2\x80\x8c", "\xd9\x85\xdb\x8c"},  /* مي‌ with a trailing ZWNJ */
	{"fa", "\xe2\x80\x8c", ""},                                    /* a lone ZWNJ: no word */
	{"fa", "\xe2\x80\x8c\xe2\x80\x8c", ""},
	{"fa", "\xd9\x80", "\xd9\x80"},                                /* a lone tatweel: kept as it is */
	{"fa", "it's", "it's"},                                        /* no English clitics */
	/* Chinese: full-width forms and punctuation */
	{"zh", "\xe3\x80\x82", "."},                 /* 。 */
	{"zh", "\xe3\x80\x81", ","},                 /* 、 */
	{"zh", "\xef\xbc\x8c", ","},                 /* ， */
	{"zh", "\xef\xbc\x9f", "?"},                 /* ？ */
	{"zh", "\xe3\x80\x8c", "\""},                /* 「 */
	{"zh", "\xe3\x80\x8a", "\""},                /* 《 */
	{"zh", "\xe3\x80\x90", "["},                 /* 【 */
	{"zh", "\xe2\x80\xa6", "..."},               /* … */
	{"zh", "\xef\xbc\xaf\xef\xbc\xab", "ok"},     /* ＯＫ */
	{"zh", "\xef\xbc\x91\xef\xbc\x92", "12"},     /* １２ */
	{"zh", "\xe4\xbd\xa0\xe5\xa5\xbd", "\xe4\xbd\xa0\xe5\xa5\xbd"}, /* 你好 as it is */
	{"zh", "\xe3\x80\x80", " "},                 /* an ideographic space stays a word */
	/* no language known: only what is safe for any */
	{"", "It\xe2\x80\x99s", "it's"},
	{"", "\xd9\x8a\xd9\x83", "\xd9\x8a\xd9\x83"},
	{"", "\xdb\xb1\xdb\xb2", "12"},
	{"", "\xe3\x80\x82", "\xe3\x80\x82"},
};

static void every_part_by_hand(void **state)
{
	(void)state;
	xp_normalizer *z = xp_normalizer_new();
	assert_non_null(z);
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		assert_int_equal(xp_normalizer_lang(z, cases[k].lang), 0);
		const char *got = words(z, xp_norm_parts(cases[k].lang), cases[k].in);
		if (strcmp(got, cases[k].want))
			fail_msg("%s '%s': got '%s', want '%s'", cases[k].lang, cases[k].in, got, cases[k].want);
	}
	xp_normalizer_free(z);
}

static void parts_and_switches(void **state)
{
	(void)state;
	xp_normalizer *z = xp_normalizer_new();
	unsigned en = xp_norm_parts("en");
	assert_true(en & XP_NORM_CLITICS);
	assert_false(en & XP_NORM_LETTERS);
	assert_true(xp_norm_parts("fa") & XP_NORM_LETTERS);
	assert_false(xp_norm_parts("ar") & XP_NORM_LETTERS);   /* ي and ى are two letters in Arabic */
	assert_true(xp_norm_parts("zh") & XP_NORM_PUNCT);
	assert_true(xp_norm_parts("ja") & XP_NORM_PUNCT);
	assert_int_equal(xp_norm_part_named("clitics"), XP_NORM_CLITICS);
	assert_int_equal(xp_norm_part_named("punct"), XP_NORM_PUNCT);
	assert_int_equal(xp_norm_part_named("letters"), XP_NORM_LETTERS);
	assert_int_equal(xp_norm_part_named("affixes"), XP_NORM_AFFIXES);
	/* the names of earlier releases, this release */
	assert_int_equal(xp_norm_part_named("zh-punct"), XP_NORM_PUNCT);
	assert_int_equal(xp_norm_part_named("persian"), XP_NORM_LETTERS);
	assert_int_equal(xp_norm_part_named("fa-morph"), XP_NORM_AFFIXES);
	assert_int_equal(xp_norm_part_named("bogus"), 0);
	/* each part off on its own */
	assert_string_equal(words(z, en & ~XP_NORM_CLITICS, "It\xe2\x80\x99s"), "it's");
	assert_string_equal(words(z, en & ~XP_NORM_APOS, "It\xe2\x80\x99s"), "it\xe2\x80\x99s");
	assert_string_equal(words(z, en & ~XP_NORM_CASE, "Don't"), "Do|n't");
	assert_string_equal(words(z, en & ~XP_NORM_NFKC, "\xef\xbc\xa8i"), "\xef\xbd\x88i");   /* Ｈi -> ｈi */
	assert_int_equal(xp_normalizer_lang(z, "fa"), 0);
	assert_string_equal(words(z, xp_norm_parts("fa") & ~XP_NORM_ZWNJ, "\xd9\x85\xdb\x8c\xe2\x80\x8c\xd8\xaa"),
			    "\xd9\x85\xdb\x8c\xd8\xaa");   /* case folding removes the ZWNJ: joined */
	assert_string_equal(words(z, 0, "It\xe2\x80\x99s"), "It\xe2\x80\x99s");
	assert_string_equal(words(z, 0, "\xe2\x80\x8c"), "\xe2\x80\x8c");
	xp_normalizer_free(z);
	assert_true(XP_NORM_ALL & XP_NORM_PUNCT);
}

/* The parts of a language's own apply its pack's tables (lang/lang.h
 * xp_lang_normdata): with no language, or another, they do nothing, and
 * the same part reads each pack's own table. */
static void tables_of_the_pack(void **state)
{
	(void)state;
	xp_normalizer *z = xp_normalizer_new();
	unsigned all = XP_NORM_ALL & ~(XP_NORM_CLITICS | XP_NORM_EN_STEM);
	const char *fa = "\xd9\x8a\xd9\x83", *zh = "\xe3\x80\x82";   /* يك, 。 */
	/* no language yet: the letters and the punctuation as they are */
	assert_string_equal(words(z, all, fa), fa);
	assert_string_equal(words(z, all, zh), zh);
	assert_int_equal(xp_normalizer_lang(z, "fa"), 0);
	assert_string_equal(words(z, all, fa), "\xdb\x8c\xda\xa9");   /* یک */
	assert_string_equal(words(z, all, zh), zh);
	assert_int_equal(xp_normalizer_lang(z, "zh"), 0);
	assert_string_equal(words(z, all, fa), fa);
	assert_string_equal(words(z, all, zh), ".");
	assert_int_equal(xp_normalizer_lang(z, "ja"), 0);                  /* Han's table, Japanese's too */
	assert_string_equal(words(z, all, zh), ".");
	assert_int_equal(xp_normalizer_lang(z, "xx"), 0);                  /* no pack */
	assert_string_equal(words(z, all, zh), zh);
	/* the affixes: only the pack's, and only with a stem known */
	assert_int_equal(xp_normalizer_know(z, "\xd8\xaf\xd8\xb3\xd8\xaa", 6), 0);   /* دست */
	assert_string_equal(words(z, all, "\xd8\xaf\xd8\xb3\xd8\xaa\xd9\x85"), "\xd8\xaf\xd8\xb3\xd8\xaa\xd9\x85");
	assert_int_equal(xp_normalizer_lang(z, "fa"), 0);
	assert_string_equal(words(z, all, "\xd8\xaf\xd8\xb3\xd8\xaa\xd9\x85"), "\xd8\xaf\xd8\xb3\xd8\xaa|\xd9\x85");
	assert_int_equal(xp_normalizer_lang(z, NULL), 0);
	assert_string_equal(words(z, all, "\xd8\xaf\xd8\xb3\xd8\xaa\xd9\x85"), "\xd8\xaf\xd8\xb3\xd8\xaa\xd9\x85");
	xp_normalizer_free(z);
}

/* A toy English-to-X corpus, trained on split forms only: "it 's good"
 * -> "ta tb te" and so on, word for word.  The pairs to align join the
 * clitics as subtitles do ("it’s", "don't") and put a lone ZWNJ between two
 * target words, or a ZWNJ inside one. */
static const char *const en_words[] = {"it", "'s", "good", "we", "do", "n't", "know", "go", "home", "they"};
static const char *const x_words[] = {"ta", "tb", "te", "th", "tc", "td", "ti", "tf", "tg", "tj"};

static char *toy_corpus(size_t *len)
{
	xp_buf b = {0};
	unsigned x = 777;
	for (int s = 0; s < 300; s++) {
		int n = 2 + (int)((x = x * 1103515245u + 12345u) >> 16) % 5, w[8];
		for (int i = 0; i < n; i++)
			w[i] = (int)((x = x * 1103515245u + 12345u) >> 16) % 10;
		for (int i = 0; i < n; i++)
			xp_buf_printf(&b, "%s%s", i ? " " : "", en_words[w[i]]);
		xp_buf_puts(&b, " |||");
		for (int i = 0; i < n; i++)
			xp_buf_printf(&b, " %s", x_words[w[i]]);
		xp_buf_putc(&b, '\n');
	}
	*len = b.n;
	return b.p;
}

/* the links of pair s in direction fwd (0) or rev (1) as "i-j ..." */
static void links_of(xp_wa *w, size_t s, int rev, char *out, size_t cap)
{
	const xp_link *f, *r;
	size_t nf, nr;
	xp_err e;
	assert_int_equal(xp_wa_links(w, s, &f, &nf, &r, &nr, &e), 0);
	const xp_link *l = rev ? r : f;
	size_t n = rev ? nr : nf, at = 0;
	out[0] = '\0';
	for (size_t k = 0; k < n; k++)
		at += (size_t)snprintf(out + at, cap - at, "%s%u-%u", k ? " " : "", l[k].i, l[k].j);
}

/* Pairs to align, trained with the toy corpus; each pair's links in both
 * directions must be want[s]. */
static void align_toy(const char *pairs, const char *const *want, size_t n, xp_wa_opts *o, xp_wa **wp)
{
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("toy", strdup(pairs), strlen(pairs), &bt, &e), 0);   /* bt frees it */
	size_t len;
	char *train = toy_corpus(&len);
	assert_int_equal(xp_wa_new(wp, o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(*wp, &bt, &e), 0);
	assert_int_equal(xp_wa_add_train_mem(*wp, "toy", train, len, &e), 0);
	assert_int_equal(xp_wa_run(*wp, &e), 0);
	char got[256];
	for (size_t s = 0; want && s < n; s++)
		for (int rev = 0; rev < 2; rev++) {
			links_of(*wp, s, rev, got, sizeof got);
			if (strcmp(got, want[s]))
				fail_msg("pair %zu (%s): got '%s', want '%s'", s, rev ? "reverse" : "forward", got, want[s]);
		}
	free(train);
	xp_bitext_free(&bt);
}

static void index_map_back_to_the_tokens(void **state)
{
	(void)state;
	static const char aligned[] =
		"It\xe2\x80\x99s good ||| ta tb te\n"                 /* a clitic split in two: both words index 0 */
		"we don't know ||| th tc td ti\n"
		"go home ||| tf \xe2\x80\x8c tg\n"                     /* a lone ZWNJ, index 1: no link */
		"go home ||| tf\xe2\x80\x8ctg\n";                      /* a ZWNJ inside a token: both words index 0 */
	static const char *const want[4] = {"0-0 0-1 1-2", "0-0 1-1 1-2 2-3", "0-0 1-2", "0-0 1-0"};
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 30;
	o.lang[0] = "en";
	o.lang[1] = "fa";   /* the part that drops a lone ZWNJ is any language's */
	xp_wa *w;
	/* the source only gains words (rewritten back to front), the target
	 * gains and loses (a copy) */
	align_toy(aligned, want, 4, &o, &w);
	const xp_wa_norm *src = xp_wa_normalized(w, 0), *tgt = xp_wa_normalized(w, 1);
	assert_string_equal(src->lang, "en");
	assert_int_equal(src->split, 2);     /* It’s, don't */
	assert_int_equal(tgt->dropped, 1);   /* the lone ZWNJ */
	assert_int_equal(tgt->split, 1);     /* tf‌tg */
	xp_wa_free(w);
	/* the target only loses words (rewritten front to back) */
	char three[sizeof aligned];
	memcpy(three, aligned, sizeof aligned);
	*strstr(three, "go home ||| tf\xe2\x80\x8ctg") = '\0';
	align_toy(three, want, 3, &o, &w);
	assert_int_equal(xp_wa_normalized(w, 1)->dropped, 1);
	assert_int_equal(xp_wa_normalized(w, 1)->split, 0);
	xp_wa_free(w);
	/* without normalising, the words are the tokens */
	o.normalize = 0;
	align_toy(aligned, NULL, 0, &o, &w);
	assert_int_equal(xp_wa_normalized(w, 0)->parts, 0);
	assert_int_equal(xp_wa_normalized(w, 1)->parts, 0);
	assert_int_equal(xp_wa_normalized(w, 1)->ntypes, xp_wa_normalized(w, 1)->types);
	xp_wa_free(w);
}

/* A side's language found from its script when not given (and English
 * from its function words). */
static void language_from_the_script(void **state)
{
	(void)state;
	static char pairs[] = "I know ||| \xd9\x85\xd9\x8a \xd8\xaf\xd9\x88\xd9\x86\xd9\x85\n"   /* مي دونم */
			      "you know ||| \xd8\xaa\xd9\x88 \xd9\x85\xdb\x8c \xd8\xaf\xd9\x88\xd9\x86\xdb\x8c\n"; /* تو می دونی */
	xp_bitext bt;
	xp_err e;
	assert_int_equal(xp_bitext_read_mem("fa", strdup(pairs), sizeof pairs - 1, &bt, &e), 0);
	xp_wa_opts o;
	xp_wa_defaults(&o);
	o.iters = 4;
	xp_wa *w;
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	const xp_wa_norm *t = xp_wa_normalized(w, 1), *s = xp_wa_normalized(w, 0);
	assert_string_equal(t->lang, "fa");
	assert_string_equal(t->script, "Arabic");
	assert_int_equal(t->changed, 1);    /* مي */
	assert_int_equal(t->ntypes, 4);     /* مي and می are one word */
	assert_string_equal(s->lang, "en");   /* Latin, and "I", "you" are half its tokens */
	assert_string_equal(s->script, "Latin");
	assert_int_equal(s->changed, 1);      /* I, folded */
	xp_wa_free(w);
	xp_bitext_free(&bt);
	/* Latin without English function words names no language: no clitics */
	static char fr[] = "je sais ||| \xd9\x85\xd9\x8a\nc'est la vie ||| \xd8\xaf\xd9\x88\xd9\x86\xd9\x85\n";
	assert_int_equal(xp_bitext_read_mem("fr", strdup(fr), sizeof fr - 1, &bt, &e), 0);
	assert_int_equal(xp_wa_new(&w, &o, &e), 0);
	assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
	assert_int_equal(xp_wa_run(w, &e), 0);
	assert_string_equal(xp_wa_normalized(w, 0)->lang, "");
	assert_int_equal(xp_wa_normalized(w, 0)->split, 0);   /* c'est stays whole */
	xp_wa_free(w);
	xp_bitext_free(&bt);
}

/* A pair's stems (lang.h stem, src_stem): the target's pack says them for
 * its side and an English source's, as the pipeline aligns (source "en",
 * the target's language named); a method given for a side, or none, goes
 * over them; a pack without them (French) or no language gets none, and
 * Farsi its part's learned stems on its side alone. */
static void stems_of_the_pair(void **state)
{
	(void)state;
	static const char pairs[] = "the houses ||| die Hauser\nthe gardens ||| die Gartenen\nand the house ||| das Haus\n";
	static const struct { const char *src, *tgt; int stem[2], want[2], from[2]; } c[] = {
		{"en", "de", {0, 0}, {4, 4}, {XP_WA_STEM_PAIR, XP_WA_STEM_PAIR}},
		{"", "de", {0, 0}, {4, 4}, {XP_WA_STEM_PAIR, XP_WA_STEM_PAIR}},   /* English found */
		{"en", "de", {XP_STEM_NONE, 0}, {0, 4}, {0, XP_WA_STEM_PAIR}},
		{"en", "de", {0, XP_STEM_LEARNED}, {4, XP_STEM_LEARNED}, {XP_WA_STEM_PAIR, XP_WA_STEM_OPTION}},
		{"en", "de", {XP_STEM_NONE, XP_STEM_NONE}, {0, 0}, {0, 0}},
		{"en", "fr", {0, 0}, {0, 0}, {0, 0}},
		{"en", "", {0, 0}, {0, 0}, {0, 0}},
		{"en", "fa", {0, 0}, {0, XP_STEM_LEARNED}, {0, XP_WA_STEM_PART}},
		{"fr", "de", {0, 0}, {0, 4}, {0, XP_WA_STEM_PAIR}},   /* no English source: its side alone */
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		xp_wa_opts o;
		xp_wa_defaults(&o);
		o.iters = 2, o.samplers = 1, o.threads = 1;
		o.lang[0] = c[k].src, o.lang[1] = c[k].tgt;
		o.stem[0] = c[k].stem[0], o.stem[1] = c[k].stem[1];
		xp_bitext bt;
		xp_err e;
		xp_wa *w;
		assert_int_equal(xp_bitext_read_mem("pair", strdup(pairs), sizeof pairs - 1, &bt, &e), 0);
		assert_int_equal(xp_wa_new(&w, &o, &e), 0);
		assert_int_equal(xp_wa_add_bitext(w, &bt, &e), 0);
		assert_int_equal(xp_wa_run(w, &e), 0);
		for (int d = 0; d < 2; d++) {
			const xp_wa_norm *n = xp_wa_normalized(w, d);
			if (n->stem != c[k].want[d] || n->stem_from != c[k].from[d])
				fail_msg("case %zu side %d: stem %d from %d, want %d from %d", k, d, n->stem, n->stem_from,
					 c[k].want[d], c[k].from[d]);
			assert_int_equal(!!(n->parts & XP_NORM_STEM), !!c[k].want[d]);
		}
		/* prefix:4 on German's side: Hauser, Haus -> haus; Gartenen -> gart */
		if (c[k].want[1] == 4)
			assert_int_equal(xp_wa_normalized(w, 1)->ntypes, 4);   /* die haus gart das */
		xp_wa_free(w);
		xp_bitext_free(&bt);
	}
}

/* Morphology on hand-made words: an affix comes off only a stem the corpus
 * has on its own, and never without one. */
static void morphology_by_hand(void **state)
{
	(void)state;
	xp_normalizer *z = xp_normalizer_new();
	unsigned fa = xp_norm_parts("fa"), en = xp_norm_parts("en") | XP_NORM_EN_STEM;
	assert_true(fa & XP_NORM_AFFIXES);
	assert_false(xp_norm_parts("en") & XP_NORM_EN_STEM);   /* measured, not adopted */
	assert_false(xp_norm_parts("zh") & (XP_NORM_AFFIXES | XP_NORM_EN_STEM));
	assert_int_equal(xp_norm_part_named("en-stem"), XP_NORM_EN_STEM);
	/* no words known yet: nothing is split */
	assert_int_equal(xp_normalizer_lang(z, "fa"), 0);
	assert_string_equal(words(z, fa, "دستم"), "دستم");
	assert_string_equal(words(z, en, "walked"), "walked");
	static const char *const know[] = {"دست", "کتاب", "کنم", "خود", "به", "از", "walk", "make", "run",
					   "party", "box", "cat", "try", "stop", "hate", "go"};
	for (size_t k = 0; k < sizeof know / sizeof *know; k++)
		assert_int_equal(xp_normalizer_know(z, know[k], strlen(know[k])), 0);
	static const struct { const char *lang, *in, *want; } c[] = {
		{"fa", "دستم", "دست|م"},                 /* my hand */
		{"fa", "دستشون", "دست|شون"},             /* their hand (colloquial) */
		{"fa", "دستهایم", "دست|های|م"},          /* my hands: two suffixes */
		{"fa", "كتابها", "کتاب|ها"},             /* Arabic kaf: the letters first, then the plural */
		{"fa", "کتاب‌ها", "کتاب|ها"},            /* with a ZWNJ the token splits there anyway */
		{"fa", "کتابرا", "کتاب|را"},             /* the object marker written on */
		{"fa", "ميکنم", "می|کنم"},               /* I do: the verbal prefix, Arabic yeh */
		{"fa", "نمیکنم", "نمی|کنم"},             /* I don't */
		{"fa", "خودتون", "خود|تون"},             /* yourselves */
		{"fa", "بهش", "به|ش"},                   /* to him */
		{"fa", "ازشون", "از|شون"},               /* from them */
		{"fa", "اسم", "اسم"},                    /* name: اس is no word here */
		{"fa", "بهتر", "بهتر"},                  /* better: a comparative needs a stem of three */
		{"fa", "دستتر", "دست|تر"},
		{"fa", "ازم", "از|م"},                   /* from me */
		{"fa", "میمون", "میمون"},                /* monkey: مون is no word here */
		{"fa", "دست", "دست"},                    /* a stem alone */
		{"en", "walked", "walk|+ed"},
		{"en", "Walking", "walk|+ing"},          /* case folded first */
		{"en", "making", "make|+ing"},           /* the e the suffix took */
		{"en", "running", "run|+ing"},           /* the doubled consonant */
		{"en", "stopped", "stop|+ed"},
		{"en", "hated", "hate|+ed"},
		{"en", "tried", "try|+ed"},
		{"en", "parties", "party|+s"},
		{"en", "boxes", "box|+s"},
		{"en", "cats", "cat|+s"},
		{"en", "cat's", "cat|'s"},               /* the clitic, not a plural */
		{"en", "going", "going"},                /* a stem of two letters is too short */
		{"en", "glass", "glass"},                /* -ss, -us, -is are no plurals */
		{"en", "thing", "thing"},                /* th is no word */
		{"en", "walk", "walk"},
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		assert_int_equal(xp_normalizer_lang(z, c[k].lang), 0);
		const char *got = words(z, xp_norm_parts(c[k].lang) | (*c[k].lang == 'e' ? XP_NORM_EN_STEM : 0), c[k].in);
		if (strcmp(got, c[k].want))
			fail_msg("%s '%s': got '%s', want '%s'", c[k].lang, c[k].in, got, c[k].want);
	}
	/* each switched off on its own */
	assert_int_equal(xp_normalizer_lang(z, "fa"), 0);
	assert_string_equal(words(z, fa & ~XP_NORM_AFFIXES, "دستم"), "دستم");
	assert_string_equal(words(z, en & ~XP_NORM_EN_STEM, "walked"), "walked");
	assert_string_equal(words(z, en & ~XP_NORM_AFFIXES, "walked"), "walk|+ed");
	xp_normalizer_free(z);
}

/* Stems (XP_NORM_STEM) of a made-up language: a suffix comes off only where
 * it ends many of the corpus's words and leaves a stem the corpus has (a
 * word, or the beginning of two words with such suffixes); a prefix keeps
 * N letters; Han is never reduced.  Fails on the old code, which had no
 * stems. */
static void stems_learned_from_the_corpus(void **state)
{
	(void)state;
	xp_normalizer *z = xp_normalizer_new();
	unsigned parts = xp_norm_parts("") | XP_NORM_STEM;
	int method = 0;
	assert_int_equal(xp_norm_stem_parse("learned", &method), 0);
	assert_int_equal(method, XP_STEM_LEARNED);
	assert_int_equal(xp_norm_stem_parse("prefix:5", &method), 0);
	assert_int_equal(method, 5);
	assert_int_equal(xp_norm_stem_parse("none", &method), 0);
	assert_int_equal(method, XP_STEM_NONE);
	assert_int_equal(xp_normalizer_stem(z, XP_STEM_NONE), -1);   /* no method */
	char name[24];
	assert_string_equal(xp_norm_stem_name(XP_STEM_LEARNED, name, sizeof name), "learned");
	assert_string_equal(xp_norm_stem_name(32, name, sizeof name), "prefix:32");
	assert_string_equal(xp_norm_stem_name(XP_STEM_NONE, name, sizeof name), "none");
	assert_string_equal(xp_norm_stem_name(0, name, sizeof name), "none");
	/* every pack's pair stems name a method (lang.h stem, src_stem): the
	 * aligner refuses a run with one that does not; German's alone have
	 * any (prefix:4 both sides), Chinese's and Farsi's none */
	size_t np;
	const xp_lang_pack *const *all = xp_lang_packs(&np);
	for (size_t k = 0; k < np; k++)
		for (int d = 0; d < 2; d++) {
			const char *m = d ? all[k]->stem : all[k]->src_stem;
			if (m) {
				assert_int_equal(xp_norm_stem_parse(m, &method), 0);
				assert_true(method != XP_STEM_NONE);
			}
			assert_true(!m || !strcmp(all[k]->code, "de"));
		}
	assert_string_equal(xp_lang_find("de")->stem, "prefix:4");
	assert_string_equal(xp_lang_find("de")->src_stem, "prefix:4");
	static const char *const bad[] = {"", "prefix", "prefix:", "prefix:0", "prefix:33", "prefix:5x", "prefix:-1",
					  "prefix:007", "stem", "Learned", "None", "no"};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
		assert_int_equal(xp_norm_stem_parse(bad[k], &method), -1);
	assert_int_equal(xp_normalizer_stem(z, 0), -1);
	assert_int_equal(xp_normalizer_stem(z, XP_STEM_PREFIX_MAX + 1), -1);
	assert_int_equal(xp_norm_part_named("stem"), XP_NORM_STEM);
	assert_false(xp_norm_parts("en") & XP_NORM_STEM);   /* only in Farsi's parts: measured */
	assert_true(xp_norm_parts("fa") & XP_NORM_STEM);
	assert_false(xp_norm_parts("zh") & XP_NORM_STEM);
	assert_false(xp_norm_parts("") & XP_NORM_STEM);

	/* nothing known: nothing learned, nothing cut */
	assert_int_equal(xp_normalizer_stem(z, XP_STEM_LEARNED), 0);
	assert_string_equal(words(z, parts, "brakov"), "brakov");
	/* ten stems, each alone and with -ov, -ami, -e: three suffixes that
	 * end ten words each whose stem is a word */
	static const char *const stem[] = {"brak", "tolun", "mesir", "gravo", "plind", "sukar", "venta", "dorim",
					   "falke", "hiron"};
	static const char *const suf[] = {"", "ov", "ami", "e"};
	char w[64];
	for (size_t i = 0; i < sizeof stem / sizeof *stem; i++)
		for (size_t j = 0; j < sizeof suf / sizeof *suf; j++) {
			snprintf(w, sizeof w, "%s%s", stem[i], suf[j]);
			assert_int_equal(xp_normalizer_know(z, w, strlen(w)), 0);
		}
	static const char *const more[] = {"brakovami", "quinov", "quinami", "zortuz", "zort", "abov", "ab",
					   "brak1ov", "nemov"};
	for (size_t k = 0; k < sizeof more / sizeof *more; k++)
		assert_int_equal(xp_normalizer_know(z, more[k], strlen(more[k])), 0);
	static const struct { const char *in, *want; } c[] = {
		{"brakov", "brak"},          /* a productive suffix off a known stem */
		{"Brakami", "brak"},         /* case folded first */
		{"brake", "brak"},
		{"brak", "brak"},            /* the stem alone */
		{"brakovami", "brak"},       /* two suffixes: the forms meet */
		{"quinov", "quin"},          /* quin is no word, but begins two words with suffixes */
		{"zortuz", "zortuz"},        /* -uz ends one word: no suffix */
		{"nemov", "nemov"},          /* nem is no word and begins no other */
		{"abov", "abov"},            /* a stem keeps four letters */
		{"brak1ov", "brak1ov"},      /* not only letters */
		{"\xe6\x9c\x8b\xe5\x8f\x8b\xe4\xbb\xac", "\xe6\x9c\x8b\xe5\x8f\x8b\xe4\xbb\xac"},   /* 朋友们: Han as it is */
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		const char *got = words(z, parts, c[k].in);
		if (strcmp(got, c[k].want))
			fail_msg("learned '%s': got '%s', want '%s'", c[k].in, got, c[k].want);
	}
	/* off unless the part is on */
	assert_string_equal(words(z, parts & ~XP_NORM_STEM, "brakov"), "brakov");
	/* a word the corpus gained since: learned again */
	for (size_t k = 0; k < 12; k++) {
		snprintf(w, sizeof w, "%sizz", k < 10 ? stem[k] : k == 10 ? "quin" : "zort");
		assert_int_equal(xp_normalizer_know(z, w, strlen(w)), 0);
	}
	assert_string_equal(words(z, parts, "brakizz"), "brak");

	/* prefix:N: the first N letters, with the marks of the last */
	assert_int_equal(xp_normalizer_stem(z, 4), 0);
	static const struct { const char *in, *want; } p[] = {
		{"Travelling", "trav"},
		{"trav", "trav"},
		{"tra", "tra"},
		{"a1b2c3", "a1b2c3"},        /* not only letters */
		{"\xe6\x9c\x8b\xe5\x8f\x8b\xe4\xbb\xac\xe5\x80\x91\xe5\x80\x91", "\xe6\x9c\x8b\xe5\x8f\x8b\xe4\xbb\xac\xe5\x80\x91\xe5\x80\x91"},
		{"\xd7\xa9\xd7\x81\xd6\xb8\xd7\x9c\xd7\x95\xd6\xb9\xd7\x9d\xd7\x99\xd7\x9d", "\xd7\xa9\xd6\xb8\xd7\x81\xd7\x9c\xd7\x95\xd6\xb9\xd7\x9d"},   /* Hebrew (NFKC orders the points): 4 letters, their points kept */
	};
	for (size_t k = 0; k < sizeof p / sizeof *p; k++) {
		const char *got = words(z, parts, p[k].in);
		if (strcmp(got, p[k].want))
			fail_msg("prefix:4 '%s': got '%s', want '%s'", p[k].in, got, p[k].want);
	}
	xp_normalizer_free(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_part_by_hand),
		cmocka_unit_test(parts_and_switches),
		cmocka_unit_test(tables_of_the_pack),
		cmocka_unit_test(morphology_by_hand),
		cmocka_unit_test(stems_learned_from_the_corpus),
		cmocka_unit_test(stems_of_the_pair),
		cmocka_unit_test(index_map_back_to_the_tokens),
		cmocka_unit_test(language_from_the_script),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
