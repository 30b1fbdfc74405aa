/*
 * lang/lang.h — the language layer: one pack per target language.
 *
 * A pack is everything the projection, the aligner, the scorer and the
 * store know about one language: its codes, its script, how its letters
 * are folded, what it lacks or marks (articles, subject pronouns on the
 * verb), its word lists, and the rules written for it (name, kind, default,
 * one line of description).  The layers above (align/, project/, eval/,
 * correct/, pipeline/, serve/, tools/) never name a language: they ask
 * xp_lang_find() for the pack of a code and ask the pack.  A code with no
 * pack gets the generic pack, whose rules are the language-independent ones
 * (xp_lang_generic()); the summary says which.
 *
 * A pack may carry its confidence model (calibration below: the file
 * lang/calib/CODE.json, compiled in); a model fitted for one code of a
 * pack serves its other codes (project/confidence.h xp_conf_for).
 *
 * Adding a language is a file lang/CODE.c defining one xp_lang_pack and a
 * line in lang/pack.c's table (docs/languages.md has the checklist).
 *
 * A rule that places or changes a span is its pack's hook (xp_span_hook
 * below, the pack's span_hooks): the projection runs the target pack's
 * hooks at each stage and names none; xp_lang_register adds a pack at run
 * time.
 *
 * A rule is its pack's data: a row of its rules[] (xp_lang_rule: name,
 * kind, bit, default, one line, the switch of earlier releases that turns it
 * off).  A new rule's row says bit 0 and gets a free bit of its kind when
 * its pack is taken in; the reports, the summaries, --rules and the old
 * switches name it from the row.  The rules written before that keep the
 * bits of lang/pron.h (XP_LR_*) and lang/np.h (XP_NP_*), whose code is
 * there and in lang/prodrop.h (Farsi subjects on the verb), lang/zhwords.h
 * (Chinese spans on jieba's words), lang/spans.h (from aligned tokens to a
 * span: every language).
 */
#ifndef XP_LANG_LANG_H
#define XP_LANG_LANG_H

#include <stddef.h>
#include <stdint.h>

/* What a language is like, as the layers above ask it (xp_lang_pack.traits). */
enum {
	/* written without spaces between words, in Han characters: targets are
	 * segmented (ICU words or characters: pair --tokens, align --unspaced-tokens),
	 * a span may be re-read character by character (--chars) and on jieba's
	 * words (zh_words); features of one character and of its neighbours */
	XP_LT_UNSPACED = 1u << 0,
	/* verbs carry the subject's person and number, pronouns attach as
	 * clitics: a subject left out is recovered on the verb (pro-drop), an
	 * object or possessor on its host word */
	XP_LT_PERSON_ENDINGS = 1u << 1,
	/* English articles have no counterpart (the articles rule applies) */
	XP_LT_NO_ARTICLES = 1u << 2,
	/* pronouns carry no gender (score --by gender is meaningless) */
	XP_LT_NO_GENDER = 1u << 3,
	/* the source language of every projection: English */
	XP_LT_SOURCE = 1u << 4,
	/* writes English loanwords by their sound in its own script (card ->
	 * کارت): the aligner's loanword prior is for it (align/prior.h) */
	XP_LT_LOANWORDS = 1u << 5,
	/* writes every noun with a capital (German): a word after an
	 * article-like form that begins with one is its noun (np.h
	 * XP_NP_RELATIVE tells the article die from the relative die so) */
	XP_LT_NOUN_CAPITALS = 1u << 6,
	/* the aligner's English mention constraints hold for it on the user's
	 * paths too (align/wordalign.h, src_spans; docs/rules.md): on by
	 * default.  No pack has it today: Farsi's gain in bench/quality.sh
	 * did not hold through `pipeline` (MMC dev -0.92, three seeds) */
	XP_LT_MENTION_SPANS = 1u << 7,
};

/* Which rule switch a rule answers to (xp_lang_rule.kind). */
typedef enum {
	XP_RK_PRONOUN = 1, /* a pronoun rule: bit of xp_proj_opts.rules (lang/pron.h) */
	XP_RK_NP = 2,      /* a noun phrase or name rule: bit of xp_proj_opts.np (lang/np.h) */
	XP_RK_PRODROP = 3, /* pro-drop: xp_proj_opts.prodrop (lang/prodrop.h) */
} xp_rule_kind;

/* One rule: its name (as --rules, the report and the summary spell it),
 * its switch, whether it is on by default and what it does in one line. */
typedef struct {
	const char *name;
	xp_rule_kind kind;
	/* its bit of that kind's set; 1 for pro-drop.  0: a bit is assigned when
	 * the pack is taken in (compiled in or xp_lang_register), the lowest that
	 * no rule of that kind holds, or the bit of another pack's rule of that
	 * name; the rules of lang/pron.h and lang/np.h keep the bits they had */
	uint64_t bit;
	int on;            /* on by default */
	const char *what;  /* one line: what the corrections showed and what the rule does */
	/* the switch of earlier releases that turns it off, without its dashes
	 * ("no-fa-attach"): `project` and `pipeline` accept it as --rules -NAME
	 * (xp_lang_off_switch); NULL: none */
	const char *off;
} xp_lang_rule;

