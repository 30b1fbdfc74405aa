/*
 * correct/review.h — the store as a corrector works on it (`xproj serve`,
 * `xproj db show`): the runs and what a rerun carried over, one mention in its
 * scene with everything done to it, the judgements that are not edits (keep,
 * note), edits and undo that refuse to overwrite what someone else did in
 * the meantime, the triage queue with what it is filtered on, and each
 * annotator's place in it.
 *
 * A mention's version counts the actions on it (each edit, review and undo
 * adds one), so "I decided this on version 4" can be checked when the
 * decision arrives: if another annotator acted meanwhile the version moved
 * and the action is refused with XP_ECONFLICT instead of silently replacing
 * theirs.  Results that are documents (a mention, the runs) are jansson
 * objects in the shapes the JSON API serves (docs/cmd/serve.md).
 */
#ifndef XP_REVIEW_H
#define XP_REVIEW_H

#include "db.h"
#include "../model/mtype.h"

/* jansson's json_t, declared, so that this public header needs no
 * dependency's header; include <jansson.h> to read the results (the two
 * declarations are one type). */
typedef struct json_t json_t;

/* Every run, oldest first: [{"run","lang","created","files","documents",
 * "mentions","projected","corrections","reviews","carry":{"from_run",
 * "carried","agrees","lost"}|null,"latest","superseded_by","after_rerun"}]:
 * latest is true unless a later run of its language holds one of its
 * documents (a rerun; the shards of a workflow merged into one store are
 * each latest); a superseded run names the run that superseded it and
 * counts its live corrections and reviews after that run's import, by the
 * clock to the second (which no rerun carried over). */
int xp_db_runs(xp_db *db, json_t **out, xp_err *err);

/* 1 if the run exists. */
int xp_db_has_run(xp_db *db, int64_t run);

/* A run at a glance, for the overview: {"fates": {fate: mentions},
 * "reviews_by_annotator": {name: {"keep": N, "note": N}}, "edits_by_day":
 * {"YYYY-MM-DD": N}}. */
int xp_db_overview(xp_db *db, int64_t run, json_t **out, xp_err *err);

/* What the import of `run` did with earlier corrections, one entry per
 * mention touched in the earlier run: [{"key","said","status","why",
 * "from_run"}], status "carried", "agrees" (the new projection already says
 * so) or "lost" (with why); only those of one status if status is not NULL.
 * key is the store's (a mention's key, or a line's target-side action,
 * "DOC|line 4 (realign)", for scripts), said the same as a person reads it
 * ("DOC line 4, re-paired"; a mention's key as it is).  A lost one of a
 * mention that no mention of `run` is (its English mention removed or
 * changed: after a renumbering its id names another mention) is keyed
 * "DOC|ID (run N)", the earlier run's key labelled with from_run, which
 * names no mention of `run` (the queue, xp_db_touched and xp_db_mention's
 * "carry" match none to it), and adds "was" (DOC|ID, a mention of run N),
 * "en" (its English words) and "at" (the key of the mention of `run` on its
 * English line that overlaps it most, else the line's first; null when the
 * line has none), where it is redone.  Look such a key up as "was" in run
 * from_run (a key lookup refuses it: xp_mention_key_parse). */
int xp_db_carried(xp_db *db, int64_t run, const char *status, json_t **out, xp_err *err);

/* One mention "DOC|ID" of the run: its English utterance and span, its
 * target sentence, the silver and the current span, fate, confidence,
 * the actions on it (the newest 50, and how many there are), its version, what a rerun carried, and its scene (the
 * `context` utterances before and after, with the mentions of its cluster).
 * XP_ENOTFOUND for an unknown mention. */
int xp_db_mention(xp_db *db, int64_t run, const char *key, int context, json_t **out, xp_err *err);

/* The lines of the run's document DOC (each of its parts) whose target
 * sentence holds a live target-only mention (a rule's of the run, or a
 * corrector's) and whose English utterance holds no mention: what
 * xp_db_mention cannot reach (it lists a line's target-only mentions
 * under each of its English mentions).  *out: in reading order,
 * [{"part","utt","speaker","tokens" (the English),"target":{"sent",
 * "tokens","target_only":[{"tid","start","end","cluster","rule"?}]}}];
 * empty for a document without.  XP_ENOTFOUND: no such document. */
