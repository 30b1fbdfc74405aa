/* project/zhwords.c — Chinese spans on whole jieba words; see zhwords.h. */
#include "zhwords.h"

#include <stdlib.h>
#include <string.h>

int xp_zh_word_starts(xp_zhseg *z, const char *const *w, const uint32_t *len, uint32_t n, uint8_t *start)
{
	/* the sentence as one string: the words are the text's, not the tokens' */
	size_t total = 0;
	for (uint32_t j = 0; j < n; j++)
		total += len[j];
	char *s = calloc(total + 1, 1);
	uint8_t *at = malloc(total + 1);
	int rc = s && at ? 0 : -1;
	size_t o = 0;
	for (uint32_t j = 0; !rc && j < n; j++)
		memcpy(s + o, w[j], len[j]), o += len[j];
	if (!rc)
		rc = xp_zhseg_cut(z, s, total, at);
	o = 0;
	for (uint32_t j = 0; !rc && j < n; j++)
		start[j] = at[o], o += len[j];
	if (!rc)
		start[n] = 1;
	free(s), free(at);
	return rc;
}

int xp_zh_words_snap(const uint8_t *start, uint32_t n, uint32_t *a, uint32_t *b)
{
	uint32_t a0 = *a, b0 = *b;
	while (*a > 0 && !start[*a])
		(*a)--;
	while (*b < n && !start[*b])
		(*b)++;
	return *a != a0 || *b != b0;
}
