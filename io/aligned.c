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
	/* a token no tokenizer makes, which the target's CoNLL (project, db
	 * export) cannot hold: written as an empty column or with '_' for
	 * the tab, exit 0, nothing said (convert says it of its own input) */
	for (uint32_t k = 0; k < u->ntgt; k++)
		if (!u->tgt[k][0] || strpbrk(u->tgt[k], "\t\n\r"))
			return "a \"tgt\" token is empty or holds a tab or line break (no tokenizer makes one, and the "
			       "target's CoNLL cannot hold it)";
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
	if (ints(a, o, "src_utts", &u->src_utts, &u->nsrc_utts))
		return "\"src_utts\" is not a list of utterance numbers";
	for (uint32_t k = 0; k < u->nsrc_utts; k++)
		if (u->src_utts[k] != u->utt + k)
			return "\"src_utts\" is not \"utt\" and the utterances after it, in order";
	if (u->nsrc_utts < 2)
		u->src_utts = NULL, u->nsrc_utts = 0;
	json_t *aconf = json_object_get(o, "aconf");
	if (aconf && (!json_is_number(aconf) || !(json_number_value(aconf) >= 0 && json_number_value(aconf) <= 1)))
		return "\"aconf\" is not a number from 0 to 1";
	u->has_aconf = aconf != NULL;
	u->aconf = aconf ? json_number_value(aconf) : 0;
	if (strings(a, o, "doubt", &u->doubt, &u->ndoubt))
		return "\"doubt\" is not a list of strings";
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
		u->line = it.lineno;
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

/* record k's line for an error (xp_autt.line) */
static unsigned long line_of(const xp_aligned *a, size_t k)
{
	return a->v[k].line ? a->v[k].line : (unsigned long)k + 1;
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
		if (o && u->nsrc_utts > 1)
			json_object_set_new(o, "src_utts", int_list(u->src_utts, u->nsrc_utts));
		if (o && u->has_aconf)
			json_object_set_new(o, "aconf", json_real(u->aconf));
		if (o && u->ndoubt)
			json_object_set_new(o, "doubt", str_list(u->doubt, u->ndoubt));
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
						: xp_failc(err, XP_EINPUT, name, line_of(al, k), "utterance %s part %d #%u "
							   "is in the aligned corpus twice (first at line %lu)", u->doc,
							   u->part, u->utt, line_of(al, id));
		}
	}
	return 0;
}

