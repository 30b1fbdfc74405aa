/* tools/cmd_db.c — `xproj db ...`: the correction store. */
#include "cli.h"
#include "../correct/db.h"
#include "../base/file.h"
#include "../io/read.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dargs {
	const char *db, *source, *aligned, *report, *lang, *mention, *span, *annotator, *note, *out, *jsonl,
		*batch, *format;
	int64_t run;
	int json, silver, only_flagged, top;
	const char *file;
} dargs;

static int parse(int argc, char **argv, dargs *a)
{
	static const struct option lo[] = {
		{"source", required_argument, 0, 's'}, {"aligned", required_argument, 0, 'a'},
		{"report", required_argument, 0, 'R'}, {"run-report", required_argument, 0, 'R'},
		{"lang", required_argument, 0, 'L'}, {"mention", required_argument, 0, 'm'},
		{"span", required_argument, 0, 'S'}, {"annotator", required_argument, 0, 'A'},
		{"note", required_argument, 0, 'n'}, {"output", required_argument, 0, 'o'},
		{"jsonlines", required_argument, 0, 'j'}, {"batch", required_argument, 0, 'b'},
		{"format", required_argument, 0, 'f'}, {"run", required_argument, 0, 'r'},
		{"json", no_argument, 0, 'J'}, {"silver", no_argument, 0, 'v'},
		{"only-flagged", no_argument, 0, 'F'}, {"top", required_argument, 0, 't'}, {0, 0, 0, 0}};
	memset(a, 0, sizeof *a);
	a->lang = "zh";
	a->top = 20;
	int ch;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 'a': a->aligned = optarg; break;
		case 'R': a->report = optarg; break;
		case 'L': a->lang = optarg; break;
		case 'm': a->mention = optarg; break;
		case 'S': a->span = optarg; break;
		case 'A': a->annotator = optarg; break;
		case 'n': a->note = optarg; break;
		case 'o': a->out = optarg; break;
		case 'j': a->jsonl = optarg; break;
		case 'b': a->batch = optarg; break;
		case 'f': a->format = optarg; break;
		case 'r': a->run = atoll(optarg); break;
		case 'J': a->json = 1; break;
		case 'v': a->silver = 1; break;
		case 'F': a->only_flagged = 1; break;
		case 't': a->top = atoi(optarg); break;
		default: return -1;
		}
	}
	if (optind >= argc)
		return -1;
	a->db = argv[optind++];
	a->file = optind < argc ? argv[optind++] : NULL;
	return optind == argc ? 0 : -1;
}

static int do_import(xp_db *db, dargs *a, xp_err *e)
{
	if (!a->source || !a->aligned || !a->report)
		return xp_fail(e, "", 0, "db import needs --source, --aligned and --report");
	xp_corpus en = {0};
	xp_aligned al = {0};
	char *rep = NULL, files[2048];
	size_t n;
	int64_t run = 0;
	snprintf(files, sizeof files, "{\"source\":\"%s\",\"aligned\":\"%s\",\"report\":\"%s\"}", a->source,
		 a->aligned, a->report);
	int rc = xp_read_corpus(a->source, XP_FMT_AUTO, NULL, &en, e) || xp_aligned_read(a->aligned, &al, e) ||
		 xp_read_file(a->report, &rep, &n, e) || xp_db_import_run(db, &en, &al, rep, a->lang, files, &run, e);
	if (!rc)
		printf("run %lld imported: %zu documents\n", (long long)run, en.ndocs);
	free(rep);
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	return rc;
}

static int do_edit(xp_db *db, dargs *a, xp_op op, xp_err *e)
{
	xp_edit ed = {op, a->mention, 0, 0, 0, a->annotator, a->note};
	if (!a->mention)
		return xp_fail(e, "", 0, "--mention DOC|ID is required");
	if (op != XP_DELETE && (!a->span || sscanf(a->span, "%d:%d:%d", &ed.sent, &ed.start, &ed.end) != 3))
		return xp_fail(e, "", 0, "--span SENT:START:END is required (half-open token span)");
	return xp_db_edit(db, a->run, &ed, e);
}

static int do_batch(xp_db *db, dargs *a, xp_err *e)
{
	if (!a->file)
		return xp_fail(e, "", 0, "which corrections file?");
	int tasa = a->format ? !strcmp(a->format, "tasa") : xp_has_ext(a->file, ".csv");
	xp_batch_result r;
	int rc = tasa ? xp_db_import_tasa(db, a->run, a->file, a->annotator, &r, e)
		      : xp_db_import_mmc(db, a->run, a->file, a->annotator, &r, e);
	if (!rc) {
		printf("batch %lld: %zu additions, %zu deletions, %zu modifications; %zu applied, %zu for unknown "
		       "mentions, %zu that break a rule (stored, listed below, not applied)\n",
		       (long long)r.batch, r.by_op[0], r.by_op[1], r.by_op[2], r.applied, r.orphans, r.conflicts);
		for (size_t i = 0; i < r.nlisted; i++)
			printf("  %s\n", r.listed[i]);
	}
	xp_batch_result_free(&r);
	return rc;
}

static int do_stats(xp_db *db, dargs *a, xp_err *e)
{
	xp_db_counts s;
	if (xp_db_stats(db, &s, e))
		return -1;
	if (a->json)
		puts(s.json);
	else
		printf("additions %zu, deletions %zu, modifications %zu (of them %zu for unknown mentions, %zu that break "
		       "a rule); %zu undone\nmentions %zu, projected %zu, corrected %zu (%.1f%%); additions that recovered "
		       "a pronoun: %zu\n%s\n", s.additions, s.deletions, s.modifications, s.orphans, s.conflicts, s.undone,
		       s.mentions, s.projected, s.corrected_mentions,
		       s.mentions ? 100.0 * s.corrected_mentions / s.mentions : 0, s.pronoun_additions, s.json);
	xp_db_counts_free(&s);
	return 0;
}

