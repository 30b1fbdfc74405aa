# Farsi possessives the links misplaced (fa_possessive, --no-fa-possessive)
# and words a subtitle says twice (np rule fa_repeat, --no-np fa_repeat).
# tests/fixtures/fapossrep: "I came" -> من من اومدم with "I" on both من;
# "Honey !" -> عزیزم عزیزم ! with "Honey" on both; "I saw her boobies" ->
# من ممه هاشو دیدم with "her" on the noun ممه, the clitic on the plural piece
# هاشو; "I have my keys" -> کلید هام رو دارم with "my" on the verb دارم
# (it ends like the clitic -م), the clitic on هام.
. tests/cli/lib
P=$FIX/fapossrep

proj all
expect_grep "$(line d 0 من '(1)')" $T/all.conll                 # the first of من من
expect_grep "$(line d 1 من -)" $T/all.conll
expect_grep "$(line d 0 عزیزم '(2)')" $T/all.conll              # a name too
expect_grep "$(line d 1 عزیزم -)" $T/all.conll
expect_grep ', 2 fa_repeat' $T/err
expect_grep '"fa_repeat":2[,}]' $T/all.json            # the counter, whatever rule follows it
expect_grep "$(line d 2 هاشو '(3)|4)')" $T/all.conll            # her -> هاشو of ممه هاشو
expect_grep "$(line d 1 ممه '(4')" $T/all.conll
expect_grep "$(line d 1 هام '(1)|5)')" $T/all.conll             # my -> هام of کلید هام
expect_grep ', 2 Farsi possessive clitics,' $T/err

proj norep --no-np fa_repeat
expect_grep "$(line d 0 من '(1')" $T/norep.conll
expect_grep "$(line d 1 عزیزم '2)')" $T/norep.conll
expect_grep '"fa_repeat":false' $T/norep.json

proj noposs --no-fa-possessive
expect_grep "$(line d 1 ممه '(4|(3)')" $T/noposs.conll
expect_grep "$(line d 1 هام '5)')" $T/noposs.conll
expect_grep ', 0 Farsi possessive clitics,' $T/err
finish
