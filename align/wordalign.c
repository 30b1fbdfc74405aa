/*
 * align/wordalign.c — driving the samplers: the bitext as integer data for
 * both directions, the training schedule, threads, and the final links;
 * see wordalign.h.
 */
#include "wordalign.h"
#include "gibbs.h"
#include "../base/vocab.h"
#include "../base/mem.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void xp_wa_defaults(xp_wa_opts *o)
{
	memset(o, 0, sizeof *o);
	o->seed = 1;
	o->threads = 1;
	o->samplers = 3;
}

/* --- the bitext as ids ---------------------------------------------------- */

typedef struct pairmap {
	uint64_t *key;       /* (e << 32 | f) + 1, 0 = empty */
	uint32_t *val;
	size_t n, cap;       /* cap is a power of two */
} pairmap;

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33, x *= 0xff51afd7ed558ccdull, x ^= x >> 33;
	return x;
}

static int pm_grow(pairmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 1024;
	uint64_t *k = calloc(cap, sizeof *k);
	uint32_t *v = malloc(cap * sizeof *v);
	if (!k || !v) {
		free(k);
		free(v);
		return -1;
	}
	for (size_t i = 0; i < m->cap; i++)
		if (m->key[i]) {
			size_t s = mix(m->key[i]) & (cap - 1);
			while (k[s])
				s = (s + 1) & (cap - 1);
			k[s] = m->key[i], v[s] = m->val[i];
		}
	free(m->key);
	free(m->val);
	m->key = k, m->val = v, m->cap = cap;
	return 0;
}

static uint32_t pm_id(pairmap *m, uint32_t e, uint32_t f)
{
	if ((m->n + 1) * 2 > m->cap && pm_grow(m))
		return UINT32_MAX;
	uint64_t key = ((uint64_t)e << 32 | f) + 1;
	size_t s = mix(key) & (m->cap - 1);
	while (m->key[s] && m->key[s] != key)
		s = (s + 1) & (m->cap - 1);
	if (!m->key[s]) {
		m->key[s] = key;
		m->val[s] = (uint32_t)m->n++;
	}
	return m->val[s];
}

/* word ids of each side; E side ids shifted by one (0 is NULL) */
static int ids(const xp_bitext *b, int lower, uint32_t **src, uint32_t **tgt, uint32_t *vs, uint32_t *vt)
{
	xp_vocab a, c;
	if (xp_vocab_init(&a, lower) || xp_vocab_init(&c, lower))
		return -1;
	*src = malloc((b->ntoks + 1) * sizeof **src);
	*tgt = malloc((b->ntoks + 1) * sizeof **tgt);
	int rc = *src && *tgt ? 0 : -1;
	for (size_t s = 0; rc == 0 && s < b->n; s++) {
		for (size_t t = b->src[s]; t < b->tgt[s]; t++)
			if (((*src)[t] = xp_vocab_id(&a, b->toks[t].p, b->toks[t].n)) == UINT32_MAX)
				rc = -1;
		for (size_t t = b->tgt[s]; t < b->src[s + 1]; t++)
			if (((*tgt)[t] = xp_vocab_id(&c, b->toks[t].p, b->toks[t].n)) == UINT32_MAX)
				rc = -1;
	}
	*vs = a.n, *vt = c.n;
	xp_vocab_free(&a);
	xp_vocab_free(&c);
	return rc;
}

static void dir_free(wa_dir *d)
{
	free(d->eoff), free(d->foff), free(d->e), free(d->f), free(d->poff), free(d->pidx);
	memset(d, 0, sizeof *d);
}

