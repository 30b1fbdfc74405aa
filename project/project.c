/*
 * project/project.c — the projection driver; see project.h.
 *
 * Per English document: each utterance finds its aligned-corpus record and
 * its word-alignment line, becomes a target sentence if it has target text,
 * and each of its mentions is projected (spans.h) or given its null cause.
 * Collisions and the target clusters are settled in collide.c.
 */
#include "project.h"
#include "feat.h"
#include "../lang/np.h"
#include "../lang/pron.h"
#include "collide.h"
#include "consist.h"
#include "names.h"
#include "phrases.h"
#include "features.h"
#include "../lang/prodrop.h"
#include "lexicon.h"
#include "../lang/zhwords.h"
#include "../lang/lang.h"
#include "../model/mtype.h"
#include "../base/vocab.h"
#include "../base/file.h"
#include "../model/charspan.h"
#include "../model/tokenize.h"
#include "../model/script.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

_Static_assert((int)XP_LR_NRULES <= (int)XP_PROJ_MAX_RULES, "xp_proj_stats.lr has no room for the pronoun rules");
_Static_assert((int)XP_NP_NRULES <= (int)XP_PROJ_MAX_NP_RULES, "xp_proj_stats.np has no room for the noun phrase rules");

int xp_proj_rules(xp_proj_opts *o, const char *spec, xp_err *err)
{
	xp_rule_sel s = {o->rules, o->np, o->prodrop};
	char bad[64];
	int rc = xp_rules_parse(spec, &s, bad, sizeof bad);
	o->rules = s.pron, o->np = s.np, o->prodrop = s.prodrop;
	return rc ? xp_failc(err, XP_EUSAGE, "", 0,
			     "'%s' is no rule, nor default, none or all (xproj project --list-rules names them)", bad)
		  : 0;
}

void xp_proj_defaults(xp_proj_opts *o)
{
	memset(o, 0, sizeof *o);
	o->span.rule = XP_RULE_MINMAX;
	o->collide = XP_COLLIDE_KEEP_FIRST;
	/* articles and Farsi subject clitics: opt-in, see lang.h */
	/* the rules on by default: the packs' (lang/lang.h); pro-drop applies
	 * to Farsi targets only, each rule to its pack's language */
	xp_rule_sel s;
	xp_rules_default(&s);
	o->rules = s.pron;
	o->prodrop = s.prodrop;
	o->np = s.np;
}

void xp_projection_free(xp_projection *p)
{
	for (size_t d = 0; d < p->ndocs; d++)
		free(p->docs[d].en_utt_of);
	free(p->docs);
	free(p->m);
	free(p->feat);
	xp_corpus_free(&p->out);
	memset(p, 0, sizeof *p);
}

/* --- one utterance ----------------------------------------------------------- */

typedef struct utt_ctx {
	const xp_autt *rec;
	const xp_lang_pack *pack; /* the target language's (lang/lang.h), the generic one if it has none */
	const xp_walign *wa;
	const xp_walign *all;     /* every candidate link, line for line with wa (XP_NP_EF1); NULL: none */
	size_t line;              /* word-alignment sentence, or SIZE_MAX */
	const xp_span_opts *so;
	uint8_t *aligned, *punct; /* per target token */
	uint8_t *claimed;         /* per written token: linked from outside the mention (np_rules) */
	uint8_t *word_start;      /* per written token and the end: an aligned token starts there */
	uint8_t *src_linked, *tgt_linked;   /* per source / target token: some link reaches it */
	uint32_t *char0;          /* with --chars: first character of each target token, and the end */
	unsigned rules;           /* the language rules that apply to this target */
	xp_np_mask np;            /* the noun phrase rules (np.h) that apply */
	int skipped_article;      /* mark() ignored an article's links */
	int skipped_stray;        /* mark() ignored a stray link (XP_NP_STRAY) */
	int only_weak;            /* mark() found links, every one below the span options' min_prob */
	const char **w;           /* the written target tokens (characters with --chars) */
	uint32_t *wlen, nw;
	xp_fctx fc;               /* what the confidence features need */
} utt_ctx;

/* target tokens aligned to source tokens [s, e); *any: links existed at all */
static int usable(const utt_ctx *u, const xp_link *l, uint32_t s, uint32_t e)
{
	return !l->possible && l->i >= s && l->i < e && l->j < u->rec->ntgt;
}

static uint32_t mark(utt_ctx *u, uint32_t s, uint32_t e, int *any)
{
	uint32_t n = 0;
	*any = 0;
	u->skipped_article = 0;
	u->skipped_stray = 0;
	u->only_weak = 0;
	memset(u->aligned, 0, u->rec->ntgt);
	if (u->line == SIZE_MAX)
		return 0;
	/* an article's links count only when nothing else of the mention is aligned */
	int skip_articles = 0, strong = 0;
	if ((u->rules & XP_LR_ARTICLES) && e - s > 1)
		for (size_t k = u->wa->start[u->line]; k < u->wa->start[u->line + 1] && !skip_articles; k++) {
			const xp_link *l = &u->wa->links[k];
			skip_articles = usable(u, l, s, e) && l->prob >= u->so->min_prob &&
					!xp_en_article(u->rec->src[l->i], u->rec->tgt_lang);
		}
	for (size_t k = u->wa->start[u->line]; k < u->wa->start[u->line + 1]; k++) {
		const xp_link *l = &u->wa->links[k];
		if (!usable(u, l, s, e))
			continue;
		if (skip_articles && xp_en_article(u->rec->src[l->i], u->rec->tgt_lang)) {
			u->skipped_article = 1;
			continue;
		}
		*any = 1;
		if (l->prob < u->so->min_prob)
			continue;
		strong = 1;
		if ((u->np & XP_NP_STRAY) &&
		    xp_np_stray(u->wa->links + u->wa->start[u->line], xp_walign_len(u->wa, u->line),
				k - u->wa->start[u->line], s, e, u->so->min_prob)) {
			u->skipped_stray = 1;
			continue;
		}

		n += !u->aligned[l->j];
		u->aligned[l->j] = 1;
	}
	u->only_weak = *any && !strong;
	return n;
}

/* mean link probability inside the span, times the share of the mention's
 * tokens that reach it; without probabilities, the span's aligned density */
static float confidence(const utt_ctx *u, uint32_t s, uint32_t e, uint32_t a, uint32_t b)
{
	double psum = 0;
	uint32_t nl = 0, inside = 0;
	uint8_t reached[256] = {0};
	for (size_t k = u->wa->start[u->line]; k < u->wa->start[u->line + 1]; k++) {
		const xp_link *l = &u->wa->links[k];
		if (l->possible || l->i < s || l->i >= e || l->j < a || l->j >= b || l->prob < u->so->min_prob)
			continue;
		psum += l->prob, nl++;
		if (l->i - s < 256)
			reached[l->i - s] = 1;
	}
	for (uint32_t j = a; j < b; j++)
		inside += u->aligned[j] != 0;
	uint32_t r = 0;
	for (uint32_t i = 0; i < e - s && i < 256; i++)
		r += reached[i];
	double cover = (double)r / (e - s);
	double base = u->wa->has_probs && nl ? psum / nl : (double)inside / (b - a);
	return (float)(base * cover);
}

static int src_matches(const xp_utt *eu, const xp_autt *rec, uint32_t s, uint32_t e)
{
	if (e > rec->nsrc)
		return 0;
	for (uint32_t i = s; i < e; i++) {
		uint32_t n;
		const char *w = xp_tok_str(eu, i, &n);
		if (strlen(rec->src[i]) != n || memcmp(rec->src[i], w, n))
			return 0;
	}
	return 1;
}

/* --- the pack's span hooks (lang/lang.h xp_span_hook) ------------------------------- */

/* whether hook h's rule is on for this sentence (with_prodrop: the
 * pro-drop switch, for a hook of that kind) */
static int hook_on(const utt_ctx *u, const xp_span_hook *h, int with_prodrop)
{
	switch (h->kind) {
	case XP_RK_PRONOUN: return (u->rules & h->bit) != 0;
	case XP_RK_NP: return (u->np & h->bit) != 0;
	case XP_RK_PRODROP: return with_prodrop;
	}
	return 0;
}

/* the mention marked with hook h's rule, as the report prints it */
static void hook_mark(xp_proj_mention *pm, const xp_span_hook *h)
{
	if (h->kind == XP_RK_PRONOUN)
		pm->rule |= (uint32_t)h->bit;
	else if (h->kind == XP_RK_NP)
		pm->np |= h->bit;
}

/* the rule bits of the pack's hooks of stage st whose switch is of kind k */
static uint64_t hook_bits(const xp_lang_pack *p, xp_span_stage st, xp_rule_kind k)
{
	uint64_t bits = 0;
	for (size_t i = 0; i < p->nspan_hooks; i++)
		if (p->span_hooks[i].stage == st && p->span_hooks[i].kind == k)
			bits |= p->span_hooks[i].bit;
	return bits;
}

/* what a hook sees of mention pm of the sentence (no taken[], no others) */
static void hook_ctx(const utt_ctx *u, const xp_proj_mention *pm, xp_span_ctx *c)
{
	*c = (xp_span_ctx){
		.lang = u->rec->tgt_lang,
		.src = (const char *const *)u->rec->src,
		.nsrc = u->rec->nsrc,
		.s = pm->en_start,
		.e = pm->en_end,
		.en = pm->en_end == pm->en_start + 1 ? u->rec->src[pm->en_start] : NULL,
		.tgt = (const char *const *)u->rec->tgt,
		.ntgt = u->rec->ntgt,
		.w = u->w,
		.wlen = u->wlen,
		.nw = u->nw,
		.by_word = u->char0[u->rec->ntgt] == u->rec->ntgt,
		.links = u->line == SIZE_MAX ? NULL : u->wa->links + u->wa->start[u->line],
		.nlinks = u->line == SIZE_MAX ? 0 : xp_walign_len(u->wa, u->line),
		.min_prob = u->so->min_prob,
		.mtype = -1,
	};
}

static void project_mention(utt_ctx *u, const xp_utt *eu, const xp_mention *m, xp_proj_mention *pm)
{
	if (!src_matches(eu, u->rec, m->start, m->end)) {
		pm->fate = XP_NULL_OUT_OF_RANGE;
		return;
	}
	int any;
	if (!mark(u, m->start, m->end, &any)) {
		/* Farsi: links under the threshold are none to the rules that place a
		 * pronoun without one (pro-drop, clitics), as they would be none with
		 * only the stronger links aligned.  The committee's stricter members
		 * (below) ask what the projection does with the strong links alone: a
		 * subject written as the verb's ending has a weak link to that verb
		 * (I -> ميدونم, "I know"), and without this such a member dropped the
		 * pronoun where pro-drop would have put it on the same verb, so that
		 * the committee disagreed with spans correctors keep 80% of the time */
		int endings = xp_lang_has(u->pack, XP_LT_PERSON_ENDINGS);
		pm->fate = any && !(endings && u->only_weak) ? XP_NULL_FILTERED : XP_NULL_UNALIGNED;
		return;
	}
	uint32_t a, b;
	if (!xp_span_pick(u->aligned, u->punct, u->rec->ntgt, u->so, &a, &b)) {
		pm->fate = XP_NULL_FILTERED;
		return;
	}
	pm->fate = XP_PROJECTED;
	/* XP_NP_EF1 (np.h): a noun phrase's span from every link's posterior,
	 * the ones the aligner did not keep too */
	if ((u->np & XP_NP_EF1) && u->all && (xp_lang_rule_set(u->pack, XP_RK_NP) & XP_NP_EF1) &&
	    xp_mention_type(&xp_mtype_en, eu, m->start, m->end) >= XP_MT_NOMINAL &&
	    xp_np_ef1(u->all->links + u->all->start[u->line], xp_walign_len(u->all, u->line),
		      u->wa->links + u->wa->start[u->line], xp_walign_len(u->wa, u->line),
		      (const char *const *)u->rec->src, u->rec->nsrc, m->start, m->end, u->rec->tgt_lang,
		      u->punct, u->rec->ntgt, 1, &a, &b))
		pm->np |= XP_NP_EF1;
	for (size_t i = 0; i < u->pack->nspan_hooks; i++) {   /* a mark for a later rule (lang.h XP_SH_LEAD) */
		const xp_span_hook *h = &u->pack->span_hooks[i];
		if (h->stage != XP_SH_LEAD || !hook_on(u, h, 0))
			continue;
		xp_span_ctx c;
		hook_ctx(u, pm, &c);
		c.mtype = (int)xp_mention_type(&xp_mtype_en, eu, m->start, m->end);
		xp_span_out o = {.a = a, .b = b};
		h->hook(&c, &o);
		pm->weak_lead = o.lead ? u->char0[o.lead] : 0;   /* in written tokens, as the rule reads them */
	}
	pm->conf = confidence(u, m->start, m->end, a, b);
	pm->tgt_start = a, pm->tgt_end = b;
	int stray = u->skipped_stray;   /* the next mark() forgets it */
	if (u->skipped_article) {   /* did ignoring the article change the span? */
		uint32_t a2 = a, b2 = b;
		u->rules &= ~(unsigned)XP_LR_ARTICLES;
		if (mark(u, m->start, m->end, &any))
			xp_span_pick(u->aligned, u->punct, u->rec->ntgt, u->so, &a2, &b2);
		u->rules |= XP_LR_ARTICLES;
		pm->rule |= (a2 != a || b2 != b) ? XP_LR_ARTICLES : 0;
	}
	if (stray) {   /* and ignoring the stray links? */
		uint32_t a2 = a, b2 = b;
		u->np &= ~XP_NP_STRAY;
		if (mark(u, m->start, m->end, &any))
			xp_span_pick(u->aligned, u->punct, u->rec->ntgt, u->so, &a2, &b2);
		u->np |= XP_NP_STRAY;
		pm->np |= (a2 != a || b2 != b) ? XP_NP_STRAY : 0;
	}
}

