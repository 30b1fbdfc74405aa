# Word alignment quality and speed on the gold sets (awesome-align's
# examples), training on the test sentences only, lower-cased: AER of each
# direction and symmetrisation, then the CPU seconds (user + system, which
# say more than wall seconds on a shared machine; wall beside them) of xproj,
# of an older build (BASE) and of eflomal (EFLOMAL, else `eflomal` on PATH),
# measured back to back in this run, with their grow-diag-final-and AER and
# the ratio of CPU seconds to each.  eflomal runs with its Python wrapper's
# defaults (3 samplers, 5000/sqrt(pairs) sweeps in stages of a quarter, a
# quarter and all) on its numeric input, written beforehand and not timed.
#
# Environment: THREADS (default 2), SEED (default 1), BASE, EFLOMAL, WA_OPTS
# (more options for xproj's wordalign, not BASE's: e.g. --settle 0.01).
# The figures (each run's CPU, wall and peak memory, its ratio to BASE's and
# eflomal's, and every gdfa AER) go to bench/results/wordalign.json
# (bench/record.sh; RESULTS elsewhere), whence `make bench-docs` the table.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${THREADS:=2}" "${SEED:=1}" "${BASE:=}"
G=$DATA/word-alignment-gold
[ -d "$G" ] || { echo "no $G"; exit 0; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
if [ -z "${EFLOMAL:-}" ]; then
	EFLOMAL=$(command -v eflomal 2>/dev/null || true)
	[ -z "$EFLOMAL" ] && [ -x /work/peers/build/eflomal-src/eflomal ] && EFLOMAL=/work/peers/build/eflomal-src/eflomal
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/record.sh
rec_begin wordalign
# timed KEY NAME [--vs KEY2] CMD...: CMD through rec_run (its stderr kept in
# $T/NAME.log), its "wall cpu" in $T/NAME.time for the table below
timed() {
	k=$1 n=$2; shift 2
	REC_ERR=$T/$n.log rec_run "$k" "$@" > /dev/null
	echo "$REC_WALL $REC_CPU" > $T/$n.time
}
aer() { $XPROJ aer --json --gold $G/$1.gold --one-based-gold $2 | sed 's/.*"aer":\([0-9.]*\).*/\1/' | awk '{printf "%.1f", 100*$1}'; }
# cpu FILE: the CPU seconds (user + system) of a "wall cpu" file (timed)
cpu() { awk '{ printf "%.2f", $2 }' "$1"; }
wall() { awk '{ printf "%.1f", $1 }' "$1"; }
# eflomal's input: "sentences vocabulary", then one line of word ids per sentence
efl_input() {
	awk -v SIDE=$1 'BEGIN { FS = " [|][|][|] ?" }
	{ n = split(tolower($SIDE), w, " "); line = n
	  for (k = 1; k <= n; k++) { if (!(w[k] in id)) id[w[k]] = V++; line = line " " id[w[k]] }
	  out[NR] = line }
	END { print NR, V; for (i = 1; i <= NR; i++) print out[i] }' "$2"
}

printf '%-5s %6s %6s %6s %6s %6s %6s %6s | %s\n' set fwd rev inter union gd gdf gdfa "awesome-align"
for p in enfr roen jaen; do
	# the peers first, so that xproj's figure has its ratios to them
	# (not "vs": rec_run's own variables are global)
	peer=""
	if [ -n "$BASE" ]; then
		timed "$p: base xproj wordalign" $p.base $BASE wordalign --seed $SEED --lowercase --threads $THREADS \
			$G/$p.src-tgt -o $T/$p.base
		peer="$p: base xproj wordalign"
	fi
	if [ -n "$EFLOMAL" ]; then
		efl_input 1 $G/$p.src-tgt > $T/src.efl
		efl_input 2 $G/$p.src-tgt > $T/tgt.efl
		set -- $(awk -v n=$(wc -l < $G/$p.src-tgt) 'BEGIN { i = int(5000 / sqrt(n) + 0.5); if (i < 2) i = 2; q = int(i / 4); if (q < 2) q = 2; print q, q, i }')
		timed "$p: eflomal" $p.eflomal env OMP_NUM_THREADS=$THREADS $EFLOMAL -q -m 3 -n 3 -N 0.2 \
			-1 $1 -2 $2 -3 $3 -s $T/src.efl -t $T/tgt.efl -f $T/efl.fwd -r $T/efl.rev
		$XPROJ symmetrize --method grow-diag-final-and -o $T/$p.eflomal $T/efl.fwd $T/efl.rev
		[ -n "$peer" ] || peer="$p: eflomal"
	fi
	timed "$p: xproj wordalign" $p.xproj ${peer:+--vs "$peer"} $XPROJ wordalign --seed $SEED --lowercase \
		--threads $THREADS ${WA_OPTS:-} $G/$p.src-tgt -o $T/$p.xproj --forward $T/fwd --reverse $T/rev
	# (a second figure against eflomal when BASE took the first)
	if [ -n "$BASE" ] && [ -n "$EFLOMAL" ]; then
		rec_line "$p: xproj wordalign (vs eflomal)" run "$REC_WALL" "$REC_CPU" "$REC_KB" "" "" "$p: eflomal" 0 \
			"the run above"
	fi
	row="$(aer $p $T/fwd) $(aer $p $T/rev)"
	for m in intersect union grow-diag grow-diag-final grow-diag-final-and; do
		$XPROJ symmetrize --method $m -o $T/$m $T/fwd $T/rev
		row="$row $(aer $p $T/$m)"
	done
	printf '%-5s %6s %6s %6s %6s %6s %6s %6s | %s\n' $p $row "$(aer $p $G/$p.awesome-align.out)"
	va=""
	for who in base eflomal; do
		if [ -f $T/$p.$who ]; then
			rec_value "$p: gdfa AER, $who" "$(aer $p $T/$p.$who)" % > /dev/null
			[ -n "$va" ] || va="$p: gdfa AER, $who"
		fi
	done
	rec_value "$p: gdfa AER, xproj" "$(aer $p $T/$p.xproj)" % ${va:+--vs "$va"} > /dev/null
	# a change that should not move a link (a faster sweep) shows here
	if [ -n "$BASE" ]; then
		same=no; cmp -s $T/$p.xproj $T/$p.base && same=yes
		rec_value "$p: the same links as base, byte for byte" $same "" > /dev/null
	fi
done
echo "(AER in %; published small-data gdfa: eflomal 17.6 / 37.7 / 60.6, fast_align 29.3 / 48.3 / 71.2;"
echo " awesome-align expected 4.1 / 20.7 / 37.4)"
echo
echo "time: CPU seconds (user + system), threads $THREADS, seed $SEED; gdfa AER; ratios of CPU seconds"
printf '%-5s %-8s %7s %8s %8s  %s\n' set aligner "AER" "CPU s" "wall s" "xproj / it"
for p in enfr roen jaen; do
	for who in xproj base eflomal; do
		[ -f $T/$p.$who.time ] || continue
		r=""
		[ $who != xproj ] && r=$(awk -v a="$(cpu $T/$p.xproj.time)" -v b="$(cpu $T/$p.$who.time)" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')
		printf '%-5s %-8s %7s %8s %8s  %s\n' $p $who "$(aer $p $T/$p.$who)" "$(cpu $T/$p.$who.time)" "$(wall $T/$p.$who.time)" "$r"
	done
	sed -n 's/^xproj wordalign: \(.*samplers.*\)/      xproj: \1/p' $T/$p.xproj.log
done
echo "(load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
rec_end
