# Error messages that quote data escape what a terminal would obey (ESC, CR,
# NUL, C1 and bidi controls) and cap what they quote (base/text.h xp_quote):
# a map line that clears the screen, or one of 100,000 bytes, makes a short
# message that still says what is wrong, with the file and line.
. tests/cli/lib
P=$FIX/project
esc=$(printf '\033')
# the map's first line is an escape sequence, then a carriage return
printf 'd\t0\t0\n\033[2Jgot\rcha\n' > $T/esc.map
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--map $T/esc.map -o $T/o.conll
expect_grep "esc.map:2: '\\\\x1b\[2Jgot\\\\x0dcha' is no utterance of the aligned corpus" $T/err
grep -q "$esc" $T/err && { echo "FAIL: a raw ESC on stderr"; fails=$((fails + 1)); }
[ -e $T/o.conll ] && { echo "FAIL: output after an error"; fails=$((fails + 1)); }

# a very long line: quoted in part, cut with "…", the reason kept
{ printf 'd\t0\t0\n'; head -c 100000 /dev/zero | tr '\0' 'x'; printf '\n'; } > $T/long.map
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--map $T/long.map -o $T/o.conll
expect_grep "long.map:2: 'xxxx*…' is no utterance of the aligned corpus$" $T/err
expect_eq "$(wc -c < $T/err | awk '$1 < 300 {print "short"}')" short "the message is short ($(wc -c < $T/err) bytes)"

# the same for a NUL and a right-to-left override in a CoNLL speaker, a warning
printf '#begin document (d); part 000\nd\t0\t0\tHi\tx\tx\tx\tx\tx\tA\tx\tx\tx\t-\nd\t0\t1\tyou\tx\tx\tx\tx\tx\tB\342\200\256\033]0;t\007\tx\tx\tx\t-\n\n#end document\n' > $T/s.conll
expect_status 0 $XPROJ validate $T/s.conll
expect_grep "speaker 'B\\\\u202e\\\\x1b\]0;t\\\\x07' differs" $T/err
grep -q "$esc" $T/err && { echo "FAIL: a raw ESC on stderr"; fails=$((fails + 1)); }
finish
