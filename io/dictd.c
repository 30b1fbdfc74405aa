/* io/dictd.c — a dictd dictionary as headword/translation pairs; see dictd.h. */
#include "dictd.h"
#include "../base/file.h"
#include "../base/text.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int b64digit(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* A base-64 number of s[0..n); -1 when empty, not base 64, or too large
 * for any file (more than 8 digits, 64^8 = 2^48 bytes: no dictionary is
 * 256 TiB). */
static int64_t b64num(const char *s, size_t n)
{
	if (!n || n > 8)
		return -1;
	int64_t v = 0;
	for (size_t k = 0; k < n; k++) {
		int d = b64digit((unsigned char)s[k]);
		if (d < 0)
			return -1;
		v = v * 64 + d;
	}
	return v;
}

/* s[0..n) holds "|||", the bitext's separator. */
static int has_sep(const char *s, size_t n)
{
	for (size_t k = 0; k + 3 <= n; k++)
		if (s[k] == '|' && s[k + 1] == '|' && s[k + 2] == '|')
			return 1;
	return 0;
}

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* s[0..n) with blanks collapsed to single spaces, ends trimmed, into out;
 * the number of words. */
static size_t collapse(const char *s, size_t n, xp_buf *out)
{
	size_t words = 0;
	for (size_t k = 0; k < n;) {
		while (k < n && blank(s[k]))
			k++;
		if (k == n)
			break;
		size_t a = k;
		while (k < n && !blank(s[k]))
			k++;
		if (words++)
			xp_buf_putc(out, ' ');
		xp_buf_add(out, s + a, k - a);
	}
	return words;
}

/* Every word of the space-separated s[0..n) is in v. */
static int all_seen(xp_vocab *v, const char *s, size_t n)
{
	for (size_t k = 0; k < n;) {
		size_t a = k;
		while (k < n && s[k] != ' ')
			k++;
		if (xp_vocab_find(v, s + a, k - a) == UINT32_MAX)
			return 0;
		k++;
	}
	return 1;
}

typedef struct dd {
	const xp_dictd_opts *o;
	xp_buf *out;
	xp_dictd_stats *st;
	/* CEDICT's: the headword is the target side (Chinese), the
	 * translations English, written first as the bitext's source */
	int cedict;
	xp_vocab done;       /* "head ||| translation" written */
	xp_buf line, tr;     /* scratch */
} dd;

/* One translation t[0..n) of the headword h (collapsed). */
static int add_pair(dd *d, const char *h, size_t hn, const char *t, size_t tn)
{
	d->tr.n = 0;
	size_t words = collapse(t, tn, &d->tr);
	if (d->tr.oom)
		return XP_ENOMEM;
	const char *tr = d->tr.p;
	size_t trn = d->tr.n;
	if (!words || words > XP_DICTD_MAX_WORDS || has_sep(h, hn) || has_sep(tr, trn))
		return 0;
	/* the source side first, as a bitext line has it */
	const char *src = d->cedict ? tr : h, *tgt = d->cedict ? h : tr;
	size_t srcn = d->cedict ? trn : hn, tgtn = d->cedict ? hn : trn;
	if (d->o && d->o->seen[0] && d->o->seen[1] &&
	    (!all_seen(d->o->seen[0], src, srcn) || !all_seen(d->o->seen[1], tgt, tgtn))) {
		if (d->st)
			d->st->unseen++;
		return 0;
	}
	d->line.n = 0;
	xp_buf_add(&d->line, src, srcn);
	xp_buf_add(&d->line, " ||| ", 5);
	xp_buf_add(&d->line, tgt, tgtn);
	if (d->line.oom)
		return XP_ENOMEM;
	uint32_t before = d->done.n;
	if (xp_vocab_id(&d->done, d->line.p, d->line.n) == UINT32_MAX)
		return XP_ENOMEM;
	if (d->done.n == before)
		return 0;
	xp_buf_add(d->out, d->line.p, d->line.n);
	xp_buf_putc(d->out, '\n');
	if (d->st)
		d->st->pairs++;
	return d->out->oom ? XP_ENOMEM : 0;
}

