/* tools/cli.c — shared reporting for subcommands; see cli.h. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int xp_cli_error(const xp_err *e)
{
	char s[1200];
	xp_err_str(e, s, sizeof s);
	fprintf(stderr, "xproj: %s\n", s);
	return 1;
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
		fprintf(stderr, "xproj: some diagnostics were lost (out of memory)\n");
}

int xp_cli_usage(const xp_cmd *c, int status)
{
	FILE *f = status ? stderr : stdout;
	fprintf(f, "xproj %s — %s\n\nusage: %s\n", c->name, c->summary, c->usage);
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

void xp_cli_put_untrusted(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	for (; p && *p; p++) {
		/* C0 controls, DEL, and C1 controls (U+0080..U+009F: 0xC2 0x80..0x9F) */
		if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			fprintf(f, "\\u%04x", p[1]), p++;
		else
			fputc(*p, f);
	}
}
