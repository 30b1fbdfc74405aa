# Hostile inputs to the readers (issue 32; files from tests/hostile/gen.sh):
# each is refused quickly with file:line and a reason, or read right, never
# hangs, never takes memory in proportion to what it expands to.  Every
# command runs under a time limit and a memory limit, so that today's main
# fails here instead of hanging (it ran a billion-laughs file for 15 min).
. tests/cli/lib
S=tools/sample
A=$FIX/archive
H=$T/h
HOSTILE_QUICK=1 sh tests/hostile/gen.sh $H || { echo "FAIL: tests/hostile/gen.sh"; exit 1; }
ZIP=$(command -v zip >/dev/null 2>&1 && echo y)

# capped SECS CMD... : CMD under `timeout` and 1 GB of address space, the
# latter unless the binary cannot start under it (ASan reserves terabytes
# of address space for its shadow memory; valgrind too much as well)
MEM=1000000
sh -c "ulimit -v $MEM; $XPROJ --version; exit \$?" >/dev/null 2>&1 || MEM=unlimited
capped() {
	secs=$1; shift
	(ulimit -v $MEM 2>/dev/null; timeout $(limit $secs) "$@")
}
# refused WHAT PATTERN CMD... : CMD exits 1 within seconds, saying PATTERN
# (20 s: a gzip bomb is refused after 1.3 s of CPU, which took over 5 s of
# wall time with suites side by side on a loaded machine; a hang is minutes)
refused() {
	what=$1 pat=$2; shift 2
	capped 20 "$@" >$T/out 2>$T/err; st=$?
	if [ $st != 1 ] || ! grep -q -- "$pat" $T/err; then
		echo "FAIL: $what: exit $st (124: hung), wanted 1 and '$pat':"; head -c 600 $T/err; fails=$((fails + 1))
	fi
}
al="$XPROJ align --transcript $S/dialogue.conll -o $T/x.jsonl"

# D1: billion laughs in every XML reader: OPUS corpus XML (in text and in
# an attribute), XCES links (plain and streamed through gzip), TV4Dialog
refused "laughs in OPUS text" "laughs-text.xml:14: malformed XML: Detected an entity reference loop" \
	$al --subs $H/laughs-text.xml
refused "laughs in an OPUS attribute" "laughs-attr.xml:14: malformed XML: .*entity" $al --subs $H/laughs-attr.xml
refused "laughs in XCES" "laughs-links.xml:14: malformed XML: .*entity" \
	$al --subs $S/en.xml --tgt-subs $S/fa.xml --links $H/laughs-links.xml
refused "laughs in gzipped XCES" "laughs-links.xml.gz:14: malformed XML: .*entity" \
	$al --subs $S/en.xml --tgt-subs $S/fa.xml --links $H/laughs-links.xml.gz
refused "laughs in TV4Dialog" "S01E01.xml:14: malformed XML: .*entity" \
	$XPROJ align --transcript $H/tv4/S01E01.xml --subs $S/en.srt -o $T/x.jsonl
# libxml2 lets a quadratic blow-up through (one 20 KB entity 20,000 times):
# in an attribute it hung; entity declarations are refused outright
refused "quadratic blow-up" "quadratic.xml:3: declares XML entities (1) in its DOCTYPE: refused" $al --subs $H/quadratic.xml
refused "quadratic blow-up in an attribute" "quadratic-attr.xml:3: declares XML entities (1) in its DOCTYPE" \
	$al --subs $H/quadratic-attr.xml
# an external entity is never read; an external DTD's entity is refused,
# not dropped with its text
refused "an external entity" "xxe.xml:[0-9]*: declares XML entities (1) in its DOCTYPE" $al --subs $H/xxe.xml
refused "an external DTD's entity" "extdtd.xml:3: an entity reference" $al --subs $H/extdtd.xml
[ -e $T/x.jsonl ] && { echo "FAIL: output written after an error"; fails=$((fails + 1)); }

