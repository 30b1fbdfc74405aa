/* tests/fuzz/fuzz_archive.c — libFuzzer target: OPUS as it ships.  The input
 * as a zip archive (each member read, inflated when gzipped, and parsed as
 * subtitles or OPUS XML), as an XCES file, and as an episode map. */
#include "io/archive.h"
#include "io/epmap.h"
#include "io/opus.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_files f;
	xp_err e;
	if (xp_files_open_zip_mem("fuzz.zip", data, size, &f, &e) == 0) {
		for (size_t i = 0; i < f.n && i < 8; i++) {
			char *buf;
			size_t len;
			if (xp_files_find(&f, f.names[i]) < -2 || xp_files_read(&f, i, &buf, &len, &e))
				continue;
			if (strlen(buf) > len)
				abort();
			xp_subs s = {0};
			xp_units_read_mem(f.names[i], buf, len, NULL, &s, &e);
			xp_subs_free(&s);
			free(buf);
		}
	}
	xp_files_close(&f);
	xp_xces x = {0};
	const xp_xgroup *g;
	if (xp_xces_read_mem("fuzz", (const char *)data, size, NULL, NULL, &x, &e) == 0 && x.n)
		xp_xces_find(&x, x.g[0].from, x.g[x.n - 1].to, &g, &e);
	xp_xces_free(&x);
	xp_epmap m = {0};
	xp_epmap_read_mem("fuzz", (const char *)data, size, &m, &e);
	xp_epmap_free(&m);
	return 0;
}
