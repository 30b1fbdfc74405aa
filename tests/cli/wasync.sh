# wordalign --state / --stage: shards aligned in sync (docs/workflow.md,
# "Shards in sync").  Two shards, two rounds: each shard keeps its
# samplers' links between rounds (--state) and sweeps against the merge of
# both shards' counts less its own; the links of the last round are valid
# and right.  The same state and seed give the same links for any
# --threads.  A state of other pairs, of other samplers, truncated or
# corrupt is refused naming it, and nothing is written: no links, no model,
# the state as it was.
. tests/cli/lib

# a dictionary of 30 words (the target reversed for every third pair)
pairs() { # N SEED
	awk -v n=$1 -v seed=$2 'BEGIN { srand(seed); for (s = 0; s < n; s++) {
		k = 3 + int(rand() * 4); src = ""; tgt = ""
		for (i = 0; i < k; i++) { w[i] = int(rand() * 30); src = src (i ? " " : "") "w" w[i] }
		for (i = 0; i < k; i++) { j = s % 3 ? i : k - 1 - i; tgt = tgt (i ? " " : "") "m" w[j] }
		print src " ||| " tgt } }'
}
pairs 150 1 > $T/s1
pairs 150 2 > $T/s2
# right PAIRS LINKS: the pairs whose links are all the dictionary's, every
# source word linked; and FAIL on a link outside a pair's words
right() {
	paste -d'\t' $1 $2 | awk -F'\t' '{ split($1, h, " [|][|][|] "); ns = split(h[1], s, " "); nt = split(h[2], t, " ")
		m = split($2, l, " "); ok = m == ns
		for (k = 1; k <= m; k++) { split(l[k], ij, "-")
			if (ij[1] < 0 || ij[1] >= ns || ij[2] < 0 || ij[2] >= nt) { print "FAIL: link " l[k] " outside line " NR > "/dev/stderr"; bad = 1 }
			if ("m" substr(s[ij[1] + 1], 2) != t[ij[2] + 1]) ok = 0 }
		n += ok } END { print n; exit bad }'
}

# round 1: each shard from a random start, lexical sweeps, its own counts
for s in 1 2; do
	expect_status 0 $XPROJ wordalign --seed $s --samplers 2 --no-names --state $T/st.$s --stage 1 \
		--adapt-sweeps 5 $T/s$s --save-model $T/own.1.$s
