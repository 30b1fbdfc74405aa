/* tests/fuzz/fuzz_pair.c — libFuzzer target: an English and a target CoNLL
 * file separated by a line "===", paired in both token modes; every record
 * is an English utterance in order and every target sentence is used once,
 * in order. */
#include "align/pair.h"
#include "io/conll.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check(const xp_corpus *en, const xp_corpus *tg, const xp_aligned *al)
{
	size_t k = 0;
	for (size_t d = 0; d < en->ndocs; d++) {
		long last = -1;
		size_t used = 0;
		for (size_t u = 0; u < en->docs[d].nutts; u++, k++) {
			if (k >= al->n || al->v[k].utt != u)
				abort();
			if (al->v[k].ntgt_subs) {
				if ((long)al->v[k].tgt_subs[0] <= last)
					abort();
				last = al->v[k].tgt_subs[0];
				used++;
			}
		}
		for (size_t t = 0; t < tg->ndocs; t++)
			if (!strcmp(tg->docs[t].id, en->docs[d].id) && tg->docs[t].part == en->docs[d].part &&
			    used != tg->docs[t].nutts)
				abort();
	}
	if (k != al->n)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	char *b = strstr(s, "\n===\n");
	if (!b) {
		free(s);
		return 0;
	}
	*b = '\0';
	xp_corpus en = {0}, tg = {0};
	xp_err e;
	xp_read_opts ro = {.repair = 1};
	if (!xp_conll_read("en", s, strlen(s), &ro, &en, &e) && !xp_conll_read("tg", b + 5, strlen(b + 5), &ro, &tg, &e)) {
		for (int v = 0; v < 2; v++) {
			xp_pair_opts o;
			xp_aligned al = {0};
			xp_pair_stats st;
			xp_pair_defaults(&o);
			o.tokens = v ? XP_PAIR_TOKENS_WORDS : XP_PAIR_TOKENS_FILE;
			if (xp_pair(&en, &tg, &o, &al, &st, &e) == 0)
				check(&en, &tg, &al);
			xp_aligned_free(&al);
		}
	}
	xp_corpus_free(&en);
	xp_corpus_free(&tg);
	free(s);
	return 0;
}
