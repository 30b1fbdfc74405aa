# The zh_words rule of xproj project --chars (project/zhwords.h, --no-np
# zh_words switches it off): a Chinese span never cuts a jieba word.  The
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

# a directory named that holds no jieba data is an error, not a silent skip
expect_status 1 proj bad --zh-words $T/nowhere
expect_grep 'nowhere/dict.txt' $T/err
expect_eq "$(ls $T/bad.* 2>/dev/null)" "" "no output written"
# with the rule off the data is not read
expect_status 0 proj off2 --zh-words $T/nowhere --no-np zh_words
finish