int xp_db_tonly_lines(xp_db *db, int64_t run, const char *doc, json_t **out, xp_err *err);

/* The mention's version (see above), -1 if it does not exist. */
int64_t xp_db_mention_version(xp_db *db, int64_t run, const char *key);

/* xp_db_edit made on `version` of the mention (-1: whatever it is now):
 * XP_ECONFLICT, changing nothing, when the mention moved on since. */
int xp_db_edit_at(xp_db *db, int64_t run, const xp_edit *e, int64_t version, xp_err *err);

/* Relink: the mention, as it is now in the target, moves to cluster
 * `cluster` of its document (an existing entity, or a new number for a new
 * one), made on `version` as xp_db_edit_at.  Stored as a modification that
 * keeps the span and names the cluster (correct/edit.c), so history, undo,
 * carry-over and export take it as any other; XP_EINPUT when the mention has
 * no projection (add it first) or is in that cluster already. */
int xp_db_relink_at(xp_db *db, int64_t run, const char *key, int64_t cluster, const char *annotator,
		    const char *note, int64_t version, xp_err *err);

/* Merge: every mention of the entity (target cluster) mention `key` is in
 * now, with a span in the target, moves to cluster `cluster` of its
 * document, made on `version` of `key` as xp_db_edit_at, and so do the
 * entity's target-only mentions (schema 13; an older store leaves them).
 * What the corrector saw of the entity is checked, XP_ECONFLICT when it
 * has changed: `size` (or -1), how many target mentions it had (the
 * scene's tgt_cluster_size), and `members` (NULL: not checked), its
 * members as the scene's tgt_cluster_members names them (mention keys,
 * "+N" for target-only mention N), in any order, compared as a set: a
 * mention that left the entity and another that joined it keep its size;
 * or, one string "#H", the scene's tgt_cluster_members_hash (a scene of an
 * entity of more than 1,000 members lists none: its hash is as strict).
 * XP_EINPUT when no mention of the document is in `cluster` (it would
 * only renumber).  Stored as one batch of relinks (modifications that
 * keep each span and name the cluster) and of the target-only mentions'
 * moves, so it is one step of the history, undone as one by
 * xp_db_undo_mine (it names `key`), and export, carry-over and the queue
 * take each mention as relinked.  *moved: how many mentions moved,
 * target-only ones included. */
int xp_db_merge_at(xp_db *db, int64_t run, const char *key, int64_t cluster, int64_t size,
		   const char *const *members, size_t nmembers, const char *annotator, const char *note,
		   int64_t version, int64_t *moved, xp_err *err);

/* Fixing the cause (correct/tedit.c).  The subtitle lines the utterance of
 * mention `key` may be paired with: those the run paired with the
 * utterances around it, {"utt","neighbours","blocks":[{"id","text","utt",
 * "chosen"}],"realigned","target"} (chosen: paired with it now). */
int xp_db_lines(xp_db *db, int64_t run, const char *key, json_t **out, xp_err *err);
/* Realign: the utterance of mention `key` re-paired with the blocks
 * blocks[0..n) of those lines, made on `version` of the mention as
 * xp_db_edit_at.  Its target becomes their text, tokenised as the run's;
 * its mentions lose their spans and wait for the corrector (the run's word
 * links do not cover the new pair).  XP_EINPUT for a block not among the
 * lines, none, or an utterance with no target sentence. */
int xp_db_realign_at(xp_db *db, int64_t run, const char *key, const int64_t *blocks, size_t n,
		     const char *annotator, const char *note, int64_t version, xp_err *err);
