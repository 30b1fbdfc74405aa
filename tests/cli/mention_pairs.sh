# xproj mention-pairs: the span pairs of a projected or corrected target corpus.
. tests/cli/lib
M=$FIX/mention_pairs

# Farsi in MMC's numbering (target clusters 0 1 2 are English 0 2 3: "the bag" was lost)
expect_status 0 $XPROJ mention-pairs --source $M/en.conll --target $M/fa.conll -o $T/fa.pairs
expect_grep 'target language fa, guessed from its script (Arabic' $T/err
expect_grep '2 documents, 6 of 7 utterances paired' $T/err
expect_grep 'target clusters: 6, 6 matched to an English cluster, 0 ambiguous, 0 unmatched' $T/err
expect_grep 'target mentions: 11, 9 span pairs written, 2 ambiguous (0 by their cluster), 0 skipped' $T/err
expect_eq "$(paste -sd'#' $T/fa.pairs)" \
	"Ross ||| راس#Monica ||| مونیکا#him ||| اونو#Joey ||| جویی#I ||| زدم#My brother ||| برادرم#bag ||| کیفم#You ||| تو#you ||| تو" \
	"Farsi span pairs (I/my vs من/میشناسم: ambiguous, not written)"
# the pairs are a bitext wordalign trains on
head -3 $T/fa.pairs > $T/fa.main
expect_status 0 $XPROJ wordalign --threads 1 --iters 2 $T/fa.main --train $T/fa.pairs -o $T/fa.pharaoh
expect_eq "$(wc -l < $T/fa.pharaoh | tr -d ' ')" 3 "alignment lines"

# Chinese characters: as they are, or as the ICU words of the sentence, cut at the span
expect_status 0 $XPROJ mention-pairs --source $M/en.conll --target $M/zh.conll --lang zh -o $T/zh.pairs
expect_grep '^My brother ||| 我 哥 哥$' $T/zh.pairs
expect_grep 'target mentions: 11, 11 span pairs written, 0 ambiguous' $T/err
[ -n "$(grep 'guessed' $T/err)" ] && { echo "FAIL: --lang given, yet guessed"; fails=$((fails + 1)); }
expect_status 0 $XPROJ mention-pairs --source $M/en.conll --target $M/zh.conll --lang zh --tokens words -o $T/zw.pairs
expect_grep '^My brother ||| 我 哥哥$' $T/zw.pairs
expect_grep '^Ross ||| 罗斯$' $T/zw.pairs

# a corrected export: xproj keeps the English labels, and the same command
# reads it; the correction (车 里 -> 车) is what the pairs say
# (the sample's spans at seed 1 without the name prior and with every one-way link: on 39
# pairs any change to the aligner's weights moves some of them)
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --no-name-prior --one-way 0 -o $T/demo
expect_status 0 $XPROJ db export $T/demo/corrections.db -o $T/silver.conll
expect_status 0 $XPROJ mention-pairs --source tools/sample/dialogue.conll --target $T/silver.conll -o $T/s.pairs
expect_eq "$(sed -n 2p $T/s.pairs)" "the car ||| 车 里" "the projection's span"
expect_status 0 $XPROJ db modify $T/demo/corrections.db --mention 's01e01c00x|5' --span 1:2:3 --annotator t
expect_status 0 $XPROJ db export $T/demo/corrections.db -o $T/corrected.conll
expect_status 0 $XPROJ mention-pairs --source tools/sample/dialogue.conll --target $T/corrected.conll -o $T/c.pairs
expect_grep 'target clusters: 31, 31 matched to an English cluster, 0 ambiguous, 0 unmatched' $T/err
expect_eq "$(sed -n 2p $T/c.pairs)" "the car ||| 车" "the corrected span"
expect_grep '^our ||| 我 们 的$' $T/c.pairs   # ("our cake" is doubt's: its confidence is 0.38)

# errors name the file and write nothing
sed 's/(b); part 000/(x); part 000/' $M/fa.conll > $T/other.conll
expect_status 1 $XPROJ mention-pairs --source $M/en.conll --target $T/other.conll -o $T/x.pairs
expect_grep 'other.conll:20: target document x part 0 is not in the source' $T/err
printf '#begin document (a); part 000\na 0 0 راس na na na na na Ross na na na (0\n#end document\n' > $T/open.conll
expect_status 1 $XPROJ mention-pairs --source $M/en.conll --target $T/open.conll -o $T/x.pairs
expect_grep 'open.conll:2' $T/err
[ -e $T/x.pairs ] && { echo "FAIL: output after an error"; fails=$((fails + 1)); }
# a target without coreference: nothing to write, and nothing is replaced
echo old > $T/old.pairs
sed 's/(\([0-9]\))*$/-/; s/([0-9]*$/-/; s/[0-9]*)$/-/' $M/fa.conll > $T/bare.conll
expect_status 1 $XPROJ mention-pairs --source $M/en.conll --target $T/bare.conll -o $T/old.pairs
expect_grep 'bare.conll: no span pair to write: of 0 target mentions, 0 ambiguous and 0 skipped' $T/err
expect_eq "$(cat $T/old.pairs)" old "the output is kept"
cp $M/fa.conll $T/fa.conll
expect_status 1 $XPROJ mention-pairs --source $M/en.conll --target $T/fa.conll -o $T/fa.conll
expect_eq "$(cmp -s $M/fa.conll $T/fa.conll && echo same)" same "the input is untouched"
expect_status 2 $XPROJ mention-pairs --source $M/en.conll --target $M/zh.conll --tokens chars -o $T/x.pairs
expect_grep "tokens: 'chars' is not one of file, words" $T/err
expect_status 2 $XPROJ mention-pairs --source $M/en.conll -o $T/x.pairs
expect_status 2 $XPROJ mention-pairs --source $M/en.conll --target $M/zh.conll -o $T/x.pairs extra
finish