/* The pack's span rules (lang.h XP_SH_SPAN), on the written tokens
 * (characters with --chars), so that a rule never depends on how the
 * aligner saw words. */
static void lang_rules(utt_ctx *u, xp_proj_mention *pm)
{
	xp_span_ctx c;
	xp_span_out o = {.a = pm->tgt_start, .b = pm->tgt_end};
	int ready = 0;
	for (size_t i = 0; i < u->pack->nspan_hooks; i++) {
		const xp_span_hook *h = &u->pack->span_hooks[i];
		if (h->stage != XP_SH_SPAN || !hook_on(u, h, 0))
			continue;
		if (!ready)
			hook_ctx(u, pm, &c), ready = 1;
		if (h->hook(&c, &o))
			hook_mark(pm, h);
	}
	pm->tgt_start = o.a, pm->tgt_end = o.b;
}

/* The noun phrase and name rules (np.h) on the written tokens: the English
 * mention's type, and which tokens words outside the mention are linked to. */
static void np_rules(utt_ctx *u, const xp_utt *eu, xp_proj_mention *pm)
{
	if (!(u->np & ~XP_NP_STRAY))
		return;
	xp_mtype ty = xp_mention_type(&xp_mtype_en, eu, pm->en_start, pm->en_end);
	memset(u->claimed, 0, u->nw + 1);
	for (size_t k = u->wa->start[u->line]; k < u->wa->start[u->line + 1]; k++) {
		const xp_link *l = &u->wa->links[k];
		if (l->possible || l->j >= u->rec->ntgt || l->prob < u->so->min_prob ||
		    (l->i >= pm->en_start && l->i < pm->en_end))
			continue;
		/* the word is one of the mention's (a name said twice) or punctuation
		 * (the aligner's filler): no word of its own there */
		int same = xp_is_punct(u->rec->src[l->i]);
		for (uint32_t i = pm->en_start; i < pm->en_end && !same; i++)
			same = !strcasecmp(u->rec->src[i], u->rec->src[l->i]);
		for (uint32_t c = u->char0[l->j]; c < u->char0[l->j + 1]; c++)
			u->claimed[c] |= (same ? XP_NP_BY_SAME : XP_NP_BY_OTHER) | (l->prob >= 0.5 ? XP_NP_BY_STRONG : 0);
	}
	memset(u->word_start, 0, u->nw + 1);
	for (uint32_t k = 0; k <= u->rec->ntgt; k++)
		u->word_start[u->char0[k]] = 1;
	xp_np_span x = {u->rec->tgt_lang, (const char *const *)u->rec->src, pm->en_start, pm->en_end,
			ty == XP_MT_NAME, ty == XP_MT_PRONOUN, u->w, u->wlen, u->nw, u->claimed, u->word_start,
			u->src_linked, u->nw == u->rec->ntgt ? u->tgt_linked : NULL};
	pm->np |= xp_np_shape(u->np, &x, &pm->tgt_start, &pm->tgt_end);
	if (pm->tgt_end <= pm->tgt_start)   /* a rule found no noun phrase there (np.h) */
		pm->fate = XP_NULL_FILTERED;
}


/* The pack's hooks of stage st (lang.h XP_SH_PLACE, XP_SH_FREE) for the
 * one-word mention x no link placed, in the table's order until one
 * places it (in sentence t): 1 if one did. */
static int place_hooks(utt_ctx *u, xp_proj_mention *x, xp_span_stage st, const xp_span_ctx *c, int with_prodrop,
		       int32_t t)
{
	for (size_t i = 0; i < u->pack->nspan_hooks; i++) {
		const xp_span_hook *h = &u->pack->span_hooks[i];
		xp_span_out o = {0};
		if (h->stage != st || x->fate != XP_NULL_UNALIGNED || !hook_on(u, h, with_prodrop) || !h->hook(c, &o))
			continue;
		x->fate = XP_PROJECTED;
		hook_mark(x, h);
		x->prodrop |= (uint8_t)o.prodrop;
		x->tgt_start = o.a, x->tgt_end = o.b;
		x->conf = o.conf;
		if (st == XP_SH_FREE)
			x->tgt_utt = t;
		if (o.respan)
			lang_rules(u, x);
		return 1;
	}
	return 0;
}

/* A projected mention's span moved from aligned tokens to the written ones
 * of target sentence t (characters with --chars).  0 if it covers no
 * character: aligned tokens of blanks only (a lone ZWNJ, model/charspan.h)
 * have nothing to write, and the mention is filtered out. */
static int written_span(const utt_ctx *u, xp_proj_mention *x, int32_t t)
{
	uint32_t s = u->char0[x->tgt_start], e = u->char0[x->tgt_end];
	if (s == e) {
		x->fate = XP_NULL_FILTERED;
		return 0;
	}
	x->tgt_utt = t, x->tgt_start = s, x->tgt_end = e;
	return 1;
}

/* a mention's features again, now that a rule gave it its span (in aligned tokens for them) */
static void refeat(utt_ctx *u, xp_proj_mention *x, float *feat)
{
	uint32_t aa = 0, ab = u->rec->ntgt;
	while (aa + 1 < u->rec->ntgt && u->char0[aa + 1] <= x->tgt_start)
		aa++;
	while (ab > aa + 1 && u->char0[ab - 1] >= x->tgt_end)
		ab--;
	xp_feat_mention(&u->fc, x, x->en_start, x->en_end, aa, ab, feat);
}

/* The case of a one-word English pronoun mention (lang.h xp_en_case) under
 * the pack's case rule (xp_lang_pack.case_rule): which agreement of the
 * target can hold it.  0 with the rule off, for a pack without one, or for
 * a pronoun of no case. */
static int en_case(const utt_ctx *u, const xp_proj_mention *x)
{
	if (!(u->rules & u->pack->case_rule) || x->en_end != x->en_start + 1)
		return 0;
	/* only a subject's: an English object is often the subject of a Farsi
	 * verb ("let you ring" میذاریم ... بزنید, "good for you" لذت بردی) */
	return xp_en_case((const char *const *)u->rec->src, u->rec->nsrc, x->en_start) == XP_CASE_SUBJECT
		       ? XP_CASE_SUBJECT
		       : 0;
}

/* A pack with a pronoun table (lang.h xp_lang_pack.pronouns: German,
 * French, Portuguese): the free pronoun for mention x lies beside where
 * the links put its English neighbours, the nearest aligned word on each
 * side within three (a clitic before the verb, a subject after the
 * finite verb, a relative after the comma): a pronoun of the same form
 * elsewhere in the sentence is mostly another's, or an article (die, le,
 * o).  An article-like form (pron_articles) counts only where no link
 * reached it: an article is aligned to the English one. */
static int pack_pronoun(const utt_ctx *u, const xp_proj_mention *x, const uint8_t *taken, uint8_t *scratch,
			uint32_t *a, uint32_t *b)
{
	uint32_t n = u->nw, i = x->en_start, lo = UINT32_MAX, hi = 0, nanch = 0;
	double sum = 0;
	if (u->line == SIZE_MAX || u->char0[u->rec->ntgt] != u->rec->ntgt)
		return 0;   /* no links, or --chars: the table is of words */
	/* R: how far to look for an aligned neighbour; W: how far from its
	 * words the pronoun may stand (ParCorFull TED, German and French: 1
	 * and 3 lose 0.1 to 0.3 mention F1, 0 loses 1.0 to 1.4, no window 0.4
	 * in French and 0.5 in Portuguese) */
	enum { R = 3, W = 2 };
	for (int side = -1; side <= 1; side += 2) {
		for (int d = 1; d <= R; d++) {
			long e = (long)i + side * d;
			if (e < 0 || e >= (long)u->rec->nsrc)
				break;
			int hit = 0;
			for (size_t k = u->wa->start[u->line]; k < u->wa->start[u->line + 1]; k++) {
				const xp_link *l = &u->wa->links[k];
				if (l->possible || l->i != (uint32_t)e || l->j >= n)
					continue;
				hit = 1;
				lo = l->j < lo ? l->j : lo, hi = l->j > hi ? l->j : hi;
				sum += l->j, nanch++;
			}
			if (hit)
				break;
		}
	}
	if (!nanch)
		return 0;
	uint32_t from = lo > (uint32_t)W ? lo - (uint32_t)W : 0, to = hi + (uint32_t)W + 1;
	/* a subject in a language that leaves it out: never an article-like
	 * form (the Portuguese o, a are objects), its verb is the next guess */
	int subj = (u->np & XP_NP_SUBJECT_VERB) && (xp_lang_rule_set(u->pack, XP_RK_NP) & XP_NP_SUBJECT_VERB) &&
		   xp_en_case((const char *const *)u->rec->src, u->rec->nsrc, i) == XP_CASE_SUBJECT;
	for (uint32_t j = 0; j < n; j++)
		scratch[j] = taken[j] || j < from || j >= to ||
			     (u->pack->pron_articles && (subj || u->tgt_linked[j]) &&
			      xp_word_listed(u->w[j], u->wlen[j], u->pack->pron_articles));
	double pos = (sum / nanch + 0.5) / n;
	return xp_free_pronoun(u->rec->src[i], u->rec->tgt_lang, u->w, u->wlen, n, scratch, pos, a, b);
}

/* The free pronoun for mention x (lang.h xp_free_pronoun) among the tokens
 * taken[] leaves; where it finds none, the pack's hooks may find another
 * word (XP_SH_NO_PRONOUN: a demonstrative), and where it finds one, they
 * may refuse it and choose again (XP_SH_PRONOUN_CHOICE: a homograph).
 * scratch: u->nw bytes.  [*a, *b) as the last of them left it. */
static int free_pronoun(const utt_ctx *u, xp_proj_mention *x, const uint8_t *taken, uint8_t *scratch, double pos,
			uint32_t *a, uint32_t *b)
{
	const char *w = u->rec->src[x->en_start], *lang = u->rec->tgt_lang;
	if (u->pack->pronouns)
		return pack_pronoun(u, x, taken, scratch, a, b);
	int found = xp_free_pronoun(w, lang, u->w, u->wlen, u->nw, taken, pos, a, b);
	xp_span_ctx c;
	int ready = 0;
	for (size_t i = 0; i < u->pack->nspan_hooks; i++) {
		const xp_span_hook *h = &u->pack->span_hooks[i];
		if (h->stage != (found ? XP_SH_PRONOUN_CHOICE : XP_SH_NO_PRONOUN) || !hook_on(u, h, 0))
			continue;
		if (!ready) {
			hook_ctx(u, x, &c), ready = 1;
			c.ptaken = taken, c.scratch = scratch;
			c.placed = x->fate == XP_PROJECTED, c.a = x->tgt_start, c.b = x->tgt_end;
		}
		xp_span_out o = {.a = *a, .b = *b};
		int r = h->hook(&c, &o);
		*a = o.a, *b = o.b;
		if (r) {
			hook_mark(x, h);
			return found ? o.placed : 1;
		}
	}
	return found;
}

