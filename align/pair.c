/* align/pair.c — pairing a released target corpus with its English corpus;
 * see pair.h. */
#include "pair.h"
#include "../base/vocab.h"
#include "../base/text.h"
#include "../lang/lang.h"
#include "../lang/script.h"
#include "../model/tokenize.h"
#include "sentalign.h"
#include "norm.h"
#include "wordalign.h"
#include "../io/bitext.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void xp_pair_defaults(xp_pair_opts *o)
{
	memset(o, 0, sizeof *o);
	o->tokens = XP_PAIR_TOKENS_FILE;
	/* a speaker mismatch costs as much as a length ratio off by e^4: it
	 * happens only where the release's speaker column was edited */
	o->speaker_penalty = -8.0;
}

/* --- what the scores look at ------------------------------------------------------ */

typedef struct side {
	double len;          /* content length: words, or characters for unspaced languages */
	int question;
	const char *speaker;
} side;

static int holds(const char *w, uint32_t n, const char *s)
{
	size_t k = strlen(s);
	for (uint32_t i = 0; i + k <= n; i++)
		if (!memcmp(w + i, s, k))
			return 1;
	return 0;
}

static void describe(const xp_utt *u, int unspaced, side *s)
{
	char tmp[512];
	memset(s, 0, sizeof *s);
	s->speaker = u->speaker;
	for (uint32_t k = 0; k < u->ntoks; k++) {
		uint32_t n;
		const char *w = xp_tok_str(u, k, &n);
		s->question |= holds(w, n, "?") || holds(w, n, "\xEF\xBC\x9F") || holds(w, n, "\xD8\x9F"); /* ？ ؟ */
		if (n < sizeof tmp) {
			memcpy(tmp, w, n);
			tmp[n] = 0;
			if (xp_is_punct(tmp))
				continue;
		}
		s->len += unspaced ? (double)xp_utf8_count(w, n) : 1;
	}
}

/* Latin words and numbers of the target that the English says too:
 * names kept in Latin letters, figures */
static int shared_latin(const xp_utt *e, const xp_utt *t)
{
	int hits = 0;
	for (uint32_t k = 0; k < t->ntoks && hits < 2; k++) {
		uint32_t n;
		const char *w = xp_tok_str(t, k, &n);
		int ascii = n >= 2 || (n == 1 && isdigit((unsigned char)w[0]));
		for (uint32_t i = 0; i < n && ascii; i++)
			ascii = isalnum((unsigned char)w[i]);
		for (uint32_t i = 0; ascii && i < e->ntoks; i++) {
			uint32_t m;
			const char *v = xp_tok_str(e, i, &m);
			if (m == n && !strncasecmp(v, w, n)) {
				hits++;
				break;
			}
		}
	}
	return hits;
}

static int same_speaker(const char *a, const char *b)
{
	if (!a[0] || !b[0] || !strcmp(a, "-") || !strcmp(b, "-"))
		return -1;   /* unknown: no evidence either way */
	return !strcasecmp(a, b);
}

/* --- the dynamic programme ------------------------------------------------------- */

typedef struct model {
	double mu, sigma;        /* of log((target length + 1) / (English length + 1)) */
	double has, skip;        /* log prior of an utterance having a target, and not */
	double speaker_penalty;
} model;

typedef struct doc_pair {
	const xp_doc *e, *t;
	side *es, *ts;
	double *score;           /* n x m pair scores */
	int32_t *match;          /* per English utterance: its target sentence, or -1 */
	double *conf;            /* per English utterance: the posterior of that pairing */
} doc_pair;

static double pair_score(const model *M, const doc_pair *d, size_t i, size_t j)
{
	const side *e = &d->es[i], *t = &d->ts[j];
	double z = (log((t->len + 1) / (e->len + 1)) - M->mu) / M->sigma;
	double s = M->has - 0.5 * z * z;
	int sp = same_speaker(e->speaker, t->speaker);
	if (sp == 0)
		s += M->speaker_penalty;
	if (e->question && t->question)
		s += 1.0;
	s += 1.5 * shared_latin(&d->e->utts[i], &d->t->utts[j]);
	return s;
}

