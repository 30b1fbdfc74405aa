# Issue 35's criterion for an aligner model that travels: AER against gold
# links of 10 shards aligned with a model of a sample, against one run over
# every pair, over several seeds (a few hundred gold pairs are noisy: mean
# and spread), with the CPU and the critical path of each way, all in one run.
#
# Sets (SETS, default "enfr roen jaen zhen"):
#   enfr roen jaen  word-alignment-gold: the gold pairs are the bitext.
#   zhen            the 92k zh-en TV4Dialog bitext.  Its 450-pair Tsinghua
#                   gold is NOT in ../shared/data (its README: "not
#                   shared"); with ZHEN_GOLD=PREFIX (PREFIX.src-tgt
#                   `English ||| Chinese`, PREFIX.gold 1-based i-j / ipj)
#                   its pairs are put after the bitext (inside the last
#                   shard) and scored against it: the criterion as written.
#                   Without it the links are scored against the links of a
#                   one run of seed REF_SEED (default 99, not one of SEEDS;
#                   all links sure): agreement, not AER; the one run's own
#                   rows are then the sampler's spread, and a way's
#                   difference to them is how much farther it lies from the
#                   one run than another seed of the one run does.
# Ways, for each seed of SEEDS (default "1 7 11"):
#   one        every pair in one run
#   sample K   a model trained on every K-th pair (--save-model; K of
#              SAMPLES, default 10 and 5; GOLD_SAMPLES for the gold sets,
#              default 2: a tenth of a few hundred pairs teaches nothing),
#              each shard aligned with it (--model, the built-in adaptation)
#   from K, R  R rounds (ROUNDS, default 2) begun from that model: round 1
#              aligns each shard with it (--own-counts, SADAPT sweeps,
#              default 2), the shards' counts are merged (--merge-models)
#              and each later round aligns each shard with the merge less
#              its own (--minus, RADAPT sweeps, default 5)
#   sync       (WAYS has sync) shards in sync, approximate distributed
#              Gibbs sampling (AD-LDA): the one run's samplers (as many as
#              the one run has) and stages split into rounds of at most
#              SWEEPS sweeps (0, the default: a quarter of the last stage,
#              which makes 6 rounds), the sweeps of all rounds the one
#              run's; each shard continues its own links (--state) against
#              the merge of every shard's counts of the round before less
#              its own (--model SUM: the shard takes out the counts of its
#              links in the state, and writes them anew), and the last round reads
#              the links off as the one run does.  Round 1 starts each
#              shard's links at random; with WAYS syncs K, they are drawn
#              from the model of every K-th pair of SAMPLES / GOLD_SAMPLES
#              (its training in the CPU and critical path).
# FIRST: round 1's sweeps (default: as many as SWEEPS).
# WAYS: "sample" (the default: sample K and from K, R), "sync", "syncs".
# CPU = user + system seconds of every command of the way; critical path =
# the model's training + each round's slowest shard + the merges (the wall
# time with a machine per shard).  Every command runs one thread (THREADS).
# Environment: DATA, XPROJ, SEEDS, SETS, SHARDS (10), SAMPLES, GOLD_SAMPLES,
# ROUNDS, SADAPT, RADAPT, REF_SEED, WAYS, SWEEPS, SAMPLERS (the model's training, default 3: every
# shard runs as many), ZHEN_GOLD, PAIRS (zh-en pairs to use, default all).
# Figures go to bench/results/shard_gold.json (bench/record.sh).  Run it
# under `nice -n 10` on a shared machine.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SEEDS:=1 7 11}" "${SETS:=enfr roen jaen zhen}"
: "${SHARDS:=10}" "${SAMPLES:=10 5}" "${GOLD_SAMPLES:=2}" "${ROUNDS:=2}" "${SADAPT:=2}" "${RADAPT:=5}"
: "${SAMPLERS:=3}" "${THREADS:=1}" "${ZHEN_GOLD:=}" "${PAIRS:=0}" "${REF_SEED:=99}"
: "${WAYS:=sample}" "${SWEEPS:=0}"
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
. bench/record.sh
G=$DATA/word-alignment-gold
BT=$DATA/bitext/zh-en.tv4dialog.94k.pairs.gz
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
REC_QUIET=1
rec_begin "${NAME:-shard_gold}"
[ "$SEEDS $SHARDS $SAMPLES $GOLD_SAMPLES $ROUNDS $SADAPT $RADAPT $SAMPLERS $PAIRS $REF_SEED" = \
	"1 7 11 10 10 5 2 2 2 5 3 0 99" ] && [ "$WAYS $SWEEPS" = "sample 0" ] ||
	rec_skip "not the default settings"

