/*
 * serve/assets.h — the page's files (serve/assets/), compiled into the
 * library by serve/assets/embed.c at build time: nothing is read from disk
 * or fetched from the network when the page is served, and nothing but
 * these paths can be served.  Internal to serve/.
 */
#ifndef XP_ASSETS_H
#define XP_ASSETS_H

#include <stddef.h>

typedef struct xp_asset {
	const char *path;            /* "/app.js"; index.html is also "/" */
	const char *type;            /* its media type */
	const unsigned char *data;   /* NUL-terminated, len bytes before it */
	size_t len;
} xp_asset;

extern const xp_asset xp_assets[];
extern const unsigned xp_nassets;

#endif
