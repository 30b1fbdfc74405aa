/* project/report.c — the projection run report as JSON, and the alignment
 * range check; see project.h. */
#include "project.h"
#include "feat.h"
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
	for (unsigned k = 0; o && k < XP_LR_NRULES; k++)
		if (json_object_set_new(o, xp_lr_name(k), json_integer((json_int_t)s->lr[k]))) {
			json_decref(o);
			return NULL;
		}
	return o;
}

/* the noun phrase rules (np.h) of the bits, by name */
/* the noun phrase rules (np.h) of the bits, by name: those a report onto
 * lang lists ("*": all, the settings, which the report then cuts) */
static json_t *np_rules(xp_np_mask bits, const char *lang)
{
	json_t *r = json_object();
	for (unsigned k = 0; k < XP_NP_NRULES; k++)
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

static json_t *triple(reals *c, uint32_t a, uint32_t b, uint32_t d)
{
	json_t *t = json_array();
	if (t && (json_array_append_new(t, int_of(c, a)) || json_array_append_new(t, int_of(c, b)) ||
		  json_array_append_new(t, int_of(c, d)))) {
		json_decref(t);
		return NULL;
	}
	return t;
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

/* One mention: plain calls, no json_pack (its format is parsed each time)
 * and no key checks (the keys are ours), as the report's cost is its
 * mentions' (issue 37). */
static json_t *mention(const xp_projection *p, const xp_proj_mention *m, reals *c)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	json_object_set_new_nocheck(o, "id", int_of(c, m->id));
	json_object_set_new_nocheck(o, "cluster", int_of(c, m->cluster));
	json_object_set_new_nocheck(o, "en", triple(c, m->en_utt, m->en_start, m->en_end));
	if (m->fate == XP_PROJECTED || m->fate == XP_SAME_SPAN || m->fate == XP_COLLIDED)
		json_object_set_new_nocheck(o, "tgt", triple(c, m->tgt_utt, m->tgt_start, m->tgt_end));
	else
		json_object_set_new_nocheck(o, "tgt", json_null());
	if (m->fate == XP_NULL_FILTERED && ((m->rule & XP_LR_PRON_DROP) || (m->np & XP_NP_ZH_PARTICLE)))   /* what the rule took away */
		json_object_set_new_nocheck(o, "dropped", triple(c, m->tgt_utt, m->tgt_start, m->tgt_end));
	json_object_set_new_nocheck(o, "fate", json_string_nocheck(xp_fate_name(m->fate)));
	json_object_set_new_nocheck(o, "conf", json_real(m->conf));
	if (m->prodrop)
		json_object_set_new_nocheck(o, "prodrop", json_true());
	if (m->rule)
		json_object_set_new_nocheck(o, "rules", fired(m->rule, XP_LR_NRULES, xp_lr_name, NULL));
	if (m->np)
		json_object_set_new_nocheck(o, "np_rules", fired(m->np, XP_NP_NRULES, xp_np_name, p->lang));
	if (m->same_as != UINT32_MAX)
		json_object_set_new_nocheck(o, "same_as", int_of(c, m->same_as));
	/* the confidence features that are not 0, by name, in the order of the
	 * report's "features": most are 0, and a dense array of 60 took half
	 * the report's CPU (version 2) */
	const float *x = p->feat + (m - p->m) * XP_NFEAT;
	json_t *f = json_object();
	for (int k = 0; f && k < XP_NFEAT; k++)
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

/* The report's first line: the run's counts, rules, language, features,
 * settings and gender, then how many documents follow (one a line). */
static json_t *header(const xp_projection *p, const xp_proj_gender *g, size_t ndocs, const char *settings_json)
{
	json_t *r = json_pack("{s:i}", "version", XP_REPORT_VERSION), *st = stats(&p->total);
	if (!r || !st || json_object_update(r, st)) {
		json_decref(r), json_decref(st);
		return NULL;
	}
	json_decref(st);
	json_object_set_new(r, "language_rules", rule_counts(&p->total));
	json_t *np = json_object();
	for (unsigned k = 0; k < XP_NP_NRULES; k++)
		if (xp_np_listed(k, p->lang))
			json_object_set_new(np, xp_np_name(k), json_integer((json_int_t)p->total.np[k]));
	json_object_set_new(r, "np_rules", np);   /* mentions each changed */
	json_object_set_new(r, "lang", json_string(p->lang));
	json_object_set_new(r, "confidence_model", json_string(p->model.lang));
	json_t *names = json_array();
	for (int k = 0; k < XP_NFEAT; k++)
		json_array_append_new(names, json_string(xp_feat_names[k]));
	json_object_set_new(r, "features", names);
	json_error_t je;
	json_t *set = settings_json ? json_loads(settings_json, 0, &je) : NULL;
	if (set) {
		json_t *np = json_object_get(set, "np_rules");
		for (unsigned k = XP_NP_NLISTED; np && k < XP_NP_NRULES; k++)
			if (!xp_np_listed(k, p->lang))
				json_object_del(np, xp_np_name(k));
		json_object_set_new(r, "settings", set);
	}
	/* after the settings: the run's own counts stay the first "mentions" */
	json_object_set_new(r, "gender", gender_json(g));
	json_object_set_new(r, "documents", json_integer((json_int_t)ndocs));
	return r;
}

static json_t *document(const xp_projection *p, const xp_proj_doc *pd, reals *c)
{
	json_t *o = stats(&pd->st), *ms = json_array(), *map = json_array();
	json_object_set_new(o, "doc", json_string(pd->id));
	json_object_set_new(o, "part", json_integer(pd->part));
	for (size_t t = 0; t < pd->ntgt; t++)
		json_array_append_new(map, json_integer(pd->en_utt_of[t]));
	for (size_t k = 0; k < pd->n; k++)
		json_array_append_new(ms, mention(p, &p->m[pd->first + k], c));
	json_object_set_new(o, "tgt_to_en", map);
	json_object_set_new(o, "detail", ms);
	return o;
}

/* A document's tree lives only while its line is written: the report costs
 * the memory of its largest document, not of the run (at 160k mentions the
 * whole tree and its text took 892 MB, issue 37). */
int xp_projection_report_head(const xp_projection *p, const xp_proj_gender *g, size_t ndocs, const char *settings_json,
			      xp_report_put put, void *ctx)
{
	xp_buf line = {0};
	json_t *h = header(p, g, ndocs, settings_json);
	int rc = put_line(h, &line, put, ctx);
	json_decref(h);
	xp_buf_free(&line);
	return rc;
}

int xp_projection_report_docs(const xp_projection *p, xp_buf *line, xp_report_put put, void *ctx)
{
	reals *c = calloc(1, sizeof *c);
	int rc = c ? 0 : -1;
	for (size_t d = 0; rc == 0 && d < p->ndocs; d++) {
		json_t *o = document(p, &p->docs[d], c);
		rc = put_line(o, line, put, ctx);
		json_decref(o);
	}
	if (c)
		reals_free(c);
	free(c);
	return rc;
}

/* A document's tree lives only while its line is written: the report costs
 * the memory of its largest document, not of the run (at 160k mentions the
 * whole tree and its text took 892 MB, issue 37). */
int xp_projection_report_write(const xp_projection *p, const char *settings_json, xp_report_put put, void *ctx)
{
	xp_proj_gender g;
	xp_buf line = {0};
	xp_proj_gender_counts(p, &g);
	int rc = xp_projection_report_head(p, &g, p->ndocs, settings_json, put, ctx) ||
		 xp_projection_report_docs(p, &line, put, ctx) ? -1 : 0;
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
	for (unsigned k = 0; lr && k < XP_LR_NRULES; k++)
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
