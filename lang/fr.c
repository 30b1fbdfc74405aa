/* lang/fr.c — the French pack: codes, script and the noun phrase's words
 * (what XP_NP_DET joins; the rules' code is in
 * lang/np.c, their measurements in docs/quality.md, "Quality on
 * ParCorFull").  French marks articles and gender: none of the traits
 * hold. */
#include "packs.h"

static const char *const aliases[] = {"fra", "fre", NULL};

/* ParCorFull's French annotation begins a noun phrase with its article,
 * also the one fused with de / à (du, des, au, aux: 122 mentions begin
 * with one, 10 follow one), the elided l', a possessive or a
 * demonstrative; the aligner links them to "of", "to" or nothing (des for
 * a bare plural) */
static const char *const determiners[] = {
	"le", "la", "les", "l'", "un", "une", "des", "du", "au", "aux", "ce", "cet", "cette", "ces",
	"mon", "ma", "mes", "ton", "ta", "tes", "son", "sa", "ses", "notre", "nos", "votre", "vos",
	"leur", "leurs", "chaque", "quelques", "plusieurs", "aucun", "aucune", NULL};
/* The annotation never begins a noun phrase with the preposition de either
 * (2 mentions begin with de, 194 follow it), but the shed rule that drops
 * it lost 0.07 CoNLL F1 on each half of the talks (docs/quality.md): French
 * has none. */

static const xp_lang_rule rules[] = {
	XP_RULE_STRAY, XP_RULE_CONSIST, XP_RULE_NAMES, XP_RULE_DET, XP_RULE_EDGE_PUNCT, XP_RULE_PUNCT_NEXT,
};

const xp_lang_pack xp_lang_fr = {
	.code = "fr",
	.name = "French",
	.aliases = aliases,
	.script = "Latin",
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.determiners = determiners,
};
