/*
 * serve/reproject.c — spans proposed again after a realign.
 *
 * A realign (correct/tedit.c) pairs an utterance with other subtitle
 * lines; the run's word links do not cover the new pair, so its mentions
 * were left with no span.  When the run names the word aligner's model it
 * was aligned with (runs.wa_model, schema 10: `db import --wa-model`, or a
 * pipeline run with the built-in aligner), the new pair is aligned with
 * that model as `wordalign --model M` aligns new text (align/wordalign.h:
 * the samplers start from the model's counts, a couple of sweeps over the
 * one pair, decoding; no training) and the utterance's English mentions
 * are projected with the run's rules (its recorded settings, project/
 * project.h) in the new sentence.  The spans found are proposals, stored
 * per realign (correct/tedit.c xp_db_reproj_put): the corrected view reads
 * them as projected spans until the corrector keeps or changes them, and
 * undoing the realign takes them away with it.
 *
 * The model is read once per run and kept for the server's life (a model
 * file is its counts: tens of megabytes for MMC's, a few for the sample),
 * on the writer's thread, which runs one POST at a time: the first realign
 * of a run waits for the read, the next ones do not.  A model that cannot
 * be used (none recorded, the file gone or changed since it was recorded,
 * a run that wrote its target a character a token) is said in words, and
 * the mentions wait for the corrector as before.
 */
#include "internal.h"
#include "../align/wordalign.h"
#include "../pipeline/pipeline.h"
#include "../io/json.h"
#include "../io/names.h"
#include "../project/project.h"
#include "../project/confidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* one run's model, or why it has none */
struct xp_rp_model {
	int64_t run;
	xp_wa_model *m;
	int owns;           /* m is this entry's (else another run's, the same file) */
	int loaded;         /* m (or why) is final; 0 while the loader has it to read */
	int lazy;           /* a superseded run's: read on its first realign, not by the loader */
	char *path, why[1024];
	int64_t size;
	uint64_t hash;
	json_t *how;        /* what else the run recorded (review.h xp_db_run_model), or NULL */
	size_t bytes;
	struct xp_rp_model *next;
};

void xp_reproject_free(xp_server *s)
{
	if (s->models_state) {
		pthread_mutex_lock(&s->lock);
		s->models_stop = 1;
		pthread_mutex_unlock(&s->lock);
		pthread_join(s->models_thread, NULL);
		pthread_cond_destroy(&s->models_cv);
		s->models_state = 0;
	}
	for (struct xp_rp_model *p = s->models, *n; p; p = n) {
		n = p->next;
		if (p->owns)
			xp_wa_model_free(p->m);
		free(p->path);
		json_decref(p->how);
		free(p);
	}
	s->models = NULL;
}

/* What the store records of run's model, not read yet (p->loaded 0), or
 * why there is none (loaded 1); NULL out of memory. */
static struct xp_rp_model *recorded(xp_db *db, int64_t run)
{
	struct xp_rp_model *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->run = run;
	xp_err e;
	if (xp_db_run_model(db, run, &p->path, &p->size, &p->hash, &p->how, &e))
		snprintf(p->why, sizeof p->why, "cannot read the run's model: %s", e.msg), p->loaded = 1;
	else if (!p->path)
		snprintf(p->why, sizeof p->why, "the run has no word-alignment model recorded (xproj db import --wa-model M, or "
			 "xproj pipeline --save-model), so nothing aligns the new pair"), p->loaded = 1;
	return p;
}

/* p's file read and checked against what was recorded: the one read of a
 * model file (a run naming the same file and bytes as one read already
 * shares its model: `others`, under the server's lock). */
static void load(xp_server *s, struct xp_rp_model *p)
{
	pthread_mutex_lock(&s->lock);
	for (struct xp_rp_model *q = s->models; q; q = q->next)
		if (q != p && q->loaded && q->m && q->owns && q->size == p->size && q->hash == p->hash &&
		    !strcmp(q->path, p->path)) {
			p->m = q->m, p->bytes = q->bytes;
			break;
		}
	pthread_mutex_unlock(&s->lock);
	if (p->m)
		return;
	xp_err e;
	int64_t now_size = 0;
	uint64_t now_hash = 0;
	char *abs = NULL;
	xp_wa_model *m = NULL;
	if (xp_pipe_model_file(p->path, &abs, &now_size, &now_hash, &m, &e))
		snprintf(p->why, sizeof p->why, "cannot use the run's model: %s", e.msg);
	else if (now_size != p->size || now_hash != p->hash) {
		snprintf(p->why, sizeof p->why, "the run's model %s changed since the run was recorded: it is not the "
			 "model the run was aligned with", p->path);
		xp_wa_model_free(m);
		m = NULL;
	} else
		p->bytes = (size_t)p->size;
	free(abs);
	p->m = m, p->owns = m != NULL;
}

