/* project/features.c — each mention's confidence features; see features.h. */
#include "features.h"
#include "collide.h"
#include "../lang/pron.h"
#include "../lang/lang.h"
#include "lexicon.h"
#include "../lang/np.h"
#include "../lang/prodrop.h"

#include "../base/text.h"
#include "../model/tokenize.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* the target language's pack (lang/lang.h), NULL if it has none */
static const xp_lang_pack *pack(const xp_fctx *c)
{
	return xp_lang_find(c->lang);
}

/* the pack's tests of its words for the generic features (lang.h
 * xp_lang_feat_words): all NULL for a pack without them */
static const xp_lang_feat_words *words_of(const xp_fctx *c)
{
	static const xp_lang_feat_words none;
	const xp_lang_pack *p = pack(c);
	return p && p->feat_words ? p->feat_words : &none;
}

static int usable(const xp_fctx *c, const xp_link *l)
{
	return !l->possible && l->i < c->nsrc && l->j < c->ntgt && l->prob >= c->min_prob;
}

int xp_fctx_init(xp_fctx *c)
{
	c->tany = calloc((size_t)c->ntgt + 1, 1);
	c->mark = calloc((size_t)c->ntgt + 1, 1);
	c->wtaken = calloc((size_t)c->nw + 1, 1);
	if (!c->tany || !c->mark || !c->wtaken)
		return -1;
	for (size_t k = 0; k < c->nlinks; k++)
		if (usable(c, &c->links[k]))
			c->tany[c->links[k].j] = 1;
	uint32_t words = 0, aligned = 0;
	for (uint32_t j = 0; j < c->ntgt; j++)
		if (!c->punct[j])
			words++, aligned += c->tany[j];
	c->sent_aligned = words ? (float)aligned / (float)words : 0;
	c->free_words = (float)log1p(words - aligned);
	return 0;
}

void xp_fctx_free(xp_fctx *c)
{
	free(c->tany);
	free(c->mark);
	free(c->wtaken);
	c->tany = c->mark = c->wtaken = NULL;
}

/* 1 if any aligned token overlapping written tokens [a, b) has a link */
static int written_aligned(const xp_fctx *c, uint32_t a, uint32_t b)
{
	for (uint32_t k = 0; k < c->ntgt; k++)
		if (c->char0[k] < b && c->char0[k + 1] > a && c->tany[k])
			return 1;
	return 0;
}

/* Is the target word the English pronoun stands for in the sentence, and
 * is it free (nothing aligned to it)?  A language written without spaces:
 * the matching pronoun (its pack's pronoun_span); one with person endings:
 * a verb whose ending agrees with a subject pronoun (verb_agrees). */
static void target_pronoun(const xp_fctx *c, const char *en, float *x)
{
	if (!c->lang || c->ntgt == 0)
		return;
	const xp_lang_feat_words *fw = words_of(c);
	if (xp_lang_has(pack(c), XP_LT_UNSPACED)) {
		uint32_t a = 0, b = c->nw;
		if (fw->pronoun_span && fw->pronoun_span(en, c->w, c->wlen, &a, &b)) {
			x[XP_F_TGT_PRONOUN] = 1;
			x[XP_F_TGT_PRONOUN_FREE] = !written_aligned(c, a, b);
		}
	} else if (xp_lang_has(pack(c), XP_LT_PERSON_ENDINGS)) {
		int person = xp_subject_person(en);
		for (uint32_t j = 0; person && fw->verb_agrees && j < c->ntgt; j++)
			if (fw->verb_agrees(c->tgt[j], person)) {
				x[XP_F_TGT_PRONOUN] = 1;
				x[XP_F_TGT_PRONOUN_FREE] = x[XP_F_TGT_PRONOUN_FREE] || !c->tany[j];
			}
	}
}

/* the len written tokens from k are those from a */
static int same_tokens(const xp_fctx *c, uint32_t k, uint32_t a, uint32_t len)
{
	uint32_t i = 0;
	while (i < len && c->wlen[k + i] == c->wlen[a + i] && !memcmp(c->w[k + i], c->w[a + i], c->wlen[a + i]))
		i++;
	return i == len;
}

/* other places in the written sentence holding the same tokens as [a, b) */
static uint32_t repeats(const xp_fctx *c, uint32_t a, uint32_t b)
{
	uint32_t n = 0, len = b - a;
	if (b > c->nw || a >= b)
		return 0;
	for (uint32_t k = 0; k + len <= c->nw; k++)
		n += k != a && same_tokens(c, k, a, len);
	return n;
}

