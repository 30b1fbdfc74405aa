/* lang/zh.c — the Chinese pack: codes, script, traits and rules (the
 * rules' code is in lang/pron.c, lang/np.c and lang/zhwords.c; each rule's
 * measurements are in docs/history/quality-history.md). */
#include "packs.h"
#include "zhwords.h"
#include "../io/walign.h"
#include "../model/mtype.h"
#include <string.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

static const char *const aliases[] = {"zho", "chi", "cmn", NULL};

static const xp_lang_rule rules[] = {
	XP_RULE_ARTICLES,
	{"zh_pronoun", XP_RK_PRONOUN, XP_LR_ZH_PRONOUN, 1,
	 "a pronoun's span that holds the matching Chinese pronoun is cut to it (我想 -> 我)", "no-zh-pronouns"},
	{"zh_possessive", XP_RK_PRONOUN, XP_LR_ZH_POSSESSIVE, 1,
	 "a possessive's span that is the matching pronoun keeps the 的 after it (你的)", "no-zh-possessive"},
	XP_RULE_FREE_PRONOUN,
	XP_RULE_PRONOUN_MOVE,
	{"pronoun_drop", XP_RK_PRONOUN, XP_LR_PRON_DROP, 1,
	 "a pronoun whose links reached no pronoun or demonstrative is left unprojected", "no-pronoun-drop"},
	{"zh_demonstrative", XP_RK_PRONOUN, XP_LR_ZH_DEMONSTRATIVE, 1,
	 "it / this / that no 它 took takes a free 这 / 那 that is a copula's subject (那是意外)", "no-zh-demonstrative"},
	{"zh_interrogative", XP_RK_PRONOUN, XP_LR_ZH_INTERROGATIVE, 1,
	 "what / who takes a free 什么 / 干什么 / 怎么 / 谁, and a span holding one is cut to it", "no-zh-interrogative"},
	{"zh_name", XP_RK_NP, XP_NP_ZH_NAME, 1,
	 "a name takes the whole transliteration ICU split into characters (珍妮|丝)", NULL},
	{"zh_classifier", XP_RK_NP, XP_NP_ZH_CLASSIFIER, 0,
	 "a numeral or demonstrative with its classifier just before the span joins it (一个, 这位)", NULL},
	{"zh_copula", XP_RK_NP, XP_NP_ZH_COPULA, 1,
	 "with --chars, a 是 glued into an ICU word at the span's edge is cut (最糟的是 -> 最糟的)", NULL},
	XP_RULE_CONSIST, XP_RULE_NAMES,
	{"zh_words", XP_RK_NP, XP_NP_ZH_WORDS, 1,
	 "with --chars, a span never cuts a word of jieba's, the segmentation MMC is annotated on", NULL},
	{"zh_de", XP_RK_NP, XP_NP_ZH_DE, 0,
	 "a noun phrase's span that ends in 的 takes the noun after it (他们送的 -> 他们送的东西)", NULL},
	{"zh_name_trim", XP_RK_NP, XP_NP_ZH_NAME_TRIM, 1,
	 "a name's span drops edge words jieba calls verbs or function words (到了崔先生 -> 崔先生)", NULL},
	{"zh_de_end", XP_RK_NP, XP_NP_ZH_DE_END, 1,
	 "a nominalising 的 before punctuation, 是 or the end joins the span (金发 -> 金发的)", NULL},
	{"zh_measure", XP_RK_NP, XP_NP_ZH_MEASURE, 1,
	 "a measure word before the span joins it for a / this / two ... (个 of 是个大烂人)", NULL},
	{"zh_head", XP_RK_NP, XP_NP_ZH_HEAD, 1,
	 "a span that ends in a measure word takes the noun after it (这件 -> 这件事)", NULL},
	{"zh_locative", XP_RK_NP, XP_NP_ZH_LOCATIVE, 1,
	 "a localiser after the noun leaves the span (沙发上 -> 沙发)", NULL},
	{"zh_verb_tail", XP_RK_NP, XP_NP_ZH_VERB_TAIL, 1,
	 "a verb after the noun leaves the span (望远镜偷看 -> 望远镜)", NULL},
	{"zh_clause_head", XP_RK_NP, XP_NP_ZH_CLAUSE_HEAD, 1,
	 "the span of a noun phrase with an English clause takes 的 and the noun after it", NULL},
	{"zh_weak_lead", XP_RK_NP, XP_NP_ZH_WEAK_LEAD, 1,
	 "verbs, prepositions, adverbs at the span's front that only weak links reach leave (在宠物 -> 宠物)", NULL},
	{"zh_particle", XP_RK_NP, XP_NP_ZH_PARTICLE, 1,
	 "a span of particles alone is dropped (得 for 'a break')", NULL},
	XP_RULE_DOUBT,
	XP_RULE_EF1, XP_RULE_PHRASES,
};

