/*
 * project/project.h — carrying English mentions over to the target language.
 *
 * For every English mention: the target tokens aligned to any of its tokens
 * are found through the word alignment of its utterance, and a span rule
 * makes one contiguous target span of them (lang/spans.h), or the
 * mention is a null projection with its cause.  Target clusters are the
 * English clusters, carried by mention id; two English mentions landing on
 * one target span are kept once when they corefer and are a reported
 * collision when they do not (policy keep-first, merge or drop).  Target
 * documents keep the English ids; utterances with no target text are left
 * out of the target corpus (as MMC did) and counted.
 */
#ifndef XP_PROJECT_H
#define XP_PROJECT_H

#include "confidence.h"
#include "../lang/spans.h"
#include "../io/aligned.h"
#include "../io/report.h"
#include "../model/corpus.h"
#include "../io/walign.h"

typedef enum { XP_COLLIDE_KEEP_FIRST, XP_COLLIDE_MERGE, XP_COLLIDE_DROP } xp_collide;

enum { XP_PROJ_MAX_RULES = 32, XP_PROJ_MAX_NP_RULES = 64 };

/* The mentions the noun phrase rules XP_NP_MARKED and XP_NP_RELATIVE (np.h)
 * write on the target side alone, with no English mention behind them:
 * each has an id past every English one that says which rule made it (k 0
 * marked, 1 relative; seq its number in the document), so that the report
 * lists them (its "tonly", docs/formats.md) and the store keeps them. */
#define XP_PROJ_RULE_SEQ_MAX (1u << 23)
#define XP_PROJ_RULE_ID(seq, k) (UINT32_MAX - 2u * (seq) - (k))
#define XP_PROJ_RULE_MADE(id) ((id) > UINT32_MAX - 2u * XP_PROJ_RULE_SEQ_MAX)
#define XP_PROJ_RULE_KIND(id) ((UINT32_MAX - (id)) & 1u)

/* A mention's fate (xp_fate: projected, or why not) is the report's vocabulary: io/report.h. */

typedef struct xp_proj_opts {
	xp_span_opts span;
	xp_collide collide;
	int prodrop;            /* recover dropped subject pronouns (Farsi targets; on by default) */
	int chars;              /* write the target character by character */
	/* the language rules, as sets of bits private to the library (lang/):
	 * set them by name with xp_proj_rules; xp_proj_defaults sets the
	 * packs' defaults */
	unsigned rules;         /* the pronoun rules */
	uint64_t np;            /* the noun phrase and name rules */
	const xp_conf_model *conf;   /* confidence.h; NULL: the compiled-in model */
	int uncalibrated;       /* no model: the mean link posterior x coverage, as before models */
	const xp_walign *alt;   /* nalt more alignments of the same sentence pairs (other seeds): each
				   mention's seed_agree feature is the share of them that project it
				   the same way (confidence.h); none: the model's fitted mean */
	size_t nalt;
	const char *segmenter_data;   /* the pack's segmenter_rule (lang.h): the word segmenter's data directory (model/zhseg.h,
				   --segmenter-data); NULL: XP_ZHSEG_DIR, and without it the rule is left
				   out (xp_projection.segmenter says so) */
	struct xp_lex *mention_ends;  /* the table of mention ends a pack's feature reads (lexicon.h, lang.h
				   XP_LF_END_TABLE; --mention-ends); NULL: the pack's compiled-in one */
	/* XP_NP_NAMES: the target forms of the show's names the word aligner
	 * learned (xp_wa_names; io/names.h); NULL: none, the rule does nothing */
	struct xp_names *names;
	/* XP_NP_EF1: every candidate link with its posterior, kept or not, line
	 * for line with the alignment projected (`wordalign --all-links`); NULL:
	 * the rule does nothing.  The whole path only: xp_proj_stream_open
	 * refuses it */
	const xp_walign *all;
	/* XP_NP_PHRASES: the target phrases of English word runs the word
	 * aligner learned (xp_wa_phrases; io/names.h's format); NULL: none, the
	 * rule does nothing */
	struct xp_names *phrases;
} xp_proj_opts;