/* Viterbi for the pairing, forward-backward for its confidences. */
static int solve(const model *M, doc_pair *d)
{
	size_t n = d->e->nutts, m = d->t->nutts, W = m + 1;
	double *V = malloc((n + 1) * W * sizeof *V), *F = malloc((n + 1) * W * sizeof *F);
	double *B = malloc((n + 1) * W * sizeof *B);
	if (!V || !F || !B)
		return free(V), free(F), free(B), -1;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < m; j++)
			d->score[i * m + j] = pair_score(M, d, i, j);
	for (size_t i = 0; i <= n; i++)
		for (size_t j = 0; j <= m; j++) {
			double v = -INFINITY, f = -INFINITY;
			if (i == 0 && j == 0)
				v = f = 0;
			if (i > 0) {
				v = V[(i - 1) * W + j] + M->skip;
				f = F[(i - 1) * W + j] + M->skip;
			}
			if (i > 0 && j > 0) {
				double s = d->score[(i - 1) * m + j - 1];
				double a = V[(i - 1) * W + j - 1] + s;
				if (a > v)
					v = a;
				f = xp_log_add(f, F[(i - 1) * W + j - 1] + s);
			}
			V[i * W + j] = v, F[i * W + j] = f;
		}
	for (size_t i = n + 1; i-- > 0;)
		for (size_t j = m + 1; j-- > 0;) {
			double b = i == n && j == m ? 0 : -INFINITY;
			if (i < n)
				b = xp_log_add(b, B[(i + 1) * W + j] + M->skip);
			if (i < n && j < m)
				b = xp_log_add(b, B[(i + 1) * W + j + 1] + d->score[i * m + j]);
			B[i * W + j] = b;
		}
	/* trace the best path back */
	double Z = F[n * W + m];
	for (size_t i = 0; i < n; i++)
		d->match[i] = -1, d->conf[i] = 0;
	for (size_t i = n, j = m; i > 0;) {
		double s = j > 0 ? d->score[(i - 1) * m + j - 1] : 0;
		if (j > 0 && V[i * W + j] == V[(i - 1) * W + j - 1] + s) {
			d->match[i - 1] = (int32_t)(j - 1);
			d->conf[i - 1] = exp(F[(i - 1) * W + j - 1] + s + B[i * W + j] - Z);
			j--;
		}
		i--;
	}
	free(V), free(F), free(B);
	return 0;
}

/* --- records ---------------------------------------------------------------------- */

/* the target sentence's text: its tokens joined by a space, or by nothing
 * in a language written without spaces */
static int target_text(const xp_utt *t, int unspaced, xp_buf *b)
{
	b->n = 0;
	for (uint32_t k = 0; k < t->ntoks; k++) {
		uint32_t n;
		const char *w = xp_tok_str(t, k, &n);
		if (k && !unspaced)
			xp_buf_putc(b, ' ');
		xp_buf_add(b, w, n);
	}
	xp_buf_putc(b, 0);
	return b->oom ? -1 : 0;
}

/* r's target text as words (lang's word breaks), each a string of out's
 * arena, in r->tgt.  -1 on OOM. */
static int tgt_words(xp_autt *r, const char *lang, xp_aligned *out)
{
	xp_tok *tk = NULL;
	size_t cap = 0;
	uint32_t n = 0;
	if (xp_tokenize(r->tgt_text, strlen(r->tgt_text), XP_TOK_WORDS, lang, &tk, &n, &cap))
		return free(tk), -1;
	r->tgt = xp_aligned_strs(out, r->tgt_text, tk, n);
	r->ntgt = n;
	free(tk);
	return r->tgt ? 0 : -1;
}