/* a one-word English pronoun's mention (the only kind the pronoun rules move) */
static int pronoun_mention(const utt_ctx *u, const xp_proj_mention *x)
{
	return x->en_end == x->en_start + 1 && xp_en_pronoun(u->rec->src[x->en_start]);
}

/* a one-word mention the pack takes as a pronoun's (xp_lang_pack.pronoun_like) */
static int pronoun_like(const utt_ctx *u, const xp_proj_mention *x)
{
	return u->pack->pronoun_like && x->en_end == x->en_start + 1 && u->pack->pronoun_like(u->rec->src[x->en_start]);
}

/* XP_NP_SUBJECT_VERB (np.h): in a language that leaves subjects out and
 * whose annotation marks the verb for them (a pack that lists the rule),
 * an English subject pronoun no rule placed takes the first target word
 * the next three English words are linked to (its verb, or the auxiliary
 * of "it 's", "they can"), when no mention holds it.  ParCorFull TED,
 * Portuguese: +3.54 mention F1 (halves +2.64, +4.18); only when that
 * English word is an auxiliary or copula, +2.42; in German and French,
 * which keep their subjects, it loses 0.2 to 0.8. */
static void subject_verbs(utt_ctx *u, xp_proj_mention *pm, size_t n, int32_t t)
{
	if (!(u->np & XP_NP_SUBJECT_VERB) || !(xp_lang_rule_set(u->pack, XP_RK_NP) & XP_NP_SUBJECT_VERB) ||
	    u->line == SIZE_MAX || u->char0[u->rec->ntgt] != u->rec->ntgt)
		return;
	for (size_t k = 0; k < n; k++) {
		xp_proj_mention *x = &pm[k];
		uint32_t i = x->en_start;
		if (x->fate != XP_NULL_UNALIGNED || x->en_end != i + 1 || !xp_subject_person(u->rec->src[i]) ||
		    xp_en_case((const char *const *)u->rec->src, u->rec->nsrc, i) != XP_CASE_SUBJECT)
			continue;
		uint32_t j = UINT32_MAX;
		for (uint32_t e = i + 1; e <= i + 3 && e < u->rec->nsrc && j == UINT32_MAX; e++) {
			for (size_t q = u->wa->start[u->line]; q < u->wa->start[u->line + 1]; q++) {
				const xp_link *l = &u->wa->links[q];
				if (!l->possible && l->i == e && l->j < u->rec->ntgt && l->j < j)
					j = l->j;
			}
		}
		if (j == UINT32_MAX || u->punct[j])
			continue;
		int held = 0;
		for (size_t q = 0; q < n && !held; q++)
			held = q != k && pm[q].fate == XP_PROJECTED && pm[q].tgt_start <= j && j < pm[q].tgt_end;
		if (held)
			continue;
		x->fate = XP_PROJECTED, x->tgt_utt = t, x->tgt_start = j, x->tgt_end = j + 1;
		x->conf = 0.25f;   /* no link of its own: a guess from its verb's */
		x->np |= XP_NP_SUBJECT_VERB;
	}
}

/* Once every mention of the utterance has its span, an English pronoun no
 * link reached takes a matching target pronoun that no other pronoun's
 * mention holds (lang.h, XP_LR_FREE_PRONOUN; one inside a larger span is
 * free: the corrected files mark من of دوست من "my friend" for "my"), unless a Farsi subject pronoun found its
 * verb (pro-drop; tried first: on mmc-tune the corrected files mark the verb
 * a little more often than a free pronoun the aligner missed). */
static int recover(utt_ctx *u, xp_proj_mention *pm, float *feat, size_t n, int32_t t, int with_prodrop)
{
	const size_t nf = (size_t)xp_nfeat();
	/* taken: held by any mention; ptaken: by an English pronoun's (a pronoun
	 * inside the span of a larger mention, 我 of 我的狗, دوست من, is free) */
	uint8_t *taken = calloc(3 * (size_t)u->nw + 3, 1);
	if (!taken)
		return -1;
	uint8_t *ptaken = taken + u->nw + 1, *scratch = ptaken + u->nw + 1;   /* (NULL + n is undefined) */
	xp_span_other *others = n ? malloc(n * sizeof *others) : NULL;   /* what the hooks see of them */
	if (n && !others) {
		free(taken);
		return -1;
	}
	/* a language whose interrogatives are mentions (xp_lang_pack.pronoun_like): one is taken as a pronoun's is */
	for (size_t k = 0; k < n; k++)
		if (pm[k].fate == XP_PROJECTED) {
			memset(taken + pm[k].tgt_start, 1, pm[k].tgt_end - pm[k].tgt_start);
			if (pronoun_mention(u, &pm[k]) || pronoun_like(u, &pm[k]))
				memset(ptaken + pm[k].tgt_start, 1, pm[k].tgt_end - pm[k].tgt_start);
		}
	for (size_t k = 0; k < n; k++) {
		xp_proj_mention *x = &pm[k];
		uint32_t a, b;
		if (x->fate != XP_NULL_UNALIGNED || x->en_end != x->en_start + 1)
			continue;
		double pos = (x->en_start + 0.5) / u->rec->nsrc;
		xp_span_ctx c;
		hook_ctx(u, x, &c);
		c.en_case = en_case(u, x);
		c.taken = taken, c.ptaken = ptaken, c.others = others, c.nothers = n, c.prodrop = with_prodrop;
		for (size_t q = 0; q < n; q++)
			others[q] = (xp_span_other){pm[q].en_start, pm[q].en_end, pm[q].fate == XP_PROJECTED,
						    pm[q].tgt_start, pm[q].tgt_end};
		place_hooks(u, x, XP_SH_PLACE, &c, with_prodrop, t);
		if (x->fate == XP_PROJECTED) {
			if (!written_span(u, x, t))
				continue;
			lang_rules(u, x);
		} else if ((u->rules & XP_LR_FREE_PRONOUN) && free_pronoun(u, x, ptaken, scratch, pos, &a, &b)) {
			x->fate = XP_PROJECTED, x->tgt_utt = t, x->tgt_start = a, x->tgt_end = b;
			x->conf = 0.25f;   /* no link: a guess from the word alone */
			x->rule |= XP_LR_FREE_PRONOUN;
		} else if (!place_hooks(u, x, XP_SH_FREE, &c, with_prodrop, t)) {
			continue;
		}
		memset(taken + x->tgt_start, 1, x->tgt_end - x->tgt_start);
		memset(ptaken + x->tgt_start, 1, x->tgt_end - x->tgt_start);
		refeat(u, x, feat + k * nf);
	}
	free(others);
	free(taken);
	return 0;
}

/* The pack's hooks of the last stage (lang.h XP_SH_LAST) over the n
 * mentions of an utterance, once every other rule placed its pronouns: a
 * subject or uncased pronoun's span moved (a verb-final language's clause
 * verb, where the links, pro-drop and the verb rules trusted a word's
 * ending alone). */
static int last_rules(utt_ctx *u, xp_proj_mention *pm, float *feat, size_t n)
{
	const size_t nf = (size_t)xp_nfeat();
	uint8_t *held = calloc((size_t)u->nw + 1, 1);   /* how many mentions hold each token */
	if (!held)
		return -1;
	for (size_t k = 0; k < n; k++)
		for (uint32_t j = pm[k].tgt_start; pm[k].fate == XP_PROJECTED && j < pm[k].tgt_end; j++)
			held[j] += held[j] < UINT8_MAX;
	for (size_t k = 0; k < n; k++) {
		xp_proj_mention *x = &pm[k];
		int ec;
		if (x->fate != XP_PROJECTED || !pronoun_mention(u, x) || (ec = en_case(u, x)) == XP_CASE_OBJECT)
			continue;
		xp_span_ctx c;
		hook_ctx(u, x, &c);
		c.en_case = ec, c.taken = held, c.placed = 1, c.a = x->tgt_start, c.b = x->tgt_end;
		for (size_t i = 0; i < u->pack->nspan_hooks; i++) {
			const xp_span_hook *h = &u->pack->span_hooks[i];
			xp_span_out o = {.a = c.a, .b = c.b};
			if (h->stage != XP_SH_LAST || !hook_on(u, h, 0) || !h->hook(&c, &o))
				continue;
			for (uint32_t j = c.a; j < c.b; j++)
				held[j]--;
			for (uint32_t j = o.a; j < o.b; j++)
				held[j]++;
			x->tgt_start = o.a, x->tgt_end = o.b;
			hook_mark(x, h);
			x->conf = o.conf;
			lang_rules(u, x);
			refeat(u, x, feat + k * nf);
			break;
		}
	}
	free(held);
	return 0;
}

/* Pronouns whose links reached the wrong word (lang.h): one that holds no
 * matching target pronoun takes a free one of the sentence
 * (XP_LR_PRON_MOVE), or what the pack's hooks find (XP_SH_MOVE: a verb
 * that agrees with it; or they drop it); before that, the pack's hooks may
 * reseat a one-word mention of their own (XP_SH_RESEAT: an interrogative,
 * a possessive clitic).  Before recover(): the pronouns the links placed
 * right are taken first. */
static int misplaced(utt_ctx *u, xp_proj_mention *pm, float *feat, size_t n)
{
	const size_t nf = (size_t)xp_nfeat();
	const char *lang = u->rec->tgt_lang;
	/* own: the sentence is in its pack's own script (Chinese characters, not
	 * pinyin): a hook that drops a pronoun or reads an interrogative needs it */
	int own = 0;
	if (u->pack->script) {
		xp_script_counter sc = {0};
		xp_script_guess g;
		xp_script_count(&sc, u->rec->tgt_text, strlen(u->rec->tgt_text));
		xp_script_tally(&sc, &g);
		own = !strcmp(g.script, u->pack->script);
	}
	int reseat = (u->rules & hook_bits(u->pack, XP_SH_RESEAT, XP_RK_PRONOUN)) != 0;
	/* how many pronoun mentions hold each token, and how many mentions at all */
	uint8_t *taken = calloc(3 * ((size_t)u->nw + 1), 1);
	xp_span_other *others = reseat && n ? malloc(n * sizeof *others) : NULL;
	if (!taken || (reseat && n && !others)) {
		free(taken);
		free(others);
		return -1;
	}
	uint8_t *held = taken + u->nw + 1, *scratch = held + u->nw + 1;   /* (NULL + n is undefined) */
	for (size_t k = 0; k < n; k++)
		for (uint32_t j = pm[k].tgt_start; pm[k].fate == XP_PROJECTED && j < pm[k].tgt_end; j++) {
			held[j] += held[j] < UINT8_MAX;
			if (pronoun_mention(u, &pm[k]) || (own && pronoun_like(u, &pm[k])))
				taken[j] += taken[j] < UINT8_MAX;
		}
	for (size_t k = 0; k < n; k++) {
		xp_proj_mention *x = &pm[k];
		const char *w = u->rec->src[x->en_start];
		uint32_t a = x->tgt_start, b = x->tgt_end, j;
		xp_span_ctx c;
		hook_ctx(u, x, &c);
		c.taken = held, c.ptaken = taken, c.scratch = scratch, c.own_script = own, c.pronoun = pronoun_mention(u, x);
		c.placed = x->fate == XP_PROJECTED, c.a = a, c.b = b;
		if (reseat && x->fate == XP_PROJECTED && c.en) {
			for (size_t q = 0; q < n; q++)
				others[q] = (xp_span_other){pm[q].en_start, pm[q].en_end, pm[q].fate == XP_PROJECTED,
							    pm[q].tgt_start, pm[q].tgt_end};
			c.others = others, c.nothers = n;
			xp_span_out o = {0};
			size_t i;
			for (i = 0; i < u->pack->nspan_hooks; i++) {
				const xp_span_hook *h = &u->pack->span_hooks[i];
				if (h->stage != XP_SH_RESEAT || !hook_on(u, h, 0))
					continue;
				o = (xp_span_out){.a = a, .b = b};
				if (h->hook(&c, &o)) {
					for (j = a; j < b; j++)
						taken[j] -= taken[j] > 0, held[j] -= held[j] > 0;
					x->tgt_start = o.a, x->tgt_end = o.b;
					hook_mark(x, h);
					x->conf = o.conf;
					refeat(u, x, feat + k * nf);
					for (j = o.a; j < o.b; j++)
						taken[j] += taken[j] < UINT8_MAX, held[j] += held[j] < UINT8_MAX;
					break;
				}
				if (o.keep)
					break;
			}
			if (i < u->pack->nspan_hooks)
				continue;
		}
		if (x->fate != XP_PROJECTED || !pronoun_mention(u, x))
			continue;
		int ec = en_case(u, x), any = xp_pronoun_matches(w, lang, u->w, u->wlen, a, b);
		if (ec ? xp_pronoun_matches_case(w, ec, lang, u->w, u->wlen, a, b) : any)
			continue;
		c.en_case = ec;
		double pos = (x->en_start + 0.5) / u->rec->nsrc;
		uint32_t rule = 0;
		for (j = a; j < b; j++)   /* its span, as far as it alone holds it, is free again */
			taken[j]--, held[j]--;
		if ((u->rules & XP_LR_PRON_MOVE) && free_pronoun(u, x, taken, scratch, pos, &a, &b)) {
			rule = XP_LR_PRON_MOVE;
		} else {
			int drop = 0;
			for (size_t i = 0; i < u->pack->nspan_hooks && !rule && !drop; i++) {
				const xp_span_hook *h = &u->pack->span_hooks[i];
				xp_span_out o = {.a = a, .b = b};
				if (h->stage != XP_SH_MOVE || !hook_on(u, h, 0) || !h->hook(&c, &o))
					continue;
				if (o.drop) {
					x->fate = XP_NULL_FILTERED;
					hook_mark(x, h);
					drop = 1;
				} else {
					a = o.a, b = o.b;
					rule = (uint32_t)h->bit;
				}
			}
			if (drop)
				continue;
		}
		if (rule) {
			x->tgt_start = a, x->tgt_end = b;
			x->rule |= rule | (any ? (uint32_t)u->pack->case_rule : 0);   /* its case undid a match */
			x->conf = 0.25f;   /* the links said otherwise: a guess from the word */
			lang_rules(u, x);
			refeat(u, x, feat + k * nf);
		}
		for (j = x->tgt_start; j < x->tgt_end; j++) {
			taken[j] += taken[j] < UINT8_MAX;
			held[j] += held[j] < UINT8_MAX;
		}
	}
	free(others);
	free(taken);
	return 0;
}

