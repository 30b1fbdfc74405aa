/*
 * correct/annotators.h — each annotator's own version of a run, so that
 * annotators of one store can be compared (`xproj agree --db`).
 *
 * An annotator's version of a document is the corrected view (export's)
 * made of the projection and that annotator's own live actions alone,
 * replayed by the view's rules: span edits, additions and deletions,
 * relinks, merges and splits (a correction's cluster), their target-only
 * mentions and their moves and deletions of them, less what they undid.
 * The run's own target-only mentions (a rule's) are the projection's.
 * The target sentences are the view's, every live realign's, whoever made
 * it: annotators are compared on the same tokens.  An annotator's
 * documents are those in which they made one of these, a review or a
 * realign (a document they never opened is not their annotation of it).
 * Actions with no annotator belong to the annotator "".
 *
 * In a store several annotators share, an action records the view it was
 * made on: a relink or a merge keeps the span the mention had then, which
 * may be another annotator's edit.  Stores made apart and merged (db
 * merge) have no such mixing.
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

/* Why `who` cannot be an annotator's name, or NULL: names are shown to
 * other annotators and kept in the store, so they are printable UTF-8, 1
 * to 64 bytes.  The workbench and the db commands ask the same (the
 * commands took a name in Latin-1 as its bytes: a store's "Jos\xe9" shown
 * as "Jos\uFFFD" everywhere, and another annotator than a "José" in
 * UTF-8 to agree --db). */
const char *xp_annotator_refusal(const char *who);

/* The annotators with live corrections or reviews in the run, sorted;
 * *names is malloc'd, each name too (free with xp_db_annotators_free). */
int xp_db_annotators(xp_db *db, int64_t run, char ***names, size_t *n, xp_err *err);
void xp_db_annotators_free(char **names, size_t n);

/* The annotator's version of the run (see above) into out. */
int xp_db_export_annotator(xp_db *db, int64_t run, const char *annotator, xp_corpus *out,
			   xp_err *err);

#endif