/* Letter folding (xp_lang_pack.fold): flags. */
enum {
	XP_FOLD_MAKSURA = 1, /* Farsi: alef maksura (U+0649) folds too, as yeh */
};

/* Closed classes of pronouns and demonstratives (xp_lang_pack.closed_class):
 * what a word can mean, for the aligner's closed-class prior (align/prior.h,
 * whose WA_CC_* they are).  English marks person, number and gender in the
 * third person singular; a word has the classes of each thing it can mean
 * ("you": singular and plural). */
enum {
	XP_CC_1S = 1 << 0,   /* I me my mine myself */
	XP_CC_2 = 1 << 1,    /* you your ... */
	XP_CC_3M = 1 << 2,   /* he him his */
	XP_CC_3F = 1 << 3,   /* she her hers */
	XP_CC_3N = 1 << 4,   /* it its */
	XP_CC_1P = 1 << 5,   /* we us our */
	XP_CC_3P = 1 << 6,   /* they them their */
	XP_CC_REFL = 1 << 7, /* -self */
	XP_CC_THIS = 1 << 8, /* this these */
	XP_CC_THAT = 1 << 9, /* that those */
	XP_CC_3 = XP_CC_3M | XP_CC_3F | XP_CC_3N,
};

/* The reference's conventions (xp_lang_pack.loose; pipeline/label.h
 * XP_LB_LOOSE, judge --loose): a projected mention the reference holds by
 * another convention of the language. */
struct xp_utt;
typedef struct {
	const struct xp_utt *ref;   /* the reference sentence, one character a token */
	uint32_t a, b;              /* the reference's span of the projected mention, in it */
	const struct xp_utt *proj;  /* the projected sentence (its words), NULL if not known */
	uint32_t s, e;              /* the projected span, in proj */
} xp_loose_in;

/* A suffix the aligner's normalisation may split off (xp_lang_normdata). */
typedef struct {
	const char *s;   /* UTF-8, spelt as the normalised view spells it */
	int clitic;      /* a pronoun clitic: may follow one of short_stems */
} xp_lang_suffix;

/* The tables the word aligner's normalisation (align/norm.h) reads in a
 * pack, as data: align/ holds the code that applies them and no letter of
 * any language.  Each belongs to one part of the normalisation, which does
 * nothing for a pack without it.  Code points are of the BMP (the
 * normaliser reads UTF-16); a table of pairs ends with {0, 0}. */
typedef struct {
	/* XP_NORM_LETTERS: letters written two ways read as one: the pack's
	 * fold (with these flags), then `letters` {from, to}; a mark written
	 * or not after a letter, dropped there: `drop_after` {mark, letter} */
	unsigned fold_flags;
	const uint32_t (*letters)[2];
	const uint32_t (*drop_after)[2];
	/* XP_NORM_PUNCT: a script's punctuation as its ASCII counterpart
	 * {from, to} (what NFKC leaves as it is) */
	const uint32_t (*punct)[2];
	/* XP_NORM_AFFIXES: affixes split off a stem the corpus has on its own
	 * (xp_normalizer_know), at most three, in a word whose first code point
	 * is in [first, last]: a prefix at the word's start only, prefixes and
	 * suffixes tried in order (longest first), NULL-terminated.  What
	 * remains of the word keeps min_stem letters at least; a stem before a
	 * suffix has stem_letters at least, or is one of short_stems (a
	 * clitic's host) before a clitic. */
	uint32_t first, last;
	const char *const *prefixes;
	const xp_lang_suffix *suffixes;   /* ends with {NULL, 0} */
	unsigned min_stem, stem_letters;
	const char *const *short_stems;
} xp_lang_normdata;

/* ---- the confidence features a pack owns ----
 *
 * A mention's confidence (project/confidence.h) weighs a vector of
 * features.  Most describe the links, the spans and the English mention
 * and hold for any language; a feature that reads one language's words is
 * its pack's: the pack's table (xp_lang_pack.features) names it and says
 * how it is computed, and the projection computes each feature of the
 * target language's pack (a feature of another pack stays 0).  The name
 * is a file format: the report and the confidence models spell it, so a
 * feature keeps its name, and its place among the others (`after`).
 */
struct xp_zhseg;
struct xp_mtype_words;

