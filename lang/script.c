/* lang/script.c — see script.h. */
#include "script.h"
#include "lang.h"

#include <string.h>

void xp_script_result(const xp_script_counter *c, xp_script_guess *g)
{
	xp_script_tally(c, g);
	if (!g->script[0])
		return;
	size_t n, writers = 0, lettered = 0, best = 0;
	const xp_lang_pack *const *all = xp_lang_packs(&n), *one = NULL, *first = NULL, *most = NULL;
	for (size_t k = 0; k < n; k++) {
		const xp_lang_pack *p = all[k];
		if (!p->script || strcmp(p->script, g->script))
			continue;
		writers++, one = p;
		if (!p->letters)
			continue;
		lettered++;
		first = first ? first : p;
		size_t m = xp_script_letters(c, p->letters);
		if (m > best)
			best = m, most = p;
	}
	/* one language of the script; the one whose letters are counted most;
	 * none counted: the first, when every one of them has letters (a text
	 * that shows none of them is still in one of them) */
	const xp_lang_pack *p = writers == 1 ? one : most ? most : writers && lettered == writers ? first : NULL;
	if (p)
		g->lang = p->code;
}

int xp_lang_unspaced(const char *lang)
{
	/* the languages written without spaces whose pack, if any, does not
	 * say so (Japanese's has only its articles and normalisation) */
	static const char *const v[] = {"ja", "th", "lo", "km", "my"};
	if (!lang || !lang[0])
		return 0;
	if (xp_lang_has(xp_lang_find(lang), XP_LT_UNSPACED))
		return 1;
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		if (!strncmp(lang, v[k], 2) && (!lang[2] || lang[2] == '-' || lang[2] == '_'))
			return 1;
	return 0;
}
