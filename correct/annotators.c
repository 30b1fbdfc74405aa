/*
 * correct/annotators.c — one annotator's version of a run; see
 * annotators.h.  The corrected view's own replay (xp_view_doc,
 * xp_db_state, xp_tadds_json, each with an annotator) reads it, so its
 * rules are not repeated here: only whose actions count differs.  (A
 * second replay here once took every mention's English entity and no
 * target-only mention: a relink, merge or split was not in the
 * annotator's version, and agree --db read two annotators who linked
 * differently as agreeing.)
 */
#include "annotators.h"
#include "store.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>

const char *xp_annotator_refusal(const char *who)
{
	size_t bad;
	if (!who || !*who)
		return "an annotator name is required";
	if (strlen(who) > 64 || !xp_utf8_valid(who, strlen(who), &bad))
		return "an annotator name is 1 to 64 bytes of UTF-8";
	for (const unsigned char *p = (const unsigned char *)who; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return "an annotator name has no control characters";
	return NULL;
}

void xp_db_annotators_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* What an annotator did in a run, as rows (annotator, document row) of
 * SQL (?1 the run): live corrections that changed something, live
 * reviews, live target-only mentions and realigns of their own (not the
 * run's, a rule's: schema 15), and live moves of target-only mentions (a
 * batch's annotator, schema 13).  A store of an older schema has no table
 * for the later ones. */
#define ACTS_CORRECTIONS "SELECT coalesce(c.annotator, '') AS who, m.document AS doc FROM corrections c" \
	" JOIN mentions m ON m.id = c.mention LEFT JOIN batches b ON b.id = c.batch WHERE c.run = ?1 AND " XP_SQL_EDIT_C \
	" UNION SELECT coalesce(r.annotator, ''), m.document FROM reviews r JOIN mentions m ON m.id = r.mention" \
	" WHERE r.run = ?1 AND r.undone = 0"
#define ACTS_TEDITS(rule) " UNION SELECT coalesce(t.annotator, ''), u.document FROM tedits t JOIN utterances u" \
	" ON u.id = t.utterance WHERE t.run = ?1 AND t.undone = 0 AND " rule " AND (t.kind = 'realign' OR " \
	XP_SQL_TADD_LIVE("t") ")"
#define ACTS_TMOVES " UNION SELECT coalesce(b.annotator, ''), u.document FROM tmoves x JOIN batches b ON b.id = x.batch" \
	" JOIN tedits t ON t.id = x.tedit JOIN utterances u ON u.id = t.utterance WHERE t.run = ?1 AND b.undone = 0"

#define ACTS_15 ACTS_CORRECTIONS ACTS_TEDITS("t.rule IS NULL") ACTS_TMOVES
#define ACTS_13 ACTS_CORRECTIONS ACTS_TEDITS("1") ACTS_TMOVES
#define ACTS_9 ACTS_CORRECTIONS ACTS_TEDITS("1")
#define ACTS_SQL(db, wrap) ((db)->version >= 15 ? wrap(ACTS_15) : (db)->version >= 13 ? wrap(ACTS_13) \
			    : (db)->version >= 9 ? wrap(ACTS_9) : wrap(ACTS_CORRECTIONS))
/* the annotators, sorted; an annotator's (?2) documents, sorted */
#define WHO(acts) "SELECT DISTINCT who FROM (" acts ") ORDER BY 1"
#define DOCS(acts) "SELECT DISTINCT doc FROM (" acts ") WHERE who = ?2 ORDER BY 1"

int xp_db_annotators(xp_db *db, int64_t run, char ***names, size_t *n, xp_err *err)
{
	*names = NULL;
	*n = 0;
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, ACTS_SQL(db, WHO), &st, err))
		return err->code;
	sqlite3_bind_int64(st, 1, run);
	size_t cap = 0;
	int rc = 0, s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		char *name = strdup(xp_sql_text(st, 0));
		if (!name || xp_grow(names, &cap, *n + 1, sizeof **names)) {
			free(name);
			rc = xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory listing annotators");
			break;
		}
		(*names)[(*n)++] = name;
	}
	if (rc == 0 && s != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "listing annotators");
	sqlite3_finalize(st);
	if (rc) {
		xp_db_annotators_free(*names, *n);
		*names = NULL;
		*n = 0;
	}
	return rc;
}

int xp_db_export_annotator(xp_db *db, int64_t run, const char *annotator, xp_corpus *out,
			   xp_err *err)
{
	/* the documents the annotator acted in, sorted */
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, ACTS_SQL(db, DOCS), &st, err))
		return err->code;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, annotator, -1, SQLITE_STATIC);
	int64_t *docs = NULL;
	size_t n = 0, cap = 0;
	int rc = 0, s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		if (xp_grow(&docs, &cap, n + 1, sizeof *docs)) {
			rc = xp_failc(err, XP_ENOMEM, db->path, 0, "out of memory exporting %s's version", annotator);
			break;
		}
		docs[n++] = sqlite3_column_int64(st, 0);
	}
	if (rc == 0 && s != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "reading an annotator's documents");
	sqlite3_finalize(st);
	/* their version: the corrected view's replay, with their actions only */
	if (rc == 0)
		rc = xp_view_export_by(db, run, annotator, docs, n, out, err);
	free(docs);
	return rc < 0 ? XP_EFAIL : rc;
}