/* the target sentence: its text with the tokens located in it, or the
 * tokens joined when they cannot be found in order */
static int target_utt(xp_corpus *c, xp_doc *d, const xp_utt *eu, const xp_autt *r, int chars,
		      uint32_t *char0)
{
	xp_tok *t = malloc(((size_t)strlen(r->tgt_text) + r->ntgt + 1) * sizeof *t);
	if (!t)
		return -1;
	const char *text = r->tgt_text, *p = text;
	uint32_t n = 0;
	int found = 1;
	for (uint32_t k = 0; k < r->ntgt && found; k++) {
		const char *hit = strstr(p, r->tgt[k]);
		size_t len = strlen(r->tgt[k]);
		found = hit != NULL && len > 0;
		char0[k] = n;
		if (!found)
			break;
		if (chars) {   /* one token per character, as score --chars counts them */
			size_t i = 0, a;
			while (xp_char_next(hit, len, &i, &a))
				t[n++] = (xp_tok){(uint32_t)(hit - text) + (uint32_t)a, (uint32_t)(i - a)};
		} else {
			t[n++] = (xp_tok){(uint32_t)(hit - text), (uint32_t)len};
		}
		p = hit + len;
	}
	char0[r->ntgt] = n;
	xp_utt *u;
	if (found) {
		u = xp_doc_add_utt_text(c, d, eu->speaker, text, t, n);
	} else {
		size_t *lens = malloc((r->ntgt + 1) * sizeof *lens);
		for (uint32_t k = 0; lens && k <= r->ntgt; k++)
			char0[k] = k, lens[k] = k < r->ntgt ? strlen(r->tgt[k]) : 0;
		u = lens ? xp_doc_add_utt(c, d, eu->speaker, r->tgt, lens, r->ntgt) : NULL;
		free(lens);
	}
	free(t);
	return u ? 0 : -1;
}

/* --- documents ------------------------------------------------------------------ */

/* What the corpus gives every document: its language, whether a record's
 * language takes jieba's words, the compiled-in model (read once, not per
 * document) and, per projection made (the projection, then o->nalt other
 * seeds' and the committee's), its names across the corpus (consist.h). */
struct xp_proj_stream {
	xp_proj_opts o;
	char lang[16];
	xp_conf_model def;
	xp_zhseg *zs;
	xp_lex *def_lex, *ze;
	int seg_state;          /* xp_projection.segmenter */
	xp_consist_names **names;
	size_t nnames;
	int apply;              /* the second pass: the names' renderings are known */
	size_t found;           /* utterances that had a record */
};

typedef struct run {
	const xp_aligned *al;
	const xp_walign *wa;
	const uint32_t *line;
	const xp_proj_opts *o;
	xp_vocab keys;
	xp_projection *p;
	size_t found;           /* utterances that have a record */
	size_t cap_feat;
	const xp_projection *alt;   /* the same projection on o->alt's alignments */
	const xp_projection *com;   /* the committee (committee[] below), ncom of them, or none */
	size_t ncom;
	xp_zhseg *zs;           /* the segmenter's words (lang.h segmenter_rule), NULL: the rule is off */
	xp_lex *ze;             /* the pack's table of mention ends (lexicon.h, lang.h XP_LF_END_TABLE), with zs */
	const xp_proj_stream *st;   /* a document at a time (below), NULL: the whole corpus */
	size_t which;           /* in st: 0 the projection, 1 + k its k-th comparison's */
} run;

/* u's arrays for its record u->rec (line u->line of u->wa), whose written
 * target tokens are the nw of w, wlen and whose aligned tokens start at
 * u->char0 (set, and freed with the rest by ctx_close) */
static int ctx_open(run *r, utt_ctx *u, const char *const *w, const uint32_t *wlen, uint32_t nw)
{
	const xp_autt *rec = u->rec;
	u->aligned = calloc(rec->ntgt + 1, 1);
	u->punct = calloc(rec->ntgt + 1, 1);
	u->src_linked = calloc(rec->nsrc + 1, 1);
	u->tgt_linked = calloc(rec->ntgt + 1, 1);
	if (!u->aligned || !u->punct || !u->src_linked || !u->tgt_linked)
		return -1;
	for (uint32_t j = 0; j < rec->ntgt; j++)
		u->punct[j] = (uint8_t)xp_is_punct(rec->tgt[j]);
	for (size_t k = u->line == SIZE_MAX ? 0 : u->wa->start[u->line];
	     u->line != SIZE_MAX && k < u->wa->start[u->line + 1]; k++) {
		const xp_link *l = &u->wa->links[k];
		if (l->possible || l->prob < r->o->span.min_prob || l->i >= rec->nsrc || l->j >= rec->ntgt)
			continue;
		u->src_linked[l->i] = u->tgt_linked[l->j] = 1;
	}
	/* the rules of the target's pack (lang/lang.h; the generic pack's
	 * when it has none); stray is every language's but Chinese's */
	u->rules = r->o->rules & (unsigned)xp_lang_rule_set(u->pack, XP_RK_PRONOUN);
	u->np = r->o->np;
	if (!(xp_lang_rule_set(u->pack, XP_RK_NP) & XP_NP_STRAY))
		u->np &= ~XP_NP_STRAY;
	u->nw = nw;
	u->w = malloc((u->nw + 1) * sizeof *u->w);
	u->wlen = malloc((u->nw + 1) * sizeof *u->wlen);
	u->claimed = malloc(u->nw + 1);
	u->word_start = malloc(u->nw + 2);
	if (!u->w || !u->wlen || !u->claimed || !u->word_start)
		return -1;
	for (uint32_t j = 0; j < u->nw; j++)
		u->w[j] = w[j], u->wlen[j] = wlen[j];
	u->fc = (xp_fctx){rec->src, rec->nsrc, rec->tgt, rec->ntgt,
			  u->line == SIZE_MAX ? NULL : u->wa->links + u->wa->start[u->line],
			  u->line == SIZE_MAX ? 0 : xp_walign_len(u->wa, u->line), u->punct, rec->score,
			  r->o->span.min_prob, rec->tgt_lang, u->w, u->wlen, u->char0, u->nw, NULL, NULL, NULL, 0, 0};
	return xp_fctx_init(&u->fc);
}

static void ctx_close(utt_ctx *u)
{
	free(u->aligned), free(u->punct), free(u->char0), free(u->w), free(u->wlen), free(u->claimed),
		free(u->word_start), free(u->src_linked), free(u->tgt_linked);
	xp_fctx_free(&u->fc);
}

/* The n mentions ms of English sentence eu (ui in ed) projected with u
 * (has: u has a record with target tokens, the t-th of the target
 * document), appended to r->p with their features. */
static int utt_mentions(run *r, utt_ctx *u, int has, const xp_doc *ed, size_t ui, const xp_utt *eu,
			const xp_mention *ms, size_t n, int32_t t)
{
	const size_t nf = (size_t)xp_nfeat();
	size_t first = r->p->n;
	for (size_t q = 0; q < n; q++) {
		const xp_mention *m = &ms[q];
		if (xp_grow(&r->p->m, &r->p->cap, r->p->n + 1, sizeof *r->p->m) ||
		    xp_grow(&r->p->feat, &r->cap_feat, r->p->n + 1, nf * sizeof *r->p->feat))
			return -1;
		memset(r->p->feat + r->p->n * nf, 0, nf * sizeof *r->p->feat);
		xp_proj_mention *pm = &r->p->m[r->p->n++];
		*pm = (xp_proj_mention){m->id, ed->clusters[m->cluster].label, (uint32_t)ui, m->start, m->end,
					-1, 0, 0, XP_NULL_EMPTY_TARGET, 0, 0, 0, UINT32_MAX,
					(uint8_t)xp_pronoun_gender(&xp_mtype_en, eu, m->start, m->end), 0, 0};
		if (!has)
			continue;
		project_mention(u, eu, m, pm);
		uint32_t a = pm->tgt_start, b = pm->tgt_end;   /* in aligned tokens */
		if (pm->fate == XP_PROJECTED && written_span(u, pm, t)) {
			lang_rules(u, pm);
			np_rules(u, eu, pm);
		}
		xp_feat_mention(&u->fc, pm, m->start, m->end, a, b, r->p->feat + (r->p->n - 1) * nf);
	}
	if (has &&
	    (u->rules & (XP_LR_PRON_MOVE | hook_bits(u->pack, XP_SH_RESEAT, XP_RK_PRONOUN) |
			 hook_bits(u->pack, XP_SH_MOVE, XP_RK_PRONOUN))) &&
	    r->p->n > first && misplaced(u, r->p->m + first, r->p->feat + first * nf, r->p->n - first))
		return -1;
	if (has && ((u->rules & (XP_LR_FREE_PRONOUN | hook_bits(u->pack, XP_SH_PLACE, XP_RK_PRONOUN))) || r->o->prodrop) &&
	    recover(u, r->p->n > first ? r->p->m + first : NULL,   /* m is NULL before a first mention: NULL + 0 is UB */
		    r->p->n > first ? r->p->feat + first * nf : NULL, r->p->n - first, t, r->o->prodrop))
		return -1;
	if (has && r->p->n > first)
		subject_verbs(u, r->p->m + first, r->p->n - first, t);
	if (has && (u->rules & hook_bits(u->pack, XP_SH_LAST, XP_RK_PRONOUN)) && r->p->n > first &&
	    last_rules(u, r->p->m + first, r->p->feat + first * nf, r->p->n - first))
		return -1;
	return 0;
}

