/* tests/unit/consistfx.h — the hand-made corpus test_consist.c and
 * test_names.c (and test_phrases.c) build their cases on: up to 8 target sentences given as
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

/* test_names.c's and test_phrases.c's mention: one English token in
 * document 0, utterance and target sentence at; projected onto [a, b) or
 * given another fate.  Its index. */
static inline size_t fx_mention(fx *f, long long cl, const char *key, uint8_t name, int32_t at, xp_fate fate,
				uint32_t a, uint32_t b)
{
	size_t k = f->n++;
	f->m[k] = (xp_proj_mention){.id = (uint32_t)k, .cluster = cl, .en_utt = (uint32_t)at, .en_end = 1,
				    .tgt_utt = fate == XP_PROJECTED ? at : -1, .tgt_start = a, .tgt_end = b,
				    .fate = fate, .conf = 0.8f, .same_as = UINT32_MAX};
	f->doc[k] = 0, f->at[k] = at, f->key[k] = key, f->name[k] = name, f->pos[k] = 0.5f;
	return k;
}

/* mention k has fate, and when projected the span [a, b) (cmocka's
 * asserts: include it first) */
#define fx_span_is(f, k, fate_, a, b)                                          \
	do {                                                                   \
		assert_int_equal((f)->m[k].fate, (fate_));                     \
		if ((fate_) == XP_PROJECTED) {                                 \
			assert_int_equal((f)->m[k].tgt_start, (a));            \
			assert_int_equal((f)->m[k].tgt_end, (b));              \
		}                                                              \
	} while (0)

#endif
