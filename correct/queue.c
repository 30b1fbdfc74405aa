/*
 * correct/queue.c — the triage queue kept in the store (schema 8), and the
 * page of it the workbench asks for.
 *
 * Ranking a run (xp_db_triage) reads every mention; the workbench used to
 * do it on the first request and then walk the whole ranked run on every
 * page (67 MB read per page at 100k mentions, issue 37).  Here the order is
 * computed once, when the run is imported (after the carried corrections,
 * which is exactly what a first request saw) or when a store of schema 7 is
 * migrated, and written as rows of the table `queue` with everything a page
 * shows or filters on: its rank, its reading position, the mention's key,
 * fate, type, confidence, the English words and the projected target words.
 * A page is then an index range: (run, rank) or (run, reading), with a
 * document's own indexes for the document filter.  What has been done to a
 * mention (edited, kept, noted, lost) is not stored here: it is looked up
 * live, as before, from the corrections, reviews and carries of the run.
 *
 * The rank does not move as corrections change the risks: a corrector
 * walking the queue must not see it reshuffle under them (serve/api.c).
 */
#include "review.h"
#include "store.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../lang/lang.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int oom(xp_err *err)
{
	return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
}

/* A lead byte of a three-byte UTF-8 sequence from U+3000 to U+9FFF (CJK,
 * kana): tokens of such scripts are written without a space between them. */
static int cjk(unsigned char c)
{
	return c >= 0xe3 && c <= 0xe9;
}

/* tokens [start, end) of a JSON array, as the words a reader sees */
void xp_tokens_words(xp_buf *b, json_t *toks, int64_t start, int64_t end)
{
	unsigned char last = 0;
	for (int64_t i = start < 0 ? 0 : start; i < end && (size_t)i < json_array_size(toks); i++) {
		const char *w = json_string_value(json_array_get(toks, (size_t)i));
		if (!w || !*w)
			continue;
		if (b->n && !(cjk(last) && cjk((unsigned char)w[0])))
			xp_buf_putc(b, ' ');
		xp_buf_puts(b, w);
		/* the lead byte of the token's last character */
		size_t k = strlen(w);
		while (k > 1 && ((unsigned char)w[k - 1] & 0xc0) == 0x80)
			k--;
		last = (unsigned char)w[k - 1];
	}
}

static char *text(json_t *toks, int64_t start, int64_t end)
{
	xp_buf b = {0};
	xp_tokens_words(&b, toks, start, end);
	xp_buf_putc(&b, 0);
	if (b.oom) {
		xp_buf_free(&b);
		return NULL;
	}
	return b.p;
}

static json_t *array_of(const char *s)
{
	json_t *a = s ? json_loads(s, 0, NULL) : NULL;
	if (a && !json_is_array(a)) {
		json_decref(a);
		a = NULL;
	}
	return a;
}

/* The run's queue, a mention at a time: each one's row (its triage item,
 * xp_triage_one, and what a page shows) goes in reading order into a
 * temporary table, and SQLite numbers them by xp_db_triage's order (its
 * by_rate: alignment items first, then risk and p_fix falling, then the
 * key), sorting on disk as it needs.  Held in C, the whole run ranked took
 * 2 KB a mention (8.4 GB at 4M mentions, the peak of `db import`: issue
 * 37); this holds one row and the run's few touched mentions. */
