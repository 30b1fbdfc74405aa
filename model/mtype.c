/*
 * model/mtype.c — mention and sentence types from words; see mtype.h.
 * The lists are short on purpose: each word is one a reader would agree
 * with, so a category is wrong only where the surface is.  The machinery
 * reads any language's lists (a pack's, lang/lang.h xp_lang_mtype); the
 * lists here are English's, the source's.
 */
#include "mtype.h"
#include "tokenize.h"

#include <string.h>
#include <strings.h>

static const char *const mtype_names[XP_NMTYPES] = {"pronoun", "name", "nominal", "other"};
static const char *const stype_names[XP_NSTYPES] = {"question", "imperative", "exclamation", "fragment",
						    "declarative"};

const char *xp_mtype_name(xp_mtype t) { return mtype_names[t]; }
const char *xp_stype_name(xp_stype t) { return stype_names[t]; }

/* --- English's lists (the source's) ----------------------------------- */

static const char *const en_masc[] = {"he", "him", "his", "himself", NULL};
static const char *const en_fem[] = {"she", "her", "hers", "herself", NULL};
static const char *const en_pron[] = {
	"i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves", "he", "him",
	"his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us", "our", "ours",
	"ourselves", "they", "them", "their", "theirs", "themselves", "this", "that", "these", "those",
	"ya", "y'all", NULL};
static const char *const en_det[] = {"the", "a", "an", "my", "your", "his", "her", "our", "their", "its",
				     "this", "that", "these", "those", "some", "any", "no", "every", "all",
				     NULL};
/* a name's tokens besides capitalised words: Ross 's, J. R., Jay-Z */
static const char *const en_name_parts[] = {"'s", "\xE2\x80\x99s", ".", "-", NULL};
static const char *const en_skip[] = {"oh", "ok", "okay", "well", "so", "now", "hey", "uh", "um", "alright",
				      "please", "just", "and", "but", "yeah", "no", "yes", NULL};
static const char *const en_imp[] = {
	"go", "come", "get", "look", "listen", "stop", "wait", "take", "give", "tell", "say", "let", "let's",
	"be", "try", "sit", "stand", "shut", "leave", "help", "put", "make", "keep", "hold", "call", "check",
	"watch", "forget", "remember", "relax", "calm", "move", "run", "hurry", "grab", "bring", "open",
	"close", "turn", "show", "pick", "eat", "drink", "enjoy", "excuse", "pardon", "hang", "stay",
	"follow", "ask", "answer", "read", "write", "trust", "believe", "imagine", "guess", "kiss", "hug",
	"quit", "drop", "knock", "sleep", "dance", "sing", "pay", "send", "buy", "throw", "push", "pull",
	"finish", "start", "clean", "wash", "wake", "shh", "shush", "don't", NULL};
/* "do n't", "do not": the tokeniser splits don't */
static const char *const en_imp_pairs[][2] = {{"do", "n't"}, {"do", "not"}, {NULL, NULL}};

const xp_mtype_words xp_mtype_en = {
	.flags = XP_MW_NOCASE | XP_MW_NAMES,
	.pronouns = en_pron,
	.determiners = en_det,
	.name_parts = en_name_parts,
	.masc = en_masc,
	.fem = en_fem,
	.skip = en_skip,
	.imperative = en_imp,
	.imp_pairs = en_imp_pairs,
};

int xp_mtype_has_types(const xp_mtype_words *w)
{
	return w && (w->pronouns || w->personal || w->rows);
}

int xp_mtype_has_gender(const xp_mtype_words *w) { return w && (w->masc || w->fem); }

int xp_mtype_has_sentences(const xp_mtype_words *w) { return w && w->imperative; }

/* --- the machinery ---------------------------------------------------- */

static int eq(const char *a, const char *b, int nocase) { return nocase ? !strcasecmp(a, b) : !strcmp(a, b); }

static int in(const char *const *list, const char *w, int nocase)
{
	for (size_t i = 0; list && list[i]; i++)
		if (eq(list[i], w, nocase))
			return 1;
	return 0;
}

