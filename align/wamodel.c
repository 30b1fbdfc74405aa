/*
 * align/wamodel.c — the word aligner's model file: writing, reading and
 * checking it, and samplers made from it; see wordalign.h, wamodel.h.
 *
 * Layout (all integers little-endian):
 *
 *   "XPROJWA\n"  u32 version  u64 file length
 *   u32 WA_NJUMP  u32 WA_FMAX + 1      the sampler's buckets (a build with
 *                                       others cannot use the counts)
 *   u32 flags (1: lower-cased)  u32 normalize
 *   per side: str language  u32 parts  u32 stem method (version 2 on:
 *                                       norm.h's, as int32; 0 without the
 *                                       part `stem`)
 *   f64 name, closed, loan prior  u32 closed classes
 *   u32 has closed langs, str  u32 has loan langs, str
 *   u64 pairs trained on  u32 samplers
 *   per side: u32 V, V x str           the word types
 *   per direction d, per sampler:
 *     u32 jump[WA_NJUMP]  u32 fert[V_d x (WA_FMAX + 1)]  u32 lex0[V_!d]
 *     per word f of side !d: u32 n, n x (u32 e, u32 count), e ascending
 *   u32 CRC-32 of every byte before it
 *
 * where str is u32 length and the bytes.  The length in the header tells a
 * truncated file from a corrupt one; the checksum catches the rest.  Every
 * count is checked against what a sampler can hold (a direction's tokens
 * below 2^31), so a file that passes cannot overflow the sampler's counts.
 */
#include "wamodel.h"
#include "norm.h"
#include "prior.h"
#include "../base/file.h"
#include "../base/mem.h"
#include "../base/vocab.h"
#include "../lang/lang.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static const char MAGIC[8] = {'X', 'P', 'R', 'O', 'J', 'W', 'A', '\n'};
/* what one direction of one sampler may count in all: the sampler's counts
 * are uint32_t, and the pairs aligned with the model add their own */
#define COUNT_MAX (1u << 31)

/* --- writing ------------------------------------------------------------------ */

static void put_u32(xp_buf *b, uint32_t v)
{
	unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
			      (unsigned char)(v >> 24)};
	xp_buf_add(b, x, 4);
}

/* The file's end, shared by models and states: its length written into
 * the header's bytes 12-19, the CRC-32 of all before it appended; then b
 * goes to out and is freed.  0, or -1 on OOM. */
static int seal(xp_buf *b, xp_buf *out)
{
	if (!b->oom) {
		uint64_t len = b->n + 4;
		for (int k = 0; k < 8; k++)
			b->p[12 + k] = (char)(unsigned char)(len >> (8 * k));
		put_u32(b, (uint32_t)crc32_z(0, (const Bytef *)b->p, b->n));
	}
	int rc = b->oom ? -1 : 0;
	if (!rc)
		xp_buf_add(out, b->p, b->n);
	xp_buf_free(b);
	return rc || out->oom ? -1 : 0;
}


static void put_u64(xp_buf *b, uint64_t v)
{
	put_u32(b, (uint32_t)v);
	put_u32(b, (uint32_t)(v >> 32));
}

static void put_f64(xp_buf *b, double d)
{
	uint64_t v;
	memcpy(&v, &d, sizeof v);
	put_u64(b, v);
}

static void put_str(xp_buf *b, const char *s)
{
	size_t n = strlen(s);
	put_u32(b, (uint32_t)n);
	xp_buf_add(b, s, n);
}

int xp_wa_model_serialize(const xp_wa_model *m, xp_buf *out)
{
	xp_buf b = {0};
	xp_buf_add(&b, MAGIC, sizeof MAGIC);
	put_u32(&b, XP_WA_MODEL_VERSION);
	put_u64(&b, 0);   /* the length, filled in below */
	put_u32(&b, WA_NJUMP);
	put_u32(&b, WA_FMAX + 1);
	put_u32(&b, m->lowercase ? 1 : 0);
	put_u32(&b, m->normalize);
	for (int d = 0; d < 2; d++) {
		put_str(&b, m->lang[d]);
		put_u32(&b, m->parts[d]);
		put_u32(&b, (uint32_t)m->stem[d]);
	}
	put_f64(&b, m->name_prior);
	put_f64(&b, m->closed_prior);
	put_f64(&b, m->loan_prior);
	put_u32(&b, m->closed_classes);
	put_u32(&b, m->closed_langs != NULL);
	put_str(&b, m->closed_langs ? m->closed_langs : "");
	put_u32(&b, m->loan_langs != NULL);
	put_str(&b, m->loan_langs ? m->loan_langs : "");
	put_u64(&b, m->pairs);
	put_u32(&b, (uint32_t)m->samplers);
	for (int d = 0; d < 2; d++) {
		put_u32(&b, m->V[d]);
		for (uint32_t t = 0; t < m->V[d]; t++)
			put_str(&b, m->words[d][t]);
	}
	for (int d = 0; d < 2; d++)
		for (int q = 0; q < m->samplers; q++) {
			const wa_msampler *s = &m->smp[d][q];
			for (int k = 0; k < WA_NJUMP; k++)
				put_u32(&b, s->jump[k]);
			for (size_t k = 0; k < (size_t)m->V[d] * (WA_FMAX + 1); k++)
				put_u32(&b, s->fert[k]);
			for (uint32_t f = 0; f < m->V[!d]; f++)
				put_u32(&b, s->lex0[f]);
			for (uint32_t f = 0; f < m->V[!d]; f++) {
				put_u32(&b, (uint32_t)(s->loff[f + 1] - s->loff[f]));
				for (uint64_t k = 2 * s->loff[f]; k < 2 * s->loff[f + 1]; k++)
					put_u32(&b, s->lkv[k]);
			}
		}
	return seal(&b, out);
}

/* --- reading ------------------------------------------------------------------ */

typedef struct cur {
	const unsigned char *p;
	size_t n, at;
	const char *name;
	xp_err *err;
} cur;

static int truncated(cur *c)
{
	return xp_failc(c->err, XP_EINPUT, c->name, 0, "not a whole word-aligner model: it ends at byte %zu", c->n);
}

static int need(cur *c, size_t k)
{
	/* at past n: the checksum's 4 bytes taken off a file shorter than
	 * its header (read without the checksum compared: the fuzz target's
	 * way), where n - at wrapped and the header's bytes were read past
	 * the buffer's end */
	return c->at > c->n || c->n - c->at < k ? truncated(c) : 0;
}

