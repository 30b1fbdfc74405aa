# The language rules of xproj project that create or move spans, each with
# its switch: Chinese possessives keep their 的, free pronouns, Farsi
# pro-drop (on by default).  tests/fixtures/langrules: "I love your dog"
# with "I" unaligned, "your" on 你; "I go" -> می‌روم with "I" unaligned;
# "You go" -> شما برید with "You" unaligned; "I saw you" -> من تو رو دیدم
# with "you" unaligned; "Kiss me" -> بوسم کن with "me" unaligned; "We go
# home" -> خونه میریم with "We" and "go" unaligned; "I will go" -> 我会走 with
# "I" on 会; "It is late" -> 很晚了 with "It" on 晚; "It was an accident" ->
# 那是意外 with "It" unaligned; "I think so" -> فکر کنم
# with "I" on فکر; "I like it" -> من خوشم میاد with "I" on میاد; "I love your
# mom" -> من مامانت رو دوست دارم with "your" unaligned, "mom" on مامانت; "You
# remember" -> یادت میاد with "You" unaligned, "remember" on یادت; "Except I
# broke up" -> غیر از اینکه بهم زدم with "I" on از; "You must go" -> باید بری
# with "You" unaligned; "You know" -> ميدوني (Arabic yeh) with "You" unaligned;
# "You 're right" -> درست میگی with "You" on درست ("right", ending in -t like
# the clitic of "you"); "See you" -> میبینمت with "you" on it; "You did it" ->
# تو کارو کردی with "You" unaligned (تو may be "in"); "You have no respect"
# -> هیچ احترامی نمیذاری with "You" on احترامی (a noun ending like a 2sg verb);
# "It 's cold" -> هوا سرد بود with "It" on هوا.
. tests/cli/lib
P=$FIX/langrules

proj all
expect_grep "$(line z 0 我 '(1)')" $T/all.conll                 # free pronoun
expect_grep "$(line z 2 你 '(3|(2')" $T/all.conll               # your -> 你的
expect_grep "$(line z 3 的 '2)')" $T/all.conll
expect_grep "$(line f 0 می‌روم '(1)')" $T/all.conll             # pro-drop
expect_grep "$(line f 1 برید '(2)')" $T/all.conll              # pro-drop before a free pronoun
expect_grep "$(line f 1 تو '(2)')" $T/all.conll                 # free pronoun, Farsi
expect_grep ', 1 Chinese possessives,' $T/err
expect_grep ', 3 free pronouns,' $T/err
expect_grep ', 1 Chinese demonstratives taken' $T/err
expect_grep "$(line f 0 بوسم '(1)')" $T/all.conll               # object clitic
expect_grep "$(line f 1 میریم '(3)')" $T/all.conll              # the nearest agreeing verb
expect_grep '"prodrop_recovered":6,' $T/all.json
# agreement: باید "must" ends like a 2pl verb but never is one, the Arabic
# yeh of ميدوني is the Persian one; "I" on از takes the agreeing verb زدم
# (not بهم "to me", a preposition with its clitic)
expect_grep "$(line f 1 بری '(2)')" $T/all.conll
expect_grep "$(line f 0 باید -)" $T/all.conll
expect_grep "$(line f 0 ميدوني '(2)')" $T/all.conll
expect_grep "$(line f 4 زدم '(1)')" $T/all.conll
expect_grep "$(line f 3 بهم -)" $T/all.conll
expect_grep ', 1 subject pronouns moved to a Farsi verb' $T/err
expect_grep '1 Farsi object clitics, 2 nearest Farsi verbs taken' $T/err
expect_grep '"language_rules":{"articles":0,"zh_pronoun":0,"fa_attach":0,"zh_possessive":1,"free_pronoun":3,"fa_clitic":1,"fa_verb":2,"pronoun_move":2,"pronoun_drop":1,"fa_light_verb":2,"fa_possessive":1,"fa_verb_move":1,"fa_case":1,"fa_homograph":1,"fa_verb_final":1,"zh_demonstrative":1,"zh_interrogative":0,"fa_demonstrative":0}' $T/all.json
expect_grep '"rules":{"free_pronoun":true}' $T/all.json   # a mention's: the rules that fired (report version 3)
# pronouns the links placed wrongly: "I" on 会 of 我会 takes 我, "I" on میاد
# (3sg) takes من; "It" on 晚 of 很晚了 (no pronoun) is dropped, its span kept
# in the report; "I" on فکر of فکر کنم takes the light verb کنم
expect_grep "$(line z 0 我 '(1)')" $T/all.conll
expect_grep "$(line z 1 会 -)" $T/all.conll
expect_grep "$(line z 1 晚 -)" $T/all.conll
expect_grep '"dropped":\[2,1,2\],"fate":"filtered"' $T/all.json
expect_grep "$(line f 0 من '(1)')" $T/all.conll
expect_grep "$(line f 1 کنم '(1)')" $T/all.conll
expect_grep ', 2 pronouns moved to a free one, 1 Chinese pronouns dropped, 2 Farsi light verbs taken, 1 Farsi possessive clitics' $T/err
expect_grep "$(line f 0 یادت -)" $T/all.conll                   # subject clitics: no rule takes them
expect_grep "$(line f 1 مامانت '(2)')" $T/all.conll             # your -> مامانت

