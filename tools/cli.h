/*
 * tools/cli.h — what every subcommand shares: the command table, reporting
 * library errors and diagnostics, and the help text that also becomes the
 * man page (so --help and `man xproj` cannot disagree).
 */
#ifndef XP_CLI_H
#define XP_CLI_H

#include "../base/error.h"
#include "../model/corpus.h"

#include <stdio.h>

typedef struct xp_cmd {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;   /* one line */
	const char *usage;     /* synopsis lines, then a blank line, then the options */
} xp_cmd;

extern const xp_cmd xp_cmd_stats, xp_cmd_convert, xp_cmd_validate, xp_cmd_score;
extern const xp_cmd xp_cmd_bitext, xp_cmd_aer, xp_cmd_symmetrize, xp_cmd_wordalign, xp_cmd_check_align;
extern const xp_cmd xp_cmd_align, xp_cmd_align_eval, xp_cmd_project, xp_cmd_db;
extern const xp_cmd xp_cmd_pipeline, xp_cmd_pair, xp_cmd_mention_pairs, xp_cmd_serve;
extern const xp_cmd xp_cmd_agree;
extern const xp_cmd xp_cmd_judge, xp_cmd_calibrate;

/* The command that runs, as its messages name it ("score", "db import"):
 * set once its name is known (tools/xproj.c, a db subcommand in
 * tools/cmd_db.c); "" before. */
void xp_cli_set_command(const char *name);
const char *xp_cli_command(void);
/* Print "xproj CMD: file:line: reason" to stderr (git's rule: the command
 * names its own errors, the library's reason says file and line); returns
 * the exit status 1. */
int xp_cli_error(const xp_err *e);
/* Print each diagnostic as "file:line: warning|error: msg" to stderr. */
void xp_cli_diags(const xp_diags *d);
/* What reading path as MMAX2 or CorefUD changed (io/mmax2.h's and
 * io/conllu.h's policies: discontinuous mentions as their covering span,
 * MMAX2 markables across sentences and CorefUD mentions of empty nodes
 * only dropped, split antecedents and bridging not chains), as a note on
 * stderr; nothing when it changed nothing. */
void xp_cli_read_notes(const char *path, const xp_corpus *c);
/* Status 0: the command's whole help on stdout.  Status 2 (wrong arguments
 * with no more particular reason): the synopsis and the hint on stderr. */
int xp_cli_usage(const xp_cmd *c, int status);
/* Print text that comes from data (subtitles, transcripts): control
 * characters, which a terminal would obey, are shown as \xNN / \uNNNN
 * (base/text.h, xp_escape_next). */
void xp_cli_put_untrusted(FILE *f, const char *s);
/* Print o (taken: it is freed) as one compact line of JSON on stdout;
 * status 0, or 1 after saying that memory ran out (o may be NULL: a
 * json_pack that failed). */
struct json_t;
int xp_cli_print_json(struct json_t *o);
/* A mention of the store (xp_db_mention's JSON) as `xproj db show` and
 * `db triage` print it: brief gives the English and target lines only. */
struct json_t;
void xp_cli_show_mention(FILE *f, struct json_t *m, int brief);
/* a line of document doc with target-only mentions and no English one
 * (correct/review.h xp_db_tonly_lines' entry), for `db show --doc` */
void xp_cli_show_tonly_line(FILE *f, const char *doc, struct json_t *line);

/* The files a command names, each as it was given (its option, its path)
 * and which way it goes.  xp_cli_check_files refuses, before anything is
 * read, an output that is the same file as an input or as another output:
 * the same device and inode, so also through a symbolic or hard link (a
 * path that does not exist yet is identified by its directory and name).
 * NULL paths are skipped, and "-" (stdin, stdout) clashes with "-" alone:
 * two inputs "-" (standard input is read once) or two outputs "-" (one
 * stream).  Every subcommand lists its files and calls it once its options
 * are parsed. */
typedef struct xp_cli_file {
	const char *opt;        /* "-o", "--source", "DB", "IN" */
	const char *path;
	int out;                /* 1 written, 0 only read, 2 read and its counts
				 * added: two of them may not be one file; 3 read
				 * as one side of a pair (--subs, --tgt-subs): two
				 * of them may not be one regular file */
} xp_cli_file;
int xp_cli_check_files(const xp_cli_file *f, size_t n, xp_err *e);
/* The same for n operands read (FILE...), each named opt. */
int xp_cli_check_inputs(char *const *paths, size_t n, const char *opt, xp_err *e);

/* 1 if argv holds -h or --help. */
int xp_cli_wants_help(int argc, char **argv);

/* Options from the file named by --config (tools/config.c), put before the
 * command line's: argc and argv then name the combined list, owned by c. */
struct option;
typedef struct xp_cli_conf {
	char **argv;
	int n;          /* arguments from the file, argv[1..n] */
	char **own;     /* the same strings, freed from here: getopt permutes argv */
	const char *path;   /* the --config file, an input; NULL without one */
} xp_cli_conf;
int xp_cli_config(const struct option *lo, int *argc, char ***argv, xp_cli_conf *c, xp_err *e);
void xp_cli_config_free(xp_cli_conf *c);
/* The --config file's line that argv[i] comes from (its path in *path),
 * until xp_cli_config_free; 0 for an argument of the command line. */
