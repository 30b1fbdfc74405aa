/* tests/fuzz/fuzz_calib.c — libFuzzer target: the input read as a confidence
 * model file (project/confidence.h), whose models then score and explain a
 * feature vector, as a table of mention ends (project/lexicon.h), looked up
 * and written back, and as a projection report read back for judging
 * (pipeline/label.h). */
#include "pipeline/label.h"
#include "project/feat.h"
#include "project/confidence.h"
#include "project/lexicon.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	xp_err e;
	xp_conf_model m;
	if (xp_conf_parse("fuzz", s, size, &m, &e) == 0) {
		float x[XP_CONF_MAXFEAT];
		for (int f = 0; f < xp_nfeat(); f++)
			x[f] = (float)f / (float)xp_nfeat();
		for (size_t k = 0; k < m.n; k++)
			for (int kind = 0; kind < 3; kind++) {
				xp_buf b = {0};
				(void)xp_conf_of(&m.v[k], kind, x);
				xp_conf_explain(&m.v[k], kind, x, 3, &b);
				xp_buf_free(&b);
			}
		xp_conf_free(&m);
	}
	xp_lex *lx;
	if (xp_lex_parse_table("fuzz", s, size, &lx, &e) == 0) {
		xp_buf b = {0};
		for (int skip = -1; skip < 2; skip++)
			(void)xp_lex_end(lx, "人", strlen("人"), skip);
		(void)xp_lex_fold_of(lx, "a");
		(void)xp_lex_table_json(lx, "fuzz", &b, &e);
		xp_buf_free(&b);
		xp_lex_free(lx);
	}
	xp_report r;
	if (xp_report_parse("fuzz", s, size, xp_feat_names, (size_t)xp_nfeat(), &r, &e) == 0) {
		char key[1200];
		for (size_t k = 0; k < r.n; k++)
			xp_ritem_key(&r, &r.items[k], key, sizeof key);
		xp_report_free(&r);
	}
	return 0;
}