/* twin_nearer: another place in the written sentence holding the same
 * tokens as [a, b) lies nearer relative position pos (the English
 * mention's) than [a, b) does */
static int twin_nearer(const xp_fctx *c, uint32_t a, uint32_t b, double pos)
{
	uint32_t len = b - a;
	if (b > c->nw || a >= b)
		return 0;
	double mine = fabs((a + len / 2.0) / c->nw - pos);
	for (uint32_t k = 0; k + len <= c->nw; k++) {
		if (k != a && fabs((k + len / 2.0) / c->nw - pos) < mine && same_tokens(c, k, a, len))
			return 1;
	}
	return 0;
}

/* the link features of [s, e) -> [a, b) */
static void links(const xp_fctx *c, uint32_t s, uint32_t e, uint32_t a, uint32_t b, float *x)
{
	double sum = 0, min = 1;
	uint32_t n = 0, one = 0, reached = 0;
	uint8_t seen[256] = {0};
	memset(c->mark + a, 0, b - a);
	for (size_t k = 0; k < c->nlinks; k++) {
		const xp_link *l = &c->links[k];
		if (!usable(c, l) || l->j < a || l->j >= b)
			continue;
		if (l->i < s || l->i >= e) {
			c->mark[l->j] |= 2;   /* also linked outside the mention */
			continue;
		}
		c->mark[l->j] |= 1;
		sum += l->prob, n++;
		min = l->prob < min ? l->prob : min;
		one += l->prob <= 0.5f;
		if (l->i - s < 256 && !seen[l->i - s])
			seen[l->i - s] = 1, reached++;
	}
	uint32_t inside = 0, shared = 0;
	for (uint32_t j = a; j < b; j++)
		inside += c->mark[j] & 1, shared += (c->mark[j] & 3) == 3;
	x[XP_F_LINK_MEAN] = n ? (float)(sum / n) : 0;
	x[XP_F_LINK_MIN] = n ? (float)min : 0;
	x[XP_F_ONE_WAY] = n ? (float)one / (float)n : 0;
	uint32_t en = e - s < 256 ? e - s : 256;
	x[XP_F_COVER] = en ? (float)reached / (float)en : 0;
	x[XP_F_GAP] = b > a ? 1 - (float)inside / (float)(b - a) : 0;
	x[XP_F_SHARED] = inside ? (float)shared / (float)inside : 0;
}

/* Farsi has no pronoun of its own for "it": it says it with a
 * demonstrative, این / اون / آن (with the object marker اینو / اونو,
 * emphatic همین / همون, همینو / همونو).  The span of an English "it" that holds one holds the word
 * that stands for it, as من does for "I": MMC's dev silver keeps 71% of 36
 * such spans against 17% of its other "it" spans that are no clitic (31%
 * of 86 on a clitic ش), mmc-tune's correctors all 12.  Not "this" / "that",
 * whose demonstrative is a translation the links find (the silver keeps 84%
 * of them, the correctors 50%, often a larger span: این کارو, این حرف).
 * Not for lang.h's pronoun rules either: a free این is as often a
 * determiner (این مراسم) as the pronoun. */
static int it_word_in(const xp_fctx *c, const char *en, uint32_t a, uint32_t b)
{
	if (!xp_lang_has(pack(c), XP_LT_PERSON_ENDINGS) || strcasecmp(en, "it"))
		return 0;
	int (*it_word)(const char *, uint32_t) = words_of(c)->it_word;
	for (uint32_t j = a; it_word && j < b; j++)
		if (it_word(c->w[j], c->wlen[j]))
			return 1;
	return 0;
}

/* every written token but the span [a, b) taken (c->wtaken): the searches
 * for a free word (xp_free_pronoun, the pack's free_interrogative) then look
 * inside the span only */
static const uint8_t *outside(const xp_fctx *c, uint32_t a, uint32_t b)
{
	memset(c->wtaken, 1, c->nw);
	memset(c->wtaken + a, 0, b - a);
	return c->wtaken;
}

/* pron_in: the target pronoun English pronoun en stands for (lang.h; a
 * Farsi demonstrative for "it": it_word_in) is in the written span [a, b) */
