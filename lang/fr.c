/* lang/fr.c — the French pack: codes, script and the noun phrase's words
 * (what XP_NP_DET joins; the rules' code is in
 * lang/np.c, their measurements in docs/quality.md, "Quality on
 * ParCorFull").  French marks articles and gender: none of the traits
 * hold. */
#include "packs.h"
#include "../model/mtype.h"

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

/* The French pronouns an English pronoun may stand for (pron.h
 * xp_pack_pronoun): subject, clitic object, disjunctive, possessive,
 * demonstrative and relative, the elided forms as the tokeniser writes
 * them (c', l', qu') */
static const char *const pronouns[][2] = {
	{"i", "je j' moi"},
	{"me myself", "me m' moi"},
	{"my mine", "mon ma mes"},
	{"we", "nous on"},
	{"us ourselves", "nous"},
	{"our ours", "notre nos"},
	{"you", "tu vous te t' toi on"},
	{"your yours", "ton ta tes votre vos"},
	{"yourself yourselves", "te t' toi vous"},
	{"he", "il"},
	{"him", "le l' lui"},
	{"his", "son sa ses"},
	{"himself herself itself themselves", "se s' soi"},
	{"she", "elle"},
	{"her", "la l' lui elle son sa ses"},
	{"hers", "sien sienne"},
	{"it", "il elle c' ce ça cela le la l' lui en y"},
	{"its", "son sa ses"},
	{"they", "ils elles ce c'"},
	{"them", "les eux leur elles l' en"},
	{"their theirs", "leur leurs"},
	{"this", "ce c' ça cela ceci celui celle"},
	{"that", "qui que qu' ce c' ça cela dont celui celle"},
	{"these those", "ceux celles"},
	{"which", "qui que qu' lequel laquelle lesquels lesquelles dont quoi"},
	{"who whom", "qui que qu'"},
	{NULL, NULL},
};

/* the pronouns ParCorFull's French marks wherever they stand (ils 151 of
 * 153, cela 52 of 58, leur 47 of 51; not il, ce, ça: impersonal) */
static const char marked[] = "ils elle elles cela lui eux leur leurs ses quelqu'un";

/* its relative pronouns (not que: mostly the conjunction) */
static const char relatives[] = "qui dont lequel laquelle lesquels lesquelles";

/* and those that are nothing else, taken without the comma too ("les gens
 * qui"): 76 of the 136 bare qui the projection left are mentions */
static const char relatives_any[] = "qui dont";

/* its words of mention and sentence types (model/mtype.h, `score --by`):
 * the pronoun class is the rows above.  Gender: the subject and stressed
 * pronouns of one gender, il ils lui eux and elle elles (il is also the
 * impersonal subject, lui also her as an indirect object); le / la, which
 * are articles too, are left out.  A command opens with its verb, the
 * first person plural's too (Imaginez, Regardons), after the words that
 * open any sentence (et, alors, donc). */
static const char *const mt_masc[] = {"il", "ils", "lui", "eux", NULL};
static const char *const mt_fem[] = {"elle", "elles", NULL};
static const char *const mt_skip[] = {"et", "mais", "alors", "donc", "eh", "bien", "bon", "oui", "non", "ok", NULL};
static const char *const mt_imp[] = {
	"imaginez", "imagine", "imaginons", "regardez", "regarde", "regardons", "pensez", "pense", "pensons",
	"écoutez", "écoute", "laissez", "laisse", "allez", "va", "allons", "venez", "viens", "dites", "dis",
	"disons", "faites", "fais", "faisons", "prenez", "prends", "prenons", "essayez", "essaie", "essayons",
	"attendez", "attends", "voyez", "vois", "voyons", "sachez", "notez", "considérez", "souvenez-vous",
	"rappelez-vous", NULL};
static const xp_mtype_words mtype_words = {
	.flags = XP_MW_NOCASE,
	.rows = pronouns,
	.masc = mt_masc,
	.fem = mt_fem,
	.skip = mt_skip,
	.imperative = mt_imp,
};

/* not stray, consist and punct_next: ParCorFull's talk audit (docs/quality.md
 * "The talk audit"; stray +0.06, interval -0.13 .. +0.30, half 1 -0.14;
 * consist and punct_next move no talk) */
static const xp_lang_rule rules[] = {
	XP_RULE_FREE_PRONOUN, XP_RULE_PRONOUN_MOVE, XP_RULE_DET, XP_RULE_EDGE_PUNCT, XP_RULE_MARKED, XP_RULE_RELATIVE, XP_RULE_EF1, XP_RULE_PHRASES,
};

const xp_lang_pack xp_lang_fr = {
	.code = "fr",
	.name = "French",
	.aliases = aliases,
	.script = "Latin",
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.determiners = determiners,
	.pronouns = pronouns,
	.marked = marked,
	.relatives = relatives,
	.relatives_any = relatives_any,
	.pron_articles = "le la les l'",
	.mtype = &mtype_words,
};