proj nofree --no-free-pronouns
expect_grep "$(line z 0 我 -)" $T/nofree.conll
expect_grep "$(line f 1 تو -)" $T/nofree.conll
expect_grep ', 0 free pronouns,' $T/err

# "It was an accident" -> 那是意外 with "It" unaligned: no 它 in the
# sentence, the demonstrative subject of the copula takes it
expect_grep "$(line z 0 那 '(6)')" $T/all.conll
proj nodem --no-zh-demonstrative
expect_grep "$(line z 0 那 -)" $T/nodem.conll
expect_grep '"zh_demonstrative":false' $T/nodem.json

proj noposs --no-zh-possessive
expect_grep "$(line z 2 你 '(3|(2)')" $T/noposs.conll
expect_grep '"zh_possessive":false' $T/noposs.json

proj nodrop --no-prodrop
expect_grep "$(line f 0 می‌روم -)" $T/nodrop.conll
expect_grep '"prodrop_recovered":0,' $T/nodrop.json
expect_grep "$(line f 0 شما '(2)')" $T/nodrop.conll              # the free pronoun then
expect_grep '"prodrop":false' $T/nodrop.json
expect_grep "$(line f 1 میریم -)" $T/nodrop.conll                 # nearest verb: part of pro-drop

proj nomove --no-pronoun-move --no-fa-verb-move   # then 会 holds no pronoun: dropped
expect_grep '"dropped":\[1,1,2\],"fate":"filtered"' $T/nomove.json
proj nomove2 --no-pronoun-move --no-pronoun-drop
expect_grep "$(line z 1 会 '(1)')" $T/nomove2.conll
expect_grep "$(line f 2 میاد '(1)')" $T/nomove.conll
expect_grep '"pronoun_move":false' $T/nomove.json
proj nodropped --no-pronoun-drop
expect_grep "$(line z 1 晚 '(4)')" $T/nodropped.conll
expect_grep '"pronoun_drop":false' $T/nodropped.json
proj nolight --no-fa-light-verb --no-fa-verb-move
expect_grep "$(line f 0 فکر '(1)')" $T/nolight.conll
expect_grep "$(line f 1 کنم -)" $T/nolight.conll
expect_grep '"fa_light_verb":false' $T/nolight.json
proj nolight2 --no-fa-light-verb   # the nearest agreeing verb all the same
expect_grep "$(line f 1 کنم '(1)')" $T/nolight2.conll

proj noposs2 --no-fa-possessive
expect_grep "$(line f 1 مامانت -)" $T/noposs2.conll
expect_grep '"fa_possessive":false' $T/noposs2.json

proj nomoveverb --no-fa-verb-move
expect_grep "$(line f 1 از '(1)')" $T/nomoveverb.conll
expect_grep "$(line f 4 زدم -)" $T/nomoveverb.conll
expect_grep '"fa_verb_move":false' $T/nomoveverb.json