static int record(const xp_doc *ed, size_t i, const xp_doc *td, int32_t j, double conf,
		  const xp_pair_opts *o, const char *lang, int unspaced, xp_buf *text, xp_aligned *out)
{
	if (xp_grow(&out->v, &out->cap, out->n + 1, sizeof *out->v))
		return -1;
	xp_autt *r = &out->v[out->n];
	memset(r, 0, sizeof *r);
	xp_arena *A = &out->arena;
	const xp_utt *u = &ed->utts[i];
	r->doc = xp_arena_strdup(A, ed->id);
	r->part = ed->part;
	r->utt = (uint32_t)i;
	r->speaker = xp_arena_strdup(A, u->speaker);
	r->src = xp_aligned_strs(out, u->text, u->toks, u->ntoks);
	r->nsrc = u->ntoks;
	r->tgt_lang = xp_arena_strdup(A, lang);
	r->en_subs = xp_arena_alloc(A, sizeof *r->en_subs);
	r->tgt_subs = xp_arena_alloc(A, sizeof *r->tgt_subs);
	/* no English subtitles here; the target "subtitle" is its transcript line */
	r->en_sub_text = xp_arena_alloc(A, sizeof *r->en_sub_text);
	r->tgt_sub_text = xp_arena_alloc(A, sizeof *r->tgt_sub_text);
	if (!r->doc || !r->speaker || !r->src || !r->tgt_lang || !r->en_subs || !r->tgt_subs || !r->en_sub_text ||
	    !r->tgt_sub_text)
		return -1;
	r->tgt_text = "";
	r->tgt = xp_arena_alloc(A, sizeof *r->tgt);
	if (!r->tgt)
		return -1;
	if (j >= 0) {
		const xp_utt *t = &td->utts[j];
		if (target_text(t, unspaced, text) || !(r->tgt_text = xp_arena_strdup(A, text->p)))
			return -1;
		if (o->tokens == XP_PAIR_TOKENS_FILE) {
			r->tgt = xp_aligned_strs(out, t->text, t->toks, t->ntoks);
			r->ntgt = t->ntoks;
		} else if (tgt_words(r, lang, out))
			return -1;
		if (!r->tgt)
			return -1;
		r->tgt_subs[0] = (uint32_t)j;
		r->tgt_sub_text[0] = r->tgt_text;
		r->ntgt_subs = 1;
		r->score = conf;
	}
	out->n++;
	return 0;
}

static unsigned long first_line(const xp_doc *t)
{
	return t->nutts && t->utts[0].line > 1 ? t->utts[0].line - 1 : 0;   /* its #begin line */
}

/* --- n:m links --------------------------------------------------------------------- */

/* The record of one n:m link with English sentences (ne >= 1): their
 * tokens one after the other, the target sentences' likewise (their texts
 * joined by a space, or nothing in a language written without spaces). */
static int record_link(const xp_doc *ed, const xp_salign_link *L, const xp_doc *td, const xp_pair_opts *o,
		       const char *lang, int unspaced, xp_buf *text, xp_aligned *out)
{
	if (xp_grow(&out->v, &out->cap, out->n + 1, sizeof *out->v))
		return -1;
	xp_autt *r = &out->v[out->n];
	memset(r, 0, sizeof *r);
	xp_arena *A = &out->arena;
	const xp_utt *u = &ed->utts[L->e0];
	uint32_t ns = 0, nt = 0;
	for (uint32_t k = 0; k < L->ne; k++)
		ns += ed->utts[L->e0 + k].ntoks;
	r->doc = xp_arena_strdup(A, ed->id);
	r->part = ed->part;
	r->utt = L->e0;
	r->speaker = xp_arena_strdup(A, u->speaker);
	r->src = xp_arena_alloc(A, (ns + 1) * sizeof *r->src);
	r->tgt_lang = xp_arena_strdup(A, lang);
	r->en_subs = xp_arena_alloc(A, sizeof *r->en_subs);
	r->en_sub_text = xp_arena_alloc(A, sizeof *r->en_sub_text);
	r->tgt_subs = xp_arena_alloc(A, (L->nt + 1) * sizeof *r->tgt_subs);
	r->tgt_sub_text = xp_arena_alloc(A, (L->nt + 1) * sizeof *r->tgt_sub_text);
	if (!r->doc || !r->speaker || !r->src || !r->tgt_lang || !r->en_subs || !r->en_sub_text || !r->tgt_subs ||
	    !r->tgt_sub_text)
		return -1;
	for (uint32_t k = 0; k < L->ne; k++) {
		const xp_utt *v = &ed->utts[L->e0 + k];
		const char **w = xp_aligned_strs(out, v->text, v->toks, v->ntoks);
		if (!w)
			return -1;
		memcpy(r->src + r->nsrc, w, v->ntoks * sizeof *w);
		r->nsrc += v->ntoks;
	}
	if (L->ne > 1) {
		if (!(r->src_utts = xp_arena_alloc(A, L->ne * sizeof *r->src_utts)))
			return -1;
		for (uint32_t k = 0; k < L->ne; k++)
			r->src_utts[k] = L->e0 + k;
		r->nsrc_utts = L->ne;
	}
	/* the target: each sentence's text, then all of them as one */
	xp_buf all = {0};
	for (uint32_t k = 0; k < L->nt; k++) {
		const xp_utt *t = &td->utts[L->t0 + k];
		if (target_text(t, unspaced, text) || !(r->tgt_sub_text[k] = xp_arena_strdup(A, text->p)))
			return xp_buf_free(&all), -1;
		r->tgt_subs[k] = L->t0 + k;
		if (k && !unspaced)
			xp_buf_putc(&all, ' ');
		xp_buf_puts(&all, text->p);
		nt += t->ntoks;
	}
	r->ntgt_subs = L->nt;
	xp_buf_putc(&all, 0);
	r->tgt_text = all.oom ? NULL : xp_arena_strdup(A, all.p);
	xp_buf_free(&all);
	if (!r->tgt_text || !(r->tgt = xp_arena_alloc(A, (nt + 1) * sizeof *r->tgt)))
		return -1;
	if (o->tokens == XP_PAIR_TOKENS_FILE || !L->nt) {
		for (uint32_t k = 0; k < L->nt; k++) {
			const xp_utt *t = &td->utts[L->t0 + k];
			const char **w = xp_aligned_strs(out, t->text, t->toks, t->ntoks);
			if (!w)
				return -1;
			memcpy(r->tgt + r->ntgt, w, t->ntoks * sizeof *w);
			r->ntgt += t->ntoks;
		}
	} else if (tgt_words(r, lang, out))
		return -1;
	r->score = L->nt ? L->conf : 0;
	out->n++;
	return 0;
}

