/* project/report.c — the projection run report as JSON, and the alignment
 * range check; see project.h. */
#include "project.h"
#include "feat.h"
#include "../lang/lang.h"
#include "../lang/np.h"
#include "../lang/pron.h"
#include "../base/buf.h"
#include "../model/mtype.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int xp_check_alignment(const xp_aligned *al, const uint32_t *line, const xp_walign *wa,
		       const char *path, xp_err *err)
{
	for (size_t k = 0; k < al->n; k++) {
		if (line[k] == UINT32_MAX)
			continue;
		const xp_autt *r = &al->v[k];
		for (size_t q = wa->start[line[k]]; q < wa->start[line[k] + 1]; q++)
			if (wa->links[q].i >= r->nsrc || wa->links[q].j >= r->ntgt)
				return xp_failc(err, XP_EINPUT, path, line[k] + 1,
					       "link %u-%u is outside the sentence pair (%u source, %u target tokens)",
					       wa->links[q].i, wa->links[q].j, r->nsrc, r->ntgt);
	}
	return 0;
}

static json_t *stats(const xp_proj_stats *s)
{
	return json_pack("{s:I,s:I,s:{s:I,s:I,s:I,s:I},s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}",
		"mentions", (json_int_t)s->mentions, "projected", (json_int_t)s->projected, "null",
		"empty_target", (json_int_t)s->fate[XP_NULL_EMPTY_TARGET], "unaligned",
		(json_int_t)s->fate[XP_NULL_UNALIGNED], "filtered", (json_int_t)s->fate[XP_NULL_FILTERED],
		"out_of_range", (json_int_t)s->fate[XP_NULL_OUT_OF_RANGE], "clusters", (json_int_t)s->clusters,
		"collisions", (json_int_t)s->collisions, "prodrop_recovered", (json_int_t)s->prodrop,
		"same_span", (json_int_t)s->fate[XP_SAME_SPAN], "collided", (json_int_t)s->fate[XP_COLLIDED],
		"merged_clusters", (json_int_t)s->merged_clusters, "nested", (json_int_t)s->nested, "crossing",
		(json_int_t)s->crossing, "utterances", (json_int_t)s->utterances, "utterances_without_target",
		(json_int_t)s->no_target);
}

static json_t *rule_counts(const xp_proj_stats *s)
{
	json_t *o = json_object();
	for (unsigned k = 0; o && k < xp_lang_rule_bits(XP_RK_PRONOUN); k++)
		if (json_object_set_new(o, xp_lr_name(k), json_integer((json_int_t)s->lr[k]))) {
			json_decref(o);
			return NULL;
		}
	return o;
}

/* the noun phrase rules (np.h) of the bits, by name: those a report onto
 * lang lists ("*": all, the settings, which the report then cuts) */
static json_t *np_rules(xp_np_mask bits, const char *lang)
{
	json_t *r = json_object();
	for (unsigned k = 0; k < xp_lang_rule_bits(XP_RK_NP); k++)
		if (!strcmp(lang, "*") || xp_np_listed(k, lang))
			json_object_set_new(r, xp_np_name(k), json_boolean((bits >> k) & 1));
	return r;
}

/* The features' values repeat (0 and 1 above all): one json_t per distinct
 * float, shared by reference, spares the report two thirds of its
 * allocations.  A slot holds the last value hashed to it.  A whole number
 * below 10000 (an indicator, a count: most features that are not 0) is an
 * integer: jansson writes a real through printf's %g, the report's largest
 * cost (issue 37), and version 1's text of the real is the integer's with
 * ".0" (bench/report_v1.sh rebuilds it).  Small integers (ids, token
 * positions) are shared the same way. */
#define NREALS 4096
#define NINTS 1024
typedef struct reals {
	uint32_t bits[NREALS];
	json_t *v[NREALS];
	json_t *ints[NINTS];
} reals;

static json_t *int_of(reals *c, long long x)
{
	if (x < 0 || x >= NINTS)
		return json_integer((json_int_t)x);
	if (!c->ints[x] && !(c->ints[x] = json_integer((json_int_t)x)))
		return NULL;
	return json_incref(c->ints[x]);
}

