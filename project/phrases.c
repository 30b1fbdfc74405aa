/* project/phrases.c — a noun phrase takes the phrase its show gives it; see phrases.h. */
#include "phrases.h"
#include "names.h"
#include "../lang/lang.h"
#include "../lang/np.h"

#include <stdlib.h>
#include <string.h>

/* another entity's projected mention in sentence t on words [j, end), or
 * crossing them, holds them; one inside them (the possessor of "your
 * father") or around them does not */
static int taken(const xp_proj_mention *m, const size_t *dfirst, uint32_t doc, size_t x, size_t t, uint32_t j,
		 uint32_t end)
{
	const xp_proj_mention *X = &m[x];
	for (size_t k = dfirst[doc]; k < dfirst[doc + 1]; k++) {
		const xp_proj_mention *K = &m[k];
		if (k == x || K->fate != XP_PROJECTED || (size_t)K->tgt_utt != t || K->cluster == X->cluster ||
		    K->tgt_end <= j || end <= K->tgt_start)
			continue;
		int inside = j <= K->tgt_start && K->tgt_end <= end, around = K->tgt_start <= j && end <= K->tgt_end;
		if ((K->tgt_start == j && K->tgt_end == end) || (!inside && !around))
			return 1;
	}
	return 0;
}

long xp_phrases_place(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_names *phrases)
{
	if (!n || !phrases || !phrases->n)
		return 0;
	size_t *dfirst = xp_consist_doc_first(in, n);
	if (!dfirst)
		return -1;
	const xp_lang_pack *pk = xp_lang_find(in->lang);
	long placed = 0;
	for (size_t x = 0; x < n; x++) {
		xp_proj_mention *X = &m[x];
		if (in->name[x] || !in->key[x] || in->at[x] < 0 || (size_t)in->at[x] >= in->nsent ||
		    X->fate != XP_PROJECTED)
			continue;
		const xp_consist_sent *s = &in->sent[in->at[x]];
		size_t t = (size_t)in->at[x] - in->sent0[in->doc[x]];
		if ((size_t)X->tgt_utt != t || X->tgt_start >= X->tgt_end)
			continue;
		const size_t *f;
		size_t nf = xp_names_of(phrases, in->key[x], strlen(in->key[x]), &f);
		/* the dominant phrase only (the most frequent form, frequent
		 * enough and most of the run's occurrences: a run said several
		 * ways is no evidence), where it stands over the linked span
		 * (or within XP_PHRASES_NEAR tokens of it, the nearest) */
		if (!nf || phrases->v[f[0]].count < XP_PHRASES_MIN || phrases->v[f[0]].share < XP_PHRASES_SHARE)
			continue;
		const char *form = phrases->v[f[0]].form;
		size_t fl = strlen(form);
		char buf[256];
		form = xp_names_fold(pk, form, &fl, buf, sizeof buf);
		uint32_t a = 0, e = 0;
		long bestd = -1;
		for (uint32_t j = 0; j < s->n; j++) {
			uint32_t end = xp_names_match(s, j, form, fl, NULL, pk);
			if (!end)
				continue;
			long d = end <= X->tgt_start ? (long)X->tgt_start - end + 1
				 : j >= X->tgt_end   ? (long)j - X->tgt_end + 1
						     : 0;
			if (d > XP_PHRASES_NEAR || (bestd >= 0 && d >= bestd))
				continue;
			if (!taken(m, dfirst, in->doc[x], x, t, j, end))
				a = j, e = end, bestd = d;
		}
		if (bestd < 0 || (X->tgt_start == a && X->tgt_end == e))
			continue;
		X->tgt_start = a, X->tgt_end = e;
		X->np |= XP_NP_PHRASES;
		placed++;
	}
	free(dfirst);
	return placed;
}
