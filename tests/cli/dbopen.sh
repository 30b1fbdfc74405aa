# How db commands open the store: read commands open it read-only (a store
# in a read-only directory can be read), never create one (a mistyped path
# is an error, not a new empty database), and a store that is refused (a
# newer schema, not a database) is left byte for byte as it was.
. tests/cli/lib
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
mkdir $T/ro
D=$T/ro/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
$XPROJ db add $D --mention 'd|3' --span 1:2:3 >/dev/null

# a mistyped path: an error for every command but init and import, and no file made
for c in stats runs log triage "export -o $T/x.conll" "export-tasa -o $T/x.csv" "show --doc d" \
	"add --mention d|3 --span 1:2:3" "delete --mention d|3" undo; do
	expect_status 1 $XPROJ db $c $T/typo.db
	expect_grep 'no such database' $T/err
	[ -e $T/typo.db ] && { echo "FAIL: db $c created $T/typo.db"; fails=$((fails + 1)); rm -f $T/typo.db*; }
done
expect_status 1 $XPROJ db import-corrections $T/typo.db $FIX/db/corrections.json
[ -e $T/typo.db ] && { echo "FAIL: import-corrections created a database"; fails=$((fails + 1)); }

# a -wal (or -journal) left by a store that is gone: SQLite would replay it
# into the new store (corrupt, exit 0); refused, named, nothing made, the
# file kept
printf 'pages of a store that was deleted, pages of a store that was deleted' > $T/gone.db-wal
expect_status 1 $XPROJ db import $T/gone.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_grep "gone.db-wal is left from a store of this name that is gone" $T/err
[ -e $T/gone.db ] && { echo "FAIL: a store made beside a stale -wal"; fails=$((fails + 1)); }
[ -e $T/gone.db-wal ] || { echo "FAIL: the stale -wal removed"; fails=$((fails + 1)); }
mv $T/gone.db-wal $T/gone.db-journal
expect_status 1 $XPROJ db init $T/gone.db
expect_grep "gone.db-journal is left from a store" $T/err
rm $T/gone.db-journal
# one that holds nothing (a read-only connection leaves an empty -wal) is no matter
: > $T/gone.db-wal
expect_status 0 $XPROJ db init $T/gone.db

# a newer schema: refused, and not switched to WAL (header bytes 18-19 stay 1 1) or touched
cp $FIX/db/newer.db $T/newer.db
was=$(sum $T/newer.db)
for c in stats "add --mention d|3 --span 1:2:3" init; do
	expect_status 1 $XPROJ db $c $T/newer.db
	expect_grep 'schema version 99 is newer than this xproj' $T/err
done
expect_eq "$(sum $T/newer.db)" "$was" "a refused newer store is unchanged"
expect_eq "$(od -An -tu1 -j18 -N2 $T/newer.db | tr -s ' ')" " 1 1" "a refused newer store is not in WAL mode"
[ -e $T/newer.db-wal ] && { echo "FAIL: a -wal file next to the refused store"; fails=$((fails + 1)); }

# not a database at all: refused, unchanged
cp $P/en.conll $T/text.db
was=$(sum $T/text.db)
expect_status 1 $XPROJ db stats $T/text.db
expect_grep 'not a database' $T/err
expect_eq "$(sum $T/text.db)" "$was" "a text file named as the store is unchanged"

# read-only: the file and its directory (as an unprivileged user when run as root,
# whom permissions do not stop)
as_user=
if [ "$(id -u)" = 0 ]; then
	if command -v setpriv >/dev/null; then as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
	else echo "FAIL: run as root without setpriv: cannot test a read-only store"; fails=$((fails + 1)); fi
fi
cp $XPROJ $T/xproj && chmod 755 $T/xproj $T
chmod 444 $D; chmod 555 $T/ro
was=$(sum $D)
mkdir $T/w && chmod 777 $T/w
for c in stats runs log triage "show --doc d" "export -o $T/w/x.conll" "export-tasa -o $T/w/x.csv"; do
	expect_status 0 $as_user $T/xproj db $c $D