static int get_u32(cur *c, uint32_t *v)
{
	if (need(c, 4))
		return -1;
	const unsigned char *x = c->p + c->at;
	*v = (uint32_t)x[0] | (uint32_t)x[1] << 8 | (uint32_t)x[2] << 16 | (uint32_t)x[3] << 24;
	c->at += 4;
	return 0;
}

static int get_u64(cur *c, uint64_t *v)
{
	uint32_t lo, hi;
	if (get_u32(c, &lo) || get_u32(c, &hi))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

/* The file's length, as its header gives it, against the bytes there are:
 * a file cut short or grown is refused before anything is read from it.
 * what names the file's kind ("model", "state"). */
static int whole_length(cur *c, const char *what)
{
	uint64_t flen;
	if (get_u64(c, &flen))
		return -1;
	if (flen != c->n)
		return xp_failc(c->err, XP_EINPUT, c->name, 0,
				flen > c->n ? "truncated word-aligner %s: %zu bytes of the %llu it had"
					    : "corrupt word-aligner %s: %zu bytes, its header says %llu",
				what, c->n, (unsigned long long)flen);
	return 0;
}

static int get_f64(cur *c, double *d)
{
	uint64_t v;
	if (get_u64(c, &v))
		return -1;
	memcpy(d, &v, sizeof *d);
	return 0;
}

static int bad(cur *c, const char *what)
{
	return xp_failc(c->err, XP_EINPUT, c->name, 0, "corrupt word-aligner model: %s (at byte %zu)", what, c->at);
}

/* a string of at most max bytes, no NUL in it, into a new allocation */
static int get_str(cur *c, size_t max, char **s)
{
	uint32_t n;
	if (get_u32(c, &n) || need(c, n))
		return -1;
	if (n > max || memchr(c->p + c->at, 0, n))
		return bad(c, "a string too long or with a NUL byte");
	if (!(*s = malloc((size_t)n + 1)))
		return xp_failc(c->err, XP_ENOMEM, c->name, 0, "out of memory");
	memcpy(*s, c->p + c->at, n);
	(*s)[n] = '\0';
	c->at += n;
	return 0;
}

void xp_wa_msampler_free(wa_msampler *ms)
{
	free(ms->fert);
	free(ms->lex0);
	free(ms->loff);
	free(ms->lkv);
	memset(ms, 0, sizeof *ms);
}

void xp_wa_model_free(xp_wa_model *m)
{
	if (!m)
		return;
	for (int d = 0; d < 2; d++) {
		if (m->words[d])
			for (uint32_t t = 0; t < m->V[d]; t++)
				free(m->words[d][t]);
		free(m->words[d]);
		if (m->smp[d])
			for (int q = 0; q < m->samplers; q++)
				xp_wa_msampler_free(&m->smp[d][q]);
		free(m->smp[d]);
	}
	free(m->closed_langs);
	free(m->loan_langs);
	free(m);
}

static int oom(cur *c) { return xp_failc(c->err, XP_ENOMEM, c->name, 0, "out of memory"); }

/* n u32 counts into v (allocated), each and their sum below COUNT_MAX */
static int get_counts(cur *c, size_t n, uint32_t **v, uint64_t *sum)
{
	if (n > (c->n - c->at) / 4)
		return need(c, (size_t)-1);
	if (!(*v = malloc((n ? n : 1) * sizeof **v)))
		return oom(c);
	for (size_t k = 0; k < n; k++) {
		get_u32(c, &(*v)[k]);
		*sum += (*v)[k];
		if (*sum >= COUNT_MAX)
			return bad(c, "counts larger than a sampler holds");
	}
	return 0;
}

static int get_sampler(cur *c, wa_msampler *s, uint32_t VE, uint32_t VF)
{
	uint64_t jsum = 0, fsum = 0, lsum = 0;
	for (int k = 0; k < WA_NJUMP; k++) {
		if (get_u32(c, &s->jump[k]))
			return -1;
		if ((jsum += s->jump[k]) >= COUNT_MAX)
			return bad(c, "jump counts larger than a sampler holds");
	}
	if (get_counts(c, (size_t)VE * (WA_FMAX + 1), &s->fert, &fsum) || get_counts(c, VF, &s->lex0, &lsum))
		return -1;
	if (!(s->loff = malloc(((size_t)VF + 1) * sizeof *s->loff)))
		return oom(c);
	s->loff[0] = 0;
	/* the pairs of every f are read into one array that grows as needed:
	 * the total is not in the file, and the bytes left bound it */
	size_t cap = 0;
	for (uint32_t f = 0; f < VF; f++) {
		uint32_t n;
		if (get_u32(c, &n))
			return -1;
		if (n > (c->n - c->at) / 8)
			return truncated(c);
		uint64_t at = s->loff[f];
		if (n && xp_grow(&s->lkv, &cap, 2 * (at + n), sizeof *s->lkv))
			return oom(c);
		uint32_t last = 0;
		for (uint32_t k = 0; k < n; k++) {
			uint32_t e, cnt;
			get_u32(c, &e);
			get_u32(c, &cnt);
			if (e >= VE || (k && e <= last) || !cnt)
				return bad(c, "a lexical count of no word, out of order or zero");
			if ((lsum += cnt) >= COUNT_MAX)
				return bad(c, "lexical counts larger than a sampler holds");
			s->lkv[2 * (at + k)] = e, s->lkv[2 * (at + k) + 1] = cnt;
			last = e;
		}
		s->loff[f + 1] = at + n;
	}
	return 0;
}

int xp_wa_model_parse_crc(const char *name, const void *buf, size_t len, int check_crc, xp_wa_model **mp,
			  xp_err *err)
{
	cur c = {buf, len, 0, name, err};
	*mp = NULL;
	if (len < sizeof MAGIC || memcmp(buf, MAGIC, sizeof MAGIC))
		return xp_failc(err, XP_EINPUT, name, 0,
				"not a word-aligner model (no XPROJWA header: `xproj wordalign --save-model` writes them)");
	c.at = sizeof MAGIC;
	uint32_t version, njump, nfert;
	if (get_u32(&c, &version))
		return -1;
	if (version < 1 || version > XP_WA_MODEL_VERSION)
		return xp_failc(err, XP_EINPUT, name, 0,
				"word-aligner model of format version %u; this xproj reads versions 1 to %d", version,
				XP_WA_MODEL_VERSION);
	int wrong = whole_length(&c, "model");
	if (wrong)
		return wrong;
	if (check_crc) {
		const unsigned char *p = buf;
		uint32_t want = len < 24 ? 0 : (uint32_t)p[len - 4] | (uint32_t)p[len - 3] << 8 |
						 (uint32_t)p[len - 2] << 16 | (uint32_t)p[len - 1] << 24;
		if (len < 24 || (uint32_t)crc32_z(0, p, len - 4) != want)
			return xp_failc(err, XP_EINPUT, name, 0, "corrupt word-aligner model: checksum mismatch");
	}
	if (len >= 4)
		c.n = len - 4;   /* the checksum is no content */
	if (get_u32(&c, &njump) || get_u32(&c, &nfert))
		return -1;
	if (njump != WA_NJUMP || nfert != WA_FMAX + 1)
		return xp_failc(err, XP_EINPUT, name, 0,
				"word-aligner model with %u jump and %u fertility buckets; this xproj's sampler has %d and %d",
				njump, nfert, WA_NJUMP, WA_FMAX + 1);
	xp_wa_model *m = calloc(1, sizeof *m);
	if (!m)
		return oom(&c);
	uint32_t flags = 0, normalize = 0, has = 0, samplers = 0;
	char *s = NULL;
	int rc = get_u32(&c, &flags) || get_u32(&c, &normalize) ? -1 : 0;
	m->lowercase = flags & 1;
	m->normalize = normalize;
	m->version = (int)version;
	for (int d = 0; d < 2 && !rc; d++) {
		uint32_t stem = 0;
		if (get_str(&c, sizeof m->lang[d] - 1, &s) || get_u32(&c, &m->parts[d]) ||
		    (version >= 2 && get_u32(&c, &stem)))
			rc = -1;
		else
			strcpy(m->lang[d], s);
		free(s);
		s = NULL;
		/* version 1: the part's own method, the one there was */
		int method = version < 2 ? (m->parts[d] & XP_NORM_STEM ? XP_STEM_LEARNED : 0) : (int32_t)stem;
		if (!rc && (m->parts[d] & XP_NORM_STEM ? method != XP_STEM_LEARNED &&
							   (method < 1 || method > XP_STEM_PREFIX_MAX)
						       : method != 0))
			rc = bad(&c, "a stem method that is none, or one without the part `stem`");
		m->stem[d] = method;
	}
	if (!rc && (get_f64(&c, &m->name_prior) || get_f64(&c, &m->closed_prior) || get_f64(&c, &m->loan_prior) ||
		    get_u32(&c, &m->closed_classes)))
		rc = -1;
	/* a factor the sampler multiplies weights by: finite and not negative */
	if (!rc && !(m->name_prior >= 0 && m->name_prior <= 1e6 && m->closed_prior >= 0 && m->closed_prior <= 1e6 &&
		     m->loan_prior >= 0 && m->loan_prior <= 1e6))
		rc = bad(&c, "a prior's factor out of range");
	if (!rc && (get_u32(&c, &has) || get_str(&c, 4096, &m->closed_langs)))
		rc = -1;
	if (!rc && !has)
		free(m->closed_langs), m->closed_langs = NULL;
	if (!rc && (get_u32(&c, &has) || get_str(&c, 4096, &m->loan_langs)))
		rc = -1;
	if (!rc && !has)
		free(m->loan_langs), m->loan_langs = NULL;
	if (!rc && (get_u64(&c, &m->pairs) || get_u32(&c, &samplers)))
		rc = -1;
	if (!rc && (samplers < 1 || samplers > 64))
		rc = bad(&c, "the number of samplers is not 1 to 64");
	if (!rc)
		m->samplers = (int)samplers;
	for (int d = 0; d < 2 && !rc; d++) {
		xp_vocab v;
		if (get_u32(&c, &m->V[d]))
			rc = -1;
		else if (m->V[d] > (c.n - c.at) / 5)   /* a word takes 5 bytes at least */
			rc = truncated(&c);
		else if (!(m->words[d] = calloc((size_t)m->V[d] + 1, sizeof *m->words[d])))
			rc = oom(&c);
		else if (xp_vocab_init(&v, 0))
			rc = oom(&c);
		else {
			for (uint32_t t = 0; t < m->V[d] && !rc; t++) {
				if (get_str(&c, 1 << 16, &m->words[d][t])) {
					rc = -1;
					break;
				}
				size_t n = strlen(m->words[d][t]);
				uint32_t id = n ? xp_vocab_id(&v, m->words[d][t], n) : UINT32_MAX - 1;
				if (id == UINT32_MAX)
					rc = oom(&c);
				else if (id != t)
					rc = bad(&c, n ? "a word given twice" : "an empty word");
			}
			xp_vocab_free(&v);
		}
	}
	for (int d = 0; d < 2 && !rc; d++) {
		if (!(m->smp[d] = calloc((size_t)m->samplers, sizeof *m->smp[d])))
			rc = oom(&c);
		for (int q = 0; q < m->samplers && !rc; q++)
			rc = get_sampler(&c, &m->smp[d][q], m->V[d], m->V[!d]);
	}
	if (!rc && c.at != c.n)
		rc = bad(&c, "bytes after the last count");
	if (rc) {
		xp_wa_model_free(m);
		return xp_err_code(err);
	}
	*mp = m;
	return 0;
}

int xp_wa_model_parse(const char *name, const void *buf, size_t len, xp_wa_model **m, xp_err *err)
{
	return xp_wa_model_parse_crc(name, buf, len, 1, m, err);
}

int xp_wa_model_read(const char *path, xp_wa_model **m, xp_err *err)
{
	char *buf;
	size_t len;
	*m = NULL;
	if (xp_read_file(path, &buf, &len, err))
		return xp_err_code(err);
	int rc = xp_wa_model_parse_crc(path, buf, len, 1, m, err);
	free(buf);
	return rc;
}

int xp_wa_model_samplers(const xp_wa_model *m) { return m->samplers; }
uint32_t xp_wa_model_words(const xp_wa_model *m, int side) { return m->V[side != 0]; }
uint64_t xp_wa_model_pairs(const xp_wa_model *m) { return m->pairs; }

/* --- settings ------------------------------------------------------------------- */

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int xp_wa_model_settings(const xp_wa_model *m, xp_wa_opts *o, const char *name, xp_err *err)
{
	xp_wa_opts def;
	xp_wa_defaults(&def);
	const char *differs = NULL;
	if (o->lowercase != def.lowercase && o->lowercase != m->lowercase)
		differs = "--lowercase";
	else if (o->normalize != def.normalize && o->normalize != m->normalize)
		differs = "--no-normalize";
	else if (o->name_prior != def.name_prior && o->name_prior != m->name_prior)
		differs = "--name-prior";
	else if (o->closed_prior != def.closed_prior && o->closed_prior != m->closed_prior)
		differs = "--closed-prior";
	else if (o->loan_prior != def.loan_prior && o->loan_prior != m->loan_prior)
		differs = "--loan-prior";
	else if (!same_str(o->loan_langs, def.loan_langs) && !same_str(o->loan_langs, m->loan_langs))
		differs = "--loan-langs";
	/* one language tag, however spelt (yue-hk and yue-HK, a three-letter
	 * code and its two letters): a model trained with one spelling was
	 * refused with the other */
	for (int d = 0; d < 2 && !differs; d++)
		if (o->lang[d] && o->lang[d][0] && m->lang[d][0] && !xp_lang_tag_same(o->lang[d], m->lang[d]))
			differs = d ? "--tgt-lang" : "--src-lang";
	if (differs)
		return xp_failc(err, XP_EUSAGE, name, 0,
				"%s differs from the model's setting (a model aligns with the settings it was trained with)",
				differs);
	/* the stems are the model's: its words are stems of that method (a
	 * pack's default when it was trained, or --stem's), and the corpus's
	 * must be too, whatever the pair's pack says now; --stem may say them
	 * again, not otherwise */
	int stem[2];
	for (int d = 0; d < 2; d++) {
		stem[d] = m->parts[d] & XP_NORM_STEM ? m->stem[d] : XP_STEM_NONE;
		if (o->stem[d] && o->stem[d] != stem[d]) {
			char given[24], had[24];
			return xp_failc(err, XP_EUSAGE, name, 0,
					"--stem %s:%s differs from the model's stems on its %s side (%s): a model aligns "
					"with the stems it was trained with (leave --stem out, or train the model again)",
					d ? "tgt" : "src", xp_norm_stem_name(o->stem[d], given, sizeof given),
					d ? "target" : "source", xp_norm_stem_name(stem[d], had, sizeof had));
		}
	}
	/* A side of a named language was normalised with that language's
	 * parts, as this build's pack names them; a pack that has gained or
	 * lost a part since the model was made (a pack that took the learned
	 * `stem`) normalises the corpus otherwise, and the model's words are
	 * no longer the corpus's: said here, with the parts, rather than as
	 * a language that differs from itself ("normalised as 'L', the
	 * model's as 'L'") once the corpus is read. */
	for (int d = 0; d < 2; d++) {
		/* a file that records its stems (version 2) keeps them, whatever
		 * the pack's part `stem` is now: the stems are compared above */
		unsigned keep = m->version >= 2 ? ~(unsigned)XP_NORM_STEM : ~0u;
		unsigned now = xp_norm_parts(m->lang[d]) & m->normalize & keep, diff = now ^ (m->parts[d] & keep);
		if (!m->lang[d][0] || !diff)
			continue;
		char gained[160] = "", lost[160] = "";
		for (unsigned bit = 1; bit; bit <<= 1) {
			const char *part = diff & bit ? xp_norm_part_name(bit) : NULL;
			char *to = now & bit ? gained : lost;
			if (diff & bit)
				snprintf(to + strlen(to), sizeof gained - strlen(to), "%s'%s'", to[0] ? ", " : "",
					 part ? part : "?");
		}
		return xp_failc(err, XP_EINPUT, name, 0,
				"the model's %s side (%s) was normalised otherwise than this xproj normalises %s "
				"(%s%s%s%s%s): a model of an earlier release? Its words would not be the corpus's: "
				"train the model again",
				d ? "target" : "source", m->lang[d], m->lang[d], gained[0] ? "now with " : "", gained,
				gained[0] && lost[0] ? "; " : "", lost[0] ? "now without " : "", lost);
	}
	o->lowercase = m->lowercase;
	o->normalize = m->normalize;
	o->name_prior = m->name_prior;
	o->closed_prior = m->closed_prior;
	o->loan_prior = m->loan_prior;
	o->closed_classes = m->closed_classes;
	o->closed_langs = m->closed_langs;
	o->loan_langs = m->loan_langs;
	for (int d = 0; d < 2; d++) {
		if (m->lang[d][0])
			o->lang[d] = m->lang[d];
		o->stem[d] = stem[d];
	}
	o->model = m;
	return 0;
}

/* --- samplers -------------------------------------------------------------------- */

int xp_wa_model_take(const wa_sampler *s, wa_msampler *ms)
{
	const wa_side *E = &s->c->side[s->dir], *F = &s->c->side[!s->dir];
	memset(ms, 0, sizeof *ms);
	memcpy(ms->jump, s->jump, sizeof ms->jump);
	size_t nf = (size_t)E->V * (WA_FMAX + 1);
	ms->fert = malloc((nf ? nf : 1) * sizeof *ms->fert);
	ms->lex0 = malloc(((size_t)F->V + 1) * sizeof *ms->lex0);
	ms->loff = malloc(((size_t)F->V + 1) * sizeof *ms->loff);
	uint64_t total = 0;
	for (uint32_t f = 0; f < F->V; f++)
		total += s->lex[f].n;
	ms->lkv = malloc((2 * total + 1) * sizeof *ms->lkv);
	if (!ms->fert || !ms->lex0 || !ms->loff || !ms->lkv) {
		xp_wa_msampler_free(ms);
		return -1;
	}
	memcpy(ms->fert, s->fert, nf * sizeof *ms->fert);
	memcpy(ms->lex0, s->lex0, (size_t)F->V * sizeof *ms->lex0);
	uint64_t at = 0;
	ms->loff[0] = 0;
	for (uint32_t f = 0; f < F->V; f++) {
		const wa_map *mp = &s->lex[f];
		uint64_t from = at;
		for (uint32_t h = 0; mp->n && h <= mp->mask; h++)
			if (mp->kv[2 * h]) {
				/* insertion in e order: a map holds few entries */
				uint32_t e = mp->kv[2 * h] - 1, n = mp->kv[2 * h + 1];
				uint64_t k = at++;
				while (k > from && ms->lkv[2 * (k - 1)] > e) {
					ms->lkv[2 * k] = ms->lkv[2 * (k - 1)], ms->lkv[2 * k + 1] = ms->lkv[2 * (k - 1) + 1];
					k--;
				}
				ms->lkv[2 * k] = e, ms->lkv[2 * k + 1] = n;
			}
		ms->loff[f + 1] = at;
	}
	return 0;
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return a < b ? -1 : a > b;
}

/* Whether sentence k is sampled (gibbs.c, sent_of): its links counted. */
static int sampled(const wa_side *E, const wa_side *F, uint32_t k)
{
	uint32_t I = wa_len(E, k), J = wa_len(F, k);
	return J && I <= WA_MAXLEN && J <= WA_MAXLEN;
}

int xp_wa_model_own(const wa_sampler *s, uint32_t VE, uint32_t VF, wa_msampler *ms)
{
	const wa_side *E = &s->c->side[s->dir], *F = &s->c->side[!s->dir];
	memset(ms, 0, sizeof *ms);
	memcpy(ms->jump, s->jump, sizeof ms->jump);
	size_t nf = (size_t)VE * (WA_FMAX + 1);
	uint32_t *es = malloc((F->ntok + 1) * sizeof *es);
	ms->fert = malloc((nf ? nf : 1) * sizeof *ms->fert);
	ms->lex0 = calloc((size_t)VF + 1, sizeof *ms->lex0);
	ms->loff = calloc((size_t)VF + 1, sizeof *ms->loff);
	ms->lkv = malloc((2 * F->ntok + 1) * sizeof *ms->lkv);
	if (!es || !ms->fert || !ms->lex0 || !ms->loff || !ms->lkv) {
		free(es);
		xp_wa_msampler_free(ms);
		return -1;
	}
	memcpy(ms->fert, s->fert, nf * sizeof *ms->fert);
	/* the links' e bucketed by f (a counting sort: start[f + 1] counts
	 * f's links, then start[f] is where f's next goes) */
	uint64_t *start = ms->loff;
	for (uint32_t k = 0; k < s->nsent; k++)
		for (uint64_t p = F->off[k]; sampled(E, F, k) && p < F->off[k + 1]; p++) {
			if (s->a[p])
				start[F->tok[p] + 1]++;
			else
				ms->lex0[F->tok[p]]++;
		}
	for (uint32_t f = 0; f < VF; f++)
		start[f + 1] += start[f];
	for (uint32_t k = 0; k < s->nsent; k++)
		for (uint64_t p = F->off[k]; sampled(E, F, k) && p < F->off[k + 1]; p++)
			if (s->a[p])
				es[start[F->tok[p]]++] = E->tok[E->off[k] + s->a[p] - 1];
	/* start[f] is now where f + 1's links begin: each bucket in e order,
	 * a run of one e one (e, n) */
	uint64_t at = 0, from = 0;
	for (uint32_t f = 0; f < VF; f++) {
		uint64_t to = start[f];
		qsort(es + from, to - from, sizeof *es, cmp_u32);
		ms->loff[f] = at;
		for (uint64_t x = from; x < to;) {
			uint64_t y = x;
			while (y < to && es[y] == es[x])
				y++;
			ms->lkv[2 * at] = es[x], ms->lkv[2 * at + 1] = (uint32_t)(y - x);
			at++;
			x = y;
		}
		from = to;
	}
	ms->loff[VF] = at;
	free(es);
	return 0;
}

int xp_wa_model_prime(wa_sampler *s, const wa_msampler *ms, const uint32_t *emap, uint32_t nE,
		      const uint32_t *fmap, uint32_t nF, uint32_t fseen)
{
	const wa_side *E = &s->c->side[s->dir];
	s->jump0 = ms->jump;
	size_t nf = ((size_t)E->V + 1) * (WA_FMAX + 1);
	if (!(s->fert0 = calloc(nf, sizeof *s->fert0)))
		return -1;
	for (uint32_t e = 0; e < nE; e++)
		for (int b = 0; b <= WA_FMAX; b++)
			s->fert0[(size_t)emap[e] * (WA_FMAX + 1) + b] += ms->fert[(size_t)e * (WA_FMAX + 1) + b];
	for (uint32_t f = 0; f < nF; f++) {
		uint32_t rf = fmap[f];
		s->lex0[rf] += ms->lex0[f];
		s->nnull += ms->lex0[f];
		/* a word no token of these pairs is: only its totals weigh */
		if (rf >= fseen) {
			for (uint64_t k = ms->loff[f]; k < ms->loff[f + 1]; k++)
				s->etot[emap[ms->lkv[2 * k]]] += ms->lkv[2 * k + 1], s->nword += ms->lkv[2 * k + 1];
			continue;
		}
		for (uint64_t k = ms->loff[f]; k < ms->loff[f + 1]; k++)
			if (xp_wa_lex_add(s, rf, emap[ms->lkv[2 * k]], ms->lkv[2 * k + 1]))
				return -1;
	}
	return 0;
}

/* --- merging ------------------------------------------------------------------- */

/* Why the models cannot be summed, or NULL: their counts must be of words
 * normalised the same way, weighed by the same priors, in as many samplers */
static const char *unlike(const xp_wa_model *a, const xp_wa_model *b)
{
	if (a->lowercase != b->lowercase)
		return "lower-casing (--lowercase)";
	if (a->normalize != b->normalize)
		return "normalisation (--no-normalize)";
	for (int d = 0; d < 2; d++)
		if (strcmp(a->lang[d], b->lang[d]))
			return d ? "target language (--tgt-lang)" : "source language (--src-lang)";
		else if (a->stem[d] != b->stem[d])   /* 0 without the part */
			return d ? "target side's stems (--stem)" : "source side's stems (--stem)";
		else if (a->parts[d] != b->parts[d])
			return d ? "target language (--tgt-lang)" : "source language (--src-lang)";
	if (a->name_prior != b->name_prior)
		return "name prior (--name-prior)";
	if (a->closed_prior != b->closed_prior || a->closed_classes != b->closed_classes ||
	    !same_str(a->closed_langs, b->closed_langs))
		return "closed-class prior (--closed-prior)";
	if (a->loan_prior != b->loan_prior || !same_str(a->loan_langs, b->loan_langs))
		return "loanword prior (--loan-prior, --loan-langs)";
	if (a->samplers != b->samplers)
		return "number of samplers (--samplers)";
	return NULL;
}

/* one lexical count of the combined model: f << 32 | e, and n */
typedef struct lexc {
	uint64_t key;
	int64_t n;
} lexc;

static int cmp_lexc(const void *x, const void *y)
{
	const lexc *a = x, *b = y;
	return a->key < b->key ? -1 : a->key > b->key;
}

/* a combined count: not below zero, and what a sampler holds */
static int fits(int64_t v, uint64_t *sum)
{
	if (v < 0)
		return -1;
	*sum += (uint64_t)v;
	return *sum >= COUNT_MAX ? 1 : 0;
}

static int misfit(int why, const char *name, xp_err *err)
{
	return why < 0 ? xp_failc(err, XP_EINPUT, name, 0,
				  "a count below zero: the model taken away holds counts the other does not "
				  "(a shard's counts are taken only from a sum they are in)")
		       : xp_failc(err, XP_EINPUT, name, 0,
				  "the models' counts together are more than a sampler holds (2^31 a direction): "
				  "merge fewer");
}

/* sampler q of direction d of the combined model r: every model's counts
 * times its sign, summed */
static int combine_sampler(xp_wa_model *r, int d, int q, xp_wa_model *const *in, const int *sign, uint32_t **map[2],
			   size_t n, const char *name, xp_err *err)
{
	wa_msampler *s = &r->smp[d][q];
	uint32_t VE = r->V[d], VF = r->V[!d];
	size_t nf = (size_t)VE * (WA_FMAX + 1);
	uint64_t total = 0, jsum = 0, fsum = 0, lsum = 0;
	for (size_t i = 0; i < n; i++)
		total += in[i]->smp[d][q].loff[in[i]->V[!d]];
	lexc *all = malloc((total ? total : 1) * sizeof *all);
	int64_t *fert = calloc(nf ? nf : 1, sizeof *fert), *lex0 = calloc((size_t)VF + 1, sizeof *lex0),
		jump[WA_NJUMP] = {0};
	s->fert = malloc((nf ? nf : 1) * sizeof *s->fert);
	s->lex0 = malloc(((size_t)VF + 1) * sizeof *s->lex0);
	s->loff = calloc((size_t)VF + 1, sizeof *s->loff);
	int rc = !all || !fert || !lex0 || !s->fert || !s->lex0 || !s->loff
			 ? xp_failc(err, XP_ENOMEM, name, 0, "out of memory")
			 : 0;
	uint64_t at = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		const wa_msampler *x = &in[i]->smp[d][q];
		const uint32_t *me = map[d][i], *mf = map[!d][i];
		int64_t g = sign[i];
		for (int k = 0; k < WA_NJUMP; k++)
			jump[k] += g * x->jump[k];
		for (uint32_t e = 0; e < in[i]->V[d]; e++)
			for (int b = 0; b <= WA_FMAX; b++)
				fert[(size_t)me[e] * (WA_FMAX + 1) + b] += g * x->fert[(size_t)e * (WA_FMAX + 1) + b];
		for (uint32_t f = 0; f < in[i]->V[!d]; f++) {
			lex0[mf[f]] += g * x->lex0[f];
			for (uint64_t k = x->loff[f]; k < x->loff[f + 1]; k++)
				all[at++] = (lexc){(uint64_t)mf[f] << 32 | me[x->lkv[2 * k]], g * x->lkv[2 * k + 1]};
		}
	}
	/* each sum checked as the reader checks a file's, before anything is
	 * narrowed to a sampler's counts */
	int why = 0;
	for (int k = 0; k < WA_NJUMP && !rc && !why; k++)
		if (!(why = fits(jump[k], &jsum)))
			s->jump[k] = (uint32_t)jump[k];
	for (size_t k = 0; k < nf && !rc && !why; k++)
		if (!(why = fits(fert[k], &fsum)))
			s->fert[k] = (uint32_t)fert[k];
	for (uint32_t f = 0; f < VF && !rc && !why; f++)
		if (!(why = fits(lex0[f], &lsum)))
			s->lex0[f] = (uint32_t)lex0[f];
	if (!rc && !why)
		qsort(all, at, sizeof *all, cmp_lexc);
	uint64_t u = 0;
	for (uint64_t k = 0; k < at && !rc && !why; k++) {
		if (u && all[u - 1].key == all[k].key)
			all[u - 1].n += all[k].n;
		else
			all[u++] = all[k];
		/* a count that ends at zero is no entry (the reader refuses them) */
		if (k + 1 == at || all[k + 1].key != all[u - 1].key) {
			if ((why = fits(all[u - 1].n, &lsum)))
				break;
			if (!all[u - 1].n)
				u--;
		}
	}
	if (!rc && why)
		rc = misfit(why, name, err);
	if (!rc && !(s->lkv = malloc((2 * u + 1) * sizeof *s->lkv)))
		rc = xp_failc(err, XP_ENOMEM, name, 0, "out of memory");
	for (uint64_t k = 0; k < u && !rc; k++) {
		uint32_t f = (uint32_t)(all[k].key >> 32);
		s->lkv[2 * k] = (uint32_t)all[k].key, s->lkv[2 * k + 1] = (uint32_t)all[k].n;
		s->loff[f + 1]++;
	}
	for (uint32_t f = 0; f < VF && !rc; f++)
		s->loff[f + 1] += s->loff[f];
	free(all);
	free(fert);
	free(lex0);
	return rc;
}

