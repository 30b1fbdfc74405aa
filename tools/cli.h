/*
 * tools/cli.h — what every subcommand shares: the command table, reporting
 * library errors and diagnostics, and the help text that also becomes the
 * man page (so --help and `man xproj` cannot disagree).
 */
#ifndef XP_CLI_H
#define XP_CLI_H

#include "../base/error.h"

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
extern const xp_cmd xp_cmd_pipeline, xp_cmd_pair, xp_cmd_serve;
extern const xp_cmd xp_cmd_agree;
extern const xp_cmd xp_cmd_judge, xp_cmd_calibrate;

/* Print "xproj: file:line: reason" to stderr; returns the exit status 1. */
int xp_cli_error(const xp_err *e);
/* rc as it is; when rc says a library call failed on bad input and the error
 * names no file (the library saw only parsed data: "the alignment has 3
 * lines, ..."), it names file, the input the complaint is about. */
int xp_cli_in(int rc, xp_err *e, const char *file);
/* Print each diagnostic as "file:line: warning|error: msg" to stderr. */
void xp_cli_diags(const xp_diags *d);
/* Print the command's usage to stderr (status 2) or stdout (status 0). */
int xp_cli_usage(const xp_cmd *c, int status);
/* Print text that comes from data (subtitles, transcripts): control
 * characters, which a terminal would obey, are shown as \xNN / \uNNNN. */
void xp_cli_put_untrusted(FILE *f, const char *s);
/* A mention of the store (xp_db_mention's JSON) as `xproj db show` and
 * `db triage` print it: brief gives the English and target lines only. */
struct json_t;
void xp_cli_show_mention(FILE *f, struct json_t *m, int brief);

/* The files a command names, each as it was given (its option, its path)
 * and which way it goes.  xp_cli_check_files refuses, before anything is
 * read, an output that is the same file as an input or as another output:
 * the same device and inode, so also through a symbolic or hard link (a
 * path that does not exist yet is identified by its directory and name).
 * NULL paths are skipped, and "-" (stdin, stdout) never clashes.  Every
 * subcommand lists its files and calls it once its options are parsed. */
typedef struct xp_cli_file {
	const char *opt;        /* "-o", "--source", "DB", "IN" */
	const char *path;
	int out;                /* 1 written, 0 only read */
} xp_cli_file;
int xp_cli_check_files(const xp_cli_file *f, size_t n, xp_err *e);

/* 1 if argv holds -h or --help. */
int xp_cli_wants_help(int argc, char **argv);

/* Options from the file named by --config (tools/config.c), put before the
 * command line's: argc and argv then name the combined list, owned by c. */
struct option;
typedef struct xp_cli_conf {
	char **argv;
	int n;          /* arguments from the file, argv[1..n] */
} xp_cli_conf;
int xp_cli_config(const struct option *lo, int *argc, char ***argv, xp_cli_conf *c, xp_err *e);
void xp_cli_config_free(xp_cli_conf *c);

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
void xp_cli_removed(const struct xp_asides *r, char *out, size_t n);

#endif
