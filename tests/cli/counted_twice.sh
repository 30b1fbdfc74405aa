# A model whose counts are added is refused when named twice: merged with
# itself (every count doubled) or --minus'd from itself (nothing left to
# align with), also through a link.  Before, both ran, exit 0.
. tests/cli/lib
P=$FIX/project
$XPROJ bitext $P/aligned.jsonl -o $T/p1.txt 2>/dev/null
for i in 1 2 3 4 5 6; do cat $T/p1.txt; done > $T/pairs.txt
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/a.pharaoh --save-model $T/m.gz --threads 1
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/b.pharaoh --save-model $T/n.gz --threads 1 --seed 2
ln -s m.gz $T/link.gz
twice() {   # WHAT CMD...: exit 1, 'taken twice', no output
	what=$1; shift
	rm -f $T/out.gz $T/o.pharaoh
	expect_status 1 "$@"
	expect_grep 'name the same file.*taken twice' $T/err
	[ -e $T/out.gz ] || [ -e $T/o.pharaoh ] && { echo "FAIL: $what: an output was written"; fails=$((fails + 1)); }
}
twice "merged with itself" $XPROJ wordalign --merge-models $T/out.gz $T/m.gz $T/n.gz $T/m.gz
twice "merged with a link to itself" $XPROJ wordalign --merge-models $T/out.gz $T/link.gz $T/m.gz
twice "--minus its --model" $XPROJ wordalign $T/pairs.txt -o $T/o.pharaoh --model $T/m.gz --minus $T/link.gz
# distinct models still merge and subtract
expect_status 0 $XPROJ wordalign --merge-models $T/out.gz $T/m.gz $T/n.gz
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/o.pharaoh --model $T/out.gz --minus $T/n.gz --threads 1
finish