# a streamed XCES file is not size-limited, but a 64 MiB text node in it is
refused "a huge text node in XCES" "spaces-links.xml.gz:1: malformed XML: .*huge text node" \
	$al --subs $S/en.xml --tgt-subs $S/fa.xml --links $H/spaces-links.xml.gz

# D10: a gzip bomb (300 members of 1 MiB of zeros, 308 KB) is refused once
# the document limit (256 MiB) has come out, not after inflating it all;
# through an archive (a gzipped member) the same
refused "gzip bomb as subtitles" "bomb.srt.gz: inflates to more than 268435456 bytes" $al --subs $H/bomb.srt.gz
refused "gzip bomb as OPUS XML" "bomb.xml.gz: inflates to more than 268435456 bytes" $al --subs $H/bomb.xml.gz
if [ -n "$ZIP" ]; then
	refused "gzip bomb in a zip member" "m.srt.gz: inflates to more than 268435456 bytes" $al --subs $H/bomb.zip/m.srt.gz
	refused "an archive cut short" "cut.zip" $al --subs $H/cut.zip
fi

# one line of 600 MiB (two bombs of zeros, no newline) where a streamed
# reader holds a line whole: sentence pairs, a report.  Refused once the
# line passes what a file read whole may hold (512 MiB); before, the line
# grew until memory ran out ("out of memory" under this 1 GB limit, the
# whole machine's memory without one)
cat $H/bomb.srt.gz $H/bomb.srt.gz > $T/line.gz
P=$FIX/project
for c in "wordalign $T/line.gz -o $T/x.pharaoh" \
	"db import $T/line.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/line.gz"; do
	capped 60 $XPROJ $c >$T/out 2>$T/err; st=$?
	[ $st = 1 ] && grep -q "line.gz:1: a line of 536870912 bytes (512 MiB) or more: refused" $T/err ||
		{ echo "FAIL: xproj $c: exit $st:"; head -c 300 $T/err; fails=$((fails + 1)); }
done
[ -e $T/line.db ] && { echo "FAIL: a store made from a refused report"; fails=$((fails + 1)); }

# D4: English UTF-16 without a byte order mark is converted and said so
# (it read as 'valid UTF-8' and aligned nothing), the same as the UTF-8 file
expect_status 0 $al --subs $S/en.srt
cp $T/x.jsonl $T/utf8.jsonl
for e in le be; do
	expect_status 0 $al --subs $H/en.utf16$e.srt
	E=$(echo $e | tr a-z A-Z)
	expect_grep "en.utf16$e.srt: UTF-16$E (detected, confidence [0-9]*), converted to UTF-8" $T/err
	expect_grep "40 aligned (100.0%)" $T/err
done
# one GBK word in UTF-8 Chinese: refused at its line, not read as windows-1252
refused "mixed charsets" "zh.mixed.srt:23: byte 353 is not UTF-8, though the rest of the file is" \
	$al --subs $S/en.srt --tgt-subs $H/zh.mixed.srt --tgt-lang zh
# ... unless the charset is named: then it is that, said as told
expect_status 0 $al --subs $S/en.srt --tgt-subs $H/zh.mixed.srt --tgt-lang zh --tgt-encoding windows-1252
expect_grep "zh.mixed.srt: windows-1252 (as told), converted to UTF-8" $T/err
# NUL bytes that are no UTF-16: refused, at their line
refused "NUL bytes" "nul.srt:3: byte 38 is a NUL" $al --subs $H/nul.srt
# a GB18030 file is still detected, and said with its confidence
iconv -f UTF-8 -t GB18030 $S/zh.srt > $T/zh.gb.srt
expect_status 0 $al --subs $S/en.srt --tgt-subs $T/zh.gb.srt --tgt-lang zh
expect_grep "zh.gb.srt: GB18030 (detected, confidence 100), converted to UTF-8" $T/err

