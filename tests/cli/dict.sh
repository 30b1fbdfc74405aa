# wordalign --dict and pipeline --dict: a dictd dictionary (io/dictd.h; the
# small ones written for the tests in tests/fixtures/dictd/), or one in
# CEDICT's format (tests/fixtures/cedict/small.u8), as the aligner's
# lexical prior.  The pairs whose words the bitext holds are given to the
# lexical model: the links are those of --train-lex with those very pairs;
# how many is said; a dictionary that is missing or malformed is refused
# with its file and line, nothing written; the pipeline says it in its
# summary and records the dictionary with the run.
. tests/cli/lib
D=$FIX/dictd
printf 'the cat looks for the big cat ||| le chat cherche le gros chat\nthe big dog ||| le gros chien\nan ice cream ||| une glace\n' >$T/p.pairs
W="--iters 4 --samplers 2 --seed 3 --no-names"

expect_status 0 $XPROJ wordalign $T/p.pairs $W --dict $D/small -o $T/d.pharaoh
expect_grep "^xproj wordalign: 3 pairs of the dictionary $D/small for the lexical model (--dict; 10 more have a word the bitext lacks)$" $T/err
# the same links as the pairs the rule keeps given as --train-lex; and
# not those of a run without them
printf 'cat ||| chat\nbig ||| gros\nice cream ||| glace\n' >$T/want.lex
expect_status 0 $XPROJ wordalign $T/p.pairs $W --train-lex $T/want.lex -o $T/lex.pharaoh
expect_eq "$(sum <$T/d.pharaoh)" "$(sum <$T/lex.pharaoh)" "--dict: the links of --train-lex with its pairs"
# a --train file's words count as the bitext's; compressed, named by its index
printf 'look for it ||| le chercher\n' >$T/more.pairs
expect_status 0 $XPROJ wordalign $T/p.pairs $W --train $T/more.pairs --dict $D/dz.index -o $T/d2.pharaoh
expect_grep "^xproj wordalign: 4 pairs of the dictionary $D/dz.index .*(--dict; 9 more" $T/err

# refused: a dictionary missing or malformed, PAIRS on stdin; -o kept
was=$(sum $T/d.pharaoh)
expect_status 1 $XPROJ wordalign $T/p.pairs $W --dict $D/missing -o $T/d.pharaoh
expect_grep "missing: no such file, nor $D/missing.index beside it" $T/err
# a directory: said as one (it was read as dictd's NAME: "dir.index: cannot open")
mkdir $T/dir.u8
expect_status 1 $XPROJ wordalign $T/p.pairs $W --dict $T/dir.u8 -o $T/d.pharaoh
expect_grep "dir.u8: a directory, not a dictionary" $T/err
# one missing where Debian installs them: the line that installs it
expect_status 1 $XPROJ wordalign $T/p.pairs $W --dict /usr/share/dictd/freedict-xpx-none -o $T/d.pharaoh
expect_grep "freedict-xpx-none.index: no such dictionary: install it with .apt-get install dict-freedict-xpx-none." $T/err
printf 'cat\tA\tJ\ndog\tA\n' >$T/bad.index
cp $D/small.dict $T/bad.dict
expect_status 1 $XPROJ wordalign $T/p.pairs $W --dict $T/bad -o $T/d.pharaoh
expect_grep "bad.index:2: not an index line" $T/err
printf 'cat\tA\tzzz\n' >$T/bad.index
expect_status 1 $XPROJ wordalign $T/p.pairs $W --dict $T/bad.dict -o $T/d.pharaoh
expect_grep "bad.index:1: the entry .* ends past the dictionary's 479 bytes" $T/err
expect_eq "$(sum $T/d.pharaoh)" "$was" "a refused --dict: -o kept"
expect_status 2 $XPROJ wordalign - $W --dict $D/small -o $T/s.pharaoh <$T/p.pairs
expect_grep "PAIRS cannot be stdin" $T/err
expect_status 2 $XPROJ wordalign --merge-models $T/m.model $T/a.model --dict $D/small
refused_same "-o over the dictionary" $T/bad.index $XPROJ wordalign $T/p.pairs $W --dict $T/bad.index -o $T/bad.index
# the files NAME names, whichever of its names --dict is given (-o NAME.index
# with --dict NAME wrote over the index: the check saw only "NAME")
cp $D/small.index $T/ok.index
cp $D/small.dict $T/ok.dict
refused_same "-o over the dictionary's index" $T/ok.index $XPROJ wordalign $T/p.pairs $W --dict $T/ok -o $T/ok.index
cp $D/small.index $T/ok.index
refused_same "-o over the dictionary's text" $T/ok.dict $XPROJ wordalign $T/p.pairs $W --dict $T/ok.index -o $T/ok.dict