static int pronoun_in(const xp_fctx *c, const char *en, uint32_t a, uint32_t b)
{
	uint32_t pa, pb;
	if (it_word_in(c, en, a, b))
		return 1;
	return xp_free_pronoun(en, c->lang, c->w, c->wlen, c->nw, outside(c, a, b), 0.5, &pa, &pb);
}

/* wh_in: the Chinese interrogative English what / who en stands for is in
 * the written span [a, b) (not the 什么 of 为什么 "why"), as pronoun_in */
static int interrogative_in(const xp_fctx *c, const char *en, uint32_t a, uint32_t b)
{
	uint32_t pa, pb;
	const xp_lang_feat_words *fw = words_of(c);
	return fw->free_interrogative &&
	       fw->free_interrogative(en, c->w, c->wlen, c->nw, outside(c, a, b), 0.5, &pa, &pb);
}

/* w[0..n) with Arabic yeh and kaf as the Persian letters, into buf (cap
 * bytes, NUL-terminated; the folding keeps every length): NULL if it does
 * not fit.  The Farsi tests (prodrop.h) read the Persian letters only, and
 * subtitles write many words with the Arabic ones (مي كني). */
static const char *folded(const xp_lang_pack *p, const char *w, uint32_t n, char *buf, size_t cap)
{
	if (n >= cap)
		return NULL;
	xp_lang_fold(p, w, n, buf, 0);   /* the pack's: ي -> ی, ك -> ک; not ى (lang.h) */
	buf[n] = '\0';
	return buf;
}

/* pron_agree's test, for a language that folds letters (Farsi) one folded token at a time */
static int pronoun_agrees(const xp_fctx *c, const char *en, uint32_t a, uint32_t b)
{
	const xp_lang_pack *p = pack(c);
	if (!p || !p->fold)
		return xp_pronoun_matches(en, c->lang, c->w, c->wlen, a, b);
	char w[256];
	for (uint32_t j = a; j < b; j++) {
		const char *wp = folded(p, c->w[j], c->wlen[j], w, sizeof w);
		uint32_t n = c->wlen[j];
		if (wp && xp_pronoun_matches(en, c->lang, &wp, &n, 0, 1))
			return 1;
	}
	return 0;
}



/* written token j as a string (into w, cap bytes): NULL if it does not fit */
static const char *written(const xp_fctx *c, uint32_t j, char *w, size_t cap)
{
	if (c->wlen[j] >= cap)
		return NULL;
	memcpy(w, c->w[j], c->wlen[j]);
	w[c->wlen[j]] = '\0';
	return w;
}

/* drop_verb: a written token of [a, b) is a Farsi verb form (prodrop.h) */
static int verb_in(const xp_fctx *c, uint32_t a, uint32_t b)
{
	char buf[256];
	int (*verb_form)(const char *) = words_of(c)->verb_form;
	for (uint32_t j = a; verb_form && j < b; j++) {
		const char *w = written(c, j, buf, sizeof buf);
		if (w && verb_form(w))
			return 1;
	}
	return 0;
}

/* verb_rivals: Farsi verb forms agreeing with subject person p outside [a, b) */
static uint32_t verb_rivals(const xp_fctx *c, int p, uint32_t a, uint32_t b)
{
	char buf[256];
	uint32_t n = 0;
	const xp_lang_feat_words *fw = words_of(c);
	if (!fw->verb_agrees || !fw->verb_form)
		return 0;
	for (uint32_t j = 0; j < c->nw; j++) {
		const char *w = j < a || j >= b ? written(c, j, buf, sizeof buf) : NULL;
		n += w && fw->verb_agrees(w, p) && fw->verb_form(w);
	}
	return n;
}

