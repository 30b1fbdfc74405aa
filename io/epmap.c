/* io/epmap.c — the episode map reader; see epmap.h. */
#include "epmap.h"
#include "../base/file.h"
#include "../base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void xp_epmap_free(xp_epmap *m)
{
	free(m->v);
	xp_arena_free(&m->arena);
	memset(m, 0, sizeof *m);
}

static int all_digits(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* digits without leading zeros ("0583459" -> "583459", "0" stays) */
static xp_str strip_zeros(xp_str d)
{
	while (d.n > 1 && d.p[0] == '0')
		d.p++, d.n--;
	return d;
}

int xp_epmap_imdb_of(const char *path, char *out, size_t n)
{
	const char *file = strrchr(path, '/');
	if (!file)
		return 0;
	/* directory components from the file's parent up */
	for (const char *e = file; e > path;) {
		const char *b = e;
		while (b > path && b[-1] != '/')
			b--;
		if (all_digits(b, (size_t)(e - b)) && (size_t)(e - b) < 20) {
			xp_str d = strip_zeros((xp_str){b, (size_t)(e - b)});
			snprintf(out, n, "%.*s", (int)d.n, d.p);
			return 1;
		}
		e = b > path ? b - 1 : path;
	}
	return 0;
}

/* up to three digits at s[*i], as a number; -1 if none or more */
static int number(xp_str s, size_t *i)
{
	int v = 0, k = 0;
	for (; *i < s.n && s.p[*i] >= '0' && s.p[*i] <= '9'; (*i)++, k++)
		if (k < 3)   /* a longer run is refused below, and would overflow v */
			v = v * 10 + (s.p[*i] - '0');
	return k >= 1 && k <= 3 ? v : -1;
}

/* "s01e02" / "S1E2" -> "S01E02"; other names as they are */
static void episode_name(xp_str s, char *out, size_t n)
{
	size_t i = 1;
	if (s.n > 3 && (s.p[0] == 's' || s.p[0] == 'S')) {
		int a = number(s, &i);
		if (a >= 0 && i < s.n && (s.p[i] == 'e' || s.p[i] == 'E')) {
			i++;
			int b = number(s, &i);
			if (b >= 0 && i == s.n) {
				snprintf(out, n, "S%02dE%02d", a, b);
				return;
			}
		}
	}
	snprintf(out, n, "%.*s", (int)s.n, s.p);
}

int xp_epmap_read_mem(const char *name, const char *buf, size_t len, xp_epmap *m, xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *p;
	size_t n;
	while (xp_lines_next(&it, &p, &n)) {
		size_t pos = 0;
		xp_str key, ep, extra;
		if (!xp_next_field(p, n, &pos, &key) || key.p[0] == '#')
			continue;
		if (!xp_next_field(p, n, &pos, &ep) || xp_next_field(p, n, &pos, &extra))
			return xp_failc(err, XP_EINPUT, name, it.lineno,
					"want two fields: an IMDb id or a file, and its episode (S01E01)");
		if (memchr(key.p, '\0', key.n) || memchr(ep.p, '\0', ep.n) || ep.n > 200)
			return xp_failc(err, XP_EINPUT, name, it.lineno, "a NUL byte or an overlong episode name");
		int imdb = all_digits(key.p, key.n) ||
			   (key.n > 2 && (key.p[0] == 't' || key.p[0] == 'T') && (key.p[1] == 't' || key.p[1] == 'T') &&
			    all_digits(key.p + 2, key.n - 2));
		if (imdb) {
			if (key.p[0] == 't' || key.p[0] == 'T')
				key.p += 2, key.n -= 2;
			key = strip_zeros(key);
			if (key.n > 19)
				return xp_failc(err, XP_EINPUT, name, it.lineno, "an IMDb id of more than 19 digits");
		}
		char epn[256];
		episode_name(ep, epn, sizeof epn);
		for (size_t k = 0; k < m->n; k++) {
			const xp_epmap_entry *o = &m->v[k];
			if (o->imdb == imdb && strlen(o->key) == key.n && !memcmp(o->key, key.p, key.n) &&
			    strcmp(o->episode, epn))
				return xp_failc(err, XP_EINPUT, name, it.lineno, "%s is %s on line %lu already",
						XP_QUOTED(key.p, key.n), o->episode, o->line);
		}
		if (xp_grow(&m->v, &m->cap, m->n + 1, sizeof *m->v))
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		xp_epmap_entry *e = &m->v[m->n];
		e->key = xp_arena_strndup(&m->arena, key.p, key.n);
		e->episode = xp_arena_strdup(&m->arena, epn);
		e->imdb = imdb;
		e->line = it.lineno;
		if (!e->key || !e->episode)
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		m->n++;
	}
	return 0;
}

int xp_epmap_read(const char *path, xp_epmap *m, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc)
		return rc;
	rc = xp_epmap_read_mem(path, buf, len, m, err);
	free(buf);
	return rc;
}