# lines ended by CR alone (classic Mac OS): read as lines, the same target
# as from LF (before: one line, no cue, "none of the 40 utterances aligned")
expect_status 0 $al --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh
cp $T/x.jsonl $T/lf.jsonl
tr '\n' '\r' < $S/en.srt > $T/en.cr.srt
tr '\n' '\r' < $S/zh.srt > $T/zh.cr.srt
expect_status 0 $al --subs $T/en.cr.srt --tgt-subs $T/zh.cr.srt --tgt-lang zh
cmp -s $T/lf.jsonl $T/x.jsonl || { echo "FAIL: CR line ends read otherwise than LF"; fails=$((fails + 1)); }

# line ends mixed in one file (CRLF, LF and CR alone in turn: parts written
# by other editors), CRs doubled before the LF (CRLF converted twice) and a
# byte order mark mid-file (a second file appended): the same target as
# from LF.  Before, CR-ended lines, timing lines among them, were glued into
# the cue above (21 of 40 targets lost), the doubled CR kept every cue's
# number in its text, and the appended file's first cue number in the cue
# above, exit 0 all
awk '{ printf "%s%s", $0, NR % 3 == 0 ? "\r" : NR % 3 == 1 ? "\r\n" : "\n" }' $S/zh.srt > $T/zh.mix.srt
awk '{ printf "%s%s", $0, NR % 3 == 2 ? "\r" : NR % 3 == 0 ? "\r\n" : "\n" }' $S/en.srt > $T/en.mix.srt
expect_status 0 $al --subs $T/en.mix.srt --tgt-subs $T/zh.mix.srt --tgt-lang zh
cmp -s $T/lf.jsonl $T/x.jsonl || { echo "FAIL: mixed line ends read otherwise than LF"; fails=$((fails + 1)); }
awk '{ printf "%s\r\r\n", $0 }' $S/zh.srt > $T/zh.crcrlf.srt
awk '{ printf "%s\r\r\n", $0 }' $S/en.srt > $T/en.crcrlf.srt
expect_status 0 $al --subs $T/en.crcrlf.srt --tgt-subs $T/zh.crcrlf.srt --tgt-lang zh
cmp -s $T/lf.jsonl $T/x.jsonl || { echo "FAIL: CR CR LF line ends read otherwise than LF"; fails=$((fails + 1)); }
{ sed -n '1,40p' $S/zh.srt; printf '\357\273\277'; sed '1,40d' $S/zh.srt; } > $T/zh.bom2.srt
{ sed -n '1,61p' $S/en.srt; printf '\357\273\277'; sed '1,61d' $S/en.srt; } > $T/en.bom2.srt
expect_status 0 $al --subs $T/en.bom2.srt --tgt-subs $T/zh.bom2.srt --tgt-lang zh
cmp -s $T/lf.jsonl $T/x.jsonl || { echo "FAIL: a byte order mark mid-file read as text"; fails=$((fails + 1)); }

# a timing line whose times are none (a minute past 59, a minus) or that
# ends before it starts: refused at its line.  Before, the first was read
# as text (the cue's lines went into the cue before, with its times), the
# second left its utterance without a target; exit 0 both
sed '6s/^00:00:04,000/00:75:04,000/' $S/en.srt > $T/m75.srt
sed '2s/^00:00:01,000/-00:00:01,000/' $S/en.srt > $T/neg.srt
sed '6s/^00:00:04,000 --> 00:00:06,400/00:00:06,400 --> 00:00:04,000/' $S/en.srt > $T/rev.srt
refused "a minute past 59" "m75.srt:6: '00:75:04,000 --> 00:00:06,400': a time that is none" \
	$al --subs $T/m75.srt --tgt-subs $S/zh.srt --tgt-lang zh
refused "a minus" "neg.srt:2: '-00:00:01,000 --> 00:00:03,500': a time that is none" \
	$al --subs $T/neg.srt --tgt-subs $S/zh.srt --tgt-lang zh
