/* tools/cmd_convert.c — `xproj convert`: CoNLL-2012 <-> jsonlines. */
#include "cli.h"
#include "pstream.h"
#include "../base/outputs.h"
#include "../io/mmax2.h"
#include "../io/conllu.h"
#include "../io/read.h"
#include "../base/text.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

/* Tokens that CoNLL or CorefUD cannot hold as they are, said after the
 * write rather than changed unsaid: a tab or line break inside a token
 * (jsonlines holds any string) is written '_' (CoNLL) or ' ' (CorefUD),
 * an empty token '_' (CorefUD: FORM has no empty value) or as an empty
 * column (CoNLL: readers that split on blanks, scorer.pl among them, see
 * one column fewer). */
static void count_changed(const xp_corpus *c, size_t *brk, size_t *empty)
{
	for (size_t d = 0; d < c->ndocs; d++)
		for (size_t u = 0; u < c->docs[d].nutts; u++) {
			const xp_utt *ut = &c->docs[d].utts[u];
			for (uint32_t t = 0; t < ut->ntoks; t++) {
				uint32_t n;
				const char *w = xp_tok_str(ut, t, &n);
				*empty += !n;
				*brk += n && (memchr(w, '\t', n) || memchr(w, '\n', n) || memchr(w, '\r', n));
			}
		}
}

/* Documents without a sentence: CoNLL-U names a document on its first
 * sentence (`# newdoc id`), so the writer has nothing to put for one and
 * it was left out without a word (a CoNLL or jsonlines file holds it).
 * Counted, and the first named, to be said after the write. */
typedef struct nodocs {
	size_t n;
	char first[XP_QUOTE_SIZE];
} nodocs;

static void count_nodocs(const xp_corpus *c, xp_format to, nodocs *z)
{
	for (size_t d = 0; to == XP_FMT_CONLLU && d < c->ndocs; d++)
		if (!c->docs[d].nutts && !z->n++)
			xp_quote(z->first, sizeof z->first, c->docs[d].id, strlen(c->docs[d].id));
}

static void say_nodocs(const char *out, const nodocs *z)
{
	if (z->n)
		fprintf(stderr, "xproj convert: %s: %zu document%s without a sentence left out (CoNLL-U cannot hold "
			"one), the first '%s'\n", out, z->n, z->n == 1 ? "" : "s", z->first);
}

static void say_counts(const char *out, xp_format to, size_t brk, size_t empty)
{
	int conllu = to == XP_FMT_CONLLU;
	if (brk)
		fprintf(stderr, "xproj convert: %s: %zu token%s held a tab or line break, written as '%s' (the format "
			"cannot hold one in a token)\n", out, brk, brk == 1 ? "" : "s", conllu ? " " : "_");
	if (empty)
		fprintf(stderr, "xproj convert: %s: %zu token%s empty, written %s\n", out, empty,
			empty == 1 ? " is" : "s are", conllu ? "'_' (CoNLL-U has no empty form)"
				: "as an empty column (a reader that splits on blanks sees a column fewer)");
}

static void say_changed(const char *out, xp_format to, const xp_corpus *c)
{
	size_t brk = 0, empty = 0;
	count_changed(c, &brk, &empty);
	say_counts(out, to, brk, empty);
}

/* convert a document at a time (tools/pstream.h xp_pstream_corpus): each
 * read, written to OUT's temporary file and freed before the next, so
 * that memory is the largest document's (the corpus whole took 2.1 KB a
 * mention).  It is the whole path made lean: where the input is not read
 * so (stdin, another format than CoNLL or jsonlines, --repair), anything
 * fails or a reader has a word to say, nothing is written and the whole
 * path runs, whose output it equals byte for byte and whose messages then
 * say what there is to say. */
typedef struct conv {
	xp_pstream_corpus *D;
	const char *out;
	xp_format to;
	size_t brk, empty, ndocs;
	nodocs z;
	xp_diags dg;
} conv;

static int conv_gen(void *ctx, xp_put_fn put, void *pctx)
{
	conv *V = ctx;
	xp_read_opts ro = {.diags = &V->dg};
	xp_corpus c = {0};
	xp_buf b = {0};
	xp_err e;
	int r;
	while ((r = xp_pstream_corpus_next(V->D, &c, &ro)) == 1) {
		xp_mmax2_tally m;
		xp_corefud_tally u;
		xp_mmax2_tally_of(&c, &m), xp_corefud_tally_of(&c, &u);
		b.n = 0;
		if (V->dg.n || V->dg.oom || m.discontinuous || m.cross_sentence || u.discontinuous || u.zero || u.split_ante ||
		    u.bridge || xp_corpus_bytes(&b, V->out, V->to, &c, &e) || (b.n && put(pctx, b.p, b.n))) {
			r = -1;
			break;
		}
		count_changed(&c, &V->brk, &V->empty);
		count_nodocs(&c, V->to, &V->z);
		V->ndocs += c.ndocs;
		xp_corpus_free(&c);
	}
	xp_corpus_free(&c);
	xp_buf_free(&b);
	/* no document: the whole path refuses it, with the reason */
	return r || !V->ndocs ? -1 : 0;
}

