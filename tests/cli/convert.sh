# xproj convert: both directions, round trip, stdin/stdout, gzip, no half-written output.
. tests/cli/lib

expect_status 0 $XPROJ convert $FIX/conll/mmc_traps.conll $T/a.jsonlines
expect_status 0 $XPROJ convert $T/a.jsonlines $T/b.conll
expect_status 0 $XPROJ convert $T/b.conll $T/c.jsonlines
cmp -s $T/a.jsonlines $T/c.jsonlines || { echo "FAIL: jsonlines round trip differs"; fails=$((fails + 1)); }
expect_grep '^#begin document (s09e03c09t); part 009$' $T/b.conll
expect_grep "$(printf '^s09e03c09t\t9\t0\tHi\tna\tna\tna\tna\tna\tPenny ’s Dad\tna\tna\tna\t(0)$')" $T/b.conll

# '-' is stdin/stdout; --to picks the format
expect_status 0 sh -c "$XPROJ convert --to jsonlines - - < $FIX/conll/minimal_tabs.conll > $T/s.jsonl"
expect_grep '"doc_key":"LuoTestCase_0"' $T/s.jsonl

# .gz written and read transparently
expect_status 0 $XPROJ convert $FIX/jsonl/subtok.512.jsonlines $T/z.conll.gz
gzip -t $T/z.conll.gz || { echo "FAIL: not gzip"; fails=$((fails + 1)); }
expect_status 0 $XPROJ stats --json $T/z.conll.gz
expect_grep '"tokens":6,"mentions":3' $T/out

# a failing conversion leaves the old output untouched and no temporary file
echo keep > $T/old.jsonlines
expect_status 1 $XPROJ convert $FIX/conll/unclosed.conll $T/old.jsonlines
expect_eq "$(cat $T/old.jsonlines)" keep "output after a failed convert"
expect_eq "$(ls $T | grep -c tmp)" 0 "temporary files left"
expect_status 0 $XPROJ convert --repair $FIX/conll/unclosed.conll $T/old.jsonlines
expect_grep 'warning' $T/err
# a speaker list fewer than the sentences: refused (the last sentences' speakers were "-", exit 0)
expect_status 1 $XPROJ convert $FIX/jsonl/speakers-short.jsonlines $T/spk.conll
expect_grep 'speakers-short.jsonlines:1: "speakers" has 1 lists, "sentences" 2 (one a sentence)' $T/err
# "mention_ids" that name a mention twice (the same id given twice, 2^32
# wrapped to 0, -1 to 2^32-1, one missing, its index put in): refused.
# Before, read; a pipeline over it put one mention's projection and
# corrections on another, or refused at its store's import naming its own
# temporary report, after creating the store
ok='{"doc_key":"e_0","sentences":[["I","know","."],["You","do","?"]],"clusters":[[[0,0],[3,3]],[[1,1]]],"mention_ids":[[0,2],[1]]}'
printf '%s\n' "$ok" > $T/ids.jsonlines
expect_status 0 $XPROJ convert $T/ids.jsonlines $T/ids.conll
for bad in '[[0,0],[1]]' '[[4294967296,2],[1]]' '[[-1,2],[1]]' '[[0,2]]' '"0 1 2"'; do
	printf '%s\n' "$ok" | sed "s/\"mention_ids\":.*}/\"mention_ids\":$bad}/" > $T/ids.jsonlines
	expect_status 1 $XPROJ convert $T/ids.jsonlines $T/ids.conll
	expect_grep 'ids.jsonlines:1: .*"mention_ids"' $T/err