refused "a cue ending before it starts" "rev.srt:6: '00:00:06,400 --> 00:00:04,000': the cue ends before it starts" \
	$al --subs $S/en.srt --tgt-subs $T/rev.srt --tgt-lang zh
# cues out of time order (two of TV4Dialog's files hold two episodes, the
# second's clock restarting).  A cue out of place is moved into time order,
# said: the same aligned corpus as the file in order (before: an utterance
# unaligned, another's target lost).  A file whose times restart is read in
# file order, the later part's times counted on from the earlier's end: each
# part's target pairs with its own part (before: the second part's target
# cues went to the first part's utterances, 41 of 80 targets empty)
expect_status 0 $al --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh
cp $T/x.jsonl $T/ordered.jsonl
expect_status 0 $al --subs $FIX/subs/cue-out-of-place.srt --tgt-subs $S/zh.srt --tgt-lang zh
cmp -s $T/ordered.jsonl $T/x.jsonl || { echo "FAIL: a cue out of place changed the aligned corpus"; fails=$((fails + 1)); }
expect_grep "cue-out-of-place.srt:176: a cue out of time order: 1 cue out of place moved into time order" $T/err
{ cat $S/zh.srt; echo; cat $S/zh.srt; } > $T/zh2.srt
{ cat $S/dialogue.conll; sed 's/s01e01c0\([0-9]\)x/s01e01c1\1x/' $S/dialogue.conll; } > $T/two.conll
expect_status 0 $XPROJ align --transcript $T/two.conll --subs $FIX/subs/two-parts.srt --tgt-subs $T/zh2.srt \
	--tgt-lang zh -o $T/x.jsonl
expect_grep "two-parts.srt:180: a cue out of time order: the times restart (a later part in the same file?): read in file order, the restart's 00:00:01,000 counted on from 00:01:45,400" $T/err
expect_grep "zh2.srt:160: a cue out of time order: the times restart" $T/err
expect_grep "80 utterances, 80 aligned (100.0%), 2 with an empty target" $T/err
# (each utterance of the second part has its first-part twin's target)
sed 's/.*"tgt_text":\("[^"]*"\).*/\1/' $T/x.jsonl > $T/tgts
expect_eq "$(head -40 $T/tgts | cksum)" "$(tail -40 $T/tgts | cksum)" "two parts: each part's own targets"
# a chunk of cues pasted twice mid-file (the same times and text; ripped
# subtitles): the copy dropped, said, the same aligned corpus as without
# it.  Before, read as a restart: every later cue's time shifted, 15 of 40
# utterances left with an empty target.  A later part that begins as the
# first did (its theme song's cue) and goes on at its own times is still a
# restart, nothing dropped.
expect_status 0 $al --subs $FIX/subs/dup-chunk.srt --tgt-subs $S/zh.srt --tgt-lang zh
cmp -s $T/ordered.jsonl $T/x.jsonl || { echo "FAIL: a pasted chunk of English cues changed the aligned corpus"; fails=$((fails + 1)); }
expect_grep "dup-chunk.srt:103: 6 cues repeating earlier ones (the same times and text as from line 79 on" $T/err
awk -v RS= '{ b[NR] = $0 } END { for (i = 1; i <= NR; i++) { print b[i] "\n"; if (i == 25) for (k = 20; k <= 25; k++) print b[k] "\n" } }' \
	$S/zh.srt > $T/zhdup.srt
