/* tools/pstream.c — `xproj project` a document at a time; see pstream.h. */
#define _POSIX_C_SOURCE 200809L
#include "pstream.h"
#include "../base/file.h"
#include "../base/outputs.h"
#include "../base/stream.h"
#include "../base/text.h"
#include "../base/vocab.h"
#include "../io/aligned.h"
#include "../io/conll.h"
#include "../io/conllu.h"
#include "../io/jsonl.h"
#include "../io/mmax2.h"
#include "../io/read.h"
#include "../io/walign.h"
#include "../lang/lang.h"
#include "../lang/np.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- lines of a file, as xp_lines gives them, without the file in memory --------- */

typedef struct lines {
	xp_stream *s;
	char *buf;
	size_t cap, pos, n;
	int eof, started;
	unsigned long lineno;
} lines;

static int lines_open(lines *L, const char *path, xp_err *e)
{
	memset(L, 0, sizeof *L);
	if (!path)
		return 0;
	if (xp_stream_open(path, &L->s, e))
		return -1;
	/* what xp_read_file holds at most: a larger file is refused there */
	xp_stream_limit(L->s, XP_READ_MAX);
	return 0;
}

static void lines_close(lines *L)
{
	if (L->s)
		xp_stream_close(L->s);
	free(L->buf);
	memset(L, 0, sizeof *L);
}

/* 1 and the next line (without LF or CRLF), 0 at the end, -1 on error */
static int lines_next(lines *L, const char **s, size_t *n, xp_err *e)
{
	for (;;) {
		char *nl = L->n > L->pos ? memchr(L->buf + L->pos, '\n', L->n - L->pos) : NULL;
		if (nl || (L->eof && L->pos < L->n)) {
			char *b = L->buf + L->pos, *end = nl ? nl : L->buf + L->n;
			L->pos = nl ? (size_t)(nl - L->buf) + 1 : L->n;
			if (!L->started) {   /* a leading UTF-8 BOM, as xp_lines_init */
				L->started = 1;
				if (end - b >= 3 && !memcmp(b, "\xEF\xBB\xBF", 3))
					b += 3;
			}
			if (end > b && end[-1] == '\r')
				end--;
			*s = b, *n = (size_t)(end - b);
			L->lineno++;
			return 1;
		}
		if (L->eof || !L->s)
			return 0;
		if (L->pos) {
			memmove(L->buf, L->buf + L->pos, L->n - L->pos);
			L->n -= L->pos, L->pos = 0;
		}
		if (L->cap - L->n < 65536 && xp_grow(&L->buf, &L->cap, L->n + 65536, 1))
			return xp_failc(e, XP_ENOMEM, "", 0, "out of memory");
		long got = xp_stream_read(L->s, L->buf + L->n, L->cap - L->n, e);
		if (got < 0)
			return -1;
		L->eof = got == 0;
		L->n += (size_t)got;
		if (L->eof && !L->started && L->n == 0)
			L->started = 1;
	}
}

static int blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

static int prefixed(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && !memcmp(s, p, k);
}

/* --- the English documents ------------------------------------------------------ */

typedef struct endocs {
	const char *path;
	lines L;
	xp_buf chunk;
	xp_vocab seen;          /* "part<TAB>id" of every document read: one given twice is the reader's error */
} endocs;

/* 1 when c is one document not seen before (then it is), else -1 */
static int first_time(endocs *E, const xp_corpus *c)
{
	if (c->ndocs != 1)
		return -1;
	xp_buf key = {0};
	xp_buf_printf(&key, "%d\t%s", c->docs[0].part, c->docs[0].id);
	uint32_t had = E->seen.n, id = key.oom ? UINT32_MAX : xp_vocab_id(&E->seen, key.p, key.n);
	xp_buf_free(&key);
	return id == UINT32_MAX || id < had ? -1 : 1;
}

/* 1 and the next document in c (one document), 0 at the end, -1: not
 * streamed (a line outside a document that is not blank, a document not
 * ended, bad input) */
