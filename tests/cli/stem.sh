# wordalign --stem: the aligner sees each word as its stem (learned from the
# side's own words, or its first N letters), and every index is still the
# input token's; Han words are never reduced (a Chinese target's links are
# byte for byte those without it); bad values are usage errors.
. tests/cli/lib

# made-up pairs: an English word and its target in three inflected forms
# (-ov -ami -e) and alone, and a Han target, word for word
awk 'BEGIN { split("cat dog house river stone tree bird road", e, " ");
	split("brak tolun mesir gravo plind sukar venta dorim", f, " ");
	split("猫咪 小狗 房子 河流 石头 大树 小鸟 道路", h, " "); split(" ov ami e", s, " "); x = 33
	for (k = 0; k < 400; k++) {
		x = (x * 1103515245 + 12345) % 2147483648; n = 2 + int(x / 65536) % 4; l = ""; r = ""; z = ""
		for (i = 0; i < n; i++) {
			x = (x * 1103515245 + 12345) % 2147483648; w = 1 + int(x / 65536) % 8
			x = (x * 1103515245 + 12345) % 2147483648; j = 1 + int(x / 65536) % 4
			l = l (i ? " " : "") e[w]; r = r " " f[w] s[j]; z = z " " h[w]
		}
		print l " |||" r > "'$T'/x.pairs"; print l " |||" z > "'$T'/zh.pairs"
	} }'

expect_status 0 $XPROJ wordalign $T/x.pairs --iters 20 --stem learned -o $T/l.pharaoh --probs $T/l.probs
expect_status 0 $XPROJ check-align --bitext $T/x.pairs --probs $T/l.probs $T/l.pharaoh
$XPROJ wordalign $T/x.pairs --iters 20 --stem tgt:prefix:4 -o $T/p.pharaoh 2>$T/err
expect_grep 'target normalised .*; 32 word types -> 8$' $T/err
expect_status 0 $XPROJ check-align --bitext $T/x.pairs $T/p.pharaoh
$XPROJ wordalign $T/x.pairs --iters 20 --stem learned -o $T/l.pharaoh 2>$T/err
expect_grep 'target normalised .*; 32 word types -> 8$' $T/err
$XPROJ wordalign $T/x.pairs --iters 20 -o $T/n.pharaoh 2>$T/err
expect_grep 'target normalised .*; 32 word types -> 32$' $T/err
$XPROJ wordalign $T/x.pairs --iters 20 --stem src:learned -o $T/s.pharaoh 2>$T/err
expect_grep 'target normalised .*; 32 word types -> 32$' $T/err

# Han: nothing reduced, the same links byte for byte
expect_status 0 $XPROJ wordalign $T/zh.pairs --iters 20 --tgt-lang zh -o $T/zh0.pharaoh --probs $T/zh0.probs
for m in tgt:learned tgt:prefix:1; do
	expect_status 0 $XPROJ wordalign $T/zh.pairs --iters 20 --tgt-lang zh --stem $m -o $T/zh1.pharaoh --probs $T/zh1.probs
	cmp -s $T/zh0.pharaoh $T/zh1.pharaoh && cmp -s $T/zh0.probs $T/zh1.probs ||
		{ echo "FAIL: --stem $m changed a Han target's links"; fails=$((fails + 1)); }
done

# usage errors
for v in prefix prefix:0 prefix:33 learnt both:learned src: ""; do
	expect_status 2 $XPROJ wordalign $T/x.pairs --stem "$v" -o $T/e.pharaoh
	expect_grep "stem is \[src:|tgt:\]learned or \[src:|tgt:\]prefix:N" $T/err
done
# a side each: taken; one side given two methods: refused
$XPROJ wordalign $T/x.pairs --iters 20 --stem src:prefix:2 --stem tgt:learned -o $T/b.pharaoh 2>$T/err
expect_grep 'source normalised .*: 1406 of 1406 tokens changed' $T/err
expect_grep 'target normalised .*; 32 word types -> 8$' $T/err
expect_status 0 $XPROJ wordalign $T/x.pairs --iters 4 --stem learned --stem learned -o $T/b.pharaoh
expect_status 2 $XPROJ wordalign $T/x.pairs --stem learned --stem tgt:prefix:4 -o $T/e.pharaoh
expect_grep "stem: the target side's method given twice" $T/err
expect_status 2 $XPROJ wordalign $T/x.pairs --stem learned --save-model $T/m.model
expect_grep 'stem does not go with --save-model' $T/err
[ ! -e $T/e.pharaoh ] || { echo "FAIL: a usage error wrote its output"; fails=$((fails + 1)); }

exit $((fails > 0))
