/*
 * io/subs.h — subtitle files: SRT and WebVTT, bilingual or not.
 *
 * The reader is tolerant of what real files hold: a BOM, CRLF, missing or
 * extra blank lines, missing or odd block numbers, '.' or '，' before the
 * milliseconds, <i>/<font>/{\an8} markup, "- " dash lines for two speakers.
 * A bilingual block (a line per language, as in TV4Dialog's withSpkr files)
 * is split by script: Latin lines are the English text, others the target.
 * TV4Dialog's "<1-2,Joey>" line tags name the transcript utterance a line
 * was assigned to; they are kept apart (a reference alignment for
 * `align-eval`) and never reach the text.
 */
#ifndef XP_SUBS_H
#define XP_SUBS_H

#include "../base/error.h"
#include "../base/mem.h"
#include "../base/text.h"

#include <stdint.h>

typedef struct xp_sub {
	uint32_t id;             /* the file's block number, else its 1-based position */
	const char *name;        /* OPUS sentence id as written, NULL for SRT/WebVTT */
	int64_t start, end;      /* milliseconds */
	const char *text;        /* the (English) text: lines joined by " ", markup removed */
	const char *tgt;         /* the other language's lines of a bilingual block, or "" */
	const char **uids;       /* TV4Dialog tags of the text lines, distinct, in order */
	uint32_t nuids;
	const char *speaker;     /* first tag's or <v> voice's speaker, or NULL */
	uint8_t dashes;          /* speaker turns marked by a dash ("- Hi." or "... - Hi.") */
	uint8_t ncut, ntcut;     /* how many of each below */
	const uint32_t *cut;     /* byte offsets in text where another speaker's turn starts */
	const uint32_t *tcut;    /* the same in tgt */
	uint32_t line;           /* line of the timing in the file */
} xp_sub;

typedef struct xp_subs {
	xp_sub *v;
	size_t n, cap;
	int bilingual;           /* set by the reader when blocks held two languages */
	xp_arena arena;
} xp_subs;

typedef enum { XP_BILINGUAL_AUTO = -1, XP_MONOLINGUAL = 0, XP_BILINGUAL = 1 } xp_bilingual;

/* SRT or WebVTT (by content), plain or gzip. */
int xp_subs_read(const char *path, xp_bilingual bi, xp_subs *s, xp_err *err);
int xp_subs_read_mem(const char *name, const char *buf, size_t len, xp_bilingual bi, xp_subs *s,
		     xp_err *err);
void xp_subs_free(xp_subs *s);

/* Speaker turn k (0 .. ncut) of a block's text (tgt: of its other language),
 * without its dash and surrounding spaces. */
xp_str xp_sub_turn(const xp_sub *x, int tgt, unsigned k);

/* "00:01:02,345" / "1:02.345" / "01:02:03，456" -> ms; -1 if not a time. */
int64_t xp_parse_time(const char *s, size_t n);

#endif
