# xproj db merge: stores of the sample pipeline with different corrections
# merged (nothing lost, keys kept), the conflicting edits of one mention
# reported, a merge merged again changing nothing, and a corrupt or foreign
# input, or a run of another corpus that looks like one of OUT's, refused
# without creating or changing OUT.
. tests/cli/lib
S=tools/sample

expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p
cp $T/p/corrections.db $T/a.db
cp $T/p/corrections.db $T/b.db
# a second run of its own (another shard): the Farsi pipeline
expect_status 0 $XPROJ pipeline --config $S/fa.conf -o $T/f
M1='s01e01c00x|9' M2='s01e01c01x|3' M3='s01e01c01x|15'
# a: deletes M1 and M2; b: modifies M1 (a conflict with a's delete),
# deletes M3
expect_status 0 $XPROJ db delete $T/a.db --mention "$M1" --annotator ann1
expect_status 0 $XPROJ db delete $T/a.db --mention "$M2" --annotator ann1
expect_status 0 $XPROJ db modify $T/b.db --mention "$M1" --span 2:4:7 --annotator ann2
expect_status 0 $XPROJ db delete $T/b.db --mention "$M3" --annotator ann2
expect_status 0 $XPROJ db delete $T/f/corrections.db --mention "$(XPROJ_DUMMY=1 $XPROJ db triage $T/f/corrections.db --list | head -1 | cut -f1)" --annotator ann3

expect_status 0 $XPROJ db merge $T/m.db $T/a.db $T/b.db $T/f/corrections.db
expect_grep "conflict: run 1, $M1: .*b.db has modify 2:4:7 by 'ann2'" $T/out
expect_grep "conflict: run 1, $M1: .*; the corrected view shows the later, the input's\( (the same second: merged after)\)\{0,1\}$" $T/out
expect_grep "merged 3 store(s) into $T/m.db: 2 runs added (1 already there), 5 corrections" $T/out
expect_status 0 $XPROJ db check $T/m.db
expect_grep '^ok' $T/out
expect_status 0 $XPROJ db runs $T/m.db
# a reader's close leaves the store whole in one file: a -wal holding a
# writer's commits not yet checkpointed (the writer killed, or closed while
# another connection had the store open: made here by a write while an
# sqlite3 session holds it, then copied) is folded into the store where no
# other connection has it open, so that a plain copy of the store has them.
# Its content is the same; its bytes change (a review of h-fix19's
# "leave it as found": a reader closing last after the workbench left such
# a -wal, and `cp corrections.db` missed the workbench's last edits)
mkdir $T/w $T/wl
cp $T/p/corrections.db $T/w/s.db
cp $T/w/s.db $T/w0.db
expect_status 0 $XPROJ db export $T/w/s.db -o $T/w0.conll
cmp -s $T/w/s.db $T/w0.db || { echo "FAIL: db export of a store with no -wal changed its bytes"; fails=$((fails + 1)); }
expect_eq "$(ls -A $T/w)" "s.db" "db export of a store with no -wal: nothing left beside it"
printf '%s\n' "$XPROJ db modify $T/w/s.db --mention 's01e01c00x|0' --span 0:0:1 && cp $T/w/s.db $T/w/s.db-wal $T/wl/" \
	> $T/w.sh