/* The closed-class prior's table (lang.h): 们 makes the plural, 您 is the
 * polite you, 咱(们) the inclusive we. */
static const xp_cc_word cc_zh[] = {
	{"我", XP_CC_1S}, {"俺", XP_CC_1S}, {"你", XP_CC_2}, {"您", XP_CC_2}, {"你们", XP_CC_2},
	{"他", XP_CC_3M}, {"她", XP_CC_3F}, {"它", XP_CC_3N},
	{"我们", XP_CC_1P}, {"咱们", XP_CC_1P}, {"咱", XP_CC_1P},
	{"他们", XP_CC_3P}, {"她们", XP_CC_3P}, {"它们", XP_CC_3P},
	{"自己", XP_CC_REFL},
	{"这", XP_CC_THIS}, {"这个", XP_CC_THIS}, {"这些", XP_CC_THIS}, {"这里", XP_CC_THIS}, {"这儿", XP_CC_THIS},
	{"那", XP_CC_THAT}, {"那个", XP_CC_THAT}, {"那些", XP_CC_THAT}, {"那里", XP_CC_THAT}, {"那儿", XP_CC_THAT},
};

/* Han words that begin or end with a pronoun's character but hold none */
static const char *const cc_zh_not[] = {"其他", "其它", "吉他", "迷你", "自我", "那么", "这么", "那样", "这样"};

static unsigned closed_class(const char *w, size_t n)
{
	unsigned cls = XP_CC_FIND(cc_zh, w, n);
	if (cls)
		return cls;
	/* ICU's words glue a pronoun to what follows or precedes it (我知道,
	 * 你的, 告诉你): a Han word of up to four characters takes the classes
	 * of the pronoun it begins and ends with */
	int32_t i = 0, len = (int32_t)n, chars = 0;
	UChar32 ch;
	while (i < len) {
		U8_NEXT(w, i, len, ch);
		UErrorCode e = U_ZERO_ERROR;
		if (ch < 0 || uscript_getScript(ch, &e) != USCRIPT_HAN)
			return 0;
		chars++;
	}
	for (size_t k = 0; k < sizeof cc_zh_not / sizeof *cc_zh_not; k++)
		if (strlen(cc_zh_not[k]) == n && !memcmp(w, cc_zh_not[k], n))
			return 0;
	if (chars > 4)
		return 0;
	/* 3 bytes a character; the two-character pronouns first */
	for (size_t m = 6; m >= 3; m -= 3)
		if (n > m) {
			unsigned a = XP_CC_FIND(cc_zh, w, m), b = XP_CC_FIND(cc_zh, w + n - m, m);
			cls |= a | b;
			if (a || b)
				break;
		}
	return cls;
}

/* The reference's convention (lang.h loose): MMC's dev silver leaves the 的
 * of a possessive out (你的 -> 你). */
static size_t loose(const xp_loose_in *in, uint32_t (*alt)[2], size_t max)
{
	if (max < 1 || in->b - in->a <= 1 || !xp_tok_is(in->ref, in->b - 1, "的"))
		return 0;
	alt[0][0] = in->a, alt[0][1] = in->b - 1;
	return 1;
}

/* The aligner's normalisation of text in Han characters (lang.h
 * xp_lang_normdata, align/norm.h), Chinese's and Japanese's: the
 * full-width punctuation NFKC leaves (its ，？！ are NFKC's) as ASCII. */
static const uint32_t norm_punct[][2] = {
	{U'。', U'.'}, {U'、', U','},
	{U'「', U'"'}, {U'」', U'"'}, {U'『', U'"'}, {U'』', U'"'},
	{U'《', U'"'}, {U'》', U'"'}, {U'〈', U'"'}, {U'〉', U'"'},
	{U'“', U'"'}, {U'”', U'"'},
	{U'【', U'['}, {U'】', U']'},
	{U'—', U'-'}, {U'―', U'-'},
	{0, 0},
};
const xp_lang_normdata xp_lang_han_norm = {.punct = norm_punct};