/* The loader: the models of the runs the workbench edits (each language's
 * latest run, and the run the server was started on) read in the
 * background from the server's start, so that no realign's POST (nor the
 * requests queued behind it on the writer) waits for a read of tens of
 * megabytes unless it comes before the read is done.  Only those: a store
 * rerun five times records five models of up to some hundred megabytes
 * each, and a POST to a superseded run is refused unless it insists
 * (serve/api.c, old_run); such a run's model is read on its first realign
 * (lazy), and kept. */
static void *loader(void *arg)
{
	xp_server *s = arg;
	for (;;) {
		/* the newest run's first: the one the workbench shows first */
		struct xp_rp_model *p = NULL;
		pthread_mutex_lock(&s->lock);
		for (struct xp_rp_model *q = s->models; q && !s->models_stop; q = q->next)
			if (!q->loaded && !q->lazy && (!p || q->run > p->run))
				p = q;
		if (!p) {
			s->models_state = 2;
			pthread_cond_broadcast(&s->models_cv);
			pthread_mutex_unlock(&s->lock);
			return NULL;
		}
		pthread_mutex_unlock(&s->lock);
		load(s, p);
		pthread_mutex_lock(&s->lock);
		p->loaded = 1;
		pthread_cond_broadcast(&s->models_cv);
		pthread_mutex_unlock(&s->lock);
	}
}

/* whether runs (xp_db_runs) hold a later run of lang than run */
static int superseded(json_t *runs, int64_t run, const char *lang)
{
	size_t k;
	json_t *q;
	json_array_foreach(runs, k, q) {
		const char *l = json_string_value(json_object_get(q, "lang"));
		if (json_integer_value(json_object_get(q, "run")) > run && l && lang && !strcmp(l, lang))
			return 1;
	}
	return 0;
}

void xp_reproject_warm(xp_server *s, xp_db *db)
{
	json_t *runs, *r;
	xp_err e;
	size_t i;
	if (xp_db_runs(db, &runs, &e))
		return;
	int any = 0;
	json_array_foreach(runs, i, r) {
		int64_t run = (int64_t)json_integer_value(json_object_get(r, "run"));
		const char *lang = json_string_value(json_object_get(r, "lang"));
		struct xp_rp_model *p = recorded(db, run);
		if (!p)
			break;
		p->lazy = run != s->run && superseded(runs, run, lang);
		any |= !p->loaded && !p->lazy;
		p->next = s->models;
		s->models = p;
	}
	json_decref(runs);
	if (!any)
		return;
	pthread_cond_init(&s->models_cv, NULL);
	s->models_state = 1;
	if (pthread_create(&s->models_thread, NULL, loader, s)) {
		pthread_cond_destroy(&s->models_cv);
		s->models_state = 0;   /* read by the first realign, as a run added since */
	}
}

json_t *xp_reproject_state(xp_server *s, int64_t run)
{
	json_t *j = json_null();
	pthread_mutex_lock(&s->lock);
	for (struct xp_rp_model *p = s->models; p; p = p->next)
		if (p->run == run) {
			j = !p->loaded && p->lazy ? json_pack("{s:s}", "state", "on first realign")
			    : !p->loaded ? json_pack("{s:s}", "state", "reading")
			    : p->m     ? json_pack("{s:s,s:I}", "state", "ready", "bytes", (json_int_t)p->bytes)
				       : json_pack("{s:s,s:s}", "state", "none", "why", p->why);
			break;
		}
	pthread_mutex_unlock(&s->lock);
	return j ? j : json_null();
}

/* run's model for a realign, on the writer's thread: the loader's (waiting
 * for it only when the realign came before its read was done), or, for a
 * run added since the server started, read now and kept.  *waited: the
 * seconds waited for the loader. */