int xp_wa_model_combine(xp_wa_model *const *in, const int *sign, const char *const *names, size_t n,
			xp_wa_model **out, xp_err *err)
{
	*out = NULL;
	if (!n)
		return xp_failc(err, XP_EUSAGE, "", 0, "no model to merge");
	for (size_t i = 1; i < n; i++) {
		const char *why = unlike(in[0], in[i]);
		if (why)
			return xp_failc(err, XP_EINPUT, names[i], 0,
					"its %s is not that of %s: models are merged only when trained with the same settings",
					why, names[0]);
	}
	xp_wa_model *r = calloc(1, sizeof *r);
	uint32_t **map[2] = {calloc(n, sizeof(uint32_t *)), calloc(n, sizeof(uint32_t *))};
	int rc = !r || !map[0] || !map[1] ? xp_failc(err, XP_ENOMEM, "", 0, "out of memory") : 0;
	if (!rc) {
		const xp_wa_model *a = in[0];
		r->lowercase = a->lowercase;
		r->normalize = a->normalize;
		memcpy(r->lang, a->lang, sizeof r->lang);
		memcpy(r->parts, a->parts, sizeof r->parts);
		memcpy(r->stem, a->stem, sizeof r->stem);
		r->version = XP_WA_MODEL_VERSION;
		r->name_prior = a->name_prior;
		r->closed_prior = a->closed_prior;
		r->loan_prior = a->loan_prior;
		r->closed_classes = a->closed_classes;
		r->samplers = a->samplers;
		if ((a->closed_langs && !(r->closed_langs = strdup(a->closed_langs))) ||
		    (a->loan_langs && !(r->loan_langs = strdup(a->loan_langs))))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	/* the vocabularies unioned, in the order the models give their words:
	 * the first model's ids stay its own */
	for (int d = 0; d < 2 && !rc; d++) {
		xp_vocab v;
		if (xp_vocab_init(&v, 0)) {
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
			break;
		}
		for (size_t i = 0; i < n && !rc; i++) {
			if (!(map[d][i] = malloc(((size_t)in[i]->V[d] + 1) * sizeof **map[d]))) {
				rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
				break;
			}
			for (uint32_t t = 0; t < in[i]->V[d] && !rc; t++)
				if ((map[d][i][t] = xp_vocab_id(&v, in[i]->words[d][t], strlen(in[i]->words[d][t]))) ==
				    UINT32_MAX)
					rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
		}
		/* the words move to the model */
		r->V[d] = v.n;
		r->words[d] = v.words;
		v.words = NULL;
		v.n = 0;
		xp_vocab_free(&v);
	}
	int64_t pairs = 0;
	for (size_t i = 0; i < n && !rc; i++)
		pairs += sign[i] * (int64_t)in[i]->pairs;
	if (!rc && pairs < 0)
		rc = misfit(-1, names[n - 1], err);
	if (!rc)   /* r is NULL when its calloc failed */
		r->pairs = pairs > 0 ? (uint64_t)pairs : 0;
	for (int d = 0; d < 2 && !rc; d++)
		if (!(r->smp[d] = calloc((size_t)r->samplers, sizeof *r->smp[d])))
			rc = xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (int d = 0; d < 2 && !rc; d++)
		for (int q = 0; q < r->samplers && !rc; q++)
			rc = combine_sampler(r, d, q, in, sign, map, n, names[n - 1], err);
	for (int d = 0; d < 2; d++) {
		for (size_t i = 0; map[d] && i < n; i++)
			free(map[d][i]);
		free(map[d]);
	}
	if (rc) {
		xp_wa_model_free(r);
		return xp_err_code(err);
	}
	*out = r;
	return 0;
}

int xp_wa_model_merge(xp_wa_model *const *in, const char *const *names, size_t n, xp_wa_model **out, xp_err *err)
{
	int *sign = malloc((n ? n : 1) * sizeof *sign);
	if (!sign)
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	for (size_t i = 0; i < n; i++)
		sign[i] = 1;
	int rc = xp_wa_model_combine(in, sign, names, n, out, err);
	free(sign);
	return rc;
}

int xp_wa_model_bytes(const xp_wa_model *m, xp_buf *out, xp_err *err)
{
	if (xp_wa_model_serialize(m, out))
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	return 0;
}

/* --- a model's weight ----------------------------------------------------------- */

/* one count times w, to the nearest (halves up), added to *sum; 1 when the
 * sum no longer fits a sampler */
static int scaled(uint32_t n, double w, uint32_t *out, uint64_t *sum)
{
	double v = (double)n * w + 0.5;
	if (v >= (double)COUNT_MAX)
		return 1;
	*out = (uint32_t)v;
	*sum += *out;
	return *sum >= COUNT_MAX;
}

/* Every count of one sampler times w, in place (checked first, then
 * written: a sum that would not fit leaves the sampler as it was).  A
 * lexical count that rounds to zero is dropped: the reader refuses
 * entries of zero, and a sampler's maps hold none. */
static int scale_sampler(wa_msampler *s, uint32_t VE, uint32_t VF, double w)
{
	size_t nf = (size_t)VE * (WA_FMAX + 1);
	uint64_t jsum = 0, fsum = 0, lsum = 0;
	uint32_t v;
	for (int k = 0; k < WA_NJUMP; k++)
		if (scaled(s->jump[k], w, &v, &jsum))
			return 1;
	for (size_t k = 0; k < nf; k++)
		if (scaled(s->fert[k], w, &v, &fsum))
			return 1;
	for (uint32_t f = 0; f < VF; f++)
		if (scaled(s->lex0[f], w, &v, &lsum))
			return 1;
	for (uint64_t k = 0; k < s->loff[VF]; k++)
		if (scaled(s->lkv[2 * k + 1], w, &v, &lsum))
			return 1;
	for (int k = 0; k < WA_NJUMP; k++)
		scaled(s->jump[k], w, &s->jump[k], &jsum);
	for (size_t k = 0; k < nf; k++)
		scaled(s->fert[k], w, &s->fert[k], &fsum);
	for (uint32_t f = 0; f < VF; f++)
		scaled(s->lex0[f], w, &s->lex0[f], &lsum);
	uint64_t u = 0, from = 0;
	for (uint32_t f = 0; f < VF; f++) {
		uint64_t to = s->loff[f + 1];
		for (uint64_t k = from; k < to; k++) {
			scaled(s->lkv[2 * k + 1], w, &v, &lsum);
			if (v)
				s->lkv[2 * u] = s->lkv[2 * k], s->lkv[2 * u + 1] = v, u++;
		}
		from = to;
		s->loff[f + 1] = u;
	}
	return 0;
}

int xp_wa_model_scale(xp_wa_model *m, double w, const char *name, xp_err *err)
{
	if (!(w > 0) || w > 1e6)
		return xp_failc(err, XP_EUSAGE, name, 0, "a model's weight is above 0 and at most 10^6, not %g", w);
	if (w == 1)
		return 0;
	for (int d = 0; d < 2; d++)
		for (int q = 0; q < m->samplers; q++)
			if (scale_sampler(&m->smp[d][q], m->V[d], m->V[!d], w))
				return xp_failc(err, XP_EINPUT, name, 0,
						"its counts times %g are more than a sampler holds (2^31 a direction): "
						"give a smaller weight",
						w);
	m->pairs = (uint64_t)((double)m->pairs * w + 0.5);
	return 0;
}

/* --- a shard's link state (wamodel.h, wa_state) ---------------------------------
 *
 *   "XPROJWS\n"  u32 version (1, or 2 with the prior's cells)  u64 file length
 *   u32 samplers  u32 pairs  u64 tokens of side 0, of side 1  u32 fingerprint
 *   per direction d, per sampler: u64 random state, tokens of side !d x u16 link
 *   version 2: u32 the prior options' fingerprint  u64 cells of the name,
 *     loanword, closed-class priors  u64 cells  (pairs + 1) x u32 offset
 *     cells x (u16 source position, u16 target position, f32 factor)
 *   u32 CRC-32 of every byte before it
 *
 * No gzip: a state is read and rewritten by every round, and its links
 * (small numbers) are what the checksum covers.  The cells are the pairs'
 * own (prior.h), kept because finding them again each round took half of
 * a 9k-pair zh-en shard's round. */

static const char SMAGIC[8] = {'X', 'P', 'R', 'O', 'J', 'W', 'S', '\n'};
#define WA_STATE_VERSION 2

void xp_wa_state_free(wa_state *s)
{
	for (int d = 0; d < 2; d++) {
		for (int q = 0; s->a[d] && q < s->samplers; q++)
			free(s->a[d][q]);
		free(s->a[d]);
		free(s->rng[d]);
	}
	free(s->coff);
	free(s->cell);
	memset(s, 0, sizeof *s);
}

int xp_wa_state_alloc(wa_state *s)
{
	for (int d = 0; d < 2; d++) {
		if (!(s->rng[d] = calloc((size_t)s->samplers, sizeof *s->rng[d])) ||
		    !(s->a[d] = calloc((size_t)s->samplers, sizeof *s->a[d])))
			return -1;
		for (int q = 0; q < s->samplers; q++)
			if (!(s->a[d][q] = calloc(s->ntok[!d] + 1, sizeof *s->a[d][q])))
				return -1;
	}
	return 0;
}

int xp_wa_state_serialize(const wa_state *s, xp_buf *out)
{
	xp_buf b = {0};
	xp_buf_add(&b, SMAGIC, sizeof SMAGIC);
	put_u32(&b, s->has_cells ? 2 : 1);
	put_u64(&b, 0);   /* the length, filled in below */
	put_u32(&b, (uint32_t)s->samplers);
	put_u32(&b, s->nsent);
	put_u64(&b, s->ntok[0]);
	put_u64(&b, s->ntok[1]);
	put_u32(&b, s->print);
	for (int d = 0; d < 2; d++)
		for (int q = 0; q < s->samplers; q++) {
			put_u64(&b, s->rng[d][q]);
			for (uint64_t k = 0; k < s->ntok[!d]; k++) {
				unsigned char x[2] = {(unsigned char)s->a[d][q][k], (unsigned char)(s->a[d][q][k] >> 8)};
				xp_buf_add(&b, x, 2);
			}
		}
	if (s->has_cells) {
		put_u32(&b, s->prior_print);
		for (int k = 0; k < 3; k++)
			put_u64(&b, s->counts[k]);
		put_u64(&b, s->ncell);
		for (uint32_t k = 0; k <= s->nsent; k++)
			put_u32(&b, s->coff ? s->coff[k] : 0);
		for (uint64_t k = 0; k < s->ncell; k++) {
			uint32_t f;
			memcpy(&f, &s->cell[k].f, sizeof f);
			put_u32(&b, (uint32_t)s->cell[k].i | (uint32_t)s->cell[k].j << 16);
			put_u32(&b, f);
		}
	}
	return seal(&b, out);
}

int xp_wa_state_parse(const char *name, const void *buf, size_t len, wa_state *s, xp_err *err)
{
	cur c = {buf, len, 0, name, err};
	memset(s, 0, sizeof *s);
	if (len < sizeof SMAGIC || memcmp(buf, SMAGIC, sizeof SMAGIC))
		return xp_failc(err, XP_EINPUT, name, 0,
				"not a word-aligner state (no XPROJWS header: `xproj wordalign --state` writes them)");
	c.at = sizeof SMAGIC;
	uint32_t version, samplers;
	if (get_u32(&c, &version))
		return -1;
	if (version != 1 && version != WA_STATE_VERSION)
		return xp_failc(err, XP_EINPUT, name, 0, "word-aligner state of format version %u; this xproj reads version %d",
				version, WA_STATE_VERSION);
	int wrong = whole_length(&c, "state");
	if (wrong)
		return wrong;
	const unsigned char *p = buf;
	uint32_t want = len < 24 ? 0 : (uint32_t)p[len - 4] | (uint32_t)p[len - 3] << 8 | (uint32_t)p[len - 2] << 16 |
					 (uint32_t)p[len - 1] << 24;
	if (len < 24 || (uint32_t)crc32_z(0, p, len - 4) != want)
		return xp_failc(err, XP_EINPUT, name, 0, "corrupt word-aligner state: checksum mismatch");
	c.n = len - 4;
	if (get_u32(&c, &samplers) || get_u32(&c, &s->nsent) || get_u64(&c, &s->ntok[0]) || get_u64(&c, &s->ntok[1]) ||
	    get_u32(&c, &s->print))
		return -1;
	if (samplers < 1 || samplers > 64)
		return bad(&c, "the number of samplers is not 1 to 64");
	/* the sizes must be the bytes that follow, before anything is allocated */
	uint64_t per = 8 * 2 + 2 * (s->ntok[0] + s->ntok[1]);
	if (s->ntok[0] > len || s->ntok[1] > len || per * samplers > c.n - c.at ||
	    (version == 1 && per * samplers != c.n - c.at))
		return bad(&c, "its sizes are not its bytes");
	s->samplers = (int)samplers;
	if (xp_wa_state_alloc(s)) {
		xp_wa_state_free(s);
		return oom(&c);
	}
	for (int d = 0; d < 2; d++)
		for (int q = 0; q < s->samplers; q++) {
			get_u64(&c, &s->rng[d][q]);
			const unsigned char *x = p + c.at;
			for (uint64_t k = 0; k < s->ntok[!d]; k++)
				s->a[d][q][k] = (uint16_t)(x[2 * k] | x[2 * k + 1] << 8);
			c.at += 2 * s->ntok[!d];
		}
	if (version == 1)
		return 0;
	/* the prior's cells: offsets that rise from 0 to their number, and
	 * factors that are numbers above 0 (the positions are checked against
	 * the pairs, which the state does not hold: wordalign.c) */
	s->has_cells = 1;
	if (get_u32(&c, &s->prior_print) || get_u64(&c, &s->counts[0]) || get_u64(&c, &s->counts[1]) ||
	    get_u64(&c, &s->counts[2]) || get_u64(&c, &s->ncell)) {
		xp_wa_state_free(s);
		return -1;
	}
	if (s->ncell > len || ((uint64_t)s->nsent + 1) * 4 + s->ncell * 8 != c.n - c.at) {
		xp_wa_state_free(s);
		return bad(&c, "its prior's sizes are not its bytes");
	}
	if (!(s->coff = malloc(((size_t)s->nsent + 1) * sizeof *s->coff)) ||
	    !(s->cell = malloc(((size_t)s->ncell + 1) * sizeof *s->cell))) {
		xp_wa_state_free(s);
		return oom(&c);
	}
	for (uint32_t k = 0; k <= s->nsent; k++) {
		get_u32(&c, &s->coff[k]);
		if ((k ? s->coff[k] < s->coff[k - 1] : s->coff[k] != 0) || (k == s->nsent && s->coff[k] != s->ncell)) {
			xp_wa_state_free(s);
			return bad(&c, "the prior's offsets do not rise to its cells");
		}
	}
	for (uint64_t k = 0; k < s->ncell; k++) {
		uint32_t ij, f;
		get_u32(&c, &ij);
		get_u32(&c, &f);
		s->cell[k] = (wa_cell){(uint16_t)ij, (uint16_t)(ij >> 16), 0};
		memcpy(&s->cell[k].f, &f, sizeof f);
		if (!(s->cell[k].f > 0) || !isfinite(s->cell[k].f)) {
			xp_wa_state_free(s);
			return bad(&c, "a prior's factor is not a number above 0");
		}
	}
	return 0;
}
