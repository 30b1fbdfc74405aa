/*
 * tools/opts.c — strict option parsing shared by every subcommand (cli.h):
 * getopt_long with messages that name the option, checked numbers, and the
 * nearest name for a misspelt command or option.
 *
 * Numbers are never read with atoi/atof: "--threshold abc" was 0 and
 * "--band 9x" was 9.  A value is the whole argument, in its range, or the
 * command stops with exit status 2 naming the option and the range.
 */
#include "cli.h"
#include "../base/text.h"
#include "../io/read.h"
#include "../lang/lang.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hint(const char *cmd)
{
	/* "db stats" -> 'xproj db --help' */
	int n = (int)strcspn(cmd, " ");
	fprintf(stderr, "'xproj %.*s --help' lists the options.\n", n, cmd);
}

int xp_cli_bad(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "xproj %s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	hint(cmd);
	return 2;
}

int xp_cli_required(const char *cmd, ...)
{
	const char *miss[16];
	int n = 0;
	va_list ap;
	va_start(ap, cmd);
	for (const char *name; (name = va_arg(ap, const char *));)
		if (!va_arg(ap, int) && n < 16)
			miss[n++] = name;
	va_end(ap);
	char s[512] = "";
	size_t len = 0;
	for (int i = 0; i < n && len < sizeof s; i++)
		len += (size_t)snprintf(s + len, sizeof s - len, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", miss[i]);
	return xp_cli_bad(cmd, "%s %s required", s, n == 1 ? "is" : "are");
}

int xp_cli_bad_value(const char *cmd, const xp_err *e)
{
	/* a value the --config file gave: said at its line there (getopt's
	 * optind is past the value just refused), not as if typed */
	const char *path;
	unsigned long line = xp_cli_config_line(optind - 1, &path);
	if (line) {
		xp_err at = {.code = XP_EUSAGE, .line = line};
		snprintf(at.file, sizeof at.file, "%s", path);
		snprintf(at.msg, sizeof at.msg, "%s", e->msg);
		char s[1200];
		xp_err_str(&at, s, sizeof s);
		return xp_cli_bad(cmd, "%s", s);
	}
	return xp_cli_bad(cmd, "%s", e->msg);
}

/* Damerau-Levenshtein (optimal string alignment) distance, for short words. */
static size_t distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > 63 || m > 63)
		return SIZE_MAX;
	size_t d[64][64];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			size_t c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < c)
				c = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < c)
				c = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
				c = d[i - 2][j - 2] + 1;
			d[i][j] = c;
		}
	return d[n][m];
}

const char *xp_cli_closest(const char *w, const char *const *known, size_t n)
{
	const char *best = NULL, *prefix = NULL;
	size_t bd = SIZE_MAX, nprefix = 0, len = strlen(w);
	for (size_t i = 0; i < n; i++) {
		size_t d = distance(w, known[i]);
		if (d < bd)
			bd = d, best = known[i];
		if (len && !strncmp(known[i], w, len))
			prefix = known[i], nprefix++;
	}
	if (best && bd <= 2 && 2 * bd < len)
		return best;
	return nprefix == 1 ? prefix : NULL;
}

/* the closest long option of lo to the unknown "--name[=value]" */
static const char *closest_option(const char *arg, const struct option *lo)
{
	const char *known[128];
	size_t n = 0;
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
	for (; lo && lo->name && n < sizeof known / sizeof *known; lo++)
		known[n++] = lo->name;
	return xp_cli_closest(name, known, n);
}

static const struct option *find(const struct option *lo, const char *name, size_t n)
{
	for (; lo && lo->name; lo++)
		if (strlen(lo->name) == n && !strncmp(lo->name, name, n))
			return lo;
	return NULL;
}

/* --- an option given twice ---------------------------------------------------
 *
 * getopt keeps the last value of an option given twice and drops the first
 * without a word: `db import --source a.conll --source b.conll` imported b
 * alone, `--seed 1 ... --seed 7` ran seed 7.  Whoever repeats an option
 * meant something by each, so a second value of a single-value option is a
 * usage error naming both; the options that gather (XP_OPT_MANY in their
 * table: --train, --annotator) take every one.
 *
 * Two cases are not a repeat.  The same value again (a switch given twice,
 * `--seed 1 --seed 1`) is accepted: nothing is dropped, and a script that
 * puts a shared list of options before a rule's own may say one twice.  An
 * option of the --config file given again on the command line is the
 * command line overriding the file (tools/config.c puts the file's options
 * first): the later value is taken, as it always was; two of the file's
 * own are refused there, with their lines (config.c), and here when two
 * keys are one option (an alias). */

