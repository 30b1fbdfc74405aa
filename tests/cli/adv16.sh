# The sixteenth adversarial round (docs/history/nothing-lost-rounds.md,
# "Sixteenth round"): each check here failed on the code before it.
. tests/cli/lib
S=tools/sample
P=$FIX/project

# 1. A --config file's value with a comment after it, or quoted: taken
# literally ('fa  # Farsi', '"fa"'), it named no language pack and the
# run went on with the generic rules, exit 0.  A file in UTF-16 was read
# byte by byte (keys of NUL bytes).  Each refused at its line, nothing
# made; a '#' inside a word is data.
sed 's/^tgt-lang = fa$/tgt-lang = fa  # Farsi/' $S/fa.conf >$T/c1.conf
expect_status 1 $XPROJ pipeline --config $T/c1.conf -o $T/c1 --quiet
expect_grep "c1.conf:8: '# Farsi' after 'tgt-lang = fa': a comment is a line of its own" $T/err
sed 's/^tgt-lang = fa$/tgt-lang = "fa"/' $S/fa.conf >$T/c2.conf
expect_status 1 $XPROJ pipeline --config $T/c2.conf -o $T/c2 --quiet
expect_grep "c2.conf:8: '\"fa\"': keys and values are not quoted in a config file .*write 'tgt-lang = fa'" $T/err
python3 -c 'import sys; open(sys.argv[2], "wb").write(open(sys.argv[1], encoding="utf-8").read().encode("utf-16"))' \
	$S/fa.conf $T/c3.conf
expect_status 1 $XPROJ pipeline --config $T/c3.conf -o $T/c3 --quiet
expect_grep "c3.conf:1: the file is UTF-16LE (its byte order mark): a config file is UTF-8 text" $T/err
python3 -c 'import sys; open(sys.argv[2], "wb").write(open(sys.argv[1], encoding="utf-8").read().encode("utf-16-be"))' \
	$S/fa.conf $T/c4.conf
expect_status 1 $XPROJ pipeline --config $T/c4.conf -o $T/c4 --quiet
expect_grep "c4.conf:1: a NUL byte: is the file UTF-16 or UTF-32?" $T/err
for d in c1 c2 c3 c4; do
	[ ! -e $T/$d ] || { echo "FAIL: a refused config made $d"; fails=$((fails + 1)); }
done
mkdir $T/h#1 && cp $S/zh.srt $T/h#1/zh.srt
sed "s|^tgt-subs = .*|tgt-subs = $T/h#1/zh.srt|" $S/zh.conf >$T/c5.conf
expect_status 0 $XPROJ pipeline --config $T/c5.conf -o $T/c5 --quiet
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/c6 --quiet
expect_eq "$(cksum <$T/c5/alignments.pharaoh)" "$(cksum <$T/c6/alignments.pharaoh)" "a '#' inside a path: the path"

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

# 4. ICU out of memory in the name prior (under `ulimit -v`, about 61 MB
# for this wordalign): Any-Latin does without a script's transliterator it
# could not make, and spell_as took a failed transliteration as "no
# spelling": other links, exit 0.  Now every allocation ICU is refused is
# counted (base/icu.h; XP_ICU_ALLOC_FAIL=N refuses from the Nth on) and
# fails the run.  Swept over ICU's allocations: each run gives the links
# of a run with memory, or exits non-zero with nothing written.  (ICU 72
# itself crashes at some of these points, in its registry: exit 139, or
# AddressSanitizer's SEGV under SAN; nothing written either.)
awk 'BEGIN { split("Chandler Monica Joey Ross Phoebe Rachel", e, " ")
	split("چندلر مونیکا جوی راس فیبی ریچل", f, " "); x = 7
	for (k = 0; k < 60; k++) { x = (x * 1103515245 + 12345) % 2147483648; i = 1 + int(x / 65536) % 6
		x = (x * 1103515245 + 12345) % 2147483648; j = 1 + int(x / 65536) % 6
		print e[i] " and " e[j] " ||| " f[i] " و " f[j] } }' >$T/names.pairs
