# bench/transfer.pl, the arithmetic of bench/transfer.sh (issue 33): the
# share of the wrong projections in the first 10 / 25 / 50% of the
# projected mentions ordered lowest confidence first (the first ceil(share
# * n) items, as xproj judge counts), ECE in ten bins, a set cut to one
# show's scenes (a name ending in t is TBBT, else Friends), each kind's own
# first quarter, the folds of a cross-fit merged into one queue, and the
# scene bootstrap of a difference.
. tests/cli/lib
command -v perl >/dev/null && perl -MJSON::PP -e 1 2>/dev/null || { echo "skipped: no perl JSON::PP"; exit 77; }
# a: two TBBT scenes, the wrong projections at the lowest confidences; one
# Friends scene; a null, which no figure counts
printf 'rank\tmention\tfate\tlabel\tconf\n' > $T/a.m.labels.tsv
printf '%s\t%s\tprojected\t%s\t%s\n' 1 's01t|1' wrong 0.1000 2 's02t|1' wrong 0.1500 3 's01t|2' wrong 0.2000 \
	4 's01t|3' right 0.3000 5 's03f|1' wrong 0.5000 6 's03f|2' right 0.6000 7 's02t|2' right 0.8000 \
	8 's02t|3' right 0.8500 9 's01t|4' right 0.9000 10 's02t|4' right 0.9500 >> $T/a.m.labels.tsv
printf '11\ts03f|3\tnull\trecoverable\t0.2000\n' >> $T/a.m.labels.tsv
# b: the same mentions, every wrong one above every right one
awk -F'\t' 'BEGIN { OFS = "\t" } $4 == "wrong" { $5 = sprintf("%.4f", 0.96 + $5 / 100) } { print }' \
	$T/a.m.labels.tsv > $T/b.m.labels.tsv
# the folds of a cross-fit: a split in two files, merged again
head -n 6 $T/a.m.labels.tsv > $T/a1.m.labels.tsv
{ head -n 1 $T/a.m.labels.tsv; tail -n +7 $T/a.m.labels.tsv; } > $T/a2.m.labels.tsv
# the kinds: s01t|1 a pronoun, s02t|1 a name, the rest other noun phrases
# (a report as xproj writes it: its head, then a line a document)
cat > $T/a.report.json <<'EOT'
{"features":["link_mean","pronoun","name"],"lang":"zh"}
{"doc":"s01t","part":0,"detail":[{"id":1,"f":[0.5,1,0]},{"id":2,"f":[0.5,0,0]},{"id":3,"f":[0.5,0,0]},{"id":4,"f":[0.5,0,0]}]}
{"doc":"s02t","part":0,"detail":[{"id":1,"f":[0.5,0,1]},{"id":2,"f":[0.5,0,0]},{"id":3,"f":[0.5,0,0]},{"id":4,"f":[0.5,0,0]}]}
{"doc":"s03f","part":0,"detail":[{"id":1,"f":[0.5,0,0]},{"id":2,"f":[0.5,0,0]},{"id":3,"f":[0.5,0,0]}]}
EOT
for f in b a1 a2; do cp $T/a.report.json $T/$f.report.json; done
expect_status 0 perl bench/transfer.pl --resamples 200 --types --set a=$T/a.m.labels.tsv@tbbt \
	--set b=$T/b.m.labels.tsv@tbbt --set f=$T/a.m.labels.tsv@friends --set all=$T/a.m.labels.tsv \
	--set folds=$T/a1.m.labels.tsv,$T/a2.m.labels.tsv --vs a=b --vs a=a
# TBBT: 8 projected, 3 wrong, the first 1 / 2 / 4 items hold 1 / 2 / 3 of them;
# ECE (2 * 0.125 + 0.2 + 0.7 + 2 * 0.175 + 2 * 0.075) / 8
expect_grep '^a: 2 scenes, 8 projected, 3 wrong: first 10 / 25 / 50% 33.3 / 66.7 / 100.0%, ECE 0.206, worst gap none' $T/out
expect_grep '^b: 2 scenes, 8 projected, 3 wrong: first 10 / 25 / 50% 0.0 / 0.0 / 0.0%,' $T/out
expect_grep '^f: 1 scenes, 2 projected, 1 wrong: first 10 / 25 / 50% 100.0 / 100.0 / 100.0%' $T/out
expect_grep '^all: 3 scenes, 10 projected, 4 wrong: first 10 / 25 / 50% 25.0 / 75.0 / 100.0%, ECE 0.255' $T/out
expect_grep '^folds: 3 scenes, 10 projected, 4 wrong: first 10 / 25 / 50% 25.0 / 75.0 / 100.0%, ECE 0.255' $T/out
expect_grep "^  each kind's own first quarter: pronouns 100.0% (1 wrong of 1), names 100.0% (1 wrong of 1), other noun phrases 100.0% (1 wrong of 6)" $T/out
# every resample ranks a's wrong ones first and b's last: the interval excludes zero
expect_grep '^a against b (2 scenes, 200 resamples): first 10% +33.3 (+25.0 .. +50.0), 25% +66.7 (+50.0 .. +100.0), 50% +100.0 (+100.0 .. +100.0) points' $T/out
expect_grep '^a against a (2 scenes, 200 resamples): first 10% +0.0 (+0.0 .. +0.0), 25% +0.0 (+0.0 .. +0.0)' $T/out
# judge's third label: s01t|2 is unmarked (the reference marks nothing over
# it); by default it counts as wrong, --marked leaves it out, --unmarked-right
# counts it as right
sed 's/^3\ts01t|2\tprojected\twrong/3\ts01t|2\tprojected\tunmarked/' $T/a.m.labels.tsv > $T/m.m.labels.tsv
expect_eq "$(grep -c unmarked $T/m.m.labels.tsv)" 1 "one unmarked label"
expect_status 0 perl bench/transfer.pl --set m=$T/m.m.labels.tsv@tbbt
expect_grep '^m: 2 scenes, 8 projected, 3 wrong: first 10 / 25 / 50% 33.3 / 66.7 / 100.0%' $T/out
# left out: 7 projected, 2 wrong; the first 1 / 2 / 4 items hold 1 / 2 / 2
expect_status 0 perl bench/transfer.pl --marked --set m=$T/m.m.labels.tsv@tbbt
expect_grep '^m: 2 scenes, 7 projected, 2 wrong: first 10 / 25 / 50% 50.0 / 100.0 / 100.0%' $T/out
# counted as right: 8 projected, 2 wrong; the first 1 / 2 / 4 items hold 1 / 2 / 2
expect_status 0 perl bench/transfer.pl --unmarked-right --set m=$T/m.m.labels.tsv@tbbt
expect_grep '^m: 2 scenes, 8 projected, 2 wrong: first 10 / 25 / 50% 50.0 / 100.0 / 100.0%' $T/out
expect_status 2 perl bench/transfer.pl --marked --unmarked-right --set m=$T/m.m.labels.tsv@tbbt
# a set of nothing is an error, not a figure
printf 'rank\tmention\tfate\tlabel\tconf\n' > $T/empty.m.labels.tsv
expect_status 2 perl bench/transfer.pl --set e=$T/empty.m.labels.tsv
expect_grep 'no projected mention' $T/err
finish
