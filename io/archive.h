/*
 * io/archive.h — a directory tree or a zip archive as one set of files.
 *
 * OPUS ships its corpora as zip archives (OpenSubtitles' xml/en.zip holds
 * OpenSubtitles/xml/en/YEAR/IMDBID/FILEID.xml) and users keep them unpacked
 * too.  An xp_files lists either under names relative to its root, finds a
 * document by its OPUS name (a fromDoc) or by file name, and reads a member
 * (a ".gz" member inflated) without unpacking anything.  Archives are read
 * with libzip; a directory is walked once.
 *
 * A path may run through an archive: "en.zip/OpenSubtitles/xml/en/1994/
 * 109830/6145024.xml" names that member, so a single document can be given
 * wherever a file can (xp_read_any).
 */
#ifndef XP_ARCHIVE_H
#define XP_ARCHIVE_H

#include "../base/error.h"

#include <stddef.h>

typedef struct xp_files {
	char *path;          /* the directory or archive as given */
	void *zip;           /* libzip's zip_t, NULL for a directory */
	char **names;        /* relative to the root; a directory's sorted, and subtitle files only */
	size_t *entry;       /* an archive's entry index of names[i] */
	size_t n;
	size_t *by_file;     /* indices sorted by file name (".gz" ignored), for lookups */
} xp_files;

/* A directory (walked: .srt .vtt .ass .ssa .xml files, gzipped or not) or a
 * zip archive (every member). */
int xp_files_open(const char *path, xp_files *f, xp_err *err);
/* A zip archive held in memory (buf must outlive f). */
int xp_files_open_zip_mem(const char *name, const void *buf, size_t len, xp_files *f, xp_err *err);
void xp_files_close(xp_files *f);

/* The member that doc names: one of the two paths ends with the other,
 * in whole components, ".gz" ignored ("en/1994/1/x.xml.gz" names
 * "OpenSubtitles/xml/en/1994/1/x.xml"; "x.xml" names any x.xml); the one
 * sharing most components, or -1; two equally good give -2. */
long xp_files_find(const xp_files *f, const char *doc);

/* Member i's bytes (NUL-terminated, malloc'd), a gzipped member inflated
 * (base/stream.h); more than XP_DOC_MAX bytes (base/file.h), inflated or
 * not, is XP_EINPUT, told while reading. */
int xp_files_read(const xp_files *f, size_t i, char **buf, size_t *len, xp_err *err);

/* "ROOT/NAME" of member i, malloc'd (NULL when memory ran out). */
char *xp_files_path(const xp_files *f, size_t i);

/* 1 when path is a regular file that starts like a zip archive. */
int xp_is_zip(const char *path);

/* Read a document: a member when the path runs through a zip archive
 * ("a.zip/dir/x.xml", which also names a member "dir/x.xml.gz"); otherwise
 * as xp_read_file (gzip, "-").  Either way at most XP_DOC_MAX bytes. */
int xp_read_any(const char *path, char **buf, size_t *len, xp_err *err);

#endif
