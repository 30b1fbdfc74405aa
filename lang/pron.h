/*
 * lang/pron.h — language rules on projected spans: what the human
 * corrections of MMC's Chinese and Farsi projections do again and again,
 * written as rules (each with an off switch in xp_proj_opts.rules).
 *
 *   XP_LR_ARTICLES    English articles carry no mention in Chinese,
 *                     Japanese, Korean or Farsi (only there does it apply): their links (the → 这, a → 一个, or noise) are
 *                     ignored when another token of the mention is aligned
 *                     (for Farsi only "the": its یه is part of the phrase).
 *                     Off by default: it also drops a demonstrative the
 *                     translator chose for "the" (那辆车 for "the car"),
 *                     which annotators sometimes keep; mmc-tune gains a
 *                     little from it (bench/quality.sh), but not enough to
 *                     change what every user gets.
 *   XP_LR_ZH_PRONOUN  Chinese: a span projected from an English personal or
 *                     possessive pronoun that holds the matching Chinese
 *                     pronoun (I/my → 我, you/your → 你/您/你们, she → 她 ...)
 *                     is cut down to it: "我想", "你的", "她是" as one
 *                     dictionary word or one link are the pronoun in the
 *                     corrected files, never the verb or 的 with it.
 *   XP_LR_FA_ATTACH   Farsi: pieces MMC's tokenisation splits off a word
 *                     belong to the span of that word: the plural ها/های
 *                     and the possessive pieces after it (ها + م/ت/ش/مون/
 *                     تون/شون), the verbal prefixes می/نمی before a verb,
 *                     a lone ZWNJ token between them; a span that ends on
 *                     a bare prefix takes the verb it belongs to.
 *   XP_LR_ZH_POSSESSIVE  Chinese: a span projected from an English possessive
 *                     (my, your, his, their, mine ...) that is the matching
 *                     pronoun followed by 的 takes the 的: the corrected
 *                     files mark "你的 | 小弟弟" for "your", two to one
 *                     against the bare pronoun (XP_LR_ZH_PRONOUN alone cut
 *                     你的 to 你).
 *   XP_LR_FREE_PRONOUN  Chinese and Farsi: an English personal pronoun that
 *                     no link reaches takes a matching pronoun of the target
 *                     sentence (I -> 我 / من, you -> 你 / تو, شما ...) that
 *                     no other mention of the utterance holds, the one
 *                     nearest its relative position: translators keep most
 *                     pronouns, the aligner misses some of them.  German,
 *                     French, Portuguese: from the pack's table
 *                     (xp_lang_pack.pronouns: es, das, darüber; c', l', qui;
 *                     isso, o), within two words of where the links put the
 *                     English neighbours (project.c pack_pronoun).
 *   XP_LR_FA_CLITIC   Farsi: an unaligned English object pronoun takes the
 *                     word of its verb or preposition when that word ends in
 *                     the matching clitic (ديدنت "seeing you", برام "for
 *                     me"); see prodrop.h.
 *   XP_LR_FA_VERB     Farsi pro-drop beyond the links (with pro-drop on): a
 *                     subject pronoun that no rule above placed takes the
 *                     agreeing verb of the sentence nearest its position
 *                     that no other mention holds, a word that reads as a
 *                     verb (a verb form, the word after one, a ب- form: not
 *                     تاکسی, which only ends like one); not for "it", mostly a
 *                     dummy subject that Farsi leaves out unmarked, nor for
 *                     "he" / "she": a 3sg verb is also the verb of every
 *                     noun subject, and the nearest one mostly another's.
 *   XP_LR_PRON_MOVE   Chinese, Farsi, German, French: an English pronoun whose
 *                     links reached no matching target pronoun (nor, in
 *                     Farsi, a word whose ending agrees with it) takes a
 *                     matching pronoun of the sentence that no mention
 *                     holds, the one nearest its relative position: "I" on
 *                     会 of 我会, "you" on the verb beside a free شما.
 *   XP_LR_PRON_DROP   Chinese: an English pronoun (personal, possessive,
 *                     it, this, that ...) whose links reached no Chinese
 *                     pronoun or demonstrative at all, and that no rule
 *                     moved, is left unprojected: Chinese drops subjects
 *                     and objects freely, the links then land on a verb or
 *                     a particle, and the corrected files delete nearly all
 *                     such spans (fate "filtered", the report keeps the span
 *                     it dropped).
 *   XP_LR_FA_LIGHT_VERB  Farsi: an English subject pronoun whose links reached
 *                     the noun of a compound verb (فکر of فکر کردم "I thought",
 *                     گمون کنم "I guess") or another word that does not agree
 *                     with it takes the agreeing verb right after it: the
 *                     person ending is on the light verb, which the
 *                     corrected files mark.  Not for "it" (mostly a dummy
 *                     subject, as for XP_LR_FA_VERB): the word after it
 *                     agreed by its ending alone (سرد of هوا سرد بود).
 *   XP_LR_FA_POSSESSIVE  Farsi: an unaligned English possessive (my, your ...)
 *                     takes the word a following word of its phrase is
 *                     aligned to when that word (or the plural piece after
 *                     it) ends in the matching clitic: مامانت "your mom",
 *                     دستم "my hand", marked so in the corrected files; and
 *                     one its links put on a word that holds neither its
 *                     free pronoun nor its clitic (or only a verb's ending:
 *                     دارم) takes the last word of its English phrase's span
 *                     when that word carries the clitic (ممه هاشو "her
 *                     boobies", کلید هام "my keys": the possessor is a clitic
 *                     at the end of the Farsi noun phrase).
 *   XP_LR_FA_VERB_MOVE  Farsi: a subject pronoun (not "it") whose links
 *                     reached a word that neither is a matching pronoun nor
 *                     agrees with it, and that neither a free pronoun nor a
 *                     light verb right after took, takes the agreeing verb
 *                     of the sentence nearest its position that no mention
 *                     holds, as XP_LR_FA_VERB does for one no link reached:
 *                     "I" linked to که or از, the person ending on زدم.
 *   XP_LR_FA_CASE     Farsi: an English subject pronoun ("you" and "it" by
 *                     the words around them, xp_en_case) is not held by a
 *                     word only because it ends in the object clitic: "you"
 *                     linked to درست of درست میگی "you're right" is
 *                     misplaced (the rules above then move it to the verb),
 *                     no unaligned subject takes an object clitic; the
 *                     clitic of an experiencer (یادت میاد "you remember")
 *                     still holds it.
 *   XP_LR_FA_HOMOGRAPH  Farsi: the free pronoun rules (XP_LR_FREE_PRONOUN,
 *                     XP_LR_PRON_MOVE) never take تو or اون, which are also
 *                     the preposition "in" and the demonstrative "that".
 *   XP_LR_FA_VERB_FINAL  Farsi: a subject pronoun (not "it") whose links
 *                     reached one word that agrees with it by its ending
 *                     alone (a noun or adjective in -ی, -م, -د: خصوصی,
 *                     کافی, تغییراتی) but is no verb form (prodrop.h
 *                     xp_fa_verb_form) takes the first agreeing verb form
 *                     after it in its clause (before punctuation or که)
 *                     that no mention holds: Farsi is verb-final, and the
 *                     person ending is on the verb (هیچ احترامی نمیذاری,
 *                     "you have no respect"; تغییراتی ایجاد کنی).
 *   XP_LR_ZH_DEMONSTRATIVE  Chinese: where the free pronoun rules find no 它
 *                     for an English it / this / that / these / those, a
 *                     demonstrative 这 or 那 standing alone as the subject of
 *                     a copula (这是, 那不是, 这就是: the corrected files mark it,
 *                     那是意外 for "It was an accident") that no mention holds
 *                     takes it, the one nearest its relative position.
 *   XP_LR_ZH_INTERROGATIVE  Chinese: an English "what" or "who" is a mention
 *                     the correctors mark on its interrogative (什么, 干什么,
 *                     干嘛, 怎么, 谁: 你来干什么 for "What are you doing
 *                     here?"); the aligner leaves most of them unlinked.  An
 *                     unlinked one takes a free interrogative of its sentence
 *                     (the one nearest its relative position, not the 什么 of
 *                     为什么 "why"), and a span that holds one is cut to it
 *                     (什么东西 -> 什么), as XP_LR_ZH_PRONOUN does for pronouns;
 *                     one whose links reached no interrogative takes a free
 *                     one, as XP_LR_PRON_MOVE moves pronouns (到底 of
 *                     你到底在说什么 -> 什么 for "what the hell are you
 *                     talking about").
 *   XP_LR_FA_DEMONSTRATIVE  Farsi: an English it / this / that that no link
 *                     reached and no other rule placed takes a free
 *                     demonstrative with the object marker written on (اینو,
 *                     اونو: "you know it" -> اینو می دونی, colloquial این رو)
 *                     that no pronoun's mention holds, the one nearest its
 *                     relative position: the free pronoun rules know no
 *                     Farsi form for "it", and the corrected files mark it.
 */