void xp_proj_defaults(xp_proj_opts *o);

/* Switches the language rules (rules, np, prodrop) by SPEC, as `xproj
 * project --rules` does: a comma list, read left to right, of +NAME, -NAME,
 * NAME, default, none or all (`xproj project --list-rules` names them).
 * XP_EUSAGE naming the item it does not know (o then as far as it got). */
int xp_proj_rules(xp_proj_opts *o, const char *spec, xp_err *err);

/* What became of one English mention. */
typedef struct xp_proj_mention {
	uint32_t id;            /* the English mention id, kept by the target mention */
	long long cluster;      /* English cluster label */
	uint32_t en_utt, en_start, en_end;
	int32_t tgt_utt;        /* target sentence in the output document, -1 if none */
	uint32_t tgt_start, tgt_end;
	xp_fate fate;
	float conf;
	uint8_t prodrop;        /* projected by pro-drop recovery */
	uint32_t rule;          /* the pronoun rules that changed its span (bits private to lang/) */
	uint32_t same_as;       /* XP_SAME_SPAN / XP_COLLIDED: the id that kept the span */
	uint8_t gender;         /* xp_gender (model/mtype.h) of the English mention: he/him/... vs she/her/... */
	uint64_t np;            /* the noun phrase and name rules that changed its span (likewise) */
	uint32_t weak_lead;     /* stage LEAD's mark (lang.h xp_span_ctx.lead): the token where the span's strongly linked part
				   begins, after tokens only weak links reach (0: none such) */
} xp_proj_mention;

typedef struct xp_proj_stats {
	size_t mentions, projected, fate[XP_NCAUSES], collisions, merged_clusters;
	size_t nested, crossing, prodrop, utterances, no_target, clusters;
	/* per pronoun rule (bit 1 << k) and noun phrase rule (bit k): the
	 * mentions it changed or created; room for more rules than there are,
	 * so that a new rule changes no struct of the API */
	size_t lr[XP_PROJ_MAX_RULES];
	size_t np[XP_PROJ_MAX_NP_RULES];
} xp_proj_stats;

/* t += s */
void xp_proj_stats_add(xp_proj_stats *t, const xp_proj_stats *s);

typedef struct xp_proj_doc {
	const char *id;
	int part;
	size_t first, n;        /* its English mentions in xp_projection.m */
	uint64_t text_hash;     /* of its English and target tokens (xp_aligned_doc_hash), 0: none */
	int32_t *en_utt_of;     /* per target sentence: its English utterance */
	size_t ntgt, cap_tgt;
	xp_proj_stats st;
} xp_proj_doc;

typedef struct xp_projection {
	xp_corpus out;
	xp_proj_mention *m;
	size_t n, cap;
	xp_proj_doc *docs;
	size_t ndocs;
	xp_proj_stats total;
	float *feat;            /* the confidence features per mention (confidence.h), project/feat.h
				   xp_nfeat() of them: the packs' count too */
	char lang[16];          /* the target language of the aligned corpus, "" if unknown */
	xp_conf_lang model;     /* the confidence model used (lang "" if none applied; its lexicon is
				   read while projecting only: lex is NULL here) */
	int segmenter;          /* the pack's segmenter_rule: 1 applied, 0 not asked for, -1 left out: no segmenter data */
} xp_projection;

/* line[k], the word-alignment line of record k: xp_bitext_lines (io/aligned.h). */

int xp_project(const xp_corpus *en, const xp_aligned *al, const xp_walign *wa,
	       const uint32_t *line, const xp_proj_opts *o, xp_projection *p, xp_err *err);
void xp_projection_free(xp_projection *p);