/* What a span hook (XP_LF_SPAN) sees: one projected mention of a sentence. */
typedef struct {
	const char *lang;                  /* the target language's code */
	const char *const *src;            /* the English tokens of the aligned record */
	uint32_t nsrc, s, e;               /* their count, and the mention [s, e) in them */
	const char *const *w;              /* the written target tokens */
	const uint32_t *wlen;
	uint32_t nw, a, b;                 /* their count, and the projected span [a, b) in them */
	int pronoun;                       /* the English mention is one pronoun (project/feat.h xp_en_type) */
	int name;                          /* ... every token capitalised, no pronoun */
	int prodrop;                       /* the span is a dropped subject's verb (prodrop.h) */
	int agrees;                        /* the core's pron_agree: a word of the span agrees with the pronoun */
	uint8_t *scratch;                  /* nw + 1 bytes the hook may overwrite */
} xp_lang_span;

/* What a words hook (XP_LF_WORDS) sees: a projected span of a sentence
 * on the word segmenter's words (lang/zhwords.h xp_seg_word_starts). */
typedef struct {
	struct xp_zhseg *seg;              /* the segmenter's dictionary */
	const char *const *w;              /* the sentence's tokens */
	const uint32_t *len;
	uint32_t n;
	const uint8_t *start;              /* start[j]: a word begins at token j */
	uint32_t a, b;                     /* the span */
} xp_lang_words;

/* How a pack feature is computed (xp_lang_feature.kind). */
typedef enum {
	/* 1 if the pronoun rule `bit` (pron.h XP_LR_*) changed the span, as
	 * the mention is projected */
	XP_LF_RULE = 1,
	/* the same as the document's collisions settle; a mention it marks
	 * counts in no generic rule feature (rule_pron) */
	XP_LF_RULE_SETTLED,
	/* span(): a projected span's written tokens, every generic feature
	 * known (the English mention's type, prodrop, pron_agree) */
	XP_LF_SPAN,
	/* words(): a projected span that is no English pronoun, on the word
	 * segmenter's words, every rule done (lang/np.h XP_NP_ZH_WORDS's
	 * pass: 0 without the segmenter's data) */
	XP_LF_WORDS,
	/* the log-odds of the pack's table of mention ends (mention_ends,
	 * project/lexicon.h) for the segmenter's last word of a projected span
	 * that is no English pronoun; in words()'s pass */
	XP_LF_END_TABLE,
	/* the log-odds of the confidence model's lexicon (project/lexicon.h
	 * xp_lex_end) for the last token of a projected span that is no
	 * English pronoun, as the document settles: 0 for a model without one */
	XP_LF_END_MODEL,
} xp_lang_feat_kind;

typedef struct xp_lang_feature {
	const char *name;     /* as the report and the models spell it: "zh_last_word" */
	/* the feature it follows in the report's order (a generic feature's
	 * name or another pack's): the order is a file format too (the
	 * models' sums, the report's arrays); NULL: after every other */
	const char *after;
	xp_lang_feat_kind kind;
	uint64_t bit;         /* XP_LF_RULE, XP_LF_RULE_SETTLED: the rule's bit */
	float (*span)(const xp_lang_span *in);    /* XP_LF_SPAN */
	float (*words)(const xp_lang_words *in);  /* XP_LF_WORDS */
	/* what a low confidence it caused says in the store's queue
	 * (correct/review.h xp_reason_phrase), one short clause: of a value
	 * above 0 (the rule fired, the state it marks holds), or, for the
	 * END kinds' log-odds, of a pull down; phrase_up the other (what a
	 * value of 0, or a pull up, says: the workbench's header lists both) */
	const char *phrase, *phrase_up;
} xp_lang_feature;

/* ---- span hooks: the pack's rules that place or change a span ----
 *
 * The projection (project/project.c) places each English mention by its
 * links; a rule that reads one language's words then moves that span, or
 * places a mention no link placed.  Such a rule is a hook in its pack's
 * table (xp_lang_pack.span_hooks): the projection runs, at each stage
 * below, the hooks of the target language's pack of that stage, in the
 * table's order, each whose rule is on, and never names a language.  A
 * hook that returns 1 changed the span: the projection takes out->a, b
 * (and conf, prodrop), and marks the mention with the hook's rule bit, as
 * the report prints it. */
struct xp_link;

