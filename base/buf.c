/* base/buf.c — see buf.h. */
#include "buf.h"
#include "mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void xp_buf_add(xp_buf *b, const void *s, size_t n)
{
	if (b->oom)
		return;
	if (xp_grow(&b->p, &b->cap, b->n + n + 1, 1)) {
		b->oom = 1;
		return;
	}
	if (n)
		memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

void xp_buf_puts(xp_buf *b, const char *s) { xp_buf_add(b, s, strlen(s)); }

void xp_buf_putc(xp_buf *b, char c) { xp_buf_add(b, &c, 1); }

void xp_buf_printf(xp_buf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	if ((size_t)n < sizeof tmp) {
		xp_buf_add(b, tmp, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	xp_buf_add(b, big, (size_t)n);
	free(big);
}

void xp_buf_free(xp_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}
