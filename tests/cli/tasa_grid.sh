# Issue 32, D5: a TASA grid was not checked against the mention's sentence:
# a [[true]] grid for a longer mention deleted its projection ("1
# deletions; 1 applied", exit 0).  A grid must have the shape export-tasa
# wrote (a row per English token of the sentence, a cell per target token,
# each true, false, 0 or 1); any other is refused with file:line and why,
# and the batch leaves the store as it was.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json 2>/dev/null
D=$T/c.db
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_status 0 $XPROJ db export-tasa $D -o $T/tasa.csv
was=$(sum $D)
row9='[false,false,false,false,false,false,false,false,false]'
bad() { # WHY GRID: a one-row batch for d|1 (7 English tokens, 9 target tokens) is refused
	printf 'mention_id,alignment\n"d|1","%s"\n' "$2" > $T/bad.csv
	expect_status 1 $XPROJ db import-corrections $D $T/bad.csv --format tasa
	expect_grep "^xproj db import-corrections: $T/bad.csv:2: mention d|1: Answer.alignment.*$1" $T/err
	expect_eq "$(sum $D)" "$was" "a grid with $1 left the store"
}
bad "has 1 rows, the mention's sentence 7 English tokens" '[[true]]'
bad "has 8 rows" "[$row9,$row9,$row9,$row9,$row9,$row9,$row9,$row9]"
bad "row 2 has 1 cells, the target sentence 9 tokens" "[$row9,$row9,[true],$row9,$row9,$row9,$row9]"
bad "cell \[0\]\[3\] is not true, false, 0 or 1" "[[false,false,false,\"\"yes\"\",false,false,false,false,false],$row9,$row9,$row9,$row9,$row9,$row9]"
bad "row 0 is not an array" "[true,$row9,$row9,$row9,$row9,$row9,$row9]"
bad "is not a grid" '{}'
expect_status 0 $XPROJ db stats --json $D
expect_grep '"deletions":0' $T/out
# the grids export-tasa wrote import as they are: every projection kept
expect_status 0 $XPROJ db import-corrections $D $T/tasa.csv
expect_grep '0 additions, 0 deletions, 0 modifications' $T/out
# a grid of the right shape that marks other tokens still moves the span
printf 'mention_id,alignment\n"d|1","[%s,%s,[false,false,false,1,0,0,0,0,0],%s,[0,0,0,0,1,0,0,0,0],%s,%s]"\n' \
	"$row9" "$row9" "$row9" "$row9" "$row9" > $T/move.csv
expect_status 0 $XPROJ db import-corrections $D $T/move.csv
expect_grep '1 modifications' $T/out

# adversarial round 9: the line said is the file's, not the row's count (a
# quoted field over two lines, as a worker's comment is, made every later
# row's line one too small); rows ended by CR alone (classic Mac, old
# Excel) lost their first byte each ("|1" for "d|1")
was=$(sum $D)
g7="[$row9,$row9,$row9,$row9,$row9,$row9,$row9]"
printf 'mention_id,comment,alignment\n"d|1","two\nlines","%s"\n"d|0","","[[true]]"\n' "$g7" > $T/ml.csv
expect_status 1 $XPROJ db import-corrections $D $T/ml.csv --format tasa
expect_grep "^xproj db import-corrections: $T/ml.csv:4: mention d|0: Answer.alignment has 1 rows" $T/err
printf 'mention_id,alignment\r"d|1","[[true]]"\r' > $T/cr.csv
expect_status 1 $XPROJ db import-corrections $D $T/cr.csv --format tasa
expect_grep "^xproj db import-corrections: $T/cr.csv:2: mention d|1: Answer.alignment has 1 rows" $T/err
expect_eq "$(sum $D)" "$was" "refused batches left the store"
finish
