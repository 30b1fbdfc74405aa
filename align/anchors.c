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

/* Where the transcript skips what the subtitles hold (scenes k and k + 5 of
 * an episode in one file, from a corpus that keeps some scenes), the chain
 * jumps: two consecutive anchors a few rows and hundreds of blocks apart.  A
 * straight line between them puts the utterances in between (the end of one
 * scene, the start of the next) in the middle of the skipped blocks, beyond
 * the band: s07e01c03t + s07e01c09t lost c03t's last utterance and put
 * c09t's first on 14 wrong blocks.  Across a jump the band covers, at each
 * row, every block from where the first scene would be had it gone on (the
 * chain's slope from the anchor before) to where the next one would be had it
 * started (its slope back from the anchor after): the DP chooses the row where
 * the skipped blocks are skipped.  A jump is a step that leaves that path by
 * more than the band, so the line's band could not hold it, and spans at most
 * MAX_JUMP_ROWS rows: each jump then adds at most MAX_JUMP_ROWS + 1 rows of its
 * skipped blocks, and the blocks of different jumps are different blocks, so
 * the band gains at most (MAX_JUMP_ROWS + 1) * M cells, linear in the episode
 * (no N x M DP).  The slope is the chain's with its jumps left out (the jumps
 * are not blocks per utterance); with no jump it is the slope it was, and a
 * whole episode's band moves nowhere its anchors do not jump. */
#define MAX_JUMP_ROWS 40

static double slope_of(const anchor *a, size_t na, double s, double band, int *jumps)
{
	double rows = a[na - 1].row - a[0].row, cols = a[na - 1].col - a[0].col;
	*jumps = 0;
	for (size_t q = 1; q < na; q++) {
		double dr = a[q].row - a[q - 1].row, dc = a[q].col - a[q - 1].col;
		if (dr <= MAX_JUMP_ROWS && dc - s * dr > band)
			rows -= dr, cols -= dc, (*jumps)++;
	}
	return rows > 0 && cols >= 0 ? cols / rows : s;
}

int xp_ualign_centers(const xp_unit *U, size_t N, const xp_unit *B, size_t M, int band, double *from,
		      double *to)
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
	if (na > 1 && a[na - 1].row > a[0].row) {
		int jumps;
		slope = (a[na - 1].col - a[0].col) / (a[na - 1].row - a[0].row);
		slope = slope_of(a, na, slope, band, &jumps);
		if (jumps)   /* once more: the jumps inflated the slope they were found with */
			slope = slope_of(a, na, slope, band, &jumps);
	}
	for (size_t i = 0; i <= N; i++) {
		double r = (double)i, lo, hi;
		if (!na)
			lo = r * slope;
		else if (r <= a[0].row)
			lo = a[0].col - (a[0].row - r) * slope;
		else if (r >= a[na - 1].row)
			lo = a[na - 1].col + (r - a[na - 1].row) * slope;
		else {
			size_t l = 0, h = na - 1;   /* a[l].row <= r < a[h].row */
			while (h - l > 1) {
				size_t mid = (l + h) / 2;
				if (a[mid].row <= r)
					l = mid;
				else
					h = mid;
			}
			double span = a[h].row - a[l].row, dc = a[h].col - a[l].col;
			lo = span > 0 ? a[l].col + dc * (r - a[l].row) / span : a[l].col;
			if (span <= MAX_JUMP_ROWS && dc - slope * span > band) {
				/* a jump: the first scene gone on, the next one started */
				lo = a[l].col + (r - a[l].row) * slope;
				hi = a[h].col - (a[h].row - r) * slope;
				to[i] = hi < 0 ? 0 : hi > (double)M ? (double)M : hi;
				from[i] = lo < 0 ? 0 : lo > (double)M ? (double)M : lo;
				continue;
			}
		}
		from[i] = to[i] = lo < 0 ? 0 : lo > (double)M ? (double)M : lo;
	}
	free(a);
	return 0;
}
