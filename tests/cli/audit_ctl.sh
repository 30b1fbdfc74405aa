# bench/audit.pl's control row (issue 33 item 1): a row aligned again
# (kind aligner) is read against `ctl`, the baseline at other seeds
# (--ctl-seeds); it passes when its tune interval is above zero, its tune
# gain beyond max(|lo|, |hi|) of the control's interval, and its dev gain
# >= -(TOL + |the control's dev gain|); with several triples, pooled
# (docs/quality.md, "The control pooled over several triples").
# Per-document scores made here:
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
# the control pooled over triples (docs/quality.md, "The control pooled
# over several triples"): a second triple, seeds 5 and 6, whose chain
# gains +8 (96 at seed 5, 80 at seed 6) on tune and dev.  Pooled with the
# first (-5 everywhere) the interval is -5 .. +8, the bar 8, the control's
# gain +1.50 and the dev allowance the mean of |-5| and |+8|: 6.5.
doc tune base 5 "$(each "$tune" 96)"; doc dev base 5 "$(each "$dev" 96)"
doc tune base 6 "$(each "$tune" 80)"; doc dev base 6 "$(each "$dev" 80)"
for s in 1 2; do
	# mid: +6 on tune: beyond the first triple's bar (5), not the pooled one (8)
	doc tune mid $s "$(each "$tune" 86)"; doc dev mid $s "$(each "$dev" 80)"
	# devloss6: +10 on tune, -6 on dev: below the first triple's floor
	# (-5.05), above the pooled one (-6.55)
	doc tune devloss6 $s "$(each "$tune" 90)"; doc dev devloss6 $s "$(each "$dev" 74)"
	# keep, weak: kept settings (on in the baseline), their variant the
	# setting turned off: keep loses 10 without it, weak 6
	doc tune keep $s "$(each "$tune" 70)"; doc dev keep $s "$(each "$dev" 80)"
	doc tune weak $s "$(each "$tune" 74)"; doc dev weak $s "$(each "$dev" 80)"
done
printf 'ctl off control off\nbig off aligner off\nmid off aligner off\ndevloss6 off aligner off\nkeep on aligner on\nweak on aligner on\n' > $T/rules2
# one triple: the old figures
expect_status 0 perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "3 4" --resamples 200 --boot-seed 33 \
	--tol 0.05 --rules $T/rules2
cp $T/out $T/one
expect_eq "$(cat $T/x.aligner | tr '\n' ';')" "big would pass on;mid would pass on;devloss6 stays off;keep KEEP;weak KEEP;" \
	"against one triple"
# two triples, pooled
expect_status 0 perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "3 4,5 6" --resamples 200 --boot-seed 33 \
	--tol 0.05 --rules $T/rules2
cp $T/out $T/pooled
expect_grep '^| `ctl` | control | seeds 3 / 4, 5 / 6 (pooled; gain: against seeds 1 / 2) | +1.50 (+0.00/-10.00; +16.00/+0.00) | -5.00 .. +8.00 | 4 | .* | +1.50 / .* | control: the chain alone | +1.50 (-5.00 .. +8.00) | +1.50 | the chain alone: within noise |$' $T/pooled
expect_grep '^x: aligner rows against the control (the baseline at seeds 3 / 4, 5 / 6, paired with 1 / 2): .* tune gain > 8.00 .* dev gain >= -6.55 .*; pooled over 2 triples, whose own bars are 5.00, 8.00 and dev gains -5.00, +8.00$' $T/pooled
expect_grep "^| \`mid\` | aligner | .* | +6.00 (+6.00/+6.00) | +6.00 .. +6.00 | .* | off; within the aligner's noise |" $T/pooled
expect_grep '^| `keep` | aligner | on | +10.00 (+10.00/+10.00) | .* | KEEP |' $T/pooled
expect_grep "^| \`weak\` | +6.00 .* | KEEP | DOUBT (within the aligner's noise) |\$" $T/pooled
expect_eq "$(cat $T/x.aligner | tr '\n' ';')" "big would pass on;mid within the aligner's noise;devloss6 would pass on;keep KEEP;weak DOUBT (within the aligner's noise);" \
	"against the two triples pooled"