uint64_t xp_aligned_doc_hash(const xp_doc *d, const xp_aligned *al, xp_vocab *keys)
{
	uint64_t h = xp_hash("", 0);
	for (size_t u = 0; u < d->nutts; u++)
		for (uint32_t i = 0, n; i < d->utts[u].ntoks; i++) {
			const char *w = xp_tok_str(&d->utts[u], i, &n);
			h = xp_hash_more(xp_hash_more(h, w, n), "\xff", 1);
		}
	h = xp_hash_more(h, "\xfd", 1);
	for (size_t u = 0; u < d->nutts; u++) {
		char key[1200];
		uint32_t r = xp_vocab_find(keys, key, xp_aligned_key(key, sizeof key, d->id, d->part, (long long)u));
		if (r == UINT32_MAX || r >= al->n || !al->v[r].ntgt)
			continue;
		h = xp_hash_more(h, "\xfe", 1);
		for (uint32_t k = 0; k < al->v[r].ntgt; k++)
			h = xp_hash_more(xp_hash_more(h, al->v[r].tgt[k], strlen(al->v[r].tgt[k])), "\xff", 1);
	}
	return h;
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

/* A document's mentions by utterance: ord[off[u] .. off[u + 1]) are the
 * indices of utterance u's, ascending (a counting sort, stable), so that a
 * record finds its own without a walk over the document's: that walk, a
 * record, made `bitext --spans` quadratic in a document's length (160,000
 * mentions in one document: 2.06 s, 13x the 40,000's). */
typedef struct utt_ix {
	size_t doc;               /* SIZE_MAX: none built */
	size_t *off, *ord;
	size_t cap_off, cap_ord;
} utt_ix;

static int utt_ix_build(utt_ix *x, const xp_doc *D, size_t d)
{
	if (x->doc == d)
		return 0;
	x->doc = SIZE_MAX;
	if (xp_grow(&x->off, &x->cap_off, D->nutts + 2, sizeof *x->off) ||
	    xp_grow(&x->ord, &x->cap_ord, D->nmentions + 1, sizeof *x->ord))
		return -1;
	memset(x->off, 0, (D->nutts + 2) * sizeof *x->off);
	for (size_t k = 0; k < D->nmentions; k++)
		if (D->mentions[k].utt < D->nutts)
			x->off[D->mentions[k].utt + 2]++;
	for (size_t u = 2; u < D->nutts + 2; u++)
		x->off[u] += x->off[u - 1];
	for (size_t k = 0; k < D->nmentions; k++)
		if (D->mentions[k].utt < D->nutts)
			x->ord[x->off[D->mentions[k].utt + 1]++] = k;
	x->doc = d;
	return 0;
}

/* one record's spans, inclusive, each once (two clusters may share one) */
static int record_spans(const xp_doc *D, const utt_ix *x, uint32_t utt, xp_buf *out)
{
	int first = 1;
	for (size_t i = x->off[utt]; i < x->off[utt + 1]; i++) {
		size_t k = x->ord[i];
		const xp_mention *m = &D->mentions[k];
		if (m->end <= m->start)
			continue;
		int dup = 0;   /* mentions are in document order: a repeat is just before */
		for (size_t q = k; q-- > 0 && D->mentions[q].utt == utt && !dup;)
			dup = D->mentions[q].start == m->start && D->mentions[q].end == m->end;
		if (dup)
			continue;
		char b[48];
		int n = snprintf(b, sizeof b, "%s%u-%u", first ? "" : " ", m->start, m->end - 1);
		xp_buf_add(out, b, (size_t)n);
		first = 0;
	}
	xp_buf_putc(out, '\n');
	return out->oom ? -1 : 0;
}

int xp_aligned_spans(const xp_corpus *en, const xp_aligned *a, const char *name, xp_buf *out, xp_err *err)
{
	xp_corpus units = {0};
	xp_aligned ua = {0};
	size_t joined = 0;
	xp_doc_index ix = {0};
	utt_ix ux = {.doc = SIZE_MAX};
	int rc = xp_aligned_units(en, a, name, &units, &ua, &joined, err);
	if (rc)
		return rc;
	const xp_corpus *c = joined ? &units : en;
	const xp_aligned *r = joined ? &ua : a;
	if (xp_doc_index_init(&ix, c))
		rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	for (size_t k = 0; !rc && k < r->n; k++) {
		const xp_autt *u = &r->v[k];
		if (!u->ntgt || !u->nsrc)
			continue;
		size_t d = xp_doc_index_find(&ix, u->doc, u->part);
		if (d == SIZE_MAX || u->utt >= c->docs[d].nutts)
			rc = xp_failc(err, XP_EINPUT, name, line_of(r, k), "document %s part %d utterance %u is not in the source",
				      u->doc, u->part, u->utt);
		else if (c->docs[d].utts[u->utt].ntoks != u->nsrc)
			rc = xp_failc(err, XP_EINPUT, name, line_of(r, k), "document %s part %d utterance %u: %u tokens in \"src\", "
				      "%u in the source", u->doc, u->part, u->utt, u->nsrc, c->docs[d].utts[u->utt].ntoks);
		else if (utt_ix_build(&ux, &c->docs[d], d) || record_spans(&c->docs[d], &ux, u->utt, out))
			rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	}
	free(ux.off), free(ux.ord);
	xp_doc_index_free(&ix);
	xp_corpus_free(&units);
	free(ua.v);
	return rc;
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

/* --- units: records that join several source utterances ----------------------------- */

/* the units of one document: unit[u] is utterance u's unit, off[u] the
 * tokens before it in that unit, len[u] (for a unit's first utterance) how
 * many utterances it joins */
typedef struct doc_units {
	uint32_t *unit, *off, *len;
} doc_units;

static int units_doc(xp_corpus *units, const xp_doc *d, const doc_units *du)
{
	xp_doc *nd = xp_corpus_add_doc(units, d->id, strlen(d->id), d->part);
	if (!nd)
		return -1;
	for (size_t k = 0; k < d->nmeta; k++)
		if (xp_doc_set_meta(units, nd, d->meta[k].key, d->meta[k].value))
			return -1;
	const char **w = NULL;
	size_t *lens = NULL, cap = 0;
	int rc = 0;
	for (size_t u = 0; u < d->nutts && !rc; u += du->len[u]) {
		uint32_t n = 0;
		for (size_t v = u; v < u + du->len[u]; v++)
			n += d->utts[v].ntoks;
		if (n + 1 > cap) {
			cap = 2 * (size_t)n + 1;
			const char **w2 = realloc(w, cap * sizeof *w);
			size_t *l2 = w2 ? realloc(lens, cap * sizeof *lens) : NULL;
			if (w2)
				w = w2;
			if (l2)
				lens = l2;
			if (!w2 || !l2) {
				rc = -1;
				break;
			}
		}
		n = 0;
		for (size_t v = u; v < u + du->len[u]; v++)
			for (uint32_t k = 0; k < d->utts[v].ntoks; k++, n++) {
				uint32_t l;
				w[n] = xp_tok_str(&d->utts[v], k, &l);
				lens[n] = l;
			}
		xp_utt *nu = xp_doc_add_utt(units, nd, d->utts[u].speaker, w, lens, n);
		if (!nu)
			rc = -1;
		else
			nu->line = d->utts[u].line, nu->uid = d->utts[u].uid;
	}
	free(w), free(lens);
	for (size_t k = 0; k < d->nmentions && !rc; k++) {
		const xp_mention *m = &d->mentions[k];
		long c = xp_doc_cluster(nd, d->clusters[m->cluster].label);
		uint32_t s = du->off[m->utt];
		if (c < 0 || xp_doc_add_mention(nd, du->unit[m->utt], m->start + s, m->end + s, (uint32_t)c, m->line))
			rc = -1;
		else
			nd->mentions[nd->nmentions - 1].id = m->id, nd->mentions[nd->nmentions - 1].conf = m->conf;
	}
	return rc || xp_doc_finish(nd, 0, NULL, NULL) ? -1 : 0;
}

int xp_aligned_units(const xp_corpus *en, const xp_aligned *a, const char *name, xp_corpus *units,
		     xp_aligned *ua, size_t *merged, xp_err *err)
{
	*merged = 0;
	memset(ua, 0, sizeof *ua);
	size_t joined = 0;
	for (size_t k = 0; k < a->n; k++)
		joined += a->v[k].nsrc_utts > 1;
	if (!joined)
		return 0;
	xp_doc_index ix;
	if (xp_doc_index_init(&ix, en))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	doc_units *du = calloc(en->ndocs + 1, sizeof *du);
	int rc = 0;
	if (!du)
		goto oom;
	for (size_t d = 0; d < en->ndocs; d++) {
		size_t n = en->docs[d].nutts + 1;
		du[d].unit = malloc(n * sizeof *du[d].unit);
		du[d].off = calloc(n, sizeof *du[d].off);
		du[d].len = malloc(n * sizeof *du[d].len);
		if (!du[d].unit || !du[d].off || !du[d].len)
			goto oom;
		for (size_t u = 0; u < n; u++)
			du[d].len[u] = 1;
	}
	/* each joining record's run: inside its document, its src the run's
	 * tokens, no utterance in two runs */
	for (size_t k = 0; k < a->n; k++) {
		const xp_autt *r = &a->v[k];
		size_t d = xp_doc_index_find(&ix, r->doc, r->part);
		if (d == SIZE_MAX || r->nsrc_utts < 2)
			continue;
		const xp_doc *D = &en->docs[d];
		if ((size_t)r->utt + r->nsrc_utts > D->nutts) {
			rc = xp_failc(err, XP_EINPUT, name, line_of(a, k), "document %s part %d: utterances %u-%u are not in the "
				      "source (%zu utterances)", r->doc, r->part, r->utt, r->utt + r->nsrc_utts - 1, D->nutts);
			goto done;
		}
		uint32_t t = 0;
		int same = 1;
		for (uint32_t v = r->utt; v < r->utt + r->nsrc_utts && same; v++) {
			if (v > r->utt && (du[d].len[v] != 1 || du[d].off[v]))
				same = -1;
			for (uint32_t i = 0; i < D->utts[v].ntoks && same == 1; i++, t++) {
				uint32_t l;
				const char *w = xp_tok_str(&D->utts[v], i, &l);
				same = t < r->nsrc && strlen(r->src[t]) == l && !memcmp(r->src[t], w, l);
			}
		}
		if (same == 1 && (du[d].len[r->utt] != 1 || du[d].off[r->utt]))
			same = -1;
		if (same != 1 || t != r->nsrc) {
			rc = xp_failc(err, XP_EINPUT, name, line_of(a, k), same < 0 ? "document %s part %d: utterance %u is joined "
				      "twice" : "document %s part %d: \"src\" is not the tokens of utterances %u-%u",
				      r->doc, r->part, r->utt, r->utt + r->nsrc_utts - 1);
			goto done;
		}
		du[d].len[r->utt] = r->nsrc_utts;
		for (uint32_t v = r->utt + 1, o = D->utts[r->utt].ntoks; v < r->utt + r->nsrc_utts; o += D->utts[v++].ntoks)
			du[d].off[v] = o, du[d].len[v] = 0;
	}
	for (size_t d = 0; d < en->ndocs; d++) {
		uint32_t un = 0;
		for (size_t u = 0; u < en->docs[d].nutts; u++) {
			if (du[d].len[u] == 0)
				un--, (*merged)++;   /* the run's unit, counted once below */
			du[d].unit[u] = un++;
		}
	}
	/* a joined utterance with a record of its own would be projected twice */
	for (size_t k = 0; k < a->n; k++) {
		const xp_autt *r = &a->v[k];
		size_t d = xp_doc_index_find(&ix, r->doc, r->part);
		if (d != SIZE_MAX && r->utt < en->docs[d].nutts && du[d].len[r->utt] == 0) {
			rc = xp_failc(err, XP_EINPUT, name, line_of(a, k), "document %s part %d: utterance %u has a record and is "
				      "joined to the one before it", r->doc, r->part, r->utt);
			goto done;
		}
	}
	for (size_t d = 0; d < en->ndocs; d++)
		if (units_doc(units, &en->docs[d], &du[d]))
			goto oom;
	/* the records, keyed by unit; their strings stay a's */
	if (!(ua->v = malloc((a->n + 1) * sizeof *ua->v)))
		goto oom;
	ua->n = ua->cap = a->n;
	for (size_t k = 0; k < a->n; k++) {
		ua->v[k] = a->v[k];
		size_t d = xp_doc_index_find(&ix, a->v[k].doc, a->v[k].part);
		if (d != SIZE_MAX && a->v[k].utt < en->docs[d].nutts)
			ua->v[k].utt = du[d].unit[a->v[k].utt];
	}
	goto done;
oom:
	rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
done:
	for (size_t d = 0; du && d < en->ndocs; d++)
		free(du[d].unit), free(du[d].off), free(du[d].len);
	free(du);
	xp_doc_index_free(&ix);
	if (rc) {
		xp_corpus_free(units);
		free(ua->v);
		memset(ua, 0, sizeof *ua);
		*merged = 0;
	}
	return rc;
}
