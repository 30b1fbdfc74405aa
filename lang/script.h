/*
 * lang/script.h — the language a text's script says, from the packs.
 *
 * model/script.h counts a text's letters by script; which language writes
 * that script is each pack's data (xp_lang_pack.script, .letters), so a
 * new language's pack is guessed from its text with no line elsewhere.
 * A script that one pack names says that pack's language (Han, Hangul,
 * ICU's "Japanese"); a script several packs name says the one whose
 * letters are counted most (Farsi's or Arabic's among the Arabic script's),
 * the first of them in the table on a tie when each of them has letters,
 * else no language (Latin: English, German, ... have none).
 */
#ifndef XP_LANG_SCRIPT_H
#define XP_LANG_SCRIPT_H

#include "../model/script.h"

/* The script of the letters counted in c, and the code of the pack it
 * says (g->lang; "" when it says none). */
void xp_script_result(const xp_script_counter *c, xp_script_guess *g);

/* 1 if a language is written without spaces between words: its tokens are
 * joined with nothing.  Its pack says so (XP_LT_UNSPACED), or it is one of
 * the languages so written that no pack of that trait covers (Japanese,
 * Thai, Lao, Khmer, Burmese); lang may carry a subtag ("zh-Hant"). */
int xp_lang_unspaced(const char *lang);

#endif
