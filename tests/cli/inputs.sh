# Subtitles as they come: OPUS as it ships (several documents' groups in one
# XCES file, zip archives, the corpus layout, an episode map), any charset,
# ASS, translators' notes and other asides; the options through align,
# pipeline and config files.  The sample's projection with hand alignments
# (tools/sample/expected.*.conll) must come out of every route unchanged.
. tests/cli/lib
S=tools/sample
A=$FIX/archive
same_fa() { # DIR WHAT
	cmp -s "$1/projected.conll" $S/expected.fa.conll || { echo "FAIL: $2: fa projection differs"; fails=$((fails + 1)); }
}
same_zh() {
	cmp -s "$1/projected.conll" $S/expected.zh.conll || { echo "FAIL: $2: zh projection differs"; fails=$((fails + 1)); }
}
fa_run() { # OUT extra options...
	out=$1; shift
	expect_status 0 $XPROJ pipeline --source $S/dialogue.conll --tgt-lang fa --alignments $S/fa.pharaoh --no-db --no-prodrop "$@" -o $out
}

# The issue's case: another film's <linkGrp> (whose links would pair every
# sentence with the wrong one) added before the sample's changes nothing.
{
	sed -n 1,2p $S/en-fa.xml
	echo '<linkGrp targType="s" fromDoc="en/other/en.xml" toDoc="fa/other/fa.xml">'
	for i in $(seq 1 42); do echo "<link xtargets=\"$i;$((43 - i))\" />"; done
	echo '</linkGrp>'
	sed -n '3,$p' $S/en-fa.xml
} > $T/en-fa.xml
fa_run $T/one --subs $S/en.xml --tgt-subs $S/fa.xml --links $S/en-fa.xml
fa_run $T/two --subs $S/en.xml --tgt-subs $S/fa.xml --links $T/en-fa.xml
same_fa $T/two "an unrelated linkGrp"
cmp -s $T/one/aligned.jsonl $T/two/aligned.jsonl || { echo "FAIL: an unrelated linkGrp changed the aligned corpus"; fails=$((fails + 1)); }

# a file with no group for the episode's documents is an error, not another film's links
sed '/fromDoc="en\/sample/,/<\/linkGrp>/d' $T/en-fa.xml > $T/other.xml
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.xml --tgt-subs $S/fa.xml --links $T/other.xml -o $T/x.jsonl
expect_grep "other.xml: no <linkGrp> from $S/en.xml to $S/fa.xml (its 1 group(s) are for other documents" $T/err
[ -e $T/x.jsonl ] && { echo "FAIL: output written after an error"; fails=$((fails + 1)); }

# OPUS as it ships: en.zip and fa.zip (OpenSubtitles/xml/LANG/YEAR/IMDBID/ID.xml[.gz]),
# the alignment file of both episodes, and a map naming the episode by IMDb id
fa_run $T/zip --subs $A/en.zip --tgt-subs $A/fa.zip --links $A/en-fa.xml.gz --episodes $A/episodes.tsv
same_fa $T/zip "zip archives with an episode map"
cmp -s $T/one/aligned.jsonl $T/zip/aligned.jsonl || { echo "FAIL: the archives gave another aligned corpus"; fails=$((fails + 1)); }

# the same tree unpacked (the English gzipped, as OPUS has it), named by file
mkdir -p $T/opus/xml/en/2020/9000001 $T/opus/xml/fa/2020/9000001
gzip -c $S/en.xml > $T/opus/xml/en/2020/9000001/1001.xml.gz
cp $S/fa.xml $T/opus/xml/fa/2020/9000001/2001.xml
printf 'en/2020/9000001/1001.xml.gz\tS01E01\n' > $T/map.tsv
fa_run $T/tree --subs $T/opus/xml/en --tgt-subs $T/opus/xml/fa --links $A/en-fa.xml.gz --episodes $T/map.tsv
same_fa $T/tree "an OPUS directory tree"

# an episode the map names wrongly is reported and gets no target
printf 'tt123\tS01E01\n' > $T/bad.tsv
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $A/en.zip --episodes $T/bad.tsv --allow-empty -o $T/x.jsonl
expect_grep 'episode S01E01: IMDb id 123 (.*bad.tsv:1) names no subtitle file' $T/err
expect_grep 'no subtitles for episode S01E01' $T/err
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.xml --episodes $T/bad.tsv -o $T/x.jsonl
expect_grep 'with an episode map, subtitles are a directory or a zip archive' $T/err

