# The zh_words rule of xproj project --chars (project/zhwords.h, --no-np
# zh_words switches it off): a Chinese span never cuts a jieba word; and
# zh_weak_lead, which works on the same words.  The
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
expect_status 0 proj on --zh-words $FIX/zhseg
expect_grep "$(printf '^d\t0\t0\t保\t.*(1$')" $T/on.conll
expect_grep "$(printf '^d\t0\t6\t酒\t.*1)$')" $T/on.conll
expect_grep ' 1 zh_words\b' $T/err
expect_grep '"np_rules":{[^}]*"zh_words":true' $T/on.json

expect_status 0 proj off --zh-words $FIX/zhseg --no-np zh_words
expect_grep "$(printf '^d\t0\t5\t巴\t.*1)$')" $T/off.conll
expect_grep ' 0 zh_words\b' $T/err

# zh_weak_lead: "When their pets pass on" -> 在宠物过世后 with "their" on 在
# at 0.27 and "pets" on 宠物 at 0.99 (MMC's s01e13c05f, as the aligner linked
# it): the preposition leaves the noun phrase; off, the span is 在宠物
cat > $T/en2.conll <<END
#begin document (d); part 000
d	0	0	When	-
d	0	1	their	(1
d	0	2	pets	1)
d	0	3	pass	-
d	0	4	on	-
d	0	5	.	-
#end document
END
cat > $T/aligned2.jsonl <<END
{"doc":"d","part":0,"utt":0,"speaker":"","src":["When","their","pets","pass","on","."],"tgt_lang":"zh","tgt_text":"在宠物过世后。","tgt":["在","宠物","过世","后","。"],"score":0.9}
END
printf '0-0 1-0 2-1 3-2 5-4\n' > $T/a2.pharaoh
printf '0.32 0.27 0.99 0.81 0.9\n' > $T/a2.probs
proj2() { # OUT options...
	out=$1; shift
	$XPROJ project --source $T/en2.conll --aligned $T/aligned2.jsonl --alignments $T/a2.pharaoh --probs $T/a2.probs \
		--chars --zh-words $FIX/zhseg "$@" -o $T/$out.conll --report $T/$out.json
}
expect_status 0 proj2 lead
expect_grep "$(printf '^d\t0\t0\t在\t.*-$')" $T/lead.conll
expect_grep "$(printf '^d\t0\t1\t宠\t.*(1$')" $T/lead.conll
expect_grep "$(printf '^d\t0\t2\t物\t.*1)$')" $T/lead.conll
expect_grep ' 1 zh_weak_lead\b' $T/err
expect_grep '"np_rules":{[^}]*"zh_weak_lead":true' $T/lead.json
expect_status 0 proj2 nolead --no-np zh_weak_lead
expect_grep "$(printf '^d\t0\t0\t在\t.*(1$')" $T/nolead.conll
expect_grep ' 0 zh_weak_lead\b' $T/err
# a strong link on 在 (0.6): it is the mention's, and stays
printf '0.32 0.6 0.99 0.81 0.9\n' > $T/a2.probs
expect_status 0 proj2 strong
expect_grep "$(printf '^d\t0\t0\t在\t.*(1$')" $T/strong.conll

# a directory named that holds no jieba data is an error, not a silent skip
expect_status 1 proj bad --zh-words $T/nowhere
expect_grep 'nowhere/dict.txt' $T/err
expect_eq "$(ls $T/bad.* 2>/dev/null)" "" "no output written"
# with the rule off the data is not read
expect_status 0 proj off2 --zh-words $T/nowhere --no-np zh_words
finish
