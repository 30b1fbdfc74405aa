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

# a NUL inside a token is an error (the word was cut there, silently);
# --repair replaces it, as it does bytes that are not UTF-8
printf '#begin document (d); part 000\nd\t0\t0\tI\000x\t(1)\nd\t0\t1\tsaw\t-\n#end document\n' > $T/nul.conll
expect_status 1 $XPROJ validate $T/nul.conll
expect_grep 'nul.conll:2: error: line holds a NUL byte (byte 8)' $T/err
expect_grep '1 error(s)' $T/out
expect_status 1 $XPROJ stats $T/nul.conll
expect_status 0 $XPROJ convert --repair $T/nul.conll $T/fixed.conll
expect_grep 'I�x' $T/fixed.conll

# the same in a transcript's text (it ended there) and a bitext line
printf 'doc\tutt\tspeaker\ttext\nep1\t1\tRoss\tHi\000there.\n' > $T/nul.tsv
printf '1\n00:00:01,000 --> 00:00:02,000\nHi there.\n' > $T/nul.srt
expect_status 1 $XPROJ align --transcript $T/nul.tsv --subs $T/nul.srt -o $T/a.jsonl
expect_grep 'nul.tsv:2: line holds a NUL byte (byte 14)' $T/err
printf 'I saw\000x ||| 我\n' > $T/nul.txt
expect_status 1 $XPROJ wordalign $T/nul.txt -o $T/w.pharaoh
expect_grep 'nul.txt:1: line holds a NUL byte (byte 6)' $T/err

# a file that cannot be read is an error, not "0 error(s)"
expect_status 1 $XPROJ validate $T/missing.conll $FIX/conll/nested.conll
expect_grep 'missing.conll: 1 error(s), 0 warning(s), could not be read' $T/out
expect_grep 'nested.conll: 0 error(s)' $T/out
head -c 200 $FIX/conll/nested.conll | gzip > $T/cut.conll.gz
head -c 30 $T/cut.conll.gz > $T/cut2.conll.gz
expect_status 1 $XPROJ validate $T/cut2.conll.gz
expect_grep 'cut2.conll.gz: 1 error(s)' $T/out
finish