# kept settings count as rules: keep KEEP, weak DOUBT, the three others off
expect_eq "$(cat $T/x.verdicts)" "1 1 3" "a kept setting of the aligner counted as a rule"
# the triples: each as many seeds as --seeds, no seed twice
perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "3 4,5" --rules $T/rules2 > $T/out 2>&1 &&
	{ echo "FAIL: a triple of one seed for two accepted"; fails=$((fails + 1)); }
expect_grep 'needs as many seeds as --seeds' $T/out
perl bench/audit.pl --lang x --dir $T --seeds "1 2" --ctl-seeds "3 4,4 5" --rules $T/rules2 > $T/out 2>&1 &&
	{ echo "FAIL: a control seed in two triples accepted"; fails=$((fails + 1)); }
expect_grep 'control seed 4 given twice' $T/out
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_MP=1 SEEDS="1 7" CTL_SEEDS="2 3,5" sh bench/audit.sh
expect_grep 'CTL_SEEDS (5) needs as many seeds as SEEDS (1 7)' $T/err
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_WA_OFF=--no-name-prior SEEDS="1 7" CTL_SEEDS="2 3,3 5" sh bench/audit.sh
expect_grep 'control seed 3 is given twice in CTL_SEEDS (2 3,3 5)' $T/err
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_WA_OFF=no-name-prior sh bench/audit.sh
expect_grep 'AUDIT_WA_OFF: no-name-prior is no wordalign option' $T/err
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_WA_OFF="--closed-prior=0" sh bench/audit.sh
expect_grep 'AUDIT_WA_OFF: --closed-prior=0: one option without a value' $T/err
# AUDIT_WA_ON: an option and its value, each option a row; what is no
# option, a value without one, two values, a value with a dash: refused
for v in "6" "--samplers 6 7" "--samplers=6" "--settle 0,01" "--samplers 6 48 --iters" "--samplers -1"; do
	expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_WA_ON="$v" sh bench/audit.sh
	expect_grep 'AUDIT_WA_ON: ' $T/err
done
expect_grep 'AUDIT_WA_ON: -1 is no wordalign option' $T/err
# one option twice, in AUDIT_WA_ON or turned both on and off, and --seed
# (the audit's own): before, two rows of one name from one cache (gains of
# opposite signs), or every seed of a row aligned at seed 5, exit 0
# (adversarial round 14)
for v in "--samplers 6 --samplers 8" "--samplers 6 --samplers 6" "--no-name-prior" "--seed 5"; do
	expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_WA_OFF=--no-name-prior AUDIT_WA_ON="$v" sh bench/audit.sh
	expect_grep 'AUDIT_WA_ON: --[a-z-]* is ' $T/err
done
expect_grep "AUDIT_WA_ON: --seed is the audit's own" $T/err
expect_status 2 env DATA=$T AUDIT_DIR=$T/a AUDIT_WA_OFF="--no-name-prior --no-name-prior" sh bench/audit.sh
expect_grep 'AUDIT_WA_OFF: --no-name-prior is given twice' $T/err

# audit.sh end to end with a stand-in for xproj (STUB below): it pairs
# and aligns nothing real, logs each wordalign call, and scores a
# projection by the alignments it read: those aligned with --samplers 6
# 90 on every scene, with --iters 48 85, with --no-name-prior 75, every
# other 80 (so the control's gain is 0 and its bar 0)
mkdir $T/stub $T/w
cat > $T/stub/xproj <<'STUB'
#!/bin/sh
cmd=$1; shift; all=$*
out="" map="" probs="" al="" key="" pairs="" proj=""
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift;; --map) map=$2; shift;; --probs) probs=$2; shift;; --alignments) al=$2; shift;;
	--list-rules) echo '{"rules":[]}'; exit 0;;
	*.all.pairs) pairs=$1;; *.v4_gold_conll) key=$1;; *.conll) proj=$1;;
	esac
	shift
