/*
 * align/wordalign.c — driving the samplers: the sentence pairs as integer
 * data, the training schedule, threads, and the final links; see
 * wordalign.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "wordalign.h"
#include "gibbs.h"
#include "norm.h"
#include "prior.h"
#include "namelearn.h"
#include "phraselearn.h"
#include "wamodel.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/vocab.h"
#include "../io/dictd.h"
#include "../lang/lang.h"
#include "../lang/script.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

void xp_wa_defaults(xp_wa_opts *o)
{
	memset(o, 0, sizeof *o);
	o->seed = 1;
	o->samplers = 0;   /* from the corpus size: 3, more for a small corpus */
	o->normalize = XP_NORM_ALL;
	/* on: over seeds 1-3 it gains or is even on mmc-tune, MMC dev and the AER
	 * gold sets (README, "Name prior"); the sample's one-seed loss was the
	 * sampler's spread on 39 pairs, not the prior's links */
	o->name_prior = WA_PRIOR_BOOST;
	/* on: over seeds 1-3, Farsi +1.7 mmc-tune, +1.3 MMC dev mention F1;
	 * Chinese (with whole-word spans, the segmenter rule) +0.4 / +0.2, every seed up
	 * (README, "Closed-class prior") */
	o->closed_prior = WA_CLOSED_BOOST;
	o->closed_langs = NULL;
	/* off: Farsi's MMC dev pairs without the span pairs gain (bench/seeds.sh),
	 * bench/quality.sh's run with them loses over five seeds (README,
	 * "Loanword prior") */
	o->loan_prior = 0;
	o->loan_langs = xp_lang_codes_with(XP_LT_LOANWORDS);   /* Farsi */
	o->one_way = XP_SYM_ONE_WAY;   /* sym.h; README, "Which links make a span" */
	o->learn_names = 1;
	o->span_factor = XP_WA_SPAN_FACTOR;
	o->span_langs = xp_lang_codes_with(XP_LT_MENTION_SPANS);   /* none today: docs/rules.md */
}

/* The number of threads `threads` stands for (0: the cores online). */
static int threads_for(int threads)
{
	if (threads > 0)
		return threads;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)(n > 64 ? 64 : n) : 1;
}

/* The phases xp_wa_phases times.  Decoding (and counting the names'
 * links) runs in the sampling threads as each direction ends: its wall
 * time overlaps the other direction's sampling, and sampling's CPU is the
 * threads' less decoding's. */
enum { WA_PH_READ, WA_PH_NORM, WA_PH_PRIOR, WA_PH_SAMPLE, WA_PH_DECODE, WA_PH_LINKS, WA_NPHASES };
static const char *const phase_name[WA_NPHASES] = {"reading", "normalising", "priors", "sampling", "decoding",
						   "links"};

typedef struct wa_dec wa_dec;
static void dec_free(wa_dec *j);

struct xp_wa {
	xp_wa_opts o;
	xp_vocab voc[2];
	wa_corpus c;
	wa_names names;          /* casing of each type, for the name prior */
	wa_namelearn learn;      /* the show's names (o.learn_names; namelearn.h) */
	wa_phraselearn phrases;  /* the show's phrases (o.learn_phrases; phraselearn.h) */
	wa_prior_counts cells;   /* cells each prior boosts */
	size_t skipped;
	size_t train_empty;          /* --train, --train-lex files of no pair */
	const char *train_empty_path; /* the first of them */
	long nblocks;            /* xp_wa_span_blocks */
	xp_wa_norm nm[2];
	/* the pairs to align: corpus sentence out[s]; side d's tokens of them
	 * at ooff[d][s].. in orig (each token's index in the original line) */
	uint32_t *out;
	size_t nout, cap_out;
	uint64_t *ooff[2];
	size_t cap_ooff[2];
	uint16_t *orig[2];
	size_t norig[2], cap_orig[2];
	/* decoded: per direction d, for each generated token of the pairs to
	 * align (side !d, at ooff[!d]), its link (0 = NULL, else position + 1) */
	uint16_t *best[2];
	float *prob[2];
	/* o.all_floor: each generated token t's candidate links at
	 * cand[d][coff[d][t] .. coff[d][t + 1]) (xp_wa_all_links) */
	uint64_t *coff[2];
	struct wa_cand { uint16_t i; float p; } *cand[2];
	size_t ncand[2], cap_cand[2];
	xp_link *lk[2];
	size_t cap_lk[2];
	/* a model's word ids in the corpus's (o.model), and what training
	 * learned, per direction and sampler (o.keep_model) */
	uint32_t *mid[2];
	wa_msampler *kept[2];
	/* a sync round (o.state, o.keep_state): the link state read, then the
	 * one the samplers leave (xp_wa_state_write) */
	int sync, have_state;
	wa_state st;
	/* the words of the pairs themselves, before a model's (a round's own
	 * counts are over these); a state's links the model does not hold */
	uint32_t vown[2];
	int unheld;
	/* the prior's cells were found (or taken from the state) under the
	 * options of this fingerprint; kept in the state written */
	int priored;
	uint32_t prior_print;
	/* training */
	wa_sampler *smp[2];
	int it1, it2, it3, passes, samplers;
	int group, groups;       /* samplers a training task sweeps together; tasks a direction */
	/* what the sweeps did (xp_wa_settling): sweeps made by all samplers
	 * together, and the share of links the last sweep of each stage moved,
	 * summed over the samplers */
	uint64_t swept;
	double moved[3];
	/* each stage's sweeps made by all samplers together, and the samplers
	 * whose stage stopped before the plan's end because its links had
	 * converged (converged()) */
	uint64_t made[3];
	int early[3];
	int dear;                /* the plan is dear enough to stop early (schedule()) */
	int next, failed, done[2];
	/* decoding (wa_dec): each direction's, once its training is done;
	 * directions finished (dir_done; finished of them) */
	struct wa_dec *dec[2];
	int dir_done[2], finished;
	int nthreads;            /* xp_wa_run's */
	int dec_whole;           /* each direction decoded by one thread (dec_whole) */
	xp_err err;
	pthread_mutex_t lock;
	pthread_cond_t cond;     /* a task ended, a block freed, or a thing failed */
	uint64_t units, total;
	double t0;
	int prepared;            /* complete() done */
	/* where the time went (xp_wa_phases): wall and CPU seconds a phase */
	double ph_wall[WA_NPHASES], ph_cpu[WA_NPHASES];
	long ph_peak[WA_NPHASES];
};

/* The least work, in token sweeps a direction over all its samplers, that
 * the default schedule gives a corpus (xp_wa_run), and the most samplers it
 * takes to get there.  Measured on MMC's 2.5k Farsi pairs (mmc-tune and the
 * held-out MMC dev, mention F1, seeds 1-3): 3 samplers 60.48 / 56.40, 8
 * samplers 61.13 / 57.18, 12 samplers 61.21 / 57.37 (2.6x and 3.6x the CPU),
 * while 2x the sweeps in 3 samplers gave 60.48 / 56.77 at 1.8x: the links
 * gain from averaging samplers that sit in different modes, not from longer
 * chains.  100M makes 8 of them for that corpus; the 92k-pair bitext (59M a
 * sampler) keeps 3. */
#define WA_MIN_WORK 100000000u
/* A corpus of more than WA_LARGE sentence pairs is large: its last stage
 * gets 5000/sqrt(N) sweeps as a smaller one does, but without the floor of
 * 16 (which binds only above 97.6k pairs, so every smaller corpus keeps its
 * schedule), down to WA_LARGE_SWEEPS; and its links are read off
 * WA_LARGE_PASSES passes.  Each of its sweeps sees so many tokens of each
 * frequent word that fewer of them learn as much: at 1M pairs 2 + 2 + 5
 * sweeps and 2 passes, eflomal's schedule, instead of 4 + 4 + 16 and 4
 * (docs/wordalign-schedule.md, "A large corpus"). */
#define WA_LARGE 100000
#define WA_LARGE_SWEEPS 5
#define WA_LARGE_PASSES 2
/* With opts.settle, a stage stops when its links have settled (settled()):
 * the window of sweeps compared. */
#define WA_WINDOW 8
/* By default the lexical stages (1 and 2) stop when their links have
 * converged (converged()): when the share of links a sweep moves has
 * fallen, over the last WA_CONV_WINDOW sweeps against the WA_CONV_WINDOW
 * before, by less than WA_CONV_Z standard errors of that difference. */
#define WA_CONV_WINDOW 8
#define WA_CONV_Z 2.0
#define WA_RING (2 * WA_CONV_WINDOW)   /* the moved shares a stage keeps */
_Static_assert(WA_RING >= 2 * WA_WINDOW, "settled() reads two windows of the ring");
/* A small corpus (5000/sqrt(N) above WA_LAST_MOST, i.e. under 2.5k pairs)
 * is averaged over many samplers (WA_MIN_WORK), and those, not long chains,
 * are what its links gain from: its last stage stops at WA_LAST_MOST sweeps
 * and its links come from WA_SMALL_PASSES passes a sampler (a pass resamples
 * one sentence with the rest fixed, so passes past a dozen repeat what the
 * others drew), while the lexical stages keep their length (cutting the
 * first cost jaen 0.8 AER points).  On the gold sets (docs/wordalign-
 * schedule.md, "Fewer draws for a small corpus"; seeds 1 7 11) 12 samplers
 * of that schedule give AER 14.19 / 34.57 / 54.77 on enfr / roen / jaen in
 * 0.48x / 0.38x / 0.63x the CPU of 16, 16 and 12 samplers of the full one
 * (14.37 / 34.47 / 54.96); 8 samplers of the full one lost 0.2 on each.
 * MMC's 2.5k pairs (100 sweeps) and anything larger keep their schedule,
 * and so does a tiny corpus (WA_SMALL_WORK). */
#define WA_LAST_MOST 100
#define WA_SMALL_PASSES 12
#define WA_SMALL_SAMPLERS 12
/* ... but only where the full schedule is dear: a corpus whose 16 samplers
 * of it would make fewer than WA_SMALL_WORK token sweeps (the bundled
 * 39-pair sample: 12M, about a second; the gold sets 84M-134M) keeps it
 * and its 16 samplers, since there is nothing to save, and the sample's
 * Chinese lost 1.2 mention F1 points with the cut (mean of seeds 1-8,
 * while its Farsi gained 3.4). */