/* 1: converted and committed; 0: not streamed, nothing written */
static int streamed(const char *in, xp_format from, const char *out, xp_format to, const xp_read_opts *o)
{
	conv V = {.out = out, .to = to};
	if (o->repair || !strcmp(out, "-") || xp_pstream_corpus_open(in, from, &V.D))
		return 0;
	xp_outputs os = {0};
	xp_err e;
	int ok = !xp_outputs_stream(&os, out, conv_gen, &V, &e) && !xp_outputs_commit(&os, &e);
	xp_outputs_abort(&os);
	xp_pstream_corpus_close(V.D);
	xp_diags_free(&V.dg);
	if (ok && (to == XP_FMT_CONLL || to == XP_FMT_CONLLU))
		say_counts(out, to, V.brk, V.empty);
	if (ok)
		say_nodocs(out, &V.z);
	return ok;
}

static int run(int argc, char **argv)
{
	static const struct option lo[] = {{"repair", no_argument, 0, 'r'},
					   {"from", required_argument, 0, 'f'},
					   {"to", required_argument, 0, 't'},
					   {0, 0, 0, 0}};
	int from = XP_FMT_AUTO, to = XP_FMT_AUTO;
	xp_diags dg = {0};
	xp_read_opts o = {.diags = &dg};
	xp_err e;
	int ch;
	while ((ch = xp_cli_getopt("convert", argc, argv, "rf:t:", lo)) != -1) {
		if (ch == 'r') o.repair = 1;
		else if (ch == 'f' && xp_cli_format("--from", optarg, &from, &e)) return xp_cli_bad_value("convert", &e);
		else if (ch == 't' && xp_cli_format("--to", optarg, &to, &e)) return xp_cli_bad_value("convert", &e);
		else if (ch == '?') return 2;
	}
	if (argc - optind != 2)
		return xp_cli_usage(&xp_cmd_convert, 2);
	const char *in = argv[optind], *out = argv[optind + 1];
	if (to == XP_FMT_AUTO)
		to = xp_format_of_path(out);
	if (to == XP_FMT_AUTO) {
		/* "-" or an unknown name: the other format from the input's */
		xp_format f = from != XP_FMT_AUTO ? (xp_format)from : xp_format_of_path(in);
		to = f == XP_FMT_CONLL ? XP_FMT_JSONL : XP_FMT_CONLL;
	}
	if (to == XP_FMT_MMAX2)
		return xp_cli_bad("convert", "%s: MMAX2 is read, not written (--to conll, jsonlines or conllu)", out);
	xp_corpus c = {0};
	int rc = 0;
	const xp_cli_file files[] = {{"IN", in, 0}, {"OUT", out, 1}};
	if (xp_cli_check_files(files, 2, &e))
		return xp_cli_error(&e);
	if (streamed(in, (xp_format)from, out, (xp_format)to, &o))
		return 0;
	/* An input with no document (an empty or blank file, a download or a
	 * pipe that failed, an empty MMAX2 directory's twin) was converted
	 * into an empty OUT, written over the OUT there was, exit 0.  Nothing
	 * in it is nothing to convert: refused, OUT left as it is. */
	if (xp_read_corpus(in, (xp_format)from, &o, &c, &e) ||
	    (!c.ndocs && xp_failc(&e, XP_EINPUT, in, 0, "no document in it (an empty or blank file?): nothing to "
				  "convert, %s is left as it is", out)) ||
	    xp_write_corpus(out, (xp_format)to, &c, &e))
		rc = xp_cli_error(&e);
	xp_cli_diags(&dg);
	if (!rc)
		xp_cli_read_notes(in, &c);
	if (!rc && (to == XP_FMT_CONLL || to == XP_FMT_CONLLU))
		say_changed(out, (xp_format)to, &c);
	nodocs z = {0};
	count_nodocs(&c, (xp_format)to, &z);
	if (!rc)
		say_nodocs(out, &z);
	xp_diags_free(&dg);
	xp_corpus_free(&c);
	return rc;
}

const xp_cmd xp_cmd_convert = {
	"convert", run, "convert between CoNLL-2012, jsonlines and CorefUD (and from MMAX2)",
	"xproj convert [--repair] [--from F] [--to F] IN OUT\n\n"
	"Formats follow the file names (.conll, *_conll, .jsonlines, .jsonl, .conllu; .gz is read and\n"
	"written transparently); '-' is stdin/stdout.  Without a telling name, OUT gets the\n"
	"other format than IN.  OUT is written to a temporary file and renamed when complete.\n"
	"IN may be a .mmax file or a directory of them (MMAX2, read only: docs/formats.md).\n"
	"CoNLL-U names a document on its first sentence: a document without one is left out of\n"
	"a .conllu OUT, and stderr says how many and the first.\n"
	"  --from F, --to F  conll | jsonlines | conllu (--from also mmax2)\n"
	"  --repair          drop dangling brackets (and say so) instead of stopping",
};
