/*
 * project/feat.h — private to the library: the confidence features
 * (confidence.h's models weigh them), by name and index.
 */
#ifndef XP_FEAT_H
#define XP_FEAT_H
#include "confidence.h"

/* The features, in the order of xp_feat_names and of the report's
 * "features" arrays.  Each is defined where confidence.c gathers it. */
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
	XP_F_RULE_ZH_PRONOUN,
	XP_F_RULE_FA_ATTACH,
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
	XP_F_RULE_NP,        /* a noun phrase rule (np.h) other than the consistency rule and zh_words changed
				the span */
	XP_F_RULE_CONSIST,   /* the consistency rule (consist.h) moved the span to its twins' words */
	XP_F_CLUSTER,        /* log(1 + other mentions of the English cluster in the document) */
	XP_F_CLUSTER_PROJ,   /* share of those that were projected (0 with none) */
	XP_F_RULE_WORDS,     /* Chinese: the span grew to whole jieba words (np.h XP_NP_ZH_WORDS): the links
				cut a word of MMC's segmentation */
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
	XP_F_ZH_LAST_WORD,   /* Chinese, no pronoun: the span's last jieba word is none a noun phrase ends in
				(zhwords.h xp_zh_edge_words: a verb, adverb, preposition, particle ...:
				这些人会, 街用) */
	XP_F_ZH_NOUN_BESIDE, /* Chinese, no pronoun: jieba words right before and after the span that the
				dictionary calls nouns (0..2): the span cuts a longer noun phrase.  These two
				are read with zh_words's segmentation, and are 0 where jieba's data is absent
				(xp_projection.zh_words < 0, which project reports) */
	XP_F_POSS_LOST,      /* Chinese: the English mention is a noun phrase that begins with a possessive
				determiner (my keys) and its span holds no Chinese pronoun for it (钥匙) */
	XP_F_DEMONSTRATIVE,  /* Chinese: the English mention is one demonstrative pronoun (this, that, these,
				those) */
	XP_F_ZH_END_LEX,     /* Chinese, no pronoun: the log-odds that MMC dev's silver ends a mention on the
				span's last jieba word where it occurs, against the prior (lexicon.h: 0 for a
				word it has not seen, negative for 会, 用, 呢 ...); read with zh_words's
				segmentation, 0 without it */
	XP_F_FA_LAST_WORD,   /* Farsi, no pronoun: how often mentions of the reference the model was fitted on
				(MMC's dev silver) end on the span's last word, as log-odds against the
				share of all its words that end one (lexicon.h xp_lex_end; 0 for a word it
				never saw).  A target-side signal: a span ending on a verb, a preposition
				or the first half of a compound (نیمه of نیمه شب) is suspect whatever the
				links say.  0 without the model's lexicon */
	XP_F_FA_NUMBER,      /* Farsi, a noun phrase (no pronoun, no name): the English head is plural (men,
				cookies; not after a numeral or quantifier, after which Farsi keeps the
				noun singular) and no word of the span carries a Farsi plural (ها, های,
				-ان, -ات, the spoken -ا, before a clitic too): "girls" on دختر, "parents" on
				پدر.  Number is marked in both languages, so a span that lost it holds
				the wrong word or half of the phrase */
	XP_F_WH_IN,          /* Chinese: the English mention is one interrogative what / who and its span holds
				the Chinese interrogative that stands for it (lang.h XP_LR_ZH_INTERROGATIVE:
				什么, 干嘛, 怎么样, 谁 ...), as pron_in for a personal pronoun.  MMC dev's silver
				keeps 94% of such spans (134) where the model without it said 0.83: the
				interrogative is a word of its own that the links often miss (the rule places
				it) and that no noun phrase feature describes */
	XP_F_RULE_ZH_DEM,    /* Chinese: zh_demonstrative placed the span (lang.h XP_LR_ZH_DEMONSTRATIVE: 这 / 那
				as a copula's subject for it / this / that); not counted in rule_pron */
	XP_F_TWIN_NEARER,    /* another place in the sentence with the span's exact words (repeats) lies nearer
				the English mention's relative position than the span: the links chose the
				wrong one of several 我 or 狗 */
	XP_F_FA_INDEF_FIRST, /* Farsi, no pronoun: the span begins with the indefinite یه / یک, which opens a
				Farsi noun phrase: the span begins where the phrase does */
	XP_F_FA_QUOTED,      /* Farsi, a noun phrase (no pronoun, no name): the span is exactly a stretch
				between quotation marks, which Farsi subtitles put around names and
				foreign words: the span is a name inside the phrase ("Paolo's grappa" on
				" پائولو "), not the phrase */
	XP_F_FA_OVERT_SUBJECT, /* Farsi: an English subject pronoun on a word that agrees with it by its ending
				(pro-drop or pron_agree), and a free pronoun of its person (من, تو, شما ...)
				stands before that word in its clause: the subject is not dropped, so the
				pronoun, not the verb, is the mention */
	XP_F_DOUBTED,        /* a null the rule doubt (np.h XP_NP_DOUBT) made of a projected noun phrase:
				the null model's own level for them (a span the model doubts is often
				still a mention the corrector keeps or moves, seldom one to add) */
	XP_F_DOUBT_ODDS,     /* ... and the log-odds the projected model gave its span (< 0 by the rule):
				the nearer the span came to being kept, the likelier the corrected file
				has a mention for it */
	XP_NFEAT
} xp_feat;

extern const char *const xp_feat_names[XP_NFEAT];
/* the feature of a name, or -1 */
int xp_feat_named(const char *name);

_Static_assert((int)XP_NFEAT <= (int)XP_CONF_MAXFEAT, "confidence.h: XP_CONF_MAXFEAT has no room for the features");

#endif
