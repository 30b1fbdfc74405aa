# Crash safety: kill -9 at random moments (and at named failpoints) during
# db import, db import-corrections, db export and pipeline; after each kill
# the store passes `db check` (SQLite's integrity and foreign-key checks,
# every run and batch as large as its history line says: no half run, no
# half batch), every output is whole and either its old or its new version,
# and the store is never ahead of the pipeline's directory.  SIGTERM leaves
# no temporary file; those of a kill -9 are swept by the next run.
. tests/cli/lib
. bench/synth_run.sh
KILLS=${KILLS:-8}
seed=$$
. tests/kill.sh   # rnd, killat
now() { date +%s.%N; }
# duration CMD... : wall seconds CMD takes (run to the end)
duration() { a=$(now); "$@" >/dev/null 2>&1; b=$(now); awk -v a=$a -v b=$b 'BEGIN { printf "%.3f", (b - a) * 1.3 }'; }
checked() { # WHAT: the store passes db check
	$XPROJ db check $D >$T/check 2>&1 || { echo "FAIL: $1: db check:"; cat $T/check; fails=$((fails + 1)); }
}
# whole WHAT FILE OLD NEW: FILE is byte for byte OLD or NEW
whole() {
	cmp -s "$2" "$3" || cmp -s "$2" "$4" || { echo "FAIL: $1: $(basename $2) is neither old nor new"; fails=$((fails + 1)); }
}
temporaries() { ls -A "$1" | grep -c 'xproj-' ; }

# --- db import: 200 documents, 20000 mentions -------------------------------------------
mkdir $T/r
synth_run 20000 200 $T/r
$XPROJ project --source $T/r/en.conll --aligned $T/r/aligned.jsonl --alignments $T/r/pairs.pharaoh \
	-o $T/r/zh.conll --report $T/r/r.json 2>/dev/null
D=$T/c.db
IMP="db import $D --source $T/r/en.conll --aligned $T/r/aligned.jsonl --report $T/r/r.json"
imp() { $XPROJ $IMP; }
t=$(duration imp)
i=0
while [ $i -lt $KILLS ]; do
	killat $(rnd $t) $XPROJ $IMP
	checked "db import killed"
	i=$((i + 1))
done
XP_FAILPOINT=db-import:5000 imp >/dev/null 2>&1
checked "db import killed at its 5000th mention"
$XPROJ db runs $D > $T/runs
expect_eq "$(grep -c '^run ' $T/runs)" "$(grep -c ': 200 documents, 20000 mentions' $T/runs)" "every run whole"
runs=$(grep -c '^run ' $T/runs)

# --- db import-corrections: batches of 5000 modifications ------------------------------
batch() { # N: a batch of modifications whose file differs by N trailing newlines
	awk -v n="$1" 'BEGIN { printf "{"
		for (d = 0; d < 50; d++) {
			printf "%s\"doc%d\": {\"modify\": {", d ? "," : "", d
			for (m = 0; m < 100; m++) printf "%s\"doc%d|%d\": [%d, 0, 1]", m ? "," : "", d, m, int(m / 5)
			printf "}}"
		}
		printf "}"; for (k = 0; k <= n; k++) print "" }' > $T/batch.json
}
mods() { $XPROJ db stats --json $D | sed 's/.*"modifications":\([0-9]*\).*/\1/'; }
batch 0
t=$(duration $XPROJ db import-corrections $D $T/batch.json)
i=1
while [ $i -le $KILLS ]; do
	batch $i
	killat $(rnd $t) $XPROJ db import-corrections $D $T/batch.json
	checked "import-corrections killed"
	i=$((i + 1))
