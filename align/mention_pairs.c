/* align/mention_pairs.c — mention-level training pairs from a projected or
 * corrected target corpus; see mention_pairs.h. */
#include "mention_pairs.h"
#include "../io/bitext.h"
#include "../lang/script.h"
#include "../model/tokenize.h"

#include <stdlib.h>
#include <string.h>

/* A sentence pair whose distinct English clusters times distinct target
 * clusters exceed this adds no evidence to the cluster matching: the
 * evidence grows with that product, and a line of dialogue with 64
 * entities on both sides is not one (it keeps a hostile file linear). */
#define CROWDED 4096

/* --- mentions by utterance ------------------------------------------------ */

/* The mentions of utterance u are idx[first[u] .. first[u + 1]), whatever
 * order the document keeps them in (a counting sort). */
typedef struct by_utt {
	uint32_t *first, *idx;
} by_utt;

static void by_utt_free(by_utt *b)
{
	free(b->first), free(b->idx);
	b->first = b->idx = NULL;
}

static int by_utt_init(by_utt *b, const xp_doc *d)
{
	b->first = calloc(d->nutts + 2, sizeof *b->first);
	b->idx = malloc((d->nmentions + 1) * sizeof *b->idx);
	if (!b->first || !b->idx)
		return by_utt_free(b), -1;
	for (size_t m = 0; m < d->nmentions; m++)
		if (d->mentions[m].utt < d->nutts)
			b->first[d->mentions[m].utt + 2]++;
	for (size_t u = 0; u < d->nutts; u++)
		b->first[u + 2] += b->first[u + 1];
	/* first[u + 1] is now where utterance u starts: fill it as a cursor,
	 * after which it is where u ends, i.e. where u + 1 starts */
	for (size_t m = 0; m < d->nmentions; m++)
		if (d->mentions[m].utt < d->nutts)
			b->idx[b->first[d->mentions[m].utt + 1]++] = (uint32_t)m;
	return 0;
}

/* --- cluster ranks -------------------------------------------------------- */

typedef struct lab {
	long long label;
	uint32_t i;
} lab;

