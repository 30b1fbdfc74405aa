# xproj db pairs and the pipeline learning from a store's corrections (issue
# 33, priors that carry from one run to the next): only what a person
# confirmed is written (edits, and what a corrected file left as it was),
# never an unreviewed projection; an empty store, a store without
# corrections and one of another language are refused or said; the
# pipeline's next run trains on the pairs with --db-pairs (off by default:
# the gain did not hold, docs/rules.md), says how many and records it.
. tests/cli/lib
R=$FIX/derive-run
F=$FIX/derive
S=tools/sample

# a run without corrections: nothing confirmed, refused, no file written
$XPROJ project --source $R/rules.en.conll --aligned $R/rules.aligned.jsonl --alignments $R/rules.pharaoh \
	-o $T/silver.conll --report $T/r.json 2>/dev/null
expect_status 0 $XPROJ db import $T/c.db --source $R/rules.en.conll --aligned $R/rules.aligned.jsonl --report $T/r.json
expect_status 1 $XPROJ db pairs $T/c.db -o $T/p0
expect_grep 'no span pair to write: 1 run(s) of zh hold no mention a corrector edited or kept' $T/err
[ ! -e $T/p0 ] || { echo "FAIL: db pairs wrote a file of nothing"; fails=$((fails + 1)); }
# a corrected file: its 4 edits and the 8 mentions it left as projected
expect_status 0 $XPROJ db import-corrections $T/c.db --format conll $F/rules-add.conll
expect_status 0 $XPROJ db pairs $T/c.db -o $T/p1
expect_grep ': 12 span pairs of zh to .*: 4 mentions edited, 0 kept, 8 left so by a corrected file' $T/out
expect_eq "$(wc -l < $T/p1 | tr -d ' ')" 12 "one line per confirmed mention"
expect_grep '^my sister ||| wo meimei$' $T/p1
expect_grep '^the girl ||| nage nühai$' $T/p1
# undone, the file confirms nothing any more
expect_status 0 $XPROJ db undo $T/c.db
expect_status 1 $XPROJ db pairs $T/c.db -o $T/p2
# another language: not read, said
expect_status 0 $XPROJ db import-corrections $T/c.db --format conll $F/rules-add.conll
expect_status 1 $XPROJ db pairs $T/c.db --lang fa -o $T/p3
expect_grep 'no span pair to write: 0 run(s) of fa .*runs of other languages, not read: zh' $T/err
# bad input: an empty store, no -o, an option db pairs does not take
expect_status 0 $XPROJ db init $T/empty.db
expect_status 1 $XPROJ db pairs $T/empty.db -o $T/p4
expect_grep 'no projection run in the database' $T/err
expect_status 2 $XPROJ db pairs $T/c.db
expect_grep '\-o PAIRS is required' $T/err
expect_status 2 $XPROJ db pairs $T/c.db --silver -o $T/p5
expect_status 1 $XPROJ db pairs $T/missing.db -o $T/p6

# the pipeline: a first run learns nothing; corrections in the workbench's
# way (db add/modify/delete) are the next run's training when asked
P=$T/p
expect_status 0 $XPROJ pipeline --config $S/zh.conf --db-pairs -o $P
grep -q 'learned' $P/summary.txt && { echo "FAIL: a first run learned something"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db modify $P/corrections.db --mention 's01e01c00x|2' --span 0:5:6 --annotator ann
expect_status 0 $XPROJ db add $P/corrections.db --mention 's01e01c00x|3' --span 1:0:1 --annotator ann
expect_status 0 $XPROJ db delete $P/corrections.db --mention 's01e01c00x|7' --annotator ann
expect_status 0 $XPROJ db pairs $P/corrections.db -o $T/sp
expect_grep ': 2 span pairs of zh to .*: 3 mentions edited, 0 kept, 0 left so by a corrected file (1 without a target span' $T/out
expect_grep '^the cake ||| 蛋$' $T/sp
expect_grep '^I ||| 放$' $T/sp
# by default the store teaches nothing: the links are a storeless run's
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $P
grep -q 'learned' $P/summary.txt && { echo "FAIL: learned without --db-pairs"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline --config $S/zh.conf --no-db -o $T/without
cmp -s $T/without/alignments.pharaoh $P/alignments.pharaoh ||
	{ echo "FAIL: a run without --db-pairs aligned otherwise than one without a store"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline --config $S/zh.conf --db-pairs -o $P
expect_grep "^  learned      2 span pairs a person confirmed in corrections.db (earlier runs' corrections, --db-pairs)$" $P/summary.txt
cmp -s $T/without/alignments.pharaoh $P/alignments.pharaoh &&
	{ echo "FAIL: the store's pairs changed no link"; fails=$((fails + 1)); }
# recorded with the run
expect_status 0 $XPROJ db runs --json $P/corrections.db
expect_grep '"db_pairs":2' $T/out
# reruns: the carried corrections are read once, from the newest run
expect_status 0 $XPROJ db pairs $P/corrections.db -o $T/sp2
expect_grep ': 2 span pairs of zh to .*from 3 documents of 3 run(s)' $T/out
# a store of another language: said, not read
cp $P/corrections.db $T/fa.db
sqlite3 $T/fa.db "UPDATE runs SET lang = 'fa'" 2>/dev/null || python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE runs SET lang='fa'\"); c.commit()" $T/fa.db
mkdir -p $T/q && cp $T/fa.db $T/q/corrections.db
expect_status 0 $XPROJ pipeline --config $S/zh.conf --db-pairs -o $T/q
expect_grep '^  learned      not from 3 run(s) of other languages in corrections.db (fa)$' $T/q/summary.txt
grep -q 'span pairs a person confirmed' $T/q/summary.txt && { echo "FAIL: learned from another language"; fails=$((fails + 1)); }
# A stored no-op (an older store's modify to the span the mention had)
# derived from a corrected file is no edit: the file matched the run, and
# the document is not "left so by a corrected file" (before: its two other
# mentions counted so), as db stats and db runs count no correction; the
# no-op's mention is kept, as the queue has it (h-fix15)
if command -v sqlite3 >/dev/null; then
	P=$FIX/project
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
		-o $T/n.conll --report $T/n.json
	expect_status 0 $XPROJ db import $T/n.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/n.json
	sqlite3 $T/n.db "INSERT INTO corrections(run, mention, mention_key, op, old_start, old_end, sent, new_start, new_end,
		status, annotator, note, created) SELECT 1, id, 'd|1', 'modify', 3, 8, 0, 3, 8, 'ok', 'n1',
		'derived from c.conll', '2025-01-01T00:00:00Z' FROM mentions WHERE mention = 1"
	expect_status 0 $XPROJ db pairs $T/n.db -o $T/n.pairs
	expect_grep ': 0 mentions edited, 1 kept, 0 left so by a corrected file ' $T/out
	expect_status 0 $XPROJ db runs $T/n.db
	expect_grep '0 live corrections, 0 reviews' $T/out
fi
finish
