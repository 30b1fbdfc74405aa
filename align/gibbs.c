/*
 * align/gibbs.c — the collapsed Gibbs sampler; see gibbs.h, wordalign.h.
 *
 * For each generated word j of a sentence pair, with everything else fixed,
 * the sampler removes j's counts and weighs every choice a_j = i:
 *
 *   NULL:   P(null) * lex(f_j | NULL) * jump(next - prev)
 *   i > 0:  P(word) * lex(f_j | e_i) * jump(i - prev) * jump(next - i)
 *                   * fert(e_i gains a word)
 *
 * where prev and next are the source positions of the nearest non-NULL
 * aligned words before and after j (0 and I+1 at the sentence edges), and
 * each factor is a Dirichlet-multinomial predictive from the counts:
 * lex = (n(e,f) + a_lex) / (n(e) + a_lex * |V_F|), and likewise for jumps
 * (bucketed, clipped at +-WA_MAXJ) and fertilities (clipped at WA_FMAX).
 *
 * Why it is fast: the cost is one lexical look-up per source x target cell
 * and sweep, so the look-up is what matters.  A table indexed by every
 * co-occurring word pair (what xproj 0.1 did) grows with the corpus and
 * each look-up misses the cache; here only non-zero counts are stored, per
 * source type, and the maps of one sentence's words are reused for each of
 * its target words.
 */
#include "gibbs.h"

#include <stdlib.h>
#include <string.h>

/* Priors.  A_LEX is small because word translations are sparse: 0.0003
 * rather than eflomal's 0.001 measured 1-2 AER points better on all three
 * gold sets (bench/wordalign.sh); the Beta(10, 20) prior on NULL keeps a
 * third of the words free to stay unaligned without forcing it. */
#define A_LEX 0.0003
#define A_JUMP 0.5
#define A_FERT 0.5
#define B_NULL 10.0
#define B_WORD 20.0
/* Jumps are counted exactly up to +-WA_MAXJ.  A narrow clip (we tried 10)
 * lets one bucket collect every long jump, look likely, and attract more: on
 * Romanian-English that took AER from 37 to 58. */

/* --- the count maps -------------------------------------------------------- */

/* A key's hash, whatever the map's size: its slot is the hash's low bits
 * (sentence_begin keeps the hashes of a sentence's words, so that looking a
 * word up in each of its target words' maps does not hash it again). */
static inline uint32_t hash_of(uint32_t f) { return (uint32_t)(((uint64_t)(f + 1) * 0x9E3779B97F4A7C15ull) >> 40); }

static inline uint32_t slot_of(uint32_t f, uint32_t mask) { return hash_of(f) & mask; }

/* The count of key f, whose hash is hf, in the slots kv of a map of mask
 * mask (not empty). */
static inline uint32_t map_get_h(const uint32_t *kv, uint32_t mask, uint32_t f, uint32_t hf)
{
	uint32_t k = f + 1, h = hf & mask;
	for (;;) {
		uint32_t x = kv[2 * h];
		if (x == k)
			return kv[2 * h + 1];
		if (!x)
			return 0;
		h = (h + 1) & mask;
	}
}

static inline uint32_t map_get(const wa_map *m, uint32_t f)
{
	if (!m->n)
		return 0;
	uint32_t k = f + 1, h = slot_of(f, m->mask);
	for (;;) {
		uint32_t x = m->kv[2 * h];
		if (x == k)
			return m->kv[2 * h + 1];
		if (!x)
			return 0;
		h = (h + 1) & m->mask;
	}
}

static int map_resize(wa_map *m, uint32_t cap)
{
	uint32_t *kv = calloc((size_t)cap * 2, sizeof *kv);
	if (!kv)
		return -1;
	uint32_t mask = cap - 1;
	if (m->kv)
		for (uint32_t h = 0; h <= m->mask; h++)
			if (m->kv[2 * h]) {
				uint32_t s = slot_of(m->kv[2 * h] - 1, mask);
				while (kv[2 * s])
					s = (s + 1) & mask;
				kv[2 * s] = m->kv[2 * h], kv[2 * s + 1] = m->kv[2 * h + 1];
			}
	free(m->kv);
	m->kv = kv, m->mask = mask;
	return 0;
}

/* Load at most three quarters.  Most look-ups are of absent pairs, and an
 * absent key costs a probe run as long as the cluster it lands in; but a
 * run of 8-byte slots mostly stays within the cache line of its first
 * probe, and what a look-up costs is that line's miss.  Denser maps hold
 * more of themselves in the cache and are walked (weigh_prep) in fewer
 * lines: at three quarters rather than one half, 29% fewer last-level
 * misses in the sampling, and with the hashes kept a sentence (hash_of)
 * 7% less sampling CPU at 92k pairs and a 7% lower peak, every link the
 * same (docs/wordalign-schedule.md). */
static inline int map_add(wa_map *m, uint32_t f, uint32_t n)
{
	if (!m->kv || (uint64_t)(m->n + 1) * 4 > (uint64_t)(m->mask + 1) * 3) {
		if (map_resize(m, m->kv ? (m->mask + 1) * 2 : 4))
			return -1;
	}
	uint32_t k = f + 1, h = slot_of(f, m->mask);
	while (m->kv[2 * h] && m->kv[2 * h] != k)
		h = (h + 1) & m->mask;
	if (!m->kv[2 * h])
		m->kv[2 * h] = k, m->n++;
	m->kv[2 * h + 1] += n;
	return 0;
}

/* The slot of a pair that must be present. */
static inline uint32_t map_slot(const wa_map *m, uint32_t f)
{
	uint32_t k = f + 1, h = slot_of(f, m->mask);
	while (m->kv[2 * h] != k)
		h = (h + 1) & m->mask;
	return h;
}

