/*
 * io/conll_write.c — the CoNLL-2012 writer; see conll.h.
 *
 * The coreference column of a token lists the openings of mentions that end
 * later (outermost first), then one-token mentions, then closings (innermost
 * first).  Readers, ours and the reference scorer, apply a token's items by
 * kind (one-token, opening, closing) and pair a closing with the latest open
 * bracket of its cluster, so every span is read back as written except
 * two mentions of one cluster that cross (a-c and b-d, a < b <= c < d):
 * they read back as a-d and b-c, which CoNLL (and CorefUD) cannot tell
 * apart.  xp_conll_check refuses them before anything is written.
 */
#include "conll.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct piece {
	uint32_t tok;
	int kind;                 /* 0 open, 1 single, 2 close */
	uint32_t other;           /* start for closes, end for opens */
	long long label;
} piece;

static int cmp_piece(const void *a, const void *b)
{
	const piece *x = a, *y = b;
	if (x->tok != y->tok)
		return x->tok < y->tok ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	/* opens: farthest end first; closes: latest start first */
	if (x->other != y->other)
		return x->other > y->other ? -1 : 1;
	return x->label < y->label ? -1 : x->label > y->label;
}

/* A field must not break the line: tabs and line breaks become '_', and a
 * first column must not start with '#' (it would read as a directive). */
static void put_clean(xp_buf *out, const char *s, size_t n, int first_column)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\t' || c == '\n' || c == '\r' || (first_column && (c == ' ' || (i == 0 && c == '#'))))
			c = '_';
		xp_buf_putc(out, c);
	}
}

static void write_utt(xp_buf *out, const xp_doc *d, size_t ui, const piece *pc, size_t np)
{
	const xp_utt *u = &d->utts[ui];
	size_t k = 0;
	for (uint32_t t = 0; t < u->ntoks; t++) {
		uint32_t wl;
		const char *w = xp_tok_str(u, t, &wl);
		put_clean(out, d->id, strlen(d->id), 1);
		xp_buf_printf(out, "\t%d\t%u\t", d->part, t);
		put_clean(out, w, wl, 0);
		xp_buf_puts(out, "\tna\tna\tna\tna\tna\t");
		const char *spk = u->speaker[0] ? u->speaker : "-";
		put_clean(out, spk, strlen(spk), 0);
		xp_buf_puts(out, "\tna\tna\tna\t");
		int any = 0;
		for (; k < np && pc[k].tok == t; k++, any = 1) {
			if (any)
				xp_buf_putc(out, '|');
			if (pc[k].kind == 0)
				xp_buf_printf(out, "(%lld", pc[k].label);
			else if (pc[k].kind == 1)
				xp_buf_printf(out, "(%lld)", pc[k].label);
			else
				xp_buf_printf(out, "%lld)", pc[k].label);
		}
		if (!any)
			xp_buf_putc(out, '-');
		xp_buf_putc(out, '\n');
	}
	xp_buf_putc(out, '\n');
}

void xp_conll_write_doc(xp_buf *out, const xp_doc *d)
{
	xp_buf_puts(out, "#begin document (");
	put_clean(out, d->id, strlen(d->id), 0);
	xp_buf_printf(out, "); part %03d\n", d->part);
	piece *pc = malloc((2 * d->nmentions + 1) * sizeof *pc);
	if (!pc) {
		out->oom = 1;
		return;
	}
	size_t m = 0; /* mentions are sorted by utterance */
	for (size_t ui = 0; ui < d->nutts; ui++) {
		size_t np = 0;
		for (; m < d->nmentions && d->mentions[m].utt == ui; m++) {
			const xp_mention *x = &d->mentions[m];
			long long lab = d->clusters[x->cluster].label;
			if (x->end == x->start + 1) {
				pc[np++] = (piece){x->start, 1, x->start, lab};
			} else {
				pc[np++] = (piece){x->start, 0, x->end, lab};
				pc[np++] = (piece){x->end - 1, 2, x->start, lab};
			}
		}
		qsort(pc, np, sizeof *pc, cmp_piece);
		write_utt(out, d, ui, pc, np);
	}
	free(pc);
	xp_buf_puts(out, "#end document\n");
}

