/*
 * io/report.c — the run report read back; see report.h.
 *
 * jansson parses the text; every field is checked on its way into plain
 * structs, so the consumers index arrays without asking jansson again.
 */
#include "report.h"
#include "json.h"
#include "../base/file.h"

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
		return xp_failc(R->err, XP_EINPUT, R->name, 0, "\"features\" is not a list of feature names");
	R->nf = json_array_size(names);
	if (!(R->fmap = malloc((R->nf + 1) * sizeof *R->fmap)))
		return xp_failc(R->err, XP_ENOMEM, R->name, 0, "out of memory");
	for (size_t k = 0; k < R->nf; k++) {
		const char *s = json_string_value(json_array_get(names, k));
		if (!s)
			return xp_failc(R->err, XP_EINPUT, R->name, 0, "feature %zu has no name", k + 1);
		R->fmap[k] = -1;
		for (size_t i = 0; i < R->nfeat && R->fmap[k] < 0; i++)
			if (!strcmp(s, feats[i]))
				R->fmap[k] = (int)i;
		if (R->fmap[k] < 0)
			return xp_failc(R->err, XP_EINPUT, R->name, 0,
					"feature '%s' is not one this xproj knows (a report of another version?)", s);
	}
	return 0;
}

static int features(rd *R, size_t d, size_t k, json_t *f, xp_ritem *it)
{
	if (!json_is_array(f) || json_array_size(f) != R->nf)
		return xp_failc(R->err, XP_EINPUT, R->name, 0, "document %zu, mention %zu: %zu features, the report names %zu",
				d + 1, k + 1, json_is_array(f) ? json_array_size(f) : 0, R->nf);
	if (!(it->feat = xp_arena_alloc(&R->r->arena, (R->nfeat + 1) * sizeof *it->feat)))
		return xp_failc(R->err, XP_ENOMEM, R->name, 0, "out of memory");
	memset(it->feat, 0, R->nfeat * sizeof *it->feat);   /* one the report lacks is 0 */
	for (size_t i = 0; i < R->nf; i++) {
		json_t *v = json_array_get(f, i);
		if (!json_is_number(v))
			return xp_failc(R->err, XP_EINPUT, R->name, 0, "document %zu, mention %zu: feature %zu is not a number",
					d + 1, k + 1, i + 1);
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
		return xp_failc(R->err, XP_EINPUT, R->name, 0, "document %zu, mention %zu: not a mention of a projection report",
				d + 1, k + 1);
	it->cluster = json_integer_value(cl);
	it->fate = (xp_fate)fate;
	it->tgt_utt = json_is_null(tgt) ? -1 : (int32_t)t;
	it->conf = json_number_value(json_object_get(x, "conf"));
	if (why && !(it->why = xp_arena_strdup(&R->r->arena, json_string_value(why))))
		return xp_failc(R->err, XP_ENOMEM, R->name, 0, "out of memory");
	json_t *f = json_object_get(x, "f");
	return f && R->fmap ? features(R, d, k, f, it) : 0;
}

static int document(rd *R, size_t d, json_t *o)
{
	xp_report *r = R->r;
	xp_rdoc *doc = &r->docs[d];
	json_t *id = json_object_get(o, "doc"), *map = json_object_get(o, "tgt_to_en"), *det = json_object_get(o, "detail");
	if (!json_is_object(o) || !json_is_string(id) || !json_is_integer(json_object_get(o, "part")) ||
	    !json_is_array(map) || !json_is_array(det))
		return xp_failc(R->err, XP_EINPUT, R->name, 0, "document %zu is not a document of a projection report", d + 1);
	doc->id = xp_arena_strdup(&r->arena, json_string_value(id));
	doc->part = (int)json_integer_value(json_object_get(o, "part"));
	doc->ntgt = json_array_size(map);
	doc->tgt_to_en = xp_arena_alloc(&r->arena, (doc->ntgt + 1) * sizeof *doc->tgt_to_en);
	if (!doc->id || !doc->tgt_to_en)
		return xp_failc(R->err, XP_ENOMEM, R->name, 0, "out of memory");
	for (size_t t = 0; t < doc->ntgt; t++) {
		uint32_t u;
		if (!is_uint(json_array_get(map, t), &u))
			return xp_failc(R->err, XP_EINPUT, R->name, 0, "document %s: tgt_to_en[%zu] is not an utterance",
					doc->id, t);
		doc->tgt_to_en[t] = (int32_t)u;
	}
	doc->first = r->n;
	doc->n = json_array_size(det);
	if (xp_grow(&r->items, &R->cap, r->n + doc->n + 1, sizeof *r->items))
		return xp_failc(R->err, XP_ENOMEM, R->name, 0, "out of memory");
	for (size_t k = 0; k < doc->n; k++) {
		xp_ritem *it = &r->items[r->n];
		if (item(R, d, k, json_array_get(det, k), it))
			return R->err->code;
		if (it->tgt_utt >= 0 && (size_t)it->tgt_utt >= doc->ntgt)
			return xp_failc(R->err, XP_EINPUT, R->name, 0, "document %s, mention %u: target sentence %d of %zu",
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
		return xp_failc(R->err, XP_EINPUT, R->name, 0, "\"settings\" are not the settings of a projection run");
	char *text = json_dumps(set, JSON_COMPACT);
	r->settings = text ? xp_arena_strdup(&r->arena, text) : NULL;
	free(text);
	r->rule = rule ? xp_arena_strdup(&r->arena, json_string_value(rule)) : NULL;
	r->chars = json_is_true(chars);
	if (!r->settings || (rule && !r->rule))
		return xp_failc(R->err, XP_ENOMEM, R->name, 0, "out of memory");
	return 0;
}

int xp_report_parse(const char *name, const char *text, size_t len, const char *const *feats, size_t nfeat,
		    xp_report *r, xp_err *err)
{
	memset(r, 0, sizeof *r);
	json_t *j = xp_json_parse(name, text, len, 0, "a projection report", err);
	if (!j)
		return err->code;
	rd R = {.name = name, .r = r, .nfeat = nfeat, .err = err};
	json_t *docs = json_object_get(j, "documents"), *names = json_object_get(j, "features");
	json_t *set = json_object_get(j, "settings");
	const char *lang = json_string_value(json_object_get(j, "lang"));
	if (lang)
		snprintf(r->lang, sizeof r->lang, "%s", lang);
	int rc = 0;
	if (!json_is_object(j) || !json_is_array(docs))
		rc = xp_failc(err, XP_EINPUT, name, 0, "not a projection report (no \"documents\")");
	else if ((names && feats && feature_map(&R, names, feats)) || (set && settings(&R, set)))
		rc = err->code;
	else if (!(r->docs = calloc(json_array_size(docs) + 1, sizeof *r->docs)))
		rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	for (size_t d = 0; rc == 0 && d < json_array_size(docs); d++) {
		rc = document(&R, d, json_array_get(docs, d));
		r->ndocs = d + 1;
	}
	json_decref(j);
	free(R.fmap);
	if (rc)
		xp_report_free(r);
	return rc;
}

int xp_report_load(const char *path, const char *const *feats, size_t nfeat, xp_report *r, xp_err *err)
{
	char *buf;
	size_t len;
	memset(r, 0, sizeof *r);
	if (xp_read_file(path, &buf, &len, err))
		return err->code ? err->code : -1;
	int rc = xp_report_parse(path, buf, len, feats, nfeat, r, err);
	free(buf);
	return rc;
}

void xp_report_free(xp_report *r)
{
	free(r->items);
	free(r->docs);
	xp_arena_free(&r->arena);
	memset(r, 0, sizeof *r);
}

void xp_ritem_key(const xp_report *r, const xp_ritem *it, char *out, size_t n)
{
	snprintf(out, n, "%s|%u", r->docs[it->doc].id, it->id);
}
