/* tools/show.c — a mention of the correction store as text (`xproj db show`,
 * `db triage`): the English utterance with the mention bracketed, the target
 * sentence with the current span bracketed (and the silver one when a person
 * changed it), fate, confidence, what was done to it.  Everything from the
 * data goes through xp_cli_put_untrusted. */
#include "cli.h"

#include <jansson.h>
#include <string.h>

#define GET(o, k) json_object_get(o, k)
#define STR(o, k) json_string_value(json_object_get(o, k))
#define INT(o, k) ((long long)json_integer_value(json_object_get(o, k)))

/* tokens with [ before start and ] before end */
static void tokens(FILE *f, json_t *toks, long long start, long long end)
{
	size_t i;
	json_t *t;
	json_array_foreach(toks, i, t) {
		if (i)
			fputc(' ', f);
		if ((long long)i == start)
			fputc('[', f);
		xp_cli_put_untrusted(f, json_string_value(t));
		if ((long long)i + 1 == end)
			fputc(']', f);
	}
}

static void span_text(FILE *f, json_t *sp)
{
	if (json_is_array(sp))
		fprintf(f, "%lld:%lld:%lld", (long long)json_integer_value(json_array_get(sp, 0)),
			(long long)json_integer_value(json_array_get(sp, 1)), (long long)json_integer_value(json_array_get(sp, 2)));
	else
		fputs("none", f);
}

/* the target sentence with span sp bracketed, or a word saying why there is none */
static void target_line(FILE *f, const char *label, json_t *tgt, json_t *sp)
{
	fprintf(f, "  %-9s", label);
	if (!json_is_object(tgt))
		fputs("(no target sentence)", f);
	else if (json_is_array(sp))
		tokens(f, GET(tgt, "tokens"), json_integer_value(json_array_get(sp, 1)),
		       json_integer_value(json_array_get(sp, 2)));
	else
		tokens(f, GET(tgt, "tokens"), -1, -1), fputs("   (no span)", f);
	fputc('\n', f);
}

/* the subtitle blocks [{"id","text"}], one a line: "#ID text" */
static void sub_lines(FILE *f, const char *label, json_t *blocks)
{
	size_t i;
	json_t *b;
	if (!json_array_size(blocks))
		fprintf(f, "  %-9s(none)\n", label);
	json_array_foreach(blocks, i, b) {
		fprintf(f, "  %-9s#%lld ", i ? "" : label, INT(b, "id"));
		xp_cli_put_untrusted(f, STR(b, "text") ? STR(b, "text") : "");
		fputc('\n', f);
	}
}

/* the line's target-only mentions: the run's (a rule of project wrote
 * it, "rule") or a corrector's, each bracketed, with its entity */
static void target_only(FILE *f, json_t *tgt)
{
	size_t k;
	json_t *o;
	json_array_foreach(GET(tgt, "target_only"), k, o) {
		char label[32];
		snprintf(label, sizeof label, "+%lld", INT(o, "tid"));
		fprintf(f, "  %-9s", label);
		tokens(f, GET(tgt, "tokens"), INT(o, "start"), INT(o, "end"));
		fprintf(f, "   (target-only, cluster %lld, ", INT(o, "cluster"));
		if (STR(o, "rule"))
			fputs("the run's: rule ", f), xp_cli_put_untrusted(f, STR(o, "rule"));
		else
			fputs("a corrector's", f);
		fputs(")\n", f);
	}
}

/* the English speaker and tokens, start..end bracketed (-1: none) */
static void english(FILE *f, const char *who, json_t *toks, long long start, long long end)
{
	fprintf(f, "  %-9s", "en");
	/* a talk or an article has no speakers: no ": " before its sentence */
	if (who && *who) {
		xp_cli_put_untrusted(f, who);
		fputs(": ", f);
	}
	tokens(f, toks, start, end);
	fputc('\n', f);
}

void xp_cli_show_tonly_line(FILE *f, const char *doc, json_t *line)
{
	xp_cli_put_untrusted(f, doc);
	if (INT(line, "part"))
		fprintf(f, " part %lld", INT(line, "part"));
	fprintf(f, ", line %lld: target-only mentions, no English mention\n", INT(line, "utt"));
	english(f, STR(line, "speaker"), GET(line, "tokens"), -1, -1);
	json_t *tgt = GET(line, "target");
	char label[64];
	snprintf(label, sizeof label, "tgt %lld", INT(tgt, "sent"));
	fprintf(f, "  %-9s", label);
	tokens(f, GET(tgt, "tokens"), -1, -1);
	fputc('\n', f);
	target_only(f, tgt);
}

