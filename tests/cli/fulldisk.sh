# A pipeline rerun on a disk that fills up (eleventh adversarial round):
# whatever the room left, the run is all or nothing, its files and its
# store's run together.  Before, when the files fitted but the store's
# commit did not (the log cannot grow: "commit: database or disk is
# full"), the rerun exited 1 with every file of the new run in place, the
# earlier run's files gone, and the store without the run the directory's
# summary names.  The files are now put back when the store's commit fails
# (base/outputs.h xp_outputs_commit_then).  Needs a small tmpfs: root.
. tests/cli/lib
S=tools/sample
if [ "$(id -u)" != 0 ] || ! mkdir $T/fs || ! mount -t tmpfs -o size=2m tmpfs $T/fs 2>/dev/null; then
	echo "skipped: needs root to mount a tmpfs"
	finish
fi
trap 'umount $T/fs 2>/dev/null; rm -rf "$T"' EXIT
D=$T/fs/run
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $D
expect_status 0 $XPROJ db modify $D/corrections.db --mention 's01e01c00x|0' --span 0:0:1
cp -r $D $T/before
nruns() { $XPROJ db runs $D/corrections.db 2>/dev/null | grep -c '^run '; }
# fill FREE: the tmpfs full but for FREE KiB
fill() {
	rm -f $T/fs/filler
	avail=$(df -k --output=avail $T/fs | tail -1)
	dd if=/dev/zero of=$T/fs/filler bs=1k count=$((avail - $1)) 2>/dev/null
}
commit_failed=0 ok=0
for free in 120 140 150 160 170 180 190 200 220 260 400; do
	rm -rf $D
	cp -r $T/before $D
	fill $free
	$XPROJ pipeline --config $S/zh.conf --seed 2 -o $D >$T/out 2>$T/err
	st=$?
	rm -f $T/fs/filler
	changed=
	for f in $(ls $T/before); do
		[ $f = corrections.db ] || cmp -s $T/before/$f $D/$f || changed="$changed $f"
	done
	case $st in
	0) ok=1
	   expect_eq "$(nruns)" 2 "$free KiB free: exit 0 with the run in the store"
	   [ -n "$changed" ] || { echo "FAIL: $free KiB free: exit 0, no file new"; fails=$((fails + 1)); } ;;
	1) grep -q 'commit: database or disk is full' $T/err && commit_failed=1
	   expect_eq "$(nruns)" 1 "$free KiB free: exit 1, no run added"
	   cmp -s $T/before/corrections.db $D/corrections.db ||
		{ echo "FAIL: $free KiB free: exit 1, the earlier run's store changed"; fails=$((fails + 1)); }
	   expect_eq "$changed" "" "$free KiB free: exit 1 ($(tail -1 $T/err)): files changed" ;;
	*) echo "FAIL: $free KiB free: exit $st"; fails=$((fails + 1)) ;;
	esac
	expect_eq "$(ls -A $D | grep -c 'xproj-')" 0 "$free KiB free: temporary files left"
	expect_status 0 $XPROJ db check $D/corrections.db
	expect_status 0 $XPROJ db export $D/corrections.db -o $T/e.conll
done
expect_eq "$commit_failed$ok" 11 "some room fails the store's commit, some lets the run through"
# A fresh -o directory: the store is made (its schema fits), then the
# run's import does not fit.  Exit 1 must leave nothing, as any refused run
# in a fresh directory: before, the directory was left holding an empty
# corrections.db (and its -wal, -shm), where the run had put no file
rm -rf $D
made_failed=0 ok=0
for free in 380 420 460 700; do
	fill $free
	$XPROJ pipeline --config $S/zh.conf -o $T/fs/fresh/run >$T/out 2>$T/err
	st=$?
	rm -f $T/fs/filler
	case $st in
	0) ok=1
	   for f in $(ls $T/before); do
		[ -s $T/fs/fresh/run/$f ] || { echo "FAIL: fresh, $free KiB free: exit 0 without $f"; fails=$((fails + 1)); }
	   done ;;
	1) grep -q 'corrections.db: commit: database or disk is full' $T/err && made_failed=1
	   [ -e $T/fs/fresh ] && { echo "FAIL: fresh, $free KiB free: exit 1 ($(tail -1 $T/err)) left:" \
		$(ls -A $T/fs/fresh/run); fails=$((fails + 1)); } ;;
	*) echo "FAIL: fresh, $free KiB free: exit $st"; fails=$((fails + 1)) ;;
	esac
	rm -rf $T/fs/fresh
done
expect_eq "$made_failed$ok" 11 "fresh: some room fails the new store's import, some lets the run through"
# db import into a store that was not there, as the pipeline's: exit 1
# leaves no store.  Before, the new store was kept, empty (its import's
# commit failing: "database or disk is full"), or of its schema alone (its
# open failing: "the new store holds its schema alone"), with -wal, -shm
cp $T/before/aligned.jsonl $T/before/report.json $T/
open_failed=0 commit_failed=0 ok=0
for free in 150 200 210 250 300 500; do
	fill $free
	$XPROJ db import $T/fs/new.db --source $S/dialogue.conll --aligned $T/aligned.jsonl --report $T/report.json \
		>$T/out 2>$T/err
	st=$?
	rm -f $T/fs/filler
	case $st in
	0) ok=1
	   expect_eq "$($XPROJ db runs $T/fs/new.db 2>/dev/null | grep -c '^run ')" 1 "db import, $free KiB free: exit 0, one run" ;;
	1) grep -q 'new.db: commit: database or disk is full' $T/err && commit_failed=1
	   grep -q 'new.db: cannot open the store to write: .*: the new store is removed$' $T/err && open_failed=1
	   left=$(ls -A $T/fs)
	   expect_eq "$left" "" "db import, $free KiB free: exit 1 ($(tail -1 $T/err)) left" ;;
	*) echo "FAIL: db import, $free KiB free: exit $st"; fails=$((fails + 1)) ;;
	esac
	rm -f $T/fs/new.db*
done
expect_eq "$open_failed$commit_failed$ok" 111 "db import: some room fails the new store's open, some its commit, some lets the import through"
finish
