# Projection: throughput on MMC dev repeated to 1M mentions with synthetic
# alignments, and the MMC dev set end to end (align -> bitext -> wordalign
# -> project) with TV4Dialog's Chinese subtitles.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${BUILD:=build}"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
EN=$DATA/mmc/dev.english.v4_gold_conll
SUBS="t=$DATA/tv4dialog/withSpkr/tbbt,f=$DATA/tv4dialog/withSpkr/friends"
. bench/record.sh
rec_need $BUILD/bench/project_bench
rec_begin project
$BUILD/bench/project_bench $EN 1000000
# each stage with this build (and BASE's, before it, when BASE is set:
# bench/record.sh's rec_pair); the logs of this build's are kept
echo "MMC dev end to end (Chinese):"
REC_ERR=$T/align.log rec_pair "MMC dev: align" $XPROJ align --transcript $EN --subs $SUBS -o $T/al.jsonl
rec_pair "MMC dev: bitext" $XPROJ bitext $T/al.jsonl -o $T/pairs --map $T/map
rec_pair "MMC dev: wordalign --threads 2" $XPROJ wordalign --threads 2 $T/pairs -o $T/a.pharaoh --probs $T/a.probs
REC_ERR=$T/project.log rec_pair "MMC dev: project --report" $XPROJ project --source $EN --aligned $T/al.jsonl \
	--alignments $T/a.pharaoh --probs $T/a.probs --map $T/map -o $T/zh.conll --report $T/r.json
tail -1 $T/align.log | sed 's/^/  /'
sed 's/^/  /' $T/project.log
for v in "--prodrop" "--rule block --gap 1" "--max-ratio 5 --trim-punct"; do
	$XPROJ project --source $EN --aligned $T/al.jsonl --alignments $T/a.pharaoh --probs $T/a.probs \
		--map $T/map $v -o $T/v.conll 2>$T/v.log
	echo "  with $v: $(head -1 $T/v.log | sed 's/xproj project: //; s/;.*//')"
done
# the same job as one command: its time against the stages' sum, and the same counts
rec_pair "MMC dev: pipeline --no-db (one command)" $XPROJ pipeline --quiet --source $EN --subs "$SUBS" --threads 2 \
	--no-db -o $T/pipe
same=$(sed -n 's/^  mentions *\([0-9]*\), projected \([0-9]*\).*/\1 \2/p' $T/pipe/summary.txt)
want=$(sed -n 's/^xproj project: \([0-9]*\) mentions, \([0-9]*\) projected.*/\1 \2/p' $T/project.log)
[ "$same" = "$want" ] && echo "  pipeline counts = stage-by-stage counts ($same)" || echo "  pipeline counts DIFFER: $same vs $want"
rec_end