/* the options seen in the parse under way, by their val */
typedef struct seen_opt {
	int key;              /* the val getopt returned, XP_OPT_MANY off */
	const char *value;    /* NULL for a switch */
	const char *name;     /* as given: the long option's name, or NULL */
	char letter;          /* or the short option's */
	int conf;             /* 1 if it came from the --config file */
} seen_opt;

static struct {
	char **argv;          /* the parse these belong to */
	int done;             /* that parse ended (-1 or an error) */
	seen_opt v[512];      /* more than any table holds */
	size_t n;
} seen;

/* v (from the command line, so the user's own text) as a message shows
 * it: control characters escaped, cut after about 200 bytes */
static void shown_value(const char *v, char *out, size_t cap)
{
	size_t n = strlen(v), i = 0, k = 0;
	char e[XP_ESC_MAX];
	out[0] = '\0';
	while (i < n) {
		if (k + XP_ESC_MAX + 4 >= cap || k > 200) {
			snprintf(out + k, cap - k, "...");
			return;
		}
		xp_escape_next(v, n, &i, e);
		k += (size_t)snprintf(out + k, cap - k, "%s", e);
	}
}

static void spell(const seen_opt *o, char *out, size_t cap)
{
	if (o->name)
		snprintf(out, cap, "--%s", o->name);
	else
		snprintf(out, cap, "-%c", o->letter);
}

/* 0, or 2 after saying that the option now read (as o says) was given
 * before with another value */
static int given_twice(const char *cmd, int many, const seen_opt *now)
{
	int key = now->key;
	const char *v = now->value;
	if (many)
		return 0;
	for (size_t i = 0; i < seen.n; i++) {
		seen_opt *o = &seen.v[i];
		if (o->key != key)
			continue;
		if (o->conf && !now->conf) {
			/* the command line overrides the --config file */
			*o = *now;
			return 0;
		}
		if ((!o->value && !v) || (o->value && v && !strcmp(o->value, v)))
			return 0;   /* the same again: nothing dropped */
		/* a value and none: an optional argument given once bare */
		char a[256], b[256], was[80], is[80];
		shown_value(o->value ? o->value : "", a, sizeof a);
		shown_value(v ? v : "", b, sizeof b);
		spell(o, was, sizeof was);
		spell(now, is, sizeof is);
		if (strcmp(was, is))   /* "-o" and "--output", an alias and its option */
			xp_cli_bad(cmd, "%s and %s are one option, given twice (%s, %s): give it once", was, is, a, b);
		else
			xp_cli_bad(cmd, "%s given twice (%s, %s): give it once", was, a, b);
		return 2;
	}
	if (seen.n < sizeof seen.v / sizeof *seen.v)
		seen.v[seen.n++] = *now;
	return 0;
}