/* Re-projection after a realign (schema 10; serve/reproject.c does it,
 * with the word aligner and the projection, which this layer does not
 * reach).  The run's word-alignment model as recorded: *path (malloc'd)
 * with the size and 64-bit FNV-1a hash (base/text.h xp_hash) of its bytes
 * (inflated) then, or NULL when the run names none (or the store is
 * older); *how (when how is not NULL; json_decref it) what else the run
 * recorded for re-projecting as it projected (serve/reproject.c: the
 * aligner's seed and symmetrisation, the names it learned, ...), or NULL.
 * A model recorded in the store's directory (or under it) is kept relative
 * to it and *path is its place beside the store as it is now, so that a
 * store moved or copied with its run's directory keeps its model; where
 * none is there (a merged store elsewhere), the place it was recorded at. */
int xp_db_run_model(xp_db *db, int64_t run, char **path, int64_t *size, uint64_t *hash, json_t **how, xp_err *err);
/* Record it: path absolute (NULL: forget it), how a JSON object or NULL;
 * XP_ENOTFOUND for no such run. */
int xp_db_set_run_model(xp_db *db, int64_t run, const char *path, int64_t size, uint64_t hash, const json_t *how,
			xp_err *err);
/* What re-projecting the newest live realign of mention key's utterance
 * reads: {"tedit","run","lang","doc","part","speaker","src":[tokens],
 * "tgt":[its new tokens],"sent","settings":{the run's projection
 * settings},"mentions":[{"row","id","cluster","start","end"}]};
 * XP_ENOTFOUND when the utterance was not re-paired. */
int xp_db_reproj_input(xp_db *db, int64_t run, const char *key, json_t **out, xp_err *err);
/* The spans proposed for realign `tedit`'s mentions, [{"row","span":
 * [start,end] or null,"fate","confidence"}] (none: []), and what was done
 * ("proposed", or in words why nothing was), in one transaction.  A row not
 * of its utterance is refused (XP_EINPUT). */
int xp_db_reproj_put(xp_db *db, int64_t tedit, const json_t *proposals, const char *what, xp_err *err);
/* The realigns a rerun carried to run (the newest live one of each
 * utterance, carried from an earlier run's), whose proposals are the
 * earlier run's: [{"tedit","key" (a mention of the utterance: for
 * xp_db_reproj_input),"acted":[the rows of its mentions with a live
 * correction or review: what the corrector saw and acted on is theirs]}]. */
int xp_db_reproj_carried(xp_db *db, int64_t run, json_t **out, xp_err *err);
/* The carry-over's line for carried realign tedit says why (it was
 * re-projected with the run's model, or not and why). */
int xp_db_carry_said(xp_db *db, int64_t tedit, const char *why, xp_err *err);
/* Mention row's re-projection under its utterance's newest live realign:
 * {"state":"proposed"|"none","why","span":[sent,start,end] or null,"fate",
 * "confidence"}; JSON null when its utterance is not re-paired. */
json_t *xp_db_reproj_of(xp_db *db, int64_t mention);
/* A target mention with no English counterpart: tokens [start, end) of the
 * target sentence of utterance `utt` (its index in the document of mention
 * `key`, the one on screen, whose version is checked) in cluster `cluster`
 * of the document (an existing entity, or a new number).  *id gets its
 * number: the mention is "DOC|+ID" in the history. */
int xp_db_tadd_at(xp_db *db, int64_t run, const char *key, int64_t utt, int64_t start, int64_t end,
		  int64_t cluster, const char *annotator, const char *note, int64_t version, int64_t *id,
		  xp_err *err);

/* Relink a target-only mention alone: tadd N ("DOC|+N" in the history)
 * moves to cluster `cluster` of its document, made on `version` of mention
 * `key`, the one on screen, as xp_db_tadd_at.  `from` (or -1) is the
 * cluster the corrector saw it in: XP_ECONFLICT when it is in another now
 * (someone relinked or merged it meanwhile).  Stored as a batch of one
 * move (schema 14: tmoves), as a merge moves it, so that export, carry-over
 * and the scene take it where it is now and xp_db_undo_mine takes it back
 * ("relink +N", naming `key`).  XP_EINPUT when N is not a live
 * target-only mention of the document or is in that cluster already. */
int xp_db_relink_tadd_at(xp_db *db, int64_t run, const char *key, int64_t tadd, int64_t from, int64_t cluster,
			 const char *annotator, const char *note, int64_t version, xp_err *err);
