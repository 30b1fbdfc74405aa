# A language said that the text is not written in (docs/nothing-lost.md):
# Chinese subtitles, corpus or pairs given as Farsi or French, Farsi as
# Chinese.  Before, each went on with exit 0: the wrong pack named in every
# record, report and store run (whose runs of one language supersede each
# other), its rules and normalisation applied.  Now refused naming the
# file, exit 1, nothing written, an existing output as it was.  Latin
# letters name no language and are never refused (placeholder words);
# Japanese, written in Han too, is not refused on Han text.  db import
# --lang naming another pack than the report's is refused too.
. tests/cli/lib
S=tools/sample
A="$XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt"

# align and pipeline: Chinese subtitles as Farsi, French; Farsi as Chinese
expect_status 1 $A --tgt-lang fa -o $T/a.jsonl
expect_grep 'zh.srt: the target text is in the Han script (zh), which --tgt-lang fa is not written in' $T/err
[ -e $T/a.jsonl ] && { echo "FAIL: align wrote its output"; fails=$((fails + 1)); }
expect_status 1 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang fr -o $T/p
expect_grep 'which --tgt-lang fr is not written in' $T/err
[ -e $T/p ] && { echo "FAIL: a refused pipeline left $T/p"; fails=$((fails + 1)); }
expect_status 1 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.xml --tgt-subs $S/fa.xml --tgt-lang zh -o $T/p
expect_grep 'fa.xml: the target text is in the Arabic script (fa), which --tgt-lang zh is not written in' $T/err
# the right language, and Japanese on Han text: as before
expect_status 0 $A --tgt-lang zh -o $T/a.jsonl
cp $T/a.jsonl $T/a.keep
expect_status 0 $A --tgt-lang ja -o $T/j.jsonl
# a refused rerun leaves the output as it was
expect_status 1 $A --tgt-lang de -o $T/a.jsonl
cmp -s $T/a.jsonl $T/a.keep || { echo "FAIL: a refused align replaced its output"; fails=$((fails + 1)); }

# pair: a Chinese corpus as Farsi
sed 's/^\([^ ]*\) \([0-9]*\) \([0-9]*\) \([^ ]*\) /\1 \2 \3 \4\4\4\4\4 /' $FIX/pair/zh.conll > $T/zh.conll
expect_status 1 $XPROJ pair --source $FIX/pair/en.conll --target $T/zh.conll --lang fa -o $T/pz.jsonl
expect_grep 'the target corpus is in the Han script (zh), which --lang fa is not written in' $T/err
[ -e $T/pz.jsonl ] && { echo "FAIL: pair wrote its output"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pair --source $FIX/pair/en.conll --target $T/zh.conll --lang zh -o $T/pz.jsonl

# wordalign: Chinese pairs as Farsi; English as Chinese is Latin (never refused)
for k in 1 2 3 4 5 6; do printf 'I saw Joey today ||| 我 今天 看见 乔伊 了\nhe is here ||| 他 在 这里\n'; done > $T/zh.pairs
expect_status 1 $XPROJ wordalign $T/zh.pairs --tgt-lang fa -o $T/z.pharaoh --samplers 1 --iters 2 --no-names
expect_grep 'zh.pairs: its target side is in the Han script (zh), which --tgt-lang fa is not written in' $T/err
[ -e $T/z.pharaoh ] && { echo "FAIL: wordalign wrote its output"; fails=$((fails + 1)); }
expect_status 1 $XPROJ wordalign $T/zh.pairs --tgt-lang fa --schedule
expect_grep 'which --tgt-lang fa is not written in' $T/err
expect_status 0 $XPROJ wordalign $T/zh.pairs --tgt-lang zh -o $T/z.pharaoh --samplers 1 --iters 2 --no-names
expect_status 0 $XPROJ wordalign $T/zh.pairs --src-lang zh -o $T/z.pharaoh --samplers 1 --iters 2 --no-names

# db import: a Chinese report as Farsi (it would be the latest Farsi run,
# which export and the workbench act on); an alias or a name of no pack is
# taken; a refused import creates no store and leaves one as it was
expect_status 0 $XPROJ pipeline --config $S/zh.conf --no-db --quiet -o $T/z
imp() { expect_status $1 $XPROJ db import $T/c.db --source $S/dialogue.conll --aligned $T/z/aligned.jsonl \
	--report $T/z/report.json --lang $2; }
imp 1 fa
expect_grep 'report.json:1: the report was projected as language zh, --lang says fa' $T/err
[ -e $T/c.db ] && { echo "FAIL: a refused import created the store"; fails=$((fails + 1)); }
imp 0 zh
$XPROJ db delete $T/c.db --mention 's01e01c01x|3' --annotator a >/dev/null 2>&1 || fails=$((fails + 1))
# an alias is the pack's code: the run supersedes zh's and takes its
# correction (before: a line of zho runs, the correction left behind);
# a subtag stays (zh-Hant and zh-Hans subtitles are two lines of runs)
imp 0 zho
$XPROJ db runs $T/c.db > $T/runs 2>&1
expect_grep 'run 2 (zh, ' $T/runs
expect_grep 'from run 1: 1 corrected mentions carried over' $T/runs
imp 0 zh-tv
$XPROJ db runs $T/c.db > $T/runs 2>&1
expect_grep 'run 3 (zh-TV, ' $T/runs
was=$(sum $T/c.db)
imp 1 de
expect_eq "$(sum $T/c.db)" "$was" "a refused import leaves the store as it was"
finish
