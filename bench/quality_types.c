/*
 * bench/quality_types.c — splits target coreference files by the type of the
 * English mention each target mention stands for (pronoun, name, other NP),
 * so that bench/quality.sh can score each type with `xproj score`.
 *
 *   quality_types EN.conll ALIGNED.jsonl OUTDIR TARGET.conll...
 *
 * writes OUTDIR/N.pronoun.conll, N.name.conll, N.other.conll for the N-th
 * TARGET (0-based), each the target file with only that type's mentions.
 *
 * A target file says nothing about English mentions (MMC's silver and
 * corrected files renumber clusters), so the link is found again the same
 * way for every file, key and response alike: the aligned corpus says which
 * English utterance each target sentence is; each target cluster is mapped
 * to the English cluster it shares most sentence pairs with; a target
 * mention is then the English mention of that cluster in its utterance (the
 * k-th of the cluster in the sentence for the k-th in the utterance).  A
 * target mention with no such English mention (an annotator's addition) is
 * typed by its own words: a pronoun of the target language, else other.
 */
#include "base/file.h"
#include "io/aligned.h"
#include "io/read.h"
#include "model/tokenize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { PRONOUN, NAME, OTHER, NTYPES };
static const char *const type_names[NTYPES] = {"pronoun", "name", "other"};

static int en_pronoun(const char *w, size_t n)
{
	static const char *const v[] = {
		"i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves", "he",
		"him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us",
		"our", "ours", "ourselves", "they", "them", "their", "theirs", "themselves", "this", "that",
		"these", "those", "ya", "y'all"};
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		if (strlen(v[k]) == n && !strncasecmp(w, v[k], n))
			return 1;
	return 0;
}

static int en_type(const xp_utt *u, const xp_mention *m)
{
	uint32_t n;
	const char *w = xp_tok_str(u, m->start, &n);
	if (m->end == m->start + 1 && en_pronoun(w, n))
		return PRONOUN;
	static const char *const det[] = {"the", "a", "an", "my", "your", "his", "her", "our", "their", "its",
					  "this", "that", "these", "those", "some", "any", "no", "every", "all"};
	for (size_t k = 0; k < sizeof det / sizeof *det; k++)
		if (strlen(det[k]) == n && !strncasecmp(w, det[k], n))
			return OTHER;
	if (en_pronoun(w, n))
		return OTHER;
	for (uint32_t i = m->start; i < m->end; i++) {
		w = xp_tok_str(u, i, &n);
		int ok = (w[0] >= 'A' && w[0] <= 'Z') || !strncmp(w, "'s", n) || !strncmp(w, "’s", n) ||
			 (n == 1 && (w[0] == '.' || w[0] == '-'));
		if (!ok)
			return OTHER;
	}
	return NAME;
}

/* the target side's own pronouns, for mentions no English mention stands for */
static int tgt_pronoun(const xp_utt *u, const xp_mention *m)
{
	static const char *const v[] = {
		"我", "你", "您", "他", "她", "它", "我们", "你们", "他们", "她们", "它们", "咱们", "自己", "这", "那",
		"这个", "那个", "من", "تو", "او", "ما", "شما", "آنها", "اون", "اونا", "ایشان", "این", "آن", "اینا",
		"خودم", "خودت", "خودش", "خودمون", "خودتون", "خودشون"};
	char buf[64];
	size_t len = 0;
	for (uint32_t i = m->start; i < m->end; i++) {
		uint32_t n;
		const char *w = xp_tok_str(u, i, &n);
		if (len + n >= sizeof buf)
			return 0;
		memcpy(buf + len, w, n), len += n;
	}
	buf[len] = 0;
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		if (!strcmp(buf, v[k]))
			return 1;
	return 0;
}

static const xp_doc *find_doc(const xp_corpus *c, const char *id, int part)
{
	for (size_t d = 0; d < c->ndocs; d++)
		if (!strcmp(c->docs[d].id, id) && c->docs[d].part == part)
			return &c->docs[d];
	return NULL;
}

/* English utterance of target sentence j of document (id, part), or -1 */
static long en_utt_of(const xp_aligned *al, const char *id, int part, size_t j)
{
	for (size_t k = 0; k < al->n; k++)
		if (al->v[k].ntgt_subs && al->v[k].tgt_subs[0] == j && al->v[k].part == part &&
		    !strcmp(al->v[k].doc, id))
			return al->v[k].utt;
	return -1;
}