/* Delete slot h, whose count is 0, by shifting its cluster back (no
 * tombstones, so look-ups stay short). */
static void map_del(wa_map *m, uint32_t h)
{
	for (uint32_t i = h, j = h;;) {
		j = (j + 1) & m->mask;
		uint32_t x = m->kv[2 * j];
		if (!x) {
			m->kv[2 * i] = m->kv[2 * i + 1] = 0;
			break;
		}
		/* x may fill the hole unless its home lies in (i, j] */
		uint32_t home = slot_of(x - 1, m->mask);
		if (((j - home) & m->mask) >= ((j - i) & m->mask)) {
			m->kv[2 * i] = x, m->kv[2 * i + 1] = m->kv[2 * j + 1];
			i = j;
		}
	}
	m->n--;
	/* give memory back once a map is mostly empty */
	if (m->mask + 1 > 4 && m->n * 8 < m->mask + 1)
		map_resize(m, (m->mask + 1) / 2);   /* on failure the map just stays larger */
}

/* --- sampler state ---------------------------------------------------------- */

static inline uint64_t next_rand(uint64_t *x)
{
	*x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
	return *x * 2685821657736338717ull;
}

static inline double uniform(uint64_t *x) { return (next_rand(x) >> 11) * (1.0 / 9007199254740992.0); }

static inline uint32_t jb(long d)
{
	return (uint32_t)((d < -WA_MAXJ ? -WA_MAXJ : d > WA_MAXJ ? WA_MAXJ : d) + WA_MAXJ);
}
static inline uint32_t fb(uint32_t phi) { return phi > WA_FMAX ? WA_FMAX : phi; }

int xp_wa_sampler_init(wa_sampler *s, const wa_corpus *c, int dir, uint64_t seed)
{
	memset(s, 0, sizeof *s);
	s->c = c;
	s->dir = dir;
	s->nsent = c->nsent;
	s->lexden = A_LEX * c->side[!dir].V;
	for (int d = 0; d < WA_NJUMP; d++)
		s->jd[d] = s->jr[d] = A_JUMP;
	s->rng = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
	if (!s->rng)
		s->rng = 1;
	const wa_side *E = &c->side[dir], *F = &c->side[!dir];
	for (uint32_t k = 0; k < c->nsent; k++)
		if (wa_len(E, k) > s->maxI && wa_len(E, k) <= WA_MAXLEN)
			s->maxI = wa_len(E, k);
	s->a = calloc(F->ntok + 1, sizeof *s->a);
	s->lex = calloc((size_t)F->V + 1, sizeof *s->lex);
	s->lex0 = calloc((size_t)F->V + 1, sizeof *s->lex0);
	s->etot = calloc((size_t)E->V + 1, sizeof *s->etot);
	s->fert = calloc(((size_t)E->V + 1) * (WA_FMAX + 1), sizeof *s->fert);
	s->w = malloc(((size_t)s->maxI + 2) * sizeof *s->w);
	s->pos = malloc(((size_t)s->maxI + 2) * sizeof *s->pos);
	s->phi = calloc((size_t)s->maxI + 2, sizeof *s->phi);
	s->cnt = calloc((size_t)s->maxI + 2, sizeof *s->cnt);
	s->saved = malloc(((size_t)s->maxI + 2) * sizeof *s->saved);
	/* where[-1] too, always 0: weigh reads it for a map's empty slots */
	uint16_t *where = calloc((size_t)E->V + 2, sizeof *s->where);
	s->where = where ? where + 1 : NULL;
	s->same = calloc((size_t)s->maxI + 2, sizeof *s->same);
	s->hash = calloc((size_t)s->maxI + 2, sizeof *s->hash);
	s->dup = calloc(2 * ((size_t)s->maxI + 2), sizeof *s->dup);
	if (!s->a || !s->lex || !s->lex0 || !s->etot || !s->fert || !s->w || !s->pos || !s->phi ||
	    !s->cnt || !s->saved || !s->where || !s->same || !s->hash || !s->dup)
		return -1;
	return 0;
}

void xp_wa_sampler_free(wa_sampler *s)
{
	if (s->lex)
		for (uint32_t f = 0; f <= s->c->side[!s->dir].V; f++)
			free(s->lex[f].kv);
	free(s->a);
	free(s->lex);
	free(s->lex0);
	free(s->etot);
	free(s->fert);
	free(s->w);
	free(s->pos);
	free(s->phi);
	free(s->cnt);
	free(s->saved);
	free(s->where ? s->where - 1 : NULL);
	free(s->same);
	free(s->hash);
	free(s->dup);
	free(s->fert0);
	memset(s, 0, sizeof *s);
}

/* A sentence pair as the sampler sees it. */
typedef struct sent {
	const uint32_t *es, *fs;
	uint16_t *a;
	uint32_t I, J;
	const wa_cell *cx;     /* its boosted cells */
	uint32_t ncx;
} sent;

static inline int sent_of(const wa_sampler *s, uint32_t k, sent *t)
{
	const wa_side *E = &s->c->side[s->dir], *F = &s->c->side[!s->dir];
	t->es = E->tok + E->off[k];
	t->fs = F->tok + F->off[k];
	t->a = s->a + F->off[k];
	t->I = wa_len(E, k);
	t->J = wa_len(F, k);
	t->ncx = 0;
	if (s->c->coff) {   /* no cell at all: cell is NULL, and NULL + 0 is undefined */
		t->cx = s->c->cell ? s->c->cell + s->c->coff[k] : NULL;
		t->ncx = s->c->coff[k + 1] - s->c->coff[k];
	}
	return t->J && t->I <= WA_MAXLEN && t->J <= WA_MAXLEN;
}

