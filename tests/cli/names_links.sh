# A names file's `# links H` line (adversarial round 11): the hash of the
# links of the aligner's run that learned the names, which `project`
# checks when it reads A.names beside A.pharaoh.  A line of another shape
# (edited by hand, cut) was read as no line: the file was taken as one
# written before the hash, its names used unchecked, exit 0.  Now it is
# refused at its line; a right line of another run, and --names given
# explicitly, as before.
. tests/cli/lib
P=$FIX/consist
cp $P/zh.pharaoh $T/zh.pharaoh
H=$(printf '%016x' 1)   # not the links' hash
proj() { # WANT
	expect_status $1 $XPROJ project --source $P/en.conll --aligned $P/zh.jsonl --alignments $T/zh.pharaoh \
		-o $T/o.conll --report $T/o.json
}
names() { printf '# xproj names 1\n%s\njoey\t乔伊\t5.0\t1.000\t5\n' "$1" > $T/zh.names; }
# the hash of another run: refused, as since round nine
names "# links $H"
proj 1
expect_grep 'these names were learned by another run of the aligner' $T/err
# shapes that are no hash: refused at the line, whatever the links
for bad in "# links ${H%????????}" "# links  $H" "# links ${H}0" "# links zzzzzzzzzzzzzzzz" "# links"; do
	names "$bad"
	proj 1
	expect_grep "zh.names:2: a '# links' line is '# links ' and the 16 hex digits" $T/err
done
# no line at all: a file written before the hash, read unchecked
names ""
proj 0
finish