/* A sentence of more than XP_PROJ_WHOLE tokens (English, aligned target or
 * written target) is projected in windows: the rules and the features
 * search the sentence for each mention (a free pronoun, a twin, the words
 * around a span, every link of the line), so one sentence of N mentions
 * cost N^2 (bench/growth.sh: 0.4 s of CPU at 1,000 one-token mentions, 5.5 s
 * at 4,000, Farsi 1.1 and 18 s).  Each window projects the mentions that
 * begin in WIN_CORE English tokens with WIN_SIDE tokens of context on each
 * side (English), and the target tokens from WIN_SIDE before the first to
 * WIN_SIDE after the last the core's links reach; the context's mentions
 * are projected with it (they take their tokens, as in the whole sentence)
 * and kept from the window whose core they are in.  The largest real
 * sentence holds 202 English, 333 aligned and 492 written target tokens
 * (MMC, mmc-tune, ParCorFull; docs/benchmarks.md): no real sentence is cut,
 * and every output on real data is the one of the whole sentence. */
enum { WIN_CORE = 256, WIN_SIDE = 128 };

static int long_sentence(const xp_autt *rec, uint32_t nw)
{
	return rec->nsrc > XP_PROJ_WHOLE || rec->ntgt > XP_PROJ_WHOLE || nw > XP_PROJ_WHOLE;
}

/* The long sentence's mentions by English start, and its links (those
 * kept, and the candidates) by English token, each with its place in the
 * sentence's order (k): a window finds its own by binary search, not by a
 * walk over the sentence's (which cost the sentence times its windows). */
typedef struct pos_k {
	uint32_t at, k;
} pos_k;

static int by_pos(const void *x, const void *y)
{
	const pos_k *a = x, *b = y;
	return a->at != b->at ? (a->at < b->at ? -1 : 1) : (a->k != b->k ? (a->k < b->k ? -1 : 1) : 0);
}

static int by_k(const void *x, const void *y)
{
	const pos_k *a = x, *b = y;
	return a->k != b->k ? (a->k < b->k ? -1 : 1) : 0;
}

/* the first of v[0..n) at or after at */
static size_t first_at(const pos_k *v, size_t n, uint32_t at)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].at < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

typedef struct win_ix {
	pos_k *m, *l[2];   /* mentions by start; links of wa's line, of all's, by i */
	size_t nm, nl[2];
} win_ix;

static void win_ix_free(win_ix *x) { free(x->m), free(x->l[0]), free(x->l[1]); }

static int win_ix_make(win_ix *x, const utt_ctx *u, const xp_mention *ms, size_t n)
{
	memset(x, 0, sizeof *x);
	if (!(x->m = malloc((n + 1) * sizeof *x->m)))
		return -1;
	for (size_t q = 0; q < n; q++)
		x->m[q] = (pos_k){ms[q].start, (uint32_t)q};
	x->nm = n;
	qsort(x->m, n, sizeof *x->m, by_pos);
	for (int pass = 0; pass < 2 && u->line != SIZE_MAX; pass++) {
		const xp_walign *from = pass ? u->all : u->wa;
		if (!from)
			continue;
		size_t a = from->start[u->line], nl = from->start[u->line + 1] - a;
		if (!(x->l[pass] = malloc((nl + 1) * sizeof *x->l[pass])))
			return -1;
		for (size_t k = 0; k < nl; k++)
			x->l[pass][k] = (pos_k){from->links[a + k].i, (uint32_t)k};
		x->nl[pass] = nl;
		qsort(x->l[pass], nl, sizeof *x->l[pass], by_pos);
	}
	return 0;
}

/* one window (above): core [cs, ce) of the English, the n mentions ms of
 * the sentence (slots: r->p's from first, in their order; ix: them and
 * the links indexed), into those slots (filled[] marks them) */
static int utt_window(run *r, const utt_ctx *whole, const win_ix *ix, const xp_doc *ed, size_t ui,
		      const xp_mention *ms, size_t first, uint8_t *filled, uint32_t cs, uint32_t ce, int32_t t)
{
	const xp_autt *rec = whole->rec;
	const size_t nf = (size_t)xp_nfeat();
	uint32_t s0 = cs > WIN_SIDE ? cs - WIN_SIDE : 0, s1 = ce + WIN_SIDE < rec->nsrc ? ce + WIN_SIDE : rec->nsrc;
	size_t c0m = first_at(ix->m, ix->nm, cs), c1m = first_at(ix->m, ix->nm, ce);
	if (c0m == c1m)
		return 0;   /* no mention begins in the core */
	uint32_t ee = ce;   /* where the core's mentions end */
	for (size_t q = c0m; q < c1m; q++) {   /* a core mention longer than the context widens it */
		uint32_t e = ms[ix->m[q].k].end;
		s1 = e > s1 ? (e < rec->nsrc ? e : rec->nsrc) : s1;
		ee = e > ee ? (e < rec->nsrc ? e : rec->nsrc) : ee;
	}
	/* the target: around what the core's mentions' links reach (the
	 * whole target without links, or where they reach too far apart).
	 * The links of the core's tokens alone cut a core mention that runs
	 * past the core off where they stop: tokens 10-700 of a sentence of
	 * 1,100 projected onto 10-383, where the whole sentence gives 10-700 */
	const xp_walign *wa = whole->wa;
	size_t line = whole->line;
	uint32_t jlo = UINT32_MAX, jhi = 0, half = ee - cs > WIN_CORE ? ee - cs : WIN_CORE;
	for (size_t q = first_at(ix->l[0], ix->nl[0], cs); line != SIZE_MAX && q < ix->nl[0] && ix->l[0][q].at < ee; q++) {
		const xp_link *l = &wa->links[wa->start[line] + ix->l[0][q].k];
		if (!l->possible && l->j < rec->ntgt)
			jlo = l->j < jlo ? l->j : jlo, jhi = l->j + 1 > jhi ? l->j + 1 : jhi;
	}
	if (jlo == UINT32_MAX || jhi - jlo > 4 * (uint64_t)half) {   /* none: where the core lies in the sentence */
		double c = (cs + ee) / 2.0 / rec->nsrc * rec->ntgt;
		jlo = c > half ? (uint32_t)c - half : 0, jhi = (uint32_t)c + half;
	}
	uint32_t t0 = jlo > WIN_SIDE ? jlo - WIN_SIDE : 0, t1 = jhi + WIN_SIDE < rec->ntgt ? jhi + WIN_SIDE : rec->ntgt;
	if (t1 < t0)
		t1 = t0;
	/* the window as a sentence of its own: record, links, English tokens, mentions */
	xp_autt sub = *rec;
	sub.src = rec->src + s0, sub.nsrc = s1 - s0, sub.tgt = rec->tgt + t0, sub.ntgt = t1 - t0;
	xp_walign sw = {0}, sa = {0};
	size_t w0m = first_at(ix->m, ix->nm, s0), w1m = first_at(ix->m, ix->nm, s1), nwm = 0;
	xp_mention *wm = malloc((w1m - w0m + 1) * sizeof *wm);
	size_t *slot = malloc((w1m - w0m + 1) * sizeof *slot);
	pos_k *pick = malloc((w1m - w0m + 1) * sizeof *pick);
	int rc = -1;
	if (!wm || !slot || !pick)
		goto out;
	for (int pass = 0; pass < 2; pass++) {   /* the links kept, then the candidates (XP_NP_EF1) */
		const xp_walign *from = pass ? whole->all : wa;
		xp_walign *to = pass ? &sa : &sw;
		if (!from || line == SIZE_MAX)
			continue;
		const pos_k *v = ix->l[pass];
		size_t a = first_at(v, ix->nl[pass], s0), b = first_at(v, ix->nl[pass], s1), nl = 0;
		xp_link *ls = malloc((b - a + 1) * sizeof *ls);
		pos_k *ks = malloc((b - a + 1) * sizeof *ks);
		if (!ls || !ks) {
			free(ls), free(ks);
			goto out;
		}
		for (size_t q = a; q < b; q++) {
			const xp_link *l = &from->links[from->start[line] + v[q].k];
			if (l->j >= t0 && l->j < t1)
				ks[nl++] = v[q];
		}
		qsort(ks, nl, sizeof *ks, by_k);   /* in the line's order, as the whole sentence has them */
		for (size_t q = 0; q < nl; q++) {
			ls[q] = from->links[from->start[line] + ks[q].k];
			ls[q].i -= s0, ls[q].j -= t0;
		}
		int ok = xp_walign_add(to, ls, nl) == 0;
		free(ls), free(ks);
		if (!ok)
			goto out;
		to->has_probs = from->has_probs;
	}
	/* the window's mentions, in the sentence's order */
	size_t np = 0;
	for (size_t q = w0m; q < w1m; q++)
		if (ms[ix->m[q].k].end <= s1)
			pick[np++] = (pos_k){0, ix->m[q].k};
	qsort(pick, np, sizeof *pick, by_k);
	xp_utt eu = ed->utts[ui];
	eu.toks += s0, eu.ntoks = s1 - s0;
	for (size_t p = 0; p < np; p++) {
		size_t q = pick[p].k;
		wm[nwm] = ms[q];
		wm[nwm].start -= s0, wm[nwm].end -= s0;
		slot[nwm++] = ms[q].start >= cs && ms[q].start < ce ? first + q : SIZE_MAX;
	}
	utt_ctx u = {.rec = &sub, .pack = whole->pack, .wa = &sw, .all = whole->all ? &sa : NULL,
		     .line = line == SIZE_MAX ? SIZE_MAX : 0, .so = whole->so};
	u.char0 = malloc((sub.ntgt + 1) * sizeof *u.char0);
	if (!u.char0)
		goto out;
	uint32_t c0 = whole->char0[t0];
	for (uint32_t j = 0; j <= sub.ntgt; j++)
		u.char0[j] = whole->char0[t0 + j] - c0;
	const char *const *w = (const char *const *)whole->w + c0;
	size_t at = r->p->n;
	if (ctx_open(r, &u, w, whole->wlen + c0, whole->char0[t1] - c0) ||
	    utt_mentions(r, &u, 1, ed, ui, &eu, wm, nwm, t)) {
		ctx_close(&u);
		goto out;
	}
	ctx_close(&u);
	for (size_t q = 0; q < nwm; q++) {   /* the core's, back in the sentence's tokens */
		xp_proj_mention *pm = &r->p->m[at + q];
		if (slot[q] == SIZE_MAX)
			continue;
		pm->en_start += s0, pm->en_end += s0;
		if (pm->tgt_utt >= 0)   /* written tokens */
			pm->tgt_start += c0, pm->tgt_end += c0;
		else if (pm->tgt_end > pm->tgt_start)   /* aligned ones, where no written span was made */
			pm->tgt_start += t0, pm->tgt_end += t0;
		pm->weak_lead += pm->weak_lead ? c0 : 0;
		r->p->m[slot[q]] = *pm;
		filled[slot[q] - first] = 1;
		memcpy(r->p->feat + slot[q] * nf, r->p->feat + (at + q) * nf, nf * sizeof *r->p->feat);
	}
	r->p->n = at;
	rc = 0;
out:
	free(wm), free(slot), free(pick);
	xp_walign_free(&sw), xp_walign_free(&sa);
	return rc;
}