static int cmp_lab(const void *a, const void *b)
{
	const lab *x = a, *y = b;
	if (x->label != y->label)
		return x->label < y->label ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* rank[c]: cluster c's place in label order; inv[r]: the cluster at place r */
static int ranks(const xp_doc *d, uint32_t **rank, uint32_t **inv)
{
	size_t n = d->nclusters;
	lab *l = malloc((n + 1) * sizeof *l);
	*rank = malloc((n + 1) * sizeof **rank);
	*inv = malloc((n + 1) * sizeof **inv);
	if (!l || !*rank || !*inv)
		return free(l), -1;
	for (size_t c = 0; c < n; c++)
		l[c] = (lab){d->clusters[c].label, (uint32_t)c};
	qsort(l, n, sizeof *l, cmp_lab);
	for (size_t r = 0; r < n; r++)
		(*rank)[l[r].i] = (uint32_t)r, (*inv)[r] = l[r].i;
	free(l);
	return 0;
}

/* --- the matching ----------------------------------------------------------
 *
 * WHY THIS MATCHING.  A target mention keeps its English mention's entity,
 * so a target cluster T and the English cluster E it came from have
 * mentions in the same paired sentences; the weight of (E, T) is the
 * number of paired sentences where both have one.  Co-occurrence alone
 * cannot decide much, though: most clusters are a single mention, and in a
 * sentence with three English singletons and three target ones every
 * assignment has the same weight.  What decides is the order of the
 * labels.  MMC numbers a target's clusters 0, 1, 2, ... in the order of the
 * English clusters they came from, skipping those that lost every mention
 * (English 0 1 2 3 4 -> target 0 1 2 3 when cluster 2 was lost), and xproj's
 * own files (`project`, `db export`) keep the English labels.  Either way
 * the two label orders agree, so the matching is the heaviest chain of
 * pairs increasing in both label orders (a weighted longest common
 * subsequence of the two cluster sequences, O(K log K) over the K pairs
 * that co-occur at all), and a lost cluster shows as a gap.  Where it still
 * cannot decide (three English singletons in a sentence, two target ones
 * and nothing around to say which one was lost), several chains are
 * heaviest: a pair that lies on some heaviest chain while its target or its
 * English cluster lies on another heaviest chain with another partner is
 * ambiguous, and none of its mentions is used.  A target whose labels do
 * not follow the English order loses matches here (they show as
 * "unmatched" in the counts); none of the formats xproj reads does that.
 */

typedef struct cpair {
	uint32_t e, t;      /* ranks */
	uint32_t w;
	int32_t prev;       /* the heaviest chain ending here comes from prev */
	uint64_t f, b;      /* heaviest chain ending here, starting here */
} cpair;

static int cmp_cpair(const void *a, const void *b)
{
	const cpair *x = a, *y = b;
	if (x->e != y->e)
		return x->e < y->e ? -1 : 1;
	return (x->t < y->t) - (x->t > y->t);   /* t descending: two pairs of one e never chain */
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* a Fenwick tree of prefix maxima, each with the pair it came from */
typedef struct fw {
	uint64_t v;
	int32_t p;
} fw;

static void fw_set(fw *f, size_t n, size_t i, uint64_t v, int32_t p)
{
	for (i++; i <= n; i += i & -i)
		if (v > f[i - 1].v)
			f[i - 1] = (fw){v, p};
}

static fw fw_max(const fw *f, size_t i)   /* over places [0, i) */
{
	fw r = {0, -1};
	for (; i > 0; i -= i & -i)
		if (f[i - 1].v > r.v)
			r = f[i - 1];
	return r;
}

/* The distinct cluster ranks of utterance u's mentions into out; their count. */
static size_t clusters_of(const xp_doc *d, const by_utt *b, size_t u, const uint32_t *rank, uint32_t *out)
{
	size_t n = 0;
	for (uint32_t k = b->first[u]; k < b->first[u + 1]; k++)
		out[n++] = rank[d->mentions[b->idx[k]].cluster];
	qsort(out, n, sizeof *out, cmp_u32);
	size_t m = 0;
	for (size_t k = 0; k < n; k++)
		if (!m || out[m - 1] != out[k])
			out[m++] = out[k];
	return m;
}

int xp_cluster_match(const xp_doc *en, const xp_doc *tgt, const int32_t *tgt_of, int32_t *match,
		     xp_cmatch_stats *st)
{
	size_t nE = en->nclusters, nT = tgt->nclusters, K = 0, cap = 0;
	uint32_t *rankE = NULL, *invE = NULL, *rankT = NULL, *invT = NULL, *ce = NULL, *ct = NULL;
	uint32_t *cntE = NULL, *cntT = NULL;
	cpair *P = NULL;
	fw *F = NULL;
	by_utt be = {0}, bt = {0};
	int rc = -1;
	for (size_t c = 0; c < nT; c++)
		match[c] = XP_CM_NONE;
	if (ranks(en, &rankE, &invE) || ranks(tgt, &rankT, &invT) || by_utt_init(&be, en) || by_utt_init(&bt, tgt))
		goto out;
	ce = malloc((en->nmentions + 1) * sizeof *ce);
	ct = malloc((tgt->nmentions + 1) * sizeof *ct);
	if (!ce || !ct)
		goto out;
	for (size_t i = 0; i < en->nutts; i++) {
		int32_t j = tgt_of[i];
		if (j < 0 || (size_t)j >= tgt->nutts)
			continue;
		size_t ne = clusters_of(en, &be, i, rankE, ce), nt = clusters_of(tgt, &bt, (size_t)j, rankT, ct);
		if (!ne || !nt)
			continue;
		if (ne * nt > CROWDED) {
			st->crowded++;
			continue;
		}
		if (xp_grow(&P, &cap, K + ne * nt, sizeof *P))
			goto out;
		for (size_t a = 0; a < ne; a++)
			for (size_t b = 0; b < nt; b++)
				P[K++] = (cpair){ce[a], ct[b], 1, -1, 0, 0};
	}
	/* one pair per (e, t), weighed by its sentences */
	if (K)
		qsort(P, K, sizeof *P, cmp_cpair);
	size_t n = 0;
	for (size_t k = 0; k < K; k++) {
		if (n && P[n - 1].e == P[k].e && P[n - 1].t == P[k].t)
			P[n - 1].w++;
		else
			P[n++] = P[k];
	}
	F = calloc(nT + 1, sizeof *F);
	cntE = calloc(nE + 1, sizeof *cntE);
	cntT = calloc(nT + 1, sizeof *cntT);
	if (!F || !cntE || !cntT)
		goto out;
	/* heaviest chains ending at each pair (P is in e order, t descending
	 * within an e), then starting at each (the reverse order, on the
	 * mirrored t places) */
	uint64_t best = 0;
	int32_t end = -1;
	for (size_t k = 0; k < n; k++) {
		fw q = fw_max(F, P[k].t);
		P[k].f = P[k].w + q.v, P[k].prev = q.p;
		fw_set(F, nT, P[k].t, P[k].f, (int32_t)k);
		if (P[k].f > best)
			best = P[k].f, end = (int32_t)k;
	}
	memset(F, 0, (nT + 1) * sizeof *F);
	for (size_t k = n; k-- > 0;) {
		size_t r = nT - 1 - P[k].t;
		P[k].b = P[k].w + fw_max(F, r).v;
		fw_set(F, nT, r, P[k].b, (int32_t)k);
	}
	/* how many heaviest-chain partners each cluster has */
	for (size_t k = 0; k < n; k++)
		if (P[k].f + P[k].b - P[k].w == best)
			cntE[P[k].e]++, cntT[P[k].t]++;
	for (int32_t k = end; k >= 0; k = P[k].prev)
		match[invT[P[k].t]] = cntE[P[k].e] == 1 && cntT[P[k].t] == 1 ? (int32_t)invE[P[k].e] : XP_CM_AMBIGUOUS;
	for (size_t c = 0; c < nT; c++) {
		if (match[c] == XP_CM_NONE && cntT[rankT[c]])
			match[c] = XP_CM_AMBIGUOUS;
		st->clusters++;
		st->matched += match[c] >= 0;
		st->ambiguous += match[c] == XP_CM_AMBIGUOUS;
		st->unmatched += match[c] == XP_CM_NONE;
	}
	rc = 0;
out:
	free(rankE), free(invE), free(rankT), free(invT), free(ce), free(ct), free(P), free(F);
	free(cntE), free(cntT);
	by_utt_free(&be), by_utt_free(&bt);
	return rc;
}

/* --- the pairs ------------------------------------------------------------ */

typedef struct writer {
	const xp_doc *en, *tgt;
	int words, unspaced;
	const char *lang;
	xp_tok *wt;               /* the paired sentence's words (words mode) */
	uint32_t nwt;
	size_t capwt;
	int have_words;
	xp_buf *out;
} writer;

/* a mention of one side of a sentence pair, with what it is sorted by */
typedef struct mref {
	uint32_t cluster, start, end, m;
} mref;

static int cmp_mref(const void *a, const void *b)
{
	const mref *x = a, *y = b;
	if (x->cluster != y->cluster)
		return x->cluster < y->cluster ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->end > y->end) - (x->end < y->end);
}

/* utterance u's mentions into v, sorted by cluster; their count */
static size_t mentions_of(const xp_doc *d, const by_utt *b, size_t u, mref *v)
{
	size_t n = 0;
	for (uint32_t k = b->first[u]; k < b->first[u + 1]; k++) {
		const xp_mention *m = &d->mentions[b->idx[k]];
		v[n++] = (mref){m->cluster, m->start, m->end, b->idx[k]};
	}
	qsort(v, n, sizeof *v, cmp_mref);
	return n;
}

/* the bytes of mention m's tokens in its utterance text */
static const char *span_text(const xp_doc *d, const xp_mention *m, size_t *len)
{
	const xp_utt *u = &d->utts[m->utt];
	uint32_t a = u->toks[m->start].off, b = u->toks[m->end - 1].off + u->toks[m->end - 1].len;
	*len = b - a;
	return u->text + a;
}

/* every mention of v[0..n) reads the same */
static int same_text(const xp_doc *d, const mref *v, size_t n)
{
	size_t l0, l;
	const char *s0 = span_text(d, &d->mentions[v[0].m], &l0);
	for (size_t k = 1; k < n; k++) {
		const char *s = span_text(d, &d->mentions[v[k].m], &l);
		if (l != l0 || memcmp(s, s0, l))
			return 0;
	}
	return 1;
}

static void put_tokens(xp_buf *out, const xp_utt *u, uint32_t start, uint32_t end)
{
	for (uint32_t k = start; k < end; k++) {
		uint32_t n;
		const char *w = xp_tok_str(u, k, &n);
		if (k > start)
			xp_buf_putc(out, ' ');
		xp_bitext_put_token(out, w, n);
	}
}

/* The target span in the ICU words of its sentence's text, each word cut
 * at the span's edges (a span of MMC's Chinese characters may begin or end
 * inside a word): the tokens the aligner saw in the sentence's own bitext
 * line, as far as the span reaches. */
static int put_words(writer *W, const xp_autt *r, const xp_mention *m)
{
	const xp_utt *u = &W->tgt->utts[m->utt];
	if (!W->have_words) {
		if (xp_tokenize(r->tgt_text, strlen(r->tgt_text), XP_TOK_WORDS, W->lang, &W->wt, &W->nwt, &W->capwt))
			return -1;
		W->have_words = 1;
	}
	/* the span's bytes in tgt_text: the file's tokens joined by a space,
	 * or by nothing in a language written without spaces (align/pair.c) */
	size_t at = 0, a = 0, b = 0, gap = W->unspaced ? 0 : 1;
	for (uint32_t k = 0; k < m->end; k++) {
		if (k == m->start)
			a = at;
		at += u->toks[k].len;
		if (k + 1 == m->end)
			b = at;
		at += gap;
	}
	/* blanks only: cannot be, the span has tokens; keep the line well formed */
	if (!xp_bitext_put_cut(W->out, r->tgt_text, W->wt, W->nwt, a, b))
		xp_bitext_put_token(W->out, "", 0);
	return 0;
}

static int write_pair(writer *W, const xp_autt *r, const xp_mention *e, const xp_mention *t)
{
	put_tokens(W->out, &W->en->utts[e->utt], e->start, e->end);
	xp_buf_puts(W->out, " ||| ");
	if (W->words) {
		if (put_words(W, r, t))
			return -1;
	} else {
		put_tokens(W->out, &W->tgt->utts[t->utt], t->start, t->end);
	}
	xp_buf_putc(W->out, '\n');
	return 0;
}

/* a pair found in a sentence: written in the order of the target spans */
typedef struct link {
	uint32_t start, end, e, t;   /* the target span; the two mentions */
} link;

static int cmp_link(const void *a, const void *b)
{
	const link *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->t > y->t) - (x->t < y->t);
}

