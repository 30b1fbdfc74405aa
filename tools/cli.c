/* tools/cli.c — shared reporting for subcommands; see cli.h. */
#include "cli.h"
#include "../base/text.h"
#include "../io/archive.h"
#include "../io/conllu.h"
#include "../io/mmax2.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The command running ("db import"), which names every error it reports,
 * as git's do: "xproj CMD: " before the library's "file:line: reason". */
static char running[64];

void xp_cli_set_command(const char *name)
{
	snprintf(running, sizeof running, "%s", name ? name : "");
}

const char *xp_cli_command(void)
{
	return running;
}

int xp_cli_error(const xp_err *e)
{
	char s[1200];
	xp_err_str(e, s, sizeof s);
	fprintf(stderr, "xproj%s%s: %s\n", *running ? " " : "", running, s);
	return 1;
}

void xp_cli_read_notes(const char *path, const xp_corpus *c)
{
	xp_mmax2_tally t;
	xp_mmax2_tally_of(c, &t);
	if (t.discontinuous || t.cross_sentence)
		fprintf(stderr,
			"%s: note: MMAX2: of %zu markables, %zu discontinuous (read as their covering span when it stays in a sentence) and "
			"%zu across sentences (dropped); see docs/formats.md\n",
			path, t.markables, t.discontinuous, t.cross_sentence);
	xp_corefud_tally u;
	xp_corefud_tally_of(c, &u);
	if (u.discontinuous || u.zero || u.split_ante || u.bridge)
		fprintf(stderr,
			"%s: note: CorefUD: %zu discontinuous mention(s) read as their covering span, %zu of empty "
			"nodes only dropped, %zu SplitAnte and %zu Bridge link(s) not read; see docs/formats.md\n",
			path, u.discontinuous, u.zero, u.split_ante, u.bridge);
}

void xp_cli_diags(const xp_diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		const xp_diag *x = &d->v[i];
		const char *sev = x->sev == XP_PROBLEM ? "error" : "warning";
		if (x->line)
			fprintf(stderr, "%s:%lu: %s: %s\n", x->file, x->line, sev, x->msg);
		else
			fprintf(stderr, "%s: %s: %s\n", x->file, sev, x->msg);
	}
	if (d->oom)
		fprintf(stderr, "xproj%s%s: some diagnostics were lost (out of memory)\n", *running ? " " : "", running);
}

int xp_cli_usage(const xp_cmd *c, int status)
{
	if (status == 0) {
		printf("xproj %s — %s\n\nusage: %s\n", c->name, c->summary, c->usage);
		return 0;
	}
	/* wrong arguments: the synopsis (up to the first blank line), not the
	 * whole help, and where to find the rest */
	const char *end = strstr(c->usage, "\n\n");
	int n = end ? (int)(end - c->usage) : (int)strlen(c->usage);
	fprintf(stderr, "xproj %s: wrong arguments; usage:\n%.*s\n'xproj %s --help' lists the options.\n", c->name, n,
		c->usage, c->name);
	return status;
}

int xp_cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return 0;
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	}
	return 0;
}

int xp_cli_print_json(json_t *o)
{
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(o);
	if (!s)
		return xp_cli_error(&(xp_err){.code = XP_ENOMEM, .msg = "out of memory"});
	puts(s);
	free(s);
	return 0;
}

void xp_cli_put_untrusted(FILE *f, const char *s)
{
	size_t n = s ? strlen(s) : 0, i = 0;
	char e[XP_ESC_MAX];
	while (i < n) {
		xp_escape_next(s, n, &i, e);
		fputs(e, f);
	}
}

/* What makes two paths one file.  An existing path: its device and inode
 * (stat follows symbolic links; hard links share the inode).  A path that
 * does not exist yet can still be named twice as an output, through
 * different spellings of its directory: its directory's identity and its
 * last component. */
typedef struct file_id {
	dev_t dev;
	ino_t ino;
	const char *name;       /* NULL for an existing file */
} file_id;

static int identify(const char *path, file_id *id)
{
	struct stat st;
	if (stat(path, &st) == 0) {
		*id = (file_id){st.st_dev, st.st_ino, NULL};
		return 0;
	}
	if (errno != ENOENT)
		return -1;
	const char *slash = strrchr(path, '/');
	char dir[4096];
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path), path);
	if (stat(dir, &st))
		return -1;   /* its directory is missing: the write will say so */
	*id = (file_id){st.st_dev, st.st_ino, slash ? slash + 1 : path};
	return 0;
}

static int same_file(const file_id *a, const file_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && !a->name == !b->name && (!a->name || !strcmp(a->name, b->name));
}

