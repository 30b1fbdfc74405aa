/*
 * io/report.c — the run report read back; see report.h.
 *
 * jansson parses the text, a line (one document) at a time for a report of
 * version 2 to 4; every field is checked on its way into plain structs, so the
 * consumers index arrays without asking jansson again.
 */
#include "report.h"
#include "json.h"
#include "../base/file.h"
#include "../base/stream.h"
#include "../base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fate_names[XP_NCAUSES] = {
	"projected", "empty_target", "unaligned", "filtered", "out_of_range", "same_span", "collided"};

const char *xp_fate_name(xp_fate f) { return fate_names[f]; }

int xp_fate_named(const char *s)
{
	for (int f = 0; s && f < XP_NCAUSES; f++)
		if (!strcmp(s, fate_names[f]))
			return f;
	return -1;
}

/* What reading one report needs at hand. */
typedef struct rd {
	const char *name;            /* for errors */
	xp_report *r;
	size_t cap;                  /* of r->items */
	size_t nfeat;                /* the caller's features */
	int *fmap;                   /* the caller's index of each of the report's (NULL: not read) */
	size_t nf;                   /* the report's features */
	const char **fname;          /* their names (version 3 names each value) */
	int version;
	unsigned long line;          /* of the document being read (0 in a version 1 report) */
	size_t dbase;                /* documents read before r's first */
	const char *dtext;           /* the document's "detail" array as text, read an element at a */
	size_t dlen, dcount;         /* time (split_detail), or NULL: the document's JSON holds it */
	xp_err *err;
} rd;

static int is_uint(json_t *v, uint32_t *out)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > INT32_MAX)
		return 0;
	*out = (uint32_t)json_integer_value(v);
	return 1;
}

/* [a, b, c] of non-negative integers with b <= c */
static int triple(json_t *v, uint32_t *a, uint32_t *b, uint32_t *c)
{
	return json_is_array(v) && json_array_size(v) == 3 && is_uint(json_array_get(v, 0), a) &&
	       is_uint(json_array_get(v, 1), b) && is_uint(json_array_get(v, 2), c) && *b <= *c;
}

/* the caller's index of each of the report's "features" names */
static int feature_map(rd *R, json_t *names, const char *const *feats)
{
	if (!json_is_array(names) || json_array_size(names) > 4 * R->nfeat)
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "\"features\" is not a list of feature names");
	R->nf = json_array_size(names);
	if (!(R->fmap = malloc((R->nf + 1) * sizeof *R->fmap)) || !(R->fname = calloc(R->nf + 1, sizeof *R->fname)))
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	for (size_t k = 0; k < R->nf; k++) {
		const char *s = json_string_value(json_array_get(names, k));
		if (!s)
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "feature %zu has no name", k + 1);
		if (!(R->fname[k] = xp_arena_strdup(&R->r->arena, s)))
			return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
		R->fmap[k] = -1;
		for (size_t i = 0; i < R->nfeat && R->fmap[k] < 0; i++)
			if (!strcmp(s, feats[i]))
				R->fmap[k] = (int)i;
		if (R->fmap[k] < 0)
			return xp_failc(R->err, XP_EINPUT, R->name, R->line,
					"feature '%s' is not one this xproj knows (a report of another version?)", s);
	}
	return 0;
}

/* the report's index of feature name s, looked for from *at on (version
 * 3 names them in the order of "features": one step each), or -1 */
static long feature_named(const rd *R, const char *s, size_t *at)
{
	for (size_t n = 0; n < R->nf; n++) {
		size_t i = (*at + n) % R->nf;
		if (!strcmp(R->fname[i], s)) {
			*at = i + 1;
			return (long)i;
		}
	}
	return -1;
}

/* Version 3: an object of the features that are not 0, by name. */
static int sparse_features(rd *R, size_t d, size_t k, json_t *f, xp_ritem *it)
{
	const char *key;
	json_t *v;
	size_t at = 0;
	json_object_foreach(f, key, v) {
		long i = feature_named(R, key, &at);
		if (i < 0)
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: feature '%s' is not "
					"one of the report's \"features\"", R->dbase + d + 1, k + 1, key);
		if (!json_is_number(v))
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: feature '%s' is not a number",
					R->dbase + d + 1, k + 1, key);
		it->feat[R->fmap[i]] = (float)json_number_value(v);
	}
	return 0;
}

static int features(rd *R, size_t d, size_t k, json_t *f, xp_ritem *it)
{
	if (R->version >= 3) {
		if (!json_is_object(f))
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: \"f\" is not an object of "
					"features", R->dbase + d + 1, k + 1);
		if (!(it->feat = xp_arena_alloc(&R->r->arena, (R->nfeat + 1) * sizeof *it->feat)))
			return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
		memset(it->feat, 0, R->nfeat * sizeof *it->feat);   /* one the report leaves out is 0 */
		return sparse_features(R, d, k, f, it);
	}
	if (!json_is_array(f) || json_array_size(f) != R->nf)
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: %zu features, the report names %zu",
				R->dbase + d + 1, k + 1, json_is_array(f) ? json_array_size(f) : 0, R->nf);
	if (!(it->feat = xp_arena_alloc(&R->r->arena, (R->nfeat + 1) * sizeof *it->feat)))
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	memset(it->feat, 0, R->nfeat * sizeof *it->feat);   /* one the report lacks is 0 */
	for (size_t i = 0; i < R->nf; i++) {
		json_t *v = json_array_get(f, i);
		if (!json_is_number(v))
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: feature %zu is not a number",
					R->dbase + d + 1, k + 1, i + 1);
		it->feat[R->fmap[i]] = (float)json_number_value(v);
	}
	return 0;
}

