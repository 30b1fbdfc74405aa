/*
 * io/opus.h — OPUS OpenSubtitles files: the corpus XML (one per subtitle
 * file) and the XCES sentence alignment between two of them.
 *
 * Corpus XML: <s id="N"> sentences of <w> tokens or raw text, <time id="T1S"
 * value="00:00:01,000"/> markers that need not nest with sentences (a start
 * marker applies to the sentences after it, an end marker closes every
 * sentence since the last one), <meta> skipped.  Read into the same xp_subs
 * as SRT (a sentence is a unit, with its id as `name`), streamed with
 * libxml2's xmlReader.
 *
 * XCES: <linkGrp fromDoc toDoc> groups of <link xtargets="1 2;3"/>: source
 * ids before ';', target ids after, either side possibly empty, ids not
 * necessarily sorted.
 */
#ifndef XP_OPUS_H
#define XP_OPUS_H

#include "subs.h"

int xp_opus_read(const char *path, xp_subs *s, xp_err *err);
int xp_opus_read_mem(const char *name, const char *buf, size_t len, xp_subs *s, xp_err *err);

typedef struct xp_xlink {
	const char **src, **tgt;
	uint32_t nsrc, ntgt;
	uint32_t line;
} xp_xlink;

typedef struct xp_xgroup {
	const char *from, *to;
	xp_xlink *links;
	size_t n, cap;
} xp_xgroup;

typedef struct xp_xces {
	xp_xgroup *g;
	size_t n, cap;
	xp_arena arena;
} xp_xces;

/* English or target units from any file: OPUS XML by its ".xml" name,
 * otherwise SRT/WebVTT (bilingual when its blocks say so). */
int xp_units_read(const char *path, xp_subs *s, xp_err *err);

int xp_xces_read(const char *path, xp_xces *x, xp_err *err);
int xp_xces_read_mem(const char *name, const char *buf, size_t len, xp_xces *x, xp_err *err);
void xp_xces_free(xp_xces *x);

#endif
