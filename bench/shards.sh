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
# PRIOR: a column "prior" with the sample's model weighed (wordalign
# --prior-weight PRIOR; "rest": each shard's prior weighs like the pairs
# outside it, (pairs - shard's) / sample's; empty: not run), each shard
# trained with it for PADAPT sweeps (default the built-in adaptation's).
#
# ROUND1=sample begins the rounds from the sample's model instead of
# shards trained alone: round 1 aligns every shard with the model
# (SADAPT sweeps, default 2; --own-counts), the model's training counted
# in the rounds' CPU and critical path.
#
# 3. Rounds of merged counts (ROUNDS > 0): each shard trains on its own pairs
#    with the one run's schedule (--samplers, --iters) and saves its counts;
#    the counts are merged (--merge-models) and each shard is aligned again
#    with the sum less its own (--model SUM --minus OWN --adapt-sweeps
#    RADAPT), saving its new counts, ROUNDS - 1 times; the last round writes
#    the links.  Every shard learns from every pair; the shards of a round
#    run in parallel (WORKERS at a time, default 2: the wall time column).
#
# Environment: DATA, XPROJ, ROUNDS (default 3; 0: not run), RADAPT (default
# 5), WORKERS, PAIRS (zh-en pairs to use, default all), SAMPLE
# (default 10: the model is trained on a tenth), SEED2 (0: no second seed
# of the one run), SHARDS (default 10),
# THREADS (default 1), ADAPT (--adapt-sweeps, default the built-in),
# SAMPLERS (--samplers of the model's training, default 3: every shard runs
# as many; the default schedule gives a small sample more, for a small
# corpus's sake, and every shard would pay for them), ALONE (0: leave out
# the shards on their own, which cost several times the one run: each is a
# small corpus, sampled long), GOLD_SAMPLE (the gold sets' sample, default
# every 2nd pair: a tenth of a few hundred pairs teaches nothing), SETS
# (default "gold zhen").  The critical path is the model's training plus
# the slowest shard: the wall time with a machine per shard.  Run it under `nice -n 10` on a shared machine.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SAMPLE:=10}" "${SHARDS:=10}" "${THREADS:=1}"
: "${PAIRS:=0}" "${ADAPT:=}" "${SETS:=gold zhen}" "${SAMPLERS:=3}" "${ALONE:=1}" "${GOLD_SAMPLE:=2}"
: "${ROUNDS:=3}" "${RADAPT:=5}" "${WORKERS:=2}" "${PRIOR:=}" "${PADAPT:=}" "${ROUND1:=alone}" "${SADAPT:=2}"
G=$DATA/word-alignment-gold
BT=$DATA/bitext/zh-en.tv4dialog.94k.pairs.gz
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
WA="$XPROJ wordalign --seed 1 --threads $THREADS"
AD=; [ -n "$ADAPT" ] && AD="--adapt-sweeps $ADAPT"

# cpu LABEL CMD...: runs CMD, adds its user + system seconds to $T/cpu.LABEL
# and keeps the largest single one in $T/max.LABEL
cpu() {
	label=$1; shift
	/usr/bin/time -f '%U %S %e' -o $T/t "$@" 2>$T/err || { cat $T/err; exit 1; }
	awk -v f=$T/cpu.$label -v g=$T/max.$label -v h=$T/wall.$label 'BEGIN { s = 0; m = 0; w = 0
		if ((getline x < f) > 0) s = x; if ((getline y < g) > 0) m = y; if ((getline z < h) > 0) w = z }
		{ t = $1 + $2; s += t; if (t > m) m = t; w += $3 } END { print s > f; print m > g; print w > h }' $T/t
}
aer() { $XPROJ aer --json --gold "$1" ${3:-} "$2" | sed 's/.*"aer":\([0-9.]*\).*/\1/' | awk '{printf "%.1f", 100*$1}'; }
# split FILE: FILE.1 .. FILE.$SHARDS, consecutive lines (a shard is episodes)
split_in() {
	n=$(wc -l < "$1")
	awk -v n=$n -v k=$SHARDS -v p="$1" '{ s = int((NR - 1) * k / n) + 1; print > (p "." s) }' "$1"
}
# three PAIRS SAMPLE: the three ways; outputs $T/one $T/model $T/alone,
# CPU seconds in $T/cpu.* (train: the model's training; shard: the shards
# with it; model: both), the slowest shard's in $T/max.shard
three() {
	rm -f $T/cpu.* $T/max.* $T/one $T/model $T/alone $T/prior
	cpu one $WA "$1" -o $T/one
	cp $T/err $T/one.err
	awk -v k=$2 '(NR - 1) % k == 0' "$1" > $T/sample
	sa=; [ "$SAMPLERS" -gt 0 ] && sa="--samplers $SAMPLERS"   # 0: by size
	cpu train $WA $sa $T/sample --save-model $T/m.gz
	split_in "$1"
	for s in $(seq 1 $SHARDS); do
		cpu shard $WA --model $T/m.gz $AD "$1.$s" -o $T/shard.$s
		if [ -n "$PRIOR" ]; then
			pw=$PRIOR
			[ $pw = rest ] && pw=$(awk -v a=$(wc -l < "$1") -v s=$(wc -l < "$1.$s") -v m=$(wc -l < $T/sample) \
				'BEGIN { printf "%.2f", (a - s) / m }')
			cpu prior $WA --model $T/m.gz --prior-weight $pw ${PADAPT:+--adapt-sweeps $PADAPT} "$1.$s" -o $T/prior.$s
		fi
		if [ "$ALONE" = 1 ]; then cpu alone $WA "$1.$s" -o $T/alone.$s; fi
	done
	echo "$(cat $T/cpu.train) $(cat $T/cpu.shard)" | awk '{ print $1 + $2 }' > $T/cpu.model
	for s in $(seq 1 $SHARDS); do cat $T/shard.$s; done > $T/model
	if [ -n "$PRIOR" ]; then
		for s in $(seq 1 $SHARDS); do cat $T/prior.$s; done > $T/prior
		echo "$(cat $T/cpu.train) $(cat $T/cpu.prior)" | awk '{ print $1 + $2 }' > $T/cpu.priorall
	fi
	if [ "$ALONE" = 1 ]; then for s in $(seq 1 $SHARDS); do cat $T/alone.$s; done > $T/alone; fi
	if [ "$ROUNDS" -gt 0 ]; then rounds "$1" $T/one.err; fi
	tail -1 $T/err | sed 's/^/  (last shard: /; s/$/)/'
}

