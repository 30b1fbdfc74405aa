# Farsi object demonstratives (project --no-fa-demonstrative): an English
# it / that no link reached takes a free اینو / اونو, the demonstrative with
# the object marker written on.  tests/fixtures/fademo: "You know it" -> و
# اینو می دونی with "it" unaligned; "I did n't say that" -> من اينو نگفتم
# (Arabic yeh) with "that" unaligned.
. tests/cli/lib
P=$FIX/fademo

proj all
expect_grep "$(line d 1 اینو '(2)')" $T/all.conll
expect_grep "$(line d 1 اينو '(2)')" $T/all.conll
expect_grep ', 2 Farsi object demonstratives taken' $T/err
expect_grep '"fa_demonstrative":2}' $T/all.json
expect_grep '"fa_demonstrative":true}' $T/all.json

proj off --no-fa-demonstrative
expect_grep "$(line d 1 اینو -)" $T/off.conll
expect_grep "$(line d 1 اينو -)" $T/off.conll
expect_grep ', 0 Farsi object demonstratives taken' $T/err
expect_grep '"fa_demonstrative":0}' $T/off.json
finish
