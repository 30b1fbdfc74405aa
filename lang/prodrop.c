/* lang/prodrop.c — see prodrop.h. */
#include "prodrop.h"
#include "lang.h"

#include <string.h>
#include <strings.h>

/* English pronouns by case, each with its person and number (1sg 2 3sg 1pl
 * 2pl 3pl as 1..6), in one table: a word's person in one case is the
 * column's entry on its row (0 where the case has no such form) */
static const struct { const char *subj, *obj, *poss; int p; } persons[] = {
	{"i", "me", "my", 1},   {"you", "you", "your", 2}, {"he", "him", "his", 3}, {"she", "her", "her", 3},
	{"it", "it", "its", 3}, {"we", "us", "our", 4},    {"they", "them", "their", 6},
};

/* case 0 subject, 1 object, 2 possessive */
static int person(const char *w, int c)
{
	for (size_t k = 0; k < sizeof persons / sizeof *persons; k++)
		if (!strcasecmp(w, c == 0 ? persons[k].subj : c == 1 ? persons[k].obj : persons[k].poss))
			return persons[k].p;
	return 0;
}

int xp_subject_person(const char *w) { return person(w, 0); }

static int ends(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n > k && !memcmp(s + n - k, suf, k);
}

/* The token with Arabic yeh (U+064A) and alef maksura (U+0649) written as
 * Persian yeh (U+06CC), Arabic kaf (U+0643) as Persian kaf (U+06A9), into
 * out (cap bytes): 0 if it does not fit.  The same letters in Farsi; about
 * half of MMC's scenes (all of s01e13 in mmc-tune) write the Arabic ones, and
 * an ending compared byte for byte with ی never matched there: no 2sg
 * (-i), 1pl (-im) or 2pl (-id) verb agreed in those scenes. */
static int fa_fold(const char *tok, char *out, size_t cap)
{
	size_t n = strlen(tok);
	if (n >= cap)
		return 0;
	xp_fa_fold(tok, n, out, XP_FOLD_MAKSURA);
	out[n] = '\0';
	return 1;
}

/* Words of closed classes that end like a person ending but never inflect:
 * the modals باید "must" and شاید "maybe" (-id like 2pl), adverbs and
 * conjunctions in -i (خیلی "very", وقتی "when", ولی "but", یعنی, حتی),
 * indefinites in -i (کسی, چیزی, جایی, یکی), manner words in -tori/-jori,
 * prepositions (بعد "after", تحت "under", توی "in") and a preposition or
 * pronoun with a clitic (بهم "to me", اینم "this too", منم "me too").  On
 * mmc-tune they were 23 of the 77 wrong verbs the agreement rules chose for
 * a dropped subject; with the list, 117 right and 57 wrong (was 111 / 77). */
int xp_fa_never_verb(const char *word)
{
	static const char *const t[] = {
		"باید", "نباید", "شاید", "خیلی", "وقتی", "ولی", "یعنی", "حتی", "کمی", "یکی", "کسی", "چیزی", "جایی",
		"هیچی", "طوری", "جوری", "اینطوری", "اونطوری", "همینطوری", "همونطوری", "چطوری", "اینجوری", "اونجوری",
		"همینجوری", "چجوری", "بعد", "تحت", "توی", "روی", "برای", "واسه", "بهم", "بهت", "ازم", "ازت", "اینم",
		"اونم", "منم", "تونم", "الان", "مثلا", "اصلا", "واقعا", "دیگری", "بقیه", "پیش", NULL};
	char tok[256];
	if (!fa_fold(word, tok, sizeof tok))
		return 0;
	for (size_t k = 0; t[k]; k++)
		if (!strcmp(tok, t[k]))
			return 1;
	return 0;
}

/* Farsi personal endings: -am, -i, -ad (or a bare past stem in -t/-d),
 * -im, -id, -and; a stand-alone pronoun is not a verb */
int xp_fa_verb_agrees(const char *word, int person)
{
	char tok[256];
	if (!fa_fold(word, tok, sizeof tok))
		return 0;
	static const char *const pron[] = {"من", "تو", "او", "ما", "شما", "آنها", "اون", "اونا"};
	for (size_t k = 0; k < sizeof pron / sizeof *pron; k++)
		if (!strcmp(tok, pron[k]))
			return 0;
	if (strlen(tok) < 6 || xp_fa_never_verb(tok))   /* at least three letters */
		return 0;
	switch (person) {
	case 1: return ends(tok, "م") && !ends(tok, "یم");
	case 2: return (ends(tok, "ی") && !ends(tok, "ای")) || ends(tok, "ید");
	case 3: return (ends(tok, "د") && !ends(tok, "ند") && !ends(tok, "ید")) || ends(tok, "ت");
	case 4: return ends(tok, "یم");
	case 6: return ends(tok, "ند");
	default: return 0;
	}
}

int xp_object_person(const char *w) { return person(w, 1); }

int xp_possessive_person(const char *w) { return person(w, 2); }

/* The object and prepositional clitics, bare or with the object marker -o
 * that colloquial Farsi writes after them: -am/-emo, -at/-eto, -aš/-ešo,
 * -emun, -etun, -ešun ("ديدنت" seeing you, "برات" for you, "بوسم" kiss me). */