static int en_next(endocs *E, xp_corpus *c, const xp_read_opts *ro, xp_err *e)
{
	const char *s;
	size_t n;
	int r;
	unsigned long line0 = 0;
	E->chunk.n = 0;
	while ((r = lines_next(&E->L, &s, &n, e)) == 1) {
		int begin = prefixed(s, n, "#begin document");
		if (!line0) {
			if (begin)
				line0 = E->L.lineno;
			else if (!blank(s, n))
				return -1;
			else
				continue;
		} else if (begin) {
			return -1;
		}
		xp_buf_add(&E->chunk, s, n);
		xp_buf_putc(&E->chunk, '\n');
		if (E->chunk.oom)
			return -1;
		if (prefixed(s, n, "#end document"))
			break;
	}
	if (r < 0 || (r == 0 && line0))
		return -1;
	if (!line0)
		return 0;
	if (xp_conll_read_at(E->path, E->chunk.p, E->chunk.n, line0 - 1, ro, c, e) < 0)
		return -1;
	return first_time(E, c);
}

/* --- the aligned records and their alignment lines ------------------------------ */

typedef struct src {
	const xp_pstream_args *a;
	lines al, ph, pr, map, alt[8];
	char *pend;             /* a record read that belongs to a later document */
	size_t npend, cap_pend;
	int has_pend;
	const char *mapline;    /* the map's next line, not yet matched */
	size_t nmapline;
	char *mapbuf;
	size_t cap_map;
	int map_end;
	size_t nrecords;
} src;

static int src_open(src *S, const xp_pstream_args *a, xp_err *e)
{
	memset(S, 0, sizeof *S);
	S->a = a;
	if (lines_open(&S->al, a->aligned, e) || lines_open(&S->ph, a->alignments, e) || lines_open(&S->pr, a->probs, e) ||
	    lines_open(&S->map, a->map, e))
		return -1;
	for (size_t k = 0; k < a->nalt; k++)
		if (lines_open(&S->alt[k], a->alt[k], e))
			return -1;
	return 0;
}

static void src_close(src *S)
{
	lines_close(&S->al), lines_close(&S->ph), lines_close(&S->pr), lines_close(&S->map);
	for (size_t k = 0; k < 8; k++)
		lines_close(&S->alt[k]);
	free(S->pend), free(S->mapbuf);
}

/* the next alignment line into wa (and its probabilities), and each
 * --alt-alignments' into alt[k]: read as the whole files are */
static int one_line(lines *L, const char *path, int one_based, xp_walign *wa, xp_err *e)
{
	const char *s;
	size_t n;
	if (lines_next(L, &s, &n, e) != 1)
		return -1;
	return xp_pharaoh_read(path, n ? s : "\n", n ? n : 1, one_based, wa, e);
}

static int take_line(src *S, xp_walign *wa, xp_walign *alt, xp_err *e)
{
	const xp_pstream_args *a = S->a;
	xp_walign one = {0};
	int rc = one_line(&S->ph, a->alignments, a->one_based, &one, e);
	if (!rc && a->probs) {
		const char *s;
		size_t n;
		rc = lines_next(&S->pr, &s, &n, e) != 1 || xp_probs_read(a->probs, n ? s : "\n", n ? n : 1, &one, e) ? -1 : 0;
	}
	if (!rc && one.nsent != 1)
		rc = -1;
	if (!rc && xp_walign_add(wa, one.links, one.nlinks))
		rc = -1;
	xp_walign_free(&one);
	for (size_t k = 0; !rc && k < a->nalt; k++)
		rc = one_line(&S->alt[k], a->alt[k], a->one_based, &alt[k], e);
	return rc;
}

/* the map's next line (kept until a record matches it); 0 at its end */
static int map_peek(src *S, xp_err *e)
{
	if (S->mapline || S->map_end)
		return S->mapline != NULL;
	const char *s;
	size_t n;
	int r = lines_next(&S->map, &s, &n, e);
	if (r < 0)
		return -1;
	if (r == 0) {
		S->map_end = 1;
		return 0;
	}
	if (xp_grow(&S->mapbuf, &S->cap_map, n + 1, 1))
		return -1;
	memcpy(S->mapbuf, s, n);
	S->mapline = S->mapbuf, S->nmapline = n;
	return 1;
}

/* Document (id, part)'s records into al, in the file's order, with their
 * alignment lines: the records that follow, as long as they are the
 * document's.  -1: not streamed. */
