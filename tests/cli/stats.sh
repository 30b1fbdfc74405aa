# xproj stats: exact JSON, table, several files, --repair, errors.
. tests/cli/lib

expect_status 0 $XPROJ stats --json $FIX/conll/mmc_traps.conll
expect_eq "$(cat $T/out)" '{"files":[{"path":"tests/fixtures/conll/mmc_traps.conll","documents":1,"sentences":2,"tokens":9,"mentions":6,"clusters":4,"singletons":2}]}' "stats --json"

expect_status 0 $XPROJ stats $FIX/conll/minimal_tabs.conll $FIX/jsonl/words.jsonlines
expect_grep '^total  *2  *4  *14  *8  *4  *1$' $T/out

# an unclosed bracket stops stats with file:line; --repair drops it and says so
expect_status 1 $XPROJ stats $FIX/conll/unclosed.conll
expect_grep 'unclosed.conll:3: bracket (1 opened here is never closed' $T/err
expect_status 0 $XPROJ stats --json --repair $FIX/conll/unclosed.conll
expect_grep '"mentions":3' $T/out
expect_grep 'unclosed.conll:3: warning: .*dropped' $T/err

# gzip input and stdin
gzip -c $FIX/conll/mmc_traps.conll > $T/t.conll.gz
expect_status 0 $XPROJ stats --json $T/t.conll.gz
expect_grep '"mentions":6' $T/out
expect_status 0 sh -c "$XPROJ stats --json - < $FIX/jsonl/words.jsonlines"
expect_grep '"path":"-","documents":1' $T/out

expect_status 1 $XPROJ stats $T/missing.conll
expect_grep 'missing.conll: cannot open' $T/err
expect_status 2 $XPROJ stats
finish
