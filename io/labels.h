/*
 * io/labels.h — categories a user gives for partitioned scores
 * (`xproj score --by file:F` and `--by column:N`).
 *
 * A labels file is tab-separated, one label per line, `#` starting a
 * comment:
 *     DOC  PART  SENT  LABEL               a whole sentence
 *     DOC  PART  SENT  START  END  LABEL   a token span [START, END)
 * with DOC the document id, PART its part number, SENT the 0-based
 * sentence of the document and START, END 0-based token offsets in it (the
 * model's half-open spans).  A CoNLL column gives one label per token: the
 * N-th field of each token line (1-based; negative counts from the end,
 * -1 being the coreference column), fields split at tabs when the line has
 * one, else at spaces (so in MMC's files, whose speakers hold spaces, count
 * fields after the speaker from the end); document and part are the
 * line's first two fields, sentences end at blank lines.
 *
 * A mention takes the label of a span entry with exactly its span, else
 * that of the narrowest entry holding its first token (a token's label for
 * a column, the sentence's for a sentence line).
 */
#ifndef XP_LABELS_H
#define XP_LABELS_H

#include "../base/error.h"
#include "../base/mem.h"

#include <stdint.h>

typedef struct xp_label {
	const char *doc;
	int part;
	uint32_t sent, start, end;   /* a sentence line: 0, UINT32_MAX */
	const char *label;
	uint32_t line;
} xp_label;

typedef struct xp_labels {
	xp_label *v;
	size_t n, cap;
	xp_arena arena;
} xp_labels;

/* column 0: a labels file; else that CoNLL column.  Malformed lines are
 * errors naming file:line (XP_EINPUT); a span given two labels too. */
int xp_labels_read(const char *path, int column, xp_labels *l, xp_err *err);
int xp_labels_parse(const char *name, const char *buf, size_t len, int column, xp_labels *l,
		    xp_err *err);
void xp_labels_free(xp_labels *l);

/* The label of span [start, end) of sentence sent, or NULL. */
const char *xp_labels_find(const xp_labels *l, const char *doc, int part, uint32_t sent, uint32_t start,
			   uint32_t end);

#endif
