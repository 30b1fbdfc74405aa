/* tests/unit/test_entname.c — what names an entity in the scene's list
 * (correct/review.c ent_name): a name before a noun phrase before a
 * pronoun, then the words said most often, on both sides; a target span
 * the pack's lists call a pronoun last; an entity of target-only mentions
 * alone named by their words.  On a made-up line added to the fixture's
 * store (tests/unit/dbutil.h). */
#include "testutil.h"
#include "dbutil.h"

#include <jansson.h>
#include <sqlite3.h>
#include "correct/review.h"
#include "correct/store.h"

#define J(o, k) json_object_get(o, k)

/* line 3 of document d:
 *   He said he saw Leonard , your mom , you and you .
 *   他 说 他 看见 莱纳德 ， 你 妈妈 ， 你 和 你 。
 * entity 50: He, he, Leonard (a name said once after two pronouns);
 * entity 60: your, you, you (pronouns only: the one said most);
 * entity 61: the guy (-> 他, a pronoun in Chinese), the man (-> 那个人) */
static const char *line3 =
	"INSERT INTO utterances(document, en_idx, tgt_idx, speaker, src, tgt, tgt_text) VALUES (1, 3, 2, 'A',"
	" '[\"He\",\"said\",\"he\",\"saw\",\"Leonard\",\",\",\"your\",\"mom\",\",\",\"you\",\"and\",\"you\",\".\"]',"
	" '[\"他\",\"说\",\"他\",\"看见\",\"莱纳德\",\"，\",\"你\",\"妈妈\",\"，\",\"你\",\"和\",\"你\",\"。\"]', '');"
	"INSERT INTO utterances(document, en_idx, tgt_idx, speaker, src, tgt, tgt_text) VALUES (1, 4, 3, 'B',"
	" '[\"the\",\"guy\",\"met\",\"the\",\"man\"]', '[\"他\",\"见\",\"那个人\"]', '');";

static void mention_at(xp_db *db, int id, int cluster, int utt, int s, int e, int ts, int te)
{
	char sql[512];
	snprintf(sql, sizeof sql,
		 "INSERT INTO mentions(document, mention, cluster, utterance, start, end) VALUES (1, %d, %d,"
		 " (SELECT id FROM utterances WHERE document = 1 AND en_idx = %d), %d, %d);"
		 "INSERT INTO projections(mention, tgt_start, tgt_end, fate, confidence)"
		 " SELECT id, %d, %d, 'projected', 0.9 FROM mentions WHERE document = 1 AND mention = %d",
		 id, cluster, utt, s, e, ts, te, id);
	assert_int_equal(sqlite3_exec(db->h, sql, NULL, NULL, NULL), SQLITE_OK);
}

static json_t *entity(json_t *m, int cluster)
{
	size_t i;
	json_t *e;
	json_array_foreach(J(J(m, "scene"), "entities"), i, e)
		if (json_integer_value(J(e, "cluster")) == cluster)
			return e;
	return NULL;
}

/* its words on one side, joined by spaces */
static const char *said(json_t *e, const char *side)
{
	static char b[256];
	size_t i, at = 0;
	json_t *w;
	b[0] = '\0';
	json_array_foreach(J(e, side), i, w)
		at += (size_t)snprintf(b + at, sizeof b - at, "%s%s", i ? " " : "", json_string_value(w));
	return b;
}

static void names_an_annotator_reads(void **state)
{
	(void)state;
	xp_db *db = fresh();
	xp_err e;
	int64_t run = import(db);
	assert_int_equal(sqlite3_exec(db->h, line3, NULL, NULL, NULL), SQLITE_OK);
	mention_at(db, 100, 50, 3, 0, 1, 0, 1);   /* He -> 他 */
	mention_at(db, 101, 50, 3, 2, 3, 2, 3);   /* he -> 他 */
	mention_at(db, 102, 50, 3, 4, 5, 4, 5);   /* Leonard -> 莱纳德 */
	mention_at(db, 103, 60, 3, 6, 7, 6, 7);   /* your -> 你 */
	mention_at(db, 104, 60, 3, 9, 10, 9, 10); /* you -> 你 */
	mention_at(db, 105, 60, 3, 11, 12, 11, 12);
	mention_at(db, 106, 61, 4, 0, 2, 0, 1);   /* the guy -> 他 */
	mention_at(db, 107, 61, 4, 3, 5, 2, 3);   /* the man -> 那个人 */
	json_t *m;
	assert_int_equal(xp_db_mention(db, run, "d|100", 5, &m, &e), 0);
	json_t *x = entity(m, 50);
	assert_non_null(x);
	assert_int_equal(json_integer_value(J(x, "n")), 3);
	assert_string_equal(said(x, "words"), "Leonard");   /* the name, not "He" */
	assert_string_equal(said(x, "tgt_words"), "莱纳德");
	x = entity(m, 60);
	assert_non_null(x);
	assert_string_equal(said(x, "words"), "you");       /* said twice; "your" once */
	assert_string_equal(said(x, "tgt_words"), "你");
	x = entity(m, 61);
	assert_non_null(x);
	assert_string_equal(said(x, "words"), "the guy");   /* as long, the first */
	assert_string_equal(said(x, "tgt_words"), "那个人"); /* 他 is a pronoun in the pack's lists */
	/* the fixture's: "the big red car" over "It" */
	x = entity(m, 2);
	assert_non_null(x);
	assert_string_equal(said(x, "words"), "the big red car");
	int64_t version = json_integer_value(J(m, "version"));
	json_decref(m);

	/* a target-only mention made a new entity: in the list, named by its words */
	int64_t tid;
	assert_int_equal(xp_db_tadd_at(db, run, "d|100", 3, 7, 8, 80, "ann", NULL, version, &tid, &e), 0);
	assert_int_equal(xp_db_mention(db, run, "d|100", 5, &m, &e), 0);
	x = entity(m, 80);
	assert_non_null(x);
	assert_int_equal(json_integer_value(J(x, "n")), 1);
	assert_string_equal(said(x, "tgt_words"), "妈妈");
	assert_int_equal(json_array_size(J(x, "words")), 0);
	/* one added to entity 50 counts as its mention, and names it after
	 * the untouched projections */
	json_decref(m);
	assert_int_equal(xp_db_mention(db, run, "d|100", 5, &m, &e), 0);
	version = json_integer_value(J(m, "version"));
	json_decref(m);
	assert_int_equal(xp_db_tadd_at(db, run, "d|100", 3, 9, 10, 50, "ann", NULL, version, &tid, &e), 0);
	assert_int_equal(xp_db_mention(db, run, "d|100", 5, &m, &e), 0);
	x = entity(m, 50);
	assert_int_equal(json_integer_value(J(x, "n")), 4);
	assert_string_equal(said(x, "tgt_words"), "莱纳德");
	json_decref(m);

	/* a far mention of the document sees the same names (GET entities) */
	assert_int_equal(xp_db_mention(db, run, "d|0", 0, &m, &e), 0);
	assert_string_equal(said(entity(m, 50), "words"), "Leonard");
	assert_string_equal(said(entity(m, 80), "tgt_words"), "妈妈");
	json_decref(m);
	done(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_an_annotator_reads),
	};
	return cmocka_run_group_tests_name("entname", tests, NULL, NULL);
}
