/* io/error.c — xp_err and the diagnostics list; see error.h. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xp_fail(xp_err *e, const char *file, unsigned long line, const char *fmt, ...)
{
	if (!e)
		return -1;
	snprintf(e->file, sizeof e->file, "%s", file ? file : "");
	e->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	return -1;
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
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	xp_diag *x = &d->v[d->n];
	x->file = strdup(file ? file : "");
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