done
batch 999
XP_FAILPOINT=batch-edit:2500 $XPROJ db import-corrections $D $T/batch.json >/dev/null 2>&1
checked "import-corrections killed at its 2500th edit"
nb=$($XPROJ db log $D | grep -c 'import corrections')
# each batch's modifications as its history line says them: the first
# batch's 5000 less those already so; a batch imported again sets the
# spans it set before, which change nothing and are not stored (h-edits),
# so its line says 0 modifications and "unchanged" holds them
said=$($XPROJ db log $D | grep 'import corrections' | grep -o '"modify": *[0-9]*' | grep -o '[0-9]*$' | awk '{ s += $1 } END { print s + 0 }')
expect_eq "$(mods)" "$said" "modifications = the sum of the batches' history lines ($nb batches)"
[ "$nb" -ge 1 ] && [ "$said" -gt 0 ] || { echo "FAIL: no batch stored a modification"; fails=$((fails + 1)); }

# --- db export: two outputs, each old or new --------------------------------------------
$XPROJ db export $D --run 1 --silver -o $T/old.conll --jsonlines $T/old.jsonl >/dev/null
$XPROJ db export $D -o $T/new.conll --jsonlines $T/new.jsonl >/dev/null
cmp -s $T/old.conll $T/new.conll && { echo "FAIL: old and new exports are the same"; fails=$((fails + 1)); }
mkdir $T/x
EXP="db export $D -o $T/x/e.conll --jsonlines $T/x/e.jsonl"
exp() { $XPROJ $EXP; }
t=$(duration exp)
i=0
while [ $i -lt $KILLS ]; do
	cp $T/old.conll $T/x/e.conll; cp $T/old.jsonl $T/x/e.jsonl
	killat $(rnd $t) $XPROJ $EXP
	whole "export killed" $T/x/e.conll $T/old.conll $T/new.conll
	whole "export killed" $T/x/e.jsonl $T/old.jsonl $T/new.jsonl
	i=$((i + 1))
done
cp $T/old.conll $T/x/e.conll; cp $T/old.jsonl $T/x/e.jsonl
XP_FAILPOINT=outputs-rename:2 exp >/dev/null 2>&1
expect_eq "$(cmp -s $T/x/e.conll $T/new.conll && cmp -s $T/x/e.jsonl $T/old.jsonl && echo mixed)" mixed \
	"export killed between its two renames: the first new, the second old"
# what the kills left is swept by the next export (once it is older than a moment)
touch -c -d '2001-01-01' $T/x/.e.* 2>/dev/null
expect_status 0 $XPROJ db export $D -o $T/x/e.conll --jsonlines $T/x/e.jsonl
expect_eq "$(temporaries $T/x)" 0 "temporary files after the next export"
checked "after the exports"

# --- pipeline: each file A or B, the store never ahead of the directory -----------------
S=tools/sample
P=$T/pl
A="--seed 1"
B="--seed 1 --rule block --collisions drop"
# --samplers 3: what is tested here is the outputs and the store under kills,
# not the aligner; the size rule would give this tiny sample 16 samplers and
# make each of the ~20 runs below four times as long.
PL="pipeline --quiet --samplers 3 --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt"
pl() { $XPROJ $PL "$@"; }
pl $A -o $T/plA; pl $B -o $T/plB
FILES="aligned.jsonl pairs.txt pairs.map alignments.pharaoh alignments.probs projected.conll projected.jsonlines report.json"
pl $A -o $P
D=$P/corrections.db
t=$(duration pl $B -o $T/plB2)
agree() { # WHAT: files A or B, summary whole, store not ahead
	for f in $FILES; do whole "$1" $P/$f $T/plA/$f $T/plB/$f; done
	grep -q '^  seconds' $P/summary.txt || { echo "FAIL: $1: summary.txt is not whole"; fails=$((fails + 1)); }
	checked "$1"
	dirrun=$(sed -n 's/.*corrections.db, run \([0-9]*\)$/\1/p' $P/summary.txt)
	dbrun=$($XPROJ db runs $D | grep -c '^run ')
	[ "$dbrun" -le "$dirrun" ] || { echo "FAIL: $1: the store has run $dbrun, the directory run $dirrun"; fails=$((fails + 1)); }
}
i=0
while [ $i -lt $KILLS ]; do
	if cmp -s $P/projected.conll $T/plA/projected.conll; then next=$B; else next=$A; fi
	killat $(rnd $t) $XPROJ $PL $next -o $P
	agree "pipeline killed"
	i=$((i + 1))