static struct xp_rp_model *model_of(xp_server *s, xp_db *db, int64_t run, double *waited)
{
	struct xp_rp_model *p;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	*waited = 0;
	pthread_mutex_lock(&s->lock);
	for (;;) {
		for (p = s->models; p && p->run != run; p = p->next)
			;
		if (p && (p->loaded || p->lazy || s->models_state != 1))
			break;
		if (!p && s->models_state != 1)
			break;
		pthread_cond_wait(&s->models_cv, &s->lock);
	}
	pthread_mutex_unlock(&s->lock);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*waited = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (p && p->loaded)
		return p;
	if (!p) {
		if (!(p = recorded(db, run)))
			return NULL;
		pthread_mutex_lock(&s->lock);
		p->next = s->models;
		s->models = p;
		pthread_mutex_unlock(&s->lock);
	}
	if (!p->loaded) {   /* an older run's, or no loader (it could not start): read here */
		load(s, p);
		pthread_mutex_lock(&s->lock);   /* xp_reproject_state reads it on GET threads */
		p->loaded = 1;
		pthread_mutex_unlock(&s->lock);
	}
	return p;
}

/* The run's projection options from its recorded settings (the report's
 * "settings", project/report.c xp_proj_settings); a rule this xproj does
 * not know is left as its default. */
static void options_of(const json_t *set, xp_proj_opts *o)
{
	xp_proj_defaults(o);
	const char *rule = json_string_value(json_object_get(set, "rule")),
		   *coll = json_string_value(json_object_get(set, "collisions"));
	if (rule && xp_rule_named(rule) >= 0)
		o->span.rule = xp_rule_named(rule);
	if (coll && xp_collide_named(coll) >= 0)
		o->collide = xp_collide_named(coll);
	if (json_is_integer(json_object_get(set, "gap")))
		o->span.gap = (int)json_integer_value(json_object_get(set, "gap"));
	if (json_is_number(json_object_get(set, "max_ratio")))
		o->span.max_ratio = json_number_value(json_object_get(set, "max_ratio"));
	if (json_is_number(json_object_get(set, "min_prob")))
		o->span.min_prob = json_number_value(json_object_get(set, "min_prob"));
	if (json_is_boolean(json_object_get(set, "trim_punct")))
		o->span.trim_punct = json_is_true(json_object_get(set, "trim_punct"));
	const char *groups[2] = {"language_rules", "np_rules"};
	for (int g = 0; g < 2; g++) {
		const char *name;
		json_t *on;
		json_object_foreach(json_object_get(set, groups[g]), name, on) {
			char spec[128];
			snprintf(spec, sizeof spec, "%c%s", json_is_true(on) ? '+' : '-', name);
			xp_proj_rules(o, spec, NULL);
		}
	}
	if (json_is_boolean(json_object_get(set, "prodrop")))
		o->prodrop = json_is_true(json_object_get(set, "prodrop"));
}

/* The utterance's English mentions (in's "mentions", half-open) as the
 * aligner's source spans of its one pair: "i-j" (inclusive) for each
 * distinct span, as the pipeline's pairs.spans line for it
 * (io/aligned.c record_spans) holds them. */
static int mention_spans(const json_t *ms, xp_walign *spans, xp_err *err)
{
	xp_buf b = {0};
	json_t *m;
	size_t i;
	json_array_foreach(ms, i, m) {
		int64_t a = json_integer_value(json_object_get(m, "start")), z = json_integer_value(json_object_get(m, "end"));
		int dup = 0;
		for (size_t k = 0; k < i && !dup; k++)
			dup = json_integer_value(json_object_get(json_array_get(ms, k), "start")) == a &&
			      json_integer_value(json_object_get(json_array_get(ms, k), "end")) == z;
		if (a < 0 || z <= a || dup)
			continue;
		xp_buf_printf(&b, "%s%lld-%lld", b.n ? " " : "", (long long)a, (long long)z - 1);
	}
	xp_buf_putc(&b, '\n');
	int rc = b.oom ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory")
		       : xp_pharaoh_read("(the utterance's English mentions)", b.p, b.n, 0, spans, err);
	xp_buf_free(&b);
	return rc;
}

/* The pair's links by the model: src and tgt as one bitext line, aligned
 * as the run's aligner did (how: its seed, symmetrisation, one-way
 * threshold and, when the run's aligner held the English mentions as soft
 * constraints (`pipeline --span-factor X`), the utterance's mentions
 * (ms) at its factor; wordalign's defaults for a run that recorded none);
 * then with the run's other seeds (alt[0..*nalt), for the confidence's
 * seed_agree as the run's alt_seeds gave it). */
