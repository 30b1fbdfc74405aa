# Corrections derived from MMC's corrected Friends scenes (mmc-tune): the
# tune English projected onto MMC's own Chinese and Farsi text (xproj pair
# -> bitext -> wordalign -> project, as bench/quality.sh does, with less
# extra training data to stay within the time of check-data), imported into
# a store, the corrected files imported as corrections (`db
# import-corrections`), the corrected view exported and scored against the
# corrected file.  The view must come back within 0.5 F1 of it, no sentence
# may be skipped, and the view imported again must derive no edit.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
TUNE=$DATA/mmc-tune
EN=$TUNE/tune.english.v4_gold_conll
bad=0

f1() { awk -v w="$1" '$1==w {v=$NF} END {sub("%", "", v); print v}' "$2"; }

run() {   # run LANG NAME PAIR_OPTS PROJECT_OPTS EXTRA
	l=$1 name=$2
	key=$TUNE/tune.$name.corrected.v4_gold_conll
	$XPROJ pair --source $EN --target $TUNE/tune.$name.silver.v4_gold_conll --lang $l $3 -o $T/$l.jsonl 2>/dev/null &&
	$XPROJ bitext $T/$l.jsonl -o $T/$l.pairs --map $T/$l.map 2>/dev/null &&
	cat $T/$l.pairs $5 > $T/$l.all &&
	$XPROJ wordalign --lowercase --threads 2 --seed 1 $T/$l.all -o $T/$l.all.a --probs $T/$l.all.p 2>/dev/null || return 1
	n=$(wc -l < $T/$l.pairs)
	head -n $n $T/$l.all.a > $T/$l.a; head -n $n $T/$l.all.p > $T/$l.p
	$XPROJ project --source $EN --aligned $T/$l.jsonl --alignments $T/$l.a --probs $T/$l.p --map $T/$l.map $4 \
		-o $T/$l.silver.conll --report $T/$l.report.json 2>/dev/null &&
	$XPROJ db import $T/$l.db --source $EN --aligned $T/$l.jsonl --report $T/$l.report.json --lang $l >/dev/null &&
	$XPROJ db import-corrections $T/$l.db $key > $T/$l.derive &&
	$XPROJ db export $T/$l.db -o $T/$l.view.conll --jsonlines $T/$l.view.jsonlines >/dev/null || return 1
	c=; [ $l = zh ] && c=--chars   # the corrected Chinese is word-segmented, the run on characters
	$XPROJ score $c $key $T/$l.view.conll > $T/$l.score && $XPROJ score $c $key $T/$l.silver.conll > $T/$l.silver.score || return 1
	echo "  $l: $(sed -n 1p $T/$l.derive | sed 's/^batch 1: //')"
	echo "  $l: $(sed -n 2p $T/$l.derive)"
	echo "  $l: corrected view against the corrected file: mention F1 $(f1 mentions $T/$l.score), CoNLL F1 $(f1 conll $T/$l.score) (the projection itself: $(f1 mentions $T/$l.silver.score), $(f1 conll $T/$l.silver.score))"
	sed -n '3,$p' $T/$l.derive | sed 's/^ */    /'
	awk -v m="$(f1 mentions $T/$l.score)" -v c="$(f1 conll $T/$l.score)" 'BEGIN { exit !(m >= 99.5 && c >= 99.5) }' ||
		{ echo "  $l: the corrected view is more than 0.5 F1 from the corrected file"; bad=1; }
	grep -q ' 0 skipped (text not the run.s), 0 not in the run' $T/$l.derive || { echo "  $l: sentences skipped"; bad=1; }
	# the view imported again changes nothing
	$XPROJ db import-corrections $T/$l.db $T/$l.view.jsonlines > $T/$l.again || return 1
	grep -q ' 0 additions, 0 deletions, 0 modifications' $T/$l.again || { echo "  $l: the view imported again: $(head -1 $T/$l.again)"; bad=1; }
}

zcat $DATA/bitext/zh-en.tv4dialog.94k.pairs.gz | head -n 20000 > $T/zh.extra
run zh chinese "--tokens words" "--chars --skip-articles" $T/zh.extra || { echo "zh: a command failed"; bad=1; }
$XPROJ pair --source $DATA/mmc/dev.english.v4_gold_conll --target $DATA/mmc/dev.farsi.v4_gold_conll -o $T/fa-dev.jsonl 2>/dev/null &&
$XPROJ bitext $T/fa-dev.jsonl -o $T/fa.extra 2>/dev/null &&
run fa farsi "" "--prodrop --skip-articles" $T/fa.extra || { echo "fa: a command failed"; bad=1; }
exit $bad
