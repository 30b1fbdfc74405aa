/*
 * base/mem.h — memory helpers shared by every module.
 *
 * xp_grow: the one way arrays grow here (doubling, overflow-checked).
 * xp_arena: a bump allocator for the many small, immutable strings and token
 * arrays of a corpus.  A corpus owns one arena; freeing the corpus frees every
 * string it holds at once, so readers cannot leak a token on an error path.
 */
#ifndef XP_MEM_H
#define XP_MEM_H

#include <stddef.h>

/* Make room for `need` elements of size `elsz` in *p (capacity *cap).
 * Returns 0, or -1 (with *p untouched) when memory runs out. */
int xp_grow(void *p, size_t *cap, size_t need, size_t elsz);

typedef struct xp_arena_block xp_arena_block;
typedef struct xp_arena {
	xp_arena_block *head;
	size_t used, size;   /* of the head block */
	size_t failed;       /* allocations refused: memory ran out (a reader tells that from bad input) */
} xp_arena;

void *xp_arena_alloc(xp_arena *a, size_t n);   /* 8-byte aligned; NULL on OOM */
char *xp_arena_strndup(xp_arena *a, const char *s, size_t n);
char *xp_arena_strdup(xp_arena *a, const char *s);
void xp_arena_free(xp_arena *a);

/* The process's peak resident memory so far, in KB (getrusage; 0 if unknown). */
long xp_peak_kb(void);

#endif