sqlite3 $T/w/s.db 'SELECT count(*) FROM runs;' ".shell sh $T/w.sh" > /dev/null
[ -s $T/wl/s.db-wal ] || { echo "FAIL: no -wal holding a commit to test with"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db export $T/wl/s.db -o $T/wl.conll
cmp -s $T/w0.conll $T/wl.conll && { echo "FAIL: db export did not read the -wal's commit"; fails=$((fails + 1)); }
expect_eq "$(ls -A $T/wl)" "s.db" "a reader closing last folds a leftover -wal into the store: nothing left"
mkdir $T/wc && cp $T/wl/s.db $T/wc/
expect_status 0 $XPROJ db export $T/wc/s.db -o $T/wc.conll
cmp -s $T/wl.conll $T/wc.conll || { echo "FAIL: a copy of the store alone misses the -wal's commit"; fails=$((fails + 1)); }
# the merge and the readers after it close the stores cleanly: read-only
# connections (db runs, export; the merge's inputs, attached read-only)
# cannot remove the -wal and -shm SQLite makes beside a store, and after
# the workflow's last rules the merged store and the shards' kept an empty
# -wal and a -shm beside them.  Removed where nothing else has them open
expect_status 0 $XPROJ db export $T/m.db -o $T/m.conll
left=$(cd $T && ls m.db-* a.db-* b.db-* f/corrections.db-* 2>/dev/null)
expect_eq "$left" "" "no -wal or -shm left beside OUT or an input"
# while another connection has the store open they stay, it reading on
sqlite3 $T/m.db > $T/held.out 2>&1 <<'SQL' &
SELECT count(*) FROM runs;
.shell sleep 1
SELECT count(*) FROM runs;
SQL
hold=$!
sleep 0.3
expect_status 0 $XPROJ db runs $T/m.db
[ -e $T/m.db-shm ] || { echo "FAIL: a reader's close removed the -shm another connection uses"; fails=$((fails + 1)); }
wait $hold
expect_eq "$(cat $T/held.out)" "$(printf '2\n2')" "the other connection read on"
# a store of two languages: export, stats and triage act on its last run
# (Farsi's); db runs said the Chinese run too was the one they act on
expect_grep "^  latest run of zh; db export, stats and triage act on run 2 (the store's last): give --run 1 for this one$" $T/out
expect_grep '^  latest run of fa: db export, stats and triage act on it$' $T/out
# every correction of every input is in the merged store, by annotator
n=$($XPROJ db log $T/m.db | grep -c -E 'ann1|ann2|ann3')
expect_eq "$n" "$($XPROJ db log $T/a.db $T/b.db 2>/dev/null; for d in a b f/corrections; do $XPROJ db log $T/$d.db; done | grep -c -E 'ann1|ann2|ann3')" "every edit's history line merged"
# the corrected view of run 1: b's modification of M1 is the later edit
expect_status 0 $XPROJ db show $T/m.db "$M1" --run 1
expect_grep 'now 2:4:7' $T/out
expect_status 0 $XPROJ db show $T/m.db "$M3" --run 1
expect_grep 'now none' $T/out
# the Farsi run's export is the Farsi store's
expect_status 0 $XPROJ db export $T/f/corrections.db -o $T/f.conll
expect_status 0 $XPROJ db export $T/m.db --run 2 -o $T/mf.conll
cmp -s $T/f.conll $T/mf.conll || { echo "FAIL: the merged Farsi run exports otherwise"; fails=$((fails + 1)); }

# idempotent: the same inputs again, and a merge of the merge, add nothing
cp $T/m.db $T/m0.db
expect_status 0 $XPROJ db merge $T/m.db $T/a.db $T/b.db $T/f/corrections.db
expect_grep '0 runs added (3 already there), 0 corrections, 0 batches, 0 reviews, 0 carries, 0 history lines' $T/out
expect_status 0 $XPROJ db merge $T/m2.db $T/m.db
expect_status 0 $XPROJ db merge $T/m2.db $T/m.db $T/a.db
expect_grep '0 corrections, 0 batches, 0 reviews, 0 carries, 0 history lines' $T/out
dump() { sqlite3 "$1" "SELECT run, mention_key, op, sent, new_start, new_end, annotator, created, undone FROM corrections ORDER BY 1, 2, 8, 3" 2>/dev/null; }
if command -v sqlite3 >/dev/null; then
	expect_eq "$(dump $T/m2.db)" "$(dump $T/m0.db)" "a merge of the merge holds the same corrections"
fi
expect_status 0 $XPROJ db export $T/m2.db --run 1 -o $T/m2.conll
expect_status 0 $XPROJ db export $T/m0.db --run 1 -o $T/m0.conll
cmp -s $T/m2.conll $T/m0.conll || { echo "FAIL: the merge of the merge exports otherwise"; fails=$((fails + 1)); }

# refused: nothing created, nothing changed
printf 'not a store' > $T/junk.db
expect_status 1 $XPROJ db merge $T/new.db $T/a.db $T/junk.db
expect_grep 'junk.db' $T/err
[ -e $T/new.db ] && { echo "FAIL: new.db created"; fails=$((fails + 1)); }
cp $T/a.db $T/cut.db
head -c 20000 $T/a.db > $T/cut.db
expect_status 1 $XPROJ db merge $T/new.db $T/a.db $T/cut.db
[ -e $T/new.db ] && { echo "FAIL: new.db created from a cut store"; fails=$((fails + 1)); }
was=$(sum $T/m.db)
expect_status 1 $XPROJ db merge $T/m.db $T/junk.db
expect_eq "$(sum $T/m.db)" "$was" "refused: OUT unchanged"
expect_status 1 $XPROJ db merge $T/a.db $T/a.db
expect_grep 'same file' $T/err
expect_status 2 $XPROJ db merge $T/m.db
# a store of another corpus whose run has the same language, files,
# settings and time (imported the same second from files of the same
# names): one target word other.  Before, it was taken as the same run,
# exit 0: its documents dropped, its corrections put on the other's words
if command -v sqlite3 >/dev/null; then
	cp $T/a.db $T/other.db
	sqlite3 $T/other.db "UPDATE utterances SET tgt = replace(tgt, '\"', '\"x') WHERE id = (SELECT max(id) FROM utterances)"
	was=$(sum $T/m.db)
	expect_status 1 $XPROJ db merge $T/m.db $T/other.db
	expect_grep 'other.db: its run 1 has the run id of the merged store.s run 1, but not its text: document .* utterance [0-9]* differs' $T/err
	expect_eq "$(sum $T/m.db)" "$was" "another corpus's run: OUT unchanged"
	# the same without run ids (runs made before schema 12): matched by
	# language, files, settings and time, refused alike
	sqlite3 $T/other.db "UPDATE runs SET uid = NULL"
	cp $T/a.db $T/a0.db
	sqlite3 $T/a0.db "UPDATE runs SET uid = NULL"
	expect_status 0 $XPROJ db merge $T/o0.db $T/a0.db
	expect_status 1 $XPROJ db merge $T/o0.db $T/other.db
	expect_grep 'other.db: its run 1 has the language, files, settings and time (and no run id) of the merged store.s run 1, but not its text: document .* utterance [0-9]* differs' $T/err
	# a store that says it is of an older schema (migrated first, as every
	# command that reads one does) but whose tables are not: refused
	sqlite3 $T/other.db "PRAGMA user_version = 3"
	expect_status 1 $XPROJ db merge $T/new.db $T/other.db
	expect_grep 'other.db: cannot upgrade the schema from version 3 to 4' $T/err
	[ -e $T/new.db ] && { echo "FAIL: new.db created from a store of a broken schema"; fails=$((fails + 1)); }
fi

# Two runs of one store imported the same second from the same files (a
# quick rerun; the time forced equal, so that it is that second whatever
# the machine's speed) are two runs to db merge, each with its
# corrections.  Before schema 12 it took them for one and refused the
# store ("imported the same second"); the copies a.db and b.db above, run
# ids alike, still merge as one run.
if command -v sqlite3 >/dev/null; then
	P=$FIX/project
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
		-o $T/zh.conll --report $T/r.json
	for k in 1 2; do
		expect_status 0 $XPROJ db import $T/s.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
	done
	sqlite3 $T/s.db "UPDATE runs SET created = (SELECT min(created) FROM runs)"
	expect_eq "$(sqlite3 $T/s.db 'SELECT count(DISTINCT created), count(DISTINCT uid), min(length(uid)) FROM runs')" \
		"1|2|32" "two runs of one second, each its own 32-digit id"
	expect_status 0 $XPROJ db delete $T/s.db --mention 'd|2' --run 1 --annotator one
	expect_status 0 $XPROJ db delete $T/s.db --mention 'd|1' --run 2 --annotator two
	expect_status 0 $XPROJ db merge $T/sm.db $T/s.db
	expect_grep "merged 1 store(s) into $T/sm.db: 2 runs added (0 already there), 2 corrections" $T/out
	expect_status 0 $XPROJ db check $T/sm.db
	expect_grep '^ok' $T/out
	for k in 1 2; do
		expect_status 0 $XPROJ db export $T/s.db --run $k -o $T/s$k.conll
		expect_status 0 $XPROJ db export $T/sm.db --run $k -o $T/sm$k.conll
		cmp -s $T/s$k.conll $T/sm$k.conll || { echo "FAIL: merged run $k exports otherwise"; fails=$((fails + 1)); }
	done
	cmp -s $T/s1.conll $T/s2.conll && { echo "FAIL: the two runs' corrections are one"; fails=$((fails + 1)); }
	expect_eq "$(sqlite3 $T/sm.db 'SELECT group_concat(uid) FROM (SELECT uid FROM runs ORDER BY id)')" \
		"$(sqlite3 $T/s.db 'SELECT group_concat(uid) FROM (SELECT uid FROM runs ORDER BY id)')" "the merge keeps the run ids"
	# db runs names each by its id's first 8 digits; db check wants 32
	expect_status 0 $XPROJ db runs $T/sm.db
	expect_grep "^run 2 (zh, imported [0-9TZ:-]*, id $(sqlite3 $T/s.db 'SELECT substr(uid, 1, 8) FROM runs WHERE id = 2')): " $T/out
	cp $T/sm.db $T/bad.db
	sqlite3 $T/bad.db "UPDATE runs SET uid = 'ABC' WHERE id = 2"
	expect_status 1 $XPROJ db check $T/bad.db
	expect_grep "^run 2: its run id 'ABC' is not 32 hex digits" $T/out
	# merged again, and a copy corrected apart: one run each, as before
	cp $T/s.db $T/s2.db
	expect_status 0 $XPROJ db modify $T/s2.db --mention 'd|1' --run 1 --span 0:4:8 --annotator three
	expect_status 0 $XPROJ db merge $T/sm.db $T/s.db $T/s2.db
	expect_grep "0 runs added (4 already there), 1 corrections" $T/out
	expect_status 0 $XPROJ db check $T/sm.db
	expect_grep '^ok' $T/out
	# an old store's two such runs (no run ids): refused, as before
	sqlite3 $T/s.db "UPDATE runs SET uid = NULL"
	expect_status 1 $XPROJ db merge $T/so.db $T/s.db
	expect_grep 'imported the same second' $T/err
fi
ls $T | grep -q 'merge-' && { echo "FAIL: a temporary store left: $(ls $T)"; fails=$((fails + 1)); }
# Two stores whose annotators set a mention to the same span agree: no
# conflict (before: listed as one, "both edits kept").  A store made before
# no-ops were refused may hold a modify to the span the mention had: such
# a row is no edit (store.h XP_SQL_NOOP), so it conflicts with nothing and
# the corrected view passes over it (before: an old no-op of 2025 merged
# after a change of today undid it, unsaid) (adversarial round 14, h-opts)
if command -v sqlite3 >/dev/null; then
	P=$FIX/project
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
		-o $T/zh.conll --report $T/r.json
	expect_status 0 $XPROJ db import $T/g.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
	cp $T/g.db $T/h.db; cp $T/g.db $T/g0.db
	expect_status 0 $XPROJ db modify $T/g.db --mention 'd|1' --span 0:4:8 --annotator x
	expect_status 0 $XPROJ db modify $T/h.db --mention 'd|1' --span 0:4:8 --annotator y
	expect_status 0 $XPROJ db merge $T/g.db $T/h.db
	expect_grep "merged 1 store(s) into $T/g.db: 0 runs added (1 already there), 1 corrections, .*; 0 conflicts" $T/out
	noop="INSERT INTO corrections(run, mention, mention_key, op, old_start, old_end, sent, new_start, new_end, status,
		annotator, created) SELECT 1, id, 'd|1', 'modify', 3, 8, 0, 3, 8, 'ok', 'ANN', '2025-01-01T00:00:00Z'
		FROM mentions WHERE mention = 1"
	cp $T/g0.db $T/n1.db; cp $T/g0.db $T/n2.db
	sqlite3 $T/n1.db "$(echo "$noop" | sed s/ANN/n1/)"
	sqlite3 $T/n2.db "$(echo "$noop" | sed s/ANN/n2/)"
	expect_status 0 $XPROJ db merge $T/n1.db $T/n2.db
	expect_grep "; 0 conflicts" $T/out
	cp $T/g0.db $T/x.db
	expect_status 0 $XPROJ db modify $T/x.db --mention 'd|1' --span 0:4:8 --annotator x
	expect_status 0 $XPROJ db merge $T/x.db $T/n2.db
	expect_grep "; 0 conflicts" $T/out
	expect_status 0 $XPROJ db show $T/x.db 'd|1'
	expect_grep 'now 0:4:8' $T/out
	# Two annotators' edits of one mention merged: the later one wins,
	# whichever store is merged into which (before: the input's, stored
	# after, whatever its time: y's edit of 2025 undid x's of today), in
	# the view and the export; the conflict's line says which
	cp $T/g0.db $T/x.db; cp $T/g0.db $T/y.db
	expect_status 0 $XPROJ db modify $T/x.db --mention 'd|1' --span 0:5:8 --annotator x
	expect_status 0 $XPROJ db modify $T/y.db --mention 'd|1' --span 0:4:8 --annotator y
	sqlite3 $T/y.db "UPDATE corrections SET created = '2025-01-01T00:00:00Z'"
	cp $T/x.db $T/x0.db; cp $T/y.db $T/y0.db
	expect_status 0 $XPROJ db merge $T/x.db $T/y0.db
	expect_grep "conflict: run 1, d|1: .*y0.db has modify 0:4:8 by 'y' (2025-01-01T00:00:00Z), the merged store modify 0:5:8 by 'x' (.*); the corrected view shows the later, the merged store's$" $T/out
	expect_status 0 $XPROJ db merge $T/y.db $T/x0.db
	expect_grep "conflict: run 1, d|1: .*x0.db has modify 0:5:8 by 'x' .*; the corrected view shows the later, the input's$" $T/out
	for d in x y; do
		expect_status 0 $XPROJ db show $T/$d.db 'd|1'
		expect_grep 'now 0:5:8' $T/out
		expect_status 0 $XPROJ db export $T/$d.db -o $T/$d.conll
	done
	cmp -s $T/x.conll $T/y.conll || { echo "FAIL: merged either way, the exports differ"; fails=$((fails + 1)); }
	expect_status 0 $XPROJ db export $T/x0.db -o $T/x0.conll
	cmp -s $T/x.conll $T/x0.conll || { echo "FAIL: the merged export is not the later edit's"; fails=$((fails + 1)); }