static int has_speakers(const xp_corpus *c)
{
	for (size_t d = 0; d < c->ndocs; d++)
		for (size_t u = 0; u < c->docs[d].nutts; u++) {
			const char *s = c->docs[d].utts[u].speaker;
			if (s && s[0] && strcmp(s, "-"))
				return 1;
		}
	return 0;
}

/* The first pass of --dict-pass: the links every document gets without a
 * dictionary, those with confidence 0.9 or more word-aligned (the built-in
 * aligner, links both directions agree on), and the word pairs linked
 * twice or more kept as anchors (sentalign.h). */
static int first_pass(const xp_corpus *en, const xp_doc **of, const xp_salign_opts *so, const char *lang,
		      xp_salign_dict **out, size_t *npairs, xp_err *err)
{
	xp_buf text = {0};
	*out = NULL;
	*npairs = 0;
	for (size_t d = 0; d < en->ndocs; d++) {
		const xp_doc *e = &en->docs[d], *t = of[d];
		xp_salign_link *L;
		size_t nl;
		if (!t)
			continue;
		int rc = xp_salign(e->utts, e->nutts, t->utts, t->nutts, so, &L, &nl);
		if (rc == -2)
			continue;   /* the second pass names it */
		if (rc)
			return xp_buf_free(&text), xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing");
		for (size_t k = 0; k < nl; k++) {
			const xp_salign_link *x = &L[k];
			if (!x->ne || !x->nt || x->conf < 0.9)
				continue;
			for (int side = 0; side < 2; side++) {
				const xp_doc *D = side ? t : e;
				uint32_t first = side ? x->t0 : x->e0, n = side ? x->nt : x->ne, w = 0;
				for (uint32_t u = first; u < first + n; u++)
					for (uint32_t i = 0; i < D->utts[u].ntoks; i++) {
						uint32_t len;
						const char *s = xp_tok_str(&D->utts[u], i, &len);
						if (w++)
							xp_buf_putc(&text, ' ');
						xp_bitext_put_token(&text, s, len);
					}
				xp_buf_puts(&text, side ? "\n" : " ||| ");
			}
		}
		free(L);
	}
	if (text.oom)
		return xp_buf_free(&text), xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing");
	if (!text.n)
		return xp_buf_free(&text), 0;
	xp_bitext b;
	xp_wa *w = NULL;
	xp_walign f = {0}, r = {0}, s = {0};
	xp_wa_opts wo;
	xp_wa_defaults(&wo);
	wo.threads = 1;
	wo.lowercase = 1;
	wo.lang[0] = "en";
	wo.lang[1] = lang;
	/* a pack's stems for the pair (German's prefix:4) were measured on the
	 * word links projection reads, not on this pass's anchor dictionary:
	 * the pass stays as it was before them (a language's own part, Farsi's
	 * learned stems, as ever) */
	const xp_lang_pack *pk = lang ? xp_lang_find(lang) : NULL;
	if (pk && (pk->stem || pk->src_stem))
		wo.stem[0] = wo.stem[1] = XP_STEM_NONE;
	int rc = xp_bitext_read_mem("the first pass's sentence pairs", text.p, text.n, &b, err);   /* b owns text.p */
	if (!rc)
		rc = xp_wa_new(&w, &wo, err) || xp_wa_add_bitext(w, &b, err) || xp_wa_run(w, err) ||
		     xp_wa_collect(w, XP_SYM_INTERSECT, &f, &r, &s, err) ? -1 : 0;
	xp_salign_dict *D = rc ? NULL : xp_salign_dict_new();
	if (!rc && !D)
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing");
	for (size_t q = 0; !rc && q < s.nsent; q++)
		for (size_t k = s.start[q]; !rc && k < s.start[q + 1]; k++) {
			xp_str a = b.toks[b.src[q] + s.links[k].i], c = b.toks[b.tgt[q] + s.links[k].j];
			if (xp_salign_dict_count(D, a.p, a.n, c.p, c.n))
				rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing");
		}
	if (!rc)
		*npairs = xp_salign_dict_finish(D, 2);
	xp_walign_free(&f), xp_walign_free(&r), xp_walign_free(&s);
	xp_wa_free(w);
	xp_bitext_free(&b);
	if (rc)
		xp_salign_dict_free(D), D = NULL;
	*out = D;
	return rc;
}

