# The language rules of xproj project that create or move spans, each with
# its switch: Chinese possessives keep their 的, free pronouns, Farsi
# pro-drop (on by default).  tests/fixtures/langrules: "I love your dog"
# with "I" unaligned, "your" on 你; "I go" -> می‌روم with "I" unaligned;
# "You go" -> شما برید with "You" unaligned; "I saw you" -> من تو رو دیدم
# with "you" unaligned; "Kiss me" -> بوسم کن with "me" unaligned; "We go
# home" -> خونه میریم with "We" and "go" unaligned.
. tests/cli/lib
P=$FIX/langrules
proj() { # OUT options...
	out=$1; shift
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
		"$@" -o $T/$out.conll --report $T/$out.json
}
line() { printf '^%s\t0\t%s\t%s\tna\tna\tna\tna\tna\t-\tna\tna\tna\t%s$' "$@"; }

proj all
expect_grep "$(line z 0 我 '(1)')" $T/all.conll                 # free pronoun
expect_grep "$(line z 2 你 '(3|(2')" $T/all.conll               # your -> 你的
expect_grep "$(line z 3 的 '2)')" $T/all.conll
expect_grep "$(line f 0 می‌روم '(1)')" $T/all.conll             # pro-drop
expect_grep "$(line f 1 برید '(2)')" $T/all.conll              # pro-drop before a free pronoun
expect_grep "$(line f 1 تو '(2)')" $T/all.conll                 # free pronoun, Farsi
expect_grep ', 1 Chinese possessives;' $T/err
expect_grep '; 2 free pronouns,' $T/err
expect_grep "$(line f 0 بوسم '(1)')" $T/all.conll               # object clitic
expect_grep "$(line f 1 میریم '(3)')" $T/all.conll              # the nearest agreeing verb
expect_grep '"prodrop_recovered":3,' $T/all.json
expect_grep '1 Farsi object clitics, 1 nearest Farsi verbs taken' $T/err
expect_grep '"language_rules":{"articles":0,"zh_pronoun":0,"fa_attach":0,"zh_possessive":1,"free_pronoun":2,"fa_clitic":1,"fa_verb":1}' $T/all.json
expect_grep '"rules":{"articles":false,"zh_pronoun":false,"fa_attach":false,"zh_possessive":false,"free_pronoun":true,"fa_clitic":false,"fa_verb":false}' $T/all.json

proj nofree --no-free-pronouns
expect_grep "$(line z 0 我 -)" $T/nofree.conll
expect_grep "$(line f 1 تو -)" $T/nofree.conll
expect_grep '; 0 free pronouns,' $T/err

proj noposs --no-zh-possessive
expect_grep "$(line z 2 你 '(3|(2)')" $T/noposs.conll
expect_grep '"zh_possessive":false' $T/noposs.json

proj nodrop --no-prodrop
expect_grep "$(line f 0 می‌روم -)" $T/nodrop.conll
expect_grep '"prodrop_recovered":0,' $T/nodrop.json
expect_grep "$(line f 0 شما '(2)')" $T/nodrop.conll              # the free pronoun then
expect_grep '"prodrop":false' $T/nodrop.json
expect_grep "$(line f 1 میریم -)" $T/nodrop.conll                 # nearest verb: part of pro-drop

proj noclitic --no-fa-clitics
expect_grep "$(line f 0 بوسم -)" $T/noclitic.conll
proj noverb --no-fa-nearest-verb
expect_grep "$(line f 1 میریم -)" $T/noverb.conll
expect_grep '"fa_verb":false' $T/noverb.json
finish
