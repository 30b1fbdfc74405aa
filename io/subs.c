/*
 * io/subs.c — the SRT/WebVTT reader; see subs.h.
 *
 * Blocks are found by their timing lines ("start --> end"), not by blank
 * lines, which real files drop or double: a block's text is every line
 * between its timing line and the next block, less that block's number
 * (SRT) or identifier (WebVTT) just before its timing.
 */
#include "subs.h"
#include "../base/buf.h"
#include "../base/file.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

void xp_subs_free(xp_subs *s)
{
	free(s->v);
	xp_arena_free(&s->arena);
	memset(s, 0, sizeof *s);
}

static int digits(const char *s, size_t n, long long *v)
{
	if (!n || n > 12)
		return 0;
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*v = *v * 10 + (s[i] - '0');
	}
	return 1;
}

int64_t xp_parse_time(const char *s, size_t n)
{
	long long part[4] = {0};
	int np = 0;
	size_t i = 0;
	while (i < n && np < 4) {
		size_t b = i;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (b == i || i - b > 9 || !digits(s + b, i - b, &part[np]))
			return -1;
		if (np == 3 || (i < n && s[i] != ':' && s[i] != ',' && s[i] != '.' &&
				!(i + 2 < n && !memcmp(s + i, "\xEF\xBC\x8C", 3)))) {
			np++;
			break;
		}
		int frac = i < n && s[i] != ':';
		np++;
		if (i == n)
			break;
		i += (unsigned char)s[i] == 0xEF ? 3 : 1;
		if (frac) {      /* milliseconds: 1 to 3 digits, scaled */
			size_t fb = i;
			long long ms = 0;
			while (i < n && s[i] >= '0' && s[i] <= '9' && i - fb < 3)
				ms = ms * 10 + (s[i++] - '0');
			for (size_t k = i - fb; k < 3; k++)
				ms *= 10;
			if (i == fb)
				return -1;
			long long h = np == 3 ? part[0] : 0, m = np == 3 ? part[1] : part[0];
			long long sec = np == 3 ? part[2] : part[1];
			if (np < 2 || m > 59 || sec > 59)
				return -1;
			return ((h * 60 + m) * 60 + sec) * 1000 + ms;
		}
	}
	if (np == 3 && part[1] < 60 && part[2] < 60)
		return ((part[0] * 60 + part[1]) * 60 + part[2]) * 1000;
	if (np == 2 && part[1] < 60)
		return (part[0] * 60 + part[1]) * 1000;
	return -1;
}

/* "00:00:01,000 --> 00:00:02,000 [settings]" */
static int timing(const char *s, size_t n, int64_t *a, int64_t *b)
{
	const char *arrow = NULL;
	for (size_t i = 0; i + 3 <= n; i++)
		if (!memcmp(s + i, "-->", 3)) {
			arrow = s + i;
			break;
		}
	if (!arrow)
		return 0;
	xp_str from = xp_trim((xp_str){s, (size_t)(arrow - s)}), to;
	size_t k = 0;
	xp_next_field(arrow + 3, (size_t)(s + n - arrow - 3), &k, &to);
	*a = xp_parse_time(from.p, from.n);
	*b = xp_parse_time(to.p, to.n);
	return *a >= 0 && *b >= 0;
}

typedef struct line {
	const char *s;
	size_t n;
	unsigned long no;
} line;

static int blank(const line *l)
{
	return xp_trim((xp_str){l->s, l->n}).n == 0;
}

/* --- cleaning one text line ------------------------------------------------ */

#define MAX_CUTS 32

typedef struct clean {
	xp_buf out;
	const char *uid, *speaker;
	size_t uidn, spkn;
	int dash, latin, other;   /* dash: speaker turns marked by a dash */
	int lead;                 /* the line starts with one */
	uint32_t cut[MAX_CUTS];   /* offsets in out of the dashes of later turns */
	int ncut;
} clean;

