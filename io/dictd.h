/*
 * io/dictd.h — a bilingual dictionary in dictd's format (or CEDICT's, below) (FreeDict's, as
 * Debian installs them: /usr/share/dictd/freedict-eng-fra.index and .dict.dz)
 * read as headword/translation pairs, bitext lines ("head ||| translation")
 * for the word aligner's lexical model (align/wordalign.h lex_mem: `wordalign
 * --dict`).  Dictionaries are read where they are installed, at run time:
 * their data is not the project's.
 *
 * The format: NAME.index has one line per entry, "headword<TAB>offset<TAB>
 * length", offset and length in dictd's base-64 digits (A-Z a-z 0-9 + /,
 * most significant first), the entry's bytes in NAME.dict, or in
 * NAME.dict.dz (dictzip: gzip with an index of its blocks, which a gzip
 * reader inflates whole).
 *
 * The rule that turns an entry's text into pairs (the one bench/dict.sh
 * measured, bench/dict_pairs.py):
 *   - entries whose headword begins with "00database" or "00-database-" are
 *     the dictionary's own description, skipped;
 *   - the headword is the index's, its blanks collapsed; the entry's first
 *     line (the headword again, its pronunciation /.../ and part of speech
 *     <...>) is skipped;
 *   - every later line that begins in column 0 holds translations, an
 *     indented one an example, a note, a synonym or a cross-reference, and
 *     is skipped; a sense number ("1. ") in front is taken off;
 *   - grammar labels <...>, usage labels [...] and glosses (...) are taken
 *     out (an unclosed one to the end of the line), and ellipses ("..." and
 *     U+2026);
 *   - the rest is cut at ',' and ';' into translations, blanks collapsed;
 *     one empty or of more than XP_DICTD_MAX_WORDS words is dropped;
 *   - multiword headwords and translations are kept as they are ("aspire
 *     to ||| aspirer à"), each pair once.
 * A pair either side of which holds "|||" (the bitext's separator) is
 * dropped.  An index line without its three fields, with a digit that is
 * not base 64, or naming bytes past the end of the dictionary is refused
 * with its file and line, and so is an entry that is not UTF-8, and a last
 * line without its line end (an index cut short).
 */
#ifndef XP_IO_DICTD_H
#define XP_IO_DICTD_H

#include "../base/buf.h"
#include "../base/error.h"
#include "../base/vocab.h"
#include "bitext.h"

#include <stddef.h>

/* The longest translation kept, in words: longer ones are explanations
 * ("primeira letra do alfabeto"), not translations. */
#define XP_DICTD_MAX_WORDS 4

typedef struct xp_dictd_opts {
	/* when set, a pair is kept only when every word of its headword is in
	 * seen[0] and every word of its translation in seen[1] (xp_vocab_find:
	 * lower-cased if the vocabulary is): the pairs that can meet in the
	 * bitext the vocabularies come from.  NULL: every pair */
	xp_vocab *seen[2];
} xp_dictd_opts;

typedef struct xp_dictd_stats {
	size_t entries;   /* index lines read (the description's too) */
	size_t pairs;     /* pairs written */
	size_t unseen;    /* pairs left out by opts.seen */
} xp_dictd_stats;

/* The languages the dictionary's name says it translates, FreeDict's way
 * ("freedict-eng-fra": its NAME's last two parts after a '-', each 2 or 3
 * letters a-z), headwords' into langs[0], translations' into langs[1]; 1
 * when it says them, else 0 (langs[] then ""). */
int xp_dictd_langs(const char *path, char langs[2][4]);
/* The dictionary path names: NAME, NAME.index, NAME.dict or NAME.dict.dz
 * (NAME.dict.dz is read when it exists, else NAME.dict).  Appends its
 * pairs to out, one "head ||| translation\n" line each.  o and st may be
 * NULL. */
int xp_dictd_pairs(const char *path, const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st, xp_err *err);
/* The same from the index's and the dictionary's text in memory (names for
 * errors: iname the index's). */
int xp_dictd_pairs_mem(const char *iname, const char *index, size_t ilen, const char *dict, size_t dlen,
		       const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st, xp_err *err);

/* The words of each side of a bitext added to seen[0] (source) and seen[1]
 * (target), the vocabularies of xp_dictd_opts: of a file (gzip or plain,
 * "-" = stdin, as xp_bitext_each reads it), of bitext lines in memory, or
 * of a bitext read.  -1 (XP_ENOMEM or the reading's error) on failure. */
int xp_dictd_seen_file(xp_vocab seen[2], const char *path, xp_err *err);
int xp_dictd_seen_mem(xp_vocab seen[2], const char *name, const char *buf, size_t len, xp_err *err);
int xp_dictd_seen_bitext(xp_vocab seen[2], const xp_bitext *b, xp_err *err);

/* CEDICT's format (CC-CEDICT, the free Chinese-English dictionary): one
 * entry a line, "Traditional Simplified [pin1 yin1] /gloss 1/gloss 2/";
 * lines that begin with '#' are comments (its "#! key=value" header too),
 * blank lines are skipped.  The pairs are English first, the bitext's source
 * side: each gloss reduced to translations as a dictd line of translations
 * is (labels, glosses and ellipses out, cut at ',' and ';', at most
 * XP_DICTD_MAX_WORDS words; a cross-reference's "拜拜[bai2 bai2]" loses
 * its pinyin as a label does; a verb's "to eat" kept as it is, as dictd's
 * multiword translations are: taking "to" off measured worse, docs/
 * rules.md), against the Simplified headword (MMC's Chinese is simplified;
 * the subtitles too).  seen[0] is English's,
 * seen[1] the headword's.  A line without its four fields or that is not
 * UTF-8 text is refused with its file and line.  gzip read as xp_read_file
 * reads it. */
int xp_cedict_pairs(const char *path, const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st, xp_err *err);
int xp_cedict_pairs_mem(const char *name, const char *buf, size_t len, const xp_dictd_opts *o, xp_buf *out,
			xp_dictd_stats *st, xp_err *err);

/* A dictionary's format (`--dict-format`): AUTO decides from the path
 * (xp_dict_detect). */
typedef enum xp_dict_format { XP_DICT_AUTO, XP_DICT_DICTD, XP_DICT_CEDICT } xp_dict_format;
/* "auto", "dictd" or "cedict"; -1 for anything else. */
int xp_dict_format_parse(const char *s, xp_dict_format *f);
/* dictd's when the path ends in .index, .dict or .dict.dz, is not a file
 * (NAME of NAME.index), or is a file next to which NAME.index is; else (a
 * file alone) CEDICT's. */
xp_dict_format xp_dict_detect(const char *path);
/* The files the dictionary is read from, each malloc'd, the caller's to
 * free: dictd's two (path NAME, NAME.index, NAME.dict or NAME.dict.dz: its
 * index and its dictionary, NAME.dict.dz when it exists, else NAME.dict),
 * or for CEDICT's the path in *a and NULL in *b.  A command checks them
 * against its outputs (an output may not replace either). */
int xp_dict_files(const char *path, xp_dict_format f, char **a, char **b, xp_err *err);
/* Its pairs, as xp_dictd_pairs or xp_cedict_pairs by the format. */
int xp_dict_pairs(const char *path, xp_dict_format f, const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st,
		  xp_err *err);

#endif
