/*
 * pipeline/reproject.h — a re-paired utterance's mentions projected again
 * with the word aligner's model its run was aligned with (the workbench's
 * realign, serve/reproject.c; a rerun's carried realigns, here): the pair
 * aligned as the run's aligner did, the mentions projected with the run's
 * recorded settings.  Internal to xproj (not in the installed headers).
 */
#ifndef XP_PIPE_REPROJECT_H
#define XP_PIPE_REPROJECT_H

#include "../align/wordalign.h"
#include "../correct/review.h"

#include <jansson.h>

/* The utterance `in` (correct/review.h xp_db_reproj_input's) aligned by
 * model m (name: its file, for errors) as the run's aligner did (how: the
 * run's aligner record, xp_db_run_model; NULL: wordalign's defaults) and
 * its mentions projected: [{"row","span","fate","confidence"}] appended to
 * props, *found the spans among them. */
int xp_pipe_reproject_one(const xp_wa_model *m, const char *name, const json_t *how, const json_t *in, json_t *props,
			  size_t *found, xp_err *err);

/* A rerun's carried realigns (xp_db_reproj_carried) re-projected with the
 * new run's model m (how: its aligner record): each mention's proposal is
 * the new run's, except a mention a correction or review of the earlier
 * run carried acts on (what the corrector saw stays), and the carry-over's
 * line says so.  *redone: realigns re-projected; *kept: mentions left with
 * the earlier run's proposal.  Inside the caller's transaction. */
int xp_pipe_reproject_carried(xp_db *db, int64_t run, const xp_wa_model *m, const char *name, const json_t *how,
			      size_t *redone, size_t *kept, xp_err *err);

#endif