static int utterance(run *r, const xp_doc *ed, size_t ui, size_t *mi, xp_doc *td, xp_proj_doc *pd)
{
	const size_t nf = (size_t)xp_nfeat();
	char key[1200];
	uint32_t k = xp_vocab_find(&r->keys, key, xp_aligned_key(key, sizeof key, ed->id, ed->part, (long long)ui));
	const xp_autt *rec = k != UINT32_MAX ? &r->al->v[k] : NULL;
	int has = rec && rec->ntgt;
	r->found += rec != NULL;
	pd->st.utterances++;
	pd->st.no_target += !has;
	utt_ctx u = {.rec = rec, .pack = xp_lang_get(rec ? rec->tgt_lang : NULL), .wa = r->wa, .all = r->o->all, .line = has && r->line[k] != UINT32_MAX ? r->line[k] : SIZE_MAX,
		     .so = &r->o->span};
	int32_t t = -1;
	size_t m0 = *mi;
	while (*mi < ed->nmentions && ed->mentions[*mi].utt == ui)
		(*mi)++;
	const xp_mention *ms = ed->mentions + m0;
	size_t n = *mi - m0;
	if (has) {
		u.char0 = malloc((rec->ntgt + 1) * sizeof *u.char0);
		if (!u.char0 || target_utt(&r->p->out, td, &ed->utts[ui], rec, r->o->chars, u.char0))
			goto oom;
		t = (int32_t)td->nutts - 1;
		const xp_utt *wu = &td->utts[t];
		if (xp_grow(&pd->en_utt_of, &pd->cap_tgt, pd->ntgt + 1, sizeof *pd->en_utt_of))
			goto oom;
		pd->en_utt_of[pd->ntgt++] = (int32_t)ui;
		const char **w = malloc((wu->ntoks + 1) * sizeof *w);
		uint32_t *wlen = malloc((wu->ntoks + 1) * sizeof *wlen);
		if (!w || !wlen) {
			free(w), free(wlen);
			goto oom;
		}
		for (uint32_t j = 0; j < wu->ntoks; j++)
			w[j] = xp_tok_str(wu, j, &wlen[j]);
		int bad = ctx_open(r, &u, w, wlen, wu->ntoks);
		free(w), free(wlen);
		if (bad)
			goto oom;
		if (long_sentence(rec, u.nw)) {
			/* slots for the sentence's mentions in their order; each window fills its core's */
			size_t first = r->p->n;
			uint8_t *filled = calloc(n + 1, 1);
			if (!filled || xp_grow(&r->p->m, &r->p->cap, first + n + 1, sizeof *r->p->m) ||
			    xp_grow(&r->p->feat, &r->cap_feat, first + n + 1, nf * sizeof *r->p->feat)) {
				free(filled);
				goto oom;
			}
			memset(r->p->feat + first * nf, 0, n * nf * sizeof *r->p->feat);
			r->p->n = first + n;
			win_ix ix;
			int bad2 = win_ix_make(&ix, &u, ms, n);
			for (uint32_t cs = 0; !bad2 && cs < rec->nsrc; cs += WIN_CORE)
				bad2 = utt_window(r, &u, &ix, ed, ui, ms, first, filled, cs,
						  cs + WIN_CORE < rec->nsrc ? cs + WIN_CORE : rec->nsrc, t);
			win_ix_free(&ix);
			for (size_t q = 0; !bad2 && q < n; q++)   /* in no window: beyond the sentence's end */
				if (!filled[q])
					r->p->m[first + q] = (xp_proj_mention){ms[q].id, ed->clusters[ms[q].cluster].label,
						(uint32_t)ui, ms[q].start, ms[q].end, -1, 0, 0, XP_NULL_OUT_OF_RANGE, 0, 0, 0,
						UINT32_MAX, (uint8_t)xp_pronoun_gender(&xp_mtype_en, &ed->utts[ui], ms[q].start,
										      ms[q].end), 0, 0};
			free(filled);
			if (bad2)
				goto oom;
			ctx_close(&u);
			return 0;
		}
	}
	if (utt_mentions(r, &u, has, ed, ui, &ed->utts[ui], ms, n, t))
		goto oom;
	ctx_close(&u);
	return 0;
oom:
	ctx_close(&u);
	return -1;
}

/* Every document's mentions, before they are settled: utterance by
 * utterance, each projected on its own. */
static int doc_mentions(run *r, const xp_doc *ed, xp_proj_doc *pd)
{
	xp_doc *td = xp_corpus_add_doc(&r->p->out, ed->id, strlen(ed->id), ed->part);
	if (!td)
		return -1;
	pd->id = td->id;
	pd->part = td->part;
	pd->text_hash = xp_aligned_doc_hash(ed, r->al, &r->keys);
	pd->first = r->p->n;
	size_t mi = 0;
	for (size_t ui = 0; ui < ed->nutts; ui++)
		if (utterance(r, ed, ui, &mi, td, pd))
			return -1;
	pd->n = r->p->n - pd->first;
	return 0;
}

/* XP_NP_CONSIST (consist.h) over the corpus, once every document has its
 * mentions: the target sentences as written, and per mention its English
 * words (none for a lone pronoun), whether they are a name, where it is. */
static int consistency(run *r, const xp_corpus *en)
{
	xp_projection *p = r->p;
	size_t n = p->n, nsent = 0, nd = p->ndocs;
	for (size_t d = 0; d < nd; d++)
		nsent += p->out.docs[d].nutts;
	xp_consist_sent *sent = calloc(nsent + 1, sizeof *sent);
	size_t *sent0 = calloc(nd + 1, sizeof *sent0);
	uint32_t *doc = malloc((n + 1) * sizeof *doc);
	int32_t *at = malloc((n + 1) * sizeof *at);
	char **key = calloc(n + 1, sizeof *key);
	uint8_t *name = calloc(n + 1, 1);
	float *pos = malloc((n + 1) * sizeof *pos);
	int rc = sent && sent0 && doc && at && key && name && pos ? 0 : -1;
	for (size_t d = 0, s = 0; !rc && d < nd; d++) {
		const xp_doc *td = &p->out.docs[d];
		sent0[d] = s;
		for (size_t t = 0; t < td->nutts; t++, s++) {
			const xp_utt *u = &td->utts[t];
			const char **w = malloc((u->ntoks + 1) * sizeof *w);
			uint32_t *len = malloc((u->ntoks + 1) * sizeof *len);
			sent[s] = (xp_consist_sent){w, len, u->ntoks};
			if (!w || !len) {
				rc = -1;
				break;
			}
			for (uint32_t j = 0; j < u->ntoks; j++)
				w[j] = xp_tok_str(u, j, &len[j]);
		}
	}
	for (size_t d = 0; !rc && d < nd; d++) {
		const xp_proj_doc *pd = &p->docs[d];
		const xp_doc *ed = &en->docs[d];
		/* each English utterance's target sentence (the last that stands
		 * for it), once per document: looking it up per mention cost
		 * mentions x sentences in one long document */
		int32_t *tgt_of = malloc((ed->nutts + 1) * sizeof *tgt_of);
		if (!tgt_of) {
			rc = -1;
			break;
		}
		for (size_t e = 0; e < ed->nutts; e++)
			tgt_of[e] = -1;
		for (size_t t = 0; t < pd->ntgt; t++)
			if (pd->en_utt_of[t] >= 0 && (size_t)pd->en_utt_of[t] < ed->nutts)
				tgt_of[pd->en_utt_of[t]] = (int32_t)t;
		for (size_t k = pd->first; k < pd->first + pd->n; k++) {
			xp_proj_mention *x = &p->m[k];
			const xp_utt *u = &ed->utts[x->en_utt];
			doc[k] = (uint32_t)d;
			at[k] = tgt_of[x->en_utt] < 0 ? -1 : (int32_t)(sent0[d] + (size_t)tgt_of[x->en_utt]);
			pos[k] = u->ntoks ? (x->en_start + x->en_end) / 2.0f / u->ntoks : 0;
			xp_mtype ty = xp_mention_type(&xp_mtype_en, u, x->en_start, x->en_end);
			if (ty == XP_MT_PRONOUN)
				continue;
			uint32_t len;
			if (ty == XP_MT_NAME) {   /* 2: where no sentence begins (consist.h) */
				const char *prev = x->en_start ? xp_tok_str(u, x->en_start - 1, &len) : NULL;
				static const char *const ends[] = {".", "?", "!", "...", "…", "-", "--", ":", "\"", NULL};
				int initial = !prev;
				for (size_t q = 0; prev && ends[q] && !initial; q++)
					initial = strlen(ends[q]) == len && !memcmp(prev, ends[q], len);
				name[k] = initial ? 1 : 2;
			}
			size_t total = 0;
			for (uint32_t i = x->en_start; i < x->en_end; i++)
				xp_tok_str(u, i, &len), total += len + 1;
			char *q = key[k] = malloc(total + 1);
			if (!q) {
				rc = -1;
				break;
			}
			for (uint32_t i = x->en_start; i < x->en_end; i++) {
				const char *w = xp_tok_str(u, i, &len);
				if (i > x->en_start)
					*q++ = ' ';
				memcpy(q, w, len), q += len;
			}
			*q = '\0';
		}
		free(tgt_of);
	}
	xp_consist_in in = {p->lang, sent, nsent, sent0, doc, at, (const char *const *)key, name, pos};
	/* names.h: first, consist spreads it; only where the pack lists the
	 * rule (Farsi's links already sit on its names: no tune scene moved,
	 * and MMC dev's names lost a little with it) */
	if (!rc && (r->o->np & XP_NP_NAMES) && r->o->names &&
	    (xp_lang_rule_set(xp_lang_get(p->lang), XP_RK_NP) & XP_NP_NAMES))
		rc = xp_names_place(p->m, n, &in, r->o->names) < 0 ? -1 : 0;
	if (!rc && (r->o->np & XP_NP_PHRASES) && r->o->phrases &&
	    (xp_lang_rule_set(xp_lang_get(p->lang), XP_RK_NP) & XP_NP_PHRASES))
		rc = xp_phrases_place(p->m, n, &in, r->o->phrases) < 0 ? -1 : 0;
	/* consist too only where the target's pack lists it */
	if (!rc && (r->o->np & XP_NP_CONSIST) && (xp_lang_rule_set(xp_lang_get(p->lang), XP_RK_NP) & XP_NP_CONSIST))
		rc = (r->st ? xp_consist_part(p->m, n, &in, r->st->names[r->which], r->st->apply) : xp_consist(p->m, n, &in)) < 0
			     ? -1
			     : 0;
	for (size_t s = 0; sent && s < nsent; s++)
		free((void *)sent[s].w), free((void *)sent[s].len);
	for (size_t k = 0; key && k < n; k++)
		free(key[k]);
	free(sent), free(sent0), free(doc), free(at), free(key), free(name), free(pos);
	return rc;
}

/* XP_LF_END_TABLE (lang.h): the last jieba word of written tokens [a, b)
 * (start[] as xp_seg_word_starts gives, b on a word's end) looked up in table
 * ze for document doc, into x[f]; -1 when memory ran out */
static int end_lex(xp_lex *ze, const char *doc, const char *const *w, const uint32_t *len,
		   const uint8_t *start, uint32_t a, uint32_t b, float *x, int f)
{
	if (!ze || b <= a)
		return 0;
	uint32_t k = b - 1;
	while (k > a && !start[k])
		k--;
	xp_buf s = {0};
	for (uint32_t j = k; j < b; j++)
		xp_buf_add(&s, w[j], len[j]);
	int rc = s.oom ? -1 : 0;
	if (!rc)
		x[f] = (float)xp_lex_end(ze, s.p ? s.p : "", s.n, xp_lex_fold_of(ze, doc));
	xp_buf_free(&s);
	return rc;
}

/* the English mention [s, e) of utterance eu holds a relative or infinitive
 * clause after its first word (np.h xp_en_clause_word; not the possessive
 * 's, nor a comma, which join noun phrases: "Ethan Allen 's finest sofas") */
static int en_clause(const xp_utt *eu, uint32_t s, uint32_t e)
{
	for (uint32_t i = s + 1; i < e; i++) {
		uint32_t n;
		const char *w = xp_tok_str(eu, i, &n);
		if (xp_en_clause_word(w, n) && !(n == 2 && !memcmp(w, "'s", 2)) && !(n == 1 && *w == ','))
			return 1;
	}
	return 0;
}

/* The pack's hooks of the pass on the segmenter's words (lang.h
 * XP_SH_WORDS) for projected mention m of document d, on sentence w[0..n)
 * with its words' starts and how many mentions hold each token (held). */
static void words_hooks(const run *r, const xp_lang_pack *lp, const xp_corpus *en, size_t d, xp_proj_mention *m,
			const char *const *w, const uint32_t *len, uint32_t n, const uint8_t *start, const uint8_t *held)
{
	const xp_utt *eu = &en->docs[d].utts[m->en_utt];
	xp_span_ctx c = {
		.lang = r->p->lang,
		.s = m->en_start,
		.e = m->en_end,
		.w = w,
		.wlen = len,
		.nw = n,
		.taken = held,
		.mtype = (int)xp_mention_type(&xp_mtype_en, eu, m->en_start, m->en_end),
		.placed = 1,
		.seg = r->zs,
		.start = start,
		.lead = m->weak_lead,
	};
	c.en_first = xp_tok_str(eu, m->en_start, &c.en_first_len);
	c.en_clause = c.mtype >= XP_MT_NOMINAL && en_clause(eu, m->en_start, m->en_end);
	xp_span_out o = {.a = m->tgt_start, .b = m->tgt_end};
	for (size_t i = 0; i < lp->nspan_hooks; i++) {
		const xp_span_hook *h = &lp->span_hooks[i];
		int on = h->kind == XP_RK_NP ? (r->o->np & h->bit) != 0 : h->kind == XP_RK_PRONOUN ? (r->o->rules & h->bit) != 0 : r->o->prodrop;
		if (h->stage != XP_SH_WORDS || !on)
			continue;
		c.a = o.a, c.b = o.b, c.marks = m->np;
		int hit = h->hook(&c, &o);
		m->tgt_start = o.a, m->tgt_end = o.b;   /* as the rule left it, applied or not */
		if (!hit)
			continue;
		hook_mark(m, h);
		if (o.drop) {
			m->fate = XP_NULL_FILTERED;
			break;
		}
	}
}

