/*
 * io/names.h — a show's names and the target forms its translation gives
 * them, as the word aligner learned them from every pair it trained on
 * (align/namelearn.h), and the file that carries them from `wordalign` to
 * `project` (written next to the alignments: OUT.names for -o OUT.pharaoh).
 *
 * The file is text, one line a form:
 *     # xproj names 1
 *     joey<TAB>乔伊<TAB>152.7<TAB>0.81<TAB>189
 * the English name (its word as the aligner saw it: case-folded), the target
 * words the name was linked to (separated by single spaces, as the aligner
 * saw them), how many of the name's occurrences took that form (a mean over
 * the samplers, so not a whole number), that count's share of them, and the
 * name's occurrences.  Lines beginning with '#' are comments; a line that
 * is not five fields, or whose numbers are not numbers, is refused with its
 * line number.  The comment "# links H" (16 hex digits, xp_hash of the
 * Pharaoh text the same run wrote with -o) says which links the names were
 * learned with: `project` checks it when it reads A.names by default
 * beside A.pharaoh, where a later run with --no-names left an old file.
 */
#ifndef XP_IO_NAMES_H
#define XP_IO_NAMES_H

#include "../base/buf.h"
#include "../base/error.h"
#include "../base/vocab.h"

#include <stddef.h>
#include <stdint.h>

typedef struct xp_name_form {
	uint32_t name;      /* id in xp_names.names */
	char *form;         /* target words, space-separated */
	double count, share;
	double occurrences; /* of the name */
} xp_name_form;

typedef struct xp_names {
	xp_vocab names;     /* the English names, case-folded */
	xp_name_form *v;    /* in the order added */
	size_t n, cap;
	size_t *first;      /* after xp_names_index: name t's forms are by[first[t] .. first[t + 1]) */
	size_t *by;         /* indices into v, by name, most frequent form first */
	uint64_t links;     /* "# links H": the links' hash, when has_links */
	int has_links;
} xp_names;

int xp_names_init(xp_names *nm);
void xp_names_free(xp_names *nm);
/* Adds a form of name[0..nn) (form[0..fn) copied); 0, or -1 on OOM. */
int xp_names_add(xp_names *nm, const char *name, size_t nn, const char *form, size_t fn, double count, double share,
		 double occurrences);
/* Builds the lookup (after the last xp_names_add); 0, or -1 on OOM. */
int xp_names_index(xp_names *nm);
/* The forms of English word w[0..n) (case-folded), most frequent first:
 * their count, *f their indices into nm->v (valid until the next add). */
size_t xp_names_of(xp_names *nm, const char *w, size_t n, const size_t **f);

/* The file's text, appended to out (the forms in the order added). */
void xp_names_write(const xp_names *nm, xp_buf *out);
/* Parses a names file's text (name for errors) into nm (initialised here,
 * indexed); XP_EINPUT with the line for a malformed line. */
int xp_names_parse(const char *name, const char *buf, size_t len, xp_names *nm, xp_err *err);
int xp_names_read_file(const char *path, xp_names *nm, xp_err *err);
/* The names file beside the links file `links`, where `wordalign -o` writes
 * it and `project --alignments` looks for it: A.names for A.pharaoh and for
 * A.pharaoh.gz, else links + ".names" (a trailing ".gz" left out) into
 * out[0..cap); 0, or -1 when it does not fit.  One rule for both: a
 * compressed -o wrote A.pharaoh.gz.names, which project never looked for. */
int xp_names_beside(const char *links, char *out, size_t cap);

#endif
