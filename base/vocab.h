/*
 * base/vocab.h — word types as dense integer ids (open-addressing hash on
 * the UTF-8 bytes), optionally lower-cased with ICU first.
 */
#ifndef XP_VOCAB_H
#define XP_VOCAB_H

#include <stddef.h>
#include <stdint.h>

typedef struct xp_vocab {
	uint32_t *slot;       /* id + 1, 0 = empty */
	size_t nslots;
	char **words;
	uint32_t n;
	size_t cap;
	int lower;
	void *casemap;        /* UCaseMap when lower-casing */
	char *tmp;
	size_t tmpcap;
} xp_vocab;

int xp_vocab_init(xp_vocab *v, int lowercase);
/* Id of the word s[0..n), adding it if new; UINT32_MAX on OOM. */
uint32_t xp_vocab_id(xp_vocab *v, const char *s, size_t n);
/* Id of the word, UINT32_MAX if it is not in the vocabulary. */
uint32_t xp_vocab_find(xp_vocab *v, const char *s, size_t n);
void xp_vocab_free(xp_vocab *v);

#endif