static int recs_of(src *S, const char *id, int part, xp_aligned *al, xp_walign *wa, xp_walign *alt, uint32_t **line,
		   size_t *cap_line, xp_err *e)
{
	char want[1200], key[1200];
	size_t nw = xp_aligned_key(want, sizeof want, id, part, -1);
	for (;;) {
		const char *s;
		size_t n;
		if (S->has_pend) {
			s = S->pend, n = S->npend;
		} else {
			int r = lines_next(&S->al, &s, &n, e);
			if (r < 0)
				return -1;
			if (r == 0)
				return 0;
			if (!xp_trim((xp_str){s, n}).n)
				continue;
		}
		size_t k = al->n;
		if (xp_aligned_read_mem(S->a->aligned, s, n, al, e) || al->n != k + 1)
			return -1;
		const xp_autt *u = &al->v[k];
		size_t nk = xp_aligned_key(key, sizeof key, u->doc, u->part, -1);
		if (nk != nw || memcmp(key, want, nk)) {   /* a later document's: kept for it */
			al->n--;
			if (!S->has_pend) {
				if (xp_grow(&S->pend, &S->cap_pend, n + 1, 1))
					return -1;
				memcpy(S->pend, s, n);
				S->npend = n, S->has_pend = 1;
			}
			return 0;
		}
		S->has_pend = 0;
		S->nrecords++;
		if (!S->a->alignments)   /* the records alone (xp_pstream_docs) */
			continue;
		if (xp_grow(line, cap_line, k + 1, sizeof **line))
			return -1;
		(*line)[k] = UINT32_MAX;
		int has;
		if (!S->a->map) {   /* the order xp_aligned_bitext writes */
			has = u->nsrc && u->ntgt;
		} else {            /* the map's next line, if it is this record's */
			int r = map_peek(S, e);
			if (r < 0)
				return -1;
			size_t kn = xp_aligned_key(key, sizeof key, u->doc, u->part, u->utt);
			has = r == 1 && kn == S->nmapline && !memcmp(key, S->mapline, kn);
			if (has)
				S->mapline = NULL;
		}
		if (has) {
			(*line)[k] = (uint32_t)wa->nsent;
			if (take_line(S, wa, alt, e))
				return -1;
		}
	}
}

/* Every input read to its end: a record, map or alignment line left over
 * means the files are not in the English documents' order (or do not
 * belong together): the whole path decides. */
static int src_done(src *S, xp_err *e)
{
	const char *s;
	size_t n;
	int r;
	if (S->has_pend)
		return -1;
	while ((r = lines_next(&S->al, &s, &n, e)) == 1)
		if (xp_trim((xp_str){s, n}).n)
			return -1;
	if (r < 0 || (S->a->map && map_peek(S, e) != 0))
		return -1;
	lines *rest[11] = {&S->ph, S->a->probs ? &S->pr : NULL};
	for (size_t k = 0; k < S->a->nalt; k++)
		rest[2 + k] = &S->alt[k];
	for (size_t k = 0; k < 2 + S->a->nalt; k++)
		if (rest[k] && lines_next(rest[k], &s, &n, e) != 0)
			return -1;
	return 0;
}

/* --- the corpus' language, as xp_project finds it in the whole file ------------- */

static int language(const xp_pstream_args *a, char *lang, size_t n, int *seg, xp_err *e)
{
	lines L;
	const char *s;
	size_t len;
	int r, need_seg = a->o->chars && (a->o->np & xp_lang_segmenter_rules());
	*lang = '\0', *seg = 0;
	if (lines_open(&L, a->aligned, e))
		return -1;
	while ((!*lang || (need_seg && !*seg)) && (r = lines_next(&L, &s, &len, e)) == 1) {
		if (!xp_trim((xp_str){s, len}).n)
			continue;
		xp_aligned one = {0};
		if (xp_aligned_read_mem(a->aligned, s, len, &one, e) || one.n != 1) {
			xp_aligned_free(&one);
			lines_close(&L);
			return -1;
		}
		const char *tl = one.v[0].tgt_lang;
		if (tl && !*lang)
			snprintf(lang, n, "%s", tl);
		*seg |= xp_lang_get(tl)->segmenter_rule != 0;
		xp_aligned_free(&one);
	}
	lines_close(&L);
	return r < 0 ? -1 : 0;
}

/* --- one pass over the documents ---------------------------------------------------- */

typedef struct pass {
	const xp_pstream_args *a;
	xp_proj_stream *st;
	xp_outputs *o;
	xp_format of;
	xp_put_fn put_out, put_jsonl, put_rep;
	void *pout, *pjsonl, *prep;   /* put_rep NULL: no report */
	int rep_head;           /* the report's header is written */
	xp_pstream_result *res;
	xp_projection head;     /* the header's: totals, language, model */
	size_t records;
	xp_buf line;            /* the report's line, reused */
	xp_report_writer *rw;   /* the report's writer: what repeats, made once a run */
	xp_err e;
} pass;

