# `db undo` takes back the newest action, and --batch NAME one batch
# (eleventh adversarial round).  Before: a delete or relink of a
# target-only mention alone (the workbench's d and r: a batch with no
# correction) after a `db modify` was passed over, and the modify undone
# ("undone: correction 1"); a name two live batches had (a corrections file
# edited and imported again) undid both, said as one ("undone: batch
# c.json").
. tests/cli/lib
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p
D=$T/u.db
cp $T/p/corrections.db $D
printf '{"s01e01c00x": {"delete": ["s01e01c00x|0"]}}\n' > $T/c.json
expect_status 0 $XPROJ db import-corrections $D $T/c.json
printf '{"s01e01c00x": {"delete": ["s01e01c00x|1"]}}\n' > $T/c.json
expect_status 0 $XPROJ db import-corrections $D $T/c.json
expect_status 1 $XPROJ db undo $D --batch $T/c.json
expect_grep "2 live batches answer to '$T/c.json' (batches 1, 2): nothing was undone" $T/err
expect_eq "$(sqlite3 $D 'SELECT group_concat(undone) FROM batches')" "0,0" "both batches live"
expect_status 0 $XPROJ db undo $D --batch 2
expect_status 0 $XPROJ db undo $D --batch $T/c.json
expect_grep "undone: batch $T/c.json" $T/out
expect_eq "$(sqlite3 $D 'SELECT group_concat(undone) FROM batches')" "1,1" "one, then the other"

# the newest action is the workbench's delete of a target-only mention
F=$FIX/tonly
A="--source $F/en.conll --aligned $F/aligned.jsonl"
expect_status 0 $XPROJ project $A --alignments $F/pairs.pharaoh -o $T/t.conll --report $T/t.json
W=$T/t.db
expect_status 0 $XPROJ db import $W $A --report $T/t.json
expect_status 0 $XPROJ db modify $W --mention 't|0' --span 0:3:4
if command -v curl >/dev/null; then
	serve_start $W
	serve_edit 1 't|0' '"annotator":"a","action":"delete","tadd":1'
	kill -TERM $pid
	wait $pid
	expect_status 0 $XPROJ db undo $W
	expect_grep 'undone: batch 1' $T/out
	expect_status 0 $XPROJ db export $W -o $T/e.conll
	expect_grep "$(line t 6 qui '(0)')" $T/e.conll
	expect_grep "$(line t 3 "l'" '(0)')" $T/e.conll
	expect_status 0 $XPROJ db undo $W
	expect_grep 'undone: correction 1' $T/out
	expect_status 0 $XPROJ db export $W -o $T/e2.conll
	expect_eq "$(cmp $T/t.conll $T/e2.conll && echo same)" same "both undone: project's CoNLL"
fi
finish
