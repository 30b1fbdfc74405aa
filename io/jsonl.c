/* io/jsonl.c — HOI jsonlines reader and writer; see jsonl.h. */
#include "jsonl.h"
#include "reader.h"
#include "../base/text.h"
#include "../base/file.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jr {
	const char *name;
	unsigned long line;
	const xp_read_opts *o;
	xp_err *err;
	xp_corpus *c;
	xp_doc *d;
	/* flattened word index -> (utterance, token) */
	uint32_t *wu, *wt;
	size_t nwords;
	int fatal;          /* out of memory: stop in every mode */
} jr;

/* A structural problem in the current line; the line's document is dropped
 * unless the reader is strict, in which case reading stops. */
static int bad(jr *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(jr *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	xp_read_problem(r->o, r->err, r->name, r->line, "%s%s", msg,
			r->o->repair || r->o->keep_going ? "; document skipped" : "");
	return -1;
}

static int oom(jr *r)
{
	r->fatal = 1;
	return xp_failc(r->err, XP_ENOMEM, r->name, r->line, "out of memory");
}

void xp_split_doc_key(const char *key, size_t *idlen, int *part)
{
	size_t n = strlen(key), i = n;
	while (i > 0 && key[i - 1] >= '0' && key[i - 1] <= '9')
		i--;
	if (i > 1 && i < n && n - i <= 6 && key[i - 1] == '_') {
		*idlen = i - 1;
		*part = atoi(key + i);
	} else {
		*idlen = n;
		*part = 0;
	}
}

static const char *str_at(json_t *a, size_t i, size_t *len)
{
	json_t *v = json_array_get(a, i);
	if (!json_is_string(v))
		return NULL;
	*len = json_string_length(v);
	return json_string_value(v);
}

static int map_words(jr *r)
{
	r->nwords = 0;
	for (size_t u = 0; u < r->d->nutts; u++)
		r->nwords += r->d->utts[u].ntoks;
	free(r->wu);
	free(r->wt);
	r->wu = malloc((r->nwords + 1) * sizeof *r->wu);
	r->wt = malloc((r->nwords + 1) * sizeof *r->wt);
	if (!r->wu || !r->wt)
		return oom(r);
	size_t w = 0;
	for (size_t u = 0; u < r->d->nutts; u++)
		for (uint32_t t = 0; t < r->d->utts[u].ntoks; t++, w++)
			r->wu[w] = (uint32_t)u, r->wt[w] = t;
	return 0;
}

static int add_utt(jr *r, const char *spk, const char **w, size_t *l, size_t n)
{
	char sbuf[1024];
	snprintf(sbuf, sizeof sbuf, "%s", spk ? spk : "");
	return xp_doc_add_utt(r->c, r->d, sbuf, w, l, (uint32_t)n) ? 0 : oom(r);
}

/* --- word files -------------------------------------------------------- */

static int read_word_sentences(jr *r, json_t *sents, json_t *spks)
{
	const char **w = NULL;
	size_t *l = NULL, cap = 0, capl = 0;
	int rc = 0;
	/* a speaker list a sentence: one list fewer gave the last sentences
	 * no speaker, and the output's speaker column "-", without a word */
	if (spks && !json_is_null(spks) && (!json_is_array(spks) || json_array_size(spks) != json_array_size(sents)))
		rc = bad(r, "\"speakers\" has %zu lists, \"sentences\" %zu (one a sentence)",
			 json_is_array(spks) ? json_array_size(spks) : 0, json_array_size(sents));
	for (size_t s = 0; rc == 0 && s < json_array_size(sents); s++) {
		json_t *sent = json_array_get(sents, s);
		size_t n = json_array_size(sent);
		if (!json_is_array(sent) || !n) {
			rc = bad(r, "sentence %zu is not a non-empty list of words", s);
			break;
		}
		if (xp_grow(&w, &cap, n, sizeof *w) || xp_grow(&l, &capl, n, sizeof *l)) {
			rc = oom(r);
			break;
		}
		for (size_t i = 0; rc == 0 && i < n; i++)
			if (!(w[i] = str_at(sent, i, &l[i])))
				rc = bad(r, "sentence %zu word %zu is not a string", s, i);
		size_t sl;
		const char *spk = str_at(json_array_get(spks, s), 0, &sl);
		if (rc == 0)
			rc = add_utt(r, spk, w, l, n);
	}
	free(w);
	free(l);
	return rc;
}

/* --- subtoken files ------------------------------------------------------ */

typedef struct subtok {
	json_t *flat_sub, *flat_spk;   /* arrays of all subtokens / their speakers */
	json_t *smap, *tmap;
} subtok;

static int is_special(const char *s)
{
	return !strcmp(s, "[CLS]") || !strcmp(s, "[SEP]") || !strcmp(s, "<s>") || !strcmp(s, "</s>");
}

static json_t *flatten(json_t *segs)
{
	json_t *out = json_array();
	for (size_t i = 0; out && i < json_array_size(segs); i++) {
		json_t *seg = json_array_get(segs, i);
		if (!json_is_array(seg) || json_array_extend(out, seg)) {
			json_decref(out);
			return NULL;
		}
	}
	return out;
}

/* Word texts when the file has no "tokens": the word's pieces, "##" removed. */
static json_t *words_from_pieces(const subtok *st, size_t nwords)
{
	json_t *out = json_array();
	char **acc = calloc(nwords + 1, sizeof *acc);
	for (size_t i = 0; out && acc && i < json_array_size(st->flat_sub); i++) {
		const char *p = json_string_value(json_array_get(st->flat_sub, i));
		json_int_t w = json_integer_value(json_array_get(st->tmap, i));
		if (!p || is_special(p) || w < 0 || (size_t)w >= nwords)
			continue;
		if (!strncmp(p, "##", 2))
			p += 2;
		size_t old = acc[w] ? strlen(acc[w]) : 0;
		char *q = realloc(acc[w], old + strlen(p) + 1);
		if (!q)
			break;
		strcpy(q + old, p);
		acc[w] = q;
	}
	for (size_t w = 0; out && acc && w < nwords; w++)
		json_array_append_new(out, json_string(acc[w] ? acc[w] : ""));
	for (size_t w = 0; acc && w < nwords; w++)
		free(acc[w]);
	free(acc);
	return out;
}

static int group_words(jr *r, json_t *tokens, const long *wsent, json_t *const *wspk)
{
	size_t nw = json_array_size(tokens), start = 0;
	const char **w = malloc((nw + 1) * sizeof *w);
	size_t *l = malloc((nw + 1) * sizeof *l);
	int rc = (!w || !l) ? oom(r) : 0;
	for (size_t i = 0; rc == 0 && i < nw; i++)
		if (!(w[i] = str_at(tokens, i, &l[i])))
			rc = bad(r, "tokens[%zu] is not a string", i);
	for (size_t i = 1; rc == 0 && i <= nw; i++) {
		if (i < nw && wsent[i] == wsent[start])
			continue;
		rc = add_utt(r, json_string_value(wspk[start]), w + start, l + start, i - start);
		start = i;
	}
	free(w);
	free(l);
	return rc;
}

static int read_subtoken_sentences(jr *r, json_t *o, subtok *st)
{
	size_t n = json_array_size(st->flat_sub);
	if (json_array_size(st->smap) != n || json_array_size(st->tmap) != n)
		return bad(r, "sentence_map, subtoken_map and sentences differ in length");
	json_int_t maxw = -1;
	for (size_t i = 0; i < n; i++) {
		json_t *v = json_array_get(st->tmap, i);
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    !json_is_integer(json_array_get(st->smap, i)))
			return bad(r, "subtoken %zu: subtoken_map/sentence_map entry is not an index", i);
		if (json_integer_value(v) > maxw)
			maxw = json_integer_value(v);
	}
	json_t *tokens = json_object_get(o, "tokens");
	if (!json_is_array(tokens))
		tokens = words_from_pieces(st, (size_t)(maxw + 1));
	else
		json_incref(tokens);
	if (!tokens)
		return oom(r);
	size_t nw = json_array_size(tokens);
	long *wsent = malloc((nw + 1) * sizeof *wsent);
	json_t **wspk = calloc(nw + 1, sizeof *wspk);
	int rc = (!wsent || !wspk) ? oom(r) : 0;
	for (size_t i = 0; rc == 0 && i < nw; i++)
		wsent[i] = -1;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		const char *p = json_string_value(json_array_get(st->flat_sub, i));
		json_int_t w = json_integer_value(json_array_get(st->tmap, i));
		long s = (long)json_integer_value(json_array_get(st->smap, i));
		if (p && is_special(p))
			continue;
		if ((size_t)w >= nw)
			rc = bad(r, "subtoken %zu maps to word %lld of %zu", i, (long long)w, nw);
		else if (wsent[w] >= 0 && wsent[w] != s)
			rc = bad(r, "word %lld lies in two sentences", (long long)w);
		else
			wsent[w] = s, wspk[w] = json_array_get(st->flat_spk, i);
	}
	/* words without a subtoken stay with the word before them */
	for (size_t i = 0; rc == 0 && i < nw; i++)
		if (wsent[i] < 0) {
			wsent[i] = i ? wsent[i - 1] : 0;
			wspk[i] = i ? wspk[i - 1] : NULL;
		}
	if (rc == 0)
		rc = group_words(r, tokens, wsent, wspk);
	free(wsent);
	free(wspk);
	json_decref(tokens);
	return rc;
}

