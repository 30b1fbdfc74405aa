# The sixteenth adversarial round (docs/nothing-lost.md): each check here
# failed on the code before it.
. tests/cli/lib
S=tools/sample
P=$FIX/project

# 2. --keep-empty with a CoNLL-U OUT (project, db export): CoNLL-U names
# a document on its first sentence, so a document without one had no
# place: left out, exit 0, and the "not written" count is not said under
# --keep-empty.  Refused before anything is read or written.
{ cat $P/en.conll; sed 's/(d); part 000/(e); part 000/; s/^d\t/e\t/' $P/en.conll; } >$T/en2.conll
expect_status 2 $XPROJ project --source $T/en2.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/k.conllu --keep-empty
expect_grep "keep-empty: '.*k.conllu' is CoNLL-U, which cannot hold a document without a sentence" $T/err
[ ! -e $T/k.conllu ] || { echo "FAIL: a refused project wrote its output"; fails=$((fails + 1)); }
expect_status 0 $XPROJ project --source $T/en2.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/k.conll --keep-empty
expect_eq "$(grep -c '^#begin document' $T/k.conll)" 2 "project --keep-empty to CoNLL: both documents"
expect_status 2 $XPROJ db export $T/nostore.db -o $T/k.conllu --keep-empty
expect_grep "keep-empty: '.*k.conllu' is CoNLL-U" $T/err
[ ! -e $T/k.conllu ] && [ ! -e $T/nostore.db ] || { echo "FAIL: a refused db export wrote something"; fails=$((fails + 1)); }

# 3. convert to CoNLL-U of a document without a sentence (an empty
# #begin/#end, a jsonlines line of no sentences): left out, exit 0, not a
# word.  Still left out (there is no way to write it), and said: how many,
# the first by name; streamed (a file) and whole (stdout) alike.
{ cat $P/en.conll; printf '#begin document (e); part 000\n#end document\n'; } >$T/e.conll
expect_status 0 $XPROJ convert $T/e.conll $T/e.conllu
expect_grep "e.conllu: 1 document without a sentence left out (CoNLL-U cannot hold one), the first 'e'" $T/err
expect_eq "$(grep -c '^# newdoc' $T/e.conllu)" 1 "convert: the document with sentences written"
expect_status 0 $XPROJ convert $T/e.conll - --to conllu
expect_grep "1 document without a sentence left out" $T/err
expect_status 0 $XPROJ convert $T/e.conll $T/e.jsonl
expect_eq "$(grep -c . $T/e.jsonl)" 2 "convert to jsonlines: both documents"
expect_eq "$(cat $T/err)" "" "convert to jsonlines: nothing to say"
expect_status 0 $XPROJ convert $T/e.jsonl $T/e2.conllu
expect_grep "1 document without a sentence left out" $T/err

finish