static int do_export(xp_db *db, dargs *a, xp_err *e)
{
	if (!a->out)
		return xp_fail(e, "", 0, "-o OUT is required");
	xp_corpus c = {0};
	int rc = xp_db_export(db, a->run, a->silver, &c, e) || xp_write_corpus(a->out, XP_FMT_AUTO, &c, e) ||
		 (a->jsonl && xp_write_corpus(a->jsonl, XP_FMT_JSONL, &c, e));
	xp_corpus_free(&c);
	return rc;
}

static int do_triage(xp_db *db, dargs *a, xp_err *e)
{
	xp_triage_item *t;
	size_t n;
	if (xp_db_triage(db, a->run, &t, &n, e))
		return -1;
	for (size_t i = 0; i < n && (int)i < a->top; i++)
		printf("%4zu  %.3f  %-24s %s\n", i + 1, t[i].risk, t[i].key, t[i].why);
	free(t);
	return 0;
}

static int dispatch(xp_db *db, const char *sub, dargs *a, xp_err *e)
{
	if (!a->run)
		a->run = xp_db_latest_run(db);
	int needs_run = strcmp(sub, "init") && strcmp(sub, "import") && strcmp(sub, "log") && strcmp(sub, "undo") &&
			strcmp(sub, "stats");
	if (needs_run && !a->run)
		return xp_fail(e, a->db, 0, "no projection run in the database (xproj db import first)");
	if (!strcmp(sub, "init"))
		return printf("%s: schema version %d\n", a->db, xp_db_version(db)), 0;
	if (!strcmp(sub, "import"))
		return do_import(db, a, e);
	if (!strcmp(sub, "add"))
		return do_edit(db, a, XP_ADD, e);
	if (!strcmp(sub, "delete"))
		return do_edit(db, a, XP_DELETE, e);
	if (!strcmp(sub, "modify"))
		return do_edit(db, a, XP_MODIFY, e);
	if (!strcmp(sub, "import-corrections"))
		return do_batch(db, a, e);
	if (!strcmp(sub, "stats"))
		return do_stats(db, a, e);
	if (!strcmp(sub, "export"))
		return do_export(db, a, e);
	if (!strcmp(sub, "export-tasa"))
		return a->out ? xp_db_export_tasa(db, a->run, a->only_flagged, a->out, e)
			      : xp_fail(e, "", 0, "-o tasa.csv is required");
	if (!strcmp(sub, "triage"))
		return do_triage(db, a, e);
	if (!strcmp(sub, "undo")) {
		char what[200];
		if (xp_db_undo(db, a->batch, what, sizeof what, e))
			return -1;
		return printf("undone: %s\n", what), 0;
	}
	if (!strcmp(sub, "log")) {
		char *s;
		if (xp_db_log(db, &s, e))
			return -1;
		fputs(s, stdout);
		free(s);
		return 0;
	}
	return xp_fail(e, "", 0, "'%s' is not a db command", sub);
}

static int run(int argc, char **argv)
{
	if (argc < 2)
		return xp_cli_usage(&xp_cmd_db, 2);
	const char *sub = argv[1];
	dargs a;
	if (parse(argc - 1, argv + 1, &a))
		return xp_cli_usage(&xp_cmd_db, 2);
	if (!strcmp(sub, "import-corrections") ? !a.file : a.file != NULL)
		return xp_cli_usage(&xp_cmd_db, 2);
	xp_db *db;
	xp_err e;
	if (xp_db_open(a.db, &db, &e))
		return xp_cli_error(&e);
	int rc = dispatch(db, sub, &a, &e);
	xp_db_close(db);
	return rc ? xp_cli_error(&e) : 0;
}

const xp_cmd xp_cmd_db = {
	"db", run, "the correction store: projections and human corrections in SQLite",
	"xproj db init DB\n"
	"xproj db import DB --source EN.conll --aligned ALIGNED.jsonl --report R.json [--lang zh]\n"
	"xproj db add|modify DB --mention DOC|ID --span SENT:START:END [--annotator NAME] [--note TEXT]\n"
	"xproj db delete DB --mention DOC|ID [--annotator NAME] [--note TEXT]\n"
	"xproj db import-corrections DB FILE [--annotator NAME] [--format mmc|tasa]\n"
	"xproj db export DB -o CORRECTED.conll [--jsonlines OUT.jsonl] [--silver]\n"
	"xproj db export-tasa DB -o tasa.csv [--only-flagged]\n"
	"xproj db stats DB [--json]\n"
	"xproj db log DB\n"
	"xproj db undo DB [--batch B]\n"
	"xproj db triage DB [--top K]\n\n"
	"A run (`db import`) is one projection: the English corpus, the aligned corpus and the\n"
	"report `xproj project --report` wrote, imported in one transaction.  Mentions are\n"
	"DOC|ID (document id and English mention id); spans are SENT:START:END, the target\n"
	"sentence (as in the projected CoNLL) and a half-open token span.  add needs a null\n"
	"projection, delete and modify a projected mention, and the span must lie in the\n"
	"mention's target sentence.  import-corrections reads MMC's JSON ({scene: {\"add\":\n"
	"{id: [sent,start,end]}, \"delete\": [id], \"modify\": {...}}}) or a TASA results CSV\n"
	"(mention_id and Answer.alignment grid) as one batch in one transaction; a batch\n"
	"already imported is refused; edits for unknown mentions or that break a rule are\n"
	"stored, listed and left out of the corrected view.  Commands act on the latest run\n"
	"unless --run N.  stats --json includes {\"additions\":N,\"deletions\":N,\"modifications\":N}.",
};
