# Farsi pro-drop and the third person singular: the nearest agreeing verb
# (--no-fa-nearest-verb) is taken for I / you / we, not for he / she / it
# (a 3sg verb is also every noun subject's and a dropped "it"'s), and an
# "it" takes no verb its next words are linked to (mostly a dummy subject).
# tests/fixtures/fathird: "He did it" -> کارو کرد and "I did it" -> کارو
# کردم with the subject and "did" unaligned; "It was late" and "She was
# late" -> دیر بود with the subject unaligned and "was" on بود.
. tests/cli/lib
P=$FIX/fathird

proj all
expect_grep "$(line d 1 کرد -)" $T/all.conll                    # not for "he"
expect_grep "$(line d 1 کردم '(2)')" $T/all.conll               # "I": the nearest verb
expect_grep "$(line d 1 بود '(4)')" $T/all.conll                # "She": the linked verb
expect_grep "$(line d 1 بود -)" $T/all.conll                    # "It": none
expect_grep ', 1 nearest Farsi verbs taken' $T/err
expect_grep '"prodrop_recovered":2,' $T/all.json

proj nodrop --no-prodrop --allow-empty   # none of the 4 mentions projects without pro-drop recovery
expect_grep "$(line d 1 کردم -)" $T/nodrop.conll
expect_grep '"prodrop_recovered":0,' $T/nodrop.json
finish