fi

# into a store whose WAL was not checkpointed (a workbench killed after an
# edit leaves one; stopped, its last reader's close checkpoints it now,
# xp_db_tidy): the merged file took the store's name beside the old
# file's WAL, which the next connection read into it: "database disk image
# is malformed", db check 26 problems, the merge's 0 exit
if command -v curl >/dev/null; then
	cp $T/p/corrections.db $T/w.db
	cp $T/p/corrections.db $T/w2.db
	serve_start $T/w.db
	serve_edit 1 's01e01c00x|9' '"annotator":"w","action":"keep"'
	kill -KILL $pid
	wait $pid 2>/dev/null
	expect_status 0 $XPROJ db delete $T/w2.db --mention "$M2" --annotator ann2
	[ -s $T/w.db-wal ] || { echo "FAIL: the killed server left no WAL (this part's premise)"; fails=$((fails + 1)); }
	expect_status 0 $XPROJ db merge $T/w.db $T/w2.db
	expect_status 0 $XPROJ db check $T/w.db
	expect_grep '^ok' $T/out
	expect_status 0 $XPROJ db show $T/w.db 's01e01c00x|9'
	expect_grep 'keep by w' $T/out
	expect_status 0 $XPROJ db show $T/w.db "$M2"
	expect_grep 'delete by ann2' $T/out