static int put_buf(xp_put_fn put, void *pctx, xp_buf *b)
{
	return b->oom ? -1 : b->n ? put(pctx, b->p, b->n) : 0;
}

static int documents(pass *P)
{
	const xp_pstream_args *a = P->a;
	endocs E = {.path = a->source};
	src S;
	xp_read_opts ro = {0};
	xp_corpus en = {0};
	xp_aligned al = {0};
	xp_walign wa = {0}, alt[8];
	uint32_t *line = NULL;
	size_t cap_line = 0;
	xp_buf b = {0};
	memset(alt, 0, sizeof alt);
	int rc = xp_vocab_init(&E.seen, 0) || lines_open(&E.L, a->source, &P->e) || src_open(&S, a, &P->e) ? -1 : 0;
	while (rc == 0) {
		xp_corpus_free(&en), xp_aligned_free(&al), xp_walign_free(&wa);
		for (size_t k = 0; k < a->nalt; k++)
			xp_walign_free(&alt[k]);
		memset(&en, 0, sizeof en), memset(&al, 0, sizeof al), memset(&wa, 0, sizeof wa);
		int r = en_next(&E, &en, &ro, &P->e);
		if (r <= 0) {
			rc = r;
			break;
		}
		const xp_doc *d = &en.docs[0];
		/* as the whole files are read: the probabilities belong to the
		 * alignment, not to a line (the committee needs them) */
		wa.has_probs = a->probs != NULL;
		if (recs_of(&S, d->id, d->part, &al, &wa, alt, &line, &cap_line, &P->e) ||
		    xp_check_alignment(&al, line, &wa, a->alignments, &P->e)) {
			rc = -1;
			break;
		}
		for (size_t k = 0; rc == 0 && k < a->nalt; k++)
			rc = xp_check_alignment(&al, line, &alt[k], a->alt[k], &P->e);
		xp_projection p = {0};
		if (rc || xp_proj_stream_doc(P->st, &en, &al, &wa, line, alt, &p, &P->e)) {
			xp_projection_free(&p);
			rc = -1;
			break;
		}
		xp_proj_stats_add(&P->head.total, &p.total);
		xp_proj_gender g;
		xp_proj_gender_counts(&p, &g);
		xp_proj_gender_add(&P->res->gender, &g);
		P->head.model = p.model;
		P->res->segmenter = p.segmenter;
		P->res->ndocs += p.ndocs;
		P->records += al.n;
		/* the report lists every document; OUT leaves out those with no
		 * target sentence (training data), unless --keep-empty.  Its
		 * header names the model, known with the first document. */
		if (P->put_rep && !P->rep_head &&
		    (P->rep_head = 1, xp_projection_report_head(&P->head, a->settings, P->put_rep, P->prep)))
			rc = -1;
		if (!rc && P->put_rep && ((!P->rw && !(P->rw = xp_report_writer_new())) ||
					  xp_projection_report_docs_w(&p, P->rw, &P->line, P->put_rep, P->prep)))
			rc = -1;
		if (!a->keep_empty)
			P->res->empty += xp_corpus_drop_empty(&p.out);
		b.n = 0;
		if (!rc && xp_conll_check(a->out, &p.out, &P->e))
			rc = -1;
		if (P->of == XP_FMT_CONLLU) {
			if (!rc && xp_conllu_write(&b, &p.out, &P->e))
				rc = -1;
		} else {
			xp_conll_write(&b, &p.out);
		}
		if (!rc && put_buf(P->put_out, P->pout, &b))
			rc = -1;
		b.n = 0;
		if (!rc && a->jsonl && (xp_jsonl_write(&b, &p.out, &P->e) || put_buf(P->put_jsonl, P->pjsonl, &b)))
			rc = -1;
		xp_projection_free(&p);
	}
	if (rc == 0)
		rc = src_done(&S, &P->e);
	xp_corpus_free(&en), xp_aligned_free(&al), xp_walign_free(&wa);
	for (size_t k = 0; k < a->nalt; k++)
		xp_walign_free(&alt[k]);
	free(line);
	xp_buf_free(&b);
	xp_buf_free(&E.chunk);
	xp_vocab_free(&E.seen);
	lines_close(&E.L);
	src_close(&S);
	return rc;
}

/* The report straight to its temporary file: header, the documents' lines
 * as they are projected, then the trailer with the totals (version 4: no
 * spool, issue 37). */
