/*
 * io/json.h — a JSON document read whole, the way every xproj reader of one
 * wants it (a projection report, a confidence model, MMC's corrections).
 *
 * jansson does the parsing; this adds what each reader used to write for
 * itself: a UTF-8 byte order mark before the text is skipped (editors and
 * spreadsheets on Windows write one, jansson refuses it), and a failure is
 * an xp_err naming the file and line.
 */
#ifndef XP_JSON_H
#define XP_JSON_H

#include "../base/error.h"

#include <jansson.h>
#include <stddef.h>

/* text[0..len) parsed with jansson's flags; name is the file errors cite
 * and what the kind of document a message says it is not ("a confidence
 * model").  NULL with XP_EINPUT in *err if it is not JSON: "not WHAT:"
 * and jansson's reason, or, with JSON_REJECT_DUPLICATES, the key given
 * twice. */
json_t *xp_json_parse(const char *name, const char *text, size_t len, size_t flags, const char *what,
		      xp_err *err);

/* s as a JSON string, its bytes made valid UTF-8 first if they are not
 * (jansson refuses invalid UTF-8, and text read back from a file name or a
 * store edited by hand need not be valid); NULL only when out of memory. */
json_t *xp_json_text(const char *s);

#endif