#ifndef XP_LANG_H
#define XP_LANG_H

#include <stdint.h>

enum {
	XP_LR_ARTICLES = 1,
	XP_LR_ZH_PRONOUN = 2,
	XP_LR_FA_ATTACH = 4,
	XP_LR_ZH_POSSESSIVE = 8,
	XP_LR_FREE_PRONOUN = 16,
	XP_LR_FA_CLITIC = 32,
	XP_LR_FA_VERB = 64,
	XP_LR_PRON_MOVE = 128,
	XP_LR_PRON_DROP = 256,
	XP_LR_FA_LIGHT_VERB = 512,
	XP_LR_FA_POSSESSIVE = 1024,
	XP_LR_FA_VERB_MOVE = 2048,
	XP_LR_FA_CASE = 4096,
	XP_LR_FA_HOMOGRAPH = 8192,
	XP_LR_FA_VERB_FINAL = 16384,
	XP_LR_ZH_DEMONSTRATIVE = 32768,
	XP_LR_ZH_INTERROGATIVE = 65536,
	XP_LR_FA_DEMONSTRATIVE = 131072,
	/* the compiled-in rules' bits; a pack's own rule declares bit 0 and
	 * gets the next free one (lang.h xp_lang_rule.bit), counted by
	 * xp_lang_rule_bits(XP_RK_PRONOUN) */
	XP_LR_ALL = 262143,
	XP_LR_NRULES = 18,
};

