/*
 * project/collide.h — settling a document's projected mentions: one
 * target span, one mention.  Coreferent English mentions that land on the
 * same span are kept once; mentions of different clusters that do are a
 * collision, settled by policy (keep the first by English id, merge the
 * two clusters, or drop them all) and counted, never merged silently.
 * Nested and crossing target spans are allowed and counted.  The survivors
 * go into the target document with their English ids and cluster labels.
 */
#ifndef XP_COLLIDE_H
#define XP_COLLIDE_H

#include "project.h"

/* qsort order of pointers to projected mentions: by target sentence, start,
 * end, then id (collide.c and the overlap features share it). */
int xp_proj_by_span(const void *a, const void *b);
int xp_settle(xp_proj_mention *m, size_t n, xp_doc *td, xp_collide policy, xp_proj_stats *st);

#endif