fi
# A merge into a store in use: the merge is made inside OUT's own
# write transaction, so the workbench serving OUT and another db command
# wait for it, write into the merged store after it, and lose nothing; the
# workbench reads OUT as it was meanwhile and the merged rows after, on the
# connection it had.  Before, the merged copy was renamed over OUT: an edit
# the workbench made after it was refused ("the store was replaced", until
# a restart) or, in the moment between OUT's WAL set aside and the rename,
# written into the file about to be replaced and lost.
# (db-merge:1:STOP stops the merge before its commit, its lock held.)
if command -v curl >/dev/null && command -v sqlite3 >/dev/null; then
	cp $T/p/corrections.db $T/live.db
	keys=$(XPROJ_DUMMY=1 $XPROJ db triage $T/live.db --list | cut -f1 | grep -v -x -e "$M1" -e "$M2" -e "$M3")
	W1=$(echo "$keys" | sed -n 1p) W2=$(echo "$keys" | sed -n 2p)
	serve_start $T/live.db
	XP_FAILPOINT=db-merge:1:STOP $XPROJ db merge $T/live.db $T/a.db $T/b.db > $T/mo 2>&1 &
	mpid=$!
	i=0
	while [ $i -lt $(limit 300) ] && [ "$(ps -o stat= -p $mpid | cut -c1)" != T ]; do i=$((i + 1)); sleep 0.1; done
	expect_eq "$(ps -o stat= -p $mpid | cut -c1)" T "the merge stopped inside its transaction"
	# readers are not held: the workbench shows OUT as it was
	v=$(curl -s "${url}api/mention?run=1&key=$(echo "$W1" | sed 's/|/%7C/')" | sed 's/.*"version":\([0-9]*\).*/\1/')
	expect_eq "$v" 0 "the workbench reads during the merge"
	curl -s -X POST -H 'Content-Type: application/json' \
		-d "{\"run\":1,\"key\":\"$W1\",\"annotator\":\"w\",\"version\":$v,\"action\":\"keep\"}" \
		"${url}api/edit" > $T/wr &
	cpid=$!
	$XPROJ db delete $T/live.db --mention "$W2" --annotator other > $T/dout 2>&1 &
	dpid=$!
	sleep 0.5
	# both writers wait for the merge's lock
	kill -0 $cpid 2>/dev/null || { echo "FAIL: the workbench's edit did not wait for the merge"; fails=$((fails + 1)); }
	kill -0 $dpid 2>/dev/null || { echo "FAIL: db delete did not wait for the merge"; fails=$((fails + 1)); }
	kill -CONT $mpid
	wait $mpid; expect_eq $? 0 "the merge into the live store"
	wait $cpid; wait $dpid; expect_eq $? 0 "db delete during the merge"
	# the workbench waits 3 s for the lock: where the merge's commit took
	# longer (a loaded machine), the edit was refused "busy ... nothing was
	# written; try again", as documented; then it is made again, as a
	# corrector would
	if grep -q 'nothing was written' $T/wr; then
		curl -s -X POST -H 'Content-Type: application/json' \
			-d "{\"run\":1,\"key\":\"$W1\",\"annotator\":\"w\",\"version\":$v,\"action\":\"keep\"}" \
			"${url}api/edit" > $T/wr
	fi
	expect_grep '"ok":true' $T/wr
	expect_grep "merged 2 store(s) into $T/live.db: 0 runs added (2 already there), 4 corrections" $T/mo
	# the workbench, on its connection, sees the merged rows and its own edit
	curl -s "${url}api/mention?run=1&key=$(echo "$M3" | sed 's/|/%7C/')" > $T/r
	expect_grep '"annotator":"ann2"' $T/r
	curl -s "${url}api/mention?run=1&key=$(echo "$W1" | sed 's/|/%7C/')" > $T/r
	expect_grep '"kind":"keep",[^}]*"annotator":"w"' $T/r
	kill -TERM $pid
	wait $pid
	expect_status 0 $XPROJ db check $T/live.db
	expect_grep '^ok' $T/out
	for k in "$W1|keep by w" "$W2|delete by other" "$M1|delete by ann1" "$M1|modify .* by ann2" "$M3|delete by ann2"; do
		expect_status 0 $XPROJ db show $T/live.db "${k%|*}"
		expect_grep "${k##*|}" $T/out
	done
	# a write transaction another process holds: the merge waits for it,
	# then merges; both are in OUT
	cp $T/p/corrections.db $T/held.db
	{ echo "BEGIN IMMEDIATE; INSERT INTO history(created, action, detail) VALUES('2026-01-01T00:00:00Z', 'held', '{}');"
	  sleep 1; echo "COMMIT;"; } | sqlite3 $T/held.db &
	hpid=$!
	sleep 0.3
	expect_status 0 $XPROJ db merge $T/held.db $T/a.db
	wait $hpid
	expect_eq "$(sqlite3 $T/held.db "SELECT count(*) FROM history WHERE action IN ('held', 'merge')")" 2 \
		"the held write and the merge, both kept"

	# A merge that fails half-way leaves OUT as it was, row for row: killed
	# before its commit, its two inputs merged (nothing of them in OUT), an
	# input refused after another's rows were added (rolled back: none of
	# them stays), a full disk (a file-size limit: the WAL cannot grow)
	dump() { sqlite3 "$1" .dump; }
	cp $T/a.db $T/k.db
	dump $T/k.db > $T/k.before
	XP_FAILPOINT=db-merge:1 $XPROJ db merge $T/k.db $T/b.db $T/f/corrections.db > /dev/null 2>&1
	expect_eq $? 137 "the merge killed before its commit"
	dump $T/k.db > $T/k.after
	cmp -s $T/k.before $T/k.after || { echo "FAIL: a merge killed half-way changed OUT"; fails=$((fails + 1)); }
	expect_status 0 $XPROJ db check $T/k.db
	expect_grep '^ok' $T/out
	cp $T/a.db $T/other2.db
	sqlite3 $T/other2.db "UPDATE utterances SET tgt = replace(tgt, '\"', '\"x') WHERE id = (SELECT max(id) FROM utterances)"
	expect_status 1 $XPROJ db merge $T/k.db $T/b.db $T/f/corrections.db $T/other2.db
	expect_grep 'other2.db: its run 1 has the run id' $T/err
	dump $T/k.db > $T/k.after
	cmp -s $T/k.before $T/k.after || { echo "FAIL: a merge refused half-way changed OUT"; fails=$((fails + 1)); }
	expect_status 1 sh -c "ulimit -f 128; exec $XPROJ db merge $T/k.db $T/b.db $T/f/corrections.db"
	expect_grep 'k.db: .*disk I/O error' $T/err
	dump $T/k.db > $T/k.after
	cmp -s $T/k.before $T/k.after || { echo "FAIL: a merge on a full disk changed OUT"; fails=$((fails + 1)); }
	# and into a new OUT: nothing made
	expect_status 1 $XPROJ db merge $T/new2.db $T/b.db $T/other2.db
	[ -e $T/new2.db ] && { echo "FAIL: new2.db created by a refused merge"; fails=$((fails + 1)); }

	# More inputs than SQLite attaches at once (10): the last ones copied,
	# one at a time, into a scratch store; the same rows as two merges of
	# fewer, and a refused one past the tenth leaves OUT as it was
	for k in 1 2 3 4 5 6 7 8 9 10 11; do
		cp $T/p/corrections.db $T/n$k.db
		expect_status 0 $XPROJ db delete $T/n$k.db --mention "$W1" --annotator n$k
	done
	cp $T/p/corrections.db $T/all.db; cp $T/p/corrections.db $T/two.db
	expect_status 0 $XPROJ db merge $T/all.db $T/n1.db $T/n2.db $T/n3.db $T/n4.db $T/n5.db $T/n6.db $T/n7.db \
		$T/n8.db $T/n9.db $T/n10.db $T/n11.db
	expect_grep "merged 11 store(s) into $T/all.db: 0 runs added (11 already there), 11 corrections" $T/out
	expect_status 0 $XPROJ db merge $T/two.db $T/n1.db $T/n2.db $T/n3.db $T/n4.db $T/n5.db $T/n6.db
	expect_status 0 $XPROJ db merge $T/two.db $T/n7.db $T/n8.db $T/n9.db $T/n10.db $T/n11.db
	rows="SELECT run, mention_key, op, annotator, created, undone FROM corrections ORDER BY annotator"
	expect_eq "$(sqlite3 $T/all.db "$rows")" "$(sqlite3 $T/two.db "$rows")" "eleven inputs merged at once"
	expect_status 0 $XPROJ db check $T/all.db
	expect_grep '^ok' $T/out
	dump $T/all.db > $T/all.before
	expect_status 1 $XPROJ db merge $T/all.db $T/n1.db $T/n2.db $T/n3.db $T/n4.db $T/n5.db $T/n6.db $T/n7.db \
		$T/n8.db $T/n9.db $T/b.db $T/other2.db
	expect_grep 'other2.db: its run 1 has the run id' $T/err
	dump $T/all.db > $T/all.after
	cmp -s $T/all.before $T/all.after || { echo "FAIL: a refused merge of 11 changed OUT"; fails=$((fails + 1)); }
	ls $T | grep -q 'merge-' && { echo "FAIL: a scratch store left: $(ls $T | grep merge-)"; fails=$((fails + 1)); }
	# and one stopped by SIGTERM (a kill(1), or Ctrl-C's SIGINT, handled
	# alike) before its commit: its scratch store was left beside OUT
	XP_FAILPOINT=db-merge:1:TERM $XPROJ db merge $T/all.db $T/n1.db $T/n2.db $T/n3.db $T/n4.db $T/n5.db \
		$T/n6.db $T/n7.db $T/n8.db $T/n9.db $T/n10.db $T/n11.db > /dev/null 2>&1
	expect_eq $? 143 "the merge of 11 stopped by SIGTERM"
	dump $T/all.db > $T/all.after
	cmp -s $T/all.before $T/all.after || { echo "FAIL: a merge of 11 stopped by SIGTERM changed OUT"; fails=$((fails + 1)); }
	ls $T | grep -q 'merge-' && { echo "FAIL: SIGTERM left the scratch store: $(ls $T | grep merge-)"; fails=$((fails + 1)); }
fi
finish
