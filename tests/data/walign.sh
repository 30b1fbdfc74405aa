# Word alignment on the gold sets: the awesome-align outputs through the
# importer must give exactly the published AER, and the built-in aligner
# (seed 1, lower-cased, grow-diag-final-and) must be at or below eflomal's
# small-data AER.
set -u
G=$DATA/word-alignment-gold
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
bad=0
for x in "enfr 0.040691 0.176" "roen 0.207456 0.377" "jaen 0.373583 0.606"; do
	set -- $x
	$XPROJ check-align --bitext $G/$1.src-tgt $G/$1.awesome-align.out > /dev/null || bad=1
	got=$($XPROJ aer --json --gold $G/$1.gold --one-based-gold $G/$1.awesome-align.out | sed 's/.*"aer":\([0-9.]*\).*/\1/')
	[ "$got" = "$2" ] && echo "awesome-align $1: AER $got (as published)" || { echo "awesome-align $1: AER $got, want $2"; bad=1; }
	$XPROJ wordalign --seed 1 --lowercase --threads 2 $G/$1.src-tgt -o $T/$1.out || bad=1
	ours=$($XPROJ aer --json --gold $G/$1.gold --one-based-gold $T/$1.out | sed 's/.*"aer":\([0-9.]*\).*/\1/')
	if awk "BEGIN{exit !($ours <= $3)}"; then
		echo "xproj wordalign $1: AER $ours (eflomal $3)"
	else
		echo "xproj wordalign $1: AER $ours is above eflomal's $3"; bad=1
	fi
done
exit $bad