static json_t *real_of(reals *c, float x)
{
	uint32_t b;
	memcpy(&b, &x, sizeof b);
	size_t h = (size_t)((b * 2654435761u) >> 20) % NREALS;
	if (!c->v[h] || c->bits[h] != b) {
		json_t *v = x == (float)(int)x && x > -10000 && x < 10000 && !signbit(x) ? json_integer((json_int_t)x)
												   : json_real(x);
		if (!v)
			return NULL;
		json_decref(c->v[h]);
		c->v[h] = v, c->bits[h] = b;
	}
	return json_incref(c->v[h]);
}

static void reals_free(reals *c)
{
	for (size_t k = 0; k < NREALS; k++)
		json_decref(c->v[k]);
	for (size_t k = 0; k < NINTS; k++)
		json_decref(c->ints[k]);
}

/* the names of the bits set, as an object of true (version 3: a mention
 * lists the rules that fired, not every rule; the header lists them all) */
static json_t *fired(uint64_t bits, unsigned n, const char *(*name)(unsigned), const char *lang)
{
	json_t *r = json_object();
	for (unsigned k = 0; r && k < n; k++)
		if (((bits >> k) & 1) && (!lang || xp_np_listed(k, lang)))
			json_object_set_new_nocheck(r, name(k), json_true());
	return r;
}

/* A mention's line in two parts, each made by jansson: its head, what is
 * its own (id, cluster, spans), and its tail, what many mentions share (fate,
 * confidence, rules, features and the "why" text: null mentions and look-
 * alike ones repeat it).  The tail's text is kept by its inputs (tail key),
 * so a repeated tail costs a look-up, not a tree, a printf per number and
 * the why's three; jansson spent 60% of the report in json_dumpb and the
 * why another 17% (issue 37, callgrind).  The two texts are one object's
 * members in jansson's own order: the head's without its "}", a ",", the
 * tail's without its "{". */
static json_t *tail_json(const xp_projection *p, const xp_proj_mention *m, reals *c)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	json_object_set_new_nocheck(o, "fate", json_string_nocheck(xp_fate_name(m->fate)));
	json_object_set_new_nocheck(o, "conf", json_real(m->conf));
	if (m->prodrop)
		json_object_set_new_nocheck(o, "prodrop", json_true());
	if (m->rule)
		json_object_set_new_nocheck(o, "rules", fired(m->rule, xp_lang_rule_bits(XP_RK_PRONOUN), xp_lr_name, NULL));
	if (m->np)
		json_object_set_new_nocheck(o, "np_rules", fired(m->np, xp_lang_rule_bits(XP_RK_NP), xp_np_name, p->lang));
	if (m->same_as != UINT32_MAX)
		json_object_set_new_nocheck(o, "same_as", int_of(c, m->same_as));
	/* the confidence features that are not 0, by name, in the order of the
	 * report's "features": most are 0, and a dense array of 60 took half
	 * the report's CPU (version 2) */
	const int nf = xp_nfeat();
	const float *x = p->feat + (size_t)(m - p->m) * (size_t)nf;
	json_t *f = json_object();
	for (int k = 0; f && k < nf; k++)
		if (x[k] != 0 || signbit(x[k]))
			json_object_set_new_nocheck(f, xp_feat_names[k], real_of(c, x[k]));
	json_object_set_new_nocheck(o, "f", f);
	if (p->model.lang[0]) {
		int kind = m->fate == XP_PROJECTED ? XP_CONF_PROJECTED
			 : m->fate == XP_NULL_EMPTY_TARGET ? XP_CONF_NO_TARGET : XP_CONF_NULL;
		xp_buf why = {0};
		xp_conf_explain(&p->model, kind, x, 3, &why);
		if (why.p && !why.oom)
			json_object_set_new_nocheck(o, "why", json_string(why.p));
		xp_buf_free(&why);
	}
	return o;
}

