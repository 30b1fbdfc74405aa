/*
 * tests/unit/testutil.h — helpers shared by the cmocka unit tests.
 * Tests run from the repository root (tests/run does that), so fixture
 * paths are "tests/fixtures/...".
 */
#ifndef XP_TESTUTIL_H
#define XP_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>

#include "io/read.h"

#define FIX(name) "tests/fixtures/" name

/* Read a fixture that must parse; fails the test otherwise. */
static inline void load_ok(const char *path, const xp_read_opts *o, xp_corpus *c)
{
	xp_err e = {0};
	int rc = xp_read_corpus(path, XP_FMT_AUTO, o, c, &e);
	if (rc) {
		char s[1200];
		xp_err_str(&e, s, sizeof s);
		print_error("unexpected read error: %s\n", s);
	}
	assert_int_equal(rc, 0);
}

static inline const char *word(const xp_doc *d, size_t u, uint32_t t)
{
	static char buf[256];
	uint32_t n;
	const char *s = xp_tok_str(&d->utts[u], t, &n);
	snprintf(buf, sizeof buf, "%.*s", (int)n, s);
	return buf;
}

/* Two corpora hold the same model: documents, utterances, words,
 * speakers, mentions (span, id) and cluster partition. */
static inline void assert_same_corpus(const xp_corpus *a, const xp_corpus *b)
{
	assert_int_equal(a->ndocs, b->ndocs);
	for (size_t i = 0; i < a->ndocs; i++) {
		const xp_doc *x = &a->docs[i], *y = &b->docs[i];
		assert_string_equal(x->id, y->id);
		assert_int_equal(x->part, y->part);
		assert_int_equal(x->nutts, y->nutts);
		for (size_t u = 0; u < x->nutts; u++) {
			assert_string_equal(x->utts[u].speaker, y->utts[u].speaker);
			assert_string_equal(x->utts[u].text, y->utts[u].text);
			assert_int_equal(x->utts[u].ntoks, y->utts[u].ntoks);
			assert_memory_equal(x->utts[u].toks, y->utts[u].toks,
					    x->utts[u].ntoks * sizeof(xp_tok));
		}
		assert_int_equal(x->nmentions, y->nmentions);
		assert_int_equal(x->nclusters, y->nclusters);
		for (size_t m = 0; m < x->nmentions; m++) {
			const xp_mention *p = &x->mentions[m], *q = &y->mentions[m];
			assert_int_equal(p->id, q->id);
			assert_int_equal(p->utt, q->utt);
			assert_int_equal(p->start, q->start);
			assert_int_equal(p->end, q->end);
			assert_int_equal(p->cluster, q->cluster);
		}
	}
}

#endif
