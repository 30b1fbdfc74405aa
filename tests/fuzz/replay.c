/*
 * tests/fuzz/replay.c — a main() for fuzz targets built without libFuzzer:
 * feeds each file named on the command line (or each file in each named
 * directory) to LLVMFuzzerTestOneInput once.  `make check` uses it to run
 * every target over its seeds and the test fixtures, under SAN=1 too.
 */
#include "base/file.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	char *buf;
	size_t len;
	xp_err e;
	if (xp_read_file(path, &buf, &len, &e)) {
		fprintf(stderr, "replay: %s: %s\n", path, e.msg);
		return 1;
	}
	/* every prefix length matters to a line parser: also feed cut copies */
	LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
	for (size_t cut = 1; cut < len && cut < 4096; cut += 1 + cut / 8) {
		uint8_t *copy = malloc(cut);
		memcpy(copy, buf, cut);
		LLVMFuzzerTestOneInput(copy, cut);
		free(copy);
	}
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int n = 0, bad = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			DIR *d = opendir(argv[i]);
			struct dirent *de;
			while (d && (de = readdir(d))) {
				if (de->d_name[0] == '.')
					continue;
				char p[4096];
				snprintf(p, sizeof p, "%s/%s", argv[i], de->d_name);
				bad |= run_file(p);
				n++;
			}
			if (d)
				closedir(d);
		} else {
			bad |= run_file(argv[i]);
			n++;
		}
	}
	printf("replayed %d input(s)\n", n);
	return bad;
}