unsigned long xp_cli_config_line(int i, const char **path);

/* Subtitle reading, told to the user (tools/subs_notes.c): a file's
 * charset when it was not UTF-8 (arg: the command's name, for
 * xp_batch_opts.read); a plan's skipped transcripts and notes on its
 * episodes; "3 translators' notes, 1 hearing-impaired cue" (empty when
 * nothing was removed). */
struct xp_subs;
struct xp_batch;
struct xp_asides;
void xp_cli_note_read(void *cmd, const char *path, const struct xp_subs *s);
void xp_cli_note_plan(const char *cmd, const struct xp_batch *b);
/* target cues left unpaired, spread over many utterances (align/episode.h) */
struct xp_align_stats;
void xp_cli_note_spread(const char *cmd, const struct xp_align_stats *st);
void xp_cli_removed(const struct xp_asides *r, char *out, size_t n);

/* --- strict options (tools/opts.c) ------------------------------------------
 *
 * Every subcommand parses with its own option table; a table is put
 * together from groups (tools/groups.h) so the options that several commands
 * share are defined once.  A usage error prints its reason and a one-line
 * hint ("'xproj CMD --help' lists the options"), never the whole usage. */
struct option;

/* Or'ed into an option's val in its table: the option gathers, each time
 * it is given adding one value (--train FILE, --annotator A).  Any other
 * option is given once: a second, other value is a usage error
 * (xp_cli_getopt), not the first silently dropped. */
#define XP_OPT_MANY 0x10000

/* getopt_long with xproj's messages: an unknown option (with the closest
 * one, when one is close), a missing value, a single-value option given
 * twice with two values ("--source given twice (a.conll, b.conll): give it
 * once"; the same value again is taken, and the command line overrides the
 * --config file).  Returns the option's value (XP_OPT_MANY off), -1 when
 * the options end, or '?' after printing the error.  cmd names the command
 * in messages ("db stats"). */
int xp_cli_getopt(const char *cmd, int argc, char **argv, const char *shorts, const struct option *lo);

/* A number from an option's value: the whole text, in [min, max].  On a bad
 * value fills e with the option, the text and the allowed range
 * ("--threshold: 'abc' is not a number from 0 to 1") and returns XP_EUSAGE. */
int xp_cli_int(const char *opt, const char *s, long long min, long long max, long long *out, xp_err *e);
int xp_cli_uint64(const char *opt, const char *s, unsigned long long *out, xp_err *e);
int xp_cli_real(const char *opt, const char *s, double min, double max, double *out, xp_err *e);
/* int-sized: the same, into an int */
int xp_cli_intv(const char *opt, const char *s, int min, int max, int *out, xp_err *e);

/* A value that is one of names (its index into *out), or XP_EUSAGE naming
 * the choices: "--rule: 'box' is not one of minmax, block". */
int xp_cli_choice(const char *opt, const char *s, const char *const *names, size_t n, int *out, xp_err *e);
/* A language code (--tgt-lang, --src-lang, --lang): a pack's code or
 * alias, or a language ICU knows (lang.h xp_lang_known; any language works
 * without a pack, on the generic rules: a note on stderr says so, once a
 * code); else XP_EUSAGE: "--tgt-lang: unknown language code 'xy' (did you
 * mean CODE?)", the pack whose code is nearest.  A typo of a pack's code
 * ran on the generic rules, exit 0. */
int xp_cli_lang(const char *opt, const char *s, xp_err *e);
/* A list of language codes by space (--loan-langs), each checked as
 * xp_cli_lang checks one (the same message, no note for a language
 * without a pack: the list names the other side's languages, not the run's
 * rules); an empty list is XP_EUSAGE. */
int xp_cli_langs(const char *opt, const char *s, xp_err *e);
/* Each rule a --rules SPEC of argv switches on by name that the pack of
 * `lang` (the generic pack, for a language without one) does not list:
 * accepted, since one spec may serve several languages, but it does
 * nothing, which a line on stderr (after `lead`) says. */
void xp_cli_rules_unused(const char *lead, const char *lang, int argc, char **argv);
/* A corpus format: conll, jsonlines, conllu or mmax2 (xp_format_named's names). */
int xp_cli_format(const char *opt, const char *s, int *fmt, xp_err *e);

/* A usage error: "xproj CMD: reason" and the hint on stderr; returns 2. */
int xp_cli_bad(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with e's message (a bad option value). */
int xp_cli_bad_value(const char *cmd, const xp_err *e);
/* A usage error for the required options missing, and only those:
 * "-o is required" when a --config file gave the others.  The arguments
 * are pairs of an option's name and whether it was given, NULL last. */
int xp_cli_required(const char *cmd, ...);

/* score --format reference (tools/refscore.c): the totals of the metrics
 * in mask as the reference scorer (scorer.pl v8.01, document "none")
 * prints them. */
struct xp_scores;
void xp_cli_score_reference(FILE *f, const struct xp_scores *s, unsigned mask);

/* The known word closest to w: fewest edits (insert, delete, replace,
 * swap two neighbours), at most 2 and fewer than half of w's letters; or
 * the only one that w begins.  NULL when none is that close. */
const char *xp_cli_closest(const char *w, const char *const *known, size_t n);

#endif