void xp_feat_mention(const xp_fctx *c, const xp_proj_mention *pm, uint32_t s, uint32_t e, uint32_t a, uint32_t b,
		     float *x)
{
	const size_t nf = (size_t)xp_nfeat();
	memset(x, 0, nf * sizeof *x);
	x[XP_F_SEED_AGREE] = x[XP_F_COMMITTEE] = 1;   /* until xp_feat_agree compares other runs */
	x[XP_F_EN_LEN] = (float)log1p(e - s);
	x[XP_F_UTT_SCORE] = (float)c->score;
	x[XP_F_SENT_ALIGNED] = c->sent_aligned;
	x[XP_F_FREE_WORDS] = c->free_words;
	if (c->ntgt) {
		x[XP_F_SENT_LEN] = (float)log1p(c->ntgt);
		x[XP_F_SENT_RATIO] = (float)fabs(log((c->ntgt + 1.0) / (c->nsrc + 1.0)));
	}
	if (e <= c->nsrc && e > s) {
		int t = xp_en_type(c->src, s, e);
		x[XP_F_PRONOUN] = t == XP_EN_PRONOUN;
		/* Chinese only (on Farsi it moved nothing beyond noise): a demonstrative's 这/那 is kept
		 * far less often than a personal pronoun's 我 (MMC dev silver 70% of 173 against 94%,
		 * mmc-tune's correctors 57% of 30 against 92%), which tgt_pronoun and pron_in, made for
		 * personal pronouns, do not tell apart from a personal pronoun without its match */
		x[XP_F_DEMONSTRATIVE] = t == XP_EN_PRONOUN && xp_lang_has(pack(c), XP_LT_UNSPACED) &&
					(!strcasecmp(c->src[s], "this") || !strcasecmp(c->src[s], "that") ||
					 !strcasecmp(c->src[s], "these") || !strcasecmp(c->src[s], "those"));
		x[XP_F_NAME] = t == XP_EN_NAME;
		if (t == XP_EN_PRONOUN)
			target_pronoun(c, c->src[s], x);
	}
	if (pm->fate != XP_PROJECTED) {
		x[XP_F_UNALIGNED] = pm->fate == XP_NULL_UNALIGNED || pm->fate == XP_NULL_FILTERED;
		return;
	}
	if (b > c->ntgt || a >= b)
		return;
	if (pm->prodrop) {   /* no link of its own: the verb's */
		x[XP_F_PRODROP] = 1;
		links(c, s + 1, e + 3 < c->nsrc ? e + 3 : c->nsrc, a, b, x);
		x[XP_F_COVER] = 0;
	} else {
		links(c, s, e, a, b, x);
	}
	x[XP_F_TGT_LEN] = (float)log1p(b - a);
	if (c->nsrc && e <= c->nsrc)
		x[XP_F_POS_DIFF] = (float)fabs((s + e) / (2.0 * c->nsrc) - (a + b) / (2.0 * c->ntgt));
	x[XP_F_REPEATS] = (float)log1p(repeats(c, pm->tgt_start, pm->tgt_end));
	if (xp_lang_has(pack(c), XP_LT_UNSPACED) && c->nsrc && e <= c->nsrc && x[XP_F_REPEATS] > 0)
		x[XP_F_TWIN_NEARER] = (float)twin_nearer(c, pm->tgt_start, pm->tgt_end, (s + e) / (2.0 * c->nsrc));
	x[XP_F_RATIO] = (float)fabs(log((b - a + 1.0) / (e - s + 1.0)));
	x[XP_F_NEIGHBOUR] = (a > 0 && !c->tany[a - 1] && !c->punct[a - 1]) + (b < c->ntgt && !c->tany[b] && !c->punct[b]);
	x[XP_F_RULE_ARTICLES] = (pm->rule & XP_LR_ARTICLES) != 0;
	const xp_lang_pack *lp = pack(c);
	for (size_t k = 0; lp && k < lp->nfeatures; k++) {
		int f = xp_feat_of(&lp->features[k]);
		if (f >= 0 && lp->features[k].kind == XP_LF_RULE)
			x[f] = (pm->rule & lp->features[k].bit) != 0;
	}
	if (pm->tgt_end > c->nw || pm->tgt_start >= pm->tgt_end)
		return;
	if (pm->prodrop && xp_lang_has(pack(c), XP_LT_PERSON_ENDINGS))
		x[XP_F_DROP_VERB] = (float)verb_in(c, pm->tgt_start, pm->tgt_end);
	if (x[XP_F_PRONOUN]) {
		x[XP_F_PRON_IN] = (float)pronoun_in(c, c->src[s], pm->tgt_start, pm->tgt_end);
		x[XP_F_PRON_AGREE] = !x[XP_F_PRON_IN] && pronoun_agrees(c, c->src[s], pm->tgt_start, pm->tgt_end);
		int p = xp_subject_person(c->src[s]);
		if (p && (pm->prodrop || x[XP_F_PRON_AGREE]) && xp_lang_has(pack(c), XP_LT_PERSON_ENDINGS))
			x[XP_F_VERB_RIVALS] = (float)log1p(verb_rivals(c, p, pm->tgt_start, pm->tgt_end));
		uint32_t z = pm->tgt_end - 1;
		int (*particle)(const char *, uint32_t) = words_of(c)->possessive_particle;
		x[XP_F_PRON_DE] = xp_lang_has(pack(c), XP_LT_UNSPACED) && xp_possessive_person(c->src[s]) && particle &&
				  particle(c->w[z], c->wlen[z]);
	} else {
		x[XP_F_ONE_CHAR] = pm->tgt_end == pm->tgt_start + 1 &&
				   xp_utf8_count(c->w[pm->tgt_start], c->wlen[pm->tgt_start]) == 1;
		if (xp_lang_has(pack(c), XP_LT_UNSPACED) && e == s + 1 && lp && lp->pronoun_like && lp->pronoun_like(c->src[s]))
			x[XP_F_WH_IN] = (float)interrogative_in(c, c->src[s], pm->tgt_start, pm->tgt_end);
	}
	/* the pack's own features of the span (lang.h XP_LF_SPAN), every generic one known */
	xp_lang_span in = {c->lang, c->src, c->nsrc, s, e, c->w, c->wlen, c->nw, pm->tgt_start, pm->tgt_end,
			   x[XP_F_PRONOUN] != 0, x[XP_F_NAME] != 0, pm->prodrop != 0, x[XP_F_PRON_AGREE] != 0, c->wtaken};
	for (size_t k = 0; lp && k < lp->nfeatures; k++) {
		int f = xp_feat_of(&lp->features[k]);
		if (f >= 0 && lp->features[k].kind == XP_LF_SPAN && lp->features[k].span)
			x[f] = lp->features[k].span(&in);
	}
}

