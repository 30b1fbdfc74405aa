/* model/zhseg.c — jieba's Chinese words; see zhseg.h. */
#include "zhseg.h"
#include "../base/file.h"
#include "../base/mem.h"
#include "../base/vocab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the HMM's states, in the order jieba's ties between them break: of two
 * equal scores the state whose letter sorts later wins (Python compares the
 * (score, letter) pairs) */
enum { B, E, M, S, NSTATES };
static const char state_letter[NSTATES] = {'B', 'E', 'M', 'S'};
/* the states a state may follow */
static const int prev_state[NSTATES][2] = {[B] = {E, S}, [E] = {B, M}, [M] = {M, B}, [S] = {S, E}};
/* jieba's "impossible": a finite floor, so sums of them still compare */
static const double min_float = -3.14e100;
/* dict.txt's limits (load_dict says why) */
#define MAX_COUNT ((uint64_t)1 << 53)
#define MAX_WORD 128

struct xp_zhseg {
	xp_vocab dict;        /* every word and every prefix of one */
	uint64_t *freq;       /* per dict id: the word's count, 0 for a prefix alone */
	char (*tag)[4];       /* per dict id: its part of speech as dict.txt gives it ("n", "ns", "v" ...; "" none) */
	size_t cap, tcap;
	double logtotal;      /* log of the counts' sum */
	xp_vocab chars;       /* the characters the HMM has emissions for */
	double (*emit)[NSTATES];
	size_t ecap;
	double start[NSTATES], trans[NSTATES][NSTATES];
};

static int state_of(const char *s, size_t n)
{
	for (int k = 0; n == 1 && k < NSTATES; k++)
		if (*s == state_letter[k])
			return k;
	return -1;
}

/* --- the files ------------------------------------------------------------- */

static int load_dict(xp_zhseg *z, const char *path, const char *buf, size_t len, xp_err *err)
{
	int rc = 0;
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *l;
	size_t n;
	uint64_t total = 0;
	while (!rc && xp_lines_next(&it, &l, &n)) {
		while (n && (l[n - 1] == '\r' || l[n - 1] == ' '))
			n--;
		if (!n)
			continue;
		/* the count by hand: the text need not end in a NUL */
		const char *sp = memchr(l, ' ', n), *end = sp ? sp + 1 : l;
		uint64_t f = 0;
		for (; sp && end < l + n && *end >= '0' && *end <= '9' && f <= MAX_COUNT; end++)
			f = f * 10 + (uint64_t)(*end - '0');
		if (!sp || sp == l || end == sp + 1 || (end < l + n && *end != ' ' && f <= MAX_COUNT)) {
			rc = xp_failc(err, XP_EINPUT, path, it.lineno, "not a line \"word count [tag]\"");
			break;
		}
		/* the counts' sum must stay exact in a double's 53 bits; the
		 * largest of jieba's is under a million */
		if (f > MAX_COUNT || total + f > MAX_COUNT) {
			rc = xp_failc(err, XP_EINPUT, path, it.lineno, "count out of range (the counts sum past 2^53)");
			break;
		}
		/* every prefix of a word is a key of its own, so a word of L bytes
		 * costs L^2: a runaway line (no newline in a large file) would eat
		 * the memory; jieba's longest word is 48 bytes, a
		 * cap of 128 keeps the cost at ~64 times the file's size */
		if ((size_t)(sp - l) > MAX_WORD) {
			rc = xp_failc(err, XP_EINPUT, path, it.lineno, "a word longer than %d bytes", MAX_WORD);
			break;
		}
		/* the word and each of its prefixes: the DAG walks a prefix only
		 * while it may still grow into a word */
		size_t wn = (size_t)(sp - l);
		for (size_t k = 1; k <= wn && !rc; k++) {
			if (k < wn && ((unsigned char)l[k] & 0xC0) == 0x80)
				continue;   /* inside a character */
			uint32_t had = z->dict.n, id = xp_vocab_id(&z->dict, l, k);
			if (id == UINT32_MAX || xp_grow(&z->freq, &z->cap, (size_t)id + 1, sizeof *z->freq)) {
				rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
				break;
			}
			if (xp_grow(&z->tag, &z->tcap, (size_t)id + 1, sizeof *z->tag)) {
				rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
				break;
			}
			if (id >= had)
				z->freq[id] = 0, z->tag[id][0] = 0;   /* new: a prefix so far */
			if (k == wn) {
				z->freq[id] = f;   /* a word said twice: its last count, both summed (as jieba) */
				const char *t = end < l + n ? end + 1 : end;
				size_t tn = (size_t)(l + n - t) < sizeof z->tag[id] - 1 ? (size_t)(l + n - t) : sizeof z->tag[id] - 1;
				memcpy(z->tag[id], t, tn), z->tag[id][tn] = 0;
			}
		}
		total += f;
	}
	if (!rc && !total)
		rc = xp_failc(err, XP_EINPUT, path, 0, "no word with a count");
	z->logtotal = log((double)total);
	return rc;
}

