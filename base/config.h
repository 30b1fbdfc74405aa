/*
 * base/config.h — small configuration files: one "key = value" per line, or
 * a bare "key" (a switch that is on).  Blank lines and lines whose first
 * non-blank character is '#' are skipped; spaces around keys and values are
 * not part of them.  A line ends at LF, CRLF or a CR alone (a file of
 * CRs was one line, a comment when it began with one: every setting in it
 * dropped).  What the keys mean is the caller's business (the
 * command line maps them to its long options).
 * Refused at their line, as they were taken literally and then named no
 * such thing (`tgt-lang = fa  # Farsi`, `tgt-lang = "fa"`: no language
 * pack, the generic rules, exit 0): a '#' after a blank or at the start
 * of a value (a comment is a whole line), a key or value that starts
 * with a quote (nothing is quoted), and a file in UTF-16 or UTF-32 (a
 * byte order mark, or any NUL byte).
 */
#ifndef XP_CONFIG_H
#define XP_CONFIG_H

#include "error.h"

typedef struct xp_config_item {
	char *key;
	char *value;            /* NULL for a bare key */
	unsigned long line;
} xp_config_item;

typedef struct xp_config {
	xp_config_item *v;
	size_t n, cap;
} xp_config;

int xp_config_read(const char *path, xp_config *c, xp_err *err);
int xp_config_read_mem(const char *name, const char *buf, size_t len, xp_config *c, xp_err *err);
void xp_config_free(xp_config *c);

#endif