/* The grammatical case of the English pronoun src[i] of the n words:
 * XP_CASE_SUBJECT, XP_CASE_OBJECT, or 0 when it is neither (my, this) or
 * cannot be told.  I/we/he/she/they and me/us/him/them say it by form;
 * "you" and "it" by their place (XP_LR_FA_CASE): after a preposition an
 * object, at the start of a clause, after an auxiliary (did you) or before
 * one (you 're, it 's) a subject, after any other word (tell you, love it)
 * an object. */
enum { XP_CASE_SUBJECT = 1, XP_CASE_OBJECT = 2 };
int xp_en_case(const char *const *src, uint32_t n, uint32_t i);

/* The pronoun rules the confidence's rule_pron feature counts (project/
 * feat.h; the models were fitted on it, a file format): the free pronoun
 * and moving rules and the clitic, verb and case rules of a language with
 * person endings; a pack's rule feature (XP_LF_RULE_SETTLED) keeps its
 * mentions out of it. */
#define XP_LR_RULE_PRON                                                                                     \
	(XP_LR_FREE_PRONOUN | XP_LR_PRON_MOVE | XP_LR_FA_CLITIC | XP_LR_FA_LIGHT_VERB | XP_LR_FA_POSSESSIVE | \
	 XP_LR_FA_VERB_MOVE | XP_LR_FA_CASE | XP_LR_FA_HOMOGRAPH | XP_LR_FA_VERB_FINAL)