/* ---- confidence features (lang.h xp_lang_feature) ---- */

/* zh_last_word: the span's last jieba word is none a noun phrase ends in
 * (zhwords.h xp_zh_edge_words: a verb, adverb, preposition, particle ...:
 * 这些人会, 街用) */
static float last_word(const xp_lang_words *in)
{
	return (xp_zh_edge_words(in->seg, in->w, in->len, in->n, in->start, in->a, in->b) & XP_ZH_EDGE_LAST) != 0;
}

/* zh_noun_beside: jieba words right before and after the span that the
 * dictionary calls nouns (0..2): the span cuts a longer noun phrase */
static float noun_beside(const xp_lang_words *in)
{
	unsigned ed = xp_zh_edge_words(in->seg, in->w, in->len, in->n, in->start, in->a, in->b);
	return (float)(((ed & XP_ZH_NOUN_BEFORE) != 0) + ((ed & XP_ZH_NOUN_AFTER) != 0));
}

/* In the report's order (`after`): a file format, and the models' too. */
static const xp_lang_feature features[] = {
	{.name = "rule_zh_pronoun", .after = "rule_articles", .kind = XP_LF_RULE, .bit = XP_LR_ZH_PRONOUN,
	 .phrase = "a pronoun rule placed it",
	 .phrase_up = "its links placed it, no pronoun rule"},
	{.name = "zh_last_word", .after = "verb_rivals", .kind = XP_LF_WORDS, .words = last_word,
	 .phrase = "the span ends on a word noun phrases do not end on",
	 .phrase_up = "the span ends on a word noun phrases end on"},
	{.name = "zh_noun_beside", .after = "zh_last_word", .kind = XP_LF_WORDS, .words = noun_beside,
	 .phrase = "it cuts a longer noun phrase",
	 .phrase_up = "it cuts no longer noun phrase"},
	/* the log-odds that MMC dev's silver ends a mention on the span's last
	 * jieba word where it occurs, against the prior (lang/ends/zh.json: 0
	 * for a word it has not seen, negative for 会, 用, 呢 ...) */
	{.name = "zh_end_lex", .after = "demonstrative", .kind = XP_LF_END_TABLE,
	 .phrase = "mentions seldom end on its last word",
	 .phrase_up = "mentions often end on its last word"},
	/* zh_demonstrative placed the span (pron.h XP_LR_ZH_DEMONSTRATIVE: 这 / 那
	 * as a copula's subject for it / this / that); not counted in rule_pron */
	{.name = "rule_zh_dem", .after = "wh_in", .kind = XP_LF_RULE_SETTLED, .bit = XP_LR_ZH_DEMONSTRATIVE,
	 .phrase = "a demonstrative rule placed it",
	 .phrase_up = "its links placed it, no demonstrative rule"},
};

/* ---- span hooks (lang.h xp_span_hook), in the order they run ---- */

/* zh_pronoun: a one-word pronoun's span cut to its Chinese pronoun */
static int pronoun_span(const xp_span_ctx *c, xp_span_out *o)
{
	return c->en && xp_zh_pronoun_span(c->en, c->w, c->wlen, &o->a, &o->b);
}

/* zh_possessive: a possessive's pronoun takes the 的 after it */
static int possessive_span(const xp_span_ctx *c, xp_span_out *o)
{
	return c->en && xp_zh_possessive_span(c->en, c->w, c->wlen, c->nw, &o->a, &o->b);
}

/* zh_interrogative: a what / who's span cut to its interrogative */
static int interrogative_span(const xp_span_ctx *c, xp_span_out *o)
{
	return c->en && xp_zh_interrogative_span(c->en, c->w, c->wlen, &o->a, &o->b);
}

/* zh_interrogative, for a "what", "who" no link reached: a free 什么, 谁,
 * one no pronoun's or other "what"'s mention holds (one inside a larger
 * span is free, as for pronouns: 怎么 of 你是怎么搞的) */
static int free_interrogative(const xp_span_ctx *c, xp_span_out *o)
{
	if (!xp_zh_free_interrogative(c->src[c->s], c->w, c->wlen, c->nw, c->ptaken, (c->s + 0.5) / c->nsrc, &o->a,
				      &o->b))
		return 0;
	o->conf = 0.25f;
	return 1;
}

