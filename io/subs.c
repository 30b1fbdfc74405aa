/*
 * io/subs.c — the SRT/WebVTT reader, and blocks from ASS events; see subs.h.
 *
 * Blocks are found by their timing lines ("start --> end"), not by blank
 * lines, which real files drop or double: a block's text is every line
 * between its timing line and the next block, less that block's number
 * (SRT) or identifier (WebVTT) just before its timing.
 */
#include "subs.h"
#include "ass.h"
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

/* a side of a timing line that is meant as a time: digits first (or a
 * minus), then only digits, ':', ',', '.', '-' or a full-width comma */
static int timelike(xp_str t)
{
	if (!t.n || !((t.p[0] >= '0' && t.p[0] <= '9') || (t.p[0] == '-' && t.n > 1 && t.p[1] >= '0' && t.p[1] <= '9')))
		return 0;
	for (size_t i = 0; i < t.n; i++)
		if (!strchr("0123456789:,.-", t.p[i]) || !t.p[i]) {
			if (i + 2 < t.n && !memcmp(t.p + i, "\xEF\xBC\x8C", 3))
				i += 2;
			else
				return 0;
		}
	return 1;
}

/* "00:00:01,000 --> 00:00:02,000 [settings]": 1, and the times in *a, *b;
 * 0 for a line that is not a timing line; -1 for one whose sides are meant
 * as times but are none (a minute or second past 59, a minus) or end
 * before they start.  Such a line used to be read as text: its cue's lines
 * went into the cue before, with that cue's times, and nothing was said. */
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
	if (*a >= 0 && *b >= 0)
		return *b >= *a ? 1 : -1;
	return timelike(from) && timelike(to) ? -1 : 0;
}

typedef struct line {
	const char *s;
	size_t n;
	unsigned long no;
} line;

/* What one read shares: its options, what it removed, and scratch room
 * for a line. */
typedef struct reader {
	const xp_subs_opts *o;
	xp_asides removed;
	xp_buf raw, txt;
} reader;

static int blank(const line *l)
{
	return xp_trim((xp_str){l->s, l->n}).n == 0;
}

/* --- cleaning one text line ------------------------------------------------ */

/* Where a block's later speaker turns start, at most this many: a real
 * subtitle holds two or three.  A turn beyond it is not lost, only not
 * split from the one before (its text stays in the block). */
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

