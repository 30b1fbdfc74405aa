/*
 * io/walign.h — word alignments: the model and the Pharaoh family of files.
 *
 * A word alignment is, per sentence pair, a set of links (i, j) from source
 * token i to target token j, each sure or possible, with a probability when
 * the aligner gave one.  Indices are 0-based in the model.
 *
 * Files read: Pharaoh ("0-1 2-3", sure "i-j", possible "ipj", any order,
 * 0- or 1-based), awesome-align's --output_prob_file (one float per link, in
 * the order of the Pharaoh line, Python float syntax) and --output_word_file
 * ("src<sep>tgt" items, to cross-check tokens).  An empty line is a sentence
 * with no links.  Files written: Pharaoh (0-based, sure links only unless
 * asked) and the prob file.
 */
#ifndef XP_WALIGN_H
#define XP_WALIGN_H

#include "../base/buf.h"
#include "../base/error.h"
#include "../base/text.h"

#include <stddef.h>
#include <stdint.h>

typedef struct xp_link {
	uint32_t i, j;      /* source, target token */
	float prob;         /* 1 when unknown */
	uint8_t possible;   /* 0 sure, 1 possible */
} xp_link;

typedef struct xp_walign {
	size_t nsent;
	size_t *start;      /* sentence s: links[start[s] .. start[s+1]) */
	xp_link *links;
	size_t nlinks, cap_links, cap_start;
	int has_probs;
} xp_walign;

void xp_walign_free(xp_walign *a);
/* Append a sentence with the given links (copied). */
int xp_walign_add(xp_walign *a, const xp_link *l, size_t n);
static inline size_t xp_walign_len(const xp_walign *a, size_t s)
{
	return a->start[s + 1] - a->start[s];
}
/* Sort each sentence's links by (i, j) and drop repeats (keeping "sure"). */
void xp_walign_normalize(xp_walign *a);

/* The largest token index a file may give (0-based): a larger one is an
 * error, never cut to 32 bits.  What a link costs does not depend on its
 * indices (align/sym.c keeps only the linked cells). */
#define XP_WALIGN_MAX_INDEX 1000000000u

/* Pharaoh from memory; one_based shifts indices down by one. */
int xp_pharaoh_read(const char *name, const char *buf, size_t len, int one_based,
		    xp_walign *a, xp_err *err);
int xp_pharaoh_read_file(const char *path, int one_based, xp_walign *a, xp_err *err);
/* Attach an awesome-align prob file: line count and per-line counts must
 * match the alignment as read (before normalising). */
int xp_probs_read_file(const char *path, xp_walign *a, xp_err *err);
int xp_probs_read(const char *name, const char *buf, size_t len, xp_walign *a, xp_err *err);

/* Pharaoh text: "i-j" (sure) and, with possible, "ipj"; "\n" per sentence. */
void xp_pharaoh_write(xp_buf *out, const xp_walign *a, int with_possible);
/* One probability per link, same order as xp_pharaoh_write. */
void xp_probs_write(xp_buf *out, const xp_walign *a);

#endif
