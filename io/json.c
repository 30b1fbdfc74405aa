/* io/json.c — see json.h. */
#include "json.h"
#include "../base/text.h"

#include <string.h>

json_t *xp_json_parse(const char *name, const char *text, size_t len, size_t flags, const char *what,
		      xp_err *err)
{
	json_error_t je;
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
