# Scorer speed on MMC dev (English key vs itself and vs a perturbed response)
# and how cost grows when documents get 2x and 4x longer: CPU seconds
# (bench/score_bench.c), the ratios against x1 measured in the same run.
set -eu
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
KEY=$DATA/mmc/dev.english.v4_gold_conll
M="$BUILD/bench/mkresp"
B="$BUILD/bench/score_bench"
echo "key: $KEY"
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
done
/usr/bin/time -f '%e %U %S' -o $T/time $XPROJ score "$KEY" $T/resp1.conll > /dev/null
echo "xproj score (whole command, all metrics, MMC dev vs perturbed): $(awk '{ printf "%.3f s wall, %.3f s CPU", $1, $2 + $3 }' $T/time)"
echo "(the issue's reference: Perl scorer v8.01, 3.5 s on a 133-scene MMC test file; not run here)"
