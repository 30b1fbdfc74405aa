# The history's detail is JSON written by jansson: a document id, mention key,
# batch file name or batch name holding '"' or '\' keeps every line valid
# (snprintf'd JSON broke on them, and `db check` reported the store).
. tests/cli/lib
P=$FIX/project
sed 's/^d\t/q"\\d\t/; s/(d)/(q"\\d)/' $P/en.conll > $T/en.conll
sed 's/"doc":"d"/"doc":"q\\"\\\\d"/' $P/aligned.jsonl > $T/aligned.jsonl
$XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json 2>/dev/null
D=$T/c.db
expect_status 0 $XPROJ db import $D --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
expect_status 0 $XPROJ db add $D --mention 'q"\d|3' --span 1:2:3
B=$T/'b"\.json'
printf '{"s": {"delete": ["q\\"\\\\d|0"]}}\n' > "$B"
expect_status 0 $XPROJ db import-corrections $D "$B"
expect_grep '1 deletions.* 1 applied' $T/out
expect_status 0 $XPROJ db undo $D --batch "$B"
expect_status 0 $XPROJ db check $D
expect_eq "$(sqlite3 $D "SELECT count(*) FROM history WHERE json_valid(detail)")" \
	"$(sqlite3 $D "SELECT count(*) FROM history")" "every history line is JSON"
expect_eq "$(sqlite3 $D "SELECT json_extract(detail, '\$.mention') FROM history WHERE action = 'add'")" 'q"\d|3' "the key, as it is"
expect_eq "$(sqlite3 $D "SELECT json_extract(detail, '\$.file') FROM history WHERE action = 'import corrections'")" "$B" "the file name, as it is"

# a batch named by a file whose name begins with digits is that name, not
# the batch of that number ("1.json" undid batch 1 too, as atoll read it)
X=$(cd "$(dirname "$XPROJ")" && pwd)/$(basename "$XPROJ")
expect_status 0 $XPROJ db import $T/n.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json
printf '{"s": {"delete": ["q\\"\\\\d|0"]}}\n' > $T/a.json
printf '{"s": {"delete": ["q\\"\\\\d|1"]}}\n' > $T/1.json
(cd $T && $X db import-corrections n.db a.json >/dev/null 2>&1 && $X db import-corrections n.db 1.json >/dev/null 2>&1)
expect_status 0 $XPROJ db undo $T/n.db --batch 1.json
expect_eq "$(sqlite3 $T/n.db "SELECT group_concat(name || ':' || undone, ' ') FROM batches ORDER BY id")" "a.json:0 1.json:1" "only the batch of that name undone"
expect_status 0 $XPROJ db undo $T/n.db --batch 1
expect_eq "$(sqlite3 $T/n.db "SELECT group_concat(name || ':' || undone, ' ') FROM batches ORDER BY id")" "a.json:1 1.json:1" "a number names the batch"
finish
