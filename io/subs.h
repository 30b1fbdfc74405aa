/*
 * io/subs.h — subtitle files: SRT, WebVTT and ASS/SSA, bilingual or not,
 * in any charset.
 *
 * The reader is tolerant of what real files hold: a BOM, CRLF, missing or
 * extra blank lines, missing or odd block numbers, '.' or '，' before the
 * milliseconds, <i>/<font>/{\an8} markup, "- " dash lines for two speakers.
 * A bilingual block (a line per language, as in TV4Dialog's withSpkr files)
 * is split by script: Latin lines are the English text, others the target.
 * TV4Dialog's "<1-2,Joey>" line tags name the transcript utterance a line
 * was assigned to; they are kept apart (a reference alignment for
 * `align-eval`) and never reach the text.
 *
 * Before parsing, the bytes become UTF-8 (io/charset.h: a BOM, UTF-8, or
 * ICU's detector; or the charset the caller names), optionally with
 * Traditional Chinese made Simplified.  ASS/SSA files (io/ass.h) are told
 * by their "[Script Info]"/"[Events]" sections; their events become blocks,
 * events of the same times one block (bilingual fansubs give each language
 * its own event).  Each line then loses its translators' notes, song
 * markers and hearing-impaired cues (io/asides.h) unless asked to keep
 * them; the reader counts what went.
 *
 * Cues are returned in time order, as every consumer of times assumes
 * (pairing a separate target by time overlap, the doubts of align/uconf.h).
 * An SRT/WebVTT cue that starts before the cue above it is either out of
 * place or the first of a later part whose clock restarts (two episodes in
 * one file: TV4Dialog's Friends S05E24 and S06E24).  The cues out of place
 * run until one starts again at or after the cue above them; when those
 * fit into one gap of the cues before (no earlier cue starts among them),
 * they are moved there, the file sorted stably by start time.  When they
 * would interleave with earlier cues, a sort would be wrong: the cues from
 * there on are a later part, kept in file order (the order the transcript
 * follows), their times counted on from the latest end before them.  More
 * than XP_SUBS_MAX_RESTARTS restarts are refused.  A run of cues that
 * repeats earlier ones, the same times and text, after which the file goes
 * on in order from the cue before it (a chunk pasted twice in a ripped
 * file) is a copy, not a restart: dropped (dups).  The caller is told
 * (unordered_line, dups ...), never silently.
 */
#ifndef XP_SUBS_H
#define XP_SUBS_H

#include "asides.h"
#include "charset.h"
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

typedef enum { XP_SUBS_SRT, XP_SUBS_VTT, XP_SUBS_ASS, XP_SUBS_OPUS } xp_subs_format;

typedef struct xp_subs {
	xp_sub *v;
	size_t n, cap;
	int bilingual;           /* set by the reader when blocks held two languages */
	xp_subs_format format;
	xp_charset charset;      /* what the file's bytes were, and how that was decided */
	xp_asides removed;       /* what the reader removed (nothing when keeping asides) */
	/* SRT/WebVTT cues out of time order (above): the line of the first,
	 * how many cues were out of place (moved into time order), and how
	 * many times the file's clock restarted (a later part's cues, read in
	 * file order) */
	uint32_t unordered_line;
	uint32_t moved, restarts;
	int64_t restart_from;    /* the first restart's cue's time as written */
	int64_t restart_after;   /* ... and the latest end before it, its new origin */
	/* cues that repeat earlier ones (the same times and text: a chunk
	 * pasted twice), dropped: how many, the first copy's line and the line
	 * of the cue it copies */
	uint32_t dups, dup_line, dup_of;
	xp_arena arena;
} xp_subs;

#define XP_SUBS_MAX_RESTARTS 16

/* AUTO: split blocks by script when a fifth of them hold two. */
typedef enum { XP_BILINGUAL_AUTO = 0, XP_MONOLINGUAL = 1, XP_BILINGUAL = 2 } xp_bilingual;

/* How to read a subtitle file; all zero is the default. */
typedef struct xp_subs_opts {
	xp_bilingual bilingual;
	const char *encoding;    /* the file's charset (an ICU name), or NULL to detect it */
	int keep_asides;         /* keep translators' notes, song markers, hearing-impaired cues */
	int simplified;          /* Traditional Chinese -> Simplified (ICU's Traditional-Simplified) */
	/* the words that open a translator's note besides English's (io/asides.h
	 * xp_strip_asides), NULL-terminated: the packs' (lang/lang.h
	 * xp_lang_note_markers, which align/batch.h xp_doc_read hands in when
	 * this is NULL); NULL here: English's only */
	const char *const *notes;
} xp_subs_opts;

/* SRT, WebVTT or ASS/SSA (by content), plain or gzip; o NULL: defaults. */
int xp_subs_read(const char *path, const xp_subs_opts *o, xp_subs *s, xp_err *err);
int xp_subs_read_mem(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		     xp_err *err);
void xp_subs_free(xp_subs *s);

/* Speaker turn k (0 .. ncut) of a block's text (tgt: of its other language),
 * without its dash and surrounding spaces. */
xp_str xp_sub_turn(const xp_sub *x, int tgt, unsigned k);

/* The length of a dash opening a speaker's turn at s, with the spaces and
 * tabs after it: "- Hi", "-  Hi", "-Hi" (TBBT, and Chinese lines: "-您好";
 * 1 only then), or an en or em dash and a space; 0 if none. */
size_t xp_sub_dash(const char *s, size_t n);

/* "00:01:02,345" / "1:02.345" / "01:02:03，456" -> ms; -1 if not a time. */
int64_t xp_parse_time(const char *s, size_t n);

#endif
