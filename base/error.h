/*
 * base/error.h — how library code reports failure.
 *
 * Library functions never print and never exit.  A function that can fail
 * returns 0 on success and a negative xp_code on failure, after filling an
 * xp_err with that code, the file and line the problem was found at and a
 * one-line reason.  Callers test `< 0`; the code says what kind of failure it
 * was (out of memory and bad input must not look the same), the text says
 * where and why.  tools/ decides what to do with it (print "file:line:
 * reason", exit non-zero).
 *
 * Problems that need not stop a reader (a repaired bracket, a span that sits
 * in two clusters) go to an xp_diags list instead, so `xproj validate` can
 * show every one of them and `--repair` can say what it changed.
 */
#ifndef XP_ERROR_H
#define XP_ERROR_H

#include <stddef.h>

/* Failure kinds.  XP_EFAIL is what code that has not said otherwise returns
 * (xp_fail); new code names the kind with xp_failc. */
typedef enum xp_code {
	XP_OK = 0,
	XP_EFAIL = -1,       /* unspecified */
	XP_ENOMEM = -2,      /* memory ran out */
	XP_EINPUT = -3,      /* the input is malformed or violates a rule */
	XP_EIO = -4,         /* a file could not be opened, read or written */
	XP_ENOTFOUND = -5,   /* a named thing (file, document, mention, run) does not exist */
	XP_ECONFLICT = -6,   /* the state changed under us, or the thing already exists */
	XP_EUSAGE = -7,      /* the caller asked for something impossible (bad option value) */
	XP_EDB = -8,         /* the database engine failed (SQLite error, busy, corrupt) */
	XP_EBUSY = -9,       /* another process holds the store's write lock longer than the caller would wait */
} xp_code;

/* "out of memory", "bad input", ... for a code. */
const char *xp_code_name(int code);

typedef struct xp_err {
	int code;             /* an xp_code, XP_OK when nothing failed */
	char file[512];
	unsigned long line;   /* 1-based; 0 when the problem has no line */
	char msg[512];
} xp_err;

/* Fill *e (if not NULL) and return -1 (XP_EFAIL), so callers can
 * `return xp_fail(...)`. */
int xp_fail(xp_err *e, const char *file, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The same with a kind: fills e->code and returns code. */
int xp_failc(xp_err *e, int code, const char *file, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The kind a failure filled e with (XP_EFAIL if none): what a public
 * function returns when a helper that answers only -1 has failed, so the
 * caller still learns out-of-memory from bad input. */
int xp_err_code(const xp_err *e);

/* rc as it is; when rc says a call failed on bad input and e names no file
 * (the callee saw only parsed data: "the alignment has 3 lines, ..."), e
 * names file, the input the complaint is about.  The caller knows which
 * input that was; the callee did not. */
int xp_err_in(int rc, xp_err *e, const char *file);

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
