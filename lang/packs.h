/*
 * lang/packs.h — private to lang/: the packs' definitions see each other
 * through it (lang/pack.c's table, the rule entries two packs share).
 */
#ifndef XP_LANG_PACKS_H
#define XP_LANG_PACKS_H
#include "lang.h"
#include "np.h"
#include "pron.h"

extern const xp_lang_pack xp_lang_zh, xp_lang_fa, xp_lang_de, xp_lang_fr, xp_lang_pt;
/* the, a, an: the articles of a language that has none */
extern const char *const xp_articles_all[];

/* rules more than one pack takes */
#define XP_RULE_STRAY                                                                                       \
	{"stray", XP_RK_NP, XP_NP_STRAY, 1,                                                                 \
	 "a link weaker than another of the same English word and away from its stronger ones is ignored"}
#define XP_RULE_CONSIST                                                                                     \
	{"consist", XP_RK_NP, XP_NP_CONSIST, 1,                                                             \
	 "a name or noun phrase said again in a scene takes the words its entity's other mentions agree on"}
#define XP_RULE_NAMES                                                                                       \
	{"names", XP_RK_NP, XP_NP_NAMES, 1,                                                                 \
	 "a name takes a target form the aligner learned for it from all the bitext, where one stands in the sentence"}
#define XP_RULE_ARTICLES                                                                                    \
	{"articles", XP_RK_PRONOUN, XP_LR_ARTICLES, 0,                                                      \
	 "an English article's links are ignored when the rest of its mention is aligned"}
#define XP_RULE_FREE_PRONOUN                                                                                \
	{"free_pronoun", XP_RK_PRONOUN, XP_LR_FREE_PRONOUN, 1,                                              \
	 "a pronoun no link reaches takes a matching pronoun of the sentence that no mention holds"}
#define XP_RULE_PRONOUN_MOVE                                                                                \
	{"pronoun_move", XP_RK_PRONOUN, XP_LR_PRON_MOVE, 1,                                                 \
	 "a pronoun whose links reached no matching pronoun takes a free one of the sentence"}

/* the noun phrase rules of a pack with determiners (np.h XP_NP_DET, XP_NP_SHED, XP_NP_EDGE_PUNCT) */
#define XP_RULE_DET                                                                                         \
	{"det", XP_RK_NP, XP_NP_DET, 1,                                                                     \
	 "a noun phrase's span takes the article, fused preposition, possessive or demonstrative just before it"}
#define XP_RULE_SHED                                                                                        \
	{"shed", XP_RK_NP, XP_NP_SHED, 1,                                                                   \
	 "a noun phrase's span drops a first word its annotation leaves out (im, zum; de)"}
#define XP_RULE_EDGE_PUNCT                                                                                  \
	{"edge_punct", XP_RK_NP, XP_NP_EDGE_PUNCT, 1,                                                       \
	 "a comma, full stop, colon or question mark at a span's edge leaves it, unless the English has one there"}

#define XP_RULE_PUNCT_NEXT                                                                                  \
	{"punct_next", XP_RK_NP, XP_NP_PUNCT_NEXT, 1,                                                       \
	 "a span that is one comma or stop alone takes the word after it (', die' for 'who')"}

#define XP_RULE_MARKED                                                                                      \
	{"marked", XP_RK_NP, XP_NP_MARKED, 1,                                                               \
	 "a pronoun the annotation marks wherever it stands (es, ils, isto) is a mention of its own where none is"}

#define XP_RULE_RELATIVE                                                                                    \
	{"relative", XP_RK_NP, XP_NP_RELATIVE, 1,                                                           \
	 "a relative pronoun after a comma (', die', ', qui') is a mention, of the cluster of the one before the comma"}

#define XP_RULE_SUBJECT_VERB                                                                                \
	{"subject_verb", XP_RK_NP, XP_NP_SUBJECT_VERB, 1,                                                   \
	 "a subject pronoun no link reaches takes the word of its verb, the subject left out (é for \"it 's\")"}

#define XP_RULE_POSS_ARTICLE                                                                                \
	{"poss_article", XP_RK_NP, XP_NP_POSS_ARTICLE, 1,                                                   \
	 "a possessive's span (sua for \"his\") takes the article just before it (a sua, do seu)"}

/* the packs with a confidence model (project/calibration.json) */
#define XP_RULE_DOUBT                                                                                       \
	{"doubt", XP_RK_NP, XP_NP_DOUBT, 1,                                                                 \
	 "a noun phrase (not a pronoun or name) whose confidence is below 0.4 is left unprojected"}

/* A closed-class table (lang.h closed_class): a word and its classes. */
typedef struct {
	const char *w;
	unsigned cls;
} xp_cc_word;
/* the classes of w[0..len) in t[0..n), 0 if it is not there */
unsigned xp_cc_find(const xp_cc_word *t, size_t n, const char *w, size_t len);
#define XP_CC_FIND(t, w, len) xp_cc_find(t, sizeof t / sizeof *t, w, len)

/* token i of sentence u is c */
int xp_tok_is(const struct xp_utt *u, uint32_t i, const char *c);

#endif
