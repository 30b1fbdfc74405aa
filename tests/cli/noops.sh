# An action that changes nothing is not a correction (correct/db.h,
# "No-ops"): every write path given its no-op on the sample's store is
# refused with the reason and writes nothing (db: exit 1; the API: 422),
# a batch's no-op is counted apart and not stored, and an older store's
# stored no-op is left out of db stats' counts and said apart.  Before,
# db modify, POST modify, tadd on the mention's own span, realign to the
# line's own block and a second keep were each stored and counted.
. tests/cli/lib
S=tools/sample
D=$T/p/corrections.db
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet
rows() { sqlite3 $D "SELECT (SELECT count(*) FROM corrections) || ' ' || (SELECT count(*) FROM reviews) || ' ' ||
	(SELECT count(*) FROM tedits) || ' ' || (SELECT count(*) FROM history)"; }
was=$(rows)
K='s01e01c00x|2'   # "the cake", projected 0:5:7
expect_status 1 $XPROJ db modify $D --mention "$K" --span 0:5:7 --annotator ann
expect_grep "modify s01e01c00x|2: its span is 0:5:7 already: nothing was written" $T/err
expect_eq "$(rows)" "$was" "db modify to the span it has: nothing written"
expect_status 1 $XPROJ db delete $D --mention 's01e01c00x|3'   # no span
expect_grep 'no projection' $T/err
expect_status 1 $XPROJ db undo $D
expect_grep 'nothing to undo' $T/err
expect_eq "$(rows)" "$was" "a delete of nothing, an undo of nothing: nothing written"

# a batch: its modify to the span K has is not stored, said apart
printf '{"s01e01c00x": {"modify": {"s01e01c00x|2": [0, 5, 7], "s01e01c00x|7": [2, 2, 4]}}}\n' > $T/mmc.json
expect_status 0 $XPROJ db import-corrections $D $T/mmc.json
expect_grep '^batch 1: 0 additions, 0 deletions, 1 modifications; 1 applied' $T/out
expect_grep '^1 edit says what the run has already (not stored, not counted)$' $T/out
expect_grep '^  modify s01e01c00x|2: its span is this already: not stored$' $T/out
expect_eq "$(sqlite3 $D "SELECT count(*) FROM corrections")" 1 "the batch stored its one change"

# an older store's no-op (as the old code stored it): out of the counts
sqlite3 $D "INSERT INTO corrections(run, mention, mention_key, op, old_start, old_end, sent, new_start, new_end, status,
	annotator, created) SELECT 1, m.id, 's01e01c00x|2', 'modify', 5, 7, 0, 5, 7, 'ok', 'old', '2025-01-01T00:00:00Z'
	FROM mentions m JOIN documents d ON d.id = m.document WHERE d.run = 1 AND d.doc = 's01e01c00x' AND m.mention = 2"
expect_status 0 $XPROJ db stats --json $D
expect_grep '^{"additions":0,"deletions":0,"modifications":1,"orphans":0,"conflicts":0,"undone":0,"no_ops":1,' $T/out
expect_grep '"by_annotator":{"mmc":{"add":0,"delete":0,"modify":1}}' $T/out
expect_status 0 $XPROJ db stats $D
expect_grep '^1 stored modification that changed nothing (a span set to the span it had), not counted as corrections$' $T/out
expect_status 0 $XPROJ db runs $D
expect_grep '; 1 live corrections, 0 reviews$' $T/out

# the workbench's API: each no-op 422, nothing written
if command -v curl >/dev/null; then
	serve_start $D
	post() { curl -s -o $T/reply -w '%{http_code}' -X POST "${url}api/edit" -H 'Content-Type: application/json' -d "$1"; }
	was=$(rows)
	v=$(curl -s "${url}api/mention?run=1&key=s01e01c00x%7C2&context=0" | grep -o '"version": *[0-9]*' | tail -1 | grep -o '[0-9]*$')
	body='{"run":1,"key":"s01e01c00x|2","annotator":"ann","version":'$v
	expect_eq "$(post "$body"',"action":"modify","span":[0,5,7]}')" 422 "POST modify to the span it has"
	expect_grep 'its span is 0:5:7 already: nothing was written' $T/reply
	expect_eq "$(post "$body"',"action":"tadd","utt":0,"span":[5,7],"cluster":2}')" 422 "POST tadd on the mention's own span"
	expect_grep 'are mention s01e01c00x|2 already' $T/reply
	expect_eq "$(post "$body"',"action":"realign","blocks":[1]}')" 422 "POST realign to the line's own block"
	expect_grep 'is paired with that block already' $T/reply
	expect_eq "$(rows)" "$was" "the API's no-ops: nothing written"
	expect_eq "$(post "$body"',"action":"keep"}')" 200 "POST keep"
	v=$((v + 1))
	expect_eq "$(post '{"run":1,"key":"s01e01c00x|2","annotator":"ann","version":'$v',"action":"keep"}')" 422 "POST keep on one's own keep"
	expect_grep 'you kept it already' $T/reply
	expect_eq "$(sqlite3 $D "SELECT count(*) FROM reviews")" 1 "one keep stored"
	kill $pid; wait $pid
fi
finish