/* w is one of the words, separated by spaces, of some row's column 1 */
static int in_rows(const char *const (*rows)[2], const char *w, int nocase)
{
	size_t n = strlen(w);
	for (size_t r = 0; rows && rows[r][0]; r++)
		for (const char *s = rows[r][1]; s && *s;) {
			size_t k = strcspn(s, " ");
			if (k == n && (nocase ? !strncasecmp(s, w, n) : !strncmp(s, w, n)))
				return 1;
			s += k + (s[k] == ' ');
		}
	return 0;
}

/* The span's words joined without spaces into buf; 0 if it does not fit. */
static int joined(const xp_utt *u, uint32_t start, uint32_t end, char *buf, size_t cap)
{
	size_t len = 0;
	for (uint32_t i = start; i < end && i < u->ntoks; i++) {
		uint32_t n;
		const char *w = xp_tok_str(u, i, &n);
		if (len + n + 1 > cap)
			return 0;
		memcpy(buf + len, w, n);
		len += n;
	}
	buf[len] = '\0';
	return 1;
}

/* s is a personal pronoun followed by one of the suffixes */
static int personal_with(const xp_mtype_words *l, const char *s)
{
	int nocase = !!(l->flags & XP_MW_NOCASE);
	size_t n = strlen(s);
	for (size_t j = 0; l->suffixes && l->suffixes[j]; j++) {
		size_t k = strlen(l->suffixes[j]);
		if (n <= k || strcmp(s + n - k, l->suffixes[j]))
			continue;
		char b[64];
		if (n - k >= sizeof b)
			continue;
		memcpy(b, s, n - k);
		b[n - k] = '\0';
		if (in(l->personal, b, nocase))
			return 1;
	}
	return 0;
}

static int is_pronoun(const xp_mtype_words *l, const char *w)
{
	int nocase = !!(l->flags & XP_MW_NOCASE);
	return in(l->pronouns, w, nocase) || in(l->personal, w, nocase) || personal_with(l, w) ||
	       in_rows(l->rows, w, nocase);
}

int xp_mtype_is_pronoun(const xp_mtype_words *w, const char *word)
{
	return word && is_pronoun(w, word);
}

xp_gender xp_pronoun_gender(const xp_mtype_words *l, const xp_utt *u, uint32_t start, uint32_t end)
{
	char w[256];
	int nocase = !!(l->flags & XP_MW_NOCASE);
	if (!joined(u, start, end, w, sizeof w))
		return XP_GENDER_NONE;
	return in(l->masc, w, nocase) ? XP_GENDER_MASC : in(l->fem, w, nocase) ? XP_GENDER_FEM : XP_GENDER_NONE;
}

static int capitalised(const xp_mtype_words *l, const char *w, uint32_t n)
{
	if (w[0] >= 'A' && w[0] <= 'Z')
		return 1;
	for (size_t i = 0; l->name_parts && l->name_parts[i]; i++)
		if (strlen(l->name_parts[i]) == n && !strncmp(w, l->name_parts[i], n))
			return 1;
	return 0;
}

xp_mtype xp_mention_type(const xp_mtype_words *l, const xp_utt *u, uint32_t start, uint32_t end)
{
	char w[256];
	if (joined(u, start, end, w, sizeof w) && is_pronoun(l, w))
		return XP_MT_PRONOUN;
	if (!(l->flags & XP_MW_NAMES))
		return XP_MT_OTHER;
	uint32_t n;
	const char *first = xp_tok_str(u, start, &n);
	char fw[64];
	if (n < sizeof fw) {
		memcpy(fw, first, n);
		fw[n] = '\0';
		if (in(l->determiners, fw, !!(l->flags & XP_MW_NOCASE)) || is_pronoun(l, fw))
			return XP_MT_NOMINAL;
	}
	for (uint32_t i = start; i < end; i++) {
		const char *t = xp_tok_str(u, i, &n);
		if (!n || !capitalised(l, t, n))
			return XP_MT_NOMINAL;
	}
	return XP_MT_NAME;
}

/* --- sentence types ---------------------------------------------------- */