static int align_pair(const xp_wa_model *m, const char *name, const json_t *how, const json_t *src, const json_t *tgt,
		      const json_t *ms, xp_walign *sym, xp_walign *alt, size_t *nalt, xp_err *err)
{
	*nalt = 0;
	xp_buf b = {0};
	json_t *t;
	size_t i;
	json_array_foreach(src, i, t) {
		if (i)
			xp_buf_putc(&b, ' ');
		xp_bitext_put_token(&b, json_string_value(t), strlen(json_string_value(t)));
	}
	xp_buf_puts(&b, " ||| ");
	json_array_foreach(tgt, i, t) {
		if (i)
			xp_buf_putc(&b, ' ');
		xp_bitext_put_token(&b, json_string_value(t), strlen(json_string_value(t)));
	}
	xp_buf_putc(&b, '\n');
	if (b.oom) {
		xp_buf_free(&b);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	xp_bitext bt;
	size_t len = b.n;
	if (xp_bitext_read_mem("(the re-paired utterance)", b.p, len, &bt, err)) {
		xp_bitext_free(&bt);   /* it owns b.p */
		return -1;
	}
	xp_wa_opts o;
	xp_wa_defaults(&o);
	xp_sym how_sym = XP_SYM_GDFA;
	const char *sn = json_string_value(json_object_get(how, "sym"));
	if (sn && xp_sym_named(sn) >= 0)
		how_sym = (xp_sym)xp_sym_named(sn);
	if (json_is_integer(json_object_get(how, "seed")))
		o.seed = (uint64_t)json_integer_value(json_object_get(how, "seed"));
	if (json_is_number(json_object_get(how, "one_way")))
		o.one_way = json_number_value(json_object_get(how, "one_way"));
	int na = json_is_integer(json_object_get(how, "alt_seeds")) ? (int)json_integer_value(json_object_get(how, "alt_seeds"))
								    : 0;
	na = na < 0 ? 0 : na > 4 ? 4 : na;
	uint64_t seed = o.seed;
	int rc = xp_wa_model_settings(m, &o, name, err);
	o.model = m;
	o.threads = 1, o.learn_names = 0;
	/* the run's aligner applied the mentions (pipeline/run.c model_how
	 * records the factor only then): so does this one, for any language,
	 * as --span-factor asks */
	xp_walign spans = {0};
	double f = json_number_value(json_object_get(how, "span_factor"));
	if (rc == 0 && json_is_number(json_object_get(how, "span_factor")) && f > 0 && f != 1 &&
	    (rc = mention_spans(ms, &spans, err)) == 0)
		o.src_spans = &spans, o.src_spans_name = "(the utterance's English mentions)", o.span_factor = f,
		o.span_langs = NULL;
	/* run 0, then the other seeds as the pipeline derives them */
	for (int k = 0; rc == 0 && k <= na; k++) {
		xp_wa *w = NULL;
		xp_walign fw = {0}, r = {0};
		o.seed = seed + (uint64_t)k * 1000003u;
		rc = xp_wa_new(&w, &o, err) || xp_wa_add_bitext(w, &bt, err) || xp_wa_run(w, err) ||
		     xp_wa_collect(w, how_sym, &fw, &r, k ? &alt[k - 1] : sym, err);
		if (rc == 0 && k)
			*nalt = (size_t)k;
		xp_wa_free(w);
		xp_walign_free(&fw), xp_walign_free(&r);
	}
	xp_walign_free(&spans);
	xp_bitext_free(&bt);
	return rc ? -1 : 0;
}

/* A text of the run's recipe (db import took it into the store) is the
 * file the run read: its hash is the one the run's settings record
 * (inputs.KEY.hash).  A text edited or damaged in the store was parsed
 * and projected with, and the proposals came from rules the run never had,
 * nothing said. */
static int recipe_fits(const json_t *in, const char *key, const char *text, xp_err *err)
{
	const char *want = json_string_value(
		json_object_get(json_object_get(json_object_get(json_object_get(in, "settings"), "inputs"), key), "hash"));
	char hex[17];
	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)xp_hash(text, strlen(text)));
	if (!want || !strcmp(hex, want))
		return 0;
	return xp_failc(err, XP_EINPUT, "", 0,
			"the store's text of the run's --%s is not the file the run read (hash %s, the run's %s): "
			"edited or damaged in the store",
			key, hex, want);
}

/* The utterance (in: xp_db_reproj_input's) projected on its links:
 * proposals [{"row","span","fate","confidence"}], *found the spans. */