/* zh_weak_lead's mark (np.h): the first aligned token of span [a, b) that a
 * strong link (posterior >= 0.5) of a noun phrase reaches, when tokens only
 * weak links reach come before it; 0 otherwise.  An article's links count
 * not (Chinese has none). */
static int weak_lead(const xp_span_ctx *c, xp_span_out *o)
{
	o->lead = 0;
	if (o->b < o->a + 2 || c->mtype < XP_MT_NOMINAL)
		return 0;
	for (uint32_t j = o->a; j < o->b; j++)
		for (size_t k = 0; k < c->nlinks; k++) {
			const xp_link *l = &c->links[k];
			if (!l->possible && l->i >= c->s && l->i < c->e && l->j < c->ntgt && l->j == j && l->prob >= 0.5 &&
			    !xp_en_article(c->src[l->i], c->lang)) {
				o->lead = j > o->a ? j : 0;
				return 0;
			}
		}
	return 0;
}

/* zh_demonstrative: no 它 for "it": a demonstrative subject (pron.h
 * xp_zh_free_demonstrative); for a pronoun its links put on a
 * demonstrative or pronoun already, only the one inside its span (那是 ->
 * 那: ICU's word glued the copula on) */
static int demonstrative(const xp_span_ctx *c, xp_span_out *o)
{
	const uint8_t *tk = c->ptaken;
	if (c->placed && xp_zh_pronominal(c->w, c->wlen, c->a, c->b)) {
		for (uint32_t j = 0; j < c->nw; j++)
			c->scratch[j] = c->ptaken[j] || j < c->a || j >= c->b;
		tk = c->scratch;
	}
	return xp_zh_free_demonstrative(c->src[c->s], c->w, c->wlen, c->nw, tk, (c->s + 0.5) / c->nsrc, &o->a, &o->b) &&
	       (!c->placed || o->a != c->a || o->b != c->b);
}

/* zh_interrogative for a "what" / "who" whose links reached no
 * interrogative (到底 of 你到底在说什么 for "what the hell are you talking
 * about"): the free one of its sentence nearest its position, as
 * pronoun_move does for pronouns (ptaken: the pronouns' and
 * interrogatives' tokens).  The mention is this rule's, moved or not. */
static int reseat_interrogative(const xp_span_ctx *c, xp_span_out *o)
{
	uint32_t a2, b2, j;
	if (!c->own_script || !c->en || !xp_zh_interrogative_en(c->en))
		return 0;
	o->keep = 1;
	for (j = 0; j < c->nw; j++)   /* its span holds one already? */
		c->scratch[j] = j < c->a || j >= c->b;
	if (xp_zh_free_interrogative(c->en, c->w, c->wlen, c->nw, c->scratch, 0.5, &a2, &b2))
		return 0;
	for (j = 0; j < c->nw; j++)
		c->scratch[j] = c->ptaken[j] != 0;
	if (!xp_zh_free_interrogative(c->en, c->w, c->wlen, c->nw, c->scratch, (c->s + 0.5) / c->nsrc, &a2, &b2))
		return 0;
	o->a = a2, o->b = b2;
	o->conf = 0.25f;   /* the links said otherwise: a guess from the word */
	return 1;
}

/* pronoun_drop: a pronoun whose span holds no pronoun or demonstrative at
 * all is dropped (Chinese leaves them out); in Chinese characters only */
static int drop(const xp_span_ctx *c, xp_span_out *o)
{
	if (!c->own_script || xp_zh_pronominal(c->w, c->wlen, o->a, o->b))
		return 0;
	o->drop = 1;
	return 1;
}

/* ---- the pass on jieba's words (XP_SH_WORDS): zhwords.h ---- */

/* zh_words: a span never cuts a word */
static int words_snap(const xp_span_ctx *c, xp_span_out *o)
{
	return xp_zh_words_snap(c->start, c->nw, &o->a, &o->b);
}

/* zh_name_trim: names only (noun phrases keep their verbs: 找钥匙) */
static int name_trim(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype == XP_MT_NAME && xp_zh_name_trim(c->seg, c->w, c->wlen, c->nw, c->start, &o->a, &o->b);
}

