/* io/aligned.c — the aligned-corpus file; see aligned.h. */
#include "aligned.h"
#include "../base/text.h"
#include "bitext.h"
#include "../base/file.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void xp_aligned_free(xp_aligned *a)
{
	free(a->v);
	xp_arena_free(&a->arena);
	memset(a, 0, sizeof *a);
}

const char **xp_aligned_strs(xp_aligned *a, const char *text, const xp_tok *t, uint32_t n)
{
	const char **v = xp_arena_alloc(&a->arena, (n + 1) * sizeof *v);
	for (uint32_t k = 0; v && k < n; k++)
		if (!(v[k] = xp_arena_strndup(&a->arena, text + t[k].off, t[k].len)))
			return NULL;
	return v;
}

static const char *str(xp_aligned *a, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	if (!v)
		return "";
	if (!json_is_string(v))
		return NULL;
	return xp_arena_strndup(&a->arena, json_string_value(v), json_string_length(v));
}

static int strings(xp_aligned *a, json_t *o, const char *key, const char ***out, uint32_t *n)
{
	json_t *v = json_object_get(o, key);
	*n = 0;
	*out = NULL;
	if (!v)
		return 0;
	if (!json_is_array(v))
		return -1;
	*n = (uint32_t)json_array_size(v);
	*out = xp_arena_alloc(&a->arena, (*n + 1) * sizeof **out);
	for (uint32_t i = 0; *out && i < *n; i++) {
		json_t *s = json_array_get(v, i);
		if (!json_is_string(s))
			return -1;
		if (!((*out)[i] = xp_arena_strndup(&a->arena, json_string_value(s), json_string_length(s))))
			return -1;
	}
	return *out ? 0 : -1;
}

static int ints(xp_aligned *a, json_t *o, const char *key, uint32_t **out, uint32_t *n)
{
	json_t *v = json_object_get(o, key);
	*n = 0;
	*out = NULL;
	if (!v)
		return 0;
	if (!json_is_array(v))
		return -1;
	*n = (uint32_t)json_array_size(v);
	*out = xp_arena_alloc(&a->arena, (*n + 1) * sizeof **out);
	for (uint32_t i = 0; *out && i < *n; i++) {
		json_t *s = json_array_get(v, i);
		if (!json_is_integer(s) || json_integer_value(s) < 0)
			return -1;
		(*out)[i] = (uint32_t)json_integer_value(s);
	}
	return *out ? 0 : -1;
}

static const char *one(xp_aligned *a, json_t *o, xp_autt *u)
{
	json_t *part = json_object_get(o, "part"), *utt = json_object_get(o, "utt");
	json_t *score = json_object_get(o, "score");
	if (!(u->doc = str(a, o, "doc")) || !u->doc[0])
		return "no \"doc\" string";
	if (!json_is_integer(part) || json_integer_value(part) < 0 || json_integer_value(part) > 1000000)
		return "\"part\" is not a part number";
	if (!json_is_integer(utt) || json_integer_value(utt) < 0)
		return "\"utt\" is not an utterance number";
	u->part = (int)json_integer_value(part);
	u->utt = (uint32_t)json_integer_value(utt);
	if (!(u->speaker = str(a, o, "speaker")) || !(u->tgt_lang = str(a, o, "tgt_lang")) ||
	    !(u->tgt_text = str(a, o, "tgt_text")))
		return "\"speaker\", \"tgt_lang\" or \"tgt_text\" is not a string";
	if (strings(a, o, "src", &u->src, &u->nsrc) || !json_is_array(json_object_get(o, "src")))
		return "\"src\" is not a list of strings";
	if (strings(a, o, "tgt", &u->tgt, &u->ntgt))
		return "\"tgt\" is not a list of strings";
	if (ints(a, o, "en_subs", &u->en_subs, &u->nen_subs) ||
	    ints(a, o, "tgt_subs", &u->tgt_subs, &u->ntgt_subs))
		return "\"en_subs\"/\"tgt_subs\" is not a list of block numbers";
	/* each block's text, optional (older files), one per block when given */
	uint32_t nen, ntgt;
	if (strings(a, o, "en_sub_text", &u->en_sub_text, &nen) ||
	    strings(a, o, "tgt_sub_text", &u->tgt_sub_text, &ntgt))
		return "\"en_sub_text\"/\"tgt_sub_text\" is not a list of strings";
	if ((u->en_sub_text && nen != u->nen_subs) || (u->tgt_sub_text && ntgt != u->ntgt_subs))
		return "\"en_sub_text\"/\"tgt_sub_text\" has not one text per block of \"en_subs\"/\"tgt_subs\"";
	if (score && !json_is_number(score))
		return "\"score\" is not a number";
	u->score = score ? json_number_value(score) : 0;
	return NULL;
}