static int project_one(const json_t *in, const json_t *how, const xp_walign *links, const xp_walign *alt, size_t nalt,
		       json_t *props, size_t *found, xp_err *err)
{
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_projection p = {0};
	xp_names names_of, phrases_of;
	xp_conf_model conf_of;
	int has_names = 0, has_phrases = 0, has_conf = 0;
	const char *doc = json_string_value(json_object_get(in, "doc"));
	int part = (int)json_integer_value(json_object_get(in, "part"));
	const json_t *src = json_object_get(in, "src"), *tgt = json_object_get(in, "tgt"),
		     *ms = json_object_get(in, "mentions");
	size_t ns = json_array_size(src), nt = json_array_size(tgt), nm = json_array_size(ms);
	const char **sw = calloc(ns + 1, sizeof *sw), **tw = calloc(nt + 1, sizeof *tw);
	size_t *sl = calloc(ns + 1, sizeof *sl);
	int rc = !sw || !tw || !sl ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
	for (size_t i = 0; rc == 0 && i < ns; i++)
		sw[i] = json_string_value(json_array_get(src, i)), sl[i] = strlen(sw[i]);
	for (size_t i = 0; rc == 0 && i < nt; i++)
		tw[i] = json_string_value(json_array_get(tgt, i));
	xp_doc *d = rc ? NULL : xp_corpus_add_doc(&en, doc, strlen(doc), part);
	if (rc == 0 && (!d || !xp_doc_add_utt(&en, d, json_string_value(json_object_get(in, "speaker")), sw, sl, (uint32_t)ns)))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t k = 0; rc == 0 && k < nm; k++) {
		const json_t *m = json_array_get(ms, k);
		long c = xp_doc_cluster(d, (long long)json_integer_value(json_object_get(m, "cluster")));
		int64_t a = json_integer_value(json_object_get(m, "start")), z = json_integer_value(json_object_get(m, "end"));
		if (c < 0 || a < 0 || a >= z || (size_t)z > ns)
			continue;   /* (db check's to say) */
		if (xp_doc_add_mention(d, 0, (uint32_t)a, (uint32_t)z, (uint32_t)c, 0))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		else
			d->mentions[d->nmentions - 1].id = (uint32_t)json_integer_value(json_object_get(m, "id"));
	}
	if (rc == 0 && xp_doc_finish(d, 0, NULL, NULL))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (rc == 0 && !(al.v = calloc(1, sizeof *al.v)))
		rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	if (rc == 0) {
		xp_autt *r = &al.v[0];
		al.n = al.cap = 1;
		r->doc = doc, r->part = part, r->utt = 0;
		r->speaker = json_string_value(json_object_get(in, "speaker"));
		r->src = sw, r->nsrc = (uint32_t)ns;
		r->tgt = tw, r->ntgt = (uint32_t)nt;
		r->tgt_lang = json_string_value(json_object_get(in, "lang"));
		r->tgt_text = "";
		xp_proj_opts o;
		options_of(json_object_get(in, "settings"), &o);
		/* what the run's projection read besides its settings (how:
		 * pipeline/run.c model_how, db import --wa-names) */
		const char *names = json_string_value(json_object_get(how, "names"));
		if (names && xp_names_parse("(the run's learned names)", names, strlen(names), &names_of, err) == 0)
			has_names = 1, o.names = &names_of;
		else if (names)
			rc = -1;
		/* the files `project` read (db import took their text into the
		 * store: tools/cmd_db.c import_recipe) */
		const char *ph = json_string_value(json_object_get(how, "phrases")),
			   *cm = json_string_value(json_object_get(how, "conf_model"));
		if (rc == 0 && ph)
			rc = recipe_fits(in, "phrases", ph, err);
		if (rc == 0 && ph && (rc = xp_names_parse("(the run's --phrases)", ph, strlen(ph), &phrases_of, err)) == 0)
			has_phrases = 1, o.phrases = &phrases_of;
		if (rc == 0 && cm)
			rc = recipe_fits(in, "model", cm, err);
		if (rc == 0 && cm && (rc = xp_conf_parse("(the run's --model)", cm, strlen(cm), &conf_of, err)) == 0)
			has_conf = 1, o.conf = &conf_of;
		o.segmenter_data = json_string_value(json_object_get(how, "segmenter_data"));
		o.uncalibrated = json_is_true(json_object_get(how, "uncalibrated"));
		o.alt = nalt ? alt : NULL, o.nalt = nalt;
		uint32_t line = 0;
		if (rc == 0)
			rc = xp_project(&en, &al, links, &line, &o, &p, err);
	}
	for (size_t i = 0; rc == 0 && i < p.n; i++) {
		const xp_proj_mention *x = &p.m[i];
		json_t *row = NULL;
		for (size_t k = 0; k < nm && !row; k++)
			if (json_integer_value(json_object_get(json_array_get(ms, k), "id")) == (json_int_t)x->id)
				row = json_object_get(json_array_get(ms, k), "row");
		if (!row)
			continue;
		int has = x->fate == XP_PROJECTED && x->tgt_utt >= 0 && x->tgt_start < x->tgt_end && x->tgt_end <= nt;
		*found += has != 0;
		json_array_append_new(props, json_pack("{s:O,s:o,s:s,s:f}", "row", row, "span",
						       has ? json_pack("[I,I]", (json_int_t)x->tgt_start, (json_int_t)x->tgt_end)
							   : json_null(),
						       "fate", xp_fate_name(x->fate), "confidence", (double)x->conf));
	}
	xp_projection_free(&p);
	if (has_names)
		xp_names_free(&names_of);
	if (has_phrases)
		xp_names_free(&phrases_of);
	if (has_conf)
		xp_conf_free(&conf_of);
	al.n = 0;
	xp_aligned_free(&al);
	xp_corpus_free(&en);
	free(sw), free(tw), free(sl);
	return rc;
}

