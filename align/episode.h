/*
 * align/episode.h — the first stage of the MMC recipe for one episode:
 * transcript utterances -> English subtitle units -> target units, written
 * as aligned-corpus records (io/aligned.h).
 *
 * English units are SRT/WebVTT blocks or OPUS sentences.  The target comes
 * from the same block when the SRT is bilingual, through XCES links when
 * given, or else through time overlap with a separate target file (a target
 * unit belongs to the utterance whose English units' time span overlaps it
 * most; utterances sharing one English block share its units in order).
 */
#ifndef XP_EPISODE_H
#define XP_EPISODE_H

#include "ualign.h"
#include "../io/aligned.h"
#include "../io/opus.h"
#include "../model/tokenize.h"

typedef struct xp_episode {
	const xp_corpus *transcript;
	size_t doc_first, ndocs;        /* the transcript documents of this episode */
	const xp_subs *en;              /* NULL: the episode has no subtitles */
	const xp_subs *tgt;             /* separate target units, or NULL */
	const xp_xgroup *links;         /* the XCES group en -> tgt (sentence ids), or NULL */
	const char *tgt_lang;
	xp_tok_mode unspaced_tokens;    /* a target of an unspaced language (lang.h XP_LT_UNSPACED) */
	xp_ualign_opts opts;
} xp_episode;

typedef struct xp_align_stats {
	size_t utterances, aligned, empty_target;
	size_t doubtful;                /* aligned utterances whose pairing is doubtful (align/uconf.h) */
	double score_sum;
	/* the target language used: given, or guessed from the target script
	 * (model/script.h) of all the `guessed` episodes' target text together */
	const char *tgt_lang, *script;
	size_t guessed;
	size_t files, converted;        /* subtitle files read, of which not in UTF-8 */
	xp_asides removed;              /* what their readers removed */
	/* target units left unpaired, spread over many utterances' lines
	 * (episode.c, time_owners); the first one's file and line */
	size_t spread;
	uint32_t spread_line;
	char spread_file[512];
} xp_align_stats;

/* A target unit paired by time overlap goes to no utterance when the one it
 * overlaps most holds less than 1/XP_SPREAD_SHARE of the time it overlaps
 * them all (with a separate target file; episode.c). */
#define XP_SPREAD_SHARE 4

/* The utterances of the episode, in order, and their links to en units. */
int xp_episode_links(const xp_episode *ep, xp_ulink **links, size_t *n, xp_err *err);
/* Align and append one aligned-corpus record per utterance. */
int xp_episode_align(const xp_episode *ep, xp_aligned *out, xp_align_stats *st, xp_err *err);

/* Agreement with TV4Dialog's <uid,Speaker> tags: a link is (utterance uid,
 * block); gold links come from the English lines' tags.  A line's tag can
 * name one utterance, and on a dash line ("- Hi. - Hello.") it names one
 * of its turns' utterances: tp/fp/fn count such a block's links as one
 * (right if the tag names one of them), etp/efp/efn count every link. */
typedef struct xp_tag_eval {
	size_t tp, fp, fn, utterances, covered, blocks;
	size_t etp, efp, efn;
	/* Blocks where the aligner and the tags disagree, judged by text: a
	 * side is evidently wrong when the block's words are (almost) absent
	 * from the utterance it names (at most a third of them) while the
	 * other side's utterance holds at least two thirds of them, or the
	 * other side named none. */
	size_t disagree, tag_wrong, ours_wrong, unclear;
	size_t atp, afp, afn;   /* counts with evidently wrong tags replaced by the text's verdict */
} xp_tag_eval;

/* show(arg, verdict, block, tag utterance, our utterance) for each block
 * of disagreement; the utterances may be NULL (no tag, or not aligned). */
typedef void (*xp_eval_show)(void *arg, const char *verdict, const xp_sub *block,
			     const xp_utt *tagged, const xp_utt *ours);
int xp_episode_eval(const xp_episode *ep, xp_tag_eval *ev, xp_eval_show show, void *arg,
		    xp_err *err);
/* to += v */
void xp_tag_eval_add(xp_tag_eval *to, const xp_tag_eval *v);

#endif
