# judge and calibrate refuse a --projected that is not the output of the
# report's run (the report's "out_hash", docs/formats.md): one token other,
# a document left out.  Before, judge took it, exit 0, and labelled each
# mention by other words.  A report without the hash (an older xproj's)
# is judged as before.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json --uncalibrated 2>/dev/null
expect_eq "$(grep -c '"out_hash":"[0-9a-f]\{16\}"' $T/r.json)" 1 "the document line has its out_hash"
J="--key $P/corrected.conll"
expect_status 0 $XPROJ judge --report $T/r.json --projected $T/zh.conll $J
# the same sentences, one word other (红色 -> 蓝色): as many tokens
sed 's/\t红色\t/\t蓝色\t/' $T/zh.conll > $T/other.conll
cmp -s $T/other.conll $T/zh.conll && { echo "FAIL: other.conll is zh.conll"; fails=$((fails + 1)); }
expect_status 1 $XPROJ judge --report $T/r.json --projected $T/other.conll $J --labels $T/l.tsv
expect_grep 'r.json:2: document d part 0: .*other.conll has other target sentences than the report.s run wrote' $T/err
[ -e $T/l.tsv ] && { echo "FAIL: judge wrote its labels"; fails=$((fails + 1)); }
expect_status 1 $XPROJ calibrate --report $T/r.json --projected $T/other.conll $J \
	--report $T/r.json --projected $T/zh.conll --key $T/zh.conll -o $T/m.json
expect_grep 'r.json:2: document d part 0: .*other.conll has other target sentences' $T/err
[ -e $T/m.json ] && { echo "FAIL: calibrate wrote its model"; fails=$((fails + 1)); }
# the document left out of the projection
printf '#begin document (x); part 000\nx\t0\t0\t好\tna\tna\tna\tna\tna\t-\tna\tna\tna\t-\n\n#end document\n' > $T/none.conll
expect_status 1 $XPROJ judge --report $T/r.json --projected $T/none.conll $J
expect_grep 'r.json:2: document d part 0: .*none.conll lacks it, where the report.s run wrote target sentences' $T/err
# a report without the hashes (before them): judged, unchecked, as before
sed 's/,"text_hash":"[0-9a-f]*"//; s/,"out_hash":"[0-9a-f]*"//' $T/r.json > $T/old.json
expect_status 0 $XPROJ judge --report $T/old.json --projected $T/other.conll $J
finish
