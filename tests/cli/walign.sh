# bitext, wordalign, symmetrize, aer, check-align on the fixtures.
. tests/cli/lib
A=$FIX/walign
# sched ARGS...: `wordalign ARGS --schedule` (its lines in $T/sched) as
# "samplers sweeps"; said: the same, as the run just made says it took
sched() {
	$XPROJ wordalign "$@" --schedule > $T/sched 2> $T/sched.err || { echo "FAIL: --schedule $*"; cat $T/sched.err; fails=$((fails + 1)); }
	echo "$(sed -n 's/^samplers: //p' $T/sched) $(sed -n 's/^sweeps: //p' $T/sched)"
}
said() { sed -n 's/.*: \([0-9]*\) samplers a direction.*, \([0-9]*\) sweeps each$/\1 \2/p' $T/err; }

expect_status 0 $XPROJ bitext $FIX/aligned/small.jsonl -o $T/pairs.txt --map $T/pairs.map
expect_eq "$(sed -n 2p $T/pairs.txt)" "The _ fire _ ||| 火 _ 灾" "bitext line 2"
expect_eq "$(sed -n 2p $T/pairs.map)" "$(printf 's09e03c09t\t9\t2')" "map line 2"
expect_grep '3 sentence pairs written (1 with an empty side left out)' $T/err

expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/out.pharaoh --probs $T/out.probs --seed 3
expect_eq "$(wc -l < $T/out.pharaoh)" 3 "one alignment line per pair"
# --timing: a line a phase, in order; the same links (the files are
# streamed either way, and a --forward/--reverse beside them changes nothing)
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/time.pharaoh --probs $T/time.probs --seed 3 --timing \
	--forward $T/time.fwd --reverse $T/time.rev
expect_eq "$(sed -n 's/^xproj wordalign: time: \([a-z]*\) .* s wall .* s CPU, peak .* MB$/\1/p' $T/err | tr '\n' ' ')" \
	"reading normalising priors sampling decoding links writing " "--timing: its phases"
cmp -s $T/time.pharaoh $T/out.pharaoh && cmp -s $T/time.probs $T/out.probs ||
	{ echo "FAIL: --timing or --forward changed the links"; fails=$((fails + 1)); }
expect_eq "$(wc -l < $T/time.fwd) $(wc -l < $T/time.rev)" "3 3" "--forward and --reverse: a line a pair"
# --schedule: the run's schedule, from the aligner's own rule, nothing
# trained nor written: a tiny corpus keeps 16 samplers and 1000 sweeps
expect_eq "$(sched $T/pairs.txt)" "$(said)" "--schedule of 3 pairs: the run's"
expect_eq "$(tr '\n' ' ' < $T/sched)" "pairs: 3 samplers: 16 stage1: 250 stage2: 250 stage3: 1000 passes: 250 sweeps: 1501 stop: exactly these sweeps " \
	"--schedule of 3 pairs"
expect_status 2 $XPROJ wordalign $T/pairs.txt --schedule -o $T/sched.pharaoh
expect_grep 'schedule takes PAIRS' $T/err
[ -e $T/sched.pharaoh ] && { echo "FAIL: --schedule wrote -o"; fails=$((fails + 1)); }
expect_status 2 $XPROJ wordalign $T/pairs.txt --schedule --state $T/sched.state
expect_status 2 $XPROJ wordalign $T/pairs.txt --schedule --adapt-sweeps 3
expect_status 1 $XPROJ wordalign $T/missing.txt --schedule
expect_grep 'missing.txt: cannot open' $T/err
: > $T/empty.txt
expect_status 1 $XPROJ wordalign $T/empty.txt --schedule
expect_status 0 $XPROJ check-align --bitext $T/pairs.txt --probs $T/out.probs $T/out.pharaoh
expect_grep ': 3 sentence pairs, .* links with probabilities: ok' $T/out
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/again.pharaoh --seed 3 --threads 2
cmp -s $T/out.pharaoh $T/again.pharaoh || { echo "FAIL: --threads changed the output"; fails=$((fails + 1)); }