/* When a hook runs (xp_span_hook.stage). */
typedef enum {
	/* a mention the links placed, before its span moves to the written
	 * tokens: out->lead is set (a token of the aligned span where the
	 * strongly linked part begins; 0 none) and kept in xp_proj_mention
	 * .weak_lead for the segmenter pass's rule; the return value is not read */
	XP_SH_LEAD = 1,
	/* a projected span on the written tokens (characters with --chars):
	 * [a, b) in, its new bounds out; also after another stage placed the
	 * mention when out->respan says so */
	XP_SH_SPAN,
	/* a one-word English mention no link reached, before the free pronoun
	 * rule: placed by its neighbours' links (a verb's ending, a clitic) */
	XP_SH_PLACE,
	/* the same after the free pronoun rule found nothing for it */
	XP_SH_FREE,
	/* the free pronoun rule (pron.h xp_free_pronoun: XP_LR_FREE_PRONOUN,
	 * XP_LR_PRON_MOVE) found no pronoun: another word may stand for it
	 * (a demonstrative); [a, b) out */
	XP_SH_NO_PRONOUN,
	/* it chose [a, b) (in): a hook may refuse the choice and choose again
	 * among the words scratch[] leaves free: 1 if it did (the rule is
	 * marked), out->placed then says whether it found one, at [a, b) */
	XP_SH_PRONOUN_CHOICE,
	/* a projected one-word mention, before the pronoun rules below move a
	 * pronoun: a hook moves it to [a, b) (1), or keeps it (out->keep: no
	 * other rule moves it) */
	XP_SH_RESEAT,
	/* a projected one-word pronoun whose span ([a, b) in, after the free
	 * pronoun rule tried: pronoun_move) holds no matching pronoun: a hook
	 * moves it to [a, b) (1), or drops it (1 and out->drop) */
	XP_SH_MOVE,
	/* a projected one-word pronoun once every other rule placed the
	 * sentence's mentions (taken[]: how many hold each token): moved to
	 * [a, b) (1) */
	XP_SH_LAST,
	/* the pass on the word segmenter's words (xp_lang_pack.segmenter_rule),
	 * every other rule done, the consistency rule too: a projected span
	 * [a, b) of the written tokens (in and out, kept also when a hook
	 * returns 0), its words' starts in start[], taken[] how many mentions
	 * hold each token; no links, no src (en_first instead); 1 marks the
	 * rule, with out->drop the mention is dropped */
	XP_SH_WORDS,
} xp_span_stage;

/* Another mention of the sentence, as a hook sees it. */
typedef struct {
	uint32_t s, e;     /* its English tokens */
	int placed;        /* projected */
	uint32_t a, b;     /* its span in the written tokens, when placed */
} xp_span_other;

/* What a span hook sees: one mention of a sentence and its links. */
typedef struct xp_span_ctx {
	const char *lang;                  /* the target language's code */
	const char *const *src;            /* the English tokens */
	uint32_t nsrc, s, e;               /* their count, and the mention [s, e) */
	const char *en;                    /* src[s] when the mention is one word, else NULL */
	int en_case;                       /* a one-word pronoun's case as the pack's case rule reads it
					    * (XP_CASE_*, lang/pron.h), 0: none or the rule is off */
	const char *const *tgt;            /* the target tokens as aligned */
	uint32_t ntgt;
	const char *const *w;              /* the written tokens (characters with --chars) */
	const uint32_t *wlen;
	uint32_t nw;
	int by_word;                       /* the written tokens are the aligned ones (no --chars) */
	const struct xp_link *links;       /* the sentence's links, with posteriors; NULL: none */
	size_t nlinks;
	float min_prob;                    /* the span options' weakest link that counts */
	const uint8_t *taken;              /* per written token: a mention holds it (PLACE, FREE) */
	const uint8_t *ptaken;             /* ... a pronoun's mention (one inside a larger span is free) */
	const xp_span_other *others;       /* the sentence's mentions, this one too (PLACE, FREE) */
	size_t nothers;
	int prodrop;                       /* the pro-drop rules are on (--rules prodrop) */
	int mtype;                         /* the English mention's type (model/mtype.h xp_mtype) */
	int placed;                        /* the mention is projected, at [a, b) of the written tokens */
	uint32_t a, b;
	int own_script;                    /* the sentence is written in the pack's script (RESEAT, MOVE) */
	int pronoun;                       /* en is an English pronoun (project/feat.h xp_en_pronoun; RESEAT) */
	/* WORDS: */
	struct xp_zhseg *seg;              /* the word segmenter's dictionary */
	const uint8_t *start;              /* start[j]: a word begins at written token j */
	const char *en_first;              /* the English mention's first word, en_first_len bytes */
	uint32_t en_first_len;
	int en_clause;                     /* the English holds a clause after its first word (np.h xp_en_clause_word) */
	uint32_t lead;                     /* the mark of stage LEAD, in written tokens (0: none) */
	uint64_t marks;                    /* the noun phrase rules (np.h XP_NP_*) that changed its span so far */
	uint8_t *scratch;                  /* nw + 1 bytes a hook may overwrite */
} xp_span_ctx;

/* What a hook gives back when it returns 1. */
typedef struct {
	uint32_t a, b;     /* the span (in: the current one at stage SPAN) */
	float conf;        /* PLACE, FREE: the mention's confidence */
	int prodrop;       /* PLACE, FREE: it stands for a dropped subject (its verb) */
	int respan;        /* PLACE, FREE: run the SPAN hooks on it too */
	uint32_t lead;     /* LEAD: the token */
	int placed;        /* PRONOUN_CHOICE: a word was found */
	int keep;          /* RESEAT: the mention is this hook's, moved or not */
	int drop;          /* MOVE: the mention is dropped (no word stands for it) */
} xp_span_out;