/* A line of translations, l[0..n), begun in column 0. */
static int add_line(dd *d, const char *h, size_t hn, const char *l, size_t n)
{
	/* a sense number "12. " */
	size_t k = 0;
	while (k < n && l[k] >= '0' && l[k] <= '9')
		k++;
	if (k && k + 1 < n && l[k] == '.' && blank(l[k + 1]))
		l += k + 1, n -= k + 1;
	/* labels, glosses and ellipses out (as blanks, so that words either
	 * side stay apart), then cut at ',' and ';' */
	char *s = malloc(n + 1);
	if (!s)
		return XP_ENOMEM;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		char c = l[i], close = c == '<' ? '>' : c == '[' ? ']' : c == '(' ? ')' : 0;
		if (close) {
			while (i < n && l[i] != close)
				i++;
			s[m++] = ' ';
		} else if (c == '.' && i + 2 < n && l[i + 1] == '.' && l[i + 2] == '.') {
			i += 2;
			s[m++] = ' ';
		} else if ((unsigned char)c == 0xe2 && i + 2 < n && (unsigned char)l[i + 1] == 0x80 &&
			   (unsigned char)l[i + 2] == 0xa6) {
			i += 2;
			s[m++] = ' ';
		} else {
			s[m++] = c;
		}
	}
	int rc = 0;
	for (size_t a = 0, i = 0; !rc && i <= m; i++)
		if (i == m || s[i] == ',' || s[i] == ';') {
			rc = add_pair(d, h, hn, s + a, i - a);
			a = i + 1;
		}
	free(s);
	return rc;
}

/* The entry text e[0..n) of the headword h (collapsed, NUL-terminated). */
static int add_entry(dd *d, const char *h, size_t hn, const char *e, size_t n)
{
	const char *end = e + n, *p = memchr(e, '\n', n);
	if (!p)
		return 0;
	for (p++; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		if (le > p && !blank(*p)) {
			int rc = add_line(d, h, hn, p, (size_t)(le - p));
			if (rc)
				return rc;
		}
		p = le + 1;
	}
	return 0;
}

/* The line of s[0..len) at *k, its length without "\n" or "\r\n" in *n,
 * *k moved past it (to len + 1 when it has no "\n"); NULL at the end.  A
 * BOM an editor put before the first line is skipped: it would stay in the
 * first headword, which would then match no word of the bitext, unsaid. */
static const char *next_line(const char *s, size_t len, size_t *k, size_t *n)
{
	if (!*k && len >= 3 && !memcmp(s, "\xef\xbb\xbf", 3))
		*k = 3;
	if (*k >= len)
		return NULL;
	const char *l = s + *k, *nl = memchr(l, '\n', len - *k);
	*n = nl ? (size_t)(nl - l) : len - *k;
	*k += *n + 1;
	if (*n && l[*n - 1] == '\r')
		(*n)--;
	return l;
}

int xp_dictd_pairs_mem(const char *iname, const char *index, size_t ilen, const char *dict, size_t dlen,
		       const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st, xp_err *err)
{
	dd d = {.o = o, .out = out, .st = st};
	if (xp_vocab_init(&d.done, 0))
		return xp_failc(err, XP_ENOMEM, iname, 0, "out of memory");
	if (st)
		memset(st, 0, sizeof *st);
	int rc = 0;
	unsigned long lineno = 0;
	xp_buf head = {0};
	const char *l;
	size_t k = 0, n;
	while (!rc && (l = next_line(index, ilen, &k, &n))) {
		lineno++;
		if (!n)
			continue;
		/* dictfmt ends every line: one without its end is a file cut
		 * short, whose length field may be cut too (a shorter entry,
		 * read unsaid); next_line left k past the end for it */
		if (k > ilen) {
			rc = xp_failc(err, XP_EINPUT, iname, lineno,
				      "the index's last line has no line end: a file cut short? (the entries after it are "
				      "lost, and this one may be cut)");
			break;
		}
		const char *t1 = memchr(l, '\t', n);
		const char *t2 = t1 ? memchr(t1 + 1, '\t', (size_t)(l + n - t1 - 1)) : NULL;
		if (!t2) {
			rc = xp_failc(err, XP_EINPUT, iname, lineno,
				      "not an index line: 'headword<TAB>offset<TAB>length' expected");
			break;
		}
		const char *t3 = memchr(t2 + 1, '\t', (size_t)(l + n - t2 - 1));
		int64_t off = b64num(t1 + 1, (size_t)(t2 - t1 - 1));
		int64_t len = b64num(t2 + 1, (size_t)((t3 ? t3 : l + n) - t2 - 1));
		if (off < 0 || len < 0) {
			rc = xp_failc(err, XP_EINPUT, iname, lineno,
				      "the offset or length is not a base-64 number (A-Z a-z 0-9 + /) of 1 to 8 digits");
			break;
		}
		if ((uint64_t)off > dlen || (uint64_t)len > dlen - (uint64_t)off) {
			rc = xp_failc(err, XP_EINPUT, iname, lineno,
				      "the entry (offset %lld, length %lld) ends past the dictionary's %zu bytes",
				      (long long)off, (long long)len, dlen);
			break;
		}
		if (st)
			st->entries++;
		size_t hl = (size_t)(t1 - l);
		if ((hl >= 10 && !memcmp(l, "00database", 10)) || (hl >= 12 && !memcmp(l, "00-database-", 12)))
			continue;
		/* text, which the bitext lines are: no NUL byte either */
		size_t bad;
		if (!xp_utf8_valid(l, hl, &bad) || !xp_utf8_valid(dict + off, (size_t)len, &bad) ||
		    memchr(l, '\0', hl) || memchr(dict + off, '\0', (size_t)len)) {
			rc = xp_failc(err, XP_EINPUT, iname, lineno, "the headword or its entry is not UTF-8 text");
			break;
		}
		head.n = 0;
		size_t words = collapse(l, hl, &head);
		xp_buf_putc(&head, '\0');
		if (head.oom) {
			rc = xp_failc(err, XP_ENOMEM, iname, lineno, "out of memory");
			break;
		}
		if (!words)
			continue;
		if (add_entry(&d, head.p, head.n - 1, dict + off, (size_t)len)) {
			rc = xp_failc(err, XP_ENOMEM, iname, lineno, "out of memory");
			break;
		}
	}
	xp_buf_free(&head);
	xp_buf_free(&d.line);
	xp_buf_free(&d.tr);
	xp_vocab_free(&d.done);
	return rc;
}

