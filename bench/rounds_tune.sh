# mmc-tune quality when its Chinese pairs are aligned as a part of one shard
# of the 92k-pair zh-en bitext (bench/quality.sh's recipe, the bitext in
# SHARDS shards, the tune pairs in shard 1 with its tenth as --train), each
# way of sharing what the shards learn, against the one run (the tune pairs
# with the whole bitext as --train):
#   sample: a model trained on every SAMPLE-th pair of all (the tune pairs
#           and the bitext), shard 1 aligned with it (--model)
#   prior:  the sample's model as a prior weighed W times (wordalign
#           --prior-weight W, for each W of PW; "rest": the pairs outside
#           shard 1 over the sample's, so that the prior weighs like the rest
#           of the bitext), shard 1 trained on its own pairs with it for
#           PADAPT sweeps (default: the built-in adaptation's)
#   seeded: rounds begun from the sample's model: round 1 aligns every
#           shard with it (SADAPT sweeps, default 2, --own-counts), the
#           shards' counts are merged, and each later round aligns every
#           shard with the merge less its own, SROUNDS rounds in all
#           (default 2: the second writes the links)
#   rounds: ROUNDS rounds of merged counts (bench/shards.sh, 3.): every
#           shard trains on its own pairs, the counts are merged, every
#           shard aligned with the merge less its own counts, ...
# Mention and CoNLL F1 of Chinese on mmc-tune (quality.sh's first line), for
# each seed of SEEDS (default 1; the seed spread is about +-0.5).
# Environment: DATA, XPROJ, SEEDS, SHARDS (10), SAMPLE (10), ROUNDS (3),
# RADAPT (5), WORKERS (2), PW (default "rest"), PADAPT, WAYS (default "one
# sample rounds"; "prior" is the sample's model weighed).  Run it under
# `nice -n 10` on a shared machine.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SEEDS:=1}" "${SHARDS:=10}" "${SAMPLE:=10}"
: "${ROUNDS:=3}" "${RADAPT:=5}" "${WORKERS:=2}" "${WAYS:=one sample rounds}" "${PW:=rest}" "${PADAPT:=}" "${SROUNDS:=2}" "${SADAPT:=2}"
TUNE=$DATA/mmc-tune
BT=$DATA/bitext/zh-en.tv4dialog.94k.pairs.gz
[ -f "$BT" ] || { echo "no $BT"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# the tune pairs as quality.sh makes them
$XPROJ pair --source $TUNE/tune.english.v4_gold_conll --target $TUNE/tune.chinese.silver.v4_gold_conll --lang zh \
	--tokens words -o $T/zh.jsonl 2>/dev/null
$XPROJ bitext $T/zh.jsonl -o $T/tune.pairs 2>/dev/null
zcat $BT > $T/bt
n=$(wc -l < $T/bt)
awk -v n=$n -v k=$SHARDS -v p=$T/bt '{ s = int((NR - 1) * k / n) + 1; print > (p "." s) }' $T/bt
all=$(( n + $(wc -l < $T/tune.pairs) ))
it=$(awk -v n=$all 'BEGIN { i = int(5000 / sqrt(n) + 0.5); print (i < 16 ? 16 : (i > 1000 ? 1000 : i)) }')
f1() { sed -n 's/^  zh xproj ([^)]*) *\([0-9.]*\) *\([0-9.]*\).*/\1 \2/p' "$1" | head -1; }
# quality OUT EXTRA WA_OPTS: quality.sh's Chinese, timed into $T/t
quality() {
	/usr/bin/time -f '%U %S' -o $T/t env ZH_EXTRA="$2" WA_OPTS="$3" LANGS=zh RULES=0 DATA=$DATA XPROJ=$XPROJ \
		sh bench/quality.sh > $1 2>&1
}
printf '%-6s %4s %8s %8s %8s %s\n' way seed mention conll "CPU s" "(zh mmc-tune, $SHARDS shards)"
for seed in $SEEDS; do
	WA="$XPROJ wordalign --lowercase --seed $seed --threads 2 --no-names"
	for way in $WAYS; do
		case $way in
		one)
			quality $T/q.one "" "--seed $seed"
			cpu=$(awk '{ print $1 + $2 }' $T/t); q=$T/q.one ;;
		sample|prior|seeded)
			# one model of the sample a seed, for both ways
			if [ ! -f $T/sample.$seed.gz ]; then
				cat $T/tune.pairs $T/bt | awk -v k=$SAMPLE '(NR - 1) % k == 0' > $T/sample
				/usr/bin/time -f '%U %S' -o $T/t.train $WA --samplers 3 $T/sample --save-model $T/sample.$seed.gz 2>/dev/null
			fi
			tcpu=$(awk '{ print $1 + $2 }' $T/t.train)
			if [ $way = seeded ]; then
				rm -f $T/c.* $T/m.*
				/usr/bin/time -f '%U %S' -o $T/t sh -c "
				for r in \$(seq 1 $((SROUNDS - 1))); do
					p=\$((r - 1))
					[ \$r -gt 1 ] && $XPROJ wordalign --merge-models $T/m.\$p.gz \$(for s in \$(seq 1 $SHARDS); do echo $T/c.\$p.\$s.gz; done) 2>/dev/null
					for s in \$(seq 1 $SHARDS); do
						if [ \$r = 1 ]; then a='--model $T/sample.$seed.gz --own-counts --adapt-sweeps $SADAPT'
						else a=\"--model $T/m.\$p.gz --minus $T/c.\$p.\$s.gz --adapt-sweeps $RADAPT\"; fi
						if [ \$s = 1 ]; then x='$T/tune.pairs --train $T/bt.1'; else x=$T/bt.\$s; fi
						echo \"$WA --threads 1 \$a \$x --save-model $T/c.\$r.\$s.gz 2>/dev/null\"
					done | xargs -P $WORKERS -I{} sh -c {}
				done
				$XPROJ wordalign --merge-models $T/m.$((SROUNDS - 1)).gz \$(for s in \$(seq 1 $SHARDS); do echo $T/c.$((SROUNDS - 1)).\$s.gz; done) 2>/dev/null"
				cpu=$(awk -v c=$tcpu '{ print c + $1 + $2 }' $T/t)
				quality $T/q.seeded $T/bt.1 "--seed $seed --model $T/m.$((SROUNDS - 1)).gz --minus $T/c.$((SROUNDS - 1)).1.gz --adapt-sweeps $RADAPT"
				cpu=$(awk -v c=$cpu '{ print c + $1 + $2 }' $T/t); q=$T/q.seeded
			elif [ $way = sample ]; then
				quality $T/q.sample $T/bt.1 "--seed $seed --model $T/sample.$seed.gz"
				cpu=$(awk -v c=$tcpu '{ print c + $1 + $2 }' $T/t); q=$T/q.sample
			else
				for w in $PW; do
					[ $w = rest ] && w=$(awk -v a=$all -v s=$(wc -l < $T/bt.1) -v m=$(wc -l < $T/sample) \
						'BEGIN { printf "%.2f", (a - s - '$(wc -l < $T/tune.pairs)') / m }')
					quality $T/q.prior $T/bt.1 "--seed $seed --model $T/sample.$seed.gz --prior-weight $w${PADAPT:+ --adapt-sweeps $PADAPT}"
					cpu=$(awk -v c=$tcpu '{ print c + $1 + $2 }' $T/t)
					set -- $(f1 $T/q.prior)
					printf '%-6s %4s %8s %8s %8.1f  (weight %s%s)\n' prior $seed "${1:-?}" "${2:-?}" $cpu $w \
						"${PADAPT:+, $PADAPT sweeps}"
					[ -n "${1:-}" ] || cat $T/q.prior
				done
				continue
			fi ;;
		rounds)
			rm -f $T/c.* $T/m.*
			/usr/bin/time -f '%U %S' -o $T/t sh -c "
			for r in \$(seq 1 $((ROUNDS - 1))); do
				p=\$((r - 1))
				[ \$r -gt 1 ] && $XPROJ wordalign --merge-models $T/m.\$p.gz \$(for s in \$(seq 1 $SHARDS); do echo $T/c.\$p.\$s.gz; done) 2>/dev/null
				for s in \$(seq 1 $SHARDS); do
					if [ \$r = 1 ]; then a='--samplers 3 --iters $it'
					else a=\"--model $T/m.\$p.gz --minus $T/c.\$p.\$s.gz --adapt-sweeps $RADAPT\"; fi
					if [ \$s = 1 ]; then x='$T/tune.pairs --train $T/bt.1'; else x=$T/bt.\$s; fi
					echo \"$WA --threads 1 \$a \$x --save-model $T/c.\$r.\$s.gz 2>/dev/null\"
				done | xargs -P $WORKERS -I{} sh -c {}
			done
			$XPROJ wordalign --merge-models $T/m.$((ROUNDS - 1)).gz \$(for s in \$(seq 1 $SHARDS); do echo $T/c.$((ROUNDS - 1)).\$s.gz; done) 2>/dev/null"
			cpu=$(awk '{ print $1 + $2 }' $T/t)
			quality $T/q.rounds $T/bt.1 "--seed $seed --model $T/m.$((ROUNDS - 1)).gz --minus $T/c.$((ROUNDS - 1)).1.gz --adapt-sweeps $RADAPT"
			cpu=$(awk -v c=$cpu '{ print c + $1 + $2 }' $T/t); q=$T/q.rounds ;;
		esac
		set -- $(f1 $q)
		printf '%-6s %4s %8s %8s %8.1f\n' $way $seed "${1:-?}" "${2:-?}" $cpu
		[ -n "${1:-}" ] || cat $q
	done
done
echo "(CPU s: every command of the way, all shards; quality.sh's pair/bitext/project included; the rounds' last"
echo " round is shard 1's alone, the tune pairs' shard: the other shards' last round is not needed here)"