size_t xp_sub_dash(const char *s, size_t n)
{
	size_t k = 0;
	if (n >= 2 && s[0] == '-' && s[1] != '-')
		k = 1;
	else if (n >= 4 && (!memcmp(s, "\xE2\x80\x93 ", 4) || !memcmp(s, "\xE2\x80\x94 ", 4)))
		k = 3;
	/* every space after it: "-  Hey" (some files pad the dash) is "- Hey",
	 * neither the dash nor a space left in the turn's text */
	while (k && k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	return k;
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

static void clean_line(const char *s, size_t n, clean *c, reader *r)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	size_t k = tv4_tag(s, n, c);
	s += k, n -= k;
	while (n && *s == ' ')
		s++, n--;
	if ((k = xp_sub_dash(s, n)))
		c->dash = c->lead = 1, s += k, n -= k;
	/* markup first, then the asides it may have wrapped ("<i>[laughs]</i>") */
	r->raw.n = 0;
	for (size_t i = 0; i < n;) {
		size_t m = markup(s + i, n - i, c);
		if (m)
			i += m;
		else
			xp_buf_putc(&r->raw, s[i++]);
	}
	const char *t = r->raw.p;
	size_t tn = r->raw.n;
	/* the language of the line as written: "E[欧拉数]" stays a Chinese line
	 * when its note goes */
	for (size_t i = 0; i < tn;) {
		int32_t j = 0, len = (int32_t)(tn - i > 8 ? 8 : tn - i);
		UChar32 ch;
		U8_NEXT((const uint8_t *)t + i, j, len, ch);
		if (ch >= 0)
			classify(c, ch);
		i += (size_t)j;
	}
	if (!r->o->keep_asides && tn) {
		r->txt.n = 0;
		if (xp_strip_asides(t, tn, r->o->notes, &r->txt, &r->removed)) {
			t = r->txt.p, tn = r->txt.n;
			if (!tn)
				c->dash = c->lead = 0;   /* "- [laughs]" is nobody's turn */
		}
	}
	for (size_t i = 0; i < tn; i++)
		if (t[i])   /* a NUL would end the text early for every reader of it */
			xp_buf_putc(&c->out, t[i]);
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
	size_t d = xp_sub_dash(s.p, s.n);
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
static int block(xp_subs *s, xp_sub *x, const line *l, size_t nl, int bilingual, int *mixed, reader *r)
{
	side en = {0}, tg = {0};
	int has_latin = 0, has_other = 0, rc = 0;
	for (size_t k = 0; k < nl && rc == 0; k++) {
		clean c = {0};
		clean_line(l[k].s, l[k].n, &c, r);
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
	if (!x->text || !x->tgt || !x->cut || !x->tcut || en.text.oom || tg.text.oom || r->raw.oom || r->txt.oom)
		rc = -1;
	xp_buf_free(&en.text);
	xp_buf_free(&tg.text);
	return rc;
}

/* One block from its timing and lines: appended to s, *mixed set when it
 * held both scripts. */
static int add_block(xp_subs *s, const char *name, uint32_t id, int64_t a, int64_t b, unsigned long at,
		     const line *text, size_t nt, int bilingual, int *mixed, reader *r, xp_err *err)
{
	if (xp_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v))
		return xp_failc(err, XP_ENOMEM, name, at, "out of memory");
	xp_sub *x = &s->v[s->n];
	memset(x, 0, sizeof *x);
	x->id = id, x->start = a, x->end = b, x->line = (uint32_t)at;
	if (block(s, x, text, nt, bilingual, mixed, r))
		return xp_failc(err, XP_ENOMEM, name, at, "out of memory");
	/* A cue of no time (its end its start) overlaps nothing: as a target
	 * paired by time its text went to no utterance, and as an English cue
	 * it gave its utterance no time, so the target cue over it went to none
	 * either: both lost, exit 0.  Refused as a reversed cue is (a cue
	 * with no text, once asides are removed, loses nothing: kept). */
	if (a == b && ((x->text && *x->text) || (x->tgt && *x->tgt))) {
		long long ms = (long long)a;
		return xp_failc(err, XP_EINPUT, name, at, "a cue that ends where it starts (%02lld:%02lld:%02lld,%03lld): "
				"a cue of no time overlaps no other, and its text or the target over it would be lost: "
				"nothing is read; give it its end", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000);
	}
	s->n++;
	return 0;
}

static int parse_srt(const char *name, const line *L, size_t nl, int bilingual, xp_subs *s, int *mixed,
		     reader *r, xp_err *err)
{
	int vtt = nl && L[0].n >= 6 && !memcmp(L[0].s, "WEBVTT", 6);
	uint32_t next_id = 1;
	size_t nmixed = 0;
	s->format = vtt ? XP_SUBS_VTT : XP_SUBS_SRT;
	for (size_t i = 0; i < nl; i++) {
		int64_t a, b;
		int t = timing(L[i].s, L[i].n, &a, &b);
		if (t < 0)
			return xp_failc(err, XP_EINPUT, name, L[i].no, "'%.*s': %s: nothing is read", (int)(L[i].n < 80 ? L[i].n : 80),
					L[i].s, a >= 0 && b >= 0 ? "the cue ends before it starts (it would overlap no other)"
					: "a time that is none (a minute or second past 59, a minus?), which would put the cue's "
					  "lines into the cue before");
		if (!t)
			continue;
		/* the block's number or identifier, just above its timing */
		long long num;
		uint32_t id = next_id;
		if (i > 0 && !vtt && digits(L[i - 1].s, L[i - 1].n, &num) && num < UINT32_MAX)
			id = (uint32_t)num;
		/* its text: down to the next timing, less that block's header */
		size_t e = i + 1;
		while (e < nl && timing(L[e].s, L[e].n, &(int64_t){0}, &(int64_t){0}) == 0)
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
		if (!text)
			return xp_failc(err, XP_ENOMEM, name, L[i].no, "out of memory");
		size_t nt = 0;
		for (size_t k = i + 1; k < te; k++)
			if (!blank(&L[k]))
				text[nt++] = L[k];
		int mx = 0;
		int rc = add_block(s, name, id, a, b, L[i].no, text, nt, bilingual, &mx, r, err);
		free(text);
		if (rc)
			return rc;
		nmixed += mx;
		next_id = id + 1;
		i = e - 1;
	}
	*mixed = s->n && nmixed * 5 >= s->n;   /* a fifth of the blocks or more */
	return 0;
}

/* --- ASS/SSA ------------------------------------------------------------------- */

typedef struct when {
	int64_t start;
	size_t i;        /* the event's index: file order among equal starts */
} when;

static int by_time(const void *x, const void *y)
{
	const when *a = x, *b = y;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* Events in time order (files need not keep it), those of the very same
 * times one block: a bilingual fansub gives each language its own event. */
static int parse_ass(const char *name, const xp_ass *A, int bilingual, xp_subs *s, int *mixed, reader *r,
		     xp_err *err)
{
	when *ord = malloc((A->n + 1) * sizeof *ord);
	line *text = NULL;
	size_t cap = 0, nmixed = 0;
	if (!ord)
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	for (size_t i = 0; i < A->n; i++)
		ord[i] = (when){A->v[i].start, i};
	qsort(ord, A->n, sizeof *ord, by_time);
	s->format = XP_SUBS_ASS;
	int rc = 0;
	for (size_t i = 0; i < A->n && rc == 0;) {
		const xp_ass_event *ev = &A->v[ord[i].i];
		size_t e = i, nt = 0;
		for (; e < A->n && A->v[ord[e].i].start == ev->start && A->v[ord[e].i].end == ev->end; e++) {
			const xp_ass_event *g = &A->v[ord[e].i];
			const char *p = A->text.p + g->text, *end = p + g->ntext;
			while (rc == 0 && p < end) {
				const char *nl = memchr(p, '\n', (size_t)(end - p));
				const char *q = nl ? nl : end;
				line l = {p, (size_t)(q - p), g->line};
				if (!blank(&l) && xp_grow(&text, &cap, nt + 1, sizeof *text))
					rc = xp_failc(err, XP_ENOMEM, name, g->line, "out of memory");
				else if (!blank(&l))
					text[nt++] = l;
				p = q + 1;
			}
		}
		int mx = 0;
		if (rc == 0)
			rc = add_block(s, name, (uint32_t)s->n + 1, ev->start, ev->end, ev->line, text, nt, bilingual, &mx,
				       r, err);
		if (rc == 0 && !s->v[s->n - 1].speaker && ev->nname &&
		    !(s->v[s->n - 1].speaker = xp_arena_strndup(&s->arena, A->text.p + ev->name, ev->nname)))
			rc = xp_failc(err, XP_ENOMEM, name, ev->line, "out of memory");
		nmixed += mx;
		i = e;
	}
	free(text);
	free(ord);
	*mixed = s->n && nmixed * 5 >= s->n;
	return rc;
}

/* --- time order (subs.h) --------------------------------------------------------- */

/* Whether cues j .. k-1 would sort into one gap of cues 0 .. j-1: no
 * earlier cue starts after the first of them and at or before the last.
 * *work counts the cues looked at, which a hostile file could make grow
 * with the square of its cues. */
static int one_gap(const xp_subs *s, size_t j, size_t k, size_t *work)
{
	int64_t lo = s->v[j].start, hi = lo;
	for (size_t m = j; m < k; m++) {
		lo = s->v[m].start < lo ? s->v[m].start : lo;
		hi = s->v[m].start > hi ? s->v[m].start : hi;
	}
	if (lo == hi)
		return 1;
	*work += j;
	for (size_t m = 0; m < j; m++)
		if (s->v[m].start > lo && s->v[m].start <= hi)
			return 0;
	return 1;
}

/* Whether two cues are one cue written twice: the same times and the
 * same text (markup, spacing and block numbers are gone by now). */
static int same_cue(const xp_sub *a, const xp_sub *b)
{
	return a->start == b->start && a->end == b->end && !strcmp(a->text, b->text) && !strcmp(a->tgt, b->tgt);
}

/* How far back a copy's original is looked for: a chunk is pasted next to
 * itself, or near; the look stays linear in the file's cues (and short
 * where cues of one start are in order: a cue written twice in a row). */
#define DUP_LOOK 512

/* Cues j .. j+t-1 repeat earlier cues of the file, t > 0 returned: a chunk
 * pasted twice (ripped subtitles).  They repeat cues i .. i+t-1 (i+t <= j),
 * and the file goes on in time order from the cue before them (prev, the
 * last cue kept: cue j+t starts at or after it), so that they are a copy,
 * not a later part whose clock restarts: a second episode's cues that
 * happen to begin as the first's did (a theme song) then go on at their
 * own times.  A copy running to the end of the file is one unless it
 * copies from the first cue of the file or of its latest part (part): a
 * file twice over is read as two parts (nothing dropped).  gone[] marks
 * the cues dropped so far.  *orig gets i. */
static size_t repeated(const xp_subs *s, const unsigned char *gone, size_t j, size_t prev, size_t part,
		       size_t *orig)
{
	int in_order = s->v[j].start >= s->v[prev].start;
	size_t look = in_order ? 16 : DUP_LOOK, stop = j > look ? j - look : 0;
	for (size_t i = j; i-- > stop;) {
		/* in order, the original is among the cues of the same start just
		 * above; out of order, anywhere above */
		if (in_order && s->v[i].start != s->v[j].start)
			break;
		if (gone[i] || !same_cue(&s->v[i], &s->v[j]))
			continue;
		size_t t = 1;
		while (i + t < j && j + t < s->n && same_cue(&s->v[i + t], &s->v[j + t]))
			t++;
		if (j + t < s->n ? s->v[j + t].start >= s->v[prev].start : i > part) {
			*orig = i;
			return t;
		}
	}
	return 0;
}

static int order_cues(const char *name, xp_subs *s, xp_err *err)
{
	int sort = 0;
	size_t part = 0;   /* the first cue of the latest part */
	size_t prev = 0;   /* the last cue kept before j */
	size_t work = 0, budget = ((size_t)1 << 20) + 32 * s->n;
	int64_t latest = s->n ? s->v[0].end : 0;   /* the latest end so far */
	unsigned char *gone = s->n ? calloc(s->n, 1) : NULL;
	if (s->n && !gone)
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	int rc = 0;
	for (size_t j = 1; j < s->n;) {
		size_t i, t;
		if (s->v[j].start <= s->v[prev].start && (t = repeated(s, gone, j, prev, part, &i))) {
			/* a copy: dropped (prev stays the cue before it), said: its
			 * first line, and the original's */
			if (!s->dups)
				s->dup_line = s->v[j].line, s->dup_of = s->v[i].line;
			s->dups += (uint32_t)t;
			memset(gone + j, 1, t);
			j += t;
			continue;
		}
		if (s->v[j].start >= s->v[prev].start) {
			latest = s->v[j].end > latest ? s->v[j].end : latest;
			prev = j++;
			continue;
		}
		if (!s->unordered_line)
			s->unordered_line = s->v[j].line;
		size_t k = j;   /* the cues out of place: until one is back in order */
		while (k < s->n && s->v[k].start < s->v[prev].start)
			k++;
		if (work > budget) {
			rc = xp_failc(err, XP_EINPUT, name, s->v[j].line,
				      "too many cues out of time order to put in order: nothing is read");
			break;
		}
		if (one_gap(s, j, k, &work)) {
			sort = 1;
			for (size_t m = j; m < k; m++)
				latest = s->v[m].end > latest ? s->v[m].end : latest;
			prev = k - 1;
			j = k;
			continue;
		}
		if (s->restarts == XP_SUBS_MAX_RESTARTS) {
			rc = xp_failc(err, XP_EINPUT, name, s->v[j].line,
				      "the cues' times restart more than %d times (cues out of time order that "
				      "no sort would put right): not one episode's subtitles?", XP_SUBS_MAX_RESTARTS);
			break;
		}
		if (!s->restarts++)
			s->restart_from = s->v[j].start, s->restart_after = latest;
		int64_t shift = latest;   /* this part's clock starts where the last ended */
		for (size_t m = j; m < s->n; m++)
			s->v[m].start += shift, s->v[m].end += shift;
		latest = s->v[j].end;
		part = prev = j++;
	}
	if (rc == 0 && s->dups) {   /* the copies out, in one pass */
		size_t w = 0;
		for (size_t r = 0; r < s->n; r++)
			if (!gone[r])
				s->v[w++] = s->v[r];
		s->n = w;
	}
	free(gone);
	if (rc)
		return rc;
	if (!sort)
		return 0;
	when *ord = malloc(s->n * sizeof *ord);
	xp_sub *v = malloc(s->n * sizeof *v);
	if (!ord || !v) {
		free(ord), free(v);
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	}
	for (size_t i = 0; i < s->n; i++)
		ord[i] = (when){s->v[i].start, i};
	qsort(ord, s->n, sizeof *ord, by_time);
	/* the cues that were out of place: all but the longest run of them
	 * already in time order (a longest non-decreasing subsequence; tail[]
	 * holds the least last start of each length, in v's memory) */
	int64_t *tail = (int64_t *)(void *)v;
	size_t len = 0;
	for (size_t i = 0; i < s->n; i++) {
		size_t lo = 0, hi = len;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (tail[mid] <= s->v[i].start)
				lo = mid + 1;
			else
				hi = mid;
		}
		tail[lo] = s->v[i].start;
		len += lo == len;
	}
	s->moved = (uint32_t)(s->n - len);
	for (size_t i = 0; i < s->n; i++)
		v[i] = s->v[ord[i].i];
	memcpy(s->v, v, s->n * sizeof *v);
	free(v), free(ord);
	return 0;
}

/* --- reading ----------------------------------------------------------------------- */

typedef struct parsed {
	line *L;        /* SRT/WebVTT lines */
	size_t nl;
	xp_ass ass;     /* or ASS events */
	int is_ass;
} parsed;

static int parse(const char *name, const parsed *P, int bilingual, xp_subs *s, int *mixed, reader *r,
		 xp_err *err)
{
	s->n = 0;
	s->unordered_line = s->moved = s->restarts = 0;
	s->dups = s->dup_line = s->dup_of = 0;
	memset(&r->removed, 0, sizeof r->removed);
	int rc = P->is_ass ? parse_ass(name, &P->ass, bilingual, s, mixed, r, err)
			   : parse_srt(name, P->L, P->nl, bilingual, s, mixed, r, err);
	if (rc == 0 && !P->is_ass)
		rc = order_cues(name, s, err);
	s->removed = r->removed;
	return rc;
}

/* Files put together by hand or by tools: a CR that ends a line without an
 * LF (one part of a file written on classic Mac OS, the rest on Unix), CRs
 * doubled before the LF ("\r\r\n", CRLF converted twice), a byte order
 * mark where a second file was appended.  Each used to be read as text:
 * the CR-ended lines, timing lines among them, glued into the cue above
 * (its utterance's target lost), or the appended file's first cue number
 * ("\uFEFF23") into the last cue of the first. */
static int needs_lf(const char *buf, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if ((buf[k] == '\r' && (k + 1 == len || buf[k + 1] != '\n')) ||
		    (k && k + 2 < len && !memcmp(buf + k, "\xEF\xBB\xBF", 3)))
			return 1;
	return 0;
}

/* buf into out (room for len bytes) with every line ended by one LF: a run
 * of CRs before an LF is the LF's line end, each CR otherwise a line end of
 * its own; byte order marks after the first dropped.  Returns the length. */
static size_t to_lf(const char *buf, size_t len, char *out)
{
	size_t n = 0;
	for (size_t k = 0; k < len;) {
		if (buf[k] == '\r') {
			size_t e = k;
			while (e < len && buf[e] == '\r')
				e++;
			if (e == len || buf[e] != '\n')
				for (; k < e; k++)
					out[n++] = '\n';
			k = e;
		} else if (k && k + 2 < len && !memcmp(buf + k, "\xEF\xBB\xBF", 3)) {
			k += 3;
		} else {
			out[n++] = buf[k++];
		}
	}
	return n;
}

static int read_utf8(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		     xp_err *err)
{
	parsed P = {0};
	int rc = 0;
	/* lines ended by CR alone (classic Mac OS, some subtitle editors): one
	 * line of the whole file, so no cue was found and every utterance was
	 * reported unaligned; read as the lines they are, as are CRs in part of
	 * a file, doubled CRs and appended byte order marks (needs_lf) */
	char *lf = NULL;
	if (needs_lf(buf, len)) {
		if (!(lf = malloc(len)))
			return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
		len = to_lf(buf, len, lf);
		buf = lf;
	}
	if ((P.is_ass = xp_is_ass(buf, len))) {
		rc = xp_ass_read_mem(name, buf, len, &P.ass, err);
	} else {
		xp_lines it;
		xp_lines_init(&it, buf, len);
		size_t cap = 0;
		const char *p;
		size_t n;
		while (rc == 0 && xp_lines_next(&it, &p, &n)) {
			if (xp_grow(&P.L, &cap, P.nl + 1, sizeof *P.L))
				rc = xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
			else
				P.L[P.nl++] = (line){p, n, it.lineno};
		}
	}
	reader r = {.o = o};
	int mixed = 0;
	if (rc == 0)
		rc = parse(name, &P, o->bilingual == XP_BILINGUAL, s, &mixed, &r, err);
	if (rc == 0 && o->bilingual == XP_BILINGUAL_AUTO && mixed) {
		/* the same again, now splitting blocks by script */
		xp_arena_free(&s->arena);
		rc = parse(name, &P, 1, s, &mixed, &r, err);
		s->bilingual = 1;
	} else {
		s->bilingual = o->bilingual == XP_BILINGUAL;
	}
	xp_buf_free(&r.raw);
	xp_buf_free(&r.txt);
	xp_ass_free(&P.ass);
	free(P.L);
	free(lf);
	return rc;
}

int xp_subs_read_mem(const char *name, const char *buf, size_t len, const xp_subs_opts *o, xp_subs *s,
		     xp_err *err)
{
	static const xp_subs_opts defaults = {0};
	if (!o)
		o = &defaults;
	char *u8 = NULL, *simple = NULL;
	size_t n8 = len;
	int rc = xp_to_utf8(name, buf, len, o->encoding, &u8, &n8, &s->charset, err);
	const char *p = u8 ? u8 : buf;
	if (rc == 0 && o->simplified && (rc = xp_to_simplified(name, p, n8, &simple, &n8, err)) == 0)
		p = simple;
	if (rc == 0)
		rc = read_utf8(name, p, n8, o, s, err);
	free(u8);
	free(simple);
	return rc;
}

int xp_subs_read(const char *path, const xp_subs_opts *o, xp_subs *s, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file_max(path, XP_DOC_MAX, &buf, &len, err);
	if (rc)
		return rc;
	rc = xp_subs_read_mem(path, buf, len, o, s, err);
	free(buf);
	return rc;
}
