# The word aligner's memory does not grow with the passes its links are
# read off (align/wordalign.c, decoding; brief item 7): each sampler adds
# its passes in place to a block's one buffer of cells, in the order one
# thread adds them.  A buffer a (sampler, pass) held the cells times the
# passes times the samplers: here (3 pairs of 30 words, --iters 2000: 500
# passes, 16 samplers) 180 MB, which the 120 MB of address space below
# refuses, where the sums take a few kB.  The links and posteriors are the
# same bytes at any number of threads, with samplers queued behind one
# another (--samplers 5 at 1, 2 and 4 threads).
. tests/cli/lib
awk 'BEGIN { for (s = 0; s < 3; s++) { l = ""; r = ""
	for (i = 0; i < 30; i++) { l = l (i ? " " : "") "w" ((s * 7 + i * 3) % 23); r = r (i ? " " : "") "v" ((s * 7 + i * 3) % 23) }
	print l " ||| " r } }' > $T/long.pairs

# 120 MB of address space, unless the binary cannot start under it (ASan
# reserves terabytes for its shadow memory; valgrind too much as well)
MEM=120000
sh -c "ulimit -v $MEM; $XPROJ --version; exit \$?" >/dev/null 2>&1 || MEM=unlimited
expect_status 0 sh -c "ulimit -v $MEM; exec timeout $(limit 60) $XPROJ wordalign --seed 1 --threads 2 --iters 2000 \
	$T/long.pairs -o $T/m.pharaoh --probs $T/m.probs --no-names"
expect_eq "$(wc -l < $T/m.pharaoh)" 3 "a line per pair under $MEM kB"
# and its bytes those of one thread without the limit
expect_status 0 $XPROJ wordalign --seed 1 --threads 1 --iters 2000 $T/long.pairs -o $T/m1.pharaoh --probs $T/m1.probs --no-names
cmp -s $T/m.pharaoh $T/m1.pharaoh && cmp -s $T/m.probs $T/m1.probs || { echo "FAIL: 500 passes, 2 threads: not one thread's bytes"; fails=$((fails + 1)); }

# the same bytes at 1, 2 and 4 threads, samplers one behind another
cat $T/long.pairs $FIX/walign/pairs.txt > $T/more.pairs
for th in 1 2 4; do
	expect_status 0 $XPROJ wordalign --seed 4 --threads $th --samplers 5 --iters 40 $T/more.pairs -o $T/t$th.pharaoh --probs $T/t$th.probs \
		--all-links $T/t$th.all --all-probs $T/t$th.allp --no-names
done
for th in 2 4; do
	for x in pharaoh probs all allp; do
		cmp -s $T/t1.$x $T/t$th.$x || { echo "FAIL: --threads $th changed $x"; fails=$((fails + 1)); }
	done
done
finish
