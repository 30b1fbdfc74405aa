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
finish
