/* lang/pt.c — the Portuguese pack: codes, script and the noun phrase's
 * words (what XP_NP_DET joins, what XP_NP_SHED drops; the rules' code is in
 * lang/np.c, their measurements in docs/quality.md, "Quality on
 * ParCorFull").  Portuguese marks articles and gender: none of the traits
 * hold (subjects it leaves out are not annotated as mentions). */
#include "packs.h"
#include "../model/mtype.h"

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

/* The Portuguese pronouns an English pronoun may stand for (pron.h
 * xp_pack_pronoun): subject, clitic object, possessive, demonstrative and
 * relative (a subject it leaves out is not annotated: nothing to find) */
static const char *const pronouns[][2] = {
	{"i", "eu"},
	{"me myself", "me mim"},
	{"my mine", "meu minha meus minhas"},
	{"we", "nós"},
	{"us ourselves", "nos nós"},
	{"our ours", "nosso nossa nossos nossas"},
	{"you", "você vocês tu te ti"},
	{"your yours", "seu sua seus suas teu tua teus tuas"},
	{"he", "ele"},
	{"him", "o ele lhe"},
	{"his", "seu sua seus suas dele"},
	{"himself herself itself themselves", "se si"},
	{"she", "ela"},
	{"her", "a ela lhe sua seu dela"},
	{"it", "ele ela o a isso isto"},
	{"its", "seu sua seus suas"},
	{"they", "eles elas"},
	{"them", "eles elas os as lhes"},
	{"their theirs", "seu sua seus suas deles delas"},
	{"this", "isto isso este esta esse essa"},
	{"that", "que isso aquilo quem"},
	{"these those", "estes estas esses essas aqueles aquelas"},
	{"which", "que qual quais"},
	{"who whom", "quem"},
	{NULL, NULL},
};

/* the pronouns ParCorFull's Portuguese marks wherever they stand (isto
 * 103 of 110, ele 49 of 52; not isso, que) */
static const char marked[] = "isto ele eles ela elas alguém nisso disso dele dela deles delas lhe lhes algo";

/* its relative pronouns: after a comma, 37 of the gold's 58 ", que" are
 * mentions */
static const char relatives[] = "que quem";

/* its words of mention and sentence types (model/mtype.h, `score --by`):
 * the pronoun class is the rows above.  Gender: ele eles dele deles and
 * ela elas dela delas; o / a, which are articles too, are left out.  A
 * command opens with its verb (Imaginem, Vejam), after the words that open
 * any sentence (e, então, mas); not vamos, mostly "we go". */
static const char *const mt_masc[] = {"ele", "eles", "dele", "deles", NULL};
static const char *const mt_fem[] = {"ela", "elas", "dela", "delas", NULL};
static const char *const mt_skip[] = {"e", "mas", "então", "bem", "ora", "agora", "sim", "não", "ok", NULL};
static const char *const mt_imp[] = {
	"imaginem", "imagine", "imaginemos", "olhem", "olhe", "vejam", "veja", "vejamos", "pensem", "pense",
	"pensemos", "deixem", "deixe", "venham", "venha", "digam", "diga", "façam", "faça", "tentem", "tente",
	"esperem", "espere", "lembrem", "lembre", "reparem", "repare", "considerem", "considere", NULL};
static const xp_mtype_words mtype_words = {
	.flags = XP_MW_NOCASE,
	.rows = pronouns,
	.masc = mt_masc,
	.fem = mt_fem,
	.skip = mt_skip,
	.imperative = mt_imp,
};

/* not stray, consist, edge_punct and punct_next: ParCorFull's talk audit
 * (docs/quality.md "The talk audit"; stray +0.05, interval -0.14 .. +0.27;
 * consist moves no talk; edge_punct +0.05, -0.00 .. +0.10, a talk down;
 * punct_next +0.07, -0.06 .. +0.20, a talk down) */
static const xp_lang_rule rules[] = {
	XP_RULE_FREE_PRONOUN, XP_RULE_DET, XP_RULE_SHED, XP_RULE_MARKED, XP_RULE_RELATIVE, XP_RULE_SUBJECT_VERB, XP_RULE_POSS_ARTICLE, XP_RULE_EF1, XP_RULE_PHRASES,
};

const xp_lang_pack xp_lang_pt = {
	.code = "pt",
	.name = "Portuguese",
	.aliases = aliases,
	.script = "Latin",
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.determiners = determiners,
	.pronouns = pronouns,
	.marked = marked,
	.relatives = relatives,
	.pron_articles = "o a os as",
	.np_shed = shed,
	.mtype = &mtype_words,
};
