# The workbench's API latency (bench/serve_bench.c: p50 / p99 / slowest of
# each call, one client, a connection per request, against GET / measured in
# the same run) on a store of MMC dev's size (the real one when the shared
# data is there: 10,079 mentions, TV4Dialog's Chinese subtitles) and on
# synthetic runs of 10k and 100k mentions (bench/synth_run.sh: 75 mentions a
# document, as in MMC dev's scenes, every mention projected).
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
for n in 10000 100000; do
	rm -rf $T/r; mkdir $T/r
	synth_run $n $((n / 75)) $T/r
	$XPROJ project --source $T/r/en.conll --aligned $T/r/aligned.jsonl --alignments $T/r/pairs.pharaoh \
		-o $T/r/zh.conll --report $T/r/r.json 2>/dev/null
	$XPROJ db import $T/r/c.db --source $T/r/en.conll --aligned $T/r/aligned.jsonl --report $T/r/r.json >/dev/null 2>&1
	echo "synthetic, $n mentions:"
	$BUILD/bench/serve_bench $T/r/c.db $N
done