/* The same a document at a time, so that memory is the largest
 * document's (issue 37): `xproj project` reads the English document, its
 * records and their alignment lines, projects and writes it, then the next.
 * lang is the aligned corpus' language (its first record's that names one),
 * segmented whether some record's language takes jieba's words (xp_project finds
 * both in al).  Each call projects one document of en, al holding its
 * records, wa/line and alt (o->nalt of them) their alignments, into p
 * (xp_projection_free it), as xp_project would in the whole corpus, with one
 * exception: a name's rendering across the corpus (project/consist.h) needs
 * every document.  So the documents are given twice: xp_proj_stream_settle,
 * after the first pass, says how many names have one; 0: the first pass's
 * projections are final; more: give every document again, as before, and
 * only the second pass's are.  xp_proj_stream_found: the utterances of the
 * documents given that had a record (xp_project refuses a corpus where none
 * has). */
typedef struct xp_proj_stream xp_proj_stream;
int xp_proj_stream_open(const xp_proj_opts *o, const char *lang, int segmented, xp_proj_stream **s, xp_err *err);
int xp_proj_stream_doc(xp_proj_stream *s, const xp_corpus *en, const xp_aligned *al, const xp_walign *wa,
		       const uint32_t *line, const xp_walign *alt, xp_projection *p, xp_err *err);
long xp_proj_stream_settle(xp_proj_stream *s);
size_t xp_proj_stream_found(const xp_proj_stream *s);
void xp_proj_stream_free(xp_proj_stream *s);


/* Every link inside its sentence pair's tokens (the records' src and tgt). */
int xp_check_alignment(const xp_aligned *al, const uint32_t *line, const xp_walign *wa,
		       const char *path, xp_err *err);

/* English gendered pronouns and what became of them, so a silver corpus
 * can be checked for gender bias before training on it: per gender
 * (index XP_GENDER_MASC, XP_GENDER_FEM), the mentions and their fates. */
typedef struct xp_proj_gender {
	size_t mentions[3], fate[3][XP_NCAUSES];
} xp_proj_gender;
void xp_proj_gender_counts(const xp_projection *p, xp_proj_gender *g);
/* a += b */
void xp_proj_gender_add(xp_proj_gender *a, const xp_proj_gender *b);

/* The run report (see `xproj project --help`, docs/formats.md): JSON Lines
 * of version XP_REPORT_VERSION (io/report.h), a header line, one line per
 * document, then a trailer line with the run's totals, handed to
 * put(ctx, text, len) as it is made (put returns non-zero to stop: its
 * error is the result); memory is one document's. */
typedef int (*xp_report_put)(void *ctx, const void *data, size_t len);
int xp_projection_report_write(const xp_projection *p, const char *settings_json, xp_report_put put, void *ctx);
/* The report in three parts, for a run projected a document at a time, so
 * that it goes straight to its file: the header line of a run of language
 * p->lang and model p->model.lang; the lines of p's documents, made in line
 * (kept from one call to the next, it is made once, not per document); the
 * trailer of a run whose counts are p->total, gender counts g and ndocs
 * documents (p's own mentions and documents are not read). */
int xp_projection_report_head(const xp_projection *p, const char *settings_json, xp_report_put put, void *ctx);
int xp_projection_report_end(const xp_projection *p, const xp_proj_gender *g, size_t ndocs, xp_report_put put,
			     void *ctx);
int xp_projection_report_docs(const xp_projection *p, struct xp_buf *line, xp_report_put put, void *ctx);
/* The same with a writer kept from one call to the next: what repeats
 * between mentions (their tails: fate, confidence, rules, features, why)
 * is made once per run, not once per mention (issue 37). */
typedef struct xp_report_writer xp_report_writer;
xp_report_writer *xp_report_writer_new(void);
void xp_report_writer_free(xp_report_writer *w);
int xp_projection_report_docs_w(const xp_projection *p, xp_report_writer *w, struct xp_buf *line, xp_report_put put,
				void *ctx);
/* The same into out, whole. */
struct xp_buf;
int xp_projection_report(const xp_projection *p, const char *settings_json, struct xp_buf *out);
/* "minmax" | "block" and "keep-first" | "merge" | "drop"; -1 if neither. */
int xp_rule_named(const char *s);
int xp_collide_named(const char *s);
/* The options as the report's "settings" object. */
void xp_proj_settings(const xp_proj_opts *o, struct xp_buf *out);
#endif
