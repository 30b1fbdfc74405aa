# wordalign --train (--train-lex) files with nothing in them.  An empty file
# is the workflow's own case (an episode whose subtitles pair nothing leaves
# its episode.pairs empty, and that is passed as --train): taken, said on
# stderr, the links those of a run without it.  A file of pairs none of which
# has words on both sides (a side column lost upstream) is refused with its
# name: nothing to train on, nothing written, an existing -o kept.
. tests/cli/lib
printf 'the cat sat ||| le chat assis\na dog ran ||| un chien courut\nthe dog ||| le chien\n' >$T/p.pairs
: >$T/empty.pairs
gzip -c $T/empty.pairs >$T/empty.pairs.gz
printf ' ||| le chat\nthe dog ||| \n' >$T/sides.pairs
W="--iters 4 --samplers 2 --seed 3 --no-names"

expect_status 0 $XPROJ wordalign $T/p.pairs $W -o $T/plain.pharaoh
expect_status 0 $XPROJ wordalign $T/p.pairs $W --train $T/empty.pairs -o $T/e.pharaoh
expect_grep "empty.pairs holds no sentence pair (an episode whose subtitles pair nothing?): trained without it" $T/err
expect_eq "$(sum <$T/e.pharaoh)" "$(sum <$T/plain.pharaoh)" "an empty --train: the links of a run without it"
expect_status 0 $XPROJ wordalign $T/p.pairs $W --train $T/empty.pairs.gz --train $T/empty.pairs -o $T/e2.pharaoh
expect_grep "empty.pairs.gz and other --train files hold no sentence pair" $T/err
expect_status 0 $XPROJ wordalign $T/p.pairs $W --train-lex $T/empty.pairs -o $T/e3.pharaoh
expect_grep "empty.pairs holds no sentence pair" $T/err
# the schedule of a run with an empty --train is that of one without
expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/empty.pairs --schedule
cp $T/out $T/sched.e
expect_status 0 $XPROJ wordalign $T/p.pairs --schedule
expect_eq "$(cat $T/sched.e)" "$(cat $T/out)" "the schedule with an empty --train"

# nothing usable in a file that is not empty: refused, -o as it was
was=$(sum $T/plain.pharaoh)
for opt in --train --train-lex; do
	expect_status 1 $XPROJ wordalign $T/p.pairs $W $opt $T/sides.pairs -o $T/plain.pharaoh
	expect_grep "sides.pairs: none of its 2 sentence pairs has words on both sides (a side column lost?): nothing to train on ($opt)" $T/err
	expect_eq "$(sum $T/plain.pharaoh)" "$was" "$opt of no usable pair: -o kept"
done
expect_status 1 $XPROJ wordalign $T/p.pairs --train $T/sides.pairs --schedule
expect_grep "sides.pairs: none of its 2" $T/err
# one usable pair is enough
printf ' ||| le chat\nthe dog ||| le chien\n' >$T/one.pairs
expect_status 0 $XPROJ wordalign $T/p.pairs $W --train $T/one.pairs -o $T/one.pharaoh

# pipeline --train: the same rule
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --train $T/empty.pairs --no-db --quiet -o $T/pp
expect_grep "empty.pairs holds no sentence pair: trained without it" $T/err
expect_status 1 $XPROJ pipeline --config tools/sample/zh.conf --train $T/sides.pairs --no-db --quiet -o $T/pq
expect_grep "sides.pairs: none of its 2 sentence pairs" $T/err
[ -e $T/pq ] && { echo "FAIL: a refused pipeline left $T/pq"; fails=$((fails + 1)); }
finish
