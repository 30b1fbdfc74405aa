# xproj db: no edit may make two mentions of one entity cross in a sentence
# (a-c and b-d, a < b <= c < d), which CoNLL and CorefUD brackets cannot
# hold (correct/cross.c): a corrected file, a single edit, an MMC batch and
# a merge of two stores that would are refused with the file (and line) and
# nothing written; a store that holds such a pair (made before the guard;
# here by hand) exports it to jsonlines only, export and db check naming
# the mention keys.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
D=$T/c.db
expect_status 0 $XPROJ db init $D
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
# the view: d|0 我 (0-0, entity 1), d|1 那辆红色的大车 (3-7) and d|2 那 (entity 2)
S='"sentences":[["我","看见","了","那辆","红色","的","大","车","。"],["那","是","我的","。"]]'
# a corrected file that puts d|0 over 2-4 in d|1's entity: refused at its line
printf '{"doc_key":"d_0",%s,"clusters":[[[3,7],[9,9],[2,4]],[[11,11]]]}\n' "$S" > $T/x.jsonlines
before=$(sum $D)
expect_status 1 $XPROJ db import-corrections $D $T/x.jsonlines
expect_grep "x.jsonlines:1: d|0 '了 那辆 红色' and d|1 '那辆 红色 的 大 车' are one entity and their tokens would overlap without one holding the other" $T/err
expect_grep 'nothing was written' $T/err
expect_eq "$(sum $D)" "$before" "a refused batch leaves the store as it was"
# d|0 relinked into entity 2 where it is (b.db): allowed; d|0 over 2-4 in
# its own entity (a.db), edited after b's (the later edit of a mention is
# the one the merged view shows: a's made first lost to b's as a conflict
# whenever a second passed between the two, and nothing crossed)
cp $D $T/a.db
cp $D $T/b.db
printf '{"doc_key":"d_0",%s,"clusters":[[[3,7],[9,9],[0,0]],[[11,11]]]}\n' "$S" > $T/y.jsonlines
expect_status 0 $XPROJ db import-corrections $T/b.db $T/y.jsonlines
expect_status 0 $XPROJ db modify $T/a.db --mention 'd|0' --span 0:2:5
# then, in b, the same modification is refused, by db modify and in a batch
expect_status 1 $XPROJ db modify $T/b.db --mention 'd|0' --span 0:2:5
expect_grep "d|0 and '那辆 红色 的 大 车' (d|1) are one entity and their tokens would overlap" $T/err
printf '{"d": {"modify": {"d|0": [0, 2, 5]}}}\n' > $T/m.json
before=$(sum $T/b.db)
expect_status 1 $XPROJ db import-corrections $T/b.db $T/m.json
expect_grep "m.json: d|0 '了 那辆 红色' and d|1 '那辆 红色 的 大 车' are one entity and their tokens would overlap without one holding the other" $T/err
expect_eq "$(sum $T/b.db)" "$before" "a refused MMC batch leaves the store as it was"
# merging b (the entity), then a (the span, applied after): each is
# fine, together they cross
expect_status 1 $XPROJ db merge $T/ab.db $T/b.db $T/a.db
expect_grep "a.db: merging it: d|0 '了 那辆 红色' and d|1 '那辆 红色 的 大 车' are one entity and their tokens would overlap without one holding the other" $T/err
[ -e $T/ab.db ] && { echo "FAIL: a refused merge wrote its output"; fails=$((fails + 1)); }
# a store holding such a pair (by hand, as one made before the guard could)
sqlite3 $T/b.db "UPDATE corrections SET new_start = 2, new_end = 5 WHERE mention_key = 'd|0'"
expect_status 1 $XPROJ db export $T/b.db -o $T/out.conll
expect_grep "^crossing: d|0 '了 那辆 红色' and d|1 '那辆 红色 的 大 车' (same entity, sentence 0, tokens 2-4 and 3-7)$" $T/err
expect_grep '1 pair(s) of mentions of one entity cross in a sentence (listed above by mention key).*fix them in the workbench' $T/err
[ -e $T/out.conll ] && { echo "FAIL: export wrote brackets it cannot"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db export $T/b.db -o $T/out.jsonlines
expect_status 1 $XPROJ db check $T/b.db
expect_grep "^crossing: d|0 '了 那辆 红色' and d|1" $T/out
expect_grep '1 pair(s) of mentions of one entity cross (listed above)' $T/out
# an edit elsewhere in that document is not stopped by the pair it holds
expect_status 0 $XPROJ db modify $T/b.db --mention 'd|2' --span 1:0:2
finish
