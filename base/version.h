/*
 * base/version.h — which xproj this is.
 *
 * XP_VERSION_MAJOR/MINOR are the version the including program was compiled
 * against; xp_version() is the version of the library it runs with (a shared
 * libxproj may be newer than the headers).  The Makefile takes VERSION from
 * here, so the two cannot drift apart.  The shared library's soname carries
 * the major number: libxproj.so.MAJOR.
 */
#ifndef XP_VERSION_H
#define XP_VERSION_H

#define XP_VERSION_MAJOR 0
#define XP_VERSION_MINOR 1
#define XP_VERSION_STRING "0.1"

/* "0.1": the library's version, as XP_VERSION_STRING was when it was built. */
const char *xp_version(void);

#endif