/* Every document n:m (of[d]: English document d's target, or NULL). */
static int pair_nm(const xp_corpus *en, const xp_doc **of, const xp_pair_opts *o, int unspaced, xp_aligned *out,
		   xp_pair_stats *st, xp_err *err)
{
	xp_salign_opts so;
	xp_salign_defaults(&so);
	so.anchors = !o->length_only;
	/* the corpus' ratio of characters, steadier than one document's */
	double le = 0, lt = 0;
	for (size_t d = 0; d < en->ndocs; d++)
		for (size_t i = 0; of[d] && i < en->docs[d].nutts + of[d]->nutts; i++)
			if (i < en->docs[d].nutts)
				le += xp_salign_length(&en->docs[d].utts[i]);
			else
				lt += xp_salign_length(&of[d]->utts[i - en->docs[d].nutts]);
	so.ratio = le > 0 && lt > 0 ? lt / le : 1;
	st->ratio = so.ratio;
	st->nm = 1;
	xp_salign_dict *dict = NULL;
	if (o->dict_pass && so.anchors) {
		if (first_pass(en, of, &so, st->tgt_lang, &dict, &st->dict_pairs, err))
			return -1;
		so.dict = dict;
	}
	xp_buf text = {0};
	for (size_t d = 0; d < en->ndocs; d++) {
		const xp_doc *e = &en->docs[d], *t = of[d];
		st->documents++;
		st->src_only_docs += t == NULL;
		st->utterances += e->nutts;
		if (!t) {
			for (size_t i = 0; i < e->nutts; i++)
				if (record(e, i, NULL, -1, 0, o, st->tgt_lang, unspaced, &text, out))
					goto oom;
			continue;
		}
		st->targets += t->nutts;
		xp_salign_link *L;
		size_t nl;
		int rc = xp_salign(e->utts, e->nutts, t->utts, t->nutts, &so, &L, &nl);
		if (rc == -2) {
			xp_buf_free(&text);
			xp_salign_dict_free(dict);
			return xp_failc(err, XP_EINPUT, "", first_line(t), "document %s part %d: %zu x %zu sentences "
					"is more than n:m pairing takes (%zu cells); split the document", t->id, t->part,
					e->nutts, t->nutts, (size_t)XP_SALIGN_MAX_CELLS);
		}
		if (rc)
			goto oom;
		for (size_t k = 0; k < nl; k++) {
			const xp_salign_link *x = &L[k];
			st->link[x->ne][x->nt]++;
			if (!x->ne) {
				st->tgt_alone += x->nt;
				continue;
			}
			if (!x->nt)
				st->src_alone += x->ne;
			else {
				st->paired += x->nt;
				st->conf_sum += x->conf;
				st->unsure += x->conf < 0.9;
			}
			if (record_link(e, x, t, o, st->tgt_lang, unspaced, &text, out)) {
				free(L);
				goto oom;
			}
		}
		free(L);
	}
	xp_buf_free(&text);
	xp_salign_dict_free(dict);
	return 0;
oom:
	xp_buf_free(&text);
	xp_salign_dict_free(dict);
	return xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing");
}

