/*
 * tools/xproj.c — the `xproj` command: finds the subcommand and runs it.
 * Each subcommand lives in tools/cmd_NAME.c and only parses options, calls
 * the library, and prints; `xproj --man` prints the man page built from the
 * same help text as `xproj CMD --help`.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../base/icu.h"
#include "../base/outputs.h"
#include "../base/version.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const xp_cmd *const commands[] = {
	&xp_cmd_stats,
	&xp_cmd_convert,
	&xp_cmd_validate,
	&xp_cmd_score,
	&xp_cmd_agree,
	&xp_cmd_align,
	&xp_cmd_align_eval,
	&xp_cmd_pair,
	&xp_cmd_mention_pairs,
	&xp_cmd_bitext,
	&xp_cmd_wordalign,
	&xp_cmd_check_align,
	&xp_cmd_project,
	&xp_cmd_judge,
	&xp_cmd_calibrate,
	&xp_cmd_db,
	&xp_cmd_pipeline,
	&xp_cmd_serve,
	&xp_cmd_symmetrize,
	&xp_cmd_aer,
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

static int overview(FILE *f, int status)
{
	fprintf(f, "xproj %s — cross-lingual coreference annotation projection\n\n"
		   "usage: xproj COMMAND [OPTIONS] ...\n\ncommands:\n", xp_version());
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-13s %s\n", commands[i]->name, commands[i]->summary);
	fprintf(f, "\n'xproj COMMAND --help' (or 'xproj help COMMAND') describes a command;\n"
		   "'xproj --version' prints the version, 'xproj --man' the manual page (roff).\n");
	return status;
}

/* roff-escape: a leading '.' or '\'' and every backslash. */
static void roff(const char *s)
{
	int bol = 1;
	for (; *s; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", stdout);
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else
			putchar(*s);
		bol = *s == '\n';
	}
}

static int man(void)
{
	printf(".TH XPROJ 1 \"\" \"xproj %s\" \"User Commands\"\n"
	       ".SH NAME\nxproj \\- cross\\-lingual coreference annotation projection\n"
	       ".SH SYNOPSIS\n.B xproj\n.I COMMAND\n[\\fIOPTIONS\\fR] ...\n"
	       ".SH DESCRIPTION\nxproj carries English coreference annotation over to another "
	       "language through subtitles and word alignments, and reads, checks, converts and "
	       "scores coreference corpora.\n.SH COMMANDS\n", xp_version());
	for (int i = 0; i < NCOMMANDS; i++) {
		printf(".SS %s\n", commands[i]->name);
		roff(commands[i]->summary);
		printf("\n.PP\n.nf\n");
		roff(commands[i]->usage);
		printf("\n.fi\n");
	}
	printf(".SH EXIT STATUS\n0 on success, 1 when the input has problems or a run fails, "
	       "2 on a usage error.\n");
	return 0;
}

/* Interrupted (Ctrl-C, kill, a closed terminal): remove the temporary
 * files of the outputs being written, then die of the same signal, as the
 * caller expects.  The destinations were not touched; an open database
 * transaction is rolled back by SQLite when the process is gone. */
static void on_signal(int sig)
{
	xp_outputs_on_signal();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old;
		/* a signal ignored by whoever started us (nohup) stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
	/* A write past the file-size limit (ulimit -f) fails with EFBIG, said
	 * with the file's name like any other failed write, instead of killing
	 * the process: killed, it left the temporary files of its outputs, and
	 * once everything was committed SQLite's checkpoint at close (copying
	 * the store's write-ahead log into the store, which grows) killed a
	 * complete run with status 153.  That checkpoint is not needed: the
	 * log holds the run, and the next opening of the store reads it. */
	signal(SIGXFSZ, SIG_IGN);
}

/* NAME is no command: say so, with the nearest one, on stderr; status 2. */
static int unknown(const char *name)
{
	const char *names[NCOMMANDS], *near;
	for (int i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i]->name;
	if ((near = xp_cli_closest(name, names, NCOMMANDS)))
		fprintf(stderr, "xproj: '%s' is not a command; did you mean 'xproj %s'?\n", name, near);
	else
		fprintf(stderr, "xproj: '%s' is not a command\n", name);
	fprintf(stderr, "'xproj --help' lists the commands.\n");
	return 2;
}

/* What a command printed on standard output (figures, a listing, a
 * summary) is an output too: a write that failed there (a full disk, a
 * file-size limit, a closed pipe's EPIPE aside) must not end in status 0
 * with the file cut short.  Checked once, after the command: stdio
 * buffers, so a failed write shows only at the flush. */
static int stdout_done(int status)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return status;
	if (errno != EPIPE) {
		const char *cmd = xp_cli_command();
		fprintf(stderr, "xproj%s%s: <stdout>: write error%s%s\n", *cmd ? " " : "", cmd, errno ? ": " : "",
			errno ? strerror(errno) : "");
	}
	return status ? status : 1;
}

/* Standard input, output or error closed by whoever started us (`>&-`,
 * a daemon's closed descriptors): the next file opened takes the lowest
 * free number, so an output's temporary file became "standard output"
 * (`project -o - --report R >&-` wrote the CoNLL into R's file after the
 * report, exit 0), or "standard error" took the messages into an output.
 * Each closed one is held by /dev/null opened the way that makes its use
 * fail (read-only for output, write-only for input), as SQLite does for
 * its own files: a write to a closed stdout is then the write error it
 * is, exit 1, and no file of ours ever has a standard number. */
static void hold_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
			int n = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
			if (n >= 0 && n != fd)   /* a lower one was free: it is taken in its turn */
				close(n);
		}
}

static int run_main(int argc, char **argv);

/* What `--version`, `--help` and `--man` print is checked as a command's
 * is: `xproj --man > xproj.1` on a full disk exited 0 with the page cut. */
int main(int argc, char **argv)
{
	/* before anything uses ICU: its allocations counted, so that a
	 * failure ICU does without unsaid is the run's (base/icu.h) */
	xp_icu_watch();
	hold_std_fds();
	catch_signals();
	return stdout_done(run_main(argc, argv));
}

static int run_main(int argc, char **argv)
{
	if (argc < 2)
		return overview(stderr, 2);
	const char *name = argv[1];
	if (!strcmp(name, "-h") || !strcmp(name, "--help") || !strcmp(name, "help")) {
		/* `xproj help help` (or `--help help`) asks about help itself: the overview */
		if (argc > 2 && strcmp(argv[2], "help") && strcmp(argv[2], "--help")) {
			for (int i = 0; i < NCOMMANDS; i++)
				if (!strcmp(commands[i]->name, argv[2]))
					return xp_cli_usage(commands[i], 0);
			return unknown(argv[2]);   /* not the overview, as if it had answered */
		}
		return overview(stdout, 0);
	}
	if (!strcmp(name, "--version")) {
		printf("xproj %s\n", xp_version());
		return 0;
	}
	if (!strcmp(name, "--man"))
		return man();
	for (int i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i]->name, name)) {
			xp_cli_set_command(name);
			if (xp_cli_wants_help(argc - 1, argv + 1))
				return xp_cli_usage(commands[i], 0);
			return commands[i]->run(argc - 1, argv + 1);
		}
	return unknown(name);
}