/* The mentions of English utterance i and target sentence j, sorted by
 * cluster, and the pairs between them.  Several mentions of one entity on
 * each side (nE English, nT target) are paired when the lines written do
 * not depend on who goes with whom: every target mention reads the same
 * and each English one finds one (nE <= nT), or the other way round;
 * then the k-th goes with the k-th, and the unpaired rest is skipped. */
static int sentence(writer *W, const xp_autt *r, const by_utt *be, const by_utt *bt, size_t i, size_t j,
		    const int32_t *match, mref *ve, mref *vt, link *lk, xp_mpairs_stats *st)
{
	const xp_doc *en = W->en, *tg = W->tgt;
	size_t ne = mentions_of(en, be, i, ve), nt = mentions_of(tg, bt, j, vt), nl = 0;
	W->have_words = 0;
	for (size_t a = 0; a < nt;) {
		size_t b = a;
		uint32_t T = vt[a].cluster;
		while (b < nt && vt[b].cluster == T)
			b++;
		size_t nT = b - a, nE = 0, e0 = 0;
		st->tgt_mentions += nT;
		int32_t E = match[T];
		if (E == XP_CM_AMBIGUOUS) {
			st->ambiguous += nT;
			st->ambiguous_cluster += nT;
			a = b;
			continue;
		}
		if (E >= 0) {   /* English mentions of E in utterance i: ve[e0 .. e0 + nE) */
			while (e0 < ne && ve[e0].cluster < (uint32_t)E)
				e0++;
			while (e0 + nE < ne && ve[e0 + nE].cluster == (uint32_t)E)
				nE++;
		}
		if (!nE) {
			st->skipped += nT;
		} else if ((nE <= nT && same_text(tg, vt + a, nT)) || (nT <= nE && same_text(en, ve + e0, nE))) {
			size_t w = nE < nT ? nE : nT;
			for (size_t k = 0; k < w; k++)
				lk[nl++] = (link){vt[a + k].start, vt[a + k].end, ve[e0 + k].m, vt[a + k].m};
			st->written += w;
			st->skipped += nT - w;
		} else {
			st->ambiguous += nT;
		}
		a = b;
	}
	qsort(lk, nl, sizeof *lk, cmp_link);
	for (size_t k = 0; k < nl; k++)
		if (write_pair(W, r, &en->mentions[lk[k].e], &tg->mentions[lk[k].t]))
			return -1;
	return W->out->oom ? -1 : 0;
}

