# xproj pair, n:m: a talk and its translation whose sentences are not one
# to one (no speakers: pair links sentences n:m), through bitext and project.
. tests/cli/lib
P=$FIX/pair_nm

expect_status 0 $XPROJ pair --source $P/en.conll --target $P/fr.conll -o $T/al.jsonl
expect_grep 'n:m links: 2 1:1, 1 1:2, 1 2:1, 0 2:2; 0 English sentences without a target' $T/err
expect_grep '1 target sentences without an English one (0:1, left out of the aligned corpus)' $T/err
expect_grep '5 English sentences, 5 of 6 target sentences paired' $T/err
# one record per link: English 1-2 joined (src_utts), French 2-3 joined (tgt_subs)
expect_eq "$(sed 's/.*"utt":\([0-9]*\),.*"tgt_subs":\[\([0-9,]*\)\].*/\1>\2/' $T/al.jsonl | paste -sd' ')" \
	"0>0 1>1 3>2,3 4>4" "English sentence -> French sentences"
expect_grep '"utt":1,.*"src":\["I","had","somebody","count","the","books",".","They","gave",' $T/al.jsonl
expect_grep '"src_utts":\[1,2\]' $T/al.jsonl
expect_grep '"tgt_text":"Il y a une énorme vague d'"'"' intérêt pour le bonheur . Surtout chez les chercheurs ."' $T/al.jsonl
expect_eq "$(grep -c src_utts $T/al.jsonl)" 1 "only the joined record says src_utts"

# the length-only baseline runs the same programme
expect_status 0 $XPROJ pair --source $P/en.conll --target $P/fr.conll --length-only -o $T/gc.jsonl
expect_grep 'n:m links:' $T/err

# the dictionary pass word-aligns the first pass's sure links; here it changes nothing
expect_status 0 $XPROJ pair --source $P/en.conll --target $P/fr.conll --dict-pass -o $T/dp.jsonl
expect_grep 'n:m links: 2 1:1, 1 1:2, 1 2:1, 0 2:2' $T/err
expect_eq "$(sed 's/"score":[0-9.e-]*//' $T/dp.jsonl | cksum)" "$(sed 's/"score":[0-9.e-]*//' $T/al.jsonl | cksum)" "the same links with --dict-pass"
expect_status 2 $XPROJ pair --source $P/en.conll --target $P/fr.conll --dict-pass --length-only -o $T/x.jsonl
expect_grep 'one or the other' $T/err

# project reads the joined English sentences as one unit: "They" (sentence
# 2, token 0) is token 7 of the unit and lands on "il", in the cluster of
# "quelqu' un"
expect_status 0 $XPROJ bitext $T/al.jsonl -o $T/pairs --map $T/map
expect_grep '^I had somebody count the books . They gave up after about 40 . ||| J'"'"' ai demandé' $T/pairs
printf '3-6\n2-4 2-5 7-11\n8-10 11-15\n0-0\n' > $T/a.pharaoh
expect_status 0 $XPROJ project --source $P/en.conll --aligned $T/al.jsonl --alignments $T/a.pharaoh --map $T/map -o $T/fr.out
expect_grep '5 mentions, 5 projected' $T/err
expect_eq "$(awk -F'\t' 'NF > 3 && $NF != "-" {print $4 $NF}' $T/fr.out | paste -sd' ')" \
	"bonheur(0) quelqu'(1 un1) il(1) bonheur(0) chercheurs(2)" "projected mentions"

# MMC-style pairing is still asked for by name, and refuses with a hint
expect_status 1 $XPROJ pair --source $P/en.conll --target $P/fr.conll --links subset -o $T/x.jsonl
expect_grep 'has 6 sentences, its English document 5 utterances: they cannot be paired one to one (--links nm' $T/err
[ -e $T/x.jsonl ] && { echo "FAIL: output after an error"; fails=$((fails + 1)); }
expect_status 2 $XPROJ pair --source $P/en.conll --target $P/fr.conll --links 2:1 -o $T/x.jsonl
expect_grep "links: '2:1' is not one of auto, subset, nm" $T/err
# document ids that do not match are an error naming the file and document
sed 's/(talk); part 000/(other); part 000/; s/^talk\t/other\t/' $P/fr.conll > $T/other.conll
expect_status 1 $XPROJ pair --source $P/en.conll --target $T/other.conll -o $T/x.jsonl
expect_grep 'other.conll:1: target document other part 0 is not in the source' $T/err
# a record whose joined sentences are not its src is refused by project
sed 's/"src_utts":\[1,2\]/"src_utts":[1,2,3]/' $T/al.jsonl > $T/bad.jsonl
expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/bad.jsonl --alignments $T/a.pharaoh --map $T/map -o $T/x.out
expect_grep 'bad.jsonl:2: document talk part 0: "src" is not the tokens of utterances 1-3' $T/err
finish