/* CEDICT's line, l[0..n) (no newline), "Traditional Simplified [pin1 yin1]
 * /gloss/gloss/": its pairs; 1 when it is not such a line. */
static int cedict_line(dd *d, const char *l, size_t n, int *rc)
{
	const char *end = l + n, *sp1 = memchr(l, ' ', n);
	if (!sp1 || sp1 == l)
		return 1;
	const char *simp = sp1 + 1, *sp2 = memchr(simp, ' ', (size_t)(end - simp));
	if (!sp2 || sp2 == simp || sp2 + 1 == end || sp2[1] != '[')
		return 1;
	const char *close = memchr(sp2, ']', (size_t)(end - sp2));
	if (!close || close + 2 >= end || close[1] != ' ' || close[2] != '/')
		return 1;
	const char *g = close + 3;
	while (end > g && blank(end[-1]))
		end--;
	if (end == g || end[-1] != '/')
		return 1;
	/* the headword as dictd's is taken: blanks (a tab) collapsed */
	xp_buf head = {0};
	collapse(simp, (size_t)(sp2 - simp), &head);
	if (head.oom) {
		*rc = XP_ENOMEM;
		return 0;
	}
	/* each gloss, reduced as a dictd line of translations is */
	for (const char *a = g; !*rc && a < end;) {
		const char *b = memchr(a, '/', (size_t)(end - a));
		if (b > a)
			*rc = add_line(d, head.p, head.n, a, (size_t)(b - a));
		a = b + 1;
	}
	xp_buf_free(&head);
	return 0;
}

int xp_cedict_pairs_mem(const char *name, const char *buf, size_t len, const xp_dictd_opts *o, xp_buf *out,
			xp_dictd_stats *st, xp_err *err)
{
	dd d = {.o = o, .out = out, .st = st, .cedict = 1};
	if (xp_vocab_init(&d.done, 0))
		return xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	if (st)
		memset(st, 0, sizeof *st);
	int rc = 0;
	unsigned long lineno = 0;
	const char *l;
	size_t k = 0, n;
	while (!rc && (l = next_line(buf, len, &k, &n))) {
		lineno++;
		size_t bad;
		if (!xp_utf8_valid(l, n, &bad) || memchr(l, '\0', n)) {
			rc = xp_failc(err, XP_EINPUT, name, lineno, "not UTF-8 text");
			break;
		}
		size_t b = 0;
		while (b < n && blank(l[b]))
			b++;
		if (b == n || l[0] == '#')   /* blank, or a comment ("#! date=..." too) */
			continue;
		if (st)
			st->entries++;
		int oom = 0;
		if (cedict_line(&d, l, n, &oom)) {
			rc = xp_failc(err, XP_EINPUT, name, lineno,
				      "not a CEDICT line: 'Traditional Simplified [pin1 yin1] /gloss/gloss/' expected");
			break;
		}
		if (oom)
			rc = xp_failc(err, XP_ENOMEM, name, lineno, "out of memory");
	}
	xp_buf_free(&d.line);
	xp_buf_free(&d.tr);
	xp_vocab_free(&d.done);
	return rc;
}

