# xproj score: JSON layout, one metric, per document, documents matched by (id, part), errors.
. tests/cli/lib
S=$FIX/score

expect_status 0 $XPROJ score --json $S/key.conll $S/response.conll
expect_grep '^{"mentions":{"recall":\[4,5\],"precision":\[4,4\],"f1":0.888888888888889},"muc":{"recall":\[2,3\],"precision":\[2,2\],"f1":0.8},' $T/out
expect_grep '"ceafe":{"recall":\[0.666666666666667,2\],"precision":\[0.666666666666667,2\]' $T/out
expect_grep '"blanc":{"recall":\[0.333333333333333,1\],"precision":\[1,1\],"f1":0.5,' $T/out
expect_grep '"lea":{"recall":\[1.33333333333333,5\],"precision":\[4,4\],"f1":0.421052631578947},"conll":0.568253968253968}$' $T/out
# "part 0" in the response is the key's "part 000"; ep2 is missing, ep9 extra
expect_grep '1 key document(s) are not in the response' $T/err
expect_grep '1 document(s) of .*response.conll are not in the key' $T/err

expect_status 0 $XPROJ score --metric muc $S/key.conll $S/response.conll
expect_grep '^muc  *66.67% (2/3)  *100.00% (2/2)  *80.00%$' $T/out
expect_eq "$(grep -c '^bcub' $T/out)" 0 "--metric muc shows only muc (and mentions)"

expect_status 0 $XPROJ score --per-doc --json --metric lea $S/key.conll $S/response.conll
expect_grep '"documents":\[{"mentions":.*"doc":"ep1","part":0},{.*"doc":"ep2","part":0}\]' $T/out

# the key against itself is perfect, through jsonlines too
$XPROJ convert $S/key.conll $T/key.jsonlines
expect_status 0 $XPROJ score --json $S/key.conll $T/key.jsonlines
expect_grep '"conll":1.0}$' $T/out

# malformed input names file:line; --repair scores anyway
expect_status 1 $XPROJ score $FIX/conll/unclosed.conll $S/response.conll
expect_grep 'unclosed.conll:3: bracket (1' $T/err
expect_status 0 $XPROJ score --repair $FIX/conll/unclosed.conll $FIX/conll/unclosed.conll
expect_status 2 $XPROJ score --metric nope $S/key.conll $S/key.conll

# --chars: words against characters (MMC's corrected vs silver Chinese);
# the key's 洗手间 is not the response's 洗手, everything else matches
expect_status 0 $XPROJ score --chars --json $S/words.zh.conll $S/chars.zh.conll
expect_grep '^{"mentions":{"recall":\[6,7\],"precision":\[6,7\],' $T/out
expect_grep '"chars":{"sentences":2,"key_unpaired":0,"response_unpaired":0,"dropped":\[0,0\],"merged":\[0,0\]}}$' $T/out
expect_grep 'on characters: 2 sentence(s) paired by their text' $T/err
expect_status 0 $XPROJ score --chars $S/words.zh.conll $S/words.zh.conll
expect_grep '^conll .*100.00%$' $T/out
# without --chars the tokens do not line up at all
expect_status 0 $XPROJ score --json --metric mentions $S/words.zh.conll $S/chars.zh.conll
expect_grep '^{"mentions":{"recall":\[1,7\]' $T/out
# a changed sentence is an error naming both places, or scored with --score-mismatched
sed 's/ 誓 / 言 /' $S/chars.zh.conll > $T/changed.conll
expect_status 1 $XPROJ score --chars $S/words.zh.conll $T/changed.conll
expect_grep 'words.zh.conll:14: sentence 2 of document s01e01c01 part 1 differs from sentence 2 of .*changed.conll (line 17): "你 发誓 洗手间 ?" vs "你 发 言 洗 手 间 ?"' $T/err
expect_grep 'score-mismatched scores such sentences as misses' $T/err
expect_status 0 $XPROJ score --chars --score-mismatched --json --metric mentions $S/words.zh.conll $T/changed.conll
expect_grep '^{"mentions":{"recall":\[5,7\],"precision":\[5,7\]' $T/out
expect_grep 'unpaired, scored as misses and false alarms: 1 of the key, 1 of the response' $T/err
expect_status 2 $XPROJ score --score-mismatched $S/words.zh.conll $T/changed.conll
# a span in two clusters (issue 32, D9: LEA precision 200%, F1 133.33%, no
# word): scored as the reference scorer with LEA does, said on stderr
expect_status 0 $XPROJ score --json $S/two-clusters.key.conll $S/two-clusters.response.conll
expect_grep '"lea":{"recall":\[4,4\],"precision":\[2,2\]' $T/out
expect_grep '1 document(s) have a span in two clusters' $T/err
# Sentences that differ in text (here "sister" and "brother"): plain score warns
# and says how to score otherwise, --strict refuses, --matching-only scores the
# sentences that match and counts the others
K=$FIX/score/key.conll
sed 's/sister/brother/' $K > $T/other.conll
expect_status 0 $XPROJ score --metric mentions $K $T/other.conll
expect_grep "^xproj score: warning: 1 of the 3 sentences of $K differ in text from $T/other.conll's (the first: document ep1 part 0, sentence 1); their mentions (2 in the key, 2 in the response) are matched by token position all the same$" $T/err
expect_grep '^mentions .*100.00%$' $T/out
expect_status 1 $XPROJ score --strict $K $T/other.conll
expect_grep '^xproj score: --strict: not scored' $T/err
expect_eq "$(cat $T/out)" "" "--strict prints no scores"
expect_status 0 $XPROJ score --matching-only --json --metric mentions $K $T/other.conll
expect_grep '^{"mentions":{"recall":\[3,3\],"precision":\[3,3\],"f1":1.0}' $T/out
expect_grep '"sentences":{"compared":3,"differ":1,"response_extra":0,"key_mentions_there":2,"response_mentions_there":2,"matching_only":true}' $T/out
expect_grep '^xproj score: --matching-only: scored 2 of 3 sentences; left out 1 whose text differs (2 key mentions, 2 response mentions there)' $T/err
# the same text: no warning, --strict scores
expect_status 0 $XPROJ score --strict $K $K
expect_eq "$(cat $T/err)" "" "no warning when the sentences match"
# another tokenisation of the same text (--chars's case) is a warning without --chars
expect_status 0 $XPROJ score --metric mentions $S/words.zh.conll $S/chars.zh.conll
expect_grep 'warning: 2 of the 2 sentences of .*words.zh.conll differ in text' $T/err
expect_grep '\-\-chars the same text tokenised differently' $T/err
expect_status 2 $XPROJ score --chars --strict $S/words.zh.conll $S/chars.zh.conll
expect_status 2 $XPROJ score --strict --matching-only $K $K
finish