static void type_doc(const xp_doc *ed, const xp_doc *td, const xp_aligned *al, int *type)
{
	size_t nc = td->nclusters, ne = ed->nclusters;
	unsigned *count = calloc(nc * ne + 1, sizeof *count);
	long *utt = malloc((td->nutts + 1) * sizeof *utt);
	if (!count || !utt)
		exit(1);
	for (size_t j = 0; j < td->nutts; j++)
		utt[j] = en_utt_of(al, td->id, td->part, j);
	for (size_t i = 0; i < td->nmentions; i++) {
		const xp_mention *m = &td->mentions[i];
		for (size_t k = 0; utt[m->utt] >= 0 && k < ed->nmentions; k++)
			if (ed->mentions[k].utt == (uint32_t)utt[m->utt])
				count[m->cluster * ne + ed->mentions[k].cluster]++;
	}
	for (size_t i = 0; i < td->nmentions; i++) {
		const xp_mention *m = &td->mentions[i];
		unsigned best = 0;
		size_t e = 0;
		for (size_t c = 0; c < ne; c++)
			if (count[m->cluster * ne + c] > best)
				best = count[m->cluster * ne + c], e = c;
		/* the k-th mention of this cluster in the sentence */
		size_t kth = 0;
		for (size_t x = 0; x < i; x++)
			kth += td->mentions[x].utt == m->utt && td->mentions[x].cluster == m->cluster;
		const xp_mention *pick = NULL, *last = NULL;
		for (size_t k = 0; best && utt[m->utt] >= 0 && k < ed->nmentions; k++) {
			const xp_mention *x = &ed->mentions[k];
			if (x->utt != (uint32_t)utt[m->utt] || x->cluster != e)
				continue;
			last = x;
			if (kth-- == 0) {
				pick = x;
				break;
			}
		}
		pick = pick ? pick : last;
		type[i] = pick ? en_type(&ed->utts[pick->utt], pick)
			       : tgt_pronoun(&td->utts[m->utt], m) ? PRONOUN : OTHER;
	}
	free(count);
	free(utt);
}

/* the corpus with only the mentions of one type */
static int keep_type(const xp_corpus *c, int *const *types, int t, xp_corpus *out)
{
	for (size_t d = 0; d < c->ndocs; d++) {
		const xp_doc *s = &c->docs[d];
		xp_doc *o = xp_corpus_add_doc(out, s->id, strlen(s->id), s->part);
		if (!o)
			return -1;
		for (size_t u = 0; u < s->nutts; u++)
			if (!xp_doc_add_utt_text(out, o, s->utts[u].speaker, s->utts[u].text, s->utts[u].toks,
						 s->utts[u].ntoks))
				return -1;
		for (size_t i = 0; i < s->nmentions; i++) {
			const xp_mention *m = &s->mentions[i];
			if (types[d][i] != t)
				continue;
			long k = xp_doc_cluster(o, s->clusters[m->cluster].label);
			if (k < 0 || xp_doc_add_mention(o, m->utt, m->start, m->end, (uint32_t)k, 0))
				return -1;
		}
		if (xp_doc_finish(o, 1, NULL, NULL))
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: quality_types EN.conll ALIGNED.jsonl OUTDIR TARGET.conll...\n");
		return 2;
	}
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_err e;
	xp_read_opts ro = {.repair = 1};
	if (xp_read_corpus(argv[1], XP_FMT_AUTO, &ro, &en, &e) || xp_aligned_read(argv[2], &al, &e)) {
		fprintf(stderr, "quality_types: %s:%lu: %s\n", e.file, e.line, e.msg);
		return 1;
	}
	for (int f = 4; f < argc; f++) {
		xp_corpus t = {0};
		if (xp_read_corpus(argv[f], XP_FMT_AUTO, &ro, &t, &e)) {
			fprintf(stderr, "quality_types: %s:%lu: %s\n", e.file, e.line, e.msg);
			return 1;
		}
		int **types = calloc(t.ndocs + 1, sizeof *types);
		for (size_t d = 0; d < t.ndocs; d++) {
			types[d] = calloc(t.docs[d].nmentions + 1, sizeof **types);
			const xp_doc *ed = find_doc(&en, t.docs[d].id, t.docs[d].part);
			if (ed)
				type_doc(ed, &t.docs[d], &al, types[d]);
			else
				for (size_t i = 0; i < t.docs[d].nmentions; i++)
					types[d][i] = OTHER;
		}
		for (int ty = 0; ty < NTYPES; ty++) {
			xp_corpus o = {0};
			char path[4096];
			snprintf(path, sizeof path, "%s/%d.%s.conll", argv[3], f - 4, type_names[ty]);
			if (keep_type(&t, types, ty, &o) || xp_write_corpus(path, XP_FMT_CONLL, &o, &e)) {
				fprintf(stderr, "quality_types: %s\n", path);
				return 1;
			}
			xp_corpus_free(&o);
		}
		for (size_t d = 0; d < t.ndocs; d++)
			free(types[d]);
		free(types);
		xp_corpus_free(&t);
	}
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	return 0;
}