/* A Python dict literal P={'X': v, ...} (v a number, or {'Y': number, ...})
 * as jieba's finalseg/prob_*.py write them: fn(arg, X, Y or NULL, number)
 * for each number.  Keys may hold \uXXXX escapes. */
typedef int (*entry_fn)(xp_zhseg *z, const char *outer, size_t on, const char *inner, size_t in, double v);

/* the quoted key at *p (decoded into out[0..*n)); 0, or -1 when malformed */
static int py_key(const char **p, const char *end, char *out, size_t cap, size_t *n)
{
	char q = *p < end ? **p : 0;
	if (q != '\'' && q != '"')
		return -1;
	*n = 0;
	for ((*p)++; *p < end && **p != q; (*p)++) {
		unsigned long c = (unsigned char)**p;
		if (c == '\\' && *p + 1 < end && (*p)[1] == 'u' && *p + 6 <= end) {
			char hex[5] = {(*p)[2], (*p)[3], (*p)[4], (*p)[5], 0};
			/* four hex digits, no more: strtoul alone would take a sign,
			 * spaces or 0x */
			if (strspn(hex, "0123456789abcdefABCDEF") != 4)
				return -1;
			c = strtoul(hex, NULL, 16);
			*p += 5;
			/* as UTF-8 (the BMP: \uXXXX) */
			char u[3];
			size_t k = c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
			if (k == 1)
				u[0] = (char)c;
			else if (k == 2)
				u[0] = (char)(0xC0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3F));
			else
				u[0] = (char)(0xE0 | c >> 12), u[1] = (char)(0x80 | ((c >> 6) & 0x3F)), u[2] = (char)(0x80 | (c & 0x3F));
			if (*n + k > cap)
				return -1;
			memcpy(out + *n, u, k), *n += k;
			continue;
		}
		if (c == '\\' && *p + 1 < end)
			(*p)++;
		if (*n + 1 > cap)
			return -1;
		out[(*n)++] = **p;
	}
	if (*p >= end)
		return -1;
	(*p)++;
	return 0;
}

static void py_space(const char **p, const char *end)
{
	while (*p < end && (**p == ' ' || **p == '\n' || **p == '\r' || **p == '\t' || **p == ','))
		(*p)++;
}

static int py_number(const char **p, const char *end, double *v)
{
	char tmp[64], *e;
	size_t k = 0;
	while (*p + k < end && k + 1 < sizeof tmp && strchr("0123456789+-.eE", (*p)[k]))
		tmp[k] = (*p)[k], k++;
	tmp[k] = 0;
	*v = strtod(tmp, &e);
	/* a log probability: finite (1e999 would be inf, and inf - inf the
	 * NaN no comparison of the Viterbi orders) */
	if (!k || *e || !isfinite(*v))
		return -1;
	*p += k;
	return 0;
}

