# A show's names (docs/names.md): `wordalign` learns each English name's
# target forms from every pair it trains on and writes them next to its
# output; `project` reads them there and its rule 'names' puts a name's
# mention on its form.  A malformed names file is refused with its line.
. tests/cli/lib
# training pairs: Joey and Ross in sixty sentence pairs; one pair to align
for k in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
	printf 'Hello , she saw Joey today ||| 你好 , 她 今天 看见 乔伊\n'
	printf 'Hello , he called Ross ||| 你好 , 他 打给 罗斯\n'
	printf 'then Joey met Ross ||| 然后 乔伊 见到 罗斯\n'
done > $T/train.pairs
printf 'Joey is here ||| 乔伊 在 这里\n' > $T/p.pairs
expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/train.pairs --threads 1 --seed 3 --lowercase -o $T/a.pharaoh
expect_grep "$(printf '^joey\t乔伊\t')" $T/a.names
expect_grep "$(printf '^ross\t罗斯\t')" $T/a.names
grep -q '^hello' $T/a.names && { echo "FAIL: Hello (which begins its sentences) taken for a name"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/train.pairs --threads 1 --no-names -o $T/b.pharaoh
[ -e $T/b.names ] && { echo "FAIL: --no-names wrote $T/b.names"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/train.pairs --threads 1 --names $T/c.txt -o $T/c.out
expect_grep "$(printf '^joey\t')" $T/c.txt

# project: Joey unaligned in the third sentence (你好，乔伊！), the
# consistency rule off so that only the names place it
P=$FIX/consist
line() { printf '^%s\t0\t%s\t%s\tna\tna\tna\tna\tna\t-\tna\tna\tna\t%s$' "$@"; }
cp $P/zh.pharaoh $T/zh.pharaoh
printf '# xproj names 1\njoey\t乔伊\t5.0\t1.000\t5\n' > $T/zh.names
proj() { # OUT options...
	out=$1; shift
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/zh.jsonl --alignments $T/zh.pharaoh "$@" \
		-o $T/$out.conll --report $T/$out.json
}
proj on --rules -consist
expect_grep "$(line z 2 乔伊 '(1)')" $T/on.conll
expect_grep ', 1 names, 0 doubt, 0 ef1, 0 phrases$' $T/err
expect_grep "names: 1 forms of 1 names from $T/zh.names" $T/err
expect_grep '"np_rules":{[^}]*"names":true[,}]' $T/on.json
proj off --rules -consist,-names
expect_grep "$(line z 2 乔伊 -)" $T/off.conll
# a rule another pack has, switched on by name (`+names` onto German did
# nothing, with nothing said): the summary says so; one of the pack's, or
# one switched off, is not named
proj other --rules=default,+fa_ezafe,-fa_ra --rules +names
expect_grep '^  --rules fa_ezafe: no rule of zh.s pack (the fa pack.s): it does nothing here$' $T/err
grep -q -- '--rules \(names\|fa_ra\)' $T/err && { echo "FAIL: a rule of the pack, or one off, named"; fails=$((fails + 1)); }
# a generic rule Chinese does not list (edge_punct, which four packs list
# too) does nothing either, nor stray (Farsi's alone since the talk audit)
proj generic --rules default,+edge_punct,+stray
expect_grep '^  --rules edge_punct: no rule of zh.s pack (the generic pack.s): it does nothing here$' $T/err
expect_grep '^  --rules stray: no rule of zh.s pack (the fa pack.s): it does nothing here$' $T/err
# another file by --names; none next to the alignments: no names read
mv $T/zh.names $T/other.names
proj none --rules -consist
expect_grep "$(line z 2 乔伊 -)" $T/none.conll
proj named --rules -consist --names $T/other.names
expect_grep "$(line z 2 乔伊 '(1)')" $T/named.conll

# A.names beside A.pharaoh says the links it was learned with ("# links H");
# a later run with --no-names left the old file there, which project read by
# default with exit 0: refused now, nothing written; --names F reads it all
# the same; a file saying no links (by hand, older) is read as before
expect_grep '^# links [0-9a-f]\{16\}$' $T/a.names
P2=$FIX/consist
expect_status 0 $XPROJ bitext $P2/zh.jsonl -o $T/c.pairs
expect_status 0 $XPROJ wordalign $T/c.pairs --train $T/train.pairs --threads 1 --seed 3 --lowercase -o $T/c.pharaoh
pc() { st=$1; shift; expect_status $st $XPROJ project --source $P2/en.conll --aligned $P2/zh.jsonl --alignments $T/c.pharaoh \
	-o $T/s.conll --report $T/s.json "$@"; }
pc 0
expect_grep "names: .* from $T/c.names" $T/err
rm -f $T/s.json
expect_status 0 $XPROJ wordalign $T/c.pairs --threads 1 --seed 4 --sym intersect --no-names -o $T/c.pharaoh
pc 1
expect_grep "c.names: these names were learned by another run of the aligner than $T/c.pharaoh's links" $T/err
[ -e $T/s.json ] && { echo "FAIL: a projection written with stale names"; fails=$((fails + 1)); }
pc 0 --names $T/c.names
expect_grep "names: .* from $T/c.names" $T/err

# links written compressed (-o A.pharaoh.gz) or under another name: the
# names beside them where project looks (wordalign wrote A.pharaoh.gz.names
# and A.txt.names, project looked only beside A.pharaoh: no names, exit 0)
expect_status 0 $XPROJ wordalign $T/c.pairs --train $T/train.pairs --threads 1 --seed 3 --lowercase -o $T/g.pharaoh.gz
[ -e $T/g.names ] || { echo "FAIL: -o g.pharaoh.gz wrote no g.names"; fails=$((fails + 1)); }
expect_status 0 $XPROJ project --source $P2/en.conll --aligned $P2/zh.jsonl --alignments $T/g.pharaoh.gz -o $T/g.conll
expect_grep "names: .* from $T/g.names" $T/err
expect_status 0 $XPROJ wordalign $T/c.pairs --train $T/train.pairs --threads 1 --seed 3 --lowercase -o $T/h.txt
expect_status 0 $XPROJ project --source $P2/en.conll --aligned $P2/zh.jsonl --alignments $T/h.txt -o $T/h.conll
expect_grep "names: .* from $T/h.txt.names" $T/err

# a malformed names file: refused with its line, nothing written
printf 'joey\t乔伊\tmany\t1.0\t5\n' > $T/bad.names
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/zh.jsonl --alignments $T/zh.pharaoh \
	--names $T/bad.names -o $T/bad.conll
expect_grep "bad.names:1" $T/err
[ -e $T/bad.conll ] && { echo "FAIL: a projection written with a malformed names file"; fails=$((fails + 1)); }
finish
