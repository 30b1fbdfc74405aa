/*
 * pipeline/reproject.c — a re-paired utterance projected again with its
 * run's word-alignment model (reproject.h): what the workbench does after
 * a realign (serve/reproject.c keeps the models and stores the proposals)
 * and what a rerun does for the realigns it carries (their proposals were
 * the earlier run's, made with the earlier run's model).
 */
#include "reproject.h"
#include "pipeline.h"
#include "../io/bitext.h"
#include "../io/json.h"
#include "../io/names.h"
#include "../io/walign.h"
#include "../base/buf.h"
#include "../base/text.h"
#include "../project/project.h"
#include "../project/confidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A value of the run's aligner record (runs.wa_model's "aligner") that no
 * run can have had: the record edited in the store.  Taken as it was, an
 * unknown "sym" aligned as grow-diag-final-and, a span_factor of 1e300
 * re-projected 30 of the sample's 88 mentions otherwise than the run, one
 * of "50" (text) or -2 held no mention, an alt_seeds of 9 was 4: each
 * realign proposed other spans than the run's aligner would, nothing
 * said.  It now proposes nothing, and says why. */
static int record_fits(const json_t *how, xp_err *err)
{
	const json_t *v;
	const char *key = NULL, *want = NULL;
	double d;
	char num[32];
	if ((v = json_object_get(how, "sym")) && (!json_is_string(v) || xp_sym_named(json_string_value(v)) < 0))
		key = "sym", want = "a symmetrisation wordalign --sym names";
	else if ((v = json_object_get(how, "seed")) && !json_is_integer(v))
		key = "seed", want = "a whole number";
	else if ((v = json_object_get(how, "one_way")) && (!json_is_number(v) || !((d = json_number_value(v)) >= 0 && d <= 1)))
		key = "one_way", want = "a number from 0 to 1 (--one-way)";
	else if ((v = json_object_get(how, "alt_seeds")) &&
		 (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 4))
		key = "alt_seeds", want = "a whole number from 0 to 4 (--alt-seeds)";
	else if ((v = json_object_get(how, "span_factor")) &&
		 (!json_is_number(v) ||
		  !((d = json_number_value(v)) >= XP_WA_SPAN_FACTOR_MIN && d <= XP_WA_SPAN_FACTOR_MAX)))
		key = "span_factor", want = "a number from 0.001 to 1000 (--span-factor)";
	if (!key)
		return 0;
	char *text = json_is_number(v) ? NULL : json_dumps(v, JSON_ENCODE_ANY);
	if (json_is_number(v))
		snprintf(num, sizeof num, "%g", json_number_value(v));
	int rc = xp_failc(err, XP_EINPUT, "", 0, "the run's aligner record says %s %.40s, which no run can have had (%s): "
			  "edited in the store?", key, text ? text : json_is_number(v) ? num : "?", want);
	free(text);
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
	const json_t *sf = json_object_get(how, "span_factor");
	double f = json_number_value(sf);
	if (rc == 0)
		rc = record_fits(how, err);
	if (rc == 0 && json_is_number(sf) && f != 1 && (rc = mention_spans(ms, &spans, err)) == 0)
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

int xp_pipe_reproject_one(const xp_wa_model *m, const char *name, const json_t *how, const json_t *in, json_t *props,
			  size_t *found, xp_err *err)
{
	xp_walign links = {0}, alt[4] = {{0}};
	size_t nalt = 0;
	int rc = align_pair(m, name, how, json_object_get(in, "src"), json_object_get(in, "tgt"), json_object_get(in, "mentions"),
			    &links, alt, &nalt, err) ||
		 project_one(in, how, &links, alt, nalt, props, found, err);
	xp_walign_free(&links);
	for (int k = 0; k < 4; k++)
		xp_walign_free(&alt[k]);
	return rc ? -1 : 0;
}

int xp_pipe_reproject_carried(xp_db *db, int64_t run, const xp_wa_model *m, const char *name, const json_t *how,
			      size_t *redone, size_t *kept, xp_err *err)
{
	*redone = *kept = 0;
	json_t *list, *c;
	size_t i;
	if (xp_db_reproj_carried(db, run, &list, err))
		return -1;
	int rc = 0;
	json_array_foreach(list, i, c) {
		json_t *in = NULL, *props = json_array(), *mine = json_array();
		size_t found = 0;
		xp_err e;
		char why[1200];
		if (!props || !mine) {
			json_decref(props), json_decref(mine);
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
			break;
		}
		/* a run writing its target a character a token: its model aligns
		 * words (serve/reproject.c says the same at a realign) */
		if ((rc = xp_db_reproj_input(db, run, json_string_value(json_object_get(c, "key")), &in, err)) == 0 &&
		    json_is_true(json_object_get(json_object_get(in, "settings"), "chars")))
			snprintf(why, sizeof why, "not re-projected with this run's model: it wrote its target a character a "
				 "token (--chars); the earlier run's proposals carried");
		else if (rc == 0 && xp_pipe_reproject_one(m, name, how, in, props, &found, &e))
			snprintf(why, sizeof why, "not re-projected with this run's model (%s): the earlier run's proposals "
				 "carried", e.msg);
		else if (rc == 0) {
			/* what a corrector acted on keeps the span they saw */
			json_t *p, *acted = json_object_get(c, "acted");
			size_t k, a, left = 0;
			json_array_foreach(props, k, p) {
				json_t *row = json_object_get(p, "row"), *r;
				int act = 0;
				json_array_foreach(acted, a, r)
					act |= json_equal(r, row);
				if (act)
					left++;
				else
					json_array_append(mine, p);
			}
			rc = xp_db_reproj_put(db, json_integer_value(json_object_get(c, "tedit")), mine, "proposed", &e);
			if (rc == XP_EINPUT && strstr(e.msg, XP_XGUARD_WHY)) {
				rc = 0;   /* a proposal would cross: the earlier run's stay, said */
				snprintf(why, sizeof why, "not re-projected with this run's model (%s): the earlier run's proposals "
					 "carried", e.msg);
			} else if (rc) {
				*err = e;
			} else {
				++*redone, *kept += left;
				if (left)
					snprintf(why, sizeof why, "re-projected with this run's model; %zu mention(s) a carried correction "
						 "or review acts on keep the earlier run's proposal", left);
				else
					snprintf(why, sizeof why, "re-projected with this run's model");
			}
		}
		if (rc == 0)
			rc = xp_db_carry_said(db, json_integer_value(json_object_get(c, "tedit")), why, err);
		json_decref(in), json_decref(props), json_decref(mine);
		if (rc)
			break;
	}
	json_decref(list);
	return rc;
}
