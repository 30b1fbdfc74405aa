# wordalign --stem: the aligner sees each word as its stem (learned from the
# side's own words, or its first N letters), and every index is still the
# input token's; Han words are never reduced (a Chinese target's links are
# byte for byte those without it); bad values are usage errors.  A pair's
# stems by its target's pack (German's), and a model file that records
# them (and one of before, that does not).
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
	expect_grep "stem is \[src:|tgt:\]learned, \[src:|tgt:\]prefix:N (N 1 to 32) or \[src:|tgt:\]none" $T/err
done
# a side each: taken; one side given two methods: refused
$XPROJ wordalign $T/x.pairs --iters 20 --stem src:prefix:2 --stem tgt:learned -o $T/b.pharaoh 2>$T/err
expect_grep 'source normalised .*: 1406 of 1406 tokens changed' $T/err
expect_grep 'target normalised .*; 32 word types -> 8$' $T/err
expect_status 0 $XPROJ wordalign $T/x.pairs --iters 4 --stem learned --stem learned -o $T/b.pharaoh
expect_status 2 $XPROJ wordalign $T/x.pairs --stem learned --stem tgt:prefix:4 -o $T/e.pharaoh
expect_grep "stem: the target side's method given twice" $T/err
[ ! -e $T/e.pharaoh ] || { echo "FAIL: a usage error wrote its output"; fails=$((fails + 1)); }

# A pair's stems by default: German's pack cuts both sides to four letters
# (lang/de.c stem, src_stem) when the target is named German and the
# source is English (found from its function words); --stem none,
# tgt:none or --no-normalize=stem turn them off.  Made-up pairs: "the" and
# an English noun or its plural, a German-like noun with one of four endings
awk 'BEGIN { split("house river stone table window garden flower letter", e, " ")
	split("hausen flusor steinar tischel fenstar gartow blumer briefan", f, " "); split(" e en er", s, " "); x = 7
	for (k = 0; k < 300; k++) {
		x = (x * 1103515245 + 12345) % 2147483648; n = 1 + int(x / 65536) % 3; l = ""; r = ""
		for (i = 0; i < n; i++) {
			x = (x * 1103515245 + 12345) % 2147483648; w = 1 + int(x / 65536) % 8
			x = (x * 1103515245 + 12345) % 2147483648; j = 1 + int(x / 65536) % 4
			l = l (i ? " " : "") "the " e[w] (j > 2 ? "s" : ""); r = r " die " f[w] s[j]
		}
		print l " |||" r
	} }' >$T/de.pairs
head -40 $T/de.pairs | sed 's/the /a /g' >$T/de.new
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de -o $T/de.pharaoh
expect_grep '^xproj wordalign: source normalised as en (found from its Latin script): .* 17 word types -> 9$' $T/err
expect_grep '^xproj wordalign: target normalised as de: .* 33 word types -> 9$' $T/err
expect_grep "^xproj wordalign: source stems: prefix:4 (the de pack's for English and de; --stem src:none: none)" $T/err
expect_grep "^xproj wordalign: target stems: prefix:4 (the de pack's for English and de; --stem tgt:none: none)" $T/err
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de --stem prefix:4 -o $T/de4.pharaoh
expect_grep "^xproj wordalign: target stems: prefix:4 (--stem)" $T/err
cmp -s $T/de.pharaoh $T/de4.pharaoh || { echo "FAIL: German's default is not --stem prefix:4"; fails=$((fails + 1)); }
# off: the links of a target of no named language
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 -o $T/any.pharaoh
expect_grep 'target normalised for any language .* 33 word types -> 33$' $T/err
for off in "--stem none" "--no-normalize=stem"; do
	expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de $off -o $T/off.pharaoh
	expect_grep 'source normalised as en .* 17 word types -> 17$' $T/err
	expect_grep 'target normalised as de: .* 33 word types -> 33$' $T/err
	! grep -q 'stems:' $T/err || { echo "FAIL: $off: stems said"; cat $T/err; fails=$((fails + 1)); }
	cmp -s $T/any.pharaoh $T/off.pharaoh || { echo "FAIL: $off: other links than no stems"; fails=$((fails + 1)); }