/* rev = 0: source generates target; rev = 1: target generates source */
static int dir_build(wa_dir *d, const xp_bitext *b, const uint32_t *src, const uint32_t *tgt,
		     uint32_t vs, uint32_t vt, int rev)
{
	memset(d, 0, sizeof *d);
	d->nsent = (uint32_t)b->n;
	d->Ve = (rev ? vt : vs) + 1;
	d->Vf = rev ? vs : vt;
	d->eoff = malloc((b->n + 1) * sizeof *d->eoff);
	d->foff = malloc((b->n + 1) * sizeof *d->foff);
	d->poff = malloc((b->n + 1) * sizeof *d->poff);
	d->e = malloc((b->ntoks + 1) * sizeof *d->e);
	d->f = malloc((b->ntoks + 1) * sizeof *d->f);
	if (!d->eoff || !d->foff || !d->poff || !d->e || !d->f)
		return -1;
	uint32_t ne = 0, nf = 0;
	uint64_t np = 0;
	for (size_t s = 0; s < b->n; s++) {
		size_t sa = b->src[s], sb = b->tgt[s], ta = b->tgt[s], tb = b->src[s + 1];
		d->eoff[s] = ne, d->foff[s] = nf, d->poff[s] = np;
		for (size_t t = rev ? ta : sa; t < (rev ? tb : sb); t++)
			d->e[ne++] = (rev ? tgt[t] : src[t]) + 1;
		for (size_t t = rev ? sa : ta; t < (rev ? sb : tb); t++)
			d->f[nf++] = rev ? src[t] : tgt[t];
		np += (uint64_t)(nf - d->foff[s]) * (ne - d->eoff[s] + 1);
	}
	d->eoff[b->n] = ne, d->foff[b->n] = nf, d->poff[b->n] = np;
	d->pidx = malloc((np + 1) * sizeof *d->pidx);
	pairmap m = {0};
	int rc = d->pidx ? 0 : -1;
	for (uint32_t s = 0; rc == 0 && s < d->nsent; s++) {
		uint32_t I = d->eoff[s + 1] - d->eoff[s];
		for (uint32_t j = d->foff[s]; rc == 0 && j < d->foff[s + 1]; j++)
			for (uint32_t i = 0; i <= I; i++) {
				uint32_t e = i ? d->e[d->eoff[s] + i - 1] : 0;
				uint32_t p = pm_id(&m, e, d->f[j]);
				if (p == UINT32_MAX) {
					rc = -1;
					break;
				}
				d->pidx[d->poff[s] + (uint64_t)(j - d->foff[s]) * (I + 1) + i] = p;
			}
	}
	d->npairs = (uint32_t)m.n;
	free(m.key);
	free(m.val);
	return rc;
}

/* --- training -------------------------------------------------------------- */

typedef struct job {
	const wa_dir *dir[2];
	float *total[2];         /* summed marginals per direction */
	int samplers, next, failed;
	int it1, it2, it3, rec;  /* stage lengths; sweeps recorded at the end */
	uint64_t seed;
	pthread_mutex_t lock;
} job;

static int train(job *jb, int task)
{
	int dir = task % 2, k = task / 2;
	wa_sampler s;
	if (wa_sampler_init(&s, jb->dir[dir], jb->seed * 1000003u + (uint64_t)task * 7919u + 17)) {
		wa_sampler_free(&s);
		return -1;
	}
	for (int i = 0; i < jb->it1; i++)
		wa_sweep(&s, WA_LEX, 0);
	wa_recount(&s, WA_JUMP);
	for (int i = 0; i < jb->it2; i++)
		wa_sweep(&s, WA_LEX | WA_JUMP, 0);
	wa_recount(&s, WA_JUMP | WA_FERT);
	for (int i = 0; i < jb->it3; i++)
		wa_sweep(&s, WA_LEX | WA_JUMP | WA_FERT, i >= jb->it3 - jb->rec);
	(void)k;
	/* counts are whole numbers below 2^24: float sums are exact in any order */
	pthread_mutex_lock(&jb->lock);
	uint64_t n = jb->dir[dir]->poff[jb->dir[dir]->nsent];
	for (uint64_t i = 0; i < n; i++)
		jb->total[dir][i] += s.marg[i];
	pthread_mutex_unlock(&jb->lock);
	wa_sampler_free(&s);
	return 0;
}

