/*
 * bench/project_bench.c — projection throughput.
 *
 *   project_bench EN.conll MIN_MENTIONS
 *
 * Repeats the English corpus until it has MIN_MENTIONS mentions, gives each
 * utterance a synthetic target (its tokens reversed) and alignment (every
 * token to its mirror, one in five left unaligned, seeded), and times
 * xp_project alone.  Prints mentions/s; never passes or fails.
 */
#include "io/read.h"
#include "project/project.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return fprintf(stderr, "usage: project_bench EN.conll MIN_MENTIONS\n"), 2;
	xp_corpus one = {0}, en = {0};
	xp_err e;
	if (xp_read_corpus(argv[1], XP_FMT_AUTO, NULL, &one, &e))
		return fprintf(stderr, "%s: %s\n", e.file, e.msg), 1;
	xp_counts c;
	xp_corpus_counts(&one, &c);
	size_t want = strtoull(argv[2], NULL, 10), copies = (want + c.mentions - 1) / c.mentions;
	xp_aligned al = {0};
	xp_walign wa = {0};
	unsigned long long rng = 42;
	xp_link *l = malloc(4096 * sizeof *l);
	for (size_t r = 0; r < copies; r++)
		for (size_t d = 0; d < one.ndocs; d++) {
			const xp_doc *od = &one.docs[d];
			char id[256];
			snprintf(id, sizeof id, "%s_r%zu", od->id, r);
			xp_doc *nd = xp_corpus_add_doc(&en, id, strlen(id), od->part);
			for (size_t u = 0; u < od->nutts; u++) {
				const xp_utt *ou = &od->utts[u];
				const char *w[4096];
				size_t wl[4096];
				uint32_t n = ou->ntoks < 4096 ? ou->ntoks : 4096, len;
				for (uint32_t t = 0; t < n; t++)
					w[t] = xp_tok_str(ou, t, &len), wl[t] = len;
				xp_doc_add_utt(&en, nd, ou->speaker, w, wl, n);
				if (al.n == al.cap) {
					al.cap = al.cap ? 2 * al.cap : 4096;
					al.v = realloc(al.v, al.cap * sizeof *al.v);
				}
				xp_autt *a = &al.v[al.n++];
				memset(a, 0, sizeof *a);
				a->doc = nd->id, a->part = nd->part, a->utt = (uint32_t)u;
				a->src = xp_arena_alloc(&al.arena, (n + 1) * sizeof *a->src);
				a->tgt = xp_arena_alloc(&al.arena, (n + 1) * sizeof *a->tgt);
				for (uint32_t t = 0; t < n; t++) {
					a->src[t] = xp_arena_strndup(&al.arena, w[t], wl[t]);
					a->tgt[n - 1 - t] = a->src[t];
				}
				a->nsrc = a->ntgt = n;
				a->tgt_text = "";
				size_t nl = 0;
				for (uint32_t t = 0; t < n; t++) {
					rng = rng * 6364136223846793005ull + 1442695040888963407ull;
					if ((rng >> 33) % 5)
						l[nl++] = (xp_link){t, n - 1 - t, 1, 0};
				}
				xp_walign_add(&wa, l, nl);
			}
			for (size_t m = 0; m < od->nmentions; m++) {
				const xp_mention *x = &od->mentions[m];
				long k = xp_doc_cluster(nd, od->clusters[x->cluster].label);
				xp_doc_add_mention(nd, x->utt, x->start, x->end, (uint32_t)k, 0);
			}
			xp_doc_finish(nd, 1, NULL, NULL);
		}
	free(l);
	uint32_t *line;
	if (xp_bitext_lines(&al, NULL, &line, wa.nsent, &e))
		return fprintf(stderr, "%s\n", e.msg), 1;
	xp_proj_opts o;
	xp_proj_defaults(&o);
	xp_projection p;
	double t0 = now();
	if (xp_project(&en, &al, &wa, line, &o, &p, &e))
		return fprintf(stderr, "%s\n", e.msg), 1;
	double t = now() - t0;
	printf("%zu copies of the corpus: %zu mentions projected in %.3f s: %.0f mentions/s (%zu projected)\n",
	       copies, p.total.mentions, t, p.total.mentions / t, p.total.projected);
	xp_projection_free(&p);
	free(line);
	xp_walign_free(&wa);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	xp_corpus_free(&one);
	return 0;
}
