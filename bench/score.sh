# Scorer speed on MMC dev (English key vs itself and vs a perturbed response)
# and how cost grows when documents get 2x and 4x longer: CPU seconds
# (bench/score_bench.c), the ratios against x1 measured in the same run.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${BUILD:=build}"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
KEY=$DATA/mmc/dev.english.v4_gold_conll
M="$BUILD/bench/mkresp"
B="$BUILD/bench/score_bench"
echo "key: $KEY"
. bench/record.sh
rec_need $BUILD/bench/mkresp $BUILD/bench/score_bench
rec_begin score
$M --seed 1 --drop 0.1 --merge 0.05 --split 0.05 "$KEY" $T/resp1.conll
printf 'self          '; $B "$KEY" "$KEY"
printf 'perturbed x1  '; $B "$KEY" $T/resp1.conll
base=""
for n in 1 2 4; do
	$M --repeat $n "$KEY" $T/key$n.conll
	$M --repeat $n --seed 1 --drop 0.1 --merge 0.05 --split 0.05 "$KEY" $T/resp$n.conll
	line=$($B $T/key$n.conll $T/resp$n.conll)
	t=$(echo "$line" | sed 's/.*score \([0-9.]*\) ms.*/\1/')
	[ -z "$base" ] && base=$t
	printf 'docs x%-7s %s  time-ratio %.2f\n' "$n" "$line" "$(echo "$t $base" | awk '{print $1/$2}')"
	vs=""; [ $n = 1 ] || vs="--vs"
	rec_value "score all metrics, CPU ms, documents x$n vs perturbed" "$t" ms $vs ${vs:+"score all metrics, CPU ms, documents x1 vs perturbed"}
done
# the whole command, and the reference scorer (Perl, v8.01 with LEA) on the
# same files when SCORER names its directory: each metric, as it is run
if [ -n "${SCORER:-}" ] && [ -f "$SCORER/scorer.pl" ]; then
	rec_run "reference scorer.pl, muc bcub ceafe ceafm blanc, one run each" sh -c \
		'cd "$1" && for m in muc bcub ceafe ceafm blanc; do perl scorer.pl $m "$2" "$3" none || exit; done' - \
		"$SCORER" "$(cd "$(dirname "$KEY")" && pwd)/${KEY##*/}" $T/resp1.conll
	rec_run "xproj score, all metrics, MMC dev vs perturbed (whole command)" \
		--vs "reference scorer.pl, muc bcub ceafe ceafm blanc, one run each" $XPROJ score "$KEY" $T/resp1.conll
else
	rec_run "xproj score, all metrics, MMC dev vs perturbed (whole command)" $XPROJ score "$KEY" $T/resp1.conll
	echo "(SCORER=DIR with the reference scorer.pl: it is run on the same files, the ratio against it)"
fi
rec_end
