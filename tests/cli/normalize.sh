# wordalign and pipeline normalise words for the aligner only: English
# clitics joined as subtitles write them ("It’s", "don't") meet the split
# forms of the training pairs ("it 's", "do n't"), a lone ZWNJ token gets no
# link, and every index is the input's.  Nothing written changes.
. tests/cli/lib
A=$FIX/walign

# training pairs, word for word, in the CoNLL's split forms
awk 'BEGIN { split("it '"'"'s good we do n'"'"'t know go home they", e, " ");
	split("ta tb te th tc td ti tf tg tj", f, " "); x = 777
	for (s = 0; s < 300; s++) {
		x = (x * 1103515245 + 12345) % 2147483648; n = 2 + int(x / 65536) % 5; l = ""; r = ""
		for (i = 0; i < n; i++) {
			x = (x * 1103515245 + 12345) % 2147483648; w = 1 + int(x / 65536) % 10
			l = l (i ? " " : "") e[w]; r = r " " f[w]
		}
		print l " |||" r
	} }' > $T/train.txt

expect_status 0 $XPROJ wordalign $A/norm.pairs --train $T/train.txt --iters 30 --tgt-lang fa -o $T/n.pharaoh --probs $T/n.probs
expect_status 0 $XPROJ check-align --bitext $A/norm.pairs --probs $T/n.probs $T/n.pharaoh
expect_eq "$(sed -n 1p $T/n.pharaoh)" "0-0 0-1 1-2" "It’s: both its words link from token 0"
expect_eq "$(sed -n 2p $T/n.pharaoh)" "0-0 1-1 1-2 2-3" "don't: both its words link from token 1"
expect_eq "$(sed -n 3p $T/n.pharaoh)" "0-0 1-2" "the lone ZWNJ (token 1) has no link, tg keeps index 2"
expect_eq "$(sed -n 4p $T/n.pharaoh)" "0-0 1-0" "a ZWNJ inside a token: both its words are token 0"
$XPROJ wordalign $A/norm.pairs --train $T/train.txt --iters 30 --tgt-lang fa -o $T/n.pharaoh 2>$T/err
expect_grep '^xproj wordalign: source normalised as en (found from its Latin script): .* tokens changed, 2 split, 0 dropped' $T/err
expect_grep '^xproj wordalign: target normalised as fa: .* 1 split, 1 dropped' $T/err

# a side's language from its script when not given: these few English
# lines have too few function words to tell
expect_status 0 $XPROJ wordalign $A/norm.pairs -o $T/d.pharaoh --iters 4
expect_grep 'source normalised for any language (Latin script names none)' $T/err

# switched off, all or in parts
expect_status 0 $XPROJ wordalign $A/norm.pairs --train $T/train.txt --iters 30 --no-normalize -o $T/off.pharaoh
expect_grep 'source words as given (--no-normalize)' $T/err
expect_status 0 $XPROJ check-align --bitext $A/norm.pairs $T/off.pharaoh
expect_status 0 $XPROJ wordalign $A/norm.pairs --iters 4 --src-lang en --no-normalize=clitics,zwnj -o $T/part.pharaoh
expect_grep 'source normalised as en: .* 0 split' $T/err
expect_status 2 $XPROJ wordalign $A/norm.pairs --no-normalize=clitic -o $T/x.pharaoh
expect_grep "'clitic' is no part" $T/err
# a language's own parts by their names, and by those of earlier releases
# (this release): the same alignments
expect_status 0 $XPROJ wordalign $A/norm.pairs --iters 4 --tgt-lang fa --no-normalize=letters,punct,affixes -o $T/new.pharaoh
expect_status 0 $XPROJ wordalign $A/norm.pairs --iters 4 --tgt-lang fa --no-normalize=persian,zh-punct,fa-morph -o $T/old.pharaoh
expect_status 0 cmp $T/new.pharaoh $T/old.pharaoh

# the pipeline: the same outputs but the alignments with or without it
S=tools/sample
expect_status 0 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --no-db -o $T/p1 --quiet
expect_status 0 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --no-db --no-normalize \
	-o $T/p0 --quiet
for f in aligned.jsonl pairs.txt pairs.map; do
	cmp -s $T/p1/$f $T/p0/$f || { echo "FAIL: $f changed with the normalisation"; fails=$((fails + 1)); }
done
for p in p0 p1; do awk 'NF > 5 { print $4 }' $T/$p/projected.conll > $T/$p.words; done
cmp -s $T/p1.words $T/p0.words || { echo "FAIL: projected.conll's tokens changed with the normalisation"; fails=$((fails + 1)); }
grep -q "。" $T/p1/pairs.txt || { echo "FAIL: the ideographic full stops (. to the aligner) are gone from pairs.txt"; fails=$((fails + 1)); }
finish