int xp_cli_getopt(const char *cmd, int argc, char **argv, const char *shorts, const struct option *lo)
{
	char opts[64];
	snprintf(opts, sizeof opts, ":%s", shorts);   /* ':' first: a missing value is told apart */
	opterr = 0;
	/* a new parse: another argv, getopt told to start afresh (optind 0),
	 * or the last one over */
	if (seen.argv != argv || seen.done || optind == 0)
		seen.argv = argv, seen.done = 0, seen.n = 0;
	int idx = -1;
	int ch = getopt_long(argc, argv, opts, lo, &idx);
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	if (ch == -1) {
		seen.done = 1;
		return ch;
	}
	if (ch != '?' && ch != ':' && idx < 0) {
		/* a short option; gathers when its long form does.  From the
		 * command line: the --config file gives long options only. */
		int many = 0;
		for (const struct option *o = lo; o && o->name; o++)
			if ((o->val & ~XP_OPT_MANY) == ch && (o->val & XP_OPT_MANY))
				many = 1;
		if (given_twice(cmd, many, &(seen_opt){ch, optarg, NULL, (char)ch, 0})) {
			seen.done = 1;
			return '?';
		}
		return ch;
	}
	if (ch != '?' && ch != ':') {
		/* A long option: the whole name, never an abbreviation (getopt
		 * takes "--json" for "--jsonlines" where only that exists, and
		 * "--thr" for "--threshold"): spelt out, an option cannot change
		 * meaning when another is added. */
		if (lo[idx].has_arg != no_argument && optarg == arg && optind >= 2)
			arg = argv[optind - 2];   /* "--name VALUE" ("--name=VALUE" points inside one) */
		size_t n = strcspn(arg + 2, "=");
		if (!strncmp(arg, "--", 2) && strlen(lo[idx].name) == n && !strncmp(lo[idx].name, arg + 2, n)) {
			const char *path;
			int conf = xp_cli_config_line(optind - 1, &path) != 0;
			if (given_twice(cmd, ch & XP_OPT_MANY, &(seen_opt){ch & ~XP_OPT_MANY, optarg, lo[idx].name, 0, conf})) {
				seen.done = 1;
				return '?';
			}
			return ch & ~XP_OPT_MANY;
		}
	}
	seen.done = 1;
	/* getopt has moved past the offending argument */
	int islong = !strncmp(arg, "--", 2);
	size_t n = islong ? strcspn(arg + 2, "=") : 0;
	char shown[80];
	if (islong)
		snprintf(shown, sizeof shown, "--%.*s", (int)(n < 60 ? n : 60), arg + 2);
	else
		snprintf(shown, sizeof shown, "-%c", optopt ? optopt : '?');
	const char *near;
	if (ch == ':' && (!islong || find(lo, arg + 2, n)))
		xp_cli_bad(cmd, "%s needs a value", shown);
	else if (islong && arg[2 + n] == '=' && find(lo, arg + 2, n))
		xp_cli_bad(cmd, "%s takes no value", shown);
	else if (islong && (near = closest_option(arg, lo)))
		xp_cli_bad(cmd, "%s is not an option of xproj %s (did you mean --%s?)", shown, cmd, near);
	else
		xp_cli_bad(cmd, "%s is not an option of xproj %s", shown, cmd);
	return '?';
}

static int bad_number(xp_err *e, const char *opt, const char *s, const char *why, const char *range)
{
	return xp_failc(e, XP_EUSAGE, "", 0, "%s: '%s' %s (allowed: %s)", opt, s, why, range);
}

int xp_cli_int(const char *opt, const char *s, long long min, long long max, long long *out, xp_err *e)
{
	char range[100];
	if (max == LLONG_MAX)
		snprintf(range, sizeof range, "%lld or more", min);
	else
		snprintf(range, sizeof range, "%lld to %lld", min, max);
	char *end = NULL;
	errno = 0;
	int lead = *s && !isspace((unsigned char)*s);
	long long v = lead ? strtoll(s, &end, 10) : 0;
	if (!lead || *end)
		return bad_number(e, opt, s, "is not a whole number", range);
	if (errno == ERANGE || v < min || v > max)
		return bad_number(e, opt, s, "is out of range", range);
	*out = v;
	return 0;
}

int xp_cli_intv(const char *opt, const char *s, int min, int max, int *out, xp_err *e)
{
	long long v;
	int rc = xp_cli_int(opt, s, min, max, &v, e);
	if (!rc)
		*out = (int)v;
	return rc;
}

int xp_cli_uint64(const char *opt, const char *s, unsigned long long *out, xp_err *e)
{
	char *end = NULL;
	errno = 0;
	int lead = isdigit((unsigned char)*s);
	unsigned long long v = lead ? strtoull(s, &end, 10) : 0;
	if (!lead || *end)
		return bad_number(e, opt, s, "is not a whole number", "0 to 18446744073709551615");
	if (errno == ERANGE)
		return bad_number(e, opt, s, "is out of range", "0 to 18446744073709551615");
	*out = v;
	return 0;
}

int xp_cli_real(const char *opt, const char *s, double min, double max, double *out, xp_err *e)
{
	char range[100];
	if (isinf(max))
		snprintf(range, sizeof range, "%g or more", min);
	else
		snprintf(range, sizeof range, "%g to %g", min, max);
	char *end = NULL;
	errno = 0;
	/* decimal only: strtod also reads hexadecimal ("0x0.8" is 0.5),
	 * "infinity" and "nan", which no one means as a threshold */
	int lead = *s && s[strspn(s, "0123456789+-.eE")] == '\0';
	double v = lead ? strtod(s, &end) : 0;
	if (!lead || *end || isnan(v) || isinf(v))
		return bad_number(e, opt, s, "is not a number", range);
	if (errno == ERANGE || v < min || v > max)
		return bad_number(e, opt, s, "is out of range", range);
	*out = v;
	return 0;
}