int xp_mention_pairs(const xp_corpus *en, const xp_corpus *tgt, const xp_pair_opts *o, xp_buf *out,
		     xp_mpairs_stats *st, xp_err *err)
{
	memset(st, 0, sizeof *st);
	xp_aligned al = {0};
	/* one record per English utterance, as below reads them: the MMC-style
	 * pairing, never n:m links */
	xp_pair_opts po = *o;
	po.links = XP_PAIR_LINKS_SUBSET;
	o = &po;
	if (xp_pair(en, tgt, o, &al, &st->pair, err))
		return xp_aligned_free(&al), -1;
	writer W = {.out = out, .words = o->tokens == XP_PAIR_TOKENS_WORDS, .lang = st->pair.tgt_lang,
		    .unspaced = xp_lang_unspaced(st->pair.tgt_lang)};
	xp_doc_index tx = {0};
	int32_t *tgt_of = NULL, *match = NULL;
	mref *ve = NULL, *vt = NULL;
	link *lk = NULL;
	by_utt be = {0}, bt = {0};
	int rc = 0;
	if (xp_doc_index_init(&tx, tgt))
		goto oom;
	/* xp_pair wrote one record per English utterance, document after document */
	size_t rec = 0;
	for (size_t d = 0; d < en->ndocs; rec += en->docs[d].nutts, d++) {
		const xp_doc *e = &en->docs[d];
		size_t td = xp_doc_index_find(&tx, e->id, e->part);
		if (td == SIZE_MAX)
			continue;
		const xp_doc *t = &tgt->docs[td];
		W.en = e, W.tgt = t;
		free(tgt_of), free(match), free(ve), free(vt), free(lk);
		by_utt_free(&be), by_utt_free(&bt);
		tgt_of = malloc((e->nutts + 1) * sizeof *tgt_of);
		match = malloc((t->nclusters + 1) * sizeof *match);
		ve = malloc((e->nmentions + 1) * sizeof *ve);
		vt = malloc((t->nmentions + 1) * sizeof *vt);
		lk = malloc((t->nmentions + 1) * sizeof *lk);
		if (!tgt_of || !match || !ve || !vt || !lk || by_utt_init(&be, e) || by_utt_init(&bt, t))
			goto oom;
		for (size_t i = 0; i < e->nutts; i++) {
			const xp_autt *r = &al.v[rec + i];
			tgt_of[i] = r->ntgt_subs ? (int32_t)r->tgt_subs[0] : -1;
		}
		if (xp_cluster_match(e, t, tgt_of, match, &st->clusters))
			goto oom;
		for (size_t i = 0; i < e->nutts; i++)
			if (tgt_of[i] >= 0 &&
			    sentence(&W, &al.v[rec + i], &be, &bt, i, (size_t)tgt_of[i], match, ve, vt, lk, st))
				goto oom;
	}
	goto done;
oom:
	rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing mentions");
done:
	free(tgt_of), free(match), free(ve), free(vt), free(lk), free(W.wt);
	by_utt_free(&be), by_utt_free(&bt);
	xp_doc_index_free(&tx);
	xp_aligned_free(&al);
	return rc;
}
