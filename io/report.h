/*
 * io/report.h — the run report of `xproj project --report`, read back.
 *
 * project/report.c writes it; this is its one reader, for every consumer:
 * the store's import of a run (correct/import.c), the judging of projections
 * against corrections (pipeline/label.h), `judge` and `calibrate`.  A report
 * is checked as it is read: a field of the wrong type, an unknown fate, a
 * feature the caller does not know is an error naming the document and
 * mention.  xp_report_load gives the whole report or an error, never half.
 *
 * Version 2 (docs/formats.md) is JSON Lines: a header line (the run's
 * counts, settings, features and how many documents follow), then one line
 * per document, so it is written and read a document at a time
 * (xp_report_open, xp_report_next: memory of one document, not the run).
 * Version 3 is version 2 with each mention's features
 * as an object of those that are not 0, by name, and its rules as an
 * object of those that fired: a third of version 2's CPU to write (issue
 * 37).  Version 4 (project writes it) is version 3 with what is known
 * only at the end of the run (its counts, gender and how many documents)
 * moved from the header to a last line, {"end":true,...}, so that the
 * report goes straight to its file (no spool copied behind the header); a
 * report of version 4 without that line was cut short and is refused.  A
 * document's line may carry "text_hash", a hash of the English and target
 * tokens it was projected from (16 hex digits): a reader that pairs the
 * report with those corpora checks it (correct/import.c); and "out_hash",
 * of the target sentences project wrote, which `judge` and `calibrate`
 * check against their --projected (pipeline/label.h xp_label_check).
 * Reports written before them have neither and are read as before.  A
 * document's line may carry "tonly", the target mentions the run's rules
 * wrote with no English mention behind them (xp_rtonly); a reader of
 * before it ignores it (and a store it fills lacks them, as it did). 
 * Version 1, one JSON object holding every document, and versions 2 and 3
 * are still read.
 *
 * The fates are the report's vocabulary, shared by its writer and readers:
 * project/ decides them, the store keeps their names, the judge reads them.
 * Hence they live here, below all three.  The features are project/'s
 * (confidence.h); a reader that wants them names them to xp_report_parse.
 */
#ifndef XP_REPORT_H
#define XP_REPORT_H

#include "../base/error.h"
#include "../base/mem.h"
#include "../model/corpus.h"

#include <stddef.h>
#include <stdint.h>

/* What became of one English mention. */
typedef enum {
	XP_PROJECTED,
	XP_NULL_EMPTY_TARGET,   /* the utterance has no target text */
	XP_NULL_UNALIGNED,      /* a target exists; no token of the mention is aligned */
	XP_NULL_FILTERED,       /* a rule or threshold removed it */
	XP_NULL_OUT_OF_RANGE,   /* the mention's tokens are not the aligned source tokens */
	XP_SAME_SPAN,           /* a coreferent mention already holds its target span */
	XP_COLLIDED,            /* dropped by the collision policy */
	XP_NCAUSES
} xp_fate;

/* The report's name of a fate ("projected", "empty_target", ...). */
const char *xp_fate_name(xp_fate f);
/* The fate of that name, -1 if none. */
int xp_fate_named(const char *name);

/* One mention of a report (one element of a document's "detail"). */
typedef struct xp_ritem {
	uint32_t doc;                   /* index into xp_report.docs */
	uint32_t id;                    /* English mention id */
	long long cluster;
	uint32_t en_utt, en_start, en_end;
	int32_t tgt_utt;                /* target sentence, -1 for none */
	uint32_t tgt_start, tgt_end;
	xp_fate fate;
	double conf;
	const char *why;                /* the confidence explained, NULL if the report has none */
	float *feat;                    /* the caller's features (xp_report_parse), NULL if none */
	int label;                      /* free for a consumer's verdict (pipeline/label.h); 0 as read */
	int unmarked;                   /* with it: label.h's XP_LB_WRONG where the reference marks nothing; 0 as read */
} xp_ritem;

/* A target mention a rule of the run wrote with no English mention behind
 * it (a document's "tonly": project.h XP_PROJ_RULE_MADE): its target
 * sentence, tokens, cluster (the CoNLL label project wrote) and rule. */
typedef struct xp_rtonly {
	uint32_t sent, start, end;
	long long cluster;
	const char *rule;
	double conf;                    /* -1: the report gives none */
} xp_rtonly;

