# Every complaint about an input names the file it is about, and inputs that
# would be silently cut or cost I x J are refused or cheap (issue 14, item 10).
. tests/cli/lib
P=$FIX/project
printf '0-0\n' > $T/one.al
printf '0-0\n1-1\n2-2\n' > $T/three.al

# line counts that differ: which file, and against which
expect_status 1 $XPROJ aer --gold $T/one.al $T/three.al
expect_grep "three.al: 3 lines, but the gold $T/one.al has 1" $T/err
expect_status 1 $XPROJ symmetrize $T/one.al $T/three.al
expect_grep "three.al: 3 lines, but the forward alignment $T/one.al has 1" $T/err
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $T/three.al -o $T/o.conll
expect_grep 'three.al: the alignment has 3 lines, the aligned corpus 2 sentence pairs' $T/err
sed 's/"doc":"d"/"doc":"zz"/' $P/aligned.jsonl > $T/other.jsonl
expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/other.jsonl --alignments $P/pairs.pharaoh -o $T/o.conll
expect_grep 'other.jsonl: the aligned corpus has no utterance of the source' $T/err

# a report that lacks a document of the source: the report is named
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json 2>/dev/null
sed 's/(d)/(e)/; s/^d\t/e\t/' $P/en.conll > $T/e.conll
expect_status 1 $XPROJ db import $T/c.db --source $T/e.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_grep "^xproj db import: $T/r.json: the report has no document e part 0" $T/err

# a document id and part given twice: said by the reader, naming the file and
# both lines (db import said "c.db: insert: UNIQUE constraint failed", project
# and score silently used one of them)
cat $P/en.conll $P/en.conll > $T/twice.conll
expect_status 1 $XPROJ validate $T/twice.conll
expect_grep 'twice.conll:19: error: document d part 0 is there twice (first at line 2)' $T/err
expect_status 1 $XPROJ db import $T/c2.db --source $T/twice.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_grep "^xproj db import: $T/twice.conll:19: document d part 0 is there twice" $T/err
[ -e $T/c2.db ] && { echo "FAIL: a refused import left a store"; fails=$((fails + 1)); }
expect_status 1 $XPROJ project --source $T/twice.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh -o $T/o.conll
expect_grep 'twice.conll:19: document d part 0 is there twice' $T/err
expect_status 1 $XPROJ pair --source $T/twice.conll --target $FIX/pair/zh.conll -o $T/p.jsonl
expect_grep 'twice.conll:19: document d part 0 is there twice' $T/err
expect_status 0 $XPROJ convert --repair $T/twice.conll $T/kept.conll
expect_grep 'warning: document d part 0 is there twice' $T/err
expect_eq "$(grep -c '^#begin' $T/kept.conll)" 2 "--repair keeps both"

# a bitext map naming an utterance twice: the first line's alignment went unused, silently
printf 'd\t0\t1\nd\t0\t1\n' > $T/twice.map
printf '0-0\n0-0\n' > $T/two.al
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $T/two.al \
	--map $T/twice.map -o $T/o.conll
expect_grep "twice.map:2: 'd.0.1' is there twice (first at line 1)" $T/err

# absurd link indices: refused beyond a bound rather than cut to 32 bits, and
# below it cheap (symmetrize made an I x J grid: 10^18 cells for this line)
printf '0-0 4294967296-1\n' > $T/wrap.al
expect_status 1 $XPROJ symmetrize $T/wrap.al $T/wrap.al
expect_grep "wrap.al:1: link '4294967296-1': an index beyond" $T/err
expect_status 1 $XPROJ aer --gold $T/wrap.al $T/one.al
expect_grep "wrap.al:1: link '4294967296-1'" $T/err
for k in 1 2 3 4 5 6 7 8; do printf '0-0 1-1 999999999-999999998 1000000000-999999999\n'; done > $T/far.al
printf '0-0 1000000000-999999999\n' > $T/far1.al
for k in 2 3 4 5 6 7 8; do printf '1-1\n'; done >> $T/far1.al
expect_status 0 $XPROJ symmetrize --method grow-diag-final-and -o $T/sym.al $T/far.al $T/far1.al
expect_eq "$(head -1 $T/sym.al)" "0-0 1-1 999999999-999999998 1000000000-999999999" "grow-diag over far indices"
expect_status 0 $XPROJ symmetrize --method intersect -o $T/int.al $T/far.al $T/far1.al
expect_eq "$(head -2 $T/int.al | tr '\n' ' ')" "0-0 1000000000-999999999 1-1 " "intersect over far indices"
expect_status 0 $XPROJ aer --gold $T/far.al $T/far.al
expect_grep 'AER 0.0000' $T/out
finish
