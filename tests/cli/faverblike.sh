# Farsi pro-drop's nearest verb (--no-fa-nearest-verb) is a verb: a word
# that agrees with the subject by its person ending alone (a noun or
# adjective in -ی or -م) is not taken.  tests/fixtures/faverblike: "You
# called a taxi ?" -> تاکسی ؟ خبر کردی ؟ with nothing linked ("you" on کردی,
# not on the nearer تاکسی); "I have to tell you , my head hurts ." -> سرم درد
# میکنه ، باید بهت بگم . with "I" unlinked ("I" on the subjunctive بگم, not on
# سرم "my head"); and the verb-move rule (--no-fa-verb-move) likewise: "You
# look great !" -> عالی ! شدی ماشین (a made-up order) with "You" on ماشین,
# which agrees with nothing, takes شدی, not the nearer عالی.
. tests/cli/lib
P=$FIX/faverblike

proj all
expect_grep "$(line d 3 کردی '(1)')" $T/all.conll
expect_grep "$(line d 0 تاکسی -)" $T/all.conll
expect_grep "$(line d 6 بگم '(2)')" $T/all.conll
expect_grep "$(line d 0 سرم -)" $T/all.conll
expect_grep ', 2 nearest Farsi verbs taken' $T/err
expect_grep "$(line d 2 شدی '(3)')" $T/all.conll
expect_grep "$(line d 0 عالی -)" $T/all.conll
expect_grep ', 1 subject pronouns moved to a Farsi verb' $T/err

proj nonear --no-fa-nearest-verb
expect_grep "$(line d 3 کردی -)" $T/nonear.conll
expect_grep "$(line d 6 بگم -)" $T/nonear.conll

proj nomove --no-fa-verb-move
expect_grep "$(line d 3 ماشین '(3)')" $T/nomove.conll
finish