int xp_cedict_pairs(const char *path, const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st, xp_err *err)
{
	char *buf = NULL;
	size_t len = 0;
	int rc = xp_read_file(path, &buf, &len, err);
	if (!rc)
		rc = xp_cedict_pairs_mem(path, buf, len, o, out, st, err);
	free(buf);
	return rc;
}

static int ends(const char *s, size_t n, const char *suffix)
{
	size_t m = strlen(suffix);
	return n >= m && !memcmp(s + n - m, suffix, m);
}

/* A dictionary that is not where Debian installs them (DEBIAN_DICTD): said
 * with the package that puts it there, "dict-" and its name (FreeDict's
 * are optional data, scripts/install-deps does not install them), rather
 * than "cannot open" alone.  iname is the index's path, n its NAME's
 * length; 0 when it is there or is not under DEBIAN_DICTD. */
#define DEBIAN_DICTD "/usr/share/dictd/"
static int missing(const char *iname, size_t n, xp_err *err)
{
	size_t d = sizeof DEBIAN_DICTD - 1;
	if (n <= d || strncmp(iname, DEBIAN_DICTD, d) || memchr(iname + d, '/', n - d) || !access(iname, F_OK) ||
	    errno != ENOENT)
		return 0;
	const char *name = iname + d;
	if (!strncmp(name, "freedict-", 9))
		return xp_failc(err, XP_ENOTFOUND, iname, 0, "no such dictionary: install it with "
				"`apt-get install dict-%.*s` (Debian's FreeDict package; `apt-cache search "
				"dict-freedict` lists them)", (int)(n - d), name);
	return xp_failc(err, XP_ENOTFOUND, iname, 0, "no such dictionary: Debian installs its dictionaries "
			"here from the dict-* packages (`apt-cache search dict-freedict` lists FreeDict's)");
}

/* The length of NAME in path: NAME, NAME.index, NAME.dict or NAME.dict.dz. */
static size_t name_len(const char *path)
{
	size_t n = strlen(path);
	return ends(path, n, ".index") ? n - 6 : ends(path, n, ".dict.dz") ? n - 8 : ends(path, n, ".dict") ? n - 5 : n;
}

/* dictd's two files of path (xp_dict_files) */
static int dictd_files(const char *path, char **index, char **dict, xp_err *err)
{
	size_t n = name_len(path);
	*index = malloc(n + 16), *dict = malloc(n + 16);
	if (!*index || !*dict) {
		free(*index), free(*dict);
		*index = *dict = NULL;
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	}
	snprintf(*index, n + 16, "%.*s.index", (int)n, path);
	snprintf(*dict, n + 16, "%.*s.dict.dz", (int)n, path);
	if (access(*dict, F_OK))
		(*dict)[n + 5] = '\0';   /* NAME.dict */
	return 0;
}

int xp_dictd_langs(const char *path, char langs[2][4])
{
	langs[0][0] = langs[1][0] = '\0';
	size_t n = name_len(path);
	/* the two last parts of NAME's last component, from the end */
	size_t end = n;
	for (int k = 1; k >= 0; k--) {
		size_t a = end;
		while (a > 0 && path[a - 1] >= 'a' && path[a - 1] <= 'z')
			a--;
		/* the translations' part after a '-'; the headwords' at NAME's
		 * start or after one */
		int before = a == 0 ? k == 0 : path[a - 1] == '-' || (k == 0 && path[a - 1] == '/');
		if (end - a < 2 || end - a > 3 || !before) {
			langs[0][0] = langs[1][0] = '\0';
			return 0;
		}
		memcpy(langs[k], path + a, end - a);
		langs[k][end - a] = '\0';
		end = a ? a - 1 : 0;
	}
	return 1;
}

int xp_dictd_pairs(const char *path, const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st, xp_err *err)
{
	char *iname, *dname;
	int rc = dictd_files(path, &iname, &dname, err);
	if (rc)
		return rc;
	char *index = NULL, *dict = NULL;
	size_t ilen = 0, dlen = 0;
	rc = missing(iname, strlen(iname) - 6, err);   /* NAME of NAME.index */
	if (!rc)
		rc = xp_read_file(iname, &index, &ilen, err);
	if (!rc)
		rc = xp_read_file(dname, &dict, &dlen, err);
	if (!rc)
		rc = xp_dictd_pairs_mem(iname, index, ilen, dict, dlen, o, out, st, err);
	free(index), free(dict), free(iname), free(dname);
	return rc;
}