/* --- the corpus ------------------------------------------------------------------- */

static int doc_key(xp_buf *b, const char *id, int part)
{
	b->n = 0;
	xp_buf_printf(b, "%s\t%d", id, part);
	return b->oom ? -1 : 0;
}

static int prepare(doc_pair *d, const xp_doc *e, const xp_doc *t, int unspaced)
{
	size_t n = e->nutts, m = t ? t->nutts : 0;
	memset(d, 0, sizeof *d);
	d->e = e, d->t = t;
	d->es = calloc(n + 1, sizeof *d->es);
	d->ts = calloc(m + 1, sizeof *d->ts);
	d->score = malloc((n * m + 1) * sizeof *d->score);
	d->match = malloc((n + 1) * sizeof *d->match);
	d->conf = calloc(n + 1, sizeof *d->conf);
	if (!d->es || !d->ts || !d->score || !d->match || !d->conf)
		return -1;
	for (size_t i = 0; i < n; i++)
		describe(&e->utts[i], 0, &d->es[i]), d->match[i] = -1;
	for (size_t j = 0; j < m; j++)
		describe(&t->utts[j], unspaced, &d->ts[j]);
	return 0;
}

static void release(doc_pair *d)
{
	free(d->es), free(d->ts), free(d->score), free(d->match), free(d->conf);
	memset(d, 0, sizeof *d);
}

/* The language: given, or from the script of the whole target corpus.  A
 * given one the corpus is not written in (a Chinese corpus as Farsi) is
 * refused (xp_script_fits): it named the wrong pack in every record. */
static int language(const xp_corpus *tgt, const xp_pair_opts *o, xp_pair_stats *st, xp_err *err)
{
	xp_script_counter c;
	xp_script_guess g;
	memset(&c, 0, sizeof c);
	for (size_t d = 0; d < tgt->ndocs; d++)
		for (size_t u = 0; u < tgt->docs[d].nutts; u++) {
			const xp_utt *t = &tgt->docs[d].utts[u];
			xp_script_count(&c, t->text, t->ntoks ? t->toks[t->ntoks - 1].off + t->toks[t->ntoks - 1].len : 0);
		}
	xp_script_result(&c, &g);
	st->script = g.script;
	st->guessed = !(o->tgt_lang && o->tgt_lang[0]);
	st->tgt_lang = st->guessed ? g.lang : o->tgt_lang;
	if (!xp_script_fits(&g, st->tgt_lang))
		return xp_failc(err, XP_EINPUT, "", 0,
				"the target corpus is in the %s script%s%s%s, which --lang %s is not written in (a "
				"corpus of another language, or another code meant?): nothing is written",
				g.script, g.lang[0] ? " (" : "", g.lang, g.lang[0] ? ")" : "", st->tgt_lang);
	return 0;
}