int xp_reproject(xp_server *s, xp_db *db, int64_t run, const char *key, json_t **summary)
{
	*summary = NULL;
	json_t *in = NULL, *props = json_array();
	xp_err e;
	char why[1100] = "";
	size_t found = 0;
	int64_t tedit = -1;
	if (!props)
		return -1;
	if (xp_db_reproj_input(db, run, key, &in, &e)) {
		json_decref(props);
		return -1;   /* no realign there: nothing to say */
	}
	tedit = json_integer_value(json_object_get(in, "tedit"));
	double waited = 0;
	struct xp_rp_model *m = model_of(s, db, run, &waited);
	json_t *set = json_object_get(in, "settings");
	if (!m)
		snprintf(why, sizeof why, "out of memory");
	else if (!m->m)
		snprintf(why, sizeof why, "%s", m->why);
	else if (json_is_true(json_object_get(set, "chars")))
		snprintf(why, sizeof why, "the run wrote its target a character a token (--chars), and its model aligns "
			 "words: no proposal is made in a sentence of characters");
	else {
		xp_walign links = {0}, alt[4] = {{0}};
		size_t nalt = 0;
		if (align_pair(m->m, m->path, m->how, json_object_get(in, "src"), json_object_get(in, "tgt"),
			       json_object_get(in, "mentions"), &links, alt, &nalt, &e) ||
		    project_one(in, m->how, &links, alt, nalt, props, &found, &e))
			snprintf(why, sizeof why, "re-projection failed: %s", e.msg);
		xp_walign_free(&links);
		for (int k = 0; k < 4; k++)
			xp_walign_free(&alt[k]);
	}
	if (*why)
		json_array_clear(props);
	const char *what = *why ? why : "proposed";
	int rc = xp_db_reproj_put(db, tedit, props, what, &e);
	/* a proposal that would cross another mention of its entity
	 * (correct/cross.c) is not made: none is, and the corrector is told
	 * why, as when there is no model */
	if (rc == XP_EINPUT && !*why && strstr(e.msg, XP_XGUARD_WHY)) {
		snprintf(why, sizeof why, "not re-projected: %s", e.msg);
		json_array_clear(props);
		rc = xp_db_reproj_put(db, tedit, props, why, &e);
	}
	if (rc == 0)
		*summary = *why ? json_pack("{s:s,s:s}", "state", "none", "why", why)
				: json_pack("{s:s,s:I,s:I,s:I,s:f}", "state", "proposed", "proposed", (json_int_t)found, "mentions",
					    (json_int_t)json_array_size(props), "model_bytes", (json_int_t)m->bytes,
					    "model_wait", waited);
	/* what of the run's recipe the proposal lacks: a run recorded before
	 * runs recorded it (it re-projects with its settings, the model and
	 * what db import was told), or what could not be had again */
	if (rc == 0 && *summary && !*why) {
		json_t *left = json_object_get(m->how, "left_out");
		if (!json_is_true(json_object_get(m->how, "recipe")))
			json_object_set_new(*summary, "recipe", json_string("the run recorded no recipe (recorded before "
									    "runs kept project's --phrases, --model, --names, "
									    "--uncalibrated ...): re-projected with its "
									    "settings only"));
		else if (json_array_size(left))
			json_object_set(*summary, "left_out", left);
	}
	json_decref(in), json_decref(props);
	return rc;
}