/* The rule of bit 1 << k as the report and the summary name it. */
const char *xp_lr_name(unsigned k);
/* What the rule of bit 1 << k did, as `xproj project` counts it ("Chinese pronouns"). */
const char *xp_lr_phrase(unsigned k);

/* 1 if the English word is an article without a counterpart in the
 * target language: the, a, an (Farsi: the). */
int xp_en_article(const char *w, const char *lang);

/* Chinese: words[a..b) (characters or words) projected from English pronoun
 * `en`; 1 with [*a, *b) cut to the matching Chinese pronoun, else 0. */
int xp_zh_pronoun_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t *a,
		       uint32_t *b);

/* Chinese: [*a, *b) over the n words, projected from English possessive
 * `en`, is the matching pronoun and 的 follows: *b moved past it, 1. */
int xp_zh_possessive_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			  uint32_t *a, uint32_t *b);

/* Chinese (lang "zh...") or Farsi ("fa..."): the target pronoun for
 * English pronoun `en` among the n words not marked in taken[], nearest to
 * relative position pos (0..1); 1 with its words [*a, *b), else 0. */
int xp_free_pronoun(const char *en, const char *lang, const char *const *words, const uint32_t *lens,
		    uint32_t n, const uint8_t *taken, double pos, uint32_t *a, uint32_t *b);

/* Chinese (XP_LR_ZH_DEMONSTRATIVE): for English it / this / that / these /
 * those, the demonstrative 这 or 那 among the n words, not marked in taken[],
 * that is the subject of a copula (是, 不是, 就是 ... right after it),
 * nearest to relative position pos; 1 with its words [*a, *b), else 0. */
int xp_zh_free_demonstrative(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			     const uint8_t *taken, double pos, uint32_t *a, uint32_t *b);

/* Chinese (XP_LR_ZH_INTERROGATIVE): for English what / who, the
 * interrogative (什么, 干什么, 干嘛, 干吗, 怎么样, 怎么, 啥; 谁) among the n words,
 * not marked in taken[] and not inside 为什么 / 干什么, nearest to relative
 * position pos; 1 with its words [*a, *b), else 0. */
int xp_zh_free_interrogative(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			     const uint8_t *taken, double pos, uint32_t *a, uint32_t *b);
/* 1 if English en is what / who / whom (one of the words above) */
int xp_zh_interrogative_en(const char *en);
/* the span [*a, *b) of an English what / who that holds an interrogative
 * (as above) and more is cut to it (什么东西 -> 什么); 1 if it was */
int xp_zh_interrogative_span(const char *en, const char *const *words, const uint32_t *lens, uint32_t *a,
			     uint32_t *b);
/* Farsi (XP_LR_FA_DEMONSTRATIVE): for English it / this / that, the
 * demonstrative with the object marker written on (اینو, اونو; Arabic yeh
 * read as Persian) among the n words, not marked in taken[], nearest to
 * relative position pos; 1 with its word [*a, *a + 1), else 0. */
int xp_fa_free_demonstrative(const char *en, const char *const *words, const uint32_t *lens, uint32_t n,
			     const uint8_t *taken, double pos, uint32_t *a, uint32_t *b);

/* Farsi: 1 if words[j] of the n is a pronoun that may be another word
 * there: تو "you" and "in", اون "he, she, it" and "that" (Arabic yeh/kaf
 * read as Persian); 0 where it is the pronoun: before را/رو, the plural
 * ها or a verb (prodrop.h xp_fa_verb_form), after با, به, برای ... */
int xp_fa_homograph(const char *const *words, const uint32_t *lens, uint32_t n, uint32_t j);

/* Farsi (XP_LR_FA_VERB_FINAL): for a subject pronoun of that person
 * (prodrop.h) held by words[j] of the n, which agrees with it by its ending
 * alone (no verb form, not after one), the last verb form after it in its
 * clause (up to punctuation or که) that agrees and that held[] (NULL: none)
 * does not mark; UINT32_MAX if there is none or words[j] is no such word. */