typedef struct xp_rdoc {
	const char *id;
	int part;
	size_t first, n;                /* its items */
	int32_t *tgt_to_en;             /* English utterance of each target sentence (>= 0) */
	size_t ntgt;
	uint64_t text_hash;             /* "text_hash": of the text projected (io/aligned.h's */
	int has_text_hash;              /* xp_aligned_doc_hash); 0: the report has none (before it) */
	uint64_t out_hash;              /* "out_hash": of the target sentences written */
	int has_out_hash;               /* (xp_report_out_hash); 0: none */
	unsigned long line;             /* its line in the report, 0 in a version 1 report */
	xp_rtonly *tonly;               /* its target-only mentions ("tonly"; none in a report */
	size_t ntonly;                  /* before them, or of a pack without such rules) */
} xp_rdoc;

typedef struct xp_report {
	char lang[16];                  /* the target language, "" if the report does not say */
	const char *settings;           /* the run's "settings" as compact JSON, NULL if none */
	const char *rule;               /* settings.rule (the span rule), NULL if none */
	int chars;                      /* settings.chars: target spans are on characters */
	xp_ritem *items;
	size_t n;
	xp_rdoc *docs;
	size_t ndocs;
	xp_arena arena;
} xp_report;

/* The version project writes. */
#define XP_REPORT_VERSION 4

/* A report read one document at a time, from the file path or (path NULL)
 * from text[0..len); name is the file errors cite; feats as for
 * xp_report_parse.  Open reads the header: xp_report_header has the
 * report's lang, settings, rule and chars (no documents). */
typedef struct xp_report_reader xp_report_reader;
int xp_report_open(const char *name, const char *path, const char *text, size_t len, const char *const *feats,
		   size_t nfeat, xp_report_reader **rr, xp_err *err);
const xp_report *xp_report_header(const xp_report_reader *rr);
/* The documents the report says it has (version 4 says it in its last
 * line: the documents read so far until xp_report_next returned 0). */
size_t xp_report_ndocs(const xp_report_reader *rr);
/* The next document alone in *doc (docs[0] and its items, with the header's
 * fields; the reader's, valid until the next call): 1; 0 at the end, once
 * the report was found to hold exactly the documents it announced (version
 * 4: its end line was read, counting them, and nothing follows it); or a
 * negative xp_code (a cut-short report is XP_EINPUT). */
int xp_report_next(xp_report_reader *rr, const xp_report **doc, xp_err *err);
void xp_report_close(xp_report_reader *rr);

/* A report from text[0..len) (after a UTF-8 BOM, if any); name is the file
 * errors cite.  feats[0..nfeat) are the features the caller wants, in its
 * order: each item's "f" values go to item->feat under those names (a name
 * the report has and feats lacks is an error: a report of another version);
 * with feats NULL the features are not read.  On failure *r is left empty. */
int xp_report_parse(const char *name, const char *text, size_t len, const char *const *feats, size_t nfeat,
		    xp_report *r, xp_err *err);
int xp_report_load(const char *path, const char *const *feats, size_t nfeat, xp_report *r, xp_err *err);
void xp_report_free(xp_report *r);
/* A projected document's target sentences (project's output, what `judge`
 * and `calibrate` read as --projected) hashed as the report's "out_hash":
 * FNV-1a (base/text.h) of each sentence, 0xFE then its tokens, each ended
 * by 0xFF. */
uint64_t xp_report_out_hash(const xp_doc *d);
/* A mention's key, as every command, file and page names it (the
 * correction store's, correct/db.h): "DOC|ID" (document id, English
 * mention id) for the mentions of a document's first part in the run, the
 * lowest part number it has there (part 0 where there is one), and
 * "DOC|PART:ID" for those of its other parts (CoNLL-2012's "part 001":
 * DOC|1:ID).  Only what follows the last '|' is read as ID or PART:ID, so
 * a document name may hold anything, '|' and ':' included; and a corpus
 * whose documents each have one part has the keys it always had, whatever
 * its part numbers.  An explicit part is always understood (DOC|0:ID is
 * DOC|ID).  part < 0: the document's first part (no part in the key).
 * Returns what snprintf does. */
int xp_mention_key(char *out, size_t n, const char *doc, int64_t part, int64_t id);
/* The key's parts: the document name is key[0..*doclen), *part -1 when
 * the key names none.  -1 when it is not a key: no '|', or after the last
 * one anything but ID or PART:ID in decimal digits (then *part and *id
 * are -1). */
int xp_mention_key_parse(const char *key, size_t *doclen, int64_t *part, int64_t *id);
/* The key of a report's mention, into out. */
void xp_ritem_key(const xp_report *r, const xp_ritem *it, char *out, size_t n);

#endif