int xp_cli_check_inputs(char *const *paths, size_t n, const char *opt, xp_err *e)
{
	xp_cli_file *f = calloc(n ? n : 1, sizeof *f);
	if (!f)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	for (size_t i = 0; i < n; i++)
		f[i] = (xp_cli_file){opt, paths[i], 0};
	int rc = xp_cli_check_files(f, n, e);
	free(f);
	return rc;
}

int xp_cli_check_files(const xp_cli_file *f, size_t n, xp_err *e)
{
	file_id *id = calloc(n ? n : 1, sizeof *id);
	char *known = calloc(n ? n : 1, 1);
	if (!id || !known) {
		free(id), free(known);
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	}
	/* an output "-" is standard output, which the shell may have opened
	 * on an input (`convert a.jsonl - >> a.jsonl`, `db export DB -o - >>
	 * DB`: the output appended to the input, exit 0; with `>` the shell
	 * emptied the input first, and an empty result came out, exit 0):
	 * compared as the file it is, when it is one */
	struct stat so;
	for (size_t i = 0; i < n; i++)
		known[i] = f[i].path && strcmp(f[i].path, "-") ? identify(f[i].path, &id[i]) == 0
			 : f[i].path && f[i].out == 1 && fstat(1, &so) == 0 && S_ISREG(so.st_mode)
			   ? (id[i] = (file_id){so.st_dev, so.st_ino, NULL}, 1) : 0;
	int rc = 0;
	/* "-" twice: standard input is read once (the second reader found it
	 * empty: `score - -` scored a key against no response, exit 0), and
	 * two outputs on standard output are one stream, mixed (`project -o -
	 * --jsonlines -`: CoNLL and jsonlines interleaved, exit 0) */
	for (size_t i = 0; !rc && i < n; i++)
		for (size_t j = i + 1; !rc && j < n; j++)
			if (f[i].path && f[j].path && !strcmp(f[i].path, "-") && !strcmp(f[j].path, "-") &&
			    (f[i].out == 1) == (f[j].out == 1))
				rc = xp_failc(e, XP_EUSAGE, "-", 0, f[i].out == 1
					      ? "%s and %s both name standard output: two outputs cannot be one stream"
					      : "%s and %s both name standard input, which can be read once",
					      f[i].opt, f[j].opt);
	/* files whose counts add up (out 2), named twice: counted twice */
	for (size_t i = 0; !rc && i < n; i++)
		for (size_t j = i + 1; !rc && j < n; j++)
			if (f[i].out == 2 && f[j].out == 2 && known[i] && known[j] && same_file(&id[i], &id[j]))
				rc = xp_failc(e, XP_EUSAGE, f[j].path, 0, "%s and %s name the same file%s%s (its counts "
					      "would be taken twice)", f[i].opt, f[j].opt, strcmp(f[i].path, f[j].path) ? " " : "",
					      strcmp(f[i].path, f[j].path) ? f[i].path : "");
	/* the two sides of a pair (out 3), one file: `--subs en.srt
	 * --tgt-subs en.srt` (or a link to it) projected the English onto
	 * itself as the target language, exit 0.  A regular file only: a
	 * directory or a zip archive (--episodes: any layout) may hold each
	 * side's files apart. */
	struct stat st;
	for (size_t i = 0; !rc && i < n; i++)
		for (size_t j = i + 1; !rc && j < n; j++)
			if (f[i].out == 3 && f[j].out == 3 && known[i] && known[j] && same_file(&id[i], &id[j]) &&
			    stat(f[i].path, &st) == 0 && S_ISREG(st.st_mode) && !xp_is_zip(f[i].path))
				rc = xp_failc(e, XP_EUSAGE, f[j].path, 0, "%s and %s name the same file%s%s: one file cannot "
					      "be both sides of the pair (a bilingual file is given once, as %s)", f[i].opt,
					      f[j].opt, strcmp(f[i].path, f[j].path) ? " " : "",
					      strcmp(f[i].path, f[j].path) ? f[i].path : "", f[i].opt);
	/* each output against every file named before it and every input after */
	for (size_t i = 0; !rc && i < n; i++) {
		for (size_t j = 0; !rc && j < n; j++) {
			if (j == i || !known[i] || !known[j] || f[i].out != 1 || (j > i && f[j].out == 1) || !same_file(&id[i], &id[j]))
				continue;
			rc = xp_failc(e, XP_EUSAGE, f[i].path, 0, "%s %s the same file as %s%s%s (%s)%s", f[i].opt,
				      f[j].out == 1 ? "and" : "names", f[j].opt, strcmp(f[i].path, f[j].path) ? " " : "",
				      strcmp(f[i].path, f[j].path) ? f[j].path : "",
				      f[j].out == 1 ? "two outputs cannot be one file" : "an output may not replace an input",
				      strcmp(f[i].path, "-") ? ""
				      : ": standard output is that file (a > there emptied it before xproj began; >> would have added to it)");
		}
	}
	free(id);
	free(known);
	return rc;
}