done
# two mentions of one cluster that cross (0-1 and 1-2; 0-2 and 1-3): CoNLL
# and CorefUD brackets cannot say them (a closing bracket is paired with
# its cluster's latest open one): refused, nothing written.  Before, written,
# exit 0, read back as 0-2 and 1-1 (0-3 and 1-2); jsonlines keeps them
for sp in '[[0,1],[1,2]]' '[[0,2],[1,3]]'; do
	echo '{"doc_key":"x_0","sentences":[["a","b","c","d","e"]],"clusters":['"$sp"']}' > $T/cross.jsonlines
	for f in conll conllu; do
		expect_status 1 $XPROJ convert $T/cross.jsonlines $T/cross.$f
		expect_grep "cross.$f: document x part 0 sentence 0: mentions 0-[12] and 1-[23] of cluster 0 cross" $T/err
		[ -e $T/cross.$f ] && { echo "FAIL: crossing mentions written to .$f"; fails=$((fails + 1)); rm -f $T/cross.$f; }
	done
	expect_status 0 $XPROJ convert $T/cross.jsonlines $T/cross2.jsonlines
	expect_grep "\"clusters\":\[$(echo "$sp" | sed 's/\[/\\[/g; s/\]/\\]/g')\]" $T/cross2.jsonlines
done
# nested and disjoint mentions of one cluster, and crossing ones of two: written
echo '{"doc_key":"x_0","sentences":[["a","b","c","d","e"]],"clusters":[[[0,3],[1,2],[4,4]],[[2,4]]]}' > $T/nest.jsonlines
expect_status 0 $XPROJ convert $T/nest.jsonlines $T/nest.conll
expect_status 0 $XPROJ convert $T/nest.conll $T/nest2.jsonlines
expect_grep '"clusters":\[\[\[0,3\],\[1,2\],\[4,4\]\],\[\[2,4\]\]\]' $T/nest2.jsonlines
# adversarial round 9: tokens CoNLL and CorefUD cannot hold as they are (a
# tab or line break in a jsonlines token; an empty one) were changed unsaid
printf '{"doc_key":"d","sentences":[["A","","a\\tb","a\\nb","x"]],"speakers":[["s","s","s","s","s"]],"clusters":[[[0,0],[4,4]]]}\n' >$T/odd.jsonlines
expect_status 0 $XPROJ convert $T/odd.jsonlines $T/odd.conll
expect_grep "odd.conll: 2 tokens held a tab or line break, written as '_'" $T/err
expect_grep "odd.conll: 1 token is empty, written as an empty column" $T/err
expect_status 0 $XPROJ convert $T/odd.jsonlines $T/odd.conllu
expect_grep "odd.conllu: 1 token is empty, written '_' (CoNLL-U has no empty form)" $T/err
# hostile but valid text goes through every format unchanged: joiners,
# direction marks, combining marks, noncharacters, blanks of every kind
printf '#begin document (u); part 000\n' >$T/uni.conll
i=0
for w in Hi $(printf '\342\200\215 \342\200\217 e\314\201 \357\277\277 \364\217\277\277 \302\240 \343\200\200 \342\200\250 a\357\273\277b \342\200\256 \360\237\221\251\342\200\215\360\237\221\247') end; do
	printf 'u\t0\t%d\t%s\tna\tna\tna\tna\tna\ts\tna\tna\tna\t%s\n' $i "$w" "$([ $i = 0 ] || [ $i = 3 ] && echo '(0)' || echo -)" >>$T/uni.conll
	i=$((i + 1))
done
printf '\n#end document\n' >>$T/uni.conll
expect_status 0 $XPROJ convert $T/uni.conll $T/uni.jsonlines
expect_status 0 $XPROJ convert $T/uni.jsonlines $T/uni.conllu
expect_status 0 $XPROJ convert $T/uni.conllu $T/uni2.conll
expect_status 0 $XPROJ convert $T/uni2.conll $T/uni2.jsonlines
expect_eq "$(sum <$T/uni2.jsonlines)" "$(sum <$T/uni.jsonlines)" "hostile Unicode through conll, jsonlines, conllu and back"
expect_eq "$(cut -f4 $T/uni2.conll | sum)" "$(cut -f4 $T/uni.conll | sum)" "the tokens byte for byte"
finish