/* Delete a target-only mention (schema 15): the run's (a rule wrote it,
 * correct/import.c) or a corrector's, as xp_db_relink_tadd_at relinks it:
 * a batch of one move out of every cluster, so that export, carry-over and
 * the views leave it out and xp_db_undo_mine takes it back ("delete +N"). */
#define XP_TADD_DELETED (-1)
int xp_db_delete_tadd_at(xp_db *db, int64_t run, const char *key, int64_t tadd, int64_t from, const char *annotator,
			 const char *note, int64_t version, xp_err *err);

/* What every refusal of the crossing guard (two mentions of one entity
 * whose tokens would overlap without one holding the other, which CoNLL
 * and CorefUD brackets cannot hold: correct/cross.c) says: the workbench
 * tells such a refusal apart by it. */
#define XP_XGUARD_WHY "which the exported corpus cannot write"

/* keep (the mention is right as it is now) or note (text, not empty). */
typedef enum { XP_KEEP, XP_NOTE } xp_review_kind;
int xp_db_review(xp_db *db, int64_t run, const char *key, xp_review_kind kind, const char *note,
		 const char *annotator, int64_t version, xp_err *err);

/* Undo the annotator's newest live action in the run made through these
 * functions or `xproj db add|modify|delete` (a single edit or a review; not a
 * batch, not a carried one).  Refused with XP_ECONFLICT when someone else has
 * acted on that mention since, XP_ENOTFOUND when there is nothing to undo.
 * what gets "modify DOC|ID", key the mention. */
int xp_db_undo_mine(xp_db *db, int64_t run, const char *annotator, char *what, size_t nwhat, char *key,
		    size_t nkey, xp_err *err);

/* What xp_db_undo_mine would take back now: what, key, and the mention's
 * version (XP_ENOTFOUND when nothing).  The workbench sends that version
 * with the undo, so an undo, like every other action, is refused when the
 * mention moved on since the page learnt what it would undo. */
int xp_db_undo_next(xp_db *db, int64_t run, const char *annotator, char *what, size_t nwhat, char *key, size_t nkey,
		    int64_t *version, xp_err *err);

/* What xp_db_undo_mine would take back now, in the words the workbench
 * names it by (not its key, not "+N"): "keep “my” (line 6, Sam)",
 * "delete target-only “…”", "merge of the entity of “he” (line 3)".
 * 0, or -1 when there is nothing to undo or the store cannot say (said ""). */
int xp_db_undo_said(xp_db *db, int64_t run, const char *annotator, char *said, size_t n);

/* Target-only mention tid named as every line of the workbench names it,
 * by its target words: "target-only “…”", cut to n at a character;
 * "target-only mention +N" when the store has no such row.  For error
 * messages ("+N" is a number no line of the page shows), so not isolated
 * (U+2068 ... U+2069): xp_fail escapes those. */
void xp_tadd_name(xp_db *db, int64_t tid, char *out, size_t n);

/* Where an annotator is in a run's queue (a mention key). get: 0 and key
 * filled, or XP_ENOTFOUND when the annotator has no place yet. */
int xp_db_position_set(xp_db *db, int64_t run, const char *annotator, const char *key, xp_err *err);
int xp_db_position_get(xp_db *db, int64_t run, const char *annotator, char *key, size_t n, xp_err *err);

/* The run's mentions in triage order (xp_db_triage's), each with what the
 * queue is filtered on.  type (model/mtype.h's, English's: the source
 * side's words): XP_MT_PRONOUN (one token, one of English's pronouns:
 * xp_mtype_is_pronoun), XP_MT_NAME (every token capitalised) or
 * XP_MT_NOMINAL; never XP_MT_OTHER.  xp_mtype_names are those three's
 * names (xp_mtype_name's). */
extern const char *const xp_mtype_names[3];

typedef struct xp_queue_item {
	xp_triage_item t;
	int64_t row;          /* the mentions row */
	uint32_t doc, fate;   /* indexes into xp_queue.docs / .fates */
	xp_mtype type;
	double conf;
} xp_queue_item;