/* "<1-2,Joey>" at the start of a TV4Dialog line */
static size_t tv4_tag(const char *s, size_t n, clean *c)
{
	if (n < 5 || s[0] != '<' || s[1] < '0' || s[1] > '9')
		return 0;
	const char *comma = memchr(s, ',', n), *gt = memchr(s, '>', n);
	if (!comma || !gt || comma > gt)
		return 0;
	for (const char *p = s + 1; p < comma; p++)
		if (!((*p >= '0' && *p <= '9') || *p == '-'))
			return 0;
	c->uid = s + 1, c->uidn = (size_t)(comma - s - 1);
	c->speaker = comma + 1, c->spkn = (size_t)(gt - comma - 1);
	return (size_t)(gt - s + 1);
}

/* markup to drop: <i>, </font>, <c.x>, <00:01.000>, <v Name>, {\an8} */
static size_t markup(const char *s, size_t n, clean *c)
{
	char close = s[0] == '<' ? '>' : s[0] == '{' ? '}' : 0;
	if (!close || n < 2)
		return 0;
	size_t k = 1;
	if (close == '>' && !(s[1] == '/' || (s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z') ||
			      (s[1] >= '0' && s[1] <= '9')))
		return 0;
	if (close == '}' && s[1] != '\\')
		return 0;
	while (k < n && k < 80 && s[k] != close && s[k] != '<' && !(close == '}' && s[k] == '{'))
		k++;
	if (k >= n || s[k] != close)
		return 0;
	if (close == '>' && s[1] == 'v' && (s[2] == ' ' || s[2] == '.') && !c->speaker) {
		const char *sp = memchr(s + 2, ' ', k - 2);
		if (sp)
			c->speaker = sp + 1, c->spkn = (size_t)(s + k - sp - 1);
	}
	return k + 1;
}

static void classify(clean *c, UChar32 ch)
{
	if (!u_isalpha(ch))
		return;
	UErrorCode e = U_ZERO_ERROR;
	UScriptCode sc = uscript_getScript(ch, &e);
	if (sc == USCRIPT_LATIN)
		c->latin++;
	else if (sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED)
		c->other++;
}

/* A dash opening a line: "- Hi", "-Hi" (TBBT, and Chinese lines: "-您好"),
 * or an en or em dash and a space; its length, 0 if none. */
static size_t lead_dash(const char *s, size_t n)
{
	if (n >= 2 && s[0] == '-' && s[1] != '-')
		return s[1] == ' ' ? 2 : 1;
	if (n >= 4 && (!memcmp(s, "\xE2\x80\x93 ", 4) || !memcmp(s, "\xE2\x80\x94 ", 4)))
		return 4;
	return 0;
}

/* Later speakers on the same line: "Who's Paul? - Paul the Wine Guy",
 * "-how so? -you're talking".  A dash after a space starts a turn when the
 * line opened with one, or when a sentence ends just before it (else it is
 * a pause: "I was - you know - there"). */
static void inline_turns(clean *c)
{
	const char *o = c->out.p;
	for (size_t k = 1; k + 1 < c->out.n; k++) {
		if (o[k] != '-' || o[k - 1] != ' ' || o[k + 1] == '-' || (o[k + 1] == ' ' && k + 2 >= c->out.n))
			continue;
		size_t q = k - 1;
		while (q > 0 && o[q] == ' ')
			q--;
		char e = o[q];
		int ends = e == '.' || e == '?' || e == '!' || e == '"' || (unsigned char)e == 0xA6 /* … */;
		if (!c->lead && !(ends && o[k + 1] == ' '))
			continue;
		c->dash++;
		if (c->ncut < MAX_CUTS)
			c->cut[c->ncut++] = (uint32_t)k;
	}
}

static void clean_line(const char *s, size_t n, clean *c)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	size_t k = tv4_tag(s, n, c);
	s += k, n -= k;
	while (n && *s == ' ')
		s++, n--;
	if ((k = lead_dash(s, n)))
		c->dash = c->lead = 1, s += k, n -= k;
	size_t i = 0;
	while (i < n) {
		size_t m = markup(s + i, n - i, c);
		if (m) {
			i += m;
			continue;
		}
		int32_t j = 0, len = (int32_t)(n - i > 8 ? 8 : n - i);
		UChar32 ch;
		U8_NEXT((const uint8_t *)s + i, j, len, ch);
		if (ch >= 0)
			classify(c, ch);
		if (ch != 0)   /* a NUL would end the text early for every reader of it */
			xp_buf_add(&c->out, s + i, (size_t)j);
		i += (size_t)j;
	}
	while (c->out.n && c->out.p[c->out.n - 1] == ' ')
		c->out.n--;
	inline_turns(c);
}