static int has_any(const char *w, uint32_t n, const char *const *marks)
{
	for (size_t i = 0; marks && marks[i]; i++) {
		size_t k = strlen(marks[i]);
		for (uint32_t j = 0; j + k <= n; j++)
			if (!memcmp(w + j, marks[i], k))
				return 1;
	}
	return 0;
}

/* The i-th token as a NUL-ended string in buf ("" if too long). */
static const char *tok(const xp_utt *u, uint32_t i, char *buf, size_t cap)
{
	uint32_t n;
	const char *w = xp_tok_str(u, i, &n);
	if (n >= cap)
		n = 0;
	memcpy(buf, w, n);
	buf[n] = '\0';
	return buf;
}

static int starts_with_any(const char *s, const char *const *list, const char **rest)
{
	for (size_t i = 0; list && list[i]; i++) {
		size_t k = strlen(list[i]);
		if (!strncmp(s, list[i], k)) {
			if (rest)
				*rest = s + k;
			return 1;
		}
	}
	return 0;
}

static int imperative(const xp_mtype_words *l, const xp_utt *u)
{
	char b[128], c[128];
	uint32_t i = 0;
	int nocase = !!(l->flags & XP_MW_NOCASE);
	if (l->flags & XP_MW_CHARS) {
		char all[512];
		/* the sentence's characters without its punctuation and interjections */
		size_t len = 0;
		for (uint32_t t = 0; t < u->ntoks; t++) {
			const char *w = tok(u, t, b, sizeof b);
			size_t n = strlen(w);
			if (xp_is_punct(w) || len + n + 1 > sizeof all)
				continue;
			memcpy(all + len, w, n);
			len += n;
		}
		all[len] = '\0';
		const char *s = all, *rest;
		while (starts_with_any(s, l->skip, &rest) && rest != s && *rest)
			s = rest;
		return starts_with_any(s, l->imperative, NULL) && !starts_with_any(s, l->not_imperative, NULL);
	}
	for (; i < u->ntoks; i++) {
		const char *w = tok(u, i, b, sizeof b);
		if (!xp_is_punct(w) && !in(l->skip, w, nocase))
			break;
	}
	if (i == u->ntoks)
		return 0;
	const char *w = tok(u, i, b, sizeof b);
	const char *next = i + 1 < u->ntoks ? tok(u, i + 1, c, sizeof c) : "";
	for (size_t k = 0; l->imp_pairs && l->imp_pairs[k][1]; k++)
		if ((!l->imp_pairs[k][0] || eq(l->imp_pairs[k][0], w, nocase)) && eq(l->imp_pairs[k][1], next, nocase))
			return 1;
	return in(l->imperative, w, nocase);
}

xp_stype xp_sentence_type(const xp_mtype_words *l, const xp_utt *u)
{
	char b[128];
	/* the marks of every script: punctuation ends a sentence whatever its
	 * language (an English subtitle may hold a full-width mark) */
	static const char *const q[] = {"?", "？", "؟", NULL}, *const ex[] = {"!", "！", NULL};
	/* the last token that is punctuation decides the mark */
	if (u->ntoks) {
		const char *w = tok(u, u->ntoks - 1, b, sizeof b);
		uint32_t n = (uint32_t)strlen(w);
		if (has_any(w, n, q))
			return XP_ST_QUESTION;
		if (imperative(l, u))
			return XP_ST_IMPERATIVE;
		if (has_any(w, n, ex))
			return XP_ST_EXCLAMATION;
	}
	/* words (XP_MW_CHARS: characters) that are not punctuation */
	size_t words = 0;
	for (uint32_t t = 0; t < u->ntoks; t++) {
		const char *w = tok(u, t, b, sizeof b);
		if (xp_is_punct(w) || !*w || !strcmp(w, " "))
			continue;
		if (l->flags & XP_MW_CHARS) {
			for (const unsigned char *p = (const unsigned char *)w; *p; p++)
				words += (*p & 0xC0) != 0x80;
		} else {
			words++;
		}
	}
	return words <= 2 ? XP_ST_FRAGMENT : XP_ST_DECLARATIVE;
}