/* --- after the collisions ------------------------------------------------------------------ */

/* Mentions are sorted as pointers (no file-global base for qsort, the
 * library may run in several threads); an index is a pointer's offset. */
static int by_id(const void *a, const void *b)
{
	uint32_t x = (*(const xp_proj_mention *const *)a)->id, y = (*(const xp_proj_mention *const *)b)->id;
	return x < y ? -1 : x > y;
}

static size_t find_id(const xp_proj_mention *pm, const xp_proj_mention **ids, size_t n, uint32_t id)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ids[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ids[lo]->id == id ? (size_t)(ids[lo] - pm) : SIZE_MAX;
}

void xp_feat_agree(const xp_proj_mention *pm, float *x, size_t first, size_t n, const xp_projection *alt,
		   size_t nalt, xp_feat f)
{
	const size_t nf = (size_t)xp_nfeat();
	for (size_t i = first; i < first + n; i++) {
		const xp_proj_mention *a = &pm[i];
		size_t same = 0;
		for (size_t k = 0; k < nalt; k++) {
			/* the same English corpus in the same order: mention i is mention i */
			const xp_proj_mention *b = i < alt[k].n ? &alt[k].m[i] : NULL;
			if (!b || b->id != a->id)
				continue;
			int pa = a->fate == XP_PROJECTED, pb = b->fate == XP_PROJECTED;
			same += pa == pb && (!pa || (a->tgt_utt == b->tgt_utt && a->tgt_start == b->tgt_start &&
						    a->tgt_end == b->tgt_end));
		}
		x[i * nf + f] = nalt ? (float)same / (float)nalt : 1;
	}
}

/* form_seen, form_agree: the other projections of the same English cluster
 * in the same English words.  A name or a noun phrase repeated in a scene
 * is mostly translated the same way each time; a projection that lands on
 * other words than its twins' is suspect (and so, less, are the twins).
 *
 * Twins are found by sorting, not by comparing every pair: a document of N
 * mentions cost N^2 word comparisons (10 s at 80k mentions in
 * bench/growth.sh, where one long document is the worst case).  Sorted by
 * cluster, then the English words (ASCII case folded), then the target words,
 * a run of equal (cluster, English) holds a mention's twins, and a run of
 * equal target words inside it those with its translation. */
typedef struct form_key {
	const xp_proj_mention *m;
	const xp_utt *eu, *tu; /* tu NULL: the target span is out of its sentence */
	size_t i;
} form_key;

/* tokens [a, b) of u against [c, d) of v: by length, then word by word
 * (fold: ASCII case), so that 0 is exactly "the same words" */
