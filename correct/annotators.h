/*
 * correct/annotators.h — each annotator's own version of a run, so that
 * annotators of one store can be compared (`xproj agree --db`).
 *
 * An annotator's version of a document is the silver projection with only
 * that annotator's live corrections applied, in the order they were made;
 * an annotator's documents are those in which they made a live correction
 * or review (a document they never opened is not their annotation of it).
 * Corrections with no annotator belong to the annotator "".
 *
 * A stored no-op (store.h XP_SQL_NOOP: a store made before edits refused
 * them) is left out of all three: it is no correction, and its span is the
 * store's view when it was made, which in a store several annotators share
 * may be another's edit.  Replayed, it gave annotator B annotator A's edit
 * of the mention, one they "agreed" on that B never made; taken as the
 * document's mark, a document B only opened was compared whole, as B's
 * annotation.  Without it, B's version is what B's own corrections and
 * reviews make it.
 */
#ifndef XP_ANNOTATORS_H
#define XP_ANNOTATORS_H

#include "db.h"

/* The annotators with live corrections or reviews in the run, sorted;
 * *names is malloc'd, each name too (free with xp_db_annotators_free). */
int xp_db_annotators(xp_db *db, int64_t run, char ***names, size_t *n, xp_err *err);
void xp_db_annotators_free(char **names, size_t n);

/* The annotator's version of the run (see above) into out. */
int xp_db_export_annotator(xp_db *db, int64_t run, const char *annotator, xp_corpus *out,
			   xp_err *err);

#endif
