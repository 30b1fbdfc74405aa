/* tests/unit/consistfx.h — the hand-made corpus test_consist.c and
 * test_names.c build their cases on: up to 8 target sentences given as
 * space-separated tokens, and up to 16 mentions, in the arrays
 * project/consist.h's xp_consist_in points into. */
#ifndef XP_TEST_CONSISTFX_H
#define XP_TEST_CONSISTFX_H
#include "project/consist.h"

#include <stdio.h>
#include <string.h>

typedef struct fx {
	char buf[8][256];
	const char *w[8][32];
	uint32_t len[8][32];
	xp_consist_sent sent[8];
	size_t nsent, sent0[4];
	xp_proj_mention m[16];
	uint32_t doc[16];
	int32_t at[16];
	const char *key[16];
	uint8_t name[16];
	float pos[16];
	size_t n;
} fx;

static void sentence(fx *f, const char *s)
{
	size_t k = f->nsent++;
	snprintf(f->buf[k], sizeof f->buf[k], "%s", s);
	uint32_t n = 0;
	for (char *p = strtok(f->buf[k], " "); p; p = strtok(NULL, " "))
		f->w[k][n] = p, f->len[k][n] = (uint32_t)strlen(p), n++;
	f->sent[k] = (xp_consist_sent){f->w[k], f->len[k], n};
}

#endif