static void sentence_phi(wa_sampler *s, const sent *t)
{
	memset(s->phi, 0, ((size_t)t->I + 2) * sizeof *s->phi);
	for (uint32_t j = 0; j < t->J; j++)
		s->phi[t->a[j]]++;
}

void xp_wa_recount(wa_sampler *s, unsigned parts)
{
	const wa_side *E = &s->c->side[s->dir];
	memset(s->jump, 0, sizeof s->jump);
	memset(s->fert, 0, ((size_t)E->V + 1) * (WA_FMAX + 1) * sizeof *s->fert);
	s->jtot = 0;
	if (s->jump0 && (parts & WA_JUMP))
		for (int d = 0; d < WA_NJUMP; d++)
			s->jump[d] = s->jump0[d], s->jtot += s->jump0[d];
	if (s->fert0 && (parts & WA_FERT))
		memcpy(s->fert, s->fert0, ((size_t)E->V + 1) * (WA_FMAX + 1) * sizeof *s->fert);
	sent t;
	for (uint32_t k = 0; k < s->nsent - s->c->nlex; k++) {
		if (!sent_of(s, k, &t))
			continue;
		if (parts & WA_JUMP) {
			long prev = 0;
			for (uint32_t j = 0; j < t.J; j++)
				if (t.a[j]) {
					s->jump[jb((long)t.a[j] - prev)]++, s->jtot++;
					prev = t.a[j];
				}
			s->jump[jb((long)t.I + 1 - prev)]++, s->jtot++;
		}
		if (parts & WA_FERT) {
			sentence_phi(s, &t);
			for (uint32_t i = 1; i <= t.I; i++)
				s->fert[(size_t)t.es[i - 1] * (WA_FMAX + 1) + fb(s->phi[i])]++;
		}
	}
	for (int d = 0; d < WA_NJUMP; d++)
		s->jd[d] = s->jump[d] + A_JUMP;
	for (int d = 0; d < WA_NJUMP; d++)
		s->jr[d] = s->jd[2 * WA_MAXJ - d];
}

/* --- one token ---------------------------------------------------------------- */

static inline void move_fert(wa_sampler *s, uint32_t e, uint32_t from, uint32_t to)
{
	uint32_t *f = s->fert + (size_t)e * (WA_FMAX + 1);
	f[fb(from)]--;
	f[fb(to)]++;
}

/* The factor of position i's weight that does not depend on the generated
 * word: 1 / (n(e) + a_lex |V_F|), times the fertility gain.  It changes only
 * when a count of e's changes, so a sentence keeps it per position and
 * updates the positions of one type after each move (no division per cell). */
static inline void set_pos(wa_sampler *s, const sent *t, uint32_t i, unsigned parts)
{
	uint32_t e = t->es[i - 1];
	double d = s->etot[e] + s->lexden;
	if (parts & WA_FERT) {
		/* the fertility gain P(phi+1) / P(phi) of a word of type e
		 * that now has phi aligned words (its own count excluded from
		 * the fertility counts), over d in one division rather than
		 * two (a division takes the time of some ten products; the
		 * quotient rounds otherwise, and the links differ within the
		 * sampler's noise: docs/wordalign-schedule.md) */
		uint32_t a = fb(s->phi[i]), b = fb(s->phi[i] + 1);
		if (a != b) {
			const uint32_t *f = s->fert + (size_t)e * (WA_FMAX + 1);
			s->pos[i] = (f[b] + A_FERT) / (d * ((double)f[a] - 1 + A_FERT));
			return;
		}
	}
	s->pos[i] = 1 / d;
}

/* The sentence's word types: where[e] is the first position of type e
 * (0: not in the sentence) and same[i] the next position of i's type, so
 * that a move updates a type's positions without scanning the sentence, and
 * a small count map can be walked entry by entry instead of looked up
 * position by position.  sentence_end clears where[]. */
static void sentence_begin(wa_sampler *s, const sent *t, unsigned parts)
{
	if (parts & WA_FERT)
		sentence_phi(s, t);
	/* the generated positions that have prior cells (position 63 stands
	 * for every later one): most tokens have none and skip the cells */
	s->cmask = 0;
	for (uint32_t k = 0; k < t->ncx; k++) {
		uint32_t gen = s->dir ? t->cx[k].i : t->cx[k].j;
		s->cmask |= (uint64_t)1 << (gen < 63 ? gen : 63);
	}
	for (uint32_t i = t->I; i >= 1; i--) {
		uint32_t e = t->es[i - 1];
		s->same[i] = s->where[e];
		s->where[e] = (uint16_t)i;
		s->hash[i] = hash_of(e);
		set_pos(s, t, i, parts);
	}
	/* the positions whose type came earlier: weigh_prep copies their
	 * counts from the first, so that its walk of a map writes one
	 * position a slot and follows no chain */
	s->ndup = 0;
	for (uint32_t i = 1; i <= t->I; i++) {
		uint16_t q = s->where[t->es[i - 1]];
		if (q != i)
			s->dup[2 * s->ndup] = (uint16_t)i, s->dup[2 * s->ndup + 1] = q, s->ndup++;
	}
}

static void sentence_end(wa_sampler *s, const sent *t)
{
	for (uint32_t i = 0; i < t->I; i++)
		s->where[t->es[i]] = 0;
}

static inline void update_pos(wa_sampler *s, const sent *t, uint32_t i, unsigned parts)
{
	for (uint32_t q = s->where[t->es[i - 1]]; q; q = s->same[q])
		set_pos(s, t, q, parts);
}