done
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de --stem tgt:none -o $T/off.pharaoh
expect_grep 'source stems: prefix:4 (the de pack' $T/err
expect_grep 'target normalised as de: .* 33 word types -> 33$' $T/err
# a pack without stems (French), another method given: nothing of German's
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang fr -o $T/fr.pharaoh
! grep -q 'stems:' $T/err || { echo "FAIL: fr: stems said"; cat $T/err; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de --stem src:learned -o $T/l.pharaoh
expect_grep 'source stems: learned (--stem)' $T/err
expect_grep 'target stems: prefix:4 (the de pack' $T/err

# The model file records the stems and applies them: a model of German's
# default aligns new pairs with prefix:4 on both sides; --stem may say
# them again, not otherwise; a model without stems stays without
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de --save-model $T/de.model
expect_eq "$(od -An -tu4 -j8 -N4 $T/de.model | tr -d ' ')" 2 "a model's format version"
expect_status 0 $XPROJ wordalign $T/de.new --model $T/de.model -o $T/m1.pharaoh --seed 3
expect_grep "^xproj wordalign: source stems: prefix:4 (the model's)" $T/err
expect_grep "^xproj wordalign: target stems: prefix:4 (the model's)" $T/err
expect_status 0 $XPROJ wordalign $T/de.new --model $T/de.model --stem prefix:4 -o $T/m2.pharaoh --seed 3
cmp -s $T/m1.pharaoh $T/m2.pharaoh || { echo "FAIL: --stem repeating the model's changed its links"; fails=$((fails + 1)); }
for v in none tgt:none src:learned; do
	expect_status 1 $XPROJ wordalign $T/de.new --model $T/de.model --stem $v -o $T/m3.pharaoh
	expect_grep "de.model: --stem .* differs from the model's stems on its .* side (prefix:4): a model aligns with the stems it was trained with" $T/err
done
[ ! -e $T/m3.pharaoh ] || { echo "FAIL: a refused model wrote its output"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 10 --tgt-lang de --stem none --save-model $T/none.model
expect_status 0 $XPROJ wordalign $T/de.new --model $T/none.model -o $T/n1.pharaoh --seed 3
! grep -q 'stems:' $T/err || { echo "FAIL: a model without stems: stems said"; cat $T/err; fails=$((fails + 1)); }
expect_status 1 $XPROJ wordalign $T/de.new --model $T/none.model --stem tgt:prefix:4 -o $T/m3.pharaoh
expect_grep "none.model: --stem tgt:prefix:4 differs from the model's stems on its target side (none)" $T/err
expect_status 1 $XPROJ wordalign --merge-models $T/sum.model $T/de.model $T/none.model
expect_grep "none.model: its source side's stems (--stem) is not that of" $T/err
# a file of format version 1 (before the stems were recorded): each
# side's stem method taken out, the version, length and checksum made
# again; it loads as before, without stems, and aligns as the same model
python3 - $T/none.model $T/v1.model <<'PY'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], 'rb').read())
struct.pack_into('<I', b, 8, 1)
o = 8 + 4 + 8 + 4 + 4 + 4 + 4
for d in range(2):
    n, = struct.unpack_from('<I', b, o); o += 4 + n + 4
    del b[o:o + 4]
struct.pack_into('<Q', b, 12, len(b))
struct.pack_into('<I', b, len(b) - 4, zlib.crc32(bytes(b[:-4])) & 0xffffffff)
open(sys.argv[2], 'wb').write(b)
PY
expect_status 0 $XPROJ wordalign $T/de.new --model $T/v1.model -o $T/v1.pharaoh --seed 3
cmp -s $T/n1.pharaoh $T/v1.pharaoh || { echo "FAIL: a version 1 model aligned otherwise"; fails=$((fails + 1)); }
expect_status 1 $XPROJ wordalign $T/de.new --model $T/v1.model --stem prefix:4 -o $T/m3.pharaoh
expect_grep "differs from the model's stems on its source side (none)" $T/err

exit $((fails > 0))
