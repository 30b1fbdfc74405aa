# `project --chars` and `score --chars` agree on what a character is
# (model/charspan.h): a code point, with the blanks set aside, White_Space
# (a space inside a token) and the invisible format characters (a lone ZWNJ
# token, a BOM glued to a word, a right-to-left mark).  The target text below
# holds each of them; the key tokenises the same text otherwise.
. tests/cli/lib
ZWNJ=$(printf '\342\200\214') BOM=$(printf '\357\273\277') RLM=$(printf '\342\200\217')
cat > $T/en.conll <<END
#begin document (d); part 000
d	0	0	I	(1)
d	0	1	saw	-
d	0	2	the	(2
d	0	3	car	2)
d	0	4	.	-

d	0	0	It	(3)
d	0	1	was	-
d	0	2	good	-
d	0	3	.	-
#end document
END
cat > $T/aligned.jsonl <<END
{"doc":"d","part":0,"utt":0,"speaker":"","src":["I","saw","the","car","."],"tgt_lang":"zh","tgt_text":"我${ZWNJ}看 见了${BOM}那辆车。","tgt":["我","${ZWNJ}","看 见","了","${BOM}那辆","车","。"],"score":0.9}
{"doc":"d","part":0,"utt":1,"speaker":"","src":["It","was","good","."],"tgt_lang":"zh","tgt_text":"${RLM}好。","tgt":["${RLM}","好","。"],"score":0.9}
END
# I -> 我 and the lone ZWNJ; "It" -> the RLM alone, which covers no character
printf '0-0 0-1 1-2 2-4 3-4 3-5 4-6\n0-0 2-1 3-2\n' > $T/a.pharaoh
expect_status 0 $XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $T/a.pharaoh \
	--chars -o $T/c.conll --report $T/r.json
expect_eq "$(grep '^d' $T/c.conll | cut -f4 | tr -d '\n')" "我看见了那辆车。好。" "the characters written, no blank among them"
expect_grep '"filtered":1,' $T/r.json
expect_grep "$(printf '^d\t0\t0\t我\t.*(1)$')" $T/c.conll
expect_grep "$(printf '^d\t0\t4\t那\t.*(2$')" $T/c.conll

# the key: words, the ZWNJ glued to 我, the BOM a token of its own, an RLM
# inside a word; the same two sentences, the same mentions
cat > $T/key.conll <<END
#begin document (d); part 000
d	0	0	我${ZWNJ}	(1)
d	0	1	看见	-
d	0	2	了	-
d	0	3	${BOM}	-
d	0	4	那辆车	(2)
d	0	5	。	-

d	0	0	好${RLM}	-
d	0	1	。	-
#end document
END
expect_status 0 $XPROJ score --chars $T/key.conll $T/c.conll
expect_grep 'on characters: 2 sentence(s) paired by their text' $T/err
expect_grep '^mentions .* 100.00%$' $T/out
finish