static int item(rd *R, size_t d, size_t k, json_t *x, xp_ritem *it)
{
	memset(it, 0, sizeof *it);
	it->doc = (uint32_t)d;
	it->tgt_utt = -1;
	json_t *cl = json_object_get(x, "cluster"), *tgt = json_object_get(x, "tgt"), *why = json_object_get(x, "why");
	int fate = xp_fate_named(json_string_value(json_object_get(x, "fate")));
	uint32_t t = 0;
	if (!json_is_object(x) || !is_uint(json_object_get(x, "id"), &it->id) || !json_is_integer(cl) ||
	    !triple(json_object_get(x, "en"), &it->en_utt, &it->en_start, &it->en_end) || fate < 0 ||
	    !(json_is_null(tgt) || triple(tgt, &t, &it->tgt_start, &it->tgt_end)) ||
	    !json_is_number(json_object_get(x, "conf")) || (why && !json_is_string(why)))
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: not a mention of a projection report",
				R->dbase + d + 1, k + 1);
	it->cluster = json_integer_value(cl);
	it->fate = (xp_fate)fate;
	it->tgt_utt = json_is_null(tgt) ? -1 : (int32_t)t;
	it->conf = json_number_value(json_object_get(x, "conf"));
	if (why && !(it->why = xp_arena_strdup(&R->r->arena, json_string_value(why))))
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	json_t *f = json_object_get(x, "f");
	return f && R->fmap ? features(R, d, k, f, it) : 0;
}

/* s, 16 hex digits, into *h */
static int hex64(const char *s, uint64_t *h)
{
	*h = 0;
	if (!s || strlen(s) != 16)
		return 0;
	for (int i = 0; i < 16; i++) {
		int c = s[i], v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (v < 0)
			return 0;
		*h = *h << 4 | (uint64_t)v;
	}
	return 1;
}

/* A document's "tonly" (xp_rtonly), once its tgt_to_en is read: each on
 * a target sentence the document has, a span, a cluster and a rule. */
static int tonly(rd *R, xp_rdoc *doc, json_t *to)
{
	if (!json_is_array(to))
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %s: \"tonly\" is not a list of target-only "
				"mentions", doc->id);
	doc->ntonly = json_array_size(to);
	if (!(doc->tonly = xp_arena_alloc(&R->r->arena, (doc->ntonly + 1) * sizeof *doc->tonly)))
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	for (size_t k = 0; k < doc->ntonly; k++) {
		json_t *x = json_array_get(to, k), *cl = json_object_get(x, "cluster"), *rule = json_object_get(x, "rule");
		json_t *conf = json_object_get(x, "conf");
		xp_rtonly *t = &doc->tonly[k];
		if (!json_is_object(x) || !is_uint(json_object_get(x, "sent"), &t->sent) ||
		    !is_uint(json_object_get(x, "start"), &t->start) || !is_uint(json_object_get(x, "end"), &t->end) ||
		    !json_is_integer(cl) || json_integer_value(cl) < 0 || !json_is_string(rule) || (conf && !json_is_number(conf)))
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %s, target-only mention %zu: not one of a "
					"projection report (sent, start, end, cluster, rule)", doc->id, k + 1);
		if (t->sent >= doc->ntgt || t->start >= t->end)
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %s, target-only mention %zu: tokens %u-%u "
					"of target sentence %u (of %zu) are not a span of one", doc->id, k + 1, t->start, t->end,
					t->sent, doc->ntgt);
		t->cluster = json_integer_value(cl);
		t->conf = conf ? json_number_value(conf) : -1;
		if (!(t->rule = xp_arena_strdup(&R->r->arena, json_string_value(rule))))
			return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	}
	return 0;
}

/* --- a document's line, its mentions one at a time ------------------------------------ */

/* jansson makes a tree of the whole line: some 3 KB a mention of a
 * document (every mention an object, its features another, each key and
 * value an allocation of its own), ten times the line's bytes, and the
 * most `db import` held for the largest document (docs/benchmarks.md).  So
 * a document's line is parsed without the elements of its "detail" array,
 * which are parsed one at a time as document() takes them, each freed
 * before the next.  The scan below only finds where each value ends; every
 * part is still jansson's to parse.  A line it does not read as plain
 * (nesting deeper than SCAN_DEPTH, a key with an escape, "detail" twice or
 * not an array, ...), or a part jansson refuses, or a document document()
 * refuses, is parsed whole as before (xp_report_next): what is accepted,
 * and every message, are as they were. */
#define SCAN_DEPTH 32

