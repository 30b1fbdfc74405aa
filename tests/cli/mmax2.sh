# MMAX2 input: a directory or one .mmax file wherever a corpus is read; the
# counts of what the policy changed (stats --json, a note on stderr);
# --format mmax2; errors with file:line; --repair.
. tests/cli/lib
G=$FIX/mmax2_corpus/good

expect_status 0 $XPROJ stats --json $G
expect_grep '"documents":2,"sentences":4,"tokens":21,"mentions":10,"clusters":7,"singletons":5' $T/out
expect_grep '"mmax2":{"markables":13,"chains":5,"unclassed":2,"discontinuous":2,"cross_sentence":2}' $T/out
expect_status 0 $XPROJ stats $G/t1.mmax
expect_grep 't1.mmax: note: MMAX2: of 11 markables, 2 discontinuous .* 2 across sentences (dropped)' $T/err
expect_status 0 $XPROJ stats --format mmax2 $G
expect_grep '^tests/fixtures/mmax2_corpus/good  *2  *4  *21  *10  *7  *5$' $T/out
# a file with nothing to change says nothing
expect_status 0 $XPROJ stats $G/t2.mmax
expect_eq "$(cat $T/err)" "" "no note for t2"

# convert: MMAX2 -> CoNLL (the discontinuous markable as its covering span)
expect_status 0 $XPROJ convert $G $T/g.conll
expect_grep '^t1	0	0	The	.*	(3|(3$' $T/g.conll
expect_grep '^t1	0	6	students	.*	3)$' $T/g.conll
expect_grep 'warning: document t1: 1 duplicate markable' $T/err
expect_status 0 $XPROJ convert $G $T/g.jsonlines
expect_status 0 $XPROJ stats --json $T/g.jsonlines
expect_grep '"mentions":10,"clusters":7' $T/out
expect_status 2 $XPROJ convert --to mmax2 $G $T/x.mmax
expect_grep 'MMAX2 is read, not written' $T/err

# validate: the duplicate is a warning; the note is there too
expect_status 0 $XPROJ validate $G
expect_grep 'good: 0 error(s), 1 warning(s)' $T/out

# score an MMAX2 key against its own CoNLL conversion: 100
expect_status 0 $XPROJ score $G $T/g.conll
expect_grep '^muc .*100.00%$' $T/out

# a missing words file: an error naming the .mmax; --repair skips it
expect_status 1 $XPROJ stats $FIX/mmax2_corpus/missing
expect_grep 'missing/a.mmax: words .*a_words.xml: cannot open' $T/err
expect_status 0 $XPROJ stats --json --repair $FIX/mmax2_corpus/missing
expect_grep '"documents":1' $T/out
expect_grep 'a.mmax: warning: .*--repair skips the document' $T/err
finish