/* What a tail is made of, as words: the fate, rules, same_as, confidence,
 * pro-drop and the features, bit for bit (-0 is not 0 in the report).  The
 * model and language are the writer's (xp_report_writer.model). */
enum { TAIL_HEAD = 7, TAIL_KEY = TAIL_HEAD + XP_CONF_MAXFEAT, NTAILS = 2048 };   /* xp_nfeat() of the room used */
typedef struct tail {
	uint32_t key[TAIL_KEY];
	char *text;             /* the tail object's text, "{...}" */
	size_t n, cap;
} tail;

struct xp_report_writer {
	reals c;
	json_t *head, *id, *cluster, *en[3], *tgt[3], *drop[3], *tgt_a, *drop_a;
	int tgt_on, drop_on;    /* what the head's "tgt" and "dropped" now hold */
	tail tails[NTAILS];     /* by the key's hash, the last one there */
	xp_conf_lang model;     /* the model and language the tails were made with */
	char lang[16];
	int fresh;              /* no tail made yet */
	xp_buf a, t;            /* a head's text, a tail's */
};

static void tails_clear(xp_report_writer *w)
{
	for (size_t k = 0; k < NTAILS; k++)
		free(w->tails[k].text), w->tails[k].text = NULL, w->tails[k].n = w->tails[k].cap = 0;
}

void xp_report_writer_free(xp_report_writer *w)
{
	if (!w)
		return;
	tails_clear(w);
	reals_free(&w->c);
	json_decref(w->head), json_decref(w->tgt_a), json_decref(w->drop_a);
	xp_buf_free(&w->a), xp_buf_free(&w->t);
	free(w);
}

static json_t *three(json_t **v)
{
	json_t *t = json_array();
	for (int k = 0; t && k < 3; k++)
		if (!(v[k] = json_integer(0)) || json_array_append_new(t, v[k])) {
			json_decref(t);
			return NULL;
		}
	return t;
}

/* The head object is made once and its numbers set per mention: it holds
 * its own integers ("tgt" and "dropped" come and go). */
xp_report_writer *xp_report_writer_new(void)
{
	xp_report_writer *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->fresh = 1;
	json_t *en;
	if (!(w->head = json_object()) || !(w->id = json_integer(0)) ||
	    json_object_set_new_nocheck(w->head, "id", w->id) || !(w->cluster = json_integer(0)) ||
	    json_object_set_new_nocheck(w->head, "cluster", w->cluster) || !(en = three(w->en)) ||
	    json_object_set_new_nocheck(w->head, "en", en) || json_object_set_new_nocheck(w->head, "tgt", json_null()) ||
	    !(w->tgt_a = three(w->tgt)) || !(w->drop_a = three(w->drop))) {
		xp_report_writer_free(w);
		return NULL;
	}
	return w;
}

static int set3(json_t **v, uint32_t a, uint32_t b, uint32_t d)
{
	return json_integer_set(v[0], a) || json_integer_set(v[1], b) || json_integer_set(v[2], d);
}

static int head_set(xp_report_writer *w, const xp_proj_mention *m)
{
	int tgt = m->fate == XP_PROJECTED || m->fate == XP_SAME_SPAN || m->fate == XP_COLLIDED;
	int drop = m->fate == XP_NULL_FILTERED && ((m->rule & XP_LR_PRON_DROP) || (m->np & XP_NP_DROPS));   /* what the rule took away */
	if (json_integer_set(w->id, m->id) || json_integer_set(w->cluster, m->cluster) ||
	    set3(w->en, m->en_utt, m->en_start, m->en_end) ||
	    ((tgt || drop) && (set3(w->tgt, (uint32_t)m->tgt_utt, m->tgt_start, m->tgt_end) ||
			       set3(w->drop, (uint32_t)m->tgt_utt, m->tgt_start, m->tgt_end))))
		return -1;
	if (tgt != w->tgt_on && json_object_set_nocheck(w->head, "tgt", tgt ? w->tgt_a : json_null()))
		return -1;
	w->tgt_on = tgt;
	/* "dropped" is the head's last member, so taking it away and back
	 * keeps the order */
	if (drop != w->drop_on && (drop ? json_object_set_nocheck(w->head, "dropped", w->drop_a)
				       : json_object_del(w->head, "dropped")))
		return -1;
	w->drop_on = drop;
	return 0;
}

