# The built-in word aligner at scale: sentence pairs per second and peak
# memory on the 92k-pair TV4Dialog zh-en bitext and on it repeated to 1M
# pairs, next to eflomal (the same model, in C) when it is installed, both
# with their default schedules, measured back to back in this run.
#
# pairs/s is pairs / wall seconds; CPU seconds (user + system) are printed beside them,
# which say more when the machine is shared, and the ratios to eflomal are
# of CPU seconds (and peak memory).  eflomal is timed on its own
# numeric input (written beforehand, untimed) and only for its aligning,
# both directions; xproj from the text file to the symmetrised output.
#
# Environment: SIZES (default "92k 1M"), THREADS (default 2), EFLOMAL (its
# binary; else `eflomal` on PATH or /work/peers/build/eflomal-src/eflomal),
# BASE (another xproj binary to compare, e.g. an older build).  The figures
# go to bench/results/wordalign_scale.json (bench/record.sh), each xproj run
# with its ratio to eflomal's of the same size (NAME=FILE: to FILE.json).
set -eu
export OMP_NUM_THREADS
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SIZES:=92k 1M}" "${THREADS:=2}" "${BASE:=}"
OMP_NUM_THREADS=$THREADS
BT=$DATA/bitext/zh-en.tv4dialog.94k.pairs.gz
[ -f "$BT" ] || { echo "no $BT"; exit 0; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
if [ -z "${EFLOMAL:-}" ]; then
	EFLOMAL=$(command -v eflomal 2>/dev/null || true)
	[ -z "$EFLOMAL" ] && [ -x /work/peers/build/eflomal-src/eflomal ] && EFLOMAL=/work/peers/build/eflomal-src/eflomal
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/record.sh
rec_begin "${NAME:-wordalign_scale}"

# eflomal's input: "sentences vocabulary", then one line of word ids per
# sentence, lower-cased (as xproj --lowercase); side 1 source, 2 target
efl_input() {
	awk -v SIDE=$1 'BEGIN { FS = " [|][|][|] ?" }
	{ n = split(tolower($SIDE), w, " "); line = n >= 1024 ? 0 : n
	  if (n < 1024) for (k = 1; k <= n; k++) { if (!(w[k] in id)) id[w[k]] = V++; line = line " " id[w[k]] }
	  out[NR] = line }
	END { print NR, V; for (i = 1; i <= NR; i++) print out[i] }' "$2"
}

# measure KEY NAME [--vs KEY2] CMD...: "wall cpu KB" of CMD (user + system
# seconds), recorded as KEY (rec_run; its stderr in $T/NAME.log)
measure() {
	key=$1 name=$2; shift 2
	REC_ERR=$T/$name.log rec_run "$key" "$@" > /dev/null
	if [ "$st" != 0 ]; then
		echo "$name failed:" >&2; tail -3 "$T/$name.log" >&2; echo "0 0 0"
	else
		echo "$REC_WALL $REC_CPU $REC_KB"
	fi
}

printf '%-5s %-10s %10s %9s %9s %9s   %s\n' pairs aligner "pairs/s" "wall s" "CPU s" "peak MB" "vs eflomal (CPU, memory)"
for size in $SIZES; do
	case $size in
	92k) zcat "$BT" > $T/pairs.txt ;;
	1M)  zcat "$BT" > $T/one.txt; for k in 1 2 3 4 5 6 7 8 9 10 11; do cat $T/one.txt; done > $T/pairs.txt; rm $T/one.txt ;;
	*)   echo "unknown size $size"; continue ;;
	esac
	n=$(wc -l < $T/pairs.txt)
	ew=0; em=0; ec=0
	if [ -n "$EFLOMAL" ]; then
		efl_input 1 $T/pairs.txt > $T/src.efl
		efl_input 2 $T/pairs.txt > $T/tgt.efl
		# eflomal's Python wrapper's defaults: iters = 5000/sqrt(n), stages (iters/4, iters/4, iters)
		it=$(awk -v n=$n 'BEGIN { i = int(5000 / sqrt(n) + 0.5); if (i < 2) i = 2; q = int(i / 4); if (q < 2) q = 2; r = int(i / 4); if (r < 1) r = 1; print q, r, i }')
		set -- $it
		r=$(measure "$size pairs: eflomal" eflomal $EFLOMAL -q -m 3 -n 3 -N 0.2 -1 $1 -2 $2 -3 $3 \
			-s $T/src.efl -t $T/tgt.efl -f $T/efl.fwd -r $T/efl.rev)
		set -- $r; ew=$1; ec=$2; em=$3
		printf '%-5s %-10s %10.0f %9.1f %9.1f %9.0f   (sweeps %s)\n' $size eflomal $(echo "$n $1" | awk '{ print ($2 > 0 ? $1 / $2 : 0) }') $1 $2 $(($3 / 1024)) "$it"
		rm -f $T/src.efl $T/tgt.efl $T/efl.fwd $T/efl.rev
	fi
	for who in xproj base; do
		bin=$XPROJ; [ $who = base ] && { [ -n "$BASE" ] || continue; bin=$BASE; }
		r=$(measure "$size pairs: $who wordalign" $who ${EFLOMAL:+--vs "$size pairs: eflomal"} $bin wordalign \
			--lowercase --threads $THREADS $T/pairs.txt -o $T/out.pharaoh)
		set -- $r
		vs=""
		[ "$ew" != 0 ] && vs=$(echo "$2 $ec $3 $em" | awk '{ printf "%.2fx CPU, %.2fx memory", ($2 > 0 ? $1 / $2 : 0), $3 / $4 }')
		printf '%-5s %-10s %10.0f %9.1f %9.1f %9.0f   %s\n' $size $who $(echo "$n $1" | awk '{ print ($2 > 0 ? $1 / $2 : 0) }') $1 $2 $(($3 / 1024)) "$vs"
	done
	rm -f $T/pairs.txt $T/out.pharaoh
done
echo "(threads: $THREADS; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
rec_end
