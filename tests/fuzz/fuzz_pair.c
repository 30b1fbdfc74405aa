/* tests/fuzz/fuzz_pair.c — libFuzzer target: an English and a target CoNLL
 * file separated by a line "===", paired in both token modes; subset
 * pairing: every record is an English utterance in order and every target
 * sentence is used once, in order; n:m pairing (with and without anchors):
 * the records' English sentences (utt, src_utts) cover each English
 * utterance once, in order, and their target sentences each target
 * sentence at most once, in order, the others counted as 0:1. */
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

static void check_nm(const xp_corpus *en, const xp_corpus *tg, const xp_aligned *al, const xp_pair_stats *st)
{
	size_t k = 0, used = 0, targets = 0;
	for (size_t d = 0; d < en->ndocs; d++) {
		long last = -1;
		for (size_t u = 0; u < en->docs[d].nutts; k++) {
			if (k >= al->n || al->v[k].utt != u || al->v[k].ntgt_subs > 2)
				abort();
			uint32_t n = al->v[k].nsrc_utts ? al->v[k].nsrc_utts : 1, toks = 0;
			for (uint32_t i = 0; i < n; i++)
				if (u + i >= en->docs[d].nutts)
					abort();
				else
					toks += en->docs[d].utts[u + i].ntoks;
			if (toks != al->v[k].nsrc)
				abort();
			for (uint32_t j = 0; j < al->v[k].ntgt_subs; j++, used++) {
				if ((long)al->v[k].tgt_subs[j] <= last)
					abort();
				last = al->v[k].tgt_subs[j];
			}
			u += n;
		}
	}
	for (size_t t = 0; t < tg->ndocs; t++)
		targets += tg->docs[t].nutts;
	if (k != al->n || used != st->paired || used + st->tgt_alone > targets)
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
		for (int v = 0; v < 4; v++) {
			xp_pair_opts o;
			xp_aligned al = {0};
			xp_pair_stats st;
			xp_pair_defaults(&o);
			o.tokens = v & 1 ? XP_PAIR_TOKENS_WORDS : XP_PAIR_TOKENS_FILE;
			o.links = v < 2 ? XP_PAIR_LINKS_SUBSET : XP_PAIR_LINKS_NM;
			o.length_only = v == 3;
			if (xp_pair(&en, &tg, &o, &al, &st, &e) == 0) {
				if (v < 2)
					check(&en, &tg, &al);
				else
					check_nm(&en, &tg, &al, &st);
			}
			xp_aligned_free(&al);
		}
	}
	xp_corpus_free(&en);
	xp_corpus_free(&tg);
	free(s);
	return 0;
}