xp_str xp_sub_turn(const xp_sub *x, int tgt, unsigned k)
{
	const char *t = tgt ? x->tgt : x->text;
	const uint32_t *cut = tgt ? x->tcut : x->cut;
	unsigned n = tgt ? x->ntcut : x->ncut;
	size_t a = k == 0 ? 0 : cut[k - 1], b = k < n ? cut[k] : strlen(t);
	xp_str s = xp_trim((xp_str){t + a, b - a});
	size_t d = lead_dash(s.p, s.n);
	return xp_trim((xp_str){s.p + d, s.n - d});
}

/* --- blocks ---------------------------------------------------------------- */

/* One language of a block: its lines joined by spaces, and where its
 * speakers' turns start. */
typedef struct side {
	xp_buf text;
	uint32_t cut[MAX_CUTS];
	int ncut;
} side;

static void add_cut(side *d, size_t off)
{
	if (d->ncut < MAX_CUTS && off > 0)
		d->cut[d->ncut++] = (uint32_t)off;
}

static void join(side *d, const clean *c)
{
	if (!c->out.n)
		return;
	if (d->text.n)
		xp_buf_putc(&d->text, ' ');
	size_t base = d->text.n;
	if (c->lead)
		add_cut(d, base);   /* a dash line after another line */
	for (int k = 0; k < c->ncut; k++)
		add_cut(d, base + c->cut[k]);
	xp_buf_add(&d->text, c->out.p, c->out.n);
}

static const uint32_t *keep_cuts(xp_subs *s, const side *d)
{
	uint32_t *v = xp_arena_alloc(&s->arena, (size_t)(d->ncut + 1) * sizeof *v);
	if (v && d->ncut)
		memcpy(v, d->cut, (size_t)d->ncut * sizeof *v);
	return v;
}

static const char *keep(xp_subs *s, const xp_buf *b)
{
	return xp_arena_strndup(&s->arena, b->p ? b->p : "", b->n);
}

static int add_uid(xp_subs *s, xp_sub *x, const char *u, size_t n)
{
	for (uint32_t i = 0; i < x->nuids; i++)
		if (strlen(x->uids[i]) == n && !memcmp(x->uids[i], u, n))
			return 0;
	const char **v = xp_arena_alloc(&s->arena, (x->nuids + 1) * sizeof *v);
	if (!v)
		return -1;
	if (x->nuids)
		memcpy(v, x->uids, x->nuids * sizeof *v);
	if (!(v[x->nuids] = xp_arena_strndup(&s->arena, u, n)))
		return -1;
	x->uids = v;
	x->nuids++;
	return 0;
}

/* Build block x from its text lines; mixed = it held both scripts. */
static int block(xp_subs *s, xp_sub *x, const line *l, size_t nl, int bilingual, int *mixed)
{
	side en = {0}, tg = {0};
	int has_latin = 0, has_other = 0, rc = 0;
	for (size_t k = 0; k < nl && rc == 0; k++) {
		clean c = {0};
		clean_line(l[k].s, l[k].n, &c);
		int target = bilingual && c.other > c.latin;
		has_latin |= c.latin > c.other;
		has_other |= c.other > c.latin;
		if (!target) {
			x->dashes = (uint8_t)(x->dashes + c.dash > 255 ? 255 : x->dashes + c.dash);
			if (c.uid && add_uid(s, x, c.uid, c.uidn))
				rc = -1;
		}
		if (c.speaker && !x->speaker && !target)
			x->speaker = xp_arena_strndup(&s->arena, c.speaker, c.spkn);
		join(target ? &tg : &en, &c);
		xp_buf_free(&c.out);
	}
	*mixed = has_latin && has_other;
	x->text = keep(s, &en.text);
	x->tgt = keep(s, &tg.text);
	x->cut = keep_cuts(s, &en), x->ncut = (uint8_t)en.ncut;
	x->tcut = keep_cuts(s, &tg), x->ntcut = (uint8_t)tg.ncut;
	if (!x->text || !x->tgt || !x->cut || !x->tcut || en.text.oom || tg.text.oom)
		rc = -1;
	xp_buf_free(&en.text);
	xp_buf_free(&tg.text);
	return rc;
}