expect_status 0 $al --subs $S/en.srt --tgt-subs $T/zhdup.srt --tgt-lang zh
cmp -s $T/ordered.jsonl $T/x.jsonl || { echo "FAIL: a pasted chunk of target cues changed the aligned corpus"; fails=$((fails + 1)); }
expect_grep "zhdup.srt:103: 6 cues repeating earlier ones" $T/err
grep -q "times restart" $T/err && { echo "FAIL: a pasted chunk read as a restart"; fails=$((fails + 1)); }
# (one cue written twice in a row: its text went twice into its target)
awk -v RS= '{ b[NR] = $0 } END { for (i = 1; i <= NR; i++) { print b[i] "\n"; if (i == 5) print b[5] "\n" } }' \
	$S/zh.srt > $T/zhdup1.srt
expect_status 0 $al --subs $S/en.srt --tgt-subs $T/zhdup1.srt --tgt-lang zh
cmp -s $T/ordered.jsonl $T/x.jsonl || { echo "FAIL: a cue written twice changed the aligned corpus"; fails=$((fails + 1)); }
expect_grep "zhdup1.srt:22: 1 cue repeating earlier ones" $T/err
{ cat $S/zh.srt; echo; awk -v RS= 'NR == 1 { print $0 "\n"; next } { n = split($0, l, "\n"); for (i = 1; i <= n; i++) print (i > 2 ? "二" : "") l[i]; print "" }' $S/zh.srt; } > $T/zh2b.srt
expect_status 0 $XPROJ align --transcript $T/two.conll --subs $FIX/subs/two-parts.srt --tgt-subs $T/zh2b.srt \
	--tgt-lang zh -o $T/x.jsonl
expect_grep "zh2b.srt:160: a cue out of time order: the times restart" $T/err
grep -q "repeating" $T/err && { echo "FAIL: a later part beginning as the first did read as a copy"; fails=$((fails + 1)); }
expect_grep "80 utterances, 80 aligned (100.0%), 2 with an empty target" $T/err
# more restarts than one episode's file holds: refused at the 17th's line
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do cat $S/en.srt; echo; done > $T/parts18.srt
refused "18 parts in one file" "parts18.srt:3028: the cues' times restart more than 16 times" \
	$al --subs $T/parts18.srt --tgt-subs $S/zh.srt --tgt-lang zh

# a target cue spread over many utterances' lines, none holding a quarter
# of its time (a credits cue of ten minutes): left unpaired, said, the rest
# as without it.  Before, glued whole into one utterance's target, exit 0.
# A cue merged from four lines (translators merge short ones) still pairs.
{ printf '900\n00:00:00,000 --> 00:10:00,000\n字幕制作：某某字幕组  翻译校对：某某\n\n'; cat $S/zh.srt; } > $T/credits.srt
expect_status 0 $al --subs $S/en.srt --tgt-subs $T/credits.srt --tgt-lang zh --episode-pairs $T/ep.pairs
grep -q "字 *幕" $T/ep.pairs && { echo "FAIL: --episode-pairs: the credits cue paired"; fails=$((fails + 1)); }
cmp -s $T/ordered.jsonl $T/x.jsonl || { echo "FAIL: a credits cue changed the aligned corpus"; fails=$((fails + 1)); }
expect_grep "credits.srt:2: 1 target cue spread over the lines of several utterances, none of which holds a quarter of it" $T/err
expect_status 0 $XPROJ pipeline --config $S/zh.conf --subs $S/en.srt --tgt-subs $T/credits.srt --no-db -o $T/pc
expect_grep "credits.srt:2: 1 target cue spread" $T/err
grep -q "字 *幕" $T/pc/aligned.jsonl $T/pc/pairs.txt && { echo "FAIL: pipeline: the credits cue in an output or the pairs"; fails=$((fails + 1)); }
awk 'NR <= 15 { if ($0 ~ /-->/) { n++; if (n == 1) a = $1; b = $3; next } if ($0 ~ /^[0-9]+$/ || $0 == "") next; t = t $0 } END { print "1\n" a " --> " b "\n" t "\n" }' $S/zh.srt > $T/merged.srt
sed -n '17,$p' $S/zh.srt >> $T/merged.srt
expect_status 0 $al --subs $S/en.srt --tgt-subs $T/merged.srt --tgt-lang zh
grep -q "spread over" $T/err && { echo "FAIL: a cue of four lines left unpaired"; cat $T/err; fails=$((fails + 1)); }

