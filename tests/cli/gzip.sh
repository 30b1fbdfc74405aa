# A truncated gzip input is an error in every input slot of every command
# (the shared reader checks that the stream ended), never a shorter input.
. tests/cli/lib
P=$FIX/project
S=tools/sample
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
$XPROJ bitext $P/aligned.jsonl -o $T/pairs.txt 2>/dev/null
printf '%s\n' 'the cat ||| 猫' > $T/tiny.txt
printf '%s\n' 'mention_id,alignment' 'd|1,"[[true]]"' > $T/tasa.csv

# cut FILE NAME: NAME.gz holds the gzip of FILE without its last 20 bytes
# (a stream cut inside; for a small file, inside its last block)
cut() {
	gzip -c < "$1" > $T/full.gz
	n=$(wc -c < $T/full.gz)
	head -c $((n - 20)) $T/full.gz > $T/$2.gz
}
# truncated WHAT CMD... : CMD must fail and say the stream is truncated
truncated() {
	what=$1; shift
	"$@" >$T/out 2>$T/err; st=$?
	if [ $st != 1 ] || ! grep -q 'truncated gzip stream' $T/err; then
		echo "FAIL: $what: exit $st, wanted 1 and 'truncated gzip stream':"; cat $T/err; fails=$((fails + 1))
	fi
}

cut $P/en.conll en; cut $P/aligned.jsonl al; cut $P/pairs.pharaoh ph; cut $P/pairs.probs pr
cut $T/r.json rep; cut $T/pairs.txt pairs; cut $FIX/db/corrections.json mmc; cut $T/tasa.csv tasa
cut $FIX/subs/bilingual.srt srt; cut $FIX/transcript/S01E01.xml tr; cut $FIX/opus/en-zh.xml links
cut $FIX/config/good.conf conf; cut $S/dialogue.conll dia

# the documents cut at a document boundary: once read as fewer documents, exit 0
$XPROJ convert $S/dialogue.conll $T/two.conll 2>/dev/null
gzip -c $T/two.conll > $T/two.conll.gz
n=$(wc -c < $T/two.conll.gz)
head -c $((n / 2)) $T/two.conll.gz > $T/half.conll.gz
truncated "stats, half a stream" $XPROJ stats $T/half.conll.gz
truncated "validate, half a stream" $XPROJ validate $T/half.conll.gz
# three bytes of gzip are not an empty file
head -c 3 $T/two.conll.gz > $T/three.conll.gz
truncated "stats, three bytes" $XPROJ stats $T/three.conll.gz

truncated stats $XPROJ stats $T/en.gz
truncated validate $XPROJ validate $T/en.gz
truncated convert $XPROJ convert $T/en.gz $T/o.jsonlines
truncated "score key" $XPROJ score $T/en.gz $P/en.conll
truncated "score response" $XPROJ score $P/en.conll $T/en.gz
truncated bitext $XPROJ bitext $T/al.gz -o $T/o.txt
truncated wordalign $XPROJ wordalign $T/pairs.gz -o $T/o.pharaoh
truncated "wordalign --train" $XPROJ wordalign $T/pairs.txt --train $T/pairs.gz -o $T/o.pharaoh
truncated "check-align bitext" $XPROJ check-align --bitext $T/pairs.gz $P/pairs.pharaoh
truncated "check-align alignment" $XPROJ check-align --bitext $T/pairs.txt $T/ph.gz
truncated "check-align probs" $XPROJ check-align --bitext $T/pairs.txt --probs $T/pr.gz $P/pairs.pharaoh
truncated "symmetrize forward" $XPROJ symmetrize $T/ph.gz $P/pairs.pharaoh
truncated "symmetrize reverse" $XPROJ symmetrize $P/pairs.pharaoh $T/ph.gz
truncated "aer gold" $XPROJ aer --gold $T/ph.gz $P/pairs.pharaoh
truncated "aer test" $XPROJ aer --gold $P/pairs.pharaoh $T/ph.gz
truncated "align transcript" $XPROJ align --transcript $T/tr.gz --subs $FIX/subs/bilingual.srt -o $T/o.jsonl
truncated "align subs" $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $T/srt.gz -o $T/o.jsonl
truncated "align tgt-subs" $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/subs/bilingual.srt \
	--tgt-subs $T/srt.gz -o $T/o.jsonl
truncated "align links" $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/opus/en.xml \
	--tgt-subs $FIX/opus/zh.xml --links $T/links.gz -o $T/o.jsonl
