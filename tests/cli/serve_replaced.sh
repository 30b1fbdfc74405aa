# The workbench's store replaced or removed under it (eleventh adversarial
# round).  A workflow's rerun deletes a shard's store and makes another
# (and `db merge OUT IN` renamed its merged copy over OUT, until h-merge);
# `xproj serve` keeps its connection, and before went on writing into the
# file no path named any more: every later edit answered 200 and was lost
# with it.  Now such an edit is refused (409, "the store was replaced by
# another file since it was opened here"), nothing written.  Its reads
# went on answering 200 from the old file (the other store's edits not
# among them, an edit shown that no store holds); now each GET of the API
# is refused too (409, "restart xproj serve"), the page itself still
# served.  A `db merge` into the store now merges inside the store's own
# transaction: the workbench reads and writes on, the merged rows among
# what it reads.
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
# get WHAT: the API's GET /api/WHAT, its status (the reply in $T/reply)
get() { curl -s -o $T/reply -w '%{http_code}' "${url}api/$1"; }
reads="runs stats queue?run=1 mention?run=1&key=s01e01c00x%7C5 undo?run=1&annotator=ann"
serve_start $D
expect_eq "$(edit 5)" 200 "an edit before the merge"
for r in $reads; do expect_eq "$(get "$r")" 200 "GET $r before the merge"; done
expect_status 0 $XPROJ db merge $D $T/other.db
for r in $reads; do expect_eq "$(get "$r")" 200 "GET $r after the merge"; done
expect_eq "$(get 'mention?run=1&key=s01e01c00x%7C2')" 200 "the merged mention"
expect_grep '"annotator":"bob"' $T/reply
expect_eq "$(edit 7)" 200 "an edit after the merge"
kill -TERM $pid
wait $pid
expect_status 0 $XPROJ db check $D
expect_eq "$(sqlite3 $D "SELECT group_concat(m.mention, ' ') FROM corrections c JOIN mentions m ON m.id = c.mention WHERE c.undone = 0 ORDER BY c.id")" \
	"5 2 7" "the merged store: the edit before the merge, bob's, the edit after"

# replaced by another file (renamed over it, as db merge did)
cp $T/p/corrections.db $T/rep.db
serve_start $T/rep.db
expect_eq "$(edit 5)" 200 "an edit before the store is replaced"
cp $T/other.db $T/rep.new
mv $T/rep.new $T/rep.db
for r in $reads; do
	expect_eq "$(get "$r")" 409 "GET $r after the store is replaced"
	expect_grep 'the store was replaced by another file since it was opened here.*restart xproj serve' $T/reply
done
expect_eq "$(curl -s -o /dev/null -w '%{http_code}' "$url")" 200 "the page itself, after the store is replaced"
expect_eq "$(edit 7)" 409 "an edit after the store is replaced"
expect_grep 'the store was replaced by another file since it was opened here' $T/reply
kill -TERM $pid
wait $pid

# removed (a workflow's rerun deletes its outputs first)
cp $T/p/corrections.db $T/gone.db
serve_start $T/gone.db
expect_eq "$(edit 5)" 200 "an edit before the store is removed"
rm $T/gone.db
for r in $reads; do
	expect_eq "$(get "$r")" 409 "GET $r after the store is removed"
	expect_grep 'the store was removed since it was opened here.*restart xproj serve' $T/reply
done
expect_eq "$(edit 7)" 409 "an edit after"
expect_grep 'the store was removed since it was opened here' $T/reply
kill -TERM $pid
wait $pid

# moved, and a symbolic link to it put in its place (thirteenth round): the
# same file, but SQLite names a store's -wal after its path resolved, so
# every other process read and wrote moved.db-wal while the workbench wrote
# link.db-wal; its edits (200) were in no other process's reads, and lost
# once another wrote.  Now refused as a moved store; the same file under a
# link it was opened through, a hard link, or moved and moved back, as before
cp $T/p/corrections.db $T/link.db
serve_start $T/link.db
expect_eq "$(edit 5)" 200 "an edit before the store is moved"
mv $T/link.db $T/moved.db
ln -s moved.db $T/link.db
expect_eq "$(get runs)" 409 "GET runs after the store is moved behind a link"
expect_grep 'the store was moved (its path now a link to another name' $T/reply
expect_eq "$(edit 7)" 409 "an edit after"
expect_status 0 $XPROJ db modify $T/link.db --mention 's01e01c01x|3' --span 0:0:2 --annotator bob
kill -TERM $pid
wait $pid
expect_status 0 $XPROJ db check $T/moved.db
# (the edit before the move stays in link.db-wal, which SQLite never reads
# for moved.db: a store moved without its -wal, as SQLite's documents warn)
expect_eq "$(sqlite3 $T/moved.db "SELECT count(*) FROM corrections c JOIN mentions m ON m.id = c.mention WHERE m.mention IN (3, 7)")" \
	1 "the moved store: bob's edit, and not the refused one"
rm -f $T/link.db* $T/moved.db*
cp $T/p/corrections.db $T/moved.db
ln -s moved.db $T/link.db
serve_start $T/link.db
expect_eq "$(edit 5)" 200 "an edit through the link it was opened by"
ln $T/moved.db $T/hard.db
rm $T/moved.db
mv $T/hard.db $T/moved.db
expect_eq "$(edit 7)" 200 "an edit after a hard link of it is renamed over it"
mv $T/moved.db $T/away.db
mv $T/away.db $T/moved.db
expect_eq "$(edit 9)" 200 "an edit after it is moved away and back"
kill -TERM $pid
wait $pid
finish
