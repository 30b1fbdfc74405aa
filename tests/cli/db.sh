# xproj db: the correction workflow end to end on the fixtures.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
D=$T/c.db

expect_status 0 $XPROJ db init $D
expect_grep 'schema version 16' $T/out
expect_status 1 $XPROJ db add $D --mention 'd|3' --span 1:2:3
expect_grep 'no projection run in the database' $T/err
# a store with no run yet: db runs listed nothing and said nothing, exit
# 0; it says so on stderr now (stdout stays empty, --json an empty array)
expect_status 0 $XPROJ db runs $D
expect_eq "$(cat $T/out)" "" "db runs of a store with no run: stdout"
expect_grep '^xproj db runs: note: the store holds no run (xproj db import first)$' $T/err
expect_status 0 $XPROJ db runs --json $D
expect_eq "$(cat $T/out)" "[]" "db runs --json of a store with no run"
expect_eq "$(cat $T/err)" "" "db runs --json of a store with no run: stderr"
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_grep 'run 1 imported: 1 documents' $T/out

expect_status 0 $XPROJ db add $D --mention 'd|3' --span 1:2:3 --annotator ana --note 'mine = 我的'
expect_status 1 $XPROJ db add $D --mention 'd|3' --span 1:2:3
expect_grep 'add d|3: add on a mention that is projected (use modify)' $T/err
expect_status 1 $XPROJ db modify $D --mention 'd|1' --span 0:5:12
expect_grep 'not inside the target sentence' $T/err
expect_status 0 $XPROJ db modify $D --mention 'd|1' --span 0:3:5
expect_status 0 $XPROJ db delete $D --mention 'd|0'

expect_status 0 $XPROJ db import-corrections $D $FIX/db/corrections.json
expect_grep '1 for unknown mentions' $T/out
expect_grep 'add elsewhere|7: no such mention in this run' $T/out
# its modify of d|1 says the span d|1 has already (db modify above):
# not stored, not counted, said (before, a third modification)
expect_grep '^1 edit says what the run has already (not stored, not counted)$' $T/out
expect_grep '^  modify d|1: its span is this already: not stored$' $T/out
expect_status 1 $XPROJ db import-corrections $D $FIX/db/corrections.json
expect_grep 'imported before' $T/err
expect_status 1 $XPROJ db import-corrections $D $FIX/db/malformed.json
expect_grep 'is not \[sentence, start, end\]' $T/err

expect_status 0 $XPROJ db stats --json $D
expect_grep '^{"additions":3,"deletions":2,"modifications":2,' $T/out
expect_grep '"by_annotator":{"":{"add":0,"delete":1,"modify":1},"ana":{"add":1,"delete":0,"modify":0},"mmc":{"add":2,"delete":1,"modify":1}}' $T/out

expect_status 0 $XPROJ db export $D -o $T/corrected.conll
expect_status 0 $XPROJ db export $D --silver -o $T/silver.conll
expect_status 0 $XPROJ score --json --metric mentions $T/silver.conll $T/corrected.conll
expect_grep '"mentions":{"recall":\[1,3\],"precision":\[1,3\]' $T/out

expect_status 0 $XPROJ db undo $D
expect_grep 'undone: batch 1' $T/out
expect_status 0 $XPROJ db log $D
expect_grep 'import corrections' $T/out
expect_grep 'undo' $T/out
expect_status 0 $XPROJ db triage $D --top 2
expect_eq "$(grep -c "^ *[0-9]*  [0-9.]*  d|" $T/out)" 2 "triage --top 2"
# the fixture's sentences have no speaker (a talk, an article): none is
# written, not an empty one before ": " (a speaker's name and ": " are the
# sample's, README's tour)
expect_grep "^  en       \[It\] was mine \.$" $T/out
expect_eq "$(grep -c "^  en       : " $T/out)" 0 "no empty speaker before \": \""
expect_status 0 $XPROJ db export-tasa $D -o $T/tasa.csv
expect_grep '^mention_id,src_tokens,tar_tokens,config_obj,alignment,src_spans$' $T/tasa.csv
finish