static const char *scan_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* p at a '"': past the string's closing quote, or NULL */
static const char *scan_string(const char *p, const char *e)
{
	for (p++; p < e; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"')
			return p + 1;
		if (c < 0x20 || (c == '\\' && ++p == e))
			return NULL;
	}
	return NULL;
}

/* past the JSON value at p (after white space), or NULL; an array's
 * elements counted in *count if count */
static const char *scan_value(const char *p, const char *e, int depth, size_t *count)
{
	p = scan_ws(p, e);
	if (p == e || depth > SCAN_DEPTH)
		return NULL;
	if (*p == '"')
		return scan_string(p, e);
	if (*p == '{' || *p == '[') {
		int obj = *p == '{';
		char close = obj ? '}' : ']';
		p = scan_ws(p + 1, e);
		if (p < e && *p == close)
			return p + 1;
		for (;;) {
			if (obj) {
				if (p == e || *p != '"' || !(p = scan_string(p, e)) || (p = scan_ws(p, e)) == e || *p != ':')
					return NULL;
				p++;
			}
			if (!(p = scan_value(p, e, depth + 1, NULL)) || (p = scan_ws(p, e)) == e)
				return NULL;
			if (count)
				++*count;
			if (*p == close)
				return p + 1;
			if (*p != ',')
				return NULL;
			p++;
		}
	}
	/* a number, true, false, null: its characters (jansson reads them) */
	const char *s = p;
	while (p < e && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '-' ||
			 *p == '+' || *p == '.'))
		p++;
	return p > s ? p : NULL;
}

/* the next element of the array text [*at, e) (*at at its '[' or the ','
 * after an element), parsed, *at then at the ',' or ']' after it; NULL if
 * jansson refuses it or it is not an object (jansson stops right after an
 * object's '}', where the scan found it ends; after a number or a word it
 * may have read a byte more) */
static json_t *next_element(const char **at, const char *e)
{
	const char *p = *at + 1;
	json_error_t je;
	json_t *x = json_loadb(p, (size_t)(e - p), JSON_DISABLE_EOF_CHECK, &je);
	const char *q = x && je.position >= 0 && (size_t)je.position <= (size_t)(e - p) ? scan_ws(p + je.position, e) : e;
	if (!json_is_object(x) || q == e || (*q != ',' && *q != ']')) {
		json_decref(x);
		return NULL;
	}
	*at = q;
	return x;
}

/* The line p[0..n) as a document without its "detail" elements in *o
 * ("detail":[]), the array's text in R->dtext; 0 when it is not a line to
 * read so (nothing made). */
static int split_detail(rd *R, const char *p, size_t n, json_t **o)
{
	const char *e = p + n, *q = scan_ws(p, e), *vs = NULL, *ve = NULL;
	R->dtext = NULL, R->dlen = 0;
	if (q == e || *q != '{' || (q = scan_ws(q + 1, e)) == e || *q == '}')
		return 0;
	for (;;) {
		const char *k = q;
		if (*q != '"' || !(q = scan_string(q, e)) || memchr(k, '\\', (size_t)(q - k)))
			return 0;
		int detail = q - k == 8 && !memcmp(k, "\"detail\"", 8);
		if ((q = scan_ws(q, e)) == e || *q != ':')
			return 0;
		const char *v = scan_ws(q + 1, e);
		size_t n = 0;
		if (!(q = scan_value(v, e, 1, detail ? &n : NULL)))
			return 0;
		if (detail) {
			if (vs || *v != '[')
				return 0;
			vs = v, ve = q, R->dcount = n;
		}
		if ((q = scan_ws(q, e)) == e)
			return 0;
		if (*q == '}')
			break;
		if (*q != ',' || (q = scan_ws(q + 1, e)) == e)
			return 0;
	}
	if (!vs || scan_ws(q + 1, e) != e)
		return 0;
	size_t a = (size_t)(vs - p), b = (size_t)(e - ve);
	char *t = malloc(a + 2 + b);
	if (!t)
		return 0;
	memcpy(t, p, a), memcpy(t + a, "[]", 2), memcpy(t + a + 2, ve, b);
	*o = json_loadb(t, a + 2 + b, 0, NULL);
	free(t);
	if (!*o)
		return 0;
	R->dtext = vs, R->dlen = (size_t)(ve - vs);
	return 1;
}

