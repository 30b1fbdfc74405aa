# bench/audit.pl reads MMC dev by show (issue 33): a scene whose name ends in
# t is TBBT, in f or fe Friends; the TBBT gain has its own bootstrap
# interval, and a rule whose TBBT interval lies below zero while its tune
# interval reaches zero is named for removal.  Per-document scores made
# here: every scene 8 of 10 mentions right both ways (F1 80) unless a
# variant says otherwise.
. tests/cli/audit_lib
for s in 1 2; do
	doc tune base $s "$(each "$tune" 8)"; doc dev base $s "$(each "$dev" 8)"
	# lose: removing it changes nothing on mmc-tune and raises every TBBT scene
	doc tune lose $s "$(each "$tune" 8)"
	doc dev lose $s "$(each "s07e01c00t s07e01c01t s07e01c02t" 9)$(each "s01e01c00f s06e09c03fe" 8)"
	# good: removing it lowers every scene of every set
	doc tune good $s "$(each "$tune" 6)"; doc dev good $s "$(each "$dev" 6)"
	# friends: removing it lowers the Friends dev scenes only
	doc tune friends $s "$(each "$tune" 6)"
	doc dev friends $s "$(each "s07e01c00t s07e01c01t s07e01c02t" 8)$(each "s01e01c00f s06e09c03fe" 6)"
done
printf 'lose on np on\ngood on np on\nfriends on np on\n' > $T/rules
expect_status 0 perl bench/audit.pl --lang x --dir $T --seeds "1 2" --resamples 200 --boot-seed 33 --tol 0.05 --rules $T/rules
expect_grep '^x: MMC dev by show, mention F1: TBBT 80.00 (3 scenes), Friends 80.00 (2 scenes)' $T/out
expect_grep '| verdict | dev-tbbt gain, mention (90% interval) | dev-friends gain, mention | TBBT check |$' $T/out
expect_grep '^| `lose` | np | on | +0.00 (+0.00/+0.00) | 0 .. 0 | 0 | .* | DOUBT .* | -10.00 (-10.00 .. -10.00) | +0.00 | loses; remove (tune within noise) |$' $T/out
expect_grep '^| `good` | np | on | +20.00 (+20.00/+20.00) | +20.00 .. +20.00 | 4 | .* | KEEP | +20.00 (+20.00 .. +20.00) | +20.00 | gains |$' $T/out
expect_grep '^| `friends` | np | on | +20.00 .* | +8.00 / .* | KEEP | +0.00 (0 .. 0) | +20.00 | within noise |$' $T/out
# the doubt table: dev by show after the halves
expect_grep '| dev-tbbt (3 scenes) | dev-friends (2 scenes) |$' $T/out
expect_grep '^| `lose` | -0.00 | .* | +10.00 | -0.00 |$' $T/out
expect_eq "$(cat $T/x.tbbt)" "lose" "the rules the TBBT check removes"
finish
