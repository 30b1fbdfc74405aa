/* project/phrases.c — a noun phrase takes the phrase its show gives it; see phrases.h. */
#include "phrases.h"
#include "names.h"
#include "../lang/lang.h"
#include "../lang/np.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* (prototype: thresholds from the environment while they are chosen) */
static int mode;
static void knobs(double *min, double *share, int *near)
{
	*min = XP_PHRASES_MIN, *share = XP_PHRASES_SHARE, *near = XP_PHRASES_NEAR;
	mode = 0;
	const char *e = getenv("XP_PHRASES_TUNE");
	if (e) {
		char *p;
		*min = strtod(e, &p);
		if (*p == ',')
			*share = strtod(p + 1, &p);
		if (*p == ',')
			*near = (int)strtol(p + 1, &p, 10);
		if (*p == ',')
			mode = (int)strtol(p + 1, &p, 10);
	}
}

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
	double pmin, pshare;
	int near;
	knobs(&pmin, &pshare, &near);
	size_t ndocs = (size_t)in->doc[n - 1] + 1;
	size_t *dfirst = calloc(ndocs + 1, sizeof *dfirst);
	if (!dfirst)
		return -1;
	for (size_t k = 0; k < n; k++)
		dfirst[in->doc[k] + 1] = k + 1;
	for (size_t d = 1; d <= ndocs; d++)
		if (dfirst[d] < dfirst[d - 1])
			dfirst[d] = dfirst[d - 1];
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
		/* the dominant phrase (mode 4: each frequent one, the most
		 * frequent first): its occurrence over the linked span, else the
		 * nearest within near */
		uint32_t a = 0, e = 0;
		long bestd = -1;
		for (size_t r = 0; r < nf && (r == 0 || (mode & 4)); r++) {
			const xp_name_form *top = &phrases->v[f[r]];
			if (top->count < pmin || top->share < pshare)
				break;
			const char *form = top->form;
			size_t fl = strlen(form);
			char buf[256];
			if (pk && fl <= sizeof buf && xp_lang_fold(pk, form, fl, buf, XP_FOLD_MAKSURA))
				form = buf;
			for (uint32_t j = 0; j < s->n; j++) {
				uint32_t end = xp_names_match(s, j, form, fl, NULL, pk);
				if (!end)
					continue;
				long d = end <= X->tgt_start ? (long)X->tgt_start - end + 1
					 : j >= X->tgt_end   ? (long)j - X->tgt_end + 1
							     : 0;
				if (d > near || (bestd >= 0 && d >= bestd))
					continue;
				if (!taken(m, dfirst, in->doc[x], x, t, j, end))
					a = j, e = end, bestd = d;
			}
		}
		if (bestd < 0 || (X->tgt_start == a && X->tgt_end == e))
			continue;
		if ((mode & 1) && a >= X->tgt_start && e <= X->tgt_end)
			continue;
		if ((mode & 2) && a <= X->tgt_start && e >= X->tgt_end)
			continue;
		X->tgt_start = a, X->tgt_end = e;
		X->np |= XP_NP_PHRASES;
		placed++;
	}
	free(dfirst);
	return placed;
}