# run FILE CMD...: CMD's user + system seconds into FILE (stderr in $T/err)
run() {
	f=$1; shift
	/usr/bin/time -f '%U %S' -o $T/t "$@" 2>$T/err || { cat $T/err; exit 1; }
	awk '{ printf "%.2f\n", $1 + $2 }' $T/t > "$f"
}
sum() { cat "$@" | awk '{ s += $1 } END { printf "%.2f\n", s }'; }
add() { echo "$1 $2" | awk '{ printf "%.2f\n", $1 + $2 }'; }
max() { cat "$@" | awk '$1 > m { m = $1 } END { printf "%.2f\n", m }'; }
# score OUT: AER % of the links OUT (every pair of the set, in order):
# against the gold of its last $ng lines, or against $T/ref
score() {
	if [ -n "$gold" ]; then
		tail -n $ng "$1" > $T/scored
		$XPROJ aer --json --gold "$gold" --one-based-gold $T/scored
	else
		$XPROJ aer --json --gold $T/ref "$1"
	fi | sed 's/.*"aer":\([0-9.]*\).*/\1/' | awk '{ printf "%.2f\n", 100 * $1 }'
}
# put SET WAY SEED AER CPU CRIT: one line of $T/rows
put() { echo "$*" >> $T/rows; printf '  %-5s %-16s seed %-3s AER %6s  CPU s %7s  critical path s %7s\n' "$@"; }