int xp_fa_clitic_agrees(const char *word, int person)
{
	char tok[256];
	if (!fa_fold(word, tok, sizeof tok))
		return 0;
	static const char *const c1[] = {"م", "مو", NULL}, *const c2[] = {"ت", "تو", "تون", "تونو", NULL};
	static const char *const c3[] = {"ش", "شو", NULL}, *const c4[] = {"مون", "مونو", NULL};
	static const char *const c6[] = {"شون", "شونو", NULL};
	static const char *const *const by[] = {NULL, c1, c2, c3, c4, NULL, c6};
	if (person < 1 || person > 6 || !by[person] || strlen(tok) < 6)   /* three letters at least */
		return 0;
	static const char *const pron[] = {"من", "تو", "او", "ما", "شما", "آنها", "اون", "اونا"};
	for (size_t k = 0; k < sizeof pron / sizeof *pron; k++)
		if (!strcmp(tok, pron[k]))
			return 0;
	for (size_t k = 0; by[person][k]; k++)
		if (ends(tok, by[person][k]))
			return 1;
	return 0;
}

int xp_fa_experiencer(const char *word, int person)
{
	static const char *const nouns[] = {"یاد", "منظور", "باور", "خوش", "بد", "دل", "حواس", "خواب", "سرد", "گرم",
					    "حال", NULL};
	static const char *const cl[] = {NULL, "م", "ت", "ش", "مون", NULL, "شون"};
	char tok[256];
	if (person < 1 || person > 6 || !cl[person] || !fa_fold(word, tok, sizeof tok))
		return 0;
	size_t n = strlen(tok), c = strlen(cl[person]);
	if (person == 2 && ends(tok, "تون"))   /* the plural -etun */
		c = strlen("تون");
	if (!ends(tok, c == strlen("تون") ? "تون" : cl[person]))
		return 0;
	for (size_t k = 0; nouns[k]; k++)
		if (n - c == strlen(nouns[k]) && !memcmp(tok, nouns[k], n - c))
			return 1;
	return 0;
}

/* The light verbs and auxiliaries that close a Farsi verb group (کردن,
 * شدن, داشتن, بودن, دادن, زدن, گرفتن, اومدن, رفتن, خواستن, تونستن,
 * آوردن, گذاشتن, خوردن; the copula), each stem with the personal endings
 * -am -i -e/-ad -im -id/-in -an/-and or none, after the prefixes be-
 * (subjunctive) and na-/nemi- (negative) or none.  Some present stems are
 * nouns or other words on their own or with an ending (زن woman, یاد
 * memory, ده ten, دار of الکل دار, ره, تون your): those count only after a
 * prefix (بزنه, بیاد, بده). */
static int fa_light_form(const char *tok)
{
	static const struct { const char *s; int bare; } stem[] = {
		{"کرد", 1}, {"کن", 1},   {"شد", 1},    {"ش", 0},    {"دار", 2},  {"داشت", 1}, {"بود", 1},
		{"باش", 1}, {"هست", 1},  {"نیست", 1},  {"داد", 1},  {"ده", 0},   {"زد", 1},   {"زن", 0},
		{"گرفت", 1}, {"گیر", 2}, {"اومد", 1},  {"یا", 0},   {"رفت", 1},  {"ر", 0},    {"رو", 0},   {"خواست", 1},
		{"خوا", 0}, {"تونست", 1}, {"تون", 0},   {"آورد", 1}, {"یار", 0},  {"گذاشت", 1}, {"ذار", 0},
		{"خورد", 1}, {"خور", 2}, {"دید", 1}, {"گفت", 1}, {"مون", 2}, {"موند", 1}, {"کشید", 1}};
	static const char *const ending[] = {"", "م", "ی", "ه", "د", "یم", "ید", "ین", "ن", "ند", NULL};
	static const char *const pre[] = {"", "ب", "ن", NULL};
	size_t n = strlen(tok);
	for (size_t p = 0; pre[p]; p++) {
		size_t pl = strlen(pre[p]);
		if (memcmp(tok, pre[p], pl))
			continue;
		for (size_t s = 0; s < sizeof stem / sizeof *stem; s++) {
			size_t sl = strlen(stem[s].s);
			if (n < pl + sl || memcmp(tok + pl, stem[s].s, sl) || (!pl && !stem[s].bare) ||
			    (!pl && stem[s].bare == 2 && n == sl))
				continue;
			for (size_t e = 0; ending[e]; e++)
				if (n == pl + sl + strlen(ending[e]) && !strcmp(tok + pl + sl, ending[e]))
					return 1;
		}
	}
	return 0;
}

int xp_fa_verb_form(const char *word)
{
	char tok[256];
	if (!fa_fold(word, tok, sizeof tok))
		return 0;
	static const char *const prefix[] = {"می", "نمی", NULL};
	/* nouns that read like a prefixed verb */
	static const char *const nouns[] = {"میدون", "میدان", "میمون", "میلیون", "میهمون", "میهمان", "میزان", "میکروب",
					    "میخواره", NULL};
	for (size_t k = 0; nouns[k]; k++)
		if (!strcmp(tok, nouns[k]))
			return 0;
	size_t n = strlen(tok);
	for (size_t k = 0; prefix[k]; k++) {
		size_t pl = strlen(prefix[k]);
		if (n == pl && !memcmp(tok, prefix[k], pl))
			return 1;   /* the prefix as a token of its own */
		/* joined (میخوام) or across a ZWNJ (می‌خوام): three letters at least after it */
		if (n >= pl + 6 && !memcmp(tok, prefix[k], pl))
			return 1;
	}
	return !xp_fa_never_verb(tok) && fa_light_form(tok);
}

int xp_fa_plural_piece(const char *tok)
{
	return !strncmp(tok, "ها", strlen("ها"));
}

int xp_fa_verb_like(const char *const *tgt, uint32_t j)
{
	return xp_fa_verb_form(tgt[j]) || (j > 0 && xp_fa_verb_form(tgt[j - 1])) ||
	       !strncmp(tgt[j], "\xD8\xA8", 2);   /* ب */
}