static void neighbours(const sent *t, uint32_t j, long *prev, long *next)
{
	*prev = 0;
	*next = (long)t->I + 1;
	for (uint32_t q = j; q-- > 0;)
		if (t->a[q]) {
			*prev = t->a[q];
			break;
		}
	for (uint32_t q = j + 1; q < t->J; q++)
		if (t->a[q]) {
			*next = t->a[q];
			break;
		}
}

static inline void add_jump(wa_sampler *s, long d, int sign)
{
	uint32_t b = jb(d);
	s->jump[b] += (uint32_t)sign;
	s->jd[b] = s->jr[2 * WA_MAXJ - b] = s->jump[b] + A_JUMP;
}

/* add (+1) or remove (-1) token j's choice i from the counts; removing
 * expects s->slot to be the map slot of (e_i, f_j) */
static inline __attribute__((always_inline)) void count(wa_sampler *s, const sent *t, uint32_t j, uint32_t i, int sign, unsigned parts,
		  long prev, long next)
{
	uint32_t f = t->fs[j];
	if (!i) {
		s->lex0[f] += (uint32_t)sign;
		s->nnull += (uint32_t)sign;
		return;
	}
	uint32_t e = t->es[i - 1];
	if (sign > 0) {
		if (map_add(&s->lex[f], e, 1))
			s->oom = 1;
	} else {
		/* resample's removal leaves a count of 0 in its map (see there) */
		s->lex[f].kv[2 * s->slot + 1]--;
	}
	s->etot[e] += (uint32_t)sign;
	s->nword += (uint32_t)sign;
	if (parts & WA_JUMP) {
		add_jump(s, (long)i - prev, sign);
		add_jump(s, next - (long)i, sign);
		add_jump(s, next - prev, -sign);
		s->jtot += (uint32_t)sign;
	}
	if (parts & WA_FERT) {
		uint32_t phi = s->phi[i];
		if (sign > 0) {
			move_fert(s, e, phi, phi + 1);
			s->phi[i]++;
		} else {
			move_fert(s, e, phi, phi - 1);
			s->phi[i]--;
		}
	}
	update_pos(s, t, i, parts);
}

/* The source side's mentions as soft constraints (wordalign.h, src_spans):
 * a mention is translated, most of the time, as one contiguous run of
 * target words.  Every transition of the alignment chain (from one aligned
 * generated word to the next) that keeps inside one block of English mention
 * tokens is weighed blk_f times more: the factor is a potential on the
 * chain, multiplied into the collapsed model's weights, so the sampler draws
 * from the model times the potential.  English generating the target
 * (dir 0): a target word after one linked into a mention is drawn into the
 * mention rather than to NULL or out of it and back (a jump out and back
 * loses two transitions' factors).  The target generating English (dir 1):
 * consecutive words of one mention are drawn to the same or adjacent target
 * words.  Token j's choices i change the transitions prev -> i -> next; NULL
 * makes it prev -> next.  Multiplies s->w[1..I] and returns NULL's factor. */
static double hold_spans(wa_sampler *s, const sent *t, uint32_t j, long prev, long next)
{
	const double f = s->c->blk_f;
	const long I = t->I;
	const uint16_t *B = s->c->blk + ((s->dir ? t->fs : t->es) - s->c->side[0].tok);
	double *w = s->w;
	if (!s->dir) {
		uint16_t bp = prev >= 1 && prev <= I ? B[prev - 1] : 0, bn = next >= 1 && next <= I ? B[next - 1] : 0;
		for (int k = 0; k < 2; k++) {
			long at = k ? next : prev;
			uint16_t b = k ? bn : bp;
			if (!b)
				continue;
			/* a block is a run of positions: from `at` both ways */
			for (long i = at; i >= 1 && B[i - 1] == b; i--)
				w[i] *= f;
			for (long i = at + 1; i <= I && B[i - 1] == b; i++)
				w[i] *= f;
		}
		return bp && bp == bn ? f : 1;
	}
	uint16_t b = B[j];
	if (!b)
		return 1;
	/* the generated words before and after j that hold prev and next */
	long jp = -1, jn = -1;
	for (long q = (long)j - 1; q >= 0; q--)
		if (t->a[q]) {
			jp = q;
			break;
		}
	for (uint32_t q = j + 1; q < t->J; q++)
		if (t->a[q]) {
			jn = q;
			break;
		}
	int hp = jp >= 0 && B[jp] == b, hn = jn >= 0 && B[jn] == b;
	for (int k = 0; k < 2; k++) {
		long at = k ? next : prev;   /* a position 1..I when its word is in the block */
		if (k ? hn : hp)
			for (long i = at - 1; i <= at + 1; i++)
				if (i >= 1 && i <= I)
					w[i] *= f;
	}
	return hp && hn && labs(next - prev) <= 1 ? f : 1;
}

/* A map is walked entry by entry when it has at most this many slots per
 * source position, else looked up position by position. */
#ifndef WALK
#define WALK 4
#endif

/* What position i's weight owes to its word (pos) and jumps: mode 0 no
 * jumps, 1 a sentence shorter than the jump clip, 2 a longer one. */
static inline double base_of(const wa_sampler *s, uint32_t i, int mode, long prev, long next)
{
	if (mode == 0)
		return s->pos[i];
	if (mode == 1)
		return s->pos[i] * s->jd[WA_MAXJ - prev + (long)i] * s->jd[WA_MAXJ + next - (long)i];
	return s->pos[i] * s->jd[jb((long)i - prev)] * s->jd[jb(next - (long)i)];
}

/* Two lanes of doubles (SSE2, which every x86-64 has; elsewhere what the
 * compiler makes of them), loaded from any double's address. */
typedef double v2d __attribute__((vector_size(16), aligned(8), may_alias));