static int document(rd *R, size_t d, json_t *o)
{
	xp_report *r = R->r;
	xp_rdoc *doc = &r->docs[d];
	json_t *id = json_object_get(o, "doc"), *map = json_object_get(o, "tgt_to_en"), *det = json_object_get(o, "detail");
	if (!json_is_object(o) || !json_is_string(id) || !json_is_integer(json_object_get(o, "part")) ||
	    !json_is_array(map) || !json_is_array(det))
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu is not a document of a projection report",
				R->dbase + d + 1);
	doc->id = xp_arena_strdup(&r->arena, json_string_value(id));
	doc->part = (int)json_integer_value(json_object_get(o, "part"));
	doc->line = R->line;
	json_t *th = json_object_get(o, "text_hash"), *oh = json_object_get(o, "out_hash");
	doc->has_text_hash = th != NULL, doc->has_out_hash = oh != NULL;
	doc->text_hash = doc->out_hash = 0;
	if ((th && !hex64(json_string_value(th), &doc->text_hash)) || (oh && !hex64(json_string_value(oh), &doc->out_hash)))
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %s: \"%s\" is not 16 hex digits",
				doc->id ? doc->id : "?", th && !doc->text_hash ? "text_hash" : "out_hash");
	doc->ntgt = json_array_size(map);
	doc->tgt_to_en = xp_arena_alloc(&r->arena, (doc->ntgt + 1) * sizeof *doc->tgt_to_en);
	if (!doc->id || !doc->tgt_to_en)
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	for (size_t t = 0; t < doc->ntgt; t++) {
		uint32_t u;
		if (!is_uint(json_array_get(map, t), &u))
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %s: tgt_to_en[%zu] is not an utterance",
					doc->id, t);
		doc->tgt_to_en[t] = (int32_t)u;
	}
	json_t *to = json_object_get(o, "tonly");
	doc->tonly = NULL, doc->ntonly = 0;
	if (to && tonly(R, doc, to))
		return R->err->code;
	doc->first = r->n;
	doc->n = R->dtext ? R->dcount : json_array_size(det);
	if (xp_grow(&r->items, &R->cap, r->n + doc->n + 1, sizeof *r->items))
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	const char *at = R->dtext;
	for (size_t k = 0; k < doc->n; k++) {
		xp_ritem *it = &r->items[r->n];
		json_t *x = R->dtext ? next_element(&at, R->dtext + R->dlen) : json_array_get(det, k);
		if (R->dtext && !x)   /* (jansson refused it: the line is read whole, xp_report_next) */
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %zu, mention %zu: not JSON",
					R->dbase + d + 1, k + 1);
		int bad = item(R, d, k, x, it);
		if (R->dtext)
			json_decref(x);
		if (bad)
			return R->err->code;
		if (it->tgt_utt >= 0 && (size_t)it->tgt_utt >= doc->ntgt)
			return xp_failc(R->err, XP_EINPUT, R->name, R->line, "document %s, mention %u: target sentence %d of %zu",
					doc->id, it->id, it->tgt_utt, doc->ntgt);
		r->n++;
	}
	return 0;
}

/* the run's settings: kept whole (the store records them) and the two
 * that change how the report is read */
static int settings(rd *R, json_t *set)
{
	xp_report *r = R->r;
	json_t *rule = json_object_get(set, "rule"), *chars = json_object_get(set, "chars");
	if (!json_is_object(set) || (rule && !json_is_string(rule)) || (chars && !json_is_boolean(chars)))
		return xp_failc(R->err, XP_EINPUT, R->name, R->line, "\"settings\" are not the settings of a projection run");
	char *text = json_dumps(set, JSON_COMPACT);
	r->settings = text ? xp_arena_strdup(&r->arena, text) : NULL;
	free(text);
	r->rule = rule ? xp_arena_strdup(&r->arena, json_string_value(rule)) : NULL;
	r->chars = json_is_true(chars);
	if (!r->settings || (rule && !r->rule))
		return xp_failc(R->err, XP_ENOMEM, R->name, R->line, "out of memory");
	return 0;
}

/* --- reading, a document at a time -------------------------------------------- */

struct xp_report_reader {
	char *name;
	const char *text;            /* the report in memory, or NULL: */
	size_t len, pos;
	xp_stream *s;                /* read from the file */
	char *buf;                   /* of the file: bytes [bpos, bn) not yet taken */
	size_t bcap, bn, bpos;
	int eof;
	unsigned long line;          /* lines taken */
	int version;
	json_t *v1;                  /* a version 1 report, whole */
	json_t *first;               /* version 2, 3: the first line, whose totals are checked at the end */
	size_t ndocs, next;          /* documents announced (version 4: at its end), read */
	int ended;                   /* version 4: its trailer was read, and nothing after it */
	size_t nment, nfate[XP_NCAUSES];   /* the mentions of the documents read, by fate (the trailer's totals) */
	int whole;                   /* xp_report_load: every document into head */
	xp_report head, cur;         /* the header's (whole: everything); one document */
	size_t dcap, ccap;           /* of head.docs, cur.docs */
	size_t took;                 /* bytes of the last line taken, with its newline */
	const char *lp;              /* the document's line (until the next is read), when split: */
	size_t ln;                   /* parsed whole if the split refuses it (split_detail) */
	rd R;
};

/* At least 64 KiB of room after buf[0..bn), then up to a MiB more of the
 * stream read into it (the buffer grows with the line, not ahead of it);
 * eof set at the stream's end.  0, or the error. */
static int read_more(xp_report_reader *rr, xp_err *err)
{
	if (xp_grow(&rr->buf, &rr->bcap, rr->bn + 65536, 1))
		return xp_failc(err, XP_ENOMEM, rr->name, 0, "out of memory");
	size_t room = rr->bcap - rr->bn < ((size_t)1 << 20) ? rr->bcap - rr->bn : (size_t)1 << 20;
	long got = xp_stream_read(rr->s, rr->buf + rr->bn, room, err);
	if (got < 0)
		return (int)got;
	rr->eof = got == 0;
	rr->bn += (size_t)got;
	return 0;
}