# CEDICT's format, one file: found from the path (no NAME.index beside it)
# or named; English glosses against the Simplified headword
C=$FIX/cedict/small.u8
printf 'the cat eats ||| 猫 吃\nI want to look for a big book ||| 我 要 找 大 书\n' >$T/zh.pairs
expect_status 0 $XPROJ wordalign $T/zh.pairs $W --dict $C -o $T/c.pharaoh
expect_grep "^xproj wordalign: 4 pairs of the dictionary $C for the lexical model (--dict; 11 more have a word the bitext lacks)$" $T/err
printf 'cat ||| 猫\nbig ||| 大\nto look for ||| 找\nbook ||| 书\n' >$T/zh.lex
expect_status 0 $XPROJ wordalign $T/zh.pairs $W --train-lex $T/zh.lex -o $T/clex.pharaoh
expect_eq "$(sum <$T/c.pharaoh)" "$(sum <$T/clex.pharaoh)" "--dict CEDICT: the links of --train-lex with its pairs"
expect_status 0 $XPROJ wordalign $T/zh.pairs $W -o $T/cnone.pharaoh
cmp -s $T/c.pharaoh $T/cnone.pharaoh && { echo "FAIL: the CEDICT dictionary changed no link"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign $T/zh.pairs $W --dict $C --dict-format cedict -o $T/c2.pharaoh
expect_eq "$(sum <$T/c2.pharaoh)" "$(sum <$T/c.pharaoh)" "--dict-format cedict: as found"
# gzip, as every reader takes it
gzip -c $C >$T/small.u8.gz
expect_status 0 $XPROJ wordalign $T/zh.pairs $W --dict $T/small.u8.gz -o $T/c3.pharaoh
expect_eq "$(sum <$T/c3.pharaoh)" "$(sum <$T/c.pharaoh)" "--dict CEDICT.gz"
# a CEDICT file's format says its headwords are Chinese, the target's: its
# name fits an English-Chinese run in either order (cedict-zh-en, then
# cedict-en-zh, were refused as the pair the other way round); a name of
# another pair is refused
cp $C $T/cedict-zh-en
expect_status 0 $XPROJ wordalign $T/zh.pairs $W --src-lang en --tgt-lang zh --dict $T/cedict-zh-en -o $T/c4.pharaoh
expect_eq "$(sum <$T/c4.pharaoh)" "$(sum <$T/c.pharaoh)" "--dict cedict-zh-en for en-zh"
cp $C $T/en-zh
expect_status 0 $XPROJ wordalign $T/zh.pairs $W --src-lang en --tgt-lang zh --dict $T/en-zh -o $T/c5.pharaoh
expect_eq "$(sum <$T/c5.pharaoh)" "$(sum <$T/c.pharaoh)" "--dict en-zh (CEDICT's) for en-zh"
cp $C $T/cedict-zh-de
expect_status 1 $XPROJ wordalign $T/zh.pairs $W --src-lang en --tgt-lang zh --dict $T/cedict-zh-de -o $T/c6.pharaoh
expect_grep "a dictionary of another language pair" $T/err
# refused: a broken line (its file and line), a file missing, the other
# format named, a format that is none; -o kept
was=$(sum $T/c.pharaoh)
printf '# mine\n猫 猫 [mao1] /cat/\n吃 吃 [chi1 /to eat/\n' >$T/bad.u8
expect_status 1 $XPROJ wordalign $T/zh.pairs $W --dict $T/bad.u8 -o $T/c.pharaoh
expect_grep "bad.u8:3: not a CEDICT line" $T/err
printf '猫 猫 [mao1] /cat/\n\377 \377 [x] /y/\n' >$T/bad.u8
expect_status 1 $XPROJ wordalign $T/zh.pairs $W --dict $T/bad.u8 -o $T/c.pharaoh
expect_grep "bad.u8:2: not UTF-8 text" $T/err
expect_status 1 $XPROJ wordalign $T/zh.pairs $W --dict $T/none.u8 --dict-format cedict -o $T/c.pharaoh
expect_grep "none.u8" $T/err
expect_status 1 $XPROJ wordalign $T/zh.pairs $W --dict $C --dict-format dictd -o $T/c.pharaoh
expect_grep "small.u8.index" $T/err
expect_status 1 $XPROJ wordalign $T/zh.pairs $W --dict $D/small.index --dict-format cedict -o $T/c.pharaoh
expect_grep "small.index:1: not a CEDICT line" $T/err
expect_eq "$(sum $T/c.pharaoh)" "$was" "a refused CEDICT --dict: -o kept"
expect_status 2 $XPROJ wordalign $T/zh.pairs $W --dict $C --dict-format tsv -o $T/c.pharaoh
expect_grep "dict-format is auto, dictd or cedict" $T/err
expect_status 2 $XPROJ wordalign $T/zh.pairs $W --dict-format cedict -o $T/c.pharaoh
expect_grep "dict-format needs --dict" $T/err
cp $C $T/mine.u8
refused_same "-o over the CEDICT dictionary" $T/mine.u8 $XPROJ wordalign $T/zh.pairs $W --dict $T/mine.u8 -o $T/mine.u8
# a dictionary with no pair at all (an empty file, comments only, a dictd
# index of its description alone): refused, not a run without it said as
# "0 pairs ... 0 more" (adversarial round 10)
: >$T/empty.u8
printf '# CC-CEDICT\n#! version=1\n\n' >$T/comments.u8
grep '^00' $D/small.index >$T/desc.index; cp $D/small.dict $T/desc.dict
kept=$(sum $T/c.pharaoh)
for d in empty.u8 comments.u8 desc; do
	expect_status 1 $XPROJ wordalign $T/zh.pairs $W --dict $T/$d -o $T/c.pharaoh
	expect_grep "$d: no pair in this dictionary" $T/err
done
expect_eq "$(sum $T/c.pharaoh)" "$kept" "an empty --dict: -o kept"

# the pipeline: said in the summary, recorded with the run, the links changed
P=$T/p
expect_status 0 $XPROJ pipeline --config tools/sample/fa.conf --quiet -o $T/without
expect_status 0 $XPROJ pipeline --config tools/sample/fa.conf --dict $D/fa --quiet -o $P
expect_grep "^  learned      4 pairs of the dictionary $D/fa (--dict; 4 more have a word the bitext lacks)$" $P/summary.txt
cmp -s $T/without/alignments.pharaoh $P/alignments.pharaoh &&
	{ echo "FAIL: the dictionary changed no link"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db runs --json $P/corrections.db
expect_grep "\"dict\":\"$D/fa\"" $T/out
grep -q 'learned' $T/without/summary.txt && { echo "FAIL: learned without --dict"; fails=$((fails + 1)); }
expect_status 2 $XPROJ pipeline --config tools/sample/fa.conf --dict $D/fa --alignments tools/sample/fa.pharaoh -o $T/pa
expect_grep "\-\-dict is for the built-in aligner" $T/err
expect_status 1 $XPROJ pipeline --config tools/sample/fa.conf --dict $D/missing --quiet -o $T/pm
expect_grep "missing: no such file, nor $D/missing.index beside it" $T/err
[ -e $T/pm/projected.conll ] && { echo "FAIL: a refused pipeline wrote its outputs"; fails=$((fails + 1)); }
expect_status 1 $XPROJ pipeline --config tools/sample/fa.conf --dict $T/empty.u8 --quiet -o $T/pe
expect_grep "empty.u8: no pair in this dictionary" $T/err
[ -e $T/pe ] && { echo "FAIL: a pipeline refused for an empty --dict left its directory"; fails=$((fails + 1)); }

# a dictionary whose name says another language pair (FreeDict's
# freedict-eng-deu for French, freedict-fra-eng the other way round) is
# refused where the languages are given (adversarial round 9: eng-deu gave
# an English-French bitext 129 pairs of other words, an English-Chinese
# pipeline none, exit 0 both)
cp $D/small.index $T/freedict-eng-deu.index
cp $D/small.dict $T/freedict-eng-deu.dict
was=$(sum $T/d.pharaoh)
expect_status 1 $XPROJ wordalign $T/p.pairs $W --src-lang en --tgt-lang fr --dict $T/freedict-eng-deu -o $T/d.pharaoh
expect_grep "freedict-eng-deu: a dictionary of eng-deu (its name says), the pairs are en-fr: a dictionary of another language pair" $T/err
expect_eq "$(sum $T/d.pharaoh)" "$was" "a dictionary of another pair: -o kept"
cp $D/small.index $T/freedict-fra-eng.index
cp $D/small.dict $T/freedict-fra-eng.dict
expect_status 1 $XPROJ wordalign $T/p.pairs $W --src-lang en --tgt-lang fr --dict $T/freedict-fra-eng.index -o $T/d.pharaoh
expect_grep "the pair the other way round" $T/err
# its own pair, by either code (fra, fr): taken
cp $D/small.index $T/freedict-eng-fra.index
cp $D/small.dict $T/freedict-eng-fra.dict
expect_status 0 $XPROJ wordalign $T/p.pairs $W --src-lang en --tgt-lang fr --dict $T/freedict-eng-fra -o $T/d3.pharaoh
expect_grep "3 pairs of the dictionary" $T/err
expect_status 1 $XPROJ pipeline --config tools/sample/zh.conf --dict $T/freedict-eng-fra --quiet -o $T/pz
expect_grep "the pairs are en-zh: a dictionary of another language pair" $T/err
[ -e $T/pz ] && { echo "FAIL: a refused pipeline left its directory"; fails=$((fails + 1)); }
# an index cut short inside its last line (its length field cut: a shorter
# entry read unsaid) is refused at that line
head -c $(($(wc -c <$D/small.index) - 1)) $D/small.index >$T/cut.index
cp $D/small.dict $T/cut.dict
expect_status 1 $XPROJ wordalign $T/p.pairs $W --dict $T/cut -o $T/d.pharaoh
expect_grep "cut.index:$(wc -l <$D/small.index): the index's last line has no line end: a file cut short?" $T/err
# one whose name says nothing, whose pairs none meet the bitext: said
printf 'le chat ||| the cat\n' >$T/rev.pairs
expect_status 0 $XPROJ wordalign $T/rev.pairs $W --dict $D/small -o $T/r.pharaoh
expect_grep "none of the dictionary's pairs has its words in the bitext: it did nothing" $T/err
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --dict $D/small --quiet -o $T/pz0
expect_grep "^  learned      0 pairs .*: it did nothing (a dictionary of another language pair?)$" $T/pz0/summary.txt
finish
