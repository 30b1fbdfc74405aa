# A document in two parts (CoNLL-2012's "#begin document (d); part 001", as
# OntoNotes writes them) has two mentions of each key DOC|ID, by which the
# store names a mention everywhere (db delete --mention, the queue, the
# workbench, TASA): a correction of part 1's mention went to part 0's, exit
# 0.  db import and pipeline refuse such a corpus, naming it, before a store
# is created (an existing one byte for byte as it was); project, and
# pipeline --no-db, project it as before.  Odd document names (a space, '|',
# ')', non-ASCII) go through import and export unchanged.
. tests/cli/lib
P=$FIX/project
{ cat $P/en.conll; sed '1s/part 000/part 001/' $P/en.conll; } > $T/en.conll
sed 's/"part":0/"part":1/' $P/aligned.jsonl | cat $P/aligned.jsonl - > $T/aligned.jsonl
cat $P/pairs.pharaoh $P/pairs.pharaoh > $T/pairs.pharaoh
expect_status 0 $XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json
msg="en.conll: document d is in two parts (0 and 1): the store names a mention DOC|ID"
for whole in 0 1; do
	XPROJ_IMPORT_WHOLE=$whole expect_status 1 $XPROJ db import $T/new.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
	expect_grep "$msg" $T/err
	[ -e $T/new.db ] && { echo "FAIL: a refused import created a store"; fails=$((fails + 1)); }
done
# into an existing store: as it was
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/one.conll --report $T/one.json
expect_status 0 $XPROJ db import $T/old.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/one.json
was=$(sum $T/old.db)
expect_status 1 $XPROJ db import $T/old.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
expect_grep "$msg" $T/err
expect_eq "$(sum $T/old.db)" "$was" "the existing store after a refused import"
# pipeline: refused before any work, no directory left; --no-db projects
sed 's/s01e01c01x/s01e01c00x/g' tools/sample/dialogue.conll > $T/two.conll
expect_status 1 $XPROJ pipeline --config tools/sample/zh.conf --source $T/two.conll -o $T/p --quiet
expect_grep "two.conll: document s01e01c00x is in two parts (0 and 1)" $T/err
[ -e $T/p ] && { echo "FAIL: a refused pipeline left $T/p"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --source $T/two.conll -o $T/p --quiet --no-db
[ -e $T/p/corrections.db ] && { echo "FAIL: --no-db made a store"; fails=$((fails + 1)); }

# odd names: a space, '|', ')', non-ASCII; export == project, and a key with
# '|' in its document's name is taken at its last '|'
for n in 'a b' 'a|b' 'x)y' 'ünï 中'; do
	e=$(printf '%s' "$n" | sed 's/[|&/\]/\\&/g')
	sed "s/^d\t/$e\t/; s/(d)/($e)/" $P/en.conll > $T/o.conll
	sed "s/\"doc\":\"d\"/\"doc\":\"$e\"/" $P/aligned.jsonl > $T/o.jsonl
	rm -f $T/o.db
	expect_status 0 $XPROJ project --source $T/o.conll --aligned $T/o.jsonl --alignments $P/pairs.pharaoh -o $T/o.out.conll --report $T/o.json
	expect_status 0 $XPROJ db import $T/o.db --source $T/o.conll --aligned $T/o.jsonl --report $T/o.json
	expect_status 0 $XPROJ db export $T/o.db -o $T/o.x.conll
	expect_eq "$(sum < $T/o.x.conll)" "$(sum < $T/o.out.conll)" "[$n]: db export equals project's output"
	expect_status 0 $XPROJ db delete $T/o.db --mention "$n|1" --annotator t
	expect_status 0 $XPROJ db export $T/o.db -o $T/o.y.conll
	expect_eq "$(grep -c '(2' $T/o.y.conll)" "$(($(grep -c '(2' $T/o.x.conll) - 1))" "[$n]: mention $n|1 deleted"
done
finish