# --train: more pairs for training only (any number, gzip or not); the
# output has one line per line of PAIRS.  Alone, one pair gets no links;
# trained with pairs where each word stands alone, it gets the crossed ones
# (against the jump model's preference for monotone links).
printf 'sun moon ||| luna sol\n' > $T/one.txt
for k in 1 2 3 4 5 6 7 8 9 10; do printf 'sun ||| sol\nmoon ||| luna\n'; done > $T/more.txt
gzip -c $T/more.txt > $T/more.gz
cat $A/pairs.txt > $T/other.txt
expect_status 0 $XPROJ wordalign $T/one.txt --train $T/more.gz --train $T/other.txt -o $T/tr.pharaoh \
	--probs $T/tr.probs --seed 3
expect_eq "$(cat $T/tr.pharaoh)" "0-1 1-0" "--train: crossed, one line for the one pair"
expect_status 0 $XPROJ check-align --bitext $T/one.txt --probs $T/tr.probs $T/tr.pharaoh
# --train-lex: pairs for the lexical model only teach the same words; they
# are not in the corpus size the sweeps come from (4 pairs: 1000 sweeps in the
# last stage, where with --train 60 pairs more make 64 and 625), and
# wordalign says how many it read
for k in 1 2 3; do cat $T/more.txt; done > $T/more60.txt
expect_status 0 $XPROJ wordalign $T/one.txt --train-lex $T/more60.txt --train $A/pairs.txt -o $T/lex.pharaoh \
	--seed 3 --samplers 3
expect_eq "$(cat $T/lex.pharaoh)" "0-1 1-0" "--train-lex: crossed"
expect_grep '3 samplers a direction (--samplers), 1501 sweeps each' $T/err
expect_grep '60 pairs for the lexical model only (--train-lex)' $T/err
expect_eq "$(sched $T/one.txt --train-lex $T/more60.txt --train $A/pairs.txt --samplers 3)" "$(said)" "--schedule with --train-lex"
expect_grep '^pairs: 4$' $T/sched
expect_status 0 $XPROJ wordalign $T/one.txt --train $T/more60.txt --train $A/pairs.txt -o $T/tr2.pharaoh \
	--seed 3 --samplers 3
expect_grep '3 samplers a direction (--samplers), 938 sweeps each' $T/err
expect_eq "$(sched $T/one.txt --train $T/more60.txt --train $A/pairs.txt --samplers 3)" "$(said)" "--schedule with --train"
# A small corpus whose full schedule is dear (16 samplers of it would make
# 50M token sweeps or more) stops its last stage at 100: 400 pairs of 12
# words a side get 1 + 62 + 62 + 100 sweeps (not 1 + 62 + 62 + 250, which
# --iters still gives); the tiny corpora above keep theirs
awk 'BEGIN { for (k = 0; k < 400; k++) { s = t = ""; for (i = 0; i < 12; i++) { s = s " w" (k + i * 7) % 50; t = t " v" (k + i * 7) % 50 }
	print substr(s, 2) " |||" t } }' > $T/small.txt
expect_status 0 $XPROJ wordalign $T/small.txt -o $T/small.pharaoh --samplers 1 --threads 1 --seed 3
expect_grep '1 samplers a direction (--samplers), 225 sweeps each' $T/err
expect_eq "$(sched $T/small.txt --samplers 1)" "$(said)" "--schedule of 400 pairs"
# (its links from 12 passes a sampler, and by default 12 samplers)
expect_eq "$(tr '\n' ' ' < $T/sched)" "pairs: 400 samplers: 1 stage1: 62 stage2: 62 stage3: 100 passes: 12 sweeps: 225 stop: at most these sweeps (stages 1 and 2 end when their links converge) " \
	"--schedule of 400 pairs"
expect_eq "$(sched $T/small.txt)" "12 225" "--schedule of 400 pairs: 12 samplers"
# ... the most: its lexical stages stop once their links converge (this
# regular corpus's do, after 16 sweeps or more), its last stage runs its
# 100, and the run says what each stage took and why it stopped
stages() { sed -n 's/.*sweeps a sampler made: 1 + \([0-9.]*\) + \([0-9.]*\) + \([0-9.]*\) of at most 1 + \([0-9 +]*\);.* in \([0-9]*\), \([0-9]*\) and \([0-9]*\) of \([0-9]*\) samplers.*/\1 \2 \3 \4 \5 \6 \7 \8/p' $T/err; }
set -- $(stages) x x
s1=$1 s2=$2; shift 2
expect_eq "$*" "100.0 62 + 62 + 100 2 2 0 2 x x" "400 pairs: the stages' most, the early stops"
expect_eq "$(awk -v a=$s1 -v b=$s2 'BEGIN { print (a >= 16 && a < 62 && b >= 16 && b < 62) }')" 1 \
	"400 pairs: the lexical stages converge early ($s1, $s2 of 62)"
