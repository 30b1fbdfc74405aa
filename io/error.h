/*
 * io/error.h — how library code reports failure.
 *
 * Library functions never print and never exit.  A function that can fail
 * returns 0 on success and -1 on failure, after filling an xp_err with the
 * file and line the problem was found at and a one-line reason.  tools/
 * decides what to do with it (print "file:line: reason", exit non-zero).
 *
 * Problems that need not stop a reader (a repaired bracket, a span that sits
 * in two clusters) go to an xp_diags list instead, so `xproj validate` can
 * show every one of them and `--repair` can say what it changed.
 */
#ifndef XP_ERROR_H
#define XP_ERROR_H

#include <stddef.h>

typedef struct xp_err {
	char file[512];
	unsigned long line;   /* 1-based; 0 when the problem has no line */
	char msg[512];
} xp_err;

/* Fill *e (if not NULL) and return -1, so callers can `return xp_fail(...)`. */
int xp_fail(xp_err *e, const char *file, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* "file:line: msg" (or "file: msg" without a line) into out. */
void xp_err_str(const xp_err *e, char *out, size_t n);

typedef enum { XP_WARNING, XP_PROBLEM } xp_severity;

typedef struct xp_diag {
	char *file;
	unsigned long line;
	xp_severity sev;
	char *msg;
} xp_diag;

typedef struct xp_diags {
	xp_diag *v;
	size_t n, cap;
	size_t nproblems;   /* entries with sev == XP_PROBLEM */
	int oom;            /* an entry could not be stored */
} xp_diags;

void xp_diags_add(xp_diags *d, xp_severity sev, const char *file, unsigned long line,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void xp_diags_free(xp_diags *d);

#endif
