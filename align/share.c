/*
 * align/share.c — see share.h.
 *
 * The English runs are a small dynamic programme over (utterances given
 * runs, words used); a run's worth is the utterance's words it holds, times
 * eight, less one when it is not empty: the one is the tie-break, and four
 * utterances cannot lose eight for it.
 */
#include "share.h"
#include "../io/subs.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

/* English words beyond this many stay with the last one (a bead's turn is
 * a subtitle line or two: a few dozen words). */
#define MAX_WORDS 256

static int space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static uint32_t count_in(const xp_bag *b, uint32_t h)
{
	uint32_t lo = 0, hi = b->n;
	while (lo < hi) {
		uint32_t m = lo + (hi - lo) / 2;
		if (b->h[m] < h)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < b->n && b->h[lo] == h ? b->c[lo] : 0;
}

typedef struct span {
	size_t a, b;   /* bytes */
} span;

typedef struct words {
	span w[MAX_WORDS];
	xp_unit u[MAX_WORDS];
	size_t n, hashes;
} words;

static int words_of(xp_normalizer *z, xp_str en, words *W)
{
	W->n = W->hashes = 0;
	for (size_t i = 0; i < en.n;) {
		while (i < en.n && space(en.p[i]))
			i++;
		if (i == en.n)
			break;
		size_t a = i;
		while (i < en.n && !space(en.p[i]))
			i++;
		if (W->n == MAX_WORDS)
			W->w[W->n - 1].b = i;
		else
			W->w[W->n++] = (span){a, i};
	}
	for (size_t k = 0; k < W->n; k++) {
		if (xp_unit_from_text(z, en.p + W->w[k].a, W->w[k].b - W->w[k].a, &W->u[k])) {
			while (k--)
				xp_unit_free(&W->u[k]);
			return -1;
		}
		W->hashes += W->u[k].tok.n;
	}
	return 0;
}

/* The characters of s[0..n) but spaces: where a cut falls is measured in
 * them, on both sides (Chinese subtitles put two spaces where English puts
 * a comma and one). */
static size_t ink(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xC0) != 0x80 && !space(s[i]);
	return k;
}

/* run[k]: utterance k's first word; run[g] = W->n */
static int runs(const words *W, const xp_unit *U, size_t g, size_t *run)
{
	size_t n = W->n;
	int *best = malloc((g + 1) * (n + 1) * sizeof *best);
	size_t *from = malloc((g + 1) * (n + 1) * sizeof *from);
	uint32_t *h = malloc((W->hashes + 1) * sizeof *h), *c = malloc((W->hashes + 1) * sizeof *c);
	if (!best || !from || !h || !c) {
		free(best), free(from), free(h), free(c);
		return -1;
	}
#define AT(k, j) ((k) * (n + 1) + (j))
	for (size_t k = 0; k <= g; k++)
		for (size_t j = 0; j <= n; j++)
			best[AT(k, j)] = INT_MIN, from[AT(k, j)] = j;
	best[AT(0, 0)] = 0;
	for (size_t k = 1; k <= g; k++)
		for (size_t a = 0; a <= n; a++) {
			int base = best[AT(k - 1, a)];
			if (base == INT_MIN)
				continue;
			if (base > best[AT(k, a)])   /* an empty run */
				best[AT(k, a)] = base, from[AT(k, a)] = a;
			size_t nh = 0;
			int common = 0;
			for (size_t j = a + 1; j <= n; j++) {
				const xp_bag *b = &W->u[j - 1].tok;
				for (uint32_t q = 0; q < b->n; q++) {
					size_t s = 0;
					while (s < nh && h[s] != b->h[q])
						s++;
					if (s == nh)
						h[nh] = b->h[q], c[nh++] = 0;
					uint32_t want = count_in(&U[k - 1].tok, b->h[q]);
					uint32_t had = c[s] < want ? c[s] : want;
					c[s] += b->c[q];
					common += (int)((c[s] < want ? c[s] : want) - had);
				}
				int v = base + 8 * common - 1;
				if (v > best[AT(k, j)])
					best[AT(k, j)] = v, from[AT(k, j)] = a;
			}
		}
	run[g] = n;
	for (size_t k = g; k > 0; k--)
		run[k - 1] = from[AT(k, run[k])];
#undef AT
	free(best), free(from), free(h), free(c);
	return 0;
}

static int ends_sentence(UChar32 ch)
{
	int8_t ty = ch < 0 ? 0 : (int8_t)u_charType(ch);
	return ch >= 0 && (u_hasBinaryProperty(ch, UCHAR_S_TERM) || ty == U_END_PUNCTUATION ||
			   ty == U_FINAL_PUNCTUATION || ch == '"' || ch == '\'');
}

/* A dash after a space at t.p[i] that opens a turn: "-你妈妈" as the
 * reader's (io/subs.h xp_sub_dash), and a dash with a space after it only
 * after a sentence's end: "I was - you know - there" is a pause. */
