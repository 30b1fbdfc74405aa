/* project/names.c — a name takes the form its show gives it; see names.h. */
#include "names.h"
#include "../lang/lang.h"
#include "../lang/np.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>

static unsigned char fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c; }

const char *xp_names_fold(const xp_lang_pack *pk, const char *w, size_t *n, char *buf, size_t cap)
{
	const char *s = w;
	size_t m = *n;
	int plain = 1;   /* ASCII: its case is folded as it is compared */
	for (size_t i = 0; i < m && plain; i++)
		plain = (unsigned char)s[i] < 0x80 && s[i] != '`';
	int k = plain ? -1 : xp_utf8_fold(s, m, buf, cap);
	if (k >= 0)
		s = buf, m = (size_t)k;
	if (pk && m <= cap && xp_lang_fold(pk, s, m, buf, XP_FOLD_MAKSURA))
		s = buf;
	*n = m;
	return s;
}

/* 1 if r[0..n) is one of the enclitics (a ZWNJ before it or not) */
static int clitic(const char *const *clitics, const char *r, size_t n)
{
	if (!clitics || !n)
		return 0;
	if (n > 3 && !memcmp(r, "\u200c", 3))
		r += 3, n -= 3;
	for (size_t k = 0; clitics[k]; k++)
		if (strlen(clitics[k]) == n && !memcmp(r, clitics[k], n))
			return 1;
	return 0;
}

/* Form f[0..fn) (its spaces ignored, folded: xp_names_fold) on the tokens of s
 * from j: the end token (exclusive), or 0 when it does not stand there.
 * The form may end inside its last token when the rest is an enclitic. */
uint32_t xp_names_match(const xp_consist_sent *s, uint32_t j, const char *f, size_t fn, const char *const *clitics,
			const xp_lang_pack *pk)
{
	size_t p = 0;
	char buf[256];
	for (uint32_t e = j; e < s->n; e++) {
		size_t n = s->len[e];
		/* the token as the aligner read it: case, NFKC, letters written
		 * two ways (Farsi: Arabic and Persian yeh) */
		const char *t = xp_names_fold(pk, s->w[e], &n, buf, sizeof buf);
		uint32_t tn = (uint32_t)n, q = 0;
		while (q < tn) {
			while (p < fn && f[p] == ' ')
				p++;
			if (p >= fn || fold((unsigned char)f[p]) != fold((unsigned char)t[q]))
				break;
			p++, q++;
		}
		while (p < fn && f[p] == ' ')
			p++;
		if (!q)
			return 0;
		if (q == tn) {
			if (p == fn)
				return e + 1;
			continue;
		}
		return p == fn && clitic(clitics, t + q, tn - q) ? e + 1 : 0;
	}
	return 0;
}

typedef struct occ {
	uint32_t a, b;
	int over;      /* overlaps the span the links gave */
	double d;      /* distance from it (or the English position), a share of the sentence */
	size_t rank;   /* the form's rank among its name's */
} occ;

static int better(const occ *x, const occ *y)
{
	if (x->over != y->over)
		return x->over > y->over;
	if (x->d != y->d)
		return x->d < y->d;
	if (x->b - x->a != y->b - y->a)
		return x->b - x->a > y->b - y->a;
	return x->rank < y->rank;
}


