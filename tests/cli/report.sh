# The projection report, version 4 (docs/formats.md): a header line, a line
# per document, written as project goes, each mention's features the ones
# not 0 by name, then an end line with the run's totals; version 3's and
# version 1's bytes come back from it (bench/report_v3.sh, report_v1.sh);
# db import reads it side by side with the corpus, out of order from the
# report read whole with the same rows, gzipped too, and refuses one cut
# short (version 4: without its end line) before it creates a store.
. tests/cli/lib
. bench/synth_run.sh
mkdir $T/r
synth_run 300 3 $T/r
P="--source $T/r/en.conll --aligned $T/r/aligned.jsonl --alignments $T/r/pairs.pharaoh -o $T/zh.conll"
expect_status 0 $XPROJ project $P --report $T/r.json
expect_eq "$(wc -l < $T/r.json)" 5 "a header line, one line per document, an end line"
expect_grep '^{"version":4,"lang":"zh","confidence_model":"zh","features":\["link_mean",' $T/r.json
expect_eq "$(head -1 $T/r.json | grep -c '"mentions"')" 0 "the header holds no totals"
expect_grep '"fate":"projected","conf":[0-9.]*,"f":{"link_mean":1,"link_min":1,"cover":1,"en_len":0.6931,' $T/r.json
expect_eq "$(tail -1 $T/r.json | grep -c '^{"end":true,"mentions":300,"projected":300,.*,"gender":{.*,"documents":3}$')" 1 \
	"the end line: the run's totals, its gender, its documents"
expect_eq "$(sed -n 2p $T/r.json | grep -c '"doc":"doc0","part":0,"text_hash":"[0-9a-f]\{16\}","out_hash":"[0-9a-f]\{16\}","tgt_to_en":\[')" 1 \
	"the first document's line"
# version 3: the totals in the header, where the end line's are
sh bench/report_v3.sh $T/r.json > $T/r3.json
expect_eq "$(wc -l < $T/r3.json)" 4 "version 3: a header line and one line per document"
expect_grep '^{"version":3,"mentions":300,.*"lang":"zh","confidence_model":"zh",.*,"documents":3}$' $T/r3.json
expect_eq "$(sed '1d' $T/r3.json | cksum)" "$(sed '1d;$d;s/,"text_hash":"[0-9a-f]*"//;s/,"out_hash":"[0-9a-f]*"//' $T/r.json | cksum)" \
	"version 3's documents are version 4's without their hashes"
# version 1: one object holding the three documents, as before
sh bench/report_v1.sh $T/r.json > $T/r1.json
expect_eq "$(wc -l < $T/r1.json)" 1 "version 1 is one line"
expect_eq "$(grep -o '"detail":' $T/r1.json | wc -l)" 3 "version 1 holds the three documents"
expect_grep '"utterances_without_target":0,"language_rules":' $T/r1.json
expect_grep '"f":\[1.0,1.0,0.0,1.0,0.6931,0.6931,0.0,' $T/r1.json
# version 2 (the features an array): version 1's documents a line each
perl -MJSON::PP -e 'local $/; my $j = JSON::PP->new; my $r = $j->decode(<>); my $d = delete $r->{documents};
	$r->{version} = 2; $r->{documents} = @$d; print $j->encode($r), "\n"; print $j->encode($_), "\n" for @$d' \
	$T/r1.json > $T/r2.json
