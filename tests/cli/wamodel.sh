# wordalign --save-model / --model / --adapt-sweeps: a model trained on one
# bitext aligns another; the same model and seed give the same links; a
# gzipped model works; a truncated, corrupt or foreign model, and settings
# the model was not trained with, are refused with the file and the reason,
# and no output is written.  Rounds of merged counts: shards' models merged
# (--merge-models), each shard aligned with the sum less its own counts
# (--minus), whose --save-model is then its counts alone.
. tests/cli/lib

# a dictionary of 30 words in consistent order (the target reversed for
# every third pair): 400 pairs to train on, 40 others to align
pairs() { # N SEED
	awk -v n=$1 -v seed=$2 'BEGIN { srand(seed); for (s = 0; s < n; s++) {
		k = 3 + int(rand() * 4); src = ""; tgt = ""
		for (i = 0; i < k; i++) { w[i] = int(rand() * 30); src = src (i ? " " : "") "w" w[i] }
		for (i = 0; i < k; i++) { j = s % 3 ? i : k - 1 - i; tgt = tgt (i ? " " : "") "m" w[j] }
		print src " ||| " tgt } }'
}
pairs 400 1 > $T/train.txt
pairs 40 2 > $T/new.txt

expect_status 0 $XPROJ wordalign $T/train.txt --save-model $T/m --seed 1 --samplers 2 --iters 20
expect_eq "$(head -c 8 $T/m | tr '\n' '|')" "XPROJWA|" "the model's magic"
expect_status 0 $XPROJ wordalign $T/train.txt --save-model $T/m.gz --seed 1 --samplers 2 --iters 20
gzip -dc $T/m.gz | cmp -s - $T/m || { echo "FAIL: the gzipped model differs"; fails=$((fails + 1)); }

expect_status 0 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a1 --seed 5
expect_grep 'aligned with the model .*/m (400 pairs, 30 + 30 words, weight 1), 2 adaptation sweeps' $T/err
expect_grep '2 samplers a direction (the model.s), 3 sweeps each' $T/err
# --schedule with a model: its samplers, no training stages, the
# adaptation's sweeps; the corpus size the model's and the pairs'
expect_status 0 $XPROJ wordalign --model $T/m $T/new.txt --schedule
expect_eq "$(tr '\n' ' ' < $T/out)" "pairs: 440 samplers: 2 stage1: 0 stage2: 0 stage3: 2 passes: 59 sweeps: 3 stop: exactly these sweeps " "--schedule --model"
expect_status 0 $XPROJ wordalign --model $T/m $T/new.txt --schedule --adapt-sweeps 7
expect_grep '^stage3: 7$' $T/out
expect_eq "$(wc -l < $T/a1)" 40 "one line per pair"
expect_status 0 $XPROJ wordalign --model $T/m.gz $T/new.txt -o $T/a2 --seed 5 --threads 2
cmp -s $T/a1 $T/a2 || { echo "FAIL: the same model and seed gave other links"; fails=$((fails + 1)); }
# with the model, each pair's links are the dictionary's: every word to
# its own (reversed pairs crossed); count the pairs entirely right
right=$(paste -d'\t' $T/new.txt $T/a1 | awk -F'\t' '{ split($1, h, " [|][|][|] "); ns = split(h[1], s, " "); split(h[2], t, " ")
	m = split($2, l, " "); ok = m == ns
	for (k = 1; k <= m; k++) { split(l[k], ij, "-"); if ("m" substr(s[ij[1] + 1], 2) != t[ij[2] + 1]) ok = 0 }
	n += ok } END { print n }')
