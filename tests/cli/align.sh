# xproj align and align-eval on the fixtures.
. tests/cli/lib

expect_status 0 $XPROJ align-eval --json --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt
expect_eq "$(cat $T/out)" '{"precision":1.0,"recall":1.0,"f1":1.0,"utterances":3,"covered":2,"blocks":4,"every_link":{"precision":1.0,"recall":1.0,"f1":1.0}}' "align-eval --json"
expect_status 0 $XPROJ align-eval --json --per-episode --adjudicate --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt
expect_grep '"adjudicated":{"disagreements":0,' $T/out
expect_grep '"episodes":{"[^"]*":{"precision":1.0,' $T/out

expect_status 0 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt -o $T/a.jsonl
expect_grep '3 utterances, 2 aligned' $T/err
expect_eq "$(sed -n 1p $T/a.jsonl | grep -o '"tgt_text":"[^"]*"')" '"tgt_text":"这没什么好说的 他不过是我的同事"' "target text of 1-1"
expect_eq "$(sed -n 1p $T/a.jsonl | grep -o '"en_subs":\[[^]]*\]')" '"en_subs":[1,2]' "English blocks of 1-1"
expect_eq "$(sed -n 3p $T/a.jsonl | grep -o '"tgt":\[[^]]*\]')" '"tgt":[]' "an unaligned utterance"
# the target's words: --unspaced-tokens, and --zh-tokens its name of earlier
# releases (this release), alike
expect_status 0 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt --unspaced-tokens word -o $T/w.jsonl
expect_status 0 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt --zh-tokens word -o $T/w2.jsonl
expect_status 0 cmp $T/w.jsonl $T/w2.jsonl
cmp -s $T/a.jsonl $T/w.jsonl && { echo "FAIL: --unspaced-tokens word changed nothing"; fails=$((fails + 1)); }
expect_status 2 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt --unspaced-tokens x -o $T/w3.jsonl

# a directory of transcripts against a directory of subtitles: paired by name
mkdir -p $T/tr $T/subs
cp $FIX/transcript/S01E01.xml $T/tr/; cp $FIX/transcript/S01E01.xml $T/tr/_S01E01.xml
cp $FIX/subs/bilingual.srt $T/subs/S01E01.srt
expect_status 0 $XPROJ align-eval --transcript $T/tr --subs $T/subs
expect_grep '_S01E01.xml has no subtitle file of its name: skipped' $T/err
expect_grep 'F1 1.0000  utterances 3' $T/out

# a CoNLL transcript grouped by episode, one episode without subtitles (its only
# one: nothing aligns, which is refused unless --allow-empty)
expect_status 0 $XPROJ align --transcript $FIX/conll/mmc_traps.conll --subs t=$T/subs --allow-empty -o $T/b.jsonl
expect_grep 'no subtitles for episode S09E03: its utterances get no target' $T/err
expect_eq "$(wc -l < $T/b.jsonl)" 2 "one record per CoNLL sentence"
expect_grep '"src":\["Hi",",","Penny","."\]' $T/b.jsonl

expect_status 1 $XPROJ align --transcript $FIX/transcript/broken.xml --subs $FIX/subs/bilingual.srt -o $T/c.jsonl
expect_grep 'broken.xml.*malformed XML' $T/err
[ -e $T/c.jsonl ] && { echo "FAIL: output written after an error"; fails=$((fails + 1)); }
finish