# every reader takes both: db import of either gives the same rows
rows() { sqlite3 "$1" "SELECT d.doc, m.mention, p.fate, p.tgt_start, p.tgt_end, p.confidence, p.why FROM projections p
	JOIN mentions m ON m.id = p.mention JOIN documents d ON d.id = m.document ORDER BY d.doc, m.mention" | cksum; }
I="--source $T/r/en.conll --aligned $T/r/aligned.jsonl"
expect_status 0 $XPROJ db import $T/a.db $I --report $T/r.json
expect_status 0 $XPROJ db import $T/b.db $I --report $T/r1.json
expect_eq "$(rows $T/b.db)" "$(rows $T/a.db)" "version 1 and 4 import the same rows"
expect_status 0 $XPROJ db import $T/b2.db $I --report $T/r2.json
expect_eq "$(rows $T/b2.db)" "$(rows $T/a.db)" "version 2 and 4 import the same rows"
expect_status 0 $XPROJ db import $T/b3.db $I --report $T/r3.json
expect_eq "$(rows $T/b3.db)" "$(rows $T/a.db)" "version 3 and 4 import the same rows"
# judge reads the features of every version alike (its model's confidence from them)
for v in r r1 r2 r3; do
	$XPROJ judge --report $T/$v.json --projected $T/zh.conll --key $T/zh.conll --model lang/calib/zh.json \
		> $T/judge.$v 2>&1 || echo "judge of $v: $?" >> $T/judge.$v
done
expect_eq "$(cat $T/judge.r1)" "$(cat $T/judge.r)" "judge: version 1 and 4 alike"
expect_eq "$(cat $T/judge.r2)" "$(cat $T/judge.r)" "judge: version 2 and 4 alike"
expect_eq "$(cat $T/judge.r3)" "$(cat $T/judge.r)" "judge: version 3 and 4 alike"
# documents in another order than the corpus's: imported from the report read whole
(head -1 $T/r.json; sed '1d;$d' $T/r.json | sort -r; tail -1 $T/r.json) > $T/rev.json
expect_status 0 $XPROJ db import $T/c.db $I --report $T/rev.json
expect_eq "$(rows $T/c.db)" "$(rows $T/a.db)" "a report out of order imports the same rows"
gzip -c $T/r.json > $T/r.json.gz
expect_status 0 $XPROJ db import $T/d.db $I --report $T/r.json.gz
expect_eq "$(rows $T/d.db)" "$(rows $T/a.db)" "a gzipped report imports the same rows"
# cut short (its end line, a document, inside a line) or grown: refused
# naming the line, no store made; judge and calibrate refuse it too
head -4 $T/r.json > $T/cut.json
head -3 $T/r.json > $T/cut2.json
head -c $(($(wc -c < $T/r.json) - 100)) $T/r.json > $T/mid.json
(cat $T/r.json; sed -n 2p $T/r.json) > $T/more.json
head -3 $T/r3.json > $T/cut3.json
(cat $T/r3.json; sed -n 2p $T/r3.json) > $T/more3.json
# refused R MESSAGE: db import of $T/R.json fails saying MESSAGE, no store made
refused() {
	expect_status 1 $XPROJ db import $T/$1.db $I --report $T/$1.json
	expect_grep "$2" $T/err
	[ -e $T/$1.db ] && { echo "FAIL: a $1 report created a store"; fails=$((fails + 1)); }
	return 0
}
# judge_refuses R MESSAGE, calibrate_refuses R MESSAGE: so do judge and
# calibrate (which writes no model)
judge_refuses() {
	expect_status 1 $XPROJ judge --report $T/$1.json --projected $T/zh.conll --key $T/zh.conll
	expect_grep "$2" $T/err
}
calibrate_refuses() {
	expect_status 1 $XPROJ calibrate --report $T/$1.json --projected $T/zh.conll --key $T/zh.conll -o $T/$1.model.json
	expect_grep "$2" $T/err
	[ -e $T/$1.model.json ] && { echo "FAIL: calibrate wrote a model from the $1 report"; fails=$((fails + 1)); }
	return 0
}
refused cut "cut.json:5: cut short: 3 documents and no end line"
refused cut2 "cut2.json:4: cut short: 2 documents and no end line"
refused mid "mid.json:5: document 4 or the end line is not JSON"
refused more "more.json:6: text after the report's end line"
refused cut3 "cut3.json:4: cut short: 2 documents of the 3 its first line announces"
refused more3 "more3.json:5: more documents than the 3 its first line announces"
judge_refuses cut "cut.json:5: cut short: 3 documents and no end line"
calibrate_refuses cut "cut.json:5: cut short: 3 documents and no end line"
# the end line's totals are its documents' (an edited total, the end line
# of another run): refused naming the line by every reader, streamed and
# whole (documents out of order), judge and calibrate; no store, no model
sed '$ s/"mentions":300,"projected":300,/"mentions":301,"projected":300,/' $T/r.json > $T/tot.json
sed '$ s/"projected":300,/"projected":299,/; $ s/"unaligned":0,/"unaligned":1,/' $T/r.json > $T/fates.json
(head -1 $T/r.json; sed '1d;$d' $T/r.json | sort -r; tail -1 $T/tot.json) > $T/revtot.json
sed '$ s/"mentions":300,/"mentions":"300",/' $T/r.json > $T/str.json
refused tot "tot.json:5: its end line counts 301 mentions, the report's documents have 300"
refused fates "fates.json:5: its end line counts 299 mentions projected, the report's documents have 300"
refused revtot "revtot.json:5: its end line counts 301 mentions"
refused str "str.json:5: its end line's \"mentions\" is not a count"
judge_refuses tot "tot.json:5: its end line counts 301 mentions"
calibrate_refuses fates "fates.json:5: its end line counts 299 mentions projected"
# version 3 (and 2): the totals of the first line, checked as the end line's
sed '1 s/"mentions":300,/"mentions":301,/' $T/r3.json > $T/tot3.json
sed '1 s/"projected":300,/"projected":299,/' $T/r3.json > $T/fates3.json
(head -1 $T/tot3.json; sed '1d' $T/r3.json | sort -r) > $T/revtot3.json
# (its members in perl's hash order: the run's total is the only 300)
sed '1 s/"mentions":300\([,}]\)/"mentions":301\1/' $T/r2.json > $T/tot2.json
refused tot3 "tot3.json:1: its first line counts 301 mentions, the report's documents have 300 (a first line of another run, or edited?)"
refused fates3 "fates3.json:1: its first line counts 299 mentions projected, the report's documents have 300"
refused revtot3 "revtot3.json:1: its first line counts 301 mentions"
refused tot2 "tot2.json:1: its first line counts 301 mentions"
judge_refuses tot3 "tot3.json:1: its first line counts 301 mentions"
calibrate_refuses fates3 "fates3.json:1: its first line counts 299 mentions projected"
# the bench's converters refuse a version 4 report without its end line too
sh bench/report_v3.sh $T/cut.json > $T/cut.v3 2>$T/err && { echo "FAIL: report_v3.sh took a cut report"; fails=$((fails + 1)); }
expect_grep "cut short" $T/err
sh bench/report_v1.sh $T/cut.json > $T/cut.v1 2>$T/err && { echo "FAIL: report_v1.sh took a cut report"; fails=$((fails + 1)); }
expect_grep "cut short" $T/err
# a report of a later version is refused by name
sed '1s/"version":4/"version":5/' $T/r.json > $T/v5.json
expect_status 1 $XPROJ db import $T/v5.db $I --report $T/v5.json
expect_grep "v5.json:1: a projection report of version 5" $T/err
finish