typedef struct {
	const char *name;      /* its rule's name (xp_lang_rule.name) */
	xp_rule_kind kind;     /* its rule's switch */
	uint64_t bit;          /* its rule's bit of that kind's set; a PRODROP hook marks prodrop */
	xp_span_stage stage;
	int (*hook)(const xp_span_ctx *c, xp_span_out *out);
} xp_span_hook;

/* What the generic confidence features (project/feat.h: tgt_pronoun,
 * pron_in, wh_in, pron_de, drop_verb, verb_rivals) ask of a pack's words;
 * a NULL test answers no. */
typedef struct {
	/* tgt_pronoun: [*a, *b) of w[0..n) cut to the target pronoun English
	 * pronoun en stands for; 1 if there is one (a language that writes it) */
	int (*pronoun_span)(const char *en, const char *const *w, const uint32_t *len, uint32_t *a, uint32_t *b);
	/* tgt_pronoun, verb_rivals: token tok is a verb whose ending agrees with
	 * a subject of that person (lang/prodrop.h); verb_form: it is a verb form */
	int (*verb_agrees)(const char *tok, int person);
	int (*verb_form)(const char *tok);
	/* pron_in: w[0..n) is a demonstrative that says "it" */
	int (*it_word)(const char *w, uint32_t n);
	/* wh_in: the interrogative English en stands for among the n words taken[]
	 * leaves (pron.h xp_free_pronoun's signature) */
	int (*free_interrogative)(const char *en, const char *const *w, const uint32_t *len, uint32_t n,
				  const uint8_t *taken, double pos, uint32_t *a, uint32_t *b);
	/* pron_de: w[0..n) is the possessive particle after a pronoun */
	int (*possessive_particle)(const char *w, uint32_t n);
} xp_lang_feat_words;

