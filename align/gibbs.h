/*
 * align/gibbs.h — one direction of the aligner as integer data, and one
 * Gibbs sampler over it.  Internal to align/.
 */
#ifndef XP_GIBBS_H
#define XP_GIBBS_H

#include <stdint.h>

/* Words of side E generate words of side F.  E ids start at 1: 0 is NULL. */
typedef struct wa_dir {
	uint32_t nsent;
	uint32_t *eoff, *foff;   /* sentence s: e[eoff[s]..eoff[s+1]), f[foff[s]..foff[s+1]) */
	uint32_t *e, *f;
	uint32_t Ve, Vf;         /* Ve counts NULL */
	uint64_t *poff;          /* sentence s: pidx[poff[s] + j*(I+1) + i], i = 0 for NULL */
	uint32_t *pidx;          /* index of the (e, f) word pair */
	uint32_t npairs;
} wa_dir;

typedef struct wa_sampler {
	const wa_dir *d;
	uint64_t rng;
	uint32_t *a;             /* per F token: 0 (NULL) or source position 1..I */
	uint32_t *lex, *etot;    /* per pair; per E type */
	uint32_t *jump, jtot;    /* per jump bucket */
	uint32_t *fert;          /* per E type x fertility bucket */
	uint32_t nnull, nword;
	float *marg;             /* per pidx entry: samples that chose it */
	double *w;               /* scratch: candidate weights */
	uint32_t *phi;           /* scratch: fertility per position of a sentence */
	uint32_t maxI;
} wa_sampler;

enum { WA_LEX = 1, WA_JUMP = 2, WA_FERT = 4 };

int wa_sampler_init(wa_sampler *s, const wa_dir *d, uint64_t seed);
/* One sweep over the corpus with the model parts in `parts`; with
 * `record`, add the resulting alignment to the marginals. */
void wa_sweep(wa_sampler *s, unsigned parts, int record);
/* Recount jumps / fertilities from the current alignment (entering a stage). */
void wa_recount(wa_sampler *s, unsigned parts);
void wa_sampler_free(wa_sampler *s);

#endif
