/* pipeline/run.c — the stages of xp_pipeline, in order; see pipeline.h. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline.h"
#include "reproject.h"
#include "../correct/db.h"
#include "../correct/review.h"
#include "../base/failpoint.h"
#include "../base/file.h"
#include "../base/outputs.h"
#include "../base/text.h"
#include "../io/conll.h"
#include "../io/dictd.h"
#include "../io/json.h"
#include "../io/jsonl.h"
#include "../io/read.h"
#include "../io/names.h"
#include "../lang/lang.h"
#include "../lang/np.h"

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <unistd.h>

static const char *const stage_names[XP_NSTAGES] = {"align", "bitext", "wordalign", "project", "write", "db"};
static const char *const out_names[XP_NOUTS] = {
	"aligned.jsonl", "pairs.txt", "pairs.map", "pairs.spans", "alignments.pharaoh", "alignments.probs",
	"projected.conll", "projected.jsonlines", "report.json", "summary.txt", "corrections.db", "wordalign.model"};

const char *xp_stage_name(xp_stage s) { return stage_names[s]; }
const char *xp_out_name(xp_out f) { return out_names[f]; }

void xp_pipe_defaults(xp_pipe_opts *o)
{
	memset(o, 0, sizeof *o);
	xp_batch_opts_default(&o->align);
	xp_wa_defaults(&o->wa);
	o->sym = XP_SYM_GDFA;
	xp_proj_defaults(&o->proj);
}

/* Everything a run holds between stages. */
typedef struct run {
	const xp_pipe_opts *o;
	xp_pipe_result *r;
	xp_outputs out;             /* every file but the database, replaced at the end */
	xp_db *db;                  /* the store, its import's transaction open until then */
	char db_path[4200];         /* its path, for a signal's removal while it is new (stage_db) */
	xp_corpus en;
	xp_aligned al;
	xp_buf report;
	xp_bitext bt;
	xp_walign spans;            /* the English mentions of each bitext line */
	xp_buf spans_text;          /* the same as pairs.spans holds them */
	xp_buf episode_pairs;       /* every bilingual pair of the episodes, for the aligner */
	xp_buf db_pairs;            /* the store's confirmed span pairs, then the dictionary's (--dict), for
				       the aligner's lexical model */
	xp_walign wa;
	xp_walign alt[4];         /* o->alt_seeds runs with other seeds */
	xp_names names;             /* the names the built-in aligner learned (project's rule names) */
	int have_names;
	uint32_t *line;
	xp_projection proj;
	size_t *first;              /* streamed: records first[d] .. first[d+1] are document d's */
	const char *report_tmp;     /* streamed: the report's temporary file, which the import reads */
	int64_t model_size;         /* save_model: the model's bytes and their hash, recorded by the db stage */
	uint64_t model_hash;
	xp_buf model_bytes;         /* save_model into a store that exists: the model, for the realigns the
				       rerun carries (re-projected with it by the db stage) */
	struct timespec t0;
} run;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* DIR/name of output f */
static const char *out_path(const run *R, xp_out f, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", R->o->outdir, out_names[f]);
	return buf;
}

/* Stage a buffer as output f. */
static int put(run *R, xp_out f, const xp_buf *b, xp_err *e)
{
	char path[4200];
	out_path(R, f, path, sizeof path);
	if (b->oom)
		return xp_failc(e, XP_ENOMEM, path, 0, "out of memory");
	if (xp_outputs_put(&R->out, path, b->p ? b->p : "", b->n, e))
		return -1;
	R->r->written[f] = 1;
	return 0;
}

/* The subtitles gave no utterance a target: an empty or unreadable file,
 * cues without usable timestamps, a target file that is empty.  Said
 * naming the file at fault (the English subtitles when nothing aligned to
 * them, else the target's). */
static int refuse_unaligned(run *R, xp_err *e)
{
	const xp_align_stats *st = &R->r->align;
	const xp_pipe_opts *o = R->o;
	if (o->allow_empty || !st->utterances || st->empty_target < st->utterances)
		return 0;
	if (!st->aligned)
		return xp_failc(e, XP_EINPUT, o->subs, 0,
				"none of the %zu utterances aligned to a subtitle (an empty file, no readable cue, no "
				"usable timestamps?): nothing is replaced and no run is added (--allow-empty writes the "
				"empty run)", st->utterances);
	const char *tgt = o->tgt_subs ? o->tgt_subs : o->links ? o->links : o->subs;
	return xp_failc(e, XP_EINPUT, tgt, 0,
			"%zu of %zu utterances aligned to the subtitles of %s, none to target text here (an empty or "
			"unreadable target, or cues that match none of theirs?): nothing is replaced and no run is added "
			"(--allow-empty writes the empty run)", st->aligned, st->utterances, o->subs);
}

static int stage_align(run *R, xp_err *e)
{
	const xp_pipe_opts *o = R->o;
	xp_batch b = {0};
	xp_plan_src src = {o->subs, o->tgt_subs, o->links, o->episodes};
	/* the source is read once: its sentences are the utterances aligned
	 * here and the mentions projected later */
	int rc = xp_read_corpus(o->source, XP_FMT_AUTO, NULL, &R->en, e) ||
		 xp_need_some(o->source, R->en.ndocs, "documents", e) ||
		 xp_batch_plan_corpus(&R->en, o->source, &src, &b, e);
	if (!rc && o->notes)
		o->notes(o->arg, &b);
	if (!rc)
	{
		/* the built-in aligner trains on whole episodes, not only the scenes */
		xp_batch_opts bo = o->align;
		bo.pairs = o->alignments || o->scenes_only ? NULL : &R->episode_pairs;
		rc = xp_batch_align(&b, &bo, &R->al, &R->r->align, &R->r->no_subs, e);
	}
	if (!rc && xp_batch_episodes(&b, &R->r->episodes, &R->r->no_subs))
		rc = xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	xp_batch_free(&b);
	if (rc || refuse_unaligned(R, e))
		return -1;
	xp_buf out = {0};
	xp_aligned_write(&out, &R->al);
	rc = put(R, XP_OUT_ALIGNED, &out, e);
	xp_buf_free(&out);
	return rc;
}

