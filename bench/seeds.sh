# Projection quality over several aligner seeds, on mmc-tune (scored
# against the corrected files) and on the held-out MMC dev scenes (scored
# against MMC's dev silver, a noisy label): what a change to the word
# aligner is measured with when its gain is within one seed's spread.
#
# For each language and seed the tune and dev pairs are aligned in one run
# (Chinese also trained with the 92k TV4Dialog bitext), as bench/triage.sh
# does, then each set is projected as bench/quality.sh projects it and
# scored; the mean and the spread (min..max) over the seeds are printed.
#
# Environment: LANGS (default "zh fa"), SEEDS (default "1 2 3"), WA_OPTS
# (wordalign options, e.g. "--samplers 8" or "--no-normalize=fa-morph"),
# SEEDS_DIR keeps the outputs there.  The means and spreads go to
# bench/results/seeds.json (bench/record.sh) unless LANGS or WA_OPTS is set
# (then only with NAME=FILE).
set -eu
. bench/record.sh
REC_QUIET=1
rec_begin "${NAME:-seeds}"
[ -z "${LANGS:-}" ] || rec_skip "LANGS is set"
[ -z "${WA_OPTS:-}" ] || rec_skip "WA_OPTS is set"
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=zh fa}" "${SEEDS:=1 2 3}"
TUNE=$DATA/mmc-tune
EN=$TUNE/tune.english.v4_gold_conll
DEV=$DATA/mmc/dev.english.v4_gold_conll
. bench/mmc_pairs.sh
if [ -n "${SEEDS_DIR:-}" ]; then T=$SEEDS_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi

mention() {   # mention KEY RESPONSE LANG
	c=""; [ "$3" = zh ] && c=--chars
	$XPROJ score $c "$1" "$2" 2>/dev/null | awk '$1=="mentions"{m=$NF} END{sub("%","",m); print m}'
}

for l in $LANGS; do
	case $l in
	zh) opts="--chars --skip-articles" ;;
	fa) opts="--skip-articles" ;;
	*) echo "unknown language $l"; exit 2 ;;
	esac
	mmc_pairs $l $T
	nt=$(wc -l < $T/$l.tune.pairs); nd=$(wc -l < $T/$l.dev.pairs)
	cat $T/$l.tune.pairs $T/$l.dev.pairs > $T/$l.all.pairs
	extra=""; [ $l = zh ] && extra="--train $DATA/bitext/zh-en.tv4dialog.94k.pairs.gz"
	: > $T/$l.scores
	for s in $SEEDS; do
		/usr/bin/time -f '%U' -o $T/$l.time $XPROJ wordalign --lowercase --threads 2 --seed $s ${WA_OPTS:-} \
			$T/$l.all.pairs $extra -o $T/$l.all.pharaoh --probs $T/$l.all.probs > $T/$l.wordalign.log 2>&1
		for x in pharaoh probs; do
			head -n $nt $T/$l.all.$x > $T/$l.tune.$x
			sed -n "$((nt + 1)),$((nt + nd))p" $T/$l.all.$x > $T/$l.dev.$x
		done
		for set in tune dev; do
			src=$EN; [ $set = dev ] && src=$DEV
			$XPROJ project --source $src --aligned $T/$l.$set.jsonl --alignments $T/$l.$set.pharaoh \
				--probs $T/$l.$set.probs --map $T/$l.$set.map $opts -o $T/$l.$set.conll 2>/dev/null
		done
		echo "$s $(mention $TUNE/tune.$name.corrected.v4_gold_conll $T/$l.tune.conll $l)" \
			"$(mention $DATA/mmc/dev.$name.v4_gold_conll $T/$l.dev.conll $l) $(cat $T/$l.time)" >> $T/$l.scores
	done
	awk -v l=$l -v o="${WA_OPTS:-}" '
		{ n++; for (k = 2; k <= 4; k++) { s[k] += $k; if (n == 1 || $k < lo[k]) lo[k] = $k; if (n == 1 || $k > hi[k]) hi[k] = $k }
		  seeds = seeds " " $2 "/" $3 }
		END { printf "%s %-24s tune %.2f (%.2f..%.2f)  dev %.2f (%.2f..%.2f)  wordalign %.1f s CPU  [tune/dev by seed:%s]\n",
			l, "[" o "]", s[2]/n, lo[2], hi[2], s[3]/n, lo[3], hi[3], s[4]/n, seeds }' $T/$l.scores
	# recorded: "mean lowest highest" of column K
	spread() { awk -v k=$1 '{ n++; s += $k; if (n == 1 || $k < lo) lo = $k; if (n == 1 || $k > hi) hi = $k }
		END { printf "%.2f %.2f %.2f", s / n, lo, hi }' $T/$l.scores; }
	for c in "2 mmc-tune against the corrected file" "3 MMC dev against its silver"; do
		set -- $(spread ${c%% *}) "${c#* }"
		rec_value "$l: mention F1, $4 (seed mean)" $1 %
		rec_value "$l: mention F1, $4 (lowest seed)" $2 %
		rec_value "$l: mention F1, $4 (highest seed)" $3 %
	done
	rec_value "$l: wordalign CPU (seed mean)" $(spread 4 | cut -d' ' -f1) s
done
rec_end