int xp_pair(const xp_corpus *en, const xp_corpus *tgt, const xp_pair_opts *o, xp_aligned *out,
	    xp_pair_stats *st, xp_err *err)
{
	memset(st, 0, sizeof *st);
	if (language(tgt, o, st, err))
		return -1;
	int unspaced = xp_lang_unspaced(st->tgt_lang);
	int nm = o->links == XP_PAIR_LINKS_NM || (o->links == XP_PAIR_LINKS_AUTO && !has_speakers(tgt));
	xp_vocab keys;
	xp_buf key = {0};
	if (xp_vocab_init(&keys, 0))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	/* keys[d] = English document d's (id, part) */
	for (size_t d = 0; d < en->ndocs; d++) {
		if (doc_key(&key, en->docs[d].id, en->docs[d].part))
			goto oom;
		uint32_t id = xp_vocab_id(&keys, key.p, key.n);
		if (id == UINT32_MAX)
			goto oom;
		if (id != d) {
			xp_vocab_free(&keys), xp_buf_free(&key);
			return xp_failc(err, XP_EINPUT, "", 0, "the source has document %s part %d twice",
					en->docs[d].id, en->docs[d].part);
		}
	}
	const xp_doc **of = calloc(en->ndocs + 1, sizeof *of);   /* English doc -> its target doc */
	doc_pair *dp = calloc(en->ndocs + 1, sizeof *dp);
	xp_buf text = {0};
	int rc = 0;
	if (!of || !dp)
		goto oom2;
	for (size_t d = 0; d < tgt->ndocs; d++) {
		const xp_doc *t = &tgt->docs[d];
		if (doc_key(&key, t->id, t->part))
			goto oom2;
		uint32_t id = xp_vocab_find(&keys, key.p, key.n);
		if (id == UINT32_MAX || of[id]) {
			rc = xp_failc(err, id == UINT32_MAX ? XP_ENOTFOUND : XP_EINPUT, "", first_line(t),
				      id == UINT32_MAX ? "target document %s part %d is not in the source"
						       : "the target has document %s part %d twice", t->id, t->part);
			goto done;
		}
		if (!nm && t->nutts > en->docs[id].nutts) {
			rc = xp_failc(err, XP_EINPUT, "", first_line(t), "target document %s part %d has %zu sentences, "
				      "its English document %zu utterances: they cannot be paired one to one "
				      "(--links nm pairs sentences n:m)",
				      t->id, t->part, t->nutts, en->docs[id].nutts);
			goto done;
		}
		of[id] = t;
	}
	if (nm) {
		rc = pair_nm(en, of, o, unspaced, out, st, err);
		goto done;
	}
	/* The model: the prior share of utterances with a target, and the
	 * length ratio, first from the totals, then from a first pairing. */
	model M = {0, 0.6, 0, 0, o->speaker_penalty};
	double le = 0, lt = 0;
	size_t N = 0, Mt = 0;
	for (size_t d = 0; d < en->ndocs; d++) {
		if (!of[d])
			continue;
		if (prepare(&dp[d], &en->docs[d], of[d], unspaced))
			goto oom2;
		N += en->docs[d].nutts, Mt += of[d]->nutts;
		for (size_t i = 0; i < en->docs[d].nutts; i++)
			le += dp[d].es[i].len;
		for (size_t j = 0; j < of[d]->nutts; j++)
			lt += dp[d].ts[j].len;
	}
	double p = N ? (double)Mt / N : 0.5;
	p = p < 0.02 ? 0.02 : p > 0.98 ? 0.98 : p;
	M.has = log(p), M.skip = log(1 - p);
	M.mu = log((lt + Mt + 1) / (p * le + Mt + 1));
	for (int pass = 0; pass < 2; pass++) {
		double s1 = 0, s2 = 0, k = 0;
		for (size_t d = 0; d < en->ndocs; d++) {
			if (!of[d])
				continue;
			if (solve(&M, &dp[d]))
				goto oom2;
			for (size_t i = 0; i < en->docs[d].nutts; i++) {
				int32_t j = dp[d].match[i];
				if (j < 0 || dp[d].conf[i] < 0.9)
					continue;
				double x = log((dp[d].ts[j].len + 1) / (dp[d].es[i].len + 1));
				s1 += x, s2 += x * x, k++;
			}
		}
		if (pass == 1 || k < 10)
			break;
		M.mu = s1 / k;
		double var = s2 / k - M.mu * M.mu;
		M.sigma = var > 0.0625 ? sqrt(var) : 0.25;
	}
	st->ratio = exp(M.mu);
	for (size_t d = 0; d < en->ndocs; d++) {
		const xp_doc *e = &en->docs[d];
		st->documents++;
		st->src_only_docs += of[d] == NULL;
		st->targets += of[d] ? of[d]->nutts : 0;
		for (size_t i = 0; i < e->nutts; i++) {
			int32_t j = of[d] ? dp[d].match[i] : -1;
			double c = j >= 0 ? dp[d].conf[i] : 0;
			st->utterances++;
			if (j >= 0) {
				st->paired++;
				st->conf_sum += c;
				st->unsure += c < 0.9;
				st->speaker_mismatch += same_speaker(e->utts[i].speaker, of[d]->utts[j].speaker) == 0;
			}
			if (record(e, i, of[d], j, c, o, st->tgt_lang, unspaced, &text, out))
				goto oom2;
		}
	}
	goto done;
oom2:
	rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory while pairing");
done:
	for (size_t d = 0; dp && d < en->ndocs; d++)
		release(&dp[d]);
	free(dp);
	free(of);
	xp_buf_free(&text);
	xp_buf_free(&key);
	xp_vocab_free(&keys);
	return rc;
oom:
	xp_vocab_free(&keys);
	xp_buf_free(&key);
	return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
}