# a gzipped map cut short is an error, not fewer episodes
gzip -c $A/episodes.tsv | head -c 40 > $T/cut.tsv.gz
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $A/en.zip --episodes $T/cut.tsv.gz -o $T/x.jsonl
expect_grep 'cut.tsv.gz: truncated gzip stream' $T/err

# the options from a config file
cat > $T/align.conf <<CONF
transcript = $S/dialogue.conll
subs = $A/en.zip
tgt-subs = $A/fa.zip
links = $A/en-fa.xml.gz
episodes = $A/episodes.tsv
tgt-lang = fa
CONF
expect_status 0 $XPROJ align --config $T/align.conf -o $T/conf.jsonl
cmp -s $T/one/aligned.jsonl $T/conf.jsonl || { echo "FAIL: align --config gave another aligned corpus"; fails=$((fails + 1)); }

# Chinese subtitles in GB18030 and UTF-16, and as ASS: the same projection
zh_run() { # OUT TGT extra options...
	out=$1 tgt=$2; shift 2
	expect_status 0 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $tgt \
		--alignments $S/zh.pharaoh --no-db "$@" -o $out
}
iconv -f UTF-8 -t GB18030 $S/zh.srt > $T/zh.gb.srt
zh_run $T/gb $T/zh.gb.srt
same_zh $T/gb "GB18030"
expect_grep "zh.gb.srt: GB18030 (detected, confidence [0-9]*), converted to UTF-8" $T/err
iconv -f UTF-8 -t UTF-16 $S/zh.srt > $T/zh.u16.srt
zh_run $T/u16 $T/zh.u16.srt
same_zh $T/u16 "UTF-16"
zh_run $T/gbt $T/zh.gb.srt --tgt-encoding gb18030
same_zh $T/gbt "GB18030 as told"
expect_grep "GB18030 (as told)\|gb18030 (as told)" $T/err
expect_status 1 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $T/zh.gb.srt --tgt-encoding UTF-8 --no-db -o $T/bad
expect_grep "zh.gb.srt:3: byte [0-9]* is not UTF-8" $T/err
# SRT to ASS: a Dialogue line per block, its lines joined by \N
awk 'BEGIN { print "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text" }
	function t(s) { sub(/^0/, "", s); sub(/,/, ".", s); return substr(s, 1, length(s) - 1) }
	/-->/ { a = t($1); b = t($3); text = ""; next }
	/^$/ { if (a != "") print "Dialogue: 0," a "," b ",Default,,0,0,0,,{\\an2}" text; a = ""; next }
	!/^[0-9]+$/ || a != "" { text = text (text == "" ? "" : "\\N") $0 }
	END { if (a != "") print "Dialogue: 0," a "," b ",Default,,0,0,0,," text }' $S/zh.srt > $T/zh.ass
zh_run $T/ass $T/zh.ass
same_zh $T/ass "ASS"

# Traditional Chinese in Big5, made Simplified
awk '/-->/ { print; getline; print "line " ++n; next } { print }' $FIX/charset/zht.utf8.srt > $T/en.srt
awk '/^line/ { printf "ep\t%d\tA\t%s\n", ++n, $0 }' $T/en.srt > $T/t.tsv
expect_status 0 $XPROJ align --transcript $T/t.tsv --subs $T/en.srt --tgt-subs $FIX/charset/zht.big5.srt --to-simplified -o $T/t.jsonl
expect_grep 'zht.big5.srt: Big5 (detected' $T/err
expect_grep '"tgt_text":"嘿，大家好，我错过了什么？"' $T/t.jsonl

# asides: removed and counted by default, kept when asked
expect_status 0 $XPROJ align --transcript $T/t.tsv --subs $FIX/subs/asides.srt --allow-empty -o $T/a.jsonl
expect_grep "removed 3 translators' notes, 2 lines' song markers, 5 hearing-impaired cues" $T/err
expect_status 0 $XPROJ align --transcript $T/t.tsv --subs $FIX/subs/asides.srt --keep-asides --allow-empty -o $T/a.jsonl
grep -q removed $T/err && { echo "FAIL: --keep-asides removed something"; fails=$((fails + 1)); }
finish
