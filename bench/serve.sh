# The workbench's API latency and CPU (bench/serve_bench.c: p50 / p99 /
# slowest of each call and the server's CPU per request, one client, and 4
# clients for the queue, a connection per request, against GET / measured in
# the same run) on a store of MMC dev's size (the real one when the shared
# data is there: 10,079 mentions, TV4Dialog's Chinese subtitles; the server
# in process, its CPU the client's too) and on synthetic runs of 10k and 100k
# mentions (bench/synth_run.sh: 75 mentions a document, as in MMC dev's
# scenes, every mention projected; SERVE_SIZES to choose, e.g. "10000 100000
# 1000000").
#
# BASE=DIR also measures an older build (DIR/xproj) in the same run: each
# build imports its own copy of each store and serves it with its own `xproj
# serve` on loopback, both servers up at once, and one serve_bench sends each
# call to both interleaved (blocks of 10 requests, the order swapped every
# block, the same mentions and pages), so that a burst of other jobs' load
# falls on both alike; each call is followed by the ratios new/base.  The
# figures go to bench/results/serve.json (bench/record.sh; `make bench-docs`
# makes docs/benchmarks.md's table of them).  SERVE_CACHE=DIR keeps the
# synthetic inputs and their projection report of each size there (DIR/N/),
# reused by the next run.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${BUILD:=build}"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
. bench/record.sh
rec_need $BUILD/bench/serve_bench
N=${SERVE_N:-400}
rec_begin "${NAME:-serve}"   # NAME: another results file, e.g. a quiet run of one size
if [ -d "${DATA:-}/tv4dialog" ]; then
	echo "MMC dev (pipeline, Chinese), the server in process:"
	$XPROJ pipeline --quiet --source $DATA/mmc/dev.english.v4_gold_conll --threads 2 --seed 7 \
		--subs "t=$DATA/tv4dialog/withSpkr/tbbt,f=$DATA/tv4dialog/withSpkr/friends" -o $T/mmc
	$BUILD/bench/serve_bench $T/mmc/corrections.db $N
	rm -rf $T/mmc
fi
# serve store $2 with xproj $1 in the background: $spid, $sport
serve() {
	"$1" serve "$2" --port 0 > "$2.url" 2>&1 &
	spid=$!
	i=0
	while [ $i -lt 600 ] && ! grep -q http "$2.url"; do sleep 0.1; i=$((i + 1)); done
	sport=$(grep -o 'http://127.0.0.1:[0-9]*' "$2.url" | sed 's/.*://')
	[ -n "$sport" ] || { echo "serve.sh: $1 serve $2 did not start:" >&2; cat "$2.url" >&2; exit 1; }
}
# the calls kept as figures (each p50, p99 and CPU per request)
# the calls recorded, matched as fixed strings (their parentheses are text)
printf '%s\n' "GET /api/queue (a page)" "GET /api/queue (a page), 4 clients" "GET /api/queue (3 filters), 4 clients" \
	"GET /api/queue (resume a place)" "GET /api/mention" "POST /api/edit keep" "POST /api/undo" "GET /api/stats" > $T/keep
for n in ${SERVE_SIZES:-10000 100000}; do
	label=$(awk -v n=$n 'BEGIN { print (n >= 1000000 ? n / 1000000 "M" : n >= 1000 ? n / 1000 "k" : n) }')
	in=$T/r
	if [ -n "${SERVE_CACHE:-}" ]; then
		in=$SERVE_CACHE/$n
	else
		rm -rf $in
	fi
	if [ ! -s $in/r.json ]; then
		mkdir -p $in
		synth_run $n $((n / 75)) $in
		$XPROJ project --source $in/en.conll --aligned $in/aligned.jsonl --alignments $in/pairs.pharaoh \
			-o $in/zh.conll --report $in/r.json.tmp 2>/dev/null
		mv $in/r.json.tmp $in/r.json
	fi
	rm -f $T/c.db* $T/base.db*
	args=""
	if [ -n "${BASE:-}" ]; then
		$BASE/xproj db import $T/base.db --source $in/en.conll --aligned $in/aligned.jsonl --report $in/r.json >/dev/null 2>&1
		serve $BASE/xproj $T/base.db
		bpid=$spid
		args="--port $sport --pid $spid --name base"
	fi
	$XPROJ db import $T/c.db --source $in/en.conll --aligned $in/aligned.jsonl --report $in/r.json >/dev/null 2>&1
	serve $XPROJ $T/c.db
	echo "synthetic, $n mentions${BASE:+ (base: $BASE/xproj; new: $XPROJ)}:"
	$BUILD/bench/serve_bench --tsv $T/tsv $args --port $sport --pid $spid --name new $N
	kill -TERM $spid; wait $spid || true
	[ -z "${BASE:-}" ] || { kill -TERM $bpid; wait $bpid || true; }
	echo "  figures:"
	tab=$(printf '\t')
	while IFS=$tab read -r who call p50 p99 max cpu; do
		echo "$call" | grep -Fqx -f $T/keep || continue
		for f in "p50 $p50 ms" "p99 $p99 ms" "CPU $cpu ms/request"; do
			set -- $f
			if [ "$who" = new ] && [ -n "${BASE:-}" ]; then
				rec_value "$label $who: $call, $1" "$2" "$3" --vs "$label base: $call, $1"
			else
				rec_value "$label $who: $call, $1" "$2" "$3"
			fi
		done
	done < $T/tsv
	rm -f $T/c.db* $T/base.db*
done
rec_end