expect_status 0 $XPROJ wordalign $T/names.pairs --tgt-lang fa --iters 2 -o $T/names.pharaoh
oom=0
n=0
while [ $n -le 12000 ]; do
	rm -f $T/icu.pharaoh
	XP_ICU_ALLOC_FAIL=$n $XPROJ wordalign $T/names.pairs --tgt-lang fa --iters 2 -o $T/icu.pharaoh >$T/out 2>$T/err
	st=$?
	if [ $st = 0 ]; then
		cmp -s $T/icu.pharaoh $T/names.pharaoh || { echo "FAIL: ICU refused from allocation $n on: other links, exit 0"; fails=$((fails + 1)); }
	else
		[ ! -e $T/icu.pharaoh ] || { echo "FAIL: ICU refused from allocation $n on: exit $st and an output"; fails=$((fails + 1)); }
		if grep -q 'out of memory' $T/err; then
			oom=$((oom + 1))
		elif [ $st != 139 ] && ! grep -q 'AddressSanitizer: SEGV' $T/err; then
			echo "FAIL: ICU refused from allocation $n on: exit $st:"; cat $T/err; fails=$((fails + 1))
		fi
	fi
	n=$((n + 250))
done
[ $oom -gt 0 ] || { echo "FAIL: no run of the sweep was refused as out of memory"; fails=$((fails + 1)); }

