/*
 * bench/mkresp.c — make benchmark inputs from a real corpus.
 *
 *   mkresp [--repeat N] [--drop P] [--merge P] [--split P] [--seed S] IN OUT
 *
 * --repeat N makes every document N times longer (its utterances and
 * mentions again, same clusters), to see how cost grows with document size.
 * --drop / --merge / --split perturb the result into a system-like
 * response: drop each mention with probability P, merge each cluster into
 * another with probability P, split each cluster of 2+ in two with
 * probability P.  Deterministic for a seed.
 */
#include "io/read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 88172645463325252ull;
static double uniform(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

typedef struct opt {
	int repeat;
	double drop, merge, split;
} opt;

static int copy_doc(xp_corpus *out, const xp_doc *d, const opt *o)
{
	xp_doc *n = xp_corpus_add_doc(out, d->id, strlen(d->id), d->part);
	if (!n)
		return -1;
	const char *w[4096];
	size_t l[4096];
	for (int r = 0; r < o->repeat; r++)
		for (size_t u = 0; u < d->nutts; u++) {
			const xp_utt *ut = &d->utts[u];
			uint32_t k = ut->ntoks < 4096 ? ut->ntoks : 4096, len;
			for (uint32_t t = 0; t < k; t++)
				w[t] = xp_tok_str(ut, t, &len), l[t] = len;
			if (!xp_doc_add_utt(out, n, ut->speaker, w, l, k))
				return -1;
		}
	/* cluster labels after merging and splitting */
	long long next = 0;
	for (size_t c = 0; c < d->nclusters; c++)
		next = d->clusters[c].label >= next ? d->clusters[c].label + 1 : next;
	long long *lab = malloc((d->nclusters + 1) * sizeof *lab), *alt = malloc((d->nclusters + 1) * sizeof *alt);
	for (size_t c = 0; c < d->nclusters; c++) {
		lab[c] = d->clusters[c].label;
		alt[c] = -1;
		if (uniform() < o->merge && d->nclusters > 1)
			lab[c] = d->clusters[(size_t)(uniform() * d->nclusters) % d->nclusters].label;
		if (d->clusters[c].nmentions >= 2 && uniform() < o->split)
			alt[c] = next++;
	}
	for (int r = 0; r < o->repeat; r++)
		for (size_t m = 0; m < d->nmentions; m++) {
			const xp_mention *x = &d->mentions[m];
			if (uniform() < o->drop)
				continue;
			long long L = alt[x->cluster] >= 0 && uniform() < 0.5 ? alt[x->cluster] : lab[x->cluster];
			long k = xp_doc_cluster(n, L);
			if (k < 0 || xp_doc_add_mention(n, (uint32_t)(x->utt + r * d->nutts), x->start, x->end,
						       (uint32_t)k, 0))
				return -1;
		}
	free(lab);
	free(alt);
	return xp_doc_finish(n, 1, NULL, NULL);
}

int main(int argc, char **argv)
{
	opt o = {1, 0, 0, 0};
	int i = 1;
	for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] == '-'; i += 2) {
		if (!strcmp(argv[i], "--repeat")) o.repeat = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--drop")) o.drop = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--merge")) o.merge = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--split")) o.split = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--seed")) rng ^= strtoull(argv[i + 1], NULL, 10) * 0x9E3779B97F4A7C15ull;
		else break;
	}
	if (argc - i != 2 || o.repeat < 1) {
		fprintf(stderr, "usage: mkresp [--repeat N] [--drop P] [--merge P] [--split P] [--seed S] IN OUT\n");
		return 2;
	}
	xp_corpus in = {0}, out = {0};
	xp_err e;
	int rc = xp_read_corpus(argv[i], XP_FMT_AUTO, NULL, &in, &e);
	for (size_t d = 0; rc == 0 && d < in.ndocs; d++)
		rc = copy_doc(&out, &in.docs[d], &o);
	if (rc == 0)
		rc = xp_write_corpus(argv[i + 1], XP_FMT_CONLL, &out, &e);
	if (rc)
		fprintf(stderr, "mkresp: %s:%lu: %s\n", e.file, e.line, e.msg);
	xp_corpus_free(&in);
	xp_corpus_free(&out);
	return rc ? 1 : 0;
}