/* --- clusters ------------------------------------------------------------ */

static int word_of(jr *r, json_t *tmap, json_t *v, size_t *w)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return -1;
	size_t i = (size_t)json_integer_value(v);
	if (tmap) {
		if (i >= json_array_size(tmap))
			return -1;
		i = (size_t)json_integer_value(json_array_get(tmap, i));
	}
	if (i >= r->nwords)
		return -1;
	*w = i;
	return 0;
}

static int read_clusters(jr *r, json_t *clusters, json_t *ids, json_t *conf, json_t *tmap)
{
	for (size_t k = 0; k < json_array_size(clusters); k++) {
		json_t *cl = json_array_get(clusters, k);
		if (!json_is_array(cl))
			return bad(r, "cluster %zu is not a list", k);
		long ci = xp_doc_cluster(r->d, (long long)k);
		if (ci < 0)
			return oom(r);
		for (size_t j = 0; j < json_array_size(cl); j++) {
			json_t *sp = json_array_get(cl, j);
			size_t a, b;
			if (json_array_size(sp) != 2 || word_of(r, tmap, json_array_get(sp, 0), &a) ||
			    word_of(r, tmap, json_array_get(sp, 1), &b) || a > b)
				return bad(r, "cluster %zu mention %zu is not a valid [start, end]", k, j);
			if (r->wu[a] != r->wu[b])
				return bad(r, "cluster %zu mention %zu crosses a sentence boundary", k, j);
			if (xp_doc_add_mention(r->d, r->wu[a], r->wt[a], r->wt[b] + 1, (uint32_t)ci, 0))
				return oom(r);
			json_t *id = json_array_get(json_array_get(ids, k), j);
			xp_mention *m = &r->d->mentions[r->d->nmentions - 1];
			/* an id the store can keep, or none: a wrapped one (2^32 as
			 * 0, -1 as 2^32-1) or the index put in for a missing one
			 * named another mention.  The store keeps what a projection
			 * report names, 0 to 2^31-1 (io/report.c), and the ids above
			 * are project's own for the target mentions its rules write
			 * alone (project.h XP_PROJ_RULE_ID): an English mention of
			 * such an id was listed as one of them */
			if (ids && (!json_is_integer(id) || json_integer_value(id) < 0 ||
				    json_integer_value(id) > INT32_MAX))
				return bad(r, "cluster %zu mention %zu: \"mention_ids\" has no id of 0 to %d for it", k, j,
					   INT32_MAX);
			if (ids)
				m->id = (uint32_t)json_integer_value(id);
			json_t *cf = json_array_get(json_array_get(conf, k), j);
			if (json_is_number(cf))
				m->conf = (float)json_number_value(cf);
		}
	}
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* Each mention its own id: the store, the report and every command name a
 * mention DOC|ID, and a second mention of one id took the first one's
 * projection and corrections (an import refused it as "a report of another
 * version of the corpus", naming the pipeline's own report). */
static int unique_ids(jr *r)
{
	const xp_doc *d = r->d;
	if (d->nmentions < 2)
		return 0;
	uint32_t *v = malloc(d->nmentions * sizeof *v);
	if (!v)
		return oom(r);
	for (size_t i = 0; i < d->nmentions; i++)
		v[i] = d->mentions[i].id;
	qsort(v, d->nmentions, sizeof *v, cmp_u32);
	uint32_t twice = 0;
	int found = 0;
	for (size_t i = 1; i < d->nmentions && !found; i++)
		if (v[i] == v[i - 1])
			twice = v[i], found = 1;
	free(v);
	return found ? bad(r, "document %s: two mentions have the id %u in \"mention_ids\"", d->id, twice) : 0;
}

static int read_doc(jr *r, json_t *o)
{
	const char *key = json_string_value(json_object_get(o, "doc_key"));
	if (!key)
		return bad(r, "no \"doc_key\" string");
	size_t idlen;
	int part;
	xp_split_doc_key(key, &idlen, &part);
	if (!(r->d = xp_corpus_add_doc(r->c, key, idlen, part)))
		return oom(r);
	json_t *sents = json_object_get(o, "sentences"), *clusters = json_object_get(o, "clusters");
	if (!json_is_array(sents))
		return bad(r, "no \"sentences\" list");
	subtok st = {0};
	st.smap = json_object_get(o, "sentence_map");
	st.tmap = json_object_get(o, "subtoken_map");
	int sub = json_is_array(st.smap) && json_is_array(st.tmap);
	int rc;
	if (sub) {
		st.flat_sub = flatten(sents);
		st.flat_spk = flatten(json_object_get(o, "speakers"));
		rc = st.flat_sub ? read_subtoken_sentences(r, o, &st) : bad(r, "bad \"sentences\"");
		json_decref(st.flat_sub);
		json_decref(st.flat_spk);
	} else {
		rc = read_word_sentences(r, sents, json_object_get(o, "speakers"));
	}
	if (rc || map_words(r))
		return -1;
	json_t *ids = json_object_get(o, "mention_ids");
	if (clusters && !json_is_array(clusters))
		return bad(r, "\"clusters\" is not a list");
	if (ids && !json_is_array(ids))
		return bad(r, "\"mention_ids\" is not a list");
	if (read_clusters(r, clusters, ids, json_object_get(o, "confidence"), sub ? st.tmap : NULL))
		return -1;
	size_t ndup = 0;
	if (xp_doc_finish(r->d, !json_is_array(ids), &ndup, NULL))
		return oom(r);
	if (ndup)
		xp_read_warn(r->o, r->name, r->line,
			     "document %s: %zu duplicate mention(s) counted once", r->d->id, ndup);
	return ids ? unique_ids(r) : 0;
}

static void drop_last_doc(xp_corpus *c)
{
	xp_doc_free(&c->docs[--c->ndocs]);
}

int xp_jsonl_read(const char *name, const char *buf, size_t len, const xp_read_opts *o,
		  xp_corpus *c, xp_err *err)
{
	static const xp_read_opts strict = {0};
	if (!o)
		o = &strict;
	jr r = {.name = name, .o = o, .err = err, .c = c};
	xp_lines it;
	xp_lines_init(&it, buf, len);
	const char *s;
	size_t n;
	int rc = 0;
	while (rc == 0 && xp_lines_next(&it, &s, &n)) {
		r.line = it.lineno;
		if (!xp_trim((xp_str){s, n}).n)
			continue;
		json_error_t je;
		json_t *obj = json_loadb(s, n, JSON_REJECT_DUPLICATES, &je);
		size_t before = c->ndocs;
		if (!obj || !json_is_object(obj))
			rc = bad(&r, "not a JSON object: %s", obj ? "wrong type" : je.text);
		else
			rc = read_doc(&r, obj);
		json_decref(obj);
		if (rc && c->ndocs > before)
			drop_last_doc(c);
		/* bad() returns -1 in every mode; only strict mode stops */
		if (rc && (o->repair || o->keep_going) && !r.fatal)
			rc = 0;
	}
	free(r.wu);
	free(r.wt);
	return rc;
}

/* --- writer -------------------------------------------------------------- */

static json_t *doc_json(const xp_doc *d)
{
	char key[1100];
	snprintf(key, sizeof key, "%s_%d", d->id, d->part);
	json_t *sents = json_array(), *spks = json_array(), *cls = json_array(), *ids = json_array();
	json_t *conf = json_array();
	int any_conf = 0;
	uint32_t *first = malloc((d->nutts + 1) * sizeof *first);
	uint32_t w = 0;
	for (size_t u = 0; first && u < d->nutts; u++) {
		const xp_utt *ut = &d->utts[u];
		json_t *s = json_array(), *p = json_array();
		first[u] = w;
		for (uint32_t t = 0; t < ut->ntoks; t++, w++) {
			uint32_t l;
			const char *x = xp_tok_str(ut, t, &l);
			json_array_append_new(s, json_stringn(x, l));
			json_array_append_new(p, json_string(ut->speaker));
		}
		json_array_append_new(sents, s);
		json_array_append_new(spks, p);
	}
	for (size_t k = 0; first && k < d->nclusters; k++) {
		json_array_append_new(cls, json_array());
		json_array_append_new(ids, json_array());
		json_array_append_new(conf, json_array());
	}
	for (size_t m = 0; first && m < d->nmentions; m++) {
		const xp_mention *x = &d->mentions[m];
		json_array_append_new(json_array_get(cls, x->cluster),
				      json_pack("[II]", (json_int_t)(first[x->utt] + x->start),
						(json_int_t)(first[x->utt] + x->end - 1)));
		json_array_append_new(json_array_get(ids, x->cluster), json_integer(x->id));
		json_array_append_new(json_array_get(conf, x->cluster), json_real(x->conf));
		any_conf |= x->conf != 1;
	}
	json_t *o = first ? json_pack("{s:s, s:o, s:o, s:o, s:o}", "doc_key", key, "sentences", sents,
				      "speakers", spks, "clusters", cls, "mention_ids", ids)
			  : NULL;
	free(first);
	if (o && any_conf)
		json_object_set(o, "confidence", conf);
	json_decref(conf);
	return o;
}

int xp_jsonl_write(xp_buf *out, const xp_corpus *c, xp_err *err)
{
	for (size_t i = 0; i < c->ndocs; i++) {
		json_t *o = doc_json(&c->docs[i]);
		char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
		json_decref(o);
		if (!s)
			return xp_failc(err, XP_ENOMEM, "", 0, "cannot encode document %s as JSON", c->docs[i].id);
		xp_buf_puts(out, s);
		xp_buf_putc(out, '\n');
		free(s);
	}
	return 0;
}