# rounds PAIRS ONE_ERR: merged rounds over PAIRS's shards into $T/rounds,
# with the schedule the one run took (its stderr ONE_ERR); CPU seconds in
# $T/cpu.rounds, the critical path (each round's slowest shard and the
# merges) in $T/crit.rounds, the wall time with WORKERS in $T/wall.rounds
rounds() {
	sm=$(sed -n 's/.* \([0-9]*\) samplers a direction.*/\1/p' "$2" | tail -1)
	# the languages the one run found, given to every shard: a shard of
	# jaen whose Japanese side has no kana is found to be Chinese, and
	# models of other languages are not merged
	sl=$(sed -n 's/.*source normalised as \([a-z]*\) .*/\1/p' "$2" | tail -1)
	tl=$(sed -n 's/.*target normalised as \([a-z]*\) .*/\1/p' "$2" | tail -1)
	# the one run's last stage, by the aligner's own rule
	it=$($XPROJ wordalign "$1" --schedule ${sl:+--src-lang $sl} ${tl:+--tgt-lang $tl} | sed -n 's/^stage3: //p')
	sm="$sm${sl:+ --src-lang $sl}${tl:+ --tgt-lang $tl}"
	R=$T/r; rm -rf $R; mkdir -p $R
	split_in "$1"
	t0=$(date +%s.%N); crit=0
	[ "$ROUND1" = sample ] && crit=$(cat $T/cpu.train)
	for r in $(seq 1 $ROUNDS); do
		rp=$((r - 1))
		if [ $r -gt 1 ]; then
			/usr/bin/time -f %U:%S -o $R/t.merge.$r $XPROJ wordalign --merge-models $R/m$rp.gz \
				$(for s in $(seq 1 $SHARDS); do echo $R/c$rp.$s.gz; done) 2>/dev/null
		fi
		for s in $(seq 1 $SHARDS); do
			if [ $r = 1 ] && [ "$ROUND1" = sample ]; then a="--model $T/m.gz --own-counts --adapt-sweeps $SADAPT"
			elif [ $r = 1 ]; then a="--samplers $sm --iters $it"
			else a="--model $R/m$rp.gz --minus $R/c$rp.$s.gz --adapt-sweeps $RADAPT"; fi
			if [ $r = $ROUNDS ]; then o="-o $R/o.$s"; else o="--save-model $R/c$r.$s.gz"; fi
			echo "/usr/bin/time -f %U:%S -o $R/t.$r.$s $WA --no-names $a $1.$s $o 2>/dev/null"
		done | xargs -P $WORKERS -I{} sh -c {}   # (no quotes in the commands: xargs strips them)
		g=0; [ -f $R/t.merge.$r ] && g=$(awk -F: '{ print $1 + $2 }' $R/t.merge.$r)
		crit=$(cat $R/t.$r.* | awk -F: -v c=$crit -v g=$g '{ t = $1 + $2; if (t > m) m = t } END { print c + g + m }')
	done
	echo "$(date +%s.%N) $t0" | awk '{ printf "%.1f\n", $1 - $2 }' > $T/wall.rounds
	cat $R/t.* | awk -F: -v c=$([ "$ROUND1" = sample ] && cat $T/cpu.train || echo 0) '{ s += $1 + $2 } END { print s + c }' > $T/cpu.rounds
	echo $crit > $T/crit.rounds
	for s in $(seq 1 $SHARDS); do cat $R/o.$s; done > $T/rounds
}