# sync_way SET SEED [K]: the shards in sync (WAYS sync, syncs: round 1
# from the model of every K-th pair); the one run's samplers $nsmp and
# stages' sweeps $it1 $it2 $niter (`wordalign --schedule`, ways())
sync_way() {
	set=$1; seed=$2; k=${3:-}
	sw=$SWEEPS; [ "$sw" -gt 0 ] || sw=$(( (niter + 3) / 4 ))
	# (FIRST > 0: round 1 makes FIRST sweeps, so that every shard soon
	# samples against the others' counts rather than settling alone)
	plan=; f=${FIRST:-0}
	for st in 1 2 3; do
		left=$it1; [ $st = 2 ] && left=$it2; [ $st = 3 ] && left=$niter
		while [ $left -gt 0 ]; do
			n1=$((left < sw ? left : sw)); [ "$f" -gt 0 ] && [ "$f" -lt $n1 ] && n1=$f; f=0
			plan="$plan $st:$n1"; left=$((left - n1))
		done
	done
	nr=$(echo $plan | wc -w)
	langs="${sl:+--src-lang $sl} ${tl:+--tgt-lang $tl}"
	cpu=0; crit=0; first=
	rm -f $T/st.* $T/own.* $T/sum
	if [ -n "$k" ]; then
		awk -v k=$k '(NR - 1) % k == 0' $T/all > $T/sample
		# the sample trained with the one run's last stage (the size
		# rule would give a small sample a long one; its lexical stages
		# are a quarter of it, where a small one run's may be longer)
		run $T/c.train $WA --samplers $nsmp --iters $niter $langs $T/sample --save-model $T/m.gz
		cpu=$(cat $T/c.train); crit=$cpu; first="--model $T/m.gz --own-counts"
	fi
	r=0
	for step in $plan; do
		r=$((r + 1)); st=${step%:*}; n1=${step#*:}
		rm -f $T/c.r.*
		if [ $r -gt 1 ]; then
			run $T/c.merge $XPROJ wordalign --merge-models $T/sum \
				$(for s in $(seq 1 $SHARDS); do echo $T/own.$((r - 1)).$s; done)
			cpu=$(add $cpu $(cat $T/c.merge)); crit=$(add $crit $(cat $T/c.merge))
		fi
		# (the rounds' counts not gzipped: they are read once, and
		# compressing them took a third of a small shard's round)
		for s in $(seq 1 $SHARDS); do
			# (the merge holds the shard's own counts: the shard takes
			# them out itself, from its links in the state)
			if [ $r = 1 ]; then m=$first; else m="--model $T/sum"; fi
			if [ $r = $nr ]; then o="-o $T/o.$s"; else o="--save-model $T/own.$r.$s"; fi
			# a seed a shard; the state carries each sampler's generator on
			run $T/c.r.$s $XPROJ wordalign --seed $((seed * 1000 + s)) --threads $THREADS --no-names \
				--samplers $nsmp $langs $m --state $T/st.$s --stage $st --adapt-sweeps $n1 $T/all.$s $o
		done
		cpu=$(add $cpu $(sum $T/c.r.*))
		crit=$(add $crit $(max $T/c.r.*))
	done
	for s in $(seq 1 $SHARDS); do cat $T/o.$s; done > $T/out
	put $set "sync${k:+ from $k}, $nr rounds${FIRST:+, first $FIRST}" $seed "$(score $T/out)" "$cpu" "$crit"
}

# the ways of one seed over $T/all (split in $T/all.1 ..), SET $1, seed $2
ways() {
	set=$1; seed=$2
	WA="$XPROJ wordalign --seed $seed --threads $THREADS --no-names"
	run $T/c.one $WA $T/all -o $T/one
	put $set one $seed "$(score $T/one)" "$(cat $T/c.one)" "$(cat $T/c.one)"
	# the languages the one run found, for every model (a jaen shard
	# without kana would be found Chinese, and its counts not merged)
	sl=$(sed -n 's/.*source normalised as \([a-z]*\) .*/\1/p' $T/err | tail -1)
	tl=$(sed -n 's/.*target normalised as \([a-z]*\) .*/\1/p' $T/err | tail -1)
	sweeps=$(sed -n 's/.*, \([0-9]*\) sweeps each.*/\1/p' $T/err | tail -1)
	# the one run's schedule, from the aligner's own rule; it must be
	# what the one run said it took
	$XPROJ wordalign $T/all --schedule > $T/sched
	nsmp=$(sed -n 's/^samplers: //p' $T/sched)
	it1=$(sed -n 's/^stage1: //p' $T/sched); it2=$(sed -n 's/^stage2: //p' $T/sched)
	niter=$(sed -n 's/^stage3: //p' $T/sched)
	[ "$(sed -n 's/^sweeps: //p' $T/sched)" = "$sweeps" ] &&
		grep -q ": $nsmp samplers a direction" $T/err ||
		{ echo "wordalign --schedule says another schedule than the one run took:"; cat $T/sched $T/err; exit 1; }
	case " $WAYS " in *" sync "*) sync_way $set $seed "" ;; esac
	case " $WAYS " in *" syncs "*) for k in $samples; do sync_way $set $seed $k; done ;; esac
	case " $WAYS " in *" sample "*) ;; *) return 0 ;; esac
	for k in $samples; do
		awk -v k=$k '(NR - 1) % k == 0' $T/all > $T/sample
		sa=; [ "$SAMPLERS" -gt 0 ] && sa="--samplers $SAMPLERS"
		run $T/c.train $WA $sa ${sl:+--src-lang $sl} ${tl:+--tgt-lang $tl} $T/sample --save-model $T/m.gz
		rm -f $T/c.s.*
		for s in $(seq 1 $SHARDS); do
			run $T/c.s.$s $WA --model $T/m.gz $T/all.$s -o $T/o.$s
		done
		for s in $(seq 1 $SHARDS); do cat $T/o.$s; done > $T/out
		put $set "sample $k" $seed "$(score $T/out)" "$(sum $T/c.train $T/c.s.*)" \
			"$(add $(cat $T/c.train) $(max $T/c.s.*))"
		# rounds begun from the model
		cpu=$(cat $T/c.train); crit=$cpu
		for r in $(seq 1 $ROUNDS); do
			rm -f $T/c.r.*
			if [ $r -gt 1 ]; then
				run $T/c.merge $XPROJ wordalign --merge-models $T/sum.gz \
					$(for s in $(seq 1 $SHARDS); do echo $T/own.$((r - 1)).$s.gz; done)
				cpu=$(add $cpu $(cat $T/c.merge)); crit=$(add $crit $(cat $T/c.merge))
			fi
			for s in $(seq 1 $SHARDS); do
				if [ $r = 1 ]; then a="--model $T/m.gz --own-counts --adapt-sweeps $SADAPT"
				else a="--model $T/sum.gz --minus $T/own.$((r - 1)).$s.gz --adapt-sweeps $RADAPT"; fi
				if [ $r = $ROUNDS ]; then o="-o $T/o.$s"; else o="--save-model $T/own.$r.$s.gz"; fi
				run $T/c.r.$s $WA $a $T/all.$s $o
			done
			cpu=$(add $cpu $(sum $T/c.r.*))
			crit=$(add $crit $(max $T/c.r.*))
		done
		for s in $(seq 1 $SHARDS); do cat $T/o.$s; done > $T/out
		put $set "from $k, $ROUNDS rounds" $seed "$(score $T/out)" "$cpu" "$crit"
	done
}