typedef struct xp_lang_pack {
	const char *code;                 /* its ISO 639-1 code: "zh"; "" for the generic pack */
	const char *name;                 /* in English: "Chinese" */
	const char *const *aliases;       /* other codes naming it ("zho", "cmn", ...), NULL-terminated */
	const char *script;               /* its script as model/script.h names it ("Han"); NULL: any */
	unsigned traits;                  /* XP_LT_* */
	/* the aligner's normalisation (align/norm.h's part names, comma
	 * separated) beyond what every language gets; NULL: none */
	const char *norm;
	/* the tables those parts read (letters, punct, affixes); NULL: none */
	const xp_lang_normdata *normdata;
	/* the names those parts had in earlier releases, when a part named its
	 * language: "OLD=PART" separated by commas ("persian=letters");
	 * --no-normalize= still takes them, for this release only
	 * (align/norm.h xp_norm_part_named); NULL: none */
	const char *norm_aliases;
	/* the word aligner's stems (align/norm.h XP_NORM_STEM) for a pair of
	 * English and this language, each a method as `wordalign --stem`
	 * names one ("prefix:4", "learned"): `stem` for this language's side
	 * (the target), `src_stem` for the English side.  The aligner takes
	 * them when the target's language is this pack's (given, or found
	 * from its script) and no --stem names the side (align/wordalign.h
	 * xp_wa_opts.stem; `--stem none` turns them off); a model file
	 * records them.  NULL: none.  A side's learned stems whatever the
	 * other side is may be its part `stem` in norm instead (Farsi's) */
	const char *stem, *src_stem;
	/* options of earlier releases that named this language, each the old
	 * name of a neutral one: rows {old, new}, without their dashes
	 * ({"zh-tokens", "unspaced-tokens"}), ended by {NULL, NULL}; a command
	 * that takes the new one takes the old one too, for this release
	 * (tools/groups.c xp_opts_table); NULL: none */
	const char *const (*old_options)[2];
	/* the English articles its rule ignores (NULL-terminated; NULL: the
	 * language has articles, the rule does not apply) */
	const char *const *bare_articles;
	/* its rules (xp_lang_rule_at() puts the generic ones first) */
	const xp_lang_rule *rules;
	size_t nrules;
	/* one code point folded: letters written two ways read as one (Farsi:
	 * the Arabic ي ك as ی ک); NULL: none.  Keeps the UTF-8 length
	 * (xp_lang_fold). */
	uint32_t (*fold)(uint32_t c, unsigned flags);
	/* the enclitics a noun or name takes in speech, NULL-terminated: a
	 * name said again with one is the same name (project/consist.h);
	 * NULL: none */
	const char *const *noun_clitics;
	/* the closed classes (XP_CC_*) of word w[0..n), as the aligner's
	 * normalised view spells it (lower case; Persian ی ک); NULL: the
	 * language has no table (no closed-class prior) */
	unsigned (*closed_class)(const char *w, size_t n);
	/* the spans [alt[k][0], alt[k][1]) of in->ref that stand for the
	 * mention under the reference's other convention, to try in order (at
	 * most max); their count.  NULL: none */
	size_t (*loose)(const xp_loose_in *in, uint32_t (*alt)[2], size_t max);
	/* the words that open a noun phrase before its noun and belong to its
	 * span in the annotation (articles, prepositions fused with an article,
	 * possessives, demonstratives), lower case, NULL-terminated: what
	 * XP_NP_DET (np.h) joins; NULL: none */
	const char *const *determiners;
	/* the words the annotation never begins a noun phrase with though the
	 * aligner puts them there (a preposition fused with the article: the
	 * German im, zum), lower case, NULL-terminated: what XP_NP_SHED drops;
	 * NULL: none */
	const char *const *np_shed;
	/* the target pronouns an English pronoun may stand for, as the free
	 * pronoun rules (pron.h XP_LR_FREE_PRONOUN, XP_LR_PRON_MOVE) look for
	 * them: rows {English words, target words}, each a list separated by
	 * spaces, lower case, ended by {NULL, NULL}; NULL: none (Chinese and
	 * Farsi keep theirs in lang/pron.c) */
	const char *const (*pronouns)[2];
	/* the words of `pronouns` that are also articles (German der, die,
	 * das; French le, la, les, l'; Portuguese o, a, os, as), a list
	 * separated by spaces, lower case: the free pronoun rules take one
	 * only where no link reached it (an article is aligned to the English
	 * one); NULL: none */
	const char *pron_articles;
	/* the words its annotation marks as a mention wherever they stand
	 * (personal pronouns; German es, dummy subjects too), a list separated
	 * by spaces, lower case: what XP_NP_MARKED (np.h) adds where no
	 * projected mention is one; NULL: none */
	const char *marked;
	/* its relative pronouns that open a clause after a comma (German die,
	 * der, das; French qui, dont), a list separated by spaces, lower case:
	 * what XP_NP_RELATIVE (np.h) marks; NULL: none */
	const char *relatives;
	/* those of them that are nothing else (French qui, dont; German
	 * denen, deren): the rule takes them without the comma too; NULL: none */
	const char *relatives_any;
	/* its compiled-in confidence model: the text of a model file
	 * (project/confidence.h xp_conf_parse) whose models are for its codes
	 * only, from lang/calib/CODE.json (bench/calibrate.sh refits it); NULL:
	 * none, projections take a model file's or go uncalibrated */
	const char *calibration;
	/* its compiled-in table of mention ends: the text of a table
	 * (project/lexicon.h xp_lex_parse_table) of how often its silver ends a
	 * mention on a word, as the word segmenter cuts it (lang/np.h
	 * XP_NP_ZH_WORDS), from lang/ends/CODE.json (`xproj calibrate
	 * --mention-ends` makes one); NULL: none */
	const char *mention_ends;
	/* its confidence features (above), in its order; NULL: none */
	const xp_lang_feature *features;
	size_t nfeatures;
	/* its span hooks (above), in the order they run at each stage; NULL: none */
	const xp_span_hook *span_hooks;
	size_t nspan_hooks;
	/* the pronoun rule (pron.h XP_LR_*) under which an English pronoun's
	 * case restricts the rules that place it (xp_span_ctx.en_case); 0: none */
	uint64_t case_rule;
	/* the generic features' tests of its words (above); NULL: none */
	const xp_lang_feat_words *feat_words;
	/* the noun phrase rule (np.h XP_NP_*) whose pass reads the word
	 * segmenter's words (XP_SH_WORDS; model/zhseg.h); 0: none */
	uint64_t segmenter_rule;
	/* 1 if the English one-word mention en is taken as a pronoun's is (its
	 * span counts in ptaken: the interrogatives a language marks as
	 * mentions); NULL: none */
	int (*pronoun_like)(const char *en);
	/* its words of mention and sentence types (model/mtype.h: pronouns,
	 * gender, the openers of a command, its script's question marks), what
	 * `score --by type|gender|sentence` reads; NULL: none (a pack that
	 * lists its `pronouns` still gets the pronoun class: xp_lang_mtype) */
	const struct xp_mtype_words *mtype;
	/* the letters of its script that tell it from the other languages
	 * written in it (Farsi's among the Arabic script's), UTF-8, outside
	 * ASCII: a text in its script is guessed to be in it when they are
	 * counted most (lang/script.h xp_script_result); NULL: none */
	const char *letters;
	/* the words that open a translator's note in subtitles of its script
	 * (io/asides.h: a line, a bracket or a parenthesis that starts with
	 * one is a note, not dialogue), UTF-8, NULL-terminated; NULL: none
	 * (English's, "T/N", "TL:" ..., are the reader's own) */
	const char *const *note_markers;
} xp_lang_pack;

/* The pack of language code `code` (its code or an alias, with or without a
 * region or script subtag: "fa", "fas", "per", "fa-IR", "zh-Hant"), NULL if
 * there is none (or code is NULL or empty). */
const xp_lang_pack *xp_lang_find(const char *code);

