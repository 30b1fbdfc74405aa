/* tests/unit/toks.h — the tokens of a space-separated string, as the
 * language rules take them (words and byte lengths, pointers into a copy):
 * test_lang.c's and test_np.c's cases. */
#ifndef XP_TEST_TOKS_H
#define XP_TEST_TOKS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct toks {
	char buf[512];
	const char *w[64];
	uint32_t len[64], n;
} toks;

static inline void split(toks *t, const char *s)
{
	snprintf(t->buf, sizeof t->buf, "%s", s);
	t->n = 0;
	for (char *p = strtok(t->buf, " "); p; p = strtok(NULL, " "))
		t->w[t->n] = p, t->len[t->n] = (uint32_t)strlen(p), t->n++;
}

#endif