static const size_t dump_flags = JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(4);

/* j's text after b's bytes */
static int dump_add(json_t *j, xp_buf *b)
{
	size_t n = j ? json_dumpb(j, b->p ? b->p + b->n : NULL, b->cap - b->n, dump_flags) : 0;
	if (n && n > b->cap - b->n) {
		if (xp_grow(&b->p, &b->cap, b->n + n + 1, 1))
			return -1;
		n = json_dumpb(j, b->p + b->n, b->cap - b->n, dump_flags);
	}
	if (!n || n > b->cap - b->n)
		return -1;
	b->n += n;
	return 0;
}

static const tail *tail_of(xp_report_writer *w, const xp_projection *p, const xp_proj_mention *m)
{
	uint32_t key[TAIL_KEY], conf;
	memcpy(&conf, &m->conf, sizeof conf);
	key[0] = m->fate, key[1] = m->rule, key[2] = m->same_as, key[3] = conf;
	key[4] = (uint32_t)m->np, key[5] = (uint32_t)(m->np >> 32), key[6] = m->prodrop;
	const size_t nf = (size_t)xp_nfeat(), nk = TAIL_HEAD + nf;
	memcpy(key + TAIL_HEAD, p->feat + (size_t)(m - p->m) * nf, nf * sizeof(float));
	uint32_t h = 2166136261u;
	for (size_t k = 0; k < nk; k++)
		h = (h ^ key[k]) * 16777619u;
	tail *t = &w->tails[(h ^ (h >> 16)) % NTAILS];
	if (t->n && !memcmp(t->key, key, nk * sizeof *key))
		return t;
	/* made in the writer's buffer (json_dumpb into one too small counts,
	 * then is called again), kept in the slot's */
	xp_buf *b = &w->t;
	b->n = 0;
	json_t *o = tail_json(p, m, &w->c);
	int rc = dump_add(o, b);
	json_decref(o);
	t->n = 0;   /* the slot is empty until it holds the new tail */
	if (rc || b->n < 3 || b->p[0] != '{' || b->p[b->n - 1] != '}' || xp_grow(&t->text, &t->cap, b->n, 1))
		return NULL;
	memcpy(t->text, b->p, b->n);
	t->n = b->n;
	memcpy(t->key, key, nk * sizeof *key);
	return t;
}

/* One mention's object after line's bytes. */
static int mention_add(xp_report_writer *w, const xp_projection *p, const xp_proj_mention *m, xp_buf *line)
{
	w->a.n = 0;
	const tail *t = tail_of(w, p, m);
	if (!t || head_set(w, m) || dump_add(w->head, &w->a) || w->a.n < 2 || w->a.p[w->a.n - 1] != '}')
		return -1;
	w->a.p[w->a.n - 1] = ',';
	xp_buf_add(line, w->a.p, w->a.n);
	xp_buf_add(line, t->text + 1, t->n - 1);
	return line->oom ? -1 : 0;
}

void xp_proj_gender_counts(const xp_projection *p, xp_proj_gender *g)
{
	memset(g, 0, sizeof *g);
	for (size_t i = 0; i < p->n; i++) {
		unsigned k = p->m[i].gender < 3 ? p->m[i].gender : 0;
		g->mentions[k]++;
		g->fate[k][p->m[i].fate]++;
	}
}

/* "gender": per gender the English pronouns, how many were projected (their
 * rate) and every fate; the rates' ratio feminine / masculine as GAP's Bias
 * is for F1 (null when no masculine pronoun was projected). */
void xp_proj_gender_add(xp_proj_gender *a, const xp_proj_gender *b)
{
	for (int k = 0; k < 3; k++) {
		a->mentions[k] += b->mentions[k];
		for (int c = 0; c < XP_NCAUSES; c++)
			a->fate[k][c] += b->fate[k][c];
	}
}