/* What a run onto a language without a pack gets, as every command says
 * it (the pipeline's and project's summaries, project --list-rules):
 * "no language pack for 'CODE': " and the generic pack's rules ("no
 * language rules, the links alone" while it lists none) appended to out,
 * CODE quoted (base/text.h xp_quote; "?" if NULL or empty).  1 if so, 0
 * (out unchanged) if code has a pack. */
struct xp_buf;
int xp_lang_no_pack(const char *code, struct xp_buf *out);

/* 1 if code names a language, with a pack or without one: an ISO 639
 * code ICU knows (two letters, CLDR's three-letter ones, ISO 639-2/T and
 * /B: "ro", "ron", "rum") or a well-formed BCP 47 tag of one ("pt-BR",
 * "sr-Latn-RS"; '_' as '-'); name (if not NULL) gets its English name
 * ("Romanian"; "" if ICU has none).  2 for a well-formed tag whose
 * language is three letters ICU does not list: maybe one of the ISO
 * 639-3 codes ICU lacks, maybe a typo (name "").  0 for what names no
 * language: a two-letter typo ("zn"), "und", a private-use tag, NULL or
 * "".  A pack's own codes and aliases are xp_lang_find's: a pack may name
 * a code ICU lacks. */
int xp_lang_known(const char *code, char *name, size_t cap);

/* The one spelling of language tag `code` into out (cap bytes): a pack's
 * code for its alias ("zho" -> "zh"), the two-letter code of a language ICU
 * gives one ("ita", "ger" -> "it", "de"), the subtags joined by '-' in BCP
 * 47's case ("es_mx" -> "es-MX", "zh-hant" -> "zh-Hant"; after a
 * singleton, an extension or private use, lower: "de-ch-X-AB" -> "de-CH-x-ab").  What names one
 * line of runs in a store: two spellings of one tag made two.  -1 (out
 * "") when code is NULL or empty or its spelling does not fit. */
int xp_lang_tag(const char *code, char *out, size_t cap);

/* 1 if tags a and b are one in two spellings (xp_lang_tag's: "ko-kr" and
 * "ko_KR", "zho" and "zh"), else 0; one xp_lang_tag cannot spell (too
 * long) is compared as it is written.  What a word-aligner model's
 * language is held to against a command's or a run's. */
int xp_lang_tag_same(const char *a, const char *b);

/* Whether the codes a and b name one language: 1 when they do (one pack,
 * or, for a language without a pack, one ISO 639-3 code as ICU gives it:
 * "ro" and "ron"), 0 when they name two, -1 when either names none that
 * is known (NULL, empty, "xpx").  What a file names its languages with
 * (FreeDict's "eng-fra") against a command's --tgt-lang. */
int xp_lang_same(const char *a, const char *b);

/* The word lists of pack p's mention and sentence types (model/mtype.h):
 * its own (xp_lang_pack.mtype); for a pack without them that lists its
 * pronouns (xp_lang_pack.pronouns), those as its pronoun class, read in any
 * case, set up in *tmp; NULL if p is NULL or has neither. */
const struct xp_mtype_words *xp_lang_mtype(const xp_lang_pack *p, struct xp_mtype_words *tmp);

/* The pack of `code`, or the generic pack when it has none: never NULL. */
const xp_lang_pack *xp_lang_get(const char *code);

/* The rules of every pack that read the word segmenter's words
 * (xp_lang_pack.segmenter_rule), as a set of noun phrase rule bits. */
uint64_t xp_lang_segmenter_rules(void);
/* The name of the first of them ("" if none): what a note says is left out
 * when the segmenter's data is missing. */
const char *xp_lang_segmenter_rule_name(void);

/* The generic pack: the rules every language takes, no traits. */
const xp_lang_pack *xp_lang_generic(void);

/* Adds pack p to the packs there are, after the compiled-in ones: a
 * language (or a test's toy one) without a line in lang/pack.c.  p is kept,
 * not copied, unless a rule or hook of its own has bit 0: then a copy is kept whose
 * rules and span hooks (a hook of bit 0 takes its rule's, by name) carry
 * the bits assigned (xp_lang_rule.bit); xp_lang_find() returns the pack
 * kept.  Call it before any projection or lookup runs on another thread;
 * xp_lang_codes_with() answers as it first did.  0, or -1 if p has no code,
 * its code names a pack already, the room (8) is taken, no bit is left
 * for a rule of its own (a hook then names no rule of its pack), or its
 * note_markers come after xp_lang_note_markers() was first asked or would
 * not fit (63 for all packs). */
int xp_lang_register(const xp_lang_pack *p);

/* Every pack's note_markers, in the order of xp_lang_packs(), as one
 * NULL-terminated list (empty if no pack has any): what a subtitle reader
 * takes for translators' notes besides English's (io/subs.h
 * xp_subs_opts.notes; align/batch.h xp_doc_read passes them).  Built once,
 * when first asked: a pack registered later is not in it. */