static int load_py(xp_zhseg *z, const char *path, const char *buf, size_t len, entry_fn fn, xp_err *err)
{
	int rc;
	const char *end = buf + len, *p = buf;
	while (p + 1 < end && (p[0] != 'P' || p[1] != '='))
		p++;
	if (p + 1 >= end)
		p = NULL;
	char ok[64], ik[64];
	size_t on, in;
	rc = p ? 0 : -1;
	if (!rc) {
		p += 2;
		py_space(&p, end);
		rc = p < end && *p == '{' ? 0 : -1;
		p++;
	}
	while (!rc) {
		py_space(&p, end);
		if (p < end && *p == '}')
			break;
		double v;
		if (py_key(&p, end, ok, sizeof ok, &on) || (py_space(&p, end), p >= end || *p++ != ':')) {
			rc = -1;
			break;
		}
		py_space(&p, end);
		if (p < end && *p != '{') {
			rc = py_number(&p, end, &v) ? -1 : fn(z, ok, on, NULL, 0, v);
			continue;
		}
		for (p++; !rc;) {
			py_space(&p, end);
			if (p < end && *p == '}') {
				p++;
				break;
			}
			if (py_key(&p, end, ik, sizeof ik, &in) || (py_space(&p, end), p >= end || *p++ != ':') ||
			    (py_space(&p, end), py_number(&p, end, &v)))
				rc = -1;
			else
				rc = fn(z, ok, on, ik, in, v);
		}
	}
	if (rc == -1) {
		unsigned long line = 1;
		for (const char *q = buf; p && q < p && q < end; q++)
			line += *q == '\n';
		rc = xp_failc(err, XP_EINPUT, path, line, "not a jieba probability table (P={'B': ...})");
	} else if (rc) {
		rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	}
	return rc;
}

static int start_entry(xp_zhseg *z, const char *o, size_t on, const char *i, size_t in, double v)
{
	(void)in;
	int s = state_of(o, on);
	if (s < 0 || i)
		return -1;
	z->start[s] = v;
	return 0;
}

static int trans_entry(xp_zhseg *z, const char *o, size_t on, const char *i, size_t in, double v)
{
	int s = state_of(o, on), t = i ? state_of(i, in) : -1;
	if (s < 0 || t < 0)
		return -1;
	z->trans[s][t] = v;
	return 0;
}

static int emit_entry(xp_zhseg *z, const char *o, size_t on, const char *i, size_t in, double v)
{
	int s = state_of(o, on);
	if (s < 0 || !i)
		return -1;
	uint32_t had = z->chars.n, id = xp_vocab_id(&z->chars, i, in);
	if (id == UINT32_MAX || xp_grow(&z->emit, &z->ecap, (size_t)id + 1, sizeof *z->emit))
		return -2;
	if (id >= had)
		for (int k = 0; k < NSTATES; k++)
			z->emit[id][k] = min_float;
	z->emit[id][s] = v;
	return 0;
}

void xp_zhseg_free(xp_zhseg *z)
{
	if (!z)
		return;
	xp_vocab_free(&z->dict);
	xp_vocab_free(&z->chars);
	free(z->freq);
	free(z->tag);
	free(z->emit);
	free(z);
}

/* the four files of a jieba data directory, in the order they are read */
static const struct {
	const char *name;
	entry_fn fn;
} files[4] = {{"dict.txt", NULL},
	      {"finalseg/prob_start.py", start_entry},
	      {"finalseg/prob_trans.py", trans_entry},
	      {"finalseg/prob_emit.py", emit_entry}};

int xp_zhseg_parse(const char *const text[4], const size_t len[4], const char *const name[4], xp_zhseg **out,
		   xp_err *err)
{
	*out = NULL;
	xp_zhseg *z = calloc(1, sizeof *z);
	if (!z || xp_vocab_init(&z->dict, 0) || xp_vocab_init(&z->chars, 0)) {
		xp_zhseg_free(z);
		return xp_failc(err, XP_ENOMEM, name[0], 0, "out of memory");
	}
	for (int s = 0; s < NSTATES; s++) {
		z->start[s] = min_float;
		for (int t = 0; t < NSTATES; t++)
			z->trans[s][t] = min_float;
	}
	int rc = load_dict(z, name[0], text[0], len[0], err);
	for (size_t k = 1; !rc && k < 4; k++)
		rc = load_py(z, name[k], text[k], len[k], files[k].fn, err);
	if (rc) {
		xp_zhseg_free(z);
		return rc;
	}
	*out = z;
	return 0;
}

int xp_zhseg_open(const char *dir, xp_zhseg **out, xp_err *err)
{
	*out = NULL;
	char path[4][4096], *text[4] = {0};
	size_t len[4];
	int rc = 0;
	for (size_t k = 0; !rc && k < 4; k++) {
		snprintf(path[k], sizeof path[k], "%s/%s", dir, files[k].name);
		rc = xp_read_file(path[k], &text[k], &len[k], err);
	}
	if (!rc) {
		const char *t[4] = {text[0], text[1], text[2], text[3]}, *n[4] = {path[0], path[1], path[2], path[3]};
		rc = xp_zhseg_parse(t, len, n, out, err);
	}
	for (size_t k = 0; k < 4; k++)
		free(text[k]);
	return rc;
}

