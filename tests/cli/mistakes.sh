# A newcomer's five commonest mistakes each get a message that names the
# cause and says what to do, exit non-zero and write nothing (docs/commands.md,
# "Common mistakes").  Each message was checked against the old one: the old
# messages said "no readable cue", "a code of lang/", "token line outside
# '#begin document'", "byte N is not utf-8" (or nothing, exit 0, mojibake)
# and "No such file or directory".
. tests/cli/lib
S=tools/sample
pl() { $XPROJ pipeline --source $S/dialogue.conll --no-db "$@"; }

# 1. the files the other way round: Chinese subtitles as the English ones
expect_status 1 pl --subs $S/zh.srt --tgt-subs $S/en.srt --tgt-lang de -o $T/p1
expect_grep "zh.srt: none of the transcript's utterances aligned to these subtitles, which are in Han script (zh), not English: --subs takes the English subtitles, --tgt-subs the target's" $T/err
[ -e $T/p1/projected.conll ] && { echo "FAIL: swapped subtitles wrote an output"; fails=$((fails + 1)); }
# ... and a refused run leaves no directory it made, parents included (it left new/zh)
expect_status 1 pl --subs $S/zh.srt --tgt-subs $S/en.srt --tgt-lang de -o $T/new/zh/run/
[ -e $T/new ] && { echo "FAIL: a refused run left $(find $T/new | head -3)"; fails=$((fails + 1)); }
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $S/zh.srt --tgt-subs $S/en.srt --tgt-lang de -o $T/a.jsonl
expect_grep "zh.srt: none of the transcript's utterances aligned to these subtitles, which are in Han script" $T/err
# ... but English subtitles that simply miss the transcript's lines keep the old message
sed 's/[A-Za-z]/x/g' $S/en.srt > $T/xx.srt
expect_status 1 pl --subs $T/xx.srt --tgt-subs $S/zh.srt -o $T/p1b
expect_grep "xx.srt: none of the 40 utterances aligned to a subtitle" $T/err

# 2. a Latin-script target without --tgt-lang: the file, and the codes to type
expect_status 1 pl --subs $S/en.srt --tgt-subs $FIX/pack_es/es.srt -o $T/p2
expect_grep "es.srt: the target text is in Latin script, which names no language: say which with --tgt-lang CODE (ISO 639-1; de, fr, pt, es have rule packs, any other code gets the language-independent rules" $T/err
# a script no pack writes: any code will do
printf '1\n00:00:04,000 --> 00:00:06,400\nЛео, ты принёс торт?\n\n2\n00:00:06,500 --> 00:00:08,900\nЯ оставил его в машине.\n\n3\n00:00:09,000 --> 00:00:11,400\nТы оставил наш торт в машине?\n' > $T/ru.srt
expect_status 1 pl --subs $S/en.srt --tgt-subs $T/ru.srt -o $T/p2b
expect_grep "ru.srt: the target text is in Cyrillic script, which names no language: say which with --tgt-lang CODE (ISO 639-1; no rule pack is written in Cyrillic, so any code gets the language-independent rules" $T/err

# 3. a CorefUD file named .conll: said, with the two ways out
$XPROJ convert $S/dialogue.conll $T/d.conllu 2>/dev/null
cp $T/d.conllu $T/d.conll
for c in stats validate; do
	expect_status 1 $XPROJ $c $T/d.conll
	expect_grep "d.conll:1: this is CorefUD (CoNLL-U, it begins '# newdoc'), not CoNLL-2012 as its name says: name it .conllu (xproj convert --from conllu $T/d.conll OUT.conll" $T/err
done
expect_status 1 $XPROJ pipeline --source $T/d.conll --subs $S/en.srt --tgt-subs $S/zh.srt --no-db -o $T/p3
expect_grep "this is CorefUD (CoNLL-U" $T/err
# the way out the message gives works, and a format named is read as told
expect_status 0 $XPROJ convert --from conllu $T/d.conll $T/back.conll
expect_status 0 $XPROJ stats $T/d.conllu
$XPROJ convert $T/d.conllu $T/d2.conll 2>/dev/null
cmp -s $T/back.conll $T/d2.conll || { echo "FAIL: convert --from conllu of the renamed file differs"; fails=$((fails + 1)); }

# 4. a subtitle in another charset than the one given
iconv -f UTF-8 -t WINDOWS-1251 $T/ru.srt > $T/ru.1251.srt
#    a cp1251 file told UTF-8: what it reads as
expect_status 1 pl --subs $S/en.srt --tgt-subs $T/ru.1251.srt --tgt-lang ru --tgt-encoding utf-8 -o $T/p4
expect_grep "ru.1251.srt:3: byte [0-9]* is not utf-8 (the charset given); the file reads as windows-1251: leave the charset out to have it detected" $T/err
#    a UTF-8 file told cp1251: went through as mojibake, exit 0
expect_status 1 pl --subs $S/en.srt --tgt-subs $T/ru.srt --tgt-lang ru --tgt-encoding cp1251 -o $T/p4b
expect_grep "ru.srt: the file is UTF-8 (its 3 lines with non-ASCII characters all are), not cp1251 as told: leave the charset out to have it detected" $T/err
[ -e $T/p4b ] && [ -n "$(ls $T/p4b)" ] && { echo "FAIL: a refused charset wrote outputs"; fails=$((fails + 1)); }
#    left out, it is detected
expect_status 0 pl --subs $S/en.srt --tgt-subs $T/ru.1251.srt --tgt-lang ru --allow-empty -o $T/p4c
expect_grep "ru.1251.srt: windows-1251 (detected" $T/err

# 5. an output in a directory that is not there: which, and how to make it
expect_status 1 $XPROJ convert $S/dialogue.conll $T/nodir/sub/x.conllu
expect_grep "nodir/sub/x.conllu: cannot create: its directory $T/nodir/sub does not exist (make it first: mkdir -p $T/nodir/sub)" $T/err
[ -e $T/nodir ] && { echo "FAIL: a missing directory was made"; fails=$((fails + 1)); }
#    the store commands too: db merge named its temporary copy (OUT.merge-PID)
expect_status 1 $XPROJ db init $T/nodir/x.db
expect_grep "x.db: cannot create: its directory $T/nodir does not exist" $T/err
expect_status 0 $XPROJ db init $T/s.db
expect_status 1 $XPROJ db merge $T/nodir/m.db $T/s.db
expect_grep "^xproj db merge: $T/nodir/m.db: cannot create: its directory $T/nodir does not exist" $T/err
[ -e $T/nodir ] && { echo "FAIL: a missing directory was made"; fails=$((fails + 1)); }
: > $T/afile
expect_status 1 $XPROJ convert $S/dialogue.conll $T/afile/x.conll
expect_grep "afile/x.conll: cannot create: $T/afile is, or lies under, a file, not a directory" $T/err
finish
