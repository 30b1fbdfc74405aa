# Gender in projection on mmc-tune (README "score --by"): the English gold's
# he/she pronouns projected onto MMC's Chinese text (pair -> bitext ->
# wordalign on tune + MMC dev pairs -> project, as tests/data/quality.sh),
# their projection rates from the report, then the projection scored
# against the corrected Chinese by gender (GAP's Bias).  About 10 s.
# Measured at 8beb381 (aligner and language rules of then): masculine 33 of
# 44 projected, feminine 42 of 50; Bias 1.0363 (p-link), 1.1065 (mentions).
set -eu
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
TUNE=$DATA/mmc-tune; EN=$TUNE/tune.english.v4_gold_conll
$XPROJ pair --source $DATA/mmc/dev.english.v4_gold_conll --target $DATA/mmc/dev.chinese.v4_gold_conll \
	--lang zh --tokens words -o $T/dev.jsonl 2>/dev/null
$XPROJ bitext $T/dev.jsonl -o $T/dev.pairs 2>/dev/null
$XPROJ pair --source $EN --target $TUNE/tune.chinese.silver.v4_gold_conll --lang zh --tokens words \
	-o $T/zh.jsonl 2>/dev/null
$XPROJ bitext $T/zh.jsonl -o $T/zh.pairs --map $T/zh.map 2>/dev/null
n=$(wc -l < $T/zh.pairs)
cat $T/zh.pairs $T/dev.pairs > $T/all.pairs
$XPROJ wordalign --lowercase --threads 2 $T/all.pairs -o $T/all.pharaoh --probs $T/all.probs 2>/dev/null
head -n $n $T/all.pharaoh > $T/zh.pharaoh; head -n $n $T/all.probs > $T/zh.probs
$XPROJ project --source $EN --aligned $T/zh.jsonl --alignments $T/zh.pharaoh --probs $T/zh.probs \
	--map $T/zh.map --chars --skip-articles -o $T/zh.conll --report $T/zh.json 2>$T/err
grep 'English pronouns projected' $T/err
bias=$($XPROJ score --chars --by gender $TUNE/tune.chinese.corrected.v4_gold_conll $T/zh.conll 2>/dev/null |
	sed -n 's/^Bias .*p-link \([0-9.n/a]*\), mentions \([0-9.n/a]*\)$/\1 \2/p')
echo "projection vs corrected, zh: Bias p-link, mentions = $bias"
# the report says what the summary says; the English gold has 44 he and 50
# she pronouns on mmc-tune, whatever the aligner does
line=$(grep 'English pronouns projected' $T/err)
set -- $(echo "$line" | sed 's/[^0-9 ]/ /g')   # pm m r r pf f r r (a rate is two numbers)
[ "$2" = 44 ] && [ "$6" = 50 ] || { echo "MISMATCH: wanted 44 masculine and 50 feminine pronouns"; exit 1; }
grep -q "\"gender\":{\"masculine\":{\"mentions\":$2,\"projected\":$1,.*\"feminine\":{\"mentions\":$6,\"projected\":$5," $T/zh.json ||
	{ echo "MISMATCH: the report's gender counts are not the summary's"; exit 1; }
