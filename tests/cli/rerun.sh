# Corrections follow reruns: the sample corrected on run 1, the pipeline run
# again with one Chinese line retranslated; db runs/stats/export act on one
# run and say which; db show and db triage print the texts, control
# characters escaped.
. tests/cli/lib
S=tools/sample
D=$T/p/corrections.db
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet

expect_status 0 $XPROJ db add $D --mention 's01e01c00x|3' --span 1:0:1 --annotator ann --note 'dropped I'
expect_status 0 $XPROJ db modify $D --mention 's01e01c00x|2' --span 0:5:6 --annotator ann
expect_status 0 $XPROJ db delete $D --mention 's01e01c00x|7' --annotator bob
expect_status 0 $XPROJ db modify $D --mention 's01e01c01x|14' --span 5:4:7 --annotator bob
expect_status 0 $XPROJ db export $D -o $T/run1.conll
expect_grep '^run 1 (zh, imported .*): 3 documents, with its live corrections, to ' $T/out

# (c01x|14 was corrected to what the projection already said: "agrees")
# the rerun: line 2 of the Chinese subtitles says something else now
sed 's/放在车里了。/放在车上了。/' $S/zh.srt > $T/zh2.srt
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh --tgt-subs $T/zh2.srt -o $T/p --quiet
# the rerun's summary says what was carried over (as db runs does)
expect_grep '^  corrections  from run 1: 2 carried over, 1 already so in the new projection, 1 not carried (xproj db runs lists them)$' $T/p/summary.txt
expect_status 0 $XPROJ db runs $D
expect_grep '^run 1 (zh, .*): 3 documents, 92 mentions, 85 projected; 4 live corrections, 0 reviews$' $T/out
expect_grep '^run 2 (zh, .*): 3 documents, 92 mentions, 85 projected; 2 live corrections, 0 reviews$' $T/out
expect_grep '^from run 1: 2 corrected mentions carried over, 1 already so in the new projection, 1 not carried' $T/out
expect_grep '^  s01e01c00x|3  lost: the target sentence changed$' $T/out
expect_status 0 $XPROJ db stats $D
expect_grep '^run 2 (zh, ' $T/out
expect_grep '^additions 0, deletions 1, modifications 1 ' $T/out
# text, no JSON line among it (--json is for that): the breakdowns as sentences
grep -q '[{}]' $T/out && { echo "FAIL: db stats' text output holds JSON:"; cat $T/out; fails=$((fails + 1)); }
expect_grep '^by annotator: ann 0 added, 0 deleted, 1 modified; bob 0 added, 1 deleted, 0 modified$' $T/out
expect_grep '^by language: zh 0 added, 1 deleted, 1 modified$' $T/out
expect_status 0 $XPROJ db stats --run 1 --json $D
expect_grep '^{"additions":1,"deletions":1,"modifications":2,' $T/out
expect_status 1 $XPROJ db stats --run 7 $D
expect_grep 'there is no run 7' $T/err

# run 1 is as it was; run 2 has the carried corrections but not the lost one
expect_status 0 $XPROJ db export --run 1 $D -o $T/again1.conll
cmp -s $T/run1.conll $T/again1.conll || { echo "FAIL: run 1 changed"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db export $D -o $T/run2.conll
expect_grep '^run 2 ' $T/out
diff $T/run1.conll $T/run2.conll > $T/diff
expect_eq "$(grep -c '^[<>]' $T/diff)" 4 "run 1 and run 2 differ in two lines: the lost addition, the new text"
expect_grep '^< s01e01c00x.*放.*(1)$' $T/diff
expect_grep '^> s01e01c00x.*上.*-$' $T/diff
expect_status 0 $XPROJ db show $D 's01e01c00x|2'
expect_grep '^  tgt 0    里 奥 ， 你 带 \[蛋\] 糕 了 吗 ？$' $T/out
expect_grep '^  silver   里 奥 ， 你 带 \[蛋 糕\] 了 吗 ？$' $T/out
expect_grep 'modify 0:5:6 by ann (carried from an earlier run)$' $T/out
expect_grep '^  rerun    from run 1: carried$' $T/out
expect_status 0 $XPROJ db show $D 's01e01c00x|3'
expect_grep '^  rerun    from run 1: lost (the target sentence changed)$' $T/out
expect_grep '^  tgt 1    放 在 车 上 了 。   (no span)$' $T/out
expect_status 0 $XPROJ db show $D --doc s01e01c02x
expect_eq "$(grep -c '^s01e01c02x|' $T/out)" 38 "db show --doc: every mention of the scene"
expect_status 1 $XPROJ db show $D 's01e01c00x|999'
expect_grep 'no such mention in run 2' $T/err
expect_status 1 $XPROJ db show $D --doc nope
# neither a mention nor --doc, or both: a usage error, before the store
expect_status 2 $XPROJ db show $D
expect_grep "^xproj db show: which mention? DOC|ID (DOC|PART:ID) or --doc DOC, one of the two$" $T/err
expect_status 2 $XPROJ db show $D --doc s01e01c02x 's01e01c00x|2'

# text from the data cannot drive the terminal
esc=$(printf '\033')
sed "s/里奥，你带蛋糕了吗？/里奥，你${esc}[2J带蛋糕了吗？/" $S/zh.srt > $T/zh3.srt
expect_status 0 $XPROJ pipeline --config $S/zh.conf --tgt-subs $T/zh3.srt -o $T/esc --quiet
expect_status 0 $XPROJ db show $T/esc/corrections.db 's01e01c00x|1'
expect_grep '^  tgt subs #1 里奥，你\\x1b\[2J带蛋糕了吗？$' $T/out
expect_grep '^  en subs  #2 Leo, did you bring the cake?$' $T/out
expect_status 0 $XPROJ db triage $T/esc/corrections.db --top 40
expect_eq "$(grep -c "$esc" $T/out)" 0 "no raw escape character in triage output"
finish
