# bench/merge.sh — the time of `xproj db merge` on a large store, this
# build against BASE (e.g. main's xproj) on the same stores: a store of N
# mentions (bench/synth_run.sh's inputs, 100 mentions a document) merged
#   known: with a copy of it that a corrector edited (the same run: every
#          utterance and mention compared, the edits added)
#   new:   with another import of the same inputs (a run of its own: every
#          row of it added)
# Each merge runs on a fresh copy of OUT; the time is the wall clock of the
# command (the median of REPS), and the two builds' merged stores must hold
# the same rows (`sqlite3 .dump`, timestamps and run ids masked).
#
#   BASE=old/xproj N=400000 sh bench/merge.sh
set -eu
: "${XPROJ:=build/xproj}" "${N:=400000}" "${BASE:=}" "${REPS:=3}" "${KEEP:=}"
T=${KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/xp-merge-bench.XXXXXX")}
[ -n "$KEEP" ] || trap 'rm -rf "$T"' EXIT
mkdir -p "$T"
. bench/synth_run.sh
if [ ! -s "$T/a.db" ]; then
	rm -rf "$T/in"; mkdir "$T/in"
	synth_run "$N" "$((N / 100))" "$T/in"
	"$XPROJ" project --source "$T/in/en.conll" --aligned "$T/in/aligned.jsonl" \
		--alignments "$T/in/pairs.pharaoh" -o "$T/zh.conll" --report "$T/r.json" 2>/dev/null
	i="--source $T/in/en.conll --aligned $T/in/aligned.jsonl --report $T/r.json"
	"$XPROJ" db import "$T/a.db" $i >/dev/null
	"$XPROJ" db import "$T/c.db" $i >/dev/null
	cp "$T/a.db" "$T/b.db"
	for k in 1 2 3 4 5 6 7 8; do
		"$XPROJ" db delete "$T/b.db" --mention "doc$k|$k" --annotator bench >/dev/null
	done
fi
# (sorted: the old merge's VACUUM INTO put the schema's objects in
# another order, the rows the same)
dump() {
	sqlite3 "$1" .dump | sed -E "s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'/'T'/g; s/'[0-9a-f]{32}'/'U'/g" |
		LC_ALL=C sort | cksum
}
# secs BIN IN: the median wall time of REPS merges of IN into a fresh copy of a.db
secs() {
	for r in $(seq "$REPS"); do
		rm -f "$T"/o.db*; cp "$T/a.db" "$T/o.db"
		s=$(date +%s.%N)
		"$1" db merge "$T/o.db" "$T/$2.db" >/dev/null
		e=$(date +%s.%N)
		echo "$s $e" | awk '{ printf "%.3f\n", $2 - $1 }'
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
echo "== $N mentions, $(du -k "$T/a.db" | cut -f1) KiB store"
for in in b c; do
	what=$([ $in = b ] && echo known || echo new)
	t=$(secs "$XPROJ" $in); d=$(dump "$T/o.db")
	line="merge $what: this build $t s"
	if [ -n "$BASE" ]; then
		tb=$(secs "$BASE" $in); db=$(dump "$T/o.db")
		line="$line, base $tb s ($(awk -v a="$t" -v b="$tb" 'BEGIN { printf "%.2f", a / b }')x)"
		[ "$d" = "$db" ] || line="$line; THE MERGED STORES DIFFER"
	fi
	echo "$line"
done