# (a line with an arrow between words is text, as before)
sed '7s/$/ --> later/' $S/en.srt > $T/arrow.srt
expect_status 0 $al --subs $T/arrow.srt --tgt-subs $S/zh.srt --tgt-lang zh
expect_grep "40 aligned" $T/err

# truncated and empty inputs: refused with the file named
refused "subtitles cut mid-block" "" $al --subs $H/cut.srt.gz
expect_grep "cut.srt.gz: truncated gzip stream" $T/err
refused "OPUS XML cut mid-element" "cut.xml:[0-9]*: malformed XML" $al --subs $H/cut.xml
refused "XCES cut mid-element" "cut-links.xml:[0-9]*: malformed XML" \
	$al --subs $S/en.xml --tgt-subs $S/fa.xml --links $H/cut-links.xml

# D12: README's path through an archive (OPUS ships zips), and a member
# named without its .gz; the same aligned corpus as the file unpacked
expect_status 0 $al --subs $A/en.zip/OpenSubtitles/xml/en/2020/9000002/1002.xml --allow-empty   # another episode: nothing aligns
expect_grep "1 episode(s) (0 without subtitles), 40 utterances" $T/err
expect_status 0 $al --subs $S/en.xml --tgt-subs $S/fa.xml --tgt-lang fa
cp $T/x.jsonl $T/plain.jsonl
expect_status 0 $al --subs $A/en.zip/OpenSubtitles/xml/en/2020/9000001/1001.xml \
	--tgt-subs $A/fa.zip/OpenSubtitles/xml/fa/2020/9000001/2001.xml --tgt-lang fa
cmp -s $T/x.jsonl $T/plain.jsonl || { echo "FAIL: the member through en.zip/... aligned otherwise than the file"; fails=$((fails + 1)); }
refused "no such member" "no member OpenSubtitles/none.xml in" $al --subs $A/en.zip/OpenSubtitles/none.xml

# fuzz_api finds the sample wherever it is started (it fuzzed nothing,
# without a word, outside the repository's root), and says so when it cannot
B=${BUILD:-build}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
if [ -x $B/tests/replay_fuzz_api ]; then
	here=$(pwd)
	(cd $T && capped 60 $B/tests/replay_fuzz_api "$here/$FIX/api") >$T/out 2>$T/err; st=$?
	expect_eq "$st" 0 "fuzz_api started outside the repository"
	cp $B/tests/replay_fuzz_api $T/lost
	(cd $T && capped 60 ./lost "$here/$FIX/api") >$T/out 2>$T/err; st=$?
	expect_eq "$st" 1 "fuzz_api without its sample: exit status"
	expect_grep "fuzz_api setup: tools/sample/dialogue.conll:0: not found" $T/err
fi
# a word "|||" (a transcript's token, a spaced language's subtitle text):
# the bitext writes it "||_", one separator a line.  Before, written as
# is: every reader split the line there, the words after it the target's,
# and every link of the line pointed two words off, exit 0
$XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh -o $T/bar.jsonl 2>/dev/null
sed '1s/"src":\["Leo",",","did","you","bring","the","cake"/"src":["Leo",",","did","you","bring","the","|||"/; 2s/"tgt":\["放"/"tgt":["a|||b","放"/' $T/bar.jsonl > $T/bar2.jsonl
expect_status 0 $XPROJ bitext $T/bar2.jsonl -o $T/bar.pairs
expect_grep '^Leo , did you bring the ||_ ? ||| 里 奥' $T/bar.pairs
expect_grep '^I left it in the car . ||| a||_b 放' $T/bar.pairs
expect_eq "$(grep -c '|||.*|||' $T/bar.pairs)" 0 "lines with a second separator"
finish
