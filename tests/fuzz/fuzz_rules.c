/* tests/fuzz/fuzz_rules.c — libFuzzer target: the input read as a --rules
 * SPEC (lang/lang.h xp_rules_parse), and as a language code (xp_lang_find). */
#include "lang/lang.h"

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
	xp_rule_sel sel;
	char bad[64];
	xp_rules_default(&sel);
	if (xp_rules_parse(s, &sel, bad, sizeof bad) == 0) {
		/* a spec that parsed says each rule on or off */
		const xp_lang_pack *p = xp_lang_get(s);
		for (size_t k = 0; k < xp_lang_nrules(p); k++)
			(void)xp_rules_on(&sel, xp_lang_rule_at(p, k));
	}
	(void)xp_lang_find(s);
	free(s);
	return 0;
}
