/*
 * io/asides.h — what a subtitle line holds besides its dialogue.
 *
 * Fansubs and SDH subtitles carry text nobody says: translators' notes
 * ("咕噜[魔戒角色]", "（注：...）"), song markers around lyrics ("♪ ... ♪",
 * "*All you want is a tinkle*"), hearing-impaired cues ("[thunder]",
 * "(laughs)", "(SIGHS)", "MAN: Hey!").  Left in, they become target tokens
 * the word aligner must link to something.  xp_strip_asides removes them
 * from one line and counts what it removed, so that a reader can say how
 * much text went (and a user can turn it off).
 *
 * The rules are deliberately narrow, because dialogue lost is worse than
 * an aside kept:
 *  - a bracket ([...], 【...】, 〔...〕, ［...］) closed on its line goes;
 *  - a parenthesis ((...), （...）) closed on its line goes when it opens
 *    or ends the line, fills it, is in capitals, or starts with a note
 *    marker; "I'm (not) going" keeps its words;
 *  - a line that starts with a note marker (T/N: ..., and the packs' that
 *    the caller hands in: 注：, 译注 ...) goes;
 *  - song markers go (♪ ♫ ♬ ♩ anywhere, '*' in pairs or at either end of
 *    the line, '#' at either end) but the lyrics stay: transcripts hold
 *    them too (Phoebe's songs are utterances);
 *  - a speaker label in capitals before a colon ("MAN:", "JOEY:") goes.
 * A bracket or parenthesis counts as a translator's note when it starts
 * with a note marker or holds letters of a script other than Latin, as a
 * hearing-impaired cue otherwise.  A line left with no letter or digit is
 * emptied.
 */
#ifndef XP_ASIDES_H
#define XP_ASIDES_H

#include "../base/buf.h"

#include <stddef.h>
#include <stdint.h>

typedef struct xp_asides {
	uint32_t notes;   /* translators' notes removed */
	uint32_t songs;   /* lines whose song markers were removed */
	uint32_t cues;    /* hearing-impaired cues (sounds, speaker labels) removed */
} xp_asides;

/* s[0..n) (UTF-8, one line, no markup) without its asides, appended to
 * out; what went is added to *c.  Returns 1 when something was removed.
 * notes: the words that open a translator's note besides English's (T/N,
 * TN:, TL:, N/T, Translator), NULL-terminated; NULL: none.  They are the
 * language packs' (lang/lang.h xp_lang_note_markers: 注：, 译注 ... for
 * Chinese), which this layer, below lang/, is handed. */
int xp_strip_asides(const char *s, size_t n, const char *const *notes, xp_buf *out, xp_asides *c);

/* to += v */
void xp_asides_add(xp_asides *to, const xp_asides *v);

#endif
