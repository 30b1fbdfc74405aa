/* tools/cmd_serve.c — `xproj serve`: the correction workbench in a browser. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../serve/serve.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int run(int argc, char **argv)
{
	static const struct option lo[] = {
		{"host", required_argument, 0, 'H'}, {"port", required_argument, 0, 'p'},
		{"run", required_argument, 0, 'r'}, {"token", required_argument, 0, 't'},
		{"threads", required_argument, 0, 'T'}, {0, 0, 0, 0}};
	xp_serve_opts o = {.port = 8080};
	int ch, bad = 0;
	long long v = 0;
	xp_err ue;
	optind = 1;
	while ((ch = xp_cli_getopt("serve", argc, argv, "", lo)) != -1) {
		switch (ch) {
		case 'H': o.host = optarg; break;
		case 'p': bad = xp_cli_int("--port", optarg, 0, 65535, &v, &ue); o.port = (int)v; break;
		case 'r': bad = xp_cli_int("--run", optarg, 1, INT64_MAX, &v, &ue); o.run = v; break;
		case 't': o.token = optarg; break;
		case 'T': bad = xp_cli_int("--threads", optarg, 1, 64, &v, &ue); o.threads = (unsigned)v; break;
		default: return 2;
		}
		if (bad)
			return xp_cli_bad_value("serve", &ue);
	}
	if (optind != argc - 1)
		return xp_cli_usage(&xp_cmd_serve, 2);
	o.db = argv[optind];
	/* the server's threads must not take the signals meant for us */
	sigset_t stop;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &stop, NULL);
	xp_server *s;
	xp_err e;
	if (xp_serve_start(&o, &s, &e))
		return xp_cli_error(&e);
	char url[600];
	xp_serve_url(s, url, sizeof url);
	printf("xproj serve: %s on %s (Ctrl-C stops)\n", o.db, url);
	fflush(stdout);
	int sig;
	sigwait(&stop, &sig);
	xp_serve_stop(s);
	return 0;
}

const xp_cmd xp_cmd_serve = {
	"serve", run, "serve the correction workbench: several correctors in a browser",
	"xproj serve DB [--host 127.0.0.1] [--port 8080] [--run N] [--token SECRET] [--threads N]\n\n"
	"Serves a web page on the correction store DB and prints the address to open.  The page\n"
	"(compiled into xproj: nothing is fetched from the network) asks for the annotator's name,\n"
	"then walks the run's mentions in triage order, one at a time in its scene: the English\n"
	"with the mention and its cluster marked, the target sentence as tokens to click, the\n"
	"projected span, confidence and why triage flagged it.  Keep, modify, delete, add, note,\n"
	"undo, next and previous all have keys (shown on the page).  Every action is checked as\n"
	"`xproj db` checks it and written at once; an action on a mention someone else changed\n"
	"since it was shown is refused and the page shows their change.  When the pipeline is run\n"
	"again into the store, the page says the run on screen was replaced before anything more\n"
	"is written to it.  Changes wait at most 3 s for a store another process holds (then\n"
	"503, Retry-After); reading never waits (docs/serve.md).  The JSON API under /api/\n"
	"is in docs/cmd/serve.md.  --port 0 picks a free port.  Only the loopback address is served\n"
	"unless --host names another, which needs --token (8+ of A-Z a-z 0-9 - . _ ~), then\n"
	"required on every request (the printed address carries it).  --run N opens on run N\n"
	"(default: the latest).  --threads N (1-64, default 4) answers that many requests at once.",
};
