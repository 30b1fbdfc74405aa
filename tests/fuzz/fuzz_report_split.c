/* tests/fuzz/fuzz_report_split.c — libFuzzer target, differential: a
 * report read as `db import` streams it (a document's "detail" elements
 * found by io/report.c's own scan and parsed one at a time) against the
 * same report read as jansson reads a whole line.  The twin is the input
 * with every `"detail"` written `"d\u0065tail"`: the same JSON wherever it
 * was JSON (inside a string too), but a key with an escape, which the scan
 * leaves to jansson's whole-line parse (split_detail).  The two must agree
 * on the verdict, on every message but jansson's own wording of what it
 * refused, and on every mention, target-only mention and document read. */
#include "io/report.h"
#include "project/feat.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void differ(const char *what, size_t i)
{
	fprintf(stderr, "fuzz_report_split: the streamed and the whole-line read differ: %s %zu\n", what, i);
	abort();
}

static int same_str(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static int same_num(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

static void compare(const xp_report *a, const xp_report *b, size_t nfeat)
{
	if (a->n != b->n || a->ndocs != b->ndocs || strcmp(a->lang, b->lang))
		differ("counts", a->n);
	for (size_t d = 0; d < a->ndocs; d++) {
		const xp_rdoc *x = &a->docs[d], *y = &b->docs[d];
		if (!same_str(x->id, y->id) || x->part != y->part || x->first != y->first || x->n != y->n ||
		    x->ntgt != y->ntgt || x->text_hash != y->text_hash || x->has_text_hash != y->has_text_hash ||
		    x->out_hash != y->out_hash || x->has_out_hash != y->has_out_hash || x->line != y->line ||
		    x->ntonly != y->ntonly || (x->ntgt && memcmp(x->tgt_to_en, y->tgt_to_en, x->ntgt * sizeof *x->tgt_to_en)))
			differ("document", d);
		for (size_t t = 0; t < x->ntonly; t++) {
			const xp_rtonly *p = &x->tonly[t], *q = &y->tonly[t];
			if (p->sent != q->sent || p->start != q->start || p->end != q->end || p->cluster != q->cluster ||
			    !same_str(p->rule, q->rule) || !same_num(p->conf, q->conf))
				differ("target-only mention", t);
		}
	}
	for (size_t k = 0; k < a->n; k++) {
		const xp_ritem *p = &a->items[k], *q = &b->items[k];
		if (p->doc != q->doc || p->id != q->id || p->cluster != q->cluster || p->en_utt != q->en_utt ||
		    p->en_start != q->en_start || p->en_end != q->en_end || p->tgt_utt != q->tgt_utt ||
		    p->tgt_start != q->tgt_start || p->tgt_end != q->tgt_end || p->fate != q->fate ||
		    !same_num(p->conf, q->conf) || !same_str(p->why, q->why) || !p->feat != !q->feat)
			differ("mention", k);
		for (size_t f = 0; p->feat && f < nfeat; f++)
			if (!same_num(p->feat[f], q->feat[f]))
				differ("feature of mention", k);
	}
}

/* jansson's wording of a refusal quotes the token it stopped at ("near
 * 'detail'"), which the twin spells otherwise: the message up to it is
 * compared */
static size_t stem(const char *m)
{
	const char *j = strstr(m, " near ");
	return j ? (size_t)(j - m) : strlen(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char key[] = "\"detail\"", esc[] = "\"d\\u0065tail\"";
	size_t nk = sizeof key - 1, ne = sizeof esc - 1, hits = 0;
	for (size_t i = 0; i + nk <= size; i++)
		if (!memcmp(data + i, key, nk))
			hits++, i += nk - 1;
	char *twin = malloc(size + hits * (ne - nk) + 1);
	if (!twin)
		return 0;
	size_t m = 0;
	for (size_t i = 0; i < size;)
		if (i + nk <= size && !memcmp(data + i, key, nk))
			memcpy(twin + m, esc, ne), m += ne, i += nk;
		else
			twin[m++] = (char)data[i++];
	size_t nfeat = (size_t)xp_nfeat();
	xp_report a, b;
	xp_err ea, eb;
	int ra = xp_report_parse("r.json", (const char *)data, size, xp_feat_names, nfeat, &a, &ea);
	int rb = xp_report_parse("r.json", twin, m, xp_feat_names, nfeat, &b, &eb);
	if (ra == XP_ENOMEM || rb == XP_ENOMEM)
		;
	else if ((ra == 0) != (rb == 0)) {
		fprintf(stderr, "streamed: %d %s\nwhole: %d %s\n", ra, ra ? ea.msg : "", rb, rb ? eb.msg : "");
		differ("verdict", 0);
	} else if (ra) {
		size_t n = stem(ea.msg);
		if (ra != rb || ea.line != eb.line || n != stem(eb.msg) || memcmp(ea.msg, eb.msg, n)) {
			fprintf(stderr, "streamed: %s:%lu: %s\nwhole: %s:%lu: %s\n", ea.file, (unsigned long)ea.line, ea.msg,
				eb.file, (unsigned long)eb.line, eb.msg);
			differ("message", 0);
		}
	} else
		compare(&a, &b, nfeat);
	if (!ra)
		xp_report_free(&a);
	if (!rb)
		xp_report_free(&b);
	free(twin);
	return 0;
}
