/*
 * align/batch.h — which transcript documents go with which subtitle files.
 *
 * A transcript file with a subtitle file: one episode.  A transcript file
 * with a subtitle directory: its documents grouped by episode ("s07e01c03t"
 * and "S07E01" both name S07E01), each with DIR/S07E01.{srt,vtt,xml}[.gz];
 * "t=DIR1,f=DIR2" picks the directory by the letter after the scene number
 * (MMC's scene ids end in t for The Big Bang Theory, f for Friends).  An
 * episode with no subtitle file is planned with subs NULL: its utterances
 * get no target, as in MMC, and the caller says so.
 * A transcript directory with a subtitle directory: file by file, paired by
 * name; a transcript with no subtitle file of its name is skipped and listed
 * (TV4Dialog has "_S10E17.xml", another take of S10E17).  The same lookup finds the target file in a --tgt-subs directory.
 */
#ifndef XP_BATCH_H
#define XP_BATCH_H

#include "episode.h"
#include "../model/corpus.h"

typedef struct xp_job {
	xp_corpus *transcript;   /* shared by the jobs of one transcript file */
	size_t doc_first, ndocs;
	char *key, *subs, *tgt;  /* subs NULL: none found; tgt NULL when none or not asked for */
} xp_job;

typedef struct xp_batch {
	xp_job *v;
	size_t n, cap;
	xp_corpus **corpora;
	size_t ncorpora, cap_corpora;
	char **skipped;          /* transcripts of a directory with no subtitle file of their name */
	size_t nskipped, cap_skipped;
} xp_batch;

/* tgt may be NULL. */
int xp_batch_plan(const char *transcript, const char *subs, const char *tgt, xp_batch *b,
		  xp_err *err);
/* The same for a transcript already read (a file's corpus, named name):
 * the jobs point into c, which the caller keeps and frees. */
int xp_batch_plan_corpus(xp_corpus *c, const char *name, const char *subs, const char *tgt, xp_batch *b,
			 xp_err *err);
void xp_batch_free(xp_batch *b);

/* "s07e01c03t" / "S07E01" -> "S07E01"; 0 if the id names no episode.
 * *show gets the letter after "cNN" ('t' in s07e01c03t), or 0. */
int xp_episode_key(const char *id, char *out, size_t n, char *show);


/* Align every episode of a plan, appending to out.  Episodes without
 * subtitles still give their utterances (with no target); *missing counts
 * them.  progress(arg, i, n, key), when given, is called before episode i. */
typedef struct xp_batch_opts {
	const xp_xces *links;           /* XCES en -> tgt, or NULL */
	const char *tgt_lang;
	xp_tok_mode zh_tokens;
	xp_ualign_opts ua;
	void (*progress)(void *arg, size_t i, size_t n, const char *key);
	void *arg;
} xp_batch_opts;
void xp_batch_opts_default(xp_batch_opts *o);
int xp_batch_align(const xp_batch *b, const xp_batch_opts *o, xp_aligned *out, xp_align_stats *st,
		   size_t *missing, xp_err *err);
#endif
