# A document in two parts (CoNLL-2012's "#begin document (d); part 001", as
# OntoNotes writes them) goes through the store: its first part's mentions
# are DOC|ID as always, the other part's DOC|PART:ID (xp_mention_key).  A
# correction of part 1's mention lands on part 1 (export shows it there,
# part 0 byte for byte as projected), a rerun carries it there, a merge
# keeps it, the pipeline imports such a corpus.  Before schema 11 import
# refused the corpus, and the key d|1:2 named d|1 of part 0 (the number
# after the last '|'): every check below failed on that code.  Odd
# document names (a space, '|', ')', non-ASCII) go through import and
# export unchanged.
. tests/cli/lib
P=$FIX/project
{ cat $P/en.conll; sed '1s/part 000/part 001/' $P/en.conll; } > $T/en.conll
sed 's/"part":0/"part":1/' $P/aligned.jsonl | cat $P/aligned.jsonl - > $T/aligned.jsonl
cat $P/pairs.pharaoh $P/pairs.pharaoh > $T/pairs.pharaoh
expect_status 0 $XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json
# part 0 and part 1 of the projection, each as the lines of its document
part() { sed -n "/part 00$2\$/,/^#end document/p" $1; }
for whole in 0 1; do   # streamed a document at a time, and whole
	rm -f $T/c.db
	XPROJ_IMPORT_WHOLE=$whole expect_status 0 $XPROJ db import $T/c.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
	expect_status 0 $XPROJ db export $T/c.db -o $T/x.conll
	expect_eq "$(sum < $T/x.conll)" "$(sum < $T/zh.conll)" "[whole=$whole] db export of two parts equals project's output"
done
expect_status 0 $XPROJ db triage $T/c.db --list
expect_eq "$(cut -f1 $T/out | sort | tr '\n' ' ')" "d|0 d|1 d|1:0 d|1:1 d|1:2 d|1:3 d|1:4 d|2 d|3 d|4 " "the keys of both parts"
# mention 2 ("It" -> 那) deleted in part 1: part 1 loses its (2), part 0 is untouched
expect_status 0 $XPROJ db delete $T/c.db --mention 'd|1:2' --annotator ann
expect_status 0 $XPROJ db show $T/c.db 'd|1:2'
expect_grep '^d|1:2  run 1, .*, edited$' $T/out
expect_status 0 $XPROJ db show $T/c.db 'd|2'
expect_grep '^d|2  run 1, .*, open$' $T/out
expect_status 0 $XPROJ db show $T/c.db 'd|0:2'   # an explicit part 0 is the first part
expect_grep '^d|2  run 1, .*, open$' $T/out
expect_status 1 $XPROJ db show $T/c.db 'd|2:2'
expect_grep 'd|2:2: no such mention in run 1' $T/err
exported() {   # STORE OUT [--run N]: the export, its part 0 as projected, part 1's "那" not a mention
	expect_status 0 $XPROJ db export $1 -o $2 ${3:-} ${4:-}
	expect_eq "$(part $2 0 | sum)" "$(part $T/zh.conll 0 | sum)" "$2: part 0 as projected"
	expect_eq "$(part $2 1 | grep -c '那.*(2)$')" 0 "$2: part 1's mention 2 deleted"
	expect_eq "$(part $2 1 | grep -c '那.*-$')" 1 "$2: part 1's 那 still there"
}
exported $T/c.db $T/y.conll
expect_status 0 $XPROJ db check $T/c.db
expect_grep '^ok' $T/out
cp $T/c.db $T/b.db   # another annotator's copy, merged below
# a rerun (the same corpus imported again) carries it to part 1, likely in
# the second of run 1: db merge knows the two by their run ids (before
# schema 12 it took them for one run and refused the store)
expect_status 0 $XPROJ db import $T/c.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
expect_status 0 $XPROJ db runs $T/c.db
expect_grep '^from run 1: 1 corrected mentions carried over' $T/out
exported $T/c.db $T/rerun.conll
# merged with a store that corrected part 0: both kept, each on its part
expect_status 0 $XPROJ db modify $T/b.db --mention 'd|1' --span 0:4:8 --annotator bob
expect_status 0 $XPROJ db merge $T/m.db $T/c.db $T/b.db
expect_status 0 $XPROJ db check $T/m.db
expect_grep '^ok' $T/out
expect_status 0 $XPROJ db export $T/m.db -o $T/m.conll --run 1
expect_eq "$(part $T/m.conll 1 | grep -c '那.*(2)$')" 0 "merged: part 1's mention 2 deleted"
expect_eq "$(part $T/m.conll 0 | grep -c '那.*(2)$')" 1 "merged: part 0's mention 2 kept"
expect_eq "$(part $T/m.conll 0 | grep -c '红色.*(2$')" 1 "merged: part 0's d|1 modified by bob"
expect_eq "$(part $T/m.conll 1 | grep -c '红色.*(2$')" 0 "merged: part 1's d|1:1 as projected"
# agree --db: two annotators of part 1 only compare on that one document
expect_status 0 $XPROJ db import $T/g.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
expect_status 0 $XPROJ db delete $T/g.db --mention 'd|1:2' --annotator ana
expect_status 0 $XPROJ db modify $T/g.db --mention 'd|1:1' --span 0:4:8 --annotator bob
expect_status 0 $XPROJ agree --json --db $T/g.db
expect_grep '^{"annotators":\["ana","bob"\],"documents":1,' $T/out
# TASA: the keys of both parts, each grid of its own mention
expect_status 0 $XPROJ db export-tasa $T/c.db -o $T/t.csv
expect_eq "$(cut -d, -f1 $T/t.csv | tr '\n' ' ')" 'mention_id "d|0" "d|1" "d|2" "d|3" "d|1:0" "d|1:1" "d|1:2" "d|1:3" ' "TASA: the keys of both parts"
# judge: the report's keys are the store's, so db triage --list orders it
{ cat $P/corrected.conll; sed '1s/part 000/part 001/; s/^d\t0\t/d\t1\t/' $P/corrected.conll; } > $T/key.conll
printf 'd|1:3\nd|3\n' > $T/q
expect_status 0 $XPROJ judge --report $T/r.json --projected $T/zh.conll --key $T/key.conll --order $T/q --labels $T/l.tsv
expect_grep '(8 judged mention(s) not in it, put last)' $T/out
expect_eq "$(cut -f2,4 $T/l.tsv | sed -n 2,3p | tr '\t\n' '  ')" "d|1:3 recoverable d|3 recoverable " "judge: the order file's keys, each part's"

# pipeline: a corpus with a document in two parts gets its store
sed 's/s01e01c01x/s01e01c00x/g' tools/sample/dialogue.conll > $T/two.conll
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --source $T/two.conll -o $T/p --quiet
expect_status 0 $XPROJ db triage $T/p/corrections.db --list
expect_grep '^s01e01c00x|1:3	' $T/out
expect_grep '^s01e01c00x|3	' $T/out

# odd names: a space, '|', ')', non-ASCII; export == project, and a key with
# '|' in its document's name is taken at its last '|'
for n in 'a b' 'a|b' 'x)y' 'ünï 中' 'a|1:2'; do
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