/* zh_de: noun phrases only (not names, not pronouns: 你的 is "your") */
static int de(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && xp_zh_de(c->seg, c->w, c->wlen, c->nw, c->start, &o->a, &o->b);
}

/* The rules below: noun phrases only, on the words the span now ends on.
 * A measure word stands for an English determiner or numeral ("a terrible
 * guy": 个大烂人), not for a bare noun's number the English leaves out of
 * the mention ("pants": 九条裤子). */

/* zh_weak_lead, before the measure word joins: not where the consistency
 * rule gave the span its twins' words */
static int words_weak_lead(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && c->lead && !(c->marks & XP_NP_CONSIST) &&
	       xp_zh_weak_lead(c->seg, c->w, c->wlen, c->nw, c->start, c->lead,
			       xp_en_counting_det(c->en_first, c->en_first_len), &o->a, &o->b);
}

static int measure(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && xp_en_counting_det(c->en_first, c->en_first_len) &&
	       xp_zh_measure(c->w, c->wlen, c->start, c->taken, &o->a);
}

static int head(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && xp_zh_head(c->seg, c->w, c->wlen, c->nw, c->start, c->taken, &o->a, &o->b);
}

static int locative(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && xp_zh_locative(c->w, c->wlen, c->start, &o->a, &o->b);
}

static int verb_tail(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && xp_zh_verb_tail(c->seg, c->w, c->wlen, c->nw, c->start, &o->a, &o->b);
}

static int clause_head(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && c->en_clause &&
	       xp_zh_clause_head(c->seg, c->w, c->wlen, c->nw, c->start, &o->a, &o->b);
}

static int de_end(const xp_span_ctx *c, xp_span_out *o)
{
	return c->mtype >= XP_MT_NOMINAL && xp_zh_de_end(c->seg, c->w, c->wlen, c->nw, c->start, &o->a, &o->b);
}

/* zh_particle: a noun phrase of particles only is dropped */
static int particles(const xp_span_ctx *c, xp_span_out *o)
{
	if (c->mtype < XP_MT_NOMINAL || !xp_zh_particles_only(c->seg, c->w, c->wlen, c->nw, c->start, o->a, o->b))
		return 0;
	o->drop = 1;
	return 1;
}

static const xp_lang_feat_words feat_words = {
	.pronoun_span = xp_zh_pronoun_span,
	.free_interrogative = xp_zh_free_interrogative,
	.possessive_particle = xp_zh_de_word,
};

static const xp_span_hook span_hooks[] = {
	{"zh_weak_lead", XP_RK_NP, XP_NP_ZH_WEAK_LEAD, XP_SH_LEAD, weak_lead},
	{"zh_pronoun", XP_RK_PRONOUN, XP_LR_ZH_PRONOUN, XP_SH_SPAN, pronoun_span},
	{"zh_possessive", XP_RK_PRONOUN, XP_LR_ZH_POSSESSIVE, XP_SH_SPAN, possessive_span},
	{"zh_interrogative", XP_RK_PRONOUN, XP_LR_ZH_INTERROGATIVE, XP_SH_SPAN, interrogative_span},
	{"zh_interrogative", XP_RK_PRONOUN, XP_LR_ZH_INTERROGATIVE, XP_SH_FREE, free_interrogative},
	{"zh_demonstrative", XP_RK_PRONOUN, XP_LR_ZH_DEMONSTRATIVE, XP_SH_NO_PRONOUN, demonstrative},
	{"zh_interrogative", XP_RK_PRONOUN, XP_LR_ZH_INTERROGATIVE, XP_SH_RESEAT, reseat_interrogative},
	{"pronoun_drop", XP_RK_PRONOUN, XP_LR_PRON_DROP, XP_SH_MOVE, drop},
	{"zh_words", XP_RK_NP, XP_NP_ZH_WORDS, XP_SH_WORDS, words_snap},
	{"zh_name_trim", XP_RK_NP, XP_NP_ZH_NAME_TRIM, XP_SH_WORDS, name_trim},
	{"zh_de", XP_RK_NP, XP_NP_ZH_DE, XP_SH_WORDS, de},
	{"zh_weak_lead", XP_RK_NP, XP_NP_ZH_WEAK_LEAD, XP_SH_WORDS, words_weak_lead},
	{"zh_measure", XP_RK_NP, XP_NP_ZH_MEASURE, XP_SH_WORDS, measure},
	{"zh_head", XP_RK_NP, XP_NP_ZH_HEAD, XP_SH_WORDS, head},
	{"zh_locative", XP_RK_NP, XP_NP_ZH_LOCATIVE, XP_SH_WORDS, locative},
	{"zh_verb_tail", XP_RK_NP, XP_NP_ZH_VERB_TAIL, XP_SH_WORDS, verb_tail},
	{"zh_clause_head", XP_RK_NP, XP_NP_ZH_CLAUSE_HEAD, XP_SH_WORDS, clause_head},
	{"zh_de_end", XP_RK_NP, XP_NP_ZH_DE_END, XP_SH_WORDS, de_end},
	{"zh_particle", XP_RK_NP, XP_NP_ZH_PARTICLE, XP_SH_WORDS, particles},
};

