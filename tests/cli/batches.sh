# Correction batches and reports are taken as written or refused whole:
# a span number that does not fit, a key given twice, are errors naming the
# key (and the store is unchanged); a UTF-8 byte order mark, as spreadsheet
# and MTurk exports write, is accepted in MMC JSON, TASA CSV and reports.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
D=$T/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
log() { $XPROJ db log $D | wc -l; }
before=$(log)

# refused FILE PATTERN: import-corrections fails naming PATTERN; the store is unchanged
refused() {
	expect_status 1 $XPROJ db import-corrections $D "$1"
	expect_grep "$2" $T/err
	expect_eq "$(log)" "$before" "store after refusing $(basename $1)"
}
printf '{"d": {"add": {"d|3": [4294967297, 4294967296, 4294967298]}}}\n' > $T/wide.json
refused $T/wide.json 'add of d|3: 4294967297 does not fit'
printf '{"d": {"modify": {"d|1": [0, -2147483649, 5]}}}\n' > $T/neg.json
refused $T/neg.json 'modify of d|1: -2147483649 does not fit'
printf '{"d": {"delete": ["d|0"]},\n "d": {"add": {"d|3": [1, 2, 3]}}}\n' > $T/twice.json
refused $T/twice.json ':2: .*"d".* twice'
printf '{"d": {"add": {"d|3": [1, 2, 3], "d|3": [1, 0, 1]}}}\n' > $T/twice2.json
refused $T/twice2.json '"d|3".* twice'

# byte order marks
bom() { printf '\357\273\277'; cat "$1"; }
bom $FIX/db/corrections.json > $T/bom.json
expect_status 0 $XPROJ db import-corrections $D $T/bom.json
expect_grep 'batch 1: 2 additions, 1 deletions, 2 modifications' $T/out
bom $FIX/db/tasa.csv > $T/bom.csv
expect_status 0 $XPROJ db import-corrections $D $T/bom.csv
expect_grep 'batch 2:' $T/out
bom $T/r.json > $T/bom-r.json
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/bom-r.json
expect_grep 'run 2 imported' $T/out

# a report that is not one names its file
printf '{"mentions": \n' > $T/bad-r.json
expect_status 1 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/bad-r.json
expect_grep "^xproj db import: $T/bad-r.json:2: not a projection report" $T/err
finish
