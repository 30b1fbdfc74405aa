# xproj pair: a released target corpus put back on its English utterances.
. tests/cli/lib
P=$FIX/pair

# Chinese: the one-word "好 。" belongs to "Fine .", not to the long line of the same speaker
expect_status 0 $XPROJ pair --source $P/en.conll --target $P/zh.conll -o $T/zh.jsonl
expect_grep 'target language zh, guessed from its script (Han' $T/err
expect_grep '2 documents (1 without a target document), 6 utterances, 3 target sentences paired (50.0% of the utterances)' $T/err
expect_eq "$(grep -o '"utt":[0-9]*,.*"tgt_subs":\[[0-9]*\]' $T/zh.jsonl | sed 's/"utt":\([0-9]*\),.*"tgt_subs":\[\(.*\)\]/\1>\2/' | paste -sd' ')" \
	"0>0 1> 2> 3>1 4>2 0>" "utterance -> target sentence"
expect_grep '"tgt_lang":"zh","tgt_text":"嗨瑞秋。","tgt":\["嗨","瑞","秋","。"\]' $T/zh.jsonl
# --tokens words: the same text in ICU words; bitext and project take it as it is
expect_status 0 $XPROJ pair --source $P/en.conll --target $P/zh.conll --lang zh --tokens words -o $T/zw.jsonl
expect_grep '"tgt_text":"我很好,非常感谢你。","tgt":\["我","很好",",","非常","感谢","你","。"\]' $T/zw.jsonl
[ -n "$(grep 'guessed' $T/err)" ] && { echo "FAIL: --lang given, yet guessed"; fails=$((fails + 1)); }
expect_status 0 $XPROJ bitext $T/zw.jsonl -o $T/pairs --map $T/map
expect_grep '^I am very well , thank you very much . ||| 我 很好 , 非常 感谢 你 。$' $T/pairs

# Farsi: tokens kept, joined by spaces; the script says Farsi
expect_status 0 $XPROJ pair --source $P/en.conll --target $P/fa.conll -o $T/fa.jsonl
expect_grep 'target language fa, guessed from its script (Arabic' $T/err
expect_eq "$(grep -c '"tgt_subs":\[[0-9]' $T/fa.jsonl)" 4 "Farsi sentences paired"
expect_grep '"tgt_text":"من خیلی خوبم ، ممنون"' $T/fa.jsonl

# errors name the file; nothing is written
sed 's/(d); part 000/(x); part 000/' $P/zh.conll > $T/other.conll
expect_status 1 $XPROJ pair --source $P/en.conll --target $T/other.conll -o $T/x.jsonl
expect_grep 'other.conll:1: target document x part 0 is not in the source' $T/err
(cat $P/zh.conll; sed -n '/^#begin/,$p' $P/zh.conll | sed 's/(d)/(e)/; s/^d /e /') > $T/long.conll
expect_status 1 $XPROJ pair --source $P/en.conll --target $T/long.conll -o $T/x.jsonl
expect_grep 'target document e part 0 has 3 sentences, its English document 1 utterances' $T/err
[ -e $T/x.jsonl ] && { echo "FAIL: output after an error"; fails=$((fails + 1)); }
expect_status 2 $XPROJ pair --source $P/en.conll --target $P/zh.conll --tokens chars -o $T/x.jsonl
expect_grep "tokens: 'chars' is not one of file, words" $T/err
expect_status 2 $XPROJ pair --source $P/en.conll -o $T/x.jsonl
# align without --tgt-lang: a Farsi target is guessed from its script and never split into characters
S=tools/sample
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.xml --tgt-subs $S/fa.xml --links $S/en-fa.xml -o $T/al.jsonl
expect_grep 'no --tgt-lang: target language fa, guessed from the script (Arabic)' $T/err
expect_grep '"tgt_lang":"fa","tgt_text":"لئو ، کیک رو آوردی ؟","tgt":\["لئو","،","کیک","رو","آوردی","؟"\]' $T/al.jsonl
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt -o $T/al.jsonl
expect_grep 'target language zh, guessed from the script (Han)' $T/err
finish
