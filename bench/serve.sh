# The workbench's API latency (bench/serve_bench.c: p50 / p99 / slowest of
# each call, one client and 4 clients for the queue, a connection per request, against GET / measured in
# the same run) on a store of MMC dev's size (the real one when the shared
# data is there: 10,079 mentions, TV4Dialog's Chinese subtitles) and on
# synthetic runs of 10k and 100k mentions (bench/synth_run.sh: 75 mentions a
# document, as in MMC dev's scenes, every mention projected; SERVE_SIZES to
# choose).  BASE=DIR also measures an older build (below) in the same run.
set -eu
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
N=${SERVE_N:-400}
if [ -d "$DATA/tv4dialog" ]; then
	echo "MMC dev (pipeline, Chinese):"
	$XPROJ pipeline --quiet --source $DATA/mmc/dev.english.v4_gold_conll --threads 2 --seed 7 \
		--subs "t=$DATA/tv4dialog/withSpkr/tbbt,f=$DATA/tv4dialog/withSpkr/friends" -o $T/mmc
	$BUILD/bench/serve_bench $T/mmc/corrections.db $N
	rm -rf $T/mmc
fi
# BASE: an older build directory (its xproj), measured on the same inputs
# right before this one, each on a store its own xproj imported and served
# by its own `xproj serve` on loopback, both timed by this build's
# serve_bench (--port): the same client for both.  The p50 and p99 of runs,
# stats and the queue (quiet and with 4 clients) are then compared.
pick() { grep -F "    $2 " "$1" | head -1 | awk '{ for (i = 1; i <= NF; i++) if ($i == "ms") { print $(i - 3), $(i - 2); exit } }'; }
# serve DB with XPROJ ($1) and time it: serve_bench --port
timed() {
	"$1" serve "$2" --port 0 > $T/url 2>&1 &
	spid=$!
	i=0
	while [ $i -lt 600 ] && ! grep -q http $T/url; do sleep 0.1; i=$((i + 1)); done
	port=$(grep -o 'http://127.0.0.1:[0-9]*' $T/url | sed 's/.*://')
	$BUILD/bench/serve_bench --port "$port" $N
	kill -TERM $spid; wait $spid || true
}
for n in ${SERVE_SIZES:-10000 100000}; do
	rm -rf $T/r; mkdir $T/r
	synth_run $n $((n / 75)) $T/r
	$XPROJ project --source $T/r/en.conll --aligned $T/r/aligned.jsonl --alignments $T/r/pairs.pharaoh \
		-o $T/r/zh.conll --report $T/r/r.json 2>/dev/null
	if [ -n "${BASE:-}" ]; then
		$BASE/xproj db import $T/r/base.db --source $T/r/en.conll --aligned $T/r/aligned.jsonl \
			--report $T/r/r.json >/dev/null 2>&1
		echo "synthetic, $n mentions, BASE ($BASE):"
		timed $BASE/xproj $T/r/base.db | tee $T/base.out
		rm -f $T/r/base.db*
	fi
	$XPROJ db import $T/r/c.db --source $T/r/en.conll --aligned $T/r/aligned.jsonl --report $T/r/r.json >/dev/null 2>&1
	echo "synthetic, $n mentions:"
	timed $XPROJ $T/r/c.db | tee $T/now.out
	if [ -n "${BASE:-}" ]; then
		for c in "GET /api/runs" "GET /api/stats" "GET /api/queue (a page)" "GET /api/queue (3 filters)" \
			"GET /api/queue (a page), 4 clients" "GET /api/queue (3 filters), 4 clients" \
			"GET /api/queue (resume a place)"; do
			set -- $(pick $T/base.out "$c") $(pick $T/now.out "$c")
			[ $# -eq 4 ] || continue
			echo "  $c: p50 $1 -> $3 ms (x$(echo "$1 $3" | awk '{ printf "%.1f", $1 / $2 }')), p99 $2 -> $4 ms (x$(echo "$2 $4" | awk '{ printf "%.1f", $1 / $2 }'))"
		done
	fi
done
