/* io/ass.c — the ASS/SSA event reader; see ass.h. */
#include "ass.h"
#include "subs.h"
#include "../base/file.h"
#include "../base/mem.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void xp_ass_free(xp_ass *a)
{
	free(a->v);
	xp_buf_free(&a->text);
	memset(a, 0, sizeof *a);
}

static int ieq(xp_str s, const char *lit)
{
	return s.n == strlen(lit) && !strncasecmp(s.p, lit, s.n);
}

int xp_is_ass(const char *buf, size_t len)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *p;
	size_t n;
	for (int k = 0; k < 200 && xp_lines_next(&it, &p, &n); k++) {
		xp_str t = xp_trim((xp_str){p, n});
		if (ieq(t, "[Script Info]") || ieq(t, "[Events]"))
			return 1;
		for (size_t i = 0; i + 3 <= t.n; i++)
			if (!memcmp(t.p + i, "-->", 3))
				return 0;
	}
	return 0;
}

/* The standard field order of [Events] (SSA's "Marked" sits where ASS's
 * "Layer" does), for files without a Format line. */
typedef struct format {
	int start, end, name, text, n;
} format;

static const format standard = {1, 2, 4, 9, 10};

static int parse_format(const char *name, unsigned long line, xp_str v, format *f, xp_err *err)
{
	format g = {-1, -1, -1, -1, 0};
	for (size_t pos = 0; pos <= v.n; g.n++) {
		const char *c = memchr(v.p + pos, ',', v.n - pos);
		size_t e = c ? (size_t)(c - v.p) : v.n;
		xp_str fld = xp_trim((xp_str){v.p + pos, e - pos});
		if (ieq(fld, "Start"))
			g.start = g.n;
		else if (ieq(fld, "End"))
			g.end = g.n;
		else if (ieq(fld, "Name") || ieq(fld, "Actor"))
			g.name = g.n;
		else if (ieq(fld, "Text"))
			g.text = g.n;
		pos = e + 1;
	}
	if (g.n > 64)
		return xp_failc(err, XP_EINPUT, name, line, "the Format line names %d fields (at most 64)", g.n);
	if (g.start < 0 || g.end < 0 || g.text != g.n - 1)
		return xp_failc(err, XP_EINPUT, name, line,
				"the Format line must name Start and End, and Text last");
	*f = g;
	return 0;
}

/* Drawing mode: an override block's \p1 (or any \pN, N > 0) starts it,
 * \p0 ends it; \pos and \pbo are other tags. */
static void drawing_tag(const char *s, size_t n, int *drawing)
{
	for (size_t j = 0; j + 2 < n; j++)
		if (s[j] == '\\' && s[j + 1] == 'p' && s[j + 2] >= '0' && s[j + 2] <= '9') {
			int v = 0;
			for (size_t k = j + 2; k < n && s[k] >= '0' && s[k] <= '9' && v < 1000; k++)
				v = v * 10 + (s[k] - '0');
			*drawing = v > 0;
		}
}

/* The Text field as plain lines: override blocks and drawings gone. */
static void event_text(const char *s, size_t n, int wrap2, xp_buf *out)
{
	int drawing = 0;
	for (size_t i = 0; i < n;) {
		if (s[i] == '{') {
			const char *c = memchr(s + i, '}', n - i);
			if (c) {
				drawing_tag(s + i, (size_t)(c - s - i), &drawing);
				i = (size_t)(c - s) + 1;
				continue;
			}
		}
		if (drawing) {
			i++;
			continue;
		}
		if (s[i] == '\\' && i + 1 < n && (s[i + 1] == 'N' || s[i + 1] == 'n' || s[i + 1] == 'h')) {
			xp_buf_putc(out, s[i + 1] == 'N' || (s[i + 1] == 'n' && wrap2) ? '\n' : ' ');
			i += 2;
			continue;
		}
		xp_buf_putc(out, s[i++]);
	}
}