void xp_conll_write(xp_buf *out, const xp_corpus *c)
{
	for (size_t i = 0; i < c->ndocs; i++)
		xp_conll_write_doc(out, &c->docs[i]);
}

/* A mention's place for the sweep: by sentence, cluster, then start, then
 * the longer first; a stack of the mentions open at each start finds a
 * crossing in O(n log n) (a 400,000-mention sentence stays quick).  The
 * sentence is part of the order, so the sweep takes the mentions in any
 * order: it relied on xp_doc_finish's order (by utterance), and a caller
 * holding another order would have missed a crossing pair split across
 * two runs of one sentence.  One sort of the document's mentions costs
 * what the sorts of its sentences did, give or take a comparison. */
typedef struct nest {
	uint32_t utt, cluster, start, end, m;
} nest;

static int cmp_nest(const void *a, const void *b)
{
	const nest *x = a, *y = b;
	if (x->utt != y->utt)
		return x->utt < y->utt ? -1 : 1;
	if (x->cluster != y->cluster)
		return x->cluster < y->cluster ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->end < y->end) - (x->end > y->end);
}

/* Calls fn for each mention that crosses one of its sentence and cluster
 * still open (the innermost): every sentence with a crossing pair gives
 * at least one. */
int xp_conll_crossings(const xp_doc *d, xp_conll_cross_fn fn, void *ctx, xp_err *err)
{
	if (d->nmentions < 2)
		return 0;
	nest *v = malloc(d->nmentions * sizeof *v);
	size_t *stack = malloc(d->nmentions * sizeof *stack);
	int rc = v && stack ? 0 : xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	size_t n = rc ? 0 : d->nmentions;
	for (size_t m = 0; m < n; m++) {
		const xp_mention *x = &d->mentions[m];
		v[m] = (nest){x->utt, x->cluster, x->start, x->end, (uint32_t)m};
	}
	if (n)
		qsort(v, n, sizeof *v, cmp_nest);
	size_t top = 0;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		if (i && (v[i - 1].utt != v[i].utt || v[i - 1].cluster != v[i].cluster))
			top = 0;
		while (top && v[stack[top - 1]].end <= v[i].start)
			top--;
		if (top && v[stack[top - 1]].end < v[i].end)
			rc = fn(ctx, d, v[stack[top - 1]].m, v[i].m);
		stack[top++] = i;
	}
	free(v);
	free(stack);
	return rc;
}

typedef struct check_ctx {
	const char *path;
	xp_err *err;
} check_ctx;

static int refuse(void *ctx, const xp_doc *d, size_t a, size_t b)
{
	const check_ctx *c = ctx;
	const xp_mention *o = &d->mentions[a], *m = &d->mentions[b];
	return xp_failc(c->err, XP_EINPUT, c->path, 0,
			"document %s part %d sentence %u: mentions %u-%u and %u-%u of cluster %lld cross, "
			"which CoNLL and CorefUD brackets cannot say (they read back as %u-%u and %u-%u): "
			"nothing is written (jsonlines keeps them)",
			d->id, d->part, m->utt, o->start, o->end - 1, m->start, m->end - 1,
			d->clusters[m->cluster].label, o->start, m->end - 1, m->start, o->end - 1);
}

int xp_conll_check_doc(const char *path, const xp_doc *d, xp_err *err)
{
	check_ctx c = {path, err};
	return xp_conll_crossings(d, refuse, &c, err) ? -1 : 0;
}

int xp_conll_check(const char *path, const xp_corpus *c, xp_err *err)
{
	for (size_t i = 0; i < c->ndocs; i++)
		if (xp_conll_check_doc(path, &c->docs[i], err))
			return -1;
	return 0;
}