static int cmp_words(const xp_utt *u, uint32_t a, uint32_t b, const xp_utt *v, uint32_t c, uint32_t d, int fold)
{
	if (b - a != d - c)
		return b - a < d - c ? -1 : 1;
	for (uint32_t k = 0; k < b - a; k++) {
		uint32_t n1, n2;
		const unsigned char *s1 = (const unsigned char *)xp_tok_str(u, a + k, &n1),
				    *s2 = (const unsigned char *)xp_tok_str(v, c + k, &n2);
		if (n1 != n2)
			return n1 < n2 ? -1 : 1;
		for (uint32_t j = 0; j < n1; j++) {
			int c1 = s1[j], c2 = s2[j];
			if (fold && c1 < 128 && c2 < 128)
				c1 = tolower(c1), c2 = tolower(c2);
			if (c1 != c2)
				return c1 < c2 ? -1 : 1;
		}
	}
	return 0;
}

static int cmp_form_en(const form_key *p, const form_key *q)
{
	if (p->m->cluster != q->m->cluster)
		return p->m->cluster < q->m->cluster ? -1 : 1;
	return cmp_words(p->eu, p->m->en_start, p->m->en_end, q->eu, q->m->en_start, q->m->en_end, 1);
}

static int cmp_form(const void *x, const void *y)
{
	const form_key *p = x, *q = y;
	int c = cmp_form_en(p, q);
	if (c)
		return c;
	if (!p->tu || !q->tu)
		return !p->tu - !q->tu;
	return cmp_words(p->tu, p->m->tgt_start, p->m->tgt_end, q->tu, q->m->tgt_start, q->m->tgt_end, 0);
}

static int forms(const xp_proj_mention *pm, float *x, size_t n, const xp_doc *ed, const xp_doc *td)
{
	const size_t nf = (size_t)xp_nfeat();
	form_key *k = malloc((n + 1) * sizeof *k);
	size_t nk = 0;
	if (!k)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const xp_proj_mention *a = &pm[i];
		if (a->fate != XP_PROJECTED || a->tgt_utt < 0 || (size_t)a->tgt_utt >= td->nutts || a->en_utt >= ed->nutts)
			continue;
		x[i * nf + XP_F_FORM_SEEN] = x[i * nf + XP_F_FORM_AGREE] = 0;
		const xp_utt *eu = &ed->utts[a->en_utt], *tu = &td->utts[a->tgt_utt];
		if (a->en_end < a->en_start || a->en_end > eu->ntoks)
			continue; /* words no other mention can share */
		k[nk++] = (form_key){a, eu, a->tgt_end >= a->tgt_start && a->tgt_end <= tu->ntoks ? tu : NULL, i};
	}
	qsort(k, nk, sizeof *k, cmp_form);
	for (size_t lo = 0, hi; lo < nk; lo = hi) {
		for (hi = lo + 1; hi < nk && !cmp_form_en(&k[lo], &k[hi]); hi++)
			;
		for (size_t a = lo, b; a < hi; a = b) {
			for (b = a + 1; b < hi && k[a].tu && !cmp_form(&k[a], &k[b]); b++)
				;
			for (size_t j = a; j < b; j++) {
				uint32_t seen = (uint32_t)(hi - lo - 1), same = k[j].tu ? (uint32_t)(b - a - 1) : 0;
				x[k[j].i * nf + XP_F_FORM_SEEN] = (float)log1p(seen);
				x[k[j].i * nf + XP_F_FORM_AGREE] = seen ? (float)same / (float)seen : 0;
			}
		}
	}
	free(k);
	return 0;
}

/* poss_lost, Chinese only: a noun phrase the English possessive determiner
 * begins (my keys) whose span holds no Chinese pronoun for the possessor
 * (lang.h xp_pronoun_matches).  Chinese often leaves the possessor out (找钥匙
 * "find [my] keys"); MMC's correctors then mark the verb before the noun as
 * the possessor's zero pronoun and take it into the noun phrase (找钥匙), so
 * 钥匙 alone is wrong: on mmc-tune 65% of such spans against 19% of those
 * holding the pronoun, on MMC dev the silver 46% against 22%.  (Farsi writes
 * the possessor as a clitic; the feature moved nothing there.) */
