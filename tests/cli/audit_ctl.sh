# bench/audit.pl's control row (issue 33 item 1): a row aligned again
# (kind aligner) is read against `ctl`, the baseline at other seeds
# (--ctl-seeds); it passes when its tune interval is above zero, its tune
# gain beyond max(|lo|, |hi|) of the control's interval, and its dev gain
# >= -(TOL + |the control's dev gain|).  Per-document scores made here:
# every scene 80 of 100 mentions right both ways (F1 80) unless said.
. tests/cli/audit_lib
DEN=100
# the baseline at the audit's seeds 1 and 2, and at the control's 3 and 4:
# seed 3's chain gives the baseline's figures, seed 4's 70 everywhere, so
# the control's gain is (0 - 10) / 2 = -5 on every resample, tune and dev
for s in 1 2 3; do doc tune base $s "$(each "$tune" 80)"; doc dev base $s "$(each "$dev" 80)"; done
doc tune base 4 "$(each "$tune" 70)"; doc dev base 4 "$(each "$dev" 70)"
for s in 1 2; do
	# big: +10 on tune, dev as the baseline: beyond the control's bar (5)
	doc tune big $s "$(each "$tune" 90)"; doc dev big $s "$(each "$dev" 80)"
	# small: +3 on tune: passes the rule rows' test, within the chain's noise
	doc tune small $s "$(each "$tune" 83)"; doc dev small $s "$(each "$dev" 80)"
	# devloss: +10 on tune, -2 on dev: fails the rule rows' test (TOL 0.05),
	# a dev loss within what the control moved dev by (5): passes
	doc tune devloss $s "$(each "$tune" 90)"; doc dev devloss $s "$(each "$dev" 78)"
	# flat: the baseline's figures
	doc tune flat $s "$(each "$tune" 80)"; doc dev flat $s "$(each "$dev" 80)"
done
printf 'ctl off control off\nbig off aligner off\nsmall off aligner off\ndevloss off aligner off\nflat off aligner off\n' > $T/rules
expect_status 0 perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "3 4" --resamples 200 --boot-seed 33 \
	--tol 0.05 --rules $T/rules
cp $T/out $T/with
expect_grep '^| `ctl` | control | seeds 3 / 4 (gain: against seeds 1 / 2) | -5.00 (+0.00/-10.00) | -5.00 .. -5.00 | 4 | .* | -5.00 / .* | control: the chain alone | -5.00 (-5.00 .. -5.00) | -5.00 | the chain alone: below zero |$' $T/with
expect_grep '^| `big` | aligner | off (gain: turned on) | +10.00 (+10.00/+10.00) | +10.00 .. +10.00 | 4 | .* | off; would pass on |' $T/with
expect_grep "^| \`small\` | aligner | .* | +3.00 (+3.00/+3.00) | +3.00 .. +3.00 | .* | off; within the aligner's noise |" $T/with
expect_grep '^| `devloss` | aligner | .* | +10.00 .* | -2.00 / -2.00 | off; would pass on |' $T/with
expect_grep '^| `flat` | aligner | .* | off; no effect |' $T/with
# the table beside the control: the bar is |-5|, the dev floor -(0.05 + 5)
expect_grep '^x: aligner rows against the control (the baseline at seeds 3 / 4, paired with 1 / 2): .* tune gain > 5.00 .* dev gain >= -5.05 ' $T/with
expect_grep '^| `big` | +10.00 (+10.00/+10.00) | +10.00 .. +10.00 | -5.00 (+0.00/-10.00) | -5.00 .. -5.00 | +0.00 | -5.00 | +0.00 (0 .. 0) | -5.00 (-5.00 .. -5.00) | would pass on | would pass on |$' $T/with
expect_grep "^| \`small\` | +3.00 .* | would pass on | within the aligner's noise |\$" $T/with
expect_grep '^| `devloss` | .* | -2.00 | -5.00 | .* | stays off | would pass on |$' $T/with
expect_eq "$(cat $T/x.aligner | tr '\n' ';')" "big would pass on;small within the aligner's noise;devloss would pass on;flat no effect;" \
	"the aligner rows' verdicts for audit.sh's summary"
# the control counts as no rule
expect_eq "$(cat $T/x.verdicts)" "0 0 4" "the counts leave the control out"
# without a control: the rule rows' test, said
grep -v '^ctl ' $T/rules > $T/rules.noctl
expect_status 0 perl bench/audit.pl --lang x --dir $T --seeds "1 2" --resamples 200 --boot-seed 33 --tol 0.05 --rules $T/rules.noctl
expect_grep '^| `small` | aligner | .* | off; would pass on (no control) |' $T/out
expect_grep '^| `devloss` | aligner | .* | off; stays off (no control) |' $T/out
# the control's seeds: as many as --seeds, none of them; the row needs them
perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "3" --rules $T/rules > $T/out 2>&1 &&
	{ echo "FAIL: one control seed for two accepted"; fails=$((fails + 1)); }
expect_grep 'needs as many seeds as --seeds' $T/out
perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "2 3" --rules $T/rules > $T/out 2>&1 &&
	{ echo "FAIL: a control seed among the audit's accepted"; fails=$((fails + 1)); }
expect_grep 'control seed 2 is one of --seeds' $T/out
perl bench/audit.pl --lang x --dir $T --seeds "1 2" --rules $T/rules > $T/out 2>&1 &&
	{ echo "FAIL: the row ctl without --ctl-seeds accepted"; fails=$((fails + 1)); }
expect_grep 'the row ctl needs --ctl-seeds' $T/out
# bench/audit.sh checks CTL_SEEDS before it aligns anything
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_DICT=$T/none SEEDS="1 7" CTL_SEEDS="2" sh bench/audit.sh
expect_grep 'CTL_SEEDS (2) needs as many seeds as SEEDS (1 7)' $T/err
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_SPANS=2 SEEDS="1 7" CTL_SEEDS="3 7" sh bench/audit.sh
expect_grep 'control seed 7 is one of SEEDS (1 7)' $T/err
finish
