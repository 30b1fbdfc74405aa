/*
 * tools/config.c — a command's options from a config file (base/config.h):
 * each key is a long option without its dashes; a switch is a bare key or
 * "key = true|false".  The file's options are placed before the command
 * line's, so a flag given on the command line overrides the file
 * (xp_cli_getopt takes the command line's value over the file's, where it
 * refuses two values given on the command line).  Keys are checked
 * against the command's option table here, so a misspelt key is reported
 * with its file and line rather than by getopt.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../base/config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct option *find(const struct option *lo, const char *k)
{
	for (; lo->name; lo++)
		if (!strcmp(lo->name, k))
			return lo;
	return NULL;
}

/* The file's line of each argument it put into argv (lines[i] for
 * argv[i], 1..n), while its options are parsed: a value getopt's loop
 * refuses is said at its line (xp_cli_config_line), as a misspelt key is.
 * One config at a time: a command reads one. */
static const char *conf_path;
static unsigned long *conf_lines;
static int conf_n;

unsigned long xp_cli_config_line(int i, const char **path)
{
	if (!conf_lines || i < 1 || i > conf_n)
		return 0;
	*path = conf_path;
	return conf_lines[i];
}

/* Append "--key" and, for an option with an argument, its value. */
static int item_args(const char *path, const struct option *lo, const xp_config_item *it, xp_cli_conf *c,
		     xp_err *e)
{
	const struct option *o = find(lo, it->key);
	const char *v = it->value;
	if (!o || !strcmp(it->key, "config"))
		return xp_fail(e, path, it->line, "'%s' is not an option of this command", it->key);
	if (o->has_arg == no_argument) {
		int on = !v || !strcmp(v, "true") || !strcmp(v, "1");
		if (!on && strcmp(v, "false") && strcmp(v, "0"))
			return xp_fail(e, path, it->line, "%s is a switch: true or false", it->key);
		v = NULL;
		if (!on)
			return 0;
	} else if (o->has_arg == optional_argument && v && !*v) {
		return xp_fail(e, path, it->line, "%s = needs a value, or no '=' for the option bare", it->key);
	} else if (o->has_arg == optional_argument) {
		/* getopt takes an optional value only as "--key=value": given
		 * as two arguments, `no-normalize = stem` was --no-normalize
		 * (every part off) and an operand "stem", refused as "wrong
		 * arguments" with no line.  A bare key is the option bare. */
		char *flag = malloc(strlen(it->key) + (v ? strlen(v) : 0) + 4);
		c->n++;
		if ((c->argv[c->n] = c->own[c->n] = flag))
			sprintf(flag, "--%s%s%s", it->key, v ? "=" : "", v ? v : "");
		conf_lines[c->n] = it->line;
		return flag ? 0 : xp_fail(e, path, it->line, "out of memory");
	} else if (!v || !*v) {
		return xp_fail(e, path, it->line, "%s needs a value (%s = ...)", it->key, it->key);
	}
	char *flag = malloc(strlen(it->key) + 3);
	c->n++;
	if ((c->argv[c->n] = c->own[c->n] = flag))
		strcpy(flag, "--"), strcat(flag, it->key);
	conf_lines[c->n] = it->line;
	if (flag && v) {
		c->n++;
		if (!(c->argv[c->n] = c->own[c->n] = strdup(v)))
			flag = NULL;
	}
	conf_lines[c->n] = it->line;
	return flag ? 0 : xp_fail(e, path, it->line, "out of memory");
}

/* A key the file gives twice with other values: getopt would keep the
 * last and drop the first without a word (a `seed = 1` left above a
 * `seed = 7`, two `subs` lines of which one was meant).  Options that
 * gather their values (XP_OPT_MANY in the table: --train) may repeat; a
 * switch counts as on or off.  Said here, with both lines, before
 * xp_cli_getopt would say it without them. */
static int twice(const char *path, const struct option *lo, const xp_config *cf, size_t i, xp_err *e)
{
	const xp_config_item *it = &cf->v[i];
	const struct option *o = find(lo, it->key);
	if (o && (o->val & XP_OPT_MANY))
		return 0;
	for (size_t j = 0; j < i; j++) {
		const xp_config_item *was = &cf->v[j];
		if (strcmp(was->key, it->key))
			continue;
		int same = (!was->value && !it->value) || (was->value && it->value && !strcmp(was->value, it->value)) ||
			   (!was->value && it->value && (!strcmp(it->value, "true") || !strcmp(it->value, "1"))) ||
			   (!it->value && was->value && (!strcmp(was->value, "true") || !strcmp(was->value, "1")));
		if (!same)
			return xp_fail(e, path, it->line, "%s given twice, here and on line %lu, with other values: "
				       "which is meant? (the command line overrides the file)", it->key, was->line);
	}
	return 0;
}

/* The value of --config FILE / --config=FILE in argv, or NULL. */
static const char *config_path(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--config") && i + 1 < argc)
			return argv[i + 1];
		if (!strncmp(argv[i], "--config=", 9))
			return argv[i] + 9;
	}
	return NULL;
}

int xp_cli_config(const struct option *lo, int *argc, char ***argv, xp_cli_conf *c, xp_err *e)
{
	memset(c, 0, sizeof *c);
	const char *path = config_path(*argc, *argv);
	xp_config cf;
	if (!path)
		return 0;
	c->path = path;   /* points into the command line, which outlives c */
	if (xp_config_read(path, &cf, e))
		return -1;
	/* argv[0], the file's options (at most two per item), then the command line's */
	c->argv = calloc(2 * cf.n + (size_t)*argc + 1, sizeof *c->argv);
	c->own = calloc(2 * cf.n + 1, sizeof *c->own);
	free(conf_lines);
	conf_lines = calloc(2 * cf.n + 1, sizeof *conf_lines);
	conf_path = path, conf_n = 0;
	int rc = c->argv && c->own && conf_lines ? 0 : xp_fail(e, path, 0, "out of memory");
	for (size_t i = 0; !rc && i < cf.n; i++)
		rc = item_args(path, lo, &cf.v[i], c, e) || twice(path, lo, &cf, i, e);
	xp_config_free(&cf);
	conf_n = c->n;
	if (!rc) {
		c->argv[0] = (*argv)[0];
		memcpy(c->argv + 1 + c->n, *argv + 1, (size_t)(*argc - 1) * sizeof *c->argv);
		*argc += c->n;
		*argv = c->argv;
	}
	return rc;
}

void xp_cli_config_free(xp_cli_conf *c)
{
	/* from own, not argv: getopt moves an operand among them to the end
	 * (a config value it took for one freed a string of the command
	 * line: `free(): invalid pointer`, abort) */
	for (int i = 1; c->own && i <= c->n; i++)
		free(c->own[i]);
	free(c->own);
	free(c->argv);
	memset(c, 0, sizeof *c);
	free(conf_lines);
	conf_lines = NULL, conf_path = NULL, conf_n = 0;
}
