# All outputs of one command appear together or not at all: when a later
# output cannot be written, the earlier ones keep their old contents, and no
# temporary file is left behind.
. tests/cli/lib
P=$FIX/project
$XPROJ bitext $P/aligned.jsonl -o $T/pairs.txt 2>/dev/null
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
D=$T/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
mkdir $T/adir
NO=$T/missing/dir/file

# kept WHAT CMD... : CMD fails; every file $T/out.* still holds "old"
kept() {
	what=$1; shift
	for f in a b c d; do echo old > $T/out.$f; done
	"$@" >$T/stdout 2>$T/err; st=$?
	[ $st = 1 ] || { echo "FAIL: $what: exit $st, wanted 1"; cat $T/err; fails=$((fails + 1)); }
	for f in a b c d; do
		[ "$(cat $T/out.$f)" = old ] || { echo "FAIL: $what: out.$f was replaced"; fails=$((fails + 1)); }
	done
	left=$(ls -A $T | grep -c 'xproj-\|tmp')
	[ "$left" = 0 ] || { echo "FAIL: $what: temporary files left:"; ls -A $T; fails=$((fails + 1)); }
}
pj() { $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs "$@"; }
kept "project, --report fails" pj -o $T/out.a --jsonlines $T/out.b --report $NO
kept "project, --jsonlines fails" pj -o $T/out.a --jsonlines $NO --report $T/out.b
kept "project, --report is a directory" pj -o $T/out.a --jsonlines $T/out.b --report $T/adir
kept "bitext, --map fails" $XPROJ bitext $P/aligned.jsonl -o $T/out.a --map $NO
kept "wordalign, --probs fails" $XPROJ wordalign $T/pairs.txt -o $T/out.a --probs $NO
kept "wordalign, --reverse fails" $XPROJ wordalign $T/pairs.txt -o $T/out.a --probs $T/out.b \
	--forward $T/out.c --reverse $NO
# the message names the file that failed (it said "out.a: out of memory"
# of -o when --probs was a directory)
kept "wordalign, --probs is a directory" $XPROJ wordalign $T/pairs.txt -o $T/out.a --probs $T/adir
expect_grep "adir: cannot write: it is a directory" $T/err
kept "wordalign, --reverse is a directory" $XPROJ wordalign $T/pairs.txt -o $T/out.a --probs $T/out.b \
	--reverse $T/adir
expect_grep "adir: cannot write: it is a directory" $T/err
kept "db export, --jsonlines fails" $XPROJ db export $D -o $T/out.a --jsonlines $NO
kept "convert to a directory" $XPROJ convert $P/en.conll $T/adir

# and when everything can be written, everything is
for f in a b c; do echo old > $T/out.$f; done
expect_status 0 pj -o $T/out.a --jsonlines $T/out.b --report $T/out.c
for f in a b c; do [ "$(cat $T/out.$f)" != old ] || { echo "FAIL: out.$f not written"; fails=$((fails + 1)); }; done
expect_eq "$(ls -A $T | grep -c 'xproj-\|tmp')" 0 "no temporary file after a success"

# an output that is a symbolic link to a file (a shared directory's file
# linked into a working one) is written through: the file it names gets
# the output, the link stays.  Before, the link was renamed over: it became
# a file of its own, and the file it named kept its old contents, exit 0
mkdir $T/shared
echo old > $T/shared/zh.conll
ln -s shared/zh.conll $T/lk.conll
expect_status 0 pj -o $T/lk.conll
[ -L $T/lk.conll ] || { echo "FAIL: the link to an output replaced by a file"; fails=$((fails + 1)); }
expect_eq "$(cat $T/shared/zh.conll)" "$(cat $T/out.a)" "the output written into the file the link names"
expect_eq "$(ls -A $T $T/shared | grep -c 'xproj-')" 0 "no temporary file beside the link or its file"
# a name of 242 to 255 bytes is one the system takes (`>` writes it); its
# temporary file's name (".NAME.xproj-XXXXXX") was not: refused, "cannot
# create: File name too long".  A long name's temporary file is named by
# its first bytes and a hash
mkdir $T/long
for k in 200 233 240 249; do
	n=$T/long/$(printf "%${k}s" | tr ' ' a).conll
	echo old > $n
	expect_status 0 pj -o $n
	expect_eq "$(cmp $n $T/out.a && echo same)" same "an output of a $((k + 6))-byte name written"
