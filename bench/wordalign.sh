# Word alignment quality and speed on the gold sets (awesome-align's
# examples), training on the test sentences only, lower-cased.
set -eu
G=$DATA/word-alignment-gold
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
aer() { $XPROJ aer --json --gold $G/$1.gold --one-based-gold $2 | sed 's/.*"aer":\([0-9.]*\).*/\1/' | awk '{printf "%.1f", 100*$1}'; }
now() { date +%s.%N; }
printf '%-5s %6s %6s %6s %6s %6s %6s %6s | %9s %9s | %s\n' set fwd rev inter union gd gdf gdfa "sent/s 1t" "sent/s 2t" "awesome-align"
for p in enfr roen jaen; do
	n=$(wc -l < $G/$p.src-tgt)
	t0=$(now)
	$XPROJ wordalign --seed 1 --lowercase --threads 1 $G/$p.src-tgt -o $T/gdfa --forward $T/fwd --reverse $T/rev
	t1=$(now)
	$XPROJ wordalign --seed 1 --lowercase --threads 2 $G/$p.src-tgt -o $T/gdfa2
	t2=$(now)
	row="$(aer $p $T/fwd) $(aer $p $T/rev)"
	for m in intersect union grow-diag grow-diag-final grow-diag-final-and; do
		$XPROJ symmetrize --method $m -o $T/$m $T/fwd $T/rev
		row="$row $(aer $p $T/$m)"
	done
	s1=$(echo "$n $t0 $t1" | awk '{printf "%.0f", $1/($3-$2)}')
	s2=$(echo "$n $t1 $t2" | awk '{printf "%.0f", $1/($3-$2)}')
	printf '%-5s %6s %6s %6s %6s %6s %6s %6s | %9s %9s | %s\n' $p $row "$s1" "$s2" "$(aer $p $G/$p.awesome-align.out)"
done
echo "(AER in %, sentences/s with 1 and 2 threads; published small-data gdfa: eflomal 17.6 / 37.7 / 60.6,"
echo " fast_align 29.3 / 48.3 / 71.2; awesome-align expected 4.1 / 20.7 / 37.4)"
