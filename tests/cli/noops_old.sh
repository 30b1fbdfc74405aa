# A store made before no-op corrections were refused (tests/cli/noops.sh)
# may still hold them: a modification to the span the view had, naming no
# cluster (correct/store.h XP_SQL_NOOP), put here by direct SQL as the old
# code stored it.  Such a row is no correction anywhere: before,
#  - `agree --db` replayed it in its annotator's version, so ann2's no-op
#    on the span ann1 had set was an edit both "agreed" on (mention F1
#    100%), and a document ann2 and ann1 had only no-ops in was compared
#    whole (2 documents, not 1);
#  - `db merge` listed it as a conflict with another store's real edit;
#  - the merged store's export (the corrected view) applied it after that
#    edit and set the span back to the projection's (ann1's edit lost);
#  - after an undo of the edit it was made on, the export kept that edit.
. tests/cli/lib
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet
cp $T/p/corrections.db $T/base.db
K2='s01e01c00x|2'   # "the cake", projected 0:5:7
K8='s01e01c00x|8'   # projected 2:2:7
# noop DB ANNOTATOR DOC MENTION SENT START END: the stored no-op an older xproj wrote
noop() {
	sqlite3 $1 "INSERT INTO corrections(run, mention, mention_key, op, old_start, old_end, sent, new_start, new_end,
		status, annotator, created) SELECT 1, m.id, '$3|$4', 'modify', $6, $7, $5, $6, $7, 'ok', '$2',
		'2026-01-02T00:00:00Z' FROM mentions m JOIN documents d ON d.id = m.document
		WHERE d.run = 1 AND d.doc = '$3' AND m.mention = $4"
}
# cake FILE: the first sentence of the export's first document, token and coreference
cake() { awk -F'\t' '$1 == "s01e01c00x" { p = 1; printf "%s:%s ", $3, $NF; next } p && /^$/ { exit }' $1; }

# --- one store two annotators share -------------------------------------------
D=$T/shared.db
cp $T/base.db $D
expect_status 0 $XPROJ db modify $D --mention "$K2" --span 0:4:7 --annotator ann1
expect_status 0 $XPROJ db modify $D --mention "$K8" --span 2:3:7 --annotator ann2
noop $D ann2 s01e01c00x 2 0 4 7      # ann2's "modify" to the span ann1 had set
noop $D ann1 s01e01c01x 0 0 0 2      # a document both only have no-ops in
noop $D ann2 s01e01c01x 0 0 0 2
expect_status 0 $XPROJ agree --db $D --json
# one document (c00x), of 26 mentions; they differ on two: the cake (ann1
# 4:7, ann2 the projection's 5:7: before, ann1's 4:7 in both) and K8
expect_grep '"documents":1,"mentions":{"all":28,"marked_by_all":24,"marked_by_one":4,' $T/out
expect_grep '"pairs":\[{"a":"ann1","b":"ann2","documents":1,"mention_f1":0.923076923076923,' $T/out
# an annotator whose only rows are no-ops is none
D3=$T/three.db
cp $D $D3
noop $D3 ann3 s01e01c00x 2 0 4 7
expect_status 0 $XPROJ agree --db $D3 --json
expect_grep '"annotators":\["ann1","ann2"\]' $T/out
expect_status 1 $XPROJ agree --db $D3 --annotator ann1 --annotator ann3
expect_grep "annotator 'ann3' made no live correction or review in run 1" $T/err

# --- two stores merged --------------------------------------------------------
cp $T/base.db $T/a.db
cp $T/base.db $T/b.db
expect_status 0 $XPROJ db modify $T/a.db --mention "$K2" --span 0:4:7 --annotator ann1
noop $T/b.db ann2 s01e01c00x 2 0 5 7   # made on the projection, in ann2's own store
expect_status 0 $XPROJ db merge $T/all.db $T/a.db $T/b.db
expect_grep '; 0 conflicts' $T/out
grep -q '^conflict' $T/out $T/err && { echo "FAIL: a no-op listed as a conflict:"; cat $T/out $T/err; fails=$((fails + 1)); }
expect_status 0 $XPROJ db export $T/all.db -o $T/all.conll
expect_status 0 $XPROJ db export $T/a.db -o $T/a.conll
expect_eq "$(cake $T/all.conll)" "$(cake $T/a.conll)" "the merged export keeps ann1's edit of the cake"
expect_status 0 $XPROJ db stats --json $T/all.db
expect_grep '"modifications":1,' $T/out
expect_grep '"no_ops":1,' $T/out

# --- an undo of the edit a no-op was made on ------------------------------------
D=$T/undo.db
cp $T/base.db $D
expect_status 0 $XPROJ db export $D -o $T/before.conll
expect_status 0 $XPROJ db modify $D --mention "$K2" --span 0:4:7 --annotator ann1
noop $D ann2 s01e01c00x 2 0 4 7
sqlite3 $D "UPDATE corrections SET undone = 1 WHERE annotator = 'ann1'"   # the workbench's undo of ann1's edit
expect_status 0 $XPROJ db export $D -o $T/after.conll
expect_eq "$(cake $T/after.conll)" "$(cake $T/before.conll)" "after ann1's undo, the cake is the projection's again"
# the pairs for the aligner: the no-op is a keep, not an edit
expect_status 0 $XPROJ db pairs $D -o $T/pairs.txt
expect_grep ': 0 mentions edited, 1 kept,' $T/out
finish
