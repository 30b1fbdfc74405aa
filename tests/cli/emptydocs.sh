# Documents without a target sentence (an episode with no subtitles, a
# document the aligned corpus does not hold) are not written to the
# projected corpus, which is training data, unless --keep-empty: project,
# pipeline, db export.  The report still lists them; the summaries count them.
. tests/cli/lib
P=$FIX/project
S=tools/sample
# the fixture's document, then a second one ("e") the aligned corpus lacks
{ cat $P/en.conll; sed 's/(d); part 000/(e); part 000/; s/^d\t/e\t/' $P/en.conll; } >$T/en2.conll

expect_status 0 $XPROJ project --source $T/en2.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --jsonlines $T/zh.jsonl --report $T/r.json
expect_grep '1 document(s) without a target sentence not written (--keep-empty writes them)' $T/err
expect_eq "$(grep -c '^#begin document' $T/zh.conll)" 1 "documents written"
expect_eq "$(grep -c . $T/zh.jsonl)" 1 "jsonlines documents written"
expect_grep '"doc":"e"' $T/r.json
expect_status 0 $XPROJ project --source $T/en2.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/all.conll --keep-empty
expect_eq "$(grep -c '^#begin document' $T/all.conll)" 2 "documents written with --keep-empty"
expect_eq "$(grep -c 'not written' $T/err)" 0 "nothing said with --keep-empty"

# the store keeps every document; its export leaves the empty one out
expect_status 0 $XPROJ db import $T/c.db --source $T/en2.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_status 0 $XPROJ db export $T/c.db -o $T/x.conll
expect_grep '^1 document(s) without a target sentence not written' $T/out
expect_eq "$(grep -c '^#begin document' $T/x.conll)" 1 "db export: documents written"
expect_status 0 $XPROJ db export $T/c.db -o $T/y.conll --keep-empty
expect_eq "$(grep -c '^#begin document' $T/y.conll)" 2 "db export --keep-empty: documents written"

# pipeline: a later scene the subtitles do not cover (the first scene's
# text again, as scene 9: one of a lower number would be aligned alone
# against the whole subtitles, as scenes out of order are, adv15)
{ cat $S/dialogue.conll; sed -n '/^#begin document/,/^#end document/p' $S/dialogue.conll | head -n 200 |
	sed 's/s01e01c00x/s01e01c09x/g' | sed -n '1,/^#end document/p'; } >$T/d2.conll
expect_status 0 $XPROJ pipeline --source $T/d2.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh --quiet -o $T/p
expect_status 0 $XPROJ pipeline --source $T/d2.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh -o $T/p2
expect_grep 'documents    [1-9][0-9]* without a target sentence, not written (--keep-empty writes them)' $T/out
n=$(grep -c '^#begin document' $T/p2/projected.conll)
expect_status 0 $XPROJ pipeline --source $T/d2.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh --keep-empty -o $T/p3
expect_eq "$(grep -c '^#begin document' $T/p3/projected.conll)" "$(grep -c '^#begin document' $T/d2.conll)" "pipeline --keep-empty: every document"
[ "$n" -lt "$(grep -c '^#begin document' $T/d2.conll)" ] || { echo "FAIL: pipeline wrote the empty documents"; fails=$((fails + 1)); }
finish