void xp_cli_show_mention(FILE *f, json_t *m, int brief)
{
	json_t *en = GET(m, "english"), *tgt = GET(m, "target"), *silver = GET(m, "silver"), *now = GET(m, "current");
	int changed = !json_equal(GET(silver, "span"), GET(now, "span"));
	if (!brief) {
		xp_cli_put_untrusted(f, STR(m, "key"));
		fprintf(f, "  run %lld, cluster %lld (%lld mentions), %s, version %lld, %s\n", INT(m, "run"),
			INT(m, "cluster"), INT(GET(m, "scene"), "cluster_size"), STR(m, "type"), INT(m, "version"),
			STR(m, "status"));
	}
	english(f, STR(en, "speaker"), GET(en, "tokens"), INT(en, "start"), INT(en, "end"));
	char label[64];
	snprintf(label, sizeof label, "tgt %lld", json_is_object(tgt) ? INT(tgt, "sent") : -1LL);
	target_line(f, json_is_object(tgt) ? label : "tgt", tgt, GET(now, "span"));
	if (changed)
		target_line(f, "silver", tgt, GET(silver, "span"));
	target_only(f, tgt);
	if (brief)
		return;
	json_t *subs = GET(m, "subtitles");
	if (json_is_array(GET(subs, "en")) || json_is_array(GET(subs, "tgt"))) {
		sub_lines(f, "en subs", GET(subs, "en"));
		sub_lines(f, "tgt subs", GET(subs, "tgt"));
	} else {   /* a store imported without the subtitle blocks: the target text is all it has */
		fprintf(f, "  %-9s", "subtitle");
		xp_cli_put_untrusted(f, json_is_object(tgt) && STR(tgt, "text") ? STR(tgt, "text") : "");
		fputc('\n', f);
	}
	fprintf(f, "  %-9s%s, confidence %.2f, rule ", "fate", STR(silver, "fate"),
		json_number_value(GET(silver, "confidence")));
	xp_cli_put_untrusted(f, STR(silver, "rule"));
	fputs("; silver ", f);
	span_text(f, GET(silver, "span"));
	fputs(", now ", f);
	span_text(f, GET(now, "span"));
	fputc('\n', f);
	json_t *carry = GET(m, "carry");
	if (json_is_object(carry)) {
		fprintf(f, "  %-9sfrom run %lld: %s", "rerun", INT(carry, "from_run"), STR(carry, "status"));
		/* the why may quote a document's name (the corpus's text) */
		if (STR(carry, "why"))
			fputs(" (", f), xp_cli_put_untrusted(f, STR(carry, "why")), fputc(')', f);
		fputc('\n', f);
	}
	size_t i;
	json_t *a;
	json_array_foreach(GET(m, "actions"), i, a) {
		/* the store's kinds as the workbench says them: a realign is a
		 * re-pair, a tadd the add of a target-only mention, by its words
		 * (it said "tadd by ann"; db triage --json keeps the kinds) */
		const char *kind = STR(a, "kind");
		fprintf(f, "  %-9s%s %s", i ? "" : "actions", STR(a, "created"),
			!strcmp(kind, "realign") ? "re-pair" : !strcmp(kind, "tadd") ? "add" : kind);
		if (!strcmp(kind, "tadd")) {
			/* without the isolates the page sets its words in (U+2068,
			 * U+2069: shown escaped here, as any bidi control) */
			const char *w = STR(a, "words") ? STR(a, "words") : "a target-only mention";
			char bare[400];
			size_t k = 0;
			for (; *w && k + 1 < sizeof bare; w++)
				if (!strncmp(w, "\u2068", 3) || !strncmp(w, "\u2069", 3))
					w += 2;
				else
					bare[k++] = *w;
			bare[k] = 0;
			fputc(' ', f);
			xp_cli_put_untrusted(f, bare);
		}
		if (json_is_array(GET(a, "span")))
			fputc(' ', f), span_text(f, GET(a, "span"));
		if (STR(a, "annotator"))
			fputs(" by ", f), xp_cli_put_untrusted(f, STR(a, "annotator"));
		if (STR(a, "batch"))
			fputs(" in batch ", f), xp_cli_put_untrusted(f, STR(a, "batch"));
		if (json_is_true(GET(a, "carried")))
			fputs(" (carried from an earlier run)", f);
		if (STR(a, "note"))
			fputs(": \"", f), xp_cli_put_untrusted(f, STR(a, "note")), fputc('"', f);
		if (strcmp(STR(a, "status"), "ok"))
			fprintf(f, " [%s: ", STR(a, "status")), xp_cli_put_untrusted(f, STR(a, "why") ? STR(a, "why") : ""), fputc(']', f);
		if (json_is_true(GET(a, "undone")))
			fputs(" [undone]", f);
		fputc('\n', f);
	}
}