static void possessor(const xp_proj_mention *pm, float *x, size_t n, const xp_doc *ed, const xp_doc *td,
		      const char *lang)
{
	const size_t nf = (size_t)xp_nfeat();
	static const char *const det[] = {"my", "your", "his", "her", "its", "our", "their", NULL};
	if (!xp_lang_has(xp_lang_find(lang), XP_LT_UNSPACED))
		return;
	for (size_t i = 0; i < n; i++) {
		const xp_proj_mention *m = &pm[i];
		if (m->fate != XP_PROJECTED || m->tgt_utt < 0 || (size_t)m->tgt_utt >= td->nutts ||
		    m->en_utt >= ed->nutts || m->en_end < m->en_start + 2 || m->tgt_end <= m->tgt_start ||
		    m->tgt_end - m->tgt_start > 64 || m->tgt_end > td->utts[m->tgt_utt].ntoks)
			continue;
		const xp_utt *eu = &ed->utts[m->en_utt], *tu = &td->utts[m->tgt_utt];
		uint32_t len;
		const char *w = xp_tok_str(eu, m->en_start, &len);
		size_t k = 0;
		while (det[k] && !(strlen(det[k]) == len && !strncasecmp(det[k], w, len)))
			k++;
		if (!det[k])
			continue;
		const char *ws[64];
		uint32_t wl[64], nt = 0;
		for (uint32_t j = m->tgt_start; j < m->tgt_end; j++, nt++)
			ws[nt] = xp_tok_str(tu, j, &wl[nt]);
		x[i * nf + XP_F_POSS_LOST] = !xp_pronoun_matches(det[k], lang, ws, wl, 0, nt);
	}
}

/* A pack's XP_LF_END_MODEL features (lang.h): how often the reference's
 * mentions end on the span's last token, by the model's lexicon
 * (lexicon.h), for a mention that is no English pronoun. */
static void last_word(const xp_proj_mention *pm, float *x, size_t n, const xp_doc *td, const char *lang,
		      const xp_conf_lang *m)
{
	const size_t nf = (size_t)xp_nfeat();
	const xp_lang_pack *lp = xp_lang_find(lang);
	for (size_t k = 0; m && m->lex && lp && k < lp->nfeatures; k++) {
		int f = xp_feat_of(&lp->features[k]);
		if (f < 0 || lp->features[k].kind != XP_LF_END_MODEL)
			continue;
		for (size_t i = 0; i < n; i++) {
			const xp_proj_mention *a = &pm[i];
			if (a->fate == XP_PROJECTED && x[i * nf + XP_F_PRONOUN] == 0)
				x[i * nf + f] = (float)xp_lex_span_end(m->lex, td, a->tgt_utt, a->tgt_start, a->tgt_end, -1);
		}
	}
}

/* rule_pron, rule_np, rule_consist from the rule bits the mention ended
 * with; cluster, cluster_proj from its English cluster's other mentions */
