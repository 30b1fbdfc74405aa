/* io/json.c — see json.h. */
#include "json.h"
#include "../base/text.h"

#include <stdlib.h>
#include <string.h>

json_t *xp_json_parse(const char *name, const char *text, size_t len, size_t flags, const char *what,
		      xp_err *err)
{
	json_error_t je;   /* zeroed: a load that fails before parsing leaves its code unset */
	memset(&je, 0, sizeof je);
	size_t bom = xp_bom_len(text, len);
	json_t *j = json_loadb(text + bom, len - bom, flags, &je);
	if (j)
		return j;
	if (json_error_code(&je) == json_error_duplicate_key) {
		/* a key given twice would silently keep only its last value */
		const char *near = strstr(je.text, "near ");
		xp_failc(err, XP_EINPUT, name, (unsigned long)je.line, "the key %s is given twice (only one would count)",
			 near ? near + 5 : "");
	} else {
		xp_failc(err, XP_EINPUT, name, (unsigned long)je.line, "not %s: %s", what, je.text);
	}
	return NULL;
}

json_t *xp_json_text(const char *s)
{
	size_t n = strlen(s), bad;
	if (xp_utf8_valid(s, n, &bad))
		return json_stringn(s, n);
	char *fixed = malloc(3 * n + 1);
	json_t *j = fixed ? json_stringn(fixed, xp_utf8_repair(s, n, fixed)) : NULL;
	free(fixed);
	return j;
}
