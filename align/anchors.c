/*
 * align/anchors.c — where the alignment band goes; see ualign.h.
 *
 * Subtitles and transcripts do not always cover the same stretch (a
 * double episode in one transcript and half of it in the subtitles, a
 * "previously on" the transcript lacks), so the diagonal that their
 * lengths predict can be far from the truth.  Anchors fix that: a block
 * whose rare words (found in at most MAX_DF utterances) point at one
 * utterance much more than at any other, and that points at it more than
 * any other block does, is a point the path must pass near.  The band
 * follows the longest chain of them, and beyond its ends the chain's own
 * slope: where the transcript lies in the subtitles is measured, never
 * assumed (a scene cut from an episode lies in a tenth of its subtitles).
 */
#include "ualign.h"
#include "../base/mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DF 8
#define MIN_SCORE 5.0   /* about two rare words */

typedef struct post {
	uint32_t h;
	uint32_t *v, n, cap;
} post;

typedef struct windex {
	post *slot;
	size_t cap;   /* power of two */
} windex;

static post *find(windex *x, uint32_t h, int add)
{
	size_t k = (h * 2654435761u) & (x->cap - 1);
	while (x->slot[k].v && x->slot[k].h != h)
		k = (k + 1) & (x->cap - 1);
	if (!x->slot[k].v && add) {
		x->slot[k].h = h;
		x->slot[k].v = malloc(4 * sizeof *x->slot[k].v);
		x->slot[k].cap = x->slot[k].v ? 4 : 0;
	}
	return x->slot[k].v ? &x->slot[k] : NULL;
}

static int build(windex *x, const xp_unit *U, size_t N)
{
	size_t words = 0;
	for (size_t i = 0; i < N; i++)
		words += U[i].tok.n;
	x->cap = 64;
	while (x->cap < 2 * words + 2)
		x->cap *= 2;
	x->slot = calloc(x->cap, sizeof *x->slot);
	if (!x->slot)
		return -1;
	for (size_t i = 0; i < N; i++)
		for (uint32_t k = 0; k < U[i].tok.n; k++) {
			post *p = find(x, U[i].tok.h[k], 1);
			if (!p || (p->n == p->cap && xp_grow(&p->v, &(size_t){p->cap}, p->n + 1, sizeof *p->v)))
				return -1;
			if (p->n == p->cap)
				p->cap *= 2;
			p->v[p->n++] = (uint32_t)i;
		}
	return 0;
}

static void drop(windex *x)
{
	for (size_t k = 0; x->slot && k < x->cap; k++)
		free(x->slot[k].v);
	free(x->slot);
}

typedef struct anchor {
	double row, col, w;
} anchor;

/* longest chain of anchors with rows not decreasing (cols ascend already) */
static size_t chain(anchor *a, size_t n)
{
	size_t *tail = malloc((n + 1) * sizeof *tail), *prev = malloc((n + 1) * sizeof *prev), len = 0;
	if (!tail || !prev) {
		free(tail), free(prev);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		size_t lo = 0, hi = len;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (a[tail[mid]].row <= a[i].row)
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[i] = lo ? tail[lo - 1] : SIZE_MAX;
		tail[lo] = i;
		if (lo == len)
			len++;
	}
	/* write the chain in place, in order */
	anchor *tmp = malloc((len + 1) * sizeof *tmp);
	if (tmp) {
		size_t k = len, i = len ? tail[len - 1] : SIZE_MAX;
		while (k > 0 && i != SIZE_MAX)
			tmp[--k] = a[i], i = prev[i];
		memcpy(a, tmp, len * sizeof *a);
	}
	free(tmp), free(tail), free(prev);
	return tmp ? len : 0;
}

static size_t find_anchors(size_t N, const xp_unit *B, size_t M, windex *x, anchor *out)
{
	double *sc = calloc(N + 1, sizeof *sc);
	uint32_t *touched = malloc((N + 1) * sizeof *touched);
	size_t na = 0;
	for (size_t j = 0; sc && touched && j < M; j++) {
		uint32_t nt = 0;
		for (uint32_t k = 0; k < B[j].tok.n; k++) {
			post *p = find(x, B[j].tok.h[k], 0);
			if (!p || p->n > MAX_DF)
				continue;
			double idf = log((double)(N + 1) / p->n);
			for (uint32_t q = 0; q < p->n; q++) {
				if (sc[p->v[q]] == 0)
					touched[nt++] = p->v[q];
				sc[p->v[q]] += idf;
			}
		}
		double best = 0, second = 0;
		uint32_t bi = 0;
		for (uint32_t t = 0; t < nt; t++) {
			double v = sc[touched[t]];
			if (v > best)
				second = best, best = v, bi = touched[t];
			else if (v > second)
				second = v;
			sc[touched[t]] = 0;
		}
		if (best >= MIN_SCORE && best >= 1.5 * second)
			out[na++] = (anchor){bi + 0.5, j + 0.5, best};
	}
	free(sc);
	free(touched);
	return na;
}