static json_t *gender_json(const xp_proj_gender *gp)
{
	xp_proj_gender g = *gp;
	json_t *o = json_object();
	static const char *const names[3] = {NULL, "masculine", "feminine"};
	double rate[3] = {0};
	for (int k = XP_GENDER_MASC; k <= XP_GENDER_FEM; k++) {
		json_t *f = json_object();
		for (int c = 0; c < XP_NCAUSES; c++)
			json_object_set_new(f, xp_fate_name((xp_fate)c), json_integer((json_int_t)g.fate[k][c]));
		size_t n = g.mentions[k], pr = g.fate[k][XP_PROJECTED];
		rate[k] = n ? (double)pr / (double)n : 0;
		json_object_set_new(o, names[k], json_pack("{s:I,s:I,s:o,s:o}", "mentions", (json_int_t)n, "projected",
							   (json_int_t)pr, "rate", n ? json_real(rate[k]) : json_null(),
							   "fates", f));
	}
	json_object_set_new(o, "rate_ratio", rate[XP_GENDER_MASC] > 0 && g.mentions[XP_GENDER_FEM]
						     ? json_real(rate[XP_GENDER_FEM] / rate[XP_GENDER_MASC])
						     : json_null());
	return o;
}

/* One value as one line: compact, in insertion order, reals to 4 digits
 * (what the report always was), into the reused buffer *line. */
static int put_line(json_t *j, xp_buf *line, xp_report_put put, void *ctx)
{
	const size_t flags = JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(4);
	size_t n = j ? json_dumpb(j, line->p, line->cap, flags) : 0;
	if (n && n + 1 > line->cap) {   /* the first that does not fit: room, and again */
		if (xp_grow(&line->p, &line->cap, n + 1, 1))
			return -1;
		n = json_dumpb(j, line->p, line->cap, flags);
	}
	if (!n || n + 1 > line->cap)
		return -1;
	line->p[n] = '\n';
	return put(ctx, line->p, n + 1);
}

/* The report's first line (version 4): what is known before the first
 * document, its language, model, features and settings.  What is known
 * only at the end (the counts, the gender, how many documents) goes to its
 * last line (trailer): a header holding them had the documents wait in a
 * spool and be copied behind it, written twice and read once, half of what
 * the report still cost at 640k mentions (issue 37). */
static json_t *header(const xp_projection *p, const char *settings_json)
{
	json_t *r = json_pack("{s:i}", "version", XP_REPORT_VERSION);
	if (!r)
		return NULL;
	json_object_set_new(r, "lang", json_string(p->lang));
	json_object_set_new(r, "confidence_model", json_string(p->model.lang));
	json_t *names = json_array();
	for (int k = 0, nf = xp_nfeat(); k < nf; k++)
		json_array_append_new(names, json_string(xp_feat_names[k]));
	json_object_set_new(r, "features", names);
	json_error_t je;
	json_t *set = settings_json ? json_loads(settings_json, 0, &je) : NULL;
	if (set) {
		json_t *np = json_object_get(set, "np_rules");
		for (unsigned k = XP_NP_NLISTED; np && k < xp_lang_rule_bits(XP_RK_NP); k++)
			if (!xp_np_listed(k, p->lang))
				json_object_del(np, xp_np_name(k));
		json_object_set_new(r, "settings", set);
	}
	return r;
}

/* The report's last line: "end" first, so that no document line (which
 * has none) is taken for it, then the run's counts, rules and gender, and
 * how many documents came before it.  A report without it was cut short:
 * every reader refuses it (io/report.c). */