done
XP_FAILPOINT=outputs-rename:3 pl $B -o $P >/dev/null 2>&1
agree "pipeline killed between renames"
XP_FAILPOINT=pipeline-commit:1 pl $A -o $P >/dev/null 2>&1
agree "pipeline killed before its store commit"
expect_eq "$(cmp -s $P/projected.conll $T/plA/projected.conll && echo A)" A "the files of the run killed before its store commit"
# SIGTERM (a kill(1), Ctrl-C) in the commit, between two renames or before
# the store's commit: held until the commit is done, then obeyed: every
# file new and the store with the run, exit 143.  Before, the handler ran
# in the loop: some files new, the rest old, the store without the run
for fp in outputs-rename:3:TERM pipeline-commit:1:TERM; do
	if cmp -s $P/projected.conll $T/plA/projected.conll; then next=$B want=plB; else next=$A want=plA; fi
	touch -c -d '2001-01-01' $P/.*xproj-* 2>/dev/null   # what the kill -9s above left: swept by this run
	XP_FAILPOINT=$fp $XPROJ $PL $next -o $P >/dev/null 2>&1
	expect_eq "$?" 143 "$fp: dies of SIGTERM once the commit is done"
	for f in $FILES; do
		cmp -s $P/$f $T/$want/$f || { echo "FAIL: $fp: $f is not the new run's"; fails=$((fails + 1)); }
	done
	dirrun=$(sed -n 's/.*corrections.db, run \([0-9]*\)$/\1/p' $P/summary.txt)
	expect_eq "$($XPROJ db runs $D | grep -c '^run ')" "$dirrun" "$fp: the store has the directory's run"
	expect_eq "$(temporaries $P)" 0 "$fp: temporary files"
done
# SIGTERM and SIGINT: the handler removes the temporary files (a background
# command of a script starts with SIGINT ignored: env gives it back)
sigs=TERM
env --default-signal=INT true 2>/dev/null && sigs="TERM INT" || echo "note: env cannot reset SIGINT: not tested"
for sig in $sigs; do
	touch -c -d '2001-01-01' $P/.*xproj-* 2>/dev/null; pl $A -o $P >/dev/null   # sweeps what kill -9 left
	env --default-signal=INT $XPROJ $PL $B -o $P >/dev/null 2>&1 &
	p=$!
	sleep $(rnd $t)
	kill -$sig $p 2>/dev/null
	wait $p 2>/dev/null
	expect_eq "$(temporaries $P)" 0 "temporary files after SIG$sig"
	agree "pipeline stopped by SIG$sig"