done
case $cmd in
pair) echo '{}' > $out ;;
bitext) printf 'a ||| b\nc ||| d\n' > $out; [ -z "$map" ] || printf '0\n1\n' > $map ;;
wordalign)
	echo "wordalign $all" >> $STUB_LOG
	awk '{ print "0-0" }' $pairs > $out; awk '{ print "0-0 0.9" }' $pairs > $probs ;;
project) echo "$al" > $out ;;
score)
	n=80
	case $(cat $proj) in *samplers6*) n=90;; *iters48*) n=85;; *no-name-prior*) n=75;; esac
	case $key in *tune*) docs="s01e13c00f s01e13c01f s01e14c00f s01e14c01f";; *) docs="s07e01c00t s07e01c01t s01e01c00f s06e09c03fe";; esac
	printf '{"documents":['; sep=
	for d in $docs; do
		printf '%s{"doc":"%s","part":0' "$sep" $d
		for m in mentions muc bcub ceafe; do printf ',"%s":{"recall":[%s,100],"precision":[%s,100]}' $m $n $n; done
		printf '}'; sep=,
	done
	printf ']}\n' ;;
esac
STUB
chmod +x $T/stub/xproj
STUB_LOG=$T/w/calls; export STUB_LOG
wa() { env DATA=$T XPROJ=$T/stub/xproj AUDIT_DIR=$T/w LANGS=fa SEEDS="1 7" CTL_SEEDS="2 3" RESAMPLES=50 \
	AUDIT_RULES=none AUDIT_WA_OFF=--no-name-prior AUDIT_WA_ON="--samplers 6 --iters 48" sh bench/audit.sh; }
expect_status 0 wa
cp $T/out $T/wa1
# each row's seeds aligned once with its option (and its value), the baseline and control without
expect_eq "$(grep -c -- '--samplers 6 ' $T/w/calls) $(grep -c -- '--iters 48 ' $T/w/calls) $(grep -c -- '--no-name-prior ' $T/w/calls) $(wc -l < $T/w/calls)" \
	"2 2 2 10" "AUDIT_WA_ON's rows: two seeds each, beside AUDIT_WA_OFF's and the baseline's"
expect_grep '--seed 7 .* --samplers 6 -o .*/fa\.7\.samplers6\.all\.pharaoh' $T/w/calls
expect_grep '^# audit.sh recipe: wordalign --lowercase --threads 2 --seed 7 --samplers 6$' $T/w/fa.7.samplers6.wordalign.log
expect_grep '^# cpu: [0-9.]* s (user + sys)$' $T/w/fa.7.samplers6.wordalign.log
expect_grep '^# cpu: [0-9.]* s (user + sys)$' $T/w/fa.2.wordalign.log
expect_grep 'fa seed 1 with --samplers 6: aligned in [0-9]* s, [0-9.]* s of CPU' $T/err
expect_grep '^| `samplers6` | aligner | off (gain: turned on) | +10.00 (+10.00/+10.00) | +10.00 .. +10.00 |' $T/wa1
expect_grep '^| `iters48` | aligner | off (gain: turned on) | +5.00 (+5.00/+5.00) |' $T/wa1
expect_grep '^| `no-name-prior` | aligner | on | +5.00 (+5.00/+5.00) |' $T/wa1
expect_grep '^audit.sh: aligner rows against the control (seeds 2 3): fa no-name-prior: KEEP, samplers6: would pass on, iters48: would pass on$' $T/wa1
# again: every alignment from the cache, the same table
expect_status 0 wa
expect_eq "$(wc -l < $T/w/calls)" 10 "a second run aligns nothing"
expect_eq "$(grep '^|' $T/out)" "$(grep '^|' $T/wa1)" "a second run, the same rows"
finish
