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
 * project.h) in the new sentence (pipeline/reproject.h, which a rerun's
 * carried realigns share).  The spans found are proposals, stored
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
#include "../pipeline/reproject.h"
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
		/* one short line (a toast said it in four): why, and what to do */
		snprintf(p->why, sizeof p->why, "no word-alignment model was recorded with this run (pipeline --save-model "
			 "records one)"), p->loaded = 1;
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

/* The loader: the models of the runs the workbench edits (each run no
 * later run of its documents superseded, as xp_db_runs says: a language's
 * latest, and each shard's of a workflow's stores merged into one; and
 * the run the server was started on) read in the
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
		struct xp_rp_model *p = recorded(db, run);
		if (!p)
			break;
		/* the store's own rule (xp_db_runs' "latest"): superseded by a
		 * later run of its language that holds one of its documents, so
		 * the shards of a workflow merged into one store are each live */
		p->lazy = run != s->run && !json_is_true(json_object_get(r, "latest"));
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
	else if (xp_pipe_reproject_one(m->m, m->path, m->how, in, props, &found, &e))
		snprintf(why, sizeof why, "re-projection failed: %s", e.msg);
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
