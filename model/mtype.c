/*
 * model/mtype.c — mention and sentence types from words; see mtype.h.
 * The lists are short on purpose: each word is one a reader would agree
 * with, so a category is wrong only where the surface is.
 */
#include "mtype.h"
#include "tokenize.h"

#include <string.h>
#include <strings.h>

static const char *const mtype_names[XP_NMTYPES] = {"pronoun", "name", "nominal", "other"};
static const char *const stype_names[XP_NSTYPES] = {"question", "imperative", "exclamation", "fragment",
						    "declarative"};

const char *xp_mtype_name(xp_mtype t) { return mtype_names[t]; }
const char *xp_stype_name(xp_stype t) { return stype_names[t]; }

int xp_mtype_lang_known(const char *lang)
{
	return lang && (!strcmp(lang, "en") || !strcmp(lang, "zh") || !strcmp(lang, "fa"));
}

static int in(const char *const *list, size_t n, const char *w, int nocase)
{
	for (size_t i = 0; i < n; i++)
		if (nocase ? !strcasecmp(list[i], w) : !strcmp(list[i], w))
			return 1;
	return 0;
}
#define IN(list, w, nocase) in(list, sizeof list / sizeof *list, w, nocase)

static const char *const en_masc[] = {"he", "him", "his", "himself"};
static const char *const en_fem[] = {"she", "her", "hers", "herself"};
static const char *const en_pron[] = {
	"i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves", "he", "him",
	"his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us", "our", "ours",
	"ourselves", "they", "them", "their", "theirs", "themselves", "this", "that", "these", "those",
	"ya", "y'all"};
static const char *const en_det[] = {"the", "a", "an", "my", "your", "his", "her", "our", "their", "its",
				     "this", "that", "these", "those", "some", "any", "no", "every", "all"};
/* Chinese personal pronouns; X的 and X自己 of these are pronouns too */
static const char *const zh_personal[] = {"我", "你", "您", "他", "她", "它", "我们", "你们", "他们",
					  "她们", "它们", "咱们", "咱"};
static const char *const zh_other[] = {"自己", "这", "那", "这个", "那个", "这些", "那些", "这里", "那里",
				       "这儿", "那儿", "大家"};
static const char *const fa_pron[] = {
	"من", "تو", "او", "وی", "ما", "شما", "آنها", "آن‌ها", "ایشان", "اون", "اونا", "اونها", "این", "آن",
	"اینا", "اینها", "این‌ها", "خودم", "خودت", "خودش", "خود", "خودمان", "خودتان", "خودشان", "خودمون",
	"خودتون", "خودشون", "ش", "اش", "م", "ام", "ت", "ات", "مان", "تان", "شان", "مون", "تون", "شون"};

/* The span's words joined without spaces into buf; 0 if it does not fit. */
static int joined(const xp_utt *u, uint32_t start, uint32_t end, char *buf, size_t cap)
{
	size_t len = 0;
	for (uint32_t i = start; i < end && i < u->ntoks; i++) {
		uint32_t n;
		const char *w = xp_tok_str(u, i, &n);
		if (len + n + 1 > cap)
			return 0;
		memcpy(buf + len, w, n);
		len += n;
	}
	buf[len] = '\0';
	return 1;
}

/* s is one of list, or one of list followed by suffix */
static int zh_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	if (n <= k || strcmp(s + n - k, suffix))
		return 0;
	char b[64];
	if (n - k >= sizeof b)
		return 0;
	memcpy(b, s, n - k);
	b[n - k] = '\0';
	return IN(zh_personal, b, 0);
}

static int is_pronoun(const char *lang, const char *w)
{
	if (!strcmp(lang, "en"))
		return IN(en_pron, w, 1);
	if (!strcmp(lang, "zh"))
		return IN(zh_personal, w, 0) || IN(zh_other, w, 0) || zh_with(w, "的") || zh_with(w, "自己");
	if (!strcmp(lang, "fa"))
		return IN(fa_pron, w, 0);
	return 0;
}

