/*
 * align/batch.h — which transcript documents go with which subtitle files.
 *
 * A transcript file with a subtitle file: one episode.  A transcript file
 * with a subtitle directory or zip archive: its documents grouped by episode
 * ("s07e01c03t" and "S07E01" both name S07E01), each with S07E01.{srt,vtt,
 * ass,ssa,xml}[.gz] there; "t=DIR1,f=DIR2" picks the directory by the letter
 * after the scene number (MMC's scene ids end in t for The Big Bang Theory,
 * f for Friends).  An episode with no subtitle file is planned with no
 * subtitles: its utterances get no target, as in MMC, and the caller says so.
 * A transcript directory with a subtitle directory: file by file, paired by
 * name; a transcript with no subtitle file of its name is skipped and listed
 * (TV4Dialog has "_S10E17.xml", another take of S10E17).  The same lookup
 * finds the target file in a --tgt-subs directory.
 *
 * With an episode map (io/epmap.h) the subtitles may be laid out any way,
 * OPUS's included: the directories or archives are searched for the
 * documents the map gives each episode (by IMDb id or name).  With XCES
 * links, each episode gets the one <linkGrp> of its English and target
 * documents; when the target is a directory or archive, that group's toDoc
 * names the target document, so an OPUS corpus needs only the map for its
 * English side.  The XCES file is read once, keeping the links of the groups
 * the plan's English documents have.
 */
#ifndef XP_BATCH_H
#define XP_BATCH_H

#include "episode.h"
#include "../io/archive.h"
#include "../io/epmap.h"
#include "../model/corpus.h"

/* Where the subtitles are. */
typedef struct xp_plan_src {
	const char *subs;        /* English (or bilingual) subtitles: a file, a directory, a zip archive,
				    or "t=DIR1,f=DIR2" */
	const char *tgt;         /* target subtitles, the same kinds, or NULL */
	const char *links;       /* an XCES alignment of subs to tgt, or NULL */
	const char *episodes;    /* an episode map, or NULL */
} xp_plan_src;

/* A subtitle document: a file, or a member of a directory or archive. */
typedef struct xp_doc_ref {
	char *path;              /* the file or "ARCHIVE/MEMBER"; NULL: none */
	const xp_files *in;      /* the directory or archive holding it, or NULL */
	size_t at;               /* its index there */
	/* a file that can be read once (standard input "-", a pipe: `--subs
	 * <(zcat en.srt.gz)`, a FIFO, a device), read whole by the plan and
	 * held here, owned by the batch (held): the subtitles are read more
	 * than once (the target's language guessed before the alignment), and
	 * a second read found such a file empty or blocked on a FIFO forever.
	 * NULL: read from path each time. */
	const char *mem;
	size_t mlen;
} xp_doc_ref;

typedef struct xp_job {
	xp_corpus *transcript;   /* shared by the jobs of one transcript file */
	size_t doc_first, ndocs;
	char *key;
	xp_doc_ref subs, tgt;    /* tgt.path NULL when none or not asked for */
	const xp_xgroup *links;  /* the episode's XCES group, or NULL */
	char *note;              /* why a document is missing, or which of several was taken; or NULL */
	char show;               /* the show's letter of its key (xp_episode_key), or 0 */
	int again;               /* its episode's subtitles were a job's before (scenes out of
				    order, or another episode's scenes between: see plan):
				    not counted or paired again */
	/* planning's own: with an episode map, the documents it names (indices
	 * in en_in, then in tgt_in) until one of each is chosen */
	size_t *cand, ncand_en, ncand_tgt;
} xp_job;

typedef struct xp_imdb_ix xp_imdb_ix;

typedef struct xp_batch {
	xp_job *v;
	size_t n, cap;
	xp_corpus **corpora;
	size_t ncorpora, cap_corpora;
	char **skipped;          /* transcripts of a directory with no subtitle file of their name */
	size_t nskipped, cap_skipped;
	xp_files *en_in, *tgt_in;   /* subs and tgt as sets of files, when they are */
	xp_imdb_ix *en_imdb, *tgt_imdb;   /* their documents by IMDb id, built when a map needs them */
	xp_epmap map;
	int has_map;
	xp_xces links;
	int has_links;
	struct xp_held {
		char *path, *buf;
		size_t len;
	} *held;                 /* the files read once (xp_doc_ref mem) */
	size_t nheld;
} xp_batch;

int xp_batch_plan(const char *transcript, const xp_plan_src *src, xp_batch *b, xp_err *err);
/* The same for a transcript already read (a file's corpus, named name):
 * the jobs point into c, which the caller keeps and frees. */
int xp_batch_plan_corpus(xp_corpus *c, const char *name, const xp_plan_src *src, xp_batch *b, xp_err *err);
void xp_batch_free(xp_batch *b);
/* The episodes a plan covers, and of them those without subtitles: a job
 * is a run of consecutive documents of one episode, and an episode whose
 * scenes are not consecutive has several.  -1 if memory ran out. */
int xp_batch_episodes(const xp_batch *b, size_t *episodes, size_t *no_subs);

/* The first job of job i's episode (the same key and show): i itself, or
 * an earlier job when the episode's scenes were split into several jobs.
 * What is said about an episode (its note, its missing subtitles) is said
 * for its first job only. */
size_t xp_batch_first_job(const xp_batch *b, size_t i);

/* Read a planned document (o: as xp_units_read, NULL: the defaults; its
 * notes NULL: every pack's, lang/lang.h xp_lang_note_markers). */
int xp_doc_read(const xp_doc_ref *d, const xp_subs_opts *o, xp_subs *s, xp_err *err);

/* "s07e01c03t" / "S07E01" -> "S07E01"; 0 if the id names no episode.
 * *show gets the letter after "cNN" ('t' in s07e01c03t), or 0. */
int xp_episode_key(const char *id, char *out, size_t n, char *show);


/* Align every episode of a plan, appending to out.  Episodes without
 * subtitles still give their utterances (with no target); *missing counts
 * them.  progress(arg, i, n, key), when given, is called before episode i. */
typedef struct xp_batch_opts {
	xp_subs_opts en_read, tgt_read; /* how to read the English and the target subtitles */
	const char *tgt_lang;
	xp_tok_mode unspaced_tokens;    /* a target of an unspaced language (lang.h XP_LT_UNSPACED): --unspaced-tokens */
	xp_ualign_opts ua;
	void (*progress)(void *arg, size_t i, size_t n, const char *key);
	/* read(arg, path, s), when given, after each subtitle file is read: its
	 * charset and what was removed are in s (for the tools to report) */
	void (*read)(void *arg, const char *path, const xp_subs *s);
	void *arg;
	/* pairs, when given: every bilingual pair of the episodes' subtitles,
	 * whole episodes and not only the transcript's scenes, appended as
	 * bitext lines ("en ||| tgt", tokens as the aligned corpus makes them),
	 * for training a word aligner.  A bilingual block
	 * is a pair; a separate target file's units each go to the English
	 * block their time overlaps most (units joined in order); episodes
	 * with XCES links give none. */
	xp_buf *pairs;
} xp_batch_opts;
void xp_batch_opts_default(xp_batch_opts *o);
int xp_batch_align(const xp_batch *b, const xp_batch_opts *o, xp_aligned *out, xp_align_stats *st,
		   size_t *missing, xp_err *err);
#endif