static int dash_turn(xp_str t, size_t i)
{
	size_t d = xp_sub_dash(t.p + i, t.n - i);
	if (d == 1)
		return 1;
	if (!d)
		return 0;
	size_t e = i;
	while (e > 0 && space(t.p[e - 1]))
		e--;
	if (!e)
		return 0;
	int32_t k = (int32_t)e;
	UChar32 ch;
	U8_PREV((const uint8_t *)t.p, 0, k, ch);
	return ends_sentence(ch);
}

/* Where the target may be cut, of one kind: 0 dashes opening a turn, 1
 * sentence ends, 2 phrase breaks.  Appends byte offsets (0 < q < n) to
 * q[*nq] (room for n). */
static void places(xp_str t, int kind, int unspaced, size_t *q, size_t *nq)
{
	const uint8_t *s = (const uint8_t *)t.p;
	for (size_t i = 0; i < t.n;) {
		if (kind == 0) {
			if (i > 0 && space(t.p[i - 1]) && dash_turn(t, i))
				q[(*nq)++] = i;
			i++;
			continue;
		}
		if (kind == 2) {
			size_t a = i;
			while (i < t.n && space(t.p[i]))
				i++;
			if (i > a && a > 0 && i < t.n && (unspaced || i - a >= 2))
				q[(*nq)++] = i;
			if (i == a)
				i++;
			continue;
		}
		int32_t j = (int32_t)i, len = (int32_t)t.n;
		UChar32 ch;
		U8_NEXT(s, j, len, ch);
		i = (size_t)j;
		if (ch < 0 || !u_hasBinaryProperty(ch, UCHAR_S_TERM))
			continue;
		/* the stops and closing quotes after it, then the spaces */
		for (;;) {
			int32_t k = (int32_t)i;
			if (k >= len)
				break;
			U8_NEXT(s, k, len, ch);
			if (!ends_sentence(ch))
				break;
			i = (size_t)k;
		}
		size_t e = i;
		while (e < t.n && space(t.p[e]))
			e++;
		if (e < t.n)
			q[(*nq)++] = e;
		i = e > i ? e : i;
	}
}

/* The place of q nearest the English cut at fraction f of the text (0 and
 * t.n among them), the earlier on a tie. */
static size_t nearest(xp_str t, const size_t *q, size_t nq, double f)
{
	double len = (double)ink(t.p, t.n);
	size_t best = 0;
	double d = f;
	for (size_t k = 0; k <= nq; k++) {
		size_t at = k < nq ? q[k] : t.n;
		double e = (double)ink(t.p, at) / (len > 0 ? len : 1) - f;
		e = e < 0 ? -e : e;
		if (e < d)
			d = e, best = at;
	}
	return best;
}

int xp_share_cuts(xp_normalizer *z, xp_str en, const char *const *utts, size_t g, xp_str tgt, int unspaced,
		  size_t *cut)
{
	words *W = malloc(sizeof *W);
	xp_unit U[XP_SHARE_MAX];
	size_t run[XP_SHARE_MAX + 1], *q = malloc((tgt.n + 1) * sizeof *q), nu = 0;
	int rc = -1;
	if (!W || !q || g < 1 || g > XP_SHARE_MAX || words_of(z, en, W)) {
		free(W), free(q);
		return -1;
	}
	for (; nu < g; nu++)
		if (xp_unit_from_text(z, utts[nu], strlen(utts[nu]), &U[nu]))
			goto out;
	if (runs(W, U, g, run))
		goto out;
	/* the utterances with words, and the English cut before each but the first */
	size_t with[XP_SHARE_MAX], nw = 0;
	double f[XP_SHARE_MAX];
	double elen = (double)ink(en.p, en.n);
	for (size_t k = 0; k < g; k++)
		if (run[k + 1] > run[k]) {
			if (nw) {
				f[nw] = (double)ink(en.p, W->w[run[k]].a) / (elen > 0 ? elen : 1);
			}
			with[nw++] = k;
		}
	if (!nw)
		with[nw++] = g - 1;   /* no English text: the last has it, as when none matches */
	size_t nq = 0;
	for (int kind = 0; kind < 3 && !nq && nw > 1; kind++)
		places(tgt, kind, unspaced, q, &nq);
	size_t at = 0, w = 0;
	cut[0] = 0;
	for (size_t k = 0; k < g; k++) {
		if (w < nw && with[w] == k) {
			size_t e = ++w == nw ? tgt.n : nearest(tgt, q, nq, f[w]);
			at = e > at ? e : at;
		}
		cut[k + 1] = at;
	}
	rc = 0;
out:
	for (size_t k = 0; k < W->n; k++)
		xp_unit_free(&W->u[k]);
	for (size_t k = 0; k < nu; k++)
		xp_unit_free(&U[k]);
	free(W), free(q);
	return rc;
}

xp_str xp_share_piece(xp_str tgt, size_t a, size_t b)
{
	xp_str s = xp_trim((xp_str){tgt.p + a, b - a});
	size_t d = xp_sub_dash(s.p, s.n);
	return xp_trim((xp_str){s.p + d, s.n - d});
}