# the case of "you": a subject on درست "right" (ending in -t, like the
# clitic of دیدمت "I saw you") takes the light verb میگی; an object keeps
# the word with its clitic (میبینمت "I see you")
expect_grep "$(line f 1 میگی '(2)')" $T/all.conll
expect_grep "$(line f 0 درست -)" $T/all.conll
expect_grep "$(line f 0 میبینمت '(2)')" $T/all.conll
expect_grep ', 1 pronouns placed by their English case' $T/err
proj nocase --no-fa-case
expect_grep "$(line f 0 درست '(2)')" $T/nocase.conll
expect_grep "$(line f 1 میگی -)" $T/nocase.conll
expect_grep "$(line f 0 میبینمت '(2)')" $T/nocase.conll
expect_grep '"fa_case":false' $T/nocase.json

# homographs: "You" takes the verb کردی, not تو (also "in": not before the
# object marker itself, here the noun کارو with it written on); تو before
# the object marker رو is the pronoun all the same (من تو رو دیدم, above)
expect_grep "$(line f 2 کردی '(5)')" $T/all.conll
expect_grep "$(line f 0 تو -)" $T/all.conll
expect_grep ', 1 Farsi homographs left' $T/err
proj nohom --no-fa-homograph
expect_grep "$(line f 0 تو '(5)')" $T/nohom.conll
expect_grep "$(line f 2 کردی -)" $T/nohom.conll
expect_grep '"fa_homograph":false' $T/nohom.json

# the clause's verb: "You" on the noun احترامی (its -ی reads as the 2sg
# ending) takes the verb that ends the clause, نمیذاری
expect_grep "$(line f 2 نمیذاری '(6)')" $T/all.conll
expect_grep "$(line f 1 احترامی -)" $T/all.conll
expect_grep ', 1 subject pronouns moved to their clause.s verb' $T/err
# "it" takes no light verb: سرد after هوا agrees with it by its ending alone
expect_grep "$(line f 0 هوا '(7)')" $T/all.conll
expect_grep "$(line f 1 سرد -)" $T/all.conll
proj novf --no-fa-verb-final
expect_grep "$(line f 1 احترامی '(6)')" $T/novf.conll
expect_grep "$(line f 2 نمیذاری -)" $T/novf.conll
expect_grep '"fa_verb_final":false' $T/novf.json

proj noclitic --no-fa-clitics
expect_grep "$(line f 0 بوسم -)" $T/noclitic.conll
proj noverb --no-fa-nearest-verb
expect_grep "$(line f 1 میریم -)" $T/noverb.conll
expect_grep '"fa_verb":false' $T/noverb.json

# XP_LR_ZH_INTERROGATIVE (lang/pron.h): an English "what" / "who" is the
# corrected files' 什么, 干什么, 怎么, 谁 ...  tests/fixtures/interrogative:
# "What are you doing ?" -> 你在干什么？ with "What" unaligned (takes 干什么
# whole, not its 什么); "What do we got ?" -> 我们有什么东西？ with "What" on
# 什么东西 (cut to 什么); "What ?" -> 为什么？ with "What" unaligned (the 什么
# of 为什么 is "why": left null); "What are you talking about ?" ->
# 你到底在说什么？ with "What" on 到底 ("the hell"): moved to 什么.
P=$FIX/interrogative
proj iq
expect_grep "$(line z 2 干什么 '(1)')" $T/iq.conll
expect_grep "$(line z 0 你 '(2)')" $T/iq.conll
expect_grep "$(line z 2 什么 '(3)')" $T/iq.conll
expect_grep "$(line z 3 东西 -)" $T/iq.conll
expect_grep "$(line z 1 什么 -)" $T/iq.conll
expect_grep "$(line z 4 什么 '(6)')" $T/iq.conll
expect_grep "$(line z 1 到底 -)" $T/iq.conll
expect_grep ', 3 Chinese interrogatives taken' $T/err
expect_grep '"zh_interrogative":3,"fa_demonstrative":0}' $T/iq.json

proj iqoff --no-zh-interrogative
expect_grep "$(line z 2 干什么 -)" $T/iqoff.conll
expect_grep "$(line z 2 什么 '(3')" $T/iqoff.conll
expect_grep "$(line z 3 东西 '3)')" $T/iqoff.conll
expect_grep "$(line z 1 到底 '(6)')" $T/iqoff.conll
expect_grep ', 0 Chinese interrogatives taken' $T/err
expect_grep '"zh_interrogative":false' $T/iqoff.json
finish
