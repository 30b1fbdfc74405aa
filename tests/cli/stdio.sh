# "-" is standard input where a command reads a file and standard output
# where it writes one.  Standard input can be read once and standard output
# is one stream: two inputs "-" or two outputs "-" are refused before
# anything is read (adversarial round 10; before, `score - -` scored the key
# against an empty response and `wordalign - --train -` trained without the
# second, exit 0 both, and `project -o - --jsonlines -` interleaved CoNLL and
# jsonlines on one stream, exit 0).  One "-" each way stays fine.
. tests/cli/lib
P=$FIX/project
S=tools/sample
$XPROJ bitext $P/aligned.jsonl -o $T/pairs.txt 2>/dev/null
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json 2>/dev/null
$XPROJ db import $T/c.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null

# in_twice WHAT STDIN CMD...: refused, nothing on stdout, the message names stdin
in_twice() {
	what=$1 in=$2; shift 2
	"$@" <$in >$T/out 2>$T/err; st=$?
	if [ $st = 0 ] || ! grep -q 'both name standard input' $T/err; then
		echo "FAIL: $what: exit $st, wanted a refusal naming standard input:"; cat $T/err; fails=$((fails + 1))
	fi
	expect_eq "$(wc -c <$T/out)" 0 "$what: nothing written"
}
out_twice() {
	what=$1; shift
	"$@" >$T/out 2>$T/err; st=$?
	if [ $st = 0 ] || ! grep -q 'both name standard output' $T/err; then
		echo "FAIL: $what: exit $st, wanted a refusal naming standard output:"; cat $T/err; fails=$((fails + 1))
	fi
	expect_eq "$(wc -c <$T/out)" 0 "$what: nothing written"
}
in_twice "score - -" $P/en.conll $XPROJ score - -
in_twice "validate - -" $P/en.conll $XPROJ validate - -
in_twice "stats - -" $P/en.conll $XPROJ stats - -
in_twice "agree - -" $P/en.conll $XPROJ agree - -
in_twice "aer --gold - -" $P/pairs.pharaoh $XPROJ aer --gold - -
in_twice "check-align --bitext - -" $P/pairs.pharaoh $XPROJ check-align --bitext - -
in_twice "symmetrize - -" $P/pairs.pharaoh $XPROJ symmetrize -o $T/s.pharaoh - -
in_twice "wordalign - --train -" $T/pairs.txt $XPROJ wordalign - --train - --iters 4 -o $T/w.pharaoh
in_twice "project --alignments - --probs -" $P/pairs.pharaoh $XPROJ project --source $P/en.conll \
	--aligned $P/aligned.jsonl --alignments - --probs - -o $T/x.conll
in_twice "pipeline --source - --subs -" $S/dialogue.conll $XPROJ pipeline --config $S/zh.conf --source - --subs - \
	-o $T/pl
[ -e $T/pl ] && { echo "FAIL: a refused pipeline made its directory"; fails=$((fails + 1)); }
[ -e $T/w.pharaoh ] || [ -e $T/s.pharaoh ] || [ -e $T/x.conll ] &&
	{ echo "FAIL: a refused command wrote its output"; fails=$((fails + 1)); }

PJ="$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh"
out_twice "project -o - --jsonlines -" $PJ -o - --jsonlines -
out_twice "project -o - --report -" $PJ -o - --report -
out_twice "bitext -o - --map -" $XPROJ bitext $P/aligned.jsonl -o - --map -
out_twice "wordalign -o - --probs -" $XPROJ wordalign $T/pairs.txt --iters 4 -o - --probs -
out_twice "db export -o - --jsonlines -" $XPROJ db export $T/c.db -o - --jsonlines -
out_twice "judge --labels - (its figures on stdout)" $XPROJ judge --key $P/corrected.conll --projected $T/zh.conll \
	--report $T/r.json --labels -

# what db export and db pairs say goes to stderr when their output is
# stdout: it ended the stream (`db export -o - | xproj stats -` refused its
# last line: "token line outside '#begin document'")
$XPROJ db export $T/c.db -o - 2>/dev/null >$T/pipe.conll
expect_status 0 $XPROJ stats $T/pipe.conll
$XPROJ db export $T/c.db -o $T/x.conll --jsonlines - 2>/dev/null >$T/pipe.jsonl
expect_status 0 $XPROJ stats $T/pipe.jsonl
expect_status 0 $XPROJ db modify $T/c.db --mention 'd|1' --span 0:4:8 --annotator ann
$XPROJ db pairs $T/c.db -o - 2>/dev/null >$T/pipe.pairs
expect_eq "$(grep -vc ' ||| ' $T/pipe.pairs)" 0 "db pairs -o -: pairs only"
# (to a file, the line is on stdout as before)
expect_status 0 $XPROJ db export $T/c.db -o $T/y.conll
expect_grep "to $T/y.conll" $T/out

