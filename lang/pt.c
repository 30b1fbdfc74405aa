/* lang/pt.c — the Portuguese pack: codes, script and the noun phrase's
 * words (what XP_NP_DET joins, what XP_NP_SHED drops; the rules' code is in
 * lang/np.c, their measurements in docs/quality.md, "Quality on
 * ParCorFull").  Portuguese marks articles and gender: none of the traits
 * hold (subjects it leaves out are not annotated as mentions). */
#include "packs.h"

static const char *const aliases[] = {"por", NULL};

/* ParCorFull's Portuguese annotation begins a noun phrase with its article,
 * also the one fused with a preposition (do, da, no, na, pelo, ao: 240
 * mentions begin with one, 15 follow one), a possessive or a
 * demonstrative */
static const char *const determiners[] = {
	"o", "a", "os", "as", "um", "uma", "uns", "umas", "do", "da", "dos", "das", "no", "na", "nos",
	"nas", "pelo", "pela", "pelos", "pelas", "ao", "aos", "à", "às", "num", "numa", "nuns", "numas",
	"dum", "duma", "este", "esta", "estes", "estas", "esse", "essa", "esses", "essas", "aquele",
	"aquela", "aqueles", "aquelas", "deste", "desta", "destes", "destas", "desse", "dessa", "desses",
	"dessas", "neste", "nesta", "nesse", "nessa", "meu", "minha", "meus", "minhas", "seu", "sua",
	"seus", "suas", "nosso", "nossa", "nossos", "nossas", NULL};
/* and never with the preposition de */
static const char *const shed[] = {"de", NULL};

static const xp_lang_rule rules[] = {
	XP_RULE_STRAY, XP_RULE_CONSIST, XP_RULE_NAMES, XP_RULE_DET, XP_RULE_SHED, XP_RULE_EDGE_PUNCT, XP_RULE_PUNCT_NEXT,
};

const xp_lang_pack xp_lang_pt = {
	.code = "pt",
	.name = "Portuguese",
	.aliases = aliases,
	.script = "Latin",
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.determiners = determiners,
	.np_shed = shed,
};
