/*
 * base/buf.h — a growable byte buffer for writers.
 *
 * Writers build their whole output in an xp_buf and hand it to
 * xp_write_file (file.h), which writes a temporary file and renames it, so a
 * failed run never leaves half an output behind.  Appends never fail loudly:
 * an allocation failure sets `oom`, checked once at the end.
 */
#ifndef XP_BUF_H
#define XP_BUF_H

#include <stddef.h>

typedef struct xp_buf {
	char *p;
	size_t n, cap;
	int oom;
} xp_buf;

void xp_buf_add(xp_buf *b, const void *s, size_t n);
void xp_buf_puts(xp_buf *b, const char *s);
void xp_buf_putc(xp_buf *b, char c);
void xp_buf_printf(xp_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void xp_buf_free(xp_buf *b);

#endif