# standard output or error closed by the caller (`>&-`): the next file
# opened took its number, so the CoNLL meant for stdout went into the
# report's temporary file after the report, exit 0 (round twelve); now
# the write to the closed stdout fails, exit 1, the report not made
rm -f $T/cl.json
$PJ -o - --report $T/cl.json >&- 2>$T/err; st=$?
expect_eq "$st" 1 "project -o - --report R >&-: exit status"
expect_grep "<stdout>: write error" $T/err
[ ! -e $T/cl.json ] || { echo "FAIL: project -o - --report R >&-: R made ($(grep -c '#begin' $T/cl.json) CoNLL documents in it)"; fails=$((fails + 1)); }
$PJ -o $T/cl.conll --report $T/cl.json 2>&- >/dev/null
$PJ -o $T/cl2.conll --report $T/cl2.json >/dev/null 2>&1
cmp -s $T/cl.json $T/cl2.json && cmp -s $T/cl.conll $T/cl2.conll || { echo "FAIL: project 2>&-: outputs differ from a run with stderr"; fails=$((fails + 1)); }
expect_status 1 sh -c "exec $XPROJ stats $P/en.conll >&-"
expect_status 1 sh -c "exec $XPROJ convert - $T/cl.jsonl <&-"
[ ! -e $T/cl.jsonl ] || { echo "FAIL: convert - OUT <&-: OUT made"; fails=$((fails + 1)); }
# --version, --help and --man print on stdout as a command does: a full
# disk there is exit 1 (before: 0, `xproj --man > xproj.1` cut short)
if [ -w /dev/full ]; then
	for c in --version --help --man "help convert" "convert --help" "db --help"; do
		$XPROJ $c >/dev/full 2>$T/err; st=$?
		expect_eq "$st" 1 "xproj $c > /dev/full: exit status"
		expect_grep "<stdout>: write error" $T/err
	done
fi

# standard output redirected onto an input (`convert a.jsonl - >> a.jsonl`,
# `db export DB -o - >> DB`): the output appended to the input, exit 0;
# with > the shell emptied the input and an empty result came out, exit 0.
# Refused, as an output named as an input is; the input unchanged
cp $P/en.conll $T/in.conll
expect_status 1 sh -c "exec $XPROJ convert $T/in.conll - >> $T/in.conll"
expect_grep "OUT names the same file as IN .*standard output is that file" $T/err
expect_eq "$(cmp $T/in.conll $P/en.conll && echo same)" same "convert IN - >> IN: IN unchanged"
cp $T/c.db $T/c2.db
expect_status 1 sh -c "exec $XPROJ db export $T/c2.db -o - >> $T/c2.db"
expect_eq "$(cmp $T/c.db $T/c2.db && echo same)" same "db export DB -o - >> DB: DB unchanged"
expect_status 1 sh -c "exec $PJ -o - --report $T/rr.json > $T/rr.json"
expect_grep "two outputs cannot be one file" $T/err
expect_status 0 sh -c "exec $XPROJ convert $T/in.conll - > $T/in.jsonl"

# one each way is fine
expect_status 0 $XPROJ convert - - <$P/en.conll
expect_status 0 $XPROJ score - $P/en.conll <$P/en.conll
expect_grep "^conll .*100.00%" $T/out
expect_status 0 $PJ -o -
expect_status 0 $XPROJ validate - <$P/en.conll
# a subtitle file that can be read once (standard input; a pipe, as bash's
# `--tgt-subs <(zcat zh.srt.gz)` gives; a FIFO) is read once and held: the
# subtitles are read twice (the target's language guessed first).  Before,
# the second read found a pipe empty: every utterance without a target,
# exit 0 (`--subs`: "none of the 40 utterances aligned ... an empty
# file?"); a FIFO blocked forever; `-` was refused as "--subs and --subs
# both name standard input" (adversarial round 14)
AL="$XPROJ align --transcript $S/dialogue.conll"
expect_status 0 $AL --subs $S/en.srt --tgt-subs $S/zh.srt -o $T/al.jsonl
cat $S/zh.srt | $AL --subs $S/en.srt --tgt-subs /dev/stdin -o $T/al-pipe.jsonl 2>$T/err
expect_eq "$(cmp $T/al.jsonl $T/al-pipe.jsonl 2>&1 && echo same)" same "--tgt-subs a pipe: as the file"
expect_status 0 $AL --subs - --tgt-subs $S/zh.srt -o $T/al-stdin.jsonl <$S/en.srt
expect_eq "$(cmp $T/al.jsonl $T/al-stdin.jsonl 2>&1 && echo same)" same "--subs -: as the file"
mkfifo $T/fifo
cat $S/en.srt >$T/fifo &
expect_status 0 timeout $(limit 60) $AL --subs $T/fifo --tgt-subs $S/zh.srt -o $T/al-fifo.jsonl
expect_eq "$(cmp $T/al.jsonl $T/al-fifo.jsonl 2>&1 && echo same)" same "--subs a FIFO: as the file"
cat $S/zh.srt >$T/fifo &
expect_status 0 timeout $(limit 60) $AL --subs $S/en.srt --tgt-subs $T/fifo -o $T/al-fifo2.jsonl
expect_eq "$(cmp $T/al.jsonl $T/al-fifo2.jsonl 2>&1 && echo same)" same "--tgt-subs a FIFO: as the file"
# db import reads --report more than once: a pipe or stdin is refused as
# such (before: "not a projection report" of a good one), no store made
cat $T/r.json | $XPROJ db import $T/pipe.db --source $P/en.conll --aligned $P/aligned.jsonl --report /dev/stdin \
	>$T/out 2>$T/err
expect_grep "report is a pipe or device, which can be read once" $T/err
expect_status 1 $XPROJ db import $T/pipe.db --source $P/en.conll --aligned $P/aligned.jsonl --report - <$T/r.json
expect_grep "report is standard input, which can be read once" $T/err
[ -e $T/pipe.db ] && { echo "FAIL: a refused import made its store"; fails=$((fails + 1)); }
finish
