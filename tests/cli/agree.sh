# xproj agree: three annotation files (the hand-worked case of
# tests/unit/test_agree.c), and the annotators of a correction store, whose
# versions must agree exactly as the same versions exported to files do.
. tests/cli/lib
A=$FIX/agree

expect_status 0 $XPROJ agree $A/one.conll $A/two.conll $A/three.conll
expect_grep '^3 annotators, 1 documents, 5 mentions: 4 marked by all, 0 by one only' $T/out
expect_grep '^IAA1  alpha  0.4639   Passonneau' $T/out     # 45/97
expect_grep '^IAA2  alpha  0.2407   MASI' $T/out           # 103/428
expect_grep '^.*one.conll  *.*two.conll  *1  *88.89%' $T/out
cp $A/one.conll $T/copy.conll   # (one file named twice is refused, adv15)
expect_status 0 $XPROJ agree --json $A/one.conll $T/copy.conll
expect_grep '"iaa1":{"alpha":1.0,"observed":0.0,' $T/out
expect_grep '"pairs":\[{"a":".*one.conll","b":".*copy.conll","documents":1,"mention_f1":1.0,"conll_f1":1.0}\]}$' $T/out
expect_status 2 $XPROJ agree $A/one.conll
expect_status 1 $XPROJ agree $A/one.conll $FIX/score/key.conll $FIX/conll/unclosed.conll
expect_grep 'unclosed.conll:3' $T/err
# the same document with other tokens cannot be compared
sed 's/Rachel/Monica/' $A/two.conll > $T/other.conll
expect_status 1 $XPROJ agree $A/one.conll $T/other.conll
expect_grep 'other.conll:2: sentence 1 of document ep1 part 0 differs' $T/err

# a store: ana and bob correct the same run; carol's edit is undone
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
store() {   # store DB: a store with the run imported
	$XPROJ db init $1 >/dev/null && $XPROJ db import $1 --source $P/en.conll --aligned $P/aligned.jsonl \
		--report $T/r.json >/dev/null
}
ana() { $XPROJ db modify $1 --mention 'd|1' --span 0:3:5 --annotator ana >/dev/null; }
bob() { $XPROJ db delete $1 --mention 'd|0' --annotator bob >/dev/null &&
	$XPROJ db add $1 --mention 'd|3' --span 1:2:3 --annotator bob >/dev/null; }
store $T/s.db && ana $T/s.db && bob $T/s.db
$XPROJ db modify $T/s.db --mention 'd|2' --span 1:0:2 --annotator carol >/dev/null && $XPROJ db undo $T/s.db >/dev/null
store $T/a.db && ana $T/a.db && $XPROJ db export $T/a.db -o $T/ana.conll >/dev/null
store $T/b.db && bob $T/b.db && $XPROJ db export $T/b.db -o $T/bob.conll >/dev/null
# same_as_files STORE A B WHAT: agree --db STORE gives what agree gives on files A and B
# (but for the names); $T/store.json keeps the store's
same_as_files() {
	expect_status 0 $XPROJ agree --json --db $1
	sed 's/"annotators":\[[^]]*\]//; s/"a":"[^"]*","b":"[^"]*"//' $T/out > $T/store.json
	expect_status 0 $XPROJ agree --json $2 $3
	sed 's/"annotators":\[[^]]*\]//; s/"a":"[^"]*","b":"[^"]*"//' $T/out > $T/files.json
	expect_eq "$(cat $T/store.json)" "$(cat $T/files.json)" "$4"
}
same_as_files $T/s.db $T/ana.conll $T/bob.conll "agree --db = agree on the annotators' exports"
expect_status 0 $XPROJ agree --json --db $T/s.db
expect_grep '^{"annotators":\["ana","bob"\],"documents":1,' $T/out
expect_status 0 $XPROJ agree --db $T/s.db --annotator ana --annotator bob
expect_grep '^ana  *bob  *1 ' $T/out
expect_status 1 $XPROJ agree --db $T/s.db --annotator ana --annotator carol
expect_grep "annotator 'carol' made no live correction or review in run 1" $T/err
expect_status 1 $XPROJ agree --db $T/a.db
expect_grep 'run 1 has 1 annotator(s) with live corrections: agreement needs two' $T/err
expect_status 1 $XPROJ agree --db $T/nope.db

# relinks and splits count: a corrected file of ana's puts 我 (d|0) in the
# car's entity, one of bob's splits 那 (d|2) off into an entity of its own.
# Before, each one's version took every mention's English entity and the
# two read as full agreement (CoNLL F1 1.0, alpha 1.0)
$XPROJ db init $T/r.db >/dev/null && $XPROJ db import $T/r.db --source $P/en.conll --aligned $P/aligned.jsonl \
	--report $T/r.json >/dev/null && $XPROJ db export $T/r.db -o $T/base.conll >/dev/null
awk 'NR == 2 { sub(/\(1\)$/, "(2)") } 1' $T/base.conll > $T/relinked.conll
sed "$(printf '/\t那\t/s/(2)$/(3)/')" $T/base.conll > $T/split.conll
expect_grep '我.*(2)$' $T/relinked.conll
expect_grep '那.*(3)$' $T/split.conll
$XPROJ db import-corrections $T/r.db $T/relinked.conll --annotator ana >/dev/null
$XPROJ db import-corrections $T/r.db $T/split.conll --annotator bob >/dev/null
store $T/ra.db && $XPROJ db import-corrections $T/ra.db $T/relinked.conll --annotator ana >/dev/null
store $T/rb.db && $XPROJ db import-corrections $T/rb.db $T/split.conll --annotator bob >/dev/null
$XPROJ db export $T/ra.db -o $T/ra.conll >/dev/null && $XPROJ db export $T/rb.db -o $T/rb.conll >/dev/null
same_as_files $T/r.db $T/ra.conll $T/rb.conll "agree --db = agree on the exports, relinks and splits too"
expect_grep '"documents":1,"mention_f1":1.0,"conll_f1":0.25}\]}$' $T/store.json
finish
