/* project/prodrop.c — see prodrop.h. */
#include "prodrop.h"

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

/* Farsi personal endings: -am, -i, -ad (or a bare past stem in -t/-d),
 * -im, -id, -and; a stand-alone pronoun is not a verb */
int xp_fa_verb_agrees(const char *tok, int person)
{
	static const char *const pron[] = {"من", "تو", "او", "ما", "شما", "آنها", "اون", "اونا"};
	for (size_t k = 0; k < sizeof pron / sizeof *pron; k++)
		if (!strcmp(tok, pron[k]))
			return 0;
	if (strlen(tok) < 6)   /* at least three letters */
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
int xp_fa_clitic_agrees(const char *tok, int person)
{
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
