/*
 * eval/sentmatch.c — do a key and a response hold the same sentences?
 *
 * The scorer matches mentions by token offsets from the start of their
 * document, so a response of another text or tokenisation scores as if
 * its mentions were wrong, and nothing said why (a user scored MMC's
 * corrected Chinese against a differently tokenised file and got mention
 * F1 7.66).  This compares the two sentence by sentence, so that `score`
 * can warn, refuse (--strict) or score only the sentences that match
 * (--matching-only).  Sentences pair by their index in the document: the
 * key and response of one scene are the same lines, and a sentence split
 * or merged shows as every later one differing, which is what the scorer
 * would make of it too.
 */
#include "score.h"
#include "chains.h"

#include <stdlib.h>
#include <string.h>

/* Sentence u of k and of r have the same tokens, token for token. */
static int same_text(const xp_doc *k, const xp_doc *r, size_t u)
{
	if (!r || u >= r->nutts)
		return 0;
	const xp_utt *a = &k->utts[u], *b = &r->utts[u];
	if (a->ntoks != b->ntoks)
		return 0;
	for (uint32_t i = 0; i < a->ntoks; i++) {
		uint32_t la, lb;
		const char *sa = xp_tok_str(a, i, &la), *sb = xp_tok_str(b, i, &lb);
		if (la != lb || memcmp(sa, sb, la))
			return 0;
	}
	return 1;
}

static size_t mentions_in(const xp_doc *d, size_t u)
{
	size_t n = 0;
	for (size_t i = 0; d && i < d->nmentions; i++)
		n += d->mentions[i].utt == u;
	return n;
}

typedef struct cmp_arg {
	xp_sent_match *m;
	xp_corpus *ko, *ro;   /* --matching-only's copies, or NULL */
	int oom;
} cmp_arg;

/* a copy of sentence u of d, with its mentions, appended to out's last document */
static int copy_utt(xp_corpus *out, xp_doc *od, const xp_doc *d, size_t u)
{
	const xp_utt *s = &d->utts[u];
	const char **w = malloc((s->ntoks + 1) * sizeof *w);
	size_t *l = malloc((s->ntoks + 1) * sizeof *l);
	int rc = !w || !l;
	for (uint32_t i = 0; !rc && i < s->ntoks; i++) {
		uint32_t n;
		w[i] = xp_tok_str(s, i, &n);
		l[i] = n;
	}
	if (!rc && !xp_doc_add_utt(out, od, s->speaker, w, l, s->ntoks))
		rc = -1;
	free(w);
	free(l);
	uint32_t at = (uint32_t)od->nutts - 1;
	for (size_t i = 0; !rc && i < d->nmentions; i++) {
		const xp_mention *x = &d->mentions[i];
		if (x->utt != u)
			continue;
		long c = xp_doc_cluster(od, d->clusters[x->cluster].label);
		rc = c < 0 || xp_doc_add_mention(od, at, x->start, x->end, (uint32_t)c, x->line);
	}
	return rc ? -1 : 0;
}

static int compare(const xp_doc *k, const xp_doc *r, void *arg)
{
	cmp_arg *a = arg;
	xp_sent_match *m = a->m;
	xp_doc *kd = NULL, *rd = NULL;
	if (!r)
		m->missing_docs++, m->missing_sentences += k->nutts;
	if (r) {
		m->documents++;
		if (r->nutts > k->nutts)
			m->resp_extra += r->nutts - k->nutts;
		if (a->ko && (!(kd = xp_corpus_add_doc(a->ko, k->id, strlen(k->id), k->part)) ||
			      !(rd = xp_corpus_add_doc(a->ro, r->id, strlen(r->id), r->part))))
			return a->oom = 1, -1;
	}
	for (size_t u = 0; r && u < k->nutts; u++) {
		m->sentences++;
		if (same_text(k, r, u)) {
			if (a->ko && (copy_utt(a->ko, kd, k, u) || copy_utt(a->ro, rd, r, u)))
				return a->oom = 1, -1;
			continue;
		}
		if (!m->differ++) {
			m->first_doc = k->id;
			m->first_part = k->part;
			m->first_sent = u;
		}
		m->key_mentions += mentions_in(k, u);
		m->resp_mentions += mentions_in(r, u);
	}
	/* the response's sentences beyond the key's hold mentions the key cannot have */
	for (size_t u = k->nutts; r && u < r->nutts; u++)
		m->resp_mentions += mentions_in(r, u);
	if (kd && (xp_doc_finish(kd, 1, NULL, NULL) || xp_doc_finish(rd, 1, NULL, NULL)))
		return a->oom = 1, -1;
	return 0;
}

int xp_sent_compare(const xp_corpus *key, const xp_corpus *resp, xp_sent_match *m, xp_corpus *key_out,
		  xp_corpus *resp_out, xp_err *err)
{
	memset(m, 0, sizeof *m);
	cmp_arg a = {m, key_out, resp_out, 0};
	if (xp_each_doc_pair(key, resp, compare, &a) || a.oom) {
		if (key_out) {
			xp_corpus_free(key_out);
			xp_corpus_free(resp_out);
		}
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory comparing the sentences");
	}
	return 0;
}