/* The cumulative weights of mode 1 (base_of) in w[1..I], from total, two
 * positions a step: the products of two positions are made in one
 * instruction each, and a step adds the pair's sum to the running total
 * (t + (x0 + x1), not (t + x0) + x1: the links differ from a sum one by one
 * within the sampler's noise, docs/wordalign-schedule.md; the cumulative
 * weights still never fall, which draw needs).  ja[i] and jr[i] are the
 * jump factors into and out of position i; cnt[i] is read and cleared. */
static inline double cumulate_v(double *restrict w, double *restrict cnt, const double *pos, const double *ja,
				const double *jr, uint32_t I, double total)
{
	const v2d a = {A_LEX, A_LEX}, zero = {0, 0};
	v2d t = {total, total};
	uint32_t i = 1;
	for (; i + 1 <= I; i += 2) {
		v2d x = (*(const v2d *)(pos + i) * *(const v2d *)(ja + i)) * *(const v2d *)(jr + i);
		x *= a + *(v2d *)(cnt + i);
		*(v2d *)(cnt + i) = zero;
		x += __builtin_shufflevector(zero, x, 0, 2);   /* {x0, x0 + x1} */
		x += t;
		*(v2d *)(w + i) = x;
		t = __builtin_shufflevector(x, x, 1, 1);
	}
	total = t[0];
	if (i <= I) {
		total += (A_LEX + cnt[i]) * (pos[i] * ja[i] * jr[i]);
		cnt[i] = 0;
		w[i] = total;
	}
	return total;
}

/* Cumulative weights for one mode (base_of) in s->w[1..I], from w0; cnt[i],
 * n(e_i, f), is read and cleared.  One pass: the running total, a chain of
 * dependent additions, is what takes the time, and the products beside it
 * cost nothing more.  A token with prior cells multiplies some weights
 * before any is summed, so it takes the passes one by one; so does a token
 * under the English mentions' soft constraint.  cells: 1 prior cells, 2
 * mention blocks (with jumps only). */
static inline double cumulate(wa_sampler *s, uint32_t I, int mode, long prev, long next, double w0, int cells,
			      const sent *t, uint32_t j)
{
	double *restrict w = s->w;
	double *restrict cnt = s->cnt;
	double total = w0;
	w[0] = total;
	if (!cells && mode == 1)
		return cumulate_v(w, cnt, s->pos, s->jd + WA_MAXJ - prev, s->jr + WA_MAXJ - next, I, total);
	if (!cells) {
		for (uint32_t i = 1; i <= I; i++) {
			double b = base_of(s, i, mode, prev, next), v = A_LEX * b;
			v += cnt[i] * b;   /* + 0 when the count is: the same value */
			cnt[i] = 0;
			total += v;
			w[i] = total;
		}
		return total;
	}
	/* the weights and their sums as the paths above make them (a factor
	 * of 1 changes nothing, bit for bit: tests/unit/test_spans.c) */
	for (uint32_t i = 1; i <= I; i++) {
		w[i] = (A_LEX + cnt[i]) * base_of(s, i, mode, prev, next);
		cnt[i] = 0;
	}
	/* the prior's cells of this token (a handful per sentence at most) */
	for (uint32_t k = 0; (cells & 1) && k < t->ncx; k++) {
		uint32_t gen = s->dir ? t->cx[k].i : t->cx[k].j, cond = s->dir ? t->cx[k].j : t->cx[k].i;
		if (gen == j)
			w[cond + 1] *= t->cx[k].f;
	}
	/* the English mentions' blocks (hold_spans) weigh NULL too */
	if (cells & 2)
		total = w0 * hold_spans(s, t, j, prev, next);
	w[0] = total;
	uint32_t i = 1;
	if (mode == 1)
		for (; i + 1 <= I; i += 2) {
			double x0 = w[i], x1 = w[i + 1];
			w[i] = total + x0;
			total += x0 + x1;
			w[i + 1] = total;
		}
	for (; i <= I; i++) {
		total += w[i];
		w[i] = total;
	}
	return total;
}

/* Cumulative weights of every choice for token j (its counts removed) in
 * s->w[0..I]; returns the total.  Every weight is divided by P(word), and
 * with jumps by the square of their denominator, which both word jump
 * factors share: NULL, with one jump factor, keeps one of it.  A position's
 * weight is (n(e, f) + a_lex) * base: the few counts that are not zero
 * first (cnt, by position), then every position's base and weight.
 * weigh_prep does the first part and returns NULL's weight w0; *mode and
 * *cells are cumulate's. */