/* Keep an anchor only where its utterance is pointed at by no other block
 * as much: the block is the utterance's strongest, and no other block ties
 * it.  "Rare" is counted in the transcript alone, so against subtitles that
 * run far beyond the transcript (a scene alone against its episode) a
 * scene's rare words ("queen", a name) are everywhere, and a long utterance
 * holding many of them draws a weak anchor from every part of the file; the
 * longest chain then runs along that one row from the first block to the
 * last and the band misses the scene (MMC dev's s07e01c07t alone: 7 of 27
 * utterances aligned, most of them wrongly; now 26, as in the whole
 * episode).  The true block outweighs the strays, having the utterance's
 * words and not just a few of them; a tie (a line said twice) says nothing
 * of where the utterance is.  In whole episodes the strays are few and near
 * the band, and dropping them changes no output (TV4Dialog's 403 episodes,
 * byte for byte).  O(anchors + N); SIZE_MAX when out of memory. */
static size_t strongest(anchor *a, size_t n, size_t N)
{
	double *top = calloc(N + 1, sizeof *top);
	uint32_t *ties = calloc(N + 1, sizeof *ties);
	size_t k = SIZE_MAX;
	if (top && ties) {
		k = 0;
		for (size_t q = 0; q < n; q++) {
			size_t r = (size_t)a[q].row;
			if (a[q].w > top[r])
				top[r] = a[q].w, ties[r] = 1;
			else if (a[q].w == top[r])
				ties[r]++;
		}
		for (size_t q = 0; q < n; q++) {
			size_t r = (size_t)a[q].row;
			if (a[q].w == top[r] && ties[r] == 1)
				a[k++] = a[q];
		}
	}
	free(top), free(ties);
	return k;
}

int xp_ualign_centers(const xp_unit *U, size_t N, const xp_unit *B, size_t M, double *center)
{
	double slope = N ? (double)M / N : 0;
	windex x = {0};
	anchor *a = malloc((M + 1) * sizeof *a);
	if (!a || build(&x, U, N)) {
		drop(&x);
		free(a);
		return -1;
	}
	size_t na = strongest(a, find_anchors(N, B, M, &x, a), N);
	drop(&x);
	if (na == SIZE_MAX) {
		free(a);
		return -1;
	}
	na = chain(a, na);
	/* Beyond the chain's ends the diagonal keeps the chain's slope, the
	 * blocks per utterance where the two are seen to match: M / N assumes the
	 * transcript spans the subtitles, and puts a scene's first utterances
	 * (M / N: 16 blocks each for s07e01c07t) far before its first anchor.
	 * In whole episodes the two slopes agree and nothing moves, but for
	 * TV4Dialog's Friends S09E23, a transcript that runs on past its last
	 * anchor: 433 utterances aligned instead of 395, F1 against the tags up.
	 * A chain of one row measures nothing: M / N then, as with no anchor. */
	if (na > 1 && a[na - 1].row > a[0].row)
		slope = (a[na - 1].col - a[0].col) / (a[na - 1].row - a[0].row);
	for (size_t i = 0; i <= N; i++) {
		double r = (double)i, c;
		if (!na)
			c = r * slope;
		else if (r <= a[0].row)
			c = a[0].col - (a[0].row - r) * slope;
		else if (r >= a[na - 1].row)
			c = a[na - 1].col + (r - a[na - 1].row) * slope;
		else {
			size_t lo = 0, hi = na - 1;   /* a[lo].row <= r < a[hi].row */
			while (hi - lo > 1) {
				size_t mid = (lo + hi) / 2;
				if (a[mid].row <= r)
					lo = mid;
				else
					hi = mid;
			}
			double span = a[hi].row - a[lo].row;
			c = span > 0 ? a[lo].col + (a[hi].col - a[lo].col) * (r - a[lo].row) / span : a[lo].col;
		}
		center[i] = c < 0 ? 0 : c > (double)M ? (double)M : c;
	}
	free(a);
	return 0;
}