/* The segmenter's pass (lang.h XP_SH_WORDS, xp_lang_pack.segmenter_rule)
 * over the corpus, every other rule done (the consistency rule too, whose
 * words may lie inside a longer one): each projected span of a sentence of
 * the pack's language on the segmenter's words, and the pack's features on
 * them */
static int segmenter_words(run *r, const xp_corpus *en)
{
	const size_t nf = (size_t)xp_nfeat();
	xp_projection *p = r->p;
	const xp_lang_pack *lp = xp_lang_find(p->lang);
	for (size_t d = 0; d < p->ndocs; d++) {
		const xp_doc *td = &p->out.docs[d];
		const xp_proj_doc *pd = &p->docs[d];
		for (size_t t = 0; t < td->nutts; t++) {
			const xp_utt *u = &td->utts[t];
			const char **w = malloc((u->ntoks + 1) * sizeof *w);
			uint32_t *len = malloc((u->ntoks + 1) * sizeof *len);
			uint8_t *start = malloc(u->ntoks + 1), *blank = malloc(u->ntoks + 1), *held = calloc(u->ntoks + 1, 1);
			int rc = w && len && start && blank && held ? 0 : -1;
			/* which tokens the sentence's mentions hold, as the rules before found them */
			for (size_t k = pd->first; !rc && k < pd->first + pd->n; k++)
				for (uint32_t j = p->m[k].tgt_start;
				     p->m[k].fate == XP_PROJECTED && p->m[k].tgt_utt == (int32_t)t && j < p->m[k].tgt_end && j < u->ntoks; j++)
					held[j] += held[j] < UINT8_MAX;
			/* the tokens lie in the sentence's text: a gap between two is
			 * a blank of the text (a space between two Latin words) */
			for (uint32_t j = 0; !rc && j < u->ntoks; j++)
				w[j] = xp_tok_str(u, j, &len[j]),
				blank[j] = j > 0 && u->toks[j].off > u->toks[j - 1].off + u->toks[j - 1].len;
			if (!rc)
				rc = xp_seg_word_starts(r->zs, w, len, blank, u->ntoks, start);
			for (size_t k = pd->first; !rc && k < pd->first + pd->n; k++) {
				xp_proj_mention *m = &p->m[k];
				if (m->fate == XP_PROJECTED && m->tgt_utt == (int32_t)t && lp)
					words_hooks(r, lp, en, d, m, w, len, u->ntoks, start, held);
				/* the pack's features on these words (lang.h XP_LF_WORDS,
				 * XP_LF_END_TABLE), on the span as it ends */
				float *x = p->feat + k * nf;
				xp_lang_words in = {r->zs, w, len, u->ntoks, start, m->tgt_start, m->tgt_end};
				for (size_t i = 0; lp && i < lp->nfeatures && m->fate == XP_PROJECTED && m->tgt_utt == (int32_t)t &&
						   !x[XP_F_PRONOUN]; i++) {
					const xp_lang_feature *lf = &lp->features[i];
					int f = xp_feat_of(lf);
					if (f >= 0 && lf->kind == XP_LF_WORDS && lf->words)
						x[f] = lf->words(&in);
					else if (f >= 0 && lf->kind == XP_LF_END_TABLE && !rc)
						rc = end_lex(r->ze, td->id, w, len, start, m->tgt_start, m->tgt_end, x, f);
				}
			}
			free(w), free(len), free(start), free(blank), free(held);
			if (rc)
				return -1;
		}
	}
	return 0;
}

/* XP_NP_DOUBT (np.h): after the confidence, the noun phrases the model
 * doubts leave the settled document d.  Not a span another English mention
 * shares or lost to (a collision: its cluster was merged, or another kept
 * the span), so that dropping one never takes another with it. */
static int doubt(run *r, const xp_doc *ed, size_t d)
{
	const size_t nf = (size_t)xp_nfeat();
	xp_proj_doc *pd = &r->p->docs[d];
	xp_doc *td = &r->p->out.docs[d];
	xp_proj_mention *m = r->p->m + pd->first;
	size_t gone = 0;
	for (size_t i = 0; i < pd->n; i++) {
		xp_proj_mention *x = &m[i];
		if (x->fate != XP_PROJECTED || x->conf >= XP_NP_DOUBT_BELOW ||
		    xp_mention_type(&xp_mtype_en, &ed->utts[x->en_utt], x->en_start, x->en_end) < XP_MT_NOMINAL)
			continue;
		int shared = 0;
		for (size_t k = 0; k < pd->n && !shared; k++)
			shared = k != i && m[k].same_as == x->id && (m[k].fate == XP_SAME_SPAN || m[k].fate == XP_COLLIDED);
		if (shared)
			continue;
		size_t w = 0;
		for (size_t k = 0; k < td->nmentions; k++)
			if (td->mentions[k].id != x->id)
				td->mentions[w++] = td->mentions[k];
		if (w == td->nmentions)
			continue;
		td->nmentions = w;
		x->fate = XP_NULL_FILTERED;
		x->np |= XP_NP_DOUBT;
		/* what the projection did is now a null: its confidence is the
		 * null model's P(no addition needed), no longer the span's
		 * P(span right), which the doubt itself made low (confidence.h) */
		float *f = r->p->feat + (pd->first + i) * nf;
		double c = x->conf > 1e-6 ? x->conf : 1e-6;
		f[XP_F_DOUBTED] = 1;
		f[XP_F_DOUBT_ODDS] = (float)log(c / (1 - c));
		x->conf = (float)xp_conf_of(&r->p->model, XP_CONF_NULL, f);
		pd->st.projected--, pd->st.fate[XP_PROJECTED]--, pd->st.fate[XP_NULL_FILTERED]++;
		for (unsigned k = 0; k < XP_NP_NRULES; k++)
			pd->st.np[k] += XP_NP_BIT(k) == XP_NP_DOUBT;
		gone++;
	}
	if (!gone)
		return 0;
	size_t before = td->nclusters;
	if (xp_doc_finish(td, 0, NULL, NULL))
		return -1;
	pd->st.clusters -= before - td->nclusters;
	return 0;
}

/* A document's mentions settled into its target clusters (collide.c), and
 * their features and confidence. */
static int doc_settle(run *r, const xp_doc *ed, size_t d)
{
	const size_t nf = (size_t)xp_nfeat();
	xp_proj_doc *pd = &r->p->docs[d];
	xp_doc *td = &r->p->out.docs[d];
	/* no mentions: m may be NULL, and NULL + 0 is undefined */
	if (!pd->n)
		return xp_settle(NULL, 0, td, r->o->collide, &pd->st);
	if (xp_settle(r->p->m + pd->first, pd->n, td, r->o->collide, &pd->st))
		return -1;
	if (r->o->nalt)
		xp_feat_agree(r->p->m, r->p->feat, pd->first, pd->n, r->alt, r->o->nalt, XP_F_SEED_AGREE);
	if (r->ncom)
		xp_feat_agree(r->p->m, r->p->feat, pd->first, pd->n, r->com, r->ncom, XP_F_COMMITTEE);
	if (xp_feat_settle(r->p->m + pd->first, r->p->feat + pd->first * nf, pd->n, ed, td, r->o->nalt > 0,
			   r->ncom > 0, r->p->lang, r->p->model.lang[0] ? &r->p->model : NULL))
		return -1;
	/* only with a model (the committee's and other seeds' runs have none)
	 * and the aligner's posteriors: the model was fitted on them, and
	 * links without any (made by hand, another aligner's) are no doubt */
	if ((r->o->np & XP_NP_DOUBT) && r->p->model.lang[0] && r->wa->has_probs &&
	    (xp_lang_rule_set(xp_lang_get(r->p->lang), XP_RK_NP) & XP_NP_DOUBT))
		return doubt(r, ed, d);
	return 0;
}

/* The cluster of the longest of the first n mentions of td in utterance t
 * that ends at token e (the antecedent before a relative's comma), -1 if
 * none does. */
static long ending_at(const xp_doc *td, size_t n, size_t t, uint32_t e)
{
	long c = -1;
	uint32_t best = 0;
	for (size_t k = 0; k < n; k++) {
		const xp_mention *m = &td->mentions[k];
		if (m->utt == t && m->end == e && m->end - m->start > best)
			best = m->end - m->start, c = (long)m->cluster;
	}
	return c;
}

/* XP_NP_MARKED and XP_NP_RELATIVE (np.h), once document d's clusters are
 * settled: each word of the pack's `marked` list in the target sentences
 * that no mention is exactly becomes a mention of a cluster of its own (a
 * label past every other of the document); each of its `relatives` right
 * after a comma (and each of `relatives_any` anywhere), one of the cluster
 * of the mention before it.  Not
 * with --chars: the lists are of words. */
static int doc_marked(run *r, size_t d)
{
	const xp_lang_pack *pk = xp_lang_get(r->p->lang);
	xp_doc *td = &r->p->out.docs[d];
	uint64_t on = r->o->np & xp_lang_rule_set(pk, XP_RK_NP);
	const char *marked = on & XP_NP_MARKED ? pk->marked : NULL;
	const char *rel = on & XP_NP_RELATIVE ? pk->relatives : NULL;
	if ((!marked && !rel) || r->o->chars)
		return 0;
	long long label = 0;
	for (size_t c = 0; c < td->nclusters; c++)
		label = td->clusters[c].label >= label ? td->clusters[c].label + 1 : label;
	size_t n0 = td->nmentions, added[2] = {0, 0};
	for (size_t t = 0; t < td->nutts; t++) {
		const xp_utt *u = &td->utts[t];
		for (uint32_t j = 0; j < u->ntoks; j++) {
			uint32_t len, plen = 0, nlen = 0;
			const char *w = xp_tok_str(u, j, &len), *prev = j ? xp_tok_str(u, j - 1, &plen) : "";
			const char *next = j + 1 < u->ntoks ? xp_tok_str(u, j + 1, &nlen) : "";
			int k = marked && xp_word_listed(w, len, marked) ? 0
				: rel && ((plen == 1 && *prev == ',') || xp_word_listed(w, len, pk->relatives_any ? pk->relatives_any : "")) && xp_word_listed(w, len, rel) &&
						  !(xp_lang_has(pk, XP_LT_NOUN_CAPITALS) && nlen &&
						    (isupper((unsigned char)*next) || (unsigned char)*next == 0xC3))
					? 1
					: -1;
			if (k < 0)
				continue;
			int is = 0;
			for (size_t q = 0; q < n0 && !is; q++)
				is = td->mentions[q].utt == t && td->mentions[q].start == j && td->mentions[q].end == j + 1;
			if (is)
				continue;
			long c = k == 1 ? ending_at(td, n0, t, plen == 1 && *prev == ',' ? j - 1 : j) : -1;
			if (c < 0)
				c = xp_doc_cluster(td, label++);
			if (c < 0 || added[0] + added[1] >= XP_PROJ_RULE_SEQ_MAX ||
			    xp_doc_add_mention(td, (uint32_t)t, j, j + 1, (uint32_t)c, 0))
				return -1;
			/* an id no English mention has, which says the rule
			 * (the report lists such mentions: project/report.c) */
			td->mentions[td->nmentions - 1].id = XP_PROJ_RULE_ID((uint32_t)(added[0] + added[1]), (uint32_t)k);
			td->mentions[td->nmentions - 1].conf = 0.5f;
			added[k]++;
		}
	}
	r->p->docs[d].st.np[__builtin_ctzll(XP_NP_MARKED)] += added[0];
	r->p->docs[d].st.np[__builtin_ctzll(XP_NP_RELATIVE)] += added[1];
	return added[0] + added[1] && xp_doc_finish(td, 0, NULL, NULL) ? -1 : 0;
}

