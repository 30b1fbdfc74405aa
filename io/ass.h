/*
 * io/ass.h — Advanced SubStation Alpha (ASS) and SubStation Alpha (SSA)
 * files: the dialogue events of their [Events] section.
 *
 * An event is a "Dialogue:" line whose fields follow the section's
 * "Format:" line (the standard one when it has none); its Text field is the
 * last and may hold commas.  Override blocks ({\i1}, {\pos(1,2)\fad(0,200)})
 * are removed, and so is the text drawn in drawing mode ({\p1} ... {\p0}):
 * vector commands, not words.  \N is a line break, \n one too when the
 * script's WrapStyle is 2 and a space otherwise, \h a space.  "Comment:"
 * events and ';' lines are skipped.  io/subs.c makes the events blocks.
 */
#ifndef XP_ASS_H
#define XP_ASS_H

#include "../base/buf.h"
#include "../base/error.h"

#include <stdint.h>

typedef struct xp_ass_event {
	int64_t start, end;       /* milliseconds */
	uint32_t line;            /* of the Dialogue line */
	size_t text, ntext;       /* in the text buffer: lines separated by '\n' */
	size_t name, nname;       /* the Name (speaker) field, in the text buffer */
} xp_ass_event;

typedef struct xp_ass {
	xp_ass_event *v;          /* in file order */
	size_t n, cap;
	xp_buf text;
} xp_ass;

/* 1 when buf looks like ASS/SSA: a "[Script Info]" or "[Events]" line
 * before any subtitle timing. */
int xp_is_ass(const char *buf, size_t len);

/* buf must be UTF-8. */
int xp_ass_read_mem(const char *name, const char *buf, size_t len, xp_ass *a, xp_err *err);
void xp_ass_free(xp_ass *a);

#endif