int xp_aligned_read_mem(const char *name, const char *buf, size_t len, xp_aligned *a, xp_err *err)
{
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	while (xp_lines_next(&it, &s, &n)) {
		if (!xp_trim((xp_str){s, n}).n)
			continue;
		json_error_t je;
		json_t *o = json_loadb(s, n, 0, &je);
		if (!json_is_object(o)) {
			json_decref(o);
			return xp_failc(err, XP_EINPUT, name, it.lineno, "not a JSON object: %s", o ? "wrong type" : je.text);
		}
		if (xp_grow(&a->v, &a->cap, a->n + 1, sizeof *a->v)) {
			json_decref(o);
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		}
		xp_autt *u = &a->v[a->n];
		memset(u, 0, sizeof *u);
		size_t failed = a->arena.failed;
		const char *why = one(a, o, u);
		json_decref(o);
		if (why && a->arena.failed != failed)
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		if (why)
			return xp_failc(err, XP_EINPUT, name, it.lineno, "%s", why);
		a->n++;
	}
	return 0;
}

int xp_aligned_read(const char *path, xp_aligned *a, xp_err *err)
{
	char *buf;
	size_t len;
	int rc = xp_read_file(path, &buf, &len, err);
	if (rc < 0)
		return rc;
	rc = xp_aligned_read_mem(path, buf, len, a, err);
	free(buf);
	return rc;
}

static json_t *str_list(const char **v, uint32_t n)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

static json_t *int_list(const uint32_t *v, uint32_t n)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

void xp_aligned_write(xp_buf *out, const xp_aligned *a)
{
	for (size_t i = 0; i < a->n; i++) {
		const xp_autt *u = &a->v[i];
		json_t *o = json_pack("{s:s,s:i,s:I,s:s,s:o,s:s,s:s,s:o,s:o,s:o,s:f}", "doc", u->doc,
				      "part", u->part, "utt", (json_int_t)u->utt, "speaker", u->speaker,
				      "src", str_list(u->src, u->nsrc), "tgt_lang", u->tgt_lang,
				      "tgt_text", u->tgt_text, "tgt", str_list(u->tgt, u->ntgt),
				      "en_subs", int_list(u->en_subs, u->nen_subs),
				      "tgt_subs", int_list(u->tgt_subs, u->ntgt_subs), "score", u->score);
		if (o && u->en_sub_text)
			json_object_set_new(o, "en_sub_text", str_list(u->en_sub_text, u->nen_subs));
		if (o && u->tgt_sub_text)
			json_object_set_new(o, "tgt_sub_text", str_list(u->tgt_sub_text, u->ntgt_subs));
		char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)) : NULL;
		json_decref(o);
		if (!s) {
			out->oom = 1;
			return;
		}
		xp_buf_puts(out, s);
		xp_buf_putc(out, '\n');
		free(s);
	}
}

static void tokens(xp_buf *out, const char **v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			xp_buf_putc(out, ' ');
		xp_bitext_put_token(out, v[i], strlen(v[i]));
	}
}

