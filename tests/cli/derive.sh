# xproj db import-corrections with a corrected target corpus (CoNLL or
# jsonlines): the edits derived, what is listed, the log with file and line,
# the corrected view equal to the file, errors that change nothing.  The
# matching rules themselves: tests/unit/test_derive.c.
. tests/cli/lib
R=$FIX/derive-run
F=$FIX/derive
D=$T/c.db
$XPROJ project --source $R/rules.en.conll --aligned $R/rules.aligned.jsonl --alignments $R/rules.pharaoh \
	-o $T/silver.conll --report $T/r.json 2>/dev/null
expect_status 0 $XPROJ db import $D --source $R/rules.en.conll --aligned $R/rules.aligned.jsonl --report $T/r.json

# additions, by --format or by the path's extension
expect_status 0 $XPROJ db import-corrections $D --format conll $F/rules-add.conll --annotator ana
expect_grep '^batch 1: 12 corrected mentions in 1 documents compared with run 1: 8 kept, 4 additions, 0 deletions, 0 modifications' $T/out
expect_grep '^sentences: 4 compared' $T/out
expect_status 0 $XPROJ db log $D
expect_grep 'derive  *{"op":"add","mention":"r|1","span":\[0,2,3\],"line":4,"batch":1,"file":"tests/fixtures/derive/rules-add.conll"}' $T/out
expect_grep 'derive summary  *{"mentions":12,"kept":8,"add":4,' $T/out
expect_status 0 $XPROJ db show $D 'r|1'
expect_grep 'derived from tests/fixtures/derive/rules-add.conll:4' $T/out
# the corrected view is the file
expect_status 0 $XPROJ db export $D -o $T/view.conll
expect_status 0 $XPROJ score $F/rules-add.conll $T/view.conll
expect_grep '^mentions  *100.00% (12/12)  *100.00% (12/12)' $T/out
expect_grep '^conll  *100.00%' $T/out
# the same file again: refused, nothing changes
expect_status 1 $XPROJ db import-corrections $D $F/rules-add.conll
expect_grep 'imported before' $T/err
expect_status 0 $XPROJ db undo $D
expect_status 0 $XPROJ db import-corrections $D $F/rules-add.jsonlines
expect_grep '4 additions' $T/out

# a fresh store: what cannot be imported is listed with file and line; the exit is 0
rm -f $D $D-wal $D-shm
$XPROJ db import $D --source $R/rules.en.conll --aligned $R/rules.aligned.jsonl --report $T/r.json >/dev/null
expect_status 0 $XPROJ db import-corrections $D $F/rules-unmatched.conll
expect_grep '3 not imported (listed below)' $T/out
expect_grep "^  tests/fixtures/derive/rules-unmatched.conll:29: r part 0 sentence 3 tokens 1-2 'jiu' (cluster 50): " $T/out
expect_grep '^  tests/fixtures/derive/rules-unmatched.conll:40: document x part 0 is not in run 1' $T/out
expect_status 0 $XPROJ db import-corrections $D $F/rules-text.conll
expect_grep 'rules-text.conll:28: r part 0 sentence 3: the text is not the run.s (corrected "zhe shi ta .", run "zhe jiu shi ta .")' $T/out

# errors: file and line, nothing written
expect_status 1 $XPROJ db import-corrections $D $F/rules-bad.conll
expect_grep 'rules-bad.conll:4: bracket (60 opened here is never closed' $T/err
expect_status 2 $XPROJ db import-corrections $D --format xml $F/rules-add.conll
expect_grep "--format: 'xml' is not one of mmc, tasa, conll, jsonlines" $T/err
expect_status 1 $XPROJ db import-corrections $D --run 7 $F/rules-same.conll
expect_grep 'there is no run 7' $T/err
expect_status 0 $XPROJ db stats --json $D
expect_grep '"additions":0,"deletions":0,"modifications":0' $T/out

# the bundled sample, Chinese: the exported view with one mention dropped
# and one moved comes back exactly
S=tools/sample
$XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --alignments $S/zh.pharaoh \
	-o $T/zh >/dev/null 2>&1
expect_status 0 $XPROJ db export $T/zh/corrections.db -o $T/zh.conll
awk 'BEGIN{OFS="\t"} $1 !~ /^#/ && NF > 3 && !d && $NF == "(6)" {$NF = "-"; d = 1}
     $1 !~ /^#/ && NF > 3 && !m && $NF == "(1)" {$NF = "-"; m = 1; getline n; split(n, f, "\t"); f[14] = f[14] == "-" ? "(1)" : f[14] "|(1)";
	 print; print f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14]; next} {print}' \
	$T/zh.conll > $T/zh.fixed.conll
expect_status 0 $XPROJ db import-corrections $T/zh/corrections.db $T/zh.fixed.conll
expect_grep '1 deletions, 1 modifications' $T/out
expect_status 0 $XPROJ db export $T/zh/corrections.db -o $T/zh.again.conll
expect_status 0 $XPROJ score $T/zh.fixed.conll $T/zh.again.conll
expect_grep '^conll  *100.00%' $T/out
expect_grep '^mentions .* 100.00%$' $T/out
# growth: one document of 20000 one-mention clusters (bench/synth_run.sh),
# every seventh mention moved into cluster 1 by the corrected file.  The
# entity-cluster matching goes by groups that share evidence and every
# comparison stays inside a sentence: a fraction of a second and a few MB
# (a dense entity x cluster matrix needed 3 GB and the optimal search on it
# hours).
. bench/synth_run.sh
mkdir $T/g
synth_run 20000 1 $T/g
$XPROJ project --source $T/g/en.conll --aligned $T/g/aligned.jsonl --alignments $T/g/pairs.pharaoh \
	-o $T/g/zh.conll --report $T/g/r.json 2>/dev/null
$XPROJ db import $T/g/c.db --source $T/g/en.conll --aligned $T/g/aligned.jsonl --report $T/g/r.json >/dev/null
$XPROJ db export $T/g/c.db -o $T/g/view.conll >/dev/null
awk -F'\t' 'BEGIN {OFS = "\t"} NF > 3 && NR % 7 == 3 {$NF = "(1)"} {print}' $T/g/view.conll > $T/g/fixed.conll
expect_status 0 timeout $(limit 60) $XPROJ db import-corrections $T/g/c.db --format conll $T/g/fixed.conll
expect_grep '^batch 1: 20000 corrected mentions in 1 documents compared with run 1: 17143 kept, 0 additions, 0 deletions, 2857 modifications' $T/out
finish