# 5. A language code that names no language (`--tgt-lang zn`, a typo of
# zh) ran on the language-independent rules, exit 0.  Refused (exit 2),
# with the nearest pack's code, on every option that takes one and in a
# config file (at its line); a real language without a pack still runs,
# with one note.
expect_status 2 $XPROJ wordalign $T/names.pairs --tgt-lang zn -o $T/zn.pharaoh
expect_grep "^xproj wordalign: --tgt-lang: unknown language code 'zn' (did you mean zh?)" $T/err
[ ! -e $T/zn.pharaoh ] || { echo "FAIL: a refused --tgt-lang wrote its output"; fails=$((fails + 1)); }
expect_status 2 $XPROJ wordalign $T/names.pairs --src-lang en_XX1 --tgt-lang fa -o $T/zn.pharaoh
expect_grep "src-lang: unknown language code 'en_XX1' (did you mean en?)" $T/err
expect_status 2 $XPROJ wordalign $T/names.pairs --tgt-lang xx -o $T/zn.pharaoh
expect_grep "unknown language code 'xx' (codes with a language pack: en zh fa" $T/err
sed 's/^tgt-lang = zh$/tgt-lang = zn/' $S/zh.conf >$T/zn.conf
expect_status 2 $XPROJ pipeline --config $T/zn.conf -o $T/zn --quiet
expect_grep "zn.conf:7: --tgt-lang: unknown language code 'zn' (did you mean zh?)" $T/err
[ ! -e $T/zn ] || { echo "FAIL: a refused pipeline made its directory"; fails=$((fails + 1)); }
expect_status 2 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zn -o $T/zn.jsonl
expect_grep "unknown language code 'zn' (did you mean zh?)" $T/err
expect_status 2 $XPROJ project --list-rules --lang fq
expect_grep "project: --lang: unknown language code 'fq' (did you mean fa?)" $T/err
expect_status 2 $XPROJ pair --source $S/dialogue.conll --target $S/dialogue.conll --lang und -o $T/zn.jsonl
expect_grep "unknown language code 'und'" $T/err
# three letters ICU does not list: maybe one of the ISO 639-3 codes it
# lacks (it names about 600 of 7,900), so it runs, with a note that says
# so and the pack it may have been meant for
expect_status 0 $XPROJ project --list-rules --lang zhh
expect_grep "^xproj project: note: --lang zhh is not a language ICU knows: taken as an ISO 639-3 code (check its spelling; did you mean zh?) with no language pack" $T/err
expect_status 0 $XPROJ project --list-rules --lang qaa
expect_grep "note: --lang qaa is not a language ICU knows: taken as an ISO 639-3 code (check its spelling) with no" $T/err
# a language without a pack: runs, one note (not one a stage)
expect_status 0 $XPROJ pipeline --config $S/zh.conf --tgt-lang yue -o $T/yue --quiet
expect_eq "$(cat $T/err)" "xproj pipeline: note: --tgt-lang yue (Cantonese) has no language pack: the language-independent rules and normalisation are used (docs/languages.md)" "a language without a pack: one note"
expect_status 0 $XPROJ project --list-rules --lang rum
expect_grep "note: --lang rum (Romanian) has no language pack" $T/err
# a pack's codes and tags: no note
expect_status 0 $XPROJ project --list-rules --lang zh_Hant
expect_eq "$(cat $T/err)" "" "a pack's tag: nothing to say"
# --loan-langs took any word: `--loan-langs "fa zn"` gave Chinese no
# loanword prior, exit 0.  Each of its codes is checked as --tgt-lang's,
# with the same message, nothing written; on the command line or in a
# config file
expect_status 2 $XPROJ wordalign $T/names.pairs --tgt-lang fa --loan-prior 30 --loan-langs "fa zn" -o $T/loan.pharaoh
expect_grep "^xproj wordalign: --loan-langs: unknown language code 'zn' (did you mean zh?)" $T/err
[ ! -e $T/loan.pharaoh ] || { echo "FAIL: a refused --loan-langs wrote its output"; fails=$((fails + 1)); }
expect_status 2 $XPROJ wordalign $T/names.pairs --tgt-lang fa --loan-langs xx -o $T/loan.pharaoh
expect_grep "loan-langs: unknown language code 'xx' (codes with a language pack: en zh fa" $T/err
expect_status 2 $XPROJ wordalign $T/names.pairs --tgt-lang fa --loan-langs " " -o $T/loan.pharaoh
expect_grep "^xproj wordalign: --loan-langs: no language code (codes by space, or 'all'" $T/err
{ cat $S/fa.conf; echo "loan-langs = zh fq"; } >$T/loan.conf
expect_status 2 $XPROJ pipeline --config $T/loan.conf -o $T/loan --quiet
expect_grep "loan.conf:[0-9]*: --loan-langs: unknown language code 'fq' (did you mean fa?)" $T/err
[ ! -e $T/loan ] || { echo "FAIL: a refused pipeline made its directory"; fails=$((fails + 1)); }
expect_status 2 $XPROJ pipeline --config $S/fa.conf --loan-langs und -o $T/loan --quiet
expect_grep "^xproj pipeline: --loan-langs: unknown language code 'und'" $T/err
# three letters ICU does not list: the note, without the rules' words (the
# list names the other side's languages, not the run's); a pack's tag or
# alias, a language without a pack, 'all': nothing to say
expect_status 0 $XPROJ wordalign $T/names.pairs --tgt-lang fa --iters 2 --loan-langs "zh zhh" -o $T/loan.pharaoh
expect_eq "$(grep -e note -e loan $T/err)" "xproj wordalign: note: --loan-langs zhh is not a language ICU knows: taken as an ISO 639-3 code (check its spelling; did you mean zh?)" "--loan-langs zhh: one note"
expect_status 0 $XPROJ wordalign $T/names.pairs --tgt-lang fa --iters 2 --loan-langs "  fa-IR  pes rum " -o $T/loan.pharaoh
expect_eq "$(grep -e note -e loan $T/err)" "" "--loan-langs of a pack's tag and alias, a language without a pack: nothing to say"
expect_status 0 $XPROJ wordalign $T/names.pairs --tgt-lang fa --iters 2 --loan-langs all -o $T/loan.pharaoh
expect_eq "$(grep -e note -e loan $T/err)" "" "--loan-langs all: nothing to say"

finish