/* The next line (without its newline) in *p, *n: 1, 0 at the end, or an
 * xp_code.  A line lives until the next call. */
static int next_line(xp_report_reader *rr, const char **p, size_t *n, xp_err *err)
{
	if (rr->text) {
		if (rr->pos >= rr->len)
			return 0;
		const char *l = rr->text + rr->pos, *nl = memchr(l, '\n', rr->len - rr->pos);
		*p = l;
		*n = nl ? (size_t)(nl - l) : rr->len - rr->pos;
		rr->took = *n + (nl != NULL);
		rr->pos += rr->took;
		rr->line++;
		return 1;
	}
	for (size_t from = rr->bpos;;) {
		/* the buffer is NULL until the first read: memchr on it is
		 * undefined even for zero bytes (UBSan says so) */
		char *nl = rr->bn > from ? memchr(rr->buf + from, '\n', rr->bn - from) : NULL;
		if (nl || (rr->eof && rr->bn > rr->bpos)) {
			*p = rr->buf + rr->bpos;
			*n = nl ? (size_t)(nl - *p) : rr->bn - rr->bpos;
			rr->took = *n + (nl != NULL);
			rr->bpos += rr->took;
			rr->line++;
			return 1;
		}
		if (rr->eof)
			return 0;
		if (rr->bpos) {   /* the line so far to the front, then more */
			memmove(rr->buf, rr->buf + rr->bpos, rr->bn - rr->bpos);
			rr->bn -= rr->bpos;
			rr->bpos = 0;
		}
		from = rr->bn;
		/* a line is held whole: no longer than a file read whole may be
		 * (a gzip bomb of one line grew it until memory ran out) */
		if (rr->bn + 65536 > XP_READ_MAX)
			return xp_failc(err, XP_EINPUT, rr->name, rr->line + 1, "a line of %zu bytes (%zu MiB) or more: "
					"refused (not a report?)", XP_READ_MAX, XP_READ_MAX >> 20);
		int rc = read_more(rr, err);
		if (rc)
			return rc;
	}
}