uint32_t xp_fa_clause_verb(const char *const *words, const uint32_t *lens, uint32_t n, uint32_t j, int person,
			   const uint8_t *held);

/* Farsi: w[0..n) equals p once Arabic yeh/kaf are read as Persian ones. */
int xp_fa_equal(const char *w, uint32_t n, const char *p);

/* 1 if words[a..b) hold the target pronoun for English pronoun `en` (zh:
 * 我 for I/me/my ...; fa: من, منو ..., or for Farsi also a word whose ending
 * agrees with it: a verb for a subject, a clitic for an object or
 * possessive, prodrop.h); 0 if not, or if there is no table for `en`. */
int xp_pronoun_matches(const char *en, const char *lang, const char *const *words, const uint32_t *lens,
		       uint32_t a, uint32_t b);
/* The same for a pronoun of known case (xp_en_case; 0: any): in Farsi a
 * subject is held by a free pronoun or an agreeing verb only, an object by
 * a free pronoun or a clitic only ("you" on درست of درست میگی "you're
 * right" ends in -t like the clitic of ديدمت "I saw you", and is neither). */
int xp_pronoun_matches_case(const char *en, int en_case, const char *lang, const char *const *words,
			    const uint32_t *lens, uint32_t a, uint32_t b);

/* A pack's pronouns (lang.h xp_lang_pack.pronouns: German, French,
 * Portuguese): 1 if w[0..n) is one of the target words the pack of `lang`
 * lists for English pronoun en, capitals folded (ASCII and Latin-1: Ça, Es);
 * xp_free_pronoun and xp_pronoun_matches read the same lists. */
int xp_pack_pronoun(const char *en, const char *lang, const char *w, uint32_t n);
/* 1 if w[0..n) is a word of list (words separated by spaces, lower case),
 * capitals folded as above */
int xp_word_listed(const char *w, uint32_t n, const char *list);

/* Chinese: 1 if words[a..b) hold any personal pronoun or demonstrative (我
 * 你 您 他 她 它 咱 这 那 此 自己 大家 各位). */
int xp_zh_pronominal(const char *const *words, const uint32_t *lens, uint32_t a, uint32_t b);

/* Farsi (the confidence's fa_number): the written tokens w[a..b) hold a
 * plural: ها / های (written apart or on), or -ان, -ات, -ا after a stem of two
 * letters or more, before up to two clitics (کتاباشو); Arabic yeh / kaf read
 * as Persian. */
int xp_fa_plural_in(const char *const *w, const uint32_t *len, uint32_t a, uint32_t b);
/* Farsi: w[0..n) is a demonstrative that says "it" (این, اون, آن; with the
 * object marker اینو, اونو; emphatic همین, همون, همینو, همونو) */
int xp_fa_it_word(const char *w, uint32_t n);
/* Farsi: w[0..n) is the indefinite یه / یک */
int xp_fa_indef_word(const char *w, uint32_t n);
/* Farsi: w[0..n) opens a clause (که, و, ولی, اما, چون, اگه, اگر) */
int xp_fa_clause_word(const char *w, uint32_t n);
/* Chinese: w[0..n) is the particle 的 */
int xp_zh_de_word(const char *w, uint32_t n);

/* The English side of Farsi's fa_number (fa.c): the head of the noun phrase
 * src[s, e) is plural (the word before the first post-modifier, or the last
 * one before a possessive 's; an irregular plural or a regular -s that is no
 * -ss, -us, -is), and no numeral or quantifier says Farsi keeps it singular.
 * Its Farsi side is xp_fa_plural_in. */
int xp_en_plural_head(const char *const *src, uint32_t s, uint32_t e);

/* Farsi: [*a, *b) over the n tokens widened over attached pieces; 1 if it changed. */
int xp_fa_attach_span(const char *const *tok, const uint32_t *lens, uint32_t n, uint32_t *a, uint32_t *b);

#endif
