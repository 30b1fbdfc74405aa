# xproj db import a document at a time (tools/pstream.h xp_pstream_docs,
# correct/db.h xp_db_import_run_docs) against the whole corpus at once: the
# same store, every table's rows; the same messages and exit status; an
# error in the first or the last document leaves no run; what it cannot
# read as the whole path does goes to it, said on stderr.
. tests/cli/lib
P=$FIX/project
# every row of the store, in sqlite3's order, its timestamps and run ids
# (random, schema 12) masked
rows() { sqlite3 "$1" .dump | sed -E "s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'/'T'/g; s/'[0-9a-f]{32}'/'U'/g"; }
# both NAME ARG...: `db import $T/NAME.{s,w}.db ARG...` streamed (it must
# say when it is not: XPROJ_IMPORT_WHOLE=0) and whole, each into a copy of
# $T/NAME.db if there is one; stdout, stderr, the exit status and the rows
# must agree
both() {
	name=$1; shift
	for m in s w; do
		case $m in s) v=0;; w) v=1;; esac
		[ -e $T/$name.db ] && cp $T/$name.db $T/$name.$m.db
		XPROJ_IMPORT_WHOLE=$v $XPROJ db import $T/$name.$m.db "$@" >$T/$name.$m.out 2>$T/$name.$m.err
		echo $? >$T/$name.$m.rc
		grep -v 'not streamed' $T/$name.$m.err >$T/$name.$m.msg
		[ -e $T/$name.$m.db ] && rows $T/$name.$m.db >$T/$name.$m.rows
	done
	for f in out msg rc rows; do
		if [ -e $T/$name.s.$f ] || [ -e $T/$name.w.$f ]; then
			cmp -s $T/$name.s.$f $T/$name.w.$f || { echo "FAIL: $name: .$f differs"; diff $T/$name.s.$f $T/$name.w.$f | head; fails=$((fails + 1)); }
		fi
	done
}
streamed() {
	grep -q 'not streamed' $T/$1.s.err && { echo "FAIL: $1 was not streamed"; cat $T/$1.s.err; fails=$((fails + 1)); }
	return 0
}
# runs DB: how many runs the store holds (none if there is no store)
runs() { [ -e "$1" ] && sqlite3 "$1" 'SELECT count(*) FROM runs' || echo none; }

# the fixture, with --chars, and again into a store that has a run (carried over)
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh --probs $P/pairs.probs \
	-o $T/fix.conll --report $T/fix.json 2>/dev/null
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh --chars \
	-o $T/chars.conll --report $T/chars.json 2>/dev/null
both fix --source $P/en.conll --aligned $P/aligned.jsonl --report $T/fix.json
streamed fix
expect_grep 'run 1 imported: 1 documents' $T/fix.s.out
both chars --source $P/en.conll --aligned $P/aligned.jsonl --report $T/chars.json
streamed chars
cp $T/fix.w.db $T/again.db
expect_status 0 $XPROJ db delete $T/again.db --mention 'd|0' --annotator t
both again --source $P/en.conll --aligned $P/aligned.jsonl --report $T/fix.json
streamed again
expect_grep 'run 2 imported' $T/again.s.out
expect_grep '1 corrected mentions carried over' $T/again.s.out

# several documents (bench/synth_run.sh), the source gzipped
. bench/synth_run.sh
mkdir $T/syn
synth_run 600 7 $T/syn
gzip -c $T/syn/en.conll > $T/syn/en.conll.gz
$XPROJ project --source $T/syn/en.conll --aligned $T/syn/aligned.jsonl --alignments $T/syn/pairs.pharaoh \
	-o $T/syn.conll --report $T/syn.json 2>/dev/null
both syn --source $T/syn/en.conll.gz --aligned $T/syn/aligned.jsonl --report $T/syn.json
streamed syn
expect_grep 'run 1 imported: 7 documents' $T/syn.s.out
expect_eq "$(sqlite3 $T/syn.s.db 'SELECT count(*) FROM mentions')" 600 "600 mentions imported"

# what it does not read as the whole path does is left to it, said on
# stderr: records in another order than the English documents
awk '{ a[NR] = $0 } END { for (i = NR; i >= 1; i--) print a[i] }' $T/syn/aligned.jsonl > $T/rev.jsonl
both rev --source $T/syn/en.conll --aligned $T/rev.jsonl --report $T/syn.json
expect_grep 'not streamed' $T/rev.s.err
expect_status 0 $XPROJ db import $T/rev.db --source $T/syn/en.conll --aligned $T/rev.jsonl --report $T/syn.json
expect_grep 'not streamed' $T/err

# errors: the same message and status; no run made (nor a store, but where
# the whole path's check comes after it opened one: an utterance twice), a
# store left as it was
err_case() {
	name=$1 want=$2; shift 2
	both $name "$@"
	expect_eq "$(cat $T/$name.s.rc)" 1 "$name: exit 1"
	expect_grep "$want" $T/$name.w.err
	case $(runs $T/$name.s.db) in none|0) ;; *) echo "FAIL: $name: a run was made"; fails=$((fails + 1));; esac
	cp $T/syn.w.db $T/$name.db
	was=$(rows $T/syn.w.db | cksum)
	both $name "$@"
	expect_eq "$(rows $T/$name.s.db | cksum)" "$was" "$name: the store as it was"
	rm -f $T/$name.db
}
# a bad row in the first document, in the last one
sed '2 s/([0-9]*)$/(x)/' $T/syn/en.conll > $T/first.conll
err_case first 'first.conll:2' --source $T/first.conll --aligned $T/syn/aligned.jsonl --report $T/syn.json
n=$(wc -l < $T/syn/en.conll)
sed "$((n - 2)) s/([0-9]*)\$/(x)/" $T/syn/en.conll > $T/last.conll
err_case last "last.conll:$((n - 2))" --source $T/last.conll --aligned $T/syn/aligned.jsonl --report $T/syn.json
# an utterance of the last document twice; the report cut short in it
{ cat $T/syn/aligned.jsonl; tail -1 $T/syn/aligned.jsonl; } > $T/twice.jsonl
err_case twice 'is there twice' --source $T/syn/en.conll --aligned $T/twice.jsonl --report $T/syn.json
head -n -1 $T/syn.json > $T/cut.json
err_case cut 'cut.json' --source $T/syn/en.conll --aligned $T/syn/aligned.jsonl --report $T/cut.json

# killed in the last document of the streamed import (its 600th mention):
# the transaction is not committed, no run
cp $T/syn.w.db $T/kill.db
XPROJ_IMPORT_WHOLE=0 XP_FAILPOINT=db-import:600 $XPROJ db import $T/kill.db --source $T/syn/en.conll \
	--aligned $T/syn/aligned.jsonl --report $T/syn.json >/dev/null 2>&1
expect_eq "$(runs $T/kill.db)" 1 "killed in the last document: no new run"
XPROJ_IMPORT_WHOLE=0 XP_FAILPOINT=db-import:600 $XPROJ db import $T/kill2.db --source $T/syn/en.conll \
	--aligned $T/syn/aligned.jsonl --report $T/syn.json >/dev/null 2>&1
expect_eq "$(runs $T/kill2.db)" 0 "killed in the last document of a new store: no run"
expect_status 0 $XPROJ db check $T/kill.db
finish