static int blank_line(const char *p, size_t n)
{
	while (n && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++, n--;
	return n == 0;
}

/* The lines not yet taken and everything after, whole (a version 1 report
 * written on several lines): from the text, or read to its end. */
static int rest(xp_report_reader *rr, size_t back, const char **p, size_t *n, xp_err *err)
{
	if (rr->text) {
		*p = rr->text, *n = rr->len;
		return 0;
	}
	rr->bpos -= back;
	while (!rr->eof) {
		if (rr->bn + 65536 > XP_READ_MAX)
			return xp_failc(err, XP_EINPUT, rr->name, 0, "larger than %zu bytes (%zu MiB) in one JSON value: "
					"refused", XP_READ_MAX, XP_READ_MAX >> 20);
		int rc = read_more(rr, err);
		if (rc)
			return rc;
	}
	*p = rr->buf + rr->bpos, *n = rr->bn - rr->bpos;
	return 0;
}

/* what a report's top (version 1) or first line (2) holds besides the
 * documents: its language, features and settings */
static int top(xp_report_reader *rr, json_t *j, const char *const *feats)
{
	rd *R = &rr->R;
	json_t *names = json_object_get(j, "features"), *set = json_object_get(j, "settings");
	const char *lang = json_string_value(json_object_get(j, "lang"));
	if (lang)
		snprintf(rr->head.lang, sizeof rr->head.lang, "%s", lang);
	R->r = &rr->head;
	if ((names && feats && feature_map(R, names, feats)) || (set && settings(R, set)))
		return R->err->code;
	return 0;
}

/* The first line decides: an object with "version" is the header of
 * version 2, 3 or 4 (a later version is refused by name); anything else is
 * version 1, the whole text one JSON object (as xproj wrote it before, on
 * one line, or as an editor left it, on many).  Versions 2 and 3 announce
 * their documents in the header; version 4 counts them in its last line. */
static int header(xp_report_reader *rr, const char *const *feats, xp_err *err)
{
	const char *p = NULL;
	size_t n = 0;
	int got = next_line(rr, &p, &n, err);
	if (got < 0)
		return got;
	size_t bom = got ? xp_bom_len(p, n) : 0;
	json_t *j = got ? json_loadb(p + bom, n - bom, 0, NULL) : NULL;
	json_t *ver = json_object_get(j, "version");
	if (json_is_integer(ver) && !json_object_get(j, "detail")) {
		json_t *nd = json_object_get(j, "documents");
		int rc = 0;
		rr->version = rr->R.version = (int)json_integer_value(ver);
		if (json_integer_value(ver) < 2 || json_integer_value(ver) > XP_REPORT_VERSION)
			rc = xp_failc(err, XP_EINPUT, rr->name, 1, "a projection report of version %lld: this xproj reads "
				      "versions 1 to %d", (long long)json_integer_value(ver), XP_REPORT_VERSION);
		else if (!json_is_object(j) || (rr->version < 4 && (!json_is_integer(nd) || json_integer_value(nd) < 0)))
			rc = xp_failc(err, XP_EINPUT, rr->name, 1, "not a projection report (no \"documents\" count)");
		else {
			rr->ndocs = rr->version < 4 ? (size_t)json_integer_value(nd) : 0;
			rr->R.line = 1;
			rc = top(rr, j, feats);
			if (rr->version < 4)
				rr->first = json_incref(j);
		}
		json_decref(j);
		return rc;
	}
	rr->version = rr->R.version = 1;
	if (j) {   /* on one line, as xproj wrote it: nothing may follow */
		const char *q;
		size_t m;
		int more;
		while ((more = next_line(rr, &q, &m, err)) == 1 && blank_line(q, m))
			;
		if (more) {
			json_decref(j);
			return more < 0 ? more : xp_failc(err, XP_EINPUT, rr->name, rr->line, "not a projection report: "
							  "text after its end");
		}
		rr->v1 = j;
	} else {
		rr->line = 0;
		if (rest(rr, got ? rr->took : 0, &p, &n, err))
			return err->code;
		if (!(rr->v1 = xp_json_parse(rr->name, p, n, 0, "a projection report", err)))
			return err->code;
	}
	json_t *docs = json_object_get(rr->v1, "documents");
	if (!json_is_object(rr->v1) || !json_is_array(docs))
		return xp_failc(err, XP_EINPUT, rr->name, 0, "not a projection report (no \"documents\")");
	rr->ndocs = json_array_size(docs);
	return top(rr, rr->v1, feats);
}

static void reader_free(xp_report_reader *rr)
{
	if (!rr)
		return;
	if (rr->s)
		xp_stream_close(rr->s);
	json_decref(rr->v1);
	json_decref(rr->first);
	free(rr->R.fmap);
	free(rr->R.fname);
	free(rr->buf);
	free(rr->name);
	xp_report_free(&rr->head);
	xp_report_free(&rr->cur);
	free(rr);
}

static int open_reader(const char *name, const char *path, const char *text, size_t len, const char *const *feats,
		       size_t nfeat, int whole, xp_report_reader **out, xp_err *err)
{
	xp_report_reader *rr = calloc(1, sizeof *rr);
	*out = NULL;
	if (!rr || !(rr->name = strdup(name))) {
		free(rr);
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	}
	rr->text = path ? NULL : text ? text : "";
	rr->len = path ? 0 : len;
	rr->whole = whole;
	rr->R = (rd){.name = rr->name, .nfeat = nfeat, .err = err};
	int rc = path ? xp_stream_open(path, &rr->s, err) : 0;
	if (rc == 0)
		rc = header(rr, feats, err);
	if (rc) {
		reader_free(rr);
		return rc;
	}
	*out = rr;
	return 0;
}

int xp_report_open(const char *name, const char *path, const char *text, size_t len, const char *const *feats,
		   size_t nfeat, xp_report_reader **out, xp_err *err)
{
	return open_reader(name, path, text, len, feats, nfeat, 0, out, err);
}

const xp_report *xp_report_header(const xp_report_reader *rr) { return &rr->head; }

size_t xp_report_ndocs(const xp_report_reader *rr) { return rr->ndocs; }

/* The totals o holds (version 4's end line, line at; version 2 and 3's
 * first line) are the documents' read: a hand-edited total, a line spliced
 * in from another run, would mislead what reads the totals.  Each one o
 * holds, the fates as the mentions'. */
static int totals(xp_report_reader *rr, json_t *o, unsigned long at, const char *what, const char *other, xp_err *err)
{
	json_t *nul = json_object_get(o, "null");
	for (int f = -1; f < XP_NCAUSES; f++) {
		const char *key = f < 0 ? "mentions" : fate_names[f];
		json_t *v = f >= XP_NULL_EMPTY_TARGET && f <= XP_NULL_OUT_OF_RANGE ? json_object_get(nul, key)
										 : json_object_get(o, key);
		size_t has = f < 0 ? rr->nment : rr->nfate[f];
		const char *in = f >= XP_NULL_EMPTY_TARGET && f <= XP_NULL_OUT_OF_RANGE ? "null." : "";
		if (!v)
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return xp_failc(err, XP_EINPUT, rr->name, at, "its %s's \"%s%s\" is not a count", what, in, key);
		if ((size_t)json_integer_value(v) != has)
			return xp_failc(err, XP_EINPUT, rr->name, at, "its %s counts %lld %s%s%s, the report's documents "
					"have %zu (%s of another run, or edited?)", what, (long long)json_integer_value(v),
					f < 0 ? "" : "mentions ", in, key, has, other);
	}
	return 0;
}

/* Version 4's last line, o: "end" true and the documents before it, which
 * must be those read; then nothing but blank lines.  A report that ends
 * without it was cut short (a run killed, a disk full, a copy stopped):
 * its documents may all be whole, but they are not all of the run's. */
static int trailer(xp_report_reader *rr, json_t *o, xp_err *err)
{
	json_t *nd = json_object_get(o, "documents");
	unsigned long at = rr->line;
	if (!json_is_true(json_object_get(o, "end")) || !json_is_integer(nd) || json_integer_value(nd) < 0)
		return xp_failc(err, XP_EINPUT, rr->name, at, "not the end line of a projection report");
	if ((size_t)json_integer_value(nd) != rr->next)
		return xp_failc(err, XP_EINPUT, rr->name, at, "its end line counts %lld documents, the report has %zu",
				(long long)json_integer_value(nd), rr->next);
	if (totals(rr, o, at, "end line", "an end line", err))
		return err->code;
	const char *p;
	size_t n;
	int got;
	while ((got = next_line(rr, &p, &n, err)) == 1)
		if (!blank_line(p, n))
			return xp_failc(err, XP_EINPUT, rr->name, rr->line, "text after the report's end line (line %lu)", at);
	if (got < 0)
		return got;
	rr->ndocs = rr->next;
	rr->ended = 1;
	return 0;
}

/* Version 4: the next line is a document or the trailer. */
static int next_json4(xp_report_reader *rr, json_t **o, xp_err *err)
{
	const char *p;
	size_t n;
	if (rr->ended)
		return 0;
	int got = next_line(rr, &p, &n, err);
	if (got < 0)
		return got;
	if (!got)
		return xp_failc(err, XP_EINPUT, rr->name, rr->line + 1, "cut short: %zu documents and no end line (a report "
				"of version 4 ends with {\"end\":true,...})", rr->next);
	json_error_t je;
	rr->lp = p, rr->ln = n;
	if (!split_detail(&rr->R, p, n, o) && !(*o = json_loadb(p, n, 0, &je)))
		return xp_failc(err, XP_EINPUT, rr->name, rr->line, "document %zu or the end line is not JSON: %s",
				rr->next + 1, je.text);
	if (json_is_object(*o) && json_object_get(*o, "end")) {
		/* split, its "detail" elements were scanned, never parsed: no
		 * document reads them, so the line is parsed whole, as jansson
		 * alone would have (an end line of elements that are no JSON
		 * was read; tests/fuzz/fuzz_report_split) */
		if (rr->R.dtext) {
			json_decref(*o);
			rr->R.dtext = NULL;
			if (!(*o = json_loadb(p, n, 0, &je)))
				return xp_failc(err, XP_EINPUT, rr->name, rr->line,
						"document %zu or the end line is not JSON: %s", rr->next + 1, je.text);
		}
		int rc = trailer(rr, *o, err);
		json_decref(*o);
		*o = NULL;
		return rc;
	}
	return 0;
}

/* the next document's JSON: a line (version 2 to 4) or an element (1);
 * NULL at the end, checked: exactly the documents the header announced
 * (version 4: its trailer counts) */
static int next_json(xp_report_reader *rr, json_t **o, xp_err *err)
{
	*o = NULL;
	rr->R.dtext = NULL;
	if (rr->version == 1) {
		if (rr->next < rr->ndocs)
			*o = json_incref(json_array_get(json_object_get(rr->v1, "documents"), rr->next));
		return 0;
	}
	if (rr->version >= 4)
		return next_json4(rr, o, err);
	const char *p;
	size_t n;
	int got = next_line(rr, &p, &n, err);
	if (got < 0)
		return got;
	if (rr->next == rr->ndocs) {
		if (got)
			return xp_failc(err, XP_EINPUT, rr->name, rr->line, "more documents than the %zu its first line "
					"announces", rr->ndocs);
		return totals(rr, rr->first, 1, "first line", "a first line", err);
	}
	if (!got)
		return xp_failc(err, XP_EINPUT, rr->name, rr->line + 1, "cut short: %zu documents of the %zu its first line "
				"announces", rr->next, rr->ndocs);
	json_error_t je;
	rr->lp = p, rr->ln = n;
	if (!split_detail(&rr->R, p, n, o) && !(*o = json_loadb(p, n, 0, &je)))
		return xp_failc(err, XP_EINPUT, rr->name, rr->line, "document %zu is not JSON: %s", rr->next + 1, je.text);
	return 0;
}

int xp_report_next(xp_report_reader *rr, const xp_report **doc, xp_err *err)
{
	rd *R = &rr->R;
	R->err = err;
	json_t *o;
	int rc = next_json(rr, &o, err);
	if (rc || !o)
		return rc;
	xp_report *r = rr->whole ? &rr->head : &rr->cur;
	size_t d = rr->whole ? rr->next : 0;
	if (!rr->whole) {   /* the last document's room, emptied */
		xp_arena_free(&r->arena);
		r->n = 0;
		memcpy(r->lang, rr->head.lang, sizeof r->lang);
		r->settings = rr->head.settings, r->rule = rr->head.rule, r->chars = rr->head.chars;
	}
	if (xp_grow(&r->docs, rr->whole ? &rr->dcap : &rr->ccap, d + 1, sizeof *r->docs)) {
		json_decref(o);
		return xp_failc(err, XP_ENOMEM, rr->name, 0, "out of memory");
	}
	R->r = r;
	R->line = rr->version == 1 ? 0 : rr->line;
	R->dbase = rr->whole ? 0 : rr->next;
	size_t n0 = r->n;
	rc = document(R, d, o);
	json_decref(o);
	if (rc && R->dtext) {
		/* refused read a mention at a time: read whole, as before, for
		 * the same verdict and message (split_detail) */
		json_error_t je;
		R->dtext = NULL, r->n = n0;
		if (!(o = json_loadb(rr->lp, rr->ln, 0, &je)))
			return xp_failc(err, XP_EINPUT, rr->name, rr->line,
					rr->version >= 4 ? "document %zu or the end line is not JSON: %s"
							 : "document %zu is not JSON: %s",
					rr->next + 1, je.text);
		rc = document(R, d, o);
		json_decref(o);
	}
	if (rc)
		return rc;
	r->ndocs = d + 1;
	rr->next++;
	rr->nment += r->docs[d].n;
	for (size_t k = 0; k < r->docs[d].n; k++)
		rr->nfate[r->items[r->docs[d].first + k].fate]++;
	*doc = r;
	return 1;
}

void xp_report_close(xp_report_reader *rr) { reader_free(rr); }

/* Every document into one xp_report: the whole, for the consumers that
 * need every mention at hand (judge, calibrate); the text's JSON is held a
 * document at a time. */
static int load(const char *name, const char *path, const char *text, size_t len, const char *const *feats,
		size_t nfeat, xp_report *r, xp_err *err)
{
	xp_report_reader *rr;
	const xp_report *doc;
	memset(r, 0, sizeof *r);
	int rc = open_reader(name, path, text, len, feats, nfeat, 1, &rr, err);
	while (rc == 0 && (rc = xp_report_next(rr, &doc, err)) == 1)
		rc = 0;
	if (rc == 0) {
		*r = rr->head;
		memset(&rr->head, 0, sizeof rr->head);
	}
	if (rr)
		reader_free(rr);
	return rc;
}

int xp_report_parse(const char *name, const char *text, size_t len, const char *const *feats, size_t nfeat,
		    xp_report *r, xp_err *err)
{
	return load(name, NULL, text, len, feats, nfeat, r, err);
}

int xp_report_load(const char *path, const char *const *feats, size_t nfeat, xp_report *r, xp_err *err)
{
	return load(path, path, NULL, 0, feats, nfeat, r, err);
}

void xp_report_free(xp_report *r)
{
	free(r->items);
	free(r->docs);
	xp_arena_free(&r->arena);
	memset(r, 0, sizeof *r);
}

uint64_t xp_report_out_hash(const xp_doc *d)
{
	uint64_t h = xp_hash("", 0);
	for (size_t u = 0; u < d->nutts; u++) {
		h = xp_hash_more(h, "\xfe", 1);
		for (uint32_t i = 0, n; i < d->utts[u].ntoks; i++) {
			const char *w = xp_tok_str(&d->utts[u], i, &n);
			h = xp_hash_more(xp_hash_more(h, w, n), "\xff", 1);
		}
	}
	return h;
}

int xp_mention_key(char *out, size_t n, const char *doc, int64_t part, int64_t id)
{
	return part < 0 ? snprintf(out, n, "%s|%lld", doc ? doc : "", (long long)id)
			: snprintf(out, n, "%s|%lld:%lld", doc ? doc : "", (long long)part, (long long)id);
}

/* a key's number: decimal digits alone, no sign, no blank, no more than
 * fit.  atoll read "3 (run 1)" as 3 and "x" as 0, so a rerun's label for
 * a mention it lacks, or a typo, named another mention of the run */
static int key_number(const char *s, const char *end, int64_t *v)
{
	if (s == end)
		return -1;
	*v = 0;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9' || *v > (INT64_MAX - 9) / 10)
			return -1;
		*v = *v * 10 + (*s - '0');
	}
	return 0;
}

int xp_mention_key_parse(const char *key, size_t *doclen, int64_t *part, int64_t *id)
{
	const char *bar = strrchr(key, '|');
	*doclen = 0, *part = -1, *id = -1;
	if (!bar || !bar[1])
		return -1;
	const char *colon = strchr(bar + 1, ':'), *end = bar + 1 + strlen(bar + 1);
	if (colon ? key_number(bar + 1, colon, part) || key_number(colon + 1, end, id) : key_number(bar + 1, end, id)) {
		*part = -1, *id = -1;
		return -1;
	}
	*doclen = (size_t)(bar - key);
	return 0;
}

void xp_ritem_key(const xp_report *r, const xp_ritem *it, char *out, size_t n)
{
	/* the store's key: a part named unless it is the document's lowest in
	 * the report (part 0 always is; another is looked for among the
	 * documents, which only a corpus of parts pays for) */
	const xp_rdoc *d = &r->docs[it->doc];
	int first = 1;
	for (size_t k = 0; d->part > 0 && first && k < r->ndocs; k++)
		first = !(r->docs[k].part < d->part && !strcmp(r->docs[k].id, d->id));
	xp_mention_key(out, n, d->id, first ? -1 : d->part, it->id);
}