/* ---- mention and sentence types (model/mtype.h; score --by) ---- */

/* personal pronouns; X的 and X自己 of these are pronouns too */
static const char *const mt_personal[] = {"我", "你", "您", "他", "她", "它", "我们", "你们", "他们",
					  "她们", "它们", "咱们", "咱", NULL};
static const char *const mt_suffixes[] = {"的", "自己", NULL};
static const char *const mt_other[] = {"自己", "这", "那", "这个", "那个", "这些", "那些", "这里", "那里",
				       "这儿", "那儿", "大家", NULL};
static const char *const mt_masc[] = {"他", "他的", "他自己", NULL};
static const char *const mt_fem[] = {"她", "她的", "她自己", NULL};
/* openers of a command, read on the sentence's characters */
static const char *const mt_imp[] = {"请", "别", "不要", "不许", "不准", "让我们", "咱们", "快", "来", "去",
				     "给我", "等等", "等一下", "看", "听", "闭嘴", "走", "站住", "住手", "小心",
				     "记住", "告诉", "拿", "放", "坐", "帮", "停", "滚", "出去", "过来", "进来", NULL};
/* openings that start like a command word and are not one */
static const char *const mt_not_imp[] = {"别的", "别人", "快乐", "来自", "去年", "看来", "看起来", "听说",
					 "放心吧你", "走廊", NULL};
static const char *const mt_skip[] = {"哦", "噢", "嘿", "喂", "嗯", "啊", "呃", "好吧", "好", NULL};

static const xp_mtype_words mtype_words = {
	.flags = XP_MW_CHARS,
	.pronouns = mt_other,
	.personal = mt_personal,
	.suffixes = mt_suffixes,
	.masc = mt_masc,
	.fem = mt_fem,
	.skip = mt_skip,
	.imperative = mt_imp,
	.not_imperative = mt_not_imp,
};

/* what opens a translator's note in Chinese subtitles (lang.h note_markers):
 * 注：, 译注 ... in simplified and traditional characters ("注意", attention,
 * is none) */
static const char *const note_markers[] = {"注：", "注:", "註：", "註:", "注释", "註釋", "注解", "註解",
					   "译注", "譯註", "譯注", "译者注", "譯者註", "翻译注", "翻譯註", NULL};

/* the options of earlier releases named after Chinese (lang.h old_options) */
static const char *const old_options[][2] = {
	{"zh-tokens", "unspaced-tokens"}, {"zh-words", "segmenter-data"}, {"zh-ends", "mention-ends"}, {NULL, NULL},
};

const xp_lang_pack xp_lang_zh = {
	.code = "zh",
	.name = "Chinese",
	.aliases = aliases,
	.script = "Han",
	.traits = XP_LT_UNSPACED | XP_LT_NO_ARTICLES,
	.norm = "punct", .norm_aliases = "zh-punct=punct", .old_options = old_options,
	.normdata = &xp_lang_han_norm,
	.bare_articles = xp_articles_all,
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.closed_class = closed_class,
	.loose = loose,
	.calibration = xp_calib_zh_json,
	.mention_ends = xp_ends_zh_json,
	.features = features,
	.nfeatures = sizeof features / sizeof *features,
	.span_hooks = span_hooks,
	.nspan_hooks = sizeof span_hooks / sizeof *span_hooks,
	.pronoun_like = xp_zh_interrogative_en,
	.segmenter_rule = XP_NP_ZH_WORDS,
	.feat_words = &feat_words,
	.mtype = &mtype_words,
	.note_markers = note_markers,
};
