# bench/audit.pl --talks (bench/parcorfull.sh AUDIT=1, docs/quality.md "The
# talk audit"): one set of documents, ParCorFull's ten talks, no dev set;
# KEEP when the gain is above zero, the talk-bootstrap interval's low end at
# least zero, neither half below -TOL and more talks up than down.
# Per-document scores made here: every talk 80 of 100 mentions right both
# ways in the baseline (the pack's defaults); a rule's file is the
# projection with the rule switched.
. tests/cli/audit_lib
DEN=100
talks="t00 t01 t02 t03 t04 t05 t06 t07 t08 t09"
# scores "t00:70 ..." SEED TAG: the talks given at their figure, the others 80
scores() {
	set -- "$1" $2 $3
	x=""
	for t in $talks; do
		n=80
		for p in $1; do [ "${p%:*}" = $t ] && n=${p#*:}; done
		x="$x$t:$n "
	done
	doc talks $3 $2 "$x"
}
for s in 1 2; do
	scores "" $s base
	# two: two talks lose 10 without it: the interval's low end is exactly 0
	# (11% of the resamples draw neither), which passes here
	scores "t00:70 t01:70" $s two
	# onehalf: the first half gains, one talk of the second loses 1 (its half
	# -0.20, beyond TOL)
	scores "t00:70 t01:70 t02:70 t03:70 t04:70 t05:81" $s onehalf
	# fewup: one talk gains 20, three lose 1: the gain is above zero, the
	# interval reaches below it, and fewer talks go up than down
	scores "t00:60 t07:81 t08:81 t09:81" $s fewup
	# flat: nothing moves
	scores "" $s flat
	# turnon: a rule off by default, its file with it on: three talks +10
	scores "t02:90 t05:90 t08:90" $s turnon
done
# seed 2 moves one talk of `two` less: the gain is the seeds' mean
scores "t00:70" 2 two
printf 'two on np on\nonehalf on np on\nfewup on np on\nflat on np on\nturnon off np off\n' > $T/rules
expect_status 0 perl bench/audit.pl --talks --label "x, pack x" --lang x --dir $T --seeds "1 2" --resamples 200 \
	--boot-seed 33 --tol 0.05 --rules $T/rules
cp $T/out $T/talks
expect_grep '^x, pack x: baseline 80.00 mention / 80.00 CoNLL F1 (means of seeds 1 / 2: 80.00 / 80.00 mention F1); 10 talks, halves 5 + 5$' $T/talks
expect_grep '^| `two` | on | +1.50 (+2.00/+1.00) | 0 .. +[0-9.]* | +1.50 (0 .. +[0-9.]*) | +3.00; +0.00 | 2 / 8 / 0 | KEEP |$' $T/talks
expect_grep '^| `onehalf` | on | +4.90 (+4.90/+4.90) | +[0-9.]* .. +[0-9.]* | .* | +10.00; -0.20 | 5 / 4 / 1 | DOUBT |$' $T/talks
expect_grep '^| `fewup` | on | +1.70 (+1.70/+1.70) | -[0-9.]* .. +[0-9.]* | .* | +4.00; -0.60 | 1 / 6 / 3 | DOUBT |$' $T/talks
expect_grep '^| `flat` | on | +0.00 (+0.00/+0.00) | 0 .. 0 | +0.00 (0 .. 0) | +0.00; +0.00 | 0 / 10 / 0 | DOUBT (no effect) |$' $T/talks
expect_grep '^| `turnon` | off (gain: turned on) | +3.00 (+3.00/+3.00) | +[0-9.]* .. +[0-9.]* | .* | +2.00; +4.00 | 3 / 7 / 0 | off; would pass on |$' $T/talks
expect_eq "$(cat $T/x.talks.verdicts | tr '\n' ';')" "two KEEP;onehalf DOUBT;fewup DOUBT;flat DOUBT (no effect);turnon off; would pass on;" \
	"the verdicts for parcorfull.sh's summary"
# the same resamples on a second run
expect_status 0 perl bench/audit.pl --talks --label "x, pack x" --lang x --dir $T --seeds "1 2" --resamples 200 \
	--boot-seed 33 --tol 0.05 --rules $T/rules
expect_eq "$(cat $T/out)" "$(cat $T/talks)" "a second run, the same table"
# a variant scored on other talks is refused, not read by position
doc talks flat 2 "$(each "t00 t01 t02 t03 t04 t05 t06 t07 t08 t10" 80)"
perl bench/audit.pl --talks --lang x --dir $T --seeds "1 2" --rules $T/rules > $T/out 2>&1 &&
	{ echo "FAIL: a variant on other talks accepted"; fails=$((fails + 1)); }
expect_grep 'x.2.talks.flat.json: other documents than' $T/out
# --talks has no control row
perl bench/audit.pl --talks --lang x --dir $T --seeds "1 2" --ctl-seeds "3 4" --rules $T/rules > $T/out 2>&1 &&
	{ echo "FAIL: --talks with --ctl-seeds accepted"; fails=$((fails + 1)); }
expect_grep 'talks has no control row' $T/out
finish
