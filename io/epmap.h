/*
 * io/epmap.h — which subtitle documents belong to which episode.
 *
 * OPUS names its documents by IMDb id (en/1994/583459/3175433.xml.gz: the
 * episode with IMDb id tt0583459), a fansub archive by whatever its
 * uploader chose; transcripts name episodes S01E01.  A user says which is
 * which in a small tab-separated file, one document per line:
 *
 *     # IMDb id or file<TAB>episode
 *     tt0583459	S01E01
 *     583460	S01E02
 *     en/1994/583461/3175433.xml.gz	S01E03
 *     fa/1994/583461/5125002.xml.gz	S01E03
 *
 * An IMDb id ("tt" and digits, or digits) stands for every document in a
 * directory of that number (OPUS keeps a film's or episode's subtitles
 * there); a file is named by its path or the end of it.  The episode is
 * "sNNeNN" in any case (kept as "SNNENN", as transcripts' scene ids give
 * it), or any other name a transcript file's stem could be.  Blank lines
 * and '#' comments are skipped; a document given two episodes is an error.
 */
#ifndef XP_EPMAP_H
#define XP_EPMAP_H

#include "../base/error.h"
#include "../base/mem.h"

#include <stddef.h>

typedef struct xp_epmap_entry {
	const char *key;       /* an IMDb id's digits (no "tt", no leading zeros), or a file */
	int imdb;              /* key is an IMDb id */
	const char *episode;   /* "S01E01", or the name as given */
	unsigned long line;
} xp_epmap_entry;

typedef struct xp_epmap {
	xp_epmap_entry *v;
	size_t n, cap;
	xp_arena arena;
} xp_epmap;

int xp_epmap_read(const char *path, xp_epmap *m, xp_err *err);
int xp_epmap_read_mem(const char *name, const char *buf, size_t len, xp_epmap *m, xp_err *err);
void xp_epmap_free(xp_epmap *m);

/* The IMDb id a document path holds: the digits of a directory component
 * that is all digits, the last such before the file name
 * ("en/1994/583459/3175433.xml" -> "583459"), leading zeros off; 0 if none. */
int xp_epmap_imdb_of(const char *path, char *out, size_t n);

#endif
