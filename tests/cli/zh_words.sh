# The zh_words rule of xproj project --chars (lang/zhwords.h, --no-np
# zh_words switches it off): a Chinese span never cuts a jieba word; and
# zh_weak_lead, zh_particle and zh_head, which work on the same words.  The
# model is the hand-made one of tests/fixtures/zhseg (格拉 and 巴酒 are words
# there, as in jieba's dictionary), so the test does not need python3-jieba.
. tests/cli/lib
cat > $T/en.conll <<END
#begin document (d); part 000
d	0	0	Paolo	(1
d	0	1	's	-
d	0	2	grappa	1)
d	0	3	.	-
#end document
END
# ICU's words: 格拉巴 | 酒; grappa is linked to 格拉巴 only
cat > $T/aligned.jsonl <<END
{"doc":"d","part":0,"utt":0,"speaker":"","src":["Paolo","'s","grappa","."],"tgt_lang":"zh","tgt_text":"保罗的格拉巴酒。","tgt":["保罗","的","格拉巴","酒","。"],"score":0.9}
END
printf '0-0 1-1 2-2 3-4\n' > $T/a.pharaoh
proj() { # OUT options...
	out=$1; shift
	$XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $T/a.pharaoh --chars "$@" \
		-o $T/$out.conll --report $T/$out.json
}
expect_status 0 proj on --segmenter-data $FIX/zhseg
expect_grep "$(printf '^d\t0\t0\t保\t.*(1$')" $T/on.conll
expect_grep "$(printf '^d\t0\t6\t酒\t.*1)$')" $T/on.conll
expect_grep ' 1 zh_words\b' $T/err
expect_grep '"np_rules":{[^}]*"zh_words":true' $T/on.json

expect_status 0 proj old --zh-words $FIX/zhseg   # its name of earlier releases, this release
expect_status 0 cmp $T/on.conll $T/old.conll
expect_status 0 proj off --zh-words $FIX/zhseg --no-np zh_words
expect_grep "$(printf '^d\t0\t5\t巴\t.*1)$')" $T/off.conll
expect_grep ' 0 zh_words\b' $T/err

# fixture N "TARGET TOKENS" "LINKS" WORD:COREF...: $T/enN.conll (document d,
# one English sentence of WORDs), $T/alignedN.jsonl (its target written as
# the tokens' concatenation) and $T/aN.pharaoh (LINKS)
fixture() {
	n=$1 tgt=$2 links=$3 i=0 src= sep=; shift 3
	{ echo '#begin document (d); part 000'
	  for x in "$@"; do printf 'd\t0\t%s\t%s\t%s\n' $i "${x%%:*}" "${x#*:}"; i=$((i + 1)); done
	  echo '#end document'; } > $T/en$n.conll
	for x in "$@"; do src="$src$sep\"${x%%:*}\""; sep=,; done
	toks=$(printf '%s\n' $tgt | sed 's/.*/"&"/' | paste -sd, -)
	printf '{"doc":"d","part":0,"utt":0,"speaker":"","src":[%s],"tgt_lang":"zh","tgt_text":"%s","tgt":[%s],"score":0.9}\n' \
		"$src" "$(printf '%s' $tgt)" "$toks" > $T/aligned$n.jsonl
	printf '%s\n' "$links" > $T/a$n.pharaoh
}
# zh_weak_lead: "When their pets pass on" -> 在宠物过世后 with "their" on 在
# at 0.27 and "pets" on 宠物 at 0.99 (MMC's s01e13c05f, as the aligner linked
# it): the preposition leaves the noun phrase; off, the span is 在宠物
fixture 2 '在 宠物 过世 后 。' '0-0 1-0 2-1 3-2 5-4' 'When:-' 'their:(1' 'pets:1)' 'pass:-' 'on:-' '.:-'
printf '0.32 0.27 0.99 0.81 0.9\n' > $T/a2.probs
# row I WORD COREF: the pattern of token I's row (sentence 0 of d)
row() { printf '^d\t0\t%s\t%s\t.*%s$' "$1" "$2" "$3"; }
# onoff N RULE: fixture N projected with RULE (OUT RULE) and without (noRULE),
# the summary counting one change, then none
onoff() {
	expect_status 0 projn $1 $2
	expect_grep " 1 $2\b" $T/err
	expect_status 0 projn $1 no$2 --no-np $2
	expect_grep " 0 $2\b" $T/err
}
projn() { # N OUT options...: the fixture en$N.conll, aligned$N.jsonl, a$N.pharaoh (and a$N.probs)
	n=$1 out=$2; shift 2
	probs=; [ -f $T/a$n.probs ] && probs="--probs $T/a$n.probs"
	$XPROJ project --source $T/en$n.conll --aligned $T/aligned$n.jsonl --alignments $T/a$n.pharaoh $probs \
		--chars --zh-words $FIX/zhseg "$@" -o $T/$out.conll --report $T/$out.json
}
onoff 2 zh_weak_lead
expect_grep "$(row 0 在 -)" $T/zh_weak_lead.conll
expect_grep "$(row 1 宠 '(1')" $T/zh_weak_lead.conll
expect_grep "$(row 2 物 '1)')" $T/zh_weak_lead.conll
expect_grep '"np_rules":{[^}]*"zh_weak_lead":true' $T/zh_weak_lead.json
expect_grep "$(row 0 在 '(1')" $T/nozh_weak_lead.conll
# a strong link on 在 (0.6): it is the mention's, and stays
printf '0.32 0.6 0.99 0.81 0.9\n' > $T/a2.probs
expect_status 0 projn 2 strong
expect_grep "$(printf '^d\t0\t0\t在\t.*(1$')" $T/strong.conll

# zh_particle: "I need a break" -> 我得逃了 with "break" on 得 (the aligner's
# choice beside the verb that says it): a particle is no noun phrase, the
# span is dropped (and the report keeps what it took away); off, it stays
fixture 3 '我 得 逃 了 。' '0-0 1-2 3-1 4-4' 'I:(2)' 'need:-' 'a:(1' 'break:1)' '.:-'
onoff 3 zh_particle
expect_grep "$(row 1 得 -)" $T/zh_particle.conll
expect_grep "$(row 0 我 '(2)')" $T/zh_particle.conll
expect_grep '"dropped":\[0,1,2\],"fate":"filtered"' $T/zh_particle.json
expect_grep "$(row 1 得 '(1)')" $T/nozh_particle.conll

# zh_head after a determiner: "I have another lover" -> 我有另一件情人 with
# "lover" unlinked: 另 "another" lacks its classifier and head, both join
fixture 4 '我 有 另 一件 情人 。' '0-0 1-1 2-2 4-5' 'I:-' 'have:-' 'another:(1' 'lover:1)' '.:-'
onoff 4 zh_head
expect_grep "$(row 2 另 '(1')" $T/zh_head.conll
expect_grep "$(row 6 人 '1)')" $T/zh_head.conll
expect_grep "$(row 2 另 '(1)')" $T/nozh_head.conll

# a directory named that holds no jieba data is an error, not a silent skip
expect_status 1 proj bad --zh-words $T/nowhere
expect_grep 'nowhere/dict.txt' $T/err
expect_eq "$(ls $T/bad.* 2>/dev/null)" "" "no output written"
# with the rule off the data is not read
expect_status 0 proj off2 --zh-words $T/nowhere --no-np zh_words
finish