static int dialogue(const char *name, unsigned long line, xp_str v, const format *f, int wrap2, xp_ass *a,
		    xp_err *err)
{
	xp_str fld[64];
	int nf = f->n;   /* at most 64: parse_format */
	size_t pos = 0;
	for (int k = 0; k < nf; k++) {
		const char *c = k + 1 < nf ? memchr(v.p + pos, ',', v.n - pos) : NULL;
		if (k + 1 < nf && !c)
			return xp_failc(err, XP_EINPUT, name, line, "a Dialogue line with %d fields; the Format line names %d",
					k + 1, nf);
		size_t e = c ? (size_t)(c - v.p) : v.n;
		fld[k] = (xp_str){v.p + pos, e - pos};
		pos = e + 1;
	}
	xp_str ts = xp_trim(fld[f->start]), te = xp_trim(fld[f->end]);
	int64_t start = xp_parse_time(ts.p, ts.n), end = xp_parse_time(te.p, te.n);
	if (start < 0 || end < 0)
		return xp_failc(err, XP_EINPUT, name, line, "a Dialogue line's %s is not a time (H:MM:SS.cc)",
				start < 0 ? "Start" : "End");
	/* as an SRT cue's (io/subs.c): its line overlapped no utterance's
	 * and was lost, the utterance left without a target, exit 0 */
	if (end < start)
		return xp_failc(err, XP_EINPUT, name, line, "a Dialogue line whose End %.*s is before its Start %.*s: "
				"the line ends before it starts (it would overlap no other): nothing is read",
				(int)(te.n < 20 ? te.n : 20), te.p, (int)(ts.n < 20 ? ts.n : 20), ts.p);
	if (xp_grow(&a->v, &a->cap, a->n + 1, sizeof *a->v))
		return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
	xp_ass_event *ev = &a->v[a->n];
	memset(ev, 0, sizeof *ev);
	ev->start = start, ev->end = end, ev->line = (uint32_t)line;
	if (f->name >= 0 && f->name < nf) {
		xp_str nm = xp_trim(fld[f->name]);
		ev->name = a->text.n, ev->nname = nm.n;
		xp_buf_add(&a->text, nm.p, nm.n);
	}
	ev->text = a->text.n;
	event_text(fld[f->text].p, fld[f->text].n, wrap2, &a->text);
	ev->ntext = a->text.n - ev->text;
	if (a->text.oom)
		return xp_failc(err, XP_ENOMEM, name, line, "out of memory");
	a->n++;
	return 0;
}

int xp_ass_read_mem(const char *name, const char *buf, size_t len, xp_ass *a, xp_err *err)
{
	enum { OTHER, INFO, EVENTS } sec = OTHER;
	format f = standard;
	int wrap2 = 0;
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *p;
	size_t n;
	while (xp_lines_next(&it, &p, &n)) {
		xp_str t = xp_trim((xp_str){p, n});
		if (!t.n || t.p[0] == ';')
			continue;
		if (t.p[0] == '[' && t.p[t.n - 1] == ']') {
			sec = ieq(t, "[Script Info]") ? INFO : ieq(t, "[Events]") ? EVENTS : OTHER;
			continue;
		}
		const char *colon = memchr(t.p, ':', t.n);
		if (!colon || sec == OTHER)
			continue;
		xp_str key = xp_trim((xp_str){t.p, (size_t)(colon - t.p)});
		xp_str v = {colon + 1, (size_t)(t.p + t.n - colon - 1)};
		while (v.n && xp_is_blank(*v.p))
			v.p++, v.n--;
		if (sec == INFO && ieq(key, "WrapStyle"))
			wrap2 = ieq(xp_trim(v), "2");
		else if (sec == EVENTS && ieq(key, "Format")) {
			if (parse_format(name, it.lineno, v, &f, err))
				return XP_EINPUT;
		} else if (sec == EVENTS && ieq(key, "Dialogue")) {
			int rc = dialogue(name, it.lineno, v, &f, wrap2, a, err);
			if (rc)
				return rc;
		}
	}
	return 0;
}
