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

/* Where a '#' after the key or value starts what its writer meant as a
 * comment (`tgt-lang = fa  # Farsi`), or NULL: a '#' at the start of the
 * value or after a blank.  A comment is a whole line here; taken as part
 * of the value, "fa  # Farsi" named no language pack and the run went on
 * with the generic rules, exit 0.  A '#' inside a word (`a#1.srt`) is
 * data. */
static const char *inline_comment(const char *s, size_t n, const char *v)
{
	for (const char *p = s; p < s + n; p++)
		if (*p == '#' && (p == v || (p > s && xp_is_blank(p[-1]))))
			return p;
	return NULL;
}

static int one_line(const char *name, unsigned long no, const char *s, size_t n, xp_config *c, xp_err *e)
{
	const char *eq = memchr(s, '=', n);
	xp_str k = xp_trim((xp_str){s, eq ? (size_t)(eq - s) : n});
	xp_str v = eq ? xp_trim((xp_str){eq + 1, (size_t)(s + n - eq - 1)}) : (xp_str){s + n, 0};
	if (!k.n)
		return xp_failc(e, XP_EINPUT, name, no, "a line with no key before '='");
	const char *hash = inline_comment(s, n, v.p);
	if (hash) {
		xp_str before = xp_trim((xp_str){s, (size_t)(hash - s)});
		return xp_failc(e, XP_EINPUT, name, no, "'%s' after '%s': a comment is a line of its own here (its first "
				"non-blank character '#'); write '%s' and the comment on the line above (a value "
				"that holds ' #' goes on the command line instead)",
				XP_QUOTED(hash, (size_t)(s + n - hash)), XP_QUOTED(before.p, before.n),
				XP_QUOTED(before.p, before.n));
	}
	/* quotes are not part of the syntax: `tgt-lang = "CODE"` was the
	 * language '"CODE"', no pack, the generic rules, exit 0 */
	int qv = v.n && (*v.p == '"' || *v.p == '\''), qk = *k.p == '"' || *k.p == '\'';
	if (qv || qk) {
		xp_str q = qv ? v : k;
		xp_str bare = {q.p + 1, q.n - 1 - (q.n >= 2 && q.p[q.n - 1] == *q.p)};
		xp_str kk = qk ? bare : k, vv = qv ? bare : v;
		return xp_failc(e, XP_EINPUT, name, no, "'%s': keys and values are not quoted in a config file (a "
				"value keeps its inner spaces as it is); write '%s%s%s'", XP_QUOTED(q.p, q.n),
				XP_QUOTED(kk.p, kk.n), eq ? " = " : "", XP_QUOTED(vv.p, vv.n));
	}
	for (size_t i = 0; i < k.n; i++)
		if (xp_is_blank(k.p[i]) || !k.p[i])
			return xp_failc(e, XP_EINPUT, name, no, "'%s': a key is one word (missing '='?)", XP_QUOTED(k.p, k.n));
	if (memchr(v.p, 0, v.n))
		return xp_failc(e, XP_EINPUT, name, no, "a NUL byte in the value");
	return add(c, k.p, k.n, v.p, v.n, eq != NULL, no) ? xp_failc(e, XP_ENOMEM, name, no, "out of memory") : 0;
}

/* A file in UTF-16 or UTF-32 (Notepad's "Unicode", PowerShell's `>`):
 * read byte by byte, its keys held NUL bytes, each line refused for
 * something else than what was wrong.  Said once, for the whole file:
 * by its byte order mark, or by the first NUL byte (no UTF-8 text holds
 * one). */
static int wide(const char *name, const char *buf, size_t len, xp_err *e)
{
	static const struct { const char *bom; size_t n; const char *what; } marks[] = {
		{"\xff\xfe\0\0", 4, "UTF-32LE"}, {"\0\0\xfe\xff", 4, "UTF-32BE"},
		{"\xff\xfe", 2, "UTF-16LE"},      {"\xfe\xff", 2, "UTF-16BE"}};
	for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
		if (len >= marks[i].n && !memcmp(buf, marks[i].bom, marks[i].n))
			return xp_failc(e, XP_EINPUT, name, 1, "the file is %s (its byte order mark): a config file is "
					"UTF-8 text; save it as UTF-8", marks[i].what);
	const char *nul = memchr(buf, 0, len);
	if (!nul)
		return 0;
	unsigned long line = 1;
	for (const char *p = buf; p < nul; p++)
		line += *p == '\n';
	return xp_failc(e, XP_EINPUT, name, line, "a NUL byte: is the file UTF-16 or UTF-32? a config file is UTF-8 "
			"text; save it as UTF-8");
}

int xp_config_read_mem(const char *name, const char *buf, size_t len, xp_config *c, xp_err *err)
{
	memset(c, 0, sizeof *c);
	int rc = wide(name, buf, len, err);
	if (rc)
		return rc;
	/* A line ends at LF, CRLF or a CR alone (classic Mac OS, some
	 * editors' "Mac" line ends): split at LF only, a file of CRs was one
	 * line, and when it began with a comment (as the sample's do) that
	 * line was all comment: every setting dropped, exit 0 with the
	 * command line's options alone. */
	unsigned long no = 0;
	for (const char *s = buf, *end = buf + len; s < end;) {
		const char *e = s;
		while (e < end && *e != '\n' && *e != '\r')
			e++;
		const char *next = e == end ? end : e + 1 + (*e == '\r' && e + 1 < end && e[1] == '\n');
		xp_str l = xp_trim((xp_str){s, (size_t)(e - s)});
		no++;
		rc = l.n && *l.p != '#' ? one_line(name, no, l.p, l.n, c, err) : 0;
		if (rc < 0) {
			xp_config_free(c);
			return rc;
		}
		s = next;
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
