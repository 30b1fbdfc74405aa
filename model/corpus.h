/*
 * model/corpus.h — the corpus model: the one representation every stage reads
 * and writes.
 *
 *   corpus -> documents (id, part, metadata)
 *          -> utterances (speaker, text, tokens as byte ranges of the text)
 *          -> mentions (utterance, token span, cluster, stable id)
 *          -> clusters
 *
 * SPAN CONVENTION: token spans are HALF-OPEN, [start, end): a one-token
 * mention at token 3 is start=3, end=4.  This holds for every xp_ API, for
 * the aligned-corpus and correction files, and for the MMC correction
 * offsets.  Only foreign formats that are inclusive (HOI jsonlines clusters)
 * convert at their reader/writer.
 *
 * MENTION IDS: a mention's `id` is its position in document order (utterance,
 * start, end, then cluster) when the document was first read.  It is stored,
 * not recomputed: projection and correction refer to English mentions by it,
 * and a target document keeps the ids of the English mentions it came from.
 * A mention is a distinct (span, cluster) pair; the same span may sit in two
 * clusters, as the reference scorer allows.
 *
 * All strings and token arrays live in the corpus arena and are freed with
 * the corpus.  Documents, utterances and mentions are plain arrays.
 */
#ifndef XP_MODEL_H
#define XP_MODEL_H

#include "../base/error.h"
#include "../base/mem.h"

#include <stddef.h>
#include <stdint.h>

typedef struct xp_tok {
	uint32_t off, len;        /* byte range of the token in its utterance text */
} xp_tok;

typedef struct xp_utt {
	const char *speaker;      /* "" when unknown */
	const char *text;         /* tokens joined by single spaces, for CoNLL input */
	xp_tok *toks;
	uint32_t ntoks;
	uint32_t line;            /* first source line, 0 if none */
	const char *uid;          /* the transcript's utterance id ("1-2"), NULL if none */
	const char *raw;          /* the sentence as its CoNLL-U file had it, for an exact
				   * rewrite (io/conllu.h); NULL if none */
} xp_utt;

typedef struct xp_mention {
	uint32_t id;              /* stable within the document; see above */
	uint32_t utt;             /* index into doc->utts */
	uint32_t start, end;      /* half-open token span */
	uint32_t cluster;         /* index into doc->clusters */
	uint32_t line;            /* source line of the opening bracket, 0 if none */
	float conf;               /* confidence of a projected mention; 1 when read or gold */
} xp_mention;

typedef struct xp_cluster {
	long long label;          /* number in the source file (CoNLL) or index */
	uint32_t nmentions;
} xp_cluster;

typedef struct xp_meta {
	const char *key, *value;
} xp_meta;

typedef struct xp_doc {
	const char *id;
	int part;
	xp_utt *utts;
	size_t nutts, cap_utts;
	xp_mention *mentions;     /* kept in document order by xp_doc_finish */
	size_t nmentions, cap_mentions;
	xp_cluster *clusters;
	size_t nclusters, cap_clusters;
	xp_meta *meta;
	size_t nmeta, cap_meta;
	/* xp_doc_cluster's index of clusters by label (open addressing, index +
	 * 1, 0 empty) of clusters[0..nindexed); rebuilt when that is not
	 * nclusters, and dropped by xp_doc_finish, which renumbers them. */
	uint32_t *cluster_index;
	size_t cluster_slots, nindexed;
} xp_doc;

typedef struct xp_corpus {
	xp_doc *docs;
	size_t ndocs, cap_docs;
	xp_arena arena;
} xp_corpus;

void xp_corpus_free(xp_corpus *c);
/* Free a document's arrays (not its strings: they are the corpus arena's). */
void xp_doc_free(xp_doc *d);

/* Building a corpus (used by readers and by stages that produce documents). */
xp_doc *xp_corpus_add_doc(xp_corpus *c, const char *id, size_t idlen, int part);
/* Appends an utterance; token words are copied and joined with spaces. */
xp_utt *xp_doc_add_utt(xp_corpus *c, xp_doc *d, const char *speaker,
		       const char *const *words, const size_t *lens, uint32_t n);
/* Index of the cluster with this label, creating it if needed; -1 on OOM.
 * Constant time (a hash of the labels): a document may hold a million
 * distinct labels. */
long xp_doc_cluster(xp_doc *d, long long label);
int xp_doc_add_mention(xp_doc *d, uint32_t utt, uint32_t start, uint32_t end,
		       uint32_t cluster, uint32_t line);
int xp_doc_set_meta(xp_corpus *c, xp_doc *d, const char *key, const char *value);
const char *xp_doc_meta(const xp_doc *d, const char *key);

/* Sort mentions into document order, drop exact duplicates (same span and
 * cluster; counted in *ndup if not NULL), recount cluster sizes, drop empty
 * clusters and, when assign_ids is set, number mentions 0..n-1.  *dup_line
 * gets the source line of the first duplicate (0 if none); both may be NULL. */
int xp_doc_finish(xp_doc *d, int assign_ids, size_t *ndup, uint32_t *dup_line);

/* The documents of a corpus by id and part, as every stage that pairs two
 * corpora (the scorer, score --chars, the judge) finds them: sorted once,
 * a binary search per lookup.  A document given twice (read with --repair)
 * is found as its first. */
typedef struct xp_doc_slot {
	const char *id;
	int part;
	size_t i;             /* its index in the corpus */
} xp_doc_slot;
typedef struct xp_doc_index {
	xp_doc_slot *v;
	size_t n;
} xp_doc_index;
int xp_doc_index_init(xp_doc_index *x, const xp_corpus *c);   /* -1 when memory runs out */
/* The index in the corpus of document id, part; SIZE_MAX if it has none. */
size_t xp_doc_index_find(const xp_doc_index *x, const char *id, int part);
void xp_doc_index_free(xp_doc_index *x);

/* Word i of utterance u as a pointer and length into the utterance text. */
static inline const char *xp_tok_str(const xp_utt *u, uint32_t i, uint32_t *len)
{
	*len = u->toks[i].len;
	return u->text + u->toks[i].off;
}

typedef struct xp_counts {
	size_t documents, sentences, tokens, mentions, clusters, singletons;
} xp_counts;

void xp_corpus_counts(const xp_corpus *c, xp_counts *out);

/* Remove the documents that have no sentence (a projection's episode with
 * no target text), keeping the others' order: such a document is nothing
 * to train on, and some trainers fail on it.  Returns how many went. */
size_t xp_corpus_drop_empty(xp_corpus *c);

/* Model-level findings `validate` reports but readers accept: a span that
 * sits in two clusters (kept in both, as the reference scorer does), a
 * file with no document. */
void xp_corpus_check(const xp_corpus *c, const char *file, xp_diags *d);

#endif
