# xproj validate: every problem with file:line, exit status.
. tests/cli/lib

expect_status 0 $XPROJ validate $FIX/conll/nested.conll
expect_grep '0 error(s), 0 warning(s)' $T/out

expect_status 1 $XPROJ validate $FIX/conll/bad_bytes.conll $FIX/conll/unopened.conll
expect_grep 'bad_bytes.conll:2: error: line is not valid UTF-8' $T/err
expect_grep 'bad_bytes.conll:3: error: malformed coreference column' $T/err
expect_grep 'unopened.conll:4: error: bracket 5) closes a mention that was never opened' $T/err

# a span in two clusters and a duplicate are warnings: exit 0, or 1 with --strict
expect_status 0 $XPROJ validate $FIX/conll/mmc_traps.conll
expect_grep 'mmc_traps.conll:4: warning: .*is in clusters 1 and 2' $T/err
expect_grep 'duplicate mention' $T/err
expect_status 1 $XPROJ validate --strict $FIX/conll/mmc_traps.conll

expect_status 1 $XPROJ validate $FIX/jsonl/bad.jsonlines
expect_grep 'bad.jsonlines:2: error: not a JSON object' $T/err
expect_grep 'bad.jsonlines:4: error: .*crosses a sentence boundary' $T/err
finish