static int seen_pair(void *arg, const xp_str *src, size_t ns, const xp_str *tgt, size_t nt, unsigned long line,
		     xp_err *err)
{
	(void)line;
	xp_vocab *seen = arg;
	for (size_t k = 0; k < ns; k++)
		if (xp_vocab_id(&seen[0], src[k].p, src[k].n) == UINT32_MAX)
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t k = 0; k < nt; k++)
		if (xp_vocab_id(&seen[1], tgt[k].p, tgt[k].n) == UINT32_MAX)
			return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

int xp_dictd_seen_file(xp_vocab seen[2], const char *path, xp_err *err)
{
	return xp_bitext_each(path, seen_pair, seen, err);
}

int xp_dictd_seen_mem(xp_vocab seen[2], const char *name, const char *buf, size_t len, xp_err *err)
{
	return xp_bitext_each_mem(name, buf, len, seen_pair, seen, err);
}

int xp_dictd_seen_bitext(xp_vocab seen[2], const xp_bitext *b, xp_err *err)
{
	for (size_t s = 0; s < b->n; s++)
		if (seen_pair(seen, b->toks + b->src[s], xp_bitext_srclen(b, s), b->toks + b->tgt[s],
			      xp_bitext_tgtlen(b, s), 0, err))
			return -1;
	return 0;
}

int xp_dict_format_parse(const char *s, xp_dict_format *f)
{
	static const char *const names[] = {"auto", "dictd", "cedict"};
	for (int k = 0; k < 3; k++)
		if (!strcmp(s, names[k])) {
			*f = (xp_dict_format)k;
			return 0;
		}
	return -1;
}

xp_dict_format xp_dict_detect(const char *path)
{
	size_t n = strlen(path);
	if (ends(path, n, ".index") || ends(path, n, ".dict") || ends(path, n, ".dict.dz"))
		return XP_DICT_DICTD;
	struct stat sb;
	if (stat(path, &sb) || !S_ISREG(sb.st_mode))
		return XP_DICT_DICTD;   /* NAME of NAME.index: said missing as such */
	/* a file that is not NAME of a dictd pair of files */
	char *index = malloc(n + 7);
	if (!index)
		return XP_DICT_CEDICT;
	snprintf(index, n + 7, "%s.index", path);
	int dictd = !access(index, F_OK);
	free(index);
	return dictd ? XP_DICT_DICTD : XP_DICT_CEDICT;
}

int xp_dict_files(const char *path, xp_dict_format f, char **a, char **b, xp_err *err)
{
	if (f == XP_DICT_AUTO) {
		/* said as what it is, not as a missing NAME.index (which is what
		 * the dictd reading of a name that is no file would say) */
		size_t n = strlen(path);
		struct stat sb;
		int named = ends(path, n, ".index") || ends(path, n, ".dict") || ends(path, n, ".dict.dz");
		if (!named && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
			return xp_failc(err, XP_EINPUT, path, 0,
					"a directory, not a dictionary (dictd's NAME or NAME.index, or a CEDICT file)");
		/* (a FreeDict name keeps dictd's message, which says what to install) */
		const char *base = strrchr(path, '/');
		base = base ? base + 1 : path;
		if (!named && strncmp(base, "freedict-", 9) && stat(path, &sb) && errno == ENOENT) {
			char *index = malloc(n + 7);
			if (!index)
				return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
			snprintf(index, n + 7, "%s.index", path);
			int none = access(index, F_OK) != 0;
			free(index);
			if (none)
				return xp_failc(err, XP_ENOTFOUND, path, 0,
						"no such file, nor %s.index beside it (a dictionary: dictd's NAME or NAME.index, or a "
						"CEDICT file)",
						path);
		}
		f = xp_dict_detect(path);
	}
	if (f == XP_DICT_DICTD)
		return dictd_files(path, a, b, err);
	*b = NULL;
	if (!(*a = strdup(path)))
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	return 0;
}

int xp_dict_pairs(const char *path, xp_dict_format f, const xp_dictd_opts *o, xp_buf *out, xp_dictd_stats *st,
		  xp_err *err)
{
	if (f == XP_DICT_AUTO)
		f = xp_dict_detect(path);
	return f == XP_DICT_CEDICT ? xp_cedict_pairs(path, o, out, st, err) : xp_dictd_pairs(path, o, out, st, err);
}
