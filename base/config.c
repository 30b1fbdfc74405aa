/* base/config.c — see config.h. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "file.h"
#include "mem.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

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
	xp_str k = xp_trim((xp_str){s, eq ? (size_t)(eq - s) : n});
	xp_str v = eq ? xp_trim((xp_str){eq + 1, (size_t)(s + n - eq - 1)}) : (xp_str){s + n, 0};
	if (!k.n)
		return xp_failc(e, XP_EINPUT, name, no, "a line with no key before '='");
	for (size_t i = 0; i < k.n; i++)
		if (xp_is_blank(k.p[i]) || !k.p[i])
			return xp_failc(e, XP_EINPUT, name, no, "'%s': a key is one word (missing '='?)", XP_QUOTED(k.p, k.n));
	if (memchr(v.p, 0, v.n))
		return xp_failc(e, XP_EINPUT, name, no, "a NUL byte in the value");
	return add(c, k.p, k.n, v.p, v.n, eq != NULL, no) ? xp_failc(e, XP_ENOMEM, name, no, "out of memory") : 0;
}

int xp_config_read_mem(const char *name, const char *buf, size_t len, xp_config *c, xp_err *err)
{
	memset(c, 0, sizeof *c);
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	while (xp_lines_next(&it, &s, &n)) {
		xp_str l = xp_trim((xp_str){s, n});
		int rc = l.n && *l.p != '#' ? one_line(name, it.lineno, l.p, l.n, c, err) : 0;
		if (rc < 0) {
			xp_config_free(c);
			return rc;
		}
	}
	return 0;
}

int xp_config_read(const char *path, xp_config *c, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc < 0)
		return rc;
	rc = xp_config_read_mem(path, buf, len, c, err);
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
