# The target mentions project's rules write with no English mention behind
# them (the French, German and Portuguese packs' `marked` and `relative`:
# "Cela", ", qui") are the run's: the report lists them ("tonly"), `db
# import` keeps them as the run's target-only mentions (schema 15), `db
# export` of the untouched run is project's own CoNLL byte for byte (it
# lacked them, with exit 0), `db show` and triage show them as the run's, a
# rerun replaces them with its own, and a corrector deletes or relinks one
# in the workbench (one undo takes it back).  A run without them (the rules
# off, or a pack without them) has a report and a store as before.
. tests/cli/lib
F=$FIX/tonly
A="--source $F/en.conll --aligned $F/aligned.jsonl"
expect_status 0 $XPROJ project $A --alignments $F/pairs.pharaoh -o $T/p.conll --report $T/p.json
expect_grep "$(line t 6 qui '(0)')" $T/p.conll
expect_grep "$(line t 0 Cela '(2)')" $T/p.conll
expect_grep '"tonly":\[{"sent":0,"start":6,"end":7,"cluster":0,"rule":"relative","conf":0.5},{"sent":1,"start":0,"end":1,"cluster":2,"rule":"marked","conf":0.5}\]' $T/p.json

D=$T/t.db
expect_status 0 $XPROJ db import $D $A --report $T/p.json
expect_eq "$(sqlite3 $D "SELECT group_concat(u.en_idx || ':' || t.start || '-' || t.end || ':' || t.cluster || ':' || t.rule || ':' || t.confidence || ':' || coalesce(t.annotator, 'none'), ' ') FROM tedits t JOIN utterances u ON u.id = t.utterance")" \
	"0:6-7:0:relative:0.5:none 1:0-1:2:marked:0.5:none" "the run's target-only mentions, stored"
expect_status 0 $XPROJ db export $D -o $T/e.conll
expect_eq "$(cmp $T/p.conll $T/e.conll && echo same)" same "export of the untouched run = project's CoNLL"
expect_status 0 $XPROJ db check $D
# shown as the run's, with the mention whose line holds it
expect_status 0 $XPROJ db show $D 't|0'
expect_grep "^  +1       J' ai vu l' homme , \[qui\] est parti \.   (target-only, cluster 0, the run's: rule relative)$" $T/out
expect_status 0 $XPROJ db triage $D --top 5
expect_grep "(target-only, cluster 0, the run's: rule relative)" $T/out
# and a line whose English has no mention ("It was late" -> "Cela"): db
# show --doc lists it in reading order, between the mentions of lines 0
# and 2 (before, no mention reached it: it was not shown at all)
expect_status 0 $XPROJ db show $D --doc t
expect_eq "$(grep -n -e '^t|[01] ' -e '^t, line 1:' -e '^  +2 ' $T/out | cut -c1-20 | paste -sd/)" \
	"1:t|0  run 1, cluste/7:t, line 1: target-/10:  +2       [Cela]/11:t|1  run 1, clust" \
	"the line without an English mention, in reading order"
expect_grep "^  en       It was late \.$" $T/out
expect_grep "^  tgt 1    Cela était tard \.$" $T/out
expect_grep "^  +2       \[Cela\] était tard \.   (target-only, cluster 2, the run's: rule marked)$" $T/out