: > $T/rows
for set in $SETS; do
	rm -f $T/ref
	case $set in
	zhen)
		[ -f "$BT" ] || { echo "no $BT"; continue; }
		if [ "$PAIRS" -gt 0 ]; then zcat "$BT" | head -n "$PAIRS" > $T/all; else zcat "$BT" > $T/all; fi
		gold=; ng=0
		if [ -n "$ZHEN_GOLD" ]; then
			cat "$ZHEN_GOLD.src-tgt" >> $T/all; gold=$ZHEN_GOLD.gold; ng=$(wc -l < "$ZHEN_GOLD.src-tgt")
		fi
		samples=$SAMPLES ;;
	*)
		[ -f $G/$set.src-tgt ] || { echo "no $G/$set.src-tgt"; continue; }
		cp $G/$set.src-tgt $T/all; gold=$G/$set.gold; ng=$(wc -l < $T/all)
		samples=$GOLD_SAMPLES ;;
	esac
	n=$(wc -l < $T/all)
	rm -f $T/all.*
	# consecutive lines a shard (a shard is episodes)
	awk -v n=$n -v k=$SHARDS -v p=$T/all '{ s = int((NR - 1) * k / n) + 1; print > (p "." s) }' $T/all
	echo "$set: $n pairs, $SHARDS shards$([ -n "$gold" ] && echo ", AER against gold ($ng pairs)" || echo ", AER against the one run of seed $REF_SEED (no gold)")"
	[ -n "$gold" ] || run $T/c.ref $XPROJ wordalign --seed $REF_SEED --threads $THREADS --no-names $T/all -o $T/ref
	for seed in $SEEDS; do ways $set $seed; done
done

# mean and spread over the seeds; a way's difference to the one run is
# taken seed by seed (the same seed's one run), then averaged
echo
printf '%-5s %-18s %16s %16s %9s %9s %9s\n' set way "AER mean (range)" "vs one: mean (range)" "CPU s" "crit. s" "crit/one"
awk '{ n = NF; crit = $n; cpu = $(n - 1); aer = $(n - 2); seed = $(n - 3); set = $1
	way = $2; for (i = 3; i < n - 3; i++) way = way " " $i
	k = set SUBSEP way
	if (!(k in cnt)) order[++m] = k
	cnt[k]++; sa[k] += aer; sc[k] += cpu; sp[k] += crit
	if (!(k in lo) || aer < lo[k]) lo[k] = aer; if (!(k in hi) || aer > hi[k]) hi[k] = aer
	if (way == "one") one[set, seed] = aer; else { d = aer - one[set, seed]; sd[k] += d
		if (!(k in dlo) || d < dlo[k]) dlo[k] = d; if (!(k in dhi) || d > dhi[k]) dhi[k] = d }
	if (way == "one") { oc[set] += cpu; on[set]++ } }
END { for (i = 1; i <= m; i++) { k = order[i]; split(k, p, SUBSEP); c = cnt[k]
	vs = p[2] == "one" ? "-" : sprintf("%+.2f (%+.1f..%+.1f)", sd[k] / c, dlo[k], dhi[k])
	printf "%-5s %-18s %6.2f (%.1f-%.1f) %20s %9.1f %9.1f %9.2f\n", p[1], p[2], sa[k] / c, lo[k], hi[k], vs,
		sc[k] / c, sp[k] / c, (sp[k] / c) / (oc[p[1]] / on[p[1]])
	print p[1] "\t" p[2] "\t" sa[k] / c "\t" lo[k] "\t" hi[k] "\t" (p[2] == "one" ? "-" : sd[k] / c) "\t" sc[k] / c "\t" sp[k] / c > "'$T/means'" } }' $T/rows
[ -z "$ZHEN_GOLD" ] && case " $SETS " in *" zhen "*) echo "(zhen: no gold; AER against the one run of seed $REF_SEED: the one run's row is the sampler's spread)";; esac
while IFS='	' read -r set way mean lo hi d cpu crit; do
	rec_value "$set: $way: AER (seed mean)" "$(printf %.2f $mean)" "AER"
	rec_value "$set: $way: AER seed range" "$(printf '%.1f-%.1f' $lo $hi)" "AER"
	# ("-": the one run itself; an empty field would vanish in read's tabs)
	[ "$d" != - ] && rec_value "$set: $way: AER minus the one run's (seed mean)" "$(printf %+.2f $d)" "AER"
	rec_value "$set: $way: CPU s (seed mean)" "$(printf %.1f $cpu)" "s"
	rec_value "$set: $way: critical path s (seed mean)" "$(printf %.1f $crit)" "s"
done < $T/means
rec_end