done
expect_status 0 $as_user $T/xproj db show $D 'd|3'
expect_grep 'd|3' $T/out
expect_grep 'd|3' $T/w/x.csv
expect_status 1 $as_user $T/xproj db add $D --mention 'd|1' --span 0:3:5
expect_grep 'readonly\|read-only' $T/err
expect_eq "$(sum $D)" "$was" "the read-only store is unchanged"
# the store writable, its directory not (SQLite keeps NAME-wal beside it):
# a writer says why (before: "cannot read the store: attempt to write a
# readonly database", of a store every reader reads) (adversarial round 14)
chmod 666 $D
expect_status 1 $as_user $T/xproj db add $D --mention 'd|1' --span 0:3:5
expect_grep 'cannot write the store: its directory is not writable' $T/err
expect_status 1 $as_user $T/xproj db import-corrections $D $FIX/db/corrections.json
expect_grep 'cannot write the store: its directory is not writable' $T/err
expect_status 0 $as_user $T/xproj db stats $D
expect_eq "$(sum $D)" "$was" "the store in a read-only directory is unchanged"
chmod 755 $T/ro; chmod 644 $D

# a read-only file system (a snapshot, a CD, a read-only mount): SQLite
# cannot make the store's index there and says SQLITE_CANTOPEN, not
# READONLY; the readers read it all the same (before: "cannot read the
# store: unable to open database file", every reader).  A -wal that
# holds unmerged changes cannot be read there: said, not skipped.  A
# writer says the file system is read-only.  (Needs a tmpfs mount: root.)
if [ "$(id -u)" = 0 ] && mkdir $T/rofs && mount -t tmpfs -o size=4m tmpfs $T/rofs 2>/dev/null; then
	trap 'umount $T/rofs 2>/dev/null; rm -rf "$T"' EXIT
	cp $D $T/rofs/c.db
	mkdir $T/rofs/w && cp $D $T/rofs/w/c.db && printf 'not merged' > $T/rofs/w/c.db-wal
	mount -o remount,ro $T/rofs
	for c in stats runs "export -o $T/w/y.conll"; do
		expect_status 0 $XPROJ db $c $T/rofs/c.db
	done
	cmp -s $T/w/x.conll $T/w/y.conll || { echo "FAIL: the export from a read-only file system differs"; fails=$((fails + 1)); }
	expect_status 1 $XPROJ db runs $T/rofs/w/c.db
	expect_grep "c.db-wal holds changes not yet merged into it" $T/err
	expect_status 1 $XPROJ db add $T/rofs/c.db --mention 'd|1' --span 0:3:5
	expect_grep "cannot write the store, read-only here: Read-only file system" $T/err
	# a full disk, with the index a failed writer began (4 KiB, no room
	# to grow it): the readers read the store (an empty -wal: the file is
	# all of it); a writer says the disk may be full.  Before, every
	# reader said "cannot read the store: disk I/O error" until space was
	# made
	mount -o remount,rw $T/rofs
	rm -rf $T/rofs/*
	cp $D $T/rofs/c.db
	head -c 4096 /dev/zero > $T/rofs/c.db-shm; : > $T/rofs/c.db-wal
	dd if=/dev/zero of=$T/rofs/fill bs=1k count=$(($(df -Pk $T/rofs | awk 'NR == 2 { print $4 }') - 4)) 2>/dev/null
	expect_status 0 $XPROJ db export $T/rofs/c.db -o $T/w/z.conll
	cmp -s $T/w/x.conll $T/w/z.conll || { echo "FAIL: the export from a full disk differs"; fails=$((fails + 1)); }
	expect_status 1 $XPROJ db add $T/rofs/c.db --mention 'd|1' --span 0:3:5
	expect_grep "(a full disk?): nothing was changed" $T/err
	umount $T/rofs
fi
finish