static int parse(const char *name, const line *L, size_t nl, int bilingual, xp_subs *s, int *mixed,
		 xp_err *err)
{
	int vtt = nl && L[0].n >= 6 && !memcmp(L[0].s, "WEBVTT", 6);
	uint32_t next_id = 1;
	size_t nmixed = 0;
	s->n = 0;
	for (size_t i = 0; i < nl; i++) {
		int64_t a, b;
		if (!timing(L[i].s, L[i].n, &a, &b))
			continue;
		/* the block's number or identifier, just above its timing */
		long long num;
		uint32_t id = next_id;
		if (i > 0 && !vtt && digits(L[i - 1].s, L[i - 1].n, &num) && num < UINT32_MAX)
			id = (uint32_t)num;
		/* its text: down to the next timing, less that block's header */
		size_t e = i + 1;
		while (e < nl && !timing(L[e].s, L[e].n, &(int64_t){0}, &(int64_t){0}))
			e++;
		size_t te = e;
		if (e < nl && te > i + 1) {
			long long d;
			if ((!vtt && digits(L[te - 1].s, L[te - 1].n, &d)) ||
			    (vtt && te >= i + 3 && blank(&L[te - 2])))
				te--;
		}
		while (te > i + 1 && blank(&L[te - 1]))
			te--;
		line *text = malloc((te - i) * sizeof *text);
		size_t nt = 0;
		for (size_t k = i + 1; text && k < te; k++)
			if (!blank(&L[k]))
				text[nt++] = L[k];
		if (!text || xp_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v)) {
			free(text);
			return xp_fail(err, name, L[i].no, "out of memory");
		}
		xp_sub *x = &s->v[s->n];
		memset(x, 0, sizeof *x);
		x->id = id, x->start = a, x->end = b, x->line = (uint32_t)L[i].no;
		int mx = 0;
		int rc = block(s, x, text, nt, bilingual, &mx);
		free(text);
		if (rc)
			return xp_fail(err, name, L[i].no, "out of memory");
		nmixed += mx;
		next_id = id + 1;
		s->n++;
		i = e - 1;
	}
	*mixed = s->n && nmixed * 5 >= s->n;   /* a fifth of the blocks or more */
	return 0;
}

int xp_subs_read_mem(const char *name, const char *buf, size_t len, xp_bilingual bi, xp_subs *s,
		     xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	line *L = NULL;
	size_t nl = 0, cap = 0;
	const char *p;
	size_t n;
	while (xp_lines_next(&it, &p, &n)) {
		if (xp_grow(&L, &cap, nl + 1, sizeof *L)) {
			free(L);
			return xp_fail(err, name, it.lineno, "out of memory");
		}
		size_t bad;
		if (!xp_utf8_valid(p, n, &bad)) {
			free(L);
			return xp_fail(err, name, it.lineno, "line is not valid UTF-8 (byte %zu)", bad + 1);
		}
		L[nl++] = (line){p, n, it.lineno};
	}
	int mixed = 0, rc = parse(name, L, nl, bi == XP_BILINGUAL, s, &mixed, err);
	if (rc == 0 && bi == XP_BILINGUAL_AUTO && mixed) {
		/* the same again, now splitting blocks by script */
		xp_arena_free(&s->arena);
		rc = parse(name, L, nl, 1, s, &mixed, err);
		s->bilingual = 1;
	} else {
		s->bilingual = bi == XP_BILINGUAL;
	}
	free(L);
	return rc;
}

int xp_subs_read(const char *path, xp_bilingual bi, xp_subs *s, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	int rc = xp_subs_read_mem(path, buf, len, bi, s, err);
	free(buf);
	return rc;
}
