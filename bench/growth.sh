# Growth: CPU seconds of the readers and the store at 20k, 40k and 80k of
# one thing (distinct cluster labels, brackets, mentions in one document,
# documents), and the growth from 40k to 80k as an exponent (time ~ n^e:
# 1 is linear, n log n gives about 1.1, quadratic 2).  The CoNLL reader is
# too fast at those sizes for an exponent: it is also timed at ten times
# them.  Synthetic inputs (bench/synth_run.sh); needs no data.
set -eu
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
cpu() { # seconds of user+system CPU of CMD, to 1/100 s
	/usr/bin/time -f '%U %S' -o $T/time "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
	awk '{ printf "%.2f", $1 + $2 }' $T/time
}
row() { # WHAT T20 T40 T80
	awk -v w="$1" -v a=$2 -v b=$3 -v c=$4 'BEGIN {
		e = (b > 0.02 && c > 0) ? log(c / b) / log(2) : 0
		printf "  %-44s %6.2f %6.2f %6.2f s   exponent %s\n", w, a, b, c, (b > 0.02 ? sprintf("%.2f", e) : "(too fast to tell)") }'
}
echo "  (CPU seconds at N = 20k, 40k, 80k; the CoNLL reader also at 200k, 400k, 800k)"
for what in labels crossing; do
	for scale in 1 10; do
		t=""
		for n in 20000 40000 80000; do
			synth_$what $((n * scale)) $T/in.conll
			t="$t $(cpu $XPROJ stats $T/in.conll)"
		done
		k=$([ $scale = 1 ] && echo N || echo 10N)
		[ $what = labels ] && row "stats: $k distinct labels in one sentence" $t ||
			row "stats: $k brackets closed in opening order" $t
	done
done
for docs in 1 many; do
	tp="" ti="" tt=""
	for n in 20000 40000 80000; do
		rm -rf $T/r; mkdir $T/r
		synth_run $n $([ $docs = 1 ] && echo 1 || echo $((n / 10))) $T/r
		tp="$tp $(cpu $XPROJ project --source $T/r/en.conll --aligned $T/r/aligned.jsonl \
			--alignments $T/r/pairs.pharaoh -o $T/r/zh.conll --report $T/r/r.json)"
		ti="$ti $(cpu $XPROJ db import $T/r/c.db --source $T/r/en.conll --aligned $T/r/aligned.jsonl --report $T/r/r.json)"
		tt="$tt $(cpu $XPROJ db export-tasa $T/r/c.db --only-flagged -o $T/r/t.csv)"
	done
	d=$([ $docs = 1 ] && echo "N mentions in one document" || echo "N mentions, 10 per document")
	row "project: $d" $tp
	row "db import: $d" $ti
	row "db export-tasa --only-flagged: $d" $tt
done