static inline __attribute__((always_inline)) double weigh_prep(wa_sampler *s, const sent *t, uint32_t j, unsigned parts, long prev, long next,
				int *mode, int *cells)
{
	const uint32_t f = t->fs[j], I = t->I;
	/* P(null) changes only when a link moves to or from NULL: the removed
	 * token's link leaves one of two states, told apart by nnull's parity */
	wa_pnull *pn = &s->pn[s->nnull & 1];
	if (pn->nnull != s->nnull || pn->nword != s->nword || !pn->den) {
		double pnull = (s->nnull + B_NULL) / (s->nnull + s->nword + B_NULL + B_WORD);
		pn->nnull = s->nnull, pn->nword = s->nword;
		pn->den = s->nnull + s->lexden;
		/* one division here, when the counts move, rather than one a token
		 * (the product rounds otherwise than odds * x / den: the links
		 * differ within the sampler's noise, docs/wordalign-schedule.md) */
		pn->odds = pnull / (1 - pnull) / pn->den;
	}
	double w0 = pn->odds * (s->lex0[f] + A_LEX);
	double *restrict cnt = s->cnt;
	const wa_map *m = &s->lex[f];
	if (m->n && m->mask < WALK * I) {
		/* an empty slot's key 0 reads where[-1], 0, and same[0] is 0: cnt[0]
		 * takes what is not in the sentence, most of the slots, and no
		 * branch is mispredicted but for a word twice in the sentence */
		const uint32_t *kv = m->kv;
		const uint16_t *where = s->where, *dup = s->dup;
		/* four slots a step: a map has 4 slots or a multiple of 4 */
		for (uint32_t h = 0; h <= m->mask; h += 4) {
			cnt[where[(long)kv[2 * h] - 1]] = kv[2 * h + 1];
			cnt[where[(long)kv[2 * h + 2] - 1]] = kv[2 * h + 3];
			cnt[where[(long)kv[2 * h + 4] - 1]] = kv[2 * h + 5];
			cnt[where[(long)kv[2 * h + 6] - 1]] = kv[2 * h + 7];
		}
		for (uint32_t k = 0; k < s->ndup; k++)
			cnt[dup[2 * k]] = cnt[dup[2 * k + 1]];
	} else if (m->n) {
		const uint32_t *hash = s->hash, *es = t->es, *kv = m->kv, mask = m->mask;
		for (uint32_t i = 1; i <= I; i++)
			cnt[i] = map_get_h(kv, mask, es[i - 1], hash[i]);
	}
	*cells = (s->cmask >> (j < 63 ? j : 63)) & 1;
	if (!(parts & WA_JUMP)) {
		*mode = 0;
		return w0 * I;   /* the words' uniform 1/I, scaled out */
	}
	w0 *= s->jd[jb(next - prev)] * (s->jtot + A_JUMP * WA_NJUMP);
	if (s->c->blk)
		*cells |= 2;
	/* no jump within a sentence shorter than the clip reaches it */
	*mode = I < WA_MAXJ ? 1 : 2;
	return w0;
}

static double weigh(wa_sampler *s, const sent *t, uint32_t j, unsigned parts, long prev, long next)
{
	int mode, cells;
	double w0 = weigh_prep(s, t, j, parts, prev, next, &mode, &cells);
	if (mode == 0)
		return cumulate(s, t->I, 0, 0, 0, w0, cells, t, j);
	return mode == 1 ? cumulate(s, t->I, 1, prev, next, w0, cells, t, j)
			 : cumulate(s, t->I, 2, prev, next, w0, cells, t, j);
}

/* cumulate (without cells) for two samplers at once, each exactly as alone:
 * a running total is a chain of dependent additions, each waiting for the
 * one before (some 4 cycles), and two independent chains in one loop take
 * the time of one. */
static inline void cumulate2(wa_sampler *s, wa_sampler *r, uint32_t I, int mode, const long *prev,
			     const long *next, double *tot)
{
	double *restrict w = s->w, *restrict v = r->w;
	double *restrict cs = s->cnt, *restrict cr = r->cnt;
	double ts = tot[0], tr = tot[1];
	w[0] = ts, v[0] = tr;
	if (mode == 1) {
		tot[0] = cumulate_v(w, cs, s->pos, s->jd + WA_MAXJ - prev[0], s->jr + WA_MAXJ - next[0], I, ts);
		tot[1] = cumulate_v(v, cr, r->pos, r->jd + WA_MAXJ - prev[1], r->jr + WA_MAXJ - next[1], I, tr);
		return;
	}
	for (uint32_t i = 1; i <= I; i++) {
		double bs = base_of(s, i, mode, prev[0], next[0]), br = base_of(r, i, mode, prev[1], next[1]);
		double xs = A_LEX * bs, xr = A_LEX * br;
		xs += cs[i] * bs, xr += cr[i] * br;
		cs[i] = 0, cr[i] = 0;
		ts += xs, tr += xr;
		w[i] = ts, v[i] = tr;
	}
	tot[0] = ts, tot[1] = tr;
}

static inline uint32_t draw(wa_sampler *s, uint32_t I, double total)
{
	/* the first i < I whose cumulative weight passes u, else I: the
	 * weights are not negative, so the cumulative ones never fall and a
	 * binary search finds what a scan from 0 would; without branches
	 * (a conditional move a step), which the draws would mispredict */
	double u = uniform(&s->rng) * total;
	const double *w = s->w;
	uint32_t lo = 0, len = I;
	while (len > 1) {
		uint32_t half = len / 2;
		lo = w[lo + half - 1] <= u ? lo + half : lo;
		len -= half;
	}
	if (len)
		lo += w[lo] <= u;
	return lo;
}

/* Most look-ups of a large corpus miss the cache: ask for the slots the
 * next token will read while this one is weighed, so the misses overlap. */
static inline void prefetch(const wa_sampler *s, const sent *t, uint32_t j)
{
	if (j + 1 < t->J)
		__builtin_prefetch(&s->lex[t->fs[j + 1]]);
	if (j >= t->J)
		return;
	const wa_map *m = &s->lex[t->fs[j]];
	if (!m->n)
		return;
	if (m->mask < WALK * t->I)
		for (uint32_t k = 0; k < 2 * (m->mask + 1); k += 16)
			__builtin_prefetch(&m->kv[k]);
	else {
		const uint32_t *hash = s->hash, *kv = m->kv, mask = m->mask, I = t->I;
		for (uint32_t i = 1; i <= I; i++)
			__builtin_prefetch(&kv[2 * (hash[i] & mask)]);
	}
}

/* What a token's removal keeps for putting its link back (take, give). */
typedef struct tok {
	long prev, next;
	uint32_t was, e;
} tok;

