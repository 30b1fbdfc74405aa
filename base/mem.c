/* base/mem.c — xp_grow and the arena; see mem.h. */
#include "mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

int xp_grow(void *p, size_t *cap, size_t need, size_t elsz)
{
	void **pp = p;
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : 8;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			return -1;
		c *= 2;
	}
	if (c > SIZE_MAX / elsz)
		return -1;
	void *q = realloc(*pp, c * elsz);
	if (!q)
		return -1;
	*pp = q;
	*cap = c;
	return 0;
}

struct xp_arena_block {
	xp_arena_block *next;
	max_align_t data[];
};

enum { ARENA_BLOCK = 64 * 1024 };

void *xp_arena_alloc(xp_arena *a, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (!a->head || a->size - a->used < n) {
		/* Big requests get a block of their own, so a 1 MB utterance does
		 * not waste the rest of a normal block. */
		size_t sz = n > ARENA_BLOCK / 4 ? n : ARENA_BLOCK;
		xp_arena_block *b = malloc(sizeof *b + sz);
		if (!b) {
			a->failed++;
			return NULL;
		}
		if (a->head && sz == n) {
			/* keep filling the current head afterwards */
			b->next = a->head->next;
			a->head->next = b;
			return b->data;
		}
		b->next = a->head;
		a->head = b;
		a->used = 0;
		a->size = sz;
	}
	void *p = (char *)a->head->data + a->used;
	a->used += n;
	return p;
}

char *xp_arena_strndup(xp_arena *a, const char *s, size_t n)
{
	char *p = xp_arena_alloc(a, n + 1);
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xp_arena_strdup(xp_arena *a, const char *s)
{
	return xp_arena_strndup(a, s, strlen(s));
}

void xp_arena_free(xp_arena *a)
{
	xp_arena_block *b = a->head;
	while (b) {
		xp_arena_block *n = b->next;
		free(b);
		b = n;
	}
	memset(a, 0, sizeof *a);
}

long xp_peak_kb(void)
{
	struct rusage u;
	return getrusage(RUSAGE_SELF, &u) ? 0 : u.ru_maxrss;   /* KB on Linux */
}