#define BUILD "temp.queue_build"
int xp_queue_store(xp_db *db, int64_t run, xp_err *err)
{
	sqlite3_stmt *st = NULL, *ins = NULL, *utt = NULL;
	char sql[600];
	snprintf(sql, sizeof sql, "DELETE FROM queue WHERE run = %lld", (long long)run);
	if (xp_sql_exec(db, sql, err) ||
	    xp_sql_exec(db, "CREATE TEMP TABLE IF NOT EXISTS queue_build(reading INTEGER PRIMARY KEY, mention INTEGER,"
			" document INTEGER, doc TEXT, key TEXT, fate TEXT, type INTEGER, conf REAL, risk REAL, p_fix REAL,"
			" why TEXT, explain TEXT, en TEXT, tgt TEXT, align INTEGER); DELETE FROM " BUILD, err))
		return -1;
	xp_touch *touched = NULL;
	size_t ntouched = 0;
	if (xp_db_touched(db, run, &touched, &ntouched, err))
		return -1;
	/* reading order: documents as imported, utterances, then spans left to right */
	snprintf(sql, sizeof sql, XP_SQL_KEY_DOCS("?1") "SELECT m.id, d.id, d.doc, m.mention, u.id, m.start, m.end,"
		 " p.tgt_start, p.tgt_end, p.fate, p.confidence, u.tgt_idx IS NOT NULL, p.why, %s, kd.kp",
		 db->version >= 9 ? "u.align_doubt" : "NULL");
	xp_buf q = {0};
	xp_buf_puts(&q, sql);
	xp_buf_puts(&q, " FROM mentions m JOIN documents d ON d.id = m.document JOIN kd ON kd.id = d.id"
		    " JOIN utterances u ON u.id = m.utterance JOIN projections p ON p.mention = m.id WHERE d.run = ?1"
		    " ORDER BY d.id, u.en_idx, m.start, m.end, m.mention");
	xp_buf_putc(&q, 0);
	int rc = q.oom ? oom(err) : 0;
	if (rc == 0 && (xp_sql_prepare(db, q.p, &st, err) ||
			xp_sql_prepare(db, "SELECT src, tgt FROM utterances WHERE id = ?", &utt, err) ||
			xp_sql_prepare(db, "INSERT INTO " BUILD "(reading, mention, document, doc, key, fate, type, conf, risk,"
				       " p_fix, why, explain, en, tgt, align) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", &ins, err)))
		rc = -1;
	xp_buf_free(&q);
	if (st)
		sqlite3_bind_int64(st, 1, run);
	xp_triage_item t;
	int step = SQLITE_DONE;
	/* The utterance's tokens, parsed once for all its mentions (in reading
	 * order they come together): parsed a mention at a time, with the
	 * tokens read in the join's row, one long sentence made the import
	 * quadratic (20000 one-token mentions in a sentence: 156 s). */
	int64_t cur = -1;
	json_t *src = NULL, *toks = NULL;
	for (int64_t i = 0; rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW; i++) {
		int64_t row = sqlite3_column_int64(st, 0);
		const char *doc = xp_sql_text(st, 2), *fate = xp_sql_text(st, 9);
		xp_triage_one(doc, sqlite3_column_int64(st, 14), sqlite3_column_int64(st, 3), fate, sqlite3_column_double(st, 10),
			      sqlite3_column_int(st, 11), xp_sql_text(st, 12), (const char *)sqlite3_column_text(st, 13),
			      xp_touch_flags(touched, ntouched, row), &t);
		if (sqlite3_column_int64(st, 4) != cur) {
			json_decref(src), json_decref(toks);
			src = toks = NULL;
			cur = sqlite3_column_int64(st, 4);
			sqlite3_bind_int64(utt, 1, cur);
			if (sqlite3_step(utt) == SQLITE_ROW) {
				src = array_of((const char *)sqlite3_column_text(utt, 0));
				toks = array_of((const char *)sqlite3_column_text(utt, 1));
			}
			sqlite3_reset(utt);
		}
		int64_t start = sqlite3_column_int64(st, 5), end = sqlite3_column_int64(st, 6);
		int span = sqlite3_column_type(st, 7) != SQLITE_NULL;
		char *en = text(src, start, end), *tgt = NULL;
		if (span)
			tgt = text(toks, sqlite3_column_int64(st, 7), sqlite3_column_int64(st, 8));
		/* as xp_db_queue: a src that is no array is no tokens */
		json_t *none = src ? NULL : json_array();
		xp_mtype type = xp_span_type(src ? src : none, start, end);
		json_decref(none);
		if (!en || (span && !tgt)) {
			free(en), free(tgt);
			rc = oom(err);
			break;
		}
		sqlite3_bind_int64(ins, 1, i);
		sqlite3_bind_int64(ins, 2, row);
		sqlite3_bind_int64(ins, 3, sqlite3_column_int64(st, 1));
		sqlite3_bind_text(ins, 4, doc, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(ins, 5, t.key, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 6, fate, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(ins, 7, (int)type);
		sqlite3_bind_double(ins, 8, sqlite3_column_double(st, 10));
		sqlite3_bind_double(ins, 9, t.risk);
		sqlite3_bind_double(ins, 10, t.p_fix);
		sqlite3_bind_text(ins, 11, t.why, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 12, t.explain, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 13, en, -1, SQLITE_STATIC);
		if (tgt)
			sqlite3_bind_text(ins, 14, tgt, -1, SQLITE_STATIC);
		else
			sqlite3_bind_null(ins, 14);
		sqlite3_bind_int(ins, 15, t.align);
		if (sqlite3_step(ins) != SQLITE_DONE)
			rc = xp_sql_fail(db, err, "ranking the queue");
		sqlite3_reset(ins);
		free(en), free(tgt);
	}
	if (rc == 0 && step != SQLITE_DONE)
		rc = xp_sql_fail(db, err, "reading the run for its queue");
	json_decref(src), json_decref(toks);
	sqlite3_finalize(st);
	sqlite3_finalize(ins);
	sqlite3_finalize(utt);
	free(touched);
	if (rc == 0) {
		/* the rank: xp_db_triage's by_rate, as SQL (the key compares
		 * bytewise there as strcmp does) */
		char ins_sql[600];
		snprintf(ins_sql, sizeof ins_sql, "INSERT INTO queue(run, rank, reading, mention, document, doc, key, fate, type, conf,"
			 " risk, p_fix, why, explain, en, tgt) SELECT %lld, row_number() OVER (ORDER BY align DESC, risk DESC,"
			 " p_fix DESC, key) - 1, reading, mention, document, doc, key, fate, type, conf, risk, p_fix, why,"
			 " explain, en, tgt FROM " BUILD, (long long)run);
		rc = xp_sql_exec(db, ins_sql, err);
	}
	/* emptied either way: the next run's rows start from nothing */
	xp_err ignored = {0};
	xp_sql_exec(db, "DELETE FROM " BUILD, &ignored);
	return rc ? -1 : 0;
}

int xp_queue_store_all(xp_db *db, xp_err *err)
{
	sqlite3_stmt *st;
	if (xp_sql_prepare(db, "SELECT id FROM runs ORDER BY id", &st, err))
		return -1;
	int64_t *runs = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
		if (xp_grow(&runs, &cap, n + 1, sizeof *runs))
			rc = oom(err);
		else
			runs[n++] = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = xp_queue_store(db, runs[i], err);
	free(runs);
	return rc;
}

/* --- the reason in plain words ------------------------------------------------------------ */

/* What each confidence feature (project/feat.h) says, in a corrector's
 * words: the one place that names the features for people (the queue's
 * reason, the workbench's header; a pack's own features say it in their
 * pack, lang/lang.h xp_lang_feature).  The explain string lists the
 * features that moved the confidence most as "name=value (pull)".  down
 * is what a feature says when it lowers the confidence, up when it raises
 * it; for a feature of a state (a rule that fired, a fate, 0 or 1) the
 * state decides which one is true of the mention, whatever the pull: at
 * '+' down is said of a value above 0, at '0' of 0, at '-' (a pack's
 * log-odds table) of a value below 0 (a model may weigh a
 * state against the usual sign: the Farsi sample lowers a mention whose
 * line has the matching pronoun, and "no matching pronoun" was said of it);
 * at 0 (a measure, not a state) the words name the measure and say
 * nothing of its value: whether a pull down means "weak links" depends on
 * the sign of the fitted weight, and the models of lang/calib weigh some
 * measures against the usual sign (Farsi's null model raises the odds of a
 * missing span with cluster_proj: "few mentions of its entity were
 * projected" was said of one whose entity had all of them projected), so
 * the header's "lowers its confidence:" / "raises it:" carries the
 * direction, and the words what moved it.  Only what pulls down is a
 * reason to look. */
static const struct {
	const char *feat;
	char at;
	const char *down, *up;
} phrases[] = {
	{"link_mean", 0, "the strength of its links",
	 "the strength of its links"},
	{"link_min", 0, "the strength of its weakest link",
	 "the strength of its weakest link"},
	{"one_way", 0, "how many alignment directions link it",
	 "how many alignment directions link it"},
	{"cover", 0, "how many of its English words are linked",
	 "how many of its English words are linked"},
	{"en_len", 0, "the English mention's length",
	 "the English mention's length"},
	{"tgt_len", 0, "the span's length",
	 "the span's length"},
	{"ratio", 0, "the span's length against the English",
	 "the span's length against the English"},
	{"gap", 0, "words of the span its links do not reach",
	 "words of the span its links do not reach"},
	{"shared", 0, "links its words share with other English words",
	 "links its words share with other English words"},
	{"neighbour", 0, "the words that border the span",
	 "the words that border the span"},
	{"nested", '+', "it overlaps another span",
	 "it overlaps no other span"},
	{"crossing", '+', "it crosses another span",
	 "it crosses no other span"},
	{"collided", '+', "another entity landed on the same words",
	 "no other entity landed on its words"},
	{"pronoun", 0, "its kind of mention",
	 "its kind of mention"},
	{"name", 0, "its kind of name",
	 "its kind of name"},
	{"utt_score", 0, "how well the subtitle line matches",
	 "how well the subtitle line matches"},
	{"sent_aligned", 0, "how much of the target line is aligned",
	 "how much of the target line is aligned"},
	{"rule_articles", '+', "an article rule changed the span",
	 "no article rule changed the span"},
	{"prodrop", '+', "it stands for a dropped subject",
	 "it is no dropped subject"},
	{"unaligned", '+', "no word of it has a link",
	 "its words have links"},
	{"same_span", '+', "a mention of the same entity holds the span",
	 "no other mention of its entity holds the span"},
	{"dropped", '+', "it lost the span to another mention",
	 "it lost no span to another mention"},
	{"free_words", 0, "the target line's unaligned words",
	 "the target line's unaligned words"},
	{"tgt_pronoun", '0', "no matching pronoun in the target line",
	 "a matching pronoun is in the target line"},
	{"tgt_pronoun_free", '+', "a matching pronoun is left unaligned",
	 "no matching pronoun is left unaligned"},
	{"sent_len", 0, "the target line's length",
	 "the target line's length"},
	{"sent_ratio", 0, "the lengths of the English and target lines",
	 "the lengths of the English and target lines"},
	{"pos_diff", 0, "where it sits in the line against the English",
	 "where it sits in the line against the English"},
	{"repeats", 0, "its words occurring again in the line",
	 "its words occurring again in the line"},
	{"pron_in", '0', "no pronoun of its person in the span",
	 "a pronoun of its person is in the span"},
	{"seed_agree", 0, "where the aligner with other seeds puts it",
	 "where the aligner with other seeds puts it"},
	{"pron_agree", '+', "only a word ending agrees with the pronoun",
	 "it is not placed on a word ending that agrees"},
	{"one_char", '+', "the span is a single character",
	 "the span is more than one character"},
	{"form_seen", 0, "how often the entity's same words occur elsewhere",
	 "how often the entity's same words occur elsewhere"},
	{"form_agree", 0, "how alike the entity's same words are projected elsewhere",
	 "how alike the entity's same words are projected elsewhere"},
	{"pron_de", '+', "a possessive on the Chinese particle de",
	 "no possessive particle in the span"},
	{"rule_pron", '+', "a pronoun rule placed it where the links did not",
	 "its links placed it, no pronoun rule"},
	{"rule_np", '+', "a noun phrase rule changed the span",
	 "no noun phrase rule changed the span"},
	{"rule_consist", '+', "the consistency rule moved it",
	 "the consistency rule left it"},
	{"cluster", 0, "how often its entity is mentioned",
	 "how often its entity is mentioned"},
	{"cluster_proj", 0, "how many mentions of its entity were projected",
	 "how many mentions of its entity were projected"},
	{"rule_words", '+', "the span grew to whole words",
	 "the links gave whole words"},
	{"committee", 0, "where the aligner under other settings puts it",
	 "where the aligner under other settings puts it"},
	{"drop_verb", '+', "the dropped subject sits on a verb form",
	 "the dropped subject sits on no verb form"},
	{"verb_rivals", 0, "other verbs that could take the subject",
	 "other verbs that could take the subject"},
	{"poss_lost", '+', "the possessive is missing from the span",
	 "no possessive is missing from the span"},
	{"demonstrative", '+', "it is a demonstrative (this, that)",
	 "it is no demonstrative"},
	{"wh_in", '0', "the question word is not in the span",
	 "the question word is in the span"},
	{"twin_nearer", '+', "the same words occur nearer the English position",
	 "no nearer place has the same words"},
	{"doubted", '+', "its span was too doubtful to keep",
	 "its span was not doubted"},
	{"doubt_odds", 0, "how close its span came to being kept",
	 "how close its span came to being kept"},
};

/* the row of feat in phrases[], or its pack's feature (lang/lang.h
 * xp_lang_feature): down and up, and at as above */
static int phrase_of(const char *feat, const char **down, const char **up, char *at)
{
	for (size_t i = 0; i < sizeof phrases / sizeof *phrases; i++)
		if (!strcmp(phrases[i].feat, feat)) {
			*down = phrases[i].down, *up = phrases[i].up, *at = phrases[i].at;
			return 1;
		}
	/* a pack's feature says it itself: a rule that fired or a state it
	 * marks above 0, a table's log-odds by its value ('-', below) */
	size_t np;
	const xp_lang_pack *const *p = xp_lang_packs(&np);
	for (size_t k = 0; k < np; k++)
		for (size_t i = 0; i < p[k]->nfeatures; i++)
			if (!strcmp(p[k]->features[i].name, feat)) {
				const xp_lang_feature *f = &p[k]->features[i];
				*down = f->phrase, *up = f->phrase_up;
				/* a table's log-odds says of itself whether mentions
				 * seldom (below 0) or often end so: its value decides,
				 * as a state's does, not the weight's sign */
				*at = f->kind == XP_LF_END_TABLE || f->kind == XP_LF_END_MODEL ? '-' : '+';
				return 1;
			}
	return 0;
}

const char *xp_reason_phrase(const char *feat)
{
	const char *down, *up;
	char at;
	return phrase_of(feat, &down, &up, &at) ? down : NULL;
}

const char *xp_reason_phrase_up(const char *feat)
{
	const char *down, *up;
	char at;
	return phrase_of(feat, &down, &up, &at) ? up : NULL;
}

/* one "name=value (pull)" of an explain string at p: its name, value and
 * pull; the next one's start in *next.  0 at its end or at text that is none */
static int next_sign(const char *p, char *name, size_t n, double *value, double *pull, const char **next)
{
	while (*p == ' ')
		p++;
	size_t k = strcspn(p, "=,;");
	const char *comma = p + strcspn(p, ",;"), *open = strchr(p, '(');
	*next = *comma ? comma + 1 : comma;
	if (!*p || p[k] != '=' || k >= n)
		return 0;
	snprintf(name, n, "%.*s", (int)k, p);
	*value = strtod(p + k + 1, NULL);
	*pull = open && open < comma ? strtod(open + 1, NULL) : 0;
	return 1;
}

/* what the feature says of this mention (NULL: no words for it), by its
 * state or value, or the measure's name (phrases[] above) */
static const char *sign_words(const char *name, double value)
{
	const char *down, *up;
	char at;
	if (!phrase_of(name, &down, &up, &at))
		return NULL;
	if (at == '+')
		return value > 0 ? down : up;
	if (at == '0')
		return value == 0 ? down : up;
	if (at == '-')   /* 0: a word the table has not seen, nothing to say */
		return value < 0 ? down : value > 0 ? up : NULL;
	return down;   /* a measure: down and up are its one name */
}

void xp_reason_words(const char *why, const char *explain, char *out, size_t n)
{
	xp_buf b = {0};
	const char *p = explain ? explain : "", *next;
	/* an alignment item (xp_db_triage): the cause before the symptoms */
	if (why && !strncmp(why, "alignment doubtful", 18))
		xp_buf_puts(&b, "its line may be paired with the wrong subtitle lines (re-pair it first)");
	for (; *p; p = next) {
		char name[64];
		double value, pull;
		if (!next_sign(p, name, sizeof name, &value, &pull, &next))
			continue;
		const char *w = pull < 0 ? sign_words(name, value) : NULL;
		/* a phrase said once: two features may share one */
		if (w && !(b.p && strstr(b.p, w)))
			xp_buf_printf(&b, "%s%s", b.n ? "; " : "", w);
	}
	if (!b.n && why && *why)
		/* nothing pulls down: the rank rests on the kind of decision */
		xp_buf_puts(&b, !strcmp(why, "corrected") ? "already corrected"
			    : !strcmp(why, "kept") ? "already kept"
			    : !strcmp(why, "no target sentence") ? "no target line to project to"
			    : strncmp(why, "projected", 9) ? "no span: a target mention may be missing"
			    : "nothing in particular: checked by its risk");
	snprintf(out, n, "%s", b.oom || !b.p ? "" : b.p);
	xp_buf_free(&b);
}

json_t *xp_reason_signs(const char *explain)
{
	json_t *a = json_array();
	const char *p = explain ? explain : "", *next;
	for (; a && *p; p = next) {
		char name[64];
		double value, pull;
		if (!next_sign(p, name, sizeof name, &value, &pull, &next)) {
			while (*p == ' ')
				p++;
			/* a level set on corrected data (project/confidence.c
			 * xp_conf_explain): "WHICH level +L on the log-odds[ of
			 * recovery]: confidence B -> A" */
			const char *c = strstr(p, ": confidence ");
			double before, after;
			if (c && sscanf(c, ": confidence %lf -> %lf", &before, &after) == 2) {
				char w[200];
				snprintf(w, sizeof w, "rated on corrected data for %s: %.2f \u2192 %.2f",
					 !strncmp(p, "null", 4) ? "mentions left without a span" : "pronouns on an agreeing word",
					 before, after);
				json_array_append_new(a, json_pack("{s:s,s:b}", "words", w, "lowers", after < before));
			}
			continue;
		}
		const char *w = sign_words(name, value);
		/* a phrase said once: two features may share one */
		int seen = 0;
		size_t i;
		json_t *x;
		json_array_foreach(a, i, x)
			seen |= w && !strcmp(json_string_value(json_object_get(x, "words")), w);
		if (w && !seen && pull != 0)
			json_array_append_new(a, json_pack("{s:s,s:b}", "words", w, "lowers", pull < 0));
	}
	return a;
}

void xp_triage_words(const char *why, char *out, size_t n)
{
	xp_buf b = {0};
	const char *p = why ? why : "";
	/* "alignment doubtful (time, order); REST" (correct/view.c xp_triage_one) */
	if (!strncmp(p, "alignment doubtful", 18)) {
		const char *semi = strstr(p, "; ");
		xp_buf_printf(&b, "its line may be paired with the wrong subtitle lines%.*s; ",
			      (int)((semi ? semi : p + strlen(p)) - (p + 18)), p + 18);
		p = semi ? semi + 2 : p + strlen(p);
	}
	char fate[64], what[32];
	double prob, rate;
	if (sscanf(p, "%63[^:]: P(%31[^)]) %lf, %lf fixes/min", fate, what, &prob, &rate) == 4 && !strcmp(what, "wrong"))
		xp_buf_printf(&b, "%.0f%% likely wrong, about %.1f fixes a minute", 100 * prob, rate);
	else if (sscanf(p, "%63[^:]: P(%31[^)]) %lf, %lf fixes/min", fate, what, &prob, &rate) == 4)
		xp_buf_printf(&b, "no span (%s): %.0f%% likely a target mention is missing, about %.1f fixes a minute", fate,
			      100 * prob, rate);
	else
		xp_buf_puts(&b, !strcmp(p, "corrected") ? "already corrected"
			    : !strcmp(p, "kept") ? "already kept"
			    : !strcmp(p, "no target sentence") ? "no target line to project to" : p);
	xp_buf_putc(&b, 0);
	snprintf(out, n, "%s", b.oom || !b.p ? "" : b.p);
	xp_buf_free(&b);
}

/* --- a page -------------------------------------------------------------------------------- */

/* the run's mentions with each kind of action, as sets (?1 is the run); a
 * modification that changed nothing (store.h XP_SQL_NOOP: a store made
 * before edits refused them) counts as kept, not edited */
#define EDITED "(SELECT c.mention FROM corrections c LEFT JOIN batches b ON b.id = c.batch" \
	" WHERE c.run = ?1 AND c.mention IS NOT NULL AND " XP_SQL_EDIT_C ")"
#define KEPT "(SELECT mention FROM reviews WHERE run = ?1 AND undone = 0 AND kind = 'keep' UNION" \
	" SELECT c.mention FROM corrections c LEFT JOIN batches b ON b.id = c.batch" \
	" WHERE c.run = ?1 AND c.mention IS NOT NULL AND " XP_SQL_LIVE_C " AND " XP_SQL_NOOP("c") ")"
#define NOTED "(SELECT mention FROM reviews WHERE run = ?1 AND undone = 0 AND kind = 'note')"
#define LOST "(SELECT mention_key FROM carries WHERE run = ?1 AND status = 'lost')"
#define DONE_SET "(SELECT mention FROM " EDITED " UNION SELECT mention FROM " KEPT ")"

/* what a mention's status is now, and its newest live correction (op,
 * start, end), as columns of a row of queue q: a few index steps per row
 * of the page.  The unary + keeps the run's indexes out of the planner's
 * choice: without statistics it took corrections_run and reviews_run,
 * reading every action of the run for each row of the page (a page's cost
 * grew with the work done; EXPLAIN QUERY PLAN, issue 37). */
#define STATUS "CASE WHEN EXISTS(SELECT 1 FROM corrections c LEFT JOIN batches b ON b.id = c.batch" \
	" WHERE c.mention = q.mention AND +c.run = q.run AND " XP_SQL_EDIT_C ") THEN 'edited'" \
	" WHEN EXISTS(SELECT 1 FROM reviews r WHERE r.mention = q.mention AND +r.run = q.run AND r.undone = 0" \
	" AND r.kind = 'keep') THEN 'kept'" \
	" WHEN EXISTS(SELECT 1 FROM corrections c LEFT JOIN batches b ON b.id = c.batch" \
	" WHERE c.mention = q.mention AND +c.run = q.run AND " XP_SQL_LIVE_C " AND " XP_SQL_NOOP("c") ") THEN 'kept'" \
	" WHEN EXISTS(SELECT 1 FROM carries x WHERE x.run = q.run AND x.mention_key = q.key AND x.status = 'lost')" \
	" THEN 'lost' ELSE 'open' END"
#define LAST_EDIT "(SELECT c.op || ' ' || coalesce(c.new_start, -1) || ' ' || coalesce(c.new_end, -1)" \
	" FROM corrections c LEFT JOIN batches b ON b.id = c.batch WHERE c.mention = q.mention AND " XP_SQL_LIVE_C \
	" ORDER BY " XP_SQL_MADE_DESC("c") " LIMIT 1)"

/* The filters as SQL over queue q, parameters ?1 (run) and ?2..?8 */
static void where(xp_buf *b, const xp_queue_query *f, const char *status)
{
	/* A status other than open is a set of the mentions people acted on,
	 * few against the run: the query starts from it (queue_mention), not
	 * from the run's index, which the unary + takes out of the choice. */
	int set = status && *status && strcmp(status, "all") && strcmp(status, "open");
	xp_buf_puts(b, set ? " WHERE +q.run = ?1" : " WHERE q.run = ?1");
	if (f->doc && *f->doc)
		xp_buf_puts(b, " AND q.doc = ?2");
	if (f->fate && *f->fate)
		xp_buf_puts(b, " AND q.fate = ?3");
	if (f->type >= 0)
		xp_buf_puts(b, " AND q.type = ?4");
	if (f->min_conf > -1)
		xp_buf_puts(b, " AND q.conf >= ?5");
	if (f->max_conf < 2)
		xp_buf_puts(b, " AND q.conf <= ?6");
	if (f->q && *f->q)
		xp_buf_puts(b, " AND (q.key LIKE ?7 ESCAPE '\\' OR q.en LIKE ?7 ESCAPE '\\' OR q.tgt LIKE ?7 ESCAPE '\\')");
	if (!status || !*status || !strcmp(status, "all"))
		return;
	if (!strcmp(status, "open"))
		xp_buf_puts(b, " AND q.mention NOT IN " DONE_SET);
	else if (!strcmp(status, "done"))
		xp_buf_puts(b, " AND q.mention IN " DONE_SET);
	else if (!strcmp(status, "edited"))
		xp_buf_puts(b, " AND q.mention IN " EDITED);
	else if (!strcmp(status, "kept"))
		xp_buf_puts(b, " AND q.mention IN " KEPT);
	else if (!strcmp(status, "noted"))
		xp_buf_puts(b, " AND q.mention IN " NOTED);
	else if (!strcmp(status, "lost"))
		xp_buf_puts(b, " AND q.mention IN (SELECT l.mention FROM queue l WHERE l.run = ?1 AND l.key IN " LOST ")");
}

static int bind(sqlite3_stmt *st, int64_t run, const xp_queue_query *f, const char *like)
{
	int n = sqlite3_bind_parameter_count(st);
	for (int i = 1; i <= n; i++) {
		const char *name = sqlite3_bind_parameter_name(st, i);
		int k = name ? atoi(name + 1) : i;
		switch (k) {
		case 1: sqlite3_bind_int64(st, i, run); break;
		case 2: sqlite3_bind_text(st, i, f->doc, -1, SQLITE_STATIC); break;
		case 3: sqlite3_bind_text(st, i, f->fate, -1, SQLITE_STATIC); break;
		case 4: sqlite3_bind_int(st, i, f->type); break;
		case 5: sqlite3_bind_double(st, i, f->min_conf); break;
		case 6: sqlite3_bind_double(st, i, f->max_conf); break;
		case 7: sqlite3_bind_text(st, i, like, -1, SQLITE_STATIC); break;
		case 8: sqlite3_bind_int64(st, i, f->at); break;
		case 9: sqlite3_bind_int64(st, i, f->offset); break;
		case 10: sqlite3_bind_int64(st, i, f->limit); break;
		}
	}
	return 0;
}

/* One number from SQL built of the filters, -1 on failure (err set) */
static int64_t count(xp_db *db, int64_t run, const xp_queue_query *f, const char *status, const char *like,
		     const char *extra, xp_err *err)
{
	/* "open" counts as all less the done ones: the done ones are few and
	 * come from their own indexes, where NOT IN would test every mention */
	if (status && !strcmp(status, "open")) {
		int64_t all = count(db, run, f, NULL, like, extra, err), done = all < 0 ? -1 : count(db, run, f, "done", like, extra, err);
		return all < 0 || done < 0 ? -1 : all - done;
	}
	xp_buf b = {0};
	xp_buf_puts(&b, "SELECT count(*) FROM queue q");
	where(&b, f, status);
	xp_buf_puts(&b, extra ? extra : "");
	xp_buf_putc(&b, 0);
	if (b.oom)
		return xp_buf_free(&b), oom(err), -1;
	sqlite3_stmt *st;
	int64_t n = -1;
	if (xp_sql_cached(db, b.p, &st, err) == 0) {
		bind(st, run, f, like);
		if (sqlite3_step(st) == SQLITE_ROW)
			n = sqlite3_column_int64(st, 0);
		else
			xp_sql_fail(db, err, "counting the queue");
		xp_sql_release(db, st);
	}
	xp_buf_free(&b);
	return n;
}

/* How many of the run's mentions people finished: counted from the sets
 * of the mentions they acted on, each looked up in the queue's mention
 * index alone.  Through the queue's rows (count() with status=done) each
 * lookup read a row of a table that lies all over a large store: at 1M
 * mentions, with 400 mentions done, a quarter of a page's CPU, growing
 * with the work done.  A mention of these sets is one of the run's (the
 * sets are taken by run), so the index on mention is enough. */
static int64_t done_count(xp_db *db, int64_t run, xp_err *err)
{
	sqlite3_stmt *st;
	int64_t n = -1;
	/* and counted again only when the store changed: data_version moves
	 * when another connection commits, total_changes when this one does;
	 * between two edits every page of every reader reads one number */
	int64_t at[2] = {xp_sql_int(db, "PRAGMA data_version", -1), sqlite3_total_changes64(db->h)};
	if (db->done_run == run && at[0] >= 0 && !memcmp(at, db->done_at, sizeof at))
		return db->done_n;
	if (xp_sql_cached(db, "SELECT count(*) FROM " DONE_SET " d WHERE EXISTS(SELECT 1 FROM queue q"
			  " WHERE q.mention = d.mention)", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	else
		xp_sql_fail(db, err, "counting the queue");
	xp_sql_release(db, st);
	if (n >= 0)
		db->done_run = run, db->done_n = n, memcpy(db->done_at, at, sizeof at);
	return n;
}

static json_t *col_text_or_null(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	return t ? xp_json_text(t) : json_null();
}

/* The mentions of run's re-paired utterances (a live realign, schema 9),
 * sorted: few, read once a page.  n = -1 when they could not be read: every
 * row is then read again (slower, never wrong). */
typedef struct realigned {
	int64_t *v;
	long n;
} realigned;

static int cmp_row(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

static void realigned_rows(xp_db *db, int64_t run, realigned *r)
{
	r->v = NULL, r->n = 0;
	if (db->version < 9)
		return;
	sqlite3_stmt *st;
	/* From the run's realigns to their mentions, in this order (CROSS
	 * JOIN fixes it): mentions has no index on utterance, and joined
	 * plainly the planner scanned every mention of the store for each
	 * page to look each one up in tedits (0.92 ms a page at 10k
	 * mentions, 4.90 ms at 100k).  The document's index finds a
	 * realigned utterance's mentions among its document's. */
	if (xp_sql_cached(db, "SELECT DISTINCT m.id FROM tedits t CROSS JOIN utterances u ON u.id = t.utterance"
			      " CROSS JOIN mentions m ON m.document = u.document AND m.utterance = t.utterance"
			      " WHERE t.run = ? AND t.kind = 'realign' AND t.undone = 0", &st, NULL)) {
		r->n = -1;
		return;
	}
	sqlite3_bind_int64(st, 1, run);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if ((size_t)r->n == cap) {
			int64_t *v = realloc(r->v, (cap = cap ? 2 * cap : 16) * sizeof *v);
			if (!v) {
				rc = SQLITE_NOMEM;
				break;
			}
			r->v = v;
		}
		r->v[r->n++] = sqlite3_column_int64(st, 0);
	}
	xp_sql_release(db, st);
	if (rc != SQLITE_DONE) {
		free(r->v);
		r->v = NULL, r->n = -1;
	} else if (r->n > 1) {
		qsort(r->v, (size_t)r->n, sizeof *r->v, cmp_row);
	}
}

static int is_realigned(const realigned *r, int64_t row)
{
	return r->n < 0 || (r->n > 0 && bsearch(&row, r->v, (size_t)r->n, sizeof row, cmp_row));
}

/* The mention's target words now: as projected unless a live correction
 * came since (column 14 of the page's row, "op start end") or its
 * utterance was re-paired (a live realign), whose span (a proposal, a
 * correction or none) is in the new pairing's tokens; only then are the
 * tokens read again. */
static json_t *target_now(xp_db *db, int64_t row, sqlite3_stmt *page, const realigned *re)
{
	const char *last = (const char *)sqlite3_column_text(page, 14);
	xp_mstate s;
	if (!last && !is_realigned(re, row))
		return col_text_or_null(page, 11);
	if (xp_db_state(db, row, &s))
		return json_null();
	if (!last && !s.realigned)
		return col_text_or_null(page, 11);
	if (!s.projected)
		return json_null();
	sqlite3_stmt *st;
	json_t *out = json_null();
	/* the tokens of the utterance's newest live realign, else its own */
	if (xp_sql_cached(db, s.realigned ? "SELECT t.tgt FROM mentions m JOIN tedits t ON t.utterance = m.utterance"
					    " WHERE m.id = ? AND t.kind = 'realign' AND t.undone = 0 ORDER BY t.id DESC LIMIT 1"
					  : "SELECT u.tgt FROM mentions m JOIN utterances u ON u.id = m.utterance WHERE m.id = ?",
			  &st, NULL))
		return out;
	sqlite3_bind_int64(st, 1, row);
	if (sqlite3_step(st) == SQLITE_ROW) {
		json_t *toks = array_of((const char *)sqlite3_column_text(st, 0));
		char *t = text(toks, s.start, s.end);
		json_decref(toks);
		if (t) {
			json_decref(out);
			out = xp_json_text(t);
			free(t);
		}
	}
	xp_sql_release(db, st);
	return out;
}

int xp_db_queue_item(xp_db *db, int64_t run, const char *key, json_t **out, xp_err *err)
{
	sqlite3_stmt *st;
	*out = NULL;
	if (xp_sql_cached(db, "SELECT rank, risk, why, explain FROM queue WHERE run = ? AND key = ?", &st, err))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_TRANSIENT);
	int rc = XP_ENOTFOUND;
	if (sqlite3_step(st) == SQLITE_ROW) {
		char words[400], said[400];
		xp_reason_words(xp_sql_text(st, 2), xp_sql_text(st, 3), words, sizeof words);
		xp_triage_words(xp_sql_text(st, 2), said, sizeof said);
		json_t *signs = xp_reason_signs(xp_sql_text(st, 3));
		*out = signs ? json_pack("{s:I,s:f,s:o,s:o,s:o,s:o,s:o}", "rank", (json_int_t)sqlite3_column_int64(st, 0), "risk",
					 sqlite3_column_double(st, 1), "why", xp_json_text(xp_sql_text(st, 2)), "explain",
					 xp_json_text(xp_sql_text(st, 3)), "reason", xp_json_text(words), "said",
					 xp_json_text(said), "signs", signs)
			     : NULL;
		rc = *out ? 0 : oom(err);
	}
	xp_sql_release(db, st);
	return rc;
}

int64_t xp_db_queue_size(xp_db *db, int64_t run)
{
	sqlite3_stmt *st;
	int64_t n = 0;
	/* ranks are 0 to n - 1: one step down the primary key, not a count */
	if (xp_sql_cached(db, "SELECT coalesce(max(rank) + 1, 0) FROM queue WHERE run = ?", &st, NULL))
		return 0;
	sqlite3_bind_int64(st, 1, run);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	xp_sql_release(db, st);
	return n;
}

static json_t *column(xp_db *db, const char *sql, int64_t run)
{
	sqlite3_stmt *st;
	json_t *a = json_array();
	if (xp_sql_cached(db, sql, &st, NULL))
		return a;
	sqlite3_bind_int64(st, 1, run);
	while (a && sqlite3_step(st) == SQLITE_ROW)
		json_array_append_new(a, xp_json_text(xp_sql_text(st, 0)));
	xp_sql_release(db, st);
	return a;
}

int xp_db_queue_page(xp_db *db, int64_t run, const xp_queue_query *f, json_t **out, xp_err *err)
{
	*out = NULL;
	/* q= is a substring of the key, the English or the target words: LIKE
	 * with its own wildcards taken literally */
	char *like = NULL;
	if (f->q && *f->q) {
		size_t n = strlen(f->q);
		if (!(like = malloc(2 * n + 3)))
			return oom(err);
		char *w = like;
		*w++ = '%';
		for (const char *p = f->q; *p; p++) {
			if (*p == '%' || *p == '_' || *p == '\\')
				*w++ = '\\';
			*w++ = *p;
		}
		*w++ = '%', *w = 0;
	}
	xp_queue_query g = *f;
	const char *order = f->reading ? "reading" : "rank";
	/* Without filters a mention's place in the list is its rank (or its
	 * reading position): the page is a range of the index, and neither the
	 * total nor the place of around= needs a count.  With filters both
	 * are counted and the page skips its offset, as little as the filters
	 * leave (a document's own index, a status's set). */
	int plain = !(f->doc && *f->doc) && !(f->fate && *f->fate) && f->type < 0 && f->min_conf <= -1 &&
		    f->max_conf >= 2 && !(f->q && *f->q) && (!f->status || !*f->status || !strcmp(f->status, "all"));
	int rc = 0;
	int64_t all = xp_db_queue_size(db, run), at = -1;
	int64_t total = plain ? all : count(db, run, &g, f->status, like, NULL, err);
	if (total < 0)
		rc = -1;
	/* where the target is in the filtered list: how many before it pass */
	if (rc == 0 && plain && f->around && *f->around) {
		sqlite3_stmt *st;
		if (xp_sql_cached(db, f->reading ? "SELECT reading FROM queue WHERE run = ? AND key = ?"
						  : "SELECT rank FROM queue WHERE run = ? AND key = ?", &st, err) == 0) {
			sqlite3_bind_int64(st, 1, run);
			sqlite3_bind_text(st, 2, f->around, -1, SQLITE_STATIC);
			if (sqlite3_step(st) == SQLITE_ROW)
				at = sqlite3_column_int64(st, 0);
			xp_sql_release(db, st);
		} else {
			rc = -1;
		}
	} else if (rc == 0 && f->around && *f->around) {
		sqlite3_stmt *st;
		if (xp_sql_cached(db, f->reading ? "SELECT reading, mention FROM queue WHERE run = ? AND key = ?"
						  : "SELECT rank, mention FROM queue WHERE run = ? AND key = ?", &st, err) == 0) {
			sqlite3_bind_int64(st, 1, run);
			sqlite3_bind_text(st, 2, f->around, -1, SQLITE_STATIC);
			if (sqlite3_step(st) == SQLITE_ROW) {
				/* ?8 the mention, then its place: statements the same at every call */
				g.at = sqlite3_column_int64(st, 1);
				int64_t passes = count(db, run, &g, f->status, like, " AND q.mention = ?8", err);
				char extra[80];
				g.at = sqlite3_column_int64(st, 0);
				snprintf(extra, sizeof extra, " AND q.%s < ?8", order);
				if (passes > 0)
					at = count(db, run, &g, f->status, like, extra, err);
				if (passes < 0 || (passes > 0 && at < 0))
					rc = -1;
			}
			xp_sql_release(db, st);
		} else {
			rc = -1;
		}
	}
	long offset = f->offset;
	if (offset < 0)
		offset = at >= 0 ? (long)(at - at % f->limit) : 0;
	if (offset > total)
		offset = (long)total;
	json_t *items = json_array();
	xp_buf b = {0};
	xp_buf_puts(&b, "SELECT q.rank, q.key, q.risk, q.why, q.explain, q.doc, q.fate, q.type, q.conf, q.mention, q.en,"
		    " q.tgt, q.reading, " STATUS ", " LAST_EDIT " FROM queue q");
	where(&b, f, f->status);
	/* the offset and the size as parameters: one statement text per
	 * filter set, prepared once per connection (xp_sql_cached) */
	if (plain)
		xp_buf_printf(&b, " AND q.%s >= ?9 ORDER BY q.%s LIMIT ?10", order, order);
	else
		xp_buf_printf(&b, " ORDER BY q.%s LIMIT ?10 OFFSET ?9", order);
	xp_buf_putc(&b, 0);
	sqlite3_stmt *st = NULL;
	if (rc == 0 && (b.oom || !items))
		rc = oom(err);
	if (rc == 0 && xp_sql_cached(db, b.p, &st, err))
		rc = -1;
	realigned re = {0};
	if (rc == 0)
		realigned_rows(db, run, &re);
	if (rc == 0) {
		g.offset = offset;
		bind(st, run, &g, like);
		int step;
		for (long k = offset; rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW; k++) {
			int type = sqlite3_column_int(st, 7);
			int64_t row = sqlite3_column_int64(st, 9);
			char words[400], said[400];
			xp_reason_words(xp_sql_text(st, 3), xp_sql_text(st, 4), words, sizeof words);
			xp_triage_words(xp_sql_text(st, 3), said, sizeof said);
			json_t *it = json_pack("{s:I,s:I,s:o,s:f,s:o,s:o,s:o,s:s,s:f,s:s,s:o,s:o,s:o,s:o,s:o,s:o}", "pos", (json_int_t)k,
					       "rank", (json_int_t)sqlite3_column_int64(st, 0), "key",
					       xp_json_text(xp_sql_text(st, 1)), "risk", sqlite3_column_double(st, 2), "why",
					       xp_json_text(xp_sql_text(st, 3)), "doc", xp_json_text(xp_sql_text(st, 5)), "fate",
					       xp_json_text(xp_sql_text(st, 6)), "type",
					       xp_mtype_names[type >= 0 && type < 3 ? type : XP_MT_NOMINAL], "conf",
					       sqlite3_column_double(st, 8), "status", xp_sql_text(st, 13),
					       "en", xp_json_text(xp_sql_text(st, 10)), "projected", col_text_or_null(st, 11),
					       "target", target_now(db, row, st, &re), "reason", xp_json_text(words), "explain",
					       xp_json_text(xp_sql_text(st, 4)), "said", xp_json_text(said));
			if (!it || json_array_append_new(items, it))
				rc = oom(err);
		}
		if (rc == 0 && step != SQLITE_DONE)
			rc = xp_sql_fail(db, err, "reading the queue");
	}
	xp_sql_release(db, st);
	xp_buf_free(&b);
	free(re.v);
	int64_t done = rc ? 0 : done_count(db, run, err);
	if (rc == 0 && done < 0)
		rc = -1;
	free(like);
	if (rc) {
		json_decref(items);
		return rc;
	}
	*out = json_pack("{s:I,s:I,s:I,s:I,s:I,s:o,s:I,s:I,s:s}", "run", (json_int_t)run, "total", (json_int_t)total,
			 "all", (json_int_t)all, "offset", (json_int_t)offset, "limit", (json_int_t)f->limit, "items", items,
			 "found", (json_int_t)at, "done", (json_int_t)done, "order", f->reading ? "reading" : "triage");
	if (*out && !f->no_lists)
		json_object_update_new(*out, xp_db_queue_lists(db, run));
	return *out ? 0 : oom(err);
}

json_t *xp_db_queue_lists(xp_db *db, int64_t run)
{
	return json_pack("{s:o,s:o}", "docs",
			 column(db, "SELECT doc FROM documents WHERE run = ? GROUP BY doc ORDER BY min(id)", run), "fates",
			 column(db, "SELECT fate FROM run_fates WHERE run = ? ORDER BY fate", run));
}