/* Token j's link given the rest.  Late in a stage most draws give a token
 * the link it had (enfr's last stage moves 6% of the links a sweep), so
 * the removal keeps what putting the link back needs: the lexical count's
 * map slot (a count that reaches 0 stays in its map, adding 0 to a weight,
 * until the draw has chosen another link; wamodel.c never sees it) and the
 * weights its word's positions had (s->saved: set_pos is a function of the
 * counts the removal changed, so the old values are what it would compute
 * again, without its divisions).  The counts and weights then are what
 * removing and adding the link gave before, bit for bit; only a map's slot
 * order may differ, which no weight depends on.  take removes the link,
 * give puts the drawn one in. */
static inline __attribute__((always_inline)) void take(wa_sampler *s, const sent *t, uint32_t j, unsigned parts, tok *x)
{
	prefetch(s, t, j + 1);
	x->prev = x->next = 0;
	if (parts & WA_JUMP)
		neighbours(t, j, &x->prev, &x->next);
	x->was = t->a[j];
	x->e = 0;
	if (x->was) {
		uint32_t nsaved = 0;
		x->e = t->es[x->was - 1];
		s->slot = map_slot(&s->lex[t->fs[j]], x->e);
		for (uint32_t q = s->where[x->e]; q; q = s->same[q])
			s->saved[nsaved++] = s->pos[q];
	}
	count(s, t, j, x->was, -1, parts, x->prev, x->next);
}

static inline __attribute__((always_inline)) void give(wa_sampler *s, const sent *t, uint32_t j, unsigned parts, const tok *x, uint32_t now)
{
	const uint32_t was = x->was, e = x->e;
	const long prev = x->prev, next = x->next;
	t->a[j] = (uint16_t)now;
	if (now == was && was) {
		wa_map *m = &s->lex[t->fs[j]];
		m->kv[2 * s->slot + 1]++;
		s->etot[e]++;
		s->nword++;
		if (parts & WA_JUMP) {
			add_jump(s, (long)was - prev, 1);
			add_jump(s, next - (long)was, 1);
			add_jump(s, next - prev, -1);
			s->jtot++;
		}
		if (parts & WA_FERT) {
			move_fert(s, e, s->phi[was], s->phi[was] + 1);
			s->phi[was]++;
		}
		uint32_t nsaved = 0;
		for (uint32_t q = s->where[e]; q; q = s->same[q])
			s->pos[q] = s->saved[nsaved++];
		return;
	}
	if (was && !s->lex[t->fs[j]].kv[2 * s->slot + 1])
		map_del(&s->lex[t->fs[j]], s->slot);
	count(s, t, j, now, +1, parts, prev, next);
}

static void resample(wa_sampler *s, const sent *t, uint32_t j, unsigned parts, double *acc)
{
	tok x;
	take(s, t, j, parts, &x);
	double total = weigh(s, t, j, parts, x.prev, x.next);
	if (acc) {
		/* a reciprocal, not a division a cell: the probabilities' last
		 * bits differ from a division's */
		double *restrict row = acc + (size_t)j * (t->I + 1), inv = 1 / total;
		const double *restrict w = s->w;
		/* each cell on its own (no running value), two a step: each
		 * lane rounds as the cell alone would */
		const v2d vinv = {inv, inv};
		row[0] += w[0] * inv;
		uint32_t i = 1;
		for (; i + 1 <= t->I; i += 2)
			*(v2d *)(row + i) += (*(const v2d *)(w + i) - *(const v2d *)(w + i - 1)) * vinv;
		for (; i <= t->I; i++)
			row[i] += (w[i] - w[i - 1]) * inv;
	}
	give(s, t, j, parts, &x, draw(s, t->I, total));
}

/* --- sweeps ---------------------------------------------------------------------- */

int xp_wa_init(wa_sampler *s)
{
	sent t;
	for (uint32_t k = 0; k < s->nsent && !s->oom; k++) {
		if (!sent_of(s, k, &t))
			continue;
		sentence_begin(s, &t, WA_LEX);
		for (uint32_t j = 0; j < t.J; j++) {
			t.a[j] = (uint16_t)(uniform(&s->rng) * (t.I + 1));
			count(s, &t, j, t.a[j], +1, WA_LEX, 0, 0);
		}
		sentence_end(s, &t);
	}
	return s->oom ? -1 : 0;
}

int xp_wa_init_given(wa_sampler *s)
{
	sent t;
	for (uint32_t k = 0; k < s->nsent && !s->oom; k++) {
		if (!sent_of(s, k, &t))
			continue;
		sentence_begin(s, &t, WA_LEX);
		for (uint32_t j = 0; j < t.J; j++)
			count(s, &t, j, t.a[j], +1, WA_LEX, 0, 0);
		sentence_end(s, &t);
	}
	return s->oom ? -1 : 0;
}

int xp_wa_uncount_given(wa_sampler *s)
{
	/* the jumps and fertilities the links make alone (no model's under
	 * them), as the round that wrote them counted them, taken from the
	 * model's: what the other shards hold */
	const uint32_t *jump0 = s->jump0;
	uint32_t *fert0 = s->fert0;
	s->jump0 = NULL, s->fert0 = NULL;
	xp_wa_recount(s, WA_JUMP | WA_FERT);
	s->jump0 = jump0, s->fert0 = fert0;
	if (jump0) {
		for (int d = 0; d < WA_NJUMP; d++) {
			if (s->jump[d] > jump0[d])
				return 1;
			s->others_jump[d] = jump0[d] - s->jump[d];
		}
		s->jump0 = s->others_jump;
	}
	const wa_side *E = &s->c->side[s->dir];
	for (size_t k = 0; fert0 && k < ((size_t)E->V + 1) * (WA_FMAX + 1); k++) {
		if (s->fert[k] > fert0[k])
			return 1;
		fert0[k] -= s->fert[k];
	}
	/* every lexical count the links made, as xp_wa_init_given adds them */
	sent t;
	for (uint32_t k = 0; k < s->nsent; k++) {
		if (!sent_of(s, k, &t))
			continue;
		for (uint32_t j = 0; j < t.J; j++) {
			uint32_t f = t.fs[j];
			if (!t.a[j]) {
				if (!s->lex0[f] || !s->nnull)
					return 1;
				s->lex0[f]--, s->nnull--;
				continue;
			}
			uint32_t e = t.es[t.a[j] - 1];
			if (!map_get(&s->lex[f], e) || !s->etot[e] || !s->nword)
				return 1;
			uint32_t h = map_slot(&s->lex[f], e);
			if (!--s->lex[f].kv[2 * h + 1])
				map_del(&s->lex[f], h);
			s->etot[e]--, s->nword--;
		}
	}
	return 0;
}

