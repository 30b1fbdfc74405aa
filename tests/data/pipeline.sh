# `xproj pipeline` on MMC dev with TV4Dialog's Chinese subtitles gives the
# same files as the stage-by-stage commands (the aligner trained with the
# episodes' subtitle pairs, as the pipeline does): aligned corpus, bitext,
# alignments, projected CoNLL, jsonlines and report, byte for byte but for
# the confidences and the report's confidence features and their "why" (the pipeline hands
# link probabilities and utterance scores over at full precision; the
# stage-by-stage run reads them back from the probs file's and the aligned
# corpus's text, so their last digits may differ).
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
EN=$DATA/mmc/dev.english.v4_gold_conll
SUBS="t=$DATA/tv4dialog/withSpkr/tbbt,f=$DATA/tv4dialog/withSpkr/friends"
bad=0
$XPROJ pipeline --quiet --source $EN --subs "$SUBS" --threads 2 --seed 7 -o $T/p || exit 1
$XPROJ align --transcript $EN --subs "$SUBS" -o $T/al.jsonl --episode-pairs $T/ep.txt 2>/dev/null &&
$XPROJ bitext $T/al.jsonl -o $T/pairs --map $T/map 2>/dev/null &&
$XPROJ wordalign --threads 2 --seed 7 $T/pairs --train $T/ep.txt -o $T/a.pharaoh --probs $T/a.probs &&
$XPROJ project --source $EN --aligned $T/al.jsonl --alignments $T/a.pharaoh --probs $T/a.probs \
	--map $T/map -o $T/zh.conll --jsonlines $T/zh.jsonl --report $T/r.json 2>/dev/null || exit 1
# (and but for the report's settings.inputs: the stage-by-stage project read
# the names from the file wordalign wrote, the pipeline has them in memory)
noinputs() { python3 -c 'import json, sys
f = open(sys.argv[1], encoding="utf-8"); h = json.loads(f.readline())
h.get("settings", {}).pop("inputs", None)
sys.stdout.write(json.dumps(h, ensure_ascii=False, separators=(",", ":")) + "\n" + f.read())' "$1"; }
noconf() { case $1 in *.json) noinputs "$1" ;; *) cat "$1" ;; esac |
	sed 's/"conf":[0-9.e-]*/"conf":_/g; s/"confidence":.*//; s/"f":\[[^]]*\]/"f":_/g; s/"f":{[^}]*}/"f":_/g; s/"why":"[^"]*"/"why":_/g'; }
for x in "al.jsonl aligned.jsonl" "pairs pairs.txt" "map pairs.map" "a.pharaoh alignments.pharaoh" \
	 "zh.conll projected.conll" "zh.jsonl projected.jsonlines" "r.json report.json"; do
	set -- $x
	noconf $T/$1 > $T/want; noconf $T/p/$2 > $T/got
	cmp -s $T/want $T/got || { echo "pipeline $2 differs from the stage-by-stage $1"; bad=1; }
done
$XPROJ db stats --json $T/p/corrections.db > $T/db.json || bad=1
grep -q '"mentions":10079,' $T/db.json || { echo "database: $(cat $T/db.json)"; bad=1; }
[ $bad = 0 ] && echo "pipeline = stages on MMC dev: $(sed -n 's/^  mentions *//p' $T/p/summary.txt)"
exit $bad