void xp_proj_stats_add(xp_proj_stats *t, const xp_proj_stats *s)
{
	t->mentions += s->mentions, t->projected += s->projected;
	for (int k = 0; k < XP_NCAUSES; k++)
		t->fate[k] += s->fate[k];
	t->collisions += s->collisions, t->merged_clusters += s->merged_clusters;
	t->nested += s->nested, t->crossing += s->crossing, t->prodrop += s->prodrop;
	for (unsigned k = 0; k < XP_PROJ_MAX_RULES; k++)
		t->lr[k] += s->lr[k];
	for (int k = 0; k < XP_PROJ_MAX_NP_RULES; k++)
		t->np[k] += s->np[k];
	t->utterances += s->utterances, t->no_target += s->no_target, t->clusters += s->clusters;
}

static int project_all(run *r, const xp_corpus *en, xp_err *err)
{
	const xp_proj_opts *o = r->o;
	const xp_aligned *al = r->al;
	xp_projection *p = r->p;
	/* the corpus' language: its first record's that names one (a
	 * document at a time, the whole file's, found before) */
	if (r->st)
		snprintf(p->lang, sizeof p->lang, "%s", r->st->lang);
	for (size_t k = 0; k < al->n && !p->lang[0] && !r->st; k++)
		if (al->v[k].tgt_lang)
			snprintf(p->lang, sizeof p->lang, "%s", al->v[k].tgt_lang);
	xp_conf_model def = {0};
	if (!r->st && !o->conf && !o->uncalibrated && xp_conf_default(&def, err))
		return -1;
	const xp_conf_model *dm = r->st ? &r->st->def : &def;
	const xp_conf_lang *cl = o->uncalibrated ? NULL : xp_conf_for(o->conf ? o->conf : dm, p->lang);
	if (cl)
		p->model = *cl;
	if (xp_aligned_index(al, "", &r->keys, err)) {
		xp_conf_free(&def);
		p->model.lex = NULL;
		return -1;
	}
	p->docs = calloc(en->ndocs + 1, sizeof *p->docs);
	int rc = p->docs ? 0 : -1;
	for (size_t d = 0; rc == 0 && d < en->ndocs; d++) {
		rc = doc_mentions(r, &en->docs[d], &p->docs[d]);
		p->ndocs = d + 1;
	}
	if (rc == 0 && (o->np & (XP_NP_CONSIST | XP_NP_NAMES | XP_NP_PHRASES)))
		rc = consistency(r, en);
	if (rc == 0 && r->zs && xp_lang_get(p->lang)->segmenter_rule)
		rc = segmenter_words(r, en);
	for (size_t d = 0; rc == 0 && d < p->ndocs; d++) {
		rc = doc_settle(r, &en->docs[d], d);
		if (rc == 0)
			rc = doc_marked(r, d);
		xp_proj_stats_add(&p->total, &p->docs[d].st);
	}
	xp_vocab_free(&r->keys);
	/* the model's lexicon was read by xp_feat_settle only; def owned it */
	xp_conf_free(&def);
	p->model.lex = NULL;
	if (rc)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory while projecting");
	/* Every mention would be an empty-target null: the files do not belong
	 * together, which a count of zeros would only hide.  (A document at a
	 * time, the caller counts: xp_proj_stream_found.) */
	if (r->st && r->which == 0)
		((xp_proj_stream *)r->st)->found += r->found;
	if (!r->found && al->n && p->total.utterances && !r->st)
		return xp_failc(err, XP_EINPUT, "", 0, "the aligned corpus has no utterance of the source's documents "
			       "(was it aligned from another transcript?)");
	return 0;
}

/* The committee: the same alignment projected again under other settings,
 * each a different guess at the span from the same evidence.  Where they
 * all land on the projection's span the span is robust; where a stricter
 * link threshold or another span rule moves it, it rests on weak links or
 * on a gap, and it is wrong far more often (on mmc-tune Chinese, a span
 * the >= 0.5 member keeps is wrong 13% of the time, one it shrinks 66%, one
 * it drops 52%).  Posteriors from the aligner are needed (without them the
 * thresholds change nothing); each member costs about a sixth of a
 * projection. */
static const struct member {
	double min_prob;
	xp_rule rule;
} committee[] = {{0.5, XP_RULE_MINMAX}, {0.7, XP_RULE_MINMAX}, {0.9, XP_RULE_MINMAX}, {0, XP_RULE_BLOCK}};
enum { NCOM = sizeof committee / sizeof *committee };

/* The projections others are compared with (other seeds' alignments, the
 * committee) are made with the options of the projection less the
 * comparisons and the model: top says whether this is the projection
 * itself. */
static int project_with(const xp_corpus *en, const xp_aligned *al, const xp_walign *wa, const uint32_t *line,
			const xp_proj_opts *o, xp_zhseg *zs, xp_lex *ze, int top, xp_projection *p,
			const xp_proj_stream *st, size_t which, xp_err *err)
{
	memset(p, 0, sizeof *p);
	run r = {al, wa, line, o, {0}, p, 0, 0, NULL, NULL, 0, zs, ze, st, which};
	size_t nalt = top ? o->nalt : 0, ncom = top && wa->has_probs ? NCOM : 0, n = nalt + ncom;
	/* Other seeds' alignments and the committee first: their projections,
	 * without a model, are what each mention's seed_agree and committee
	 * compare against. */
	xp_projection *other = n ? calloc(n, sizeof *other) : NULL;
	if (n && !other)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory while projecting");
	int rc = 0;
	size_t made = 0;
	for (; rc == 0 && made < n; made++) {
		xp_proj_opts ao = *o;
		/* and without the candidates (XP_NP_EF1): the model was fitted on
		 * what these projections are without them, and they are another
		 * seed's (alt) or would move the committee's spans, and so every
		 * mention's confidence, not only the ones the rule changed */
		ao.alt = NULL, ao.nalt = 0, ao.uncalibrated = 1, ao.conf = NULL, ao.all = NULL;
		const xp_walign *a = wa;
		if (made < nalt) {
			a = &o->alt[made];
		} else {
			const struct member *c = &committee[made - nalt];
			ao.span.min_prob = c->min_prob > o->span.min_prob ? c->min_prob : o->span.min_prob;
			ao.span.rule = c->rule;
		}
		rc = project_with(en, al, a, line, &ao, zs, NULL, 0, &other[made], st, 1 + made, err);
	}
	if (rc == 0) {
		r.alt = other, r.com = other ? other + nalt : NULL, r.ncom = ncom;   /* none: NULL + 0 is UB */
		rc = project_all(&r, en, err);
	}
	for (size_t k = 0; k < made; k++)
		xp_projection_free(&other[k]);
	free(other);
	return rc;
}

/* A pack's segmenter_rule (lang.h) needs jieba's words when the target is
 * its language and written in characters: from o->segmenter_data (an error if it cannot be read), else from
 * where python3-jieba installs them (left out, and said, when absent) */
int xp_project(const xp_corpus *en, const xp_aligned *al, const xp_walign *wa,
	       const uint32_t *line, const xp_proj_opts *o, xp_projection *p, xp_err *err)
{
	if (o->all && o->all->nsent != wa->nsent)
		return xp_failc(err, XP_EUSAGE, "", 0, "the candidate links have %zu sentence pairs, the alignment %zu",
				o->all->nsent, wa->nsent);
	int seg = 0;
	for (size_t k = 0; k < al->n && !seg; k++)
		seg = xp_lang_get(al->v[k].tgt_lang)->segmenter_rule != 0;
	xp_zhseg *zs = NULL;
	int state = 0;
	if (seg && o->chars && (o->np & xp_lang_segmenter_rules())) {
		int rc = xp_zhseg_open(o->segmenter_data ? o->segmenter_data : XP_ZHSEG_DIR, &zs, err);
		if (rc && (o->segmenter_data || rc != XP_ENOTFOUND))
			return rc;
		state = rc ? -1 : 1;
	}
	/* the pack's table of mention ends reads the same words */
	xp_lex *def = NULL, *ze = o->mention_ends;
	if (zs && !ze) {
		int rc = xp_lex_ends_default(&def, err);
		if (rc) {
			xp_zhseg_free(zs);
			return rc;
		}
		ze = def;
	}
	/* records that join English sentences (pair's 2:1 and 2:2 links) are
	 * projected on those units: the English corpus is read with each run
	 * as one utterance, its mentions shifted by the tokens before them */
	xp_corpus units = {0};
	xp_aligned ua = {0};
	size_t joined = 0;
	int rc = xp_aligned_units(en, al, "", &units, &ua, &joined, err);
	if (!rc)
		rc = project_with(joined ? &units : en, joined ? &ua : al, wa, line, o, zs, ze, 1, p, NULL, 0, err);
	xp_corpus_free(&units);
	free(ua.v);
	xp_lex_free(def);
	xp_zhseg_free(zs);
	p->segmenter = state;
	return rc;
}

/* --- a document at a time ------------------------------------------------------- */

void xp_proj_stream_free(xp_proj_stream *s)
{
	if (!s)
		return;
	for (size_t k = 0; k < s->nnames; k++)
		xp_consist_names_free(s->names[k]);
	free(s->names);
	xp_conf_free(&s->def);
	xp_lex_free(s->def_lex);
	xp_zhseg_free(s->zs);
	free(s);
}

int xp_proj_stream_open(const xp_proj_opts *o, const char *lang, int segmented, xp_proj_stream **out, xp_err *err)
{
	*out = NULL;
	if (o->all)   /* its lines are the whole corpus's, a document's differ */
		return xp_failc(err, XP_EUSAGE, "", 0, "the candidate links (XP_NP_EF1) need the whole corpus at once");
	xp_proj_stream *s = calloc(1, sizeof *s);
	if (!s)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	s->o = *o;
	snprintf(s->lang, sizeof s->lang, "%s", lang ? lang : "");
	int rc = 0;
	/* as xp_project opens them */
	if (segmented && o->chars && (o->np & xp_lang_segmenter_rules())) {
		rc = xp_zhseg_open(o->segmenter_data ? o->segmenter_data : XP_ZHSEG_DIR, &s->zs, err);
		if (rc && (o->segmenter_data || rc != XP_ENOTFOUND)) {
			xp_proj_stream_free(s);
			return rc;
		}
		s->seg_state = rc ? -1 : 1;
		rc = 0;
	}
	s->ze = o->mention_ends;
	if (s->zs && !s->ze) {
		if ((rc = xp_lex_ends_default(&s->def_lex, err))) {
			xp_proj_stream_free(s);
			return rc;
		}
		s->ze = s->def_lex;
	}
	if (!o->conf && !o->uncalibrated && (rc = xp_conf_default(&s->def, err))) {
		xp_proj_stream_free(s);
		return rc;
	}
	s->nnames = 1 + o->nalt + NCOM;
	s->names = calloc(s->nnames, sizeof *s->names);
	for (size_t k = 0; s->names && k < s->nnames; k++)
		if (!(s->names[k] = xp_consist_names_new()))
			break;
	if (!s->names || !s->names[s->nnames - 1]) {
		xp_proj_stream_free(s);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	*out = s;
	return 0;
}

int xp_proj_stream_doc(xp_proj_stream *s, const xp_corpus *en, const xp_aligned *al, const xp_walign *wa,
		       const uint32_t *line, const xp_walign *alt, xp_projection *p, xp_err *err)
{
	xp_proj_opts o = s->o;
	o.alt = alt;
	xp_corpus units = {0};
	xp_aligned ua = {0};
	size_t joined = 0;
	int rc = xp_aligned_units(en, al, "", &units, &ua, &joined, err);
	if (!rc)
		rc = project_with(joined ? &units : en, joined ? &ua : al, wa, line, &o, s->zs, s->ze, 1, p, s, 0, err);
	xp_corpus_free(&units);
	free(ua.v);
	p->segmenter = s->seg_state;
	return rc;
}

long xp_proj_stream_settle(xp_proj_stream *s)
{
	long total = 0;
	for (size_t k = 0; k < s->nnames && total >= 0; k++) {
		long n = xp_consist_names_settle(s->names[k]);
		total = n < 0 ? -1 : total + n;
	}
	s->apply = total > 0;
	return total;
}

size_t xp_proj_stream_found(const xp_proj_stream *s)
{
	return s->found;
}