static void *worker(void *arg)
{
	job *jb = arg;
	for (;;) {
		pthread_mutex_lock(&jb->lock);
		int t = jb->next < 2 * jb->samplers ? jb->next++ : -1;
		pthread_mutex_unlock(&jb->lock);
		if (t < 0)
			return NULL;
		if (train(jb, t)) {
			pthread_mutex_lock(&jb->lock);
			jb->failed = 1;
			pthread_mutex_unlock(&jb->lock);
		}
	}
}

static int run_jobs(job *jb, int threads)
{
	if (threads < 1)
		threads = 1;
	if (threads > 2 * jb->samplers)
		threads = 2 * jb->samplers;
	pthread_t th[64];
	int started = 0;
	for (int i = 1; i < threads && i < 64; i++)
		if (pthread_create(&th[started], NULL, worker, jb) == 0)
			started++;
	worker(jb);
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	return jb->failed ? -1 : 0;
}

/* --- decoding ---------------------------------------------------------------- */

static int decode(const wa_dir *d, const float *tot, double nsamples, int rev, xp_walign *out)
{
	xp_link *v = NULL;
	size_t cap = 0;
	int rc = 0;
	for (uint32_t s = 0; rc == 0 && s < d->nsent; s++) {
		uint32_t I = d->eoff[s + 1] - d->eoff[s], J = d->foff[s + 1] - d->foff[s];
		size_t n = 0;
		if (xp_grow(&v, &cap, (size_t)J + 1, sizeof *v)) {
			rc = -1;
			break;
		}
		for (uint32_t j = 0; j < J; j++) {
			const float *m = tot + d->poff[s] + (uint64_t)j * (I + 1);
			uint32_t best = 0;
			for (uint32_t i = 1; i <= I; i++)
				if (m[i] > m[best])
					best = i;
			if (!best)
				continue;
			float p = (float)(m[best] / nsamples);
			v[n++] = rev ? (xp_link){j, best - 1, p, 0} : (xp_link){best - 1, j, p, 0};
		}
		rc = xp_walign_add(out, v, n);
	}
	free(v);
	out->has_probs = 1;
	return rc;
}

int xp_wordalign(const xp_bitext *b, const xp_wa_opts *o, xp_walign *fwd, xp_walign *rev,
		 xp_err *err)
{
	uint32_t *src = NULL, *tgt = NULL, vs, vt;
	wa_dir d[2] = {{0}};
	job jb = {.samplers = o->samplers > 0 ? o->samplers : 3, .seed = o->seed};
	int rc = -1;
	if (ids(b, o->lowercase, &src, &tgt, &vs, &vt) || dir_build(&d[0], b, src, tgt, vs, vt, 0) ||
	    dir_build(&d[1], b, src, tgt, vs, vt, 1))
		goto out;
	/* Small corpora need more sweeps to mix; large ones fewer (as eflomal). */
	int n = o->iters > 0 ? o->iters
			     : (int)fmin(1000, fmax(16, round(5000.0 / sqrt(b->n > 0 ? (double)b->n : 1))));
	jb.it1 = n / 4 > 2 ? n / 4 : 2;
	jb.it2 = jb.it1;
	jb.it3 = n;
	jb.rec = n / 2 > 1 ? n / 2 : 1;
	for (int k = 0; k < 2; k++) {
		jb.dir[k] = &d[k];
		jb.total[k] = calloc(d[k].poff[d[k].nsent] + 1, sizeof(float));
		if (!jb.total[k])
			goto out;
	}
	pthread_mutex_init(&jb.lock, NULL);
	rc = run_jobs(&jb, o->threads);
	pthread_mutex_destroy(&jb.lock);
	double ns = (double)jb.samplers * jb.rec;
	if (rc == 0)
		rc = decode(&d[0], jb.total[0], ns, 0, fwd) || decode(&d[1], jb.total[1], ns, 1, rev) ? -1 : 0;
out:
	free(src);
	free(tgt);
	for (int k = 0; k < 2; k++) {
		free(jb.total[k]);
		dir_free(&d[k]);
	}
	return rc ? xp_fail(err, b->name, 0, "out of memory while aligning") : 0;
}