static int gen_report(void *ctx, xp_put_fn put, void *pctx)
{
	pass *P = ctx;
	P->put_rep = put, P->prep = pctx, P->rep_head = 0;
	int rc = documents(P);
	if (!rc && !P->rep_head)
		rc = xp_projection_report_head(&P->head, P->a->settings, put, pctx);
	if (!rc)
		rc = xp_projection_report_end(&P->head, &P->res->gender, P->res->ndocs, put, pctx);
	P->put_rep = NULL, P->prep = NULL;
	return rc;
}

static int report_or_documents(pass *P)
{
	if (P->a->report)
		return xp_outputs_stream(P->o, P->a->report, gen_report, P, &P->e);
	return documents(P);
}

static int gen_jsonl(void *ctx, xp_put_fn put, void *pctx)
{
	pass *P = ctx;
	P->put_jsonl = put, P->pjsonl = pctx;
	return report_or_documents(P);
}

/* OUT's generator runs the pass; --jsonlines' and --report's temporary
 * files are open inside it (the three are written side by side, a
 * document at a time) */
static int gen_out(void *ctx, xp_put_fn put, void *pctx)
{
	pass *P = ctx;
	P->put_out = put, P->pout = pctx;
	if (P->a->jsonl)
		return xp_outputs_stream(P->o, P->a->jsonl, gen_jsonl, P, &P->e);
	return report_or_documents(P);
}

static int one_pass(pass *P)
{
	return xp_outputs_stream(P->o, P->a->out, gen_out, P, &P->e);
}

/* 1 if path is a regular file: read twice (the language first, and a
 * second pass for names), which stdin or a pipe cannot be */
static int regular(const char *path)
{
	struct stat st;
	return !path || (strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode));
}

/* What the streamed path reads as the whole path does; anything else is
 * left to it. */
static int streamable(const xp_pstream_args *a)
{
	xp_format f = xp_format_of_path(a->source);
	if (!regular(a->source) || !regular(a->aligned) || !regular(a->alignments) || !regular(a->probs) ||
	    !regular(a->map))
		return 0;
	for (size_t k = 0; k < a->nalt && k < 8; k++)
		if (!regular(a->alt[k]))
			return 0;
	if (a->nalt > 8 || (f != XP_FMT_CONLL && f != XP_FMT_AUTO) || xp_mmax2_is(a->source) || xp_format_of_path(a->out) == XP_FMT_MMAX2)
		return 0;
	const char *outs[3] = {a->out, a->jsonl, a->report};
	for (int i = 0; i < 3; i++)
		for (int j = 0; outs[i] && j < 3; j++)
			if (!strcmp(outs[i], "-") || (j != i && outs[j] && !strcmp(outs[i], outs[j])))
				return 0;
	return 1;
}

int xp_pstream_run(const xp_pstream_args *a, xp_pstream_result *res)
{
	memset(res, 0, sizeof *res);
	if (!streamable(a))
		return 0;
	xp_err e = {0};
	int seg = 0;
	xp_proj_stream *st = NULL;
	if (language(a, res->lang, sizeof res->lang, &seg, &e) || xp_proj_stream_open(a->o, res->lang, seg, &st, &e))
		return 0;
	xp_outputs o = {0};
	pass P = {.a = a, .st = st, .o = &o, .of = xp_format_of_path(a->out) == XP_FMT_CONLLU ? XP_FMT_CONLLU : XP_FMT_CONLL};
	P.res = res;
	snprintf(P.head.lang, sizeof P.head.lang, "%s", res->lang);
	int rc = one_pass(&P);
	res->passes = 1;
	/* names rendered across the corpus: their members are placed in a
	 * second pass, and only its outputs count */
	long names = rc ? 0 : xp_proj_stream_settle(st);
	if (names < 0)
		rc = -1;
	if (!rc && names > 0) {
		xp_outputs_abort(&o);
		xp_proj_gender g = {0};
		res->gender = g, res->empty = 0, res->ndocs = 0;
		memset(&P.head.total, 0, sizeof P.head.total);
		P.records = 0;
		rc = one_pass(&P);
		res->passes = 2;
	}
	/* what the whole path refuses, it refuses itself, with its message */
	const xp_proj_stats *t = &P.head.total;
	if (!rc && (!res->ndocs || !P.records || (!xp_proj_stream_found(st) && t->utterances) ||
		    (!a->allow_empty && t->mentions && !t->projected)))
		rc = -1;
	res->total = *t;
	xp_buf_free(&P.line);
	xp_report_writer_free(P.rw);
	xp_proj_stream_free(st);
	if (rc) {
		xp_outputs_abort(&o);
		return 0;
	}
	if (xp_outputs_commit(&o, &e))
		return 0;
	return 1;
}

