/* io/config.c — see config.h. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "file.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

static void trim(const char **s, size_t *n)
{
	while (*n && (**s == ' ' || **s == '\t'))
		(*s)++, (*n)--;
	while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
		(*n)--;
}

static int add(xp_config *c, const char *k, size_t kn, const char *v, size_t vn, int has_v,
	       unsigned long line)
{
	if (xp_grow(&c->v, &c->cap, c->n + 1, sizeof *c->v))
		return -1;
	xp_config_item *it = &c->v[c->n];
	it->key = strndup(k, kn);
	it->value = has_v ? strndup(v, vn) : NULL;
	it->line = line;
	c->n++;
	return !it->key || (has_v && !it->value) ? -1 : 0;
}

static int one_line(const char *name, unsigned long no, const char *s, size_t n, xp_config *c, xp_err *e)
{
	const char *eq = memchr(s, '=', n);
	const char *k = s, *v = eq ? eq + 1 : s + n;
	size_t kn = eq ? (size_t)(eq - s) : n, vn = (size_t)(s + n - v);
	trim(&k, &kn);
	trim(&v, &vn);
	if (!kn)
		return xp_fail(e, name, no, "a line with no key before '='");
	for (size_t i = 0; i < kn; i++)
		if (k[i] == ' ' || k[i] == '\t' || !k[i])
			return xp_fail(e, name, no, "'%.*s': a key is one word (missing '='?)", (int)kn, k);
	if (memchr(v, 0, vn))
		return xp_fail(e, name, no, "a NUL byte in the value");
	return add(c, k, kn, v, vn, eq != NULL, no) ? xp_fail(e, name, no, "out of memory") : 0;
}

int xp_config_read_mem(const char *name, const char *buf, size_t len, xp_config *c, xp_err *err)
{
	memset(c, 0, sizeof *c);
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	while (xp_lines_next(&it, &s, &n)) {
		trim(&s, &n);
		if (n && *s != '#' && one_line(name, it.lineno, s, n, c, err)) {
			xp_config_free(c);
			return -1;
		}
	}
	return 0;
}

int xp_config_read(const char *path, xp_config *c, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	int rc = xp_config_read_mem(path, buf, len, c, err);
	free(buf);
	return rc;
}

void xp_config_free(xp_config *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].key), free(c->v[i].value);
	free(c->v);
	memset(c, 0, sizeof *c);
}
