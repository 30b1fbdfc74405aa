# xproj pipeline projects and imports a document at a time (issue 37): the
# same files, byte for byte, and the same store, row for row, as the whole
# corpus at once (XPROJ_PIPELINE_WHOLE=1), on the bundled sample: Chinese
# with given alignments, Farsi from OPUS files, the built-in aligner with
# its posteriors, English spans and a second seed, and a rerun that carries
# the first run's corrections.  And a rerun removes the files of an earlier
# run it does not write (pairs.spans, alignments.probs), saying so, once its
# own are in place: a failed rerun leaves them, the store is never removed.
. tests/cli/lib
S=tools/sample
# every row of the store, in sqlite3's order, its timestamps and run ids
# (random, schema 12) masked
rows() { sqlite3 "$1" .dump | sed -E "s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'/'T'/g; s/'[0-9a-f]{32}'/'U'/g"; }
# the summary without its directory and its seconds
summ() { sed -e "s|$2|DIR|g" -e '/^  seconds/d' "$1"; }

# same NAME PIPELINE-ARGS...: streamed into $T/NAME.s, whole into $T/NAME.w
same() {
	name=$1; shift
	XPROJ_PIPELINE_WHOLE=0 expect_status 0 $XPROJ pipeline "$@" -o $T/$name.s
	grep -q 'not streamed' $T/err && { echo "FAIL: $name: not streamed:"; cat $T/err; fails=$((fails + 1)); }
	cp $T/err $T/err.s
	XPROJ_PIPELINE_WHOLE=1 expect_status 0 $XPROJ pipeline "$@" -o $T/$name.w
	expect_eq "$(cat $T/err)" "$(cat $T/err.s)" "$name: stderr"
	expect_eq "$(cd $T/$name.w && ls -A)" "$(cd $T/$name.s && ls -A)" "$name: the files of the output directory"
	for f in $(cd $T/$name.w && ls); do
		case $f in
		summary.txt) expect_eq "$(summ $T/$name.s/$f $T/$name.s)" "$(summ $T/$name.w/$f $T/$name.w)" "$name: $f" ;;
		corrections.db) rows $T/$name.s/$f > $T/rows.s; rows $T/$name.w/$f > $T/rows.w
			cmp -s $T/rows.s $T/rows.w || { echo "FAIL: $name: the stores differ:"; diff $T/rows.w $T/rows.s | head; fails=$((fails + 1)); } ;;
		*) cmp -s $T/$name.s/$f $T/$name.w/$f || { echo "FAIL: $name: $f differs"; fails=$((fails + 1)); } ;;
		esac
	done
}

zh="--source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt"
same zh $zh --alignments $S/zh.pharaoh
cmp -s $T/zh.s/projected.conll $S/expected.zh.conll || { echo "FAIL: zh projection differs"; fails=$((fails + 1)); }
same zh $zh --alignments $S/zh.pharaoh --keep-empty --chars   # run 2: carried over from run 1
expect_grep 'run 2$' $T/out
same fa --source $S/dialogue.conll --subs $S/en.xml --tgt-subs $S/fa.xml --links $S/en-fa.xml --tgt-lang fa \
	--alignments $S/fa.pharaoh --prodrop
same builtin $zh --span-factor 2 --alt-seeds 1
# two episodes whose scenes alternate in the source, a subtitle file each
mkdir -p $T/il/en $T/il/tg
awk -v dir=$T/il 'BEGIN {
	split("1 2 1 2", eps, " "); split("1 1 2 2", scs, " ")
	for (i = 1; i <= 4; i++) {
		ep = eps[i]; sc = scs[i]; id = sprintf("s01e%02dc%02dt", ep, sc)
		printf "#begin document (%s); part 000\n", id > dir "/en.conll"
		for (u = 0; u < 2; u++) {
			for (t = 0; t < 3; t++)
				printf "%s\t0\t%d\tw%d\tna\tna\tna\tna\tna\tS\tna\tna\tna\t(%d)\n", id, t, t, u * 3 + t > dir "/en.conll"
			print "" > dir "/en.conll"
			k = (sc - 1) * 2 + u + 1; s = 4 * k
			printf "%d\n00:00:%02d,000 --> 00:00:%02d,000\nw0 w1 w2\n\n", k, s, s + 2 > sprintf("%s/en/S01E%02d.srt", dir, ep)
			printf "%d\n00:00:%02d,000 --> 00:00:%02d,000\nv0 v1 v2\n\n", k, s, s + 2 > sprintf("%s/tg/S01E%02d.srt", dir, ep)
			print "0-0 1-1 2-2" > dir "/diag.pharaoh"
		}
		print "#end document" > dir "/en.conll"
	}
}'
same il --source $T/il/en.conll --subs t=$T/il/en --tgt-subs t=$T/il/tg --tgt-lang de --alignments $T/il/diag.pharaoh
expect_grep 'mentions     24, projected 24' $T/out
for f in alignments.probs pairs.spans; do
	[ -s $T/builtin.s/$f ] || { echo "FAIL: the built-in aligner wrote no $f"; fails=$((fails + 1)); }
done

# Stale files: the built-in aligner's run writes pairs.spans and
# alignments.probs; a run with given alignments writes neither.
D=$T/builtin.s
was=$(sum $D/pairs.spans $D/alignments.probs)
cp $D/alignments.pharaoh $T/given.pharaoh; cp $D/alignments.probs $T/given.probs
printf '0-0\n' > $T/short.pharaoh
expect_status 1 $XPROJ pipeline $zh --alignments $T/short.pharaoh -o $D
expect_eq "$(sum $D/pairs.spans $D/alignments.probs)" "$was" "a failed rerun leaves the earlier run's files"
expect_status 0 $XPROJ pipeline $zh --alignments $S/zh.pharaoh -o $D
for f in pairs.spans alignments.probs; do
	[ -e $D/$f ] && { echo "FAIL: a rerun that does not write $f left the earlier run's"; fails=$((fails + 1)); }
	expect_grep "removed $D/$f of an earlier run: this run does not write it" $T/err
done
expect_eq "$(grep -c 'of an earlier run' $T/err)" 2 "removals said"
grep -q 'alignments.probs\|pairs.spans' $D/summary.txt && { echo "FAIL: the summary lists a file not written"; fails=$((fails + 1)); }
# with the option that writes it, it is back, and nothing is said
expect_status 0 $XPROJ pipeline $zh --alignments $T/given.pharaoh --probs $T/given.probs -o $D
cmp -s $T/given.probs $D/alignments.probs || { echo "FAIL: --probs did not write alignments.probs"; fails=$((fails + 1)); }
grep -q 'earlier run' $T/err && { echo "FAIL: a removal said with nothing stale:"; cat $T/err; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline $zh --span-factor 2 -o $D
[ -s $D/pairs.spans ] && [ -s $D/alignments.probs ] || { echo "FAIL: the built-in rerun lacks pairs.spans or its probs"; fails=$((fails + 1)); }
# --no-db writes no store but never removes one: it holds corrections
expect_status 0 $XPROJ pipeline $zh --alignments $T/given.pharaoh --no-db --quiet -o $D
[ -s $D/corrections.db ] || { echo "FAIL: --no-db removed corrections.db"; fails=$((fails + 1)); }
expect_eq "$(cat $T/err)" "xproj pipeline: removed $D/pairs.spans of an earlier run: this run does not write it
xproj pipeline: removed $D/alignments.probs of an earlier run: this run does not write it" \
	"--quiet still says what it removed, and only that"
expect_eq "$(sqlite3 $D/corrections.db 'SELECT count(*) FROM runs')" 4 "the store's runs: one per run with a store"
finish
