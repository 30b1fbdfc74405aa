# workflow/Snakefile (adversarial round 10): paths with blanks, quotes and
# non-ASCII letters run as plain ones do (every path in a rule's command
# was unquoted: the first job failed with a shell error), and a rerun never
# makes a corrected store again without its corrections (Snakemake deletes
# a rule's outputs before it runs it again: a shard's store, corrected
# after the run, was made again from the edited subtitles, its corrections
# gone, exit 0).  Skipped, loudly, without snakemake (as workflow.sh).
. tests/cli/lib
if ! command -v snakemake >/dev/null 2>&1; then
	echo "SKIP: snakemake is not installed (apt-get install snakemake, or scripts/install-deps): workflow/Snakefile untested"
	exit 77
fi
R=$(pwd)
X=$R/$XPROJ
case $XPROJ in /*) X=$XPROJ ;; esac
D="$T/w s/it's ü"
mkdir -p "$D"
cp tools/sample/dialogue.conll tools/sample/en.srt tools/sample/zh.srt tools/sample/expected.zh.conll "$D/"
cp "$X" "$T/w s/x proj"
config() { # OUT [OPTION LINE...]
	_o=$1; shift
	cat <<CONF
xproj: "$T/w s/x proj"
out: "$_o"
sources:
  sample: "$D/dialogue.conll"
languages:
  zh:
    subs: "$D/en.srt"
    tgt-subs: "$D/zh.srt"
    key: "$D/expected.zh.conll"
options:
  seed: 1
  lowercase: true
CONF
	for _l in "$@"; do printf '  %s\n' "$_l"; done
}
sm() { # CONFIG
	(cd $T && snakemake -s $R/workflow/Snakefile --configfile "$1" --cores 2 -q >>$T/sm.log 2>&1)
}

# one aligner per shard: the pipeline's projection, byte for byte
O="$T/w s/out 1"
config "$O" "model: false" >$T/a.yaml
expect_status 0 sm $T/a.yaml
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --quiet -o $T/p
cmp -s "$O/zh/projected.conll" $T/p/projected.conll ||
	{ echo "FAIL: a path with blanks and quotes: projected.conll differs from the pipeline's"; fails=$((fails + 1)); }
[ -s "$O/zh/score.txt" ] || { echo "FAIL: no score.txt"; fails=$((fails + 1)); }
# rounds of merged counts: a shard's own counts taken out (--minus) by path
config "$T/w s/out 2" "model: true" "model-rounds: 2" "model-samplers: 2" >$T/b.yaml
expect_status 0 sm $T/b.yaml
[ -s "$T/w s/out 2/zh/projected.conll" ] || { echo "FAIL: model-rounds: no projection"; fails=$((fails + 1)); }

# a rerun after an edited subtitle file: an uncorrected store is made again
S="$O/zh/sample/S01E01/corrections.db"
sed -i '0,/车里/s/车里/车内/' "$D/zh.srt"
expect_status 0 sm $T/a.yaml
expect_status 0 $XPROJ db runs "$S"
expect_grep "0 live corrections" $T/out
# corrected, then the subtitles edited again: the rerun stops, saying so,
# and the correction is kept
expect_status 0 $XPROJ db modify "$S" --mention "s01e01c00x|0" --span 0:0:1 --annotator ann
sed -i '0,/车内/s/车内/车里/' "$D/zh.srt"
: >$T/sm.log
expect_status 1 sm $T/a.yaml
expect_grep "corrections.db.keep: the store .* holds 1 action(s) done after it was made (modify" $T/sm.log
expect_status 0 $XPROJ db runs "$S.keep"
expect_grep "1 live corrections" $T/out
# as the message says: merged into a store of one's own, removed, run again
expect_status 0 $XPROJ db merge $T/mine.db "$S.keep"
rm -f "$S.keep" "$S.keep-wal" "$S.keep-shm"
expect_status 0 sm $T/a.yaml
expect_status 0 $XPROJ db runs $T/mine.db
expect_grep "1 live corrections" $T/out
# a correction still in the store's -wal (the workbench killed, or still
# running, when the rerun starts: SQLite merges the -wal into the store
# only when its last connection closes): Snakemake deletes the store's
# name, and its -wal stays under that name.  The kept store is read with
# it: the rerun stops and the correction is kept.  Before, the kept store
# was read without it ("nothing after its making"), then the -wal removed:
# the correction gone, exit 0
if command -v curl >/dev/null; then
	[ -e "$S.keep" ] || { echo "FAIL: the last run kept no link to its store"; fails=$((fails + 1)); }
	serve_start "$S"
	v=$(curl -s "${url}api/mention?run=1&key=s01e01c00x%7C0" | grep -o '"version":[0-9]*' | cut -d: -f2)
	curl -s -X POST -H 'Content-Type: application/json' -d '{"run":1,"key":"s01e01c00x|0","annotator":"bob","version":'"$v"',"action":"modify","span":[0,0,1]}' \
		"${url}api/edit" > $T/edit.json
	expect_grep '"ok":true' $T/edit.json
	kill -9 $pid
	wait $pid 2>/dev/null
	[ -s "$S-wal" ] || { echo "FAIL: the killed server left no -wal (the test's premise)"; fails=$((fails + 1)); }
	sed -i '0,/车里/s/车里/车内/' "$D/zh.srt"
	: >$T/sm.log
	expect_status 1 sm $T/a.yaml
	expect_grep "corrections.db.keep: the store .* holds 1 action(s) done after it was made (modify" $T/sm.log
	expect_status 0 $XPROJ db merge $T/bob.db "$S.keep"
	expect_status 0 $XPROJ db runs $T/bob.db
	expect_grep "1 live corrections" $T/out
fi
finish