/* --- the documents alone, with their aligned records (db import) ------------------ */

struct xp_pstream_docs {
	xp_pstream_args a;
	endocs E;
	src S;
	xp_corpus en;
	xp_aligned al;
	int open;
	xp_err e;
};

int xp_pstream_docs_open(const char *source, const char *aligned, xp_pstream_docs **out)
{
	*out = NULL;
	xp_pstream_args sa = {.source = source, .aligned = aligned, .out = "", .o = NULL};
	if (!streamable(&sa))
		return -1;
	xp_pstream_docs *D = calloc(1, sizeof *D);
	if (!D)
		return -1;
	D->a = sa;
	D->E.path = source;
	*out = D;
	if (xp_vocab_init(&D->E.seen, 0))
		return -1;
	D->open = 1;
	return lines_open(&D->E.L, source, &D->e) || src_open(&D->S, &D->a, &D->e) ? -1 : 0;
}

int xp_pstream_docs_next(xp_pstream_docs *D, const xp_corpus **en, const xp_aligned **al)
{
	xp_read_opts ro = {0};
	xp_corpus_free(&D->en), xp_aligned_free(&D->al);
	memset(&D->en, 0, sizeof D->en), memset(&D->al, 0, sizeof D->al);
	int r = en_next(&D->E, &D->en, &ro, &D->e);
	if (r == 0)
		return src_done(&D->S, &D->e) ? -1 : 0;
	if (r < 0 || recs_of(&D->S, D->en.docs[0].id, D->en.docs[0].part, &D->al, NULL, NULL, NULL, NULL, &D->e))
		return -1;
	*en = &D->en, *al = &D->al;
	return 1;
}

void xp_pstream_docs_close(xp_pstream_docs *D)
{
	if (!D)
		return;
	xp_corpus_free(&D->en), xp_aligned_free(&D->al);
	if (D->open) {
		xp_buf_free(&D->E.chunk);
		xp_vocab_free(&D->E.seen);
		lines_close(&D->E.L);
		src_close(&D->S);
	}
	free(D);
}

/* --- a corpus file a document at a time (convert) ---------------------------------- */

struct xp_pstream_corpus {
	xp_format fmt;
	endocs E;   /* its lines, and the documents seen: CoNLL's or jsonlines' */
};

int xp_pstream_corpus_open(const char *path, xp_format fmt, xp_pstream_corpus **out)
{
	*out = NULL;
	xp_err e;
	if (fmt == XP_FMT_AUTO)
		fmt = xp_format_of_path(path);
	/* a file read twice should it not stream (not stdin), in a format its
	 * name or the caller says, which is read a document at a time */
	if ((fmt != XP_FMT_CONLL && fmt != XP_FMT_JSONL) || !regular(path))
		return -1;
	xp_pstream_corpus *D = calloc(1, sizeof *D);
	if (!D)
		return -1;
	D->fmt = fmt;
	D->E.path = path;
	if (xp_vocab_init(&D->E.seen, 0) || lines_open(&D->E.L, path, &e)) {
		xp_pstream_corpus_close(D);
		return -1;
	}
	*out = D;
	return 0;
}

/* jsonlines: the next line that is not blank, read as the whole file's
 * reader reads each of its lines */
static int jsonl_next(endocs *E, xp_corpus *c, const xp_read_opts *ro, xp_err *e)
{
	const char *s;
	size_t n;
	int r;
	while ((r = lines_next(&E->L, &s, &n, e)) == 1 && !xp_trim((xp_str){s, n}).n)
		;
	if (r <= 0)
		return r;
	if (xp_jsonl_read(E->path, s, n, ro, c, e) < 0)
		return -1;
	return first_time(E, c);
}

int xp_pstream_corpus_next(xp_pstream_corpus *D, xp_corpus *c, const xp_read_opts *ro)
{
	xp_err e;
	return D->fmt == XP_FMT_JSONL ? jsonl_next(&D->E, c, ro, &e) : en_next(&D->E, c, ro, &e);
}

void xp_pstream_corpus_close(xp_pstream_corpus *D)
{
	if (!D)
		return;
	xp_buf_free(&D->E.chunk);
	xp_vocab_free(&D->E.seen);
	lines_close(&D->E.L);
	free(D);
}