int xp_wa_lex_add(wa_sampler *s, uint32_t f, uint32_t e, uint32_t n)
{
	if (map_add(&s->lex[f], e, n))
		return -1;
	s->etot[e] += n;
	s->nword += n;
	return 0;
}

int xp_wa_init_draw(wa_sampler *s)
{
	sent t;
	for (uint32_t k = 0; k < s->nsent && !s->oom; k++) {
		if (!sent_of(s, k, &t))
			continue;
		sentence_begin(s, &t, WA_LEX);
		for (uint32_t j = 0; j < t.J; j++) {
			double total = weigh(s, &t, j, WA_LEX, 0, 0);
			t.a[j] = (uint16_t)draw(s, t.I, total);
			count(s, &t, j, t.a[j], +1, WA_LEX, 0, 0);
		}
		sentence_end(s, &t);
	}
	return s->oom ? -1 : 0;
}

int xp_wa_sweep(wa_sampler *s, unsigned parts, uint32_t from, uint32_t to)
{
	sent t;
	const uint32_t lex_from = s->nsent - s->c->nlex;
	for (uint32_t k = from; k < to && !s->oom; k++) {
		if (!sent_of(s, k, &t))
			continue;
		/* a lexical-only pair (a span and its translation) is weighed and
		 * counted as stage 1 weighs every pair: its word order and its
		 * words' fertilities are not a sentence's, and counting them
		 * would teach the sentences that words stay next to each other */
		unsigned p = k < lex_from ? parts : parts & WA_LEX;
		sentence_begin(s, &t, p);
		for (uint32_t j = 0; j < t.J; j++) {
			uint16_t was = t.a[j];
			resample(s, &t, j, p, NULL);
			s->changed += t.a[j] != was;
		}
		s->drawn += t.J;
		sentence_end(s, &t);
	}
	return s->oom ? -1 : 0;
}

int xp_wa_sweep2(wa_sampler *s, wa_sampler *r, unsigned parts, uint32_t from, uint32_t to)
{
	sent t, u;
	const uint32_t lex_from = s->nsent - s->c->nlex;
	wa_sampler *L[2] = {s, r};
	for (uint32_t k = from; k < to && !s->oom && !r->oom; k++) {
		if (!sent_of(s, k, &t) || !sent_of(r, k, &u))
			continue;
		unsigned p = k < lex_from ? parts : parts & WA_LEX;
		sentence_begin(s, &t, p);
		sentence_begin(r, &u, p);
		for (uint32_t j = 0; j < t.J; j++) {
			tok x[2];
			take(s, &t, j, p, &x[0]);
			take(r, &u, j, p, &x[1]);
			int mode[2], cells[2];
			double tot[2];
			tot[0] = weigh_prep(s, &t, j, p, x[0].prev, x[0].next, &mode[0], &cells[0]);
			tot[1] = weigh_prep(r, &u, j, p, x[1].prev, x[1].next, &mode[1], &cells[1]);
			/* the two share the sentence, so the mode and cells */
			long prev[2] = {x[0].prev, x[1].prev}, next[2] = {x[0].next, x[1].next};
			if (cells[0] || cells[1]) {
				for (int q = 0; q < 2; q++)
					tot[q] = mode[q] == 0 ? cumulate(L[q], t.I, 0, 0, 0, tot[q], cells[q], q ? &u : &t, j)
						 : mode[q] == 1 ? cumulate(L[q], t.I, 1, prev[q], next[q], tot[q], cells[q], q ? &u : &t, j)
								: cumulate(L[q], t.I, 2, prev[q], next[q], tot[q], cells[q], q ? &u : &t, j);
			} else if (mode[0] == 0)
				cumulate2(s, r, t.I, 0, prev, next, tot);
			else if (mode[0] == 1)
				cumulate2(s, r, t.I, 1, prev, next, tot);
			else
				cumulate2(s, r, t.I, 2, prev, next, tot);
			uint32_t ds = draw(s, t.I, tot[0]), dr = draw(r, t.I, tot[1]);
			give(s, &t, j, p, &x[0], ds);
			give(r, &u, j, p, &x[1], dr);
			s->changed += ds != x[0].was;
			r->changed += dr != x[1].was;
		}
		s->drawn += t.J;
		r->drawn += u.J;
		sentence_end(s, &t);
		sentence_end(r, &u);
	}
	return s->oom || r->oom ? -1 : 0;
}

int xp_wa_sentence_marginals(wa_sampler *s, unsigned parts, uint32_t k, int passes, double *acc)
{
	sent t;
	if (!sent_of(s, k, &t))
		return 0;
	for (int p = 0; p < passes && !s->oom; p++) {
		sentence_begin(s, &t, parts);
		for (uint32_t j = 0; j < t.J; j++)
			resample(s, &t, j, parts, acc);
		sentence_end(s, &t);
	}
	return s->oom ? -1 : 0;
}