const char *xp_zhseg_tag(xp_zhseg *z, const char *w, size_t n)
{
	uint32_t id = xp_vocab_find(&z->dict, w, n);
	return id != UINT32_MAX && z->freq[id] ? z->tag[id] : NULL;
}

/* --- cutting --------------------------------------------------------------- */

/* the text's characters: code point and byte offset (off[n] = the end) */
typedef struct chars {
	const char *s;
	uint32_t *cp;
	size_t *off;
	size_t n;
} chars;

static int is_han(uint32_t c) { return c >= 0x4E00 && c <= 0x9FD5; }
static int is_alnum(uint32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
static int is_digit(uint32_t c) { return c >= '0' && c <= '9'; }
/* what jieba cuts with its dictionary: Han characters, ASCII letters and
 * digits, + # & . _ % - (the rest is one word a character) */
static int in_block(uint32_t c) { return is_han(c) || is_alnum(c) || (c < 0x80 && strchr("+#&._%-", (int)c) && c); }

static uint64_t freq_of(xp_zhseg *z, const chars *t, size_t a, size_t b, int *found)
{
	uint32_t id = xp_vocab_find(&z->dict, t->s + t->off[a], t->off[b] - t->off[a]);
	*found = id != UINT32_MAX;
	return *found ? z->freq[id] : 0;
}

static void mark(const chars *t, size_t a, uint8_t *start) { start[t->off[a]] = 1; }

/* the HMM over the Han characters [a, b): the best B/M/E/S path */
static int viterbi(xp_zhseg *z, const chars *t, size_t a, size_t b, uint8_t *start)
{
	size_t n = b - a;
	double(*v)[NSTATES] = malloc(n * sizeof *v);
	int(*from)[NSTATES] = malloc(n * sizeof *from);
	if (!v || !from) {
		free(v), free(from);
		return -1;
	}
	double em[NSTATES];
	for (size_t k = 0; k < n; k++) {
		size_t un = t->off[a + k + 1] - t->off[a + k];
		uint32_t id = xp_vocab_find(&z->chars, t->s + t->off[a + k], un);
		for (int y = 0; y < NSTATES; y++)
			em[y] = id == UINT32_MAX ? min_float : z->emit[id][y];
		for (int y = 0; y < NSTATES; y++) {
			if (!k) {
				v[0][y] = z->start[y] + em[y];
				from[0][y] = y;
				continue;
			}
			/* as jieba sums: (previous + transition) + emission; ties to the later letter */
			int best = -1;
			double bp = 0;
			for (int q = 0; q < 2; q++) {
				int y0 = prev_state[y][q];
				double p = v[k - 1][y0] + z->trans[y0][y] + em[y];
				if (best < 0 || p > bp || (p == bp && y0 > best))
					best = y0, bp = p;
			}
			v[k][y] = bp, from[k][y] = best;
		}
	}
	int y = v[n - 1][S] >= v[n - 1][E] ? S : E;
	/* back along the path: a word begins at B and at S (and after a
	 * trailing run that never reached E, where jieba begins one too) */
	int *st = malloc(n * sizeof *st);
	if (!st) {
		free(v), free(from);
		return -1;
	}
	for (size_t k = n; k-- > 0;) {
		st[k] = y;
		y = from[k][y];
	}
	for (size_t k = 0; k < n; k++)
		if (st[k] == B || st[k] == S || (k && (st[k - 1] == E || st[k - 1] == S)))
			mark(t, a + k, start);
	free(st), free(v), free(from);
	return 0;
}

/* jieba's finalseg on a run [a, b) of single characters that is no word:
 * Han runs through the HMM, ASCII letters and digits (a decimal, a %) one
 * word, anything between them one word */
static int unknown(xp_zhseg *z, const chars *t, size_t a, size_t b, uint8_t *start)
{
	for (size_t k = a; k < b;) {
		size_t e = k + 1;
		if (is_han(t->cp[k])) {
			while (e < b && is_han(t->cp[e]))
				e++;
			if (viterbi(z, t, k, e, start))
				return -1;
		} else if (is_alnum(t->cp[k])) {
			while (e < b && is_alnum(t->cp[e]))
				e++;
			if (e + 1 < b && t->cp[e] == '.' && is_digit(t->cp[e + 1]))
				for (e += 2; e < b && is_digit(t->cp[e]); e++)
					;
			if (e < b && t->cp[e] == '%')
				e++;
			mark(t, k, start);
		} else {
			while (e < b && !is_han(t->cp[e]) && !is_alnum(t->cp[e]))
				e++;
			mark(t, k, start);
		}
		k = e;
	}
	return 0;
}

/* the characters [a, b) that the best path leaves single */
static int single_run(xp_zhseg *z, const chars *t, size_t a, size_t b, uint8_t *start)
{
	if (b - a == 1) {
		mark(t, a, start);
		return 0;
	}
	int found;
	if (freq_of(z, t, a, b, &found)) {   /* a word cut into its characters: they stay so */
		for (size_t k = a; k < b; k++)
			mark(t, k, start);
		return 0;
	}
	return unknown(z, t, a, b, start);
}

/* a block of dictionary characters [a, b): the DAG's best path */
static int block(xp_zhseg *z, const chars *t, size_t a, size_t b, uint8_t *start, double *route, size_t *next)
{
	/* route[k]: the best log probability of [k, b); next[k]: where the first
	 * word of that path ends */
	route[b - a] = 0;
	for (size_t k = b; k-- > a;) {
		double best = 0;
		size_t bx = SIZE_MAX;
		for (size_t x = k; x < b; x++) {
			int found;
			uint64_t f = freq_of(z, t, k, x + 1, &found);
			if (!found)
				break;   /* no word begins with [k, x] */
			if (!f)
				continue;   /* a prefix only */
			double p = log(f ? (double)f : 1.0) - z->logtotal + route[x + 1 - a];
			if (bx == SIZE_MAX || p >= best)   /* ties: the longer word, as jieba */
				best = p, bx = x;
		}
		if (bx == SIZE_MAX) {   /* not even a prefix: the character alone */
			int found;
			uint64_t f = freq_of(z, t, k, k + 1, &found);
			bx = k, best = log(f ? (double)f : 1.0) - z->logtotal + route[k + 1 - a];
		}
		route[k - a] = best, next[k - a] = bx + 1;
	}
	size_t run = SIZE_MAX;   /* the first of the current single characters */
	for (size_t x = a; x < b;) {
		size_t y = next[x - a];
		if (y - x == 1) {
			if (run == SIZE_MAX)
				run = x;
		} else {
			if (run != SIZE_MAX && single_run(z, t, run, x, start))
				return -1;
			run = SIZE_MAX;
			mark(t, x, start);
		}
		x = y;
	}
	return run != SIZE_MAX ? single_run(z, t, run, b, start) : 0;
}

int xp_zhseg_cut(xp_zhseg *z, const char *s, size_t n, uint8_t *start)
{
	memset(start, 0, n + 1);
	start[n] = 1;
	chars t = {s, malloc((n + 1) * sizeof *t.cp), malloc((n + 1) * sizeof *t.off), 0};
	double *route = malloc((n + 2) * sizeof *route);
	size_t *next = malloc((n + 2) * sizeof *next);
	int rc = t.cp && t.off && route && next ? 0 : -1;
	/* decode (an ill-formed byte is a character of its own) */
	for (size_t i = 0; !rc && i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
		if (i + k > n)
			k = 1;
		uint32_t cp = k == 1 ? c : (uint32_t)(c & (0x7F >> k));
		for (size_t q = 1; q < k; q++)
			cp = cp << 6 | ((unsigned char)s[i + q] & 0x3F);
		t.cp[t.n] = cp, t.off[t.n++] = i;
		i += k;
	}
	if (!rc)
		t.off[t.n] = n;
	for (size_t k = 0; !rc && k < t.n;) {
		size_t e = k + 1;
		if (in_block(t.cp[k])) {
			while (e < t.n && in_block(t.cp[e]))
				e++;
			rc = block(z, &t, k, e, start, route, next);
		} else {
			mark(&t, k, start);
		}
		k = e;
	}
	free(t.cp), free(t.off), free(route), free(next);
	return rc;
}