static json_t *trailer(const xp_projection *p, const xp_proj_gender *g, size_t ndocs)
{
	json_t *r = json_pack("{s:b}", "end", 1), *st = stats(&p->total);
	if (!r || !st || json_object_update(r, st)) {
		json_decref(r), json_decref(st);
		return NULL;
	}
	json_decref(st);
	json_object_set_new(r, "language_rules", rule_counts(&p->total));
	json_t *np = json_object();
	for (unsigned k = 0; k < xp_lang_rule_bits(XP_RK_NP); k++)
		if (xp_np_listed(k, p->lang))
			json_object_set_new(np, xp_np_name(k), json_integer((json_int_t)p->total.np[k]));
	json_object_set_new(r, "np_rules", np);   /* mentions each changed */
	json_object_set_new(r, "gender", gender_json(g));
	json_object_set_new(r, "documents", json_integer((json_int_t)ndocs));
	return r;
}

/* The target-only mentions the rules wrote in td (project.h
 * XP_PROJ_RULE_MADE), in document order: {"sent", "start", "end",
 * "cluster", "rule", "conf"}; NULL when it has none, so that a report of
 * a language whose pack has no such rule is as it was. */
static json_t *tonly(const xp_doc *td)
{
	json_t *a = NULL;
	for (size_t k = 0; k < td->nmentions; k++) {
		const xp_mention *m = &td->mentions[k];
		if (!XP_PROJ_RULE_MADE(m->id))
			continue;
		if (!a && !(a = json_array()))
			return NULL;
		uint64_t bit = XP_PROJ_RULE_KIND(m->id) ? XP_NP_RELATIVE : XP_NP_MARKED;
		json_array_append_new(a, json_pack("{s:I,s:I,s:I,s:I,s:s,s:f}", "sent", (json_int_t)m->utt, "start",
						   (json_int_t)m->start, "end", (json_int_t)m->end, "cluster",
						   (json_int_t)td->clusters[m->cluster].label, "rule",
						   xp_np_name((unsigned)__builtin_ctzll(bit)), "conf", (double)m->conf));
	}
	return a;
}

/* A document's line: its counts, id, part and sentence map by jansson,
 * with "detail" empty, then its mentions into that array. */
static int document(xp_report_writer *w, const xp_projection *p, const xp_proj_doc *pd, xp_buf *line)
{
	json_t *o = stats(&pd->st), *map = json_array();
	json_object_set_new(o, "doc", json_string(pd->id));
	json_object_set_new(o, "part", json_integer(pd->part));
	/* what `db import` checks its corpora by, and `judge` its --projected
	 * (io/report.h); the document's output is p->out's of the same index */
	char hex[17];
	size_t d = (size_t)(pd - p->docs);
	if (pd->text_hash) {
		snprintf(hex, sizeof hex, "%016llx", (unsigned long long)pd->text_hash);
		json_object_set_new(o, "text_hash", json_string(hex));
	}
	const xp_doc *td = NULL;
	if (d < p->out.ndocs && !strcmp(p->out.docs[d].id, pd->id) && p->out.docs[d].part == pd->part) {
		td = &p->out.docs[d];
		snprintf(hex, sizeof hex, "%016llx", (unsigned long long)xp_report_out_hash(td));
		json_object_set_new(o, "out_hash", json_string(hex));
	}
	for (size_t t = 0; t < pd->ntgt; t++)
		json_array_append_new(map, json_integer(pd->en_utt_of[t]));
	json_object_set_new(o, "tgt_to_en", map);
	json_t *to = td ? tonly(td) : NULL;
	if (to)
		json_object_set_new(o, "tonly", to);
	json_object_set_new(o, "detail", json_array());
	line->n = 0;
	int rc = dump_add(o, line);
	json_decref(o);
	if (rc || line->n < 3 || memcmp(line->p + line->n - 3, "[]}", 3))
		return -1;
	line->n -= 2;
	for (size_t k = 0; rc == 0 && k < pd->n; k++) {
		if (k)
			xp_buf_putc(line, ',');
		rc = mention_add(w, p, &p->m[pd->first + k], line);
	}
	xp_buf_add(line, "]}\n", 3);
	return rc || line->oom ? -1 : 0;
}

/* The tails were made with the writer's model and language: another's
 * starts them again. */
