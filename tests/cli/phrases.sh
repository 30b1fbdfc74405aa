# A show's phrases (docs/rules.md, "A phrase the show says again"):
# `wordalign --phrases F` learns the target phrases of English word runs from
# every pair it trains on; `project --phrases F` reads them for the rule
# 'phrases' (off by default), which puts a noun phrase on its dominant
# phrase.  A malformed phrases file is refused with its line.
. tests/cli/lib
for v in saw:看见 liked:喜欢 left:离开 found:找到 painted:画 cleaned:打扫; do
	for k in 0 1 2 3 4 5 6 7 8 9; do
		printf 'we %s the coffee house ||| 我们 %s 咖啡 馆\n' ${v%%:*} ${v#*:}
		printf 'they %s the coffee house today ||| 他们 今天 %s 咖啡 馆\n' ${v%%:*} ${v#*:}
	done
done > $T/train.pairs
printf 'I saw the coffee house ||| 我 看见 咖啡 馆\n' > $T/p.pairs
expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/train.pairs --threads 1 --seed 3 --lowercase --no-names \
	-o $T/a.pharaoh --phrases $T/a.phrases
expect_grep "$(printf '^the coffee house\t咖啡 馆\t')" $T/a.phrases
grep -q '^saw the coffee house we' $T/a.phrases && { echo "FAIL: a run of five words"; fails=$((fails + 1)); }
# the links are the same with and without it
expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/train.pairs --threads 1 --seed 3 --lowercase --no-names \
	-o $T/b.pharaoh
cmp -s $T/a.pharaoh $T/b.pharaoh || { echo "FAIL: --phrases changed the links"; fails=$((fails + 1)); }

# project: "the coffee house" linked to 咖啡 alone; the show says 咖啡 馆
printf '#begin document (c); part 000\nc\t0\t0\tI\t-\nc\t0\t1\tlike\t-\nc\t0\t2\tthe\t(1\nc\t0\t3\tcoffee\t-\nc\t0\t4\thouse\t1)\nc\t0\t5\t.\t-\n#end document\n' > $T/en.conll
printf '{"doc":"c","part":0,"utt":0,"speaker":"","src":["I","like","the","coffee","house","."],"tgt_lang":"zh","tgt_text":"我喜欢咖啡馆。","tgt":["我","喜欢","咖啡","馆","。"]}\n' > $T/zh.jsonl
printf '0-0 1-1 3-2 5-4\n' > $T/zh.pharaoh
printf '# xproj names 1\nthe coffee house\t咖啡 馆\t50.0\t0.900\t55\n' > $T/zh.phrases
proj() { # OUT options...
	out=$1; shift
	expect_status 0 $XPROJ project --source $T/en.conll --aligned $T/zh.jsonl --alignments $T/zh.pharaoh "$@" \
		-o $T/$out.conll --report $T/$out.json
}
proj off --phrases $T/zh.phrases
expect_grep "$(printf '^c\t0\t2\t咖啡\t.*(1)$')" $T/off.conll
proj on --rules +phrases --phrases $T/zh.phrases
expect_grep "$(printf '^c\t0\t2\t咖啡\t.*(1$')" $T/on.conll
expect_grep "$(printf '^c\t0\t3\t馆\t.*1)$')" $T/on.conll
expect_grep ', 1 phrases$' $T/err
expect_grep '"np_rules":{[^}]*"phrases":true[,}]' $T/on.json
# the rule without phrases: nothing
proj none --rules +phrases
cmp -s $T/off.conll $T/none.conll || { echo "FAIL: the rule changed a span without phrases"; fails=$((fails + 1)); }
# a phrase the show says less often than not is no evidence
printf 'the coffee house\t咖啡 馆\t50.0\t0.200\t250\n' > $T/weak.phrases
proj weak --rules +phrases --phrases $T/weak.phrases
cmp -s $T/off.conll $T/weak.conll || { echo "FAIL: a phrase that is not dominant was taken"; fails=$((fails + 1)); }

# a malformed phrases file: refused with its line, nothing written
printf 'the coffee house\t咖啡 馆\tmany\t1.0\t5\n' > $T/bad.phrases
expect_status 1 $XPROJ project --source $T/en.conll --aligned $T/zh.jsonl --alignments $T/zh.pharaoh \
	--rules +phrases --phrases $T/bad.phrases -o $T/bad.conll
expect_grep "bad.phrases:1" $T/err
[ -e $T/bad.conll ] && { echo "FAIL: a projection written with a malformed phrases file"; fails=$((fails + 1)); }
finish