/* 1 if a word of an English name needs a form: not punctuation nor a clitic ('s) */
static int wordlike(const char *w)
{
	unsigned char c = (unsigned char)w[0];
	return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

typedef struct ctx {
	xp_proj_mention *m;
	const xp_consist_in *in;
	xp_names *names;
	const size_t *dfirst;
	const char *const *clitics;
	const xp_lang_pack *pk;
} ctx;

/* The best occurrence in mention x's sentence s (t of its document) of a
 * form of English word w[0..wn): 1 and *o, else 0; *nf: the word's forms. */
static int scan(const ctx *c, size_t x, const xp_consist_sent *s, size_t t, int here, double pos, const char *w,
		size_t wn, occ *o, size_t *nf)
{
	const xp_proj_mention *X = &c->m[x];
	const size_t *f;
	int found = 0;
	*nf = xp_names_of(c->names, w, wn, &f);
	/* and, last, the name as English writes it: a translation may keep it
	 * (German, French; MMC's Chinese of The Big Bang Theory writes
	 * Leonard, Penny in Latin letters) */
	int self = wn >= 2 && wn < 256 && wordlike(w);
	for (size_t r = 0; r < *nf + (size_t)self; r++) {
		const char *form = r < *nf ? c->names->v[f[r]].form : w;
		size_t fl = r < *nf ? strlen(form) : wn;
		char buf[256];
		form = xp_names_fold(c->pk, form, &fl, buf, sizeof buf);
		for (uint32_t j = 0; j < s->n; j++) {
			uint32_t e = xp_names_match(s, j, form, fl, c->clitics, c->pk);
			if (!e)
				continue;
			int taken = 0;
			for (size_t k = c->dfirst[c->in->doc[x]]; k < c->dfirst[c->in->doc[x] + 1] && !taken; k++)
				taken = k != x && c->m[k].fate == XP_PROJECTED && (size_t)c->m[k].tgt_utt == t &&
					c->m[k].cluster != X->cluster && c->m[k].tgt_start < e && j < c->m[k].tgt_end;
			if (taken)
				continue;
			double d = (j + e) / 2.0 / s->n - pos;
			occ q = {j, e, here && X->tgt_start < e && j < X->tgt_end, d < 0 ? -d : d, r};
			if (!found || better(&q, o))
				*o = q, found = 1;
		}
	}
	return found;
}

long xp_names_place(xp_proj_mention *m, size_t n, const xp_consist_in *in, xp_names *names)
{
	if (!n || !names || !names->n)
		return 0;
	size_t *dfirst = xp_consist_doc_first(in, n);
	if (!dfirst)
		return -1;
	const xp_lang_pack *pk = xp_lang_find(in->lang);
	ctx c = {m, in, names, dfirst, pk ? pk->noun_clitics : NULL, pk};
	long placed = 0;
	for (size_t x = 0; x < n; x++) {
		xp_proj_mention *X = &m[x];
		if (!in->name[x] || !in->key[x] || in->at[x] < 0 || (size_t)in->at[x] >= in->nsent ||
		    (X->fate != XP_PROJECTED && X->fate != XP_NULL_UNALIGNED && X->fate != XP_NULL_FILTERED))
			continue;
		const xp_consist_sent *s = &in->sent[in->at[x]];
		size_t t = (size_t)in->at[x] - in->sent0[in->doc[x]];
		int here = X->fate == XP_PROJECTED && (size_t)X->tgt_utt == t;
		double pos = here && s->n ? (X->tgt_start + X->tgt_end) / 2.0 / s->n : in->pos[x];
		/* each word's best occurrence; covered: every word's form stands there */
		occ best[8], top = {0}, b;
		int nbest = 0, covered = 1, any = 0, known = 0;
		for (const char *w = in->key[x]; *w;) {
			size_t wn = strcspn(w, " "), nf;
			int found = scan(&c, x, s, t, here, pos, w, wn, &b, &nf);
			known |= nf > 0;
			if (!found && wordlike(w))
				covered = 0;   /* (Chandler Bing on 钱德.宾: 钱德勒 not there) */
			if (found && nbest < 8)
				best[nbest++] = b;
			if (found && (!any || better(&b, &top)))
				top = b, any = 1;
			w += wn;
			while (*w == ' ')
				w++;
		}
		/* a name the show's forms do not know (Pheebs) takes a form of
		 * another name of its entity in the scene (Phoebe), one word */
		if (!known) {
			for (size_t k = dfirst[in->doc[x]]; k < dfirst[in->doc[x] + 1]; k++) {
				if (k == x || m[k].cluster != X->cluster || !in->name[k] || !in->key[k] ||
				    !strcmp(in->key[k], in->key[x]))
					continue;
				for (const char *w = in->key[k]; *w;) {
					size_t wn = strcspn(w, " "), nf;
					if (scan(&c, x, s, t, here, pos, w, wn, &b, &nf) && (!any || better(&b, &top)))
						top = b, any = 1;
					w += wn;
					while (*w == ' ')
						w++;
				}
			}
			covered = any && !strchr(in->key[x], ' ');
		}
		if (!any || !covered)
			continue;   /* (a word the forms do not give: its links decide) */
		/* the forms that stand together with the best one (a gap of one
		 * token: a name's middle dot) */
		uint32_t a = top.a, e = top.b;
		for (int grew = 1; grew;) {
			grew = 0;
			for (int q = 0; q < nbest; q++)
				if ((best[q].a < a && best[q].b + 1 >= a) || (best[q].b > e && best[q].a <= e + 1)) {
					a = best[q].a < a ? best[q].a : a, e = best[q].b > e ? best[q].b : e;
					grew = 1;
				}
		}
		if (here && X->tgt_start == a && X->tgt_end == e)
			continue;
		if (X->fate != XP_PROJECTED)
			X->conf = 0.5f;   /* no link of its own: the show's form */
		X->fate = XP_PROJECTED;
		X->tgt_utt = (int32_t)t;
		X->tgt_start = a, X->tgt_end = e;
		X->np |= XP_NP_NAMES;
		placed++;
	}
	free(dfirst);
	return placed;
}
