/* tests/fuzz/fuzz_project.c — libFuzzer target: the projector's three
 * inputs (English CoNLL, aligned corpus, Pharaoh), separated by lines of
 * "===", read and projected with every rule and policy. */
#include "base/buf.h"
#include "io/conll.h"
#include "project/project.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	char *b = strstr(s, "\n===\n"), *c = b ? strstr(b + 5, "\n===\n") : NULL;
	if (!b || !c) {
		free(s);
		return 0;
	}
	*b = '\0', *c = '\0';
	const char *en = s, *al = b + 5, *ph = c + 5;
	xp_corpus e = {0};
	xp_aligned a = {0};
	xp_walign w = {0};
	uint32_t *line = NULL;
	xp_err err;
	if (!xp_conll_read("en", en, strlen(en), NULL, &e, &err) && !xp_aligned_read_mem("al", al, strlen(al), &a, &err) &&
	    !xp_pharaoh_read("ph", ph, strlen(ph), 0, &w, &err) && !xp_bitext_lines(&a, NULL, &line, w.nsent, &err) &&
	    !xp_check_alignment(&a, line, &w, "ph", &err)) {
		for (int v = 0; v < 4; v++) {
			xp_proj_opts o;
			xp_proj_defaults(&o);
			o.span.rule = v & 1 ? XP_RULE_BLOCK : XP_RULE_MINMAX;
			o.span.gap = (uint32_t)v;
			o.span.trim_punct = v > 1;
			o.span.max_ratio = v == 3 ? 2 : 0;
			o.collide = (xp_collide)(v % 3);
			o.prodrop = v == 2;
			o.chars = v == 1;
			xp_projection p;
			if (!xp_project(&e, &a, &w, line, &o, &p, &err)) {
				xp_buf out = {0};
				xp_conll_write(&out, &p.out);
				xp_projection_report(&p, NULL, &out);
				xp_buf_free(&out);
			}
			xp_projection_free(&p);
		}
	}
	free(line);
	xp_walign_free(&w);
	xp_aligned_free(&a);
	xp_corpus_free(&e);
	free(s);
	return 0;
}