# a document whose lines hold target-only mentions alone (no English
# mention in it: "It was late" -> "Cela"), and one with no mention at all:
# db show --doc lists the first's line and says the second has none.
# Before, both were "no document u in run 1", exit 1, though db export
# writes them
mkdir $T/u
cp $F/* $T/u/
printf '#begin document (u); part 000\nu\t0\t0\tIt\tna\tna\tna\tna\tna\t-\tna\tna\tna\t-\nu\t0\t1\twas\tna\tna\tna\tna\tna\t-\tna\tna\tna\t-\nu\t0\t2\tlate\tna\tna\tna\tna\tna\t-\tna\tna\tna\t-\n\n#end document\n' >> $T/u/en.conll
printf '#begin document (v); part 000\nv\t0\t0\tBye\tna\tna\tna\tna\tna\t-\tna\tna\tna\t-\n\n#end document\n' >> $T/u/en.conll
echo '{"doc":"u","part":0,"utt":0,"speaker":"","src":["It","was","late"],"tgt_lang":"fr","tgt_text":"Cela était tard","tgt":["Cela","était","tard"]}' >> $T/u/aligned.jsonl
echo '{"doc":"v","part":0,"utt":0,"speaker":"","src":["Bye"],"tgt_lang":"fr","tgt_text":"Salut","tgt":["Salut"]}' >> $T/u/aligned.jsonl
printf '1-1 2-2\n0-0\n' >> $T/u/pairs.pharaoh
U="--source $T/u/en.conll --aligned $T/u/aligned.jsonl"
expect_status 0 $XPROJ project $U --alignments $T/u/pairs.pharaoh -o $T/u/p.conll --report $T/u/p.json
expect_status 0 $XPROJ db import $T/u/t.db $U --report $T/u/p.json
expect_status 0 $XPROJ db show $T/u/t.db --doc u
expect_grep "^u, line 0: target-only mentions, no English mention$" $T/out
expect_grep "^  +[0-9]*       \[Cela\] était tard   (target-only, cluster 0, the run's: rule marked)$" $T/out
expect_status 0 $XPROJ db show $T/u/t.db --doc v
expect_grep "^v: no mention in run 1, English or target-only$" $T/out
expect_status 1 $XPROJ db show $T/u/t.db --doc w
expect_grep "no document w in run 1" $T/err

# a rerun replaces them with its own: none carried, the export the same
expect_status 0 $XPROJ db import $D $A --report $T/p.json
expect_eq "$(sqlite3 $D "SELECT run || ':' || count(*) || ':' || count(carried_from) FROM tedits GROUP BY run" | paste -sd' ')" \
	"1:2:0 2:2:0" "each run its own, none carried"
expect_status 0 $XPROJ db export $D -o $T/e2.conll
expect_eq "$(cmp $T/p.conll $T/e2.conll && echo same)" same "the rerun's export"

# the rules off: no "tonly", nothing stored, the export project's
expect_status 0 $XPROJ project $A --alignments $F/pairs.pharaoh --rules -marked,-relative -o $T/q.conll --report $T/q.json
if grep -q '"tonly"' $T/q.json; then echo "FAIL: a report without them names tonly"; fails=$((fails + 1)); fi
expect_status 0 $XPROJ db import $T/q.db $A --report $T/q.json
expect_eq "$(sqlite3 $T/q.db "SELECT count(*) FROM tedits")" 0 "no target-only mention without the rules"
expect_status 0 $XPROJ db export $T/q.db -o $T/qe.conll
expect_eq "$(cmp $T/q.conll $T/qe.conll && echo same)" same "export without the rules"

# a report whose target-only mention is not on the aligned corpus's
# sentence: refused, nothing imported
sed 's/"sent":1,"start":0,"end":1/"sent":1,"start":3,"end":9/' $T/p.json > $T/bad.json
expect_status 1 $XPROJ db import $T/bad.db $A --report $T/bad.json
expect_grep 'the target-only mention 2 (rule marked) is on tokens 3-9 of target sentence 1, longer than the aligned corpus' $T/err
sed 's/"rule":"marked"/"rule":7/' $T/p.json > $T/bad2.json
expect_status 1 $XPROJ db import $T/bad.db $A --report $T/bad2.json
expect_grep 'target-only mention 2: not one of a projection report' $T/err

# an English mention id in the range project gives the target mentions its
# rules write alone (past 2^31-1, which no report can name either): refused
# when read.  Before, project listed that English mention ("the man") as a
# rule's target-only mention in the report, and db import refused the
# report later, naming its mention 1
expect_status 0 $XPROJ convert $F/en.conll $T/en.jsonlines
sed 's/"mention_ids":\[\[0\],\[1\]\]/"mention_ids":[[4294967294],[1]]/' $T/en.jsonlines > $T/hi.jsonlines
expect_status 1 $XPROJ project --source $T/hi.jsonlines --aligned $F/aligned.jsonl --alignments $F/pairs.pharaoh \
	-o $T/hi.conll --report $T/hi.json
expect_grep 'hi.jsonlines:1: .*"mention_ids" has no id of 0 to 2147483647' $T/err
sed 's/"mention_ids":\[\[0\],\[1\]\]/"mention_ids":[[2147483647],[1]]/' $T/en.jsonlines > $T/top.jsonlines
expect_status 0 $XPROJ project --source $T/top.jsonlines --aligned $F/aligned.jsonl --alignments $F/pairs.pharaoh \
	-o $T/top.conll --report $T/top.json
expect_eq "$(grep -o '"tonly":[^]]*]' $T/top.json)" "$(grep -o '"tonly":[^]]*]' $T/p.json)" "the largest id: the rules' own listed alone"
expect_status 0 $XPROJ db import $T/top.db --source $T/top.jsonlines --aligned $F/aligned.jsonl --report $T/top.json

# the workbench: a corrector deletes the run's "qui" (one undo brings it
# back) and relinks "Cela" into the entity of "the man"
if command -v curl >/dev/null; then
	W=$T/w.db
	expect_status 0 $XPROJ db import $W $A --report $T/p.json
	serve_start $W
	post() { curl -s -X POST -H 'Content-Type: application/json' -d "$2" "${url}api/$1"; }
	ver() { curl -s "${url}api/mention?run=1&key=t%7C0" | sed 's/.*"version":\([0-9]*\).*/\1/'; }
	curl -s "${url}api/mention?run=1&key=t%7C0" > $T/m.json
	expect_grep '"target_only":\[{"tid":1,"start":6,"end":7,"cluster":0,"rule":"relative"}\]' $T/m.json
	post edit "{\"run\":1,\"key\":\"t|0\",\"annotator\":\"ann\",\"version\":$(ver),\"action\":\"delete\",\"tadd\":1,\"from\":0}" > $T/r1
	expect_status 0 $XPROJ db export $W -o $T/w1.conll
	expect_eq "$(diff $T/p.conll $T/w1.conll | grep -c '^[<>]')" 2 "the deletion: one line changed"
	expect_grep "$(line t 6 qui -)" $T/w1.conll
	post edit "{\"run\":1,\"key\":\"t|0\",\"annotator\":\"ann\",\"version\":$(ver),\"action\":\"relink\",\"tadd\":2,\"cluster\":0}" > $T/r2
	expect_status 0 $XPROJ db export $W -o $T/w2.conll
	expect_grep "$(line t 0 Cela '(0)')" $T/w2.conll
	expect_status 0 $XPROJ db check $W
	# undo: the relink, then the deletion, each one step
	curl -s "${url}api/undo?run=1&annotator=ann" > $T/u1
	expect_grep '"undo":"relink +2"' $T/u1
	post undo "{\"run\":1,\"annotator\":\"ann\",\"key\":\"t|0\",\"version\":$(ver)}" > /dev/null
	curl -s "${url}api/undo?run=1&annotator=ann" > $T/u2
	expect_grep '"undo":"delete +1"' $T/u2
	post undo "{\"run\":1,\"annotator\":\"ann\",\"key\":\"t|0\",\"version\":$(ver)}" > /dev/null
	expect_status 0 $XPROJ db export $W -o $T/w3.conll
	expect_eq "$(cmp $T/p.conll $T/w3.conll && echo same)" same "both undone: project's CoNLL again"
	# made again, they are corrections: a rerun carries them to its own
	post edit "{\"run\":1,\"key\":\"t|0\",\"annotator\":\"ann\",\"version\":$(ver),\"action\":\"delete\",\"tadd\":1}" > /dev/null
	post edit "{\"run\":1,\"key\":\"t|0\",\"annotator\":\"ann\",\"version\":$(ver),\"action\":\"relink\",\"tadd\":2,\"cluster\":0,\"note\":\"again: his leaving\"}" > /dev/null
	# the relink's note with its action (schema 16; before, in the history alone)
	expect_status 0 $XPROJ db show $W 't|0'
	expect_grep '^           .* relink by ann in batch relink +2 into cluster 0: "again: his leaving"$' $T/out
	kill -TERM $pid
	wait $pid
	expect_status 0 $XPROJ db import $W $A --report $T/p.json
	expect_grep '2 corrected mentions carried over' $T/out
	expect_status 0 $XPROJ db export $W -o $T/w4.conll
	expect_eq "$(cmp $T/w2.conll $T/w4.conll && echo same)" same "the rerun's export: the deletion and relink carried"
	expect_status 0 $XPROJ db check $W
	expect_eq "$(sqlite3 $W "SELECT group_concat(mention_key || ' ' || status, '; ') FROM carries WHERE run = 2")" \
		"t|line 0 (the run's target-only +1, deleted) carried; t|line 1 (the run's target-only +2, relinked) carried" \
		"the carry-over lists them"
	expect_eq "$(sqlite3 $W "SELECT group_concat(x.note, '|') FROM tmoves x JOIN batches b ON b.id = x.batch WHERE b.checksum LIKE 'tcarry:%'")" \
		"again: his leaving" "the carried relink keeps its note"

	# a store of schema 15 made by the xproj before schema 16
	# (tests/fixtures/db/schema15-relink.db.gz: this fixture imported,
	# "Cela" relinked into the man's entity over HTTP with the note "it: the
	# man leaving", which schema 15 kept in the history line alone): opened
	# at 16, db show gives the note with the relink; db check clean
	gzip -dc $FIX/db/schema15-relink.db.gz > $T/s15.db
	expect_eq "$(sqlite3 $T/s15.db 'PRAGMA user_version')" 15 "the fixture is a schema-15 store"
	expect_status 0 $XPROJ db show $T/s15.db 't|0'
	expect_grep '^  actions  .* relink by ann in batch relink +2 into cluster 0: "it: the man leaving"$' $T/out
	expect_eq "$(sqlite3 $T/s15.db 'PRAGMA user_version')" 16 "migrated"
	expect_status 0 $XPROJ db check $T/s15.db
	# db merge of the old store (as made, schema 15) and the new one: both
	# stores' notes in the merged store, db check clean
	gzip -dc $FIX/db/schema15-relink.db.gz > $T/old.db
	expect_status 0 $XPROJ db merge $T/m.db $T/old.db $W
	expect_eq "$(sqlite3 $T/m.db "SELECT count(*) FILTER (WHERE note = 'it: the man leaving') || ' ' || count(*) FILTER (WHERE note = 'again: his leaving') FROM tmoves")" \
		"1 2" "the merged store: the old store's note once, the new one's relink and its carry"
	expect_status 0 $XPROJ db show $T/m.db --run 1 't|0'
	expect_grep '^  actions  .* relink by ann in batch relink +2 into cluster 0: "it: the man leaving"$' $T/out
	expect_status 0 $XPROJ db check $T/m.db

	# two processes opening a schema-15 store at once (the workbench and a
	# db export after an upgrade of xproj): the second read version 15,
	# waited for the write lock while the first upgraded it, then ran the
	# step again: `cannot upgrade the schema from version 15 to 16:
	# duplicate column name: note`, exit 1 (25 of 30 such pairs).  Here a
	# sqlite3 shell is the first, holding the lock with the step done until
	# xproj has read the version; xproj reads it again under the lock.
	# held_upgrade DB SQL: DB a copy of the schema-15 store, which a sqlite3
	# shell upgrades (the note column, then SQL) holding the write lock for
	# 3 s; returns once the shell holds it, the shell's pid in $hold
	held_upgrade() {
		gzip -dc $FIX/db/schema15-relink.db.gz > "$1"
		sqlite3 "$1" 'PRAGMA journal_mode = WAL' >/dev/null
		{ echo "BEGIN IMMEDIATE; ALTER TABLE tmoves ADD COLUMN note TEXT; $2"
		  sleep 3; echo "COMMIT;"; } | sqlite3 "$1" &
		hold=$!
		sleep 1
	}
	held_upgrade $T/r15.db "UPDATE tmoves SET note = 'it: the man leaving' WHERE mention IS NOT NULL; PRAGMA user_version = 16;"
	expect_status 0 $XPROJ db show $T/r15.db 't|0'
	wait $hold
	expect_grep 'relink by ann in batch relink +2 into cluster 0: "it: the man leaving"$' $T/out
	expect_eq "$(sqlite3 $T/r15.db "SELECT count(*) FROM history WHERE action = 'migrate'")" 0 "the other process's upgrade, not a second one"
	expect_status 0 $XPROJ db check $T/r15.db
	# the same, the other process a newer xproj (to 17): refused, not taken
	# for 16
	held_upgrade $T/r17.db "PRAGMA user_version = 17;"
	expect_status 1 $XPROJ db show $T/r17.db 't|0'
	wait $hold
	expect_grep "schema version 17 is newer than this xproj" $T/err
fi
finish