done
expect_eq "$(head -c 8 $T/st.1 | tr '\n' '|')" "XPROJWS|" "the state's magic"
[ -e $T/out.pharaoh ] && { echo "FAIL: links written"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign --merge-models $T/sum $T/own.1.1 $T/own.1.2
expect_grep '2 models merged .*: 300 pairs' $T/err
cp $T/st.1 $T/st.1.keep
cp $T/st.2 $T/st.2.keep
# round 2: every part, against the other shard's counts (the merge less
# the counts of the shard's own links, which it takes from its state); the
# links
for s in 1 2; do
	expect_status 0 $XPROJ wordalign --seed $s --no-names --model $T/sum --state $T/st.$s \
		--stage 3 --adapt-sweeps 5 $T/s$s -o $T/o.$s
	expect_eq "$(wc -l < $T/o.$s)" 150 "shard $s: one line per pair"
	n=$(right $T/s$s $T/o.$s) || fails=$((fails + 1))
	echo "shard $s: $n of 150 right"; [ "$n" -ge 135 ] || { echo "FAIL: shard $s: only $n of 150 pairs right"; fails=$((fails + 1)); }
done
# the same state and seed, two threads: the same links; the state moved on
cmp -s $T/st.1 $T/st.1.keep && { echo "FAIL: the state was not rewritten"; fails=$((fails + 1)); }
cp $T/st.1.keep $T/st.x
expect_status 0 $XPROJ wordalign --seed 1 --no-names --threads 2 --model $T/sum --state $T/st.x \
	--stage 3 --adapt-sweeps 5 $T/s1 -o $T/o.x
cmp -s $T/o.1 $T/o.x || { echo "FAIL: the same state and seed gave other links"; fails=$((fails + 1)); }
cmp -s $T/st.1 $T/st.x || { echo "FAIL: the same state and seed left another state"; fails=$((fails + 1)); }
# the own counts taken from the state are those --minus reads: the same
# links, next state and counts written (the counts of the round's links,
# which a round writes whatever its model, over the shard's own words)
for way in state minus; do
	cp $T/st.1.keep $T/st.$way
	m=; [ $way = minus ] && m="--minus $T/own.1.1"
	expect_status 0 $XPROJ wordalign --seed 1 --no-names --model $T/sum $m --state $T/st.$way \
		--stage 3 --adapt-sweeps 5 $T/s1 -o $T/o.$way --save-model $T/own.2.$way
done
cmp -s $T/o.state $T/o.minus || { echo "FAIL: own counts from the state gave other links than --minus"; fails=$((fails + 1)); }
cmp -s $T/st.state $T/st.minus || { echo "FAIL: own counts from the state left another state than --minus"; fails=$((fails + 1)); }
cmp -s $T/own.2.state $T/own.2.minus || { echo "FAIL: own counts from the state wrote other counts than --minus"; fails=$((fails + 1)); }
cmp -s $T/o.state $T/o.1 || { echo "FAIL: --save-model changed the links"; fails=$((fails + 1)); }
# a round's counts are the shard's alone: the two shards' merged again are
# as many pairs, and a round from that merge goes on as from the first
cp $T/st.2.keep $T/st.2b
expect_status 0 $XPROJ wordalign --seed 2 --no-names --model $T/sum --state $T/st.2b --stage 3 --adapt-sweeps 5 \
	$T/s2 --save-model $T/own.2.2
expect_status 0 $XPROJ wordalign --merge-models $T/sum2 $T/own.2.state $T/own.2.2
expect_grep '2 models merged .*: 300 pairs' $T/err
expect_status 0 $XPROJ wordalign --seed 1 --no-names --model $T/sum2 --state $T/st.state --stage 3 \
	--adapt-sweeps 2 $T/s1 -o $T/o.3
n=$(right $T/s1 $T/o.3) || fails=$((fails + 1))
[ "$n" -ge 135 ] || { echo "FAIL: round 3: only $n of 150 pairs right"; fails=$((fails + 1)); }
# a model that does not hold the state's links (the other shard's counts
# alone): refused, nothing written, the state as it was
cp $T/st.1.keep $T/st.u
was=$(sum $T/st.u)
expect_status 1 $XPROJ wordalign --seed 1 --no-names --model $T/own.1.2 --state $T/st.u --stage 3 \
	--adapt-sweeps 5 $T/s1 -o $T/o.u --save-model $T/own.u
expect_grep 'st.u: the model holds fewer counts than the state.s links make' $T/err
expect_eq "$(sum $T/st.u)" "$was" "a state its model does not hold unchanged"
[ -e $T/o.u ] || [ -e $T/own.u ] && { echo "FAIL: output written"; fails=$((fails + 1)); }

# the prior's cells are found once: round 1 keeps them in its state
# (version 2), and round 2 takes them from there (the same cells)
printf 'he is here ||| \344\273\226 \345\234\250 \350\277\231\351\207\214\nthey see him ||| \344\273\226\344\273\254 \347\234\213\350\247\201 \344\273\226\n' > $T/zh
expect_status 0 $XPROJ wordalign --samplers 2 --no-names --state $T/st.zh --stage 1 --adapt-sweeps 1 $T/zh --save-model $T/own.zh
expect_eq "$(od -A n -t u4 -j 8 -N 4 $T/st.zh | tr -d ' ')" 2 "a state with the prior's cells is version 2"
expect_grep 'closed-class prior: 3 cells' $T/err
expect_status 0 $XPROJ wordalign --no-names --model $T/own.zh --state $T/st.zh --adapt-sweeps 1 $T/zh -o $T/o.zh
expect_grep 'closed-class prior: 3 cells' $T/err
expect_eq "$(wc -l < $T/o.zh)" 2 "links of the state's pairs"

# refused, nothing written: a state of the other shard's pairs
cp $T/st.2.keep $T/st.y
was=$(sum $T/st.y)
expect_status 1 $XPROJ wordalign --seed 1 --no-names --model $T/sum --minus $T/own.1.1 --state $T/st.y \
	--adapt-sweeps 5 $T/s1 -o $T/o.y --save-model $T/own.y
expect_grep 'st.y: the state is of other sentence pairs' $T/err
expect_eq "$(sum $T/st.y)" "$was" "a refused state unchanged"
[ -e $T/o.y ] || [ -e $T/own.y ] && { echo "FAIL: output written"; fails=$((fails + 1)); }
# the same sizes, other words: still refused
sed 's/w1 /w2 /' $T/s1 > $T/s1b
expect_status 1 $XPROJ wordalign --seed 1 --samplers 2 --no-names --state $T/st.y $T/s1b -o $T/o.y
expect_grep 'state is of other sentence pairs' $T/err
cp $T/st.1.keep $T/st.z
sed 's/w1 /w2 /' $T/s1 > $T/s1c
expect_status 1 $XPROJ wordalign --seed 1 --samplers 2 --no-names --state $T/st.z $T/s1c -o $T/o.y
expect_grep 'other words' $T/err
# other samplers
expect_status 1 $XPROJ wordalign --seed 1 --samplers 3 --no-names --state $T/st.z $T/s1 -o $T/o.y
expect_grep 'the state has 2 samplers a direction, this run 3' $T/err
# truncated, corrupt, not a state
head -c 100 $T/st.1.keep > $T/st.t
expect_status 1 $XPROJ wordalign --samplers 2 --no-names --state $T/st.t $T/s1 -o $T/o.y
expect_grep 'st.t: truncated word-aligner state: 100 bytes of the' $T/err
# one byte more than its header says: refused, naming both lengths
cp $T/st.1.keep $T/st.g
printf 'x' >> $T/st.g
expect_status 1 $XPROJ wordalign --samplers 2 --no-names --state $T/st.g $T/s1 -o $T/o.y
expect_grep "st.g: corrupt word-aligner state: $(wc -c < $T/st.g | tr -d ' ') bytes, its header says $(wc -c < $T/st.1.keep | tr -d ' ')" $T/err
cp $T/st.1.keep $T/st.c
printf '\001' | dd of=$T/st.c bs=1 seek=60 conv=notrunc 2>/dev/null
expect_status 1 $XPROJ wordalign --samplers 2 --no-names --state $T/st.c $T/s1 -o $T/o.y
expect_grep 'st.c: corrupt word-aligner state: checksum mismatch' $T/err
expect_status 1 $XPROJ wordalign --samplers 2 --no-names --state $T/own.1.1 $T/s1 -o $T/o.y
expect_grep 'not a word-aligner state' $T/err
[ -e $T/o.y ] && { echo "FAIL: links written"; fails=$((fails + 1)); }
# usage
expect_status 2 $XPROJ wordalign $T/s1 -o $T/o.y --stage 2
expect_grep '\-\-stage needs --state' $T/err
expect_status 2 $XPROJ wordalign $T/s1 --state $T/st.n --stage 4
expect_grep "stage: '4' is not 1, 2 or 3" $T/err
expect_status 2 $XPROJ wordalign $T/s1 -o $T/o.y --adapt-sweeps 3
expect_grep '\-\-adapt-sweeps needs --model or --state' $T/err
[ -e $T/st.n ] && { echo "FAIL: a state written"; fails=$((fails + 1)); }
finish