xp_gender xp_pronoun_gender(const char *lang, const xp_utt *u, uint32_t start, uint32_t end)
{
	char w[256];
	if (!joined(u, start, end, w, sizeof w))
		return XP_GENDER_NONE;
	if (!strcmp(lang, "en"))
		return IN(en_masc, w, 1) ? XP_GENDER_MASC : IN(en_fem, w, 1) ? XP_GENDER_FEM : XP_GENDER_NONE;
	if (!strcmp(lang, "zh")) {
		if (!strcmp(w, "他") || !strcmp(w, "他的") || !strcmp(w, "他自己"))
			return XP_GENDER_MASC;
		if (!strcmp(w, "她") || !strcmp(w, "她的") || !strcmp(w, "她自己"))
			return XP_GENDER_FEM;
	}
	return XP_GENDER_NONE;
}

static int en_capitalised(const char *w, uint32_t n)
{
	return (w[0] >= 'A' && w[0] <= 'Z') || (n == 2 && !strncmp(w, "'s", 2)) ||
	       (n == 4 && !strncmp(w, "’s", 4)) || (n == 1 && (w[0] == '.' || w[0] == '-'));
}

xp_mtype xp_mention_type(const char *lang, const xp_utt *u, uint32_t start, uint32_t end)
{
	char w[256];
	if (joined(u, start, end, w, sizeof w) && is_pronoun(lang, w))
		return XP_MT_PRONOUN;
	if (strcmp(lang, "en"))
		return XP_MT_OTHER;
	uint32_t n;
	const char *first = xp_tok_str(u, start, &n);
	char fw[64];
	if (n < sizeof fw) {
		memcpy(fw, first, n);
		fw[n] = '\0';
		if (IN(en_det, fw, 1) || IN(en_pron, fw, 1))
			return XP_MT_NOMINAL;
	}
	for (uint32_t i = start; i < end; i++) {
		const char *t = xp_tok_str(u, i, &n);
		if (!n || !en_capitalised(t, n))
			return XP_MT_NOMINAL;
	}
	return XP_MT_NAME;
}

/* --- sentence types ---------------------------------------------------- */

static const char *const en_skip[] = {"oh", "ok", "okay", "well", "so", "now", "hey", "uh", "um", "alright",
				      "please", "just", "and", "but", "yeah", "no", "yes"};
static const char *const en_imp[] = {
	"go", "come", "get", "look", "listen", "stop", "wait", "take", "give", "tell", "say", "let", "let's",
	"be", "try", "sit", "stand", "shut", "leave", "help", "put", "make", "keep", "hold", "call", "check",
	"watch", "forget", "remember", "relax", "calm", "move", "run", "hurry", "grab", "bring", "open",
	"close", "turn", "show", "pick", "eat", "drink", "enjoy", "excuse", "pardon", "hang", "stay",
	"follow", "ask", "answer", "read", "write", "trust", "believe", "imagine", "guess", "kiss", "hug",
	"quit", "drop", "knock", "sleep", "dance", "sing", "pay", "send", "buy", "throw", "push", "pull",
	"finish", "start", "clean", "wash", "wake", "shh", "shush", "don't"};
static const char *const zh_imp[] = {"请", "别", "不要", "不许", "不准", "让我们", "咱们", "快", "来", "去",
				     "给我", "等等", "等一下", "看", "听", "闭嘴", "走", "站住", "住手", "小心",
				     "记住", "告诉", "拿", "放", "坐", "帮", "停", "滚", "出去", "过来", "进来"};
/* Chinese openings that start like a command word and are not one */
static const char *const zh_not_imp[] = {"别的", "别人", "快乐", "来自", "去年", "看来", "看起来", "听说",
					 "放心吧你", "走廊"};
static const char *const zh_skip[] = {"哦", "噢", "嘿", "喂", "嗯", "啊", "呃", "好吧", "好"};
static const char *const fa_imp[] = {
	"بیا", "برو", "بگو", "ببین", "بشین", "بنشین", "بده", "بکن", "بخور", "بذار", "بزار", "بگیر", "بپوش",
	"بنویس", "بخون", "بخوان", "ببخشید", "ببخش", "بیاید", "بیاین", "بروید", "برین", "بگید", "بگویید",
	"بگین", "بدید", "بدین", "بمون", "بمان", "بکش", "بخواب", "بشنو", "بس", "نکن", "نرو", "نگو", "نزن",
	"نترس", "بزن", "بریم", "لطفا", "لطفاً"};