#define WA_SMALL_WORK 50000000u
#define WA_MAX_SAMPLERS 16

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* CPU seconds of the process (all its threads), or of the calling thread */
static double cpu_now(clockid_t which)
{
	struct timespec t;
	if (clock_gettime(which, &t))
		return 0;
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* A phase's clocks: begun, then its time added to phase k (xp_wa_phases) */
typedef struct wa_clock {
	double wall, cpu;
} wa_clock;

static wa_clock clock_begin(void) { return (wa_clock){now(), cpu_now(CLOCK_PROCESS_CPUTIME_ID)}; }

static void clock_end(xp_wa *w, int k, wa_clock c)
{
	w->ph_wall[k] += now() - c.wall;
	w->ph_cpu[k] += cpu_now(CLOCK_PROCESS_CPUTIME_ID) - c.cpu;
	w->ph_peak[k] = xp_peak_kb();
}

int xp_wa_new(xp_wa **wp, const xp_wa_opts *o, xp_err *err)
{
	xp_wa *w = calloc(1, sizeof *w);
	if (!w)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	w->o = *o;
	w->samplers = o->samplers > 0 ? o->samplers : 3;   /* xp_wa_run: more for a small corpus */
	for (int d = 0; d < 2; d++) {
		w->c.side[d].off = calloc(1, sizeof *w->c.side[d].off);
		w->ooff[d] = calloc(1, sizeof *w->ooff[d]);
		w->cap_ooff[d] = 1;
	}
	w->c.cap_sent = 1;
	if (xp_vocab_init(&w->voc[0], o->lowercase) || xp_vocab_init(&w->voc[1], o->lowercase) ||
	    !w->c.side[0].off || !w->c.side[1].off || !w->ooff[0] || !w->ooff[1]) {
		xp_wa_free(w);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	*wp = w;
	return 0;
}

void xp_wa_free(xp_wa *w)
{
	if (!w)
		return;
	for (int d = 0; d < 2; d++) {
		xp_vocab_free(&w->voc[d]);
		free(w->c.side[d].tok);
		free(w->c.side[d].off);
		free(w->ooff[d]);
		free(w->orig[d]);
		free(w->best[d]);
		free(w->prob[d]);
		free(w->coff[d]);
		free(w->cand[d]);
		free(w->lk[d]);
		if (w->smp[d])
			for (int k = 0; k < w->samplers; k++)
				xp_wa_sampler_free(&w->smp[d][k]);
		free(w->smp[d]);
		if (w->kept[d])
			for (int k = 0; k < w->samplers; k++)
				xp_wa_msampler_free(&w->kept[d][k]);
		free(w->kept[d]);
		free(w->mid[d]);
	}
	dec_free(w->dec[0]);
	dec_free(w->dec[1]);
	xp_wa_state_free(&w->st);
	xp_wa_names_free(&w->names);
	xp_wa_namelearn_free(&w->learn);
	xp_wa_phraselearn_free(&w->phrases);
	xp_wa_prior_free(&w->c);
	free(w->c.blk);
	free(w->out);
	free(w);
}

size_t xp_wa_nsent(const xp_wa *w) { return w->nout; }
long xp_wa_closed_cells(const xp_wa *w) { return w->cells.closed; }
long xp_wa_loan_cells(const xp_wa *w) { return w->cells.loans; }
long xp_wa_span_blocks(const xp_wa *w) { return w->nblocks; }
void xp_wa_schedule(const xp_wa *w, int *samplers, int *sweeps)
{
	*samplers = w->samplers;
	*sweeps = 1 + w->it1 + w->it2 + w->it3;
}
void xp_wa_settling(const xp_wa *w, double *sweeps, double moved[3])
{
	double n = 2.0 * w->samplers;
	*sweeps = w->o.model ? w->it3 : 1 + (double)w->swept / n;
	for (int st = 0; st < 3; st++)
		moved[st] = w->o.model ? 0 : w->moved[st] / n;
}
void xp_wa_stages(const xp_wa *w, int most[3], double sweeps[3], int early[3])
{
	most[0] = w->it1, most[1] = w->it2, most[2] = w->it3;
	for (int st = 0; st < 3; st++) {
		sweeps[st] = (double)w->made[st] / (2.0 * w->samplers);
		early[st] = w->early[st];
	}
}
size_t xp_wa_lexical(const xp_wa *w) { return w->c.nlex; }
size_t xp_wa_train_empty(const xp_wa *w, const char **first)
{
	*first = w->train_empty_path;
	return w->train_empty;
}
const xp_wa_norm *xp_wa_normalized(const xp_wa *w, int side) { return &w->nm[side != 0]; }

/* --- the corpus --------------------------------------------------------------- */

/* One side of a pair: its tokens as ids.  Returns the number of aligner
 * tokens, or -1 on OOM. */
static long add_side(xp_wa *w, int d, const xp_str *t, size_t n, int out)
{
	wa_side *S = &w->c.side[d];
	if (xp_grow(&S->tok, &S->cap, S->ntok + n, sizeof *S->tok))
		return -1;
	if (out && xp_grow(&w->orig[d], &w->cap_orig[d], w->norig[d] + n, sizeof *w->orig[d]))
		return -1;
	size_t m = 0;
	for (size_t k = 0; k < n; k++) {
		uint32_t id = xp_vocab_id(&w->voc[d], t[k].p, t[k].n);
		if (id == UINT32_MAX)
			return -1;
		if ((w->o.name_prior > 1 || w->o.loan_prior > 1 || w->o.learn_names) &&
		    xp_wa_names_see(&w->names, d, id, t[k].p, t[k].n, !k || xp_wa_names_ends_sentence(t[k - 1].p, t[k - 1].n)))
			return -1;
		S->tok[S->ntok + m] = id;
		if (out)
			w->orig[d][w->norig[d] + m] = (uint16_t)(k < UINT16_MAX ? k : UINT16_MAX);
		m++;
	}
	S->ntok += m;
	if (out)
		w->norig[d] += m;
	S->V = w->voc[d].n;
	return (long)m;
}

static int add_pair(xp_wa *w, const xp_str *src, size_t ns, const xp_str *tgt, size_t nt, int out)
{
	wa_corpus *c = &w->c;
	if (c->nsent >= UINT32_MAX - 1)
		return -1;
	if ((size_t)c->nsent + 2 > c->cap_sent) {
		size_t cap = c->cap_sent * 2 > 16 ? c->cap_sent * 2 : 16;
		for (int d = 0; d < 2; d++) {
			uint64_t *o = realloc(c->side[d].off, cap * sizeof *o);
			if (!o)
				return -1;
			c->side[d].off = o;
		}
		c->cap_sent = cap;
	}
	if (out && (xp_grow(&w->out, &w->cap_out, w->nout + 1, sizeof *w->out) ||
		    xp_grow(&w->ooff[0], &w->cap_ooff[0], w->nout + 2, sizeof *w->ooff[0]) ||
		    xp_grow(&w->ooff[1], &w->cap_ooff[1], w->nout + 2, sizeof *w->ooff[1])))
		return -1;
	long a = add_side(w, 0, src, ns, out), b = a < 0 ? -1 : add_side(w, 1, tgt, nt, out);
	if (b < 0)
		return -1;
	if ((uint64_t)a > WA_MAXLEN || (uint64_t)b > WA_MAXLEN)
		w->skipped++;
	c->nsent++;
	c->side[0].off[c->nsent] = c->side[0].ntok;
	c->side[1].off[c->nsent] = c->side[1].ntok;
	if (out) {
		w->out[w->nout++] = c->nsent - 1;
		w->ooff[0][w->nout] = w->norig[0];
		w->ooff[1][w->nout] = w->norig[1];
	}
	return 0;
}

int xp_wa_add_bitext(xp_wa *w, const xp_bitext *b, xp_err *err)
{
	wa_clock c = clock_begin();
	for (size_t s = 0; s < b->n; s++)
		if (add_pair(w, b->toks + b->src[s], xp_bitext_srclen(b, s), b->toks + b->tgt[s],
			     xp_bitext_tgtlen(b, s), 1))
			return xp_failc(err, XP_ENOMEM, b->name ? b->name : "", s + 1, "out of memory");
	clock_end(w, WA_PH_READ, c);
	return 0;
}

typedef struct reading {
	xp_wa *w;
	const char *path;
	int out;
} reading;

static void report(xp_wa *w, const char *stage, uint64_t done, uint64_t total)
{
	if (!w->o.progress)
		return;
	xp_wa_progress p = {stage, done, total, now() - w->t0};
	w->o.progress(w->o.progress_arg, &p);
}

static int read_pair(void *arg, const xp_str *src, size_t ns, const xp_str *tgt, size_t nt,
		     unsigned long line, xp_err *err)
{
	reading *r = arg;
	if (add_pair(r->w, src, ns, tgt, nt, r->out))
		return xp_failc(err, XP_ENOMEM, r->path, line, "out of memory");
	if (r->w->o.progress && r->w->c.nsent % 65536 == 0)
		report(r->w, "reading", r->w->c.nsent, 0);
	return 0;
}

int xp_wa_add_train_mem(xp_wa *w, const char *name, const char *buf, size_t len, xp_err *err)
{
	reading r = {w, name, 0};
	if (!w->t0)
		w->t0 = now();
	wa_clock c = clock_begin();
	int rc = xp_bitext_each_mem(name, buf, len, read_pair, &r, err);
	clock_end(w, WA_PH_READ, c);
	return rc;
}

int xp_wa_add_file(xp_wa *w, const char *path, int train_only, xp_err *err)
{
	reading r = {w, path, !train_only};
	if (!w->t0)
		w->t0 = now();
	wa_clock c = clock_begin();
	int rc = xp_bitext_each(path, read_pair, &r, err);
	clock_end(w, WA_PH_READ, c);
	return rc;
}

/* --- normalising for alignment --------------------------------------------------- */

/* 1 if a side in Latin script is English: its most frequent function words
 * make a fifth to a quarter of English tokens, a few percent of French,
 * Romanian or German ones ("a", "in"); -1 when memory ran out. */
static int is_english(const xp_vocab *V, const wa_side *S)
{
	static const char *const fw[] = {"the", "to", "and", "of", "a", "you", "i", "it", "is", "that",
					 "in", "what", "this", "me", "my", "we", "he", "do", "'s", "n't"};
	uint8_t *mark = calloc((size_t)V->n + 1, 1);
	if (!mark)
		return -1;
	for (uint32_t t = 0; t < V->n; t++)
		for (size_t k = 0; k < sizeof fw / sizeof *fw; k++)
			mark[t] |= !strcasecmp(V->words[t], fw[k]);
	uint64_t hits = 0;
	for (size_t p = 0; p < S->ntok; p++)
		hits += mark[S->tok[p]];
	free(mark);
	return S->ntok && hits * 8 >= S->ntok;   /* 12.5% */
}

/* Side d's tokens replaced by the words the aligner sees (wordalign.h):
 * each word type normalised once, then every sentence rewritten.  The pairs
 * to align keep, for each word, the index of the token it came from: their
 * orig entries were one per token (add_side), in the order of the corpus. */
/* Side d's language (nm[d].lang): given, or found from its words' script
 * (a Latin side is English when English function words say so); with
 * every part of the normalisation off, none.  0, or -1 when memory ran
 * out. */
static int side_lang(xp_wa *w, int d)
{
	xp_wa_norm *nm = &w->nm[d];
	xp_vocab *V = &w->voc[d];
	wa_side *S = &w->c.side[d];
	*nm = (xp_wa_norm){.lang = w->o.lang[d] ? w->o.lang[d] : "", .script = "", .tokens = S->ntok,
			   .types = V->n, .ntypes = V->n};
	if (!nm->lang[0] && w->o.normalize) {
		xp_script_counter sc;
		xp_script_guess g;
		memset(&sc, 0, sizeof sc);
		for (uint32_t t = 0; t < V->n; t++)
			xp_script_count(&sc, V->words[t], strlen(V->words[t]));
		xp_script_result(&sc, &g);
		nm->lang = g.lang, nm->script = g.script;
		if (!strcmp(g.script, "Latin")) {
			int en = is_english(V, S);
			if (en < 0)
				return -1;
			if (en)
				nm->lang = "en";
		}
	}
	return 0;
}

/* Side d's parts and stem method (nm[d].parts, .stem, .stem_from), both
 * sides' languages known: --stem's (or a model's; XP_STEM_NONE: none),
 * else the pair's, which the target language's pack says for its own side
 * and an English one (a pair's setting: German gains with both sides cut
 * to four letters and not with one, docs/quality.md), else the language's
 * own part `stem` (learned).  0, or -1 for a pack's method that is none
 * (*bad: the pack's code). */
static int side_stem(xp_wa *w, int d, const char **bad)
{
	xp_wa_norm *nm = &w->nm[d];
	unsigned parts = xp_norm_parts(nm->lang);
	int method = w->o.stem[d], from = XP_WA_STEM_OPTION;
	const xp_lang_pack *tgt = w->nm[1].lang[0] ? xp_lang_find(w->nm[1].lang) : NULL;
	if (!method && tgt && (d ? tgt->stem : tgt->src_stem) &&
	    (d || xp_lang_has(xp_lang_find(nm->lang), XP_LT_SOURCE))) {
		if (xp_norm_stem_parse(d ? tgt->stem : tgt->src_stem, &method) || method == XP_STEM_NONE) {
			*bad = tgt->code;
			return -1;
		}
		from = XP_WA_STEM_PAIR;
	}
	if (method == XP_STEM_NONE)
		parts &= ~(unsigned)XP_NORM_STEM;
	else if (method)
		parts |= XP_NORM_STEM;
	else
		method = XP_STEM_LEARNED, from = XP_WA_STEM_PART;
	nm->parts = parts & w->o.normalize;
	nm->stem = nm->parts & XP_NORM_STEM ? method : 0;
	nm->stem_from = nm->stem ? from : XP_WA_STEM_PART;
	return 0;
}

static int normalise_side(xp_wa *w, int d)
{
	xp_wa_norm *nm = &w->nm[d];
	xp_vocab *V = &w->voc[d];
	wa_side *S = &w->c.side[d];
	if (!nm->parts || !S->ntok)
		return 0;
	xp_normalizer *z = xp_normalizer_new();
	xp_vocab nv;
	int vok = xp_vocab_init(&nv, 0) == 0;
	/* type t's words: ids[first[t] .. first[t + 1]) */
	uint32_t *first = calloc((size_t)V->n + 1, sizeof *first), *ids = NULL, *tok = NULL;
	uint8_t *changed = calloc((size_t)V->n + 1, 1);
	uint16_t *orig = NULL;
	size_t nids = 0, cap_ids = 0;
	xp_buf b = {0};
	int rc = z && vok && first && changed && !xp_normalizer_lang(z, nm->lang) &&
			 (!nm->stem || !xp_normalizer_stem(z, nm->stem)) ? 0 : -1;
	/* the morphology splits an affix off only a stem the side has on its
	 * own (and learns its stems from them): every word it has, first, as
	 * the other parts make them */
	const unsigned morph = XP_NORM_AFFIXES | XP_NORM_EN_STEM | XP_NORM_STEM;
	for (uint32_t t = 0; rc == 0 && (nm->parts & morph) && t < V->n; t++) {
		b.n = 0;
		int k = xp_norm_token(z, nm->parts & ~morph, V->words[t], strlen(V->words[t]), &b);
		for (size_t at = 0; k > 0 && rc == 0; k--, at += strlen(b.p + at) + 1)
			rc = xp_normalizer_know(z, b.p + at, strlen(b.p + at));
		if (k < 0)
			rc = -1;
	}
	for (uint32_t t = 0; rc == 0 && t < V->n; t++) {
		size_t len = strlen(V->words[t]);
		b.n = 0;
		int k = xp_norm_token(z, nm->parts, V->words[t], len, &b);
		if (k < 0 || xp_grow(&ids, &cap_ids, nids + (size_t)k + 1, sizeof *ids)) {
			rc = -1;
			break;
		}
		changed[t] = k != 1 || b.n != len + 1 || memcmp(b.p, V->words[t], len) != 0;
		for (size_t at = 0; rc == 0 && k-- > 0; at += strlen(b.p + at) + 1) {
			uint32_t id = xp_vocab_id(&nv, b.p + at, strlen(b.p + at));
			if (id == UINT32_MAX)
				rc = -1;
			else
				ids[nids++] = id;
		}
		first[t + 1] = (uint32_t)nids;
	}
	/* the sizes, and what changed */
	uint64_t total = 0, total_out = 0;
	for (uint32_t k = 0, s = 0; rc == 0 && k < w->c.nsent; k++) {
		int out = s < w->nout && w->out[s] == k;
		for (uint64_t p = S->off[k]; p < S->off[k + 1]; p++) {
			uint32_t t = S->tok[p], n = first[t + 1] - first[t];
			total += n;
			total_out += out ? n : 0;
			nm->changed += changed[t];
			nm->split += n > 1;
			nm->dropped += n == 0;
		}
		s += out;
	}
	/* The rewrite, in place, so that no second copy of the corpus is ever
	 * held (with glibc, freeing a large block raises the size below which
	 * later blocks come from the heap, and the samplers' peak grew by a
	 * third).  Words only removed: front to back, writing never passes
	 * reading; only added: back to front into the grown arrays.  Both (a
	 * Farsi subtitle with inner and lone ZWNJs) takes a copy. */
	int both = nm->split && nm->dropped;
	if (rc == 0 && both && (!(tok = malloc((total + 1) * sizeof *tok)) ||
				!(orig = malloc((total_out + 1) * sizeof *orig))))
		rc = -1;
	if (rc == 0 && !both && nm->split &&
	    (xp_grow(&S->tok, &S->cap, total + 1, sizeof *S->tok) ||
	     xp_grow(&w->orig[d], &w->cap_orig[d], total_out + 1, sizeof *w->orig[d])))
		rc = -1;
	if (rc == 0 && !(both || nm->split)) {
		tok = S->tok, orig = w->orig[d];
	}
	if (rc == 0 && (both || !nm->split)) {
		uint64_t lo = 0, q = 0, qo = 0, oo = 0;
		for (uint32_t k = 0, s = 0; k < w->c.nsent; k++) {
			uint64_t hi = S->off[k + 1];
			int out = s < w->nout && w->out[s] == k;
			for (uint64_t p = lo; p < hi; p++) {
				uint32_t t = S->tok[p];
				uint16_t from = out ? w->orig[d][oo + (p - lo)] : 0;
				for (uint32_t u = first[t]; u < first[t + 1]; u++) {
					tok[q++] = ids[u];
					if (out)
						orig[qo++] = from;
				}
			}
			S->off[k + 1] = q;
			if (out) {
				oo += hi - lo;
				w->ooff[d][++s] = qo;
			}
			lo = hi;
		}
	} else if (rc == 0) {
		tok = S->tok, orig = w->orig[d];
		uint64_t q = total, qo = total_out, oo = w->norig[d];
		size_t s = w->nout;
		for (uint32_t k = w->c.nsent; k > 0; k--) {
			uint64_t lo = S->off[k - 1], hi = S->off[k];
			int out = s > 0 && w->out[s - 1] == k - 1;
			S->off[k] = q;
			if (out) {
				oo -= hi - lo;
				w->ooff[d][s--] = qo;
			}
			for (uint64_t p = hi; p > lo; p--) {
				uint32_t t = tok[p - 1];
				uint16_t from = out ? orig[oo + (p - 1 - lo)] : 0;
				for (uint32_t u = first[t + 1]; u > first[t]; u--) {
					tok[--q] = ids[u - 1];
					if (out)
						orig[--qo] = from;
				}
			}
		}
	}
	/* the name prior's casing counts follow each type to its first
	 * normalised word (case folding merges "Joey" and "joey": summed) */
	if (rc == 0 && w->names.cap[d] && xp_wa_names_remap(&w->names, d, first, ids, V->n, nv.n))
		rc = -1;
	if (rc == 0) {
		if (both) {
			free(S->tok), free(w->orig[d]);
			S->tok = tok, S->cap = total + 1;
			w->orig[d] = orig, w->cap_orig[d] = total_out + 1;
		}
		S->ntok = total, S->V = nv.n;
		w->norig[d] = total_out;
		xp_vocab_free(V);
		*V = nv;
		nm->ntypes = nv.n;
	} else {
		if (both)
			free(tok), free(orig);
		if (vok)
			xp_vocab_free(&nv);
	}
	xp_buf_free(&b);
	free(first), free(ids), free(changed);
	xp_normalizer_free(z);
	return rc;
}

/* -1 with err set, as the reason is */
static int normalise(xp_wa *w, xp_err *err)
{
	const char *bad = NULL;
	if (side_lang(w, 0) || side_lang(w, 1))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory normalising the words");
	if (side_stem(w, 0, &bad) || side_stem(w, 1, &bad))
		return xp_failc(err, XP_EUSAGE, "", 0, "the language pack of '%s' names a stem method that is none",
				bad);
	if (normalise_side(w, 0) || normalise_side(w, 1))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory normalising the words");
	/* a side may have grown past what a sampler takes */
	w->skipped = 0;
	for (uint32_t k = 0; k < w->c.nsent; k++)
		w->skipped += wa_len(&w->c.side[0], k) > WA_MAXLEN || wa_len(&w->c.side[1], k) > WA_MAXLEN;
	return 0;
}

/* --- a model ------------------------------------------------------------------- */

/* The model's words found in (or added to) each side's vocabulary, so that
 * its counts go to the corpus's ids, after the words were normalised as
 * the model's were.  Added words have no tokens here, but their counts
 * weigh in every word's totals as they did in training. */
static int use_model(xp_wa *w, xp_err *err)
{
	const xp_wa_model *m = w->o.model;
	for (int d = 0; d < 2; d++) {
		if (w->c.side[d].ntok && w->nm[d].parts != m->parts[d])
			return xp_failc(err, XP_EUSAGE, "", 0,
					"the %s side was normalised as '%s', the model's as '%s' (give --%s-lang %s)",
					d ? "target" : "source", w->nm[d].lang, m->lang[d], d ? "tgt" : "src",
					m->lang[d][0] ? m->lang[d] : "as in training");
		if (!(w->mid[d] = malloc(((size_t)m->V[d] + 1) * sizeof *w->mid[d])))
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		for (uint32_t t = 0; t < m->V[d]; t++)
			if ((w->mid[d][t] = xp_vocab_id(&w->voc[d], m->words[d][t], strlen(m->words[d][t]))) == UINT32_MAX)
				return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		w->c.side[d].V = w->voc[d].n;
	}
	return 0;
}

int xp_wa_model_write(const xp_wa *w, xp_buf *out, xp_err *err)
{
	if (!w->kept[0] || !w->kept[1] || w->done[0] != w->samplers || w->done[1] != w->samplers)
		return xp_failc(err, XP_EUSAGE, "", 0, "no model kept: run the aligner with keep_model first");
	xp_wa_model m = {.lowercase = w->o.lowercase, .normalize = w->o.normalize,
			 .name_prior = w->o.name_prior, .closed_prior = w->o.closed_prior,
			 .loan_prior = w->o.loan_prior, .closed_classes = w->o.closed_classes,
			 .closed_langs = (char *)w->o.closed_langs, .loan_langs = (char *)w->o.loan_langs,
			 .pairs = (w->o.model && !w->sync ? w->o.model->pairs : 0) + (w->c.nsent - w->skipped),
			 .samplers = w->samplers, .version = XP_WA_MODEL_VERSION};
	for (int d = 0; d < 2; d++) {
		snprintf(m.lang[d], sizeof m.lang[d], "%s", w->nm[d].lang);
		m.parts[d] = w->nm[d].parts;
		m.stem[d] = w->nm[d].stem;
		/* a sync round's: its own counts, over its own words */
		m.V[d] = w->sync ? w->vown[d] : w->voc[d].n;
		m.words[d] = w->voc[d].words;
		m.smp[d] = w->kept[d];
	}
	if (xp_wa_model_serialize(&m, out))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

/* --- the source side's mentions ------------------------------------------------ */

/* c.blk from o.src_spans (wordalign.h): per source token of the pairs to
 * align, the block its original token is in.  A span must lie within its
 * pair's tokens (the last one the aligner kept: English drops none), and
 * the spans must have one line per pair: a file for other pairs is refused
 * rather than applied at random. */
static int build_blocks(xp_wa *w, xp_err *err)
{
	const xp_walign *sp = w->o.src_spans;
	const char *name = w->o.src_spans_name ? w->o.src_spans_name : "";
	if (sp->nsent != w->nout)
		return xp_failc(err, XP_EINPUT, name, 0, "the source spans have %zu lines for %zu sentence pairs",
				sp->nsent, w->nout);
	if (!(w->c.blk = calloc(w->c.side[0].ntok + 1, sizeof *w->c.blk)))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	w->c.blk_f = w->o.span_factor;
	/* per original token of a pair: joined to the next one by a span
	 * (join), then its block (id) */
	uint8_t *join = NULL;
	uint16_t *id = NULL;
	size_t cap_j = 0, cap_i = 0;
	for (size_t s = 0; s < w->nout; s++) {
		uint64_t lo = w->ooff[0][s], hi = w->ooff[0][s + 1], at = w->c.side[0].off[w->out[s]];
		uint32_t n = 0;   /* original tokens: one past the last one kept */
		for (uint64_t p = lo; p < hi; p++)
			if (w->orig[0][p] + 1u > n)
				n = w->orig[0][p] + 1u;
		if (xp_grow(&join, &cap_j, (size_t)n + 1, 1) || xp_grow(&id, &cap_i, (size_t)n + 1, sizeof *id)) {
			free(join);
			free(id);
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		}
		memset(join, 0, (size_t)n + 1);
		for (size_t k = sp->start[s]; k < sp->start[s + 1]; k++) {
			const xp_link *l = &sp->links[k];
			if (l->i > l->j || l->j >= n) {
				free(join);
				free(id);
				return xp_failc(err, XP_EINPUT, name, s + 1,
						"source span %u-%u is not within the pair's %u tokens", l->i, l->j, n);
			}
			for (uint32_t t = l->i; t < l->j; t++)
				join[t] = 1;   /* a span of one token joins nothing */
		}
		uint16_t b = 0;
		for (uint32_t t = 0; t < n; t++) {
			int left = t && join[t - 1];
			if (join[t] && !left && b < UINT16_MAX)
				b++, w->nblocks++;
			id[t] = join[t] || left ? b : 0;
		}
		if (hi - lo != w->c.side[0].off[w->out[s] + 1] - at)
			continue;   /* (never: each aligner token has its original index) */
		for (uint64_t p = lo; p < hi; p++)
			w->c.blk[at + (p - lo)] = id[w->orig[0][p]];
	}
	free(join);
	free(id);
	return 0;
}

/* --- training ------------------------------------------------------------------ */

static void progress_add(xp_wa *w, uint64_t units)
{
	pthread_mutex_lock(&w->lock);
	w->units += units;
	report(w, "sampling", w->units, w->total);
	pthread_mutex_unlock(&w->lock);
}

/* Whether a stage that has made `done` of its `most` sweeps has learned what
 * it can (opts.settle; off by default).  The share of links a sweep moves
 * falls as a sampler leaves its random start and levels off where it only
 * wanders about its mode: enfr's last stage moves 6% of the links after some
 * 20 sweeps, jaen's 13% after 200 and still falls slowly.  The stage stops
 * when the mean share of its last WA_WINDOW sweeps is less than a relative
 * `settle` below that of the WA_WINDOW before.  Each sampler decides from its
 * own chain alone, so the links still do not depend on the threads.  The
 * first stage (lexical only, the cheapest) always runs its length: stopping
 * it when its links level off cost jaen 0.8 AER points (docs/wordalign-
 * schedule.md), as stopping the last stage cost mmc-tune Farsi 1.2 points of
 * mention F1 — why it is not the default. */
static int settled(const xp_wa *w, int stage, const double *moved, int done, int most)
{
	if (w->o.settle <= 0 || stage == 0 || done >= most || done < 2 * WA_WINDOW)
		return 0;
	double now = 0, before = 0;
	for (int k = 0; k < WA_WINDOW; k++) {
		now += moved[(done - 1 - k) % WA_RING];
		before += moved[(done - 1 - WA_WINDOW - k) % WA_RING];
	}
	return now >= before * (1 - w->o.settle);
}

/* Whether a stage may stop before the plan's sweeps: by default, not with
 * sweeps given (--iters), a model's or a sync round's (the shards keep the
 * planned stages), nor --settle (its own rule); nor on a corpus whose plan
 * is cheap (w->dear, as WA_SMALL_WORK: the bundled 39-pair sample, about a
 * second), which has nothing to save and keeps its links. */
static int may_converge(const xp_wa *w)
{
	return w->dear && w->o.settle <= 0 && w->o.iters <= 0 && !w->o.model && !w->sync;
}

/* Whether stage st (0-based), `done` of its at most `most` sweeps made, has
 * converged: the default stop of the lexical stages (docs/wordalign-
 * schedule.md, "Stages that stop when their links converge").
 *
 * The share of links a sweep moves falls while a chain leaves its random
 * start and learns, then wanders about a level set by the language pair
 * (enfr's second stage 10-11%, jaen's 26%).  The stage has learned what it
 * can when that fall is no longer told apart from the sweeps' own scatter:
 * the mean of the last W sweeps is below the mean of the W before by less
 * than z standard errors of their difference, each window's variance
 * measured on its W sweeps.  z = 2 is the usual two-sided 95% (one-sided
 * 97.7%) bound of a normal mean; nothing is fitted to a corpus.  The
 * scatter is measured, not assumed, so the rule holds at any size: a small
 * corpus's shares are noisy and need a larger fall to go on, a large one's
 * are smooth and stop only when flat; and since the sweeps' shares are
 * positively correlated, the windows' scatter understates the noise of
 * their means, which errs on the side of sweeping on.  W = 8 gives each
 * variance 7 degrees of freedom; 2W = 16 sweeps is the least a stage makes,
 * the floor the schedule gives a last stage, so a stage of 16 or fewer
 * (every corpus of more than about 5.6k pairs: 5000/sqrt(N)/4) runs its
 * length.  The task's samplers (two swept together, or one) decide from
 * their chains' mean share, summed in sampler order: the stop depends on
 * the seed, never on the threads.  The last stage (fertility) runs its
 * length: stopping it by the same test cost roen 0.3 AER points and
 * shortening it costs mmc-tune Farsi mention F1. */
static int converged(const xp_wa *w, int st, const double *moved, int done, int most)
{
	const int W = WA_CONV_WINDOW;
	if (!may_converge(w) || st > 1 || done >= most || done < 2 * W)
		return 0;
	double a = 0, b = 0, va = 0, vb = 0;
	for (int k = 0; k < W; k++) {
		b += moved[(done - 1 - k) % WA_RING];
		a += moved[(done - 1 - W - k) % WA_RING];
	}
	a /= W, b /= W;
	for (int k = 0; k < W; k++) {
		double x = moved[(done - 1 - k) % WA_RING] - b, y = moved[(done - 1 - W - k) % WA_RING] - a;
		vb += x * x, va += y * y;
	}
	va /= W - 1, vb /= W - 1;
	return a - b < WA_CONV_Z * sqrt((va + vb) / W);
}

/* --- a round of a sync run (wordalign.h, state) ------------------------------- */

/* A CRC-32 of the pairs as the samplers see them (their normalised words,
 * sentence by sentence): a state is continued only on its own pairs. */
static uint32_t pairs_print(const xp_wa *w)
{
	uLong crc = crc32_z(0, NULL, 0);
	for (uint32_t k = 0; k < w->c.nsent; k++)
		for (int d = 0; d < 2; d++) {
			const wa_side *S = &w->c.side[d];
			unsigned char n[4] = {(unsigned char)wa_len(S, k), (unsigned char)(wa_len(S, k) >> 8),
					      (unsigned char)(wa_len(S, k) >> 16), (unsigned char)(wa_len(S, k) >> 24)};
			crc = crc32_z(crc, n, 4);
			for (uint64_t p = S->off[k]; p < S->off[k + 1]; p++) {
				const char *word = w->voc[d].words[S->tok[p]];
				crc = crc32_z(crc, (const Bytef *)word, strlen(word) + 1);
			}
		}
	return (uint32_t)crc;
}

/* o.state read and checked against these pairs (their words, and the
 * positions of its prior cells), before the prior would be found. */
static int state_read(xp_wa *w, xp_err *err)
{
	const char *name = w->o.state_name ? w->o.state_name : "";
	uint32_t print = pairs_print(w);
	if (w->o.state) {
		if (xp_wa_state_parse(name, w->o.state, w->o.state_len, &w->st, err))
			return -1;
		if (w->st.nsent != w->c.nsent || w->st.ntok[0] != w->c.side[0].ntok ||
		    w->st.ntok[1] != w->c.side[1].ntok || w->st.print != print)
			return xp_failc(err, XP_EINPUT, name, 0,
					"the state is of other sentence pairs (%u pairs, %llu + %llu words; these are %u, "
					"%llu + %llu%s): a state continues only the pairs it was written for",
					w->st.nsent, (unsigned long long)w->st.ntok[0], (unsigned long long)w->st.ntok[1],
					w->c.nsent, (unsigned long long)w->c.side[0].ntok,
					(unsigned long long)w->c.side[1].ntok,
					w->st.nsent == w->c.nsent && w->st.ntok[0] == w->c.side[0].ntok &&
							w->st.ntok[1] == w->c.side[1].ntok
						? ", other words"
						: "");
		for (uint32_t k = 0; w->st.has_cells && k < w->c.nsent; k++)
			for (uint32_t x = w->st.coff[k]; x < w->st.coff[k + 1]; x++)
				if (w->st.cell[x].i >= wa_len(&w->c.side[0], k) || w->st.cell[x].j >= wa_len(&w->c.side[1], k))
					return xp_failc(err, XP_EINPUT, name, k + 1,
							"corrupt word-aligner state: a prior cell (%u, %u) outside its pair",
							w->st.cell[x].i, w->st.cell[x].j);
		w->have_state = 1;
	}
	w->st.print = print;
	return 0;
}

/* The state read checked against the samplers; or an empty state of
 * their sizes. */
static int state_begin(xp_wa *w, xp_err *err)
{
	const char *name = w->o.state_name ? w->o.state_name : "";
	uint32_t print = w->st.print;
	if (w->have_state) {
		if (w->st.samplers != w->samplers)
			return xp_failc(err, XP_EINPUT, name, 0,
					"the state has %d samplers a direction, this run %d (give --samplers %d, or the "
					"model of the same samplers)",
					w->st.samplers, w->samplers, w->st.samplers);
		for (int d = 0; d < 2; d++)
			for (int q = 0; q < w->samplers; q++)
				for (uint32_t k = 0; k < w->c.nsent; k++) {
					const wa_side *E = &w->c.side[d], *F = &w->c.side[!d];
					for (uint64_t p = F->off[k]; p < F->off[k + 1]; p++)
						if (w->st.a[d][q][p] > wa_len(E, k))
							return xp_failc(err, XP_EINPUT, name, k + 1,
									"corrupt word-aligner state: a link to word %u of "
									"a sentence of %u",
									w->st.a[d][q][p], wa_len(E, k));
				}
		return 0;
	}
	w->st = (wa_state){.samplers = w->samplers, .nsent = w->c.nsent,
			   .ntok = {w->c.side[0].ntok, w->c.side[1].ntok}, .print = print};
	if (xp_wa_state_alloc(&w->st))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

/* The prior's options as a CRC-32: a state's cells are taken only when
 * they were found with the same. */
static uint32_t prior_print(const wa_prior_opts *po)
{
	double v[4] = {po->boost, po->threshold, po->closed, po->loan};
	uLong crc = crc32_z(0, (const Bytef *)v, sizeof v);
	crc = crc32_z(crc, (const Bytef *)&po->closed_classes, sizeof po->closed_classes);
	const char *str[4] = {po->lang[0], po->lang[1], po->closed_langs, po->loan_langs};
	for (int k = 0; k < 4; k++)
		crc = str[k] ? crc32_z(crc, (const Bytef *)str[k], strlen(str[k]) + 1) : crc32_z(crc, (const Bytef *)"\1", 1);
	return (uint32_t)crc;
}

/* The state's cells moved to the corpus (prior.h: xp_wa_prior_free frees
 * them), their counts to w->cells; the number of cells. */
static long state_cells(xp_wa *w)
{
	w->c.coff = w->st.coff, w->c.cell = w->st.cell, w->c.ncell = (size_t)w->st.ncell;
	w->st.coff = NULL, w->st.cell = NULL, w->st.has_cells = 0;
	w->cells = (wa_prior_counts){(long)w->st.counts[0], (long)w->st.counts[1], (long)w->st.counts[2]};
	return (long)w->c.ncell;
}

int xp_wa_state_write(const xp_wa *w, xp_buf *out, xp_err *err)
{
	if (!w->o.keep_state || w->done[0] != w->samplers || w->done[1] != w->samplers)
		return xp_failc(err, XP_EUSAGE, "", 0, "no state kept: run the aligner with keep_state first");
	/* with the prior's cells, if it found them */
	wa_state t = w->st;
	if (w->priored)
		t.has_cells = 1, t.prior_print = w->prior_print,
		t.counts[0] = (uint64_t)w->cells.names, t.counts[1] = (uint64_t)w->cells.loans,
		t.counts[2] = (uint64_t)w->cells.closed, t.ncell = w->c.coff ? w->c.ncell : 0, t.coff = w->c.coff,
		t.cell = w->c.cell;
	else
		t.has_cells = 0;
	if (xp_wa_state_serialize(&t, out))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

/* Samplers q0 .. q0 + n - 1 of direction d in a sync round: each starts
 * from the model's counts (the other shards' at the last merge, o.model
 * with --minus) and its own links (the state, else drawn from the model,
 * else random), then makes adapt_sweeps sweeps of the round's stage. */
static int sync_round(xp_wa *w, int d, int q0, int n, wa_sampler **S)
{
	static const unsigned stage[4] = {WA_LEX | WA_JUMP | WA_FERT, WA_LEX, WA_LEX | WA_JUMP, WA_LEX | WA_JUMP | WA_FERT};
	const unsigned parts = stage[w->o.stage >= 1 && w->o.stage <= 3 ? w->o.stage : 0];
	const xp_wa_model *m = w->o.model;
	uint64_t nsent = w->c.nsent;
	for (int q = 0; q < n; q++) {
		int k = q0 + q;
		if (m && xp_wa_model_prime(S[q], &m->smp[d][k % m->samplers], w->mid[d], m->V[d], w->mid[!d], m->V[!d],
					   w->vown[!d]))
			return -1;
		if (w->have_state) {
			memcpy(S[q]->a, w->st.a[d][k], w->c.side[!d].ntok * sizeof *S[q]->a);
			S[q]->rng = w->st.rng[d][k] ? w->st.rng[d][k] : 1;
			/* the merge of the round before holds these links' counts:
			 * taken out, it is the other shards' (as --minus did) */
			if (m && w->o.state_in_model && xp_wa_uncount_given(S[q])) {
				w->unheld = 1;
				return -1;
			}
		}
		if (w->have_state ? xp_wa_init_given(S[q]) : m ? xp_wa_init_draw(S[q]) : xp_wa_init(S[q]))
			return -1;
		xp_wa_recount(S[q], parts);
	}
	progress_add(w, nsent * (uint64_t)n);
	for (int i = 0; i < w->it3; i++) {
		if (n == 2 ? xp_wa_sweep2(S[0], S[1], parts, 0, S[0]->nsent) : xp_wa_sweep(S[0], parts, 0, S[0]->nsent))
			return -1;
		progress_add(w, nsent * (uint64_t)n);
	}
	return 0;
}

/* Samplers q0 .. q0 + n - 1 (n at most 2; 1 with a model or opts.settle)
 * of direction d.  Two are swept together (xp_wa_sweep2), which gives each the
 * links it has alone in less time. */
static int train(xp_wa *w, int d, int q0, int n)
{
	uint64_t nsent = w->c.nsent;
	wa_sampler *S[2] = {NULL, NULL};
	for (int q = 0; q < n; q++) {
		uint64_t task = (uint64_t)d * w->samplers + (uint64_t)(q0 + q);
		S[q] = &w->smp[d][q0 + q];
		if (xp_wa_sampler_init(S[q], &w->c, d, w->o.seed * 1000003u + task * 7919u + 17))
			return -1;
	}
	wa_sampler *s = S[0];
	const xp_wa_model *m = w->o.model;
	if (w->sync)
		return sync_round(w, d, q0, n, S);
	if (m) {
		/* sampler q continues the model's sampler q (of as many as it has) */
		if (xp_wa_model_prime(s, &m->smp[d][q0 % m->samplers], w->mid[d], m->V[d], w->mid[!d], m->V[!d], UINT32_MAX) ||
		    xp_wa_init_draw(s))
			return -1;
		progress_add(w, nsent);
		const unsigned all = WA_LEX | WA_JUMP | WA_FERT;
		xp_wa_recount(s, all);
		for (int i = 0; i < w->it3; i++) {
			if (xp_wa_sweep(s, all, 0, s->nsent))
				return -1;
			progress_add(w, nsent);
		}
		return 0;
	}
	for (int q = 0; q < n; q++)
		if (xp_wa_init(S[q]))
			return -1;
	progress_add(w, nsent * (uint64_t)n);
	const unsigned stage[3] = {WA_LEX, WA_LEX | WA_JUMP, WA_LEX | WA_JUMP | WA_FERT};
	const int iters[3] = {w->it1, w->it2, w->it3};
	int swept = 0, stopped[3] = {0, 0, 0};
	uint64_t made[3] = {0, 0, 0};
	double last[3] = {0, 0, 0};
	for (int st = 0; st < 3; st++) {
		for (int q = 0; st && q < n; q++)
			xp_wa_recount(S[q], stage[st]);
		/* the share of links each sweep moved, the last WA_RING */
		double moved[WA_RING];
		int i = 0, early = 0;
		for (; i < iters[st]; i++) {
			for (int q = 0; q < n; q++)
				S[q]->changed = S[q]->drawn = 0;
			if (n == 2 ? xp_wa_sweep2(S[0], S[1], stage[st], 0, s->nsent) : xp_wa_sweep(s, stage[st], 0, s->nsent))
				return -1;
			/* two samplers: their mean (settle is off) */
			double sum = 0;
			for (int q = 0; q < n; q++)
				sum += S[q]->drawn ? (double)S[q]->changed / (double)S[q]->drawn : 0;
			moved[i % WA_RING] = sum / n;
			progress_add(w, nsent * (uint64_t)n);
			if (settled(w, st, moved, i + 1, iters[st]) || (early = converged(w, st, moved, i + 1, iters[st]))) {
				i++;
				break;
			}
		}
		swept += i * n;
		made[st] = (uint64_t)i * n;
		if (early)
			stopped[st] = n;
		if (i)
			last[st] = moved[(i - 1) % WA_RING] * n;
		/* the sweeps a settled stage skipped, so that the progress ends at 100% */
		if (i < iters[st])
			progress_add(w, (uint64_t)(iters[st] - i) * nsent);
	}
	pthread_mutex_lock(&w->lock);
	w->swept += (uint64_t)swept;
	for (int st = 0; st < 3; st++) {
		w->moved[st] += last[st];
		w->made[st] += made[st];
		w->early[st] += stopped[st];
	}
	pthread_mutex_unlock(&w->lock);
	return 0;
}

/* --- decoding ------------------------------------------------------------------ */

/* Each generated token of the pairs to align takes its most probable link:
 * the distributions of every sampler, `passes` times, averaged.  Direction
 * d's pairs are decoded in blocks (a block's cells times the passes at
 * most WA_DEC_BYTES / (8 WA_DEC_AHEAD S) doubles, a single long pair's
 * excepted: the size a block's buffers of every (sampler, pass) had), by
 * any thread that has no training left: a sampler's blocks one after the
 * other, since its chain goes on from pair to pair, and the samplers of a
 * block one after the other too, in a pipeline (sampler q on block b while
 * sampler q - 1 is on block b + 1).  Each adds its passes into the block's
 * one buffer of cells in place, so that the sums are made in the order one
 * thread makes them (sampler by sampler, pass by pass): the posteriors'
 * bits, and the links, are the same at any number of threads, and the
 * memory is the cells of the blocks in flight, whatever the passes.  (A
 * buffer a (sampler, pass), added up once all were done, held the cells
 * times the passes times the samplers: 1.87 GB for 20 pairs at --iters
 * 1000000.)  A block whose samplers are done is read off, blocks in order.
 * In flight: as many blocks as samplers, at least WA_DEC_AHEAD, so that
 * the pipeline is full (each sampler on a block of its own). */
#define WA_DEC_BYTES (1u << 20)
#define WA_DEC_AHEAD 4

struct wa_dec {
	int S, passes;
	size_t *bstart;          /* block b: the pairs to align bstart[b] .. bstart[b + 1] */
	size_t nblk;
	size_t *qnext;           /* per sampler: its next block (the blocks before are done) */
	uint8_t *qbusy;          /* per sampler: a thread runs it */
	size_t ahead;            /* blocks in flight: the slots */
	int *left;               /* per slot (block % ahead): its samplers not done */
	size_t *bsize;           /* block b: its cells times the passes (its work) */
	size_t *bcells;          /* block b: its cells, the doubles of its buffer */
	double **buf;            /* per slot: its block's sums */
	size_t lo;               /* the first block not read off */
	int reducing;
	double t0;               /* when it began (xp_wa_phases) */
};

static void dec_free(wa_dec *j)
{
	if (!j)
		return;
	free(j->bstart), free(j->bsize), free(j->bcells), free(j->qnext), free(j->qbusy);
	for (size_t k = 0; j->buf && k < j->ahead; k++)
		free(j->buf[k]);
	free(j->buf), free(j->left);
	free(j);
}

/* 1 if pair s (of the pairs to align) has a distribution to sample: the
 * cells of one pass in *cells */
static int decodable(const xp_wa *w, int d, size_t s, size_t *cells)
{
	const wa_side *E = &w->c.side[d], *F = &w->c.side[!d];
	uint32_t k = w->out[s], I = wa_len(E, k), J = wa_len(F, k);
	*cells = (size_t)(I + 1) * J;
	return J && I <= WA_MAXLEN && J <= WA_MAXLEN;
}

/* Block b's buffer, zeroed, in its slot (each block's own size: a long
 * pair's is large, the others' not held that large).  -1 on OOM. */
static int dec_room(wa_dec *j, size_t b)
{
	double **p = &j->buf[b % j->ahead];
	free(*p);
	*p = calloc(j->bcells[b] + 1, sizeof **p);
	return *p ? 0 : -1;
}

/* Direction d's output arrays: each token's best link, its posterior and
 * (all_floor) its candidates' offsets.  -1 on OOM. */
static int dec_out(xp_wa *w, int d)
{
	size_t n = w->ooff[!d][w->nout];
	w->best[d] = calloc(n + 1, sizeof *w->best[d]);
	w->prob[d] = calloc(n + 1, sizeof *w->prob[d]);
	if (!w->best[d] || !w->prob[d])
		return -1;
	if (w->o.all_floor > 0 && !(w->coff[d] = calloc(n + 1, sizeof *w->coff[d])))
		return -1;
	return 0;
}

/* Pair s of direction d has nothing to decode: its tokens no candidates,
 * but offsets that still rise. */
static void dec_none(xp_wa *w, int d, size_t s)
{
	for (uint64_t t = w->ooff[!d][s]; w->coff[d] && t < w->ooff[!d][s + 1]; t++)
		w->coff[d][t + 1] = w->ncand[d];
}

/* A token's best link of row (I + 1 cells, their sum over the samplers'
 * passes in row, norm of them), its posterior, and its candidates above
 * all_floor: token t of direction d.  -1 on OOM. */
static int dec_token(xp_wa *w, int d, uint64_t t, const double *row, uint32_t I, double norm)
{
	uint32_t bi = 0;
	for (uint32_t i = 1; i <= I; i++)
		if (row[i] > row[bi])
			bi = i;
	w->best[d][t] = (uint16_t)bi;
	w->prob[d][t] = (float)(row[bi] / norm);
	/* every candidate the floor lets through, for --all-probs */
	for (uint32_t i = 1; w->coff[d] && i <= I; i++) {
		if (row[i] / norm < w->o.all_floor)
			continue;
		if (xp_grow(&w->cand[d], &w->cap_cand[d], w->ncand[d] + 1, sizeof *w->cand[d]))
			return -1;
		w->cand[d][w->ncand[d]++] = (struct wa_cand){(uint16_t)i, (float)(row[i] / norm)};
	}
	if (w->coff[d])
		w->coff[d][t + 1] = w->ncand[d];
	return 0;
}

/* Direction d decoded whole by the calling thread, each pair's cells
 * summed in place over the samplers and their passes: no buffer a
 * (sampler, pass), so no more memory than one pair's cells and none of the
 * blocks' traffic.  Where decoding is a small share of the run (a small
 * corpus sampled long: xp_wa.dec_whole) a core idle meanwhile costs less
 * than the blocks' buffers; the sums, so the links, are the blocks' bit for
 * bit (the same additions in the same order).  -1 on OOM. */
static int dec_whole(xp_wa *w, int d)
{
	const wa_side *E = &w->c.side[d];
	double *acc = NULL, norm = (double)w->samplers * w->passes;
	size_t cap = 0;
	int rc = dec_out(w, d);
	for (size_t s = 0; s < w->nout && !rc; s++) {
		size_t cells;
		if (!decodable(w, d, s, &cells)) {
			dec_none(w, d, s);
			continue;
		}
		uint32_t I = wa_len(E, w->out[s]), J = (uint32_t)(cells / (I + 1));
		if (xp_grow(&acc, &cap, cells, sizeof *acc)) {
			rc = -1;
			break;
		}
		memset(acc, 0, cells * sizeof *acc);
		for (int q = 0; q < w->samplers && !rc; q++)
			rc = xp_wa_sentence_marginals(&w->smp[d][q], WA_LEX | WA_JUMP | WA_FERT, w->out[s], w->passes, acc);
		for (uint32_t jj = 0; jj < J && !rc; jj++)
			rc = dec_token(w, d, w->ooff[!d][s] + jj, acc + (size_t)jj * (I + 1), I, norm);
		if (s % 4096 == 4095)
			progress_add(w, (uint64_t)4096 * w->samplers * w->passes);
	}
	free(acc);
	return rc ? -1 : 0;
}

/* Direction d's decoding begun: its output arrays and its blocks.  -1 on OOM. */
static int dec_begin(xp_wa *w, int d)
{
	if (dec_out(w, d))
		return -1;
	wa_dec *j = calloc(1, sizeof *j);
	if (!j)
		return -1;
	w->dec[d] = j;
	j->S = w->samplers, j->passes = w->passes, j->t0 = now();
	size_t cap_b = 0, cap_z = 0, cap_c = 0, most = WA_DEC_BYTES / (sizeof(double) * WA_DEC_AHEAD * (size_t)j->S);
	for (size_t s = 0; s < w->nout; s++) {
		size_t cells;
		size_t c = decodable(w, d, s, &cells) ? cells : 0, m = c * (size_t)j->passes;
		if (s == 0 || (j->bsize[j->nblk - 1] && j->bsize[j->nblk - 1] + m > most)) {
			if (xp_grow(&j->bstart, &cap_b, j->nblk + 2, sizeof *j->bstart) ||
			    xp_grow(&j->bsize, &cap_z, j->nblk + 1, sizeof *j->bsize) ||
			    xp_grow(&j->bcells, &cap_c, j->nblk + 1, sizeof *j->bcells))
				return -1;
			j->bsize[j->nblk] = j->bcells[j->nblk] = 0;
			j->bstart[j->nblk++] = s;
		}
		j->bsize[j->nblk - 1] += m;
		j->bcells[j->nblk - 1] += c;
	}
	if (j->nblk)
		j->bstart[j->nblk] = w->nout;
	j->qnext = calloc((size_t)j->S, sizeof *j->qnext);
	j->qbusy = calloc((size_t)j->S, 1);
	j->ahead = j->S > WA_DEC_AHEAD ? (size_t)j->S : WA_DEC_AHEAD;
	j->left = calloc(j->ahead, sizeof *j->left);
	j->buf = calloc(j->ahead, sizeof *j->buf);
	if (!j->qnext || !j->qbusy || !j->left || !j->buf)
		return -1;
	for (size_t b = 0; b < j->ahead; b++) {
		j->left[b] = j->S;
		if (b < j->nblk && dec_room(j, b))
			return -1;
	}
	return 0;
}

/* Sampler q's distributions of block b, its passes added in place to the
 * sums of the samplers before it (dec_take runs it after them).  -1 on OOM. */
static int dec_unit(xp_wa *w, int d, int q, size_t b)
{
	wa_dec *j = w->dec[d];
	double *B = j->buf[b % j->ahead];
	const unsigned parts = WA_LEX | WA_JUMP | WA_FERT;
	for (size_t s = j->bstart[b]; s < j->bstart[b + 1]; s++) {
		size_t cells;
		if (!decodable(w, d, s, &cells))
			continue;
		if (xp_wa_sentence_marginals(&w->smp[d][q], parts, w->out[s], j->passes, B))
			return -1;
		B += cells;
	}
	return 0;
}

/* Block b read off: each token's best link and its posterior (and, with
 * all_floor, its candidates).  -1 on OOM. */
static int dec_reduce(xp_wa *w, int d, size_t b)
{
	wa_dec *j = w->dec[d];
	const wa_side *E = &w->c.side[d];
	const double *B = j->buf[b % j->ahead];
	double norm = (double)w->samplers * w->passes;
	for (size_t s = j->bstart[b]; s < j->bstart[b + 1]; s++) {
		size_t cells;
		if (!decodable(w, d, s, &cells)) {
			dec_none(w, d, s);
			continue;
		}
		uint32_t I = wa_len(E, w->out[s]), J = (uint32_t)(cells / (I + 1));
		for (uint32_t jj = 0; jj < J; jj++)
			if (dec_token(w, d, w->ooff[!d][s] + jj, B + (size_t)jj * (I + 1), I, norm))
				return -1;
		B += cells;
		if (s % 4096 == 4095)
			progress_add(w, (uint64_t)4096 * w->samplers * w->passes);
	}
	return 0;
}

/* What follows direction d's training, once its links are read off (or
 * not wanted): a sync round's state, the names' and phrases' counts, the
 * model kept, and its samplers freed. */
static int finish_dir(xp_wa *w, int d)
{
	int rc = 0;
	/* a sync round: the links left and the counts they make
	 * (every part's, whatever the round's stage) */
	for (int k = 0; k < w->samplers && !rc && w->sync; k++) {
		wa_sampler *S = &w->smp[d][k];
		free(S->fert0);
		S->fert0 = NULL, S->jump0 = NULL;
		xp_wa_recount(S, WA_LEX | WA_JUMP | WA_FERT);
		memcpy(w->st.a[d][k], w->smp[d][k].a, w->c.side[!d].ntok * sizeof *w->st.a[d][k]);
		w->st.rng[d][k] = w->smp[d][k].rng;
	}
	/* the English side generates the other in direction 0: each
	 * sampler's last links of every name, before they are freed */
	if (!rc && d == 0 && w->learn.occ)
		rc = xp_wa_namelearn_count(&w->learn, &w->c, w->smp[0], w->samplers, w->c.nsent - w->c.nlex);
	if (!rc && d == 0 && w->o.learn_phrases)
		rc = xp_wa_phraselearn_count(&w->phrases, &w->c, w->smp[0], w->samplers, w->c.nsent - w->c.nlex);
	for (int k = 0; k < w->samplers && !rc && w->o.keep_model; k++)
		rc = w->sync ? xp_wa_model_own(&w->smp[d][k], w->vown[d], w->vown[!d], &w->kept[d][k])
			     : xp_wa_model_take(&w->smp[d][k], &w->kept[d][k]);
	for (int k = 0; k < w->samplers; k++)
		xp_wa_sampler_free(&w->smp[d][k]);
	return rc;
}

/* Under w->lock: a decoding unit to run (*d, *q, *b; its sampler marked
 * busy), or 0 when none is ready.  Sampler k > 0 takes a block once
 * sampler k - 1 is done with it: the sums' order is one thread's. */
static int dec_take(xp_wa *w, int *d, int *q, size_t *b)
{
	for (int x = 0; x < 2; x++) {
		wa_dec *j = w->dec[x];
		if (!j)
			continue;
		for (int k = 0; k < j->S; k++)
			if (!j->qbusy[k] && j->qnext[k] < j->nblk && j->qnext[k] < j->lo + j->ahead &&
			    (k == 0 || j->qnext[k - 1] > j->qnext[k])) {
				j->qbusy[k] = 1;
				*d = x, *q = k, *b = j->qnext[k];
				return 1;
			}
	}
	return 0;
}

/* Under w->lock, after a unit of direction d: the blocks ready reduced, in
 * order, by this thread (the lock let go meanwhile); when the last is,
 * the direction finished.  0, or -1 on failure. */
static int dec_advance(xp_wa *w, int d)
{
	wa_dec *j = w->dec[d];
	int rc = 0;
	while (!rc && !j->reducing && j->lo < j->nblk && !j->left[j->lo % j->ahead]) {
		size_t b = j->lo;
		j->reducing = 1;
		pthread_mutex_unlock(&w->lock);
		rc = dec_reduce(w, d, b);
		pthread_mutex_lock(&w->lock);
		j->reducing = 0;
		j->left[b % j->ahead] = j->S;
		j->lo++;
		free(j->buf[b % j->ahead]);
		j->buf[b % j->ahead] = NULL;
		if (!rc && b + j->ahead < j->nblk)
			rc = dec_room(j, b + j->ahead);
		pthread_cond_broadcast(&w->cond);
	}
	if (!rc && j->lo == j->nblk && !j->reducing && !w->dir_done[d]) {
		w->dir_done[d] = 1;
		pthread_mutex_unlock(&w->lock);
		rc = finish_dir(w, d);
		pthread_mutex_lock(&w->lock);
		w->ph_wall[WA_PH_DECODE] += now() - j->t0;
		w->finished++;
		pthread_cond_broadcast(&w->cond);
	}
	return rc;
}

/* A thread of xp_wa_run: training tasks and decoding units, until both
 * directions are finished (or one thing failed).  While there are as many
 * training tasks left as threads, a ready decoding unit comes first: a
 * direction is decoded, and its samplers freed, before most of the other's
 * are made (memory as when one thread decoded it), and a single thread
 * decodes a direction with its samplers still in the cache.  When fewer
 * are left (at 1M pairs, 3 samplers a direction: 4 tasks), training comes
 * first, so that no thread waits idle for the last direction's training
 * while another decodes alone at the end. */
static void *worker(void *arg)
{
	xp_wa *w = arg;
	pthread_mutex_lock(&w->lock);
	for (;;) {
		if (w->failed || w->finished == 2)
			break;
		int d, q, rc = 0;
		size_t b;
		int unit = 2 * w->groups - w->next >= w->nthreads && dec_take(w, &d, &q, &b);
		if (!unit && w->next < 2 * w->groups) {
			int t = w->next++;
			d = t / w->groups;
			int q0 = t % w->groups * w->group;
			int n = q0 + w->group <= w->samplers ? w->group : w->samplers - q0;
			pthread_mutex_unlock(&w->lock);
			rc = train(w, d, q0, n);
			pthread_mutex_lock(&w->lock);
			/* the direction's last sampler to finish begins its decoding,
			 * which every thread then helps with */
			if (!rc && (w->done[d] += n) == w->samplers) {
				if (w->o.no_decode) {
					w->dir_done[d] = 1;
					pthread_mutex_unlock(&w->lock);
					rc = finish_dir(w, d);
					pthread_mutex_lock(&w->lock);
					w->finished++;
				} else if (w->dec_whole) {
					pthread_mutex_unlock(&w->lock);
					double c0 = cpu_now(CLOCK_THREAD_CPUTIME_ID), t0 = now();
					rc = dec_whole(w, d) || finish_dir(w, d);
					pthread_mutex_lock(&w->lock);
					w->ph_cpu[WA_PH_DECODE] += cpu_now(CLOCK_THREAD_CPUTIME_ID) - c0;
					w->ph_wall[WA_PH_DECODE] += now() - t0;
					w->dir_done[d] = 1;
					w->finished++;
				} else {
					double c0 = cpu_now(CLOCK_THREAD_CPUTIME_ID);
					rc = dec_begin(w, d);
					w->ph_cpu[WA_PH_DECODE] += cpu_now(CLOCK_THREAD_CPUTIME_ID) - c0;
					/* (a corpus of no pair to align: nothing to decode) */
					if (!rc && !w->dec[d]->nblk)
						rc = dec_advance(w, d);
				}
			}
		} else if (unit || dec_take(w, &d, &q, &b)) {
			pthread_mutex_unlock(&w->lock);
			double c0 = cpu_now(CLOCK_THREAD_CPUTIME_ID);
			rc = dec_unit(w, d, q, b);
			pthread_mutex_lock(&w->lock);
			wa_dec *j = w->dec[d];
			j->qbusy[q] = 0;
			j->qnext[q]++;
			j->left[b % j->ahead]--;
			if (!rc)
				rc = dec_advance(w, d);
			w->ph_cpu[WA_PH_DECODE] += cpu_now(CLOCK_THREAD_CPUTIME_ID) - c0;
		} else {
			pthread_cond_wait(&w->cond, &w->lock);
			continue;
		}
		if (rc)
			w->failed = 1;
		pthread_cond_broadcast(&w->cond);
	}
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* The English side's names, by the casing counts (prior.h): a word
 * capitalised where no sentence begins more often than not. */
static int learn_init(xp_wa *w)
{
	uint32_t V = w->voc[0].n;
	uint8_t *isname = calloc((size_t)V + 1, 1);
	if (!isname)
		return -1;
	for (uint32_t t = 0; t < V && t < w->names.cap[0]; t++)
		isname[t] = w->names.up[0][t] > w->names.low[0][t];
	if (xp_wa_namelearn_init(&w->learn, isname, V)) {
		free(isname);
		return -1;
	}
	return 0;
}

int xp_wa_names(const xp_wa *w, struct xp_names *out, xp_err *err)
{
	if (xp_wa_namelearn_forms(&w->learn, w->voc, out))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

int xp_wa_phrases(const xp_wa *w, struct xp_names *out, xp_err *err)
{
	if (xp_wa_phraselearn_forms(&w->phrases, out))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

/* One --train (--train-lex) file.  A file with no pair at all is taken
 * and counted (xp_wa_train_empty): the workflow gives an episode's
 * pairs, which an episode whose subtitles pair nothing leaves empty.  A
 * file of pairs none of which has words on both sides (a side column
 * lost upstream) is refused: it would train on nothing while looking
 * used, and the links of PAIRS would be those of a smaller corpus. */
static int add_train(xp_wa *w, const char *path, const char *opt, xp_err *err)
{
	uint32_t first = w->c.nsent;
	if (xp_wa_add_file(w, path, 1, err))
		return -1;
	if (w->c.nsent == first) {
		if (!w->train_empty++)
			w->train_empty_path = path;
		return 0;
	}
	for (uint32_t s = first; s < w->c.nsent; s++) {
		uint32_t a = wa_len(&w->c.side[0], s), b = wa_len(&w->c.side[1], s);
		if (a && b && a <= WA_MAXLEN && b <= WA_MAXLEN)
			return 0;
	}
	return xp_failc(err, XP_EINPUT, path, 0,
			"none of its %lu sentence pairs has words on both sides (a side column lost?): "
			"nothing to train on (%s), nothing is written", (unsigned long)(w->c.nsent - first), opt);
}

/* The corpus complete: o.train and o.train_lex read, every word
 * normalised.  Once: xp_wa_plan and then xp_wa_run do it one time. */
static int complete(xp_wa *w, xp_err *err)
{
	if (w->prepared)
		return 0;
	for (size_t k = 0; k < w->o.ntrain; k++)
		if (add_train(w, w->o.train[k], "--train", err))
			return -1;
	/* last, so that the lexical-only pairs are the corpus's last (gibbs.h) */
	uint32_t before = w->c.nsent;
	for (size_t k = 0; k < w->o.ntrain_lex; k++)
		if (add_train(w, w->o.train_lex[k], "--train-lex", err))
			return -1;
	if (w->o.lex_mem_len && xp_wa_add_train_mem(w, w->o.lex_mem_name ? w->o.lex_mem_name : "(span pairs)",
						    w->o.lex_mem, w->o.lex_mem_len, err))
		return -1;
	w->c.nlex = w->c.nsent - before;
	wa_clock c = clock_begin();
	if (normalise(w, err))
		return -1;
	clock_end(w, WA_PH_NORM, c);
	w->prepared = 1;
	return 0;
}

/* The schedule of the corpus complete() made: w's samplers, stages' sweeps
 * and passes, and the corpus size N they come from.  The one place the
 * rule is written: xp_wa_run trains by it, and xp_wa_plan (`wordalign
 * --schedule`, which the workflow's rounds and bench/shard_gold.sh read)
 * only says it. */
static double schedule(xp_wa *w)
{
	w->sync = w->o.state || w->o.keep_state;
	/* Small corpora need more sweeps to mix; large ones fewer (as eflomal).
	 * Lexical-only pairs do not count: MMC's 3.3k Farsi span pairs of one
	 * to three words would cut the sweeps of its 2.5k sentence pairs by a
	 * third (100 to 67), which lost what the pairs gave (README, Mention
	 * pairs).  Their tokens do count towards the samplers' work below. */
	double N = w->c.nsent - w->c.nlex > 0 ? (double)(w->c.nsent - w->c.nlex) : 1;
	/* a shard aligned with a model is a part of a corpus the size of the
	 * model's and its own: it is decoded as that corpus would be (a
	 * small shard alone would get the long schedule of a small corpus,
	 * which the model's counts make needless) */
	if (w->o.model)
		N += (double)w->o.model->pairs;
	/* (a sync round's merge holds the shard's pairs too: as --minus
	 * took them out) */
	if (w->o.model && w->o.state && w->o.state_in_model)
		N -= (double)fmin((double)w->o.model->pairs, (double)(w->c.nsent - w->skipped));
	int large = !w->o.model && !w->o.iters && N > WA_LARGE;
	int n = w->o.iters > 0 ? w->o.iters : (int)fmin(1000, fmax(large ? WA_LARGE_SWEEPS : 16, round(5000.0 / sqrt(N))));
	/* the last stage's length: n, or WA_LAST_MOST for a small corpus */
	uint64_t T = w->c.side[0].ntok + w->c.side[1].ntok;
	/* dear: 16 samplers of the full schedule make WA_SMALL_WORK token
	 * sweeps or more; a cheaper corpus keeps every sweep of its plan */
	w->dear = (uint64_t)WA_MAX_SAMPLERS * (1 + 2 * (n / 4) + n) * T >= WA_SMALL_WORK;
	int small = !w->o.model && !w->o.iters && n > WA_LAST_MOST && w->dear;
	int last = small ? WA_LAST_MOST : n;
	/* That schedule gives a small corpus far less work than a large one
	 * (about 7500 sqrt(N) sentence sweeps a sampler against 25 N), and
	 * the links of a few thousand pairs are still noisy in three samplers,
	 * each stuck in its own mode.  So the samplers a direction runs, when
	 * they are not given, are as many as make at least WA_MIN_WORK token sweeps
	 * (both sides' tokens) with the sweeps above: a corpus of more than
	 * about 30k subtitle pairs keeps three (the 92k-pair bitext makes 177M
	 * token sweeps with three), MMC's 2.5k Farsi pairs get 8, the gold
	 * sets of a few hundred pairs 12 to 16.  More samplers rather than
	 * longer chains: see WA_MIN_WORK.  Given sweeps (--iters) count with
	 * the same rule: a caller that sets the sweeps by hand (bench/quality.sh
	 * does, so that short span pairs in the training do not cut them) still
	 * gets the samplers the work needs, and long chains need fewer. */
	if (w->o.model) {
		/* the model's samplers, each continued; no training stages: the
		 * pairs are drawn from the model, then adapt_sweeps sweeps */
		if (w->o.samplers <= 0)
			w->samplers = w->o.model->samplers;
	} else if (w->o.samplers <= 0) {
		uint64_t sweeps = (uint64_t)(1 + 2 * (n / 4 > 2 ? n / 4 : 2) + last);
		uint64_t per = sweeps * (T ? T : 1), want = (WA_MIN_WORK + per - 1) / per;
		uint64_t most = small ? WA_SMALL_SAMPLERS : WA_MAX_SAMPLERS;
		w->samplers = want < 3 ? 3 : want > most ? (int)most : (int)want;
	}
	w->it1 = n / 4 > 2 ? n / 4 : 2;
	w->it2 = w->it1;
	w->it3 = last;
	if (w->o.model || w->sync)
		w->it1 = w->it2 = 0, w->it3 = w->o.adapt_sweeps > 0 ? w->o.adapt_sweeps : 0;
	/* the links: each sampler's distributions averaged over a quarter as
	 * many passes as the last stage has sweeps (at least 4); a small corpus,
	 * which is sampled long, gets its links from more passes */
	w->passes = small ? WA_SMALL_PASSES : n / 4 > 4 ? n / 4 : large ? WA_LARGE_PASSES : 4;
	/* a few pairs to align inside a large training corpus: more passes
	 * over them cost less than one sweep of the corpus */
	if (w->nout && w->c.nsent / w->nout > (size_t)w->passes)
		w->passes = w->c.nsent / w->nout > 64 ? 64 : (int)(w->c.nsent / w->nout);
	return N;
}

int xp_wa_plan(xp_wa *w, xp_wa_sched *out, xp_err *err)
{
	if (complete(w, err))
		return -1;
	double N = schedule(w);
	*out = (xp_wa_sched){w->samplers, {w->it1, w->it2, w->it3}, w->passes, (uint64_t)N,
			     w->o.model || w->sync ? 1 : w->o.settle > 0 ? 0 : !may_converge(w)};
	return 0;
}

int xp_wa_run(xp_wa *w, xp_err *err)
{
	if (!w->t0)
		w->t0 = now();
	if (complete(w, err))
		return -1;
	wa_clock c = clock_begin();
	if (w->o.src_spans && w->o.span_factor != 1 && xp_wa_lang_listed(w->o.span_langs, w->nm[1].lang) &&
	    build_blocks(w, err))
		return -1;
	if (w->o.state && state_read(w, err))
		return -1;
	if (w->o.learn_names && learn_init(w))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (w->o.learn_phrases && xp_wa_phraselearn_init(&w->phrases, w->voc))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (w->o.name_prior > 1 || w->o.closed_prior > 1 || w->o.loan_prior > 1) {
		wa_prior_opts po = {w->o.name_prior, WA_PRIOR_THRESHOLD, w->o.closed_prior,
				    w->o.closed_classes ? w->o.closed_classes : WA_CC_ALL, {w->nm[0].lang, w->nm[1].lang},
				    w->o.closed_langs, w->o.loan_prior, w->o.loan_langs, threads_for(w->o.threads)};
		/* a sync round's are in its state, if found with these options */
		w->priored = 1, w->prior_print = prior_print(&po);
		long cells = w->st.has_cells && w->st.prior_print == w->prior_print
				     ? state_cells(w)
				     : xp_wa_prior_build(&w->c, w->voc, &w->names, &po, &w->cells, err);
		xp_wa_names_free(&w->names);   /* not needed once the cells are found */
		if (cells < 0)
			return -1;
	}
	w->vown[0] = w->voc[0].n, w->vown[1] = w->voc[1].n;
	if (w->o.model && use_model(w, err))
		return -1;
	schedule(w);
	if (w->sync && !w->o.state)
		w->st.print = pairs_print(w);
	if (w->sync && state_begin(w, err))
		return -1;
	w->total = (uint64_t)2 * w->samplers * ((1 + w->it1 + w->it2 + w->it3) * w->c.nsent +
						(uint64_t)w->passes * (w->nout / 4096 * 4096));
	for (int d = 0; d < 2; d++)
		if (!(w->smp[d] = calloc((size_t)w->samplers, sizeof *w->smp[d])) ||
		    (w->o.keep_model && !(w->kept[d] = calloc((size_t)w->samplers, sizeof *w->kept[d]))))
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	/* a task trains two samplers at once (xp_wa_sweep2) where they run the
	 * same sweeps: not with a model (h-sample's path) nor with settle */
	w->group = (w->o.model && !w->sync) || w->o.settle > 0 ? 1 : 2;
	w->groups = (w->samplers + w->group - 1) / w->group;
	int threads = threads_for(w->o.threads);
	if (threads > 2 * w->groups)
		threads = 2 * w->groups;
	clock_end(w, WA_PH_PRIOR, c);
	c = clock_begin();
	w->nthreads = threads;
	/* decoding under an eighth of the sweeps (a small corpus sampled
	 * long: the gold sets' 12 passes against 200-260 sweeps): a direction
	 * is decoded in place by the thread that ends its training; otherwise
	 * (1M pairs: 2 passes against 9 sweeps) in blocks by every thread */
	w->dec_whole = (uint64_t)w->passes * 8 < (uint64_t)(1 + w->it1 + w->it2 + w->it3);
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	pthread_t th[64];
	int started = 0;
	for (int i = 1; i < threads && i < 64; i++)
		if (pthread_create(&th[started], NULL, worker, w) == 0)
			started++;
	worker(w);
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->cond);
	for (int d = 0; d < 2; d++)
		dec_free(w->dec[d]), w->dec[d] = NULL;
	clock_end(w, WA_PH_SAMPLE, c);
	w->ph_cpu[WA_PH_SAMPLE] -= w->ph_cpu[WA_PH_DECODE];
	w->ph_peak[WA_PH_DECODE] = w->ph_peak[WA_PH_SAMPLE];
	if (w->failed && w->unheld)
		return xp_failc(err, XP_EINPUT, w->o.state_name ? w->o.state_name : "", 0,
				"the model holds fewer counts than the state's links make: with a state, --model is "
				"the merge of the round that wrote it (or give --minus the shard's own counts)");
	if (w->failed)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory while aligning");
	return 0;
}

/* --- links ---------------------------------------------------------------------- */

static int cmp_link(const void *x, const void *y)
{
	const xp_link *a = x, *b = y;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	if (a->j != b->j)
		return a->j < b->j ? -1 : 1;
	return a->prob > b->prob ? -1 : a->prob < b->prob;
}

/* Direction d's links of pair s, in original token indices, into *lk
 * (grown; its room in *cap): two aligner tokens of one original token
 * give one link (the more probable).  Reads w only, so threads with
 * their own lk may call it side by side (xp_wa_write). */
static int links_in(const xp_wa *w, int d, size_t s, xp_link **lk, size_t *cap, size_t *n)
{
	uint64_t fo = w->ooff[!d][s], fn = w->ooff[!d][s + 1] - fo, eo = w->ooff[d][s];
	if (xp_grow(lk, cap, fn + 1, sizeof **lk))
		return -1;
	xp_link *v = *lk;
	/* the padding too: a caller may compare links as bytes (test_spans) */
	memset(v, 0, (fn + 1) * sizeof *v);
	size_t m = 0;
	for (uint64_t j = 0; j < fn; j++) {
		uint32_t b = w->best[d][fo + j];
		if (!b)
			continue;
		uint32_t oi = w->orig[d][eo + b - 1], oj = w->orig[!d][fo + j];
		v[m++] = d ? (xp_link){oj, oi, w->prob[d][fo + j], 0} : (xp_link){oi, oj, w->prob[d][fo + j], 0};
	}
	qsort(v, m, sizeof *v, cmp_link);
	size_t u = 0;
	for (size_t k = 0; k < m; k++)
		if (!u || v[k].i != v[u - 1].i || v[k].j != v[u - 1].j)
			v[u++] = v[k];
	*n = u;
	return 0;
}

static int links_of(xp_wa *w, int d, size_t s, size_t *n)
{
	return links_in(w, d, s, &w->lk[d], &w->cap_lk[d], n);
}

int xp_wa_links(xp_wa *w, size_t s, const xp_link **fwd, size_t *nf, const xp_link **rev,
		size_t *nr, xp_err *err)
{
	if (s >= w->nout || !w->best[0] || !w->best[1])
		return xp_failc(err, XP_EUSAGE, "", 0, "no such aligned pair: %zu", s);
	if (links_of(w, 0, s, nf) || links_of(w, 1, s, nr))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	*fwd = w->lk[0];
	*rev = w->lk[1];
	return 0;
}

int xp_wa_all_links(xp_wa *w, size_t s, xp_walign *out, xp_err *err)
{
	if (s >= w->nout || !w->coff[0] || !w->coff[1])
		return xp_failc(err, XP_EUSAGE, "", 0, "no candidate links kept for pair %zu", s);
	/* each direction's candidates as (source, target) in original
	 * indices, prob the direction's posterior, possible = the direction */
	size_t m = 0;
	for (int d = 0; d < 2; d++) {
		uint64_t fo = w->ooff[!d][s], fn = w->ooff[!d][s + 1] - fo, eo = w->ooff[d][s];
		uint64_t a = w->coff[d][fo], b = w->coff[d][fo + fn];
		if (xp_grow(&w->lk[0], &w->cap_lk[0], m + (b - a) + 1, sizeof *w->lk[0]))
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		for (uint64_t j = 0, c = a; j < fn; j++) {
			uint64_t e = w->coff[d][fo + j + 1];
			for (; c < e; c++) {
				uint32_t oi = w->orig[d][eo + w->cand[d][c].i - 1], oj = w->orig[!d][fo + j];
				w->lk[0][m++] = d ? (xp_link){oj, oi, w->cand[d][c].p, 1}
						  : (xp_link){oi, oj, w->cand[d][c].p, 0};
			}
		}
	}
	xp_link *v = w->lk[0];
	qsort(v, m, sizeof *v, cmp_link);
	size_t u = 0;
	for (size_t k = 0; k < m;) {
		/* the largest posterior of each direction for this (i, j) */
		float best[2] = {0, 0};
		size_t e = k;
		for (; e < m && v[e].i == v[k].i && v[e].j == v[k].j; e++)
			if (v[e].prob > best[v[e].possible])
				best[v[e].possible] = v[e].prob;
		float p = (best[0] + best[1]) / 2;
		if (p >= w->o.all_floor)
			v[u++] = (xp_link){v[k].i, v[k].j, p, 0};
		k = e;
	}
	if (xp_walign_add(out, v, u))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	out->has_probs = 1;
	return 0;
}

int xp_wa_collect(xp_wa *w, xp_sym how, xp_walign *fwd, xp_walign *rev, xp_walign *sym, xp_err *err)
{
	wa_clock c = clock_begin();
	for (size_t k = 0; k < w->nout; k++) {
		const xp_link *f, *r;
		size_t nf, nr;
		if (xp_wa_links(w, k, &f, &nf, &r, &nr, err))
			return -1;
		if (xp_walign_add(fwd, f, nf) || xp_walign_add(rev, r, nr) || xp_symmetrize_pair(f, nf, r, nr, how, w->o.one_way, sym))
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	fwd->has_probs = rev->has_probs = sym->has_probs = 1;
	clock_end(w, WA_PH_LINKS, c);
	return 0;
}

/* Pairs whose links xp_wa_write holds at a time: a few MB of text */
#define WA_WRITE_CHUNK 4096

/* A chunk of pairs [s0, s1) for xp_wa_write: its links (symmetrised,
 * forward, reverse: the ones wanted) and their text for each sink, made
 * by the calling thread or a helper, each chunk with its own scratch. */
typedef struct wa_wchunk {
	const xp_wa *w;
	xp_sym how;
	const xp_wa_sink *out;
	size_t n, s0, s1;
	int want[3];
	xp_walign a[3];
	xp_buf *b;                 /* a sink's text */
	xp_link *lk[2];
	size_t cap_lk[2];
	int rc;                    /* 0, or -1: out of memory */
} wa_wchunk;

static void *chunk_make(void *arg)
{
	wa_wchunk *c = arg;
	const xp_wa *w = c->w;
	for (int x = 0; x < 3; x++)
		c->a[x].nsent = c->a[x].nlinks = 0;
	c->rc = 0;
	for (size_t s = c->s0; s < c->s1 && !c->rc; s++) {
		size_t nf, nr;
		if (links_in(w, 0, s, &c->lk[0], &c->cap_lk[0], &nf) || links_in(w, 1, s, &c->lk[1], &c->cap_lk[1], &nr) ||
		    (c->want[XP_WA_FWD] && xp_walign_add(&c->a[XP_WA_FWD], c->lk[0], nf)) ||
		    (c->want[XP_WA_REV] && xp_walign_add(&c->a[XP_WA_REV], c->lk[1], nr)) ||
		    (c->want[XP_WA_SYM] && xp_symmetrize_pair(c->lk[0], nf, c->lk[1], nr, c->how, w->o.one_way, &c->a[XP_WA_SYM])))
			c->rc = -1;
	}
	for (size_t k = 0; k < c->n && !c->rc; k++) {
		c->b[k].n = 0;
		if (c->out[k].probs)
			xp_probs_write(&c->b[k], &c->a[c->out[k].links]);
		else
			xp_pharaoh_write(&c->b[k], &c->a[c->out[k].links], 0);
		if (c->b[k].oom)
			c->rc = -1;
	}
	return NULL;
}

/* The links of every pair to align, written to the n sinks a chunk at a
 * time.  With two threads or more, two chunks are made at once (at 1M
 * pairs the links, their symmetrising and their text take 7 s, the one
 * thread working while the others have finished), and written in order:
 * the same bytes as one thread's. */
int xp_wa_write(xp_wa *w, xp_sym how, const xp_wa_sink *out, size_t n, xp_err *err)
{
	wa_wchunk ch[2];
	int two = threads_for(w->o.threads) > 1 && w->nout > WA_WRITE_CHUNK;
	memset(ch, 0, sizeof ch);
	for (int h = 0; h < 2; h++) {
		ch[h].w = w, ch[h].how = how, ch[h].out = out, ch[h].n = n;
		for (size_t k = 0; k < n; k++)
			ch[h].want[out[k].links] = 1;
	}
	wa_clock c = clock_begin();
	int rc = 0;
	if (!(ch[0].b = calloc(n + 1, sizeof *ch[0].b)) || !(ch[1].b = calloc(n + 1, sizeof *ch[1].b)))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t s0 = 0; s0 < w->nout && !rc; s0 += (size_t)(1 + two) * WA_WRITE_CHUNK) {
		for (int h = 0; h < 2; h++) {
			size_t a = s0 + (size_t)h * WA_WRITE_CHUNK;
			ch[h].s0 = a < w->nout ? a : w->nout;
			ch[h].s1 = w->nout - ch[h].s0 > WA_WRITE_CHUNK ? ch[h].s0 + WA_WRITE_CHUNK : w->nout;
		}
		if (!two)
			ch[1].s1 = ch[1].s0;
		pthread_t t;
		int helper = ch[1].s0 < ch[1].s1 && pthread_create(&t, NULL, chunk_make, &ch[1]) == 0;
		chunk_make(&ch[0]);
		if (helper)
			pthread_join(t, NULL);
		else if (ch[1].s0 < ch[1].s1)
			chunk_make(&ch[1]);
		for (int h = 0; h < 2 && !rc; h++) {
			if (ch[h].s0 == ch[h].s1)
				continue;
			if (ch[h].rc)
				rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
			for (size_t k = 0; k < n && !rc; k++)
				if (out[k].put(out[k].pctx, ch[h].b[k].p, ch[h].b[k].n))
					rc = xp_failc(err, XP_EIO, "", 0, "cannot write the links");
		}
	}
	for (int h = 0; h < 2; h++) {
		for (int x = 0; x < 3; x++)
			xp_walign_free(&ch[h].a[x]);
		for (size_t k = 0; ch[h].b && k < n; k++)
			xp_buf_free(&ch[h].b[k]);
		free(ch[h].b), free(ch[h].lk[0]), free(ch[h].lk[1]);
	}
	clock_end(w, WA_PH_LINKS, c);
	return rc;
}

size_t xp_wa_phases(const xp_wa *w, xp_wa_phase *out, size_t max)
{
	size_t n = 0;
	for (int k = 0; k < WA_NPHASES && n < max; k++)
		out[n++] = (xp_wa_phase){phase_name[k], w->ph_wall[k], w->ph_cpu[k], w->ph_peak[k]};
	return n;
}

int xp_wordalign(const xp_bitext *b, const xp_wa_opts *o, xp_walign *fwd, xp_walign *rev,
		 xp_err *err)
{
	xp_wa *w;
	if (xp_wa_new(&w, o, err))
		return -1;
	int rc = xp_wa_add_bitext(w, b, err) || xp_wa_run(w, err);
	for (size_t s = 0; !rc && s < w->nout; s++) {
		const xp_link *f, *r;
		size_t nf, nr;
		rc = xp_wa_links(w, s, &f, &nf, &r, &nr, err);
		if (!rc && (xp_walign_add(fwd, f, nf) || xp_walign_add(rev, r, nr)))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	fwd->has_probs = rev->has_probs = 1;
	xp_wa_free(w);
	return rc ? -1 : 0;
}

int xp_wa_dict_fits(const char *dict, int tgt_first, const char *const lang[2], xp_err *err)
{
	char dl[2][4];
	if (!xp_dictd_langs(dict, dl))
		return 0;
	int fits = 1, swapped = 1;
	for (int d = 0; d < 2; d++) {
		fits &= xp_lang_same(dl[d], lang[d]) != 0;
		swapped &= xp_lang_same(dl[d], lang[d ^ 1]) != 0;
	}
	/* a CEDICT file's format says which side is which (its headwords are
	 * the target's, its glosses the source's), whichever order its name
	 * gives the two languages in: either order fits the run, only a name
	 * of another pair is refused */
	if (fits || (tgt_first && swapped))
		return 0;
	swapped = 1;
	for (int d = 0; d < 2; d++)
		swapped &= xp_lang_same(dl[d], lang[d ^ 1]) == 1;
	return xp_failc(err, XP_EINPUT, dict, 0,
			"a dictionary of %s-%s (its name says), the pairs are %s-%s: %s would give the "
			"aligner's lexical model other words' pairs (--dict): nothing is written",
			dl[0], dl[1], lang[0], lang[1],
			swapped ? "the pair the other way round (its headwords are the target's)"
				: "a dictionary of another language pair");
}

int xp_wa_dict_nonempty(const char *dict, size_t pairs, size_t unseen, size_t entries, xp_err *err)
{
	if (pairs || unseen)
		return 0;
	return xp_failc(err, XP_EINPUT, dict, 0, "no pair in this dictionary (%zu entr%s read: %s): the run "
			"would be one without it (--dict): nothing is written", entries, entries == 1 ? "y" : "ies",
			entries ? "none gives a translation the reading keeps" : "an empty file, or comments only?");
}
