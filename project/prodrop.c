/* project/prodrop.c — see prodrop.h. */
#include "prodrop.h"

#include <string.h>
#include <strings.h>

int xp_subject_person(const char *w)
{
	static const struct { const char *w; int p; } t[] = {
		{"i", 1}, {"you", 2}, {"he", 3}, {"she", 3}, {"it", 3}, {"we", 4}, {"they", 6},
	};
	for (size_t k = 0; k < sizeof t / sizeof *t; k++)
		if (!strcasecmp(w, t[k].w))
			return t[k].p;
	return 0;
}

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