/* The bitext goes to the word aligner from memory: once written, the
 * pairs buffer is handed over (the bitext's tokens point into it and it
 * frees it).  So do the English mentions of each line (`bitext --spans`),
 * which the aligner uses as the target language's pack says
 * (XP_LT_MENTION_SPANS); written as pairs.spans when it did. */
static int stage_bitext(run *R, xp_err *e)
{
	xp_buf pairs = {0}, map = {0};
	xp_buf *sp = &R->spans_text;
	xp_aligned_bitext(&R->al, &pairs, &map);
	int rc = put(R, XP_OUT_PAIRS, &pairs, e) || put(R, XP_OUT_MAP, &map, e) ||
		 xp_aligned_spans(&R->en, &R->al, out_names[XP_OUT_ALIGNED], sp, e) ||
		 (sp->oom && xp_failc(e, XP_ENOMEM, out_names[XP_OUT_SPANS], 0, "out of memory")) ||
		 xp_pharaoh_read(out_names[XP_OUT_SPANS], sp->p ? sp->p : "", sp->n, 0, &R->spans, e);
	xp_buf_free(&map);
	if (rc) {
		xp_buf_free(&pairs);
		return -1;
	}
	char *text = pairs.p ? pairs.p : calloc(1, 1);
	if (!text)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	if (xp_bitext_read_mem(out_names[XP_OUT_PAIRS], text, pairs.n, &R->bt, e))
		return -1;
	R->r->pairs = R->bt.n;
	return 0;
}

/* What run 0 of the aligner learned of the show's names (io/names.h), for
 * the projection's rule names. */