done
# a staging directory of an earlier xproj, left by a kill, is removed by the next run
mkdir $P/.xproj-Ab12Cd && echo x > $P/.xproj-Ab12Cd/projected.conll
pl $A -o $P >/dev/null
[ -e $P/.xproj-Ab12Cd ] && { echo "FAIL: an old staging directory was not swept"; fails=$((fails + 1)); }
agree "after a whole run"
# a fresh -o directory (and the parents made for it) interrupted before
# anything is in place (SIGTERM while its store is made): removed, as a
# refused run's is, with the new store's temporary files and SQLite's
# beside them.  Before, an empty directory (or one holding the store's
# -journal) was left, which a workflow's "does it exist" took for a run
# (adversarial round 14)
XP_FAILPOINT=db-create:1:TERM pl $A -o $T/fresh/new >/dev/null 2>&1
expect_eq "$?" 143 "pipeline stopped by SIGTERM while making its store"
[ -e $T/fresh ] && { echo "FAIL: an interrupted fresh pipeline left: $(ls -AR $T/fresh)"; fails=$((fails + 1)); }
# the same, interrupted while its run is imported into the new store: the
# store goes with the files (before: corrections.db and its -wal, -shm
# were left, the directory holding a store and no run's file)
XP_FAILPOINT=db-import:1:TERM pl $A -o $T/fresh/new >/dev/null 2>&1
expect_eq "$?" 143 "pipeline stopped by SIGTERM while importing into its new store"
[ -e $T/fresh ] && { echo "FAIL: a fresh pipeline stopped in its import left: $(ls -AR $T/fresh)"; fails=$((fails + 1)); }
# another process makes the store while this one makes its own (stopped
# just before its link, db-create:1:STOP): this one's is dropped and the
# other's is not this run's to remove, even when the run is then stopped
# (before: the signal handler had the path from before the open, and
# removed the other process's store)
mkdir -p $T/race
XP_FAILPOINT=db-create:1:STOP $XPROJ $PL $A -o $T/race >/dev/null 2>&1 &
rp=$!
i=0
while [ $i -lt 600 ] && [ "$(ps -o stat= -p $rp | cut -c1)" != T ]; do i=$((i + 1)); sleep 0.1; done
$XPROJ db init $T/race/corrections.db >/dev/null 2>&1
cp $T/race/corrections.db $T/race.before
kill -TERM $rp; kill -CONT $rp; wait $rp
expect_eq "$?:$(ls -A $T/race)" "143:corrections.db" "a store made meanwhile by another process is kept"
cmp -s $T/race/corrections.db $T/race.before || { echo "FAIL: the other process's store changed"; fails=$((fails + 1)); }
# and a rerun's store, there before, is kept as it was
cp $D $T/store.before
XP_FAILPOINT=db-import:1:TERM pl $B -o $P >/dev/null 2>&1
expect_eq "$?" 143 "rerun stopped by SIGTERM while importing"
cmp -s $D $T/store.before || { echo "FAIL: a rerun stopped in its import changed the store"; fails=$((fails + 1)); }
# killed (kill -9: nothing to catch) in a fresh -o between its new store's
# link and its run's commit (db-import:1): the store is left with its
# schema and no run, beside the run's temporary files.  No harm done
# (docs/nothing-lost.md): db check passes, the readers say the store has
# no run, and a rerun into the same -o is a first run like any other
XP_FAILPOINT=db-import:1 pl $A -o $T/k9/new >/dev/null 2>&1
expect_eq "$?" 137 "pipeline killed while importing into its new store"
expect_eq "$(ls $T/k9/new | grep -vc '^corrections.db')" 0 "a fresh pipeline killed in its import leaves its store alone (and its temporary files)"
expect_status 0 $XPROJ db check $T/k9/new/corrections.db
expect_eq "$($XPROJ db runs $T/k9/new/corrections.db 2>/dev/null | grep -c '^run ')" 0 "runs in the store of the killed run"
expect_status 1 $XPROJ db export $T/k9/new/corrections.db -o $T/k9.conll
expect_grep 'no projection run in the database' $T/err
touch -c -d '2001-01-01' $T/k9/new/.*xproj-* 2>/dev/null   # as a rerun minutes later finds them
expect_status 0 $XPROJ $PL $A -o $T/k9/new
for f in $FILES; do
	cmp -s $T/k9/new/$f $T/plA/$f || { echo "FAIL: the rerun after a kill: $f is not the run's"; fails=$((fails + 1)); }
done
expect_grep 'corrections.db, run 1$' $T/k9/new/summary.txt
expect_eq "$($XPROJ db runs $T/k9/new/corrections.db | grep -c '^run ')" 1 "runs after the rerun"
expect_eq "$(temporaries $T/k9/new)" 0 "temporary files after the rerun"
F=$FIX/project
$XPROJ project --source $F/en.conll --aligned $F/aligned.jsonl --alignments $F/pairs.pharaoh -o $T/r14.conll \
	--report $T/r14.json 2>/dev/null
mkdir $T/fr
XP_FAILPOINT=db-create:1:TERM $XPROJ db import $T/fr/c.db --source $F/en.conll --aligned $F/aligned.jsonl \
	--report $T/r14.json >/dev/null 2>&1
expect_eq "$?:$(ls -A $T/fr)" "143:" "db import stopped by SIGTERM while making its store: nothing left"
finish
