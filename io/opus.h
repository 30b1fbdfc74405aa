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
 * necessarily sorted.  OPUS ships one file per language pair with a group
 * per pair of documents (films, episodes): a document's links are those of
 * its group only, found by the documents' paths (xp_xces_find).  The file is
 * streamed, and only the groups the caller wants keep their links, so a
 * whole OpenSubtitles alignment file can be read for a few episodes.
 */
#ifndef XP_OPUS_H
#define XP_OPUS_H

#include "subs.h"

/* o: NULL for the defaults; its encoding is not used (XML declares its own). */
int xp_opus_read(const char *path, const xp_subs_opts *o, xp_subs *s, xp_err *err);
int xp_opus_read_mem(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		     xp_err *err);

typedef struct xp_xlink {
	const char **src, **tgt;
	uint32_t nsrc, ntgt;
	uint32_t line;
} xp_xlink;

typedef struct xp_xgroup {
	const char *from, *to;   /* fromDoc, toDoc as written */
	xp_xlink *links;
	size_t n, cap;
	uint32_t line;           /* of the <linkGrp> */
	int skipped;             /* not wanted: its links were not kept */
} xp_xgroup;

typedef struct xp_xces {
	const char *name;        /* the file's path */
	xp_xgroup *g;
	size_t n, cap;
	xp_arena arena;
} xp_xces;

/* English or target units from any file: OPUS XML by its ".xml" name,
 * otherwise SRT/WebVTT/ASS (bilingual when its blocks say so).  The path
 * may run through a zip archive (xp_read_any: "en.zip/dir/x.xml"). */
int xp_units_read(const char *path, const xp_subs_opts *o, xp_subs *s, xp_err *err);
int xp_units_read_mem(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		      xp_err *err);

/* Which groups keep their links: want(arg, fromDoc, toDoc) != 0.  A NULL
 * want keeps every group's. */
typedef int (*xp_xces_want)(void *arg, const char *from, const char *to);
int xp_xces_read(const char *path, xp_xces_want want, void *arg, xp_xces *x, xp_err *err);
int xp_xces_read_mem(const char *name, const char *buf, size_t len, xp_xces_want want, void *arg, xp_xces *x,
		     xp_err *err);
void xp_xces_free(xp_xces *x);

/* How well the document name doc (a fromDoc, "en/1994/109830/6145024.xml.gz")
 * names the file path ("OpenSubtitles/xml/en/1994/109830/6145024.xml"): the
 * number of trailing path components they share, ".gz" ignored; 0 when the
 * file names differ. */
int xp_doc_match(const char *path, const char *doc);

/* The group from document src to document tgt: the kept group whose
 * fromDoc and toDoc name the two paths best (xp_doc_match; the file name
 * and its directory at least, unless one of the two is a bare file name).  tgt NULL: any
 * target, the group with the most links among the best for src.  None is
 * XP_ENOTFOUND (the message names the file's groups); two equally good for
 * a named pair are XP_EINPUT. */
int xp_xces_find(const xp_xces *x, const char *src, const char *tgt, const xp_xgroup **g, xp_err *err);

#endif