const char *const *xp_lang_note_markers(void);

/* The packs there are, in order (the generic pack not among them). */
const xp_lang_pack *const *xp_lang_packs(size_t *n);

/* The codes of the packs with trait t (XP_LT_*), separated by spaces, in
 * the order of xp_lang_packs(): "fa" for XP_LT_LOANWORDS. */
const char *xp_lang_codes_with(unsigned t);

/* w[0..n) with pack p's letter folding (XP_FOLD_* flags) into out (n
 * bytes; out may be w): a code point whose folding would change its UTF-8
 * length, or a byte that is no UTF-8, stays as it is.  0 if p folds
 * nothing (p NULL, or no fold: out is w's copy), else 1. */
int xp_lang_fold(const xp_lang_pack *p, const char *w, size_t n, char *out, unsigned flags);

/* 1 if the pack has trait t (XP_LT_*); p may be NULL (no traits). */
int xp_lang_has(const xp_lang_pack *p, unsigned t);

/* The rule set of a pack: each pack rule whose switch is of kind k, as a
 * set of bits (the generic rules included). */
uint64_t xp_lang_rule_set(const xp_lang_pack *p, xp_rule_kind k);

/* Every rule a pack's language takes: the generic rules, then its own
 * (k < xp_lang_nrules(p)); NULL past the end. */
size_t xp_lang_nrules(const xp_lang_pack *p);
const xp_lang_rule *xp_lang_rule_at(const xp_lang_pack *p, size_t k);

/* Every rule of every pack, by name, and the pack it belongs to (*pack:
 * NULL for a generic rule); NULL if no rule has that name. */
const xp_lang_rule *xp_lang_rule_named(const char *name, const xp_lang_pack **pack);

/* The rule of bit 1 << k of kind `kind`'s set, the generic pack's first, then
 * the packs' in order; NULL if no rule has it.  What reports and summaries
 * name a bit by (pron.h xp_lr_name, np.h xp_np_name). */
const xp_lang_rule *xp_lang_rule_bit(xp_rule_kind kind, unsigned k);
/* One past the highest bit a rule of kind `kind` holds: the compiled-in
 * count (XP_LR_NRULES, XP_NP_NRULES) until a pack assigns more. */
unsigned xp_lang_rule_bits(xp_rule_kind kind);

/* The k-th rule (from 0) with a switch of earlier releases (xp_lang_rule.off),
 * each switch once, the generic pack's first; NULL past the end. */
const xp_lang_rule *xp_lang_off_switch(size_t k);

/* ---- the rule switch: --rules SPEC ---- */

/* The rules a projection runs, as the three switches the rules read
 * (project/project.h xp_proj_opts.rules, .np, .prodrop). */
typedef struct {
	unsigned pron;   /* XP_LR_* (lang/pron.h) */
	uint64_t np;     /* XP_NP_* (lang/np.h) */
	int prodrop;
} xp_rule_sel;

/* The rules on by default: every pack's rule whose `on` is set. */
void xp_rules_default(xp_rule_sel *s);

/* Applies SPEC to *s: a comma list, read left to right, of "default" (the
 * default set), "none", "all", "+NAME" (on), "-NAME" (off) or "NAME" (on),
 * NAME any pack's rule (xp_lang_rule_named).  0, or -1 with the first item
 * not understood in bad (cap bytes; *s then as far as it got). */
int xp_rules_parse(const char *spec, xp_rule_sel *s, char *bad, size_t cap);

/* Whether rule r is on in s. */
int xp_rules_on(const xp_rule_sel *s, const xp_lang_rule *r);

/* Farsi letter folding (the fa pack's fold): Arabic yeh U+064A (and with
 * XP_FOLD_MAKSURA alef maksura U+0649) as Persian yeh U+06CC, Arabic kaf
 * U+0643 as Persian kaf U+06A9; any other code point as it is.  About half
 * of MMC's Farsi scenes write the Arabic letters. */
uint32_t xp_fa_fold_cp(uint32_t c, unsigned flags);

/* The same on UTF-8: w[0..n) folded into out (n bytes; the folding keeps
 * every length, so out may be w).  The one implementation of the letters'
 * folding: the projection's Farsi tests, the aligner's normalisation, the
 * lexicon and the store's judge all read through it. */
void xp_fa_fold(const char *w, size_t n, char *out, unsigned flags);

/* The two bytes at s[0], s[1] (c1 0 at the end) folded as above: 1 with
 * out[0..1] set when they are a folded letter, else 0. */
int xp_fa_fold2(unsigned char c0, unsigned char c1, unsigned flags, unsigned char out[2]);

/* The same for the layers above, which name no language: the two bytes
 * folded as a pack folds its letters (today Farsi's are the only letters
 * folded two bytes at a time). */
int xp_lang_fold_pair(unsigned char c0, unsigned char c1, unsigned flags, unsigned char out[2]);

#endif
