/* tests/unit/watoy.h — a word aligner's corpus made by hand, sentence by
 * sentence ("src", "tgt" of space-separated words) with its names seen, and
 * the prior's cells looked up: test_prior.c's and test_icufail.c's cases.
 * Needs testutil.h (cmocka) and align/prior.h first. */
#ifndef XP_TEST_WATOY_H
#define XP_TEST_WATOY_H

#include "base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A corpus of "src ||| tgt" lines as the aligner holds it. */
typedef struct toy {
	xp_vocab voc[2];
	wa_corpus c;
	wa_names nm;
	size_t cap[2];
} toy;

static inline void toy_add(toy *t, const char *src, const char *tgt)
{
	const char *side[2] = {src, tgt};
	wa_corpus *c = &t->c;
	assert_int_equal(xp_grow(&c->side[0].off, &c->cap_sent, c->nsent + 2, sizeof *c->side[0].off), 0);
	size_t cap1 = c->cap_sent;
	c->side[1].off = realloc(c->side[1].off, cap1 * sizeof *c->side[1].off);
	assert_non_null(c->side[1].off);
	for (int d = 0; d < 2; d++) {
		char buf[256];
		snprintf(buf, sizeof buf, "%s", side[d]);
		int k = 0;
		const char *prev = NULL;
		for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "), k++) {
			uint32_t id = xp_vocab_id(&t->voc[d], w, strlen(w));
			assert_int_equal(xp_grow(&c->side[d].tok, &t->cap[d], c->side[d].ntok + 1, sizeof *c->side[d].tok), 0);
			c->side[d].tok[c->side[d].ntok++] = id;
			int initial = !k || xp_wa_names_ends_sentence(prev, strlen(prev));
			assert_int_equal(xp_wa_names_see(&t->nm, d, id, w, strlen(w), initial), 0);
			prev = w;
		}
		c->side[d].V = t->voc[d].n;
	}
	c->nsent++;
	c->side[0].off[c->nsent] = c->side[0].ntok;
	c->side[1].off[c->nsent] = c->side[1].ntok;
}

static inline void toy_init(toy *t)
{
	memset(t, 0, sizeof *t);
	assert_int_equal(xp_vocab_init(&t->voc[0], 1), 0);
	assert_int_equal(xp_vocab_init(&t->voc[1], 1), 0);
	t->c.side[0].off = calloc(1, sizeof *t->c.side[0].off);
	t->c.side[1].off = calloc(1, sizeof *t->c.side[1].off);
	t->c.cap_sent = 1;
}

static inline void toy_free(toy *t)
{
	xp_wa_prior_free(&t->c);
	for (int d = 0; d < 2; d++) {
		xp_vocab_free(&t->voc[d]);
		free(t->c.side[d].tok);
		free(t->c.side[d].off);
	}
	xp_wa_names_free(&t->nm);
}

/* 1 if sentence k has cell (i, j) with a factor above 1 */
static inline int has_cell(const wa_corpus *c, uint32_t k, uint32_t i, uint32_t j)
{
	for (uint32_t q = c->coff[k]; q < c->coff[k + 1]; q++)
		if (c->cell[q].i == i && c->cell[q].j == j && c->cell[q].f > 1)
			return 1;
	return 0;
}

#endif