static const char *const fa_kon[] = {"کن", "کنید", "کنین", "نکن", "نکنید", "بکن"};
static const char *const fa_skip[] = {"خب", "خوب", "آه", "اوه", "هی", "آره", "نه"};

static int has_any(const char *w, uint32_t n, const char *const *marks, size_t nm)
{
	for (size_t i = 0; i < nm; i++) {
		size_t k = strlen(marks[i]);
		for (uint32_t j = 0; j + k <= n; j++)
			if (!memcmp(w + j, marks[i], k))
				return 1;
	}
	return 0;
}

/* The i-th token as a NUL-ended string in buf ("" if too long). */
static const char *tok(const xp_utt *u, uint32_t i, char *buf, size_t cap)
{
	uint32_t n;
	const char *w = xp_tok_str(u, i, &n);
	if (n >= cap)
		n = 0;
	memcpy(buf, w, n);
	buf[n] = '\0';
	return buf;
}

static int starts_with_any(const char *s, const char *const *list, size_t n, const char **rest)
{
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(list[i]);
		if (!strncmp(s, list[i], k)) {
			if (rest)
				*rest = s + k;
			return 1;
		}
	}
	return 0;
}

static int imperative(const char *lang, const xp_utt *u)
{
	char b[128], c[128];
	uint32_t i = 0;
	if (!strcmp(lang, "zh")) {
		char all[512];
		/* the sentence's characters without its punctuation and interjections */
		size_t len = 0;
		for (uint32_t t = 0; t < u->ntoks; t++) {
			const char *w = tok(u, t, b, sizeof b);
			size_t n = strlen(w);
			if (xp_is_punct(w) || len + n + 1 > sizeof all)
				continue;
			memcpy(all + len, w, n);
			len += n;
		}
		all[len] = '\0';
		const char *s = all, *rest;
		while (starts_with_any(s, zh_skip, sizeof zh_skip / sizeof *zh_skip, &rest) && rest != s && *rest)
			s = rest;
		return starts_with_any(s, zh_imp, sizeof zh_imp / sizeof *zh_imp, NULL) &&
		       !starts_with_any(s, zh_not_imp, sizeof zh_not_imp / sizeof *zh_not_imp, NULL);
	}
	int en = !strcmp(lang, "en");
	for (; i < u->ntoks; i++) {
		const char *w = tok(u, i, b, sizeof b);
		if (!xp_is_punct(w) && !(en ? IN(en_skip, w, 1) : IN(fa_skip, w, 0)))
			break;
	}
	if (i == u->ntoks)
		return 0;
	const char *w = tok(u, i, b, sizeof b);
	const char *next = i + 1 < u->ntoks ? tok(u, i + 1, c, sizeof c) : "";
	if (en) {
		if (!strcasecmp(w, "do") && (!strcasecmp(next, "n't") || !strcasecmp(next, "not")))
			return 1;
		return IN(en_imp, w, 1);
	}
	return IN(fa_imp, w, 0) || IN(fa_kon, next, 0);
}

xp_stype xp_sentence_type(const char *lang, const xp_utt *u)
{
	char b[128];
	static const char *const q[] = {"?", "？", "؟"}, *const ex[] = {"!", "！"};
	/* the last token that is punctuation decides the mark */
	if (u->ntoks) {
		const char *w = tok(u, u->ntoks - 1, b, sizeof b);
		uint32_t n = (uint32_t)strlen(w);
		if (has_any(w, n, q, 3))
			return XP_ST_QUESTION;
		if (imperative(lang, u))
			return XP_ST_IMPERATIVE;
		if (has_any(w, n, ex, 2))
			return XP_ST_EXCLAMATION;
	}
	/* words (Chinese: characters) that are not punctuation */
	size_t words = 0;
	for (uint32_t t = 0; t < u->ntoks; t++) {
		const char *w = tok(u, t, b, sizeof b);
		if (xp_is_punct(w) || !*w || !strcmp(w, " "))
			continue;
		if (!strcmp(lang, "zh")) {
			for (const unsigned char *p = (const unsigned char *)w; *p; p++)
				words += (*p & 0xC0) != 0x80;
		} else {
			words++;
		}
	}
	return words <= 2 ? XP_ST_FRAGMENT : XP_ST_DECLARATIVE;
}
