# Aligning a bitext in shards that share one model (`wordalign --save-model`
# on a sample, then `--model` per shard) against aligning it in one run, and
# against shards aligned each on its own.
#
# 1. The gold sets (word-alignment-gold: enfr, roen, jaen): AER of the one
#    run, of 10 shards with a model trained on a sample (every SAMPLE-th
#    pair), and of 10 shards on their own.
# 2. The zh-en TV4Dialog bitext (92k pairs): its 450-pair Tsinghua gold is
#    not shared, so the shards are scored against the one run's links
#    (AER with the one run as "gold", all links sure: 0 = the same links),
#    which is how far sharding moves the links; and the CPU seconds (user +
#    system) of each way, the model's training included.
#
# Environment: DATA, XPROJ, PAIRS (zh-en pairs to use, default all), SAMPLE
# (default 10: the model is trained on a tenth), SHARDS (default 10),
# THREADS (default 1), ADAPT (--adapt-sweeps, default the built-in),
# SETS (default "gold zhen").  Run it under `nice -n 10` on a shared machine.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SAMPLE:=10}" "${SHARDS:=10}" "${THREADS:=1}"
: "${PAIRS:=0}" "${ADAPT:=}" "${SETS:=gold zhen}"
G=$DATA/word-alignment-gold
BT=$DATA/bitext/zh-en.tv4dialog.94k.pairs.gz
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
WA="$XPROJ wordalign --seed 1 --threads $THREADS"
AD=; [ -n "$ADAPT" ] && AD="--adapt-sweeps $ADAPT"

# cpu LABEL CMD...: runs CMD, adds its user + system seconds to $T/cpu.LABEL
cpu() {
	label=$1; shift
	/usr/bin/time -f '%U %S' -o $T/t "$@" 2>$T/err || { cat $T/err; exit 1; }
	awk -v f=$T/cpu.$label 'BEGIN { s = 0; if ((getline x < f) > 0) s = x }
		{ s += $1 + $2 } END { print s > f }' $T/t
}
aer() { $XPROJ aer --json --gold "$1" $3 "$2" | sed 's/.*"aer":\([0-9.]*\).*/\1/' | awk '{printf "%.1f", 100*$1}'; }
# split FILE: FILE.1 .. FILE.$SHARDS, consecutive lines (a shard is episodes)
split_in() {
	n=$(wc -l < "$1")
	awk -v n=$n -v k=$SHARDS -v p="$1" '{ s = int((NR - 1) * k / n) + 1; print > (p "." s) }' "$1"
}
# one SET PAIRS: the three ways; outputs $T/one $T/model $T/alone, times in $T/cpu.*
three() {
	rm -f $T/cpu.* $T/one $T/model $T/alone
	cpu one $WA "$1" -o $T/one
	awk -v k=$SAMPLE 'NR % k == 1' "$1" > $T/sample
	cpu model $WA $T/sample --save-model $T/m.gz
	split_in "$1"
	for s in $(seq 1 $SHARDS); do
		cpu model $WA --model $T/m.gz $AD "$1.$s" -o $T/shard.$s
		cpu alone $WA "$1.$s" -o $T/alone.$s
	done
	for s in $(seq 1 $SHARDS); do cat $T/shard.$s; done > $T/model
	for s in $(seq 1 $SHARDS); do cat $T/alone.$s; done > $T/alone
	tail -1 $T/err | sed 's/^/  (last shard: /; s/$/)/'
}

case " $SETS " in *" gold "*)
printf '%-5s %6s | %8s %8s %8s | %s\n' set pairs "one run" "model" "alone" "(AER %, gold; $SHARDS shards, the model on every ${SAMPLE}th pair)"
for p in enfr roen jaen; do
	[ -f $G/$p.src-tgt ] || continue
	cp $G/$p.src-tgt $T/p
	three $T/p > /dev/null
	printf '%-5s %6d | %8s %8s %8s\n' $p $(wc -l < $T/p) "$(aer $G/$p.gold $T/one --one-based-gold)" \
		"$(aer $G/$p.gold $T/model --one-based-gold)" "$(aer $G/$p.gold $T/alone --one-based-gold)"
done
esac

case " $SETS " in *" zhen "*)
[ -f "$BT" ] || { echo "no $BT"; exit 0; }
if [ "$PAIRS" -gt 0 ]; then zcat "$BT" | head -n "$PAIRS" > $T/zh; else zcat "$BT" > $T/zh; fi
three $T/zh
printf 'zh-en, %d pairs, %d shards, the model trained on every %dth pair, %s thread(s):\n' $(wc -l < $T/zh) $SHARDS $SAMPLE $THREADS
printf '  %-34s %8s %10s\n' "" "CPU s" "AER vs one"
printf '  %-34s %8.1f %10s\n' "one run" "$(cat $T/cpu.one)" 0.0
printf '  %-34s %8.1f %10s\n' "model on a sample + shards with it" "$(cat $T/cpu.model)" "$(aer $T/one $T/model)"
printf '  %-34s %8.1f %10s\n' "shards each on their own" "$(cat $T/cpu.alone)" "$(aer $T/one $T/alone)"
esac
