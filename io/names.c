/* io/names.c — a show's names and their target forms; see names.h. */
#include "names.h"
#include "../base/file.h"
#include "../base/mem.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xp_names_init(xp_names *nm)
{
	memset(nm, 0, sizeof *nm);
	return xp_vocab_init(&nm->names, 1);
}

void xp_names_free(xp_names *nm)
{
	if (!nm)
		return;
	for (size_t k = 0; k < nm->n; k++)
		free(nm->v[k].form);
	free(nm->v), free(nm->first), free(nm->by);
	xp_vocab_free(&nm->names);
	memset(nm, 0, sizeof *nm);
}

int xp_names_add(xp_names *nm, const char *name, size_t nn, const char *form, size_t fn, double count, double share,
		 double occurrences)
{
	uint32_t id = xp_vocab_id(&nm->names, name, nn);
	if (id == UINT32_MAX || xp_grow(&nm->v, &nm->cap, nm->n + 1, sizeof *nm->v))
		return -1;
	char *f = malloc(fn + 1);
	if (!f)
		return -1;
	memcpy(f, form, fn);
	f[fn] = '\0';
	nm->v[nm->n++] = (xp_name_form){id, f, count, share, occurrences};
	return 0;
}

static const xp_names *sorting;

static int by_name_count(const void *x, const void *y)
{
	const xp_name_form *a = &sorting->v[*(const size_t *)x], *b = &sorting->v[*(const size_t *)y];
	if (a->name != b->name)
		return a->name < b->name ? -1 : 1;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

int xp_names_index(xp_names *nm)
{
	free(nm->first), free(nm->by);
	nm->first = calloc((size_t)nm->names.n + 2, sizeof *nm->first);
	nm->by = malloc((nm->n + 1) * sizeof *nm->by);
	if (!nm->first || !nm->by)
		return -1;
	for (size_t k = 0; k < nm->n; k++)
		nm->by[k] = k, nm->first[nm->v[k].name + 1]++;
	for (uint32_t t = 0; t < nm->names.n; t++)
		nm->first[t + 1] += nm->first[t];
	/* (qsort has no argument; the index is built once, on one thread) */
	sorting = nm;
	qsort(nm->by, nm->n, sizeof *nm->by, by_name_count);
	sorting = NULL;
	return 0;
}

size_t xp_names_of(xp_names *nm, const char *w, size_t n, const size_t **f)
{
	uint32_t id = nm->first ? xp_vocab_find(&nm->names, w, n) : UINT32_MAX;
	if (id == UINT32_MAX)
		return 0;
	*f = nm->by + nm->first[id];
	return nm->first[id + 1] - nm->first[id];
}

void xp_names_write(const xp_names *nm, xp_buf *out)
{
	xp_buf_puts(out, "# xproj names 1: English name, target form, count, share, occurrences\n");
	if (nm->has_links)
		xp_buf_printf(out, "# links %016llx\n", (unsigned long long)nm->links);
	for (size_t k = 0; k < nm->n; k++) {
		const xp_name_form *f = &nm->v[k];
		xp_buf_printf(out, "%s\t%s\t%.1f\t%.3f\t%.0f\n", nm->names.words[f->name], f->form, f->count, f->share,
			      f->occurrences);
	}
}

/* field k of a tab-separated line: [*a, *b) */
static int number(const char *a, const char *b, double *v)
{
	char tmp[64];
	if (b <= a || (size_t)(b - a) >= sizeof tmp)
		return -1;
	memcpy(tmp, a, (size_t)(b - a));
	tmp[b - a] = '\0';
	char *end;
	*v = strtod(tmp, &end);
	return *end || !isfinite(*v) || *v < 0 ? -1 : 0;
}

/* what follows "# links": nothing (a line cut there) or one word after
 * blanks, which is meant as the hash; more words are a comment */
static int hashlike(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	while (i < n && s[i] != ' ' && s[i] != '\t')
		i++;
	return i == n;
}

int xp_names_parse(const char *name, const char *buf, size_t len, xp_names *nm, xp_err *err)
{
	if (xp_names_init(nm))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	xp_lines it;
	const char *line;
	size_t n;
	xp_lines_init(&it, buf, len);
	while (xp_lines_next(&it, &line, &n)) {
		if (n >= 7 && !memcmp(line, "# links", 7) && hashlike(line + 7, n - 7)) {
			/* the run's links (not a field: a comment to older readers).
			 * One of another shape (edited by hand, cut) was read as a
			 * comment: the file was taken unchecked, as one written before
			 * the hash, whichever run's names it held; words after
			 * "# links" are a comment still */
			char hex[17], *end = hex;
			if (n == 24 && line[7] == ' ') {
				memcpy(hex, line + 8, 16), hex[16] = '\0';
				nm->links = strtoull(hex, &end, 16);
			}
			if (n != 24 || line[7] != ' ' || *end || !isxdigit((unsigned char)hex[0])) {
				xp_names_free(nm);
				return xp_failc(err, XP_EINPUT, name, it.lineno, "a '# links' line is '# links ' and the 16 "
						"hex digits of the links' hash, as wordalign writes it (edited by hand? cut?)");
			}
			nm->has_links = 1;
		}
		if (!n || line[0] == '#')
			continue;
		const char *f[6];
		size_t nf = 0;
		f[nf++] = line;
		for (size_t k = 0; k < n && nf < 6; k++)
			if (line[k] == '\t')
				f[nf++] = line + k + 1;
		if (nf != 5) {
			xp_names_free(nm);
			return xp_failc(err, XP_EINPUT, name, it.lineno,
					"a names line has five tab-separated fields (name, form, count, share, occurrences), "
					"this one %s", nf < 5 ? "fewer" : "more");
		}
		const char *end = line + n;
		double c, s, o;
		if (f[1] - 1 == f[0] || f[2] - 1 == f[1] || memchr(f[0], '\0', (size_t)(end - f[0])) ||
		    number(f[2], f[3] - 1, &c) || number(f[3], f[4] - 1, &s) || number(f[4], end, &o)) {
			xp_names_free(nm);
			return xp_failc(err, XP_EINPUT, name, it.lineno,
					"a names line needs a name, a form and three non-negative numbers");
		}
		if (xp_names_add(nm, f[0], (size_t)(f[1] - 1 - f[0]), f[1], (size_t)(f[2] - 1 - f[1]), c, s, o)) {
			xp_names_free(nm);
			return xp_failc(err, XP_ENOMEM, name, it.lineno, "out of memory");
		}
	}
	if (xp_names_index(nm)) {
		xp_names_free(nm);
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	}
	return 0;
}

int xp_names_read_file(const char *path, xp_names *nm, xp_err *err)
{
	char *buf;
	size_t len;
	if (xp_read_file(path, &buf, &len, err))
		return -1;
	int rc = xp_names_parse(path, buf, len, nm, err);
	free(buf);
	return rc;
}

int xp_names_beside(const char *links, char *out, size_t cap)
{
	size_t n = strlen(links), gz = strlen(".gz"), ph = strlen(".pharaoh");
	if (n > gz && !strcmp(links + n - gz, ".gz"))
		n -= gz;
	if (n > ph && !strncmp(links + n - ph, ".pharaoh", ph))
		n -= ph;
	int k = snprintf(out, cap, "%.*s.names", (int)n, links);
	return k < 0 || (size_t)k >= cap ? -1 : 0;
}