static void writer_for(xp_report_writer *w, const xp_projection *p)
{
	if (w->fresh || memcmp(&w->model, &p->model, sizeof w->model) || memcmp(w->lang, p->lang, sizeof w->lang)) {
		tails_clear(w);
		w->model = p->model;
		memcpy(w->lang, p->lang, sizeof w->lang);
		w->fresh = 0;
	}
}

int xp_projection_report_docs_w(const xp_projection *p, xp_report_writer *w, xp_buf *line, xp_report_put put,
				void *ctx)
{
	writer_for(w, p);
	int rc = 0;
	for (size_t d = 0; rc == 0 && d < p->ndocs; d++)
		rc = document(w, p, &p->docs[d], line) || put(ctx, line->p, line->n) ? -1 : 0;
	return rc;
}

int xp_projection_report_docs(const xp_projection *p, xp_buf *line, xp_report_put put, void *ctx)
{
	xp_report_writer *w = xp_report_writer_new();
	int rc = w ? xp_projection_report_docs_w(p, w, line, put, ctx) : -1;
	xp_report_writer_free(w);
	return rc;
}

int xp_projection_report_head(const xp_projection *p, const char *settings_json, xp_report_put put, void *ctx)
{
	xp_buf line = {0};
	json_t *h = header(p, settings_json);
	int rc = put_line(h, &line, put, ctx);
	json_decref(h);
	xp_buf_free(&line);
	return rc;
}

int xp_projection_report_end(const xp_projection *p, const xp_proj_gender *g, size_t ndocs, xp_report_put put,
			     void *ctx)
{
	xp_buf line = {0};
	json_t *t = trailer(p, g, ndocs);
	int rc = put_line(t, &line, put, ctx);
	json_decref(t);
	xp_buf_free(&line);
	return rc;
}

/* The header, the documents' lines, the trailer. */
int xp_projection_report_write(const xp_projection *p, const char *settings_json, xp_report_put put, void *ctx)
{
	xp_proj_gender g;
	xp_buf line = {0};
	xp_proj_gender_counts(p, &g);
	int rc = xp_projection_report_head(p, settings_json, put, ctx) ||
		 xp_projection_report_docs(p, &line, put, ctx) ||
		 xp_projection_report_end(p, &g, p->ndocs, put, ctx) ? -1 : 0;
	xp_buf_free(&line);
	return rc;
}

static int put_buf(void *ctx, const void *data, size_t n)
{
	xp_buf *b = ctx;
	xp_buf_add(b, data, n);
	return b->oom ? -1 : 0;
}

int xp_projection_report(const xp_projection *p, const char *settings_json, struct xp_buf *out)
{
	return xp_projection_report_write(p, settings_json, put_buf, out) || out->oom ? -1 : 0;
}

static const char *const rules[] = {"minmax", "block"}, *const pol[] = {"keep-first", "merge", "drop"};

static int named(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

int xp_rule_named(const char *s) { return named(rules, 2, s); }
int xp_collide_named(const char *s) { return named(pol, 3, s); }

void xp_proj_settings(const xp_proj_opts *o, struct xp_buf *out)
{
	json_t *j = json_pack("{s:s,s:I,s:f,s:b,s:f,s:s,s:b,s:b}", "rule", rules[o->span.rule], "gap",
			      (json_int_t)o->span.gap, "max_ratio", o->span.max_ratio, "trim_punct", o->span.trim_punct != 0,
			      "min_prob", o->span.min_prob, "collisions", pol[o->collide], "prodrop", o->prodrop != 0,
			      "chars", o->chars != 0);
	json_t *lr = json_object();
	for (unsigned k = 0; lr && k < xp_lang_rule_bits(XP_RK_PRONOUN); k++)
		json_object_set_new(lr, xp_lr_name(k), json_boolean((o->rules >> k) & 1));
	if (j && (!lr || json_object_set_new(j, "language_rules", lr)))
		json_decref(j), j = NULL;
	if (j)
		json_object_set_new(j, "np_rules", np_rules(o->np, "*"));
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(j);
	if (!s) {
		out->oom = 1;
		return;
	}
	xp_buf_puts(out, s);
	free(s);
}
