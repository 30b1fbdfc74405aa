/* tests/fuzz/fuzz_map.c — libFuzzer target: the bitext map `xproj bitext
 * --map` writes (one "doc<TAB>part<TAB>utt" key a line), read back against
 * the fixture's aligned corpus (tests/fixtures/project/aligned.jsonl), as
 * `project --map` reads it. */
#include "base/file.h"
#include "io/aligned.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static xp_aligned al;

static void cleanup(void) { xp_aligned_free(&al); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_err e;
	if (!al.n) {
		if (xp_aligned_read("tests/fixtures/project/aligned.jsonl", &al, &e)) {
			fprintf(stderr, "fuzz_map: %s: %s\n", e.file, e.msg);
			abort();
		}
		atexit(cleanup);
	}
	char path[] = "/tmp/xp-fuzz-map-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 0;
	int ok = write(fd, data, size) == (ssize_t)size;
	close(fd);
	size_t lines = 0;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	/* as many alignment lines as the map has, and a count that disagrees */
	for (size_t n = lines; ok && n <= lines + 1; n++) {
		uint32_t *line = NULL;
		if (xp_bitext_lines(&al, path, &line, n, &e) == 0)
			for (size_t k = 0; k < al.n; k++)
				if (line[k] != UINT32_MAX && line[k] >= n)
					abort();   /* a record mapped past the alignment's end */
		free(line);
	}
	unlink(path);
	return 0;
}
