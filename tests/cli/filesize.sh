# A file-size limit (ulimit -f) reached while a command writes: the write
# fails with EFBIG and is said with the file's name, exit 1, the outputs
# and the store as they were, no temporary file left.  Before, SIGXFSZ
# killed the process (status 153): the temporary files of its outputs
# stayed, and past the store's commit SQLite's checkpoint at close (the
# write-ahead log copied into the growing store) killed a complete run,
# status 153 with everything new and the run in the store.
. tests/cli/lib
S=tools/sample
run() { $XPROJ pipeline --config $S/zh.conf --save-model -o $T/q "$@"; }
run >/dev/null 2>&1 || { echo "FAIL: the first pipeline run"; exit 1; }
cp -r $T/q $T/p
nruns() { $XPROJ db runs $T/q/corrections.db 2>/dev/null | grep -c '^run '; }
seen0=0 seen1=0
for kib in 60 200 220 240 600; do
	rm -rf $T/q; cp -r $T/p $T/q
	(ulimit -f $kib; run >$T/out 2>$T/err); st=$?
	case $st in
	0) seen0=1
	   expect_eq "$(nruns)" 2 "ulimit -f $kib: exit 0 with the run in the store" ;;
	1) seen1=1
	   expect_grep "cannot write: File too large" $T/err
	   expect_eq "$(nruns)" 1 "ulimit -f $kib: exit 1, no run added"
	   for f in aligned.jsonl report.json projected.conll wordalign.model; do
		cmp -s $T/p/$f $T/q/$f || { echo "FAIL: ulimit -f $kib: $f changed by a failed run"; fails=$((fails + 1)); }
	   done ;;
	*) echo "FAIL: ulimit -f $kib: exit $st (153: killed by SIGXFSZ)"; fails=$((fails + 1)) ;;
	esac
	expect_eq "$(ls -A $T/q | grep -c 'xproj-')" 0 "ulimit -f $kib: temporary files left"
	expect_status 0 $XPROJ db check $T/q/corrections.db
done
expect_eq "$seen0$seen1" 11 "some limits fail the run, some let it through"

# what a command prints on standard output (figures, listings) is an
# output too: a full disk there is exit 1, said (before: exit 0, the file
# empty or cut short)
if [ -w /dev/full ]; then
	P=$FIX/project
	for c in "stats $P/en.conll" "db runs $T/q/corrections.db" "score $P/en.conll $P/en.conll"; do
		$XPROJ $c >/dev/full 2>$T/err; st=$?
		expect_eq "$st" 1 "xproj $c > /dev/full: exit status"
		expect_grep "<stdout>: write error: No space left on device" $T/err
	done
fi
finish
