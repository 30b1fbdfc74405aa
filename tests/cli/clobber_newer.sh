# The newer commands keep the promises of clobber.sh and outputs.sh: no
# output replaces an input (the same file, also through a hard or symbolic
# link; a --config file is an input too), and a command whose output cannot
# be written writes nothing: no file, and no report on stdout before it.
. tests/cli/lib
P=$FIX/project
M=$FIX/mention_pairs
S=tools/sample
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json --uncalibrated 2>/dev/null
cp $P/corrected.conll $T/key.conll
ln $T/key.conll $T/keyhard.conll
ln -s r.json $T/rlink.json
cp $M/en.conll $T/men.conll
cp $M/fa.conll $T/mfa.conll
$XPROJ bitext $P/aligned.jsonl -o $T/pairs.txt 2>/dev/null
cp $T/pairs.txt $T/lex.txt
JG="--report $T/r.json --projected $T/zh.conll --key $T/key.conll"
refused_same "calibrate -o a hard link to --key" $T/key.conll $XPROJ calibrate $JG -o $T/keyhard.conll
refused_same "calibrate -o --report through a link" $T/r.json $XPROJ calibrate --report $T/rlink.json \
	--projected $T/zh.conll --key $T/key.conll -o $T/r.json
refused_same "judge --plot --report" $T/r.json $XPROJ judge $JG --plot $T/rlink.json
refused_same "judge --labels --projected" $T/zh.conll $XPROJ judge $JG --labels $T/zh.conll
refused_same "judge --labels --key (hard link)" $T/key.conll $XPROJ judge $JG --labels $T/keyhard.conll
refused_same "mention-pairs -o --source" $T/men.conll $XPROJ mention-pairs --source $T/men.conll \
	--target $T/mfa.conll -o $T/men.conll
refused_same "pair -o --target" $T/mfa.conll $XPROJ pair --source $T/men.conll --target $T/mfa.conll -o $T/mfa.conll
refused_same "wordalign -o --train-lex" $T/lex.txt $XPROJ wordalign $T/pairs.txt --train-lex $T/lex.txt -o $T/lex.txt
refused_same "wordalign --probs --train-lex" $T/lex.txt $XPROJ wordalign $T/pairs.txt --train-lex $T/lex.txt \
	-o $T/w.pharaoh --probs $T/lex.txt
# a --config file inside the output directory, or named as align's -o
mkdir -p $T/pl
printf 'quiet = true\n' > $T/pl/summary.txt
refused_same "pipeline --config DIR/summary.txt" $T/pl/summary.txt $XPROJ pipeline --source $S/dialogue.conll \
	--subs $S/en.srt --tgt-subs $S/zh.srt --alignments $S/zh.pharaoh --config $T/pl/summary.txt -o $T/pl
expect_eq "$(ls $T/pl)" "summary.txt" "pipeline refused: nothing written to DIR"
# a CEDICT file (one file: --dict's format from its path) inside DIR, named
# as one of the run's outputs: read, then written over, exit 0, before the
# tenth round
mkdir -p $T/pd
printf '蛋糕 蛋糕 [dan4 gao1] /cake/\n' > $T/pd/summary.txt
refused_same "pipeline --dict DIR/summary.txt" $T/pd/summary.txt $XPROJ pipeline --config $S/zh.conf \
	--dict $T/pd/summary.txt -o $T/pd
expect_grep "as --dict" $T/err
printf 'band = 3\n' > $T/a.conf
refused_same "align -o --config" $T/a.conf $XPROJ align --transcript $P/en.conll --subs $FIX/subs/bilingual.srt \
	--config $T/a.conf -o $T/a.conf

# nothing when an output cannot be written: judge prints its figures only
# once its files are staged, calibrate's model is one file
NO=$T/missing/dir/file
expect_status 1 $XPROJ judge $JG --plot $T/p.svg --labels $NO
expect_grep "missing/dir/file" $T/err
expect_eq "$(wc -c <$T/out)" 0 "judge: no report printed when --labels cannot be written"
[ ! -e $T/p.svg ] || { echo "FAIL: judge wrote --plot though --labels failed"; fails=$((fails + 1)); }
expect_status 1 $XPROJ judge $JG --plot $NO --labels $T/l.tsv
[ ! -e $T/l.tsv ] || { echo "FAIL: judge wrote --labels though --plot failed"; fails=$((fails + 1)); }
expect_status 1 $XPROJ mention-pairs --source $M/en.conll --target $M/fa.conll -o $NO
left=$(ls -A $T | grep -c 'xproj-')
expect_eq "$left" 0 "no temporary file left"
# and with writable outputs, judge writes both and prints its figures
expect_status 0 $XPROJ judge $JG --plot $T/p.svg --labels $T/l.tsv
expect_grep '^judged 5 mentions' $T/out
[ -s $T/p.svg ] && [ -s $T/l.tsv ] || { echo "FAIL: judge did not write both files"; fails=$((fails + 1)); }
# bad input to the store's writers: a message with file:line, exit 1, and
# the database byte for byte as it was (one transaction, rolled back)
$XPROJ db import $T/c.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
cp $T/c.db $T/c0.db
head -c 300 $T/r.json > $T/cut.json
printf '{"s1": {"add": {"x": [0, 1,\n' > $T/cut-batch.json
expect_status 1 $XPROJ db import $T/c.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/cut.json
expect_grep "cut.json:1: not a projection report" $T/err
expect_status 1 $XPROJ db import-corrections $T/c.db $T/cut-batch.json
expect_grep "cut-batch.json:2: not MMC corrections JSON" $T/err
cmp -s $T/c.db $T/c0.db || { echo "FAIL: a refused import changed the database"; fails=$((fails + 1)); }
finish