# the same links at any threads: three samplers (a pair swept together,
# one alone), one thread and two
expect_status 0 $XPROJ wordalign $T/small.txt -o $T/small3.pharaoh --samplers 3 --threads 1 --seed 3
expect_status 0 $XPROJ wordalign $T/small.txt -o $T/small3t.pharaoh --samplers 3 --threads 2 --seed 3
cmp -s $T/small3.pharaoh $T/small3t.pharaoh || { echo "FAIL: converged stages: other links with two threads"; fails=$((fails + 1)); }
# --iters: exactly its sweeps, no early stop
expect_status 0 $XPROJ wordalign $T/small.txt -o $T/small.pharaoh --samplers 1 --threads 1 --seed 3 --iters 250
expect_grep '1 samplers a direction (--samplers), 375 sweeps each' $T/err
expect_grep 'sweeps a sampler made: 1 + 62.0 + 62.0 + 250.0 of at most 1 + 62 + 62 + 250; .* in 0, 0 and 0 of 2 samplers; the rest ran the plan.s length (--iters: no early stop)' $T/err
expect_eq "$(sched $T/small.txt --samplers 1 --iters 250)" "$(said)" "--schedule of 400 pairs, --iters"
expect_grep '^stop: exactly these sweeps$' $T/sched
# --iters 0 was taken as "from the corpus size" without a word: refused
expect_status 2 $XPROJ wordalign $T/small.txt -o $T/small0.pharaoh --iters 0
expect_grep "iters: '0' is out of range (allowed: 1 to 1000000)" $T/err
[ -e $T/small0.pharaoh ] && { echo "FAIL: --iters 0 wrote links"; fails=$((fails + 1)); }
rm -f $T/small.txt $T/small.pharaoh $T/small3.pharaoh $T/small3t.pharaoh
# A large corpus (more than 100k pairs) samples as few sweeps as 5000/sqrt(N)
# gives, down to 5, where a smaller one keeps at least 16: 160k one-word
# pairs get 3 + 3 + 13 (+ the start), 99k keep 4 + 4 + 16; both learn the pairs
for n in 160000 99000; do
	awk -v n=$n 'BEGIN { for (k = 0; k < n; k++) printf "w%d ||| v%d\n", k % 50, k % 50 }' > $T/large.txt
	expect_status 0 $XPROJ wordalign $T/large.txt -o $T/large.pharaoh --samplers 1 --threads 1
	expect_grep "1 samplers a direction (--samplers), $([ $n = 99000 ] && echo 25 || echo 20) sweeps each" $T/err
	expect_eq "$(sched $T/large.txt --samplers 1)" "$(said)" "--schedule of $n pairs"
	expect_eq "$(sed -n 's/^passes: //p' $T/sched)" "$([ $n = 99000 ] && echo 4 || echo 2)" "--schedule of $n pairs: passes"
	expect_eq "$(sort -u $T/large.pharaoh)" "0-0" "$n pairs: every word to its own"
done
rm -f $T/large.txt $T/large.pharaoh
# --settle: the last two stages stop once their links settle (fewer sweeps
# than the schedule's most, said on stderr); off by default, when every
# stage runs its length and wordalign says only how many links moved
expect_grep 'links moved by each stage.s last sweep: [0-9.]*%, [0-9.]*%, [0-9.]*%$' $T/err
expect_status 0 $XPROJ wordalign $T/one.txt --train $T/more60.txt --train $A/pairs.txt -o $T/st.pharaoh \
	--seed 3 --samplers 3 --settle 0.02
