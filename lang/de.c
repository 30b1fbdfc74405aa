/* lang/de.c — the German pack: codes, script and the noun phrase's words
 * (what XP_NP_DET joins, what XP_NP_SHED drops; the rules' code is in
 * lang/np.c, their measurements in docs/quality.md, "Quality on
 * ParCorFull").  German marks articles, gender and case: none of the traits
 * hold. */
#include "packs.h"

static const char *const aliases[] = {"deu", "ger", NULL};

/* ParCorFull's German annotation begins a noun phrase with its article,
 * possessive or demonstrative (der, eine, diese, seine: 660 of its
 * 1,100 multi-word mentions) */
static const char *const determiners[] = {
	"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
	"kein", "keine", "keinen", "keinem", "keiner", "keines", "dieser", "diese", "dieses", "diesen",
	"diesem", "jener", "jene", "jenes", "jenen", "jenem", "jeder", "jede", "jedes", "jeden", "jedem",
	"mein", "meine", "meinen", "meinem", "meiner", "meines", "dein", "deine", "deinen", "deinem",
	"deiner", "deines", "sein", "seine", "seinen", "seinem", "seiner", "seines", "ihre", "ihren",
	"ihrem", "ihrer", "ihres", "unser", "unsere", "unseren", "unserem", "unserer", "unseres", "euer",
	"eure", "euren", "eurem", "eurer", "eures", NULL};
/* and never with a preposition fused with the article: im Titel is marked
 * Titel (0 of its mentions begin with im, zum, am, vom, zur; 16 follow one) */
static const char *const shed[] = {"im", "ins", "am", "ans", "zum", "zur", "vom", "beim", "aufs", "ums", NULL};

static const xp_lang_rule rules[] = {
	XP_RULE_STRAY, XP_RULE_CONSIST, XP_RULE_NAMES, XP_RULE_DET, XP_RULE_SHED, XP_RULE_EDGE_PUNCT, XP_RULE_PUNCT_NEXT,
};

const xp_lang_pack xp_lang_de = {
	.code = "de",
	.name = "German",
	.aliases = aliases,
	.script = "Latin",
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.determiners = determiners,
	.np_shed = shed,
};
