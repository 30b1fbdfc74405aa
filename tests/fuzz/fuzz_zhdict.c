/* tests/fuzz/fuzz_zhdict.c — libFuzzer target: the input read as each of
 * jieba's four data files (model/zhseg.h: dict.txt, prob_start.py,
 * prob_trans.py, prob_emit.py) beside well-formed others, and, when a
 * model came of it, the input and a fixed sentence cut into words. */
#include "model/zhseg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char dict[] = "中国 100 ns\n人民 80 n\n人 50 n\n格拉 10 n\n巴酒 10 n\n";
static const char start[] = "P={'B': -0.3, 'E': -3.14e+100, 'M': -3.14e+100, 'S': -1.4}\n";
static const char trans[] = "P={'B': {'E': -0.5, 'M': -0.9}, 'E': {'B': -0.6, 'S': -0.8},\n"
			    " 'M': {'E': -0.3, 'M': -1.3}, 'S': {'B': -0.7, 'S': -0.7}}\n";
static const char emit[] = "P={'B': {'\\u745e': -1.0}, 'E': {'\\u52a0': -1.0}, 'M': {'\\u65af': -1.0},\n"
			   " 'S': {'说': -1.0}}\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const name[4] = {"dict.txt", "prob_start.py", "prob_trans.py", "prob_emit.py"};
	static const char sentence[] = "中国人民的格拉巴酒，瑞斯加说 T恤 25.5%";
	uint8_t *at = malloc(size + sizeof sentence + 1);
	if (!at)
		return 0;
	for (int k = 0; k < 4; k++) {
		const char *text[4] = {dict, start, trans, emit};
		size_t len[4] = {sizeof dict - 1, sizeof start - 1, sizeof trans - 1, sizeof emit - 1};
		text[k] = (const char *)data, len[k] = size;
		xp_zhseg *z;
		xp_err e;
		if (xp_zhseg_parse(text, len, name, &z, &e))
			continue;
		xp_zhseg_cut(z, (const char *)data, size, at);
		xp_zhseg_cut(z, sentence, sizeof sentence - 1, at);
		xp_zhseg_free(z);
	}
	free(at);
	return 0;
}
