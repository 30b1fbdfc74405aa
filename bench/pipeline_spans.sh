# The user's path measured: `xproj pipeline` in Farsi with its default (the
# English mention spans held together, the Farsi pack's trait) against
# --no-spans, on MMC dev (scored against its silver) and on mmc-tune (trained
# with MMC dev's pairs, scored against the corrected file).  The pipeline
# takes subtitles, not a target corpus: each set's English utterances and
# the Farsi sentences `xproj pair` gives them are written as one subtitle
# file per episode and language, English and Farsi cues at the same times,
# so that the pipeline's align stage pairs them again.  Scored on
# characters (`score --chars --score-mismatched`: a sentence the align
# stage cut otherwise than the key counts as misses and false alarms).
#
# Environment: SEEDS (default "1 7 11"), SETS (default "dev tune"),
# BENCH_DIR keeps the outputs there.  Prints mention / CoNLL F1 and CPU
# seconds and peak memory of each run.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SEEDS:=1 7 11}" "${SETS:=dev tune}"
X=$XPROJ; case $X in /*) ;; *) X=$(pwd)/$X ;; esac
if [ -n "${BENCH_DIR:-}" ]; then T=$BENCH_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi
D=$(cd "$DATA" && pwd)

# subs DIR RECORDS: DIR/{en,fa}/{tbbt,friends}/SxxEyy.srt (bench/records_srt.py)
subs() { python3 bench/records_srt.py "$1" "$2" fa; }

$X pair --source $D/mmc/dev.english.v4_gold_conll --target $D/mmc/dev.farsi.v4_gold_conll --lang fa \
	-o $T/dev.jsonl 2>/dev/null
$X bitext $T/dev.jsonl -o $T/dev.pairs 2>/dev/null
subs $T/dev $T/dev.jsonl
$X pair --source $D/mmc-tune/tune.english.v4_gold_conll --target $D/mmc-tune/tune.farsi.silver.v4_gold_conll \
	--lang fa -o $T/tune.jsonl 2>/dev/null
subs $T/tune $T/tune.jsonl

for set in $SETS; do
	case $set in
	dev) en=$D/mmc/dev.english.v4_gold_conll; key=$D/mmc/dev.farsi.v4_gold_conll; train="" ;;
	tune) en=$D/mmc-tune/tune.english.v4_gold_conll; key=$D/mmc-tune/tune.farsi.corrected.v4_gold_conll
	      train="--train $T/dev.pairs" ;;
	esac
	for s in $SEEDS; do
		for how in default no-spans; do
			o=$T/$set.$how.$s; opt=""; [ $how = no-spans ] && opt=--no-spans
			/usr/bin/time -f '%U %S %M' -o $o.time nice -n 10 $X pipeline --quiet --source $en \
				--subs "t=$T/$set/en/tbbt,f=$T/$set/en/friends" --tgt-subs "t=$T/$set/fa/tbbt,f=$T/$set/fa/friends" \
				--tgt-lang fa --lowercase --seed $s --threads 1 --skip-articles --no-db $train $opt -o $o 2>$o.err
			$X score --chars --score-mismatched $key $o/projected.conll 2>/dev/null |
				awk -v t="$set $how seed $s" -v cpu="$(awk '{ printf "%.1f s CPU, %d MB", $1 + $2, $3 / 1024 }' $o.time)" \
				'$1=="mentions"{m=$NF} $1=="conll"{c=$NF} END{printf "%-22s mention %s  CoNLL %s  (%s)\n", t, m, c, cpu}'
		done
	done
done