int xp_cli_choice(const char *opt, const char *s, const char *const *names, size_t n, int *out, xp_err *e)
{
	char list[300] = "";
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(s, names[i]))
			return *out = (int)i, 0;
		k += (size_t)snprintf(list + k, k < sizeof list ? sizeof list - k : 0, "%s%s", i ? ", " : "", names[i]);
		if (k >= sizeof list)
			k = sizeof list - 1;
	}
	const char *near = xp_cli_closest(s, names, n);
	return xp_failc(e, XP_EUSAGE, "", 0, "%s: '%s' is not one of %s%s%s%s", opt, s, list, near ? " (did you mean " : "",
			near ? near : "", near ? "?)" : "");
}

/* The pack whose code or alias is nearest in spelling to s, or NULL when
 * none is near enough to be what s was meant to be; *dist gets the edits
 * between them, list the packs' codes. */
static const xp_lang_pack *nearest_pack(const char *s, char *list, size_t cap, size_t *dist)
{
	size_t np, bd = SIZE_MAX;
	const xp_lang_pack *const *packs = xp_lang_packs(&np), *best = NULL;
	char low[16] = "";
	size_t n = strcspn(s, "-_");
	for (size_t i = 0; n < sizeof low && i <= n; i++)
		low[i] = i < n ? (char)tolower((unsigned char)s[i]) : 0;
	size_t o = 0;
	*list = 0;
	for (size_t k = 0; k < np; k++) {
		if (o < cap)
			o += (size_t)snprintf(list + o, cap - o, "%s%s", k ? " " : "", packs[k]->code);
		for (size_t a = 0; a == 0 || (packs[k]->aliases && packs[k]->aliases[a - 1]); a++) {
			const char *c = a ? packs[k]->aliases[a - 1] : packs[k]->code;
			/* a typo keeps the first letter more often than not:
			 * on a tie, the code that begins with it */
			size_t d = 2 * distance(low, c) + (*low != *c);
			if (d < bd)
				bd = d, best = packs[k];
		}
	}
	/* a code with nothing in common with any is no typo of one */
	*dist = bd / 2;
	return best && bd / 2 < strlen(low) ? best : NULL;
}

/* xp_cli_lang's check; listed: s is one of a list's codes (--loan-langs),
 * which name the other side's language, not the rules the run uses */
static int check_lang(const char *opt, const char *s, int listed, xp_err *e)
{
	char name[64], as[64], list[160];
	const xp_lang_pack *p = xp_lang_find(s);
	/* a pack's code or alias alone, or with the subtags of a well-formed
	 * tag (a script or a region; not "_XX1", with which the pack was
	 * found by its prefix) */
	const char *tail = s + strcspn(s, "-_");
	if (p && (!*tail || xp_lang_known(s, NULL, 0) ||
		  (snprintf(as, sizeof as, "%s%s", p->code, tail) < (int)sizeof as && xp_lang_known(as, NULL, 0))))
		return 0;
	int known = p ? 0 : xp_lang_known(s, name, sizeof name);
	size_t dist = 0;
	const xp_lang_pack *near = known == 1 ? NULL : nearest_pack(s, list, sizeof list, &dist);
	if (known) {
		/* once a code: pipeline passes it to each stage's options */
		static char said[4][32];
		for (size_t k = 0; k < sizeof said / sizeof *said; k++) {
			if (!strcmp(said[k], s))
				return 0;
			if (!*said[k]) {
				snprintf(said[k], sizeof said[k], "%s", s);
				break;
			}
		}
		/* three letters ICU does not list (lang.h xp_lang_known): run,
		 * but say so as loudly as a note can, with the pack it may
		 * have been meant for (one edit away: "zhh", not "qaa") */
		if (known == 2 && dist > 1)
			near = NULL;
		if (known == 2 && listed)
			fprintf(stderr, "xproj %s: note: %s %s is not a language ICU knows: taken as an ISO 639-3 code "
				"(check its spelling%s%s%s)\n", xp_cli_command(), opt, XP_QUOTED(s, strlen(s)),
				near ? "; did you mean " : "", near ? near->code : "", near ? "?" : "");
		else if (listed)
			;   /* a language without a pack: nothing of the run's rules to say */
		else if (known == 2)
			fprintf(stderr, "xproj %s: note: %s %s is not a language ICU knows: taken as an ISO 639-3 code "
				"(check its spelling%s%s%s) with no language pack: the language-independent rules "
				"and normalisation are used (docs/languages.md)\n", xp_cli_command(), opt,
				XP_QUOTED(s, strlen(s)), near ? "; did you mean " : "", near ? near->code : "",
				near ? "?" : "");
		else
			fprintf(stderr, "xproj %s: note: %s %s%s%s%s has no language pack: the language-independent "
				"rules and normalisation are used (docs/languages.md)\n", xp_cli_command(), opt,
				XP_QUOTED(s, strlen(s)), *name ? " (" : "", name, *name ? ")" : "");
		return 0;
	}
	if (!near)
		return xp_failc(e, XP_EUSAGE, "", 0, "%s: unknown language code '%s' (codes with a language pack: %s; "
				"any ISO 639 code or BCP 47 tag of a language works without one)", opt,
				XP_QUOTED(s, strlen(s)), list);
	return xp_failc(e, XP_EUSAGE, "", 0, "%s: unknown language code '%s' (did you mean %s?)", opt,
			XP_QUOTED(s, strlen(s)), near->code);
}