expect_grep '3 samplers a direction (--samplers), 938 sweeps each' $T/err
expect_grep 'settled after [0-9.]* sweeps on average (--settle 0.02)' $T/err
expect_status 2 $XPROJ wordalign $T/one.txt -o $T/st.pharaoh --settle 2
expect_grep 'settle' $T/err
expect_status 1 $XPROJ wordalign $T/one.txt --train-lex $T/missing.txt -o $T/tr.pharaoh
expect_grep 'missing.txt: cannot open' $T/err
printf 'a ||| b\nno separator here\n' > $T/bad.txt
expect_status 1 $XPROJ wordalign $A/pairs.txt --train $T/bad.txt -o $T/tr.pharaoh
expect_grep 'bad.txt:2: no . ||| . between source and target' $T/err
expect_status 1 $XPROJ wordalign $A/pairs.txt --train $T/missing.txt -o $T/tr.pharaoh
expect_grep 'missing.txt: cannot open' $T/err
printf 'a b ||| c\nx\000y ||| z\n' > $T/nul.txt
expect_status 1 $XPROJ wordalign $A/pairs.txt --train $T/nul.txt -o $T/tr.pharaoh
expect_grep 'nul.txt:2: line holds a NUL byte' $T/err
expect_status 2 $XPROJ wordalign $A/pairs.txt --threads 0 -o $T/tr.pharaoh
# --one-way: a posterior share from 0 to 1; 0 keeps every one-way link, and
# a threshold can only leave links out of the union of the two directions
expect_status 2 $XPROJ wordalign $A/pairs.txt --one-way 1.5 -o $T/tr.pharaoh
expect_grep "one-way" $T/err
expect_status 2 $XPROJ wordalign $A/pairs.txt --one-way x -o $T/tr.pharaoh
expect_status 0 $XPROJ wordalign $T/pairs.txt --one-way 1 --sym union -o $T/ow1.pharaoh --seed 3
expect_status 0 $XPROJ wordalign $T/pairs.txt --one-way 0 --sym union -o $T/ow0.pharaoh --seed 3
expect_eq "$(wc -l < $T/ow1.pharaoh)" 3 "--one-way: one alignment line per pair"
for k in 1 2 3; do
	for l in $(sed -n ${k}p $T/ow1.pharaoh); do
		sed -n ${k}p $T/ow0.pharaoh | tr ' ' '\n' | grep -qx "$l" ||
			{ echo "FAIL: --one-way 1 made link $l that the union lacks"; fails=$((fails + 1)); }
	done