typedef struct xp_queue {
	xp_queue_item *v;
	size_t n;
	char **docs, **fates;
	size_t ndocs, nfates;
} xp_queue;
int xp_db_queue(xp_db *db, int64_t run, xp_queue *q, xp_err *err);
void xp_queue_free(xp_queue *q);

/* The queue as the store keeps it (schema 8, correct/queue.c): a page of
 * it, filtered, in triage order or in reading order (documents as imported,
 * utterances, spans left to right), as the JSON the API serves:
 * {"run","total","all","offset","limit","items":[{"pos","rank","key","risk",
 * "why","doc","fate","type","conf","status","en","projected","target",
 * "reason","explain","said"}],"found","docs","fates","done","order"}.  en is
 * the English mention's words, projected the target words as projected,
 * target as they are now (null: no span); reason is why it ranks where it
 * does in plain words (xp_reason_words), said the why in words
 * (xp_triage_words), why and explain the figures (for scripts).  Empty
 * strings and NULL mean "any"; type -1 is any; min_conf -1 and max_conf 2
 * are no bound; q is a substring of the key, the English or the projected
 * target words; offset -1 opens the page holding `around` (a key), whose
 * place in the filtered list is "found" (-1: not in it). */
typedef struct xp_queue_query {
	const char *doc, *fate, *status, *q, *around;
	int type;
	double min_conf, max_conf;
	int reading;
	int no_lists;   /* leave out "docs" and "fates" (the caller keeps them: they never change) */
	long offset, limit;
	int64_t at;   /* internal */
} xp_queue_query;
int xp_db_queue_page(xp_db *db, int64_t run, const xp_queue_query *f, json_t **out, xp_err *err);
/* {"docs": the run's documents as imported, "fates": its fates}: what the
 * queue is filtered on (NULL: out of memory) */
json_t *xp_db_queue_lists(xp_db *db, int64_t run);
/* the run's queue size; one mention's place and reason: {"rank","risk","why",
 * "explain","reason","said","signs"} (XP_ENOTFOUND if the queue does not hold it) */
int64_t xp_db_queue_size(xp_db *db, int64_t run);
int xp_db_queue_item(xp_db *db, int64_t run, const char *key, json_t **out, xp_err *err);
/* The reason in plain words: the confidence features of explain (project/
 * feat.h, "name=value (pull), ...") that pull the confidence down, each as
 * a short phrase, "; " between them; else what why says in words.  The
 * phrase of one feature, NULL if it has none. */
void xp_reason_words(const char *why, const char *explain, char *out, size_t n);
const char *xp_reason_phrase(const char *feat);
/* what the feature says when it raises the confidence (NULL: no phrase) */
const char *xp_reason_phrase_up(const char *feat);
/* Every feature of explain as what it says of the mention, in the order
 * explain lists them, and a level set on corrected data that moved the
 * confidence: [{"words", "lowers"}] (lowers: it lowers the confidence;
 * raises it otherwise); a feature with no phrase is left out, never named.
 * NULL: out of memory. */
json_t *xp_reason_signs(const char *explain);
/* A queue item's why (correct/view.c xp_triage_one: "projected: P(wrong)
 * 0.71, 2.3 fixes/min", "alignment doubtful (time); ...", "kept") in
 * words: "71% likely wrong, about 2.3 fixes a minute". */
void xp_triage_words(const char *why, char *out, size_t n);

/* What has been done to the run's mentions now: rows (sorted) with flags. */
enum { XP_TOUCH_EDITED = 1, XP_TOUCH_KEPT = 2, XP_TOUCH_NOTED = 4, XP_TOUCH_LOST = 8 };
typedef struct xp_touch {
	int64_t row;
	unsigned flags;
} xp_touch;
int xp_db_touched(xp_db *db, int64_t run, xp_touch **v, size_t *n, xp_err *err);
/* the flags of one row in a sorted xp_touch array */
unsigned xp_touch_flags(const xp_touch *v, size_t n, int64_t row);

/* The history (db log) as [{"id","created","action","detail"}], oldest first. */
int xp_db_log_json(xp_db *db, json_t **out, xp_err *err);

#endif