static int by_cluster(const void *x, const void *y)
{
	const xp_proj_mention *a = *(const xp_proj_mention *const *)x, *b = *(const xp_proj_mention *const *)y;
	if (a->cluster != b->cluster)
		return a->cluster < b->cluster ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int rules_and_cluster(const xp_proj_mention *pm, float *x, size_t n, const xp_lang_pack *lp)
{
	const size_t nf = (size_t)xp_nfeat();
	const uint64_t words = xp_lang_segmenter_rules();   /* rule_words: the segmenter's pass */
	for (size_t i = 0; i < n; i++) {
		const xp_proj_mention *a = &pm[i];
		float *f = x + i * nf;
		/* a pack's rule features of the settled mention (lang.h XP_LF_RULE_SETTLED) */
		int own = 0;
		for (size_t k = 0; lp && k < lp->nfeatures; k++) {
			int g = xp_feat_of(&lp->features[k]);
			if (g >= 0 && lp->features[k].kind == XP_LF_RULE_SETTLED) {
				f[g] = (a->rule & lp->features[k].bit) != 0;
				own = own || f[g] != 0;
			}
		}
		f[XP_F_RULE_PRON] = (a->rule & XP_LR_RULE_PRON) != 0 && !own;
		f[XP_F_RULE_NP] = (a->np & ~(XP_NP_CONSIST | words)) != 0;
		f[XP_F_RULE_WORDS] = (a->np & words) != 0;
		f[XP_F_RULE_CONSIST] = (a->np & XP_NP_CONSIST) != 0;
	}
	/* by cluster, so that a document of 30,000 mentions stays linear-ish (tests/cli/growth.sh) */
	const xp_proj_mention **by = malloc((n + 1) * sizeof *by);
	if (!by)
		return -1;
	for (size_t i = 0; i < n; i++)
		by[i] = &pm[i];
	qsort(by, n, sizeof *by, by_cluster);
	for (size_t i = 0, e; i < n; i = e) {
		uint32_t total = 0, projected = 0;
		for (e = i; e < n && by[e]->cluster == by[i]->cluster; e++)
			total++, projected += by[e]->fate == XP_PROJECTED;
		for (size_t k = i; k < e; k++) {
			float *f = x + (size_t)(by[k] - pm) * nf;
			uint32_t others = total - 1, proj = projected - (by[k]->fate == XP_PROJECTED);
			f[XP_F_CLUSTER] = (float)log1p(others);
			f[XP_F_CLUSTER_PROJ] = others ? (float)proj / (float)others : 0;
		}
	}
	free(by);
	return 0;
}

int xp_feat_settle(xp_proj_mention *pm, float *x, size_t n, const xp_doc *ed, xp_doc *td, int seeds,
		   int committee, const char *lang, const xp_conf_lang *m)
{
	const size_t nf = (size_t)xp_nfeat();
	const xp_proj_mention **ids = malloc((n + 1) * sizeof *ids), **sp = malloc((n + 1) * sizeof *sp);
	size_t ns = 0;
	if (!ids || !sp) {
		free(ids), free(sp);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		ids[i] = &pm[i];
	qsort(ids, n, sizeof *ids, by_id);
	for (size_t i = 0; i < n; i++) {
		float *f = x + i * nf;
		f[XP_F_SAME_SPAN] = pm[i].fate == XP_SAME_SPAN;
		f[XP_F_DROPPED] = pm[i].fate == XP_COLLIDED;
		if (pm[i].fate == XP_COLLIDED && pm[i].same_as != pm[i].id) {
			size_t k = find_id(pm, ids, n, pm[i].same_as);
			if (k != SIZE_MAX)
				x[k * nf + XP_F_COLLIDED] = 1;
		}
		if (pm[i].fate == XP_PROJECTED)
			sp[ns++] = &pm[i];
	}
	qsort(sp, ns, sizeof *sp, xp_proj_by_span);
	if (forms(pm, x, n, ed, td)) {
		free(ids), free(sp);
		return -1;
	}
	possessor(pm, x, n, ed, td, lang);
	last_word(pm, x, n, td, lang, m);
	if (rules_and_cluster(pm, x, n, xp_lang_find(lang))) {
		free(ids), free(sp);
		return -1;
	}
	for (size_t i = 0; i < ns; i++)
		for (size_t j = i + 1; j < ns; j++) {
			const xp_proj_mention *a = sp[i], *b = sp[j];
			if (a->tgt_utt != b->tgt_utt || b->tgt_start >= a->tgt_end)
				break;
			int f = b->tgt_end <= a->tgt_end || b->tgt_start == a->tgt_start ? XP_F_NESTED : XP_F_CROSSING;
			x[(size_t)(a - pm) * nf + f] = x[(size_t)(b - pm) * nf + f] = 1;
		}
	for (size_t i = 0; m && i < n; i++) {
		int kind = pm[i].fate == XP_PROJECTED ? XP_CONF_PROJECTED
			 : pm[i].fate == XP_NULL_EMPTY_TARGET ? XP_CONF_NO_TARGET : XP_CONF_NULL;
		/* without other seeds' runs or a committee, what a typical mention of the fit had */
		const double *mean = kind == XP_CONF_PROJECTED ? m->projected.mean : m->null.mean;
		if (!seeds && kind != XP_CONF_NO_TARGET)
			x[i * nf + XP_F_SEED_AGREE] = (float)mean[XP_F_SEED_AGREE];
		if (!committee && kind != XP_CONF_NO_TARGET)
			x[i * nf + XP_F_COMMITTEE] = (float)mean[XP_F_COMMITTEE];
		pm[i].conf = (float)xp_conf_of(m, kind, x + i * nf);
	}
	for (size_t k = 0; m && k < td->nmentions; k++) {
		size_t i = find_id(pm, ids, n, td->mentions[k].id);
		if (i != SIZE_MAX)
			td->mentions[k].conf = pm[i].conf;
	}
	free(ids);
	free(sp);
	return 0;
}