case " $SETS " in *" gold "*)
printf '%-5s %6s | %8s %8s %8s %8s | %s\n' set pairs "one run" "model" "alone" "rounds" \
	"(AER %, gold; $SHARDS shards, the model on every ${GOLD_SAMPLE}th pair, $ROUNDS rounds)"
for p in enfr roen jaen; do
	[ -f $G/$p.src-tgt ] || continue
	cp $G/$p.src-tgt $T/p
	three $T/p $GOLD_SAMPLE > /dev/null
	r="-"; [ "$ROUNDS" -gt 0 ] && r=$(aer $G/$p.gold $T/rounds --one-based-gold)
	printf '%-5s %6d | %8s %8s %8s %8s\n' $p $(wc -l < $T/p) "$(aer $G/$p.gold $T/one --one-based-gold)" \
		"$(aer $G/$p.gold $T/model --one-based-gold)" "$([ "$ALONE" = 1 ] && aer $G/$p.gold $T/alone --one-based-gold || echo -)" "$r"
	[ -n "$PRIOR" ] && printf '%-5s %6s | prior (weight %s%s): AER %s, CPU s %.1f, critical path %.1f\n' "" "" $PRIOR \
		"${PADAPT:+, $PADAPT sweeps}" "$(aer $G/$p.gold $T/prior --one-based-gold)" $(cat $T/cpu.priorall) \
		"$(echo "$(cat $T/cpu.train) $(cat $T/max.prior)" | awk '{ print $1 + $2 }')"
	printf '%-5s %6s | CPU s: one run %.1f, model %.1f' "" "" $(cat $T/cpu.one $T/cpu.model)
	[ "$ALONE" = 1 ] && printf ', alone %.1f' $(cat $T/cpu.alone)
	[ "$ROUNDS" -gt 0 ] && printf ', rounds %.1f (critical path %.1f); wall s: one run %.1f (%s threads), rounds %.1f (%s workers)' \
		$(cat $T/cpu.rounds $T/crit.rounds $T/wall.one) $THREADS $(cat $T/wall.rounds) $WORKERS
	echo
done
esac

case " $SETS " in *" zhen "*)
[ -f "$BT" ] || { echo "no $BT"; exit 0; }
if [ "$PAIRS" -gt 0 ]; then zcat "$BT" | head -n "$PAIRS" > $T/zh; else zcat "$BT" > $T/zh; fi
three $T/zh $SAMPLE
# how far two seeds of the one run are apart: the sampler's own spread
[ "${SEED2:-1}" = 1 ] && cpu seed2 $XPROJ wordalign --seed 2 --threads $THREADS $T/zh -o $T/seed2
printf 'zh-en, %d pairs, %d shards, the model trained on every %dth pair (%d samplers), %s thread(s):\n' \
	$(wc -l < $T/zh) $SHARDS $SAMPLE $SAMPLERS $THREADS
printf '  %-38s %8s %14s %10s\n' "" "CPU s" "critical path" "AER vs one"
printf '  %-38s %8.1f %14.1f %10s\n' "one run" "$(cat $T/cpu.one)" "$(cat $T/cpu.one)" 0.0
[ "${SEED2:-1}" = 1 ] && printf '  %-38s %8.1f %14.1f %10s\n' "one run, --seed 2" "$(cat $T/cpu.seed2)" "$(cat $T/cpu.seed2)" "$(aer $T/one $T/seed2)"
printf '  %-38s %8.1f %14.1f %10s\n' "model on a sample + shards with it" "$(cat $T/cpu.model)" \
	"$(echo "$(cat $T/cpu.train) $(cat $T/max.shard)" | awk '{ print $1 + $2 }')" "$(aer $T/one $T/model)"
printf '  %-38s %8.1f %14s %10s\n' "  of which the model's training" "$(cat $T/cpu.train)" "" ""
[ -n "$PRIOR" ] && printf '  %-38s %8.1f %14.1f %10s\n' "the same, prior weight $PRIOR${PADAPT:+, $PADAPT sweeps}" "$(cat $T/cpu.priorall)" \
	"$(echo "$(cat $T/cpu.train) $(cat $T/max.prior)" | awk '{ print $1 + $2 }')" "$(aer $T/one $T/prior)"
if [ "$ALONE" = 1 ]; then
	printf '  %-38s %8.1f %14.1f %10s\n' "shards each on their own" "$(cat $T/cpu.alone)" "$(cat $T/max.alone)" \
		"$(aer $T/one $T/alone)"
fi
if [ "$ROUNDS" -gt 0 ]; then
	printf '  %-38s %8.1f %14.1f %10s\n' "$ROUNDS rounds of merged counts$([ "$ROUND1" = sample ] && echo ', from the model')" "$(cat $T/cpu.rounds)" "$(cat $T/crit.rounds)" \
		"$(aer $T/one $T/rounds)"
	printf '  wall s: one run %.1f (%s threads), rounds %.1f (%s workers)\n' $(cat $T/wall.one) $THREADS \
		$(cat $T/wall.rounds) $WORKERS
fi
echo "  (AER vs one: the one run's links as gold, all sure; the zh-en gold is not shared)"
esac
