# CorefUD (CoNLL-U with Entity= in MISC) in and out: counts and the note of
# what the model does not hold, an exact round trip, CoNLL-2012 <-> CorefUD,
# projection written as CorefUD, scoring, errors with file:line.
. tests/cli/lib
U=$FIX/conllu/corefud.conllu
P=$FIX/project

expect_status 0 $XPROJ stats --json $U
expect_grep '"documents":2,"sentences":4,"tokens":26,"mentions":12,"clusters":8,"singletons":4' $T/out
expect_grep '"corefud":{"discontinuous":1,"zero":1,"split_ante":2,"bridge":1}' $T/out
expect_status 0 $XPROJ stats $U
expect_grep 'corefud.conllu: note: CorefUD: 1 discontinuous .* 1 of empty nodes only dropped, 2 SplitAnte and 1 Bridge' $T/err

# read -> write: the same bytes; --to names the format where the name does not
expect_status 0 $XPROJ convert $U $T/rt.conllu
expect_status 0 cmp $U $T/rt.conllu
expect_status 0 $XPROJ convert --to conllu $U $T/rt.txt
expect_status 0 cmp $U $T/rt.txt
expect_status 0 $XPROJ convert --from corefud --to conll $U $T/u.conll
expect_grep '^doc1	0	0	Kim	.*	(3|(1)$' $T/u.conll

# CoNLL-2012 -> CorefUD -> CoNLL-2012: what CoNLL -> CoNLL gives
expect_status 0 $XPROJ convert $P/en.conll $T/en.conllu
expect_grep '^# newdoc id = ' $T/en.conllu
expect_status 0 $XPROJ convert $T/en.conllu $T/back.conll
expect_status 0 $XPROJ convert --to conll $P/en.conll $T/same.conll
expect_status 0 cmp $T/back.conll $T/same.conll
# jsonlines -> CorefUD
expect_status 0 $XPROJ convert $FIX/jsonl/words.jsonlines $T/w.conllu
expect_grep '^# speaker = Rachel Green$' $T/w.conllu

# a projection written as CorefUD holds what the CoNLL one holds
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh -o $T/p.conll
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh -o $T/p.conllu
expect_grep 'Entity=(e' $T/p.conllu
expect_status 0 $XPROJ convert $T/p.conllu $T/p2.conll
expect_status 0 cmp $T/p.conll $T/p2.conll

# score: a CorefUD key against its own CoNLL conversion
expect_status 0 $XPROJ score $U $T/u.conll
expect_grep '^muc .*100.00%$' $T/out

# errors name file:line; --repair drops the bracket and says so
expect_status 1 $XPROJ stats $FIX/conllu/unclosed.conllu
expect_grep 'unclosed.conllu:4: the mention of e1 opened here does not close in its sentence' $T/err
expect_status 0 $XPROJ convert --repair $FIX/conllu/unclosed.conllu $T/r.conllu
expect_grep 'unclosed.conllu:8: warning: .*closes no open mention' $T/err
expect_status 0 $XPROJ stats $T/r.conllu
expect_status 1 $XPROJ validate $FIX/conllu/columns.conllu
expect_grep 'columns.conllu:4: error: a token line of 9 column(s), not 10' $T/err
# a Latin-1 file (one word é as the byte E9): refused with its line, as the
# CoNLL reader refuses it; before, convert wrote the byte on, exit 0, into
# a file no reader takes; --repair drops the line and says so
expect_status 1 $XPROJ convert $FIX/conllu/fuzz-latin1.conllu $T/l1.conll
expect_grep 'fuzz-latin1.conllu:4: the line is not UTF-8 (byte 36' $T/err
[ -e $T/l1.conll ] && { echo "FAIL: a Latin-1 file converted"; fails=$((fails + 1)); }
expect_status 0 $XPROJ convert --repair $FIX/conllu/fuzz-latin1.conllu $T/l1.conll
expect_grep 'fuzz-latin1.conllu:11: warning: the line is not UTF-8' $T/err
# an Entity on a multiword token's line (CorefUD puts it on the token's
# words): refused at its line; before, the mention was dropped, exit 0
expect_status 1 $XPROJ convert $FIX/conllu/mwt-entity.conllu $T/mwt.conll
expect_grep "mwt-entity.conllu:5: Entity on a multiword token's line '1-2'" $T/err
expect_status 0 $XPROJ convert --repair $FIX/conllu/mwt-entity.conllu $T/mwt.conll
expect_grep "mwt-entity.conllu:5: warning: Entity on a multiword token's line" $T/err
expect_status 0 $XPROJ convert --repair $FIX/conllu/mwt-entity.conllu $T/mwt.conllu
expect_status 0 $XPROJ convert $T/mwt.conllu $T/mwt.conll   # written without it
finish
