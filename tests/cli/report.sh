# The projection report, version 2 (docs/formats.md): a header line, a line
# per document, written as project goes; version 1's bytes come back from
# it (bench/report_v1.sh); db import reads it side by side with the corpus,
# out of order from the report read whole with the same rows, gzipped too,
# and refuses one cut short before it creates a store.
. tests/cli/lib
. bench/synth_run.sh
mkdir $T/r
synth_run 300 3 $T/r
P="--source $T/r/en.conll --aligned $T/r/aligned.jsonl --alignments $T/r/pairs.pharaoh -o $T/zh.conll"
expect_status 0 $XPROJ project $P --report $T/r.json
expect_eq "$(wc -l < $T/r.json)" 4 "a header line and one line per document"
expect_grep '^{"version":2,"mentions":300,' $T/r.json
expect_grep ',"documents":3}$' $T/r.json
expect_eq "$(sed -n 2p $T/r.json | grep -c '"doc":"doc0","part":0,"tgt_to_en":\[')" 1 "the first document's line"
# version 1: one object holding the three documents, as before
sh bench/report_v1.sh $T/r.json > $T/r1.json
expect_eq "$(wc -l < $T/r1.json)" 1 "version 1 is one line"
expect_eq "$(grep -o '"detail":' $T/r1.json | wc -l)" 3 "version 1 holds the three documents"
expect_grep '"utterances_without_target":0,"language_rules":' $T/r1.json
# every reader takes both: db import of either gives the same rows
rows() { sqlite3 "$1" "SELECT d.doc, m.mention, p.fate, p.tgt_start, p.tgt_end, p.confidence, p.why FROM projections p
	JOIN mentions m ON m.id = p.mention JOIN documents d ON d.id = m.document ORDER BY d.doc, m.mention" | cksum; }
I="--source $T/r/en.conll --aligned $T/r/aligned.jsonl"
expect_status 0 $XPROJ db import $T/a.db $I --report $T/r.json
expect_status 0 $XPROJ db import $T/b.db $I --report $T/r1.json
expect_eq "$(rows $T/b.db)" "$(rows $T/a.db)" "version 1 and 2 import the same rows"
# documents in another order than the corpus's: imported from the report read whole
(head -1 $T/r.json; tail -n +2 $T/r.json | sort -r) > $T/rev.json
expect_status 0 $XPROJ db import $T/c.db $I --report $T/rev.json
expect_eq "$(rows $T/c.db)" "$(rows $T/a.db)" "a report out of order imports the same rows"
gzip -c $T/r.json > $T/r.json.gz
expect_status 0 $XPROJ db import $T/d.db $I --report $T/r.json.gz
expect_eq "$(rows $T/d.db)" "$(rows $T/a.db)" "a gzipped report imports the same rows"
# cut short (a line, or inside one) or grown: refused naming the line, no store made
head -3 $T/r.json > $T/cut.json
head -c $(($(wc -c < $T/r.json) - 100)) $T/r.json > $T/mid.json
(cat $T/r.json; sed -n 2p $T/r.json) > $T/more.json
for r in cut mid more; do
	expect_status 1 $XPROJ db import $T/$r.db $I --report $T/$r.json
	[ -e $T/$r.db ] && { echo "FAIL: a $r report created a store"; fails=$((fails + 1)); }
done
expect_status 1 $XPROJ db import $T/cut.db $I --report $T/cut.json
expect_grep "cut.json:4: cut short: 2 documents of the 3 its first line announces" $T/err
expect_status 1 $XPROJ db import $T/mid.db $I --report $T/mid.json
expect_grep "mid.json:4: document 3 is not JSON" $T/err
expect_status 1 $XPROJ db import $T/more.db $I --report $T/more.json
expect_grep "more.json:5: more documents than the 3 its first line announces" $T/err
# a report of a later version is refused by name
sed '1s/"version":2/"version":3/' $T/r.json > $T/v3.json
expect_status 1 $XPROJ db import $T/v3.db $I --report $T/v3.json
expect_grep "v3.json:1: a projection report of version 3" $T/err
finish
