# The workbench's store replaced or removed under it (eleventh adversarial
# round).  `db merge OUT IN` renames its merged copy over OUT, and a
# workflow's rerun deletes a shard's store and makes another; `xproj serve`
# keeps its connection, and before went on writing into the file no path
# named any more: every later edit answered 200 and was lost with it.  Now
# such an edit is refused (409, "the store was replaced by another file
# since it was opened here"), nothing written; the merged store holds
# what was committed before the merge.
. tests/cli/lib
command -v curl >/dev/null || { echo "skipped: no curl"; finish; }
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p
D=$T/main.db
cp $T/p/corrections.db $D
cp $T/p/corrections.db $T/other.db
expect_status 0 $XPROJ db delete $T/other.db --mention 's01e01c00x|2' --annotator bob
# edit N: delete mention N of the sample's first document in the workbench
edit() {
	v=$(curl -s "${url}api/mention?run=1&key=s01e01c00x%7C$1" | sed 's/.*"version":\([0-9]*\).*/\1/')
	curl -s -o $T/reply -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
		-d "{\"run\":1,\"key\":\"s01e01c00x|$1\",\"annotator\":\"ann\",\"version\":$v,\"action\":\"delete\"}" "${url}api/edit"
}
serve_start $D
expect_eq "$(edit 5)" 200 "an edit before the merge"
expect_status 0 $XPROJ db merge $D $T/other.db
expect_eq "$(edit 7)" 409 "an edit after the merge"
expect_grep 'the store was replaced by another file since it was opened here' $T/reply
kill -TERM $pid
wait $pid
expect_status 0 $XPROJ db check $D
expect_eq "$(sqlite3 $D "SELECT group_concat(m.mention, ' ') FROM corrections c JOIN mentions m ON m.id = c.mention WHERE c.undone = 0 ORDER BY c.id")" \
	"5 2" "the merged store: the edit before the merge and bob's"

# removed (a workflow's rerun deletes its outputs first)
cp $T/p/corrections.db $T/gone.db
serve_start $T/gone.db
expect_eq "$(edit 5)" 200 "an edit before the store is removed"
rm $T/gone.db
expect_eq "$(edit 7)" 409 "an edit after"
expect_grep 'the store was removed since it was opened here' $T/reply
kill -TERM $pid
wait $pid
finish