static int learned_names(run *R, xp_wa *w, xp_err *e)
{
	if (xp_names_init(&R->names))
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	R->have_names = 1;
	if (xp_wa_names(w, &R->names, e))
		return -1;
	if (xp_names_index(&R->names))
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

/* What run 0 of the aligner learned, as `wordalign --save-model` writes it:
 * DIR/wordalign.model, its size and hash kept for the store's run. */
static int put_model(run *R, xp_wa *w, xp_err *e)
{
	xp_buf b = {0};
	int rc = xp_wa_model_write(w, &b, e);
	if (rc == 0) {
		R->model_size = (int64_t)b.n;
		R->model_hash = xp_hash(b.p, b.n);
		rc = put(R, XP_OUT_MODEL, &b, e);
	}
	/* a rerun (the store is there) may carry realigns, which the db stage
	 * re-projects with this model: kept until then (its size in memory) */
	char db[4200];
	struct stat sb;
	if (rc == 0 && stat(out_path(R, XP_OUT_DB, db, sizeof db), &sb) == 0) {
		xp_buf_free(&R->model_bytes);
		R->model_bytes = b;
		return 0;
	}
	xp_buf_free(&b);
	return rc;
}

/* The span pairs a person confirmed in the store this run writes to (its
 * earlier runs' corrections and keeps, correct/db.h xp_db_pairs), of the
 * target language, into R->db_pairs: the aligner's lexical model trains on
 * them, as `wordalign --train-lex` (issue 33: priors that carry from one run
 * to the next), when asked (--db-pairs; docs/rules.md, "Corrections as the
 * next run's aligner training", says why not by default).  No store yet (a
 * first run), none of the language: nothing. */
static int store_pairs(run *R, const char *lang, xp_err *e)
{
	const xp_pipe_opts *o = R->o;
	char path[4200];
	if (o->no_db || !o->db_pairs || !lang || access(out_path(R, XP_OUT_DB, path, sizeof path), F_OK))
		return 0;
	xp_db *db;
	xp_db_pairs_stats st;
	if (xp_db_open_mode(path, XP_DB_READ, &db, e))
		return -1;
	int rc = xp_db_pairs(db, lang, 0, &R->db_pairs, &st, e);   /* the run's tokens are its aligner's */
	xp_db_close(db);
	if (rc)
		return -1;
	R->r->db_pairs = st.written;
	R->r->db_pairs_other = st.other_runs;
	snprintf(R->r->db_pairs_langs, sizeof R->r->db_pairs_langs, "%s", st.other_langs);
	return 0;
}

/* The pairs of the dictionary o->dict whose words all occur in the bitext
 * the aligner trains on (the run's pairs, the episodes' and the --train
 * files': io/dictd.h, the rule `wordalign --dict` has), after the store's
 * span pairs in R->db_pairs. */
static int dict_pairs(run *R, const char *const lang[2], xp_err *e)
{
	const xp_pipe_opts *o = R->o;
	xp_vocab seen[2];
	memset(seen, 0, sizeof seen);
	int rc = xp_wa_dict_fits(o->dict, xp_dict_detect(o->dict) == XP_DICT_CEDICT, lang, e) ? -1
		 : xp_vocab_init(&seen[0], 1) || xp_vocab_init(&seen[1], 1)
			 ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory")
			 : xp_dictd_seen_bitext(seen, &R->bt, e);
	if (!rc && R->episode_pairs.n)
		rc = xp_dictd_seen_mem(seen, "(the episodes' subtitle pairs)", R->episode_pairs.p, R->episode_pairs.n, e);
	for (size_t k = 0; !rc && k < o->wa.ntrain; k++)
		rc = xp_dictd_seen_file(seen, o->wa.train[k], e);
	xp_dictd_opts dopts = {{&seen[0], &seen[1]}};
	xp_dictd_stats st;
	if (!rc && !(rc = xp_dict_pairs(o->dict, XP_DICT_AUTO, &dopts, &R->db_pairs, &st, e))) {
		R->r->dict_pairs = st.pairs;
		R->r->dict_unseen = st.unseen;
		rc = xp_wa_dict_nonempty(o->dict, st.pairs, st.unseen, st.entries, e);
	}
	if (!rc && R->db_pairs.oom)
		rc = xp_failc(e, XP_ENOMEM, o->dict, 0, "out of memory");
	xp_vocab_free(&seen[0]);
	xp_vocab_free(&seen[1]);
	return rc;
}

/* The bitext's pairs aligned, trained together with every bilingual pair
 * of the episodes, the --train files and the store's confirmed span pairs. */
static int builtin_align(run *R, xp_err *e)
{
	xp_walign f = {0}, r = {0};
	xp_wa *w = NULL;
	const xp_buf *ep = &R->episode_pairs;
	if (ep->oom)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	/* the words normalised for English and for the target language the
	 * align stage took (given, or found from the subtitles' script) */
	xp_wa_opts wo = R->o->wa;
	wo.lang[0] = "en";
	wo.lang[1] = R->o->align.tgt_lang ? R->o->align.tgt_lang : R->r->align.tgt_lang;
	/* the English mentions as the aligner's soft constraints (wordalign.h,
	 * src_spans): the aligner applies them for the languages whose pack
	 * asks (none today) or --span-factor X, as `wordalign --src-spans pairs.spans` does, so that
	 * the stage commands (workflow/Snakefile) give the pipeline's links */
	wo.src_spans = &R->spans;
	wo.src_spans_name = out_names[XP_OUT_SPANS];
	int rc = store_pairs(R, wo.lang[1], e);
	if (rc == 0 && R->o->dict)
		rc = dict_pairs(R, wo.lang, e);
	if (rc == 0 && R->db_pairs.n)
		wo.lex_mem = R->db_pairs.p, wo.lex_mem_len = R->db_pairs.n,
		wo.lex_mem_name = R->r->db_pairs && R->o->dict ? "(the store's span pairs and the dictionary's)"
				: R->r->db_pairs ? "(the store's span pairs)" : R->o->dict;
	/* run 0 is the alignment; runs 1.. the same with other seeds, whose
	 * projections only tell which spans a seed can move */
	for (int k = 0; rc == 0 && k <= R->o->alt_seeds && k <= 4; k++) {
		wo.seed = R->o->wa.seed + (uint64_t)k * 1000003u;
		wo.keep_model = k == 0 && R->o->save_model;
		rc = xp_wa_new(&w, &wo, e) || xp_wa_add_bitext(w, &R->bt, e) ||
		     (ep->n && xp_wa_add_train_mem(w, "(the episodes' subtitle pairs)", ep->p, ep->n, e)) ||
		     xp_wa_run(w, e) || xp_wa_collect(w, R->o->sym, &f, &r, k ? &R->alt[k - 1] : &R->wa, e) ||
		     (k == 0 && wo.learn_names && learned_names(R, w, e)) || (wo.keep_model && put_model(R, w, e));
		if (rc == 0 && k == 0) {
			R->r->span_blocks = xp_wa_span_blocks(w);
			R->r->train_empty = xp_wa_train_empty(w, &R->r->train_empty_path);
		}
		xp_wa_free(w);
		w = NULL;
		xp_walign_free(&f);
		xp_walign_free(&r);
	}
	return rc;
}

static int stage_wordalign(run *R, xp_err *e)
{
	const xp_pipe_opts *o = R->o;
	int rc = o->alignments ? xp_pharaoh_read_file(o->alignments, o->one_based, &R->wa, e) ||
					 (o->probs && xp_probs_read_file(o->probs, &R->wa, e))
			       : builtin_align(R, e);
	if (rc)
		return -1;
	R->r->links = R->wa.nlinks;
	xp_buf ph = {0}, pr = {0};
	xp_pharaoh_write(&ph, &R->wa, 0);
	if (R->wa.has_probs)
		xp_probs_write(&pr, &R->wa);
	rc = put(R, XP_OUT_PHARAOH, &ph, e) || (R->wa.has_probs && put(R, XP_OUT_PROBS, &pr, e)) ||
	     (R->r->span_blocks && put(R, XP_OUT_SPANS, &R->spans_text, e));
	/* The projection reads the posteriors as the file holds them (six
	 * significant digits), as a `project --probs` of this run's files does:
	 * a confidence right at a rule's cut (doubt's 0.4) would otherwise fall
	 * on one side here and on the other in the stage-by-stage run. */
	if (rc == 0 && !o->alignments && R->wa.has_probs)
		rc = xp_probs_read(out_names[XP_OUT_PROBS], pr.p, pr.n, &R->wa, e);
	xp_buf_free(&ph);
	xp_buf_free(&pr);
	/* what only the aligner needed: the projection and the import hold
	 * the corpora and the alignment alone */
	xp_bitext_free(&R->bt);
	xp_walign_free(&R->spans);
	xp_buf_free(&R->spans_text);
	xp_buf_free(&R->episode_pairs);
	xp_buf_free(&R->db_pairs);
	return rc;
}

/* --- the projection a document at a time (issue 37) ---------------------------------
 *
 * The projection, its files and the report are made one document at a time
 * (project.h xp_proj_stream), written to their temporary files before the
 * next document is projected, as `xproj project` does (tools/pstream.c):
 * memory holds one document's projection, not the corpus', and the report is
 * never held whole (the import reads it from its temporary file).  The whole
 * path (xp_project) stays for what this does not read the way it does
 * (records not in the English documents' order) and for every failure: it is
 * an optimisation, never a second behaviour, and the whole path's messages
 * say what was wrong. */

/* first[d] .. first[d+1]: the records of English document d, which follow
 * each other in the documents' order; -1 when they do not. */
static int doc_records(run *R)
{
	const xp_corpus *en = &R->en;
	const xp_aligned *al = &R->al;
	if (!(R->first = malloc((en->ndocs + 1) * sizeof *R->first)))
		return -1;
	size_t k = 0;
	for (size_t d = 0; d < en->ndocs; d++) {
		const xp_doc *doc = &en->docs[d];
		R->first[d] = k;
		while (k < al->n && al->v[k].part == doc->part && al->v[k].doc && !strcmp(al->v[k].doc, doc->id))
			k++;
	}
	R->first[en->ndocs] = k;
	return k == al->n ? 0 : -1;
}

typedef struct pstage {
	run *R;
	xp_proj_stream *st;
	const xp_walign *alt;
	xp_outputs out;             /* the projection's files, handed to R->out when done */
	xp_put_fn put_conll, put_jsonl, put_rep;
	void *pconll, *pjsonl, *prep;
	int rep_head;               /* the report's header is written */
	xp_report_writer *rw;
	xp_buf line, b, settings;
	xp_projection head;         /* the header's totals, language and model */
	xp_proj_gender gender;
	size_t ndocs, empty;
	int segmenter;
	xp_err e;
} pstage;

static int put_buf(xp_put_fn put, void *pctx, const xp_buf *b)
{
	return b->oom ? -1 : b->n ? put(pctx, b->p, b->n) : 0;
}

/* One pass over the documents: each projected, its lines of the two corpora
 * and of the report written, and freed. */
static int pdocs(pstage *P)
{
	run *R = P->R;
	int rc = 0;
	for (size_t d = 0; rc == 0 && d < R->en.ndocs; d++) {
		xp_corpus one = {.docs = &R->en.docs[d], .ndocs = 1};
		xp_aligned recs = {.v = R->al.v + R->first[d], .n = R->first[d + 1] - R->first[d]};
		xp_projection p = {0};
		rc = xp_proj_stream_doc(P->st, &one, &recs, &R->wa, R->line + R->first[d], P->alt, &p, &P->e);
		if (rc == 0) {
			xp_proj_gender g;
			xp_proj_stats_add(&P->head.total, &p.total);
			xp_proj_gender_counts(&p, &g);
			xp_proj_gender_add(&P->gender, &g);
			P->head.model = p.model;
			P->segmenter = p.segmenter;
			P->ndocs += p.ndocs;
			/* the report lists every document; the corpora leave out
			 * those with no target sentence unless --keep-empty.  Its
			 * header names the model, known with the first document. */
			if (!P->rep_head)
				P->rep_head = 1, rc = xp_projection_report_head(&P->head, P->settings.p, P->put_rep, P->prep);
			if (rc == 0)
				rc = xp_projection_report_docs_w(&p, P->rw, &P->line, P->put_rep, P->prep);
		}
		if (rc == 0 && !R->o->keep_empty)
			P->empty += xp_corpus_drop_empty(&p.out);
		P->b.n = 0;
		char cpath[4200];
		if (rc == 0)
			rc = xp_conll_check(out_path(R, XP_OUT_CONLL, cpath, sizeof cpath), &p.out, &P->e);
		if (rc == 0) {
			xp_conll_write(&P->b, &p.out);
			rc = put_buf(P->put_conll, P->pconll, &P->b);
		}
		P->b.n = 0;
		if (rc == 0)
			rc = xp_jsonl_write(&P->b, &p.out, &P->e) || put_buf(P->put_jsonl, P->pjsonl, &P->b) ? -1 : 0;
		xp_projection_free(&p);
	}
	return rc;
}

/* The report straight to its temporary file: header, the documents' lines
 * as they are projected, then the trailer with the totals (version 4). */
static int gen_report(void *ctx, xp_put_fn put, void *pctx)
{
	pstage *P = ctx;
	P->put_rep = put, P->prep = pctx, P->rep_head = 0;
	int rc = pdocs(P);
	if (rc == 0 && !P->rep_head)
		rc = xp_projection_report_head(&P->head, P->settings.p, put, pctx);
	if (rc == 0)
		rc = xp_projection_report_end(&P->head, &P->gender, P->ndocs, put, pctx);
	return rc;
}

static int gen_jsonl(void *ctx, xp_put_fn put, void *pctx)
{
	pstage *P = ctx;
	char path[4200];
	P->put_jsonl = put, P->pjsonl = pctx;
	return xp_outputs_stream(&P->out, out_path(P->R, XP_OUT_REPORT, path, sizeof path), gen_report, P, &P->e);
}

/* projected.conll's generator runs the pass, with projected.jsonlines' and
 * the report's temporary files open inside it: the three are written side
 * by side, a document at a time */
static int gen_conll(void *ctx, xp_put_fn put, void *pctx)
{
	pstage *P = ctx;
	char path[4200];
	P->put_conll = put, P->pconll = pctx;
	return xp_outputs_stream(&P->out, out_path(P->R, XP_OUT_JSONL, path, sizeof path), gen_jsonl, P, &P->e);
}

static int ppass(pstage *P)
{
	char path[4200];
	memset(&P->head.total, 0, sizeof P->head.total);
	memset(&P->gender, 0, sizeof P->gender);
	P->ndocs = P->empty = 0;
	return xp_outputs_stream(&P->out, out_path(P->R, XP_OUT_CONLL, path, sizeof path), gen_conll, P, &P->e) ? -1 : 0;
}

/* 1: projected and written, a document at a time; 0: not so, nothing
 * written (the whole path runs). */
static int project_streamed(run *R, const xp_proj_opts *po)
{
	const xp_aligned *al = &R->al;
	pstage P = {.R = R, .alt = po->nalt ? po->alt : NULL};
	/* the corpus' language and whether some record takes jieba's words,
	 * as xp_project finds them */
	int seg = 0;
	for (size_t k = 0; k < al->n && !P.head.lang[0]; k++)
		if (al->v[k].tgt_lang)
			snprintf(P.head.lang, sizeof P.head.lang, "%s", al->v[k].tgt_lang);
	for (size_t k = 0; k < al->n && !seg; k++)
		seg = xp_lang_get(al->v[k].tgt_lang)->segmenter_rule != 0;
	xp_proj_settings(&R->o->proj, &P.settings);
	if (R->o->whole || !al->n || P.settings.oom || doc_records(R) ||
	    xp_proj_stream_open(po, P.head.lang, seg, &P.st, &P.e) || !(P.rw = xp_report_writer_new())) {
		xp_proj_stream_free(P.st);
		xp_buf_free(&P.settings);
		return 0;
	}
	int rc = ppass(&P);
	/* names rendered across the corpus: their members are placed in a
	 * second pass, and only its files count */
	long names = rc ? 0 : xp_proj_stream_settle(P.st);
	if (names < 0)
		rc = -1;
	if (rc == 0 && names > 0) {
		xp_outputs_abort(&P.out);
		rc = ppass(&P);
	}
	/* xp_project refuses files that do not belong together (no utterance
	 * found): it says so itself */
	if (rc == 0 && !xp_proj_stream_found(P.st) && P.head.total.utterances)
		rc = -1;
	xp_buf_free(&P.line);
	xp_buf_free(&P.b);
	xp_buf_free(&P.settings);
	xp_report_writer_free(P.rw);
	xp_proj_stream_free(P.st);
	/* the files join the run's, replaced with them */
	if (rc == 0 && xp_grow(&R->out.v, &R->out.cap, R->out.n + P.out.n, sizeof *R->out.v))
		rc = -1;
	if (rc) {
		xp_outputs_abort(&P.out);
		return 0;
	}
	char path[4200];
	out_path(R, XP_OUT_REPORT, path, sizeof path);
	for (size_t k = 0; k < P.out.n; k++) {
		R->out.v[R->out.n] = P.out.v[k];
		if (!strcmp(P.out.v[k].path, path))
			R->report_tmp = R->out.v[R->out.n].tmp;
		R->out.n++;
	}
	free(P.out.v);
	R->proj.total = P.head.total;
	R->proj.segmenter = P.segmenter;
	R->r->empty_docs = P.empty;
	R->r->written[XP_OUT_CONLL] = R->r->written[XP_OUT_JSONL] = R->r->written[XP_OUT_REPORT] = 1;
	R->r->streamed |= XP_PIPE_STREAMED_PROJECT;
	return 1;
}

static int stage_project(run *R, xp_err *e)
{
	const char *where = R->o->alignments ? R->o->alignments : out_names[XP_OUT_PHARAOH];
	xp_proj_opts po = R->o->proj;
	if (!R->o->alignments && R->o->alt_seeds > 0)
		po.alt = R->alt, po.nalt = (size_t)(R->o->alt_seeds < 4 ? R->o->alt_seeds : 4);
	if (R->have_names)
		po.names = &R->names;
	if (xp_err_in(xp_bitext_lines(&R->al, NULL, &R->line, R->wa.nsent, e), e, where) ||
	    xp_check_alignment(&R->al, R->line, &R->wa, where, e) ||
	    (!project_streamed(R, &po) && xp_project(&R->en, &R->al, &R->wa, R->line, &po, &R->proj, e)))
		return -1;
	R->r->proj = R->proj.total;
	R->r->segmenter = R->proj.segmenter;
	if (!R->o->allow_empty && R->proj.total.mentions && !R->proj.total.projected)
		return xp_failc(e, XP_EINPUT, R->o->alignments ? R->o->alignments : R->o->tgt_subs ? R->o->tgt_subs : R->o->subs, 0,
				"none of the %zu mentions projected: nothing is replaced and no run is added "
				"(--allow-empty writes the empty run)", R->proj.total.mentions);
	return 0;
}

static int stage_write(run *R, xp_err *e)
{
	if (R->r->streamed & XP_PIPE_STREAMED_PROJECT)   /* written as projected */
		return 0;
	xp_buf set = {0};
	xp_proj_settings(&R->o->proj, &set);
	int rc = set.oom || xp_projection_report(&R->proj, set.p, &R->report);
	xp_buf_free(&set);
	if (rc)
		return xp_failc(e, XP_ENOMEM, out_names[XP_OUT_REPORT], 0, "out of memory");
	char conll[4200], jsonl[4200];
	/* the projected corpus is training data: a document with no target
	 * sentence is nothing to learn from (the report still lists it) */
	if (!R->o->keep_empty)
		R->r->empty_docs = xp_corpus_drop_empty(&R->proj.out);
	if (xp_put_corpus(&R->out, out_path(R, XP_OUT_CONLL, conll, sizeof conll), XP_FMT_CONLL, &R->proj.out, e) ||
	    xp_put_corpus(&R->out, out_path(R, XP_OUT_JSONL, jsonl, sizeof jsonl), XP_FMT_JSONL, &R->proj.out, e))
		return -1;
	R->r->written[XP_OUT_CONLL] = R->r->written[XP_OUT_JSONL] = 1;
	return put(R, XP_OUT_REPORT, &R->report, e);
}

/* a path as JSON text, NULL for none: its bytes made UTF-8 (a name in
 * Latin-1 made json_pack fail, and the run, done, was refused as "out of
 * memory"); the record is the run's provenance, not read back as a path */
static json_t *path_text(const char *p)
{
	return p ? xp_json_text(p) : NULL;
}

/* The run's inputs as the database records them (JSON, escaped). */
static char *files_json(const xp_pipe_opts *o, const xp_pipe_result *r)
{
	json_t *j = json_pack("{s:o, s:o*, s:o*, s:o*, s:o*, s:o*}", "source", xp_json_text(o->source), "subs",
			      path_text(o->subs), "tgt_subs", path_text(o->tgt_subs), "links", path_text(o->links),
			      "episodes", path_text(o->episodes), "alignments", path_text(o->alignments));
	/* the span pairs of the store's earlier corrections the aligner
	 * trained on: a run that learned from them says so with it */
	if (j && r->db_pairs && json_object_set_new(j, "db_pairs", json_integer((json_int_t)r->db_pairs)))
		json_decref(j), j = NULL;
	/* and the dictionary it learned from (--dict) */
	if (j && o->dict && json_object_set_new(j, "dict", xp_json_text(o->dict)))
		json_decref(j), j = NULL;
	char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return s;
}

/* The documents a document at a time, for xp_db_import_run_docs: each a
 * view of the run's corpora (nothing copied). */
typedef struct feed {
	run *R;
	size_t d;
	xp_corpus one;
	xp_aligned recs;
} feed;

static int feed_next(void *ctx, const xp_corpus **en, const xp_aligned **al, xp_err *err)
{
	(void)err;
	feed *f = ctx;
	run *R = f->R;
	if (f->d >= R->en.ndocs)
		return 0;
	f->one = (xp_corpus){.docs = &R->en.docs[f->d], .ndocs = 1};
	f->recs = (xp_aligned){.v = R->al.v + R->first[f->d], .n = R->first[f->d + 1] - R->first[f->d]};
	f->d++;
	*en = &f->one, *al = &f->recs;
	return 1;
}

/* What the workbench's re-projection after a realign needs besides the
 * model to project a re-paired utterance as this run would have
 * (serve/reproject.c, correct/review.h xp_db_run_model): the aligner's
 * seed, symmetrisation, one-way threshold and other seeds (the
 * confidence's seed_agree), the names run 0 learned (the rule names), the
 * factor of the English mentions as soft constraints (when applied), and
 * what the projection read that its settings do not say (the segmenter's
 * directory, absolute; uncalibrated). */
static json_t *model_how(run *R)
{
	const xp_pipe_opts *o = R->o;
	/* "recipe": all that decides the run's spans is here or in its
	 * settings (the pipeline reads no --phrases nor --model) */
	json_t *j = json_pack("{s:I,s:s,s:f,s:i,s:b,s:b}", "seed", (json_int_t)o->wa.seed, "sym", xp_sym_name(o->sym),
			      "one_way", o->wa.one_way, "alt_seeds", o->alt_seeds < 4 ? o->alt_seeds : 4, "uncalibrated",
			      o->proj.uncalibrated != 0, "recipe", 1);
	if (j && R->have_names) {
		xp_buf b = {0};
		xp_names_write(&R->names, &b);
		if (b.oom || json_object_set_new(j, "names", json_stringn(b.p ? b.p : "", b.n)))
			json_decref(j), j = NULL;
		xp_buf_free(&b);
	}
	/* the English mentions were the aligner's soft constraints (--span-factor
	 * X, or a pack that asks): a realign's aligner holds the utterance's
	 * mentions at the same factor.  Only when the aligner built blocks of
	 * them, which it does exactly when it applied them to a mention of two
	 * or more tokens: a run without leaves its record as before */
	if (j && R->r->span_blocks && json_object_set_new(j, "span_factor", json_real(o->wa.span_factor)))
		json_decref(j), j = NULL;
	if (j && o->proj.segmenter_data) {
		char *abs = realpath(o->proj.segmenter_data, NULL);
		if (json_object_set_new(j, "segmenter_data", json_string(abs ? abs : o->proj.segmenter_data)))
			json_decref(j), j = NULL;
		free(abs);
	}
	return j;
}

/* Straight into DIR/corrections.db: the database outlives runs.  The
 * import is one transaction, left open: xp_pipeline commits it only after
 * the files are in place, so a run the store holds always has its files
 * (a failure or a kill before that leaves the store as it was). */
static int stage_db(run *R, xp_err *e)
{
	char *files = files_json(R->o, R->r);
	if (!files)
		return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
	const char *lang = R->o->align.tgt_lang ? R->o->align.tgt_lang : R->r->align.tgt_lang;
	/* a store this run makes is its output too: a failure (xp_pipeline,
	 * xp_db_discard) or SIGINT, SIGTERM, SIGHUP before the store's commit
	 * removes it.  Before, a fresh -o whose import failed (a full disk)
	 * was left holding an empty corrections.db, where the run had no file.
	 * Named for the handler before it is made, as a scratch file is
	 * (base/outputs.h), and forgotten if it was there (another's) */
	const char *path = out_path(R, XP_OUT_DB, R->db_path, sizeof R->db_path);
	struct stat sb;
	if (lstat(path, &sb) != 0)
		xp_outputs_scratch(R->db_path);
	int rc = xp_db_open(path, &R->db, e);
	if (!xp_db_made(R->db))
		xp_outputs_scratch_done(R->db_path);
	rc = rc || xp_db_begin(R->db, e);
	if (!rc && R->report_tmp) {
		/* projected a document at a time: the report is read from its
		 * temporary file, a document at a time too, and the documents
		 * with their records are given one by one; should that fail
		 * (nothing is written then), the whole corpus is imported, whose
		 * checks say what was wrong */
		feed f = {.R = R};
		size_t nd = 0;
		xp_err ignored = {0};
		if (xp_db_import_run_docs(R->db, feed_next, &f, R->report_tmp, lang, files, &R->r->run, &nd, &ignored) == 0)
			R->r->streamed |= XP_PIPE_STREAMED_IMPORT;
		else
			rc = xp_db_import_run_file(R->db, &R->en, &R->al, R->report_tmp, lang, files, &R->r->run, e);
	} else if (!rc) {
		rc = xp_db_import_run(R->db, &R->en, &R->al, R->report.p, lang, files, &R->r->run, e);
	}
	free(files);
	/* the model the run was aligned with, where it will be once the files
	 * are in place (they are renamed there with the store's commit) */
	if (!rc && R->r->written[XP_OUT_MODEL]) {
		char *dir = realpath(R->o->outdir, NULL);
		xp_buf mp = {0};
		xp_buf_printf(&mp, "%s/%s", dir ? dir : R->o->outdir, out_names[XP_OUT_MODEL]);
		json_t *how = model_how(R);
		rc = mp.oom || !how ? xp_failc(e, XP_ENOMEM, "", 0, "out of memory")
				    : xp_db_set_run_model(R->db, R->r->run, mp.p, R->model_size, R->model_hash, how, e);
		/* the realigns this rerun carried: their proposals were the earlier
		 * run's model's; this run's makes them again (pipeline/reproject.h) */
		json_t *carried = NULL;
		if (!rc && R->model_bytes.n && !(rc = xp_db_reproj_carried(R->db, R->r->run, &carried, e)) &&
		    json_array_size(carried)) {
			xp_wa_model *m = NULL;
			size_t redone, kept;
			rc = xp_wa_model_parse(mp.p, R->model_bytes.p, R->model_bytes.n, &m, e) ||
			     xp_pipe_reproject_carried(R->db, R->r->run, m, mp.p, how, &redone, &kept, e);
			xp_wa_model_free(m);
		}
		json_decref(carried);
		xp_buf_free(&R->model_bytes);
		json_decref(how);
		free(dir);
		xp_buf_free(&mp);
	}
	/* what the import carried over from the run before, for the summary:
	 * a rerun that silently dropped corrections would be found too late */
	json_t *c = NULL;
	if (!rc && !(rc = xp_db_carried(R->db, R->r->run, NULL, &c, e))) {
		size_t i;
		json_t *x;
		json_array_foreach(c, i, x) {
			const char *s = json_string_value(json_object_get(x, "status"));
			R->r->carry_from = json_integer_value(json_object_get(x, "from_run"));
			/* (a realign re-projected with this run's model says so too:
			 * not one the summary warns of) */
			const char *why = json_string_value(json_object_get(x, "why"));
			if (s && !strcmp(s, "carried"))
				R->r->carried++, R->r->carry_said += why && !strncmp(why, "not re-projected", 16);
			else if (s && !strcmp(s, "agrees"))
				R->r->carry_agrees++;
			else
				R->r->carry_lost++;
		}
		json_decref(c);
	}
	R->r->written[XP_OUT_DB] = !rc;
	return rc;
}

static int (*const stages[XP_NSTAGES])(run *, xp_err *) = {
	stage_align, stage_bitext, stage_wordalign, stage_project, stage_write, stage_db};

static int run_stages(run *R, xp_err *e)
{
	for (int s = 0; s < XP_NSTAGES; s++) {
		if (s == XP_STAGE_DB && R->o->no_db)
			break;
		if (R->o->progress)
			R->o->progress(R->o->arg, (xp_stage)s);
		double t = now();
		if (stages[s](R, e))
			return -1;
		R->r->seconds[s] = now() - t;
	}
	xp_buf sum = {0};
	xp_pipe_summary(R->o, R->r, &sum);
	int rc = put(R, XP_OUT_SUMMARY, &sum, e);
	xp_buf_free(&sum);
	return rc;
}

static void run_free(run *R)
{
	xp_corpus_free(&R->en);
	xp_aligned_free(&R->al);
	xp_buf_free(&R->report);
	xp_bitext_free(&R->bt);
	xp_walign_free(&R->spans);
	xp_buf_free(&R->spans_text);
	xp_buf_free(&R->episode_pairs);
	xp_buf_free(&R->db_pairs);
	xp_buf_free(&R->model_bytes);
	xp_walign_free(&R->wa);
	for (int k = 0; k < 4; k++)
		xp_walign_free(&R->alt[k]);
	free(R->line);
	free(R->first);
	xp_projection_free(&R->proj);
	if (R->have_names)
		xp_names_free(&R->names);
}

/* Earlier xproj versions staged a run's files in DIR/.xproj-XXXXXX, which
 * a killed run left behind; today's temporary files sit beside their
 * destinations and are swept by the next write to each.  A staging
 * directory of that name is always stale now: remove it. */
static void sweep_staging(const char *dir)
{
	DIR *d = opendir(dir);
	char p[4600], f[4900];
	for (struct dirent *de; d && (de = readdir(d));) {
		if (strncmp(de->d_name, ".xproj-", 7) || strlen(de->d_name) != 13)
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
		DIR *s = opendir(p);
		for (struct dirent *x; s && (x = readdir(s));)
			if (strcmp(x->d_name, ".") && strcmp(x->d_name, ".."))
				snprintf(f, sizeof f, "%s/%s", p, x->d_name), unlink(f);
		if (s)
			closedir(s);
		rmdir(p);
	}
	if (d)
		closedir(d);
}

/* The files an earlier run wrote that this one does not (pairs.spans
 * without the aligner's spans, alignments.probs without posteriors): left
 * there, they would be read as this run's.  Removed once this run's files
 * are in place (a failed run leaves the earlier run's set whole); never the
 * database, which keeps every run's corrections, nor the model an earlier
 * run of the store may name (a model saved since replaces it: the store
 * then finds it changed and says so). */
static void remove_stale(run *R)
{
	char path[4200];
	struct stat st;
	for (int f = 0; f < XP_NOUTS; f++) {
		if (R->r->written[f] || f == XP_OUT_DB || f == XP_OUT_MODEL ||
		    lstat(out_path(R, (xp_out)f, path, sizeof path), &st))
			continue;
		R->r->removed[f] = !S_ISDIR(st.st_mode) && unlink(path) == 0 ? 1 : -1;
	}
}

/* xp_outputs_commit_then's step: the files are in place */
static int store_commit(void *db, xp_err *e)
{
	xp_failpoint("pipeline-commit");   /* killed here: the files hold a run the store does not */
	return xp_db_commit(db, e);
}

/* --segmenter-data's directory, which a saved model's recipe records
 * (model_how) for a workbench's realign to read again: a path not in
 * UTF-8 is refused before any work (base/file.h xp_path_recordable), as
 * project --report refuses it (tools/cmd_project.c). */
static int check_recipe_paths(const xp_pipe_opts *o, xp_err *err)
{
	if (!o->save_model || !o->proj.segmenter_data)
		return 0;
	char *abs = realpath(o->proj.segmenter_data, NULL);
	int rc = xp_path_recordable("--segmenter-data", o->proj.segmenter_data, abs, err);
	free(abs);
	return rc;
}

int xp_pipeline(const xp_pipe_opts *o, xp_pipe_result *r, xp_err *err)
{
	memset(r, 0, sizeof *r);
	if (!o->source || !o->subs || !o->outdir)
		return xp_failc(err, XP_EUSAGE, "", 0, "the pipeline needs a source corpus, subtitles and an output directory");
	if (check_recipe_paths(o, err))
		return -1;
	run R = {.o = o, .r = r};
	struct stat was;
	int fresh = lstat(o->outdir, &was) != 0;
	/* how much of DIR's path was there before: the parents made for it go
	 * with it when the run is refused */
	size_t kept = strlen(o->outdir);
	for (char up[4096]; fresh && kept;) {
		while (kept && o->outdir[kept - 1] != '/')
			kept--;
		while (kept > 1 && o->outdir[kept - 1] == '/')
			kept--;
		snprintf(up, sizeof up, "%.*s", (int)kept, o->outdir);
		if (!kept || lstat(up, &was) == 0)
			break;
	}
	if (xp_mkdirs(o->outdir, err))
		return -1;
	if (fresh)
		xp_outputs_made_dir(o->outdir, kept);   /* interrupted: removed as a refused run's */
	sweep_staging(o->outdir);
	/* files first, then the store: killed in between, the directory holds
	 * a run the store does not (a rerun mends it), never the reverse */
	int rc = run_stages(&R, err);
	/* SIGINT and SIGTERM held from the files' commit to the store's: a
	 * Ctrl-C there left the files of a run the store did not have */
	xp_sighold hold;
	xp_signals_hold(&hold);
	/* the store's commit failing (a full disk: the log cannot grow) puts
	 * the files back as they were: before, exit 1 left every file of the
	 * run the store refused, the earlier run's gone */
	if (rc)
		xp_outputs_abort(&R.out);
	else if ((rc = xp_outputs_commit_then(&R.out, R.db ? store_commit : NULL, R.db, err)) == 0)
		remove_stale(&R);
	if (R.db && rc)
		xp_db_rollback(R.db);
	else
		xp_outputs_scratch_done(R.db_path);   /* in place with the files */
	xp_signals_release(&hold);
	/* a store the failed run made goes with it: outputs all or nothing */
	if (rc)
		xp_db_discard(R.db);
	else
		xp_db_close(R.db);
	xp_outputs_scratch_done(R.db_path);
	run_free(&R);
	/* a refused run writes nothing, not even the directory it made (a
	 * workflow's "does it exist" must not take it for a run); rmdir leaves
	 * one that holds anything */
	xp_outputs_made_dir(NULL, 0);
	if (rc && fresh)
		xp_rmdir_made(o->outdir, kept);
	return rc;
}