[ "$right" -ge 36 ] || { echo "FAIL: only $right of 40 pairs aligned right with the model"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a3 --seed 5 --adapt-sweeps 0
expect_grep '0 adaptation sweeps' $T/err

# --prior-weight: the model's counts weigh W times, as W times its pairs
expect_status 0 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a7 --seed 5 --prior-weight 3 --adapt-sweeps 10
expect_grep 'aligned with the model .*/m (1200 pairs, 30 + 30 words, weight 3), 10 adaptation sweeps' $T/err
right=$(paste -d'\t' $T/new.txt $T/a7 | awk -F'\t' '{ split($1, h, " [|][|][|] "); ns = split(h[1], s, " "); split(h[2], t, " ")
	m = split($2, l, " "); ok = m == ns
	for (k = 1; k <= m; k++) { split(l[k], ij, "-"); if ("m" substr(s[ij[1] + 1], 2) != t[ij[2] + 1]) ok = 0 }
	n += ok } END { print n }')
[ "$right" -ge 36 ] || { echo "FAIL: only $right of 40 pairs aligned right with the weighed model"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a8 --seed 5 --prior-weight 0.25
expect_grep '(100 pairs, 30 + 30 words, weight 0.25)' $T/err
expect_status 2 $XPROJ wordalign $T/new.txt -o $T/a9 --prior-weight 3
expect_grep '\-\-prior-weight needs --model' $T/err
expect_status 2 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a9 --prior-weight 0
expect_grep "prior-weight: '0' is not a weight" $T/err
expect_status 2 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a9 --prior-weight 2x
# --adapt-sweeps is read as every count is (tools/opts.c xp_cli_intv): a
# leading blank, which strtol skipped, is refused too
expect_status 2 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a9 --adapt-sweeps ' 5'
expect_grep "adapt-sweeps: ' 5' is not a whole number" $T/err
expect_status 2 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a9 --adapt-sweeps 10001
[ -e $T/a9 ] && { echo "FAIL: a9 written"; fails=$((fails + 1)); }

# refused: nothing written
was=$(sum $T/a1)
head -c 1000 $T/m > $T/cut
expect_status 1 $XPROJ wordalign --model $T/cut $T/new.txt -o $T/a1
expect_grep "$T/cut: truncated word-aligner model: 1000 bytes of the" $T/err
cp $T/m $T/flip
printf 'Z' | dd of=$T/flip bs=1 seek=2000 conv=notrunc 2>/dev/null
expect_status 1 $XPROJ wordalign --model $T/flip $T/new.txt -o $T/a1
expect_grep "$T/flip: corrupt word-aligner model: checksum mismatch" $T/err
expect_status 1 $XPROJ wordalign --model $T/new.txt $T/new.txt -o $T/a1
expect_grep "$T/new.txt: not a word-aligner model" $T/err
expect_status 1 $XPROJ wordalign --model $T/none $T/new.txt -o $T/a1
expect_status 1 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a1 --lowercase
expect_grep '\-\-lowercase differs from the model' $T/err
expect_eq "$(sum $T/a1)" "$was" "refused: the output unchanged"
expect_status 2 $XPROJ wordalign $T/new.txt -o $T/a4 --adapt-sweeps 3
expect_grep 'needs --model' $T/err
expect_status 2 $XPROJ wordalign --model $T/m $T/new.txt -o $T/a4 --adapt-sweeps x
[ -e $T/a4 ] && { echo "FAIL: a4 written"; fails=$((fails + 1)); }

# rounds of merged counts over two shards of train.txt
head -200 $T/train.txt > $T/s1; tail -200 $T/train.txt > $T/s2
for s in 1 2; do expect_status 0 $XPROJ wordalign $T/s$s --save-model $T/c$s.gz --seed 1 --samplers 2 --iters 20; done
expect_status 0 $XPROJ wordalign --merge-models $T/sum.gz $T/c1.gz $T/c2.gz
expect_grep '2 models merged into .*/sum.gz: 400 pairs, 30 + 30 words' $T/err
expect_status 0 $XPROJ wordalign $T/s1 --model $T/sum.gz --minus $T/c1.gz --save-model $T/c1b --seed 2
expect_grep 'aligned with the model .*/sum.gz (200 pairs, 30 + 30 words, weight 1)' $T/err
# the shard's new counts alone: its 200 pairs
expect_status 0 $XPROJ wordalign --merge-models $T/one $T/c1b
expect_grep '1 models merged into .*/one: 200 pairs' $T/err
expect_status 0 $XPROJ wordalign $T/new.txt --model $T/sum.gz --minus $T/c2.gz -o $T/a5 --seed 5
right=$(paste -d'\t' $T/new.txt $T/a5 | awk -F'\t' '{ split($1, h, " [|][|][|] "); ns = split(h[1], s, " "); split(h[2], t, " ")
	m = split($2, l, " "); ok = m == ns
	for (k = 1; k <= m; k++) { split(l[k], ij, "-"); if ("m" substr(s[ij[1] + 1], 2) != t[ij[2] + 1]) ok = 0 }
	n += ok } END { print n }')
[ "$right" -ge 36 ] || { echo "FAIL: only $right of 40 pairs aligned right with the merged model"; fails=$((fails + 1)); }
# weighed with --minus: the prior is the sum less c2, times 4; the counts
# saved are still the shard's own (its 200 pairs)
expect_status 0 $XPROJ wordalign $T/s2 --model $T/sum.gz --minus $T/c2.gz --prior-weight 4 --save-model $T/c2w --seed 2
expect_grep 'aligned with the model .*/sum.gz (800 pairs, 30 + 30 words, weight 4)' $T/err
expect_status 0 $XPROJ wordalign --merge-models $T/two $T/c2w
expect_grep '1 models merged into .*/two: 200 pairs' $T/err
# --own-counts: a shard aligned with a model (no --minus) saves its own
# counts alone, the model's taken away (weighed or not)
expect_status 0 $XPROJ wordalign $T/s1 --model $T/m --prior-weight 2 --own-counts --save-model $T/o1 --seed 3
expect_status 0 $XPROJ wordalign --merge-models $T/o1m $T/o1
expect_grep '1 models merged into .*/o1m: 200 pairs' $T/err
expect_status 2 $XPROJ wordalign $T/s1 --model $T/m --own-counts -o $T/a10
expect_grep 'own-counts needs --save-model' $T/err
# refused: a shard trained otherwise, a part that is no part of the sum,
# a model that is no model; nothing written
expect_status 0 $XPROJ wordalign $T/s2 --save-model $T/c3 --seed 1 --samplers 3 --iters 5
expect_status 1 $XPROJ wordalign --merge-models $T/bad $T/c1.gz $T/c3
expect_grep "$T/c3: its number of samplers (--samplers) is not that of $T/c1.gz" $T/err
expect_status 0 $XPROJ wordalign $T/s2 --save-model $T/c4 --seed 1 --samplers 2 --iters 5 --lowercase
expect_status 1 $XPROJ wordalign --merge-models $T/bad $T/c1.gz $T/c4
expect_grep "$T/c4: its lower-casing (--lowercase) is not that of" $T/err
expect_status 1 $XPROJ wordalign --merge-models $T/bad $T/c1.gz $T/new.txt
expect_grep "$T/new.txt: not a word-aligner model" $T/err
[ -e $T/bad ] && { echo "FAIL: bad written"; fails=$((fails + 1)); }
expect_status 1 $XPROJ wordalign $T/s1 --model $T/c1.gz --minus $T/sum.gz -o $T/a6
expect_grep 'below zero' $T/err
expect_status 2 $XPROJ wordalign $T/s1 --minus $T/c1.gz -o $T/a6
expect_grep 'needs --model' $T/err
expect_status 2 $XPROJ wordalign --merge-models $T/bad $T/c1.gz -o $T/a6
[ -e $T/a6 ] && { echo "FAIL: a6 written"; fails=$((fails + 1)); }
finish