size_t xp_aligned_key(char *out, size_t n, const char *doc, long long part, long long utt)
{
	size_t k = 0;
	if (!n)
		return 0;
	/* the map is one key per line, tab-separated: neither may be in doc */
	for (; doc[k] && k + 1 < n; k++)
		out[k] = doc[k] == '\t' || doc[k] == '\n' ? '_' : doc[k];
	int w = utt < 0 ? snprintf(out + k, n - k, "\t%lld", part) : snprintf(out + k, n - k, "\t%lld\t%lld", part, utt);
	k += w < 0 ? 0 : (size_t)w;
	return k < n ? k : n - 1;
}

int xp_aligned_index(const xp_aligned *al, const char *name, xp_vocab *keys, xp_err *err)
{
	char key[1200];
	if (xp_vocab_init(keys, 0))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	for (size_t k = 0; k < al->n; k++) {
		const xp_autt *u = &al->v[k];
		uint32_t id = xp_vocab_id(keys, key, xp_aligned_key(key, sizeof key, u->doc, u->part, u->utt));
		if (id != k) {
			xp_vocab_free(keys);
			return id == UINT32_MAX ? xp_failc(err, XP_ENOMEM, name, 0, "out of memory")
						: xp_failc(err, XP_EINPUT, name, 0, "utterance %s part %d #%u is in the "
							   "aligned corpus twice (record %zu)", u->doc, u->part, u->utt, k + 1);
		}
	}
	return 0;
}

void xp_aligned_bitext(const xp_aligned *a, xp_buf *pairs, xp_buf *map)
{
	char key[1200];
	for (size_t i = 0; i < a->n; i++) {
		const xp_autt *u = &a->v[i];
		if (!u->ntgt || !u->nsrc)
			continue;
		tokens(pairs, u->src, u->nsrc);
		xp_buf_puts(pairs, " ||| ");
		tokens(pairs, u->tgt, u->ntgt);
		xp_buf_putc(pairs, '\n');
		if (map) {
			xp_buf_add(map, key, xp_aligned_key(key, sizeof key, u->doc, u->part, u->utt));
			xp_buf_putc(map, '\n');
		}
	}
}

int xp_bitext_lines(const xp_aligned *al, const char *map_path, uint32_t **line, size_t nlines,
		    xp_err *err)
{
	*line = malloc((al->n + 1) * sizeof **line);
	if (!*line)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t k = 0; k < al->n; k++)
		(*line)[k] = UINT32_MAX;
	if (!map_path) {   /* the order xp_aligned_bitext writes */
		uint32_t l = 0;
		for (size_t k = 0; k < al->n; k++)
			if (al->v[k].nsrc && al->v[k].ntgt)
				(*line)[k] = l++;
		if (l != nlines)
			return xp_failc(err, XP_EINPUT, "", 0, "the alignment has %zu lines, the aligned corpus %u "
					"sentence pairs (give the --map that `xproj bitext` wrote)", nlines, l);
		return 0;
	}
	xp_vocab keys;
	char *buf;
	size_t len;
	if (xp_aligned_index(al, "", &keys, err))
		return -1;
	int rc = xp_read_file(map_path, &buf, &len, err);
	if (rc)
		return xp_vocab_free(&keys), rc;
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	while (rc == 0 && xp_lines_next(&it, &s, &n)) {
		uint32_t id = xp_vocab_find(&keys, s, n);
		if (id == UINT32_MAX)
			rc = xp_failc(err, XP_EINPUT, map_path, it.lineno, "'%s' is no utterance of the aligned corpus",
				      XP_QUOTED(s, n));
		else if ((*line)[id] != UINT32_MAX)   /* its first line's alignment would go unused */
			rc = xp_failc(err, XP_EINPUT, map_path, it.lineno, "'%s' is there twice (first at line %u)",
				      XP_QUOTED(s, n), (*line)[id] + 1);
		else
			(*line)[id] = (uint32_t)(it.lineno - 1);
	}
	if (rc == 0 && it.lineno != nlines)
		rc = xp_failc(err, XP_EINPUT, map_path, it.lineno, "%lu lines, the alignment has %zu", it.lineno, nlines);
	free(buf);
	xp_vocab_free(&keys);
	return rc;
}