pj() { $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh "$@" -o $T/o.conll; }
truncated "project source" $XPROJ project --source $T/en.gz --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh -o $T/o.conll
truncated "project aligned" $XPROJ project --source $P/en.conll --aligned $T/al.gz --alignments $P/pairs.pharaoh -o $T/o.conll
truncated "project alignments" $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $T/ph.gz -o $T/o.conll
truncated "project probs" pj --probs $T/pr.gz
$XPROJ bitext $P/aligned.jsonl -o $T/p2.txt --map $T/map 2>/dev/null; cut $T/map map
truncated "project map" pj --map $T/map.gz

# Concatenated members (gzip allows them) read as one file, also from stdin;
# anything after the last member, a bad CRC or length is an error with the
# byte, in the whole-file readers and the two streamed ones (the bitext, the
# OPUS links): never the gzip part read as if it were all.
G=$FIX/gz
expect_status 0 $XPROJ stats $G/two-members.conll.gz
expect_grep 'two-members.conll.gz  *2  *6  *26 ' $T/out
$XPROJ stats - < $G/two-members.conll.gz >$T/out 2>&1
expect_grep '^-  *2  *6  *26 ' $T/out
# bad WHAT MESSAGE CMD... : CMD must fail with MESSAGE
bad() {
	what=$1 msg=$2; shift 2
	"$@" >$T/out 2>$T/err; st=$?
	if [ $st != 1 ] || ! grep -qF -- "$msg" $T/err; then
		echo "FAIL: $what: exit $st, wanted 1 and '$msg':"; cat $T/err; fails=$((fails + 1))
	fi
}
bad "stats, garbage" "garbage.conll.gz: trailing data after the gzip stream at byte 150" $XPROJ stats $G/garbage.conll.gz
bad "stats, zeros" "trailing data after the gzip stream at byte 150" $XPROJ stats $G/zero-padded.conll.gz
bad "stats, crc" "bad-crc.conll.gz: corrupt gzip stream at byte 146" $XPROJ stats $G/bad-crc.conll.gz
bad "stats, length" "incorrect length check" $XPROJ stats $G/bad-length.conll.gz
bad "stats, second member cut" "truncated gzip stream" $XPROJ stats $G/truncated-second.conll.gz
gzip -c $T/pairs.txt > $T/pg.gz; echo 'more ||| 更多' >> $T/pg.gz
bad "wordalign, garbage" "pg.gz: trailing data after the gzip stream" $XPROJ wordalign $T/pg.gz -o $T/o.pharaoh
gzip -c $FIX/opus/en-zh.xml > $T/lg.gz; printf '\n\n' >> $T/lg.gz
bad "align links, garbage" "lg.gz: trailing data after the gzip stream" $XPROJ align --transcript $FIX/transcript/S01E01.xml \
	--subs $FIX/opus/en.xml --tgt-subs $FIX/opus/zh.xml --links $T/lg.gz -o $T/o.jsonl

D=$T/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
before=$($XPROJ db log $D | wc -l)
truncated "db import source" $XPROJ db import $D --source $T/en.gz --aligned $P/aligned.jsonl --report $T/r.json
truncated "db import aligned" $XPROJ db import $D --source $P/en.conll --aligned $T/al.gz --report $T/r.json
truncated "db import report" $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/rep.gz
truncated "db import-corrections mmc" $XPROJ db import-corrections $D $T/mmc.gz --format mmc
truncated "db import-corrections tasa" $XPROJ db import-corrections $D $T/tasa.gz --format tasa
expect_eq "$($XPROJ db log $D | wc -l)" "$before" "the store after the refused imports"

pl() { $XPROJ pipeline --quiet --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt "$@" -o $T/pl; }
truncated "pipeline source" $XPROJ pipeline --source $T/dia.gz --subs $S/en.srt --tgt-subs $S/zh.srt -o $T/pl
cut $S/en.srt ensrt; cut $S/zh.srt zhsrt; cut $S/zh.pharaoh zhph
truncated "pipeline subs" $XPROJ pipeline --source $S/dialogue.conll --subs $T/ensrt.gz --tgt-subs $S/zh.srt -o $T/pl
truncated "pipeline tgt-subs" $XPROJ pipeline --quiet --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $T/zhsrt.gz -o $T/pl
truncated "pipeline alignments" pl --alignments $T/zhph.gz
truncated "pipeline config" pl --config $T/conf.gz
[ -e $T/pl/projected.conll ] && { echo "FAIL: a refused pipeline wrote outputs"; fails=$((fails + 1)); }
finish
