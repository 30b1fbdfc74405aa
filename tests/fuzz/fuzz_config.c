/* tests/fuzz/fuzz_config.c — libFuzzer target: the input read as a config file. */
#include "base/config.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	xp_config c;
	xp_err e;
	if (xp_config_read_mem("fuzz", (const char *)data, size, &c, &e) == 0)
		xp_config_free(&c);
	return 0;
}
