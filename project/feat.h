/*
 * project/feat.h — private to the library: the confidence features
 * (confidence.h's models weigh them), by name and index.
 */
#ifndef XP_FEAT_H
#define XP_FEAT_H
#include "confidence.h"

/* The features, in the order of xp_feat_names and of the report's
 * "features" arrays (a file format: the models' too).  A feature that
 * reads one language's words is its pack's (lang/lang.h xp_lang_feature):
 * the pack names it and computes it, and it takes one of the places
 * XP_F_PACK_* (today's eleven), or, with none left for it, a place after
 * XP_F_NFIXED (xp_nfeat).  Each generic one is defined where features.c
 * gathers it. */
typedef enum {
	XP_F_LINK_MEAN,      /* mean posterior of the mention's links into its span */
	XP_F_LINK_MIN,       /* the weakest of them */
	XP_F_ONE_WAY,        /* share of them that one direction alone proposed (posterior <= 0.5) */
	XP_F_COVER,          /* share of the English tokens with a link into the span */
	XP_F_EN_LEN,         /* log(1 + English tokens) */
	XP_F_TGT_LEN,        /* log(1 + target tokens of the span, as aligned) */
	XP_F_RATIO,          /* |log((target + 1) / (English + 1))| */
	XP_F_GAP,            /* share of the span's tokens the mention does not reach */
	XP_F_SHARED,         /* share of the span's tokens also linked to English words outside the mention */
	XP_F_NEIGHBOUR,      /* unaligned word tokens right before and after the span (0..2) */
	XP_F_NESTED,         /* the span holds or sits in another projected span */
	XP_F_CROSSING,       /* the span crosses another projected span */
	XP_F_COLLIDED,       /* a mention of another cluster landed on the same span */
	XP_F_PRONOUN,        /* the English mention is one pronoun */
	XP_F_NAME,           /* every token capitalised (not a pronoun) */
	XP_F_UTT_SCORE,      /* the utterance alignment's score (pair/align confidence) */
	XP_F_SENT_ALIGNED,   /* share of the target sentence's word tokens aligned to anything */
	XP_F_RULE_ARTICLES,  /* language rules that changed the span (lang.h), pro-drop */
	XP_F_PACK_0,         /* two packs' features (lang.h xp_lang_feature): their places */
	XP_F_PACK_1,
	XP_F_PRODROP,
	XP_F_UNALIGNED,      /* null kinds: no token of the mention has a link */
	XP_F_SAME_SPAN,      /* a coreferent mention holds the span */
	XP_F_DROPPED,        /* dropped in a collision */
	XP_F_FREE_WORDS,     /* log(1 + unaligned word tokens of the target sentence) */
	XP_F_TGT_PRONOUN,    /* the target pronoun this English pronoun stands for is in the
				sentence (Chinese), or an agreeing verb is (Farsi pro-drop) */
	XP_F_TGT_PRONOUN_FREE, /* ... and nothing is aligned to it */
	XP_F_SENT_LEN,       /* log(1 + target sentence tokens, as aligned) */
	XP_F_SENT_RATIO,     /* |log((target tokens + 1) / (English tokens + 1))| of the sentence pair:
				subtitles merged or split against the utterance */
	XP_F_POS_DIFF,       /* |relative position of the mention in English - of the span in the target| */
	XP_F_REPEATS,        /* log(1 + other places in the sentence with the span's exact words):
				which of several 我 the links chose */
	XP_F_PRON_IN,        /* the English mention is a personal pronoun and its target pronoun (the
				same person and number; for a Farsi "it", a demonstrative این / اون ...,
				which is how Farsi says it) is in the span */
	XP_F_SEED_AGREE,     /* share of the alignment runs with other seeds (project --alt-alignments)
				that do the same with the mention: the same span, or a null; without
				such runs, the model's mean */
	XP_F_PRON_AGREE,     /* the English mention is a personal pronoun, no target pronoun of its person is
				in the span but a word whose ending agrees with it is (Farsi: a verb for a
				subject, a clitic for an object or possessive; lang.h xp_pronoun_matches) */
	XP_F_ONE_CHAR,       /* no pronoun, and the span is one written character (a Chinese noun phrase cut
				to one character: 车 of 消防车) */
	XP_F_FORM_SEEN,      /* log(1 + other projected mentions of the document with the same English
				cluster and words, case folded) */
	XP_F_FORM_AGREE,     /* share of those projected to the same target words (0 with none): the
				same English entity in the same words projected differently */
	XP_F_PRON_DE,        /* Chinese: the English mention is a possessive pronoun and its span ends in
				the particle 的 (你的 for "your") */
	XP_F_RULE_PRON,      /* a pronoun rule placed the span where the links did not (lang.h: free
				pronoun, pronoun move, Farsi clitic, light verb, possessive, subject
				clitic, verb move; Farsi's pro-drop verb is `prodrop`) */
	XP_F_RULE_NP,        /* a noun phrase rule (np.h) other than the consistency rule and the
				segmenter's rule (lang.h segmenter_rule) changed the span */
	XP_F_RULE_CONSIST,   /* the consistency rule (consist.h) moved the span to its twins' words */
	XP_F_CLUSTER,        /* log(1 + other mentions of the English cluster in the document) */
	XP_F_CLUSTER_PROJ,   /* share of those that were projected (0 with none) */
	XP_F_RULE_WORDS,     /* the span grew to the word segmenter's whole words (the pack's
				segmenter_rule, lang.h): the links cut a word of the annotation's segmentation */
	XP_F_COMMITTEE,      /* share of the committee, the same alignment projected again under other
				settings (only the links of posterior >= 0.5, >= 0.7, >= 0.9; the block
				span rule), that do the same with the mention; without posteriors, the
				model's mean */
	XP_F_DROP_VERB,      /* Farsi pro-drop: the span holds a verb form (prodrop.h xp_fa_verb_form: the
				prefix می/نمی, a light verb or auxiliary).  The agreement test reads the
				ending only, and nouns and adjectives end in -am, -i, -ad, -at too (مریم,
				تفاوت, عالی): on mmc-tune correctors keep 70% of the pro-drop spans on a
				verb form and 39% of the others */
	XP_F_VERB_RIVALS,    /* Farsi: an English subject pronoun projected onto a word that agrees with it
				(pro-drop, pron_agree): log(1 + verb forms of the same person elsewhere in
				the sentence), the other verbs the pronoun could be the subject of */
	XP_F_PACK_2,         /* packs' features */
	XP_F_PACK_3,
	XP_F_POSS_LOST,      /* Chinese: the English mention is a noun phrase that begins with a possessive
				determiner (my keys) and its span holds no Chinese pronoun for it (钥匙) */
	XP_F_DEMONSTRATIVE,  /* Chinese: the English mention is one demonstrative pronoun (this, that, these,
				those) */
	XP_F_PACK_4,         /* packs' features */
	XP_F_PACK_5,
	XP_F_PACK_6,
	XP_F_WH_IN,          /* Chinese: the English mention is one interrogative what / who and its span holds
				the Chinese interrogative that stands for it (the pack's free_interrogative, lang.h:
				什么, 干嘛, 怎么样, 谁 ...), as pron_in for a personal pronoun.  MMC dev's silver
				keeps 94% of such spans (134) where the model without it said 0.83: the
				interrogative is a word of its own that the links often miss (the rule places
				it) and that no noun phrase feature describes */
	XP_F_PACK_7,         /* a pack's feature */
	XP_F_TWIN_NEARER,    /* another place in the sentence with the span's exact words (repeats) lies nearer
				the English mention's relative position than the span: the links chose the
				wrong one of several 我 or 狗 */
	XP_F_PACK_8,         /* packs' features */
	XP_F_PACK_9,
	XP_F_PACK_10,
	XP_F_DOUBTED,        /* a null the rule doubt (np.h XP_NP_DOUBT) made of a projected noun phrase:
				the null model's own level for them (a span the model doubts is often
				still a mention the corrector keeps or moves, seldom one to add) */
	XP_F_DOUBT_ODDS,     /* ... and the log-odds the projected model gave its span (< 0 by the rule):
				the nearer the span came to being kept, the likelier the corrected file
				has a mention for it */
	XP_F_NFIXED          /* the features with a place here; the packs' others follow (xp_nfeat) */
} xp_feat;