int xp_cli_lang(const char *opt, const char *s, xp_err *e)
{
	return check_lang(opt, s, 0, e);
}

int xp_cli_langs(const char *opt, const char *s, xp_err *e)
{
	/* xp_wa_lang_listed (align/prior.h) reads the codes between spaces */
	char code[64];
	size_t n = 0;
	for (const char *p = s + strspn(s, " "); *p; p += strspn(p, " ")) {
		size_t k = strcspn(p, " ");
		if (k >= sizeof code)
			return xp_failc(e, XP_EUSAGE, "", 0, "%s: '%s' is no language code (too long)", opt,
					XP_QUOTED(p, k));
		memcpy(code, p, k);
		code[k] = 0;
		if (check_lang(opt, code, 1, e))
			return XP_EUSAGE;
		p += k, n++;
	}
	if (!n)
		return xp_failc(e, XP_EUSAGE, "", 0, "%s: no language code (codes by space, or 'all'; --no-loan-prior "
				"switches the prior off)", opt);
	return 0;
}

int xp_cli_format(const char *opt, const char *s, int *fmt, xp_err *e)
{
	if ((*fmt = (int)xp_format_named(s)) != XP_FMT_AUTO)
		return 0;
	return xp_failc(e, XP_EUSAGE, "", 0, "%s: '%s' is not a corpus format (allowed: conll, jsonlines, conllu, mmax2)", opt, s);
}

/* --rules naming a rule the target's pack does not have ("+names" onto
 * German: the rule exists in the Chinese pack only): accepted, since one
 * spec may serve several languages, but it does nothing here, which the
 * summary says instead of leaving a byte-identical output unexplained */
void xp_cli_rules_unused(const char *lead, const char *lang, int argc, char **argv)
{
	/* a language without a pack takes the generic pack's rules */
	const xp_lang_pack *pk = xp_lang_find(lang) ? xp_lang_find(lang) : xp_lang_generic();
	for (int i = 1; i < argc; i++) {
		const char *spec = !strcmp(argv[i], "--rules") && i + 1 < argc ? argv[++i]
				   : !strncmp(argv[i], "--rules=", 8)     ? argv[i] + 8
									  : NULL;
		for (const char *p = spec; p && *p; p += *p == ',') {
			size_t n = strcspn(p, ",");
			char item[64];
			snprintf(item, sizeof item, "%.*s", (int)(n < sizeof item ? n : sizeof item - 1), p);
			p += n;
			const char *name = item + (item[0] == '+');
			const xp_lang_pack *of = NULL;
			const xp_lang_rule *r = item[0] == '-' ? NULL : xp_lang_rule_named(name, &of);
			/* none of that name, or one of the target's pack; a generic
			 * rule too is not every pack's (Chinese lists no stray,
			 * neither it nor Farsi edge_punct) */
			int has = !r;
			for (size_t k = 0; !has && k < xp_lang_nrules(pk); k++)
				has = !strcmp(xp_lang_rule_at(pk, k)->name, name);
			if (!has)
				fprintf(stderr, "%s--rules %s: no rule of %s's pack (the %s pack's): it does nothing here\n",
					lead, name, lang && *lang ? lang : "?", of ? of->code : "generic");
		}
	}
}
