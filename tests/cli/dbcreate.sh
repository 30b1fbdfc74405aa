# Issue 32, D7 and D8: creating a store is all or nothing.
# D7: a fresh `db import` killed in its first instant left a 4 KiB file with
# no schema, which every later reader refused.  The failure is made exact
# with a file-size limit: the first write past N KiB, inside the creation
# of the schema, fails (EFBIG: xproj ignores SIGXFSZ, tests/cli/filesize.sh;
# the failpoint db-create below is the kill).  The store is now built under
# a temporary name and linked into place whole: after the failure the path
# holds nothing, and the next import works (and sweeps the temporary files).
# D8: an empty, cut-short or malformed --report (or one that lacks a
# document of the source) created an empty 110 KB store: the inputs are now
# checked whole before the store is opened.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json 2>/dev/null
IMP="--source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json"
for kib in 2 4 8 12 16 24; do
	D=$T/k$kib.db
	sh -c "ulimit -f $kib; exec $XPROJ db import $D $IMP" >/dev/null 2>&1
	if [ -e $D ]; then
		# a store the kill did not reach must be whole
		$XPROJ db check $D >$T/out 2>&1 || { echo "FAIL: killed past $kib KiB: $(cat $T/out)"; fails=$((fails + 1)); }
	fi
	expect_status 0 $XPROJ db import $D $IMP
	expect_status 0 $XPROJ db check $D
	expect_eq "$(cat $T/out)" ok "db check after an import killed past $kib KiB, then one to the end"
done
# the kill at 8 KiB is inside the schema's creation (the old code left the
# 4 KiB file there): the path must not exist after it
sh -c "ulimit -f 8; exec $XPROJ db import $T/early.db $IMP" >/dev/null 2>&1
[ -e $T/early.db ] && { echo "FAIL: an import killed inside the schema's creation left $(wc -c < $T/early.db) bytes"; fails=$((fails + 1)); }
expect_status 1 $XPROJ db check $T/early.db
expect_grep 'no such database' $T/err
# a failpoint after the schema, before the link: still nothing in place
XP_FAILPOINT=db-create:1 $XPROJ db import $T/fp.db $IMP >/dev/null 2>&1
[ -e $T/fp.db ] && { echo "FAIL: killed before the link, the store is in place"; fails=$((fails + 1)); }
# the temporary files of the kills are swept by the next creation beside them
sleep 3
expect_status 0 $XPROJ db import $T/fp.db $IMP
expect_eq "$(ls -A $T | grep -c '^\.fp\.db\.xproj-')" 0 "temporary files of the killed creation swept"

# --- D8: a bad report creates nothing ---
: > $T/empty.json
head -c 200 $T/r.json > $T/cut.json
printf '{"mentions": 5, "documents": [' > $T/open.json
printf 'not json\n' > $T/text.json
sed 's/"doc":"d"/"doc":"other"/' $T/r.json > $T/otherdoc.json
for r in empty cut open text otherdoc; do
	expect_status 1 $XPROJ db import $T/$r.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/$r.json
	expect_grep "$T/$r.json" $T/err
	[ -e $T/$r.db ] && { echo "FAIL: a $r report created a store of $(wc -c < $T/$r.db) bytes"; fails=$((fails + 1)); }
	ls $T | grep -q "^$r.db" && { echo "FAIL: a $r report left $(ls $T | grep "^$r.db")"; fails=$((fails + 1)); }
done
expect_grep 'the report has no document d part 0' $T/err
# into an existing store, the same reports leave it as it was
D=$T/k2.db
was=$(sum $D)
for r in empty cut otherdoc; do
	expect_status 1 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/$r.json
done
expect_eq "$(sum $D)" "$was" "refused imports left the store"

# two processes creating one store at once: one store, both runs in it
for k in 1 2 3 4; do
	$XPROJ db import $T/race.db $IMP >/dev/null 2>$T/race$k.err &
done
wait
expect_status 0 $XPROJ db runs $T/race.db
expect_eq "$(grep -c '^run ' $T/out)" 4 "four concurrent first imports, four runs"
expect_status 0 $XPROJ db check $T/race.db
finish
