/* base/error.c — xp_err and the diagnostics list; see error.h. */
#include "error.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int vfail(xp_err *e, int code, const char *file, unsigned long line, const char *fmt,
		 va_list ap)
{
	if (!e)
		return code;
	e->code = code;
	/* file names (an archive's members) and messages (a line quoted) hold
	 * data: escaped, so printing them cannot act on a terminal */
	char msg[2 * sizeof e->msg];
	vsnprintf(msg, sizeof msg, fmt, ap);
	xp_quote(e->msg, sizeof e->msg, msg, strlen(msg));
	xp_quote(e->file, sizeof e->file, file ? file : "", file ? strlen(file) : 0);
	e->line = line;
	return code;
}

int xp_fail(xp_err *e, const char *file, unsigned long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vfail(e, XP_EFAIL, file, line, fmt, ap);
	va_end(ap);
	return rc;
}

int xp_failc(xp_err *e, int code, const char *file, unsigned long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vfail(e, code < 0 ? code : XP_EFAIL, file, line, fmt, ap);
	va_end(ap);
	return rc;
}

int xp_err_code(const xp_err *e)
{
	return e && e->code < 0 ? e->code : XP_EFAIL;
}

const char *xp_code_name(int code)
{
	switch (code) {
	case XP_OK: return "ok";
	case XP_ENOMEM: return "out of memory";
	case XP_EINPUT: return "bad input";
	case XP_EIO: return "I/O error";
	case XP_ENOTFOUND: return "not found";
	case XP_ECONFLICT: return "conflict";
	case XP_EUSAGE: return "bad usage";
	case XP_EDB: return "database error";
	case XP_EBUSY: return "busy";
	default: return "failure";
	}
}

int xp_err_in(int rc, xp_err *e, const char *file)
{
	if (rc && !e->file[0] && file && e->code != XP_ENOMEM)
		xp_quote(e->file, sizeof e->file, file, strlen(file));
	return rc;
}

void xp_err_str(const xp_err *e, char *out, size_t n)
{
	if (e->file[0] && e->line)
		snprintf(out, n, "%s:%lu: %s", e->file, e->line, e->msg);
	else if (e->file[0])
		snprintf(out, n, "%s: %s", e->file, e->msg);
	else
		snprintf(out, n, "%s", e->msg);
}

void xp_diags_add(xp_diags *d, xp_severity sev, const char *file, unsigned long line,
		  const char *fmt, ...)
{
	if (!d)
		return;
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 16;
		xp_diag *v = realloc(d->v, cap * sizeof *v);
		if (!v) {
			d->oom = 1;
			return;
		}
		d->v = v;
		d->cap = cap;
	}
	char raw[1024], msg[1024], name[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	xp_quote(msg, sizeof msg, raw, strlen(raw));   /* escaped as xp_fail's */
	xp_quote(name, sizeof name, file ? file : "", file ? strlen(file) : 0);
	xp_diag *x = &d->v[d->n];
	x->file = strdup(name);
	x->msg = strdup(msg);
	if (!x->file || !x->msg) {
		free(x->file);
		free(x->msg);
		d->oom = 1;
		return;
	}
	x->line = line;
	x->sev = sev;
	d->n++;
	if (sev == XP_PROBLEM)
		d->nproblems++;
}

void xp_diags_free(xp_diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
	}
	free(d->v);
	memset(d, 0, sizeof *d);
}