done
# the name prior: off by default, on with a factor; --no-name-prior and 0 are off
expect_status 2 $XPROJ wordalign $A/pairs.txt --name-prior -1 -o $T/tr.pharaoh
expect_status 2 $XPROJ wordalign $A/pairs.txt --name-prior x -o $T/tr.pharaoh
expect_status 0 $XPROJ wordalign $T/pairs.txt --no-name-prior -o $T/off.pharaoh --seed 3
expect_status 0 $XPROJ wordalign $T/pairs.txt --name-prior 0 -o $T/zero.pharaoh --seed 3
cmp -s $T/off.pharaoh $T/zero.pharaoh || { echo "FAIL: --no-name-prior and --name-prior 0 differ"; fails=$((fails + 1)); }
cmp -s $T/off.pharaoh $T/out.pharaoh || { echo "FAIL: the name prior is not off by default"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/pairs.txt --name-prior 30 -o $T/on.pharaoh --seed 3
# the closed-class prior: on for English-Farsi and English-Chinese by
# default; --no-closed-prior and --closed-prior 0 are off
printf 'I saw you . ||| من تو را دیدم .\nyou saw me . ||| تو من را دیدی .\nI know . ||| می دانم .\n' > $T/fa.txt
expect_status 0 $XPROJ wordalign $T/fa.txt -o $T/fa.pharaoh --seed 3
expect_grep 'closed-class prior: 4 cells of pronouns linked 10 times likelier' $T/err
expect_status 0 $XPROJ wordalign $T/fa.txt --no-closed-prior -o $T/fa0.pharaoh --seed 3
grep -q 'closed-class prior' $T/err && { echo "FAIL: --no-closed-prior still boosts"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/fa.txt --closed-prior 0 -o $T/fa00.pharaoh --seed 3
cmp -s $T/fa0.pharaoh $T/fa00.pharaoh || { echo "FAIL: --no-closed-prior and --closed-prior 0 differ"; fails=$((fails + 1)); }
printf 'I saw you . ||| 我 看见 你 了 .\n' > $T/zh.txt
expect_status 0 $XPROJ wordalign $T/zh.txt -o $T/zh.pharaoh --seed 3
expect_grep 'closed-class prior: 2 cells of pronouns linked 10 times likelier' $T/err
expect_status 0 $XPROJ wordalign $T/zh.txt --closed-prior 5 -o $T/zh.pharaoh --seed 3
expect_grep 'closed-class prior: 2 cells of pronouns linked 5 times likelier' $T/err
expect_status 2 $XPROJ wordalign $T/zh.txt --closed-prior -1 -o $T/zh.pharaoh
# the loanword prior: off by default; with a factor on for English-Farsi (a
# rare word and its transliteration: card - کارت, salad - 沙拉), for other
# languages with --loan-langs; --no-loan-prior and --loan-prior 0 are off
printf 'I lost my card . ||| کارت م رو گم کردم .\nI lost my salad . ||| 我 的 沙拉 丢 了 .\n' > $T/loan.txt
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang fa -o $T/loan.pharaoh --seed 3
grep -q 'loanword prior' $T/err && { echo "FAIL: the loanword prior is on by default"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang fa --loan-prior 30 -o $T/loan.pharaoh --seed 3
expect_grep 'loanword prior: 2 cells of rare words' $T/err
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang fa --loan-prior 30 --no-loan-prior -o $T/loan0.pharaoh --seed 3
grep -q 'loanword prior' $T/err && { echo "FAIL: --no-loan-prior still boosts"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang fa --loan-prior 0 -o $T/loan00.pharaoh --seed 3
cmp -s $T/loan0.pharaoh $T/loan00.pharaoh || { echo "FAIL: --no-loan-prior and --loan-prior 0 differ"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang zh --loan-prior 30 -o $T/loan.pharaoh --seed 3
grep -q 'loanword prior' $T/err && { echo "FAIL: the loanword prior is on for Chinese without --loan-langs"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang zh --loan-prior 30 --loan-langs all -o $T/loan.pharaoh --seed 3
expect_grep 'loanword prior: 2 cells of rare words' $T/err
# a tag or alias of Farsi is Farsi: in the default list "fa", and in a
# list that names it so (before h-fix17 neither matched: no prior)
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang fa-IR --loan-prior 30 -o $T/loan.pharaoh --seed 3
expect_grep 'loanword prior: 2 cells of rare words' $T/err
expect_status 0 $XPROJ wordalign $T/loan.txt --tgt-lang fa --loan-prior 30 --loan-langs pes -o $T/loan.pharaoh --seed 3
expect_grep 'loanword prior: 2 cells of rare words' $T/err
expect_status 2 $XPROJ wordalign $T/loan.txt --loan-prior -1 -o $T/loan.pharaoh

expect_status 1 $XPROJ check-align --bitext $A/pairs.txt $A/range.pharaoh
expect_grep 'range.pharaoh:3: link 2-3 is outside the sentence pair (3 source, 3 target tokens)' $T/err
expect_status 1 $XPROJ check-align --bitext $A/pairs.txt --probs $A/count.probs $A/ok.pharaoh
expect_grep 'count.probs:2: 2 probabilities for 1 links' $T/err
expect_status 1 $XPROJ check-align --bitext $A/pairs.txt --words $A/bad.words $A/ok.pharaoh
expect_grep 'bad.words:2: link 0-0 joins .hello. and .bonjour. in the bitext, not .hello<sep>salut.' $T/err

printf '0-0 1-1 3-0\n' > $T/f; printf '0-0 1-1 2-3\n' > $T/r
expect_status 0 $XPROJ symmetrize --method grow-diag-final-and $T/f $T/r
expect_eq "$(cat $T/out)" "0-0 1-1 2-3" "gdfa"
printf '0-0 1-1 3-2\n' > $T/rt
expect_status 0 $XPROJ symmetrize --method intersect --reverse-is-target-source $T/f $T/rt
expect_eq "$(cat $T/out)" "0-0 1-1" "intersect with a j-i reverse"

printf '1-1 2-2 3p3\n' > $T/gold; printf '0-0 2-2 3-3\n' > $T/test
expect_status 0 $XPROJ aer --gold $T/gold --one-based-gold --json $T/test
expect_eq "$(cat $T/out)" '{"precision":0.666667,"recall":0.500000,"aer":0.400000,"sentences":1}' "aer --json"
expect_status 1 $XPROJ aer --gold $A/malformed.pharaoh $T/test
expect_grep 'malformed.pharaoh:2: malformed link' $T/err
finish
