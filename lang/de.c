/* lang/de.c — the German pack: codes, script and the noun phrase's words
 * (what XP_NP_DET joins, what XP_NP_SHED drops; the rules' code is in
 * lang/np.c, their measurements in docs/quality.md, "Quality on
 * ParCorFull").  German marks articles, gender and case: none of the traits
 * hold. */
#include "packs.h"
#include "../model/mtype.h"

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

/* The German pronouns an English pronoun may stand for (pron.h
 * xp_pack_pronoun): personal, possessive, demonstrative and relative; the
 * article-like der / die / das are ParCorFull's commonest German pronouns
 * (relative: "die Leute, die ..."; demonstrative: "das ist"), and a
 * preposition with "it" is one word, the pronominal adverb (darüber "about
 * it", davon "of it": 58 of the gold's mentions) */
static const char *const pronouns[][2] = {
	{"i", "ich"},
	{"me", "mich mir"},
	{"my mine", "mein meine meinen meinem meiner meines"},
	{"myself", "mich mir"},
	{"we", "wir"},
	{"us ourselves", "uns"},
	{"our ours", "unser unsere unseren unserem unserer unseres"},
	{"you", "du dich dir sie ihr ihnen euch man"},
	{"your yours", "dein deine deinen deinem deiner deines euer eure euren eurem eurer ihr ihre ihren ihrem ihrer ihres"},
	{"yourself yourselves", "dich dir euch sich"},
	{"he", "er der"},
	{"him", "ihn ihm"},
	{"his", "sein seine seinen seinem seiner seines dessen"},
	{"himself itself themselves herself", "sich"},
	{"she", "sie die"},
	{"her", "sie ihr ihre ihren ihrem ihrer ihres"},
	{"hers", "ihr ihre ihren ihrem ihrer ihres"},
	{"it", "es er sie ihn ihm das dies damit davon dafür darin darauf dabei darüber daran daraus dazu dadurch dagegen danach darunter davor"},
	{"its", "sein seine seinen seinem seiner seines ihr ihre ihren ihrem ihrer ihres dessen deren"},
	{"they", "sie die"},
	{"them", "sie ihnen"},
	{"their theirs", "ihr ihre ihren ihrem ihrer ihres deren"},
	{"this", "das dies dieses diese dieser damit davon dafür darin darauf dabei darüber daran daraus dazu dadurch dagegen danach darunter davor"},
	{"that", "das dies was die der den dem denen damit davon dafür darin darauf dabei darüber daran daraus dazu dadurch dagegen danach darunter davor"},
	{"these those", "diese die"},
	{"which", "die der das was welche welcher welches den dem denen"},
	{"who whom", "der die wer den dem denen welche"},
	{NULL, NULL},
};

/* the pronouns ParCorFull's German marks wherever they stand: es (401 of
 * its 413, dummy subjects too), er, ihn, dies, the possessive seine */
static const char marked[] = "es er ihn ihm dies seine seinem seiner seinen seines";

/* its relative pronouns: after a comma, 182 of the gold's 238 ", die" are
 * mentions (the article of ", die Leute" is told by the noun's capital) */
static const char relatives[] = "der die das den dem denen dessen deren welche welcher welches";

/* and those that are nothing else, taken without the comma too */
static const char relatives_any[] = "denen dessen deren";

/* its words of mention and sentence types (model/mtype.h, `score --by`):
 * the pronoun class is the rows above.  No gender lists: sie is "she" but
 * also "they" and the formal "you", and mostly those in talks (of
 * ParCorFull's German gold's 545, 337 are written Sie, and after sie the
 * plural's verbs, sind, werden, haben, outnumber the singular's), so a
 * "feminine" partition of sie would be no feminine and the Bias of
 * `score --by gender` no gender bias: --by gender is refused for German
 * rather than printing one.  A command opens with its verb (Stellen Sie
 * sich vor, Schauen Sie): the commonest, after the words that open any
 * sentence (und, also, nun): 23 of the 1,800 sentences of ParCorFull's
 * German gold open so, each a command (Denken Sie darüber nach; Nehmen wir
 * das). */
static const char *const mt_skip[] = {"und", "aber", "also", "nun", "so", "ja", "nein", "ok", "okay", "bitte", NULL};
static const char *const mt_imp[] = {
	"stellen", "stellt", "stell", "schauen", "schaut", "schau", "sehen", "seht", "sieh", "denken", "denkt",
	"denk", "lassen", "lasst", "lass", "nehmen", "nehmt", "nimm", "geben", "gebt", "gib", "hören", "hört",
	"hör", "warten", "wartet", "warte", "sagen", "sagt", "sag", "versuchen", "versucht", "versuch",
	"vergessen", "vergesst", "vergiss", "erinnern", "erinnert", "betrachten", "betrachtet", NULL};
static const xp_mtype_words mtype_words = {
	.flags = XP_MW_NOCASE,
	.rows = pronouns,
	.skip = mt_skip,
	.imperative = mt_imp,
};

/* not stray and consist: ParCorFull's talk audit (docs/quality.md "The talk
 * audit"; stray +0.08, interval -0.03 .. +0.22; consist moves no talk) */
static const xp_lang_rule rules[] = {
	XP_RULE_FREE_PRONOUN, XP_RULE_PRONOUN_MOVE, XP_RULE_DET, XP_RULE_SHED, XP_RULE_EDGE_PUNCT, XP_RULE_PUNCT_NEXT, XP_RULE_MARKED, XP_RULE_RELATIVE, XP_RULE_EF1, XP_RULE_PHRASES,
};

const xp_lang_pack xp_lang_de = {
	.code = "de",
	.name = "German",
	.aliases = aliases,
	.script = "Latin",
	.traits = XP_LT_NOUN_CAPITALS,
	.rules = rules,
	.nrules = sizeof rules / sizeof *rules,
	.determiners = determiners,
	.pronouns = pronouns,
	.marked = marked,
	.relatives = relatives,
	.relatives_any = relatives_any,
	.pron_articles = "der die das den dem des",
	.np_shed = shed,
	.mtype = &mtype_words,
	/* the aligner's stems for English and German, both sides cut to their
	 * first four letters (align/norm.h XP_NORM_STEM): ParCorFull's talks
	 * are a few hundred pairs each, too few to count each inflected form
	 * (Auswirkung, Auswirkungen), and stemming both sides together gained
	 * where either alone did not (docs/quality.md, "German with both
	 * sides stemmed") */
	.stem = "prefix:4", .src_stem = "prefix:4",
};