/* How many features there are: XP_F_NFIXED, then every pack feature
 * without a place XP_F_PACK_*, in the order of xp_lang_packs() and of
 * each pack's table (at most XP_CONF_MAXFEAT in all).  It is the stride
 * of every feature vector (xp_projection.feat, the report's, the
 * models'), known once the packs are (lang.h xp_lang_register comes
 * first); a pack that brings a feature of its own changes no line here.
 * The Chinese and Farsi reports keep their columns as long as no pack
 * adds one. */
int xp_nfeat(void);

/* Every feature's name, xp_nfeat() of them in the order above: the
 * generic features' and, in the places XP_F_PACK_*, the packs' (lang/lang.h
 * xp_lang_feature), each where its `after` puts it; then the packs'
 * features no place took.  Models and reports are read by these names
 * (xp_feat_named, io/report.h), so an appended feature is a new column
 * that older files simply lack.  Built once, thread-safely; never NULL. */
const char *const *xp_feat_table(void);
#define xp_feat_names (xp_feat_table())
/* the feature of a name, or -1 */
int xp_feat_named(const char *name);
/* the place of pack feature f (an entry of a pack's table), or -1 */
struct xp_lang_feature;
int xp_feat_of(const struct xp_lang_feature *f);
/* the place of the first feature of kind k (lang.h XP_LF_*) of the pack
 * of language lang, or -1 */
int xp_feat_pack_kind(const char *lang, int k);
/* 0 if every place holds a pack feature and every pack feature has one
 * (more than XP_CONF_MAXFEAT features leave the last without), else -1
 * with the first name amiss in bad (cap bytes) */
int xp_feat_check(char *bad, size_t cap);

/* English mention types: one pronoun token (personal or demonstrative),
 * every token capitalised (a name), or anything else. */
enum { XP_EN_PRONOUN, XP_EN_NAME, XP_EN_NOMINAL };
int xp_en_pronoun(const char *w);
int xp_en_type(const char *const *words, uint32_t start, uint32_t end);

_Static_assert((int)XP_F_NFIXED <= (int)XP_CONF_MAXFEAT, "confidence.h: XP_CONF_MAXFEAT has no room for the features");

#endif