done
expect_eq "$(ls -A $T/long | grep -c 'xproj-')" 0 "no temporary file beside the long names"
# a store: its temporary name and SQLite's -journal beside it (234 bytes
# or more: "unable to open database file"), and its own -wal (252 to 255:
# made, then opened by no command)
n=$T/long/$(printf "%245s" | tr ' ' d).db
expect_status 0 $XPROJ db init $n
expect_status 0 $XPROJ db runs $n
n=$T/long/$(printf "%249s" | tr ' ' e).db
expect_status 1 $XPROJ db init $n
expect_grep "a store's file name is at most 251 bytes (this one 252)" $T/err
expect_eq "$(ls -A $T/long | grep -c '^e')" 0 "no store of a name whose -wal cannot be"
# a store deeper than SQLite opens (its full path, with its -journal's
# name, within SQLite's limit): said, not "unable to open database file"
deep=$T/deep/$(printf "%200s" | tr ' ' d)/$(printf "%200s" | tr ' ' e)
mkdir -p $deep
n=$deep/$(printf "%$((495 - ${#deep} - 4))s" | tr ' ' f).db
expect_status 1 $XPROJ db init $n
expect_grep "the store's full path is 495 bytes: SQLite opens a new store, under a temporary name, of at most 490" $T/err
expect_eq "$(ls -A $deep | wc -l)" 0 "nothing made"
# an output that is a FIFO, a device or /dev/stdout on a pipe is written
# into, as a shell's > writes, never replaced: a temporary file renamed
# over it made the FIFO a file its reader never saw and, as root,
# /dev/null (or /dev/stdout) a file of the output for every process of the
# machine; wordalign -o /dev/null made /dev/null.names, db init /dev/null
# /dev/null-journal (adversarial round 14; a node of our own for root,
# never the machine's /dev/null, which the old code would replace)
J=$FIX/project/en.conll
mkfifo $T/fifo
timeout $(limit 30) cat $T/fifo > $T/fifo.read &
expect_status 0 timeout $(limit 60) $XPROJ convert $J $T/fifo
wait
expect_eq "$([ -p $T/fifo ] && echo fifo)" fifo "a FIFO output stays a FIFO"
expect_status 0 $XPROJ convert $J $T/want.jsonl
expect_eq "$(cmp $T/fifo.read $T/want.jsonl 2>&1 && echo same)" same "the FIFO's reader got the output"
# /dev/stdout as a link of our own (the old code renamed over the link)
ln -s /proc/self/fd/1 $T/out-link
$XPROJ convert $J $T/out-link | cat > $T/piped.jsonl
expect_eq "$(cmp $T/piped.jsonl $T/want.jsonl 2>&1 && echo same)" same "/dev/stdout on a pipe: the output down the pipe"
expect_eq "$([ -L $T/out-link ] && echo link)" link "/dev/stdout on a pipe: the link stays"
if [ "$(id -u)" = 0 ] && mknod -m 666 $T/null c 1 3 2>/dev/null; then
	expect_status 0 $XPROJ convert $J $T/null
	expect_eq "$([ -c $T/null ] && echo device)" device "a device output stays a device"
	$XPROJ bitext $FIX/project/aligned.jsonl -o $T/bt.txt 2>/dev/null
	expect_status 0 $XPROJ wordalign $T/bt.txt --iters 4 -o $T/null
	expect_status 1 $XPROJ db init $T/null
	expect_grep "not a store: a device" $T/err
	expect_eq "$(ls -A $T | grep -c '^null.')" 0 "nothing made beside a device"
fi
finish
